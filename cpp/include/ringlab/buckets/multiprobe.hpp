// Multi-probe consistent hashing (Ben Appleton and Michael O'Reilly, arXiv 1505.00062, 2015), as
// dgryski/go-mpchash computes it (mpchash.go at 7382f34, with the hash and seeds of its compat
// test): each node is one point on a ring of 2^64, the SipHash-2-4 of its name under the key
// (0, 0); a key is hashed twice, h1 and h2 under the keys (1, 0) and (2, 0), and makes k probes
//
//   probe i = h1 + i * h2 (mod 2^64), i = 0 .. k - 1
//
// each of which finds the first point strictly above it (the least point when none is: the ring
// wraps), at distance point - probe (mod 2^64). The node of the nearest of those points wins; of
// probes at the same distance, the first. k = 21 gives a peak-to-average load of about 1.05 with
// one point per node (the paper: 1 + 1/ε probes for 1 + ε).
//
// Two nodes whose names hash to the same point are one point, which the node listed last holds
// (the reference keeps a map from point to name, the last write winning). The reference buckets
// its sorted points by their top bits to search them faster; a search of the sorted points finds
// the same successor. One difference, where the reference answers no node: if every probe lands
// just past the one point a list of nodes has (each at distance 2^64 - 1, which needs every
// distinct name to hash to the same point and a key's h1 to be that point + 1), the reference
// answers the name of a node at point 0, or "" when none is; this answers that one point's node.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/bucket_trace.hpp"
#include "ringlab/buckets.hpp"

namespace ringlab {

// The reference's compat test's seeds {1, 2} (SipHash's k0; k1 is 0) and its nodes' seed 0. Its
// 21 probes are the default of the probes' row (bucket_params.hpp).
inline constexpr std::uint64_t kMultiProbeSeed1 = 1;
inline constexpr std::uint64_t kMultiProbeSeed2 = 2;
inline constexpr std::uint64_t kMultiProbeNodeSeed = 0;

// A node's point: the SipHash-2-4 of its name (its bytes; a name's UTF-8) under (0, 0).
[[nodiscard]] std::uint64_t multiprobe_point(std::string_view name) noexcept;

// The points of a list of nodes and the lookup, unchecked: at least one node, probes >= 1 (the
// hasher checks both; the reference checks neither: no node loops or indexes past its table, and
// 0 probes answers a node at point 0, or "").
class MultiProbe {
 public:
  MultiProbe(std::span<const std::string> nodes, std::uint32_t probes);

  // The place in the nodes list of the node a key's bytes go to.
  [[nodiscard]] std::uint32_t node(std::string_view key) const noexcept;
  // The same for a key's two hashes (h1 under seed 1, h2 under seed 2).
  [[nodiscard]] std::uint32_t node_of_hashes(std::uint64_t h1, std::uint64_t h2) const noexcept;
  // The same, with its steps recorded: the two hashes, then each probe (bucket_trace.hpp's probe).
  std::uint32_t node(std::string_view key, BucketTrace& trace) const;

  // The distinct points, ascending, and the place of the node that holds each.
  [[nodiscard]] std::span<const std::uint64_t> points() const noexcept { return points_; }
  [[nodiscard]] std::span<const std::uint32_t> holders() const noexcept { return holders_; }
  [[nodiscard]] std::uint32_t probes() const noexcept { return probes_; }
  // Its points (8 bytes each), their holders and its index of the points' top bits (4 each).
  [[nodiscard]] std::uint64_t memory_bytes() const noexcept {
    return 8 * std::uint64_t{points_.size()} + 4 * std::uint64_t{holders_.size() + first_.size()};
  }

 private:
  // The first point strictly above a probe (the ring's successor, without the wrap), as
  // std::upper_bound over points_ finds it, but searching only the points that share the probe's
  // top shift_-complement bits: first_[t] is the first point whose top bits are t or more.
  [[nodiscard]] std::size_t successor(std::uint64_t probe) const noexcept;
  // The lookup from the two hashes, one definition for node_of_hashes and the trace.
  template <class Trace>
  std::uint32_t lookup(std::uint64_t h1, std::uint64_t h2, Trace& trace) const noexcept(!kTracing<Trace>);

  std::vector<std::uint64_t> points_;
  std::vector<std::uint32_t> holders_;
  std::vector<std::uint32_t> first_;  // 2^bits + 1 entries, the last points_.size()
  int shift_ = 64;                    // 64 - bits
  std::uint32_t probes_;
};

// Its bucket hasher (the registry's "multiprobe"): nodes by name (1 .. 2^24 of them, none empty,
// none twice), probes 1 .. 1,024 (21 when not given), a key's text as input (its UTF-8, the empty
// key too), and a node as its answer. The reference has no membership: it is built again for
// each list of nodes.
[[nodiscard]] std::unique_ptr<BucketHasher> make_multiprobe_hasher(const BucketOptions& options);

}  // namespace ringlab
