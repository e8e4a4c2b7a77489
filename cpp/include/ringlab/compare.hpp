// One scenario, every algorithm: ring, rendezvous, jump, Maglev, bounded loads and mod-N place
// the same keys before and after one change, and each reports what moved and how even the load
// is. Where an algorithm cannot express the change (jump removing a middle bucket, mod-N or jump
// with weights) its row says so instead of giving a wrong answer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
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

// Why a row is not supported, as data: a page words it in its own language by this code, while the
// CLI prints the row's English `reason`. The codes, their spellings and their English phrases are
// one table (compare.cpp); a row's reason is set only through set_unsupported.
enum class ReasonCode : std::uint8_t {
  none,              // supported
  no_weights,        // the scenario's weights differ, and the algorithm has none
  last_bucket_only,  // the change removes a server other than the last, and it removes only its last bucket
};
// Every code an unsupported row can give, for the catalogues' tests.
inline constexpr ReasonCode kReasonCodes[] = {ReasonCode::no_weights, ReasonCode::last_bucket_only};
// The code as the JSON and the package spell it: "no_weights", "last_bucket_only"; "" for none.
[[nodiscard]] std::string_view reason_code_name(ReasonCode code) noexcept;

struct ComparisonRow {
  std::string algorithm;  // the registry's name of an algorithm with a row in compare (algorithms.hpp)
  bool supported = true;
  ReasonCode reason_code = ReasonCode::none;  // why not, when unsupported
  std::string reason{};                       // the same in English, as the CLI prints it
  double moved = 0;                           // fractions of the keys, in [0, 1]
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

// Marks a row unsupported: `code`, and its English reason, `subject` followed by the code's
// phrase ("jump" and no_weights: "jump has no weights").
void set_unsupported(ComparisonRow& row, ReasonCode code, std::string_view subject);

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

class ComparisonRun;
namespace compare_detail {
struct Keeper;  // compare()'s placements, for tests
std::vector<ComparisonRow> run_rows(const Scenario& scenario, const Keeper* keeper);
}  // namespace compare_detail

// A comparison in parts, for workers that share no memory (WebAssembly instances in Web Workers
// or Node's worker threads, each with a module of its own). Every worker builds a ComparisonRun of
// the same scenario, places the chunks of keys it is given into a tally of its own, and the
// tallies' sum, turned into rows by one of them, is compare()'s answer byte for byte: a tally
// holds integers only (keys moved, keys per server), and integer sums do not depend on which
// worker placed which chunk. compare() is this run, on threads.
//
// Bounded loads places each key against the loads the keys before it left, so its chunks are
// placed by one ComparisonRun, in order (place_bounded), and that run's rows() gives the answer.
class ComparisonRun {
 public:
  // Keys per chunk: a chunk is the unit of work handed out.
  static constexpr std::uint32_t kChunkKeys = 1u << 16;

  // Checks the scenario (Error before any work, as compare()) and builds every structure.
  explicit ComparisonRun(const Scenario& scenario);
  ~ComparisonRun();
  ComparisonRun(const ComparisonRun&) = delete;
  ComparisonRun& operator=(const ComparisonRun&) = delete;

  // The chunks of the run's keys: chunk c holds keys c * kChunkKeys .. (c+1) * kChunkKeys - 1.
  [[nodiscard]] std::uint64_t chunks() const noexcept;
  // The length of a tally: a zeroed array of it is where nothing has been placed yet.
  [[nodiscard]] std::size_t tally_size() const noexcept;
  // Places chunks [first, end) for every row but bounded loads, adding to `tally`. Any chunks, in
  // any order, on any run of the scenario; safe to call from several threads at once (tallies of
  // their own). Error (invalid_argument) for a range outside [0, chunks()] or a tally of another
  // length.
  void place(std::uint64_t first, std::uint64_t end, std::span<std::uint64_t> tally) const;
  // Places chunks [first, end) for bounded loads, adding to `tally`: the ranges of one run must
  // follow each other from chunk 0 (Error invalid_argument otherwise).
  void place_bounded(std::uint64_t first, std::uint64_t end, std::span<std::uint64_t> tally);
  // The rows from the sum of the tallies of every chunk (each placed once by place and once by
  // this run's place_bounded). The build times are this run's.
  [[nodiscard]] std::vector<ComparisonRow> rows(std::span<const std::uint64_t> tally) const;

 private:
  friend std::vector<ComparisonRow> compare_detail::run_rows(const Scenario&, const compare_detail::Keeper*);
  struct State;
  std::unique_ptr<State> s_;
};

// A readable table, and a JSON array of {algorithm, moved, movedToNew, movedBetweenOld,
// movedNeedlessly, maxOverMean, sdOverMean, memoryBytes, buildMs, supported[, reason, reasonCode]}.
[[nodiscard]] std::string comparison_table(const std::vector<ComparisonRow>& rows);
[[nodiscard]] std::string comparison_json(const std::vector<ComparisonRow>& rows);

}  // namespace ringlab
