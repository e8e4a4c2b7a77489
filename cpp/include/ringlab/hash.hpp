// h32: FNV-1a 32-bit followed by MurmurHash3's fmix32 finaliser — the course's hash.
//
// The published program hashes `s.charCodeAt(i)`, i.e. a JavaScript string's UTF-16 code units,
// each unit (0..65535) XORed in whole. h32() over std::u16string_view is that function, bit for
// bit, for every string (lone surrogates included). h32_bytes() hashes raw bytes, one unit per
// byte: it agrees with h32() on ASCII/Latin-1 text and differs on anything else, by design.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace ringlab {

// "00" "01" ... "99": two decimal digits per table entry.
inline constexpr char kDigitPairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

inline constexpr std::uint32_t kFnvOffset = 0x811c9dc5u;
inline constexpr std::uint32_t kFnvPrime = 0x01000193u;

// MurmurHash3's 32-bit finaliser: spreads FNV's weak low bits over the whole word.
[[nodiscard]] constexpr std::uint32_t fmix32(std::uint32_t h) noexcept {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

// FNV-1a as a stream. FNV-1a has no finalisation of its own, so a prefix state can be copied and
// continued: rendezvous hashes `key + "|"` once and continues it per server name, and ring tokens
// continue `name + "#"` per virtual node. Both are exact, not approximations.
class Fnv1a {
 public:
  constexpr Fnv1a() noexcept = default;

  constexpr Fnv1a& unit(std::uint32_t u) noexcept {
    state_ = (state_ ^ u) * kFnvPrime;
    return *this;
  }
  constexpr Fnv1a& units(std::u16string_view s) noexcept {
    for (char16_t u : s) unit(static_cast<std::uint32_t>(u));
    return *this;
  }
  // Each byte is one unit (0..255). For ASCII text this equals units() of the same text.
  constexpr Fnv1a& bytes(std::string_view s) noexcept {
    for (char c : s) unit(static_cast<std::uint8_t>(c));
    return *this;
  }
  constexpr Fnv1a& bytes(std::span<const std::uint8_t> s) noexcept {
    for (std::uint8_t b : s) unit(b);
    return *this;
  }
  // Appends the decimal digits of n, as JavaScript's String(n) would for an integer.
  constexpr Fnv1a& decimal(std::uint64_t n) noexcept {
    if (n <= 0xFFFFFFFFu) return decimal32(static_cast<std::uint32_t>(n));
    char digits[20];
    int len = 0;
    do {
      digits[len++] = static_cast<char>('0' + n % 10);
      n /= 10;
    } while (n != 0);
    while (len > 0) unit(static_cast<std::uint8_t>(digits[--len]));
    return *this;
  }
  // The same for 32-bit n, the hot case (ring tokens' "#i", the course keys' numbers): from the
  // most significant digits down, two digits per 32-bit division by a constant (a multiply), where
  // 64-bit ones would cost real divisions in WebAssembly. No array of digits: in WebAssembly an
  // array indexed at run time lives in linear memory, and the course's keys ran 1.4x slower than
  // natively with one.
  constexpr Fnv1a& decimal32(std::uint32_t n) noexcept { return decimal32_inline(n); }
  // The same, always inlined: for the loops over the course's keys (course_key_fnv), where a
  // call per key kept the state in memory across the call in WebAssembly. Elsewhere the compiler
  // decides (the module's size budget counts every copy).
  [[gnu::always_inline]] constexpr Fnv1a& decimal32_inline(std::uint32_t n) noexcept {
    if (n >= 100000000u) {  // 9 or 10 digits
      const std::uint32_t top = n / 100000000u;
      return lead(top).eight(n - top * 100000000u);
    }
    if (n >= 1000000u) {  // 7 or 8
      const std::uint32_t top = n / 1000000u;
      return lead(top).six(n - top * 1000000u);
    }
    if (n >= 10000u) {  // 5 or 6
      const std::uint32_t top = n / 10000u;
      return lead(top).four(n - top * 10000u);
    }
    if (n >= 100u) {  // 3 or 4
      const std::uint32_t top = n / 100u;
      return lead(top).pair(n - top * 100u);
    }
    return lead(n);
  }

  [[nodiscard]] constexpr std::uint32_t state() const noexcept { return state_; }
  [[nodiscard]] constexpr std::uint32_t finish() const noexcept { return fmix32(state_); }

 private:
  // decimal32's pieces: a number's first one or two digits (n < 100), then groups of exactly two,
  // four, six and eight digits, leading zeros included.
  constexpr Fnv1a& pair(std::uint32_t n) noexcept {
    return unit(static_cast<std::uint8_t>(kDigitPairs[2 * n])).unit(static_cast<std::uint8_t>(kDigitPairs[2 * n + 1]));
  }
  constexpr Fnv1a& lead(std::uint32_t n) noexcept {
    return n >= 10 ? pair(n) : unit(static_cast<std::uint8_t>('0' + n));
  }
  constexpr Fnv1a& four(std::uint32_t n) noexcept {
    const std::uint32_t top = n / 100u;
    return pair(top).pair(n - top * 100u);
  }
  constexpr Fnv1a& six(std::uint32_t n) noexcept {
    const std::uint32_t top = n / 10000u;
    return pair(top).four(n - top * 10000u);
  }
  constexpr Fnv1a& eight(std::uint32_t n) noexcept {
    const std::uint32_t top = n / 1000000u;
    return pair(top).six(n - top * 1000000u);
  }

  std::uint32_t state_ = kFnvOffset;
};

// h32 of a JavaScript string given as its UTF-16 code units.
[[nodiscard]] constexpr std::uint32_t h32(std::u16string_view units) noexcept { return Fnv1a{}.units(units).finish(); }

// h32 over bytes, one unit per byte.
[[nodiscard]] constexpr std::uint32_t h32_bytes(std::string_view bytes) noexcept {
  return Fnv1a{}.bytes(bytes).finish();
}
[[nodiscard]] constexpr std::uint32_t h32_bytes(std::span<const std::uint8_t> bytes) noexcept {
  return Fnv1a{}.bytes(bytes).finish();
}

// h32 of many strings: string i is units[offsets[i] .. offsets[i+1]), its hash goes to out[i].
// offsets holds out.size() + 1 ascending positions within units (the caller checks). Four strings
// are hashed side by side: each FNV step waits for the previous multiply, so one string alone
// leaves the multiplier idle most of the time, and four independent ones fill it.
//
// This and the other batch functions (Ring::owners, Maglev::lookup_many, Rendezvous::pick_many,
// jump_many) are defined out of line, in files compiled for speed: their callers, such as the
// WebAssembly bindings, may be compiled for size.
void h32_many(std::span<const char16_t> units, std::span<const std::uint32_t> offsets,
              std::span<std::uint32_t> out) noexcept;

// Whether offsets start at 0 and never decrease, as h32_many() and the other batch functions
// need; the WebAssembly bindings check offsets that JavaScript wrote before using them.
[[nodiscard]] bool offsets_ascend(std::span<const std::uint32_t> offsets) noexcept;

// Worked facts from the published function, checked at compile time.
static_assert(h32(u"") == 2872998923u);
static_assert(h32(u"a") == 444641715u);
static_assert(h32(u"user:42") == 599759890u);
static_assert(h32(u"S0#0") == 3947687215u);

}  // namespace ringlab
