#include "ringlab/rendezvous.hpp"

#include <algorithm>
#include <numeric>

#include "ringlab/error.hpp"
#include "ringlab/ring.hpp"

namespace ringlab {

Rendezvous::Rendezvous(std::vector<std::u16string> servers) : servers_(std::move(servers)) {
  for (const auto& name : servers_) {
    if (name.empty()) throw Error(ErrorCode::invalid_argument, "a server name must not be empty");
    if (name.size() > kMaxNameLength)
      throw Error(ErrorCode::limit_exceeded,
                  "a server name is longer than " + std::to_string(kMaxNameLength) + " UTF-16 units");
  }
  std::vector<std::u16string_view> sorted(servers_.begin(), servers_.end());
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    throw Error(ErrorCode::duplicate_server, "a server is listed twice");
}

std::vector<std::uint32_t> Rendezvous::scores(std::u16string_view key) const {
  const Fnv1a prefix = rendezvous_prefix(key);
  std::vector<std::uint32_t> out;
  out.reserve(servers_.size());
  for (const auto& name : servers_) out.push_back(Fnv1a(prefix).units(name).finish());
  return out;
}

std::vector<std::uint32_t> Rendezvous::top(std::u16string_view key, std::int64_t k) const {
  if (k < 0) throw Error(ErrorCode::out_of_range, "k must be >= 0, got " + std::to_string(k));
  const std::vector<std::uint32_t> score = scores(key);
  std::vector<std::uint32_t> order(servers_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return score[a] > score[b]; });
  order.resize(static_cast<std::size_t>(std::min<std::int64_t>(k, static_cast<std::int64_t>(order.size()))));
  return order;
}

}  // namespace ringlab
