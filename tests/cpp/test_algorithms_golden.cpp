// Every placement function against tests/golden/algorithms, which an independent implementation
// of docs/algorithms.md (scripts/gen-golden-algorithms.mjs, plain JavaScript) generated. Agreement means two
// implementations written apart read docs/algorithms.md the same way.
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "golden.hpp"
#include "ringlab/analysis.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/token_ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_algorithms_golden {

using golden::parse_u32;
using golden::parse_u64;
using golden::read_tsv;
using golden::split;

namespace {

const std::string kDir = "algorithms/";

// The golden files hold names as UTF-8; the core hashes UTF-16 units.
std::u16string utf16(std::string_view s) {
  std::u16string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::uint32_t cp = 0;
    std::size_t len = 1;
    if (c < 0x80) cp = c;
    else if ((c >> 5) == 0x6) cp = c & 0x1F, len = 2;
    else if ((c >> 4) == 0xE) cp = c & 0x0F, len = 3;
    else cp = c & 0x07, len = 4;
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    if (cp >= 0x10000) {
      out += static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
      out += static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      out += static_cast<char16_t>(cp);
    }
    i += len;
  }
  return out;
}

std::string utf8(const std::u16string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::uint32_t c = s[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.size()) c = 0x10000 + ((c - 0xD800) << 10) + (s[++i] - 0xDC00);
    if (c < 0x80) out += static_cast<char>(c);
    else if (c < 0x800) out += static_cast<char>(0xC0 | (c >> 6)), out += static_cast<char>(0x80 | (c & 0x3F));
    else if (c < 0x10000)
      out += static_cast<char>(0xE0 | (c >> 12)), out += static_cast<char>(0x80 | ((c >> 6) & 0x3F)),
          out += static_cast<char>(0x80 | (c & 0x3F));
    else
      out += static_cast<char>(0xF0 | (c >> 18)), out += static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
          out += static_cast<char>(0x80 | ((c >> 6) & 0x3F)), out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return out;
}

double parse_double(const std::string& s) { return std::stod(s); }

// rings.tsv: case -> (vnodes, servers).
std::map<std::string, ringlab::Ring> rings() {
  std::map<std::string, ringlab::Ring> out;
  for (const auto& row : read_tsv(kDir + "rings.tsv", {"case", "vnodes", "servers"}).rows) {
    std::vector<ringlab::Server> servers;
    for (const std::string& entry : split(row[2], ',')) {
      const auto f = split(entry, ':');
      servers.push_back(ringlab::Server{utf16(f.at(0)), parse_double(f.at(1)), utf16(f.at(2))});
    }
    out.emplace(row[0], ringlab::Ring(std::move(servers), parse_u32(row[1])));
  }
  return out;
}

std::string name(const ringlab::Ring& ring, std::uint32_t s) { return utf8(ring.servers()[s].name); }

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "," : "") + parts[i];
  return out;
}

}  // namespace

TEST_CASE("golden: ring points, vnode counts and owners", "[golden][ring]") {
  const auto all = rings();
  for (const auto& row : read_tsv(kDir + "ring_vnodes.tsv", {"case", "server", "weight", "vnodes"}).rows) {
    const ringlab::Ring& ring = all.at(row[0]);
    const auto s = ring.index_of(utf16(row[1]));
    REQUIRE(s >= 0);
    CHECK(ring.points_of(static_cast<std::uint32_t>(s)) == parse_u32(row[3]));
  }
  std::size_t points = 0;
  for (const auto& row : read_tsv(kDir + "ring_points.tsv", {"case", "index", "token", "server", "i"}).rows) {
    const ringlab::Ring& ring = all.at(row[0]);
    const auto p = ring.point(parse_u32(row[1]));
    INFO(row[0] << " point " << row[1]);
    CHECK(p.token == parse_u32(row[2]));
    CHECK(name(ring, p.server) == row[3]);
    ++points;
  }
  CHECK(points > 600);
  for (const auto& row : read_tsv(kDir + "ring_collisions.tsv", {"case", "index", "token", "points"}).rows) {
    const ringlab::Ring& ring = all.at(row[0]);
    const auto names = split(row[3], ',');
    for (std::size_t k = 0; k < names.size(); ++k) {
      const auto p = ring.point(parse_u32(row[1]) + k);
      CHECK(p.token == parse_u32(row[2]));
      CHECK(name(ring, p.server) == names[k].substr(0, names[k].rfind('#')));
    }
  }
  for (const auto& row : read_tsv(kDir + "ring_owners.tsv", {"case", "key", "h32", "owner"}).rows) {
    const ringlab::Ring& ring = all.at(row[0]);
    const std::uint32_t x = parse_u32(row[2]);
    if (!row[1].empty()) CHECK(ringlab::h32(utf16(row[1])) == x);
    INFO(row[0] << " hash " << x);
    CHECK(name(ring, ring.owner(x)) == row[3]);
  }
}

TEST_CASE("golden: preference lists, with and without zones", "[golden][preference]") {
  const auto all = rings();
  std::size_t n = 0;
  for (const auto& row : read_tsv(kDir + "preference.tsv", {"case", "key", "h32", "rf", "zones", "list"}).rows) {
    const ringlab::Ring& ring = all.at(row[0]);
    std::vector<std::string> got;
    for (std::uint32_t s : ring.preference_list(parse_u32(row[2]), parse_u32(row[3]), row[4] == "on"))
      got.push_back(name(ring, s));
    INFO(row[0] << " hash " << row[2] << " rf " << row[3] << " zones " << row[4]);
    CHECK(join(got) == row[5]);
    ++n;
  }
  CHECK(n > 2000);
}

TEST_CASE("golden: rendezvous winners, top-3, weighted winners and ties", "[golden][rendezvous]") {
  for (const auto& row :
       read_tsv(kDir + "rendezvous.tsv", {"servers", "key", "winner", "top3", "weighted_winner", "weights"}).rows) {
    std::vector<std::u16string> names;
    for (const auto& s : split(row[0], ',')) names.push_back(utf16(s));
    const auto weights = split(row[5], ',');
    std::vector<ringlab::WeightedServer> weighted;
    for (std::size_t i = 0; i < names.size(); ++i) weighted.push_back({names[i], parse_double(weights.at(i))});
    const ringlab::Rendezvous plain(names);
    const ringlab::WeightedRendezvous wr(weighted);
    const std::u16string key = utf16(row[1]);
    INFO(row[0] << " key " << row[1]);
    CHECK(utf8(names.at(static_cast<std::size_t>(plain.pick(key)))) == row[2]);
    std::vector<std::string> top;
    for (std::uint32_t s : plain.top(key, 3)) top.push_back(utf8(names[s]));
    CHECK(join(top) == row[3]);
    CHECK(utf8(names.at(static_cast<std::size_t>(wr.pick(key)))) == row[4]);
  }
  for (const auto& row : read_tsv(kDir + "rendezvous_ties.tsv", {"key", "first", "second", "score"}).rows) {
    const std::u16string key = utf16(row[0]);
    CHECK(ringlab::rendezvous_score(key, utf16(row[1])) == parse_u32(row[3]));
    CHECK(ringlab::rendezvous_score(key, utf16(row[2])) == parse_u32(row[3]));
  }
}

TEST_CASE("golden: Maglev tables, counts and lookups", "[golden][maglev]") {
  std::map<std::string, ringlab::Maglev> tables;
  for (const auto& row :
       read_tsv(kDir + "maglev.tsv", {"case", "M", "backends", "counts", "table_h32", "first64"}).rows) {
    std::vector<ringlab::Backend> backends;
    for (const auto& entry : split(row[2], ',')) {
      const auto f = split(entry, ':');
      backends.push_back({utf16(f.at(0)), parse_double(f.at(1))});
    }
    const ringlab::Maglev table(backends, parse_u32(row[1]));
    INFO(row[0]);
    std::vector<std::string> counts;
    for (std::uint32_t c : table.entry_counts()) counts.push_back(std::to_string(c));
    CHECK(join(counts) == row[3]);
    std::u16string units;
    for (std::uint32_t b : table.table()) units += static_cast<char16_t>(b);
    CHECK(ringlab::h32(units) == parse_u32(row[4]));
    std::vector<std::string> first;
    for (std::size_t i = 0; i < 64 && i < table.table_size(); ++i) first.push_back(std::to_string(table.table()[i]));
    CHECK(join(first) == row[5]);
    tables.emplace(row[0], table);
  }
  for (const auto& row : read_tsv(kDir + "maglev_tables.tsv", {"case", "slot", "backend"}).rows)
    CHECK(tables.at(row[0]).table()[parse_u32(row[1])] == parse_u32(row[2]));
  for (const auto& row : read_tsv(kDir + "maglev_lookup.tsv", {"case", "key", "backend"}).rows)
    CHECK(tables.at(row[0]).lookup_key(utf16(row[1])) == parse_u32(row[2]));
}

TEST_CASE("golden: bounded loads", "[golden][bounded]") {
  const auto all = rings();
  // The course's keys, seed 16: every case uses a prefix of this one stream.
  std::vector<std::uint32_t> hashes;
  ringlab::CourseKeys keys(16);
  for (int k = 0; k < 1000; ++k) hashes.push_back(ringlab::h32_bytes(keys.next()));
  std::map<std::string, ringlab::BoundedPlacement> placed;
  for (const auto& row : read_tsv(kDir + "bounded.tsv", {"case", "ring", "epsilon", "keys", "capacities", "loads",
                                                         "not_first", "longest_walk"})
                             .rows) {
    const ringlab::Ring& ring = all.at(row[1]);
    const std::uint32_t m = parse_u32(row[3]);
    const auto p = ringlab::place_bounded(ring, std::span(hashes).first(m), parse_double(row[2]));
    INFO(row[0]);
    std::vector<std::string> caps, loads;
    for (auto c : p.capacities) caps.push_back(std::to_string(c));
    for (auto l : p.loads) loads.push_back(std::to_string(l));
    CHECK(join(caps) == row[4]);
    CHECK(join(loads) == row[5]);
    CHECK(p.not_first_choice == parse_u32(row[6]));
    CHECK(p.longest_walk == parse_u32(row[7]));
    placed.emplace(row[0], p);
    for (std::uint32_t k = 0; k < m; ++k) REQUIRE(p.servers[k] < ring.servers().size());
  }
  // Per-key servers, by name: the ring of each case is in bounded.tsv's `ring` column.
  std::map<std::string, std::string> ring_of;
  for (const auto& row : read_tsv(kDir + "bounded.tsv", {"case", "ring", "epsilon", "keys", "capacities", "loads",
                                                         "not_first", "longest_walk"})
                             .rows)
    ring_of[row[0]] = row[1];
  for (const auto& row : read_tsv(kDir + "bounded_servers.tsv", {"case", "index", "server"}).rows) {
    const ringlab::Ring& ring = all.at(ring_of.at(row[0]));
    CHECK(name(ring, placed.at(row[0]).servers.at(parse_u32(row[1]))) == row[2]);
  }
}

TEST_CASE("golden: the explicit-token ring, step by step", "[golden][token_ring]") {
  std::map<std::string, ringlab::TokenRing> live;
  std::size_t steps = 0;
  for (const auto& row : read_tsv(kDir + "token_ring.tsv", {"case", "step", "op", "args", "result"}).rows) {
    const std::string& op = row[2];
    const std::string& args = row[3];
    INFO(row[0] << " step " << row[1] << ": " << op << " " << args);
    if (op == "new") {
      live.insert_or_assign(row[0], ringlab::TokenRing(parse_u32(args)));
      continue;
    }
    ringlab::TokenRing& ring = live.at(row[0]);
    std::string got;
    try {
      if (op == "add") {
        const std::size_t comma = args.rfind(',');
        ring.add(utf16(args.substr(0, comma)), parse_u64(args.substr(comma + 1)));
        got = "ok";
      } else if (op == "remove") {
        ring.remove(utf16(args));
        got = "ok";
      } else if (op == "route") {
        got = utf8(ring.route(utf16(args)));
      } else if (op == "route_hash") {
        got = utf8(ring.route_hash(parse_u64(args)));
      } else if (op == "boundaries") {
        const auto [start, end] = ring.boundaries(utf16(args));
        got = std::to_string(start) + "," + std::to_string(end);
      } else if (op == "size") {
        got = std::to_string(ring.size());
      } else if (op == "ids") {
        std::vector<std::string> ids;
        for (const auto& id : ring.ids()) ids.push_back(utf8(id));
        got = join(ids);
      } else {
        FAIL("unknown op " << op);
      }
    } catch (const ringlab::Error& e) {
      got = "error:" + std::string(e.code_name());
    }
    CHECK(got == row[4]);
    ++steps;
  }
  CHECK(steps > 1500);
}

TEST_CASE("golden: theory and the cache what-if", "[golden][analysis]") {
  for (const auto& row : read_tsv(kDir + "theory.tsv", {"n", "v", "sd_over_mean", "harmonic"}).rows) {
    CHECK(ringlab::js::number_to_string(ringlab::theory_sd_over_mean(parse_u32(row[0]), parse_u32(row[1]))) == row[2]);
    CHECK(ringlab::js::number_to_string(ringlab::harmonic(parse_u32(row[0]))) == row[3]);
  }
  for (const auto& row : read_tsv(kDir + "theory_vnodes.tsv", {"n", "c", "v"}).rows)
    CHECK(ringlab::js::number_to_string(ringlab::theory_vnodes_for(parse_u32(row[0]), parse_double(row[1]))) == row[2]);
  for (const auto& row : read_tsv(kDir + "cache.tsv", {"hit", "moved", "hit_after", "db_multiplier"}).rows) {
    const double h = parse_double(row[0]);
    if (h >= 1) continue;
    const auto w = ringlab::cache_what_if(h, parse_double(row[1]));
    INFO("h " << row[0] << " f " << row[1]);
    CHECK(ringlab::js::number_to_string(w.hit_after) == row[2]);
    CHECK(ringlab::js::number_to_string(w.db_multiplier) == row[3]);
  }
}

}  // namespace test_algorithms_golden
