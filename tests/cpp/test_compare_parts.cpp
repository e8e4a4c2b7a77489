// A comparison in parts (ComparisonRun): chunks placed by several runs of the same scenario, in any
// order and any cut, their tallies added, give compare()'s rows byte for byte; bounded loads'
// chunks must come in order; a range or a tally that is not the run's is a named error.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "compare_cases.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/error.hpp"
#include "ringlab/params.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_compare_parts {

using compare_cases::rows_text;
using compare_cases::scenario;

TEST_CASE("compare parts: any cut of the chunks over several runs gives compare()'s rows", "[compare][parts]") {
  std::vector<ringlab::Scenario> scenarios{
      scenario(10, 200003, u"add"),         scenario(12, 150000, u"remove:S5"), scenario(7, 131072, u"remove:S6"),
      scenario(9, 90000, u"weight:S3=2.5"), scenario(5, 70000, u"fail:S0"),     scenario(3, 1, u"add:Z"),
      scenario(100, 300000, u"add"),
  };
  scenarios.back().vnodes = 10;
  std::mt19937 rng(20261201);
  for (const ringlab::Scenario& sc : scenarios) {
    const std::string expected = rows_text(ringlab::compare(sc));
    for (int trial = 0; trial < 4; ++trial) {
      const std::size_t runs = 1 + trial;  // 1 .. 4 workers
      std::vector<std::unique_ptr<ringlab::ComparisonRun>> run;
      for (std::size_t w = 0; w < runs; ++w) run.push_back(std::make_unique<ringlab::ComparisonRun>(sc));
      const std::uint64_t chunks = run[0]->chunks();
      const std::size_t size = run[0]->tally_size();
      std::vector<std::vector<std::uint64_t>> tally(runs, std::vector<std::uint64_t>(size, 0));
      // The chunks in a shuffled order, cut into ranges of 1 .. 3 consecutive chunks, each range
      // to a random run; bounded loads' ranges in order on the last run.
      std::vector<std::uint64_t> starts;
      for (std::uint64_t c = 0; c < chunks;) {
        starts.push_back(c);
        c += std::uniform_int_distribution<std::uint64_t>(1, 3)(rng);
      }
      std::shuffle(starts.begin(), starts.end(), rng);
      for (const std::uint64_t first : starts) {
        std::uint64_t end = first + 1;
        while (end < chunks && std::find(starts.begin(), starts.end(), end) == starts.end()) ++end;
        const std::size_t w = std::uniform_int_distribution<std::size_t>(0, runs - 1)(rng);
        run[w]->place(first, end, tally[w]);
      }
      for (std::uint64_t c = 0; c < chunks; c += 2)
        run[runs - 1]->place_bounded(c, std::min(c + 2, chunks), tally[runs - 1]);
      std::vector<std::uint64_t> sum(size, 0);
      for (const auto& t : tally)
        for (std::size_t i = 0; i < size; ++i) sum[i] += t[i];
      INFO("scenario with " << sc.servers.size() << " servers, " << sc.keys << " keys, " << runs << " runs");
      CHECK(rows_text(run[runs - 1]->rows(sum)) == expected);
    }
  }
}

TEST_CASE("compare parts: a range or a tally that is not the run's is a named error", "[compare][parts][errors]") {
  ringlab::ComparisonRun run(scenario(5, 200000, u"add"));
  REQUIRE(run.chunks() == 4);
  std::vector<std::uint64_t> tally(run.tally_size(), 0);
  const auto code = [](auto&& f) {
    try {
      f();
    } catch (const ringlab::Error& e) {
      return std::string(e.code_name()) + ": " + e.what();
    }
    return std::string("no error");
  };
  CHECK(code([&] { run.place(3, 5, tally); }) ==
        "invalid_argument: chunks 3 .. 5 are not a range of the run's 4 chunks");
  CHECK(code([&] { run.place(2, 1, tally); }) ==
        "invalid_argument: chunks 2 .. 1 are not a range of the run's 4 chunks");
  std::vector<std::uint64_t> short_tally(run.tally_size() - 1, 0);
  CHECK(code([&] { run.place(0, 1, short_tally); }).starts_with("invalid_argument: a tally of "));
  CHECK(code([&] { (void)run.rows(short_tally); }).starts_with("invalid_argument: a tally of "));
  CHECK(code([&] { run.place_bounded(1, 2, tally); }) ==
        "invalid_argument: bounded loads places its chunks in order: the next is chunk 0, not 1");
  run.place_bounded(0, 2, tally);
  CHECK(code([&] { run.place_bounded(0, 1, tally); }) ==
        "invalid_argument: bounded loads places its chunks in order: the next is chunk 2, not 0");
  run.place_bounded(2, 4, tally);
  CHECK(code([&] { run.place_bounded(4, 4, tally); }) == "no error");
  // A scenario's bad value is the same error as compare()'s, before anything is built.
  ringlab::Scenario bad = scenario(5, 200000, u"add");
  bad.keys = 100000001;
  const std::string expected = code([&] { (void)ringlab::compare(bad); });
  CHECK(expected.starts_with("limit_exceeded: keys must be"));
  CHECK(code([&] { ringlab::ComparisonRun r(bad); }) == expected);
}

}  // namespace test_compare_parts
