#include "ringlab/systems/guava.hpp"

#include <limits>

#include "ringlab/error.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/hashes.hpp"

namespace ringlab::systems::guava {

std::int32_t consistent_hash(std::int64_t input, std::int64_t buckets) {
  return guava_jump_unchecked(static_cast<std::uint64_t>(input),
                              static_cast<std::int32_t>(check_integer(SystemParam::guava_buckets, buckets)));
}

Input input_from_name(std::string_view name) {
  if (name == "auto") return Input::automatic;
  if (name == "long") return Input::long_value;
  if (name == "murmur3_128") return Input::murmur3_128;
  if (name == "murmur3_32") return Input::murmur3_32;
  if (name == "farmhash64") return Input::farmhash64;
  throw Error(ErrorCode::invalid_argument, rule::oneOf, "input",
              {"auto", "long", "murmur3_128", "murmur3_32", "farmhash64", input(name)});
}

namespace {

// The magnitude of [+-]digits, saturated just above 2^64 - 1; nullopt for other text.
struct Decimal {
  bool negative = false;
  std::uint64_t magnitude = 0;
  bool overflow = false;
};
std::optional<Decimal> decimal(std::string_view text) noexcept {
  Decimal d;
  std::size_t at = 0;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) d.negative = text[0] == '-', at = 1;
  if (at == text.size()) return std::nullopt;
  for (; at < text.size(); ++at) {
    const char c = text[at];
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (d.magnitude > (UINT64_MAX - digit) / 10) d.overflow = true;
    else d.magnitude = d.magnitude * 10 + digit;
  }
  return d;
}

}  // namespace

std::optional<std::int64_t> signed_long_from_text(std::string_view text) noexcept {
  const std::optional<Decimal> d = decimal(text);
  if (!d || d->overflow) return std::nullopt;
  constexpr std::uint64_t kTwo63 = 9223372036854775808ull;
  if (d->negative) {
    if (d->magnitude > kTwo63) return std::nullopt;
    return static_cast<std::int64_t>(0 - d->magnitude);
  }
  if (d->magnitude >= kTwo63) return std::nullopt;
  return static_cast<std::int64_t>(d->magnitude);
}

std::int64_t input_long(std::string_view key, Input input, const std::string& what) {
  switch (input) {
    case Input::automatic:
      if (const auto v = signed_long_from_text(key)) return *v;
      return static_cast<std::int64_t>(murmur3_x64_128(key, 0).h1);
    case Input::murmur3_128: return static_cast<std::int64_t>(murmur3_x64_128(key, 0).h1);
    case Input::murmur3_32: return static_cast<std::int64_t>(murmur3_x86_32(key, 0));
    case Input::farmhash64: return static_cast<std::int64_t>(farmhash_fingerprint64(key));
    case Input::long_value: break;
  }
  if (key.size() > 2 && key[0] == '0' && (key[1] == 'x' || key[1] == 'X')) {
    std::uint64_t v = 0;
    const std::string_view digits = key.substr(2);
    bool ok = digits.size() <= 16;
    for (char c : digits) {
      int h = -1;
      if (c >= '0' && c <= '9') h = c - '0';
      else if (c >= 'a' && c <= 'f') h = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') h = c - 'A' + 10;
      if (h < 0) ok = false;
      v = (v << 4) | static_cast<std::uint64_t>(h & 15);
    }
    if (ok) return static_cast<std::int64_t>(v);
  } else if (const std::optional<Decimal> d = decimal(key)) {
    if (!d->overflow && (!d->negative || d->magnitude <= 9223372036854775808ull))
      return d->negative ? static_cast<std::int64_t>(0 - d->magnitude) : static_cast<std::int64_t>(d->magnitude);
    throw Error(
        ErrorCode::out_of_range, rule::between, what,
        {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::uint64_t>::max(), ringlab::input(key)});
  }
  throw Error(ErrorCode::invalid_argument, rule::int64Hex, what, {ringlab::input(key)});
}

std::optional<std::int32_t> bucket_if(std::string_view key, Input input, std::int64_t buckets) noexcept {
  std::int64_t v = 0;
  switch (input) {
    case Input::automatic:
      if (const auto l = signed_long_from_text(key)) v = *l;
      else v = static_cast<std::int64_t>(murmur3_x64_128(key, 0).h1);
      break;
    case Input::murmur3_128: v = static_cast<std::int64_t>(murmur3_x64_128(key, 0).h1); break;
    case Input::murmur3_32: v = static_cast<std::int64_t>(murmur3_x86_32(key, 0)); break;
    case Input::farmhash64: v = static_cast<std::int64_t>(farmhash_fingerprint64(key)); break;
    case Input::long_value: return std::nullopt;
  }
  return guava_jump_unchecked(static_cast<std::uint64_t>(v), static_cast<std::int32_t>(buckets));
}

std::int32_t bucket(std::string_view key, Input input, std::int64_t buckets, const std::string& what) {
  check_integer(SystemParam::guava_buckets, buckets);
  return consistent_hash(input_long(key, input, what), buckets);
}

}  // namespace ringlab::systems::guava
