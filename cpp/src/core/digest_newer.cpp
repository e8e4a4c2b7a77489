// The digest's newer parts (digest_newer.hpp): each algorithm built through the bucket seam and
// fed the course keys by the class compare's newer rows use (newer_keys.hpp), a chunk at a time so
// that 10^7 keys of text need not be held at once.
#include "ringlab/digest_newer.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "newer_keys.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"

namespace ringlab {
namespace {

// Keys per chunk: enough that a chunk's set-up is lost in its lookups.
constexpr std::uint32_t kDigestChunk = 1u << 16;

}  // namespace

RINGLAB_ONCE std::uint32_t newer_digest(std::string_view algorithm, std::int64_t seed, std::int64_t key_count) {
  check_integer(Param::digest_seed, seed);
  const auto keys = static_cast<std::uint64_t>(check_integer(Param::digest_keys, key_count));
  const BucketAlgorithm& a = bucket_algorithm(algorithm);
  std::vector<std::string> names;
  for (std::uint32_t s = 0; s < kDigestServers; ++s) names.push_back("S" + std::to_string(s));
  const Buckets hasher(a.name, newer_detail::options_for_servers(a, names));
  Fnv1a f;
  std::vector<std::uint32_t> out;
  for (std::uint64_t first = 0; first < keys; first += kDigestChunk) {
    const auto count = static_cast<std::uint32_t>(std::min<std::uint64_t>(kDigestChunk, keys - first));
    const newer_detail::NewerKeys chunk(a.input, seed, first, count);
    out.resize(count);
    chunk.bucket_many(hasher, out);
    for (const std::uint32_t r : out) digest_value(f, r);
  }
  return f.finish();
}

RINGLAB_ONCE PlacementDigest placement_digests(std::int64_t seed, std::int64_t keys,
                                               std::span<const std::string_view> newer) {
  PlacementDigest d = placement_digests(seed, keys);
  for (const std::string_view name : newer) d.parts.push_back({std::string(name), newer_digest(name, seed, keys)});
  d.all = combine_digests(d.parts);
  return d;
}

}  // namespace ringlab
