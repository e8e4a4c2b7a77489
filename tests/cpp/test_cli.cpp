// The command line as a library function (run_cli): help, valid forms, and one-line errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "golden.hpp"
#include "ringlab/claims.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/systems_cli.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_cli {

using ringlab::CliResult;
using ringlab::run_cli;

namespace {

// A rejected command: status 2, nothing on stdout, exactly one line on stderr, "ringlab: ...".
void check_usage_error(const std::vector<std::string>& args, const std::string& fragment) {
  std::string joined;
  for (const auto& a : args) joined += "[" + a + "] ";
  INFO("args: " << joined);
  const CliResult r = run_cli(args);
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("ringlab: ", 0) == 0);
  REQUIRE_FALSE(r.err.empty());
  CHECK(r.err.back() == '\n');
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK_THAT(r.err, Catch::Matchers::Contains(fragment));
}

std::string run_ok(const std::vector<std::string>& args) {
  const CliResult r = run_cli(args);
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  return r.out;
}

}  // namespace

TEST_CASE("cli help", "[cli]") {
  const std::string& help = ringlab::cli_help();
  CHECK_THAT(help, Catch::Matchers::StartsWith("ringlab"));
  for (const char* word : {"Usage:", "ring-vs-mod", "vnode-sweep", "hrw-jump", "--seed", "--keys", "--servers",
                           "--vnodes", "--remove", "--buckets"})
    CHECK_THAT(help, Catch::Matchers::Contains(word));
  for (const char* flag : {"--help", "-h", "help"}) {
    const CliResult r = run_cli({flag});
    CHECK(r.exit_code == 0);
    CHECK(r.out == help);
    CHECK(r.err.empty());
  }
}

TEST_CASE("every command answers its own --help with its part of ringlab --help", "[cli]") {
  // The native CLI's commands: the core's, the systems' (with phash2 and place malachi) and claims.
  std::vector<ringlab::CliCommand> commands = ringlab::systems::cli_commands();
  commands.push_back(ringlab::claims_cli_command());
  const std::string full = ringlab::cli_help(commands);
  const auto check_help = [&](const std::vector<std::string>& args, const std::string& usage) {
    std::string joined;
    for (const auto& a : args) joined += "[" + a + "] ";
    INFO("args: " << joined);
    const CliResult r = run_cli(args, commands);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK_THAT(r.out, Catch::Matchers::StartsWith("Usage:\n  ringlab " + usage));
    // Every line but the first is one of ringlab --help's: one text, two views of it.
    std::size_t at = r.out.find('\n') + 1;
    while (at < r.out.size()) {
      const std::size_t end = r.out.find('\n', at);
      const std::string line = r.out.substr(at, end - at);
      INFO("line: " << line);
      // The usage line of one experiment, or of one bucket algorithm, is its own.
      const bool own_usage = line.rfind("  ringlab run ", 0) == 0 || line.rfind("  ringlab bucket ", 0) == 0;
      if (!line.empty() && !own_usage) CHECK(full.find(line + "\n") != std::string::npos);
      at = end + 1;
    }
    return r.out;
  };
  for (const char* flag : {"--help", "-h"}) {
    for (const char* cmd : {"run", "h32", "jump", "bucket", "compare", "digest", "phash2", "claims"})
      check_help({cmd, flag}, cmd);
    // A bucket algorithm's part of bucket's section.
    for (const char* algorithm : {"jump", "mod-n"})
      check_help({"bucket", algorithm, flag}, std::string("bucket ") + algorithm + " [flags] INPUT...");
    for (const char* experiment : {"ring-vs-mod", "vnode-sweep", "hrw-jump"}) {
      const std::string h = check_help({"run", experiment, flag}, std::string("run ") + experiment + " [flags]");
      CHECK_THAT(h, Catch::Matchers::Contains("--seed S"));
    }
    for (const ringlab::CliCommand& c : commands) {
      if (c.sub.empty()) continue;
      const std::string h = check_help({c.name, c.sub, flag}, c.name + " " + c.sub + " ");
      CHECK_THAT(h, Catch::Matchers::Contains(c.help));
    }
    // A plan's operation answers too: its usage line and the plan's section.
    for (const char* op : {"rebalance", "reshard"}) {
      const std::string h = check_help({"plan", "redis", op, flag}, std::string("plan redis ") + op + " --nodes FILE");
      CHECK_THAT(h, Catch::Matchers::Contains("--nodes FILE"));
    }
    // place without a system: every system's usage and section, in the order --help lists them.
    const std::string place = check_help({"place", flag}, "place malachi");
    for (const ringlab::CliCommand& c : commands)
      if (c.name == "place") CHECK_THAT(place, Catch::Matchers::Contains(c.help));
  }
  // Flags are checked as before where --help is not the command's first argument.
  check_usage_error({"run", "ring-vs-mod", "--keys", "10", "--help"}, "unknown flag --help for ring-vs-mod");
  check_usage_error({"run", "bogus", "--help"}, "unknown experiment \"bogus\"");
}

TEST_CASE("cli runs the published defaults", "[cli][golden]") {
  CHECK(run_ok({"run", "ring-vs-mod"}) == golden::read_file("experiments/ring-vs-mod__default.txt"));
  CHECK(run_ok({"run", "hrw-jump"}) == golden::read_file("experiments/hrw-jump__default.txt"));
}

TEST_CASE("cli accepts every spelling of an integer that JavaScript reads as one", "[cli]") {
  const std::string plain = run_ok({"run", "ring-vs-mod", "--keys", "1000"});
  CHECK(run_ok({"run", "ring-vs-mod", "--keys", "1e3"}) == plain);
  CHECK(run_ok({"run", "ring-vs-mod", "--keys", "1E3"}) == plain);
  CHECK(run_ok({"run", "ring-vs-mod", "--keys", "1000.0"}) == plain);
  CHECK(run_ok({"run", "ring-vs-mod", "--keys", "1000."}) == plain);
  CHECK(run_ok({"run", "ring-vs-mod", "--keys", "+1000"}) == plain);
  CHECK(run_ok({"run", "ring-vs-mod", "--keys", "0.1e4"}) == plain);
  CHECK(run_ok({"run", "ring-vs-mod", "--keys", "10000e-1"}) == plain);
  CHECK(run_ok({"run", "ring-vs-mod", "--keys", "001000"}) == plain);
  CHECK(run_ok({"run", "hrw-jump", "--keys", "1.5e3"}) == run_ok({"run", "hrw-jump", "--keys", "1500"}));
  CHECK(run_ok({"run", "hrw-jump", "--seed", "-0"}) == run_ok({"run", "hrw-jump", "--seed", "0"}));
  CHECK(run_ok({"run", "vnode-sweep", "--keys", "500", "--vnodes", "1e1,2.0e1"}) ==
        run_ok({"run", "vnode-sweep", "--keys", "500", "--vnodes", "10,20"}));
  // The largest safe integer is a valid seed.
  CHECK(run_ok({"run", "ring-vs-mod", "--seed", "9007199254740991"}) ==
        golden::read_file("experiments/ring-vs-mod__seed-max-safe.txt"));
}

TEST_CASE("cli flags may come in any order and the last one wins", "[cli]") {
  const std::string a = run_ok({"run", "hrw-jump", "--keys", "300", "--servers", "7", "--remove", "6"});
  CHECK(run_ok({"run", "hrw-jump", "--remove", "6", "--servers", "7", "--keys", "300"}) == a);
  CHECK(run_ok({"run", "hrw-jump", "--keys", "5", "--servers", "7", "--remove", "6", "--keys", "300"}) == a);
}

TEST_CASE("cli rejects unknown flags and missing values", "[cli][errors]") {
  check_usage_error({"run", "ring-vs-mod", "--bogus", "1"}, "--bogus");
  check_usage_error({"run", "ring-vs-mod", "--remove", "1"}, "--remove");  // not a ring-vs-mod flag
  check_usage_error({"run", "hrw-jump", "--vnodes", "1"}, "--vnodes");
  check_usage_error({"run", "ring-vs-mod", "--keys"}, "--keys needs a value");
  check_usage_error({"run", "hrw-jump", "--keys", "10", "--buckets"}, "--buckets");
  check_usage_error({"run", "ring-vs-mod", "keys", "10"}, "keys");
}

TEST_CASE("cli rejects values that are not integers", "[cli][errors]") {
  for (const char* bad :
       {"1.5", "abc", "1e400", "", "-", "1e", "Infinity", "NaN", "1,000", "1.25e1", "9007199254740992", "1e16"}) {
    check_usage_error({"run", "ring-vs-mod", "--keys", bad}, "--keys");
  }
  check_usage_error({"run", "hrw-jump", "--seed", "1.5"}, "--seed");
  check_usage_error({"run", "hrw-jump", "--seed", "9007199254740993"}, "--seed");
  check_usage_error({"run", "vnode-sweep", "--vnodes", "1,,10"}, "--vnodes");
  check_usage_error({"run", "vnode-sweep", "--vnodes", "1,2.5"}, "--vnodes");
  check_usage_error({"run", "vnode-sweep", "--vnodes", ""}, "--vnodes");
}

TEST_CASE("cli rejects values out of range", "[cli][errors]") {
  check_usage_error({"run", "ring-vs-mod", "--servers", "0"}, "servers");
  check_usage_error({"run", "ring-vs-mod", "--vnodes", "0"}, "vnodes");
  check_usage_error({"run", "ring-vs-mod", "--keys", "-1"}, "keys");
  check_usage_error({"run", "vnode-sweep", "--servers", "0"}, "servers");
  check_usage_error({"run", "vnode-sweep", "--vnodes", "10,0"}, "vnodes");
  check_usage_error({"run", "vnode-sweep", "--keys", "-1"}, "keys");
  check_usage_error({"run", "hrw-jump", "--remove", "5"}, "remove");  // = servers
  check_usage_error({"run", "hrw-jump", "--servers", "3", "--remove", "3"}, "remove");
  check_usage_error({"run", "hrw-jump", "--remove", "-1"}, "remove");
  check_usage_error({"run", "hrw-jump", "--keys", "-1"}, "keys");
  check_usage_error({"run", "hrw-jump", "--buckets", "0"}, "buckets");
  check_usage_error({"run", "hrw-jump", "--buckets", "2147483647"}, "buckets");
  check_usage_error({"run", "hrw-jump", "--servers", "0"}, "servers");
  check_usage_error({"run", "ring-vs-mod", "--servers", "100000", "--vnodes", "1000"}, "16777216");
  check_usage_error({"run", "ring-vs-mod", "--keys", "100000001"}, "keys");
}

TEST_CASE("cli rejects unknown commands and experiments", "[cli][errors]") {
  check_usage_error({}, "missing command");
  check_usage_error({"frobnicate"}, "frobnicate");
  check_usage_error({"--bogus"}, "--bogus");
  check_usage_error({"run"}, "experiment");
  check_usage_error({"run", "ring-vs-hrw"}, "ring-vs-hrw");
  check_usage_error({"run", "RING-VS-MOD"}, "RING-VS-MOD");
}

TEST_CASE("cli h32 hashes each argument as UTF-16 units", "[cli]") {
  CHECK(run_ok({"h32", "user:42"}) == "599759890\n");
  CHECK(run_ok({"h32", "", "a", "S0#0"}) == "2872998923\n444641715\n3947687215\n");
  // UTF-8 from the shell becomes UTF-16 units: docs/algorithms.md's Bengali and emoji facts.
  CHECK(run_ok({"h32",
                "\xe0\xa6\xac\xe0\xa7\x8d\xe0\xa6\xaf\xe0\xa6\xac\xe0\xa6\xb9\xe0\xa6\xbe\xe0\xa6\xb0\xe0\xa6\x95"
                "\xe0\xa6\xbe\xe0\xa6\xb0\xe0\xa7\x80:\xe0\xa7\xaa\xe0\xa7\xa8"}) == "1770631165\n");
  CHECK(run_ok({"h32", "\xf0\x9f\x98\x80"}) == "1787143206\n");
  check_usage_error({"h32"}, "KEY");
  check_usage_error({"h32", "\xff"}, "UTF-8");
  check_usage_error({"h32", "\xe0\xa6"}, "UTF-8");
}

TEST_CASE("cli jump takes a 64-bit key and 1 to 2^31-1 buckets", "[cli]") {
  const golden::Table t = golden::read_tsv("jump.tsv", {"key", "buckets", "bucket"});
  REQUIRE(t.rows.size() > 20);
  for (std::size_t i = 0; i < t.rows.size(); i += 97) {
    const auto& row = t.rows[i];
    CHECK(run_ok({"jump", row[0], row[1]}) == row[2] + "\n");
  }
  CHECK(run_ok({"jump", "18446744073709551615", "1"}) == "0\n");
  CHECK(run_ok({"jump", "0", "2147483647"}) == run_ok({"jump", "0", "2.147483647e9"}));
  check_usage_error({"jump", "18446744073709551616", "10"}, "KEY");
  check_usage_error({"jump", "-1", "10"}, "KEY");
  check_usage_error({"jump", "1.5", "10"}, "KEY");
  check_usage_error({"jump", "5", "0"}, "BUCKETS must be between 1 and 2147483647, got 0");
  check_usage_error({"jump", "5", "-1"}, "BUCKETS");
  check_usage_error({"jump", "5", "2147483648"}, "BUCKETS");
  check_usage_error({"jump", "5", "1.5"}, "BUCKETS");
  check_usage_error({"jump", "5"}, "KEY and BUCKETS");
}

}  // namespace test_cli
