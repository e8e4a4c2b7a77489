#include "compare_place.hpp"

#include <string>

#include "key_blocks.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"

namespace ringlab::compare_detail {

RINGLAB_ONCE_PER_CALL void make_keys(std::int64_t seed, std::uint64_t first, std::uint32_t count, Keys& keys) {
  keys.text.resize(count);
  keys.hashes.resize(count);
  CourseKeys course(seed);
  course.skip(first);
  for_each_block(count, [&](std::size_t lo, std::size_t hi) {
    course.next_states(std::span(keys.text).subspan(lo, hi - lo));
    for (std::size_t k = lo; k < hi; ++k) keys.hashes[k] = keys.text[k].finish();
  });
}

RINGLAB_ONCE_PER_CALL void as_ids(Placement& p, const Ids& ids) {
  for (auto& a : p.after) a = ids.after_ids[a];
}

// --- Ring -----------------------------------------------------------------------------------
//
// An added server only takes keys: a key moves to it exactly when one of its points comes before
// the key's old owner point, walking clockwise from the key's hash. Both distances are measured
// as (token - hash) mod 2^32; on equal tokens the server listed first keeps the key, and the new
// server is listed last, so it needs a strictly shorter distance. A removed server only gives
// keys away, and only its own keys look for a new owner. A weight changes the server's points
// both ways: the ring is searched again for every key.

RINGLAB_ONCE_PER_CALL void place_ring(const Ring& before, const Ring& after, std::span<const std::uint32_t> hashes,
                                      const Ids& ids, Placement& p) {
  const std::size_t count = hashes.size();
  p.before.resize(count);
  p.after.resize(count);
  const std::uint32_t* before_tokens = before.tokens().data();
  if (ids.kind == ChangeKind::add) {
    std::vector<std::uint32_t> mine;  // the new server's tokens, ascending
    for (std::size_t i = 0; i < after.size(); ++i)
      if (after.point_server(i) == ids.changed) mine.push_back(after.tokens()[i]);
    const std::uint32_t* t = mine.data();
    const std::size_t m = mine.size();
    for_each_key(count, [&](std::size_t k) {
      const std::uint32_t h = hashes[k];
      const std::uint32_t at = before.owner_point(h);
      const std::uint32_t old_owner = before.point_server(at);
      p.before[k] = old_owner;
      // The first of the new server's tokens >= h, or its first when there is none (wrapping).
      const std::uint32_t* base = t;
      std::size_t len = m;
      while (len > 1) {
        const std::size_t half = len / 2;
        base = base[half - 1] < h ? base + half : base;
        len -= half;
      }
      const std::size_t q = m == 0 ? 0 : static_cast<std::size_t>(base - t) + (*base < h ? 1 : 0);
      const bool takes = m != 0 && static_cast<std::uint32_t>(t[q == m ? 0 : q] - h) <
                                       static_cast<std::uint32_t>(before_tokens[at] - h);
      p.after[k] = takes ? ids.changed : old_owner;
    });
    return;
  }
  const bool removal = ids.kind == ChangeKind::remove || ids.kind == ChangeKind::fail;
  for_each_key(count, [&](std::size_t k) {
    const std::uint32_t h = hashes[k];
    const std::uint32_t a = before.owner(h);
    p.before[k] = a;
    p.after[k] = removal && a != ids.changed ? a : ids.after_ids[after.owner(h)];
  });
}

// --- Rendezvous -----------------------------------------------------------------------------
//
// One pass over the servers before gives each key its winner and its runner-up (the server that
// wins once the winner is gone: the first listed of the highest scores among the others). After
// an add the new server, listed last, wins only with a strictly higher score than the winner;
// after a removal the removed server's keys go to their runner-up; after a weight change the
// reweighted server's new score meets the best of the others. Nothing is scored twice.

namespace {

// The names in the comparison's id space, hashed as Rendezvous does: the beginning every name
// shares once per key, then the rest of each name.
struct Names {
  std::u16string common;
  std::vector<char16_t> rest;
  std::vector<std::uint32_t> first;  // name i's rest is rest[first[i] .. first[i+1])
  std::vector<double> weight;        // per id, before the change (the added server's: its own)

  explicit Names(const std::vector<const Server*>& servers) {
    std::size_t len = servers.empty() ? 0 : servers[0]->name.size();
    for (const Server* s : servers) {
      std::size_t i = 0;
      while (i < len && i < s->name.size() && s->name[i] == servers[0]->name[i]) ++i;
      len = i;
    }
    if (!servers.empty()) common = servers[0]->name.substr(0, len);
    first.push_back(0);
    for (const Server* s : servers) {
      rest.insert(rest.end(), s->name.begin() + static_cast<std::ptrdiff_t>(len), s->name.end());
      first.push_back(static_cast<std::uint32_t>(rest.size()));
      weight.push_back(s->weight);
    }
  }
  [[nodiscard]] std::uint32_t raw(const Fnv1a& common_state, std::uint32_t id) const noexcept {
    Fnv1a f = common_state;
    for (std::uint32_t i = first[id]; i < first[id + 1]; ++i) f.unit(rest[i]);
    return f.finish();
  }
};

// A score as a double: plain HRW's 32-bit scores are exact in one, and compare as they do as
// integers; one function serves both kinds.
double score_of(std::uint32_t raw, double weight, bool weighted) noexcept {
  return weighted ? weighted_rendezvous_score(raw, weight) : raw;
}

void rendezvous_incremental(const Names& names, std::span<const Fnv1a> text, const Ids& ids, double new_weight,
                            bool weighted, Placement& p) {
  using S = double;
  const std::uint32_t n = ids.before;
  const std::uint32_t c = ids.changed;
  const bool add = ids.kind == ChangeKind::add;
  const bool reweight = ids.kind == ChangeKind::weight;
  for_each_key(text.size(), [&](std::size_t k) {
    const Fnv1a common = Fnv1a(text[k]).unit(u'|').units(names.common);
    // -1 is below every score: the first server leads, a later one needs a strictly higher score.
    S b1 = -1, b2 = -1;
    std::uint32_t i1 = 0, i2 = 0;
    std::uint32_t raw_c = 0;
    for (std::uint32_t s = 0; s < n; ++s) {
      const std::uint32_t raw = names.raw(common, s);
      const S score = score_of(raw, names.weight[s], weighted);
      raw_c = s == c ? raw : raw_c;
      const bool lead = score > b1;
      const bool second = !lead && score > b2;
      b2 = lead ? b1 : second ? score : b2;
      i2 = lead ? i1 : second ? s : i2;
      b1 = lead ? score : b1;
      i1 = lead ? s : i1;
    }
    p.before[k] = i1;
    if (add) {
      p.after[k] = score_of(names.raw(common, n), new_weight, weighted) > b1 ? n : i1;
    } else if (!reweight) {
      p.after[k] = i1 != c ? i1 : i2;
    } else {
      const bool other_first = i1 != c;
      const S other = other_first ? b1 : b2;
      const std::uint32_t other_id = other_first ? i1 : i2;
      const S mine = score_of(raw_c, new_weight, weighted);
      p.after[k] = mine > other || (mine == other && c < other_id) ? c : other_id;
    }
  });
}

// The common case on its own, plain HRW and an add: the scores compared as integers and no
// runner-up kept. In WebAssembly the general loop above (doubles, the runner-up's selects) takes
// about twice as long per server. When no name continues the shared beginning by more than two
// units (S0 .. S99 after "S"), a server's rest is hashed in two steps, each kept or not by a
// select, rather than by a loop: a loop over one or two units costs more than its hashing. Other
// names take the general loop.
// Returns false, placing nothing, when some name's rest is longer.
bool rendezvous_plain_add(const Names& names, std::span<const Fnv1a> text, std::uint32_t n, Placement& p) {
  bool short_rests = true;
  std::vector<std::uint32_t> packed(n);  // a rest's units: the first | the second << 16
  std::vector<std::uint32_t> length(n);
  for (std::uint32_t s = 0; s < n && short_rests; ++s) {
    length[s] = names.first[s + 1] - names.first[s];
    short_rests = length[s] <= 2;
    if (length[s] >= 1) packed[s] = names.rest[names.first[s]];
    if (length[s] == 2) packed[s] |= static_cast<std::uint32_t>(names.rest[names.first[s] + 1]) << 16;
  }
  if (!short_rests) return false;
  const std::uint32_t* units = packed.data();
  const std::uint32_t* lengths = length.data();
  for_each_key(text.size(), [&](std::size_t k) {
    const Fnv1a common = Fnv1a(text[k]).unit(u'|').units(names.common);
    const std::uint32_t state = common.state();
    std::int64_t best = -1;
    std::uint32_t winner = 0;
    for (std::uint32_t s = 0; s < n; ++s) {
      const std::uint32_t u = units[s];
      const std::uint32_t len = lengths[s];
      const std::uint32_t one = (state ^ (u & 0xFFFF)) * kFnvPrime;
      const std::uint32_t h1 = len >= 1 ? one : state;
      const std::uint32_t two = (h1 ^ (u >> 16)) * kFnvPrime;
      const std::int64_t score = fmix32(len >= 2 ? two : h1);
      const bool lead = score > best;
      best = lead ? score : best;
      winner = lead ? s : winner;
    }
    p.before[k] = winner;
    p.after[k] = names.raw(common, n) > best ? n : winner;
  });
  return true;
}

#if !defined(__EMSCRIPTEN__) || defined(RINGLAB_WASM_SIMD128)
// Plain HRW after an add, a removal or a failure, natively and in the SIMD128 build of the
// WebAssembly module: the scores of a block of keys side by side in vector lanes
// (Rendezvous::best_many and top2_many: AVX2, SSE2 or SIMD128, each key's winner and runner-up
// exactly as the loops above give them). The scalar module keeps the loops above.
void rendezvous_lanes(const std::vector<Server>& before, const Server* added, std::span<const Fnv1a> text,
                      const Ids& ids, Placement& p) {
  std::vector<std::u16string> names;
  for (const Server& s : before) names.push_back(s.name);
  const Rendezvous hrw(std::move(names));
  const std::uint32_t n = ids.before;
  std::vector<Fnv1a> prefix(std::min<std::size_t>(text.size(), kKeyBlock));
  std::vector<std::uint32_t> winner(prefix.size()), score(prefix.size());
  std::vector<RendezvousTop2> top(added == nullptr ? prefix.size() : 0);
  for (std::size_t lo = 0; lo < text.size(); lo += kKeyBlock) {
    const std::size_t m = std::min(kKeyBlock, text.size() - lo);
    for (std::size_t k = 0; k < m; ++k) prefix[k] = Fnv1a(text[lo + k]).unit(u'|');
    const std::span<const Fnv1a> block(prefix.data(), m);
    if (added != nullptr) {
      hrw.best_many(block, {winner.data(), m}, {score.data(), m});
      for (std::size_t k = 0; k < m; ++k) {
        p.before[lo + k] = winner[k];
        p.after[lo + k] = Fnv1a(prefix[k]).units(added->name).finish() > score[k] ? n : winner[k];
      }
    } else {
      hrw.top2_many(block, {top.data(), m});
      for (std::size_t k = 0; k < m; ++k) {
        p.before[lo + k] = top[k].first;
        p.after[lo + k] = top[k].first != ids.changed ? top[k].first : top[k].second;
      }
    }
  }
}
#endif

}  // namespace

RINGLAB_ONCE_PER_CALL void place_rendezvous(const std::vector<Server>& before, const std::vector<Server>& after,
                                            bool weighted, std::span<const Fnv1a> text, const Ids& ids, Placement& p) {
  p.before.resize(text.size());
  p.after.resize(text.size());
#if !defined(__EMSCRIPTEN__) || defined(RINGLAB_WASM_SIMD128)
  if (!weighted && ids.kind != ChangeKind::weight && simd_path_available() != SimdPath::scalar) {
    rendezvous_lanes(before, ids.kind == ChangeKind::add ? &after.back() : nullptr, text, ids, p);
    return;
  }
#endif
  std::vector<const Server*> all;
  for (const Server& s : before) all.push_back(&s);
  if (ids.kind == ChangeKind::add) all.push_back(&after.back());
  const Names names(all);
  const double new_weight = ids.kind == ChangeKind::add      ? after.back().weight
                            : ids.kind == ChangeKind::weight ? after[ids.changed].weight
                                                             : 0;
  if (weighted || ids.kind != ChangeKind::add || !rendezvous_plain_add(names, text, ids.before, p))
    rendezvous_incremental(names, text, ids, new_weight, weighted, p);
}

// --- Jump -----------------------------------------------------------------------------------
//
// The candidates jump walks through do not depend on n: jump(h, n) is the last candidate below
// n, and the walk stops at the first candidate x >= n. With one bucket more, that candidate is
// below n + 1 exactly when it lands on bucket n; the walk's next candidate is then >= n + 1 (each
// step at least multiplies b + 1 by 1), so jump(h, n + 1) is n or jump(h, n). With the last bucket
// gone, keys below it stay and only bucket n - 1's keys walk again.

namespace {

// jump_unchecked(), also giving the candidate that ended the walk.
inline std::int32_t jump_with_exit(std::uint64_t key, std::int32_t n, double& exit) noexcept {
  const double limit = n;
  double b = -1;
  double x = 0;
  while (x < limit) {
    b = floor_below_2p63(x);
    key = key * 2862933555777941757ull + 1;
    const double ratio = 2147483648.0 / static_cast<double>((key >> 33) + 1);
    x = (b + 1) * ratio;
  }
  exit = x;
  return static_cast<std::int32_t>(b);
}

}  // namespace

RINGLAB_ONCE_PER_CALL void place_jump(std::span<const std::uint32_t> hashes, const Ids& ids, Placement& p) {
  const std::size_t count = hashes.size();
  const auto n = static_cast<std::int32_t>(ids.before);
  const auto m = static_cast<std::int32_t>(ids.after_ids.size());
  p.before.resize(count);
  p.after.resize(count);
  if (m > n) {
    for_each_key(count, [&](std::size_t k) {
      double exit = 0;
      const auto a = static_cast<std::uint32_t>(jump_with_exit(hashes[k], n, exit));
      p.before[k] = a;
      p.after[k] = exit < m ? static_cast<std::uint32_t>(n) : a;
    });
  } else {
    for_each_key(count, [&](std::size_t k) {
      const auto a = static_cast<std::uint32_t>(jump_unchecked(hashes[k], n));
      p.before[k] = a;
      p.after[k] = static_cast<std::int32_t>(a) < m ? a : static_cast<std::uint32_t>(jump_unchecked(hashes[k], m));
    });
  }
}

// --- Maglev and mod-N -----------------------------------------------------------------------

RINGLAB_ONCE_PER_CALL void place_maglev(const Maglev& before, const Maglev& after,
                                        std::span<const std::uint32_t> hashes, const Ids& ids, Placement& p) {
  p.before.resize(hashes.size());
  p.after.resize(hashes.size());
  for_each_key(hashes.size(), [&](std::size_t k) {
    p.before[k] = before.lookup(hashes[k]);
    p.after[k] = ids.after_ids[after.lookup(hashes[k])];
  });
}

RINGLAB_ONCE_PER_CALL void place_mod_n(std::span<const std::uint32_t> hashes, const Ids& ids, Placement& p) {
  p.before.resize(hashes.size());
  p.after.resize(hashes.size());
  const FastMod before(ids.before);
  const FastMod after(static_cast<std::uint32_t>(ids.after_ids.size()));
  for_each_key(hashes.size(), [&](std::size_t k) {
    p.before[k] = before(hashes[k]);
    p.after[k] = ids.after_ids[after(hashes[k])];
  });
}

// --- What moved -----------------------------------------------------------------------------

RINGLAB_ONCE_PER_CALL void tally(const Placement& p, std::span<const std::uint8_t> is_new,
                                 std::span<const std::uint8_t> touched, Tally& t) {
  for_each_block(p.before.size(), [&](std::size_t lo, std::size_t hi) {
    std::uint64_t moved = 0, to_new = 0, needless = 0;
    for (std::size_t k = lo; k < hi; ++k) {
      const std::uint32_t a = p.before[k];
      const std::uint32_t b = p.after[k];
      ++t.loads[b];
      const std::uint64_t move = a != b;
      moved += move;
      to_new += move & is_new[b];
      needless += move & static_cast<std::uint64_t>((touched[a] | touched[b]) ^ 1);
    }
    t.moved += moved;
    t.moved_to_new += to_new;
    t.moved_needlessly += needless;
  });
}

}  // namespace ringlab::compare_detail
