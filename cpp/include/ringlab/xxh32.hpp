// XXH32 (Yann Collet's xxHash, 32-bit), as libxxhash's XXH32() and commons-codec's XXHash32
// compute it: a bucket algorithm whose reference hashes a key with it (MementoHash's SUPSI
// reference hashes the key's UTF-8 with seed 0) uses this one. Byte order is fixed
// (little-endian reads), so the value is the same natively and in WebAssembly.
//
// A stream, so that bytes given in pieces hash as one (xxh32() below hashes bytes that lie
// together in one pass). MementoHash rehashes a key followed by a removed bucket's 4 bytes with
// the same arithmetic, the two pieces joined in registers (Memento::rehash); the tests hold it
// equal to this stream given the key and then the bucket's bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ringlab {

// XXH32's steps, defined once: the stream and the one-pass hash below are made of them, and so is
// MementoHash's rehash, which joins a key and a bucket's bytes in registers (Memento::rehash).
namespace xxh32_steps {

inline constexpr std::uint32_t kPrime1 = 0x9E3779B1u;
inline constexpr std::uint32_t kPrime2 = 0x85EBCA77u;
inline constexpr std::uint32_t kPrime3 = 0xC2B2AE3Du;
inline constexpr std::uint32_t kPrime4 = 0x27D4EB2Fu;
inline constexpr std::uint32_t kPrime5 = 0x165667B1u;

[[nodiscard]] constexpr std::uint32_t rotl(std::uint32_t x, int r) noexcept { return (x << r) | (x >> (32 - r)); }
// A lane's accumulator after one 4-byte word of a 16-byte stripe.
[[nodiscard]] constexpr std::uint32_t lane(std::uint32_t acc, std::uint32_t word) noexcept {
  return rotl(acc + word * kPrime2, 13) * kPrime1;
}
// The four lanes merged, once 16 bytes or more were hashed.
[[nodiscard]] constexpr std::uint32_t merge(const std::uint32_t (&acc)[4]) noexcept {
  return rotl(acc[0], 1) + rotl(acc[1], 7) + rotl(acc[2], 12) + rotl(acc[3], 18);
}
// The tail after the stripes: a 4-byte word, then a single byte.
[[nodiscard]] constexpr std::uint32_t tail_word(std::uint32_t h, std::uint32_t word) noexcept {
  return rotl(h + word * kPrime3, 17) * kPrime4;
}
[[nodiscard]] constexpr std::uint32_t tail_byte(std::uint32_t h, std::uint32_t byte) noexcept {
  return rotl(h + byte * kPrime5, 11) * kPrime1;
}
[[nodiscard]] constexpr std::uint32_t avalanche(std::uint32_t h) noexcept {
  h ^= h >> 15;
  h *= kPrime2;
  h ^= h >> 13;
  h *= kPrime3;
  h ^= h >> 16;
  return h;
}

}  // namespace xxh32_steps

class Xxh32 {
 public:
  explicit constexpr Xxh32(std::uint32_t seed = 0) noexcept
      : acc_{seed + xxh32_steps::kPrime1 + xxh32_steps::kPrime2, seed + xxh32_steps::kPrime2, seed,
             seed - xxh32_steps::kPrime1},
        seed_(seed) {}

  constexpr Xxh32& update(std::string_view bytes) noexcept {
    std::size_t at = 0;
    total_ += static_cast<std::uint32_t>(bytes.size());
    large_ = large_ || total_ >= 16 || bytes.size() >= 16;
    // Fill the pending stripe first; a full one is mixed in. (Bounded by the buffer in the loop's
    // own test, where GCC 12 can see it: it warned of a write past the buffer otherwise.)
    if (pending_ != 0) {
      while (pending_ < 16 && at < bytes.size()) buffer_[pending_++] = static_cast<std::uint8_t>(bytes[at++]);
      if (pending_ < 16) return *this;
      stripe(buffer_);
      pending_ = 0;
    }
    for (; at + 16 <= bytes.size(); at += 16) {
      std::uint8_t block[16] = {};
      for (int i = 0; i < 16; ++i) block[i] = static_cast<std::uint8_t>(bytes[at + i]);
      stripe(block);
    }
    for (; at < bytes.size(); ++at) buffer_[pending_++] = static_cast<std::uint8_t>(bytes[at]);
    return *this;
  }

  // The hash of everything given so far; the stream can go on after it.
  [[nodiscard]] constexpr std::uint32_t digest() const noexcept {
    std::uint32_t h = large_ ? xxh32_steps::merge(acc_) : seed_ + xxh32_steps::kPrime5;
    h += total_;  // the length mod 2^32, as XXH32 adds it
    std::size_t at = 0;
    for (; at + 4 <= pending_; at += 4) h = xxh32_steps::tail_word(h, read32(buffer_ + at));
    for (; at < pending_; ++at) h = xxh32_steps::tail_byte(h, buffer_[at]);
    return xxh32_steps::avalanche(h);
  }

 private:
  static constexpr std::uint32_t read32(const std::uint8_t* p) noexcept {
    return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 | std::uint32_t{p[3]} << 24;
  }
  constexpr void stripe(const std::uint8_t* p) noexcept {
    for (int i = 0; i < 4; ++i) acc_[i] = xxh32_steps::lane(acc_[i], read32(p + 4 * i));
  }

  std::uint32_t acc_[4];
  std::uint32_t seed_;
  std::uint32_t total_ = 0;
  bool large_ = false;  // 16 bytes or more given: the four lanes make the hash
  std::uint8_t buffer_[16] = {};
  std::size_t pending_ = 0;  // bytes in buffer_, below 16
};

// XXH32 of bytes (a key's UTF-8), in one pass over them: the stream's arithmetic, reading the
// bytes where they are rather than through its buffer (a short key, MementoHash's,
// is then a few multiplies). A stream given the same bytes gives the same hash (the tests hold the
// two equal on every length to 40 and beyond).
[[nodiscard]] constexpr std::uint32_t xxh32(std::string_view bytes, std::uint32_t seed = 0) noexcept {
  using namespace xxh32_steps;
  const auto byte = [&](std::size_t i) { return std::uint32_t{static_cast<std::uint8_t>(bytes[i])}; };
  const auto read32 = [&](std::size_t i) { return byte(i) | byte(i + 1) << 8 | byte(i + 2) << 16 | byte(i + 3) << 24; };
  const std::size_t size = bytes.size();
  std::size_t at = 0;
  std::uint32_t h;
  if (size >= 16) {
    std::uint32_t a[4] = {seed + kPrime1 + kPrime2, seed + kPrime2, seed, seed - kPrime1};
    for (; at + 16 <= size; at += 16)
      for (int i = 0; i < 4; ++i) a[i] = lane(a[i], read32(at + 4 * static_cast<std::size_t>(i)));
    h = merge(a);
  } else {
    h = seed + kPrime5;
  }
  h += static_cast<std::uint32_t>(size);
  for (; at + 4 <= size; at += 4) h = tail_word(h, read32(at));
  for (; at < size; ++at) h = tail_byte(h, byte(at));
  return avalanche(h);
}

// xxHash's self-test values for the empty input (seed 0, and seed PRIME32_1), and "abc";
// tests/cpp/test_xxh32.cpp has the rest.
static_assert(xxh32("") == 0x02CC5D05u);
static_assert(xxh32("", 0x9E3779B1u) == 0x36B78AE7u);
static_assert(xxh32("abc") == 0x32D153FFu);

}  // namespace ringlab
