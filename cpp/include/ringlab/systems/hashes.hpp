// The hash functions the real systems use, each a plain function of bytes (std::string_view: any
// bytes, not only text), reproducing that system's code bit for bit, quirks included. Each says
// which systems use it and what defines it.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace ringlab::systems {

// How a hash reads a byte >= 0x80. C code that walks a key through a plain `char *` and widens
// each char to an integer sign-extends it on x86 (0xFF becomes 0xFFFFFFFF); libhashkit's
// one-at-a-time and FNV functions do so. The textbook definitions read bytes as unsigned.
enum class ByteSign : std::uint8_t { as_unsigned, sign_extended };

// --- CRC -----------------------------------------------------------------------------------

// CRC-32/IEEE (zlib's crc32, nginx's ngx_crc32_long): reflected, polynomial 0xEDB88320, init and
// final XOR 0xFFFFFFFF. crc32("123456789") = 0xCBF43926.
// Users: nginx `hash` (points of `hash … consistent`, `(crc >> 16) & 0x7fff` of plain `hash`),
// libhashkit "crc", librdkafka's `consistent` partitioner.
[[nodiscard]] std::uint32_t crc32(std::string_view bytes) noexcept;
// Continues a finished CRC-32 over more bytes, as zlib's crc32(crc, buf, len):
// crc32_update(crc32(a), b) == crc32(a + b), and crc32_update(0, b) == crc32(b).
[[nodiscard]] std::uint32_t crc32_update(std::uint32_t crc, std::string_view bytes) noexcept;

// CRC16/XMODEM: polynomial 0x1021, init 0, not reflected, no final XOR. "123456789" -> 0x31C3.
// User: Redis Cluster's key slot (crc16 & 0x3FFF).
[[nodiscard]] std::uint16_t crc16_xmodem(std::string_view bytes) noexcept;
// twemproxy's "crc16" (hash_crc16): CRC16/XMODEM's table step on a 32-bit register that is never
// cut to 16 bits, so the low 16 bits are crc16_xmodem and the high 16 bits are what the shifts
// carried up; the whole 32-bit value is the key hash.
[[nodiscard]] std::uint32_t twemproxy_crc16(std::string_view bytes) noexcept;

// --- MD5 -----------------------------------------------------------------------------------

// MD5 (RFC 1321), the 16-byte digest. Users: libhashkit "md5" and every weighted ketama
// continuum (libmemcached, libketama), which take little-endian 32-bit words of it.
[[nodiscard]] std::array<std::uint8_t, 16> md5(std::string_view bytes) noexcept;
// The digest's bytes [4i, 4i+3] as a little-endian number (i = 0..3): ketama's points, and
// with i = 0 libhashkit's "md5" key hash and libketama's ketama_hashi.
[[nodiscard]] std::uint32_t md5_word(const std::array<std::uint8_t, 16>& digest, unsigned i) noexcept;

// --- Jenkins -------------------------------------------------------------------------------

// Bob Jenkins' one-at-a-time: per byte v += b; v += v << 10; v ^= v >> 6; then v += v << 3;
// v ^= v >> 11; v += v << 15; starting from 0. User: libhashkit "default" (sign_extended on x86).
[[nodiscard]] std::uint32_t one_at_a_time(std::string_view bytes, ByteSign sign = ByteSign::as_unsigned) noexcept;

// Bob Jenkins' lookup3 hashlittle(key, length, initval), bytes unsigned.
[[nodiscard]] std::uint32_t jenkins_lookup3(std::string_view bytes, std::uint32_t initval) noexcept;
// libhashkit "jenkins": hashlittle with initval 13.
[[nodiscard]] std::uint32_t hashkit_jenkins(std::string_view bytes) noexcept;

// --- FNV -----------------------------------------------------------------------------------

// FNV-1 (multiply, then XOR the byte) and FNV-1a (XOR, then multiply). 32-bit: offset basis
// 2166136261, prime 16777619. 64-bit: offset basis 14695981039346656037, prime 1099511628211.
// Users: libhashkit "fnv1_32", "fnv1a_32", "fnv1_64", "fnv1a_64" (sign_extended; its 64-bit ones
// return the low 32 bits of these), librdkafka's `fnv1a` partitioner (as_unsigned).
[[nodiscard]] std::uint32_t fnv1_32(std::string_view bytes, ByteSign sign = ByteSign::as_unsigned) noexcept;
[[nodiscard]] std::uint32_t fnv1a_32(std::string_view bytes, ByteSign sign = ByteSign::as_unsigned) noexcept;
[[nodiscard]] std::uint64_t fnv1_64(std::string_view bytes, ByteSign sign = ByteSign::as_unsigned) noexcept;
[[nodiscard]] std::uint64_t fnv1a_64(std::string_view bytes, ByteSign sign = ByteSign::as_unsigned) noexcept;

// --- Hsieh ---------------------------------------------------------------------------------

// Paul Hsieh's SuperFastHash as twemproxy's hash_hsieh reads it on x86-64: 16-bit words
// little-endian, 0 for no bytes, and the third byte of a 3-byte tail sign-extended (read through
// a char). User: twemproxy "hsieh".
[[nodiscard]] std::uint32_t hsieh(std::string_view bytes) noexcept;

// --- MurmurHash ----------------------------------------------------------------------------

// MurmurHash2, 32-bit (m = 0x5bd1e995, r = 24), h = seed ^ length, bytes unsigned.
[[nodiscard]] std::uint32_t murmur2_32(std::string_view bytes, std::uint32_t seed) noexcept;
// Kafka's Utils.murmur2 (the Java client's keyed partitioner) and librdkafka's rd_murmur2:
// murmur2_32 with seed 0x9747b28c. Java reads the result as a signed int; the bits are these.
inline constexpr std::uint32_t kKafkaMurmur2Seed = 0x9747b28cu;
[[nodiscard]] std::uint32_t kafka_murmur2(std::string_view bytes) noexcept;
// libhashkit "murmur": murmur2_32 with seed 0xdeadbeef * length (mod 2^32).
[[nodiscard]] std::uint32_t hashkit_murmur(std::string_view bytes) noexcept;

// MurmurHash3 x86_32 (Austin Appleby's MurmurHash3_x86_32), bytes unsigned. Users: Guava's
// murmur3_32_fixed (seed 0), libhashkit "murmur3" (hashkit_murmur3 below).
[[nodiscard]] std::uint32_t murmur3_x86_32(std::string_view bytes, std::uint32_t seed) noexcept;
// libhashkit "murmur3": MurmurHash3_x86_32 with seed 0xdeadbeef * length (mod 2^32).
[[nodiscard]] std::uint32_t hashkit_murmur3(std::string_view bytes) noexcept;

// MurmurHash3 x64_128: the two 64-bit halves. Guava's HashCode bytes are h1 then h2, each
// little-endian, so its asLong()/padToLong() is h1.
struct Hash128 {
  std::uint64_t h1 = 0;
  std::uint64_t h2 = 0;
  friend bool operator==(const Hash128&, const Hash128&) = default;
};
// ByteSign applies to the tail (the last length % 16 bytes) only: Cassandra's MurmurHash.java
// widens tail bytes with Java's signed (long) byte (sign_extended); the reference code and
// Guava's murmur3_128 read them unsigned. Full 16-byte blocks are the same in both.
[[nodiscard]] Hash128 murmur3_x64_128(std::string_view bytes, std::uint64_t seed,
                                      ByteSign tail = ByteSign::as_unsigned) noexcept;

// libstdc++'s 64-bit std::_Hash_bytes (MurmurHash64A-based; seed 0xc70f6907 in
// std::hash<std::string>). User: Envoy ring_hash with hash_function MURMUR_HASH_2.
inline constexpr std::uint64_t kLibstdcxxHashSeed = 0xc70f6907u;
[[nodiscard]] std::uint64_t libstdcxx_hash_bytes(std::string_view bytes,
                                                 std::uint64_t seed = kLibstdcxxHashSeed) noexcept;

// --- xxHash, FarmHash ----------------------------------------------------------------------

// XXH64 (Cyan4973's xxHash, 64-bit). User: Envoy (ring_hash points, Maglev offset/skip with
// seeds 0 and 1, request hashes).
[[nodiscard]] std::uint64_t xxhash64(std::string_view bytes, std::uint64_t seed = 0) noexcept;

// FarmHash's Fingerprint64 (farmhashna::Hash64, stable across versions and platforms), which
// Guava's Hashing.farmHashFingerprint64() computes; its padToLong() is this value.
[[nodiscard]] std::uint64_t farmhash_fingerprint64(std::string_view bytes) noexcept;

}  // namespace ringlab::systems
