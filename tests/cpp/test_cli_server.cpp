// `ringlab server` (the server seam on the command line, cli.cpp): each key's server as the
// placer answers it, with the servers' fields as lists and --ops as compare's changes; --trace as
// the placer's trace; its help. Its errors are rows of tests/bad-input.json.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "ringlab/cli.hpp"
#include "ringlab/params.hpp"
#include "ringlab/placers.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_cli_server {

using namespace ringlab;

namespace {

std::string names_of(const Placer& p, const std::vector<std::uint32_t>& servers) {
  std::string out;
  for (const std::uint32_t s : servers) out += utf8_for_message(p.name_of(s)) + "\n";
  return out;
}

}  // namespace

TEST_CASE("ringlab server: each key's server by name, the keys as one batch, as the placer answers") {
  const std::vector<std::u16string> keys = {u"user:1", u"user:2", u"user:3", u"user:4", u"user:5"};
  const std::vector<std::string> args = {"user:1", "user:2", "user:3", "user:4", "user:5"};
  const auto run = [&](std::vector<std::string> head) {
    head.insert(head.end(), args.begin(), args.end());
    const CliResult r = run_cli(head);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return r.out;
  };
  const Placer ring("ring", {.servers = {{.name = u"a", .weight = 1.0, .zone = u"x"},
                                         {.name = u"b", .weight = 2.5, .zone = u"y"},
                                         {.name = u"c", .weight = 0.5, .zone = u"x"}},
                             .vnodes = 40});
  CHECK(run({"server", "ring", "--servers", "a,b,c", "--weights", "1,2.5,0.5", "--zones", "x,y,x", "--vnodes", "40"}) ==
        names_of(ring, ring.place_many(keys)));
  Placer changed("ring", {.servers = {{.name = u"a"}, {.name = u"b"}, {.name = u"c"}}});
  changed.add({.name = u"d"});
  changed.remove(u"a");
  changed.reweight(u"c", 3);
  CHECK(run({"server", "ring", "--servers", "a,b,c", "--ops", "add:d,remove:a,weight:c=3"}) ==
        names_of(changed, changed.place_many(keys)));
  const Placer bounded("bounded", {.servers = {{.name = u"a"}, {.name = u"b"}}, .vnodes = 1, .epsilon = 0.1});
  CHECK(run({"server", "bounded", "--servers", "a,b", "--vnodes", "1", "--epsilon", "0.1"}) ==
        names_of(bounded, bounded.place_many(keys)));
  const Placer maglev("maglev", {.servers = {{.name = u"a"}, {.name = u"b"}, {.name = u"c"}}, .table_size = 13});
  CHECK(run({"server", "maglev", "--servers", "a,b,c", "--table", "13"}) == names_of(maglev, maglev.place_many(keys)));
  Placer tokens("token-ring", {.servers = {{.name = u"v0", .token = 10}, {.name = u"v1", .token = 200}}, .bits = 8});
  tokens.remove(u"v0");
  CHECK(run({"server", "token-ring", "--servers", "v0,v1", "--tokens", "10,200", "--bits", "8", "--ops",
             "remove:v0"}) == names_of(tokens, tokens.place_many(keys)));
}

TEST_CASE("ringlab server --trace: each key's steps, the last one its server") {
  const CliResult r = run_cli({"server", "rendezvous", "--servers", "a,b,c", "--trace", "user:1", "user:2"});
  REQUIRE(r.exit_code == 0);
  const Placer p("rendezvous", {.servers = {{.name = u"a"}, {.name = u"b"}, {.name = u"c"}}});
  std::string want;
  for (const std::u16string key : {u"user:1", u"user:2"}) {
    if (!want.empty()) want += "\n";
    for (const PlaceStep& s : p.trace(key))
      want += s.kind == PlaceStepKind::score
                  ? "score server=" + utf8_for_message(p.name_of(s.server)) + " value=" + std::to_string(s.value) + "\n"
                  : "answer server=" + utf8_for_message(p.name_of(s.server)) + "\n";
  }
  CHECK(r.out == want);
  // Every placer traces through the command, each trace ending on the key's server.
  for (const PlacerAlgorithm& a : placer_algorithms()) {
    std::vector<std::string> args = {"server", std::string(a.name), "--servers", "a,b,c", "--trace"};
    if (has_option(a, "token")) args.insert(args.end(), {"--tokens", "1,2000,4000000"});
    if (has_option(a, "epsilon")) args.insert(args.end(), {"--epsilon", "0.5"});
    args.insert(args.end(), {"user:1", "user:2"});
    const CliResult t = run_cli(args);
    INFO(a.name << ": " << t.err);
    REQUIRE(t.exit_code == 0);
    args.erase(std::find(args.begin(), args.end(), "--trace"));
    const std::string answers = run_cli(args).out;
    const std::string first = answers.substr(0, answers.find('\n'));
    CHECK_THAT(t.out, Catch::Matchers::Contains("answer server=" + first + "\n\n"));
    CHECK_THAT(t.out, Catch::Matchers::EndsWith("answer server=" + answers.substr(first.size() + 1)));
  }
  CHECK_THAT(run_cli({"algorithms"}).out,
             Catch::Matchers::Contains("ringlab server, options vnodes, weight; --trace: each step of a lookup\n"));
  CHECK_THAT(run_cli({"server", "--help"}).out, Catch::Matchers::Contains("--trace"));
  CHECK_THAT(run_cli({"server", "maglev", "--help"}).out,
             Catch::Matchers::StartsWith("Usage:\n  ringlab server maglev [flags] KEY...\n"));
}

TEST_CASE("ringlab server --preference: each key's first N servers, comma-separated, as the placer lists them") {
  const std::vector<std::u16string> keys = {u"user:1", u"user:2", u"user:3", u"\u0995:42"};
  for (const PlacerAlgorithm& a : placer_algorithms()) {
    CAPTURE(a.name);
    std::vector<std::string> args = {"server", std::string(a.name), "--servers", "a,b,c"};
    PlacerOptions o{.servers = {{.name = u"a"}, {.name = u"b"}, {.name = u"c"}}};
    if (has_option(a, "token")) {
      args.insert(args.end(), {"--tokens", "1,2000,4000000"});
      o.servers[0].token = 1, o.servers[1].token = 2000, o.servers[2].token = 4000000;
    }
    if (has_option(a, "epsilon")) args.insert(args.end(), {"--epsilon", "0.5"}), o.epsilon = 0.5;
    args.insert(args.end(), {"--preference", "2", "user:1", "user:2", "user:3", "\xe0\xa6\x95:42"});
    const CliResult r = run_cli(args);
    if (!a.preference) {
      CHECK(r.exit_code == 2);
      CHECK(r.out.empty());
      CHECK(r.err == "ringlab: " + std::string(a.name) + " has no preference list\n");
      CHECK(r.rule == "noPreference");
      continue;
    }
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const Placer p(a.name, o);
    std::string want;
    for (const std::u16string& key : keys) {
      const std::vector<std::uint32_t> list = p.preference(key, 2);
      want += utf8_for_message(p.name_of(list[0])) + "," + utf8_for_message(p.name_of(list[1])) + "\n";
    }
    CHECK(r.out == want);
  }
  // On the ring, zones given: the zone-aware list.
  const Placer zoned(
      "ring", {.servers = {{.name = u"a", .zone = u"x"}, {.name = u"b", .zone = u"x"}, {.name = u"c", .zone = u"y"}}});
  std::string want;
  for (const std::u16string key : {u"user:1", u"user:2"}) {
    for (const std::uint32_t s : zoned.preference(key, 3))
      want += (want.empty() || want.back() == '\n' ? "" : ",") + utf8_for_message(zoned.name_of(s));
    want += "\n";
  }
  CHECK(run_cli({"server", "ring", "--servers", "a,b,c", "--zones", "x,x,y", "--preference", "3", "user:1", "user:2"})
            .out == want);
  CHECK_THAT(
      run_cli({"algorithms"}).out,
      Catch::Matchers::Contains("    preference   a key's first N servers in order (ringlab server --preference N)\n"));
  CHECK_THAT(run_cli({"server", "--help"}).out, Catch::Matchers::Contains("--preference N"));
}

TEST_CASE("ringlab server --ops: a token ring adds a vnode with its token, add@T:NAME") {
  const std::vector<std::u16string> keys = {u"user:1", u"user:2", u"user:3", u"user:4", u"user:5"};
  Placer tokens("token-ring", {.servers = {{.name = u"v0", .token = 10}, {.name = u"v1", .token = 200}}, .bits = 8});
  tokens.add({.name = u"v2", .token = 100});
  tokens.remove(u"v0");
  tokens.add({.name = u"v@3", .token = 0});
  const std::vector<std::string> head = {
      "server", "token-ring", "--servers", "v0,v1", "--tokens",
      "10,200", "--bits",     "8",         "--ops", "add@100:v2,remove:v0,add@0:v@3"};
  const auto run = [&](std::vector<std::string> tail) {
    std::vector<std::string> args = head;
    args.insert(args.end(), tail.begin(), tail.end());
    const CliResult r = run_cli(args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return r.out;
  };
  CHECK(run({"user:1", "user:2", "user:3", "user:4", "user:5"}) == names_of(tokens, tokens.place_many(keys)));
  std::string want;
  for (const std::u16string& key : keys) {
    const std::vector<std::uint32_t> list = tokens.preference(key, 3);
    want += utf8_for_message(tokens.name_of(list[0])) + "," + utf8_for_message(tokens.name_of(list[1])) + "," +
            utf8_for_message(tokens.name_of(list[2])) + "\n";
  }
  CHECK(run({"--preference", "3", "user:1", "user:2", "user:3", "user:4", "user:5"}) == want);
  // Its help says the form; the ring's, which takes no token, keeps add:NAME.
  CHECK_THAT(run_cli({"server", "token-ring", "--help"}).out, Catch::Matchers::Contains("add@T:NAME, remove:NAME"));
  CHECK_THAT(run_cli({"server", "ring", "--help"}).out,
             Catch::Matchers::Contains("add:NAME, remove:NAME, weight:NAME=W"));
}

}  // namespace test_cli_server
