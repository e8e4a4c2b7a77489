// The command-line module (web/lib/dist/wasm/ringlab-cli.js + .wasm): the Node CLI's
// (web/lib/src/cli.ts), and no page's. It runs ringlab::run_cli with the commands the native CLI
// (cpp/cli/main.cpp) adds, in the same order, so `npx ringlab ...` prints what `ringlab ...`
// prints, --help included. run_cli costs about 8 KB gzip: kept here, it is not in the main
// module every page downloads. It shares the other modules' ABI (abi.hpp: the error channel).
#include <emscripten/bind.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "abi.hpp"
#include "abi_bindings.hpp"
#include "ringlab/claims.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/systems_cli.hpp"

#ifndef RINGLAB_VERSION
#define RINGLAB_VERSION "0.0.0"
#endif

using emscripten::val;
using namespace ringlab::wasm;

namespace {

// The command line. `read_file(path)` is the caller's reading of a file the command names (the
// module has no file system): the file's bytes, or undefined when it cannot be read. The module
// asks for exactly the files it reads (--keys, --upstream, --ring, --endpoints, --server-file,
// whichever the command takes), so the caller needs no list of the flags that name files.
// run_cli reports its own errors (exit code 2 and a line on stderr).
ringlab::CliResult run_cli(const val& args, const val& read_file) {
  return guarded([&] {
    const ringlab::ReadFile read = [&read_file](const std::string& path) -> std::optional<std::string> {
      const val bytes = read_file(path);
      if (bytes.isUndefined() || bytes.isNull()) return std::nullopt;
      const std::vector<std::uint8_t> v = emscripten::convertJSArrayToNumberVector<std::uint8_t>(bytes);
      return std::string(v.begin(), v.end());
    };
    // The native CLI's commands: the systems', then the claims (--help lists them in this order).
    static const std::vector<ringlab::CliCommand> commands = [] {
      std::vector<ringlab::CliCommand> all = ringlab::systems::cli_commands();
      all.push_back(ringlab::claims_cli_command());
      return all;
    }();
    return ringlab::run_cli(emscripten::vecFromJSArray<std::string>(args), commands, read);
  });
}

std::string version() { return RINGLAB_VERSION; }

}  // namespace

EMSCRIPTEN_BINDINGS(ringlab_cli) {
  using emscripten::function;
  using emscripten::value_object;

  register_abi();
  value_object<ringlab::CliResult>("RawCliResult")
      .field("exitCode", &ringlab::CliResult::exit_code)
      .field("out", &ringlab::CliResult::out)
      .field("err", &ringlab::CliResult::err)
      .field("code", &ringlab::CliResult::code)
      .field("rule", &ringlab::CliResult::rule)
      .field("param", &ringlab::CliResult::param);
  function("version", &version);
  function("runCli", &run_cli);
}
