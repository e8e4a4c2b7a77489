// Kafka's keyed partitioners: the Java client's default for a record with a key, and
// librdkafka's `consistent` and `fnv1a`. See docs/systems.md#kafka.
#pragma once

#include <cstdint>
#include <string_view>

namespace ringlab::systems::kafka {

enum class Partitioner : std::uint8_t {
  // The Java client (BuiltInPartitioner.partitionForKey): (murmur2(key) & 0x7fffffff) % n.
  // librdkafka's murmur2 and murmur2_random agree for every key that is not NULL.
  murmur2,
  // librdkafka's consistent: CRC-32(key) % n, unsigned.
  consistent,
  // librdkafka's fnv1a (Sarama's NewHashPartitioner): FNV-1a 32 read as an int32, made
  // non-negative with -h (INT32_MIN stays 2^31), then % n.
  fnv1a,
};

// The partitioners' names, in Partitioner's order.
inline constexpr std::string_view kPartitionerNames[] = {"murmur2", "consistent", "fnv1a"};

// "murmur2", "consistent", "fnv1a"; any other name is invalid_argument, "partitioner must be
// murmur2, consistent or fnv1a, got "x"".
[[nodiscard]] Partitioner partitioner_from_name(std::string_view name);

// librdkafka's rd_fnv1a: FNV-1a 32 (bytes unsigned), then its absolute value as an int32.
[[nodiscard]] std::uint32_t rdkafka_fnv1a(std::string_view key) noexcept;

// The partition of a key under `partitions` partitions (SystemParam::kafka_partitions: 1 to 2^31 - 1,
// out_of_range otherwise). An empty key is hashed like any other: the Java client hashes an
// empty byte array (only a null key skips the hash), and librdkafka's non-random partitioners
// hash a zero-length key.
[[nodiscard]] std::uint32_t partition(std::string_view key, Partitioner p, std::int64_t partitions);
// The same for a count already checked (1 to 2^31 - 1): the batch loops' path.
[[nodiscard]] std::uint32_t partition_unchecked(std::string_view key, Partitioner p, std::uint32_t partitions) noexcept;

}  // namespace ringlab::systems::kafka
