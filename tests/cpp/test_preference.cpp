// Preference lists (docs/algorithms.md#preference-list): replicas walking clockwise, plain and zone-aware.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "golden.hpp"
#include "ringlab/error.hpp"
#include "ringlab/random.hpp"
#include "ringlab/ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_preference {

using golden::u16;
using ringlab::Ring;
using ringlab::Server;

namespace {

// The servers in the order the clockwise walk from owner(x) first meets them (every server).
std::vector<std::uint32_t> walk_order(const Ring& ring, std::uint32_t x) {
  std::vector<std::uint32_t> out;
  const std::size_t n = ring.size();
  const std::size_t start = ring.owner_point(x);
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t s = ring.point_servers()[(start + k) % n];
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  return out;
}

// The walk of docs/algorithms.md#preference-list, written out: the first lap takes servers of zones not yet
// represented, then a second lap adds the rest in walk order.
std::vector<std::uint32_t> spec_zone_list(const Ring& ring, std::uint32_t x, std::size_t rf) {
  const std::vector<std::uint32_t> order = walk_order(ring, x);
  const std::size_t want = std::min(rf, order.size());
  std::vector<std::uint32_t> out;
  std::set<std::u16string> zones;
  for (std::uint32_t s : order) {
    if (out.size() == want) break;
    if (zones.insert(ring.servers()[s].zone).second) out.push_back(s);
  }
  for (std::uint32_t s : order) {
    if (out.size() == want) break;
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  return out;
}

std::vector<Server> zoned(std::uint32_t count, std::uint32_t zones, std::uint32_t weight_every = 0) {
  std::vector<Server> out;
  for (std::uint32_t i = 0; i < count; ++i) {
    Server s{ringlab::default_server_name(i), 1.0, u16("zone-" + std::to_string(i % zones))};
    if (weight_every && i % weight_every == 0) s.weight = 2.5;
    out.push_back(std::move(s));
  }
  return out;
}

bool distinct(const std::vector<std::uint32_t>& v) {
  return std::set<std::uint32_t>(v.begin(), v.end()).size() == v.size();
}

}  // namespace

TEST_CASE("a preference list never repeats a server and has min(rf servers) entries", "[preference]") {
  ringlab::Mulberry32 rng(4);
  for (auto [n, v] : {std::pair<std::uint32_t, std::uint32_t>{1, 1}, {2, 1}, {5, 1}, {5, 100}, {12, 10}}) {
    const Ring ring = Ring::uniform(n, v);
    for (int k = 0; k < 200; ++k) {
      const std::uint32_t x = rng.next_uint32();
      for (std::int64_t rf : {1, 2, 3, 5, 12, 13, 100}) {
        INFO(n << " servers x " << v << ", rf " << rf << ", hash " << x);
        const auto list = ring.preference_list(x, rf);
        CHECK(list.size() == static_cast<std::size_t>(std::min<std::int64_t>(rf, n)));
        CHECK(distinct(list));
        REQUIRE_FALSE(list.empty());
        CHECK(list[0] == ring.owner(x));
        // Walk order: the first rf servers the clockwise walk meets.
        auto order = walk_order(ring, x);
        order.resize(list.size());
        CHECK(list == order);
      }
    }
  }
}

TEST_CASE("a preference list with rf 1 is the owner and with rf at least servers is everyone", "[preference]") {
  const Ring ring = Ring::uniform(6, 20);
  for (std::uint32_t x : {0u, 1u, 599759890u, 0xFFFFFFFFu, ring.tokens()[7], ring.tokens().back()}) {
    CHECK(ring.preference_list(x, 1) == std::vector<std::uint32_t>{ring.owner(x)});
    CHECK(ring.preference_list(x, 1, true) == std::vector<std::uint32_t>{ring.owner(x)});
    auto all = ring.preference_list(x, 6);
    auto more = ring.preference_list(x, 1000000);
    CHECK(all == more);
    std::sort(all.begin(), all.end());
    CHECK(all == std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5});
  }
}

TEST_CASE("a preference list wraps around the ring", "[preference]") {
  const Ring ring = Ring::uniform(4, 3);
  // Starting after the last token, the walk begins at point 0.
  const std::uint32_t past = ring.tokens().back() + 1;
  const auto list = ring.preference_list(past, 4);
  CHECK(list[0] == ring.point_servers()[0]);
  CHECK(list == walk_order(ring, 0));
  // Starting at the last point, the second server comes from the start of the ring.
  const std::uint32_t last = ring.tokens().back();
  const auto from_last = ring.preference_list(last, 2);
  CHECK(from_last[0] == ring.point_servers()[ring.size() - 1]);
  const auto order = walk_order(ring, last);
  CHECK(from_last == std::vector<std::uint32_t>(order.begin(), order.begin() + 2));
}

TEST_CASE("zone-aware preference lists take one server per zone on the first lap", "[preference][zones]") {
  ringlab::Mulberry32 rng(11);
  for (auto [n, z, v] : {std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>{6, 3, 10},
                         {9, 3, 1},
                         {10, 4, 25},
                         {5, 5, 7},
                         {8, 2, 50},
                         {7, 3, 4}}) {
    const Ring ring(zoned(n, z, 3), v);
    for (int k = 0; k < 200; ++k) {
      const std::uint32_t x = rng.next_uint32();
      for (std::int64_t rf : {1, 2, 3, 4, 5, 9, 20}) {
        INFO(n << " servers in " << z << " zones x " << v << ", rf " << rf << ", hash " << x);
        const auto list = ring.preference_list(x, rf, true);
        CHECK(list.size() == static_cast<std::size_t>(std::min<std::int64_t>(rf, n)));
        CHECK(distinct(list));
        CHECK(list[0] == ring.owner(x));
        CHECK(list == spec_zone_list(ring, x, static_cast<std::size_t>(rf)));
        // The first min(rf, zones) replicas are in different zones.
        std::set<std::u16string> zones;
        const std::size_t first_lap = std::min<std::size_t>(list.size(), z);
        for (std::size_t i = 0; i < first_lap; ++i) zones.insert(ring.servers()[list[i]].zone);
        CHECK(zones.size() == first_lap);
      }
    }
  }
}

TEST_CASE("zone-aware lists equal plain lists when zones cannot matter", "[preference][zones]") {
  ringlab::Mulberry32 rng(12);
  // One zone for everyone (the default "" zone), and one zone per server.
  const Ring same = Ring::uniform(7, 30);
  const Ring own(zoned(7, 7), 30);
  for (int k = 0; k < 300; ++k) {
    const std::uint32_t x = rng.next_uint32();
    for (std::int64_t rf : {1, 3, 7}) {
      CHECK(same.preference_list(x, rf, true) == same.preference_list(x, rf));
      CHECK(own.preference_list(x, rf, true) == own.preference_list(x, rf));
    }
  }
}

TEST_CASE("the empty zone is a zone like any other", "[preference][zones]") {
  std::vector<Server> servers = {{u"a", 1.0, u""}, {u"b", 1.0, u""}, {u"c", 1.0, u"z"}, {u"d", 1.0, u"z"}};
  const Ring ring(servers, 16);
  ringlab::Mulberry32 rng(13);
  for (int k = 0; k < 200; ++k) {
    const std::uint32_t x = rng.next_uint32();
    const auto list = ring.preference_list(x, 2, true);
    REQUIRE(list.size() == 2);
    CHECK(ring.servers()[list[0]].zone != ring.servers()[list[1]].zone);
    CHECK(ring.preference_list(x, 4, true) == spec_zone_list(ring, x, 4));
  }
}

TEST_CASE("preference_walk over a ring's points is the ring's preference list", "[preference][walk]") {
  ringlab::Mulberry32 rng(14);
  for (auto [n, z, v] : {std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>{1, 1, 1},
                         {6, 3, 10},
                         {9, 3, 1},
                         {10, 4, 25},
                         {7, 7, 3}}) {
    const Ring ring(zoned(n, z, 3), v);
    const std::vector<std::uint32_t> tokens(ring.tokens().begin(), ring.tokens().end());
    const std::vector<std::uint32_t> servers = ring.point_servers().to_vector();
    std::vector<std::uint32_t> zone_of;
    for (std::uint32_t s = 0; s < n; ++s) zone_of.push_back(s % z);
    for (int k = 0; k < 200; ++k) {
      const std::uint32_t x = k == 0 ? tokens.back() + 1 : k == 1 ? tokens.back() : rng.next_uint32();
      const std::size_t start = ringlab::owner_point_in(tokens, x);
      REQUIRE(start == ring.owner_point(x));
      for (std::int64_t rf : {1, 2, 3, 5, 20}) {
        INFO(n << " servers in " << z << " zones x " << v << ", rf " << rf << ", hash " << x);
        CHECK(ringlab::preference_walk(servers, n, start, rf) == ring.preference_list(x, rf));
        CHECK(ringlab::preference_walk(servers, n, start, rf, zone_of) == ring.preference_list(x, rf, true));
      }
    }
  }
}

TEST_CASE("preference_walk: the tutorial's ring and its checks", "[preference][walk]") {
  // §5: tokens 105 290 450 610 845 930 held by A B C B C A; the list for 700 with rf 3 is C, A, B.
  const std::vector<std::uint32_t> tokens = {105, 290, 450, 610, 845, 930};
  const std::vector<std::uint32_t> servers = {0, 1, 2, 1, 2, 0};
  const std::size_t start = ringlab::owner_point_in(tokens, 700);
  CHECK(start == 4);
  CHECK(ringlab::owner_point_in(tokens, 931) == 0);
  CHECK(ringlab::owner_point_in(tokens, 105) == 0);
  CHECK(ringlab::owner_point_in({}, 5) == 0);
  CHECK(ringlab::preference_walk(servers, 3, start, 3) == std::vector<std::uint32_t>{2, 0, 1});
  // A and B share a zone: the first lap takes C and A, the second lap B.
  const std::vector<std::uint32_t> zones = {1, 1, 2};
  CHECK(ringlab::preference_walk(servers, 3, start, 2, zones) == std::vector<std::uint32_t>{2, 0});
  CHECK(ringlab::preference_walk(servers, 3, start, 3, zones) == std::vector<std::uint32_t>{2, 0, 1});
  CHECK(ringlab::preference_walk(servers, 4, start, 9) == std::vector<std::uint32_t>{2, 0, 1});
  CHECK(ringlab::preference_walk({}, 3, 0, 2).empty());

  const auto code = [](auto f) {
    try {
      (void)f();
    } catch (const ringlab::Error& e) {
      return std::string(e.code_name());
    }
    return std::string("none");
  };
  CHECK(code([&] { return ringlab::preference_walk(servers, 3, start, 0); }) == "out_of_range");
  CHECK(code([&] { return ringlab::preference_walk(servers, 3, 6, 1); }) == "out_of_range");
  CHECK(code([&] { return ringlab::preference_walk(servers, 2, start, 1); }) == "invalid_argument");
  CHECK(code([&] {
          return ringlab::preference_walk(servers, 3, start, 1, std::vector<std::uint32_t>{1, 2});
        }) == "invalid_argument");
}

TEST_CASE("preference_walk over points alone: servers from the points or the zones, and its checks",
          "[preference][walk]") {
  // The tutorial's ring by its points: the same walk as with the server count given.
  const std::vector<std::uint32_t> tokens = {105, 290, 450, 610, 845, 930};
  const std::vector<std::uint32_t> servers = {0, 1, 2, 1, 2, 0};
  const std::vector<std::uint32_t> zones = {1, 1, 2};
  CHECK(ringlab::preference_walk(tokens, servers, 700, 3, std::nullopt) == std::vector<std::uint32_t>{2, 0, 1});
  CHECK(ringlab::preference_walk(tokens, servers, 700, 2, zones) == std::vector<std::uint32_t>{2, 0});
  CHECK(ringlab::preference_walk({}, {}, 5, 2, std::nullopt).empty());

  const auto error = [](auto f) {
    try {
      (void)f();
    } catch (const ringlab::Error& e) {
      return std::string(e.code_name()) + ": " + e.what();
    }
    return std::string("none");
  };
  CHECK(error([&] {
          return ringlab::preference_walk(tokens, std::vector<std::uint32_t>{0, 1}, 700, 1, std::nullopt);
        }) == "invalid_argument: tokens and servers differ in length");
  CHECK(error([&] {
          return ringlab::preference_walk(std::vector<std::uint32_t>{3, 1}, std::vector<std::uint32_t>{0, 1}, 1, 1,
                                          std::nullopt);
        }) == "invalid_argument: tokens must be sorted ascending");
  CHECK(error([&] { return ringlab::preference_walk(tokens, servers, 700, 0, std::nullopt); }) ==
        "out_of_range: rf must be >= 1, got 0");
  // Without zones a server index is capped as a ring's servers are, before anything is allocated.
  CHECK(error([&] {
          return ringlab::preference_walk(std::vector<std::uint32_t>{1}, std::vector<std::uint32_t>{0xFFFFFFFF}, 1, 1,
                                          std::nullopt);
        }) == "out_of_range: a server index must be below 16777216, got 4294967295");
  // With zones the servers are the zones' servers: an index past them, or zones given but none listed.
  CHECK(error([&] {
          return ringlab::preference_walk(tokens, servers, 700, 1, std::vector<std::uint32_t>{1, 2});
        }).starts_with("invalid_argument: "));
  CHECK(error([&] {
          return ringlab::preference_walk(tokens, servers, 700, 1, std::vector<std::uint32_t>{});
        }).starts_with("invalid_argument: "));
}

TEST_CASE("search_trace refuses tokens that are not ascending", "[preference][walk]") {
  CHECK(ringlab::search_trace(std::vector<std::uint32_t>{1, 2, 2, 9}, 2).size() == 3);
  CHECK_THROWS_WITH(ringlab::search_trace(std::vector<std::uint32_t>{2, 1}, 0), "tokens must be sorted ascending");
}

}  // namespace test_preference
