// JumpBackHash (buckets/jumpback.hpp): hash4j's published examples, hash4j's own checksum over a
// million calls, and the properties that make it a consistent hash. Its vectors
// (tests/golden/buckets/jumpback.tsv) run through the bucket seam in test_buckets.cpp, the
// package's and the command lines' tests.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "ringlab/buckets.hpp"
#include "ringlab/buckets/jumpback.hpp"
#include "ringlab/random.hpp"

using namespace ringlab;

namespace {

// java.util.SplittableRandom, as hash4j's harness draws from it: nextLong() is SplitMix64's;
// nextInt() steps the same state and mixes it to 32 bits with its own constants.
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

 private:
  static constexpr std::uint64_t kGamma = 0x9e3779b97f4a7c15ull;
  std::uint64_t state_;
};

// The 128-bit product of two 64-bit words, as its low and high halves.
void multiply(std::uint64_t a, std::uint64_t b, std::uint64_t& low, std::uint64_t& high) {
  const unsigned __int128 r = static_cast<unsigned __int128>(a) * b;
  low = static_cast<std::uint64_t>(r);
  high = static_cast<std::uint64_t>(r >> 64);
}

std::uint64_t load64(const unsigned char* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

// komihash 5.0 with seed 0 (hash4j's checksum hash) of a message whose length is a multiple of 64,
// at least 64: four 128-bit multiply lanes over each 64-byte block, folded, then the closing rounds
// on an empty tail (whose padded word is 1).
std::uint64_t komihash5_blocks(const std::vector<unsigned char>& message) {
  REQUIRE(message.size() >= 64);
  REQUIRE(message.size() % 64 == 0);
  std::uint64_t s1 = 0x243F6A8885A308D3ull, s5 = 0x452821E638D01377ull, high = 0;
  const auto round = [&] {
    multiply(s1, s5, s1, high);
    s5 += high;
    s1 ^= s5;
  };
  round();
  std::uint64_t s2 = 0x13198A2E03707344ull ^ s1, s3 = 0xA4093822299F31D0ull ^ s1, s4 = 0x082EFA98EC4E6C89ull ^ s1;
  std::uint64_t s6 = 0xBE5466CF34E90C6Cull ^ s5, s7 = 0xC0AC29B7C97C50DDull ^ s5, s8 = 0x3F84D5B5B5470917ull ^ s5;
  for (std::size_t at = 0; at < message.size(); at += 64) {
    const unsigned char* m = message.data() + at;
    std::uint64_t h1 = 0, h2 = 0, h3 = 0, h4 = 0;
    multiply(s1 ^ load64(m), s5 ^ load64(m + 32), s1, h1);
    multiply(s2 ^ load64(m + 8), s6 ^ load64(m + 40), s2, h2);
    multiply(s3 ^ load64(m + 16), s7 ^ load64(m + 48), s3, h3);
    multiply(s4 ^ load64(m + 24), s8 ^ load64(m + 56), s4, h4);
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
  multiply(s1 ^ 1, s5, s1, high);
  s5 += high;
  s1 ^= s5;
  round();
  return s1;
}

}  // namespace

TEST_CASE("JumpBackHash: hash4j's checksum over a million calls", "[jumpback]") {
  // hash4j's AbstractConsistentBucketHasherTest.testCheckSum: a million (hash, n) pairs drawn
  // from SplittableRandom(0x0a55871a9d9103b7), n anywhere from 1 to 2^31 - 1, each bucket
  // appended as 4 bytes little-endian, komihash 5.0 of the lot. Every bit of every answer counts.
  SplittableRandom random(0x0a55871a9d9103b7ull);
  std::vector<unsigned char> buckets;
  buckets.reserve(4000000);
  for (int i = 0; i < 1000000; ++i) {
    const std::uint32_t a = random.next_int() >> 1;
    const std::uint32_t shift = random.next_int() & 31;
    const std::uint32_t n = std::max<std::uint32_t>(1, a >> shift);
    const std::uint32_t b = jumpback_unchecked(random.next_long(), n);
    for (int k = 0; k < 4; ++k) buckets.push_back(static_cast<unsigned char>(b >> (8 * k)));
  }
  CHECK(komihash5_blocks(buckets) == 0x23d7a0d288cd67e7ull);
}

TEST_CASE("JumpBackHash: hash4j's examples", "[jumpback]") {
  // hash4j's README: hash 0x7f7487ee708c8a96 into 2 and 3 buckets, and two more; its unit test:
  // hash 2 into 2 buckets.
  CHECK(jumpback_unchecked(0x7f7487ee708c8a96ull, 2) == 1);
  CHECK(jumpback_unchecked(0x7f7487ee708c8a96ull, 3) == 1);
  CHECK(jumpback_unchecked(0x6265648fbc797f25ull, 2) == 0);
  CHECK(jumpback_unchecked(0x6265648fbc797f25ull, 3) == 0);
  CHECK(jumpback_unchecked(0x85ef23a0b545d53bull, 2) == 0);
  CHECK(jumpback_unchecked(0x85ef23a0b545d53bull, 3) == 2);
  CHECK(jumpback_unchecked(2, 2) == 0);
}

TEST_CASE("JumpBackHash: SplitMix64 is java.util.SplittableRandom's nextLong", "[jumpback]") {
  // new SplittableRandom(0).nextLong(), twice (the generator JumpBackHash seeds with the hash).
  SplitMix64 random(0);
  CHECK(random.next() == 0xe220a8397b1dcdafull);
  CHECK(random.next() == 0x6e789e6aa1b965f4ull);
}

TEST_CASE("JumpBackHash: one bucket takes every key, and no key leaves the range", "[jumpback]") {
  Mulberry32 keys(7);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t h = (std::uint64_t{keys.next_uint32()} << 32) | keys.next_uint32();
    CHECK(jumpback_unchecked(h, 1) == 0);
    for (std::uint32_t n : {2u, 3u, 1000u, 1025u, 65536u, 2147483647u}) REQUIRE(jumpback_unchecked(h, n) < n);
  }
}

TEST_CASE("JumpBackHash: a bucket added takes keys from the others, and no key moves between them", "[jumpback]") {
  // Growing n -> n + 1 moves a key only to the new bucket n: the consistent hash's promise.
  Mulberry32 keys(42);
  std::vector<std::uint64_t> hashes(3000);
  for (auto& h : hashes) h = (std::uint64_t{keys.next_uint32()} << 32) | keys.next_uint32();
  for (std::uint32_t n = 1; n < 300; ++n) {
    std::size_t moved = 0;
    for (std::uint64_t h : hashes) {
      const std::uint32_t before = jumpback_unchecked(h, n);
      const std::uint32_t after = jumpback_unchecked(h, n + 1);
      if (after != before) {
        REQUIRE(after == n);
        ++moved;
      }
    }
    // About 1/(n + 1) of the keys move: within 6 standard deviations of 3000/(n + 1).
    const double expected = 3000.0 / (n + 1);
    CHECK(static_cast<double>(moved) <= expected + 6 * std::sqrt(expected) + 1);
  }
}

TEST_CASE("JumpBackHash: balance over 10 buckets", "[jumpback]") {
  // 100,000 keys into 10 buckets: each within 5% of 10,000 (its standard deviation is 95).
  Mulberry32 keys(1);
  std::array<int, 10> count{};
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t h = (std::uint64_t{keys.next_uint32()} << 32) | keys.next_uint32();
    ++count[jumpback_unchecked(h, 10)];
  }
  for (int c : count) CHECK(std::abs(c - 10000) < 500);
}

TEST_CASE("JumpBackHash through the seam: jump's buckets and jump's membership", "[jumpback][buckets]") {
  Buckets b("jumpback", {.buckets = 3});
  CHECK(b.bucket(0x85ef23a0b545d53bull) == 2);
  b.remove(2);
  CHECK(b.bucket(0x85ef23a0b545d53bull) == 0);
  CHECK(b.add() == 2);
  CHECK_THROWS_AS(b.remove(0), Error);
  CHECK_THROWS_AS(Buckets("jumpback", {.buckets = 0}), Error);
  CHECK_THROWS_AS(Buckets("jumpback", {.buckets = std::int64_t{1} << 31}), Error);
}
