// Maglev (docs/algorithms.md#maglev): table size checks, the fill, balance, order independence, weights.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "golden.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/maglev.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_maglev {

using golden::u16;
using ringlab::Backend;
using ringlab::ErrorCode;
using ringlab::Maglev;

namespace {

std::vector<Backend> backends(std::uint32_t n, double weight = 1.0) {
  std::vector<Backend> out;
  for (std::uint32_t i = 0; i < n; ++i) out.push_back(Backend{u16("B" + std::to_string(i)), weight});
  return out;
}

}  // namespace

TEST_CASE("is_prime", "[maglev]") {
  CHECK_FALSE(ringlab::is_prime(0));
  CHECK_FALSE(ringlab::is_prime(1));
  CHECK(ringlab::is_prime(2));
  CHECK(ringlab::is_prime(3));
  CHECK_FALSE(ringlab::is_prime(4));
  CHECK(ringlab::is_prime(65537));
  CHECK_FALSE(ringlab::is_prime(65536));
  CHECK(ringlab::is_prime(ringlab::kMaxMaglevTableSize));
  CHECK_FALSE(ringlab::is_prime(4294967295u));
  CHECK(ringlab::is_prime(4294967291u));  // the largest 32-bit prime
}

TEST_CASE("an unweighted table gives every backend floor(M/N) or ceil(M/N) entries", "[maglev]") {
  for (std::uint32_t m : {7u, 13u, 101u, 251u, 65537u}) {
    for (std::uint32_t n : {1u, 2u, 3u, 7u, 10u, 100u}) {
      if (n > m) continue;
      INFO("M = " << m << ", N = " << n);
      const Maglev table(backends(n), m);
      const auto counts = table.entry_counts();
      std::uint64_t total = 0;
      for (std::uint32_t c : counts) {
        CHECK((c == m / n || c == (m + n - 1) / n));
        total += c;
      }
      CHECK(total == m);
    }
  }
}

TEST_CASE("the table does not depend on the order the backends are listed in", "[maglev]") {
  std::vector<Backend> listed = backends(9);
  std::vector<Backend> reversed(listed.rbegin(), listed.rend());
  const Maglev a(listed, 101);
  const Maglev b(reversed, 101);
  for (std::uint32_t slot = 0; slot < 101; ++slot)
    CHECK(a.backends()[a.table()[slot]].name == b.backends()[b.table()[slot]].name);
}

TEST_CASE("offset and skip follow docs/algorithms.md and the first turns take each backend's first preference",
          "[maglev]") {
  const std::uint32_t m = 13;
  const Maglev table(backends(3), m);
  for (std::uint32_t b = 0; b < 3; ++b) {
    const std::u16string& name = table.backends()[b].name;
    CHECK(table.offset(b) == ringlab::h32(name + u"|offset") % m);
    CHECK(table.skip(b) == ringlab::h32(name + u"|skip") % (m - 1) + 1);
  }
  const auto turns = table.fill_turns();
  REQUIRE(turns.size() == m);
  // The first turn goes to the backend with the smallest name, at its offset.
  CHECK(turns[0].backend == 0);
  CHECK(turns[0].slot == table.offset(0));
  CHECK(turns[0].skipped == 0);
  // Replaying the turns gives the table.
  std::vector<std::uint32_t> replay(m, 99);
  for (const auto& t : turns) {
    CHECK(replay[t.slot] == 99);
    replay[t.slot] = t.backend;
  }
  CHECK(std::equal(replay.begin(), replay.end(), table.table().begin()));
}

TEST_CASE("weights share the table in proportion", "[maglev]") {
  std::vector<Backend> list = {{u"a", 1}, {u"b", 2}, {u"c", 3}};
  const Maglev table(list, 65537);
  const auto counts = table.entry_counts();
  const double unit = 65537.0 / 6;
  CHECK(counts[0] == Approx(unit).epsilon(0.01));
  CHECK(counts[1] == Approx(2 * unit).epsilon(0.01));
  CHECK(counts[2] == Approx(3 * unit).epsilon(0.01));
  // Equal weights other than 1 give the unweighted table.
  const Maglev heavy(backends(5, 7.5), 251);
  const Maglev plain(backends(5), 251);
  CHECK(std::equal(heavy.table().begin(), heavy.table().end(), plain.table().begin()));
}

TEST_CASE("lookup is table[h32(key) mod M]", "[maglev]") {
  const Maglev table(backends(4), 251);
  for (const std::u16string k : {u"user:42", u"", u"ব্যবহারকারী:৪২", u"\xD800x"}) {
    CHECK(table.lookup_key(k) == table.table()[ringlab::h32(k) % 251]);
  }
}

TEST_CASE("bad Maglev input is refused with a named error", "[maglev][errors]") {
  CHECK(code_of([] { Maglev({}, 7); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { Maglev(backends(3), 8); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { Maglev(backends(3), 1); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { Maglev(backends(8), 7); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { Maglev(backends(3), 16777259u); }) == ErrorCode::limit_exceeded);
  CHECK(code_of([] { Maglev({{u"a", 1}, {u"a", 1}}, 7); }) == ErrorCode::duplicate_server);
  CHECK(code_of([] { Maglev({{u"", 1}}, 7); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { Maglev({{u"a", 0}}, 7); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { Maglev({{u"a", -1}}, 7); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { Maglev({{u"a", std::numeric_limits<double>::infinity()}}, 7); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { Maglev({{u"a", std::numeric_limits<double>::quiet_NaN()}}, 7); }) == ErrorCode::out_of_range);
}

}  // namespace test_maglev
