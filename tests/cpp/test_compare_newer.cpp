// compare's rows for the newer bucket hashers (compare_newer.hpp): each row against the
// algorithm itself, built through the bucket seam and given every course key as its input kind
// says, key by key.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "ringlab/algorithms.hpp"
#include "ringlab/analysis.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/compare_newer.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/random.hpp"

namespace test_compare_newer {

using ringlab::ChangeKind;
using ringlab::ComparisonRow;
using ringlab::Scenario;

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// The scenario's keys: each one's text and h32.
struct Key {
  std::string text;
  std::uint32_t hash;
};

std::vector<Key> keys_of(const Scenario& sc) {
  ringlab::CourseKeys course(sc.seed);
  std::vector<Key> out;
  for (std::int64_t i = 0; i < sc.keys; ++i) {
    const std::string text = "user:" + std::to_string(course.next_number());
    out.push_back({text, ringlab::h32(std::u16string(text.begin(), text.end()))});
  }
  return out;
}

std::uint32_t lookup(const ringlab::Buckets& b, const Key& k) {
  switch (b.algorithm().input) {
    case ringlab::BucketInput::text: return b.bucket_key(k.text);
    default: return b.bucket(k.hash);  // u64 and u32 alike: the key's h32
  }
}

ringlab::BucketOptions options_of(std::string_view name, const std::vector<std::string>& names) {
  ringlab::BucketOptions o;
  if (ringlab::option_param(ringlab::bucket_algorithm(name), "nodes") != nullptr) o.nodes = names;
  else o.buckets = static_cast<std::int64_t>(names.size());
  return o;
}

// The row compare_newer owes `name`, from the hasher before and after the change, each key looked
// up in both: the servers by name on both sides (a node by its name, a bucket b as the server it
// stands for: b before, or the added server for the bucket the change added).
ComparisonRow reference(std::string_view name, const Scenario& sc, const std::vector<Key>& keys) {
  std::vector<std::string> before;
  for (const auto& s : sc.servers) before.push_back(ringlab::utf8_for_message(s.name));
  const std::string changed = ringlab::utf8_for_message(sc.change.name);
  const ringlab::Buckets b(name, options_of(name, before));
  std::vector<std::string> after = before;
  std::optional<ringlab::Buckets> a;
  std::uint32_t added = kNone;
  const bool membership = ringlab::find_algorithm(name)->membership.add;
  if (sc.change.kind == ChangeKind::add) {
    after.push_back(changed.empty() ? "S" + std::to_string(before.size()) : changed);
    if (membership) {
      a.emplace(b);
      added = a->add();
    } else {
      a.emplace(name, options_of(name, after));
    }
  } else {
    const auto at = static_cast<std::uint32_t>(std::find(before.begin(), before.end(), changed) - before.begin());
    after.erase(after.begin() + at);
    if (membership) {
      a.emplace(b);
      a->remove(at);
    } else {
      a.emplace(name, options_of(name, after));
    }
  }
  const auto server_before = [&](std::uint32_t x) { return x == kNone ? std::string("none") : before.at(x); };
  const auto server_after = [&](std::uint32_t x) {
    if (x == kNone) return std::string("none");
    if (!membership) return after.at(x);
    return x == added ? after.back() : before.at(x);
  };
  ComparisonRow row;
  std::vector<double> loads(after.size(), 0);
  std::uint64_t moved = 0, to_new = 0, needless = 0;
  for (const Key& k : keys) {
    const std::string from = server_before(lookup(b, k)), to = server_after(lookup(*a, k));
    const auto at = std::find(after.begin(), after.end(), to);
    if (at != after.end()) ++loads[static_cast<std::size_t>(at - after.begin())];
    if (from == to) continue;
    ++moved;
    const bool is_new = sc.change.kind == ChangeKind::add && to == after.back();
    to_new += is_new;
    needless += !is_new && from != changed && to != changed;
  }
  const double n = static_cast<double>(keys.size());
  row.moved = static_cast<double>(moved) / n;
  row.moved_to_new = static_cast<double>(to_new) / n;
  row.moved_needlessly = static_cast<double>(needless) / n;
  row.max_over_mean = ringlab::load_stats(loads).max_over_mean;
  row.memory_bytes = a->memory_bytes();
  return row;
}

// The newer algorithms as a message lists them, from the registry: "a, b or c".
std::string listed() {
  const auto names = ringlab::newer_compare_algorithms();
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + std::string(names[i]);
  return out;
}

Scenario scenario(std::vector<ringlab::Server> servers, ringlab::Change change) {
  Scenario sc;
  sc.servers = std::move(servers);
  sc.keys = 400;
  sc.seed = 7;
  sc.change = std::move(change);
  return sc;
}

}  // namespace

TEST_CASE("the newer rows are the registry's bucket algorithms without a row of the chapter's compare", "[compare]") {
  std::vector<std::string_view> expected;
  for (const ringlab::BucketAlgorithm& a : ringlab::bucket_algorithms())
    if (!ringlab::find_algorithm(a.name)->compare_row) expected.push_back(a.name);
  CHECK(ringlab::newer_compare_algorithms() == expected);
  CHECK(ringlab::newer_from_text("all") == expected);
  CHECK(ringlab::newer_from_text("dx,memento") == std::vector<std::string_view>{"dx", "memento"});
}

TEST_CASE("each newer row is its algorithm's own moves and load key by key", "[compare]") {
  const std::vector<ringlab::Server> numbered = ringlab::compare_servers(10);
  std::vector<ringlab::Server> named;
  for (const char16_t* n : {u"alpha", u"beta", u"gamma", u"delta", u"epsilon"}) named.push_back({n, 1.0, u""});
  const Scenario cases[] = {
      scenario(numbered, {ChangeKind::add, u"", 1.0}),
      scenario(numbered, {ChangeKind::remove, u"S9", 1.0}),
      scenario(numbered, {ChangeKind::remove, u"S3", 1.0}),
      scenario(numbered, {ChangeKind::fail, u"S0", 1.0}),
      scenario(named, {ChangeKind::add, u"zeta", 1.0}),
      scenario(named, {ChangeKind::remove, u"gamma", 1.0}),
      scenario(ringlab::compare_servers(1), {ChangeKind::add, u"", 1.0}),
  };
  const auto names = ringlab::newer_compare_algorithms();
  for (const Scenario& sc : cases) {
    const std::vector<Key> keys = keys_of(sc);
    const std::vector<ComparisonRow> rows = ringlab::compare_newer(sc, names);
    REQUIRE(rows.size() == names.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const ComparisonRow& r = rows[i];
      INFO(r.algorithm << ", change " << ringlab::utf8_for_message(sc.change.name) << " of " << sc.servers.size());
      CHECK(r.algorithm == names[i]);
      const bool middle = sc.change.kind != ChangeKind::add && sc.change.name != sc.servers.back().name;
      if (middle && ringlab::find_algorithm(r.algorithm)->removal == ringlab::Removal::last) {
        CHECK_FALSE(r.supported);
        CHECK(r.reason == r.algorithm + " can only remove the last bucket");
        continue;
      }
      REQUIRE(r.supported);
      const ComparisonRow want = reference(r.algorithm, sc, keys);
      CHECK(r.moved == want.moved);
      CHECK(r.moved_to_new == want.moved_to_new);
      CHECK(r.moved_between_old == r.moved - r.moved_to_new);
      CHECK(r.moved_needlessly == want.moved_needlessly);
      CHECK(r.max_over_mean == want.max_over_mean);
      CHECK(r.memory_bytes == want.memory_bytes);
    }
  }
}

TEST_CASE("the newer rows: none without weights and the same for every thread count", "[compare]") {
  Scenario sc = scenario(ringlab::compare_servers(6), {ChangeKind::weight, u"S2", 2.0});
  for (const ComparisonRow& r : ringlab::compare_newer(sc, ringlab::newer_compare_algorithms())) {
    CHECK_FALSE(r.supported);
    CHECK(r.reason == r.algorithm + " has no weights");
  }
  // An equal weight changes nothing a bucket algorithm sees.
  sc.change.weight = 1.0;
  for (const ComparisonRow& r : ringlab::compare_newer(sc, ringlab::newer_compare_algorithms())) CHECK(r.moved == 0.0);
  // More keys than a chunk, so that the threads share them.
  sc = scenario(ringlab::compare_servers(7), {ChangeKind::remove, u"S6", 1.0});
  sc.keys = ringlab::ComparisonRun::kChunkKeys + 300;
  // Every newer algorithm: S6 is the last server, which every one of them can remove.
  const std::vector<std::string_view> some = ringlab::newer_compare_algorithms();
  sc.threads = 1;
  auto one = ringlab::compare_newer(sc, some);
  sc.threads = 3;
  auto three = ringlab::compare_newer(sc, some);
  for (auto* rows : {&one, &three})
    for (ComparisonRow& r : *rows) r.build_ms = 0;
  CHECK(ringlab::comparison_json(one) == ringlab::comparison_json(three));
}

TEST_CASE("the newer rows' list and scenario are refused by name", "[compare][errors]") {
  CHECK(error_of([] { (void)ringlab::newer_from_text("jump"); }) ==
        std::vector<std::string>{"invalid_argument", "oneOf", "newer", "newer must be " + listed() + ", got \"jump\""});
  CHECK(error_of([] { (void)ringlab::newer_from_text("dx,anchor,dx"); }) ==
        std::vector<std::string>{"invalid_argument", "duplicateListed", "newer", "algorithm \"dx\" is listed twice"});
  CHECK(error_of([] { (void)ringlab::check_newer({}); }) ==
        std::vector<std::string>{"invalid_argument", "list", "newer",
                                 "newer must be a list of 1 to " +
                                     std::to_string(ringlab::newer_compare_algorithms().size()) +
                                     " values, got 0 values"});
  // A bad scenario is compare()'s error, whichever rows are asked for.
  Scenario sc;
  sc.keys = -1;
  const std::vector<std::string_view> dx = {"dx"};
  CHECK(error_of([&] { (void)ringlab::compare_newer(sc, dx); }) == error_of([&] { (void)ringlab::compare(sc); }));
  sc = Scenario{};
  sc.change = {ChangeKind::remove, u"S99", 1.0};
  CHECK(error_of([&] { (void)ringlab::compare_newer(sc, dx); }) == error_of([&] { (void)ringlab::compare(sc); }));
}

TEST_CASE("the newer rows refuse named servers as compare() refuses them", "[compare][errors]") {
  // compare() checks the names as it builds its rings; the newer rows build none, and must not
  // answer with a hasher's or multi-probe's own error instead.
  const std::vector<std::string_view> all = ringlab::newer_from_text("all");
  const auto same = [&](std::vector<ringlab::Server> servers, ringlab::Change change) {
    Scenario sc;
    sc.keys = 10;
    sc.servers = std::move(servers);
    sc.change = std::move(change);
    const auto want = error_of([&] { (void)ringlab::compare(sc); });
    CHECK(want.size() == 4);
    CHECK(error_of([&] { (void)ringlab::compare_newer(sc, all); }) == want);
  };
  const ringlab::Change add = {ChangeKind::add, u"", 1.0};
  same({{u"a", 1, u""}, {u"a", 1, u""}}, add);
  same({{u"a", 1, u""}, {u"", 1, u""}}, add);
  same({{u"a", 1, u""}, {u"b", 1, std::u16string(ringlab::kMaxNameLength + 1, u'z')}}, add);
  same({{u"a", 1, u""}, {u"b", 1, u""}}, {ChangeKind::add, u"b", 1.0});
}

TEST_CASE("ringlab compare --newer: the chapter's rows as without it and then the newer ones", "[compare][cli]") {
  // The build ms column is the wall clock's: every other column of the chapter's rows is equal.
  const auto without_ms = [](const std::string& table) {
    std::vector<std::string> lines;
    std::size_t at = 0;
    for (std::size_t end; (end = table.find('\n', at)) != std::string::npos; at = end + 1) {
      const std::string line = table.substr(at, end - at);
      lines.push_back(line.substr(0, line.find_last_not_of(" 0123456789.") + 1));
    }
    return lines;
  };
  const auto plain = ringlab::run_cli({"compare", "--keys", "300"});
  const auto newer = ringlab::run_cli({"compare", "--keys", "300", "--newer", "dx,jumpback"});
  REQUIRE(plain.exit_code == 0);
  REQUIRE(newer.exit_code == 0);
  const auto a = without_ms(plain.out), b = without_ms(newer.out);
  REQUIRE(b.size() == a.size() + 2);
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i] == b[i]);
  CHECK(b[a.size()].rfind("dx  ", 0) == 0);
  CHECK(b[a.size() + 1].rfind("jumpback  ", 0) == 0);
  const auto bad = ringlab::run_cli({"compare", "--newer", "jump"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.code == "invalid_argument");
  CHECK(bad.param == "--newer");
  CHECK(bad.err == "ringlab: --newer must be " + listed() + ", got \"jump\"\n");
}

}  // namespace test_compare_newer
