// `ringlab bucket` (the bucket seam on the command line, cli.cpp): every bucket algorithm's
// vectors (tests/golden/buckets/) as the command prints them, its forms, its errors with their
// spelling, its --help and the registry's bucket hashers in `ringlab algorithms --json`.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "golden.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/jump.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_cli_bucket {

using namespace ringlab;

namespace {

// "mod-n or jump": the registry's bucket algorithms, as a message lists them.
std::string algorithm_list() {
  std::string s;
  const auto all = bucket_algorithms();
  for (std::size_t i = 0; i < all.size(); ++i)
    s += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + std::string(all[i].name);
  return s;
}

}  // namespace

TEST_CASE("ringlab bucket: every bucket algorithm's vectors, one line per input", "[buckets][cli][golden]") {
  for (const BucketAlgorithm& a : bucket_algorithms()) {
    const golden::Table t =
        golden::read_tsv("buckets/" + std::string(a.name) + ".tsv", {"options", "ops", "input", "bucket"});
    // Consecutive rows of the same options and ops are one command line.
    std::size_t at = 0;
    std::size_t commands = 0;
    while (at < t.rows.size()) {
      std::vector<std::string> args{"bucket", std::string(a.name)};
      for (const auto& [flag, value] : golden::bucket_options(t.rows[at][0])) args.insert(args.end(), {flag, value});
      if (!t.rows[at][1].empty()) args.insert(args.end(), {"--ops", t.rows[at][1]});
      std::string want;
      const std::size_t from = at;
      for (; at < t.rows.size() && t.rows[at][0] == t.rows[from][0] && t.rows[at][1] == t.rows[from][1]; ++at) {
        args.push_back(t.rows[at][2]);
        want += t.rows[at][3] + "\n";
      }
      INFO(args[1] << " " << args[2] << " " << args[3].substr(0, 40));
      const CliResult r = run_cli(args);
      CHECK(r.err.empty());
      CHECK(r.out == want);
      ++commands;
    }
    CHECK(commands >= 1);
  }
}

TEST_CASE("ringlab bucket: its forms, and its errors spelled as it spells them", "[buckets][cli]") {
  const auto run = [](std::vector<std::string> args, const ReadFile& read = {}) { return run_cli(args, {}, read); };
  const std::string sixteen = std::to_string(jump(16, 10)) + "\n";
  CHECK(run({"bucket", "jump", "--buckets", "10", "0x10", "16"}).out == sixteen + sixteen);
  // Flags and inputs in any order; "--" ends the flags.
  CHECK(run({"bucket", "jump", "16", "--buckets", "10", "--", "0x10"}).out == sixteen + sixteen);
  // Inputs from a file, one a line.
  const ReadFile read = [](const std::string& path) -> std::optional<std::string> {
    if (path == "inputs.txt") return std::string("16\n0x10\n18446744073709551615\n");
    return std::nullopt;
  };
  CHECK(run({"bucket", "jump", "--buckets", "10", "--keys", "inputs.txt"}, read).out ==
        sixteen + sixteen + std::to_string(jump(18446744073709551615ull, 10)) + "\n");
  const auto err = [&](std::vector<std::string> args, const ReadFile& r = {}) {
    const CliResult res = run(std::move(args), r);
    CHECK(res.exit_code == 2);
    CHECK(res.out.empty());
    return res.err + "|" + res.code + "|" + res.rule + "|" + res.param;
  };
  CHECK(err({"bucket"}) == "ringlab: bucket needs an algorithm: " + algorithm_list() + "\n|||");
  CHECK(err({"bucket", "nope", "1"}) ==
        "ringlab: ALGORITHM must be " + algorithm_list() + ", got \"nope\"\n|invalid_argument|oneOf|ALGORITHM");
  CHECK(err({"bucket", "jump", "1"}) == "ringlab: --buckets missing\n|invalid_argument|missing|--buckets");
  CHECK(err({"bucket", "jump", "--buckets", "3"}) == "ringlab: bucket jump needs inputs: --keys FILE or INPUT...\n|||");
  CHECK(err({"bucket", "jump", "--buckets", "3", "--keys", "inputs.txt", "1"}, read) ==
        "ringlab: bucket jump takes --keys FILE or INPUT..., not both\n|||");
  CHECK(err({"bucket", "jump", "--buckets", "3", "--keys", "none.txt"}, read) ==
        "ringlab: cannot read --keys file \"none.txt\"\n|||");
  CHECK(err({"bucket", "jump", "--buckets", "3", "--vnodes", "2", "1"}) ==
        "ringlab: unknown flag --vnodes for bucket jump (see ringlab --help)\n|||");
  CHECK(err({"bucket", "jump", "--buckets", "3", "--capacity", "x", "1"}) ==
        "ringlab: --capacity is not an option of jump\n|invalid_argument|notAnOption|--capacity");
  CHECK(err({"bucket", "jump", "--buckets", "2.5", "1"}) ==
        "ringlab: --buckets must be a safe integer, got 2.5\n|invalid_argument|integer|--buckets");
  CHECK(err({"bucket", "jump", "--buckets", "3", "1", "x"}) ==
        "ringlab: INPUT must be an integer, decimal or 0x hex, got \"x\"\n|invalid_argument|decimalOrHex|INPUT");
  CHECK(err({"bucket", "mod-n", "--buckets", "3", "--ops", "add", "1"}) ==
        "ringlab: mod-n has no --ops\n|invalid_argument|noMembership|--ops");
  CHECK(err({"bucket", "jump", "--buckets", "3", "--ops", "remove:1", "1"}) ==
        "ringlab: jump removes only its last bucket, 2, got 1\n|invalid_argument|lastBucketOnly|bucket");
  CHECK(err({"bucket", "jump", "--buckets", "3", "--ops", "add,", "1"}) ==
        "ringlab: --ops must be add or remove:B, got \"\"\n|invalid_argument|oneOf|--ops");
  // --help lists every bucket algorithm with its flags, from the registry.
  const std::string help = run({"bucket", "--help"}).out;
  for (const BucketAlgorithm& a : bucket_algorithms()) {
    // Its name, then its title on the same line, or under it for a name as wide as the column.
    CHECK_THAT(help, Catch::Matchers::Contains("\n  " + std::string(a.name) + " ") ||
                         Catch::Matchers::Contains("\n  " + std::string(a.name) + "\n" + std::string(16, ' ')));
    const std::string own = run({"bucket", std::string(a.name), "--help"}).out;
    CHECK_THAT(own,
               Catch::Matchers::StartsWith("Usage:\n  ringlab bucket " + std::string(a.name) + " [flags] INPUT...\n"));
    for (const BucketParam p : a.options) CHECK_THAT(own, Catch::Matchers::Contains(std::string(param(p).flag) + " "));
  }
  CHECK_THAT(help, Catch::Matchers::Contains("--ops OPS"));
  CHECK_THAT(cli_help(), Catch::Matchers::Contains(help.substr(help.find("\n\n") + 2)));
}

TEST_CASE("ringlab algorithms --json gives each algorithm's input kind and options", "[buckets]") {
  const CliResult r = run_cli({"algorithms", "--json"});
  REQUIRE(r.exit_code == 0);
  for (const BucketAlgorithm& b : bucket_algorithms()) {
    // The entry's input, then its options, the first by name.
    const std::string first = b.options.empty() ? "]" : "{\"name\":\"" + std::string(param(b.options[0]).name) + "\"";
    CHECK_THAT(r.out, Catch::Matchers::Contains("\"input\":\"" + std::string(input_name(b.input)) + "\",\"options\":[" +
                                                first));
    // "answers": "name" right after the options for an algorithm that answers names, and for no other:
    // its entry runs to the next entry's title.
    const std::string head = "{\"name\":\"" + std::string(b.name) + "\",\"title\":";
    const std::size_t at = r.out.find(head);
    REQUIRE(at != std::string::npos);
    const std::string entry = r.out.substr(at, r.out.find(",\"title\":", at + head.size()) - at);
    CHECK((entry.find("],\"answers\":\"name\",") != std::string::npos) == (b.answers == BucketAnswer::name));
  }
  CHECK_THAT(r.out, Catch::Matchers::Contains("{\"name\":\"ring\","));
  // An entry without a bucket hasher (ring's), its placer after it.
  CHECK_THAT(r.out, Catch::Matchers::Contains("\"input\":null,\"options\":[],\"traces\":false,\"placer\":{"));
}

TEST_CASE("ringlab bucket --trace prints each input's lookup, step by step, as Buckets::trace has it", "[buckets]") {
  const auto text_of = [](const std::vector<BucketStep>& steps) {
    std::string out;
    for (const BucketStep& s : steps)
      out += std::string(step_kind_name(s.kind)) + " bucket=" + std::to_string(s.bucket) +
             " bound=" + std::to_string(s.bound) + " value=" + std::to_string(s.value) + "\n";
    return out;
  };
  Buckets jump("jump", {.buckets = 10});
  CHECK(run_cli({"bucket", "jump", "--buckets", "10", "--trace", "599759890", "0x10"}).out ==
        text_of(jump.trace(599759890)) + "\n" + text_of(jump.trace(16)));
  Buckets memento("memento", {.buckets = 10});
  memento.remove(9);
  memento.remove(3);
  CHECK(run_cli({"bucket", "memento", "--buckets", "10", "--ops", "remove:9,remove:3", "--trace", "--", "key5"}).out ==
        text_of(memento.trace_key("key5")));
  // Its errors are the lookup's.
  const CliResult bad = run_cli({"bucket", "dx", "--buckets", "3", "--trace", "4294967296"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == run_cli({"bucket", "dx", "--buckets", "3", "4294967296"}).err);
  // The registry says which algorithms trace their steps.
  for (const BucketAlgorithm& a : bucket_algorithms())
    CHECK_THAT(run_cli({"algorithms"}).out,
               Catch::Matchers::Contains(a.traces ? "each step of a lookup" : "the answer alone"));
}

}  // namespace test_cli_bucket
