// The hash ring (docs/algorithms.md#ring): tokens, stable order on collisions, owners, weights, membership.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "golden.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/random.hpp"
#include "ringlab/ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_ring {

using golden::u16;
using ringlab::h32;
using ringlab::Point;
using ringlab::Ring;
using ringlab::Server;

namespace {

// The ring exactly as docs/algorithms.md (and the published programs) build it: every server's tokens
// h32(name + "#" + i) in list order, then a stable sort by token.
std::vector<Point> spec_points(const std::vector<Server>& servers, std::uint32_t vnodes) {
  std::vector<Point> pts;
  for (std::uint32_t s = 0; s < servers.size(); ++s) {
    const std::uint32_t v = ringlab::points_for_weight(vnodes, servers[s].weight);
    for (std::uint32_t i = 0; i < v; ++i) pts.push_back(Point{h32(servers[s].name + u"#" + u16(std::to_string(i))), s});
  }
  std::stable_sort(pts.begin(), pts.end(), [](const Point& a, const Point& b) { return a.token < b.token; });
  return pts;
}

// The owner by a linear scan: the first point whose token >= x, else point 0.
std::uint32_t spec_owner_point(const Ring& ring, std::uint32_t x) {
  for (std::uint32_t i = 0; i < ring.size(); ++i)
    if (ring.tokens()[i] >= x) return i;
  return 0;
}

std::vector<Server> named(std::initializer_list<const char*> names) {
  std::vector<Server> out;
  for (const char* n : names) out.push_back(Server{u16(n), 1.0, u""});
  return out;
}

// Hashes of the course's keys for a seed.
std::vector<std::uint32_t> key_hashes(std::int64_t seed, std::uint32_t count) {
  ringlab::CourseKeys keys(seed);
  std::vector<std::uint32_t> out;
  for (std::uint32_t k = 0; k < count; ++k) out.push_back(h32(u16(keys.next())));
  return out;
}

const std::u16string& name_of(const Ring& ring, std::uint32_t server) { return ring.servers()[server].name; }

// Two pairs of virtual nodes that share a token (found by searching the course's names).
struct Collision {
  std::uint32_t s1, i1, s2, i2, token;
};
const Collision kCollisions[] = {
    {29, 788, 155, 1286, 1630001666u},
    {29, 789, 155, 1287, 3591813045u},
    {29, 786, 155, 1288, 3683971684u},
    {29, 787, 155, 1289, 1214739876u},
};

std::u16string vnode_name(std::uint32_t s, std::uint32_t i) {
  return u16("S" + std::to_string(s) + "#" + std::to_string(i));
}

}  // namespace

TEST_CASE("ring points are the stably sorted tokens of docs/algorithms.md", "[ring]") {
  for (auto [n, v] : {std::pair<std::uint32_t, std::uint32_t>{1, 1}, {4, 100}, {5, 1}, {10, 10}, {3, 1000}, {100, 7}}) {
    INFO(n << " servers x " << v << " vnodes");
    const Ring ring = Ring::uniform(n, v);
    CHECK(ring.size() == std::size_t{n} * v);
    CHECK(ring.vnodes() == v);
    CHECK(ring.points() == spec_points(ringlab::default_servers(n), v));
    CHECK(std::is_sorted(ring.tokens().begin(), ring.tokens().end()));
    CHECK(ring.tokens().size() == ring.point_servers().size());
    for (std::uint32_t s = 0; s < n; ++s) CHECK(ring.points_of(s) == v);
    CHECK(ring.memory_bytes() >= 4 * ring.size());  // at least the tokens
  }
}

TEST_CASE("a ring costs at most 8 bytes a point from 64 points on", "[ring]") {
  // Every size from 64 to 300 points (one- and two-byte server indices; the bucket index changes
  // its step at 128), and larger ones.
  for (std::uint32_t n = 64; n <= 300; ++n) {
    const ringlab::Ring ring = ringlab::Ring::uniform(n, 1);
    INFO(n << " points: " << ring.memory_bytes() << " bytes");
    CHECK(ring.memory_bytes() <= 8 * ring.size());
  }
  for (const auto& [servers, vnodes] : std::vector<std::pair<int, int>>{{2, 40}, {3, 43}, {100, 256}, {1000, 20}})
    CHECK(ringlab::Ring::uniform(servers, vnodes).memory_bytes() <= 8 * std::size_t(servers) * vnodes);
}

TEST_CASE("the course's default servers are S0 S1 and so on", "[ring]") {
  CHECK(ringlab::default_server_name(0) == u"S0");
  CHECK(ringlab::default_server_name(4294967295u) == u"S4294967295");
  const auto servers = ringlab::default_servers(12);
  REQUIRE(servers.size() == 12);
  CHECK(servers[11].name == u"S11");
  CHECK(servers[11].weight == 1.0);
  CHECK(servers[11].zone.empty());
  const Ring ring = Ring::uniform(3, 1);
  CHECK(ring.index_of(u"S2") == 2);
  CHECK(ring.index_of(u"S3") == -1);
  // S0's only point is h32("S0#0"), docs/algorithms.md's fact.
  bool found = false;
  for (std::size_t i = 0; i < ring.size(); ++i)
    if (ring.point(i).server == 0) found = ring.point(i).token == 3947687215u;
  CHECK(found);
}

TEST_CASE("ring owner is the first token at or above the hash", "[ring]") {
  const Ring ring = Ring::uniform(5, 50);
  const auto tokens = ring.tokens();
  const std::uint32_t n = static_cast<std::uint32_t>(ring.size());
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t t = tokens[i];
    INFO("point " << i << " token " << t);
    const bool first_of_equal = i == 0 || tokens[i - 1] != t;
    // A hash equal to a token belongs to that point (to the first of equal tokens).
    if (first_of_equal) {
      CHECK(ring.owner_point(t) == i);
      CHECK(ring.owner(t) == ring.point_servers()[i]);
    }
    // Just below a token, still the same point (unless the previous token is in between).
    if (first_of_equal && t > 0 && (i == 0 || tokens[i - 1] < t - 1)) CHECK(ring.owner_point(t - 1) == i);
    // Just above a token: the next point, or point 0 past the last.
    if (t < 0xFFFFFFFFu) {
      std::uint32_t next = i + 1;
      while (next < n && tokens[next] == t) ++next;
      CHECK(ring.owner_point(t + 1) == (next == n ? 0 : next));
    }
  }
  // Random hashes against a linear scan.
  ringlab::Mulberry32 rng(99);
  for (int k = 0; k < 2000; ++k) {
    const std::uint32_t x = rng.next_uint32();
    CHECK(ring.owner_point(x) == spec_owner_point(ring, x));
  }
  CHECK(ring.owner_point(0) == 0);
}

TEST_CASE("ring owner agrees with a lower bound on every token of large rings", "[ring]") {
  // The owner is the first point whose token is >= the hash: std::lower_bound over the sorted
  // tokens is the oracle. Every token, its neighbours, slice boundaries of the hash space and
  // random hashes, on rings small and large, with and without equal tokens.
  const std::vector<Ring> rings = {Ring::uniform(1, 1),      Ring::uniform(2, 1),     Ring::uniform(3, 5),
                                   Ring::uniform(4, 16),     Ring::uniform(7, 100),   Ring::uniform(10, 10000),
                                   Ring::uniform(1000, 100), Ring::uniform(156, 1290)};
  ringlab::Mulberry32 rng(31);
  for (const Ring& ring : rings) {
    INFO(ring.servers().size() << " servers x " << ring.vnodes() << " vnodes");
    const auto tokens = ring.tokens();
    const auto expect = [&](std::uint32_t x) {
      const auto at = std::lower_bound(tokens.begin(), tokens.end(), x);
      return at == tokens.end() ? std::uint32_t{0} : static_cast<std::uint32_t>(at - tokens.begin());
    };
    std::uint64_t mismatches = 0;
    const auto check = [&](std::uint32_t x) {
      if (ring.owner_point(x) != expect(x) || ring.owner(x) != ring.point_servers()[expect(x)]) ++mismatches;
    };
    for (std::uint32_t t : tokens) {
      check(t);
      check(t - 1);  // wraps to 0xFFFFFFFF for token 0, which is fine: any hash is valid
      check(t + 1);
    }
    // Every multiple of 2^16 and the value before it: the edges of any power-of-two slicing of
    // the hash space into up to 65536 parts.
    for (std::uint32_t b = 0; b < 65536; ++b) {
      check(b << 16);
      check((b << 16) - 1);
    }
    for (int i = 0; i < 100000; ++i) check(rng.next_uint32());
    check(0);
    check(0xFFFFFFFFu);
    CHECK(mismatches == 0);
  }
}

TEST_CASE("ring wraps around past the largest token to point 0", "[ring]") {
  for (auto [n, v] : {std::pair<std::uint32_t, std::uint32_t>{1, 1}, {3, 2}, {4, 100}}) {
    const Ring ring = Ring::uniform(n, v);
    const std::uint32_t last = ring.tokens().back();
    REQUIRE(last < 0xFFFFFFFFu);
    CHECK(ring.owner_point(last + 1) == 0);
    CHECK(ring.owner_point(0xFFFFFFFFu) == 0);
    CHECK(ring.owner(0xFFFFFFFFu) == ring.point_servers()[0]);
    CHECK(ring.owner_point(last) == ring.size() - 1);
  }
  // One server, one point: it owns everything.
  const Ring one = Ring::uniform(1, 1);
  for (std::uint32_t x : {0u, 1u, 3947687215u, 3947687216u, 0xFFFFFFFFu}) CHECK(one.owner(x) == 0);
}

TEST_CASE("the tutorial's binary search ring with two points per server", "[ring][tutorial]") {
  // §5: three servers with two points each; owners by lower bound, wrap-around and equality.
  const Ring ring(named({"A", "B", "C"}), 2);
  REQUIRE(ring.size() == 6);
  const auto t = ring.tokens();
  for (std::uint32_t i = 0; i < 6; ++i) {
    // A hash between two tokens goes to the upper one; a hash equal to a token is its point.
    CHECK(ring.owner_point(t[i]) == i);
    if (i > 0) CHECK(ring.owner_point(t[i - 1] + (t[i] - t[i - 1]) / 2 + 1) == i);
  }
  // Above the largest token (the tutorial's 950): wraps to point 0.
  CHECK(ring.owner(t[5] + 1) == ring.point_servers()[0]);
  // Below the smallest token: point 0 as well.
  CHECK(ring.owner_point(t[0] > 0 ? t[0] - 1 : 0) == 0);
  // Each server holds its two points: h32("A#0"), h32("A#1"), ...
  for (const char* name : {"A", "B", "C"}) {
    const auto s = static_cast<std::uint32_t>(ring.index_of(u16(name)));
    for (const char* suffix : {"#0", "#1"}) {
      const std::uint32_t token = h32(u16(std::string(name) + suffix));
      CHECK(ring.owner(token) == s);
    }
  }
  // RF = 3 from anywhere lists all three servers, starting with the owner.
  const auto pref = ring.preference_list(t[3] - 1, 3);
  REQUIRE(pref.size() == 3);
  CHECK(pref[0] == ring.owner(t[3] - 1));
}

TEST_CASE("the course's names have token collisions between servers", "[ring][collision]") {
  for (const Collision& c : kCollisions) {
    CHECK(h32(vnode_name(c.s1, c.i1)) == c.token);
    CHECK(h32(vnode_name(c.s2, c.i2)) == c.token);
  }
}

TEST_CASE("on equal tokens the server listed first comes first and owns the point", "[ring][collision]") {
  // The course's ring with 156 servers x 1290 vnodes holds all four collisions.
  const Ring ring = Ring::uniform(156, 1290);
  CHECK(ring.points() == spec_points(ringlab::default_servers(156), 1290));
  const auto tokens = ring.tokens();
  for (const Collision& c : kCollisions) {
    INFO("token " << c.token);
    const auto at = std::lower_bound(tokens.begin(), tokens.end(), c.token);
    REQUIRE(at != tokens.end());
    const auto p = static_cast<std::uint32_t>(at - tokens.begin());
    REQUIRE(p + 1 < ring.size());
    CHECK(ring.point(p) == Point{c.token, c.s1});
    CHECK(ring.point(p + 1) == Point{c.token, c.s2});
    CHECK((p + 2 == ring.size() || tokens[p + 2] > c.token));
    // The earlier server owns the equal-token point; a hash just above skips both.
    CHECK(ring.owner_point(c.token) == p);
    CHECK(ring.owner(c.token) == c.s1);
    CHECK(ring.owner_point(c.token + 1) == p + 2);
    if (tokens[p - 1] < c.token - 1) CHECK(ring.owner(c.token - 1) == c.s1);
  }
  // List order, not the name, decides: list S155 before S29 and S155 owns the shared tokens.
  const Ring forward(named({"S29", "S155"}), 1290);
  const Ring reversed(named({"S155", "S29"}), 1290);
  CHECK(forward.points() == spec_points(named({"S29", "S155"}), 1290));
  CHECK(reversed.points() == spec_points(named({"S155", "S29"}), 1290));
  for (const Collision& c : kCollisions) {
    CHECK(name_of(forward, forward.owner(c.token)) == u"S29");
    CHECK(name_of(reversed, reversed.owner(c.token)) == u"S155");
    const auto p = reversed.owner_point(c.token);
    CHECK(reversed.point(p) == Point{c.token, 0});
    CHECK(reversed.point(p + 1) == Point{c.token, 1});
  }
  // Everything else is the same ring: only the owners of the four shared tokens differ.
  std::uint32_t differing = 0;
  for (std::size_t i = 0; i < forward.size(); ++i) {
    CHECK(forward.tokens()[i] == reversed.tokens()[i]);
    if (name_of(forward, forward.point_servers()[i]) != name_of(reversed, reversed.point_servers()[i])) ++differing;
  }
  CHECK(differing == 8);  // both points of each of the four tokens swap order
}

TEST_CASE("points_for_weight rounds halves up and never goes below one point", "[ring][weights]") {
  using ringlab::points_for_weight;
  // Exact halves: Math.round rounds them up.
  CHECK(points_for_weight(1, 0.5) == 1);
  CHECK(points_for_weight(1, 1.5) == 2);
  CHECK(points_for_weight(1, 2.5) == 3);
  CHECK(points_for_weight(1, 3.5) == 4);
  CHECK(points_for_weight(4, 0.375) == 2);    // 1.5
  CHECK(points_for_weight(4, 0.625) == 3);    // 2.5
  CHECK(points_for_weight(10, 0.25) == 3);    // 2.5
  CHECK(points_for_weight(10, 0.35) == 4);    // 3.5
  CHECK(points_for_weight(100, 0.015) == 2);  // 1.5 as a double product
  // Just below a half rounds down; the product is a double multiply (100 * 0.145 < 14.5).
  CHECK(points_for_weight(1, 2.4999999999999996) == 2);
  CHECK(points_for_weight(100, 0.145) == 14);
  // Ordinary values.
  CHECK(points_for_weight(100, 1.0) == 100);
  CHECK(points_for_weight(100, 2.0) == 200);
  CHECK(points_for_weight(100, 0.333) == 33);
  CHECK(points_for_weight(1, 1.0) == 1);
  // Tiny weights still get one point.
  CHECK(points_for_weight(1, 0.4) == 1);
  CHECK(points_for_weight(100, 0.004) == 1);
  CHECK(points_for_weight(100, 0.005) == 1);  // 0.5 -> 1 either way
  CHECK(points_for_weight(1000, 1e-9) == 1);
  CHECK(points_for_weight(1, 1e-300) == 1);
  CHECK(points_for_weight(1, 5e-324) == 1);
  // Up to the cap.
  CHECK(points_for_weight(1, 16777216.0) == 16777216u);
  CHECK(points_for_weight(1, 16777216.4) == 16777216u);
}

TEST_CASE("a weighted ring gives each server max(1 round(V w)) points", "[ring][weights]") {
  const std::vector<Server> servers = {
      {u"A", 1.0, u""}, {u"B", 2.5, u""}, {u"C", 0.25, u""}, {u"D", 0.01, u""}, {u"E", 0.15, u""}};
  const Ring ring(servers, 10);
  CHECK(ring.points_of(0) == 10);
  CHECK(ring.points_of(1) == 25);
  CHECK(ring.points_of(2) == 3);  // 2.5 rounds up
  CHECK(ring.points_of(3) == 1);  // 0.1 -> at least one
  CHECK(ring.points_of(4) == 2);  // 1.5 rounds up
  CHECK(ring.size() == 41);
  CHECK(ring.points() == spec_points(servers, 10));
  // Weight 1 everywhere is the uniform ring.
  CHECK(Ring(ringlab::default_servers(7), 33) == Ring::uniform(7, 33));
}

TEST_CASE("owner_of_key hashes the key with h32", "[ring]") {
  const Ring ring = Ring::uniform(4, 100);
  CHECK(ring.owner_of_key(u"user:42") == ring.owner(599759890u));
  for (const std::uint32_t x : key_hashes(16, 200))
    CHECK(ring.owner(x) == ring.point_servers()[spec_owner_point(ring, x)]);
}

TEST_CASE("adding a server gives exactly the freshly built ring", "[ring][membership]") {
  for (auto [n, v] : {std::pair<std::uint32_t, std::uint32_t>{1, 1}, {4, 100}, {9, 50}, {155, 1290}}) {
    INFO(n << " -> " << n + 1 << " servers x " << v);
    Ring ring = Ring::uniform(n, v);
    ring.add_server(Server{ringlab::default_server_name(n), 1.0, u""});
    CHECK(ring == Ring::uniform(n + 1, v));
  }
  // With weights, zones and a name sorting before the others.
  std::vector<Server> servers = {{u"m", 1.0, u"z1"}, {u"k", 0.5, u"z2"}, {u"x", 3.0, u"z1"}};
  Ring ring(servers, 20);
  const Server added{u"a", 1.5, u"z3"};
  ring.add_server(added);
  servers.push_back(added);
  CHECK(ring == Ring(servers, 20));
  CHECK(ring.points() == spec_points(servers, 20));
  CHECK(ring.servers().back().zone == u"z3");
  // The collision ring: adding S155 after S29 puts its equal-token points second.
  Ring small(named({"S29"}), 1290);
  small.add_server(Server{u"S155", 1.0, u""});
  CHECK(small == Ring(named({"S29", "S155"}), 1290));
}

TEST_CASE("removing a server gives exactly the freshly built ring", "[ring][membership]") {
  std::vector<Server> servers = ringlab::default_servers(156);
  Ring ring(servers, 1290);
  ring.remove_server(u"S29");
  servers.erase(servers.begin() + 29);
  CHECK(ring == Ring(servers, 1290));
  // Removing the first, the last, and down to one server.
  std::vector<Server> list = {{u"A", 2.0, u"x"}, {u"B", 0.5, u"y"}, {u"C", 1.0, u""}, {u"D", 1.25, u"x"}};
  Ring r(list, 8);
  for (const char16_t* gone : {u"A", u"D", u"B"}) {
    r.remove_server(gone);
    list.erase(std::find_if(list.begin(), list.end(), [&](const Server& s) { return s.name == gone; }));
    CHECK(r == Ring(list, 8));
    CHECK(r.points() == spec_points(list, 8));
  }
  CHECK(r.servers().size() == 1);
  CHECK(r.index_of(u"C") == 0);
}

TEST_CASE("set_weight gives exactly the freshly built ring", "[ring][membership][weights]") {
  std::vector<Server> list = {{u"A", 1.0, u""}, {u"B", 1.0, u""}, {u"C", 1.0, u""}};
  Ring ring(list, 40);
  for (double w : {0.5, 2.0, 0.0125, 1.5, 1.0, 3.7}) {
    ring.set_weight(u"B", w);
    list[1].weight = w;
    INFO("weight " << w);
    CHECK(ring == Ring(list, 40));
    CHECK(ring.points_of(1) == ringlab::points_for_weight(40, w));
    CHECK(ring.servers()[1].weight == w);
  }
}

TEST_CASE("raising a weight only adds points and moves keys only onto that server", "[ring][weights]") {
  Ring ring = Ring::uniform(5, 50);
  const auto hashes = key_hashes(16, 5000);
  const std::vector<Point> before_pts = ring.points();
  std::vector<std::uint32_t> before;
  for (std::uint32_t x : hashes) before.push_back(ring.owner(x));
  for (double w : {1.2, 1.5, 2.0, 4.0}) {
    ring.set_weight(u"S3", w);
    const std::vector<Point> after_pts = ring.points();
    // Every old point is still there; every new point belongs to S3.
    CHECK(std::includes(
        after_pts.begin(), after_pts.end(), before_pts.begin(), before_pts.end(),
        [](const Point& a, const Point& b) { return std::tie(a.token, a.server) < std::tie(b.token, b.server); }));
    std::size_t s3 = 0;
    for (const Point& p : after_pts) s3 += p.server == 3;
    CHECK(s3 == ring.points_of(3));
    CHECK(after_pts.size() - before_pts.size() == ring.points_of(3) - 50);
    std::uint32_t moved = 0;
    for (std::size_t k = 0; k < hashes.size(); ++k) {
      const std::uint32_t now = ring.owner(hashes[k]);
      if (now != before[k]) {
        ++moved;
        CHECK(now == 3);
      }
    }
    CHECK(moved > 0);
  }
}

TEST_CASE("growing a ring by one server moves keys only to the new server", "[ring][membership]") {
  const auto hashes = key_hashes(16, 10000);
  for (auto [n, v] : {std::pair<std::uint32_t, std::uint32_t>{1, 1}, {4, 100}, {10, 1}, {10, 100}}) {
    INFO(n << " -> " << n + 1 << " servers x " << v);
    const Ring before = Ring::uniform(n, v);
    Ring after = before;
    after.add_server(Server{ringlab::default_server_name(n), 1.0, u""});
    std::uint32_t moved = 0;
    for (std::uint32_t x : hashes) {
      if (before.owner(x) != after.owner(x)) {
        ++moved;
        CHECK(after.owner(x) == n);
      }
    }
    CHECK(moved > 0);
  }
}

TEST_CASE("removing a server moves only that server's keys", "[ring][membership]") {
  const auto hashes = key_hashes(7, 10000);
  for (const char16_t* gone : {u"S0", u"S2", u"S4"}) {
    const Ring before = Ring::uniform(5, 100);
    Ring after = before;
    after.remove_server(gone);
    std::uint32_t moved = 0;
    for (std::uint32_t x : hashes) {
      const std::u16string& a = name_of(before, before.owner(x));
      const std::u16string& b = name_of(after, after.owner(x));
      if (a != b) {
        ++moved;
        CHECK(a == gone);
      } else {
        CHECK(a != gone);
      }
    }
    CHECK(moved > 0);
  }
}

TEST_CASE("the tutorial's add then remove keeps every other key in place", "[ring][membership][tutorial]") {
  // §3: add E (only keys moving to E move), then remove B (only B's keys move).
  Ring ring(named({"A", "B", "C", "D"}), 1);
  const auto hashes = key_hashes(3, 4000);
  std::vector<std::u16string> start;
  for (std::uint32_t x : hashes) start.push_back(name_of(ring, ring.owner(x)));
  ring.add_server(Server{u"E", 1.0, u""});
  std::vector<std::u16string> with_e;
  for (std::size_t k = 0; k < hashes.size(); ++k) {
    with_e.push_back(name_of(ring, ring.owner(hashes[k])));
    if (with_e[k] != start[k]) CHECK(with_e[k] == u"E");
  }
  ring.remove_server(u"B");
  CHECK(ring == Ring(named({"A", "C", "D", "E"}), 1));
  for (std::size_t k = 0; k < hashes.size(); ++k) {
    const std::u16string now = name_of(ring, ring.owner(hashes[k]));
    if (now != with_e[k]) CHECK(with_e[k] == u"B");
  }
}

TEST_CASE("ring equality compares servers weights zones and points", "[ring]") {
  const Ring a = Ring::uniform(3, 10);
  CHECK(a == Ring::uniform(3, 10));
  CHECK_FALSE(a == Ring::uniform(3, 11));
  CHECK_FALSE(a == Ring::uniform(4, 10));
  std::vector<Server> zoned = ringlab::default_servers(3);
  zoned[1].zone = u"rack-1";
  CHECK_FALSE(a == Ring(zoned, 10));
  std::vector<Server> heavier = ringlab::default_servers(3);
  heavier[2].weight = 1.01;  // still 10 points, but a different weight
  const Ring b(heavier, 10);
  CHECK(b.points() == a.points());
  CHECK_FALSE(a == b);
}

TEST_CASE("a ring's own search trace is the checked one over its tokens", "[ring][walk]") {
  // Ring::search_trace skips the ascending check (a ring's tokens ascend by construction); its
  // steps must be exactly those of the checked search over the same tokens, wrap-around included.
  const ringlab::Ring ring = ringlab::Ring::uniform(7, 40);
  ringlab::Mulberry32 rng(20261202);
  std::vector<std::uint32_t> hashes = {0, ring.tokens().front(), ring.tokens().back(), 0xFFFFFFFFu};
  for (int i = 0; i < 500; ++i) hashes.push_back(rng.next_uint32());
  for (const std::uint32_t h : hashes) {
    INFO("hash " << h);
    const auto own = ring.search_trace(h);
    const auto checked = ringlab::search_trace(ring.tokens(), h);
    REQUIRE(own.size() == checked.size());
    for (std::size_t i = 0; i < own.size(); ++i) {
      CHECK(own[i].lo == checked[i].lo);
      CHECK(own[i].hi == checked[i].hi);
      CHECK(own[i].mid == checked[i].mid);
      CHECK(own[i].token == checked[i].token);
      CHECK(own[i].right == checked[i].right);
    }
  }
}

}  // namespace test_ring
