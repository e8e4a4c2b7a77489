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

// The course's keys as a stream of FNV states over "user:<n>": the text never needs to exist.
class KeyStream {
 public:
  // The seed's keys from the key numbered `first` (0-based) on.
  KeyStream(std::int64_t seed, std::uint64_t first) : keys_(seed) { keys_.skip(first); }
  Fnv1a next() noexcept { return course_key_fnv(keys_.next_number()); }
  void next_hashes(std::span<std::uint32_t> out) noexcept { keys_.next_hashes(out); }

 private:
  CourseKeys keys_;
};

std::string str(std::int64_t v) { return std::to_string(v); }

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

}  // namespace

RINGLAB_ONCE_PER_CALL RingVsModResult ring_vs_mod(const RingVsModParams& p, const Progress& progress) {
  validate(p);
  const unsigned threads = thread_count(p.threads);
  RingVsModResult r;
  r.keys = static_cast<std::uint32_t>(p.keys);
  const auto n = static_cast<std::uint32_t>(p.servers);
  const std::uint32_t m = n + 1;
  r.servers_before = n;
  r.servers_after = m;
  const Ring before = Ring::uniform(n, static_cast<std::uint32_t>(p.vnodes));
  const Ring after = Ring::uniform(m, static_cast<std::uint32_t>(p.vnodes));
  const FastMod mod_before(n), mod_after(m);
  // Per worker: mod moved, mod moved to new, ring moved, ring moved to new.
  const std::size_t chunks = chunks_of(r.keys);
  std::vector<std::uint32_t> sums(4 * workers_for(chunks, threads), 0);  // keys <= kMaxKeys < 2^32
  Reporter report(progress, r.keys);
  run_tasks(chunks, threads, [&](unsigned w, std::size_t c) {
    report.start(w);
    std::uint32_t* t = sums.data() + 4 * w;
    const std::uint64_t first = c * kChunk;
    const std::size_t size = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, r.keys - first));
    KeyStream keys(p.seed, first);
    std::vector<std::uint32_t> scratch(3 * kKeyBlock);
    std::uint32_t* const hashes = scratch.data();
    std::uint32_t* const owner_before = hashes + kKeyBlock;
    std::uint32_t* const owner_after = owner_before + kKeyBlock;
    for_each_block(size, [&](std::size_t lo, std::size_t hi) {
      const std::size_t count = hi - lo;
      keys.next_hashes(std::span(hashes, count));
      std::copy_n(hashes, count, owner_before);
      std::copy_n(hashes, count, owner_after);
      before.owners(std::span(owner_before, count));
      after.owners(std::span(owner_after, count));
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
    report.finished(size);
  });
  for (std::size_t i = 0; i < sums.size(); i += 4) {
    r.mod_moved += sums[i];
    r.mod_moved_to_new += sums[i + 1];
    r.ring_moved += sums[i + 2];
    r.ring_moved_to_new += sums[i + 3];
  }
  report.end();
  r.text = experiments_text::ring_vs_mod(r);
  return r;
}

// The keys are made once per group of rings and looked up in each ring of the group, a chunk at
// a time: no array of every key is kept. A group is the next values of V whose rings hold at
// most kMaxRingPoints points together (each ring alone is held to that cap), so the rings kept at
// once cost no more than the largest ring allowed; the default list is one group.
RINGLAB_ONCE_PER_CALL VnodeSweepResult vnode_sweep(const VnodeSweepParams& p, const Progress& progress) {
  validate(p);
  const unsigned threads = thread_count(p.threads);
  VnodeSweepResult r;
  r.servers = static_cast<std::uint32_t>(p.servers);
  r.keys = static_cast<std::uint32_t>(p.keys);
  const double n = r.servers;
  r.average = static_cast<double>(r.keys) / n;
  const double avg = r.average;
  // The end of the group that starts at p.vnodes[from].
  const auto group_end = [&](std::size_t from) {
    std::size_t to = from;
    std::uint64_t points = 0;
    do points += static_cast<std::uint64_t>(p.servers * p.vnodes[to++]);
    while (to < p.vnodes.size() && points + static_cast<std::uint64_t>(p.servers * p.vnodes[to]) <= kMaxRingPoints);
    return to;
  };
  std::size_t groups = 0;
  for (std::size_t from = 0; from < p.vnodes.size(); from = group_end(from)) ++groups;
  // Work: per key and group, making the key and placing it once per V of the group.
  const std::uint64_t total = static_cast<std::uint64_t>(r.keys) * (groups + p.vnodes.size());
  Reporter report(progress, total);
  const std::size_t chunks = chunks_of(r.keys);
  const unsigned workers = workers_for(chunks, threads);
  r.text = experiments_text::vnode_sweep_header();
  for (std::size_t from = 0, to; from < p.vnodes.size(); from = to) {
    to = group_end(from);
    const std::size_t g = to - from;
    const std::unique_ptr<std::optional<Ring>[]> rings(new std::optional<Ring>[g]);
    for (std::size_t v = 0; v < g; ++v) rings[v].emplace(Ring::uniform(r.servers, p.vnodes[from + v]));
    // Per worker, per ring of the group, per server.
    const std::size_t per_worker = g * r.servers;
    std::vector<std::uint32_t> all_counts(workers * per_worker, 0);
    run_tasks(chunks, threads, [&](unsigned w, std::size_t c) {
      report.start(w);
      const std::uint64_t first = c * kChunk;
      const std::size_t size = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, r.keys - first));
      KeyStream keys(p.seed, first);
      std::vector<std::uint32_t> scratch(2 * kKeyBlock);
      std::uint32_t* const hashes = scratch.data();
      std::uint32_t* const owners = hashes + kKeyBlock;
      for_each_block(size, [&](std::size_t lo, std::size_t hi) {
        const std::size_t count = hi - lo;
        keys.next_hashes(std::span(hashes, count));
        for (std::size_t v = 0; v < g; ++v) {
          std::copy_n(hashes, count, owners);
          rings[v]->owners(std::span(owners, count));
          std::uint32_t* counts = all_counts.data() + w * per_worker + v * r.servers;
          for (std::size_t i = 0; i < count; ++i) ++counts[owners[i]];
        }
      });
      report.finished(size * (1 + g));
    });
    for (std::size_t v = 0; v < g; ++v) {
      const std::int64_t vnodes = p.vnodes[from + v];
      VnodeSweepRow row;
      row.vnodes = static_cast<std::uint32_t>(vnodes);
      row.points = static_cast<std::uint64_t>(p.servers * vnodes);
      row.counts.assign(r.servers, 0);
      for (std::size_t at = v * r.servers; at < all_counts.size(); at += per_worker)
        for (std::uint32_t s = 0; s < r.servers; ++s) row.counts[s] += all_counts[at + s];
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
  }
  report.end();
  r.text += experiments_text::vnode_sweep_footer(avg);
  return r;
}

RINGLAB_ONCE_PER_CALL HrwJumpResult hrw_jump(const HrwJumpParams& p, const Progress& progress) {
  validate(p);
  const unsigned threads = thread_count(p.threads);
  HrwJumpResult r;
  r.keys = static_cast<std::uint32_t>(p.keys);
  const auto ns = static_cast<std::uint32_t>(p.servers);
  r.removed = static_cast<std::uint32_t>(p.remove);
  r.buckets = static_cast<std::uint32_t>(p.buckets);
  const auto b = static_cast<std::int32_t>(p.buckets);
  // Server names as bytes: the names are ASCII, so bytes hash exactly like UTF-16 units.
  std::vector<std::string> names;
  names.reserve(ns);
  for (std::uint32_t s = 0; s < ns; ++s) names.push_back("S" + str(s));
  // Every name is "S" + digits: a score continues the key's state past "|S" with the digits of s
  // (digits[first[s] .. first[s+1])), so "|S" is hashed once per key instead of once per server.
  std::vector<std::uint8_t> digits;
  std::vector<std::uint32_t> first(ns + 1, 0);
  for (std::uint32_t s = 0; s < ns; ++s) {
    for (std::size_t i = 1; i < names[s].size(); ++i) digits.push_back(static_cast<std::uint8_t>(names[s][i]));
    first[s + 1] = static_cast<std::uint32_t>(digits.size());
  }
  // jump(x, b) and jump(x, b + 1) are the last buckets below b and below b + 1 of one increasing
  // sequence that depends on x alone (0 = j0 < j1 < ...: every step gives j >= b + 1). They differ
  // exactly when the sequence hits b, and then jump(x, b + 1) = b. So one walk, to b + 1, answers
  // both, and a key that moves always moves to the new bucket: jump_moved_not_to_new stays 0.
  // The walks run a block of keys at a time, side by side (jump_many).
  constexpr std::size_t kBlock = 256;
  // Per worker: the servers' counts, then hrw moved, hrw moved not from the removed server, jump
  // moved.
  const std::size_t chunks = chunks_of(r.keys);
  const std::size_t per_worker = ns + 3;
  std::vector<std::uint32_t> all_counts(workers_for(chunks, threads) * per_worker, 0);  // keys < 2^32
  Reporter report(progress, r.keys);
  run_tasks(chunks, threads, [&](unsigned w, std::size_t c) {
    report.start(w);
    std::uint32_t* counts = all_counts.data() + w * per_worker;
    std::uint32_t* sums = counts + ns;
    std::uint32_t block[kBlock];
    std::int32_t grown[kBlock];
    std::size_t pending = 0;
    const auto walk_block = [&] {
      jump_many(std::span<const std::uint32_t>(block, pending), b + 1, std::span<std::int32_t>(grown, pending));
      for (std::size_t i = 0; i < pending; ++i) sums[2] += grown[i] == b ? 1u : 0u;
      pending = 0;
    };
    const std::uint64_t first_key = c * kChunk;
    const std::size_t size = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, r.keys - first_key));
    KeyStream keys(p.seed, first_key);
    for_each_block(size, [&](std::size_t lo, std::size_t hi) {
      std::uint32_t hrw_moved_sum = 0, hrw_moved_not_from_removed = 0;
      for (std::size_t k = lo; k < hi; ++k) {
        const Fnv1a key_state = keys.next();
        Fnv1a prefix = key_state;
        prefix.unit(u'|').unit(u'S');
        // One pass gives both winners: over all servers, and over all but the removed one (its
        // list is the same order with one server left out, so first-max carries over).
        // Branch-free: which server leads is a coin toss per key. -1 is below every score, so the
        // first server considered always takes the lead; later ones need a strictly greater
        // score (first-max).
        std::int64_t best_all = -1, best_rest = -1;
        std::int64_t score_all = -1, score_rest = -1;
        for (std::uint32_t s = 0; s < ns; ++s) {
          Fnv1a f = prefix;
          for (std::uint32_t i = first[s]; i < first[s + 1]; ++i) f.unit(digits[i]);
          const std::int64_t score = f.finish();
          const bool lead_all = score > score_all;
          best_all = lead_all ? s : best_all;
          score_all = lead_all ? score : score_all;
          const bool lead_rest = (s != r.removed) & (score > score_rest);
          best_rest = lead_rest ? s : best_rest;
          score_rest = lead_rest ? score : score_rest;
        }
        ++counts[static_cast<std::size_t>(best_all)];
        // With one server, none is left after the removal: the published program compares
        // against `undefined`, which counts as a move.
        const bool hrw_moved = best_all != best_rest;
        hrw_moved_sum += hrw_moved ? 1u : 0u;
        hrw_moved_not_from_removed += (hrw_moved & (best_all != r.removed)) ? 1u : 0u;
        block[pending++] = key_state.finish();
        if (pending == kBlock) walk_block();
      }
      sums[0] += hrw_moved_sum;
      sums[1] += hrw_moved_not_from_removed;
    });
    walk_block();
    report.finished(size);
  });
  // The workers' counts, added into the first's.
  for (std::size_t at = per_worker; at < all_counts.size(); ++at) all_counts[at % per_worker] += all_counts[at];
  const std::uint32_t* counts = all_counts.data();
  r.hrw_moved = counts[ns];
  r.hrw_moved_not_from_removed = counts[ns + 1];
  r.jump_moved = counts[ns + 2];
  report.end();
  r.counts.resize(ns);
  for (std::uint32_t s = 0; s < ns; ++s)
    if (counts[s] > 0) r.counts[s] = static_cast<std::uint32_t>(counts[s]);
  r.text = experiments_text::hrw_jump(r, ns, b);
  return r;
}

}  // namespace ringlab
