#include "ringlab/token_ring.hpp"

#include <algorithm>
#include <exception>
#include <string>
#include <unordered_map>
#include <unordered_set>

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

std::size_t TokenRing::route_point(std::uint64_t hash) const {
  if (points_.empty()) throw Error(ErrorCode::empty, rule::noVnodes, "");
  const auto x = static_cast<std::uint32_t>(bits_ == 32 ? hash & 0xFFFFFFFFu : hash % (1ull << bits_));
  const auto at =
      std::lower_bound(points_.begin(), points_.end(), x, [](const auto& p, std::uint32_t v) { return p.first < v; });
  return at == points_.end() ? 0 : static_cast<std::size_t>(at - points_.begin());
}

const std::u16string& TokenRing::route_hash(std::uint64_t hash) const { return points_[route_point(hash)].second; }

void TokenRing::add_many(std::span<const std::pair<std::u16string_view, std::int64_t>> vnodes) {
  // add()'s checks, in its order, each against the ring as the vnodes before it left it. A ring's
  // tokens are distinct: a token taken by another id is refused, by the same id the id is.
  std::unordered_map<std::uint32_t, std::u16string_view> held;
  std::unordered_set<std::u16string_view> ids;
  held.reserve(points_.size() + vnodes.size());
  ids.reserve(points_.size() + vnodes.size());
  for (const auto& p : points_) {
    held.emplace(p.first, p.second);
    ids.insert(p.second);
  }
  std::vector<std::pair<std::uint32_t, std::u16string>> fresh;
  std::exception_ptr refused;
  for (const auto& [id, token] : vnodes) {
    try {
      if (id.empty()) throw Error(ErrorCode::invalid_argument, rule::emptyVnodeId, "");
      if (id.size() > kMaxNameLength)
        throw Error(ErrorCode::limit_exceeded, rule::vnodeIdTooLong, "", {kMaxNameLength});
      check_integer(Param::token, token, 0, static_cast<std::int64_t>((1ull << bits_) - 1));
      const auto t = static_cast<std::uint32_t>(token);
      const auto at = held.find(t);
      if (at != held.end() && at->second != id)
        throw Error(ErrorCode::token_taken, rule::tokenHeld, "token", {token, describe(at->second)});
      if (ids.contains(id)) throw Error(ErrorCode::already_present, rule::vnodePresent, "", {describe(id)});
      held.emplace(t, id);
      ids.insert(id);
      fresh.emplace_back(t, std::u16string(id));
    } catch (...) {
      refused = std::current_exception();
      break;
    }
  }
  if (!fresh.empty()) {
    std::sort(fresh.begin(), fresh.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::pair<std::uint32_t, std::u16string>> merged;
    merged.reserve(points_.size() + fresh.size());
    std::merge(std::make_move_iterator(points_.begin()), std::make_move_iterator(points_.end()),
               std::make_move_iterator(fresh.begin()), std::make_move_iterator(fresh.end()), std::back_inserter(merged),
               [](const auto& a, const auto& b) { return a.first < b.first; });
    points_ = std::move(merged);
  }
  if (refused) std::rethrow_exception(refused);
}

void TokenRing::remove_many(std::span<const std::u16string_view> ids) {
  // remove()'s check, each against the ring as the ids before it left it.
  std::unordered_set<std::u16string_view> present;
  present.reserve(points_.size());
  for (const auto& p : points_) present.insert(p.second);
  std::unordered_set<std::u16string_view> gone;
  std::exception_ptr refused;
  for (const std::u16string_view id : ids) {
    if (!present.contains(id) || gone.contains(id)) {
      refused = std::make_exception_ptr(Error(ErrorCode::not_found, rule::vnodeMissing, "", {describe(id)}));
      break;
    }
    gone.insert(id);
  }
  if (!gone.empty()) std::erase_if(points_, [&](const auto& p) { return gone.contains(p.second); });
  if (refused) std::rethrow_exception(refused);
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
