// The ABI below embind (see abi.hpp): the error channel, staging, the key scratch and the
// conversions every module's bindings share. The main module's direct entry points are in
// direct.cpp.
#include "abi.hpp"
#include "ringlab/once.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/params.hpp"

namespace ringlab::wasm {
namespace {

// ---------------------------------------------------------------------------------------------
// The error channel

struct LastError {
  std::int32_t pending = 0;  // read by heap.ts through its own Int32Array after every fallible call
  std::string code;
  std::string message;
  std::optional<Error> error;  // the core's error, whose data crosses as it is
};
LastError last_error;

void record(std::string_view code, std::string_view message) {
  last_error.pending = 1;
  last_error.code = code;
  last_error.message = message;
}

// A value of an error as JavaScript holds it: an integer as a number while it is exact, else a
// bigint; a number; a text.
emscripten::val value_of(const ErrorValue& v) {
  if (v.kind == ErrorValue::Kind::integer && std::fabs(v.number) > static_cast<double>(kMaxSafeInteger))
    return emscripten::val::global("BigInt")(v.text);
  if (v.kind == ErrorValue::Kind::integer || v.kind == ErrorValue::Kind::number) return emscripten::val(v.number);
  return emscripten::val(v.text);
}

// An error's data, with the error found inside it.
RINGLAB_ONCE emscripten::val data_of(const Error& e) {
  emscripten::val out = emscripten::val::object();
  out.set("rule", std::string(e.rule().id));
  out.set("param", e.param());
  emscripten::val values = emscripten::val::array();
  for (const ErrorValue& v : e.values()) values.call<void>("push", value_of(v));
  out.set("values", values);
  if (e.inner() != nullptr) out.set("inner", data_of(*e.inner()));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Staging: batch inputs written straight into the heap
//
// A batch's inputs and results live in one block of the module's heap. The wrapper asks for the
// block (stageStrings / stageWords), writes the inputs into it through the module's own heap
// views, runs the staged call, copies the results out and releases the block (unstage) in a
// finally. No per-call typed array is made for the inputs, and nothing is copied twice. Strings
// cross in chunks (a few thousand keys per staged call, the block reused), so that the units
// JavaScript writes are still in the cache when the module reads them. One block at a time
// (calls are synchronous), freed after every batch, so the heap returns to where it was.
//
// Layout, in 32-bit words from the block's start, for n keys (a chunk):
//   strings: [0, n] offsets (key i is units[offsets[i], offsets[i+1]), offsets[0] = 0),
//            [n+1, 2n] results, [2n+1, ...) the UTF-16 units, two per word;
//   words:   [0, n) inputs (hashes), replaced in place by the results, or results after them.
// The staged calls check the offsets before reading anything: the block is memory that
// JavaScript wrote.
struct Staging {
  std::unique_ptr<std::byte[]> block;  // bytes: JS writes both the words and the 16-bit units
  std::size_t words = 0;
  [[nodiscard]] std::uint32_t* word_ptr() const noexcept { return reinterpret_cast<std::uint32_t*>(block.get()); }
};
Staging staging;

std::uintptr_t stage(std::uint64_t words) {
  staging = Staging{};
  // 2 GiB is the whole heap; a larger request (which would also overflow wasm32's size_t) is
  // refused as the allocator would refuse it.
  if (words > (std::uint64_t{1} << 29)) throw std::bad_alloc();
  staging.block.reset(new std::byte[static_cast<std::size_t>(std::max<std::uint64_t>(words, 1)) * 4]);
  staging.words = static_cast<std::size_t>(words);
  return reinterpret_cast<std::uintptr_t>(staging.block.get());
}

// The words of a block for n strings of `units` UTF-16 units in all (the layout above).
std::uint64_t string_block_words(double count, double units) {
  const std::int64_t n = count_arg(count);
  const std::int64_t u = protocol_size(units);
  if (u > 0xFFFFFFFFLL) throw std::bad_alloc();
  return 2 * static_cast<std::uint64_t>(n) + 1 + (static_cast<std::uint64_t>(u) + 1) / 2;
}

// ---------------------------------------------------------------------------------------------
// The direct entry points for single-key calls
//
// One embind call costs a few hundred nanoseconds (built without eval for strict CSP pages, its
// invokers are generic), many times the lookup itself. So the per-key calls also exist as plain
// exports, which the wrapper calls straight on the instance with the object's address
// (address(), read once per handle) and the key's units written into key_scratch. They cannot
// fail and check nothing: the wrapper passes only what converts exactly (a hash that is a
// uint32, buckets that are an int32, a key that fits the scratch), and anything else, like jump's
// buckets below 1 (answered -1), takes the embind path, where the core words the error.
constexpr std::uint32_t kKeyScratchUnits = 1024;
char16_t key_scratch[kKeyScratchUnits];

}  // namespace

void record_current() noexcept {
  try {
    throw;
  } catch (const Stopped&) {
    record("internal", "stopped by the progress callback");
  } catch (const Error& e) {
    record(e.code_name(), e.what());
    last_error.error = e;
  } catch (const std::bad_alloc&) {
    record("out_of_memory", "out of memory: the module's heap is limited to 2 GiB");
  } catch (const std::exception& e) {
    record("internal", e.what());
  } catch (...) {
    record("internal", "unexpected C++ exception");
  }
}

std::uintptr_t error_flag_address() { return reinterpret_cast<std::uintptr_t>(&last_error.pending); }

emscripten::val take_error() {
  emscripten::val out = emscripten::val::object();
  if (last_error.error) out = data_of(*last_error.error);
  else {
    // The module's own failures (out of memory, a bug) have no rule but their code.
    out.set("rule", last_error.code);
    out.set("param", std::string());
    out.set("values", emscripten::val::array());
  }
  out.set("code", last_error.code);
  out.set("message", last_error.message);
  last_error = LastError{};
  return out;
}

// A block for n strings of `units` UTF-16 units in all; returns its address.
std::uintptr_t stage_strings(double count, double units) {
  return guarded([&] { return stage(string_block_words(count, units)); });
}

// The string block made to hold `units` units, keeping what the wrapper has written: it stages
// with a guess at the keys' total length and packs in one pass, and comes here when a key does
// not fit. Returns the new address.
std::uintptr_t restage_strings(double count, double units) {
  return guarded([&] {
    const std::uint64_t words = string_block_words(count, units);
    Staging old = std::move(staging);
    const std::uintptr_t at = stage(words);
    if (old.block) std::memcpy(staging.block.get(), old.block.get(), std::min(old.words, staging.words) * 4);
    return at;
  });
}

// A block of `words` 32-bit words for a batch of n values (inputs, then results, as the staged
// call lays them out); returns its address.
std::uintptr_t stage_words(double count, double words) {
  return guarded([&] {
    (void)count_arg(count);
    return stage(static_cast<std::uint64_t>(protocol_size(words)));
  });
}

void unstage() { staging = Staging{}; }

namespace {
// The staged block's n, checked: offsets ascending from 0 and the last one's `bytes_each`-byte
// elements inside the block. Returns the words and n.
std::pair<std::uint32_t*, std::size_t> staged_block(double count, std::uint64_t bytes_each) {
  const std::int64_t n64 = protocol_size(count);
  // The wrapper wrote the block: a block that breaks the layout is its bug, not the user's.
  const std::logic_error malformed("malformed string batch");
  if (!staging.block || static_cast<std::uint64_t>(n64) * 2 + 1 > staging.words) throw malformed;
  const auto n = static_cast<std::size_t>(n64);
  std::uint32_t* w = staging.word_ptr();
  if (!ringlab::offsets_ascend({w, n + 1})) throw malformed;
  if (2 * n + 1 + (w[n] * bytes_each + 3) / 4 > staging.words) throw malformed;
  return {w, n};
}
}  // namespace

StagedStrings staged_strings(double count) {
  const auto [w, n] = staged_block(count, 2);
  return {{w, n + 1}, {reinterpret_cast<const char16_t*>(w + 2 * n + 1), w[n]}, {w + n + 1, n}};
}

StagedBytes staged_bytes(double count) {
  const auto [w, n] = staged_block(count, 1);
  return {{w, n + 1}, {reinterpret_cast<const char*>(w + 2 * n + 1), w[n]}, {w + n + 1, n}};
}

std::span<std::uint32_t> staged_words(double count) {
  const std::int64_t n = protocol_size(count);
  if (!staging.block || static_cast<std::uint64_t>(n) > staging.words) throw std::logic_error("malformed batch");
  return {staging.word_ptr(), static_cast<std::size_t>(n)};
}

std::uintptr_t key_scratch_address() { return reinterpret_cast<std::uintptr_t>(key_scratch); }

std::u16string_view scratch_key(std::uint32_t len) { return {key_scratch, std::min(len, kKeyScratchUnits)}; }

// ---------------------------------------------------------------------------------------------
// Conversions

std::int64_t integer(double v, ringlab::Param p) { return ringlab::safe_integer(v, ringlab::param(p).name); }

std::int64_t count_arg(double v) { return ringlab::check_integer(Param::count, integer(v, Param::count)); }

std::int64_t protocol_size(double v) {
  if (!(v >= 0 && v <= ringlab::kMaxSafeInteger && v == std::floor(v)))
    throw std::logic_error("malformed call: a size of " + ringlab::js::number_to_string(v));
  return static_cast<std::int64_t>(v);
}

}  // namespace ringlab::wasm
