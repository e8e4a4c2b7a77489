// The plans module (web/lib/dist/wasm/ringlab-plan.js + .wasm): the migration plans of
// `ringlab plan`, for the `ringlab/plan` entry point (web/lib/src/plan.ts). A module of its own so
// that neither a page of the course's algorithms nor the systems' page pays for them.
//
// A plan crosses as typed values: each step's units in a Uint32Array, each node's share as
// numbers; the options arrive typed (the wrapper has checked their types) and the core checks
// every value, with the errors `ringlab plan` gives.
#include <emscripten/bind.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "abi.hpp"
#include "abi_bindings.hpp"
#include "ringlab/error.hpp"
#include "ringlab/params.hpp"
#include "ringlab/systems/cassandra_plan.hpp"
#include "ringlab/systems/kafka_plan.hpp"
#include "ringlab/systems/plan.hpp"
#include "ringlab/systems/redis_plan.hpp"
#include "ringlab/systems/ring_plan.hpp"
#include "system_config.hpp"

using emscripten::val;
using namespace ringlab::wasm;
namespace sys = ringlab::systems;

namespace {

// redis-cli --cluster rebalance's options: the weights as [id, weight] pairs in the order given,
// the threshold undefined for its default.
struct RebalanceArgs {
  std::string nodes;
  val weights = val::undefined();
  bool useEmptyMasters = false;
  val threshold = val::undefined();
};

// redis-cli --cluster reshard's options: the sources' ids (or ["all"]), the target, the count.
struct ReshardArgs {
  std::string nodes;
  val from = val::undefined();
  std::string to;
  double slots = 0;
};

// A topic's partition change: `ringlab plan kafka`'s --partitions N:M (its grammar is the core's),
// the partitioner's name or "all" (undefined for the command line's default), and the keys
// (undefined for none).
struct KafkaArgs {
  std::string partitions;
  val partitioner = val::undefined();
  val keys = val::undefined();
};

// A Cassandra ring change: the ring's text and the strategy's (their grammars are the core's),
// one of join (an object {node, tokens, dc?, rack?}), leave and remove (a node), the keys, whether
// to list every range, and the sizes' text (each undefined when not given).
struct CassandraArgs {
  std::string ring;
  std::string strategy;
  val join = val::undefined();
  val leave = val::undefined();
  val remove = val::undefined();
  val keys = val::undefined();
  bool everyRange = false;
  val sizes = val::undefined();
};

// A ring or table system's change: the system's name and its options as the systems module's
// system() takes them (typed values, their grammar the core's), the change ("add", "remove",
// "weight" or "down"), its server and weight, and the keys (undefined for none).
struct RingArgs {
  std::string system;
  val options = val::undefined();
  std::string kind;
  std::string server;
  double weight = 1;
  val keys = val::undefined();
};

// A share's hashes (a decimal string: up to 2^64 - 1) and percentage, undefined where the plan's
// units cover no hash space.
struct ShareOut {
  std::uint32_t count = 0;
  std::uint32_t ranges = 0;
  val hashes = val::undefined();
  val percent = val::undefined();
};

struct NodeOut {
  std::string node;
  ShareOut before;
  ShareOut after;
};

struct StepOut {
  std::string from;
  std::string to;
  val units = val::undefined();
  val names = val::undefined();
  val bytes = val::null();  // a decimal string where the plan knows it
  // A ring plan's: "necessary" or "collateral", its arcs ({start, end, hashes}, each a decimal
  // string), and their hashes and percentage of the space; undefined in another plan.
  val kind = val::undefined();
  val arcs = val::undefined();
  val hashes = val::undefined();
  val percent = val::undefined();
};

struct KeyOut {
  std::string key;
  std::string before;
  std::string after;
  bool moves = false;
  val token = val::undefined();  // a Cassandra key's token, as a decimal string
};

// 64-bit figures cross as decimal text, which the wrapper turns into BigInts.
val decimal(std::uint64_t v) { return val(std::to_string(v)); }
val decimal(std::int64_t v) { return val(std::to_string(v)); }

struct WarningOut {
  std::string kind;
  std::string text;
};

val units_of(const std::vector<std::uint32_t>& units) {
  return val::global("Uint32Array").new_(emscripten::typed_memory_view(units.size(), units.data()));
}

// A count of a ring plan's hashes (up to 2^64) and its percentage of the space.
val hashes_of(sys::HashCount n, sys::HashCount size) {
  val out = val::object();
  out.set("hashes", sys::count_text(n));
  out.set("percent", sys::hashes_percent(n, size));
  return out;
}

// `arcs`: a ring plan's, whose steps' units are indices in its arcs.
val steps_of(const std::vector<sys::PlanStep>& steps, const sys::PlanArcs* arcs = nullptr) {
  val out = val::array();
  for (const sys::PlanStep& s : steps) {
    val names = val::array();
    for (const std::string& n : s.names) names.call<void>("push", n);
    StepOut o{s.from, s.to, units_of(s.units), names, s.bytes ? decimal(*s.bytes) : val::null()};
    if (arcs != nullptr && !s.units.empty()) {
      val list = val::array();
      sys::HashCount n = 0;
      for (const std::uint32_t i : s.units) {
        const sys::PlanArc& a = arcs->arcs[i];
        val arc = val::object();
        arc.set("start", decimal(a.start));
        arc.set("end", decimal(a.end));
        arc.set("hashes", sys::count_text(a.hashes));
        list.call<void>("push", arc);
        n += a.hashes;
      }
      o.kind = val(std::string(arcs->arcs[s.units.front()].collateral ? "collateral" : "necessary"));
      o.arcs = list;
      o.hashes = val(sys::count_text(n));
      o.percent = val(sys::hashes_percent(n, arcs->size));
    }
    out.call<void>("push", o);
  }
  return out;
}

// A ring plan's hash space: `--json`'s summary.space and summary.servers, as one object.
val ring_of(const sys::PlanArcs& a) {
  val out = val::object();
  const sys::HashCount moved = a.necessary + a.collateral;
  out.set("hashes", a.space);
  out.set("kind", std::string(a.ring ? "ring" : "table"));
  out.set("bits", static_cast<double>(a.bits));
  out.set("period", a.ring ? val::undefined() : val(static_cast<double>(a.period)));
  out.set("size", sys::count_text(a.size));
  out.set("moved", hashes_of(moved, a.size));
  out.set("necessary", hashes_of(a.necessary, a.size));
  out.set("collateral", hashes_of(a.collateral, a.size));
  out.set("fraction", sys::hashes_fraction(moved, a.size));
  out.set("missRate", sys::hashes_percent(moved, a.size));
  val servers = val::array();
  for (const sys::ServerHashes& s : a.servers) {
    val server = val::object();
    server.set("server", s.server);
    server.set("before", hashes_of(s.before, a.size));
    server.set("after", hashes_of(s.after, a.size));
    servers.call<void>("push", server);
  }
  out.set("servers", servers);
  return out;
}

// `size`: the plan's hash space, for the shares that have hashes (0 when they have none).
val nodes_of(const std::vector<sys::NodeShare>& nodes, std::uint64_t size = 0) {
  const auto share = [&](const sys::Share& s) {
    if (!s.hashes || size == 0) return ShareOut{s.units, s.ranges};
    return ShareOut{s.units, s.ranges, decimal(*s.hashes), val(sys::percent_text(*s.hashes, size))};
  };
  val out = val::array();
  for (const sys::NodeShare& n : nodes) out.call<void>("push", NodeOut{n.node, share(n.before), share(n.after)});
  return out;
}

val names_array(const std::vector<std::string>& names) {
  val out = val::array();
  for (const std::string& n : names) out.call<void>("push", n);
  return out;
}

// The plan as one object, its fields those of `ringlab plan --json`'s summary and steps.
val plan_of(const sys::Plan& p) {
  val out = val::object();
  out.set("system", p.system);
  out.set("tool", p.tool);
  out.set("operation", p.operation);
  out.set("unit", p.unit);
  out.set("space", p.space);
  out.set("exactness", std::string(sys::exactness_name(p.exactness)));
  out.set("steps", steps_of(p.steps, p.arcs ? &*p.arcs : nullptr));
  out.set("nodes", nodes_of(p.nodes, p.space_moved ? p.space_moved->size : 0));
  val warnings = val::array();
  for (const sys::PlanWarning& w : p.warnings) warnings.call<void>("push", WarningOut{w.kind, w.text});
  out.set("warnings", warnings);
  out.set("note", p.note.empty() ? val::null() : val(p.note));
  if (p.stops_after_units) {
    val stops = val::object();
    stops.set("moved", static_cast<double>(*p.stops_after_units));
    stops.set("nodes", nodes_of(p.nodes_if_stopped));
    out.set("stops", stops);
  } else {
    out.set("stops", val::null());
  }
  val alternatives = val::array();
  for (const sys::PlanAlternative& a : p.alternatives) {
    val alt = val::object();
    alt.set("label", a.label);
    alt.set("exactness", std::string(sys::exactness_name(a.exactness)));
    alt.set("steps", steps_of(a.steps));
    alt.set("nodes", nodes_of(a.nodes));
    alternatives.call<void>("push", alt);
  }
  out.set("alternatives", alternatives);
  val keys = val::array();
  for (const sys::PlanKey& k : p.keys)
    keys.call<void>(
        "push", KeyOut{k.key, k.before, k.after, k.before != k.after, k.token ? decimal(*k.token) : val::undefined()});
  out.set("keys", keys);
  if (p.space_moved) {
    const sys::SpaceShare& s = *p.space_moved;
    val share = val::object();
    share.set("hashes", s.space);
    share.set("exactness", std::string(sys::exactness_name(s.exactness)));
    share.set("size", decimal(s.size));  // up to 2^64 - 1 (Cassandra's tokens)
    share.set("moved", decimal(s.moved));
    share.set("fraction", sys::fraction_text(s.moved, s.size));
    share.set("percent", sys::percent_text(s.moved, s.size));
    out.set("hashSpace", share);
  } else {
    out.set("hashSpace", val::null());
  }
  if (p.ranges) {
    val ranges = val::array();
    for (const sys::PlanRange& r : *p.ranges) {
      val range = val::object();
      range.set("range", sys::range_text(r.start, r.end));
      range.set("start", decimal(r.start));
      range.set("end", decimal(r.end));
      range.set("hashes", decimal(r.hashes));
      range.set("before", names_array(r.before));
      range.set("after", names_array(r.after));
      range.set("changes", r.changes);
      range.set("bytes", r.bytes ? decimal(*r.bytes) : val::null());
      ranges.call<void>("push", range);
    }
    out.set("ranges", ranges);
  } else {
    out.set("ranges", val::null());
  }
  if (p.bytes) {
    const std::uint64_t size = p.space_moved ? p.space_moved->size : 0;
    val bytes = val::object();
    bytes.set("exactness", std::string(sys::exactness_name(p.bytes->exactness)));
    bytes.set("streamed", decimal(p.bytes->streamed));
    bytes.set("given", decimal(p.bytes->given));
    bytes.set("covered", decimal(p.bytes->covered));
    bytes.set("coveredPercent", size > 0 ? sys::percent_text(p.bytes->covered, size) : std::string("0"));
    out.set("bytes", bytes);
  } else {
    out.set("bytes", val::null());
  }
  out.set("ring", p.arcs ? ring_of(*p.arcs) : val::null());
  return out;
}

// The nodes as the core reads a CLUSTER NODES text (read_cluster_nodes, with its errors), in
// redis-cli's order: what every Redis plan starts from, so that a page draws the slots the plans
// read rather than reading the text a second way. A node's slots cross as the runs they make,
// [first, last] pairs in one Uint32Array: a master holds up to 16384 of them.
val redis_nodes(const std::string& text) {
  return guarded([&] {
    val out = val::array();
    for (const sys::redis::ClusterNode& n : sys::redis::read_cluster_nodes(text)) {
      std::vector<std::uint32_t> runs;
      for (const std::uint32_t slot : n.slots) {
        if (!runs.empty() && runs.back() + 1 == slot) runs.back() = slot;
        else runs.insert(runs.end(), {slot, slot});
      }
      val node = val::object();
      node.set("id", n.id);
      node.set("address", n.address);
      node.set("myself", n.myself);
      node.set("replica", n.replica);
      node.set("master", n.master);
      node.set("slots", units_of(runs));
      node.set("line", static_cast<double>(n.line));
      out.call<void>("push", node);
    }
    return out;
  });
}

val redis_rebalance(const RebalanceArgs& args) {
  return guarded([&] {
    const std::vector<sys::redis::ClusterNode> nodes = sys::redis::read_cluster_nodes(args.nodes);
    sys::redis::RebalanceOptions o;
    if (!args.weights.isUndefined()) {
      const auto n = args.weights["length"].as<std::size_t>();
      for (std::size_t i = 0; i < n; ++i)
        o.weights.emplace_back(args.weights[i][0].as<std::string>(), args.weights[i][1].as<double>());
    }
    o.use_empty_masters = args.useEmptyMasters;
    if (!args.threshold.isUndefined()) o.threshold = args.threshold.as<double>();
    return plan_of(sys::redis::plan_rebalance(nodes, o));
  });
}

val redis_reshard(const ReshardArgs& args) {
  return guarded([&] {
    const std::vector<sys::redis::ClusterNode> nodes = sys::redis::read_cluster_nodes(args.nodes);
    sys::redis::ReshardOptions o;
    o.from = emscripten::vecFromJSArray<std::string>(args.from);
    o.to = args.to;
    o.slots = ringlab::safe_integer(args.slots, "slots");
    return plan_of(sys::redis::plan_reshard(nodes, o));
  });
}

// One plan per partitioner asked for (one, or the three of "all", in the command line's order).
val kafka_partitions(const KafkaArgs& args) {
  return guarded([&] {
    const sys::kafka::PartitionChange change = sys::kafka::partition_change_from_text(args.partitions);
    const std::vector<sys::kafka::Partitioner> partitioners = sys::kafka::plan_partitioners_from_name(
        args.partitioner.isUndefined() ? std::string(sys::kafka::kPartitionerNames[0])
                                       : args.partitioner.as<std::string>());
    const std::vector<std::string> keys =
        args.keys.isUndefined() ? std::vector<std::string>{} : emscripten::vecFromJSArray<std::string>(args.keys);
    val out = val::array();
    for (const sys::kafka::Partitioner p : partitioners)
      out.call<void>("push", plan_of(sys::kafka::plan_partitions(p, change, keys)));
    return out;
  });
}

// A ring change's plan: the ring, strategy, tokens and sizes read by the core's grammars, with
// their errors (the parameters named as the package names its options).
val cassandra_change(const CassandraArgs& args) {
  return guarded([&] {
    namespace cas = sys::cassandra;
    cas::RingChange change;
    const int given = static_cast<int>(!args.join.isUndefined()) + static_cast<int>(!args.leave.isUndefined()) +
                      static_cast<int>(!args.remove.isUndefined());
    if (given != 1)
      throw ringlab::Error(ringlab::ErrorCode::invalid_argument, ringlab::rule::cassandraOneChange, "", {given});
    if (!args.join.isUndefined()) {
      change.kind = cas::ChangeKind::join;
      change.node = args.join["node"].as<std::string>();
      change.tokens =
          cas::join_tokens_from_list(emscripten::vecFromJSArray<std::string>(args.join["tokens"]), "tokens");
      if (!args.join["dc"].isUndefined()) change.dc = args.join["dc"].as<std::string>();
      if (!args.join["rack"].isUndefined()) change.rack = args.join["rack"].as<std::string>();
    } else if (!args.leave.isUndefined()) {
      change.kind = cas::ChangeKind::leave;
      change.node = args.leave.as<std::string>();
    } else {
      change.kind = cas::ChangeKind::remove;
      change.node = args.remove.as<std::string>();
    }
    const std::vector<cas::RangeSize> sizes =
        args.sizes.isUndefined() ? std::vector<cas::RangeSize>{} : cas::sizes_from_text(args.sizes.as<std::string>());
    const cas::Strategy strategy = cas::strategy_from_text(args.strategy);
    const std::vector<cas::PlacedToken> ring = cas::ring_from_text(args.ring);
    const std::vector<std::string> keys =
        args.keys.isUndefined() ? std::vector<std::string>{} : emscripten::vecFromJSArray<std::string>(args.keys);
    return plan_of(cas::plan_change(ring, strategy, change, keys, args.everyRange, sizes));
  });
}

val ring_plan_systems() {
  val out = val::array();
  for (const sys::RingPlanTarget& t : sys::ring_plan_targets()) out.call<void>("push", std::string(t.name));
  return out;
}

// A ring or table system's plan: the system configured from its typed options by the core (as
// the systems module's system() configures it), the change made by the core's rules (a
// twemproxy server ejected by configuring the pool again with it in `ejected`).
val rings_change(const RingArgs& args) {
  return guarded([&] {
    const sys::RingPlanTarget* target = sys::ring_plan_target(args.system);
    if (target == nullptr) throw std::logic_error("not a ring plan's system");
    const std::vector<sys::OptionValue> values = emscripten::vecFromJSArray<sys::OptionValue>(args.options);
    sys::ServerChange change;
    if (args.kind == "add") change.kind = sys::ServerChange::Kind::add;
    else if (args.kind == "remove") change.kind = sys::ServerChange::Kind::remove;
    else if (args.kind == "weight") change.kind = sys::ServerChange::Kind::weight;
    else if (args.kind == "down") change.kind = sys::ServerChange::Kind::down;
    else throw std::logic_error("unknown change");
    change.server = args.server;
    change.weight = ringlab::safe_integer(args.weight, "weight");
    const std::unique_ptr<sys::Placement> before = configure_typed(args.system, values);
    const sys::EjectServer eject = [&](const std::string& server) {
      std::vector<sys::OptionValue> ejected = values;
      const auto it =
          std::find_if(ejected.begin(), ejected.end(), [](const sys::OptionValue& v) { return v.name == "ejected"; });
      if (it == ejected.end()) ejected.push_back({"ejected", server});
      else it->text += "," + server;
      return configure_typed(args.system, ejected);
    };
    const std::unique_ptr<sys::Placement> after = sys::ring_changed(*target, *before, change, eject);
    const std::vector<std::string> keys =
        args.keys.isUndefined() ? std::vector<std::string>{} : emscripten::vecFromJSArray<std::string>(args.keys);
    return plan_of(sys::plan_server_change({target->name, target->tool}, *before, *after, change, keys, false));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(ringlab_plan) {
  using emscripten::function;
  using emscripten::value_object;

  register_abi();
  register_version_and_heap();
  value_object<RebalanceArgs>("RawRedisRebalanceArgs")
      .field("nodes", &RebalanceArgs::nodes)
      .field("weights", &RebalanceArgs::weights)
      .field("useEmptyMasters", &RebalanceArgs::useEmptyMasters)
      .field("threshold", &RebalanceArgs::threshold);
  value_object<ReshardArgs>("RawRedisReshardArgs")
      .field("nodes", &ReshardArgs::nodes)
      .field("from", &ReshardArgs::from)
      .field("to", &ReshardArgs::to)
      .field("slots", &ReshardArgs::slots);
  value_object<KafkaArgs>("RawKafkaPartitionsArgs")
      .field("partitions", &KafkaArgs::partitions)
      .field("partitioner", &KafkaArgs::partitioner)
      .field("keys", &KafkaArgs::keys);
  value_object<CassandraArgs>("RawCassandraChangeArgs")
      .field("ring", &CassandraArgs::ring)
      .field("strategy", &CassandraArgs::strategy)
      .field("join", &CassandraArgs::join)
      .field("leave", &CassandraArgs::leave)
      .field("remove", &CassandraArgs::remove)
      .field("keys", &CassandraArgs::keys)
      .field("everyRange", &CassandraArgs::everyRange)
      .field("sizes", &CassandraArgs::sizes);
  value_object<KeyOut>("RawPlanKey")
      .field("key", &KeyOut::key)
      .field("before", &KeyOut::before)
      .field("after", &KeyOut::after)
      .field("moves", &KeyOut::moves)
      .field("token", &KeyOut::token);
  value_object<ShareOut>("RawPlanShare")
      .field("count", &ShareOut::count)
      .field("ranges", &ShareOut::ranges)
      .field("hashes", &ShareOut::hashes)
      .field("percent", &ShareOut::percent);
  value_object<NodeOut>("RawPlanNode")
      .field("node", &NodeOut::node)
      .field("before", &NodeOut::before)
      .field("after", &NodeOut::after);
  value_object<StepOut>("RawPlanStep")
      .field("from", &StepOut::from)
      .field("to", &StepOut::to)
      .field("units", &StepOut::units)
      .field("names", &StepOut::names)
      .field("bytes", &StepOut::bytes)
      .field("kind", &StepOut::kind)
      .field("arcs", &StepOut::arcs)
      .field("hashes", &StepOut::hashes)
      .field("percent", &StepOut::percent);
  value_object<WarningOut>("RawPlanWarning").field("kind", &WarningOut::kind).field("text", &WarningOut::text);
  function("redisNodes", &redis_nodes);
  function("redisRebalance", &redis_rebalance);
  function("redisReshard", &redis_reshard);
  function("kafkaPartitions", &kafka_partitions);
  function("cassandraChange", &cassandra_change);
  register_system_options();
  value_object<RingArgs>("RawRingsChangeArgs")
      .field("system", &RingArgs::system)
      .field("options", &RingArgs::options)
      .field("kind", &RingArgs::kind)
      .field("server", &RingArgs::server)
      .field("weight", &RingArgs::weight)
      .field("keys", &RingArgs::keys);
  function("ringsChange", &rings_change);
  function("ringPlanSystems", &ring_plan_systems);
}
