// ringlab plan redis rebalance|reshard: redis-cli 7.0.15's plan for a cluster given as the
// CLUSTER NODES text of the node redis-cli is pointed at. ringlab plan kafka: what a topic's new
// partition count does to its keys. ringlab plan cassandra: the replicas and streams of a Cassandra
// ring's change.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/support.hpp"
#include "ringlab/error.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/cassandra_plan.hpp"
#include "ringlab/systems/kafka_plan.hpp"
#include "ringlab/systems/plan.hpp"
#include "ringlab/systems/redis_plan.hpp"
#include "ringlab/systems/ring_plan.hpp"
#include "systems/commands.hpp"

namespace ringlab::systems {
namespace {

using cli::flag_line;
using cli::kUnder;
using cli::usage_line;

RINGLAB_ONCE std::string redis_usage(bool rebalance) {
  return rebalance ? usage_line("ringlab plan redis rebalance --nodes FILE [flags]",
                                "redis-cli's rebalance, slot by slot, and its warnings")
                   : usage_line("ringlab plan redis reshard --nodes FILE --from IDS --to ID --slots N",
                                "redis-cli's reshard, slot by slot, and its warnings");
}

RINGLAB_ONCE std::string redis_help() {
  return "plan redis (what redis-cli 7.0.15 --cluster rebalance or reshard moves, slot by slot, in its\n" + kIndent +
         "order; FILE is the CLUSTER NODES text of the node redis-cli is pointed at, whose order decides\n" + kIndent +
         "ties):\n" +
         flag_line("--nodes FILE", "CLUSTER NODES of the entry node (redis-cli -p PORT cluster nodes > FILE)") +
         cli_flag_lines("redisPlan", kIndent, redis::kPlanParams) +
         flag_line("--use-empty-masters", "rebalance: as --cluster-use-empty-masters (masters with no slot") + kUnder +
         "take part)\n" + flag_line("--from IDS", "reshard: source node ids, comma-separated, or all") +
         flag_line("--to ID", "reshard: the node that receives the slots") +
         flag_line("--json", "one JSON object per step ({\"from\", \"to\", \"slots\"}), then a {\"summary\"} line");
}

bool asks_help(const std::vector<std::string>& args, std::size_t at) {
  return args.size() > at && (args[at] == "--help" || args[at] == "-h");
}

RINGLAB_ONCE std::string run_redis_plan(const std::vector<std::string>& args, const ReadFile& read) {
  if (args.size() < 3 || (args[2] != "rebalance" && args[2] != "reshard"))
    throw CliUsageError{"plan redis needs an operation: rebalance or reshard" +
                        (args.size() < 3 ? std::string() : ", got " + shown_text(args[2]))};
  const bool rebalance = args[2] == "rebalance";
  // `plan redis rebalance --help`: the operation's usage line and the section, as --help lays
  // out every command's.
  if (asks_help(args, 3)) return "Usage:\n" + redis_usage(rebalance) + "\n\n" + redis_help();
  const std::string command = "plan redis " + args[2];
  // --weight may be given again and again: each is read here, the rest by read_args.
  std::vector<std::string> rest(args.begin(), args.begin() + 3);
  std::vector<std::string> weights;
  for (std::size_t i = 3; i < args.size(); ++i) {
    if (rebalance && args[i] == "--weight") {
      if (i + 1 == args.size()) throw CliUsageError{"--weight needs a value"};
      weights.push_back(args[++i]);
    } else {
      rest.push_back(args[i]);
    }
  }
  const cli::Args a =
      rebalance ? cli::read_args(rest, 3, {"--nodes", "--threshold"}, {"--use-empty-masters", "--json"}, command)
                : cli::read_args(rest, 3, {"--nodes", "--from", "--to", "--slots"}, {"--json"}, command);
  if (!a.plain.empty()) throw CliUsageError{command + " takes flags only, got " + shown_text(a.plain.front())};
  const auto need = [&](const char* flag) -> const std::string& {
    const std::string* v = a.value(flag);
    if (v == nullptr) throw CliUsageError{command + " needs " + flag};
    return *v;
  };
  const std::string& file = need("--nodes");
  const std::optional<std::string> text = read ? read(file) : std::nullopt;
  if (!text) throw CliUsageError{"cannot read --nodes file " + shown_text(file)};
  const std::vector<redis::ClusterNode> nodes = redis::read_cluster_nodes(*text);
  Plan plan;
  if (rebalance) {
    redis::RebalanceOptions o;
    for (const std::string& w : weights) {
      const std::size_t eq = w.find('=');
      if (eq == std::string::npos || eq == 0)
        throw Error(ErrorCode::invalid_argument, rule::redisWeightForm, "weight", {input(w)});
      o.weights.emplace_back(w.substr(0, eq), number_from_text(std::string_view(w).substr(eq + 1), "weight"));
    }
    o.use_empty_masters = a.has("--use-empty-masters");
    if (const std::string* t = a.value("--threshold")) o.threshold = number_from_text(*t, "threshold");
    plan = redis::plan_rebalance(nodes, o);
  } else {
    redis::ReshardOptions o;
    const std::string& from = need("--from");
    for (std::size_t i = 0;;) {
      const std::size_t comma = from.find(',', i);
      o.from.push_back(from.substr(i, comma == std::string::npos ? std::string::npos : comma - i));
      if (comma == std::string::npos) break;
      i = comma + 1;
    }
    o.to = need("--to");
    o.slots = integer_from_text(need("--slots"), "slots");
    try {
      plan = redis::plan_reshard(nodes, o);
    } catch (const Error& e) {
      // The core names them as its options do; the command line, by their flags.
      if (e.param() == "from" || e.param() == "to") throw e.with_param("--" + e.param());
      throw;
    }
  }
  return a.has("--json") ? plan_json(plan) : plan_text(plan);
}

RINGLAB_ONCE std::string run_kafka_plan(const std::vector<std::string>& args, const ReadFile& read) {
  const std::string command = "plan kafka";
  const cli::Args a = cli::read_args(args, 2, {"--partitions", "--partitioner", "--keys"}, {"--json"}, command);
  const std::string* change_text = a.value("--partitions");
  if (change_text == nullptr) throw CliUsageError{command + " needs --partitions N:M"};
  const kafka::PartitionChange change = kafka::partition_change_from_text(*change_text);
  const std::string* name = a.value("--partitioner");
  // The default is place kafka's: the Java client's.
  const std::vector<kafka::Partitioner> partitioners =
      kafka::plan_partitioners_from_name(name == nullptr ? kafka::kPartitionerNames[0] : std::string_view(*name));
  // Keys are optional: without them the plan is the share of the hash space that moves.
  const std::vector<std::string> keys =
      a.value("--keys") != nullptr || !a.plain.empty() ? cli::keys(a, read, command) : std::vector<std::string>{};
  std::string out;
  for (const kafka::Partitioner p : partitioners) {
    const Plan plan = kafka::plan_partitions(p, change, keys);
    out += a.has("--json") ? plan_json(plan) : plan_text(plan);
  }
  return out;
}

RINGLAB_ONCE std::string cassandra_help() {
  return "plan cassandra (the replicas of every token range before and after a node joins, leaves or is\n" + kIndent +
         "removed, as Cassandra 4's strategies place them, and the streams that fill each new replica):\n" +
         flag_line("--ring FILE", "nodetool ring output, or one token a line: TOKEN NODE DC RACK") +
         flag_line("--strategy S", "simple:RF (SimpleStrategy) or nts:DC=RF,DC=RF,... (NetworkTopologyStrategy)") +
         flag_line("--join NODE", "bootstrap NODE with --tokens T1,T2,... [--dc DC] [--rack RACK] (by default") +
         kUnder + "the ring's only data centre and that data centre's only rack)\n" +
         flag_line("--leave NODE", "decommission NODE: it streams its ranges to their new replicas") +
         flag_line("--remove NODE", "removenode NODE: each new replica fetches from a remaining one") +
         flag_line("--keys FILE", "keys, one a line, or KEY...: each key's token and replicas before and after") +
         flag_line("--every-range", "list every range with its replicas, not only those that change") +
         flag_line("--sizes FILE", "the bytes of the ring's ranges, one a line: START END BYTES (from") + kUnder +
         "system.size_estimates): the bytes each range holds and each step streams\n" +
         flag_line("--json", "one JSON object per step ({\"from\", \"to\", \"ranges\"}), then a {\"summary\"} line");
}

RINGLAB_ONCE std::string run_cassandra_plan(const std::vector<std::string>& args, const ReadFile& read) {
  const std::string command = "plan cassandra";
  const cli::Args a = cli::read_args(
      args, 2,
      {"--ring", "--join", "--tokens", "--dc", "--rack", "--leave", "--remove", "--strategy", "--keys", "--sizes"},
      {"--json", "--every-range"}, command);
  const std::string* file = a.value("--ring");
  if (file == nullptr) throw CliUsageError{command + " needs --ring FILE"};
  const std::string* strategy = a.value("--strategy");
  if (strategy == nullptr) throw CliUsageError{command + " needs --strategy simple:RF or nts:DC=RF,..."};
  cassandra::RingChange change;
  int changes = 0;
  for (const auto& [flag, kind] :
       {std::pair{"--join", cassandra::ChangeKind::join}, std::pair{"--leave", cassandra::ChangeKind::leave},
        std::pair{"--remove", cassandra::ChangeKind::remove}})
    if (const std::string* node = a.value(flag)) {
      change.kind = kind;
      change.node = *node;
      ++changes;
    }
  if (changes != 1) throw CliUsageError{command + " needs one change: --join NODE, --leave NODE or --remove NODE"};
  const bool join = change.kind == cassandra::ChangeKind::join;
  if (join && a.value("--tokens") == nullptr) throw CliUsageError{command + " --join needs --tokens T1,T2,..."};
  for (const char* flag : {"--tokens", "--dc", "--rack"})
    if (!join && a.value(flag) != nullptr) throw CliUsageError{std::string(flag) + " goes with --join only"};
  const std::optional<std::string> text = read ? read(*file) : std::nullopt;
  if (!text) throw CliUsageError{"cannot read --ring file " + shown_text(*file)};
  std::vector<cassandra::RangeSize> sizes;
  if (const std::string* sizes_file = a.value("--sizes")) {
    const std::optional<std::string> sizes_text = read(*sizes_file);
    if (!sizes_text) throw CliUsageError{"cannot read --sizes file " + shown_text(*sizes_file)};
    sizes = cassandra::sizes_from_text(*sizes_text);
  }
  // The options' errors name them as this command spells them (the package: as its options).
  try {
    const cassandra::Strategy s = cassandra::strategy_from_text(*strategy);
    if (join) change.tokens = cassandra::join_tokens_from_text(*a.value("--tokens"));
    if (const std::string* dc = a.value("--dc")) change.dc = *dc;
    if (const std::string* rack = a.value("--rack")) change.rack = *rack;
    const std::vector<cassandra::PlacedToken> ring = cassandra::ring_from_text(*text);
    const std::vector<std::string> keys =
        a.value("--keys") != nullptr || !a.plain.empty() ? cli::keys(a, read, command) : std::vector<std::string>{};
    const Plan plan = cassandra::plan_change(ring, s, change, keys, a.has("--every-range"), sizes);
    return a.has("--json") ? plan_json(plan) : plan_text(plan);
  } catch (const Error& e) {
    for (const auto& [name, flag] : cassandra::kChangeOptionFlags)
      if (e.param() == name) throw e.with_param(std::string(flag));
    throw;
  }
}

// The ring and table systems (ring_plan_targets(), in its order), each with the parameter table's
// function whose flags spell its errors (place's).
struct RingSystem {
  const char* name;
  const char* where;
};
constexpr RingSystem kRingSystems[] = {
    {"memcached", "memcached"}, {"libketama", "libketama"},  {"twemproxy", "twemproxy"},
    {"nginx", "nginx"},         {"envoy-ring", "envoyRing"}, {"envoy-maglev", "envoyMaglev"},
};

// The changes, one of which a ring plan takes.
constexpr const char* kChangeFlags[] = {"--add", "--remove", "--reweight", "--mark-down"};

RINGLAB_ONCE std::string ring_usage(const RingSystem& sys) {
  return usage_line("ringlab plan " + std::string(sys.name) + " [place " + sys.name + "'s flags] CHANGE [KEY...]",
                    "the arcs whose server changes");
}

RINGLAB_ONCE std::string ring_help(const RingSystem& ring) {
  const RingPlanTarget& sys = *ring_plan_target(ring.name);
  std::string out = "plan " + std::string(sys.name) + " (" + sys.tool + "'s servers as `place " + sys.name +
                    "` takes them, and one change: the\n" + kIndent +
                    "runs of the hash space whose server changes, counted exactly, hash by hash):\n" +
                    flag_line("--add SERVER", "add a server, written as the server list writes one") +
                    flag_line("--remove SERVER", "remove a server") +
                    flag_line("--reweight SERVER", "give a server the weight --weight W") +
                    flag_line("--weight W", "the weight of --add (default 1) or --reweight");
  out += sys.down != nullptr ? flag_line("--mark-down SERVER", "mark a server down: " + std::string(sys.down))
                             : flag_line("--mark-down SERVER", "(no down mark here: plan its removal)");
  return out + flag_line("--keys FILE", "keys, one a line, or KEY...: each key's server before and after") +
         flag_line("--every-arc", "list every arc in the text, not only each step's share") +
         flag_line("--json", "one JSON object per step ({\"from\", \"to\", \"kind\", arcs}), then a") + kUnder +
         "{\"summary\"} line\n";
}

RINGLAB_ONCE std::string run_ring_plan(const RingSystem& ring, const std::vector<std::string>& args,
                                       const ReadFile& read) {
  const RingPlanTarget& sys = *ring_plan_target(ring.name);
  const std::string command = "plan " + std::string(sys.name);
  // The system's own flags, as `place` takes them (but for a way of printing, as --tries), beside
  // the plan's.
  std::vector<std::string_view> values = {"--add", "--remove", "--reweight", "--mark-down", "--weight", "--keys"};
  std::vector<std::string_view> switches = {"--json", "--every-arc"};
  std::vector<std::string_view> own_values, own_switches;
  for (const SystemOption& o : system_options(sys.name)) {
    if (o.command_line_only) continue;
    (o.type == OptionType::flag ? own_switches : own_values).push_back(o.flag);
  }
  values.insert(values.end(), own_values.begin(), own_values.end());
  switches.insert(switches.end(), own_switches.begin(), own_switches.end());
  const cli::Args a = cli::read_args(args, 2, values, switches, command);
  ServerChange change;
  int changes = 0;
  const ServerChange::Kind kinds[] = {ServerChange::Kind::add, ServerChange::Kind::remove, ServerChange::Kind::weight,
                                      ServerChange::Kind::down};
  for (std::size_t i = 0; i < 4; ++i)
    if (const std::string* server = a.value(kChangeFlags[i])) {
      change.kind = kinds[i];
      change.server = *server;
      ++changes;
    }
  if (changes != 1)
    throw CliUsageError{command +
                        " needs one change: --add SERVER, --remove SERVER, --reweight SERVER or --mark-down SERVER"};
  const std::string* weight = a.value("--weight");
  if (change.kind == ServerChange::Kind::weight && weight == nullptr)
    throw CliUsageError{command + " --reweight needs --weight W"};
  if (weight != nullptr && change.kind != ServerChange::Kind::add && change.kind != ServerChange::Kind::weight)
    throw CliUsageError{"--weight goes with --add or --reweight only"};
  if (weight != nullptr) change.weight = integer_from_text(*weight, "weight");

  std::vector<std::string> flags;
  const auto own_flags = [&](const std::string* ejected) {
    flags.clear();
    for (const std::string_view f : own_values)
      if (const std::string* v = a.value(f); v != nullptr && !(ejected != nullptr && f == "--ejected")) {
        flags.emplace_back(f);
        flags.push_back(*v);
      }
    for (const std::string_view f : own_switches)
      if (a.has(f)) flags.emplace_back(f);
    if (ejected != nullptr) {
      flags.emplace_back("--ejected");
      flags.push_back(*ejected);
    }
    return flags;
  };
  const std::unique_ptr<Placement> before = configure(sys.name, own_flags(nullptr), read);
  // nutcracker's ejection: the pool as --ejected lists it, with the server after those it has.
  const EjectServer eject = [&](const std::string& server) {
    const std::string* was = a.value("--ejected");
    const std::string list = was == nullptr ? server : *was + "," + server;
    return configure(sys.name, own_flags(&list), read);
  };
  const std::unique_ptr<Placement> after = ring_changed(sys, *before, change, eject);
  const std::vector<std::string> keys =
      a.value("--keys") != nullptr || !a.plain.empty() ? cli::keys(a, read, command) : std::vector<std::string>{};
  const Plan plan = plan_server_change({sys.name, sys.tool}, *before, *after, change, keys, a.has("--every-arc"));
  return a.has("--json") ? plan_json(plan) : plan_text(plan);
}

}  // namespace

RINGLAB_ONCE std::vector<CliCommand> plan_commands() {
  const ParamSpec& partitions = param(SystemParam::kafka_partitions);
  std::string kafka_help =
      "plan kafka (what kafka-topics --alter --partitions M does to each key of a topic of N partitions:\n" + kIndent +
      "no record moves, and a key's new records go to its partition under M):\n" +
      flag_line("--partitions N:M", "the partition counts before and after, M >= N (each " +
                                        std::to_string(partitions.lo) + " to " + std::to_string(partitions.hi) + ")") +
      flag_line("--partitioner P", "murmur2 (the Java client's default), consistent or fnv1a (librdkafka),") + kUnder +
      "or all three; default murmur2\n" +
      flag_line("--keys FILE", "the keys, one a line (a blank line is the empty key); or KEY...; with") + kUnder +
      "no keys, the share of the hash space that moves alone\n" +
      flag_line("--json", "per partitioner, one JSON object per step ({\"from\", \"to\", \"keys\"}),") + kUnder +
      "then a {\"summary\"} line\n";
  std::vector<CliCommand> out{
      CliCommand{"plan",
                 "redis",
                 {redis_usage(true), redis_usage(false)},
                 redis_help(),
                 "redisPlan",
                 run_redis_plan,
                 redis::kPlanParams},
      CliCommand{"plan",
                 "kafka",
                 {usage_line("ringlab plan kafka --partitions N:M [flags] [KEY...]",
                             "each key's partition before and after, and"),
                  std::string(cli::kUsageColumn, ' ') + "the exact share of the hash space that moves"},
                 kafka_help,
                 "kafka",
                 run_kafka_plan,
                 system_params()},
      CliCommand{"plan",
                 "cassandra",
                 {usage_line("ringlab plan cassandra --ring FILE --strategy S CHANGE [flags] [KEY...]",
                             "each changed range's replicas and the"),
                  std::string(cli::kUsageColumn, ' ') + "streams that fill them"},
                 cassandra_help(),
                 "cassandraPlan",
                 run_cassandra_plan,
                 system_params()}};
  for (const RingSystem& sys : kRingSystems)
    out.push_back(CliCommand{
        "plan",
        sys.name,
        {ring_usage(sys)},
        ring_help(sys),
        sys.where,
        [&sys](const std::vector<std::string>& args, const ReadFile& read) { return run_ring_plan(sys, args, read); },
        system_params()});
  return out;
}

}  // namespace ringlab::systems
