// The registry of algorithms (algorithms.hpp): each entry well formed, and compare's rows, the
// digest's parts and `ringlab algorithms` read from it.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "ringlab/algorithms.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/digest.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_registry {

using namespace ringlab;

TEST_CASE("registry: names are unique, each entry has a title, what it holds and its digest parts") {
  std::set<std::string> names;
  std::set<std::string> parts;
  for (const Algorithm* entry : all_algorithms()) {
    const Algorithm& a = *entry;
    INFO(std::string(a.name));
    CHECK_FALSE(a.name.empty());
    CHECK(names.insert(std::string(a.name)).second);
    CHECK_FALSE(a.title.empty());
    CHECK_FALSE(a.state.empty());
    // A bucket algorithm may have neither: its options' rows are its bucket hasher's
    // (bucket_params.hpp), and its vectors (tests/golden/buckets/) pin its placements.
    const bool bucket_hasher = find_bucket_algorithm(a.name) != nullptr;
    CHECK((!a.params.empty() || bucket_hasher));
    CHECK((!a.digest.empty() || bucket_hasher));
    for (const AlgorithmDigestPart& p : a.digest) {
      CHECK(p.digest != nullptr);
      CHECK(parts.insert(std::string(p.name)).second);
    }
    CHECK(find_algorithm(a.name) == &a);
  }
  CHECK(find_algorithm("no-such-algorithm") == nullptr);
}

TEST_CASE("registry: the bucket-only table holds bucket hashers with no part in compare or the digest") {
  // The main WebAssembly module reads algorithms() only: an entry it needs cannot be in the other table.
  for (const Algorithm& a : bucket_only_algorithms()) {
    INFO(std::string(a.name));
    CHECK(a.family == AlgorithmFamily::buckets);
    CHECK(find_bucket_algorithm(a.name) != nullptr);
    CHECK(a.params.empty());
    CHECK_FALSE(a.compare_row.has_value());
    CHECK(a.digest.empty());
  }
  // And every entry with no parameters of the core's functions is there.
  for (const Algorithm& a : algorithms()) CHECK_FALSE(a.params.empty());
  CHECK(all_algorithms().size() == algorithms().size() + bucket_only_algorithms().size());
}

TEST_CASE("registry: compare's rows are the entries with a row, each at its place") {
  std::vector<std::string> by_row(6);
  std::size_t with_row = 0;
  for (const Algorithm& a : algorithms()) {
    if (!a.compare_row) continue;
    ++with_row;
    REQUIRE(*a.compare_row < by_row.size());
    CHECK(by_row[*a.compare_row].empty());
    by_row[*a.compare_row] = std::string(a.name);
  }
  Scenario sc;
  sc.keys = 1000;
  const auto rows = compare(sc);
  REQUIRE(rows.size() == with_row);
  for (std::size_t i = 0; i < rows.size(); ++i) CHECK(rows[i].algorithm == by_row[i]);
}

TEST_CASE("registry: the digest's parts are h32, each entry's parts in order, then the experiments") {
  std::vector<std::string> expected{"h32"};
  for (const Algorithm& a : algorithms())
    for (const AlgorithmDigestPart& p : a.digest) expected.emplace_back(p.name);
  for (const char* experiment : {"ring-vs-mod", "vnode-sweep", "hrw-jump"}) expected.emplace_back(experiment);
  std::vector<std::string> got;
  for (const DigestPart& p : placement_digests(16, 1000).parts) got.push_back(p.name);
  CHECK(got == expected);
}

TEST_CASE("registry: ringlab algorithms lists every entry, as text and as JSON") {
  const CliResult text = run_cli({"algorithms"});
  const CliResult json = run_cli({"algorithms", "--json"});
  REQUIRE(text.exit_code == 0);
  REQUIRE(json.exit_code == 0);
  CHECK(json.out.front() == '[');
  CHECK(json.out.substr(json.out.size() - 2) == "]\n");
  for (const Algorithm* a : all_algorithms()) {
    CHECK(text.out.find(std::string(a->name) + ": " + std::string(a->title) + "\n") != std::string::npos);
    CHECK(json.out.find("{\"name\":\"" + std::string(a->name) + "\"") != std::string::npos);
  }
  const CliResult bad = run_cli({"algorithms", "--tsv"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == "ringlab: unknown flag --tsv for algorithms (see ringlab --help)\n");
  const CliResult extra = run_cli({"algorithms", "ring"});
  CHECK(extra.exit_code == 2);
  CHECK(extra.err == "ringlab: unexpected argument \"ring\" (flags are --name value)\n");
}

}  // namespace test_registry
