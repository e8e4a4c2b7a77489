#include "experiments_text.hpp"
#include "ringlab/once.hpp"

#include <string>

#include "ringlab/error.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/params.hpp"
#include "ringlab/ring.hpp"

namespace ringlab {
namespace {

// Both values are in range already, so the product fits.
void check_points(std::int64_t servers, std::int64_t vnodes) {
  check_ring_points(static_cast<std::uint64_t>(servers * vnodes));
}

std::string str(std::int64_t v) { return std::to_string(v); }

// (100 * c / keys).toFixed(1) + "%": the multiply first, then the divide, in doubles.
std::string percent(double count, double keys) { return js::to_fixed(100 * count / keys, 1) + "%"; }

}  // namespace

void validate(const RingVsModParams& p) {
  check_integer(Param::ring_vs_mod_seed, p.seed);
  check_integer(Param::ring_vs_mod_keys, p.keys);
  check_integer(Param::ring_vs_mod_servers, p.servers);
  check_integer(Param::ring_vs_mod_vnodes, p.vnodes);
  check_points(p.servers + 1, p.vnodes);
  if (p.threads) check_integer(Param::threads, *p.threads);
}

void validate(const VnodeSweepParams& p) {
  check_integer(Param::vnode_sweep_seed, p.seed);
  check_integer(Param::vnode_sweep_servers, p.servers);
  check_integer(Param::vnode_sweep_keys, p.keys);
  check_list(Param::vnode_sweep_vnodes, p.vnodes);
  for (std::int64_t v : p.vnodes) check_points(p.servers, v);
  if (p.threads) check_integer(Param::threads, *p.threads);
}

void validate(const HrwJumpParams& p) {
  check_integer(Param::hrw_jump_seed, p.seed);
  check_integer(Param::hrw_jump_keys, p.keys);
  check_integer(Param::hrw_jump_servers, p.servers);
  check_integer(Param::hrw_jump_remove, p.remove, 0, p.servers - 1);
  check_integer(Param::hrw_jump_buckets, p.buckets);
  if (p.keys * p.servers > kMaxHrwWork)
    throw Error(ErrorCode::limit_exceeded, rule::scoresCap, "", {p.keys * p.servers, kMaxHrwWork});
  if (p.threads) check_integer(Param::threads, *p.threads);
}

namespace experiments_text {

RINGLAB_ONCE std::string ring_vs_mod(const RingVsModResult& r) {
  const double kd = static_cast<double>(r.keys);
  const std::uint32_t n = r.servers_before;
  const std::uint32_t m = r.servers_after;
  std::string t;
  t += "mod-N  moved " + percent(r.mod_moved, kd) + "   to new server " + percent(r.mod_moved_to_new, kd) +
       "   between old servers " + percent(r.mod_moved - r.mod_moved_to_new, kd) + "\n";
  t += "ring   moved " + percent(r.ring_moved, kd) + "   to new server " + percent(r.ring_moved_to_new, kd) +
       "   between old servers " + percent(r.ring_moved - r.ring_moved_to_new, kd) + "\n";
  t += "theory mod-N 1 - 1/" + str(m) + " = " + js::to_fixed(100.0 * n / m, 1) + "%, minimum possible 1/" + str(m) +
       " = " + js::to_fixed(100.0 / m, 1) + "%\n";
  return t;
}

std::string vnode_sweep_header() { return "V      points    min    max  std dev  max/avg  sd/avg\n"; }

RINGLAB_ONCE std::string vnode_sweep_row(const VnodeSweepRow& row, std::int64_t v, double sd_pct) {
  return js::pad_end(str(v), 6) + js::pad_start(str(static_cast<std::int64_t>(row.points)), 7) +
         js::pad_start(str(row.min), 7) + js::pad_start(str(row.max), 7) + js::pad_start(js::to_fixed(row.sd, 0), 9) +
         js::pad_start(js::to_fixed(row.max_over_avg, 2), 9) + js::pad_start(js::to_fixed(sd_pct, 1) + "%", 8) + "\n";
}

std::string vnode_sweep_footer(double average) {
  return "average per server = " + js::number_to_string(average) + " keys\n";
}

RINGLAB_ONCE std::string hrw_jump(const HrwJumpResult& r, std::uint32_t ns, std::int32_t b) {
  const double kd = static_cast<double>(r.keys);
  const std::string gone = std::string("S").append(str(r.removed));
  std::string t;
  t += "HRW, " + str(ns) + " servers:";
  for (std::uint32_t s = 0; s < ns; ++s)
    t += " S" + str(s) + "=" + (r.counts[s] ? str(*r.counts[s]) : std::string("undefined"));
  t += "\n";
  t += "HRW, " + gone + " removed: moved " + js::to_fixed(100.0 * r.hrw_moved / kd, 1) + "%, moved but not from " +
       gone + ": " + str(r.hrw_moved_not_from_removed) + "\n";
  t += "jump " + str(b) + " -> " + str(b + 1) + ": moved " + js::to_fixed(100.0 * r.jump_moved / kd, 1) +
       "% (ideal 1/" + str(b + 1) + " = " + js::to_fixed(100.0 / (b + 1), 1) + "%), not to bucket " + str(b) + ": " +
       str(r.jump_moved_not_to_new) + "\n";
  return t;
}

}  // namespace experiments_text
}  // namespace ringlab
