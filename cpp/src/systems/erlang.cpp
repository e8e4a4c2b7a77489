#include "ringlab/systems/erlang.hpp"

#include <algorithm>
#include <vector>

#include "core/utf8.hpp"
#include "ringlab/error.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"

namespace ringlab::systems {

ErlangKeyTerm erlang_key_term_from_name(std::string_view name) {
  if (name == "binary") return ErlangKeyTerm::binary;
  if (name == "charlist") return ErlangKeyTerm::charlist;
  if (name == "atom") return ErlangKeyTerm::atom;
  if (name == "integer") return ErlangKeyTerm::integer;
  throw Error(ErrorCode::invalid_argument, rule::oneOf, "term", {"binary", "charlist", "atom", "integer", input(name)});
}

namespace {

// The code points of UTF-8 text; surrogates are not characters (unicode:characters_to_list
// refuses them too).
std::vector<std::uint32_t> code_points(std::string_view key, const std::string& what) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < key.size();) {
    const utf8::Decoded d = utf8::decode(key, i);
    if (d.len == 0 || utf8::is_surrogate(d.cp)) throw Error(ErrorCode::invalid_argument, rule::notUtf8, what);
    out.push_back(d.cp);
    i += d.len;
  }
  return out;
}

// [+-]digits as sign and 64-bit limbs, least significant first (list_to_integer's text).
erlang::Term integer_term(std::string_view key, const std::string& what) {
  std::size_t at = 0;
  const bool negative = !key.empty() && key[0] == '-';
  if (!key.empty() && (key[0] == '-' || key[0] == '+')) at = 1;
  bool ok = at < key.size();
  for (std::size_t i = at; i < key.size(); ++i) ok = ok && key[i] >= '0' && key[i] <= '9';
  if (!ok) throw Error(ErrorCode::invalid_argument, rule::decimalInteger, what, {input(key)});
  // The term library refuses integers past its bit limit; digits beyond that many cannot fit.
  constexpr std::size_t kMaxDigits = static_cast<std::size_t>(param(SystemParam::integer_bits).hi) / 3 + 2;
  std::size_t first = at;
  while (first + 1 < key.size() && key[first] == '0') ++first;
  if (key.size() - first > kMaxDigits)
    throw Error(ErrorCode::limit_exceeded, rule::integerTooWide, what, {param(SystemParam::integer_bits).hi});
  // Base 10^9 digits into base 2^32 limbs, then pairs of those into 64-bit limbs.
  std::vector<std::uint32_t> limbs32;
  for (std::size_t i = first; i < key.size();) {
    const std::size_t take = std::min<std::size_t>(9, key.size() - i);
    std::uint32_t chunk = 0, scale = 1;
    for (std::size_t k = 0; k < take; ++k, ++i)
      chunk = chunk * 10 + static_cast<std::uint32_t>(key[i] - '0'), scale *= 10;
    std::uint64_t carry = chunk;
    for (std::uint32_t& l : limbs32) {
      const std::uint64_t v = static_cast<std::uint64_t>(l) * scale + carry;
      l = static_cast<std::uint32_t>(v);
      carry = v >> 32;
    }
    if (carry != 0) limbs32.push_back(static_cast<std::uint32_t>(carry));
  }
  std::vector<std::uint64_t> limbs;
  for (std::size_t i = 0; i < limbs32.size(); i += 2)
    limbs.push_back(limbs32[i] | (i + 1 < limbs32.size() ? static_cast<std::uint64_t>(limbs32[i + 1]) << 32 : 0));
  try {
    return erlang::Term::integer(negative, limbs);
  } catch (const Error& e) {
    throw Error(rule::labeled, what, {}, e);
  }
}

}  // namespace

erlang::Term erlang_key_term(std::string_view key, ErlangKeyTerm kind, const std::string& what) {
  switch (kind) {
    case ErlangKeyTerm::binary: return erlang::Term::binary(key);
    case ErlangKeyTerm::charlist: return erlang::Term::char_list(code_points(key, what));
    case ErlangKeyTerm::atom:
      code_points(key, what);  // the message names the key
      try {
        return erlang::Term::atom(key);
      } catch (const Error& e) {
        throw Error(rule::labeled, what, {}, e);
      }
    case ErlangKeyTerm::integer: return integer_term(key, what);
  }
  return erlang::Term();
}

std::optional<std::uint32_t> erlang_place_if(std::string_view key, ErlangKeyTerm kind,
                                             std::optional<std::uint64_t> range) noexcept {
  if (kind != ErlangKeyTerm::binary) return std::nullopt;
  const std::uint32_t full = erlang::phash2_binary(key);
  if (!range) return full & 0x7FFFFFFu;
  return static_cast<std::uint32_t>(full % *range);
}

std::uint32_t erlang_place(std::string_view key, ErlangKeyTerm kind, std::optional<std::uint64_t> range,
                           const std::string& what) {
  if (range) check_integer(SystemParam::phash2_range, static_cast<std::int64_t>(*range));
  // A binary is hashed straight from the bytes (the hot path); the rest through the term.
  const std::uint32_t full = kind == ErlangKeyTerm::binary ? erlang::phash2_binary(key)
                                                           : erlang::phash2_full(erlang_key_term(key, kind, what));
  if (!range) return full & 0x7FFFFFFu;
  return static_cast<std::uint32_t>(full % *range);
}

}  // namespace ringlab::systems
