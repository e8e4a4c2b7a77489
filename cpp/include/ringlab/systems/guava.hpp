// Guava's Hashing.consistentHash, and the long a key gives it. See docs/systems.md#guava.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ringlab::systems::guava {

// Hashing.consistentHash(long input, int buckets) as Guava 31.1 computes it: jump's LCG, with
// Java's int overflow in (int) (state >>> 33) + 1 and Java's saturating (int) cast of
// (candidate + 1) / nextDouble(). SystemParam::guava_buckets: 1 to 2^31 - 1 (out_of_range otherwise).
[[nodiscard]] std::int32_t consistent_hash(std::int64_t input, std::int64_t buckets);

enum class Input : std::uint8_t {
  automatic,    // long when the key is a decimal that fits a signed long, else murmur3_128
  long_value,   // the key is the long: signed or unsigned 64-bit decimal, or 0x hex
  murmur3_128,  // Hashing.murmur3_128().hashString(key, UTF_8).padToLong()
  murmur3_32,   // Hashing.murmur3_32_fixed() ... padToLong(): the 32-bit hash, unsigned
  farmhash64,   // Hashing.farmHashFingerprint64() ... padToLong()
};

// "auto", "long", "murmur3_128", "murmur3_32", "farmhash64"; any other name is invalid_argument,
// "input must be auto, long, murmur3_128, murmur3_32 or farmhash64, got "x"".
[[nodiscard]] Input input_from_name(std::string_view name);

// Decimal text ([+-]digits, ASCII) whose value fits a signed long, as Long.parseLong reads it
// ("007" is 7); nullopt otherwise.
[[nodiscard]] std::optional<std::int64_t> signed_long_from_text(std::string_view text) noexcept;

// The long `input` makes of a key. The hash inputs hash the key's bytes, which for UTF-8 text is
// hashString(key, UTF_8). For long_value, text that is not -2^63 .. 2^64 - 1 in decimal (an
// unsigned value above 2^63 - 1 is its two's-complement long) or 0x followed by 1 to 16 hex
// digits throws Error: invalid_argument "<what> must be a 64-bit integer (decimal or 0x hex),
// got "abc"", out_of_range "<what> must be between -9223372036854775808 and
// 18446744073709551615, got ...".
[[nodiscard]] std::int64_t input_long(std::string_view key, Input input, const std::string& what = "key");

// bucket() for buckets already checked, without exceptions: nullopt where input_long() would
// throw (a long_value key that is not a 64-bit integer).
[[nodiscard]] std::optional<std::int32_t> bucket_if(std::string_view key, Input input, std::int64_t buckets) noexcept;

// consistent_hash(input_long(key, input), buckets).
[[nodiscard]] std::int32_t bucket(std::string_view key, Input input, std::int64_t buckets,
                                  const std::string& what = "key");

}  // namespace ringlab::systems::guava
