#include "ringlab/random.hpp"

#include "ringlab/params.hpp"

namespace ringlab {

Mulberry32::Mulberry32(std::int64_t seed) : state_(check_integer(Param::seed, seed)) {}

std::string CourseKeys::next() {
  char buf[16];
  return std::string(buf, format_key(next_number(), buf));
}

void CourseKeys::next_hashes(std::span<std::uint32_t> out) noexcept {
  for (auto& h : out) h = course_key_fnv(next_number()).finish();
}

}  // namespace ringlab
