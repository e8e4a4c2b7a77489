// The command line's real systems: `ringlab place SYSTEM [flags] (--keys FILE | KEY...)`, one
// JSON line {"key": KEY, "result": ANSWER} per key in input order, for every system the
// systems library reproduces, and the Erlang library's phash2 and place malachi.
#pragma once

#include <vector>

#include "ringlab/cli.hpp"

namespace ringlab::systems {

// Every added command of the native CLI: the Erlang library's and the real systems', in the
// order --help lists them.
[[nodiscard]] const std::vector<CliCommand>& cli_commands();

}  // namespace ringlab::systems
