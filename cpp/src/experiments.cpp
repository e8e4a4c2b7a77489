#include "ringlab/experiments.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "experiments_text.hpp"
#include "key_blocks.hpp"
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
  explicit KeyStream(std::int64_t seed) : keys_(seed) {}
  Fnv1a next() noexcept { return course_key_fnv(keys_.next_number()); }
  void next_hashes(std::span<std::uint32_t> out) noexcept { keys_.next_hashes(out); }

 private:
  CourseKeys keys_;
};

std::string str(std::int64_t v) { return std::to_string(v); }

// The loops run over blocks of keys (key_blocks.hpp); progress is reported at the start of a
// block, every kProgressEvery keys. A block's keys are made and looked up by the batch functions
// (CourseKeys::next_hashes, Ring::owners), compiled for speed in their own files: called here per
// key, the inline forms were left as calls in WebAssembly, to copies compiled for size.
static_assert(kProgressEvery % kKeyBlock == 0);

}  // namespace

RINGLAB_ONCE_PER_CALL RingVsModResult ring_vs_mod(const RingVsModParams& p, const Progress& progress) {
  validate(p);
  RingVsModResult r;
  r.keys = static_cast<std::uint32_t>(p.keys);
  const auto n = static_cast<std::uint32_t>(p.servers);
  const std::uint32_t m = n + 1;
  r.servers_before = n;
  r.servers_after = m;
  const Ring before = Ring::uniform(n, static_cast<std::uint32_t>(p.vnodes));
  const Ring after = Ring::uniform(m, static_cast<std::uint32_t>(p.vnodes));
  const FastMod mod_before(n), mod_after(m);
  KeyStream keys(p.seed);
  std::vector<std::uint32_t> hashes(kKeyBlock), owner_before(kKeyBlock), owner_after(kKeyBlock);
  for_each_block(r.keys, [&](std::size_t lo, std::size_t hi) {
    if (progress && lo % kProgressEvery == 0) progress(lo, r.keys);
    const std::size_t count = hi - lo;
    keys.next_hashes(std::span(hashes.data(), count));
    std::copy_n(hashes.begin(), count, owner_before.begin());
    std::copy_n(hashes.begin(), count, owner_after.begin());
    before.owners(std::span(owner_before.data(), count));
    after.owners(std::span(owner_after.data(), count));
    std::uint32_t mod_moved = 0, mod_moved_to_new = 0, ring_moved = 0, ring_moved_to_new = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint32_t x = hashes[i];
      // Counted without branches (which way they go is a coin toss per key). A key that lands on
      // the new server (index n) always moved: before the change no server had that index.
      const std::uint32_t mod_a = mod_before(x);
      const std::uint32_t mod_b = mod_after(x);
      mod_moved += mod_a != mod_b ? 1u : 0u;
      mod_moved_to_new += mod_b == n ? 1u : 0u;
      const std::uint32_t a = owner_before[i];
      const std::uint32_t b = owner_after[i];
      ring_moved += a != b ? 1u : 0u;
      ring_moved_to_new += b == n ? 1u : 0u;
    }
    r.mod_moved += mod_moved;
    r.mod_moved_to_new += mod_moved_to_new;
    r.ring_moved += ring_moved;
    r.ring_moved_to_new += ring_moved_to_new;
  });
  if (progress) progress(r.keys, r.keys);
  r.text = experiments_text::ring_vs_mod(r);
  return r;
}

RINGLAB_ONCE_PER_CALL VnodeSweepResult vnode_sweep(const VnodeSweepParams& p, const Progress& progress) {
  validate(p);
  VnodeSweepResult r;
  r.servers = static_cast<std::uint32_t>(p.servers);
  r.keys = static_cast<std::uint32_t>(p.keys);
  const double n = r.servers;
  r.average = static_cast<double>(r.keys) / n;
  const double avg = r.average;
  std::vector<std::uint32_t> hashes(r.keys);
  KeyStream keys(p.seed);
  // Work: generating the keys, then placing them once per V.
  const std::uint64_t total = static_cast<std::uint64_t>(r.keys) * (1 + p.vnodes.size());
  std::uint64_t done = 0;
  for_each_block(r.keys, [&](std::size_t lo, std::size_t hi) {
    if (progress && lo % kProgressEvery == 0) progress(done + lo, total);
    keys.next_hashes(std::span(hashes.data() + lo, hi - lo));
  });
  done += r.keys;
  r.text = experiments_text::vnode_sweep_header();
  std::vector<std::uint32_t> owners(kKeyBlock);
  for (std::int64_t v : p.vnodes) {
    VnodeSweepRow row;
    row.vnodes = static_cast<std::uint32_t>(v);
    row.points = static_cast<std::uint64_t>(p.servers * v);
    const Ring ring = Ring::uniform(r.servers, row.vnodes);
    row.counts.assign(r.servers, 0);
    std::uint32_t* counts = row.counts.data();
    for_each_block(r.keys, [&](std::size_t lo, std::size_t hi) {
      if (progress && lo % kProgressEvery == 0) progress(done + lo, total);
      std::copy_n(hashes.begin() + static_cast<std::ptrdiff_t>(lo), hi - lo, owners.begin());
      ring.owners(std::span(owners.data(), hi - lo));
      for (std::size_t i = 0; i < hi - lo; ++i) ++counts[owners[i]];
    });
    done += r.keys;
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
    r.text += experiments_text::vnode_sweep_row(row, v, sd_pct);
    r.rows.push_back(std::move(row));
  }
  if (progress) progress(total, total);
  r.text += experiments_text::vnode_sweep_footer(avg);
  return r;
}

RINGLAB_ONCE_PER_CALL HrwJumpResult hrw_jump(const HrwJumpParams& p, const Progress& progress) {
  validate(p);
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
  std::vector<std::uint32_t> counts(ns, 0);
  // jump(x, b) and jump(x, b + 1) are the last buckets below b and below b + 1 of one increasing
  // sequence that depends on x alone (0 = j0 < j1 < ...: every step gives j >= b + 1). They differ
  // exactly when the sequence hits b, and then jump(x, b + 1) = b. So one walk, to b + 1, answers
  // both, and a key that moves always moves to the new bucket: jump_moved_not_to_new stays 0.
  // The walks run a block of keys at a time, side by side (jump_many).
  constexpr std::size_t kBlock = 256;
  std::uint32_t block[kBlock];
  std::int32_t grown[kBlock];
  std::size_t pending = 0;
  const auto walk_block = [&] {
    jump_many(std::span<const std::uint32_t>(block, pending), b + 1, std::span<std::int32_t>(grown, pending));
    for (std::size_t i = 0; i < pending; ++i) r.jump_moved += grown[i] == b ? 1u : 0u;
    pending = 0;
  };
  KeyStream keys(p.seed);
  for_each_block(r.keys, [&](std::size_t lo, std::size_t hi) {
    if (progress && lo % kProgressEvery == 0) progress(lo, r.keys);
    std::uint32_t hrw_moved_sum = 0, hrw_moved_not_from_removed = 0;
    for (std::size_t k = lo; k < hi; ++k) {
      const Fnv1a key_state = keys.next();
      Fnv1a prefix = key_state;
      prefix.unit(u'|').unit(u'S');
      // One pass gives both winners: over all servers, and over all but the removed one (its
      // list is the same order with one server left out, so first-max carries over). Branch-free:
      // which server leads is a coin toss per key. -1 is below every score, so the first server
      // considered always takes the lead; later ones need a strictly greater score (first-max).
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
      // With one server, none is left after the removal: the published program compares against
      // `undefined`, which counts as a move.
      const bool hrw_moved = best_all != best_rest;
      hrw_moved_sum += hrw_moved ? 1u : 0u;
      hrw_moved_not_from_removed += (hrw_moved & (best_all != r.removed)) ? 1u : 0u;
      block[pending++] = key_state.finish();
      if (pending == kBlock) walk_block();
    }
    r.hrw_moved += hrw_moved_sum;
    r.hrw_moved_not_from_removed += hrw_moved_not_from_removed;
  });
  walk_block();
  if (progress) progress(r.keys, r.keys);
  r.counts.resize(ns);
  for (std::uint32_t s = 0; s < ns; ++s)
    if (counts[s] > 0) r.counts[s] = counts[s];
  r.text = experiments_text::hrw_jump(r, ns, b);
  return r;
}

}  // namespace ringlab
