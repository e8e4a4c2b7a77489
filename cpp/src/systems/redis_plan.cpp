// redis-cli 7.0.15's rebalance and reshard (src/redis-cli.c: clusterManagerNodeLoadInfo,
// clusterManagerCommandRebalance, clusterManagerCommandReshard,
// clusterManagerComputeReshardTable, clusterManagerMoveSlot), written again from what they
// compute: float arithmetic where redis-cli has floats, its stable sorts (glibc's qsort is a
// merge sort for these arrays), its rounding fix-up and its lowest-numbered slots.
#include "ringlab/systems/redis_plan.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "ringlab/error.hpp"
#include "ringlab/once.hpp"

namespace ringlab::systems::redis {
namespace {

constexpr std::string_view kWhat = "CLUSTER NODES";

[[noreturn]] void fail_at(std::size_t line, std::size_t column, Error inner) {
  throw Error(rule::configAt, "", {std::string(kWhat), line, column}, inner);
}

[[noreturn]] void fail_whole(Error inner) { throw Error(rule::configWhole, "", {std::string(kWhat)}, inner); }

bool is_id(std::string_view s) {
  return s.size() == 40 &&
         std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

bool is_decimal(std::string_view s) {
  return !s.empty() && s.size() <= 19 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<std::uint32_t> slot_number(std::string_view s) {
  if (!is_decimal(s) || s.size() > 5) return std::nullopt;
  std::uint32_t v = 0;
  for (char c : s) v = v * 10 + static_cast<std::uint32_t>(c - '0');
  if (v >= kPlanSlots) return std::nullopt;
  return v;
}

// IP:PORT@BUSPORT, with an optional ",HOSTNAME" after the bus port (Redis 7).
bool is_address(std::string_view s) {
  const std::size_t at = s.find('@');
  if (at == std::string_view::npos) return false;
  const std::size_t colon = s.rfind(':', at);
  if (colon == std::string_view::npos || colon == 0) return false;
  const std::string_view port = s.substr(colon + 1, at - colon - 1);
  std::string_view bus = s.substr(at + 1);
  bus = bus.substr(0, bus.find(','));
  return is_decimal(port) && port.size() <= 5 && is_decimal(bus) && bus.size() <= 5;
}

struct Field {
  std::size_t column;
  std::string_view text;
};

}  // namespace

RINGLAB_ONCE std::vector<ClusterNode> read_cluster_nodes(std::string_view text) {
  std::vector<ClusterNode> listed;
  std::vector<std::size_t> holder(kPlanSlots, 0);  // the line holding each slot, 0 for none
  std::size_t myself_line = 0;
  std::size_t line_no = 0;
  for (std::size_t from = 0; from < text.size();) {
    const std::size_t nl = text.find('\n', from);
    std::string_view line = text.substr(from, nl == std::string_view::npos ? text.npos : nl - from);
    from = nl == std::string_view::npos ? text.size() : nl + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(' ') == std::string_view::npos) continue;
    // Fields are separated by single spaces, as Redis writes them (and as redis-cli splits them).
    std::vector<Field> f;
    for (std::size_t i = 0; i <= line.size();) {
      const std::size_t sp = line.find(' ', i);
      const std::size_t end = sp == std::string_view::npos ? line.size() : sp;
      f.push_back({i + 1, line.substr(i, end - i)});
      if (sp == std::string_view::npos) break;
      i = sp + 1;
    }
    for (const Field& x : f)
      if (x.text.empty() && &x != &f.back())
        fail_at(line_no, x.column, Error(ErrorCode::invalid_argument, rule::redisFields, "", {f.size()}));
    if (!f.empty() && f.back().text.empty()) f.pop_back();  // a space at the end of the line
    if (f.size() < 8) fail_at(line_no, 1, Error(ErrorCode::invalid_argument, rule::redisFields, "", {f.size()}));
    ClusterNode n;
    n.line = line_no;
    if (!is_id(f[0].text))
      fail_at(line_no, f[0].column, Error(ErrorCode::invalid_argument, rule::redisNodeId, "", {input(f[0].text)}));
    n.id = std::string(f[0].text);
    if (!is_address(f[1].text))
      fail_at(line_no, f[1].column, Error(ErrorCode::invalid_argument, rule::redisAddress, "", {input(f[1].text)}));
    n.address = std::string(f[1].text);
    bool master = false;
    std::string_view down;
    for (std::size_t i = 0; i <= f[2].text.size();) {
      const std::size_t comma = f[2].text.find(',', i);
      const std::string_view flag = f[2].text.substr(i, comma == std::string_view::npos ? f[2].text.npos : comma - i);
      if (flag == "myself") n.myself = true;
      else if (flag == "master") master = true;
      else if (flag == "slave") n.replica = true;
      else if (flag == "fail" || flag == "noaddr" || flag == "handshake") down = flag;
      else if (flag != "fail?" && flag != "nofailover" && flag != "noflags")
        fail_at(line_no, f[2].column + i, Error(ErrorCode::invalid_argument, rule::redisFlag, "", {input(flag)}));
      if (comma == std::string_view::npos) break;
      i = comma + 1;
    }
    if (master == n.replica)
      fail_at(line_no, f[2].column, Error(ErrorCode::invalid_argument, rule::redisRole, "", {input(f[2].text)}));
    if (f[3].text != "-" && !is_id(f[3].text))
      fail_at(line_no, f[3].column, Error(ErrorCode::invalid_argument, rule::redisMasterField, "", {input(f[3].text)}));
    n.master = std::string(f[3].text);
    for (std::size_t i = 4; i < 7; ++i)
      if (!is_decimal(f[i].text))
        fail_at(line_no, f[i].column, Error(ErrorCode::invalid_argument, rule::redisDecimal, "", {input(f[i].text)}));
    if (f[7].text != "connected" && f[7].text != "disconnected")
      fail_at(line_no, f[7].column, Error(ErrorCode::invalid_argument, rule::redisLink, "", {input(f[7].text)}));
    for (std::size_t i = 8; i < f.size(); ++i) {
      const std::string_view s = f[i].text;
      if (s.front() == '[') {
        const std::size_t arrow = s.find("->-") != std::string_view::npos ? s.find("->-") : s.find("-<-");
        const std::optional<std::uint32_t> open =
            slot_number(s.substr(1, arrow == std::string_view::npos ? 0 : arrow - 1));
        if (!open) fail_at(line_no, f[i].column, Error(ErrorCode::invalid_argument, rule::redisSlot, "", {input(s)}));
        fail_at(line_no, f[i].column, Error(ErrorCode::invalid_argument, rule::redisOpenSlot, "", {*open}));
      }
      const std::size_t dash = s.find('-');
      const std::optional<std::uint32_t> first = slot_number(s.substr(0, dash));
      const std::optional<std::uint32_t> last =
          dash == std::string_view::npos ? first : slot_number(s.substr(dash + 1));
      if (!first || !last || *last < *first)
        fail_at(line_no, f[i].column, Error(ErrorCode::invalid_argument, rule::redisSlot, "", {input(s)}));
      if (n.replica) fail_at(line_no, f[i].column, Error(ErrorCode::invalid_argument, rule::redisReplicaSlots, ""));
      for (std::uint32_t slot = *first; slot <= *last; ++slot) {
        if (holder[slot] != 0)
          fail_at(line_no, f[i].column,
                  Error(ErrorCode::invalid_argument, rule::redisSlotTwice, "", {slot, holder[slot]}));
        holder[slot] = line_no;
        n.slots.push_back(slot);
      }
    }
    std::sort(n.slots.begin(), n.slots.end());
    if (n.myself) {
      if (myself_line != 0)
        fail_at(line_no, f[2].column, Error(ErrorCode::invalid_argument, rule::redisMyselfTwice, "", {myself_line}));
      myself_line = line_no;
    }
    for (const ClusterNode& other : listed)
      if (other.id == n.id)
        fail_at(line_no, 1, Error(ErrorCode::duplicate_server, rule::duplicateListed, "", {"node", n.id}));
    if (!down.empty())
      fail_at(line_no, f[2].column,
              Error(ErrorCode::invalid_argument, rule::redisNodeDown, "", {n.id, std::string(down)}));
    listed.push_back(std::move(n));
  }
  if (myself_line == 0) fail_whole(Error(ErrorCode::invalid_argument, rule::redisNoMyself, ""));
  std::size_t uncovered = 0;
  std::uint32_t first_uncovered = 0;
  for (std::uint32_t s = kPlanSlots; s-- > 0;)
    if (holder[s] == 0) ++uncovered, first_uncovered = s;
  if (uncovered > 0)
    fail_whole(Error(ErrorCode::invalid_argument, rule::redisUncovered, "", {uncovered, first_uncovered}));
  // redis-cli's list: the node it was pointed at, then its friends in the order of its reply.
  std::vector<ClusterNode> out;
  for (ClusterNode& n : listed)
    if (n.myself) out.push_back(n);
  for (ClusterNode& n : listed)
    if (!n.myself) out.push_back(std::move(n));
  return out;
}

namespace {

// A node as redis-cli's cluster manager holds it during a plan.
struct Node {
  const ClusterNode* info;
  std::vector<char> slots;  // slots[s] != 0: the node holds s
  int slots_count = 0;      // as loaded: redis-cli does not update it while it moves slots
  float weight = 1.0f;
  int balance = 0;
};

std::vector<Node> load(const std::vector<ClusterNode>& nodes) {
  std::vector<Node> out;
  for (const ClusterNode& n : nodes) {
    Node x{&n, std::vector<char>(kPlanSlots, 0), static_cast<int>(n.slots.size())};
    for (std::uint32_t s : n.slots) x.slots[s] = 1;
    out.push_back(std::move(x));
  }
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// clusterManagerComputeReshardTable: from each source, biggest first (a stable sort by slot
// count, descending), a share of `numslots` in float, rounded up for the first and down for the
// others, taken as its lowest-numbered slots, until the table holds numslots.
std::vector<std::pair<Node*, std::uint32_t>> reshard_table(std::vector<Node*> sources, int numslots) {
  int total = 0;
  for (const Node* n : sources) total += n->slots_count;
  std::stable_sort(sources.begin(), sources.end(),
                   [](const Node* a, const Node* b) { return a->slots_count > b->slots_count; });
  std::vector<std::pair<Node*, std::uint32_t>> moved;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    Node* node = sources[i];
    float n = static_cast<float>(numslots) / static_cast<float>(total) * static_cast<float>(node->slots_count);
    n = i == 0 ? std::ceil(n) : std::floor(n);
    // Sources holding no slot at all give a NaN share, which redis-cli's (int) turns into no slot
    // on the machines it runs on; the share is never above 16384.
    const int max = std::isnan(n) ? 0 : static_cast<int>(std::min(n, 65536.0f));
    int count = 0;
    for (std::uint32_t s = 0; s < kPlanSlots; ++s) {
      if (!node->slots[s]) continue;
      if (count >= max || static_cast<int>(moved.size()) >= numslots) break;
      moved.emplace_back(node, s);
      ++count;
    }
  }
  return moved;
}

// The steps of a table: consecutive moves from one source to one target.
void add_moves(std::vector<PlanStep>& steps, const std::vector<std::pair<Node*, std::uint32_t>>& table,
               const Node& to) {
  for (const auto& [from, slot] : table) {
    if (steps.empty() || steps.back().from != from->info->id || steps.back().to != to.info->id)
      steps.push_back({from->info->id, to.info->id, {}, {}});
    steps.back().units.push_back(slot);
  }
}

std::vector<std::uint32_t> slots_of(const std::vector<char>& held) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t s = 0; s < kPlanSlots; ++s)
    if (held[s]) out.push_back(s);
  return out;
}

// Each master's slots after `moves` units of the steps: counts and ranges.
std::vector<NodeShare> shares(const std::vector<ClusterNode>& nodes, const std::vector<PlanStep>& steps,
                              std::size_t moves) {
  std::vector<std::vector<char>> held;
  for (const ClusterNode& n : nodes) {
    held.emplace_back(kPlanSlots, 0);
    for (std::uint32_t s : n.slots) held.back()[s] = 1;
  }
  const auto index = [&](const std::string& id) {
    return static_cast<std::size_t>(
        std::find_if(nodes.begin(), nodes.end(), [&](const ClusterNode& n) { return n.id == id; }) - nodes.begin());
  };
  std::size_t done = 0;
  for (const PlanStep& st : steps)
    for (std::uint32_t s : st.units) {
      if (done++ >= moves) break;
      held[index(st.from)][s] = 0;
      held[index(st.to)][s] = 1;
    }
  std::vector<NodeShare> out;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].replica) continue;
    const std::vector<std::uint32_t> after = slots_of(held[i]);
    out.push_back({nodes[i].id,
                   {static_cast<std::uint32_t>(nodes[i].slots.size()), ranges_of(nodes[i].slots), std::nullopt},
                   {static_cast<std::uint32_t>(after.size()), ranges_of(after), std::nullopt}});
  }
  return out;
}

// A master that gives away its last slot turns itself into a replica of the slot's new owner
// (cluster-allow-replica-migration, on by default); redis-cli still counts it among the masters
// it tells of every later move (clusterManagerMoveSlot), and that node answers "ERR Please use
// SETSLOT only with masters.": the move that hits it has already given its slot to the target,
// and redis-cli stops there.
void predict_stop(Plan& plan, const std::vector<ClusterNode>& nodes) {
  std::vector<std::size_t> count;
  for (const ClusterNode& n : nodes) count.push_back(n.slots.size());
  const auto index = [&](const std::string& id) {
    return static_cast<std::size_t>(
        std::find_if(nodes.begin(), nodes.end(), [&](const ClusterNode& n) { return n.id == id; }) - nodes.begin());
  };
  std::size_t done = 0;
  std::optional<std::size_t> emptied;  // the node that became a replica
  std::uint32_t last_slot = 0;
  for (const PlanStep& st : plan.steps)
    for (std::uint32_t s : st.units) {
      if (emptied) {
        std::size_t total = 0;
        for (const PlanStep& x : plan.steps) total += x.units.size();
        plan.warnings.push_back({"stops", ""});
        plan.warnings.back().text = "node " + nodes[*emptied].id + " gives away its last slot (" +
                                    std::to_string(last_slot) +
                                    ") and, with cluster-allow-replica-migration yes (the default), becomes a "
                                    "replica; the next move (slot " +
                                    std::to_string(s) + " from " + st.from + " to " + st.to +
                                    ") fails with \"ERR Please use SETSLOT only with masters.\" once its slot has "
                                    "moved, and redis-cli stops there: " +
                                    std::to_string(done + 1) + " of the " + std::to_string(total) + " slots move";
        plan.stops_after_units = done + 1;
        plan.nodes_if_stopped = shares(nodes, plan.steps, done + 1);
        return;
      }
      const std::size_t from = index(st.from);
      ++count[index(st.to)];
      if (--count[from] == 0 && !nodes[from].replica) {
        emptied = from;
        last_slot = s;
      }
      ++done;
    }
}

// The same end counts with fewer ranges: each giving master gives from one end of its slots (its
// lowest or its highest, so that it gains no range), the end whose slots touch what the receiver
// already holds where one does (the receiver's range grows instead of a new one starting),
// receivers filled in node order.
PlanAlternative fewest_ranges(const std::vector<ClusterNode>& nodes, const std::vector<NodeShare>& planned) {
  PlanAlternative alt;
  alt.label =
      "fewest ranges (not what redis-cli does: the same end counts, each giver's slots from one end, next "
      "to the receiver's where they can be)";
  std::vector<std::vector<char>> held;
  for (const ClusterNode& n : nodes) {
    held.emplace_back(kPlanSlots, 0);
    for (std::uint32_t s : n.slots) held.back()[s] = 1;
  }
  std::vector<std::pair<std::size_t, std::uint32_t>> need;  // node index in `nodes`, slots to get
  std::vector<std::pair<std::size_t, std::uint32_t>> give;
  std::size_t k = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].replica) continue;
    const NodeShare& s = planned[k++];
    if (s.after.units > s.before.units) need.emplace_back(i, s.after.units - s.before.units);
    if (s.after.units < s.before.units) give.emplace_back(i, s.before.units - s.after.units);
  }
  const auto touches = [&](std::size_t r, std::uint32_t first, std::uint32_t last) {
    return (first > 0 && held[r][first - 1]) || (last + 1 < kPlanSlots && held[r][last + 1]);
  };
  std::size_t r = 0;
  for (const auto& [g, amount] : give) {
    std::vector<std::uint32_t> left(nodes[g].slots);  // what it still holds that it started with
    std::uint32_t to_give = amount;
    while (to_give > 0) {
      while (r < need.size() && need[r].second == 0) ++r;
      if (r == need.size()) break;
      const std::size_t take = std::min<std::size_t>(need[r].second, to_give);
      const std::size_t to = need[r].first;
      std::vector<std::uint32_t> low(left.begin(), left.begin() + static_cast<std::ptrdiff_t>(take));
      std::vector<std::uint32_t> high(left.end() - static_cast<std::ptrdiff_t>(take), left.end());
      const bool use_low = touches(to, low.front(), low.back()) && !touches(to, high.front(), high.back());
      std::vector<std::uint32_t>& chunk = use_low ? low : high;
      for (std::uint32_t s : chunk) {
        held[g][s] = 0;
        held[to][s] = 1;
      }
      if (use_low) left.erase(left.begin(), left.begin() + static_cast<std::ptrdiff_t>(take));
      else left.erase(left.end() - static_cast<std::ptrdiff_t>(take), left.end());
      alt.steps.push_back({nodes[g].id, nodes[to].id, std::move(chunk), {}});
      need[r].second -= static_cast<std::uint32_t>(take);
      to_give -= static_cast<std::uint32_t>(take);
    }
  }
  alt.nodes = shares(nodes, alt.steps, static_cast<std::size_t>(-1));
  return alt;
}

Plan new_plan(const std::vector<ClusterNode>& nodes, std::string operation) {
  Plan p;
  p.system = "redis";
  p.tool = "redis-cli 7.0.15";
  p.operation = std::move(operation);
  p.unit = "slots";
  p.space = kPlanSlots;
  p.nodes = shares(nodes, {}, 0);
  return p;
}

void finish(Plan& p, const std::vector<ClusterNode>& nodes) {
  p.nodes = shares(nodes, p.steps, static_cast<std::size_t>(-1));
  predict_stop(p, nodes);
  if (!p.steps.empty()) p.alternatives.push_back(fewest_ranges(nodes, p.nodes));
}

double checked_number(const ParamSpec& spec, double v) {
  if (!std::isfinite(v) || v < spec.min || v > spec.max) throw range_error(ErrorCode::out_of_range, spec, v);
  return v;
}

}  // namespace

RINGLAB_ONCE Plan plan_rebalance(const std::vector<ClusterNode>& nodes, const RebalanceOptions& o) {
  const float threshold = static_cast<float>(checked_number(kPlanParams[2], o.threshold));
  std::vector<Node> all = load(nodes);
  // --cluster-weight ID=W: the first node whose id starts with ID (clusterManagerNodeByAbbreviatedName).
  for (const auto& [name, w] : o.weights) {
    const float weight = static_cast<float>(checked_number(kPlanParams[1], w));
    const std::string prefix = lower(name);
    const auto it = std::find_if(all.begin(), all.end(), [&](const Node& n) { return n.info->id.starts_with(prefix); });
    if (it == all.end()) throw Error(ErrorCode::unknown_server, rule::redisUnknownNode, "weight", {input(name)});
    it->weight = weight;
  }
  float total_weight = 0;
  std::vector<Node*> involved;
  for (Node& n : all) {
    if (n.info->replica) continue;
    if (!o.use_empty_masters && n.slots_count == 0) {
      n.weight = 0;
      continue;
    }
    total_weight += n.weight;
    involved.push_back(&n);
  }
  if (!(total_weight > 0)) throw Error(ErrorCode::out_of_range, rule::redisNoWeightLeft, "");
  Plan p = new_plan(nodes, "rebalance");
  int total_balance = 0;
  bool over = false;
  for (Node* n : involved) {
    const float share = static_cast<float>(kPlanSlots) / total_weight;
    const int expected = static_cast<int>(share * n->weight);
    n->balance = n->slots_count - expected;
    total_balance += n->balance;
    if (threshold > 0) {
      if (n->slots_count > 0) {
        const float err = static_cast<float>(std::fabs(100 - (100.0 * expected / n->slots_count)));
        if (err > threshold) over = true;
      } else if (expected > 1) {
        over = true;
      }
    }
  }
  if (!over) {
    char text[96];
    std::snprintf(text, sizeof text, "No rebalancing needed! All nodes are within the %.2f%% threshold.",
                  static_cast<double>(threshold));
    p.note = text;
    return p;
  }
  // Rounding leaves the balances summing above 0: the receivers (balance <= 0), in list order,
  // take one more each until they do not.
  while (total_balance > 0)
    for (Node* n : involved)
      if (n->balance <= 0 && total_balance > 0) {
        --n->balance;
        --total_balance;
      }
  std::vector<Node*> sorted = involved;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Node* a, const Node* b) { return a->balance < b->balance; });
  std::size_t dst_idx = 0;
  std::size_t src_idx = sorted.size() - 1;
  while (dst_idx < src_idx) {
    Node* dst = sorted[dst_idx];
    Node* src = sorted[src_idx];
    const int numslots = std::min(std::abs(dst->balance), std::abs(src->balance));
    if (numslots > 0) {
      const auto table = reshard_table({src}, numslots);
      if (static_cast<int>(table.size()) != numslots) {
        p.warnings.push_back({"assertion", "redis-cli finds " + std::to_string(table.size()) + " slots on " +
                                               src->info->id + " where it moves " + std::to_string(numslots) +
                                               ", prints \"*** Assertion failed: Reshard table != number of "
                                               "slots\" and stops"});
        break;
      }
      add_moves(p.steps, table, *dst);
      // Every move updates both nodes' slots (not their counts): later tables see them.
      for (const auto& [from, slot] : table) {
        from->slots[slot] = 0;
        dst->slots[slot] = 1;
      }
    }
    dst->balance += numslots;
    src->balance -= numslots;
    if (dst->balance == 0) ++dst_idx;
    if (src->balance == 0) --src_idx;
  }
  finish(p, nodes);
  return p;
}

RINGLAB_ONCE Plan plan_reshard(const std::vector<ClusterNode>& nodes, const ReshardOptions& o) {
  const int slots = static_cast<int>(check_integer(kPlanParams[0], o.slots));
  std::vector<Node> all = load(nodes);
  // clusterNodeForResharding: the exact id (in lower case) of a master.
  const auto master = [&](const std::string& id, const char* param) -> Node* {
    const std::string name = lower(id);
    const auto it = std::find_if(all.begin(), all.end(), [&](const Node& n) { return n.info->id == name; });
    if (it == all.end()) throw Error(ErrorCode::unknown_server, rule::redisUnknownNode, param, {input(id)});
    if (it->info->replica) throw Error(ErrorCode::invalid_argument, rule::redisNotMaster, param, {input(id)});
    return &*it;
  };
  Node* target = master(o.to, "to");
  Plan p = new_plan(nodes, "reshard");
  std::vector<Node*> sources;
  bool every = false;
  for (const std::string& id : o.from) {
    if (id == "all") {
      every = true;
      break;
    }
    Node* n = master(id, "from");
    if (n == target) {
      p.warnings.push_back({"target-as-source", "redis-cli leaves out the target " + n->info->id +
                                                    " named as a source (\"It is not possible to use the target "
                                                    "node as source node.\")"});
      continue;
    }
    if (std::find(sources.begin(), sources.end(), n) != sources.end())
      throw Error(ErrorCode::duplicate_server, rule::duplicateListed, "from", {"node", n->info->id});
    sources.push_back(n);
  }
  if (every) {
    sources.clear();
    for (Node& n : all)
      if (!n.info->replica && &n != target) sources.push_back(&n);
  }
  if (sources.empty()) throw Error(ErrorCode::invalid_argument, rule::redisNoSource, "from");
  const auto table = reshard_table(sources, slots);
  add_moves(p.steps, table, *target);
  if (static_cast<int>(table.size()) < slots)
    p.warnings.push_back({"shortfall", "redis-cli moves " + std::to_string(table.size()) + " of the " +
                                           std::to_string(slots) +
                                           " slots asked for: it rounds every source's share down but the "
                                           "largest's, takes no more than a source holds, and never makes up the "
                                           "difference"});
  finish(p, nodes);
  return p;
}

}  // namespace ringlab::systems::redis
