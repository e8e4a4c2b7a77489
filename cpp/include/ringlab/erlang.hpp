// Erlang terms: a value type for the terms a key or a vnode id can be, Erlang's own hash of
// them (:erlang.phash2/1,2, bit-identical to OTP 25), and their text in Erlang and Elixir
// syntax, read and written.
//
// Every walk over a term (hashing, comparing, printing, parsing, copying) keeps its own stack
// on the heap: a term nested kMaxTermDepth levels deep costs memory in proportion, never the C
// stack. Terms deeper than that are refused with limit_exceeded when they are built or read.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"

namespace ringlab::erlang {

// ---------------------------------------------------------------------------------------------
// Limits

// The table's entries (system_params.hpp), as the sizes the code compares with.
// Containers inside containers: "term nesting deeper than 100000 levels" (limit_exceeded).
inline constexpr std::size_t kMaxTermDepth = static_cast<std::size_t>(param(SystemParam::term_depth).hi);
// An atom's name, in characters; longer names are refused as erl does.
inline constexpr std::size_t kMaxAtomCharacters = static_cast<std::size_t>(param(SystemParam::atom_characters).hi);
// An integer's magnitude, in bits (about 19,700 decimal digits).
inline constexpr std::uint64_t kMaxIntegerBits = static_cast<std::uint64_t>(param(SystemParam::integer_bits).hi);
// A bitstring's length, in bits (16 MiB): <<0:N>> cannot ask for more.
inline constexpr std::uint64_t kMaxBitstringBits = static_cast<std::uint64_t>(param(SystemParam::bitstring_bits).hi);
// phash2(term, range): range in 1 .. 2^32.
inline constexpr std::uint64_t kMaxPhash2Range = static_cast<std::uint64_t>(param(SystemParam::phash2_range).hi);

// ---------------------------------------------------------------------------------------------
// Terms

// In the order Erlang sorts them: numbers < atoms < tuples < maps < [] < lists < bitstrings.
enum class TermKind : std::uint8_t {
  integer,
  floating,
  atom,
  tuple,
  map,
  nil,        // [], the empty list
  list,       // a non-empty list, proper or improper
  bitstring,  // a binary when its length is a whole number of bytes
};

namespace detail {
struct Arena;
}

// An immutable Erlang term. Copies share their storage, so copying is cheap and a copy never
// changes. Equality is Erlang's exact equality (=:=): 1 and 1.0 differ, and, as in OTP 25,
// 0.0 and -0.0 are equal. The order is the order of map keys: Erlang's term order, with every
// integer before every float (so 2 < 1.0); it is how maps keep their keys and how the Malachi
// ring lists its vnode ids.
class Term {
 public:
  // [].
  Term();

  // Builders. Each throws ringlab::Error (limit_exceeded) for a term deeper than kMaxTermDepth.
  [[nodiscard]] static Term integer(std::int64_t value);
  // sign and magnitude, the magnitude as 64-bit limbs, least significant first (leading zero
  // limbs are dropped; -0 is 0). limit_exceeded beyond kMaxIntegerBits.
  [[nodiscard]] static Term integer(bool negative, std::span<const std::uint64_t> magnitude);
  // invalid_argument for NaN and the infinities, which Erlang has no term for.
  [[nodiscard]] static Term floating(double value);
  // The name in UTF-8. invalid_argument for text that is not UTF-8 or holds a surrogate;
  // limit_exceeded beyond kMaxAtomCharacters characters.
  [[nodiscard]] static Term atom(std::string_view utf8_name);
  [[nodiscard]] static Term binary(std::string_view bytes);
  // The first `bits` bits of `bytes`, most significant bit of each byte first. invalid_argument
  // when bytes does not hold exactly ceil(bits / 8) bytes; limit_exceeded beyond kMaxBitstringBits.
  [[nodiscard]] static Term bitstring(std::string_view bytes, std::uint64_t bits);
  [[nodiscard]] static Term nil() { return Term(); }
  // [e1, ..., en | tail]. A list tail continues the list ([1 | [2]] is [1, 2]); no elements
  // gives the tail itself.
  [[nodiscard]] static Term list(std::span<const Term> elements, const Term& tail = Term());
  // [c1, ..., cn], a list of integers (a charlist when they are code points) built in one
  // storage: list() of integer() terms, without a storage for each integer.
  [[nodiscard]] static Term char_list(std::span<const std::uint32_t> values);
  [[nodiscard]] static Term tuple(std::span<const Term> elements);
  // Keys are compared with =:=; of two equal keys the later pair wins, as in #{k => 1, k => 2}.
  [[nodiscard]] static Term map(std::span<const std::pair<Term, Term>> pairs);

  [[nodiscard]] TermKind kind() const noexcept;
  [[nodiscard]] bool is_binary() const noexcept;  // a bitstring of whole bytes

  // Integers.
  [[nodiscard]] bool negative() const noexcept;                         // false for 0 and non-integers
  [[nodiscard]] std::vector<std::uint64_t> magnitude() const;           // limbs, least significant first
  [[nodiscard]] std::optional<std::int64_t> to_int64() const noexcept;  // when it fits
  // Floats.
  [[nodiscard]] double to_double() const noexcept;
  // Atoms: the name in UTF-8.
  [[nodiscard]] std::string_view atom_name() const noexcept;
  // Bitstrings: ceil(bit_size / 8) bytes, unused low bits of the last byte zero.
  [[nodiscard]] std::string_view bytes() const noexcept;
  [[nodiscard]] std::uint64_t bit_size() const noexcept;
  // Tuples: the elements. Lists: the elements before the tail ([1, 2 | 3] gives 1, 2).
  [[nodiscard]] std::vector<Term> elements() const;
  // Lists: what ends the list, [] for a proper list.
  [[nodiscard]] Term tail() const;
  // Maps: the pairs in key order.
  [[nodiscard]] std::vector<std::pair<Term, Term>> pairs() const;
  // Tuple arity, map size, list length (elements before the tail); 0 for other kinds.
  [[nodiscard]] std::size_t size() const noexcept;
  // Nesting: 0 for a number, atom, bitstring or [], 1 + the deepest element for a container.
  [[nodiscard]] std::size_t depth() const noexcept;

  friend bool operator==(const Term& a, const Term& b);
  friend std::weak_ordering operator<=>(const Term& a, const Term& b);

  // Internal: a term is a node of an arena.
  Term(std::shared_ptr<const detail::Arena> arena, std::uint64_t index) noexcept
      : arena_(std::move(arena)), index_(index) {}
  [[nodiscard]] const detail::Arena& arena() const noexcept { return *arena_; }
  [[nodiscard]] std::uint64_t index() const noexcept { return index_; }

 private:
  std::shared_ptr<const detail::Arena> arena_;
  std::uint64_t index_ = 0;
};

// ---------------------------------------------------------------------------------------------
// phash2

// All 32 bits of OTP's make_hash2: phash2(term, 2^32).
[[nodiscard]] std::uint32_t phash2_full(const Term& term);
// :erlang.phash2/1: the low 27 bits.
[[nodiscard]] std::uint32_t phash2(const Term& term);
// :erlang.phash2/2: phash2_full(term) mod range, range in 1 .. 2^32 (out_of_range otherwise,
// "range must be between 1 and 4294967296, got 0").
[[nodiscard]] std::uint32_t phash2(const Term& term, std::uint64_t range);
// phash2_full of the binary holding `bytes`, without building a term (the hot path of routing
// an Elixir string key).
[[nodiscard]] std::uint32_t phash2_binary(std::string_view bytes) noexcept;
// phash2_full of the binary of a JavaScript string's UTF-8 bytes (an Elixir string), the string
// given as its UTF-16 units; nullopt when the units hold a lone surrogate, which has no UTF-8.
// Equal to phash2_binary of the UTF-8, without making it.
[[nodiscard]] std::optional<std::uint32_t> phash2_utf16(std::u16string_view units) noexcept;
// Key i of a batch of strings: units[offsets[i], offsets[i+1]), the offsets ascending and inside
// the units (the caller checked them). Not substr(), which can throw: a batch's loop calls
// nothing that can, so that Emscripten builds it without exception bookkeeping per key.
[[nodiscard]] inline std::u16string_view key_units(std::u16string_view units, std::span<const std::uint32_t> offsets,
                                                   std::size_t i) noexcept {
  return {units.data() + offsets[i], static_cast<std::size_t>(offsets[i + 1] - offsets[i])};
}
// The same for n strings (key i is units[offsets[i], offsets[i+1])): out[i] is its phash2,
// reduced by range (0: phash2/1's 27 bits, else mod range). Returns n, or the index of the first
// key with a lone surrogate (the keys before it are written).
[[nodiscard]] std::size_t phash2_utf16_many(std::u16string_view units, std::span<const std::uint32_t> offsets,
                                            std::uint64_t range, std::span<std::uint32_t> out) noexcept;
// The hash OTP keeps for an atom with this UTF-8 name (phash2 of the atom itself).
[[nodiscard]] std::uint32_t atom_hash(std::string_view utf8_name) noexcept;

// ---------------------------------------------------------------------------------------------
// Text

enum class Syntax : std::uint8_t {
  erlang,  // <<"topic-a">>, "abc" (a list), 'quoted atom', 16#FF, $a, {a, [1 | 2]}, #{k => v}
  elixir,  // "topic-a" (a binary), 'abc' and ~c"abc" (lists), :atom, 0xFF, ?a, 1_000, %{k => v}
};

[[nodiscard]] std::string_view syntax_name(Syntax syntax) noexcept;  // "Erlang", "Elixir"

// One term, with whitespace and comments around it (Erlang text may end with a '.'). Bad text
// throws Error(invalid_argument, "invalid Erlang term: <what> at column N") (or "line L, column
// N" past the first line; columns count characters from 1). Terms erl's parser rejects are
// rejected; a few forms it accepts are rejected too, each with its reason (parenthesised
// values, native endianness, 16-bit floats, units on bitstring segments, operator atoms in
// Elixir ...). Elixir text is read as Elixir 1.14 reads it, refusals included (a quoted atom
// over 255 bytes, bidirectional formatting characters, <<< and >>>, a lone \r ...); "\xFF", a
// byte there rather than a character, is refused. Limits (depth, atom length, integer size,
// bitstring size) are limit_exceeded.
[[nodiscard]] Term parse_term(std::string_view text, Syntax syntax);

// Text in the syntax that parse_term reads back to an equal term (=:=; -0.0 keeps its sign),
// but for an atom over 255 bytes of UTF-8 in Elixir, which has no text for it (its :"..." is
// refused with limit_exceeded, as by Elixir).
// Floats are the shortest text that reads back, written as erl writes them (1.5e3, 0.1,
// 120.0); printable lists and binaries are written as strings.
[[nodiscard]] std::string format_term(const Term& term, Syntax syntax);

}  // namespace ringlab::erlang
