#include "ringlab/experiments.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"

namespace ringlab {
namespace {

// Both values are in range already, so the product fits.
void check_points(std::int64_t servers, std::int64_t vnodes) {
  check_ring_points(static_cast<std::uint64_t>(servers * vnodes));
}

// The course's keys as a stream of FNV states over "user:<n>": the text never needs to exist.
class KeyStream {
 public:
  explicit KeyStream(std::int64_t seed) : keys_(seed) {}
  Fnv1a next() noexcept { return course_key_fnv(keys_.next_number()); }

 private:
  CourseKeys keys_;
};

std::string str(std::int64_t v) { return std::to_string(v); }

// (100 * c / keys).toFixed(1) + "%": the multiply first, then the divide, in doubles.
std::string percent(double count, double keys) { return js::to_fixed(100 * count / keys, 1) + "%"; }

}  // namespace

void validate(const RingVsModParams& p) {
  check_integer(Param::ring_vs_mod_seed, p.seed);
  check_integer(Param::ring_vs_mod_keys, p.keys);
  check_integer(Param::ring_vs_mod_servers, p.servers);
  check_integer(Param::ring_vs_mod_vnodes, p.vnodes);
  check_points(p.servers + 1, p.vnodes);
}

void validate(const VnodeSweepParams& p) {
  check_integer(Param::vnode_sweep_seed, p.seed);
  check_integer(Param::vnode_sweep_servers, p.servers);
  check_integer(Param::vnode_sweep_keys, p.keys);
  check_list(Param::vnode_sweep_vnodes, p.vnodes);
  for (std::int64_t v : p.vnodes) check_points(p.servers, v);
}

void validate(const HrwJumpParams& p) {
  check_integer(Param::hrw_jump_seed, p.seed);
  check_integer(Param::hrw_jump_keys, p.keys);
  check_integer(Param::hrw_jump_servers, p.servers);
  check_integer(Param::hrw_jump_remove, p.remove, 0, p.servers - 1);
  check_integer(Param::hrw_jump_buckets, p.buckets);
  if (p.keys * p.servers > kMaxHrwWork)
    throw Error(ErrorCode::limit_exceeded, "a run of " + str(p.keys * p.servers) +
                                               " scores (keys x servers) exceeds the cap of " + str(kMaxHrwWork));
}

RingVsModResult ring_vs_mod(const RingVsModParams& p, const Progress& progress) {
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
  for (std::uint32_t k = 0; k < r.keys; ++k) {
    if (progress && k % kProgressEvery == 0) progress(k, r.keys);
    const std::uint32_t x = keys.next().finish();
    // Counted without branches (which way they go is a coin toss per key). A key that lands on
    // the new server (index n) always moved: before the change no server had that index.
    const std::uint32_t mod_a = mod_before(x);
    const std::uint32_t mod_b = mod_after(x);
    r.mod_moved += mod_a != mod_b ? 1u : 0u;
    r.mod_moved_to_new += mod_b == n ? 1u : 0u;
    const std::uint32_t a = before.owner(x);
    const std::uint32_t b = after.owner(x);
    r.ring_moved += a != b ? 1u : 0u;
    r.ring_moved_to_new += b == n ? 1u : 0u;
  }
  if (progress) progress(r.keys, r.keys);
  const double kd = static_cast<double>(r.keys);
  std::string& t = r.text;
  t += "mod-N  moved " + percent(r.mod_moved, kd) + "   to new server " + percent(r.mod_moved_to_new, kd) +
       "   between old servers " + percent(r.mod_moved - r.mod_moved_to_new, kd) + "\n";
  t += "ring   moved " + percent(r.ring_moved, kd) + "   to new server " + percent(r.ring_moved_to_new, kd) +
       "   between old servers " + percent(r.ring_moved - r.ring_moved_to_new, kd) + "\n";
  t += "theory mod-N 1 - 1/" + str(m) + " = " + js::to_fixed(100.0 * n / m, 1) + "%, minimum possible 1/" + str(m) +
       " = " + js::to_fixed(100.0 / m, 1) + "%\n";
  return r;
}

VnodeSweepResult vnode_sweep(const VnodeSweepParams& p, const Progress& progress) {
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
  for (std::uint32_t k = 0; k < r.keys; ++k) {
    if (progress && k % kProgressEvery == 0) progress(done + k, total);
    hashes[k] = keys.next().finish();
  }
  done += r.keys;
  r.text = "V      points    min    max  std dev  max/avg  sd/avg\n";
  for (std::int64_t v : p.vnodes) {
    VnodeSweepRow row;
    row.vnodes = static_cast<std::uint32_t>(v);
    row.points = static_cast<std::uint64_t>(p.servers * v);
    const Ring ring = Ring::uniform(r.servers, row.vnodes);
    row.counts.assign(r.servers, 0);
    for (std::uint32_t k = 0; k < r.keys; ++k) {
      if (progress && k % kProgressEvery == 0) progress(done + k, total);
      ++row.counts[ring.owner(hashes[k])];
    }
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
    r.text += js::pad_end(str(v), 6) + js::pad_start(str(static_cast<std::int64_t>(row.points)), 7) +
              js::pad_start(str(row.min), 7) + js::pad_start(str(row.max), 7) +
              js::pad_start(js::to_fixed(row.sd, 0), 9) + js::pad_start(js::to_fixed(row.max_over_avg, 2), 9) +
              js::pad_start(js::to_fixed(sd_pct, 1) + "%", 8) + "\n";
    r.rows.push_back(std::move(row));
  }
  if (progress) progress(total, total);
  r.text += "average per server = " + js::number_to_string(avg) + " keys\n";
  return r;
}

HrwJumpResult hrw_jump(const HrwJumpParams& p, const Progress& progress) {
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
  for (std::uint32_t k = 0; k < r.keys; ++k) {
    if (progress && k % kProgressEvery == 0) progress(k, r.keys);
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
    r.hrw_moved += hrw_moved ? 1u : 0u;
    r.hrw_moved_not_from_removed += (hrw_moved & (best_all != r.removed)) ? 1u : 0u;
    block[pending++] = key_state.finish();
    if (pending == kBlock) walk_block();
  }
  walk_block();
  if (progress) progress(r.keys, r.keys);
  r.counts.resize(ns);
  for (std::uint32_t s = 0; s < ns; ++s)
    if (counts[s] > 0) r.counts[s] = counts[s];
  const double kd = static_cast<double>(r.keys);
  const std::string gone = "S" + str(r.removed);
  std::string& t = r.text;
  t += "HRW, " + str(ns) + " servers:";
  for (std::uint32_t s = 0; s < ns; ++s)
    t += " " + names[s] + "=" + (r.counts[s] ? str(*r.counts[s]) : std::string("undefined"));
  t += "\n";
  t += "HRW, " + gone + " removed: moved " + js::to_fixed(100.0 * r.hrw_moved / kd, 1) + "%, moved but not from " +
       gone + ": " + str(r.hrw_moved_not_from_removed) + "\n";
  t += "jump " + str(b) + " -> " + str(b + 1) + ": moved " + js::to_fixed(100.0 * r.jump_moved / kd, 1) +
       "% (ideal 1/" + str(b + 1) + " = " + js::to_fixed(100.0 / (b + 1), 1) + "%), not to bucket " + str(b) + ": " +
       str(r.jump_moved_not_to_new) + "\n";
  return r;
}

}  // namespace ringlab
