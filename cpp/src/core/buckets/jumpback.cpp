#include "ringlab/buckets/jumpback.hpp"

#include "ringlab/error.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

namespace {

class JumpBackHasher final : public BucketHasher {
 public:
  explicit JumpBackHasher(std::uint32_t n) : BucketHasher("jumpback"), n_(n) {}

  std::uint32_t bucket(std::uint64_t input) const override { return jumpback_unchecked(input, n_); }

  bool can_add() const noexcept override { return true; }
  bool can_remove() const noexcept override { return true; }
  // As jump: n -> n + 1 moves keys only to the new bucket, n.
  std::uint32_t add() override {
    if (n_ == kMaxBuckets) throw Error(ErrorCode::limit_exceeded, rule::bucketCapacity, "", {kMaxBuckets, "jumpback"});
    return n_++;
  }
  // And only n -> n - 1 moves the keys of one bucket alone.
  void remove(std::uint32_t b) override {
    if (b >= n_) throw Error(ErrorCode::not_found, rule::bucketNotLive, "bucket", {b});
    if (n_ == 1) throw Error(ErrorCode::out_of_range, rule::noBucketLeft, "bucket", {b});
    if (b != n_ - 1) throw Error(ErrorCode::invalid_argument, rule::lastBucketOnly, "bucket", {"jumpback", n_ - 1, b});
    --n_;
  }
  std::uint32_t size() const noexcept override { return n_; }

 private:
  std::uint32_t n_;
};

}  // namespace

std::unique_ptr<BucketHasher> make_jumpback_hasher(const BucketOptions& options) {
  return std::make_unique<JumpBackHasher>(static_cast<std::uint32_t>(*options.buckets));
}

}  // namespace ringlab
