// The registrations of the ABI below embind (abi.hpp), which every module's wrapper uses the same
// way (web/lib/src/core/heap.ts: the error channel, staging, the key scratch): one list, for each
// module's EMSCRIPTEN_BINDINGS block to call.
#pragma once

#include <emscripten/bind.h>

#include "abi.hpp"

namespace ringlab::wasm {

inline void register_abi() {
  emscripten::function("errorFlagAddress", &error_flag_address);
  emscripten::function("keyScratchAddress", &key_scratch_address);
  emscripten::function("takeError", &take_error);
  emscripten::function("stageStrings", &stage_strings);
  emscripten::function("restageStrings", &restage_strings);
  emscripten::function("stageWords", &stage_words);
  emscripten::function("unstage", &unstage);
}

}  // namespace ringlab::wasm
