// What hash4j's checksum tests are made of, written here from their definitions: the draws of
// java.util.SplittableRandom (JDK 17) and komihash 5.0, the hash of the bytes they append. hash4j
// pins each of its consistent hashers with one such checksum over a long run of calls; a test that
// reproduces the checksum has every answer of the run right. test_jumpback.cpp and the tests of
// the algorithms after it share them.
#pragma once

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hash4j {

// java.util.SplittableRandom: every draw steps one state by the golden gamma and mixes it, to 64
// bits for nextLong() (SplitMix64) and with other constants to 32 bits for nextInt().
class SplittableRandom {
 public:
  explicit SplittableRandom(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next_long() {
    std::uint64_t z = (state_ += kGamma);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::uint32_t next_int() {
    std::uint64_t z = (state_ += kGamma);
    z = (z ^ (z >> 33)) * 0x62a9d9ed799705f5ull;
    return static_cast<std::uint32_t>(((z ^ (z >> 28)) * 0xcb24d0a5c88c35b3ull) >> 32);
  }
  // nextInt(bound), 0 < bound < 2^31, as JDK 17 bounds it: a power of two masks one draw; any other
  // bound takes the draw's top 31 bits mod bound, drawing again while that value falls in the
  // last, incomplete run of bound values below 2^31 (Java sees it as u + m - r overflowing).
  std::uint32_t next_int(std::uint32_t bound) {
    std::uint32_t r = next_int();
    const std::uint32_t m = bound - 1;
    if ((bound & m) == 0) return r & m;
    for (std::uint32_t u = r >> 1;; u = next_int() >> 1) {
      r = u % bound;
      if (u - r <= 0x7FFFFFFFu - m) return r;
    }
  }
  // nextDouble(): the top 53 bits of a nextLong() as a fraction of 2^53.
  double next_double() { return static_cast<double>(next_long() >> 11) * 0x1.0p-53; }

 private:
  static constexpr std::uint64_t kGamma = 0x9e3779b97f4a7c15ull;
  std::uint64_t state_;
};

// The bytes hash4j's tests append: an int as 4 bytes, little-endian.
inline void put_int(std::vector<unsigned char>& bytes, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) bytes.push_back(static_cast<unsigned char>(v >> (8 * k)));
}

namespace detail {

// The 128-bit product of two 64-bit words, as its low and high halves.
inline void multiply(std::uint64_t a, std::uint64_t b, std::uint64_t& low, std::uint64_t& high) {
  const unsigned __int128 r = static_cast<unsigned __int128>(a) * b;
  low = static_cast<std::uint64_t>(r);
  high = static_cast<std::uint64_t>(r >> 64);
}

// Up to 8 bytes, little-endian.
inline std::uint64_t load(const unsigned char* p, std::size_t n = 8) {
  std::uint64_t v = 0;
  for (std::size_t i = n; i-- > 0;) v = (v << 8) | p[i];
  return v;
}

}  // namespace detail

// komihash 5.0 with seed 0 (hash4j's checksum hash) of a message of at least 64 bytes, which every
// checksum run is: four 128-bit multiply lanes over each whole 64-byte block, folded into two
// words; then the tail, below 64 bytes, 16 at a time; then the last 0 to 15 bytes, whose final
// word is padded with a 1 bit just above its bytes; and two closing rounds.
inline std::uint64_t komihash5(const std::vector<unsigned char>& message) {
  using detail::load;
  using detail::multiply;
  REQUIRE(message.size() >= 64);
  std::uint64_t s1 = 0x243F6A8885A308D3ull, s5 = 0x452821E638D01377ull, high = 0;
  const auto round = [&] {
    multiply(s1, s5, s1, high);
    s5 += high;
    s1 ^= s5;
  };
  // One 16-byte step: the state's two words, each xored with 8 bytes, multiplied.
  const auto step = [&](std::uint64_t a, std::uint64_t b) {
    multiply(s1 ^ a, s5 ^ b, s1, high);
    s5 += high;
    s1 ^= s5;
  };
  round();
  std::uint64_t s2 = 0x13198A2E03707344ull ^ s1, s3 = 0xA4093822299F31D0ull ^ s1, s4 = 0x082EFA98EC4E6C89ull ^ s1;
  std::uint64_t s6 = 0xBE5466CF34E90C6Cull ^ s5, s7 = 0xC0AC29B7C97C50DDull ^ s5, s8 = 0x3F84D5B5B5470917ull ^ s5;
  const unsigned char* m = message.data();
  std::size_t left = message.size();
  for (; left >= 64; m += 64, left -= 64) {
    std::uint64_t h1 = 0, h2 = 0, h3 = 0, h4 = 0;
    multiply(s1 ^ load(m), s5 ^ load(m + 32), s1, h1);
    multiply(s2 ^ load(m + 8), s6 ^ load(m + 40), s2, h2);
    multiply(s3 ^ load(m + 16), s7 ^ load(m + 48), s3, h3);
    multiply(s4 ^ load(m + 24), s8 ^ load(m + 56), s4, h4);
    s5 += h1;
    s6 += h2;
    s7 += h3;
    s8 += h4;
    s2 ^= s5;
    s3 ^= s6;
    s4 ^= s7;
    s1 ^= s8;
  }
  s5 ^= s6 ^ s7 ^ s8;
  s1 ^= s2 ^ s3 ^ s4;
  for (; left >= 16; m += 16, left -= 16) step(load(m), load(m + 8));
  // The last bytes as two words, the padding bit after the last byte.
  const auto padded = [](const unsigned char* p, std::size_t n) { return load(p, n) | (std::uint64_t{1} << (8 * n)); };
  if (left >= 8) step(load(m), padded(m + 8, left - 8));
  else step(padded(m, left), 0);
  round();
  return s1;
}

// hash4j's checksum of a consistent bucket hasher (AbstractConsistentBucketHasherTest.testCheckSum):
// a million (hash, n) pairs drawn from SplittableRandom(0x0a55871a9d9103b7), n anywhere from 1 to
// 2^31 - 1 (31 random bits shifted right by 0 to 31, the bits drawn before the shift), each
// bucket(hash, n) appended as 4 bytes little-endian, komihash 5.0 of the lot. Every bit of every
// answer counts.
template <class BucketOf>
std::uint64_t bucket_checksum(BucketOf bucket) {
  SplittableRandom random(0x0a55871a9d9103b7ull);
  std::vector<unsigned char> buckets;
  buckets.reserve(4000000);
  for (int i = 0; i < 1000000; ++i) {
    const std::uint32_t a = random.next_int() >> 1;
    const std::uint32_t shift = random.next_int() & 31;
    const std::uint32_t n = a >> shift < 1 ? 1 : a >> shift;
    const std::uint64_t hash = random.next_long();
    put_int(buckets, static_cast<std::uint32_t>(bucket(hash, n)));
  }
  return komihash5(buckets);
}

}  // namespace hash4j
