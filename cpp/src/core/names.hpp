// The checks on the names of a placement's servers (a ring's, rendezvous', Maglev's) and their
// orders: once per build, not per key, so apart from the placements' files, which are compiled
// for speed (names.cpp is compiled for size in the WebAssembly module).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ringlab/maglev.hpp"

namespace ringlab::names {

// A name that is empty ("<what> must not be empty", invalid_argument) or longer than
// kMaxNameLength ("<what> is longer than 4096 UTF-16 units", limit_exceeded) throws.
void check(std::u16string_view name, const char* what);

// A name that is listed more than once, the least in UTF-16 order if several are; views into
// the same strings as `names`.
[[nodiscard]] std::optional<std::u16string_view> first_duplicate(std::vector<std::u16string_view> names);

// Backend indices in ascending name order (UTF-16 units).
[[nodiscard]] std::vector<std::uint32_t> order(const std::vector<Backend>& backends);

}  // namespace ringlab::names
