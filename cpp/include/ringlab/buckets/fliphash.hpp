// FlipHash (Charles Masson and Homin K. Lee, 2024; Datadog's fliphash-rs, fliphash_64): a 64-bit
// key into the range 0 .. end, in constant time, with jump's promise (widening the range moves a
// key only to the new values). Inside a power-of-two range it keeps a hash's low bits and flips
// those below the top one by a second hash of that top bit's position, so that a key keeps its
// value when the range doubles or moves it into the new half; a range that is no power of two
// draws again, at most 64 times, while the draw falls above the end in the upper half.
#pragma once

#include <bit>
#include <cstdint>
#include <memory>

#include "ringlab/bucket_trace.hpp"
#include "ringlab/buckets.hpp"

namespace ringlab {

// fliphash-rs's hash of (key, seed) for a bit length and an iteration: the key xor the seed,
// multiplied by an odd number of each, with two xor-shift-multiply rounds between (after
// Pelle Evensen's moremur).
[[nodiscard]] constexpr std::uint64_t fliphash_mix(std::uint64_t key, std::uint64_t seed, std::uint32_t bits,
                                                   std::uint32_t iteration) noexcept {
  std::uint64_t k = (key ^ seed) * (std::uint64_t{bits} * 2 + 1);
  k = (k ^ (k >> 27)) * 0x3C79AC492BA7B653ull;
  k *= std::uint64_t{iteration} * 2 + 1;
  k = (k ^ (k >> 33)) * 0x1C69B3F74AC4AE35ull;
  return k ^ (k >> 27);
}

// The value in the power-of-two range 0 .. mask of a key whose first hash is `hash`: its low bits,
// those below their top bit flipped by the hash for that bit's position (0 stays 0).
// Traced: a `flip` from the low bits to the value, in the range [0, mask + 1).
template <class Trace = NoTrace>
[[nodiscard]] constexpr std::uint64_t fliphash_pow2(std::uint64_t key, std::uint64_t seed, std::uint64_t hash,
                                                    std::uint64_t mask, Trace&& trace = {}) noexcept(!kTracing<Trace>) {
  const std::uint64_t masked = hash & mask;
  std::uint64_t value = 0;
  if (masked != 0) {
    const auto top = static_cast<std::uint32_t>(63 - std::countl_zero(masked));
    value = masked ^ (fliphash_mix(key, seed, top, 0) & (~std::uint64_t{0} >> std::countl_zero(masked) >> 1));
  }
  trace.step(BucketStepKind::flip, static_cast<std::uint32_t>(value), mask + 1, masked);
  return value;
}

// fliphash_64_with_seed(key, seed, ..=end): the key's value in 0 .. end (n buckets is end = n - 1).
// mask is the power-of-two range that holds end. The key's value there, if not above end, is the
// answer; otherwise up to 64 draws over that range, each for end's bit length: one in the lower
// half ends the draws, one in the upper half not above end is the answer. After them, the key's
// value in the lower half.
//
// Traced (bucket_trace.hpp; a trace's buckets and bounds are 32-bit, so traced ends are below
// 2^32, as the seam's are): the first `hash`, its `flip` into the range and that `candidate`;
// then each draw's `candidate` (its value the hash drawn), and the `flip` into the lower half
// when the draws end there.
template <class Trace = NoTrace>
[[nodiscard]] constexpr std::uint64_t fliphash_unchecked(std::uint64_t key, std::uint64_t end, std::uint64_t seed = 0,
                                                         Trace&& trace = {}) noexcept(!kTracing<Trace>) {
  if (end == 0) return 0;
  const std::uint64_t mask = ~std::uint64_t{0} >> std::countl_zero(end);
  const std::uint64_t hash = fliphash_mix(key, seed, 0, 0);
  trace.step(BucketStepKind::hash, 0, 0, hash);
  const std::uint64_t value = fliphash_pow2(key, seed, hash, mask, trace);
  trace.step(BucketStepKind::candidate, static_cast<std::uint32_t>(value), end + 1, hash);
  if (value <= end) return value;
  const auto bits = static_cast<std::uint32_t>(63 - std::countl_zero(end));
  for (std::uint32_t i = 1; i <= 64; ++i) {
    const std::uint64_t drawn = fliphash_mix(key, seed, bits, i);
    const std::uint64_t draw = drawn & mask;
    trace.step(BucketStepKind::candidate, static_cast<std::uint32_t>(draw), end + 1, drawn);
    if (draw <= mask >> 1) break;
    if (draw <= end) return draw;
  }
  return fliphash_pow2(key, seed, hash, mask >> 1, trace);
}

// Its bucket hasher (the registry's "fliphash"): n buckets (1 .. 2^32 - 1, the seam's widest: the
// reference takes any 64-bit end) are the range 0 .. n - 1, with a seed (0 unless given), and
// jump's membership: add() makes bucket n live, remove() takes only the last.
[[nodiscard]] std::unique_ptr<BucketHasher> make_fliphash_hasher(const BucketOptions& options);

}  // namespace ringlab
