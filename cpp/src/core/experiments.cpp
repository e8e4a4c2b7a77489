#include "ringlab/experiments.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "experiments_text.hpp"
#include "key_blocks.hpp"
#include "parallel.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"

namespace ringlab {
namespace {

// The loops run over blocks of keys (key_blocks.hpp). A block's keys are made and looked up by
// the batch functions (CourseKeys::next_hashes, Ring::owners), compiled for speed in their own
// files: called here per key, the inline forms were left as calls in WebAssembly, to copies
// compiled for size.
//
// A run is cut into chunks of kProgressEvery keys, the tasks its threads take (parallel.hpp):
// each thread counts into totals of its own, added up in the threads' order at the end. Progress
// is reported at the start of each chunk the calling thread takes, with the work finished so far:
// on one thread, every kProgressEvery keys.
static_assert(kProgressEvery % kKeyBlock == 0);
constexpr std::uint64_t kChunk = kProgressEvery;

std::size_t chunks_of(std::uint64_t keys) { return static_cast<std::size_t>((keys + kChunk - 1) / kChunk); }

// Work finished, reported from the calling thread.
class Reporter {
 public:
  Reporter(const Progress& progress, std::uint64_t total) : progress_(progress), total_(total) {}
  void start(unsigned worker) const {
    if (progress_ && worker == 0) progress_(done_.load(std::memory_order_relaxed), total_);
  }
  void finished(std::uint64_t work) { done_.fetch_add(work, std::memory_order_relaxed); }
  void end() const {
    if (progress_) progress_(total_, total_);
  }

 private:
  const Progress& progress_;
  std::uint64_t total_;
  std::atomic<std::uint64_t> done_{0};
};

// `arrays` arrays of a block's values, one allocation, left uninitialised: every slot is written
// before it is read (zeroing them was a byte loop per chunk in WebAssembly).
std::unique_ptr<std::uint32_t[]> block_scratch(std::size_t arrays) {
  return std::unique_ptr<std::uint32_t[]>(new std::uint32_t[arrays * kKeyBlock]);
}

// The size of chunk c of a run of `keys` keys.
std::size_t chunk_size(std::uint64_t keys, std::uint64_t c) {
  return static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, keys - c * kChunk));
}

}  // namespace

// The runs, and the key stream their chunks capture, are in a namespace with a name, unlike the
// helpers above: ExperimentRun::State, a member of a class the header declares, holds the runs,
// and a member whose type is local to this file (its own or a captured one's) is a warning (GCC's
// -Wsubobject-linkage) wherever the file is compiled inside another, as in the native unity build.
namespace experiment_runs {

// The course's keys as a stream of FNV states over "user:<n>": the text never needs to exist.
class KeyStream {
 public:
  // The seed's keys from the key numbered `first` (0-based) on.
  KeyStream(std::int64_t seed, std::uint64_t first) : keys_(seed) { keys_.skip(first); }
  void next_states(std::span<Fnv1a> out) noexcept { keys_.next_states(out); }
  void next_hashes(std::span<std::uint32_t> out) noexcept { keys_.next_hashes(out); }

 private:
  CourseKeys keys_;
};

// --- Each experiment as a run: its structures, a chunk's counts, the result from the counts ---
//
// A chunk's counts are added into a tally of integers (a worker's, or a thread's); the tallies'
// sum gives the result, whichever worker or thread counted which chunk. The native functions
// below and ExperimentRun (workers that share no memory) are the same runs.

// ring-vs-mod. Tally: mod moved, mod moved to new, ring moved, ring moved to new.
struct RingVsModRun {
  static constexpr std::size_t kTally = 4;
  RingVsModParams p;
  std::uint32_t keys, n;
  Ring before, after;
  FastMod mod_before, mod_after;

  RINGLAB_ONCE_PER_CALL explicit RingVsModRun(const RingVsModParams& params)
      : p(params),
        keys(static_cast<std::uint32_t>(params.keys)),
        n(static_cast<std::uint32_t>(params.servers)),
        before(Ring::uniform(n, static_cast<std::uint32_t>(params.vnodes))),
        after(Ring::uniform(n + 1, static_cast<std::uint32_t>(params.vnodes))),
        mod_before(n),
        mod_after(n + 1) {}

  [[gnu::noinline]] void chunk(std::uint64_t c, std::uint64_t* t) const {
    const std::size_t size = chunk_size(keys, c);
    KeyStream stream(p.seed, c * kChunk);
    const auto scratch = block_scratch(3);
    std::uint32_t* const hashes = scratch.get();
    std::uint32_t* const owner_before = hashes + kKeyBlock;
    std::uint32_t* const owner_after = owner_before + kKeyBlock;
    for_each_block(size, [&](std::size_t lo, std::size_t hi) {
      const std::size_t count = hi - lo;
      stream.next_hashes(std::span(hashes, count));
      before.owners(std::span(hashes, count), std::span(owner_before, count));
      after.owners(std::span(hashes, count), std::span(owner_after, count));
      std::uint32_t mod_moved = 0, mod_moved_to_new = 0, ring_moved = 0, ring_moved_to_new = 0;
      for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t x = hashes[i];
        // Counted without branches (which way they go is a coin toss per key). A key that lands
        // on the new server (index n) always moved: before the change no server had that index.
        const std::uint32_t mod_a = mod_before(x);
        const std::uint32_t mod_b = mod_after(x);
        mod_moved += mod_a != mod_b ? 1u : 0u;
        mod_moved_to_new += mod_b == n ? 1u : 0u;
        const std::uint32_t a = owner_before[i];
        const std::uint32_t b = owner_after[i];
        ring_moved += a != b ? 1u : 0u;
        ring_moved_to_new += b == n ? 1u : 0u;
      }
      t[0] += mod_moved;
      t[1] += mod_moved_to_new;
      t[2] += ring_moved;
      t[3] += ring_moved_to_new;
    });
  }

  RINGLAB_ONCE_PER_CALL [[nodiscard]] RingVsModResult result(const std::uint64_t* t) const {
    RingVsModResult r;
    r.keys = keys;
    r.servers_before = n;
    r.servers_after = n + 1;
    r.mod_moved = static_cast<std::uint32_t>(t[0]);
    r.mod_moved_to_new = static_cast<std::uint32_t>(t[1]);
    r.ring_moved = static_cast<std::uint32_t>(t[2]);
    r.ring_moved_to_new = static_cast<std::uint32_t>(t[3]);
    r.text = experiments_text::ring_vs_mod(r);
    return r;
  }
};

// vnode-sweep. The keys are made once per group of rings and looked up in each ring of the
// group, a chunk at a time: no array of every key is kept. A group (a step of the run) is the next
// values of V whose rings hold at most kMaxRingPoints points together (each ring alone is held to
// that cap), so the rings kept at once cost no more than the largest ring allowed; the default
// list is one group. Tally: keys per server for each V, in the list's order.
struct VnodeSweepRun {
  VnodeSweepParams p;
  std::uint32_t servers, keys;
  std::vector<std::size_t> groups;  // group g is V list entries groups[g] .. groups[g+1]-1
  std::size_t built = SIZE_MAX;     // the group whose rings are built
  std::vector<std::optional<Ring>> rings;

  RINGLAB_ONCE_PER_CALL explicit VnodeSweepRun(const VnodeSweepParams& params)
      : p(params), servers(static_cast<std::uint32_t>(params.servers)), keys(static_cast<std::uint32_t>(params.keys)) {
    for (std::size_t from = 0; from < p.vnodes.size();) {
      groups.push_back(from);
      std::uint64_t points = 0;
      do points += static_cast<std::uint64_t>(p.servers * p.vnodes[from++]);
      while (from < p.vnodes.size() &&
             points + static_cast<std::uint64_t>(p.servers * p.vnodes[from]) <= kMaxRingPoints);
    }
    groups.push_back(p.vnodes.size());
  }
  [[nodiscard]] std::size_t steps() const noexcept { return groups.size() - 1; }
  [[nodiscard]] std::size_t tally() const noexcept { return p.vnodes.size() * servers; }
  // Per key of a step: making it, and placing it once per ring of the group.
  [[nodiscard]] std::uint64_t work(std::size_t g) const noexcept { return 1 + groups[g + 1] - groups[g]; }

  RINGLAB_ONCE_PER_CALL void build(std::size_t g) {
    if (built == g) return;
    rings.clear();
    built = SIZE_MAX;
    rings.resize(groups[g + 1] - groups[g]);
    for (std::size_t v = 0; v < rings.size(); ++v)
      rings[v].emplace(Ring::uniform(servers, static_cast<std::uint32_t>(p.vnodes[groups[g] + v])));
    built = g;
  }

  [[gnu::noinline]] void chunk(std::size_t g, std::uint64_t c, std::uint64_t* t) const {
    const std::size_t size = chunk_size(keys, c);
    KeyStream stream(p.seed, c * kChunk);
    const auto scratch = block_scratch(2);
    std::uint32_t* const hashes = scratch.get();
    std::uint32_t* const owners = hashes + kKeyBlock;
    for_each_block(size, [&](std::size_t lo, std::size_t hi) {
      const std::size_t count = hi - lo;
      stream.next_hashes(std::span(hashes, count));
      for (std::size_t v = 0; v < rings.size(); ++v) {
        rings[v]->owners(std::span(hashes, count), std::span(owners, count));
        std::uint64_t* counts = t + (groups[g] + v) * servers;
        for (std::size_t i = 0; i < count; ++i) ++counts[owners[i]];
      }
    });
  }

  RINGLAB_ONCE_PER_CALL [[nodiscard]] VnodeSweepResult result(const std::uint64_t* t) const {
    VnodeSweepResult r;
    r.servers = servers;
    r.keys = keys;
    const double n = r.servers;
    r.average = static_cast<double>(r.keys) / n;
    const double avg = r.average;
    r.text = experiments_text::vnode_sweep_header();
    for (std::size_t v = 0; v < p.vnodes.size(); ++v) {
      const std::int64_t vnodes = p.vnodes[v];
      VnodeSweepRow row;
      row.vnodes = static_cast<std::uint32_t>(vnodes);
      row.points = static_cast<std::uint64_t>(p.servers * vnodes);
      row.counts.assign(t + v * servers, t + (v + 1) * servers);
      row.min = *std::min_element(row.counts.begin(), row.counts.end());
      row.max = *std::max_element(row.counts.begin(), row.counts.end());
      // Summed left to right from 0 and squared by multiplication, as the published reduce with
      // `** 2` computes it (V8's pow returns x*x for an exponent of 2).
      double sum = 0;
      for (std::uint32_t c : row.counts) {
        const double d = static_cast<double>(c) - avg;
        sum += d * d;
      }
      row.sd = std::sqrt(sum / n);
      row.max_over_avg = static_cast<double>(row.max) / avg;
      const double sd_pct = 100 * row.sd / avg;
      row.sd_over_avg = row.sd / avg;
      r.text += experiments_text::vnode_sweep_row(row, vnodes, sd_pct);
      r.rows.push_back(std::move(row));
    }
    r.text += experiments_text::vnode_sweep_footer(avg);
    return r;
  }
};

// hrw-jump. Tally: the servers' counts, then hrw moved, hrw moved not from the removed server,
// jump moved.
struct HrwJumpRun {
  HrwJumpParams p;
  std::uint32_t keys, ns, removed, buckets;
  // Every name is "S" + digits: a score continues the key's state past "|S" with the digits of s,
  // so "|S" is hashed once per key instead of once per server. The servers go in groups of ten
  // that share all digits but the last (S<g>0 .. S<g>9; S0 .. S9 for g = 0), the group's digits
  // hashed once per key and group (digits[first[g] .. first[g+1]), the digits of g): a server
  // costs one unit and the finish, with no loop over its digits. The names are ASCII, so bytes
  // hash exactly like UTF-16 units.
  std::vector<std::uint8_t> digits;
  std::vector<std::uint32_t> first;

  RINGLAB_ONCE_PER_CALL explicit HrwJumpRun(const HrwJumpParams& params)
      : p(params),
        keys(static_cast<std::uint32_t>(params.keys)),
        ns(static_cast<std::uint32_t>(params.servers)),
        removed(static_cast<std::uint32_t>(params.remove)),
        buckets(static_cast<std::uint32_t>(params.buckets)),
        first(ns + 1, 0) {
    for (std::uint32_t s = 0; s < ns; ++s) {
      for (const char d : std::to_string(s)) digits.push_back(static_cast<std::uint8_t>(d));
      first[s + 1] = static_cast<std::uint32_t>(digits.size());
    }
  }
  [[nodiscard]] std::size_t tally() const noexcept { return ns + 3; }

  [[gnu::noinline]] void chunk(std::uint64_t c, std::uint64_t* counts) const {
    const std::uint32_t groups = (ns + 9) / 10;
    const auto b = static_cast<std::int32_t>(buckets);
    // jump(x, b) and jump(x, b + 1) are the last buckets below b and below b + 1 of one increasing
    // sequence that depends on x alone (0 = j0 < j1 < ...: every step gives j >= b + 1). They
    // differ exactly when the sequence hits b, and then jump(x, b + 1) = b. So one walk, to b + 1,
    // answers both, and a key that moves always moves to the new bucket: jump_moved_not_to_new
    // stays 0. The walks run a block of keys at a time, side by side (jump_many).
    constexpr std::size_t kBlock = 256;
    std::uint64_t* sums = counts + ns;
    std::uint32_t block[kBlock];
    std::int32_t grown[kBlock];
    std::size_t pending = 0;
    const auto walk_block = [&] {
      jump_many(std::span<const std::uint32_t>(block, pending), b + 1, std::span<std::int32_t>(grown, pending));
      for (std::size_t i = 0; i < pending; ++i) sums[2] += grown[i] == b ? 1u : 0u;
      pending = 0;
    };
    const std::size_t size = chunk_size(keys, c);
    KeyStream stream(p.seed, c * kChunk);
    const std::unique_ptr<Fnv1a[]> states(new Fnv1a[kKeyBlock]);
    for_each_block(size, [&](std::size_t lo, std::size_t hi) {
      stream.next_states(std::span(states.get(), hi - lo));
      std::uint32_t hrw_moved_sum = 0, hrw_moved_not_from_removed = 0;
      for (std::size_t k = lo; k < hi; ++k) {
        const Fnv1a key_state = states[k - lo];
        Fnv1a prefix = key_state;
        prefix.unit(u'|').unit(u'S');
        // One pass gives both winners: over all servers, and over all but the removed one (its
        // list is the same order with one server left out, so first-max carries over). Each
        // server's score and index are one number, score << 32 | ~s: the larger number is the
        // higher score, or on a tie the earlier server (first-max), so a winner is a plain
        // maximum, branch-free (which server leads is a coin toss per key). 0, below every such
        // number, is "none yet".
        std::uint64_t top_all = 0, top_rest = 0;
        const auto consider = [&](std::uint32_t s, std::uint32_t score) {
          const std::uint64_t entry = std::uint64_t{score} << 32 | ~s;
          top_all = std::max(top_all, entry);
          top_rest = std::max(top_rest, s != removed ? entry : 0);
        };
        // S0 .. S9, the common case, in a loop of its own.
        const std::uint32_t ones = std::min(ns, 10u);
        for (std::uint32_t s = 0; s < ones; ++s) consider(s, Fnv1a(prefix).unit('0' + s).finish());
        for (std::uint32_t g = 1; g < groups; ++g) {
          Fnv1a group = prefix;
          for (std::uint32_t i = first[g]; i < first[g + 1]; ++i) group.unit(digits[i]);
          const std::uint32_t end = std::min(ns, 10 * g + 10);
          for (std::uint32_t s = 10 * g; s < end; ++s) consider(s, Fnv1a(group).unit('0' + s - 10 * g).finish());
        }
        const auto best_all = ~static_cast<std::uint32_t>(top_all);
        ++counts[best_all];
        // With one server, none is left after the removal: the published program compares
        // against `undefined`, which counts as a move.
        const bool hrw_moved = top_all != top_rest;
        hrw_moved_sum += hrw_moved ? 1u : 0u;
        hrw_moved_not_from_removed += (hrw_moved & (best_all != removed)) ? 1u : 0u;
        block[pending++] = key_state.finish();
        if (pending == kBlock) walk_block();
      }
      sums[0] += hrw_moved_sum;
      sums[1] += hrw_moved_not_from_removed;
    });
    walk_block();
  }

  RINGLAB_ONCE_PER_CALL [[nodiscard]] HrwJumpResult result(const std::uint64_t* counts) const {
    HrwJumpResult r;
    r.keys = keys;
    r.removed = removed;
    r.buckets = buckets;
    r.hrw_moved = static_cast<std::uint32_t>(counts[ns]);
    r.hrw_moved_not_from_removed = static_cast<std::uint32_t>(counts[ns + 1]);
    r.jump_moved = static_cast<std::uint32_t>(counts[ns + 2]);
    r.counts.resize(ns);
    for (std::uint32_t s = 0; s < ns; ++s)
      if (counts[s] > 0) r.counts[s] = static_cast<std::uint32_t>(counts[s]);
    r.text = experiments_text::hrw_jump(r, ns, static_cast<std::int32_t>(buckets));
    return r;
  }
};

}  // namespace experiment_runs

namespace {

// A step of a run on `threads` threads: each chunk by whichever thread is free, into a tally of
// its own; the tallies added into `sum` (integers: any order gives the same sums).
template <typename Chunk>
RINGLAB_ONCE_PER_CALL void run_step(std::uint64_t keys, unsigned threads, std::size_t size, Reporter& report,
                                    std::uint64_t work_per_key, std::span<std::uint64_t> sum, const Chunk& chunk) {
  const std::size_t chunks = chunks_of(keys);
  std::vector<std::uint64_t> tallies(workers_for(chunks, threads) * size, 0);
  run_tasks(chunks, threads, [&](unsigned w, std::size_t c) {
    report.start(w);
    chunk(c, tallies.data() + w * size);
    report.finished(chunk_size(keys, c) * work_per_key);
  });
  for (std::size_t i = 0; i < tallies.size(); ++i) sum[i % size] += tallies[i];
}

}  // namespace

RINGLAB_ONCE_PER_CALL RingVsModResult ring_vs_mod(const RingVsModParams& p, const Progress& progress) {
  validate(p);
  const unsigned threads = thread_count(p.threads);
  const experiment_runs::RingVsModRun run(p);
  std::uint64_t sum[experiment_runs::RingVsModRun::kTally] = {};
  Reporter report(progress, run.keys);
  run_step(run.keys, threads, experiment_runs::RingVsModRun::kTally, report, 1, sum,
           [&](std::uint64_t c, std::uint64_t* t) { run.chunk(c, t); });
  report.end();
  return run.result(sum);
}

RINGLAB_ONCE_PER_CALL VnodeSweepResult vnode_sweep(const VnodeSweepParams& p, const Progress& progress) {
  validate(p);
  const unsigned threads = thread_count(p.threads);
  experiment_runs::VnodeSweepRun run(p);
  std::vector<std::uint64_t> sum(run.tally(), 0);
  // Work: per key and group, making the key and placing it once per V of the group.
  std::uint64_t total = 0;
  for (std::size_t g = 0; g < run.steps(); ++g) total += static_cast<std::uint64_t>(run.keys) * run.work(g);
  Reporter report(progress, total);
  for (std::size_t g = 0; g < run.steps(); ++g) {
    run.build(g);
    run_step(run.keys, threads, sum.size(), report, run.work(g), sum,
             [&](std::uint64_t c, std::uint64_t* t) { run.chunk(g, c, t); });
  }
  report.end();
  return run.result(sum.data());
}

RINGLAB_ONCE_PER_CALL HrwJumpResult hrw_jump(const HrwJumpParams& p, const Progress& progress) {
  validate(p);
  const unsigned threads = thread_count(p.threads);
  const experiment_runs::HrwJumpRun run(p);
  std::vector<std::uint64_t> sum(run.tally(), 0);
  Reporter report(progress, run.keys);
  run_step(run.keys, threads, sum.size(), report, 1, sum, [&](std::uint64_t c, std::uint64_t* t) { run.chunk(c, t); });
  report.end();
  return run.result(sum.data());
}

// --- ExperimentRun -------------------------------------------------------------------------------

struct ExperimentRun::State {
  ExperimentKind kind;
  std::optional<experiment_runs::RingVsModRun> ring_vs_mod;
  std::optional<experiment_runs::VnodeSweepRun> vnode_sweep;
  std::optional<experiment_runs::HrwJumpRun> hrw_jump;
  std::uint64_t keys = 0;
};

RINGLAB_ONCE_PER_CALL ExperimentRun::ExperimentRun(const RingVsModParams& p) : s_(std::make_unique<State>()) {
  validate(p);
  (void)thread_count(p.threads);
  s_->kind = ExperimentKind::ring_vs_mod;
  s_->keys = s_->ring_vs_mod.emplace(p).keys;
}
RINGLAB_ONCE_PER_CALL ExperimentRun::ExperimentRun(const VnodeSweepParams& p) : s_(std::make_unique<State>()) {
  validate(p);
  (void)thread_count(p.threads);
  s_->kind = ExperimentKind::vnode_sweep;
  s_->keys = s_->vnode_sweep.emplace(p).keys;
}
RINGLAB_ONCE_PER_CALL ExperimentRun::ExperimentRun(const HrwJumpParams& p) : s_(std::make_unique<State>()) {
  validate(p);
  (void)thread_count(p.threads);
  s_->kind = ExperimentKind::hrw_jump;
  s_->keys = s_->hrw_jump.emplace(p).keys;
}
ExperimentRun::~ExperimentRun() = default;

ExperimentKind ExperimentRun::kind() const noexcept { return s_->kind; }
std::size_t ExperimentRun::steps() const noexcept { return s_->vnode_sweep ? s_->vnode_sweep->steps() : 1; }
std::uint64_t ExperimentRun::chunks() const noexcept { return chunks_of(s_->keys); }
std::size_t ExperimentRun::tally_size() const noexcept {
  if (s_->ring_vs_mod) return experiment_runs::RingVsModRun::kTally;
  if (s_->vnode_sweep) return s_->vnode_sweep->tally();
  return s_->hrw_jump->tally();
}
RINGLAB_ONCE_PER_CALL std::uint64_t ExperimentRun::work(std::size_t step, std::uint64_t first,
                                                        std::uint64_t end) const noexcept {
  std::uint64_t keys = 0;
  for (std::uint64_t c = first; c < end && c < chunks(); ++c) keys += chunk_size(s_->keys, c);
  return keys * (s_->vnode_sweep && step < steps() ? s_->vnode_sweep->work(step) : 1);
}

RINGLAB_ONCE_PER_CALL void ExperimentRun::place(std::size_t step, std::uint64_t first, std::uint64_t end,
                                                std::span<std::uint64_t> tally) {
  if (step >= steps()) throw Error(ErrorCode::invalid_argument, rule::stepOutside, "", {step, steps()});
  check_part(first, end, chunks(), tally.size(), tally_size());
  if (s_->vnode_sweep) s_->vnode_sweep->build(step);
  for (std::uint64_t c = first; c < end; ++c) {
    if (s_->ring_vs_mod) s_->ring_vs_mod->chunk(c, tally.data());
    else if (s_->vnode_sweep) s_->vnode_sweep->chunk(step, c, tally.data());
    else s_->hrw_jump->chunk(c, tally.data());
  }
}

namespace {
RINGLAB_ONCE_PER_CALL void check_result(const ExperimentRun& run, ExperimentKind kind,
                                        std::span<const std::uint64_t> tally) {
  if (run.kind() != kind) throw Error(ErrorCode::invalid_argument, rule::otherRun, "");
  check_part(0, 0, run.chunks(), tally.size(), run.tally_size());
}
}  // namespace

RINGLAB_ONCE_PER_CALL RingVsModResult ExperimentRun::ring_vs_mod(std::span<const std::uint64_t> tally) const {
  check_result(*this, ExperimentKind::ring_vs_mod, tally);
  return s_->ring_vs_mod->result(tally.data());
}
RINGLAB_ONCE_PER_CALL VnodeSweepResult ExperimentRun::vnode_sweep(std::span<const std::uint64_t> tally) const {
  check_result(*this, ExperimentKind::vnode_sweep, tally);
  return s_->vnode_sweep->result(tally.data());
}
RINGLAB_ONCE_PER_CALL HrwJumpResult ExperimentRun::hrw_jump(std::span<const std::uint64_t> tally) const {
  check_result(*this, ExperimentKind::hrw_jump, tally);
  return s_->hrw_jump->result(tally.data());
}

}  // namespace ringlab
