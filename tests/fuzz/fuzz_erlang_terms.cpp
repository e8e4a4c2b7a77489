// Erlang term text and phash2 together. The first byte picks the syntax (even: Erlang, odd:
// Elixir), the rest is the text. Text that does not read must fail with a named error whose
// message gives a column; text that reads must:
//   - hash as a plain recursive model of make_hash2 written here from OTP's description (the
//     library walks terms with a stack of its own), with phash2/1 and phash2/2 derived from it;
//   - be written back in both syntaxes as text that reads back =:= to it, hashes the same and is
//     written the same again;
//   - be rebuilt from its parts (Term::tuple of elements(), ...) into an equal term;
//   - route to itself on a Malachi ring where it sits at its own position.
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_common.hpp"
#include "ringlab/erlang.hpp"
#include "ringlab/error.hpp"
#include "ringlab/malachi.hpp"

namespace {

using ringlab::erlang::Syntax;
using ringlab::erlang::Term;
using ringlab::erlang::TermKind;

// --- the model ----------------------------------------------------------------------------------

constexpr std::uint32_t H = 0x9e3779b9u;

// clang-format off
void mix(std::uint32_t& a, std::uint32_t& b, std::uint32_t& c) {
  a -= b; a -= c; a ^= c >> 13;
  b -= c; b -= a; b ^= a << 8;
  c -= a; c -= b; c ^= b >> 13;
  a -= b; a -= c; a ^= c >> 12;
  b -= c; b -= a; b ^= a << 16;
  c -= a; c -= b; c ^= b >> 5;
  a -= b; a -= c; a ^= c >> 3;
  b -= c; b -= a; b ^= a << 10;
  c -= a; c -= b; c ^= b >> 15;
}
// clang-format on

void two(std::uint32_t& h, std::uint32_t x, std::uint32_t y, std::uint32_t k) {
  std::uint32_t a = k + x, b = k + y;
  mix(a, b, h);
}

std::uint32_t pjw(std::string_view name) {
  std::uint32_t h = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    auto v = static_cast<unsigned char>(name[i]);
    const bool latin1 =
        i + 1 < name.size() && (v == 0xC2 || v == 0xC3) && (static_cast<unsigned char>(name[i + 1]) & 0xC0) == 0x80;
    if (latin1) v = static_cast<unsigned char>(((v & 3) << 6) | (static_cast<unsigned char>(name[++i]) & 0x3F));
    h = (h << 4) + v;
    if (const std::uint32_t g = h & 0xF0000000u) h ^= (g >> 24) ^ g;
  }
  return h;
}

std::uint32_t block(std::string_view s, std::uint32_t c) {
  std::uint32_t a = H, b = H;
  std::size_t i = 0;
  const auto byte = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(s[k])); };
  for (; s.size() - i >= 12; i += 12) {
    a += byte(i) | byte(i + 1) << 8 | byte(i + 2) << 16 | byte(i + 3) << 24;
    b += byte(i + 4) | byte(i + 5) << 8 | byte(i + 6) << 16 | byte(i + 7) << 24;
    c += byte(i + 8) | byte(i + 9) << 8 | byte(i + 10) << 16 | byte(i + 11) << 24;
    mix(a, b, c);
  }
  c += static_cast<std::uint32_t>(s.size());
  const std::size_t rest = s.size() - i;
  for (std::size_t k = 0; k < rest; ++k) {
    const std::uint32_t v = byte(i + k);
    if (k < 4) a += v << (8 * k);
    else if (k < 8) b += v << (8 * (k - 4));
    else c += v << (8 * (k - 8 + 1));
  }
  mix(a, b, c);
  return c;
}

bool is_byte(const Term& t) {
  const auto v = t.to_int64();
  return t.kind() == TermKind::integer && v && *v >= 0 && *v < 256;
}

// make_hash2, recursively, with h the hash so far.
void model(const Term& t, std::uint32_t& h) {
  switch (t.kind()) {
    case TermKind::integer: {
      const auto v = t.to_int64();
      if (v && *v >= -(1 << 27) && *v < (1 << 27)) {
        const auto y = static_cast<std::int32_t>(*v);
        if (y < 0) two(h, static_cast<std::uint32_t>(-y), 0, H);
        two(h, static_cast<std::uint32_t>(y), 0, H);
      } else {
        for (std::uint64_t d : t.magnitude())
          two(h, static_cast<std::uint32_t>(d), static_cast<std::uint32_t>(d >> 32), t.negative() ? H * 10 : H * 11);
      }
      return;
    }
    case TermKind::floating: {
      const double d = t.to_double() == 0 ? 0.0 : t.to_double();
      const auto bits = std::bit_cast<std::uint64_t>(d);
      two(h, static_cast<std::uint32_t>(bits >> 32), static_cast<std::uint32_t>(bits), H * 12);
      return;
    }
    case TermKind::atom:
      if (h == 0) h = pjw(t.atom_name());
      else two(h, pjw(t.atom_name()), 0, H * 3);
      return;
    case TermKind::nil:
      if (h == 0) h = 3468870702u;
      else two(h, 2, 0, H * 2);
      return;
    case TermKind::bitstring: {
      const std::uint64_t bits = t.bit_size();
      const std::string_view bytes = t.bytes();
      if (bits == 0) {
        h = H * 13 + h;
        return;
      }
      h = block(bytes.substr(0, bits / 8), H * 13 + h);
      if (bits % 8 != 0) {
        const auto r = static_cast<std::uint32_t>(bits % 8);
        two(h, r, static_cast<unsigned char>(bytes[bits / 8]) >> (8 - r), H * 15);
      }
      return;
    }
    case TermKind::tuple:
      two(h, static_cast<std::uint32_t>(t.size()), 0, H * 9);
      for (const Term& e : t.elements()) model(e, h);
      return;
    case TermKind::map: {
      two(h, static_cast<std::uint32_t>(t.size()), 0, H * 16);
      if (t.size() == 0) return;
      std::uint32_t pairs = 0;
      for (const auto& [k, v] : t.pairs()) {
        std::uint32_t p = 0;
        model(k, p);
        model(v, p);
        pairs ^= p;
      }
      two(h, pairs, 0, H * 19);
      return;
    }
    case TermKind::list: {
      std::uint32_t run = 0, n = 0;
      for (const Term& e : t.elements()) {
        if (is_byte(e)) {
          run = (run << 8) + static_cast<std::uint32_t>(*e.to_int64());
          if (++n == 4) {
            two(h, run, 0, H * 4);
            run = n = 0;
          }
          continue;
        }
        if (n > 0) two(h, run, 0, H * 4);
        run = n = 0;
        model(e, h);
      }
      if (n > 0) two(h, run, 0, H * 4);
      model(t.tail(), h);
      return;
    }
  }
}

// A term rebuilt from its parts, one level.
Term rebuilt(const Term& t) {
  switch (t.kind()) {
    case TermKind::integer: return Term::integer(t.negative(), t.magnitude());
    case TermKind::floating: return Term::floating(t.to_double());
    case TermKind::atom: return Term::atom(t.atom_name());
    case TermKind::bitstring: return Term::bitstring(t.bytes(), t.bit_size());
    case TermKind::nil: return Term::nil();
    case TermKind::tuple: return Term::tuple(t.elements());
    case TermKind::list: return Term::list(t.elements(), t.tail());
    case TermKind::map: return Term::map(t.pairs());
  }
  return t;
}

// f(x) for the term and every term inside it.
template <typename F>
void each_subterm(const Term& t, F f) {
  std::vector<Term> todo{t};
  while (!todo.empty()) {
    const Term x = todo.back();
    todo.pop_back();
    f(x);
    if (x.kind() == TermKind::tuple || x.kind() == TermKind::list) {
      for (const Term& e : x.elements()) todo.push_back(e);
      if (x.kind() == TermKind::list) todo.push_back(x.tail());
    } else if (x.kind() == TermKind::map) {
      for (const auto& kv : x.pairs()) todo.insert(todo.end(), {kv.first, kv.second});
    }
  }
}

// Whether the term holds an atom of more than 255 bytes of UTF-8: Elixir has no text for it
// (its tokenizer refuses such a quoted atom, and so does ringlab's Elixir reader).
bool has_long_atom(const Term& t) {
  bool found = false;
  each_subterm(t, [&](const Term& x) { found = found || (x.kind() == TermKind::atom && x.atom_name().size() > 255); });
  return found;
}

// The bytes of the term's bitstrings, all together.
std::size_t bitstring_bytes(const Term& t) {
  std::size_t bytes = 0;
  each_subterm(t, [&](const Term& x) { bytes += x.kind() == TermKind::bitstring ? x.bytes().size() : 0; });
  return bytes;
}

// A few bytes of text can ask for 16 MiB of bitstring (<<1:N>>). Above 256 KiB of bitstrings the
// term is hashed and held to the model, but not written as text and read back in both syntaxes
// nor hashed again per range: under the sanitizers that took 49 s for <<1:75230343>> (9.4 MB),
// past libFuzzer's 10 s an input (256 KiB take 1.5 s). The parser's and the hash's handling of
// the size itself is still fuzzed; what the skipped checks test does not depend on it.
constexpr std::size_t kBigBitstringBytes = std::size_t{1} << 18;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Syntax syntax = data[0] % 2 == 0 ? Syntax::erlang : Syntax::elixir;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  Term t;
  try {
    t = ringlab::erlang::parse_term(text, syntax);
  } catch (const ringlab::Error& e) {
    const std::string m = e.what();
    CHECK_MSG(e.code() == ringlab::ErrorCode::invalid_argument || e.code() == ringlab::ErrorCode::limit_exceeded, m);
    CHECK_MSG(m.starts_with("invalid " + std::string(ringlab::erlang::syntax_name(syntax)) + " term: "), m);
    CHECK_MSG(m.find(" at column ") != std::string::npos || m.find(" at line ") != std::string::npos, m);
    return 0;
  }

  const std::uint32_t h = ringlab::erlang::phash2_full(t);
  std::uint32_t expected = 0;
  model(t, expected);
  CHECK_MSG(h == expected, text + " -> " + std::to_string(h) + ", model " + std::to_string(expected));
  CHECK_MSG(ringlab::erlang::phash2(t) == (h & ((1u << 27) - 1)), text);
  if (bitstring_bytes(t) > kBigBitstringBytes) return 0;
  for (std::uint64_t r : {1ull, 2ull, 3ull, 1000ull, 65536ull, 4294967295ull, 4294967296ull})
    CHECK_MSG(ringlab::erlang::phash2(t, r) == h % r, text);
  if (t.is_binary()) CHECK_MSG(ringlab::erlang::phash2_binary(t.bytes()) == h, text);

  CHECK_MSG(t == t && (t <=> t) == 0, text);
  const Term again = rebuilt(t);
  CHECK_MSG(again == t && ringlab::erlang::phash2_full(again) == h, text);

  for (Syntax s : {Syntax::erlang, Syntax::elixir}) {
    const std::string written = ringlab::erlang::format_term(t, s);
    Term back;
    try {
      back = ringlab::erlang::parse_term(written, s);
    } catch (const ringlab::Error& e) {
      // The one refusal expected: a long atom in Elixir text, as limit_exceeded.
      if (s == Syntax::elixir && e.code() == ringlab::ErrorCode::limit_exceeded && has_long_atom(t)) continue;
      fuzz::fail(__FILE__, __LINE__, "written text reads back", text + " -> " + written + ": " + e.what());
    }
    CHECK_MSG(back == t, text + " -> " + written);
    CHECK_MSG(ringlab::erlang::phash2_full(back) == h, written);
    CHECK_MSG(ringlab::erlang::format_term(back, s) == written, written);
  }

  ringlab::MalachiRing ring(1 + static_cast<std::int64_t>(h % 32));
  ring.add_vnode(t, ring.position(t));
  CHECK_MSG(ring.route(t) == t, text);
  CHECK_MSG(ring.vnode_ids().front() == t, text);
  return 0;
}
