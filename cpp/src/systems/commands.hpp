// The systems of `place`, one function per group of systems, gathered by cli.cpp into the
// command line's commands and placement.hpp's configure().
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/systems/placement.hpp"

namespace ringlab::systems {

// A system: its --help text, its flags, and how a configuration is made from them.
struct SystemDef {
  std::string name;                // `place NAME`
  std::vector<std::string> usage;  // lines of --help's Usage block
  std::string help;                // a section of --help
  std::string where;               // the parameter table's function whose flags spell its errors
  SystemFlags flags;               // --keys is added for the command
  // Reads the flags (all of them given in `a`, keys aside) and builds the configuration.
  std::function<std::unique_ptr<Placement>(const cli::Args& a, const ReadFile& read)> configure;
};

// A Placement from a function of the key and its name.
template <typename F>
std::unique_ptr<Placement> placement(F f) {
  struct Fn final : Placement {
    explicit Fn(F g) : g_(std::move(g)) {}
    [[nodiscard]] std::string result(std::string_view key, const std::string& name) const override {
      return g_(key, name);
    }
    F g_;
  };
  return std::make_unique<Fn>(std::move(f));
}

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
