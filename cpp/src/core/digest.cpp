#include "ringlab/digest.hpp"
#include "ringlab/once.hpp"

#include <string_view>
#include <utility>

#include "ringlab/bounded.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/token_ring.hpp"

namespace ringlab {
namespace {

constexpr std::uint32_t kServers = 10;
constexpr std::uint32_t kVnodes = 100;
constexpr double kWeights[3] = {1.0, 2.0, 0.5};
constexpr std::uint32_t kTokenVnodes = 50;

}  // namespace

std::uint32_t digest_values(std::span<const std::uint32_t> results) noexcept {
  Fnv1a f;
  for (std::uint32_t r : results) digest_value(f, r);
  return f.finish();
}

std::uint32_t combine_digests(std::span<const DigestPart> parts) noexcept {
  Fnv1a f;
  for (const DigestPart& p : parts) digest_value(f.bytes(std::string_view(p.name)), p.digest);
  return f.finish();
}

// A check of every algorithm at once, run once per call: for size (see once.hpp).
RINGLAB_ONCE PlacementDigest placement_digests(std::int64_t seed, std::int64_t key_count) {
  check_integer(Param::digest_seed, seed);
  const auto keys = static_cast<std::uint32_t>(check_integer(Param::digest_keys, key_count));
  CourseKeys course(seed);

  // The keys: the FNV-1a state of each (key i is "user:" + the next number) and its h32.
  std::vector<Fnv1a> states(keys);
  course.next_states(states);
  std::vector<std::uint32_t> hashes(keys);
  for (std::uint32_t i = 0; i < keys; ++i) hashes[i] = states[i].finish();

  // The servers: S0..S9, plain, weighted, and in three zones.
  std::vector<Server> weighted = default_servers(kServers);
  std::vector<Server> zoned = default_servers(kServers);
  std::vector<std::u16string> names;
  std::vector<WeightedServer> weighted_names;
  std::vector<Backend> backends;
  std::vector<Backend> weighted_backends;
  for (std::uint32_t s = 0; s < kServers; ++s) {
    const double w = kWeights[s % 3];
    weighted[s].weight = w;
    zoned[s].zone = std::u16string(1, static_cast<char16_t>(u'a' + s % 3));
    names.push_back(weighted[s].name);
    weighted_names.push_back({weighted[s].name, w});
    backends.push_back({weighted[s].name, 1.0});
    weighted_backends.push_back({weighted[s].name, w});
  }

  const Ring ring = Ring::uniform(kServers, kVnodes);
  const Ring weighted_ring(std::move(weighted), kVnodes);
  const Ring zoned_ring(std::move(zoned), kVnodes);
  const Rendezvous hrw(std::move(names));
  const WeightedRendezvous whrw(std::move(weighted_names));
  const Maglev maglev(std::move(backends));
  const Maglev weighted_maglev(std::move(weighted_backends));

  TokenRing token_ring(32);
  {
    Mulberry32 rng(seed);
    for (std::uint32_t v = 0; v < kTokenVnodes;) {
      const std::uint32_t token = rng.next_uint32();
      bool taken = false;
      for (const auto& p : token_ring.points()) taken = taken || p.first == token;
      if (taken) continue;
      token_ring.add(u"v" + std::u16string(default_server_name(v)).substr(1), token);
      ++v;
    }
  }

  Fnv1a f_h32, f_mod, f_ring, f_wring, f_pref, f_hrw, f_whrw, f_jump, f_maglev, f_wmaglev, f_token;
  const FastMod mod10(kServers);
  for (std::uint32_t i = 0; i < keys; ++i) {
    const std::uint32_t h = hashes[i];
    const Fnv1a prefix = Fnv1a(states[i]).unit(u'|');
    digest_value(f_h32, h);
    digest_value(f_mod, mod10(h));
    digest_value(f_ring, ring.owner(h));
    digest_value(f_wring, weighted_ring.owner(h));
    for (std::uint32_t s : zoned_ring.preference_list(h, 3, true)) digest_value(f_pref, s);
    digest_value(f_hrw, static_cast<std::uint32_t>(hrw.pick_prefix(prefix)));
    digest_value(f_whrw, static_cast<std::uint32_t>(whrw.pick_prefix(prefix)));
    digest_value(f_jump, static_cast<std::uint32_t>(jump(h, 1000)));
    digest_value(f_maglev, maglev.lookup(h));
    digest_value(f_wmaglev, weighted_maglev.lookup(h));
    digest_value(f_token, h32(token_ring.route_hash(h)));
  }
  // On a ring of one point per server the loads are uneven enough that many keys walk.
  const BoundedPlacement bounded = place_bounded(Ring::uniform(kServers, 1), hashes, 0.25);
  Fnv1a f_bounded;
  for (std::uint32_t i = 0; i < keys; ++i) digest_value(digest_value(f_bounded, bounded.servers[i]), bounded.walks[i]);

  RingVsModParams rvm;
  rvm.seed = seed;
  VnodeSweepParams sweep;
  sweep.seed = seed;
  HrwJumpParams hj;
  hj.seed = seed;

  PlacementDigest d;
  d.parts = {
      {"h32", f_h32.finish()},
      {"mod-n", f_mod.finish()},
      {"ring", f_ring.finish()},
      {"ring-weighted", f_wring.finish()},
      {"preference-list", f_pref.finish()},
      {"rendezvous", f_hrw.finish()},
      {"rendezvous-weighted", f_whrw.finish()},
      {"jump", f_jump.finish()},
      {"maglev", f_maglev.finish()},
      {"maglev-weighted", f_wmaglev.finish()},
      {"bounded", f_bounded.finish()},
      {"token-ring", f_token.finish()},
      {"ring-vs-mod", h32_bytes(ring_vs_mod(rvm).text)},
      {"vnode-sweep", h32_bytes(vnode_sweep(sweep).text)},
      {"hrw-jump", h32_bytes(hrw_jump(hj).text)},
  };
  d.all = combine_digests(d.parts);
  return d;
}

std::uint32_t placement_digest(std::int64_t seed, std::int64_t keys) { return placement_digests(seed, keys).all; }

}  // namespace ringlab
