// place redis, place kafka, place cassandra, place guava, place erlang: one JSON line per key,
// {"key": KEY, "result": ANSWER}, in input order.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/support.hpp"
#include "ringlab/error.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/cassandra.hpp"
#include "ringlab/systems/erlang.hpp"
#include "ringlab/systems/guava.hpp"
#include "ringlab/systems/kafka.hpp"
#include "ringlab/systems/redis.hpp"
#include "systems/commands.hpp"

namespace ringlab::systems {
namespace {

using Usage = CliUsageError;

using cli::flag_line;
using cli::kUnder;
using cli::kUsageColumn;
using cli::usage_line;

std::int64_t integer_flag(const cli::Args& a, const char* flag, SystemParam p, std::optional<std::int64_t> fallback,
                          const std::string& command) {
  const std::string* text = a.value(flag);
  if (text == nullptr) {
    if (!fallback)
      throw SystemUsage(rule::systemNeeds, std::string_view(command).substr(command.find(' ') + 1),
                        {{flag, std::string(param(p).metavar)}});
    return *fallback;
  }
  return check_integer(p, integer_from_text(*text, param(p).name));
}

std::unique_ptr<Placement> configure_redis(const cli::Args& a, const ReadFile&) {
  std::optional<redis::ClusterSplit> split;
  if (a.value("--nodes") != nullptr)
    split.emplace(integer_flag(a, "--nodes", SystemParam::redis_nodes, std::nullopt, "place redis"));
  // With --nodes, the masters are the servers: "0" .. "N-1", each weighing its slots.
  std::vector<ServerInfo> masters;
  if (split)
    for (std::size_t i = 0; i < split->ranges().size(); ++i)
      masters.push_back({std::to_string(i), split->ranges()[i].last - split->ranges()[i].first + 1, false});
  const auto typed = [split](std::string_view key, Answer& out) noexcept {
    const std::uint32_t slot = redis::key_slot(key);
    out = {split ? static_cast<std::int32_t>(split->node_of_slot(slot)) : -1, slot};
    return true;
  };
  return placement(
      std::move(masters), AnswerKind::slot,
      [split](std::string_view key, const std::string&) {
        const std::uint32_t slot = redis::key_slot(key);
        return split ? "{\"slot\": " + std::to_string(slot) +
                           ", \"node\": " + std::to_string(split->node_of_slot(slot)) + "}"
                     : std::to_string(slot);
      },
      typed);
}

std::unique_ptr<Placement> configure_kafka(const cli::Args& a, const ReadFile&) {
  const std::int64_t n = integer_flag(a, "--partitions", SystemParam::kafka_partitions, std::nullopt, "place kafka");
  const std::string* name = a.value("--partitioner");
  const kafka::Partitioner p = name == nullptr ? kafka::Partitioner::murmur2 : kafka::partitioner_from_name(*name);
  return placement(
      {}, AnswerKind::partition,
      [n, p](std::string_view key, const std::string&) { return std::to_string(kafka::partition(key, p, n)); },
      [n, p](std::string_view key, Answer& out) noexcept {
        out = {-1, kafka::partition_unchecked(key, p, static_cast<std::uint32_t>(n))};
        return true;
      });
}

std::unique_ptr<Placement> cassandra_placement(std::vector<cassandra::NodeToken> listed,
                                               std::optional<std::string> text);

// Cassandra with a ring: its nodes, the ring's tokens, and the ring as it was given (the
// --tokens list, or nodetool ring text) for edits and for writing it back.
class CassandraRing final : public Forwarding {
 public:
  CassandraRing(std::unique_ptr<Placement> inner, std::vector<cassandra::NodeToken> listed,
                std::optional<std::string> text, std::vector<RingToken> ring)
      : Forwarding(std::move(inner)), listed_(std::move(listed)), text_(std::move(text)), ring_(std::move(ring)) {}
  [[nodiscard]] std::vector<RingToken> tokens() const override { return ring_; }

  // A node added with its tokens ("NODE=TOKEN", as many entries as it has tokens), or removed
  // with all of them. The ring's own rules apply to the result (a token taken twice).
  [[nodiscard]] RINGLAB_ONCE std::unique_ptr<Placement> edited(const ServerEdit& e) const override {
    const std::vector<ServerInfo>& nodes = servers();
    const auto known = [&](std::string_view name) {
      return std::any_of(nodes.begin(), nodes.end(), [&](const ServerInfo& s) { return s.name == name; });
    };
    std::vector<cassandra::NodeToken> next = listed_;
    switch (e.kind) {
      case ServerEdit::Kind::add:
        for (cassandra::NodeToken& t : cassandra::tokens_from_list(e.server)) {
          if (known(t.node)) throw Error(ErrorCode::duplicate_server, rule::alreadyOnRing, "", {t.node});
          next.push_back(std::move(t));
        }
        break;
      case ServerEdit::Kind::remove:
        if (!known(e.server)) throw Error(ErrorCode::unknown_server, rule::notAServer, "", {input(e.server)});
        if (nodes.size() == 1) throw Error(ErrorCode::out_of_range, rule::noServerLeft, "");
        std::erase_if(next, [&](const cassandra::NodeToken& t) { return t.node == e.server; });
        break;
      case ServerEdit::Kind::down:
      case ServerEdit::Kind::up: throw Error(ErrorCode::invalid_argument, rule::noDownMark, "");
      case ServerEdit::Kind::weight: throw Error(ErrorCode::invalid_argument, rule::tokenWeight, "");
    }
    if (!text_) return cassandra_placement(std::move(next), std::nullopt);
    // The ring is checked (a token taken twice) before its text is written.
    (void)cassandra::TokenRing(next);
    std::string text = cassandra::nodetool_ring_edited(*text_, next);
    std::vector<cassandra::NodeToken> read = cassandra::tokens_from_nodetool_ring(text);
    return cassandra_placement(std::move(read), std::move(text));
  }

  // The list as NODE=TOKEN entries in its order, or the nodetool ring text as given (edited).
  [[nodiscard]] RINGLAB_ONCE std::vector<ConfigText> config() const override {
    if (text_) return {{"ring", *text_}};
    std::vector<std::string> entries;
    for (const cassandra::NodeToken& t : listed_) entries.push_back(t.node + "=" + std::to_string(t.token));
    return {{"tokens", joined(entries)}};
  }

 private:
  std::vector<cassandra::NodeToken> listed_;
  std::optional<std::string> text_;
  std::vector<RingToken> ring_;
};

// Cassandra's answers: each key's token, and with a ring the node owning it.
std::unique_ptr<Placement> cassandra_answers(std::shared_ptr<const cassandra::TokenRing> shared,
                                             std::shared_ptr<const std::vector<std::int32_t>> node_at,
                                             std::vector<ServerInfo> nodes) {
  return placement(
      std::move(nodes), AnswerKind::token,
      [shared](std::string_view key, const std::string&) {
        const std::int64_t t = cassandra::token(key);
        return shared ? cli::json_bytes(shared->owner(t).node) : std::to_string(t);
      },
      [shared, node_at](std::string_view key, Answer& out) noexcept {
        const std::int64_t t = cassandra::token(key);
        out = {shared ? (*node_at)[static_cast<std::size_t>(&shared->owner(t) - shared->sorted().data())] : -1, t};
        return true;
      });
}

RINGLAB_ONCE std::unique_ptr<Placement> cassandra_placement(std::vector<cassandra::NodeToken> listed,
                                                            std::optional<std::string> text) {
  auto shared = std::make_shared<const cassandra::TokenRing>(listed);
  // The nodes are the servers, in the order they are first named, each weighing its tokens;
  // node_at[i] is the node of the ring's i-th token.
  std::vector<ServerInfo> nodes;
  auto node_at = std::make_shared<std::vector<std::int32_t>>();
  for (const cassandra::NodeToken& t : listed) {
    auto it = std::find_if(nodes.begin(), nodes.end(), [&](const ServerInfo& s) { return s.name == t.node; });
    if (it == nodes.end()) nodes.push_back({t.node, 1, false});
    else ++it->weight;
  }
  std::vector<RingToken> ring;
  for (const cassandra::NodeToken& t : shared->sorted()) {
    node_at->push_back(static_cast<std::int32_t>(
        std::find_if(nodes.begin(), nodes.end(), [&](const ServerInfo& s) { return s.name == t.node; }) -
        nodes.begin()));
    ring.push_back({t.token, node_at->back()});
  }
  return std::make_unique<CassandraRing>(cassandra_answers(shared, node_at, std::move(nodes)), std::move(listed),
                                         std::move(text), std::move(ring));
}

RINGLAB_ONCE std::unique_ptr<Placement> configure_cassandra(const cli::Args& a, const ReadFile& read) {
  const std::string* list = a.value("--tokens");
  const std::string* ring_file = a.value("--ring");
  if (list != nullptr && ring_file != nullptr)
    throw SystemUsage(rule::systemNotBoth, "cassandra", {{"--tokens", ""}, {"--ring", ""}});
  if (list != nullptr) return cassandra_placement(cassandra::tokens_from_list(*list), std::nullopt);
  if (ring_file != nullptr) {
    std::optional<std::string> text = read ? read(*ring_file) : std::nullopt;
    if (!text) throw Usage{"cannot read --ring file " + shown_text(*ring_file)};
    std::vector<cassandra::NodeToken> listed = cassandra::tokens_from_nodetool_ring(*text);
    return cassandra_placement(std::move(listed), std::move(text));
  }
  // Without a ring: each key's token alone.
  return cassandra_answers(nullptr, nullptr, {});
}

std::unique_ptr<Placement> configure_guava(const cli::Args& a, const ReadFile&) {
  const std::int64_t buckets = integer_flag(a, "--buckets", SystemParam::guava_buckets, std::nullopt, "place guava");
  const std::string* name = a.value("--input");
  const guava::Input input = name == nullptr ? guava::Input::automatic : guava::input_from_name(*name);
  return placement(
      {}, AnswerKind::bucket,
      [buckets, input](std::string_view key, const std::string& what) {
        return std::to_string(guava::bucket(key, input, buckets, what));
      },
      [buckets, input](std::string_view key, Answer& out) noexcept {
        const std::optional<std::int32_t> b = guava::bucket_if(key, input, buckets);
        if (b) out = {-1, *b};
        return b.has_value();
      },
      [buckets, input](std::string_view key, const std::string& what) {
        return Answer{-1, guava::bucket(key, input, buckets, what)};
      });
}

std::unique_ptr<Placement> configure_erlang(const cli::Args& a, const ReadFile&) {
  std::optional<std::uint64_t> range;
  if (a.value("--range") != nullptr)
    range =
        static_cast<std::uint64_t>(integer_flag(a, "--range", SystemParam::phash2_range, std::nullopt, "place erlang"));
  const std::string* name = a.value("--term");
  const ErlangKeyTerm kind = name == nullptr ? ErlangKeyTerm::binary : erlang_key_term_from_name(*name);
  return placement(
      {}, AnswerKind::hash,
      [range, kind](std::string_view key, const std::string& what) {
        return std::to_string(erlang_place(key, kind, range, what));
      },
      [range, kind](std::string_view key, Answer& out) noexcept {
        const std::optional<std::uint32_t> h = erlang_place_if(key, kind, range);
        if (h) out = {-1, *h};
        return h.has_value();
      },
      [range, kind](std::string_view key, const std::string& what) {
        return Answer{-1, erlang_place(key, kind, range, what)};
      });
}

}  // namespace

std::vector<CliCommand> keyed_commands() { return {}; }

RINGLAB_ONCE std::vector<SystemDef> keyed_systems() {
  const std::string keys_line = flag_line("--keys FILE", "the keys, one a line (a blank line is the empty key)");
  std::vector<SystemDef> out;
  out.push_back(SystemDef{
      "redis",
      {usage_line("ringlab place redis [flags] KEY...", "Redis Cluster's slot of each key (CLUSTER KEYSLOT)")},
      "place redis ({\"key\": KEY, \"result\": SLOT} per key, SLOT 0..16383 from the {hash tag} or the key;\n" +
          kIndent + "with --nodes, RESULT is {\"slot\": SLOT, \"node\": I}, master I of 0..N-1):\n" +
          cli_flag_lines("redis", kIndent, system_params()) + keys_line,
      "redis",
      {{"nodes", "--nodes", OptionType::integer}},
      configure_redis});
  out.push_back(
      SystemDef{"kafka",
                {usage_line("ringlab place kafka [flags] KEY...", "Kafka's partition of each key")},
                "place kafka ({\"key\": KEY, \"result\": PARTITION} per key):\n" +
                    cli_flag_lines("kafka", kIndent, system_params()) +
                    flag_line("--partitioner P", "murmur2 (the Java client's default: (murmur2 & 0x7fffffff) % N),") +
                    kUnder + "consistent (librdkafka: CRC-32 % N) or fnv1a (librdkafka: |FNV-1a| % N);\n" + kUnder +
                    "default murmur2\n" + keys_line,
                "kafka",
                {{"partitions", "--partitions", OptionType::integer, {}, {}, true},
                 {"partitioner", "--partitioner", OptionType::choice, "murmur2|consistent|fnv1a", "murmur2"}},
                configure_kafka});
  out.push_back(SystemDef{
      "cassandra",
      {usage_line("ringlab place cassandra [flags] KEY...", "Cassandra's Murmur3Partitioner token of each key,"),
       std::string(kUsageColumn, ' ') + "or the node owning it"},
      "place cassandra ({\"key\": KEY, \"result\": TOKEN} per key, TOKEN a signed 64-bit number; with a ring,\n" +
          kIndent + "RESULT is the node owning the token: the first token >= it, wrapping):\n" +
          flag_line("--tokens LIST", "the ring: NODE=TOKEN,NODE=TOKEN,... (a node once per token)") +
          flag_line("--ring FILE", "the ring as `nodetool ring` prints it (Address ... Token)") + keys_line,
      "cassandra",
      {{"tokens", "--tokens", OptionType::list}, {"ring", "--ring", OptionType::file}},
      configure_cassandra});
  out.push_back(SystemDef{
      "guava",
      {usage_line("ringlab place guava [flags] KEY...", "Guava's Hashing.consistentHash of each key")},
      "place guava ({\"key\": KEY, \"result\": BUCKET} per key):\n" +
          cli_flag_lines("guava", kIndent, system_params()) +
          flag_line("--input I", "what consistentHash is given: long (the key is a 64-bit decimal or 0x hex),") +
          kUnder + "murmur3_128, murmur3_32 or farmhash64 (that Hashing function of the key's\n" + kUnder +
          "UTF-8, padToLong()), or auto (long when the key is a decimal that fits a\n" + kUnder +
          "signed long, murmur3_128 otherwise); default auto\n" + keys_line,
      "guava",
      {{"buckets", "--buckets", OptionType::integer, {}, {}, true},
       {"input", "--input", OptionType::choice, "auto|long|murmur3_128|murmur3_32|farmhash64", "auto"}},
      configure_guava});
  out.push_back(SystemDef{
      "erlang",
      {usage_line("ringlab place erlang [flags] KEY...", "erlang:phash2 of each key as an Erlang term")},
      "place erlang ({\"key\": KEY, \"result\": HASH} per key; without --range, phash2/1's 27 bits):\n" +
          cli_flag_lines("phash2", kIndent, system_params()) +
          flag_line("--term T", "binary (the key's bytes: an Elixir string), charlist (its code points),") + kUnder +
          "atom (the atom of that name) or integer (the decimal it spells); default binary\n" + keys_line,
      "phash2",
      {{"range", "--range", OptionType::integer},
       {"term", "--term", OptionType::choice, "binary|charlist|atom|integer", "binary"}},
      configure_erlang});
  return out;
}

}  // namespace ringlab::systems
