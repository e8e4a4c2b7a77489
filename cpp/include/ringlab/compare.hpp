// One scenario, every algorithm: ring, rendezvous, jump, Maglev, bounded loads and mod-N place
// the same keys before and after one change, and each reports what moved and how even the load
// is. Where an algorithm cannot express the change (jump removing a middle bucket, mod-N or jump
// with weights) its row says so instead of giving a wrong answer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ringlab/maglev.hpp"
#include "ringlab/ring.hpp"

namespace ringlab {

// Change, ChangeKind and the --change grammar (parse_change) are in params.hpp, with the
// ranges and defaults of the table's compare_* entries.

// servers S0 .. S{n-1} for a comparison: n is the table's compare_servers (1 .. 100,000).
[[nodiscard]] std::vector<Server> compare_servers(std::int64_t count);

struct Scenario {
  std::vector<Server> servers =
      default_servers(static_cast<std::uint32_t>(param(Param::compare_servers).default_integer));
  std::int64_t vnodes = param(Param::compare_vnodes).default_integer;
  std::int64_t seed = param(Param::compare_seed).default_integer;
  std::int64_t keys = param(Param::compare_keys).default_integer;
  Change change = default_change();
  double epsilon = param(Param::compare_epsilon).default_number;               // bounded loads
  std::int64_t table_size = param(Param::compare_table_size).default_integer;  // Maglev
  // Threads (1 .. kMaxThreads; all cores when left out, one in WebAssembly): the rows are the same
  // for every count.
  std::optional<std::int64_t> threads{};
};

struct ComparisonRow {
  std::string algorithm;  // "ring", "rendezvous", "jump", "maglev", "bounded", "mod-n"
  bool supported = true;
  std::string reason{};  // why not, when unsupported
  double moved = 0;      // fractions of the keys, in [0, 1]
  double moved_to_new = 0;
  double moved_between_old = 0;  // moved - moved_to_new
  // Moved from a server the change did not touch to another it did not touch (not added,
  // removed, failed or reweighted): the keys that did not have to move.
  double moved_needlessly = 0;
  double max_over_mean = 0;  // load after the change
  double sd_over_mean = 0;
  std::uint64_t memory_bytes = 0;  // what the placement structure holds after the change
  double build_ms = 0;             // time to build it (wall clock; varies run to run)
};

// Throws Error for an invalid scenario (a value outside the table's compare_* ranges, an unknown
// server, a repeated name, a bad weight, ...), before any work.
[[nodiscard]] std::vector<ComparisonRow> compare(const Scenario& scenario);

// compare() places the keys after the change incrementally, placing again only what the change
// can move: the keys an added server takes (rendezvous: its one score against each key's best;
// jump: whether the walk that ended past n stopped on n; the ring: its own points only), a
// removed server's keys (rendezvous: each key's runner-up from the one pass). Maglev's tables are
// built once each, bounded loads place every key again (a key's place depends on the keys before
// it). The placements are those of placing every key again, key for key.
//
// One row's placements of the keys, as ids (the servers before are 0 .. n-1, an added one n);
// empty for an unsupported row.
struct RowPlacement {
  std::string algorithm;
  std::vector<std::uint32_t> before;
  std::vector<std::uint32_t> after;
};
// compare(), also appending each row's placements to `placements` when given (for tests).
[[nodiscard]] std::vector<ComparisonRow> compare(const Scenario& scenario, std::vector<RowPlacement>* placements);

// A readable table, and a JSON array of {algorithm, moved, movedToNew, movedBetweenOld,
// movedNeedlessly, maxOverMean, sdOverMean, memoryBytes, buildMs, supported[, reason]}.
[[nodiscard]] std::string comparison_table(const std::vector<ComparisonRow>& rows);
[[nodiscard]] std::string comparison_json(const std::vector<ComparisonRow>& rows);

}  // namespace ringlab
