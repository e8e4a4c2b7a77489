// XXH32 (xxh32.hpp): xxHash's own self-test values, keys on both sides of its 16-byte stripes,
// and a stream fed in pieces giving what one call gives. The values beside xxHash's self-test are
// libxxhash 0.8.1's (Debian 12's python3-xxhash, xxh32_intdigest), which commons-codec 1.15's
// XXHash32 gives too.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "ringlab/xxh32.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_xxh32 {

using ringlab::xxh32;
using ringlab::Xxh32;

namespace {

// xxHash's sanity buffer (xxhsum's self-test): byte i is the top byte of PRIME32_1 * PRIME64_1^i.
std::string sanity_buffer(std::size_t length) {
  std::string s;
  std::uint64_t generator = 2654435761u;
  for (std::size_t i = 0; i < length; ++i) {
    s.push_back(static_cast<char>(generator >> 56));
    generator *= 11400714785074694797ull;
  }
  return s;
}

}  // namespace

TEST_CASE("xxh32: xxHash's self-test values", "[xxh32]") {
  const std::uint32_t prime = 2654435761u;
  const std::string buffer = sanity_buffer(222);
  CHECK(xxh32(buffer.substr(0, 0)) == 0x02CC5D05u);
  CHECK(xxh32(buffer.substr(0, 0), prime) == 0x36B78AE7u);
  CHECK(xxh32(buffer.substr(0, 1)) == 0xCF65B03Eu);
  CHECK(xxh32(buffer.substr(0, 1), prime) == 0xB4545AA4u);
  CHECK(xxh32(buffer.substr(0, 14)) == 0x1208E7E2u);
  CHECK(xxh32(buffer.substr(0, 14), prime) == 0x6AF1D1FEu);
  CHECK(xxh32(buffer) == 0x5BD11DBDu);
  CHECK(xxh32(buffer, prime) == 0x58803C5Fu);
}

TEST_CASE("xxh32: below, at and above one 16-byte stripe", "[xxh32]") {
  CHECK(xxh32("a") == 0x550D7456u);
  CHECK(xxh32("0123456789abcde") == 0x1DBDFA0Fu);
  CHECK(xxh32("0123456789abcdef") == 0xC2C45B69u);
  CHECK(xxh32("0123456789abcdefg") == 0xCC79B217u);
  // MementoHash's first hash of "key0", and its rehash with bucket 5 (the key, then 5 as 4 bytes
  // big-endian).
  CHECK(xxh32("key0") == 0xC29108DDu);
  CHECK(xxh32(std::string("key0\0\0\0\x05", 8)) == 0xAB493C46u);
}

TEST_CASE("xxh32: a stream in pieces is the hash of the whole, and goes on after a digest", "[xxh32]") {
  const std::string buffer = sanity_buffer(222);
  for (std::size_t cut = 0; cut <= 40; ++cut) {
    for (std::size_t second = 0; second <= 40; ++second) {
      Xxh32 s;
      s.update(std::string_view(buffer).substr(0, cut));
      const std::uint32_t prefix = s.digest();
      CHECK(prefix == xxh32(buffer.substr(0, cut)));
      s.update(std::string_view(buffer).substr(cut, second)).update(std::string_view(buffer).substr(cut + second));
      REQUIRE(s.digest() == 0x5BD11DBDu);
    }
  }
}

}  // namespace test_xxh32
