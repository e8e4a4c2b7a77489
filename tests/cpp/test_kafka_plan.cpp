// Kafka's partition-count plans (systems/kafka_plan.hpp): the exact share of the hash space that
// moves, held to a count hash by hash over ranges small enough to walk, and each key's
// partitions, held to the placement functions of kafka.hpp. tests/systems/kafka-plan.mjs holds
// the plans to librdkafka's own partitioners.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "ringlab/error.hpp"
#include "ringlab/systems/kafka.hpp"
#include "ringlab/systems/kafka_plan.hpp"
#include "ringlab/systems/plan.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_kafka_plan {

using namespace ringlab::systems;
using namespace ringlab::systems::kafka;

namespace {

std::uint64_t walk(std::uint64_t space, std::uint64_t before, std::uint64_t after) {
  std::uint64_t moved = 0;
  for (std::uint64_t h = 0; h < space; ++h) moved += h % before != h % after ? 1 : 0;
  return moved;
}

// Two's complement values of 2 * half, each made non-negative with -h as librdkafka's fnv1a
// does (the most negative stays half).
std::uint64_t walk_abs(std::uint64_t half, std::uint64_t before, std::uint64_t after) {
  std::uint64_t moved = 0;
  for (std::int64_t v = -static_cast<std::int64_t>(half); v < static_cast<std::int64_t>(half); ++v) {
    const std::uint64_t h = v == -static_cast<std::int64_t>(half) ? half : static_cast<std::uint64_t>(v < 0 ? -v : v);
    moved += h % before != h % after ? 1 : 0;
  }
  return moved;
}

std::string error_rule(const std::string& text) {
  try {
    (void)partition_change_from_text(text);
  } catch (const ringlab::Error& e) {
    return std::string(e.rule().id) + ": " + e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("kafka plan: the moved share is the count hash by hash", "[systems][plan][kafka]") {
  // Spaces around, below and across lcm(before, after), counts up to 40 each way (decreases too:
  // the count holds for any pair, the plan refuses them).
  for (const std::uint64_t space : {1u, 2u, 7u, 60u, 61u, 127u, 128u, 1000u, 1024u, 4096u})
    for (std::uint64_t before = 1; before <= 40; ++before)
      for (std::uint64_t after = 1; after <= 40; ++after) {
        INFO(space << " hashes, " << before << " -> " << after);
        REQUIRE(moved_hashes(space, before, after) == walk(space, before, after));
      }
  for (const std::uint64_t half : {1u, 64u, 128u, 1000u})
    for (std::uint64_t before = 1; before <= 24; ++before)
      for (std::uint64_t after = before; after <= 24; ++after) {
        INFO("abs over " << 2 * half << ", " << before << " -> " << after);
        REQUIRE(moved_hashes_abs(half, before, after) == walk_abs(half, before, after));
      }
}

TEST_CASE("kafka plan: the moved shares of 6 -> 12, 3 -> 4 and 10 -> 11", "[systems][plan][kafka]") {
  // 6 -> 12: h % 6 == h % 12 for half of every 12 hashes; [0, 2^31) ends 8 into a block, whose
  // first 6 keep. The figures follow from the count above; these fix the plan's three ranges.
  const SpaceShare m = moved_share(Partitioner::murmur2, {6, 12});
  CHECK(m.size == 2147483648u);
  CHECK(m.moved == 1073741822u);
  CHECK(fraction_text(m.moved, m.size) == "536870911/1073741824");
  CHECK(percent_text(m.moved, m.size) == "49.999999907");
  CHECK(moved_share(Partitioner::consistent, {6, 12}).moved == 2147483646u);
  CHECK(moved_share(Partitioner::fnv1a, {6, 12}).moved == 2 * 1073741822u + 1);  // 2^31 % 6 = 2, % 12 = 8
  // n -> n + 1 keeps about 1 in n + 1 of the hashes, moving n / (n + 1).
  CHECK(moved_share(Partitioner::murmur2, {3, 4}).moved == walk(12, 3, 4) * (2147483648u / 12) + walk(8, 3, 4));
  CHECK(percent_text(moved_share(Partitioner::murmur2, {10, 11}).moved, 2147483648u).substr(0, 5) == "90.90");
  CHECK(moved_share(Partitioner::murmur2, {7, 7}).moved == 0);
  CHECK(fraction_text(0, 8) == "0");
  CHECK(fraction_text(8, 8) == "1");
  CHECK(percent_text(1, 3) == "33.333333333");
  CHECK(percent_text(2, 3) == "66.666666667");
}

TEST_CASE("kafka plan: each key's partitions are place kafka's", "[systems][plan][kafka]") {
  std::vector<std::string> keys{"", "user:1", "user:2", "orders-17", std::string("\xff\x00k", 3), "キー"};
  for (int i = 0; i < 200; ++i) keys.push_back("key-" + std::to_string(i));
  for (const Partitioner p : {Partitioner::murmur2, Partitioner::consistent, Partitioner::fnv1a})
    for (const PartitionChange c : {PartitionChange{1, 1}, {3, 4}, {6, 12}, {10, 11}, {1, 2147483647}}) {
      const Plan plan = plan_partitions(p, c, keys);
      REQUIRE(plan.keys.size() == keys.size());
      std::size_t moves = 0;
      for (std::size_t i = 0; i < keys.size(); ++i) {
        CHECK(plan.keys[i].key == keys[i]);
        CHECK(plan.keys[i].before == std::to_string(partition(keys[i], p, c.before)));
        CHECK(plan.keys[i].after == std::to_string(partition(keys[i], p, c.after)));
        moves += plan.keys[i].before != plan.keys[i].after ? 1 : 0;
      }
      // The steps hold exactly the keys that move, each under its two partitions.
      std::size_t in_steps = 0;
      for (const PlanStep& s : plan.steps) {
        CHECK(s.from != s.to);
        for (const std::string& k : s.names) {
          CHECK(std::to_string(partition(k, p, c.before)) == s.from);
          CHECK(std::to_string(partition(k, p, c.after)) == s.to);
        }
        in_steps += s.names.size();
      }
      CHECK(in_steps == moves);
      REQUIRE(plan.space_moved.has_value());
      CHECK(plan.space_moved->exactness == Exactness::exact);
      CHECK(plan.warnings.size() == (c.before == c.after ? 0u : 1u));
      if (c.before == c.after) CHECK(moves == 0);
    }
}

TEST_CASE("kafka plan: N:M and the partitioners' names", "[systems][plan][kafka]") {
  CHECK(partition_change_from_text("6:12").before == 6);
  CHECK(partition_change_from_text("6:12").after == 12);
  CHECK(partition_change_from_text("5:5").after == 5);
  CHECK(error_rule("6") ==
        "kafkaPartitionChange: partitions must be N:M, the partition counts before and after, got 6");
  CHECK(error_rule("6:").rfind("kafkaPartitionChange", 0) == 0);
  CHECK(error_rule(":6").rfind("kafkaPartitionChange", 0) == 0);
  CHECK(error_rule("1:2:3").rfind("kafkaPartitionChange", 0) == 0);
  CHECK(error_rule("0:3") == "between: partitions must be between 1 and 2147483647, got 0");
  CHECK(error_rule("3:2147483648") == "between: partitions must be between 1 and 2147483647, got 2147483648");
  CHECK(error_rule("x:3") == "integer: partitions must be a safe integer, got \"x\"");
  CHECK(error_rule("12:6") ==
        "kafkaPartitionDecrease: partitions cannot go down from 12 to 6: Kafka only adds partitions to a topic");
  CHECK(plan_partitioners_from_name("all").size() == 3);
  CHECK(plan_partitioners_from_name("fnv1a") == std::vector<Partitioner>{Partitioner::fnv1a});
  try {
    (void)plan_partitioners_from_name("crc");
    FAIL("crc is no partitioner");
  } catch (const ringlab::Error& e) {
    CHECK(std::string(e.what()) == "partitioner must be murmur2, consistent, fnv1a or all, got \"crc\"");
  }
}

}  // namespace test_kafka_plan
