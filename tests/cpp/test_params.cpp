// The parameter table (params.hpp): its entries are consistent, the functions built on it follow
// the one message shape, the grammars parse what they document, and the defaults the library
// uses are the table's.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ringlab/analysis.hpp"
#include "ringlab/bucket_params.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/digest.hpp"
#include "ringlab/erlang_cli.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/params.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems_cli.hpp"
#include "ringlab/token_ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_params {

using ringlab::ErrorCode;
using ringlab::Param;
using ringlab::ParamKind;
using ringlab::ParamSpec;

namespace {

struct Thrown {
  ErrorCode code;
  std::string message;
  std::string subject;
};

template <typename F>
Thrown thrown(F&& f) {
  try {
    f();
  } catch (const ringlab::Error& e) {
    return {e.code(), e.what(), e.subject()};
  }
  FAIL("no ringlab::Error thrown");
  return {};
}

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("params: every entry is sound", "[params]") {
  std::set<std::string> flags_per_function;
  const auto sound = [&](const ParamSpec& p) {
    INFO(p.where << " " << p.name);
    CHECK_FALSE(p.name.empty());
    CHECK_FALSE(p.where.empty());
    CHECK_FALSE(p.help.empty());
    // A function spells each of its parameters once on the command line.
    if (!p.flag.empty()) CHECK(flags_per_function.insert(std::string(p.where) + " " + std::string(p.flag)).second);
    if (p.kind == ParamKind::integer || p.kind == ParamKind::integer_list) {
      CHECK(p.lo <= p.hi);
      if (p.has_default && p.kind == ParamKind::integer) {
        CHECK(p.default_integer >= p.lo);
        CHECK(p.default_integer <= p.hi);
        CHECK_NOTHROW(ringlab::check_integer(p, p.default_integer));
      }
    }
  };
  for (const ParamSpec& p : ringlab::params()) {
    INFO(p.where << " " << p.name);
    CHECK(&ringlab::param(p.id) == &p);
    sound(p);
    if (p.kind == ParamKind::integer && p.has_default) CHECK_NOTHROW(ringlab::check_integer(p.id, p.default_integer));
    if (p.kind == ParamKind::number && p.has_default) CHECK_NOTHROW(ringlab::check_number(p.id, p.default_number));
    if (p.kind == ParamKind::integer_list && p.has_default) CHECK_NOTHROW(ringlab::check_list(p.id, p.default_list));
    if (p.kind == ParamKind::change && p.has_default) {
      const std::u16string text(p.default_text.begin(), p.default_text.end());
      CHECK_NOTHROW(ringlab::parse_change(text));
    }
  }
  // The bucket hashers' table (bucket_params.hpp): a default that another option decides names
  // that option and words its rule; any other integer default is in range.
  for (const ParamSpec& p : ringlab::bucket_params()) {
    INFO(p.where << " " << p.name);
    CHECK_FALSE(p.name.empty());
    CHECK_FALSE(p.help.empty());
    CHECK(p.lo <= p.hi);
    if (p.default_of != nullptr) {
      CHECK(p.has_default);
      CHECK(p.kind == ParamKind::integer);
      CHECK_FALSE(p.default_from.empty());
      CHECK(p.default_from != p.name);
      CHECK_FALSE(p.default_text.empty());
    } else if (p.has_default && p.kind == ParamKind::integer) {
      CHECK_NOTHROW(ringlab::check_integer(p, p.default_integer));
    }
  }
  // The systems' and the Erlang library's table: integers only, checked by entry and by id.
  for (std::size_t i = 0; i < ringlab::kSystemParamCount; ++i) {
    const auto id = static_cast<ringlab::SystemParam>(i);
    const ParamSpec& p = ringlab::param(id);
    INFO(p.where << " " << p.name);
    CHECK(&p == &ringlab::system_params()[i]);
    CHECK(p.kind == ParamKind::integer);
    sound(p);
    if (p.has_default) CHECK_NOTHROW(ringlab::check_integer(id, p.default_integer));
  }
}

TEST_CASE("params: the library's defaults are the table's", "[params]") {
  const ringlab::Defaults d = ringlab::defaults();
  const ringlab::RingVsModParams rvm;
  CHECK(d.ring_vs_mod.seed == rvm.seed);
  CHECK(d.ring_vs_mod.keys == rvm.keys);
  CHECK(d.ring_vs_mod.servers == rvm.servers);
  CHECK(d.ring_vs_mod.vnodes == rvm.vnodes);
  CHECK(rvm.keys == 10000);
  CHECK(rvm.servers == 4);
  const ringlab::VnodeSweepParams vs;
  CHECK(d.vnode_sweep.seed == vs.seed);
  CHECK(d.vnode_sweep.servers == vs.servers);
  CHECK(d.vnode_sweep.keys == vs.keys);
  CHECK(d.vnode_sweep.vnodes == vs.vnodes);
  CHECK(vs.vnodes == std::vector<std::int64_t>{1, 10, 100, 1000});
  const ringlab::HrwJumpParams hj;
  CHECK(d.hrw_jump.seed == hj.seed);
  CHECK(d.hrw_jump.keys == hj.keys);
  CHECK(d.hrw_jump.servers == hj.servers);
  CHECK(d.hrw_jump.remove == hj.remove);
  CHECK(d.hrw_jump.buckets == hj.buckets);
  const ringlab::Scenario sc;
  CHECK(d.compare.servers == static_cast<std::int64_t>(sc.servers.size()));
  CHECK(d.compare.vnodes == sc.vnodes);
  CHECK(d.compare.seed == sc.seed);
  CHECK(d.compare.keys == sc.keys);
  CHECK(d.compare.change == "add");
  CHECK(sc.change.kind == ringlab::ChangeKind::add);
  CHECK(sc.change.name.empty());
  CHECK(d.compare.epsilon == sc.epsilon);
  CHECK(d.compare.table_size == sc.table_size);
  CHECK(d.digest.seed == 16);
  CHECK(d.digest.keys == 100000);
  CHECK(d.ring.vnodes == 100);
  CHECK(d.ring.weight == 1.0);
  CHECK(d.maglev.table_size == ringlab::kDefaultMaglevTableSize);
  CHECK(d.maglev.table_size == 65537);
  CHECK(d.token_ring.bits == ringlab::TokenRing().bits());
  const ringlab::HotKeyParams hk;
  CHECK(d.hot_keys.seed == hk.seed);
  CHECK(d.hot_keys.keys == hk.keys);
  CHECK(d.hot_keys.requests == hk.requests);
  CHECK(d.hot_keys.s == hk.s);
  CHECK(d.hot_keys.hot == hk.hot);
  CHECK(d.hot_keys.copies == hk.copies);
}

TEST_CASE("params: range errors have one shape and name their subject", "[params]") {
  auto e = thrown([] { ringlab::check_integer(Param::compare_servers, 0); });
  CHECK(e.code == ErrorCode::out_of_range);
  CHECK(e.message == "servers must be between 1 and 100000, got 0");
  CHECK(e.subject == "servers");
  e = thrown([] { ringlab::check_integer(Param::compare_keys, 100000001); });
  CHECK(e.code == ErrorCode::limit_exceeded);
  CHECK(e.message == "keys must be between 0 and 100000000, got 100000001");
  CHECK(ringlab::check_integer(Param::compare_keys, 100000000) == 100000000);
  e = thrown([] { ringlab::check_integer(Param::rf, 0); });
  CHECK(e.message == "rf must be >= 1, got 0");
  e = thrown([] { ringlab::check_integer(Param::hrw_jump_remove, 3, 0, 2); });
  CHECK(e.message == "remove must be between 0 and 2, got 3");
  e = thrown([] { ringlab::check_integer(Param::token, -1, 0, 255); });
  CHECK(e.code == ErrorCode::token_out_of_range);
  CHECK(e.message == "token must be between 0 and 255, got -1");
  e = thrown([] { ringlab::check_number(Param::compare_epsilon, 0); });
  CHECK(e.message == "epsilon must be finite and > 0, got 0");
  CHECK(e.subject == "epsilon");
  e = thrown([] { ringlab::check_number(Param::hot_keys_s, -kInf); });
  CHECK(e.message == "s must be finite and >= 0, got -Infinity");
  e = thrown([] { ringlab::check_number(Param::hit_ratio, 1); });
  CHECK(e.message == "hitRatio must be in [0, 1), got 1");
  e = thrown([] { ringlab::check_number(Param::moved_fraction, kNaN); });
  CHECK(e.message == "movedFraction must be in [0, 1], got NaN");
  CHECK_NOTHROW(ringlab::check_number(Param::moved_fraction, 1));
  CHECK_NOTHROW(ringlab::check_number(Param::hit_ratio, 0));
}

TEST_CASE("params: the type rule, for JavaScript numbers and for command-line text", "[params]") {
  CHECK(ringlab::safe_integer(-0.0, "x") == 0);
  CHECK(ringlab::safe_integer(9007199254740991.0, "x") == 9007199254740991);
  for (const auto& [v, shown] : std::vector<std::pair<double, std::string>>{{1.5, "1.5"},
                                                                            {kNaN, "NaN"},
                                                                            {kInf, "Infinity"},
                                                                            {-kInf, "-Infinity"},
                                                                            {9007199254740992.0, "9007199254740992"}}) {
    const double value = v;  // a structured binding cannot be captured before clang 16
    const auto e = thrown([&] { (void)ringlab::safe_integer(value, "servers"); });
    CHECK(e.code == ErrorCode::invalid_argument);
    CHECK(e.message == "servers must be a safe integer, got " + shown);
    CHECK(e.subject == "servers");
  }
  CHECK(ringlab::integer_from_text("1e3", "keys") == 1000);
  CHECK(ringlab::integer_from_text("+7", "keys") == 7);
  CHECK(ringlab::integer_from_text("-0", "keys") == 0);
  CHECK(ringlab::integer_from_text("10000e-1", "keys") == 1000);
  // Text that is a number reads as typed; any other text is quoted.
  for (const auto& [text, shown] :
       std::vector<std::pair<std::string, std::string>>{{"2.5", "2.5"},
                                                        {"1e400", "1e400"},
                                                        {"9007199254740992", "9007199254740992"},
                                                        {"abc", "\"abc\""},
                                                        {"", "\"\""},
                                                        {"1,000", "\"1,000\""},
                                                        {"Infinity", "\"Infinity\""}}) {
    const std::string typed = text;  // a structured binding cannot be captured before clang 16
    const auto e = thrown([&] { (void)ringlab::integer_from_text(typed, "keys"); });
    CHECK(e.code == ErrorCode::invalid_argument);
    CHECK(e.message == "keys must be a safe integer, got " + shown);
  }
  CHECK(ringlab::number_from_text("0.25", "epsilon") == 0.25);
  CHECK(std::isinf(ringlab::number_from_text("1e400", "epsilon")));
  CHECK(thrown([] { (void)ringlab::number_from_text("x", "epsilon"); }).message ==
        "epsilon must be a number, got \"x\"");
  CHECK(ringlab::integer_list_from_text("1,10,1e2", "vnodes") == std::vector<std::int64_t>{1, 10, 100});
  CHECK(thrown([] { (void)ringlab::integer_list_from_text("1,,2", "vnodes"); }).message ==
        "vnodes must be a safe integer, got \"\"");
}

TEST_CASE("params: lists", "[params]") {
  const std::vector<std::int64_t> none;
  auto e = thrown([&] { ringlab::check_list(Param::vnode_sweep_vnodes, none); });
  CHECK(e.code == ErrorCode::invalid_argument);
  CHECK(e.message == "vnodes must be a list of 1 to 100 values, got 0 values");
  const std::vector<std::int64_t> many(101, 1);
  e = thrown([&] { ringlab::check_list(Param::vnode_sweep_vnodes, many); });
  CHECK(e.code == ErrorCode::limit_exceeded);
  CHECK(e.message == "vnodes must be a list of 1 to 100 values, got 101 values");
  const std::vector<std::int64_t> zero{1, 0};
  CHECK(thrown([&] { ringlab::check_list(Param::vnode_sweep_vnodes, zero); }).message ==
        "vnodes must be between 1 and 16777216, got 0");
}

TEST_CASE("params: jump's key from text", "[params][jump]") {
  CHECK(ringlab::jump_key_from_text("0") == 0);
  CHECK(ringlab::jump_key_from_text("-0") == 0);
  CHECK(ringlab::jump_key_from_text("+42") == 42);
  CHECK(ringlab::jump_key_from_text("00000000000000000000018446744073709551615") == 18446744073709551615ull);
  for (const char* text : {"-1", "18446744073709551616", "99999999999999999999999"}) {
    const auto e = thrown([&] { (void)ringlab::jump_key_from_text(text); });
    CHECK(e.code == ErrorCode::out_of_range);
    CHECK(e.message == std::string("key must be between 0 and 18446744073709551615, got ") + text);
    CHECK(e.subject == "key");
  }
  for (const auto& [text, shown] : std::vector<std::pair<std::string, std::string>>{
           {"1.5", "1.5"}, {"1e3", "1e3"}, {"", "\"\""}, {"-", "\"-\""}, {"0x10", "\"0x10\""}}) {
    const std::string typed = text;
    const auto e = thrown([&] { (void)ringlab::jump_key_from_text(typed); });
    CHECK(e.code == ErrorCode::invalid_argument);
    CHECK(e.message == "key must be an integer, got " + shown);
  }
}

TEST_CASE("params: the change grammar", "[params][compare]") {
  using ringlab::ChangeKind;
  auto c = ringlab::parse_change(u"add");
  CHECK((c.kind == ChangeKind::add && c.name.empty() && c.weight == 1));
  c = ringlab::parse_change(u"add:S10");
  CHECK((c.kind == ChangeKind::add && c.name == u"S10"));
  c = ringlab::parse_change(u"remove:S3");
  CHECK((c.kind == ChangeKind::remove && c.name == u"S3"));
  c = ringlab::parse_change(u"fail:a:b");
  CHECK((c.kind == ChangeKind::fail && c.name == u"a:b"));
  c = ringlab::parse_change(u"weight:a=b=2.5");
  CHECK((c.kind == ChangeKind::weight && c.name == u"a=b" && c.weight == 2.5));
  for (const char16_t* text :
       {u"foo", u"remove", u"remove:", u"fail", u"weight", u"weight:S1", u"weight:=2", u"", u"ADD"}) {
    const auto e = thrown([&] { (void)ringlab::parse_change(text); });
    CHECK(e.code == ErrorCode::invalid_argument);
    CHECK(e.subject == "change");
    CHECK_THAT(e.message, Catch::Matchers::StartsWith(
                              "change must be add, add:NAME, remove:NAME, fail:NAME or weight:NAME=W, got \""));
  }
  CHECK(thrown([] { (void)ringlab::parse_change(u"foo"); }).message ==
        "change must be add, add:NAME, remove:NAME, fail:NAME or weight:NAME=W, got \"foo\"");
  auto e = thrown([] { (void)ringlab::parse_change(u"weight:S1=abc"); });
  CHECK(e.message == "change weight must be a number, got \"abc\"");
  CHECK(e.subject == "change");
  e = thrown([] { (void)ringlab::parse_change(u"weight:S1=0"); });
  CHECK(e.code == ErrorCode::out_of_range);
  CHECK(e.message == "change weight must be finite and > 0, got 0");
  CHECK(thrown([] { (void)ringlab::parse_change(u"weight:S1=1e400"); }).message ==
        "change weight must be finite and > 0, got Infinity");
  // The same change from JavaScript's { kind, name, weight }.
  c = ringlab::change_from_parts("weight", u"S1", 2.0);
  CHECK((c.kind == ChangeKind::weight && c.name == u"S1" && c.weight == 2));
  c = ringlab::change_from_parts("add", u"", std::nullopt);
  CHECK((c.kind == ChangeKind::add && c.weight == 1));
  CHECK(thrown([] { (void)ringlab::change_from_parts("grow", u"", std::nullopt); }).message ==
        "change.kind must be add, remove, fail or weight, got \"grow\"");
  CHECK(thrown([] { (void)ringlab::change_from_parts("remove", u"", std::nullopt); }).message ==
        "change.name must be a server's name, got \"\"");
  e = thrown([] { (void)ringlab::change_from_parts("weight", u"S1", std::nullopt); });
  CHECK(e.code == ErrorCode::invalid_argument);
  CHECK(e.message == "change.weight must be finite and > 0, got undefined");
  e = thrown([] { (void)ringlab::change_from_parts("add", u"", -1.0); });
  CHECK(e.code == ErrorCode::out_of_range);
  CHECK(e.message == "change.weight must be finite and > 0, got -1");
}

TEST_CASE("params: every entry point checks through the table", "[params]") {
  CHECK(thrown([] { (void)ringlab::Rendezvous::uniform(-1); }).message ==
        "servers must be between 0 and 16777216, got -1");
  CHECK(ringlab::Rendezvous::uniform(0).servers().empty());
  CHECK(ringlab::WeightedRendezvous::uniform(3).servers().size() == 3);
  CHECK(thrown([] { (void)ringlab::Maglev::uniform(0); }).message == "backends must be between 1 and 16777213, got 0");
  CHECK(thrown([] { (void)ringlab::Maglev::uniform(3, 2); }).message ==
        "tableSize must be between 3 and 16777213, got 2");
  CHECK(thrown([] { (void)ringlab::Maglev::uniform(3, 8); }).message == "tableSize must be a prime, got 8");
  const ringlab::Maglev m = ringlab::Maglev::uniform(3, 7);
  CHECK(m.offset(2) == m.offset(std::int64_t{2}));
  CHECK(thrown([&] { (void)m.offset(3); }).message == "backend must be between 0 and 2, got 3");
  CHECK(thrown([&] { (void)m.skip(-1); }).message == "backend must be between 0 and 2, got -1");
  CHECK(thrown([] { ringlab::TokenRing t(0); }).message == "bits must be between 1 and 32, got 0");
  CHECK(thrown([] {
          ringlab::TokenRing t(8);
          t.add(u"a", -1);
        }).code == ErrorCode::token_out_of_range);
  CHECK(thrown([] { (void)ringlab::theory_sd_over_mean(0, 1); }).message ==
        "n must be between 1 and 4294967295, got 0");
  CHECK(thrown([] { (void)ringlab::theory_sd_over_mean(1, 0); }).message ==
        "v must be between 1 and 4294967295, got 0");
  CHECK(thrown([] { (void)ringlab::mod_n_kept_fraction(1, 0); }).message ==
        "m must be between 1 and 4294967295, got 0");
  CHECK(thrown([] { (void)ringlab::harmonic(-1); }).message == "n must be between 0 and 4294967295, got -1");
  CHECK(ringlab::harmonic(0) == 0);
  CHECK(thrown([] { (void)ringlab::theory_vnodes_for(3, 0); }).message == "target must be finite and > 0, got 0");
  CHECK(thrown([] { (void)ringlab::cache_what_if(-kInf, 0.5); }).message ==
        "hitRatio must be in [0, 1), got -Infinity");
  CHECK(thrown([] { (void)ringlab::cache_what_if(0.5, 1.5); }).message == "movedFraction must be in [0, 1], got 1.5");
  const ringlab::Ring ring = ringlab::Ring::uniform(3, 10);
  auto hot = [&](auto set) {
    ringlab::HotKeyParams p;
    p.requests = 10;
    set(p);
    return thrown([&] { (void)ringlab::hot_keys(ring, p); });
  };
  CHECK(hot([](auto& p) { p.keys = 0; }).message == "keys must be between 1 and 10000000, got 0");
  CHECK(hot([](auto& p) { p.keys = 10000001; }).code == ErrorCode::limit_exceeded);
  CHECK(hot([](auto& p) { p.requests = -1; }).message == "requests must be between 0 and 100000000, got -1");
  CHECK(hot([](auto& p) { p.s = kNaN; }).message == "s must be finite and >= 0, got NaN");
  CHECK(hot([](auto& p) { p.hot = 1001; }).message == "hot must be between 0 and 1000, got 1001");
  CHECK(hot([](auto& p) { p.copies = 0; }).message == "copies must be between 1 and 10000000, got 0");
  const auto crowd = hot([](auto& p) {
    p.hot = 1000;
    p.copies = 100000;
  });
  CHECK(crowd.code == ErrorCode::limit_exceeded);
  CHECK(crowd.message == "a run of 100000000 copies (hot x copies) exceeds the cap of 10000000");
  CHECK(crowd.subject.empty());
  CHECK(thrown([] { (void)ringlab::placement_digests(16, -1); }).message ==
        "keys must be between 0 and 10000000, got -1");
  CHECK(thrown([] { (void)ringlab::compare_servers(0); }).message == "servers must be between 1 and 100000, got 0");
}

TEST_CASE("params: compare checks every value before any work", "[params][compare]") {
  const auto message = [](auto set) {
    ringlab::Scenario sc;
    sc.keys = 10;
    set(sc);
    return thrown([&] { (void)ringlab::compare(sc); }).message;
  };
  CHECK(message([](auto& sc) { sc.servers.clear(); }) == "servers must be between 1 and 100000, got 0");
  CHECK(message([](auto& sc) { sc.vnodes = 0; }) == "vnodes must be between 1 and 16777216, got 0");
  CHECK(message([](auto& sc) { sc.keys = -1; }) == "keys must be between 0 and 100000000, got -1");
  CHECK(message([](auto& sc) { sc.threads = 0; }) == "threads must be between 1 and 256, got 0");
  CHECK(message([](auto& sc) { sc.threads = 257; }) == "threads must be between 1 and 256, got 257");
  CHECK(message([](auto& sc) { sc.seed = 9007199254740992; }) ==
        "seed must be between -9007199254740991 and 9007199254740991, got 9007199254740992");
  CHECK(message([](auto& sc) { sc.epsilon = kNaN; }) == "epsilon must be finite and > 0, got NaN");
  CHECK(message([](auto& sc) { sc.change.weight = 0; }) == "change weight must be finite and > 0, got 0");
  CHECK(message([](auto& sc) { sc.table_size = 7; }) == "tableSize must be between 11 and 16777213, got 7");
  CHECK(message([](auto& sc) { sc.table_size = 15; }) == "tableSize must be a prime, got 15");
  CHECK(message([](auto& sc) { sc.servers[0].weight = -1; }) == "weight must be finite and > 0, got -1");
  CHECK(message([](auto& sc) { sc.vnodes = 2000000; }) ==
        "a ring of 20000000 points exceeds the ring's cap of 16777216");
}

TEST_CASE("params: the CLI's help is made from the table", "[params][cli]") {
  // The native CLI's help: the core's commands, the Erlang library's and the real systems'.
  const std::string help = ringlab::cli_help(ringlab::systems::cli_commands());
  for (const ParamSpec& p : ringlab::params()) {
    if (p.flag.empty()) continue;
    INFO(p.name);
    CHECK_THAT(help, Catch::Matchers::Contains(std::string(p.flag)));
    CHECK_THAT(help, Catch::Matchers::Contains(std::string(p.help)));
  }
  CHECK_THAT(help,
             Catch::Matchers::Contains("--servers N    servers before the change, N -> N+1 (1 to 100000; default 4)"));
  CHECK_THAT(help,
             Catch::Matchers::Contains("--seed S       PRNG seed for the keys (|S| <= 9007199254740991; default 16)"));
  CHECK_THAT(help, Catch::Matchers::Contains("(1 to 100 values, each 1 to 16777216; default 1,10,100,1000)"));
  CHECK_THAT(help, Catch::Matchers::Contains("--keys K       number of keys (0 to 100000000; default 100000)"));
  CHECK_THAT(help, Catch::Matchers::Contains("--threads T    threads; all cores when left out (1 to 256)"));
  CHECK_THAT(help, Catch::Matchers::Contains("bounded loads' slack (finite and > 0; default 0.25)"));
  CHECK_THAT(help,
             Catch::Matchers::Contains("(add | add:NAME | remove:NAME | fail:NAME | weight:NAME=W; default add)"));
  CHECK_THAT(help, Catch::Matchers::Contains("ringlab compare [flags] [--json]"));
  // Readable in a terminal: no line wider than 100 columns.
  std::size_t start = 0;
  while (start < help.size()) {
    const std::size_t nl = help.find('\n', start);
    CHECK(nl - start <= 100);
    start = nl + 1;
  }
}

}  // namespace test_params
