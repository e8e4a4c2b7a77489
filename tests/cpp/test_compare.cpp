// The comparison of every algorithm on one scenario (compare.hpp).
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "ringlab/algorithms.hpp"
#include "ringlab/analysis.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_compare {

using ringlab::Algorithm;
using ringlab::ChangeKind;
using ringlab::ComparisonRow;
using ringlab::Removal;
using ringlab::Scenario;

namespace {

const ComparisonRow& row(const std::vector<ComparisonRow>& rows, const std::string& name) {
  for (const auto& r : rows)
    if (r.algorithm == name) return r;
  FAIL("no row " << name);
  return rows.front();
}

}  // namespace

TEST_CASE("compare's rows are the registry's algorithms with a compare_row, each at its place", "[compare]") {
  Scenario sc;
  sc.keys = 1000;
  const auto rows = ringlab::compare(sc);
  std::size_t with_row = 0;
  for (const Algorithm& a : ringlab::algorithms()) {
    if (!a.compare_row) continue;
    ++with_row;
    REQUIRE(*a.compare_row < rows.size());
    CHECK(rows[*a.compare_row].algorithm == a.name);
  }
  CHECK(rows.size() == with_row);
}

TEST_CASE("adding an 11th server: consistent schemes move about 1/11, mod-N about 10/11", "[compare]") {
  Scenario sc;  // 10 servers, V = 100, 100,000 keys, add one
  const auto rows = ringlab::compare(sc);
  // Every row but mod-N's, which renumbers the servers.
  for (const Algorithm& a : ringlab::algorithms()) {
    if (!a.compare_row || a.removal == Removal::renumber) continue;
    INFO(a.name);
    const auto& r = row(rows, std::string(a.name));
    CHECK(r.supported);
    CHECK(r.moved == Approx(1.0 / 11).margin(0.02));
    CHECK(r.moved_to_new == r.moved - r.moved_between_old);
  }
  CHECK(row(rows, "ring").moved_between_old == 0.0);
  CHECK(row(rows, "rendezvous").moved_between_old == 0.0);
  CHECK(row(rows, "jump").moved_between_old == 0.0);
  CHECK(row(rows, "maglev").moved == Approx(1.0 / 11).margin(0.02));
  CHECK(row(rows, "mod-n").moved == Approx(10.0 / 11).margin(0.02));
  for (const auto& r : rows) {
    CHECK(r.moved >= 0);
    CHECK(r.moved <= 1);
    CHECK(r.max_over_mean >= 1);
  }
}

TEST_CASE("removing a middle server: jump says it cannot - removing the last it can", "[compare]") {
  Scenario sc;
  sc.keys = 20000;
  sc.change = {ChangeKind::remove, u"S3", 1.0};
  auto rows = ringlab::compare(sc);
  CHECK_FALSE(row(rows, "jump").supported);
  CHECK_FALSE(row(rows, "jump").reason.empty());
  // Ring and rendezvous move exactly the removed server's keys: nothing between the others.
  CHECK(row(rows, "ring").moved == Approx(0.1).margin(0.03));
  CHECK(row(rows, "rendezvous").moved == Approx(0.1).margin(0.02));
  sc.change = {ChangeKind::fail, u"S9", 1.0};
  rows = ringlab::compare(sc);
  CHECK(row(rows, "jump").supported);
  CHECK(row(rows, "jump").moved == Approx(0.1).margin(0.02));
}

TEST_CASE("weights: jump and mod-N say so - the rest move keys only onto the heavier server", "[compare]") {
  Scenario sc;
  sc.keys = 20000;
  sc.change = {ChangeKind::weight, u"S2", 2.0};
  const auto rows = ringlab::compare(sc);
  CHECK_FALSE(row(rows, "jump").supported);
  CHECK_FALSE(row(rows, "mod-n").supported);
  CHECK(row(rows, "ring").moved > 0.05);
  CHECK(row(rows, "rendezvous").moved > 0.05);
}

TEST_CASE("an unknown server in the change is a named error", "[compare][errors]") {
  Scenario sc;
  sc.change = {ChangeKind::remove, u"nope", 1.0};
  try {
    (void)ringlab::compare(sc);
    FAIL("accepted");
  } catch (const ringlab::Error& e) {
    CHECK(e.code() == ringlab::ErrorCode::unknown_server);
  }
  sc.change = {ChangeKind::add, u"S1", 1.0};
  CHECK_THROWS_AS(ringlab::compare(sc), ringlab::Error);
}

TEST_CASE("JSON has the documented fields", "[compare]") {
  Scenario sc;
  sc.keys = 1000;
  const std::string json = ringlab::comparison_json(ringlab::compare(sc));
  for (const char* field :
       {"\"algorithm\"", "\"moved\"", "\"movedToNew\"", "\"movedBetweenOld\"", "\"movedNeedlessly\"", "\"maxOverMean\"",
        "\"sdOverMean\"", "\"memoryBytes\"", "\"buildMs\"", "\"supported\""})
    CHECK(json.find(field) != std::string::npos);
}

TEST_CASE("the needless moves: none for ring, rendezvous and jump on add and remove, nearly all for mod-N",
          "[compare]") {
  Scenario sc;
  sc.servers = ringlab::compare_servers(12);
  sc.vnodes = 160;
  sc.keys = 120000;
  sc.change = {ChangeKind::remove, u"S5", 1.0};
  auto rows = ringlab::compare(sc);
  CHECK(row(rows, "ring").moved_needlessly == 0.0);
  CHECK(row(rows, "rendezvous").moved_needlessly == 0.0);
  CHECK(row(rows, "bounded").moved_needlessly >= 0.0);
  CHECK(row(rows, "maglev").moved_needlessly < 0.01);
  CHECK(row(rows, "mod-n").moved_needlessly > 0.8);
  // On removal nothing is new: every move is "between old" servers, needless or not.
  CHECK(row(rows, "rendezvous").moved_between_old == row(rows, "rendezvous").moved);
  sc.change = {ChangeKind::add, u"", 1.0};
  rows = ringlab::compare(sc);
  CHECK(row(rows, "ring").moved_needlessly == 0.0);
  CHECK(row(rows, "rendezvous").moved_needlessly == 0.0);
  CHECK(row(rows, "jump").moved_needlessly == 0.0);
  CHECK(row(rows, "mod-n").moved_needlessly == row(rows, "mod-n").moved_between_old);
  sc.change = {ChangeKind::fail, u"S11", 1.0};
  rows = ringlab::compare(sc);
  CHECK(row(rows, "jump").supported);
  CHECK(row(rows, "jump").moved_needlessly == 0.0);
  // A weight change: the reweighted server's keys are not needless, the others' would be.
  sc.change = {ChangeKind::weight, u"S2", 3.0};
  rows = ringlab::compare(sc);
  CHECK(row(rows, "ring").moved_needlessly == 0.0);
  CHECK(row(rows, "rendezvous").moved_needlessly == 0.0);
  CHECK(row(rows, "ring").moved > 0.1);
}

namespace {

// The comparison done the plain way, as a reference: every key placed before and after the
// change by each algorithm from scratch, the servers after the change taken from the scenario's
// lists, and the numbers counted from the two placements.
struct Reference {
  std::vector<ringlab::RowPlacement> placements;
  std::vector<ComparisonRow> rows;
};

Reference place_everything(const Scenario& sc) {
  using ringlab::Server;
  const auto n = static_cast<std::uint32_t>(sc.servers.size());
  std::vector<Server> before = sc.servers, after;
  std::vector<std::uint32_t> after_ids;  // position in `after` -> id
  std::uint32_t touched = n;             // the added, removed, failed or reweighted id
  if (sc.change.kind == ChangeKind::add) {
    after = before;
    after.push_back({sc.change.name.empty() ? ringlab::default_server_name(n) : sc.change.name, sc.change.weight, u""});
    for (std::uint32_t i = 0; i <= n; ++i) after_ids.push_back(i);
  } else {
    for (std::uint32_t i = 0; i < n; ++i) {
      if (before[i].name == sc.change.name) touched = i;
      const bool leaves = before[i].name == sc.change.name && sc.change.kind != ChangeKind::weight;
      if (leaves) continue;
      after.push_back(before[i]);
      if (before[i].name == sc.change.name) after.back().weight = sc.change.weight;
      after_ids.push_back(i);
    }
  }
  const auto uniform = [](const std::vector<Server>& list) {
    for (const Server& s : list)
      if (s.weight != list[0].weight) return false;
    return true;
  };
  const bool weights_uniform = uniform(before) && uniform(after);
  std::vector<std::u16string> keys;
  ringlab::CourseKeys course(sc.seed);
  for (std::int64_t k = 0; k < sc.keys; ++k) {
    const std::string text = course.next();
    keys.emplace_back(text.begin(), text.end());
  }
  Reference ref;
  const auto add = [&](const std::string& algorithm, const auto& place_before, const auto& place_after) {
    ringlab::RowPlacement p{algorithm, {}, {}};
    for (const auto& key : keys) {
      p.before.push_back(place_before(key));
      p.after.push_back(after_ids[place_after(key)]);
    }
    ComparisonRow row{.algorithm = algorithm};
    const double count = keys.empty() ? 1 : static_cast<double>(keys.size());
    std::vector<double> loads(after.size(), 0);
    std::uint64_t moved = 0, to_new = 0, needless = 0;
    for (std::size_t k = 0; k < keys.size(); ++k) {
      for (std::size_t i = 0; i < after.size(); ++i) loads[i] += after_ids[i] == p.after[k] ? 1 : 0;
      if (p.before[k] == p.after[k]) continue;
      ++moved;
      to_new += sc.change.kind == ChangeKind::add && p.after[k] == n ? 1 : 0;
      needless += p.before[k] != touched && p.after[k] != touched ? 1 : 0;
    }
    for (std::size_t i = 0; i < after.size(); ++i) loads[i] /= after[i].weight;
    row.moved = static_cast<double>(moved) / count;
    row.moved_to_new = static_cast<double>(to_new) / count;
    row.moved_between_old = static_cast<double>(moved - to_new) / count;
    row.moved_needlessly = static_cast<double>(needless) / count;
    const ringlab::LoadStats stats = ringlab::load_stats(loads);
    row.max_over_mean = keys.empty() ? 0 : stats.max_over_mean;
    row.sd_over_mean = keys.empty() ? 0 : stats.sd_over_mean;
    ref.placements.push_back(std::move(p));
    ref.rows.push_back(row);
  };
  const auto unsupported = [&](const std::string& algorithm, const std::string& reason) {
    ref.placements.push_back({algorithm, {}, {}});
    ref.rows.push_back(ComparisonRow{.algorithm = algorithm, .supported = false, .reason = reason});
  };
  const ringlab::Ring ring_before(before, sc.vnodes), ring_after(after, sc.vnodes);
  add(
      "ring", [&](const auto& key) { return ring_before.owner(ringlab::h32(key)); },
      [&](const auto& key) { return ring_after.owner(ringlab::h32(key)); });
  std::vector<ringlab::WeightedServer> wb, wa;
  std::vector<std::u16string> nb, na;
  for (const Server& s : before) wb.push_back({s.name, s.weight}), nb.push_back(s.name);
  for (const Server& s : after) wa.push_back({s.name, s.weight}), na.push_back(s.name);
  const ringlab::Rendezvous hrw_before(nb), hrw_after(na);
  const ringlab::WeightedRendezvous whrw_before(wb), whrw_after(wa);
  add(
      "rendezvous",
      [&](const auto& key) {
        return static_cast<std::uint32_t>(weights_uniform ? hrw_before.pick(key) : whrw_before.pick(key));
      },
      [&](const auto& key) {
        return static_cast<std::uint32_t>(weights_uniform ? hrw_after.pick(key) : whrw_after.pick(key));
      });
  if (!weights_uniform) unsupported("jump", "jump has no weights");
  else if (sc.change.kind != ChangeKind::add && touched != n - 1)
    unsupported("jump", "jump can only remove the last bucket");
  else
    add(
        "jump", [&](const auto& key) { return static_cast<std::uint32_t>(ringlab::jump(ringlab::h32(key), n)); },
        [&](const auto& key) {
          return static_cast<std::uint32_t>(ringlab::jump(ringlab::h32(key), static_cast<std::int64_t>(after.size())));
        });
  std::vector<ringlab::Backend> bb, ba;
  for (const Server& s : before) bb.push_back({s.name, s.weight});
  for (const Server& s : after) ba.push_back({s.name, s.weight});
  const ringlab::Maglev maglev_before(bb, sc.table_size), maglev_after(ba, sc.table_size);
  add(
      "maglev", [&](const auto& key) { return maglev_before.lookup(ringlab::h32(key)); },
      [&](const auto& key) { return maglev_after.lookup(ringlab::h32(key)); });
  std::vector<std::uint32_t> hashes;
  for (const auto& key : keys) hashes.push_back(ringlab::h32(key));
  const auto bounded_before = ringlab::place_bounded(ring_before, hashes, sc.epsilon).servers;
  const auto bounded_after = ringlab::place_bounded(ring_after, hashes, sc.epsilon).servers;
  std::size_t at_before = 0, at_after = 0;  // keys come in order
  add(
      "bounded", [&](const auto&) { return bounded_before[at_before++]; },
      [&](const auto&) { return bounded_after[at_after++]; });
  if (!weights_uniform) unsupported("mod-n", "mod-N has no weights");
  else
    add(
        "mod-n", [&](const auto& key) { return ringlab::h32(key) % n; },
        [&](const auto& key) { return ringlab::h32(key) % static_cast<std::uint32_t>(after.size()); });
  return ref;
}

}  // namespace

TEST_CASE("incremental placement gives every row's placements and numbers, key for key, as placing all again",
          "[compare]") {
  std::mt19937 rng(20261201);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const double weights[] = {1, 1, 1, 0.5, 2, 1.5, 3, 0.25};
  const std::u16string names[] = {u"a", u"b", u"node-1", u"node-2", u"node-10", u"x", u"db\u0995", u"S"};
  // A name that is all shared beginning, and rests of one to three units.
  const std::u16string prefixed[] = {u"n", u"n1", u"n12", u"n2", u"n3", u"n10", u"n11", u"n100"};
  const ChangeKind kinds[] = {ChangeKind::add, ChangeKind::remove, ChangeKind::fail, ChangeKind::weight};
  int counted[4] = {};
  for (int round = 0; round < 120; ++round) {
    Scenario sc;
    const int n = pick(1, 30);
    const bool named = pick(0, 3) == 0 && n <= 8;
    const bool short_names = pick(0, 1) == 0;
    const bool uniform = pick(0, 1) == 0;
    sc.servers = ringlab::compare_servers(n);
    for (int i = 0; i < n; ++i) {
      if (named) sc.servers[static_cast<std::size_t>(i)].name = short_names ? prefixed[i] : names[i];
      if (!uniform) sc.servers[static_cast<std::size_t>(i)].weight = weights[pick(0, 7)];
    }
    sc.vnodes = pick(1, 3) == 1 ? pick(1, 4) : pick(5, 200);
    sc.seed = pick(-1000, 1000000);
    sc.keys = pick(0, 9) == 0 ? pick(0, 3) : pick(100, 6000);
    sc.table_size = n <= 11 && pick(0, 1) ? 11 : 1009;
    sc.epsilon = pick(0, 1) ? 0.25 : 1.5;
    const ChangeKind kind = n == 1 ? (pick(0, 1) ? ChangeKind::add : ChangeKind::weight) : kinds[pick(0, 3)];
    ++counted[static_cast<int>(kind)];
    // Removing the last server half the time, so that jump's removal is exercised too.
    const int target = pick(0, 1) ? n - 1 : pick(0, n - 1);
    const std::u16string target_name = sc.servers[static_cast<std::size_t>(target)].name;
    sc.change = {kind, kind == ChangeKind::add ? (named ? u"new" : u"") : target_name,
                 kind == ChangeKind::add || kind == ChangeKind::weight ? weights[pick(0, 7)] : 1.0};
    INFO("round " << round << ": " << n << " servers, V " << sc.vnodes << ", keys " << sc.keys << ", seed " << sc.seed
                  << ", change " << static_cast<int>(kind) << " of " << target);
    std::vector<ringlab::RowPlacement> placements;
    const auto rows = ringlab::compare(sc, &placements);
    const Reference ref = place_everything(sc);
    REQUIRE(rows.size() == ref.rows.size());
    REQUIRE(placements.size() == rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const ComparisonRow& a = rows[r];
      const ComparisonRow& b = ref.rows[r];
      INFO(a.algorithm);
      CHECK(a.algorithm == b.algorithm);
      CHECK(placements[r].algorithm == a.algorithm);
      CHECK(placements[r].before == ref.placements[r].before);
      CHECK(placements[r].after == ref.placements[r].after);
      CHECK(a.supported == b.supported);
      CHECK(a.reason == b.reason);
      CHECK(a.moved == b.moved);
      CHECK(a.moved_to_new == b.moved_to_new);
      CHECK(a.moved_between_old == b.moved_between_old);
      CHECK(a.moved_needlessly == b.moved_needlessly);
      CHECK(a.max_over_mean == b.max_over_mean);
      CHECK(a.sd_over_mean == b.sd_over_mean);
    }
  }
  for (int kind = 0; kind < 4; ++kind) CHECK(counted[kind] >= 15);
}

TEST_CASE("compare's change grammar has no add with a token, which none of its rows takes", "[compare]") {
  try {
    (void)ringlab::parse_change(u"add@5:x");
    FAIL("accepted");
  } catch (const ringlab::Error& e) {
    CHECK(e.code() == ringlab::ErrorCode::invalid_argument);
    CHECK(e.rule().id == std::string("oneOf"));
    CHECK(std::string(e.what()) ==
          "change must be add, add:NAME, remove:NAME, fail:NAME or weight:NAME=W, got \"add@5:x\"");
  }
  // A name with an '@' is a name, as it always was.
  Scenario sc;
  sc.keys = 10;
  sc.change = ringlab::parse_change(u"add:x@5");
  const auto rows = ringlab::compare(sc);
  CHECK(row(rows, "ring").supported);
}

}  // namespace test_compare
