// Consistent hashing with bounded loads (Mirrokni, Thorup, Zadimoghaddam), docs/algorithms.md#bounded-loads.
//
// Keys are placed in list order; each starts at its owner point on the ring and walks clockwise
// to the first point whose server still has room under its capacity
// C_s = ceil((1 + epsilon) * m * w_s / sum(w)) — for equal weights ceil((1 + epsilon) * m / n).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ringlab/ring.hpp"

namespace ringlab {

struct BoundedPlacement {
  std::vector<std::uint32_t> servers;     // per key, in the order given
  std::vector<std::uint32_t> walks;       // per key: points stepped past its owner point
  std::vector<std::uint32_t> loads;       // keys per server
  std::vector<std::uint32_t> capacities;  // C_s per server
  std::uint32_t not_first_choice = 0;     // keys placed away from their owner
  std::uint32_t longest_walk = 0;         // most points stepped past for one key
};

// Capacities for m keys on the ring's servers. Throws Error for epsilon that is not > 0 and
// finite (the table's bounded_epsilon), or when the capacities cannot hold m keys.
[[nodiscard]] std::vector<std::uint32_t> bounded_capacities(const Ring& ring, std::uint64_t keys, double epsilon);

// Places keys given by their 32-bit hashes, in order.
[[nodiscard]] BoundedPlacement place_bounded(const Ring& ring, std::span<const std::uint32_t> key_hashes,
                                             double epsilon);

// The same placement over the keys of a run handed over in pieces, in order: a piece's servers
// are those place_bounded gives the same keys among all of them (the capacities are for `keys`
// keys in all, the loads carried from piece to piece). Memory does not grow with the keys.
class BoundedStream {
 public:
  // Throws as bounded_capacities.
  BoundedStream(const Ring& ring, std::uint64_t keys, double epsilon);
  // The servers of the next hashes.size() keys, written to servers[0 .. hashes.size()), and when
  // walks is given the points each key stepped past its owner point.
  void place(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> servers, std::uint32_t* walks = nullptr);

 private:
  friend BoundedPlacement place_bounded(const Ring&, std::span<const std::uint32_t>, double);
  const Ring* ring_;
  std::vector<std::uint32_t> capacities_;
  std::vector<std::uint32_t> loads_;
};

}  // namespace ringlab
