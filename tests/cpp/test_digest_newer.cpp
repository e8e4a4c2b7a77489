// The digest's newer parts (digest_newer.hpp): each part against the algorithm itself, built
// through the bucket seam for S0 .. S9 and given every course key as its input kind says, key by
// key; the chapter's parts and `all` untouched without them; `ringlab digest --newer`'s lines.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "error_code.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/compare_newer.hpp"
#include "ringlab/digest.hpp"
#include "ringlab/digest_newer.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/random.hpp"

namespace test_digest_newer {

namespace {

// The part the definition owes `name`: a hasher of 10 buckets (or of the nodes S0 .. S9), each
// key's text or its h32 looked up alone, each answer folded as a digest folds a result.
std::uint32_t reference(std::string_view name, std::int64_t seed, std::int64_t keys) {
  const ringlab::BucketAlgorithm& a = ringlab::bucket_algorithm(name);
  ringlab::BucketOptions o;
  std::vector<std::string> nodes;
  for (int s = 0; s < 10; ++s) nodes.push_back("S" + std::to_string(s));
  if (ringlab::option_param(a, "nodes") != nullptr) o.nodes = nodes;
  else o.buckets = 10;
  const ringlab::Buckets b(name, o);
  ringlab::CourseKeys course(seed);
  ringlab::Fnv1a f;
  for (std::int64_t i = 0; i < keys; ++i) {
    const std::string text = "user:" + std::to_string(course.next_number());
    const std::uint32_t hash = ringlab::h32(std::u16string(text.begin(), text.end()));
    const std::uint32_t answer = a.input == ringlab::BucketInput::text ? b.bucket_key(text) : b.bucket(hash);
    ringlab::digest_value(f, answer);
  }
  return f.finish();
}

}  // namespace

TEST_CASE("digest newer: each part is its algorithm's answers for the course keys", "[digest]") {
  const std::vector<std::string_view> names = ringlab::newer_compare_algorithms();
  REQUIRE(names.size() >= 8);
  for (const std::int64_t seed : {16, 0, -7}) {
    for (const std::int64_t keys : {0, 1, 1000, 70000}) {  // 70,000: more than one chunk of keys
      for (const std::string_view name : names) {
        INFO(std::string(name) << " seed " << seed << " keys " << keys);
        CHECK(ringlab::newer_digest(name, seed, keys) == reference(name, seed, keys));
      }
    }
  }
}

TEST_CASE("digest newer: the chapter's parts first and all over every part", "[digest]") {
  const std::vector<std::string_view> none;
  CHECK(ringlab::placement_digests(16, 5000, none) == ringlab::placement_digests(16, 5000));
  // Three of them, not in the registry's order: the parts come in the list's.
  const std::vector<std::string_view> names = ringlab::newer_compare_algorithms();
  const std::vector<std::string_view> some = {names.back(), names.front(), names[names.size() / 2]};
  const ringlab::PlacementDigest chapter = ringlab::placement_digests(16, 5000);
  const ringlab::PlacementDigest d = ringlab::placement_digests(16, 5000, some);
  REQUIRE(d.parts.size() == chapter.parts.size() + some.size());
  for (std::size_t i = 0; i < chapter.parts.size(); ++i) CHECK(d.parts[i] == chapter.parts[i]);
  for (std::size_t i = 0; i < some.size(); ++i) {
    CHECK(d.parts[chapter.parts.size() + i].name == some[i]);
    CHECK(d.parts[chapter.parts.size() + i].digest == ringlab::newer_digest(some[i], 16, 5000));
  }
  CHECK(d.all == ringlab::combine_digests(d.parts));
  CHECK(d.all != chapter.all);
}

TEST_CASE("digest newer: seed and keys checked as the digest checks them", "[digest]") {
  CHECK(code_of([] { (void)ringlab::newer_digest("dx", 16, -1); }) == ringlab::ErrorCode::out_of_range);
  CHECK(code_of([] { (void)ringlab::newer_digest("dx", 16, 10000001); }) == ringlab::ErrorCode::limit_exceeded);
  CHECK(code_of([] { (void)ringlab::newer_digest("dx", std::int64_t{1} << 53, 10); }) ==
        ringlab::ErrorCode::out_of_range);
}

TEST_CASE("digest newer: the command's lines", "[digest][cli]") {
  const ringlab::CliResult plain = ringlab::run_cli({"digest", "--seed", "0", "--keys", "10"});
  REQUIRE(plain.exit_code == 0);
  CHECK(plain.out.ends_with("all 780626144\n"));
  const ringlab::CliResult all = ringlab::run_cli({"digest", "--seed", "0", "--newer", "all", "--keys", "10"});
  REQUIRE(all.exit_code == 0);
  const ringlab::PlacementDigest d = ringlab::placement_digests(0, 10, ringlab::newer_compare_algorithms());
  std::string expected;
  for (const ringlab::DigestPart& p : d.parts) expected += p.name + " " + std::to_string(p.digest) + "\n";
  expected += "all " + std::to_string(d.all) + "\n";
  CHECK(all.out == expected);
  // The chapter's lines come first, unchanged.
  CHECK(all.out.starts_with(plain.out.substr(0, plain.out.rfind("all "))));
  const ringlab::CliResult one = ringlab::run_cli({"digest", "--keys", "10", "--newer", "memento", "--seed", "0"});
  REQUIRE(one.exit_code == 0);
  CHECK(one.out.find("\nmemento " + std::to_string(ringlab::newer_digest("memento", 0, 10)) + "\nall ") !=
        std::string::npos);
  const ringlab::CliResult bad = ringlab::run_cli({"digest", "--newer", "jump"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.param == "--newer");
  CHECK(bad.rule == "oneOf");
}

}  // namespace test_digest_newer
