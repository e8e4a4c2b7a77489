// The native CLI: a thin shell over ringlab::run_cli, with the Erlang library's, the real
// systems' and the claims catalogue's commands.
#include <cstdio>
#include <string>
#include <vector>

#include "ringlab/claims.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/systems_cli.hpp"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  // The systems' commands, then the claims (--help lists them in this order).
  static const std::vector<ringlab::CliCommand> commands = [] {
    std::vector<ringlab::CliCommand> all = ringlab::systems::cli_commands();
    all.push_back(ringlab::claims_cli_command());
    return all;
  }();
  const ringlab::CliResult r = ringlab::run_cli(args, commands, ringlab::read_file_system);
  std::fwrite(r.out.data(), 1, r.out.size(), stdout);
  std::fwrite(r.err.data(), 1, r.err.size(), stderr);
  return r.exit_code;
}
