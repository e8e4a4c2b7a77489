// The claims module (web/lib/dist/wasm/ringlab-claims.js + .wasm): the chapter's claims, each
// computed live, for the `ringlab/claims` entry point (web/lib/src/claims.ts). A module of its
// own so that a page of steppers does not download the catalogue, and the claims page does not
// download the real systems. It shares the other modules' ABI (abi.hpp: the error channel).
//
// The catalogue crosses as the JSON `ringlab claims --json` prints (claims_json): one schema,
// written by the core, that the CLI, the package and the pages all read.
#include <emscripten/bind.h>
#include <malloc.h>

#include <string>
#include <vector>

#include "abi.hpp"
#include "ringlab/claims.hpp"
#include "ringlab/cli.hpp"

#ifndef RINGLAB_VERSION
#define RINGLAB_VERSION "0.0.0"
#endif

using emscripten::val;
using namespace ringlab::wasm;

namespace {

std::string claims_json() {
  return guarded([] { return ringlab::claims_json(ringlab::claims()); });
}

// The command line with the claims command only (the Node CLI sends the other commands to the
// modules that have them); it reads no files.
ringlab::CliResult run_cli(const val& args) {
  return guarded([&] {
    const ringlab::CliCommand commands[] = {ringlab::claims_cli_command()};
    return ringlab::run_added_cli(emscripten::vecFromJSArray<std::string>(args), commands, {});
  });
}

std::string version() { return RINGLAB_VERSION; }

struct HeapOut {
  double used = 0;
  double reserved = 0;
};
HeapOut heap_usage() {
  const struct mallinfo mi = mallinfo();
  return {static_cast<double>(mi.uordblks), static_cast<double>(mi.arena)};
}

}  // namespace

EMSCRIPTEN_BINDINGS(ringlab_claims) {
  using emscripten::function;
  using emscripten::value_object;

  value_object<ringlab::CliResult>("RawCliResult")
      .field("exitCode", &ringlab::CliResult::exit_code)
      .field("out", &ringlab::CliResult::out)
      .field("err", &ringlab::CliResult::err);
  value_object<HeapOut>("RawHeapUsage").field("used", &HeapOut::used).field("reserved", &HeapOut::reserved);
  function("version", &version);
  function("heapUsage", &heap_usage);
  function("errorFlagAddress", &error_flag_address);
  function("keyScratchAddress", &key_scratch_address);
  function("takeError", &take_error);
  function("stageStrings", &stage_strings);
  function("restageStrings", &restage_strings);
  function("stageWords", &stage_words);
  function("unstage", &unstage);
  function("claimsJson", &claims_json);
  function("runCli", &run_cli);
}
