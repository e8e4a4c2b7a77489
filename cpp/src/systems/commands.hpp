// The systems' commands, one function per group of systems, gathered by cli.cpp.
#pragma once

#include <vector>

#include "ringlab/cli.hpp"

namespace ringlab::systems {

// place nginx, place memcached, place libketama.
[[nodiscard]] std::vector<CliCommand> cache_commands();
// place redis, place kafka, place cassandra, place guava, place erlang.
[[nodiscard]] std::vector<CliCommand> keyed_commands();

}  // namespace ringlab::systems
