// Kafka's partition-count plans: what `kafka-topics --alter --partitions M` does to the keys of a
// topic of N partitions. No record moves; each key's new records go to its partition under M,
// which for `h % N` against `h % M` is another partition for most keys. The plan gives each
// given key's partition before and after under the chosen partitioners (kafka.hpp, exact), and
// the share of each partitioner's hash output that changes partition, counted exactly in
// integers. See docs/plan.md#kafka.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/systems/kafka.hpp"
#include "ringlab/systems/plan.hpp"

namespace ringlab::systems::kafka {

// The change of a topic's partition count.
struct PartitionChange {
  std::uint32_t before = 0;
  std::uint32_t after = 0;
};

// "N:M", each a partition count as SystemParam::kafka_partitions allows (1 to 2^31 - 1: both
// clients take it as an int32), M >= N (Kafka refuses to remove partitions). Errors name the
// parameter "partitions": kafkaPartitionChange for another form, the table's rules for a count
// that is no integer or out of range, kafkaPartitionDecrease for M < N.
[[nodiscard]] PartitionChange partition_change_from_text(std::string_view text);

// The partitioners a plan is asked for by name: one of partitioner_from_name's names, or "all"
// (murmur2, consistent, fnv1a, in that order). Another name is invalid_argument, oneOf, naming
// "partitioner".
[[nodiscard]] std::vector<Partitioner> plan_partitioners_from_name(std::string_view name);

// How many h in [0, space) have h % before != h % after (before, after >= 1). Writing
// h = q * after + a (a = h % after), h % before == a exactly when a < before and q * after is a
// multiple of before, that is when q is a multiple of before / gcd(before, after): so the kept
// hashes are counted block by block of `after` hashes, min(before, after) in every such full
// block and what the last, partial block holds, without walking lcm(before, after).
[[nodiscard]] std::uint64_t moved_hashes(std::uint64_t space, std::uint64_t before, std::uint64_t after) noexcept;

// The same over the 2 * half values of a two's complement integer of that width made
// non-negative with `-h` (librdkafka's fnv1a: the most negative value stays as it is, 2^31):
// [0, half) once as itself, (-half, 0) as 1 .. half - 1 again, -half as half.
[[nodiscard]] std::uint64_t moved_hashes_abs(std::uint64_t half, std::uint64_t before, std::uint64_t after) noexcept;

// The share of a partitioner's output that changes partition: murmur2 & 0x7fffffff over
// [0, 2^31), CRC-32 over [0, 2^32), FNV-1a 32 over [0, 2^32) made non-negative.
[[nodiscard]] SpaceShare moved_share(Partitioner p, PartitionChange change);

// The plan for one partitioner: each key's partition before and after (as partition() gives
// it), the keys that move grouped by their partitions before and after, the share of the hash
// space that moves, and the warning that keys that move lose their order.
[[nodiscard]] Plan plan_partitions(Partitioner p, PartitionChange change, const std::vector<std::string>& keys);

}  // namespace ringlab::systems::kafka
