#include "ringlab/buckets/memento.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "ringlab/error.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/params.hpp"
#include "ringlab/xxh32.hpp"

namespace ringlab {

namespace {

// xxh32 of the key followed by bucket b's 4 bytes, big-endian: a rehash's input. A key that fits
// the buffer (every course key, most keys anywhere) is copied there and hashed in one pass, which
// re-reads its few bytes faster than a stream's state would be copied and continued; a longer one
// is streamed. Both are XXH32 of the same bytes.
std::uint32_t rehash(std::string_view key, std::uint32_t b) noexcept {
  const char be[4] = {static_cast<char>(b >> 24), static_cast<char>(b >> 16), static_cast<char>(b >> 8),
                      static_cast<char>(b)};
  char buffer[64];
  if (key.size() <= sizeof buffer - 4) {
    std::memcpy(buffer, key.data(), key.size());
    std::memcpy(buffer + key.size(), be, 4);
    return xxh32(std::string_view(buffer, key.size() + 4));
  }
  return Xxh32().update(key).update(std::string_view(be, 4)).digest();
}

// Guava walks a batch takes in rounds (guava_jump_blocks): enough that a round's steps overlap
// their divides, few enough that a block's state stays in L1 (256 keys: 4.5 KB).
constexpr std::size_t kJumpBlock = 256;

}  // namespace

// The walk from the key's hash, one definition for a lookup and its trace; the key itself is read
// again only for a rehash. Inlined into each caller, which is then the lookup.
template <class Trace>
[[gnu::always_inline]] inline std::uint32_t Memento::walk(std::uint32_t hash, std::string_view key,
                                                          Trace& trace) const {
  trace.step(BucketStepKind::hash, 0, 0, hash);
  // The reference hands Guava the hash as a long, 0 .. 2^32 - 1.
  const auto b = static_cast<std::uint32_t>(guava_jump_unchecked(hash, static_cast<std::int32_t>(n_), trace));
  trace.step(BucketStepKind::candidate, b, n_, hash);
  return settle(b, hash, key, trace);
}

template <class Trace>
[[gnu::always_inline]] inline std::uint32_t Memento::settle(std::uint32_t b, std::uint32_t hash, std::string_view key,
                                                            Trace& trace) const {
  std::int64_t r = replacer(b);
  while (r >= 0) {
    trace.step(BucketStepKind::removed, b, static_cast<std::uint64_t>(r), 0);
    // The reference's hash(key, seed) skips a seed of 0: bucket 0's rehash is the key's own hash.
    const std::uint32_t h = b == 0 ? hash : rehash(key, b);
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
  NoTrace trace;
  return walk(xxh32(key), key, trace);
}

std::uint32_t Memento::bucket(std::string_view key, std::uint32_t hash) const {
  NoTrace trace;
  return walk(hash, key, trace);
}

std::uint32_t Memento::bucket(std::string_view key, BucketTrace& trace) const { return walk(xxh32(key), key, trace); }

void Memento::bucket_many(std::span<const std::string_view> keys, std::span<const std::uint32_t> hashes,
                          std::span<std::uint32_t> out) const {
  NoTrace trace;
  // A block's jumps, then each key's walk from a removed bucket, in order.
  guava_jump_blocks<kJumpBlock>(
      keys.size(), static_cast<std::int32_t>(n_), [&](std::size_t i) -> std::uint64_t { return hashes[i]; },
      [&](std::size_t i, std::int32_t b) {
        out[i] = settle(static_cast<std::uint32_t>(b), hashes[i], keys[i], trace);
      });
}

void Memento::bucket_many(std::span<const std::string_view> keys, std::span<std::uint32_t> out) const {
  // The keys' hashes a block at a time, then the block's walks.
  constexpr std::size_t kBlock = 1024;
  std::uint32_t hashes[kBlock];
  for (std::size_t at = 0; at < keys.size(); at += kBlock) {
    const std::size_t m = std::min(kBlock, keys.size() - at);
    for (std::size_t j = 0; j < m; ++j) hashes[j] = xxh32(keys[at + j]);
    bucket_many(keys.subspan(at, m), std::span<const std::uint32_t>(hashes, m), out.subspan(at, m));
  }
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
