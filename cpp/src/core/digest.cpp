#include "ringlab/digest.hpp"
#include "ringlab/once.hpp"

#include <string>
#include <string_view>

#include "ringlab/algorithms.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/random.hpp"

namespace ringlab {

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

  // h32 of each key, then each algorithm's parts (the registry's order, algorithms.cpp), then the
  // experiments.
  PlacementDigest d;
  d.parts.push_back({"h32", digest_values(hashes)});
  const DigestInput input{.seed = seed, .hashes = hashes, .states = states};
  for (const Algorithm& a : algorithms())
    for (const AlgorithmDigestPart& part : a.digest) d.parts.push_back({std::string(part.name), part.digest(input)});

  RingVsModParams rvm;
  rvm.seed = seed;
  VnodeSweepParams sweep;
  sweep.seed = seed;
  HrwJumpParams hj;
  hj.seed = seed;

  d.parts.push_back({"ring-vs-mod", h32_bytes(ring_vs_mod(rvm).text)});
  d.parts.push_back({"vnode-sweep", h32_bytes(vnode_sweep(sweep).text)});
  d.parts.push_back({"hrw-jump", h32_bytes(hrw_jump(hj).text)});
  d.all = combine_digests(d.parts);
  return d;
}

std::uint32_t placement_digest(std::int64_t seed, std::int64_t keys) { return placement_digests(seed, keys).all; }

}  // namespace ringlab
