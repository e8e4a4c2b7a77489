// AnchorHash (Mendelson, Vargaftik, Barabash, Lorenz, Keslassy, Orda, 2021; cpp-anchorhash's
// AnchorHashQre): a key into the working buckets of a fixed capacity a, with any bucket removed
// and the last removed one added back. A key is hashed onto all a buckets; one that lands on a
// removed bucket is hashed again onto the buckets that were still working when that bucket left,
// and so on until it lands on a working one. A removal moves only the removed bucket's keys,
// spread evenly over the buckets left.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ringlab/bucket_trace.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/crc32c.hpp"

namespace ringlab {

// AnchorHashQre's state and its three operations, as the reference has them and checking
// nothing (the bucket hasher checks: a bucket to remove must be working, and the last one stays;
// an add needs a removed bucket). The arrays hold a words each:
//   removed_at  A: 0 for a working bucket, else the number of working buckets right after it
//               was removed (for the buckets beyond the first w: the bucket itself)
//   working     W: the working buckets in positions 0 .. n - 1, the removed ones after them
//   position    L: where a bucket last was in `working`
//   replacement K: the bucket that took a removed bucket's position in `working`
class AnchorHash {
 public:
  // Capacity a, the first w buckets working (1 <= w <= a): the others are removed, from a - 1
  // down to w, so that an add revives w first.
  AnchorHash(std::uint32_t a, std::uint32_t w);

  // The working bucket of a key pair (ComputeBucket(key1, key2)).
  [[nodiscard]] std::uint32_t bucket(std::uint64_t key1, std::uint64_t key2) const noexcept;
  // The same, its steps recorded (bucket_trace.hpp): the first `hash` and its `candidate` among
  // all a buckets; then for each bucket reached that is removed, `removed` (bound: the buckets
  // working right after it left), the next `hash` and its `candidate` among them, and each
  // `replaced` on the way along the replacements of a bucket that left first.
  [[nodiscard]] std::uint32_t bucket(std::uint64_t key1, std::uint64_t key2, BucketTrace& trace) const;
  // Takes working bucket b out (UpdateRemoval).
  void remove(std::uint32_t b);
  // Brings the last removed bucket back and returns it (UpdateNewBucket).
  std::uint32_t add() noexcept;

  [[nodiscard]] std::uint32_t capacity() const noexcept { return capacity_; }
  [[nodiscard]] std::uint32_t size() const noexcept { return size_; }
  [[nodiscard]] bool working(std::uint32_t b) const noexcept { return b < capacity_ && removed_at_[b] == 0; }
  // Its four arrays of a entries and its stack of removed buckets, 4 bytes an entry.
  [[nodiscard]] std::uint64_t memory_bytes() const noexcept {
    return 4 * std::uint64_t{removed_at_.size() + working_.size() + position_.size() + replacement_.size() +
                             removed_.size()};
  }

 private:
  // Where a key that left removed bucket b for bucket h (h removed no later than b) goes: along
  // h's replacements to the first bucket still working when b was removed.
  template <class Trace>
  [[nodiscard]] std::uint32_t translate(std::uint32_t b, std::uint32_t h, Trace& trace) const
      noexcept(!kTracing<Trace>);
  // bucket()'s lookup, one definition for both.
  template <class Trace>
  [[nodiscard]] std::uint32_t lookup(std::uint64_t key1, std::uint64_t key2, Trace& trace) const
      noexcept(!kTracing<Trace>);

  std::uint32_t capacity_;
  std::uint32_t size_;
  std::vector<std::uint32_t> removed_at_;
  std::vector<std::uint32_t> working_;
  std::vector<std::uint32_t> position_;
  std::vector<std::uint32_t> replacement_;
  std::vector<std::uint32_t> removed_;  // the removed buckets, the last removed at the back
};

// Its bucket hasher (the registry's "anchor"): a u64 input is the reference's key1, with key2 = 0;
// capacity a (default 2 x buckets, up to 2^24), buckets 0 .. buckets - 1 working at the start;
// remove() takes any working bucket, add() revives the last one removed.
[[nodiscard]] std::unique_ptr<BucketHasher> make_anchor_hasher(const BucketOptions& options);

}  // namespace ringlab
