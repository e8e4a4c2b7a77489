// The placement digest: deterministic, one part per algorithm, and sensitive to every part.
#include <catch2/catch.hpp>

#include <array>
#include <set>
#include <vector>

#include "ringlab/digest.hpp"
#include "ringlab/error.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_digest {

using ringlab::DigestPart;

TEST_CASE("placement digest: the same twice, one part per algorithm") {
  const auto a = ringlab::placement_digests(16, 20000);
  const auto b = ringlab::placement_digests(16, 20000);
  CHECK(a == b);
  CHECK(ringlab::placement_digest(16, 20000) == a.all);
  CHECK(a.all == ringlab::combine_digests(a.parts));
  REQUIRE(a.parts.size() == 15);
  std::set<std::string> names;
  for (const auto& p : a.parts) names.insert(p.name);
  CHECK(names.size() == a.parts.size());
  CHECK(a.parts.front().name == "h32");
  // The defaults are seed 16 and 100,000 keys.
  CHECK(ringlab::placement_digest() == ringlab::placement_digest(16, 100000));
}

TEST_CASE("placement digest: another seed or key count changes every part") {
  const auto a = ringlab::placement_digests(16, 20000);
  const auto b = ringlab::placement_digests(17, 20000);
  const auto c = ringlab::placement_digests(16, 20001);
  for (std::size_t i = 0; i < a.parts.size(); ++i) {
    INFO(a.parts[i].name);
    CHECK(a.parts[i].digest != b.parts[i].digest);
    // The experiments run at their default sizes, so only the key-placement parts see the count.
    if (i < 12) CHECK(a.parts[i].digest != c.parts[i].digest);
  }
  CHECK(a.all != b.all);
  CHECK(a.all != c.all);
}

TEST_CASE("placement digest: a change in any one part or any one result changes the digest") {
  const auto a = ringlab::placement_digests(16, 1000);
  for (std::size_t i = 0; i < a.parts.size(); ++i) {
    for (std::uint32_t flip : {1u, 0x10000u, 0x80000000u}) {
      std::vector<DigestPart> parts = a.parts;
      parts[i].digest ^= flip;
      CHECK(ringlab::combine_digests(parts) != a.all);
    }
    std::vector<DigestPart> renamed = a.parts;
    renamed[i].name += "x";
    CHECK(ringlab::combine_digests(renamed) != a.all);
  }
  // Results: one changed value (low or high half), a missing one, two swapped.
  std::vector<std::uint32_t> r{3, 1, 4, 1, 5, 9, 2, 6, 5, 3};
  const std::uint32_t d = ringlab::digest_values(r);
  for (std::size_t i = 0; i < r.size(); ++i) {
    for (std::uint32_t flip : {1u, 0x10000u}) {
      auto changed = r;
      changed[i] ^= flip;
      CHECK(ringlab::digest_values(changed) != d);
    }
  }
  CHECK(ringlab::digest_values(std::span(r).first(9)) != d);
  auto swapped = r;
  std::swap(swapped[0], swapped[1]);
  CHECK(ringlab::digest_values(swapped) != d);
  // The definition: each result as two 16-bit units, low half first, then fmix32.
  const std::array<std::uint32_t, 2> two{0x00020001u, 0xFFFFFFFFu};
  CHECK(ringlab::digest_values(two) == ringlab::Fnv1a{}.unit(1).unit(2).unit(0xFFFF).unit(0xFFFF).finish());
}

TEST_CASE("placement digest: checked arguments") {
  CHECK_THROWS_AS(ringlab::placement_digests(9007199254740992, 10), ringlab::Error);
  CHECK_THROWS_AS(ringlab::placement_digests(16, ringlab::kMaxDigestKeys + 1), ringlab::Error);
  CHECK(ringlab::placement_digests(16, 0).parts.size() == 15);
}

}  // namespace test_digest
