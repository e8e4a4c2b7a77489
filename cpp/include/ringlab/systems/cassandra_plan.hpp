// Cassandra's ring changes: the replicas of every token range under SimpleStrategy or
// NetworkTopologyStrategy, as Cassandra 4's own walks give them, before and after a node joins
// (bootstrap), leaves (decommission) or is removed (removenode), and the streams that fill each
// new replica. See docs/plan.md#cassandra.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ringlab/systems/plan.hpp"

namespace ringlab::systems::cassandra {

// One token of the ring and the place of the node that holds it.
struct PlacedToken {
  std::int64_t token = 0;
  std::string node;
  std::string dc;
  std::string rack;
  friend bool operator==(const PlacedToken&, const PlacedToken&) = default;
};

// A ring from text, in either of two forms. `nodetool ring` output (a text with a "Datacenter:"
// or "Address" line): each row's address, its rack (the second column) and its token (the last),
// its data centre the "Datacenter:" line above it; the other lines are skipped as
// tokens_from_nodetool_ring() skips them. Otherwise one token a line, "TOKEN NODE DC RACK"
// separated by spaces or tabs; blank lines and lines starting with '#' are skipped. Errors carry
// the line and column (configAt, "ring"): a line of another number of fields
// (cassandraRingFields), a nodetool row without a rack (cassandraRingRack) or before any
// "Datacenter:" line (cassandraRingDc), a bad token, a node placed in two racks
// (cassandraNodePlace). Two rows with one token are token_taken; a text without a token, noServer.
[[nodiscard]] std::vector<PlacedToken> ring_from_text(std::string_view text);

// A keyspace's replication: SimpleStrategy with one factor, or NetworkTopologyStrategy with a
// factor per data centre (in the order given; a data centre not named has none).
struct Strategy {
  bool network_topology = false;
  std::uint32_t rf = 0;
  std::vector<std::pair<std::string, std::uint32_t>> dcs;
};

// "simple:RF" or "nts:DC=RF,DC=RF,..." (each RF as SystemParam::cassandra_rf allows). Errors name
// the parameter "strategy": cassandraStrategy for another form, cassandraDcTwice for a data centre
// named twice, the table's rules for a factor.
[[nodiscard]] Strategy strategy_from_text(std::string_view text);

// The options whose errors name them (strategy_from_text's, the tokens', a joining node's place):
// their names, as the package names its options, and `ringlab plan cassandra`'s flags, by which
// the command line spells them.
inline constexpr std::pair<std::string_view, std::string_view> kChangeOptionFlags[] = {
    {"strategy", "--strategy"}, {"tokens", "--tokens"}, {"dc", "--dc"}, {"rack", "--rack"}};

// A joining node's tokens, "T1,T2,...": each a signed 64-bit integer; an entry that is not one is
// refused naming it as the surface spells the list (entry, "--tokens entry 2: token must be ..."
// on the command line, "tokens entry 2: ..." in JavaScript).
[[nodiscard]] std::vector<std::int64_t> join_tokens_from_text(std::string_view text,
                                                              std::string_view spelled = "--tokens");
// The same tokens as a list, each entry one token's text (the package's `tokens`).
[[nodiscard]] std::vector<std::int64_t> join_tokens_from_list(const std::vector<std::string>& entries,
                                                              std::string_view spelled);

// The bytes of ranges of the ring, one range a line, "START END BYTES": the range (START, END] of
// tokens and the bytes it holds (Cassandra's estimates in system.size_estimates give them: a
// range's mean_partition_size x partitions_count; docs/plan.md#cassandra says how to read them
// out). Blank lines and lines starting with '#' are skipped. The ranges need not be the ring's
// own, nor cover it, but must not overlap. Errors carry the line and column (configAt, "sizes"):
// another number of fields (cassandraSizesFields), a bad token, a byte count that is not a whole
// number, two ranges that overlap (cassandraSizesOverlap).
struct RangeSize {
  std::int64_t start = 0;
  std::int64_t end = 0;
  std::uint64_t bytes = 0;
  friend bool operator==(const RangeSize&, const RangeSize&) = default;
};
[[nodiscard]] std::vector<RangeSize> sizes_from_text(std::string_view text);

// The strategy as the plan names it: "SimpleStrategy RF 3", "NetworkTopologyStrategy dc1=3,dc2=2".
[[nodiscard]] std::string strategy_text(const Strategy& s);

// The replicas of every range of a ring: `ring` sorted by token (distinct tokens), and for each i
// the nodes that replicate (ring[i-1].token, ring[i].token] (the first range wraps from the last
// token), in the order the strategy's walk adds them (the first is the primary). Refused with
// impossibleReplicationFactor when a factor exceeds the nodes it is to be found among.
[[nodiscard]] std::vector<std::vector<std::string>> replica_lists(const std::vector<PlacedToken>& ring,
                                                                  const Strategy& strategy);

enum class ChangeKind : std::uint8_t { join, leave, remove };

struct RingChange {
  ChangeKind kind = ChangeKind::join;
  std::string node;
  std::vector<std::int64_t> tokens;  // join: the new node's tokens
  std::string dc;                    // join: its place; empty for the ring's only one
  std::string rack;
};

// The plan of a change: every range of the finer of the two rings (the one with more tokens)
// whose replica set changes, with its replicas before and after (Plan::ranges); a stream for each
// new replica, grouped by source and target into steps (bootstrap: from the one old replica the
// new set drops, RangeStreamer's strict rule, exact; decommission: from the leaving node, exact;
// removenode: from the old replica nearest the new one by the static snitch's order, a model);
// each node's ranges and share of the token space before and after; given keys' replicas
// before and after; and the share of the token space whose replica set changes, exactly. With
// `every_range`, Plan::ranges lists the ranges that keep their replicas too (changes = false).
// With `sizes` (not empty), each listed range and each step says how many bytes it holds and
// streams, and Plan::bytes how many in all (ByteShare says when that is a model).
[[nodiscard]] Plan plan_change(const std::vector<PlacedToken>& ring, const Strategy& strategy, const RingChange& change,
                               const std::vector<std::string>& keys, bool every_range = false,
                               const std::vector<RangeSize>& sizes = {});

}  // namespace ringlab::systems::cassandra
