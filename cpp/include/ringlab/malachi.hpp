// Malachi.Cluster.HashRing (malachi v0.8.13), exactly: vnode ids and keys are Erlang terms, and
// a key goes where :erlang.phash2(key, 2^ring_bits) sends it. The same ring as
// docs/algorithms.md#token-ring (TokenRing), with Erlang's hash in place of h32.
//
// A value, like Malachi's: `vnode id -> token` plus the vnodes sorted by token. Each vnode at
// token T owns the arc (predecessor's token, T], wrapping; a key goes to the first vnode whose
// token >= its hash, past the largest token back to the smallest. Malachi searches the sorted
// list linearly; this searches it by bisection, which finds the same vnode.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "ringlab/erlang.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"

namespace ringlab {

class MalachiRing {
 public:
  using Term = erlang::Term;

  // new(ring_bits: n): a ring over [0, 2^ring_bits), ring_bits in 1 .. 32 (the table's
  // malachi_ring_bits, default 32). Error out_of_range otherwise: "ringBits must be between 1
  // and 32, got 0".
  explicit MalachiRing(std::int64_t ring_bits = param(SystemParam::malachi_ring_bits).default_integer);

  // add_vnode: errors token_out_of_range (token outside 0 .. 2^ring_bits - 1), token_taken
  // (another vnode holds the token), already_present (the id is on the ring), checked in that
  // order. Ids are compared with =:= (1 and 1.0 are two ids). A failed call changes nothing.
  void add_vnode(const Term& id, std::int64_t token);
  // remove_vnode: error not_found.
  void remove_vnode(const Term& id);

  // route: the vnode owning phash2(key, 2^ring_bits). Error empty on an empty ring.
  [[nodiscard]] const Term& route(const Term& key) const;
  // The vnode owning a position already computed (reduced mod 2^ring_bits). Error empty.
  [[nodiscard]] const Term& route_position(std::uint64_t position) const;
  // The same owner as its index in sorted(): what a caller keeping the ids in token order uses.
  [[nodiscard]] std::size_t route_index(std::uint64_t position) const;
  // route_index of n keys given as JavaScript strings (Elixir strings: phash2_utf16 of each; key
  // i is units[offsets[i], offsets[i+1])) into out. Returns n, or the index of the first key with
  // a lone surrogate. Error empty on an empty ring with keys to route.
  [[nodiscard]] std::size_t route_utf16_many(std::u16string_view units, std::span<const std::uint32_t> offsets,
                                             std::span<std::uint32_t> out) const;
  // phash2(key, 2^ring_bits): where a key lands.
  [[nodiscard]] std::uint32_t position(const Term& key) const;

  // boundaries: {start_exclusive, end_inclusive} of the arc the vnode owns, wrapping; start ==
  // end when it is alone and owns the whole ring. Error not_found.
  [[nodiscard]] std::pair<std::uint32_t, std::uint32_t> boundaries(const Term& id) const;
  // The vnode's token. Error not_found.
  [[nodiscard]] std::uint32_t token_of(const Term& id) const;

  [[nodiscard]] std::size_t size() const noexcept { return by_token_.size(); }
  // vnode_ids: in Erlang term order, which is Map.keys/1's order for rings of up to 32 vnodes
  // (beyond that Malachi's order follows the VM's internal hash of the map).
  [[nodiscard]] std::vector<Term> vnode_ids() const;
  // (token, id) in token order: Malachi's `sorted`.
  [[nodiscard]] const std::vector<std::pair<std::uint32_t, Term>>& sorted() const noexcept { return by_token_; }
  [[nodiscard]] std::uint32_t ring_bits() const noexcept { return bits_; }
  [[nodiscard]] std::uint64_t ring_size() const noexcept { return std::uint64_t{1} << bits_; }

 private:
  // The index in by_id_ of an id, or by_id_.size().
  [[nodiscard]] std::size_t find_id(const Term& id) const;
  [[nodiscard]] std::size_t token_index(const Term& id) const;  // in by_token_; throws not_found

  std::uint32_t bits_;
  std::vector<std::pair<std::uint32_t, Term>> by_token_;  // sorted by token (unique)
  std::vector<std::pair<Term, std::uint32_t>> by_id_;     // sorted by id, term order
};

}  // namespace ringlab
