// The explicit-token ring, with the semantics of Malachi.Cluster.HashRing (docs/algorithms.md#token-ring).
//
// A value: `vnode id -> token` is the source of truth, plus the points sorted by token for
// routing. Each vnode at token T owns the arc (predecessor's token, T], wrapping around; a key
// goes to the first vnode whose token >= hash(key) mod 2^bits, past the largest to the smallest.
// Copying a TokenRing copies the value; changing a copy leaves the original as it was.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ringlab/params.hpp"

namespace ringlab {

class TokenRing {
 public:
  // A ring over [0, 2^bits), bits in 1..32 (the table's token_ring_bits). Throws
  // Error(out_of_range) otherwise.
  explicit TokenRing(std::int64_t bits = param(Param::token_ring_bits).default_integer);

  // Errors: token_out_of_range (token outside 0 .. 2^bits - 1, the table's `token`), token_taken
  // (another vnode holds the token), already_present (the id is on the ring). Checked in that
  // order, as Malachi does; an empty or over-long id first.
  void add(std::u16string_view id, std::int64_t token);
  // Error not_found when the id is not on the ring.
  void remove(std::u16string_view id);
  // add() of each vnode and remove() of each id, in order, with the same refusals; the operations
  // before a refused one stay applied, as one at a time. Every operation is checked first (a
  // lookup in a hash of the ids and tokens, where add() and remove() scan the ring), then the
  // points are merged or filtered once.
  void add_many(std::span<const std::pair<std::u16string_view, std::int64_t>> vnodes);
  void remove_many(std::span<const std::u16string_view> ids);

  // The vnode owning a hash that is already in [0, 2^bits) (larger values are reduced mod
  // 2^bits). Error empty on an empty ring.
  [[nodiscard]] const std::u16string& route_hash(std::uint64_t hash) const;
  // The vnode owning a key: hash = h32(key) mod 2^bits.
  [[nodiscard]] const std::u16string& route(std::u16string_view key) const;
  // The place in points() of the vnode route_hash(hash) answers (Error(empty) on an empty ring).
  [[nodiscard]] std::size_t route_point(std::uint64_t hash) const;
  // h32(key) mod 2^bits: the position a key is routed from.
  [[nodiscard]] std::uint32_t position(std::u16string_view key) const noexcept;

  // (start exclusive, end inclusive) of the arc the vnode owns, wrapping; a vnode alone on the
  // ring owns all of it and start == end. Error not_found.
  [[nodiscard]] std::pair<std::uint32_t, std::uint32_t> boundaries(std::u16string_view id) const;
  // The vnode's token. Error not_found.
  [[nodiscard]] std::uint32_t token_of(std::u16string_view id) const;

  // Tokens in ascending order (for search_trace and drawing).
  [[nodiscard]] std::vector<std::uint32_t> tokens() const;

  [[nodiscard]] std::size_t size() const noexcept { return points_.size(); }
  [[nodiscard]] std::uint32_t bits() const noexcept { return bits_; }
  // Ids in token order.
  [[nodiscard]] std::vector<std::u16string> ids() const;
  // (token, id) in token order.
  [[nodiscard]] const std::vector<std::pair<std::uint32_t, std::u16string>>& points() const noexcept { return points_; }

  friend bool operator==(const TokenRing&, const TokenRing&) = default;

 private:
  [[nodiscard]] std::size_t index_of(std::u16string_view id) const;  // throws not_found

  std::uint32_t bits_;
  // Sorted by token; tokens are unique, so the order is total. Both the map and the sorted list
  // of the Malachi design live in this one vector: ids are found by a linear scan, which is what
  // a ring of hundreds of vnodes wants.
  std::vector<std::pair<std::uint32_t, std::u16string>> points_;
};

}  // namespace ringlab
