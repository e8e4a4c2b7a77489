// The claims catalogue: every claim's verdict, stable ids, each live figure equal to what the
// underlying function gives when called directly, and the JSON's shape.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "ringlab/analysis.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/claims.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/js_math.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/random.hpp"
#include "ringlab/ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_claims {

using ringlab::Claim;
using ringlab::ToleranceKind;
using ringlab::Verdict;

namespace {

// Computed once: the catalogue runs the chapter's experiments at full scale.
const std::vector<Claim>& catalogue() {
  static const std::vector<Claim> all = ringlab::claims();
  return all;
}

const Claim& find(const std::string& id) {
  const auto& all = catalogue();
  const auto it = std::find_if(all.begin(), all.end(), [&](const Claim& c) { return c.id == id; });
  if (it == all.end()) FAIL("no claim " << id);
  return *it;
}

// The ids, in the chapter's order. Widgets and translations are keyed by them: a change here is
// a breaking change.
const std::vector<std::string> kIds = {
    "mod-n-six-keys",        "mod-n-new-server-share", "mod-n-moves-80",        "cache-hit-after-mod-n",
    "cache-database-load",   "ring-vs-mod-output",     "mod-n-measured",        "ring-moves-21.9",
    "ring-none-between-old", "largest-arc-v1",         "largest-arc-expected",  "smallest-arc-expected",
    "sd-formula-n10",        "even-10x-needs-100x",    "vnode-sweep-output",    "vnodes-for-target",
    "memory-25600-points",   "lookup-10x-vnodes",      "lookup-15-comparisons", "hrw-balance",
    "hrw-jump-output",       "hrw-moves-20.1",         "hrw-none-from-others",  "jump-moves-8.8",
    "jump-near-ideal",       "jump-none-between-old",  "jump-loops-ln-n",       "maglev-m-over-n",
    "bounded-load-cap",      "bounded-most-stay",      "hot-key-vnodes",        "n-to-n-plus-1",
};

}  // namespace

TEST_CASE("claims: ids are unique, stable and in the chapter's order", "[claims]") {
  std::vector<std::string> ids;
  std::set<std::string> unique;
  for (const Claim& c : catalogue()) {
    ids.push_back(c.id);
    unique.insert(c.id);
    CHECK(!c.section.empty());
    CHECK(c.section.rfind("§", 0) == 0);
    CHECK(!c.claim.empty());
    CHECK(!c.chapter.text.empty());
    CHECK(!c.ringlab.text.empty());
    CHECK(!c.scenario.empty());
    CHECK(!c.scale.empty());
    CHECK(!c.tolerance_reason.empty());
  }
  CHECK(ids == kIds);
  CHECK(unique.size() == ids.size());
  // Sections never go back: the catalogue reads in the chapter's order.
  std::string last = "§1";
  for (const Claim& c : catalogue()) {
    INFO(c.id);
    CHECK(c.section >= last);
    last = c.section;
  }
  CHECK(ids.size() >= 14);
  // A second run computes the same catalogue.
  const std::vector<Claim> again = ringlab::claims();
  REQUIRE(again.size() == catalogue().size());
  for (std::size_t i = 0; i < again.size(); ++i) {
    CHECK(again[i].id == catalogue()[i].id);
    CHECK(again[i].ringlab.text == catalogue()[i].ringlab.text);
  }
}

TEST_CASE("claims: every verdict", "[claims]") {
  // Every claim the chapter makes is reproduced at its printed digits, except those whose figure
  // is a simplified model (1/c^2) or an expectation held against one sample of keys.
  const std::set<std::string> within = {"vnodes-for-target", "jump-near-ideal",       "mod-n-new-server-share",
                                        "hrw-balance",       "smallest-arc-expected", "jump-loops-ln-n"};
  for (const Claim& c : catalogue()) {
    INFO(c.id << ": chapter " << c.chapter.text << ", ringlab " << c.ringlab.text << " (" << c.detail << ")");
    CHECK(c.verdict != Verdict::differs);
    if (within.count(c.id)) {
      CHECK(c.verdict == Verdict::within);
    } else {
      CHECK(c.verdict == Verdict::match);
    }
  }
  CHECK(find("vnodes-for-target").tolerance == ToleranceKind::model);
  CHECK(find("jump-near-ideal").tolerance == ToleranceKind::statistical);
  CHECK(find("mod-n-new-server-share").tolerance == ToleranceKind::statistical);
  CHECK(find("memory-25600-points").tolerance == ToleranceKind::model);
  CHECK(find("ring-vs-mod-output").tolerance == ToleranceKind::exact);
}

TEST_CASE("claims: the published programs' outputs are ringlab's, byte for byte", "[claims]") {
  CHECK(find("ring-vs-mod-output").ringlab.text == ringlab::ring_vs_mod({}).text);
  CHECK(find("vnode-sweep-output").ringlab.text == ringlab::vnode_sweep({}).text);
  CHECK(find("hrw-jump-output").ringlab.text == ringlab::hrw_jump({}).text);
  for (const char* id : {"ring-vs-mod-output", "vnode-sweep-output", "hrw-jump-output"})
    CHECK(find(id).chapter.text == find(id).ringlab.text);
}

TEST_CASE("claims: each figure is what the core gives directly", "[claims]") {
  const auto rvm = ringlab::ring_vs_mod({});
  CHECK(find("mod-n-measured").ringlab.value == 100.0 * rvm.mod_moved / rvm.keys);
  CHECK(find("ring-moves-21.9").ringlab.value == 100.0 * rvm.ring_moved / rvm.keys);
  CHECK(find("ring-none-between-old").ringlab.value == 100.0 * (rvm.ring_moved - rvm.ring_moved_to_new) / rvm.keys);
  CHECK(find("mod-n-new-server-share").ringlab.value == 100.0 * rvm.mod_moved_to_new / rvm.keys);
  CHECK(find("mod-n-new-server-share").ringlab.text == "20.1%");

  const double moved = 1 - ringlab::mod_n_kept_fraction(4, 5);
  CHECK(find("mod-n-moves-80").ringlab.value == 100 * moved);
  const auto w = ringlab::cache_what_if(0.95, moved);
  CHECK(find("cache-hit-after-mod-n").ringlab.value == 100 * w.hit_after);
  CHECK(find("cache-database-load").ringlab.value == w.db_multiplier);
  CHECK(find("cache-database-load").ringlab.text == "16.2x");

  CHECK(find("largest-arc-v1").ringlab.value == ringlab::harmonic(10));
  // Many rings: the measured means of the largest and the smallest arc near H_10 and 1/10.
  CHECK(std::fabs(find("largest-arc-expected").ringlab.value - ringlab::harmonic(10)) < 0.06);
  CHECK(std::fabs(find("smallest-arc-expected").ringlab.value - 0.1) < 0.006);
  CHECK(find("largest-arc-expected").tolerance == ToleranceKind::statistical);
  // Jump's loop: the mean of jump_trace's steps, against H_n and ln n.
  {
    ringlab::CourseKeys course(16);
    std::vector<std::uint32_t> hs(10000);
    course.next_hashes(hs);
    double steps = 0;
    for (const std::uint32_t h : hs) steps += static_cast<double>(ringlab::jump_trace(h, 1000000).size());
    CHECK(find("jump-loops-ln-n").ringlab.value == steps / 10000);
    CHECK(find("jump-loops-ln-n").chapter.value == 13.8);  // ln 1,000,000 = 13.8155 at the digit shown
    CHECK(find("jump-loops-ln-n").values.at(1).second == ringlab::js_math::log(1000000.0));
  }
  CHECK(find("sd-formula-n10").ringlab.text == "V=1 90%, V=10 30%, V=100 9.5%, V=1000 3.0%");
  CHECK(find("even-10x-needs-100x").ringlab.value ==
        ringlab::theory_sd_over_mean(10, 10) / ringlab::theory_sd_over_mean(10, 1000));
  CHECK(find("vnodes-for-target").ringlab.text == "c=5%: V=360, c=10%: V=90");

  const auto ring = ringlab::Ring::uniform(100, 256);
  CHECK(find("memory-25600-points").ringlab.value == ring.size() * 16.0 / 1024);
  CHECK(find("memory-25600-points").detail.find(std::to_string(ring.memory_bytes()) + " B") != std::string::npos);
  CHECK(find("lookup-15-comparisons").ringlab.value == 15);
  CHECK(find("lookup-10x-vnodes").ringlab.value ==
        std::log2(static_cast<double>(ringlab::Ring::uniform(100, 2560).size())) -
            std::log2(static_cast<double>(ring.size())));

  const auto hj = ringlab::hrw_jump({});
  CHECK(find("hrw-moves-20.1").ringlab.value == 100.0 * hj.hrw_moved / hj.keys);
  CHECK(find("hrw-none-from-others").ringlab.value == hj.hrw_moved_not_from_removed);
  CHECK(find("jump-moves-8.8").ringlab.value == 100.0 * hj.jump_moved / hj.keys);
  CHECK(find("jump-near-ideal").ringlab.value == 100.0 * hj.jump_moved / hj.keys);
  CHECK(find("jump-none-between-old").ringlab.value == hj.jump_moved_not_to_new);
  CHECK(find("hrw-balance").ringlab.value == 1950);  // S4, the count furthest from 2000
  CHECK(find("hrw-balance").tolerance == ToleranceKind::statistical);

  const auto counts = ringlab::Maglev::uniform(10, 65537).entry_counts();
  const auto [lo, hi] = std::minmax_element(counts.begin(), counts.end());
  CHECK(find("maglev-m-over-n").ringlab.text == std::to_string(*lo) + " to " + std::to_string(*hi) + " slots each");
  CHECK(*lo == 6553);
  CHECK(*hi == 6554);

  ringlab::CourseKeys keys(16);
  std::vector<std::uint32_t> hashes(10000);
  keys.next_hashes(hashes);
  const auto placed = ringlab::place_bounded(ringlab::Ring::uniform(10, 1), hashes, 0.25);
  CHECK(find("bounded-load-cap").ringlab.value == *std::max_element(placed.loads.begin(), placed.loads.end()));
  CHECK(find("bounded-load-cap").chapter.value == 1250);
  CHECK(find("bounded-most-stay").ringlab.value == 100 * (1 - placed.not_first_choice / 10000.0));

  const auto hot = ringlab::hot_keys(ringlab::Ring::uniform(10, 1000), {});
  CHECK(find("hot-key-vnodes").ringlab.value == hot.max_over_mean);
}

TEST_CASE("claims: JSON is an array of {id, section, claim, chapter, ringlab, tolerance, verdict}", "[claims]") {
  const std::string json = ringlab::claims_json(catalogue());
  REQUIRE(json.size() > 2);
  CHECK(json.front() == '[');
  CHECK(json.substr(json.size() - 2) == "]\n");
  // One object a line, its keys in order.
  std::size_t objects = 0;
  for (std::size_t at = json.find("{\"id\":"); at != std::string::npos; at = json.find("{\"id\":", at + 1)) {
    const std::size_t end = json.find('\n', at);
    const std::string line = json.substr(at, end - at);
    std::size_t last = 0;
    for (const char* key :
         {"\"id\":", "\"section\":", "\"claim\":", "\"chapter\":{\"figure\":", "\"value\":", "\"ringlab\":{\"figure\":",
          "\"detail\":", "\"scenario\":", "\"scale\":", "\"tolerance\":{\"kind\":", "\"reason\":", "\"verdict\":"}) {
      const std::size_t k = line.find(key, last);
      INFO(line << " lacks " << key);
      CHECK(k != std::string::npos);
      if (k != std::string::npos) last = k;
    }
    const bool verdict = line.find("\"verdict\":\"match\"}") != std::string::npos ||
                         line.find("\"verdict\":\"within\"}") != std::string::npos ||
                         line.find("\"verdict\":\"differs\"}") != std::string::npos;
    CHECK(verdict);
    ++objects;
  }
  CHECK(objects == catalogue().size());
  // A printed output's newlines are escaped and its value is null.
  CHECK(json.find("\"figure\":\"mod-N  moved 80.1%   to new server 20.1%   between old servers 59.9%\\nring") !=
        std::string::npos);
  CHECK(json.find("{\"id\":\"ring-moves-21.9\",\"section\":\"§3\"") != std::string::npos);
  CHECK(json.find("\"chapter\":{\"figure\":\"21.9%\",\"value\":21.9}") != std::string::npos);
  // No raw control character survives.
  for (std::size_t i = 0; i < json.size(); ++i) {
    const auto u = static_cast<unsigned char>(json[i]);
    if (u < 0x20) CHECK(json[i] == '\n');
  }
  CHECK(ringlab::claims_json({}) == "[\n]\n");
}

TEST_CASE("claims: names of tolerance kinds and verdicts", "[claims]") {
  CHECK(ringlab::tolerance_kind_name(ToleranceKind::exact) == "exact");
  CHECK(ringlab::tolerance_kind_name(ToleranceKind::rounding) == "rounding");
  CHECK(ringlab::tolerance_kind_name(ToleranceKind::statistical) == "statistical");
  CHECK(ringlab::tolerance_kind_name(ToleranceKind::model) == "model");
  CHECK(ringlab::verdict_name(Verdict::match) == "match");
  CHECK(ringlab::verdict_name(Verdict::within) == "within");
  CHECK(ringlab::verdict_name(Verdict::differs) == "differs");
}

TEST_CASE("claims: the values a translation formats are named once and finite", "[claims]") {
  for (const Claim& c : catalogue()) {
    INFO(c.id);
    std::set<std::string> names;
    for (const auto& [name, v] : c.values) {
      CHECK(names.insert(name).second);
      CHECK(std::isfinite(v));
    }
    // Every claim but a published program's output has numbers to format.
    const bool output = c.chapter.text.find('\n') != std::string::npos;
    CHECK(c.values.empty() == output);
    // A numeric figure's value is one of them, or the figure rounded from one.
    if (c.ringlab.numeric) {
      bool found = false;
      for (const auto& [name, v] : c.values) found = found || v == c.ringlab.value;
      CHECK(found);
    }
  }
  CHECK(ringlab::claims_json(catalogue()).find("\"values\":{\"moved\":5,\"toNew\":0}") != std::string::npos);
}

TEST_CASE("claims: the command prints the catalogue, as text and as JSON", "[claims]") {
  const std::vector<ringlab::CliCommand> commands = {ringlab::claims_cli_command()};
  const ringlab::CliResult json = ringlab::run_cli({"claims", "--json"}, commands);
  CHECK(json.exit_code == 0);
  CHECK(json.err.empty());
  CHECK(json.out == ringlab::claims_json(catalogue()));

  const ringlab::CliResult text = ringlab::run_cli({"claims"}, commands);
  CHECK(text.exit_code == 0);
  CHECK(text.out == ringlab::claims_text(catalogue()));
  CHECK(text.out.rfind("The chapter's claims, each computed now: 32 claims, 26 match, 6 within, 0 differ\n", 0) == 0);
  for (const Claim& c : catalogue())
    CHECK(text.out.find("\n" + c.section + " " + c.id + ": " + std::string(ringlab::verdict_name(c.verdict)) + "\n") !=
          std::string::npos);
  // An output equal to the chapter's is shown once, its size said.
  CHECK(text.out.find("    ringlab:   the same 196 bytes\n") != std::string::npos);

  CHECK(ringlab::run_cli({"claims", "--csv"}, commands).err ==
        "ringlab: unknown flag --csv for claims (see ringlab --help)\n");
  CHECK(ringlab::run_cli({"claims", "x"}, commands).err == "ringlab: claims takes no arguments, got \"x\"\n");
  // A build without the command says where it is.
  CHECK(ringlab::run_cli({"claims"}).exit_code == 2);
  // --help lists it, the same from the listing as from the command.
  const std::vector<ringlab::CliCommand> listed = {ringlab::claims_cli_listing()};
  CHECK(ringlab::cli_help(commands) == ringlab::cli_help(listed));
  CHECK(ringlab::cli_help(commands).find("  ringlab claims [--json]") != std::string::npos);
}

TEST_CASE("claims: a differing output is shown with the first byte that differs", "[claims]") {
  std::vector<Claim> one = {find("ring-vs-mod-output")};
  one[0].ringlab.text[10] = 'X';
  one[0].verdict = Verdict::differs;
  const std::string text = ringlab::claims_text(one);
  CHECK(text.find("0 match, 0 within, 1 differ\n") != std::string::npos);
  CHECK(text.find("    ringlab (differs from byte 10):\n      mod-N  movXd") != std::string::npos);
}

}  // namespace test_claims
