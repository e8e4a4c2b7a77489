// Consistent hashing with bounded loads (docs/algorithms.md#bounded-loads).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "golden.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/random.hpp"
#include "ringlab/ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_bounded {

using golden::u16;
using ringlab::Ring;

namespace {

std::vector<std::uint32_t> key_hashes(std::int64_t seed, std::uint32_t count) {
  ringlab::CourseKeys keys(seed);
  std::vector<std::uint32_t> out;
  for (std::uint32_t k = 0; k < count; ++k) out.push_back(ringlab::h32(u16(keys.next())));
  return out;
}

}  // namespace

TEST_CASE("no server exceeds its capacity and every key is placed", "[bounded]") {
  const Ring ring = Ring::uniform(5, 10);
  for (double eps : {0.01, 0.1, 0.25, 1.0, 3.0}) {
    for (std::uint32_t m : {0u, 1u, 37u, 1000u, 10007u}) {
      INFO("epsilon " << eps << ", " << m << " keys");
      const auto hashes = key_hashes(16, m);
      const auto p = ringlab::place_bounded(ring, hashes, eps);
      REQUIRE(p.servers.size() == m);
      REQUIRE(p.walks.size() == m);
      const auto cap = static_cast<std::uint32_t>(std::ceil((1 + eps) * m / 5.0));
      for (std::uint32_t s = 0; s < 5; ++s) {
        CHECK(p.capacities[s] == cap);
        CHECK(p.loads[s] <= cap);
      }
      CHECK(std::accumulate(p.loads.begin(), p.loads.end(), 0u) == m);
      std::uint32_t moved = 0, longest = 0;
      for (std::uint32_t k = 0; k < m; ++k) {
        // A key with no walk sits on its owner; one that walked does not.
        CHECK((p.walks[k] == 0) == (p.servers[k] == ring.owner(hashes[k])));
        moved += p.walks[k] > 0;
        longest = std::max(longest, p.walks[k]);
      }
      CHECK(p.not_first_choice == moved);
      CHECK(p.longest_walk == longest);
    }
  }
}

TEST_CASE("with room to spare every key stays on its owner", "[bounded]") {
  const Ring ring = Ring::uniform(4, 100);
  const auto hashes = key_hashes(7, 2000);
  const auto p = ringlab::place_bounded(ring, hashes, 10.0);
  CHECK(p.not_first_choice == 0);
  CHECK(p.longest_walk == 0);
  for (std::uint32_t k = 0; k < hashes.size(); ++k) CHECK(p.servers[k] == ring.owner(hashes[k]));
}

TEST_CASE("a tight bound evens out a lopsided ring", "[bounded]") {
  const Ring ring = Ring::uniform(10, 1);  // one point each: very uneven arcs
  const auto hashes = key_hashes(16, 10000);
  const auto p = ringlab::place_bounded(ring, hashes, 0.05);
  CHECK(*std::max_element(p.loads.begin(), p.loads.end()) <= 1050u);
  CHECK(p.not_first_choice > 0);
}

TEST_CASE("weighted capacities follow the weights", "[bounded]") {
  const Ring ring({{u"a", 1.0, u""}, {u"b", 3.0, u""}}, 50);
  const auto caps = ringlab::bounded_capacities(ring, 1000, 0.2);
  CHECK(caps[0] == static_cast<std::uint32_t>(std::ceil(1.2 * 1000 * 1 / 4.0)));
  CHECK(caps[1] == static_cast<std::uint32_t>(std::ceil(1.2 * 1000 * 3 / 4.0)));
}

TEST_CASE("bad epsilon is refused", "[bounded][errors]") {
  const Ring ring = Ring::uniform(3, 3);
  const std::vector<std::uint32_t> none;
  for (double eps : {0.0, -0.5, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    try {
      (void)ringlab::place_bounded(ring, none, eps);
      FAIL("accepted epsilon " << eps);
    } catch (const ringlab::Error& e) {
      CHECK(e.code() == ringlab::ErrorCode::out_of_range);
    }
  }
}

}  // namespace test_bounded
