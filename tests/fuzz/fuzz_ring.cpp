// The hash ring (docs/algorithms.md#ring and docs/algorithms.md#preference-list) against a reference built straight
// from docs/algorithms.md: a fuzzed server list (names, weights, zones) and vnodes, then add / remove / set_weight /
// lookups.
//
// After every operation the ring must equal both a fresh Ring built from the same list
// (operator==) and the reference: every token h32(name + "#" + i), sorted stably by token. An
// operation may throw ringlab::Error only when the reference says the resulting list is invalid
// (or the server to change is absent), and then it must leave the ring as it was. Any other
// exception escapes and is reported by libFuzzer as a crash. owner() is checked against a linear
// scan, search_trace() against owner_point(), preference lists against a plain walk.
// Wide rings (over 256 servers, a rare input) run at most four operations with cheaper checks in
// between and the full comparison after the last.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/ring.hpp"

namespace {

using ringlab::Server;

constexpr std::size_t kMaxServers = 12;
constexpr int kMaxOps = 32;

std::u16string gen_name(fuzz::Reader& r) {
  static constexpr char16_t kUnits[] = {u'S', u'a', u'b', u'0', u'1', u'#', u'\u0995', 0xD83D};
  const std::uint8_t b = r.u8();
  if (b == 0) return u"";                                                  // invalid: empty
  if (b == 255) return std::u16string(ringlab::kMaxNameLength + 1, u'x');  // invalid: too long
  std::u16string name;
  const int len = 1 + b % 3;
  for (int i = 0; i < len; ++i) name += kUnits[r.u8() % std::size(kUnits)];
  return name;
}

double gen_weight(fuzz::Reader& r) {
  static constexpr double kWeights[] = {1,       1,   1, 2,  0.5, 1.5,      0.25,   3,     0.1,
                                        0.03125, 2.5, 0, -1, NAN, INFINITY, 1e-300, 5e-324};
  const std::size_t i = r.u8() % (std::size(kWeights) + 1);
  if (i < std::size(kWeights)) return kWeights[i];
  double d = r.f64();
  // Keep rings small: a large finite weight would ask for millions of points.
  if (std::isfinite(d) && std::fabs(d) > 4) d = std::fmod(d, 4);
  return d;
}

std::u16string gen_zone(fuzz::Reader& r) {
  static const std::u16string kZones[] = {u"", u"z1", u"z2", u"z3"};
  return kZones[r.u8() % 4];
}

Server gen_server(fuzz::Reader& r) {
  Server s;
  s.name = gen_name(r);
  s.weight = gen_weight(r);
  s.zone = gen_zone(r);
  return s;
}

// --- The reference (docs/algorithms.md#ring) -----------------------------------------------

struct RefRing {
  std::vector<std::uint32_t> tokens;
  std::vector<std::uint32_t> owners;
  std::vector<std::uint32_t> counts;
};

// max(1, round(V * w)), halves up; nullopt for an invalid weight or one beyond the cap.
std::optional<std::uint64_t> ref_points_for(std::uint32_t vnodes, double w) {
  if (!std::isfinite(w) || !(w > 0)) return std::nullopt;
  const double x = static_cast<double>(vnodes) * w;
  if (x >= static_cast<double>(ringlab::kMaxRingPoints) + 0.5) return std::nullopt;
  double r = std::floor(x);
  if (x - r >= 0.5) r += 1;
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(r));
}

// The ring docs/algorithms.md defines for a list, or nullopt when the list is invalid.
std::optional<RefRing> ref_ring(const std::vector<Server>& list, std::uint32_t vnodes) {
  if (list.empty() || vnodes < 1 || vnodes > ringlab::kMaxRingPoints) return std::nullopt;
  RefRing ref;
  std::uint64_t total = 0;
  for (std::size_t s = 0; s < list.size(); ++s) {
    if (list[s].name.empty() || list[s].name.size() > ringlab::kMaxNameLength) return std::nullopt;
    if (list[s].zone.size() > ringlab::kMaxNameLength) return std::nullopt;
    const auto v = ref_points_for(vnodes, list[s].weight);
    if (!v) return std::nullopt;
    total += *v;
    if (total > ringlab::kMaxRingPoints) return std::nullopt;
    ref.counts.push_back(static_cast<std::uint32_t>(*v));
  }
  {
    std::vector<std::u16string_view> names;
    for (const Server& sv : list) names.push_back(sv.name);
    std::sort(names.begin(), names.end());
    if (std::adjacent_find(names.begin(), names.end()) != names.end()) return std::nullopt;
  }
  struct P {
    std::uint32_t token, server;
  };
  std::vector<P> points;
  for (std::size_t s = 0; s < list.size(); ++s) {
    for (std::uint32_t i = 0; i < ref.counts[s]; ++i) {
      std::u16string text = list[s].name + u"#";
      for (char c : std::to_string(i)) text += static_cast<char16_t>(c);
      points.push_back(P{ringlab::h32(text), static_cast<std::uint32_t>(s)});
    }
  }
  // Equal tokens keep list order (server position, then i): a stable sort of that order.
  std::stable_sort(points.begin(), points.end(), [](const P& a, const P& b) { return a.token < b.token; });
  for (const P& p : points) {
    ref.tokens.push_back(p.token);
    ref.owners.push_back(p.server);
  }
  return ref;
}

std::uint32_t naive_owner_point(const std::vector<std::uint32_t>& tokens, std::uint32_t h) {
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i] >= h) return static_cast<std::uint32_t>(i);
  return 0;
}

std::vector<std::uint32_t> naive_preference(const RefRing& ref, const std::vector<Server>& list, std::uint32_t h,
                                            std::int64_t rf, bool zone_aware) {
  const std::size_t want = static_cast<std::size_t>(std::min<std::int64_t>(rf, static_cast<std::int64_t>(list.size())));
  const std::size_t n = ref.tokens.size();
  const std::size_t start = naive_owner_point(ref.tokens, h);
  std::vector<std::uint32_t> out;
  std::vector<bool> taken(list.size(), false);
  if (zone_aware) {
    std::vector<std::u16string> seen;
    for (std::size_t k = 0; k < n && out.size() < want; ++k) {
      const std::uint32_t s = ref.owners[(start + k) % n];
      if (taken[s] || std::find(seen.begin(), seen.end(), list[s].zone) != seen.end()) continue;
      seen.push_back(list[s].zone);
      taken[s] = true;
      out.push_back(s);
    }
  }
  for (std::size_t k = 0; k < n && out.size() < want; ++k) {
    const std::uint32_t s = ref.owners[(start + k) % n];
    if (taken[s]) continue;
    taken[s] = true;
    out.push_back(s);
  }
  return out;
}

// --- Checks -----------------------------------------------------------------------------------

// Checks the ring against a fresh build and the reference; returns the reference.
RefRing check_ring(const ringlab::Ring& ring, const std::vector<Server>& list, std::uint32_t vnodes) {
  auto ref = ref_ring(list, vnodes);
  CHECK_MSG(ref.has_value(), "the ring holds a list docs/algorithms.md calls invalid");
  // A fresh build from the same list gives the same ring.
  const ringlab::Ring fresh(list, vnodes);
  CHECK(ring == fresh);
  CHECK(ring.vnodes() == vnodes);
  CHECK(ring.servers().size() == list.size());
  for (std::size_t s = 0; s < list.size(); ++s) {
    CHECK(ring.servers()[s].name == list[s].name);
    CHECK(ring.servers()[s].weight == list[s].weight);
    CHECK(ring.servers()[s].zone == list[s].zone);
    // index_of is a linear scan: on wide rings, look up a sample of the names.
    if (list.size() <= 32 || s < 8 || s + 8 >= list.size() || s % 37 == 0)
      CHECK(ring.index_of(list[s].name) == static_cast<std::int64_t>(s));
    CHECK(ring.points_of(static_cast<std::uint32_t>(s)) == ref->counts[s]);
  }
  CHECK(ring.size() == ref->tokens.size());
  CHECK_MSG(std::equal(ring.tokens().begin(), ring.tokens().end(), ref->tokens.begin(), ref->tokens.end()),
            "tokens differ from the reference build");
  CHECK_MSG(
      std::equal(ring.point_servers().begin(), ring.point_servers().end(), ref->owners.begin(), ref->owners.end()),
      "point owners differ from the reference build (equal tokens must keep list order)");
  const auto points = ring.points();
  CHECK(points.size() == ring.size());
  for (std::size_t i = 0; i < points.size(); ++i) CHECK(points[i] == ring.point(i));
  // 4 bytes a token and at least 1 for its server; the header promises at most 8 a point from
  // 64 points on.
  CHECK(ring.memory_bytes() >= 5 * ring.size());
  if (ring.size() >= 64)
    CHECK_MSG(ring.memory_bytes() <= 8 * ring.size(),
              std::to_string(ring.memory_bytes()) + " bytes for " + std::to_string(ring.size()) + " points");
  return std::move(*ref);
}

// The cheap part of check_ring, for wide rings between operations (the full check runs after
// the last one): the list, the point count, sorted tokens, owners in range. Returns the ring's own
// points as the model for the lookups.
RefRing light_check(const ringlab::Ring& ring, const std::vector<Server>& list, std::uint32_t vnodes) {
  CHECK(ring.servers().size() == list.size());
  RefRing own;
  std::uint64_t total = 0;
  for (std::size_t s = 0; s < list.size(); ++s) {
    CHECK(ring.servers()[s].name == list[s].name && ring.servers()[s].weight == list[s].weight);
    const auto v = ref_points_for(vnodes, list[s].weight);
    CHECK(v.has_value() && ring.points_of(static_cast<std::uint32_t>(s)) == *v);
    total += *v;
    own.counts.push_back(static_cast<std::uint32_t>(*v));
  }
  CHECK(ring.size() == total);
  own.tokens.assign(ring.tokens().begin(), ring.tokens().end());
  CHECK(std::is_sorted(own.tokens.begin(), own.tokens.end()));
  for (const std::uint32_t s : ring.point_servers()) {
    CHECK(s < list.size());
    own.owners.push_back(s);
  }
  CHECK(own.owners.size() == total);
  return own;
}

void check_lookup(const ringlab::Ring& ring, const std::vector<Server>& list, const RefRing& ref, std::uint32_t h,
                  std::int64_t rf) {
  const std::uint32_t want_point = naive_owner_point(ref.tokens, h);
  CHECK_MSG(ring.owner_point(h) == want_point, "owner_point(" + std::to_string(h) +
                                                   ") = " + std::to_string(ring.owner_point(h)) + ", linear scan " +
                                                   std::to_string(want_point));
  CHECK(ring.owner(h) == ref.owners[want_point]);

  // The batch form (four hashes side by side, then a tail): h among hashes near it and at the
  // edges, each answered as owner() answers it.
  std::vector<std::uint32_t> batch{h, h + 1, h - 1, 0, 0xFFFFFFFFu, h ^ 0x80000000u, h / 2};
  std::vector<std::uint32_t> want;
  for (const std::uint32_t x : batch) want.push_back(ring.owner(x));
  ring.owners(batch);
  CHECK(batch == want);

  // The traced binary search ends where owner_point() does.
  const auto steps = ringlab::search_trace(ring.tokens(), h);
  std::uint32_t lo = 0;
  auto hi = static_cast<std::uint32_t>(ring.size());
  for (const auto& st : steps) {
    CHECK(st.lo == lo && st.hi == hi && lo < hi);
    CHECK(st.mid == lo + (hi - lo) / 2);
    CHECK(st.token == ring.tokens()[st.mid]);
    CHECK(st.right == (st.token < h));
    if (st.right) lo = st.mid + 1;
    else hi = st.mid;
  }
  CHECK(lo == hi);
  CHECK((lo == ring.size() ? 0 : lo) == want_point);

  for (const bool zone_aware : {false, true}) {
    if (rf < 1) {
      bool threw = false;
      try {
        (void)ring.preference_list(h, rf, zone_aware);
      } catch (const ringlab::Error& e) {
        threw = e.code() == ringlab::ErrorCode::out_of_range;
      }
      CHECK_MSG(threw, "preference_list with rf " + std::to_string(rf) + " must throw out_of_range");
      continue;
    }
    const auto got = ring.preference_list(h, rf, zone_aware);
    const std::size_t want_size =
        static_cast<std::size_t>(std::min<std::int64_t>(rf, static_cast<std::int64_t>(list.size())));
    CHECK(got.size() == want_size);
    std::vector<std::uint32_t> sorted = got;
    std::sort(sorted.begin(), sorted.end());
    CHECK_MSG(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end(), "a preference list repeats a server");
    for (std::uint32_t s : got) CHECK(s < list.size());
    CHECK(got.front() == ring.owner(h));
    CHECK(got == naive_preference(ref, list, h, rf, zone_aware));
    if (zone_aware) {
      // The first distinct zones come first: no zone repeats before every zone has appeared.
      std::vector<std::u16string> all_zones;
      for (const Server& s : list)
        if (std::find(all_zones.begin(), all_zones.end(), s.zone) == all_zones.end()) all_zones.push_back(s.zone);
      const std::size_t distinct = std::min(all_zones.size(), got.size());
      std::vector<std::u16string> head;
      for (std::size_t i = 0; i < distinct; ++i) head.push_back(list[got[i]].zone);
      std::sort(head.begin(), head.end());
      CHECK(std::adjacent_find(head.begin(), head.end()) == head.end());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Reader r(data, size);
  const std::uint32_t vnodes = r.u8() % 9;  // 0 is invalid
  std::vector<Server> list;
  const std::uint8_t count_byte = r.u8();
  const std::size_t count = count_byte % 7;  // 0 is invalid
  for (std::size_t i = 0; i < count; ++i) list.push_back(gen_server(r));
  // Wide rings: past 256 servers a point's server index needs more than one byte. A count byte
  // of 0xFC..0xFF (rare, as these inputs are slow) appends 250, 253, 256 or 259 plain servers
  // named by one CJK unit each, U+4E00 on (no fuzzed name uses them; one unit keeps the many
  // name comparisons cheap); adds and removes then cross 256 both ways.
  const bool wide = count_byte >= 0xFC;
  if (wide) {
    for (std::uint32_t i = 0, extra = 250 + 3 * (count_byte - 0xFCu); i < extra; ++i)
      list.push_back(Server{std::u16string(1, static_cast<char16_t>(0x4E00 + i)), 1.0, i % 2 ? u"z1" : u""});
  }

  std::optional<ringlab::Ring> ring;
  try {
    ring.emplace(list, vnodes);
  } catch (const ringlab::Error&) {
    CHECK_MSG(!ref_ring(list, vnodes).has_value(), "Ring() threw for a list docs/algorithms.md calls valid");
    return 0;
  }
  RefRing ref = wide ? light_check(*ring, list, vnodes) : check_ring(*ring, list, vnodes);

  for (int op = 0; op < (wide ? 4 : kMaxOps) && !r.empty(); ++op) {
    const ringlab::Ring before = *ring;
    const int code = r.u8() % 4;
    switch (code) {
      case 0: {  // add_server
        Server s = gen_server(r);
        if (list.size() >= kMaxServers && !wide) break;
        std::vector<Server> next = list;
        next.push_back(s);
        try {
          ring->add_server(s);
        } catch (const ringlab::Error&) {
          CHECK_MSG(*ring == before, "a failed add_server changed the ring");
          CHECK_MSG(!ref_ring(next, vnodes).has_value(), "add_server threw for a valid server " + fuzz::show(s.name));
          break;
        }
        list = std::move(next);
        break;
      }
      case 1:    // remove_server
      case 2: {  // set_weight
        const bool remove = code == 1;
        const std::size_t pick = r.u8() % (list.size() + 1);
        const std::u16string name = pick < list.size() ? list[pick].name : gen_name(r);
        const auto at = std::find_if(list.begin(), list.end(), [&](const Server& s) { return s.name == name; });
        if (remove) {
          try {
            ring->remove_server(name);
          } catch (const ringlab::Error& e) {
            CHECK(*ring == before);
            CHECK_MSG(at == list.end() || list.size() == 1, "remove_server threw " + std::string(e.code_name()));
            CHECK(e.code() ==
                  (at == list.end() ? ringlab::ErrorCode::unknown_server : ringlab::ErrorCode::out_of_range));
            break;
          }
          CHECK_MSG(at != list.end() && list.size() > 1, "remove_server succeeded for " + fuzz::show(name));
          list.erase(at);
        } else {
          const double w = gen_weight(r);
          std::vector<Server> next = list;
          if (at != list.end()) next[static_cast<std::size_t>(at - list.begin())].weight = w;
          try {
            ring->set_weight(name, w);
          } catch (const ringlab::Error& e) {
            CHECK_MSG(*ring == before, "a failed set_weight changed the ring");
            CHECK_MSG(at == list.end() || !ref_ring(next, vnodes).has_value(),
                      "set_weight threw " + std::string(e.code_name()) + " for a valid weight " + std::to_string(w));
            if (at == list.end()) CHECK(e.code() == ringlab::ErrorCode::unknown_server);
            break;
          }
          CHECK_MSG(at != list.end(), "set_weight succeeded for an absent server " + fuzz::show(name));
          list = std::move(next);
        }
        break;
      }
      default: {  // lookups
        const int n = 1 + r.u8() % 4;
        for (int k = 0; k < n; ++k) {
          std::uint32_t h;
          const std::uint8_t mode = r.u8();
          if (mode % 3 == 0) {
            h = r.u32();
          } else {
            // On or next to a token: where an off-by-one in the search would show.
            const auto tokens = ring->tokens();
            h = tokens[r.u8() % tokens.size()] + static_cast<std::uint32_t>(static_cast<int>(mode % 3) - 1);
            if (mode & 0x80) h = tokens.back() + 1;  // past the last token: wraps to point 0
          }
          const std::int64_t rf = static_cast<std::int64_t>(r.u8() % (list.size() + 3));
          check_lookup(*ring, list, ref, h, rf);
        }
        break;
      }
    }
    ref = wide ? light_check(*ring, list, vnodes) : check_ring(*ring, list, vnodes);
  }
  if (wide) check_ring(*ring, list, vnodes);
  return 0;
}
