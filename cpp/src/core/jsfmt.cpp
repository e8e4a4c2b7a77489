#include "ringlab/jsfmt.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ringlab/error.hpp"

namespace ringlab::js {
namespace {

// The exact decimal expansion of |x| with `frac` fractional digits. Both glibc and musl print
// %f exactly (no binary->decimal shortcut), which is what makes this a faithful oracle for
// JavaScript's "exact mathematical value" rules. 1100 digits cover every double's expansion.
std::string exact_fixed(double ax) {
  char buf[1500];
  const int n = std::snprintf(buf, sizeof buf, "%.1100f", ax);
  return std::string(buf, static_cast<std::size_t>(n));
}

}  // namespace

std::string to_fixed(double x, int digits) {
  if (digits < 0 || digits > 100)
    throw Error(ErrorCode::out_of_range, rule::between, "toFixed digits", {0, 100, digits});
  if (std::isnan(x)) return "NaN";
  // Spec step: |x| >= 1e21 falls back to ToString(x).
  if (std::fabs(x) >= 1e21) return number_to_string(x);
  const bool negative = x < 0;  // -0 is not < 0: (-0).toFixed(1) is "0.0"
  const std::string exact = exact_fixed(std::fabs(x));
  const std::size_t point = exact.find('.');
  std::string int_part = exact.substr(0, point);
  std::string frac = exact.substr(point + 1);
  std::string kept = int_part + frac.substr(0, static_cast<std::size_t>(digits));
  // Round half up on the exact value: the first dropped digit decides; an exact tie (5 then
  // zeros) goes to the larger n, as docs/algorithms.md says.
  const bool up = frac[static_cast<std::size_t>(digits)] >= '5';
  if (up) {
    std::size_t i = kept.size();
    while (i > 0) {
      --i;
      if (kept[i] == '9') {
        kept[i] = '0';
      } else {
        ++kept[i];
        break;
      }
      if (i == 0) kept.insert(kept.begin(), '1');
    }
  }
  const std::size_t int_len = kept.size() - static_cast<std::size_t>(digits);
  std::string out = negative ? "-" : "";
  out += kept.substr(0, int_len);
  if (digits > 0) {
    out += '.';
    out += kept.substr(int_len);
  }
  return out;
}

std::string number_to_string(double x) {
  if (std::isnan(x)) return "NaN";
  if (x == 0) return "0";  // both zeros
  if (std::isinf(x)) return x < 0 ? "-Infinity" : "Infinity";
  std::string out = x < 0 ? "-" : "";
  const double ax = std::fabs(x);
  // Shortest round-trip digits: the first precision whose correctly rounded %e reads back as
  // the same double. Correct rounding also picks the closest candidate, as docs/algorithms.md requires.
  char buf[40];
  int prec = 0;
  for (; prec < 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*e", prec, ax);
    if (std::strtod(buf, nullptr) == ax) break;
  }
  std::snprintf(buf, sizeof buf, "%.*e", prec, ax);
  // buf is "d.ddde[+-]XX": collect digits and the decimal exponent n (value = 0.digits * 10^n).
  std::string digits;
  const char* p = buf;
  for (; *p != 'e'; ++p)
    if (*p != '.') digits += *p;
  const int e = std::atoi(p + 1);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int k = static_cast<int>(digits.size());
  const int n = e + 1;
  if (k <= n && n <= 21) {
    out += digits;
    out.append(static_cast<std::size_t>(n - k), '0');
  } else if (0 < n && n <= 21) {
    out += digits.substr(0, static_cast<std::size_t>(n));
    out += '.';
    out += digits.substr(static_cast<std::size_t>(n));
  } else if (-6 < n && n <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-n), '0');
    out += digits;
  } else {
    out += digits.substr(0, 1);
    if (k > 1) {
      out += '.';
      out += digits.substr(1);
    }
    out += 'e';
    out += (n - 1 >= 0) ? '+' : '-';
    out += std::to_string(std::abs(n - 1));
  }
  return out;
}

std::string pad_start(std::string_view s, std::size_t width) {
  std::string out;
  if (s.size() < width) out.assign(width - s.size(), ' ');
  out += s;
  return out;
}

std::string pad_end(std::string_view s, std::size_t width) {
  std::string out(s);
  if (out.size() < width) out.append(width - out.size(), ' ');
  return out;
}

}  // namespace ringlab::js
