#include "ringlab/jump.hpp"

#include <string>

#include "key_blocks.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

template void jump_many<std::uint32_t>(std::span<const std::uint32_t>, std::int32_t, std::span<std::int32_t>) noexcept;
template void jump_many<std::uint64_t>(std::span<const std::uint64_t>, std::int32_t, std::span<std::int32_t>) noexcept;

void check_buckets(std::int64_t n) { check_integer(Param::jump_buckets, n); }

std::int32_t jump(std::uint64_t key, std::int64_t n) {
  check_buckets(n);
  return jump_unchecked(key, static_cast<std::int32_t>(n));
}

RINGLAB_ONCE_PER_CALL std::vector<JumpStep> jump_trace(std::uint64_t key, std::int64_t n) {
  check_buckets(n);
  std::vector<JumpStep> steps;
  std::int64_t b = -1;
  std::int64_t j = 0;
  while (j < n) {
    b = j;
    key = key * 2862933555777941757ull + 1;
    const double ratio = 2147483648.0 / static_cast<double>((key >> 33) + 1);
    j = static_cast<std::int64_t>(static_cast<double>(b + 1) * ratio);
    steps.push_back(JumpStep{b, key, j});
  }
  return steps;
}

std::uint32_t mod_n(std::uint32_t hash, std::int64_t n) {
  return hash % static_cast<std::uint32_t>(check_integer(Param::mod_n, n));
}

}  // namespace ringlab
