#include "ringlab/buckets/fliphash.hpp"

#include <cstddef>
#include <span>
#include <utility>

#include "ringlab/bucket_params.hpp"

namespace ringlab {

namespace {

class FlipHasher final : public LastBucketHasher {
 public:
  std::unique_ptr<BucketHasher> clone() const override { return std::make_unique<FlipHasher>(*this); }
  FlipHasher(std::uint32_t n, std::uint64_t seed)
      : LastBucketHasher("fliphash", n, static_cast<std::uint32_t>(param(BucketParam::mod_n_buckets).hi)),
        seed_(seed) {}

  // The range ends at n - 1 < 2^32, and so does every value in it.
  std::uint32_t bucket(std::uint64_t input) const override {
    return static_cast<std::uint32_t>(fliphash_unchecked(input, size() - 1, seed_));
  }
  // Loops of its own: the hash inlined, not a virtual call per input.
  void bucket_many(std::span<const std::uint64_t> inputs, std::span<std::uint32_t> out) const override {
    const std::uint64_t end = size() - 1;
    for (std::size_t i = 0; i < inputs.size(); ++i)
      out[i] = static_cast<std::uint32_t>(fliphash_unchecked(inputs[i], end, seed_));
  }
  void bucket_many(std::span<const std::uint32_t> inputs, std::span<std::uint32_t> out) const override {
    const std::uint64_t end = size() - 1;
    for (std::size_t i = 0; i < inputs.size(); ++i)
      out[i] = static_cast<std::uint32_t>(fliphash_unchecked(inputs[i], end, seed_));
  }
  std::vector<BucketStep> trace(std::uint64_t input) const override {
    BucketTrace t;
    const auto b = static_cast<std::uint32_t>(fliphash_unchecked(input, size() - 1, seed_, t));
    return std::move(t).finish(b, size());
  }

 private:
  std::uint64_t seed_;
};

}  // namespace

std::unique_ptr<BucketHasher> make_fliphash_hasher(const BucketOptions& options) {
  return std::make_unique<FlipHasher>(static_cast<std::uint32_t>(*options.buckets), *options.seed);
}

}  // namespace ringlab
