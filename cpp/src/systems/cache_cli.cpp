#include "systems/commands.hpp"

namespace ringlab::systems {

std::vector<CliCommand> cache_commands() { return {}; }

}  // namespace ringlab::systems
