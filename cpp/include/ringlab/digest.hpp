// A placement digest: one 32-bit number summing up what every algorithm of the library answers
// for the course's keys, so two builds (native, WebAssembly under Node, WebAssembly in a browser)
// can be compared with one line per algorithm.
//
// Definition. For each part, the 32-bit results r_0, r_1, ... (a server index, a bucket, a hash,
// ...; -1 is taken as 0xFFFFFFFF) are fed to ringlab::Fnv1a as two 16-bit units each, low half
// first: unit(r & 0xFFFF), unit(r >> 16). The part's digest is .finish() (fmix32 of the state).
// `all` is Fnv1a over the parts in order: each name's bytes, then its digest's two halves as
// above, then .finish().
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ringlab/hash.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

// The most keys a digest takes, kMaxDigestKeys, is in params.hpp.

// The digest's servers, S0 .. S{kDigestServers - 1}: every server-placing part's, and the bucket
// count of the newer parts (digest_newer.hpp).
inline constexpr std::uint32_t kDigestServers = 10;

struct DigestPart {
  std::string name;
  std::uint32_t digest = 0;
  friend bool operator==(const DigestPart&, const DigestPart&) = default;
};

struct PlacementDigest {
  std::uint32_t all = 0;
  std::vector<DigestPart> parts;
  friend bool operator==(const PlacementDigest&, const PlacementDigest&) = default;
};

// Feeds one 32-bit result to a digest: its low then its high 16-bit half.
constexpr Fnv1a& digest_value(Fnv1a& f, std::uint32_t r) noexcept { return f.unit(r & 0xFFFFu).unit(r >> 16); }

// The digest of a list of results (a part's digest).
[[nodiscard]] std::uint32_t digest_values(std::span<const std::uint32_t> results) noexcept;

// `all` for a list of parts.
[[nodiscard]] std::uint32_t combine_digests(std::span<const DigestPart> parts) noexcept;

// Every algorithm on `keys` course keys of `seed`, part by part: h32, then each algorithm's parts
// in the registry's order (algorithms.hpp), then the experiments; that is:
//   h32          h32 of each key
//   mod-n        h32 mod 10
//   ring         owner on the ring S0..S9, V = 100
//   ring-weighted  owner on S0..S9 with weights 1, 2, 0.5, 1, 2, 0.5, ..., V = 100
//   preference-list  zone-aware preference list, rf = 3, S0..S9 in zones a, b, c, a, b, c, ...
//                    (V = 100; each key's three servers in order)
//   rendezvous   pick among S0..S9
//   rendezvous-weighted  pick among S0..S9 with the weights above
//   jump         jump(h32(key), 1000)
//   maglev       lookup in a table of M = 65537 over 10 backends S0..S9
//   maglev-weighted  the same with the weights above
//   bounded      bounded-load placement, epsilon = 0.25, on the ring S0..S9 with V = 1 (so that
//                keys do walk): each key's server, then its walk
//   token-ring   route on a 32-bit token ring of 50 vnodes v0..v49 at tokens drawn from
//                Mulberry32(seed) (a drawn token already taken is skipped); the result is h32
//                of the vnode id
//   ring-vs-mod, vnode-sweep, hrw-jump  h32 (as bytes) of the experiment's text for `seed`,
//                other parameters at their defaults
// Checks seed and keys by the table's digest_seed and digest_keys: Error(out_of_range) for a seed
// outside +-(2^53 - 1) or keys < 0, Error(limit_exceeded) for more than kMaxDigestKeys keys.
[[nodiscard]] PlacementDigest placement_digests(std::int64_t seed = param(Param::digest_seed).default_integer,
                                                std::int64_t keys = param(Param::digest_keys).default_integer);

// placement_digests(seed, keys).all.
[[nodiscard]] std::uint32_t placement_digest(std::int64_t seed = param(Param::digest_seed).default_integer,
                                             std::int64_t keys = param(Param::digest_keys).default_integer);

}  // namespace ringlab
