#include "ringlab/bounded.hpp"

#include <cmath>
#include <string>

#include "key_blocks.hpp"
#include "ringlab/error.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

std::vector<std::uint32_t> bounded_capacities(const Ring& ring, std::uint64_t keys, double epsilon) {
  check_number(Param::bounded_epsilon, epsilon);
  const auto servers = ring.servers();
  double total_weight = 0;
  for (const Server& s : servers) total_weight += s.weight;
  std::vector<std::uint32_t> caps;
  caps.reserve(servers.size());
  std::uint64_t room = 0;
  for (const Server& s : servers) {
    // Left to right: (1 + eps) * m * w / sum(w). With all weights 1 this is exactly
    // (1 + eps) * m / n, the unweighted formula.
    const double c = std::ceil((1 + epsilon) * static_cast<double>(keys) * s.weight / total_weight);
    const std::uint32_t cap = c >= 4294967295.0 ? 4294967295u : static_cast<std::uint32_t>(c);
    caps.push_back(cap);
    room += cap;
  }
  // Guarantees every walk ends within one lap.
  if (room < keys)
    throw Error(ErrorCode::out_of_range, "capacities hold only " + std::to_string(room) + " of " +
                                             std::to_string(keys) + " keys: raise epsilon");
  return caps;
}

BoundedPlacement place_bounded(const Ring& ring, std::span<const std::uint32_t> key_hashes, double epsilon) {
  BoundedPlacement p;
  p.capacities = bounded_capacities(ring, key_hashes.size(), epsilon);
  p.loads.assign(ring.servers().size(), 0);
  const auto owners = ring.point_servers();
  const std::size_t n = owners.size();
  p.servers.resize(key_hashes.size());
  p.walks.resize(key_hashes.size());
  // Keys in order, a block at a time (key_blocks.hpp).
  for_each_key(key_hashes.size(), [&](std::size_t k) {
    std::size_t at = ring.owner_point(key_hashes[k]);
    std::uint32_t walk = 0;
    while (p.loads[owners[at]] >= p.capacities[owners[at]]) {
      at = at + 1 == n ? 0 : at + 1;
      ++walk;
    }
    const std::uint32_t s = owners[at];
    ++p.loads[s];
    p.servers[k] = s;
    p.walks[k] = walk;
    if (walk > 0) ++p.not_first_choice;
    if (walk > p.longest_walk) p.longest_walk = walk;
  });
  return p;
}

}  // namespace ringlab
