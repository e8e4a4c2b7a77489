#include "ringlab/compare.hpp"
#include "ringlab/once.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "compare_lists.hpp"
#include "compare_place.hpp"
#include "parallel.hpp"
#include "ringlab/algorithms.hpp"
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

using compare_detail::Lists;
using compare_detail::make_lists;
using compare_detail::measure;
using compare_detail::uniform_weights;

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

// compare's rows and their order are the registry's: an algorithm with a compare_row has a row at
// that place (algorithms.cpp). The code below finds each row by its algorithm's name, once per run
// (find_algorithm's loop, written here to be compiled for size: the module every page downloads
// has no other use for it).
RINGLAB_ONCE std::size_t row_of(std::string_view algorithm) {
  std::size_t row = 0;
  for (const Algorithm& a : algorithms())
    if (a.name == algorithm) row = *a.compare_row;
  return row;
}

RINGLAB_ONCE std::size_t row_count() {
  std::size_t n = 0;
  for (const Algorithm& a : algorithms()) n += a.compare_row ? 1 : 0;
  return n;
}

// Keys per chunk: the unit of work a thread takes, and of the memory a run holds per thread.
constexpr std::uint32_t kChunk = 1u << 16;

}  // namespace

// Each code's spelling and its English phrase, by the code's value: the one place either is
// written (two lists, so that a program that prints no JSON links no spelling).
constexpr const char* kReasonNames[] = {"", "no_weights", "last_bucket_only"};
constexpr const char* kReasonPhrases[] = {"", " has no weights", " can only remove the last bucket"};
static_assert(std::size(kReasonNames) == std::size(kReasonCodes) + 1);
static_assert(std::size(kReasonPhrases) == std::size(kReasonNames));

std::string_view reason_code_name(ReasonCode code) noexcept { return kReasonNames[static_cast<std::size_t>(code)]; }

RINGLAB_ONCE void set_unsupported(ComparisonRow& row, ReasonCode code, std::string_view subject) {
  row.supported = false;
  row.reason_code = code;
  row.reason.assign(subject).append(kReasonPhrases[static_cast<std::size_t>(code)]);
}

std::vector<Server> compare_servers(std::int64_t count) {
  return default_servers(static_cast<std::uint32_t>(check_integer(Param::compare_servers, count)));
}

// Receives each row's placements, chunk by chunk (for tests). Only compare() with placements
// makes one, so a program that never asks for placements (the WebAssembly module) links none of
// this code. chunk() is called from several threads at once, for different keys.
struct compare_detail::Keeper {
  std::vector<RowPlacement>* out;
  void (*start)(std::vector<RowPlacement>* out, const std::vector<ComparisonRow>& rows, std::uint32_t keys);
  void (*chunk)(std::vector<RowPlacement>* out, std::size_t row, std::uint64_t first,
                const compare_detail::Placement& p);
};

static_assert(ComparisonRun::kChunkKeys == kChunk);

// Everything a run builds once: the lists, the structures before and after the change, the rows'
// names and whether each is supported, and bounded loads' streams (their loads so far).
struct ComparisonRun::State {
  explicit State(const Scenario& scenario);
  Scenario sc;
  Lists l;
  std::uint32_t key_count = 0;
  compare_detail::Ids ids;
  bool weights_uniform = true;
  // Made at their count, never resized: the module links no code to grow a vector of rows.
  std::vector<ComparisonRow> rows = std::vector<ComparisonRow>(row_count());
  // Each algorithm's place in rows, looked up once.
  std::size_t ring_row = row_of("ring");
  std::size_t rendezvous_row = row_of("rendezvous");
  std::size_t jump_row = row_of("jump");
  std::size_t maglev_row = row_of("maglev");
  std::size_t bounded_row = row_of("bounded");
  std::size_t mod_n_row = row_of("mod-n");
  std::optional<Ring> ring_before, ring_after;
  std::optional<Maglev> maglev_before, maglev_after;
  std::optional<BoundedStream> bounded_before, bounded_after;
  CourseKeys bounded_keys;         // the next key bounded loads places
  std::uint64_t bounded_next = 0;  // the next chunk bounded loads places
  double bounded_ms = 0;           // the ring's build, the capacities, the keys placed
  const compare_detail::Keeper* keeper = nullptr;
  std::size_t stride = 0;  // a row's part of a tally: moved, to new, needlessly, loads
};

RINGLAB_ONCE ComparisonRun::State::State(const Scenario& scenario) : sc(scenario), bounded_keys(scenario.seed) {
  l = compare_detail::check_scenario(sc);
  key_count = static_cast<std::uint32_t>(sc.keys);
  const auto vnodes = static_cast<std::uint32_t>(sc.vnodes);
  const auto table_size = static_cast<std::uint32_t>(sc.table_size);

  ids = {sc.change.kind, static_cast<std::uint32_t>(l.before.size()),
         l.changed ? *l.changed : static_cast<std::uint32_t>(l.before.size()), l.after_ids};
  weights_uniform = uniform_weights(l.before) && uniform_weights(l.after);
  // The rows' names are the registry's (algorithms.cpp), each at its row's place.
  for (const Algorithm& a : algorithms())
    if (a.compare_row) rows.at(*a.compare_row).algorithm = a.name;
  if (!weights_uniform) set_unsupported(rows[jump_row], ReasonCode::no_weights, "jump");
  else if (sc.change.kind != ChangeKind::add && *l.changed != l.before.size() - 1)
    set_unsupported(rows[jump_row], ReasonCode::last_bucket_only, "jump");
  if (!weights_uniform) set_unsupported(rows[mod_n_row], ReasonCode::no_weights, "mod-N");

  // The structures, each built once: the ring with virtual nodes (weighted), which bounded loads
  // walks too; rendezvous (weighted when weights differ; with equal weights it is plain HRW);
  // Maglev (weighted fill). Jump's buckets and mod-N are list positions.
  ring_before.emplace(l.before, vnodes);
  auto t0 = Clock::now();
  ring_after.emplace(l.after, vnodes);
  const double ring_ms = ms_since(t0);
  rows[ring_row].build_ms = ring_ms;
  rows[ring_row].memory_bytes = ring_after->memory_bytes();
  t0 = Clock::now();
  { const WeightedRendezvous check(weighted(l.after)); }  // checks the names and weights
  rows[rendezvous_row].build_ms = ms_since(t0);
  for (const Server& s : l.after)
    rows[rendezvous_row].memory_bytes += s.name.size() * sizeof(char16_t) + sizeof(double);
  maglev_before.emplace(backends(l.before), table_size);
  t0 = Clock::now();
  maglev_after.emplace(backends(l.after), table_size);
  rows[maglev_row].build_ms = ms_since(t0);
  rows[maglev_row].memory_bytes = maglev_after->memory_bytes();
  bounded_before.emplace(*ring_before, key_count, sc.epsilon);
  t0 = Clock::now();
  bounded_after.emplace(*ring_after, key_count, sc.epsilon);
  bounded_ms = ring_ms + ms_since(t0);
  rows[bounded_row].memory_bytes = ring_after->memory_bytes() + 2 * l.after.size() * sizeof(std::uint32_t);
  stride = 3 + l.is_new.size();
}

ComparisonRun::ComparisonRun(const Scenario& scenario) : s_(std::make_unique<State>(scenario)) {}
ComparisonRun::~ComparisonRun() = default;

std::uint64_t ComparisonRun::chunks() const noexcept { return (s_->key_count + kChunk - 1) / kChunk; }
std::size_t ComparisonRun::tally_size() const noexcept { return s_->rows.size() * s_->stride; }

namespace {

// Adds a chunk's placement of one row to the row's part of a tally.
void add_to(std::span<std::uint64_t> part, const compare_detail::Placement& p, const Lists& l) {
  compare_detail::Tally t;
  t.loads = part.data() + 3;
  compare_detail::tally(p, l.is_new, l.touched, t);
  part[0] += t.moved;
  part[1] += t.moved_to_new;
  part[2] += t.moved_needlessly;
}

}  // namespace

void ComparisonRun::place(std::uint64_t first, std::uint64_t end, std::span<std::uint64_t> tally) const {
  const State& s = *s_;
  check_part(first, end, chunks(), tally.size(), tally_size());
  compare_detail::Keys keys;
  compare_detail::Placement p;
  for (std::uint64_t c = first; c < end; ++c) {
    const std::uint64_t at = c * kChunk;
    const auto count = static_cast<std::uint32_t>(std::min<std::uint64_t>(kChunk, s.key_count - at));
    compare_detail::make_keys(s.sc.seed, at, count, keys);
    const auto add = [&](std::size_t i) {
      add_to(tally.subspan(i * s.stride, s.stride), p, s.l);
      if (s.keeper) s.keeper->chunk(s.keeper->out, i, at, p);
    };
    compare_detail::place_ring(*s.ring_before, *s.ring_after, keys.hashes, s.ids, p);
    add(s.ring_row);
    compare_detail::place_rendezvous(s.l.before, s.l.after, !s.weights_uniform, keys.text, s.ids, p);
    add(s.rendezvous_row);
    if (s.rows[s.jump_row].supported) {
      compare_detail::place_jump(keys.hashes, s.ids, p);
      add(s.jump_row);
    }
    compare_detail::place_maglev(*s.maglev_before, *s.maglev_after, keys.hashes, s.ids, p);
    add(s.maglev_row);
    if (s.rows[s.mod_n_row].supported) {
      compare_detail::place_mod_n(keys.hashes, s.ids, p);
      add(s.mod_n_row);
    }
  }
}

void ComparisonRun::place_bounded(std::uint64_t first, std::uint64_t end, std::span<std::uint64_t> tally) {
  State& s = *s_;
  check_part(first, end, chunks(), tally.size(), tally_size());
  if (first != s.bounded_next) throw Error(ErrorCode::invalid_argument, rule::chunkOrder, "", {s.bounded_next, first});
  compare_detail::Placement p;
  std::vector<std::uint32_t> hashes;
  for (std::uint64_t c = first; c < end; ++c) {
    const std::uint64_t at = c * kChunk;
    const auto count = static_cast<std::uint32_t>(std::min<std::uint64_t>(kChunk, s.key_count - at));
    hashes.resize(count);
    p.before.resize(count);
    p.after.resize(count);
    s.bounded_keys.next_hashes(hashes);
    s.bounded_before->place(hashes, p.before);
    const auto t = Clock::now();
    s.bounded_after->place(hashes, p.after);
    s.bounded_ms += ms_since(t);
    compare_detail::as_ids(p, s.ids);
    add_to(tally.subspan(s.bounded_row * s.stride, s.stride), p, s.l);
    if (s.keeper) s.keeper->chunk(s.keeper->out, s.bounded_row, at, p);
    s.bounded_next = c + 1;
  }
}

std::vector<ComparisonRow> ComparisonRun::rows(std::span<const std::uint64_t> tally) const {
  const State& s = *s_;
  check_part(0, 0, chunks(), tally.size(), tally_size());
  std::vector<ComparisonRow> rows = s.rows;
  rows[s.bounded_row].build_ms = s.bounded_ms;
  std::vector<std::uint64_t> loads(s.stride - 3);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!rows[i].supported) continue;
    const std::span<const std::uint64_t> part = tally.subspan(i * s.stride, s.stride);
    compare_detail::Tally t;
    t.moved = part[0];
    t.moved_to_new = part[1];
    t.moved_needlessly = part[2];
    std::copy(part.begin() + 3, part.end(), loads.begin());
    t.loads = loads.data();
    measure(rows[i], t, s.key_count, s.l);
  }
  return rows;
}

// compare() on threads: task 0 is bounded loads' walk over every chunk, started first; the
// chunks follow, each by whichever thread is free, into a tally of its own; nothing is kept per
// key of the whole run. The tallies are added in the threads' order (integers: any order gives
// the same sums).
std::vector<ComparisonRow> compare_detail::run_rows(const Scenario& sc, const Keeper* keeper) {
  ComparisonRun run(sc);
  run.s_->keeper = keeper;
  if (keeper) keeper->start(keeper->out, run.s_->rows, run.s_->key_count);
  const std::uint64_t chunks = run.chunks();
  const unsigned threads = thread_count(sc.threads);
  const unsigned workers = workers_for(chunks + 1, threads);
  const std::size_t size = run.tally_size();
  std::vector<std::uint64_t> tallies(workers * size, 0);
  run_tasks(chunks + 1, threads, [&](unsigned w, std::size_t task) {
    const std::span<std::uint64_t> tally(tallies.data() + w * size, size);
    if (task == 0) run.place_bounded(0, chunks, tally);
    else run.place(task - 1, task, tally);
  });
  for (std::size_t i = size; i < tallies.size(); ++i) tallies[i % size] += tallies[i];
  return run.rows(std::span<const std::uint64_t>(tallies.data(), size));
}

std::vector<ComparisonRow> compare(const Scenario& scenario, std::vector<RowPlacement>* placements) {
  if (!placements) return compare_detail::run_rows(scenario, nullptr);
  const compare_detail::Keeper keeper{
      placements,
      [](std::vector<RowPlacement>* out, const std::vector<ComparisonRow>& rows, std::uint32_t keys) {
        for (const ComparisonRow& row : rows) {
          const std::size_t n = row.supported ? keys : 0;
          out->push_back({row.algorithm, std::vector<std::uint32_t>(n), std::vector<std::uint32_t>(n)});
        }
      },
      [](std::vector<RowPlacement>* out, std::size_t row, std::uint64_t first, const compare_detail::Placement& p) {
        RowPlacement& to = out->data()[out->size() - row_count() + row];
        std::copy(p.before.begin(), p.before.end(), to.before.begin() + static_cast<std::ptrdiff_t>(first));
        std::copy(p.after.begin(), p.after.end(), to.after.begin() + static_cast<std::ptrdiff_t>(first));
      }};
  return compare_detail::run_rows(scenario, &keeper);
}

std::vector<ComparisonRow> compare(const Scenario& scenario) { return compare_detail::run_rows(scenario, nullptr); }

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
  // The published table's first column is 12 wide; a longer name (a newer bucket hasher's,
  // compare_newer.hpp) widens it, keeping two spaces before the next.
  std::size_t width = 12;
  for (const ComparisonRow& r : rows) width = std::max(width, r.algorithm.size() + 2);
  std::string t = js::pad_end("algorithm", width);
  for (const Column& c : kColumns) t += js::pad_start(c.head, c.width);
  t += "\n";
  for (const ComparisonRow& r : rows) {
    t += js::pad_end(r.algorithm, width);
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
    if (!r.supported) {
      j += ",\"reason\":\"" + r.reason + "\",\"reasonCode\":\"";
      j += reason_code_name(r.reason_code);
      j += "\"";
    }
    j += "}";
  }
  j += "\n]\n";
  return j;
}

}  // namespace ringlab
