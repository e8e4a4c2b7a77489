#include "ringlab/malachi.hpp"

#include <optional>

#include <algorithm>
#include <string>

#include "ringlab/error.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"

namespace ringlab {
namespace {

// Ids in messages as Elixir shows them, cut short when long.
std::string shown(const erlang::Term& id) {
  std::string s = erlang::format_term(id, erlang::Syntax::elixir);
  if (s.size() > 200) s = s.substr(0, 200) + "...";
  return s;
}

}  // namespace

MalachiRing::MalachiRing(std::int64_t ring_bits)
    : bits_(static_cast<std::uint32_t>(check_integer(SystemParam::malachi_ring_bits, ring_bits))) {}

std::size_t MalachiRing::find_id(const Term& id) const {
  const auto at = std::lower_bound(by_id_.begin(), by_id_.end(), id,
                                   [](const auto& entry, const Term& v) { return entry.first < v; });
  if (at != by_id_.end() && at->first == id) return static_cast<std::size_t>(at - by_id_.begin());
  return by_id_.size();
}

void MalachiRing::add_vnode(const Term& id, std::int64_t token) {
  check_integer(Param::token, token, 0, static_cast<std::int64_t>(ring_size() - 1));
  const auto t = static_cast<std::uint32_t>(token);
  const auto at = std::lower_bound(by_token_.begin(), by_token_.end(), t,
                                   [](const auto& p, std::uint32_t v) { return p.first < v; });
  if (at != by_token_.end() && at->first == t && !(at->second == id))
    throw Error(ErrorCode::token_taken, rule::tokenHeld, "token", {token, shown(at->second)});
  if (find_id(id) != by_id_.size()) throw Error(ErrorCode::already_present, rule::vnodePresent, "", {shown(id)});
  const auto id_at = std::lower_bound(by_id_.begin(), by_id_.end(), id,
                                      [](const auto& entry, const Term& v) { return entry.first < v; });
  by_id_.insert(id_at, {id, t});
  by_token_.insert(at, {t, id});
}

std::size_t MalachiRing::token_index(const Term& id) const {
  const std::size_t i = find_id(id);
  if (i == by_id_.size()) throw Error(ErrorCode::not_found, rule::vnodeMissing, "", {shown(id)});
  const std::uint32_t t = by_id_[i].second;
  const auto at = std::lower_bound(by_token_.begin(), by_token_.end(), t,
                                   [](const auto& p, std::uint32_t v) { return p.first < v; });
  return static_cast<std::size_t>(at - by_token_.begin());
}

void MalachiRing::remove_vnode(const Term& id) {
  const std::size_t k = token_index(id);
  by_token_.erase(by_token_.begin() + static_cast<std::ptrdiff_t>(k));
  by_id_.erase(by_id_.begin() + static_cast<std::ptrdiff_t>(find_id(id)));
}

std::uint32_t MalachiRing::position(const Term& key) const { return erlang::phash2(key, ring_size()); }

namespace {
// The index of the first (token, id) whose token >= x, wrapping to 0: nothing that can throw, so
// that the batch below runs without exception bookkeeping.
std::size_t ceiling(const std::vector<std::pair<std::uint32_t, MalachiRing::Term>>& by_token,
                    std::uint32_t x) noexcept {
  std::size_t lo = 0, hi = by_token.size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (by_token[mid].first < x) lo = mid + 1;
    else hi = mid;
  }
  return lo == by_token.size() ? 0 : lo;
}
}  // namespace

std::size_t MalachiRing::route_index(std::uint64_t position) const {
  if (by_token_.empty()) throw Error(ErrorCode::empty, rule::noVnodes, "");
  return ceiling(by_token_, static_cast<std::uint32_t>(position % ring_size()));
}

std::size_t MalachiRing::route_utf16_many(std::u16string_view units, std::span<const std::uint32_t> offsets,
                                          std::span<std::uint32_t> out) const {
  const std::size_t n = offsets.empty() ? 0 : offsets.size() - 1;
  if (n > 0 && by_token_.empty()) throw Error(ErrorCode::empty, rule::noVnodes, "");
  const std::uint64_t mask = ring_size() - 1;
  for (std::size_t i = 0; i < n && i < out.size(); ++i) {
    const std::optional<std::uint32_t> full = erlang::phash2_utf16(erlang::key_units(units, offsets, i));
    if (!full) return i;
    out[i] = static_cast<std::uint32_t>(ceiling(by_token_, static_cast<std::uint32_t>(*full & mask)));
  }
  return n;
}

const MalachiRing::Term& MalachiRing::route_position(std::uint64_t position) const {
  return by_token_[route_index(position)].second;
}

const MalachiRing::Term& MalachiRing::route(const Term& key) const {
  if (by_token_.empty()) throw Error(ErrorCode::empty, rule::noVnodes, "");
  return route_position(position(key));
}

std::pair<std::uint32_t, std::uint32_t> MalachiRing::boundaries(const Term& id) const {
  const std::size_t i = token_index(id);
  const std::size_t pred = i == 0 ? by_token_.size() - 1 : i - 1;
  return {by_token_[pred].first, by_token_[i].first};
}

std::uint32_t MalachiRing::token_of(const Term& id) const { return by_token_[token_index(id)].first; }

std::vector<MalachiRing::Term> MalachiRing::vnode_ids() const {
  std::vector<Term> out;
  out.reserve(by_id_.size());
  for (const auto& entry : by_id_) out.push_back(entry.first);
  return out;
}

}  // namespace ringlab
