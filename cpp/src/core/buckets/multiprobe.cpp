#include "ringlab/buckets/multiprobe.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <utility>

#include "ringlab/buckets/siphash.hpp"

namespace ringlab {

std::uint64_t multiprobe_point(std::string_view name) noexcept { return siphash24(kMultiProbeNodeSeed, 0, name); }

MultiProbe::MultiProbe(std::span<const std::string> nodes, std::uint32_t probes) : probes_(probes) {
  // Each node's point, then sorted by point and, among equal points, by place: the last of a run
  // of equal points is the node listed last, which holds the point, as the reference's map keeps
  // the last name written to it.
  std::vector<std::pair<std::uint64_t, std::uint32_t>> by_point(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i)
    by_point[i] = {multiprobe_point(nodes[i]), static_cast<std::uint32_t>(i)};
  std::sort(by_point.begin(), by_point.end());
  points_.reserve(by_point.size());
  holders_.reserve(by_point.size());
  for (const auto& [point, place] : by_point) {
    if (!points_.empty() && points_.back() == point) {
      holders_.back() = place;
      continue;
    }
    points_.push_back(point);
    holders_.push_back(place);
  }
  // An index over the points' top bits, about four slots a point (at most 2^20, 4 MiB): each
  // probe's successor is then searched among the few points of its slot instead of all of them,
  // 21 times a key. The answer is upper_bound's, whatever the slots hold.
  const int bits = std::min(20, static_cast<int>(std::bit_width(points_.size())) + 2);
  shift_ = 64 - bits;
  first_.assign((std::size_t{1} << bits) + 1, 0);
  std::size_t at = 0;
  for (std::size_t t = 0; t < first_.size(); ++t) {
    while (at < points_.size() && (points_[at] >> shift_) < t) ++at;
    first_[t] = static_cast<std::uint32_t>(at);
  }
}

std::size_t MultiProbe::successor(std::uint64_t probe) const noexcept {
  // Every point of a lower slot is below the probe, every point of a higher one above it.
  const std::size_t t = static_cast<std::size_t>(probe >> shift_);
  std::size_t at = first_[t];
  std::size_t len = first_[t + 1] - at;
  // upper_bound within the slot, without a branch on the points. A slot holds a quarter of a point
  // on average: most hold none and about one in five holds one, so std::upper_bound's branches
  // (whether the slot is empty, which side of its point the probe is) went either way at random,
  // and each misprediction stopped the probes overlapping. Here only slots of two points or more
  // (about one in forty) loop.
  while (len > 1) {
    const std::size_t half = len / 2;
    at = points_[at + half - 1] <= probe ? at + half : at;
    len -= half;
  }
  // len is 0 or 1: the point left is read where it is valid even when the slot is empty.
  const std::size_t last = std::min(at, points_.size() - 1);
  return at + (len & static_cast<std::size_t>(points_[last] <= probe));
}

template <class Trace>
std::uint32_t MultiProbe::lookup(std::uint64_t h1, std::uint64_t h2, Trace& trace) const noexcept(!kTracing<Trace>) {
  std::uint64_t nearest = std::numeric_limits<std::uint64_t>::max();
  // The point of the nearest probe. Left at the least point when no probe is nearer than 2^64 - 1,
  // which only a ring of one point gives (see multiprobe.hpp).
  std::size_t won = 0;
  std::uint64_t probe = h1;
  for (std::uint32_t i = 0; i < probes_; ++i, probe += h2) {
    // The first point strictly above the probe, or the least one: the ring wraps.
    std::size_t at = successor(probe);
    if (at == points_.size()) at = 0;
    const std::uint64_t distance = points_[at] - probe;
    trace.step(BucketStepKind::probe, holders_[at], i, distance);
    if (distance < nearest) {
      nearest = distance;
      won = at;
    }
  }
  return holders_[won];
}

std::uint32_t MultiProbe::node_of_hashes(std::uint64_t h1, std::uint64_t h2) const noexcept {
  NoTrace trace;
  return lookup(h1, h2, trace);
}

std::uint32_t MultiProbe::node(std::string_view key) const noexcept {
  return node_of_hashes(siphash24(kMultiProbeSeed1, 0, key), siphash24(kMultiProbeSeed2, 0, key));
}

std::uint32_t MultiProbe::node(std::string_view key, BucketTrace& trace) const {
  const std::uint64_t h1 = siphash24(kMultiProbeSeed1, 0, key);
  const std::uint64_t h2 = siphash24(kMultiProbeSeed2, 0, key);
  trace.step(BucketStepKind::hash, 0, 0, h1);
  trace.step(BucketStepKind::hash, 0, 0, h2);
  return lookup(h1, h2, trace);
}

namespace {

class MultiProbeHasher final : public BucketHasher {
 public:
  std::unique_ptr<BucketHasher> clone() const override { return std::make_unique<MultiProbeHasher>(*this); }
  MultiProbeHasher(std::vector<std::string> nodes, std::uint32_t probes)
      : BucketHasher("multiprobe"), nodes_(std::move(nodes)), multiprobe_(nodes_, probes) {}

  std::uint32_t bucket_key(std::string_view key) const override { return multiprobe_.node(key); }
  std::vector<BucketStep> trace_key(std::string_view key) const override {
    BucketTrace t;
    const std::uint32_t node = multiprobe_.node(key, t);
    return std::move(t).finish(node, nodes_.size());
  }
  std::uint32_t size() const noexcept override { return static_cast<std::uint32_t>(nodes_.size()); }
  // Its nodes' names (their UTF-8 bytes) and its points.
  std::uint64_t memory_bytes() const noexcept override {
    std::uint64_t bytes = multiprobe_.memory_bytes();
    for (const std::string& n : nodes_) bytes += n.size();
    return bytes;
  }
  std::string_view name_of(std::uint32_t node) const override { return nodes_[node]; }

 private:
  std::vector<std::string> nodes_;
  MultiProbe multiprobe_;
};

}  // namespace

std::unique_ptr<BucketHasher> make_multiprobe_hasher(const BucketOptions& options) {
  return std::make_unique<MultiProbeHasher>(*options.nodes, static_cast<std::uint32_t>(*options.probes));
}

}  // namespace ringlab
