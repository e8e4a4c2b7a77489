// FlipHash (buckets/fliphash.hpp): fliphash-rs's outputs (a table of keys and range ends, and a
// checksum over a million calls made by running the crate), and the properties that make it a
// consistent hash. Its vectors (tests/golden/buckets/fliphash.tsv) run through the bucket seam
// in test_buckets.cpp, the package's and the command lines' tests.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "random_inputs.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/fliphash.hpp"
#include "ringlab/error.hpp"
#include "ringlab/random.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_fliphash {

using namespace ringlab;

namespace {

// SplitMix64's mixer, as the checksum run below draws its keys.
std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

TEST_CASE("FlipHash: fliphash-rs's answers for six keys at nine range ends", "[fliphash]") {
  // fliphash_64(key, ..=end) from the crate (0.1.0, commit 00c0ad0), compiled and run.
  constexpr std::array<std::uint64_t, 9> ends = {0, 1, 2, 9, 17, 999, 1000, 1000000, 1000000000};
  struct Row {
    std::uint64_t key;
    std::array<std::uint64_t, 9> values;
  };
  constexpr std::array<Row, 6> rows = {{
      {0, {0, 0, 0, 0, 0, 0, 0, 0, 0}},
      {1, {0, 1, 1, 9, 16, 636, 636, 184548, 630560763}},
      {42, {0, 0, 0, 4, 15, 792, 792, 904479, 92162111}},
      {10427592028180905159ull, {0, 1, 1, 1, 13, 452, 452, 583461, 740320451}},
      {15960427081186311679ull, {0, 1, 1, 5, 17, 547, 547, 378610, 772798707}},
      {18446744073709551615ull, {0, 1, 1, 5, 5, 272, 272, 83562, 980842172}},
  }};
  for (const Row& r : rows)
    for (std::size_t i = 0; i < ends.size(); ++i) {
      INFO("key " << r.key << ", ..=" << ends[i]);
      CHECK(fliphash_unchecked(r.key, ends[i]) == r.values[i]);
    }
  CHECK(fliphash_unchecked(42, 17, 7) == 0);  // fliphash_64_with_seed(42, 7, ..=17)
}

TEST_CASE("FlipHash: fliphash-rs's checksum over a million calls", "[fliphash]") {
  // A million (key, end) pairs: the state steps by the golden gamma from the gamma, key z its
  // SplitMix64 mix, end = z >> (i mod 64), so ends from 0 to 2^64 - 1; each answer folded into
  // a 64-bit FNV-1a word by word. 0x1fb9f1853a399257 is what the crate gives.
  const std::uint64_t gamma = 0x9e3779b97f4a7c15ull;
  std::uint64_t state = gamma, acc = 0xcbf29ce484222325ull;
  for (std::uint64_t i = 0; i < 1000000; ++i) {
    state += gamma;
    const std::uint64_t z = mix64(state);
    acc = (acc ^ fliphash_unchecked(z, z >> (i % 64))) * 0x100000001b3ull;
  }
  CHECK(acc == 0x1fb9f1853a399257ull);
}

TEST_CASE("FlipHash: a bucket added takes keys from the others, and no key moves between them", "[fliphash]") {
  // n -> n + 1 buckets (range end n - 1 -> n) moves a key only to the new bucket n, about
  // 1/(n + 1) of them; n + 1 -> n moves only the keys of bucket n back. With a seed as without.
  const std::vector<std::uint64_t> keys = random_u64s(42, 3000);
  for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{7}, ~std::uint64_t{0}}) {
    for (std::uint64_t n = 1; n < 300; ++n) {
      std::size_t moved = 0;
      for (const std::uint64_t k : keys) {
        const std::uint64_t before = fliphash_unchecked(k, n - 1, seed);
        const std::uint64_t after = fliphash_unchecked(k, n, seed);
        REQUIRE(before < n);
        if (after != before) {
          REQUIRE(after == n);
          ++moved;
        }
      }
      const double expected = 3000.0 / static_cast<double>(n + 1);
      CHECK(static_cast<double>(moved) <= expected + 6 * std::sqrt(expected) + 1);
    }
  }
  // Across the widest jumps too: from 2^32 - 2 buckets to 2^32 - 1, and from 2^31 to 2^31 + 1.
  for (const std::uint64_t end : {std::uint64_t{4294967293}, std::uint64_t{2147483647}})
    for (const std::uint64_t k : keys) {
      const std::uint64_t before = fliphash_unchecked(k, end), after = fliphash_unchecked(k, end + 1);
      REQUIRE((after == before || after == end + 1));
    }
}

TEST_CASE("FlipHash: balance within a binomial bound, below and just above a power of two", "[fliphash]") {
  // 10 buckets and 1025 (the upper half of 0 .. 2047 holds one bucket): each count is
  // binomial(keys, 1/n); every bucket within 5 standard deviations of the mean.
  struct Case {
    std::uint32_t n;
    std::size_t count;
  };
  for (const auto [n, count] : {Case{10, 100000}, Case{1025, 512500}}) {
    std::vector<int> load(n);
    for (const std::uint64_t k : random_u64s(n, count)) ++load[fliphash_unchecked(k, n - 1)];
    const double mean = static_cast<double>(count) / n;
    const double sd = std::sqrt(mean * (1.0 - 1.0 / n));
    for (std::uint32_t b = 0; b < n; ++b) {
      INFO(n << " buckets, bucket " << b << ": " << load[b]);
      CHECK(std::abs(load[b] - mean) < 5 * sd);
    }
  }
}

TEST_CASE("FlipHash through the seam: its seed, and jump's membership", "[fliphash][buckets]") {
  Buckets plain("fliphash", {.buckets = 18});
  CHECK(plain.bucket(42) == 15);
  Buckets seeded("fliphash", {.buckets = 18, .seed = 7});
  CHECK(seeded.bucket(42) == 0);
  Buckets b("fliphash", {.buckets = 1001});
  CHECK(b.bucket(1) == 636);
  b.remove(1000);
  CHECK(b.bucket(1) == fliphash_unchecked(1, 999));
  CHECK(b.add() == 1000);

  const auto rule_of = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const Error& e) {
      return std::string(e.rule().id);
    }
    return "none";
  };
  CHECK(rule_of([&] { b.remove(3); }) == "lastBucketOnly");
  CHECK(rule_of([&] { b.remove(1001); }) == "bucketNotLive");
  Buckets one("fliphash", {.buckets = 1});
  CHECK(rule_of([&] { one.remove(0); }) == "noBucketLeft");
  Buckets full("fliphash", {.buckets = 4294967295});
  CHECK(rule_of([&] { (void)full.add(); }) == "bucketCapacity");
  CHECK(full.bucket(1) == 2117916647);
  CHECK_THROWS_AS(Buckets("fliphash", {.buckets = 0}), Error);
  CHECK_THROWS_AS(Buckets("fliphash", {.buckets = std::int64_t{1} << 32}), Error);
}

}  // namespace test_fliphash
