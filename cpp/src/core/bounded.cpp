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
  if (room < keys) throw Error(ErrorCode::out_of_range, rule::capacity, "epsilon", {room, keys});
  return caps;
}

BoundedPlacement place_bounded(const Ring& ring, std::span<const std::uint32_t> key_hashes, double epsilon) {
  BoundedStream stream(ring, key_hashes.size(), epsilon);
  BoundedPlacement p;
  p.servers.resize(key_hashes.size());
  p.walks.resize(key_hashes.size());
  stream.place(key_hashes, p.servers, p.walks.data());
  for (const std::uint32_t walk : p.walks) {
    if (walk > 0) ++p.not_first_choice;
    if (walk > p.longest_walk) p.longest_walk = walk;
  }
  p.loads = std::move(stream.loads_);
  p.capacities = std::move(stream.capacities_);
  return p;
}

BoundedStream::BoundedStream(const Ring& ring, std::uint64_t keys, double epsilon)
    : ring_(&ring), capacities_(bounded_capacities(ring, keys, epsilon)), loads_(ring.servers().size(), 0) {}

void BoundedStream::place(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> servers,
                          std::uint32_t* walks) {
  const Ring& ring = *ring_;
  const auto owners = ring.point_servers();
  const std::size_t n = owners.size();
  std::uint32_t* loads = loads_.data();
  const std::uint32_t* caps = capacities_.data();
  // Keys in order, a block at a time (key_blocks.hpp).
  for_each_key(hashes.size(), [&](std::size_t k) {
    std::size_t at = ring.owner_point(hashes[k]);
    std::uint32_t walk = 0;
    while (loads[owners[at]] >= caps[owners[at]]) {
      at = at + 1 == n ? 0 : at + 1;
      ++walk;
    }
    const std::uint32_t s = owners[at];
    ++loads[s];
    servers[k] = s;
    if (walks) walks[k] = walk;
  });
}

}  // namespace ringlab
