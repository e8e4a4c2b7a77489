// Erlang and Elixir term text: reading every documented form, refusing bad text with the column
// of the mistake, and writing terms back.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "golden.hpp"
#include "ringlab/erlang.hpp"
#include "ringlab/error.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_erlang_text {

using ringlab::ErrorCode;
using ringlab::erlang::format_term;
using ringlab::erlang::parse_term;
using ringlab::erlang::Syntax;
using ringlab::erlang::Term;
using ringlab::erlang::TermKind;

namespace {

Term erl(std::string_view text) { return parse_term(text, Syntax::erlang); }
Term ex(std::string_view text) { return parse_term(text, Syntax::elixir); }
Term i(std::int64_t v) { return Term::integer(v); }
Term atom(std::string_view name) { return Term::atom(name); }
Term chars(std::string_view ascii) {
  std::vector<Term> out;
  for (char c : ascii) out.push_back(i(static_cast<unsigned char>(c)));
  return Term::list(out);
}
Term tuple(std::vector<Term> xs) { return Term::tuple(xs); }

// The message of the error text gets, or "" when it reads.
std::string error_of(std::string_view text, Syntax syntax) {
  try {
    (void)parse_term(text, syntax);
  } catch (const ringlab::Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("Erlang syntax: every form", "[erlang][text]") {
  CHECK(erl("<<\"topic-a\">>") == Term::binary("topic-a"));
  CHECK(erl("<<1,2,255>>") == Term::binary("\x01\x02\xFF"));
  CHECK(erl("\"abc\"") == chars("abc"));
  CHECK(erl("\"ab\" \"c\"") == chars("abc"));
  CHECK(erl("\"\"") == Term());
  CHECK(erl("'quoted atom'") == atom("quoted atom"));
  CHECK(erl("topic_a@host") == atom("topic_a@host"));
  CHECK(erl("ßa") == atom("ßa"));
  CHECK(erl("'\\x{20AC}'") == atom("€"));
  CHECK(erl("'€'") == atom("€"));
  CHECK(erl("16#FF") == i(255));
  CHECK(erl("16#ff_ff") == i(65535));
  CHECK(erl("1_6#F_F") == i(255));  // the base may have '_' too
  CHECK(erl("2#1010") == i(10));
  CHECK(erl("36#zZ") == i(1295));
  CHECK(erl("-16#10") == i(-16));
  CHECK(erl("$a") == i(97));
  CHECK(erl("$\\n") == i(10));
  CHECK(erl("$\\x{1F600}") == i(0x1F600));
  CHECK(erl("$\\101") == i(65));
  CHECK(erl("$\\^a") == i(1));
  CHECK(erl("-$a") == i(-97));
  CHECK(erl("1.5e3") == Term::floating(1500.0));
  CHECK(erl("1.5E-3") == Term::floating(0.0015));
  CHECK(erl("1_000.5") == Term::floating(1000.5));
  CHECK(erl("2.0e-324") == Term::floating(0.0));  // underflow reads as 0.0, as in erl
  CHECK(erl("-0.0").to_double() == 0.0);
  CHECK(std::signbit(erl("-0.0").to_double()));
  CHECK(erl("{a, [1 | 2]}") == tuple({atom("a"), Term::list(std::vector<Term>{i(1)}, i(2))}));
  CHECK(erl("#{k => v}") == Term::map(std::vector<std::pair<Term, Term>>{{atom("k"), atom("v")}}));
  CHECK(erl("#{k => 1, k => 2}") == erl("#{k => 2}"));
  CHECK(erl("-42") == i(-42));
  CHECK(erl("- 42") == i(-42));
  CHECK(erl("+42") == i(42));
  CHECK(erl("1_000_000") == i(1000000));
  CHECK(erl("340282366920938463463374607431768211456").magnitude() == std::vector<std::uint64_t>{0, 0, 1});
  CHECK(erl("[1, 2 | [3 | \"ab\"]]") == erl("[1, 2, 3, 97, 98]"));
  CHECK(erl("  {a, b}.  % a comment\n") == tuple({atom("a"), atom("b")}));
  CHECK(erl("else") == atom("else"));  // not reserved in OTP 25
  // Escapes: an unknown one stands for its character, as in erl.
  CHECK(erl("\"\\q\\e\\d\\s\\x41\\x{42}\\0\"") == erl("[$q, 27, 127, 32, 65, 66, 0]"));
}

TEST_CASE("Erlang bit syntax", "[erlang][text]") {
  CHECK(erl("<<>>") == Term::binary(""));
  CHECK(erl("<<\"héllo\"/utf8>>") == Term::binary("héllo"));
  CHECK(erl("<<\"é\">>") == Term::binary("\xE9"));  // one byte per character
  CHECK(erl("<<\"€\">>") == Term::binary("\xAC"));  // its low 8 bits
  CHECK(erl("<<1:3>>") == Term::bitstring("\x20", 3));
  CHECK(erl("<<1,2,3:5>>") == Term::bitstring("\x01\x02\x18", 21));
  CHECK(erl("<<-1>>") == Term::binary("\xFF"));
  CHECK(erl("<<-$a>>") == Term::binary("\x9F"));
  CHECK(erl("<<1:16/little>>") == Term::binary(std::string("\x01\x00", 2)));
  CHECK(erl("<<258:16>>") == Term::binary("\x01\x02"));
  CHECK(erl("<<1:4/unit:8>>") == Term::binary(std::string("\x00\x00\x00\x01", 4)));
  CHECK(erl("<<1.0/float>>") == Term::binary(std::string("\x3F\xF0\0\0\0\0\0\0", 8)));
  CHECK(erl("<<1:32/float>>") == Term::binary(std::string("\x3F\x80\0\0", 4)));
  CHECK(erl("<<1.0e300:32/float>>") == Term::binary(std::string("\x7F\x80\0\0", 4)));  // as erl: infinity
  CHECK(erl("<<1:64/float-little>>") == Term::binary(std::string("\0\0\0\0\0\0\xF0\x3F", 8)));
  CHECK(erl("<<\"ab\":16>>") == Term::binary(std::string("\0a\0b", 4)));
  CHECK(erl("<<\"ab\"/utf16>>") == Term::binary(std::string("\0a\0b", 4)));
  CHECK(erl("<<\"\\x{10FFFF}\"/utf16>>") == Term::binary("\xDB\xFF\xDF\xFF"));
  CHECK(erl("<<16#20AC/utf16-little>>") == Term::binary("\xAC\x20"));
  CHECK(erl("<<65/utf32-little>>") == Term::binary(std::string("A\0\0\0", 4)));
  CHECK(erl("<<<<1,2>>:1/binary>>") == Term::binary("\x01"));
  CHECK(erl("<<<<1,2>>:2/binary-unit:4>>") == Term::binary("\x01"));
  CHECK(erl("<<<<1:4>>/bits, 1:4>>") == Term::binary("\x11"));
  CHECK(erl("<<1:2, \"ab\"/utf16>>") == erl("<<64,24,64,24,2:2>>"));
  CHECK(erl("<<1/signed, 2/unsigned, 3/big, 4/integer>>") == Term::binary("\x01\x02\x03\x04"));
}

TEST_CASE("Elixir syntax: every form", "[erlang][text]") {
  CHECK(ex("\"topic-a\"") == Term::binary("topic-a"));
  CHECK(ex("\"héllo\"") == Term::binary("héllo"));
  CHECK(ex("'abc'") == chars("abc"));
  CHECK(ex("~c\"abc\"") == chars("abc"));
  CHECK(ex("~c(abc)") == chars("abc"));
  CHECK(ex("~c[a\\]b]") == chars("a]b"));
  CHECK(ex(":atom") == atom("atom"));
  CHECK(ex(":valid?") == atom("valid?"));
  CHECK(ex(":\"quoted atom\"") == atom("quoted atom"));
  CHECK(ex(":'quoted'") == atom("quoted"));
  CHECK(ex("{:range, 7}") == tuple({atom("range"), i(7)}));
  CHECK(ex("%{\"k\" => 1}") == Term::map(std::vector<std::pair<Term, Term>>{{Term::binary("k"), i(1)}}));
  CHECK(ex("%{a: 1, b: 2}") == erl("#{a => 1, b => 2}"));
  CHECK(ex("%{\"k\" => 1, a: 2}") == erl("#{<<\"k\">> => 1, a => 2}"));
  CHECK(ex("%{}") == erl("#{}"));
  CHECK(ex("0xFF") == i(255));
  CHECK(ex("0o17") == i(15));
  CHECK(ex("0b101") == i(5));
  CHECK(ex("?a") == i(97));
  CHECK(ex("?\\n") == i(10));
  CHECK(ex("1_000") == i(1000));
  CHECK(ex("-1") == i(-1));
  CHECK(ex("1.5e3") == Term::floating(1500.0));
  CHECK(ex("[1, 2 | 3]") == erl("[1, 2 | 3]"));
  CHECK(ex("[a: 1, b: \"x\"]") == erl("[{a, 1}, {b, <<\"x\">>}]"));
  CHECK(ex("[1, a: 1]") == erl("[1, {a, 1}]"));
  CHECK(ex("[\"my key\": 1]") == erl("[{'my key', 1}]"));
  CHECK(ex("true") == atom("true"));
  CHECK(ex("false") == atom("false"));
  CHECK(ex("nil") == atom("nil"));
  CHECK(ex("Foo.Bar") == atom("Elixir.Foo.Bar"));
  CHECK(ex("Elixir.Foo") == atom("Elixir.Foo"));
  CHECK(ex(":Foo") == atom("Foo"));
  CHECK(ex("\"\\u{1F600}\\u00e9\\x41\\#{x}\"") == Term::binary("\xF0\x9F\x98\x80\xC3\xA9"
                                                               "A#{x}"));
  CHECK(ex("<<1, 2::16, \"x\"::utf16>>") == erl("<<1, 2:16, \"x\"/utf16>>"));
  CHECK(ex("<<1::size(3)>>") == erl("<<1:3>>"));
  CHECK(ex("<<1::integer-size(2)-unit(8)-little>>") == erl("<<1:2/integer-unit:8-little>>"));
  CHECK(ex("<<1::4*8>>") == erl("<<1:32>>"));
  CHECK(ex("<<\"abc\">>") == Term::binary("abc"));
  CHECK(ex("<<\"abc\"::binary>>") == Term::binary("abc"));
  CHECK(ex("<<1.5::float>>") == erl("<<1.5/float>>"));
  CHECK(ex("<< <<1>>::binary, 2>>") == Term::binary("\x01\x02"));
  CHECK(ex("  {1, 2} # a comment\n") == erl("{1, 2}"));
}

// Where Elixir 1.14's own reader differs from a plain reading (tests/erlang/elixir.mjs found
// each against the real Elixir): ringlab reads what it reads, and refuses what it refuses.
TEST_CASE("Elixir syntax: as Elixir 1.14 reads it", "[erlang][text]") {
  // A string segment without a type is its UTF-8 bytes.
  CHECK(ex("<<\"abc\">>") == Term::binary("abc"));
  CHECK(ex("<<\"é\", 1>>") == Term::binary("\xC3\xA9\x01"));
  // ?\C: Elixir's escape table, and no \x or \u digits; ?\ alone is the backslash.
  CHECK(ex("?\\x") == i('x'));
  CHECK(ex("?\\u") == i('u'));
  CHECK(ex("?\\s") == i(' '));
  CHECK(ex("?\\\\") == i('\\'));
  CHECK(ex("?\\") == i('\\'));
  CHECK(ex("\"\\x7F\"") == Term::binary("\x7F"));
  // Bidirectional formatting and Prepend characters as escapes; a Prepend one is fine raw when
  // neither a quote nor a backslash follows it.
  CHECK(ex("\"\\u{202E}\"") == Term::binary("\xE2\x80\xAE"));
  CHECK(ex("\"\\u{600}\"") == Term::binary("\xD8\x80"));
  CHECK(ex("\"\xD8\x80"
           "a\"") == Term::binary("\xD8\x80"
                                  "a"));
  // Before a backslash too, when Elixir pairs the escapes alike ('\u0600\n').
  CHECK(ex("'\xD8\x80\\n'") == Term::list(std::vector<Term>{i(0x600), i('\n')}));
  // Newlines are \n or \r\n.
  CHECK(ex("[1,\r\n 2]") == erl("[1, 2]"));
  // A quoted atom of 255 bytes.
  CHECK(ex(":\"" + std::string(255, 'a') + "\"") == atom(std::string(255, 'a')));

  const std::pair<std::string, const char*> refused[] = {
      {"?\\x41", "invalid Elixir term: unexpected integer after the term at column 4"},
      {"\"\\xFF\"",
       "invalid Elixir term: \\x above 7F is a byte in Elixir, not a character (write \\u{...} or <<...>>) at column "
       "2"},
      {"\"a\xE2\x80\xAE\"",
       "invalid Elixir term: a bidirectional formatting character inside quotes (write it as \\u{...}) at column 3"},
      {":\"\xE2\x81\xA6\"",
       "invalid Elixir term: a bidirectional formatting character inside quotes (write it as \\u{...}) at column 3"},
      {"1 # \xE2\x80\xAA", "invalid Elixir term: a bidirectional formatting character in a comment at column 5"},
      {"\"\xD8\x80\"",
       "invalid Elixir term: Elixir reads this quoted text otherwise: a Prepend character joins the quote or "
       "backslash after it (write it as \\u{...}) at column 1"},
      {"[1, \"\xD8\x80\\\"\"]",
       "invalid Elixir term: Elixir reads this quoted text otherwise: a Prepend character joins the quote or "
       "backslash after it (write it as \\u{...}) at column 5"},
      {"'\xD8\x80\\\\'",
       "invalid Elixir term: Elixir reads this quoted text otherwise: a Prepend character joins the quote or "
       "backslash after it (write it as \\u{...}) at column 1"},
      {"<<<<1>>::binary>>", "invalid Elixir term: '<<<' is an operator in Elixir (write '<< <<') at column 1"},
      {"<<1, <<2>>>>", "invalid Elixir term: '>>>' is an operator in Elixir (write '>> >>') at column 9"},
      {"<<\"ab\"::binary-size(1)>>", "invalid Elixir term: a string segment takes no size or unit at column 3"},
      {"<<\"a\"::signed>>", "invalid Elixir term: signed and unsigned are for integer and float segments at column 3"},
      {"1\r", "invalid Elixir term: unexpected character at column 2"},
      {"1\f", "invalid Elixir term: unexpected character at column 2"},
  };
  for (const auto& [text, message] : refused) {
    INFO(text);
    CHECK(error_of(text, Syntax::elixir) == message);
  }
  // Elixir's tokenizer takes 255 bytes of a quoted atom, not 255 characters.
  const std::string long_atom = ":\"" + [] {
    std::string s;
    for (int k = 0; k < 128; ++k) s += "\xC3\xA9";
    return s;
  }() + "\"";
  CHECK(error_of(long_atom, Syntax::elixir) ==
        "invalid Elixir term: a quoted atom longer than 255 bytes (Elixir's limit) at column 1");
  CHECK(code_of([&] { (void)ex(long_atom); }) == ErrorCode::limit_exceeded);
  CHECK(code_of([&] { (void)ex("[\"" + long_atom.substr(2) + ": 1]"); }) == ErrorCode::limit_exceeded);
  CHECK(erl("'" + long_atom.substr(2, long_atom.size() - 3) + "'").kind() == TermKind::atom);  // 128 characters

  // The writer escapes what Elixir will not take raw, and reads back.
  for (const char* raw : {"\xE2\x80\xAE", "\xD8\x80", "\xF0\x91\x82\xBD"}) {
    const Term t = Term::binary(raw);
    const std::string written = format_term(t, Syntax::elixir);
    INFO(written);
    CHECK(written.find('\\') == 1);
    CHECK(ex(written) == t);
    const std::string atom_text = format_term(atom(raw), Syntax::elixir);
    INFO(atom_text);
    CHECK(ex(atom_text) == atom(raw));
  }
}

TEST_CASE("bad text: a named error at the mistake's column", "[erlang][text]") {
  const std::pair<const char*, const char*> erlang_cases[] = {
      {"{a, b c}", "invalid Erlang term: expected ',' or '}', got atom at column 7"},
      {"{a,\n  b c}", "invalid Erlang term: expected ',' or '}', got atom at line 2, column 5"},
      {"{'é', b c}", "invalid Erlang term: expected ',' or '}', got atom at column 9"},
      {"[1, 2", "invalid Erlang term: expected ',', '|' or ']', got end of text at column 6"},
      {"{a,}", "invalid Erlang term: expected a term, got '}' at column 4"},
      {"#{a := 1}", "invalid Erlang term: ':=' updates a map; a map term uses '=>' at column 5"},
      {"X", "invalid Erlang term: variables are not terms (X) at column 1"},
      {"cond", "invalid Erlang term: cond is a reserved word; quote it to make an atom at column 1"},
      {"1e3", "invalid Erlang term: unexpected atom after the term at column 2"},
      {"\"abc", "invalid Erlang term: unterminated string at column 1"},
      {"<<1.5>>", "invalid Erlang term: an integer segment needs an integer at column 3"},
      {"<<1:16/float>>", "invalid Erlang term: 16-bit float segments are not supported at column 3"},
      {"<<1/native>>",
       "invalid Erlang term: native endianness depends on the machine; write big or little at column 5"},
      {"-(1)", "invalid Erlang term: expected a number after '-', got '(' at column 2"},
      {"1.7976931348623159e308", "invalid Erlang term: float out of range at column 1"},
      {"37#1", "invalid Erlang term: a base must be between 2 and 36 at column 1"},
      {"\"\\x{D800}\"", "invalid Erlang term: illegal character at column 2"},
  };
  for (const auto& c : erlang_cases) {
    const std::string text = c.first;
    INFO(text);
    CHECK(error_of(text, Syntax::erlang) == c.second);
    CHECK(code_of([&] { (void)erl(text); }) == ErrorCode::invalid_argument);
  }
  const std::pair<const char*, const char*> elixir_cases[] = {
      {"\"a#{b}\"", "invalid Elixir term: interpolation is not a literal at column 3"},
      {"foo", "invalid Elixir term: variables are not terms (foo) at column 1"},
      {"%Foo{}", "invalid Elixir term: structs are not supported ('%' must start '%{') at column 1"},
      {":+", "invalid Elixir term: only :name, :\"quoted\" and :'quoted' atoms are supported at column 1"},
      {"[a: 1, 2]", "invalid Elixir term: keyword pairs must come last at column 8"},
      {"%{a: 1, \"b\" => 2}", "invalid Elixir term: keyword pairs must come last at column 9"},
      {"~s\"x\"", "invalid Elixir term: only the ~c sigil is supported at column 1"},
      {"\"\\q\"", "invalid Elixir term: unknown escape at column 2"},
      {"<<1.5>>", "invalid Elixir term: a float segment needs ::float at column 3"},
      {"{a: 1}", "invalid Elixir term: a keyword pair belongs in a list or a map at column 2"},
  };
  for (const auto& [text, message] : elixir_cases) {
    INFO(text);
    CHECK(error_of(text, Syntax::elixir) == message);
  }
  // Limits are limit_exceeded.
  CHECK(code_of([] { (void)erl("'" + std::string(256, 'a') + "'"); }) == ErrorCode::limit_exceeded);
  CHECK(code_of([] { (void)erl(std::string(100001, '{') + std::string(100001, '}')); }) == ErrorCode::limit_exceeded);
  CHECK(error_of(std::string(100002, '[') + std::string(100002, ']'), Syntax::erlang) ==
        "invalid Erlang term: term nesting deeper than 100000 levels at column 100002");
  CHECK(code_of([] { (void)erl("1" + std::string(20000, '0')); }) == ErrorCode::limit_exceeded);
  CHECK(code_of([] { (void)erl("<<0:134217729>>"); }) == ErrorCode::limit_exceeded);
  CHECK(code_of([] { (void)erl(std::string("\xFF")); }) == ErrorCode::invalid_argument);
}

TEST_CASE("golden: every text erl rejects is rejected", "[erlang][text][golden]") {
  const golden::Table t = golden::read_tsv("erlang/rejected.tsv", {"text"});
  REQUIRE(t.rows.size() > 250);
  for (const auto& row : t.rows) {
    INFO(row[0]);
    CHECK(!error_of(row[0], Syntax::erlang).empty());
  }
}

TEST_CASE("golden: Elixir text as the real Elixir reads it", "[erlang][text][golden]") {
  // scripts/gen-golden-elixir.mjs: phash2(Value, 2^32) from Elixir 1.14, or error.
  const golden::Table t = golden::read_tsv("erlang/elixir.tsv", {"kind", "text", "phash2"});
  REQUIRE(t.rows.size() > 600);
  std::size_t read = 0;
  for (const auto& row : t.rows) {
    INFO(row[0] << ": " << row[1]);
    if (row[2] == "error") {
      CHECK(!error_of(row[1], Syntax::elixir).empty());
      continue;
    }
    const Term term = ex(row[1]);
    CHECK(ringlab::erlang::phash2_full(term) == golden::parse_u32(row[2]));
    // Its Elixir writing reads back, in ringlab as the same term.
    CHECK(ex(format_term(term, Syntax::elixir)) == term);
    ++read;
  }
  CHECK(read > 500);
}

TEST_CASE("writing terms: Erlang and Elixir text", "[erlang][text]") {
  const std::vector<std::pair<const char*, const char*>> erlang_cases = {
      {"{a, [1 | 2]}", "{a,[1|2]}"},
      {"#{k => v, 1 => 2.5}", "#{1 => 2.5,k => v}"},
      {"<<\"topic-a\">>", "<<\"topic-a\">>"},
      {"<<1,2,255>>", "<<1,2,255>>"},
      {"<<1,2,3:5>>", "<<1,2,3:5>>"},
      {"<<>>", "<<>>"},
      {"<<\"héllo\"/utf8>>", "<<\"héllo\"/utf8>>"},
      {"\"abc\"", "\"abc\""},
      {"\"a\\\"b\\\\c\\n\"", "\"a\\\"b\\\\c\\n\""},
      {"[1, 2]", "[1,2]"},
      {"\"\"", "[]"},
      {"'quoted atom'", "'quoted atom'"},
      {"'and'", "'and'"},
      {"'Abc'", "'Abc'"},
      {"ab@c_D9", "ab@c_D9"},
      {"'it\\'s'", "'it\\'s'"},
      {"'\\x{1}'", "'\\x{1}'"},
      {"-12345678901234567890123", "-12345678901234567890123"},
      {"[a, {b} | c]", "[a,{b}|c]"},
      {"#{}", "#{}"},
      {"{}", "{}"},
  };
  for (const auto& [text, written] : erlang_cases) {
    INFO(text);
    CHECK(format_term(erl(text), Syntax::erlang) == written);
  }
  const std::vector<std::pair<const char*, const char*>> elixir_cases = {
      {"<<\"topic-a\">>", "\"topic-a\""},
      {"<<1,2,255>>", "<<1, 2, 255>>"},
      {"<<>>", "\"\""},
      {"<<1,2,3:5>>", "<<1, 2, 3::size(5)>>"},
      {"{range, 7}", "{:range, 7}"},
      {"true", "true"},
      {"nil", "nil"},
      {"'Elixir.Foo.Bar'", "Foo.Bar"},
      {"'hello world'", ":\"hello world\""},
      {"'valid?'", ":valid?"},
      {"'a@b'", ":a@b"},
      {"\"abc\"", "~c\"abc\""},
      {"[1, 2 | 3]", "[1, 2 | 3]"},
      {"#{<<\"k\">> => 1}", "%{\"k\" => 1}"},
      {"<<\"#{x}\">>", "\"\\#{x}\""},
  };
  for (const auto& [text, written] : elixir_cases) {
    INFO(text);
    CHECK(format_term(erl(text), Syntax::elixir) == written);
  }
}

TEST_CASE("floats are written as erl writes them (~w)", "[erlang][text]") {
  // Each pair: a float and erl's io_lib:format("~w", [F]) of it.
  const std::pair<double, const char*> cases[] = {
      {1.0, "1.0"},
      {10.0, "10.0"},
      {100.0, "100.0"},
      {1000.0, "1.0e3"},
      {1.0e4, "1.0e4"},
      {123.0, "123.0"},
      {1234.0, "1234.0"},
      {120.0, "120.0"},
      {1200.0, "1.2e3"},
      {0.001, "0.001"},
      {0.0001, "0.0001"},
      {1.0e-5, "1.0e-5"},
      {0.0123, "0.0123"},
      {9007199254740992.0, "9.007199254740992e15"},
      {9007199254740990.0, "9007199254740990.0"},
      {0.1, "0.1"},
      {0.3, "0.3"},
      {2.5e-5, "2.5e-5"},
      {1.0e100, "1.0e100"},
      {5.0e-324, "5.0e-324"},
      {1.7976931348623157e308, "1.7976931348623157e308"},
      {-0.0, "-0.0"},
      {0.0, "0.0"},
      {-1.5, "-1.5"},
      {123456789.125, "123456789.125"},
      {1.0e21, "1.0e21"},
      {1.0e22, "1.0e22"},
      {3.141592653589793, "3.141592653589793"},
      {2.2250738585072014e-308, "2.2250738585072014e-308"},
      {1.0e15, "1.0e15"},
      {1.0e16, "1.0e16"},
      {12345678901234567.0, "1.2345678901234568e16"},
      {0.5, "0.5"},
      {1.0e-7, "1.0e-7"},
      {100.5, "100.5"},
  };
  for (const auto& [x, written] : cases) {
    INFO(written);
    CHECK(format_term(Term::floating(x), Syntax::erlang) == written);
    CHECK(format_term(Term::floating(x), Syntax::elixir) == written);
  }
}

TEST_CASE("golden terms read back from their writing in both syntaxes", "[erlang][text][golden]") {
  const golden::Table t =
      golden::read_tsv("erlang/phash2.tsv", {"kind", "term", "phash2", "range_1", "range_2", "range_65536",
                                             "range_134217728", "range_4294967295", "range_4294967296"});
  for (const auto& row : t.rows) {
    INFO(row[1]);
    const Term term = erl(row[1]);
    for (Syntax s : {Syntax::erlang, Syntax::elixir}) {
      const std::string written = format_term(term, s);
      INFO(written);
      const Term back = parse_term(written, s);
      CHECK(back == term);
      CHECK(format_term(back, s) == written);
    }
  }
}

}  // namespace test_erlang_text
