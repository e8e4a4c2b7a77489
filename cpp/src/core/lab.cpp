#include "ringlab/lab.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

#include "parallel.hpp"
#include "ringlab/algorithms.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/js_math.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/once.hpp"
#include "ringlab/placers.hpp"
#include "ringlab/random.hpp"

namespace ringlab {
namespace {

// Counts times counts (Var's squares, Min x live x 10000) in full: 10^7 keys at 10^5 buckets
// overflow 64 bits in the worst case.
__extension__ using u128 = unsigned __int128;

// Keys are looked up in batches of this many: the seams' batch calls, and bounded loads' batch
// (its capacities are for each batch of this many keys).
constexpr std::size_t kBatch = 65'536;
// The keys whose traces are counted.
constexpr std::size_t kWorkKeys = 1'000;

// A key's text: its decimal digits.
std::string_view decimal(std::uint64_t key, std::array<char, 24>& buf) {
  const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), key);
  return {buf.data(), static_cast<std::size_t>(r.ptr - buf.data())};
}
std::u16string decimal16(std::uint64_t key) {
  std::array<char, 24> buf{};
  const std::string_view s = decimal(key, buf);
  return {s.begin(), s.end()};
}

std::u16string server_name(std::uint32_t i) {
  std::u16string s = u"S";
  for (const char c : std::to_string(i)) s += static_cast<char16_t>(c);
  return s;
}
std::string node_name(std::uint32_t i) { return "S" + std::to_string(i); }

// Keys looked up on every pass, and what a placer makes of them, computed once a run: each key's
// h32 (the hash of its text, which every placer that maps a hash takes), in the keys' order and
// ascending.
struct KeySet {
  std::span<const std::uint64_t> keys;
  std::vector<std::uint32_t> hashes;
  std::vector<std::uint32_t> sorted;
};

KeySet key_set(std::span<const std::uint64_t> keys) {
  KeySet ks{.keys = keys, .hashes = std::vector<std::uint32_t>(keys.size()), .sorted = {}};
  std::array<char, 24> buf{};
  // A key's text is its decimal digits, ASCII: h32_bytes is h32 of the same text as UTF-16.
  for (std::size_t i = 0; i < keys.size(); ++i) ks.hashes[i] = h32_bytes(decimal(keys[i], buf));
  ks.sorted = ks.hashes;
  std::sort(ks.sorted.begin(), ks.sorted.end());
  return ks;
}

// One algorithm under test, its answers numbered by place: bucket i and server Si are place i
// however the algorithm renumbers its own answers after a removal.
class Subject {
 public:
  virtual ~Subject() = default;
  // out[i] = the place of the i-th key in the subject's order: the keys' order, or for a placer whose
  // server is its hash's alone, the hashes ascending. Every figure is a count over the keys, the
  // same in any order, and a subject looks a set up in the same order on every pass, so that
  // out[i] of two passes is the same key's; ascending hashes meet a ring's tokens in order, where
  // the keys' order would jump across them (a cache miss a lookup at 10^7 points).
  virtual void lookup(const KeySet& ks, std::span<std::uint32_t> out) = 0;
  // The places taken out, in order, and added back, in order: one batch of the seam's each
  // (add_many, remove_many), the same as one operation at a time.
  virtual void remove(std::span<const std::uint32_t> places) = 0;
  virtual void add_back(std::span<const std::uint32_t> places) = 0;
  // The trace steps of the first keys, counted by kind into totals (indexed by the seam's kinds).
  virtual void count_steps(std::span<const std::uint64_t> keys, std::vector<std::uint64_t>& totals) = 0;
  // A copy of its state (the seams' clone): the lab builds each algorithm once, at n, and copies
  // that start for each history, where a ring of 10^7 points would be hashed and sorted again.
  [[nodiscard]] virtual std::unique_ptr<Subject> clone() const = 0;
  // The bytes its state holds (the seams' memory_bytes).
  [[nodiscard]] virtual std::uint64_t memory_bytes() const = 0;
  // Whether lookup() maps the keys' hashes (KeySet::hashes or sorted) rather than the keys: then
  // hashing them is apart from the lookup, and timed apart.
  [[nodiscard]] virtual bool maps_hash() const = 0;
};

class BucketSubject final : public Subject {
 public:
  BucketSubject(const BucketAlgorithm& a, std::uint32_t n) : b_(a.name, options(a, n)), at_(n), place_(n) {
    for (std::uint32_t i = 0; i < n; ++i) at_[i] = place_[i] = i;
  }

  void lookup(const KeySet& ks, std::span<std::uint32_t> out) override {
    const std::span<const std::uint64_t> keys = ks.keys;
    const BucketInput input = b_.algorithm().input;
    for (std::size_t from = 0; from < keys.size(); from += kBatch) {
      const std::size_t count = std::min(kBatch, keys.size() - from);
      const auto chunk = keys.subspan(from, count);
      const auto dst = out.subspan(from, count);
      if (input == BucketInput::u64) b_.bucket_many(chunk, dst);
      else if (input == BucketInput::u32) {
        u32_.resize(count);
        for (std::size_t i = 0; i < count; ++i) u32_[i] = static_cast<std::uint32_t>(chunk[i]);
        b_.bucket_many(std::span<const std::uint32_t>(u32_), dst);
      } else {
        // The texts of a batch, in buffers reused from batch to batch.
        texts_.resize(count);
        views_.resize(count);
        for (std::size_t i = 0; i < count; ++i) views_[i] = decimal(chunk[i], texts_[i]);
        b_.bucket_many(std::span<const std::string_view>(views_), dst);
      }
      // DxHash gives up on a key after 4 x its slots' probes (few buckets live): that key has no
      // bucket, the place past the last.
      for (std::uint32_t& o : dst) o = o < place_.size() ? place_[o] : static_cast<std::uint32_t>(at_.size());
    }
  }
  void remove(std::span<const std::uint32_t> places) override {
    std::vector<std::int64_t> buckets(places.size());
    for (std::size_t i = 0; i < places.size(); ++i) buckets[i] = at_[places[i]];
    b_.remove_many(buckets);
  }
  // The bucket add() makes live stands for the place it is added back for, whatever number the
  // algorithm gives it.
  void add_back(std::span<const std::uint32_t> places) override {
    std::vector<std::uint32_t> ids(places.size());
    b_.add_many(ids);
    for (std::size_t i = 0; i < places.size(); ++i) {
      if (ids[i] >= place_.size()) place_.resize(ids[i] + 1);
      place_[ids[i]] = places[i];
      at_[places[i]] = ids[i];
    }
  }
  std::unique_ptr<Subject> clone() const override { return std::make_unique<BucketSubject>(*this); }
  std::uint64_t memory_bytes() const override { return b_.memory_bytes(); }
  bool maps_hash() const override { return false; }
  void count_steps(std::span<const std::uint64_t> keys, std::vector<std::uint64_t>& totals) override {
    totals.assign(std::size(kBucketStepKindNames), 0);
    for (const std::uint64_t k : keys) {
      std::array<char, 24> buf{};
      const BucketInput input = b_.algorithm().input;
      const std::vector<BucketStep> steps = input == BucketInput::text  ? b_.trace_key(decimal(k, buf))
                                            : input == BucketInput::u32 ? b_.trace(static_cast<std::uint32_t>(k))
                                                                        : b_.trace(k);
      for (const BucketStep& s : steps) ++totals[static_cast<std::size_t>(s.kind)];
    }
  }

 private:
  static BucketOptions options(const BucketAlgorithm& a, std::uint32_t n) {
    BucketOptions o;
    if (option_param(a, "nodes") != nullptr) {
      o.nodes.emplace();
      for (std::uint32_t i = 0; i < n; ++i) o.nodes->push_back(node_name(i));
    } else {
      o.buckets = n;
    }
    return o;
  }

  Buckets b_;
  std::vector<std::uint32_t> at_;     // place -> the algorithm's bucket
  std::vector<std::uint32_t> place_;  // the algorithm's bucket -> place
  std::vector<std::uint32_t> u32_;
  std::vector<std::array<char, 24>> texts_;
  std::vector<std::string_view> views_;
};

bool is_prime(std::int64_t m) {
  if (m < 2) return false;
  for (std::int64_t d = 2; d * d <= m; ++d)
    if (m % d == 0) return false;
  return true;
}

class PlacerSubject final : public Subject {
 public:
  PlacerSubject(const PlacerAlgorithm& a, std::uint32_t n) : a_(a), p_(a.name, options(a, n)) { renumber(); }

  void lookup(const KeySet& ks, std::span<std::uint32_t> out) override {
    const std::span<const std::uint64_t> keys = ks.keys;
    if (p_.maps_hash()) {
      // Bounded loads' servers depend on the keys before: the keys' order, in the lab's batches.
      const bool in_order = p_.places_as_batch();
      const std::vector<std::uint32_t>& hashes = in_order ? ks.hashes : ks.sorted;
      const std::size_t batch = in_order ? kBatch : hashes.size();
      for (std::size_t from = 0; from < hashes.size(); from += batch) {
        const std::size_t count = std::min(batch, hashes.size() - from);
        p_.place_hashes(std::span<const std::uint32_t>(hashes).subspan(from, count), out.subspan(from, count));
      }
      for (std::uint32_t& o : out) o = place_[o];
      return;
    }
    for (std::size_t from = 0; from < keys.size(); from += kBatch) {
      const std::size_t count = std::min(kBatch, keys.size() - from);
      // The texts of a batch, written over the last batch's: their buffers are reused, not one
      // allocation a key.
      texts_.resize(std::max(texts_.size(), count));
      for (std::size_t i = 0; i < count; ++i) {
        std::array<char, 24> buf{};
        const std::string_view d = decimal(keys[from + i], buf);
        texts_[i].assign(d.begin(), d.end());
      }
      const auto dst = out.subspan(from, count);
      p_.place_many(std::span<const std::u16string>(texts_.data(), count), dst);
      for (std::uint32_t& o : dst) o = place_[o];
    }
  }
  void remove(std::span<const std::uint32_t> places) override {
    std::vector<std::u16string> names;
    names.reserve(places.size());
    for (const std::uint32_t place : places) names.push_back(server_name(place));
    const std::vector<std::u16string_view> views(names.begin(), names.end());
    p_.remove_many(views);
    renumber();
  }
  void add_back(std::span<const std::uint32_t> places) override {
    std::vector<PlacerServer> servers;
    servers.reserve(places.size());
    for (const std::uint32_t place : places) servers.push_back(server(place));
    p_.add_many(servers);
    renumber();
  }
  std::unique_ptr<Subject> clone() const override { return std::make_unique<PlacerSubject>(*this); }
  std::uint64_t memory_bytes() const override { return p_.memory_bytes(); }
  bool maps_hash() const override { return p_.maps_hash(); }
  void count_steps(std::span<const std::uint64_t> keys, std::vector<std::uint64_t>& totals) override {
    totals.assign(std::size(kPlaceStepKindNames), 0);
    // A key at a time where its placement is its own, counted without keeping its trace (and for
    // rendezvous without making it: count_trace).
    if (!p_.places_as_batch()) {
      for (const std::uint64_t k : keys) p_.count_trace(decimal16(k), totals);
      return;
    }
    std::vector<std::u16string> texts;
    for (const std::uint64_t k : keys) texts.push_back(decimal16(k));
    for (const std::vector<PlaceStep>& steps : p_.trace_many(texts))
      for (const PlaceStep& s : steps) ++totals[static_cast<std::size_t>(s.kind)];
  }

 private:
  // Server i: named Si; on the token ring, the virtual node at token floor(i x 2^bits / n), the
  // tokens spread evenly.
  PlacerServer server(std::uint32_t i) const {
    PlacerServer s{.name = server_name(i)};
    if (has_option(a_, "token")) {
      const std::int64_t bits = param(Param::token_ring_bits).default_integer;
      s.token = static_cast<std::int64_t>((static_cast<u128>(i) << bits) / n_);
    }
    return s;
  }
  PlacerOptions options(const PlacerAlgorithm& a, std::uint32_t n) {
    n_ = n;
    PlacerOptions o;
    for (std::uint32_t i = 0; i < n; ++i) o.servers.push_back(server(i));
    // The options a placer has no default for, and a Maglev table large enough for the servers:
    // bounded loads' slack as `ringlab compare`'s default; Maglev's M the table's default, or the
    // first prime at or above 100 x the servers when that is larger (the paper's M >= 100 N).
    if (has_option(a, "epsilon")) o.epsilon = param(Param::compare_epsilon).default_number;
    if (has_option(a, "tableSize")) {
      std::int64_t m = kDefaultMaglevTableSize;
      if (m < 100 * static_cast<std::int64_t>(n)) {
        m = std::min<std::int64_t>(100 * static_cast<std::int64_t>(n), kMaxMaglevTableSize);
        while (!is_prime(m)) --m;
      }
      o.table_size = m;
    }
    return o;
  }
  // place_[index] = the place of the server at that index of the list.
  void renumber() {
    place_.resize(p_.size());
    for (std::uint32_t i = 0; i < place_.size(); ++i) {
      std::uint32_t v = 0;
      for (const char16_t c : p_.name_of(i).substr(1)) v = v * 10 + static_cast<std::uint32_t>(c - u'0');
      place_[i] = v;
    }
  }

  const PlacerAlgorithm& a_;
  std::uint32_t n_ = 0;
  Placer p_;
  std::vector<std::uint32_t> place_;
  std::vector<std::u16string> texts_;
};

// How a subject is made, and what it can remove.
struct Maker {
  std::string name, seam, input, removal;
  std::unique_ptr<Subject> (*make)(const void* algorithm, std::uint32_t n);
  const void* algorithm;
  std::span<const std::string_view> kinds;
};

std::string_view removal_of(const Algorithm* entry, bool can_remove) {
  if (!can_remove || entry == nullptr) return "none";
  return entry->removal == Removal::any ? "any" : "last";
}

std::vector<Maker> makers() {
  std::vector<Maker> out;
  for (const BucketAlgorithm& a : bucket_algorithms()) {
    Buckets probe(a.name, [&] {
      BucketOptions o;
      if (option_param(a, "nodes") != nullptr) o.nodes = std::vector<std::string>{"S0", "S1"};
      else o.buckets = 2;
      return o;
    }());
    out.push_back({std::string(a.name), "bucket", std::string(input_name(a.input)),
                   std::string(removal_of(find_algorithm(a.name), probe.can_remove() && probe.can_add())),
                   [](const void* p, std::uint32_t count) -> std::unique_ptr<Subject> {
                     return std::make_unique<BucketSubject>(*static_cast<const BucketAlgorithm*>(p), count);
                   },
                   &a, kBucketStepKindNames});
  }
  for (const PlacerAlgorithm& a : placer_algorithms()) {
    const Algorithm* entry = find_algorithm(a.name);
    const bool can = entry != nullptr && entry->membership.add && entry->membership.remove;
    out.push_back({std::string(a.name), "server", "text", std::string(removal_of(entry, can)),
                   [](const void* p, std::uint32_t count) -> std::unique_ptr<Subject> {
                     return std::make_unique<PlacerSubject>(*static_cast<const PlacerAlgorithm*>(p), count);
                   },
                   &a, kPlaceStepKindNames});
  }
  return out;
}

std::uint64_t rounded_div(u128 num, std::uint64_t den) { return static_cast<std::uint64_t>((num + den / 2) / den); }

// The balance of keys whose places are `owners`, key k counted times[k] times (once each when
// `times` is empty): the lab looks up the distinct keys, and counts each as often as it is among
// the N x K.
LabBalance balance_of(std::span<const std::uint32_t> owners, std::span<const std::uint32_t> times,
                      const std::vector<bool>& live) {
  // Place n (live.size()) is no bucket: DxHash's keys it gave up on.
  std::vector<std::uint64_t> counts(live.size() + 1, 0);
  if (times.empty())
    for (const std::uint32_t o : owners) ++counts[o];
  else
    for (std::size_t k = 0; k < owners.size(); ++k) counts[owners[k]] += times[k];
  LabBalance b;
  for (const std::uint64_t c : counts) b.keys += c;
  b.unplaced = counts.back();
  for (std::size_t i = 0; i < live.size(); ++i) b.live += live[i] ? 1 : 0;
  if (b.live == 0) return b;
  b.expected = b.keys / b.live;
  bool first = true;
  u128 squares = 0;
  for (std::size_t i = 0; i < live.size(); ++i) {
    if (!live[i]) continue;
    const std::uint64_t c = counts[i];
    if (first || c < b.min) b.min = c;
    if (first || c > b.max) b.max = c;
    first = false;
    const std::uint64_t d = c > b.expected ? c - b.expected : b.expected - c;
    squares += static_cast<u128>(d) * d;
  }
  if (b.keys > 0) {
    b.min_pct_x100 = rounded_div(static_cast<u128>(b.min) * b.live * 10000, b.keys);
    b.max_pct_x100 = rounded_div(static_cast<u128>(b.max) * b.live * 10000, b.keys);
  }
  b.var_x100 = rounded_div(squares * 100, b.live);
  return b;
}

// Monotonicity at one fraction from the distinct keys' places: a before any removal, b with the
// last `removed` places taken out (n-1 down), c once they are added back in the reverse order.
LabMonotonicity monotonicity(std::uint32_t n, std::uint32_t pct, std::span<const std::uint32_t> a,
                             std::span<const std::uint32_t> b, std::span<const std::uint32_t> c) {
  LabMonotonicity r;
  r.fraction_pct = pct;
  r.removed = static_cast<std::uint32_t>(static_cast<std::uint64_t>(n) * pct / 100);
  const std::uint32_t first_removed = n - r.removed;
  // n + 1: place n is no bucket (DxHash's keys it gave up on), not counted among the nodes.
  std::vector<bool> losing(n + 1), gaining(n + 1), changed(n + 1);
  for (std::size_t k = 0; k < a.size(); ++k) {
    const bool in_removed = a[k] >= first_removed && a[k] < n;
    if (in_removed) ++r.keys_in_removed_nodes;
    if (b[k] != a[k]) {
      ++(in_removed ? r.keys_moved_from_removed_nodes : r.keys_moved_from_other_nodes);
      losing[a[k]] = true;
    }
    if (c[k] != b[k]) {
      ++(c[k] >= first_removed && c[k] < n ? r.keys_moved_to_restored_nodes : r.keys_moved_to_other_nodes);
      gaining[c[k]] = true;
    }
    if (c[k] != a[k]) {
      ++r.keys_relocated_after_resize;
      changed[a[k]] = changed[c[k]] = true;
    }
  }
  r.nodes_losing_keys = static_cast<std::uint64_t>(std::count(losing.begin(), losing.end() - 1, true));
  r.nodes_gaining_keys = static_cast<std::uint64_t>(std::count(gaining.begin(), gaining.end() - 1, true));
  r.nodes_changed_after_resize = static_cast<std::uint64_t>(std::count(changed.begin(), changed.end() - 1, true));
  return r;
}

// The removal histories' shares, and monotonicity's fractions (both of the n places).
constexpr std::uint32_t kHistoryPcts[] = {10, 50, 90};
constexpr std::uint32_t kMonotonicityPcts[] = {10, 30, 50};
std::uint32_t share_of(std::uint32_t n, std::uint32_t pct) {
  return static_cast<std::uint32_t>(static_cast<std::uint64_t>(n) * pct / 100);
}

// The removal orders: a seeded shuffle of the places, 0 up, n-1 down.
std::vector<std::uint32_t> removal_order(std::string_view order, std::uint32_t n, std::int64_t seed) {
  std::vector<std::uint32_t> o(n);
  for (std::uint32_t i = 0; i < n; ++i) o[i] = order == "lifo" ? n - 1 - i : i;
  if (order == "random") {
    Mulberry32 r(seed);
    for (std::uint32_t i = n; i > 1; --i) {
      const auto j = static_cast<std::uint32_t>(static_cast<std::uint64_t>(r.next_uint32()) * i >> 32);
      std::swap(o[i - 1], o[j]);
    }
  }
  return o;
}

// A timed pass takes at most this much work, in trace steps a lookup x keys: rendezvous at
// 100,000 servers times 1,000 keys a pass, not kLabTimeKeys (6.5 x 10^9 scores, five times).
constexpr std::uint64_t kTimeWork = 100'000'000;

// The build's time, and the median of kLabTimeRepeats passes over the first keys: hashing them
// (a placer that maps a hash) and the rest of the lookup, each in ns per key.
LabTimes time_lookups(Subject& s, double init_ms, std::uint64_t per_lookup, std::span<const std::uint64_t> sample) {
  using clock = std::chrono::steady_clock;
  LabTimes t;
  t.init_ms = init_ms;
  t.keys = std::min<std::uint64_t>(sample.size(),
                                   std::max<std::uint64_t>(1, kTimeWork / std::max<std::uint64_t>(per_lookup, 1)));
  const auto keys = sample.first(static_cast<std::size_t>(t.keys));
  const auto ns_per_key = [&](const auto& pass) {
    std::vector<double> v;
    for (std::uint32_t r = 0; r < kLabTimeRepeats; ++r) {
      const auto started = clock::now();
      pass();
      v.push_back(std::chrono::duration<double, std::nano>(clock::now() - started).count() /
                  static_cast<double>(keys.size()));
    }
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  // The hashes in the keys' order, as `sorted` too: a timed pass maps them in the order lookups
  // meet them, not ascending as the lab's passes over all the keys do (a ring's tokens in order).
  KeySet ks{.keys = keys, .hashes = std::vector<std::uint32_t>(keys.size()), .sorted = {}};
  const auto hash_all = [&] {
    std::array<char, 24> buf{};
    for (std::size_t i = 0; i < keys.size(); ++i) ks.hashes[i] = h32_bytes(decimal(keys[i], buf));
  };
  if (s.maps_hash()) t.hash_ns = ns_per_key(hash_all);
  else hash_all();
  ks.sorted = ks.hashes;
  std::vector<std::uint32_t> out(keys.size());
  t.map_ns = ns_per_key([&] { s.lookup(ks, out); });
  return t;
}

}  // namespace

std::vector<std::uint64_t> lab_keys(std::int64_t seed, std::uint64_t count) {
  std::vector<std::uint64_t> keys(count);
  Mulberry32 r(seed);
  for (std::uint64_t& k : keys) {
    const std::uint64_t hi = r.next_uint32();
    k = hi << 32 | r.next_uint32();
  }
  return keys;
}

LabResult lab(const LabParams& params) {
  LabResult out;
  out.params = params;
  const auto n = static_cast<std::uint32_t>(check_integer(kLabParams[0], params.buckets));
  // K's bound is decided by N: at most 10^7 keys (kMaxLabKeys), the most N allows when left out.
  const std::int64_t most = lab_max_keys_per_bucket(n);
  const auto per =
      static_cast<std::uint64_t>(check_integer(kLabParams[1], params.keys_per_bucket.value_or(most), 1, most));
  check_integer(kLabParams[2], params.seed);
  out.keys_per_bucket = static_cast<std::int64_t>(per);
  out.keys = n * per;
  const std::vector<std::uint64_t> keys = lab_keys(params.seed, out.keys);
  std::vector<std::uint64_t> distinct = keys;
  std::sort(distinct.begin(), distinct.end());
  // How many times each distinct key is among the keys, when some key is there twice: a balance
  // after removals counts the distinct keys' places that many times each.
  std::vector<std::uint32_t> times;
  {
    std::size_t d = 0;
    for (std::size_t i = 0; i < distinct.size(); ++i) {
      if (i > 0 && distinct[i] == distinct[d - 1]) {
        if (times.empty()) times.assign(distinct.size(), 1);
        ++times[d - 1];
        continue;
      }
      distinct[d++] = distinct[i];
    }
    distinct.resize(d);
    if (!times.empty()) times.resize(d);
  }
  out.distinct_keys = distinct.size();
  const std::span<const std::uint64_t> work_keys(keys.data(), std::min<std::size_t>(kWorkKeys, keys.size()));
  // The keys' hashes, once for every placer and pass: the two sets on a thread each.
  KeySet all, distinct_set;
  run_tasks(2, thread_count(params.threads), [&](unsigned, std::size_t t) {
    (t == 0 ? all : distinct_set) = key_set(t == 0 ? std::span<const std::uint64_t>(keys) : distinct);
  });

  const std::span<const std::uint64_t> time_keys(keys.data(), std::min<std::size_t>(kLabTimeKeys, keys.size()));
  const std::vector<Maker> ms = makers();
  const unsigned threads = thread_count(params.threads);
  out.rows.resize(ms.size());
  // Each worker's places of the keys, reused from task to task: 10^7 keys are 40 MB a vector,
  // which a fresh allocation would fault in page by page on every pass.
  struct Scratch {
    std::vector<std::uint32_t> owners, a, c;
  };
  std::vector<Scratch> scratch(std::max(threads, 1u));  // a worker is numbered below the threads
  // Each algorithm built at n, its work counted and, unless skipped, its balance if it removes
  // nothing: a task each. An algorithm that removes is kept as built, the start its histories copy.
  // Every task writes its own row (or part of one) and reads only what is shared and never
  // written, so the rows are the same whichever thread ran them and in whatever order.
  std::vector<std::unique_ptr<Subject>> built(ms.size());
  // Progress: a row is complete after its one task, or after its last removal task.
  std::mutex progress_mutex;
  std::size_t complete = 0;
  std::vector<std::size_t> tasks_left(ms.size(), 1);
  const auto task_done = [&](std::size_t i) {
    if (!params.progress) return;
    const std::lock_guard lock(progress_mutex);
    if (--tasks_left[i] == 0) params.progress(out.rows[i].name, ++complete, ms.size());
  };
  run_tasks(ms.size(), threads, [&](unsigned w, std::size_t i) {
    const Maker& m = ms[i];
    LabRow& row = out.rows[i];
    row.name = m.name;
    row.seam = m.seam;
    row.input = m.input;
    row.removal = m.removal;
    const auto started = std::chrono::steady_clock::now();
    // An algorithm the core refuses to build at n is skipped, with the core's own message as the
    // reason: the ring's 2^24 points cap it (and bounded loads) at 167,772 servers of 100 virtual
    // nodes each, below the lab's 10^6. Nothing of it is measured.
    std::unique_ptr<Subject> s;
    try {
      s = m.make(m.algorithm, n);
    } catch (const Error& e) {
      row.skipped = std::string("not built at this n: ") + e.what();
      task_done(i);
      return;
    }
    const double init_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    row.memory_bytes = s->memory_bytes();
    std::vector<std::uint64_t> totals;
    s->count_steps(work_keys, totals);
    row.work_lookups = work_keys.size();
    std::uint64_t steps = 0;
    for (std::size_t k = 0; k < totals.size(); ++k) {
      steps += totals[k];
      // Every lookup ends in its answer: the other kinds are the work.
      if (totals[k] > 0 && m.kinds[k] != "answer") row.work.push_back({std::string(m.kinds[k]), totals[k]});
    }
    const std::uint64_t per_lookup = (steps + work_keys.size() - 1) / work_keys.size();
    if (params.times) row.times = time_lookups(*s, init_ms, per_lookup, time_keys);
    if (static_cast<u128>(per_lookup) * out.keys > kMaxLabWork) {
      row.skipped = std::to_string(per_lookup) + " trace steps a lookup x " + std::to_string(out.keys) +
                    " keys is over the lab's " + std::to_string(kMaxLabWork);
      task_done(i);
      return;
    }
    if (m.removal != "none") {
      built[i] = std::move(s);
      return;
    }
    // The keys in their order: bounded loads' places depend on the keys before.
    std::vector<std::uint32_t>& owners = scratch[w].owners;
    owners.resize(keys.size());
    s->lookup(all, owners);
    row.balance = balance_of(owners, {}, std::vector<bool>(n, true));
    task_done(i);
  });

  // Then each algorithm that removes, from a copy of its start, on the distinct keys (a key's place
  // is its own alone for every algorithm that removes; bounded loads, whose places depend on the
  // keys before, removes none). One task removes the last places, n-1 down, in steps up to each
  // share: before any removal its places are the balance and monotonicity's A; at 10, 30 and 50 %
  // monotonicity's B, and a copy with those places added back its C; at 10, 50 and 90 % the LIFO
  // history. One task for each of the other orders of its removal histories.
  constexpr std::string_view kOrders[] = {"random", "fifo", "lifo"};
  constexpr std::size_t kLifo = 2;
  struct Part {
    std::size_t row;
    std::size_t order;  // an index in kOrders; kLifo's task is monotonicity's too
  };
  std::vector<Part> parts;
  for (std::size_t i = 0; i < ms.size(); ++i)
    if (built[i]) parts.push_back({i, kLifo});
  for (std::size_t i = 0; i < ms.size(); ++i)
    if (built[i] && out.rows[i].removal != "last")
      for (std::size_t o = 0; o < kLifo; ++o) parts.push_back({i, o});
  std::vector<std::array<std::vector<LabHistory>, std::size(kOrders)>> histories(ms.size());
  for (const Part& p : parts) tasks_left[p.row] += p.order == kLifo ? 0 : 1;
  run_tasks(parts.size(), threads, [&](unsigned w, std::size_t p) {
    const std::size_t i = parts[p].row;
    const std::string_view order = kOrders[parts[p].order];
    std::vector<LabHistory>& history = histories[i][parts[p].order];
    const auto h = built[i]->clone();
    const std::vector<std::uint32_t> o = removal_order(order, n, params.seed);
    std::vector<bool> live(n, true);
    std::vector<std::uint32_t>& owners = scratch[w].owners;
    std::vector<std::uint32_t>& a = scratch[w].a;
    std::vector<std::uint32_t>& c = scratch[w].c;
    owners.resize(distinct.size());
    if (parts[p].order == kLifo) {
      a.resize(distinct.size());
      c.resize(distinct.size());
      h->lookup(distinct_set, a);
      out.rows[i].balance = balance_of(a, times, live);
    }
    std::uint32_t removed = 0;
    for (const std::uint32_t pct : {10u, 30u, 50u, 90u}) {
      const bool in_history =
          std::find(std::begin(kHistoryPcts), std::end(kHistoryPcts), pct) != std::end(kHistoryPcts);
      const bool in_monotonicity =
          parts[p].order == kLifo &&
          std::find(std::begin(kMonotonicityPcts), std::end(kMonotonicityPcts), pct) != std::end(kMonotonicityPcts);
      if (!in_history && !in_monotonicity) continue;
      const std::uint32_t target = share_of(n, pct);
      // The places up to the target, in the order's order, as one batch.
      h->remove(std::span<const std::uint32_t>(o).subspan(removed, target - removed));
      for (; removed < target; ++removed) live[o[removed]] = false;
      h->lookup(distinct_set, owners);
      if (in_history) history.push_back({std::string(order), pct, balance_of(owners, times, live), h->memory_bytes()});
      if (in_monotonicity) {
        // Added back in the reverse order of removal, n - removed up, on a copy: the history goes
        // on from the removals.
        std::vector<std::uint32_t> back(o.begin(), o.begin() + removed);
        std::reverse(back.begin(), back.end());
        const auto restored = h->clone();
        restored->add_back(back);
        restored->lookup(distinct_set, c);
        out.rows[i].monotonicity.push_back(monotonicity(n, pct, a, owners, c));
      }
    }
    task_done(i);
  });
  for (std::size_t i = 0; i < ms.size(); ++i)
    for (std::vector<LabHistory>& h : histories[i])
      for (LabHistory& x : h) out.rows[i].histories.push_back(std::move(x));
  return out;
}

std::uint64_t lab_per_lookup_x1000(std::uint64_t total, std::uint64_t lookups) {
  return lookups == 0 ? 0 : rounded_div(static_cast<u128>(total) * 1000, lookups);
}

std::uint64_t lab_bytes_per_bucket_x100(std::uint64_t bytes, std::int64_t buckets) {
  return rounded_div(static_cast<u128>(bytes) * 100, static_cast<std::uint64_t>(buckets));
}

// --- Output ---------------------------------------------------------------------------------

namespace {

// x / 100 with two decimals ("87.23"), and total / count with three: integers only, so the text is
// the same on every platform.
std::string hundredths(std::uint64_t x) {
  const std::string frac = std::to_string(x % 100);
  return std::to_string(x / 100) + "." + (frac.size() < 2 ? "0" : "") + frac;
}
std::string mean3(std::uint64_t total, std::uint64_t count) {
  const std::uint64_t x = lab_per_lookup_x1000(total, count);
  std::string frac = std::to_string(x % 1000);
  while (frac.size() < 3) frac.insert(0, "0");
  return std::to_string(x / 1000) + "." + frac;
}

// Bytes per bucket of the n built: hundredths, rounded half up.
std::string per_bucket(std::uint64_t bytes, std::int64_t n) { return hundredths(lab_bytes_per_bucket_x100(bytes, n)); }

// A double as it is printed, `decimals` digits: a time (printed only with --times, as it differs
// from run to run), or a claim's model bound. snprintf rounds the binary value exactly with glibc
// and with Emscripten's libc alike.
std::string fixed(double x, int decimals) {
  std::array<char, 48> buf{};
  const int len = std::snprintf(buf.data(), buf.size(), "%.*f", decimals, x);
  return {buf.data(), static_cast<std::size_t>(std::max(len, 0))};
}
std::string time_cells_hash(const LabTimes& t) { return t.hash_ns ? fixed(*t.hash_ns, 1) : "-"; }

using Table = std::vector<std::vector<std::string>>;

// Columns padded to their widest cell: the first (a name) to the left, the rest to the right.
std::string aligned(const Table& t) {
  std::vector<std::size_t> width;
  for (const auto& row : t)
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      width[i] = std::max(width[i], row[i].size());
    }
  std::string out;
  for (const auto& row : t) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      const std::string pad(width[i] - row[i].size(), ' ');
      if (i == 0) line += row[i] + pad;
      else line += "  " + pad + row[i];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

// A row's name in the tables: its algorithm's, with its seam when the other seam has one of the
// same name (mod-N is both a bucket hasher and a placer).
std::string label(const LabResult& r, const LabRow& row) {
  std::size_t same = 0;
  for (const LabRow& other : r.rows) same += other.name == row.name ? 1 : 0;
  return same > 1 ? row.name + " (" + row.seam + ")" : row.name;
}

std::vector<std::string> balance_cells(const LabBalance& b) {
  return {std::to_string(b.live),     std::to_string(b.min),      std::to_string(b.max),  std::to_string(b.expected),
          hundredths(b.min_pct_x100), hundredths(b.max_pct_x100), hundredths(b.var_x100), std::to_string(b.unplaced)};
}

std::vector<std::string> monotonicity_cells(const LabMonotonicity& m) {
  return {std::to_string(m.fraction_pct) + "%",           std::to_string(m.removed),
          std::to_string(m.keys_in_removed_nodes),        std::to_string(m.keys_moved_from_removed_nodes),
          std::to_string(m.keys_moved_from_other_nodes),  std::to_string(m.nodes_losing_keys),
          std::to_string(m.keys_moved_to_restored_nodes), std::to_string(m.keys_moved_to_other_nodes),
          std::to_string(m.nodes_gaining_keys),           std::to_string(m.keys_relocated_after_resize),
          std::to_string(m.nodes_changed_after_resize)};
}

constexpr std::string_view kBalanceNames[] = {"Nodes", "Min", "Max", "Expected", "Min%", "Max%", "Var", "NoBucket"};
constexpr std::string_view kMonotonicityNames[] = {"Fraction",
                                                   "Removed",
                                                   "KeysInRemovedNodes",
                                                   "KeysMovedFromRemovedNodes",
                                                   "KeysMovedFromOtherNodes",
                                                   "NodesLosingKeys",
                                                   "KeysMovedToRestoredNodes",
                                                   "KeysMovedToOtherNodes",
                                                   "NodesGainingKeys",
                                                   "KeysRelocatedAfterResize",
                                                   "NodesChangedAfterResize"};

std::string work_text(const LabRow& r) {
  if (r.work_lookups == 0) return "not built";
  std::string s;
  for (const LabWork& w : r.work) s += (s.empty() ? "" : ", ") + w.kind + " " + mean3(w.total, r.work_lookups);
  return s.empty() ? "none but the answer" : s;
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string balance_json(const LabBalance& b) {
  return "{\"nodes\":" + std::to_string(b.live) + ",\"keys\":" + std::to_string(b.keys) +
         ",\"min\":" + std::to_string(b.min) + ",\"max\":" + std::to_string(b.max) +
         ",\"expected\":" + std::to_string(b.expected) + ",\"minPct\":" + hundredths(b.min_pct_x100) +
         ",\"maxPct\":" + hundredths(b.max_pct_x100) + ",\"var\":" + hundredths(b.var_x100) +
         ",\"noBucket\":" + std::to_string(b.unplaced) + "}";
}

}  // namespace

std::string lab_text(const LabResult& r) {
  std::string out = "lab: " + std::to_string(r.params.buckets) + " buckets (servers S0..S" +
                    std::to_string(r.params.buckets - 1) + "), " + std::to_string(r.keys) + " keys (" +
                    std::to_string(r.distinct_keys) + " distinct), seed " + std::to_string(r.params.seed) + "\n";
  out +=
      "\nbalance (N x K keys; Min% = Min x N / keys, Max% likewise, Var = mean (count - Expected)^2;\n"
      "Bytes/bucket = the bytes its state holds / N)\n";
  Table t{{"algorithm", "seam", "input", "removal"}};
  for (const std::string_view c : kBalanceNames) t[0].emplace_back(c);
  t[0].emplace_back("Bytes/bucket");
  for (const LabRow& row : r.rows) {
    std::vector<std::string> cells{label(r, row), row.seam, row.input, row.removal};
    if (row.skipped.empty()) {
      for (std::string& c : balance_cells(row.balance)) cells.push_back(std::move(c));
      cells.push_back(per_bucket(row.memory_bytes, r.params.buckets));
    } else {
      cells.push_back("skipped: " + row.skipped);
    }
    t.push_back(std::move(cells));
  }
  out += aligned(t);

  out += "\nmonotonicity (the distinct keys; the last f x N removed, N-1 down, then added again in reverse)\n";
  Table m{{"algorithm"}};
  for (const std::string_view c : kMonotonicityNames) m[0].emplace_back(c);
  for (const LabRow& row : r.rows) {
    if (!row.skipped.empty()) continue;
    if (row.monotonicity.empty()) {
      m.push_back({label(r, row), "no removal"});
      continue;
    }
    for (const LabMonotonicity& x : row.monotonicity) {
      std::vector<std::string> cells{label(r, row)};
      for (std::string& c : monotonicity_cells(x)) cells.push_back(std::move(c));
      m.push_back(std::move(cells));
    }
  }
  out += aligned(m);

  out += "\nwork (trace steps of each kind per lookup, mean over the first " +
         std::to_string(r.rows.empty() ? 0 : r.rows[0].work_lookups) + " keys)\n";
  Table w{{"algorithm", "steps"}};
  for (const LabRow& row : r.rows) w.push_back({label(r, row), work_text(row)});
  out += aligned(w);

  out += "\nremoval histories (balance over the live buckets after removing, cumulative in each order)\n";
  Table h{{"algorithm", "order", "removed"}};
  for (const std::string_view c : kBalanceNames) h[0].emplace_back(c);
  h[0].emplace_back("Bytes/bucket");
  for (const LabRow& row : r.rows) {
    if (!row.skipped.empty()) continue;
    if (row.histories.empty()) {
      h.push_back({label(r, row), "no removal"});
      continue;
    }
    for (const LabHistory& x : row.histories) {
      std::vector<std::string> cells{label(r, row), x.order, std::to_string(x.fraction_pct) + "%"};
      for (std::string& c : balance_cells(x.balance)) cells.push_back(std::move(c));
      cells.push_back(per_bucket(x.memory_bytes, r.params.buckets));
      h.push_back(std::move(cells));
    }
  }
  out += aligned(h);

  if (!r.params.times) return out;
  out += "\ntimes (wall clock, different on every run: the build at N once; a lookup the median of " +
         std::to_string(kLabTimeRepeats) +
         " passes over the first keys, hashing their text apart where the algorithm maps a hash)\n";
  Table tt{{"algorithm", "InitMs", "Keys", "HashNsPerKey", "MapNsPerKey"}};
  for (const LabRow& row : r.rows) {
    if (!row.times) continue;
    tt.push_back({label(r, row), fixed(row.times->init_ms, 3), std::to_string(row.times->keys),
                  time_cells_hash(*row.times), fixed(row.times->map_ns, 1)});
  }
  out += aligned(tt);
  return out;
}

std::string lab_json(const LabResult& r) {
  std::string out = "{\"buckets\":" + std::to_string(r.params.buckets) +
                    ",\"keysPerBucket\":" + std::to_string(r.keys_per_bucket) +
                    ",\"seed\":" + std::to_string(r.params.seed) + ",\"keys\":" + std::to_string(r.keys) +
                    ",\"distinctKeys\":" + std::to_string(r.distinct_keys) + "}\n";
  for (const LabRow& row : r.rows) {
    std::string line = "{\"algorithm\":" + json_string(row.name) + ",\"seam\":" + json_string(row.seam) +
                       ",\"input\":" + json_string(row.input) + ",\"removal\":" + json_string(row.removal) +
                       ",\"skipped\":" + (row.skipped.empty() ? "null" : json_string(row.skipped));
    line += ",\"work\":{\"lookups\":" + std::to_string(row.work_lookups);
    for (const LabWork& w : row.work) line += "," + json_string(w.kind) + ":" + mean3(w.total, row.work_lookups);
    line += "}";
    line += ",\"bytes\":" + std::to_string(row.memory_bytes) +
            ",\"bytesPerBucket\":" + per_bucket(row.memory_bytes, r.params.buckets);
    if (row.times)
      line += ",\"times\":{\"initMs\":" + fixed(row.times->init_ms, 3) +
              ",\"keys\":" + std::to_string(row.times->keys) +
              ",\"hashNsPerKey\":" + (row.times->hash_ns ? fixed(*row.times->hash_ns, 1) : "null") +
              ",\"mapNsPerKey\":" + fixed(row.times->map_ns, 1) + "}";
    if (row.skipped.empty()) {
      line += ",\"balance\":" + balance_json(row.balance) + ",\"monotonicity\":[";
      for (std::size_t i = 0; i < row.monotonicity.size(); ++i) {
        const LabMonotonicity& m = row.monotonicity[i];
        const std::vector<std::string> cells = monotonicity_cells(m);
        line += (i > 0 ? ",{" : "{") + std::string("\"fraction\":") + hundredths(m.fraction_pct);
        for (std::size_t c = 1; c < cells.size(); ++c)
          line += ",\"" + std::string(kMonotonicityNames[c]) + "\":" + cells[c];
        line += "}";
      }
      line += "],\"histories\":[";
      for (std::size_t i = 0; i < row.histories.size(); ++i) {
        const LabHistory& x = row.histories[i];
        line += (i > 0 ? "," : "") + std::string("{\"order\":") + json_string(x.order) +
                ",\"removed\":" + hundredths(x.fraction_pct) + ",\"balance\":" + balance_json(x.balance) +
                ",\"bytes\":" + std::to_string(x.memory_bytes) +
                ",\"bytesPerBucket\":" + per_bucket(x.memory_bytes, r.params.buckets) + "}";
      }
      line += "]";
    }
    out += line + "}\n";
  }
  return out;
}

std::string lab_csv(const LabResult& r) {
  const auto row_of = [](const std::vector<std::string>& cells) {
    std::string s;
    for (std::size_t i = 0; i < cells.size(); ++i) s += (i > 0 ? "," : "") + cells[i];
    return s + "\n";
  };
  std::string out = "Algorithm";
  for (const std::string_view c : kBalanceNames) out += "," + std::string(c);
  out += ",Bytes,BytesPerBucket\n";
  for (const LabRow& row : r.rows) {
    if (!row.skipped.empty()) continue;
    std::vector<std::string> cells{label(r, row)};
    for (std::string& c : balance_cells(row.balance)) cells.push_back(std::move(c));
    cells.push_back(std::to_string(row.memory_bytes));
    cells.push_back(per_bucket(row.memory_bytes, r.params.buckets));
    out += row_of(cells);
  }
  out += "\nAlgorithm";
  for (const std::string_view c : kMonotonicityNames) out += "," + std::string(c);
  out += "\n";
  for (const LabRow& row : r.rows)
    for (const LabMonotonicity& m : row.monotonicity) {
      std::vector<std::string> cells = monotonicity_cells(m);
      cells[0] = hundredths(m.fraction_pct);
      cells.insert(cells.begin(), label(r, row));
      out += row_of(cells);
    }
  out += "\nAlgorithm,Lookups,Kind,StepsPerLookup\n";
  for (const LabRow& row : r.rows)
    for (const LabWork& w : row.work)
      out += row_of({label(r, row), std::to_string(row.work_lookups), w.kind, mean3(w.total, row.work_lookups)});
  out += "\nAlgorithm,Order,Removed";
  for (const std::string_view c : kBalanceNames) out += "," + std::string(c);
  out += ",Bytes,BytesPerBucket\n";
  for (const LabRow& row : r.rows)
    for (const LabHistory& x : row.histories) {
      std::vector<std::string> cells{label(r, row), x.order, hundredths(x.fraction_pct)};
      for (std::string& c : balance_cells(x.balance)) cells.push_back(std::move(c));
      cells.push_back(std::to_string(x.memory_bytes));
      cells.push_back(per_bucket(x.memory_bytes, r.params.buckets));
      out += row_of(cells);
    }
  if (!r.params.times) return out;
  out += "\nAlgorithm,InitMs,Keys,HashNsPerKey,MapNsPerKey\n";
  for (const LabRow& row : r.rows)
    if (row.times)
      out += row_of({label(r, row), fixed(row.times->init_ms, 3), std::to_string(row.times->keys),
                     row.times->hash_ns ? fixed(*row.times->hash_ns, 1) : "", fixed(row.times->map_ns, 1)});
  return out;
}

// --- The papers' claims --------------------------------------------------------------------------

namespace {

// The keys each claim looks up (lab_keys(seed)), and multi-probe's: 100 nodes x 10,000 keys.
constexpr std::uint64_t kClaimKeys = 100'000;
constexpr std::uint32_t kProbeNodes = 100;
constexpr std::uint64_t kProbeKeys = 1'000'000;

// Counts of one statistic over keys: its sum and sum of squares, exact, for the mean and its
// standard error.
struct Tally {
  std::uint64_t count = 0, sum = 0, squares = 0, max = 0;
  void add(std::uint64_t x) {
    ++count;
    sum += x;
    squares += x * x;
    max = std::max(max, x);
  }
  [[nodiscard]] double mean() const { return static_cast<double>(sum) / static_cast<double>(count); }
  // The standard error of the mean: sqrt(variance / count), with the variance of the sample.
  [[nodiscard]] double error() const {
    const double m = mean();
    const double var = static_cast<double>(squares) / static_cast<double>(count) - m * m;
    return std::sqrt(std::max(var, 0.0) / static_cast<double>(count));
  }
};

// A bucket hasher's trace steps for a key: the key whole for a u64 algorithm, its low 32 bits for
// a u32 one, its decimal digits for a text one, as the lab looks keys up.
std::vector<BucketStep> trace_of(const Buckets& b, std::uint64_t key) {
  std::array<char, 24> buf{};
  switch (b.algorithm().input) {
    case BucketInput::text: return b.trace_key(decimal(key, buf));
    case BucketInput::u32: return b.trace(static_cast<std::uint32_t>(key));
    case BucketInput::u64: break;
  }
  return b.trace(key);
}
std::uint32_t bucket_of(const Buckets& b, std::uint64_t key) {
  std::array<char, 24> buf{};
  switch (b.algorithm().input) {
    case BucketInput::text: return b.bucket_key(decimal(key, buf));
    case BucketInput::u32: return b.bucket(static_cast<std::uint32_t>(key));
    case BucketInput::u64: break;
  }
  return b.bucket(key);
}

// The steps of `kind` in each key's trace.
Tally steps_of(const Buckets& b, std::span<const std::uint64_t> keys, BucketStepKind kind) {
  Tally t;
  for (const std::uint64_t k : keys) {
    std::uint64_t c = 0;
    for (const BucketStep& s : trace_of(b, k)) c += s.kind == kind ? 1 : 0;
    t.add(c);
  }
  return t;
}

std::string mean_text(const Tally& t) { return mean3(t.sum, t.count); }
// The mean as mean_text prints it: its thousandths, as a number.
double mean_value(const Tally& t) { return static_cast<double>(lab_per_lookup_x1000(t.sum, t.count)) / 1000; }
double num(std::uint64_t x) { return static_cast<double>(x); }

// The buckets removed in a seeded random order (the lab's random history) until `live` are left.
void remove_down_to(Buckets& b, std::uint32_t n, std::uint32_t live, std::int64_t seed) {
  const std::vector<std::uint32_t> order = removal_order("random", n, seed);
  std::vector<std::int64_t> gone;
  for (std::uint32_t i = 0; i + live < n; ++i) gone.push_back(order[i]);
  b.remove_many(gone);
}

}  // namespace

// Once a call, and a large one (six claims' texts): compiled for size, the lookups it counts are not.
RINGLAB_ONCE std::vector<LabClaim> lab_claims(std::int64_t seed) {
  check_integer(kLabParams[2], seed);
  const std::vector<std::uint64_t> keys = lab_keys(seed, kClaimKeys);
  const std::string keys_text = std::to_string(kClaimKeys) + " keys";
  std::vector<LabClaim> out;

  {  // JumpBackHash: the PRNG's draws a lookup, worst at n = 2^k + 1.
    const Tally at = steps_of(Buckets("jumpback", {.buckets = 1025}), keys, BucketStepKind::draw);
    const Tally pow2 = steps_of(Buckets("jumpback", {.buckets = 1024}), keys, BucketStepKind::draw);
    const double bound = 5.0 / 3.0;
    out.push_back(
        {.algorithm = "jumpback",
         .paper = "Otmar Ertl, JumpBackHash, Software: Practice and Experience 55(3), 2025 (arXiv 2403.18682)",
         .claim = "a lookup draws 5/3 random values on average in the worst case, n = 1025 (2^10 + 1)",
         .paper_figure = "1.667",
         .lab_figure = mean_text(at),
         .detail = "draws per lookup over " + keys_text + ": " + mean_text(at) + " at n = 1025 (at most " +
                   std::to_string(at.max) + "), " + mean_text(pow2) + " at n = 1024",
         .holds = std::abs(at.mean() - bound) <= 3 * at.error() && pow2.mean() < at.mean(),
         .tolerance = "statistical: within 3 standard errors of 5/3, and fewer draws at n = 1024",
         .values = {{"keys", num(kClaimKeys)},
                    {"mean", mean_value(at)},
                    {"max", num(at.max)},
                    {"meanAt1024", mean_value(pow2)}}});
  }
  {  // FlipHash: hash evaluations a lookup: the first hash, a flip whose masked bits are not 0,
     // and each draw after the first candidate.
    const auto evaluations = [&](std::uint32_t n) {
      const Buckets b("fliphash", {.buckets = n});
      Tally t;
      for (const std::uint64_t k : keys) {
        std::uint64_t c = 0, candidates = 0;
        for (const BucketStep& s : b.trace(k)) {
          if (s.kind == BucketStepKind::hash) ++c;
          if (s.kind == BucketStepKind::flip && s.value != 0) ++c;
          if (s.kind == BucketStepKind::candidate) ++candidates;
        }
        t.add(c + candidates - 1);
      }
      return t;
    };
    const Tally at = evaluations(1025);
    const Tally pow2 = evaluations(1024);
    out.push_back({.algorithm = "fliphash",
                   .paper = "Charles Masson and Homin K. Lee, FlipHash (arXiv 2402.17549, 2024)",
                   .claim = "a lookup evaluates the hash 3.5 times on average at its worst n, 1025 (2^10 + 1)",
                   .paper_figure = "3.5",
                   .lab_figure = mean_text(at),
                   .detail = "hash evaluations per lookup over " + keys_text + ": " + mean_text(at) +
                             " at n = 1025 (at most " + std::to_string(at.max) + "), " + mean_text(pow2) +
                             " at n = 1024",
                   .holds = std::abs(at.mean() - 3.5) <= 3 * at.error() && pow2.mean() < at.mean(),
                   .tolerance = "statistical: within 3 standard errors of 3.5, and fewer at n = 1024",
                   .values = {{"keys", num(kClaimKeys)},
                              {"mean", mean_value(at)},
                              {"max", num(at.max)},
                              {"meanAt1024", mean_value(pow2)}}});
  }
  {  // Multi-probe: the most loaded node's keys over the mean, 21 probes.
    BucketOptions o;
    o.nodes.emplace();
    for (std::uint32_t i = 0; i < kProbeNodes; ++i) o.nodes->push_back(node_name(i));
    o.probes = 21;
    const Buckets b("multiprobe", o);
    const std::vector<std::uint64_t> many = lab_keys(seed, kProbeKeys);
    std::vector<std::uint64_t> counts(kProbeNodes, 0);
    for (const std::uint64_t k : many) ++counts[bucket_of(b, k)];
    const std::uint64_t peak = *std::max_element(counts.begin(), counts.end());
    const std::uint64_t x1000 = rounded_div(static_cast<u128>(peak) * kProbeNodes * 1000, kProbeKeys);
    // A node's count has a standard deviation of sqrt(keys / nodes) keys: 1 % of the mean here.
    const double noise = std::sqrt(static_cast<double>(kProbeNodes) / static_cast<double>(kProbeKeys));
    out.push_back(
        {.algorithm = "multiprobe",
         .paper = "Ben Appleton and Michael O'Reilly, Multi-probe consistent hashing (arXiv 1505.00062, 2015)",
         .claim = "with 21 probes a key (1 + 1/epsilon), the peak-to-average load is 1 + epsilon, about 1.05",
         .paper_figure = "1.05",
         .lab_figure = mean3(x1000, 1000),
         .detail = std::to_string(kProbeKeys) + " keys on " + std::to_string(kProbeNodes) + " nodes S0..S" +
                   std::to_string(kProbeNodes - 1) + " (one point each, fixed by its name): the most loaded holds " +
                   std::to_string(peak) + ", the mean " + std::to_string(kProbeKeys / kProbeNodes),
         .holds = static_cast<double>(x1000) / 1000 <= 1.05 + 3 * noise,
         .tolerance = "statistical: at most 1.05 plus 3 x a node's count noise, 1/sqrt(keys per node)",
         .values = {{"ratio", static_cast<double>(x1000) / 1000},
                    {"keys", num(kProbeKeys)},
                    {"nodes", num(kProbeNodes)},
                    {"peak", num(peak)},
                    {"mean", num(kProbeKeys / kProbeNodes)}}});
  }
  {  // MementoHash: memory with n (none) and with removals.
    std::string with_n, with_removals;
    std::vector<std::pair<std::string, double>> values;
    bool holds = true;
    for (const std::uint32_t n : {10u, 1000u, 100'000u}) {
      const std::uint64_t bytes = Buckets("memento", {.buckets = n}).memory_bytes();
      holds = holds && bytes == 0;
      values.emplace_back("bytesAt" + std::to_string(n), num(bytes));
      with_n += (with_n.empty() ? "" : ", ") + std::to_string(bytes) + " B at n = " + std::to_string(n);
    }
    std::uint64_t last = 0;
    for (const std::uint32_t pct : {10u, 50u, 90u}) {
      Buckets b("memento", {.buckets = 1000});
      remove_down_to(b, 1000, 1000 - 10 * pct, seed);
      const std::uint64_t bytes = b.memory_bytes();
      holds = holds && bytes > last;
      last = bytes;
      values.emplace_back("bytesWith" + std::to_string(10 * pct) + "Removed", num(bytes));
      with_removals += (with_removals.empty() ? "" : ", ") + std::to_string(bytes) + " B with " +
                       std::to_string(10 * pct) + " removed";
    }
    out.push_back({.algorithm = "memento",
                   .paper = "Coluzzi, Brocco, Antonucci and Leidi, MementoHash, IEEE/ACM ToN 2024 (arXiv 2306.09783)",
                   .claim = "its memory grows with the buckets removed (O(r)), not with the buckets n",
                   .paper_figure = "O(r), none for n",
                   .lab_figure = std::to_string(last) + " B",
                   .detail = "without removals " + with_n + "; of n = 1000, " + with_removals,
                   .holds = holds,
                   .tolerance = "exact: 0 bytes for every n without removals, more with each share removed",
                   .values = std::move(values)});
  }
  {  // AnchorHash: hash steps a lookup as the working set shrinks, against (1 + ln(a/w))^2.
    constexpr std::uint32_t a = 1000;
    std::string detail;
    std::vector<std::pair<std::string, double>> values = {{"keys", num(kClaimKeys)}};
    bool holds = true;
    Tally previous;
    std::string last;
    for (const std::uint32_t w : {1000u, 900u, 500u, 100u}) {
      Buckets b("anchor", {.buckets = a, .capacity = a});
      remove_down_to(b, a, w, seed);
      const Tally t = steps_of(b, keys, BucketStepKind::hash);
      const double root = 1 + js_math::log(static_cast<double>(a) / w);
      const double model = root * root;
      holds = holds && t.mean() <= model && (previous.count == 0 || t.mean() > previous.mean());
      previous = t;
      last = mean_text(t);
      values.emplace_back("stepsAt" + std::to_string(w), mean_value(t));
      values.emplace_back("boundAt" + std::to_string(w), model);
      detail += (detail.empty() ? "" : ", ") + mean_text(t) + " at w = " + std::to_string(w) + " (bound " +
                fixed(model, 3) + ")";
    }
    out.push_back({.algorithm = "anchor",
                   .paper =
                       "Mendelson, Vargaftik, Barabash, Lorenz, Keslassy and Orda, AnchorHash, IEEE/ACM ToN 29(2) 2021 "
                       "(arXiv 1812.09674)",
                   .claim = "a lookup's hash steps grow only as the log of a/w as buckets are removed, "
                            "O((1 + ln(a/w))^2) as DxHash's paper tabulates it",
                   .paper_figure = "O((1 + ln(a/w))^2)",
                   .lab_figure = last,
                   .detail = "hash steps per lookup over " + keys_text + ", a = " + std::to_string(a) +
                             ", buckets removed in a seeded random order: " + detail,
                   .holds = holds,
                   .tolerance = "model: below (1 + ln(a/w))^2 at each w, and growing as w shrinks",
                   .values = std::move(values)});
  }
  {  // DxHash: a full table doubling its slots.
    constexpr std::uint32_t n = 1024;
    Buckets b("dx", {.buckets = n, .capacity = n});
    std::vector<std::uint32_t> before(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) before[i] = bucket_of(b, keys[i]);
    const std::uint32_t added = b.add();
    std::uint64_t moved = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) moved += bucket_of(b, keys[i]) != before[i] ? 1 : 0;
    const double share = static_cast<double>(moved) / static_cast<double>(keys.size());
    const double error = std::sqrt(0.25 / static_cast<double>(keys.size()));
    out.push_back(
        {.algorithm = "dx",
         .paper = "Chaos Dong and Fang Wang, DxHash (arXiv 2107.07930)",
         .claim = "adding a bucket to a full table doubles its slots, and moves about half the keys "
                  "(49.97 % measured on its reference)",
         .paper_figure = "50 %",
         .lab_figure = hundredths(rounded_div(static_cast<u128>(moved) * 10000, keys.size())) + " %",
         .detail = std::to_string(moved) + " of " + keys_text + " moved when bucket " + std::to_string(added) +
                   " was added to " + std::to_string(n) + " live of " + std::to_string(n) + " slots",
         .holds = std::abs(share - 0.5) <= 3 * error + 0.01,
         .tolerance = "statistical: within 1 % and 3 standard errors of one half",
         .values = {{"share", static_cast<double>(rounded_div(static_cast<u128>(moved) * 10000, keys.size())) / 100},
                    {"moved", num(moved)},
                    {"keys", num(keys.size())},
                    {"added", num(added)},
                    {"slots", num(n)}}});
  }
  return out;
}

std::string lab_claims_text(const std::vector<LabClaim>& claims) {
  std::size_t holding = 0;
  for (const LabClaim& c : claims) holding += c.holds ? 1 : 0;
  std::string out = "the papers' claims about the newer bucket hashers, each computed now: " + std::to_string(holding) +
                    " of " + std::to_string(claims.size()) + " hold\n";
  for (const LabClaim& c : claims) {
    out += "\n" + c.algorithm + ": " + c.claim + "\n";
    out += "  paper    " + c.paper + "\n";
    out += "  figure   paper " + c.paper_figure + ", ringlab " + c.lab_figure + (c.holds ? " (holds)" : " (differs)") +
           "\n";
    out += "  detail   " + c.detail + "\n";
    out += "  check    " + c.tolerance + "\n";
  }
  return out;
}

namespace {
// A claim's values as a JSON object, each number as JavaScript prints it (what the package's
// `values` hold, so the two compare equal).
std::string values_json(const std::vector<std::pair<std::string, double>>& values) {
  std::string out = "{";
  for (const auto& [name, x] : values)
    out += (out.size() > 1 ? "," : "") + json_string(name) + ":" + js::number_to_string(x);
  return out + "}";
}
}  // namespace

std::string lab_claims_json(const std::vector<LabClaim>& claims) {
  std::string out;
  for (const LabClaim& c : claims)
    out += "{\"algorithm\":" + json_string(c.algorithm) + ",\"paper\":" + json_string(c.paper) +
           ",\"claim\":" + json_string(c.claim) + ",\"paperFigure\":" + json_string(c.paper_figure) +
           ",\"ringlab\":" + json_string(c.lab_figure) + ",\"detail\":" + json_string(c.detail) +
           ",\"holds\":" + (c.holds ? "true" : "false") + ",\"check\":" + json_string(c.tolerance) +
           ",\"values\":" + values_json(c.values) + "}\n";
  return out;
}

}  // namespace ringlab
