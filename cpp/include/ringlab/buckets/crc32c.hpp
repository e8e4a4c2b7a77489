// CRC-32C as SSE4.2's crc32q instruction computes it: the hash of AnchorHash's reference
// (cpp-anchorhash) and of DxHash's, which took it from AnchorHash's code.
#pragma once

#include <array>
#include <cstdint>

namespace ringlab {

namespace crc32c_detail {

// CRC-32C's byte table (Castagnoli's polynomial, reflected: 0x82F63B78).
constexpr std::array<std::uint32_t, 256> table() {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0x82F63B78u & (0u - (c & 1)));
    t[i] = c;
  }
  return t;
}
inline constexpr std::array<std::uint32_t, 256> kTable = table();

}  // namespace crc32c_detail

// The CRC-32C of data's 8 bytes, little-endian, from crc: what crc32q computes with crc as the
// low 32 bits of its destination. No inversion before or after, so it is linear: a zero word from
// a zero crc is 0. WebAssembly has no such instruction, and a table gives the same bits on every
// platform.
[[nodiscard]] constexpr std::uint32_t crc32c_u64(std::uint64_t data, std::uint32_t crc) noexcept {
  for (int i = 0; i < 8; ++i)
    crc = (crc >> 8) ^ crc32c_detail::kTable[(crc ^ static_cast<std::uint32_t>(data >> (8 * i))) & 0xFF];
  return crc;
}

}  // namespace ringlab
