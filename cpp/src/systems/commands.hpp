// The systems of `place`, one function per group of systems, gathered by cli.cpp into the
// command line's commands and placement.hpp's configure().
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "cli/support.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/error.hpp"
#include "ringlab/systems/placement.hpp"

namespace ringlab::systems {

// The indent of a usage text's continued lines, in every system's --help.
inline const std::string kIndent = "    ";

// Two flags that give the same thing two ways (a list, or a file), of which a system takes
// exactly one: neither or both is the SystemUsage that names them, each flag with the metavar
// its usage shows.
inline void exactly_one(const cli::Args& a, std::string_view system, const std::pair<std::string, std::string>& first,
                        const std::pair<std::string, std::string>& second) {
  const bool has_first = a.value(first.first) != nullptr;
  const bool has_second = a.value(second.first) != nullptr;
  if (has_first && has_second) throw SystemUsage(rule::systemNotBoth, system, {{first.first, ""}, {second.first, ""}});
  if (!has_first && !has_second) throw SystemUsage(rule::systemNeedsEither, system, {first, second});
}

// A system: its --help text, its flags, and how a configuration is made from them.
struct SystemDef {
  std::string name;                   // `place NAME`
  std::vector<std::string> usage;     // lines of --help's Usage block
  std::string help;                   // a section of --help
  std::string where;                  // the parameter table's function whose flags spell its errors
  std::vector<SystemOption> options;  // its flags (--keys is added for the command)
  // Reads the flags (all of them given in `a`, keys aside) and builds the configuration.
  std::function<std::unique_ptr<Placement>(const cli::Args& a, const ReadFile& read)> configure;
};

// The batch loop over keys given as bytes (Placement::answer_bytes_many), with `typed` a system's
// own try_answer: instantiated per system, so the typed answer is inlined into its loop.
template <typename Typed>
std::size_t answer_bytes_many(const Typed& typed, std::string_view bytes, std::span<const std::uint32_t> offsets,
                              std::size_t from, std::span<std::int32_t> server, std::span<std::uint32_t> value32,
                              std::span<std::int64_t> value64) noexcept {
  const std::size_t n = offsets.size() - 1;
  for (std::size_t i = from; i < n; ++i) {
    Answer a;
    if (!typed(std::string_view(bytes.data() + offsets[i], offsets[i + 1] - offsets[i]), a)) return i;
    if (!server.empty()) server[i] = a.server;
    if (!value32.empty()) value32[i] = static_cast<std::uint32_t>(a.value);
    if (!value64.empty()) value64[i] = a.value;
  }
  return n;
}

// A Placement from its servers, its answer kind and two functions of the key: `json` gives
// the command line's result text, `typed` fills an Answer and returns whether it could without
// an exception (noexcept; false sends the key to `full`, which may throw or allocate).
template <typename Json, typename Typed, typename Full>
std::unique_ptr<Placement> placement(std::vector<ServerInfo> servers, AnswerKind kind, Json json, Typed typed,
                                     Full full) {
  struct Fn final : Placement {
    Fn(std::vector<ServerInfo> s, AnswerKind k, Json j, Typed t, Full f)
        : servers_(std::move(s)), kind_(k), json_(std::move(j)), typed_(std::move(t)), full_(std::move(f)) {}
    [[nodiscard]] std::string result(std::string_view key, const std::string& name) const override {
      return json_(key, name);
    }
    [[nodiscard]] const std::vector<ServerInfo>& servers() const noexcept override { return servers_; }
    [[nodiscard]] AnswerKind answer_kind() const noexcept override { return kind_; }
    [[nodiscard]] Answer answer(std::string_view key, const std::string& name) const override {
      return full_(key, name);
    }
    [[nodiscard]] bool try_answer(std::string_view key, Answer& out) const noexcept override {
      return typed_(key, out);
    }
    std::size_t answer_bytes_many(std::string_view bytes, std::span<const std::uint32_t> offsets, std::size_t from,
                                  std::span<std::int32_t> server, std::span<std::uint32_t> value32,
                                  std::span<std::int64_t> value64) const noexcept override {
      return systems::answer_bytes_many(typed_, bytes, offsets, from, server, value32, value64);
    }
    std::vector<ServerInfo> servers_;
    AnswerKind kind_;
    Json json_;
    Typed typed_;
    Full full_;
  };
  return std::make_unique<Fn>(std::move(servers), kind, std::move(json), std::move(typed), std::move(full));
}

// The same where every key has a typed answer without exceptions.
template <typename Json, typename Typed>
std::unique_ptr<Placement> placement(std::vector<ServerInfo> servers, AnswerKind kind, Json json, Typed typed) {
  auto full = [typed](std::string_view key, const std::string&) {
    Answer a;
    (void)typed(key, a);
    return a;
  };
  return placement(std::move(servers), kind, std::move(json), typed, full);
}

// A placement that answers as another (`inner`) does, for one that adds what the other has not:
// edits, its configuration written back, a ring's tokens.
class Forwarding : public Placement {
 public:
  explicit Forwarding(std::unique_ptr<Placement> inner) : inner_(std::move(inner)) {}
  [[nodiscard]] std::string result(std::string_view key, const std::string& name) const override {
    return inner_->result(key, name);
  }
  [[nodiscard]] const std::vector<ServerInfo>& servers() const noexcept override { return inner_->servers(); }
  [[nodiscard]] AnswerKind answer_kind() const noexcept override { return inner_->answer_kind(); }
  [[nodiscard]] Answer answer(std::string_view key, const std::string& name) const override {
    return inner_->answer(key, name);
  }
  [[nodiscard]] bool try_answer(std::string_view key, Answer& out) const noexcept override {
    return inner_->try_answer(key, out);
  }
  std::size_t answer_bytes_many(std::string_view bytes, std::span<const std::uint32_t> offsets, std::size_t from,
                                std::span<std::int32_t> server, std::span<std::uint32_t> value32,
                                std::span<std::int64_t> value64) const noexcept override {
    return inner_->answer_bytes_many(bytes, offsets, from, server, value32, value64);
  }
  [[nodiscard]] Reason reason(std::string_view key, const std::string& name) const override {
    return inner_->reason(key, name);
  }
  [[nodiscard]] const void* native() const override { return inner_->native(); }

 private:
  std::unique_ptr<Placement> inner_;
};

// A placement with nginx's failover order (`tries`, or nullptr), edits (`edit`), its
// configuration written back (`write`), a ring system's reason for a key (`why(key, name)`, a
// Reason) and its own placement object (`native`, kept alive by the other functions) besides.
template <typename Tries, typename Edit, typename Write, typename Why>
std::unique_ptr<Placement> with_list(std::unique_ptr<Placement> inner, Tries tries, Edit edit, Write write, Why why,
                                     const void* native) {
  struct WithList final : Forwarding {
    WithList(std::unique_ptr<Placement> p, Tries t, Edit e, Write w, Why y, const void* n)
        : Forwarding(std::move(p)),
          tries_(std::move(t)),
          edit_(std::move(e)),
          write_(std::move(w)),
          why_(std::move(y)),
          native_(n) {}
    [[nodiscard]] std::vector<std::int32_t> tries(std::string_view key) const override {
      if constexpr (std::is_same_v<Tries, std::nullptr_t>) return Placement::tries(key);
      else return tries_(key);
    }
    [[nodiscard]] std::unique_ptr<Placement> edited(const ServerEdit& e) const override { return edit_(e); }
    [[nodiscard]] std::vector<ConfigText> config() const override { return write_(); }
    [[nodiscard]] Reason reason(std::string_view key, const std::string& name) const override {
      return why_(key, name);
    }
    [[nodiscard]] const void* native() const override { return native_; }
    Tries tries_;
    Edit edit_;
    Write write_;
    Why why_;
    const void* native_;
  };
  return std::make_unique<WithList>(std::move(inner), std::move(tries), std::move(edit), std::move(write),
                                    std::move(why), native);
}

// An edit made to a list of servers (`name(s)` is a server's name in servers(), `make(text)` a new
// entry, `weigh(s, w)` sets a weight, `mark(s, down)` a down mark, or nullptr where there is none).
template <typename S, typename Name, typename Make, typename Weigh, typename Mark>
std::vector<S> edit_list(std::vector<S> list, const ServerEdit& e, Name name, Make make, Weigh weigh, Mark mark) {
  if (e.kind == ServerEdit::Kind::add) {
    S s = make(e.server);
    weigh(s, e.weight);
    list.push_back(std::move(s));
    return list;
  }
  std::size_t at = 0;
  while (at < list.size() && name(list[at]) != e.server) ++at;
  if (at == list.size()) throw Error(ErrorCode::unknown_server, rule::notAServer, "", {input(e.server)});
  switch (e.kind) {
    case ServerEdit::Kind::remove: list.erase(list.begin() + static_cast<std::ptrdiff_t>(at)); break;
    case ServerEdit::Kind::weight: weigh(list[at], e.weight); break;
    case ServerEdit::Kind::down:
    case ServerEdit::Kind::up:
      if constexpr (std::is_same_v<Mark, std::nullptr_t>)
        throw Error(ErrorCode::invalid_argument, rule::noDownMark, "");
      else mark(list[at], e.kind == ServerEdit::Kind::down);
      break;
    case ServerEdit::Kind::add: break;
  }
  return list;
}

// Entries joined into a list option's text: "a=2,b".
[[nodiscard]] std::string joined(const std::vector<std::string>& entries, std::string_view separator = ",");
// A list entry with its weight when not 1 (`always`: even then): "10.0.0.1:80=2", "10.0.0.2:80".
[[nodiscard]] std::string weighted(const std::string& name, std::int64_t weight, bool always = false);

// Commands that do not fit a SystemDef (a --boundaries mode, ...), by group.
// place nginx, place memcached, place libketama.
[[nodiscard]] std::vector<CliCommand> cache_commands();
// place redis, place kafka, place cassandra, place guava, place erlang.
[[nodiscard]] std::vector<CliCommand> keyed_commands();

// plan redis rebalance|reshard (plan_cli.cpp).
[[nodiscard]] std::vector<CliCommand> plan_commands();

// The groups' systems, for configure() and for their commands (cli.cpp makes each one's).
[[nodiscard]] std::vector<SystemDef> cache_systems();
[[nodiscard]] std::vector<SystemDef> keyed_systems();
// place envoy-ring, place envoy-maglev.
[[nodiscard]] std::vector<SystemDef> envoy_systems();

}  // namespace ringlab::systems
