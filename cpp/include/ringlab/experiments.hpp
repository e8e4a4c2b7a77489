// The tutorial's three published programs as library functions. Each returns its numbers as a
// struct and the exact text the published program prints (JavaScript's formatting included).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ringlab {

// Caps shared by every experiment, checked before any work or allocation.
inline constexpr std::int64_t kMaxKeys = 100'000'000;
// Beyond about 125,000 servers the published programs themselves fail (Math.max(...array)
// overflows V8's stack), so there is nothing to be identical to.
inline constexpr std::int64_t kMaxServers = 100'000;
inline constexpr std::size_t kMaxVnodeList = 100;
// hrw-jump scores every key on every server: keys x servers is its work.
inline constexpr std::int64_t kMaxHrwWork = 10'000'000'000;

// Progress of a long run: called with (work done, total work) every few tens of thousands of
// keys and once at the end. Long runs in a browser Web Worker report through it.
using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;
inline constexpr std::uint32_t kProgressEvery = 1u << 16;

// ring-vs-mod: n servers -> n+1, keys moved by mod-N and by a ring with V virtual nodes.
struct RingVsModParams {
  std::int64_t seed = 16;
  std::int64_t keys = 10000;
  std::int64_t servers = 4;
  std::int64_t vnodes = 100;
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
  std::int64_t seed = 16;
  std::int64_t servers = 10;
  std::int64_t keys = 100000;
  std::vector<std::int64_t> vnodes{1, 10, 100, 1000};
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
  std::int64_t seed = 16;
  std::int64_t keys = 10000;
  std::int64_t servers = 5;
  std::int64_t remove = 2;
  std::int64_t buckets = 10;
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
