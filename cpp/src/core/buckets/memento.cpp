#include "ringlab/buckets/memento.hpp"

#include <algorithm>
#include <bit>
#include <optional>
#include <utility>

#include "ringlab/error.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/params.hpp"
#include "ringlab/xxh32.hpp"

namespace ringlab {

// The walk from the key's hash, one definition for a lookup and its trace; key_state() is the
// key's xxh32 state, wanted only for a rehash. Inlined into each caller, which is then the lookup.
template <class KeyState, class Trace>
[[gnu::always_inline]] inline std::uint32_t Memento::walk(std::uint32_t hash, KeyState&& key_state,
                                                          Trace& trace) const {
  trace.step(BucketStepKind::hash, 0, 0, hash);
  // The reference hands Guava the hash as a long, 0 .. 2^32 - 1.
  const auto b = static_cast<std::uint32_t>(guava_jump_unchecked(hash, static_cast<std::int32_t>(n_), trace));
  trace.step(BucketStepKind::candidate, b, n_, hash);
  return settle(b, hash, key_state, trace);
}

template <class KeyState, class Trace>
[[gnu::always_inline]] inline std::uint32_t Memento::settle(std::uint32_t b, std::uint32_t hash, KeyState&& key_state,
                                                            Trace& trace) const {
  std::int64_t r = replacer(b);
  while (r >= 0) {
    trace.step(BucketStepKind::removed, b, static_cast<std::uint64_t>(r), 0);
    // The reference's hash(key, seed) skips a seed of 0: bucket 0's rehash is the key's own hash.
    std::uint32_t h = hash;
    if (b != 0) {
      const char be[4] = {static_cast<char>(b >> 24), static_cast<char>(b >> 16), static_cast<char>(b >> 8),
                          static_cast<char>(b)};
      h = Xxh32(key_state()).update(std::string_view(be, 4)).digest();
    }
    const auto view = static_cast<std::uint32_t>(r);
    b = h % view;
    trace.step(BucketStepKind::candidate, b, view, h);
    // A bucket removed after this view (its replacer >= the view) stands for its replacer.
    std::int64_t next = replacer(b);
    while (next >= r) {
      trace.step(BucketStepKind::replaced, b, static_cast<std::uint64_t>(next), static_cast<std::uint64_t>(next));
      b = static_cast<std::uint32_t>(next);
      next = replacer(b);
    }
    r = next;
  }
  return b;
}

std::uint32_t Memento::bucket(std::string_view key) const {
  // The key is hashed once; each rehash continues its state with the bucket's 4 bytes.
  Xxh32 state;
  state.update(key);
  NoTrace trace;
  return walk(
      state.digest(), [&]() -> const Xxh32& { return state; }, trace);
}

std::uint32_t Memento::bucket(std::string_view key, std::uint32_t hash) const {
  // The key's state is made at its first rehash, and continued from there.
  std::optional<Xxh32> state;
  NoTrace trace;
  return walk(
      hash,
      [&]() -> const Xxh32& {
        if (!state) state.emplace().update(key);
        return *state;
      },
      trace);
}

std::uint32_t Memento::bucket(std::string_view key, BucketTrace& trace) const {
  Xxh32 state;
  state.update(key);
  return walk(
      state.digest(), [&]() -> const Xxh32& { return state; }, trace);
}

void Memento::bucket_many(std::span<const std::string_view> keys, std::span<std::uint32_t> out) const {
  NoTrace trace;
  const std::size_t count = keys.size();
  std::size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    std::uint64_t hashes[4];
    for (int j = 0; j < 4; ++j) hashes[j] = Xxh32().update(keys[i + j]).digest();
    std::int32_t jumped[4];
    guava_jump4(hashes, static_cast<std::int32_t>(n_), jumped);
    for (std::size_t j = 0; j < 4; ++j) {
      // The key's state is made at its first rehash, as bucket(key, hash) makes it.
      std::optional<Xxh32> state;
      out[i + j] = settle(
          static_cast<std::uint32_t>(jumped[j]), static_cast<std::uint32_t>(hashes[j]),
          [&]() -> const Xxh32& {
            if (!state) state.emplace().update(keys[i + j]);
            return *state;
          },
          trace);
    }
  }
  for (; i < count; ++i) out[i] = bucket(keys[i]);
}

void Memento::remove(std::uint32_t bucket) {
  // The b-array's last bucket, with nothing remembered: the array shrinks, as jump's does.
  if (removed_.empty() && bucket == n_ - 1) {
    n_ = last_removed_ = bucket;
    return;
  }
  removed_.insert(Removed{bucket, size() - 1, last_removed_});
  last_removed_ = bucket;
}

std::uint32_t Memento::add() {
  const std::uint32_t bucket = last_removed_;
  if (removed_.empty()) {
    last_removed_ = bucket + 1;
  } else {
    last_removed_ = removed_.find(bucket)->previous;
    removed_.erase(bucket);
  }
  n_ = std::max(n_, bucket + 1);
  return bucket;
}

namespace {

class MementoHasher final : public BucketHasher {
 public:
  std::unique_ptr<BucketHasher> clone() const override { return std::make_unique<MementoHasher>(*this); }
  explicit MementoHasher(std::uint32_t n) : BucketHasher("memento"), memento_(n) {}

  std::uint32_t bucket_key(std::string_view key) const override {
    if (key.empty()) throw Error(ErrorCode::invalid_argument, rule::emptyInput, "input", {"memento"});
    return memento_.bucket(key);
  }
  // Every key checked before any bucket is computed, as a batch of the seam checks its inputs.
  void bucket_many(std::span<const std::string_view> keys, std::span<std::uint32_t> out) const override {
    for (const std::string_view key : keys)
      if (key.empty()) throw Error(ErrorCode::invalid_argument, rule::emptyInput, "input", {"memento"});
    memento_.bucket_many(keys, out);
  }
  std::vector<BucketStep> trace_key(std::string_view key) const override {
    if (key.empty()) throw Error(ErrorCode::invalid_argument, rule::emptyInput, "input", {"memento"});
    BucketTrace t;
    const std::uint32_t b = memento_.bucket(key, t);
    return std::move(t).finish(b, size());
  }

  bool can_add() const noexcept override { return true; }
  bool can_remove() const noexcept override { return true; }
  // The bucket removed last comes back; with none remembered, a new one after the b-array, up to
  // the reference's int.
  std::uint32_t add() override {
    if (memento_.remembered() == 0 && memento_.b_array_size() == kMaxBuckets)
      throw Error(ErrorCode::limit_exceeded, rule::bucketCapacity, "", {kMaxBuckets, "memento"});
    return memento_.add();
  }
  // Any live bucket, but never the last one left (the reference would then hash into no bucket).
  void remove(std::uint32_t b) override {
    if (!memento_.live(b)) throw Error(ErrorCode::not_found, rule::bucketNotLive, "bucket", {b});
    if (memento_.size() == 1) throw Error(ErrorCode::out_of_range, rule::noBucketLeft, "bucket", {b});
    memento_.remove(b);
  }
  std::uint32_t size() const noexcept override { return memento_.size(); }
  std::uint64_t memory_bytes() const noexcept override { return memento_.memory_bytes(); }

 private:
  Memento memento_;
};

}  // namespace

std::unique_ptr<BucketHasher> make_memento_hasher(const BucketOptions& options) {
  return std::make_unique<MementoHasher>(static_cast<std::uint32_t>(*options.buckets));
}

}  // namespace ringlab
