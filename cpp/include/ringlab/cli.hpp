// The command line, as a library function: the native binary and the WASM module's Node CLI
// both call it, so they accept exactly the same flags and print exactly the same errors.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/params.hpp"

namespace ringlab {

struct CliResult {
  int exit_code = 0;  // 0 ok, 2 bad usage or a rejected value
  std::string out;    // what goes to stdout
  std::string err;    // what goes to stderr (one line for an error)
  // A rejected value's error as data: its code ("out_of_range"), its rule's id and its parameter
  // as the command spells it (the flag); all empty on success and for a usage error.
  std::string code;
  std::string rule;
  std::string param;
};

// A mistake in how a command is called (a missing argument, an unknown flag): run_cli prints
// "ringlab: " + message and exits with status 2. A rejected value is a ringlab::Error instead.
struct CliUsageError {
  std::string message;
};

// How a command reads a file it is named (--keys FILE): the whole file's bytes, or nullopt when
// it cannot be read. The native CLI reads the file system (read_file_system); the WebAssembly
// module has none, and its JavaScript CLI hands it the files' contents instead.
using ReadFile = std::function<std::optional<std::string>(const std::string& path)>;
[[nodiscard]] std::optional<std::string> read_file_system(const std::string& path);

// The keys of a --keys file: the pieces between newlines, each kept byte for byte (a blank line
// is the empty key), a final newline starting no key.
[[nodiscard]] std::vector<std::string> split_key_lines(std::string_view text);

// A command the core does not have, given to run_cli by the program that runs it: the native
// CLI adds the Erlang library's commands (ringlab/erlang_cli.hpp) this way, so that the main
// library, and the WebAssembly module built from it, carries none of their code.
struct CliCommand {
  std::string name;  // the first argument: "phash2"
  // The second argument, for commands that take a system: {"place", "malachi"}. Commands that
  // share a name and each have a `sub` are one command to the user: `ringlab place` without a
  // system, or with one nobody added, is a usage error listing the systems in the order given.
  std::string sub;
  std::vector<std::string> usage;  // lines of --help's Usage block, each "  ringlab ..."
  std::string help;                // a section of --help after the core's ("" for none)
  // The parameter table's function (ParamSpec::where) whose flags spell the subject of an
  // Error the command throws: "range must be ..." prints as "--range must be ...".
  std::string where;
  // args as run_cli got them (args[0] is the name) and how to read a file; returns what goes
  // to stdout. Throws CliUsageError or ringlab::Error.
  std::function<std::string(const std::vector<std::string>& args, const ReadFile& read)> run;
  // The table that has `where`'s parameters when the core's does not (system_params()).
  std::span<const ParamSpec> params{};
};

// args excludes the program name: {"run", "vnode-sweep", "--servers", "3"}.
// Arguments are UTF-8 (what a shell passes); `h32` hashes them as UTF-16 units, as JS would.
// `extra` adds commands; the names of the Erlang library's commands without them give
// "phash2 is not in this build (the native CLI has it)".
// `read` is how the extra commands read the files they are named (none: no file can be read).
[[nodiscard]] CliResult run_cli(const std::vector<std::string>& args, std::span<const CliCommand> extra = {},
                                const ReadFile& read = {});

// run_cli for a build that has the added commands but not the core's (the systems WebAssembly
// module, whose pages need no experiments): the added commands and --help (the full text, the
// core's commands listed too) as run_cli runs them; a core command is "run is not in this module
// (ringlab's main module has it)".
[[nodiscard]] CliResult run_added_cli(const std::vector<std::string>& args, std::span<const CliCommand> extra,
                                      const ReadFile& read);

// The full --help text: the core's, or with the extra commands' usage lines and sections.
[[nodiscard]] const std::string& cli_help();
[[nodiscard]] std::string cli_help(std::span<const CliCommand> extra);

// --help's lines for the flags of a table function (ParamSpec::where), as the core's commands
// show theirs: "    --range N      phash2(TERM, N): a hash in 0 .. N-1 (1 to 4294967296)".
[[nodiscard]] std::string cli_flag_lines(std::string_view where, std::string_view indent,
                                         std::span<const ParamSpec> more = {});

}  // namespace ringlab
