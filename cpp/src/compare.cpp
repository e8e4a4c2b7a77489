#include "ringlab/compare.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "compare_place.hpp"
#include "parallel.hpp"
#include "ringlab/analysis.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/error.hpp"
#include "ringlab/jsfmt.hpp"
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

// Fills a row from what moved and the loads after, over `keys` keys.
void measure(ComparisonRow& row, const compare_detail::Tally& t, std::uint64_t keys, const Lists& l) {
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

// The rows, in their order.
enum Row : std::size_t { kRing, kRendezvous, kJump, kMaglev, kBounded, kModN, kRows };

// Keys per chunk: the unit of work a thread takes, and of the memory a run holds per thread.
constexpr std::uint32_t kChunk = 1u << 16;

}  // namespace

std::vector<Server> compare_servers(std::int64_t count) {
  return default_servers(static_cast<std::uint32_t>(check_integer(Param::compare_servers, count)));
}

namespace {

// Receives each row's placements, chunk by chunk (for tests). Only compare() with placements
// makes one, so a program that never asks for placements (the WebAssembly module) links none of
// this code. chunk() is called from several threads at once, for different keys.
struct Keeper {
  std::vector<RowPlacement>* out;
  void (*start)(std::vector<RowPlacement>* out, const std::vector<ComparisonRow>& rows, std::uint32_t keys);
  void (*chunk)(std::vector<RowPlacement>* out, std::size_t row, std::uint64_t first,
                const compare_detail::Placement& p);
};

// The keys are made and placed a chunk at a time, each chunk by whichever thread is free, and
// each thread adds what moved into totals of its own; nothing is kept per key of the whole run.
// Bounded loads places keys in order against capacities, so its rows come from one task that
// walks the chunks in order, beside the others.
std::vector<ComparisonRow> compare_rows(const Scenario& sc, const Keeper* keeper) {
  // Every value first, the cheap ones before the lists; nothing is computed until all pass.
  check_integer(Param::compare_servers, static_cast<std::int64_t>(sc.servers.size()));
  check_integer(Param::compare_vnodes, sc.vnodes);
  check_integer(Param::compare_seed, sc.seed);
  const auto key_count = static_cast<std::uint32_t>(check_integer(Param::compare_keys, sc.keys));
  check_change_weight(sc.change.weight);
  check_number(Param::compare_epsilon, sc.epsilon);
  const unsigned threads = thread_count(sc.threads);
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

  const compare_detail::Ids ids{sc.change.kind, static_cast<std::uint32_t>(l.before.size()),
                                l.changed ? *l.changed : static_cast<std::uint32_t>(l.before.size()), l.after_ids};
  const bool weights_uniform = uniform_weights(l.before) && uniform_weights(l.after);
  std::vector<ComparisonRow> rows;
  for (const char* name : {"ring", "rendezvous", "jump", "maglev", "bounded", "mod-n"}) {
    ComparisonRow row;
    row.algorithm = name;
    rows.push_back(row);
  }
  const auto unsupported = [&](Row i, const char* reason) {
    rows[i].supported = false;
    rows[i].reason = reason;
  };
  if (!weights_uniform) unsupported(kJump, "jump has no weights");
  else if (sc.change.kind != ChangeKind::add && *l.changed != l.before.size() - 1)
    unsupported(kJump, "jump can only remove the last bucket");
  if (!weights_uniform) unsupported(kModN, "mod-N has no weights");

  // The structures, each built once: the ring with virtual nodes (weighted), which bounded loads
  // walks too; rendezvous (weighted when weights differ; with equal weights it is plain HRW);
  // Maglev (weighted fill). Jump's buckets and mod-N are list positions.
  const Ring ring_before(l.before, vnodes);
  auto t0 = Clock::now();
  const Ring ring_after(l.after, vnodes);
  const double ring_ms = ms_since(t0);
  rows[kRing].build_ms = ring_ms;
  rows[kRing].memory_bytes = ring_after.memory_bytes();
  t0 = Clock::now();
  { const WeightedRendezvous check(weighted(l.after)); }  // checks the names and weights
  rows[kRendezvous].build_ms = ms_since(t0);
  for (const Server& s : l.after) rows[kRendezvous].memory_bytes += s.name.size() * sizeof(char16_t) + sizeof(double);
  const Maglev maglev_before(backends(l.before), table_size);
  t0 = Clock::now();
  const Maglev maglev_after(backends(l.after), table_size);
  rows[kMaglev].build_ms = ms_since(t0);
  rows[kMaglev].memory_bytes = maglev_after.memory_bytes();
  BoundedStream bounded_before(ring_before, key_count, sc.epsilon);
  t0 = Clock::now();
  BoundedStream bounded_after(ring_after, key_count, sc.epsilon);
  double bounded_ms = ring_ms + ms_since(t0);  // the ring, the capacities, then placing the keys
  rows[kBounded].memory_bytes = ring_after.memory_bytes() + 2 * l.after.size() * sizeof(std::uint32_t);

  const std::size_t chunks = (key_count + kChunk - 1) / kChunk;
  const std::size_t id_count = l.is_new.size();
  const unsigned workers = workers_for(chunks + 1, threads);
  // Per worker and row: what moved in the chunks the worker placed, the loads in one array.
  std::vector<std::uint64_t> loads(workers * kRows * id_count, 0);
  const std::size_t slots = workers * kRows;
  const std::unique_ptr<compare_detail::Tally[]> totals(new compare_detail::Tally[slots]);
  for (std::size_t i = 0; i < slots; ++i) totals[i].loads = loads.data() + i * id_count;
  if (keeper) keeper->start(keeper->out, rows, key_count);
  const auto keep = [&](std::size_t row, std::uint64_t first, const compare_detail::Placement& p) {
    if (keeper) keeper->chunk(keeper->out, row, first, p);
  };
  const auto chunk_first = [&](std::size_t c) { return static_cast<std::uint64_t>(c) * kChunk; };
  const auto chunk_size = [&](std::size_t c) {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(kChunk, key_count - chunk_first(c)));
  };
  const auto place_bounded_rows = [&](compare_detail::Tally& out) {
    CourseKeys course(sc.seed);
    compare_detail::Placement p;
    std::vector<std::uint32_t> hashes;
    for (std::size_t c = 0; c < chunks; ++c) {
      const std::uint32_t count = chunk_size(c);
      hashes.resize(count);
      p.before.resize(count);
      p.after.resize(count);
      course.next_hashes(hashes);
      bounded_before.place(hashes, p.before);
      const auto t = Clock::now();
      bounded_after.place(hashes, p.after);
      bounded_ms += ms_since(t);
      compare_detail::as_ids(p, ids);
      compare_detail::tally(p, l.is_new, l.touched, out);
      keep(kBounded, chunk_first(c), p);
    }
  };
  const auto place_chunk = [&](compare_detail::Tally* out, std::size_t c) {
    compare_detail::Keys keys;
    compare_detail::make_keys(sc.seed, chunk_first(c), chunk_size(c), keys);
    compare_detail::Placement p;
    const auto add = [&](Row i) {
      compare_detail::tally(p, l.is_new, l.touched, out[i]);
      keep(i, chunk_first(c), p);
    };
    compare_detail::place_ring(ring_before, ring_after, keys.hashes, ids, p);
    add(kRing);
    compare_detail::place_rendezvous(l.before, l.after, !weights_uniform, keys.text, ids, p);
    add(kRendezvous);
    if (rows[kJump].supported) {
      compare_detail::place_jump(keys.hashes, ids, p);
      add(kJump);
    }
    compare_detail::place_maglev(maglev_before, maglev_after, keys.hashes, ids, p);
    add(kMaglev);
    if (rows[kModN].supported) {
      compare_detail::place_mod_n(keys.hashes, ids, p);
      add(kModN);
    }
  };
  // Task 0 is bounded loads' walk over every chunk, started first; the chunks follow.
  run_tasks(chunks + 1, threads, [&](unsigned w, std::size_t task) {
    compare_detail::Tally* out = totals.get() + w * kRows;
    if (task == 0) place_bounded_rows(out[kBounded]);
    else place_chunk(out, task - 1);
  });
  rows[kBounded].build_ms = bounded_ms;

  // The workers' totals, added into the first's (integers: any order gives the same sums).
  for (std::size_t i = kRows; i < slots; ++i) {
    compare_detail::Tally& sum = totals[i % kRows];
    sum.moved += totals[i].moved;
    sum.moved_to_new += totals[i].moved_to_new;
    sum.moved_needlessly += totals[i].moved_needlessly;
    for (std::size_t id = 0; id < id_count; ++id) sum.loads[id] += totals[i].loads[id];
  }
  for (std::size_t i = 0; i < kRows; ++i)
    if (rows[i].supported) measure(rows[i], totals[i], key_count, l);
  return rows;
}

}  // namespace

std::vector<ComparisonRow> compare(const Scenario& scenario, std::vector<RowPlacement>* placements) {
  if (!placements) return compare_rows(scenario, nullptr);
  const Keeper keeper{
      placements,
      [](std::vector<RowPlacement>* out, const std::vector<ComparisonRow>& rows, std::uint32_t keys) {
        for (const ComparisonRow& row : rows) {
          const std::size_t n = row.supported ? keys : 0;
          out->push_back({row.algorithm, std::vector<std::uint32_t>(n), std::vector<std::uint32_t>(n)});
        }
      },
      [](std::vector<RowPlacement>* out, std::size_t row, std::uint64_t first, const compare_detail::Placement& p) {
        RowPlacement& to = out->data()[out->size() - kRows + row];
        std::copy(p.before.begin(), p.before.end(), to.before.begin() + static_cast<std::ptrdiff_t>(first));
        std::copy(p.after.begin(), p.after.end(), to.after.begin() + static_cast<std::ptrdiff_t>(first));
      }};
  return compare_rows(scenario, &keeper);
}

std::vector<ComparisonRow> compare(const Scenario& scenario) { return compare_rows(scenario, nullptr); }

// The table's columns after the algorithm's, by header and width. The table and the JSON are
// written by loops over their columns and fields: the module's size budget counts every byte,
// and a chain of concatenations compiles to far more code than a loop.
struct Column {
  const char* head;
  std::size_t width;
};
constexpr Column kColumns[] = {{"moved", 8},     {"to new", 8},  {"between", 9}, {"needless", 10},
                               {"max/mean", 10}, {"sd/mean", 9}, {"memory", 11}, {"build ms", 10}};

std::string comparison_table(const std::vector<ComparisonRow>& rows) {
  auto pct = [](double f) { return js::to_fixed(100 * f, 1) + "%"; };
  std::string t = js::pad_end("algorithm", 12);
  for (const Column& c : kColumns) t += js::pad_start(c.head, c.width);
  t += "\n";
  for (const ComparisonRow& r : rows) {
    t += js::pad_end(r.algorithm, 12);
    if (!r.supported) {
      t += "  not supported: " + r.reason + "\n";
      continue;
    }
    const std::string cells[] = {pct(r.moved),
                                 pct(r.moved_to_new),
                                 pct(r.moved_between_old),
                                 pct(r.moved_needlessly),
                                 js::to_fixed(r.max_over_mean, 3),
                                 pct(r.sd_over_mean),
                                 std::to_string(r.memory_bytes) + " B",
                                 js::to_fixed(r.build_ms, 2)};
    for (std::size_t i = 0; i < std::size(kColumns); ++i) t += js::pad_start(cells[i], kColumns[i].width);
    t += "\n";
  }
  return t;
}

std::string comparison_json(const std::vector<ComparisonRow>& rows) {
  std::string j = "[";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ComparisonRow& r = rows[i];
    j += i ? ",\n " : "\n ";
    j += "{\"algorithm\":\"" + r.algorithm + "\"";
    // memoryBytes is an integer below 2^53: as a double it prints the same digits.
    const std::pair<const char*, double> fields[] = {{"moved", r.moved},
                                                     {"movedToNew", r.moved_to_new},
                                                     {"movedBetweenOld", r.moved_between_old},
                                                     {"movedNeedlessly", r.moved_needlessly},
                                                     {"maxOverMean", r.max_over_mean},
                                                     {"sdOverMean", r.sd_over_mean},
                                                     {"memoryBytes", static_cast<double>(r.memory_bytes)},
                                                     {"buildMs", r.build_ms}};
    for (const auto& [name, v] : fields) {
      j += ",\"";
      j += name;
      j += "\":";
      j += std::isfinite(v) ? js::number_to_string(v) : std::string("null");
    }
    j += r.supported ? ",\"supported\":true" : ",\"supported\":false";
    if (!r.supported) j += ",\"reason\":\"" + r.reason + "\"";
    j += "}";
  }
  j += "\n]\n";
  return j;
}

}  // namespace ringlab
