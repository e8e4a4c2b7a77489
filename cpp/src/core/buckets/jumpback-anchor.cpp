#include "ringlab/buckets/jumpback-anchor.hpp"

#include <bit>
#include <utility>

#include "ringlab/error.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

std::uint32_t JumpBackAnchor::add() {
  if (removed_.empty()) return historic_++;
  const std::uint32_t b = removed_.back();
  removed_.pop_back();
  anchors_.erase(b);
  return b;
}

bool JumpBackAnchor::remove(std::uint32_t b) {
  if (!live(b)) return false;
  if (size() == 1) {
    // The last live bucket: the set is empty, and starts again from bucket 0.
    historic_ = 0;
    removed_.clear();
    anchors_.clear();
  } else if (removed_.empty() && b == historic_ - 1) {
    // The top bucket with none removed: JumpBackHash over one bucket fewer, as jump shrinks.
    --historic_;
  } else {
    removed_.push_back(b);
    const std::uint32_t live_after = size();
    // Looked up before b has its anchor, so b still counts as live here, as in hash4j.
    const std::uint32_t replacement = at_view(live_after, live_after + 1);
    anchors_.insert({.bucket = b, .live_after = live_after, .replacement = replacement});
  }
  return true;
}

template <class Trace>
std::uint32_t JumpBackAnchor::at_view(std::uint32_t b, std::uint32_t view, Trace&& trace) const {
  for (const Anchor* it = anchors_.find(b); it != nullptr && it->live_after >= view; it = anchors_.find(b)) {
    trace.step(BucketStepKind::replaced, b, it->live_after, it->replacement);
    b = it->replacement;
  }
  return b;
}

// Inlined into bucket(), which is then the lookup itself, as before it had a trace.
template <class Trace>
[[gnu::always_inline]] inline std::uint32_t JumpBackAnchor::lookup(std::uint64_t hash, Trace& trace) const {
  if (historic_ <= 1) return 0;
  SplitMix64 random(hash);
  std::uint32_t b = jumpback_walk(historic_, random, trace);
  if (removed_.empty()) return b;
  // A removed bucket: draw among the buckets live just after it left, from the same generator,
  // until the bucket drawn stands for a live one.
  for (const Anchor* it = anchors_.find(b); it != nullptr; it = anchors_.find(b)) {
    const std::uint32_t a = it->live_after;
    trace.step(BucketStepKind::removed, b, a, 0);
    const std::uint32_t drawn = jumpback_anchor_uniform(random, a, trace);
    trace.step(BucketStepKind::candidate, drawn, a, 0);
    b = at_view(drawn, a, trace);
  }
  return b;
}

std::uint32_t JumpBackAnchor::bucket(std::uint64_t hash) const {
  NoTrace trace;
  return lookup(hash, trace);
}

std::uint32_t JumpBackAnchor::bucket(std::uint64_t hash, BucketTrace& trace) const { return lookup(hash, trace); }

namespace {

class JumpBackAnchorHasher final : public BucketHasher {
 public:
  std::unique_ptr<BucketHasher> clone() const override { return std::make_unique<JumpBackAnchorHasher>(*this); }
  explicit JumpBackAnchorHasher(std::uint32_t n) : BucketHasher("jumpback-anchor"), set_(n) {}

  std::uint32_t bucket(std::uint64_t input) const override { return set_.bucket(input); }
  std::vector<BucketStep> trace(std::uint64_t input) const override {
    BucketTrace t;
    const std::uint32_t b = set_.bucket(input, t);
    return std::move(t).finish(b, size());
  }

  bool can_add() const noexcept override { return true; }
  bool can_remove() const noexcept override { return true; }
  // Ids are Java ints in hash4j: once 2^31 - 1 buckets are live, bucket H would not be one.
  std::uint32_t add() override {
    if (set_.size() == static_cast<std::uint32_t>(kMaxBuckets))
      throw Error(ErrorCode::limit_exceeded, rule::bucketCapacity, "", {kMaxBuckets, "jumpback-anchor"});
    return set_.add();
  }
  // hash4j empties the set when its last bucket leaves; through the seam a hasher always has one.
  void remove(std::uint32_t b) override {
    if (!set_.live(b)) throw Error(ErrorCode::not_found, rule::bucketNotLive, "bucket", {b});
    if (set_.size() == 1) throw Error(ErrorCode::out_of_range, rule::noBucketLeft, "bucket", {b});
    set_.remove(b);
  }
  std::uint32_t size() const noexcept override { return set_.size(); }
  std::uint64_t memory_bytes() const noexcept override { return set_.memory_bytes(); }

 private:
  JumpBackAnchor set_;
};

}  // namespace

std::unique_ptr<BucketHasher> make_jumpback_anchor_hasher(const BucketOptions& options) {
  return std::make_unique<JumpBackAnchorHasher>(static_cast<std::uint32_t>(*options.buckets));
}

}  // namespace ringlab
