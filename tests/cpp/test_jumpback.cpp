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

#include "hash4j_checksum.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/jumpback.hpp"
#include "ringlab/random.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_jumpback {

using namespace ringlab;

TEST_CASE("hash4j's checksum harness: its self-test, the modulo mapper", "[jumpback]") {
  // The JumpBackHash paper's ModuloMapperTest: (int)((hash & 0x7FFF...FF) % n) through the same
  // harness. It holds the harness (the draws, their order, komihash) to hash4j's apart from any
  // algorithm, so a failure below is JumpBackHash's own.
  CHECK(hash4j::bucket_checksum([](std::uint64_t h, std::uint32_t n) {
          return static_cast<std::uint32_t>((h & 0x7FFFFFFFFFFFFFFFull) % n);
        }) == 0xd73f0152f64bffcaull);
}

TEST_CASE("JumpBackHash: hash4j's checksum over a million calls", "[jumpback]") {
  CHECK(hash4j::bucket_checksum([](std::uint64_t h, std::uint32_t n) { return jumpback_unchecked(h, n); }) ==
        0x23d7a0d288cd67e7ull);
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

}  // namespace test_jumpback
