#include "ringlab/buckets/memento.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <utility>

#include "ringlab/error.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/params.hpp"
#include "ringlab/xxh32.hpp"

namespace ringlab {

namespace {

// Little-endian loads of a key's bytes where they lie, as XXH32 reads them.
std::uint64_t load64(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  return v;
}
std::uint32_t load32(const char* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap32(v);
  return v;
}

// Guava walks a batch takes in rounds (guava_jump_blocks): enough that a round's steps overlap
// their divides and that few rounds have only a handful of walks left, few enough that a block's
// state (36 bytes a key: 36 KB, on the stack) stays in the bench machine's 48 KB L1. With half of
// 1,000 buckets removed, 1,024 keys took 29.0 ns a key, 512 29.5, 256 30.0.
constexpr std::size_t kJumpBlock = 1024;

}  // namespace

// XXH32's arithmetic (xxh32.hpp, seed 0) over the key and the bucket's bytes without putting them
// together in memory: the key's words are read where they lie, and the words where it ends and the
// bucket's bytes begin are joined in registers. Copied into a buffer first, a word that spans the
// key's last bytes and the bucket's would be read back from several narrower stores, which the
// processor does not forward: each rehash waited for its buffer to be written.
std::uint32_t Memento::rehash(std::string_view key, std::uint32_t b) noexcept {
  using namespace xxh32_steps;
  const char* p = key.data();
  const std::size_t n = key.size();
  const std::size_t total = n + 4;
  std::uint32_t a[4] = {kPrime1 + kPrime2, kPrime2, 0, 0 - kPrime1};
  const auto stripe = [&](std::uint32_t w0, std::uint32_t w1, std::uint32_t w2, std::uint32_t w3) {
    a[0] = lane(a[0], w0);
    a[1] = lane(a[1], w1);
    a[2] = lane(a[2], w2);
    a[3] = lane(a[3], w3);
  };
  // A key of 12 to 15 bytes (a short name and a number, most keys): one stripe, whose last word is
  // the key's bytes from 12 on and the bucket's first ones, then the bucket's other 0 .. 3 bytes.
  if (n >= 12 && n < 16) {
    const std::uint64_t last = std::uint64_t{load32(p + n - 4)} >> (128 - 8 * n);  // bytes 12 .. n - 1
    std::uint64_t rest = last | std::uint64_t{__builtin_bswap32(b)} << (8 * n - 96);
    stripe(load32(p), load32(p + 4), load32(p + 8), static_cast<std::uint32_t>(rest));
    std::uint32_t h = merge(a) + static_cast<std::uint32_t>(total);
    rest >>= 32;
    for (std::size_t i = 12; i < n; ++i, rest >>= 8) h = tail_byte(h, static_cast<std::uint32_t>(rest & 0xFF));
    return avalanche(h);
  }
  std::size_t at = 0;
  for (; at + 16 <= n; at += 16) stripe(load32(p + at), load32(p + at + 4), load32(p + at + 8), load32(p + at + 12));
  // Any other length: its whole stripes, then its last t bytes and the bucket's 4 (up to 19: q0,
  // q1, q2, little-endian). Each load lies within the key; loads that overlap give the same bytes.
  const std::size_t t = n - at;
  std::uint64_t q0 = 0, q1 = 0, q2 = 0;
  if (t >= 8) {
    q0 = load64(p + at);
    if (t > 8) q1 = load64(p + n - 8) >> (128 - 8 * t);
  } else if (t >= 4) {
    q0 = load32(p + at) | std::uint64_t{load32(p + n - 4)} << (8 * t - 32);
  } else if (t > 0) {
    const auto byte = [&](std::size_t i) { return std::uint64_t{static_cast<std::uint8_t>(p[i])}; };
    q0 = byte(at) | byte(at + t / 2) << (8 * (t / 2)) | byte(n - 1) << (8 * (t - 1));
  }
  // Then the bucket's 4 bytes, most significant first: the byte-swapped word, from byte t on.
  const std::uint64_t be = __builtin_bswap32(b);
  if (t < 8) {
    q0 |= be << (8 * t);
    if (t > 4) q1 = be >> (64 - 8 * t);
  } else {
    q1 |= be << (8 * t - 64);
    if (t > 12) q2 = be >> (128 - 8 * t);
  }
  std::size_t left = t + 4;
  std::uint32_t h;
  if (total >= 16) {
    if (left >= 16) {
      stripe(static_cast<std::uint32_t>(q0), static_cast<std::uint32_t>(q0 >> 32), static_cast<std::uint32_t>(q1),
             static_cast<std::uint32_t>(q1 >> 32));
      q0 = q2;
      q1 = 0;
      left -= 16;
    }
    h = merge(a);
  } else {
    h = kPrime5;
  }
  h += static_cast<std::uint32_t>(total);
  for (; left >= 4; left -= 4) {
    h = tail_word(h, static_cast<std::uint32_t>(q0));
    q0 = q0 >> 32 | q1 << 32;
    q1 >>= 32;
  }
  for (; left > 0; --left) {
    h = tail_byte(h, static_cast<std::uint32_t>(q0 & 0xFF));
    q0 >>= 8;
  }
  return avalanche(h);
}

namespace {

// The hash a key on removed bucket b is rehashed with: the reference's hash(key, seed) skips a
// seed of 0, so bucket 0's is the key's own `hash`.
[[gnu::always_inline]] inline std::uint32_t rehash_on(std::string_view key, std::uint32_t b,
                                                      std::uint32_t hash) noexcept {
  return b == 0 ? hash : Memento::rehash(key, b);
}

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
  // Jump's candidate is one among the whole b-array: no bucket was removed after that view.
  return settle_from(b, std::numeric_limits<std::int64_t>::max(), replacer(b), hash, key, trace);
}

template <class Trace>
[[gnu::always_inline]] inline std::uint32_t Memento::settle_from(std::uint32_t b, std::int64_t view, std::int64_t next,
                                                                 std::uint32_t hash, std::string_view key,
                                                                 Trace& trace) const {
  for (;;) {
    // A bucket removed after this view (its replacer >= the view) stands for its replacer.
    while (next >= view) {
      trace.step(BucketStepKind::replaced, b, static_cast<std::uint64_t>(next), static_cast<std::uint64_t>(next));
      b = static_cast<std::uint32_t>(next);
      next = replacer(b);
    }
    if (next < 0) return b;
    trace.step(BucketStepKind::removed, b, static_cast<std::uint64_t>(next), 0);
    const std::uint32_t h = rehash_on(key, b, hash);
    view = next;
    b = h % static_cast<std::uint32_t>(view);
    trace.step(BucketStepKind::candidate, b, static_cast<std::uint64_t>(view), h);
    next = replacer(b);
  }
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
  const auto n = static_cast<std::int32_t>(n_);
  std::uint16_t listed[kJumpBlock];  // the block's keys still walking
  std::uint32_t view[kJumpBlock];    // the buckets each one's latest rehash is (or was) among
  std::int64_t next[kJumpBlock];     // after that rehash, its candidate's replacer
  for (std::size_t at = 0; at < keys.size(); at += kJumpBlock) {
    const std::size_t m = std::min(kJumpBlock, keys.size() - at);
    // The block's jumps; the keys whose candidate is removed listed, with its replacer. Neither
    // the lookup (BucketTable::get_or) nor the list branches on whether a candidate is removed:
    // with half the buckets removed that is a coin toss, mispredicted half the time.
    std::size_t removed = 0;
    guava_jump_blocks<kJumpBlock>(
        m, n, [&](std::size_t j) -> std::uint64_t { return hashes[at + j]; },
        [&](std::size_t j, std::int32_t b) {
          const std::int64_t r = replacer(static_cast<std::uint32_t>(b));
          out[at + j] = static_cast<std::uint32_t>(b);
          listed[removed] = static_cast<std::uint16_t>(j);
          view[removed] = static_cast<std::uint32_t>(r);
          removed += r >= 0;
        });
    // Their first rehash, a round of independent ones that overlap, none waiting on a branch; the
    // keys whose new candidate is removed listed again, and walked on from there one at a time
    // (about half of them, with half the buckets removed).
    std::size_t going = 0;
    for (std::size_t k = 0; k < removed; ++k) {
      const std::size_t j = listed[k];
      const std::uint32_t b = out[at + j], v = view[k];
      const std::uint32_t h = rehash_on(keys[at + j], b, hashes[at + j]);
      const std::uint32_t c = h % v;
      const std::int64_t x = replacer(c);
      out[at + j] = c;
      listed[going] = static_cast<std::uint16_t>(j);
      view[going] = v;
      next[going] = x;
      going += x >= 0;
    }
    for (std::size_t k = 0; k < going; ++k) {
      const std::size_t j = listed[k];
      out[at + j] = settle_from(out[at + j], view[k], next[k], hashes[at + j], keys[at + j], trace);
    }
  }
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
