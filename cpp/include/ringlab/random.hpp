// mulberry32, the course's seeded PRNG, and the course's keys ("user:" + floor(rand() * 1e9)).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "ringlab/hash.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

// The largest |seed| accepted, kMaxSafeInteger, is in params.hpp.

class Mulberry32 {
 public:
  // Throws Error(out_of_range) when |seed| > 2^53 - 1 (the table's `seed`).
  explicit Mulberry32(std::int64_t seed);

  // The published step: state = (state + 0x6D2B79F5) | 0, then the output mix. The first step
  // adds in double precision, exactly as JavaScript does for a seed outside int32.
  std::uint32_t next_uint32() noexcept {
    if (state_ == static_cast<std::int32_t>(state_)) {
      // An int32 state (every state after the first step): the double sum is exact, and the step
      // is the same add mod 2^32, done without converting to double and back (in WebAssembly each
      // conversion back is checked against overflow: the course's keys ran 1.3x as long).
      state_ = static_cast<std::int32_t>(static_cast<std::uint32_t>(state_) + 0x6D2B79F5u);
    } else {
      const double sum = static_cast<double>(state_) + 1831565813.0;  // 0x6D2B79F5
      state_ = static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::int64_t>(sum)));
    }
    return mix(static_cast<std::uint32_t>(state_));
  }

  // f(next_uint32()), `count` times: the batch form, whose state after the first step (an int32,
  // see above) stays in a register instead of this object's memory.
  template <typename F>
  void each(std::size_t count, F f) noexcept {
    std::size_t i = 0;
    if (count > 0 && state_ != static_cast<std::int32_t>(state_)) {
      f(next_uint32());
      i = 1;
    }
    auto s = static_cast<std::uint32_t>(state_);
    for (; i < count; ++i) {
      s += 0x6D2B79F5u;
      f(mix(s));
    }
    state_ = static_cast<std::int32_t>(s);
  }

  // Moves past the next `steps` outputs without computing them: after the first step the state
  // only ever adds 0x6D2B79F5 mod 2^32, so many steps are one multiply. A worker starts its share
  // of the keys here, at the state the generator has there.
  // (Out of line: each chunk calls it once.)
  void skip(std::uint64_t steps) noexcept;

  // rand(): a double in [0, 1). Dividing by 2^32 is exact.
  double next() noexcept { return next_uint32() / 4294967296.0; }

  // The current state. Mulberry32(r.state()) continues r's sequence exactly (before the first
  // step it is the seed, afterwards an int32), which lets the WASM bindings hand a generator to
  // JavaScript as a plain value and resume it in the next batch instead of keeping a handle.
  [[nodiscard]] std::int64_t state() const noexcept { return state_; }

 private:
  // The published output of a step: its new state, mixed.
  static constexpr std::uint32_t mix(std::uint32_t s) noexcept {
    std::uint32_t t = (s ^ (s >> 15)) * (1u | s);
    t = (t + ((t ^ (t >> 7)) * (61u | t))) ^ t;
    return t ^ (t >> 14);
  }

  std::int64_t state_;
};

// The number in the course's key: floor(rand() * 1e9), the multiply a double multiply.
[[nodiscard]] inline std::uint32_t key_number(double rand) noexcept {
  return static_cast<std::uint32_t>(rand * 1e9);  // rand * 1e9 < 1e9: truncation is floor
}

// The same number from rand()'s 32 bits u (rand() = u / 2^32), in integers: the high word of
// u * 1e9. The double product is the exact u * 1e9 / 2^32 = q + r / 2^32 (q, r the high and low
// words of u * 1e9) rounded once to 53 bits, so its floor is q unless the rounding carries it up
// to q + 1. With q below 2^30 the value's ulp is at most 2^-23, so that takes 2^32 - r <= 2^8;
// but 1e9 = 2^9 * 1953125 makes r a multiple of 2^9, so 2^32 - r >= 2^9: it never happens.
// (Checked for every u; tests/cpp/test_random.cpp checks a sample.) In WebAssembly this is one
// 64-bit multiply where the double route converts twice, each conversion checked.
[[nodiscard]] constexpr std::uint32_t key_number_of(std::uint32_t u) noexcept {
  return static_cast<std::uint32_t>((std::uint64_t{u} * 1000000000u) >> 32);
}

// Writes "user:<n>" into buf (at least 15 bytes) and returns its length. Used on hot paths so a
// run of a million keys formats into one reused buffer instead of a string per key.
inline std::size_t format_key(std::uint32_t n, char* buf) noexcept {
  buf[0] = 'u';
  buf[1] = 's';
  buf[2] = 'e';
  buf[3] = 'r';
  buf[4] = ':';
  char digits[10];
  std::size_t len = 0;
  do {
    digits[len++] = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n != 0);
  for (std::size_t i = 0; i < len; ++i) buf[5 + i] = digits[len - 1 - i];
  return 5 + len;
}

// The FNV-1a state after "user:", where every course key's hash starts.
inline constexpr Fnv1a kCourseKeyPrefix = Fnv1a{}.bytes(std::string_view("user:"));

// The FNV-1a state of the course key "user:<n>" (its h32 is .finish()), without writing the text:
// the prefix's state is a constant and only the digits are hashed.
[[nodiscard, gnu::always_inline]] constexpr Fnv1a course_key_fnv(std::uint32_t n) noexcept {
  return Fnv1a(kCourseKeyPrefix).decimal32_inline(n);
}
static_assert(course_key_fnv(42).finish() == h32(u"user:42"));
static_assert(course_key_fnv(631395207).finish() == h32(u"user:631395207"));

// The course's keys for a seed: "user:631395207", "user:144321889", ... for seed 16.
class CourseKeys {
 public:
  explicit CourseKeys(std::int64_t seed) : rng_(seed) {}
  // The next key's number (the part after "user:").
  std::uint32_t next_number() noexcept { return key_number_of(rng_.next_uint32()); }
  std::string next();
  // The FNV-1a states (course_key_fnv) of the next out.size() keys, or their h32, one per slot,
  // without writing their text (batch functions, compiled for speed; see h32_many). The places
  // the keys' digits are hashed inline: every loop over many course keys takes its keys here.
  void next_states(std::span<Fnv1a> out) noexcept;
  void next_hashes(std::span<std::uint32_t> out) noexcept;
  // Moves past the next `keys` keys.
  void skip(std::uint64_t keys) noexcept { rng_.skip(keys); }

 private:
  Mulberry32 rng_;
};

}  // namespace ringlab
