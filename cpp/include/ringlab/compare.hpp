// One scenario, every algorithm: ring, rendezvous, jump, Maglev, bounded loads and mod-N place
// the same keys before and after one change, and each reports what moved and how even the load
// is. Where an algorithm cannot express the change (jump removing a middle bucket, mod-N or jump
// with weights) its row says so instead of giving a wrong answer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ringlab/maglev.hpp"
#include "ringlab/ring.hpp"

namespace ringlab {

enum class ChangeKind : std::uint8_t {
  add,     // a server joins (appended to the list)
  remove,  // a server leaves gracefully
  fail,    // a server disappears (placements treat it like remove)
  weight,  // a server's weight changes
};

struct Change {
  ChangeKind kind = ChangeKind::add;
  std::u16string name;  // add: the new server's name ("" = "S{N}"); otherwise the server changed
  double weight = 1.0;  // add: the new server's weight; weight: the new weight
};

struct Scenario {
  std::vector<Server> servers = default_servers(10);
  std::uint32_t vnodes = 100;
  std::int64_t seed = 16;
  std::uint32_t keys = 100000;
  Change change{};
  double epsilon = 0.25;                              // bounded loads
  std::uint32_t table_size = kDefaultMaglevTableSize;  // Maglev
};

inline constexpr std::uint32_t kMaxCompareKeys = 10'000'000;

struct ComparisonRow {
  std::string algorithm;   // "ring", "rendezvous", "jump", "maglev", "bounded", "mod-n"
  bool supported = true;
  std::string reason;      // why not, when unsupported
  double moved = 0;              // fractions of the keys, in [0, 1]
  double moved_to_new = 0;
  double moved_between_old = 0;
  double max_over_mean = 0;      // load after the change
  double sd_over_mean = 0;
  std::uint64_t memory_bytes = 0;  // what the placement structure holds after the change
  double build_ms = 0;             // time to build it (wall clock; varies run to run)
};

// Throws Error for an invalid scenario (unknown server, repeated name, bad weight, ...).
[[nodiscard]] std::vector<ComparisonRow> compare(const Scenario& scenario);

// A readable table, and a JSON array of {algorithm, moved, movedToNew, movedBetweenOld,
// maxOverMean, sdOverMean, memoryBytes, buildMs, supported[, reason]}.
[[nodiscard]] std::string comparison_table(const std::vector<ComparisonRow>& rows);
[[nodiscard]] std::string comparison_json(const std::vector<ComparisonRow>& rows);

}  // namespace ringlab
