// The embind registrations: the names the TypeScript wrapper calls (web/lib/src/raw.ts declares
// them) bound to the adapters. Nothing else: what each does is in adapters.cpp and abi.cpp.
#include <emscripten/bind.h>

#include "abi.hpp"
#include "adapters.hpp"

using namespace ringlab::wasm;

EMSCRIPTEN_BINDINGS(ringlab) {
  using emscripten::allow_raw_pointers;
  using emscripten::class_;
  using emscripten::function;

  function("errorFlagAddress", &error_flag_address);
  function("keyScratchAddress", &key_scratch_address);
  function("takeError", &take_error);
  function("version", &version);

  function("heapUsage", &heap_usage);
  function("runCli", &run_cli);
  function("cliHelp", &cli_help);

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
      .function("serverCount", &ring_server_count)
      .function("size", &ring_size)
      .function("vnodes", &ring_vnodes)
      .function("indexOf", &ring_index_of)
      .function("memoryBytes", &ring_memory_bytes)
      .function("address", &address_of<ringlab::Ring>)
      .function("points", &ring_points)
      .function("searchTrace", &ring_search_trace);
  function("makeRing", &make_ring, allow_raw_pointers());
  function("makeUniformRing", &make_uniform_ring, allow_raw_pointers());

  class_<ringlab::Rendezvous>("Rendezvous")
      .function("pick", &hrw_pick)
      .function("address", &address_of<ringlab::Rendezvous>)
      .function("pickMany", &hrw_pick_many)
      .function("scores", &hrw_scores)
      .function("top", &hrw_top);
  function("makeRendezvous", &make_rendezvous, allow_raw_pointers());

  class_<ringlab::WeightedRendezvous>("WeightedRendezvous")
      .function("pick", &whrw_pick)
      .function("address", &address_of<ringlab::WeightedRendezvous>)
      .function("pickMany", &whrw_pick_many)
      .function("scores", &whrw_scores)
      .function("top", &whrw_top);
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
  function("compare", &compare);

  function("ringVsMod", &ring_vs_mod);
  function("vnodeSweep", &vnode_sweep);
  function("hrwJump", &hrw_jump);
  function("placementDigest", &placement_digest);
}
