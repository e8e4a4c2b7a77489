// What the systems' configuration parsers share: an ASCII decimal digit, whatever the C locale
// says (std::isdigit depends on it, and takes an int).
#pragma once

namespace ringlab::systems {

constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace ringlab::systems
