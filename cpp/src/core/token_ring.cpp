#include "ringlab/token_ring.hpp"

#include <algorithm>
#include <string>

#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/params.hpp"
#include "ringlab/ring.hpp"

namespace ringlab {
namespace {

std::string describe(std::u16string_view id) {
  std::string out;
  for (char16_t u : id) {
    if (u >= 0x20 && u < 0x7F) out += static_cast<char>(u);
    else out += "?";
  }
  return "\"" + out + "\"";
}

}  // namespace

TokenRing::TokenRing(std::int64_t bits)
    : bits_(static_cast<std::uint32_t>(check_integer(Param::token_ring_bits, bits))) {}

void TokenRing::add(std::u16string_view id, std::int64_t token) {
  if (id.empty()) throw Error(ErrorCode::invalid_argument, rule::emptyVnodeId, "");
  if (id.size() > kMaxNameLength) throw Error(ErrorCode::limit_exceeded, rule::vnodeIdTooLong, "", {kMaxNameLength});
  check_integer(Param::token, token, 0, static_cast<std::int64_t>((1ull << bits_) - 1));
  const auto t = static_cast<std::uint32_t>(token);
  const auto at =
      std::lower_bound(points_.begin(), points_.end(), t, [](const auto& p, std::uint32_t v) { return p.first < v; });
  if (at != points_.end() && at->first == t && at->second != id)
    throw Error(ErrorCode::token_taken, rule::tokenHeld, "token", {token, describe(at->second)});
  for (const auto& p : points_)
    if (p.second == id) throw Error(ErrorCode::already_present, rule::vnodePresent, "", {describe(id)});
  points_.insert(at, {t, std::u16string(id)});
}

std::size_t TokenRing::index_of(std::u16string_view id) const {
  for (std::size_t i = 0; i < points_.size(); ++i)
    if (points_[i].second == id) return i;
  throw Error(ErrorCode::not_found, rule::vnodeMissing, "", {describe(id)});
}

void TokenRing::remove(std::u16string_view id) {
  points_.erase(points_.begin() + static_cast<std::ptrdiff_t>(index_of(id)));
}

std::uint32_t TokenRing::position(std::u16string_view key) const noexcept {
  const std::uint32_t h = h32(key);
  return bits_ == 32 ? h : h & ((1u << bits_) - 1);
}

const std::u16string& TokenRing::route_hash(std::uint64_t hash) const {
  if (points_.empty()) throw Error(ErrorCode::empty, rule::noVnodes, "");
  const auto x = static_cast<std::uint32_t>(bits_ == 32 ? hash & 0xFFFFFFFFu : hash % (1ull << bits_));
  const auto at =
      std::lower_bound(points_.begin(), points_.end(), x, [](const auto& p, std::uint32_t v) { return p.first < v; });
  return at == points_.end() ? points_.front().second : at->second;
}

const std::u16string& TokenRing::route(std::u16string_view key) const { return route_hash(position(key)); }

std::pair<std::uint32_t, std::uint32_t> TokenRing::boundaries(std::u16string_view id) const {
  const std::size_t i = index_of(id);
  const std::size_t pred = i == 0 ? points_.size() - 1 : i - 1;
  return {points_[pred].first, points_[i].first};
}

std::uint32_t TokenRing::token_of(std::u16string_view id) const { return points_[index_of(id)].first; }

std::vector<std::uint32_t> TokenRing::tokens() const {
  std::vector<std::uint32_t> out;
  out.reserve(points_.size());
  for (const auto& p : points_) out.push_back(p.first);
  return out;
}

std::vector<std::u16string> TokenRing::ids() const {
  std::vector<std::u16string> out;
  out.reserve(points_.size());
  for (const auto& p : points_) out.push_back(p.second);
  return out;
}

}  // namespace ringlab
