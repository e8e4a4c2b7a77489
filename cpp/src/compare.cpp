#include "ringlab/compare.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <optional>
#include <string>

#include "ringlab/analysis.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/params.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"

namespace ringlab {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// The server lists before and after the change, in one id space: ids 0..n-1 are the servers
// before; an added server gets id n.
struct Lists {
  std::vector<Server> before;
  std::vector<Server> after;
  std::vector<std::uint32_t> after_ids;  // id of each server in `after`
  std::vector<bool> is_new;              // per id
  std::optional<std::uint32_t> changed;  // id of the removed/failed/reweighted server
};

Lists make_lists(const Scenario& sc) {
  Lists l;
  l.before = sc.servers;
  const auto n = static_cast<std::uint32_t>(sc.servers.size());
  l.is_new.assign(n, false);
  const Change& c = sc.change;
  if (c.kind == ChangeKind::add) {
    Server s{c.name.empty() ? default_server_name(n) : c.name, c.weight, u""};
    l.after = l.before;
    l.after.push_back(s);
    for (std::uint32_t i = 0; i <= n; ++i) l.after_ids.push_back(i);
    l.is_new.push_back(true);
    return l;
  }
  std::int64_t found = -1;
  for (std::uint32_t i = 0; i < n; ++i)
    if (sc.servers[i].name == c.name) found = i;
  if (found < 0)
    throw Error(ErrorCode::unknown_server,
                "the change names server \"" + utf8_for_message(c.name) + "\", which is not in the scenario");
  l.changed = static_cast<std::uint32_t>(found);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (c.kind != ChangeKind::weight && i == found) continue;
    Server s = sc.servers[i];
    if (c.kind == ChangeKind::weight && i == found) s.weight = c.weight;
    l.after.push_back(s);
    l.after_ids.push_back(i);
  }
  if (l.after.empty()) throw Error(ErrorCode::out_of_range, "the change would leave no server");
  return l;
}

bool uniform_weights(const std::vector<Server>& servers) {
  return std::all_of(servers.begin(), servers.end(), [&](const Server& s) { return s.weight == servers[0].weight; });
}

std::vector<WeightedServer> weighted(const std::vector<Server>& servers) {
  std::vector<WeightedServer> out;
  for (const Server& s : servers) out.push_back({s.name, s.weight});
  return out;
}
std::vector<Backend> backends(const std::vector<Server>& servers) {
  std::vector<Backend> out;
  for (const Server& s : servers) out.push_back({s.name, s.weight});
  return out;
}

// Fills a row from the two placements (ids) and the loads after.
void measure(ComparisonRow& row, const std::vector<std::uint32_t>& before, const std::vector<std::uint32_t>& after,
             const Lists& l) {
  const Movement m = movement(before, after, l.is_new);
  const double k = before.empty() ? 1 : static_cast<double>(before.size());
  row.moved = static_cast<double>(m.moved) / k;
  row.moved_to_new = static_cast<double>(m.moved_to_new) / k;
  row.moved_between_old = static_cast<double>(m.moved_between_old) / k;
  std::vector<double> loads(l.after.size(), 0);
  std::vector<std::int64_t> slot(l.is_new.size(), -1);
  for (std::size_t i = 0; i < l.after_ids.size(); ++i) slot[l.after_ids[i]] = static_cast<std::int64_t>(i);
  for (std::uint32_t id : after) ++loads[static_cast<std::size_t>(slot[id])];
  // A server of weight 2 is meant to carry twice the keys: judge evenness per unit of weight.
  for (std::size_t i = 0; i < loads.size(); ++i) loads[i] /= l.after[i].weight;
  const LoadStats s = load_stats(loads);
  row.max_over_mean = before.empty() ? 0 : s.max_over_mean;
  row.sd_over_mean = before.empty() ? 0 : s.sd_over_mean;
}

}  // namespace

std::vector<Server> compare_servers(std::int64_t count) {
  return default_servers(static_cast<std::uint32_t>(check_integer(Param::compare_servers, count)));
}

std::vector<ComparisonRow> compare(const Scenario& sc) {
  // Every value first, the cheap ones before the lists; nothing is computed until all pass.
  check_integer(Param::compare_servers, static_cast<std::int64_t>(sc.servers.size()));
  check_integer(Param::compare_vnodes, sc.vnodes);
  check_integer(Param::compare_seed, sc.seed);
  const auto key_count = static_cast<std::uint32_t>(check_integer(Param::compare_keys, sc.keys));
  check_change_weight(sc.change.weight);
  check_number(Param::compare_epsilon, sc.epsilon);
  for (const Server& s : sc.servers) check_number(Param::weight, s.weight);
  const Lists l = make_lists(sc);
  check_maglev_table_size(Param::compare_table_size, sc.table_size,
                          static_cast<std::int64_t>(std::max(l.before.size(), l.after.size())));
  const auto vnodes = static_cast<std::uint32_t>(sc.vnodes);
  const auto table_size = static_cast<std::uint32_t>(sc.table_size);
  for (const auto* list : {&l.before, &l.after}) {  // the rings' sizes, before they are built
    std::uint64_t points = 0;
    for (const Server& s : *list) points += points_for_weight(vnodes, s.weight);
    check_ring_points(points);
  }

  // The keys: their text (for rendezvous) as FNV prefix states, and their hashes.
  std::vector<std::uint32_t> numbers(key_count);
  std::vector<std::uint32_t> hashes(key_count);
  {
    CourseKeys keys(sc.seed);
    char buf[16];
    for (std::uint32_t k = 0; k < key_count; ++k) {
      numbers[k] = keys.next_number();
      hashes[k] = Fnv1a{}.bytes(std::string_view(buf, format_key(numbers[k], buf))).finish();
    }
  }
  auto rendezvous_prefix_of = [&](std::uint32_t k) {
    char buf[16];
    return Fnv1a{}.bytes(std::string_view(buf, format_key(numbers[k], buf))).unit(u'|');
  };
  const auto to_ids = [&](std::vector<std::uint32_t> placement, bool is_after) {
    if (is_after)
      for (auto& p : placement) p = l.after_ids[p];
    return placement;
  };

  std::vector<ComparisonRow> rows;
  const bool weights_uniform = uniform_weights(l.before) && uniform_weights(l.after);

  {  // Ring with virtual nodes (weighted).
    ComparisonRow row{.algorithm = "ring"};
    const Ring before(l.before, vnodes);
    const auto t0 = Clock::now();
    const Ring after(l.after, vnodes);
    row.build_ms = ms_since(t0);
    row.memory_bytes = after.memory_bytes();
    std::vector<std::uint32_t> a(key_count), b(key_count);
    for (std::uint32_t k = 0; k < key_count; ++k) a[k] = before.owner(hashes[k]), b[k] = after.owner(hashes[k]);
    measure(row, to_ids(a, false), to_ids(b, true), l);
    rows.push_back(row);
  }
  {  // Rendezvous (weighted when weights differ; with equal weights it is plain HRW).
    ComparisonRow row{.algorithm = "rendezvous"};
    const WeightedRendezvous before(weighted(l.before));
    const auto t0 = Clock::now();
    const WeightedRendezvous after(weighted(l.after));
    row.build_ms = ms_since(t0);
    for (const Server& s : l.after) row.memory_bytes += s.name.size() * sizeof(char16_t) + sizeof(double);
    const Rendezvous plain_before([&] {
      std::vector<std::u16string> v;
      for (auto& s : l.before) v.push_back(s.name);
      return v;
    }());
    const Rendezvous plain_after([&] {
      std::vector<std::u16string> v;
      for (auto& s : l.after) v.push_back(s.name);
      return v;
    }());
    std::vector<std::uint32_t> a(key_count), b(key_count);
    for (std::uint32_t k = 0; k < key_count; ++k) {
      const Fnv1a prefix = rendezvous_prefix_of(k);
      a[k] =
          static_cast<std::uint32_t>(weights_uniform ? plain_before.pick_prefix(prefix) : before.pick_prefix(prefix));
      b[k] = static_cast<std::uint32_t>(weights_uniform ? plain_after.pick_prefix(prefix) : after.pick_prefix(prefix));
    }
    measure(row, to_ids(a, false), to_ids(b, true), l);
    rows.push_back(row);
  }
  {  // Jump: buckets are list positions; only the last bucket can come or go.
    ComparisonRow row{.algorithm = "jump"};
    const auto n = static_cast<std::uint32_t>(l.before.size());
    const Change& c = sc.change;
    if (!weights_uniform) {
      row.supported = false;
      row.reason = "jump has no weights";
    } else if (c.kind != ChangeKind::add && *l.changed != n - 1) {
      row.supported = false;
      row.reason = "jump can only remove the last bucket";
    } else {
      const auto m = static_cast<std::int32_t>(l.after.size());
      std::vector<std::uint32_t> a(key_count), b(key_count);
      for (std::uint32_t k = 0; k < key_count; ++k) {
        a[k] = static_cast<std::uint32_t>(jump_unchecked(hashes[k], static_cast<std::int32_t>(n)));
        b[k] = static_cast<std::uint32_t>(jump_unchecked(hashes[k], m));
      }
      measure(row, to_ids(a, false), to_ids(b, true), l);
    }
    rows.push_back(row);
  }
  {  // Maglev (weighted fill).
    ComparisonRow row{.algorithm = "maglev"};
    const Maglev before(backends(l.before), table_size);
    const auto t0 = Clock::now();
    const Maglev after(backends(l.after), table_size);
    row.build_ms = ms_since(t0);
    row.memory_bytes = after.memory_bytes();
    std::vector<std::uint32_t> a(key_count), b(key_count);
    for (std::uint32_t k = 0; k < key_count; ++k) a[k] = before.lookup(hashes[k]), b[k] = after.lookup(hashes[k]);
    measure(row, to_ids(a, false), to_ids(b, true), l);
    rows.push_back(row);
  }
  {  // Bounded loads on the ring.
    ComparisonRow row{.algorithm = "bounded"};
    const Ring before(l.before, vnodes);
    const auto t0 = Clock::now();
    const Ring after(l.after, vnodes);
    const BoundedPlacement pb = place_bounded(after, hashes, sc.epsilon);
    row.build_ms = ms_since(t0);
    row.memory_bytes = after.memory_bytes() + 2 * l.after.size() * sizeof(std::uint32_t);
    const BoundedPlacement pa = place_bounded(before, hashes, sc.epsilon);
    measure(row, to_ids(pa.servers, false), to_ids(pb.servers, true), l);
    rows.push_back(row);
  }
  {  // mod-N over the list positions.
    ComparisonRow row{.algorithm = "mod-n"};
    if (!weights_uniform) {
      row.supported = false;
      row.reason = "mod-N has no weights";
    } else {
      const auto n = static_cast<std::uint32_t>(l.before.size());
      const auto m = static_cast<std::uint32_t>(l.after.size());
      std::vector<std::uint32_t> a(key_count), b(key_count);
      for (std::uint32_t k = 0; k < key_count; ++k) a[k] = hashes[k] % n, b[k] = hashes[k] % m;
      measure(row, to_ids(a, false), to_ids(b, true), l);
    }
    rows.push_back(row);
  }
  return rows;
}

std::string comparison_table(const std::vector<ComparisonRow>& rows) {
  auto pct = [](double f) { return js::to_fixed(100 * f, 1) + "%"; };
  std::string t = js::pad_end("algorithm", 12) + js::pad_start("moved", 8) + js::pad_start("to new", 8) +
                  js::pad_start("between", 9) + js::pad_start("max/mean", 10) + js::pad_start("sd/mean", 9) +
                  js::pad_start("memory", 11) + js::pad_start("build ms", 10) + "\n";
  for (const ComparisonRow& r : rows) {
    t += js::pad_end(r.algorithm, 12);
    if (!r.supported) {
      t += "  not supported: " + r.reason + "\n";
      continue;
    }
    t += js::pad_start(pct(r.moved), 8) + js::pad_start(pct(r.moved_to_new), 8) +
         js::pad_start(pct(r.moved_between_old), 9) + js::pad_start(js::to_fixed(r.max_over_mean, 3), 10) +
         js::pad_start(pct(r.sd_over_mean), 9) + js::pad_start(std::to_string(r.memory_bytes) + " B", 11) +
         js::pad_start(js::to_fixed(r.build_ms, 2), 10) + "\n";
  }
  return t;
}

std::string comparison_json(const std::vector<ComparisonRow>& rows) {
  std::string j = "[";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ComparisonRow& r = rows[i];
    auto num = [](double v) { return std::isfinite(v) ? js::number_to_string(v) : std::string("null"); };
    j += i ? ",\n " : "\n ";
    j += "{\"algorithm\":\"" + r.algorithm + "\",\"moved\":" + num(r.moved) + ",\"movedToNew\":" + num(r.moved_to_new) +
         ",\"movedBetweenOld\":" + num(r.moved_between_old) + ",\"maxOverMean\":" + num(r.max_over_mean) +
         ",\"sdOverMean\":" + num(r.sd_over_mean) + ",\"memoryBytes\":" + std::to_string(r.memory_bytes) +
         ",\"buildMs\":" + num(r.build_ms) + ",\"supported\":" + (r.supported ? "true" : "false");
    if (!r.supported) j += ",\"reason\":\"" + r.reason + "\"";
    j += "}";
  }
  j += "\n]\n";
  return j;
}

}  // namespace ringlab
