#include "ringlab/buckets/jumpback.hpp"

#include <cstddef>
#include <span>
#include <utility>

#include "ringlab/params.hpp"

namespace ringlab {

namespace {

class JumpBackHasher final : public LastBucketHasher {
 public:
  std::unique_ptr<BucketHasher> clone() const override { return std::make_unique<JumpBackHasher>(*this); }
  explicit JumpBackHasher(std::uint32_t n) : LastBucketHasher("jumpback", n, static_cast<std::uint32_t>(kMaxBuckets)) {}

  std::uint32_t bucket(std::uint64_t input) const override { return jumpback_unchecked(input, size()); }
  // Loops of its own: the walk inlined, not a virtual call per input.
  void bucket_many(std::span<const std::uint64_t> inputs, std::span<std::uint32_t> out) const override {
    const std::uint32_t n = size();
    for (std::size_t i = 0; i < inputs.size(); ++i) out[i] = jumpback_unchecked(inputs[i], n);
  }
  void bucket_many(std::span<const std::uint32_t> inputs, std::span<std::uint32_t> out) const override {
    const std::uint32_t n = size();
    for (std::size_t i = 0; i < inputs.size(); ++i) out[i] = jumpback_unchecked(inputs[i], n);
  }
  std::vector<BucketStep> trace(std::uint64_t input) const override {
    BucketTrace t;
    const std::uint32_t b = jumpback_unchecked(input, size(), t);
    return std::move(t).finish(b, size());
  }
};

}  // namespace

std::unique_ptr<BucketHasher> make_jumpback_hasher(const BucketOptions& options) {
  return std::make_unique<JumpBackHasher>(static_cast<std::uint32_t>(*options.buckets));
}

}  // namespace ringlab
