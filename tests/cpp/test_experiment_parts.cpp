// An experiment in parts (ExperimentRun): the chunks of every step counted by several runs of the
// same parameters, in any order and any cut, their tallies added, give the experiment's result
// byte for byte; a sweep whose rings exceed the cap together runs them in groups, on threads and
// in parts; a step, a range or a tally that is not the run's is a named error.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/params.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_experiment_parts {

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ringlab::Error& e) {
    return std::string(e.code_name()) + ": " + e.what();
  }
  return "no error";
}

// Every chunk of every step, shuffled, cut into ranges of 1 .. 3 chunks, each range to a random
// run; a run takes its step's chunks before the next step's (it holds one step's rings).
template <typename Params>
std::vector<std::uint64_t> in_parts(const Params& p, std::size_t runs, std::mt19937& rng,
                                    std::vector<std::unique_ptr<ringlab::ExperimentRun>>& made) {
  for (std::size_t w = 0; w < runs; ++w) made.push_back(std::make_unique<ringlab::ExperimentRun>(p));
  const std::uint64_t chunks = made[0]->chunks();
  const std::size_t size = made[0]->tally_size();
  std::vector<std::vector<std::uint64_t>> tally(runs, std::vector<std::uint64_t>(size, 0));
  for (std::size_t step = 0; step < made[0]->steps(); ++step) {
    std::vector<std::uint64_t> starts;
    for (std::uint64_t c = 0; c < chunks;) {
      starts.push_back(c);
      c += std::uniform_int_distribution<std::uint64_t>(1, 3)(rng);
    }
    std::vector<std::uint64_t> sorted = starts;
    std::shuffle(starts.begin(), starts.end(), rng);
    for (const std::uint64_t first : starts) {
      const auto next = std::upper_bound(sorted.begin(), sorted.end(), first);
      const std::uint64_t end = next == sorted.end() ? chunks : *next;
      const std::size_t w = std::uniform_int_distribution<std::size_t>(0, runs - 1)(rng);
      made[w]->place(step, first, end, tally[w]);
    }
  }
  std::vector<std::uint64_t> sum(size, 0);
  for (const auto& t : tally)
    for (std::size_t i = 0; i < size; ++i) sum[i] += t[i];
  return sum;
}

}  // namespace

TEST_CASE("experiment parts: any cut of the chunks over several runs gives the experiment's result",
          "[experiments][parts]") {
  std::mt19937 rng(20261201);
  for (std::size_t runs = 1; runs <= 3; ++runs) {
    INFO(runs << " runs");
    {
      ringlab::RingVsModParams p;
      p.keys = 300001;
      p.servers = 9;
      p.vnodes = 40;
      std::vector<std::unique_ptr<ringlab::ExperimentRun>> made;
      const auto sum = in_parts(p, runs, rng, made);
      CHECK(made.back()->ring_vs_mod(sum).text == ringlab::ring_vs_mod(p).text);
    }
    {
      // A sweep of two steps over two runs: the test case below.
      ringlab::VnodeSweepParams p;
      p.keys = 200000;
      p.servers = 7;
      std::vector<std::unique_ptr<ringlab::ExperimentRun>> made;
      const auto sum = in_parts(p, runs, rng, made);
      CHECK(made[0]->steps() == 1);
      CHECK(made.back()->vnode_sweep(sum).text == ringlab::vnode_sweep(p).text);
    }
    {
      ringlab::HrwJumpParams p;
      p.keys = 140000;
      p.servers = 12;
      p.remove = 3;
      p.buckets = 11;
      std::vector<std::unique_ptr<ringlab::ExperimentRun>> made;
      const auto sum = in_parts(p, runs, rng, made);
      CHECK(made.back()->hrw_jump(sum).text == ringlab::hrw_jump(p).text);
    }
  }
}

// 1000 x (9000 + 8000 + 1) points: more than 2^24 together, so two groups of rings (two steps).
// The sweep is computed once, on three threads, and held to both properties: each row is what a
// sweep of its V alone gives on one thread, and any cut of both steps' chunks over two runs gives
// its bytes. Its rings are the suite's largest (17 million points), so it is not built again for
// the second property.
TEST_CASE("experiment parts: a sweep whose rings exceed the cap together runs them in groups on threads and in parts",
          "[threads][experiments][parts]") {
  ringlab::VnodeSweepParams all;
  all.servers = 1000;
  all.keys = 100000;
  all.vnodes = {9000, 8000, 1};
  all.threads = 3;
  const ringlab::VnodeSweepResult r = ringlab::vnode_sweep(all);
  REQUIRE(r.rows.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    INFO("V = " << all.vnodes[i]);
    ringlab::VnodeSweepParams one = all;
    one.vnodes = {all.vnodes[i]};
    one.threads = 1;
    const ringlab::VnodeSweepResult alone = ringlab::vnode_sweep(one);
    CHECK(r.rows[i].counts == alone.rows[0].counts);
    CHECK(r.rows[i].sd == alone.rows[0].sd);
  }
  std::mt19937 rng(20261201);
  std::vector<std::unique_ptr<ringlab::ExperimentRun>> made;
  const auto sum = in_parts(all, 2, rng, made);
  CHECK(made[0]->steps() == 2);
  CHECK(made.back()->vnode_sweep(sum).text == r.text);
}

TEST_CASE("experiment parts: a step, a range or a tally that is not the run's is a named error",
          "[experiments][parts][errors]") {
  ringlab::RingVsModParams p;
  p.keys = 200000;
  ringlab::ExperimentRun run(p);
  REQUIRE(run.chunks() == 4);
  REQUIRE(run.steps() == 1);
  std::vector<std::uint64_t> tally(run.tally_size(), 0);
  CHECK(error_of([&] { run.place(1, 0, 1, tally); }) == "invalid_argument: step 1 is not one of the run's 1 steps");
  CHECK(error_of([&] { run.place(0, 3, 5, tally); }) ==
        "invalid_argument: chunks 3 .. 5 are not a range of the run's 4 chunks");
  std::vector<std::uint64_t> longer(run.tally_size() + 1, 0);
  CHECK(error_of([&] { run.place(0, 0, 1, longer); }) == "invalid_argument: a tally of 5 counts is not this run's (4)");
  CHECK(error_of([&] { (void)run.hrw_jump(tally); }) == "invalid_argument: this run is another experiment");
  CHECK(run.work(0, 0, 4) == 200000);
  // A parameter's error is the function's, before anything is built.
  p.servers = 0;
  const std::string expected = error_of([&] { (void)ringlab::ring_vs_mod(p); });
  CHECK(expected.starts_with("out_of_range: servers must be"));
  CHECK(error_of([&] { ringlab::ExperimentRun r(p); }) == expected);
  ringlab::VnodeSweepParams v;
  v.vnodes = {1, 10, 100};
  v.keys = 70000;
  ringlab::ExperimentRun sweep(v);
  CHECK(sweep.work(0, 0, 2) == 70000 * 4);  // making each key, and placing it on three rings
}

}  // namespace test_experiment_parts
