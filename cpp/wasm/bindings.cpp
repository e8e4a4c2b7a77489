// The raw WebAssembly API: one embind registration of the core, kept thin on purpose.
//
// The TypeScript wrapper (web/lib/src) is the public API; this file only moves values across the
// boundary. Conventions:
//  - Values, not handles: results come back as plain objects and JS-owned typed arrays copied out
//    of the heap. Only Ring and Rendezvous, which live long, are handles (embind classes).
//  - Strings: JS strings cross as std::u16string, i.e. their UTF-16 code units, untouched (lone
//    surrogates included) — what h32 hashes. Batches of strings cross as one Uint16Array of units
//    plus a Uint32Array of offsets (n + 1 of them), so a million keys are one call.
//  - Numbers arrive as doubles; integer() refuses NaN, fractions and unsafe integers with the
//    core's invalid_argument, and the core checks ranges with its own messages. Jump keys are
//    uint64_t, which WASM_BIGINT maps to BigInt.
//  - Errors never cross as C++ exceptions (under Emscripten they would arrive as a bare number,
//    skip destructors and leak). Every entry point that can fail runs in guarded(), which records
//    the code and message and returns a placeholder; the wrapper reads the flag at
//    errorFlagAddress() after the call and throws RinglabError after embind has freed the
//    arguments.
//
// The file builds two modules: the library (the default) and, with RINGLAB_WASM_CLI, a module
// holding only run_cli for the Node CLI. The CLI's flag parser uses std::regex, which drags in
// iostreams and locales and would double the download of every page that only needs the library.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cmath>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "ringlab/cli.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"

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

template <typename F>
auto guarded(F&& f) noexcept -> std::invoke_result_t<F> {
  using R = std::invoke_result_t<F>;
  try {
    return f();
  } catch (const Error& e) {
    record(e.code_name(), e.what());
  } catch (const std::bad_alloc&) {
    record("out_of_memory", "out of memory: the module's heap is limited to 2 GiB");
  } catch (const std::exception& e) {
    record("internal", e.what());
  } catch (...) {
    record("internal", "unexpected C++ exception");
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

#ifndef RINGLAB_WASM_CLI
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

// Strings in a batch: all units back to back, string i is units[offsets[i], offsets[i+1]).
struct StringBatch {
  std::vector<char16_t> units;
  std::vector<std::uint32_t> offsets;

  StringBatch(const val& units_array, const val& offsets_array) : offsets(copy_in<std::uint32_t>(offsets_array)) {
    // embind has no char16_t memory view: JS writes the units through a uint16_t view of the
    // same storage.
    units.resize(units_array["length"].as<std::size_t>());
    if (!units.empty())
      val(typed_memory_view(units.size(), reinterpret_cast<std::uint16_t*>(units.data()))).call<void>("set", units_array);
    if (offsets.empty() || offsets.front() != 0 || offsets.back() != units.size())
      throw Error(ErrorCode::invalid_argument, "malformed string batch");
    for (std::size_t i = 1; i < offsets.size(); ++i)
      if (offsets[i] < offsets[i - 1]) throw Error(ErrorCode::invalid_argument, "malformed string batch");
  }
  [[nodiscard]] std::size_t size() const noexcept { return offsets.size() - 1; }
  [[nodiscard]] std::u16string_view operator[](std::size_t i) const noexcept {
    return {units.data() + offsets[i], offsets[i + 1] - offsets[i]};
  }
};

// The most values one batch call returns (the experiments' key cap): a request beyond it is
// refused before anything is allocated.
void check_batch(std::int64_t count) {
  if (count > ringlab::kMaxKeys)
    throw Error(ErrorCode::limit_exceeded,
                "at most " + std::to_string(ringlab::kMaxKeys) + " values per call, got " + std::to_string(count));
}

// ---------------------------------------------------------------------------------------------
// Hashing, PRNG, jump, mod-N

std::uint32_t h32(const std::u16string& s) { return ringlab::h32(s); }

std::uint32_t h32_bytes(const val& bytes) {
  return guarded([&] { return ringlab::h32_bytes(std::span<const std::uint8_t>(copy_in<std::uint8_t>(bytes))); });
}

val h32_many(const val& units, const val& offsets) {
  return guarded([&] {
    const StringBatch keys(units, offsets);
    std::vector<std::uint32_t> out(keys.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = ringlab::h32(keys[i]);
    return copy_out(out);
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

std::int32_t jump(std::uint64_t key, double buckets) {
  return guarded([&] { return ringlab::jump(key, integer(buckets, "buckets")); });
}

template <typename Key>
val jump_batch(const std::vector<Key>& keys, double buckets) {
  const std::int64_t n = integer(buckets, "buckets");
  ringlab::check_buckets(n);
  std::vector<std::int32_t> out(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) out[i] = ringlab::jump_unchecked(keys[i], static_cast<std::int32_t>(n));
  return copy_out(out);
}

val jump_many32(const val& keys, double buckets) {
  return guarded([&] { return jump_batch(copy_in<std::uint32_t>(keys), buckets); });
}

// 64-bit keys as a Uint32Array of (low, high) pairs — a BigUint64Array's bytes seen as 32-bit
// words (both sides are little-endian); embind has no 64-bit memory views.
val jump_many64(const val& words, double buckets) {
  return guarded([&] {
    const std::vector<std::uint32_t> w = copy_in<std::uint32_t>(words);
    std::vector<std::uint64_t> keys(w.size() / 2);
    for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = static_cast<std::uint64_t>(w[2 * i + 1]) << 32 | w[2 * i];
    return jump_batch(keys, buckets);
  });
}

std::uint32_t mod_n(std::uint32_t hash, double n) {
  return guarded([&] { return ringlab::mod_n(hash, integer(n, "servers")); });
}

val mod_n_many(const val& hashes, double n) {
  return guarded([&] {
    const std::int64_t servers = integer(n, "servers");
    (void)ringlab::mod_n(0, servers);  // validates n once
    std::vector<std::uint32_t> out = copy_in<std::uint32_t>(hashes);
    for (auto& h : out) h %= static_cast<std::uint32_t>(servers);
    return copy_out(out);
  });
}

// ---------------------------------------------------------------------------------------------
// Ring

ringlab::Ring* make_ring(const val& names, const val& weights, const val& zones, double vnodes) {
  return guarded([&]() -> ringlab::Ring* {
    const auto n = emscripten::vecFromJSArray<std::u16string>(names);
    const auto w = copy_in<double>(weights);
    const auto z = emscripten::vecFromJSArray<std::u16string>(zones);
    if (w.size() != n.size() || z.size() != n.size())
      throw Error(ErrorCode::invalid_argument, "names, weights and zones differ in length");
    std::vector<ringlab::Server> servers;
    servers.reserve(n.size());
    for (std::size_t i = 0; i < n.size(); ++i) servers.push_back(ringlab::Server{n[i], w[i], z[i]});
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

std::uint32_t ring_owner(const ringlab::Ring& r, std::uint32_t hash) { return r.owner(hash); }
std::uint32_t ring_owner_of_key(const ringlab::Ring& r, const std::u16string& key) { return r.owner_of_key(key); }

val ring_owners_of_hashes(const ringlab::Ring& r, const val& hashes) {
  return guarded([&] {
    std::vector<std::uint32_t> out = copy_in<std::uint32_t>(hashes);
    for (auto& h : out) h = r.owner(h);
    return copy_out(out);
  });
}

val ring_owners_of_keys(const ringlab::Ring& r, const val& units, const val& offsets) {
  return guarded([&] {
    const StringBatch keys(units, offsets);
    std::vector<std::uint32_t> out(keys.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = r.owner_of_key(keys[i]);
    return copy_out(out);
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
    o.set("servers", copy_out(r.point_servers().data(), r.point_servers().size()));
    return o;
  });
}

// ---------------------------------------------------------------------------------------------
// Rendezvous

ringlab::Rendezvous* make_rendezvous(const val& names) {
  return guarded([&] { return new ringlab::Rendezvous(emscripten::vecFromJSArray<std::u16string>(names)); });
}

double hrw_pick(const ringlab::Rendezvous& h, const std::u16string& key) { return static_cast<double>(h.pick(key)); }

val hrw_pick_many(const ringlab::Rendezvous& h, const val& units, const val& offsets) {
  return guarded([&] {
    const StringBatch keys(units, offsets);
    std::vector<std::int32_t> out(keys.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<std::int32_t>(h.pick(keys[i]));
    return copy_out(out);
  });
}

val hrw_scores(const ringlab::Rendezvous& h, const std::u16string& key) {
  return guarded([&] { return copy_out(h.scores(key)); });
}

val hrw_top(const ringlab::Rendezvous& h, const std::u16string& key, double k) {
  return guarded([&] { return copy_out(h.top(key, integer(k, "k"))); });
}

// ---------------------------------------------------------------------------------------------
// The three experiments: their numbers and their exact text

val ring_vs_mod(double seed, double keys, double servers, double vnodes) {
  return guarded([&] {
    ringlab::RingVsModParams p;
    p.seed = integer(seed, "seed");
    p.keys = integer(keys, "keys");
    p.servers = integer(servers, "servers");
    p.vnodes = integer(vnodes, "vnodes");
    const ringlab::RingVsModResult r = ringlab::ring_vs_mod(p);
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

val vnode_sweep(double seed, double servers, double keys, const val& vnodes) {
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
    const ringlab::VnodeSweepResult r = ringlab::vnode_sweep(p);
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

val hrw_jump(double seed, double keys, double servers, double remove, double buckets) {
  return guarded([&] {
    ringlab::HrwJumpParams p;
    p.seed = integer(seed, "seed");
    p.keys = integer(keys, "keys");
    p.servers = integer(servers, "servers");
    p.remove = integer(remove, "remove");
    p.buckets = integer(buckets, "buckets");
    const ringlab::HrwJumpResult r = ringlab::hrw_jump(p);
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

// Bytes handed out by malloc and still held (for leak tests), and the heap's size.
val heap_usage() {
  const struct mallinfo mi = mallinfo();
  val o = val::object();
  o.set("used", static_cast<double>(mi.uordblks));
  o.set("reserved", static_cast<double>(mi.arena));
  return o;
}

#else  // RINGLAB_WASM_CLI
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
#endif  // RINGLAB_WASM_CLI

std::string version() { return RINGLAB_VERSION; }

}  // namespace

EMSCRIPTEN_BINDINGS(ringlab) {
  using emscripten::allow_raw_pointers;
  using emscripten::class_;
  using emscripten::function;

  function("errorFlagAddress", &error_flag_address);
  function("takeError", &take_error);
  function("version", &version);

#ifdef RINGLAB_WASM_CLI
  function("runCli", &run_cli);
  function("cliHelp", &cli_help);
#else
  function("heapUsage", &heap_usage);

  function("h32", &h32);
  function("h32Bytes", &h32_bytes);
  function("h32Many", &h32_many);
  function("mulberry32Fill", &mulberry32_fill);
  function("keyNumbers", &key_numbers);
  function("jump", &jump);
  function("jumpMany32", &jump_many32);
  function("jumpMany64", &jump_many64);
  function("modN", &mod_n);
  function("modNMany", &mod_n_many);

  class_<ringlab::Ring>("Ring")
      .function("owner", &ring_owner)
      .function("ownerOfKey", &ring_owner_of_key)
      .function("ownersOfHashes", &ring_owners_of_hashes)
      .function("ownersOfKeys", &ring_owners_of_keys)
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
      .function("points", &ring_points);
  function("makeRing", &make_ring, allow_raw_pointers());
  function("makeUniformRing", &make_uniform_ring, allow_raw_pointers());

  class_<ringlab::Rendezvous>("Rendezvous")
      .function("pick", &hrw_pick)
      .function("pickMany", &hrw_pick_many)
      .function("scores", &hrw_scores)
      .function("top", &hrw_top);
  function("makeRendezvous", &make_rendezvous, allow_raw_pointers());

  function("ringVsMod", &ring_vs_mod);
  function("vnodeSweep", &vnode_sweep);
  function("hrwJump", &hrw_jump);
#endif
}
