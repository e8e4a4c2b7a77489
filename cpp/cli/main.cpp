// The native CLI: a thin shell over ringlab::run_cli, with the Erlang library's and the real
// systems' commands.
#include <cstdio>
#include <string>
#include <vector>

#include "ringlab/cli.hpp"
#include "ringlab/systems_cli.hpp"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const ringlab::CliResult r = ringlab::run_cli(args, ringlab::systems::cli_commands(), ringlab::read_file_system);
  std::fwrite(r.out.data(), 1, r.out.size(), stdout);
  std::fwrite(r.err.data(), 1, r.err.size(), stderr);
  return r.exit_code;
}
