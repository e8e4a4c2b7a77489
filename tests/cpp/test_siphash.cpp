// SipHash-2-4 (buckets/siphash.hpp): the paper's published vector, the reference code's vectors at
// the lengths around its 8-byte words, and the keys multi-probe consistent hashing's reference
// uses, each as Debian's golang-siphash-dev (dchest/siphash 1.0.0, Hash(k0, k1, b)) computes it.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <utility>

#include "ringlab/buckets/siphash.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_siphash {

using namespace ringlab;

namespace {

// The bytes 0, 1, ..., n - 1: the paper's and the reference code's messages.
std::string counting(std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s.push_back(static_cast<char>(i));
  return s;
}

// The key 00 01 .. 0f, as two little-endian words.
constexpr std::uint64_t kK0 = 0x0706050403020100ull;
constexpr std::uint64_t kK1 = 0x0f0e0d0c0b0a0908ull;

}  // namespace

TEST_CASE("SipHash-2-4: the paper's vector", "[siphash][buckets]") {
  // Appendix A of the paper: key 00 .. 0f, message 00 .. 0e (15 bytes).
  CHECK(siphash24(kK0, kK1, counting(15)) == 0xa129ca6149be45e5ull);
  static_assert(siphash24(kK0, kK1, "") == 0x726fdb47dd0e0e31ull);  // constexpr, as jump's
}

TEST_CASE("SipHash-2-4: the reference code's vectors around its 8-byte words", "[siphash][buckets]") {
  // Key 00 .. 0f, message 00 .. n-1: a last word of 0 to 7 bytes after 0, 1 and 7 whole words.
  const std::pair<std::size_t, std::uint64_t> vectors[] = {
      {0, 0x726fdb47dd0e0e31ull},  {1, 0x74f839c593dc67fdull},  {7, 0xab0200f58b01d137ull},
      {8, 0x93f5f5799a932462ull},  {9, 0x9e0082df0ba9e4b0ull},  {15, 0xa129ca6149be45e5ull},
      {16, 0x3f2acc7f57c29bdbull}, {17, 0x699ae9f52cbe4794ull}, {63, 0x958a324ceb064572ull},
  };
  for (const auto& [n, want] : vectors) {
    INFO("length " << n);
    CHECK(siphash24(kK0, kK1, counting(n)) == want);
  }
}

TEST_CASE("SipHash-2-4 under the keys (seed, 0), as go-mpchash's compat test hashes", "[siphash][buckets]") {
  CHECK(siphash24(0, 0, "") == 0x1e924b9d737700d7ull);
  CHECK(siphash24(0, 0, "Hello world") == 0xc9e8a3021f3822d9ull);
  CHECK(siphash24(0, 0, "shard-1") == 0xf2f5c0694b5a0f6bull);
  CHECK(siphash24(1, 0, "shard-1") == 0x7556e5ac4837a14eull);
  CHECK(siphash24(2, 0, "shard-1") == 0xca0fd8a2969cb21bull);
  CHECK(siphash24(0, 0, "shard-6000") == 0xb2774cb7a2721f6full);
  CHECK(siphash24(1, 0, "shard-6000") == 0x217bc68ff476018aull);
  CHECK(siphash24(2, 0, "shard-6000") == 0x9ab5bc21a9b6360full);
  // UTF-8 bytes are hashed as they are.
  CHECK(siphash24(1, 0, "কী:৪২") == 0x534e7388bb14f3a1ull);
  CHECK(siphash24(2, 0, "") == 0x5b0843328a9b3ce1ull);
}

}  // namespace test_siphash
