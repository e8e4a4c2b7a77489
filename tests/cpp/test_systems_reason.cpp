// Why a key goes to its server (placement.hpp's Reason), for the ring systems: the key's hash as
// the system computes it, and the ring point it lands on (Maglev: the table's slot). For many
// keys the point is a point of the system's own ring, the first at or after the hash (found here
// by walking the ring, not by the systems' bisections), and its server is answer()'s; the hashes
// of keys with published values are those values.
#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "golden.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/systems/envoy.hpp"
#include "ringlab/systems/libketama.hpp"
#include "ringlab/systems/memcached.hpp"
#include "ringlab/systems/nginx.hpp"
#include "ringlab/systems/placement.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_systems_reason {

using namespace ringlab::systems;

namespace {

// The golden files' keys (bytes: some are no UTF-8) and a run of plain ones.
std::vector<std::string> many_keys() {
  std::vector<std::string> keys;
  for (const std::string& line : golden::split(golden::read_file("systems/nginx.tsv"), '\n')) {
    const std::vector<std::string> f = golden::split(line, '\t');
    if (f[0] == "key") keys.push_back(golden::unhex(f.size() > 1 ? f[1] : ""));
  }
  for (int i = 0; i < 3000; ++i) keys.push_back("user:" + std::to_string(i));
  return keys;
}

std::unique_ptr<Placement> configured(const std::string& system, const std::vector<std::string>& flags) {
  return configure(system, flags, ringlab::read_file_system);
}

// The value of the first of `values` (ascending) that is >= h, else the first: a ring's lookup,
// by walking it.
template <typename T>
std::size_t first_at_or_after(const std::vector<T>& values, std::uint64_t h) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i] >= h) return i;
  return 0;
}

}  // namespace

TEST_CASE("a ring system's reason: the key's hash and the first point at or after it, answer()'s server",
          "[systems-reason]") {
  const std::vector<std::string> keys = many_keys();
  REQUIRE(keys.size() > 3000);

  SECTION("nginx, hash $key consistent, with and without a server marked down") {
    const std::string list = "127.0.0.1:33221,127.0.0.1:41721=2,127.0.0.1:42591,127.0.0.1:44085=3";
    for (const bool down : {false, true}) {
      std::vector<NginxServer> servers = {
          {"127.0.0.1:33221", 1}, {"127.0.0.1:41721", 2, down}, {"127.0.0.1:42591", 1}, {"127.0.0.1:44085", 3}};
      const NginxUpstream ring(servers, NginxMode::consistent);
      std::vector<std::uint32_t> points;
      for (const NginxUpstream::Point& p : ring.points()) points.push_back(p.hash);
      std::vector<std::string> flags = {"--servers", list, "--mode", "consistent"};
      if (down) flags.insert(flags.end(), {"--down", "127.0.0.1:41721"});
      const auto p = configured("nginx", flags);
      std::size_t on_ring = 0;
      for (const std::string& key : keys) {
        const Reason r = p->reason(key, "key");
        const Answer a = p->answer(key, "key");
        REQUIRE(r.server == a.server);
        if (key.empty()) {
          // nginx's round-robin: no hash, no point.
          CHECK(r.kind == ReasonKind::answer);
          continue;
        }
        REQUIRE(r.kind == ReasonKind::point);
        REQUIRE(r.hash_bits == 32);
        // The first point at or after the hash, then on past the down server's points.
        std::size_t at = first_at_or_after(points, r.hash);
        while (ring.servers()[ring.points()[at].server].down) at = (at + 1) % points.size();
        REQUIRE(r.point == points[at]);
        REQUIRE(r.server == static_cast<std::int32_t>(ring.points()[at].server));
        ++on_ring;
      }
      CHECK(on_ring + 1 == keys.size());
    }
    // crc32("foo"), zlib's (test_system_hashes.cpp): the hash nginx looks the key up with.
    CHECK(configured("nginx", {"--servers", list, "--mode", "consistent"})->reason("foo", "key").hash == 2356372769u);
  }

  SECTION("nginx's plain hash and a single server: no ring, the answer alone") {
    const auto plain = configured("nginx", {"--servers", "a:80,b:80,c:80", "--mode", "hash"});
    const auto single = configured("nginx", {"--servers", "a:80", "--mode", "consistent"});
    for (const std::string& key : keys) {
      for (const auto* p : {plain.get(), single.get()}) {
        const Reason r = p->reason(key, "key");
        REQUIRE(r.kind == ReasonKind::answer);
        REQUIRE(r.server == p->answer(key, "key").server);
      }
    }
  }

  SECTION("memcached: every continuum mode, with its hash; modula and refused keys answer alone") {
    const std::string text = "10.0.0.1:11211 3,10.0.0.2:11212:1, [::1]:11213 2,cache";
    const std::vector<MemcachedServer> servers = parse_memcached_servers(text);
    for (const char* mode : {"consistent", "consistent_ketama", "consistent_ketama_spy", "consistent_weighted",
                             "behavior_ketama", "behavior_ketama_weighted", "modula"}) {
      for (const char* hash : {"default", "md5", "crc", "fnv1a_32"}) {
        INFO(mode << " " << hash);
        MemcachedOptions options;
        options.mode = memcached_mode_from_name(mode);
        options.hash = memcached_hash_from_name(hash);
        const Memcached m(servers, options);
        std::vector<std::uint32_t> points;
        for (const Memcached::Point& q : m.continuum()) points.push_back(q.value);
        const auto p = configured("memcached", {"--server-string", text, "--mode", mode, "--hash", hash});
        for (const std::string& key : keys) {
          const Answer a = p->answer(key, "key");
          const Reason r = p->reason(key, "key");
          REQUIRE(r.server == a.server);
          if (!m.consistent() || a.server < 0) {
            REQUIRE(r.kind == ReasonKind::answer);
            continue;
          }
          REQUIRE(r.kind == ReasonKind::point);
          REQUIRE(r.hash == memcached_hash_value(m.hash(), key));
          const std::size_t at = first_at_or_after(points, r.hash);
          REQUIRE(r.point == points[at]);
          REQUIRE(r.server == static_cast<std::int32_t>(m.continuum()[at].server));
        }
      }
    }
    const auto ketama =
        configured("memcached", {"--server-string", text, "--mode", "consistent_ketama", "--hash", "md5"});
    // libmemcached's fixture: VDEAAAAA's MD5 key hash (the md5 hash set) 0xfffcd1b5, past the continuum's last
    // point here, so it wraps to the first.
    const Reason wraps = ketama->reason("VDEAAAAA", "key");
    CHECK(wraps.hash == 0xfffcd1b5u);
    MemcachedOptions options;
    options.mode = MemcachedMode::consistent_ketama;
    options.hash = MemcachedHash::md5;
    const Memcached m(servers, options);
    REQUIRE(m.continuum().back().value < 0xfffcd1b5u);
    CHECK(wraps.point == m.continuum().front().value);
    // libhashkit's "crc" of "foo" is 3187, (crc32 >> 16) & 0x7fff.
    CHECK(configured("memcached", {"--server-string", text, "--mode", "consistent", "--hash", "crc"})
              ->reason("foo", "key")
              .hash == 3187u);
    // A single server: the library does not hash the key (hash 0), which lands on the first point.
    const auto one = configured("memcached", {"--servers", "10.0.0.1", "--mode", "consistent_ketama"});
    const Reason r1 = one->reason("foo", "key");
    CHECK(r1.kind == ReasonKind::point);
    CHECK(r1.hash == 0);
    CHECK(r1.server == 0);
  }

  SECTION("libketama") {
    const std::vector<KetamaServer> servers = {
        {"10.0.1.1:11211", 600}, {"10.0.1.2:11211", 300}, {"10.0.1.3:11211", 200}, {"10.0.1.4:11211", 350}};
    const Libketama ring(servers);
    std::vector<std::uint32_t> points;
    for (const Libketama::Point& q : ring.continuum()) points.push_back(q.value);
    const auto p = configured(
        "libketama", {"--servers", "10.0.1.1:11211=600,10.0.1.2:11211=300,10.0.1.3:11211=200,10.0.1.4:11211=350"});
    for (const std::string& key : keys) {
      const Reason r = p->reason(key, "key");
      REQUIRE(r.kind == ReasonKind::point);
      REQUIRE(r.server == p->answer(key, "key").server);
      const std::size_t at = first_at_or_after(points, r.hash);
      REQUIRE(r.point == points[at]);
      REQUIRE(r.server == static_cast<std::int32_t>(ring.continuum()[at].server));
    }
    // ketama_hashi("test"), python_ketama/tests.py.
    CHECK(p->reason("test", "key").hash == 3446378249u);
  }

  SECTION("Envoy's ring_hash and Maglev: XXH64, 64 bits") {
    const std::string hosts = "127.0.0.1:90,127.0.0.1:91=2,127.0.0.1:92,127.0.0.1:93=3";
    const envoy::Ring ring(envoy::hosts_from_list(hosts, false));
    std::vector<std::uint64_t> entries;
    for (const envoy::Ring::Entry& e : ring.entries()) entries.push_back(e.hash);
    const auto p = configured("envoy-ring", {"--hosts", hosts});
    const envoy::Maglev maglev(envoy::hosts_from_list(hosts, false));
    const auto q = configured("envoy-maglev", {"--hosts", hosts});
    for (const std::string& key : keys) {
      const Reason r = p->reason(key, "key");
      REQUIRE(r.kind == ReasonKind::point);
      REQUIRE(r.hash_bits == 64);
      REQUIRE(r.server == p->answer(key, "key").server);
      const std::size_t at = first_at_or_after(entries, r.hash);
      REQUIRE(r.point == entries[at]);
      REQUIRE(r.server == static_cast<std::int32_t>(ring.entries()[at].host));

      const Reason s = q->reason(key, "key");
      REQUIRE(s.kind == ReasonKind::slot);
      REQUIRE(s.hash == r.hash);
      REQUIRE(s.point == s.hash % maglev.table().size());
      REQUIRE(s.server == static_cast<std::int32_t>(maglev.table()[s.point]));
      REQUIRE(s.server == q->answer(key, "key").server);
    }
    // XXH64("foo") with seed 0, as libxxhash gives it; Maglev's table has 65537 slots by default.
    CHECK(p->reason("foo", "key").hash == 3728699739546630719ull);
    CHECK(q->reason("foo", "key").point == 3728699739546630719ull % 65537);
  }

  SECTION("systems whose answer says why: the answer's server, no hash") {
    for (const auto& [system, flags] : std::vector<std::pair<std::string, std::vector<std::string>>>{
             {"redis", {}}, {"kafka", {"--partitions", "12"}}, {"guava", {"--buckets", "10"}}}) {
      const auto p = configured(system, flags);
      for (const std::string& key : {std::string("foo"), std::string("user:1")}) {
        const Reason r = p->reason(key, "key");
        CHECK(r.kind == ReasonKind::answer);
        CHECK(r.hash == 0);
        CHECK(r.server == p->answer(key, "key").server);
      }
    }
  }
}

TEST_CASE("a move is the core's: key_moved over answers and matched servers", "[systems-reason]") {
  const auto before = configure("libketama", {"--servers", "a:1=100,b:1=100,c:1=100"}, ringlab::read_file_system);
  const auto after = configure("libketama", {"--servers", "a:1=100,c:1=100"}, ringlab::read_file_system);
  const std::vector<std::int32_t> match = match_servers(*before, *after);
  REQUIRE(match == std::vector<std::int32_t>{0, 2});
  // c is index 2 before and 1 after: the same server, no move.
  CHECK_FALSE(key_moved(match, {2, 0}, {1, 0}));
  CHECK(key_moved(match, {1, 0}, {1, 0}));
  CHECK(key_moved(match, {0, 0}, {0, 7}));
  CHECK_FALSE(key_moved(match, {-1, 0}, {-1, 0}));
  CHECK(key_moved(match, {0, 0}, {-1, 0}));
  CHECK(key_moved(match, {-1, 0}, {0, 0}));
}

}  // namespace test_systems_reason
