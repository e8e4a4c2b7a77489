#include "ringlab/buckets/binomial.hpp"

#include <utility>

#include "ringlab/params.hpp"

namespace ringlab {

namespace {

class BinomialHasher final : public LastBucketHasher {
 public:
  std::unique_ptr<BucketHasher> clone() const override { return std::make_unique<BinomialHasher>(*this); }
  explicit BinomialHasher(std::uint32_t n) : LastBucketHasher("binomial", n, static_cast<std::uint32_t>(kMaxBuckets)) {}

  // The input's low 32 bits are the hash the reference's engine takes.
  std::uint32_t bucket(std::uint64_t input) const override {
    return binomial_unchecked(static_cast<std::uint32_t>(input), size());
  }
  std::vector<BucketStep> trace(std::uint64_t input) const override {
    BucketTrace t;
    const std::uint32_t b = binomial_unchecked(static_cast<std::uint32_t>(input), size(), t);
    return std::move(t).finish(b, size());
  }
};

}  // namespace

std::unique_ptr<BucketHasher> make_binomial_hasher(const BucketOptions& options) {
  return std::make_unique<BinomialHasher>(static_cast<std::uint32_t>(*options.buckets));
}

}  // namespace ringlab
