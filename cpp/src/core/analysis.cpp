#include "ringlab/analysis.hpp"
#include "ringlab/once.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <string>

#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/js_math.hpp"
#include "ringlab/params.hpp"
#include "ringlab/random.hpp"

namespace ringlab {

Movement movement(std::span<const std::uint32_t> before, std::span<const std::uint32_t> after,
                  const std::vector<bool>& is_new) {
  if (before.size() != after.size()) throw Error(ErrorCode::invalid_argument, rule::placementsDiffer, "");
  Movement m;
  m.keys = before.size();
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> cells;
  for (std::size_t k = 0; k < before.size(); ++k) {
    const std::uint32_t a = before[k];
    const std::uint32_t b = after[k];
    if (a >= is_new.size() || b >= is_new.size()) throw Error(ErrorCode::invalid_argument, rule::idOutside, "");
    if (a == b) continue;
    ++m.moved;
    if (is_new[b]) ++m.moved_to_new;
    ++cells[{a, b}];
  }
  m.moved_between_old = m.moved - m.moved_to_new;
  m.flows.reserve(cells.size());
  for (const auto& [cell, keys] : cells) m.flows.push_back(Flow{cell.first, cell.second, keys});
  return m;
}

LoadStats load_stats(std::span<const std::uint32_t> loads) {
  const std::vector<double> as_double(loads.begin(), loads.end());
  return load_stats(std::span<const double>(as_double));
}

LoadStats load_stats(std::span<const double> loads) {
  if (loads.empty()) throw Error(ErrorCode::invalid_argument, rule::noLoads, "");
  LoadStats s;
  const double n = static_cast<double>(loads.size());
  double sum = 0;
  s.min = s.max = loads[0];
  for (double l : loads) {
    sum += l;
    s.min = std::min(s.min, l);
    s.max = std::max(s.max, l);
  }
  s.mean = sum / n;
  double sq = 0;
  for (double l : loads) sq += (l - s.mean) * (l - s.mean);
  s.sd = std::sqrt(sq / n);
  s.max_over_mean = s.max / s.mean;
  s.sd_over_mean = s.sd / s.mean;
  return s;
}

std::vector<std::uint32_t> loads_of(std::span<const std::uint32_t> placement, std::uint32_t servers) {
  std::vector<std::uint32_t> loads(servers, 0);
  for (std::uint32_t s : placement) {
    if (s >= servers) throw Error(ErrorCode::invalid_argument, rule::serverOutside, "");
    ++loads[s];
  }
  return loads;
}

double theory_sd_over_mean(std::int64_t servers, std::int64_t vnodes) {
  const auto n = static_cast<double>(check_integer(Param::theory_n, servers));
  const auto v = static_cast<double>(check_integer(Param::theory_v, vnodes));
  return std::sqrt((n - 1) / (n * v + 1));
}

double theory_vnodes_for(std::int64_t servers, double target) {
  const auto n = static_cast<double>(check_integer(Param::theory_n, servers));
  check_number(Param::theory_target, target);
  return ((n - 1) / (target * target) - 1) / n;
}

double harmonic(std::int64_t n) {
  const auto terms = static_cast<std::uint32_t>(check_integer(Param::harmonic_n, n));
  double h = 0;
  for (std::uint32_t i = 1; i <= terms && i != 0; ++i) h += 1.0 / i;
  return h;
}

double mod_n_kept_fraction(std::int64_t n64, std::int64_t m64) {
  const auto n = static_cast<std::uint32_t>(check_integer(Param::theory_n, n64));
  const auto m = static_cast<std::uint32_t>(check_integer(Param::theory_m, m64));
  const std::uint64_t lcm = static_cast<std::uint64_t>(n) / std::gcd(n, m) * m;
  return static_cast<double>(std::min(n, m)) / static_cast<double>(lcm);
}

double minimum_moved_fraction(std::int64_t n64, std::int64_t m64) {
  const auto n = static_cast<std::uint32_t>(check_integer(Param::theory_n, n64));
  const auto m = static_cast<std::uint32_t>(check_integer(Param::theory_m, m64));
  return static_cast<double>(n > m ? n - m : m - n) / std::max(n, m);
}

CacheWhatIf cache_what_if(double hit_ratio, double moved_fraction) {
  check_number(Param::hit_ratio, hit_ratio);
  check_number(Param::moved_fraction, moved_fraction);
  CacheWhatIf w;
  w.hit_before = hit_ratio;
  w.moved = moved_fraction;
  w.hit_after = hit_ratio * (1 - moved_fraction);
  w.db_multiplier = (1 - w.hit_after) / (1 - hit_ratio);
  return w;
}

RINGLAB_ONCE HotKeyResult hot_keys(const Ring& ring, const HotKeyParams& p) {
  check_integer(Param::hot_keys_seed, p.seed);
  const auto key_count = static_cast<std::uint32_t>(check_integer(Param::hot_keys_keys, p.keys));
  const auto requests = static_cast<std::uint64_t>(check_integer(Param::hot_keys_requests, p.requests));
  check_number(Param::hot_keys_s, p.s);
  const auto hot = static_cast<std::uint32_t>(check_integer(Param::hot_keys_hot, p.hot, 0, p.keys));
  const auto copies = static_cast<std::uint32_t>(check_integer(Param::hot_keys_copies, p.copies));
  // Each copy of each hot key has its place found up front: hot x copies is the memory.
  if (copies > 1 && p.hot * p.copies > kMaxHotCopies)
    throw Error(ErrorCode::limit_exceeded, rule::copiesCap, "", {p.hot * p.copies, kMaxHotCopies});
  // The keys and where each (and each copy of a hot key) lives.
  CourseKeys keys(p.seed);
  std::vector<std::uint32_t> home(key_count);
  std::vector<std::vector<std::uint32_t>> copy_home(hot);
  for (std::uint32_t k = 0; k < key_count; ++k) {
    const std::string key = keys.next();
    home[k] = ring.owner(h32_bytes(key));
    if (k < hot) {
      for (std::uint32_t c = 1; c <= copies && copies > 1; ++c)
        copy_home[k].push_back(ring.owner(Fnv1a{}.bytes(key).unit(u'#').decimal(c).finish()));
    }
  }
  // Zipf CDF over ranks: rank r's weight is (r + 1)^-s, computed as exp(−s · ln(r + 1)) with
  // js_math's functions, so that every build draws the same keys (a C library's pow differs in the
  // last bit between builds).
  std::vector<double> cdf(key_count);
  double total = 0;
  for (std::uint32_t r = 0; r < key_count; ++r) cdf[r] = total += js_math::exp(-p.s * js_math::log(r + 1.0));
  HotKeyResult out;
  out.requests_per_server.assign(ring.servers().size(), 0);
  std::vector<std::uint64_t> per_key_requests(hot, 0);
  Mulberry32 traffic(p.seed == kMaxSafeInteger ? -kMaxSafeInteger : p.seed + 1);
  for (std::uint64_t q = 0; q < requests; ++q) {
    const double u = traffic.next() * total;
    const auto rank = static_cast<std::uint32_t>(
        std::min<std::size_t>(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin(), key_count - 1));
    std::uint32_t server = home[rank];
    if (rank == 0) ++out.hottest_key_requests;
    if (rank < hot) {
      const std::uint64_t nth = per_key_requests[rank]++;
      if (copies > 1) server = copy_home[rank][nth % copies];
    }
    ++out.requests_per_server[server];
  }
  const auto top = std::max_element(out.requests_per_server.begin(), out.requests_per_server.end());
  out.hottest_server = static_cast<std::uint32_t>(top - out.requests_per_server.begin());
  const double mean = static_cast<double>(requests) / static_cast<double>(out.requests_per_server.size());
  out.max_over_mean = static_cast<double>(*top) / mean;
  return out;
}

}  // namespace ringlab
