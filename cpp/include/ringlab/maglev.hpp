// Maglev hashing (Eisenbud et al., NSDI 2016), docs/algorithms.md#maglev: a lookup table of M slots (M prime)
// filled by each backend's permutation in turn; a key is served by table[h32(key) mod M].
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/jump.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

// kDefaultMaglevTableSize and kMaxMaglevTableSize (the largest prime below 2^24) are in params.hpp.

struct Backend {
  std::u16string name;
  double weight = 1.0;  // finite and > 0; a backend's share of slots is proportional to it
};

[[nodiscard]] bool is_prime(std::uint32_t n) noexcept;

// A table size for `backends` backends, by the table's entry p (maglev_table_size or
// compare_table_size): between backends and kMaxMaglevTableSize (out_of_range below,
// limit_exceeded above), and a prime ("tableSize must be a prime, got 8", invalid_argument).
void check_maglev_table_size(Param p, std::int64_t table_size, std::int64_t backends);

class Maglev {
 public:
  // Throws Error when there are no backends, a name is empty or repeated, a weight is not finite
  // and > 0, or table_size is not a prime in [backends, kMaxMaglevTableSize] (the table's
  // maglev_table_size, "tableSize").
  Maglev(std::vector<Backend> backends, std::int64_t table_size = kDefaultMaglevTableSize);
  // The course's backends S0 .. S{n-1}, weight 1: n is the table's maglev_backends ("backends"),
  // checked, like the table size, before any name is made.
  [[nodiscard]] static Maglev uniform(std::int64_t backends, std::int64_t table_size = kDefaultMaglevTableSize);

  // The backend (index into the list as given) serving a 32-bit hash.
  [[nodiscard]] std::uint32_t lookup(std::uint32_t hash) const noexcept { return table_[slot_of_(hash)]; }
  [[nodiscard]] std::uint32_t lookup_key(std::u16string_view key) const noexcept;
  // Batch forms (see h32_many): each hash in place replaced by its backend; and the backends of
  // the strings units[offsets[i] .. offsets[i+1]) into out.
  void lookup_many(std::span<std::uint32_t> hashes) const noexcept;
  void lookup_keys(std::span<const char16_t> units, std::span<const std::uint32_t> offsets,
                   std::span<std::uint32_t> out) const noexcept;

  [[nodiscard]] std::uint32_t table_size() const noexcept { return static_cast<std::uint32_t>(table_.size()); }
  // Each slot's backend, as indices into the list as given.
  [[nodiscard]] std::span<const std::uint32_t> table() const noexcept { return table_; }
  // Slots held by each backend, in list order.
  [[nodiscard]] std::vector<std::uint32_t> entry_counts() const;
  [[nodiscard]] const std::vector<Backend>& backends() const noexcept { return backends_; }
  [[nodiscard]] std::size_t memory_bytes() const noexcept { return table_.capacity() * sizeof(std::uint32_t); }
  // The table, and each backend's offset and skip, counted by their elements (4 bytes each): the
  // seams' count (placers.hpp's memory_bytes), the same natively and in WebAssembly.
  [[nodiscard]] std::uint64_t element_bytes() const noexcept {
    return 4 * std::uint64_t{table_.size() + offsets_.size() + skips_.size()};
  }

  // One turn of the fill, for steppers: which backend took which slot, and how many taken slots
  // it skipped first.
  struct Turn {
    std::uint32_t backend;  // index into the list as given
    std::uint32_t slot;
    std::uint32_t skipped;  // taken slots passed over before this one
  };
  // The fill turn by turn (M entries, in order). Recomputes the fill.
  [[nodiscard]] std::vector<Turn> fill_turns() const;

  // A backend's offset and skip (its permutation is (offset + j * skip) mod M). Throws
  // Error(out_of_range) for a backend index outside 0 .. backends - 1 (the table's maglev_backend).
  [[nodiscard]] std::uint32_t offset(std::int64_t backend) const { return offsets_[index(backend)]; }
  [[nodiscard]] std::uint32_t skip(std::int64_t backend) const { return skips_[index(backend)]; }

 private:
  void fill(std::vector<Turn>* turns);
  [[nodiscard]] std::size_t index(std::int64_t backend) const;

  std::vector<Backend> backends_;
  std::vector<std::uint32_t> offsets_;
  std::vector<std::uint32_t> skips_;
  std::vector<std::uint32_t> table_;
  FastMod slot_of_{1};  // hash mod M without a division
};

}  // namespace ringlab
