#include "systems/commands.hpp"

namespace ringlab::systems {

std::vector<CliCommand> keyed_commands() { return {}; }

}  // namespace ringlab::systems
