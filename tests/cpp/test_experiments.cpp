// The three published experiments: byte-identical text for every golden case, through the
// library functions and through the CLI, and result structs that agree with the text.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "golden.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_experiments {

using ringlab::js::to_fixed;

namespace {

struct Case {
  std::string name;
  std::string experiment;
  std::vector<std::string> flags;  // "--name", "value", ...
  std::string expected;            // the golden stdout
};

std::vector<Case> load_cases() {
  const golden::Table t = golden::read_tsv("experiments/cases.tsv", {"name", "experiment", "flags"});
  std::vector<Case> out;
  for (const auto& row : t.rows) {
    Case c{row[0], row[1], {}, golden::read_file("experiments/" + row[0] + ".txt")};
    if (!row[2].empty()) c.flags = golden::split(row[2], ' ');
    if (c.flags.size() % 2 != 0) throw std::runtime_error(c.name + ": flags must come in pairs");
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Case> cases_of(const std::string& experiment) {
  std::vector<Case> out;
  for (Case& c : load_cases())
    if (c.experiment == experiment) out.push_back(std::move(c));
  return out;
}

std::vector<std::int64_t> parse_list(const std::string& text) {
  std::vector<std::int64_t> out;
  for (const std::string& v : golden::split(text, ',')) out.push_back(golden::parse_i64(v));
  return out;
}

ringlab::RingVsModParams ring_vs_mod_params(const Case& c) {
  ringlab::RingVsModParams p;
  for (std::size_t i = 0; i < c.flags.size(); i += 2) {
    const std::string& f = c.flags[i];
    const std::int64_t v = golden::parse_i64(c.flags[i + 1]);
    if (f == "--seed") p.seed = v;
    else if (f == "--keys") p.keys = v;
    else if (f == "--servers") p.servers = v;
    else if (f == "--vnodes") p.vnodes = v;
    else throw std::runtime_error(c.name + ": unexpected flag " + f);
  }
  return p;
}

ringlab::VnodeSweepParams vnode_sweep_params(const Case& c) {
  ringlab::VnodeSweepParams p;
  for (std::size_t i = 0; i < c.flags.size(); i += 2) {
    const std::string& f = c.flags[i];
    if (f == "--vnodes") p.vnodes = parse_list(c.flags[i + 1]);
    else if (f == "--seed") p.seed = golden::parse_i64(c.flags[i + 1]);
    else if (f == "--keys") p.keys = golden::parse_i64(c.flags[i + 1]);
    else if (f == "--servers") p.servers = golden::parse_i64(c.flags[i + 1]);
    else throw std::runtime_error(c.name + ": unexpected flag " + f);
  }
  return p;
}

ringlab::HrwJumpParams hrw_jump_params(const Case& c) {
  ringlab::HrwJumpParams p;
  for (std::size_t i = 0; i < c.flags.size(); i += 2) {
    const std::string& f = c.flags[i];
    const std::int64_t v = golden::parse_i64(c.flags[i + 1]);
    if (f == "--seed") p.seed = v;
    else if (f == "--keys") p.keys = v;
    else if (f == "--servers") p.servers = v;
    else if (f == "--remove") p.remove = v;
    else if (f == "--buckets") p.buckets = v;
    else throw std::runtime_error(c.name + ": unexpected flag " + f);
  }
  return p;
}

ringlab::CliResult cli(const Case& c) {
  std::vector<std::string> args = {"run", c.experiment};
  args.insert(args.end(), c.flags.begin(), c.flags.end());
  return ringlab::run_cli(args);
}

void check_cli(const Case& c) {
  const ringlab::CliResult r = cli(c);
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK(r.out == c.expected);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out = golden::split(text, '\n');
  if (!out.empty() && out.back().empty()) out.pop_back();
  return out;
}

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string pct(double count, double keys) { return to_fixed(100 * count / keys, 1) + "%"; }

std::vector<std::uint32_t> key_hashes(std::int64_t seed, std::int64_t count) {
  ringlab::CourseKeys keys(seed);
  std::vector<std::uint32_t> out;
  for (std::int64_t k = 0; k < count; ++k) out.push_back(ringlab::h32_bytes(keys.next()));
  return out;
}

}  // namespace

TEST_CASE("the golden case list covers all three experiments", "[experiments][golden]") {
  const auto cases = load_cases();
  REQUIRE(cases.size() >= 30);
  for (const char* e : {"ring-vs-mod", "vnode-sweep", "hrw-jump"}) {
    const auto mine = cases_of(e);
    CHECK(mine.size() >= 5);
    // The published defaults are among them.
    CHECK(std::any_of(mine.begin(), mine.end(), [](const Case& c) { return c.flags.empty(); }));
  }
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK((c.experiment == "ring-vs-mod" || c.experiment == "vnode-sweep" || c.experiment == "hrw-jump"));
    CHECK(c.name.rfind(c.experiment + "__", 0) == 0);
    CHECK_FALSE(c.expected.empty());
  }
}

TEST_CASE("the experiments' parameters default to the published constants", "[experiments]") {
  const ringlab::RingVsModParams a;
  CHECK(a.seed == 16);
  CHECK(a.keys == 10000);
  CHECK(a.servers == 4);
  CHECK(a.vnodes == 100);
  const ringlab::VnodeSweepParams b;
  CHECK(b.seed == 16);
  CHECK(b.servers == 10);
  CHECK(b.keys == 100000);
  CHECK(b.vnodes == std::vector<std::int64_t>{1, 10, 100, 1000});
  const ringlab::HrwJumpParams c;
  CHECK(c.seed == 16);
  CHECK(c.keys == 10000);
  CHECK(c.servers == 5);
  CHECK(c.remove == 2);
  CHECK(c.buckets == 10);
}

TEST_CASE("ring-vs-mod prints the golden text for every case", "[experiments][golden]") {
  const auto cases = cases_of("ring-vs-mod");
  REQUIRE_FALSE(cases.empty());
  for (const Case& c : cases) {
    INFO("case " << c.name);
    const ringlab::RingVsModResult r = ringlab::ring_vs_mod(ring_vs_mod_params(c));
    CHECK(r.text == c.expected);
    check_cli(c);
  }
}

TEST_CASE("vnode-sweep prints the golden text for every case", "[experiments][golden]") {
  const auto cases = cases_of("vnode-sweep");
  REQUIRE_FALSE(cases.empty());
  for (const Case& c : cases) {
    INFO("case " << c.name);
    const ringlab::VnodeSweepResult r = ringlab::vnode_sweep(vnode_sweep_params(c));
    CHECK(r.text == c.expected);
    check_cli(c);
  }
}

TEST_CASE("hrw-jump prints the golden text for every case", "[experiments][golden]") {
  const auto cases = cases_of("hrw-jump");
  REQUIRE_FALSE(cases.empty());
  for (const Case& c : cases) {
    INFO("case " << c.name);
    const ringlab::HrwJumpResult r = ringlab::hrw_jump(hrw_jump_params(c));
    CHECK(r.text == c.expected);
    check_cli(c);
  }
}

TEST_CASE("ring-vs-mod results agree with the text and with a recount", "[experiments]") {
  for (const Case& c : cases_of("ring-vs-mod")) {
    INFO("case " << c.name);
    const ringlab::RingVsModParams p = ring_vs_mod_params(c);
    const ringlab::RingVsModResult r = ringlab::ring_vs_mod(p);
    CHECK(r.keys == p.keys);
    CHECK(r.servers_before == p.servers);
    CHECK(r.servers_after == p.servers + 1);
    CHECK(r.mod_moved_to_new <= r.mod_moved);
    CHECK(r.ring_moved_to_new <= r.ring_moved);
    CHECK(r.mod_moved <= r.keys);
    CHECK(r.ring_moved <= r.keys);
    // A ring moves keys only to the new server.
    CHECK(r.ring_moved == r.ring_moved_to_new);
    const double k = r.keys;
    const auto lines = lines_of(r.text);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == "mod-N  moved " + pct(r.mod_moved, k) + "   to new server " + pct(r.mod_moved_to_new, k) +
                          "   between old servers " + pct(r.mod_moved - r.mod_moved_to_new, k));
    CHECK(lines[1] == "ring   moved " + pct(r.ring_moved, k) + "   to new server " + pct(r.ring_moved_to_new, k) +
                          "   between old servers " + pct(r.ring_moved - r.ring_moved_to_new, k));
    // Recount with the library's pieces (small cases only).
    if (p.keys <= 20000) {
      const ringlab::Ring before = ringlab::Ring::uniform(r.servers_before, static_cast<std::uint32_t>(p.vnodes));
      const ringlab::Ring after = ringlab::Ring::uniform(r.servers_after, static_cast<std::uint32_t>(p.vnodes));
      std::uint32_t mod = 0, mod_new = 0, ring = 0, ring_new = 0;
      for (std::uint32_t x : key_hashes(p.seed, p.keys)) {
        const std::uint32_t a = ringlab::mod_n(x, r.servers_before), b = ringlab::mod_n(x, r.servers_after);
        if (a != b) ++mod, mod_new += b == r.servers_before;
        const std::uint32_t ra = before.owner(x), rb = after.owner(x);
        if (ra != rb) ++ring, ring_new += rb == r.servers_before;
      }
      CHECK(r.mod_moved == mod);
      CHECK(r.mod_moved_to_new == mod_new);
      CHECK(r.ring_moved == ring);
      CHECK(r.ring_moved_to_new == ring_new);
    }
  }
}

TEST_CASE("vnode-sweep results agree with the text and with a recount", "[experiments]") {
  for (const Case& c : cases_of("vnode-sweep")) {
    INFO("case " << c.name);
    const ringlab::VnodeSweepParams p = vnode_sweep_params(c);
    const ringlab::VnodeSweepResult r = ringlab::vnode_sweep(p);
    CHECK(r.servers == p.servers);
    CHECK(r.keys == p.keys);
    CHECK(r.average == static_cast<double>(p.keys) / static_cast<double>(p.servers));
    REQUIRE(r.rows.size() == p.vnodes.size());
    const auto lines = lines_of(r.text);
    REQUIRE(lines.size() == r.rows.size() + 2);
    CHECK(lines.front() == "V      points    min    max  std dev  max/avg  sd/avg");
    CHECK(lines.back() == "average per server = " + ringlab::js::number_to_string(r.average) + " keys");
    const bool small = p.keys <= 20000 && p.servers * *std::max_element(p.vnodes.begin(), p.vnodes.end()) <= 200000;
    const std::vector<std::uint32_t> hashes = small ? key_hashes(p.seed, p.keys) : std::vector<std::uint32_t>{};
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
      const ringlab::VnodeSweepRow& row = r.rows[i];
      INFO("V = " << row.vnodes);
      CHECK(row.vnodes == p.vnodes[i]);
      CHECK(row.points == static_cast<std::uint64_t>(p.servers * p.vnodes[i]));
      REQUIRE(row.counts.size() == r.servers);
      std::uint64_t total = 0;
      for (std::uint32_t n : row.counts) total += n;
      CHECK(total == r.keys);
      CHECK(row.min == *std::min_element(row.counts.begin(), row.counts.end()));
      CHECK(row.max == *std::max_element(row.counts.begin(), row.counts.end()));
      double sum = 0;
      for (std::uint32_t n : row.counts) sum += (n - r.average) * (n - r.average);
      CHECK(row.sd == std::sqrt(sum / r.servers));
      if (r.keys > 0) {
        CHECK(row.max_over_avg == row.max / r.average);
        CHECK(row.sd_over_avg == row.sd / r.average);
      } else {
        CHECK(std::isnan(row.max_over_avg));
        CHECK(std::isnan(row.sd_over_avg));
      }
      const auto words = words_of(lines[i + 1]);
      REQUIRE(words.size() == 7);
      CHECK(words[0] == std::to_string(row.vnodes));
      CHECK(words[1] == std::to_string(row.points));
      CHECK(words[2] == std::to_string(row.min));
      CHECK(words[3] == std::to_string(row.max));
      CHECK(words[4] == to_fixed(row.sd, 0));
      CHECK(words[5] == to_fixed(row.max_over_avg, 2));
      CHECK(words[6] == to_fixed(100 * row.sd / r.average, 1) + "%");
      if (small) {
        const ringlab::Ring ring = ringlab::Ring::uniform(r.servers, row.vnodes);
        std::vector<std::uint32_t> counts(r.servers, 0);
        for (std::uint32_t x : hashes) ++counts[ring.owner(x)];
        CHECK(counts == row.counts);
      }
    }
  }
}

TEST_CASE("hrw-jump results agree with the text and with a recount", "[experiments]") {
  for (const Case& c : cases_of("hrw-jump")) {
    INFO("case " << c.name);
    const ringlab::HrwJumpParams p = hrw_jump_params(c);
    const ringlab::HrwJumpResult r = ringlab::hrw_jump(p);
    CHECK(r.keys == p.keys);
    CHECK(r.removed == p.remove);
    CHECK(r.buckets == p.buckets);
    REQUIRE(r.counts.size() == static_cast<std::size_t>(p.servers));
    std::uint64_t total = 0;
    std::string first = "HRW, " + std::to_string(p.servers) + " servers:";
    for (std::size_t s = 0; s < r.counts.size(); ++s) {
      if (r.counts[s]) {
        CHECK(*r.counts[s] > 0);
        total += *r.counts[s];
      }
      first += " S" + std::to_string(s) + "=" + (r.counts[s] ? std::to_string(*r.counts[s]) : "undefined");
    }
    CHECK(total == r.keys);
    // HRW moves only the removed server's keys (with one server, every key moves).
    CHECK(r.hrw_moved_not_from_removed == 0);
    const std::uint32_t removed_count = r.counts[r.removed].value_or(0);
    CHECK(r.hrw_moved == removed_count);
    // Jump moves keys only to the new bucket.
    CHECK(r.jump_moved_not_to_new == 0);
    const auto lines = lines_of(r.text);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == first);
    const std::string gone = "S" + std::to_string(r.removed);
    CHECK(lines[1] == "HRW, " + gone + " removed: moved " + to_fixed(100.0 * r.hrw_moved / r.keys, 1) +
                          "%, moved but not from " + gone + ": " + std::to_string(r.hrw_moved_not_from_removed));
    CHECK(lines[2].rfind("jump " + std::to_string(r.buckets) + " -> " + std::to_string(r.buckets + 1) + ": moved " +
                             to_fixed(100.0 * r.jump_moved / r.keys, 1) + "%",
                         0) == 0);
    if (p.keys * p.servers <= 200000) {
      std::vector<std::u16string> all, rest;
      for (std::int64_t s = 0; s < p.servers; ++s) {
        all.push_back(ringlab::default_server_name(static_cast<std::uint32_t>(s)));
        if (s != p.remove) rest.push_back(all.back());
      }
      const ringlab::Rendezvous hrw_all(all), hrw_rest(rest);
      std::vector<std::uint32_t> counts(all.size(), 0);
      std::uint32_t moved = 0, jumped = 0;
      ringlab::CourseKeys keys(p.seed);
      for (std::int64_t k = 0; k < p.keys; ++k) {
        const std::u16string key = golden::u16(keys.next());
        const std::int64_t a = hrw_all.pick(key);
        const std::int64_t b = hrw_rest.pick(key);
        ++counts[static_cast<std::size_t>(a)];
        if (b < 0 || all[static_cast<std::size_t>(a)] != rest[static_cast<std::size_t>(b)]) ++moved;
        const std::uint32_t x = ringlab::h32(key);
        if (ringlab::jump(x, p.buckets) != ringlab::jump(x, p.buckets + 1)) ++jumped;
      }
      for (std::size_t s = 0; s < all.size(); ++s) CHECK(counts[s] == r.counts[s].value_or(0));
      CHECK(r.hrw_moved == moved);
      CHECK(r.jump_moved == jumped);
    }
  }
}

}  // namespace test_experiments
