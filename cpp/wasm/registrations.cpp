// The embind registrations: the names the TypeScript wrapper calls and the fields of the values
// that cross (web/lib/src/core/raw.ts declares both; tests/js/boundary.test.mjs checks they agree),
// bound to the adapters. Nothing else: what each does is in adapters.cpp and abi.cpp. Each
// value_object is registered under the name of its raw.ts interface.
//
// Only embind's public API, in every module (systems.cpp and claims.cpp follow the same
// pattern): a value_object's field is a pointer to its member, `.field("js", &S::member)`, in
// the order of a result's keys in JavaScript; a member of a type that does not cross as it is
// (the core's 64-bit integers, in its Defaults) is a getter/setter pair of plain functions,
// `.field("js", &number<&S::member>, &set_number<&S::member>)`. No offsetof and nothing from
// embind's internal namespace: what a newer Emscripten keeps of embind, this file keeps compiling
// to.
#include <emscripten/bind.h>

#include <cstdint>
#include <string>
#include <vector>

#include "abi.hpp"
#include "adapters.hpp"
#include "compare_args.hpp"
#include "ringlab/analysis.hpp"
#include "ringlab/digest.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/ring.hpp"

using namespace ringlab::wasm;

namespace {

// The struct a pointer to member belongs to.
template <typename S, typename M>
S struct_of(M S::*);
template <auto P>
using StructOf = decltype(struct_of(P));

// The core's 64-bit integers (its Defaults) cross as numbers (each is a safe integer), and lists
// of them as arrays of numbers.
template <auto P>
double number(const StructOf<P>& s) {
  return static_cast<double>(s.*P);
}
template <auto P>
void set_number(StructOf<P>& s, double v) {
  s.*P = static_cast<std::int64_t>(v);
}
template <auto P>
val numbers(const StructOf<P>& s) {
  val a = val::array();
  for (const std::int64_t v : s.*P) a.call<void>("push", static_cast<double>(v));
  return a;
}
template <auto P>
void set_numbers(StructOf<P>& s, const val& a) {
  (s.*P).clear();
  for (const double v : emscripten::vecFromJSArray<double>(a)) (s.*P).push_back(static_cast<std::int64_t>(v));
}

using ringlab::Defaults;

// Every registration, run once as the module starts (RINGLAB_ONCE: the registrations of a hundred
// fields inline to 40 KB of code otherwise, in the module every page loads).
RINGLAB_ONCE void register_all();

}  // namespace

EMSCRIPTEN_BINDINGS(ringlab) { register_all(); }

namespace {

void register_all() {
  using emscripten::allow_raw_pointers;
  using emscripten::class_;
  using emscripten::function;
  using emscripten::value_object;

  // Parameter blocks
  value_object<RingArgs>("RawRingArgs")
      .field("servers", &RingArgs::servers)
      .field("names", &RingArgs::names)
      .field("weights", &RingArgs::weights)
      .field("zones", &RingArgs::zones)
      .field("vnodes", &RingArgs::vnodes);
  value_object<ServerArgs>("RawServerArgs")
      .field("name", &ServerArgs::name)
      .field("weight", &ServerArgs::weight)
      .field("zone", &ServerArgs::zone);
  value_object<RendezvousArgs>("RawRendezvousArgs")
      .field("servers", &RendezvousArgs::servers)
      .field("names", &RendezvousArgs::names)
      .field("weights", &RendezvousArgs::weights);
  value_object<MaglevArgs>("RawMaglevArgs")
      .field("backends", &MaglevArgs::backends)
      .field("names", &MaglevArgs::names)
      .field("weights", &MaglevArgs::weights)
      .field("tableSize", &MaglevArgs::table_size);
  value_object<PreferenceWalkArgs>("RawPreferenceWalkArgs")
      .field("tokens", &PreferenceWalkArgs::tokens)
      .field("servers", &PreferenceWalkArgs::servers)
      .field("zoneOf", &PreferenceWalkArgs::zone_of)
      .field("hash", &PreferenceWalkArgs::hash)
      .field("rf", &PreferenceWalkArgs::rf);
  value_object<HotKeysArgs>("RawHotKeysArgs")
      .field("seed", &HotKeysArgs::seed)
      .field("keys", &HotKeysArgs::keys)
      .field("requests", &HotKeysArgs::requests)
      .field("s", &HotKeysArgs::s)
      .field("hot", &HotKeysArgs::hot)
      .field("copies", &HotKeysArgs::copies);
  register_compare_values();
  value_object<RingVsModArgs>("RawRingVsModArgs")
      .field("seed", &RingVsModArgs::seed)
      .field("keys", &RingVsModArgs::keys)
      .field("servers", &RingVsModArgs::servers)
      .field("vnodes", &RingVsModArgs::vnodes)
      .field("threads", &RingVsModArgs::threads);
  value_object<VnodeSweepArgs>("RawVnodeSweepArgs")
      .field("seed", &VnodeSweepArgs::seed)
      .field("servers", &VnodeSweepArgs::servers)
      .field("keys", &VnodeSweepArgs::keys)
      .field("vnodes", &VnodeSweepArgs::vnodes)
      .field("threads", &VnodeSweepArgs::threads);
  value_object<HrwJumpArgs>("RawHrwJumpArgs")
      .field("seed", &HrwJumpArgs::seed)
      .field("keys", &HrwJumpArgs::keys)
      .field("servers", &HrwJumpArgs::servers)
      .field("remove", &HrwJumpArgs::remove)
      .field("buckets", &HrwJumpArgs::buckets)
      .field("threads", &HrwJumpArgs::threads);
  value_object<DigestArgs>("RawDigestArgs").field("seed", &DigestArgs::seed).field("keys", &DigestArgs::keys);

  // Results
  value_object<HeapUsageOut>("RawHeapUsage")
      .field("used", &HeapUsageOut::used)
      .field("reserved", &HeapUsageOut::reserved);
  value_object<Mulberry32Out>("RawMulberry32Fill")
      .field("values", &Mulberry32Out::values)
      .field("state", &Mulberry32Out::state);
  value_object<ringlab::SearchStep>("RawSearchStep")
      .field("lo", &ringlab::SearchStep::lo)
      .field("hi", &ringlab::SearchStep::hi)
      .field("mid", &ringlab::SearchStep::mid)
      .field("token", &ringlab::SearchStep::token)
      .field("right", &ringlab::SearchStep::right);
  value_object<JumpStepOut>("RawJumpStep")
      .field("bucket", &JumpStepOut::bucket)
      .field("key", &JumpStepOut::key)
      .field("next", &JumpStepOut::next);
  value_object<ServerInfoOut>("RawServerInfo")
      .field("name", &ServerInfoOut::name)
      .field("weight", &ServerInfoOut::weight)
      .field("zone", &ServerInfoOut::zone)
      .field("points", &ServerInfoOut::points);
  value_object<RingPointsOut>("RawRingPoints")
      .field("tokens", &RingPointsOut::tokens)
      .field("servers", &RingPointsOut::servers);
  value_object<FillTurnsOut>("RawFillTurns")
      .field("backend", &FillTurnsOut::backend)
      .field("slot", &FillTurnsOut::slot)
      .field("skipped", &FillTurnsOut::skipped);
  value_object<TokenArcOut>("RawTokenArc").field("start", &TokenArcOut::start).field("end", &TokenArcOut::end);
  value_object<BoundedLoadsOut>("RawBoundedLoads")
      .field("servers", &BoundedLoadsOut::servers)
      .field("walks", &BoundedLoadsOut::walks)
      .field("loads", &BoundedLoadsOut::loads)
      .field("capacities", &BoundedLoadsOut::capacities)
      .field("notFirstChoice", &BoundedLoadsOut::not_first_choice)
      .field("longestWalk", &BoundedLoadsOut::longest_walk);
  value_object<FlowOut>("RawFlow")
      .field("from", &FlowOut::from)
      .field("to", &FlowOut::to)
      .field("keys", &FlowOut::keys);
  value_object<MovementOut>("RawMovement")
      .field("keys", &MovementOut::keys)
      .field("moved", &MovementOut::moved)
      .field("movedToNew", &MovementOut::moved_to_new)
      .field("movedBetweenOld", &MovementOut::moved_between_old)
      .field("flows", &MovementOut::flows);
  value_object<ringlab::LoadStats>("RawLoadStats")
      .field("min", &ringlab::LoadStats::min)
      .field("max", &ringlab::LoadStats::max)
      .field("mean", &ringlab::LoadStats::mean)
      .field("sd", &ringlab::LoadStats::sd)
      .field("maxOverMean", &ringlab::LoadStats::max_over_mean)
      .field("sdOverMean", &ringlab::LoadStats::sd_over_mean);
  value_object<ringlab::CacheWhatIf>("RawCacheWhatIf")
      .field("hitBefore", &ringlab::CacheWhatIf::hit_before)
      .field("moved", &ringlab::CacheWhatIf::moved)
      .field("hitAfter", &ringlab::CacheWhatIf::hit_after)
      .field("dbMultiplier", &ringlab::CacheWhatIf::db_multiplier);
  value_object<HotKeysOut>("RawHotKeys")
      .field("requestsPerServer", &HotKeysOut::requests_per_server)
      .field("hottestKeyRequests", &HotKeysOut::hottest_key_requests)
      .field("hottestServer", &HotKeysOut::hottest_server)
      .field("maxOverMean", &HotKeysOut::max_over_mean);
  value_object<ringlab::RingVsModResult>("RawRingVsModResult")
      .field("keys", &ringlab::RingVsModResult::keys)
      .field("serversBefore", &ringlab::RingVsModResult::servers_before)
      .field("serversAfter", &ringlab::RingVsModResult::servers_after)
      .field("modMoved", &ringlab::RingVsModResult::mod_moved)
      .field("modMovedToNew", &ringlab::RingVsModResult::mod_moved_to_new)
      .field("ringMoved", &ringlab::RingVsModResult::ring_moved)
      .field("ringMovedToNew", &ringlab::RingVsModResult::ring_moved_to_new)
      .field("text", &ringlab::RingVsModResult::text);
  value_object<VnodeSweepRowOut>("RawVnodeSweepRow")
      .field("vnodes", &VnodeSweepRowOut::vnodes)
      .field("points", &VnodeSweepRowOut::points)
      .field("counts", &VnodeSweepRowOut::counts)
      .field("min", &VnodeSweepRowOut::min)
      .field("max", &VnodeSweepRowOut::max)
      .field("sd", &VnodeSweepRowOut::sd)
      .field("maxOverAvg", &VnodeSweepRowOut::max_over_avg)
      .field("sdOverAvg", &VnodeSweepRowOut::sd_over_avg);
  value_object<VnodeSweepOut>("RawVnodeSweepResult")
      .field("servers", &VnodeSweepOut::servers)
      .field("keys", &VnodeSweepOut::keys)
      .field("average", &VnodeSweepOut::average)
      .field("rows", &VnodeSweepOut::rows)
      .field("text", &VnodeSweepOut::text);
  value_object<HrwJumpOut>("RawHrwJumpResult")
      .field("keys", &HrwJumpOut::keys)
      .field("counts", &HrwJumpOut::counts)
      .field("removed", &HrwJumpOut::removed)
      .field("hrwMoved", &HrwJumpOut::hrw_moved)
      .field("hrwMovedNotFromRemoved", &HrwJumpOut::hrw_moved_not_from_removed)
      .field("buckets", &HrwJumpOut::buckets)
      .field("jumpMoved", &HrwJumpOut::jump_moved)
      .field("jumpMovedNotToNew", &HrwJumpOut::jump_moved_not_to_new)
      .field("text", &HrwJumpOut::text);
  value_object<ringlab::DigestPart>("RawDigestPart")
      .field("name", &ringlab::DigestPart::name)
      .field("digest", &ringlab::DigestPart::digest);
  value_object<PlacementDigestOut>("RawPlacementDigest")
      .field("all", &PlacementDigestOut::all)
      .field("parts", &PlacementDigestOut::parts);

  // The core's defaults, each part named as the function (or the options) it is the default of.
  value_object<Defaults>("RawDefaults")
      .field("ringVsMod", &Defaults::ring_vs_mod)
      .field("vnodeSweep", &Defaults::vnode_sweep)
      .field("hrwJump", &Defaults::hrw_jump)
      .field("compare", &Defaults::compare)
      .field("placementDigest", &Defaults::digest)
      .field("ring", &Defaults::ring)
      .field("maglev", &Defaults::maglev)
      .field("tokenRing", &Defaults::token_ring)
      .field("hotKeys", &Defaults::hot_keys);
  value_object<Defaults::RingVsMod>("RawRingVsModDefaults")
      .field("seed", &number<&Defaults::RingVsMod::seed>, &set_number<&Defaults::RingVsMod::seed>)
      .field("keys", &number<&Defaults::RingVsMod::keys>, &set_number<&Defaults::RingVsMod::keys>)
      .field("servers", &number<&Defaults::RingVsMod::servers>, &set_number<&Defaults::RingVsMod::servers>)
      .field("vnodes", &number<&Defaults::RingVsMod::vnodes>, &set_number<&Defaults::RingVsMod::vnodes>);
  value_object<Defaults::VnodeSweep>("RawVnodeSweepDefaults")
      .field("seed", &number<&Defaults::VnodeSweep::seed>, &set_number<&Defaults::VnodeSweep::seed>)
      .field("servers", &number<&Defaults::VnodeSweep::servers>, &set_number<&Defaults::VnodeSweep::servers>)
      .field("keys", &number<&Defaults::VnodeSweep::keys>, &set_number<&Defaults::VnodeSweep::keys>)
      .field("vnodes", &numbers<&Defaults::VnodeSweep::vnodes>, &set_numbers<&Defaults::VnodeSweep::vnodes>);
  value_object<Defaults::HrwJump>("RawHrwJumpDefaults")
      .field("seed", &number<&Defaults::HrwJump::seed>, &set_number<&Defaults::HrwJump::seed>)
      .field("keys", &number<&Defaults::HrwJump::keys>, &set_number<&Defaults::HrwJump::keys>)
      .field("servers", &number<&Defaults::HrwJump::servers>, &set_number<&Defaults::HrwJump::servers>)
      .field("remove", &number<&Defaults::HrwJump::remove>, &set_number<&Defaults::HrwJump::remove>)
      .field("buckets", &number<&Defaults::HrwJump::buckets>, &set_number<&Defaults::HrwJump::buckets>);
  value_object<Defaults::Compare>("RawCompareDefaults")
      .field("servers", &number<&Defaults::Compare::servers>, &set_number<&Defaults::Compare::servers>)
      .field("vnodes", &number<&Defaults::Compare::vnodes>, &set_number<&Defaults::Compare::vnodes>)
      .field("seed", &number<&Defaults::Compare::seed>, &set_number<&Defaults::Compare::seed>)
      .field("keys", &number<&Defaults::Compare::keys>, &set_number<&Defaults::Compare::keys>)
      .field("change", &Defaults::Compare::change)
      .field("epsilon", &Defaults::Compare::epsilon)
      .field("tableSize", &number<&Defaults::Compare::table_size>, &set_number<&Defaults::Compare::table_size>);
  value_object<Defaults::Digest>("RawPlacementDigestDefaults")
      .field("seed", &number<&Defaults::Digest::seed>, &set_number<&Defaults::Digest::seed>)
      .field("keys", &number<&Defaults::Digest::keys>, &set_number<&Defaults::Digest::keys>);
  value_object<Defaults::RingOptions>("RawRingDefaults")
      .field("vnodes", &number<&Defaults::RingOptions::vnodes>, &set_number<&Defaults::RingOptions::vnodes>)
      .field("weight", &Defaults::RingOptions::weight);
  value_object<Defaults::MaglevOptions>("RawMaglevDefaults")
      .field("tableSize", &number<&Defaults::MaglevOptions::table_size>,
             &set_number<&Defaults::MaglevOptions::table_size>);
  value_object<Defaults::TokenRingOptions>("RawTokenRingDefaults")
      .field("bits", &number<&Defaults::TokenRingOptions::bits>, &set_number<&Defaults::TokenRingOptions::bits>);
  value_object<Defaults::HotKeys>("RawHotKeysDefaults")
      .field("seed", &number<&Defaults::HotKeys::seed>, &set_number<&Defaults::HotKeys::seed>)
      .field("keys", &number<&Defaults::HotKeys::keys>, &set_number<&Defaults::HotKeys::keys>)
      .field("requests", &number<&Defaults::HotKeys::requests>, &set_number<&Defaults::HotKeys::requests>)
      .field("s", &Defaults::HotKeys::s)
      .field("hot", &number<&Defaults::HotKeys::hot>, &set_number<&Defaults::HotKeys::hot>)
      .field("copies", &number<&Defaults::HotKeys::copies>, &set_number<&Defaults::HotKeys::copies>);

  // Functions and handles

  function("errorFlagAddress", &error_flag_address);
  function("keyScratchAddress", &key_scratch_address);
  function("directFunctions", &direct_functions);
  function("takeError", &take_error);
  function("version", &version);
  function("defaults", &defaults);

  function("heapUsage", &heap_usage);

  function("h32", &h32);
  function("h32Bytes", &h32_bytes);
  function("stageStrings", &stage_strings);
  function("restageStrings", &restage_strings);
  function("stageWords", &stage_words);
  function("unstage", &unstage);
  function("h32Many", &h32_many);
  function("mulberry32Fill", &mulberry32_fill);
  function("keyNumbers", &key_numbers);
  function("keyHashes", &key_hashes);
  function("jumpKey", &jump_key);
  function("jump", &jump);
  function("jumpMany", &jump_many);
  function("jumpTrace", &jump_trace);
  function("modN", &mod_n);
  function("modNMany", &mod_n_many);
  function("searchTrace", &search_trace);
  function("preferenceWalk", &preference_walk);

  class_<ringlab::Ring>("Ring")
      .function("owner", &ring_owner)
      .function("ownerOfHash", &ring_owner_of_hash)
      .function("ownerMany", &ring_owner_many)
      .function("ownerOfHashMany", &ring_owner_of_hash_many)
      .function("preferenceList", &ring_preference_list)
      .function("add", &ring_add)
      .function("remove", &ring_remove)
      .function("setWeight", &ring_set_weight)
      .function("servers", &ring_servers)
      .function("size", &ring_size)
      .function("vnodes", &ring_vnodes)
      .function("indexOf", &ring_index_of)
      // Not the wrapper's: bench/wasm.mjs reports the ring's bytes per point from it.
      .function("memoryBytes", &ring_memory_bytes)
      .function("address", &address_of<ringlab::Ring>)
      .function("points", &ring_points)
      .function("searchTrace", &ring_search_trace);
  function("makeRing", &make_ring, allow_raw_pointers());

  class_<ringlab::Rendezvous>("Rendezvous")
      .function("pick", &hrw_pick)
      .function("address", &address_of<ringlab::Rendezvous>)
      .function("pickMany", &hrw_pick_many)
      .function("scores", &hrw_scores)
      .function("top", &hrw_top)
      .function("servers", &hrw_servers);
  function("makeRendezvous", &make_rendezvous, allow_raw_pointers());

  class_<ringlab::WeightedRendezvous>("WeightedRendezvous")
      .function("pick", &whrw_pick)
      .function("address", &address_of<ringlab::WeightedRendezvous>)
      .function("pickMany", &whrw_pick_many)
      .function("scores", &whrw_scores)
      .function("top", &whrw_top)
      .function("servers", &whrw_servers);
  function("makeWeightedRendezvous", &make_weighted_rendezvous, allow_raw_pointers());

  class_<ringlab::Maglev>("Maglev")
      .function("lookup", &maglev_lookup)
      .function("lookupHash", &maglev_lookup_hash)
      .function("lookupMany", &maglev_lookup_many)
      .function("lookupHashMany", &maglev_lookup_hash_many)
      .function("address", &address_of<ringlab::Maglev>)
      .function("table", &maglev_table)
      .function("entryCounts", &maglev_entry_counts)
      .function("fillTurns", &maglev_fill_turns)
      .function("offset", &maglev_offset)
      .function("skip", &maglev_skip)
      .function("tableSize", &maglev_table_size)
      .function("backends", &maglev_backends);
  function("makeMaglev", &make_maglev, allow_raw_pointers());

  class_<ringlab::ComparisonRun>("ComparisonRun")
      .function("chunks", &comparison_run_chunks)
      .function("tallySize", &comparison_run_tally_size)
      .function("place", &comparison_run_place)
      .function("rows", &comparison_run_rows);
  function("makeComparisonRun", &make_comparison_run, allow_raw_pointers());

  class_<ringlab::ExperimentRun>("ExperimentRun")
      .function("steps", &experiment_run_steps)
      .function("chunks", &experiment_run_chunks)
      .function("tallySize", &experiment_run_tally_size)
      .function("work", &experiment_run_work)
      .function("place", &experiment_run_place)
      .function("ringVsMod", &experiment_run_ring_vs_mod)
      .function("vnodeSweep", &experiment_run_vnode_sweep)
      .function("hrwJump", &experiment_run_hrw_jump);
  function("makeRingVsModRun", &make_ring_vs_mod_run, allow_raw_pointers());
  function("makeVnodeSweepRun", &make_vnode_sweep_run, allow_raw_pointers());
  function("makeHrwJumpRun", &make_hrw_jump_run, allow_raw_pointers());

  function("boundedLoads", &bounded_loads);

  class_<ringlab::TokenRing>("TokenRing")
      .function("add", &token_add)
      .function("remove", &token_remove)
      .function("route", &token_route)
      .function("routeHash", &token_route_hash)
      .function("position", &token_position)
      .function("boundaries", &token_boundaries)
      .function("tokenOf", &token_of)
      .function("ids", &token_ids)
      .function("tokens", &token_tokens)
      .function("size", &token_size)
      .function("bits", &token_bits)
      .function("clone", &token_clone, allow_raw_pointers())
      .function("searchTrace", &token_search_trace);
  function("makeTokenRing", &make_token_ring, allow_raw_pointers());

  function("movement", &movement);
  function("loadStats", &load_stats);
  function("theorySdOverMean", &theory_sd_over_mean);
  function("theoryVnodesFor", &theory_vnodes_for);
  function("theoryHarmonic", &theory_harmonic);
  function("theoryModNKept", &theory_mod_n_kept);
  function("theoryMinimumMoved", &theory_minimum_moved);
  function("cacheWhatIf", &cache_what_if);
  function("hotKeys", &hot_keys);

  function("ringVsMod", &ring_vs_mod);
  function("vnodeSweep", &vnode_sweep);
  function("hrwJump", &hrw_jump);
  function("placementDigest", &placement_digest);
}

}  // namespace
