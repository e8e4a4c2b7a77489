// Course keys as a newer bucket hasher takes them (compare_newer.hpp says how each input kind
// reads a key): compare's newer rows and the digest's newer parts both look their keys up through
// this one class, so a newer row and a newer digest part read the same inputs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/buckets.hpp"
#include "ringlab/random.hpp"

namespace ringlab::newer_detail {

// A hasher's options for servers of these names: the names themselves for an algorithm of named
// nodes (multi-probe), otherwise as many buckets as names (bucket i is the i-th server).
inline BucketOptions options_for_servers(const BucketAlgorithm& a, std::span<const std::string> names) {
  BucketOptions o;
  if (option_param(a, "nodes") != nullptr) o.nodes = std::vector<std::string>(names.begin(), names.end());
  else o.buckets = static_cast<std::int64_t>(names.size());
  return o;
}

// `count` course keys of `seed` from key `first`, made once as the input kind says and looked up
// in any number of hashers of that kind. The text views point into this object: it stays put.
class NewerKeys {
 public:
  NewerKeys(BucketInput input, std::int64_t seed, std::uint64_t first, std::uint32_t count) : input_(input) {
    CourseKeys keys(seed);
    keys.skip(first);
    if (input == BucketInput::text) {
      std::vector<std::size_t> ends(count);
      char buf[16];
      for (std::uint32_t k = 0; k < count; ++k) {
        text_.append(buf, format_key(keys.next_number(), buf));
        ends[k] = text_.size();
      }
      views_.resize(count);
      for (std::uint32_t k = 0; k < count; ++k) {
        const std::size_t from = k == 0 ? 0 : ends[k - 1];
        views_[k] = std::string_view(text_).substr(from, ends[k] - from);
      }
      return;
    }
    hashes_.resize(count);
    keys.next_hashes(hashes_);
    // A u64 algorithm reads h32 as a 64-bit integer, as compare's jump row does.
    if (input == BucketInput::u64) wide_.assign(hashes_.begin(), hashes_.end());
  }
  NewerKeys(const NewerKeys&) = delete;
  NewerKeys& operator=(const NewerKeys&) = delete;

  // out[i]: the hasher's answer for key i (its bucket, or multi-probe's place in its node list).
  void bucket_many(const Buckets& b, std::span<std::uint32_t> out) const {
    if (input_ == BucketInput::text) b.bucket_many(std::span<const std::string_view>(views_), out);
    else if (input_ == BucketInput::u32) b.bucket_many(std::span<const std::uint32_t>(hashes_), out);
    else b.bucket_many(std::span<const std::uint64_t>(wide_), out);
  }

 private:
  BucketInput input_;
  std::vector<std::uint32_t> hashes_;
  std::vector<std::uint64_t> wide_;
  std::string text_;
  std::vector<std::string_view> views_;
};

}  // namespace ringlab::newer_detail
