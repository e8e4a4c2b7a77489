#include "ringlab/buckets/dx.hpp"

#include <utility>

#include "ringlab/bucket_params.hpp"
#include "ringlab/error.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

DxHash::DxHash(std::uint32_t size, std::uint32_t live) : live_(size, false), live_count_(live) {
  for (std::uint32_t b = 0; b < live; ++b) live_[b] = true;
}

template <class Trace>
std::uint32_t DxHash::probe(std::uint32_t key, bool want_live, std::uint32_t size, Trace& trace) const
    noexcept(!kTracing<Trace>) {
  // The sequence: a second 32-bit value from the key (the reference's gen32bitRandNumber), then
  // CRC-32C steps, each of the previous value (as a 64-bit word) seeded with that second value.
  const std::uint32_t key2 = static_cast<std::uint32_t>(key * 421757ull + 1);
  std::uint32_t h = crc32c_u64(key, key2);
  std::uint32_t slot = h % size;
  trace.step(BucketStepKind::candidate, slot, size, h);
  for (std::uint32_t probes = 1; live(slot) != want_live;) {
    // Only lookups are traced, which want a live slot: this one is not.
    trace.step(BucketStepKind::removed, slot, 0, 0);
    h = crc32c_u64(h, key2);
    slot = h % size;
    if (++probes > probe_limit(size)) return kNone;
    trace.step(BucketStepKind::candidate, slot, size, h);
  }
  return slot;
}
// DxHash::bucket() (dx.hpp) calls both, from any file.
template std::uint32_t DxHash::probe<NoTrace>(std::uint32_t, bool, std::uint32_t, NoTrace&) const noexcept;
template std::uint32_t DxHash::probe<BucketTrace>(std::uint32_t, bool, std::uint32_t, BucketTrace&) const;

void DxHash::remove(std::uint32_t b) noexcept {
  live_[b] = false;
  --live_count_;
}

std::uint32_t DxHash::add_size() const noexcept {
  if (live_count_ < live_.size()) return size();
  std::uint32_t grown = 1;
  while (grown <= live_count_) grown <<= 1;
  return grown;
}

std::uint32_t DxHash::add() {
  const std::uint32_t size = add_size();
  NoTrace trace;
  const std::uint32_t b = probe(kAddKey, false, size, trace);
  if (b == kNone) return kNone;
  // Growing keeps every slot where it was; the new ones are free.
  live_.resize(size, false);
  live_[b] = true;
  ++live_count_;
  return b;
}

std::size_t DxHash::add_run(std::span<std::uint32_t> out) {
  const auto size = static_cast<std::uint32_t>(live_.size());
  // probe()'s sequence for kAddKey, its probes counted from the first as each add() counts them.
  const std::uint32_t key2 = static_cast<std::uint32_t>(kAddKey * 421757ull + 1);
  std::uint32_t h = crc32c_u64(kAddKey, key2);
  std::uint32_t slot = h % size;
  std::uint32_t probes = 1;
  std::size_t added = 0;
  while (added < out.size() && live_count_ < size) {
    while (live_[slot]) {
      h = crc32c_u64(h, key2);
      slot = h % size;
      if (++probes > probe_limit(size)) return added;
    }
    live_[slot] = true;
    ++live_count_;
    out[added++] = slot;
  }
  return added;
}

namespace {

class DxHasher final : public BucketHasher {
 public:
  std::unique_ptr<BucketHasher> clone() const override { return std::make_unique<DxHasher>(*this); }
  DxHasher(std::uint32_t size, std::uint32_t live) : BucketHasher("dx"), dx_(size, live) {}

  // The seam gives a u32 algorithm inputs below 2^32 only.
  std::uint32_t bucket(std::uint64_t input) const override { return dx_.bucket(static_cast<std::uint32_t>(input)); }
  std::vector<BucketStep> trace(std::uint64_t input) const override {
    BucketTrace t;
    const std::uint32_t b = dx_.bucket(static_cast<std::uint32_t>(input), t);
    return std::move(t).finish(b, size());
  }

  bool can_add() const noexcept override { return true; }
  bool can_remove() const noexcept override { return true; }
  // The reference grows without end; ringlab's slots stop at the capacity's cap, 2^24.
  std::uint32_t add() override {
    const std::uint32_t size = dx_.add_size();
    if (size > kMaxBucketCapacity) throw Error(ErrorCode::limit_exceeded, rule::bucketCapacity, "", {dx_.size(), "dx"});
    const std::uint32_t b = dx_.add();
    if (b == DxHash::kNone)
      throw Error(ErrorCode::limit_exceeded, rule::addProbes, "",
                  {"dx", DxHash::probe_limit(size), dx_.live_count(), size});
    return b;
  }
  // One walk of the adding sequence for the adds that find the slots as they are; add() alone
  // where the slots grow (a new size, a new sequence) or where the walk ran out of probes (add()
  // then refuses as it does one at a time).
  void add_many(std::span<std::uint32_t> out) override {
    std::size_t done = 0;
    while (done < out.size()) {
      if (dx_.add_size() == dx_.size()) done += dx_.add_run(out.subspan(done));
      if (done < out.size()) out[done++] = add();
    }
  }
  // Any live bucket, but not the last: the reference ignores a bucket that is not live, and with
  // none live every key's probes would give up.
  void remove(std::uint32_t b) override {
    if (!dx_.live(b)) throw Error(ErrorCode::not_found, rule::bucketNotLive, "bucket", {b});
    if (dx_.live_count() == 1) throw Error(ErrorCode::out_of_range, rule::noBucketLeft, "bucket", {b});
    dx_.remove(b);
  }
  std::uint32_t size() const noexcept override { return dx_.live_count(); }
  std::uint64_t memory_bytes() const noexcept override { return dx_.memory_bytes(); }

 private:
  DxHash dx_;
};

}  // namespace

std::unique_ptr<BucketHasher> make_dx_hasher(const BucketOptions& options) {
  return std::make_unique<DxHasher>(static_cast<std::uint32_t>(*options.capacity),
                                    static_cast<std::uint32_t>(*options.buckets));
}

}  // namespace ringlab
