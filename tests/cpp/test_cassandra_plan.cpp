// Cassandra's ring-change plans (systems/cassandra_plan.hpp): the strategies' walks on rings
// small enough to follow by hand, their properties on random rings (each data centre's replica
// count, distinct nodes, every rack used before one repeats), the streams each operation plans,
// and the readers' errors. tests/systems/cassandra-plan.mjs holds the replica sets to the
// DataStax Python driver's own replica maps.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "ringlab/error.hpp"
#include "ringlab/random.hpp"
#include "ringlab/systems/cassandra.hpp"
#include "ringlab/systems/cassandra_plan.hpp"
#include "ringlab/systems/plan.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_cassandra_plan {

using namespace ringlab::systems;
using namespace ringlab::systems::cassandra;
using Names = std::vector<std::string>;

namespace {

Strategy simple(std::uint32_t rf) { return strategy_from_text("simple:" + std::to_string(rf)); }

// A random ring: nodes spread over data centres and racks, each with 1 to 16 tokens.
std::vector<PlacedToken> random_ring(std::uint32_t seed, std::size_t dcs, std::size_t nodes) {
  ringlab::Mulberry32 rand(seed);
  std::vector<PlacedToken> ring;
  std::set<std::int64_t> taken;
  for (std::size_t n = 0; n < nodes; ++n) {
    const std::string dc = "dc" + std::to_string(n % dcs + 1);
    const std::string rack = "r" + std::to_string(rand.next_uint32() % 3 + 1);
    const std::uint32_t vnodes = rand.next_uint32() % 16 + 1;
    for (std::uint32_t v = 0; v < vnodes; ++v) {
      std::int64_t t = 0;
      do t = static_cast<std::int64_t>((std::uint64_t{rand.next_uint32()} << 32) | rand.next_uint32());
      while (!taken.insert(t).second);
      ring.push_back({t, "n" + std::to_string(n), dc, rack});
    }
  }
  return ring;
}

// The message of the error f throws (error_of fails the test when it throws none).
template <typename F>
std::string message_of(F&& f) {
  return error_of(f)[3];
}

std::map<std::string, PlacedToken> places(const std::vector<PlacedToken>& ring) {
  std::map<std::string, PlacedToken> out;
  for (const PlacedToken& p : ring) out.emplace(p.node, p);
  return out;
}

}  // namespace

TEST_CASE("cassandra plan: SimpleStrategy walks clockwise to RF distinct nodes", "[systems][cassandra_plan]") {
  // a holds two tokens: the walk from a's first token meets a again before c.
  const std::vector<PlacedToken> ring = {{300, "d", "dc1", "r1"},
                                         {0, "a", "dc1", "r1"},
                                         {100, "b", "dc1", "r1"},
                                         {150, "a", "dc1", "r1"},
                                         {200, "c", "dc1", "r1"}};
  const auto lists = replica_lists(ring, simple(3));
  // Ranges in token order: (300,0], (0,100], (100,150], (150,200], (200,300].
  REQUIRE(lists ==
          std::vector<Names>{{"a", "b", "c"}, {"b", "a", "c"}, {"a", "c", "d"}, {"c", "d", "a"}, {"d", "a", "b"}});
  CHECK(replica_lists(ring, simple(1)) == std::vector<Names>{{"a"}, {"b"}, {"a"}, {"c"}, {"d"}});
  CHECK(replica_lists(ring, simple(0)) == std::vector<Names>{{}, {}, {}, {}, {}});
}

TEST_CASE("cassandra plan: NetworkTopologyStrategy uses every rack before it repeats one",
          "[systems][cassandra_plan]") {
  // One data centre: a and c in r1, b in r2. RF 2 = 2 racks, no repeat: the walk from a skips c.
  const std::vector<PlacedToken> ring = {{0, "a", "dc1", "r1"}, {100, "c", "dc1", "r1"}, {200, "b", "dc1", "r2"}};
  CHECK(replica_lists(ring, strategy_from_text("nts:dc1=2")) == std::vector<Names>{{"a", "b"}, {"c", "b"}, {"b", "a"}});
  // SimpleStrategy knows no racks: a, c.
  CHECK(replica_lists(ring, simple(2)).front() == Names{"a", "c"});
  // RF 3 with 2 racks: one repeat, taken where the walk meets it (c before b).
  CHECK(replica_lists(ring, strategy_from_text("nts:dc1=3")).front() == Names{"a", "c", "b"});
  // Two data centres fill in one walk, interleaved; a data centre not named gets none.
  const std::vector<PlacedToken> two = {{0, "a", "dc1", "r1"},
                                        {50, "x", "dc2", "r1"},
                                        {100, "b", "dc1", "r2"},
                                        {150, "y", "dc2", "r1"},
                                        {200, "z", "dc3", "r1"}};
  CHECK(replica_lists(two, strategy_from_text("nts:dc1=2,dc2=1")).front() == Names{"a", "x", "b"});
  CHECK(replica_lists(two, strategy_from_text("nts:dc2=2")).front() == Names{"x", "y"});
}

TEST_CASE("cassandra plan: replica lists on random rings keep the strategies' rules", "[systems][cassandra_plan]") {
  for (std::uint32_t seed = 1; seed <= 40; ++seed) {
    const std::size_t dcs = seed % 3 + 1;
    const std::vector<PlacedToken> ring = random_ring(seed, dcs, 4 + seed % 6);
    const auto place = places(ring);
    std::map<std::string, std::set<std::string>> nodes_in;
    std::map<std::string, std::set<std::string>> racks_in;
    for (const PlacedToken& p : ring) {
      nodes_in[p.dc].insert(p.node);
      racks_in[p.dc].insert(p.rack);
    }
    std::string text = "nts:";
    std::map<std::string, std::uint32_t> rf;
    for (const auto& [dc, nodes] : nodes_in) {
      rf[dc] = static_cast<std::uint32_t>(1 + seed % nodes.size());
      text += (text.size() > 4 ? "," : "") + dc + "=" + std::to_string(rf[dc]);
    }
    const auto lists = replica_lists(ring, strategy_from_text(text));
    REQUIRE(lists.size() == ring.size());
    for (const Names& list : lists) {
      CHECK(std::set<std::string>(list.begin(), list.end()).size() == list.size());
      std::map<std::string, std::size_t> count;
      std::map<std::string, std::set<std::string>> racks;
      for (const std::string& n : list) {
        ++count[place.at(n).dc];
        racks[place.at(n).dc].insert(place.at(n).rack);
      }
      for (const auto& [dc, want] : rf) {
        CHECK(count[dc] == want);
        CHECK(racks[dc].size() == std::min<std::size_t>(want, racks_in[dc].size()));
      }
    }
  }
}

TEST_CASE("cassandra plan: a bootstrap streams each gained range from the replica it replaces",
          "[systems][cassandra_plan]") {
  for (std::uint32_t seed = 1; seed <= 30; ++seed) {
    std::vector<PlacedToken> ring = random_ring(seed, 2, 6);
    // dc1 in one rack: the joining node, in a rack of its own, is then one of every range's two
    // dc1 replicas (the walk must use both racks).
    for (PlacedToken& p : ring)
      if (p.dc == "dc1") p.rack = "r1";
    const Strategy s = strategy_from_text("nts:dc1=2,dc2=2");
    RingChange join{ChangeKind::join, "new", {-5, 1'000'000'007, -9'000'000'000'000'000'000}, "dc1", "r9"};
    const Plan plan = plan_change(ring, s, join, {"k1", "k2"});
    CHECK(plan.exactness == Exactness::exact);
    REQUIRE(plan.ranges.has_value());
    std::size_t streamed = 0;
    for (const PlanStep& step : plan.steps) {
      CHECK(step.to == "new");
      streamed += step.names.size();
    }
    // So every range changes, and each gains it alone, from the one old replica it replaces.
    CHECK(plan.ranges->size() == ring.size() + 3);
    CHECK(streamed == plan.ranges->size());
    for (const PlanRange& r : *plan.ranges) {
      CHECK(std::find(r.after.begin(), r.after.end(), "new") != r.after.end());
      CHECK(r.before.size() == 4);
      CHECK(r.after.size() == 4);
    }
    // The shares: every node's hashes before and after add up to 4 replicas of every token.
    unsigned __int128 before = 0;
    unsigned __int128 after = 0;
    for (const NodeShare& n : plan.nodes) {
      before += *n.before.hashes;
      after += *n.after.hashes;
    }
    CHECK(before == static_cast<unsigned __int128>(4) * ~std::uint64_t{0});
    CHECK(after == before);
    CHECK(plan.space_moved->moved == ~std::uint64_t{0});
    // Each key's replicas are its token's range's.
    REQUIRE(plan.keys.size() == 2);
    CHECK(*plan.keys[0].token == token("k1"));
  }
}

TEST_CASE("cassandra plan: decommission and removenode", "[systems][cassandra_plan]") {
  const std::vector<PlacedToken> ring = {
      {0, "a", "dc1", "r1"}, {100, "b", "dc1", "r2"}, {200, "c", "dc1", "r1"}, {300, "d", "dc1", "r2"}};
  const Strategy s = strategy_from_text("nts:dc1=2");
  const Plan leave = plan_change(ring, s, {ChangeKind::leave, "b", {}, "", ""}, {});
  CHECK(leave.exactness == Exactness::exact);
  // b replicates (300,0] (with a) and (0,100] (with c); without it, d is r2's only node and a
  // replica of both.
  REQUIRE(leave.steps.size() == 1);
  CHECK(leave.steps[0].from == "b");
  CHECK(leave.steps[0].to == "d");
  CHECK(leave.steps[0].names == Names{"(300,0]", "(0,100]"});
  REQUIRE(leave.ranges->size() == 2);
  CHECK(leave.ranges->at(1).before == Names{"b", "c"});
  CHECK(leave.ranges->at(1).after == Names{"c", "d"});
  const Plan remove = plan_change(ring, s, {ChangeKind::remove, "b", {}, "", ""}, {});
  CHECK(remove.exactness == Exactness::model);
  // d fetches each from the old replica that stays: a for (300,0], c for (0,100].
  REQUIRE(remove.steps.size() == 2);
  CHECK(remove.steps[0].from == "a");
  CHECK(remove.steps[0].names == Names{"(300,0]"});
  CHECK(remove.steps[1].from == "c");
  CHECK(remove.steps[1].names == Names{"(0,100]"});
  CHECK(remove.warnings.front().kind == "source");
  // every_range lists the ranges that keep their replicas too: with RF 1, a join at 50 changes
  // (0,50] alone, of the finer ring's five.
  const Plan every = plan_change(ring, simple(1), {ChangeKind::join, "e", {50}, "dc1", "r1"}, {}, true);
  REQUIRE(every.ranges->size() == 5);
  for (const PlanRange& r : *every.ranges) CHECK(r.changes == (r.end == 50));
  CHECK(every.steps.size() == 1);
  CHECK(every.steps[0].from == "b");
}

TEST_CASE("cassandra plan: readers and refusals", "[systems][cassandra_plan]") {
  const std::string list = "# a ring\n0 a dc1 r1\n\n100\tb dc1 r2\n";
  CHECK(ring_from_text(list) == std::vector<PlacedToken>{{0, "a", "dc1", "r1"}, {100, "b", "dc1", "r2"}});
  const std::string nodetool =
      "Datacenter: east\n==========\nAddress   Rack  Status State   Load       Owns   Token\n"
      "                                                    100\n"
      "10.0.0.1  r1    Up     Normal  1.5 KiB    ?      -5\n10.0.0.2  r2    Up     Normal  2 KiB      ?      100\n"
      "Datacenter: west\n==========\n10.0.1.1  r1    Up     Normal  1 KiB      ?      7\n";
  CHECK(ring_from_text(nodetool) == std::vector<PlacedToken>{{-5, "10.0.0.1", "east", "r1"},
                                                             {100, "10.0.0.2", "east", "r2"},
                                                             {7, "10.0.1.1", "west", "r1"}});
  CHECK(message_of([] { (void)ring_from_text("0 a dc1\n"); }) ==
        "ring line 1, column 5: expected TOKEN NODE DC RACK, got 3 fields");
  CHECK(message_of([] { (void)ring_from_text("0 a dc1 r1\nx b dc1 r1\n"); }) ==
        "ring line 2, column 1: token must be a signed 64-bit integer, got \"x\"");
  CHECK(message_of([] { (void)ring_from_text("0 a dc1 r1\n5 a dc1 r2\n"); }) ==
        "ring line 2, column 1: node \"a\" is in dc1/r2 here but in dc1/r1 on line 1");
  CHECK(message_of([] { (void)ring_from_text("Address Rack Token\n10.0.0.1 r1 5\n"); }) ==
        "ring line 2, column 1: a nodetool ring row before any Datacenter: line");
  CHECK(message_of([] { (void)strategy_from_text("nts:dc1=2,dc1=3"); }) == "strategy names data centre \"dc1\" twice");
  CHECK(message_of([] { (void)strategy_from_text("network:3"); }) ==
        "strategy must be simple:RF or nts:DC=RF,DC=RF,..., got \"network:3\"");
  const std::vector<PlacedToken> ring = {{0, "a", "dc1", "r1"}, {100, "b", "dc1", "r2"}, {5, "x", "dc2", "r1"}};
  CHECK(message_of([&] { (void)replica_lists(ring, strategy_from_text("nts:dc1=3")); }) ==
        "impossible replication factor: 3 replicas in data centre \"dc1\", which has 2 nodes");
  CHECK(message_of([&] {
          (void)plan_change(ring, strategy_from_text("nts:dc1=2"), {ChangeKind::leave, "a", {}, "", ""}, {});
        }) ==
        "impossible replication factor after the change: 2 replicas in data centre \"dc1\", which would have 1 nodes");
  CHECK(message_of([&] {
          (void)plan_change(ring, simple(1), {ChangeKind::join, "n", {9}, "", ""}, {});
        }) == "dc must be given: the ring has 2 to choose from, \"dc1\" or \"dc2\"");
  CHECK(message_of([&] {
          (void)plan_change(ring, simple(1), {ChangeKind::join, "a", {9}, "dc1", "r1"}, {});
        }) == "server \"a\" is already on the ring");
  CHECK(message_of([&] {
          (void)plan_change(ring, simple(1), {ChangeKind::join, "n", {100}, "dc1", "r1"}, {});
        }) == "token 100 is given to both b and n");
}

TEST_CASE("cassandra plan: bytes from the ranges' sizes", "[systems][cassandra_plan]") {
  const std::vector<PlacedToken> ring = {
      {0, "a", "dc1", "r1"}, {100, "b", "dc1", "r1"}, {200, "c", "dc1", "r1"}, {300, "d", "dc1", "r1"}};
  // The ring's own four ranges, the one that wraps included.
  const std::vector<RangeSize> sizes =
      sizes_from_text("# START END BYTES\n300 0 1000\n0 100 2000\n\n100\t200 3000\n200 300 4000\n");
  CHECK(sizes == std::vector<RangeSize>{{300, 0, 1000}, {0, 100, 2000}, {100, 200, 3000}, {200, 300, 4000}});
  // A leave moves whole ranges: exact. b replicates (300,0] and (0,100] with RF 2.
  const Plan leave = plan_change(ring, simple(2), {ChangeKind::leave, "b", {}, "", ""}, {}, false, sizes);
  REQUIRE(leave.bytes.has_value());
  CHECK(leave.bytes->exactness == Exactness::exact);
  CHECK(leave.bytes->given == 10000);
  CHECK(leave.bytes->covered == ~std::uint64_t{0});
  std::uint64_t streamed = 0;
  for (const PlanStep& step : leave.steps) {
    REQUIRE(step.bytes.has_value());
    std::uint64_t sum = 0;
    for (const std::string& name : step.names)
      for (const PlanRange& r : *leave.ranges)
        if (range_text(r.start, r.end) == name) sum += *r.bytes;
    CHECK(*step.bytes == sum);
    streamed += *step.bytes;
  }
  CHECK(leave.bytes->streamed == streamed);
  CHECK(streamed == 1000 + 2000);
  // A join at 50 splits (0,100]: its first half holds half the bytes, and the figure is a model.
  const Plan join = plan_change(ring, simple(1), {ChangeKind::join, "e", {50}, "dc1", "r1"}, {}, true, sizes);
  REQUIRE(join.bytes.has_value());
  CHECK(join.bytes->exactness == Exactness::model);
  CHECK(join.bytes->streamed == 1000);
  for (const PlanRange& r : *join.ranges) {
    REQUIRE(r.bytes.has_value());
    if (r.end == 50 || r.end == 100) CHECK(*r.bytes == 1000);
  }
  // Sizes that cover part of the ring: what they leave out holds no bytes they know of.
  const Plan part =
      plan_change(ring, simple(2), {ChangeKind::leave, "b", {}, "", ""}, {}, false, sizes_from_text("0 50 500\n"));
  CHECK(part.bytes->covered == 50);
  CHECK(part.bytes->streamed == 500);
  CHECK(part.bytes->exactness == Exactness::exact);
  REQUIRE(part.warnings.size() == 1);
  CHECK(part.warnings[0].kind == "sizes");
  CHECK(part.warnings[0].text ==
        "2 ranges that change are not covered by the sizes given (the first is (300,0]): their bytes outside them "
        "are counted as none");
  // Refusals, with the line and column.
  CHECK(message_of([] { (void)sizes_from_text("0 100\n"); }) ==
        "sizes line 1, column 3: expected START END BYTES, got 2 fields");
  CHECK(message_of([] { (void)sizes_from_text("0 100 x\n"); }) ==
        "sizes line 1, column 7: bytes must be a safe integer, got \"x\"");
  CHECK(message_of([] { (void)sizes_from_text("0 100 -1\n"); }) ==
        "sizes line 1, column 7: bytes must be a whole number from 0, got -1");
  CHECK(message_of([] { (void)sizes_from_text("0 100 1\n# a comment\n50 60 1\n"); }) ==
        "sizes line 3, column 1: range (50,60] overlaps range (0,100] of line 1");
  CHECK(message_of([] { (void)sizes_from_text("300 0 1\n-5 10 1\n"); }) ==
        "sizes line 2, column 1: range (-5,10] overlaps range (300,0] of line 1");
  CHECK(message_of([] { (void)join_tokens_from_list({}, "tokens"); }) == "tokens must list at least one token");
  CHECK(message_of([] {
          (void)join_tokens_from_list({"1", "x"}, "tokens");
        }) == "tokens entry 2: token must be a signed 64-bit integer, got \"x\"");
}

}  // namespace test_cassandra_plan
