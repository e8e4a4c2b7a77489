// Bounded loads (docs/algorithms.md#bounded-loads): a small ring, key hashes and epsilon. Invalid epsilon (<= 0, NaN,
// infinite) and capacities too small for the keys must throw ringlab::Error; otherwise every key
// is placed, no server is above its capacity, the loads sum to the key count, each walk stays
// within one lap, and the placement equals a plain simulation of docs/algorithms.md's walk.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/error.hpp"
#include "ringlab/ring.hpp"

namespace {

double gen_epsilon(fuzz::Reader& r) {
  static constexpr double kEps[] = {0.25, 0.1, 1, 0.01, 0.5, 2, 1e-9, 1e-300, 1e300, 0, -0.0, -1, NAN, INFINITY};
  const std::size_t i = r.u8() % (std::size(kEps) + 1);
  return i < std::size(kEps) ? kEps[i] : r.f64();
}

double gen_weight(fuzz::Reader& r) {
  static constexpr double kWeights[] = {1, 1, 1, 2, 0.5, 3, 1.5, 0.1, 10};
  return kWeights[r.u8() % std::size(kWeights)];
}

std::uint32_t naive_owner_point(std::span<const std::uint32_t> tokens, std::uint32_t h) {
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i] >= h) return static_cast<std::uint32_t>(i);
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Reader r(data, size);
  const std::uint32_t vnodes = 1 + r.u8() % 16;
  const std::uint32_t servers = 1 + r.u8() % 8;
  std::vector<ringlab::Server> list;
  for (std::uint32_t s = 0; s < servers; ++s)
    list.push_back(ringlab::Server{ringlab::default_server_name(s), gen_weight(r), u""});
  const ringlab::Ring ring(list, vnodes);
  const double epsilon = gen_epsilon(r);

  // Keys: raw hashes, or hashes on and next to the ring's tokens (many keys on one point).
  const std::size_t keys = r.u16() % 600;
  const std::uint8_t mode = r.u8();
  std::vector<std::uint32_t> hashes;
  hashes.reserve(keys);
  const auto tokens = ring.tokens();
  for (std::size_t k = 0; k < keys; ++k) {
    if (mode & 1) hashes.push_back(r.empty() ? static_cast<std::uint32_t>(k * 2654435761u) : r.u32());
    else hashes.push_back(tokens[r.u8() % tokens.size()] + (r.u8() & 1));
  }

  // The capacities docs/algorithms.md gives, and whether they can hold the keys.
  const bool eps_ok = epsilon > 0 && std::isfinite(epsilon);
  double total_weight = 0;
  for (const auto& s : list) total_weight += s.weight;
  std::vector<std::uint32_t> caps;
  std::uint64_t room = 0;
  for (const auto& s : list) {
    if (!eps_ok) break;
    const double c = std::ceil((1 + epsilon) * static_cast<double>(keys) * s.weight / total_weight);
    caps.push_back(c >= 4294967295.0 ? 4294967295u : static_cast<std::uint32_t>(c));
    room += caps.back();
  }

  std::optional<ringlab::BoundedPlacement> placed;
  try {
    placed = ringlab::place_bounded(ring, hashes, epsilon);
  } catch (const ringlab::Error& e) {
    CHECK_MSG(!eps_ok || room < keys, "place_bounded threw " + std::string(e.code_name()) + " for epsilon " +
                                          std::to_string(epsilon) + " and " + std::to_string(keys) + " keys");
    CHECK(e.code() == ringlab::ErrorCode::out_of_range);
    return 0;
  }
  CHECK_MSG(eps_ok, "place_bounded accepted epsilon " + std::to_string(epsilon));
  CHECK(room >= keys);
  const auto& p = *placed;

  CHECK(p.capacities == caps);
  CHECK(p.capacities == ringlab::bounded_capacities(ring, keys, epsilon));
  CHECK(p.servers.size() == keys);
  CHECK(p.walks.size() == keys);
  CHECK(p.loads.size() == servers);
  CHECK(std::accumulate(p.loads.begin(), p.loads.end(), std::uint64_t{0}) == keys);
  for (std::uint32_t s = 0; s < servers; ++s) {
    CHECK_MSG(p.loads[s] <= p.capacities[s], "server " + std::to_string(s) + " holds " + std::to_string(p.loads[s]) +
                                                 " keys over its capacity " + std::to_string(p.capacities[s]));
    CHECK(p.loads[s] == static_cast<std::uint32_t>(std::count(p.servers.begin(), p.servers.end(), s)));
  }

  // The walk, simulated: start at the owner point, step clockwise past full servers.
  std::vector<std::uint32_t> load(servers, 0);
  std::uint32_t not_first = 0, longest = 0;
  const auto owners = ring.point_servers();
  for (std::size_t k = 0; k < keys; ++k) {
    std::size_t at = naive_owner_point(tokens, hashes[k]);
    std::uint32_t walk = 0;
    while (load[owners[at]] >= caps[owners[at]]) {
      at = (at + 1) % owners.size();
      ++walk;
      CHECK_MSG(walk < owners.size(), "a key walked a whole lap without finding room");
    }
    ++load[owners[at]];
    CHECK_MSG(p.servers[k] == owners[at], "key " + std::to_string(k) + " placed on " + std::to_string(p.servers[k]) +
                                              ", the walk gives " + std::to_string(owners[at]));
    CHECK(p.walks[k] == walk);
    not_first += walk > 0;
    longest = std::max(longest, walk);
  }
  CHECK(p.not_first_choice == not_first);
  CHECK(p.longest_walk == longest);
  CHECK(p.longest_walk < ring.size());
  return 0;
}
