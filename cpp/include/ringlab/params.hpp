// Every rule about a value a user gives the library, in one place: each parameter's name in
// JavaScript, its spelling on the command line, its range, its default, and the parsers of the
// values that have a grammar (--change, the vnodes list, jump's 64-bit key). The core's entry
// points check their inputs against this table, the CLI builds its flags, its --help text and
// its error lines from it, and the WebAssembly bindings export it (defaults(), the checks), so
// a limit or a default is written down once.
//
// Messages. A rejected value throws ringlab::Error whose message has one shape,
//     "<name> must be <requirement>, got <value>"       e.g. "servers must be between 1 and 100000, got 0"
// where <name> is the parameter's JavaScript name, kept as the error's param(), and the
// requirement is the error's rule ("between", "atLeast", ...) with its bounds as values (see
// error.hpp). The CLI prints "ringlab: " + the message made with the parameter's CLI spelling
// from this table ("ringlab: --servers must be between 1 and 100000, got 0"); errors about no
// parameter (a duplicate server, a cap on a product of two values, ...) print as they are.
//
// Values of the wrong kind follow the same shape, with one rule for the value shown:
//     "<name> must be a safe integer, got <value>"     (code invalid_argument)
//     "<name> must be a number, got <value>"
// In JavaScript <value> is String(value) (2.5, NaN, Infinity); on the command line it is the
// argument's text as typed, in double quotes unless it is a plain decimal number (--servers 2.5
// and { servers: 2.5 } both read "got 2.5"; --servers abc reads `got "abc"`). safe_integer()
// and the *_from_text() functions below produce these; JavaScript's own type errors (a string
// where a number belongs: invalid_type) stay the wrapper's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/error.hpp"

namespace ringlab {

// ---------------------------------------------------------------------------------------------
// Limits (the numbers the table below is made of)

// JavaScript's Number.MAX_SAFE_INTEGER: the largest integer the published programs hold exactly,
// so the largest |seed|.
inline constexpr std::int64_t kMaxSafeInteger = 9007199254740991;
// Keys per experiment run, and values per batch call.
inline constexpr std::int64_t kMaxKeys = 100'000'000;
// Beyond about 125,000 servers the published programs themselves fail (Math.max(...array)
// overflows V8's stack), so there is nothing to be identical to.
inline constexpr std::int64_t kMaxServers = 100'000;
// Values in vnode-sweep's list of V.
inline constexpr std::size_t kMaxVnodeList = 100;
// hrw-jump scores every key on every server: keys x servers is its work.
inline constexpr std::int64_t kMaxHrwWork = 10'000'000'000;
// The most points one ring may hold. Larger requests are refused before anything is allocated:
// 2^24 points are 128 MiB while building, the most a browser tab should be asked for.
inline constexpr std::uint64_t kMaxRingPoints = 1ull << 24;
// The longest server name or zone, in UTF-16 units.
inline constexpr std::size_t kMaxNameLength = 4096;
// Maglev's table: the largest prime below 2^24 (64 MiB of slots).
inline constexpr std::uint32_t kMaxMaglevTableSize = 16777213;
// Keys of one comparison (made and compared in chunks: memory does not grow with them), and of
// one placement digest.
inline constexpr std::uint32_t kMaxCompareKeys = 100'000'000;
inline constexpr std::uint32_t kMaxDigestKeys = 10'000'000;
// Threads of one run of compare or an experiment (natively; WebAssembly runs one).
inline constexpr std::int64_t kMaxThreads = 256;
// Jump's buckets: 2^31 - 1.
inline constexpr std::int32_t kMaxBuckets = 2147483647;
// Hot keys: distinct keys, requests, and copies of hot keys (hot x copies) per run.
inline constexpr std::int64_t kMaxHotKeys = 10'000'000;
inline constexpr std::int64_t kMaxHotRequests = 100'000'000;
inline constexpr std::int64_t kMaxHotCopies = 10'000'000;

// Defaults several functions share: the course's seed, virtual nodes per server, Maglev's M.
inline constexpr std::int64_t kCourseSeed = 16;
inline constexpr std::int64_t kDefaultVnodes = 100;
inline constexpr std::uint32_t kDefaultMaglevTableSize = 65537;

inline constexpr std::int64_t kNoUpperBound = std::numeric_limits<std::int64_t>::max();
inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

// ---------------------------------------------------------------------------------------------
// The table

// One entry per parameter of each function (a parameter that two functions take with the same
// range and no default shares an entry). The name says whose it is. The real systems' and the
// Erlang library's parameters have a table of their own (system_params.hpp), which the main
// WebAssembly module, built without those libraries, does not carry.
enum class Param : std::uint8_t {
  // rl.ringVsMod / ringlab run ring-vs-mod
  ring_vs_mod_seed,
  ring_vs_mod_keys,
  ring_vs_mod_servers,
  ring_vs_mod_vnodes,
  // rl.vnodeSweep / ringlab run vnode-sweep
  vnode_sweep_seed,
  vnode_sweep_servers,
  vnode_sweep_keys,
  vnode_sweep_vnodes,
  // rl.hrwJump / ringlab run hrw-jump
  hrw_jump_seed,
  hrw_jump_keys,
  hrw_jump_servers,
  hrw_jump_remove,
  hrw_jump_buckets,
  // rl.compare / ringlab compare
  compare_servers,
  compare_vnodes,
  compare_seed,
  compare_keys,
  compare_change,
  compare_epsilon,
  compare_table_size,
  // rl.compare and the three experiments / ringlab compare, ringlab run
  threads,
  // rl.placementDigest / ringlab digest
  digest_seed,
  digest_keys,
  // rl.jump, jumpTrace, jumpMany / ringlab jump KEY BUCKETS
  jump_key,
  jump_buckets,
  // rl.modN's n; a 32-bit hash wherever one is taken
  mod_n,
  hash,
  // rl.mulberry32, keys, keyNumbers, keyHashes; the length of any batch
  seed,
  count,
  // rl.ring: a count of servers, vnodes, a server's weight; Ring.preferenceList's rf
  ring_servers,
  ring_vnodes,
  weight,
  rf,
  // rl.rendezvous / weightedRendezvous given a count; their top(key, k)
  rendezvous_servers,
  top_k,
  // rl.maglev: a count of backends, the table size; Maglev.offset / skip's backend index
  maglev_backends,
  maglev_table_size,
  maglev_backend,
  // rl.tokenRing's bits; TokenRing.add's token
  token_ring_bits,
  token,
  // rl.boundedLoads
  bounded_epsilon,
  // rl.theory.*
  theory_n,
  theory_v,
  theory_m,
  harmonic_n,
  theory_target,
  // rl.cacheWhatIf
  hit_ratio,
  moved_fraction,
  // rl.hotKeys
  hot_keys_seed,
  hot_keys_keys,
  hot_keys_requests,
  hot_keys_s,
  hot_keys_hot,
  hot_keys_copies,
};

enum class ParamKind : std::uint8_t {
  integer,       // a whole number in [lo, hi]
  number,        // a real number within [min, max], either end open; always finite
  integer_list,  // a list (comma-separated on the CLI) of 1 .. kMaxVnodeList values in [lo, hi]
  change,        // add | add:NAME | remove:NAME | fail:NAME | weight:NAME=W
  key64,         // an integer 0 .. 2^64 - 1 (a bigint in JavaScript)
  name_list,     // a list (comma-separated on the CLI, an array of strings in JavaScript) of lo .. hi names,
                 // none empty and none twice
};

inline constexpr std::int64_t kDefaultVnodeList[] = {1, 10, 100, 1000};
// The forms of a comparison's change (ParamKind::change), as --help and the messages list them.
inline constexpr std::string_view kChangeForms[] = {"add", "add:NAME", "remove:NAME", "fail:NAME", "weight:NAME=W"};

struct ParamSpec {
  Param id{};                  // unused in system_params.hpp's table
  std::string_view where{};    // the JavaScript function it belongs to ("ringVsMod", "Ring.preferenceList")
  std::string_view name{};     // its JavaScript name, the subject of its errors
  std::string_view flag{};     // its CLI spelling ("--servers", "BUCKETS"); empty when the CLI has none
  std::string_view metavar{};  // the CLI help's placeholder for its value
  std::string_view help{};     // what it is, in a few words
  ParamKind kind = ParamKind::integer;
  std::int64_t lo = 0;  // integers (each value of a list)
  std::int64_t hi = kNoUpperBound;
  ErrorCode above = ErrorCode::out_of_range;  // the code of a value above hi
  ErrorCode below = ErrorCode::out_of_range;  // ... and below lo
  double min = 0;                             // numbers
  double max = kInfinity;
  bool min_open = false;
  bool max_open = false;
  // A bound that another value decides (remove < servers): how --help words the range, "{hi}"
  // standing for hi.
  std::string_view range_note{};
  bool has_default = false;
  std::int64_t default_integer = 0;
  double default_number = 0;
  std::string_view default_text{};  // change's; or how --help words a default_of ("2 x buckets")
  std::span<const std::int64_t> default_list{};
  // A default that another value of the same call decides (a bucket hasher's capacity, from its
  // buckets): that value's name and the default as a function of it, with has_default set and
  // default_text wording it. The rule is the row's, so every surface takes it from here.
  std::string_view default_from{};
  std::int64_t (*default_of)(std::int64_t) = nullptr;
};

// clang-format off
inline constexpr ParamSpec kParamTable[] = {
  {.id = Param::ring_vs_mod_seed, .where = "ringVsMod", .name = "seed", .flag = "--seed", .metavar = "S",
   .help = "PRNG seed for the keys", .lo = -kMaxSafeInteger, .hi = kMaxSafeInteger, .has_default = true, .default_integer = kCourseSeed},
  {.id = Param::ring_vs_mod_keys, .where = "ringVsMod", .name = "keys", .flag = "--keys", .metavar = "K",
   .help = "number of keys", .lo = 0, .hi = kMaxKeys, .has_default = true, .default_integer = 10000},
  {.id = Param::ring_vs_mod_servers, .where = "ringVsMod", .name = "servers", .flag = "--servers", .metavar = "N",
   .help = "servers before the change, N -> N+1", .lo = 1, .hi = kMaxServers, .has_default = true, .default_integer = 4},
  {.id = Param::ring_vs_mod_vnodes, .where = "ringVsMod", .name = "vnodes", .flag = "--vnodes", .metavar = "V",
   .help = "virtual nodes per server", .lo = 1, .hi = static_cast<std::int64_t>(kMaxRingPoints), .has_default = true,
   .default_integer = kDefaultVnodes},

  {.id = Param::vnode_sweep_seed, .where = "vnodeSweep", .name = "seed", .flag = "--seed", .metavar = "S",
   .help = "PRNG seed for the keys", .lo = -kMaxSafeInteger, .hi = kMaxSafeInteger, .has_default = true, .default_integer = kCourseSeed},
  {.id = Param::vnode_sweep_servers, .where = "vnodeSweep", .name = "servers", .flag = "--servers", .metavar = "N",
   .help = "servers", .lo = 1, .hi = kMaxServers, .has_default = true, .default_integer = 10},
  {.id = Param::vnode_sweep_keys, .where = "vnodeSweep", .name = "keys", .flag = "--keys", .metavar = "K",
   .help = "number of keys", .lo = 0, .hi = kMaxKeys, .has_default = true, .default_integer = 100000},
  {.id = Param::vnode_sweep_vnodes, .where = "vnodeSweep", .name = "vnodes", .flag = "--vnodes", .metavar = "LIST",
   .help = "comma-separated V values, a row each", .kind = ParamKind::integer_list, .lo = 1,
   .hi = static_cast<std::int64_t>(kMaxRingPoints), .above = ErrorCode::out_of_range, .has_default = true,
   .default_list = kDefaultVnodeList},

  {.id = Param::hrw_jump_seed, .where = "hrwJump", .name = "seed", .flag = "--seed", .metavar = "S",
   .help = "PRNG seed for the keys", .lo = -kMaxSafeInteger, .hi = kMaxSafeInteger, .has_default = true, .default_integer = kCourseSeed},
  {.id = Param::hrw_jump_keys, .where = "hrwJump", .name = "keys", .flag = "--keys", .metavar = "K",
   .help = "number of keys", .lo = 0, .hi = kMaxKeys, .has_default = true, .default_integer = 10000},
  {.id = Param::hrw_jump_servers, .where = "hrwJump", .name = "servers", .flag = "--servers", .metavar = "N",
   .help = "rendezvous servers S0..S{N-1}", .lo = 1, .hi = kMaxServers, .has_default = true, .default_integer = 5},
  {.id = Param::hrw_jump_remove, .where = "hrwJump", .name = "remove", .flag = "--remove", .metavar = "R",
   .help = "index of the server removed", .lo = 0, .hi = kMaxServers - 1, .range_note = "0 to N-1", .has_default = true,
   .default_integer = 2},
  // jump then runs with buckets + 1, which must stay within jump's 2^31 - 1.
  {.id = Param::hrw_jump_buckets, .where = "hrwJump", .name = "buckets", .flag = "--buckets", .metavar = "B",
   .help = "jump buckets before growing to B+1", .lo = 1, .hi = kMaxBuckets - 1, .has_default = true, .default_integer = 10},

  {.id = Param::compare_servers, .where = "compare", .name = "servers", .flag = "--servers", .metavar = "N",
   .help = "servers S0..S{N-1} before the change", .lo = 1, .hi = kMaxServers, .has_default = true, .default_integer = 10},
  {.id = Param::compare_vnodes, .where = "compare", .name = "vnodes", .flag = "--vnodes", .metavar = "V",
   .help = "virtual nodes per server", .lo = 1, .hi = static_cast<std::int64_t>(kMaxRingPoints), .has_default = true,
   .default_integer = kDefaultVnodes},
  {.id = Param::compare_seed, .where = "compare", .name = "seed", .flag = "--seed", .metavar = "S",
   .help = "PRNG seed for the keys", .lo = -kMaxSafeInteger, .hi = kMaxSafeInteger, .has_default = true, .default_integer = kCourseSeed},
  {.id = Param::compare_keys, .where = "compare", .name = "keys", .flag = "--keys", .metavar = "K",
   .help = "number of keys", .lo = 0, .hi = kMaxCompareKeys, .above = ErrorCode::limit_exceeded, .has_default = true,
   .default_integer = 100000},
  {.id = Param::compare_change, .where = "compare", .name = "change", .flag = "--change", .metavar = "C",
   .help = "the change", .kind = ParamKind::change, .has_default = true, .default_text = "add"},
  {.id = Param::compare_epsilon, .where = "compare", .name = "epsilon", .flag = "--epsilon", .metavar = "E",
   .help = "bounded loads' slack", .kind = ParamKind::number, .min = 0, .min_open = true, .has_default = true,
   .default_number = 0.25},
  {.id = Param::compare_table_size, .where = "compare", .name = "tableSize", .flag = "--table", .metavar = "M",
   .help = "Maglev table size", .lo = 1, .hi = kMaxMaglevTableSize, .above = ErrorCode::limit_exceeded,
   .range_note = "a prime, servers after the change to {hi}", .has_default = true, .default_integer = kDefaultMaglevTableSize},
  // One entry for compare and the three experiments: the same range, and no default (left out, a
  // run takes every core the machine has, one in WebAssembly). The results are the same for every count.
  {.id = Param::threads, .where = "compare, ringVsMod, vnodeSweep, hrwJump", .name = "threads", .flag = "--threads", .metavar = "T",
   .help = "threads; all cores when left out", .lo = 1, .hi = kMaxThreads},

  {.id = Param::digest_seed, .where = "placementDigest", .name = "seed", .flag = "--seed", .metavar = "S",
   .help = "PRNG seed for the keys", .lo = -kMaxSafeInteger, .hi = kMaxSafeInteger, .has_default = true, .default_integer = kCourseSeed},
  {.id = Param::digest_keys, .where = "placementDigest", .name = "keys", .flag = "--keys", .metavar = "K",
   .help = "number of keys", .lo = 0, .hi = kMaxDigestKeys, .above = ErrorCode::limit_exceeded, .has_default = true,
   .default_integer = 100000},

  {.id = Param::jump_key, .where = "jump", .name = "key", .flag = "KEY", .metavar = "KEY", .help = "a 64-bit key",
   .kind = ParamKind::key64},
  {.id = Param::jump_buckets, .where = "jump", .name = "buckets", .flag = "BUCKETS", .metavar = "BUCKETS",
   .help = "number of buckets", .lo = 1, .hi = kMaxBuckets},

  {.id = Param::mod_n, .where = "modN", .name = "n", .help = "servers", .lo = 1, .hi = 4294967295},
  {.id = Param::hash, .where = "modN, Ring.ownerOfHash, Maglev.lookupHash, TokenRing.routeHash, searchTrace",
   .name = "hash", .help = "a 32-bit hash", .lo = 0, .hi = 4294967295},

  {.id = Param::seed, .where = "mulberry32, keys, keyNumbers, keyHashes", .name = "seed", .help = "PRNG seed",
   .lo = -kMaxSafeInteger, .hi = kMaxSafeInteger},
  {.id = Param::count, .where = "keys, keyNumbers, keyHashes, Mulberry32.nextUint32Many, batch calls",
   .name = "count", .help = "values per call", .lo = 0, .hi = kMaxKeys, .above = ErrorCode::limit_exceeded},

  {.id = Param::ring_servers, .where = "ring", .name = "servers", .help = "servers S0..S{N-1}", .lo = 1,
   .hi = static_cast<std::int64_t>(kMaxRingPoints)},
  {.id = Param::ring_vnodes, .where = "ring", .name = "vnodes", .help = "virtual nodes per server (per unit weight)",
   .lo = 1, .hi = static_cast<std::int64_t>(kMaxRingPoints), .has_default = true, .default_integer = kDefaultVnodes},
  {.id = Param::weight, .where = "ring, weightedRendezvous, maglev, Ring.add, Ring.setWeight", .name = "weight",
   .help = "a server's weight", .kind = ParamKind::number, .min = 0, .min_open = true, .has_default = true,
   .default_number = 1},
  {.id = Param::rf, .where = "Ring.preferenceList, preferenceWalk", .name = "rf", .help = "replication factor",
   .lo = 1},

  {.id = Param::rendezvous_servers, .where = "rendezvous, weightedRendezvous", .name = "servers",
   .help = "servers S0..S{N-1}", .lo = 0, .hi = static_cast<std::int64_t>(kMaxRingPoints),
   .above = ErrorCode::limit_exceeded},
  {.id = Param::top_k, .where = "Rendezvous.top, WeightedRendezvous.top", .name = "k", .help = "servers wanted",
   .lo = 0},

  {.id = Param::maglev_backends, .where = "maglev", .name = "backends", .help = "backends S0..S{N-1}", .lo = 1,
   .hi = kMaxMaglevTableSize, .above = ErrorCode::limit_exceeded},
  {.id = Param::maglev_table_size, .where = "maglev", .name = "tableSize", .help = "Maglev table size", .lo = 1,
   .hi = kMaxMaglevTableSize, .above = ErrorCode::limit_exceeded, .range_note = "a prime, backends to {hi}",
   .has_default = true, .default_integer = kDefaultMaglevTableSize},
  {.id = Param::maglev_backend, .where = "Maglev.offset, Maglev.skip", .name = "backend", .help = "a backend's index",
   .lo = 0, .hi = kMaxMaglevTableSize - 1, .range_note = "0 to backends - 1"},

  {.id = Param::token_ring_bits, .where = "tokenRing", .name = "bits", .help = "the ring is [0, 2^bits)", .lo = 1,
   .hi = 32, .has_default = true, .default_integer = 32},
  {.id = Param::token, .where = "TokenRing.add", .name = "token", .help = "a vnode's token", .lo = 0,
   .hi = 4294967295, .above = ErrorCode::token_out_of_range, .below = ErrorCode::token_out_of_range, .range_note = "0 to 2^bits - 1"},

  {.id = Param::bounded_epsilon, .where = "boundedLoads", .name = "epsilon", .help = "the slack", .kind = ParamKind::number,
   .min = 0, .min_open = true},

  {.id = Param::theory_n, .where = "theory", .name = "n", .help = "servers", .lo = 1, .hi = 4294967295},
  {.id = Param::theory_v, .where = "theory.sdOverMean", .name = "v", .help = "virtual nodes per server", .lo = 1,
   .hi = 4294967295},
  {.id = Param::theory_m, .where = "theory", .name = "m", .help = "servers after", .lo = 1, .hi = 4294967295},
  {.id = Param::harmonic_n, .where = "theory.harmonic", .name = "n", .help = "terms", .lo = 0, .hi = 4294967295},
  {.id = Param::theory_target, .where = "theory.vnodesFor", .name = "target", .help = "the sd/mean wanted",
   .kind = ParamKind::number, .min = 0, .min_open = true},

  {.id = Param::hit_ratio, .where = "cacheWhatIf", .name = "hitRatio", .help = "the hit ratio before",
   .kind = ParamKind::number, .min = 0, .max = 1, .max_open = true},
  {.id = Param::moved_fraction, .where = "cacheWhatIf", .name = "movedFraction", .help = "the fraction of keys moved",
   .kind = ParamKind::number, .min = 0, .max = 1},

  {.id = Param::hot_keys_seed, .where = "hotKeys", .name = "seed", .help = "PRNG seed for the keys",
   .lo = -kMaxSafeInteger, .hi = kMaxSafeInteger, .has_default = true, .default_integer = kCourseSeed},
  {.id = Param::hot_keys_keys, .where = "hotKeys", .name = "keys", .help = "distinct keys", .lo = 1, .hi = kMaxHotKeys,
   .above = ErrorCode::limit_exceeded, .has_default = true, .default_integer = 1000},
  {.id = Param::hot_keys_requests, .where = "hotKeys", .name = "requests", .help = "requests drawn", .lo = 0,
   .hi = kMaxHotRequests, .above = ErrorCode::limit_exceeded, .has_default = true, .default_integer = 100000},
  {.id = Param::hot_keys_s, .where = "hotKeys", .name = "s", .help = "the Zipf exponent", .kind = ParamKind::number,
   .min = 0, .has_default = true, .default_number = 1},
  {.id = Param::hot_keys_hot, .where = "hotKeys", .name = "hot", .help = "hottest keys spread over copies", .lo = 0,
   .hi = kMaxHotKeys, .range_note = "0 to keys", .has_default = true, .default_integer = 1},
  {.id = Param::hot_keys_copies, .where = "hotKeys", .name = "copies", .help = "copies of each hot key", .lo = 1,
   .hi = kMaxHotCopies, .above = ErrorCode::limit_exceeded, .has_default = true, .default_integer = 1},
};
// clang-format on

inline constexpr std::size_t kParamCount = std::size(kParamTable);

// The entry of a parameter.
[[nodiscard]] constexpr const ParamSpec& param(Param p) noexcept { return kParamTable[static_cast<std::size_t>(p)]; }
// Whether `spec` is a parameter of the JavaScript function `function`: its `where` names it, alone
// or in a list ("compare, ringVsMod, ..."). The CLI gives a command the flags of its function's
// parameters.
[[nodiscard]] constexpr bool belongs_to(const ParamSpec& spec, std::string_view function) noexcept {
  std::string_view rest = spec.where;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(", ");
    if (rest.substr(0, comma) == function) return true;
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 2);
  }
  return false;
}
// The whole table, in the order above.
[[nodiscard]] constexpr std::span<const ParamSpec> params() noexcept { return kParamTable; }

// Each entry sits at its Param's index, so param() is an index.
static_assert([] {
  for (std::size_t i = 0; i < kParamCount; ++i)
    if (static_cast<std::size_t>(kParamTable[i].id) != i) return false;
  return true;
}());

// ---------------------------------------------------------------------------------------------
// Checks

// The error of a value outside spec's range, by the rule that words the range ("between",
// "atLeast", "aboveFinite", "atLeastFinite", "interval"), with its bounds and the value given.
// lo and hi replace the table's bounds (for a bound another value decides); name replaces the
// parameter's name.
[[nodiscard]] Error range_error(ErrorCode code, const ParamSpec& spec, ErrorValue got, std::string_view name = {});
[[nodiscard]] Error range_error(ErrorCode code, const ParamSpec& spec, std::int64_t lo, std::int64_t hi, ErrorValue got,
                                std::string_view name = {});

// How a rule words a parameter's range: "between 1 and 100000", ">= 1", "finite and > 0",
// "in [0, 1)". lo and hi replace the table's bounds (for a bound another value decides).
[[nodiscard]] std::string requirement(const ParamSpec& spec);
[[nodiscard]] std::string requirement(const ParamSpec& spec, std::int64_t lo, std::int64_t hi);

// An integer parameter: returns value, or throws spec.below below lo and spec.above above hi.
std::int64_t check_integer(Param p, std::int64_t value);
// The same with bounds decided at the call (remove < servers, tableSize >= backends, ...).
std::int64_t check_integer(Param p, std::int64_t value, std::int64_t lo, std::int64_t hi);
// The same by entry, whichever table it is in (system_params.hpp's overloads call these).
std::int64_t check_integer(const ParamSpec& spec, std::int64_t value);
std::int64_t check_integer(const ParamSpec& spec, std::int64_t value, std::int64_t lo, std::int64_t hi);
// A real-valued parameter: returns value, or throws out_of_range (NaN and infinities included).
double check_number(Param p, double value);

// The type rule for JavaScript numbers: value as an integer, or Error(invalid_argument,
// "<name> must be a safe integer, got <String(value)>") for NaN, infinities, fractions and
// integers beyond 2^53 - 1.
[[nodiscard]] std::int64_t safe_integer(double value, std::string_view name);

// The type rule for command-line text: the value JavaScript's Number(text) gives for the plain
// decimal forms ([+-]digits[.digits][e[+-]digits]), required to be a safe integer (or, for
// number_from_text, any number: a value beyond the doubles is an infinity, which the range
// check then refuses). Errors: "<name> must be a safe integer, got <shown_text(text)>",
// "<name> must be a number, got <shown_text(text)>".
[[nodiscard]] std::int64_t integer_from_text(std::string_view text, std::string_view name);
[[nodiscard]] double number_from_text(std::string_view text, std::string_view name);
// How a message shows command-line text: as typed when it is a plain decimal number, otherwise
// in double quotes.
[[nodiscard]] std::string shown_text(std::string_view text);
// Whether text is one of the plain decimal forms above.
[[nodiscard]] bool is_decimal_text(std::string_view text) noexcept;

// ---------------------------------------------------------------------------------------------
// Grammars

// A comma-separated list of integers ("1,10,100"), each by integer_from_text with `name`.
// The list's own rules (length, each value's range) are check_list's.
[[nodiscard]] std::vector<std::int64_t> integer_list_from_text(std::string_view text, std::string_view name);
// A list parameter: 1 .. kMaxVnodeList values (none: invalid_argument, more: limit_exceeded,
// "vnodes must list between 1 and 100 values, got 101"), each checked by check_integer.
void check_list(Param p, std::span<const std::int64_t> values);

// Jump's key from decimal text (an optional sign, then digits, any number of them): 0 .. 2^64 - 1.
// "key must be an integer, got 1.5" (invalid_argument) for other text, "key must be between 0
// and 18446744073709551615, got -1" (out_of_range) outside the range. JavaScript passes
// String(key) of a bigint or a number here to have the same words as the CLI.
[[nodiscard]] std::uint64_t jump_key_from_text(std::string_view text);

// A comparison's change.
enum class ChangeKind : std::uint8_t {
  add,     // a server joins (appended to the list)
  remove,  // a server leaves gracefully
  fail,    // a server disappears (placements treat it like remove)
  weight,  // a server's weight changes
};

struct Change {
  ChangeKind kind = ChangeKind::add;
  std::u16string name;  // add: the new server's name ("" = "S{N}"); otherwise the server changed
  double weight = 1.0;  // add: the new server's weight; weight: the new weight
};

// add | add:NAME | remove:NAME | fail:NAME | weight:NAME=W (W a plain decimal number). A name may
// hold any character ("add:a@5" adds "a@5"). The server seam's changes extend it with an add that
// carries a token (parse_server_change, placers.hpp), which compare has no use for.
// Errors: "change must be add, add:NAME, remove:NAME, fail:NAME or weight:NAME=W, got "foo""
// for text of another shape (remove without a name included), "change weight must be a number,
// got "abc"" and "change weight must be finite and > 0, got 0" for W.
[[nodiscard]] Change parse_change(std::u16string_view text);
// The same change from its parts (JavaScript's { kind, name?, weight? }): kind is one of add,
// remove, fail, weight; remove, fail and weight need a name; weight needs a weight. Errors name
// the field: "change.kind must be add, remove, fail or weight, got "x"", "change.name must be a
// server's name, got """, "change.weight must be finite and > 0, got undefined".
[[nodiscard]] Change change_from_parts(std::string_view kind, const std::u16string& name, std::optional<double> weight);
// The table's default change (compare_change), parsed.
[[nodiscard]] Change default_change();
// A change's weight (add's new server, weight's new weight): "change weight must be finite and > 0, got 0".
void check_change_weight(double weight);

// UTF-16 units as UTF-8 for messages (lone surrogates become U+FFFD).
[[nodiscard]] std::string utf8_for_message(std::u16string_view s);

// ---------------------------------------------------------------------------------------------
// Defaults

// Every default of the library, from the table: what a function uses for a value left out.
struct Defaults {
  struct RingVsMod {
    std::int64_t seed, keys, servers, vnodes;
  } ring_vs_mod;
  struct VnodeSweep {
    std::int64_t seed, servers, keys;
    std::vector<std::int64_t> vnodes;
  } vnode_sweep;
  struct HrwJump {
    std::int64_t seed, keys, servers, remove, buckets;
  } hrw_jump;
  struct Compare {
    std::int64_t servers, vnodes, seed, keys;
    std::string change;
    double epsilon;
    std::int64_t table_size;
  } compare;
  struct Digest {
    std::int64_t seed, keys;
  } digest;
  struct RingOptions {
    std::int64_t vnodes;
    double weight;  // a server's, when not given (also weighted rendezvous and Maglev)
  } ring;
  struct MaglevOptions {
    std::int64_t table_size;
  } maglev;
  struct TokenRingOptions {
    std::int64_t bits;
  } token_ring;
  struct HotKeys {
    std::int64_t seed, keys, requests;
    double s;
    std::int64_t hot, copies;
  } hot_keys;
};
[[nodiscard]] Defaults defaults();

}  // namespace ringlab
