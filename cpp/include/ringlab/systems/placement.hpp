// A real system configured as a user's cluster is configured: where each key goes. It is made
// from the same flags as `ringlab place SYSTEM` (each system defines its flags once), and both
// the command and the JavaScript API's system handle (ringlab/systems) are made from it.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ringlab/cli.hpp"

namespace ringlab::systems {

class Placement {
 public:
  virtual ~Placement() = default;
  // The answer for a key's bytes, as the JSON text `place` prints after "result": a server
  // string, a number with all its digits, an object, or null where the system's answer does not
  // depend on the key. Throws ringlab::Error for a key the system cannot take, naming the key
  // `name` ("key 3" on the command line, "keys[2]" in JavaScript).
  [[nodiscard]] virtual std::string result(std::string_view key, const std::string& name) const = 0;
};

// A system's flags (with their leading "--"), for the JavaScript API's option names.
struct SystemFlags {
  std::vector<std::string> values;    // flags taking a value: "--servers"
  std::vector<std::string> switches;  // flags without one: "--sort-hosts"
};

// The JavaScript option name of each flag of a system, as [flag, name] pairs: the parameter
// table's name when the flag is a parameter of the system (--table is tableSize, as everywhere
// in the API), else the flag in camelCase (--sort-hosts is sortHosts).
[[nodiscard]] std::vector<std::pair<std::string, std::string>> option_names(std::string_view system);

// The systems `place` configures this way, in its order.
[[nodiscard]] std::vector<std::string> placement_systems();
// A system's flags; invalid_argument for a name that is not one of placement_systems().
[[nodiscard]] SystemFlags system_flags(std::string_view system);
// A system configured from `place SYSTEM`'s flags (without keys or --keys), with its rules and
// errors: CliUsageError for a missing or unknown flag, ringlab::Error for a rejected value.
[[nodiscard]] std::unique_ptr<Placement> configure(std::string_view system, const std::vector<std::string>& flags,
                                                   const ReadFile& read);

}  // namespace ringlab::systems
