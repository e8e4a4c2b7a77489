// A system's configuration written back (Placement::config()): in the form it was given in, and
// read again it gives the same servers and the same answers, before and after edits.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "error_code.hpp"
#include "ringlab/error.hpp"
#include "ringlab/systems/placement.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_systems_config {

using namespace ringlab::systems;

namespace {

OptionValue text(const std::string& name, const std::string& value) { return OptionValue{name, value, 0, false}; }
OptionValue on(const std::string& name) { return OptionValue{name, "", 0, true}; }

std::vector<std::string> keys() {
  std::vector<std::string> out;
  for (int i = 1; i <= 1500; ++i) out.push_back("user:" + std::to_string(i));
  out.emplace_back("");
  out.emplace_back("caf\xc3\xa9");
  return out;
}

// The system configured again from what it wrote (and its other options).
std::unique_ptr<Placement> again(const std::string& system, const Placement& p, const std::vector<OptionValue>& rest) {
  std::vector<OptionValue> values = rest;
  for (const ConfigText& c : p.config()) values.push_back(text(c.option, c.text));
  return configure(system, values);
}

// The same servers and, key for key, the same answers.
void same(const Placement& a, const Placement& b) {
  REQUIRE(a.servers() == b.servers());
  for (const std::string& k : keys()) REQUIRE(a.answer(k, "key") == b.answer(k, "key"));
}

// Written, read again, written again: the same system and the same text.
void round_trip(const std::string& system, const std::vector<OptionValue>& servers,
                const std::vector<OptionValue>& rest = {}) {
  std::vector<OptionValue> all = servers;
  all.insert(all.end(), rest.begin(), rest.end());
  const std::unique_ptr<Placement> p = configure(system, all);
  const std::unique_ptr<Placement> q = again(system, *p, rest);
  same(*p, *q);
  REQUIRE(q->config() == p->config());
}

std::string only(const Placement& p, const std::string& option) {
  const std::vector<ConfigText> c = p.config();
  REQUIRE(c.size() == 1);
  REQUIRE(c[0].option == option);
  return c[0].text;
}

}  // namespace

TEST_CASE("nginx's configuration written back: an upstream block stays a block") {
  const std::string block =
      "upstream app_servers {\n"
      "  # the pool\n"
      "  hash $request_uri consistent;\n"
      "  keepalive 16;\n"
      "  server 10.0.0.1:80 weight=2 max_fails=3 fail_timeout=1m;\n"
      "  server 10.0.0.2:80 down;\n"
      "  server \"unix:/tmp/my app.sock\";\n"
      "}\n";
  const std::unique_ptr<Placement> p = configure("nginx", {text("upstream", block)});
  CHECK(only(*p, "upstream") ==
        "upstream app_servers {\n"
        "    hash $request_uri consistent;\n"
        "    server 10.0.0.1:80 weight=2 max_fails=3 fail_timeout=60s;\n"
        "    server 10.0.0.2:80 down;\n"
        "    server \"unix:/tmp/my app.sock\";\n"
        "}\n");
  round_trip("nginx", {text("upstream", block)});
  // The directives alone stay directives; hash mode stays hash mode.
  const std::string directives = "hash $arg_id;\nserver a:80;\nserver b:80 weight=3;\n";
  const std::unique_ptr<Placement> d = configure("nginx", {text("upstream", directives)});
  CHECK(only(*d, "upstream") == "hash $arg_id;\nserver a:80;\nserver b:80 weight=3;\n");
  round_trip("nginx", {text("upstream", directives)});
}

TEST_CASE("nginx's configuration written back: a list stays a list, its down marks beside it") {
  const std::vector<OptionValue> list = {text("servers", "10.0.0.1:80=2,10.0.0.2:80,10.0.0.3:80"),
                                         text("down", "10.0.0.2:80")};
  const std::unique_ptr<Placement> p = configure("nginx", {list[0], list[1], text("mode", "consistent")});
  const std::vector<ConfigText> want = {{"servers", "10.0.0.1:80=2,10.0.0.2:80,10.0.0.3:80"}, {"down", "10.0.0.2:80"}};
  CHECK(p->config() == want);
  round_trip("nginx", list, {text("mode", "consistent")});
  round_trip("nginx", {text("servers", "a,b=5")}, {text("mode", "hash")});
}

TEST_CASE("memcached's configuration written back: a server string or a list") {
  const std::string s = "10.0.0.1:11211 2,10.0.0.2,10.0.0.3:11212";
  const std::unique_ptr<Placement> p =
      configure("memcached", {text("serverString", s), text("mode", "behavior_ketama_weighted")});
  CHECK(only(*p, "serverString") == "10.0.0.1:11211 2,10.0.0.2:11211,10.0.0.3:11212");
  for (const char* mode : {"behavior_ketama_weighted", "consistent", "modula"}) {
    round_trip("memcached", {text("serverString", s)}, {text("mode", mode)});
    round_trip("memcached", {text("servers", "10.0.0.1:11211=2,[::1]:11212,h")}, {text("mode", mode)});
  }
  round_trip("memcached", {text("servers", "b:1,a:2=3")}, {text("mode", "consistent"), on("sortHosts")});
}

TEST_CASE("libketama's and Envoy's configurations written back") {
  round_trip("libketama", {text("servers", "10.0.0.1:11211=100,10.0.0.2:11211=200")});
  const std::string yaml =
      "load_assignment:\n"
      "  cluster_name: web\n"
      "  endpoints:\n"
      "  - lb_endpoints:\n"
      "    - endpoint:\n"
      "        address:\n"
      "          socket_address: { address: 10.0.0.1, port_value: 443 }\n"
      "        hostname: web-1.example\n"
      "      load_balancing_weight: 3\n"
      "    - endpoint:\n"
      "        address:\n"
      "          socket_address:\n"
      "            address: \"2001:db8::1\"\n"
      "            port_value: 443\n"
      "      metadata:\n"
      "        filter_metadata:\n"
      "          envoy.lb:\n"
      "            hash_key: \"key #2\"\n";
  const std::unique_ptr<Placement> p = configure("envoy-ring", {text("endpoints", yaml)});
  CHECK(only(*p, "endpoints") ==
        "lb_endpoints:\n"
        "- endpoint:\n"
        "    address:\n"
        "      socket_address:\n"
        "        address: 10.0.0.1\n"
        "        port_value: 443\n"
        "    hostname: web-1.example\n"
        "  load_balancing_weight: 3\n"
        "- endpoint:\n"
        "    address:\n"
        "      socket_address:\n"
        "        address: 2001:db8::1\n"
        "        port_value: 443\n"
        "  metadata:\n"
        "    filter_metadata:\n"
        "      envoy.lb:\n"
        "        hash_key: \"key #2\"\n");
  for (const char* system : {"envoy-ring", "envoy-maglev"}) {
    round_trip(system, {text("endpoints", yaml)});
    round_trip(system, {text("endpoints", yaml)}, {on("useHostname")});
    round_trip(system, {text("endpoints", "10.0.0.1:80=2\n10.0.0.2:80, 10.0.0.3:80 # c\n")});
    round_trip(system, {text("hosts", "10.0.0.1:80=2,[::1]:80")});
  }
  CHECK(only(*configure("envoy-maglev", {text("endpoints", "10.0.0.1:80=2 10.0.0.2:80")}), "endpoints") ==
        "10.0.0.1:80=2\n10.0.0.2:80\n");
}

TEST_CASE("an edited system writes its edited servers, in the same form") {
  const std::string yaml =
      "lb_endpoints:\n"
      "- endpoint:\n"
      "    address:\n"
      "      socket_address: { address: 10.0.0.1, port_value: 443 }\n"
      "  load_balancing_weight: 2\n"
      "- endpoint: { address: { socket_address: { address: 10.0.0.2, port_value: 443 } } }\n"
      "- endpoint: { address: { socket_address: { address: 10.0.0.3, port_value: 443 } } }\n";
  const std::unique_ptr<Placement> p = configure("envoy-ring", {text("endpoints", yaml)});
  ServerEdit add;
  add.server = "10.0.0.4:443";
  const std::unique_ptr<Placement> added = p->edited(add);
  const std::string written = only(*added, "endpoints");
  CHECK(written.find("address: 10.0.0.4\n        port_value: 443\n") != std::string::npos);
  same(*added, *again("envoy-ring", *added, {}));
  // Removing a host moves every key it held (and, Envoy's ring being rebuilt from the weights
  // normalized again, some others).
  ServerEdit remove;
  remove.kind = ServerEdit::Kind::remove;
  remove.server = "10.0.0.2:443";
  const std::unique_ptr<Placement> removed = p->edited(remove);
  same(*removed, *again("envoy-ring", *removed, {}));
  std::size_t held = 0;
  for (const std::string& k : keys()) {
    const Answer before = p->answer(k, "key");
    const Answer after = removed->answer(k, "key");
    if (before.server != 1) continue;
    ++held;
    REQUIRE(removed->servers()[static_cast<std::size_t>(after.server)].name != "10.0.0.2:443");
  }
  CHECK(held > 0);

  const std::unique_ptr<Placement> n =
      configure("nginx", {text("upstream", "upstream b { hash $uri consistent; server a:80; server c:80; }")});
  ServerEdit down;
  down.kind = ServerEdit::Kind::down;
  down.server = "c:80";
  CHECK(only(*n->edited(down), "upstream") ==
        "upstream b {\n    hash $uri consistent;\n    server a:80;\n    server c:80 down;\n}\n");
  ServerEdit weigh;
  weigh.kind = ServerEdit::Kind::weight;
  weigh.server = "10.0.0.2:11211";
  weigh.weight = 5;
  CHECK(only(*configure("memcached", {text("serverString", "10.0.0.1,10.0.0.2")})->edited(weigh), "serverString") ==
        "10.0.0.1:11211,10.0.0.2:11211 5");
}

TEST_CASE("a system whose servers are no list has no configuration to write back") {
  for (const auto& [system, option] :
       {std::pair{"kafka", "partitions"}, std::pair{"redis", "nodes"}, std::pair{"guava", "buckets"}}) {
    const std::unique_ptr<Placement> p = configure(system, {OptionValue{option, "", 3, false}});
    CHECK(code_of([&] { (void)p->config(); }) == ringlab::ErrorCode::invalid_argument);
  }
}

TEST_CASE("match_servers: a server after matched with the server of its name before") {
  const std::unique_ptr<Placement> a = configure("nginx", {text("servers", "a:1,b:1,c:1")});
  const std::unique_ptr<Placement> b = configure("nginx", {text("servers", "a:1,c:1,d:1")});
  CHECK(match_servers(*a, *b) == std::vector<std::int32_t>{0, 2, -2});
  CHECK(match_servers(*b, *a) == std::vector<std::int32_t>{0, -2, 1});
}

namespace {

// A row as nodetool ring prints one (Ring.java's format, with an address column of 16).
std::string nodetool_row(const std::string& address, const std::string& rack, const std::string& status,
                         const std::string& state, const std::string& load, const std::string& owns,
                         const std::string& token) {
  char line[256];
  std::snprintf(line, sizeof line, "%-16s%-12s%-7s%-8s%-16s%-20s%s", address.c_str(), rack.c_str(), status.c_str(),
                state.c_str(), load.c_str(), owns.c_str(), token.c_str());
  return line;
}

std::string nodetool_text(const std::vector<std::string>& rows, const std::string& last) {
  std::string out = "Datacenter: datacenter1\n==========\n" +
                    nodetool_row("Address", "Rack", "Status", "State", "Load", "Owns", "Token") + "\n" +
                    nodetool_row("", "", "", "", "", "", last) + "\n";
  for (const std::string& r : rows) out += r + "\n";
  return out + "\n  Warning: \"nodetool ring\" is used to output all the tokens of a node.\n";
}

const std::string kRow1 = nodetool_row("10.0.0.1", "rack1", "Up", "Normal", "103.84 KiB", "?", "-6148914691236517206");
const std::string kRow2 = nodetool_row("10.0.0.2", "rack1", "Up", "Normal", "98.2 KiB", "?", "-1");
const std::string kRow3 = nodetool_row("10.0.0.3", "rack2", "Up", "Normal", "101.5 KiB", "?", "6148914691236517204");
const std::string kRow1b = nodetool_row("10.0.0.1", "rack1", "Up", "Normal", "103.84 KiB", "?", "7000000000000000000");

ServerEdit edit(ServerEdit::Kind kind, const std::string& server) {
  ServerEdit e;
  e.kind = kind;
  e.server = server;
  return e;
}

}  // namespace

TEST_CASE("Cassandra's configuration written back: a tokens list stays a list, nodetool text stays its text") {
  const std::unique_ptr<Placement> p = configure("cassandra", {text("tokens", " a = -100, b=5 ,a=900")});
  CHECK(only(*p, "tokens") == "a=-100,b=5,a=900");
  round_trip("cassandra", {text("tokens", "a=-100,b=5,a=900")});
  const std::string ring = nodetool_text({kRow1, kRow2, kRow3, kRow1b}, "7000000000000000000");
  CHECK(only(*configure("cassandra", {text("ring", ring)}), "ring") == ring);
  round_trip("cassandra", {text("ring", ring)});
  round_trip("cassandra", {text("ring", "10.0.0.1 -5\r\n10.0.0.2 7\r\n")});
}

TEST_CASE("Cassandra's nodes added and removed: the list and the nodetool text written back") {
  const std::unique_ptr<Placement> list = configure("cassandra", {text("tokens", "a=-100,b=5,a=900")});
  const std::unique_ptr<Placement> added = list->edited(edit(ServerEdit::Kind::add, "c=300"));
  CHECK(only(*added, "tokens") == "a=-100,b=5,a=900,c=300");
  same(*added, *configure("cassandra", {text("tokens", "a=-100,b=5,a=900,c=300")}));
  const std::unique_ptr<Placement> two = list->edited(edit(ServerEdit::Kind::add, "c=300,c=-300"));
  CHECK(two->servers().back() == ServerInfo{"c", 2, false});
  const std::unique_ptr<Placement> removed = list->edited(edit(ServerEdit::Kind::remove, "a"));
  CHECK(only(*removed, "tokens") == "b=5");
  same(*removed, *again("cassandra", *removed, {}));

  const std::string ring = nodetool_text({kRow1, kRow2, kRow3, kRow1b}, "7000000000000000000");
  const std::unique_ptr<Placement> p = configure("cassandra", {text("ring", ring)});
  // A node added between two tokens: its row among the rows in token order, in nodetool's columns.
  const std::unique_ptr<Placement> a = p->edited(edit(ServerEdit::Kind::add, "10.0.0.4=3074457345618258602"));
  const std::string row4 = nodetool_row("10.0.0.4", "rack1", "Up", "Normal", "?", "?", "3074457345618258602");
  CHECK(only(*a, "ring") == nodetool_text({kRow1, kRow2, row4, kRow3, kRow1b}, "7000000000000000000"));
  same(*a, *again("cassandra", *a, {}));
  // Its nodes in the text's order, as the same tokens listed in that order.
  same(*a, *configure("cassandra", {text("tokens",
                                         "10.0.0.1=-6148914691236517206,10.0.0.2=-1,"
                                         "10.0.0.4=3074457345618258602,10.0.0.3=6148914691236517204,"
                                         "10.0.0.1=7000000000000000000")}));
  // Past the last token: the last row, and the lone token line above the rows follows it.
  const std::unique_ptr<Placement> b = p->edited(edit(ServerEdit::Kind::add, "10.0.0.5=9000000000000000000"));
  const std::string row5 = nodetool_row("10.0.0.5", "rack1", "Up", "Normal", "?", "?", "9000000000000000000");
  CHECK(only(*b, "ring") == nodetool_text({kRow1, kRow2, kRow3, kRow1b, row5}, "9000000000000000000"));
  // A node removed: all its rows, and the lone line is the largest token left.
  const std::unique_ptr<Placement> r = p->edited(edit(ServerEdit::Kind::remove, "10.0.0.1"));
  CHECK(only(*r, "ring") == nodetool_text({kRow2, kRow3}, "6148914691236517204"));
  same(*r, *again("cassandra", *r, {}));
  CHECK(r->servers() == std::vector<ServerInfo>{{"10.0.0.2", 1, false}, {"10.0.0.3", 1, false}});
  // Edits upon edits keep the rows that were kept.
  const std::unique_ptr<Placement> ar = a->edited(edit(ServerEdit::Kind::remove, "10.0.0.3"));
  CHECK(only(*ar, "ring") == nodetool_text({kRow1, kRow2, row4, kRow1b}, "7000000000000000000"));
  // Rows of address and token alone: a new one the same.
  const std::unique_ptr<Placement> bare = configure("cassandra", {text("ring", "10.0.0.1   -5\n10.0.0.2   7\n")});
  CHECK(only(*bare->edited(edit(ServerEdit::Kind::add, "10.0.0.10=1")), "ring") ==
        "10.0.0.1   -5\n10.0.0.10  1\n10.0.0.2   7\n");
  // Rows of fewer columns than nodetool's: a new one with the first row's between address and token.
  CHECK(only(*configure("cassandra", {text("ring", "a  r1  -100\nb  r1  5\n")})
                  ->edited(edit(ServerEdit::Kind::add, "c=7")),
             "ring") == "a  r1  -100\nb  r1  5\nc  r1  7\n");
}

TEST_CASE("Cassandra's edits meet the ring's rules") {
  for (const std::vector<OptionValue>& given :
       {std::vector<OptionValue>{text("tokens", "a=1,b=2")}, std::vector<OptionValue>{text("ring", "a 1\nb 2\n")}}) {
    const std::unique_ptr<Placement> p = configure("cassandra", given);
    CHECK(code_of([&] { (void)p->edited(edit(ServerEdit::Kind::add, "a=3")); }) ==
          ringlab::ErrorCode::duplicate_server);
    CHECK(code_of([&] { (void)p->edited(edit(ServerEdit::Kind::add, "c=2")); }) == ringlab::ErrorCode::token_taken);
    CHECK(code_of([&] { (void)p->edited(edit(ServerEdit::Kind::add, "c")); }) == ringlab::ErrorCode::invalid_argument);
    CHECK(code_of([&] { (void)p->edited(edit(ServerEdit::Kind::remove, "z")); }) == ringlab::ErrorCode::unknown_server);
    CHECK(code_of([&] {
            (void)p->edited(edit(ServerEdit::Kind::remove, "a"))->edited(edit(ServerEdit::Kind::remove, "b"));
          }) == ringlab::ErrorCode::out_of_range);
    for (const ServerEdit::Kind k : {ServerEdit::Kind::down, ServerEdit::Kind::up, ServerEdit::Kind::weight})
      CHECK(code_of([&] { (void)p->edited(edit(k, "a")); }) == ringlab::ErrorCode::invalid_argument);
  }
  // Without a ring, Cassandra answers tokens alone: nothing to edit or write.
  const std::unique_ptr<Placement> bare = configure("cassandra", std::vector<OptionValue>{});
  CHECK(code_of([&] { (void)bare->config(); }) == ringlab::ErrorCode::invalid_argument);
  CHECK(bare->tokens().empty());
}

TEST_CASE("Cassandra's ring tokens: in ring order, each with the server whose answers it gives") {
  const std::unique_ptr<Placement> p =
      configure("cassandra", {text("tokens", "b=5000000000000000000,a=-100,c=5,a=-6000000000000000000")});
  const std::vector<RingToken> ring = p->tokens();
  CHECK(ring == std::vector<RingToken>{{-6000000000000000000, 1}, {-100, 1}, {5, 2}, {5000000000000000000, 0}});
  for (const std::string& k : keys()) {
    const Answer got = p->answer(k, "key");
    std::size_t at = 0;
    while (at < ring.size() && ring[at].token < got.value) ++at;
    REQUIRE(got.server == ring[at == ring.size() ? 0 : at].server);
  }
  CHECK(configure("kafka", {OptionValue{"partitions", "", 3, false}})->tokens().empty());
}

}  // namespace test_systems_config
