// Writing terms as Erlang or Elixir text that reads back to the same term.
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "arena.hpp"
#include "core/utf8.hpp"
#include "ringlab/erlang.hpp"

namespace ringlab::erlang {
namespace {

using detail::Arena;
using detail::Node;

constexpr std::string_view kHex = "0123456789ABCDEF";

// ---------------------------------------------------------------------------------------------
// Floats: the shortest digits that read back, placed as erl places them. Below 2^53 the
// shorter of plain (120.0, 0.001) and scientific (1.5e3, 1.0e-5) form wins, plain on a tie;
// from 2^53 up always scientific.

std::string format_float(double v) {
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  const double a = std::fabs(v);
  char buf[64];
  int prec = 0;
  for (; prec < 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*e", prec, a);
    if (std::strtod(buf, nullptr) == a) break;
  }
  // buf is d[.ddd]e±XX
  std::string digits;
  const char* p = buf;
  for (; *p != 'e'; ++p)
    if (*p != '.') digits += *p;
  const int exp10 = std::atoi(p + 1);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int len = static_cast<int>(digits.size());
  const int place = exp10 - (len - 1);  // value = digits x 10^place
  const std::string exp_text = std::to_string(exp10);
  // d.ddde-X: the first digit, a point, the rest (or 0), e, the exponent.
  const std::string scientific =
      digits.substr(0, 1) + "." + (len == 1 ? std::string("0") : digits.substr(1)) + "e" + exp_text;
  std::string out;
  if (place < 0 && exp10 >= 0) {
    // The point falls inside the digits: 123.456.
    out = digits.substr(0, static_cast<std::size_t>(len + place)) + "." +
          digits.substr(static_cast<std::size_t>(len + place));
  } else if (place < 0) {
    // 0.000ddd, when no longer than the scientific form.
    const std::string plain = "0." + std::string(static_cast<std::size_t>(-place - len), '0') + digits;
    out = plain.size() <= scientific.size() ? plain : scientific;
  } else {
    // ddd000.0, when no longer and below 2^53 (beyond, erl shows that ulps exceed 1).
    const std::string plain = digits + std::string(static_cast<std::size_t>(place), '0') + ".0";
    out = plain.size() <= scientific.size() && a < 9007199254740992.0 ? plain : scientific;
  }
  return v < 0 ? "-" + out : out;
}

// ---------------------------------------------------------------------------------------------
// Characters

std::vector<std::uint32_t> decode_utf8(std::string_view s, bool& ok) {
  std::vector<std::uint32_t> out;
  ok = true;
  for (std::size_t i = 0; i < s.size();) {
    const utf8::Decoded d = utf8::decode(s, i);
    if (d.len == 0 || utf8::is_surrogate(d.cp)) {
      ok = false;
      return out;
    }
    out.push_back(d.cp);
    i += d.len;
  }
  return out;
}

// Characters shown as themselves in a string (\t, \n and \r as escapes).
bool printable(std::uint64_t cp) {
  return (cp >= 32 && cp <= 126) || cp == '\t' || cp == '\n' || cp == '\r' ||
         (cp >= 0xA0 && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF));
}

std::string hex(std::uint32_t v) {
  std::string s;
  do {
    s.insert(s.begin(), kHex[v & 15]);
    v >>= 4;
  } while (v != 0);
  return s;
}

// Quoted text: the quote and backslash escaped, control characters as escapes that both
// syntaxes read (Erlang \x{H}, Elixir \u{H}). In Elixir also the characters it will not take
// as themselves inside quotes (bidirectional formatting, and Prepend characters, which join the
// character after them).
void quote(std::string& out, const std::vector<std::uint32_t>& chars, char q, Syntax syntax) {
  out += q;
  for (std::size_t i = 0; i < chars.size(); ++i) {
    const std::uint32_t c = chars[i];
    if (c == static_cast<unsigned char>(q) || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (syntax == Syntax::elixir && c == '#' && i + 1 < chars.size() && chars[i + 1] == '{') {
      out += "\\#";
    } else if (c < 32 || (c >= 127 && c < 0xA0) ||
               (syntax == Syntax::elixir && (detail::elixir_bidi(c) || detail::grapheme_prepend(c)))) {
      out += syntax == Syntax::erlang ? "\\x{" : "\\u{";
      out += hex(c);
      out += '}';
    } else {
      utf8::put(out, c);
    }
  }
  out += q;
}

bool erlang_atom_start(std::uint32_t c) { return (c >= 'a' && c <= 'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7); }
bool erlang_atom_char(std::uint32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '@' ||
         (c >= 0xC0 && c <= 0xFF && c != 0xD7 && c != 0xF7);
}

constexpr std::string_view kReserved[] = {"after",  "and",     "andalso", "band", "begin", "bnot", "bor",
                                          "bsl",    "bsr",     "bxor",    "case", "catch", "cond", "div",
                                          "end",    "fun",     "if",      "let",  "not",   "of",   "or",
                                          "orelse", "receive", "rem",     "try",  "when",  "xor"};

void erlang_atom(std::string& out, std::string_view name) {
  bool ok = true;
  const std::vector<std::uint32_t> chars = decode_utf8(name, ok);
  bool bare = !chars.empty() && erlang_atom_start(chars[0]);
  for (std::uint32_t c : chars) bare = bare && erlang_atom_char(c);
  for (std::string_view r : kReserved) bare = bare && name != r;
  if (bare) out += name;
  else quote(out, chars, '\'', Syntax::erlang);
}

bool alias_segment(std::string_view s) {
  if (s.empty() || !(s[0] >= 'A' && s[0] <= 'Z')) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

void elixir_atom(std::string& out, std::string_view name) {
  if (name == "true" || name == "false" || name == "nil") {
    out += name;
    return;
  }
  if (name.starts_with("Elixir.")) {
    std::string_view rest = name.substr(7);
    bool alias = true;
    for (std::size_t start = 0;;) {
      const std::size_t dot = rest.find('.', start);
      alias = alias && alias_segment(rest.substr(start, dot == std::string_view::npos ? dot : dot - start));
      if (dot == std::string_view::npos) break;
      start = dot + 1;
    }
    if (alias) {
      out += rest;
      return;
    }
  }
  bool bare =
      !name.empty() && ((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z') || name[0] == '_');
  for (std::size_t i = 0; i < name.size() && bare; ++i) {
    const char c = name[i];
    const bool ident =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '@';
    const bool last_mark = i + 1 == name.size() && i > 0 && (c == '?' || c == '!');
    bare = ident || last_mark;
  }
  out += ':';
  if (bare) {
    out += name;
  } else {
    bool ok = true;
    quote(out, decode_utf8(name, ok), '"', Syntax::elixir);
  }
}

void bitstring(std::string& out, std::string_view bytes, std::uint64_t bits, Syntax syntax) {
  const bool whole = bits % 8 == 0;
  if (whole) {
    bool ok = true;
    const std::vector<std::uint32_t> chars = decode_utf8(bytes, ok);
    bool show = ok && (syntax == Syntax::elixir || !bytes.empty());
    bool ascii = true;
    for (std::uint32_t c : chars) {
      show = show && printable(c);
      ascii = ascii && c < 0x80;
    }
    if (show) {
      if (syntax == Syntax::elixir) {
        quote(out, chars, '"', syntax);
      } else {
        out += "<<";
        quote(out, chars, '"', syntax);
        if (!ascii) out += "/utf8";
        out += ">>";
      }
      return;
    }
  }
  const std::string_view sep = syntax == Syntax::erlang ? "," : ", ";
  out += "<<";
  const auto full = static_cast<std::size_t>(bits / 8);
  for (std::size_t i = 0; i < full; ++i) {
    if (i > 0) out += sep;
    out += std::to_string(static_cast<unsigned char>(bytes[i]));
  }
  if (!whole) {
    if (full > 0) out += sep;
    const unsigned rest = static_cast<unsigned>(bits % 8);
    out += std::to_string(static_cast<unsigned char>(bytes[full]) >> (8 - rest));
    out += syntax == Syntax::erlang ? ":" : "::size(";
    out += std::to_string(rest);
    if (syntax == Syntax::elixir) out += ')';
  }
  out += ">>";
}

// A proper list of printable characters, as its characters; otherwise nothing.
bool char_list(const Arena& arena, std::uint64_t node, std::vector<std::uint32_t>& chars) {
  detail::ListCursor c(arena, node);
  while (!c.at_tail()) {
    const Node& e = arena.at(c.next());
    if (e.kind != TermKind::integer || e.negative || e.b > 1) return false;
    const std::uint64_t v = e.b == 0 ? 0 : arena.word(e.a);
    if (!printable(v)) return false;
    chars.push_back(static_cast<std::uint32_t>(v));
  }
  return arena.at(c.tail).kind == TermKind::nil;
}

std::string format(const Arena& arena, std::uint64_t root, Syntax syntax) {
  const bool erl = syntax == Syntax::erlang;
  const std::string_view sep = erl ? "," : ", ";
  struct Op {
    std::uint64_t node;     // kNoNode: write text
    std::string_view text;  // static text
  };
  std::string out;
  std::vector<Op> stack{{root, {}}};
  std::vector<std::uint64_t> children;
  while (!stack.empty()) {
    const Op op = stack.back();
    stack.pop_back();
    if (op.node == detail::kNoNode) {
      out += op.text;
      continue;
    }
    const Node& n = arena.at(op.node);
    switch (n.kind) {
      case TermKind::integer:
        if (n.negative) out += '-';
        out += detail::magnitude_to_decimal(
            std::span<const std::uint64_t>(arena.words.data() + n.a, static_cast<std::size_t>(n.b)));
        break;
      case TermKind::floating: out += format_float(detail::bits_of<double>(n.a)); break;
      case TermKind::atom:
        if (erl) erlang_atom(out, arena.text(n.a, n.b));
        else elixir_atom(out, arena.text(n.a, n.b));
        break;
      case TermKind::bitstring: bitstring(out, arena.text(n.a, (n.b + 7) / 8), n.b, syntax); break;
      case TermKind::nil: out += "[]"; break;
      case TermKind::tuple:
        out += '{';
        stack.push_back({detail::kNoNode, "}"});
        for (std::uint64_t i = n.b; i-- > 0;) {
          stack.push_back({arena.word(n.a + i), {}});
          if (i > 0) stack.push_back({detail::kNoNode, sep});
        }
        break;
      case TermKind::map:
        out += erl ? "#{" : "%{";
        stack.push_back({detail::kNoNode, "}"});
        for (std::uint64_t i = n.b; i-- > 0;) {
          stack.push_back({arena.word(n.a + 2 * i + 1), {}});
          stack.push_back({detail::kNoNode, " => "});
          stack.push_back({arena.word(n.a + 2 * i), {}});
          if (i > 0) stack.push_back({detail::kNoNode, sep});
        }
        break;
      case TermKind::list: {
        std::vector<std::uint32_t> chars;
        if (char_list(arena, op.node, chars)) {
          if (!erl) out += "~c";
          quote(out, chars, '"', syntax);
          break;
        }
        children.clear();
        detail::ListCursor c(arena, op.node);
        while (!c.at_tail()) children.push_back(c.next());
        out += '[';
        stack.push_back({detail::kNoNode, "]"});
        if (arena.at(c.tail).kind != TermKind::nil) {
          stack.push_back({c.tail, {}});
          stack.push_back({detail::kNoNode, erl ? "|" : " | "});
        }
        for (std::size_t i = children.size(); i-- > 0;) {
          stack.push_back({children[i], {}});
          if (i > 0) stack.push_back({detail::kNoNode, sep});
        }
        break;
      }
    }
  }
  return out;
}

}  // namespace

std::string format_term(const Term& term, Syntax syntax) { return format(term.arena(), term.index(), syntax); }

}  // namespace ringlab::erlang
