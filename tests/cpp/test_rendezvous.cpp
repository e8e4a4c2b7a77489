// Rendezvous (HRW) hashing (docs/algorithms.md#rendezvous): scores, first-max ties, top-k, membership changes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "golden.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_rendezvous {

using golden::u16;
using ringlab::h32;
using ringlab::Rendezvous;

namespace {

std::vector<std::u16string> names(std::uint32_t count) {
  std::vector<std::u16string> out;
  for (std::uint32_t i = 0; i < count; ++i) out.push_back(u16("S" + std::to_string(i)));
  return out;
}

// The published hrw(): scores by h32(key + "|" + s), the index of the first maximum.
std::int64_t spec_pick(const std::u16string& key, const std::vector<std::u16string>& servers) {
  std::int64_t best = -1;
  std::uint32_t best_score = 0;
  for (std::size_t s = 0; s < servers.size(); ++s) {
    const std::uint32_t score = h32(key + u"|" + servers[s]);
    if (best < 0 || score > best_score) best = static_cast<std::int64_t>(s), best_score = score;
  }
  return best;
}

std::vector<std::u16string> course_keys(std::int64_t seed, std::uint32_t count) {
  ringlab::CourseKeys keys(seed);
  std::vector<std::u16string> out;
  for (std::uint32_t k = 0; k < count; ++k) out.push_back(u16(keys.next()));
  return out;
}

std::string hex8(std::uint32_t v) {
  const char* digits = "0123456789abcdef";
  std::string out(8, '0');
  for (int i = 7; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = digits[v & 15];
  return out;
}

// Two server names with equal scores for `key`, found by a birthday search over pseudo-random
// names (FNV's structure makes ties rare among names that differ only in a counter).
std::pair<std::u16string, std::u16string> find_tie(const std::u16string& key) {
  const ringlab::Fnv1a prefix = ringlab::rendezvous_prefix(key);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> scored;  // (score, k)
  const std::uint32_t count = 1u << 18;
  scored.reserve(count);
  auto name = [](std::uint32_t k) { return u16("n" + hex8(h32(u16("x" + std::to_string(k))))); };
  for (std::uint32_t k = 0; k < count; ++k) scored.emplace_back(ringlab::Fnv1a(prefix).units(name(k)).finish(), k);
  std::sort(scored.begin(), scored.end());
  for (std::size_t i = 1; i < scored.size(); ++i)
    if (scored[i].first == scored[i - 1].first && name(scored[i].second) != name(scored[i - 1].second))
      return {name(scored[i - 1].second), name(scored[i].second)};
  return {};
}

}  // namespace

TEST_CASE("the tutorial's rendezvous example for user:42 over S0 to S3", "[rendezvous][tutorial]") {
  const Rendezvous hrw(names(4));
  const std::vector<std::uint32_t> scores = hrw.scores(u"user:42");
  REQUIRE(scores.size() == 4);
  const char* printed[] = {"0.344051", "0.733557", "0.892589", "0.564754"};
  for (std::size_t s = 0; s < 4; ++s) {
    CHECK(ringlab::js::to_fixed(scores[s] / 4294967296.0, 6) == printed[s]);
    CHECK(scores[s] == h32(u"user:42|" + names(4)[s]));
  }
  CHECK(scores[0] == 1477688857u);
  CHECK(scores[1] == 3150605096u);
  CHECK(scores[2] == 3833641293u);
  CHECK(scores[3] == 2425600809u);
  CHECK(hrw.pick(u"user:42") == 2);
}

TEST_CASE("rendezvous picks the first maximum score", "[rendezvous]") {
  for (std::uint32_t n : {1u, 2u, 5u, 12u, 100u}) {
    const auto servers = names(n);
    const Rendezvous hrw(servers);
    for (const auto& key : course_keys(16, 500)) {
      const std::int64_t want = spec_pick(key, servers);
      CHECK(hrw.pick(key) == want);
      CHECK(hrw.pick_prefix(ringlab::rendezvous_prefix(key)) == want);
      const auto scores = hrw.scores(key);
      CHECK(scores[static_cast<std::size_t>(want)] == *std::max_element(scores.begin(), scores.end()));
    }
  }
  // Any UTF-16 key and name: the score is h32 of the joined units.
  const std::u16string bengali = u"\u09ac\u09cd\u09af\u09ac\u09b9\u09be\u09b0\u0995\u09be\u09b0\u09c0:\u09ea\u09e8";
  const std::vector<std::u16string> odd = {u"\u00e9", {char16_t(0xD800)}, u"\U0001F600", u"S0"};
  const Rendezvous hrw(odd);
  CHECK(hrw.pick(bengali) == spec_pick(bengali, odd));
  for (std::size_t s = 0; s < odd.size(); ++s) CHECK(hrw.scores(bengali)[s] == h32(bengali + u"|" + odd[s]));
}

TEST_CASE("rendezvous ties go to the server listed first", "[rendezvous][ties]") {
  // A tie found beforehand for user:42, checked here.
  const std::u16string a = u"nl0x84w";
  const std::u16string b = u"n1h0adrk";
  REQUIRE(ringlab::rendezvous_score(u"user:42", a) == ringlab::rendezvous_score(u"user:42", b));
  CHECK(ringlab::rendezvous_score(u"user:42", a) == 3037169528u);
  CHECK(Rendezvous({a, b}).pick(u"user:42") == 0);
  CHECK(Rendezvous({b, a}).pick(u"user:42") == 0);
  // With a server that loses, the tie still goes to whichever of the two is listed first.
  CHECK(Rendezvous({u"S0", a, b}).pick(u"user:42") == 1);  // S0 scores 1477688857, lower
  CHECK(Rendezvous({u"S0", b, a}).pick(u"user:42") == 1);
  // With a higher scorer, neither tied server wins.
  CHECK(Rendezvous({a, u"S2", b}).pick(u"user:42") == 1);  // S2 scores 3833641293, higher
}

TEST_CASE("rendezvous ties found by searching decide by list order", "[rendezvous][ties]") {
  for (const std::u16string key : {u"user:7", u"user:631395207"}) {
    const auto [a, b] = find_tie(key);
    REQUIRE_FALSE(a.empty());
    REQUIRE(a != b);
    const std::uint32_t tied = ringlab::rendezvous_score(key, a);
    REQUIRE(ringlab::rendezvous_score(key, b) == tied);
    CHECK(Rendezvous({a, b}).pick(key) == 0);
    CHECK(Rendezvous({b, a}).pick(key) == 0);
    CHECK(Rendezvous({a, b}).pick(key) == spec_pick(key, {a, b}));
    // top-k keeps list order among equal scores.
    CHECK(Rendezvous({a, b}).top(key, 2) == std::vector<std::uint32_t>{0, 1});
    CHECK(Rendezvous({b, a}).top(key, 2) == std::vector<std::uint32_t>{0, 1});
  }
}

TEST_CASE("rendezvous top-k orders by score descending with ties in list order", "[rendezvous]") {
  const auto servers = names(9);
  const Rendezvous hrw(servers);
  for (const auto& key : course_keys(5, 300)) {
    const auto scores = hrw.scores(key);
    std::vector<std::uint32_t> order(servers.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t x, std::uint32_t y) { return scores[x] > scores[y]; });
    CHECK(hrw.top(key, 9) == order);
    CHECK(hrw.top(key, 100) == order);
    const auto three = hrw.top(key, 3);
    CHECK(three == std::vector<std::uint32_t>(order.begin(), order.begin() + 3));
    CHECK(static_cast<std::int64_t>(three[0]) == hrw.pick(key));
    CHECK(hrw.top(key, 0).empty());
  }
}

TEST_CASE("rendezvous with no servers picks nothing", "[rendezvous]") {
  const Rendezvous none({});
  CHECK(none.pick(u"user:42") == -1);
  CHECK(none.scores(u"user:42").empty());
  CHECK(none.top(u"user:42", 3).empty());
  CHECK(none.servers().empty());
}

TEST_CASE("rendezvous removing a server moves only that server's keys", "[rendezvous][membership]") {
  const auto all = names(5);
  const auto keys = course_keys(16, 10000);
  for (std::uint32_t gone = 0; gone < 5; ++gone) {
    auto rest = all;
    rest.erase(rest.begin() + gone);
    const Rendezvous before(all);
    const Rendezvous after(rest);
    std::uint32_t moved = 0;
    for (const auto& key : keys) {
      const std::u16string& a = all[static_cast<std::size_t>(before.pick(key))];
      const std::u16string& b = rest[static_cast<std::size_t>(after.pick(key))];
      if (a != b) {
        ++moved;
        CHECK(a == all[gone]);
      } else {
        CHECK(a != all[gone]);
      }
    }
    CHECK(moved > 0);
  }
}

TEST_CASE("rendezvous adding a server moves keys only to it", "[rendezvous][membership]") {
  const auto keys = course_keys(9, 10000);
  for (std::uint32_t n : {1u, 4u, 10u}) {
    const Rendezvous before(names(n));
    const Rendezvous after(names(n + 1));
    std::uint32_t moved = 0;
    for (const auto& key : keys) {
      const std::int64_t a = before.pick(key);
      const std::int64_t b = after.pick(key);
      if (a != b) {
        ++moved;
        CHECK(b == static_cast<std::int64_t>(n));
      }
    }
    CHECK(moved > 0);
  }
}

}  // namespace test_rendezvous
