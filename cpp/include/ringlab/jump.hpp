// Jump consistent hash (Lamping & Veach, 2014) with exact 64-bit math, and mod-N.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "ringlab/bucket_trace.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

class BucketHasher;
struct BucketOptions;

// kMaxBuckets (2^31 - 1) is in params.hpp.

// Throws Error(out_of_range) unless 1 <= n <= 2^31 - 1 (the table's jump_buckets, "buckets").
void check_buckets(std::int64_t n);

// floor(x) for 0 <= x < 2^63, as a double. WebAssembly has it as one instruction (f64.trunc),
// where a conversion to a 64-bit integer carries range checks; x86-64 without SSE4.1 has no such
// instruction (std::trunc is a library call there), and the round trip through int64 is exact.
[[nodiscard]] inline double floor_below_2p63(double x) noexcept {
#if defined(__wasm__) || defined(__SSE4_1__) || defined(__aarch64__)
  return std::trunc(x);
#else
  return static_cast<double>(static_cast<std::int64_t>(x));
#endif
}

// The bucket in [0, n) for a 64-bit key. The caller guarantees 1 <= n <= 2^31 - 1
// (jump() checks; this is the unchecked hot-path form).
//
// The published loop, with its integers held in doubles: j = floor(x) of the product x, and
// floor(x) < n exactly when x < n (n an integer), so the loop tests x itself and floors only the
// candidate it keeps (b < n <= 2^31, so b and b + 1 are exact in a double, and b + 1.0 is the
// published double(b + 1)). Every x is below 2^62 (b + 1 <= 2^31 times a ratio <= 2^31).
//
// Traced (bucket_trace.hpp), each jump is two steps: `draw`, the LCG's state, and `jump`, from
// candidate b to floor(x), the last one at or beyond n.
template <class Trace = NoTrace>
[[nodiscard]] inline std::int32_t jump_unchecked(std::uint64_t key, std::int32_t n,
                                                 Trace&& trace = {}) noexcept(!kTracing<Trace>) {
  const double limit = n;
  double b = -1;
  double x = 0;
  while (x < limit) {
    b = floor_below_2p63(x);
    key = key * 2862933555777941757ull + 1;
    // Two separate double roundings, in this order, as the published program does them.
    // The build disables FP contraction so they are never fused.
    const double ratio = 2147483648.0 / static_cast<double>((key >> 33) + 1);
    x = (b + 1) * ratio;
    if constexpr (kTracing<Trace>) {
      trace.step(BucketStepKind::draw, 0, 0, key);
      trace.step(BucketStepKind::jump, static_cast<std::uint32_t>(b), static_cast<std::uint64_t>(n),
                 static_cast<std::uint64_t>(floor_below_2p63(x)));
    }
  }
  return static_cast<std::int32_t>(b);
}

// One step of Guava's walk from `candidate`: the LCG's next state and its nextDouble()
// (guava_next_double), then the candidate's successor over it, truncated (guava_step).
// Guava takes (int) (state >>> 33) + 1 in int arithmetic, so at 2^31 - 1 it wraps to -2^31 and
// nextDouble() is -1; the wrap here is the same one, and the draw's double, over 2^31 (a power of
// two, so exact), is Guava's nextDouble() to the bit. The quotient is Guava's one division
// (double(candidate + 1) is exact, candidate < 2^31); its size is at most 2^62 (2^31 over a draw
// of at least 2^-31), so the truncation to int64 is defined. The walk goes on exactly when the
// result, read unsigned, is below n: Java's (int) cast then gives the same integer part, and a
// quotient at or beyond n, or negative (-(candidate + 1) when the draw wrapped, so never above
// -1), ends it.
[[nodiscard]] inline double guava_next_double(std::uint64_t& state) noexcept {
  state = 2862933555777941757ull * state + 1;
  const auto draw = static_cast<std::int32_t>(static_cast<std::uint32_t>(state >> 33) + 1u);
  return static_cast<double>(draw) * 0x1p-31;
}
[[nodiscard]] inline std::int64_t guava_step(std::uint64_t& state, std::int64_t candidate) noexcept {
  return static_cast<std::int64_t>(static_cast<double>(candidate + 1) / guava_next_double(state));
}

// Guava's Hashing.consistentHash(long input, int buckets) (Guava 31.1), for the caller's
// 1 <= n <= 2^31 - 1: jump's LCG with Guava's arithmetic (guava_step), which is not the published
// program's: Guava divides (candidate + 1) by nextDouble() once, where jump multiplies by a ratio
// it rounded first. The Guava system (systems/guava.hpp) and the bucket algorithms whose
// reference calls Guava (MementoHash's SUPSI reference) use this one.
//
// Traced, as jump_unchecked: `draw` and `jump` for each step, the last jump's value at or beyond
// n, or 2^64 - 1 when Guava's wrapped draw (-1) ends the walk.
template <class Trace = NoTrace>
[[nodiscard]] inline std::int32_t guava_jump_unchecked(std::uint64_t input, std::int32_t n,
                                                       Trace&& trace = {}) noexcept(!kTracing<Trace>) {
  std::uint64_t state = input;
  std::int64_t candidate = 0;
  for (;;) {
    const std::int64_t next = guava_step(state, candidate);
    if constexpr (kTracing<Trace>) {
      trace.step(BucketStepKind::draw, 0, 0, state);
      trace.step(BucketStepKind::jump, static_cast<std::uint32_t>(candidate), static_cast<std::uint64_t>(n),
                 next < 0 ? ~std::uint64_t{0} : static_cast<std::uint64_t>(next));
    }
    if (static_cast<std::uint64_t>(next) >= static_cast<std::uint64_t>(n)) return static_cast<std::int32_t>(candidate);
    candidate = next;
  }
}

// Whether the target divides two doubles in one instruction: x86-64 (SSE2's divpd), WebAssembly
// with SIMD128 (f64x2.div), AArch64 (fdiv on two lanes). Elsewhere a vector of two doubles is
// divided lane by lane, in code slower than the scalar loop's (WebAssembly without SIMD128, which
// the bucket hashers' module is: MementoHash's batch took about a third longer).
#if defined(__SSE2__) || defined(__wasm_simd128__) || defined(__aarch64__)
#define RINGLAB_PACKED_DIVIDE 1
#else
#define RINGLAB_PACKED_DIVIDE 0
#endif

// guava_jump_unchecked() of inputs 0 .. count - 1 (input(i) the i-th, a uint64), B at a time, in
// rounds: each round takes one step of every walk of the block still going, and keeps those that
// go on in a list for the next round. A round has no branch that depends on a walk, so no walk's
// end is mispredicted (a branch on it cost about one wrong guess a key), and its steps,
// independent, overlap their divides. Then done(i, bucket) for each input of the block, in order.
// On the bench's machine, at 1,000 buckets: 13 ns a walk (one division at a time), against 33
// with a branch where each walk ends.
//
// Where two divisions are one instruction, the candidates are integers and two walks step at
// once. Elsewhere (WebAssembly without SIMD128, the bucket hashers' module) they are held in
// doubles, as jump_unchecked() holds its own: a conversion of a double to an integer is there a
// range check and a branch, one a step, where floor_below_2p63() is one instruction (f64.trunc)
// and a candidate's successor needs no conversion at all. A walk goes on exactly when its quotient
// q is in (0, n): floor(q) < n exactly when q < n, and q is negative only where Guava's draw
// wrapped (guava_next_double); the floor of a negative q is taken but never used.
template <std::size_t B, class Input, class Done>
inline void guava_jump_blocks(std::size_t count, std::int32_t n, Input&& input, Done&& done) {
  static_assert(B > 0 && B <= 65536, "a block's walks are listed by 16-bit index");
#if RINGLAB_PACKED_DIVIDE
  using Candidate = std::int64_t;
  using Bucket = std::int32_t;
#else
  using Candidate = double;
  using Bucket = double;  // converted once, when the block's walks have ended
#endif
  std::uint64_t state[B];
  Candidate candidate[B];
  Bucket last[B];  // each walk's candidate before its latest step: its bucket once it ends
  std::uint16_t going[B];
  for (std::size_t at = 0; at < count; at += B) {
    const std::size_t m = count - at < B ? count - at : B;
    for (std::size_t j = 0; j < m; ++j) {
      state[j] = input(at + j);
      candidate[j] = 0;
      going[j] = static_cast<std::uint16_t>(j);
    }
    for (std::size_t walking = m; walking > 0;) {
      std::size_t kept = 0;
      // Walk j stepped from c to next, kept for the next round when `on`. Stores, not a choice
      // between values, which a compiler may make a branch again; going[kept] is a slot this round
      // has already read (kept never passes the walks read so far).
      const auto stepped = [&](std::size_t j, Candidate c, Candidate next, bool on) {
        last[j] = static_cast<Bucket>(c);
        candidate[j] = next;
        going[kept] = static_cast<std::uint16_t>(j);
        kept += on;
      };
      std::size_t r = 0;
#if RINGLAB_PACKED_DIVIDE
      // Two walks' steps at once, their two divisions one packed division; each lane's quotient is
      // the scalar division's, to the bit. On the bench's machine the divider takes a division
      // every 1.2 ns one at a time and every 0.6 ns two at a time; MementoHash's batch over 1,000
      // buckets, nothing removed, took 12.2 ns a key rather than 12.9.
      const auto limit = static_cast<std::uint64_t>(n);
      typedef double Pair __attribute__((vector_size(16)));
      for (; r + 2 <= walking; r += 2) {
        const std::size_t j0 = going[r], j1 = going[r + 1];
        const std::int64_t c0 = candidate[j0], c1 = candidate[j1];
        const Pair q = Pair{static_cast<double>(c0 + 1), static_cast<double>(c1 + 1)} /
                       Pair{guava_next_double(state[j0]), guava_next_double(state[j1])};
        const auto next0 = static_cast<std::int64_t>(q[0]), next1 = static_cast<std::int64_t>(q[1]);
        stepped(j0, c0, next0, static_cast<std::uint64_t>(next0) < limit);
        stepped(j1, c1, next1, static_cast<std::uint64_t>(next1) < limit);
      }
      for (; r < walking; ++r) {
        const std::size_t j = going[r];
        const std::int64_t c = candidate[j];
        const std::int64_t next = guava_step(state[j], c);
        stepped(j, c, next, static_cast<std::uint64_t>(next) < limit);
      }
#else
      const double limit = n;
      for (; r < walking; ++r) {
        const std::size_t j = going[r];
        const double c = candidate[j];
        const double q = (c + 1) / guava_next_double(state[j]);
        stepped(j, c, floor_below_2p63(q), (q > 0) & (q < limit));
      }
#endif
      walking = kept;
    }
    for (std::size_t j = 0; j < m; ++j) done(at + j, static_cast<std::int32_t>(last[j]));
  }
}

// jump_unchecked() for many keys: out[i] = jump(keys[i], n), same caller guarantee on n (out
// holds keys.size() values). Four keys walk side by side: one key alone waits on each step's
// multiply, divide and floor in turn and then mispredicts where its walk ends; four overlap their
// arithmetic and share that one exit. A lane whose walk is over keeps its bucket while the others
// finish (in WebAssembly the choice is a branch-free `select`).
template <typename Key>
void jump_many(std::span<const Key> keys, std::int32_t n, std::span<std::int32_t> out) noexcept {
  constexpr std::uint64_t kMul = 2862933555777941757ull;
  const double limit = n;
  const std::size_t count = keys.size();
  std::size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    std::uint64_t k0 = keys[i], k1 = keys[i + 1], k2 = keys[i + 2], k3 = keys[i + 3];
    double b0 = -1, b1 = -1, b2 = -1, b3 = -1;
    double x0 = 0, x1 = 0, x2 = 0, x3 = 0;
    while ((x0 < limit) | (x1 < limit) | (x2 < limit) | (x3 < limit)) {
      const bool a0 = x0 < limit, a1 = x1 < limit, a2 = x2 < limit, a3 = x3 < limit;
      b0 = a0 ? floor_below_2p63(x0) : b0;
      b1 = a1 ? floor_below_2p63(x1) : b1;
      b2 = a2 ? floor_below_2p63(x2) : b2;
      b3 = a3 ? floor_below_2p63(x3) : b3;
      k0 = k0 * kMul + 1;
      k1 = k1 * kMul + 1;
      k2 = k2 * kMul + 1;
      k3 = k3 * kMul + 1;
      const double y0 = (b0 + 1) * (2147483648.0 / static_cast<double>((k0 >> 33) + 1));
      const double y1 = (b1 + 1) * (2147483648.0 / static_cast<double>((k1 >> 33) + 1));
      const double y2 = (b2 + 1) * (2147483648.0 / static_cast<double>((k2 >> 33) + 1));
      const double y3 = (b3 + 1) * (2147483648.0 / static_cast<double>((k3 >> 33) + 1));
      x0 = a0 ? y0 : x0;
      x1 = a1 ? y1 : x1;
      x2 = a2 ? y2 : x2;
      x3 = a3 ? y3 : x3;
    }
    out[i] = static_cast<std::int32_t>(b0);
    out[i + 1] = static_cast<std::int32_t>(b1);
    out[i + 2] = static_cast<std::int32_t>(b2);
    out[i + 3] = static_cast<std::int32_t>(b3);
  }
  for (; i < count; ++i) out[i] = jump_unchecked(keys[i], n);
}
// Compiled once, in jump.cpp (for speed; see h32_many), for the two key widths.
extern template void jump_many<std::uint32_t>(std::span<const std::uint32_t>, std::int32_t,
                                              std::span<std::int32_t>) noexcept;
extern template void jump_many<std::uint64_t>(std::span<const std::uint64_t>, std::int32_t,
                                              std::span<std::int32_t>) noexcept;

// Checked jump: throws Error(out_of_range) for n outside 1 .. 2^31 - 1.
[[nodiscard]] std::int32_t jump(std::uint64_t key, std::int64_t n);

// One jump of the algorithm: the bucket it stands on (b), the key after the LCG step, and the
// next candidate bucket j it computes. The last step's j is >= n and b is the answer.
struct JumpStep {
  std::int64_t bucket;
  std::uint64_t key;
  std::int64_t next;
};
// The jumps for a key into n buckets, for steppers. Same checks as jump().
[[nodiscard]] std::vector<JumpStep> jump_trace(std::uint64_t key, std::int64_t n);

// mod-N: the server index h mod n. Throws Error(out_of_range) unless 1 <= n <= 2^32 - 1 (the
// table's mod_n, "n").
[[nodiscard]] std::uint32_t mod_n(std::uint32_t hash, std::int64_t n);

// Jump and mod-N as bucket hashers (buckets.hpp), for the registry (algorithms.cpp): options
// checked against their rows, buckets set. Jump's membership is jump's own: add() makes bucket n
// live (up to 2^31 - 1 buckets), remove(b) takes only the last bucket, n - 1, out. mod-N has no
// membership (a bucket gone renumbers those after it).
[[nodiscard]] std::unique_ptr<BucketHasher> make_jump_hasher(const BucketOptions& options);
[[nodiscard]] std::unique_ptr<BucketHasher> make_mod_n_hasher(const BucketOptions& options);

// x mod n for a fixed n >= 1 without a division (Lemire, Kaser & Kurz, "Faster remainder by direct
// computation", 2019): with M = ceil(2^64 / n), x mod n = ((M * x mod 2^64) * n) >> 64, exact for
// every 32-bit x and n. The top of that 96-bit product is put together from two 64-bit
// multiplies, which WebAssembly (no 128-bit multiply) runs as fast as native code does.
class FastMod {
 public:
  // n >= 1 (the caller checks).
  explicit constexpr FastMod(std::uint32_t n) noexcept : n_(n), m_(~std::uint64_t{0} / n + 1) {}
  [[nodiscard]] constexpr std::uint32_t operator()(std::uint32_t x) const noexcept {
    const std::uint64_t low = m_ * x;
    const std::uint64_t top = (low >> 32) * n_ + (((low & 0xFFFFFFFFu) * n_) >> 32);
    return static_cast<std::uint32_t>(top >> 32);
  }
  [[nodiscard]] constexpr std::uint32_t divisor() const noexcept { return static_cast<std::uint32_t>(n_); }

 private:
  std::uint64_t n_;
  std::uint64_t m_;
};
static_assert(FastMod(1)(4294967295u) == 0 && FastMod(7)(4294967295u) == 4294967295u % 7 &&
              FastMod(65537)(123456789u) == 123456789u % 65537 && FastMod(4294967295u)(4294967295u) == 0 &&
              FastMod(4294967295u)(4294967294u) == 4294967294u);

}  // namespace ringlab
