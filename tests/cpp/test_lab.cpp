// The lab (lab.hpp): its figures recomputed here from the algorithms themselves on small n, the
// counts that must add up, jump's minimal movement, and the same bytes for the same seed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "error_code.hpp"
#include "ringlab/algorithms.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/error.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/lab.hpp"
#include "ringlab/placers.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_lab {

using namespace ringlab;

namespace {

const LabRow& row_of(const LabResult& r, std::string_view name, std::string_view seam) {
  for (const LabRow& row : r.rows)
    if (row.name == name && row.seam == seam) return row;
  FAIL("no row for " << name);
  return r.rows.front();
}

// Balance recomputed from counts: Min, Max, Expected, and the ratios and Var by their definitions.
void check_balance(const LabBalance& b, const std::vector<std::uint64_t>& counts, std::uint64_t keys) {
  const auto n = static_cast<std::uint64_t>(counts.size());
  const std::uint64_t lo = *std::min_element(counts.begin(), counts.end());
  const std::uint64_t hi = *std::max_element(counts.begin(), counts.end());
  CHECK(b.keys == keys);
  CHECK(b.live == n);
  CHECK(b.min == lo);
  CHECK(b.max == hi);
  CHECK(b.expected == keys / n);
  CHECK(b.min_pct_x100 == (lo * n * 10000 + keys / 2) / keys);
  CHECK(b.max_pct_x100 == (hi * n * 10000 + keys / 2) / keys);
  std::uint64_t squares = 0;
  for (const std::uint64_t c : counts) {
    const auto d = static_cast<std::int64_t>(c) - static_cast<std::int64_t>(keys / n);
    squares += static_cast<std::uint64_t>(d * d);
  }
  CHECK(b.var_x100 == (squares * 100 + n / 2) / n);
}

std::u16string text16(std::uint64_t key) {
  const std::string s = std::to_string(key);
  return {s.begin(), s.end()};
}

}  // namespace

TEST_CASE("lab: every algorithm of both seams, in the registry's order") {
  const LabResult r = lab({.buckets = 12, .keys_per_bucket = 5, .seed = 3});
  std::vector<std::string> expected;
  for (const BucketAlgorithm& a : bucket_algorithms()) expected.emplace_back(a.name);
  for (const PlacerAlgorithm& a : placer_algorithms()) expected.emplace_back(a.name);
  std::vector<std::string> names;
  for (const LabRow& row : r.rows) names.push_back(row.name);
  CHECK(names == expected);
  CHECK(r.keys == 60);
}

TEST_CASE("lab: balance is jump's and memento's own, recomputed from the keys") {
  const std::int64_t n = 17;
  const LabResult r = lab({.buckets = n, .keys_per_bucket = 30, .seed = 99});
  const std::vector<std::uint64_t> keys = lab_keys(99, static_cast<std::uint64_t>(n) * 30);
  std::vector<std::uint64_t> counts(n, 0);
  for (const std::uint64_t k : keys) ++counts[static_cast<std::size_t>(jump(k, n))];
  check_balance(row_of(r, "jump", "bucket").balance, counts, keys.size());

  // MementoHash takes a key's text: its decimal digits.
  const Buckets memento("memento", {.buckets = n});
  std::fill(counts.begin(), counts.end(), 0);
  for (const std::uint64_t k : keys) ++counts[memento.bucket_key(std::to_string(k))];
  check_balance(row_of(r, "memento", "bucket").balance, counts, keys.size());

  // The ring over servers S0..S{n-1}: each key's text, the server's number its place.
  std::vector<PlacerServer> servers;
  for (std::int64_t i = 0; i < n; ++i) {
    const std::string name = "S" + std::to_string(i);
    servers.push_back({.name = std::u16string(name.begin(), name.end())});
  }
  const Placer ring("ring", {.servers = servers});
  std::fill(counts.begin(), counts.end(), 0);
  for (const std::uint64_t k : keys) ++counts[ring.place(text16(k))];
  check_balance(row_of(r, "ring", "server").balance, counts, keys.size());
}

TEST_CASE("lab: AnchorHash's monotonicity, recomputed by removing and adding its buckets") {
  const std::uint32_t n = 20;
  const LabResult r = lab({.buckets = n, .keys_per_bucket = 40, .seed = 5});
  std::vector<std::uint64_t> keys = lab_keys(5, std::uint64_t{n} * 40);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  CHECK(r.distinct_keys == keys.size());
  const LabRow& row = row_of(r, "anchor", "bucket");
  REQUIRE(row.removal == "any");
  REQUIRE(row.monotonicity.size() == 3);
  for (const LabMonotonicity& m : row.monotonicity) {
    Buckets b("anchor", {.buckets = n});
    const std::uint32_t removed = n * m.fraction_pct / 100;
    CHECK(m.removed == removed);
    std::vector<std::uint32_t> a, after_remove, after_add;
    for (const std::uint64_t k : keys) a.push_back(b.bucket(k));
    for (std::uint32_t i = 0; i < removed; ++i) b.remove(n - 1 - i);
    for (const std::uint64_t k : keys) after_remove.push_back(b.bucket(k));
    // Added again in the reverse order of removal: AnchorHash gives back the last bucket removed.
    for (std::uint32_t i = removed; i-- > 0;) CHECK(b.add() == n - 1 - i);
    for (const std::uint64_t k : keys) after_add.push_back(b.bucket(k));
    std::uint64_t in_removed = 0, from_other = 0, relocated = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (a[i] >= n - removed) ++in_removed;
      else if (after_remove[i] != a[i]) ++from_other;
      if (after_add[i] != a[i]) ++relocated;
    }
    CHECK(m.keys_in_removed_nodes == in_removed);
    CHECK(m.keys_moved_from_other_nodes == from_other);
    CHECK(m.keys_relocated_after_resize == relocated);
  }
}

TEST_CASE("lab: the counts add up, and jump moves only the removed buckets' keys") {
  const LabResult r = lab({.buckets = 40, .keys_per_bucket = 25, .seed = 11});
  for (const LabRow& row : r.rows) {
    INFO(row.name << " (" << row.seam << ")");
    CHECK(row.work_lookups == std::min<std::uint64_t>(1000, r.keys));
    if (!row.skipped.empty()) continue;
    const LabBalance& b = row.balance;
    CHECK(b.min <= b.expected);
    CHECK(b.min * b.live <= b.keys);
    CHECK(b.max * b.live >= b.keys);
    CHECK((row.removal == "none") == row.monotonicity.empty());
    for (const LabMonotonicity& m : row.monotonicity) {
      // A removed bucket's keys all move; keys that move back are at most the keys that moved.
      CHECK(m.keys_moved_from_removed_nodes == m.keys_in_removed_nodes);
      CHECK(m.keys_moved_to_restored_nodes + m.keys_moved_to_other_nodes <= r.distinct_keys);
      CHECK(m.nodes_losing_keys <= 40);
      CHECK(m.nodes_gaining_keys <= 40);
      CHECK(m.keys_relocated_after_resize <= r.distinct_keys);
    }
    // Histories: none, then 10, 50 and 90 % in each order it has; the live buckets are what is left.
    const std::size_t orders = row.removal == "any" ? 3 : row.removal == "last" ? 1 : 0;
    CHECK(row.histories.size() == orders * 3);
    for (const LabHistory& h : row.histories) {
      CHECK(h.balance.live == 40 - 40 * h.fraction_pct / 100);
      CHECK(h.balance.keys == r.keys);
    }
  }
  // Every bucket hasher that removes moves only the removed buckets' keys, and on adding them back
  // only keys to them. One that removes only its last bucket is n again after the additions, and so
  // gives every key its first bucket again.
  for (const LabRow& row : r.rows) {
    if (row.seam != "bucket" || row.removal == "none") continue;
    INFO(row.name);
    for (const LabMonotonicity& m : row.monotonicity) {
      CHECK(m.keys_moved_from_other_nodes == 0);
      CHECK(m.keys_moved_to_other_nodes == 0);
      if (row.removal != "last") continue;
      CHECK(m.keys_relocated_after_resize == 0);
      CHECK(m.keys_moved_to_restored_nodes == m.keys_in_removed_nodes);
    }
  }
}

TEST_CASE("lab: jump's work is its jumps, counted from its traces") {
  const LabResult r = lab({.buckets = 64, .keys_per_bucket = 20, .seed = 2});
  const LabRow& row = row_of(r, "jump", "bucket");
  const std::vector<std::uint64_t> keys = lab_keys(2, 1000);
  std::uint64_t jumps = 0;
  for (const std::uint64_t k : keys) jumps += jump_trace(k, 64).size();
  std::map<std::string, std::uint64_t> work;
  for (const LabWork& w : row.work) work[w.kind] = w.total;
  CHECK(row.work_lookups == 1000);
  CHECK(work["jump"] == jumps);
}

TEST_CASE("lab: the same seed gives the same bytes, another seed other keys") {
  const LabParams p{.buckets = 15, .keys_per_bucket = 8, .seed = 42};
  CHECK(lab_json(lab(p)) == lab_json(lab(p)));
  CHECK(lab_text(lab(p)) == lab_text(lab(p)));
  CHECK(lab_csv(lab(p)) == lab_csv(lab(p)));
  CHECK(lab_json(lab(p)) != lab_json(lab({.buckets = 15, .keys_per_bucket = 8, .seed = 43})));
}

TEST_CASE("lab: its values are checked against its rows") {
  CHECK(code_of([] { (void)lab({.buckets = 0}); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { (void)lab({.buckets = 1'000'001}); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { (void)lab({.keys_per_bucket = 0}); }) == ErrorCode::out_of_range);
  // At most 10^7 keys: 10 a bucket at 10^6 buckets, refused before any key is made.
  CHECK(code_of([] { (void)lab({.buckets = 1'000'000, .keys_per_bucket = 11}); }) == ErrorCode::out_of_range);
}

TEST_CASE("lab: keys per bucket left out is the most the buckets allow") {
  CHECK(lab_max_keys_per_bucket(1) == kMaxLabKeysPerBucket);
  CHECK(lab_max_keys_per_bucket(100'000) == 100);
  CHECK(lab_max_keys_per_bucket(100'001) == 99);
  CHECK(lab_max_keys_per_bucket(1'000'000) == 10);
  for (const std::int64_t n : {1, 999, 100'000, 333'333, 1'000'000})
    CHECK(n * lab_max_keys_per_bucket(n) <= kMaxLabKeys);
  // The row's default is that rule, which --help words.
  CHECK(kLabParams[1].default_of == &lab_max_keys_per_bucket);
  const LabResult r = lab({.buckets = 7, .seed = 3});
  CHECK(r.keys_per_bucket == 100);
  CHECK(r.keys == 700);
  CHECK(lab_json(r) == lab_json(lab({.buckets = 7, .keys_per_bucket = 100, .seed = 3})));
}

TEST_CASE("lab: the same bytes on one thread as on several") {
  for (const std::int64_t seed : {5, 11}) {
    CAPTURE(seed);
    const LabParams params{.buckets = 30, .keys_per_bucket = 7, .seed = seed};
    LabParams one = params;
    one.threads = 1;
    const LabResult single = lab(one);
    for (const std::int64_t threads : {2, 3}) {
      LabParams many = params;
      many.threads = threads;
      const LabResult r = lab(many);
      CHECK(lab_text(r) == lab_text(single));
      CHECK(lab_json(r) == lab_json(single));
      CHECK(lab_csv(r) == lab_csv(single));
    }
  }
}

TEST_CASE("lab: progress is told once a row, as each row completes, on one thread or several") {
  for (const std::int64_t threads : {1, 3}) {
    CAPTURE(threads);
    LabParams p{.buckets = 12, .keys_per_bucket = 4, .seed = 9, .threads = threads};
    const LabResult quiet = lab(p);
    std::vector<std::string> names;
    std::vector<std::size_t> complete;
    p.progress = [&](std::string_view name, std::size_t done, std::size_t rows) {
      CHECK(rows == quiet.rows.size());
      names.emplace_back(name);
      complete.push_back(done);
    };
    const LabResult told = lab(p);
    // Told or not, the same figures.
    CHECK(lab_json(told) == lab_json(quiet));
    std::vector<std::size_t> counting(quiet.rows.size());
    for (std::size_t i = 0; i < counting.size(); ++i) counting[i] = i + 1;
    CHECK(complete == counting);
    std::vector<std::string> rows;
    for (const LabRow& r : quiet.rows) rows.push_back(r.name);
    std::sort(names.begin(), names.end());
    std::sort(rows.begin(), rows.end());
    CHECK(names == rows);
  }
}

TEST_CASE("lab: each algorithm's bytes are its seam's, after its build and after each history") {
  const std::int64_t n = 40;
  const LabResult r = lab({.buckets = n, .keys_per_bucket = 3, .seed = 7});
  // Rebuilt here as the lab builds them: the bytes are the state's, not the lab's.
  CHECK(row_of(r, "jump", "bucket").memory_bytes == 0);
  CHECK(row_of(r, "memento", "bucket").memory_bytes == Buckets("memento", {.buckets = n}).memory_bytes());
  CHECK(row_of(r, "memento", "bucket").memory_bytes == 0);
  // AnchorHash's four arrays of a = 2n entries (its default capacity), its a - n buckets removed
  // at the start on its stack: 4 bytes each.
  CHECK(row_of(r, "anchor", "bucket").memory_bytes == 4 * (4 * 2 * n + n));
  // DxHash: a bit a slot.
  CHECK(row_of(r, "dx", "bucket").memory_bytes == Buckets("dx", {.buckets = n}).memory_bytes());
  // Rendezvous holds the names S0 .. S39: 2 bytes a UTF-16 unit.
  std::uint64_t names = 0;
  for (std::int64_t i = 0; i < n; ++i) names += 2 * ("S" + std::to_string(i)).size();
  CHECK(row_of(r, "rendezvous", "server").memory_bytes == names);
  PlacerOptions o;
  for (std::int64_t i = 0; i < n; ++i) {
    const std::string name = "S" + std::to_string(i);
    o.servers.push_back({.name = std::u16string(name.begin(), name.end())});
  }
  CHECK(row_of(r, "ring", "server").memory_bytes == Placer("ring", o).memory_bytes());

  // MementoHash remembers each removed bucket (12 bytes an entry) in a table at most a quarter full of
  // 16, 32, ... slots: its bytes grow with the buckets removed, but for its last bucket, which it
  // removes by shrinking its b-array (LIFO: nothing remembered).
  for (const LabHistory& h : row_of(r, "memento", "bucket").histories) {
    CAPTURE(h.order, h.fraction_pct);
    if (h.order == "lifo") {
      CHECK(h.memory_bytes == 0);
      continue;
    }
    const std::uint64_t removed = static_cast<std::uint64_t>(n) * h.fraction_pct / 100;
    std::uint64_t slots = 16;
    while (slots < 4 * removed) slots *= 2;
    CHECK(h.memory_bytes == 12 * slots);
  }
  // Jump holds nothing, however many are removed.
  for (const LabHistory& h : row_of(r, "jump", "bucket").histories) CHECK(h.memory_bytes == 0);
}

TEST_CASE("lab: bytes per bucket in every output") {
  const LabResult r = lab({.buckets = 10, .keys_per_bucket = 2, .seed = 1});
  const std::string text = lab_text(r);
  CHECK(text.find("Bytes/bucket") != std::string::npos);
  // AnchorHash at n = 10: 4 x (4 x 20 + 10) = 360 bytes, 36.00 a bucket.
  CHECK(lab_json(r).find("\"algorithm\":\"anchor\",") != std::string::npos);
  CHECK(lab_json(r).find("\"bytes\":360,\"bytesPerBucket\":36.00") != std::string::npos);
  CHECK(lab_csv(r).find("anchor,10,") != std::string::npos);
  CHECK(lab_csv(r).find(",360,36.00\n") != std::string::npos);
}

TEST_CASE("lab: times only when asked for, one row an algorithm") {
  const LabResult plain = lab({.buckets = 8, .keys_per_bucket = 4, .seed = 2});
  for (const LabRow& row : plain.rows) CHECK_FALSE(row.times.has_value());
  CHECK(lab_text(plain).find("times") == std::string::npos);
  CHECK(lab_json(plain).find("\"times\"") == std::string::npos);
  CHECK(lab_csv(plain).find("InitMs") == std::string::npos);

  LabParams p{.buckets = 8, .keys_per_bucket = 4, .seed = 2};
  p.times = true;
  const LabResult timed = lab(p);
  for (const LabRow& row : timed.rows) {
    CAPTURE(row.name, row.seam);
    REQUIRE(row.times.has_value());
    CHECK(row.times->keys == 32);  // every key: fewer than kLabTimeKeys
    CHECK(row.times->init_ms >= 0);
    CHECK(row.times->map_ns >= 0);
    // Hashing apart only for a placer that maps a hash (all but the two rendezvous).
    const bool split = row.seam == "server" && row.name.find("rendezvous") == std::string::npos;
    CHECK(row.times->hash_ns.has_value() == split);
  }
  // The deterministic part is the same bytes as without times, the times after it.
  const std::string text = lab_text(timed);
  CHECK(text.substr(0, lab_text(plain).size()) == lab_text(plain));
  CHECK(text.find("\ntimes (") != std::string::npos);
  CHECK(lab_csv(timed).find("\nAlgorithm,InitMs,Keys,HashNsPerKey,MapNsPerKey\n") != std::string::npos);
}

TEST_CASE("lab: the papers' claims, computed from the algorithms") {
  const std::vector<LabClaim> c = lab_claims(kCourseSeed);
  // Six claims, each of a bucket hasher of the registry, none twice.
  std::set<std::string> names;
  for (const LabClaim& x : c) {
    names.insert(x.algorithm);
    CHECK(find_bucket_algorithm(x.algorithm) != nullptr);
    CHECK_FALSE(x.paper_figure.empty());
    CHECK_FALSE(x.lab_figure.empty());
    // Its values are the numbers its figures print: a page writes them in its own language.
    CHECK_FALSE(x.values.empty());
  }
  CHECK(c.size() == 6);
  CHECK(names.size() == c.size());
  // The same bytes for the same seed.
  CHECK(lab_claims_text(c) == lab_claims_text(lab_claims(kCourseSeed)));
  CHECK(lab_claims_json(c).find("\"algorithm\":\"jumpback\"") == 1);
  CHECK(lab_claims_json(c).find(",\"values\":{\"keys\":100000,\"mean\":") != std::string::npos);
}

}  // namespace test_lab
