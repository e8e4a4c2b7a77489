#include "ringlab/systems/hashes.hpp"

#include "ringlab/hash.hpp"  // fmix32, MurmurHash3's finaliser, which h32 uses too

#include <cstddef>
#include <utility>

namespace ringlab::systems {

namespace {

// The byte at i, widened as `sign` says (to 32 or 64 bits).
std::uint32_t byte32(std::string_view s, std::size_t i, ByteSign sign) noexcept {
  return sign == ByteSign::sign_extended
             ? static_cast<std::uint32_t>(static_cast<std::int32_t>(static_cast<signed char>(s[i])))
             : static_cast<std::uint8_t>(s[i]);
}
std::uint64_t byte64(std::string_view s, std::size_t i, ByteSign sign) noexcept {
  return sign == ByteSign::sign_extended
             ? static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<signed char>(s[i])))
             : static_cast<std::uint8_t>(s[i]);
}

std::uint32_t u8(std::string_view s, std::size_t i) noexcept { return static_cast<std::uint8_t>(s[i]); }

// Little-endian loads whatever the host's byte order.
std::uint32_t le32(std::string_view s, std::size_t i) noexcept {
  return u8(s, i) | u8(s, i + 1) << 8 | u8(s, i + 2) << 16 | u8(s, i + 3) << 24;
}
std::uint64_t le64(std::string_view s, std::size_t i) noexcept {
  return static_cast<std::uint64_t>(le32(s, i)) | static_cast<std::uint64_t>(le32(s, i + 4)) << 32;
}

constexpr std::uint32_t rotl32(std::uint32_t x, int r) noexcept { return (x << r) | (x >> (32 - r)); }
constexpr std::uint64_t rotl64(std::uint64_t x, int r) noexcept { return (x << r) | (x >> (64 - r)); }
constexpr std::uint64_t rotr64(std::uint64_t x, int r) noexcept { return r == 0 ? x : (x >> r) | (x << (64 - r)); }

constexpr std::uint64_t fmix64(std::uint64_t k) noexcept {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ull;
  k ^= k >> 33;
  return k;
}

constexpr std::array<std::uint32_t, 256> make_crc32_table() {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[n] = c;
  }
  return t;
}
constexpr auto kCrc32Table = make_crc32_table();

constexpr std::array<std::uint16_t, 256> make_crc16_table() {
  std::array<std::uint16_t, 256> t{};
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n << 8;
    for (int k = 0; k < 8; ++k) c = (c & 0x8000u) ? (c << 1) ^ 0x1021u : c << 1;
    t[n] = static_cast<std::uint16_t>(c);
  }
  return t;
}
// kCrc16Tables[k][x]: the CRC of byte x followed by k zero bytes, from 0. The CRC is linear, so
// four bytes at a time are four independent look-ups (the register's two bytes xored into the
// first two), where one byte at a time is a chain of four dependent ones.
constexpr std::array<std::array<std::uint16_t, 256>, 4> make_crc16_tables() {
  std::array<std::array<std::uint16_t, 256>, 4> t{};
  t[0] = make_crc16_table();
  for (std::size_t k = 1; k < 4; ++k)
    for (std::uint32_t n = 0; n < 256; ++n)
      t[k][n] = static_cast<std::uint16_t>((t[k - 1][n] << 8) ^ t[0][t[k - 1][n] >> 8]);
  return t;
}
constexpr auto kCrc16Tables = make_crc16_tables();

}  // namespace

std::uint32_t crc32_update(std::uint32_t crc, std::string_view bytes) noexcept {
  std::uint32_t c = ~crc;
  for (char ch : bytes) c = kCrc32Table[(c ^ static_cast<std::uint8_t>(ch)) & 0xFFu] ^ (c >> 8);
  return ~c;
}
std::uint32_t crc32(std::string_view bytes) noexcept { return crc32_update(0, bytes); }

std::uint16_t crc16_xmodem(std::string_view bytes) noexcept {
  const auto& t = kCrc16Tables;
  std::uint32_t crc = 0;
  std::size_t i = 0;
  for (; i + 4 <= bytes.size(); i += 4)
    crc = t[3][(crc >> 8) ^ u8(bytes, i)] ^ t[2][(crc & 0xFFu) ^ u8(bytes, i + 1)] ^ t[1][u8(bytes, i + 2)] ^
          t[0][u8(bytes, i + 3)];
  for (; i < bytes.size(); ++i) crc = ((crc << 8) ^ t[0][(crc >> 8) ^ u8(bytes, i)]) & 0xFFFFu;
  return static_cast<std::uint16_t>(crc);
}

std::uint32_t twemproxy_crc16(std::string_view bytes) noexcept {
  std::uint32_t crc = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i)
    crc = (crc << 8) ^ kCrc16Tables[0][((crc >> 8) ^ u8(bytes, i)) & 0xFFu];
  return crc;
}

// --- Hsieh ---------------------------------------------------------------------------------

std::uint32_t hsieh(std::string_view bytes) noexcept {
  if (bytes.empty()) return 0;
  const auto word = [&](std::size_t i) { return u8(bytes, i) | u8(bytes, i + 1) << 8; };
  std::uint32_t hash = 0;
  std::size_t i = 0;
  for (std::size_t blocks = bytes.size() >> 2; blocks > 0; --blocks, i += 4) {
    hash += word(i);
    const std::uint32_t tmp = (word(i + 2) << 11) ^ hash;
    hash = (hash << 16) ^ tmp;
    hash += hash >> 11;
  }
  switch (bytes.size() & 3) {
    case 3:
      hash += word(i);
      hash ^= hash << 16;
      // (uint32_t)key[2] of a char: sign-extended.
      hash ^= static_cast<std::uint32_t>(static_cast<std::int32_t>(static_cast<signed char>(bytes[i + 2]))) << 18;
      hash += hash >> 11;
      break;
    case 2:
      hash += word(i);
      hash ^= hash << 11;
      hash += hash >> 17;
      break;
    case 1:
      hash += u8(bytes, i);
      hash ^= hash << 10;
      hash += hash >> 1;
      break;
    default: break;
  }
  hash ^= hash << 3;
  hash += hash >> 5;
  hash ^= hash << 4;
  hash += hash >> 17;
  hash ^= hash << 25;
  hash += hash >> 6;
  return hash;
}

// --- MD5 -----------------------------------------------------------------------------------

namespace {

constexpr std::uint32_t kMd5K[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
constexpr int kMd5S[64] = {7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 5,  9,  14, 20, 5,  9,
                           14, 20, 5,  9,  14, 20, 5,  9,  14, 20, 4,  11, 16, 23, 4,  11, 16, 23, 4,  11, 16, 23,
                           4,  11, 16, 23, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21};

void md5_block(std::uint32_t st[4], const std::uint8_t* p) noexcept {
  std::uint32_t m[16];
  for (int i = 0; i < 16; ++i)
    m[i] = static_cast<std::uint32_t>(p[4 * i]) | static_cast<std::uint32_t>(p[4 * i + 1]) << 8 |
           static_cast<std::uint32_t>(p[4 * i + 2]) << 16 | static_cast<std::uint32_t>(p[4 * i + 3]) << 24;
  std::uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
  for (int i = 0; i < 64; ++i) {
    std::uint32_t f;
    int g;
    if (i < 16) {
      f = (b & c) | (~b & d);
      g = i;
    } else if (i < 32) {
      f = (d & b) | (~d & c);
      g = (5 * i + 1) % 16;
    } else if (i < 48) {
      f = b ^ c ^ d;
      g = (3 * i + 5) % 16;
    } else {
      f = c ^ (b | ~d);
      g = (7 * i) % 16;
    }
    f += a + kMd5K[i] + m[g];
    a = d;
    d = c;
    c = b;
    b += rotl32(f, kMd5S[i]);
  }
  st[0] += a;
  st[1] += b;
  st[2] += c;
  st[3] += d;
}

}  // namespace

std::array<std::uint8_t, 16> md5(std::string_view bytes) noexcept {
  std::uint32_t st[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  const std::size_t n = bytes.size();
  std::size_t at = 0;
  for (; n - at >= 64; at += 64) md5_block(st, data + at);
  // The last block(s): the rest, 0x80, zeros, the bit length as a 64-bit little-endian number.
  std::uint8_t tail[128] = {};
  const std::size_t rest = n - at;
  for (std::size_t i = 0; i < rest; ++i) tail[i] = data[at + i];
  tail[rest] = 0x80;
  const std::size_t tail_len = rest < 56 ? 64 : 128;
  const std::uint64_t bits = static_cast<std::uint64_t>(n) * 8;
  for (int i = 0; i < 8; ++i) tail[tail_len - 8 + i] = static_cast<std::uint8_t>(bits >> (8 * i));
  md5_block(st, tail);
  if (tail_len == 128) md5_block(st, tail + 64);
  std::array<std::uint8_t, 16> out{};
  for (int i = 0; i < 16; ++i) out[i] = static_cast<std::uint8_t>(st[i / 4] >> (8 * (i % 4)));
  return out;
}

std::uint32_t md5_word(const std::array<std::uint8_t, 16>& d, unsigned i) noexcept {
  const unsigned at = 4 * (i & 3u);
  return static_cast<std::uint32_t>(d[at]) | static_cast<std::uint32_t>(d[at + 1]) << 8 |
         static_cast<std::uint32_t>(d[at + 2]) << 16 | static_cast<std::uint32_t>(d[at + 3]) << 24;
}

// --- Jenkins -------------------------------------------------------------------------------

std::uint32_t one_at_a_time(std::string_view bytes, ByteSign sign) noexcept {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    v += byte32(bytes, i, sign);
    v += v << 10;
    v ^= v >> 6;
  }
  v += v << 3;
  v ^= v >> 11;
  v += v << 15;
  return v;
}

std::uint32_t jenkins_lookup3(std::string_view k, std::uint32_t initval) noexcept {
  std::uint32_t a, b, c;
  a = b = c = 0xdeadbeefu + static_cast<std::uint32_t>(k.size()) + initval;
  std::size_t at = 0;
  std::size_t len = k.size();
  while (len > 12) {
    a += le32(k, at);
    b += le32(k, at + 4);
    c += le32(k, at + 8);
    a -= c, a ^= rotl32(c, 4), c += b;
    b -= a, b ^= rotl32(a, 6), a += c;
    c -= b, c ^= rotl32(b, 8), b += a;
    a -= c, a ^= rotl32(c, 16), c += b;
    b -= a, b ^= rotl32(a, 19), a += c;
    c -= b, c ^= rotl32(b, 4), b += a;
    len -= 12;
    at += 12;
  }
  if (len == 0) return c;  // hashlittle returns c unmixed when nothing is left over
  // The last 1..12 bytes, little-endian into a, b, c.
  std::uint32_t w[3] = {0, 0, 0};
  for (std::size_t i = 0; i < len; ++i) w[i / 4] |= u8(k, at + i) << (8 * (i % 4));
  a += w[0];
  b += w[1];
  c += w[2];
  c ^= b, c -= rotl32(b, 14);
  a ^= c, a -= rotl32(c, 11);
  b ^= a, b -= rotl32(a, 25);
  c ^= b, c -= rotl32(b, 16);
  a ^= c, a -= rotl32(c, 4);
  b ^= a, b -= rotl32(a, 14);
  c ^= b, c -= rotl32(b, 24);
  return c;
}

std::uint32_t hashkit_jenkins(std::string_view bytes) noexcept { return jenkins_lookup3(bytes, 13); }

// --- FNV -----------------------------------------------------------------------------------

namespace {
constexpr std::uint32_t kFnv32Offset = 2166136261u;
constexpr std::uint32_t kFnv32Prime = 16777619u;
constexpr std::uint64_t kFnv64Offset = 14695981039346656037ull;
constexpr std::uint64_t kFnv64Prime = 1099511628211ull;
}  // namespace

std::uint32_t fnv1_32(std::string_view bytes, ByteSign sign) noexcept {
  std::uint32_t h = kFnv32Offset;
  for (std::size_t i = 0; i < bytes.size(); ++i) h = (h * kFnv32Prime) ^ byte32(bytes, i, sign);
  return h;
}
std::uint32_t fnv1a_32(std::string_view bytes, ByteSign sign) noexcept {
  std::uint32_t h = kFnv32Offset;
  for (std::size_t i = 0; i < bytes.size(); ++i) h = (h ^ byte32(bytes, i, sign)) * kFnv32Prime;
  return h;
}
std::uint64_t fnv1_64(std::string_view bytes, ByteSign sign) noexcept {
  std::uint64_t h = kFnv64Offset;
  for (std::size_t i = 0; i < bytes.size(); ++i) h = (h * kFnv64Prime) ^ byte64(bytes, i, sign);
  return h;
}
std::uint64_t fnv1a_64(std::string_view bytes, ByteSign sign) noexcept {
  std::uint64_t h = kFnv64Offset;
  for (std::size_t i = 0; i < bytes.size(); ++i) h = (h ^ byte64(bytes, i, sign)) * kFnv64Prime;
  return h;
}

// --- MurmurHash ----------------------------------------------------------------------------

std::uint32_t murmur2_32(std::string_view k, std::uint32_t seed) noexcept {
  constexpr std::uint32_t m = 0x5bd1e995u;
  const std::size_t len = k.size();
  std::uint32_t h = seed ^ static_cast<std::uint32_t>(len);
  std::size_t at = 0;
  for (; len - at >= 4; at += 4) {
    std::uint32_t w = le32(k, at);
    w *= m;
    w ^= w >> 24;
    w *= m;
    h *= m;
    h ^= w;
  }
  switch (len - at) {
    case 3: h ^= u8(k, at + 2) << 16; [[fallthrough]];
    case 2: h ^= u8(k, at + 1) << 8; [[fallthrough]];
    case 1: h ^= u8(k, at); h *= m;
  }
  h ^= h >> 13;
  h *= m;
  h ^= h >> 15;
  return h;
}

std::uint32_t kafka_murmur2(std::string_view bytes) noexcept { return murmur2_32(bytes, kKafkaMurmur2Seed); }

std::uint32_t hashkit_murmur(std::string_view bytes) noexcept {
  return murmur2_32(bytes, 0xdeadbeefu * static_cast<std::uint32_t>(bytes.size()));
}

std::uint32_t murmur3_x86_32(std::string_view k, std::uint32_t seed) noexcept {
  constexpr std::uint32_t c1 = 0xcc9e2d51u, c2 = 0x1b873593u;
  const std::size_t len = k.size();
  std::uint32_t h = seed;
  std::size_t at = 0;
  for (; len - at >= 4; at += 4) {
    std::uint32_t w = le32(k, at);
    w *= c1;
    w = rotl32(w, 15);
    w *= c2;
    h ^= w;
    h = rotl32(h, 13);
    h = h * 5 + 0xe6546b64u;
  }
  std::uint32_t w = 0;
  switch (len - at) {
    case 3: w ^= u8(k, at + 2) << 16; [[fallthrough]];
    case 2: w ^= u8(k, at + 1) << 8; [[fallthrough]];
    case 1:
      w ^= u8(k, at);
      w *= c1;
      w = rotl32(w, 15);
      w *= c2;
      h ^= w;
  }
  h ^= static_cast<std::uint32_t>(len);
  return ringlab::fmix32(h);
}

std::uint32_t hashkit_murmur3(std::string_view bytes) noexcept {
  return murmur3_x86_32(bytes, 0xdeadbeefu * static_cast<std::uint32_t>(bytes.size()));
}

Hash128 murmur3_x64_128(std::string_view k, std::uint64_t seed, ByteSign tail) noexcept {
  constexpr std::uint64_t c1 = 0x87c37b91114253d5ull, c2 = 0x4cf5ad432745937full;
  const std::size_t len = k.size();
  std::uint64_t h1 = seed, h2 = seed;
  std::size_t at = 0;
  for (; len - at >= 16; at += 16) {
    std::uint64_t k1 = le64(k, at), k2 = le64(k, at + 8);
    k1 *= c1;
    k1 = rotl64(k1, 31);
    k1 *= c2;
    h1 ^= k1;
    h1 = rotl64(h1, 27);
    h1 += h2;
    h1 = h1 * 5 + 0x52dce729u;
    k2 *= c2;
    k2 = rotl64(k2, 33);
    k2 *= c1;
    h2 ^= k2;
    h2 = rotl64(h2, 31);
    h2 += h1;
    h2 = h2 * 5 + 0x38495ab5u;
  }
  const std::size_t rest = len - at;
  // XOR (not OR) the widened bytes: a sign-extended byte's high bits land on the bytes above it,
  // exactly as Java's `k ^= ((long) b) << n` does.
  std::uint64_t k1 = 0, k2 = 0;
  for (std::size_t i = rest; i > 8; --i) k2 ^= byte64(k, at + i - 1, tail) << (8 * (i - 9));
  for (std::size_t i = rest < 8 ? rest : 8; i > 0; --i) k1 ^= byte64(k, at + i - 1, tail) << (8 * (i - 1));
  if (rest > 8) {
    k2 *= c2;
    k2 = rotl64(k2, 33);
    k2 *= c1;
    h2 ^= k2;
  }
  if (rest > 0) {
    k1 *= c1;
    k1 = rotl64(k1, 31);
    k1 *= c2;
    h1 ^= k1;
  }
  h1 ^= static_cast<std::uint64_t>(len);
  h2 ^= static_cast<std::uint64_t>(len);
  h1 += h2;
  h2 += h1;
  h1 = fmix64(h1);
  h2 = fmix64(h2);
  h1 += h2;
  h2 += h1;
  return {h1, h2};
}

std::uint64_t libstdcxx_hash_bytes(std::string_view k, std::uint64_t seed) noexcept {
  constexpr std::uint64_t mul = 0xc6a4a7935bd1e995ull;
  auto shift_mix = [](std::uint64_t v) { return v ^ (v >> 47); };
  const std::size_t len = k.size();
  std::uint64_t h = seed ^ (static_cast<std::uint64_t>(len) * mul);
  std::size_t at = 0;
  for (; len - at >= 8; at += 8) {
    h ^= shift_mix(le64(k, at) * mul) * mul;
    h *= mul;
  }
  if (len - at != 0) {
    std::uint64_t t = 0;
    for (std::size_t i = len; i > at; --i) t = (t << 8) | u8(k, i - 1);
    h ^= t;
    h *= mul;
  }
  h = shift_mix(h) * mul;
  return shift_mix(h);
}

// --- xxHash64 ------------------------------------------------------------------------------

namespace {
constexpr std::uint64_t kP1 = 0x9E3779B185EBCA87ull, kP2 = 0xC2B2AE3D27D4EB4Full, kP3 = 0x165667B19E3779F9ull,
                        kP4 = 0x85EBCA77C2B2AE63ull, kP5 = 0x27D4EB2F165667C5ull;
constexpr std::uint64_t xx_round(std::uint64_t acc, std::uint64_t input) noexcept {
  acc += input * kP2;
  acc = rotl64(acc, 31);
  return acc * kP1;
}
constexpr std::uint64_t xx_merge(std::uint64_t acc, std::uint64_t v) noexcept {
  acc ^= xx_round(0, v);
  return acc * kP1 + kP4;
}
}  // namespace

std::uint64_t xxhash64(std::string_view k, std::uint64_t seed) noexcept {
  const std::size_t len = k.size();
  std::size_t at = 0;
  std::uint64_t h;
  if (len >= 32) {
    std::uint64_t v1 = seed + kP1 + kP2, v2 = seed + kP2, v3 = seed, v4 = seed - kP1;
    for (; len - at >= 32; at += 32) {
      v1 = xx_round(v1, le64(k, at));
      v2 = xx_round(v2, le64(k, at + 8));
      v3 = xx_round(v3, le64(k, at + 16));
      v4 = xx_round(v4, le64(k, at + 24));
    }
    h = rotl64(v1, 1) + rotl64(v2, 7) + rotl64(v3, 12) + rotl64(v4, 18);
    h = xx_merge(h, v1);
    h = xx_merge(h, v2);
    h = xx_merge(h, v3);
    h = xx_merge(h, v4);
  } else {
    h = seed + kP5;
  }
  h += static_cast<std::uint64_t>(len);
  for (; len - at >= 8; at += 8) {
    h ^= xx_round(0, le64(k, at));
    h = rotl64(h, 27) * kP1 + kP4;
  }
  if (len - at >= 4) {
    h ^= static_cast<std::uint64_t>(le32(k, at)) * kP1;
    h = rotl64(h, 23) * kP2 + kP3;
    at += 4;
  }
  for (; at < len; ++at) {
    h ^= static_cast<std::uint64_t>(u8(k, at)) * kP5;
    h = rotl64(h, 11) * kP1;
  }
  h ^= h >> 33;
  h *= kP2;
  h ^= h >> 29;
  h *= kP3;
  h ^= h >> 32;
  return h;
}

// --- FarmHash Fingerprint64 (farmhashna::Hash64) -------------------------------------------

namespace {

constexpr std::uint64_t kK0 = 0xc3a5c85c97cb3127ull;
constexpr std::uint64_t kK1 = 0xb492b66fbe98f273ull;
constexpr std::uint64_t kK2 = 0x9ae16a3b2f90404full;

constexpr std::uint64_t shift_mix(std::uint64_t v) noexcept { return v ^ (v >> 47); }

constexpr std::uint64_t hash_len16(std::uint64_t u, std::uint64_t v, std::uint64_t mul) noexcept {
  std::uint64_t a = (u ^ v) * mul;
  a ^= a >> 47;
  std::uint64_t b = (v ^ a) * mul;
  b ^= b >> 47;
  return b * mul;
}

std::uint64_t farm_len0to16(std::string_view s) noexcept {
  const std::uint64_t len = s.size();
  if (len >= 8) {
    const std::uint64_t mul = kK2 + len * 2;
    const std::uint64_t a = le64(s, 0) + kK2;
    const std::uint64_t b = le64(s, len - 8);
    const std::uint64_t c = rotr64(b, 37) * mul + a;
    const std::uint64_t d = (rotr64(a, 25) + b) * mul;
    return hash_len16(c, d, mul);
  }
  if (len >= 4) {
    const std::uint64_t mul = kK2 + len * 2;
    const std::uint64_t a = le32(s, 0);
    return hash_len16(len + (a << 3), le32(s, len - 4), mul);
  }
  if (len > 0) {
    const std::uint32_t a = u8(s, 0), b = u8(s, len >> 1), c = u8(s, len - 1);
    const std::uint32_t y = a + (b << 8);
    const std::uint32_t z = static_cast<std::uint32_t>(len) + (c << 2);
    return shift_mix(y * kK2 ^ z * kK0) * kK2;
  }
  return kK2;
}

std::uint64_t farm_len17to32(std::string_view s) noexcept {
  const std::uint64_t len = s.size();
  const std::uint64_t mul = kK2 + len * 2;
  const std::uint64_t a = le64(s, 0) * kK1;
  const std::uint64_t b = le64(s, 8);
  const std::uint64_t c = le64(s, len - 8) * mul;
  const std::uint64_t d = le64(s, len - 16) * kK2;
  return hash_len16(rotr64(a + b, 43) + rotr64(c, 30) + d, a + rotr64(b + kK2, 18) + c, mul);
}

std::uint64_t farm_len33to64(std::string_view s) noexcept {
  const std::uint64_t len = s.size();
  const std::uint64_t mul = kK2 + len * 2;
  const std::uint64_t a = le64(s, 0) * kK2;
  const std::uint64_t b = le64(s, 8);
  const std::uint64_t c = le64(s, len - 8) * mul;
  const std::uint64_t d = le64(s, len - 16) * kK2;
  const std::uint64_t y = rotr64(a + b, 43) + rotr64(c, 30) + d;
  const std::uint64_t z = hash_len16(y, a + rotr64(b + kK2, 18) + c, mul);
  const std::uint64_t e = le64(s, 16) * mul;
  const std::uint64_t f = le64(s, 24);
  const std::uint64_t g = (y + le64(s, len - 32)) * mul;
  const std::uint64_t h = (z + le64(s, len - 24)) * mul;
  return hash_len16(rotr64(e + f, 43) + rotr64(g, 30) + h, e + rotr64(f + a, 18) + g, mul);
}

std::pair<std::uint64_t, std::uint64_t> weak_len32(std::string_view s, std::size_t at, std::uint64_t a,
                                                   std::uint64_t b) noexcept {
  const std::uint64_t w = le64(s, at), x = le64(s, at + 8), y = le64(s, at + 16), z = le64(s, at + 24);
  a += w;
  b = rotr64(b + a + z, 21);
  const std::uint64_t c = a;
  a += x;
  a += y;
  b += rotr64(a, 44);
  return {a + z, b + c};
}

}  // namespace

std::uint64_t farmhash_fingerprint64(std::string_view s) noexcept {
  const std::size_t len = s.size();
  if (len <= 16) return farm_len0to16(s);
  if (len <= 32) return farm_len17to32(s);
  if (len <= 64) return farm_len33to64(s);

  constexpr std::uint64_t seed = 81;
  std::uint64_t x = seed;
  std::uint64_t y = seed * kK1 + 113;
  std::uint64_t z = shift_mix(y * kK2 + 113) * kK2;
  std::pair<std::uint64_t, std::uint64_t> v{0, 0}, w{0, 0};
  x = x * kK2 + le64(s, 0);
  const std::size_t end = ((len - 1) / 64) * 64;
  const std::size_t last64 = end + ((len - 1) & 63) - 63;
  std::size_t at = 0;
  do {
    x = rotr64(x + y + v.first + le64(s, at + 8), 37) * kK1;
    y = rotr64(y + v.second + le64(s, at + 48), 42) * kK1;
    x ^= w.second;
    y += v.first + le64(s, at + 40);
    z = rotr64(z + w.first, 33) * kK1;
    v = weak_len32(s, at, v.second * kK1, x + w.first);
    w = weak_len32(s, at + 32, z + w.second, y + le64(s, at + 16));
    std::swap(z, x);
    at += 64;
  } while (at != end);
  const std::uint64_t mul = kK1 + ((z & 0xff) << 1);
  at = last64;
  w.first += ((len - 1) & 63);
  v.first += w.first;
  w.first += v.first;
  x = rotr64(x + y + v.first + le64(s, at + 8), 37) * mul;
  y = rotr64(y + v.second + le64(s, at + 48), 42) * mul;
  x ^= w.second * 9;
  y += v.first * 9 + le64(s, at + 40);
  z = rotr64(z + w.first, 33) * mul;
  v = weak_len32(s, at, v.second * mul, x + w.first);
  w = weak_len32(s, at + 32, z + w.second, y + le64(s, at + 16));
  std::swap(z, x);
  return hash_len16(hash_len16(v.first, w.first, mul) + shift_mix(y) * kK0 + z, hash_len16(v.second, w.second, mul) + x,
                    mul);
}

}  // namespace ringlab::systems
