// JavaScript's number formatting, reproduced in C++ so the experiments print byte-identical text.
//
// printf is not enough: toFixed rounds exact ties *up* using the double's exact binary value
// ((0.25).toFixed(1) == "0.3", (2.125).toFixed(2) == "2.13", where printf gives "0.2" and
// "2.12"), and String(x) prints the shortest decimal that round-trips, switching to exponent
// form only at >= 1e21 or < 1e-6.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ringlab::js {

// Number.prototype.toFixed(digits), digits in 0..100.
[[nodiscard]] std::string to_fixed(double x, int digits);

// String(x) for a number (Number::toString with radix 10).
[[nodiscard]] std::string number_to_string(double x);

// String.prototype.padStart / padEnd with spaces; never truncates. Widths count characters of
// the (ASCII) text, as JavaScript counts UTF-16 units.
[[nodiscard]] std::string pad_start(std::string_view s, std::size_t width);
[[nodiscard]] std::string pad_end(std::string_view s, std::size_t width);

}  // namespace ringlab::js
