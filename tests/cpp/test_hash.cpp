// h32: FNV-1a 32-bit then fmix32, over UTF-16 units (JavaScript strings) and over bytes.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "golden.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/rendezvous.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_hash {

using ringlab::h32;
using ringlab::h32_bytes;

namespace {

// The spec's example strings, spelled as UTF-16 units so the source encoding cannot matter.
const std::u16string kBengali =
    u"\u09ac\u09cd\u09af\u09ac\u09b9\u09be\u09b0\u0995\u09be\u09b0\u09c0:\u09ea\u09e8";  // ব্যবহারকারী:৪২
const std::u16string kEmoji = {char16_t(0xD83D), char16_t(0xDE00)};                      // U+1F600 😀
const std::string kBengaliUtf8 =
    "\xe0\xa6\xac\xe0\xa7\x8d\xe0\xa6\xaf\xe0\xa6\xac\xe0\xa6\xb9\xe0\xa6\xbe\xe0\xa6\xb0\xe0\xa6\x95"
    "\xe0\xa6\xbe\xe0\xa6\xb0\xe0\xa7\x80:\xe0\xa7\xaa\xe0\xa7\xa8";

// h32 written out from docs/algorithms.md, one unit at a time, as an independent check of the core.
std::uint32_t h32_spec(const std::u16string& s) {
  std::uint32_t h = 0x811c9dc5u;
  for (char16_t u : s) h = (h ^ static_cast<std::uint32_t>(u)) * 0x01000193u;
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

}  // namespace

TEST_CASE("h32 worked facts from docs/algorithms.md", "[hash]") {
  CHECK(h32(u"") == 2872998923u);
  CHECK(h32(u"a") == 444641715u);
  CHECK(h32(u"user:42") == 599759890u);
  CHECK(h32(u"S0#0") == 3947687215u);
  CHECK(kBengali.size() == 14);
  CHECK(h32(kBengali) == 1770631165u);
  const std::u16string lone_high_x = {char16_t(0xD800), u'x'};
  CHECK(h32(lone_high_x) == 3097795570u);
  CHECK(h32(kEmoji) == 1787143206u);
  // The same facts from docs/algorithms.md's formula written out here.
  CHECK(h32_spec(kBengali) == 1770631165u);
  CHECK(h32_spec(lone_high_x) == 3097795570u);
  CHECK(h32_spec(u"") == 2872998923u);
}

TEST_CASE("h32 over UTF-16 units matches the golden table", "[hash][golden]") {
  const golden::Table t = golden::read_tsv("h32.tsv", {"label", "units", "h32"});
  REQUIRE(t.rows.size() >= 200);
  bool saw_empty = false, saw_bengali = false, saw_emoji = false, saw_lone = false;
  for (const auto& row : t.rows) {
    INFO("label: " << row[0]);
    const std::u16string units = golden::units_from_hex(row[1]);
    const std::uint32_t want = golden::parse_u32(row[2]);
    CHECK(h32(units) == want);
    CHECK(h32_spec(units) == want);
    // FNV-1a is a stream: any split point, continued, gives the same hash.
    const std::size_t cut = units.size() / 3;
    ringlab::Fnv1a f;
    f.units(std::u16string_view(units).substr(0, cut));
    ringlab::Fnv1a g = f;  // a copy continues independently
    CHECK(g.units(std::u16string_view(units).substr(cut)).finish() == want);
    // Continuing the copy left the original at the prefix.
    CHECK(f.state() == ringlab::Fnv1a{}.units(std::u16string_view(units).substr(0, cut)).state());
    saw_empty = saw_empty || units.empty();
    saw_bengali = saw_bengali || units == kBengali;
    saw_emoji = saw_emoji || units == kEmoji;
    saw_lone = saw_lone || (units.size() == 1 && units[0] >= 0xD800 && units[0] <= 0xDFFF);
  }
  CHECK(saw_empty);
  CHECK(saw_bengali);
  CHECK(saw_emoji);
  CHECK(saw_lone);
}

TEST_CASE("h32 over bytes matches the golden table", "[hash][golden]") {
  const golden::Table t = golden::read_tsv("h32_bytes.tsv", {"label", "bytes", "h32"});
  REQUIRE(t.rows.size() >= 50);
  bool saw_high_byte = false;
  for (const auto& row : t.rows) {
    INFO("label: " << row[0]);
    const std::string bytes = golden::bytes_from_hex(row[1]);
    const std::uint32_t want = golden::parse_u32(row[2]);
    CHECK(h32_bytes(bytes) == want);
    std::vector<std::uint8_t> v(bytes.begin(), bytes.end());
    CHECK(h32_bytes(std::span<const std::uint8_t>(v)) == want);
    // One byte is one unit: the same values as UTF-16 units hash identically.
    std::u16string widened;
    for (std::uint8_t b : v) widened.push_back(static_cast<char16_t>(b));
    CHECK(h32(widened) == want);
    for (std::uint8_t b : v) saw_high_byte = saw_high_byte || b >= 0x80;
  }
  CHECK(saw_high_byte);
}

TEST_CASE("h32 units and bytes agree on Latin-1 and differ on other text", "[hash]") {
  // ASCII and Latin-1: identical.
  CHECK(h32_bytes("user:42") == h32(u"user:42"));
  CHECK(h32_bytes(std::string("\xe9", 1)) == h32(u"\u00e9"));
  CHECK(h32_bytes(std::string("caf\xe9")) == h32(u"caf\u00e9"));
  // The UTF-8 bytes of a non-Latin string are different units: a different hash, by design.
  CHECK(h32_bytes(kBengaliUtf8) != h32(kBengali));
  CHECK(h32_bytes("\xf0\x9f\x98\x80") != h32(kEmoji));
  CHECK(h32_bytes(std::string("\xc3\xa9", 2)) != h32(u"\u00e9"));
}

TEST_CASE("h32 treats lone and reversed surrogates as plain units", "[hash]") {
  const std::u16string reversed = {char16_t(0xDE00), char16_t(0xD83D)};
  CHECK(h32(reversed) == h32_spec(reversed));
  CHECK(h32(reversed) != h32(kEmoji));
  for (std::uint32_t u : {0xD800u, 0xDBFFu, 0xDC00u, 0xDFFFu, 0xFFFFu, 0xFFFEu, 0u}) {
    const std::u16string s(1, static_cast<char16_t>(u));
    CHECK(h32(s) == h32_spec(s));
  }
  // A unit is XORed in whole: 0x0100 is not the byte pair 0x01 0x00.
  CHECK(h32(u"\u0100") != h32_bytes(std::string("\x01\x00", 2)));
}

TEST_CASE("fmix32 and the FNV stream helpers", "[hash]") {
  CHECK(ringlab::fmix32(0) == 0);
  CHECK(ringlab::Fnv1a{}.state() == ringlab::kFnvOffset);
  CHECK(ringlab::Fnv1a{}.finish() == h32(u""));
  // decimal(n) appends n's digits as JavaScript's String(n) would.
  for (std::uint64_t n : {0ull, 7ull, 10ull, 999ull, 4294967295ull, 18446744073709551615ull}) {
    const std::string digits = std::to_string(n);
    CHECK(ringlab::Fnv1a{}.unit(u'S').decimal(n).finish() == h32(golden::u16("S" + digits)));
  }
  // A ring token: name, '#', decimal index.
  CHECK(ringlab::Fnv1a{}.units(u"S0").unit(u'#').decimal(0).finish() == 3947687215u);
  // The rendezvous score is h32(key + "|" + name), computed from a shared prefix.
  CHECK(ringlab::rendezvous_score(u"user:42", u"S2") == h32(u"user:42|S2"));
  CHECK(ringlab::rendezvous_prefix(u"user:42").state() == ringlab::Fnv1a{}.units(u"user:42|").state());
}

TEST_CASE("h32 is usable at compile time", "[hash]") {
  static_assert(h32(u"") == 2872998923u);
  static_assert(h32(u"user:42") == 599759890u);
  static_assert(h32_bytes("user:42") == 599759890u);
  SUCCEED();
}

}  // namespace test_hash
