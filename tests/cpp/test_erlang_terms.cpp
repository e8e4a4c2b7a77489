// Erlang terms as values: building, reading back, =:= and the order of map keys.
#include <catch2/catch.hpp>

#include <cmath>
#include <compare>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "ringlab/erlang.hpp"
#include "ringlab/error.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_erlang_terms {

using ringlab::ErrorCode;
using ringlab::erlang::Syntax;
using ringlab::erlang::Term;
using ringlab::erlang::TermKind;

namespace {

Term erl(std::string_view text) { return ringlab::erlang::parse_term(text, Syntax::erlang); }
Term ex(std::string_view text) { return ringlab::erlang::parse_term(text, Syntax::elixir); }
Term atom(std::string_view name) { return Term::atom(name); }
Term i(std::int64_t v) { return Term::integer(v); }

}  // namespace

TEST_CASE("every kind of term: built, then read back", "[erlang][terms]") {
  const Term small = i(-42);
  CHECK(small.kind() == TermKind::integer);
  CHECK(small.negative());
  CHECK(small.to_int64() == -42);
  CHECK(small.magnitude() == std::vector<std::uint64_t>{42});

  const std::uint64_t limbs[] = {0, 0, 1};  // 2^128
  const Term big = Term::integer(true, limbs);
  CHECK(big.negative());
  CHECK(!big.to_int64().has_value());
  CHECK(big.magnitude() == std::vector<std::uint64_t>{0, 0, 1});
  CHECK(big == erl("-340282366920938463463374607431768211456"));
  // Leading zero limbs dropped; -0 is 0.
  const std::uint64_t zeros[] = {0, 0};
  CHECK(Term::integer(true, zeros) == i(0));
  CHECK(!Term::integer(true, zeros).negative());
  CHECK(i(std::numeric_limits<std::int64_t>::min()).to_int64() == std::numeric_limits<std::int64_t>::min());
  CHECK(i(std::numeric_limits<std::int64_t>::min()) == erl("-9223372036854775808"));

  const Term f = Term::floating(-1.5);
  CHECK(f.kind() == TermKind::floating);
  CHECK(f.to_double() == -1.5);

  CHECK(atom("topic").kind() == TermKind::atom);
  CHECK(atom("héllo €").atom_name() == "héllo €");

  const Term bin = Term::binary("topic-a");
  CHECK(bin.kind() == TermKind::bitstring);
  CHECK(bin.is_binary());
  CHECK(bin.bytes() == "topic-a");
  CHECK(bin.bit_size() == 56);

  // <<5:3>>: the three bits 101, the rest of the byte zero whatever was given.
  const Term bits = Term::bitstring("\xBF", 3);
  CHECK(!bits.is_binary());
  CHECK(bits.bit_size() == 3);
  CHECK(bits.bytes() == "\xA0");
  CHECK(bits == erl("<<5:3>>"));

  CHECK(Term().kind() == TermKind::nil);
  CHECK(Term::nil() == erl("[]"));

  const Term elems[] = {i(1), atom("a")};
  const Term list = Term::list(elems);
  CHECK(list.kind() == TermKind::list);
  CHECK(list.size() == 2);
  CHECK(list.elements() == std::vector<Term>{i(1), atom("a")});
  CHECK(list.tail() == Term());
  const Term improper = Term::list(elems, i(2));
  CHECK(improper.tail() == i(2));
  CHECK(improper == erl("[1, a | 2]"));
  // A list tail continues the list.
  const Term one[] = {i(0)};
  CHECK(Term::list(one, improper) == erl("[0, 1, a | 2]"));
  CHECK(Term::list(one, improper).size() == 3);
  CHECK(Term::list({}, i(7)) == i(7));

  const Term tuple = Term::tuple(elems);
  CHECK(tuple.kind() == TermKind::tuple);
  CHECK(tuple.size() == 2);
  CHECK(tuple.elements() == std::vector<Term>{i(1), atom("a")});
  CHECK(Term::tuple({}) == erl("{}"));

  const std::pair<Term, Term> pairs[] = {{atom("b"), i(2)}, {atom("a"), i(1)}, {atom("b"), i(3)}};
  const Term map = Term::map(pairs);
  CHECK(map.kind() == TermKind::map);
  CHECK(map.size() == 2);
  // Key order, and the later of two equal keys.
  CHECK(map.pairs() == std::vector<std::pair<Term, Term>>{{atom("a"), i(1)}, {atom("b"), i(3)}});
  CHECK(map == erl("#{a => 1, b => 3}"));
}

TEST_CASE("limits of a term", "[erlang][terms]") {
  CHECK(code_of([] { (void)Term::floating(std::nan("")); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { (void)Term::floating(INFINITY); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { (void)Term::atom("\xFF"); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { (void)Term::atom("\xED\xA0\x80"); }) == ErrorCode::invalid_argument);  // a surrogate
  CHECK(Term::atom(std::string(255, 'a')).atom_name().size() == 255);
  CHECK(code_of([] { (void)Term::atom(std::string(256, 'a')); }) == ErrorCode::limit_exceeded);
  // Characters, not bytes: 255 euro signs are 765 bytes.
  std::string euros;
  for (int k = 0; k < 255; ++k) euros += "€";
  CHECK(Term::atom(euros).atom_name().size() == 765);
  CHECK(code_of([&] { (void)Term::atom(euros + "€"); }) == ErrorCode::limit_exceeded);
  CHECK(code_of([] { (void)Term::bitstring("ab", 3); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { (void)Term::bitstring("", ringlab::erlang::kMaxBitstringBits + 1); }) ==
        ErrorCode::limit_exceeded);
  std::vector<std::uint64_t> wide(ringlab::erlang::kMaxIntegerBits / 64, ~std::uint64_t{0});
  CHECK(Term::integer(false, wide).magnitude().size() == wide.size());
  wide.push_back(1);
  CHECK(code_of([&] { (void)Term::integer(false, wide); }) == ErrorCode::limit_exceeded);

  // Depth: containers in containers, up to kMaxTermDepth levels. (Building copies the parts, so
  // deep terms are read from text rather than wrapped a level at a time.)
  const std::size_t n = ringlab::erlang::kMaxTermDepth;
  const Term deep = erl(std::string(n - 1, '{') + std::string(n - 1, '}'));
  CHECK(deep.depth() == n - 1);
  const Term deepest = Term::list(std::vector<Term>{deep});
  CHECK(deepest.depth() == n);
  CHECK(deepest.elements().front() == deep);
  try {
    (void)Term::tuple(std::vector<Term>{deepest});
    FAIL("no error");
  } catch (const ringlab::Error& e) {
    CHECK(e.code() == ErrorCode::limit_exceeded);
    CHECK(std::string(e.what()) == "term nesting deeper than 100000 levels");
  }
  // A list tail continues its list at the same level.
  CHECK(Term::list(std::vector<Term>{i(1)}, deepest).depth() == n);
  // Copied, compared, written and dropped without recursion.
  const Term copy = deepest;
  CHECK(copy == deepest);
  CHECK(ringlab::erlang::format_term(deepest, Syntax::erlang).size() == 2 * n);
}

TEST_CASE("=:= is exact: integers and floats differ, 0.0 and -0.0 do not (OTP 25)", "[erlang][terms]") {
  CHECK(i(1) != Term::floating(1.0));
  CHECK(erl("1") != erl("1.0"));
  CHECK(Term::floating(0.0) == Term::floating(-0.0));
  CHECK(erl("{a, [1, 2 | 3], #{k => <<\"v\">>}}") == erl("{a,[1,2|3],#{k=><<118>>}}"));
  CHECK(erl("[1, 2]") != erl("[1 | 2]"));
  CHECK(erl("<<1:1>>") != erl("<<1:2>>"));
  CHECK(erl("<<1:1>>") != erl("<<128>>"));
  CHECK(erl("#{1 => a}") != erl("#{1.0 => a}"));
  CHECK(erl("#{1 => a, 1.0 => b}").size() == 2);
  // Different syntaxes, one term.
  CHECK(erl("<<\"topic-a\">>") == ex("\"topic-a\""));
  CHECK(erl("{range, 7}") == ex("{:range, 7}"));
  CHECK(erl("\"abc\"") == ex("'abc'"));
}

TEST_CASE("order: numbers < atoms < tuples < maps < [] < lists < bitstrings, integers before floats",
          "[erlang][terms]") {
  const std::vector<std::string> ascending = {
      "-100000000000000000000",
      "-5",
      "0",
      "7",
      "100000000000000000000",
      "-1.0e300",
      "-0.5",
      "0.5",
      "3.0",
      "''",
      "a",
      "ab",
      "b",
      "'é'",
      "'€'",
      "{}",
      "{z}",
      "{a, a}",
      "{a, b}",
      "{1, 2, 3}",
      "#{}",
      "#{1 => b}",
      "#{1.0 => a}",
      "#{a => 1}",
      "#{a => 2}",
      "#{z => 1}",
      "#{a => 1, b => 1}",
      "[]",
      "[1 | 2]",
      "[1]",
      "[1, 2 | 3]",
      "[1, 2]",
      "[1, 2, 3]",
      "[1, a]",
      "[1 | <<>>]",
      "[2]",
      "[a]",
      "<<>>",
      "<<0:1>>",
      "<<0>>",
      "<<1>>",
      "<<1, 0:1>>",
      "<<1, 0>>",
      "<<1:1>>",
      "<<255>>",
      // erl's lists:sort/1 puts the non-numbers in this order, and maps:keys/1 the numbers.
  };
  for (std::size_t a = 0; a < ascending.size(); ++a) {
    for (std::size_t b = 0; b < ascending.size(); ++b) {
      INFO(ascending[a] << " vs " << ascending[b]);
      const auto c = erl(ascending[a]) <=> erl(ascending[b]);
      const bool as_listed = a < b ? c < 0 : a > b ? c > 0 : c == 0;
      CHECK(as_listed);
    }
  }
  // [1 | 2] before [1]: after the 1, the tail 2 (a number) sorts before [] (nil).
  CHECK(erl("[1 | 2]") < erl("[1]"));
  // Integers before floats at every level, as maps:keys/1 lists them.
  CHECK(erl("{2}") < erl("{1.0}"));
  CHECK(erl("[2]") < erl("[1.0]"));
  // Maps keep their keys in this order.
  CHECK(erl("#{1.0 => a, 2 => b, 1 => c, 0.5 => d}").pairs().front().first == i(1));
}

TEST_CASE("a charlist built at once is the list of its integers", "[erlang][terms]") {
  CHECK(Term::char_list({}) == Term::nil());
  const std::vector<std::uint32_t> cps{104, 0x9A6, 0, 0x10FFFF, 255, 256};
  std::vector<Term> each;
  for (const std::uint32_t c : cps) each.push_back(i(c));
  const Term built = Term::char_list(cps);
  CHECK(built == Term::list(each));
  CHECK(built == erl("[104, 2470, 0, 1114111, 255, 256]"));
  CHECK(ringlab::erlang::phash2_full(built) == ringlab::erlang::phash2_full(Term::list(each)));
  CHECK(built.size() == cps.size());
  CHECK(built.depth() == 1);
  CHECK(built.tail() == Term::nil());
}

TEST_CASE("copies share storage and never change", "[erlang][terms]") {
  Term a = erl("{a, [1, 2, 3], #{k => v}}");
  const Term b = a;
  a = Term::integer(1);
  CHECK(b == erl("{a, [1, 2, 3], #{k => v}}"));
  // Parts of a term are terms of their own.
  const Term list = b.elements().at(1);
  CHECK(list == erl("[1, 2, 3]"));
  CHECK(Term::tuple(std::vector<Term>{list, list}) == erl("{[1, 2, 3], [1, 2, 3]}"));
}

}  // namespace test_erlang_terms
