// The tutorial's three published programs as library functions. Each returns its numbers as a
// struct and the exact text the published program prints (JavaScript's formatting included).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ringlab/params.hpp"

namespace ringlab {

// The experiments' ranges and defaults are in params.hpp (kMaxKeys, kMaxServers, kMaxVnodeList,
// kMaxHrwWork and the table's ring_vs_mod_*, vnode_sweep_*, hrw_jump_* entries).

// Progress of a long run: called with (work done, total work) every few tens of thousands of
// keys and once at the end. Long runs in a browser Web Worker report through it. With several
// threads it is called from the calling thread only, with the work the threads have finished.
//
// Each run takes `threads` threads (the table's *_threads: 1 .. kMaxThreads; all cores when left
// out; one in WebAssembly), and its result is the same for every count.
using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;
inline constexpr std::uint32_t kProgressEvery = 1u << 16;

// ring-vs-mod: n servers -> n+1, keys moved by mod-N and by a ring with V virtual nodes.
struct RingVsModParams {
  std::int64_t seed = param(Param::ring_vs_mod_seed).default_integer;
  std::int64_t keys = param(Param::ring_vs_mod_keys).default_integer;
  std::int64_t servers = param(Param::ring_vs_mod_servers).default_integer;
  std::int64_t vnodes = param(Param::ring_vs_mod_vnodes).default_integer;
  std::optional<std::int64_t> threads{};  // all cores when left out
};
struct RingVsModResult {
  std::uint32_t keys = 0;
  std::uint32_t servers_before = 0;  // N
  std::uint32_t servers_after = 0;   // N + 1
  std::uint32_t mod_moved = 0;
  std::uint32_t mod_moved_to_new = 0;
  std::uint32_t ring_moved = 0;
  std::uint32_t ring_moved_to_new = 0;
  std::string text;
};
[[nodiscard]] RingVsModResult ring_vs_mod(const RingVsModParams& params, const Progress& progress = {});

// vnode-sweep: the spread of load over N servers for each V in a list.
struct VnodeSweepParams {
  std::int64_t seed = param(Param::vnode_sweep_seed).default_integer;
  std::int64_t servers = param(Param::vnode_sweep_servers).default_integer;
  std::int64_t keys = param(Param::vnode_sweep_keys).default_integer;
  std::vector<std::int64_t> vnodes{param(Param::vnode_sweep_vnodes).default_list.begin(),
                                   param(Param::vnode_sweep_vnodes).default_list.end()};
  std::optional<std::int64_t> threads{};  // all cores when left out
};
struct VnodeSweepRow {
  std::uint32_t vnodes = 0;
  std::uint64_t points = 0;
  std::vector<std::uint32_t> counts;  // keys per server
  std::uint32_t min = 0;
  std::uint32_t max = 0;
  double sd = 0;            // population standard deviation of the counts
  double max_over_avg = 0;  // NaN when there are no keys
  double sd_over_avg = 0;   // as a fraction; the text prints it as a percentage
};
struct VnodeSweepResult {
  std::uint32_t servers = 0;
  std::uint32_t keys = 0;
  double average = 0;  // keys / servers
  std::vector<VnodeSweepRow> rows;
  std::string text;
};
[[nodiscard]] VnodeSweepResult vnode_sweep(const VnodeSweepParams& params, const Progress& progress = {});

// hrw-jump: rendezvous losing one server; jump growing from B to B+1 buckets.
struct HrwJumpParams {
  std::int64_t seed = param(Param::hrw_jump_seed).default_integer;
  std::int64_t keys = param(Param::hrw_jump_keys).default_integer;
  std::int64_t servers = param(Param::hrw_jump_servers).default_integer;
  std::int64_t remove = param(Param::hrw_jump_remove).default_integer;
  std::int64_t buckets = param(Param::hrw_jump_buckets).default_integer;
  std::optional<std::int64_t> threads{};  // all cores when left out
};
struct HrwJumpResult {
  std::uint32_t keys = 0;
  // Keys won by each server; nullopt for a server that won none (the published program prints
  // `undefined` for it, because its count was never set).
  std::vector<std::optional<std::uint32_t>> counts;
  std::uint32_t removed = 0;
  std::uint32_t hrw_moved = 0;
  std::uint32_t hrw_moved_not_from_removed = 0;
  std::uint32_t buckets = 0;
  std::uint32_t jump_moved = 0;
  std::uint32_t jump_moved_not_to_new = 0;
  std::string text;
};
[[nodiscard]] HrwJumpResult hrw_jump(const HrwJumpParams& params, const Progress& progress = {});

// An experiment in parts, for workers that share no memory (as ComparisonRun is for compare):
// every worker makes a run of the same parameters, places the chunks of keys it is given into a
// tally of its own, and the tallies' sum, given to any run of them, is the experiment's result
// byte for byte (integer counts: any cut and any order of the chunks gives the same sums). The
// functions above are these runs on threads.
//
// vnode-sweep places its rings a group at a time (its steps: the groups of V whose rings fit the
// ring cap together); a run holds one step's rings, built on its first chunk, so a worker takes a
// step's chunks before the next step's. The other experiments have one step.
enum class ExperimentKind : std::uint8_t { ring_vs_mod, vnode_sweep, hrw_jump };

class ExperimentRun {
 public:
  // Checks the parameters (Error before any work, as the functions above) and builds what the
  // run needs (vnode-sweep's rings on a step's first chunk).
  explicit ExperimentRun(const RingVsModParams& params);
  explicit ExperimentRun(const VnodeSweepParams& params);
  explicit ExperimentRun(const HrwJumpParams& params);
  ~ExperimentRun();
  ExperimentRun(const ExperimentRun&) = delete;
  ExperimentRun& operator=(const ExperimentRun&) = delete;

  [[nodiscard]] ExperimentKind kind() const noexcept;
  [[nodiscard]] std::size_t steps() const noexcept;
  // Chunks of kProgressEvery keys: chunk c holds keys c * kProgressEvery onwards.
  [[nodiscard]] std::uint64_t chunks() const noexcept;
  // The length of a tally: a zeroed array of it is where nothing has been counted yet.
  [[nodiscard]] std::size_t tally_size() const noexcept;
  // The work of chunks [first, end) of a step, in the units the functions' progress counts.
  [[nodiscard]] std::uint64_t work(std::size_t step, std::uint64_t first, std::uint64_t end) const noexcept;
  // Counts chunks [first, end) of `step` into `tally`. Error (invalid_argument) for a step, a
  // range or a tally that is not the run's.
  void place(std::size_t step, std::uint64_t first, std::uint64_t end, std::span<std::uint64_t> tally);
  // The result from the sum of the tallies of every chunk of every step. Error (invalid_argument)
  // for the result of another experiment, or a tally that is not the run's.
  [[nodiscard]] RingVsModResult ring_vs_mod(std::span<const std::uint64_t> tally) const;
  [[nodiscard]] VnodeSweepResult vnode_sweep(std::span<const std::uint64_t> tally) const;
  [[nodiscard]] HrwJumpResult hrw_jump(std::span<const std::uint64_t> tally) const;

 private:
  struct State;
  std::unique_ptr<State> s_;
};

// Validation of each parameter set, shared by the functions above and the CLI (throws Error).
void validate(const RingVsModParams& params);
void validate(const VnodeSweepParams& params);
void validate(const HrwJumpParams& params);

}  // namespace ringlab
