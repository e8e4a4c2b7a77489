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

// The per-key bodies are inlined into the generator's loop by force: clang left each a call per
// key, which in WebAssembly kept the key's state in memory across the call.
void CourseKeys::next_states(std::span<Fnv1a> out) noexcept {
  Fnv1a* f = out.data();
  const auto put = [&f](std::uint32_t u) __attribute__((always_inline)) { *f++ = course_key_fnv(key_number_of(u)); };
  rng_.each(out.size(), put);
}

void CourseKeys::next_hashes(std::span<std::uint32_t> out) noexcept {
  std::uint32_t* h = out.data();
  const auto put = [&h](std::uint32_t u) __attribute__((always_inline)) {
    *h++ = course_key_fnv(key_number_of(u)).finish();
  };
  rng_.each(out.size(), put);
}

}  // namespace ringlab
