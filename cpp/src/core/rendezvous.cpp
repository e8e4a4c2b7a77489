#include "ringlab/rendezvous.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "key_blocks.hpp"
#include "names.hpp"
#include "ringlab/error.hpp"
#include "ringlab/js_math.hpp"
#include "ringlab/params.hpp"
#include "ringlab/ring.hpp"

namespace ringlab {

namespace {

RINGLAB_ONCE_PER_CALL void check_names(std::vector<std::u16string_view> listed) {
  for (const auto& name : listed) names::check(name, "server");
  if (names::first_duplicate(std::move(listed)))
    throw Error(ErrorCode::duplicate_server, rule::duplicate, "", {"server"});
}

// Indices 0..n-1 ordered by score descending; the stable sort keeps list order on ties.
template <typename Score>
RINGLAB_ONCE_PER_CALL std::vector<std::uint32_t> top_k(const std::vector<Score>& score, std::int64_t k) {
  check_integer(Param::top_k, k);
  std::vector<std::uint32_t> order(score.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return score[a] > score[b]; });
  order.resize(static_cast<std::size_t>(std::min<std::int64_t>(k, static_cast<std::int64_t>(order.size()))));
  return order;
}

}  // namespace

RINGLAB_ONCE_PER_CALL Rendezvous Rendezvous::uniform(std::int64_t servers) {
  check_integer(Param::rendezvous_servers, servers);
  std::vector<std::u16string> names;
  names.reserve(static_cast<std::size_t>(servers));
  for (std::uint32_t s = 0; s < servers; ++s) names.push_back(default_server_name(s));
  return Rendezvous(std::move(names));
}

RINGLAB_ONCE_PER_CALL WeightedRendezvous WeightedRendezvous::uniform(std::int64_t servers) {
  check_integer(Param::rendezvous_servers, servers);
  std::vector<WeightedServer> list;
  list.reserve(static_cast<std::size_t>(servers));
  for (std::uint32_t s = 0; s < servers; ++s) list.push_back({default_server_name(s), 1.0});
  return WeightedRendezvous(std::move(list));
}

RINGLAB_ONCE_PER_CALL Rendezvous::Rendezvous(std::vector<std::u16string> servers) : servers_(std::move(servers)) {
  check_names({servers_.begin(), servers_.end()});
  if (!servers_.empty()) {
    std::size_t len = servers_[0].size();
    for (const auto& name : servers_) {
      std::size_t i = 0;
      while (i < len && i < name.size() && name[i] == servers_[0][i]) ++i;
      len = i;
    }
    common_ = servers_[0].substr(0, len);
  }
  rest_first_.reserve(servers_.size() + 1);
  rest_first_.push_back(0);
  for (const auto& name : servers_) {
    rest_.insert(rest_.end(), name.begin() + static_cast<std::ptrdiff_t>(common_.size()), name.end());
    rest_first_.push_back(static_cast<std::uint32_t>(rest_.size()));
  }
}

void Rendezvous::pick_many(std::span<const char16_t> units, std::span<const std::uint32_t> offsets,
                           std::span<std::int32_t> out) const noexcept {
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] =
        static_cast<std::int32_t>(pick(std::u16string_view(units.data() + offsets[i], offsets[i + 1] - offsets[i])));
}

RINGLAB_ONCE_PER_CALL std::vector<std::uint32_t> Rendezvous::scores(std::u16string_view key) const {
  const Fnv1a common = Fnv1a(rendezvous_prefix(key)).units(common_);
  std::vector<std::uint32_t> out;
  out.reserve(servers_.size());
  for (std::size_t s = 0; s < servers_.size(); ++s) {
    Fnv1a f = common;
    for (std::uint32_t i = rest_first_[s]; i < rest_first_[s + 1]; ++i) f.unit(rest_[i]);
    out.push_back(f.finish());
  }
  return out;
}

RINGLAB_ONCE_PER_CALL std::vector<std::uint32_t> Rendezvous::top(std::u16string_view key, std::int64_t k) const {
  return top_k(scores(key), k);
}

double weighted_rendezvous_score(std::uint32_t score, double weight) noexcept {
  if (score == 0) return 0;
  const double u = score / 4294967296.0;
  return -weight / js_math::log(u);  // Math.log's bits: every build picks the same server
}

RINGLAB_ONCE_PER_CALL WeightedRendezvous::WeightedRendezvous(std::vector<WeightedServer> servers)
    : servers_(std::move(servers)) {
  std::vector<std::u16string_view> names;
  for (const auto& s : servers_) {
    check_number(Param::weight, s.weight);
    names.push_back(s.name);
  }
  check_names(std::move(names));
}

void WeightedRendezvous::pick_many(std::span<const char16_t> units, std::span<const std::uint32_t> offsets,
                                   std::span<std::int32_t> out) const noexcept {
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] =
        static_cast<std::int32_t>(pick(std::u16string_view(units.data() + offsets[i], offsets[i + 1] - offsets[i])));
}

RINGLAB_ONCE_PER_CALL std::vector<double> WeightedRendezvous::scores(std::u16string_view key) const {
  const Fnv1a prefix = rendezvous_prefix(key);
  std::vector<double> out;
  out.reserve(servers_.size());
  for (const auto& s : servers_)
    out.push_back(weighted_rendezvous_score(Fnv1a(prefix).units(s.name).finish(), s.weight));
  return out;
}

RINGLAB_ONCE_PER_CALL std::vector<std::uint32_t> WeightedRendezvous::top(std::u16string_view key,
                                                                         std::int64_t k) const {
  return top_k(scores(key), k);
}

}  // namespace ringlab
