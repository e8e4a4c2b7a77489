#include "ringlab/buckets/jumpback.hpp"

#include <utility>

#include "ringlab/params.hpp"

namespace ringlab {

namespace {

class JumpBackHasher final : public LastBucketHasher {
 public:
  explicit JumpBackHasher(std::uint32_t n) : LastBucketHasher("jumpback", n, static_cast<std::uint32_t>(kMaxBuckets)) {}

  std::uint32_t bucket(std::uint64_t input) const override { return jumpback_unchecked(input, size()); }
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
