// twemproxy (nutcracker 0.5.0) in the systems library: its key hashes against twemproxy's own
// vectors (src/test_all.c, which match libmemcached's hash_results.h), the pool's rules as
// nutcracker's source has them (servers sorted by name, names, modula's weighted table, ketama's
// points over the live servers, hash_tag), and each error. tests/systems/twemproxy.mjs holds the
// same placements to the real nutcracker.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "ringlab/systems/hashes.hpp"
#include "ringlab/systems/twemproxy.hpp"

namespace test_twemproxy {

using namespace ringlab::systems;

namespace {

TwemproxyServer server(const std::string& line, bool ejected = false) {
  TwemproxyServer s = parse_twemproxy_server(line);
  s.ejected = ejected;
  return s;
}

TwemproxyOptions pool(TwemproxyDistribution d, TwemproxyHash h, std::string tag = "") {
  TwemproxyOptions o;
  o.distribution = d;
  o.hash = h;
  o.hash_tag = std::move(tag);
  return o;
}

std::vector<std::string> keys(std::size_t n) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back("user:" + std::to_string(i * 7919 % 100003) + "\xe9");
  return out;
}

}  // namespace

TEST_CASE("twemproxy: every key hash matches twemproxy's own vectors for \"apple\"") {
  // src/test_all.c, test_hash_algorithms.
  CHECK(twemproxy_hash_value(TwemproxyHash::one_at_a_time, "apple") == 2297466611u);
  CHECK(twemproxy_hash_value(TwemproxyHash::md5, "apple") == 3195025439u);
  CHECK(twemproxy_hash_value(TwemproxyHash::crc16, "apple") == 3662830516u);
  CHECK(twemproxy_hash_value(TwemproxyHash::crc32, "apple") == 10542u);
  CHECK(twemproxy_hash_value(TwemproxyHash::crc32a, "apple") == 2838417488u);
  CHECK(twemproxy_hash_value(TwemproxyHash::fnv1_32, "apple") == 67176023u);
  CHECK(twemproxy_hash_value(TwemproxyHash::fnv1a_32, "apple") == 280767167u);
  CHECK(twemproxy_hash_value(TwemproxyHash::fnv1_64, "apple") == 473199127u);
  CHECK(twemproxy_hash_value(TwemproxyHash::fnv1a_64, "apple") == 1488911807u);
  CHECK(twemproxy_hash_value(TwemproxyHash::hsieh, "apple") == 3738850110u);
  CHECK(twemproxy_hash_value(TwemproxyHash::jenkins, "apple") == 1442444624u);
  CHECK(twemproxy_hash_value(TwemproxyHash::murmur, "apple") == 4142305122u);
  // ketama_hash of a point string, words 0 and 3 of its MD5.
  CHECK(md5_word(md5("server1-8"), 0) == 3853726576u);
  CHECK(md5_word(md5("server1-8"), 3) == 2667054752u);
}

TEST_CASE(
    "twemproxy: crc16 keeps 32 bits whose low half is CRC16/XMODEM, and hsieh reads a 3-byte tail's last byte signed") {
  for (const std::string k : {"apple", "123456789", "a", "\xff\x80z"})
    CHECK((twemproxy_crc16(k) & 0xFFFFu) == crc16_xmodem(k));
  CHECK(twemproxy_crc16("123456789") > 0xFFFFu);
  CHECK(hsieh("") == 0u);
  // The third byte of a 3-byte tail reaches bits 18 and up only: 0x7f and 0xff differ in more
  // than the byte's own bits once sign-extended.
  const std::uint32_t a = hsieh("ab\x7f"), b = hsieh("ab\xff");
  CHECK(a != b);
}

TEST_CASE("twemproxy: a server's name is its own, else host:port, else the host for port 11211") {
  CHECK(twemproxy_server_name(server("10.0.0.1:11211:1")) == "10.0.0.1");
  CHECK(twemproxy_server_name(server("10.0.0.1:11212:1")) == "10.0.0.1:11212");
  CHECK(twemproxy_server_name(server("10.0.0.1:11211:3 cache-a")) == "cache-a");
  const TwemproxyServer s = server("host.example:22122:7 b");
  CHECK(s.host == "host.example");
  CHECK(s.port == 22122);
  CHECK(s.weight == 7);
}

TEST_CASE("twemproxy: the pool's order is by name, shorter names first") {
  const Twemproxy t({server("a:1:1 zz"), server("a:2:1 b"), server("a:3:1 aaa"), server("a:4:1 ab")},
                    pool(TwemproxyDistribution::modula, TwemproxyHash::fnv1a_64));
  REQUIRE(t.servers().size() == 4);
  CHECK(t.name(0) == "b");
  CHECK(t.name(1) == "ab");
  CHECK(t.name(2) == "zz");
  CHECK(t.name(3) == "aaa");
}

TEST_CASE("twemproxy: modula is the key's hash modulo the live weights, each server weight times in order") {
  for (const TwemproxyHash h : {TwemproxyHash::fnv1a_64, TwemproxyHash::md5, TwemproxyHash::crc16}) {
    const Twemproxy t({server("h:1:3 a"), server("h:2:1 b"), server("h:3:2 c", true), server("h:4:4 d")},
                      pool(TwemproxyDistribution::modula, h));
    // The table modula_update writes: a three times, b once, d four times (c is ejected).
    const std::vector<std::string> table = {"a", "a", "a", "b", "d", "d", "d", "d"};
    for (const std::string& k : keys(500)) {
      const auto at = t.place(k);
      REQUIRE(at.has_value());
      CHECK(t.name(*at) == table[twemproxy_hash_value(h, k) % table.size()]);
    }
  }
}

TEST_CASE("twemproxy: ketama gives equal servers 160 points, and an ejected server leaves the continuum") {
  const std::vector<TwemproxyServer> all = {server("10.0.0.1:11211:1"), server("10.0.0.2:11211:1"),
                                            server("10.0.0.3:11211:1")};
  const Twemproxy full(all, pool(TwemproxyDistribution::ketama, TwemproxyHash::fnv1a_64));
  CHECK(full.continuum().size() == 3 * 160);
  std::vector<TwemproxyServer> one_out = all;
  one_out[1].ejected = true;
  const Twemproxy ejected(one_out, pool(TwemproxyDistribution::ketama, TwemproxyHash::fnv1a_64));
  const Twemproxy removed({all[0], all[2]}, pool(TwemproxyDistribution::ketama, TwemproxyHash::fnv1a_64));
  CHECK(ejected.continuum().size() == 2 * 160);
  CHECK(ejected.live() == 2);
  // Ejecting a server builds the continuum a pool without it has: every key goes where it would.
  std::size_t moved = 0;
  for (const std::string& k : keys(2000)) {
    const auto a = ejected.place(k), b = removed.place(k), c = full.place(k);
    REQUIRE(a.has_value());
    REQUIRE(b.has_value());
    CHECK(ejected.name(*a) == removed.name(*b));
    if (full.name(*c) != ejected.name(*a)) {
      ++moved;
      CHECK(full.name(*c) == "10.0.0.2");  // equal weights: only the ejected server's keys move
    }
  }
  CHECK(moved > 0);
}

TEST_CASE("twemproxy: hash_tag hashes the bytes between the tags, when there are any") {
  const Twemproxy t({server("a:1:1"), server("a:2:1"), server("a:3:1"), server("a:4:1")},
                    pool(TwemproxyDistribution::ketama, TwemproxyHash::fnv1a_64, "{}"));
  CHECK(t.tagged("user:{42}:cart") == "42");
  CHECK(t.tagged("{}x") == "{}x");
  CHECK(t.tagged("x{y") == "x{y");
  CHECK(t.tagged("}{ab}{c}") == "ab");
  for (const std::string& k : keys(200)) CHECK(t.place("x{" + k + "}y") == t.place(k));
  CHECK(t.key_hash("{}") == twemproxy_hash_value(TwemproxyHash::fnv1a_64, "{}"));
}

TEST_CASE("twemproxy: one server takes every key unhashed, and with every server ejected none") {
  const Twemproxy one({server("a:1:5")}, pool(TwemproxyDistribution::ketama, TwemproxyHash::md5));
  CHECK(one.key_hash("anything") == 0u);
  CHECK(one.place("anything") == std::optional<std::size_t>(0));
  const Twemproxy none({server("a:1:1", true), server("a:2:1", true)},
                       pool(TwemproxyDistribution::modula, TwemproxyHash::md5));
  CHECK(none.place("k") == std::nullopt);
  CHECK(none.live() == 0);
}

TEST_CASE("twemproxy: each refusal is a named error") {
  using V = std::vector<std::string>;
  CHECK(error_of([] { (void)twemproxy_distribution_from_name("random"); })[1] == "twRandom");
  CHECK(error_of([] { (void)twemproxy_distribution_from_name("vnode"); })[1] == "oneOf");
  CHECK(error_of([] { (void)twemproxy_hash_from_name("murmur3"); })[1] == "oneOf");
  CHECK(error_of([] { (void)parse_twemproxy_server("a:1"); })[1] == "twServerForm");
  CHECK(error_of([] { (void)parse_twemproxy_server("/tmp/mc.sock:1"); })[1] == "twSocket");
  CHECK(error_of([] { (void)parse_twemproxy_server("a:1:0"); }) ==
        V{"out_of_range", "between", "weight", "weight must be between 1 and 2147483647, got 0"});
  CHECK(error_of([] { (void)parse_twemproxy_server("a:99999:1"); })[3] ==
        "port must be between 1 and 65535, got 99999");
  CHECK(error_of([] { (void)parse_twemproxy_server(":1:1"); })[1] == "emptyHost");
  CHECK(error_of([] { (void)parse_twemproxy_server("a:1:x"); })[1] == "decimal");
  CHECK(error_of([] {
          (void)Twemproxy({server("a:11211:1"), server("b:1:1 a")},
                          pool(TwemproxyDistribution::ketama, TwemproxyHash::md5));
        })[1] == "duplicateServer");
  CHECK(error_of([] {
          (void)Twemproxy({server("a:1:1")}, pool(TwemproxyDistribution::ketama, TwemproxyHash::md5, "{"));
        })[1] == "twHashTag");
  CHECK(error_of([] {
          (void)Twemproxy({server("a:1:2147483647"), server("a:2:2147483647"), server("a:3:2")},
                          pool(TwemproxyDistribution::modula, TwemproxyHash::md5));
        })[1] == "twTotalWeight");
}

TEST_CASE("twemproxy: nutcracker's YAML gives the pool its flags would") {
  const std::string yaml =
      "# two pools\n"
      "alpha:\n"
      "  listen: 127.0.0.1:22121\n"
      "  hash: murmur   # a comment\n"
      "  distribution: modula\n"
      "  hash_tag: \"{}\"\n"
      "  auto_eject_hosts: true\n"
      "  server_retry_timeout: 30000\n"
      "  servers:\n"
      "   - 10.0.0.1:11211:1\n"
      "   - '10.0.0.2:11212:2 b'\n"
      "beta:\n"
      "  servers:\n"
      "  - 10.0.0.9:11211:1\n";
  const TwemproxyPool a = parse_twemproxy_config(yaml, "alpha");
  CHECK(a.name == "alpha");
  CHECK(a.options.hash == TwemproxyHash::murmur);
  CHECK(a.options.distribution == TwemproxyDistribution::modula);
  CHECK(a.options.hash_tag == "{}");
  CHECK(a.auto_eject_hosts);
  REQUIRE(a.servers.size() == 2);
  CHECK(twemproxy_server_name(a.servers[1]) == "b");
  CHECK(a.servers[1].weight == 2);
  const TwemproxyPool b = parse_twemproxy_config(yaml, "beta");
  CHECK(b.options.hash == TwemproxyHash::fnv1a_64);  // nutcracker's defaults
  CHECK(b.options.distribution == TwemproxyDistribution::ketama);
  CHECK(!b.auto_eject_hosts);
  REQUIRE(b.servers.size() == 1);
  CHECK(b.servers[0].host == "10.0.0.9");
}

TEST_CASE("twemproxy: a configuration nutcracker would read otherwise is an error naming its line") {
  const auto err = [](const std::string& text, std::string_view pool = {}) {
    return error_of([&] { (void)parse_twemproxy_config(text, pool); });
  };
  CHECK(err("a:\n  servers:\n   - x:1:1\nb:\n  servers:\n   - y:1:1\n")[1] == "twPools");
  CHECK(err("a:\n  servers:\n   - x:1:1\n", "b")[1] == "twNoPool");
  CHECK(err("a:\n  hash: md5\n")[1] == "noneListed");
  CHECK(err("a:\n  hashes: md5\n")[3] == "pool configuration line 2, column 3: unknown directive \"hashes\"");
  CHECK(err("a:\n  hash: md5\n  hash: crc16\n")[3] == "pool configuration line 3, column 3: \"hash\" is a duplicate");
  CHECK(err("a:\n  servers: [x:1:1]\n")[1] == "configAt");
  CHECK(err("a:\n  distribution: random\n")[3].find("line 2, column 17: distribution random") != std::string::npos);
  CHECK(err("a:\n  auto_eject_hosts: yes\n")[3] ==
        "pool configuration line 2, column 21: auto_eject_hosts must be true or false, got \"yes\"");
  CHECK(err("a:\n  servers:\n   - x:1\n")[3] ==
        "pool configuration line 3, column 6: a server must be written host:port:weight [name]");
  CHECK(err("  - x:1:1\n")[1] == "configAt");
}

}  // namespace test_twemproxy
