// DxHash (Chaos Dong and Fang Wang, arXiv 2107.07930; ChaosD/DxHash's class DxHash): a 32-bit
// key into the live buckets among `size` slots, a bit each. The key seeds a pseudo-random
// sequence of slots (a CRC-32C chain) and its bucket is the first live slot on it, so the answer
// depends on the live set alone, not on the order it was reached in. A removal moves only the
// removed bucket's keys; an addition takes a free slot, and moves keys only to it, until every
// slot is live: then the slots grow, and about half of all keys move.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "ringlab/bucket_trace.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/crc32c.hpp"

namespace ringlab {

// DxHash's state and its three operations, as the reference has them and checking nothing (the
// bucket hasher checks: a bucket to remove must be live, and the last one stays).
class DxHash {
 public:
  // The reference's answer when a key's probes find no live slot, its -1 as a uint32.
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  // The key whose sequence an addition walks for a free slot, as the reference has it.
  static constexpr std::uint32_t kAddKey = 1228;

  // `size` slots, the first `live` of them live (1 <= live <= size).
  DxHash(std::uint32_t size, std::uint32_t live);

  // The first live slot on key's sequence (getNodeID), or kNone after 4 x size - 1 probes.
  [[nodiscard]] std::uint32_t bucket(std::uint32_t key) const noexcept {
    NoTrace trace;
    return probe(key, true, static_cast<std::uint32_t>(live_.size()), trace);
  }
  // The same, its steps recorded (bucket_trace.hpp): each slot probed, a `candidate` (value: the
  // CRC-32C it came from, bound: the slots), and `removed` for each that is not live.
  [[nodiscard]] std::uint32_t bucket(std::uint32_t key, BucketTrace& trace) const {
    return probe(key, true, static_cast<std::uint32_t>(live_.size()), trace);
  }
  // Takes live bucket b out (updateRemoval).
  void remove(std::uint32_t b) noexcept;
  // Makes a free slot live and returns it (updateAddition): the first free slot on kAddKey's
  // sequence, after growing to add_size() slots when every slot is live. kNone, and nothing
  // changed, when the sequence misses every free slot in its probes (the reference then writes
  // outside its array).
  std::uint32_t add();
  // add() for each of out's places while the slots do not grow (live_count() < size()): the
  // adding probe sequence walked once, each free slot on it taken in turn, which is where add()
  // one at a time finds them (the slots before are live). Returns how many it added: fewer when
  // every slot is live, or when the next free slot is past add()'s probe limit.
  std::size_t add_run(std::span<std::uint32_t> out);

  // The slots an addition probes: these, or when every one is live, the least power of two above
  // the live count (the reference's resize).
  [[nodiscard]] std::uint32_t add_size() const noexcept;
  // How many slots a key's sequence probes at `size` slots before the reference gives up.
  [[nodiscard]] static constexpr std::uint32_t probe_limit(std::uint32_t size) noexcept {
    // The reference's loop runs while its count, from 1, stays below 4 x size (a uint32
    // product: exact for any size below 2^30, and every size here is at most 2^24).
    return 4 * size - 1;
  }

  [[nodiscard]] std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(live_.size()); }
  [[nodiscard]] std::uint32_t live_count() const noexcept { return live_count_; }
  [[nodiscard]] bool live(std::uint32_t b) const noexcept { return b < live_.size() && live_[b]; }
  // A bit a slot, rounded up to bytes.
  [[nodiscard]] std::uint64_t memory_bytes() const noexcept { return (std::uint64_t{live_.size()} + 7) / 8; }

 private:
  // The first slot of key's sequence over `size` slots that is live (want_live) or free, or
  // kNone. A slot at or beyond the current size is free (an addition's grown slots).
  template <class Trace>
  [[nodiscard]] std::uint32_t probe(std::uint32_t key, bool want_live, std::uint32_t size, Trace& trace) const
      noexcept(!kTracing<Trace>);

  std::vector<bool> live_;  // a bit per slot, as the reference's vector<bool>
  std::uint32_t live_count_;
};

// Its bucket hasher (the registry's "dx"): a u32 input is the reference's key; capacity the slots
// at the start (default the least power of two >= buckets, as the reference's one-argument
// constructor; up to 2^24), buckets 0 .. buckets - 1 live; remove() takes any live bucket,
// add() the reference's free slot, growing the slots when all are live.
[[nodiscard]] std::unique_ptr<BucketHasher> make_dx_hasher(const BucketOptions& options);

}  // namespace ringlab
