// Redis Cluster: the slot of a key (CLUSTER KEYSLOT, with hash tags) and the slot ranges
// `redis-cli --cluster create` gives N masters. See docs/systems.md#redis-cluster.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace ringlab::systems::redis {

inline constexpr std::uint32_t kSlots = 16384;

// The bytes that are hashed: those between the first '{' and the first '}' after it, when that
// part is not empty; otherwise the whole key. "foo{}{bar}" hashes all of itself, "foo{{bar}}"
// hashes "{bar", "{user1000}.following" hashes "user1000".
[[nodiscard]] std::string_view hashed_part(std::string_view key) noexcept;

// CRC16/XMODEM of hashed_part(key), & 0x3FFF: 0 .. 16383.
[[nodiscard]] std::uint32_t key_slot(std::string_view key) noexcept;

// Master i's slots, first..last inclusive.
struct SlotRange {
  std::uint32_t first = 0;
  std::uint32_t last = 0;
  friend bool operator==(const SlotRange&, const SlotRange&) = default;
};

// The split redis-cli --cluster create prints as "Master[i] -> Slots first - last", for
// `masters` masters (SystemParam::redis_nodes: 3 to 16384; out_of_range otherwise). It steps a float
// cursor by 16384 / (float) masters and rounds each end with lround, so the ranges differ by
// one slot here and there; the last master ends at 16383.
[[nodiscard]] std::vector<SlotRange> cluster_create_split(std::int64_t masters);

// The masters of that split, slot by slot: which master holds each of the 16384 slots.
class ClusterSplit {
 public:
  explicit ClusterSplit(std::int64_t masters);
  [[nodiscard]] std::uint32_t node_of_slot(std::uint32_t slot) const noexcept { return node_[slot & (kSlots - 1)]; }
  [[nodiscard]] const std::vector<SlotRange>& ranges() const noexcept { return ranges_; }

 private:
  std::vector<SlotRange> ranges_;
  std::vector<std::uint32_t> node_;
};

}  // namespace ringlab::systems::redis
