// A bucket lookup's trace (buckets.hpp's BucketHasher::trace): the steps an algorithm takes from
// an input to its bucket, as small typed records, for steppers that show a lookup step by step.
//
// Each algorithm's lookup is one template over an observer, so that its bucket and its trace run
// the same code: the plain lookup passes NoTrace, whose step() is empty and compiles away (and
// whose `enabled` is false, for a step whose fields cost work of their own); the trace passes a
// BucketTrace, which records the steps.
//
//   template <class Trace = NoTrace>
//   constexpr std::uint32_t my_lookup(std::uint64_t hash, std::uint32_t n, Trace&& trace = {}) {
//     ...
//     trace.step(BucketStepKind::candidate, b, n, r);
//   }
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace ringlab {

// What a step is: the algorithms' own moves, in their papers' words. Each step has a bucket, a
// bound and a value (BucketStep), which each kind reads as its line here says; a field a kind
// does not use is 0.
//
//   hash       the input's hash, or a hash of it the algorithm starts from: value
//   draw       a pseudo-random value drawn from the key's generator: value, and bound the range it
//              is reduced into (0 when it is used whole)
//   candidate  a bucket considered: bucket, bound the limit it is held to (the buckets, or the
//              range it was drawn into), value the draw it came from (0 for none)
//   jump       jump's step (Lamping & Veach): from candidate bucket to the next candidate, value;
//              bound is n, and the walk ends at the first value at or beyond it
//   range      JumpBackHash: the power-of-two range [bucket, bound) the walk back tries next
//   flip       FlipHash: within the range [0, bound), value with the bits below its top bit
//              flipped, giving bucket (the key's value in that range)
//   level      BinomialHash: position value moved within its level [bucket, bound) of the tree
//   probe      multi-probe: probe number bound (0, 1, ...), at h1 + bound * h2 on the ring of 2^64
//              (the two hash steps before it), whose first point after it is node bucket's, value
//              ahead of it (clockwise); the nearest such point wins
//   removed    a candidate that is not live: bucket; bound, where the algorithm remembers it, the
//              buckets live right after it left (the view its keys are hashed again into)
//   replaced   a removed bucket that stands for the one that took its place: bucket, its
//              replacement value, and bound the view in which it was replaced
//   elided     steps left out because the trace reached kMaxTraceSteps: value says how many
//   answer     the bucket: always the last step, and bucket(input); bound is the live buckets
//
// The names are kBucketStepKindNames', in this order: the CLI and the package spell them so.
enum class BucketStepKind : std::uint8_t {
  hash,
  draw,
  candidate,
  jump,
  range,
  flip,
  level,
  probe,
  removed,
  replaced,
  elided,
  answer
};
inline constexpr std::string_view kBucketStepKindNames[] = {
    "hash", "draw", "candidate", "jump", "range", "flip", "level", "probe", "removed", "replaced", "elided", "answer"};
static_assert(std::size(kBucketStepKindNames) == static_cast<std::size_t>(BucketStepKind::answer) + 1);

[[nodiscard]] constexpr std::string_view step_kind_name(BucketStepKind kind) noexcept {
  return kBucketStepKindNames[static_cast<std::size_t>(kind)];
}

// One step of a lookup (the kinds say what each field holds). bound is 64-bit so that a range
// reaching 2^32 (FlipHash's widest) is one; every bound is at most 2^32.
struct BucketStep {
  BucketStepKind kind = BucketStepKind::answer;
  std::uint32_t bucket = 0;
  std::uint64_t bound = 0;
  std::uint64_t value = 0;

  friend constexpr bool operator==(const BucketStep&, const BucketStep&) = default;
};

// The most steps a trace holds, its last the answer. A lookup's own loops are bounded, but some
// are long: DxHash probes up to 4 x its slots, and the replacement chains of AnchorHash, Memento
// and JumpBack-Anchor grow with the removals. A trace that would be longer keeps its first
// kMaxTraceSteps - 2 steps, then one `elided` step counting those left out, then the answer.
inline constexpr std::size_t kMaxTraceSteps = 4096;

// The plain lookup's observer: records nothing, and costs nothing.
struct NoTrace {
  static constexpr bool enabled = false;
  constexpr void step(BucketStepKind, std::uint32_t, std::uint64_t, std::uint64_t) const noexcept {}
};

// Whether a lookup runs with an observer that records (a BucketTrace), for the steps whose fields
// cost work of their own, and for noexcept: the plain lookup throws nothing, a trace may not
// allocate.
template <class Trace>
inline constexpr bool kTracing = std::remove_cvref_t<Trace>::enabled;

// The trace's observer: the steps, up to kMaxTraceSteps with the answer (finish()).
class BucketTrace {
 public:
  static constexpr bool enabled = true;
  void step(BucketStepKind kind, std::uint32_t bucket, std::uint64_t bound, std::uint64_t value) {
    if (steps_.size() < kMaxTraceSteps - 2) steps_.push_back({kind, bucket, bound, value});
    else ++elided_;
  }
  // The steps, ended by the answer: `bucket` among `live` buckets.
  [[nodiscard]] std::vector<BucketStep> finish(std::uint32_t bucket, std::uint64_t live) && {
    if (elided_ > 0) steps_.push_back({BucketStepKind::elided, 0, 0, elided_});
    steps_.push_back({BucketStepKind::answer, bucket, live, 0});
    return std::move(steps_);
  }

 private:
  std::vector<BucketStep> steps_;
  std::uint64_t elided_ = 0;
};

}  // namespace ringlab
