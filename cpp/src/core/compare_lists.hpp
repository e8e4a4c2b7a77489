// What compare's rows (compare.cpp) and the newer bucket hashers' rows (compare_newer.cpp) share:
// the scenario's checks, its lists before and after the change, and how a row is measured: one
// definition of each. Functions of internal linkage, so that each source has a copy of its own,
// inlined where it is called once: the main WebAssembly module, which has compare but not the
// newer rows, compiles compare as it did before they came, within its page budget.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "compare_place.hpp"
#include "parallel.hpp"
#include "ringlab/analysis.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/error.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/params.hpp"
#include "ringlab/ring.hpp"

namespace ringlab::compare_detail {

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

[[maybe_unused]] static Lists make_lists(const Scenario& sc) {
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
  if (found < 0) throw Error(ErrorCode::unknown_server, rule::notInScenario, "change", {utf8_for_message(c.name)});
  l.changed = static_cast<std::uint32_t>(found);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (c.kind != ChangeKind::weight && i == found) continue;
    Server s = sc.servers[i];
    if (c.kind == ChangeKind::weight && i == found) s.weight = c.weight;
    l.after.push_back(s);
    l.after_ids.push_back(i);
  }
  if (l.after.empty()) throw Error(ErrorCode::out_of_range, rule::noServerLeft, "change");
  l.touched.assign(n, 0);
  l.touched[*l.changed] = 1;
  return l;
}

[[maybe_unused]] static bool uniform_weights(const std::vector<Server>& servers) {
  return std::all_of(servers.begin(), servers.end(), [&](const Server& s) { return s.weight == servers[0].weight; });
}

// Fills a row from what moved and the loads after, over `keys` keys.
[[maybe_unused]] static void measure(ComparisonRow& row, const Tally& t, std::uint64_t keys, const Lists& l) {
  const double k = keys == 0 ? 1 : static_cast<double>(keys);
  row.moved = static_cast<double>(t.moved) / k;
  row.moved_to_new = static_cast<double>(t.moved_to_new) / k;
  row.moved_between_old = static_cast<double>(t.moved - t.moved_to_new) / k;
  row.moved_needlessly = static_cast<double>(t.moved_needlessly) / k;
  // A server of weight 2 is meant to carry twice the keys: judge evenness per unit of weight.
  std::vector<double> loads(l.after.size(), 0);
  for (std::size_t i = 0; i < loads.size(); ++i)
    loads[i] = static_cast<double>(t.loads[l.after_ids[i]]) / l.after[i].weight;
  const LoadStats s = load_stats(loads);
  row.max_over_mean = keys == 0 ? 0 : s.max_over_mean;
  row.sd_over_mean = keys == 0 ? 0 : s.sd_over_mean;
}

// Every check compare() makes, in its order, before anything is built (Error for the first that
// fails), and the scenario's lists: the newer rows check a scenario with it too, so a scenario is
// refused alike whichever rows are asked for.
[[maybe_unused]] static Lists check_scenario(const Scenario& sc) {
  // Every value first, the cheap ones before the lists; nothing is built until all pass.
  check_integer(Param::compare_servers, static_cast<std::int64_t>(sc.servers.size()));
  check_integer(Param::compare_vnodes, sc.vnodes);
  check_integer(Param::compare_seed, sc.seed);
  check_integer(Param::compare_keys, sc.keys);
  check_change_weight(sc.change.weight);
  check_number(Param::compare_epsilon, sc.epsilon);
  (void)thread_count(sc.threads);
  for (const Server& s : sc.servers) check_number(Param::weight, s.weight);
  Lists l = make_lists(sc);
  check_maglev_table_size(Param::compare_table_size, sc.table_size,
                          static_cast<std::int64_t>(std::max(l.before.size(), l.after.size())));
  const auto vnodes = static_cast<std::uint32_t>(sc.vnodes);
  for (const auto* list : {&l.before, &l.after}) {  // the rings' sizes, before they are built
    std::uint64_t points = 0;
    for (const Server& s : *list) points += points_for_weight(vnodes, s.weight);
    check_ring_points(points);
  }
  return l;
}

}  // namespace ringlab::compare_detail
