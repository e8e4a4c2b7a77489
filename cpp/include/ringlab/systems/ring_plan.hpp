// The ring and table systems' migration plans (memcached, libketama, twemproxy, nginx, Envoy's
// ring_hash and Maglev): what adding, removing, re-weighting or marking down one server moves,
// counted exactly over the whole hash space from each system's own continuum or table
// (Placement::hash_space()), before and after. See docs/plan.md#rings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ringlab/systems/placement.hpp"
#include "ringlab/systems/plan.hpp"

namespace ringlab::systems {

// The change a plan is made for: a server added (`server` an entry as the system's server list
// writes one, with `weight`), removed, given a new `weight`, or marked down (nginx's `down`,
// twemproxy's auto_eject_hosts, an Envoy host that fails its health check).
struct ServerChange {
  enum class Kind : std::uint8_t { add, remove, weight, down };
  Kind kind = Kind::add;
  std::string server;
  std::int64_t weight = 1;
};

// What a plan says of the system besides its numbers.
struct RingPlanSystem {
  std::string system;  // "memcached", "envoy-ring"
  std::string tool;    // what it reproduces: "libmemcached 1.1.4"
};

// The plan of `change` from `before` to `after` (the same system with the change made): the
// runs of the hash space whose server changes, grouped into one step per pair of servers
// (necessary first), each server's share before and after, `keys` before and after, and the
// warnings. `every_arc`: the text lists every arc, not only each step's count. Both must have
// a hash_space() (invalid_argument otherwise); a table whose common period with the other is
// above HashSpace::kMaxTable is limit_exceeded, planModulus.
[[nodiscard]] Plan plan_server_change(const RingPlanSystem& sys, const Placement& before, const Placement& after,
                                      const ServerChange& change, const std::vector<std::string>& keys, bool every_arc);

// The arc of `arcs` that holds `hash`, or nullptr where the hash keeps its server.
[[nodiscard]] const PlanArc* arc_of_hash(const PlanArcs& arcs, std::uint64_t hash) noexcept;

}  // namespace ringlab::systems
