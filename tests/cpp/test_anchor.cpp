// AnchorHash (buckets/anchor.hpp): its hash, CRC-32C as SSE4.2's crc32q computes it; the
// reference's answers for its own example; and the properties that make it a consistent hash
// under any removal: a removal moves only the removed bucket's keys, an addition moves keys only
// to the added bucket, and the keys spread evenly over the working buckets. Its vectors
// (tests/golden/buckets/anchor.tsv, from cpp-anchorhash itself) run through the bucket seam in
// test_buckets.cpp, the package's and the command lines' tests.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "random_inputs.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/anchor.hpp"
#include "ringlab/random.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_anchor {

using namespace ringlab;

namespace {

std::vector<std::uint32_t> buckets_of(const AnchorHash& anchor, const std::vector<std::uint64_t>& keys) {
  std::vector<std::uint32_t> out;
  out.reserve(keys.size());
  for (const std::uint64_t k : keys) out.push_back(anchor.bucket(k, 0));
  return out;
}

// The standard CRC-32C of 32 bytes (inverted before and after, as iSCSI has it), from the
// instruction's step: four 8-byte words, little-endian.
std::uint32_t crc32c_of(const std::uint8_t (&bytes)[32]) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (int w = 0; w < 4; ++w) {
    std::uint64_t word = 0;
    for (int i = 7; i >= 0; --i) word = (word << 8) | bytes[8 * w + i];
    crc = crc32c_u64(word, crc);
  }
  return ~crc;
}

}  // namespace

TEST_CASE("AnchorHash: CRC-32C as crc32q computes it", "[anchor]") {
  // RFC 3720's CRC-32C examples (B.4): 32 bytes of zeros, of ones, ascending and descending.
  std::uint8_t zeros[32] = {}, ones[32], up[32], down[32];
  for (int i = 0; i < 32; ++i) {
    ones[i] = 0xFF;
    up[i] = static_cast<std::uint8_t>(i);
    down[i] = static_cast<std::uint8_t>(31 - i);
  }
  CHECK(crc32c_of(zeros) == 0x8A9136AAu);
  CHECK(crc32c_of(ones) == 0x62A8AB43u);
  CHECK(crc32c_of(up) == 0x46DD794Eu);
  CHECK(crc32c_of(down) == 0x113FDB5Cu);
  // The instruction itself, as the reference calls it: no inversion, the seed's low 32 bits.
  CHECK(crc32c_u64(0, 0) == 0);
  CHECK(crc32c_u64(1, 0) == 0x493c7d27u);
  CHECK(crc32c_u64(0x0123456789abcdefull, 0xffffffffu) == 0x9a4f27dcu);
}

TEST_CASE("AnchorHash: CRC-32C eight bytes at a time is the CRC a bit at a time", "[anchor]") {
  // The definition, one bit per step: the crc XOR each byte, shifted out through the reflected
  // polynomial. crc32c_u64 takes the word's bytes through its tables at once; every (word, crc)
  // here must come out the same.
  const auto bitwise = [](std::uint64_t data, std::uint32_t crc) {
    for (int i = 0; i < 8; ++i) {
      crc ^= static_cast<std::uint8_t>(data >> (8 * i));
      for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1)));
    }
    return crc;
  };
  Mulberry32 rng(29);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t data = std::uint64_t{rng.next_uint32()} << 32 | rng.next_uint32();
    const std::uint32_t crc = i % 4 == 0 ? 0 : rng.next_uint32();
    REQUIRE(crc32c_u64(data, crc) == bitwise(data, crc));
  }
  for (int b = 0; b < 64; ++b) REQUIRE(crc32c_u64(std::uint64_t{1} << b, 0) == bitwise(std::uint64_t{1} << b, 0));
}

TEST_CASE("AnchorHash: the reference's answers for a = 16, w = 12, then 3, 7 and 11 removed", "[anchor]") {
  AnchorHash anchor(16, 12);
  for (const std::uint32_t b : {3u, 7u, 11u}) anchor.remove(b);
  const std::vector<std::uint32_t> want = {0, 10, 8, 9, 4, 10, 5, 4, 10, 0, 4, 1, 10, 0, 9, 1};
  for (std::uint64_t k = 0; k < 16; ++k) CHECK(anchor.bucket(k, 0) == want[k]);
  CHECK(anchor.size() == 9);
}

TEST_CASE("AnchorHash: a removal moves only the removed bucket's keys, an addition only to the added", "[anchor]") {
  // A random history of removals and additions at a = 200, w = 100; at each step every key is
  // where it was, or it was on the bucket removed, or it is on the bucket added.
  const std::vector<std::uint64_t> keys = random_u64s(29, 2000);
  AnchorHash anchor(200, 100);
  std::vector<std::uint32_t> working(100), removed;
  for (std::uint32_t b = 0; b < 100; ++b) working[b] = b;
  Mulberry32 choose(3);
  std::vector<std::uint32_t> before = buckets_of(anchor, keys);
  for (int step = 0; step < 300; ++step) {
    const bool remove = working.size() > 1 && (choose.next_uint32() % 2 == 0 || anchor.size() == anchor.capacity());
    std::uint32_t changed = 0;
    if (remove) {
      const std::size_t at = choose.next_uint32() % working.size();
      changed = working[at];
      working.erase(working.begin() + static_cast<std::ptrdiff_t>(at));
      anchor.remove(changed);
    } else {
      changed = anchor.add();
      working.push_back(changed);
    }
    const std::vector<std::uint32_t> after = buckets_of(anchor, keys);
    std::size_t moved = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      REQUIRE(anchor.working(after[i]));
      if (after[i] == before[i]) continue;
      ++moved;
      if (remove) REQUIRE(before[i] == changed);
      else REQUIRE(after[i] == changed);
    }
    // About 1/n of the keys move, n the working buckets with the changed one: within 6 standard
    // deviations of a binomial count.
    const double n = remove ? working.size() + 1.0 : static_cast<double>(working.size());
    const double expected = keys.size() / n;
    CHECK(static_cast<double>(moved) <= expected + 6 * std::sqrt(expected) + 1);
    before = after;
  }
}

TEST_CASE("AnchorHash: an addition revives the last removed bucket and undoes its removal", "[anchor]") {
  const std::vector<std::uint64_t> keys = random_u64s(11, 1000);
  AnchorHash anchor(64, 40);
  const std::vector<std::uint32_t> at_start = buckets_of(anchor, keys);
  const std::vector<std::uint32_t> order = {7, 39, 0, 21, 22, 13};
  std::vector<std::vector<std::uint32_t>> seen;
  for (const std::uint32_t b : order) {
    seen.push_back(buckets_of(anchor, keys));
    anchor.remove(b);
  }
  for (std::size_t i = order.size(); i-- > 0;) {
    CHECK(anchor.add() == order[i]);
    CHECK(buckets_of(anchor, keys) == seen[i]);
  }
  CHECK(buckets_of(anchor, keys) == at_start);
  // Past the first w, the buckets the reference set aside at the start, from w up.
  CHECK(anchor.add() == 40);
  CHECK(anchor.add() == 41);
}

TEST_CASE("AnchorHash: balance over the working buckets", "[anchor]") {
  // a = 1000, half of them removed at random: 100,000 keys over the 500 left, each bucket's count
  // binomial(100000, 1/500), mean 200 and standard deviation 14.1; within 6 of them, and none on a
  // removed bucket.
  AnchorHash anchor(1000, 1000);
  std::vector<std::uint32_t> working(1000);
  for (std::uint32_t b = 0; b < 1000; ++b) working[b] = b;
  Mulberry32 choose(5);
  while (working.size() > 500) {
    const std::size_t at = choose.next_uint32() % working.size();
    anchor.remove(working[at]);
    working.erase(working.begin() + static_cast<std::ptrdiff_t>(at));
  }
  std::vector<int> count(1000);
  for (const std::uint64_t k : random_u64s(8, 100000)) ++count[anchor.bucket(k, 0)];
  const double mean = 200, sd = std::sqrt(100000 * (1.0 / 500) * (1 - 1.0 / 500));
  for (std::uint32_t b = 0; b < 1000; ++b) {
    INFO("bucket " << b);
    if (anchor.working(b)) CHECK(std::abs(count[b] - mean) <= 6 * sd);
    else CHECK(count[b] == 0);
  }
}

TEST_CASE("AnchorHash through the seam: its capacity, its default, and its mistakes", "[anchor][buckets]") {
  using V = std::vector<std::string>;
  // The default capacity is twice the buckets: ten more can be added, not eleven.
  Buckets b("anchor", {.buckets = 10});
  CHECK(b.size() == 10);
  for (std::uint32_t i = 0; i < 10; ++i) CHECK(b.add() == 10 + i);
  CHECK(error_of([&] { (void)b.add(); }) ==
        V{"limit_exceeded", "bucketCapacity", "", "all 20 buckets are live: anchor has no bucket to add"});
  // Any bucket can go, once; the last one stays.
  b.remove(4);
  CHECK(error_of([&] { b.remove(4); }) == V{"not_found", "bucketNotLive", "bucket", "bucket 4 is not a live bucket"});
  CHECK(error_of([&] { b.remove(20); }) == V{"not_found", "bucketNotLive", "bucket", "bucket 20 is not a live bucket"});
  CHECK(b.add() == 4);
  Buckets small("anchor", {.buckets = 2, .capacity = 5});
  CHECK(error_of([&] { small.remove(3); }) ==
        V{"not_found", "bucketNotLive", "bucket", "bucket 3 is not a live bucket"});  // never live
  small.remove(0);
  CHECK(error_of([&] { small.remove(1); }) ==
        V{"out_of_range", "noBucketLeft", "bucket", "removing bucket 1 would leave no bucket"});
  CHECK(small.bucket(0xffffffffffffffffull) == 1);
  // The options' ranges, a default included: it is checked as if given.
  CHECK(error_of([] { (void)Buckets("anchor", {.buckets = 10, .capacity = 8}); }) ==
        V{"out_of_range", "between", "buckets", "buckets must be between 1 and 8, got 10"});
  CHECK(error_of([] { (void)Buckets("anchor", {.buckets = 1, .capacity = 16777217}); }) ==
        V{"out_of_range", "between", "capacity", "capacity must be between 1 and 16777216, got 16777217"});
  CHECK(error_of([] { (void)Buckets("anchor", {.buckets = 16777216}); }) ==
        V{"out_of_range", "between", "capacity", "capacity must be between 1 and 16777216, got 33554432"});
  CHECK(error_of([] { (void)Buckets("anchor", {.capacity = 8}); }) ==
        V{"invalid_argument", "missing", "buckets", "buckets missing"});
  CHECK(error_of([] { (void)Buckets("anchor", {.buckets = 3, .seed = 1}); }) ==
        V{"invalid_argument", "notAnOption", "seed", "seed is not an option of anchor"});
}

}  // namespace test_anchor
