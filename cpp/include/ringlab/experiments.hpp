// The tutorial's three published programs as library functions. Each returns its numbers as a
// struct and the exact text the published program prints (JavaScript's formatting included).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
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

// Validation of each parameter set, shared by the functions above and the CLI (throws Error).
void validate(const RingVsModParams& params);
void validate(const VnodeSweepParams& params);
void validate(const HrwJumpParams& params);

}  // namespace ringlab
