#include "ringlab/systems/ring_plan.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

#include "ringlab/error.hpp"
#include "ringlab/once.hpp"
#include "ringlab/systems/envoy.hpp"
#include "ringlab/systems/libketama.hpp"
#include "ringlab/systems/memcached.hpp"
#include "ringlab/systems/nginx.hpp"
#include "ringlab/systems/twemproxy.hpp"

namespace ringlab::systems {
namespace {

// A ring's HashSpace: `values` its points' values, ascending (repeats allowed), and `owner(h)` the
// system's own lookup of hash h (the server of the first point >= h, wrapping), asked once for
// each distinct value: every hash of (previous value, value] lands on that same point.
template <typename Owner>
HashSpace ring_space(std::string hash, std::uint8_t bits, const std::vector<std::uint64_t>& values, Owner owner) {
  HashSpace s;
  s.kind = HashSpace::Kind::ring;
  s.bits = bits;
  s.hash = std::move(hash);
  for (const std::uint64_t v : values)
    if (s.points.empty() || s.points.back() != v) {
      s.points.push_back(v);
      s.owners.push_back(owner(v));
    }
  return s;
}

// A table's HashSpace: hash h goes to owner(h % period), for the `period` residues.
template <typename Owner>
HashSpace table_space(std::string hash, std::uint8_t bits, std::uint64_t period, Owner owner) {
  HashSpace s;
  s.kind = HashSpace::Kind::table;
  s.bits = bits;
  s.hash = std::move(hash);
  s.owners.reserve(static_cast<std::size_t>(period));
  for (std::uint64_t r = 0; r < period; ++r) s.owners.push_back(owner(r));
  return s;
}

// A run of hashes with one server before and one after (indices in each side's servers(), or
// HashSpace's kNoServer and kByKey).
struct Segment {
  std::uint64_t start;
  std::uint64_t end;
  HashCount hashes;
  std::int32_t before;
  std::int32_t after;
};

std::uint64_t largest(std::uint8_t bits) { return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1; }

std::int32_t ring_owner(const HashSpace& s, std::uint64_t h) {
  const auto it = std::lower_bound(s.points.begin(), s.points.end(), h);
  return it == s.points.end() ? s.owners.front() : s.owners[static_cast<std::size_t>(it - s.points.begin())];
}

// A table of one entry (one server takes every hash) as a ring: one point at the largest hash.
HashSpace as_ring(const HashSpace& s) {
  if (s.kind == HashSpace::Kind::ring) return s;
  HashSpace r = s;
  r.kind = HashSpace::Kind::ring;
  r.points = {largest(s.bits)};
  r.owners = {s.owners.front()};
  return r;
}

// Two rings: every point of either bounds a segment, (previous point, point], the first one
// wrapping from the last point over the largest hash to the first.
std::vector<Segment> ring_segments(const HashSpace& a, const HashSpace& b, HashCount size) {
  std::vector<std::uint64_t> bounds;
  std::set_union(a.points.begin(), a.points.end(), b.points.begin(), b.points.end(), std::back_inserter(bounds));
  bounds.erase(std::unique(bounds.begin(), bounds.end()), bounds.end());
  std::vector<Segment> out;
  for (std::size_t i = 0; i < bounds.size(); ++i) {
    const std::uint64_t start = i == 0 ? bounds.back() : bounds[i - 1];
    const HashCount hashes = i == 0 ? size - bounds.back() + bounds.front() : HashCount{bounds[i] - bounds[i - 1]};
    out.push_back({start, bounds[i], hashes, ring_owner(a, bounds[i]), ring_owner(b, bounds[i])});
  }
  return out;
}

// Two tables: hash h is entry h % L of both, L the periods' least common multiple (or the whole
// space, when that is smaller); entry r holds the hashes r, r + L, ... below the space's size.
std::vector<Segment> table_segments(const HashSpace& a, const HashSpace& b, HashCount size) {
  const std::uint64_t pa = a.owners.size(), pb = b.owners.size();
  const HashCount lcm = HashCount{pa / std::gcd(pa, pb)} * pb;
  const HashCount period = std::min(lcm, size);
  if (period > HashSpace::kMaxTable)
    throw Error(ErrorCode::limit_exceeded, rule::planModulus, "",
                {count_text(period), static_cast<std::uint64_t>(HashSpace::kMaxTable)});
  std::vector<Segment> out;
  const auto n = static_cast<std::uint64_t>(period);
  for (std::uint64_t r = 0; r < n; ++r)
    out.push_back({r, r, (size - 1 - r) / period + 1, a.owners[r % pa], b.owners[r % pb]});
  return out;
}

std::string owner_name(const Placement& p, std::int32_t owner) {
  if (owner == HashSpace::kNoServer) return "(none)";
  if (owner == HashSpace::kByKey) return "(by key)";
  return p.servers()[static_cast<std::size_t>(owner)].name;
}

RINGLAB_ONCE std::string percent_of(HashCount n, HashCount size) { return hashes_percent(n, size) + "%"; }

RINGLAB_ONCE std::string operation_text(const ServerChange& c, const std::string& changed) {
  switch (c.kind) {
    case ServerChange::Kind::add: return "add " + changed + " (weight " + std::to_string(c.weight) + ")";
    case ServerChange::Kind::remove: return "remove " + changed;
    case ServerChange::Kind::weight: return "weight " + changed + " " + std::to_string(c.weight);
    case ServerChange::Kind::down: return "down " + changed;
  }
  return "";
}

// Why servers that did not change trade hashes, by system.
RINGLAB_ONCE std::string collateral_why(const std::string& system, bool ring) {
  if (!ring)
    return system == "envoy-maglev" ? "Maglev fills its whole table again from every host's permutation"
                                    : "the hash is taken modulo the servers' count or weights, which changed";
  if (system == "envoy-ring") return "Envoy scales every host's share of the ring to the new total weight";
  if (system == "nginx") return "nginx's ring has one point per unit of weight, and points of equal hash are merged";
  return "a weighted continuum gives each server points in proportion to its weight over the total, so a change "
         "re-divides every server's points";
}

}  // namespace

RINGLAB_ONCE std::optional<HashSpace> hash_space_of(std::string_view system, const Placement& p) {
  const void* native = p.native();
  if (native == nullptr) return std::nullopt;
  if (system == "nginx") {
    // The ring's points, each with the server nginx's walk from it chooses; in hash mode the
    // first round's 15-bit hash modulo the total weight.
    const auto* upstream = static_cast<const NginxUpstream*>(native);
    const auto owner = [&](std::uint64_t h) {
      const std::optional<NginxChoice> c = upstream->choice_of_hash(static_cast<std::uint32_t>(h));
      if (!c) return HashSpace::kByKey;
      return c->kind == NginxChoice::Kind::server ? static_cast<std::int32_t>(c->server) : HashSpace::kNoServer;
    };
    if (upstream->mode() == NginxMode::hash) {
      // 2^15 hashes: the table over all of them is never larger than the space.
      const auto weight = static_cast<std::uint64_t>(upstream->total_weight());
      return table_space("(crc32 of the key >> 16) & 0x7fff, the first round's hash", 15,
                         std::min<std::uint64_t>(weight, 32768), owner);
    }
    std::vector<std::uint64_t> values;
    for (const NginxUpstream::Point& q : upstream->points()) values.push_back(q.hash);
    return ring_space("crc32 of the key", 32, values, owner);
  }
  if (system == "memcached") {
    // The continuum's points, or modula's residues (the key's hash modulo the server count).
    const auto* m = static_cast<const Memcached*>(native);
    const std::string hash = "libhashkit's " + std::string(memcached_hash_name(m->hash())) + " of the key";
    const auto owner = [&](std::uint64_t h) {
      return static_cast<std::int32_t>(m->server_of_hash(static_cast<std::uint32_t>(h)));
    };
    if (!m->consistent() || m->continuum().empty()) return table_space(hash, 32, m->servers().size(), owner);
    std::vector<std::uint64_t> values;
    for (const Memcached::Point& q : m->continuum()) values.push_back(q.value);
    return ring_space(hash, 32, values, owner);
  }
  if (system == "libketama") {
    const auto* ketama = static_cast<const Libketama*>(native);
    std::vector<std::uint64_t> values;
    for (const Libketama::Point& q : ketama->continuum()) values.push_back(q.value);
    return ring_space("the first 4 bytes of the key's MD5, little-endian", 32, values, [&](std::uint64_t h) {
      return static_cast<std::int32_t>(ketama->server_of_hash(static_cast<std::uint32_t>(h)));
    });
  }
  if (system == "twemproxy") {
    // The continuum's points over the live servers, or modula's residues (the key's hash modulo
    // the live servers' weights).
    const auto* t = static_cast<const Twemproxy*>(native);
    const std::string hash = "nutcracker's " + std::string(twemproxy_hash_name(t->options().hash)) + " of the key" +
                             (t->options().hash_tag.empty() ? "" : " (of its hash_tag's bytes)");
    const auto owner = [&](std::uint64_t h) {
      const std::optional<std::size_t> at = t->server_of_hash(static_cast<std::uint32_t>(h));
      return at ? static_cast<std::int32_t>(*at) : HashSpace::kNoServer;
    };
    if (t->options().distribution == TwemproxyDistribution::ketama && !t->continuum().empty()) {
      std::vector<std::uint64_t> values;
      for (const Twemproxy::Point& q : t->continuum()) values.push_back(q.value);
      return ring_space(hash, 32, values, owner);
    }
    const std::uint64_t period = t->options().distribution == TwemproxyDistribution::modula ? t->live_weight() : 1;
    if (period > HashSpace::kMaxTable)
      throw Error(ErrorCode::limit_exceeded, rule::planModulus, "", {period, HashSpace::kMaxTable});
    return table_space(hash, 32, std::max<std::uint64_t>(period, 1), owner);
  }
  if (system == "envoy-ring") {
    const auto* ring = static_cast<const envoy::Ring*>(native);
    std::vector<std::uint64_t> values;
    for (const envoy::Ring::Entry& e : ring->entries()) values.push_back(e.hash);
    return ring_space("XXH64 of the key", 64, values,
                      [&](std::uint64_t h) { return static_cast<std::int32_t>(ring->host_of_hash(h)); });
  }
  if (system == "envoy-maglev") {
    const auto* maglev = static_cast<const envoy::Maglev*>(native);
    return table_space("XXH64 of the key", 64, maglev->table().size(),
                       [&](std::uint64_t slot) { return static_cast<std::int32_t>(maglev->table()[slot]); });
  }
  return std::nullopt;
}

RINGLAB_ONCE Plan plan_server_change(const RingPlanSystem& sys, const Placement& before, const Placement& after,
                                     const ServerChange& change, const std::vector<std::string>& keys, bool every_arc) {
  std::optional<HashSpace> sa = hash_space_of(sys.system, before);
  std::optional<HashSpace> sb = hash_space_of(sys.system, after);
  if (!sa || !sb) throw Error(ErrorCode::invalid_argument, rule::notEditable, "");
  const HashCount size = HashCount{largest(sa->bits)} + 1;
  const bool ring = sa->kind == HashSpace::Kind::ring || sb->kind == HashSpace::Kind::ring;
  std::vector<Segment> segments;
  std::uint64_t period = 0;
  if (ring) {
    segments = ring_segments(as_ring(*sa), as_ring(*sb), size);
  } else {
    segments = table_segments(*sa, *sb, size);
    period = segments.size();
  }

  // The changed server: the one `after` has and `before` has not, for an addition.
  std::string changed = change.server;
  if (change.kind == ServerChange::Kind::add)
    for (const ServerInfo& s : after.servers())
      if (std::none_of(before.servers().begin(), before.servers().end(),
                       [&](const ServerInfo& b) { return b.name == s.name; }))
        changed = s.name;

  Plan plan;
  plan.system = sys.system;
  plan.tool = sys.tool;
  plan.operation = operation_text(change, changed);
  plan.unit = ring ? "arcs" : "entries";
  plan.exactness = Exactness::exact;
  PlanArcs arcs;
  arcs.space = sa->hash + ", [0, 2^" + std::to_string(sa->bits) + ")" +
               (ring ? std::string() : ", entry = hash mod " + std::to_string(period));
  arcs.ring = ring;
  arcs.period = period;
  arcs.bits = sa->bits;
  arcs.size = size;
  arcs.every_arc = every_arc;

  std::map<std::string, std::pair<HashCount, HashCount>> share;
  for (const Segment& s : segments) {
    const std::string b = owner_name(before, s.before), a = owner_name(after, s.after);
    share[b].first += s.hashes;
    share[a].second += s.hashes;
    if (a == b) continue;
    const bool collateral = b != changed && a != changed && s.before >= 0 && s.after >= 0;
    (collateral ? arcs.collateral : arcs.necessary) += s.hashes;
    // Runs of a ring next to each other with the same servers are one arc. A table's entries stay
    // one unit each, so that the plan counts entries, as it says, not runs of them.
    if (ring && !arcs.arcs.empty() && arcs.arcs.back().end == s.start && arcs.arcs.back().before == b &&
        arcs.arcs.back().after == a && &s != &segments.front()) {
      arcs.arcs.back().end = s.end;
      arcs.arcs.back().hashes += s.hashes;
    } else {
      arcs.arcs.push_back({s.start, s.end, s.hashes, b, a, collateral});
    }
  }
  // Every server of either side, in the configuration's order, then what no server takes.
  std::vector<std::string> names;
  for (const ServerInfo& s : before.servers()) names.push_back(s.name);
  for (const ServerInfo& s : after.servers())
    if (std::find(names.begin(), names.end(), s.name) == names.end()) names.push_back(s.name);
  for (const char* pseudo : {"(none)", "(by key)"})
    if (share.count(pseudo) != 0) names.emplace_back(pseudo);
  for (const std::string& n : names) arcs.servers.push_back({n, share[n].first, share[n].second});

  // One step per pair of servers: the necessary ones first, then the larger.
  std::map<std::pair<std::string, std::string>, std::size_t> step_of;
  for (std::size_t i = 0; i < arcs.arcs.size(); ++i) {
    const PlanArc& a = arcs.arcs[i];
    const auto [it, added] = step_of.try_emplace({a.before, a.after}, plan.steps.size());
    if (added) plan.steps.push_back({a.before, a.after, {}, {}});
    plan.steps[it->second].units.push_back(static_cast<std::uint32_t>(i));
  }
  const auto total = [&](const PlanStep& s) {
    HashCount n = 0;
    for (const std::uint32_t u : s.units) n += arcs.arcs[u].hashes;
    return n;
  };
  std::stable_sort(plan.steps.begin(), plan.steps.end(), [&](const PlanStep& x, const PlanStep& y) {
    const bool cx = arcs.arcs[x.units.front()].collateral, cy = arcs.arcs[y.units.front()].collateral;
    if (cx != cy) return !cx;
    const HashCount tx = total(x), ty = total(y);
    if (tx != ty) return tx > ty;
    return std::tie(x.from, x.to) < std::tie(y.from, y.to);
  });

  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string name = "key " + std::to_string(i + 1);
    plan.keys.push_back({keys[i], owner_name(before, before.answer(keys[i], name).server),
                         owner_name(after, after.answer(keys[i], name).server), std::nullopt});
  }

  if (arcs.collateral > 0) {
    std::string largest_moves;
    for (const PlanStep& s : plan.steps)
      if (arcs.arcs[s.units.front()].collateral && largest_moves.size() < 200)
        largest_moves +=
            (largest_moves.empty() ? "" : ", ") + s.from + " -> " + s.to + " " + percent_of(total(s), size);
    plan.warnings.push_back({"collateral", percent_of(arcs.collateral, size) +
                                               " of the hash space moves between servers that did not " + "change (" +
                                               largest_moves + "): " + collateral_why(sys.system, ring)});
  }
  if (sys.system == "nginx" && !ring && change.kind == ServerChange::Kind::remove) {
    HashCount own = 0;
    for (const ServerHashes& s : arcs.servers)
      if (s.server == changed) own = s.before;
    plan.warnings.push_back(
        {"remap", "deleting the server line changes the total weight, the modulus of nginx's plain `hash`: " +
                      percent_of(arcs.necessary + arcs.collateral, size) +
                      " of the hash space moves; marking it down (--mark-down) moves only its own " +
                      percent_of(own, size)});
  }
  if (change.kind == ServerChange::Kind::down) {
    if (sys.system == "nginx" && !ring)
      plan.note =
          "a down server's keys are hashed again, key by key, until a round finds a server that is up: "
          "where each goes depends on the key itself ((by key); give keys to see each)";
    else if (sys.system == "twemproxy")
      plan.note =
          "auto_eject_hosts takes the server out and nutcracker rebuilds its continuum from the live "
          "servers; after server_retry_timeout it comes back and the same hashes move back";
    else if (sys.system.starts_with("envoy"))
      plan.note =
          "Envoy builds its table from the healthy hosts alone: an unhealthy host is left out as if removed, "
          "and its keys come back when it passes its health check";
  }
  plan.arcs = std::move(arcs);
  return plan;
}

namespace {
constexpr RingPlanTarget kRingPlanTargets[] = {
    {"memcached", "libmemcached 1.1.4", nullptr},
    {"libketama", "libketama", nullptr},
    {"twemproxy", "nutcracker 0.5.0", "auto_eject_hosts ejects it"},
    {"nginx", "nginx 1.22", "its server line gets `down`"},
    {"envoy-ring", "Envoy ring_hash", "it fails its health check"},
    {"envoy-maglev", "Envoy maglev", "it fails its health check"},
};
}  // namespace

std::span<const RingPlanTarget> ring_plan_targets() noexcept { return kRingPlanTargets; }

const RingPlanTarget* ring_plan_target(std::string_view system) noexcept {
  for (const RingPlanTarget& t : kRingPlanTargets)
    if (system == t.name) return &t;
  return nullptr;
}

RINGLAB_ONCE std::unique_ptr<Placement> ring_changed(const RingPlanTarget& target, const Placement& before,
                                                     const ServerChange& change, const EjectServer& eject) {
  if (change.kind == ServerChange::Kind::down && target.down == nullptr)
    throw Error(ErrorCode::invalid_argument, rule::planNoDown, "", {target.tool});
  const std::string_view name = target.name;
  std::unique_ptr<Placement> after;
  if (change.kind == ServerChange::Kind::down && name == "twemproxy") {
    // Ejected: the server must be one of the pool's, and not ejected yet.
    const auto& servers = before.servers();
    const auto it =
        std::find_if(servers.begin(), servers.end(), [&](const ServerInfo& s) { return s.name == change.server; });
    if (it == servers.end()) throw Error(ErrorCode::unknown_server, rule::notAServer, "", {input(change.server)});
    if (it->down) throw Error(ErrorCode::invalid_argument, rule::planNoChange, "", {input(change.server)});
    after = eject(change.server);
  } else {
    ServerEdit e;
    e.server = change.server;
    e.weight = change.weight;
    switch (change.kind) {
      case ServerChange::Kind::add: e.kind = ServerEdit::Kind::add; break;
      case ServerChange::Kind::remove: e.kind = ServerEdit::Kind::remove; break;
      case ServerChange::Kind::weight: e.kind = ServerEdit::Kind::weight; break;
      case ServerChange::Kind::down:
        // Envoy leaves an unhealthy host out of the table it builds, as if it were removed.
        e.kind = name.starts_with("envoy") ? ServerEdit::Kind::remove : ServerEdit::Kind::down;
        break;
    }
    if (e.kind == ServerEdit::Kind::down)
      for (const ServerInfo& s : before.servers())
        if (s.name == change.server && s.down)
          throw Error(ErrorCode::invalid_argument, rule::planNoChange, "", {input(change.server)});
    after = before.edited(e);
  }
  return after;
}

const PlanArc* arc_of_hash(const PlanArcs& arcs, std::uint64_t hash) noexcept {
  // The arcs are in hash order, but for a ring's first, which may wrap past the largest hash.
  auto first = arcs.arcs.begin();
  const std::uint64_t at = arcs.ring ? hash : hash % arcs.period;
  if (arcs.ring && first != arcs.arcs.end() && first->start >= first->end) {
    if (at > first->start || at <= first->end) return &*first;
    ++first;
  }
  const auto it =
      std::lower_bound(first, arcs.arcs.end(), at, [](const PlanArc& a, std::uint64_t h) { return a.end < h; });
  if (it == arcs.arcs.end()) return nullptr;
  return (arcs.ring ? at > it->start : at >= it->start) ? &*it : nullptr;
}

}  // namespace ringlab::systems
