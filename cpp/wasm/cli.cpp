// The command-line module (web/lib/dist/wasm/ringlab-cli.js + .wasm): the Node CLI's
// (web/lib/src/cli.ts), and no page's. It runs ringlab::run_cli with the commands the native CLI
// (cpp/cli/main.cpp) adds, in the same order, so `npx ringlab ...` prints what `ringlab ...`
// prints, --help included. run_cli costs about 8 KB gzip: kept here, it is not in the main
// module every page downloads. It shares the other modules' ABI (abi.hpp: the error channel).
#include <emscripten/bind.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "abi.hpp"
#include "abi_bindings.hpp"
#include "ringlab/claims.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/systems_cli.hpp"

#ifndef RINGLAB_VERSION
#define RINGLAB_VERSION "0.0.0"
#endif

using emscripten::val;
using namespace ringlab::wasm;

namespace {

// The command line. `files` is [path, bytes, path, bytes, ...]: the files the JavaScript CLI read
// for the command (the module has no file system). A path not given cannot be read, as a
// missing file. run_cli reports its own errors (exit code 2 and a line on stderr).
ringlab::CliResult run_cli(const val& args, const val& files) {
  return guarded([&] {
    std::map<std::string, std::string> read_for_us;
    const auto flat = emscripten::vecFromJSArray<std::string>(files);
    for (std::size_t i = 0; i + 1 < flat.size(); i += 2) read_for_us.emplace(flat[i], flat[i + 1]);
    const ringlab::ReadFile read = [&read_for_us](const std::string& path) -> std::optional<std::string> {
      const auto it = read_for_us.find(path);
      return it == read_for_us.end() ? std::nullopt : std::optional<std::string>(it->second);
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

// `ringlab h32 KEY...`: the strings Node decoded from argv hashed as their UTF-16 units, as the
// published function hashes a JavaScript string.
std::uint32_t h32(const std::u16string& key) { return ringlab::h32(key); }

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
  function("h32", &h32);
  function("runCli", &run_cli);
}
