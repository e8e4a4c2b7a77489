// The adapters (see adapters.hpp): each converts its arguments, calls the core inside guarded()
// and converts the result.
#include "adapters.hpp"
#include "compare_args.hpp"
#include "ringlab/once.hpp"

#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "abi.hpp"
#include "ringlab/analysis.hpp"
#include "ringlab/bounded.hpp"
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

std::uint32_t hash_arg(double v) {
  return static_cast<std::uint32_t>(ringlab::check_integer(Param::hash, integer(v, Param::hash)));
}

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

// Continues a generator from `state` (the seed, or a state returned by an earlier call): the
// next `count` values of next_uint32() after `skip` values (those of the wrapper's last batch
// that were already read), and the state after them.
Mulberry32Out mulberry32_fill(double state, double count, double skip) {
  return guarded([&] {
    const std::int64_t n = count_arg(count);
    ringlab::Mulberry32 rng(integer(state, Param::seed));
    for (std::int64_t i = protocol_size(skip); i > 0; --i) (void)rng.next_uint32();
    std::vector<std::uint32_t> values(static_cast<std::size_t>(n));
    for (auto& v : values) v = rng.next_uint32();
    return Mulberry32Out{copy_out(values), static_cast<double>(rng.state())};
  });
}

// The numbers of the course's keys: key i is "user:" + numbers[i].
val key_numbers(double seed, double count) {
  return guarded([&] {
    const std::int64_t n = count_arg(count);
    ringlab::CourseKeys keys(integer(seed, Param::seed));
    std::vector<std::uint32_t> out(static_cast<std::size_t>(n));
    for (auto& v : out) v = keys.next_number();
    return copy_out(out);
  });
}

// Staged: the h32 of the course's keys for a seed, n words, made without their text.
void key_hashes(double seed, double count) {
  guarded([&] {
    ringlab::CourseKeys keys(integer(seed, Param::seed));
    keys.next_hashes(staged_words(count));
  });
}

std::uint64_t jump_key(const val& key) {
  return guarded([&] {
    if (!key.isNumber()) return ringlab::jump_key_from_text(key.as<std::string>());
    // A number: the safe-integer rule first (1.5 is not a key), then the range in the key's words.
    return ringlab::jump_key_from_text(std::to_string(integer(key.as<double>(), Param::jump_key)));
  });
}

std::int32_t jump(std::uint64_t key, double buckets) {
  return guarded([&] { return ringlab::jump(key, integer(buckets, Param::jump_buckets)); });
}

// Staged: n keys at the block's start (32-bit words, or, when wide, a BigUint64Array's bytes as
// (low, high) word pairs: both sides are little-endian), then n results.
void jump_many(double count, double buckets, bool wide) {
  guarded([&] {
    const std::int64_t b = integer(buckets, Param::jump_buckets);
    ringlab::check_buckets(b);
    const std::span<std::uint32_t> w = staged_words(count * (wide ? 3 : 2));
    const std::size_t n = w.size() / (wide ? 3 : 2);
    const std::size_t key_words = wide ? 2 * n : n;
    const std::span<std::int32_t> out(reinterpret_cast<std::int32_t*>(w.data() + key_words), n);
    if (wide) {
      ringlab::jump_many<std::uint64_t>({reinterpret_cast<const std::uint64_t*>(w.data()), n},
                                        static_cast<std::int32_t>(b), out);
    } else {
      ringlab::jump_many<std::uint32_t>({w.data(), n}, static_cast<std::int32_t>(b), out);
    }
  });
}

std::uint32_t mod_n(double hash, double n) {
  return guarded([&] { return ringlab::mod_n(hash_arg(hash), integer(n, Param::mod_n)); });
}

void mod_n_many(double count, double n) {
  guarded([&] {
    const std::int64_t servers = integer(n, Param::mod_n);
    (void)ringlab::mod_n(0, servers);  // validates n once
    const ringlab::FastMod mod(static_cast<std::uint32_t>(servers));
    for (auto& h : staged_words(count)) h = mod(h);
  });
}

// ---------------------------------------------------------------------------------------------
// Ring

RINGLAB_ONCE ringlab::Ring* make_ring(const RingArgs& args) {
  return guarded([&]() -> ringlab::Ring* {
    if (args.names.isUndefined()) {
      // A count: the course's S0 .. S{n-1}, made by the core without a list of names.
      return new ringlab::Ring(
          ringlab::Ring::uniform(integer(args.servers, Param::ring_servers), integer(args.vnodes, Param::ring_vnodes)));
    }
    std::vector<ringlab::Server> servers = named_servers(args.names, args.weights, args.zones);
    return new ringlab::Ring(std::move(servers), integer(args.vnodes, Param::ring_vnodes));
  });
}

std::uint32_t ring_owner(const ringlab::Ring& r, const std::u16string& key) { return r.owner_of_key(key); }
std::uint32_t ring_owner_of_hash(const ringlab::Ring& r, double hash) {
  return guarded([&] { return r.owner(hash_arg(hash)); });
}

void ring_owner_of_hash_many(const ringlab::Ring& r, double count) {
  guarded([&] { r.owners(staged_words(count)); });
}

void ring_owner_many(const ringlab::Ring& r, double count) {
  guarded([&] {
    const StagedStrings keys = staged_strings(count);
    r.owners_of_keys(keys.units, keys.offsets, keys.out);
  });
}

val ring_preference_list(const ringlab::Ring& r, double hash, double rf, bool zones) {
  return guarded([&] { return copy_out(r.preference_list(hash_arg(hash), integer(rf, Param::rf), zones)); });
}

void ring_add(ringlab::Ring& r, const ServerArgs& server) {
  guarded([&] { r.add_server(ringlab::Server{server.name, server.weight, server.zone}); });
}
void ring_remove(ringlab::Ring& r, const std::u16string& name) {
  guarded([&] { r.remove_server(name); });
}
void ring_set_weight(ringlab::Ring& r, const std::u16string& name, double weight) {
  guarded([&] { r.set_weight(name, weight); });
}

// An array of ServerInfoOut, in list order.
val ring_servers(const ringlab::Ring& r) {
  return guarded([&] {
    val out = val::array();
    const auto servers = r.servers();
    for (std::uint32_t s = 0; s < servers.size(); ++s)
      out.call<void>("push", ServerInfoOut{servers[s].name, servers[s].weight, servers[s].zone, r.points_of(s)});
    return out;
  });
}

double ring_size(const ringlab::Ring& r) { return static_cast<double>(r.size()); }
std::uint32_t ring_vnodes(const ringlab::Ring& r) { return r.vnodes(); }
double ring_index_of(const ringlab::Ring& r, const std::u16string& name) {
  return static_cast<double>(r.index_of(name));
}
double ring_memory_bytes(const ringlab::Ring& r) { return static_cast<double>(r.memory_bytes()); }

RingPointsOut ring_points(const ringlab::Ring& r) {
  return guarded([&] {
    return RingPointsOut{copy_out(r.tokens().data(), r.tokens().size()), copy_out(r.point_servers().to_vector())};
  });
}

namespace {

// The owner search's steps: an array of SearchStep.
val trace_out(const std::vector<ringlab::SearchStep>& steps) {
  val out = val::array();
  for (const ringlab::SearchStep& step : steps) out.call<void>("push", step);
  return out;
}

}  // namespace

val ring_search_trace(const ringlab::Ring& r, double hash) {
  return guarded([&] { return trace_out(r.search_trace(hash_arg(hash))); });
}

// ---------------------------------------------------------------------------------------------
// Rendezvous

RINGLAB_ONCE ringlab::Rendezvous* make_rendezvous(const RendezvousArgs& args) {
  return guarded([&] {
    if (args.names.isUndefined())
      return new ringlab::Rendezvous(ringlab::Rendezvous::uniform(integer(args.servers, Param::rendezvous_servers)));
    return new ringlab::Rendezvous(emscripten::vecFromJSArray<std::u16string>(args.names));
  });
}

// Names in list order (the course's S0 .. S{n-1} for a count).
val hrw_servers(const ringlab::Rendezvous& h) {
  return guarded([&] {
    val out = val::array();
    for (const auto& name : h.servers()) out.call<void>("push", name);
    return out;
  });
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
  return guarded([&] { return copy_out(h.top(key, integer(k, Param::top_k))); });
}

RINGLAB_ONCE ringlab::WeightedRendezvous* make_weighted_rendezvous(const RendezvousArgs& args) {
  return guarded([&] {
    if (args.names.isUndefined()) {
      return new ringlab::WeightedRendezvous(
          ringlab::WeightedRendezvous::uniform(integer(args.servers, Param::rendezvous_servers)));
    }
    const auto n = emscripten::vecFromJSArray<std::u16string>(args.names);
    const auto w = copy_in<double>(args.weights);
    if (w.size() != n.size()) throw std::logic_error("names and weights differ in length");
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
  return guarded([&] { return copy_out(h.top(key, integer(k, Param::top_k))); });
}

val whrw_servers(const ringlab::WeightedRendezvous& h) {
  return guarded([&] {
    val out = val::array();
    for (const auto& s : h.servers()) out.call<void>("push", s.name);
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Maglev

// Backends by name, or, when names is undefined, the course's S0 .. S{n-1}.
RINGLAB_ONCE ringlab::Maglev* make_maglev(const MaglevArgs& args) {
  return guarded([&] {
    const std::int64_t m = integer(args.table_size, Param::maglev_table_size);
    if (args.names.isUndefined())
      return new ringlab::Maglev(ringlab::Maglev::uniform(integer(args.backends, Param::maglev_backends), m));
    const auto n = emscripten::vecFromJSArray<std::u16string>(args.names);
    const auto w = copy_in<double>(args.weights);
    if (w.size() != n.size()) throw std::logic_error("names and weights differ in length");
    std::vector<ringlab::Backend> backends;
    backends.reserve(n.size());
    for (std::size_t i = 0; i < n.size(); ++i) backends.push_back({n[i], w[i]});
    return new ringlab::Maglev(std::move(backends), m);
  });
}

std::uint32_t maglev_lookup(const ringlab::Maglev& g, const std::u16string& key) { return g.lookup_key(key); }
std::uint32_t maglev_lookup_hash(const ringlab::Maglev& g, double hash) {
  return guarded([&] { return g.lookup(hash_arg(hash)); });
}

void maglev_lookup_hash_many(const ringlab::Maglev& g, double count) {
  guarded([&] { g.lookup_many(staged_words(count)); });
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

// The fill turn by turn, as three arrays of M values.
FillTurnsOut maglev_fill_turns(const ringlab::Maglev& g) {
  return guarded([&] {
    const auto turns = g.fill_turns();
    std::vector<std::uint32_t> backend(turns.size()), slot(turns.size()), skipped(turns.size());
    for (std::size_t t = 0; t < turns.size(); ++t) {
      backend[t] = turns[t].backend;
      slot[t] = turns[t].slot;
      skipped[t] = turns[t].skipped;
    }
    return FillTurnsOut{copy_out(backend), copy_out(slot), copy_out(skipped)};
  });
}

std::uint32_t maglev_offset(const ringlab::Maglev& g, double i) {
  return guarded([&] { return g.offset(integer(i, Param::maglev_backend)); });
}
std::uint32_t maglev_skip(const ringlab::Maglev& g, double i) {
  return guarded([&] { return g.skip(integer(i, Param::maglev_backend)); });
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

BoundedLoadsOut bounded_loads(const ringlab::Ring& r, const val& hashes, double epsilon) {
  return guarded([&] {
    const std::vector<std::uint32_t> h = copy_in<std::uint32_t>(hashes);
    const ringlab::BoundedPlacement p = ringlab::place_bounded(r, h, epsilon);
    return BoundedLoadsOut{copy_out(p.servers),    copy_out(p.walks),  copy_out(p.loads),
                           copy_out(p.capacities), p.not_first_choice, p.longest_walk};
  });
}

// ---------------------------------------------------------------------------------------------
// The explicit-token ring

ringlab::TokenRing* make_token_ring(double bits) {
  return guarded([&] { return new ringlab::TokenRing(integer(bits, Param::token_ring_bits)); });
}

void token_add(ringlab::TokenRing& t, const std::u16string& id, double token) {
  guarded([&] { t.add(id, integer(token, Param::token)); });
}
void token_remove(ringlab::TokenRing& t, const std::u16string& id) {
  guarded([&] { t.remove(id); });
}
std::u16string token_route(const ringlab::TokenRing& t, const std::u16string& key) {
  return guarded([&] { return t.route(key); });
}
std::u16string token_route_hash(const ringlab::TokenRing& t, double hash) {
  return guarded([&] { return t.route_hash(hash_arg(hash)); });
}
std::uint32_t token_position(const ringlab::TokenRing& t, const std::u16string& key) { return t.position(key); }

TokenArcOut token_boundaries(const ringlab::TokenRing& t, const std::u16string& id) {
  return guarded([&] {
    const auto [start, end] = t.boundaries(id);
    return TokenArcOut{start, end};
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
val token_search_trace(const ringlab::TokenRing& t, double hash) {
  return guarded([&] {
    const std::uint32_t h = hash_arg(hash);
    const std::uint32_t x = t.bits() == 32 ? h : h & ((1u << t.bits()) - 1);
    return trace_out(ringlab::search_trace(t.tokens(), x));
  });
}

// ---------------------------------------------------------------------------------------------
// Traces for steppers

// Any ascending token list (a ring's, a token ring's, one drawn by hand).
val search_trace(const val& tokens, double hash) {
  return guarded([&] { return trace_out(ringlab::search_trace(copy_in<std::uint32_t>(tokens), hash_arg(hash))); });
}

// The preference-list walk over any ascending token list and the server of each point
// (docs/algorithms.md#preference-lists), from the owner point of `hash`.
val preference_walk(const PreferenceWalkArgs& args) {
  return guarded([&] {
    const std::vector<std::uint32_t> t = copy_in<std::uint32_t>(args.tokens);
    const std::vector<std::uint32_t> s = copy_in<std::uint32_t>(args.servers);
    const bool zoned = !args.zone_of.isUndefined();
    const std::vector<std::uint32_t> z = zoned ? copy_in<std::uint32_t>(args.zone_of) : std::vector<std::uint32_t>{};
    const std::uint32_t hash = hash_arg(args.hash);
    const std::int64_t rf = integer(args.rf, Param::rf);
    return copy_out(ringlab::preference_walk(t, s, hash, rf,
                                             zoned ? std::optional<std::span<const std::uint32_t>>(z) : std::nullopt));
  });
}

// Jump's steps: an array of JumpStepOut. next can reach 2^62: a double holds it exactly (it was
// one).
val jump_trace(std::uint64_t key, double buckets) {
  return guarded([&] {
    val out = val::array();
    for (const auto& s : ringlab::jump_trace(key, integer(buckets, Param::jump_buckets)))
      out.call<void>("push", JumpStepOut{static_cast<double>(s.bucket), s.key, static_cast<double>(s.next)});
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Analysis

MovementOut movement(const val& before, const val& after, const val& is_new) {
  return guarded([&] {
    const auto a = copy_in<std::uint32_t>(before);
    const auto b = copy_in<std::uint32_t>(after);
    const auto flags = copy_in<std::uint8_t>(is_new);
    const std::vector<bool> fresh(flags.begin(), flags.end());
    const ringlab::Movement m = ringlab::movement(a, b, fresh);
    val flows = val::array();
    for (const auto& f : m.flows) flows.call<void>("push", FlowOut{f.from, f.to, static_cast<double>(f.keys)});
    return MovementOut{static_cast<double>(m.keys), static_cast<double>(m.moved), static_cast<double>(m.moved_to_new),
                       static_cast<double>(m.moved_between_old), flows};
  });
}

ringlab::LoadStats load_stats(const val& loads) {
  return guarded([&] {
    const auto l = copy_in<double>(loads);
    return ringlab::load_stats(std::span<const double>(l));
  });
}

double theory_sd_over_mean(double n, double v) {
  return guarded(
      [&] { return ringlab::theory_sd_over_mean(integer(n, Param::theory_n), integer(v, Param::theory_v)); });
}
double theory_vnodes_for(double n, double target) {
  return guarded([&] { return ringlab::theory_vnodes_for(integer(n, Param::theory_n), target); });
}
double theory_harmonic(double n) {
  return guarded([&] { return ringlab::harmonic(integer(n, Param::harmonic_n)); });
}
double theory_mod_n_kept(double n, double m) {
  return guarded(
      [&] { return ringlab::mod_n_kept_fraction(integer(n, Param::theory_n), integer(m, Param::theory_m)); });
}
double theory_minimum_moved(double n, double m) {
  return guarded(
      [&] { return ringlab::minimum_moved_fraction(integer(n, Param::theory_n), integer(m, Param::theory_m)); });
}

ringlab::CacheWhatIf cache_what_if(double hit_ratio, double moved_fraction) {
  return guarded([&] { return ringlab::cache_what_if(hit_ratio, moved_fraction); });
}

HotKeysOut hot_keys(const ringlab::Ring& r, const HotKeysArgs& args) {
  return guarded([&] {
    ringlab::HotKeyParams p;
    p.seed = integer(args.seed, Param::hot_keys_seed);
    p.keys = integer(args.keys, Param::hot_keys_keys);
    p.requests = integer(args.requests, Param::hot_keys_requests);
    p.s = args.s;
    p.hot = integer(args.hot, Param::hot_keys_hot);
    p.copies = integer(args.copies, Param::hot_keys_copies);
    const ringlab::HotKeyResult h = ringlab::hot_keys(r, p);
    const std::vector<double> per_server(h.requests_per_server.begin(), h.requests_per_server.end());
    return HotKeysOut{copy_out(per_server), static_cast<double>(h.hottest_key_requests), h.hottest_server,
                      h.max_over_mean};
  });
}

// A run's threads option: undefined, or a number the core checks against the table (the module
// runs one thread whatever the count; the results are the same for every count).
namespace {

// A whole number in [0, 2^53] from JavaScript (a count of keys in a tally, a chunk's number):
// anything else is refused before it becomes an integer.
std::uint64_t count_in(double v, const char* what) {
  if (!(v >= 0 && v <= ringlab::kMaxSafeInteger && v == std::floor(v)))
    throw ringlab::Error(ringlab::ErrorCode::invalid_argument, ringlab::rule::wholeNumber, what, {v});
  return static_cast<std::uint64_t>(v);
}

// A tally from JavaScript: the Float64Array the wrapper keeps between calls.
std::vector<std::uint64_t> tally_in(const val& tally) {
  const std::vector<double> given = copy_in<double>(tally);
  std::vector<std::uint64_t> out(given.size());
  for (std::size_t i = 0; i < given.size(); ++i) out[i] = count_in(given[i], "a tally's count");
  return out;
}

val tally_out(const std::vector<std::uint64_t>& tally) {
  return copy_out(std::vector<double>(tally.begin(), tally.end()));
}

}  // namespace

// A comparison in parts (ringlab::ComparisonRun): the wrapper's compare() places every chunk on
// one run; a worker places the chunks it is given.
RINGLAB_ONCE ringlab::ComparisonRun* make_comparison_run(const CompareArgs& args) {
  return guarded([&]() -> ringlab::ComparisonRun* { return new ringlab::ComparisonRun(scenario_of(args)); });
}

double comparison_run_chunks(const ringlab::ComparisonRun& run) { return static_cast<double>(run.chunks()); }
double comparison_run_tally_size(const ringlab::ComparisonRun& run) { return static_cast<double>(run.tally_size()); }

val comparison_run_place(ringlab::ComparisonRun& run, double first, double end, const val& tally, bool bounded) {
  return guarded([&] {
    std::vector<std::uint64_t> t = tally_in(tally);
    const std::uint64_t from = count_in(first, "a chunk's number"), to = count_in(end, "a chunk's number");
    if (bounded) run.place_bounded(from, to, t);
    else run.place(from, to, t);
    return tally_out(t);
  });
}

// An array of ComparisonRowOut, one per algorithm.
val comparison_run_rows(const ringlab::ComparisonRun& run, const val& tally) {
  return guarded([&] {
    val rows = val::array();
    for (const ringlab::ComparisonRow& r : run.rows(tally_in(tally))) {
      rows.call<void>("push", comparison_row_out(r));
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

namespace {

ringlab::RingVsModParams params_of(const RingVsModArgs& args) {
  ringlab::RingVsModParams p;
  p.seed = integer(args.seed, Param::ring_vs_mod_seed);
  p.keys = integer(args.keys, Param::ring_vs_mod_keys);
  p.servers = integer(args.servers, Param::ring_vs_mod_servers);
  p.vnodes = integer(args.vnodes, Param::ring_vs_mod_vnodes);
  p.threads = threads_arg(args.threads);
  return p;
}

ringlab::VnodeSweepParams params_of(const VnodeSweepArgs& args) {
  ringlab::VnodeSweepParams p;
  p.seed = integer(args.seed, Param::vnode_sweep_seed);
  p.servers = integer(args.servers, Param::vnode_sweep_servers);
  p.keys = integer(args.keys, Param::vnode_sweep_keys);
  p.vnodes.clear();
  for (double v : copy_in<double>(args.vnodes)) p.vnodes.push_back(integer(v, Param::vnode_sweep_vnodes));
  p.threads = threads_arg(args.threads);
  return p;
}

ringlab::HrwJumpParams params_of(const HrwJumpArgs& args) {
  ringlab::HrwJumpParams p;
  p.seed = integer(args.seed, Param::hrw_jump_seed);
  p.keys = integer(args.keys, Param::hrw_jump_keys);
  p.servers = integer(args.servers, Param::hrw_jump_servers);
  p.remove = integer(args.remove, Param::hrw_jump_remove);
  p.buckets = integer(args.buckets, Param::hrw_jump_buckets);
  p.threads = threads_arg(args.threads);
  return p;
}

VnodeSweepOut out_of(const ringlab::VnodeSweepResult& r) {
  val rows = val::array();
  for (const ringlab::VnodeSweepRow& row : r.rows) {
    rows.call<void>("push", VnodeSweepRowOut{row.vnodes, static_cast<double>(row.points), copy_out(row.counts), row.min,
                                             row.max, row.sd, row.max_over_avg, row.sd_over_avg});
  }
  return VnodeSweepOut{r.servers, r.keys, r.average, rows, r.text};
}

HrwJumpOut out_of(const ringlab::HrwJumpResult& r) {
  val counts = val::array();
  for (const auto& c : r.counts) counts.call<void>("push", c ? val(*c) : val::undefined());
  return HrwJumpOut{r.keys,
                    counts,
                    r.removed,
                    r.hrw_moved,
                    r.hrw_moved_not_from_removed,
                    r.buckets,
                    r.jump_moved,
                    r.jump_moved_not_to_new,
                    r.text};
}

}  // namespace

ringlab::RingVsModResult ring_vs_mod(const RingVsModArgs& args, const val& on_progress) {
  return guarded([&] { return ringlab::ring_vs_mod(params_of(args), progress_of(on_progress)); });
}

VnodeSweepOut vnode_sweep(const VnodeSweepArgs& args, const val& on_progress) {
  return guarded([&] { return out_of(ringlab::vnode_sweep(params_of(args), progress_of(on_progress))); });
}

HrwJumpOut hrw_jump(const HrwJumpArgs& args, const val& on_progress) {
  return guarded([&] { return out_of(ringlab::hrw_jump(params_of(args), progress_of(on_progress))); });
}

// An experiment in parts (ringlab::ExperimentRun): a worker of ringlab/parallel counts the chunks
// it is given; one run turns the tallies' sum into the result.
ringlab::ExperimentRun* make_ring_vs_mod_run(const RingVsModArgs& args) {
  return guarded([&]() -> ringlab::ExperimentRun* { return new ringlab::ExperimentRun(params_of(args)); });
}
ringlab::ExperimentRun* make_vnode_sweep_run(const VnodeSweepArgs& args) {
  return guarded([&]() -> ringlab::ExperimentRun* { return new ringlab::ExperimentRun(params_of(args)); });
}
ringlab::ExperimentRun* make_hrw_jump_run(const HrwJumpArgs& args) {
  return guarded([&]() -> ringlab::ExperimentRun* { return new ringlab::ExperimentRun(params_of(args)); });
}

double experiment_run_steps(const ringlab::ExperimentRun& run) { return static_cast<double>(run.steps()); }
double experiment_run_chunks(const ringlab::ExperimentRun& run) { return static_cast<double>(run.chunks()); }
double experiment_run_tally_size(const ringlab::ExperimentRun& run) { return static_cast<double>(run.tally_size()); }
double experiment_run_work(const ringlab::ExperimentRun& run, double step, double first, double end) {
  return guarded([&] {
    return static_cast<double>(run.work(count_in(step, "a step's number"), count_in(first, "a chunk's number"),
                                        count_in(end, "a chunk's number")));
  });
}

val experiment_run_place(ringlab::ExperimentRun& run, double step, double first, double end, const val& tally) {
  return guarded([&] {
    std::vector<std::uint64_t> t = tally_in(tally);
    run.place(count_in(step, "a step's number"), count_in(first, "a chunk's number"), count_in(end, "a chunk's number"),
              t);
    return tally_out(t);
  });
}

ringlab::RingVsModResult experiment_run_ring_vs_mod(const ringlab::ExperimentRun& run, const val& tally) {
  return guarded([&] { return run.ring_vs_mod(tally_in(tally)); });
}
VnodeSweepOut experiment_run_vnode_sweep(const ringlab::ExperimentRun& run, const val& tally) {
  return guarded([&] { return out_of(run.vnode_sweep(tally_in(tally))); });
}
HrwJumpOut experiment_run_hrw_jump(const ringlab::ExperimentRun& run, const val& tally) {
  return guarded([&] { return out_of(run.hrw_jump(tally_in(tally))); });
}

// ringlab::placement_digests: `all` and the parts (an array of DigestPart).
PlacementDigestOut placement_digest(const DigestArgs& args) {
  return guarded([&] {
    const ringlab::PlacementDigest d =
        ringlab::placement_digests(integer(args.seed, Param::digest_seed), integer(args.keys, Param::digest_keys));
    val parts = val::array();
    for (const ringlab::DigestPart& part : d.parts) parts.call<void>("push", part);
    return PlacementDigestOut{d.all, parts};
  });
}

// For leak tests.
HeapUsageOut heap_usage() {
  const struct mallinfo mi = mallinfo();
  return {static_cast<double>(mi.uordblks), static_cast<double>(mi.arena)};
}

ringlab::Defaults defaults() { return ringlab::defaults(); }

std::string version() { return RINGLAB_VERSION; }

}  // namespace ringlab::wasm
