// The ring and table systems' migration plans (memcached, libketama, twemproxy, nginx, Envoy's
// ring_hash and Maglev): what adding, removing, re-weighting or marking down one server moves,
// counted exactly over the whole hash space from each system's own continuum or table
// (hash_space_of()), before and after. See docs/plan.md#rings.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/systems/placement.hpp"
#include "ringlab/systems/plan.hpp"

namespace ringlab::systems {

// A system's whole hash space and the server each hash goes to, read from the system's own
// continuum or table (hash_space_of()), for counting exactly, hash by hash, what a change
// moves. Hashes are [0, 2^bits).
//  - ring: `points` are the distinct values of the continuum, ascending; `owners[i]` is the server
//    of every hash of (points[i-1], points[i]], and owners[0] also of the hashes above the last
//    point (the lookup wraps to the first point);
//  - table: hash h goes to owners[h % owners.size()] (Maglev's table; a modulo over the servers or
//    their weights, as libmemcached's modula, twemproxy's and nginx's plain `hash` have it).
// An owner is an index in servers(), kNoServer where no server takes the hash (every server
// ejected, nginx's round-robin balancer), or kByKey where the key itself decides beyond the hash
// (nginx's plain `hash` rehashes a key whose first pick is down).
struct HashSpace {
  enum class Kind : std::uint8_t { ring, table };
  static constexpr std::int32_t kNoServer = -1;
  static constexpr std::int32_t kByKey = -2;
  // The largest table a plan counts residue by residue (a modulo's period, or two tables'
  // common one).
  static constexpr std::uint64_t kMaxTable = std::uint64_t{1} << 22;
  Kind kind = Kind::ring;
  std::uint8_t bits = 32;
  std::string hash;  // what is hashed and how: "crc32 of the key"
  std::vector<std::uint64_t> points;
  std::vector<std::int32_t> owners;
};

// The hash space of a ring or table system `place` configured (memcached, libketama, twemproxy,
// nginx, envoy-ring, envoy-maglev), read from its own object (Placement::native(), taken as that
// system's class: `p` must be what configure(system, ...) or its edited() made); nullopt for
// another system. A modulo of more than HashSpace::kMaxTable residues is limit_exceeded,
// planModulus.
[[nodiscard]] std::optional<HashSpace> hash_space_of(std::string_view system, const Placement& p);

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

// A ring or table system a plan is made for: its name as `place` has it, what it reproduces, and
// what marking a server down is there (nullptr where the system has no down mark).
struct RingPlanTarget {
  const char* name;
  const char* tool;
  const char* down;
};

// The systems ring plans are made for, in the command line's order.
[[nodiscard]] std::span<const RingPlanTarget> ring_plan_targets() noexcept;
// One of them by name, or nullptr.
[[nodiscard]] const RingPlanTarget* ring_plan_target(std::string_view system) noexcept;

// How a twemproxy pool is configured again with one more server ejected (`server`, after those
// its configuration ejects already): nutcracker's ejection is a reading of the configuration
// (auto_eject_hosts, --ejected), not an edit of the server list, so the surface that read the
// configuration (flags, typed values) configures it again.
using EjectServer = std::function<std::unique_ptr<Placement>(const std::string& server)>;

// The system `before` (configured as `target`'s system) with `change` made, as its plan takes it:
// an edit of its servers; twemproxy's ejection through `eject`; Envoy leaves a host that fails its
// health check out of what it builds, as if removed. The rules of every surface: planNoDown where
// the system marks no server down, planNoChange for a server already down, notAServer for a
// server that is none, and the edit's own.
[[nodiscard]] std::unique_ptr<Placement> ring_changed(const RingPlanTarget& target, const Placement& before,
                                                      const ServerChange& change, const EjectServer& eject);

// The plan of `change` from `before` to `after` (the same system with the change made): the
// runs of the hash space whose server changes, grouped into one step per pair of servers
// (necessary first), each server's share before and after, `keys` before and after, and the
// warnings. `every_arc`: the text lists every arc, not only each step's count. Both must have
// a hash_space_of() (invalid_argument otherwise); a table whose common period with the other is
// above HashSpace::kMaxTable is limit_exceeded, planModulus.
[[nodiscard]] Plan plan_server_change(const RingPlanSystem& sys, const Placement& before, const Placement& after,
                                      const ServerChange& change, const std::vector<std::string>& keys, bool every_arc);

// The arc of `arcs` that holds `hash`, or nullptr where the hash keeps its server.
[[nodiscard]] const PlanArc* arc_of_hash(const PlanArcs& arcs, std::uint64_t hash) noexcept;

}  // namespace ringlab::systems
