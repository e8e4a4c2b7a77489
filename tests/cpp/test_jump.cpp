// Jump consistent hash (docs/algorithms.md#jump) and mod-N (docs/algorithms.md#mod-n, the tutorial's §1 table).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <set>
#include <vector>

#include "golden.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/random.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_jump {

using ringlab::jump;
using ringlab::jump_unchecked;
using ringlab::mod_n;

TEST_CASE("jump matches the golden table for 64-bit keys and n up to 2^31-1", "[jump][golden]") {
  const golden::Table t = golden::read_tsv("jump.tsv", {"key", "buckets", "bucket"});
  REQUIRE(t.rows.size() >= 1000);
  std::set<std::uint64_t> keys;
  std::set<std::int64_t> ns;
  for (const auto& row : t.rows) {
    const std::uint64_t key = golden::parse_u64(row[0]);
    const std::int64_t n = golden::parse_i64(row[1]);
    const std::int64_t want = golden::parse_i64(row[2]);
    INFO("key " << key << " n " << n);
    CHECK(jump(key, n) == want);
    CHECK(jump_unchecked(key, static_cast<std::int32_t>(n)) == want);
    CHECK(want >= 0);
    CHECK(want < n);
    keys.insert(key);
    ns.insert(n);
  }
  CHECK(keys.count(0) == 1);
  CHECK(keys.count(18446744073709551615ull) == 1);
  CHECK(keys.count(1ull << 63) == 1);
  CHECK(ns.count(1) == 1);
  CHECK(ns.count(2147483647) == 1);
}

TEST_CASE("jump divides then multiplies as two separate double roundings", "[jump]") {
  // Keys built by inverting the LCG so that, after bucket 48, the divisor is 49 * 2^k: then
  // (48 + 1) * (2^31 / (49 * 2^k)) is just below 2^(31-k) in doubles (49 * (1 / 49) < 1), while
  // one rounding of (49 * 2^31) / (49 * 2^k) is exactly 2^(31-k). With n = 2^(31-k) the published
  // program continues to bucket n - 1; a fused or reordered version stops at 48.
  CHECK(jump(2093958361416635281ull, 2097150) == 48);
  CHECK(jump(2093958361416635281ull, 2097151) == 48);
  CHECK(jump(2093958361416635281ull, 2097152) == 2097151);
  CHECK(jump(2093958361416635281ull, 2097153) == 2097151);
  CHECK(jump(2093958361416635281ull, 2147483647) == 299631881);
  CHECK(jump(2219255741112459555ull, 2047) == 48);
  CHECK(jump(2219255741112459555ull, 2048) == 2047);
  CHECK(jump(2219255741112459555ull, 2049) == 2047);
  // The double fact behind it.
  volatile double forty_nine = 49.0;
  CHECK(forty_nine * (1.0 / forty_nine) < 1.0);
}

TEST_CASE("jump with one bucket is always bucket 0", "[jump]") {
  for (std::uint64_t key : {0ull, 1ull, 599759890ull, 18446744073709551615ull}) CHECK(jump(key, 1) == 0);
}

TEST_CASE("jump growing by one bucket moves keys only to the new bucket", "[jump]") {
  ringlab::Mulberry32 rng(2014);
  std::vector<std::uint64_t> keys = {0, 1, 18446744073709551615ull, 1ull << 63};
  for (int i = 0; i < 300; ++i) keys.push_back(std::uint64_t{rng.next_uint32()} << 32 | rng.next_uint32());
  for (std::uint64_t key : keys) {
    std::int32_t prev = jump(key, 1);
    for (std::int32_t n = 2; n <= 300; ++n) {
      const std::int32_t now = jump(key, n);
      INFO("key " << key << " n " << n);
      CHECK((now == prev || now == n - 1));
      prev = now;
    }
  }
  // Large n as well: n -> n + 1 near the top of the range.
  for (std::uint64_t key : keys) {
    for (std::int32_t n : {65536, 1000000, 2147483646}) {
      const std::int32_t a = jump(key, n);
      const std::int32_t b = jump(key, n + 1);
      CHECK((a == b || b == n));
    }
  }
}

TEST_CASE("jump spreads keys evenly and moves about 1/(n+1) when growing", "[jump]") {
  ringlab::Mulberry32 rng(77);
  const std::uint32_t count = 20000;
  std::vector<std::uint32_t> per_bucket(10, 0);
  std::uint32_t moved = 0;
  for (std::uint32_t k = 0; k < count; ++k) {
    const std::uint64_t key = rng.next_uint32();
    const std::int32_t b = jump(key, 10);
    ++per_bucket[static_cast<std::size_t>(b)];
    if (jump(key, 11) != b) ++moved;
  }
  for (std::uint32_t c : per_bucket) {
    CHECK(c > 1700);
    CHECK(c < 2300);
  }
  // 1/11 of 20000 is about 1818.
  CHECK(moved > 1500);
  CHECK(moved < 2150);
}

// Guava 31.1's Hashing.consistentHash(long, int), line by line in Java's arithmetic: long and int
// operations wrap, and (int) of a double truncates, saturating at the int range (NaN is 0).
std::int32_t java_consistent_hash(std::uint64_t input, std::int32_t buckets) {
  const auto java_int = [](double d) -> std::int32_t {
    if (std::isnan(d)) return 0;
    if (d >= 2147483647.0) return std::numeric_limits<std::int32_t>::max();
    if (d <= -2147483648.0) return std::numeric_limits<std::int32_t>::min();
    return static_cast<std::int32_t>(d);
  };
  std::uint64_t state = input;  // LinearCongruentialGenerator(input)
  std::int32_t candidate = 0;
  for (;;) {
    state = 2862933555777941757ull * state + 1;  // nextDouble()
    const auto shifted = static_cast<std::int32_t>(static_cast<std::uint32_t>(state >> 33));
    const auto plus_one = static_cast<std::int32_t>(static_cast<std::uint32_t>(shifted) + 1u);
    const double next_double = static_cast<double>(plus_one) / 0x1.0p31;
    const std::int32_t next = java_int(static_cast<double>(candidate + 1) / next_double);
    if (next >= 0 && next < buckets) candidate = next;
    else return candidate;
  }
}

// The input whose walk's `step`-th draw (1 for the first) has state >> 33 == 2^31 - 1, where
// Guava's int + 1 wraps and nextDouble() is -1: state s came from (s - 1) / M, M being odd.
std::uint64_t input_wrapping_at(int step) {
  constexpr std::uint64_t kMul = 2862933555777941757ull;
  std::uint64_t inverse = 1;  // M^-1 mod 2^64 by Newton's iteration, each round doubling the bits
  for (int i = 0; i < 6; ++i) inverse *= 2 - kMul * inverse;
  std::uint64_t state = 0xFFFFFFFE00000000ull;
  for (int i = 0; i < step; ++i) state = (state - 1) * inverse;
  return state;
}

TEST_CASE("Guava's jump, one input at a time and in blocks, is consistentHash in Java's arithmetic", "[jump][guava]") {
  std::vector<std::uint64_t> inputs;
  for (int step = 1; step <= 4; ++step) inputs.push_back(input_wrapping_at(step));
  ringlab::Mulberry32 rng(20261205);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t hi = rng.next_uint32();
    inputs.push_back(i % 2 == 0 ? rng.next_uint32() : (hi << 32) | rng.next_uint32());
  }
  inputs.push_back(0);
  inputs.push_back(~std::uint64_t{0});
  // The wrapped draw ends the walk on the spot: the first input's bucket is 0 whatever n is.
  CHECK(java_consistent_hash(inputs[0], 2147483647) == 0);
  for (const std::int32_t n : {1, 2, 10, 1000, 1025, 65536, 2147483647}) {
    INFO("n " << n);
    std::vector<std::int32_t> want;
    for (const std::uint64_t in : inputs) want.push_back(java_consistent_hash(in, n));
    for (std::size_t i = 0; i < inputs.size(); ++i) REQUIRE(ringlab::guava_jump_unchecked(inputs[i], n) == want[i]);
    // Blocks of 7 and of 256: a partial last block, and walks of every length in one block.
    std::vector<std::int32_t> got7(inputs.size(), -1), got256(inputs.size(), -1);
    const auto in = [&](std::size_t i) { return inputs[i]; };
    ringlab::guava_jump_blocks<7>(inputs.size(), n, in, [&](std::size_t i, std::int32_t b) { got7[i] = b; });
    ringlab::guava_jump_blocks<256>(inputs.size(), n, in, [&](std::size_t i, std::int32_t b) { got256[i] = b; });
    CHECK(got7 == want);
    CHECK(got256 == want);
  }
  // The wrap-ending walks are ones that went on before it at large n.
  CHECK(java_consistent_hash(inputs[3], 2147483647) > 0);
}

TEST_CASE("mod-N keeps min(n m)/lcm(n m) of hash values", "[jump][modn]") {
  for (std::int64_t n = 1; n <= 12; ++n) {
    for (std::int64_t m = 1; m <= 12; ++m) {
      const std::int64_t lcm = std::lcm(n, m);
      std::int64_t kept = 0;
      for (std::uint32_t x = 0; x < static_cast<std::uint32_t>(lcm); ++x) kept += mod_n(x, n) == mod_n(x, m);
      CHECK(kept == std::min(n, m));
    }
  }
  CHECK(mod_n(599759890u, 4) == 599759890u % 4);
  CHECK(mod_n(0xFFFFFFFFu, 4294967295LL) == 0);
  CHECK(mod_n(0xFFFFFFFEu, 4294967295LL) == 0xFFFFFFFEu);
  CHECK(mod_n(12345, 1) == 0);
}

TEST_CASE("the tutorial's mod 4 to mod 5 table moves five of six keys none to E", "[jump][modn][tutorial]") {
  // §1: keys with hashes 5, 20, 38, 50, 77, 95 on servers A B C D, then E joins (index 4).
  std::uint32_t moved = 0, to_e = 0;
  for (std::uint32_t x : {5u, 20u, 38u, 50u, 77u, 95u}) {
    const std::uint32_t before = mod_n(x, 4);
    const std::uint32_t after = mod_n(x, 5);
    if (before != after) {
      ++moved;
      if (after == 4) ++to_e;
    }
  }
  CHECK(moved == 5);
  CHECK(to_e == 0);
  // Owners before: 5 -> B, 20 -> A, 38 -> C, 50 -> C, 77 -> B, 95 -> D.
  CHECK(mod_n(5, 4) == 1);
  CHECK(mod_n(20, 4) == 0);
  CHECK(mod_n(38, 4) == 2);
  CHECK(mod_n(95, 4) == 3);
}

}  // namespace test_jump
