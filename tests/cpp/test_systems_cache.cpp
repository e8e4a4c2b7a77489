// nginx, libmemcached 1.1.4 and libketama in the systems library: the golden answers of the real
// software (tests/golden/systems/, from scripts/gen-golden-systems-cache.mjs) through
// `place nginx|memcached`, each documented behaviour, the upstream vectors, and each error.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "golden.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/systems/libketama.hpp"
#include "ringlab/systems/memcached.hpp"
#include "ringlab/systems/nginx.hpp"
#include "ringlab/systems_cli.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_systems_cache {

using ringlab::ErrorCode;
using namespace ringlab::systems;

namespace {

// Memcached's options by position (an aggregate left partly empty draws GCC's
// -Wmissing-field-initializers, even with designators).
MemcachedOptions options(MemcachedMode mode, std::optional<MemcachedHash> hash = std::nullopt,
                         bool sort_hosts = false) {
  MemcachedOptions o;
  o.mode = mode;
  o.hash = hash;
  o.sort_hosts = sort_hosts;
  return o;
}

ringlab::CliResult run(std::vector<std::string> args) {
  return ringlab::run_cli(args, ringlab::systems::cli_commands(), ringlab::read_file_system);
}

// The "result" of each JSON line place prints: the server text, or "null".
std::vector<std::string> results_of(const std::string& out) {
  std::vector<std::string> r;
  for (const std::string& line : golden::split(out, '\n')) {
    if (line.empty()) continue;
    const std::size_t at = line.rfind("\"result\": ");
    std::string v = line.substr(at + 10, line.size() - at - 11);
    if (v.size() >= 2 && v.front() == '"') v = v.substr(1, v.size() - 2);
    r.push_back(v);
  }
  return r;
}

void check_golden(const std::string& system) {
  const std::vector<std::string> lines = golden::split(golden::read_file("systems/" + system + ".tsv"), '\n');
  std::vector<std::string> keys;
  std::vector<std::string> config;
  std::size_t configs = 0;
  for (const std::string& line : lines) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = golden::split(line, '\t');
    if (f[0] == "key") {
      keys.push_back(golden::unhex(f[1]));
    } else if (f[0] == "config") {
      config = f;
    } else if (f[0] == "result") {
      INFO(system << ": " << config.at(1));
      std::vector<std::string> args = {"place", system};
      args.insert(args.end(), config.begin() + 2, config.end());
      args.push_back("--");
      args.insert(args.end(), keys.begin(), keys.end());
      const ringlab::CliResult r = run(args);
      REQUIRE(r.exit_code == 0);
      const std::vector<std::string> got = results_of(r.out);
      const std::vector<std::string> want(f.begin() + 1, f.end());
      REQUIRE(got.size() == keys.size());
      REQUIRE(want.size() == keys.size());
      for (std::size_t k = 0; k < keys.size(); ++k) {
        INFO("key " << k);
        CHECK(got[k] == want[k]);
      }
      ++configs;
    }
  }
  CHECK(keys.size() >= 50);
  CHECK(configs >= 10);
}

const std::vector<NginxServer> kSpecUpstream = {
    {"127.0.0.1:18081", 1}, {"127.0.0.1:18082", 2}, {"127.0.0.1:18083", 1}, {"127.0.0.1:18084", 3}};

std::string nginx_port(const NginxUpstream& u, const NginxChoice& c) {
  if (c.kind != NginxChoice::Kind::server) return "-";
  return u.servers()[c.server].address.substr(10);
}

}  // namespace

TEST_CASE("systems cache: nginx agrees with the real nginx on the golden keys", "[systems][nginx][golden]") {
  check_golden("nginx");
}

TEST_CASE("systems cache: libmemcached agrees with the real library on the golden keys",
          "[systems][memcached][golden]") {
  check_golden("memcached");
}

TEST_CASE("systems cache: nginx's ring and choices as nginx 1.22 makes them", "[systems][nginx]") {
  // The first points of 127.0.0.1:18081: crc32 of "127.0.0.1" \0 "18081" and the previous point.
  const NginxUpstream one({{"127.0.0.1:18081", 1}, {"127.0.0.1:18082", 1}}, NginxMode::consistent);
  std::vector<std::uint32_t> of_first;
  for (const auto& p : one.points())
    if (p.server == 0) of_first.push_back(p.hash);
  for (std::uint32_t v : {107741689u, 3706434429u, 1791921449u})
    CHECK(std::find(of_first.begin(), of_first.end(), v) != of_first.end());

  const NginxUpstream ch(kSpecUpstream, NginxMode::consistent);
  CHECK(ch.points().size() == 1120);
  const NginxUpstream h(kSpecUpstream, NginxMode::hash);
  std::vector<NginxServer> down = kSpecUpstream;
  down[1].down = true;
  const NginxUpstream ch_down(down, NginxMode::consistent);
  const NginxUpstream h_down(down, NginxMode::hash);
  // key: consistent, consistent with :18082 down, hash, hash with :18082 down (nginx 1.22.1).
  const std::vector<std::vector<std::string>> table = {
      {"foo", "18084", "18084", "18082", "18084"},     {"bar", "18084", "18084", "18084", "18084"},
      {"topic-a", "18083", "18083", "18084", "18084"}, {"key0", "18083", "18083", "18081", "18081"},
      {"key1", "18081", "18081", "18082", "18084"},    {"key2", "18083", "18083", "18083", "18083"}};
  for (const auto& row : table) {
    INFO(row[0]);
    CHECK(nginx_port(ch, ch.place(row[0])) == row[1]);
    CHECK(nginx_port(ch_down, ch_down.place(row[0])) == row[2]);
    CHECK(nginx_port(h, h.place(row[0])) == row[3]);
    CHECK(nginx_port(h_down, h_down.place(row[0])) == row[4]);
  }
  // Failover: foo's first try is :18082; when it fails nginx rehashes on to :18084, as when it
  // is down. Every server that is not down gets one try at most.
  const std::vector<NginxChoice> tries = h.tries("foo");
  REQUIRE(tries.size() == 4);
  CHECK(nginx_port(h, tries[0]) == "18082");
  CHECK(nginx_port(h, tries[1]) == "18084");
  std::vector<std::size_t> seen;
  for (const NginxChoice& c : tries) {
    REQUIRE(c.kind == NginxChoice::Kind::server);
    CHECK(std::find(seen.begin(), seen.end(), c.server) == seen.end());
    seen.push_back(c.server);
  }
  CHECK(h_down.tries("foo").size() == 3);
  // The consistent walk moves clockwise past the tried server.
  const std::vector<NginxChoice> ctries = ch.tries("key1");
  CHECK(nginx_port(ch, ctries[0]) == "18081");
  CHECK(ctries[1].server != ctries[0].server);
}

TEST_CASE("systems cache: where nginx's round-robin decides", "[systems][nginx]") {
  const NginxUpstream ch(kSpecUpstream, NginxMode::consistent);
  CHECK(ch.place("").kind == NginxChoice::Kind::round_robin);
  // A single server: round-robin, which has one choice.
  const NginxUpstream single({{"10.0.0.1:80", 5}}, NginxMode::consistent);
  CHECK(single.place("x") == NginxChoice{NginxChoice::Kind::server, 0});
  const NginxUpstream single_down({{"10.0.0.1:80", 1, true}}, NginxMode::hash);
  CHECK(single_down.place("x").kind == NginxChoice::Kind::none);
  // Every server down: nginx answers 502.
  const NginxUpstream all_down({{"a:1", 1, true}, {"b:1", 1, true}}, NginxMode::hash);
  CHECK(all_down.place("x").kind == NginxChoice::Kind::none);
  CHECK(all_down.place("").kind == NginxChoice::Kind::none);
  // Two of three down: the empty key's round-robin has one choice.
  const NginxUpstream one_left({{"a:1", 1, true}, {"b:1"}, {"c:1", 1, true}}, NginxMode::consistent);
  CHECK(one_left.place("") == NginxChoice{NginxChoice::Kind::server, 1});
  for (const char* k : {"foo", "bar", "x", "y"}) CHECK(one_left.place(k) == NginxChoice{NginxChoice::Kind::server, 1});
}

TEST_CASE("systems cache: nginx's host and port split of a server string", "[systems][nginx]") {
  const auto split = [](std::string_view a) {
    const auto hp = NginxUpstream::split_address(a);
    return std::string(hp.host) + "|" + std::string(hp.port);
  };
  CHECK(split("127.0.0.1:8080") == "127.0.0.1|8080");
  CHECK(split("backend1") == "backend1|");
  CHECK(split("[::1]:80") == "[::1]|80");
  CHECK(split("[::1]") == "[::1]|");
  CHECK(split("unix:/tmp/s") == "/tmp/s|");
  CHECK(split("UNIX:/tmp/s:80") == "/tmp/s:80|");
  CHECK(split("example.com:080") == "example.com|080");
  // Written differently, hashed differently: the ring takes the text as written.
  const NginxUpstream a({{"10.0.0.1:80"}, {"10.0.0.2:80"}}, NginxMode::consistent);
  const NginxUpstream b({{"10.0.0.1:080"}, {"10.0.0.2:80"}}, NginxMode::consistent);
  CHECK(a.points().front().hash != b.points().front().hash);
}

TEST_CASE("systems cache: nginx's rules and upstream text", "[systems][nginx][errors]") {
  CHECK(code_of([] { NginxUpstream({}, NginxMode::hash); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { NginxUpstream({{"a:1", 0}}, NginxMode::hash); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { NginxUpstream({{"a:1"}, {"a:1"}}, NginxMode::hash); }) == ErrorCode::duplicate_server);
  CHECK(code_of([] { NginxUpstream({{""}}, NginxMode::hash); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { NginxUpstream({{"a:1", 1000000}}, NginxMode::consistent); }) == ErrorCode::limit_exceeded);
  CHECK_NOTHROW(NginxUpstream({{"a:1", 1000000}}, NginxMode::hash));

  const NginxConfig c = parse_nginx_upstream(
      "upstream backend {\n"
      "    hash $request_uri consistent;  # the ring\n"
      "    server 127.0.0.1:18081;\n"
      "    server 127.0.0.1:18082 weight=2 max_fails=3 fail_timeout=30s;\n"
      "    server \"127.0.0.1:18083\" down;\n"
      "    server 127.0.0.1:18084 weight=3 max_conns=10;\n"
      "    keepalive 16;\n"
      "}\n");
  CHECK(c.mode == NginxMode::consistent);
  CHECK(c.key == "$request_uri");
  REQUIRE(c.servers.size() == 4);
  CHECK(c.servers[1].weight == 2);
  CHECK(c.servers[1].fail_timeout == 30);
  CHECK(c.servers[2].address == "127.0.0.1:18083");
  CHECK(c.servers[2].down);
  CHECK(c.servers[3].max_conns == 10);
  CHECK(parse_nginx_upstream("hash $arg_k; server a:1; server b:2;").mode == NginxMode::hash);

  const auto message = [](const std::string& text) {
    try {
      (void)parse_nginx_upstream(text);
    } catch (const ringlab::Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message("hash $k;\nserver a:1 weight=0;") == "upstream line 2, column 12: invalid parameter \"weight=0\"");
  CHECK(message("hash $k;\nserver a:1 backup;") ==
        "upstream line 2, column 12: balancing method does not support parameter \"backup\"");
  CHECK(message("hash $k ketama;\nserver a:1;") == "upstream line 1, column 9: invalid parameter \"ketama\"");
  CHECK(message("hash $k;\nserver a:1;\nserver a:1;") ==
        "upstream line 3, column 8: duplicate server a:1 (also on line 2)");
  CHECK(
      message("server a:1;") ==
      "upstream line 1, column 11: no \"hash\" directive: ringlab reproduces the hash method only (hash KEY [consistent])");
  CHECK(message("hash $k;") == "upstream line 1, column 8: no servers in upstream");
  CHECK(message("upstream u {\nhash $k;\nserver a:1;") ==
        "upstream line 3, column 11: unexpected end of file, expecting \"}\"");
  CHECK(message("hash $k;\nserver a:1") ==
        "upstream line 2, column 1: unexpected end of file, expecting \";\" after \"server\"");
  CHECK(message("hash $k;\nleast_conn;\nserver a:1;") ==
        "upstream line 2, column 1: \"least_conn\": ringlab reproduces the hash method only (hash KEY [consistent])");
  CHECK(message("hash $k;\nserver a:70000;") == "upstream line 2, column 8: invalid port in upstream \"a:70000\"");
  CHECK(message("hash $k;\nserver 127.0.0.1:;") ==
        "upstream line 2, column 8: invalid port in upstream \"127.0.0.1:\"");
  CHECK(message("hash $k;\nserver a:0;") == "upstream line 2, column 8: invalid port in upstream \"a:0\"");
  CHECK(parse_nginx_upstream("hash $k;\nserver unix:/tmp/a.sock;\nserver [::1];").servers.size() == 2);
  CHECK(code_of([] { NginxUpstream({{"a:"}}, NginxMode::hash); }) == ErrorCode::invalid_argument);
  CHECK(message("hash $k;\nserver \"a:1;") ==
        "upstream line 2, column 8: unexpected end of file, expecting the closing quote");
  CHECK(message("hash $k;\nfoo bar;\nserver a:1;") == "upstream line 2, column 1: unknown directive \"foo\"");
  CHECK(code_of([] { (void)parse_nginx_upstream("hash $k; server a:1; server a:1;"); }) == ErrorCode::duplicate_server);
}

TEST_CASE("systems cache: libhashkit's key hashes, quirks included", "[systems][memcached]") {
  // memcached_generate_hash_value() of libmemcached 1.1.4 on x86-64.
  struct Row {
    std::string key;
    std::uint32_t oaat, md5, crc, fnv1a_32, murmur3;
  };
  const std::vector<Row> rows = {
      {"foo", 596015325u, 3675831724u, 3187u, 2851307223u, 2784297138u},
      {"topic-a", 3787826179u, 1075459729u, 4891u, 1891927710u, 688124613u},
      {"hello", 3372029979u, 708854109u, 13840u, 1335831723u, 1067880409u},
      {"caf\xc3\xa9", 3650908318u, 3833532679u, 6317u, 1970454601u, 592794272u},
      {"\xff", 2925896852u, 3561969920u, 32512u, 4193493326u, 2014273854u},
  };
  for (const Row& r : rows) {
    INFO(r.key);
    CHECK(memcached_hash_value(MemcachedHash::default_hash, r.key) == r.oaat);
    CHECK(memcached_hash_value(MemcachedHash::md5, r.key) == r.md5);
    CHECK(memcached_hash_value(MemcachedHash::crc, r.key) == r.crc);
    CHECK(memcached_hash_value(MemcachedHash::fnv1a_32, r.key) == r.fnv1a_32);
    CHECK(memcached_hash_value(MemcachedHash::murmur3, r.key) == r.murmur3);
  }
  // The library's other hashes of "foo" (memcached_generate_hash_value).
  CHECK(memcached_hash_value(MemcachedHash::fnv1_64, "foo") == 1805727027u);
  CHECK(memcached_hash_value(MemcachedHash::fnv1a_64, "foo") == 4275688823u);
  CHECK(memcached_hash_value(MemcachedHash::fnv1_32, "foo") == 1083137555u);
  CHECK(memcached_hash_value(MemcachedHash::murmur, "foo") == 3303027599u);
  CHECK(memcached_hash_value(MemcachedHash::jenkins, "foo") == 2583187353u);
}

TEST_CASE("systems cache: libmemcached's distributions and behaviours", "[systems][memcached]") {
  const std::vector<MemcachedServer> three = {{"10.0.0.1", 11211}, {"10.0.0.2", 11211}, {"10.0.0.3", 11212}};
  const std::vector<std::string> keys = {"foo", "bar", "topic-a", "user:1000", "hello"};
  const auto indexes = [&](const MemcachedOptions& o, const std::vector<MemcachedServer>& servers) {
    const Memcached m(servers, o);
    std::vector<std::size_t> out;
    for (const std::string& k : keys) out.push_back(*m.place(k));
    return out;
  };
  using V = std::vector<std::size_t>;
  // memcached_generate_hash() indexes from libmemcached 1.1.4.
  CHECK(indexes({}, three) == V{0, 1, 1, 2, 0});
  CHECK(indexes(options(MemcachedMode::modula, MemcachedHash::md5), three) == V{1, 2, 1, 0, 0});
  CHECK(indexes(options(MemcachedMode::behavior_ketama), three) == V{1, 0, 0, 1, 1});
  CHECK(indexes(options(MemcachedMode::behavior_ketama, MemcachedHash::md5), three) == V{2, 1, 2, 2, 2});
  CHECK(indexes(options(MemcachedMode::behavior_ketama_weighted), three) == V{1, 1, 0, 2, 1});
  CHECK(indexes(options(MemcachedMode::consistent_ketama_spy), three) == V{2, 1, 0, 1, 0});
  // KETAMA does not change the key hash; KETAMA_WEIGHTED makes it MD5.
  CHECK(Memcached(three, options(MemcachedMode::behavior_ketama)).hash() == MemcachedHash::default_hash);
  CHECK(Memcached(three, options(MemcachedMode::behavior_ketama_weighted)).hash() == MemcachedHash::md5);

  // Weights 3/1/7/2 under KETAMA_WEIGHTED: 144, 48, 344 and 96 points.
  const std::vector<MemcachedServer> weighted = {
      {"10.0.0.1", 11211, 3}, {"10.0.0.2", 11212, 1}, {"10.0.0.3", 11213, 7}, {"10.0.0.4", 11211, 2}};
  const Memcached w(weighted, options(MemcachedMode::behavior_ketama_weighted));
  CHECK(w.continuum().size() == 632);
  std::vector<std::size_t> per(4, 0);
  for (const auto& p : w.continuum()) ++per[p.server];
  CHECK(per == V{144, 48, 344, 96});
  CHECK(indexes(options(MemcachedMode::behavior_ketama_weighted), weighted) == V{0, 2, 2, 3, 2});
  // A weight above 1 turns the weighted continuum on under a consistent distribution, not
  // under modula.
  CHECK(Memcached(weighted, options(MemcachedMode::behavior_ketama)).weighted());
  CHECK(Memcached(weighted, options(MemcachedMode::consistent)).weighted());
  CHECK_FALSE(Memcached(three, options(MemcachedMode::behavior_ketama)).weighted());
  CHECK_FALSE(Memcached(weighted, options(MemcachedMode::modula)).weighted());

  // Keys the library refuses: empty, and 251 bytes or more.
  const Memcached m(three, {});
  CHECK_FALSE(m.place("").has_value());
  CHECK(m.place(std::string(250, 'k')).has_value());
  CHECK_FALSE(m.place(std::string(251, 'k')).has_value());
  // One server: the library skips hashing.
  CHECK(Memcached({{"a"}}, options(MemcachedMode::consistent_ketama)).place("x") == std::optional<std::size_t>(0));
  // SORT_HOSTS: by host, then port.
  const Memcached sorted({{"b", 2}, {"a", 11212}, {"a", 11211}}, options(MemcachedMode::modula, std::nullopt, true));
  CHECK(sorted.server_name(0) == "a:11211");
  CHECK(sorted.server_name(1) == "a:11212");
  CHECK(sorted.server_name(2) == "b:2");
}

TEST_CASE("systems cache: libmemcached's own ketama fixture", "[systems][memcached]") {
  // test/fixtures/ketama.hpp: 10.0.1.1 .. 10.0.1.8 on 11211, KETAMA_WEIGHTED.
  std::vector<MemcachedServer> servers;
  const std::int64_t weights[] = {600, 300, 200, 350, 1000, 800, 950, 100};
  for (int i = 0; i < 8; ++i) servers.push_back({"10.0.1." + std::to_string(i + 1), 11211, weights[i]});
  const Memcached m(servers, options(MemcachedMode::behavior_ketama_weighted));
  CHECK(m.continuum().size() == 1264);
  CHECK(m.server_name(*m.place("SVa_]_V41)")) == "10.0.1.7:11211");
  CHECK(m.server_name(*m.place("*/Z;?V(.\\8")) == "10.0.1.1:11211");
  CHECK(m.server_name(*m.place("30C1*Z*S/_")) == "10.0.1.2:11211");
  CHECK(m.server_name(*m.place("1I=cTMNTKF")) == "10.0.1.5:11211");
  CHECK(memcached_hash_value(MemcachedHash::md5, "SVa_]_V41)") == 443691461u);
  CHECK(memcached_hash_value(MemcachedHash::md5, "*/Z;?V(.\\8") == 1422915503u);
  // Past the last point: the first point's server.
  CHECK(memcached_hash_value(MemcachedHash::md5, "VDEAAAAA") == 0xfffcd1b5u);
  CHECK(*m.place("VDEAAAAA") == m.continuum().front().server);
}

TEST_CASE("systems cache: libmemcached's server string and rules", "[systems][memcached][errors]") {
  const std::vector<MemcachedServer> s =
      parse_memcached_servers("10.0.0.1:11211 3,10.0.0.2:11212:1, [::1]:11213 2,cache");
  REQUIRE(s.size() == 4);
  CHECK(s[0].weight == 3);
  CHECK(s[1].port == 11212);
  CHECK(s[2].host == "[::1]");
  CHECK(s[2].weight == 2);
  CHECK(s[3].host == "cache");
  CHECK(s[3].port == 11211);
  const auto message = [](const std::string& text) {
    try {
      (void)parse_memcached_servers(text);
    } catch (const ringlab::Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message("a,,b") == "server string column 3: empty entry (libmemcached would read it as localhost)");
  CHECK(message("a:0") == "server string column 3: port must be between 1 and 65535, got 0");
  CHECK(message("a:70000") == "server string column 3: port must be between 1 and 65535, got 70000");
  CHECK(message("a:1 0") == "server string column 5: weight must be between 1 and 4294967295, got 0");
  CHECK(message("a:1,a:1") == "server string column 5: duplicate server a:1");
  CHECK(message("a 3") ==
        "server string column 2: a host name must not hold white space or control characters "
        "(a weight needs a port first: host:port weight)");
  CHECK(message("a:1x") == "server string column 4: expected a space or ':' and a weight after the port");
  CHECK(message("") == "server string must list at least one server, got none");
  CHECK(code_of([] { Memcached({}, {}); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { Memcached({{"a", 11211, 0}}, {}); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { Memcached({{"a", 0}}, {}); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { Memcached({{"a"}, {"a", 11211}}, {}); }) == ErrorCode::duplicate_server);
  CHECK(code_of([] { Memcached({{""}}, {}); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { (void)memcached_mode_from_name("ketama"); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { (void)memcached_hash_from_name("hsieh"); }) == ErrorCode::invalid_argument);
}

TEST_CASE("systems cache: the original libketama", "[systems][libketama]") {
  // python_ketama/tests.py.
  CHECK(Libketama::hash("test") == 3446378249u);
  const Libketama k({{"127.0.0.1:11211", 600}, {"127.0.0.1:11212", 400}});
  CHECK(k.continuum().size() == 320);
  CHECK(k.servers()[k.place("test")].address == "127.0.0.1:11211");
  const auto at = std::lower_bound(k.continuum().begin(), k.continuum().end(), Libketama::hash("test"),
                                   [](const Libketama::Point& p, std::uint32_t v) { return p.value < v; });
  CHECK(at->value == 3454255383u);
  // Unlike libmemcached, the port is always in the point strings: the two differ on 11211.
  const Memcached mc({{"127.0.0.1", 11211, 600}, {"127.0.0.1", 11212, 400}},
                     options(MemcachedMode::behavior_ketama_weighted));
  std::size_t differ = 0;
  for (int i = 0; i < 200; ++i) {
    const std::string key = "key" + std::to_string(i);
    if (k.servers()[k.place(key)].address != mc.server_name(*mc.place(key))) ++differ;
  }
  CHECK(differ > 0);

  const std::vector<KetamaServer> file =
      parse_ketama_servers("# servers\n127.0.0.1:11211\t600\n\n127.0.0.1:11212 400\n");
  REQUIRE(file.size() == 2);
  CHECK(file[1].memory == 400);
  CHECK(code_of([] { (void)parse_ketama_servers("127.0.0.1:11211\t600"); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { (void)parse_ketama_servers("127.0.0.1:11212 two\n"); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { (void)parse_ketama_servers("a 1\na 2\n"); }) == ErrorCode::duplicate_server);
  CHECK(code_of([] { Libketama({}); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { Libketama({{"a", 0}}); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { Libketama({{"0123456789012345678901", 1}}); }) == ErrorCode::invalid_argument);
  CHECK(code_of([] { Libketama({{"a", 1}, {"a", 2}}); }) == ErrorCode::duplicate_server);
  std::vector<KetamaServer> many;
  for (int i = 0; i < 200; ++i) many.push_back({"10.0.0." + std::to_string(i), 1});
  CHECK(code_of([&] { Libketama{many}; }) == ErrorCode::limit_exceeded);
}

TEST_CASE("systems cache: place nginx, memcached and libketama on the command line", "[systems][cli]") {
  ringlab::CliResult r =
      run({"place", "nginx", "--servers", "127.0.0.1:18081,127.0.0.1:18082=2,127.0.0.1:18083,127.0.0.1:18084=3",
           "--mode", "consistent", "foo", ""});
  CHECK(r.exit_code == 0);
  CHECK(r.out == "{\"key\": \"foo\", \"result\": \"127.0.0.1:18084\"}\n{\"key\": \"\", \"result\": null}\n");
  r = run({"place", "memcached", "--servers", "10.0.0.1,10.0.0.2:11211,10.0.0.3:11212", "--mode", "behavior_ketama",
           "--", "foo", "--x"});
  CHECK(r.exit_code == 0);
  CHECK(results_of(r.out) == std::vector<std::string>{"10.0.0.2:11211", "10.0.0.3:11212"});
  r = run({"place", "libketama", "--servers", "127.0.0.1:11211=600,127.0.0.1:11212=400", "test"});
  CHECK(r.out == "{\"key\": \"test\", \"result\": \"127.0.0.1:11211\"}\n");

  const auto err = [](std::vector<std::string> args) {
    const ringlab::CliResult e = run(args);
    CHECK(e.exit_code == 2);
    return e.err;
  };
  CHECK(err({"place", "nginx", "--servers", "a:1=0", "k"}) ==
        "ringlab: --servers entry 1 (\"a:1=0\"): weight must be between 1 and 1000000, got 0\n");
  CHECK(err({"place", "nginx", "--servers", "a:1,a:1", "k"}) == "ringlab: duplicate server a:1\n");
  CHECK(err({"place", "nginx", "--servers", "a:1", "--down", "b:1", "k"}) ==
        "ringlab: --down names \"b:1\", which is not one of the servers\n");
  CHECK(err({"place", "nginx", "--servers", "a:1", "--mode", "ketama", "k"}) ==
        "ringlab: --mode must be consistent or hash, got \"ketama\"\n");
  CHECK(err({"place", "nginx", "--servers", "a:1,,b:1", "k"}) ==
        "ringlab: --servers entry 2 must be ADDR or ADDR=W, got \"\"\n");
  CHECK(err({"place", "memcached", "--servers", "a", "--hash", "hsieh", "k"}) ==
        "ringlab: --hash must be default, md5, crc, fnv1_64, fnv1a_64, fnv1_32, fnv1a_32, murmur, jenkins or "
        "murmur3, got \"hsieh\"\n");
  CHECK(err({"place", "memcached", "--servers", "a:0", "k"}) ==
        "ringlab: --servers entry 1 (\"a:0\"): port must be between 1 and 65535, got 0\n");
  CHECK(err({"place", "memcached", "--server-string", "a:1 2,,b", "k"}) ==
        "ringlab: server string column 7: empty entry (libmemcached would read it as localhost)\n");
  CHECK(err({"place", "memcached", "--server-string", "a", "--servers", "a", "k"}) ==
        "ringlab: place memcached takes --servers or --server-string, not both\n");
  r = run({"place", "memcached", "--server-string", "10.0.0.1:11211 3,10.0.0.2:11212:1", "--mode", "behavior_ketama",
           "foo"});
  CHECK(r.out == "{\"key\": \"foo\", \"result\": \"10.0.0.1:11211\"}\n");
  CHECK(err({"place", "libketama", "--servers", "a", "k"}) ==
        "ringlab: --servers entry 1 must be ADDR=MEMORY, got \"a\"\n");
  CHECK(err({"place", "memcached", "--servers", "a"}) ==
        "ringlab: place memcached needs keys: --keys FILE or KEY...\n");
}

TEST_CASE("systems cache: place nginx --upstream reads an upstream block", "[systems][cli]") {
  const std::string dir = std::filesystem::temp_directory_path().string();
  const std::string good = dir + "/ringlab-test-upstream-good.conf";
  const std::string bad = dir + "/ringlab-test-upstream-bad.conf";
  std::ofstream(good) << "upstream backend {\n  hash $request_uri consistent;\n  server 127.0.0.1:18081;\n"
                         "  server 127.0.0.1:18082 weight=2;\n  server 127.0.0.1:18083;\n"
                         "  server 127.0.0.1:18084 weight=3;\n}\n";
  std::ofstream(bad) << "upstream backend {\n  hash $request_uri consistent;\n  server 127.0.0.1:18081 weight=x;\n}\n";
  ringlab::CliResult r = run({"place", "nginx", "--upstream", good, "foo", "key1"});
  CHECK(r.exit_code == 0);
  CHECK(results_of(r.out) == std::vector<std::string>{"127.0.0.1:18084", "127.0.0.1:18081"});
  r = run({"place", "nginx", "--upstream", good, "--down", "127.0.0.1:18081", "key1"});
  CHECK(results_of(r.out) != std::vector<std::string>{"127.0.0.1:18081"});
  r = run({"place", "nginx", "--upstream", bad, "foo"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "ringlab: upstream line 3, column 26: invalid parameter \"weight=x\"\n");
  r = run({"place", "nginx", "--upstream", good, "--mode", "hash", "foo"});
  CHECK(r.err == "ringlab: place nginx --upstream takes its mode from the hash directive, not --mode\n");
  r = run({"place", "nginx", "--upstream", dir + "/ringlab-no-such-file.conf", "foo"});
  CHECK(r.err == "ringlab: cannot read --upstream file \"" + dir + "/ringlab-no-such-file.conf\"\n");
  std::remove(good.c_str());
  std::remove(bad.c_str());
}

TEST_CASE("systems cache: place nginx --tries prints the failover order tries() gives", "[systems][cli][nginx]") {
  for (const char* mode : {"hash", "consistent"}) {
    INFO(mode);
    const std::vector<std::string> base = {"place",  "nginx", "--servers", "s1:80,s2:80=2,s3:80,s4:80=3",
                                           "--mode", mode,    "--down",    "s3:80"};
    std::vector<NginxServer> servers = {{"s1:80"}, {"s2:80", 2}, {"s3:80", 1, true}, {"s4:80", 3}};
    const NginxUpstream upstream(servers, std::string(mode) == "consistent" ? NginxMode::consistent : NginxMode::hash);
    std::vector<std::string> args = base;
    args.emplace_back("--tries");
    std::vector<std::string> keys;
    for (int i = 0; i < 200; ++i) keys.push_back("user:" + std::to_string(i));
    keys.emplace_back("");
    args.insert(args.end(), keys.begin(), keys.end());
    const ringlab::CliResult r = run(args);
    REQUIRE(r.exit_code == 0);
    std::vector<std::string> base_keys = base;
    base_keys.insert(base_keys.end(), keys.begin(), keys.end());
    const ringlab::CliResult first = run(base_keys);
    REQUIRE(first.exit_code == 0);
    std::size_t at = 0, at_first = 0;
    for (const std::string& key : keys) {
      const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
      at = r.out.find('\n', at) + 1;
      const std::string first_line = first.out.substr(at_first, first.out.find('\n', at_first) - at_first);
      at_first = first.out.find('\n', at_first) + 1;
      std::string expected = "[";
      for (const NginxChoice& c : upstream.tries(key)) {
        if (c.kind == NginxChoice::Kind::none) break;
        if (expected.size() > 1) expected += ", ";
        if (c.kind == NginxChoice::Kind::round_robin) {
          expected += "null";
          break;
        }
        expected += "\"" + upstream.servers()[c.server].address + "\"";
      }
      expected += "]";
      INFO(key);
      CHECK(line.substr(line.find("\"result\": ") + 10) == expected + "}");
      // The first try is the server place gives; a down server is never tried.
      const std::string place_result = first_line.substr(first_line.find("\"result\": ") + 10);
      const std::string first_try =
          expected == "[]" ? "null}" : expected.substr(1, expected.find_first_of(",]") - 1) + "}";
      CHECK(place_result == first_try);
      CHECK(expected.find("s3:80") == std::string::npos);
    }
  }
}

TEST_CASE("systems cache: a --servers entry may be written as nginx's server directive", "[systems][cli][nginx]") {
  // "10.0.0.1:80 weight=2" is the server 10.0.0.1:80 of weight 2, as in an upstream block (it
  // was once a server named "10.0.0.1:80 weight").
  const std::vector<std::string> keys = {"foo", "bar", "key1", "key2", "key3", "user:42", ""};
  const auto placed = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"place", "nginx"});
    args.emplace_back("--");
    args.insert(args.end(), keys.begin(), keys.end());
    const ringlab::CliResult r = run(args);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    return r.out;
  };
  for (const std::string mode : {"consistent", "hash"}) {
    const std::string as_directive =
        placed({"--servers",
                "10.0.0.1:80 weight=2,10.0.0.2:80, 10.0.0.3:80  weight=3 max_fails=2 fail_timeout=30s max_conns=9",
                "--mode", mode});
    CHECK(as_directive == placed({"--servers", "10.0.0.1:80=2,10.0.0.2:80,10.0.0.3:80=3", "--mode", mode}));
    CHECK(as_directive.find("weight") == std::string::npos);
    // nginx's own "down" is the --down list's mark.
    CHECK(placed({"--servers", "10.0.0.1:80 weight=2 down,10.0.0.2:80,10.0.0.3:80", "--mode", mode}) ==
          placed({"--servers", "10.0.0.1:80=2,10.0.0.2:80,10.0.0.3:80", "--down", "10.0.0.1:80", "--mode", mode}));
  }
  const auto err = [](const std::string& servers) {
    const ringlab::CliResult e = run({"place", "nginx", "--servers", servers, "k"});
    CHECK(e.exit_code == 2);
    return e.err;
  };
  CHECK(err("a:1 weight=0") == "ringlab: --servers entry 1 (\"a:1 weight=0\"): invalid parameter \"weight=0\"\n");
  CHECK(err("a:1,b:1 weight=2000000") ==
        "ringlab: --servers entry 2 (\"b:1 weight=2000000\"): weight must be between 1 and 1000000, got 2000000\n");
  CHECK(err("a:1 backup") ==
        "ringlab: --servers entry 1 (\"a:1 backup\"): balancing method does not support parameter \"backup\"\n");
  CHECK(err("a:1 weight 2") == "ringlab: --servers entry 1 (\"a:1 weight 2\"): invalid parameter \"weight\"\n");
  CHECK(err("a:1, ") == "ringlab: --servers entry 2 must be ADDR or ADDR=W, got \" \"\n");
}

TEST_CASE("systems cache: libmemcached's server string as memcached_servers_parse() reads it",
          "[systems][memcached][errors]") {
  // tests/systems/memcached.mjs holds many more strings to the library itself.
  const auto servers = [](const std::string& text) {
    std::string out;
    for (const MemcachedServer& s : parse_memcached_servers(text))
      out += s.host + ":" + std::to_string(s.port) + "=" + std::to_string(s.weight) + ";";
    return out;
  };
  // A line's end after the port, and white space after a weight before a comma: the library
  // reads them as nothing.
  CHECK(servers("10.0.0.1:11211\n") == "10.0.0.1:11211=1;");
  CHECK(servers("10.0.0.1:11211 2\n") == "10.0.0.1:11211=2;");
  CHECK(servers("a:11211 2 ,b:11212") == "a:11211=2;b:11212=1;");
  CHECK(servers("a:11211 2 ,") == "a:11211=2;");
  CHECK(servers("a:11211:3\n,b") == "a:11211=3;b:11211=1;");
  CHECK(servers("a:1 \t 5\t") == "a:1=5;");
  CHECK(servers("a:1 ") == "a:1=1;");
  // A server without a port is one server, on 11211.
  CHECK(servers("cache") == "cache:11211=1;");
  CHECK(servers("a,b:1") == "a:11211=1;b:1=1;");
  const auto message = [](const std::string& text) {
    try {
      (void)parse_memcached_servers(text);
    } catch (const ringlab::Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message("a,b\n") ==
        "server string column 4: white space after a host without a port (libmemcached would keep it in the "
        "host's name: write HOST:PORT)");
  CHECK(message("a:1\nb:2") ==
        "server string column 4: a line break after the port: libmemcached separates servers by commas, and reads "
        "no weight after a line break");
  CHECK(message("a:1\t2") == "server string column 4: expected a space or ':' and a weight after the port");
  CHECK(message("a:1:3 ") == "server string column 6: unexpected text after the weight");
  CHECK(message("a:1 2 3") == "server string column 7: unexpected text after the weight");
  CHECK(message("a:1 x") == "server string column 5: weight must be a decimal number");
}

TEST_CASE("systems cache: place libketama --server-file reads libketama's server file", "[systems][cli][libketama]") {
  const std::string dir = std::filesystem::temp_directory_path().string();
  const std::string good = dir + "/ringlab-test-ketama-good.servers";
  const std::string bad = dir + "/ringlab-test-ketama-bad.servers";
  std::ofstream(good) << "# ketama.servers\n127.0.0.1:11211\t600\n\n127.0.0.1:11212\t400\n";
  std::ofstream(bad) << "127.0.0.1:11211\t600\n127.0.0.1:11212\t4x\n";
  const std::vector<std::string> keys = {"test", "foo", "bar", "key1", "key2", ""};
  const auto placed = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"place", "libketama"});
    args.emplace_back("--");
    args.insert(args.end(), keys.begin(), keys.end());
    return run(args);
  };
  const ringlab::CliResult r = placed({"--server-file", good});
  CHECK(r.exit_code == 0);
  CHECK(r.out == placed({"--servers", "127.0.0.1:11211=600,127.0.0.1:11212=400"}).out);
  CHECK(r.out.rfind("{\"key\": \"test\", \"result\": \"127.0.0.1:11211\"}\n", 0) == 0);
  ringlab::CliResult e = placed({"--server-file", bad});
  CHECK(e.exit_code == 2);
  CHECK(e.err == "ringlab: server list line 2, column 18: unexpected text after the memory\n");
  e = placed({"--server-file", good, "--servers", "a=1"});
  CHECK(e.err == "ringlab: place libketama takes --servers or --server-file, not both\n");
  e = placed({"--server-file", dir + "/ringlab-no-such-file.servers"});
  CHECK(e.err == "ringlab: cannot read --server-file file \"" + dir + "/ringlab-no-such-file.servers\"\n");
  std::remove(good.c_str());
  std::remove(bad.c_str());
}

}  // namespace test_systems_cache
