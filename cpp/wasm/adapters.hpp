// The adapters between embind and the core: the value types that cross, conversions of
// JavaScript values, and the functions the registrations (registrations.cpp) name. Conventions:
//  - Values, not handles: parameter blocks and results cross as embind value_objects (the types
//    below), plain objects whose fields registrations.cpp names and web/lib/src/core/raw.ts declares;
//    tests/js/boundary.test.mjs checks that both list the same fields. Typed arrays (copied out
//    of the heap, JS-owned) carry bulk data: per key, per slot, per server, per point. Only
//    long-lived things (rings, rendezvous sets, Maglev tables, token rings) are handles (embind
//    classes).
//  - Strings: JS strings cross as std::u16string, i.e. their UTF-16 code units, untouched (lone
//    surrogates included) — what h32 hashes. Batches are staged (abi.hpp).
//  - Numbers arrive as doubles. The adapters only convert them: integer() is the core's
//    safe_integer() under the parameter's name from the table (params.hpp), and the core checks
//    every range, default and grammar with its own messages. No rule lives here. Jump keys are
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

#include "ringlab/analysis.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/digest.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/params.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/token_ring.hpp"

namespace ringlab::wasm {

using emscripten::val;

// ---------------------------------------------------------------------------------------------
// Value types
//
// Parameter blocks (…Args): numbers as doubles (checked by integer() and the core), lists as
// arrays of strings or typed arrays (val). Results (…Out): a field that the core holds in a type
// JavaScript does not take as is (a 64-bit count, a vector, an optional) converted. Core structs
// whose fields are already JavaScript's (SearchStep, LoadStats, CacheWhatIf, DigestPart,
// RingVsModResult) cross as they are. A val field must be initialized: val has no
// default constructor, and embind default-constructs a block before it fills it in.

// rl.ring: `servers` S0 .. S{n-1} for a count n >= 0; for -1, the servers named in `names`, with
// `weights` (Float64Array) and `zones` in list order.
struct RingArgs {
  double servers = -1;
  val names = val::undefined();
  val weights = val::undefined();
  val zones = val::undefined();
  double vnodes = 0;
};

// One server: Ring.add.
struct ServerArgs {
  std::u16string name;
  double weight = 1;
  std::u16string zone;
};

// rl.rendezvous / weightedRendezvous: `servers` S0 .. S{n-1} for a count when `names` is
// undefined, else the servers named, with `weights` (Float64Array; unused by plain rendezvous).
struct RendezvousArgs {
  double servers = 0;
  val names = val::undefined();
  val weights = val::undefined();
};

// rl.maglev: `backends` S0 .. S{n-1} for a count n >= 0; for -1, `names` and `weights`.
struct MaglevArgs {
  double backends = -1;
  val names = val::undefined();
  val weights = val::undefined();
  double table_size = 0;
};

// rl.preferenceWalk: any ring given by its points. zone_of is undefined (no zones) or a
// Uint32Array of one zone index per server.
struct PreferenceWalkArgs {
  val tokens = val::undefined();
  val servers = val::undefined();
  val zone_of = val::undefined();
  double hash = 0;
  double rf = 0;
};

struct HotKeysArgs {
  double seed = 0;
  double keys = 0;
  double requests = 0;
  double s = 0;
  double hot = 0;
  double copies = 0;
};

// The change of a comparison as the user gave it: the text form (`text`, parse_change) when
// kind is undefined, else its parts (change_from_parts; weight undefined when not given).
struct ChangeArgs {
  std::u16string text;
  val kind = val::undefined();
  std::u16string name;
  val weight = val::undefined();
};

// rl.compare: the servers as RingArgs gives them (a count here means 1 .. kMaxServers).
struct CompareArgs {
  double servers = -1;
  val names = val::undefined();
  val weights = val::undefined();
  val zones = val::undefined();
  double vnodes = 0;
  double seed = 0;
  double keys = 0;
  ChangeArgs change;
  double epsilon = 0;
  double table_size = 0;
  // undefined: all cores (one in WebAssembly); a number is checked against the table's range.
  val threads = val::undefined();
};

struct RingVsModArgs {
  double seed = 0;
  double keys = 0;
  double servers = 0;
  double vnodes = 0;
  // undefined: all cores (one in WebAssembly); a number is checked against the table's range.
  val threads = val::undefined();
};

// vnodes: a Float64Array of V values.
struct VnodeSweepArgs {
  double seed = 0;
  double servers = 0;
  double keys = 0;
  val vnodes = val::undefined();
  // undefined: all cores (one in WebAssembly); a number is checked against the table's range.
  val threads = val::undefined();
};

struct HrwJumpArgs {
  double seed = 0;
  double keys = 0;
  double servers = 0;
  double remove = 0;
  double buckets = 0;
  // undefined: all cores (one in WebAssembly); a number is checked against the table's range.
  val threads = val::undefined();
};

struct DigestArgs {
  double seed = 0;
  double keys = 0;
};

// The generator's next values (Uint32Array) and the state that continues it.
struct Mulberry32Out {
  val values = val::undefined();
  double state = 0;
};

// One jump. key is the 64-bit key after this step as the bits of a signed BigInt (a uint64_t
// crosses that way); the wrapper reads it with BigInt.asUintN(64, key).
struct JumpStepOut {
  double bucket = 0;
  std::uint64_t key = 0;
  double next = 0;
};

struct ServerInfoOut {
  std::u16string name;
  double weight = 0;
  std::u16string zone;
  std::uint32_t points = 0;
};

// Tokens (ascending) and the server index of each point: Uint32Arrays.
struct RingPointsOut {
  val tokens = val::undefined();
  val servers = val::undefined();
};

// The Maglev fill turn by turn, as three Uint32Arrays of M turns.
struct FillTurnsOut {
  val backend = val::undefined();
  val slot = val::undefined();
  val skipped = val::undefined();
};

// The arc a token ring's virtual node owns: (start, end].
struct TokenArcOut {
  std::uint32_t start = 0;
  std::uint32_t end = 0;
};

// Per key and per server: Uint32Arrays.
struct BoundedLoadsOut {
  val servers = val::undefined();
  val walks = val::undefined();
  val loads = val::undefined();
  val capacities = val::undefined();
  std::uint32_t not_first_choice = 0;
  std::uint32_t longest_walk = 0;
};

struct FlowOut {
  std::uint32_t from = 0;
  std::uint32_t to = 0;
  double keys = 0;
};

// flows: an array of FlowOut.
struct MovementOut {
  double keys = 0;
  double moved = 0;
  double moved_to_new = 0;
  double moved_between_old = 0;
  val flows = val::undefined();
};

// requests_per_server: a Float64Array.
struct HotKeysOut {
  val requests_per_server = val::undefined();
  double hottest_key_requests = 0;
  std::uint32_t hottest_server = 0;
  double max_over_mean = 0;
};

// reason is "" for a supported algorithm (a value_object has no optional fields). reason_code is
// ringlab::ReasonCode's value, 0 (none) for a supported row: the wrapper reads `supported` from
// it and spells the code (web/lib/src/core/compare-row.ts), so why a row is not supported crosses
// as data in the field the flag took, a number as the row's others are.
struct ComparisonRowOut {
  std::string algorithm;
  double reason_code = 0;
  std::string reason;
  double moved = 0;
  double moved_to_new = 0;
  double moved_between_old = 0;
  double moved_needlessly = 0;
  double max_over_mean = 0;
  double sd_over_mean = 0;
  double memory_bytes = 0;
  double build_ms = 0;
};

// A row of compare as both modules that compare send it (the main module's rows, the lab's newer rows).
inline ComparisonRowOut comparison_row_out(const ringlab::ComparisonRow& r) {
  return {r.algorithm,        static_cast<double>(r.reason_code),
          r.reason,           r.moved,
          r.moved_to_new,     r.moved_between_old,
          r.moved_needlessly, r.max_over_mean,
          r.sd_over_mean,     static_cast<double>(r.memory_bytes),
          r.build_ms};
}

// counts: a Uint32Array of keys per server.
struct VnodeSweepRowOut {
  std::uint32_t vnodes = 0;
  double points = 0;
  val counts = val::undefined();
  std::uint32_t min = 0;
  std::uint32_t max = 0;
  double sd = 0;
  double max_over_avg = 0;
  double sd_over_avg = 0;
};

// rows: an array of VnodeSweepRowOut.
struct VnodeSweepOut {
  std::uint32_t servers = 0;
  std::uint32_t keys = 0;
  double average = 0;
  val rows = val::undefined();
  std::string text;
};

// counts: an array of numbers, undefined for a server that won no key.
struct HrwJumpOut {
  std::uint32_t keys = 0;
  val counts = val::undefined();
  std::uint32_t removed = 0;
  std::uint32_t hrw_moved = 0;
  std::uint32_t hrw_moved_not_from_removed = 0;
  std::uint32_t buckets = 0;
  std::uint32_t jump_moved = 0;
  std::uint32_t jump_moved_not_to_new = 0;
  std::string text;
};

// parts: an array of DigestPart.
struct PlacementDigestOut {
  std::uint32_t all = 0;
  val parts = val::undefined();
};

// Bytes handed out by malloc and still held, and the heap's size.
struct HeapUsageOut {
  double used = 0;
  double reserved = 0;
};

// ---------------------------------------------------------------------------------------------
// Conversions

// (integer, count_arg and protocol_size are the ABI's: abi.hpp.)
// A 32-bit hash (the table's `hash`), checked.
std::uint32_t hash_arg(double v);

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
// The next `count` values after skipping `skip` (values of an earlier batch already read).
Mulberry32Out mulberry32_fill(double state, double count, double skip);
val key_numbers(double seed, double count);
void key_hashes(double seed, double count);
// A jump key from a JavaScript number or the decimal text of a bigint, checked (the wrapper
// converts the keys it can itself and comes here with the others, for the core's error).
std::uint64_t jump_key(const val& key);
std::int32_t jump(std::uint64_t key, double buckets);
void jump_many(double count, double buckets, bool wide);
std::uint32_t mod_n(double hash, double n);
void mod_n_many(double count, double n);

// Ring
ringlab::Ring* make_ring(const RingArgs& args);
std::uint32_t ring_owner(const ringlab::Ring& r, const std::u16string& key);
std::uint32_t ring_owner_of_hash(const ringlab::Ring& r, double hash);
void ring_owner_many(const ringlab::Ring& r, double count);
void ring_owner_of_hash_many(const ringlab::Ring& r, double count);
val ring_preference_list(const ringlab::Ring& r, double hash, double rf, bool zones);
void ring_add(ringlab::Ring& r, const ServerArgs& server);
void ring_remove(ringlab::Ring& r, const std::u16string& name);
void ring_set_weight(ringlab::Ring& r, const std::u16string& name, double weight);
val ring_servers(const ringlab::Ring& r);
double ring_size(const ringlab::Ring& r);
std::uint32_t ring_vnodes(const ringlab::Ring& r);
double ring_index_of(const ringlab::Ring& r, const std::u16string& name);
double ring_memory_bytes(const ringlab::Ring& r);
RingPointsOut ring_points(const ringlab::Ring& r);
val ring_search_trace(const ringlab::Ring& r, double hash);

// Rendezvous
ringlab::Rendezvous* make_rendezvous(const RendezvousArgs& args);
val hrw_servers(const ringlab::Rendezvous& h);
double hrw_pick(const ringlab::Rendezvous& h, const std::u16string& key);
void hrw_pick_many(const ringlab::Rendezvous& h, double count);
val hrw_scores(const ringlab::Rendezvous& h, const std::u16string& key);
val hrw_top(const ringlab::Rendezvous& h, const std::u16string& key, double k);
ringlab::WeightedRendezvous* make_weighted_rendezvous(const RendezvousArgs& args);
val whrw_servers(const ringlab::WeightedRendezvous& h);
double whrw_pick(const ringlab::WeightedRendezvous& h, const std::u16string& key);
void whrw_pick_many(const ringlab::WeightedRendezvous& h, double count);
val whrw_scores(const ringlab::WeightedRendezvous& h, const std::u16string& key);
val whrw_top(const ringlab::WeightedRendezvous& h, const std::u16string& key, double k);

// Maglev
ringlab::Maglev* make_maglev(const MaglevArgs& args);
std::uint32_t maglev_lookup(const ringlab::Maglev& g, const std::u16string& key);
std::uint32_t maglev_lookup_hash(const ringlab::Maglev& g, double hash);
void maglev_lookup_many(const ringlab::Maglev& g, double count);
void maglev_lookup_hash_many(const ringlab::Maglev& g, double count);
val maglev_table(const ringlab::Maglev& g);
val maglev_entry_counts(const ringlab::Maglev& g);
FillTurnsOut maglev_fill_turns(const ringlab::Maglev& g);
std::uint32_t maglev_offset(const ringlab::Maglev& g, double i);
std::uint32_t maglev_skip(const ringlab::Maglev& g, double i);
std::uint32_t maglev_table_size(const ringlab::Maglev& g);
val maglev_backends(const ringlab::Maglev& g);

// Bounded loads
BoundedLoadsOut bounded_loads(const ringlab::Ring& r, const val& hashes, double epsilon);

// The explicit-token ring
ringlab::TokenRing* make_token_ring(double bits);
void token_add(ringlab::TokenRing& t, const std::u16string& id, double token);
void token_remove(ringlab::TokenRing& t, const std::u16string& id);
std::u16string token_route(const ringlab::TokenRing& t, const std::u16string& key);
std::u16string token_route_hash(const ringlab::TokenRing& t, double hash);
std::uint32_t token_position(const ringlab::TokenRing& t, const std::u16string& key);
TokenArcOut token_boundaries(const ringlab::TokenRing& t, const std::u16string& id);
double token_of(const ringlab::TokenRing& t, const std::u16string& id);
val token_ids(const ringlab::TokenRing& t);
val token_tokens(const ringlab::TokenRing& t);
double token_size(const ringlab::TokenRing& t);
std::uint32_t token_bits(const ringlab::TokenRing& t);
ringlab::TokenRing* token_clone(const ringlab::TokenRing& t);
val token_search_trace(const ringlab::TokenRing& t, double hash);

// Traces for steppers: arrays of SearchStep / JumpStepOut
val search_trace(const val& tokens, double hash);
val preference_walk(const PreferenceWalkArgs& args);
val jump_trace(std::uint64_t key, double buckets);

// Analysis
MovementOut movement(const val& before, const val& after, const val& is_new);
ringlab::LoadStats load_stats(const val& loads);
double theory_sd_over_mean(double n, double v);
double theory_vnodes_for(double n, double target);
double theory_harmonic(double n);
double theory_mod_n_kept(double n, double m);
double theory_minimum_moved(double n, double m);
ringlab::CacheWhatIf cache_what_if(double hit_ratio, double moved_fraction);
HotKeysOut hot_keys(const ringlab::Ring& r, const HotKeysArgs& args);
// A comparison in parts: the run (a handle), its chunks and tally's length, the chunks
// [first, end) placed into a tally (a Float64Array of counts; returned as a new one) by every
// algorithm but bounded loads or, in order, by bounded loads; the rows of a tally, an array of
// ComparisonRowOut.
ringlab::ComparisonRun* make_comparison_run(const CompareArgs& args);
double comparison_run_chunks(const ringlab::ComparisonRun& run);
double comparison_run_tally_size(const ringlab::ComparisonRun& run);
val comparison_run_place(ringlab::ComparisonRun& run, double first, double end, const val& tally, bool bounded);
val comparison_run_rows(const ringlab::ComparisonRun& run, const val& tally);

// The three experiments: their numbers and their exact text; the digest; memory
ringlab::RingVsModResult ring_vs_mod(const RingVsModArgs& args, const val& on_progress);
VnodeSweepOut vnode_sweep(const VnodeSweepArgs& args, const val& on_progress);
HrwJumpOut hrw_jump(const HrwJumpArgs& args, const val& on_progress);
// The experiments in parts: a run (a handle) of each, its steps, chunks, tally's length and work
// (progress units) of a range; chunks [first, end) of a step counted into a tally (a
// Float64Array, returned as a new one); the result of a tally.
ringlab::ExperimentRun* make_ring_vs_mod_run(const RingVsModArgs& args);
ringlab::ExperimentRun* make_vnode_sweep_run(const VnodeSweepArgs& args);
ringlab::ExperimentRun* make_hrw_jump_run(const HrwJumpArgs& args);
double experiment_run_steps(const ringlab::ExperimentRun& run);
double experiment_run_chunks(const ringlab::ExperimentRun& run);
double experiment_run_tally_size(const ringlab::ExperimentRun& run);
double experiment_run_work(const ringlab::ExperimentRun& run, double step, double first, double end);
val experiment_run_place(ringlab::ExperimentRun& run, double step, double first, double end, const val& tally);
ringlab::RingVsModResult experiment_run_ring_vs_mod(const ringlab::ExperimentRun& run, const val& tally);
VnodeSweepOut experiment_run_vnode_sweep(const ringlab::ExperimentRun& run, const val& tally);
HrwJumpOut experiment_run_hrw_jump(const ringlab::ExperimentRun& run, const val& tally);
PlacementDigestOut placement_digest(const DigestArgs& args);
HeapUsageOut heap_usage();

// The direct entry points' places in the function table (direct.cpp).
val direct_functions();

// Every default of the library (the core's Defaults, a value_object).
ringlab::Defaults defaults();

std::string version();

}  // namespace ringlab::wasm
