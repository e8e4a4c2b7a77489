// Analysis (docs/algorithms.md#analysis): movement, load statistics, theory, the cache what-if, hot keys.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "ringlab/analysis.hpp"
#include "ringlab/error.hpp"
#include "ringlab/ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_analysis {

using ringlab::Flow;

TEST_CASE("movement counts moves, moves to new servers and the from-to matrix", "[analysis]") {
  const std::vector<std::uint32_t> before = {0, 1, 2, 0, 1, 2};
  const std::vector<std::uint32_t> after = {0, 3, 2, 3, 2, 2};
  const auto m = ringlab::movement(before, after, {false, false, false, true});
  CHECK(m.keys == 6);
  CHECK(m.moved == 3);
  CHECK(m.moved_to_new == 2);
  CHECK(m.moved_between_old == 1);
  CHECK(m.flows == std::vector<Flow>{{0, 3, 1}, {1, 2, 1}, {1, 3, 1}});
}

TEST_CASE("load statistics: population standard deviation, as published", "[analysis]") {
  const std::vector<std::uint32_t> loads = {2, 4, 4, 4, 5, 5, 7, 9};
  const auto s = ringlab::load_stats(loads);
  CHECK(s.min == 2);
  CHECK(s.max == 9);
  CHECK(s.mean == 5);
  CHECK(s.sd == 2);
  CHECK(s.max_over_mean == 9.0 / 5);
  CHECK(s.sd_over_mean == 0.4);
}

TEST_CASE("theory: the course's figures", "[analysis]") {
  // N = 10: 90.5%, 30%, 9.5%, 3.0% for V = 1, 10, 100, 1000.
  CHECK(ringlab::theory_sd_over_mean(10, 1) == Approx(0.905).margin(0.0005));
  CHECK(ringlab::theory_sd_over_mean(10, 10) == Approx(0.2985).margin(0.0005));
  CHECK(ringlab::theory_sd_over_mean(10, 100) == Approx(0.0948).margin(0.0005));
  CHECK(ringlab::theory_sd_over_mean(10, 1000) == Approx(0.0300).margin(0.0005));
  CHECK(ringlab::theory_vnodes_for(10, 0.1) == Approx(89.9));
  CHECK(ringlab::harmonic(1) == 1);
  CHECK(ringlab::harmonic(4) == Approx(25.0 / 12));
  CHECK(ringlab::mod_n_kept_fraction(4, 5) == 0.2);
  CHECK(ringlab::mod_n_kept_fraction(10, 11) == 1.0 / 11);
  CHECK(ringlab::minimum_moved_fraction(4, 5) == 0.2);
  CHECK(ringlab::minimum_moved_fraction(5, 4) == 0.2);
}

TEST_CASE("cache what-if: 95% hits, 4 -> 5 servers with mod-N gives 19% and 16.2x", "[analysis]") {
  const auto w = ringlab::cache_what_if(0.95, 1 - ringlab::mod_n_kept_fraction(4, 5));
  CHECK(w.hit_after == Approx(0.19));
  CHECK(w.db_multiplier == Approx(16.2));
  CHECK_THROWS_AS(ringlab::cache_what_if(1.0, 0.5), ringlab::Error);
  CHECK_THROWS_AS(ringlab::cache_what_if(0.5, 1.5), ringlab::Error);
  CHECK_THROWS_AS(ringlab::cache_what_if(std::nan(""), 0.5), ringlab::Error);
}

TEST_CASE("hot keys: more virtual nodes do not help one hot key but copies do", "[analysis]") {
  ringlab::HotKeyParams p;
  p.keys = 1000;
  p.requests = 200000;
  p.s = 1.2;
  const auto few = ringlab::hot_keys(ringlab::Ring::uniform(10, 10), p);
  const auto many = ringlab::hot_keys(ringlab::Ring::uniform(10, 1000), p);
  // The hottest key alone is a large share of the traffic, wherever it lives.
  CHECK(few.hottest_key_requests == many.hottest_key_requests);
  CHECK(many.max_over_mean > 2.0);
  p.copies = 8;
  const auto spread = ringlab::hot_keys(ringlab::Ring::uniform(10, 1000), p);
  CHECK(spread.max_over_mean < many.max_over_mean);
  std::uint64_t total = 0;
  for (auto r : spread.requests_per_server) total += r;
  CHECK(total == static_cast<std::uint64_t>(p.requests));
}

}  // namespace test_analysis
