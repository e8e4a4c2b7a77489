// Erlang's phash2 of a key read as an Erlang term: `place erlang`. The term model and phash2
// are the Erlang library's (ringlab/erlang.hpp). See docs/systems.md#erlang.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ringlab/erlang.hpp"

namespace ringlab::systems {

enum class ErlangKeyTerm : std::uint8_t {
  binary,    // <<the key's bytes>>: an Elixir string
  charlist,  // the list of the key's code points (UTF-8 required)
  atom,      // the atom of that name (UTF-8, at most 255 characters)
  integer,   // the integer its decimal text spells ([+-]digits, any size up to the term limit)
};

// "binary", "charlist", "atom", "integer"; any other name is invalid_argument, "term must be
// binary, charlist, atom or integer, got "x"".
[[nodiscard]] ErlangKeyTerm erlang_key_term_from_name(std::string_view name);

// The term a key is under `kind`. Errors: invalid_argument "<what> is not valid UTF-8" (charlist,
// atom), "<what> must be a decimal integer, got "abc"" (integer); the Erlang library's limits
// (an atom over 255 characters, an integer over its bits) as limit_exceeded.
[[nodiscard]] erlang::Term erlang_key_term(std::string_view key, ErlangKeyTerm kind, const std::string& what = "key");

// erlang:phash2(Term) (range nullopt: the low 27 bits) or erlang:phash2(Term, Range)
// (SystemParam::phash2_range: 1 .. 2^32).
[[nodiscard]] std::uint32_t erlang_place(std::string_view key, ErlangKeyTerm kind, std::optional<std::uint64_t> range,
                                         const std::string& what = "key");
// erlang_place() for a range already checked, without exceptions: a binary's hash, nullopt for
// the other kinds (they build a term, which may be refused).
[[nodiscard]] std::optional<std::uint32_t> erlang_place_if(std::string_view key, ErlangKeyTerm kind,
                                                           std::optional<std::uint64_t> range) noexcept;

}  // namespace ringlab::systems
