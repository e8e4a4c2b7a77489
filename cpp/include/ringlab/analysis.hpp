// Analysis (docs/algorithms.md#analysis): movement between placements, load statistics, the theory curves, the
// cache what-if and hot keys under Zipf traffic.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ringlab/ring.hpp"

namespace ringlab {

// --- Movement -----------------------------------------------------------------------------
// Two placements of the same keys, as server ids in one id space (e.g. indices into the union
// of the server lists before and after). `is_new[id]` marks servers that were not there before.
struct Flow {
  std::uint32_t from;
  std::uint32_t to;
  std::uint64_t keys;
  friend bool operator==(const Flow&, const Flow&) = default;
};
struct Movement {
  std::uint64_t keys = 0;
  std::uint64_t moved = 0;
  std::uint64_t moved_to_new = 0;
  std::uint64_t moved_between_old = 0;  // moved - moved_to_new: what a good scheme avoids
  std::vector<Flow> flows;              // the from -> to matrix, non-zero cells off the diagonal, sorted
};
// Throws Error(invalid_argument) when the placements differ in length or an id is outside is_new.
[[nodiscard]] Movement movement(std::span<const std::uint32_t> before, std::span<const std::uint32_t> after,
                                const std::vector<bool>& is_new);

// --- Load ---------------------------------------------------------------------------------
struct LoadStats {
  double min = 0;
  double max = 0;
  double mean = 0;
  double sd = 0;  // population standard deviation (divide by N), as published
  double max_over_mean = 0;
  double sd_over_mean = 0;
};
// Throws Error(invalid_argument) for an empty list.
[[nodiscard]] LoadStats load_stats(std::span<const std::uint32_t> loads);
// The same for loads that are not whole (keys per unit of weight, say).
[[nodiscard]] LoadStats load_stats(std::span<const double> loads);
// Keys per server index, for a placement over `servers` servers.
[[nodiscard]] std::vector<std::uint32_t> loads_of(std::span<const std::uint32_t> placement, std::uint32_t servers);

// --- Theory -------------------------------------------------------------------------------
// Server counts n, m and vnodes v are 1 .. 2^32 - 1 (the table's theory_n, theory_m, theory_v),
// H's n 0 .. 2^32 - 1, a target finite and > 0; other values throw Error(out_of_range).
// sd/mean of one server's share of a ring of N servers x V random points: sqrt((N-1)/(N V + 1)).
[[nodiscard]] double theory_sd_over_mean(std::int64_t servers, std::int64_t vnodes);
// V for a target sd/mean c: ((N-1)/c^2 - 1)/N (may be < 1: any V meets the target).
[[nodiscard]] double theory_vnodes_for(std::int64_t servers, double target);
// H_N = 1 + 1/2 + ... + 1/N: with V = 1 the largest arc is about H_N times the mean.
[[nodiscard]] double harmonic(std::int64_t n);
// The fraction of hash values that keep their server from mod n to mod m: min(n,m)/lcm(n,m).
[[nodiscard]] double mod_n_kept_fraction(std::int64_t n, std::int64_t m);
// The least any scheme must move going from n to m servers: |m - n| / max(n, m).
[[nodiscard]] double minimum_moved_fraction(std::int64_t n, std::int64_t m);

// --- Cache what-if ------------------------------------------------------------------------
struct CacheWhatIf {
  double hit_before = 0;
  double moved = 0;          // fraction of keys that changed server
  double hit_after = 0;      // h (1 - f)
  double db_multiplier = 0;  // (1 - h (1 - f)) / (1 - h)
};
// hit ratio h in [0, 1), moved fraction f in [0, 1] (the table's hit_ratio, moved_fraction).
// Throws Error(out_of_range) otherwise.
[[nodiscard]] CacheWhatIf cache_what_if(double hit_ratio, double moved_fraction);

// --- Hot keys -----------------------------------------------------------------------------
// Requests drawn from Zipf(s) over the course's keys for `seed` (rank r = 0, 1, ... has weight
// 1/(r+1)^s), with a second generator Mulberry32(seed + 1) drawing the requests by inverse CDF.
// The `hot` hottest keys may be spread over `copies` copies: a request for one goes to the copy
// "key#c", c = 1 + (request number mod copies), round robin.
// Ranges and defaults: the table's hot_keys_* entries; hot x copies is at most kMaxHotCopies.
struct HotKeyParams {
  std::int64_t seed = param(Param::hot_keys_seed).default_integer;
  std::int64_t keys = param(Param::hot_keys_keys).default_integer;
  std::int64_t requests = param(Param::hot_keys_requests).default_integer;
  double s = param(Param::hot_keys_s).default_number;                   // Zipf exponent, finite and >= 0
  std::int64_t hot = param(Param::hot_keys_hot).default_integer;        // how many of the hottest keys are spread
  std::int64_t copies = param(Param::hot_keys_copies).default_integer;  // 1: not spread
};
struct HotKeyResult {
  std::vector<std::uint64_t> requests_per_server;
  std::uint64_t hottest_key_requests = 0;
  std::uint32_t hottest_server = 0;
  double max_over_mean = 0;
};
[[nodiscard]] HotKeyResult hot_keys(const Ring& ring, const HotKeyParams& params);

}  // namespace ringlab
