// The lab: every algorithm of both seams (buckets.hpp's bucket hashers, placers.hpp's placers), read
// from the registry, on the same seeded keys, measured the way the SUPSI consistent-hashing
// benchmark measures them: balance, monotonicity under removal and restore, the work of a lookup
// (its trace's steps), the bytes its state holds and balance after removal histories. Every figure
// is a count or a ratio of counts computed with integers, so `ringlab lab` prints the same bytes
// natively and in WebAssembly. Times are measured only when asked for (LabParams::times), and
// printed only then: they differ from run to run.
//
// The keys: one Mulberry32(seed) (random.hpp), two draws a key, hi then lo, make the 64-bit key
// (hi << 32 | lo). A u64 algorithm takes it whole, a u32 one its low 32 bits, a text one (and every
// placer) its decimal digits. Servers are named as `ringlab compare` names them, S0 .. S{n-1}, and
// so are multi-probe's nodes; bucket and server i are the same place in every table.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ringlab/params.hpp"

namespace ringlab {

// `ringlab lab`'s rows of the parameter table are its own (where = "lab"): the CLI's Command reads
// them for its flags, its help and its errors' spelling.
//
// N goes to 10^6, and the keys, N x K, to kMaxLabKeys: a run holds about 50 bytes a key (the keys,
// the distinct keys, their hashes in two orders and three vectors of places), 0.5 GB at 10^7,
// which WebAssembly's 2 GB holds beside the largest algorithm built at 10^6 (Maglev's table of
// 16,777,213 entries; the ring's 2^24 points refuse 10^6 servers). So K's bound is its row's 100 up to
// N = 10^5 and floor(10^7 / N) above, 10 at N = 10^6; K left out is that bound, the most keys N
// allows (lab_max_keys_per_bucket).
inline constexpr std::int64_t kMaxLabBuckets = 1'000'000;
inline constexpr std::int64_t kMaxLabKeysPerBucket = 100;
inline constexpr std::int64_t kMaxLabKeys = 10'000'000;
// K's bound at `buckets` buckets, and its value when left out: kMaxLabKeysPerBucket, or
// floor(kMaxLabKeys / buckets) when that is less. Keys per bucket's row words it for --help; lab()
// checks K against it once `buckets` is checked.
constexpr std::int64_t lab_max_keys_per_bucket(std::int64_t buckets) {
  return buckets < 1 ? kMaxLabKeysPerBucket : std::min(kMaxLabKeysPerBucket, kMaxLabKeys / buckets);
}
inline constexpr ParamSpec kLabParams[] = {
    {.where = "lab",
     .name = "buckets",
     .flag = "--buckets",
     .metavar = "N",
     .help = "buckets, servers S0..S{N-1} and multi-probe's nodes",
     .lo = 1,
     .hi = kMaxLabBuckets,
     .has_default = true,
     .default_integer = 1000},
    {.where = "lab",
     .name = "keysPerBucket",
     .flag = "--keys-per-bucket",
     .metavar = "K",
     .help = "keys per bucket",
     .lo = 1,
     .hi = kMaxLabKeysPerBucket,
     .range_note = "1 to {hi}, N x K <= 10^7",
     .has_default = true,
     .default_integer = kMaxLabKeysPerBucket,
     .default_text = "10^7 / N, at most 100",
     .default_from = "buckets",
     .default_of = lab_max_keys_per_bucket},
    {.where = "lab",
     .name = "seed",
     .flag = "--seed",
     .metavar = "S",
     .help = "PRNG seed for the keys",
     .lo = -kMaxSafeInteger,
     .hi = kMaxSafeInteger,
     .has_default = true,
     .default_integer = kCourseSeed},
};

struct LabParams {
  std::int64_t buckets = 1000;
  // Left out: the most keys `buckets` allows, lab_max_keys_per_bucket(buckets).
  std::optional<std::int64_t> keys_per_bucket{};
  std::int64_t seed = kCourseSeed;
  // The threads the algorithms are measured on (Param::threads' range), all cores when left out;
  // every count is the same for every thread count, so the outputs are too.
  std::optional<std::int64_t> threads{};
  // Told as each algorithm's row is complete: its name, the rows complete so far and the rows. One
  // call at a time, from the thread that completed the row: a page's progress (the lab's module).
  std::function<void(std::string_view algorithm, std::size_t complete, std::size_t rows)> progress{};
  // Whether to time each algorithm's build and lookups (LabTimes): off, the output is the same
  // bytes on every run.
  bool times = false;
};

// Times, measured only with LabParams::times; wall-clock, so they vary from run to run and with
// the machine's load, and no test holds them to a value. The build is timed once (the lab's own
// build at n); a lookup is the median of kLabTimeRepeats passes over the first keys (at most
// kLabTimeKeys, fewer for an algorithm whose lookup takes many trace steps).
inline constexpr std::uint32_t kLabTimeRepeats = 5;
inline constexpr std::uint64_t kLabTimeKeys = 65'536;
struct LabTimes {
  double init_ms = 0;             // building it at n
  std::uint64_t keys = 0;         // the keys each lookup pass timed
  std::optional<double> hash_ns;  // per key, hashing its text (h32), for a placer that maps a hash
  double map_ns = 0;              // per key, the rest of the lookup: the hash to its server, or the whole lookup
                                  // of an algorithm that has no such split (every bucket hasher, rendezvous)
};

// An algorithm whose lookups take more trace steps than this for all the keys (its steps a lookup,
// rounded up, x the keys) is measured for its work only: rendezvous scores every server, and at
// 100,000 servers and 10^7 keys would score 10^12 times. Every other algorithm runs in full.
inline constexpr std::uint64_t kMaxLabWork = 2'000'000'000;

// Balance over the live buckets (servers): counts of `keys` lookups. Min% and Max% are
// Min x live / keys and Max x live / keys, in hundredths of a percent; Var is the mean over the
// live buckets of (count - Expected)^2, in hundredths.
struct LabBalance {
  std::uint64_t keys = 0;
  std::uint32_t live = 0;
  std::uint64_t min = 0;
  std::uint64_t max = 0;
  std::uint64_t expected = 0;      // floor(keys / live)
  std::uint64_t min_pct_x100 = 0;  // round(Min x live x 10000 / keys)
  std::uint64_t max_pct_x100 = 0;
  std::uint64_t var_x100 = 0;  // round(100 x sum (count - Expected)^2 / live)
  // Keys with no bucket: DxHash gives up on a key after 4 x its slots' probes, which happens when
  // few of its slots are live. They count among the keys, in no bucket's count.
  std::uint64_t unplaced = 0;
};

// Monotonicity: the distinct keys looked up (A), the last floor(f x n) buckets removed, n-1 down
// (B), then added again in the reverse order (C).
struct LabMonotonicity {
  std::uint32_t fraction_pct = 0;  // f, in percent: 10, 30, 50
  std::uint32_t removed = 0;
  std::uint64_t keys_in_removed_nodes = 0;          // A among the removed
  std::uint64_t keys_moved_from_removed_nodes = 0;  // A among the removed, B != A
  std::uint64_t keys_moved_from_other_nodes = 0;    // A not removed, B != A
  std::uint64_t nodes_losing_keys = 0;              // distinct A of the keys with B != A
  std::uint64_t keys_moved_to_restored_nodes = 0;   // C != B, C among the removed
  std::uint64_t keys_moved_to_other_nodes = 0;      // C != B, C not removed
  std::uint64_t nodes_gaining_keys = 0;             // distinct C of the keys with C != B
  std::uint64_t keys_relocated_after_resize = 0;    // C != A
  std::uint64_t nodes_changed_after_resize = 0;     // distinct A and C of the keys with C != A
};

// One kind of trace step and its count per lookup over the first min(1000, keys) keys: the total
// and the lookups, so that the mean (total / lookups) is printed with integers.
struct LabWork {
  std::string kind;
  std::uint64_t total = 0;
};

// Balance after a removal history: `order` is random (a seeded shuffle of the buckets), fifo
// (0 up) or lifo (n-1 down); `fraction_pct` of the n buckets removed.
struct LabHistory {
  std::string order;
  std::uint32_t fraction_pct = 0;
  LabBalance balance;
  std::uint64_t memory_bytes = 0;  // its state's bytes after those removals (memory_bytes of the seams)
};

struct LabRow {
  std::string name;
  std::string seam;   // "bucket" or "server"
  std::string input;  // "u64", "u32", "text"
  // What it can remove: "any", "last" (only its last bucket) or "none".
  std::string removal;
  std::string skipped;  // why only its work was measured ("" when it ran in full)
  LabBalance balance;
  std::vector<LabMonotonicity> monotonicity;  // empty without removal
  std::uint64_t work_lookups = 0;
  std::vector<LabWork> work;  // the kinds its traces have, in the seam's order of kinds
  std::vector<LabHistory> histories;
  // The bytes its state holds once built at n (BucketHasher::memory_bytes, ServerPlacer's): the
  // containers' elements, the same natively and in WebAssembly.
  std::uint64_t memory_bytes = 0;
  std::optional<LabTimes> times;  // with LabParams::times only
};

struct LabResult {
  LabParams params;
  std::int64_t keys_per_bucket = 0;  // K: the one given, or the most n allows
  std::uint64_t keys = 0;            // n x K
  std::uint64_t distinct_keys = 0;   // of those, distinct (monotonicity's keys)
  std::vector<LabRow> rows;
};

// Every algorithm of both seams, in the registry's order (bucket hashers, then placers). Each
// value is checked against kLabParams (out_of_range).
[[nodiscard]] LabResult lab(const LabParams& params);

// The keys lab() looks up: `count` 64-bit keys from Mulberry32(seed).
[[nodiscard]] std::vector<std::uint64_t> lab_keys(std::int64_t seed, std::uint64_t count);

// A work kind's steps per lookup, in thousandths, rounded half up: the three decimals every output
// prints (total / lookups; 0 for no lookups).
[[nodiscard]] std::uint64_t lab_per_lookup_x1000(std::uint64_t total, std::uint64_t lookups);
// Bytes per bucket of the n built, in hundredths, rounded half up: the two decimals every output
// prints.
[[nodiscard]] std::uint64_t lab_bytes_per_bucket_x100(std::uint64_t bytes, std::int64_t buckets);

// The outputs of `ringlab lab`: aligned tables, one JSON object a line per algorithm, and CSV with
// the SUPSI benchmark's column names.
[[nodiscard]] std::string lab_text(const LabResult& r);
[[nodiscard]] std::string lab_json(const LabResult& r);
[[nodiscard]] std::string lab_csv(const LabResult& r);

// The papers' claims about the newer bucket hashers, each computed here by the core beside the
// paper's own figure (`ringlab lab --claims`): JumpBackHash's draws and FlipHash's hash
// evaluations at n = 1025, multi-probe's peak-to-average load with 21 probes, MementoHash's
// memory with n and with removals, AnchorHash's lookup steps as removals grow, DxHash's capacity
// doubling. Counts and ratios of counts over seeded keys: the same bytes natively and in
// WebAssembly.
struct LabClaim {
  std::string algorithm;  // the registry's name
  std::string paper;      // who, where
  std::string claim;      // what the paper asserts, in our words
  std::string paper_figure;
  std::string lab_figure;  // ringlab's, computed now
  std::string detail;      // the figures around it
  bool holds = false;      // whether ringlab's figure bears the paper's out, within `tolerance`
  std::string tolerance;
  // The numbers `lab_figure` and `detail` are made of, by name, as they print (a mean to its three
  // decimals, a share to its two): a page in another language writes them in its own words.
  std::vector<std::pair<std::string, double>> values;
};
[[nodiscard]] std::vector<LabClaim> lab_claims(std::int64_t seed);
[[nodiscard]] std::string lab_claims_text(const std::vector<LabClaim>& claims);
[[nodiscard]] std::string lab_claims_json(const std::vector<LabClaim>& claims);

}  // namespace ringlab
