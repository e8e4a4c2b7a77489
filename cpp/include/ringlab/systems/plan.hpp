// A migration plan: what a real tool will move, in the order it moves it, and what each node
// holds before and after. One value for every system that moves units between nodes (Redis
// Cluster's slots first; a ring's arcs or a topic's partitions later), so that the command line,
// and later the WebAssembly module and the pages, show every system's plan the same way.
// See docs/plan.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ringlab::systems {

// Whether a figure is the real tool's to the bit (checked against the tool itself), or a model:
// computed here for comparison, not what the tool does.
enum class Exactness : std::uint8_t { exact, model };

// One step: units moved from one node to another, in the order the tool moves them.
struct PlanStep {
  std::string from;
  std::string to;
  std::vector<std::uint32_t> units;  // slot numbers (or another system's units), in move order
  // The units by name where they have no number (a topic's keys, as bytes), in the order given.
  std::vector<std::string> names;
  // The bytes the step streams, when the plan was given the ranges' sizes (a Cassandra plan).
  std::optional<std::uint64_t> bytes{};
};

// What a node holds: how many units, and in how many runs of consecutive units (its
// fragmentation: 0..5460 is one range, 0..99 and 200..299 two).
struct Share {
  std::uint32_t units = 0;
  std::uint32_t ranges = 0;
  // In a plan with a space_moved, where units cover a hash space (a Cassandra node's ranges):
  // how many of its hashes they hold.
  std::optional<std::uint64_t> hashes;
};

struct NodeShare {
  std::string node;
  Share before;
  Share after;
};

// Something the plan's reader must know: a quirk of the tool that changes the outcome.
struct PlanWarning {
  std::string kind;  // a stable name: "shortfall", "stops", "target-as-source", ...
  std::string text;  // English, one sentence or two
};

// The same end counts reached another way, for comparison: not what the tool does.
struct PlanAlternative {
  std::string label;
  Exactness exactness = Exactness::model;
  std::vector<PlanStep> steps;
  std::vector<NodeShare> nodes;
};

// A key the plan was given, and the node (a Kafka partition) it goes to before and after.
struct PlanKey {
  std::string key;  // its bytes
  std::string before;
  std::string after;
  std::optional<std::int64_t> token;  // a Cassandra key's token
};

// A range of a ring whose replicas change (a Cassandra plan): (start, end], how many hashes
// (tokens) it holds, and its replicas before and after in the order the strategy walks them.
struct PlanRange {
  std::int64_t start = 0;
  std::int64_t end = 0;
  std::uint64_t hashes = 0;
  std::vector<std::string> before;
  std::vector<std::string> after;
  bool changes = true;  // false for a range listed though its replicas stay
  // The bytes it holds, when the plan was given the ranges' sizes.
  std::optional<std::uint64_t> bytes{};
};

// The bytes a plan streams, from the sizes it was given (Cassandra's size estimates of the ring's
// ranges): `streamed`, the sum of its steps' bytes (a range streamed to two new replicas counts
// twice); `given`, the sizes' sum; `covered`, the hashes the given ranges cover. Exact when every
// range the plan streams is a union of whole given ranges; a model when a given range is split
// (its bytes spread evenly over its hashes, each part rounded down).
struct ByteShare {
  std::uint64_t streamed = 0;
  std::uint64_t given = 0;
  std::uint64_t covered = 0;
  Exactness exactness = Exactness::exact;
};

// The share of a hash's whole output whose node changes, counted hash by hash in integers (no
// sample): `moved` of the `size` hashes of `space`.
struct SpaceShare {
  std::string space;       // the hash and its range: "murmur2 & 0x7fffffff, [0, 2^31)"
  std::uint64_t size = 0;  // hashes in the range
  std::uint64_t moved = 0;
  Exactness exactness = Exactness::exact;
};

// A count of hashes of a space of up to 2^64 (Envoy's XXH64): one more than a uint64 holds.
__extension__ typedef unsigned __int128 HashCount;  // NOLINT(modernize-use-using): __extension__ keeps -Wpedantic quiet

// A run of a ring system's hash space whose server changes (a ring plan): on a ring the arc
// (start, end] (wrapping past the largest hash when start >= end), in a table one entry (start =
// end: each entry a unit of its own, so that a table's plan counts entries); how many hashes it
// holds, its server before and after, and whether the move is collateral (between two servers that
// did not change).
struct PlanArc {
  std::uint64_t start = 0;
  std::uint64_t end = 0;
  HashCount hashes = 0;
  std::string before;
  std::string after;
  bool collateral = false;
};

// A server's hashes before and after a ring plan's change.
struct ServerHashes {
  std::string server;
  HashCount before = 0;
  HashCount after = 0;
};

// A ring or table system's whole hash space before and after a change, counted exactly.
struct PlanArcs {
  std::string space;          // the hash and its range: "crc32 of the key, [0, 2^32)"
  bool ring = true;           // arcs of a ring, or entries of a table of `period` residues
  std::uint64_t period = 0;   // a table's: hash h is entry h % period
  std::uint8_t bits = 32;     // the hashes are [0, 2^bits)
  HashCount size = 0;         // 2^bits
  std::vector<PlanArc> arcs;  // the runs whose server changes, in hash order
  std::vector<ServerHashes> servers;
  HashCount necessary = 0;   // hashes that move to or from the changed server
  HashCount collateral = 0;  // hashes that move between servers that did not change
  bool every_arc = false;    // the text lists every arc, not only each step's count
};

struct Plan {
  std::string system;       // "redis"
  std::string tool;         // what it reproduces: "redis-cli 7.0.15"
  std::string operation;    // "rebalance", "reshard"
  std::string unit;         // what moves: "slots"
  std::uint32_t space = 0;  // units in all: 16384 slots
  Exactness exactness = Exactness::exact;
  std::vector<PlanStep> steps;
  std::vector<NodeShare> nodes;  // every node the plan reads, in the tool's order
  std::vector<PlanWarning> warnings;
  // Where the real run stops before its end (a move fails): the units that do move, counted
  // from the first step's first unit, and the nodes' shares after them. Empty when it runs to
  // the end.
  std::optional<std::size_t> stops_after_units;
  std::vector<NodeShare> nodes_if_stopped;
  // A note that is no warning ("No rebalancing needed"), or empty.
  std::string note;
  std::vector<PlanAlternative> alternatives;
  // For a system that places keys by a hash (Kafka): the keys given and where each goes, and the
  // share of the hash's output that moves. A plan without a space_moved has neither, and its
  // JSON and text say nothing of them.
  std::vector<PlanKey> keys;
  std::optional<SpaceShare> space_moved;
  // For a system that replicates ranges (Cassandra): the ranges whose replicas change (or every
  // range, when asked). A plan without them says nothing of ranges.
  std::optional<std::vector<PlanRange>> ranges;
  // The bytes it streams, when the ranges' sizes were given.
  std::optional<ByteShare> bytes;
  // For a ring or table system (memcached, nginx, Envoy, ...): its hash space's changed arcs; each
  // step's units are indices in arcs->arcs. A plan without them says nothing of arcs.
  std::optional<PlanArcs> arcs;
};

// A range as Cassandra writes it: "(start,end]".
[[nodiscard]] std::string range_text(std::int64_t start, std::int64_t end);

// moved / size (size > 0, moved <= size) reduced ("536870911/1073741824"), and as a
// percentage rounded half up to 9 decimals,
// trailing zeros dropped ("49.999999907").
[[nodiscard]] std::string fraction_text(std::uint64_t moved, std::uint64_t size);
[[nodiscard]] std::string percent_text(std::uint64_t moved, std::uint64_t size);

// The same for counts of a space of up to 2^64 hashes, and a count in decimal.
[[nodiscard]] std::string hashes_fraction(HashCount moved, HashCount size);
[[nodiscard]] std::string hashes_percent(HashCount moved, HashCount size);
[[nodiscard]] std::string count_text(HashCount n);

// How --json and the package name it: "exact" or "model".
[[nodiscard]] std::string_view exactness_name(Exactness e);

// The number of runs of consecutive units in a sorted list.
[[nodiscard]] std::uint32_t ranges_of(const std::vector<std::uint32_t>& sorted_units);

// Sorted units written as ranges: "0-1364,5461-6826,10923".
[[nodiscard]] std::string ranges_text(std::vector<std::uint32_t> units);

// The plan as JSON lines: one object per step ({"from": ID, "to": ID, "slots": [S, ...]}, the
// unit's name as the key), then one {"summary": {...}} line.
[[nodiscard]] std::string plan_json(const Plan& plan);

// The plan for a reader: the steps with their units as ranges, each node's share before and
// after, the warnings and the alternatives.
[[nodiscard]] std::string plan_text(const Plan& plan);

}  // namespace ringlab::systems
