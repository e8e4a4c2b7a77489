#include "ringlab/jump.hpp"

#include <string>
#include <utility>

#include "key_blocks.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

template void jump_many<std::uint32_t>(std::span<const std::uint32_t>, std::int32_t, std::span<std::int32_t>) noexcept;
template void jump_many<std::uint64_t>(std::span<const std::uint64_t>, std::int32_t, std::span<std::int32_t>) noexcept;

void check_buckets(std::int64_t n) { check_integer(Param::jump_buckets, n); }

std::int32_t jump(std::uint64_t key, std::int64_t n) {
  check_buckets(n);
  return jump_unchecked(key, static_cast<std::int32_t>(n));
}

// jump_unchecked's walk, its steps kept for the main module's steppers (a copy of the loop rather
// than jump_unchecked with an observer: the main module's budget has no room for the difference;
// the bucket seam's trace runs jump_unchecked itself, and test_bucket_trace.cpp holds the two to
// the same steps).
RINGLAB_ONCE_PER_CALL std::vector<JumpStep> jump_trace(std::uint64_t key, std::int64_t n) {
  check_buckets(n);
  std::vector<JumpStep> steps;
  std::int64_t b = -1;
  std::int64_t j = 0;
  while (j < n) {
    b = j;
    key = key * 2862933555777941757ull + 1;
    const double ratio = 2147483648.0 / static_cast<double>((key >> 33) + 1);
    j = static_cast<std::int64_t>(static_cast<double>(b + 1) * ratio);
    steps.push_back(JumpStep{b, key, j});
  }
  return steps;
}

std::uint32_t mod_n(std::uint32_t hash, std::int64_t n) {
  return hash % static_cast<std::uint32_t>(check_integer(Param::mod_n, n));
}

namespace {

// Jump through the bucket seam: n buckets, the key its 64-bit input, and membership at the end.
class JumpHasher final : public LastBucketHasher {
 public:
  std::unique_ptr<BucketHasher> clone() const override { return std::make_unique<JumpHasher>(*this); }
  explicit JumpHasher(std::int32_t n)
      : LastBucketHasher("jump", static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(kMaxBuckets)) {}

  std::uint32_t bucket(std::uint64_t input) const override {
    return static_cast<std::uint32_t>(jump_unchecked(input, n()));
  }
  std::vector<BucketStep> trace(std::uint64_t input) const override {
    BucketTrace t;
    const auto b = static_cast<std::uint32_t>(jump_unchecked(input, n(), t));
    return std::move(t).finish(b, size());
  }
  // jump_many writes int32 buckets, all >= 0: the same bits as the uint32 the seam returns.
  void bucket_many(std::span<const std::uint64_t> inputs, std::span<std::uint32_t> out) const override {
    jump_many<std::uint64_t>(inputs, n(), {reinterpret_cast<std::int32_t*>(out.data()), out.size()});
  }
  void bucket_many(std::span<const std::uint32_t> inputs, std::span<std::uint32_t> out) const override {
    jump_many<std::uint32_t>(inputs, n(), {reinterpret_cast<std::int32_t*>(out.data()), out.size()});
  }

 private:
  // Jump's n is a signed 32-bit count; the row keeps it at most 2^31 - 1.
  std::int32_t n() const noexcept { return static_cast<std::int32_t>(size()); }
};

// mod-N through the bucket seam: the 32-bit input mod n.
class ModNHasher final : public BucketHasher {
 public:
  std::unique_ptr<BucketHasher> clone() const override { return std::make_unique<ModNHasher>(*this); }
  explicit ModNHasher(std::uint32_t n) : BucketHasher("mod-n"), mod_(n) {}

  std::uint32_t bucket(std::uint64_t input) const override { return mod_(static_cast<std::uint32_t>(input)); }
  // The hash, and its remainder mod n.
  std::vector<BucketStep> trace(std::uint64_t input) const override {
    BucketTrace t;
    t.step(BucketStepKind::hash, 0, 0, input);
    return std::move(t).finish(bucket(input), size());
  }
  std::uint32_t size() const noexcept override { return mod_.divisor(); }

 private:
  FastMod mod_;
};

}  // namespace

std::unique_ptr<BucketHasher> make_jump_hasher(const BucketOptions& options) {
  return std::make_unique<JumpHasher>(static_cast<std::int32_t>(*options.buckets));
}

std::unique_ptr<BucketHasher> make_mod_n_hasher(const BucketOptions& options) {
  return std::make_unique<ModNHasher>(static_cast<std::uint32_t>(*options.buckets));
}

}  // namespace ringlab
