// MementoHash (buckets/memento.hpp): the SUPSI reference's answers on its definition's example,
// jump (Guava's) of xxh32 while nothing is removed, and the properties that make it a consistent
// hash with arbitrary removals: a bucket added takes keys only for itself, a bucket removed gives
// away only its own keys, and the keys spread over the live buckets within a binomial bound. Its
// vectors (tests/golden/buckets/memento.tsv, the reference run on random histories) run through
// the bucket seam in test_buckets.cpp, the package's and the command lines' tests.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "error_code.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/memento.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/random.hpp"
#include "ringlab/xxh32.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_memento {

using namespace ringlab;

namespace {

// "key0" .. "key{count - 1}".
std::vector<std::string> numbered_keys(const char* prefix, int count) {
  std::vector<std::string> keys;
  for (int i = 0; i < count; ++i) keys.push_back(prefix + std::to_string(i));
  return keys;
}

std::vector<std::uint32_t> buckets_of(const Memento& m, const std::vector<std::string>& keys) {
  std::vector<std::uint32_t> out;
  out.reserve(keys.size());
  for (const std::string& k : keys) out.push_back(m.bucket(k));
  return out;
}

// A live bucket picked at random.
std::uint32_t live_bucket(const Memento& m, Mulberry32& rng) {
  for (;;) {
    const std::uint32_t b = rng.next_uint32() % m.b_array_size();
    if (m.live(b)) return b;
  }
}

}  // namespace

TEST_CASE("MementoHash: the reference's answers on its definition's example", "[memento]") {
  // MementoEngine(10, XX) on "key0" .. "key15" (SUPSI's reference at 68803f8, run on the JDK):
  // remove 3 (no key was on it), 7, then 9, which is the b-array's last bucket but is remembered
  // because 3 and 7 are; add gives back 9, 7 and 3 in that order, and then a new bucket, 10.
  const std::vector<std::string> keys = numbered_keys("key", 16);
  using Row = std::vector<std::uint32_t>;
  const Row ten{8, 5, 8, 7, 8, 9, 1, 6, 2, 4, 1, 9, 1, 4, 7, 9};
  Memento m(10);
  CHECK(buckets_of(m, keys) == ten);
  m.remove(3);
  CHECK(buckets_of(m, keys) == ten);
  m.remove(7);
  CHECK(buckets_of(m, keys) == Row{8, 5, 8, 8, 8, 9, 1, 6, 2, 4, 1, 9, 1, 4, 1, 9});
  m.remove(9);
  CHECK(m.b_array_size() == 10);
  CHECK(m.size() == 7);
  CHECK(buckets_of(m, keys) == Row{8, 5, 8, 8, 8, 2, 1, 6, 2, 4, 1, 0, 1, 4, 1, 4});
  CHECK(m.add() == 9);
  CHECK(buckets_of(m, keys) == Row{8, 5, 8, 8, 8, 9, 1, 6, 2, 4, 1, 9, 1, 4, 1, 9});
  CHECK(m.add() == 7);
  CHECK(m.add() == 3);
  CHECK(buckets_of(m, keys) == ten);
  CHECK(m.remembered() == 0);
  CHECK(m.add() == 10);
  CHECK(buckets_of(m, keys) == Row{8, 10, 8, 7, 8, 9, 10, 6, 2, 4, 1, 9, 1, 4, 7, 9});
}

TEST_CASE("MementoHash: with nothing removed it is Guava's jump of the key's xxh32", "[memento]") {
  Mulberry32 rng(3);
  const std::vector<std::string> keys = numbered_keys("user:", 500);
  for (const std::uint32_t n : {1u, 2u, 10u, 1000u, 65536u, 2147483647u, rng.next_uint32() >> 1}) {
    INFO("n " << n);
    const Memento m(n);
    for (const std::string& k : keys)
      REQUIRE(m.bucket(k) == static_cast<std::uint32_t>(guava_jump_unchecked(xxh32(k), static_cast<std::int32_t>(n))));
  }
}

TEST_CASE("MementoHash: the tail shrinks while nothing is remembered, as jump's does", "[memento]") {
  Memento m(10);
  m.remove(9);
  m.remove(8);
  CHECK(m.b_array_size() == 8);
  CHECK(m.remembered() == 0);
  for (const std::string& k : numbered_keys("k", 300))
    CHECK(m.bucket(k) == static_cast<std::uint32_t>(guava_jump_unchecked(xxh32(k), 8)));
  CHECK(m.add() == 8);
  CHECK(m.add() == 9);
  // Bucket 0 removed from two: every key goes to bucket 1 (its rehash is the key's own hash, mod 1).
  Memento two(2);
  two.remove(0);
  CHECK(two.remembered() == 1);
  for (const std::string& k : numbered_keys("k", 50)) CHECK(two.bucket(k) == 1);
}

TEST_CASE("MementoHash: a bucket removed gives away only its keys, and the same bucket back takes them back",
          "[memento]") {
  // Random removals from 200 buckets down to 20, each checked against the mapping before it:
  // a key moves only if it was on the removed bucket, and then to a live one. About 1/live of the
  // keys move each time: within 6 standard deviations of the binomial count.
  Mulberry32 rng(11);
  const std::vector<std::string> keys = numbered_keys("key:", 4000);
  Memento m(200);
  std::vector<std::uint32_t> before = buckets_of(m, keys);
  std::vector<std::vector<std::uint32_t>> history{before};
  std::vector<std::uint32_t> removed;
  while (m.size() > 20) {
    const std::uint32_t b = live_bucket(m, rng);
    const double p = 1.0 / m.size();
    m.remove(b);
    removed.push_back(b);
    const std::vector<std::uint32_t> after = buckets_of(m, keys);
    std::size_t moved = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (after[i] == before[i]) {
        REQUIRE(before[i] != b);
        continue;
      }
      REQUIRE(before[i] == b);
      REQUIRE(m.live(after[i]));
      ++moved;
    }
    const double mean = keys.size() * p;
    CHECK(std::abs(static_cast<double>(moved) - mean) <= 6 * std::sqrt(mean * (1 - p)) + 1);
    before = after;
    history.push_back(after);
  }
  // add() gives back the bucket removed last, and with it the mapping before that removal.
  history.pop_back();
  while (!removed.empty()) {
    CHECK(m.add() == removed.back());
    removed.pop_back();
    REQUIRE(buckets_of(m, keys) == history.back());
    history.pop_back();
  }
  CHECK(m.remembered() == 0);
  CHECK(m.b_array_size() == 200);
}

TEST_CASE("MementoHash: a bucket added takes keys only for itself", "[memento]") {
  // After random removals and adds, each add() (a remembered bucket back, or a new one at the
  // end) moves keys only to the bucket it makes live.
  Mulberry32 rng(23);
  const std::vector<std::string> keys = numbered_keys("item-", 3000);
  Memento m(50);
  for (int step = 0; step < 300; ++step) {
    const bool add = m.size() == 1 || rng.next_uint32() % 3 == 0;
    const std::vector<std::uint32_t> before = buckets_of(m, keys);
    if (!add) {
      m.remove(live_bucket(m, rng));
      continue;
    }
    const std::uint32_t b = m.add();
    const std::vector<std::uint32_t> after = buckets_of(m, keys);
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (after[i] != before[i]) REQUIRE(after[i] == b);
  }
}

TEST_CASE("MementoHash: balance over the live buckets after removals", "[memento]") {
  // 100 buckets, 40 of them removed at random: 60,000 keys over the 60 live ones, 1,000 each on
  // average; every live bucket within 6 standard deviations of the binomial count, no key on a
  // removed bucket.
  Mulberry32 rng(5);
  Memento m(100);
  while (m.size() > 60) m.remove(live_bucket(m, rng));
  std::vector<int> count(100);
  for (int i = 0; i < 60000; ++i) ++count[m.bucket("balance:" + std::to_string(i))];
  const double p = 1.0 / 60;
  const double mean = 60000 * p;
  const double bound = 6 * std::sqrt(mean * (1 - p));
  for (std::uint32_t b = 0; b < 100; ++b) {
    INFO("bucket " << b);
    if (m.live(b)) CHECK(std::abs(count[b] - mean) <= bound);
    else CHECK(count[b] == 0);
  }
}

TEST_CASE("MementoHash: a key's bucket given its xxh32 is the bucket of the key", "[memento]") {
  // bucket(key, xxh32(key)) hashes the key only to rehash it: the same answer as bucket(key), with
  // nothing removed and after each of 150 random removals from 200 buckets (bucket 0 among them,
  // whose rehash is the key's own hash).
  Mulberry32 rng(17);
  const std::vector<std::string> keys = numbered_keys("given:", 400);
  Memento m(200);
  m.remove(0);
  while (m.size() > 50) {
    for (const std::string& k : keys) REQUIRE(m.bucket(k, xxh32(k)) == m.bucket(k));
    m.remove(live_bucket(m, rng));
  }
}

namespace {

// A random key of 1 .. 100 bytes: ASCII, or UTF-8 of two, three and four bytes; long ones past the
// rehash's buffer of 60 bytes and past xxh32's 16-byte stripes.
std::string random_key(Mulberry32& rng) {
  const std::uint32_t length = 1 + rng.next_uint32() % (rng.next_uint32() % 4 == 0 ? 100 : 20);
  std::string k;
  while (k.size() < length) {
    switch (rng.next_uint32() % 4) {
      case 0: k += "\xe0\xa6\x95"; break;      // ক
      case 1: k += "\xc3\xa9"; break;          // é
      case 2: k += "\xf0\x9f\x94\x91"; break;  // a key's emoji
      default: k.push_back(static_cast<char>('a' + rng.next_uint32() % 26));
    }
  }
  return k;
}

// The Guava jumps (draws) a key's lookup takes, from its trace.
std::size_t jumps_of(const Memento& m, const std::string& key) {
  BucketTrace t;
  (void)m.bucket(key, t);
  const std::vector<BucketStep> steps = std::move(t).finish(0, 0);
  return static_cast<std::size_t>(
      std::count_if(steps.begin(), steps.end(), [](const BucketStep& s) { return s.kind == BucketStepKind::draw; }));
}

}  // namespace

TEST_CASE("MementoHash: a batch is each key's own lookup, through random histories", "[memento]") {
  // bucket_many takes Guava's jumps of a block of 256 keys in rounds, then the first rehashes of
  // the block's keys that landed on removed buckets in a round, then the rest of their walks:
  // every key's answer is bucket(key), on random sizes (1 to 2^31 - 1 buckets), random removals
  // (bucket 0 among them) and adds, and batches of every length from 0 to 403 (a block and part of
  // another). Neighbouring keys take different numbers of Guava's steps, so their walks end in
  // different rounds.
  Mulberry32 rng(2026);
  std::vector<std::string> keys;
  for (int i = 0; i < 403; ++i) keys.push_back(random_key(rng));
  const std::vector<std::string_view> views(keys.begin(), keys.end());
  std::vector<std::uint32_t> hashes;
  for (const std::string& k : keys) hashes.push_back(xxh32(k));
  bool uneven_group = false;
  for (const std::uint32_t n : {1u, 2u, 3u, 7u, 64u, 1000u, 4093u, 2147483647u}) {
    Memento m(n);
    for (int step = 0; step < 40; ++step) {
      INFO("n " << n << ", step " << step << ", live " << m.size());
      const std::size_t count = rng.next_uint32() % (keys.size() + 1);
      std::vector<std::uint32_t> batch(count), given(count);
      m.bucket_many(std::span(views).first(count), batch);
      m.bucket_many(std::span(views).first(count), std::span(hashes).first(count), given);
      for (std::size_t i = 0; i < count; ++i) {
        REQUIRE(batch[i] == m.bucket(keys[i]));
        REQUIRE(given[i] == batch[i]);
      }
      for (std::size_t i = 0; i + 1 < count && !uneven_group; ++i)
        uneven_group = jumps_of(m, keys[i]) != jumps_of(m, keys[i + 1]);
      // A removal (of any live bucket while more than one is), or now and then an add.
      if (m.size() > 1 && rng.next_uint32() % 4 != 0) {
        std::uint32_t b = rng.next_uint32() % m.b_array_size();
        while (!m.live(b)) b = rng.next_uint32() % m.b_array_size();
        m.remove(b);
      } else if (m.b_array_size() < 2147483647u || m.remembered() > 0) {
        (void)m.add();
      }
    }
  }
  CHECK(uneven_group);
}

TEST_CASE("MementoHash: a rehash is xxh32 of the key and the bucket's 4 bytes, long keys too", "[memento]") {
  // The trace's candidate after a removed bucket b (b > 0) carries the rehash's hash: here it is
  // checked against the stream, fed the key and then b big-endian, for short keys and for keys
  // past 60 bytes (several stripes).
  Mulberry32 rng(7);
  Memento m(300);
  while (m.size() > 30) {
    std::uint32_t b = rng.next_uint32() % m.b_array_size();
    while (!m.live(b)) b = rng.next_uint32() % m.b_array_size();
    m.remove(b);
  }
  int checked_long = 0, checked_short = 0;
  for (int i = 0; i < 2000; ++i) {
    const std::string key = random_key(rng);
    BucketTrace t;
    (void)m.bucket(key, t);
    const std::vector<BucketStep> steps = std::move(t).finish(0, 0);
    for (std::size_t s = 0; s + 1 < steps.size(); ++s) {
      if (steps[s].kind != BucketStepKind::removed || steps[s].bucket == 0) continue;
      const std::uint32_t b = steps[s].bucket;
      const char be[4] = {static_cast<char>(b >> 24), static_cast<char>(b >> 16), static_cast<char>(b >> 8),
                          static_cast<char>(b)};
      REQUIRE(steps[s + 1].kind == BucketStepKind::candidate);
      REQUIRE(steps[s + 1].value == Xxh32().update(key).update(std::string_view(be, 4)).digest());
      ++(key.size() > 60 ? checked_long : checked_short);
    }
  }
  CHECK(checked_long > 10);
  CHECK(checked_short > 10);
}

TEST_CASE("MementoHash: a rehash is the stream's xxh32 at every key length and for every byte of a bucket",
          "[memento]") {
  // Memento::rehash joins the key's end and the bucket's bytes in registers, each length its own
  // way: totals below 16 bytes, exactly 16, one stripe and a tail, several stripes. Every length
  // 1 .. 70, at offsets that leave the key's words unaligned, against the stream fed the key and
  // then b big-endian; the buckets' bytes include 0x00 and 0xFF in each position.
  std::string bytes;
  Mulberry32 rng(23);
  for (int i = 0; i < 80; ++i) bytes.push_back(static_cast<char>(rng.next_uint32()));
  bytes[3] = '\0';
  bytes[5] = '\xff';
  const std::uint32_t buckets[] = {1,          0xFF,       0xFF00,     0xFF0000,   0x7F000000, 0x00FFFFFF,
                                   0x7FFFFF00, 0x7FFFFFFE, 0x01000000, 0x00010001, 12345678};
  for (std::size_t length = 1; length <= 70; ++length) {
    for (std::size_t offset = 0; offset < 4; ++offset) {
      const std::string_view key = std::string_view(bytes).substr(offset, length);
      for (const std::uint32_t b : buckets) {
        const char be[4] = {static_cast<char>(b >> 24), static_cast<char>(b >> 16), static_cast<char>(b >> 8),
                            static_cast<char>(b)};
        INFO("length " << length << ", offset " << offset << ", bucket " << b);
        REQUIRE(Memento::rehash(key, b) == Xxh32().update(key).update(std::string_view(be, 4)).digest());
      }
    }
  }
}

TEST_CASE("MementoHash through the seam: a key's text, any live bucket removed, the last removed added",
          "[memento][buckets]") {
  using V = std::vector<std::string>;
  Buckets b("memento", {.buckets = 10});
  CHECK(b.algorithm().input == BucketInput::text);
  // The example's "key3": on 7, then on 8 once 3 and 7 are removed (the reference's answers).
  CHECK(b.bucket_key("key3") == 7);
  b.remove(3);
  b.remove(7);
  CHECK(b.bucket_key("key3") == 8);
  CHECK(error_of([&] { b.remove(7); }) == V{"not_found", "bucketNotLive", "bucket", "bucket 7 is not a live bucket"});
  CHECK(error_of([&] { b.remove(10); }) == V{"not_found", "bucketNotLive", "bucket", "bucket 10 is not a live bucket"});
  CHECK(b.add() == 7);
  CHECK(b.bucket_key("key3") == 7);
  CHECK(b.add() == 3);
  CHECK(b.add() == 10);
  CHECK(b.size() == 11);
  // A key in UTF-8 is its bytes: "কী" is xxh32 of its six bytes.
  const std::string bengali = "\xe0\xa6\x95\xe0\xa7\x80";
  CHECK(b.bucket_key(bengali) == static_cast<std::uint32_t>(guava_jump_unchecked(xxh32(bengali), 11)));
  CHECK(error_of([&] { (void)b.bucket_key(""); }) ==
        V{"invalid_argument", "emptyInput", "input", "input must not be empty: memento hashes no empty key"});
  Buckets one("memento", {.buckets = 2});
  one.remove(0);
  CHECK(error_of([&] { one.remove(1); }) ==
        V{"out_of_range", "noBucketLeft", "bucket", "removing bucket 1 would leave no bucket"});
  Buckets full("memento", {.buckets = 2147483647});
  CHECK(error_of([&] { (void)full.add(); }) ==
        V{"limit_exceeded", "bucketCapacity", "", "all 2147483647 buckets are live: memento has no bucket to add"});
  // With a bucket remembered there is one to give back, whatever the b-array's size.
  full.remove(5);
  CHECK(full.add() == 5);
  CHECK_THROWS_AS(Buckets("memento", {.buckets = 0}), Error);
  CHECK_THROWS_AS(Buckets("memento", {.buckets = std::int64_t{1} << 31}), Error);
}

}  // namespace test_memento
