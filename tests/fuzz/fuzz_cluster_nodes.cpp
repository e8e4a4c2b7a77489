// The CLUSTER NODES reader behind `ringlab plan redis`, and the plans made from what it reads.
// The first byte picks the plan's options, the rest is the text. Text that does not read must
// fail with a named error that gives its place ("CLUSTER NODES line L, column C" or the whole
// text's "CLUSTER NODES: "); text that reads must give a cluster redis-cli would plan for: the
// node marked myself first, every slot held by exactly one master, no replica holding one. Then
// a rebalance and a reshard of it must keep every slot with one master at every step, move only
// slots their source holds at that point, end with the counts they report, and the alternative
// must reach the same counts.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/error.hpp"
#include "ringlab/systems/plan.hpp"
#include "ringlab/systems/redis_plan.hpp"

namespace {

using namespace ringlab::systems;

bool mentions(const ringlab::Error& e, std::string_view what) {
  return std::string_view(e.what()).find(what) != std::string_view::npos;
}

// Follows the steps from the cluster's slots: each slot leaves the node that holds it; returns
// the counts after `moves` slots, in the plan's node order (masters only).
std::vector<std::uint32_t> follow(const std::vector<redis::ClusterNode>& nodes, const std::vector<PlanStep>& steps,
                                  std::size_t moves) {
  std::vector<std::string> owner(redis::kPlanSlots);
  for (const redis::ClusterNode& n : nodes)
    for (std::uint32_t s : n.slots) owner[s] = n.id;
  std::size_t done = 0;
  for (const PlanStep& st : steps)
    for (std::uint32_t s : st.units) {
      if (done++ >= moves) break;
      if (s >= redis::kPlanSlots || owner[s] != st.from || st.from == st.to) __builtin_trap();
      owner[s] = st.to;
    }
  std::vector<std::uint32_t> counts;
  for (const redis::ClusterNode& n : nodes) {
    if (n.replica) continue;
    std::uint32_t c = 0;
    for (const std::string& o : owner) c += o == n.id ? 1 : 0;
    counts.push_back(c);
  }
  return counts;
}

void check_plan(const std::vector<redis::ClusterNode>& nodes, const Plan& p) {
  const std::vector<std::uint32_t> end = follow(nodes, p.steps, static_cast<std::size_t>(-1));
  if (end.size() != p.nodes.size()) __builtin_trap();
  std::uint32_t total = 0;
  for (std::size_t i = 0; i < end.size(); ++i) {
    if (end[i] != p.nodes[i].after.units) __builtin_trap();
    total += end[i];
  }
  if (total != redis::kPlanSlots) __builtin_trap();
  if (p.stops_after_units) {
    const std::vector<std::uint32_t> stopped = follow(nodes, p.steps, *p.stops_after_units);
    for (std::size_t i = 0; i < stopped.size(); ++i)
      if (stopped[i] != p.nodes_if_stopped[i].after.units) __builtin_trap();
  }
  for (const PlanAlternative& a : p.alternatives) {
    const std::vector<std::uint32_t> alt = follow(nodes, a.steps, static_cast<std::size_t>(-1));
    for (std::size_t i = 0; i < alt.size(); ++i)
      if (alt[i] != end[i] || a.nodes[i].after.units != end[i]) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t mode = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::vector<redis::ClusterNode> nodes;
  try {
    nodes = redis::read_cluster_nodes(text);
  } catch (const ringlab::Error& e) {
    if (!mentions(e, "CLUSTER NODES line ") && !mentions(e, "CLUSTER NODES: ")) __builtin_trap();
    return 0;
  }
  if (nodes.empty() || !nodes.front().myself) __builtin_trap();
  std::vector<int> held(redis::kPlanSlots, 0);
  std::vector<const redis::ClusterNode*> masters;
  for (const redis::ClusterNode& n : nodes) {
    if (n.replica && !n.slots.empty()) __builtin_trap();
    if (!n.replica) masters.push_back(&n);
    for (std::uint32_t s : n.slots) ++held[s];
  }
  for (int h : held)
    if (h != 1) __builtin_trap();
  try {
    redis::RebalanceOptions o;
    o.use_empty_masters = (mode & 1) != 0;
    o.threshold = (mode >> 1) & 3;
    if ((mode & 8) != 0 && masters.size() > 1) o.weights.push_back({masters.back()->id, 0});
    check_plan(nodes, redis::plan_rebalance(nodes, o));
  } catch (const ringlab::Error& e) {
    if (!mentions(e, "every master's weight is 0")) __builtin_trap();
  }
  try {
    redis::ReshardOptions o;
    o.from = {(mode & 16) != 0 || masters.size() < 2 ? "all" : masters[1]->id};
    o.to = masters.front()->id;
    o.slots = 1 + (mode >> 5) * 2341;
    check_plan(nodes, redis::plan_reshard(nodes, o));
  } catch (const ringlab::Error& e) {
    if (!mentions(e, "leaves no source node")) __builtin_trap();
  }
  return 0;
}
