// The parameters of the bucket hashers (buckets.hpp): each bucket algorithm's options (the flags of
// `ringlab bucket ALGORITHM` and the fields of the package's options for it) and the inputs they
// take. A table of its own, as system_params.hpp is: the main WebAssembly module reads the
// registry (compare, the digest) but builds no bucket hasher, and so carries none of these rows.
// Same entries, same rules: check_integer() and the messages are params.hpp's.
//
// An option's row is named as the BucketOptions field it fills ("buckets", "capacity", "seed"):
// the name is the option's everywhere (--buckets, { buckets }, "buckets must be ..."). Its range
// and default are the algorithm's: an algorithm takes the rows whose ranges are its reference's,
// and a range no row has yet is a row of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>

#include "ringlab/params.hpp"

namespace ringlab {

enum class BucketParam : std::uint8_t {
  // The input of a bucket hasher, by its kind (BucketInput): ringlab bucket's INPUT, the handle's
  // bucket(input). A text input has no row: any text is a key.
  input_u64,
  input_u32,
  // Each algorithm's options, in the registry's order of the algorithms.
  mod_n_buckets,
  jump_buckets,
  fliphash_seed,
  // The algorithms of a capacity (AnchorHash's a, DxHash's slots): buckets live at the start, up to it.
  capacity_buckets,
  anchor_capacity,
  dx_capacity,
  // Multi-probe consistent hashing's nodes, by name, and its probes per key.
  multiprobe_nodes,
  multiprobe_probes,
};

// The most probes of multi-probe consistent hashing: 1 + 1/ε probes give a peak-to-average load of
// 1 + ε, so 1,024 reach ε ≈ 0.001; each probe is a search of the nodes' points, for every key.
inline constexpr std::int64_t kMaxMultiProbeProbes = 1024;

// The most buckets an algorithm of a capacity makes room for: 2^24, as the ring's points. Its
// tables are allocated whole when it is built (AnchorHash: 16 bytes a bucket, 256 MiB at this
// cap), so a larger request is refused before anything is allocated.
inline constexpr std::int64_t kMaxBucketCapacity = std::int64_t{1} << 24;

// clang-format off
// In BucketParam's order; an entry's id is unused (Param names none of these).
inline constexpr ParamSpec kBucketParamTable[] = {
  {.where = "bucket", .name = "input", .flag = "INPUT", .metavar = "INPUT", .help = "a 64-bit integer",
   .kind = ParamKind::key64},
  {.where = "bucket", .name = "input", .flag = "INPUT", .metavar = "INPUT", .help = "a 32-bit integer",
   .lo = 0, .hi = 4294967295},

  // mod-N: any count a 32-bit hash can be divided by (rl.modN's n). Also every algorithm whose
  // reference counts more buckets than the seam's 32-bit buckets hold, as FlipHash's 64-bit range.
  {.where = "bucket mod-n", .name = "buckets", .flag = "--buckets", .metavar = "N", .help = "number of buckets",
   .lo = 1, .hi = 4294967295},
  // Jump's buckets, as rl.jump takes them: 1 to 2^31 - 1. Also every algorithm whose reference
  // counts its buckets in a Java int, as hash4j's do.
  {.where = "bucket jump", .name = "buckets", .flag = "--buckets", .metavar = "N", .help = "number of buckets",
   .lo = 1, .hi = kMaxBuckets},
  // FlipHash's seed, as fliphash-rs's fliphash_64_with_seed takes it: any 64 bits, 0 (its
  // fliphash_64) when not given.
  {.where = "bucket fliphash", .name = "seed", .flag = "--seed", .metavar = "S", .help = "seed of its hash",
   .kind = ParamKind::key64, .has_default = true, .default_integer = 0},
  // An algorithm of a capacity: the buckets live at the start are some of those it has room for
  // (the seam checks buckets <= capacity).
  {.where = "bucket anchor", .name = "buckets", .flag = "--buckets", .metavar = "N", .help = "buckets live at the start",
   .lo = 1, .hi = kMaxBucketCapacity, .range_note = "1 to capacity"},
  // AnchorHash's a: room for as many buckets again as start live, unless told otherwise.
  {.where = "bucket anchor", .name = "capacity", .flag = "--capacity", .metavar = "A",
   .help = "the most buckets it can hold", .lo = 1, .hi = kMaxBucketCapacity, .has_default = true,
   .default_text = "2 x buckets", .default_from = "buckets", .default_of = [](std::int64_t n) { return 2 * n; }},
  // DxHash's slots at the start: the reference's one-argument constructor makes them the least
  // power of two >= its live buckets. An addition with every slot live grows them (up to the cap).
  {.where = "bucket dx", .name = "capacity", .flag = "--capacity", .metavar = "A",
   .help = "buckets before it grows", .lo = 1, .hi = kMaxBucketCapacity, .has_default = true,
   .default_text = "the least power of 2 >= buckets", .default_from = "buckets",
   .default_of = [](std::int64_t n) {
     std::int64_t p = 1;
     while (p < n) p <<= 1;
     return p;
   }},
  // Multi-probe consistent hashing's nodes: at least one (the reference's lookup finds no node in
  // an empty list), up to 2^24 as the capacities', each name once (two of a name would be one
  // point) and none empty.
  {.where = "bucket multiprobe", .name = "nodes", .flag = "--nodes", .metavar = "N1,N2,...", .help = "the nodes' names",
   .kind = ParamKind::name_list, .lo = 1, .hi = kMaxBucketCapacity},
  // Its probes per key, k: 21, as the reference's test, unless told otherwise.
  {.where = "bucket multiprobe", .name = "probes", .flag = "--probes", .metavar = "K", .help = "probes per key",
   .lo = 1, .hi = kMaxMultiProbeProbes, .has_default = true, .default_integer = 21},
};
// clang-format on

inline constexpr std::size_t kBucketParamCount = std::size(kBucketParamTable);

// Each entry sits at its BucketParam's index, so param() is an index: the first and the last are
// where they belong, and there are as many entries as BucketParams.
static_assert(kBucketParamTable[static_cast<std::size_t>(BucketParam::input_u64)].kind == ParamKind::key64);
static_assert(kBucketParamTable[static_cast<std::size_t>(BucketParam::fliphash_seed)].where == "bucket fliphash");
static_assert(kBucketParamCount == static_cast<std::size_t>(BucketParam::multiprobe_probes) + 1);
static_assert(kBucketParamTable[static_cast<std::size_t>(BucketParam::jump_buckets)].where == "bucket jump");
static_assert(kBucketParamTable[static_cast<std::size_t>(BucketParam::anchor_capacity)].name == "capacity");
static_assert(kBucketParamTable[static_cast<std::size_t>(BucketParam::dx_capacity)].where == "bucket dx");
static_assert(kBucketParamTable[static_cast<std::size_t>(BucketParam::multiprobe_nodes)].kind == ParamKind::name_list);

[[nodiscard]] constexpr const ParamSpec& param(BucketParam p) noexcept {
  return kBucketParamTable[static_cast<std::size_t>(p)];
}
// The whole table, in BucketParam's order.
[[nodiscard]] constexpr std::span<const ParamSpec> bucket_params() noexcept { return kBucketParamTable; }

}  // namespace ringlab
