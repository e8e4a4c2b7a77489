// The server seam (placers.hpp): the checks every server-family algorithm shares, and each
// algorithm's placer, a thin wrapper over the placement's own class so that its answers are that
// class's. The algorithms are registered in algorithms.cpp, beside their entries.
#include "ringlab/placers.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "names.hpp"
#include "ringlab/algorithms.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/once.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/token_ring.hpp"

namespace ringlab {

ServerChange parse_server_change(std::u16string_view text) {
  const std::u16string_view kind = text.substr(0, text.find(u':'));
  if (!kind.starts_with(u"add@")) return {parse_change(text), std::nullopt};
  const std::u16string_view rest = kind.size() == text.size() ? std::u16string_view{} : text.substr(kind.size() + 1);
  ServerChange c{.change = {.kind = ChangeKind::add, .name = std::u16string(rest)}};
  try {
    c.token = integer_from_text(utf8_for_message(kind.substr(4)), param(Param::token).name);
  } catch (const Error& e) {
    throw Error(rule::part, "change", {}, e);
  }
  return c;
}
namespace {

double weight_or_default(const PlacerServer& s) { return s.weight.value_or(param(Param::weight).default_number); }

Server ring_server(const PlacerServer& s) { return Server{s.name, weight_or_default(s), s.zone.value_or(u"")}; }

std::vector<Server> ring_servers(const PlacerOptions& o) {
  std::vector<Server> out;
  out.reserve(o.servers.size());
  for (const PlacerServer& s : o.servers) out.push_back(ring_server(s));
  return out;
}

// The binary search's steps over ascending tokens, then the owner point it ends on: what a ring's
// and the token ring's lookups share.
void search_steps(std::vector<PlaceStep>& steps, std::span<const SearchStep> search) {
  for (const SearchStep& s : search)
    steps.push_back(
        {.kind = PlaceStepKind::search, .point = s.mid, .value = s.token, .lo = s.lo, .hi = s.hi, .right = s.right});
}

// The bytes of a placer's servers' names, 2 a UTF-16 unit: memory_bytes' count (placers.hpp). One
// function for every placer, through its list, as the buckets module pays for each function.
std::uint64_t name_bytes(const ServerPlacer& p) {
  std::uint64_t bytes = 0;
  for (std::uint32_t s = 0; s < p.size(); ++s) bytes += 2 * std::uint64_t{p.name_of(s).size()};
  return bytes;
}
std::uint64_t ring_bytes(const Ring& ring) {
  std::uint64_t bytes = ring.element_bytes();
  // A server's name, weight and zone.
  for (const Server& s : ring.servers()) bytes += 2 * std::uint64_t{s.name.size() + s.zone.size()} + 8;
  return bytes;
}

// --- mod-N over named servers: h32(key) mod N, as compare's row places it --------------------

class ModNPlacer final : public ServerPlacer {
 public:
  std::unique_ptr<ServerPlacer> clone() const override { return std::make_unique<ModNPlacer>(*this); }
  explicit ModNPlacer(const PlacerOptions& o) : ServerPlacer("mod-n") {
    // The servers' count is mod-N's n, by the table's mod_n (named servers here, as they are
    // given); the names follow rendezvous' rules, the other placement that holds nothing but them.
    const ParamSpec& n = param(Param::mod_n);
    const auto count = static_cast<std::int64_t>(o.servers.size());
    if (count < n.lo || count > n.hi) throw range_error(ErrorCode::out_of_range, n, count, "servers");
    std::vector<std::u16string_view> listed;
    for (const PlacerServer& s : o.servers) {
      names::check(s.name, "server");
      listed.push_back(s.name);
      names_.push_back(s.name);
    }
    if (names::first_duplicate(std::move(listed)))
      throw Error(ErrorCode::duplicate_server, rule::duplicate, "", {"server"});
  }
  std::uint32_t place(std::u16string_view key) const override { return mod_n(h32(key), n()); }
  bool maps_hash() const noexcept override { return true; }
  void place_hashes(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> out) const override {
    for (std::size_t i = 0; i < hashes.size(); ++i) out[i] = mod_n(hashes[i], n());
  }
  std::vector<PlaceStep> trace(std::u16string_view key) const override {
    const std::uint32_t h = h32(key);
    const std::uint32_t s = mod_n(h, n());
    return {{.kind = PlaceStepKind::hash, .value = h},
            {.kind = PlaceStepKind::slot, .server = s, .point = s, .hi = static_cast<std::uint32_t>(n())},
            {.kind = PlaceStepKind::answer, .server = s}};
  }
  std::size_t size() const noexcept override { return names_.size(); }
  std::u16string_view name_of(std::uint32_t s) const override { return names_.at(s); }

 private:
  [[nodiscard]] std::int64_t n() const noexcept { return static_cast<std::int64_t>(names_.size()); }
  std::vector<std::u16string> names_;
};

// --- the ring with virtual nodes, weights and zones --------------------------------------------

// A key's hash, the published binary search to its owner point, and that point's server.
void ring_lookup_steps(std::vector<PlaceStep>& steps, const Ring& ring, std::uint32_t h) {
  steps.push_back({.kind = PlaceStepKind::hash, .value = h});
  search_steps(steps, ring.search_trace(h));
  const std::uint32_t at = ring.owner_point(h);
  steps.push_back(
      {.kind = PlaceStepKind::owner, .server = ring.point_server(at), .point = at, .value = ring.tokens()[at]});
}

class RingPlacer final : public ServerPlacer {
 public:
  std::unique_ptr<ServerPlacer> clone() const override { return std::make_unique<RingPlacer>(*this); }
  explicit RingPlacer(const PlacerOptions& o) : ServerPlacer("ring"), ring_(ring_servers(o), *o.vnodes) {}
  std::uint32_t place(std::u16string_view key) const override { return ring_.owner_of_key(key); }
  bool maps_hash() const noexcept override { return true; }
  void place_hashes(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> out) const override {
    for (std::size_t i = 0; i < hashes.size(); ++i) out[i] = ring_.owner(hashes[i]);
  }
  std::vector<PlaceStep> trace(std::u16string_view key) const override {
    std::vector<PlaceStep> steps;
    ring_lookup_steps(steps, ring_, h32(key));
    steps.push_back({.kind = PlaceStepKind::answer, .server = steps.back().server});
    return steps;
  }
  // Zone-aware, since a server's zone is there for its preference list: servers given none share
  // the zone "", and on a ring of one zone the walk is the plain one.
  std::vector<std::uint32_t> preference(std::u16string_view key, std::uint32_t n) const override {
    return ring_.preference_list(h32(key), n, true);
  }
  void add(const PlacerServer& s) override { ring_.add_server(ring_server(s)); }
  void remove(std::u16string_view name) override { ring_.remove_server(name); }
  void add_many(std::span<const PlacerServer> servers) override {
    std::vector<Server> added;
    added.reserve(servers.size());
    for (const PlacerServer& s : servers) added.push_back(ring_server(s));
    ring_.add_servers(added);
  }
  void remove_many(std::span<const std::u16string_view> names) override { ring_.remove_servers(names); }
  void reweight(std::u16string_view name, double weight) override { ring_.set_weight(name, weight); }
  std::size_t size() const noexcept override { return ring_.servers().size(); }
  std::u16string_view name_of(std::uint32_t s) const override { return ring_.servers()[s].name; }
  std::uint64_t memory_bytes() const noexcept override { return ring_bytes(ring_); }

 private:
  Ring ring_;
};

// --- bounded loads on the ring -------------------------------------------------------------------

class BoundedPlacer final : public ServerPlacer {
 public:
  std::unique_ptr<ServerPlacer> clone() const override { return std::make_unique<BoundedPlacer>(*this); }
  explicit BoundedPlacer(const PlacerOptions& o)
      : ServerPlacer("bounded"), ring_(ring_servers(o), *o.vnodes), epsilon_(*o.epsilon) {}
  // A key alone: capacities for one key, which its owner always has room for.
  std::uint32_t place(std::u16string_view key) const override {
    const std::uint32_t h = h32(key);
    return place_bounded(ring_, {&h, 1}, epsilon_).servers[0];
  }
  void place_many(std::span<const std::u16string> keys, std::span<std::uint32_t> out) const override {
    const BoundedPlacement p = place_bounded(ring_, hashes(keys), epsilon_);
    std::copy(p.servers.begin(), p.servers.end(), out.begin());
  }
  bool maps_hash() const noexcept override { return true; }
  void place_hashes(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> out) const override {
    const BoundedPlacement p = place_bounded(ring_, hashes, epsilon_);
    std::copy(p.servers.begin(), p.servers.end(), out.begin());
  }
  std::vector<PlaceStep> trace(std::u16string_view key) const override {
    const std::u16string one(key);
    return std::move(trace_many({&one, 1})[0]);
  }
  // The batch placed once, as place_many places it; each key's walk then sees the loads of the keys
  // before it, and passes every point whose server is full.
  bool places_as_batch() const noexcept override { return true; }
  std::vector<std::vector<PlaceStep>> trace_many(std::span<const std::u16string> keys) const override {
    const std::vector<std::uint32_t> h = hashes(keys);
    const BoundedPlacement p = place_bounded(ring_, h, epsilon_);
    std::vector<std::uint32_t> loads(ring_.servers().size(), 0);
    std::vector<std::vector<PlaceStep>> out(keys.size());
    for (std::size_t k = 0; k < keys.size(); ++k) {
      std::vector<PlaceStep>& steps = out[k];
      ring_lookup_steps(steps, ring_, h[k]);
      std::uint32_t at = steps.back().point;
      for (;;) {
        const std::uint32_t s = ring_.point_server(at);
        if (loads[s] < p.capacities[s]) {
          steps.push_back({.kind = PlaceStepKind::answer, .server = s, .point = at});
          ++loads[s];
          break;
        }
        steps.push_back(
            {.kind = PlaceStepKind::full, .server = s, .point = at, .value = loads[s], .hi = p.capacities[s]});
        at = at + 1 == ring_.size() ? 0 : at + 1;
      }
    }
    return out;
  }
  std::size_t size() const noexcept override { return ring_.servers().size(); }
  std::u16string_view name_of(std::uint32_t s) const override { return ring_.servers()[s].name; }
  // Its ring: the loads and capacities are a batch's, not kept between batches.
  std::uint64_t memory_bytes() const noexcept override { return ring_bytes(ring_); }

 private:
  static std::vector<std::uint32_t> hashes(std::span<const std::u16string> keys) {
    std::vector<std::uint32_t> h;
    h.reserve(keys.size());
    for (const std::u16string& k : keys) h.push_back(h32(k));
    return h;
  }
  Ring ring_;
  double epsilon_;
};

// --- rendezvous, plain and weighted ----------------------------------------------------------------

std::uint32_t answer_of(std::int64_t pick) { return pick < 0 ? kNoServer : static_cast<std::uint32_t>(pick); }

std::vector<std::u16string> names_of(const PlacerOptions& o) {
  std::vector<std::u16string> out;
  out.reserve(o.servers.size());
  for (const PlacerServer& s : o.servers) out.push_back(s.name);
  return out;
}

class RendezvousPlacer final : public ServerPlacer {
 public:
  std::unique_ptr<ServerPlacer> clone() const override { return std::make_unique<RendezvousPlacer>(*this); }
  explicit RendezvousPlacer(const PlacerOptions& o) : ServerPlacer("rendezvous"), hrw_(names_of(o)) {}
  std::uint32_t place(std::u16string_view key) const override { return answer_of(hrw_.pick(key)); }
  // Each server's score in list order, then the winner (the first of the highest scores).
  std::vector<PlaceStep> trace(std::u16string_view key) const override {
    std::vector<PlaceStep> steps;
    const std::vector<std::uint32_t> scores = hrw_.scores(key);
    steps.reserve(scores.size() + 1);
    for (std::uint32_t s = 0; s < scores.size(); ++s)
      steps.push_back({.kind = PlaceStepKind::score, .server = s, .value = scores[s]});
    steps.push_back({.kind = PlaceStepKind::answer, .server = place(key)});
    return steps;
  }
  void count_trace(std::u16string_view, std::span<std::uint64_t> counts) const override {
    counts[static_cast<std::size_t>(PlaceStepKind::score)] += size();
    counts[static_cast<std::size_t>(PlaceStepKind::answer)] += 1;
  }
  std::vector<std::uint32_t> preference(std::u16string_view key, std::uint32_t n) const override {
    return hrw_.top(key, n);
  }
  std::size_t size() const noexcept override { return hrw_.servers().size(); }
  std::u16string_view name_of(std::uint32_t s) const override { return hrw_.servers().at(s); }

 private:
  Rendezvous hrw_;
};

std::vector<WeightedServer> weighted_of(const PlacerOptions& o) {
  std::vector<WeightedServer> out;
  out.reserve(o.servers.size());
  for (const PlacerServer& s : o.servers) out.push_back({s.name, weight_or_default(s)});
  return out;
}

class WeightedRendezvousPlacer final : public ServerPlacer {
 public:
  std::unique_ptr<ServerPlacer> clone() const override { return std::make_unique<WeightedRendezvousPlacer>(*this); }
  explicit WeightedRendezvousPlacer(const PlacerOptions& o)
      : ServerPlacer("weighted-rendezvous"), whrw_(weighted_of(o)) {}
  std::uint32_t place(std::u16string_view key) const override { return answer_of(whrw_.pick(key)); }
  std::vector<PlaceStep> trace(std::u16string_view key) const override {
    std::vector<PlaceStep> steps;
    const std::vector<double> weighted = whrw_.scores(key);
    steps.reserve(weighted.size() + 1);
    // Each server's plain score continues the FNV state of `key + "|"`, as rendezvous_score does.
    const Fnv1a prefix = rendezvous_prefix(key);
    for (std::uint32_t s = 0; s < weighted.size(); ++s)
      steps.push_back({.kind = PlaceStepKind::score,
                       .server = s,
                       .value = Fnv1a(prefix).units(whrw_.servers()[s].name).finish(),
                       .score = weighted[s]});
    steps.push_back({.kind = PlaceStepKind::answer, .server = place(key)});
    return steps;
  }
  void count_trace(std::u16string_view, std::span<std::uint64_t> counts) const override {
    counts[static_cast<std::size_t>(PlaceStepKind::score)] += size();
    counts[static_cast<std::size_t>(PlaceStepKind::answer)] += 1;
  }
  std::vector<std::uint32_t> preference(std::u16string_view key, std::uint32_t n) const override {
    return whrw_.top(key, n);
  }
  std::size_t size() const noexcept override { return whrw_.servers().size(); }
  std::u16string_view name_of(std::uint32_t s) const override { return whrw_.servers().at(s).name; }
  // The names, and a weight (8 bytes) each.
  std::uint64_t memory_bytes() const noexcept override { return name_bytes(*this) + 8 * std::uint64_t{size()}; }

 private:
  WeightedRendezvous whrw_;
};

// --- Maglev ------------------------------------------------------------------------------------

std::vector<Backend> backends_of(const PlacerOptions& o) {
  std::vector<Backend> out;
  out.reserve(o.servers.size());
  for (const PlacerServer& s : o.servers) out.push_back({s.name, weight_or_default(s)});
  return out;
}

class MaglevPlacer final : public ServerPlacer {
 public:
  std::unique_ptr<ServerPlacer> clone() const override { return std::make_unique<MaglevPlacer>(*this); }
  explicit MaglevPlacer(const PlacerOptions& o) : ServerPlacer("maglev"), maglev_(backends_of(o), *o.table_size) {}
  std::uint32_t place(std::u16string_view key) const override { return maglev_.lookup_key(key); }
  bool maps_hash() const noexcept override { return true; }
  void place_hashes(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> out) const override {
    for (std::size_t i = 0; i < hashes.size(); ++i) out[i] = maglev_.lookup(hashes[i]);
  }
  std::vector<PlaceStep> trace(std::u16string_view key) const override {
    const std::uint32_t h = h32(key);
    const std::uint32_t m = maglev_.table_size();
    const std::uint32_t slot = h % m;
    const std::uint32_t s = maglev_.table()[slot];
    return {{.kind = PlaceStepKind::hash, .value = h},
            {.kind = PlaceStepKind::slot, .server = s, .point = slot, .hi = m},
            {.kind = PlaceStepKind::answer, .server = s}};
  }
  std::size_t size() const noexcept override { return maglev_.backends().size(); }
  std::u16string_view name_of(std::uint32_t s) const override { return maglev_.backends().at(s).name; }
  std::uint64_t memory_bytes() const noexcept override {
    return maglev_.element_bytes() + name_bytes(*this) + 8 * std::uint64_t{size()};
  }

 private:
  Maglev maglev_;
};

// --- the ring of explicit tokens ---------------------------------------------------------------------

// Its servers are the virtual nodes, each at its token; the answers number them in the order they
// were given and added (the ring itself keeps them in token order).
class TokenRingPlacer final : public ServerPlacer {
 public:
  std::unique_ptr<ServerPlacer> clone() const override { return std::make_unique<TokenRingPlacer>(*this); }
  explicit TokenRingPlacer(const PlacerOptions& o) : ServerPlacer("token-ring"), ring_(*o.bits) { add_many(o.servers); }
  std::uint32_t place(std::u16string_view key) const override {
    return listed_[ring_.route_point(ring_.position(key))];
  }
  // route_point takes the hash mod 2^bits itself, as position() does.
  bool maps_hash() const noexcept override { return true; }
  void place_hashes(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> out) const override {
    for (std::size_t i = 0; i < hashes.size(); ++i) out[i] = listed_[ring_.route_point(hashes[i])];
  }
  std::vector<PlaceStep> trace(std::u16string_view key) const override {
    const std::uint32_t answer = place(key);  // first, so that an empty ring is refused as route refuses it
    const std::uint32_t position = ring_.position(key);
    const std::vector<std::uint32_t> tokens = ring_.tokens();
    std::vector<PlaceStep> steps{{.kind = PlaceStepKind::hash, .value = position}};
    search_steps(steps, search_trace(tokens, position));
    const auto at = static_cast<std::uint32_t>(owner_point_in(tokens, position));
    steps.push_back({.kind = PlaceStepKind::owner, .server = listed_[at], .point = at, .value = tokens[at]});
    steps.push_back({.kind = PlaceStepKind::answer, .server = answer});
    return steps;
  }
  // The walk of any ring given by its points (preference_walk) over the vnodes' tokens, from the
  // key's position: each vnode is a server of its own, so the list is the next n vnodes clockwise
  // from the key's owner.
  std::vector<std::uint32_t> preference(std::u16string_view key, std::uint32_t n) const override {
    return preference_walk(ring_.tokens(), listed_, ring_.position(key), n, std::nullopt);
  }
  void add(const PlacerServer& s) override { add_many(std::span(&s, 1)); }
  void remove(std::u16string_view name) override { remove_many(std::span(&name, 1)); }
  // The ring takes the vnodes up to the first without a token (missing) as one batch; the list
  // follows what the ring took, a refusal included.
  void add_many(std::span<const PlacerServer> servers) override {
    std::vector<std::pair<std::u16string_view, std::int64_t>> vnodes;
    vnodes.reserve(servers.size());
    for (const PlacerServer& s : servers) {
      if (!s.token) break;
      vnodes.emplace_back(s.name, *s.token);
    }
    const std::size_t before = ring_.size();
    try {
      ring_.add_many(vnodes);
    } catch (...) {
      listed(servers.first(ring_.size() - before));
      throw;
    }
    listed(servers.first(vnodes.size()));
    if (vnodes.size() < servers.size())
      throw Error(ErrorCode::invalid_argument, rule::missing, param(Param::token).name);
  }
  void remove_many(std::span<const std::u16string_view> names) override {
    const std::size_t before = ring_.size();
    try {
      ring_.remove_many(names);
    } catch (...) {
      unlisted(names.first(before - ring_.size()));
      throw;
    }
    unlisted(names);
  }
  std::size_t size() const noexcept override { return names_.size(); }
  std::u16string_view name_of(std::uint32_t s) const override { return names_.at(s); }
  // Its vnodes (a token, 4 bytes, and an id: the names, held by the ring and by the list) and each
  // point's place in the list.
  std::uint64_t memory_bytes() const noexcept override {
    return 4 * std::uint64_t{ring_.size() + listed_.size()} + 2 * name_bytes(*this);
  }

 private:
  void listed(std::span<const PlacerServer> added) {
    for (const PlacerServer& s : added) names_.push_back(s.name);
    if (!added.empty()) renumber();
  }
  void unlisted(std::span<const std::u16string_view> removed) {
    if (removed.empty()) return;
    const std::unordered_set<std::u16string_view> gone(removed.begin(), removed.end());
    std::erase_if(names_, [&](const std::u16string& n) { return gone.contains(n); });
    renumber();
  }
  // listed_[p] = the place in the list of the vnode at points()[p]: the ring has it, so the list
  // does. Kept beside the ring so that a lookup is its search alone, not a scan of the list.
  void renumber() {
    std::unordered_map<std::u16string_view, std::uint32_t> at;
    at.reserve(names_.size());
    for (std::uint32_t i = 0; i < names_.size(); ++i) at.emplace(names_[i], i);
    listed_.resize(ring_.size());
    for (std::size_t p = 0; p < ring_.size(); ++p) listed_[p] = at.at(ring_.points()[p].second);
  }
  TokenRing ring_;
  std::vector<std::u16string> names_;
  std::vector<std::uint32_t> listed_;
};

// The registry's placers' names, for the message of a name that is none of them.
Error unknown_algorithm(std::string_view name) {
  std::vector<ErrorValue> names;
  for (const PlacerAlgorithm& a : placer_algorithms()) names.emplace_back(a.name);
  names.push_back(in_quotes(name));
  return {ErrorCode::invalid_argument, rule::oneOf, "algorithm", std::move(names)};
}

Error not_an_option(const PlacerAlgorithm& a, std::string_view name) {
  return {ErrorCode::invalid_argument, rule::notAnOption, name, {a.name}};
}

// A server's fields against the algorithm's: a weight, a zone or a token it takes no such field
// for is refused by name; a weight is checked by the table's rule (the classes check it again, as
// they do for every caller).
void check_server(const PlacerAlgorithm& a, const PlacerServer& s) {
  if (s.weight) {
    if (!has_option(a, "weight")) throw not_an_option(a, "weight");
    check_number(Param::weight, *s.weight);
  }
  if (s.zone && !has_option(a, "zone")) throw not_an_option(a, "zone");
  if (s.token && !has_option(a, "token")) throw not_an_option(a, "token");
}

// Options checked against the algorithm's rows: each row's option set (given, or its default),
// and none given that it has no row for.
RINGLAB_ONCE PlacerOptions checked(const PlacerAlgorithm& a, PlacerOptions o) {
  for (const PlacerServer& s : o.servers) check_server(a, s);
  const auto integer = [&](std::optional<std::int64_t>& field, Param p) {
    const ParamSpec& spec = param(p);
    if (!has_option(a, spec.name)) {
      if (field) throw not_an_option(a, spec.name);
      return;
    }
    if (!field) {
      if (!spec.has_default) throw Error(ErrorCode::invalid_argument, rule::missing, spec.name);
      field = spec.default_integer;
    }
    check_integer(p, *field);
  };
  integer(o.vnodes, Param::ring_vnodes);
  integer(o.table_size, Param::maglev_table_size);
  integer(o.bits, Param::token_ring_bits);
  const ParamSpec& epsilon = param(Param::bounded_epsilon);
  if (!has_option(a, epsilon.name)) {
    if (o.epsilon) throw not_an_option(a, epsilon.name);
  } else {
    if (!o.epsilon) throw Error(ErrorCode::invalid_argument, rule::missing, epsilon.name);
    check_number(Param::bounded_epsilon, *o.epsilon);
  }
  return o;
}

}  // namespace

// The names alone: what mod-N and rendezvous hold.
std::uint64_t ServerPlacer::memory_bytes() const noexcept { return name_bytes(*this); }

void ServerPlacer::place_many(std::span<const std::u16string> keys, std::span<std::uint32_t> out) const {
  for (std::size_t i = 0; i < keys.size(); ++i) out[i] = place(keys[i]);
}

void ServerPlacer::place_hashes(std::span<const std::uint32_t>, std::span<std::uint32_t>) const {
  throw std::invalid_argument("place_hashes: " + std::string(algorithm_) + " places keys, not hashes");
}

std::vector<PlaceStep> ServerPlacer::trace(std::u16string_view key) const {
  return {{.kind = PlaceStepKind::answer, .server = place(key)}};
}

void ServerPlacer::count_trace(std::u16string_view key, std::span<std::uint64_t> counts) const {
  for (const PlaceStep& s : trace(key)) ++counts[static_cast<std::size_t>(s.kind)];
}

std::vector<std::vector<PlaceStep>> ServerPlacer::trace_many(std::span<const std::u16string> keys) const {
  std::vector<std::vector<PlaceStep>> out;
  out.reserve(keys.size());
  for (const std::u16string& k : keys) out.push_back(trace(k));
  return out;
}

std::vector<std::uint32_t> ServerPlacer::preference(std::u16string_view, std::uint32_t) const {
  throw Error(ErrorCode::invalid_argument, rule::noPreference, "", {algorithm_});
}

void ServerPlacer::add(const PlacerServer&) {
  throw Error(ErrorCode::invalid_argument, rule::noMembership, "", {algorithm_, "add"});
}

void ServerPlacer::remove(std::u16string_view) {
  throw Error(ErrorCode::invalid_argument, rule::noMembership, "", {algorithm_, "remove"});
}

void ServerPlacer::add_many(std::span<const PlacerServer> servers) {
  for (const PlacerServer& s : servers) add(s);
}

void ServerPlacer::remove_many(std::span<const std::u16string_view> names) {
  for (const std::u16string_view name : names) remove(name);
}

void ServerPlacer::reweight(std::u16string_view, double) {
  throw Error(ErrorCode::invalid_argument, rule::noMembership, "", {algorithm_, "reweight"});
}

const PlacerAlgorithm* find_placer_algorithm(std::string_view name) noexcept {
  for (const PlacerAlgorithm& a : placer_algorithms())
    if (a.name == name) return &a;
  return nullptr;
}

const PlacerAlgorithm& placer_algorithm(std::string_view name) {
  if (const PlacerAlgorithm* a = find_placer_algorithm(name)) return *a;
  throw unknown_algorithm(name);
}

bool has_option(const PlacerAlgorithm& a, std::string_view name) noexcept {
  if (name == "zone") {
    const Algorithm* entry = find_algorithm(a.name);
    return entry != nullptr && entry->zones;
  }
  for (const Param p : a.options)
    if (param(p).name == name) return true;
  return false;
}

Placer::Placer(std::string_view algorithm, const PlacerOptions& options)
    : algorithm_(&placer_algorithm(algorithm)), placer_(algorithm_->make(checked(*algorithm_, options))) {}

void Placer::place_many(std::span<const std::u16string> keys, std::span<std::uint32_t> out) const {
  if (out.size() != keys.size()) throw std::invalid_argument("place_many: out must hold one server per key");
  placer_->place_many(keys, out);
}

void Placer::place_hashes(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> out) const {
  if (out.size() != hashes.size()) throw std::invalid_argument("place_hashes: out must hold one server per hash");
  placer_->place_hashes(hashes, out);
}

std::vector<std::uint32_t> Placer::place_many(std::span<const std::u16string> keys) const {
  std::vector<std::uint32_t> out(keys.size());
  placer_->place_many(keys, out);
  return out;
}

namespace {

// The registry entry's word on a membership operation (Membership's `op`, named `what`): one it
// has not is refused by name before any value is read.
void require_membership(const PlacerAlgorithm& a, bool Membership::*op, std::string_view what) {
  const Algorithm* entry = find_algorithm(a.name);
  if (entry == nullptr || !(entry->membership.*op))
    throw Error(ErrorCode::invalid_argument, rule::noMembership, "", {a.name, what});
}

// A preference list's n for a call's keys: the registry's word that the algorithm has a list,
// then n by the table's rf, from 1 to the servers there are, and the call's n x keys servers by the
// table's count (a batch's values). A placer with no server lists none: it refuses as its place()
// does (the token ring's noVnodes), or names the empty list.
std::uint32_t preference_count(const PlacerAlgorithm& a, const ServerPlacer& p, std::span<const std::u16string> keys,
                               std::int64_t n) {
  if (!a.preference) throw Error(ErrorCode::invalid_argument, rule::noPreference, "", {a.name});
  if (p.size() == 0) {
    if (!keys.empty()) (void)p.place(keys.front());
    throw Error(ErrorCode::invalid_argument, rule::noneListed, "servers");
  }
  const auto count = static_cast<std::uint32_t>(check_integer(Param::rf, n, 1, static_cast<std::int64_t>(p.size())));
  const std::uint64_t values = static_cast<std::uint64_t>(keys.size()) * count;
  check_integer(Param::count, static_cast<std::int64_t>(std::min<std::uint64_t>(values, kMaxSafeInteger)));
  return count;
}

}  // namespace

void Placer::preference_many(std::span<const std::u16string> keys, std::int64_t n, std::span<std::uint32_t> out) const {
  const std::uint32_t count = preference_count(*algorithm_, *placer_, keys, n);
  if (out.size() != keys.size() * count)
    throw std::invalid_argument("preference_many: out must hold n servers per key");
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::vector<std::uint32_t> list = placer_->preference(keys[i], count);
    // Every class lists min(n, servers) servers, and n is at most the servers.
    if (list.size() != count) throw std::logic_error("a placer's preference list is shorter than n");
    std::copy(list.begin(), list.end(), out.begin() + static_cast<std::ptrdiff_t>(i * count));
  }
}

std::vector<std::uint32_t> Placer::preference_many(std::span<const std::u16string> keys, std::int64_t n) const {
  std::vector<std::uint32_t> out(keys.size() * preference_count(*algorithm_, *placer_, keys, n));
  preference_many(keys, n, out);
  return out;
}

std::vector<std::uint32_t> Placer::preference(std::u16string_view key, std::int64_t n) const {
  const std::u16string one(key);
  return preference_many({&one, 1}, n);
}

void Placer::add(const PlacerServer& server) {
  require_membership(*algorithm_, &Membership::add, "add");
  check_server(*algorithm_, server);
  placer_->add(server);
}

void Placer::remove(std::u16string_view name) {
  require_membership(*algorithm_, &Membership::remove, "remove");
  placer_->remove(name);
}

void Placer::add_many(std::span<const PlacerServer> servers) {
  if (servers.empty()) return;
  require_membership(*algorithm_, &Membership::add, "add");
  // The servers before the first whose fields are refused go as one batch; that one is then
  // refused as add() refuses it.
  std::size_t checked = 0;
  try {
    for (; checked < servers.size(); ++checked) check_server(*algorithm_, servers[checked]);
  } catch (...) {
    placer_->add_many(servers.first(checked));
    throw;
  }
  placer_->add_many(servers);
}

void Placer::remove_many(std::span<const std::u16string_view> names) {
  if (names.empty()) return;
  require_membership(*algorithm_, &Membership::remove, "remove");
  placer_->remove_many(names);
}

void Placer::reweight(std::u16string_view name, double weight) {
  require_membership(*algorithm_, &Membership::reweight, "reweight");
  check_number(Param::weight, weight);
  placer_->reweight(name, weight);
}

std::unique_ptr<ServerPlacer> make_mod_n_placer(const PlacerOptions& o) { return std::make_unique<ModNPlacer>(o); }
std::unique_ptr<ServerPlacer> make_ring_placer(const PlacerOptions& o) { return std::make_unique<RingPlacer>(o); }
std::unique_ptr<ServerPlacer> make_rendezvous_placer(const PlacerOptions& o) {
  return std::make_unique<RendezvousPlacer>(o);
}
std::unique_ptr<ServerPlacer> make_weighted_rendezvous_placer(const PlacerOptions& o) {
  return std::make_unique<WeightedRendezvousPlacer>(o);
}
std::unique_ptr<ServerPlacer> make_maglev_placer(const PlacerOptions& o) { return std::make_unique<MaglevPlacer>(o); }
std::unique_ptr<ServerPlacer> make_bounded_placer(const PlacerOptions& o) { return std::make_unique<BoundedPlacer>(o); }
std::unique_ptr<ServerPlacer> make_token_ring_placer(const PlacerOptions& o) {
  return std::make_unique<TokenRingPlacer>(o);
}

}  // namespace ringlab
