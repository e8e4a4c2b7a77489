// The registrations of the ABI below embind (abi.hpp), which every module's wrapper uses the same
// way (web/lib/src/core/heap.ts: the error channel, staging, the key scratch): one list, for each
// module's EMSCRIPTEN_BINDINGS block to call.
#pragma once

#include <emscripten/bind.h>
#include <malloc.h>

#include <string>

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

// The heap in use and reserved, for the leak tests (RawHeapUsage in web/lib/src/core/raw.ts).
struct HeapUsage {
  double used = 0;
  double reserved = 0;
};
inline HeapUsage heap_usage_now() {
  const struct mallinfo mi = mallinfo();
  return {static_cast<double>(mi.uordblks), static_cast<double>(mi.arena)};
}

// version() and heapUsage(), which the entry modules (systems, claims, buckets) register alike.
// Inline, so that RINGLAB_VERSION is each module's own definition of it (cpp/wasm/CMakeLists.txt).
inline void register_version_and_heap() {
  emscripten::value_object<HeapUsage>("RawHeapUsage")
      .field("used", &HeapUsage::used)
      .field("reserved", &HeapUsage::reserved);
  emscripten::function(
      "version", +[]() -> std::string { return RINGLAB_VERSION; });
  emscripten::function("heapUsage", &heap_usage_now);
}

}  // namespace ringlab::wasm
