// JumpBack-Anchor (buckets/jumpback-anchor.hpp): hash4j's published examples, hash4j's own
// stability checksum over 10,000 random adds and removes, and the properties that make it a
// consistent hash with arbitrary removal. Its vectors (tests/golden/buckets/jumpback-anchor.tsv)
// run through the bucket seam in test_buckets.cpp, the package's and the command lines' tests.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <vector>

#include "hash4j_checksum.hpp"
#include "random_inputs.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/jumpback-anchor.hpp"
#include "ringlab/error.hpp"
#include "ringlab/random.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_jumpback_anchor {

using namespace ringlab;

namespace {

std::vector<std::uint32_t> buckets_of(const JumpBackAnchor& set, const std::vector<std::uint64_t>& hs) {
  std::vector<std::uint32_t> out;
  out.reserve(hs.size());
  for (const std::uint64_t h : hs) out.push_back(set.bucket(h));
  return out;
}

// A set after a random history from n buckets: `steps` times, a live bucket (any one, never the
// last) removed with probability p, else a bucket added. `live` holds its live buckets.
JumpBackAnchor history(hash4j::SplittableRandom& random, std::uint32_t n, int steps, double p,
                       std::vector<std::uint32_t>& live) {
  JumpBackAnchor set(n);
  live.clear();
  for (std::uint32_t b = 0; b < n; ++b) live.push_back(b);
  for (int s = 0; s < steps; ++s) {
    if (random.next_double() < p && live.size() > 1) {
      const std::uint32_t i = random.next_int(static_cast<std::uint32_t>(live.size()));
      REQUIRE(set.remove(live[i]));
      live[i] = live.back();
      live.pop_back();
    } else {
      live.push_back(set.add());
    }
  }
  REQUIRE(set.size() == live.size());
  return set;
}

}  // namespace

TEST_CASE("JumpBack-Anchor: hash4j's stability checksum over 10,000 adds and removes", "[jumpback-anchor]") {
  // hash4j's AbstractConsistentBucketSetHasherTest.testStability: from
  // SplittableRandom(0xea29dbd906636eb9), 10,000 steps each removing a live bucket picked at
  // random (with probability 1/2, when there is one; the set empties and starts again when its
  // last bucket leaves) or adding one, then, while any bucket is live, the buckets of 100 random
  // hashes appended as 4 bytes little-endian; komihash 5.0 of the lot. Every answer, after every
  // history the run goes through, counts.
  hash4j::SplittableRandom random(0xea29dbd906636eb9ull);
  JumpBackAnchor set;
  std::vector<std::uint32_t> live;  // in the order hash4j's test keeps them
  std::vector<unsigned char> bytes;
  for (int i = 0; i < 10000; ++i) {
    if (random.next_double() < 0.5) {
      if (!live.empty()) {
        const std::uint32_t k = random.next_int(static_cast<std::uint32_t>(live.size()));
        const std::uint32_t b = live[k];
        live[k] = live.back();
        live.pop_back();
        REQUIRE(set.remove(b));
      }
    } else {
      const std::uint32_t b = set.add();
      REQUIRE(std::find(live.begin(), live.end(), b) == live.end());
      live.push_back(b);
    }
    REQUIRE(set.size() == live.size());
    if (!live.empty())
      for (int k = 0; k < 100; ++k) hash4j::put_int(bytes, set.bucket(random.next_long()));
  }
  CHECK(bytes.size() == 3994400);
  CHECK(hash4j::komihash5(bytes) == 0xeb47923b33bd1aceull);
}

TEST_CASE("JumpBack-Anchor: hash4j's examples", "[jumpback-anchor]") {
  // hash4j's README: three buckets, then bucket 1 removed.
  JumpBackAnchor three(3);
  CHECK(three.bucket(0x48ac502166f761a8ull) == 1);
  CHECK(three.bucket(0x9b7193f97ec9cb79ull) == 0);
  CHECK(three.bucket(0x6ce88bf7de8c06c2ull) == 2);
  CHECK(three.remove(1));
  CHECK(three.bucket(0x48ac502166f761a8ull) == 2);
  CHECK(three.bucket(0x9b7193f97ec9cb79ull) == 0);
  CHECK(three.bucket(0x6ce88bf7de8c06c2ull) == 2);

  // Its unit tests (testAddAddRemoveAddRemove): two buckets, hashes 0, 1 and 2.
  JumpBackAnchor set;
  CHECK(set.add() == 0);
  CHECK(set.add() == 1);
  CHECK(buckets_of(set, {0, 1, 2}) == std::vector<std::uint32_t>{0, 1, 0});
  CHECK(set.remove(0));
  CHECK(buckets_of(set, {0, 1, 2}) == std::vector<std::uint32_t>{1, 1, 1});
  CHECK(set.add() == 0);  // the bucket removed last comes back
  CHECK(buckets_of(set, {0, 1, 2}) == std::vector<std::uint32_t>{0, 1, 0});
  CHECK(set.remove(1));
  CHECK(buckets_of(set, {0, 1, 2}) == std::vector<std::uint32_t>{0, 0, 0});
  // And its refusals: a bucket not live is not removed; the last one leaves the set empty.
  CHECK_FALSE(set.remove(1));
  CHECK_FALSE(set.remove(7));
  CHECK(set.remove(0));
  CHECK(set.size() == 0);
  CHECK_FALSE(set.remove(0));
  CHECK(set.add() == 0);
}

TEST_CASE("JumpBack-Anchor: with nothing removed it is JumpBackHash", "[jumpback-anchor]") {
  for (const std::uint32_t n : {1u, 2u, 3u, 10u, 1025u, 2147483647u}) {
    const JumpBackAnchor set(n);
    for (const std::uint64_t h : random_u64s(n, 500)) REQUIRE(set.bucket(h) == jumpback_unchecked(h, n));
  }
}

TEST_CASE("JumpBack-Anchor: a bucket added takes keys only for itself, and removed again gives them back",
          "[jumpback-anchor]") {
  // hash4j's testMonotonicity, after random histories: adding a bucket (a new one, or the one
  // removed last) moves keys only to it, and removing it puts every key back where it was.
  hash4j::SplittableRandom random(0xc7151afc6e982fb6ull);
  const std::vector<std::uint64_t> hs = random_u64s(42, 4000);
  std::vector<std::uint32_t> live;
  for (int trial = 0; trial < 40; ++trial) {
    const std::uint32_t n = 1 + random.next_int(60);
    JumpBackAnchor set = history(random, n, static_cast<int>(random.next_int(80)), 0.6, live);
    const std::vector<std::uint32_t> before = buckets_of(set, hs);
    const std::uint32_t added = set.add();
    const std::vector<std::uint32_t> after = buckets_of(set, hs);
    std::size_t moved = 0;
    for (std::size_t i = 0; i < hs.size(); ++i) {
      if (after[i] != before[i]) {
        REQUIRE(after[i] == added);
        ++moved;
      }
    }
    // About 1/(live + 1) of the keys move: within 6 standard deviations of it.
    const double expected = static_cast<double>(hs.size()) / set.size();
    CHECK(static_cast<double>(moved) <= expected + 6 * std::sqrt(expected) + 1);
    REQUIRE(set.remove(added));
    CHECK(buckets_of(set, hs) == before);
  }
}

TEST_CASE("JumpBack-Anchor: a bucket removed moves its own keys and no other", "[jumpback-anchor]") {
  // Any live bucket may leave; only the keys it held move, each to a live bucket.
  hash4j::SplittableRandom random(0x27bc8b24419e36ffull);
  const std::vector<std::uint64_t> hs = random_u64s(7, 4000);
  std::vector<std::uint32_t> live;
  for (int trial = 0; trial < 40; ++trial) {
    const std::uint32_t n = 2 + random.next_int(200);
    JumpBackAnchor set = history(random, n, static_cast<int>(random.next_int(150)), 0.7, live);
    if (live.size() < 2) continue;
    const std::vector<std::uint32_t> before = buckets_of(set, hs);
    const std::uint32_t gone = live[random.next_int(static_cast<std::uint32_t>(live.size()))];
    REQUIRE(set.remove(gone));
    const std::vector<std::uint32_t> after = buckets_of(set, hs);
    for (std::size_t i = 0; i < hs.size(); ++i) {
      if (before[i] != gone) REQUIRE(after[i] == before[i]);
      else REQUIRE((after[i] != gone && set.live(after[i])));
    }
  }
}

TEST_CASE("JumpBack-Anchor: balance after random removals, within a binomial bound", "[jumpback-anchor]") {
  // 200 buckets, 140 of them removed in a random order: 120,000 keys over the 60 left, each
  // bucket's count binomial(120,000, 1/60), mean 2,000, standard deviation 44.3; every bucket
  // within 5 of them.
  hash4j::SplittableRandom random(0x6f7666691a67e237ull);
  JumpBackAnchor set(200);
  std::vector<std::uint32_t> live(200);
  for (std::uint32_t b = 0; b < 200; ++b) live[b] = b;
  while (live.size() > 60) {
    const std::uint32_t i = random.next_int(static_cast<std::uint32_t>(live.size()));
    REQUIRE(set.remove(live[i]));
    live[i] = live.back();
    live.pop_back();
  }
  std::map<std::uint32_t, int> count;
  for (const std::uint64_t h : random_u64s(1, 120000)) ++count[set.bucket(h)];
  CHECK(count.size() == 60);
  const double mean = 2000, sd = std::sqrt(120000.0 * (1.0 / 60) * (59.0 / 60));
  for (const auto& [b, c] : count) {
    INFO("bucket " << b << ": " << c);
    CHECK(set.live(b));
    CHECK(std::abs(c - mean) < 5 * sd);
  }
}

TEST_CASE("JumpBack-Anchor: hash4j's worst removal order still answers live buckets", "[jumpback-anchor]") {
  // Bucket 0, then from the top down to 2 (hash4j's lookup-time test): every key ends at bucket 1,
  // after a walk through as many anchors as buckets were removed.
  JumpBackAnchor set(1000);
  REQUIRE(set.remove(0));
  for (std::uint32_t b = 999; b >= 2; --b) REQUIRE(set.remove(b));
  for (const std::uint64_t h : random_u64s(3, 200)) REQUIRE(set.bucket(h) == 1);
}

TEST_CASE("JumpBack-Anchor through the seam: any bucket leaves, the last removed comes back first",
          "[jumpback-anchor][buckets]") {
  Buckets b("jumpback-anchor", {.buckets = 3});
  CHECK(b.bucket(0x48ac502166f761a8ull) == 1);
  b.remove(1);
  CHECK(b.bucket(0x48ac502166f761a8ull) == 2);
  b.remove(0);
  CHECK(b.size() == 1);
  CHECK(b.add() == 0);
  CHECK(b.add() == 1);
  CHECK(b.add() == 3);
  CHECK(b.size() == 4);

  const auto rule_of = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const Error& e) {
      return std::string(e.rule().id);
    }
    return "none";
  };
  Buckets two("jumpback-anchor", {.buckets = 2});
  two.remove(0);
  CHECK(rule_of([&] { two.remove(0); }) == "bucketNotLive");  // removed twice
  CHECK(rule_of([&] { two.remove(2); }) == "bucketNotLive");  // never live
  CHECK(rule_of([&] { two.remove(-1); }) == "bucketNotLive");
  CHECK(rule_of([&] { two.remove(1); }) == "noBucketLeft");
  Buckets full("jumpback-anchor", {.buckets = 2147483647});
  CHECK(rule_of([&] { (void)full.add(); }) == "bucketCapacity");
  full.remove(5);
  CHECK(full.add() == 5);  // a removed bucket comes back whatever the count
  CHECK_THROWS_AS(Buckets("jumpback-anchor", {.buckets = 0}), Error);
  CHECK_THROWS_AS(Buckets("jumpback-anchor", {.buckets = std::int64_t{1} << 31}), Error);
}

}  // namespace test_jumpback_anchor
