// The registry's entries (algorithms.hpp), each with its parts of the placement digest: what the
// algorithm answers for the digest's keys on S0..S9. The parts' definitions are digest.hpp's.
#include "ringlab/algorithms.hpp"

#include <array>
#include <string>
#include <utility>
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
#include "ringlab/digest.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/once.hpp"
#include "ringlab/placers.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/token_ring.hpp"

namespace ringlab {
namespace {

// The digest's servers: S0..S9, with weights 1, 2, 0.5, 1, 2, 0.5, ... where weighted, and in
// zones a, b, c, a, b, c, ... where zoned; rings of V = 100.
constexpr std::uint32_t kServers = kDigestServers;
constexpr std::uint32_t kVnodes = 100;
constexpr double kWeights[3] = {1.0, 2.0, 0.5};
constexpr std::uint32_t kTokenVnodes = 50;

double weight_of(std::uint32_t s) { return kWeights[s % 3]; }

std::vector<Server> digest_servers(bool weighted, bool zoned) {
  std::vector<Server> servers = default_servers(kServers);
  for (std::uint32_t s = 0; s < kServers; ++s) {
    if (weighted) servers[s].weight = weight_of(s);
    if (zoned) servers[s].zone = std::u16string(1, static_cast<char16_t>(u'a' + s % 3));
  }
  return servers;
}

template <class Place>
std::uint32_t each_key(const DigestInput& in, Place place) {
  Fnv1a f;
  for (std::size_t i = 0; i < in.hashes.size(); ++i) place(f, i);
  return f.finish();
}

RINGLAB_ONCE std::uint32_t digest_mod_n(const DigestInput& in) {
  const FastMod mod(kServers);
  return each_key(in, [&](Fnv1a& f, std::size_t i) { digest_value(f, mod(in.hashes[i])); });
}

RINGLAB_ONCE std::uint32_t digest_ring(const DigestInput& in) {
  const Ring ring = Ring::uniform(kServers, kVnodes);
  return each_key(in, [&](Fnv1a& f, std::size_t i) { digest_value(f, ring.owner(in.hashes[i])); });
}

RINGLAB_ONCE std::uint32_t digest_ring_weighted(const DigestInput& in) {
  const Ring ring(digest_servers(true, false), kVnodes);
  return each_key(in, [&](Fnv1a& f, std::size_t i) { digest_value(f, ring.owner(in.hashes[i])); });
}

RINGLAB_ONCE std::uint32_t digest_preference_list(const DigestInput& in) {
  const Ring ring(digest_servers(false, true), kVnodes);
  return each_key(in, [&](Fnv1a& f, std::size_t i) {
    for (std::uint32_t s : ring.preference_list(in.hashes[i], 3, true)) digest_value(f, s);
  });
}

// A key's rendezvous prefix: its FNV-1a state continued with "|" (rendezvous.hpp).
Fnv1a prefix_of(const DigestInput& in, std::size_t i) { return Fnv1a(in.states[i]).unit(u'|'); }

RINGLAB_ONCE std::uint32_t digest_rendezvous(const DigestInput& in) {
  std::vector<std::u16string> names;
  for (const Server& s : default_servers(kServers)) names.push_back(s.name);
  const Rendezvous hrw(std::move(names));
  return each_key(in, [&](Fnv1a& f, std::size_t i) {
    digest_value(f, static_cast<std::uint32_t>(hrw.pick_prefix(prefix_of(in, i))));
  });
}

RINGLAB_ONCE std::uint32_t digest_rendezvous_weighted(const DigestInput& in) {
  std::vector<WeightedServer> servers;
  for (const Server& s : digest_servers(true, false)) servers.push_back({s.name, s.weight});
  const WeightedRendezvous whrw(std::move(servers));
  return each_key(in, [&](Fnv1a& f, std::size_t i) {
    digest_value(f, static_cast<std::uint32_t>(whrw.pick_prefix(prefix_of(in, i))));
  });
}

RINGLAB_ONCE std::uint32_t digest_jump(const DigestInput& in) {
  return each_key(
      in, [&](Fnv1a& f, std::size_t i) { digest_value(f, static_cast<std::uint32_t>(jump(in.hashes[i], 1000))); });
}

Maglev digest_maglev_of(bool weighted) {
  std::vector<Backend> backends;
  for (const Server& s : digest_servers(weighted, false)) backends.push_back({s.name, s.weight});
  return Maglev(std::move(backends));
}

RINGLAB_ONCE std::uint32_t digest_maglev(const DigestInput& in) {
  const Maglev maglev = digest_maglev_of(false);
  return each_key(in, [&](Fnv1a& f, std::size_t i) { digest_value(f, maglev.lookup(in.hashes[i])); });
}

RINGLAB_ONCE std::uint32_t digest_maglev_weighted(const DigestInput& in) {
  const Maglev maglev = digest_maglev_of(true);
  return each_key(in, [&](Fnv1a& f, std::size_t i) { digest_value(f, maglev.lookup(in.hashes[i])); });
}

// On a ring of one point per server the loads are uneven enough that many keys walk.
RINGLAB_ONCE std::uint32_t digest_bounded(const DigestInput& in) {
  const BoundedPlacement bounded = place_bounded(Ring::uniform(kServers, 1), in.hashes, 0.25);
  return each_key(
      in, [&](Fnv1a& f, std::size_t i) { digest_value(digest_value(f, bounded.servers[i]), bounded.walks[i]); });
}

// 50 vnodes v0..v49 at tokens drawn from Mulberry32(seed), a token already taken skipped.
RINGLAB_ONCE std::uint32_t digest_token_ring(const DigestInput& in) {
  TokenRing token_ring(32);
  Mulberry32 rng(in.seed);
  for (std::uint32_t v = 0; v < kTokenVnodes;) {
    const std::uint32_t token = rng.next_uint32();
    bool taken = false;
    for (const auto& p : token_ring.points()) taken = taken || p.first == token;
    if (taken) continue;
    // The server's default name with its first letter made a `v` (S3 -> v3): its vnode's name.
    std::u16string name(default_server_name(v));
    name[0] = u'v';
    token_ring.add(name, token);
    ++v;
  }
  return each_key(in, [&](Fnv1a& f, std::size_t i) { digest_value(f, h32(token_ring.route_hash(in.hashes[i]))); });
}

constexpr Param kModNParams[] = {Param::mod_n};
constexpr Param kRingParams[] = {Param::ring_servers, Param::ring_vnodes, Param::weight, Param::rf};
constexpr Param kRendezvousParams[] = {Param::rendezvous_servers, Param::top_k};
constexpr Param kWeightedRendezvousParams[] = {Param::rendezvous_servers, Param::weight, Param::top_k};
constexpr Param kJumpParams[] = {Param::jump_key, Param::jump_buckets};
constexpr Param kMaglevParams[] = {Param::maglev_backends, Param::maglev_table_size, Param::weight};
constexpr Param kBoundedParams[] = {Param::bounded_epsilon};
constexpr Param kTokenRingParams[] = {Param::token_ring_bits, Param::token};

constexpr AlgorithmDigestPart kModNDigest[] = {{"mod-n", digest_mod_n}};
constexpr AlgorithmDigestPart kRingDigest[] = {
    {"ring", digest_ring}, {"ring-weighted", digest_ring_weighted}, {"preference-list", digest_preference_list}};
constexpr AlgorithmDigestPart kRendezvousDigest[] = {{"rendezvous", digest_rendezvous}};
constexpr AlgorithmDigestPart kWeightedRendezvousDigest[] = {{"rendezvous-weighted", digest_rendezvous_weighted}};
constexpr AlgorithmDigestPart kJumpDigest[] = {{"jump", digest_jump}};
constexpr AlgorithmDigestPart kMaglevDigest[] = {{"maglev", digest_maglev},
                                                 {"maglev-weighted", digest_maglev_weighted}};
constexpr AlgorithmDigestPart kBoundedDigest[] = {{"bounded", digest_bounded}};
constexpr AlgorithmDigestPart kTokenRingDigest[] = {{"token-ring", digest_token_ring}};

// In the digest's order of parts; compare_row is the row's place in compare's table.
constexpr std::array kAlgorithms = {
    Algorithm{.name = "mod-n",
              .title = "hash mod N",
              .family = AlgorithmFamily::buckets,
              .params = kModNParams,
              .removal = Removal::renumber,
              .state = "nothing but N",
              .compare_row = 5,
              .digest = kModNDigest},
    Algorithm{.name = "ring",
              .title = "the hash ring with virtual nodes",
              .params = kRingParams,
              .weights = true,
              .zones = true,
              .state = "V points per server per unit of weight, sorted",
              .membership = {.add = true, .remove = true, .reweight = true},
              .compare_row = 0,
              .digest = kRingDigest},
    Algorithm{.name = "rendezvous",
              .title = "rendezvous (highest random weight)",
              .params = kRendezvousParams,
              .state = "the servers' names",
              .compare_row = 1,
              .digest = kRendezvousDigest},
    Algorithm{.name = "weighted-rendezvous",
              .title = "weighted rendezvous",
              .params = kWeightedRendezvousParams,
              .weights = true,
              .state = "the servers' names and weights",
              .digest = kWeightedRendezvousDigest},
    Algorithm{.name = "jump",
              .title = "jump consistent hash",
              .family = AlgorithmFamily::buckets,
              .params = kJumpParams,
              .removal = Removal::last,
              .state = "nothing but the number of buckets",
              .membership = {.add = true, .remove = true},
              .compare_row = 2,
              .digest = kJumpDigest},
    Algorithm{.name = "maglev",
              .title = "Maglev's lookup table",
              .params = kMaglevParams,
              .weights = true,
              .state = "a table of M slots",
              .compare_row = 3,
              .digest = kMaglevDigest},
    Algorithm{.name = "bounded",
              .title = "bounded loads on the ring",
              .params = kBoundedParams,
              .weights = true,
              .state = "the ring, and each server's load while placing",
              .compare_row = 4,
              .digest = kBoundedDigest},
    Algorithm{.name = "token-ring",
              .title = "a ring of explicit tokens",
              .params = kTokenRingParams,
              .state = "one token per virtual node",
              .membership = {.add = true, .remove = true},
              .digest = kTokenRingDigest},
};

// The bucket hashers that only the bucket seam runs, after kAlgorithms in the registry's order: no
// parameters of the core's functions, no compare row, no digest part. Apart from kAlgorithms so
// that the main WebAssembly module, which reads kAlgorithms and never this table, links none of it.
constexpr std::array kBucketOnlyAlgorithms = {
    Algorithm{.name = "jumpback",
              .title = "JumpBackHash (hash4j)",
              .family = AlgorithmFamily::buckets,
              .removal = Removal::last,
              .state = "nothing but the number of buckets",
              .membership = {.add = true, .remove = true}},
    Algorithm{.name = "jumpback-anchor",
              .title = "JumpBack-Anchor (hash4j)",
              .family = AlgorithmFamily::buckets,
              .removal = Removal::any,
              .state = "the stack of removed buckets, each with its anchor",
              .membership = {.add = true, .remove = true}},
    Algorithm{.name = "fliphash",
              .title = "FlipHash (fliphash-rs)",
              .family = AlgorithmFamily::buckets,
              .removal = Removal::last,
              .state = "nothing but the number of buckets and the seed",
              .membership = {.add = true, .remove = true}},
    Algorithm{.name = "memento",
              .title = "MementoHash (SUPSI)",
              .family = AlgorithmFamily::buckets,
              .removal = Removal::any,
              .state = "each removed bucket, with its replacer",
              .membership = {.add = true, .remove = true}},
    Algorithm{.name = "binomial",
              .title = "BinomialHash (SUPSI)",
              .family = AlgorithmFamily::buckets,
              .removal = Removal::last,
              .state = "nothing but the number of buckets",
              .membership = {.add = true, .remove = true}},
    Algorithm{.name = "anchor",
              .title = "AnchorHash (cpp-anchorhash)",
              .family = AlgorithmFamily::buckets,
              .state = "16 bytes per bucket of its capacity",
              .membership = {.add = true, .remove = true}},
    Algorithm{.name = "dx",
              .title = "DxHash (ChaosD/DxHash)",
              .family = AlgorithmFamily::buckets,
              .state = "a bit per bucket of its capacity",
              .membership = {.add = true, .remove = true}},
    // No membership, as the reference has none: built again for each list of nodes. A node that
    // leaves moves only its keys (every other probe's distance stays or grows).
    Algorithm{.name = "multiprobe",
              .title = "multi-probe consistent hashing (go-mpchash)",
              .family = AlgorithmFamily::buckets,
              .state = "one point per node, sorted"},
};

// The buckets family's hashers (buckets.hpp), in the entries' order: each algorithm's input, its
// options' rows (bucket_params.hpp) and its maker. Apart from kAlgorithms so that a module that
// reads the registry links no hasher: the main WebAssembly module reads kAlgorithms (compare, the
// digest) and never this table.
constexpr BucketParam kModNBucketOptions[] = {BucketParam::mod_n_buckets};
constexpr BucketParam kJumpBucketOptions[] = {BucketParam::jump_buckets};
// FlipHash's buckets: any count the seam's 32-bit buckets hold, as mod-N's (its reference takes
// any 64-bit range end).
constexpr BucketParam kFlipHashBucketOptions[] = {BucketParam::mod_n_buckets, BucketParam::fliphash_seed};
constexpr BucketParam kAnchorBucketOptions[] = {BucketParam::capacity_buckets, BucketParam::anchor_capacity};
constexpr BucketParam kDxBucketOptions[] = {BucketParam::capacity_buckets, BucketParam::dx_capacity};
constexpr BucketParam kMultiProbeBucketOptions[] = {BucketParam::multiprobe_nodes, BucketParam::multiprobe_probes};

constexpr std::array kBucketAlgorithms = {
    BucketAlgorithm{.name = "mod-n",
                    .input = BucketInput::u32,
                    .options = kModNBucketOptions,
                    .traces = true,
                    .make = make_mod_n_hasher},
    BucketAlgorithm{.name = "jump",
                    .input = BucketInput::u64,
                    .options = kJumpBucketOptions,
                    .traces = true,
                    .make = make_jump_hasher},
    BucketAlgorithm{.name = "jumpback",
                    .input = BucketInput::u64,
                    .options = kJumpBucketOptions,
                    .traces = true,
                    .make = make_jumpback_hasher},
    BucketAlgorithm{.name = "jumpback-anchor",
                    .input = BucketInput::u64,
                    .options = kJumpBucketOptions,
                    .traces = true,
                    .make = make_jumpback_anchor_hasher},
    BucketAlgorithm{.name = "fliphash",
                    .input = BucketInput::u64,
                    .options = kFlipHashBucketOptions,
                    .traces = true,
                    .make = make_fliphash_hasher},
    BucketAlgorithm{.name = "memento",
                    .input = BucketInput::text,
                    .options = kJumpBucketOptions,
                    .traces = true,
                    .make = make_memento_hasher},
    BucketAlgorithm{.name = "binomial",
                    .input = BucketInput::u64,
                    .options = kJumpBucketOptions,
                    .traces = true,
                    .make = make_binomial_hasher},
    BucketAlgorithm{.name = "anchor",
                    .input = BucketInput::u64,
                    .options = kAnchorBucketOptions,
                    .traces = true,
                    .make = make_anchor_hasher},
    BucketAlgorithm{
        .name = "dx", .input = BucketInput::u32, .options = kDxBucketOptions, .traces = true, .make = make_dx_hasher},
    BucketAlgorithm{.name = "multiprobe",
                    .input = BucketInput::text,
                    .answers = BucketAnswer::name,
                    .options = kMultiProbeBucketOptions,
                    .traces = true,
                    .make = make_multiprobe_hasher},
};

// The server seam's placers (placers.hpp), in the entries' order: mod-N over a list of servers,
// then the servers family. Each algorithm's rows of the parameter table (its options and its
// servers' fields) and its maker. Apart from kAlgorithms for the reason kBucketAlgorithms is: the
// main WebAssembly module reads the entries and links no placer.
constexpr Param kRingPlacerOptions[] = {Param::ring_vnodes, Param::weight};
constexpr Param kWeightedRendezvousPlacerOptions[] = {Param::weight};
constexpr Param kMaglevPlacerOptions[] = {Param::maglev_table_size, Param::weight};
// Bounded loads places on a ring (rl.boundedLoads takes one): the ring's rows, then its slack.
constexpr Param kBoundedPlacerOptions[] = {Param::ring_vnodes, Param::weight, Param::bounded_epsilon};
constexpr Param kTokenRingPlacerOptions[] = {Param::token_ring_bits, Param::token};

constexpr std::array kPlacerAlgorithms = {
    PlacerAlgorithm{.name = "mod-n", .traces = true, .make = make_mod_n_placer},
    PlacerAlgorithm{
        .name = "ring", .options = kRingPlacerOptions, .traces = true, .preference = true, .make = make_ring_placer},
    PlacerAlgorithm{.name = "rendezvous", .traces = true, .preference = true, .make = make_rendezvous_placer},
    PlacerAlgorithm{.name = "weighted-rendezvous",
                    .options = kWeightedRendezvousPlacerOptions,
                    .traces = true,
                    .preference = true,
                    .make = make_weighted_rendezvous_placer},
    PlacerAlgorithm{.name = "maglev", .options = kMaglevPlacerOptions, .traces = true, .make = make_maglev_placer},
    PlacerAlgorithm{.name = "bounded", .options = kBoundedPlacerOptions, .traces = true, .make = make_bounded_placer},
    PlacerAlgorithm{.name = "token-ring",
                    .options = kTokenRingPlacerOptions,
                    .traces = true,
                    .preference = true,
                    .make = make_token_ring_placer},
};

}  // namespace

std::span<const PlacerAlgorithm> placer_algorithms() noexcept { return kPlacerAlgorithms; }

std::span<const Algorithm> algorithms() noexcept { return kAlgorithms; }

std::string_view removal_name(Removal removal) noexcept {
  switch (removal) {
    case Removal::last: return "last";
    case Removal::renumber: return "renumber";
    case Removal::any: break;
  }
  return "any";
}

std::span<const Algorithm> bucket_only_algorithms() noexcept { return kBucketOnlyAlgorithms; }

std::vector<const Algorithm*> all_algorithms() {
  std::vector<const Algorithm*> all;
  for (const Algorithm& a : kAlgorithms) all.push_back(&a);
  for (const Algorithm& a : kBucketOnlyAlgorithms) all.push_back(&a);
  return all;
}

std::span<const BucketAlgorithm> bucket_algorithms() noexcept { return kBucketAlgorithms; }

const Algorithm* find_algorithm(std::string_view name) noexcept {
  for (const Algorithm& a : kAlgorithms)
    if (a.name == name) return &a;
  for (const Algorithm& a : kBucketOnlyAlgorithms)
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace ringlab
