#include "ringlab/analysis.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <string>

#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/random.hpp"

namespace ringlab {

Movement movement(std::span<const std::uint32_t> before, std::span<const std::uint32_t> after,
                  const std::vector<bool>& is_new) {
  if (before.size() != after.size())
    throw Error(ErrorCode::invalid_argument, "the two placements must place the same keys");
  Movement m;
  m.keys = before.size();
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> cells;
  for (std::size_t k = 0; k < before.size(); ++k) {
    const std::uint32_t a = before[k];
    const std::uint32_t b = after[k];
    if (a >= is_new.size() || b >= is_new.size())
      throw Error(ErrorCode::invalid_argument, "a placement names a server id outside the id space");
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
  if (loads.empty()) throw Error(ErrorCode::invalid_argument, "load statistics need at least one server");
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
    if (s >= servers) throw Error(ErrorCode::invalid_argument, "a placement names a server outside the list");
    ++loads[s];
  }
  return loads;
}

namespace {
void check_servers(std::uint32_t n) {
  if (n < 1) throw Error(ErrorCode::out_of_range, "servers must be >= 1");
}
}  // namespace

double theory_sd_over_mean(std::uint32_t servers, std::uint32_t vnodes) {
  check_servers(servers);
  if (vnodes < 1) throw Error(ErrorCode::out_of_range, "vnodes must be >= 1");
  const double n = servers;
  return std::sqrt((n - 1) / (n * vnodes + 1));
}

double theory_vnodes_for(std::uint32_t servers, double target) {
  check_servers(servers);
  if (!(target > 0) || !std::isfinite(target)) throw Error(ErrorCode::out_of_range, "target must be finite and > 0");
  const double n = servers;
  return ((n - 1) / (target * target) - 1) / n;
}

double harmonic(std::uint32_t n) {
  double h = 0;
  for (std::uint32_t i = 1; i <= n; ++i) h += 1.0 / i;
  return h;
}

double mod_n_kept_fraction(std::uint32_t n, std::uint32_t m) {
  check_servers(n);
  check_servers(m);
  const std::uint64_t lcm = static_cast<std::uint64_t>(n) / std::gcd(n, m) * m;
  return static_cast<double>(std::min(n, m)) / static_cast<double>(lcm);
}

double minimum_moved_fraction(std::uint32_t n, std::uint32_t m) {
  check_servers(n);
  check_servers(m);
  return static_cast<double>(n > m ? n - m : m - n) / std::max(n, m);
}

CacheWhatIf cache_what_if(double hit_ratio, double moved_fraction) {
  if (!(hit_ratio >= 0 && hit_ratio < 1)) throw Error(ErrorCode::out_of_range, "hit ratio must be in [0, 1)");
  if (!(moved_fraction >= 0 && moved_fraction <= 1))
    throw Error(ErrorCode::out_of_range, "moved fraction must be in [0, 1]");
  CacheWhatIf w;
  w.hit_before = hit_ratio;
  w.moved = moved_fraction;
  w.hit_after = hit_ratio * (1 - moved_fraction);
  w.db_multiplier = (1 - w.hit_after) / (1 - hit_ratio);
  return w;
}

HotKeyResult hot_keys(const Ring& ring, const HotKeyParams& p) {
  if (p.keys < 1) throw Error(ErrorCode::out_of_range, "hot keys need at least one key");
  if (p.keys > 10'000'000) throw Error(ErrorCode::limit_exceeded, "at most 10000000 keys");
  if (p.requests > 100'000'000) throw Error(ErrorCode::limit_exceeded, "at most 100000000 requests");
  if (!(p.s >= 0) || !std::isfinite(p.s)) throw Error(ErrorCode::out_of_range, "the Zipf exponent must be finite and >= 0");
  if (p.copies < 1) throw Error(ErrorCode::out_of_range, "copies must be >= 1");
  if (p.hot > p.keys) throw Error(ErrorCode::out_of_range, "hot must be at most the number of keys");
  // The keys and where each (and each copy of a hot key) lives.
  CourseKeys keys(p.seed);
  std::vector<std::uint32_t> home(p.keys);
  std::vector<std::vector<std::uint32_t>> copy_home(p.hot);
  for (std::uint32_t k = 0; k < p.keys; ++k) {
    const std::string key = keys.next();
    home[k] = ring.owner(h32_bytes(key));
    if (k < p.hot) {
      for (std::uint32_t c = 1; c <= p.copies && p.copies > 1; ++c)
        copy_home[k].push_back(ring.owner(Fnv1a{}.bytes(key).unit(u'#').decimal(c).finish()));
    }
  }
  // Zipf CDF over ranks.
  std::vector<double> cdf(p.keys);
  double total = 0;
  for (std::uint32_t r = 0; r < p.keys; ++r) cdf[r] = total += 1.0 / std::pow(r + 1.0, p.s);
  HotKeyResult out;
  out.requests_per_server.assign(ring.servers().size(), 0);
  std::vector<std::uint64_t> per_key_requests(p.hot, 0);
  Mulberry32 traffic(p.seed == kMaxSafeInteger ? -kMaxSafeInteger : p.seed + 1);
  for (std::uint64_t q = 0; q < p.requests; ++q) {
    const double u = traffic.next() * total;
    const auto rank = static_cast<std::uint32_t>(
        std::min<std::size_t>(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin(), p.keys - 1));
    std::uint32_t server = home[rank];
    if (rank == 0) ++out.hottest_key_requests;
    if (rank < p.hot) {
      const std::uint64_t nth = per_key_requests[rank]++;
      if (p.copies > 1) server = copy_home[rank][nth % p.copies];
    }
    ++out.requests_per_server[server];
  }
  const auto top = std::max_element(out.requests_per_server.begin(), out.requests_per_server.end());
  out.hottest_server = static_cast<std::uint32_t>(top - out.requests_per_server.begin());
  const double mean = static_cast<double>(p.requests) / static_cast<double>(out.requests_per_server.size());
  out.max_over_mean = static_cast<double>(*top) / mean;
  return out;
}

}  // namespace ringlab
