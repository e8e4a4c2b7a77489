// CRC-32C as SSE4.2's crc32q instruction computes it: the hash of AnchorHash's reference
// (cpp-anchorhash) and of DxHash's, which took it from AnchorHash's code.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace ringlab {

namespace crc32c_detail {

// CRC-32C's tables for eight bytes at a time (Castagnoli's polynomial, reflected: 0x82F63B78):
// table k takes a byte through the CRC and then through k zero bytes, so a word's eight bytes
// are eight independent lookups, XORed, instead of eight lookups each waiting for the last.
// Table 0 is the byte table.
constexpr std::array<std::array<std::uint32_t, 256>, 8> tables() {
  std::array<std::array<std::uint32_t, 256>, 8> t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0x82F63B78u & (0u - (c & 1)));
    t[0][i] = c;
  }
  for (std::size_t k = 1; k < 8; ++k)
    for (std::uint32_t i = 0; i < 256; ++i) t[k][i] = (t[k - 1][i] >> 8) ^ t[0][t[k - 1][i] & 0xFF];
  return t;
}
inline constexpr std::array<std::array<std::uint32_t, 256>, 8> kTables = tables();

}  // namespace crc32c_detail

// The CRC-32C of data's 8 bytes, little-endian, from crc: what crc32q computes with crc as the
// low 32 bits of its destination. No inversion before or after, so it is linear: a zero word from
// a zero crc is 0. WebAssembly has no such instruction, and tables give the same bits on every
// platform: the crc folded into the low four bytes, then each byte's table by how many bytes
// follow it.
[[nodiscard]] constexpr std::uint32_t crc32c_u64(std::uint64_t data, std::uint32_t crc) noexcept {
  const auto& t = crc32c_detail::kTables;
  const std::uint32_t lo = static_cast<std::uint32_t>(data) ^ crc;
  const auto hi = static_cast<std::uint32_t>(data >> 32);
  return t[7][lo & 0xFF] ^ t[6][(lo >> 8) & 0xFF] ^ t[5][(lo >> 16) & 0xFF] ^ t[4][lo >> 24] ^ t[3][hi & 0xFF] ^
         t[2][(hi >> 8) & 0xFF] ^ t[1][(hi >> 16) & 0xFF] ^ t[0][hi >> 24];
}
static_assert(crc32c_u64(0, 0) == 0 && crc32c_u64(1, 0) == 0x493c7d27u &&
              crc32c_u64(0x0123456789abcdefull, 0xffffffffu) == 0x9a4f27dcu);

}  // namespace ringlab
