// The natural logarithm, base-2 logarithm and exponential as JavaScript's Math.log, Math.log2 and
// Math.exp compute them (V8's, which are fdlibm's and FreeBSD's msun algorithms), in plain double
// arithmetic, so that every build gives the same bits.
//
// Why not <cmath>: a C library's log is free to differ in the last bit, and the two this project
// links do. glibc's (native) is table-driven; Emscripten links its small libc at -Oz, whose log,
// log2 and pow are the older polynomial ones. A weighted rendezvous score (−w / ln u) a last bit
// apart can pick another server on a near tie, and a figure printed with 17 digits differs. These
// functions give one answer natively, in WebAssembly and in JavaScript; tests/golden/math.tsv,
// made by Node's Math functions (scripts/gen-golden.mjs), holds them to it.
//
// Each reduces x to 2^k · m and evaluates a fixed polynomial; the order of every operation is part
// of the result, and the build compiles with -ffp-contract=off so that none is fused.
#pragma once

#include <cstdint>
#include <limits>

namespace ringlab::js_math {

namespace detail {

inline constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 0x3FE62E42FEE00000: k · kLn2Hi is exact
inline constexpr double kLn2Lo = 1.90821492927058770002e-10;  // ln 2 − kLn2Hi
inline constexpr double kTwo54 = 1.80143985094819840000e+16;  // scales a subnormal into the normal range

// The minimax coefficients of (ln((1+s)/(1−s)) − 2s) / s in powers of s², s = f / (2 + f).
inline constexpr double kLg1 = 6.666666666666735130e-01;
inline constexpr double kLg2 = 3.999999999940941908e-01;
inline constexpr double kLg3 = 2.857142874366239149e-01;
inline constexpr double kLg4 = 2.222219843214978396e-01;
inline constexpr double kLg5 = 1.818357216161805012e-01;
inline constexpr double kLg6 = 1.531383769920937332e-01;
inline constexpr double kLg7 = 1.479819860511658591e-01;

// A double's bits and back. __builtin_bit_cast, as std::bit_cast is, since the libc++ Emscripten
// 3.1.6 ships has no <bit> std::bit_cast.
[[nodiscard]] constexpr std::uint64_t to_bits(double x) noexcept { return __builtin_bit_cast(std::uint64_t, x); }
[[nodiscard]] constexpr double from_bits(std::uint64_t b) noexcept { return __builtin_bit_cast(double, b); }

[[nodiscard]] constexpr std::uint32_t high_word(double x) noexcept {
  return static_cast<std::uint32_t>(to_bits(x) >> 32);
}
[[nodiscard]] constexpr double with_high_word(double x, std::uint32_t high) noexcept {
  return from_bits((static_cast<std::uint64_t>(high) << 32) | (to_bits(x) & 0xFFFFFFFFu));
}
[[nodiscard]] constexpr double without_low_word(double x) noexcept {
  return from_bits(to_bits(x) & 0xFFFFFFFF00000000u);
}

// x = 2^k · (1 + f) with √2/2 ≤ 1 + f < √2, for x positive and finite. Zero, negatives, infinities
// and NaN are answered by the caller first.
struct Reduced {
  int k;
  double f;
  std::uint32_t mantissa_high;  // the top 20 bits of m's mantissa, which choose a polynomial path
};
[[nodiscard]] constexpr Reduced reduce(double x) noexcept {
  int k = 0;
  std::uint32_t hx = high_word(x);
  if (hx < 0x00100000u) {  // subnormal
    k -= 54;
    x *= kTwo54;
    hx = high_word(x);
  }
  k += static_cast<int>(hx >> 20) - 1023;
  hx &= 0x000FFFFFu;
  // Mantissas at or above √2 (0x6A09E) are halved: then f lies in [√2/2 − 1, √2 − 1).
  const std::uint32_t half = (hx + 0x95F64u) & 0x100000u;
  x = with_high_word(x, hx | (half ^ 0x3FF00000u));
  k += static_cast<int>(half >> 20);
  return {k, x - 1.0, hx};
}

// Whether x needs no reduction: zero, negative, infinite or NaN; `out` is then the answer of a
// logarithm.
[[nodiscard]] constexpr bool log_special(double x, double& out) noexcept {
  const std::uint64_t bits = to_bits(x);
  if ((bits & 0x7FFFFFFFFFFFFFFFu) == 0) {
    out = -std::numeric_limits<double>::infinity();
    return true;
  }
  if (bits >> 63) {
    out = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  if (high_word(x) >= 0x7FF00000u) {
    out = x + x;
    return true;
  }
  return false;
}

// R(s²), the polynomial both logarithms share, for s = f / (2 + f): its even and odd powers of
// s² summed separately (in powers of s⁴), then added, as fdlibm orders them.
[[nodiscard]] constexpr double series(double s) noexcept {
  const double z = s * s;
  const double w = z * z;
  const double even = w * (kLg2 + w * (kLg4 + w * kLg6));
  const double odd = z * (kLg1 + w * (kLg3 + w * (kLg5 + w * kLg7)));
  return odd + even;
}

// s · (f²/2 + R(s²)), the part of ln(1 + f) beyond f − f²/2.
[[nodiscard]] constexpr double log1p_tail(double f) noexcept {
  const double s = f / (2.0 + f);
  const double half_f2 = 0.5 * f * f;
  return s * (half_f2 + series(s));
}

}  // namespace detail

// Math.log(x).
[[nodiscard]] constexpr double log(double x) noexcept {
  using namespace detail;
  double special = 0;
  if (log_special(x, special)) return special;
  const auto [k, f, hx] = reduce(x);
  const double dk = k;
  if (((2 + hx) & 0x000FFFFFu) < 3) {  // |f| < 2^-20: a short series
    if (f == 0) return k == 0 ? 0.0 : dk * kLn2Hi + dk * kLn2Lo;
    const double r = f * f * (0.5 - 0.33333333333333333 * f);
    return k == 0 ? f - r : dk * kLn2Hi - ((r - dk * kLn2Lo) - f);
  }
  const double s = f / (2.0 + f);
  const double r = series(s);
  // Two arrangements of the same sum. Which one is used depends on the mantissa's top bits (f²/2
  // split off for 0x6147A … 0x6B851), and the last bit of the answer on which one is used.
  if (static_cast<int>((hx - 0x6147Au) | (0x6B851u - hx)) > 0) {
    const double half_f2 = 0.5 * f * f;
    return k == 0 ? f - (half_f2 - s * (half_f2 + r))
                  : dk * kLn2Hi - ((half_f2 - (s * (half_f2 + r) + dk * kLn2Lo)) - f);
  }
  return k == 0 ? f - s * (f - r) : dk * kLn2Hi - ((s * (f - r) - dk * kLn2Lo) - f);
}

// Math.log2(x): ln(1 + f) in two parts, the high one with its low 32 bits cleared so that its
// product with 1/ln 2's high part is exact, then k added last.
[[nodiscard]] constexpr double log2(double x) noexcept {
  using namespace detail;
  constexpr double kInvLn2Hi = 1.44269504072144627571e+00;  // 0x3FF7154765200000
  constexpr double kInvLn2Lo = 1.67517131648865118353e-10;  // 1/ln 2 − kInvLn2Hi
  double special = 0;
  if (log_special(x, special)) return special;
  if (to_bits(x) == 0x3FF0000000000000u) return 0.0;
  const auto [k, f, hx] = reduce(x);
  const double y = k;
  const double half_f2 = 0.5 * f * f;
  const double tail = log1p_tail(f);
  const double hi = without_low_word(f - half_f2);
  const double lo = (f - hi) - half_f2 + tail;
  double val_hi = hi * kInvLn2Hi;
  double val_lo = (lo + hi) * kInvLn2Lo + lo * kInvLn2Hi;
  const double sum = y + val_hi;
  val_lo += (y - sum) + val_hi;
  val_hi = sum;
  return val_lo + val_hi;
}

// Math.exp(x).
[[nodiscard]] constexpr double exp(double x) noexcept {
  using namespace detail;
  constexpr double kHuge = 1.0e+300;
  constexpr double kTwoM1000 = 9.33263618503218878990e-302;  // 2^-1000
  constexpr double kOverflow = 7.09782712893383973096e+02;
  constexpr double kUnderflow = -7.45133219101941108420e+02;
  constexpr double kInvLn2 = 1.44269504088896338700e+00;
  // exp(r) = 1 + 2r / (2 − c) with c = r − r²·P(r²), |r| ≤ ln2/2; P's minimax coefficients.
  constexpr double kP1 = 1.66666666666666019037e-01;
  constexpr double kP2 = -2.77777777770155933842e-03;
  constexpr double kP3 = 6.61375632143793436117e-05;
  constexpr double kP4 = -1.65339022054652515390e-06;
  constexpr double kP5 = 4.13813679705723846039e-08;

  std::uint32_t hx = high_word(x);
  const bool negative = (hx >> 31) != 0;
  hx &= 0x7FFFFFFFu;
  if (hx >= 0x40862E42u) {  // |x| ≥ 709.78…
    if (hx >= 0x7FF00000u) {
      if (to_bits(x) << 1 != 0xFFE0000000000000u) return x + x;  // NaN
      return negative ? 0.0 : x;
    }
    if (x > kOverflow) return kHuge * kHuge;
    if (x < kUnderflow) return kTwoM1000 * kTwoM1000;
  }
  // x = k · ln 2 + r, |r| ≤ ln2/2, with r held as hi − lo.
  int k = 0;
  double hi = 0;
  double lo = 0;
  if (hx > 0x3FD62E42u) {    // |x| > ln2/2
    if (hx < 0x3FF0A2B2u) {  // and |x| < 3·ln2/2: k is ±1
      // V8 answers exp(1) with Math.E, the correctly rounded e; fdlibm's polynomial is a bit above.
      if (x == 1.0) return 2.718281828459045;
      hi = negative ? x + kLn2Hi : x - kLn2Hi;
      lo = negative ? -kLn2Lo : kLn2Lo;
      k = negative ? -1 : 1;
    } else {
      k = static_cast<int>(kInvLn2 * x + (negative ? -0.5 : 0.5));
      const double t = k;
      hi = x - t * kLn2Hi;
      lo = t * kLn2Lo;
    }
    x = hi - lo;
  } else if (hx < 0x3E300000u) {  // |x| < 2^-28
    return 1.0 + x;
  }
  const double t = x * x;
  const double c = x - t * (kP1 + t * (kP2 + t * (kP3 + t * (kP4 + t * kP5))));
  if (k == 0) return 1.0 - ((x * c) / (c - 2.0) - x);
  const double y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
  if (k >= -1021) return with_high_word(y, high_word(y) + (static_cast<std::uint32_t>(k) << 20));
  return with_high_word(y, high_word(y) + (static_cast<std::uint32_t>(k + 1000) << 20)) * kTwoM1000;
}

}  // namespace ringlab::js_math
