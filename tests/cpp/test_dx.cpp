// DxHash (buckets/dx.hpp): the reference's answers for its own harness keys; the properties that
// make it a consistent hash while it has free slots (a removal moves only the removed bucket's
// keys, an addition moves keys only to the added bucket, the answers follow the live set alone,
// and the keys spread evenly); and what it does not promise: growing its slots moves about half
// of all keys. Its vectors (tests/golden/buckets/dx.tsv, from ChaosD/DxHash itself) run through
// the bucket seam in test_buckets.cpp, the package's and the command lines' tests.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/dx.hpp"
#include "ringlab/random.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_dx {

using namespace ringlab;

namespace {

std::vector<std::uint32_t> random_keys(std::int64_t seed, std::size_t n) {
  Mulberry32 random(seed);
  std::vector<std::uint32_t> keys(n);
  for (auto& k : keys) k = random.next_uint32();
  return keys;
}

std::vector<std::uint32_t> buckets_of(const DxHash& dx, const std::vector<std::uint32_t>& keys) {
  std::vector<std::uint32_t> out;
  out.reserve(keys.size());
  for (const std::uint32_t k : keys) out.push_back(dx.bucket(k));
  return out;
}

}  // namespace

TEST_CASE("DxHash: the reference's answers for its harness keys at 16 slots, 12 live, 3 and 7 removed", "[dx]") {
  // The reference's test harness draws its keys as i * 421757 + 1; an addition then takes slot 7
  // (the first free slot on key 1228's sequence), not the last removed.
  DxHash dx(16, 12);
  dx.remove(3);
  dx.remove(7);
  const std::vector<std::uint32_t> want = {8, 1, 8, 11, 4, 2, 11, 11, 8, 2, 1, 4, 8, 2, 0, 0};
  for (std::uint32_t i = 0; i < 16; ++i) CHECK(dx.bucket(static_cast<std::uint32_t>(i * 421757ull + 1)) == want[i]);
  const std::vector<std::uint32_t> raw = {9, 8, 4, 0, 1, 1, 11, 6, 11, 8, 6, 10, 5, 11, 11, 4};
  for (std::uint32_t k = 0; k < 16; ++k) CHECK(dx.bucket(k) == raw[k]);
  CHECK(dx.add() == 7);
}

TEST_CASE("DxHash: a removal moves only the removed bucket's keys, an addition only to the added", "[dx]") {
  // A random history at 256 slots, 128 live, never full: at each step every key is where it was,
  // or it was on the bucket removed, or it is on the bucket added.
  const std::vector<std::uint32_t> keys = random_keys(31, 2000);
  DxHash dx(256, 128);
  std::vector<std::uint32_t> live(128);
  for (std::uint32_t b = 0; b < 128; ++b) live[b] = b;
  Mulberry32 choose(4);
  std::vector<std::uint32_t> before = buckets_of(dx, keys);
  for (int step = 0; step < 300; ++step) {
    const bool remove = live.size() > 1 && (choose.next_uint32() % 2 == 0 || dx.live_count() + 1 == dx.size());
    std::uint32_t changed = 0;
    if (remove) {
      const std::size_t at = choose.next_uint32() % live.size();
      changed = live[at];
      live.erase(live.begin() + static_cast<std::ptrdiff_t>(at));
      dx.remove(changed);
    } else {
      changed = dx.add();
      REQUIRE(changed != DxHash::kNone);
      REQUIRE(dx.size() == 256);
      live.push_back(changed);
    }
    const std::vector<std::uint32_t> after = buckets_of(dx, keys);
    std::size_t moved = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      REQUIRE(dx.live(after[i]));
      if (after[i] == before[i]) continue;
      ++moved;
      if (remove) REQUIRE(before[i] == changed);
      else REQUIRE(after[i] == changed);
    }
    const double n = remove ? live.size() + 1.0 : static_cast<double>(live.size());
    const double expected = keys.size() / n;
    CHECK(static_cast<double>(moved) <= expected + 6 * std::sqrt(expected) + 1);
    before = after;
  }
}

TEST_CASE("DxHash: the answers follow the live set alone, whatever the order that made it", "[dx]") {
  const std::vector<std::uint32_t> keys = random_keys(12, 1000);
  DxHash a(64, 64), b(64, 40);
  for (const std::uint32_t r : {5u, 63u, 17u, 40u, 41u}) a.remove(r);
  for (std::uint32_t r = 62; r >= 42; --r) a.remove(r);
  // b: the same live set, 0 .. 39 less 5 and 17, reached the other way round.
  b.remove(17);
  b.remove(5);
  CHECK(a.live_count() == b.live_count());
  CHECK(buckets_of(a, keys) == buckets_of(b, keys));
}

TEST_CASE("DxHash: balance over the live buckets", "[dx]") {
  // 1,024 slots, 600 live at random: 100,000 keys, each live bucket's count binomial(100000,
  // 1/600), mean 166.7 and standard deviation 12.9; within 6 of them, and none on a free slot.
  DxHash dx(1024, 1024);
  std::vector<std::uint32_t> live(1024);
  for (std::uint32_t b = 0; b < 1024; ++b) live[b] = b;
  Mulberry32 choose(6);
  while (live.size() > 600) {
    const std::size_t at = choose.next_uint32() % live.size();
    dx.remove(live[at]);
    live.erase(live.begin() + static_cast<std::ptrdiff_t>(at));
  }
  std::vector<int> count(1024);
  for (const std::uint32_t k : random_keys(9, 100000)) {
    const std::uint32_t b = dx.bucket(k);
    REQUIRE(b < 1024);
    ++count[b];
  }
  const double mean = 100000.0 / 600, sd = std::sqrt(100000 * (1.0 / 600) * (1 - 1.0 / 600));
  for (std::uint32_t b = 0; b < 1024; ++b) {
    INFO("bucket " << b);
    if (dx.live(b)) CHECK(std::abs(count[b] - mean) <= 6 * sd);
    else CHECK(count[b] == 0);
  }
}

TEST_CASE("DxHash: with every slot live an addition doubles the slots, and about half of all keys move", "[dx]") {
  // 1,024 live of 1,024: the addition grows the slots to 2,048 and takes slot 1912; every key's
  // first probe is then taken mod 2,048, so the keys whose first probe lands in the new half move
  // on to its next live slot (about half of them), where a consistent hash would move 1/1025.
  const std::vector<std::uint32_t> keys = random_keys(2, 100000);
  DxHash dx(1024, 1024);
  const std::vector<std::uint32_t> before = buckets_of(dx, keys);
  CHECK(dx.add_size() == 2048);
  CHECK(dx.add() == 1912);
  CHECK(dx.size() == 2048);
  CHECK(dx.live_count() == 1025);
  const std::vector<std::uint32_t> after = buckets_of(dx, keys);
  std::size_t moved = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) moved += after[i] != before[i];
  CHECK(moved > 45000);
  CHECK(moved < 55000);
  // From slots not a power of two, to the least power of two above the live count.
  DxHash twelve(12, 12);
  CHECK(twelve.add_size() == 16);
  (void)twelve.add();
  CHECK(twelve.size() == 16);
}

TEST_CASE("DxHash: a key whose probes all find dead slots gets the reference's -1", "[dx]") {
  // One live slot of 64: the reference gives up after 4 x 64 - 1 = 255 probes, and inputs 251,
  // 266 and 286 are the first it gives up on.
  DxHash dx(64, 1);
  CHECK(DxHash::probe_limit(64) == 255);
  for (std::uint32_t k = 0; k < 300; ++k) {
    INFO("input " << k);
    const bool lost = k == 251 || k == 266 || k == 286;
    CHECK(dx.bucket(k) == (lost ? DxHash::kNone : 0u));
  }
}

TEST_CASE("DxHash through the seam: its capacity, its default, and its mistakes", "[dx][buckets]") {
  using V = std::vector<std::string>;
  // The default capacity is the least power of two >= buckets: 12 live of 16 slots, so four
  // additions take free slots, and a fifth grows the slots.
  Buckets b("dx", {.buckets = 12});
  for (int i = 0; i < 4; ++i) CHECK(b.add() >= 12);
  CHECK(b.size() == 16);
  CHECK(b.add() >= 16);
  CHECK(b.size() == 17);
  // Any live bucket can go, once; the last one stays.
  b.remove(4);
  CHECK(error_of([&] { b.remove(4); }) == V{"not_found", "bucketNotLive", "bucket", "bucket 4 is not a live bucket"});
  CHECK(error_of([&] { b.remove(32); }) == V{"not_found", "bucketNotLive", "bucket", "bucket 32 is not a live bucket"});
  Buckets two("dx", {.buckets = 2, .capacity = 5});
  CHECK(error_of([&] { two.remove(3); }) == V{"not_found", "bucketNotLive", "bucket", "bucket 3 is not a live bucket"});
  two.remove(0);
  CHECK(error_of([&] { two.remove(1); }) ==
        V{"out_of_range", "noBucketLeft", "bucket", "removing bucket 1 would leave no bucket"});
  // At 32 slots, key 1228's 127 probes never reach slot 27: with it the only free slot, the
  // reference's addition writes outside its array. ringlab refuses, and nothing changes.
  Buckets missed("dx", {.buckets = 32});
  missed.remove(27);
  CHECK(error_of([&] { (void)missed.add(); }) ==
        V{"limit_exceeded", "addProbes", "", "dx found no bucket to add in 127 probes, with 31 of 32 buckets live"});
  CHECK(missed.size() == 31);
  // The slots stop at the capacity's cap.
  Buckets full("dx", {.buckets = 16777216});
  CHECK(error_of([&] { (void)full.add(); }) ==
        V{"limit_exceeded", "bucketCapacity", "", "all 16777216 buckets are live: dx has no bucket to add"});
  // The options' ranges; inputs are 32-bit.
  CHECK(error_of([] { (void)Buckets("dx", {.buckets = 10, .capacity = 8}); }) ==
        V{"out_of_range", "between", "buckets", "buckets must be between 1 and 8, got 10"});
  CHECK(error_of([] { (void)Buckets("dx", {.buckets = 16777217}); }) ==
        V{"out_of_range", "between", "buckets", "buckets must be between 1 and 16777216, got 16777217"});
  CHECK(error_of([] { (void)Buckets("dx", {.buckets = 1}).bucket(4294967296u); }) ==
        V{"out_of_range", "between", "input", "input must be between 0 and 4294967295, got 4294967296"});
}

}  // namespace test_dx
