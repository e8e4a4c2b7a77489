// The systems of `place`, one function per group of systems, gathered by cli.cpp into the
// command line's commands and placement.hpp's configure().
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/error.hpp"
#include "ringlab/systems/placement.hpp"

namespace ringlab::systems {

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

// A placement with nginx's failover order (`tries`, or nullptr), edits (`edit`) and its
// configuration written back (`write`) besides.
template <typename Tries, typename Edit, typename Write>
std::unique_ptr<Placement> with_list(std::unique_ptr<Placement> inner, Tries tries, Edit edit, Write write) {
  struct WithList final : Placement {
    WithList(std::unique_ptr<Placement> p, Tries t, Edit e, Write w)
        : inner_(std::move(p)), tries_(std::move(t)), edit_(std::move(e)), write_(std::move(w)) {}
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
    [[nodiscard]] std::vector<std::int32_t> tries(std::string_view key) const override {
      if constexpr (std::is_same_v<Tries, std::nullptr_t>) return Placement::tries(key);
      else return tries_(key);
    }
    [[nodiscard]] std::unique_ptr<Placement> edited(const ServerEdit& e) const override { return edit_(e); }
    [[nodiscard]] std::vector<ConfigText> config() const override { return write_(); }
    std::unique_ptr<Placement> inner_;
    Tries tries_;
    Edit edit_;
    Write write_;
  };
  return std::make_unique<WithList>(std::move(inner), std::move(tries), std::move(edit), std::move(write));
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

// The groups' systems, for configure() and for their commands (cli.cpp makes each one's).
[[nodiscard]] std::vector<SystemDef> cache_systems();
[[nodiscard]] std::vector<SystemDef> keyed_systems();
// place envoy-ring, place envoy-maglev.
[[nodiscard]] std::vector<SystemDef> envoy_systems();

}  // namespace ringlab::systems
