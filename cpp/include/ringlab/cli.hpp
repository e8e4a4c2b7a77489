// The command line, as a library function: the native binary and the WASM module's Node CLI
// both call it, so they accept exactly the same flags and print exactly the same errors.
#pragma once

#include <string>
#include <vector>

namespace ringlab {

struct CliResult {
  int exit_code = 0;  // 0 ok, 2 bad usage or a rejected value
  std::string out;    // what goes to stdout
  std::string err;    // what goes to stderr (one line for an error)
};

// args excludes the program name: {"run", "vnode-sweep", "--servers", "3"}.
// Arguments are UTF-8 (what a shell passes); `h32` hashes them as UTF-16 units, as JS would.
[[nodiscard]] CliResult run_cli(const std::vector<std::string>& args);

// The full --help text.
[[nodiscard]] const std::string& cli_help();

}  // namespace ringlab
