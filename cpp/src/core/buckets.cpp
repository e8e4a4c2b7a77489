// The bucket seam (buckets.hpp): the checks every bucket algorithm shares, so that an algorithm's
// hasher computes and nothing else. The algorithms themselves are registered in algorithms.cpp.
#include "ringlab/buckets.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/params.hpp"

namespace ringlab {
namespace {

// What an algorithm has not (its add, its remove, text keys), refused: one throw for them all.
[[noreturn, gnu::noinline]] void has_no(std::string_view algorithm, std::string_view what) {
  throw Error(ErrorCode::invalid_argument, rule::noMembership, "", {algorithm, what});
}

// A BucketHasher called with what its registry entry says it does not take: the seam's own bug,
// never a user's input (Buckets dispatches on the entry's input kind).
[[noreturn]] void not_this_input() { throw std::logic_error("a bucket hasher was given an input of another kind"); }

// The BucketOptions field of an option's name; nullptr for a name that is none.
std::optional<std::int64_t>* integer_field(BucketOptions& o, std::string_view name) {
  if (name == "buckets") return &o.buckets;
  if (name == "capacity") return &o.capacity;
  if (name == "probes") return &o.probes;
  return nullptr;
}

// A list of names against its row: lo .. hi of them (list: "nodes must be a list of 1 to 16777216
// values, got 0 values"), none empty ("a node name must not be empty") and none twice (the first
// listed again: "node "a" is listed twice"). The only list of names is the nodes, each a node.
void check_names(const ParamSpec& spec, const std::vector<std::string>& names) {
  const std::string name(spec.name);
  if (names.size() < static_cast<std::uint64_t>(spec.lo) || names.size() > static_cast<std::uint64_t>(spec.hi))
    throw Error(
        names.size() < static_cast<std::uint64_t>(spec.lo) ? ErrorCode::invalid_argument : ErrorCode::limit_exceeded,
        rule::list, name, {spec.hi, names.size()});
  std::unordered_set<std::string_view> seen;
  seen.reserve(names.size());
  for (const std::string& n : names) {
    if (n.empty()) throw Error(ErrorCode::invalid_argument, rule::emptyName, name, {"node"});
    if (!seen.insert(n).second) throw Error(ErrorCode::duplicate_server, rule::duplicateListed, name, {"node", n});
  }
}

// A 64-bit integer from text, decimal or 0x hex, as the command line writes inputs and seeds;
// checked against `spec`'s range (a key64 row: all of them; an integer row: lo .. hi).
std::uint64_t u64_from_text(std::string_view text, const ParamSpec& spec) {
  const auto not_a_number = [&] {
    return Error(ErrorCode::invalid_argument, rule::decimalOrHex, std::string(spec.name), {input(text)});
  };
  const auto out_of_range = [&] { return range_error(ErrorCode::out_of_range, spec, input(text)); };
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  std::string_view digits = hex ? text.substr(2) : text;
  bool negative = false;
  if (!hex && !digits.empty() && (digits[0] == '-' || digits[0] == '+')) {
    negative = digits[0] == '-';
    digits.remove_prefix(1);
  }
  if (digits.empty() ||
      digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") != std::string_view::npos)
    throw not_a_number();
  while (digits.size() > 1 && digits[0] == '0') digits.remove_prefix(1);  // leading zeros
  if (negative && digits != "0") throw out_of_range();
  if (digits.size() > (hex ? 16u : 20u)) throw out_of_range();
  errno = 0;
  const unsigned long long v = std::strtoull(std::string(digits).c_str(), nullptr, hex ? 16 : 10);
  if (errno == ERANGE) throw out_of_range();
  // An integer row's bounds, as unsigned: a row below 0 has no lower bound here, every value is >= 0.
  if (spec.kind != ParamKind::key64 && ((spec.lo > 0 && v < static_cast<std::uint64_t>(spec.lo)) ||
                                        (spec.hi >= 0 && v > static_cast<std::uint64_t>(spec.hi))))
    throw out_of_range();
  return static_cast<std::uint64_t>(v);
}

// The registry's bucket algorithms' names, for the message of a name that is none of them.
Error unknown_algorithm(std::string_view name) {
  std::vector<ErrorValue> names;
  for (const BucketAlgorithm& a : bucket_algorithms()) names.emplace_back(a.name);
  names.push_back(in_quotes(name));
  return {ErrorCode::invalid_argument, rule::oneOf, "algorithm", std::move(names)};
}

// Options checked against the algorithm's rows: every row's option set (given, or its default),
// and no option given that the algorithm has no row for.
BucketOptions checked(const BucketAlgorithm& a, BucketOptions o) {
  const auto refuse_extra = [&](std::string_view name, bool given) {
    if (given) (void)bucket_option(a, name);
  };
  refuse_extra("buckets", o.buckets.has_value());
  refuse_extra("capacity", o.capacity.has_value());
  refuse_extra("seed", o.seed.has_value());
  refuse_extra("nodes", o.nodes.has_value());
  refuse_extra("probes", o.probes.has_value());
  for (const BucketParam p : a.options) {
    const ParamSpec& spec = param(p);
    const auto missing = [&] { return Error(ErrorCode::invalid_argument, rule::missing, std::string(spec.name)); };
    if (spec.kind == ParamKind::name_list) {
      // The nodes: no row has a default list.
      if (!o.nodes) throw missing();
      check_names(spec, *o.nodes);
    } else if (std::optional<std::int64_t>* field = integer_field(o, spec.name)) {
      if (!*field) {
        if (!spec.has_default) throw missing();
        if (spec.default_of != nullptr) continue;  // decided by another option, once that one is set
        *field = spec.default_integer;
      }
      check_integer(spec, **field);
    } else if (spec.name == "seed" && !o.seed) {
      // A key64 row: every 64-bit value is a seed.
      if (!spec.has_default) throw missing();
      o.seed = static_cast<std::uint64_t>(spec.default_integer);
    }
  }
  // Then the defaults that another option decides (capacity from buckets), checked as if given.
  for (const BucketParam p : a.options) {
    const ParamSpec& spec = param(p);
    std::optional<std::int64_t>* field = integer_field(o, spec.name);
    if (field == nullptr || *field) continue;
    const std::optional<std::int64_t>* from = integer_field(o, spec.default_from);
    if (from == nullptr || !*from) throw std::logic_error("a bucket option's default is decided by no option it has");
    *field = spec.default_of(**from);
    check_integer(spec, **field);
  }
  // The buckets live at the start are some of those it has room for ("buckets must be between 1
  // and 8, got 10").
  if (o.buckets && o.capacity) {
    const ParamSpec& buckets = bucket_option(a, "buckets");
    check_integer(buckets, *o.buckets, buckets.lo, *o.capacity);
  }
  return o;
}

}  // namespace

std::uint32_t BucketHasher::bucket(std::uint64_t) const { not_this_input(); }
std::uint32_t BucketHasher::bucket_key(std::string_view) const { not_this_input(); }
std::string_view BucketHasher::name_of(std::uint32_t) const {
  throw std::logic_error("a bucket hasher that answers a bucket number was asked for a node's name");
}

void BucketHasher::bucket_many(std::span<const std::uint64_t> inputs, std::span<std::uint32_t> out) const {
  for (std::size_t i = 0; i < inputs.size(); ++i) out[i] = bucket(inputs[i]);
}

void BucketHasher::bucket_many(std::span<const std::uint32_t> inputs, std::span<std::uint32_t> out) const {
  for (std::size_t i = 0; i < inputs.size(); ++i) out[i] = bucket(std::uint64_t{inputs[i]});
}

void BucketHasher::bucket_many(std::span<const std::string_view> keys, std::span<std::uint32_t> out) const {
  for (std::size_t i = 0; i < keys.size(); ++i) out[i] = bucket_key(keys[i]);
}

std::vector<BucketStep> BucketHasher::trace(std::uint64_t input) const {
  return {{BucketStepKind::answer, bucket(input), size(), 0}};
}

std::vector<BucketStep> BucketHasher::trace_key(std::string_view key) const {
  return {{BucketStepKind::answer, bucket_key(key), size(), 0}};
}

std::uint32_t BucketHasher::add() { has_no(algorithm_, "add"); }

void BucketHasher::remove(std::uint32_t) { has_no(algorithm_, "remove"); }

void BucketHasher::add_many(std::span<std::uint32_t> out) {
  for (std::uint32_t& b : out) b = add();
}

void BucketHasher::remove_many(std::span<const std::uint32_t> buckets) {
  for (const std::uint32_t b : buckets) remove(b);
}

std::uint32_t LastBucketHasher::add() {
  if (n_ == max_buckets_) throw Error(ErrorCode::limit_exceeded, rule::bucketCapacity, "", {max_buckets_, algorithm()});
  return n_++;
}

void LastBucketHasher::remove(std::uint32_t b) {
  if (b >= n_) throw Error(ErrorCode::not_found, rule::bucketNotLive, "bucket", {b});
  if (n_ == 1) throw Error(ErrorCode::out_of_range, rule::noBucketLeft, "bucket", {b});
  if (b != n_ - 1) throw Error(ErrorCode::invalid_argument, rule::lastBucketOnly, "bucket", {algorithm(), n_ - 1, b});
  --n_;
}

std::string_view input_name(BucketInput input) noexcept {
  switch (input) {
    case BucketInput::u32: return "u32";
    case BucketInput::text: return "text";
    default: return "u64";
  }
}

std::string_view answer_name(BucketAnswer answers) noexcept {
  return answers == BucketAnswer::name ? "name" : "bucket";
}

const ParamSpec* input_param(BucketInput input) noexcept {
  switch (input) {
    case BucketInput::u64: return &param(BucketParam::input_u64);
    case BucketInput::u32: return &param(BucketParam::input_u32);
    default: return nullptr;
  }
}

const ParamSpec* option_param(const BucketAlgorithm& a, std::string_view name) noexcept {
  for (const BucketParam p : a.options)
    if (param(p).name == name) return &param(p);
  return nullptr;
}

const ParamSpec& bucket_option(const BucketAlgorithm& a, std::string_view name) {
  const ParamSpec* spec = option_param(a, name);
  if (spec == nullptr) throw Error(ErrorCode::invalid_argument, rule::notAnOption, std::string(name), {a.name});
  return *spec;
}

const BucketAlgorithm* find_bucket_algorithm(std::string_view name) noexcept {
  for (const BucketAlgorithm& a : bucket_algorithms())
    if (a.name == name) return &a;
  return nullptr;
}

const BucketAlgorithm& bucket_algorithm(std::string_view name) {
  const BucketAlgorithm* a = find_bucket_algorithm(name);
  if (a == nullptr) throw unknown_algorithm(name);
  return *a;
}

Buckets::Buckets(std::string_view algorithm, const BucketOptions& options)
    : algorithm_(&bucket_algorithm(algorithm)), hasher_(algorithm_->make(checked(*algorithm_, options))) {}

std::uint32_t Buckets::bucket(std::uint64_t input) const {
  if (algorithm_->input == BucketInput::text) not_this_input();
  if (algorithm_->input == BucketInput::u32 && input > 4294967295u)
    throw range_error(ErrorCode::out_of_range, param(BucketParam::input_u32), input);
  return hasher_->bucket(input);
}

std::uint32_t Buckets::bucket_key(std::string_view key) const {
  if (algorithm_->input != BucketInput::text) not_this_input();
  return hasher_->bucket_key(key);
}

std::vector<BucketStep> Buckets::trace(std::uint64_t input) const {
  if (algorithm_->input == BucketInput::text) not_this_input();
  if (algorithm_->input == BucketInput::u32 && input > 4294967295u)
    throw range_error(ErrorCode::out_of_range, param(BucketParam::input_u32), input);
  return hasher_->trace(input);
}

std::vector<BucketStep> Buckets::trace_key(std::string_view key) const {
  if (algorithm_->input != BucketInput::text) not_this_input();
  return hasher_->trace_key(key);
}

void Buckets::bucket_many(std::span<const std::uint64_t> inputs, std::span<std::uint32_t> out) const {
  if (algorithm_->input == BucketInput::text) not_this_input();
  if (algorithm_->input == BucketInput::u32)
    for (const std::uint64_t input : inputs)
      if (input > 4294967295u) throw range_error(ErrorCode::out_of_range, param(BucketParam::input_u32), input);
  hasher_->bucket_many(inputs, out);
}

void Buckets::bucket_many(std::span<const std::uint32_t> inputs, std::span<std::uint32_t> out) const {
  // Every 32-bit value is a u32 input, and a u64 one.
  if (algorithm_->input == BucketInput::text) not_this_input();
  hasher_->bucket_many(inputs, out);
}

void Buckets::bucket_many(std::span<const std::string_view> keys, std::span<std::uint32_t> out) const {
  if (algorithm_->input != BucketInput::text) not_this_input();
  hasher_->bucket_many(keys, out);
}

void Buckets::bucket_many_utf8(std::string_view bytes, std::span<const std::uint32_t> offsets,
                               std::span<std::uint32_t> out) const {
  // A surface offers this batch on every hasher: one whose input is no text has none.
  if (algorithm_->input != BucketInput::text) has_no(algorithm_->name, "text keys");
  if (!offsets_ascend(offsets) || offsets.back() != bytes.size())
    throw Error(ErrorCode::invalid_argument, rule::byteOffsets, "offsets", {std::uint64_t{bytes.size()}});
  // Views a block at a time: the hasher's batch (MementoHash takes its jumps in rounds)
  // without a view array as long as the keys.
  constexpr std::size_t kBlock = 1024;
  std::string_view views[kBlock];
  const std::size_t n = offsets.size() - 1;
  for (std::size_t at = 0; at < n; at += kBlock) {
    const std::size_t m = std::min(kBlock, n - at);
    for (std::size_t j = 0; j < m; ++j)
      views[j] = {bytes.data() + offsets[at + j], offsets[at + j + 1] - offsets[at + j]};
    hasher_->bucket_many(std::span<const std::string_view>(views, m), out.subspan(at, m));
  }
}

std::uint32_t Buckets::add() { return hasher_->add(); }

std::string Buckets::shown(std::uint32_t answer) const {
  return algorithm_->answers == BucketAnswer::name ? std::string(hasher_->name_of(answer)) : std::to_string(answer);
}

void Buckets::remove(std::int64_t bucket) {
  // An algorithm without remove says so (noMembership) whichever bucket is named.
  if (!hasher_->can_remove()) hasher_->remove(0);
  if (bucket < 0 || bucket > 4294967295) throw Error(ErrorCode::not_found, rule::bucketNotLive, "bucket", {bucket});
  hasher_->remove(static_cast<std::uint32_t>(bucket));
}

void Buckets::add_many(std::span<std::uint32_t> out) { hasher_->add_many(out); }

void Buckets::remove_many(std::span<const std::int64_t> buckets) {
  if (buckets.empty()) return;
  if (!hasher_->can_remove()) hasher_->remove(0);
  // The buckets up to the first that is no 32-bit number go to the hasher as one batch; that one
  // is then refused as remove() refuses it.
  std::vector<std::uint32_t> checked;
  checked.reserve(buckets.size());
  for (const std::int64_t b : buckets) {
    if (b < 0 || b > 4294967295) break;
    checked.push_back(static_cast<std::uint32_t>(b));
  }
  hasher_->remove_many(checked);
  if (checked.size() < buckets.size()) remove(buckets[checked.size()]);
}

std::uint64_t bucket_input_from_text(BucketInput input, std::string_view text) {
  const ParamSpec* spec = input_param(input);
  return spec == nullptr ? 0 : u64_from_text(text, *spec);
}

std::vector<BucketOp> parse_bucket_ops(std::string_view text) {
  std::vector<BucketOp> ops;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item =
        text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (item == "add") {
      ops.push_back({.add = true});
    } else if (item.substr(0, 7) == "remove:" && item.size() > 7) {
      ops.push_back({.bucket = integer_from_text(item.substr(7), "bucket")});
    } else {
      throw Error(ErrorCode::invalid_argument, rule::oneOf, "ops", {"add", "remove:B", in_quotes(item)});
    }
    if (comma == std::string_view::npos) return ops;
    start = comma + 1;
  }
}

void set_bucket_option(const BucketAlgorithm& a, BucketOptions& options, std::string_view name, std::string_view text) {
  const ParamSpec* spec = option_param(a, name);
  if (spec == nullptr) throw Error(ErrorCode::invalid_argument, rule::notAnOption, std::string(name), {a.name});
  if (spec->kind == ParamKind::name_list) {
    // Every item, an empty one too ("a,,b", ""), for the list's check to refuse.
    std::vector<std::string> names;
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = text.find(',', start);
      names.emplace_back(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    options.nodes = std::move(names);
  } else if (std::optional<std::int64_t>* field = integer_field(options, name)) {
    *field = integer_from_text(text, spec->name);
  } else {
    options.seed = u64_from_text(text, *spec);
  }
}

}  // namespace ringlab
