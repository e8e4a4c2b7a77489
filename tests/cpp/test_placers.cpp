// The server seam (placers.hpp): every placer of the registry answers what its placement's own
// class answers (Ring, Rendezvous, WeightedRendezvous, Maglev, place_bounded, TokenRing, and
// mod-N through the bucket seam), on random servers, weights, zones, tokens and keys, and after
// random membership changes made to both; every trace ends on the placer's answer; each preference
// list is the class's own (Ring::preference_list, Rendezvous::top, ...) or, for an algorithm
// without one, refused; and the seam's named errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "ringlab/algorithms.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/placers.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/token_ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_placers {

using namespace ringlab;

namespace {

std::u16string u16(const std::string& s) { return {s.begin(), s.end()}; }

// "mod-n, ring, ... or token-ring": the registry's placers, as a message lists them.
std::string placer_list() {
  std::string s;
  const auto all = placer_algorithms();
  for (std::size_t i = 0; i < all.size(); ++i)
    s += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + std::string(all[i].name);
  return s;
}

// Draws from a seeded mulberry32, so that a case is the same on every run and in WebAssembly.
struct Draw {
  Mulberry32 random;
  explicit Draw(std::uint32_t seed) : random(seed) {}
  std::uint32_t below(std::uint32_t n) { return random.next_uint32() % n; }
  double weight() {
    constexpr double kWeights[] = {0.25, 0.5, 1, 1.5, 2, 3.75};
    return kWeights[below(6)];
  }
};

std::vector<std::u16string> random_keys(Draw& d, std::size_t count) {
  std::vector<std::u16string> keys;
  for (std::size_t i = 0; i < count; ++i) keys.push_back(u16("user:" + std::to_string(d.random.next_uint32())));
  // One key outside Latin-1, since keys are hashed as UTF-16 units.
  keys.push_back(u"\u0995\u09c0:42");
  return keys;
}

// A new server's fields, as far as the algorithm takes them: a weight, a zone, a token not yet
// held on a ring of `bits`.
PlacerServer random_server(const PlacerAlgorithm& a, Draw& d, const std::u16string& name,
                           std::set<std::int64_t>& tokens, std::int64_t bits) {
  PlacerServer s{.name = name};
  if (has_option(a, "weight") && d.below(4) != 0) s.weight = d.weight();
  if (has_option(a, "zone")) s.zone = std::u16string(1, static_cast<char16_t>(u'a' + d.below(3)));
  if (has_option(a, "token")) {
    const std::uint64_t space = std::uint64_t{1} << bits;
    std::int64_t t;
    do t = static_cast<std::int64_t>(d.random.next_uint32() % space);
    while (!tokens.insert(t).second);
    s.token = t;
  }
  return s;
}

// The placement's own class, built from the same servers and changed by the same membership
// operations, and what it answers for a batch of keys.
struct Reference {
  std::function<std::vector<std::uint32_t>(const std::vector<std::u16string>&)> place;
  std::function<void(const PlacerServer&)> add = nullptr;
  std::function<void(std::u16string_view)> remove = nullptr;
  std::function<void(std::u16string_view, double)> reweight = nullptr;
  // A key's first n servers in order, for a class that has a preference list.
  std::function<std::vector<std::uint32_t>(const std::u16string&, std::uint32_t)> preference = nullptr;
};

std::vector<Server> servers_of(const PlacerOptions& o) {
  std::vector<Server> out;
  for (const PlacerServer& s : o.servers) out.push_back({s.name, s.weight.value_or(1.0), s.zone.value_or(u"")});
  return out;
}

template <class F>
std::vector<std::uint32_t> each(const std::vector<std::u16string>& keys, F f) {
  std::vector<std::uint32_t> out;
  for (const std::u16string& k : keys) out.push_back(f(k));
  return out;
}

Reference reference_of(std::string_view name, const PlacerOptions& o) {
  if (name == "mod-n") {
    // mod-N over n servers is the bucket seam's mod-n of the key's h32.
    auto b = std::make_shared<Buckets>("mod-n", BucketOptions{.buckets = static_cast<std::int64_t>(o.servers.size())});
    return {[b](const auto& keys) { return each(keys, [&](const auto& k) { return b->bucket(h32(k)); }); }};
  }
  if (name == "ring") {
    auto r = std::make_shared<Ring>(servers_of(o), *o.vnodes);
    return {[r](const auto& keys) { return each(keys, [&](const auto& k) { return r->owner(h32(k)); }); },
            [r](const PlacerServer& s) {
              r->add_server({s.name, s.weight.value_or(1.0), s.zone.value_or(u"")});
            },
            [r](std::u16string_view n) { r->remove_server(n); },
            [r](std::u16string_view n, double w) { r->set_weight(n, w); },
            // Zone-aware: the ring's servers carry their zones for it.
            [r](const std::u16string& k, std::uint32_t n) { return r->preference_list(h32(k), n, true); }};
  }
  if (name == "bounded") {
    auto r = std::make_shared<Ring>(servers_of(o), *o.vnodes);
    const double epsilon = *o.epsilon;
    return {[r, epsilon](const auto& keys) {
      std::vector<std::uint32_t> h;
      for (const auto& k : keys) h.push_back(h32(k));
      return place_bounded(*r, h, epsilon).servers;
    }};
  }
  if (name == "rendezvous") {
    std::vector<std::u16string> names;
    for (const PlacerServer& s : o.servers) names.push_back(s.name);
    auto r = std::make_shared<Rendezvous>(names);
    return {.place =
                [r](const auto& keys) {
                  return each(keys, [&](const auto& k) { return static_cast<std::uint32_t>(r->pick(k)); });
                },
            .preference = [r](const std::u16string& k, std::uint32_t n) { return r->top(k, n); }};
  }
  if (name == "weighted-rendezvous") {
    std::vector<WeightedServer> servers;
    for (const PlacerServer& s : o.servers) servers.push_back({s.name, s.weight.value_or(1.0)});
    auto r = std::make_shared<WeightedRendezvous>(servers);
    return {.place =
                [r](const auto& keys) {
                  return each(keys, [&](const auto& k) { return static_cast<std::uint32_t>(r->pick(k)); });
                },
            .preference = [r](const std::u16string& k, std::uint32_t n) { return r->top(k, n); }};
  }
  if (name == "maglev") {
    std::vector<Backend> backends;
    for (const PlacerServer& s : o.servers) backends.push_back({s.name, s.weight.value_or(1.0)});
    auto m = std::make_shared<Maglev>(backends, *o.table_size);
    return {[m](const auto& keys) { return each(keys, [&](const auto& k) { return m->lookup(h32(k)); }); }};
  }
  if (name == "token-ring") {
    // The ring routes to a vnode's id; the placer answers its place in the list as given and added.
    struct Held {
      TokenRing ring;
      std::vector<std::u16string> ids;
    };
    auto t = std::make_shared<Held>(Held{TokenRing(*o.bits), {}});
    for (const PlacerServer& s : o.servers) t->ring.add(s.name, *s.token), t->ids.push_back(s.name);
    return {[t](const auto& keys) {
              return each(keys, [&](const auto& k) {
                const std::u16string& id = t->ring.route(k);
                return static_cast<std::uint32_t>(std::find(t->ids.begin(), t->ids.end(), id) - t->ids.begin());
              });
            },
            [t](const PlacerServer& s) { t->ring.add(s.name, *s.token), t->ids.push_back(s.name); },
            [t](std::u16string_view n) {
              t->ring.remove(n);
              t->ids.erase(std::find(t->ids.begin(), t->ids.end(), n));
            },
            nullptr,
            // Each vnode a server of its own: the key's vnode, then the next n - 1 clockwise.
            [t](const std::u16string& k, std::uint32_t n) {
              const auto& points = t->ring.points();
              const std::u16string& owner = t->ring.route(k);
              std::size_t at = 0;
              while (points[at].second != owner) ++at;
              std::vector<std::uint32_t> out;
              for (std::uint32_t i = 0; i < n; ++i) {
                const std::u16string& id = points[(at + i) % points.size()].second;
                out.push_back(static_cast<std::uint32_t>(std::find(t->ids.begin(), t->ids.end(), id) - t->ids.begin()));
              }
              return out;
            }};
  }
  FAIL("a placer with no reference in this test: " << name);
  return {};
}

// The options of a random case: 1 to 12 servers, and the algorithm's own parameters drawn small
// enough to build fast.
PlacerOptions random_options(const PlacerAlgorithm& a, Draw& d, std::set<std::int64_t>& tokens) {
  PlacerOptions o;
  if (has_option(a, "vnodes")) o.vnodes = 1 + d.below(160);
  if (has_option(a, "tableSize")) {
    constexpr std::int64_t kPrimes[] = {13, 101, 251, 65537};
    o.table_size = kPrimes[d.below(4)];
  }
  if (has_option(a, "epsilon")) o.epsilon = 0.05 + 0.25 * d.below(5);
  if (has_option(a, "bits")) o.bits = 8 + d.below(25);
  const std::uint32_t n = 1 + d.below(12);
  for (std::uint32_t s = 0; s < n; ++s)
    o.servers.push_back(random_server(a, d, u16("srv-" + std::to_string(s)), tokens, o.bits.value_or(32)));
  return o;
}

void check_answers(const Placer& p, const Reference& ref, const std::vector<std::u16string>& keys) {
  const std::vector<std::uint32_t> want = ref.place(keys);
  const std::vector<std::uint32_t> got = p.place_many(keys);
  REQUIRE(got == want);
  // The hash and map split: mapping the keys' h32 is placing the keys, the batch as the keys'
  // batch. A placer without one (rendezvous scores the key with each name) refuses.
  std::vector<std::uint32_t> hashes;
  for (const std::u16string& k : keys) hashes.push_back(h32(k));
  std::vector<std::uint32_t> mapped(keys.size(), kNoServer);
  if (p.maps_hash()) {
    p.place_hashes(hashes, mapped);
    REQUIRE(mapped == want);
  } else {
    REQUIRE_THROWS_AS(p.place_hashes(hashes, mapped), std::invalid_argument);
  }
  const Algorithm& entry = *find_algorithm(p.algorithm().name);
  const std::vector<std::vector<PlaceStep>> traces = p.trace_many(keys);
  REQUIRE(traces.size() == keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    // A key alone is placed and traced as in the batch, but for bounded loads, whose capacities
    // are the batch's: the one placer that says it places as a batch.
    REQUIRE(p.places_as_batch() == (entry.name == "bounded"));
    if (!p.places_as_batch()) {
      REQUIRE(p.place(keys[i]) == want[i]);
      REQUIRE(p.trace(keys[i]) == traces[i]);
    }
    REQUIRE(want[i] < p.size());
    const std::vector<PlaceStep>& steps = traces[i];
    REQUIRE(!steps.empty());
    REQUIRE(steps.back().kind == PlaceStepKind::answer);
    REQUIRE(steps.back().server == want[i]);
    for (std::size_t k = 0; k + 1 < steps.size(); ++k) REQUIRE(steps[k].kind != PlaceStepKind::answer);
    if (p.algorithm().traces) REQUIRE(steps.size() > 1);
  }
}

// Each key's preference list, for n = 1, a drawn n and every server: the class's list, n distinct
// servers, the first the key's server; an algorithm without a list refuses, and has no reference.
void check_preference(const Placer& p, const Reference& ref, const std::vector<std::u16string>& keys, Draw& d) {
  if (!p.algorithm().preference) {
    REQUIRE(!ref.preference);
    REQUIRE(error_of([&] { (void)p.preference(keys[0], 1); }) ==
            std::vector<std::string>{"invalid_argument", "noPreference", "",
                                     std::string(p.algorithm().name) + " has no preference list"});
    return;
  }
  REQUIRE(ref.preference);
  const auto size = static_cast<std::uint32_t>(p.size());
  for (const std::uint32_t n : {1u, 1 + d.below(size), size}) {
    CAPTURE(n);
    const std::vector<std::uint32_t> all = p.preference_many(keys, n);
    REQUIRE(all.size() == keys.size() * n);
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const std::vector<std::uint32_t> want = ref.preference(keys[i], n);
      const std::vector<std::uint32_t> got(all.begin() + static_cast<std::ptrdiff_t>(i * n),
                                           all.begin() + static_cast<std::ptrdiff_t>((i + 1) * n));
      REQUIRE(got == want);
      REQUIRE(p.preference(keys[i], n) == want);
      REQUIRE(got.front() == p.place(keys[i]));
      REQUIRE(std::set<std::uint32_t>(got.begin(), got.end()).size() == n);
    }
  }
}

}  // namespace

TEST_CASE("placers: the registry's servers family each has a placer, in the registry's order") {
  std::vector<std::string_view> servers_family;
  for (const Algorithm* a : all_algorithms())
    if (a->family == AlgorithmFamily::servers) {
      servers_family.push_back(a->name);
      REQUIRE(find_placer_algorithm(a->name) != nullptr);
    }
  REQUIRE(!servers_family.empty());
  std::size_t last = 0;
  const auto all = all_algorithms();
  for (const PlacerAlgorithm& p : placer_algorithms()) {
    const auto at = std::find_if(all.begin(), all.end(), [&](const Algorithm* a) { return a->name == p.name; });
    REQUIRE(at != all.end());
    const auto index = static_cast<std::size_t>(at - all.begin());
    REQUIRE(index >= last);
    last = index;
    REQUIRE(p.make != nullptr);
    // Its rows are rows of the parameter table its entry's functions have, or the ring's it is built on.
    for (const Param row : p.options) REQUIRE(!param(row).name.empty());
  }
}

TEST_CASE("placers: each answers what its placement's class answers, before and after membership changes") {
  for (const PlacerAlgorithm& a : placer_algorithms()) {
    const Algorithm& entry = *find_algorithm(a.name);
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
      CAPTURE(a.name, seed);
      Draw d(seed * 7919u + static_cast<std::uint32_t>(a.name.size()));
      std::set<std::int64_t> tokens;
      const PlacerOptions o = random_options(a, d, tokens);
      Placer p(a.name, o);
      Reference ref = reference_of(a.name, o);
      REQUIRE(p.size() == o.servers.size());
      for (std::size_t s = 0; s < o.servers.size(); ++s)
        REQUIRE(p.name_of(static_cast<std::uint32_t>(s)) == o.servers[s].name);
      const std::vector<std::u16string> keys = random_keys(d, 60);
      check_answers(p, ref, keys);
      check_preference(p, ref, keys, d);
      if (!entry.membership.add && !entry.membership.remove && !entry.membership.reweight) continue;
      std::uint32_t fresh = 1000;
      for (int op = 0; op < 8; ++op) {
        const std::uint32_t which = d.below(3);
        if (which == 0 && entry.membership.add) {
          const PlacerServer s =
              random_server(a, d, u16("new-" + std::to_string(fresh++)), tokens, o.bits.value_or(32));
          p.add(s);
          ref.add(s);
        } else if (which == 1 && entry.membership.remove && p.size() > 1) {
          const std::u16string name(p.name_of(d.below(static_cast<std::uint32_t>(p.size()))));
          p.remove(name);
          ref.remove(name);
        } else if (which == 2 && entry.membership.reweight) {
          const std::u16string name(p.name_of(d.below(static_cast<std::uint32_t>(p.size()))));
          const double w = d.weight();
          p.reweight(name, w);
          ref.reweight(name, w);
        } else {
          continue;
        }
        check_answers(p, ref, keys);
        check_preference(p, ref, keys, d);
      }
    }
  }
}

TEST_CASE("placers: a batch of additions or removals is the same operations one at a time, refusals included") {
  for (const PlacerAlgorithm& a : placer_algorithms()) {
    const Algorithm& entry = *find_algorithm(a.name);
    if (!entry.membership.add && !entry.membership.remove) continue;
    for (std::uint32_t seed = 1; seed <= 16; ++seed) {
      CAPTURE(a.name, seed);
      Draw d(seed * 104729u + static_cast<std::uint32_t>(a.name.size()));
      std::set<std::int64_t> tokens;
      const PlacerOptions o = random_options(a, d, tokens);
      Placer one(a.name, o);
      Placer batch(a.name, o);
      const std::vector<std::u16string> keys = random_keys(d, 80);
      std::uint32_t fresh = 1000;
      for (int round = 0; round < 6; ++round) {
        CAPTURE(round);
        std::vector<std::string> one_refused;
        std::vector<std::string> batch_refused;
        if (d.below(2) == 0 && entry.membership.add) {
          // 1 to 6 new servers; now and then one already listed, or a token already held.
          std::vector<PlacerServer> added;
          for (std::uint32_t k = 1 + d.below(6); k > 0; --k) {
            PlacerServer s = random_server(a, d, u16("new-" + std::to_string(fresh++)), tokens, o.bits.value_or(32));
            if (d.below(10) == 0 && one.size() > 0)
              s.name = std::u16string(one.name_of(d.below(static_cast<std::uint32_t>(one.size()))));
            if (s.token && d.below(10) == 0) s.token = *tokens.begin();
            added.push_back(s);
          }
          one_refused = refusal_of([&] {
            for (const PlacerServer& s : added) one.add(s);
          });
          batch_refused = refusal_of([&] { batch.add_many(added); });
        } else if (entry.membership.remove && one.size() > 0) {
          // 1 to 6 listed servers, at most all of them; now and then one twice or one not listed.
          std::vector<std::u16string> names;
          for (std::uint32_t k = 1 + d.below(std::min<std::uint32_t>(6, static_cast<std::uint32_t>(one.size()))); k > 0;
               --k)
            names.emplace_back(one.name_of(d.below(static_cast<std::uint32_t>(one.size()))));
          if (d.below(8) == 0) names.push_back(u"no-such-server");
          const std::vector<std::u16string_view> views(names.begin(), names.end());
          one_refused = refusal_of([&] {
            for (const std::u16string_view n : views) one.remove(n);
          });
          batch_refused = refusal_of([&] { batch.remove_many(views); });
        } else {
          continue;
        }
        REQUIRE(batch_refused == one_refused);
        REQUIRE(batch.size() == one.size());
        for (std::uint32_t s = 0; s < one.size(); ++s) REQUIRE(batch.name_of(s) == one.name_of(s));
        if (one.size() == 0) continue;  // the token ring can lose every vnode, and then places nothing
        REQUIRE(batch.place_many(keys) == one.place_many(keys));
        REQUIRE(batch.trace_many(keys) == one.trace_many(keys));
      }
    }
  }
}

TEST_CASE("placers: a copy answers as the original, and its membership changes apart from it") {
  for (const PlacerAlgorithm& a : placer_algorithms()) {
    CAPTURE(a.name);
    const Algorithm& entry = *find_algorithm(a.name);
    Draw d(static_cast<std::uint32_t>(a.name.size()) * 7919u + 3u);
    std::set<std::int64_t> tokens;
    const PlacerOptions o = random_options(a, d, tokens);
    const std::vector<std::u16string> keys = random_keys(d, 80);
    const Placer original(a.name, o);
    Placer copy(original);
    REQUIRE(copy.place_many(keys) == original.place_many(keys));
    REQUIRE(copy.trace_many(keys) == original.trace_many(keys));
    if (!entry.membership.remove || original.size() < 2) continue;
    // The copy loses its first server: the original is still as built, and the copy as a placer
    // built and changed the same way.
    const std::u16string first(original.name_of(0));
    Placer changed(a.name, o);
    copy.remove(first);
    changed.remove(first);
    REQUIRE(copy.size() == original.size() - 1);
    REQUIRE(copy.place_many(keys) == changed.place_many(keys));
    REQUIRE(original.place_many(keys) == Placer(a.name, o).place_many(keys));
  }
}

TEST_CASE("placers: count_trace counts each kind of trace()'s steps, for every placer") {
  for (const PlacerAlgorithm& a : placer_algorithms()) {
    CAPTURE(a.name);
    Draw d(static_cast<std::uint32_t>(a.name.size()) * 104729u + 11u);
    std::set<std::int64_t> tokens;
    const PlacerOptions o = random_options(a, d, tokens);
    const Placer p(a.name, o);
    if (p.places_as_batch()) continue;  // bounded loads: a key's walk depends on the keys before
    for (const std::u16string& key : random_keys(d, 40)) {
      CAPTURE(std::string(key.begin(), key.end()));
      std::vector<std::uint64_t> traced(std::size(kPlaceStepKindNames), 0);
      for (const PlaceStep& step : p.trace(key)) ++traced[static_cast<std::size_t>(step.kind)];
      // Added to what the counts held: the lab sums them over its keys.
      std::vector<std::uint64_t> counted(std::size(kPlaceStepKindNames), 1);
      p.count_trace(key, counted);
      for (std::uint64_t& c : counted) --c;
      REQUIRE(counted == traced);
    }
  }
}

TEST_CASE("placers: traces show each algorithm's own steps") {
  std::vector<std::u16string> keys;
  for (int k = 1; k <= 30; ++k) keys.push_back(u"user:" + std::u16string(1, static_cast<char16_t>(u'@' + k)));
  SECTION("the ring: the key's hash, the published binary search, the owner point and its server") {
    const Placer p("ring", {.servers = {{.name = u"a"}, {.name = u"b", .weight = 2.0}}, .vnodes = 10});
    const Ring ring({{u"a", 1.0, u""}, {u"b", 2.0, u""}}, 10);
    const auto steps = p.trace(u"user:42");
    REQUIRE(steps.front().kind == PlaceStepKind::hash);
    REQUIRE(steps.front().value == h32(u"user:42"));
    const auto search = ring.search_trace(h32(u"user:42"));
    REQUIRE(steps.size() == search.size() + 3);
    for (std::size_t i = 0; i < search.size(); ++i) {
      REQUIRE(steps[1 + i].kind == PlaceStepKind::search);
      REQUIRE(steps[1 + i].point == search[i].mid);
      REQUIRE(steps[1 + i].value == search[i].token);
      REQUIRE(steps[1 + i].right == search[i].right);
    }
    const PlaceStep& owner = steps[steps.size() - 2];
    REQUIRE(owner.kind == PlaceStepKind::owner);
    REQUIRE(owner.point == ring.owner_point(h32(u"user:42")));
    REQUIRE(owner.server == steps.back().server);
  }
  SECTION("rendezvous: every server's score, the winner the first of the highest") {
    const Placer p("rendezvous", {.servers = {{.name = u"a"}, {.name = u"b"}, {.name = u"c"}}});
    const auto steps = p.trace(u"user:42");
    REQUIRE(steps.size() == 4);
    std::uint32_t best = 0;
    for (std::uint32_t s = 0; s < 3; ++s) {
      REQUIRE(steps[s].kind == PlaceStepKind::score);
      REQUIRE(steps[s].value == rendezvous_score(u"user:42", p.name_of(s)));
      if (steps[s].value > steps[best].value) best = s;
    }
    REQUIRE(steps.back().server == best);
  }
  SECTION("weighted rendezvous: each weighted score beside the raw one") {
    const Placer p("weighted-rendezvous", {.servers = {{.name = u"a", .weight = 0.5}, {.name = u"b", .weight = 3.0}}});
    const auto steps = p.trace(u"user:42");
    REQUIRE(steps.size() == 3);
    for (std::uint32_t s = 0; s < 2; ++s)
      REQUIRE(steps[s].score ==
              weighted_rendezvous_score(static_cast<std::uint32_t>(steps[s].value), s == 0 ? 0.5 : 3.0));
  }
  SECTION("Maglev: the table's slot of the hash") {
    const Placer p("maglev", {.servers = {{.name = u"a"}, {.name = u"b"}}, .table_size = 13});
    const Maglev m({{u"a", 1.0}, {u"b", 1.0}}, 13);
    const auto steps = p.trace(u"user:42");
    REQUIRE(steps[1].kind == PlaceStepKind::slot);
    REQUIRE(steps[1].point == h32(u"user:42") % 13);
    REQUIRE(steps[1].server == m.table()[steps[1].point]);
  }
  SECTION("bounded loads: the walk passes the points of full servers") {
    // One point per server and a small slack: later keys find their owner full.
    const Placer p("bounded",
                   {.servers = {{.name = u"a"}, {.name = u"b"}, {.name = u"c"}}, .vnodes = 1, .epsilon = 0.01});
    const auto want = p.place_many(keys);
    bool walked = false;
    const auto traces = p.trace_many(keys);
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const auto& steps = traces[i];
      REQUIRE(steps.back().server == want[i]);
      for (const PlaceStep& s : steps)
        if (s.kind == PlaceStepKind::full) {
          walked = true;
          REQUIRE(s.value >= s.hi);
        }
    }
    REQUIRE(walked);
  }
  SECTION("the token ring: the position, the search over the tokens, the owner vnode") {
    const Placer p("token-ring", {.servers = {{.name = u"v1", .token = 100}, {.name = u"v0", .token = 7}}, .bits = 8});
    const auto steps = p.trace(u"user:42");
    REQUIRE(steps.front().value == h32(u"user:42") % 256);
    const PlaceStep& owner = steps[steps.size() - 2];
    REQUIRE(owner.kind == PlaceStepKind::owner);
    REQUIRE(owner.value == (steps.front().value <= 7 || steps.front().value > 100 ? 7u : 100u));
    REQUIRE(p.name_of(owner.server) == (owner.value == 7 ? u"v0" : u"v1"));
  }
}

TEST_CASE("placers: named errors") {
  const std::vector<PlacerServer> two = {{.name = u"a"}, {.name = u"b"}};
  SECTION("an algorithm that is no placer") {
    const auto e = error_of([] { (void)Placer("jump", {}); });
    REQUIRE(e[1] == "oneOf");
    REQUIRE(e[2] == "algorithm");
    REQUIRE(e[3] == "algorithm must be " + placer_list() + ", got \"jump\"");
  }
  SECTION("an option or a server's field the algorithm has no row for") {
    REQUIRE(error_of([&] { (void)Placer("maglev", {.servers = two, .vnodes = 10}); }) ==
            std::vector<std::string>{"invalid_argument", "notAnOption", "vnodes", "vnodes is not an option of maglev"});
    REQUIRE(error_of([] { (void)Placer("rendezvous", {.servers = {{.name = u"a", .weight = 2.0}}}); })[3] ==
            "weight is not an option of rendezvous");
    REQUIRE(error_of([] { (void)Placer("maglev", {.servers = {{.name = u"a", .zone = u"z"}}}); })[3] ==
            "zone is not an option of maglev");
    REQUIRE(error_of([] { (void)Placer("ring", {.servers = {{.name = u"a", .token = 1}}}); })[3] ==
            "token is not an option of ring");
    REQUIRE(error_of([&] { (void)Placer("ring", {.servers = two, .epsilon = 0.5}); })[3] ==
            "epsilon is not an option of ring");
  }
  SECTION("a row without a default, not given") {
    REQUIRE(error_of([&] { (void)Placer("bounded", {.servers = two}); }) ==
            std::vector<std::string>{"invalid_argument", "missing", "epsilon", "epsilon missing"});
    REQUIRE(error_of([&] { (void)Placer("token-ring", {.servers = two}); })[3] == "token missing");
  }
  SECTION("values against their rows and the classes' own rules") {
    REQUIRE(error_of([&] { (void)Placer("ring", {.servers = two, .vnodes = 0}); })[3] ==
            "vnodes must be between 1 and 16777216, got 0");
    REQUIRE(error_of([] { (void)Placer("ring", {.servers = {{.name = u"a", .weight = 0.0}}}); })[3] ==
            "weight must be finite and > 0, got 0");
    REQUIRE(error_of([&] { (void)Placer("maglev", {.servers = two, .table_size = 8}); })[3] ==
            "tableSize must be a prime, got 8");
    REQUIRE(error_of([&] { (void)Placer("bounded", {.servers = two, .epsilon = 0.0}); })[3] ==
            "epsilon must be finite and > 0, got 0");
    REQUIRE(error_of([&] { (void)Placer("token-ring", {.servers = {{.name = u"a", .token = 256}}, .bits = 8}); })[1] ==
            "between");
    REQUIRE(error_of([] { (void)Placer("mod-n", {}); })[3] == "servers must be between 1 and 4294967295, got 0");
    REQUIRE(error_of([] { (void)Placer("mod-n", {.servers = {{.name = u"a"}, {.name = u"a"}}}); })[1] == "duplicate");
    REQUIRE(error_of([] { (void)Placer("ring", {}); })[1] == "noServer");
  }
  SECTION("membership the algorithm has not, and a server that is not there") {
    Placer maglev("maglev", {.servers = two});
    REQUIRE(error_of([&] { maglev.add({.name = u"c"}); })[3] == "maglev has no add");
    REQUIRE(error_of([&] { maglev.remove(u"a"); })[3] == "maglev has no remove");
    Placer tokens("token-ring", {.servers = {{.name = u"v0", .token = 5}}});
    REQUIRE(error_of([&] { tokens.reweight(u"v0", 2); })[3] == "token-ring has no reweight");
    REQUIRE(error_of([&] { tokens.add({.name = u"v1", .token = 5}); })[1] == "tokenHeld");
    REQUIRE(error_of([&] { tokens.remove(u"v9"); })[1] == "vnodeMissing");
    Placer ring("ring", {.servers = two});
    REQUIRE(error_of([&] { ring.remove(u"c"); })[1] == "notOnRing");
    REQUIRE(error_of([&] { ring.reweight(u"a", -1); })[3] == "weight must be finite and > 0, got -1");
    REQUIRE(error_of([&] { ring.add({.name = u"c", .token = 3}); })[3] == "token is not an option of ring");
  }
  SECTION("an empty token ring routes nothing") {
    const Placer empty("token-ring", {});
    REQUIRE(error_of([&] { (void)empty.place(u"k"); })[1] == "noVnodes");
    REQUIRE(error_of([&] { (void)empty.trace(u"k"); })[1] == "noVnodes");
    REQUIRE(error_of([&] { (void)empty.preference(u"k", 1); })[1] == "noVnodes");
  }
  SECTION("a preference list: an algorithm without one, and n from 1 to the servers by the table's rf") {
    for (const PlacerAlgorithm& a : placer_algorithms()) {
      if (a.preference) continue;
      CAPTURE(a.name);
      PlacerOptions o{.servers = two};
      if (has_option(a, "epsilon")) o.epsilon = 0.5;
      const Placer p(a.name, o);
      // Refused before n is read.
      REQUIRE(error_of([&] { (void)p.preference(u"k", 0); }) ==
              std::vector<std::string>{"invalid_argument", "noPreference", "",
                                       std::string(a.name) + " has no preference list"});
    }
    const Placer ring("ring", {.servers = two});
    REQUIRE(error_of([&] { (void)ring.preference(u"k", 0); }) ==
            std::vector<std::string>{"out_of_range", "between", "rf", "rf must be between 1 and 2, got 0"});
    REQUIRE(error_of([&] { (void)ring.preference(u"k", 3); })[3] == "rf must be between 1 and 2, got 3");
    REQUIRE(error_of([&] { (void)ring.preference_many({}, -1); })[3] == "rf must be between 1 and 2, got -1");
    const std::vector<std::u16string> keys = {u"a", u"b"};
    std::vector<std::uint32_t> out(3);
    REQUIRE_THROWS_AS(ring.preference_many(keys, 2, out), std::invalid_argument);
    REQUIRE(ring.preference_many(std::vector<std::u16string>{}, 2).empty());
    const Placer empty("rendezvous", {});
    REQUIRE(empty.place(u"k") == kNoServer);
    REQUIRE(error_of([&] { (void)empty.preference(u"k", 1); }) ==
            std::vector<std::string>{"invalid_argument", "noneListed", "servers",
                                     "servers must list at least one server, got none"});
  }
}

TEST_CASE("placers: the ring's preference list spreads over zones, and is the plain walk without them") {
  std::vector<std::u16string> keys;
  for (int k = 0; k < 200; ++k) keys.push_back(u16("user:" + std::to_string(k)));
  const std::vector<Server> plain = {{u"a", 1.0, u""}, {u"b", 2.0, u""}, {u"c", 0.5, u""}, {u"d", 1.0, u""}};
  const Placer p(
      "ring",
      {.servers = {{.name = u"a"}, {.name = u"b", .weight = 2.0}, {.name = u"c", .weight = 0.5}, {.name = u"d"}},
       .vnodes = 7});
  const Ring ring(plain, 7);
  for (const std::u16string& k : keys)
    for (std::uint32_t n = 1; n <= 4; ++n) REQUIRE(p.preference(k, n) == ring.preference_list(h32(k), n, false));
  // a and b share a zone: no list of two holds both, where a plain walk's often does.
  const Placer zoned(
      "ring", {.servers = {{.name = u"a", .zone = u"z1"}, {.name = u"b", .zone = u"z1"}, {.name = u"c", .zone = u"z2"}},
               .vnodes = 7});
  const Placer unzoned("ring", {.servers = {{.name = u"a"}, {.name = u"b"}, {.name = u"c"}}, .vnodes = 7});
  bool differs = false;
  for (const std::u16string& k : keys) {
    const std::vector<std::uint32_t> two = zoned.preference(k, 2);
    REQUIRE(std::set<std::uint32_t>(two.begin(), two.end()) != std::set<std::uint32_t>{0, 1});
    differs = differs || unzoned.preference(k, 2) != two;
  }
  REQUIRE(differs);
}

TEST_CASE("the server seam's changes: compare's grammar, and an add with its token", "[placers]") {
  // An add with its token, written with the kind: every text of compare's grammar keeps its meaning.
  const auto read = [](std::u16string_view text) { return parse_server_change(text); };
  ServerChange c = read(u"add@4000000000:v9");
  CHECK((c.change.kind == ChangeKind::add && c.change.name == u"v9" && c.token == 4000000000));
  c = read(u"add@7:a:b@8");
  CHECK((c.change.kind == ChangeKind::add && c.change.name == u"a:b@8" && c.token == 7));
  c = read(u"add@0");
  CHECK((c.change.kind == ChangeKind::add && c.change.name.empty() && c.token == 0));
  c = read(u"add:a@5");
  CHECK((c.change.kind == ChangeKind::add && c.change.name == u"a@5" && !c.token));
  CHECK(!read(u"add").token);
  c = read(u"weight:a=2.5");
  CHECK((c.change.kind == ChangeKind::weight && c.change.name == u"a" && c.change.weight == 2.5 && !c.token));
  // Its range is the placer's (a token ring's bits): the grammar reads any safe integer.
  CHECK(read(u"add@-1:v").token == -1);
  for (const auto& [text, shown] :
       std::vector<std::pair<std::u16string, std::string>>{{u"add@x:v", "\"x\""},
                                                           {u"add@:v", "\"\""},
                                                           {u"add@1.5:v", "1.5"},
                                                           {u"add@9007199254740992:v", "9007199254740992"}}) {
    try {
      (void)read(text);
      FAIL("accepted");
    } catch (const Error& e) {
      CHECK(e.code() == ErrorCode::invalid_argument);
      CHECK(e.param() == "change");
      CHECK(std::string(e.what()) == "change token must be a safe integer, got " + shown);
    }
  }
  // Compare's errors, as compare words them.
  try {
    (void)read(u"foo");
    FAIL("accepted");
  } catch (const Error& e) {
    CHECK(std::string(e.what()) ==
          "change must be add, add:NAME, remove:NAME, fail:NAME or weight:NAME=W, got \"foo\"");
  }
}

}  // namespace test_placers
