#include "ringlab/systems/redis.hpp"

#include <cmath>

#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/hashes.hpp"

namespace ringlab::systems::redis {

std::string_view hashed_part(std::string_view key) noexcept {
  const std::size_t open = key.find('{');
  if (open == std::string_view::npos) return key;
  const std::size_t close = key.find('}', open + 1);
  if (close == std::string_view::npos || close == open + 1) return key;
  return key.substr(open + 1, close - open - 1);
}

std::uint32_t key_slot(std::string_view key) noexcept { return crc16_xmodem(hashed_part(key)) & (kSlots - 1); }

std::vector<SlotRange> cluster_create_split(std::int64_t masters) {
  const auto n = static_cast<int>(check_integer(SystemParam::redis_nodes, masters));
  std::vector<SlotRange> out;
  out.reserve(static_cast<std::size_t>(n));
  // redis-cli's clusterManagerCommandCreate, in its own types: a float step and a float cursor
  // (float arithmetic, then lround of the float widened to double).
  const float slots_per_node = static_cast<float>(kSlots) / static_cast<float>(n);
  long first = 0;
  float cursor = 0.0f;
  for (int i = 0; i < n; ++i) {
    const float end = cursor + slots_per_node - 1.0f;
    long last = std::lround(static_cast<double>(end));
    if (last > static_cast<long>(kSlots) || i == n - 1) last = kSlots - 1;
    if (last < first) last = first;
    out.push_back({static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(last)});
    first = last + 1;
    cursor += slots_per_node;
  }
  return out;
}

ClusterSplit::ClusterSplit(std::int64_t masters) : ranges_(cluster_create_split(masters)), node_(kSlots, 0) {
  for (std::uint32_t i = 0; i < ranges_.size(); ++i)
    for (std::uint32_t s = ranges_[i].first; s <= ranges_[i].last && s < kSlots; ++s) node_[s] = i;
}

}  // namespace ringlab::systems::redis
