// The claims module (web/lib/dist/wasm/ringlab-claims.js + .wasm): the chapter's claims, each
// computed live, for the `ringlab/claims` entry point (web/lib/src/claims.ts). A module of its
// own so that a page of steppers does not download the catalogue, and the claims page does not
// download the real systems. It shares the other modules' ABI (abi.hpp: the error channel).
//
// The catalogue crosses as the JSON `ringlab claims --json` prints (claims_json): one schema,
// written by the core, that the CLI, the package and the pages all read.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "abi.hpp"
#include "abi_bindings.hpp"
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

}  // namespace

EMSCRIPTEN_BINDINGS(ringlab_claims) {
  using emscripten::function;
  using emscripten::value_object;

  register_abi();
  register_version_and_heap();
  function("claimsJson", &claims_json);
}
