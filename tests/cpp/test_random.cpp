// mulberry32 and the course's keys, against the golden tables.
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "golden.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/random.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_random {

using ringlab::CourseKeys;
using ringlab::Mulberry32;

TEST_CASE("mulberry32 sequences match the golden table", "[random][golden]") {
  const golden::Table t = golden::read_tsv("mulberry32.tsv", {"seed", "index", "uint32", "rand"});
  REQUIRE(t.rows.size() >= 100);
  // Rows are grouped by seed, indexes counting from 0; one generator per group.
  std::map<std::int64_t, std::int64_t> next_index;
  std::set<std::int64_t> seeds;
  Mulberry32 raw(0);
  Mulberry32 scaled(0);
  for (const auto& row : t.rows) {
    const std::int64_t seed = golden::parse_i64(row[0]);
    const std::int64_t index = golden::parse_i64(row[1]);
    INFO("seed " << seed << " index " << index);
    if (index == 0) {
      raw = Mulberry32(seed);
      scaled = Mulberry32(seed);
    }
    REQUIRE(index == next_index[seed]);
    next_index[seed] = index + 1;
    seeds.insert(seed);
    const std::uint32_t want = golden::parse_u32(row[2]);
    CHECK(raw.next_uint32() == want);
    // rand() is the uint32 divided by 2^32, exactly; and prints as JavaScript printed it.
    const double r = scaled.next();
    CHECK(r == static_cast<double>(want) / 4294967296.0);
    CHECK(r >= 0.0);
    CHECK(r < 1.0);
    CHECK(ringlab::js::number_to_string(r) == row[3]);
  }
  // The awkward seeds are all there: 0, -1, 2^31-1, 2^32-1, int32 min and the safe-integer ends.
  for (std::int64_t s :
       {0LL, -1LL, 16LL, 2147483647LL, 4294967295LL, -2147483648LL, 9007199254740991LL, -9007199254740991LL})
    CHECK(seeds.count(s) == 1);
}

TEST_CASE("mulberry32 seeds that differ by 2^32 agree only within int32 arithmetic", "[random]") {
  // Inside int32 range the first step is plain int32 arithmetic: seed and seed + 2^32 are the
  // same generator.
  Mulberry32 a(-1);
  Mulberry32 b(4294967295LL);
  for (int i = 0; i < 50; ++i) CHECK(a.next_uint32() == b.next_uint32());
  Mulberry32 c(5);
  Mulberry32 d(5 + 4294967296LL * 1000);
  for (int i = 0; i < 50; ++i) CHECK(c.next_uint32() == d.next_uint32());
}

TEST_CASE("mulberry32 first step near 2^53 adds in double precision", "[random]") {
  // (2^53 - 1) + 0x6D2B79F5 is not representable; JavaScript rounds the sum to a double before
  // ToInt32. The golden table pins the exact values; here: the generator is deterministic and
  // the two ends of the safe range are distinct generators.
  Mulberry32 hi1(9007199254740991LL);
  Mulberry32 hi2(9007199254740991LL);
  Mulberry32 lo(-9007199254740991LL);
  const std::uint32_t first = hi1.next_uint32();
  CHECK(first == hi2.next_uint32());
  CHECK(first != lo.next_uint32());
}

TEST_CASE("the course's keys match the golden table", "[random][golden]") {
  const golden::Table t = golden::read_tsv("keys.tsv", {"seed", "index", "key"});
  REQUIRE(t.rows.size() >= 100);
  std::int64_t current_seed = 0;
  CourseKeys keys(0);
  CourseKeys numbers(0);
  Mulberry32 rng(0);
  for (const auto& row : t.rows) {
    const std::int64_t seed = golden::parse_i64(row[0]);
    const std::int64_t index = golden::parse_i64(row[1]);
    INFO("seed " << seed << " index " << index);
    if (index == 0) {
      current_seed = seed;
      keys = CourseKeys(seed);
      numbers = CourseKeys(seed);
      rng = Mulberry32(seed);
    }
    REQUIRE(seed == current_seed);
    CHECK(keys.next() == row[2]);
    const std::uint32_t n = numbers.next_number();
    CHECK("user:" + std::to_string(n) == row[2]);
    // The key number is floor(rand() * 1e9) with a double multiply, and the high word of
    // u * 1e9 for rand()'s 32 bits u.
    const std::uint32_t u = rng.next_uint32();
    CHECK(ringlab::key_number(u / 4294967296.0) == n);
    CHECK(ringlab::key_number_of(u) == n);
    char buf[16];
    CHECK(std::string(buf, ringlab::format_key(n, buf)) == row[2]);
  }
}

TEST_CASE("seed 16 gives the tutorial's first three keys", "[random]") {
  CourseKeys keys(16);
  CHECK(keys.next() == "user:631395207");
  CHECK(keys.next() == "user:144321889");
  CHECK(keys.next() == "user:752337801");
}

TEST_CASE("the key number in integers equals the double multiply's floor", "[random]") {
  // Every 1021st value of u and the values next to the multiples of 2^20 (a sample: all 2^32 take
  // seconds), and the generator's batch form equals its single steps from any start.
  std::uint64_t differ = 0;
  const auto check = [&](std::uint32_t u) {
    differ += ringlab::key_number(u / 4294967296.0) != ringlab::key_number_of(u) ? 1 : 0;
  };
  for (std::uint64_t u = 0; u <= 0xFFFFFFFFu; u += 1021) check(static_cast<std::uint32_t>(u));
  for (std::uint64_t m = 1u << 20; m <= 0xFFFFFFFFu; m += 1u << 20)
    for (std::uint64_t u = m - 3; u <= m + 3 && u <= 0xFFFFFFFFu; ++u) check(static_cast<std::uint32_t>(u));
  check(0xFFFFFFFFu);
  CHECK(differ == 0);
  for (const std::int64_t seed : {std::int64_t{0}, std::int64_t{16}, std::int64_t{-7}, std::int64_t{4294967296},
                                  std::int64_t{-9007199254740991}, std::int64_t{9007199254740991}}) {
    INFO("seed " << seed);
    Mulberry32 single(seed), batch(seed);
    std::vector<std::uint32_t> a, b;
    for (int i = 0; i < 5; ++i) a.push_back(single.next_uint32());
    batch.each(0, [&](std::uint32_t v) { b.push_back(v); });
    batch.each(1, [&](std::uint32_t v) { b.push_back(v); });
    batch.each(4, [&](std::uint32_t v) { b.push_back(v); });
    CHECK(a == b);
    CHECK(single.state() == batch.state());
  }
}

TEST_CASE("key numbers and key formatting at the edges", "[random]") {
  CHECK(ringlab::key_number(0.0) == 0);
  // The largest rand(), (2^32 - 1) / 2^32, still floors below 1e9.
  CHECK(ringlab::key_number(4294967295.0 / 4294967296.0) == 999999999);
  CHECK(ringlab::key_number(0.5) == 500000000);
  char buf[16];
  CHECK(std::string(buf, ringlab::format_key(0, buf)) == "user:0");
  CHECK(std::string(buf, ringlab::format_key(999999999, buf)) == "user:999999999");
  CHECK(std::string(buf, ringlab::format_key(4294967295u, buf)) == "user:4294967295");
}

}  // namespace test_random
