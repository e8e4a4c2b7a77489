#include "ringlab/systems_cli.hpp"

#include "ringlab/erlang_cli.hpp"
#include "systems/commands.hpp"

namespace ringlab::systems {

const std::vector<CliCommand>& cli_commands() {
  static const std::vector<CliCommand> commands = [] {
    std::vector<CliCommand> all = erlang::cli_commands();
    for (std::vector<CliCommand> group : {cache_commands(), keyed_commands()})
      for (CliCommand& c : group) all.push_back(std::move(c));
    return all;
  }();
  return commands;
}

}  // namespace ringlab::systems
