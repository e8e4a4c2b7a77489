// compare's rows for the newer bucket hashers (compare_newer.hpp): each algorithm built through the
// bucket seam before and after the change, the same keys looked up in both, tallied and measured
// by compare's own functions (compare_place.hpp), so a newer row means what a chapter's row means.
#include "ringlab/compare_newer.hpp"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compare_lists.hpp"
#include "compare_place.hpp"
#include "names.hpp"
#include "newer_keys.hpp"
#include "parallel.hpp"
#include "ringlab/algorithms.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/random.hpp"

namespace ringlab {
namespace {

// (Names here differ from compare.cpp's: the sanitizer build compiles the library's sources in
// unity batches, where two unnamed namespaces are one.)
using NewerClock = std::chrono::steady_clock;

// Keys per task: the unit of work a thread takes, as compare's chunks.
constexpr std::uint32_t kNewerChunk = ComparisonRun::kChunkKeys;

// DxHash's answer for a key that found no live bucket (its reference's -1).
constexpr std::uint32_t kNoBucket = 0xFFFFFFFFu;

// The hashers of one row, before and after the change, and how their answers become the
// comparison's ids (ids 0 .. n-1 the servers before, n an added one, n + 1 no server).
struct Sides {
  std::optional<Buckets> before;
  std::optional<Buckets> after;
  // An added bucket (add()), which is server n; the answers after are bucket numbers, each the
  // server of that number, unless `by_list`: places in the list after the change (multi-probe,
  // built again from it).
  std::optional<std::uint32_t> added;
  bool by_list = false;
  double build_ms = 0;
};

BucketOptions options_for(const BucketAlgorithm& a, const std::vector<Server>& servers) {
  std::vector<std::string> names;
  names.reserve(servers.size());
  for (const Server& s : servers) names.push_back(utf8_for_message(s.name));
  return newer_detail::options_for_servers(a, names);
}

// Why the algorithm has no row for this change, or none.
ReasonCode unsupported(const Algorithm& entry, const Scenario& sc, const compare_detail::Lists& l) {
  if (!compare_detail::uniform_weights(l.before) || !compare_detail::uniform_weights(l.after))
    return ReasonCode::no_weights;
  if (entry.removal == Removal::last && (sc.change.kind == ChangeKind::remove || sc.change.kind == ChangeKind::fail) &&
      *l.changed != l.before.size() - 1)
    return ReasonCode::last_bucket_only;
  return ReasonCode::none;
}

RINGLAB_ONCE Sides build(const BucketAlgorithm& a, const Scenario& sc, const compare_detail::Lists& l) {
  Sides s;
  s.before.emplace(a.name, options_for(a, l.before));
  const auto t0 = NewerClock::now();
  const bool membership = find_algorithm(a.name)->membership.add;
  if (sc.change.kind == ChangeKind::weight) {
    s.after.emplace(*s.before);  // equal weights: the same buckets
  } else if (!membership) {
    s.after.emplace(a.name, options_for(a, l.after));
    s.by_list = true;
  } else {
    s.after.emplace(*s.before);
    if (sc.change.kind == ChangeKind::add) s.added = s.after->add();
    else s.after->remove(*l.changed);
  }
  s.build_ms = std::chrono::duration<double, std::milli>(NewerClock::now() - t0).count();
  return s;
}

// The keys of one chunk as the algorithm takes them, looked up before and after as ids.
void place_chunk(const Sides& s, std::int64_t seed, std::uint64_t first, std::uint32_t count,
                 const compare_detail::Lists& l, compare_detail::Placement& p) {
  const auto n = static_cast<std::uint32_t>(l.before.size());
  const newer_detail::NewerKeys keys(s.before->algorithm().input, seed, first, count);
  p.before.resize(count);
  p.after.resize(count);
  keys.bucket_many(*s.before, p.before);
  keys.bucket_many(*s.after, p.after);
  for (std::uint32_t& b : p.before)
    if (b == kNoBucket) b = n + 1;
  for (std::uint32_t& b : p.after) {
    if (b == kNoBucket) b = n + 1;
    else if (s.by_list) b = l.after_ids[b];
    else if (s.added && b == *s.added) b = n;
  }
}

}  // namespace

std::vector<std::string_view> newer_compare_algorithms() {
  std::vector<std::string_view> names;
  for (const Algorithm& a : bucket_only_algorithms())
    if (find_bucket_algorithm(a.name) != nullptr) names.push_back(a.name);
  return names;
}

RINGLAB_ONCE std::vector<std::string_view> check_newer(std::span<const std::string> names) {
  const std::vector<std::string_view> known = newer_compare_algorithms();
  if (names.empty()) throw Error(ErrorCode::invalid_argument, rule::list, "newer", {known.size(), names.size()});
  std::vector<std::string_view> out;
  for (const std::string& name : names) {
    const auto it = std::find(known.begin(), known.end(), name);
    if (it == known.end()) {
      std::vector<ErrorValue> values(known.begin(), known.end());
      values.push_back(in_quotes(name));
      throw Error(ErrorCode::invalid_argument, rule::oneOf, "newer", std::move(values));
    }
    if (std::find(out.begin(), out.end(), *it) != out.end())
      throw Error(ErrorCode::invalid_argument, rule::duplicateListed, "newer", {"algorithm", name});
    out.push_back(*it);
  }
  return out;
}

RINGLAB_ONCE std::vector<std::string_view> newer_from_text(std::string_view text) {
  if (text == "all") return newer_compare_algorithms();
  std::vector<std::string> names;
  for (std::size_t from = 0;;) {
    const std::size_t comma = text.find(',', from);
    names.emplace_back(text.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from));
    if (comma == std::string_view::npos) break;
    from = comma + 1;
  }
  return check_newer(names);
}

// The checks compare() makes next, as it builds its rings from the lists (Ring::rebuild, before
// and then after the change: each server's name and zone, then no name twice). The newer rows
// build no ring, so they make them here: a scenario of named servers is refused with compare()'s
// error, not with the one a hasher or multi-probe's node list would give later.
static void check_ring_servers(const compare_detail::Lists& l) {
  for (const std::vector<Server>* list : {&l.before, &l.after}) {
    std::vector<std::u16string_view> listed;
    listed.reserve(list->size());
    for (const Server& s : *list) {
      names::check(s.name, "server");
      if (s.zone.size() > kMaxNameLength)
        throw Error(ErrorCode::limit_exceeded, rule::zoneTooLong, "", {kMaxNameLength});
      listed.push_back(s.name);
    }
    if (const auto dup = names::first_duplicate(std::move(listed)))
      throw Error(ErrorCode::duplicate_server, rule::duplicateNamed, "", {utf8_for_message(*dup)});
  }
}

RINGLAB_ONCE std::vector<ComparisonRow> compare_newer(const Scenario& sc,
                                                      std::span<const std::string_view> algorithms) {
  compare_detail::Lists l = compare_detail::check_scenario(sc);
  check_ring_servers(l);
  // The ids' flags, with room for the one id of no server.
  const auto n = static_cast<std::uint32_t>(l.before.size());
  l.is_new.resize(n + 2, 0);
  l.touched.resize(n + 2, 0);
  const auto keys = static_cast<std::uint64_t>(sc.keys);
  const std::uint64_t chunks = (keys + kNewerChunk - 1) / kNewerChunk;
  const unsigned threads = thread_count(sc.threads);
  const unsigned workers = workers_for(chunks, threads);
  std::vector<ComparisonRow> rows;
  for (const std::string_view name : algorithms) {
    const BucketAlgorithm& a = bucket_algorithm(name);
    ComparisonRow& row = rows.emplace_back();
    row.algorithm = std::string(name);
    if (const ReasonCode why = unsupported(*find_algorithm(name), sc, l); why != ReasonCode::none) {
      set_unsupported(row, why, name);
      continue;
    }
    const Sides s = build(a, sc, l);
    row.build_ms = s.build_ms;
    row.memory_bytes = s.after->memory_bytes();
    // Each worker's tally: moved, to new, needlessly, then the keys per id.
    const std::size_t stride = 3 + n + 2;
    std::vector<std::uint64_t> tallies(std::size_t{workers} * stride, 0);
    run_tasks(chunks, threads, [&](unsigned w, std::size_t c) {
      compare_detail::Placement p;
      const std::uint64_t first = c * kNewerChunk;
      place_chunk(s, sc.seed, first, static_cast<std::uint32_t>(std::min<std::uint64_t>(kNewerChunk, keys - first)), l,
                  p);
      std::uint64_t* part = tallies.data() + std::size_t{w} * stride;
      compare_detail::Tally t;
      t.loads = part + 3;
      compare_detail::tally(p, l.is_new, l.touched, t);
      part[0] += t.moved;
      part[1] += t.moved_to_new;
      part[2] += t.moved_needlessly;
    });
    for (std::size_t i = stride; i < tallies.size(); ++i) tallies[i % stride] += tallies[i];
    compare_detail::Tally t;
    t.moved = tallies[0];
    t.moved_to_new = tallies[1];
    t.moved_needlessly = tallies[2];
    t.loads = tallies.data() + 3;
    compare_detail::measure(row, t, keys, l);
  }
  return rows;
}

}  // namespace ringlab
