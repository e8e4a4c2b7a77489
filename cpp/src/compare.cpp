#include "ringlab/compare.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>

#include "compare_place.hpp"
#include "ringlab/analysis.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/error.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/params.hpp"
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
  std::vector<std::uint8_t> is_new;      // per id: the added server
  std::vector<std::uint8_t> touched;     // per id: the added, removed, failed or reweighted server
  std::optional<std::uint32_t> changed;  // id of the removed/failed/reweighted server
};

Lists make_lists(const Scenario& sc) {
  Lists l;
  l.before = sc.servers;
  const auto n = static_cast<std::uint32_t>(sc.servers.size());
  l.is_new.assign(n, 0);
  const Change& c = sc.change;
  if (c.kind == ChangeKind::add) {
    Server s{c.name.empty() ? default_server_name(n) : c.name, c.weight, u""};
    l.after = l.before;
    l.after.push_back(s);
    for (std::uint32_t i = 0; i <= n; ++i) l.after_ids.push_back(i);
    l.is_new.push_back(1);
    l.touched = l.is_new;
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
  l.touched.assign(n, 0);
  l.touched[*l.changed] = 1;
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
void measure(ComparisonRow& row, const compare_detail::Placement& p, const Lists& l) {
  const compare_detail::Tally t = compare_detail::tally(p, l.is_new, l.touched);
  const double k = p.before.empty() ? 1 : static_cast<double>(p.before.size());
  row.moved = static_cast<double>(t.moved) / k;
  row.moved_to_new = static_cast<double>(t.moved_to_new) / k;
  row.moved_between_old = static_cast<double>(t.moved - t.moved_to_new) / k;
  row.moved_needlessly = static_cast<double>(t.moved_needlessly) / k;
  // A server of weight 2 is meant to carry twice the keys: judge evenness per unit of weight.
  std::vector<double> loads(l.after.size(), 0);
  for (std::size_t i = 0; i < loads.size(); ++i)
    loads[i] = static_cast<double>(t.loads[l.after_ids[i]]) / l.after[i].weight;
  const LoadStats s = load_stats(loads);
  row.max_over_mean = p.before.empty() ? 0 : s.max_over_mean;
  row.sd_over_mean = p.before.empty() ? 0 : s.sd_over_mean;
}

}  // namespace

std::vector<Server> compare_servers(std::int64_t count) {
  return default_servers(static_cast<std::uint32_t>(check_integer(Param::compare_servers, count)));
}

std::vector<ComparisonRow> compare(const Scenario& sc, std::vector<RowPlacement>* placements) {
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

  // The keys: the FNV state of their text (rendezvous continues it with "|" and a name) and
  // their h32.
  const compare_detail::Keys keys = compare_detail::make_keys(sc.seed, key_count);
  const compare_detail::Ids ids{sc.change.kind, static_cast<std::uint32_t>(l.before.size()),
                                l.changed ? *l.changed : static_cast<std::uint32_t>(l.before.size()), l.after_ids};
  std::vector<ComparisonRow> rows;
  const auto finish = [&](ComparisonRow& row, compare_detail::Placement p) {
    measure(row, p, l);
    if (placements) placements->push_back({row.algorithm, std::move(p.before), std::move(p.after)});
    rows.push_back(row);
  };
  const auto unsupported = [&](ComparisonRow& row, const char* reason) {
    row.supported = false;
    row.reason = reason;
    if (placements) placements->push_back({row.algorithm, {}, {}});
    rows.push_back(row);
  };
  const bool weights_uniform = uniform_weights(l.before) && uniform_weights(l.after);

  {  // Ring with virtual nodes (weighted).
    ComparisonRow row{.algorithm = "ring"};
    const Ring before(l.before, vnodes);
    const auto t0 = Clock::now();
    const Ring after(l.after, vnodes);
    row.build_ms = ms_since(t0);
    row.memory_bytes = after.memory_bytes();
    finish(row, compare_detail::place_ring(before, after, keys.hashes, ids));
  }
  {  // Rendezvous (weighted when weights differ; with equal weights it is plain HRW).
    ComparisonRow row{.algorithm = "rendezvous"};
    const auto t0 = Clock::now();
    const WeightedRendezvous after(weighted(l.after));  // checks the names and weights
    row.build_ms = ms_since(t0);
    for (const Server& s : l.after) row.memory_bytes += s.name.size() * sizeof(char16_t) + sizeof(double);
    finish(row, compare_detail::place_rendezvous(l.before, l.after, !weights_uniform, keys.text, ids));
  }
  {  // Jump: buckets are list positions; only the last bucket can come or go.
    ComparisonRow row{.algorithm = "jump"};
    if (!weights_uniform) unsupported(row, "jump has no weights");
    else if (sc.change.kind != ChangeKind::add && *l.changed != l.before.size() - 1)
      unsupported(row, "jump can only remove the last bucket");
    else finish(row, compare_detail::place_jump(keys.hashes, ids));
  }
  {  // Maglev (weighted fill), each table built once.
    ComparisonRow row{.algorithm = "maglev"};
    const Maglev before(backends(l.before), table_size);
    const auto t0 = Clock::now();
    const Maglev after(backends(l.after), table_size);
    row.build_ms = ms_since(t0);
    row.memory_bytes = after.memory_bytes();
    finish(row, compare_detail::place_maglev(before, after, keys.hashes, ids));
  }
  {  // Bounded loads on the ring: a key's place depends on the keys before it, so every key is
     // placed again.
    ComparisonRow row{.algorithm = "bounded"};
    const Ring before(l.before, vnodes);
    const auto t0 = Clock::now();
    const Ring after(l.after, vnodes);
    BoundedPlacement pb = place_bounded(after, keys.hashes, sc.epsilon);
    row.build_ms = ms_since(t0);
    row.memory_bytes = after.memory_bytes() + 2 * l.after.size() * sizeof(std::uint32_t);
    BoundedPlacement pa = place_bounded(before, keys.hashes, sc.epsilon);
    finish(row, compare_detail::as_ids(std::move(pa.servers), std::move(pb.servers), ids));
  }
  {  // mod-N over the list positions.
    ComparisonRow row{.algorithm = "mod-n"};
    if (!weights_uniform) unsupported(row, "mod-N has no weights");
    else finish(row, compare_detail::place_mod_n(keys.hashes, ids));
  }
  return rows;
}

std::vector<ComparisonRow> compare(const Scenario& scenario) { return compare(scenario, nullptr); }

std::string comparison_table(const std::vector<ComparisonRow>& rows) {
  auto pct = [](double f) { return js::to_fixed(100 * f, 1) + "%"; };
  std::string t = js::pad_end("algorithm", 12) + js::pad_start("moved", 8) + js::pad_start("to new", 8) +
                  js::pad_start("between", 9) + js::pad_start("needless", 10) + js::pad_start("max/mean", 10) +
                  js::pad_start("sd/mean", 9) + js::pad_start("memory", 11) + js::pad_start("build ms", 10) + "\n";
  for (const ComparisonRow& r : rows) {
    t += js::pad_end(r.algorithm, 12);
    if (!r.supported) {
      t += "  not supported: " + r.reason + "\n";
      continue;
    }
    t += js::pad_start(pct(r.moved), 8) + js::pad_start(pct(r.moved_to_new), 8) +
         js::pad_start(pct(r.moved_between_old), 9) + js::pad_start(pct(r.moved_needlessly), 10) +
         js::pad_start(js::to_fixed(r.max_over_mean, 3), 10) + js::pad_start(pct(r.sd_over_mean), 9) +
         js::pad_start(std::to_string(r.memory_bytes) + " B", 11) + js::pad_start(js::to_fixed(r.build_ms, 2), 10) +
         "\n";
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
         ",\"movedBetweenOld\":" + num(r.moved_between_old) + ",\"movedNeedlessly\":" + num(r.moved_needlessly) +
         ",\"maxOverMean\":" + num(r.max_over_mean) + ",\"sdOverMean\":" + num(r.sd_over_mean) +
         ",\"memoryBytes\":" + std::to_string(r.memory_bytes) + ",\"buildMs\":" + num(r.build_ms) +
         ",\"supported\":" + (r.supported ? "true" : "false");
    if (!r.supported) j += ",\"reason\":\"" + r.reason + "\"";
    j += "}";
  }
  j += "\n]\n";
  return j;
}

}  // namespace ringlab
