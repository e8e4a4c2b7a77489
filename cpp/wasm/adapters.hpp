// The adapters between embind and the core: conversions of JavaScript values, and the functions
// the registrations (registrations.cpp) name. Conventions:
//  - Values, not handles: results come back as plain objects and JS-owned typed arrays copied out
//    of the heap. Only long-lived things (rings, rendezvous sets, Maglev tables, token rings) are
//    handles (embind classes).
//  - Strings: JS strings cross as std::u16string, i.e. their UTF-16 code units, untouched (lone
//    surrogates included) — what h32 hashes. Batches are staged (abi.hpp).
//  - Numbers arrive as doubles; integer() refuses NaN, fractions and unsafe integers with the
//    core's invalid_argument, and the core checks ranges with its own messages. Jump keys are
//    uint64_t, which WASM_BIGINT maps to BigInt.
//  - Every adapter that can fail runs in guarded() (abi.hpp): errors cross through the error
//    channel, never as C++ exceptions.
//  - Progress callbacks (experiments) are JS functions called through emscripten::val. They
//    must not throw through C++ frames (destructors would be skipped): the wrapper catches what
//    the user's callback throws and returns true, and the run stops here with a C++ exception
//    (Stopped) that unwinds properly; the wrapper then rethrows the user's error.
#pragma once

#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/maglev.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/token_ring.hpp"

namespace ringlab::wasm {

using emscripten::val;

// ---------------------------------------------------------------------------------------------
// Conversions

// A safe integer (|v| <= 2^53 - 1), else invalid_argument naming `what`.
std::int64_t integer(double v, std::string_view what);
// A safe integer >= 0.
std::int64_t non_negative(double v, std::string_view what);
// An integer 0 .. 2^32 - 1 (counts, indices, server numbers).
std::uint32_t uint32_arg(double v, std::string_view what);
// The most values one batch call returns (the experiments' key cap): a request beyond it is
// refused before anything is allocated.
void check_batch(std::int64_t count);

// A JS typed array copied into a vector (one TypedArray.prototype.set, no per-element calls).
// The caller passes the matching array type; the wrapper guarantees it.
template <typename T>
std::vector<T> copy_in(const val& array) {
  const auto n = array["length"].as<std::size_t>();
  std::vector<T> out(n);
  if (n > 0) val(emscripten::typed_memory_view(n, out.data())).call<void>("set", array);
  return out;
}

// A JS-owned copy of heap data (slice() copies; the view itself dies with the next growth).
template <typename T>
val copy_out(const T* data, std::size_t n) {
  return val(emscripten::typed_memory_view(n, data)).template call<val>("slice");
}
template <typename T>
val copy_out(const std::vector<T>& v) {
  return copy_out(v.data(), v.size());
}

// ---------------------------------------------------------------------------------------------
// The functions the registrations name

// Hashing, PRNG, jump, mod-N
std::uint32_t h32(const std::u16string& s);
std::uint32_t h32_bytes(const val& bytes);
void h32_many(double count);
val mulberry32_fill(double state, double count);
val key_numbers(double seed, double count);
void key_hashes(double seed, double count);
std::int32_t jump(std::uint64_t key, double buckets);
void jump_many(double count, double buckets, bool wide);
std::uint32_t mod_n(std::uint32_t hash, double n);
void mod_n_many(double count, double n);

// Ring
ringlab::Ring* make_ring(const val& names, const val& weights, const val& zones, double vnodes);
ringlab::Ring* make_uniform_ring(double servers, double vnodes);
std::uint32_t ring_owner(const ringlab::Ring& r, const std::u16string& key);
std::uint32_t ring_owner_of_hash(const ringlab::Ring& r, std::uint32_t hash);
void ring_owner_of_hash_many(const ringlab::Ring& r, double count);
void ring_owner_many(const ringlab::Ring& r, double count);
val ring_preference_list(const ringlab::Ring& r, std::uint32_t hash, double rf, bool zones);
void ring_add(ringlab::Ring& r, const std::u16string& name, double weight, const std::u16string& zone);
void ring_remove(ringlab::Ring& r, const std::u16string& name);
void ring_set_weight(ringlab::Ring& r, const std::u16string& name, double weight);
val ring_servers(const ringlab::Ring& r);
double ring_size(const ringlab::Ring& r);
std::uint32_t ring_vnodes(const ringlab::Ring& r);
std::uint32_t ring_server_count(const ringlab::Ring& r);
double ring_index_of(const ringlab::Ring& r, const std::u16string& name);
double ring_memory_bytes(const ringlab::Ring& r);
val ring_points(const ringlab::Ring& r);
val ring_search_trace(const ringlab::Ring& r, std::uint32_t hash);

// Rendezvous
ringlab::Rendezvous* make_rendezvous(const val& names);
double hrw_pick(const ringlab::Rendezvous& h, const std::u16string& key);
void hrw_pick_many(const ringlab::Rendezvous& h, double count);
val hrw_scores(const ringlab::Rendezvous& h, const std::u16string& key);
val hrw_top(const ringlab::Rendezvous& h, const std::u16string& key, double k);
ringlab::WeightedRendezvous* make_weighted_rendezvous(const val& names, const val& weights);
double whrw_pick(const ringlab::WeightedRendezvous& h, const std::u16string& key);
void whrw_pick_many(const ringlab::WeightedRendezvous& h, double count);
val whrw_scores(const ringlab::WeightedRendezvous& h, const std::u16string& key);
val whrw_top(const ringlab::WeightedRendezvous& h, const std::u16string& key, double k);

// Maglev
ringlab::Maglev* make_maglev(const val& names, const val& weights, double count, double table_size);
std::uint32_t maglev_lookup(const ringlab::Maglev& g, const std::u16string& key);
std::uint32_t maglev_lookup_hash(const ringlab::Maglev& g, std::uint32_t hash);
void maglev_lookup_hash_many(const ringlab::Maglev& g, double count);
void maglev_lookup_many(const ringlab::Maglev& g, double count);
val maglev_table(const ringlab::Maglev& g);
val maglev_entry_counts(const ringlab::Maglev& g);
val maglev_fill_turns(const ringlab::Maglev& g);
std::uint32_t maglev_offset(const ringlab::Maglev& g, double i);
std::uint32_t maglev_skip(const ringlab::Maglev& g, double i);
std::uint32_t maglev_table_size(const ringlab::Maglev& g);
val maglev_backends(const ringlab::Maglev& g);

// Bounded loads
val bounded_loads(const ringlab::Ring& r, const val& hashes, double epsilon);

// The explicit-token ring
ringlab::TokenRing* make_token_ring(double bits);
void token_add(ringlab::TokenRing& t, const std::u16string& id, double token);
void token_remove(ringlab::TokenRing& t, const std::u16string& id);
std::u16string token_route(const ringlab::TokenRing& t, const std::u16string& key);
std::u16string token_route_hash(const ringlab::TokenRing& t, std::uint32_t hash);
std::uint32_t token_position(const ringlab::TokenRing& t, const std::u16string& key);
val token_boundaries(const ringlab::TokenRing& t, const std::u16string& id);
double token_of(const ringlab::TokenRing& t, const std::u16string& id);
val token_ids(const ringlab::TokenRing& t);
val token_tokens(const ringlab::TokenRing& t);
double token_size(const ringlab::TokenRing& t);
std::uint32_t token_bits(const ringlab::TokenRing& t);
ringlab::TokenRing* token_clone(const ringlab::TokenRing& t);
val token_search_trace(const ringlab::TokenRing& t, std::uint32_t hash);

// Traces for steppers
val search_trace(const val& tokens, std::uint32_t hash);
val preference_walk(const val& tokens, const val& point_servers, const val& zone_of, std::uint32_t hash, double rf);
val jump_trace(std::uint64_t key, double buckets);

// Analysis
val movement(const val& before, const val& after, const val& is_new);
val load_stats(const val& loads);
double theory_sd_over_mean(double n, double v);
double theory_vnodes_for(double n, double target);
double theory_harmonic(double n);
double theory_mod_n_kept(double n, double m);
double theory_minimum_moved(double n, double m);
val cache_what_if(double hit_ratio, double moved_fraction);
val hot_keys(const ringlab::Ring& r, double seed, double keys, double requests, double s, double hot, double copies);
val compare(const val& names, const val& weights, const val& zones, double count, double vnodes, double seed,
            double keys, double change_kind, const std::u16string& change_name, double change_weight, double epsilon,
            double table_size);

// The three experiments: their numbers and their exact text
val ring_vs_mod(double seed, double keys, double servers, double vnodes, const val& on_progress);
val vnode_sweep(double seed, double servers, double keys, const val& vnodes, const val& on_progress);
val hrw_jump(double seed, double keys, double servers, double remove, double buckets, const val& on_progress);
val placement_digest(double seed, double keys);
val heap_usage();

// The CLI. One module holds the library and run_cli (the Node CLI's entry): since the CLI's
// flag parser no longer uses std::regex, run_cli adds about 8 KB gzip, far less than a second
// module.
val run_cli(const val& args);
std::string cli_help();
std::string version();

}  // namespace ringlab::wasm
