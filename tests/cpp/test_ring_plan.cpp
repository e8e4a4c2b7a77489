// The ring and table systems' plans (systems/ring_plan.hpp), held to `place`: for random
// configurations and changes, every one of 10,000 random keys goes before and after where the
// plan's arcs say (its server unchanged where no arc holds its hash), and the plan's counts add
// up exactly: the arcs to the moved hashes, every server's share before and after to the whole
// space, each server's change to what its arcs bring and take.
#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ringlab/random.hpp"
#include "ringlab/systems/hashes.hpp"
#include "ringlab/systems/memcached.hpp"
#include "ringlab/systems/placement.hpp"
#include "ringlab/systems/plan.hpp"
#include "ringlab/systems/ring_plan.hpp"
#include "ringlab/systems/twemproxy.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_ring_plan {

using namespace ringlab::systems;

namespace {

struct Case {
  std::string system;
  std::vector<std::string> flags;
  ServerChange change;
  // The hash the plan's space is of, for systems whose reason() gives none (a modulo).
  std::function<std::uint64_t(const std::string&)> hash;
};

std::string name_of(const Placement& p, std::int32_t server) {
  return server < 0 ? "(none)" : p.servers()[static_cast<std::size_t>(server)].name;
}

void check(const Case& c, ringlab::Mulberry32& random) {
  INFO(c.system << " " <<
       [&] {
         std::string f;
         for (const std::string& x : c.flags) f += x + " ";
         return f;
       }() << "change "
                << static_cast<int>(c.change.kind) << " " << c.change.server << " w " << c.change.weight);
  const std::unique_ptr<Placement> before = configure(c.system, c.flags, {});
  const RingPlanTarget* target = ring_plan_target(c.system);
  REQUIRE(target != nullptr);
  const std::unique_ptr<Placement> after = ring_changed(*target, *before, c.change, [&](const std::string& server) {
    std::vector<std::string> flags = c.flags;
    flags.insert(flags.end(), {"--ejected", server});
    return configure(c.system, flags, {});
  });
  const Plan plan = plan_server_change({c.system, "test"}, *before, *after, c.change, {}, false);
  REQUIRE(plan.arcs.has_value());
  const PlanArcs& arcs = *plan.arcs;

  // The counts add up.
  HashCount moved = 0;
  std::map<std::string, HashCount> gains, losses;
  for (const PlanArc& a : arcs.arcs) {
    REQUIRE(a.before != a.after);
    moved += a.hashes;
    losses[a.before] += a.hashes;
    gains[a.after] += a.hashes;
  }
  CHECK(count_text(moved) == count_text(arcs.necessary + arcs.collateral));
  HashCount all_before = 0, all_after = 0;
  for (const ServerHashes& s : arcs.servers) {
    all_before += s.before;
    all_after += s.after;
    INFO(s.server);
    CHECK(count_text(s.before + gains[s.server]) == count_text(s.after + losses[s.server]));
  }
  CHECK(count_text(all_before) == count_text(arcs.size));
  CHECK(count_text(all_after) == count_text(arcs.size));
  std::size_t in_steps = 0;
  for (const PlanStep& s : plan.steps) in_steps += s.units.size();
  CHECK(in_steps == arcs.arcs.size());
  // A table's units are its entries, one each: the plan's count is of entries, not runs of them.
  if (!arcs.ring)
    for (const PlanArc& a : arcs.arcs) CHECK(a.start == a.end);

  // Every key goes where the arcs say.
  std::size_t moved_keys = 0;
  for (int i = 0; i < 10000; ++i) {
    const std::string key = "k" + std::to_string(random.next_uint32()) + "-" + std::to_string(i);
    const std::string b = name_of(*before, before->answer(key, "key").server);
    const std::string a = name_of(*after, after->answer(key, "key").server);
    const std::uint64_t h = c.hash ? c.hash(key) : before->reason(key, "key").hash;
    const PlanArc* arc = arc_of_hash(arcs, h);
    INFO(key << " hash " << h << ": " << b << " -> " << a);
    if (arc == nullptr) {
      REQUIRE(b == a);
      continue;
    }
    ++moved_keys;
    REQUIRE(arc->before == b);
    if (arc->after == "(by key)") {
      REQUIRE(a != b);  // rehashed away from the down server, to one that is up
      REQUIRE(a != "(none)");
    } else {
      REQUIRE(arc->after == a);
    }
  }
  // A change that moves a share moves some keys: the arcs are not all elsewhere.
  if (moved * 20 > arcs.size) CHECK(moved_keys > 0);
}

std::string pick(ringlab::Mulberry32& r, const std::vector<std::string>& from) {
  return from[r.next_uint32() % from.size()];
}

// A random change to servers named `names` (the system's names for them), a new one `fresh`.
ServerChange random_change(ringlab::Mulberry32& r, const std::vector<std::string>& names, const std::string& fresh,
                           bool down, std::int64_t max_weight) {
  const std::uint32_t kinds = down ? 4 : 3;
  ServerChange c;
  switch (r.next_uint32() % kinds) {
    case 0:
      c.kind = ServerChange::Kind::add;
      c.server = fresh;
      break;
    case 1: c.kind = ServerChange::Kind::remove; break;
    case 2: c.kind = ServerChange::Kind::weight; break;
    default: c.kind = ServerChange::Kind::down; break;
  }
  if (c.kind != ServerChange::Kind::add) c.server = pick(r, names);
  c.weight = 1 + static_cast<std::int64_t>(r.next_uint32() % static_cast<std::uint32_t>(max_weight));
  return c;
}

}  // namespace

TEST_CASE("ring plans: each key's servers before and after are the arcs'", "[systems][plan][rings]") {
  ringlab::Mulberry32 random(20261204);
  for (int round = 0; round < 3; ++round) {
    const std::size_t n = 2 + random.next_uint32() % 5;
    std::vector<std::string> hosts, names;
    for (std::size_t i = 0; i < n; ++i) hosts.push_back("10.0." + std::to_string(round) + "." + std::to_string(i + 1));
    const auto weighted = [&](const std::string& sep, const std::string& suffix, std::int64_t max) {
      std::string out;
      for (const std::string& h : hosts)
        out += (out.empty() ? "" : ",") + h + suffix + sep +
               std::to_string(1 + random.next_uint32() % static_cast<std::uint32_t>(max));
      return out;
    };
    SECTION("memcached, round " + std::to_string(round)) {
      for (const char* mode :
           {"consistent", "consistent_ketama", "consistent_weighted", "behavior_ketama_weighted", "modula"}) {
        names.clear();
        for (const std::string& h : hosts) names.push_back(h + ":11211");
        Case c{"memcached",
               {"--servers", weighted("=", "", 3), "--mode", mode},
               random_change(random, names, "10.9.9.9:11211", false, 3),
               {}};
        if (std::string(mode) == "modula") {
          c.hash = [](const std::string& key) { return memcached_hash_value(MemcachedHash::default_hash, key); };
          // Removing the last but one leaves one server, which the library does not hash for.
          if (n == 2 && c.change.kind == ServerChange::Kind::remove) c.change.kind = ServerChange::Kind::weight;
        }
        check(c, random);
      }
    }
    SECTION("libketama, round " + std::to_string(round)) {
      names.clear();
      for (const std::string& h : hosts) names.push_back(h + ":11211");
      check({"libketama",
             {"--servers", weighted("=", ":11211", 1000)},
             random_change(random, names, "10.9.9.9:11211", false, 1000),
             {}},
            random);
    }
    SECTION("twemproxy, round " + std::to_string(round)) {
      for (const char* distribution : {"ketama", "modula"}) {
        names = hosts;
        Case c{"twemproxy",
               {"--servers", weighted(":", ":11211", 3), "--distribution", distribution},
               random_change(random, names, "10.9.9.9:11211:1", true, 3),
               {}};
        if (c.change.kind == ServerChange::Kind::add)
          c.change.server = "10.9.9.9:11211:" + std::to_string(c.change.weight);
        if (n == 2 && c.change.kind != ServerChange::Kind::add && c.change.kind != ServerChange::Kind::weight)
          c.change.kind = ServerChange::Kind::weight;
        // The hash of a key as nutcracker takes it, for either distribution.
        c.hash = [](const std::string& key) { return twemproxy_hash_value(TwemproxyHash::fnv1a_64, key); };
        check(c, random);
      }
    }
    SECTION("nginx, round " + std::to_string(round)) {
      for (const char* mode : {"consistent", "hash"}) {
        names.clear();
        std::string servers;
        for (const std::string& h : hosts) {
          names.push_back(h + ":80");
          servers += (servers.empty() ? "" : ",") + h + ":80=" + std::to_string(1 + random.next_uint32() % 3);
        }
        Case c{
            "nginx", {"--servers", servers, "--mode", mode}, random_change(random, names, "10.9.9.9:80", true, 3), {}};
        if (n == 2 && c.change.kind != ServerChange::Kind::add && c.change.kind != ServerChange::Kind::weight)
          c.change.kind = ServerChange::Kind::weight;
        if (std::string(mode) == "hash") c.hash = [](const std::string& key) { return (crc32(key) >> 16) & 0x7fff; };
        check(c, random);
      }
    }
    SECTION("envoy, round " + std::to_string(round)) {
      names.clear();
      std::string list;
      for (const std::string& h : hosts) {
        names.push_back(h + ":80");
        list += (list.empty() ? "" : ",") + h + ":80=" + std::to_string(1 + random.next_uint32() % 4);
      }
      check({"envoy-ring", {"--hosts", list}, random_change(random, names, "10.9.9.9:80", false, 4), {}}, random);
      check({"envoy-maglev",
             {"--hosts", list, "--table", round == 0 ? "65537" : "1009"},
             random_change(random, names, "10.9.9.9:80", false, 4),
             {}},
            random);
    }
  }
}

TEST_CASE("ring plans: a modulus with too many residues is a named error", "[systems][plan][rings]") {
  const std::unique_ptr<Placement> before =
      configure("twemproxy", {"--servers", "a:1:3000000,b:1:2000000", "--distribution", "modula"}, {});
  try {
    (void)hash_space_of("twemproxy", *before);
    FAIL("no error");
  } catch (const ringlab::Error& e) {
    CHECK(e.code() == ringlab::ErrorCode::limit_exceeded);
    CHECK(std::string(e.rule().id) == "planModulus");
  }
}

// The change's rules, the core's for every surface (the command line's flags, the package's
// typed options): a down mark the system has not, a server already down, a twemproxy server that
// is none; and an ejection is the pool configured again with the server in --ejected.
TEST_CASE("ring plans: the change is made by the core's rules", "[systems][plan][rings]") {
  const auto rule_of = [](const std::function<void()>& f) {
    try {
      f();
    } catch (const ringlab::Error& e) {
      return std::string(e.rule().id);
    }
    return std::string("none");
  };
  const std::vector<std::string> pool = {"--servers", "a:1:1,b:1:2,c:1:1"};
  const auto eject = [&](const std::string& server) {
    std::vector<std::string> flags = pool;
    flags.insert(flags.end(), {"--ejected", server});
    return configure("twemproxy", flags, {});
  };
  const std::unique_ptr<Placement> twemproxy = configure("twemproxy", pool, {});
  const RingPlanTarget& tw = *ring_plan_target("twemproxy");
  CHECK(std::string(tw.tool) == "nutcracker 0.5.0");
  CHECK(ring_plan_target("kafka") == nullptr);
  CHECK(ring_plan_targets().size() == 6);
  ServerChange down{ServerChange::Kind::down, "b:1", 1};
  const std::unique_ptr<Placement> ejected = ring_changed(tw, *twemproxy, down, eject);
  CHECK(ejected->servers()[1].down);
  CHECK(rule_of([&] { (void)ring_changed(tw, *ejected, down, eject); }) == "planNoChange");
  CHECK(rule_of([&] {
          (void)ring_changed(tw, *twemproxy, {ServerChange::Kind::down, "z", 1}, eject);
        }) == "notAServer");
  const std::unique_ptr<Placement> memcached = configure("memcached", {"--servers", "a,b"}, {});
  CHECK(rule_of([&] {
          (void)ring_changed(*ring_plan_target("memcached"), *memcached, {ServerChange::Kind::down, "a:11211", 1}, {});
        }) == "planNoDown");
  const std::unique_ptr<Placement> nginx = configure("nginx", {"--servers", "a:80,b:80", "--down", "a:80"}, {});
  CHECK(rule_of([&] {
          (void)ring_changed(*ring_plan_target("nginx"), *nginx, {ServerChange::Kind::down, "a:80", 1}, {});
        }) == "planNoChange");
  // Envoy leaves a host that fails its health check out, as if removed.
  const std::unique_ptr<Placement> envoy =
      configure("envoy-maglev", {"--hosts", "10.0.0.1:80,10.0.0.2:80,10.0.0.3:80"}, {});
  const auto unhealthy =
      ring_changed(*ring_plan_target("envoy-maglev"), *envoy, {ServerChange::Kind::down, "10.0.0.2:80", 1}, {});
  const auto removed =
      ring_changed(*ring_plan_target("envoy-maglev"), *envoy, {ServerChange::Kind::remove, "10.0.0.2:80", 1}, {});
  CHECK(unhealthy->servers().size() == 2);
  for (const char* key : {"k1", "k2", "k3", "user:1"})
    CHECK(unhealthy->result(key, "key") == removed->result(key, "key"));
}

}  // namespace test_ring_plan
