// JumpBack-Anchor (Otmar Ertl, 2025; hash4j's ConsistentJumpBackAnchorBucketSetHasher): a set of
// buckets that any bucket can leave, with a 64-bit hash's bucket among the live ones. It keeps
// the most buckets ever live at once, H, and answers as JumpBackHash over H; a key that lands on a
// bucket since removed moves as AnchorHash moves it (Mendelson et al., the memory-optimised
// version): each removed bucket remembers how many buckets were live just after it left and which
// bucket took its place, and the key draws again, from the same generator, among that many.
// add() brings back the bucket removed last, as AnchorHash does, and a new bucket H only when
// none is removed.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ringlab/bucket_trace.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/bucket_table.hpp"
#include "ringlab/buckets/jumpback.hpp"

namespace ringlab {

// hash4j's uniformInt(s), 1 <= s < 2^31 (Lemire's algorithm 5 with 32-bit words): the high half of
// s times the low 32 bits of a draw, drawing again while the low half falls in the 2^32 mod s
// values that would favour some results.
// Traced: each value drawn, a `draw` reduced into s values.
template <class Trace = NoTrace>
[[nodiscard]] constexpr std::uint32_t jumpback_anchor_uniform(SplitMix64& random, std::uint32_t s,
                                                              Trace&& trace = {}) noexcept(!kTracing<Trace>) {
  std::uint64_t r = random.next();
  trace.step(BucketStepKind::draw, 0, s, r);
  std::uint64_t m = (r & 0xFFFFFFFFu) * s;
  if (static_cast<std::uint32_t>(m) < s) {
    const std::uint32_t t = static_cast<std::uint32_t>((std::uint64_t{1} << 32) % s);
    while (static_cast<std::uint32_t>(m) < t) {
      r = random.next();
      trace.step(BucketStepKind::draw, 0, s, r);
      m = (r & 0xFFFFFFFFu) * s;
    }
  }
  return static_cast<std::uint32_t>(m >> 32);
}

// hash4j's set hasher, whole: add() and remove() as hash4j has them, removing the last live bucket
// included (the set is then empty, as a new one). Bucket ids are below 2^31 (hash4j's are Java
// ints): the caller adds no bucket once 2^31 - 1 are live.
class JumpBackAnchor {
 public:
  JumpBackAnchor() = default;
  // n buckets, 0 .. n - 1: the set after n add()s.
  explicit JumpBackAnchor(std::uint32_t n) : historic_(n) {}

  // The bucket made live: the one removed last, or else bucket H, a new one.
  std::uint32_t add();
  // Takes live bucket b out; false (and nothing changes) when b is not live.
  bool remove(std::uint32_t b);
  [[nodiscard]] bool live(std::uint32_t b) const noexcept { return b < historic_ && !anchors_.contains(b); }
  // How many buckets are live.
  [[nodiscard]] std::uint32_t size() const noexcept { return historic_ - static_cast<std::uint32_t>(removed_.size()); }
  // Its stack of removed buckets (4 bytes each) and their anchors' table: nothing for a live
  // bucket.
  [[nodiscard]] std::uint64_t memory_bytes() const noexcept {
    return 4 * std::uint64_t{removed_.size()} + anchors_.memory_bytes();
  }
  // The live bucket of a 64-bit hash. The caller guarantees size() >= 1.
  [[nodiscard]] std::uint32_t bucket(std::uint64_t hash) const;
  // The same, its steps recorded (bucket_trace.hpp): JumpBackHash's walk over H, then for each
  // bucket it reaches that was removed, `removed` (bound: the buckets live after it left), the
  // draws among them, the `candidate` drawn and each `replaced` on the way to its stand-in.
  [[nodiscard]] std::uint32_t bucket(std::uint64_t hash, BucketTrace& trace) const;

 private:
  // What a removed bucket remembers (AnchorHash's a and K): how many buckets were live just after
  // it left, and the bucket that then took its place.
  struct Anchor {
    std::uint32_t bucket;  // the removed bucket
    std::uint32_t live_after;
    std::uint32_t replacement;
  };
  // The bucket that stands for b among the first `view` live buckets: b itself, or, while b was
  // removed when at least that many were live, the bucket that took its place.
  template <class Trace = NoTrace>
  [[nodiscard]] std::uint32_t at_view(std::uint32_t b, std::uint32_t view, Trace&& trace = {}) const;
  // bucket()'s lookup, one definition for both.
  template <class Trace>
  [[nodiscard]] std::uint32_t lookup(std::uint64_t hash, Trace& trace) const;

  std::uint32_t historic_ = 0;          // H: every bucket below H is live or removed, none above
  std::vector<std::uint32_t> removed_;  // the removed buckets, the last removed at the back
  // The removed buckets' anchors; a live bucket costs nothing, so H = 2^31 - 1 is as cheap as
  // H = 1, and a lookup at 90 % removed follows a chain of anchors, each a probe of adjacent
  // entries.
  BucketTable<Anchor> anchors_;
};

// Its bucket hasher (the registry's "jumpback-anchor"): buckets as jump's (1 .. 2^31 - 1, n add()s
// from empty), any live bucket removed (bucketNotLive for another, noBucketLeft for the last one
// left) and the last removed added back first.
[[nodiscard]] std::unique_ptr<BucketHasher> make_jumpback_anchor_hasher(const BucketOptions& options);

}  // namespace ringlab
