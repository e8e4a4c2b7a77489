// Redis Cluster's migration plans, exactly as redis-cli 7.0.15 makes them: `--cluster rebalance`
// and `--cluster reshard`, read from the CLUSTER NODES text of the node redis-cli is pointed at
// (its order decides every tie). See docs/plan.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ringlab/params.hpp"
#include "ringlab/systems/plan.hpp"

namespace ringlab::systems::redis {

// The plan commands' parameters: a table of their own, as an added command's are (the flags'
// spellings, ranges and defaults are written here once).
// clang-format off
inline constexpr ParamSpec kPlanParams[] = {
  // redis-cli asks for 1 to 16384 slots (clusterManagerCommandReshard).
  {.where = "redisPlan", .name = "slots", .flag = "--slots", .metavar = "N",
   .help = "reshard: slots to move (--cluster-slots)", .lo = 1, .hi = 16384},
  // A weight of 0 drains a master; redis-cli sums the weights in a float, so a cap keeps the sum
  // finite and exact enough to mean what it says.
  {.where = "redisPlan", .name = "weight", .flag = "--weight", .metavar = "ID=W",
   .help = "rebalance: a master's weight (--cluster-weight), per master",
   .kind = ParamKind::number, .min = 0, .max = 1'000'000,
   .has_default = true, .default_number = 1},
  // CLUSTER_MANAGER_REBALANCE_THRESHOLD; 0 means never (redis-cli then finds no node over it).
  {.where = "redisPlan", .name = "threshold", .flag = "--threshold", .metavar = "P",
   .help = "rebalance: only if a master is over P% off its share", .kind = ParamKind::number, .min = 0,
   .max = 1'000'000, .has_default = true, .default_number = 2},
};
// clang-format on

inline constexpr std::uint32_t kPlanSlots = 16384;

// A node as CLUSTER NODES lists it.
struct ClusterNode {
  std::string id;       // 40 hex digits
  std::string address;  // IP:PORT@BUSPORT[,HOSTNAME]
  bool myself = false;
  bool replica = false;
  std::string master;                // the master a replica follows, or "-"
  std::vector<std::uint32_t> slots;  // ascending
  std::size_t line = 0;              // its line in the text, from 1
};

// The nodes of a CLUSTER NODES text in redis-cli's order: the node marked myself first, then the
// others as listed. Refuses (ringlab::Error, configAt with its line and column, or configWhole)
// what redis-cli would refuse or misread: a malformed line, an open slot, a slot held twice, a
// node marked fail or noaddr or in handshake, slots no master holds, no line marked myself.
[[nodiscard]] std::vector<ClusterNode> read_cluster_nodes(std::string_view text);

struct RebalanceOptions {
  std::vector<std::pair<std::string, double>> weights;  // ID (or a prefix) and its weight, in order
  bool use_empty_masters = false;
  double threshold = 2;
};

struct ReshardOptions {
  std::vector<std::string> from;  // node ids, or "all"
  std::string to;
  std::int64_t slots = 0;
};

// The plans. Parameters are checked against kPlanParams; a node named that is not in the
// cluster (unknown_server), a replica named as a master, a source named twice, weights that
// leave no master, no source left: ringlab::Error.
[[nodiscard]] Plan plan_rebalance(const std::vector<ClusterNode>& nodes, const RebalanceOptions& options);
[[nodiscard]] Plan plan_reshard(const std::vector<ClusterNode>& nodes, const ReshardOptions& options);

}  // namespace ringlab::systems::redis
