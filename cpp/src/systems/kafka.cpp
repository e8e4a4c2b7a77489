#include "ringlab/systems/kafka.hpp"

#include <cstddef>
#include <iterator>

#include "ringlab/error.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/hashes.hpp"

namespace ringlab::systems::kafka {

Partitioner partitioner_from_name(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kPartitionerNames); ++i)
    if (name == kPartitionerNames[i]) return static_cast<Partitioner>(i);
  throw Error(ErrorCode::invalid_argument, rule::oneOf, "partitioner",
              {kPartitionerNames[0], kPartitionerNames[1], kPartitionerNames[2], input(name)});
}

std::uint32_t rdkafka_fnv1a(std::string_view key) noexcept {
  const std::uint32_t h = fnv1a_32(key);
  // `if (h < 0) h = -h` on an int32_t: two's complement negation, which leaves 0x80000000 as is.
  return (h & 0x80000000u) != 0 ? 0u - h : h;
}

std::uint32_t partition(std::string_view key, Partitioner p, std::int64_t partitions) {
  return partition_unchecked(key, p,
                             static_cast<std::uint32_t>(check_integer(SystemParam::kafka_partitions, partitions)));
}

std::uint32_t partition_unchecked(std::string_view key, Partitioner p, std::uint32_t n) noexcept {
  switch (p) {
    case Partitioner::murmur2: return (kafka_murmur2(key) & 0x7fffffffu) % n;
    case Partitioner::consistent: return crc32(key) % n;
    case Partitioner::fnv1a: return rdkafka_fnv1a(key) % n;
  }
  return 0;
}

}  // namespace ringlab::systems::kafka
