// The adapters (see adapters.hpp): each converts its arguments, calls the core inside guarded()
// and converts the result.
#include "adapters.hpp"

#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "abi.hpp"
#include "ringlab/analysis.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/digest.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/random.hpp"

#ifndef RINGLAB_VERSION
#define RINGLAB_VERSION "0.0.0"
#endif

namespace ringlab::wasm {

// ---------------------------------------------------------------------------------------------
// Conversions

std::int64_t integer(double v, std::string_view what) {
  if (!std::isfinite(v) || v != std::floor(v) || std::fabs(v) > 9007199254740991.0)
    throw Error(ErrorCode::invalid_argument,
                std::string(what) + " must be a safe integer, got " + ringlab::js::number_to_string(v));
  return static_cast<std::int64_t>(v);
}

std::int64_t non_negative(double v, std::string_view what) {
  const std::int64_t n = integer(v, what);
  if (n < 0) throw Error(ErrorCode::out_of_range, std::string(what) + " must be >= 0, got " + std::to_string(n));
  return n;
}

std::uint32_t uint32_arg(double v, std::string_view what) {
  const std::int64_t n = integer(v, what);
  if (n < 0 || n > 4294967295LL)
    throw Error(ErrorCode::out_of_range,
                std::string(what) + " must be between 0 and 4294967295, got " + std::to_string(n));
  return static_cast<std::uint32_t>(n);
}

void check_batch(std::int64_t count) {
  if (count > ringlab::kMaxKeys)
    throw Error(ErrorCode::limit_exceeded,
                "at most " + std::to_string(ringlab::kMaxKeys) + " values per call, got " + std::to_string(count));
}

namespace {

// Servers from the wrapper: a count (>= 0: the course's S0 .. S{n-1}) or, with count < 0, names,
// weights and zones in list order.
std::vector<ringlab::Server> servers_arg(const val& names, const val& weights, const val& zones, double count) {
  if (count >= 0) {
    const std::int64_t n = integer(count, "servers");
    if (n < 1 || n > ringlab::kMaxServers)
      throw Error(ErrorCode::out_of_range, "servers must be between 1 and " + std::to_string(ringlab::kMaxServers) +
                                               ", got " + std::to_string(n));
    return ringlab::default_servers(static_cast<std::uint32_t>(n));
  }
  const auto n = emscripten::vecFromJSArray<std::u16string>(names);
  const auto w = copy_in<double>(weights);
  const auto z = zones.isUndefined() ? std::vector<std::u16string>(n.size()) : emscripten::vecFromJSArray<std::u16string>(zones);
  if (w.size() != n.size() || z.size() != n.size())
    throw Error(ErrorCode::invalid_argument, "names, weights and zones differ in length");
  std::vector<ringlab::Server> servers;
  servers.reserve(n.size());
  for (std::size_t i = 0; i < n.size(); ++i) servers.push_back(ringlab::Server{n[i], w[i], z[i]});
  return servers;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Hashing, PRNG, jump, mod-N

std::uint32_t h32(const std::u16string& s) { return ringlab::h32(s); }

std::uint32_t h32_bytes(const val& bytes) {
  return guarded([&] { return ringlab::h32_bytes(std::span<const std::uint8_t>(copy_in<std::uint8_t>(bytes))); });
}

void h32_many(double count) {
  guarded([&] {
    const StagedStrings keys = staged_strings(count);
    ringlab::h32_many(keys.units, keys.offsets, keys.out);
  });
}

// Continues a generator from `state` (the seed, or a state returned by an earlier call):
// {values: Uint32Array of next_uint32(), state}.
val mulberry32_fill(double state, double count) {
  return guarded([&] {
    const std::int64_t n = non_negative(count, "count");
    check_batch(n);
    ringlab::Mulberry32 rng(integer(state, "seed"));
    std::vector<std::uint32_t> values(static_cast<std::size_t>(n));
    for (auto& v : values) v = rng.next_uint32();
    val r = val::object();
    r.set("values", copy_out(values));
    r.set("state", static_cast<double>(rng.state()));
    return r;
  });
}

// The numbers of the course's keys: key i is "user:" + numbers[i].
val key_numbers(double seed, double count) {
  return guarded([&] {
    const std::int64_t n = non_negative(count, "count");
    check_batch(n);
    ringlab::CourseKeys keys(integer(seed, "seed"));
    std::vector<std::uint32_t> out(static_cast<std::size_t>(n));
    for (auto& v : out) v = keys.next_number();
    return copy_out(out);
  });
}

// Staged: the h32 of the course's keys for a seed, n words, made without their text.
void key_hashes(double seed, double count) {
  guarded([&] {
    ringlab::CourseKeys keys(integer(seed, "seed"));
    keys.next_hashes(staged_words(count));
  });
}

std::int32_t jump(std::uint64_t key, double buckets) {
  return guarded([&] { return ringlab::jump(key, integer(buckets, "buckets")); });
}

// Staged: n keys at the block's start (32-bit words, or, when wide, a BigUint64Array's bytes as
// (low, high) word pairs: both sides are little-endian), then n results.
void jump_many(double count, double buckets, bool wide) {
  guarded([&] {
    const std::int64_t b = integer(buckets, "buckets");
    ringlab::check_buckets(b);
    const std::span<std::uint32_t> w = staged_words(count * (wide ? 3 : 2));
    const std::size_t n = w.size() / (wide ? 3 : 2);
    const std::size_t key_words = wide ? 2 * n : n;
    const std::span<std::int32_t> out(reinterpret_cast<std::int32_t*>(w.data() + key_words), n);
    if (wide) {
      ringlab::jump_many<std::uint64_t>({reinterpret_cast<const std::uint64_t*>(w.data()), n}, static_cast<std::int32_t>(b), out);
    } else {
      ringlab::jump_many<std::uint32_t>({w.data(), n}, static_cast<std::int32_t>(b), out);
    }
  });
}

std::uint32_t mod_n(std::uint32_t hash, double n) {
  return guarded([&] { return ringlab::mod_n(hash, integer(n, "servers")); });
}

void mod_n_many(double count, double n) {
  guarded([&] {
    const std::int64_t servers = integer(n, "servers");
    (void)ringlab::mod_n(0, servers);  // validates n once
    const ringlab::FastMod mod(static_cast<std::uint32_t>(servers));
    for (auto& h : staged_words(count)) h = mod(h);
  });
}

// ---------------------------------------------------------------------------------------------
// Ring

ringlab::Ring* make_ring(const val& names, const val& weights, const val& zones, double vnodes) {
  return guarded([&]() -> ringlab::Ring* {
    std::vector<ringlab::Server> servers = servers_arg(names, weights, zones, -1);
    const std::int64_t v = integer(vnodes, "vnodes");
    if (v < 1 || v > static_cast<std::int64_t>(ringlab::kMaxRingPoints))
      throw Error(ErrorCode::out_of_range, "vnodes must be between 1 and " + std::to_string(ringlab::kMaxRingPoints) +
                                               ", got " + std::to_string(v));
    return new ringlab::Ring(std::move(servers), static_cast<std::uint32_t>(v));
  });
}

ringlab::Ring* make_uniform_ring(double servers, double vnodes) {
  return guarded([&]() -> ringlab::Ring* {
    const std::int64_t n = integer(servers, "servers");
    const std::int64_t v = integer(vnodes, "vnodes");
    if (n < 1 || n > static_cast<std::int64_t>(ringlab::kMaxRingPoints))
      throw Error(ErrorCode::out_of_range, "servers must be between 1 and " + std::to_string(ringlab::kMaxRingPoints) +
                                               ", got " + std::to_string(n));
    if (v < 1 || v > static_cast<std::int64_t>(ringlab::kMaxRingPoints))
      throw Error(ErrorCode::out_of_range, "vnodes must be between 1 and " + std::to_string(ringlab::kMaxRingPoints) +
                                               ", got " + std::to_string(v));
    return new ringlab::Ring(ringlab::Ring::uniform(static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(v)));
  });
}

std::uint32_t ring_owner(const ringlab::Ring& r, const std::u16string& key) { return r.owner_of_key(key); }
std::uint32_t ring_owner_of_hash(const ringlab::Ring& r, std::uint32_t hash) { return r.owner(hash); }

void ring_owner_of_hash_many(const ringlab::Ring& r, double count) {
  guarded([&] {
    r.owners(staged_words(count));
  });
}

void ring_owner_many(const ringlab::Ring& r, double count) {
  guarded([&] {
    const StagedStrings keys = staged_strings(count);
    r.owners_of_keys(keys.units, keys.offsets, keys.out);
  });
}

val ring_preference_list(const ringlab::Ring& r, std::uint32_t hash, double rf, bool zones) {
  return guarded([&] { return copy_out(r.preference_list(hash, integer(rf, "replication factor"), zones)); });
}

void ring_add(ringlab::Ring& r, const std::u16string& name, double weight, const std::u16string& zone) {
  guarded([&] { r.add_server(ringlab::Server{name, weight, zone}); });
}
void ring_remove(ringlab::Ring& r, const std::u16string& name) {
  guarded([&] { r.remove_server(name); });
}
void ring_set_weight(ringlab::Ring& r, const std::u16string& name, double weight) {
  guarded([&] { r.set_weight(name, weight); });
}

// [{name, weight, zone, points}] in list order.
val ring_servers(const ringlab::Ring& r) {
  return guarded([&] {
    val out = val::array();
    const auto servers = r.servers();
    for (std::uint32_t s = 0; s < servers.size(); ++s) {
      val o = val::object();
      o.set("name", servers[s].name);
      o.set("weight", servers[s].weight);
      o.set("zone", servers[s].zone);
      o.set("points", r.points_of(s));
      out.call<void>("push", o);
    }
    return out;
  });
}

double ring_size(const ringlab::Ring& r) { return static_cast<double>(r.size()); }
std::uint32_t ring_vnodes(const ringlab::Ring& r) { return r.vnodes(); }
std::uint32_t ring_server_count(const ringlab::Ring& r) { return static_cast<std::uint32_t>(r.servers().size()); }
double ring_index_of(const ringlab::Ring& r, const std::u16string& name) { return static_cast<double>(r.index_of(name)); }
double ring_memory_bytes(const ringlab::Ring& r) { return static_cast<double>(r.memory_bytes()); }

val ring_points(const ringlab::Ring& r) {
  return guarded([&] {
    val o = val::object();
    o.set("tokens", copy_out(r.tokens().data(), r.tokens().size()));
    o.set("servers", copy_out(r.point_servers().to_vector()));
    return o;
  });
}

namespace {

// The owner search's steps as (lo, hi, mid, token, right) quintuples; the wrapper makes objects.
val trace_out(const std::vector<ringlab::SearchStep>& steps) {
  std::vector<std::uint32_t> flat;
  flat.reserve(steps.size() * 5);
  for (const auto& s : steps) flat.insert(flat.end(), {s.lo, s.hi, s.mid, s.token, s.right ? 1u : 0u});
  return copy_out(flat);
}

}  // namespace

val ring_search_trace(const ringlab::Ring& r, std::uint32_t hash) {
  return guarded([&] { return trace_out(ringlab::search_trace(r.tokens(), hash)); });
}

// ---------------------------------------------------------------------------------------------
// Rendezvous

ringlab::Rendezvous* make_rendezvous(const val& names) {
  return guarded([&] { return new ringlab::Rendezvous(emscripten::vecFromJSArray<std::u16string>(names)); });
}

double hrw_pick(const ringlab::Rendezvous& h, const std::u16string& key) { return static_cast<double>(h.pick(key)); }

// Results as int32 bit patterns (-1: no server), read back as an Int32Array.
void hrw_pick_many(const ringlab::Rendezvous& h, double count) {
  guarded([&] {
    const StagedStrings keys = staged_strings(count);
    h.pick_many(keys.units, keys.offsets, {reinterpret_cast<std::int32_t*>(keys.out.data()), keys.size()});
  });
}

val hrw_scores(const ringlab::Rendezvous& h, const std::u16string& key) {
  return guarded([&] { return copy_out(h.scores(key)); });
}

val hrw_top(const ringlab::Rendezvous& h, const std::u16string& key, double k) {
  return guarded([&] { return copy_out(h.top(key, integer(k, "k"))); });
}

ringlab::WeightedRendezvous* make_weighted_rendezvous(const val& names, const val& weights) {
  return guarded([&] {
    const auto n = emscripten::vecFromJSArray<std::u16string>(names);
    const auto w = copy_in<double>(weights);
    if (w.size() != n.size()) throw Error(ErrorCode::invalid_argument, "names and weights differ in length");
    std::vector<ringlab::WeightedServer> servers;
    servers.reserve(n.size());
    for (std::size_t i = 0; i < n.size(); ++i) servers.push_back({n[i], w[i]});
    return new ringlab::WeightedRendezvous(std::move(servers));
  });
}

double whrw_pick(const ringlab::WeightedRendezvous& h, const std::u16string& key) {
  return static_cast<double>(h.pick(key));
}

// Results as int32 bit patterns (-1: no server), read back as an Int32Array.
void whrw_pick_many(const ringlab::WeightedRendezvous& h, double count) {
  guarded([&] {
    const StagedStrings keys = staged_strings(count);
    h.pick_many(keys.units, keys.offsets, {reinterpret_cast<std::int32_t*>(keys.out.data()), keys.size()});
  });
}

val whrw_scores(const ringlab::WeightedRendezvous& h, const std::u16string& key) {
  return guarded([&] { return copy_out(h.scores(key)); });
}

val whrw_top(const ringlab::WeightedRendezvous& h, const std::u16string& key, double k) {
  return guarded([&] { return copy_out(h.top(key, integer(k, "k"))); });
}

// ---------------------------------------------------------------------------------------------
// Maglev

// Backends by name (count < 0) or the course's S0 .. S{count-1}.
ringlab::Maglev* make_maglev(const val& names, const val& weights, double count, double table_size) {
  return guarded([&] {
    const std::uint32_t m = uint32_arg(table_size, "tableSize");
    std::vector<ringlab::Backend> backends;
    if (count >= 0) {
      const std::uint32_t n = uint32_arg(count, "backends");
      // Refused before making n names; the core words the same check for named backends.
      if (n > m)
        throw Error(ErrorCode::out_of_range, "table size " + std::to_string(m) + " is smaller than the " +
                                                 std::to_string(n) + " backends");
      for (std::uint32_t b = 0; b < n; ++b) backends.push_back({ringlab::default_server_name(b), 1.0});
    } else {
      const auto n = emscripten::vecFromJSArray<std::u16string>(names);
      const auto w = copy_in<double>(weights);
      if (w.size() != n.size()) throw Error(ErrorCode::invalid_argument, "names and weights differ in length");
      for (std::size_t i = 0; i < n.size(); ++i) backends.push_back({n[i], w[i]});
    }
    return new ringlab::Maglev(std::move(backends), m);
  });
}

std::uint32_t maglev_lookup(const ringlab::Maglev& g, const std::u16string& key) { return g.lookup_key(key); }
std::uint32_t maglev_lookup_hash(const ringlab::Maglev& g, std::uint32_t hash) { return g.lookup(hash); }

void maglev_lookup_hash_many(const ringlab::Maglev& g, double count) {
  guarded([&] {
    g.lookup_many(staged_words(count));
  });
}

void maglev_lookup_many(const ringlab::Maglev& g, double count) {
  guarded([&] {
    const StagedStrings keys = staged_strings(count);
    g.lookup_keys(keys.units, keys.offsets, keys.out);
  });
}

val maglev_table(const ringlab::Maglev& g) {
  return guarded([&] { return copy_out(g.table().data(), g.table().size()); });
}

val maglev_entry_counts(const ringlab::Maglev& g) {
  return guarded([&] { return copy_out(g.entry_counts()); });
}

// The fill as (backend, slot, skipped) triples, in turn order.
val maglev_fill_turns(const ringlab::Maglev& g) {
  return guarded([&] {
    const auto turns = g.fill_turns();
    std::vector<std::uint32_t> flat;
    flat.reserve(turns.size() * 3);
    for (const auto& t : turns) flat.insert(flat.end(), {t.backend, t.slot, t.skipped});
    return copy_out(flat);
  });
}

namespace {

std::uint32_t backend_index(const ringlab::Maglev& g, double i) {
  const std::uint32_t b = uint32_arg(i, "backend");
  if (b >= g.backends().size())
    throw Error(ErrorCode::out_of_range, "backend must be between 0 and " + std::to_string(g.backends().size() - 1) +
                                             ", got " + std::to_string(b));
  return b;
}

}  // namespace

std::uint32_t maglev_offset(const ringlab::Maglev& g, double i) {
  return guarded([&] { return g.offset(backend_index(g, i)); });
}
std::uint32_t maglev_skip(const ringlab::Maglev& g, double i) {
  return guarded([&] { return g.skip(backend_index(g, i)); });
}
std::uint32_t maglev_table_size(const ringlab::Maglev& g) { return g.table_size(); }

// Backend names in list order.
val maglev_backends(const ringlab::Maglev& g) {
  return guarded([&] {
    val out = val::array();
    for (const auto& b : g.backends()) out.call<void>("push", b.name);
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Bounded loads

val bounded_loads(const ringlab::Ring& r, const val& hashes, double epsilon) {
  return guarded([&] {
    const std::vector<std::uint32_t> h = copy_in<std::uint32_t>(hashes);
    const ringlab::BoundedPlacement p = ringlab::place_bounded(r, h, epsilon);
    val o = val::object();
    o.set("servers", copy_out(p.servers));
    o.set("walks", copy_out(p.walks));
    o.set("loads", copy_out(p.loads));
    o.set("capacities", copy_out(p.capacities));
    o.set("notFirstChoice", p.not_first_choice);
    o.set("longestWalk", p.longest_walk);
    return o;
  });
}

// ---------------------------------------------------------------------------------------------
// The explicit-token ring

ringlab::TokenRing* make_token_ring(double bits) {
  return guarded([&] { return new ringlab::TokenRing(uint32_arg(bits, "bits")); });
}

void token_add(ringlab::TokenRing& t, const std::u16string& id, double token) {
  guarded([&] { t.add(id, static_cast<std::uint64_t>(non_negative(token, "token"))); });
}
void token_remove(ringlab::TokenRing& t, const std::u16string& id) {
  guarded([&] { t.remove(id); });
}
std::u16string token_route(const ringlab::TokenRing& t, const std::u16string& key) {
  return guarded([&] { return t.route(key); });
}
std::u16string token_route_hash(const ringlab::TokenRing& t, std::uint32_t hash) {
  return guarded([&] { return t.route_hash(hash); });
}
std::uint32_t token_position(const ringlab::TokenRing& t, const std::u16string& key) { return t.position(key); }

val token_boundaries(const ringlab::TokenRing& t, const std::u16string& id) {
  return guarded([&] {
    const auto [start, end] = t.boundaries(id);
    const std::uint32_t both[2] = {start, end};
    return copy_out(both, 2);
  });
}
double token_of(const ringlab::TokenRing& t, const std::u16string& id) {
  return guarded([&] { return static_cast<double>(t.token_of(id)); });
}
val token_ids(const ringlab::TokenRing& t) {
  return guarded([&] {
    val out = val::array();
    for (const auto& p : t.points()) out.call<void>("push", p.second);
    return out;
  });
}
val token_tokens(const ringlab::TokenRing& t) {
  return guarded([&] { return copy_out(t.tokens()); });
}
double token_size(const ringlab::TokenRing& t) { return static_cast<double>(t.size()); }
std::uint32_t token_bits(const ringlab::TokenRing& t) { return t.bits(); }
ringlab::TokenRing* token_clone(const ringlab::TokenRing& t) {
  return guarded([&] { return new ringlab::TokenRing(t); });
}
// The search route_hash does: the hash is first reduced to the ring's bits, as there.
val token_search_trace(const ringlab::TokenRing& t, std::uint32_t hash) {
  return guarded([&] {
    const std::uint32_t x = t.bits() == 32 ? hash : hash & ((1u << t.bits()) - 1);
    return trace_out(ringlab::search_trace(t.tokens(), x));
  });
}

// ---------------------------------------------------------------------------------------------
// Traces for steppers

// Any ascending token list (a ring's, a token ring's, one drawn by hand).
val search_trace(const val& tokens, std::uint32_t hash) {
  return guarded([&] {
    const std::vector<std::uint32_t> t = copy_in<std::uint32_t>(tokens);
    for (std::size_t i = 1; i < t.size(); ++i)
      if (t[i] < t[i - 1]) throw Error(ErrorCode::invalid_argument, "tokens must be sorted ascending");
    return trace_out(ringlab::search_trace(t, hash));
  });
}

// The preference-list walk over any ascending token list and the server of each point (spec
// §4a), from the owner point of `hash`. zone_of is an empty Uint32Array (no zones) or one zone
// index per server.
val preference_walk(const val& tokens, const val& point_servers, const val& zone_of, std::uint32_t hash, double rf) {
  return guarded([&] {
    const std::vector<std::uint32_t> t = copy_in<std::uint32_t>(tokens);
    const std::vector<std::uint32_t> s = copy_in<std::uint32_t>(point_servers);
    const std::vector<std::uint32_t> z = copy_in<std::uint32_t>(zone_of);
    const std::int64_t r = integer(rf, "replication factor");
    if (s.size() != t.size()) throw Error(ErrorCode::invalid_argument, "tokens and servers differ in length");
    for (std::size_t i = 1; i < t.size(); ++i)
      if (t[i] < t[i - 1]) throw Error(ErrorCode::invalid_argument, "tokens must be sorted ascending");
    auto servers = static_cast<std::uint32_t>(z.size());
    if (z.empty()) {
      // No zones: the servers are 0 .. the largest index on a point, at most a ring's points.
      for (std::uint32_t x : s) {
        if (x >= ringlab::kMaxRingPoints)
          throw Error(ErrorCode::out_of_range, "a server index must be below " + std::to_string(ringlab::kMaxRingPoints) +
                                                   ", got " + std::to_string(x));
        servers = std::max(servers, x + 1);
      }
    }
    return copy_out(ringlab::preference_walk(s, servers, ringlab::owner_point_in(t, hash), r, z));
  });
}

// Jump's steps: {steps: Float64Array of (bucket, next) pairs, keys: Uint32Array of (low, high)
// words of the key after each step}. next can reach 2^62: a double holds it exactly (it was one).
val jump_trace(std::uint64_t key, double buckets) {
  return guarded([&] {
    const auto steps = ringlab::jump_trace(key, integer(buckets, "buckets"));
    std::vector<double> numbers;
    std::vector<std::uint32_t> words;
    for (const auto& s : steps) {
      numbers.insert(numbers.end(), {static_cast<double>(s.bucket), static_cast<double>(s.next)});
      words.insert(words.end(), {static_cast<std::uint32_t>(s.key), static_cast<std::uint32_t>(s.key >> 32)});
    }
    val o = val::object();
    o.set("steps", copy_out(numbers));
    o.set("keys", copy_out(words));
    return o;
  });
}

// ---------------------------------------------------------------------------------------------
// Analysis

// (keys, moved, movedToNew, movedBetweenOld, then (from, to, keys) per flow).
val movement(const val& before, const val& after, const val& is_new) {
  return guarded([&] {
    const auto a = copy_in<std::uint32_t>(before);
    const auto b = copy_in<std::uint32_t>(after);
    const auto flags = copy_in<std::uint8_t>(is_new);
    const std::vector<bool> fresh(flags.begin(), flags.end());
    const ringlab::Movement m = ringlab::movement(a, b, fresh);
    std::vector<double> out{static_cast<double>(m.keys), static_cast<double>(m.moved),
                            static_cast<double>(m.moved_to_new), static_cast<double>(m.moved_between_old)};
    for (const auto& f : m.flows) out.insert(out.end(), {static_cast<double>(f.from), static_cast<double>(f.to), static_cast<double>(f.keys)});
    return copy_out(out);
  });
}

// (min, max, mean, sd, maxOverMean, sdOverMean).
val load_stats(const val& loads) {
  return guarded([&] {
    const auto l = copy_in<double>(loads);
    const ringlab::LoadStats s = ringlab::load_stats(std::span<const double>(l));
    const double out[6] = {s.min, s.max, s.mean, s.sd, s.max_over_mean, s.sd_over_mean};
    return copy_out(out, 6);
  });
}

double theory_sd_over_mean(double n, double v) {
  return guarded([&] { return ringlab::theory_sd_over_mean(uint32_arg(n, "servers"), uint32_arg(v, "vnodes")); });
}
double theory_vnodes_for(double n, double target) {
  return guarded([&] { return ringlab::theory_vnodes_for(uint32_arg(n, "servers"), target); });
}
double theory_harmonic(double n) {
  return guarded([&] { return ringlab::harmonic(uint32_arg(n, "n")); });
}
double theory_mod_n_kept(double n, double m) {
  return guarded([&] { return ringlab::mod_n_kept_fraction(uint32_arg(n, "n"), uint32_arg(m, "m")); });
}
double theory_minimum_moved(double n, double m) {
  return guarded([&] { return ringlab::minimum_moved_fraction(uint32_arg(n, "n"), uint32_arg(m, "m")); });
}

// (hitBefore, moved, hitAfter, dbMultiplier).
val cache_what_if(double hit_ratio, double moved_fraction) {
  return guarded([&] {
    const ringlab::CacheWhatIf w = ringlab::cache_what_if(hit_ratio, moved_fraction);
    const double out[4] = {w.hit_before, w.moved, w.hit_after, w.db_multiplier};
    return copy_out(out, 4);
  });
}

val hot_keys(const ringlab::Ring& r, double seed, double keys, double requests, double s, double hot, double copies) {
  return guarded([&] {
    ringlab::HotKeyParams p;
    p.seed = integer(seed, "seed");
    p.keys = uint32_arg(keys, "keys");
    p.requests = static_cast<std::uint64_t>(non_negative(requests, "requests"));
    p.s = s;
    p.hot = uint32_arg(hot, "hot");
    p.copies = uint32_arg(copies, "copies");
    const ringlab::HotKeyResult h = ringlab::hot_keys(r, p);
    std::vector<double> per_server(h.requests_per_server.begin(), h.requests_per_server.end());
    val o = val::object();
    o.set("requestsPerServer", copy_out(per_server));
    o.set("hottestKeyRequests", static_cast<double>(h.hottest_key_requests));
    o.set("hottestServer", h.hottest_server);
    o.set("maxOverMean", h.max_over_mean);
    return o;
  });
}

// One scenario, every algorithm. The change: kind 0 add, 1 remove, 2 fail, 3 weight.
val compare(const val& names, const val& weights, const val& zones, double count, double vnodes, double seed,
            double keys, double change_kind, const std::u16string& change_name, double change_weight, double epsilon,
            double table_size) {
  return guarded([&] {
    ringlab::Scenario sc;
    sc.servers = servers_arg(names, weights, zones, count);
    const std::int64_t v = integer(vnodes, "vnodes");
    if (v < 1 || v > static_cast<std::int64_t>(ringlab::kMaxRingPoints))
      throw Error(ErrorCode::out_of_range, "vnodes must be between 1 and " + std::to_string(ringlab::kMaxRingPoints) +
                                               ", got " + std::to_string(v));
    sc.vnodes = static_cast<std::uint32_t>(v);
    sc.seed = integer(seed, "seed");
    const std::int64_t k = non_negative(keys, "keys");
    if (k > ringlab::kMaxCompareKeys)
      throw Error(ErrorCode::limit_exceeded, "at most " + std::to_string(ringlab::kMaxCompareKeys) +
                                                 " keys per comparison, got " + std::to_string(k));
    sc.keys = static_cast<std::uint32_t>(k);
    const std::uint32_t kind = uint32_arg(change_kind, "change kind");
    if (kind > 3) throw Error(ErrorCode::invalid_argument, "unknown change kind");
    sc.change.kind = static_cast<ringlab::ChangeKind>(kind);
    sc.change.name = change_name;
    sc.change.weight = change_weight;
    sc.epsilon = epsilon;
    sc.table_size = uint32_arg(table_size, "tableSize");
    val rows = val::array();
    for (const ringlab::ComparisonRow& r : ringlab::compare(sc)) {
      val o = val::object();
      o.set("algorithm", r.algorithm);
      o.set("supported", r.supported);
      if (!r.supported) o.set("reason", r.reason);
      o.set("moved", r.moved);
      o.set("movedToNew", r.moved_to_new);
      o.set("movedBetweenOld", r.moved_between_old);
      o.set("maxOverMean", r.max_over_mean);
      o.set("sdOverMean", r.sd_over_mean);
      o.set("memoryBytes", static_cast<double>(r.memory_bytes));
      o.set("buildMs", r.build_ms);
      rows.call<void>("push", o);
    }
    return rows;
  });
}

// ---------------------------------------------------------------------------------------------
// The three experiments: their numbers and their exact text

namespace {

// A JS progress callback (or undefined). It returns true when the run must stop (the wrapper's
// side caught an exception from the user's function).
ringlab::Progress progress_of(const val& callback) {
  if (callback.isUndefined() || callback.isNull()) return {};
  return [callback](std::uint64_t done, std::uint64_t total) {
    if (callback(static_cast<double>(done), static_cast<double>(total)).as<bool>()) throw Stopped{};
  };
}

}  // namespace

val ring_vs_mod(double seed, double keys, double servers, double vnodes, const val& on_progress) {
  return guarded([&] {
    ringlab::RingVsModParams p;
    p.seed = integer(seed, "seed");
    p.keys = integer(keys, "keys");
    p.servers = integer(servers, "servers");
    p.vnodes = integer(vnodes, "vnodes");
    const ringlab::RingVsModResult r = ringlab::ring_vs_mod(p, progress_of(on_progress));
    val o = val::object();
    o.set("keys", r.keys);
    o.set("serversBefore", r.servers_before);
    o.set("serversAfter", r.servers_after);
    o.set("modMoved", r.mod_moved);
    o.set("modMovedToNew", r.mod_moved_to_new);
    o.set("ringMoved", r.ring_moved);
    o.set("ringMovedToNew", r.ring_moved_to_new);
    o.set("text", r.text);
    return o;
  });
}

val vnode_sweep(double seed, double servers, double keys, const val& vnodes, const val& on_progress) {
  return guarded([&] {
    ringlab::VnodeSweepParams p;
    p.seed = integer(seed, "seed");
    p.servers = integer(servers, "servers");
    p.keys = integer(keys, "keys");
    const auto list = copy_in<double>(vnodes);
    if (list.size() > ringlab::kMaxVnodeList)
      throw Error(ErrorCode::limit_exceeded, "vnodes lists at most " + std::to_string(ringlab::kMaxVnodeList) + " values");
    p.vnodes.clear();
    for (double v : list) p.vnodes.push_back(integer(v, "vnodes"));
    const ringlab::VnodeSweepResult r = ringlab::vnode_sweep(p, progress_of(on_progress));
    val rows = val::array();
    for (const ringlab::VnodeSweepRow& row : r.rows) {
      val o = val::object();
      o.set("vnodes", row.vnodes);
      o.set("points", static_cast<double>(row.points));
      o.set("counts", copy_out(row.counts));
      o.set("min", row.min);
      o.set("max", row.max);
      o.set("sd", row.sd);
      o.set("maxOverAvg", row.max_over_avg);
      o.set("sdOverAvg", row.sd_over_avg);
      rows.call<void>("push", o);
    }
    val o = val::object();
    o.set("servers", r.servers);
    o.set("keys", r.keys);
    o.set("average", r.average);
    o.set("rows", rows);
    o.set("text", r.text);
    return o;
  });
}

val hrw_jump(double seed, double keys, double servers, double remove, double buckets, const val& on_progress) {
  return guarded([&] {
    ringlab::HrwJumpParams p;
    p.seed = integer(seed, "seed");
    p.keys = integer(keys, "keys");
    p.servers = integer(servers, "servers");
    p.remove = integer(remove, "remove");
    p.buckets = integer(buckets, "buckets");
    const ringlab::HrwJumpResult r = ringlab::hrw_jump(p, progress_of(on_progress));
    val counts = val::array();
    for (const auto& c : r.counts) counts.call<void>("push", c ? val(*c) : val::undefined());
    val o = val::object();
    o.set("keys", r.keys);
    o.set("counts", counts);
    o.set("removed", r.removed);
    o.set("hrwMoved", r.hrw_moved);
    o.set("hrwMovedNotFromRemoved", r.hrw_moved_not_from_removed);
    o.set("buckets", r.buckets);
    o.set("jumpMoved", r.jump_moved);
    o.set("jumpMovedNotToNew", r.jump_moved_not_to_new);
    o.set("text", r.text);
    return o;
  });
}

// {all, parts: [{name, digest}]}: ringlab::placement_digests.
val placement_digest(double seed, double keys) {
  return guarded([&] {
    const std::int64_t s = integer(seed, "seed");
    const std::int64_t k = integer(keys, "keys");
    if (k < 0) throw Error(ErrorCode::out_of_range, "keys must be >= 0, got " + std::to_string(k));
    if (k > ringlab::kMaxDigestKeys)
      throw Error(ErrorCode::limit_exceeded,
                  "keys must be between 0 and " + std::to_string(ringlab::kMaxDigestKeys) + ", got " + std::to_string(k));
    const ringlab::PlacementDigest d = ringlab::placement_digests(s, static_cast<std::uint32_t>(k));
    val parts = val::array();
    for (const ringlab::DigestPart& p : d.parts) {
      val o = val::object();
      o.set("name", p.name);
      o.set("digest", p.digest);
      parts.call<void>("push", o);
    }
    val o = val::object();
    o.set("all", d.all);
    o.set("parts", parts);
    return o;
  });
}

// Bytes handed out by malloc and still held (for leak tests), and the heap's size.
val heap_usage() {
  const struct mallinfo mi = mallinfo();
  val o = val::object();
  o.set("used", static_cast<double>(mi.uordblks));
  o.set("reserved", static_cast<double>(mi.arena));
  return o;
}

// ---------------------------------------------------------------------------------------------
// The CLI

// {exitCode, out, err}; run_cli reports its own errors, so nothing here throws.
val run_cli(const val& args) {
  return guarded([&] {
    const ringlab::CliResult r = ringlab::run_cli(emscripten::vecFromJSArray<std::string>(args));
    val o = val::object();
    o.set("exitCode", r.exit_code);
    o.set("out", r.out);
    o.set("err", r.err);
    return o;
  });
}

std::string cli_help() { return ringlab::cli_help(); }

std::string version() { return RINGLAB_VERSION; }

}  // namespace ringlab::wasm
