// The ABI between the module and its TypeScript wrapper (web/lib/src/core/heap.ts), below embind:
//  - the error channel: a fallible entry point runs in guarded(), which records the exception
//    (a ringlab::Error as its data: code, rule, parameter, values) and returns a placeholder; the wrapper reads the
//    flag at error_flag_address() after the call and throws RinglabError once embind has freed the arguments. C++
//    exceptions never cross (under Emscripten they would arrive as a bare number, skip destructors and leak);
//  - staging: a batch's inputs and results in one block of the heap that the wrapper writes and
//    reads through its own views, so a million keys are one call and no copy;
//  - the direct entry points: single-key calls as plain exports (direct.cpp), called by the
//    wrapper straight on the instance with keys written into the key scratch.
#pragma once

#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "ringlab/params.hpp"

namespace ringlab::wasm {

// ---------------------------------------------------------------------------------------------
// The error channel

// Thrown when a progress callback asks to stop (its JS side threw): it unwinds the run properly
// and arrives in guarded() like any other exception.
struct Stopped {};

// Records the exception being handled. One out-of-line function: every guarded() call site then
// has a single catch (...) instead of five catch clauses.
[[gnu::noinline]] void record_current() noexcept;

template <typename F>
auto guarded(F&& f) noexcept -> std::invoke_result_t<F> {
  using R = std::invoke_result_t<F>;
  try {
    return f();
  } catch (...) {
    record_current();
  }
  if constexpr (std::is_same_v<R, emscripten::val>) return emscripten::val::undefined();
  else if constexpr (!std::is_void_v<R>) return R{};
}

// The address of the flag the wrapper reads (through HEAP32) after every fallible call.
std::uintptr_t error_flag_address();

// The recorded error, which is then cleared, as a plain object (RawError in web/lib/src/core/raw.ts):
//   { code, message, rule, param, values, inner? }
// code is ringlab::Error's code name, or "out_of_memory" or "internal" (whose rule is the code);
// values are numbers, bigints (integers beyond 2^53) and strings; inner is the error found inside
// a located one (rule, param, values, inner?).
emscripten::val take_error();

// ---------------------------------------------------------------------------------------------
// Staging (layout and protocol in abi.cpp)

// A block for n strings of `units` UTF-16 units in all; returns its address.
std::uintptr_t stage_strings(double count, double units);
// The string block made to hold `units` units, keeping what the wrapper has written.
std::uintptr_t restage_strings(double count, double units);
// A block of `words` 32-bit words for a batch of n values; returns its address.
std::uintptr_t stage_words(double count, double words);
void unstage();

// The staged strings, checked: offsets ascending from 0 and every unit inside the block.
struct StagedStrings {
  std::span<const std::uint32_t> offsets;  // n + 1
  std::span<const char16_t> units;
  std::span<std::uint32_t> out;  // n
  [[nodiscard]] std::size_t size() const noexcept { return out.size(); }
};
StagedStrings staged_strings(double count);
// The same block holding a chunk of ASCII keys as their bytes, one a unit (the wrapper writes a
// chunk so when every key in it is ASCII: the offsets count the same as units and as bytes).
struct StagedBytes {
  std::span<const std::uint32_t> offsets;  // n + 1
  std::string_view bytes;
  std::span<std::uint32_t> out;  // n
  [[nodiscard]] std::size_t size() const noexcept { return out.size(); }
};
StagedBytes staged_bytes(double count);
// The first n words of the block (a word batch's inputs, replaced by its results).
std::span<std::uint32_t> staged_words(double count);

// ---------------------------------------------------------------------------------------------
// The direct entry points

// Where the wrapper writes a key's UTF-16 units for a direct call.
std::uintptr_t key_scratch_address();
// The first len units of the key scratch (at most its size: the wrapper never writes more).
std::u16string_view scratch_key(std::uint32_t len);

// The direct entry points' places in the instance's function table, as a Uint32Array in the
// wrapper's order of their names: a module linked for size (-Oz) has its exports renamed to a
// letter or two, so the wrapper finds them through the exported table instead of by name.
template <typename... F>
emscripten::val table_places(F*... functions) {
  const std::uint32_t places[] = {static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(functions))...};
  return emscripten::val(emscripten::typed_memory_view(sizeof...(F), places)).call<emscripten::val>("slice");
}

// A handle's C++ object, as the direct entry points take it (read once per handle).
template <typename T>
std::uintptr_t address_of(const T& object) {
  return reinterpret_cast<std::uintptr_t>(&object);
}

// ---------------------------------------------------------------------------------------------
// Conversions

// A JavaScript number as the integer parameter p: safe_integer() under p's name (a NaN, an
// infinity, a fraction or an unsafe integer is invalid_argument); its range is the core's.
std::int64_t integer(double v, ringlab::Param p);
// The length of a batch (the table's `count`), checked before anything is allocated.
std::int64_t count_arg(double v);
// A size the wrapper computed (units, words, a chunk's keys), not a user's value: a safe
// integer >= 0, else the wrapper broke the protocol.
std::int64_t protocol_size(double v);

}  // namespace ringlab::wasm
