// The buckets module (web/lib/dist/wasm/ringlab-buckets.js + .wasm): the bucket seam
// (ringlab::Buckets, buckets.hpp) for the `ringlab/buckets` entry point (web/lib/src/buckets.ts).
// A module of its own so that the hash-to-bucket algorithms, one added to the registry after
// another, cost the main module and its page budget nothing. It shares the other modules' ABI
// (abi.hpp: the error channel, staging).
//
// One handle for every bucket algorithm: BucketHasher, made by makeBucketHasher(name, options)
// from a value object of every option (undefined where not given). Which options, inputs and
// membership an algorithm has is the core's to say (its registry entry and rows): nothing here
// names an algorithm.
#include <emscripten/bind.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "abi.hpp"
#include "abi_bindings.hpp"
#include "ringlab/algorithms.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/params.hpp"

#ifndef RINGLAB_VERSION
#define RINGLAB_VERSION "0.0.0"
#endif

using emscripten::val;
using namespace ringlab::wasm;

namespace {

// The options as the wrapper gives them: a number (buckets, capacity, probes), a bigint or number
// (seed) or an array of strings (nodes), undefined when not given. The core checks each against
// the algorithm's rows.
struct BucketOptionsArgs {
  val buckets = val::undefined();
  val capacity = val::undefined();
  val seed = val::undefined();
  val nodes = val::undefined();
  val probes = val::undefined();
};

// A bucket algorithm as the registry has it: its name, input kind, option names, what it answers
// ("bucket" or "name"), which buckets can leave ("any", "last": its registry entry's removal) and
// whether it traces its lookups.
struct BucketAlgorithmOut {
  std::string name;
  std::string input;
  val options = val::undefined();
  std::string answers;
  std::string removal;
  bool traces = false;
};

// A 64-bit value given as a bigint or a number, as text: a number must be a safe integer; the
// text is then read as the command line reads it, so the errors are its.
std::string u64_text(const val& v, std::string_view name) {
  if (v.isNumber()) return std::to_string(ringlab::safe_integer(v.as<double>(), name));
  return v.call<std::string>("toString");
}

ringlab::Buckets* make_bucket_hasher(const std::string& algorithm, const BucketOptionsArgs& args) {
  return guarded([&] {
    const ringlab::BucketAlgorithm& a = ringlab::bucket_algorithm(algorithm);
    ringlab::BucketOptions o;
    // As on the command line, an option the algorithm has no row for is refused before its value
    // is read; the ranges are checked by Buckets.
    const auto integer = [&](const val& v, std::string_view name) -> std::optional<std::int64_t> {
      if (v.isUndefined()) return std::nullopt;
      (void)ringlab::bucket_option(a, name);
      return ringlab::safe_integer(v.as<double>(), name);
    };
    o.buckets = integer(args.buckets, "buckets");
    o.capacity = integer(args.capacity, "capacity");
    o.probes = integer(args.probes, "probes");
    if (!args.nodes.isUndefined()) {
      // Each name's UTF-16 units as UTF-8, a lone surrogate as U+FFFD, as a key's.
      (void)ringlab::bucket_option(a, "nodes");
      std::vector<std::string> names;
      for (const std::u16string& n : emscripten::vecFromJSArray<std::u16string>(args.nodes))
        names.push_back(ringlab::utf8_for_message(n));
      o.nodes = std::move(names);
    }
    if (!args.seed.isUndefined()) {
      (void)ringlab::bucket_option(a, "seed");
      ringlab::set_bucket_option(a, o, "seed", u64_text(args.seed, "seed"));
    }
    return new ringlab::Buckets(algorithm, o);
  });
}

val bucket_algorithms() {
  val out = val::array();
  for (const ringlab::BucketAlgorithm& a : ringlab::bucket_algorithms()) {
    val options = val::array();
    for (const ringlab::BucketParam p : a.options) options.call<void>("push", std::string(ringlab::param(p).name));
    const ringlab::Algorithm* entry = ringlab::find_algorithm(a.name);
    out.call<void>("push", BucketAlgorithmOut{std::string(a.name), std::string(ringlab::input_name(a.input)), options,
                                              std::string(ringlab::answer_name(a.answers)),
                                              std::string(ringlab::removal_name(entry->removal)), a.traces});
  }
  return out;
}

// A lookup's step (bucket_trace.hpp) as the wrapper gives it: its kind by the core's name, the
// bound as a number (it is at most 2^32), the value as a bigint.
struct BucketStepOut {
  std::string kind;
  std::uint32_t bucket = 0;
  double bound = 0;
  std::uint64_t value = 0;
};

val steps_out(const std::vector<ringlab::BucketStep>& steps) {
  val out = val::array();
  for (const ringlab::BucketStep& s : steps)
    out.call<void>("push", BucketStepOut{std::string(ringlab::step_kind_name(s.kind)), s.bucket,
                                         static_cast<double>(s.bound), s.value});
  return out;
}

// The step kinds' names, in the core's order (kBucketStepKindNames).
val bucket_step_kinds() {
  val out = val::array();
  for (const std::string_view name : ringlab::kBucketStepKindNames) out.call<void>("push", std::string(name));
  return out;
}

std::string algorithm_of(const ringlab::Buckets& b) { return std::string(b.algorithm().name); }
std::string input_of(const ringlab::Buckets& b) { return std::string(ringlab::input_name(b.algorithm().input)); }
std::string answers_of(const ringlab::Buckets& b) { return std::string(ringlab::answer_name(b.algorithm().answers)); }
std::uint32_t size_of(const ringlab::Buckets& b) { return b.size(); }
bool traces(const ringlab::Buckets& b) { return b.algorithm().traces; }
bool can_add(const ringlab::Buckets& b) { return b.can_add(); }
bool can_remove(const ringlab::Buckets& b) { return b.can_remove(); }

// One input of a u64 or u32 algorithm, already a uint64 (the wrapper passes a bigint in range);
// a u32 algorithm's is checked here.
std::uint32_t bucket(const ringlab::Buckets& b, std::uint64_t input) {
  return guarded([&] { return b.bucket(input); });
}

// An input as the wrapper was given it, when it is not a uint64 already (a negative or larger
// bigint, a number): a number must be a safe integer, then either is read as the command line
// reads its text, so the errors are the command line's.
std::uint32_t bucket_of(const ringlab::Buckets& b, const val& input) {
  return guarded(
      [&] { return b.bucket(ringlab::bucket_input_from_text(b.algorithm().input, u64_text(input, "input"))); });
}

// A text algorithm's key: its UTF-16 units (what a JavaScript string holds) as UTF-8, a lone
// surrogate as U+FFFD, as TextEncoder writes it.
std::uint32_t bucket_key(const ringlab::Buckets& b, const std::u16string& key) {
  return guarded([&] { return b.bucket_key(ringlab::utf8_for_message(key)); });
}

// The steps of an input's lookup, taken as bucket(), bucket_of() and bucket_key() take it (null
// with the error recorded on failure).
val trace(const ringlab::Buckets& b, std::uint64_t input) {
  return guarded([&] { return steps_out(b.trace(input)); });
}
val trace_of(const ringlab::Buckets& b, const val& input) {
  return guarded([&] {
    return steps_out(b.trace(ringlab::bucket_input_from_text(b.algorithm().input, u64_text(input, "input"))));
  });
}
val trace_key(const ringlab::Buckets& b, const std::u16string& key) {
  return guarded([&] { return steps_out(b.trace_key(ringlab::utf8_for_message(key))); });
}

// Staged: n inputs at the block's start (32-bit words, or, when wide, a BigUint64Array's bytes as
// (low, high) word pairs: both sides are little-endian), then n results.
void bucket_many(const ringlab::Buckets& b, double count, bool wide) {
  guarded([&] {
    const std::span<std::uint32_t> w = staged_words(count * (wide ? 3 : 2));
    const std::size_t n = w.size() / (wide ? 3 : 2);
    const std::size_t input_words = wide ? 2 * n : n;
    const std::span<std::uint32_t> out(w.data() + input_words, n);
    if (wide) b.bucket_many(std::span<const std::uint64_t>(reinterpret_cast<const std::uint64_t*>(w.data()), n), out);
    else b.bucket_many(std::span<const std::uint32_t>(w.data(), n), out);
  });
}

// The seam's batch takes a block of keys at a time: an algorithm's own loop (MementoHash's, its
// jumps in rounds) over the block's views.
constexpr std::size_t kKeyBlock = 1024;

// Keys already UTF-8, their bytes staged (a chunk of ASCII keys, or bucketManyUtf8's): the
// core's batch over them (Buckets::bucket_many_utf8). Out of line and outside any try block: with Emscripten's
// exceptions, emulated in JavaScript, each call that may throw within a try block goes out through a JavaScript
// trampoline (invoke_*), which costs more than the lookup itself; here the core's loop calls directly, and guarded()
// makes one such call for the chunk.
[[gnu::noinline]] void bucket_utf8_keys(const ringlab::Buckets& b, const StagedBytes& s) {
  b.bucket_many_utf8(s.bytes, s.offsets, s.out);
}

// The same for a chunk of other keys, their UTF-16 units made UTF-8 a block at a time.
[[gnu::noinline]] void bucket_utf16_keys(const ringlab::Buckets& b, const StagedStrings& s) {
  std::vector<std::string> utf8(kKeyBlock);
  std::string_view views[kKeyBlock];
  for (std::size_t at = 0; at < s.size(); at += kKeyBlock) {
    const std::size_t m = std::min(kKeyBlock, s.size() - at);
    for (std::size_t j = 0; j < m; ++j) {
      const std::size_t i = at + j;
      utf8[j] = ringlab::utf8_for_message({s.units.data() + s.offsets[i], s.offsets[i + 1] - s.offsets[i]});
      views[j] = utf8[j];
    }
    b.bucket_many(std::span<const std::string_view>(views, m), s.out.subspan(at, m));
  }
}

// Staged strings (abi.hpp): a text algorithm's keys, each as UTF-8 (a chunk of ASCII keys comes
// as its bytes already).
void bucket_keys(const ringlab::Buckets& b, double count, bool ascii) {
  guarded([&] {
    if (ascii) bucket_utf8_keys(b, staged_bytes(count));
    else bucket_utf16_keys(b, staged_strings(count));
  });
}

// Keys the caller encoded (bucketManyUtf8): staged words, `offset_count` offsets, then a word for
// each of the offset_count - 1 answers, then the keys' `byte_count` bytes. The core checks the
// offsets against the bytes (the wrapper copies them as given).
void bucket_utf8(const ringlab::Buckets& b, double offset_count, double byte_count) {
  guarded([&] {
    const std::size_t m = static_cast<std::size_t>(protocol_size(offset_count));
    const std::size_t bytes = static_cast<std::size_t>(protocol_size(byte_count));
    const std::size_t n = m == 0 ? 0 : m - 1;
    const std::span<std::uint32_t> w = staged_words(static_cast<double>(m + n + (bytes + 3) / 4));
    bucket_utf8_keys(b, {w.first(m), {reinterpret_cast<const char*>(w.data() + m + n), bytes}, w.subspan(m, n)});
  });
}

std::uint32_t add_bucket(ringlab::Buckets& b) {
  return guarded([&] { return b.add(); });
}

void remove_bucket(ringlab::Buckets& b, double bucket) {
  guarded([&] { b.remove(ringlab::safe_integer(bucket, "bucket")); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(ringlab_buckets) {
  using emscripten::allow_raw_pointers;
  using emscripten::class_;
  using emscripten::function;
  using emscripten::value_object;

  register_abi();
  register_version_and_heap();
  value_object<BucketOptionsArgs>("RawBucketOptions")
      .field("buckets", &BucketOptionsArgs::buckets)
      .field("capacity", &BucketOptionsArgs::capacity)
      .field("seed", &BucketOptionsArgs::seed)
      .field("nodes", &BucketOptionsArgs::nodes)
      .field("probes", &BucketOptionsArgs::probes);
  value_object<BucketAlgorithmOut>("RawBucketAlgorithm")
      .field("name", &BucketAlgorithmOut::name)
      .field("input", &BucketAlgorithmOut::input)
      .field("options", &BucketAlgorithmOut::options)
      .field("answers", &BucketAlgorithmOut::answers)
      .field("removal", &BucketAlgorithmOut::removal)
      .field("traces", &BucketAlgorithmOut::traces);
  function("bucketAlgorithms", &bucket_algorithms);
  value_object<BucketStepOut>("RawBucketStep")
      .field("kind", &BucketStepOut::kind)
      .field("bucket", &BucketStepOut::bucket)
      .field("bound", &BucketStepOut::bound)
      .field("value", &BucketStepOut::value);
  function("bucketStepKinds", &bucket_step_kinds);

  class_<ringlab::Buckets>("BucketHasher")
      .function("algorithm", &algorithm_of)
      .function("input", &input_of)
      .function("answers", &answers_of)
      .function("size", &size_of)
      .function("canAdd", &can_add)
      .function("canRemove", &can_remove)
      .function("traces", &traces)
      .function("bucket", &bucket)
      .function("bucketOf", &bucket_of)
      .function("bucketKey", &bucket_key)
      .function("bucketMany", &bucket_many)
      .function("bucketKeys", &bucket_keys)
      .function("bucketUtf8", &bucket_utf8)
      .function("trace", &trace)
      .function("traceOf", &trace_of)
      .function("traceKey", &trace_key)
      .function("add", &add_bucket)
      .function("remove", &remove_bucket);
  function("makeBucketHasher", &make_bucket_hasher, allow_raw_pointers());
}
