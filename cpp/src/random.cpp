#include "ringlab/random.hpp"

#include "ringlab/params.hpp"

namespace ringlab {

Mulberry32::Mulberry32(std::int64_t seed) : state_(check_integer(Param::seed, seed)) {}

std::string CourseKeys::next() {
  char buf[16];
  return std::string(buf, format_key(next_number(), buf));
}

void Mulberry32::skip(std::uint64_t steps) noexcept {
  if (steps == 0) return;
  (void)next_uint32();  // the first step, which may add in double precision
  const std::uint64_t rest = (steps - 1) * 1831565813ull;
  state_ = static_cast<std::int32_t>(static_cast<std::uint32_t>(state_) + static_cast<std::uint32_t>(rest));
}

void CourseKeys::next_hashes(std::span<std::uint32_t> out) noexcept {
  for (auto& h : out) h = course_key_fnv(next_number()).finish();
}

}  // namespace ringlab
