// Reading Erlang and Elixir term text. One pass, no recursion: a lexer hands tokens to a
// loop that keeps the open containers on a heap stack, so nesting costs memory, not C stack.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "arena.hpp"
#include "core/utf8.hpp"
#include "ringlab/erlang.hpp"
#include "ringlab/error.hpp"
#include "ringlab/js_math.hpp"

namespace ringlab::erlang {
namespace {

using detail::Arena;
using detail::Builder;
using detail::kNoNode;

constexpr std::uint32_t kMaxCodePoint = 0x10FFFF;

bool is_char_value(std::uint64_t cp) { return cp <= kMaxCodePoint && !(cp >= 0xD800 && cp <= 0xDFFF); }

bool is_digit_in(char c, unsigned base) {
  unsigned v = 99;
  if (c >= '0' && c <= '9') v = static_cast<unsigned>(c - '0');
  else if (c >= 'a' && c <= 'z') v = static_cast<unsigned>(c - 'a' + 10);
  else if (c >= 'A' && c <= 'Z') v = static_cast<unsigned>(c - 'A' + 10);
  return v < base;
}

unsigned hex_value(char c) {
  if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
  return static_cast<unsigned>(c - 'A' + 10);
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_lower(std::uint32_t c) { return c >= 'a' && c <= 'z'; }
bool is_upper(std::uint32_t c) { return c >= 'A' && c <= 'Z'; }
bool is_ascii_digit(std::uint32_t c) { return c >= '0' && c <= '9'; }
// Erlang's Latin-1 letters: lower case starts an atom, upper case a variable.
bool is_latin1_lower(std::uint32_t c) { return c >= 0xDF && c <= 0xFF && c != 0xF7; }
bool is_latin1_upper(std::uint32_t c) { return c >= 0xC0 && c <= 0xDE && c != 0xD7; }
bool is_erlang_name_char(std::uint32_t c) {
  return is_lower(c) || is_upper(c) || is_ascii_digit(c) || c == '_' || c == '@' || is_latin1_lower(c) ||
         is_latin1_upper(c);
}
bool is_elixir_ident_char(std::uint32_t c) { return is_lower(c) || is_upper(c) || is_ascii_digit(c) || c == '_'; }

constexpr std::string_view kErlangReserved[] = {"after",  "and",     "andalso", "band", "begin", "bnot", "bor",
                                                "bsl",    "bsr",     "bxor",    "case", "catch", "cond", "div",
                                                "end",    "fun",     "if",      "let",  "not",   "of",   "or",
                                                "orelse", "receive", "rem",     "try",  "when",  "xor"};

enum class Tok : std::uint8_t {
  end,
  dot,  // Erlang's closing '.'
  lbrace,
  rbrace,
  lbracket,
  rbracket,
  bar,
  comma,
  map_open,     // #{ or %{
  arrow,        // =>
  exact_arrow,  // :=
  bin_open,     // <<
  bin_close,    // >>
  colon,        // :
  dcolon,       // ::
  slash,
  minus,
  plus,
  star,
  lparen,
  rparen,
  integer,  // also $a and ?a
  floating,
  atom,
  string,    // Erlang: a list of characters; Elixir: a binary
  charlist,  // Elixir: 'abc', ~c"abc"
  keyword,   // Elixir: key: in [key: value] and %{key: value}
  ident,     // Elixir: a bare name (a type in a bit modifier, else a variable)
  variable,  // Erlang
  reserved,  // Erlang: a reserved word
};

struct Token {
  Tok kind = Tok::end;
  std::size_t at = 0;
  std::size_t end = 0;
  std::vector<std::uint64_t> magnitude;  // integer
  double number = 0;                     // floating
  std::string text;                      // atom, keyword, ident, variable, reserved: the name in UTF-8
  std::vector<std::uint32_t> chars;      // string, charlist
};

// A name as a message shows it: printable ASCII as is, anything else as \x{H}, at most 40
// characters' worth (a quoted keyword can hold any character, NUL included).
std::string shown(std::string_view name) {
  std::string out;
  for (unsigned char c : name) {
    if (out.size() >= 40) return out + "...";
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      static constexpr char kHex[] = "0123456789ABCDEF";
      out += "\\x{";
      if (c >= 16) out += kHex[c >> 4];
      out += kHex[c & 15];
      out += '}';
    }
  }
  return out;
}

std::string describe(const Token& t) {
  switch (t.kind) {
    case Tok::end: return "end of text";
    case Tok::dot: return "'.'";
    case Tok::lbrace: return "'{'";
    case Tok::rbrace: return "'}'";
    case Tok::lbracket: return "'['";
    case Tok::rbracket: return "']'";
    case Tok::bar: return "'|'";
    case Tok::comma: return "','";
    case Tok::map_open: return "map";
    case Tok::arrow: return "'=>'";
    case Tok::exact_arrow: return "':='";
    case Tok::bin_open: return "'<<'";
    case Tok::bin_close: return "'>>'";
    case Tok::colon: return "':'";
    case Tok::dcolon: return "'::'";
    case Tok::slash: return "'/'";
    case Tok::minus: return "'-'";
    case Tok::plus: return "'+'";
    case Tok::star: return "'*'";
    case Tok::lparen: return "'('";
    case Tok::rparen: return "')'";
    case Tok::integer: return "integer";
    case Tok::floating: return "float";
    case Tok::atom: return "atom";
    case Tok::string: return "string";
    case Tok::charlist: return "charlist";
    case Tok::keyword: return "keyword " + shown(t.text) + ":";
    case Tok::ident: return "name " + shown(t.text);
    case Tok::variable: return "variable " + shown(t.text);
    case Tok::reserved: return "reserved word " + shown(t.text);
  }
  return "token";
}

// ---------------------------------------------------------------------------------------------
// Bitstrings under construction

class BitWriter {
 public:
  std::string bytes;
  std::uint64_t bits = 0;

  void put_bit(bool one) {
    if (bits % 8 == 0) bytes.push_back('\0');
    if (one) bytes.back() = static_cast<char>(static_cast<unsigned char>(bytes.back()) | (0x80u >> (bits % 8)));
    ++bits;
  }
  void put_fill(bool one, std::uint64_t n) {
    while (n > 0 && bits % 8 != 0) {
      put_bit(one);
      --n;
    }
    bytes.append(static_cast<std::size_t>(n / 8), one ? '\xFF' : '\0');
    bits += n / 8 * 8;
    for (n %= 8; n > 0; --n) put_bit(one);
  }
  // The low n bits of v, most significant first.
  void put_uint(std::uint64_t v, unsigned n) {
    for (unsigned i = n; i-- > 0;) put_bit(((v >> i) & 1) != 0);
  }
  void put_bytes(std::string_view src) {
    if (bits % 8 == 0) {
      bytes += src;
      bits += 8 * static_cast<std::uint64_t>(src.size());
    } else {
      for (char c : src) put_uint(static_cast<unsigned char>(c), 8);
    }
  }
  // The first n bits of src.
  void put_bits(std::string_view src, std::uint64_t n) {
    put_bytes(src.substr(0, static_cast<std::size_t>(n / 8)));
    if (n % 8 != 0) put_uint(static_cast<unsigned char>(src[static_cast<std::size_t>(n / 8)]) >> (8 - n % 8), n % 8);
  }
};

// A segment's value before its type is applied.
struct SegmentValue {
  enum class Kind : std::uint8_t { integer, floating, string, bits } kind = Kind::integer;
  bool negative = false;
  std::vector<std::uint64_t> magnitude;
  double number = 0;
  std::vector<std::uint32_t> chars;  // string
  std::string bytes;                 // bits
  std::uint64_t bit_length = 0;
  std::size_t at = 0;
};

enum class SegType : std::uint8_t { integer, floating, binary, bitstring, utf8, utf16, utf32 };

struct SegSpec {
  std::optional<std::uint64_t> size;
  std::optional<SegType> type;
  std::optional<bool> is_signed;
  std::optional<bool> little;
  std::optional<std::uint64_t> unit;
};

// ---------------------------------------------------------------------------------------------
// The parser

enum class FrameKind : std::uint8_t { tuple, list, map, binary };

struct Frame {
  FrameKind kind = FrameKind::tuple;
  std::size_t at = 0;                   // the opening bracket
  std::vector<std::uint64_t> items;     // elements, or keys and values
  bool in_tail = false;                 // list: after '|'
  std::uint64_t tail = kNoNode;         // list
  bool keywords = false;                // Elixir: keyword pairs started (they come last)
  std::uint64_t pending_key = kNoNode;  // Elixir: the key of a keyword pair whose value comes next
  bool map_has_key = false;             // map: a key read, its value next
  BitWriter bits;                       // binary
};

class Parser {
 public:
  Parser(std::string_view text, Syntax syntax)
      : src_(text), syntax_(syntax), arena_(std::make_shared<Arena>()), build_(*arena_) {}

  Term run() {
    for (pos_ = 0; pos_ < src_.size();) pos_ += decode(pos_).second;
    pos_ = 0;
    const std::uint64_t root = parse();
    return Term(std::move(arena_), root);
  }

 private:
  // --- errors ---------------------------------------------------------------------------------

  [[noreturn]] void fail(std::size_t at, const ErrorRule& what, std::vector<ErrorValue> values = {},
                         ErrorCode code = ErrorCode::invalid_argument) const {
    fail(at, Error(code, what, "", std::move(values)));
  }
  // What is wrong (inner), where it is: the column, and the line when the text has several.
  [[noreturn]] void fail(std::size_t at, const Error& inner) const {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < at && i < src_.size(); ++i) {
      const auto c = static_cast<unsigned char>(src_[i]);
      if (c == '\n') {
        ++line;
        col = 1;
      } else if ((c & 0xC0) != 0x80) {
        ++col;
      }
    }
    const std::string_view syntax = syntax_name(syntax_);
    if (line > 1) throw Error(rule::termAtLine, "", {syntax, line, col}, inner);
    throw Error(rule::termAt, "", {syntax, col}, inner);
  }
  // What the parser wanted where it found something else: a rule of its own (termWant...), said
  // inside termExpected ("expected ',' or '}', got atom").
  static Error want(const ErrorRule& what, std::vector<ErrorValue> values = {}) {
    return Error(ErrorCode::invalid_argument, what, "", std::move(values));
  }
  [[noreturn]] void unexpected(const Token& t, const Error& wanted) const {
    if (t.kind == Tok::end) fail(t.at, Error(rule::termExpectedEnd, "", {}, wanted));
    fail(t.at, Error(rule::termExpected, "", {describe(t)}, wanted));
  }

  // --- characters -----------------------------------------------------------------------------

  bool at_end() const { return pos_ >= src_.size(); }
  char peek_byte(std::size_t ahead = 0) const { return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0'; }

  // The code point at pos_ and its length in bytes; invalid UTF-8 is an error.
  std::pair<std::uint32_t, std::size_t> decode(std::size_t at) const {
    const utf8::Decoded d = utf8::decode(src_, at);
    if (d.len == 0 || utf8::is_surrogate(d.cp)) fail(at, rule::termInvalidUTF8);
    return {d.cp, d.len};
  }
  std::uint32_t take_char() {
    const auto [cp, len] = decode(pos_);
    pos_ += len;
    return cp;
  }

  void skip_space() {
    const char comment = syntax_ == Syntax::erlang ? '%' : '#';
    while (!at_end()) {
      const char c = src_[pos_];
      // Elixir's whitespace is a space, a tab and a newline (\n or \r\n); it refuses a lone \r,
      // \f and \v.
      if (syntax_ == Syntax::elixir ? c == ' ' || c == '\t' || c == '\n' || (c == '\r' && peek_byte(1) == '\n')
                                    : is_space(c)) {
        ++pos_;
      } else if (c == comment) {
        while (!at_end() && src_[pos_] != '\n') {
          if (syntax_ == Syntax::elixir && static_cast<unsigned char>(src_[pos_]) >= 0x80) {
            const std::size_t at = pos_;
            if (detail::elixir_bidi(take_char())) fail(at, rule::termBidiComment);
          } else {
            ++pos_;
          }
        }
      } else {
        break;
      }
    }
  }

  // --- lexing ---------------------------------------------------------------------------------

  Token& peek() {
    if (!peeked_) {
      ahead_ = lex();
      peeked_ = true;
    }
    return ahead_;
  }
  Token next() {
    if (peeked_) {
      peeked_ = false;
      return std::move(ahead_);
    }
    return lex();
  }
  // The wanted rule's error is made only when the token is not the one wanted.
  Token expect(Tok kind, const ErrorRule& wanted, std::vector<ErrorValue> values = {}) {
    Token t = next();
    if (t.kind != kind) unexpected(t, want(wanted, std::move(values)));
    return t;
  }

  Token lex() {
    skip_space();
    Token t;
    t.at = pos_;
    if (at_end()) {
      t.kind = Tok::end;
      t.end = pos_;
      return t;
    }
    const char c = src_[pos_];
    const auto one = [&](Tok k, std::size_t n = 1) {
      t.kind = k;
      pos_ += n;
    };
    switch (c) {
      case '{': one(Tok::lbrace); break;
      case '}': one(Tok::rbrace); break;
      case '[': one(Tok::lbracket); break;
      case ']': one(Tok::rbracket); break;
      case '|': one(Tok::bar); break;
      case ',': one(Tok::comma); break;
      case '(': one(Tok::lparen); break;
      case ')': one(Tok::rparen); break;
      case '/': one(Tok::slash); break;
      case '-': one(Tok::minus); break;
      case '+': one(Tok::plus); break;
      case '*': one(Tok::star); break;
      case '<':
        if (peek_byte(1) != '<') fail(pos_, rule::termUnexpectedChar, {"<"});
        // Elixir reads <<< and <<~ as operators: a nested binary opens after a space.
        if (syntax_ == Syntax::elixir && (peek_byte(2) == '<' || peek_byte(2) == '~'))
          fail(pos_, rule::termOperator, {"<<" + std::string(1, peek_byte(2)), "<< <<"});
        one(Tok::bin_open, 2);
        break;
      case '>':
        if (peek_byte(1) != '>') fail(pos_, rule::termUnexpectedChar, {">"});
        if (syntax_ == Syntax::elixir && peek_byte(2) == '>') fail(pos_, rule::termOperator, {">>>", ">> >>"});
        one(Tok::bin_close, 2);
        break;
      case '=':
        if (peek_byte(1) != '>') fail(pos_, rule::termUnexpectedChar, {"="});
        one(Tok::arrow, 2);
        break;
      default:
        if (syntax_ == Syntax::erlang) lex_erlang(t);
        else lex_elixir(t);
    }
    t.end = pos_;
    return t;
  }

  // Digits of `base` with single '_' between digits; the digits without the underscores.
  std::string read_digits(unsigned base) {
    std::string out;
    while (!at_end()) {
      const char c = src_[pos_];
      if (is_digit_in(c, base)) {
        out += c;
        ++pos_;
      } else if (c == '_' && !out.empty() && is_digit_in(peek_byte(1), base)) {
        ++pos_;
      } else {
        break;
      }
    }
    return out;
  }

  void integer_token(Token& t, std::string_view digits, unsigned base, std::size_t at) {
    // A cheap bound first, so that a wall of digits is refused before any arithmetic.
    const double bits_per_digit = js_math::log2(static_cast<double>(base));
    if (static_cast<double>(digits.size() - std::min(digits.size(), digits.find_first_not_of('0'))) * bits_per_digit >
        static_cast<double>(kMaxIntegerBits) + 8)
      fail(at, rule::integerBits, {kMaxIntegerBits}, ErrorCode::limit_exceeded);
    t.kind = Tok::integer;
    t.magnitude = detail::magnitude_from_digits(digits, base);
    if (detail::magnitude_bits(t.magnitude) > kMaxIntegerBits)
      fail(at, rule::integerBits, {kMaxIntegerBits}, ErrorCode::limit_exceeded);
  }

  void float_token(Token& t, const std::string& text, std::size_t at) {
    errno = 0;
    const double v = std::strtod(text.c_str(), nullptr);
    if (std::isinf(v)) fail(at, rule::termFloatOutRange);
    t.kind = Tok::floating;
    t.number = v;
  }

  // After the integer part of a decimal number: a fraction and an exponent make it a float.
  void decimal_number(Token& t, const std::string& int_digits, std::size_t at) {
    if (peek_byte() == '.' && is_digit_in(peek_byte(1), 10)) {
      ++pos_;
      const std::string frac = read_digits(10);
      std::string text = int_digits + "." + frac;
      if (peek_byte() == 'e' || peek_byte() == 'E') {
        std::size_t save = pos_;
        ++pos_;
        std::string sign;
        if (peek_byte() == '+' || peek_byte() == '-') sign = std::string(1, src_[pos_++]);
        const std::string exp = read_digits(10);
        if (exp.empty()) {
          pos_ = save;
          fail(pos_, rule::termExponentDigits);
        }
        text += "e" + sign + exp;
      }
      float_token(t, text, at);
      return;
    }
    integer_token(t, int_digits, 10, at);
  }

  // --- Erlang tokens ---

  void lex_erlang(Token& t) {
    const char c = src_[pos_];
    const std::size_t at = pos_;
    switch (c) {
      case '#':
        if (peek_byte(1) != '{') fail(pos_, rule::termRecordsNotTerms);
        t.kind = Tok::map_open;
        pos_ += 2;
        return;
      case ':':
        if (peek_byte(1) == '=') {
          t.kind = Tok::exact_arrow;
          pos_ += 2;
        } else {
          t.kind = Tok::colon;
          ++pos_;
        }
        return;
      case '.':
        t.kind = Tok::dot;
        ++pos_;
        return;
      case '$': {
        ++pos_;
        if (at_end()) fail(at, rule::termNeedsChar, {"$"});
        std::uint32_t cp = take_char();
        if (cp == '\\') cp = erlang_escape(at);
        t.kind = Tok::integer;
        if (cp > 0) t.magnitude = {cp};
        return;
      }
      case '"':
        t.kind = Tok::string;
        t.chars = erlang_quoted('"');
        return;
      case '\'': {
        const std::vector<std::uint32_t> name = erlang_quoted('\'');
        t.kind = Tok::atom;
        for (std::uint32_t cp : name) utf8::put(t.text, cp);
        check_atom(t.text, at);
        return;
      }
      default: break;
    }
    if (is_ascii_digit(static_cast<unsigned char>(c))) {
      const std::string digits = read_digits(10);
      if (peek_byte() == '#') {
        const std::size_t first = std::min(digits.size(), digits.find_first_not_of('0'));
        const std::size_t b =
            digits.size() - first > 2 ? 99 : (first == digits.size() ? 0 : std::stoul(digits.substr(first)));
        if (b < 2 || b > 36) fail(at, rule::termBaseMustBe);
        ++pos_;
        const std::string based = read_digits(static_cast<unsigned>(b));
        if (based.empty()) fail(pos_, rule::termBaseDigits, {b});
        integer_token(t, based, static_cast<unsigned>(b), at);
        return;
      }
      decimal_number(t, digits, at);
      return;
    }
    // Names: atoms start lower case, variables upper case or '_'.
    const auto [cp, len] = decode(pos_);
    if (is_lower(cp) || is_latin1_lower(cp) || is_upper(cp) || is_latin1_upper(cp) || cp == '_') {
      std::string name;
      while (!at_end()) {
        const auto [d, dl] = decode(pos_);
        if (!is_erlang_name_char(d)) break;
        utf8::put(name, d);
        pos_ += dl;
      }
      if (is_upper(cp) || is_latin1_upper(cp) || cp == '_') {
        t.kind = Tok::variable;
      } else if (std::find(std::begin(kErlangReserved), std::end(kErlangReserved), name) != std::end(kErlangReserved)) {
        t.kind = Tok::reserved;
      } else {
        t.kind = Tok::atom;
        check_atom(name, at);
      }
      t.text = std::move(name);
      return;
    }
    (void)len;
    fail(at, rule::termUnexpectedCharacter);
  }

  // After a backslash, in a string, a quoted atom or a $ character.
  std::uint32_t erlang_escape(std::size_t start) {
    if (at_end()) fail(start, rule::termUnterminatedEscape);
    const std::size_t at = pos_ - 1;
    const std::uint32_t c = take_char();
    std::uint64_t v = 0;
    switch (c) {
      case 'b': return 8;
      case 'd': return 127;
      case 'e': return 27;
      case 'f': return 12;
      case 'n': return 10;
      case 'r': return 13;
      case 's': return 32;
      case 't': return 9;
      case 'v': return 11;
      case '^': {
        if (at_end()) fail(at, rule::termUnterminatedEscape);
        return take_char() & 31u;
      }
      case 'x':
        if (peek_byte() == '{') {
          ++pos_;
          std::size_t n = 0;
          while (!at_end() && is_digit_in(src_[pos_], 16)) {
            v = v * 16 + hex_value(src_[pos_]);
            if (v > kMaxCodePoint) v = kMaxCodePoint + 1;
            ++pos_;
            ++n;
          }
          if (n == 0 || peek_byte() != '}') fail(at, rule::termHexBraces);
          ++pos_;
        } else {
          for (int i = 0; i < 2; ++i) {
            if (at_end() || !is_digit_in(src_[pos_], 16)) fail(at, rule::termHexTwo);
            v = v * 16 + hex_value(src_[pos_]);
            ++pos_;
          }
        }
        if (!is_char_value(v)) fail(at, rule::termIllegalCharacter);
        return static_cast<std::uint32_t>(v);
      default:
        if (c >= '0' && c <= '7') {
          v = c - '0';
          for (int i = 0; i < 2 && !at_end() && src_[pos_] >= '0' && src_[pos_] <= '7'; ++i)
            v = v * 8 + static_cast<std::uint64_t>(src_[pos_++] - '0');
          return static_cast<std::uint32_t>(v);
        }
        return c;  // any other character stands for itself: \' \" \\ ...
    }
  }

  std::vector<std::uint32_t> erlang_quoted(char quote) {
    const std::size_t at = pos_;
    ++pos_;
    std::vector<std::uint32_t> out;
    while (true) {
      if (at_end()) fail(at, quote == '"' ? rule::termUnterminatedString : rule::termUnterminatedAtom);
      if (src_[pos_] == quote) {
        ++pos_;
        return out;
      }
      std::uint32_t cp = take_char();
      if (cp == '\\') cp = erlang_escape(at);
      out.push_back(cp);
    }
  }

  void check_atom(const std::string& name, std::size_t at) const {
    const detail::AtomProblem p = detail::check_atom_name(name);
    if (p.rule != nullptr)
      fail(at, *p.rule, {kMaxAtomCharacters}, p.limit ? ErrorCode::limit_exceeded : ErrorCode::invalid_argument);
  }

  // --- Elixir tokens ---

  void lex_elixir(Token& t) {
    const char c = src_[pos_];
    const std::size_t at = pos_;
    switch (c) {
      case '%':
        if (peek_byte(1) != '{') fail(pos_, rule::termStructsNotSupported);
        t.kind = Tok::map_open;
        pos_ += 2;
        return;
      case ':': {
        const char d = peek_byte(1);
        if (d == ':') {
          t.kind = Tok::dcolon;
          pos_ += 2;
          return;
        }
        if (d == '"' || d == '\'') {
          ++pos_;
          const std::vector<std::uint32_t> name = elixir_quoted(d, d);
          t.kind = Tok::atom;
          for (std::uint32_t cp : name) utf8::put(t.text, cp);
          check_quoted_atom(t.text, at);
          return;
        }
        if (is_lower(static_cast<unsigned char>(d)) || is_upper(static_cast<unsigned char>(d)) || d == '_') {
          ++pos_;
          std::string name;
          while (!at_end() && (is_elixir_ident_char(static_cast<unsigned char>(src_[pos_])) || src_[pos_] == '@'))
            name += src_[pos_++];
          if (!at_end() && (src_[pos_] == '?' || src_[pos_] == '!')) name += src_[pos_++];
          t.kind = Tok::atom;
          t.text = std::move(name);
          check_atom(t.text, at);
          return;
        }
        fail(at, rule::termOnlyNameQuoted);
      }
      case '"':
      case '\'': {
        if (c == '"' && peek_byte(1) == '"' && peek_byte(2) == '"') fail(at, rule::termHeredocsNotSupported);
        t.chars = elixir_quoted(c, c);
        if (keyword_colon()) {
          t.kind = Tok::keyword;
          for (std::uint32_t cp : t.chars) utf8::put(t.text, cp);
          check_quoted_atom(t.text, at);
          t.chars.clear();
          return;
        }
        t.kind = c == '"' ? Tok::string : Tok::charlist;
        return;
      }
      case '~': {
        if (peek_byte(1) != 'c') fail(at, rule::termOnlyCSigil);
        pos_ += 2;
        const char open = peek_byte();
        char close = '\0';
        switch (open) {
          case '"': close = '"'; break;
          case '\'': close = '\''; break;
          case '(': close = ')'; break;
          case '[': close = ']'; break;
          case '{': close = '}'; break;
          case '<': close = '>'; break;
          case '/': close = '/'; break;
          case '|': close = '|'; break;
          default: fail(pos_, rule::termExpectedSigilDelimiter);
        }
        if (open == '"' && peek_byte(1) == '"' && peek_byte(2) == '"') fail(at, rule::termHeredocsNotSupported);
        t.chars = elixir_quoted(open, close);
        if (!at_end() &&
            (is_lower(static_cast<unsigned char>(src_[pos_])) || is_upper(static_cast<unsigned char>(src_[pos_]))))
          fail(pos_, rule::termSigilModifiersNot);
        t.kind = Tok::charlist;
        return;
      }
      case '?': {
        ++pos_;
        if (at_end()) fail(at, rule::termNeedsChar, {"?"});
        std::uint32_t cp = take_char();
        if (cp == '\\' && !at_end()) cp = char_escape(take_char());
        t.kind = Tok::integer;
        if (cp > 0) t.magnitude = {cp};
        return;
      }
      default: break;
    }
    if (is_ascii_digit(static_cast<unsigned char>(c))) {
      if (c == '0' && (peek_byte(1) == 'x' || peek_byte(1) == 'o' || peek_byte(1) == 'b')) {
        const unsigned base = peek_byte(1) == 'x' ? 16 : peek_byte(1) == 'o' ? 8 : 2;
        pos_ += 2;
        const std::string digits = read_digits(base);
        if (digits.empty()) fail(at, rule::termDigitsAfter, {"0" + std::string(1, src_[at + 1])});
        integer_token(t, digits, base, at);
        return;
      }
      const std::string digits = read_digits(10);
      decimal_number(t, digits, at);
      return;
    }
    const auto uc = static_cast<unsigned char>(c);
    if (is_lower(uc) || c == '_') {
      std::string name;
      while (!at_end() && is_elixir_ident_char(static_cast<unsigned char>(src_[pos_]))) name += src_[pos_++];
      if (!at_end() && (src_[pos_] == '?' || src_[pos_] == '!')) name += src_[pos_++];
      if (keyword_colon()) {
        t.kind = Tok::keyword;
        t.text = std::move(name);
        check_atom(t.text, at);
        return;
      }
      if (name == "true" || name == "false" || name == "nil") {
        t.kind = Tok::atom;
      } else {
        t.kind = Tok::ident;
      }
      t.text = std::move(name);
      return;
    }
    if (is_upper(uc)) {
      // An alias, Foo.Bar: the atom "Elixir.Foo.Bar".
      std::string name;
      while (true) {
        while (!at_end() && is_elixir_ident_char(static_cast<unsigned char>(src_[pos_]))) name += src_[pos_++];
        if (peek_byte() == '.' && is_upper(static_cast<unsigned char>(peek_byte(1)))) {
          name += src_[pos_++];
          continue;
        }
        break;
      }
      if (name.find('.') == std::string::npos && keyword_colon()) {
        t.kind = Tok::keyword;
        t.text = std::move(name);
        check_atom(t.text, at);
        return;
      }
      t.kind = Tok::atom;
      t.text = name == "Elixir" || name.starts_with("Elixir.") ? name : "Elixir." + name;
      check_atom(t.text, at);
      return;
    }
    if (uc >= 0x80) fail(at, rule::termUnquotedNonASCII);
    fail(at, rule::termUnexpectedCharacter);
  }

  void check_quoted_atom(const std::string& name, std::size_t at) const {
    if (name.size() > detail::kMaxElixirQuotedAtomBytes)
      fail(at, rule::termQuotedAtomBytes, {detail::kMaxElixirQuotedAtomBytes}, ErrorCode::limit_exceeded);
    check_atom(name, at);
  }

  // "key: " ends a keyword key: a colon, then a space or the end.
  bool keyword_colon() {
    if (peek_byte() == ':' && (pos_ + 1 >= src_.size() || is_space(src_[pos_ + 1]))) {
      ++pos_;
      return true;
    }
    return false;
  }

  // Elixir's one-letter escapes (\a … \v and \0), or -1 for any other character.
  static std::int32_t letter_escape(std::uint32_t c) {
    switch (c) {
      case '0': return 0;
      case 'a': return 7;
      case 'b': return 8;
      case 'd': return 127;
      case 'e': return 27;
      case 'f': return 12;
      case 'n': return 10;
      case 'r': return 13;
      case 's': return 32;
      case 't': return 9;
      case 'v': return 11;
      default: return -1;
    }
  }

  // ?\C: the character C, or what Elixir's escape table makes of it. \x and \u take no digits
  // here (?\x41 is ?x followed by 41), and ?\ at the end is the backslash itself.
  static std::uint32_t char_escape(std::uint32_t c) {
    const std::int32_t e = letter_escape(c);
    return e < 0 ? c : static_cast<std::uint32_t>(e);
  }

  std::uint32_t elixir_escape(std::size_t start, char close) {
    if (at_end()) fail(start, rule::termUnterminatedEscape);
    const std::size_t at = pos_ - 1;
    const std::uint32_t c = take_char();
    if (const std::int32_t e = letter_escape(c); e >= 0) return static_cast<std::uint32_t>(e);
    std::uint64_t v = 0;
    const auto hex = [&](std::size_t min, std::size_t max) {
      std::size_t n = 0;
      while (n < max && !at_end() && is_digit_in(src_[pos_], 16)) {
        v = v * 16 + hex_value(src_[pos_]);
        ++pos_;
        ++n;
      }
      if (n < min) fail(at, rule::termEscapeNeedsHex);
    };
    switch (c) {
      case '"': return '"';
      case '\'': return '\'';
      case '\\': return '\\';
      case '#': return '#';
      case 'x':
        hex(2, 2);
        // Elixir puts the byte itself in the text, not the character: "\xFF" is <<255>>.
        if (v >= 0x80) fail(at, rule::termHexAbove7F);
        break;
      case 'u':
        if (peek_byte() == '{') {
          ++pos_;
          hex(1, 6);
          if (peek_byte() != '}') fail(at, rule::termUnicodeBrace);
          ++pos_;
        } else {
          hex(4, 4);
        }
        break;
      default:
        if (close != '\0' && c == static_cast<unsigned char>(close)) return c;
        fail(at, rule::termUnknownEscape);
    }
    if (!is_char_value(v)) fail(at, rule::termIllegalCharacter);
    return static_cast<std::uint32_t>(v);
  }

  // Elixir's tokenizer finds the end of quoted text by grapheme clusters, and a Prepend
  // character joins whatever follows it: "\u0600" + '"' is one cluster, so that quote does not
  // close, and a backslash after one escapes nothing. Where it ends the text starting at p (the
  // closing quote's index), or npos when it never does or sees an interpolation first. Elsewhere
  // it pairs backslashes as ringlab does, and unescapes the whole text as ringlab does.
  std::size_t elixir_end(std::size_t p, char close) const {
    const auto cluster_end = [&](std::size_t q) {
      while (q < src_.size()) {
        const utf8::Decoded d = utf8::decode(src_, q);
        if (d.len == 0) return q + 1;
        q += d.len;
        if (!detail::grapheme_prepend(d.cp)) break;
      }
      return q;
    };
    while (p < src_.size()) {
      const char c = src_[p];
      if (c == close) return p;
      if (c == '#' && p + 1 < src_.size() && src_[p + 1] == '{') return std::string_view::npos;
      p = cluster_end(c == '\\' ? p + 1 : p);
    }
    return std::string_view::npos;
  }

  std::vector<std::uint32_t> elixir_quoted(char open, char close) {
    const std::size_t at = pos_;
    ++pos_;
    (void)open;
    const std::size_t elixir_close = elixir_end(pos_, close);
    std::vector<std::uint32_t> out;
    while (true) {
      if (at_end()) fail(at, rule::termUnterminatedString);
      if (src_[pos_] == close) {
        if (pos_ != elixir_close) fail(at, rule::termPrepend);
        ++pos_;
        return out;
      }
      if (src_[pos_] == '#' && peek_byte(1) == '{') fail(pos_, rule::termInterpolationNotLiteral);
      const std::size_t char_at = pos_;
      std::uint32_t cp = take_char();
      if (cp == '\\') {
        cp = elixir_escape(at, close);
      } else if (detail::elixir_bidi(cp)) {
        fail(char_at, rule::termBidiQuotes);
      }
      out.push_back(cp);
    }
  }

  // --- building -------------------------------------------------------------------------------

  std::uint64_t char_list(const std::vector<std::uint32_t>& chars) {
    std::vector<std::uint64_t> idx;
    idx.reserve(chars.size());
    for (std::uint32_t cp : chars) idx.push_back(build_.small_integer(cp));
    return build_.list(idx, build_.nil());
  }

  std::uint64_t utf8_binary(const std::vector<std::uint32_t>& chars) {
    std::string bytes;
    for (std::uint32_t cp : chars) utf8::put(bytes, cp);
    return build_.bits(bytes, 8 * static_cast<std::uint64_t>(bytes.size()));
  }

  // A signed number after '-' or '+'.
  std::uint64_t signed_number(const Token& sign) {
    Token t = next();
    const bool neg = sign.kind == Tok::minus;
    if (t.kind == Tok::integer) return build_.integer(neg, t.magnitude);
    if (t.kind == Tok::floating) return build_.floating(neg ? -t.number : t.number);
    unexpected(t, want(rule::termWantNumberAfter, {describe(sign)}));
  }

  // --- the loop -------------------------------------------------------------------------------

  void open(FrameKind kind, std::size_t at) {
    // One more open bracket than levels: the innermost may be [] or <<>>, which add none. The
    // exact depth is checked as each container closes.
    if (stack_.size() > kMaxTermDepth) fail(at, rule::termDepth, {kMaxTermDepth}, ErrorCode::limit_exceeded);
    Frame f;
    f.kind = kind;
    f.at = at;
    stack_.push_back(std::move(f));
  }

  std::uint64_t parse() {
    std::uint64_t value = kNoNode;
    while (true) {
      // A value is wanted: read one, or open a container.
      if (value == kNoNode) {
        Token t = next();
        Frame* top = stack_.empty() ? nullptr : &stack_.back();
        if (top != nullptr && top->kind == FrameKind::binary) {
          std::optional<SegmentValue> seg = segment_value(t);
          if (!seg) continue;  // a nested binary opened
          if (segment(*seg)) value = close_binaries();
          continue;
        }
        // Elixir keyword pairs, in lists and maps.
        if (t.kind == Tok::keyword) {
          if (top == nullptr || (top->kind != FrameKind::list && top->kind != FrameKind::map) || top->in_tail ||
              top->map_has_key)
            fail(t.at, rule::termKeywordPairBelongs);
          top->keywords = true;
          top->pending_key = build_.atom(t.text);
          continue;
        }
        if (top != nullptr && top->keywords && top->pending_key == kNoNode && !top->in_tail)
          fail(t.at, rule::termKeywordPairsMust);
        switch (t.kind) {
          case Tok::integer: value = build_.integer(false, t.magnitude); break;
          case Tok::floating: value = build_.floating(t.number); break;
          case Tok::atom: value = build_.atom(t.text); break;
          case Tok::minus:
          case Tok::plus: value = signed_number(t); break;
          case Tok::string:
            if (syntax_ == Syntax::elixir) {
              value = utf8_binary(t.chars);
            } else {
              // Adjacent strings are one string.
              while (peek().kind == Tok::string) {
                Token more = next();
                t.chars.insert(t.chars.end(), more.chars.begin(), more.chars.end());
              }
              value = char_list(t.chars);
            }
            break;
          case Tok::charlist: value = char_list(t.chars); break;
          case Tok::lbrace:
            open(FrameKind::tuple, t.at);
            if (peek().kind == Tok::rbrace) {
              next();
              value = close_top();
            }
            break;
          case Tok::lbracket:
            open(FrameKind::list, t.at);
            if (peek().kind == Tok::rbracket) {
              next();
              value = close_top();
            }
            break;
          case Tok::map_open:
            open(FrameKind::map, t.at);
            if (peek().kind == Tok::rbrace) {
              next();
              value = close_top();
            }
            break;
          case Tok::bin_open:
            open(FrameKind::binary, t.at);
            if (peek().kind == Tok::bin_close) {
              next();
              value = close_binaries();
            }
            break;
          case Tok::variable: fail(t.at, rule::termVariable, {shown(t.text)});
          case Tok::ident: fail(t.at, rule::termVariable, {shown(t.text)});
          case Tok::reserved: fail(t.at, rule::termReserved, {shown(t.text)});
          case Tok::lparen: fail(t.at, rule::termParenthesesNotSupported);
          default: unexpected(t, want(rule::termWantTerm));
        }
        continue;
      }

      // A value is complete: give it to the innermost open container.
      if (stack_.empty()) {
        Token t = next();
        if (syntax_ == Syntax::erlang && t.kind == Tok::dot) t = next();
        if (t.kind != Tok::end) fail(t.at, rule::termAfter, {describe(t)});
        return value;
      }
      Frame& f = stack_.back();
      switch (f.kind) {
        case FrameKind::tuple: {
          f.items.push_back(value);
          value = kNoNode;
          Token t = next();
          if (t.kind == Tok::rbrace) value = close_top();
          else if (t.kind != Tok::comma) unexpected(t, want(rule::termWantCommaOrBrace));
          break;
        }
        case FrameKind::list: {
          if (f.in_tail) {
            f.tail = value;
            value = kNoNode;
            expect(Tok::rbracket, rule::termWantListEnd);
            value = close_top();
            break;
          }
          if (f.pending_key != kNoNode) {
            const std::uint64_t pair[2] = {f.pending_key, value};
            value = build_.tuple(pair);
            f.pending_key = kNoNode;
          }
          f.items.push_back(value);
          value = kNoNode;
          Token t = next();
          if (t.kind == Tok::rbracket) {
            value = close_top();
          } else if (t.kind == Tok::bar) {
            if (f.keywords) fail(t.at, rule::termKeywordListHas);
            f.in_tail = true;
          } else if (t.kind != Tok::comma) {
            unexpected(t, want(rule::termWantListTail));
          }
          break;
        }
        case FrameKind::map: {
          if (f.pending_key != kNoNode) {
            f.items.push_back(f.pending_key);
            f.pending_key = kNoNode;
            f.items.push_back(value);
          } else if (!f.map_has_key) {
            f.items.push_back(value);
            f.map_has_key = true;
            value = kNoNode;
            Token t = next();
            if (t.kind == Tok::exact_arrow) fail(t.at, rule::termMapUpdate);
            if (t.kind != Tok::arrow) unexpected(t, want(rule::termWantArrow));
            break;
          } else {
            f.items.push_back(value);
            f.map_has_key = false;
          }
          value = kNoNode;
          Token t = next();
          if (t.kind == Tok::rbrace) value = close_top();
          else if (t.kind != Tok::comma) unexpected(t, want(rule::termWantCommaOrBrace));
          break;
        }
        case FrameKind::binary: break;  // binaries never receive a built value
      }
    }
  }

  // Closes the innermost tuple, list or map.
  std::uint64_t close_top() {
    Frame& f = stack_.back();
    std::uint64_t node = kNoNode;
    try {
      switch (f.kind) {
        case FrameKind::tuple: node = build_.tuple(f.items); break;
        case FrameKind::list: node = build_.list(f.items, f.tail == kNoNode ? build_.nil() : f.tail); break;
        case FrameKind::map: node = build_.map(f.items); break;
        case FrameKind::binary: break;
      }
    } catch (const Error& e) {
      fail(f.at, e);  // too deep: where the container opened
    }
    stack_.pop_back();
    return node;
  }

  // The innermost binary is complete: a nested one becomes its parent's segment value (and
  // the parent may complete in turn); the outermost becomes a term.
  std::uint64_t close_binaries() {
    while (true) {
      Frame done = std::move(stack_.back());
      stack_.pop_back();
      if (stack_.empty() || stack_.back().kind != FrameKind::binary)
        return build_.bits(done.bits.bytes, done.bits.bits);
      SegmentValue v;
      v.kind = SegmentValue::Kind::bits;
      v.bytes = std::move(done.bits.bytes);
      v.bit_length = done.bits.bits;
      v.at = done.at;
      if (!segment(v)) return kNoNode;
    }
  }

  // --- bit syntax -----------------------------------------------------------------------------

  // A segment's value from its first token; nothing when it opens a nested binary.
  std::optional<SegmentValue> segment_value(Token& t) {
    SegmentValue v;
    v.at = t.at;
    switch (t.kind) {
      case Tok::integer:
        v.kind = SegmentValue::Kind::integer;
        v.magnitude = std::move(t.magnitude);
        return v;
      case Tok::floating:
        v.kind = SegmentValue::Kind::floating;
        v.number = t.number;
        return v;
      case Tok::minus:
      case Tok::plus: {
        const bool neg = t.kind == Tok::minus;
        Token n = next();
        if (n.kind == Tok::integer) {
          v.kind = SegmentValue::Kind::integer;
          v.negative = neg && !n.magnitude.empty();
          v.magnitude = std::move(n.magnitude);
        } else if (n.kind == Tok::floating) {
          v.kind = SegmentValue::Kind::floating;
          v.number = neg ? -n.number : n.number;
        } else {
          unexpected(n, want(rule::termWantNumberAfter, {describe(t)}));
        }
        return v;
      }
      case Tok::string:
        v.kind = SegmentValue::Kind::string;
        v.chars = std::move(t.chars);
        if (syntax_ == Syntax::erlang) {
          while (peek().kind == Tok::string) {
            Token more = next();
            v.chars.insert(v.chars.end(), more.chars.begin(), more.chars.end());
          }
        }
        return v;
      case Tok::bin_open:
        open(FrameKind::binary, t.at);
        if (peek().kind == Tok::bin_close) {
          next();
          Frame done = std::move(stack_.back());
          stack_.pop_back();
          v.kind = SegmentValue::Kind::bits;
          v.at = done.at;
          return v;
        }
        return std::nullopt;
      case Tok::bin_close:
      case Tok::comma: unexpected(t, want(rule::termWantSegment));
      default: fail(t.at, rule::termSegmentValue, {describe(t)});
    }
  }

  // A segment's value is read: its size and type follow, then ',' or '>>'. True when the
  // binary closed.
  bool segment(SegmentValue& v) {
    SegSpec spec = syntax_ == Syntax::erlang ? erlang_spec() : elixir_spec();
    apply(v, spec, stack_.back().bits);
    Token t = next();
    if (t.kind == Tok::bin_close) return true;
    if (t.kind != Tok::comma) unexpected(t, want(rule::termWantCommaOrClose));
    return false;
  }

  std::uint64_t size_value(const Token& t) {
    if (t.kind != Tok::integer) unexpected(t, want(rule::termWantSize));
    if (t.magnitude.size() > 1 || (!t.magnitude.empty() && t.magnitude[0] > kMaxBitstringBits))
      fail(t.at, rule::bitstringBits, {kMaxBitstringBits}, ErrorCode::limit_exceeded);
    return t.magnitude.empty() ? 0 : t.magnitude[0];
  }

  template <typename T>
  void set_once(std::optional<T>& slot, T value, std::size_t at, const char* what) {
    if (slot) fail(at, rule::termSegmentOnce, {what});
    slot = value;
  }

  // A type specifier's name: true when it is one.
  bool spec_word(SegSpec& s, std::string_view w, std::size_t at) {
    if (w == "integer") set_once(s.type, SegType::integer, at, "type");
    else if (w == "float") set_once(s.type, SegType::floating, at, "type");
    else if (w == "binary" || w == "bytes") set_once(s.type, SegType::binary, at, "type");
    else if (w == "bitstring" || w == "bits") set_once(s.type, SegType::bitstring, at, "type");
    else if (w == "utf8") set_once(s.type, SegType::utf8, at, "type");
    else if (w == "utf16") set_once(s.type, SegType::utf16, at, "type");
    else if (w == "utf32") set_once(s.type, SegType::utf32, at, "type");
    else if (w == "signed") set_once(s.is_signed, true, at, "signedness");
    else if (w == "unsigned") set_once(s.is_signed, false, at, "signedness");
    else if (w == "big") set_once(s.little, false, at, "endianness");
    else if (w == "little") set_once(s.little, true, at, "endianness");
    else if (w == "native") fail(at, rule::termNativeEndiannessDepends);
    else return false;
    return true;
  }

  // Erlang: [:Size][/Type-Type-unit:N]
  SegSpec erlang_spec() {
    SegSpec s;
    if (peek().kind == Tok::colon) {
      next();
      const Token t = next();
      if (t.kind == Tok::lparen) fail(t.at, rule::termParenthesesNotSupported);
      s.size = size_value(t);
    }
    if (peek().kind == Tok::slash) {
      next();
      while (true) {
        const Token w = next();
        if (w.kind != Tok::atom) unexpected(w, want(rule::termWantType));
        if (w.text == "unit") {
          expect(Tok::colon, rule::termWantColonAfterUnit);
          const Token n = next();
          set_once(s.unit, unit_value(n), w.at, "unit");
        } else if (!spec_word(s, w.text, w.at)) {
          fail(w.at, rule::termUnknownType, {shown(w.text)});
        }
        if (peek().kind != Tok::minus) break;
        next();
      }
    }
    return s;
  }

  std::uint64_t unit_value(const Token& n) {
    if (n.kind != Tok::integer) unexpected(n, want(rule::termWantUnit));
    const std::uint64_t u = n.magnitude.empty() ? 0 : n.magnitude[0];
    if (n.magnitude.size() > 1 || u < 1 || u > 256) fail(n.at, rule::termUnitMustBe);
    return u;
  }

  // Elixir: [::modifier-modifier...], a modifier being a type, size(N), unit(N), N or N*U.
  SegSpec elixir_spec() {
    SegSpec s;
    if (peek().kind != Tok::dcolon) return s;
    next();
    while (true) {
      const Token w = next();
      if (w.kind == Tok::integer) {
        set_once(s.size, size_value(w), w.at, "size");
        if (peek().kind == Tok::star) {
          next();
          set_once(s.unit, unit_value(next()), w.at, "unit");
        }
      } else if (w.kind == Tok::ident && (w.text == "size" || w.text == "unit")) {
        expect(Tok::lparen, rule::termWantParenAfter, {w.text});
        const Token n = next();
        if (w.text == "size") set_once(s.size, size_value(n), w.at, "size");
        else set_once(s.unit, unit_value(n), w.at, "unit");
        expect(Tok::rparen, rule::termWantCloseParen);
      } else if (w.kind == Tok::ident) {
        if (!spec_word(s, w.text, w.at)) fail(w.at, rule::termUnknownModifier, {shown(w.text)});
      } else {
        unexpected(w, want(rule::termWantModifier));
      }
      if (peek().kind != Tok::minus) break;
      next();
    }
    return s;
  }

  void room(const BitWriter& out, std::uint64_t more, std::size_t at) const {
    if (more > kMaxBitstringBits || out.bits + more > kMaxBitstringBits)
      fail(at, rule::bitstringBits, {kMaxBitstringBits}, ErrorCode::limit_exceeded);
  }

  void put_integer(BitWriter& out, bool negative, std::span<const std::uint64_t> mag, std::uint64_t size, bool little,
                   std::size_t at) {
    if (little && size % 8 != 0) fail(at, rule::termLittleEndianInteger);
    room(out, size, at);
    // Two's complement: a negative value's bits are those of ~(|v| - 1), ones above them.
    std::vector<std::uint64_t> m(mag.begin(), mag.end());
    if (negative) {
      for (std::uint64_t& limb : m) {
        if (limb-- != 0) break;
      }
      while (!m.empty() && m.back() == 0) m.pop_back();
    }
    const std::uint64_t significant = std::min(size, detail::magnitude_bits(m));
    BitWriter be;
    BitWriter& w = little ? be : out;
    w.put_fill(negative, size - significant);
    for (std::uint64_t i = significant; i-- > 0;) {
      const bool bit = ((m[static_cast<std::size_t>(i / 64)] >> (i % 64)) & 1) != 0;
      w.put_bit(bit != negative);
    }
    if (little) {
      std::reverse(be.bytes.begin(), be.bytes.end());
      out.put_bytes(be.bytes);
    }
  }

  void put_char(BitWriter& out, SegType type, std::uint64_t cp, bool little, std::size_t at) {
    if (!is_char_value(cp)) fail(at, rule::termNotUnicodeCharacter);
    const auto c = static_cast<std::uint32_t>(cp);
    room(out, 32, at);
    if (type == SegType::utf8) {
      std::string s;
      utf8::put(s, c);
      out.put_bytes(s);
      return;
    }
    std::vector<std::uint32_t> units;  // 16- or 32-bit units
    if (type == SegType::utf32) {
      units.push_back(c);
    } else if (c < 0x10000) {
      units.push_back(c);
    } else {
      units.push_back(0xD800 + ((c - 0x10000) >> 10));
      units.push_back(0xDC00 + ((c - 0x10000) & 0x3FF));
    }
    const unsigned width = type == SegType::utf32 ? 32 : 16;
    for (std::uint32_t u : units) {
      if (little) {
        for (unsigned b = 0; b < width; b += 8) out.put_uint((u >> b) & 0xFF, 8);
      } else {
        out.put_uint(u, width);
      }
    }
  }

  void apply(const SegmentValue& v, const SegSpec& s, BitWriter& out) {
    using K = SegmentValue::Kind;
    const std::size_t at = v.at;
    SegType type = SegType::integer;
    if (s.type) {
      type = *s.type;
    } else if (syntax_ == Syntax::elixir) {
      if (v.kind == K::string) type = SegType::binary;
      else if (v.kind == K::floating) fail(at, rule::termFloatNeedsFloat);
      else if (v.kind == K::bits) fail(at, rule::termNestedBitstringNeeds);
    }
    const bool little = s.little.value_or(false);
    const bool utf = type == SegType::utf8 || type == SegType::utf16 || type == SegType::utf32;
    if (utf && (s.size || s.unit)) fail(at, rule::termUtfSegmentHas);
    if (s.unit && !s.size) fail(at, rule::termUnitNeedsSize);
    if (s.unit && type == SegType::bitstring) fail(at, rule::termBitstringSegmentHas);
    if (syntax_ == Syntax::elixir && s.is_signed && type != SegType::integer && type != SegType::floating)
      fail(at, rule::termSignedUnsignedFor);

    // Strings: Erlang writes each character as a segment of this type; Elixir writes the
    // string's UTF-8 bytes, or each character with a utf type.
    if (v.kind == K::string) {
      if (utf) {
        for (std::uint32_t cp : v.chars) put_char(out, type, cp, little, at);
        return;
      }
      if (syntax_ == Syntax::elixir) {
        if (type != SegType::binary && type != SegType::bitstring) fail(at, rule::termStringSegmentBinary);
        if (s.size || s.unit) fail(at, rule::termStringSegmentTakes);
        SegmentValue bytes;
        bytes.kind = K::bits;
        for (std::uint32_t cp : v.chars) utf8::put(bytes.bytes, cp);
        bytes.bit_length = 8 * static_cast<std::uint64_t>(bytes.bytes.size());
        bytes.at = at;
        // The bytes as a segment of the type found above (binary when none was written).
        SegSpec typed = s;
        typed.type = type;
        apply(bytes, typed, out);
        return;
      }
      if (type != SegType::integer) fail(at, rule::termStringChars);
      const std::uint64_t size = s.size.value_or(8) * s.unit.value_or(1);
      for (std::uint32_t cp : v.chars) {
        const std::uint64_t m = cp;
        put_integer(out, false, std::span<const std::uint64_t>(&m, cp == 0 ? 0 : 1), size, little, at);
      }
      return;
    }

    switch (type) {
      case SegType::integer: {
        if (v.kind != K::integer) fail(at, rule::termIntegerSegmentNeeds);
        const std::uint64_t size = s.size.value_or(8) * s.unit.value_or(1);
        put_integer(out, v.negative, v.magnitude, size, little, at);
        return;
      }
      case SegType::floating: {
        const std::uint64_t size = s.size.value_or(64) * s.unit.value_or(1);
        double d = 0;
        if (v.kind == K::floating) {
          d = v.number;
        } else if (v.kind == K::integer) {
          // Integers up to OTP's small-integer range convert exactly as C does.
          if (v.magnitude.size() > 1 || (!v.magnitude.empty() && v.magnitude[0] >= (std::uint64_t{1} << 59)))
            fail(at, rule::termIntegerTooLarge);
          const auto m = static_cast<double>(static_cast<std::int64_t>(v.magnitude.empty() ? 0 : v.magnitude[0]));
          d = v.negative ? -m : m;
        } else {
          fail(at, rule::termFloatNeedsNumber);
        }
        std::uint64_t bits = 0;
        if (size == 64) {
          bits = detail::bits_of<std::uint64_t>(d);
        } else if (size == 32) {
          bits = detail::bits_of<std::uint32_t>(static_cast<float>(d));
        } else if (size == 16) {
          fail(at, rule::termFloat16);
        } else {
          fail(at, rule::termFloatSize);
        }
        room(out, size, at);
        for (unsigned i = 0; i < size; i += 8) {
          const unsigned shift = little ? i : static_cast<unsigned>(size) - 8 - i;
          out.put_uint((bits >> shift) & 0xFF, 8);
        }
        return;
      }
      case SegType::binary:
      case SegType::bitstring: {
        if (v.kind != K::bits) fail(at, rule::termBinaryNeedsBits);
        std::uint64_t n = v.bit_length;
        if (s.size) {
          n = *s.size * s.unit.value_or(type == SegType::binary ? 8 : 1);
          if (n > v.bit_length) fail(at, rule::termSegmentSize);
        } else if (type == SegType::binary && v.bit_length % 8 != 0) {
          fail(at, rule::termBinaryWholeBytes);
        }
        room(out, n, at);
        out.put_bits(v.bytes, n);
        return;
      }
      case SegType::utf8:
      case SegType::utf16:
      case SegType::utf32:
        if (v.kind != K::integer || v.negative || v.magnitude.size() > 1) fail(at, rule::termNotUnicodeCharacter);
        put_char(out, type, v.magnitude.empty() ? 0 : v.magnitude[0], little, at);
        return;
    }
  }

  std::string_view src_;
  Syntax syntax_;
  std::size_t pos_ = 0;
  bool peeked_ = false;
  Token ahead_;
  std::shared_ptr<Arena> arena_;
  Builder build_;
  std::vector<Frame> stack_;
};

}  // namespace

std::string_view syntax_name(Syntax syntax) noexcept { return syntax == Syntax::erlang ? "Erlang" : "Elixir"; }

Term parse_term(std::string_view text, Syntax syntax) { return Parser(text, syntax).run(); }

}  // namespace ringlab::erlang
