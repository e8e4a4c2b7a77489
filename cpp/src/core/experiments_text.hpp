// The experiments' reports and checks, apart from their per-key loops: experiments.cpp runs the
// loops (compiled for speed), experiments_text.cpp words the results and validates the parameters
// (once per run; the WebAssembly module compiles it for size).
#pragma once

#include <cstdint>
#include <string>

#include "ringlab/experiments.hpp"

namespace ringlab::experiments_text {

// The three lines of ring-vs-mod's report.
[[nodiscard]] std::string ring_vs_mod(const RingVsModResult& r);
// vnode-sweep's header line, one row's line (sd_pct: 100 * sd / average), and its last line.
[[nodiscard]] std::string vnode_sweep_header();
[[nodiscard]] std::string vnode_sweep_row(const VnodeSweepRow& row, std::int64_t v, double sd_pct);
[[nodiscard]] std::string vnode_sweep_footer(double average);
// hrw-jump's three lines, for ns servers S0..S{ns-1} and b buckets before growing.
[[nodiscard]] std::string hrw_jump(const HrwJumpResult& r, std::uint32_t ns, std::int32_t b);

}  // namespace ringlab::experiments_text
