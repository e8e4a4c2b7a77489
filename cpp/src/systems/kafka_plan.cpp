#include "ringlab/systems/kafka_plan.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

#include "ringlab/error.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"

namespace ringlab::systems::kafka {
namespace {

// Each side of N:M as the table's row for a partition count says.
std::uint32_t count_from_text(std::string_view text) {
  const ParamSpec& row = param(SystemParam::kafka_partitions);
  return static_cast<std::uint32_t>(check_integer(row, integer_from_text(text, row.name)));
}

RINGLAB_ONCE std::string tool_of(Partitioner p) {
  switch (p) {
    case Partitioner::murmur2: return "Kafka's murmur2 partitioner (the Java client's default)";
    case Partitioner::consistent: return "librdkafka's consistent partitioner";
    case Partitioner::fnv1a: return "librdkafka's fnv1a partitioner";
  }
  return {};
}

}  // namespace

RINGLAB_ONCE PartitionChange partition_change_from_text(std::string_view text) {
  const std::string_view name = param(SystemParam::kafka_partitions).name;
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == text.size() ||
      text.find(':', colon + 1) != std::string_view::npos)
    throw Error(ErrorCode::invalid_argument, rule::kafkaPartitionChange, name, {input(text)});
  const PartitionChange change{count_from_text(text.substr(0, colon)), count_from_text(text.substr(colon + 1))};
  if (change.after < change.before)
    throw Error(ErrorCode::invalid_argument, rule::kafkaPartitionDecrease, name,
                {static_cast<std::int64_t>(change.before), static_cast<std::int64_t>(change.after)});
  return change;
}

RINGLAB_ONCE std::vector<Partitioner> plan_partitioners_from_name(std::string_view name) {
  if (name == "all") return {Partitioner::murmur2, Partitioner::consistent, Partitioner::fnv1a};
  for (const std::string_view one : kPartitionerNames)
    if (name == one) return {partitioner_from_name(name)};
  std::vector<ErrorValue> values(std::begin(kPartitionerNames), std::end(kPartitionerNames));
  values.emplace_back("all");
  values.push_back(input(name));
  throw Error(ErrorCode::invalid_argument, rule::oneOf, "partitioner", std::move(values));
}

std::uint64_t moved_hashes(std::uint64_t space, std::uint64_t before, std::uint64_t after) noexcept {
  const std::uint64_t every = before / std::gcd(before, after);  // the blocks q that keep, q % every == 0
  const std::uint64_t blocks = space / after;                    // full blocks: q in [0, blocks)
  const std::uint64_t rest = space % after;                      // the partial block q = blocks
  std::uint64_t kept = (blocks + every - 1) / every * std::min(before, after);
  if (rest > 0 && blocks % every == 0) kept += std::min(before, rest);
  return space - kept;
}

std::uint64_t moved_hashes_abs(std::uint64_t half, std::uint64_t before, std::uint64_t after) noexcept {
  // 0 keeps its partition (0 % anything is 0), so 1 .. half - 1 move as often as 0 .. half - 1.
  return 2 * moved_hashes(half, before, after) + (half % before != half % after ? 1 : 0);
}

RINGLAB_ONCE SpaceShare moved_share(Partitioner p, PartitionChange c) {
  constexpr std::uint64_t k31 = std::uint64_t{1} << 31;
  switch (p) {
    case Partitioner::murmur2:
      return {"murmur2 & 0x7fffffff, [0, 2^31)", k31, moved_hashes(k31, c.before, c.after), Exactness::exact};
    case Partitioner::consistent:
      return {"CRC-32, [0, 2^32)", 2 * k31, moved_hashes(2 * k31, c.before, c.after), Exactness::exact};
    case Partitioner::fnv1a:
      return {"FNV-1a 32 made non-negative, [0, 2^32)", 2 * k31, moved_hashes_abs(k31, c.before, c.after),
              Exactness::exact};
  }
  return {};
}

RINGLAB_ONCE Plan plan_partitions(Partitioner p, PartitionChange c, const std::vector<std::string>& keys) {
  Plan plan;
  plan.system = "kafka";
  plan.tool = tool_of(p);
  plan.operation = "from " + std::to_string(c.before) + " to " + std::to_string(c.after) + " partitions";
  plan.unit = "keys";
  plan.space = 0;  // the units are the keys given, not a fixed space
  plan.exactness = Exactness::exact;
  // The moved keys by (partition before, partition after), in partition order; keys in input order.
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::string>> moves;
  std::vector<std::string> moved;
  for (const std::string& key : keys) {
    const std::uint32_t before = partition_unchecked(key, p, c.before);
    const std::uint32_t after = partition_unchecked(key, p, c.after);
    plan.keys.push_back({key, std::to_string(before), std::to_string(after), std::nullopt});
    if (before != after) {
      moves[{before, after}].push_back(key);
      moved.push_back(key);
    }
  }
  for (auto& [pair, names] : moves)
    plan.steps.push_back({std::to_string(pair.first), std::to_string(pair.second), {}, std::move(names)});
  plan.space_moved = moved_share(p, c);
  if (c.before == c.after) plan.note = "the partition count does not change: no key moves";
  else if (keys.empty()) plan.note = "no keys given: the hash space below is what moves";
  if (plan.space_moved->moved > 0)
    plan.warnings.push_back(
        {"ordering",
         "a key that moves loses its order: its records already written stay in the old partition, its new ones go to "
         "the new one, and consumers read the two apart (" +
             (keys.empty() ? std::string("no keys given")
                           : std::to_string(moved.size()) + " of the " + std::to_string(keys.size()) +
                                 (keys.size() == 1 ? " key given" : " keys given")) +
             ")"});
  return plan;
}

}  // namespace ringlab::systems::kafka
