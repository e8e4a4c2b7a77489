// BinomialHash (Coluzzi, Brocco, Antonucci & Leidi, arXiv 2406.19836), as SUPSI's Java reference
// computes it (BinomialEngine, SUPSI-DTI-ISIN/java-consistent-hashing-algorithms at 68803f8): a
// 32-bit hash into n buckets in constant time, with jump's promise (growing n to n + 1 moves keys
// only to bucket n) and nothing held but n.
//
// The buckets are the nodes of a binary tree laid out by levels: level 0 is bucket 0 and 1, level
// k >= 1 is buckets 2^k .. 2^(k+1) - 1. The enclosing filter E is the smallest 2^j - 1 with
// n <= E + 1, the minor filter m = E >> 1. A key takes the bucket its hash's low bits give, under
// E, moved within its level by a second hash (relocate); one at or above n tries four more
// positions from successive rehashes (one at or below m ends the tries early), and falls back to
// its position under m, which is always below n.
#pragma once

#include <bit>
#include <cstdint>
#include <memory>

#include "ringlab/bucket_trace.hpp"
#include "ringlab/buckets.hpp"

namespace ringlab {

// The reference's rehash of a 32-bit value for a filter: jump's LCG step, squared, times the
// filter, the top half of the 64-bit product (it is below 2^32).
[[nodiscard]] constexpr std::uint64_t binomial_rehash(std::uint64_t value, std::uint32_t filter) noexcept {
  const std::uint64_t h = 2862933555777941757ull * value + 1;
  return (h * h * filter) >> 32;
}

// A bucket moved to a place of its level chosen by the hash (buckets 0 and 1 stay).
// Traced: a `level` step for a bucket that moves.
template <class Trace = NoTrace>
[[nodiscard]] constexpr std::uint32_t binomial_relocate(std::uint32_t bucket, std::uint64_t hash,
                                                        Trace&& trace = {}) noexcept(!kTracing<Trace>) {
  if (bucket < 2) return bucket;
  const std::uint32_t level = std::bit_floor(bucket);
  trace.step(BucketStepKind::level, level, std::uint64_t{level} * 2, bucket);
  return level + (static_cast<std::uint32_t>(binomial_rehash(hash, level - 1)) & (level - 1));
}

// The bucket in [0, n) of a 32-bit hash, as the reference's getBucket. The caller guarantees
// 1 <= n <= 2^31 - 1 (the reference's int; the bucket seam checks it against jump's row).
//
// The filters are n's: the reference keeps them as it adds and removes, and after an add reaches a
// power of two (or a remove leaves one) they are one level up from n's; both give every hash the
// same bucket, since a first position at or above n then always ends at the minor filter's, which
// is the enclosing one's at n. (Built with one bucket, the reference's two filters are 0 and grow
// equal, and its answers reach n and beyond: ringlab answers as the reference built at n.)
//
// binomial_filtered is the lookup over given filters (the reference's getBucket), which the tests
// also run over filters carried as the reference carries them.
//
// Traced (bucket_trace.hpp): the `hash`; each position tried, as its `level` (when it moves) and
// the `candidate` it gives (value: the hash it came from; the tries' bound is n), the position
// under the minor filter last when the tries end there.
template <class Trace = NoTrace>
[[nodiscard]] constexpr std::uint32_t binomial_filtered(std::uint32_t hash, std::uint32_t n, std::uint32_t enclosing,
                                                        std::uint32_t minor,
                                                        Trace&& trace = {}) noexcept(!kTracing<Trace>) {
  if (n < 2) return 0;
  trace.step(BucketStepKind::hash, 0, 0, hash);
  std::uint32_t b = binomial_relocate(hash & enclosing, hash, trace);
  trace.step(BucketStepKind::candidate, b, n, hash);
  if (b < n) return b;
  std::uint64_t h = hash;
  for (int i = 0; i < 4; ++i) {
    h = binomial_rehash(h, enclosing);
    b = binomial_relocate(static_cast<std::uint32_t>(h) & enclosing, h, trace);
    trace.step(BucketStepKind::candidate, b, n, h);
    if (b <= minor) break;
    if (b < n) return b;
  }
  b = binomial_relocate(hash & minor, hash, trace);
  trace.step(BucketStepKind::candidate, b, n, hash);
  return b;
}

template <class Trace = NoTrace>
[[nodiscard]] constexpr std::uint32_t binomial_unchecked(std::uint32_t hash, std::uint32_t n,
                                                         Trace&& trace = {}) noexcept(!kTracing<Trace>) {
  if (n < 2) return 0;
  const std::uint32_t enclosing = std::bit_ceil(n) - 1;
  return binomial_filtered(hash, n, enclosing, enclosing >> 1, trace);
}

// Its bucket hasher (the registry's "binomial"): a 64-bit input whose low 32 bits are the hash
// (the reference hashes a key to 32 bits itself); buckets as jump's (1 .. 2^31 - 1), and jump's
// membership (LastBucketHasher): add() makes bucket n live, remove() takes only the last.
[[nodiscard]] std::unique_ptr<BucketHasher> make_binomial_hasher(const BucketOptions& options);

}  // namespace ringlab
