// Threads: compare and the three experiments give the same rows and the same bytes for every
// thread count, the key stream resumes anywhere (Mulberry32::skip), and --threads / threads is
// checked against the table's range. A sweep whose rings exceed the cap together, on threads, is
// in test_experiment_parts.cpp, which checks the same sweep in parts.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "compare_cases.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/params.hpp"
#include "ringlab/random.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_threads {

namespace {

constexpr std::int64_t kThreadCounts[] = {1, 2, 3, 7};

using compare_cases::rows_text;
using compare_cases::scenario;

}  // namespace

TEST_CASE("threads: Mulberry32::skip lands where the steps it skips would", "[threads][random]") {
  for (const std::int64_t seed : {std::int64_t{16}, std::int64_t{0}, std::int64_t{-7}, std::int64_t{2147483647},
                                  std::int64_t{-2147483648}, ringlab::kMaxSafeInteger, -ringlab::kMaxSafeInteger}) {
    for (const std::uint64_t n : {0u, 1u, 2u, 3u, 65536u, 100003u}) {
      INFO("seed " << seed << ", skip " << n);
      ringlab::Mulberry32 stepped(seed), skipped(seed);
      for (std::uint64_t i = 0; i < n; ++i) (void)stepped.next_uint32();
      skipped.skip(n);
      CHECK(skipped.state() == stepped.state());
      CHECK(skipped.next_uint32() == stepped.next_uint32());
    }
  }
}

TEST_CASE("threads: compare's rows and placements are the same for every thread count", "[threads][compare]") {
  std::vector<ringlab::Scenario> scenarios{
      scenario(10, 200003, u"add"),          // a last chunk shorter than the others
      scenario(12, 150000, u"remove:S5"),    // jump unsupported
      scenario(7, 131072, u"remove:S6"),     // exactly two chunks; jump removes its last bucket
      scenario(9, 90000, u"weight:S3=2.5"),  // weighted rendezvous; jump and mod-N unsupported
      scenario(5, 70000, u"fail:S0"),
      scenario(100, 80000, u"add:X"),  // names past the shared beginning
      scenario(3, 0, u"add"),          // no keys
      scenario(1, 1000, u"add"),
  };
  scenarios[3].epsilon = 0.05;
  for (const ringlab::Scenario& base : scenarios) {
    ringlab::Scenario sc = base;
    sc.threads = 1;
    std::vector<ringlab::RowPlacement> one;
    const std::string expected = rows_text(ringlab::compare(sc, &one));
    for (const std::int64_t t : kThreadCounts) {
      INFO(base.servers.size() << " servers, " << base.keys << " keys, " << t << " threads");
      sc.threads = t;
      std::vector<ringlab::RowPlacement> placements;
      CHECK(rows_text(ringlab::compare(sc, &placements)) == expected);
      REQUIRE(placements.size() == one.size());
      for (std::size_t i = 0; i < one.size(); ++i) {
        INFO(one[i].algorithm);
        CHECK(placements[i].algorithm == one[i].algorithm);
        CHECK(placements[i].before == one[i].before);
        CHECK(placements[i].after == one[i].after);
        if (!one[i].before.empty()) CHECK(one[i].before.size() == static_cast<std::size_t>(base.keys));
      }
    }
    sc.threads.reset();  // all cores
    CHECK(rows_text(ringlab::compare(sc)) == expected);
  }
}

TEST_CASE("threads: each experiment prints the same bytes for every thread count", "[threads][experiments]") {
  for (const auto& [keys, servers, vnodes] : {std::tuple{std::int64_t{300007}, std::int64_t{4}, std::int64_t{100}},
                                              std::tuple{std::int64_t{65536}, std::int64_t{17}, std::int64_t{3}},
                                              std::tuple{std::int64_t{0}, std::int64_t{4}, std::int64_t{100}},
                                              std::tuple{std::int64_t{1000}, std::int64_t{1}, std::int64_t{1}}}) {
    INFO(keys << " keys, " << servers << " servers");
    ringlab::RingVsModParams rvm;
    rvm.keys = keys;
    rvm.servers = servers;
    rvm.vnodes = vnodes;
    rvm.threads = 1;
    const ringlab::RingVsModResult rvm1 = ringlab::ring_vs_mod(rvm);
    ringlab::HrwJumpParams hj;
    hj.keys = keys;
    hj.servers = servers;
    hj.remove = servers - 1;
    hj.threads = 1;
    const ringlab::HrwJumpResult hj1 = ringlab::hrw_jump(hj);
    ringlab::VnodeSweepParams vs;
    vs.keys = keys;
    vs.servers = servers;
    vs.threads = 1;
    const ringlab::VnodeSweepResult vs1 = ringlab::vnode_sweep(vs);
    for (const std::int64_t t : kThreadCounts) {
      INFO(t << " threads");
      rvm.threads = hj.threads = vs.threads = t;
      const auto r = ringlab::ring_vs_mod(rvm);
      CHECK(r.text == rvm1.text);
      CHECK(r.ring_moved == rvm1.ring_moved);
      CHECK(r.mod_moved_to_new == rvm1.mod_moved_to_new);
      const auto h = ringlab::hrw_jump(hj);
      CHECK(h.text == hj1.text);
      CHECK(h.counts == hj1.counts);
      CHECK(h.jump_moved == hj1.jump_moved);
      const auto v = ringlab::vnode_sweep(vs);
      CHECK(v.text == vs1.text);
      REQUIRE(v.rows.size() == vs1.rows.size());
      for (std::size_t i = 0; i < v.rows.size(); ++i) CHECK(v.rows[i].counts == vs1.rows[i].counts);
    }
  }
}

TEST_CASE("threads: progress from several threads rises to (total, total)", "[threads][experiments]") {
  ringlab::RingVsModParams p;
  p.keys = 1'000'003;
  p.threads = 3;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
  (void)ringlab::ring_vs_mod(p, [&](std::uint64_t done, std::uint64_t total) { calls.emplace_back(done, total); });
  REQUIRE(calls.size() >= 2);
  for (std::size_t i = 0; i < calls.size(); ++i) {
    CHECK(calls[i].second == 1'000'003);
    CHECK(calls[i].first <= calls[i].second);
    if (i > 0) CHECK(calls[i].first >= calls[i - 1].first);
  }
  CHECK(calls.back().first == 1'000'003);
}

TEST_CASE("threads: the table's range, in the core and on the command line", "[threads][params]") {
  using ringlab::Param;
  {
    const Param p = Param::threads;
    const ringlab::ParamSpec& spec = ringlab::param(p);
    // One entry, the same range for compare and every experiment.
    for (const char* where : {"compare", "ringVsMod", "vnodeSweep", "hrwJump"}) CHECK(ringlab::belongs_to(spec, where));
    CHECK_FALSE(ringlab::belongs_to(spec, "placementDigest"));
    CHECK_FALSE(ringlab::belongs_to(spec, "ring"));
    CHECK(spec.name == "threads");
    CHECK(spec.flag == "--threads");
    CHECK(spec.lo == 1);
    CHECK(spec.hi == ringlab::kMaxThreads);
    CHECK_FALSE(spec.has_default);  // all cores
    CHECK(ringlab::check_integer(p, 1) == 1);
    CHECK(ringlab::check_integer(p, ringlab::kMaxThreads) == ringlab::kMaxThreads);
  }
  const auto error = [](auto run) -> std::pair<ringlab::ErrorCode, std::string> {
    try {
      run();
    } catch (const ringlab::Error& e) {
      return {e.code(), e.what()};
    }
    return {ringlab::ErrorCode::invalid_argument, "no error"};
  };
  ringlab::Scenario sc;
  sc.keys = 10;
  sc.threads = 0;
  CHECK(error([&] { (void)ringlab::compare(sc); }) ==
        std::pair{ringlab::ErrorCode::out_of_range, std::string("threads must be between 1 and 256, got 0")});
  ringlab::RingVsModParams rvm;
  rvm.threads = 257;
  CHECK(error([&] { (void)ringlab::ring_vs_mod(rvm); }) ==
        std::pair{ringlab::ErrorCode::out_of_range, std::string("threads must be between 1 and 256, got 257")});
  ringlab::VnodeSweepParams vs;
  vs.threads = -1;
  CHECK(error([&] { (void)ringlab::vnode_sweep(vs); }).second == "threads must be between 1 and 256, got -1");
  ringlab::HrwJumpParams hj;
  hj.threads = 0;
  CHECK(error([&] { (void)ringlab::hrw_jump(hj); }).second == "threads must be between 1 and 256, got 0");

  for (const std::vector<std::string>& args : {std::vector<std::string>{"compare", "--threads", "0"},
                                               {"run", "ring-vs-mod", "--threads", "0"},
                                               {"run", "vnode-sweep", "--threads", "0"},
                                               {"run", "hrw-jump", "--threads", "0"}}) {
    const ringlab::CliResult r = ringlab::run_cli(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "ringlab: --threads must be between 1 and 256, got 0\n");
  }
  CHECK(ringlab::run_cli({"compare", "--threads", "two"}).err ==
        "ringlab: --threads must be a safe integer, got \"two\"\n");
  // The same bytes from the command line with any count.
  const std::string one = ringlab::run_cli({"run", "hrw-jump", "--keys", "70000", "--threads", "1"}).out;
  CHECK(ringlab::run_cli({"run", "hrw-jump", "--keys", "70000", "--threads", "3"}).out == one);
  CHECK(ringlab::run_cli({"run", "hrw-jump", "--keys", "70000"}).out == one);
}

}  // namespace test_threads
