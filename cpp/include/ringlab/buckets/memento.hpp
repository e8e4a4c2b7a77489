// MementoHash (Coluzzi, Brocco, Antonucci & Leidi, IEEE/ACM ToN 2024), as SUPSI's Java reference
// computes it (MementoEngine with its default hash, SUPSI-DTI-ISIN/java-consistent-hashing-
// algorithms at 68803f8): jump over a "b-array" of n buckets, some of which may have been removed,
// and a memory of the removed ones. While nothing is removed it is jump, as Guava computes it, of
// the key's xxh32. Any bucket can be removed, and only its keys move: a key that lands on a
// removed bucket is hashed again, with the bucket, into the buckets that were live when it went.
// add() gives back the bucket removed last.
//
// A removed bucket b is remembered with its replacer r, the number of live buckets right after b
// went: b's keys are rehashed into 0 .. r - 1, and bucket r (then the last live bucket's place)
// stands for b. A key's walk:
//
//   b = guava_jump(xxh32(key), n)
//   while b is removed, with replacer r:
//     b = xxh32(key ‖ b as 4 bytes big-endian) mod r      (b = 0: xxh32(key), as the reference)
//     while b is removed with a replacer >= r: b = that replacer   (removed after this view)
//
// Removing the last bucket of the b-array while nothing is remembered shrinks it, as jump does;
// any other removal is remembered, each with the bucket removed before it, so add() takes them
// back last first.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "ringlab/bucket_trace.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/bucket_table.hpp"

namespace ringlab {

// MementoHash's state and its lookup, unchecked: remove() takes a live bucket while more than one
// is live, add() is called below 2^31 - 1 buckets (the hasher checks both; the reference checks
// neither). Keys are bytes (a key's UTF-8), not empty (the reference hashes no empty key).
class Memento {
 public:
  // Buckets 0 .. n - 1, 1 <= n <= 2^31 - 1 (the reference's int).
  explicit Memento(std::uint32_t n) noexcept : n_(n), last_removed_(n) {}

  [[nodiscard]] std::uint32_t bucket(std::string_view key) const;
  // The same, given the key's xxh32 (`hash`, as bucket(key) computes it): the key itself is hashed
  // again only when it lands on a removed bucket, to rehash it with that bucket.
  [[nodiscard]] std::uint32_t bucket(std::string_view key, std::uint32_t hash) const;
  // The same, its steps recorded (bucket_trace.hpp): the key's `hash`, Guava's jumps over the
  // b-array and the `candidate` they give; then for each bucket reached that is removed,
  // `removed` (bound: its replacer, the buckets live right after it left), the rehash's
  // `candidate` among them (value: the hash) and each `replaced` of a bucket removed after that
  // view, on the way to its replacer.
  [[nodiscard]] std::uint32_t bucket(std::string_view key, BucketTrace& trace) const;
  // out[i] = bucket(keys[i], hashes[i]) (hashes and out hold keys.size() values): Guava's jumps of
  // a block of keys in rounds (guava_jump_blocks), then the first rehash of each key that landed
  // on a removed bucket, in a round too, then the rest of those keys' walks. A batch's throughput,
  // not one key's latency: the jumps' divides and the rehashes overlap.
  void bucket_many(std::span<const std::string_view> keys, std::span<const std::uint32_t> hashes,
                   std::span<std::uint32_t> out) const;
  // out[i] = bucket(keys[i]): the keys' xxh32, then the batch above.
  void bucket_many(std::span<const std::string_view> keys, std::span<std::uint32_t> out) const;
  // xxh32 of the key followed by bucket b's 4 bytes, big-endian: the hash with which a key that
  // lands on removed bucket b (b > 0) is rehashed.
  [[nodiscard]] static std::uint32_t rehash(std::string_view key, std::uint32_t b) noexcept;
  void remove(std::uint32_t bucket);
  // The bucket made live again: the one removed last, or bucket n when none is remembered.
  std::uint32_t add();

  [[nodiscard]] bool live(std::uint32_t bucket) const noexcept {
    return bucket < n_ && removed_.find(bucket) == nullptr;
  }
  // The live buckets.
  [[nodiscard]] std::uint32_t size() const noexcept { return n_ - static_cast<std::uint32_t>(removed_.size()); }
  // The b-array's size: the live buckets and the remembered ones.
  [[nodiscard]] std::uint32_t b_array_size() const noexcept { return n_; }
  // How many removed buckets it remembers: its memory beyond two integers is one entry each.
  [[nodiscard]] std::uint32_t remembered() const noexcept { return static_cast<std::uint32_t>(removed_.size()); }
  // Its table of removed buckets: nothing until a bucket is removed, however large n.
  [[nodiscard]] std::uint64_t memory_bytes() const noexcept { return removed_.memory_bytes(); }

 private:
  // A removed bucket, remembered.
  struct Removed {
    std::uint32_t bucket;
    std::uint32_t replacer;  // the live buckets right after it went
    std::uint32_t previous;  // the last removed before it
  };
  // The walk from the key's hash, its steps given to `trace` (NoTrace for a lookup); the key is
  // read again only for a rehash.
  template <class Trace>
  [[nodiscard]] std::uint32_t walk(std::uint32_t hash, std::string_view key, Trace& trace) const;
  // The walk's part after Guava's jump gave candidate b: b itself while it is live, else the
  // rehashes among the buckets live when it went.
  template <class Trace>
  [[nodiscard]] std::uint32_t settle(std::uint32_t b, std::uint32_t hash, std::string_view key, Trace& trace) const;
  // The same from candidate b among `view` buckets (the b-array: more than any replacer), b's
  // replacer `next` (-1: live) already looked up.
  template <class Trace>
  [[nodiscard]] std::uint32_t settle_from(std::uint32_t b, std::int64_t view, std::int64_t next, std::uint32_t hash,
                                          std::string_view key, Trace& trace) const;
  // A removed bucket's replacer, or -1 for a live one (or one beyond the b-array).
  [[nodiscard]] std::int64_t replacer(std::uint32_t bucket) const noexcept {
    return removed_.get_or(bucket, std::int64_t{-1}, [](const Removed& r) { return std::int64_t{r.replacer}; });
  }

  std::uint32_t n_;               // the b-array's size
  std::uint32_t last_removed_;    // n_ when nothing is remembered
  BucketTable<Removed> removed_;  // the removed buckets by number (not the b-array)
};

// Its bucket hasher (the registry's "memento"): buckets as jump's (1 .. 2^31 - 1), a key's text as
// input (its UTF-8; not empty), remove(b) of any live bucket but the last one left, add() of the
// bucket removed last, or of bucket n, up to 2^31 - 1 buckets.
[[nodiscard]] std::unique_ptr<BucketHasher> make_memento_hasher(const BucketOptions& options);

}  // namespace ringlab
