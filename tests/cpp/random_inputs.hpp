// Random 64-bit inputs for the bucket hashers' tests: each the next two of a seeded mulberry32's
// draws, high word first, so a test's inputs are the same natively and in WebAssembly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ringlab/random.hpp"

inline std::vector<std::uint64_t> random_u64s(std::uint32_t seed, std::size_t count) {
  ringlab::Mulberry32 random(seed);
  std::vector<std::uint64_t> out(count);
  for (auto& v : out) v = (std::uint64_t{random.next_uint32()} << 32) | random.next_uint32();
  return out;
}
