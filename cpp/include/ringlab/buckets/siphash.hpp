// SipHash-2-4 (Jean-Philippe Aumasson and Daniel J. Bernstein, "SipHash: a fast short-input PRF",
// 2012): a 64-bit hash of a message under a 128-bit key, written from the paper's definition. The
// key is two 64-bit words, k0 its first 8 bytes and k1 its last 8, each read little-endian, as the
// paper's reference code and Go's dchest/siphash (Hash(k0, k1, b)) take it: multi-probe consistent
// hashing's reference hashes a name or a key with k0 = a seed and k1 = 0. Messages are read
// little-endian, so the value is the same natively and in WebAssembly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ringlab {

namespace siphash_detail {

constexpr std::uint64_t rotl(std::uint64_t x, int b) noexcept { return (x << b) | (x >> (64 - b)); }

// The state v0 .. v3 and its SipRound.
struct State {
  std::uint64_t v0, v1, v2, v3;
  constexpr void round() noexcept {
    v0 += v1;
    v1 = rotl(v1, 13);
    v1 ^= v0;
    v0 = rotl(v0, 32);
    v2 += v3;
    v3 = rotl(v3, 16);
    v3 ^= v2;
    v0 += v3;
    v3 = rotl(v3, 21);
    v3 ^= v0;
    v2 += v1;
    v1 = rotl(v1, 17);
    v1 ^= v2;
    v2 = rotl(v2, 32);
  }
  // A message word m: c = 2 rounds between v3 ^= m and v0 ^= m.
  constexpr void compress(std::uint64_t m) noexcept {
    v3 ^= m;
    round();
    round();
    v0 ^= m;
  }
};

}  // namespace siphash_detail

// SipHash-2-4 of `message` under the key (k0, k1): the state is the key xor "somepseudorandomly
// generatedbytes"; each 8-byte word of the message is compressed, then the last word, its last
// 0 .. 7 bytes with the message's length mod 256 in its top byte; then v2 ^= 0xff, d = 4 rounds,
// and the xor of the four words.
[[nodiscard]] constexpr std::uint64_t siphash24(std::uint64_t k0, std::uint64_t k1, std::string_view message) noexcept {
  siphash_detail::State s{k0 ^ 0x736f6d6570736575ull, k1 ^ 0x646f72616e646f6dull, k0 ^ 0x6c7967656e657261ull,
                          k1 ^ 0x7465646279746573ull};
  const std::size_t n = message.size();
  const auto byte = [&](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(message[i])}; };
  std::size_t at = 0;
  for (; at + 8 <= n; at += 8) {
    std::uint64_t m = 0;
    for (int i = 0; i < 8; ++i) m |= byte(at + i) << (8 * i);
    s.compress(m);
  }
  std::uint64_t last = std::uint64_t{n & 0xFF} << 56;
  for (std::size_t i = 0; at + i < n; ++i) last |= byte(at + i) << (8 * i);
  s.compress(last);
  s.v2 ^= 0xFF;
  for (int i = 0; i < 4; ++i) s.round();
  return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

}  // namespace ringlab
