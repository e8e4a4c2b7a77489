// The removed buckets an algorithm remembers, by number (MementoHash's and JumpBack-Anchor's):
// open addressing with linear probing, at most a quarter full, the entries in one array. A lookup that
// lands on a removed bucket asks for it once or more, so a probe of adjacent entries replaces a
// node-based map's pointer chase, and the memory stays proportional to the buckets remembered
// (not to the buckets ever made, which may be 2^31 - 1). Only looked up, never walked in order, so
// no answer depends on the table's layout.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ringlab {

// Entry: an aggregate whose `bucket` (a std::uint32_t below 2^32 - 1) is its key.
template <class Entry>
class BucketTable {
 public:
  [[nodiscard]] const Entry* find(std::uint32_t bucket) const noexcept {
    if (size_ == 0) return nullptr;
    for (std::size_t i = slot(bucket);; i = (i + 1) & mask_) {
      if (e_[i].bucket == bucket) return &e_[i];
      if (e_[i].bucket == kEmpty) return nullptr;
    }
  }
  [[nodiscard]] bool contains(std::uint32_t bucket) const noexcept { return find(bucket) != nullptr; }
  // get(entry) for the bucket's entry, or `absent` without one. When the bucket's home slot
  // decides (it holds the bucket or is empty: most lookups, a quarter full at most), the answer is
  // chosen without a branch: whether a bucket is in the table is often a coin toss (half the
  // buckets removed), which as a branch is mispredicted half the time.
  template <class T, class Get>
  [[nodiscard]] T get_or(std::uint32_t bucket, T absent, Get get) const noexcept {
    if (size_ == 0) return absent;
    const Entry& home = e_[slot(bucket)];
    // One test for "neither the bucket nor empty" (either is a zero): as two, the first would be
    // the coin toss.
    if (std::min(home.bucket ^ bucket, ~home.bucket) != 0) {
      const Entry* e = find(bucket);
      return e == nullptr ? absent : get(*e);
    }
    // A mask, not a conditional, which GCC makes a branch again.
    const T found = get(home);
    const T mask = T{0} - static_cast<T>(home.bucket == bucket);
    return (found & mask) | (absent & ~mask);
  }
  // An entry whose bucket is not in the table.
  void insert(const Entry& entry) {
    // Doubled (from 16 slots) before it would be more than a quarter full; the entries placed
    // again. At most half full, a lookup's home slot held another bucket about twice as often, and
    // each such lookup took the probe's branch, as often mispredicted as not: with half of 1,000
    // buckets removed, MementoHash's batch took 33.4 ns a key rather than 30.5, JumpBack-Anchor's
    // lookups 28.0 rather than 25.3, for twice the bytes (12 a slot: 24 KB for 500 removed).
    if ((size_ + 1) * 4 > e_.size()) {
      std::vector<Entry> old = std::move(e_);
      const std::size_t slots = old.empty() ? 16 : old.size() * 2;
      Entry empty{};
      empty.bucket = kEmpty;
      e_.assign(slots, empty);
      mask_ = slots - 1;
      shift_ = 64 - static_cast<unsigned>(std::countr_zero(slots));
      for (const Entry& x : old)
        if (x.bucket != kEmpty) place(x);
    }
    place(entry);
    ++size_;
  }
  // A bucket in the table.
  void erase(std::uint32_t bucket) noexcept {
    std::size_t i = slot(bucket);
    while (e_[i].bucket != bucket) i = (i + 1) & mask_;
    // Backward shift: each entry after the hole that may sit in it (its home slot is not between
    // the hole and it) moves back, so that every probe still meets its entry before an empty slot.
    for (std::size_t j = (i + 1) & mask_; e_[j].bucket != kEmpty; j = (j + 1) & mask_) {
      const std::size_t home = slot(e_[j].bucket);
      if (((j - home) & mask_) >= ((j - i) & mask_)) {
        e_[i] = e_[j];
        i = j;
      }
    }
    e_[i].bucket = kEmpty;
    --size_;
  }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  // Its slots, every one allocated, at an entry's bytes (the entries are std::uint32_t fields, the
  // same size natively and in WebAssembly).
  [[nodiscard]] std::uint64_t memory_bytes() const noexcept { return std::uint64_t{e_.size()} * sizeof(Entry); }
  void clear() noexcept { *this = BucketTable(); }

 private:
  // No bucket: the algorithms' buckets stop at 2^31 - 2.
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFF;
  // Fibonacci hashing: the product's top bits, the table's log2(slots) of them.
  [[nodiscard]] std::size_t slot(std::uint32_t bucket) const noexcept {
    return static_cast<std::size_t>((bucket * 0x9E3779B97F4A7C15ull) >> shift_);
  }
  void place(const Entry& entry) noexcept {
    std::size_t i = slot(entry.bucket);
    while (e_[i].bucket != kEmpty) i = (i + 1) & mask_;
    e_[i] = entry;
  }
  std::vector<Entry> e_;
  std::size_t mask_ = 0;
  unsigned shift_ = 64;
  std::size_t size_ = 0;
};

}  // namespace ringlab
