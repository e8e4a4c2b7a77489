// JumpBackHash (Otmar Ertl, 2024; hash4j's ConsistentJumpBackBucketHasher): a key's 64-bit hash
// into n buckets, as jump does it, with integers only. Jump walks its candidate buckets forwards
// from 0 with a division per step; JumpBackHash walks the same kind of candidates backwards, from
// the highest power-of-two range that n reaches, and takes the first below n. Its random values
// are SplitMix64's (java.util.SplittableRandom's nextLong), seeded with the hash, and it needs
// 1.67 of them at most on average, whatever n.
#pragma once

#include <bit>
#include <cstdint>
#include <memory>

#include "ringlab/bucket_trace.hpp"
#include "ringlab/buckets.hpp"

namespace ringlab {

// java.util.SplittableRandom's nextLong(): the state steps by the golden gamma and is mixed
// (Stafford's variant 13 of MurmurHash3's finalizer).
class SplitMix64 {
 public:
  explicit constexpr SplitMix64(std::uint64_t seed) noexcept : state_(seed) {}
  constexpr std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

// JumpBackHash's walk into n >= 2 buckets, drawing from `random` as it stands, which it leaves
// after its last draw: hash4j's JumpBack-Anchor set hasher draws on from there.
//
// x holds the power-of-two ranges [lo, 2 lo) still to try, from the top: the first random value
// r0 picks, for each range, whether it holds the key's last jump (a bit of x) and where in the
// range it lands (half of r0 by the parity of x's bits, as hash4j shifts by bitCount(x) << 5,
// which Java takes mod 64). A landing at or above n draws more values until one falls below lo
// (the key jumped to a lower range) or below n.
//
// Traced (bucket_trace.hpp): `draw` r0, over the ranges below the top power of two; for each range
// tried, `range` [lo, 2 lo) and its `candidate` from r0; then, while candidates fall at or above
// n, each further `draw` and its `candidate`s (low half, then high half), one below lo ending the
// range.
template <class Trace = NoTrace>
[[nodiscard]] constexpr std::uint32_t jumpback_walk(std::uint32_t n, SplitMix64& random,
                                                    Trace&& trace = {}) noexcept(!kTracing<Trace>) {
  const std::uint64_t r0 = random.next();
  const std::uint32_t ranges = 0xFFFFFFFFu >> std::countl_zero(n - 1);
  trace.step(BucketStepKind::draw, 0, std::uint64_t{ranges} + 1, r0);
  std::uint32_t x = static_cast<std::uint32_t>(r0 ^ (r0 >> 32)) & ranges;
  while (x != 0) {
    const std::uint32_t lo = std::uint32_t{1} << (31 - std::countl_zero(x));
    trace.step(BucketStepKind::range, lo, std::uint64_t{lo} * 2, 0);
    const std::uint32_t b = lo + (static_cast<std::uint32_t>(r0 >> (32 * (std::popcount(x) & 1))) & (lo - 1));
    trace.step(BucketStepKind::candidate, b, n, r0);
    if (b < n) return b;
    const std::uint32_t mask = 2 * lo - 1;
    for (;;) {
      const std::uint64_t r1 = random.next();
      trace.step(BucketStepKind::draw, 0, std::uint64_t{mask} + 1, r1);
      const std::uint32_t low = static_cast<std::uint32_t>(r1) & mask;
      trace.step(BucketStepKind::candidate, low, n, r1);
      if (low < lo) break;
      if (low < n) return low;
      const std::uint32_t high = static_cast<std::uint32_t>(r1 >> 32) & mask;
      trace.step(BucketStepKind::candidate, high, n, r1);
      if (high < lo) break;
      if (high < n) return high;
    }
    x ^= lo;
  }
  return 0;
}

// The bucket in [0, n) of a 64-bit hash, as hash4j's getBucket(hash, n): the walk, its generator
// seeded with the hash. The caller guarantees 1 <= n <= 2^31 - 1 (hash4j's n is a Java int; the
// bucket seam checks it against jump's row).
template <class Trace = NoTrace>
[[nodiscard]] constexpr std::uint32_t jumpback_unchecked(std::uint64_t hash, std::uint32_t n,
                                                         Trace&& trace = {}) noexcept(!kTracing<Trace>) {
  if (n <= 1) return 0;
  SplitMix64 random(hash);
  return jumpback_walk(n, random, trace);
}

// Its bucket hasher (the registry's "jumpback"): buckets as jump's (1 .. 2^31 - 1), and jump's
// membership: add() makes bucket n live, remove() takes only the last.
[[nodiscard]] std::unique_ptr<BucketHasher> make_jumpback_hasher(const BucketOptions& options);

}  // namespace ringlab
