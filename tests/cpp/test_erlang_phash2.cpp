// :erlang.phash2/1,2 against values erl printed (OTP 25): tests/golden/erlang/phash2.tsv, made by
// scripts/gen-golden-erlang.mjs, and the constants below.
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "golden.hpp"
#include "ringlab/erlang.hpp"
#include "ringlab/error.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_erlang_phash2 {

using ringlab::ErrorCode;
using ringlab::erlang::phash2;
using ringlab::erlang::phash2_full;
using ringlab::erlang::Syntax;
using ringlab::erlang::Term;

namespace {

Term erl(std::string_view text) { return ringlab::erlang::parse_term(text, Syntax::erlang); }

const std::vector<std::string> kHeader = {"kind",
                                          "term",
                                          "phash2",
                                          "range_1",
                                          "range_2",
                                          "range_65536",
                                          "range_134217728",
                                          "range_4294967295",
                                          "range_4294967296"};
const std::uint64_t kRanges[] = {1, 2, 65536, 134217728, 4294967295, 4294967296};

}  // namespace

TEST_CASE("golden: phash2/1 and phash2/2 of every kind of term, as erl computes them", "[erlang][phash2][golden]") {
  const golden::Table t = golden::read_tsv("erlang/phash2.tsv", kHeader);
  REQUIRE(t.rows.size() > 3000);
  std::map<std::string, int> kinds;
  for (const auto& row : t.rows) {
    INFO(row[0] << ": " << row[1]);
    const Term term = erl(row[1]);
    CHECK(phash2(term) == golden::parse_u32(row[2]));
    for (std::size_t k = 0; k < std::size(kRanges); ++k)
      CHECK(phash2(term, kRanges[k]) == golden::parse_u32(row[3 + k]));
    CHECK(phash2_full(term) == golden::parse_u32(row[8]));
    ++kinds[row[0]];
  }
  // Every kind the generator makes, a few hundred each.
  for (const char* kind :
       {"small_integer", "integer_64", "bignum", "float", "atom_latin1", "atom_utf8", "binary", "bitstring", "string",
        "list", "improper_list", "tuple", "map_small", "map_large", "nested", "mixed"})
    CHECK(kinds[kind] >= 200);
  CHECK(kinds["handpicked"] > 90);
}

TEST_CASE("published vectors: binaries and integers", "[erlang][phash2]") {
  // (term, phash2(T, 2^32), phash2/1, phash2(T, 4)), each printed by erl.
  struct Row {
    const char* term;
    std::uint32_t full, p1, p4;
  };
  const Row rows[] = {
      {"<<>>", 147926629, 13708901, 1},
      {"<<\"a\">>", 1589197455, 112802447, 3},
      {"<<\"topic-a\">>", 2957735024u, 4945008, 0},
      {"<<\"hello world\">>", 2583687111u, 33550279, 3},
      {"<<\"abcdefghijkl\">>", 686521495, 15432855, 3},
      {"<<\"abcdefghijklm\">>", 3501102500u, 11441572, 0},
      {"<<255,0,128>>", 1144481177, 70739353, 1},
      {"<<\"héllo\"/utf8>>", 3823456971u, 65360587, 3},
      {"0", 3175731469u, 88723725, 1},
      {"1", 539485162, 2614250, 2},
      {"2", 2577631668u, 27494836, 0},
      {"42", 701417368, 30328728, 0},
      {"1000", 4226537057u, 65787489, 1},
      {"-1", 1117813597, 44071773, 1},
      {"-42", 2630556568u, 80419736, 0},
      {"134217727", 4273352567u, 112602999, 3},
      {"134217728", 2562491755u, 12354923, 3},
      {"-134217728", 874979335, 69672967, 3},
      {"-134217729", 1418916782, 76739502, 2},
      {"4294967296", 2108323275, 95057355, 3},
      {"576460752303423487", 1638133000, 27520264, 0},
      {"576460752303423488", 2442888721u, 26969617, 1},
      {"18446744073709551615", 321870806, 53435350, 2},
  };
  for (const Row& r : rows) {
    INFO(r.term);
    const Term t = erl(r.term);
    CHECK(phash2_full(t) == r.full);
    CHECK(phash2(t) == r.p1);
    CHECK(phash2(t, 4) == r.p4);
  }
  CHECK(phash2(erl(std::string("<<\"") + std::string(100, 'x') + "\">>"), 4294967296) == 4292302462u);
}

TEST_CASE("the rest of make_hash2: atoms, [], floats, tuples, maps, lists, bitstrings", "[erlang][phash2]") {
  // phash2/1 of each, printed by erl.
  CHECK(phash2(erl("[]")) == 113427502);
  CHECK(phash2(erl("[[]]")) == 96416884);
  CHECK(phash2(erl("a")) == 97);
  CHECK(phash2(erl("[a]")) == 23864141);
  CHECK(phash2(erl("{}")) == 87486268);
  CHECK(phash2(erl("#{}")) == 39679005);
  CHECK(phash2(erl("0.0")) == 20875736);
  CHECK(phash2(erl("-0.0")) == 20875736);
  CHECK(phash2(erl("1.5")) == 10380315);
  CHECK(phash2(erl("<<1:3>>")) == 73037028);
  CHECK(phash2(erl("\"abc\"")) == 117343302);
  CHECK(phash2(erl("[1|2]")) == 86124794);
  // An atom hashes to OTP's hash of its name, Latin-1 characters as one byte.
  CHECK(phash2(erl("'é'")) == 233);
  CHECK(phash2(erl("'€'")) == 60108);
  CHECK(phash2(erl("'ÿ'")) == 255);
  CHECK(phash2(erl("'\\x{80}'")) == 128);
  CHECK(ringlab::erlang::atom_hash("é") == 233);
  // A map's hash does not depend on how its pairs were written.
  CHECK(phash2(erl("#{a => 1, b => 2, {c} => [3]}")) == phash2(erl("#{{c} => [3], b => 2, a => 1}")));
}

TEST_CASE("phash2/2's range is 1 .. 2^32", "[erlang][phash2]") {
  const Term t = erl("<<\"topic-a\">>");
  CHECK(phash2(t, 1) == 0);
  CHECK(phash2(t, 4294967296) == 2957735024u);
  CHECK(phash2(t, 4294967295) == 2957735024u);
  CHECK(code_of([&] { (void)phash2(t, 0); }) == ErrorCode::out_of_range);
  try {
    (void)phash2(t, 4294967297);
    FAIL("no error");
  } catch (const ringlab::Error& e) {
    CHECK(e.code() == ErrorCode::out_of_range);
    CHECK(std::string(e.what()) == "range must be between 1 and 4294967296, got 4294967297");
    CHECK(e.subject() == "range");
  }
}

TEST_CASE("phash2_binary: a binary's hash without a term", "[erlang][phash2]") {
  for (std::string s : {"", "a", "topic-a", "abcdefghijkl", "abcdefghijklm", "\xFF\x00\x80", "héllo"}) {
    INFO(s);
    CHECK(ringlab::erlang::phash2_binary(s) == phash2_full(Term::binary(s)));
  }
  std::string all;
  for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
  for (std::size_t n = 0; n <= all.size(); n += 7)
    CHECK(ringlab::erlang::phash2_binary(all.substr(0, n)) == phash2_full(Term::binary(all.substr(0, n))));
}

TEST_CASE("terms 100,000 levels deep hash without recursion", "[erlang][phash2]") {
  // erl: lists:foldl(fun(_, A) -> [A] end, [], lists:seq(1, 99999)) and the same with {A},
  // #{k => A} over #{}, and [200000, 199999, ..., 1 | <<"end">>].
  const std::size_t n = 100000;
  const Term lists = erl(std::string(n, '[') + std::string(n, ']'));
  CHECK(lists.depth() == n - 1);
  CHECK(phash2_full(lists) == 2327802444u);
  const Term tuples = erl(std::string(n, '{') + std::string(n, '}'));
  CHECK(tuples.depth() == n);
  CHECK(phash2_full(tuples) == 1591791745u);
  std::string maps;
  for (std::size_t k = 1; k < n; ++k) maps += "#{k => ";
  maps += "#{}" + std::string(n - 1, '}');
  const Term nested_maps = erl(maps);
  CHECK(nested_maps.depth() == n);
  CHECK(phash2_full(nested_maps) == 2129135155u);
  std::string long_list = "[";
  for (int k = 200000; k >= 1; --k) long_list += std::to_string(k) + (k > 1 ? "," : "");
  long_list += " | <<\"end\">>]";
  CHECK(phash2_full(erl(long_list)) == 613636980u);
}

TEST_CASE("phash2_utf16: a JS string's UTF-8 binary, short and streamed, and no UTF-8 for a lone surrogate",
          "[erlang][phash2]") {
  // Every length across the short path's bound (80 units) and the 12-byte blocks, with 1-, 2-,
  // 3- and 4-byte characters.
  const std::u16string pieces[] = {u"a", u"\u00e9", u"\u0995", u"\U0001F600"};
  for (std::size_t len = 0; len < 300; ++len) {
    std::u16string units;
    std::string utf8;
    for (std::size_t i = 0; i < len; ++i) {
      const std::u16string& p = pieces[(i * 7 + len) % 4];
      units += p;
      for (std::size_t k = 0; k < p.size(); ++k) {
        std::uint32_t c = p[k];
        if (c >= 0xD800 && c <= 0xDBFF) c = 0x10000 + ((c - 0xD800) << 10) + (p[++k] - 0xDC00);
        if (c < 0x80) utf8 += static_cast<char>(c);
        else if (c < 0x800) utf8 += {static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
        else if (c < 0x10000)
          utf8 += {static_cast<char>(0xE0 | (c >> 12)), static_cast<char>(0x80 | ((c >> 6) & 0x3F)),
                   static_cast<char>(0x80 | (c & 0x3F))};
        else
          utf8 += {static_cast<char>(0xF0 | (c >> 18)), static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
                   static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
      }
    }
    INFO(len);
    REQUIRE(ringlab::erlang::phash2_utf16(units) == ringlab::erlang::phash2_binary(utf8));
    REQUIRE(ringlab::erlang::phash2_utf16(units) == ringlab::erlang::phash2_full(ringlab::erlang::Term::binary(utf8)));
  }
  CHECK(ringlab::erlang::phash2_utf16(u"topic-a") == 2957735024u);  // erl: phash2(<<"topic-a">>, 1 bsl 32)
  for (const std::u16string& bad : {std::u16string(1, char16_t(0xD800)), std::u16string(u"a") + char16_t(0xDC00),
                                    std::u16string(100, u'x') + char16_t(0xD83D)})
    CHECK(!ringlab::erlang::phash2_utf16(bad));
  // The batch: ranges, and the index of the first key without UTF-8.
  const std::u16string units = u"topic-a" + std::u16string(1, char16_t(0xDC00)) + u"b";
  const std::uint32_t offsets[] = {0, 7, 8, 9};
  std::uint32_t out[3] = {};
  CHECK(ringlab::erlang::phash2_utf16_many(units, offsets, 65536, out) == 1);
  CHECK(out[0] == 29808);
  const std::uint32_t two[] = {0, 7};
  CHECK(ringlab::erlang::phash2_utf16_many(units, two, 0, out) == 1);
  CHECK(out[0] == 4945008);
}

}  // namespace test_erlang_phash2
