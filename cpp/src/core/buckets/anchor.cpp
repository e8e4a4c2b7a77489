#include "ringlab/buckets/anchor.hpp"

#include <cstddef>
#include <span>
#include <utility>

#include "ringlab/error.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

AnchorHash::AnchorHash(std::uint32_t a, std::uint32_t w)
    : capacity_(a), size_(w), removed_at_(a, 0), working_(a), position_(a), replacement_(a) {
  for (std::uint32_t i = 0; i < a; ++i) working_[i] = position_[i] = replacement_[i] = i;
  // The reference treats the buckets beyond w as removed in order, the last first: each "left"
  // when i buckets were working.
  removed_.reserve(a - w);
  for (std::uint32_t i = a; i-- > w;) {
    removed_at_[i] = i;
    removed_.push_back(i);
  }
}

template <class Trace>
std::uint32_t AnchorHash::translate(std::uint32_t b, std::uint32_t h, Trace& trace) const noexcept(!kTracing<Trace>) {
  if (b == h) {
    trace.step(BucketStepKind::replaced, b, removed_at_[b], replacement_[b]);
    return replacement_[b];
  }
  while (removed_at_[b] <= removed_at_[h]) {
    trace.step(BucketStepKind::replaced, h, removed_at_[h], replacement_[h]);
    h = replacement_[h];
  }
  return h;
}

// Inlined into bucket(), which is then the lookup itself, as before it had a trace.
template <class Trace>
[[gnu::always_inline]] inline std::uint32_t AnchorHash::lookup(std::uint64_t key1, std::uint64_t key2,
                                                               Trace& trace) const noexcept(!kTracing<Trace>) {
  // The first hash is uniform over all a buckets.
  std::uint32_t hash = crc32c_u64(key1, static_cast<std::uint32_t>(key2));
  std::uint32_t b = hash % capacity_;
  trace.step(BucketStepKind::hash, 0, 0, hash);
  trace.step(BucketStepKind::candidate, b, capacity_, hash);
  while (removed_at_[b] != 0) {
    trace.step(BucketStepKind::removed, b, removed_at_[b], 0);
    // b was removed when removed_at_[b] buckets were left: hash again over those (positions
    // 0 .. removed_at_[b] - 1 then), the hash fed back into both keys, with 64-bit wrap-around.
    hash = crc32c_u64(key1 - hash, static_cast<std::uint32_t>(key2 + hash));
    const std::uint32_t h = hash % removed_at_[b];
    trace.step(BucketStepKind::hash, 0, 0, hash);
    trace.step(BucketStepKind::candidate, h, removed_at_[b], hash);
    // h working, or removed after b: it was in b's working set, so it is the next step. Otherwise
    // h left first, and its replacements lead to the bucket that held its place then.
    b = removed_at_[h] == 0 || removed_at_[h] < removed_at_[b] ? h : translate(b, h, trace);
  }
  return b;
}

std::uint32_t AnchorHash::bucket(std::uint64_t key1, std::uint64_t key2) const noexcept {
  NoTrace trace;
  return lookup(key1, key2, trace);
}

std::uint32_t AnchorHash::bucket(std::uint64_t key1, std::uint64_t key2, BucketTrace& trace) const {
  return lookup(key1, key2, trace);
}

void AnchorHash::remove(std::uint32_t b) {
  removed_.push_back(b);
  --size_;
  // The last working bucket takes b's position, and is b's replacement.
  const std::uint32_t last = working_[size_];
  working_[position_[b]] = last;
  position_[last] = position_[b];
  replacement_[b] = last;
  removed_at_[b] = size_;
}

std::uint32_t AnchorHash::add() noexcept {
  const std::uint32_t b = removed_.back();
  removed_.pop_back();
  // Undo its removal: the bucket that took its position goes back to the end.
  position_[working_[size_]] = size_;
  working_[position_[b]] = b;
  ++size_;
  removed_at_[b] = 0;
  replacement_[b] = b;
  return b;
}

namespace {

class AnchorHasher final : public BucketHasher {
 public:
  std::unique_ptr<BucketHasher> clone() const override { return std::make_unique<AnchorHasher>(*this); }
  AnchorHasher(std::uint32_t a, std::uint32_t w) : BucketHasher("anchor"), anchor_(a, w) {}

  std::uint32_t bucket(std::uint64_t input) const override { return anchor_.bucket(input, 0); }
  // Loops of its own: the lookup inlined, not a virtual call per input.
  void bucket_many(std::span<const std::uint64_t> inputs, std::span<std::uint32_t> out) const override {
    for (std::size_t i = 0; i < inputs.size(); ++i) out[i] = anchor_.bucket(inputs[i], 0);
  }
  void bucket_many(std::span<const std::uint32_t> inputs, std::span<std::uint32_t> out) const override {
    for (std::size_t i = 0; i < inputs.size(); ++i) out[i] = anchor_.bucket(inputs[i], 0);
  }
  std::vector<BucketStep> trace(std::uint64_t input) const override {
    BucketTrace t;
    const std::uint32_t b = anchor_.bucket(input, 0, t);
    return std::move(t).finish(b, size());
  }

  bool can_add() const noexcept override { return true; }
  bool can_remove() const noexcept override { return true; }
  // The reference revives the last removed bucket; with none removed, all a are working.
  std::uint32_t add() override {
    if (anchor_.size() == anchor_.capacity())
      throw Error(ErrorCode::limit_exceeded, rule::bucketCapacity, "", {anchor_.capacity(), "anchor"});
    return anchor_.add();
  }
  // Any working bucket, but not the last: the reference would remove a bucket twice, or leave
  // lookups no bucket to end on, without a word.
  void remove(std::uint32_t b) override {
    if (!anchor_.working(b)) throw Error(ErrorCode::not_found, rule::bucketNotLive, "bucket", {b});
    if (anchor_.size() == 1) throw Error(ErrorCode::out_of_range, rule::noBucketLeft, "bucket", {b});
    anchor_.remove(b);
  }
  std::uint32_t size() const noexcept override { return anchor_.size(); }
  std::uint64_t memory_bytes() const noexcept override { return anchor_.memory_bytes(); }

 private:
  AnchorHash anchor_;
};

}  // namespace

std::unique_ptr<BucketHasher> make_anchor_hasher(const BucketOptions& options) {
  return std::make_unique<AnchorHasher>(static_cast<std::uint32_t>(*options.capacity),
                                        static_cast<std::uint32_t>(*options.buckets));
}

}  // namespace ringlab
