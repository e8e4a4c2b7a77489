// A real system configured as a user's cluster is configured: where each key goes. It is made
// from the same flags as `ringlab place SYSTEM` (each system defines its flags once), and both
// the command and the JavaScript API's system handle (ringlab/systems) are made from it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <optional>

#include "ringlab/cli.hpp"
#include "ringlab/error.hpp"

namespace ringlab::systems {

// A server of a configured system, in the order the configuration lists it: its name as the
// system spells it ("10.0.0.1:11211", a Cassandra node's address, Redis master "0"), its weight
// (nginx's weight=, libmemcached's weight, libketama's memory, Envoy's load_balancing_weight, a
// Cassandra node's token count, a Redis master's slot count) and whether it is marked down.
struct ServerInfo {
  std::string name;
  std::int64_t weight = 1;
  bool down = false;
  friend bool operator==(const ServerInfo&, const ServerInfo&) = default;
};

// The number a system answers besides (or instead of) a server: Redis's slot, Kafka's
// partition, Cassandra's token, Guava's bucket, Erlang's phash2.
enum class AnswerKind : std::uint8_t { none, slot, partition, token, bucket, hash };
[[nodiscard]] std::string_view answer_kind_name(AnswerKind kind) noexcept;

// One key's typed answer: the index of its server in servers() (-1 where the key decides no
// server: nginx's round-robin, a key libmemcached refuses, a system without servers) and the
// number of answer_kind() (0 when none).
struct Answer {
  std::int32_t server = -1;
  std::int64_t value = 0;
  friend bool operator==(const Answer&, const Answer&) = default;
};

// Why a key goes to its server, in the system's own numbers (Placement::reason()):
//  - point: a ring (nginx's `hash … consistent`, libmemcached's continuum, libketama, Envoy's
//    ring_hash): the key's hash as the system computes it and the ring point it lands on, the
//    first point >= the hash as the system looks it up (wrapping to the first point; nginx walks
//    on past points of down servers);
//  - slot: a lookup table (Envoy's Maglev): the key's hash and the slot of the table it reads;
//  - answer: the answer's own number says it (answer_kind(): Redis's slot, Kafka's partition,
//    Cassandra's token, Guava's bucket, Erlang's phash2), or no number of the system does (nginx's
//    plain `hash`, its round-robin balancer, libmemcached's modula, a key it refuses).
enum class ReasonKind : std::uint8_t { answer, point, slot };
[[nodiscard]] std::string_view reason_kind_name(ReasonKind kind) noexcept;

struct Reason {
  ReasonKind kind = ReasonKind::answer;
  // point, slot: the key's hash, `hash_bits` wide (32 but for Envoy's XXH64, 64); 0 for answer.
  std::uint64_t hash = 0;
  // point: the ring point's value (hash_bits wide, as the ring's points are); slot: the slot's
  // index in the table; 0 for answer.
  std::uint64_t point = 0;
  // The index in servers() of the point's or slot's server: answer()'s server, always.
  std::int32_t server = -1;
  std::uint8_t hash_bits = 32;
  friend bool operator==(const Reason&, const Reason&) = default;
};

// A change to a configured system's servers, as the JavaScript API makes one: a server added
// (`server` an entry as the system's server list writes one, "10.0.0.4:11211"; `weight` its
// weight), removed, marked down or up again (nginx), or given a new weight; `server` names one
// of servers() for all but add.
struct ServerEdit {
  enum class Kind : std::uint8_t { add, remove, down, up, weight };
  Kind kind = Kind::add;
  std::string server;
  std::int64_t weight = 1;
};

// One option of a system's configuration written back as text (see Placement::config()): the
// JavaScript option ("upstream", "servers", "serverString", "endpoints", "hosts", "down") and its
// text, as that option takes it.
struct ConfigText {
  std::string option;
  std::string text;
  friend bool operator==(const ConfigText&, const ConfigText&) = default;
};

// A token of a system's token ring (Cassandra's) and the index in servers() of the server that
// holds it.
struct RingToken {
  std::int64_t token = 0;
  std::int32_t server = 0;
  friend bool operator==(const RingToken&, const RingToken&) = default;
};

class Placement {
 public:
  virtual ~Placement() = default;
  // The servers answers index, in configuration order (empty for Kafka, Guava, Erlang, and Redis
  // or Cassandra without --nodes or a ring).
  [[nodiscard]] virtual const std::vector<ServerInfo>& servers() const noexcept = 0;
  [[nodiscard]] virtual AnswerKind answer_kind() const noexcept = 0;
  // The typed answer for a key's bytes; throws ringlab::Error as result() does.
  [[nodiscard]] virtual Answer answer(std::string_view key, const std::string& name) const = 0;
  // The same without exceptions, for the batch loops: false when this key needs answer() (it is
  // refused, or takes a path that allocates, as nginx's walk past a down server).
  [[nodiscard]] virtual bool try_answer(std::string_view key, Answer& out) const noexcept = 0;
  // nginx's failover order (--tries): the indices of the servers tried in turn, -1 where the
  // round-robin balancer takes over. invalid_argument for a system without one.
  [[nodiscard]] virtual std::vector<std::int32_t> tries(std::string_view key) const;
  // The same system with an edit made to its servers, each rule and error of the system's own
  // (a duplicate, no server left, a weight out of range); unknown_server for a name that is no
  // server, invalid_argument for a system whose servers are not a list (Kafka, Redis, ...) or
  // for marking down where the system has no down mark. Cassandra's nodes are added with their
  // tokens (`server` "NODE=TOKEN", a node once per token, as --tokens writes them) and removed
  // with all of theirs; a node's weight is its token count, which no edit sets.
  [[nodiscard]] virtual std::unique_ptr<Placement> edited(const ServerEdit& edit) const;
  // The options that gave this system its servers, written back as text in the form they were
  // given in, with any edits made: an upstream block stays a block, a server string a server
  // string, Envoy's endpoints YAML stays YAML (its lb_endpoints alone), a list a list. Configured
  // again from them (and its other options), the system has the same servers and gives the same
  // answers. invalid_argument (notEditable) for a system whose servers are not a list.
  [[nodiscard]] virtual std::vector<ConfigText> config() const;
  // The ring's tokens in ring order (ascending), each with its server, for a system whose servers
  // hold tokens (Cassandra with a ring); empty for the others. A key's token's owner is the
  // server of the first token >= it, wrapping.
  [[nodiscard]] virtual std::vector<RingToken> tokens() const;
  // The system's own placement object (a Memcached, a NginxUpstream, an envoy::Ring, ...), for
  // the ring plans (ring_plan.hpp), which read its continuum or table; nullptr for a system
  // without one. Only a pointer here, so that the modules that never plan pay nothing for plans.
  [[nodiscard]] virtual const void* native() const;
  // Why `key` goes to answer()'s server (see Reason): the ring systems give their ring's point or
  // table's slot; the default, for systems whose answer carries its number, is ReasonKind::answer
  // with answer()'s server. Throws as answer() does.
  [[nodiscard]] virtual Reason reason(std::string_view key, const std::string& name) const;
  // Answers for n keys given as UTF-16 units (key i is units[offsets[i] .. offsets[i+1]), taken
  // as the bytes of their UTF-8): servers into `server` (when not empty), values into `value32`
  // (slot, partition, bucket, hash) or `value64` (token), whichever is not empty. Stops at the
  // first key that try_answer() leaves to answer(), or that has no UTF-8 (a lone surrogate);
  // returns how many keys were answered.
  std::size_t answer_utf16_many(std::u16string_view units, std::span<const std::uint32_t> offsets, std::size_t from,
                                std::span<std::int32_t> server, std::span<std::uint32_t> value32,
                                std::span<std::int64_t> value64) const noexcept;
  // The same for keys given as their bytes (key i is bytes[offsets[i] .. offsets[i+1]), offsets
  // ascending, the last within `bytes`): what JavaScript strings of ASCII text cross as, with
  // nothing to transcode. Each system's own loop, so that its typed answer is called directly, not
  // once per key through the vtable. Stops at the first key that try_answer() leaves to answer().
  virtual std::size_t answer_bytes_many(std::string_view bytes, std::span<const std::uint32_t> offsets,
                                        std::size_t from, std::span<std::int32_t> server,
                                        std::span<std::uint32_t> value32,
                                        std::span<std::int64_t> value64) const noexcept = 0;
  // The answer for a key's bytes, as the JSON text `place` prints after "result": a server
  // string, a number with all its digits, an object, or null where the system's answer does not
  // depend on the key. Throws ringlab::Error for a key the system cannot take, naming the key
  // `name` ("key 3" on the command line, "keys[2]" in JavaScript).
  [[nodiscard]] virtual std::string result(std::string_view key, const std::string& name) const = 0;
};

// Two configurations' servers matched by name, for telling whether a key moved between them: for
// each server of `after`, the index in `before`'s servers() of the server with its name, or -2
// when `before` has none (a server added). A key whose server index is i before and j after
// stayed where it was when match[j] == i (servers' indices shift when one before them is removed).
[[nodiscard]] std::vector<std::int32_t> match_servers(const Placement& before, const Placement& after);

// Whether a key moved between two configurations, given its answers under each and
// match_servers(before, after): its server after is not the same server (by name) as before, or
// its number changed. The one definition of a move (the JavaScript API's diff).
[[nodiscard]] bool key_moved(std::span<const std::int32_t> match, const Answer& before, const Answer& after) noexcept;

// What an option of a system takes: a whole number (checked by the parameter table's range), a
// text, a comma-separated list (an array in JavaScript), one of `choices`, a file's text (the
// command line reads the named file; JavaScript gives the text itself) or nothing (a switch).
enum class OptionType : std::uint8_t { integer, text, list, choice, file, flag };
[[nodiscard]] std::string_view option_type_name(OptionType type) noexcept;

// An option of a system: the one table both `ringlab place SYSTEM`'s flags and the JavaScript
// API's typed options come from.
// A system called without what it needs, or with options that exclude each other, as data: the
// rule (systemNeeds, systemNeedsEither, systemNotBoth, systemModeFrom), the system and the flags
// it concerns, each with the metavar the rule shows ("" for none). The command line words it with
// its flags ("place nginx needs --servers ADDR[=W],... or --upstream FILE": the message here);
// the package with its options' names (`system("nginx") needs servers ... or upstream FILE`),
// both from the rule's template (usage_values).
struct SystemUsage : CliUsageError {
  SystemUsage(const ErrorRule& r, std::string_view sys, std::vector<std::pair<std::string, std::string>> f);
  const ErrorRule* rule;
  std::string system;
  std::vector<std::pair<std::string, std::string>> flags;  // flag, metavar
};
// The rule's values: the call as the surface makes it ("place kafka", `system("kafka")`), then
// each flag as `spell` spells it, followed by its metavar where it has one.
[[nodiscard]] std::vector<ErrorValue> usage_values(const SystemUsage& u, std::string_view call,
                                                   const std::function<std::string(const std::string&)>& spell);

struct SystemOption {
  std::string_view name;  // the JavaScript option: "partitions", "minRingSize", "sortHosts"
  std::string_view flag;  // the command line's flag: "--partitions", "--min-ring", "--sort-hosts"
  OptionType type = OptionType::text;
  std::string_view choices = {};   // OptionType::choice: the names, separated by '|'
  std::string_view fallback = {};  // a text option's default; an integer's is the parameter table's
  bool required = false;           // the system cannot be configured without it
  bool command_line_only = false;  // a way of printing (nginx's --tries), not a configuration
};

// An option's range, for an integer option: the parameter table's entry of the system.
struct OptionRange {
  std::int64_t lo = 0;
  std::int64_t hi = 0;
  std::optional<std::int64_t> fallback;  // the default, when it has one
};

// The options of a system, in table order; invalid_argument for an unknown system.
[[nodiscard]] std::span<const SystemOption> system_options(std::string_view system);
// The range of an integer option (from params.hpp's table), or nullopt.
[[nodiscard]] std::optional<OptionRange> option_range(std::string_view system, const SystemOption& option);

// A typed value of an option, as the JavaScript API gives it: `text` for text, list, choice and
// file options, `number` for integers, `on` for switches.
struct OptionValue {
  std::string name;
  std::string text;
  double number = 0;
  bool on = false;
};

// A system's flags (with their leading "--"), for the JavaScript API's option names.
struct SystemFlags {
  std::vector<std::string> values;    // flags taking a value: "--servers"
  std::vector<std::string> switches;  // flags without one: "--sort-hosts"
};

// The JavaScript option name of each flag of a system, as [flag, name] pairs: the parameter
// table's name when the flag is a parameter of the system (--table is tableSize, as everywhere
// in the API), else the flag in camelCase (--sort-hosts is sortHosts).
[[nodiscard]] std::vector<std::pair<std::string, std::string>> option_names(std::string_view system);

// The systems `place` configures this way, in its order.
[[nodiscard]] std::vector<std::string> placement_systems();
// A system's flags; invalid_argument for a name that is not one of placement_systems().
[[nodiscard]] SystemFlags system_flags(std::string_view system);
// A system configured from `place SYSTEM`'s flags (without keys or --keys), with its rules and
// errors: CliUsageError for a missing or unknown flag, ringlab::Error for a rejected value.
[[nodiscard]] std::unique_ptr<Placement> configure(std::string_view system, const std::vector<std::string>& flags,
                                                   const ReadFile& read);
// A system configured from typed values (the JavaScript API's options, whose wrapper checked
// each value's JavaScript type against the option table): a number is written as JavaScript
// writes it, so the values meet the same rules and errors as the flags. A file option's value
// is the file's text. A name that is no option of the system is invalid_argument.
[[nodiscard]] std::unique_ptr<Placement> configure(std::string_view system, const std::vector<OptionValue>& values);

}  // namespace ringlab::systems
