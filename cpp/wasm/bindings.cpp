// The raw WebAssembly API: one embind registration of the core, kept thin on purpose.
//
// The TypeScript wrapper (web/lib/src) is the public API; this file only moves values across the
// boundary. Conventions:
//  - Values, not handles: results come back as plain objects and JS-owned typed arrays copied out
//    of the heap. Only long-lived things (rings, rendezvous sets, Maglev tables, token rings) are
//    handles (embind classes). Traces and other many-field results cross as flat typed arrays
//    that the wrapper shapes into objects: each val::set is code in the .wasm, a typed array is
//    one copy.
//  - Strings: JS strings cross as std::u16string, i.e. their UTF-16 code units, untouched (lone
//    surrogates included) — what h32 hashes. Batches (of strings or of hashes) are staged: the
//    wrapper writes them into one heap block and reads the results from it (see Staging), so a
//    million keys are one call and no copy.
//  - Numbers arrive as doubles; integer() refuses NaN, fractions and unsafe integers with the
//    core's invalid_argument, and the core checks ranges with its own messages. Jump keys are
//    uint64_t, which WASM_BIGINT maps to BigInt.
//  - Errors never cross as C++ exceptions (under Emscripten they would arrive as a bare number,
//    skip destructors and leak). Every entry point that can fail runs in guarded(), which records
//    the code and message (record_current) and returns a placeholder; the wrapper reads the flag at
//    errorFlagAddress() after the call and throws RinglabError after embind has freed the
//    arguments.
//  - Progress callbacks (experiments) are JS functions called through emscripten::val. They
//    must not throw through C++ frames (destructors would be skipped): the wrapper catches what
//    the user's callback throws and returns true, and the run stops here with a C++ exception
//    that unwinds properly; the wrapper then rethrows the user's error.
//
// One module holds the library and run_cli (the Node CLI's entry): since the CLI's flag parser
// no longer uses std::regex, run_cli adds about 8 KB gzip, far less than a second module.
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "ringlab/analysis.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/digest.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/token_ring.hpp"

#ifndef RINGLAB_VERSION
#define RINGLAB_VERSION "0.0.0"
#endif

namespace {

using emscripten::typed_memory_view;
using emscripten::val;
using ringlab::Error;
using ringlab::ErrorCode;

// ---------------------------------------------------------------------------------------------
// The error channel

struct LastError {
  std::int32_t pending = 0;  // read from JS through HEAP32 after every fallible call
  std::string code;
  std::string message;
};
LastError last_error;

void record(std::string_view code, std::string_view message) {
  last_error.pending = 1;
  last_error.code = code;
  last_error.message = message;
}

// Thrown when a progress callback asks to stop (its JS side threw).
struct Stopped {};

// Records the exception being handled. One out-of-line function: every guarded() call site then
// has a single catch (...) instead of five catch clauses, which is most of this file's code.
[[gnu::noinline]] void record_current() noexcept {
  try {
    throw;
  } catch (const Stopped&) {
    record("internal", "stopped by the progress callback");
  } catch (const Error& e) {
    record(e.code_name(), e.what());
  } catch (const std::bad_alloc&) {
    record("out_of_memory", "out of memory: the module's heap is limited to 2 GiB");
  } catch (const std::exception& e) {
    record("internal", e.what());
  } catch (...) {
    record("internal", "unexpected C++ exception");
  }
}

template <typename F>
auto guarded(F&& f) noexcept -> std::invoke_result_t<F> {
  using R = std::invoke_result_t<F>;
  try {
    return f();
  } catch (...) {
    record_current();
  }
  if constexpr (std::is_same_v<R, val>) return val::undefined();
  else if constexpr (!std::is_void_v<R>) return R{};
}

std::uintptr_t error_flag_address() { return reinterpret_cast<std::uintptr_t>(&last_error.pending); }

val take_error() {
  val e = val::object();
  e.set("code", last_error.code);
  e.set("message", last_error.message);
  last_error = LastError{};
  return e;
}

// ---------------------------------------------------------------------------------------------
// Conversions

std::int64_t integer(double v, std::string_view what) {
  if (!std::isfinite(v) || v != std::floor(v) || std::fabs(v) > 9007199254740991.0)
    throw Error(ErrorCode::invalid_argument,
                std::string(what) + " must be a safe integer, got " + ringlab::js::number_to_string(v));
  return static_cast<std::int64_t>(v);
}

std::int64_t non_negative(double v, std::string_view what) {
  const std::int64_t n = integer(v, what);
  if (n < 0) throw Error(ErrorCode::out_of_range, std::string(what) + " must be >= 0, got " + std::to_string(n));
  return n;
}

// An integer 0 .. 2^32 - 1 (counts, indices, server numbers).
std::uint32_t uint32_arg(double v, std::string_view what) {
  const std::int64_t n = integer(v, what);
  if (n < 0 || n > 4294967295LL)
    throw Error(ErrorCode::out_of_range,
                std::string(what) + " must be between 0 and 4294967295, got " + std::to_string(n));
  return static_cast<std::uint32_t>(n);
}

// A JS typed array copied into a vector (one TypedArray.prototype.set, no per-element calls).
// The caller passes the matching array type; the wrapper guarantees it.
template <typename T>
std::vector<T> copy_in(const val& array) {
  const auto n = array["length"].as<std::size_t>();
  std::vector<T> out(n);
  if (n > 0) val(typed_memory_view(n, out.data())).call<void>("set", array);
  return out;
}

// A JS-owned copy of heap data (slice() copies; the view itself dies with the next growth).
template <typename T>
val copy_out(const T* data, std::size_t n) {
  return val(typed_memory_view(n, data)).template call<val>("slice");
}
template <typename T>
val copy_out(const std::vector<T>& v) {
  return copy_out(v.data(), v.size());
}

// The most values one batch call returns (the experiments' key cap): a request beyond it is
// refused before anything is allocated.
void check_batch(std::int64_t count) {
  if (count > ringlab::kMaxKeys)
    throw Error(ErrorCode::limit_exceeded,
                "at most " + std::to_string(ringlab::kMaxKeys) + " values per call, got " + std::to_string(count));
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
  const std::int64_t n = non_negative(count, "count");
  check_batch(n);
  const std::int64_t u = non_negative(units, "units");
  if (u > 0xFFFFFFFFLL) throw std::bad_alloc();
  return 2 * static_cast<std::uint64_t>(n) + 1 + (static_cast<std::uint64_t>(u) + 1) / 2;
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
    check_batch(non_negative(count, "count"));
    return stage(static_cast<std::uint64_t>(non_negative(words, "words")));
  });
}

void unstage() { staging = Staging{}; }

// The staged strings, checked: offsets ascending from 0 and every unit inside the block.
struct StagedStrings {
  std::span<const std::uint32_t> offsets;  // n + 1
  std::span<const char16_t> units;
  std::span<std::uint32_t> out;  // n
  [[nodiscard]] std::size_t size() const noexcept { return out.size(); }
};

StagedStrings staged_strings(double count) {
  const std::int64_t n64 = non_negative(count, "count");
  const Error malformed(ErrorCode::invalid_argument, "malformed string batch");
  if (!staging.block || static_cast<std::uint64_t>(n64) * 2 + 1 > staging.words) throw malformed;
  const auto n = static_cast<std::size_t>(n64);
  std::uint32_t* w = staging.word_ptr();
  if (!ringlab::offsets_ascend({w, n + 1})) throw malformed;
  const std::uint64_t units = w[n];
  if (2 * n + 1 + (units + 1) / 2 > staging.words) throw malformed;
  return {{w, n + 1}, {reinterpret_cast<const char16_t*>(w + 2 * n + 1), static_cast<std::size_t>(units)}, {w + n + 1, n}};
}

std::span<std::uint32_t> staged_words(double count) {
  const std::int64_t n = non_negative(count, "count");
  if (!staging.block || static_cast<std::uint64_t>(n) > staging.words)
    throw Error(ErrorCode::invalid_argument, "malformed batch");
  return {staging.word_ptr(), static_cast<std::size_t>(n)};
}


// Servers from the wrapper: a count (>= 0: the course's S0 .. S{n-1}) or, with count < 0, names,
// weights and zones in list order.
std::vector<ringlab::Server> servers_arg(const val& names, const val& weights, const val& zones, double count) {
  if (count >= 0) {
    const std::int64_t n = integer(count, "servers");
    if (n < 1 || n > ringlab::kMaxServers)
      throw Error(ErrorCode::out_of_range, "servers must be between 1 and " + std::to_string(ringlab::kMaxServers) +
                                               ", got " + std::to_string(n));
    return ringlab::default_servers(static_cast<std::uint32_t>(n));
  }
  const auto n = emscripten::vecFromJSArray<std::u16string>(names);
  const auto w = copy_in<double>(weights);
  const auto z = zones.isUndefined() ? std::vector<std::u16string>(n.size()) : emscripten::vecFromJSArray<std::u16string>(zones);
  if (w.size() != n.size() || z.size() != n.size())
    throw Error(ErrorCode::invalid_argument, "names, weights and zones differ in length");
  std::vector<ringlab::Server> servers;
  servers.reserve(n.size());
  for (std::size_t i = 0; i < n.size(); ++i) servers.push_back(ringlab::Server{n[i], w[i], z[i]});
  return servers;
}

// ---------------------------------------------------------------------------------------------
// Hashing, PRNG, jump, mod-N

std::uint32_t h32(const std::u16string& s) { return ringlab::h32(s); }

std::uint32_t h32_bytes(const val& bytes) {
  return guarded([&] { return ringlab::h32_bytes(std::span<const std::uint8_t>(copy_in<std::uint8_t>(bytes))); });
}

void h32_many(double count) {
  guarded([&] {
    const StagedStrings keys = staged_strings(count);
    ringlab::h32_many(keys.units, keys.offsets, keys.out);
  });
}

// Continues a generator from `state` (the seed, or a state returned by an earlier call):
// {values: Uint32Array of next_uint32(), state}.
val mulberry32_fill(double state, double count) {
  return guarded([&] {
    const std::int64_t n = non_negative(count, "count");
    check_batch(n);
    ringlab::Mulberry32 rng(integer(state, "seed"));
    std::vector<std::uint32_t> values(static_cast<std::size_t>(n));
    for (auto& v : values) v = rng.next_uint32();
    val r = val::object();
    r.set("values", copy_out(values));
    r.set("state", static_cast<double>(rng.state()));
    return r;
  });
}

// The numbers of the course's keys: key i is "user:" + numbers[i].
val key_numbers(double seed, double count) {
  return guarded([&] {
    const std::int64_t n = non_negative(count, "count");
    check_batch(n);
    ringlab::CourseKeys keys(integer(seed, "seed"));
    std::vector<std::uint32_t> out(static_cast<std::size_t>(n));
    for (auto& v : out) v = keys.next_number();
    return copy_out(out);
  });
}

// Staged: the h32 of the course's keys for a seed, n words, made without their text.
void key_hashes(double seed, double count) {
  guarded([&] {
    ringlab::CourseKeys keys(integer(seed, "seed"));
    keys.next_hashes(staged_words(count));
  });
}

std::int32_t jump(std::uint64_t key, double buckets) {
  return guarded([&] { return ringlab::jump(key, integer(buckets, "buckets")); });
}

// Staged: n keys at the block's start (32-bit words, or, when wide, a BigUint64Array's bytes as
// (low, high) word pairs: both sides are little-endian), then n results.
void jump_many(double count, double buckets, bool wide) {
  guarded([&] {
    const std::int64_t b = integer(buckets, "buckets");
    ringlab::check_buckets(b);
    const std::span<std::uint32_t> w = staged_words(count * (wide ? 3 : 2));
    const std::size_t n = w.size() / (wide ? 3 : 2);
    const std::size_t key_words = wide ? 2 * n : n;
    const std::span<std::int32_t> out(reinterpret_cast<std::int32_t*>(w.data() + key_words), n);
    if (wide) {
      ringlab::jump_many<std::uint64_t>({reinterpret_cast<const std::uint64_t*>(w.data()), n}, static_cast<std::int32_t>(b), out);
    } else {
      ringlab::jump_many<std::uint32_t>({w.data(), n}, static_cast<std::int32_t>(b), out);
    }
  });
}

std::uint32_t mod_n(std::uint32_t hash, double n) {
  return guarded([&] { return ringlab::mod_n(hash, integer(n, "servers")); });
}

void mod_n_many(double count, double n) {
  guarded([&] {
    const std::int64_t servers = integer(n, "servers");
    (void)ringlab::mod_n(0, servers);  // validates n once
    const ringlab::FastMod mod(static_cast<std::uint32_t>(servers));
    for (auto& h : staged_words(count)) h = mod(h);
  });
}

// ---------------------------------------------------------------------------------------------
// Ring

ringlab::Ring* make_ring(const val& names, const val& weights, const val& zones, double vnodes) {
  return guarded([&]() -> ringlab::Ring* {
    std::vector<ringlab::Server> servers = servers_arg(names, weights, zones, -1);
    const std::int64_t v = integer(vnodes, "vnodes");
    if (v < 1 || v > static_cast<std::int64_t>(ringlab::kMaxRingPoints))
      throw Error(ErrorCode::out_of_range, "vnodes must be between 1 and " + std::to_string(ringlab::kMaxRingPoints) +
                                               ", got " + std::to_string(v));
    return new ringlab::Ring(std::move(servers), static_cast<std::uint32_t>(v));
  });
}

ringlab::Ring* make_uniform_ring(double servers, double vnodes) {
  return guarded([&]() -> ringlab::Ring* {
    const std::int64_t n = integer(servers, "servers");
    const std::int64_t v = integer(vnodes, "vnodes");
    if (n < 1 || n > static_cast<std::int64_t>(ringlab::kMaxRingPoints))
      throw Error(ErrorCode::out_of_range, "servers must be between 1 and " + std::to_string(ringlab::kMaxRingPoints) +
                                               ", got " + std::to_string(n));
    if (v < 1 || v > static_cast<std::int64_t>(ringlab::kMaxRingPoints))
      throw Error(ErrorCode::out_of_range, "vnodes must be between 1 and " + std::to_string(ringlab::kMaxRingPoints) +
                                               ", got " + std::to_string(v));
    return new ringlab::Ring(ringlab::Ring::uniform(static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(v)));
  });
}

std::uint32_t ring_owner(const ringlab::Ring& r, const std::u16string& key) { return r.owner_of_key(key); }
std::uint32_t ring_owner_of_hash(const ringlab::Ring& r, std::uint32_t hash) { return r.owner(hash); }

void ring_owner_of_hash_many(const ringlab::Ring& r, double count) {
  guarded([&] {
    r.owners(staged_words(count));
  });
}

void ring_owner_many(const ringlab::Ring& r, double count) {
  guarded([&] {
    const StagedStrings keys = staged_strings(count);
    r.owners_of_keys(keys.units, keys.offsets, keys.out);
  });
}

val ring_preference_list(const ringlab::Ring& r, std::uint32_t hash, double rf, bool zones) {
  return guarded([&] { return copy_out(r.preference_list(hash, integer(rf, "replication factor"), zones)); });
}

void ring_add(ringlab::Ring& r, const std::u16string& name, double weight, const std::u16string& zone) {
  guarded([&] { r.add_server(ringlab::Server{name, weight, zone}); });
}
void ring_remove(ringlab::Ring& r, const std::u16string& name) {
  guarded([&] { r.remove_server(name); });
}
void ring_set_weight(ringlab::Ring& r, const std::u16string& name, double weight) {
  guarded([&] { r.set_weight(name, weight); });
}

// [{name, weight, zone, points}] in list order.
val ring_servers(const ringlab::Ring& r) {
  return guarded([&] {
    val out = val::array();
    const auto servers = r.servers();
    for (std::uint32_t s = 0; s < servers.size(); ++s) {
      val o = val::object();
      o.set("name", servers[s].name);
      o.set("weight", servers[s].weight);
      o.set("zone", servers[s].zone);
      o.set("points", r.points_of(s));
      out.call<void>("push", o);
    }
    return out;
  });
}

double ring_size(const ringlab::Ring& r) { return static_cast<double>(r.size()); }
std::uint32_t ring_vnodes(const ringlab::Ring& r) { return r.vnodes(); }
std::uint32_t ring_server_count(const ringlab::Ring& r) { return static_cast<std::uint32_t>(r.servers().size()); }
double ring_index_of(const ringlab::Ring& r, const std::u16string& name) { return static_cast<double>(r.index_of(name)); }
double ring_memory_bytes(const ringlab::Ring& r) { return static_cast<double>(r.memory_bytes()); }

val ring_points(const ringlab::Ring& r) {
  return guarded([&] {
    val o = val::object();
    o.set("tokens", copy_out(r.tokens().data(), r.tokens().size()));
    o.set("servers", copy_out(r.point_servers().to_vector()));
    return o;
  });
}

// The owner search's steps as (lo, hi, mid, token, right) quintuples; the wrapper makes objects.
val trace_out(const std::vector<ringlab::SearchStep>& steps) {
  std::vector<std::uint32_t> flat;
  flat.reserve(steps.size() * 5);
  for (const auto& s : steps) flat.insert(flat.end(), {s.lo, s.hi, s.mid, s.token, s.right ? 1u : 0u});
  return copy_out(flat);
}

val ring_search_trace(const ringlab::Ring& r, std::uint32_t hash) {
  return guarded([&] { return trace_out(ringlab::search_trace(r.tokens(), hash)); });
}

// ---------------------------------------------------------------------------------------------
// Rendezvous

ringlab::Rendezvous* make_rendezvous(const val& names) {
  return guarded([&] { return new ringlab::Rendezvous(emscripten::vecFromJSArray<std::u16string>(names)); });
}

double hrw_pick(const ringlab::Rendezvous& h, const std::u16string& key) { return static_cast<double>(h.pick(key)); }

// Results as int32 bit patterns (-1: no server), read back as an Int32Array.
void hrw_pick_many(const ringlab::Rendezvous& h, double count) {
  guarded([&] {
    const StagedStrings keys = staged_strings(count);
    h.pick_many(keys.units, keys.offsets, {reinterpret_cast<std::int32_t*>(keys.out.data()), keys.size()});
  });
}

val hrw_scores(const ringlab::Rendezvous& h, const std::u16string& key) {
  return guarded([&] { return copy_out(h.scores(key)); });
}

val hrw_top(const ringlab::Rendezvous& h, const std::u16string& key, double k) {
  return guarded([&] { return copy_out(h.top(key, integer(k, "k"))); });
}

ringlab::WeightedRendezvous* make_weighted_rendezvous(const val& names, const val& weights) {
  return guarded([&] {
    const auto n = emscripten::vecFromJSArray<std::u16string>(names);
    const auto w = copy_in<double>(weights);
    if (w.size() != n.size()) throw Error(ErrorCode::invalid_argument, "names and weights differ in length");
    std::vector<ringlab::WeightedServer> servers;
    servers.reserve(n.size());
    for (std::size_t i = 0; i < n.size(); ++i) servers.push_back({n[i], w[i]});
    return new ringlab::WeightedRendezvous(std::move(servers));
  });
}

double whrw_pick(const ringlab::WeightedRendezvous& h, const std::u16string& key) {
  return static_cast<double>(h.pick(key));
}

// Results as int32 bit patterns (-1: no server), read back as an Int32Array.
void whrw_pick_many(const ringlab::WeightedRendezvous& h, double count) {
  guarded([&] {
    const StagedStrings keys = staged_strings(count);
    h.pick_many(keys.units, keys.offsets, {reinterpret_cast<std::int32_t*>(keys.out.data()), keys.size()});
  });
}

val whrw_scores(const ringlab::WeightedRendezvous& h, const std::u16string& key) {
  return guarded([&] { return copy_out(h.scores(key)); });
}

val whrw_top(const ringlab::WeightedRendezvous& h, const std::u16string& key, double k) {
  return guarded([&] { return copy_out(h.top(key, integer(k, "k"))); });
}

// ---------------------------------------------------------------------------------------------
// Maglev

// Backends by name (count < 0) or the course's S0 .. S{count-1}.
ringlab::Maglev* make_maglev(const val& names, const val& weights, double count, double table_size) {
  return guarded([&] {
    const std::uint32_t m = uint32_arg(table_size, "tableSize");
    std::vector<ringlab::Backend> backends;
    if (count >= 0) {
      const std::uint32_t n = uint32_arg(count, "backends");
      // Refused before making n names; the core words the same check for named backends.
      if (n > m)
        throw Error(ErrorCode::out_of_range, "table size " + std::to_string(m) + " is smaller than the " +
                                                 std::to_string(n) + " backends");
      for (std::uint32_t b = 0; b < n; ++b) backends.push_back({ringlab::default_server_name(b), 1.0});
    } else {
      const auto n = emscripten::vecFromJSArray<std::u16string>(names);
      const auto w = copy_in<double>(weights);
      if (w.size() != n.size()) throw Error(ErrorCode::invalid_argument, "names and weights differ in length");
      for (std::size_t i = 0; i < n.size(); ++i) backends.push_back({n[i], w[i]});
    }
    return new ringlab::Maglev(std::move(backends), m);
  });
}

std::uint32_t maglev_lookup(const ringlab::Maglev& g, const std::u16string& key) { return g.lookup_key(key); }
std::uint32_t maglev_lookup_hash(const ringlab::Maglev& g, std::uint32_t hash) { return g.lookup(hash); }

void maglev_lookup_hash_many(const ringlab::Maglev& g, double count) {
  guarded([&] {
    g.lookup_many(staged_words(count));
  });
}

void maglev_lookup_many(const ringlab::Maglev& g, double count) {
  guarded([&] {
    const StagedStrings keys = staged_strings(count);
    g.lookup_keys(keys.units, keys.offsets, keys.out);
  });
}

val maglev_table(const ringlab::Maglev& g) {
  return guarded([&] { return copy_out(g.table().data(), g.table().size()); });
}

val maglev_entry_counts(const ringlab::Maglev& g) {
  return guarded([&] { return copy_out(g.entry_counts()); });
}

// The fill as (backend, slot, skipped) triples, in turn order.
val maglev_fill_turns(const ringlab::Maglev& g) {
  return guarded([&] {
    const auto turns = g.fill_turns();
    std::vector<std::uint32_t> flat;
    flat.reserve(turns.size() * 3);
    for (const auto& t : turns) flat.insert(flat.end(), {t.backend, t.slot, t.skipped});
    return copy_out(flat);
  });
}

std::uint32_t backend_index(const ringlab::Maglev& g, double i) {
  const std::uint32_t b = uint32_arg(i, "backend");
  if (b >= g.backends().size())
    throw Error(ErrorCode::out_of_range, "backend must be between 0 and " + std::to_string(g.backends().size() - 1) +
                                             ", got " + std::to_string(b));
  return b;
}

std::uint32_t maglev_offset(const ringlab::Maglev& g, double i) {
  return guarded([&] { return g.offset(backend_index(g, i)); });
}
std::uint32_t maglev_skip(const ringlab::Maglev& g, double i) {
  return guarded([&] { return g.skip(backend_index(g, i)); });
}
std::uint32_t maglev_table_size(const ringlab::Maglev& g) { return g.table_size(); }

// Backend names in list order.
val maglev_backends(const ringlab::Maglev& g) {
  return guarded([&] {
    val out = val::array();
    for (const auto& b : g.backends()) out.call<void>("push", b.name);
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Bounded loads

val bounded_loads(const ringlab::Ring& r, const val& hashes, double epsilon) {
  return guarded([&] {
    const std::vector<std::uint32_t> h = copy_in<std::uint32_t>(hashes);
    const ringlab::BoundedPlacement p = ringlab::place_bounded(r, h, epsilon);
    val o = val::object();
    o.set("servers", copy_out(p.servers));
    o.set("walks", copy_out(p.walks));
    o.set("loads", copy_out(p.loads));
    o.set("capacities", copy_out(p.capacities));
    o.set("notFirstChoice", p.not_first_choice);
    o.set("longestWalk", p.longest_walk);
    return o;
  });
}

// ---------------------------------------------------------------------------------------------
// The explicit-token ring

ringlab::TokenRing* make_token_ring(double bits) {
  return guarded([&] { return new ringlab::TokenRing(uint32_arg(bits, "bits")); });
}

void token_add(ringlab::TokenRing& t, const std::u16string& id, double token) {
  guarded([&] { t.add(id, static_cast<std::uint64_t>(non_negative(token, "token"))); });
}
void token_remove(ringlab::TokenRing& t, const std::u16string& id) {
  guarded([&] { t.remove(id); });
}
std::u16string token_route(const ringlab::TokenRing& t, const std::u16string& key) {
  return guarded([&] { return t.route(key); });
}
std::u16string token_route_hash(const ringlab::TokenRing& t, std::uint32_t hash) {
  return guarded([&] { return t.route_hash(hash); });
}
std::uint32_t token_position(const ringlab::TokenRing& t, const std::u16string& key) { return t.position(key); }

val token_boundaries(const ringlab::TokenRing& t, const std::u16string& id) {
  return guarded([&] {
    const auto [start, end] = t.boundaries(id);
    const std::uint32_t both[2] = {start, end};
    return copy_out(both, 2);
  });
}
double token_of(const ringlab::TokenRing& t, const std::u16string& id) {
  return guarded([&] { return static_cast<double>(t.token_of(id)); });
}
val token_ids(const ringlab::TokenRing& t) {
  return guarded([&] {
    val out = val::array();
    for (const auto& p : t.points()) out.call<void>("push", p.second);
    return out;
  });
}
val token_tokens(const ringlab::TokenRing& t) {
  return guarded([&] { return copy_out(t.tokens()); });
}
double token_size(const ringlab::TokenRing& t) { return static_cast<double>(t.size()); }
std::uint32_t token_bits(const ringlab::TokenRing& t) { return t.bits(); }
ringlab::TokenRing* token_clone(const ringlab::TokenRing& t) {
  return guarded([&] { return new ringlab::TokenRing(t); });
}
// The search route_hash does: the hash is first reduced to the ring's bits, as there.
val token_search_trace(const ringlab::TokenRing& t, std::uint32_t hash) {
  return guarded([&] {
    const std::uint32_t x = t.bits() == 32 ? hash : hash & ((1u << t.bits()) - 1);
    return trace_out(ringlab::search_trace(t.tokens(), x));
  });
}

// ---------------------------------------------------------------------------------------------
// Traces for steppers

// Any ascending token list (a ring's, a token ring's, one drawn by hand).
val search_trace(const val& tokens, std::uint32_t hash) {
  return guarded([&] {
    const std::vector<std::uint32_t> t = copy_in<std::uint32_t>(tokens);
    for (std::size_t i = 1; i < t.size(); ++i)
      if (t[i] < t[i - 1]) throw Error(ErrorCode::invalid_argument, "tokens must be sorted ascending");
    return trace_out(ringlab::search_trace(t, hash));
  });
}

// The preference-list walk over any ascending token list and the server of each point (spec
// §4a), from the owner point of `hash`. zone_of is an empty Uint32Array (no zones) or one zone
// index per server.
val preference_walk(const val& tokens, const val& point_servers, const val& zone_of, std::uint32_t hash, double rf) {
  return guarded([&] {
    const std::vector<std::uint32_t> t = copy_in<std::uint32_t>(tokens);
    const std::vector<std::uint32_t> s = copy_in<std::uint32_t>(point_servers);
    const std::vector<std::uint32_t> z = copy_in<std::uint32_t>(zone_of);
    const std::int64_t r = integer(rf, "replication factor");
    if (s.size() != t.size()) throw Error(ErrorCode::invalid_argument, "tokens and servers differ in length");
    for (std::size_t i = 1; i < t.size(); ++i)
      if (t[i] < t[i - 1]) throw Error(ErrorCode::invalid_argument, "tokens must be sorted ascending");
    auto servers = static_cast<std::uint32_t>(z.size());
    if (z.empty()) {
      // No zones: the servers are 0 .. the largest index on a point, at most a ring's points.
      for (std::uint32_t x : s) {
        if (x >= ringlab::kMaxRingPoints)
          throw Error(ErrorCode::out_of_range, "a server index must be below " + std::to_string(ringlab::kMaxRingPoints) +
                                                   ", got " + std::to_string(x));
        servers = std::max(servers, x + 1);
      }
    }
    return copy_out(ringlab::preference_walk(s, servers, ringlab::owner_point_in(t, hash), r, z));
  });
}

// Jump's steps: {steps: Float64Array of (bucket, next) pairs, keys: Uint32Array of (low, high)
// words of the key after each step}. next can reach 2^62: a double holds it exactly (it was one).
val jump_trace(std::uint64_t key, double buckets) {
  return guarded([&] {
    const auto steps = ringlab::jump_trace(key, integer(buckets, "buckets"));
    std::vector<double> numbers;
    std::vector<std::uint32_t> words;
    for (const auto& s : steps) {
      numbers.insert(numbers.end(), {static_cast<double>(s.bucket), static_cast<double>(s.next)});
      words.insert(words.end(), {static_cast<std::uint32_t>(s.key), static_cast<std::uint32_t>(s.key >> 32)});
    }
    val o = val::object();
    o.set("steps", copy_out(numbers));
    o.set("keys", copy_out(words));
    return o;
  });
}

// ---------------------------------------------------------------------------------------------
// Analysis

// (keys, moved, movedToNew, movedBetweenOld, then (from, to, keys) per flow).
val movement(const val& before, const val& after, const val& is_new) {
  return guarded([&] {
    const auto a = copy_in<std::uint32_t>(before);
    const auto b = copy_in<std::uint32_t>(after);
    const auto flags = copy_in<std::uint8_t>(is_new);
    const std::vector<bool> fresh(flags.begin(), flags.end());
    const ringlab::Movement m = ringlab::movement(a, b, fresh);
    std::vector<double> out{static_cast<double>(m.keys), static_cast<double>(m.moved),
                            static_cast<double>(m.moved_to_new), static_cast<double>(m.moved_between_old)};
    for (const auto& f : m.flows) out.insert(out.end(), {static_cast<double>(f.from), static_cast<double>(f.to), static_cast<double>(f.keys)});
    return copy_out(out);
  });
}

// (min, max, mean, sd, maxOverMean, sdOverMean).
val load_stats(const val& loads) {
  return guarded([&] {
    const auto l = copy_in<double>(loads);
    const ringlab::LoadStats s = ringlab::load_stats(std::span<const double>(l));
    const double out[6] = {s.min, s.max, s.mean, s.sd, s.max_over_mean, s.sd_over_mean};
    return copy_out(out, 6);
  });
}

double theory_sd_over_mean(double n, double v) {
  return guarded([&] { return ringlab::theory_sd_over_mean(uint32_arg(n, "servers"), uint32_arg(v, "vnodes")); });
}
double theory_vnodes_for(double n, double target) {
  return guarded([&] { return ringlab::theory_vnodes_for(uint32_arg(n, "servers"), target); });
}
double theory_harmonic(double n) {
  return guarded([&] { return ringlab::harmonic(uint32_arg(n, "n")); });
}
double theory_mod_n_kept(double n, double m) {
  return guarded([&] { return ringlab::mod_n_kept_fraction(uint32_arg(n, "n"), uint32_arg(m, "m")); });
}
double theory_minimum_moved(double n, double m) {
  return guarded([&] { return ringlab::minimum_moved_fraction(uint32_arg(n, "n"), uint32_arg(m, "m")); });
}

// (hitBefore, moved, hitAfter, dbMultiplier).
val cache_what_if(double hit_ratio, double moved_fraction) {
  return guarded([&] {
    const ringlab::CacheWhatIf w = ringlab::cache_what_if(hit_ratio, moved_fraction);
    const double out[4] = {w.hit_before, w.moved, w.hit_after, w.db_multiplier};
    return copy_out(out, 4);
  });
}

val hot_keys(const ringlab::Ring& r, double seed, double keys, double requests, double s, double hot, double copies) {
  return guarded([&] {
    ringlab::HotKeyParams p;
    p.seed = integer(seed, "seed");
    p.keys = uint32_arg(keys, "keys");
    p.requests = static_cast<std::uint64_t>(non_negative(requests, "requests"));
    p.s = s;
    p.hot = uint32_arg(hot, "hot");
    p.copies = uint32_arg(copies, "copies");
    const ringlab::HotKeyResult h = ringlab::hot_keys(r, p);
    std::vector<double> per_server(h.requests_per_server.begin(), h.requests_per_server.end());
    val o = val::object();
    o.set("requestsPerServer", copy_out(per_server));
    o.set("hottestKeyRequests", static_cast<double>(h.hottest_key_requests));
    o.set("hottestServer", h.hottest_server);
    o.set("maxOverMean", h.max_over_mean);
    return o;
  });
}

// One scenario, every algorithm. The change: kind 0 add, 1 remove, 2 fail, 3 weight.
val compare(const val& names, const val& weights, const val& zones, double count, double vnodes, double seed,
            double keys, double change_kind, const std::u16string& change_name, double change_weight, double epsilon,
            double table_size) {
  return guarded([&] {
    ringlab::Scenario sc;
    sc.servers = servers_arg(names, weights, zones, count);
    const std::int64_t v = integer(vnodes, "vnodes");
    if (v < 1 || v > static_cast<std::int64_t>(ringlab::kMaxRingPoints))
      throw Error(ErrorCode::out_of_range, "vnodes must be between 1 and " + std::to_string(ringlab::kMaxRingPoints) +
                                               ", got " + std::to_string(v));
    sc.vnodes = static_cast<std::uint32_t>(v);
    sc.seed = integer(seed, "seed");
    const std::int64_t k = non_negative(keys, "keys");
    if (k > ringlab::kMaxCompareKeys)
      throw Error(ErrorCode::limit_exceeded, "at most " + std::to_string(ringlab::kMaxCompareKeys) +
                                                 " keys per comparison, got " + std::to_string(k));
    sc.keys = static_cast<std::uint32_t>(k);
    const std::uint32_t kind = uint32_arg(change_kind, "change kind");
    if (kind > 3) throw Error(ErrorCode::invalid_argument, "unknown change kind");
    sc.change.kind = static_cast<ringlab::ChangeKind>(kind);
    sc.change.name = change_name;
    sc.change.weight = change_weight;
    sc.epsilon = epsilon;
    sc.table_size = uint32_arg(table_size, "tableSize");
    val rows = val::array();
    for (const ringlab::ComparisonRow& r : ringlab::compare(sc)) {
      val o = val::object();
      o.set("algorithm", r.algorithm);
      o.set("supported", r.supported);
      if (!r.supported) o.set("reason", r.reason);
      o.set("moved", r.moved);
      o.set("movedToNew", r.moved_to_new);
      o.set("movedBetweenOld", r.moved_between_old);
      o.set("maxOverMean", r.max_over_mean);
      o.set("sdOverMean", r.sd_over_mean);
      o.set("memoryBytes", static_cast<double>(r.memory_bytes));
      o.set("buildMs", r.build_ms);
      rows.call<void>("push", o);
    }
    return rows;
  });
}

// ---------------------------------------------------------------------------------------------
// The three experiments: their numbers and their exact text

// A JS progress callback (or undefined). It returns true when the run must stop (the wrapper's
// side caught an exception from the user's function).
ringlab::Progress progress_of(const val& callback) {
  if (callback.isUndefined() || callback.isNull()) return {};
  return [callback](std::uint64_t done, std::uint64_t total) {
    if (callback(static_cast<double>(done), static_cast<double>(total)).as<bool>()) throw Stopped{};
  };
}

val ring_vs_mod(double seed, double keys, double servers, double vnodes, const val& on_progress) {
  return guarded([&] {
    ringlab::RingVsModParams p;
    p.seed = integer(seed, "seed");
    p.keys = integer(keys, "keys");
    p.servers = integer(servers, "servers");
    p.vnodes = integer(vnodes, "vnodes");
    const ringlab::RingVsModResult r = ringlab::ring_vs_mod(p, progress_of(on_progress));
    val o = val::object();
    o.set("keys", r.keys);
    o.set("serversBefore", r.servers_before);
    o.set("serversAfter", r.servers_after);
    o.set("modMoved", r.mod_moved);
    o.set("modMovedToNew", r.mod_moved_to_new);
    o.set("ringMoved", r.ring_moved);
    o.set("ringMovedToNew", r.ring_moved_to_new);
    o.set("text", r.text);
    return o;
  });
}

val vnode_sweep(double seed, double servers, double keys, const val& vnodes, const val& on_progress) {
  return guarded([&] {
    ringlab::VnodeSweepParams p;
    p.seed = integer(seed, "seed");
    p.servers = integer(servers, "servers");
    p.keys = integer(keys, "keys");
    const auto list = copy_in<double>(vnodes);
    if (list.size() > ringlab::kMaxVnodeList)
      throw Error(ErrorCode::limit_exceeded, "vnodes lists at most " + std::to_string(ringlab::kMaxVnodeList) + " values");
    p.vnodes.clear();
    for (double v : list) p.vnodes.push_back(integer(v, "vnodes"));
    const ringlab::VnodeSweepResult r = ringlab::vnode_sweep(p, progress_of(on_progress));
    val rows = val::array();
    for (const ringlab::VnodeSweepRow& row : r.rows) {
      val o = val::object();
      o.set("vnodes", row.vnodes);
      o.set("points", static_cast<double>(row.points));
      o.set("counts", copy_out(row.counts));
      o.set("min", row.min);
      o.set("max", row.max);
      o.set("sd", row.sd);
      o.set("maxOverAvg", row.max_over_avg);
      o.set("sdOverAvg", row.sd_over_avg);
      rows.call<void>("push", o);
    }
    val o = val::object();
    o.set("servers", r.servers);
    o.set("keys", r.keys);
    o.set("average", r.average);
    o.set("rows", rows);
    o.set("text", r.text);
    return o;
  });
}

val hrw_jump(double seed, double keys, double servers, double remove, double buckets, const val& on_progress) {
  return guarded([&] {
    ringlab::HrwJumpParams p;
    p.seed = integer(seed, "seed");
    p.keys = integer(keys, "keys");
    p.servers = integer(servers, "servers");
    p.remove = integer(remove, "remove");
    p.buckets = integer(buckets, "buckets");
    const ringlab::HrwJumpResult r = ringlab::hrw_jump(p, progress_of(on_progress));
    val counts = val::array();
    for (const auto& c : r.counts) counts.call<void>("push", c ? val(*c) : val::undefined());
    val o = val::object();
    o.set("keys", r.keys);
    o.set("counts", counts);
    o.set("removed", r.removed);
    o.set("hrwMoved", r.hrw_moved);
    o.set("hrwMovedNotFromRemoved", r.hrw_moved_not_from_removed);
    o.set("buckets", r.buckets);
    o.set("jumpMoved", r.jump_moved);
    o.set("jumpMovedNotToNew", r.jump_moved_not_to_new);
    o.set("text", r.text);
    return o;
  });
}

// {all, parts: [{name, digest}]}: ringlab::placement_digests.
val placement_digest(double seed, double keys) {
  return guarded([&] {
    const std::int64_t s = integer(seed, "seed");
    const std::int64_t k = integer(keys, "keys");
    if (k < 0) throw Error(ErrorCode::out_of_range, "keys must be >= 0, got " + std::to_string(k));
    if (k > ringlab::kMaxDigestKeys)
      throw Error(ErrorCode::limit_exceeded,
                  "keys must be between 0 and " + std::to_string(ringlab::kMaxDigestKeys) + ", got " + std::to_string(k));
    const ringlab::PlacementDigest d = ringlab::placement_digests(s, static_cast<std::uint32_t>(k));
    val parts = val::array();
    for (const ringlab::DigestPart& p : d.parts) {
      val o = val::object();
      o.set("name", p.name);
      o.set("digest", p.digest);
      parts.call<void>("push", o);
    }
    val o = val::object();
    o.set("all", d.all);
    o.set("parts", parts);
    return o;
  });
}

// Bytes handed out by malloc and still held (for leak tests), and the heap's size.
val heap_usage() {
  const struct mallinfo mi = mallinfo();
  val o = val::object();
  o.set("used", static_cast<double>(mi.uordblks));
  o.set("reserved", static_cast<double>(mi.arena));
  return o;
}

// ---------------------------------------------------------------------------------------------
// The CLI

// {exitCode, out, err}; run_cli reports its own errors, so nothing here throws.
val run_cli(const val& args) {
  return guarded([&] {
    const ringlab::CliResult r = ringlab::run_cli(emscripten::vecFromJSArray<std::string>(args));
    val o = val::object();
    o.set("exitCode", r.exit_code);
    o.set("out", r.out);
    o.set("err", r.err);
    return o;
  });
}

std::string cli_help() { return ringlab::cli_help(); }

std::string version() { return RINGLAB_VERSION; }

// ---------------------------------------------------------------------------------------------
// Direct entry points for single-key calls
//
// One embind call costs a few hundred nanoseconds (built without eval for strict CSP pages, its
// invokers are generic), many times the lookup itself. So the per-key calls also exist as plain
// exports, which the wrapper calls straight on the instance with the object's address
// (address(), read once per handle) and the key's units written into key_scratch. They cannot
// fail: the wrapper has checked every argument, and a key longer than the scratch, or a bucket
// count out of range, takes the embind path with its error.
constexpr std::uint32_t kKeyScratchUnits = 1024;
char16_t key_scratch[kKeyScratchUnits];

std::uintptr_t key_scratch_address() { return reinterpret_cast<std::uintptr_t>(key_scratch); }

template <typename T>
std::uintptr_t address_of(const T& object) {
  return reinterpret_cast<std::uintptr_t>(&object);
}

std::u16string_view scratch_key(std::uint32_t len) { return {key_scratch, std::min(len, kKeyScratchUnits)}; }

}  // namespace

extern "C" {
// 32-bit results come back to JS as signed; the wrapper reads hashes with >>> 0.
EMSCRIPTEN_KEEPALIVE std::uint32_t ringlab_h32(std::uint32_t len) { return ringlab::h32(scratch_key(len)); }
EMSCRIPTEN_KEEPALIVE std::uint32_t ringlab_ring_owner(const ringlab::Ring* r, std::uint32_t len) {
  return r->owner_of_key(scratch_key(len));
}
EMSCRIPTEN_KEEPALIVE std::uint32_t ringlab_ring_owner_of_hash(const ringlab::Ring* r, std::uint32_t hash) {
  return r->owner(hash);
}
EMSCRIPTEN_KEEPALIVE std::uint32_t ringlab_maglev_lookup(const ringlab::Maglev* g, std::uint32_t len) {
  return g->lookup_key(scratch_key(len));
}
EMSCRIPTEN_KEEPALIVE std::uint32_t ringlab_maglev_lookup_hash(const ringlab::Maglev* g, std::uint32_t hash) {
  return g->lookup(hash);
}
EMSCRIPTEN_KEEPALIVE std::int32_t ringlab_rendezvous_pick(const ringlab::Rendezvous* h, std::uint32_t len) {
  return static_cast<std::int32_t>(h->pick(scratch_key(len)));
}
EMSCRIPTEN_KEEPALIVE std::int32_t ringlab_weighted_rendezvous_pick(const ringlab::WeightedRendezvous* h,
                                                                   std::uint32_t len) {
  return static_cast<std::int32_t>(h->pick(scratch_key(len)));
}
// buckets: 1 .. 2^31 - 1, checked by the wrapper.
EMSCRIPTEN_KEEPALIVE std::int32_t ringlab_jump(std::uint64_t key, std::int32_t buckets) {
  return ringlab::jump_unchecked(key, std::max(buckets, 1));
}
}

EMSCRIPTEN_BINDINGS(ringlab) {
  using emscripten::allow_raw_pointers;
  using emscripten::class_;
  using emscripten::function;

  function("errorFlagAddress", &error_flag_address);
  function("keyScratchAddress", &key_scratch_address);
  function("takeError", &take_error);
  function("version", &version);

function("heapUsage", &heap_usage);
  function("runCli", &run_cli);
  function("cliHelp", &cli_help);

  function("h32", &h32);
  function("h32Bytes", &h32_bytes);
  function("stageStrings", &stage_strings);
  function("restageStrings", &restage_strings);
  function("stageWords", &stage_words);
  function("unstage", &unstage);
  function("h32Many", &h32_many);
  function("mulberry32Fill", &mulberry32_fill);
  function("keyNumbers", &key_numbers);
  function("keyHashes", &key_hashes);
  function("jump", &jump);
  function("jumpMany", &jump_many);
  function("jumpTrace", &jump_trace);
  function("modN", &mod_n);
  function("modNMany", &mod_n_many);
  function("searchTrace", &search_trace);
  function("preferenceWalk", &preference_walk);

  class_<ringlab::Ring>("Ring")
      .function("owner", &ring_owner)
      .function("ownerOfHash", &ring_owner_of_hash)
      .function("ownerMany", &ring_owner_many)
      .function("ownerOfHashMany", &ring_owner_of_hash_many)
      .function("preferenceList", &ring_preference_list)
      .function("add", &ring_add)
      .function("remove", &ring_remove)
      .function("setWeight", &ring_set_weight)
      .function("servers", &ring_servers)
      .function("serverCount", &ring_server_count)
      .function("size", &ring_size)
      .function("vnodes", &ring_vnodes)
      .function("indexOf", &ring_index_of)
      .function("memoryBytes", &ring_memory_bytes)
      .function("address", &address_of<ringlab::Ring>)
      .function("points", &ring_points)
      .function("searchTrace", &ring_search_trace);
  function("makeRing", &make_ring, allow_raw_pointers());
  function("makeUniformRing", &make_uniform_ring, allow_raw_pointers());

  class_<ringlab::Rendezvous>("Rendezvous")
      .function("pick", &hrw_pick)
      .function("address", &address_of<ringlab::Rendezvous>)
      .function("pickMany", &hrw_pick_many)
      .function("scores", &hrw_scores)
      .function("top", &hrw_top);
  function("makeRendezvous", &make_rendezvous, allow_raw_pointers());

  class_<ringlab::WeightedRendezvous>("WeightedRendezvous")
      .function("pick", &whrw_pick)
      .function("address", &address_of<ringlab::WeightedRendezvous>)
      .function("pickMany", &whrw_pick_many)
      .function("scores", &whrw_scores)
      .function("top", &whrw_top);
  function("makeWeightedRendezvous", &make_weighted_rendezvous, allow_raw_pointers());

  class_<ringlab::Maglev>("Maglev")
      .function("lookup", &maglev_lookup)
      .function("lookupHash", &maglev_lookup_hash)
      .function("lookupMany", &maglev_lookup_many)
      .function("lookupHashMany", &maglev_lookup_hash_many)
      .function("address", &address_of<ringlab::Maglev>)
      .function("table", &maglev_table)
      .function("entryCounts", &maglev_entry_counts)
      .function("fillTurns", &maglev_fill_turns)
      .function("offset", &maglev_offset)
      .function("skip", &maglev_skip)
      .function("tableSize", &maglev_table_size)
      .function("backends", &maglev_backends);
  function("makeMaglev", &make_maglev, allow_raw_pointers());

  function("boundedLoads", &bounded_loads);

  class_<ringlab::TokenRing>("TokenRing")
      .function("add", &token_add)
      .function("remove", &token_remove)
      .function("route", &token_route)
      .function("routeHash", &token_route_hash)
      .function("position", &token_position)
      .function("boundaries", &token_boundaries)
      .function("tokenOf", &token_of)
      .function("ids", &token_ids)
      .function("tokens", &token_tokens)
      .function("size", &token_size)
      .function("bits", &token_bits)
      .function("clone", &token_clone, allow_raw_pointers())
      .function("searchTrace", &token_search_trace);
  function("makeTokenRing", &make_token_ring, allow_raw_pointers());

  function("movement", &movement);
  function("loadStats", &load_stats);
  function("theorySdOverMean", &theory_sd_over_mean);
  function("theoryVnodesFor", &theory_vnodes_for);
  function("theoryHarmonic", &theory_harmonic);
  function("theoryModNKept", &theory_mod_n_kept);
  function("theoryMinimumMoved", &theory_minimum_moved);
  function("cacheWhatIf", &cache_what_if);
  function("hotKeys", &hot_keys);
  function("compare", &compare);

  function("ringVsMod", &ring_vs_mod);
  function("vnodeSweep", &vnode_sweep);
  function("hrwJump", &hrw_jump);
  function("placementDigest", &placement_digest);
}
