// Redis Cluster's migration plans (systems/redis_plan.hpp): the CLUSTER NODES reader and
// redis-cli 7.0.15's rebalance and reshard. tests/systems/redis-plan.mjs holds the plans to the
// real redis-cli on random layouts; these are the cases the arithmetic turns on, each small
// enough to follow by hand.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ringlab/error.hpp"
#include "ringlab/systems/plan.hpp"
#include "ringlab/systems/redis_plan.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_redis_plan {

using namespace ringlab::systems;
using namespace ringlab::systems::redis;

namespace {

std::string id(char c) { return std::string(40, c); }

// A CLUSTER NODES line for a master: ids of one repeated hex digit, ports from 7000.
std::string line(char c, int port, const std::string& slots, bool myself = false) {
  return id(c) + " 127.0.0.1:" + std::to_string(port) + "@1" + std::to_string(port) + " " +
         (myself ? "myself,master" : "master") + " - 0 1700000000000 1 connected" + (slots.empty() ? "" : " " + slots) +
         "\n";
}

std::string slots_text(const PlanStep& s) { return ranges_text(s.units); }

std::string error_of(const std::string& text) {
  try {
    (void)read_cluster_nodes(text);
  } catch (const ringlab::Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("CLUSTER NODES: the node marked myself first, then the others as listed", "[systems][plan]") {
  const std::string text = line('b', 7001, "5461-10922") + line('a', 7000, "0-5460", true) + id('d') +
                           " 127.0.0.1:7003@17003 slave " + id('a') + " 0 1700000000000 1 connected\n" +
                           line('c', 7002, "10923-16382 16383");
  const std::vector<ClusterNode> nodes = read_cluster_nodes(text);
  REQUIRE(nodes.size() == 4);
  CHECK(nodes[0].id == id('a'));
  CHECK(nodes[1].id == id('b'));
  CHECK(nodes[2].replica);
  CHECK(nodes[2].master == id('a'));
  CHECK(nodes[3].slots.size() == 5461);
  CHECK(nodes[3].slots.back() == 16383);
}

TEST_CASE("CLUSTER NODES: what redis-cli would refuse is a named error with its place", "[systems][plan]") {
  const std::string ok = line('b', 7001, "5461-10922") + line('c', 7002, "10923-16383");
  CHECK(error_of(line('a', 7000, "0-5460", true) + ok) == "no error");
  CHECK(error_of(line('a', 7000, "0-5460") + ok) ==
        "CLUSTER NODES: no line has the flag myself: give the CLUSTER NODES text of the node redis-cli is pointed at");
  CHECK(error_of(line('a', 7000, "0-5459", true) + ok) ==
        "CLUSTER NODES: 1 slots are held by no master (the first is 5460): redis-cli refuses a cluster that does not "
        "cover all 16384");
  CHECK(error_of(line('a', 7000, "0-5461", true) + ok) ==
        "CLUSTER NODES line 2, column 100: slot 5461 is also held by line 1");
  CHECK(error_of(line('a', 7000, "0-5460 [5461->-" + id('b') + "]", true) + ok) ==
        "CLUSTER NODES line 1, column 114: slot 5461 is open (migrating or importing): redis-cli refuses to plan "
        "until it is fixed");
  CHECK(error_of("xyz 127.0.0.1:7000@17000 myself,master - 0 0 1 connected 0-16383\n") ==
        "CLUSTER NODES line 1, column 1: a node id must be 40 hex digits, got \"xyz\"");
  CHECK(error_of(id('a') + " 127.0.0.1:7000 myself,master - 0 0 1 connected 0-16383\n") ==
        "CLUSTER NODES line 1, column 42: expected IP:PORT@BUSPORT, got \"127.0.0.1:7000\"");
  CHECK(error_of(id('a') + " 127.0.0.1:7000@17000 myself,master,leader - 0 0 1 connected 0-16383\n") ==
        "CLUSTER NODES line 1, column 77: unknown flag \"leader\"");
  CHECK(error_of(id('a') + " 127.0.0.1:7000@17000 myself,master,fail - 0 0 1 connected 0-16383\n") ==
        "CLUSTER NODES line 1, column 63: node " + id('a') +
            " is marked fail: redis-cli leaves it out, so fix the cluster first");
}

TEST_CASE("rebalance: an empty master with --use-empty-masters takes a share from each", "[systems][plan]") {
  // redis-cli --cluster create's three masters and an added node: 16384 / 4 = 4096 each; the
  // three givers' balances are 1365, 1366 and 1365, the biggest giver first (the sort is stable).
  const std::string text = line('a', 7000, "0-5460", true) + line('b', 7001, "5461-10922") +
                           line('c', 7002, "10923-16383") + line('d', 7003, "");
  const std::vector<ClusterNode> nodes = read_cluster_nodes(text);
  RebalanceOptions o;
  CHECK(plan_rebalance(nodes, o).note == "No rebalancing needed! All nodes are within the 2.00% threshold.");
  o.use_empty_masters = true;
  const Plan p = plan_rebalance(nodes, o);
  REQUIRE(p.steps.size() == 3);
  CHECK(p.steps[0].from == id('b'));
  CHECK(slots_text(p.steps[0]) == "5461-6826");
  CHECK(p.steps[1].from == id('c'));
  CHECK(slots_text(p.steps[1]) == "10923-12287");
  CHECK(p.steps[2].from == id('a'));
  CHECK(slots_text(p.steps[2]) == "0-1364");
  CHECK(p.nodes[3].after.units == 4096);
  CHECK(p.nodes[3].after.ranges == 3);
  CHECK_FALSE(p.stops_after_units.has_value());
  // The alternative ends with the same counts.
  REQUIRE(p.alternatives.size() == 1);
  for (std::size_t i = 0; i < p.nodes.size(); ++i)
    CHECK(p.alternatives[0].nodes[i].after.units == p.nodes[i].after.units);
}

TEST_CASE("rebalance: a weight-0 drain, and the rounding fix-up giving the first receiver one more",
          "[systems][plan]") {
  const std::string text = line('a', 7000, "0-4095", true) + line('b', 7001, "4096-8191") +
                           line('c', 7002, "8192-12287") + line('d', 7003, "12288-16383");
  RebalanceOptions o;
  o.weights = {{"BB", 0}};  // a prefix, in any case
  const Plan p = plan_rebalance(read_cluster_nodes(text), o);
  REQUIRE(p.steps.size() == 3);
  CHECK(p.steps[0].to == id('a'));
  CHECK(slots_text(p.steps[0]) == "4096-5461");
  CHECK(slots_text(p.steps[1]) == "5462-6826");
  CHECK(slots_text(p.steps[2]) == "6827-8191");
  CHECK(p.nodes[0].after.units == 5462);
  // b gives its last slot in the last move: nothing follows, the run ends.
  CHECK_FALSE(p.stops_after_units.has_value());
}

TEST_CASE("reshard: the shortfall, and a source emptied before the end stops the real run", "[systems][plan]") {
  const std::string text = line('a', 7000, "0-5460", true) + line('b', 7001, "5461-10922") +
                           line('c', 7002, "10923-16383") + line('d', 7003, "");
  const std::vector<ClusterNode> nodes = read_cluster_nodes(text);
  // 11 slots from 5461, 5462 and 5461: ceil(3.67) = 4 from b, then floor(3.67) = 3 twice.
  const Plan p = plan_reshard(nodes, {{"all"}, id('d'), 11});
  REQUIRE(p.steps.size() == 3);
  CHECK(p.steps[0].units.size() == 4);
  CHECK(p.steps[0].from == id('b'));
  CHECK(p.steps[1].from == id('a'));
  CHECK(p.steps[2].from == id('c'));
  REQUIRE(p.warnings.size() == 1);
  CHECK(p.warnings[0].kind == "shortfall");
  // Everything a and c hold: a (listed first) gives all its slots first, turns into a replica,
  // and the next move, c's first slot, is the last that happens.
  const Plan all = plan_reshard(nodes, {{id('a'), id('c')}, id('d'), 16384});
  REQUIRE(all.stops_after_units.has_value());
  CHECK(*all.stops_after_units == 5462);
  CHECK(all.nodes_if_stopped[2].after.units == 5460);
}

TEST_CASE("plans: named errors for the options", "[systems][plan]") {
  const std::vector<ClusterNode> nodes =
      read_cluster_nodes(line('a', 7000, "0-8191", true) + line('b', 7001, "8192-16383"));
  const auto code = [](auto&& f) {
    try {
      f();
    } catch (const ringlab::Error& e) {
      return std::string(e.rule().id);
    }
    return std::string("no error");
  };
  CHECK(code([&] { (void)plan_rebalance(nodes, {{{"a", 0}, {"b", 0}}, false, 2}); }) == "redisNoWeightLeft");
  CHECK(code([&] { (void)plan_rebalance(nodes, {{{"e", 1}}, false, 2}); }) == "redisUnknownNode");
  CHECK(code([&] { (void)plan_rebalance(nodes, {{{"a", -1}}, false, 2}); }) == "interval");
  CHECK(code([&] { (void)plan_reshard(nodes, {{"all"}, id('a'), 0}); }) == "between");
  CHECK(code([&] { (void)plan_reshard(nodes, {{id('b'), id('b')}, id('a'), 1}); }) == "duplicateListed");
  CHECK(code([&] { (void)plan_reshard(nodes, {{id('a')}, id('a'), 1}); }) == "redisNoSource");
}

}  // namespace test_redis_plan
