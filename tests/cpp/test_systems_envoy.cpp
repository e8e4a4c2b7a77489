// Envoy's ring_hash and maglev: the vectors of Envoy's own unit tests (ring_hash_lb_test.cc,
// maglev_lb_test.cc), the golden file scripts/gen-golden-systems-envoy.mjs derives from them
// and python3-xxhash, the address names Envoy gives hosts, the endpoints text, the CLI, and
// each error.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "golden.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/error.hpp"
#include "ringlab/systems/envoy.hpp"
#include "ringlab/systems/hashes.hpp"
#include "ringlab/systems_cli.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_systems_envoy {

using ringlab::Error;
using ringlab::ErrorCode;
namespace envoy = ringlab::systems::envoy;

namespace {

std::vector<envoy::Host> ports(int from, int to) {
  std::vector<envoy::Host> out;
  for (int p = from; p <= to; ++p) out.push_back({"127.0.0.1:" + std::to_string(p), "", "", 1});
  return out;
}

// Hosts 127.0.0.1:90 ... named "90" ... as Envoy's tests make them for use_hostname_for_hashing.
std::vector<envoy::Host> named(int from, int to) {
  std::vector<envoy::Host> out = ports(from, to);
  for (envoy::Host& h : out) h.hostname = h.address.substr(h.address.size() - 2);
  return out;
}

// The ring as (hash, port) pairs.
std::vector<std::pair<std::uint64_t, std::string>> ring_of(const envoy::Ring& r) {
  std::vector<std::pair<std::uint64_t, std::string>> out;
  for (const envoy::Ring::Entry& e : r.entries()) {
    const std::string& a = r.hosts()[e.host].address;
    out.emplace_back(e.hash, a.substr(a.rfind(':') + 1));
  }
  return out;
}

template <typename F>
std::pair<std::string, ErrorCode> error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return {e.what(), e.code()};
  }
  return {"(no error)", ErrorCode::empty};
}

ringlab::CliResult cli(std::vector<std::string> args, const ringlab::ReadFile& read = {}) {
  return ringlab::run_cli(args, ringlab::systems::cli_commands(), read);
}

std::string from_hex(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  return out;
}

}  // namespace

// --- Envoy's unit-test vectors ---------------------------------------------------------------

TEST_CASE("envoy ring: hosts :90..:95 with minimum_ring_size 12", "[systems][envoy]") {
  const envoy::Ring r(ports(90, 95), {.min_ring_size = 12});
  const std::vector<std::pair<std::uint64_t, std::string>> expected = {
      {833437586790550860u, "94"},   {928266305478181108u, "92"},   {1033482794131418490u, "90"},
      {3551244743356806947u, "95"},  {3851675632748031481u, "93"},  {5583722120771150861u, "91"},
      {6311230543546372928u, "91"},  {7700377290971790572u, "93"},  {13144177310400110813u, "95"},
      {13444792449719432967u, "92"}, {15516499411664133160u, "94"}, {16117243373044804889u, "90"}};
  CHECK(ring_of(r) == expected);
  const auto port = [&](std::uint64_t h, std::uint64_t attempt = 0) {
    const std::string& a = r.hosts()[r.host_of_hash(h, attempt)].address;
    return a.substr(a.rfind(':') + 1);
  };
  CHECK(port(0) == "94");
  CHECK(port(~std::uint64_t{0}) == "94");
  CHECK(port(3551244743356806947u) == "95");
  CHECK(port(3551244743356806948u) == "93");
  CHECK(port(16117243373044804880u) == "90");
  // Retries with a retry host predicate walk the ring from the first pick.
  CHECK(port(0, 1) == "92");
  CHECK(port(0, 2) == "90");
  CHECK(port(0, 13) == "92");
}

TEST_CASE("envoy ring: use_hostname_for_hashing hashes the hostnames", "[systems][envoy]") {
  const envoy::Ring r(named(90, 95), {.min_ring_size = 12, .use_hostname = true});
  const auto ring = ring_of(r);
  const std::vector<std::pair<std::uint64_t, std::string>> expected = {
      {1975508444536362413u, "95"},  {2376063919839173711u, "95"},  {2386806903309390596u, "93"},
      {6749904478991551885u, "94"},  {6803900775736438537u, "93"},  {7225015537174310577u, "92"},
      {8787465352164086522u, "90"},  {11282020843382717940u, "92"}, {13723418369486627818u, "91"},
      {13776502110861797421u, "90"}, {14338313586354474791u, "91"}, {15364271037087512980u, "94"}};
  CHECK(ring == expected);
  CHECK(r.host_of_hash(0) == 5);
  CHECK(r.host_of_hash(~std::uint64_t{0}) == 5);
  CHECK(r.host_of_hash(7225015537174310577u) == 2);
  CHECK(r.host_of_hash(6803900775736438537u) == 3);
  // hash_key metadata wins over both.
  std::vector<envoy::Host> keyed = ports(90, 95);
  for (envoy::Host& h : keyed) h.hash_key = h.address.substr(h.address.size() - 2);
  CHECK(ring_of(envoy::Ring(keyed, {.min_ring_size = 12})) == ring);
  CHECK(ring_of(envoy::Ring(keyed, {.min_ring_size = 12, .use_hostname = true})) == ring);
}

TEST_CASE("envoy ring: MURMUR_HASH_2 on :80..:85", "[systems][envoy]") {
  const envoy::Ring r(ports(80, 85), {.min_ring_size = 12, .hash = envoy::RingHash::murmur2});
  const std::vector<std::pair<std::uint64_t, std::string>> expected = {
      {1358027074129602068u, "85"},  {4361834613929391114u, "83"},  {7224494972555149682u, "84"},
      {7701421856454313576u, "81"},  {8649315368077433379u, "82"},  {8739448859063030639u, "84"},
      {9887544217113020895u, "81"},  {10150910876324007731u, "82"}, {15168472011420622455u, "83"},
      {15427156902705414897u, "80"}, {16375050414328759093u, "85"}, {17613279263364193813u, "80"}};
  CHECK(ring_of(r) == expected);
}

TEST_CASE("envoy ring: two hosts, minimum_ring_size 3, make a ring of 4", "[systems][envoy]") {
  const envoy::Ring r(ports(80, 81), {.min_ring_size = 3});
  const std::vector<std::pair<std::uint64_t, std::string>> expected = {{5454692015285649509u, "80"},
                                                                       {7859399908942313493u, "81"},
                                                                       {13838424394637650569u, "80"},
                                                                       {16064866803292627174u, "81"}};
  CHECK(ring_of(r) == expected);
}

TEST_CASE("envoy ring: hosts :81, :82 after :80, :81", "[systems][envoy]") {
  const envoy::Ring r(ports(81, 82), {.min_ring_size = 3});
  const std::vector<std::pair<std::uint64_t, std::string>> expected = {{7859399908942313493u, "81"},
                                                                       {8241336090459785962u, "82"},
                                                                       {12882406409176325258u, "82"},
                                                                       {16064866803292627174u, "81"}};
  CHECK(ring_of(r) == expected);
  CHECK(r.host_of_hash(0) == 0);
}

namespace {

// Request hashes i * ((2^64 - 1) / n), i < n, per host, as Envoy's histogram tests count them.
std::map<std::size_t, int> histogram(const envoy::Ring& r, std::uint64_t n) {
  std::map<std::size_t, int> out;
  for (std::uint64_t i = 0; i < n; ++i) ++out[r.host_of_hash(i * (~std::uint64_t{0} / n))];
  return out;
}

}  // namespace

TEST_CASE("envoy ring: weights 1, 2, 3 on a ring of 6144", "[systems][envoy]") {
  std::vector<envoy::Host> hosts = ports(90, 92);
  hosts[1].weight = 2;
  hosts[2].weight = 3;
  const envoy::Ring r(hosts, {.min_ring_size = 6144});
  CHECK(r.entries().size() == 6144);
  std::map<std::size_t, int> entries;
  for (const auto& e : r.entries()) ++entries[e.host];
  CHECK(entries == std::map<std::size_t, int>{{0, 1024}, {1, 2048}, {2, 3072}});
  CHECK(histogram(r, 6000) == std::map<std::size_t, int>{{0, 987}, {1, 1932}, {2, 3081}});
}

TEST_CASE("envoy ring: fractional scales", "[systems][envoy]") {
  // A ring of exactly 2 for 4 hosts: two of them get no entry at all.
  const envoy::Ring tiny(ports(90, 93), {.min_ring_size = 2, .max_ring_size = 2});
  CHECK(tiny.entries().size() == 2);
  const auto counts = histogram(tiny, 1024);
  CHECK(counts.size() == 2);
  // A ring of exactly 1023 for 2 hosts: 511 and 512 entries.
  const envoy::Ring odd(ports(90, 91), {.min_ring_size = 1023, .max_ring_size = 1023});
  CHECK(odd.entries().size() == 1023);
  std::map<std::size_t, int> entries;
  for (const auto& e : odd.entries()) ++entries[e.host];
  CHECK(std::min(entries[0], entries[1]) == 511);
  CHECK(std::max(entries[0], entries[1]) == 512);
  CHECK(histogram(odd, 1023) == std::map<std::size_t, int>{{0, 526}, {1, 497}});
}

TEST_CASE("envoy ring: weights 1, 2, 3 with min = max = 6", "[systems][envoy]") {
  std::vector<envoy::Host> hosts = ports(90, 92);
  hosts[1].weight = 2;
  hosts[2].weight = 3;
  const envoy::Ring r(hosts, {.min_ring_size = 6, .max_ring_size = 6});
  const std::vector<std::pair<std::uint64_t, std::string>> expected = {
      {928266305478181108u, "92"},  {4443673547860492590u, "92"},  {5583722120771150861u, "91"},
      {6311230543546372928u, "91"}, {13444792449719432967u, "92"}, {16117243373044804889u, "90"}};
  CHECK(ring_of(r) == expected);
}

TEST_CASE("envoy ring: the default sizes give 6 hosts 1026 entries", "[systems][envoy]") {
  const envoy::Ring r(ports(90, 95));
  CHECK(r.entries().size() == 1026);
  // A fractional share is carried to the next host: 1024 / 6 entries each, 171 or 172.
  std::map<std::uint32_t, int> per_host;
  for (const auto& e : r.entries()) ++per_host[e.host];
  for (const auto& [host, n] : per_host) CHECK((n == 171));
}

TEST_CASE("envoy ring: the lookup is the first entry >= h, wrapping", "[systems][envoy]") {
  const envoy::Ring r(ports(90, 99), {.min_ring_size = 100});
  const auto& e = r.entries();
  std::uint64_t x = 88172645463325252u;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    // Random hashes, and the ring's own hashes and their neighbours.
    const std::uint64_t h = i % 4 == 0 ? x : e[x % e.size()].hash + static_cast<std::uint64_t>(i % 4) - 2;
    const auto it = std::lower_bound(e.begin(), e.end(), h, [](const auto& a, std::uint64_t v) { return a.hash < v; });
    const std::size_t expected = it == e.end() ? e.front().host : it->host;
    REQUIRE(r.host_of_hash(h) == expected);
  }
  CHECK(r.place("foo") == r.host_of_hash(3728699739546630719u));
}

TEST_CASE("envoy maglev: table_size 7, hosts :90..:95", "[systems][envoy]") {
  const envoy::Maglev m(ports(90, 95), 7);
  CHECK(m.table() == std::vector<std::uint32_t>{2, 4, 0, 1, 5, 0, 3});
  const envoy::Maglev named_m(named(90, 95), 7, true);
  CHECK(named_m.table() == std::vector<std::uint32_t>{2, 5, 0, 3, 4, 1, 0});
  // Request hash i goes to slot i % 7; retries xor the hash first.
  for (std::uint64_t i = 0; i < 21; ++i) CHECK(m.host_of_hash(i) == m.table()[i % 7]);
  CHECK(m.host_of_hash(10, 0) == 1);
  CHECK(m.host_of_hash(10, 1) == 0);
  CHECK(m.host_of_hash(10, 2) == 5);
}

TEST_CASE("envoy maglev: the table does not depend on the hosts' order", "[systems][envoy]") {
  std::vector<envoy::Host> hosts = ports(90, 95);
  std::reverse(hosts.begin(), hosts.end());
  const envoy::Maglev m(hosts, 7);
  std::vector<std::string> got;
  for (const std::uint32_t h : m.table()) got.push_back(hosts[h].address.substr(10));
  CHECK(got == std::vector<std::string>{"92", "94", "90", "91", "95", "90", "93"});
}

TEST_CASE("envoy maglev: weights 1 and 2 in a table of 17", "[systems][envoy]") {
  std::vector<envoy::Host> hosts = ports(90, 91);
  hosts[1].weight = 2;
  const envoy::Maglev m(hosts, 17);
  CHECK(m.table() == std::vector<std::uint32_t>{1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 0, 1});
  CHECK(std::count(m.table().begin(), m.table().end(), 0u) == 6);
  // One host of any weight takes every slot.
  const envoy::Maglev single({{"127.0.0.1:90", "", "", 7}}, 17);
  CHECK(single.table() == std::vector<std::uint32_t>(17, 0));
}

TEST_CASE("envoy maglev: 6 hosts in the default table of 65537", "[systems][envoy]") {
  const envoy::Maglev m(ports(90, 95));
  REQUIRE(m.table().size() == 65537);
  std::map<std::uint32_t, int> per_host;
  for (const std::uint32_t h : m.table()) ++per_host[h];
  std::vector<int> counts;
  for (const auto& [host, n] : per_host) counts.push_back(n);
  std::sort(counts.begin(), counts.end());
  CHECK(counts == std::vector<int>{10922, 10923, 10923, 10923, 10923, 10923});
}

TEST_CASE("envoy maglev: more hosts than slots leaves the last ones without", "[systems][envoy]") {
  const envoy::Maglev m(ports(90, 99), 7);
  std::vector<std::uint32_t> t = m.table();
  std::sort(t.begin(), t.end());
  CHECK(std::unique(t.begin(), t.end()) == t.end());  // 7 slots, 7 different hosts
}

// --- Golden file -------------------------------------------------------------------------------

TEST_CASE("envoy: the golden file's hashes and placements", "[systems][envoy][golden]") {
  // Written by scripts/gen-golden-systems-envoy.mjs: a key table, XXH64 (python3-xxhash) and
  // std::_Hash_bytes (libstdc++) of each key, and each configuration's host per key.
  const std::string text = golden::read_file("systems/envoy.tsv");
  std::vector<std::string> table;
  std::size_t hashes = 0, picks = 0, configs = 0;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> want;  // key, host
  const auto check_picks = [&]() {
    if (args.empty()) return;
    INFO(args[1]);
    ++configs;
    // The keys on the command line after "--", the answers in their order.
    std::vector<std::string> call = args;
    call.emplace_back("--");
    for (const auto& [key, host] : want) call.push_back(key);
    const ringlab::CliResult r = cli(call);
    REQUIRE(r.exit_code == 0);
    std::size_t at = 0;
    for (const auto& [key, host] : want) {
      const std::size_t nl = r.out.find('\n', at);
      const std::string line = r.out.substr(at, nl - at);
      at = nl + 1;
      CHECK(line.substr(line.rfind("\"result\": ")) == "\"result\": \"" + host + "\"}");
      ++picks;
    }
    want.clear();
  };
  for (const std::string& line : golden::split(std::string_view(text).substr(0, text.size() - 1), '\n')) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = golden::split(line, '\t');
    if (f[0] == "key") {
      table.push_back(from_hex(f.at(1)));
    } else if (f[0] == "xxh64") {
      INFO("key " << f.at(1) << " seed " << f.at(2));
      CHECK(std::to_string(ringlab::systems::xxhash64(table.at(std::stoul(f[1])), std::stoull(f[2]))) == f.at(3));
      ++hashes;
    } else if (f[0] == "murmur") {
      INFO("key " << f.at(1));
      CHECK(std::to_string(ringlab::systems::libstdcxx_hash_bytes(table.at(std::stoul(f[1])))) == f.at(2));
      ++hashes;
    } else if (f[0] == "place") {
      check_picks();
      args.assign(f.begin(), f.end());
    } else if (f[0] == "pick") {
      want.emplace_back(table.at(std::stoul(f.at(1))), f.at(2));
    } else {
      FAIL("systems/envoy.tsv: unknown record " << f[0]);
    }
  }
  check_picks();
  CHECK(hashes == 900);
  CHECK(configs == 17);
  CHECK(picks == 1700);
}

// --- Addresses ---------------------------------------------------------------------------------

TEST_CASE("envoy: hosts are hashed by the address Envoy prints", "[systems][envoy]") {
  CHECK(envoy::canonical_address("127.0.0.1:90") == "127.0.0.1:90");
  CHECK(envoy::canonical_address("0.0.0.0:0") == "0.0.0.0:0");
  CHECK(envoy::canonical_address("[::1]:90") == "[::1]:90");
  CHECK(envoy::canonical_address("[0:0:0:0:0:0:0:1]:90") == "[::1]:90");
  CHECK(envoy::canonical_address("[2001:DB8:0:0:1:0:0:1]:443") == "[2001:db8::1:0:0:1]:443");
  CHECK(envoy::canonical_address("[2001:db8:0:1:0:0:0:0]:1") == "[2001:db8:0:1::]:1");
  CHECK(envoy::canonical_address("[1:0:2:0:3:0:4:0]:1") == "[1:0:2:0:3:0:4:0]:1");
  CHECK(envoy::canonical_address("[::ffff:10.0.0.1]:80") == "[::ffff:10.0.0.1]:80");
  CHECK(envoy::canonical_address("[::0a00:1]:80") == "[::10.0.0.1]:80");
  CHECK(envoy::canonical_address("[::]:80") == "[::]:80");
  CHECK(envoy::canonical_address("[1::]:65535") == "[1::]:65535");
  // The written form is the answer; the printed form is what is hashed.
  const envoy::Ring written({{"[0::1]:90", "", "", 1}, {"[::2]:90", "", "", 1}}, {.min_ring_size = 8});
  const envoy::Ring printed({{"[::1]:90", "", "", 1}, {"[::2]:90", "", "", 1}}, {.min_ring_size = 8});
  CHECK(written.entries() == printed.entries());
  CHECK(written.hosts()[0].address == "[0::1]:90");
  for (const char* bad : {"127.0.0.1", "127.0.0.1:", "127.0.0.01:80", "256.0.0.1:80", "1.2.3:80", "1.2.3.4.5:80",
                          "host:80", "[::1]", "[::1]80", "[1:2:3:4:5:6:7:8:9]:80", "[1::2::3]:80", "[:1]:80", "[1:]:80",
                          "[12345::]:80", "127.0.0.1:65536", "127.0.0.1:080", "::1:80", "[::1%eth0]:80"}) {
    INFO(bad);
    const auto [message, code] = error_of([&] { (void)envoy::canonical_address(bad); });
    CHECK(code == ErrorCode::invalid_argument);
    CHECK(message.find("must be IPV4:PORT or [IPV6]:PORT") != std::string::npos);
  }
}

// --- Errors ------------------------------------------------------------------------------------

TEST_CASE("envoy: each rule broken is a named error", "[systems][envoy][errors]") {
  using P = std::pair<std::string, ErrorCode>;
  CHECK(error_of([] { envoy::Ring({}, {}); }) ==
        P{"hosts must be between 1 and 100000, got 0", ErrorCode::out_of_range});
  CHECK(error_of([] { envoy::Maglev({}, 7); }) ==
        P{"hosts must be between 1 and 100000, got 0", ErrorCode::out_of_range});
  CHECK(error_of([] { envoy::Maglev(ports(90, 91), 8); }) ==
        P{"tableSize must be a prime, got 8", ErrorCode::invalid_argument});
  CHECK(error_of([] { envoy::Maglev(ports(90, 91), 1); }) ==
        P{"tableSize must be between 2 and 5000011, got 1", ErrorCode::out_of_range});
  CHECK(error_of([] { envoy::Maglev(ports(90, 91), 5000077); }) ==
        P{"tableSize must be between 2 and 5000011, got 5000077", ErrorCode::out_of_range});
  CHECK(error_of([] { envoy::Ring(ports(90, 91), {.min_ring_size = 1024, .max_ring_size = 8}); }) ==
        P{"minRingSize must be between 1 and 8, got 1024", ErrorCode::out_of_range});
  CHECK(error_of([] { envoy::Ring(ports(90, 91), {.min_ring_size = 0}); }) ==
        P{"minRingSize must be between 1 and 8388608, got 0", ErrorCode::out_of_range});
  CHECK(error_of([] { envoy::Ring(ports(90, 91), {.max_ring_size = 8388609}); }) ==
        P{"maxRingSize must be between 1 and 8388608, got 8388609", ErrorCode::out_of_range});
  std::vector<envoy::Host> zero = ports(90, 91);
  zero[1].weight = 0;
  CHECK(error_of([&] { envoy::Ring(zero, {}); }) ==
        P{"weight must be between 1 and 4294967295, got 0", ErrorCode::out_of_range});
  std::vector<envoy::Host> heavy = ports(90, 91);
  heavy[0].weight = heavy[1].weight = 4294967295;
  CHECK(error_of([&] { envoy::Maglev(heavy, 7); }).second == ErrorCode::limit_exceeded);
  std::vector<envoy::Host> twice = ports(90, 91);
  twice.push_back(twice[0]);
  CHECK(error_of([&] { envoy::Ring(twice, {}); }) ==
        P{"host \"127.0.0.1:90\" is listed twice", ErrorCode::duplicate_server});
  // Two hosts with one hashed key would tie on every point.
  std::vector<envoy::Host> same_name = named(90, 91);
  same_name[1].hostname = "90";
  CHECK(error_of([&] { envoy::Maglev(same_name, 7, true); }).second == ErrorCode::duplicate_server);
  CHECK(error_of([] {
          envoy::Ring({{"[::1]:90", "", "", 1}, {"[0::1]:90", "", "", 1}}, {});
        }).second == ErrorCode::duplicate_server);
  CHECK(error_of([] { (void)envoy::ring_hash_from_name("md5"); }) ==
        P{"hash must be xxhash or murmur2, got \"md5\"", ErrorCode::invalid_argument});
  CHECK(error_of([] { (void)envoy::hosts_from_list("127.0.0.1:90,127.0.0.1:91=0", false); }) ==
        P{"--hosts entry 2 (\"127.0.0.1:91=0\"): weight must be between 1 and 4294967295, got 0",
          ErrorCode::out_of_range});
  CHECK(error_of([] { (void)envoy::hosts_from_list("127.0.0.1:90,,127.0.0.1:91", false); }) ==
        P{"--hosts entry 2 (\"\"): must be ADDR or ADDR=W, got \"\"", ErrorCode::invalid_argument});
  CHECK(error_of([] { (void)envoy::hosts_from_list("backend:80", false); }) ==
        P{"--hosts entry 1 (\"backend:80\"): host \"backend:80\" must be IPV4:PORT or [IPV6]:PORT",
          ErrorCode::invalid_argument});
  CHECK(envoy::hosts_from_list("backend", true)[0].hostname == "backend");
}

// --- Endpoints text ----------------------------------------------------------------------------

TEST_CASE("envoy endpoints: a cluster's load_assignment", "[systems][envoy][config]") {
  const std::string yaml = R"(clusters:
- name: backend
  lb_policy: RING_HASH
  load_assignment:
    cluster_name: backend
    endpoints:
    - lb_endpoints:
      - endpoint:
          address:
            socket_address:
              address: 127.0.0.1
              port_value: 90
        load_balancing_weight: 1
      - endpoint:
          hostname: "b91"
          address:
            socket_address: { address: 127.0.0.1, port_value: 91 }
        load_balancing_weight: 2   # twice the share
      - endpoint: { address: { socket_address: { address: "::1", port_value: 92 } } }
        metadata:
          filter_metadata:
            envoy.lb:
              hash_key: "k92"
      locality: { zone: a }
    - lb_endpoints:
      - endpoint:
          address:
            socket_address:
              address: 0:0::2
              port_value: 93
        load_balancing_weight:
          value: 3
)";
  const std::vector<envoy::Host> hosts = envoy::parse_endpoints(yaml);
  REQUIRE(hosts.size() == 4);
  CHECK(hosts[0].address == "127.0.0.1:90");
  CHECK(hosts[0].weight == 1);
  CHECK(hosts[1].address == "127.0.0.1:91");
  CHECK(hosts[1].hostname == "b91");
  CHECK(hosts[1].weight == 2);
  CHECK(hosts[2].address == "[::1]:92");
  CHECK(hosts[2].hash_key == "k92");
  CHECK(hosts[3].address == "[::2]:93");
  CHECK(hosts[3].weight == 3);

  // A list at its key's own indentation, as YAML allows.
  const std::vector<envoy::Host> flat = envoy::parse_endpoints(
      "lb_endpoints:\n- endpoint: {address: {socket_address: {address: 10.0.0.1, port_value: 80}}}\n"
      "- endpoint: {address: {socket_address: {address: 10.0.0.2, port_value: 80}}}\n"
      "  load_balancing_weight: 5\n");
  REQUIRE(flat.size() == 2);
  CHECK(flat[1].address == "10.0.0.2:80");
  CHECK(flat[1].weight == 5);

  const std::vector<envoy::Host> list = envoy::parse_endpoints("# hosts\n127.0.0.1:90=2, 127.0.0.1:91\n[::1]:92\n");
  REQUIRE(list.size() == 3);
  CHECK(list[0].weight == 2);
  CHECK(list[2].address == "[::1]:92");
}

TEST_CASE("envoy endpoints: bad text names its line and column", "[systems][envoy][config][errors]") {
  using P = std::pair<std::string, ErrorCode>;
  const auto parse = [](const std::string& t) { return error_of([&] { (void)envoy::parse_endpoints(t); }); };
  CHECK(parse("lb_endpoints:\n- endpoint:\n    address:\n      socket_address:\n        address: 127.0.0.1\n") ==
        P{"endpoints line 2, column 1: an endpoint without a port_value", ErrorCode::invalid_argument});
  CHECK(parse("lb_endpoints:\n- endpoint:\n    address:\n      socket_address:\n        port_value: 80\n") ==
        P{"endpoints line 2, column 1: an endpoint without an address", ErrorCode::invalid_argument});
  CHECK(
      parse("lb_endpoints:\n- endpoint: {address: {socket_address: {address: 1.2.3.4, port_value: 70000}}}\n") ==
      P{"endpoints line 2, column 71: port_value must be between 0 and 65535, got 70000", ErrorCode::invalid_argument});
  CHECK(parse("lb_endpoints:\n- endpoint: {address: {socket_address: {address: web, port_value: 80}}}\n") ==
        P{"endpoints line 2, column 50: address must be an IPv4 or IPv6 address, got \"web\"",
          ErrorCode::invalid_argument});
  CHECK(parse("lb_endpoints:\n- endpoint: {address: {socket_address: {address: 1.2.3.4, port_value: 80}}}\n"
              "  load_balancing_weight: 0\n") ==
        P{"endpoints line 3, column 26: load_balancing_weight must be between 1 and 4294967295, got 0",
          ErrorCode::out_of_range});
  CHECK(parse("lb_endpoints:\n- endpoint: {address: {socket_address: {address: 1.2.3.4, port_value: 80}\n") ==
        P{"endpoints line 2, column 74: a flow map without its closing \"}\"", ErrorCode::invalid_argument});
  CHECK(parse("lb_endpoints:\n- endpoint:\n    hostname: \"abc\n") ==
        P{"endpoints line 3, column 15: a quoted value without its closing quote", ErrorCode::invalid_argument});
  CHECK(parse("lb_endpoints:\n\t- endpoint:\n") ==
        P{"endpoints line 2, column 1: a tab in the indentation", ErrorCode::invalid_argument});
  CHECK(parse("lb_endpoints:\n  what is this\n") ==
        P{"endpoints line 2, column 3: expected KEY: VALUE, got \"what is this\"", ErrorCode::invalid_argument});
  CHECK(
      parse(
          "lb_endpoints:\n- endpoint: {address: {socket_address: {address: 1.2.3.4, port_value: 80, port_value: 81}}}\n")
          .first == "endpoints line 2, column 75: the endpoint gives port_value twice");
  CHECK(parse("cluster_name: x\n") ==
        P{"endpoints line 1, column 1: no lb_endpoints with hosts", ErrorCode::out_of_range});
  CHECK(parse("127.0.0.1:90\n  127.0.0.1:91=x\n") ==
        P{"endpoints line 2, column 3: weight must be a safe integer, got \"x\"", ErrorCode::invalid_argument});
  CHECK(parse("# nothing\n") == P{"endpoints line 1, column 1: no hosts", ErrorCode::out_of_range});
}

// --- The CLI ------------------------------------------------------------------------------------

TEST_CASE("place envoy-ring and envoy-maglev", "[systems][envoy][cli]") {
  const std::string hosts = "127.0.0.1:90,127.0.0.1:91,127.0.0.1:92,127.0.0.1:93,127.0.0.1:94,127.0.0.1:95";
  const envoy::Ring ring(ports(90, 95));
  const envoy::Maglev maglev(ports(90, 95));
  const ringlab::CliResult r = cli({"place", "envoy-ring", "--hosts", hosts, "foo", "", "\xff"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out == "{\"key\": \"foo\", \"result\": \"" + ring.hosts()[ring.place("foo")].address + "\"}\n" +
                     "{\"key\": \"\", \"result\": \"" + ring.hosts()[ring.place("")].address + "\"}\n" +
                     "{\"key\": \"\\udcff\", \"result\": \"" + ring.hosts()[ring.place("\xff")].address + "\"}\n");
  const ringlab::CliResult m = cli({"place", "envoy-maglev", "--hosts", hosts, "--table", "65537", "foo"});
  REQUIRE(m.exit_code == 0);
  CHECK(m.out == "{\"key\": \"foo\", \"result\": \"" + maglev.hosts()[maglev.place("foo")].address + "\"}\n");

  // Hostnames are the answer with --use-hostname; the weights and sizes pass through.
  const envoy::Ring named_ring(named(90, 95), {.min_ring_size = 12, .use_hostname = true});
  const ringlab::CliResult n =
      cli({"place", "envoy-ring", "--hosts", "90,91,92,93,94,95", "--use-hostname", "--min-ring", "12", "k"});
  REQUIRE(n.exit_code == 0);
  CHECK(n.out == "{\"key\": \"k\", \"result\": \"" + named_ring.hosts()[named_ring.place("k")].hostname + "\"}\n");

  const ringlab::ReadFile read = [](const std::string& name) -> std::optional<std::string> {
    if (name == "eps.yaml")
      return "lb_endpoints:\n- endpoint: {address: {socket_address: {address: 127.0.0.1, port_value: 80}}}\n"
             "- endpoint: {address: {socket_address: {address: 127.0.0.1, port_value: 81}}}\n";
    return std::nullopt;
  };
  const envoy::Ring two(ports(80, 81), {.min_ring_size = 3, .hash = envoy::RingHash::murmur2});
  const ringlab::CliResult e =
      cli({"place", "envoy-ring", "--endpoints", "eps.yaml", "--hash", "murmur2", "--min-ring", "3", "x"}, read);
  REQUIRE(e.exit_code == 0);
  CHECK(e.out == "{\"key\": \"x\", \"result\": \"" + two.hosts()[two.place("x")].address + "\"}\n");
}

TEST_CASE("place envoy-*: errors in the flags' words", "[systems][envoy][cli][errors]") {
  const auto err = [](std::vector<std::string> args) { return cli(std::move(args)).err; };
  CHECK(err({"place", "envoy-maglev", "--hosts", "127.0.0.1:90", "--table", "8", "k"}) ==
        "ringlab: --table must be a prime, got 8\n");
  CHECK(err({"place", "envoy-ring", "--hosts", "127.0.0.1:90", "--min-ring", "16", "--max-ring", "8", "k"}) ==
        "ringlab: --min-ring must be between 1 and 8, got 16\n");
  CHECK(err({"place", "envoy-ring", "--hosts", "127.0.0.1:90", "--hash", "md5", "k"}) ==
        "ringlab: hash must be xxhash or murmur2, got \"md5\"\n");
  CHECK(err({"place", "envoy-ring", "k"}).find("place envoy-ring needs --hosts ADDR[=W],... or --endpoints FILE") !=
        std::string::npos);
  CHECK(err({"place", "envoy-ring", "--hosts", "127.0.0.1:90", "--endpoints", "f", "k"})
            .find("takes --hosts or --endpoints, not both") != std::string::npos);
  CHECK(err({"place", "envoy-maglev", "--hosts", "127.0.0.1:90", "--min-ring", "3", "k"})
            .find("unknown flag --min-ring for place envoy-maglev") != std::string::npos);
  CHECK(err({"place", "envoy-maglev", "--hosts", "127.0.0.1:90,127.0.0.1:90", "k"}) ==
        "ringlab: host \"127.0.0.1:90\" is listed twice\n");
  CHECK(err({"place", "envoy-maglev", "--endpoints", "missing.yaml", "k"}).find("cannot read --endpoints file") !=
        std::string::npos);
}

}  // namespace test_systems_envoy
