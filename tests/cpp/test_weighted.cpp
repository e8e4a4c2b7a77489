// Weights (docs/algorithms.md#ring-weights and docs/algorithms.md#weighted-rendezvous): weighted rings warm up by
// adding points; weighted rendezvous.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "golden.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/js_math.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_weighted {

using golden::u16;
using ringlab::Ring;
using ringlab::Server;

namespace {

std::vector<std::u16string> course_keys(std::int64_t seed, std::uint32_t count) {
  ringlab::CourseKeys keys(seed);
  std::vector<std::u16string> out;
  for (std::uint32_t k = 0; k < count; ++k) out.push_back(u16(keys.next()));
  return out;
}

std::vector<Server> servers(std::uint32_t n) { return ringlab::default_servers(n); }

}  // namespace

TEST_CASE("warming a server by raising its weight moves keys only onto it", "[weights][ring]") {
  std::vector<Server> list = servers(6);
  list[5].weight = 0.1;  // the new server starts cold
  Ring ring(list, 100);
  const auto keys = course_keys(16, 5000);
  std::vector<std::uint32_t> before;
  for (const auto& k : keys) before.push_back(ring.owner_of_key(k));
  std::uint32_t previous_points = ring.points_of(5);
  for (double w : {0.25, 0.5, 0.75, 1.0, 1.5}) {
    INFO("weight " << w);
    ring.set_weight(u"S5", w);
    CHECK(ring.points_of(5) >= previous_points);
    previous_points = ring.points_of(5);
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const std::uint32_t now = ring.owner_of_key(keys[k]);
      if (now != before[k]) CHECK(now == 5u);
      before[k] = now;
    }
  }
}

TEST_CASE("raising a weight only adds points - every old point stays", "[weights][ring]") {
  std::vector<Server> list = servers(3);
  const Ring light(list, 10);
  list[1].weight = 2.5;
  const Ring heavy(list, 10);
  CHECK(heavy.points_of(1) == 25);
  for (std::size_t i = 0; i < light.size(); ++i) {
    const auto p = light.point(i);
    bool found = false;
    for (std::size_t j = 0; j < heavy.size() && !found; ++j) found = heavy.point(j) == p;
    CHECK(found);
  }
}

TEST_CASE("weighted rendezvous with equal weights picks what plain rendezvous picks", "[weights][rendezvous]") {
  for (std::uint32_t n : {1u, 2u, 5u, 33u}) {
    std::vector<std::u16string> names;
    std::vector<ringlab::WeightedServer> same, heavy;
    for (std::uint32_t i = 0; i < n; ++i) {
      names.push_back(u16("S" + std::to_string(i)));
      same.push_back({names.back(), 1.0});
      heavy.push_back({names.back(), 3.7});
    }
    const ringlab::Rendezvous plain(names);
    const ringlab::WeightedRendezvous w1(same), w2(heavy);
    for (const auto& k : course_keys(3, 3000)) {
      CHECK(w1.pick(k) == plain.pick(k));
      CHECK(w2.pick(k) == plain.pick(k));
    }
    CHECK(w1.top(u"user:42", 3) == plain.top(u"user:42", 3));
  }
}

TEST_CASE("weighted rendezvous shares keys in proportion to weight", "[weights][rendezvous]") {
  const ringlab::WeightedRendezvous hrw({{u"a", 1.0}, {u"b", 2.0}, {u"c", 1.0}});
  std::uint32_t counts[3] = {0, 0, 0};
  const auto keys = course_keys(11, 40000);
  for (const auto& k : keys) ++counts[hrw.pick(k)];
  CHECK(counts[1] / 40000.0 == Approx(0.5).margin(0.02));
  CHECK(counts[0] / 40000.0 == Approx(0.25).margin(0.02));
}

TEST_CASE("the weighted score is -w / ln(u), and 0 for u = 0", "[weights][rendezvous]") {
  CHECK(ringlab::weighted_rendezvous_score(0, 1.0) == 0.0);
  CHECK(ringlab::weighted_rendezvous_score(2147483648u, 1.0) == -1.0 / ringlab::js_math::log(0.5));
  CHECK(ringlab::weighted_rendezvous_score(2147483648u, 2.0) == -2.0 / ringlab::js_math::log(0.5));
}

TEST_CASE("weighted rendezvous refuses bad weights", "[weights][errors]") {
  for (double w : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    try {
      ringlab::WeightedRendezvous hrw({{u"a", w}});
      FAIL("accepted weight " << w);
    } catch (const ringlab::Error& e) {
      CHECK(e.code() == ringlab::ErrorCode::out_of_range);
    }
  }
}

}  // namespace test_weighted
