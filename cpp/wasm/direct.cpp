// The main module's direct entry points: plain exports of the instance for single-key calls,
// which the wrapper (web/lib/src/core/heap.ts) calls with the key written into the key scratch (see
// abi.cpp for why they exist and what they may assume).
#include <emscripten/em_macros.h>

#include <cstdint>

#include "abi.hpp"
#include "adapters.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/params.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"

using ringlab::wasm::scratch_key;

// The direct entry points: plain exports of the WebAssembly instance, found by the wrapper
// through direct_functions() below.
extern "C" {
// 32-bit results come back to JS as signed; the wrapper reads hashes with >>> 0.
EMSCRIPTEN_KEEPALIVE std::uint32_t ringlab_h32(std::uint32_t len) { return ringlab::h32(scratch_key(len)); }
EMSCRIPTEN_KEEPALIVE std::uint32_t ringlab_ring_owner(const ringlab::Ring* r, std::uint32_t len) {
  return r->owner_of_key(scratch_key(len));
}
EMSCRIPTEN_KEEPALIVE std::uint32_t ringlab_ring_owner_of_hash(const ringlab::Ring* r, std::uint32_t hash) {
  return r->owner(hash);
}
EMSCRIPTEN_KEEPALIVE std::uint32_t ringlab_maglev_lookup(const ringlab::Maglev* g, std::uint32_t len) {
  return g->lookup_key(scratch_key(len));
}
EMSCRIPTEN_KEEPALIVE std::uint32_t ringlab_maglev_lookup_hash(const ringlab::Maglev* g, std::uint32_t hash) {
  return g->lookup(hash);
}
EMSCRIPTEN_KEEPALIVE std::int32_t ringlab_rendezvous_pick(const ringlab::Rendezvous* h, std::uint32_t len) {
  return static_cast<std::int32_t>(h->pick(scratch_key(len)));
}
EMSCRIPTEN_KEEPALIVE std::int32_t ringlab_weighted_rendezvous_pick(const ringlab::WeightedRendezvous* h,
                                                                   std::uint32_t len) {
  return static_cast<std::int32_t>(h->pick(scratch_key(len)));
}
// buckets: any int32 (the wrapper passes only numbers that are one exactly). Below the table's
// range the answer is -1, and the wrapper makes the checked embind call for the core's error.
EMSCRIPTEN_KEEPALIVE std::int32_t ringlab_jump(std::uint64_t key, std::int32_t buckets) {
  if (buckets < ringlab::param(ringlab::Param::jump_buckets).lo) return -1;
  return ringlab::jump_unchecked(key, buckets);
}
}

// In the order of web/lib/src/core/heap.ts's mainDirectNames.
emscripten::val ringlab::wasm::direct_functions() {
  return ringlab::wasm::table_places(&ringlab_h32, &ringlab_ring_owner, &ringlab_ring_owner_of_hash,
                                     &ringlab_maglev_lookup, &ringlab_maglev_lookup_hash, &ringlab_rendezvous_pick,
                                     &ringlab_weighted_rendezvous_pick, &ringlab_jump);
}
