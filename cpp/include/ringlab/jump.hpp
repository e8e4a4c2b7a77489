// Jump consistent hash (Lamping & Veach, 2014) with exact 64-bit math, and mod-N.
#pragma once

#include <cstdint>
#include <vector>

namespace ringlab {

inline constexpr std::int32_t kMaxBuckets = 2147483647;  // 2^31 - 1

// Throws Error(out_of_range) unless 1 <= n <= 2^31 - 1.
void check_buckets(std::int64_t n);

// The bucket in [0, n) for a 64-bit key. The caller guarantees 1 <= n <= 2^31 - 1
// (jump() checks; this is the unchecked hot-path form).
[[nodiscard]] inline std::int32_t jump_unchecked(std::uint64_t key, std::int32_t n) noexcept {
  std::int64_t b = -1;
  std::int64_t j = 0;
  while (j < n) {
    b = j;
    key = key * 2862933555777941757ull + 1;
    // Two separate double roundings, in this order, as the published program does them.
    // The build disables FP contraction so they are never fused.
    const double ratio = 2147483648.0 / static_cast<double>((key >> 33) + 1);
    j = static_cast<std::int64_t>(static_cast<double>(b + 1) * ratio);
  }
  return static_cast<std::int32_t>(b);
}

// Checked jump: throws Error(out_of_range) for n outside 1 .. 2^31 - 1.
[[nodiscard]] std::int32_t jump(std::uint64_t key, std::int64_t n);

// One jump of the algorithm: the bucket it stands on (b), the key after the LCG step, and the
// next candidate bucket j it computes. The last step's j is >= n and b is the answer.
struct JumpStep {
  std::int64_t bucket;
  std::uint64_t key;
  std::int64_t next;
};
// The jumps for a key into n buckets, for steppers. Same checks as jump().
[[nodiscard]] std::vector<JumpStep> jump_trace(std::uint64_t key, std::int64_t n);

// mod-N: the server index h mod n. Throws Error(out_of_range) for n < 1.
[[nodiscard]] std::uint32_t mod_n(std::uint32_t hash, std::int64_t n);

}  // namespace ringlab
