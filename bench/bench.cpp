// ringlab_bench: the native half of `npm run bench` (scripts/bench.mjs drives it and writes
// bench/RESULTS.md). Prints one JSON object on stdout; every figure is a list of samples, one per
// timed repetition, so the driver reports the median and the spread itself.
//
//   ringlab_bench experiment ring-vs-mod|vnode-sweep|hrw-jump [--keys N] [--reps R] [--warmup W]
//       time inside ringlab::ring_vs_mod etc. (milliseconds per run), the text of the last run,
//       and the process's peak RSS (VmHWM)
//   ringlab_bench compare [--keys N] [--servers S] [--reps R] [--warmup W]
//       time inside ringlab::compare (ms per run) for S servers x 100 vnodes, one server added,
//       the rows of the last run without their build times, and the peak RSS
//   ringlab_bench ops [--pool N] [--reps R] [--warmup W]
//       nanoseconds per operation for the hot calls, over a pool of N distinct course keys
//       (default 1,000,000) walked in order: fresh keys, never a small set the branch predictor
//       or the caches could learn
//   ringlab_bench rendezvous [--keys N] [--servers S] [--reps R] [--warmup W] [--only NAME]
//       plain rendezvous over N keys x S servers: ms per pass and scores/s for each path of
//       Rendezvous::best_many / top2_many (scalar, SSE2, AVX2 as the processor has them), compare's
//       add row on them, and the per-key pick_prefix loop
//   ringlab_bench systems [--pool N] [--reps R] [--warmup W]
//       nanoseconds per key for each real system configured as bench/wasm.mjs's systems mode
//       configures it (same flags, same N / 10 course keys): the core's batch loop over the keys'
//       bytes (Placement::answer_bytes_many, NAME), the one the WebAssembly module runs for
//       placeMany given ASCII strings, and over their UTF-16 units (answer_utf16_many, NAME.utf16),
//       the one it runs for a chunk with other text
//   ringlab_bench buckets --scenario NAME:buckets=B[,capacity=C][,removed=R] ... [--pool N] [--reps R]
//                         [--warmup W]
//       nanoseconds per input for each bucket hasher's scenario (scripts/bench.mjs makes them from the
//       registry): N given hashes (SplitMix64's outputs; their low 32 bits for a u32 algorithm; for a
//       text algorithm N course keys and their xxh32) mapped to buckets by the algorithm's core
//       function in a loop (ID.core, where the table below has it) and through the seam's
//       bucket_many (ID.seam; a text algorithm's batch of the keys' bytes, hashing included), after R of
//       the B buckets were removed in a seeded random order. ID is NAME.nB, with -R when R > 0; each
//       row carries a checksum of its buckets, the same for every way of one scenario
//   ringlab_bench ops --only NAME ...
//       just one of them, e.g. under valgrind --tool=callgrind --instr-atstart=no: only the timed
//       passes are instrumented, so instructions / (pool x reps) is the cost of one operation
//
// --clock cpu times with this process's CPU time instead of the wall clock (steadier on a busy
// machine). Warm-up passes run first and are not reported.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/bounded.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/anchor.hpp"
#include "ringlab/buckets/binomial.hpp"
#include "ringlab/buckets/dx.hpp"
#include "ringlab/buckets/fliphash.hpp"
#include "ringlab/buckets/jumpback-anchor.hpp"
#include "ringlab/buckets/jumpback.hpp"
#include "ringlab/buckets/memento.hpp"
#include "ringlab/buckets/multiprobe.hpp"
#include "ringlab/buckets/siphash.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/systems/placement.hpp"
#include "ringlab/xxh32.hpp"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#endif
#endif
#ifndef CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#endif

namespace {

using Clock = std::chrono::steady_clock;

// Keeps a value alive so the measured work cannot be optimised away.
template <typename T>
inline void keep(const T& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}

bool use_cpu_clock = false;

// Seconds on the chosen clock.
double now_seconds() {
  if (use_cpu_clock) {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
  }
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

// Peak resident set size of this process in KiB (Linux), or -1.
long peak_rss_kb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  return -1;
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string json_list(const std::vector<double>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%.6g", i ? "," : "", v[i]);
    out += buf;
  }
  return out + "]";
}

struct Options {
  std::string only;                    // run just this operation
  std::vector<std::string> scenarios;  // the bucket hashers' (--scenario, repeated)
  std::int64_t keys = 1'000'000;
  std::int64_t pool = 1'000'000;
  std::int64_t servers = 10;
  int reps = 5;
  int warmup = 1;
};

// --------------------------------------------------------------------------------------------
// Experiments

// One thread, as WebAssembly runs: these figures are held against the module's (the threads'
// gain is the native CLI's rows in scripts/bench.mjs).
int run_experiment(const std::string& name, const Options& o) {
  std::function<std::string()> run;
  if (name == "ring-vs-mod") {
    ringlab::RingVsModParams p;
    p.keys = o.keys;
    p.threads = 1;
    run = [p] { return ringlab::ring_vs_mod(p).text; };
  } else if (name == "vnode-sweep") {
    ringlab::VnodeSweepParams p;
    p.keys = o.keys;
    p.threads = 1;
    run = [p] { return ringlab::vnode_sweep(p).text; };
  } else if (name == "hrw-jump") {
    ringlab::HrwJumpParams p;
    p.keys = o.keys;
    p.threads = 1;
    run = [p] { return ringlab::hrw_jump(p).text; };
  } else {
    std::fprintf(stderr, "ringlab_bench: unknown experiment %s\n", name.c_str());
    return 2;
  }
  std::string text;
  for (int i = 0; i < o.warmup; ++i) text = run();
  std::vector<double> ms;
  for (int i = 0; i < o.reps; ++i) {
    const double t0 = now_seconds();
    text = run();
    ms.push_back((now_seconds() - t0) * 1e3);
  }
  std::printf("{\"experiment\":%s,\"keys\":%lld,\"ms\":%s,\"peakRssKb\":%ld,\"text\":%s}\n", json_string(name).c_str(),
              static_cast<long long>(o.keys), json_list(ms).c_str(), peak_rss_kb(), json_string(text).c_str());
  return 0;
}

// The comparison: S servers x 100 vnodes, one server added. The rows are printed without their
// build times (which vary run to run) so that the driver can hold them to the WASM run's. One
// thread, as WebAssembly runs.
int run_compare(const Options& o) {
  ringlab::Scenario sc;
  sc.threads = 1;
  sc.servers = ringlab::compare_servers(o.servers);
  sc.vnodes = 100;
  sc.keys = o.keys;
  std::vector<ringlab::ComparisonRow> rows;
  for (int i = 0; i < o.warmup; ++i) rows = ringlab::compare(sc);
  std::vector<double> ms;
  for (int i = 0; i < o.reps; ++i) {
    const double t0 = now_seconds();
    rows = ringlab::compare(sc);
    ms.push_back((now_seconds() - t0) * 1e3);
  }
  for (auto& r : rows) r.build_ms = 0;
  std::printf("{\"compare\":true,\"keys\":%lld,\"servers\":%lld,\"ms\":%s,\"peakRssKb\":%ld,\"rows\":%s}\n",
              static_cast<long long>(o.keys), static_cast<long long>(o.servers), json_list(ms).c_str(), peak_rss_kb(),
              ringlab::comparison_json(rows).c_str());
  return 0;
}

// --------------------------------------------------------------------------------------------
// Operations

// The course's keys for a seed, as UTF-16 units back to back (key i is units[offsets[i] ..
// offsets[i+1])), as a JavaScript caller hands them over in a batch.
struct KeyPool {
  std::vector<char16_t> units;
  std::vector<std::uint32_t> offsets{0};
  std::vector<std::uint32_t> hashes;

  KeyPool(std::int64_t seed, std::size_t count) {
    ringlab::CourseKeys keys(seed);
    units.reserve(count * 15);
    for (std::size_t i = 0; i < count; ++i) {
      for (char c : keys.next()) units.push_back(static_cast<char16_t>(c));
      offsets.push_back(static_cast<std::uint32_t>(units.size()));
    }
    hashes.resize(count);
    for (std::size_t i = 0; i < count; ++i) hashes[i] = ringlab::h32(key(i));
  }
  [[nodiscard]] std::size_t size() const noexcept { return offsets.size() - 1; }
  [[nodiscard]] std::u16string_view key(std::size_t i) const noexcept {
    return {units.data() + offsets[i], offsets[i + 1] - offsets[i]};
  }
};

struct OpResult {
  std::string name;
  std::string unit;  // what one sample is per: "ns/op", "ms/run"
  std::vector<double> samples;
};

// Times `pass` (which performs `ops` operations) after the warm-up; samples in ns per operation.
OpResult time_op(const std::string& name, const Options& o, std::size_t ops, const std::function<void()>& pass) {
  OpResult r{name, "ns/op", {}};
  if (!o.only.empty() && o.only != name) return r;
  for (int i = 0; i < o.warmup; ++i) pass();
  for (int i = 0; i < o.reps; ++i) {
    CALLGRIND_START_INSTRUMENTATION;
    const double t0 = now_seconds();
    pass();
    const double s = now_seconds() - t0;
    CALLGRIND_STOP_INSTRUMENTATION;
    r.samples.push_back(s * 1e9 / static_cast<double>(ops));
  }
  return r;
}

OpResult time_run(const std::string& name, const Options& o, const std::function<void()>& run) {
  OpResult r{name, "ms/run", {}};
  if (!o.only.empty() && o.only != name) return r;
  for (int i = 0; i < o.warmup; ++i) run();
  for (int i = 0; i < o.reps; ++i) {
    CALLGRIND_START_INSTRUMENTATION;
    const double t0 = now_seconds();
    run();
    const double s = now_seconds() - t0;
    CALLGRIND_STOP_INSTRUMENTATION;
    r.samples.push_back(s * 1e3);
  }
  return r;
}

std::vector<std::u16string> names(std::uint32_t n) {
  std::vector<std::u16string> out;
  for (std::uint32_t i = 0; i < n; ++i) out.push_back(ringlab::default_server_name(i));
  return out;
}

// The rows of an ops run, as one JSON line: {"pool": n, "ops": [{op, unit, samples}, ...]}.
void print_ops(std::size_t n, const std::vector<OpResult>& results) {
  std::printf("{\"pool\":%zu,\"ops\":[", n);
  bool first = true;
  for (const OpResult& r : results) {
    if (r.samples.empty()) continue;
    std::printf("%s{\"op\":%s,\"unit\":%s,\"samples\":%s}", first ? "" : ",", json_string(r.name).c_str(),
                json_string(r.unit).c_str(), json_list(r.samples).c_str());
    first = false;
  }
  std::printf("]}\n");
}

int run_ops(const Options& o) {
  // A seed the experiments do not use: these keys are new to everything measured.
  const KeyPool pool(20240601, static_cast<std::size_t>(o.pool));
  const std::size_t n = pool.size();
  std::vector<std::uint32_t> out(n);
  std::vector<OpResult> results;

  results.push_back(time_op("h32.single", o, n, [&] {
    std::uint32_t acc = 0;
    for (std::size_t i = 0; i < n; ++i) acc ^= ringlab::h32(pool.key(i));
    keep(acc);
  }));
  results.push_back(time_op("h32.batch", o, n, [&] {
    ringlab::h32_many(pool.units, pool.offsets, out);
    keep(out.data());
  }));
  results.push_back(time_op("h32.keyHashes", o, n, [&] {
    ringlab::CourseKeys keys(20240601);
    keys.next_hashes(out);
    keep(out.data());
  }));
  // (Checked when the keys were made: --only another operation skips them.)
  if ((o.only.empty() || o.only == "h32.keyHashes") && out != pool.hashes) {
    std::fprintf(stderr, "bench: next_hashes differs from h32\n");
    return 1;
  }

  const ringlab::Ring ring = ringlab::Ring::uniform(100, 256);
  results.push_back(time_op("ring.owner", o, n, [&] {
    for (std::size_t i = 0; i < n; ++i) out[i] = ring.owner(pool.hashes[i]);
    keep(out.data());
  }));
  // The published lookup for comparison: a plain binary search over the sorted tokens.
  results.push_back(time_op("ring.owner.binary-search", o, n, [&] {
    const auto tokens = ring.tokens();
    const auto owners = ring.point_servers();
    const auto size = static_cast<std::uint32_t>(tokens.size());
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t x = pool.hashes[i];
      std::uint32_t lo = 0, hi = size;
      while (lo < hi) {
        const std::uint32_t mid = (lo + hi) >> 1;
        if (tokens[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      out[i] = owners[lo == size ? 0 : lo];
    }
    keep(out.data());
  }));
  if (o.only.empty() || o.only == "ring.bytes-per-point")
    results.push_back({"ring.bytes-per-point",
                       "bytes",
                       {static_cast<double>(ring.memory_bytes()) / static_cast<double>(ring.size())}});

  results.push_back(time_op("jump.n1000.single", o, n, [&] {
    for (std::size_t i = 0; i < n; ++i)
      out[i] = static_cast<std::uint32_t>(ringlab::jump_unchecked(pool.hashes[i], 1000));
    keep(out.data());
  }));
  std::vector<std::int32_t> buckets(n);
  results.push_back(time_op("jump.n1000.batch", o, n, [&] {
    ringlab::jump_many(std::span<const std::uint32_t>(pool.hashes), 1000, std::span<std::int32_t>(buckets));
    keep(buckets.data());
  }));

  std::vector<ringlab::Backend> backends;
  for (auto& name : names(100)) backends.push_back(ringlab::Backend{name, 1.0});
  const ringlab::Maglev maglev(backends, 65537);
  results.push_back(time_op("maglev.lookup", o, n, [&] {
    for (std::size_t i = 0; i < n; ++i) out[i] = maglev.lookup(pool.hashes[i]);
    keep(out.data());
  }));
  // A ring of a million points built: the servers' tokens hashed, then sorted (Ring::rebuild).
  results.push_back(time_run("ring.build", o, [&] {
    const ringlab::Ring r = ringlab::Ring::uniform(1000, 1000);
    keep(&r);
  }));
  results.push_back(time_run("maglev.build", o, [&] {
    const ringlab::Maglev m(backends, 65537);
    keep(m.table().data());
  }));

  const ringlab::Rendezvous hrw(names(100));
  // 100 scores per key: a fifth of the pool keeps this pass as long as the others.
  const std::size_t hrw_keys = std::max<std::size_t>(1, n / 5);
  OpResult pick = time_op("rendezvous.pick100", o, hrw_keys, [&] {
    for (std::size_t i = 0; i < hrw_keys; ++i) out[i] = static_cast<std::uint32_t>(hrw.pick(pool.key(i)));
    keep(out.data());
  });
  results.push_back(pick);
  OpResult per_server{"rendezvous.per-server", "ns/op", {}};  // empty when pick100 was skipped
  for (double s : pick.samples) per_server.samples.push_back(s / 100);
  results.push_back(per_server);

  results.push_back(time_run("bounded.place", o, [&] {
    const ringlab::BoundedPlacement p = ringlab::place_bounded(ring, pool.hashes, 0.25);
    keep(p.servers.data());
  }));

  print_ops(n, results);
  return 0;
}

// --------------------------------------------------------------------------------------------
// Bucket hashers

// One scenario of a bucket algorithm: B buckets (and its capacity, where it takes one), R of
// them removed in a seeded random order.
struct BucketScenario {
  std::string algorithm;
  std::int64_t buckets = 0;
  std::optional<std::int64_t> capacity;
  std::int64_t removed = 0;
  [[nodiscard]] std::string id() const {
    std::string id = algorithm + ".n" + std::to_string(buckets);
    if (removed > 0) id.append("-").append(std::to_string(removed));
    return id;
  }
};

// "NAME:buckets=B[,capacity=C][,removed=R]".
BucketScenario parse_scenario(const std::string& text) {
  BucketScenario sc;
  const std::size_t colon = text.find(':');
  sc.algorithm = text.substr(0, colon);
  std::string rest = colon == std::string::npos ? "" : text.substr(colon + 1);
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string item = rest.substr(0, comma);
    rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
    const std::size_t eq = item.find('=');
    const std::string key = item.substr(0, eq);
    const long long value = eq == std::string::npos ? -1 : std::atoll(item.c_str() + eq + 1);
    if (key == "buckets") sc.buckets = value;
    else if (key == "capacity") sc.capacity = value;
    else if (key == "removed") sc.removed = value;
    else throw std::invalid_argument("--scenario " + text + ": no such field " + key);
  }
  if (sc.buckets < 1 || sc.removed < 0 || sc.removed >= sc.buckets)
    throw std::invalid_argument("--scenario " + text + ": needs buckets >= 1 and 0 <= removed < buckets");
  return sc;
}

// The buckets a scenario removes, in order: the first R of 0 .. B - 1 shuffled (Fisher-Yates from
// the top, j = SplitMix64(seed) mod (i + 1)), as bench/wasm.mjs shuffles them.
std::vector<std::uint32_t> removal_order(const BucketScenario& sc) {
  std::vector<std::uint32_t> order(static_cast<std::size_t>(sc.buckets));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
  ringlab::SplitMix64 rng(20250101);
  for (std::size_t i = order.size(); i-- > 1;) std::swap(order[i], order[rng.next() % (i + 1)]);
  order.resize(static_cast<std::size_t>(sc.removed));
  return order;
}

// What every scenario maps: N 64-bit hashes (SplitMix64 from a seed), their low 32 bits, and for a
// text algorithm N course keys as UTF-8 with their hashes: xxh32 (MementoHash's) and SipHash-2-4
// under multi-probe's two seeds (the pool's keys are ASCII).
struct BucketPool {
  std::vector<std::uint64_t> u64;
  std::vector<std::uint32_t> u32;
  std::vector<std::string> keys;
  std::vector<std::string_view> key_views;  // keys' bytes, as a batch of the seam takes them
  std::vector<std::uint32_t> key_hashes;
  std::vector<std::uint64_t> key_sip1, key_sip2;

  explicit BucketPool(std::size_t n) : u64(n), u32(n) {
    ringlab::SplitMix64 rng(20240601);
    for (std::size_t i = 0; i < n; ++i) {
      u64[i] = rng.next();
      u32[i] = static_cast<std::uint32_t>(u64[i]);
    }
  }
  void make_keys() {
    if (!keys.empty()) return;
    ringlab::CourseKeys course(20240601);
    keys.resize(u64.size());
    key_hashes.resize(u64.size());
    key_sip1.resize(u64.size());
    key_sip2.resize(u64.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
      keys[i] = course.next();
      key_hashes[i] = ringlab::xxh32(keys[i]);
      key_sip1[i] = ringlab::siphash24(ringlab::kMultiProbeSeed1, 0, keys[i]);
      key_sip2[i] = ringlab::siphash24(ringlab::kMultiProbeSeed2, 0, keys[i]);
    }
    key_views.assign(keys.begin(), keys.end());
  }
};

// A pass over the pool that writes every input's bucket into out.
using BucketPass = std::function<void(std::span<std::uint32_t> out)>;

// Each algorithm's core function (its header's, as the reference defines it), by registry name: the
// pass a scenario times as NAME.core. An algorithm of the registry without an entry here has its
// seam row alone.
struct CoreEntry {
  std::string_view name;
  BucketPass (*make)(const BucketScenario&, const std::vector<std::uint32_t>& removed, const BucketPool&);
};

// A stateful core's object, built with the scenario's buckets and removals, held by the pass.
template <class Core, class Each>
BucketPass stateful(std::shared_ptr<Core> core, const BucketPool& pool, Each each) {
  return [core, &pool, each](std::span<std::uint32_t> out) {
    const Core& c = *core;
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = each(c, pool, i);
  };
}

const CoreEntry kCoreEntries[] = {
    {"mod-n",
     [](const BucketScenario& sc, const std::vector<std::uint32_t>&, const BucketPool& pool) -> BucketPass {
       const ringlab::FastMod mod(static_cast<std::uint32_t>(sc.buckets));
       return [mod, &pool](std::span<std::uint32_t> out) {
         for (std::size_t i = 0; i < out.size(); ++i) out[i] = mod(pool.u32[i]);
       };
     }},
    {"jump",
     [](const BucketScenario& sc, const std::vector<std::uint32_t>&, const BucketPool& pool) -> BucketPass {
       const auto n = static_cast<std::int32_t>(sc.buckets);
       return [n, &pool](std::span<std::uint32_t> out) {
         for (std::size_t i = 0; i < out.size(); ++i)
           out[i] = static_cast<std::uint32_t>(ringlab::jump_unchecked(pool.u64[i], n));
       };
     }},
    {"jumpback",
     [](const BucketScenario& sc, const std::vector<std::uint32_t>&, const BucketPool& pool) -> BucketPass {
       const auto n = static_cast<std::uint32_t>(sc.buckets);
       return [n, &pool](std::span<std::uint32_t> out) {
         for (std::size_t i = 0; i < out.size(); ++i) out[i] = ringlab::jumpback_unchecked(pool.u64[i], n);
       };
     }},
    {"jumpback-anchor",
     [](const BucketScenario& sc, const std::vector<std::uint32_t>& removed, const BucketPool& pool) -> BucketPass {
       auto core = std::make_shared<ringlab::JumpBackAnchor>(static_cast<std::uint32_t>(sc.buckets));
       for (const std::uint32_t b : removed) core->remove(b);
       return stateful(core, pool, [](const ringlab::JumpBackAnchor& c, const BucketPool& p, std::size_t i) {
         return c.bucket(p.u64[i]);
       });
     }},
    {"fliphash",
     [](const BucketScenario& sc, const std::vector<std::uint32_t>&, const BucketPool& pool) -> BucketPass {
       const auto end = static_cast<std::uint64_t>(sc.buckets - 1);
       return [end, &pool](std::span<std::uint32_t> out) {
         for (std::size_t i = 0; i < out.size(); ++i)
           out[i] = static_cast<std::uint32_t>(ringlab::fliphash_unchecked(pool.u64[i], end));
       };
     }},
    {"memento",
     [](const BucketScenario& sc, const std::vector<std::uint32_t>& removed, const BucketPool& pool) -> BucketPass {
       auto core = std::make_shared<ringlab::Memento>(static_cast<std::uint32_t>(sc.buckets));
       for (const std::uint32_t b : removed) core->remove(b);
       // The keys' xxh32 given, as a batch maps them: the key is read again only to rehash it with a
       // removed bucket.
       return [core, &pool](std::span<std::uint32_t> out) { core->bucket_many(pool.key_views, pool.key_hashes, out); };
     }},
    {"multiprobe",
     [](const BucketScenario& sc, const std::vector<std::uint32_t>&, const BucketPool& pool) -> BucketPass {
       std::vector<std::string> nodes;
       for (std::int64_t i = 0; i < sc.buckets; ++i) nodes.push_back("node-" + std::to_string(i));
       auto core = std::make_shared<ringlab::MultiProbe>(nodes, 21);
       // The key's two hashes given: what is left is the 21 probes and their successors.
       return stateful(core, pool, [](const ringlab::MultiProbe& c, const BucketPool& p, std::size_t i) {
         return c.node_of_hashes(p.key_sip1[i], p.key_sip2[i]);
       });
     }},
    {"binomial",
     [](const BucketScenario& sc, const std::vector<std::uint32_t>&, const BucketPool& pool) -> BucketPass {
       const auto n = static_cast<std::uint32_t>(sc.buckets);
       return [n, &pool](std::span<std::uint32_t> out) {
         for (std::size_t i = 0; i < out.size(); ++i) out[i] = ringlab::binomial_unchecked(pool.u32[i], n);
       };
     }},
    {"anchor",
     [](const BucketScenario& sc, const std::vector<std::uint32_t>& removed, const BucketPool& pool) -> BucketPass {
       auto core = std::make_shared<ringlab::AnchorHash>(static_cast<std::uint32_t>(sc.capacity.value_or(sc.buckets)),
                                                         static_cast<std::uint32_t>(sc.buckets));
       for (const std::uint32_t b : removed) core->remove(b);
       return stateful(core, pool, [](const ringlab::AnchorHash& c, const BucketPool& p, std::size_t i) {
         return c.bucket(p.u64[i], 0);
       });
     }},
    {"dx",
     [](const BucketScenario& sc, const std::vector<std::uint32_t>& removed, const BucketPool& pool) -> BucketPass {
       auto core = std::make_shared<ringlab::DxHash>(static_cast<std::uint32_t>(sc.capacity.value_or(sc.buckets)),
                                                     static_cast<std::uint32_t>(sc.buckets));
       for (const std::uint32_t b : removed) core->remove(b);
       return stateful(core, pool,
                       [](const ringlab::DxHash& c, const BucketPool& p, std::size_t i) { return c.bucket(p.u32[i]); });
     }},
};

// FNV-1a's step over each bucket as one 32-bit word: equal checksums, equal buckets (as far as
// a checksum can say), whichever way a scenario was run; bench/wasm.mjs computes the same.
std::uint32_t bucket_checksum(std::span<const std::uint32_t> out) {
  std::uint32_t h = 2166136261u;
  for (const std::uint32_t b : out) h = (h ^ b) * 16777619u;
  return h;
}

int run_buckets(const Options& o) {
  if (o.scenarios.empty()) throw std::invalid_argument("buckets: no --scenario given");
  BucketPool pool(static_cast<std::size_t>(o.pool));
  const std::size_t n = pool.u64.size();
  std::vector<std::uint32_t> out(n);
  std::printf("{\"pool\":%zu,\"ops\":[", n);
  bool first = true;
  const auto print = [&](const OpResult& r, const BucketScenario& sc, const char* way) {
    if (r.samples.empty()) return;
    std::printf(
        "%s{\"op\":%s,\"scenario\":%s,\"algorithm\":%s,\"way\":\"%s\",\"unit\":%s,\"samples\":%s,"
        "\"checksum\":%u}",
        first ? "" : ",", json_string(r.name).c_str(), json_string(sc.id()).c_str(), json_string(sc.algorithm).c_str(),
        way, json_string(r.unit).c_str(), json_list(r.samples).c_str(), bucket_checksum(out));
    first = false;
  };
  for (const std::string& text : o.scenarios) {
    const BucketScenario sc = parse_scenario(text);
    const ringlab::BucketAlgorithm& a = ringlab::bucket_algorithm(sc.algorithm);
    const bool text_input = a.input == ringlab::BucketInput::text;
    if (text_input) pool.make_keys();
    const std::vector<std::uint32_t> removed = removal_order(sc);
    // The core function, where the table has it.
    for (const CoreEntry& e : kCoreEntries) {
      if (e.name != sc.algorithm) continue;
      const BucketPass pass = e.make(sc, removed, pool);
      const std::string name = sc.id() + ".core";
      const OpResult r = time_op(name, o, n, [&] {
        pass(out);
        keep(out.data());
      });
      print(r, sc, "core");
    }
    // The seam: Buckets built from its options, the same removals, its batch call.
    // B buckets, or B named nodes for an algorithm built from nodes.
    ringlab::BucketOptions options;
    if (ringlab::option_param(a, "nodes") != nullptr) {
      options.nodes.emplace();
      for (std::int64_t i = 0; i < sc.buckets; ++i) options.nodes->push_back("node-" + std::to_string(i));
    } else {
      options.buckets = sc.buckets;
    }
    options.capacity = sc.capacity;
    ringlab::Buckets hasher(sc.algorithm, options);
    for (const std::uint32_t b : removed) hasher.remove(b);
    const std::string name = sc.id() + ".seam";
    const OpResult r = time_op(name, o, n, [&] {
      if (text_input) {
        hasher.bucket_many(std::span<const std::string_view>(pool.key_views), std::span<std::uint32_t>(out));
      } else if (a.input == ringlab::BucketInput::u32) {
        hasher.bucket_many(std::span<const std::uint32_t>(pool.u32), std::span<std::uint32_t>(out));
      } else {
        hasher.bucket_many(std::span<const std::uint64_t>(pool.u64), std::span<std::uint32_t>(out));
      }
      keep(out.data());
    });
    print(r, sc, text_input ? "seam-keys" : "seam");
  }
  std::printf("]}\n");
  return 0;
}

// --------------------------------------------------------------------------------------------
// Rendezvous in vector lanes

// Plain rendezvous over --keys course keys and --servers servers S0 ..: each path of
// Rendezvous::best_many and top2_many, then the per-key loop (pick_prefix) they replace. Samples
// in ms per pass over all keys; scores/s follow from keys x servers. The "add" row is what
// compare's rendezvous row does after adding a server: the winner among the servers before, then
// the new server's one score against it. The keys' FNV states are made once, outside the timing;
// "keys" times that alone.
int run_rendezvous(const Options& o) {
  const auto keys = static_cast<std::size_t>(std::max<std::int64_t>(1, o.keys));
  const auto servers = std::max<std::int64_t>(1, o.servers);
  const ringlab::Rendezvous hrw = ringlab::Rendezvous::uniform(servers);
  const std::u16string added = ringlab::default_server_name(static_cast<std::uint32_t>(servers));
  std::vector<ringlab::Fnv1a> prefixes(keys);
  std::vector<std::uint32_t> winner(keys), score(keys), after(keys);
  std::vector<ringlab::RendezvousTop2> top(keys);
  std::vector<OpResult> results;
  results.push_back(time_run("keys", o, [&] {
    ringlab::CourseKeys course(1);
    for (auto& p : prefixes) p = ringlab::Fnv1a(ringlab::course_key_fnv(course.next_number())).unit(u'|');
    keep(prefixes.data());
  }));
  if (results.back().samples.empty()) {
    ringlab::CourseKeys course(1);
    for (auto& p : prefixes) p = ringlab::Fnv1a(ringlab::course_key_fnv(course.next_number())).unit(u'|');
  }
  const std::vector<std::pair<const char*, ringlab::SimdPath>> paths{
      {"scalar", ringlab::SimdPath::scalar}, {"sse2", ringlab::SimdPath::sse2}, {"avx2", ringlab::SimdPath::avx2}};
  for (const auto& entry : paths) {
    // Named, not a structured binding: the lambdas below capture them (clang before 16 cannot).
    const char* const name = entry.first;
    const ringlab::SimdPath path = entry.second;
    if (path > ringlab::simd_path_available()) continue;
    results.push_back(time_run(std::string("best.") + name, o, [&] {
      (void)hrw.best_many(prefixes, winner, score, path);
      keep(winner.data());
    }));
    results.push_back(time_run(std::string("top2.") + name, o, [&] {
      (void)hrw.top2_many(prefixes, top, path);
      keep(top.data());
    }));
    results.push_back(time_run(std::string("add.") + name, o, [&] {
      (void)hrw.best_many(prefixes, winner, score, path);
      for (std::size_t k = 0; k < keys; ++k)
        after[k] = ringlab::Fnv1a(prefixes[k]).units(added).finish() > score[k] ? static_cast<std::uint32_t>(servers)
                                                                                : winner[k];
      keep(after.data());
    }));
  }
  results.push_back(time_run("pick_prefix", o, [&] {
    for (std::size_t k = 0; k < keys; ++k) winner[k] = static_cast<std::uint32_t>(hrw.pick_prefix(prefixes[k]));
    keep(winner.data());
  }));
  const char* widest = ringlab::simd_path_available() == ringlab::SimdPath::avx2   ? "avx2"
                       : ringlab::simd_path_available() == ringlab::SimdPath::sse2 ? "sse2"
                                                                                   : "scalar";
  std::printf("{\"rendezvous\":true,\"keys\":%zu,\"servers\":%lld,\"widest\":\"%s\",\"runs\":[", keys,
              static_cast<long long>(servers), widest);
  bool first = true;
  for (const OpResult& r : results) {
    if (r.samples.empty()) continue;
    std::vector<double> per_second;
    for (double ms : r.samples)
      per_second.push_back(static_cast<double>(keys) * static_cast<double>(servers) / ms * 1e3);
    std::printf("%s{\"op\":%s,\"unit\":\"ms/run\",\"samples\":%s,\"scoresPerSecond\":%s}", first ? "" : ",",
                json_string(r.name).c_str(), json_list(r.samples).c_str(),
                r.name == "keys" ? "null" : json_list(per_second).c_str());
    first = false;
  }
  std::printf("]}\n");
  return 0;
}

// --------------------------------------------------------------------------------------------
// The real systems

int run_systems(const Options& o) {
  // As bench/wasm.mjs's systems mode: pool / 10 keys, ten servers 10.0.0.1:11211 ...
  const KeyPool pool(20240601, static_cast<std::size_t>(std::max<std::int64_t>(1, o.pool / 10)));
  const std::size_t n = pool.size();
  std::string servers, memories;
  for (int i = 1; i <= 10; ++i) {
    const std::string s = "10.0.0." + std::to_string(i) + ":11211";
    servers += (i > 1 ? "," : "") + s;
    memories += (i > 1 ? "," : "") + s + "=100";
  }
  const std::vector<std::pair<std::string, std::vector<std::string>>> systems{
      {"memcached", {"--servers", servers, "--mode", "consistent_ketama"}},
      {"nginx", {"--servers", servers, "--mode", "consistent"}},
      {"libketama", {"--servers", memories}},
      {"redis", {}},
      {"kafka", {"--partitions", "100"}},
      {"cassandra", {}},
      {"guava", {"--buckets", "1000", "--input", "murmur3_128"}},
      {"erlang", {"--range", "4294967296"}},
      {"envoy-ring", {"--hosts", servers}},
      {"envoy-maglev", {"--hosts", servers}},
  };
  std::vector<std::int32_t> server(n);
  std::vector<std::uint32_t> value32(n);
  std::vector<std::int64_t> value64(n);
  std::vector<OpResult> results;
  // The pool's keys as bytes (course keys are ASCII: a byte per unit, the same offsets).
  const std::string bytes(pool.units.begin(), pool.units.end());
  for (const auto& system : systems) {
    // Named, not a structured binding: check() captures it (clang before 16 cannot).
    const auto& name = system.first;
    const auto p = ringlab::systems::configure(name, system.second, {});
    const bool wide = p->answer_kind() == ringlab::systems::AnswerKind::token;
    const bool none = p->answer_kind() == ringlab::systems::AnswerKind::none;
    const std::span<std::uint32_t> v32 = none || wide ? std::span<std::uint32_t>() : std::span<std::uint32_t>(value32);
    const std::span<std::int64_t> v64 = wide ? std::span<std::int64_t>(value64) : std::span<std::int64_t>();
    // Every pool key is plain ASCII, which every system answers in the batch loops.
    const auto check = [&](std::size_t done) {
      if (done != n) throw std::logic_error(name + ": a key left to answer()");
      keep(server.data());
      keep(value32.data());
      keep(value64.data());
    };
    results.push_back(
        time_op(name, o, n, [&] { check(p->answer_bytes_many(bytes, pool.offsets, 0, server, v32, v64)); }));
    results.push_back(time_op(name + ".utf16", o, n, [&] {
      check(p->answer_utf16_many(std::u16string_view(pool.units.data(), pool.units.size()), pool.offsets, 0, server,
                                 v32, v64));
    }));
  }
  print_ops(n, results);
  return 0;
}

[[noreturn]] void usage() {
  std::fprintf(
      stderr,
      "usage: ringlab_bench experiment NAME [--keys N] [--reps R] [--warmup W]\n"
      "       ringlab_bench compare [--keys N] [--servers S] [--reps R] [--warmup W]\n"
      "       ringlab_bench ops [--pool N] [--reps R] [--warmup W] [--only NAME]\n"
      "       ringlab_bench systems [--pool N] [--reps R] [--warmup W]\n"
      "       ringlab_bench buckets --scenario NAME:buckets=B[,capacity=C][,removed=R] ... [--pool N] [--reps R]\n"
      "                             [--warmup W] [--only ID.core|ID.seam]\n"
      "       ringlab_bench rendezvous [--keys N] [--servers S] [--reps R] [--warmup W] [--only NAME]\n"
      "       (both take --clock wall|cpu)\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) usage();
  Options o;
  std::vector<std::string> positional;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) == 0) {
      if (i + 1 >= args.size()) usage();
      if (a == "--only") {
        o.only = args[++i];
        continue;
      }
      if (a == "--scenario") {
        o.scenarios.push_back(args[++i]);
        continue;
      }
      if (a == "--clock") {
        use_cpu_clock = args[++i] == "cpu";
        continue;
      }
      const long long v = std::atoll(args[++i].c_str());
      if (a == "--keys") o.keys = v;
      else if (a == "--pool") o.pool = std::max(1LL, v);
      else if (a == "--servers") o.servers = v;
      else if (a == "--reps") o.reps = static_cast<int>(std::max(1LL, v));
      else if (a == "--warmup") o.warmup = static_cast<int>(std::max(0LL, v));
      else usage();
    } else {
      positional.push_back(a);
    }
  }
  try {
    if (positional.size() == 2 && positional[0] == "experiment") return run_experiment(positional[1], o);
    if (positional.size() == 1 && positional[0] == "ops") return run_ops(o);
    if (positional.size() == 1 && positional[0] == "compare") return run_compare(o);
    if (positional.size() == 1 && positional[0] == "rendezvous") return run_rendezvous(o);
    if (positional.size() == 1 && positional[0] == "systems") return run_systems(o);
    if (positional.size() == 1 && positional[0] == "buckets") return run_buckets(o);
  } catch (const ringlab::Error& e) {
    std::fprintf(stderr, "ringlab_bench: %s\n", e.what());
    return 1;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "ringlab_bench: %s\n", e.what());
    return 2;
  }
  usage();
}
