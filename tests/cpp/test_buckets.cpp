// The bucket seam (buckets.hpp): the registry's bucket algorithms, each through ringlab::Buckets
// against its vectors (tests/golden/buckets/); jump through the seam is jump; and the seam's
// named errors. test_cli_bucket.cpp has the same through `ringlab bucket`.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "golden.hpp"
#include "ringlab/algorithms.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/error.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/random.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_buckets {

using namespace ringlab;

namespace {

BucketOptions buckets(std::int64_t n) { return {.buckets = n}; }

// "mod-n or jump": the registry's bucket algorithms, as a message lists them.
std::string algorithm_list() {
  std::string s;
  const auto all = bucket_algorithms();
  for (std::size_t i = 0; i < all.size(); ++i)
    s += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + std::string(all[i].name);
  return s;
}

// One file's rows, consecutive rows of the same options and ops as one case: the options as
// `ringlab bucket` flags, the ops, the inputs and their buckets (or nodes' names), as the file
// writes them.
struct VectorCase {
  std::string key{};  // options and ops, as the file has them
  std::vector<std::string> flags{};
  std::string ops{};
  std::vector<std::string> inputs{};
  std::vector<std::string> buckets{};
};
std::vector<VectorCase> vectors_of(std::string_view name) {
  const golden::Table t =
      golden::read_tsv("buckets/" + std::string(name) + ".tsv", {"options", "ops", "input", "bucket"});
  std::vector<VectorCase> cases;
  for (const auto& row : t.rows) {
    const std::string key = row[0] + "\t" + row[1];
    if (cases.empty() || cases.back().key != key) {
      VectorCase c{.key = key, .ops = row[1]};
      for (auto& [flag, value] : golden::bucket_options(row[0])) {
        c.flags.push_back(std::move(flag));
        c.flags.push_back(std::move(value));
      }
      cases.push_back(std::move(c));
    }
    cases.back().inputs.push_back(row[2]);
    cases.back().buckets.push_back(row[3]);
  }
  return cases;
}

// A case's options, as the command line reads them.
BucketOptions options_of(const BucketAlgorithm& a, const VectorCase& c) {
  BucketOptions o;
  for (std::size_t i = 0; i < c.flags.size(); i += 2) set_bucket_option(a, o, c.flags[i].substr(2), c.flags[i + 1]);
  return o;
}

}  // namespace

TEST_CASE("buckets: every bucket algorithm is one registry entry of the buckets family, and back", "[buckets]") {
  std::set<std::string> bucket_names;
  for (const BucketAlgorithm& b : bucket_algorithms()) {
    INFO(std::string(b.name));
    CHECK(bucket_names.insert(std::string(b.name)).second);
    CHECK(find_bucket_algorithm(b.name) == &b);
    CHECK(b.make != nullptr);
    const Algorithm* a = find_algorithm(b.name);
    REQUIRE(a != nullptr);
    CHECK(a->family == AlgorithmFamily::buckets);
    // Its options: rows named as BucketOptions' fields, once each; a seed takes any 64 bits, nodes
    // a list of names (an algorithm that answers names has them, and no other does).
    std::set<std::string> names;
    for (const BucketParam p : b.options) {
      const ParamSpec& spec = param(p);
      INFO(std::string(spec.name));
      CHECK(names.insert(std::string(spec.name)).second);
      CHECK(std::find(std::begin(kBucketOptionNames), std::end(kBucketOptionNames), spec.name) !=
            std::end(kBucketOptionNames));
      CHECK(spec.kind == (spec.name == "seed"    ? ParamKind::key64
                          : spec.name == "nodes" ? ParamKind::name_list
                                                 : ParamKind::integer));
      CHECK(spec.flag == "--" + std::string(spec.name));
      CHECK(option_param(b, spec.name) == &spec);
    }
    CHECK(names.contains("nodes") == (b.answers == BucketAnswer::name));
    // The hasher has the membership its entry says, built with every option at its smallest.
    BucketOptions o;
    for (const BucketParam p : b.options) {
      const ParamSpec& spec = param(p);
      if (spec.name == "seed") o.seed = 0;
      else if (spec.name == "buckets") o.buckets = spec.lo;
      else if (spec.name == "capacity") o.capacity = spec.lo;
      else if (spec.name == "probes") o.probes = spec.lo;
      else {
        o.nodes.emplace();
        for (std::int64_t i = 0; i < spec.lo; ++i) o.nodes->push_back("n" + std::to_string(i));
      }
    }
    const Buckets built(b.name, o);
    CHECK(built.can_add() == a->membership.add);
    CHECK(built.can_remove() == a->membership.remove);
    CHECK(a->membership.reweight == false);
  }
  for (const Algorithm* a : all_algorithms())
    CHECK((a->family == AlgorithmFamily::buckets) == (find_bucket_algorithm(a->name) != nullptr));
  CHECK(find_bucket_algorithm("ring") == nullptr);
}

TEST_CASE("buckets: every bucket algorithm's vectors, through Buckets", "[buckets][golden]") {
  for (const BucketAlgorithm& a : bucket_algorithms()) {
    const std::vector<VectorCase> cases = vectors_of(a.name);
    CHECK_FALSE(cases.empty());
    std::size_t rows = 0;
    for (const VectorCase& c : cases) {
      std::string shown = std::string(a.name);
      for (const std::string& f : c.flags) shown += " " + f;
      INFO(shown << " --ops " << c.ops);
      Buckets b(a.name, options_of(a, c));
      if (!c.ops.empty())
        for (const BucketOp& op : parse_bucket_ops(c.ops)) op.add ? (void)b.add() : b.remove(op.bucket);
      std::vector<std::uint64_t> inputs;
      std::vector<std::string_view> texts;
      for (std::size_t i = 0; i < c.inputs.size(); ++i) {
        if (a.input == BucketInput::text) {
          CHECK(b.shown(b.bucket_key(c.inputs[i])) == c.buckets[i]);
          texts.push_back(c.inputs[i]);
          continue;
        }
        inputs.push_back(bucket_input_from_text(a.input, c.inputs[i]));
        CHECK(b.shown(b.bucket(inputs.back())) == c.buckets[i]);
      }
      if (a.input == BucketInput::text) {
        // The batch of texts (MementoHash's jumps four keys at a time, then a key's walk alone).
        std::vector<std::uint32_t> out(texts.size());
        b.bucket_many(texts, out);
        for (std::size_t i = 0; i < texts.size(); ++i) CHECK(b.shown(out[i]) == c.buckets[i]);
      } else {
        // The batch, in both widths where the inputs fit 32 bits.
        std::vector<std::uint32_t> out(inputs.size());
        b.bucket_many(inputs, out);
        std::vector<std::uint32_t> narrow;
        for (const std::uint64_t x : inputs)
          if (x <= 4294967295u) narrow.push_back(static_cast<std::uint32_t>(x));
        std::vector<std::uint32_t> narrow_out(narrow.size());
        b.bucket_many(narrow, narrow_out);
        for (std::size_t i = 0, j = 0; i < inputs.size(); ++i) {
          CHECK(b.shown(out[i]) == c.buckets[i]);
          if (inputs[i] <= 4294967295u) CHECK(narrow_out[j++] == out[i]);
        }
      }
      rows += c.inputs.size();
    }
    CHECK(rows >= 100);
  }
}

TEST_CASE("buckets: jump through the seam is jump, for every key and count of jump.tsv", "[buckets][jump][golden]") {
  const golden::Table t = golden::read_tsv("jump.tsv", {"key", "buckets", "bucket"});
  std::map<std::int64_t, std::vector<std::pair<std::uint64_t, std::int64_t>>> by_n;
  for (const auto& row : t.rows)
    by_n[golden::parse_i64(row[1])].push_back({golden::parse_u64(row[0]), golden::parse_i64(row[2])});
  for (const auto& [n, rows] : by_n) {
    INFO("n " << n);
    const Buckets b("jump", buckets(n));
    CHECK(b.size() == n);
    std::vector<std::uint64_t> keys;
    for (const auto& [key, want] : rows) {
      CHECK(b.bucket(key) == want);
      CHECK(b.bucket(key) == static_cast<std::uint32_t>(jump(key, n)));
      keys.push_back(key);
    }
    std::vector<std::uint32_t> out(keys.size());
    b.bucket_many(keys, out);
    for (std::size_t i = 0; i < keys.size(); ++i) CHECK(out[i] == rows[i].second);
  }
}

TEST_CASE("buckets: jump's add and remove are jump at the count they leave", "[buckets][jump]") {
  Mulberry32 rng(77);
  std::vector<std::uint64_t> keys;
  for (int i = 0; i < 200; ++i) keys.push_back(std::uint64_t{rng.next_uint32()} << 32 | rng.next_uint32());
  Buckets b("jump", buckets(5));
  for (std::int64_t n = 6; n <= 40; ++n) {
    CHECK(b.add() == n - 1);  // the new bucket is the last
    for (const std::uint64_t k : keys) CHECK(b.bucket(k) == static_cast<std::uint32_t>(jump(k, n)));
  }
  for (std::int64_t n = 39; n >= 1; --n) {
    b.remove(n);
    CHECK(b.size() == n);
    for (const std::uint64_t k : keys) CHECK(b.bucket(k) == static_cast<std::uint32_t>(jump(k, n)));
  }
}

TEST_CASE("buckets: mod-n through the seam is mod_n", "[buckets]") {
  Mulberry32 rng(5);
  for (const std::int64_t n : {1ll, 3ll, 10ll, 65537ll, 4294967295ll}) {
    const Buckets b("mod-n", buckets(n));
    for (int i = 0; i < 200; ++i) {
      const std::uint32_t h = rng.next_uint32();
      CHECK(b.bucket(h) == mod_n(h, n));
    }
    CHECK(b.bucket(4294967295u) == mod_n(4294967295u, n));
  }
}

TEST_CASE("buckets: each mistake is a named error", "[buckets][errors]") {
  using V = std::vector<std::string>;
  CHECK(error_of([] { (void)Buckets("ring", buckets(3)); }) ==
        V{"invalid_argument", "oneOf", "algorithm", "algorithm must be " + algorithm_list() + ", got \"ring\""});
  CHECK(error_of([] { (void)Buckets("jump", {}); }) == V{"invalid_argument", "missing", "buckets", "buckets missing"});
  CHECK(error_of([] { (void)Buckets("jump", buckets(0)); }) ==
        V{"out_of_range", "between", "buckets", "buckets must be between 1 and 2147483647, got 0"});
  CHECK(error_of([] { (void)Buckets("jump", buckets(2147483648)); }) ==
        V{"out_of_range", "between", "buckets", "buckets must be between 1 and 2147483647, got 2147483648"});
  CHECK(error_of([] { (void)Buckets("mod-n", buckets(4294967296)); }) ==
        V{"out_of_range", "between", "buckets", "buckets must be between 1 and 4294967295, got 4294967296"});
  CHECK(error_of([] { (void)Buckets("jump", {.buckets = 3, .capacity = 8}); }) ==
        V{"invalid_argument", "notAnOption", "capacity", "capacity is not an option of jump"});
  CHECK(error_of([] { (void)Buckets("mod-n", {.buckets = 3, .seed = 1}); }) ==
        V{"invalid_argument", "notAnOption", "seed", "seed is not an option of mod-n"});
  CHECK(error_of([] { (void)Buckets("mod-n", buckets(3)).bucket(4294967296u); }) ==
        V{"out_of_range", "between", "input", "input must be between 0 and 4294967295, got 4294967296"});
  CHECK(error_of([] {
          const std::vector<std::uint64_t> in{1, 4294967296u};
          std::vector<std::uint32_t> out(2);
          Buckets("mod-n", buckets(3)).bucket_many(in, out);
        }) == V{"out_of_range", "between", "input", "input must be between 0 and 4294967295, got 4294967296"});
  Buckets jump10("jump", buckets(10));
  CHECK(error_of([&] { jump10.remove(3); }) ==
        V{"invalid_argument", "lastBucketOnly", "bucket", "jump removes only its last bucket, 9, got 3"});
  CHECK(error_of([&] { jump10.remove(10); }) ==
        V{"not_found", "bucketNotLive", "bucket", "bucket 10 is not a live bucket"});
  CHECK(error_of([&] { jump10.remove(-1); }) ==
        V{"not_found", "bucketNotLive", "bucket", "bucket -1 is not a live bucket"});
  jump10.remove(9);
  CHECK(error_of([&] { jump10.remove(9); }) ==
        V{"not_found", "bucketNotLive", "bucket", "bucket 9 is not a live bucket"});
  CHECK(jump10.size() == 9);
  Buckets jump1("jump", buckets(1));
  CHECK(error_of([&] { jump1.remove(0); }) ==
        V{"out_of_range", "noBucketLeft", "bucket", "removing bucket 0 would leave no bucket"});
  Buckets full("jump", buckets(2147483647));
  CHECK(error_of([&] { (void)full.add(); }) ==
        V{"limit_exceeded", "bucketCapacity", "", "all 2147483647 buckets are live: jump has no bucket to add"});
  CHECK(full.size() == 2147483647u);
  Buckets mod("mod-n", buckets(7));
  CHECK(error_of([&] { (void)mod.add(); }) == V{"invalid_argument", "noMembership", "", "mod-n has no add"});
  CHECK(error_of([&] { mod.remove(6); }) == V{"invalid_argument", "noMembership", "", "mod-n has no remove"});
  CHECK(error_of([] { (void)bucket_input_from_text(BucketInput::u64, "1.5"); }) ==
        V{"invalid_argument", "decimalOrHex", "input", "input must be an integer, decimal or 0x hex, got 1.5"});
  CHECK(error_of([] { (void)parse_bucket_ops("add,drop:3"); }) ==
        V{"invalid_argument", "oneOf", "ops", "ops must be add or remove:B, got \"drop:3\""});
}

TEST_CASE("buckets: inputs as the command line writes them, decimal or 0x hex", "[buckets]") {
  CHECK(bucket_input_from_text(BucketInput::u64, "0") == 0);
  CHECK(bucket_input_from_text(BucketInput::u64, "+7") == 7);
  CHECK(bucket_input_from_text(BucketInput::u64, "-0") == 0);
  CHECK(bucket_input_from_text(BucketInput::u64, "000018446744073709551615") == 18446744073709551615ull);
  CHECK(bucket_input_from_text(BucketInput::u64, "0xFFFFFFFFFFFFFFFF") == 18446744073709551615ull);
  CHECK(bucket_input_from_text(BucketInput::u64, "0x00000000000000000001") == 1);
  CHECK(bucket_input_from_text(BucketInput::u32, "0xffffffff") == 4294967295u);
  const auto refused = [](BucketInput kind, const char* text) {
    try {
      (void)bucket_input_from_text(kind, text);
    } catch (const Error& e) {
      return std::string(e.rule().id) + ": " + e.what();
    }
    return std::string("accepted");
  };
  CHECK(refused(BucketInput::u64, "18446744073709551616") ==
        "between: input must be between 0 and 18446744073709551615, got 18446744073709551616");
  CHECK(refused(BucketInput::u64, "0x10000000000000000") ==
        "between: input must be between 0 and 18446744073709551615, got \"0x10000000000000000\"");
  CHECK(refused(BucketInput::u64, "-1") == "between: input must be between 0 and 18446744073709551615, got -1");
  CHECK(refused(BucketInput::u32, "4294967296") == "between: input must be between 0 and 4294967295, got 4294967296");
  for (const char* text : {"", "0x", "x1", "1e3", "0x1g", " 1", "1 ", "--1", "0b1", "-0x1"})
    CHECK(refused(BucketInput::u64, text).rfind("decimalOrHex: ", 0) == 0);
}

namespace {

// The bucket of each input, as the algorithm takes it: the 64-bit input, its low 32 bits, or its
// decimal text.
std::vector<std::uint32_t> answers(const Buckets& b, const std::vector<std::uint64_t>& inputs) {
  std::vector<std::uint32_t> out;
  for (const std::uint64_t k : inputs) {
    switch (b.algorithm().input) {
      case BucketInput::u64: out.push_back(b.bucket(k)); break;
      case BucketInput::u32: out.push_back(b.bucket(k & 0xFFFFFFFFu)); break;
      case BucketInput::text: out.push_back(b.bucket_key(std::to_string(k))); break;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("buckets: a batch of additions or removals is the same operations one at a time, refusals included",
          "[buckets]") {
  for (const BucketAlgorithm& a : bucket_algorithms()) {
    if (option_param(a, "buckets") == nullptr) continue;  // built from named nodes: no membership
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
      CAPTURE(a.name, seed);
      Mulberry32 rng(seed * 7877u + static_cast<std::uint32_t>(a.name.size()));
      const auto below = [&](std::uint32_t n) { return rng.next_uint32() % n; };
      const std::int64_t n = 1 + below(40);
      Buckets one(a.name, buckets(n));
      Buckets batch(a.name, buckets(n));
      if (!one.can_add() && !one.can_remove()) continue;
      std::vector<std::uint64_t> inputs;
      for (int i = 0; i < 300; ++i) inputs.push_back(std::uint64_t{rng.next_uint32()} << 32 | rng.next_uint32());
      std::vector<std::int64_t> live;
      for (std::int64_t b = 0; b < n; ++b) live.push_back(b);
      for (int round = 0; round < 10; ++round) {
        CAPTURE(round);
        std::vector<std::string> one_refused;
        std::vector<std::string> batch_refused;
        if (below(2) == 0 && one.can_add()) {
          // 1 to 40 buckets added: DxHash's slots grow on the way when they fill.
          std::vector<std::uint32_t> one_added;
          std::vector<std::uint32_t> batch_added(1 + below(40));
          one_refused = refusal_of([&] {
            for (std::size_t i = 0; i < batch_added.size(); ++i) one_added.push_back(one.add());
          });
          batch_refused = refusal_of([&] { batch.add_many(batch_added); });
          batch_added.resize(one_added.size());
          REQUIRE(batch_added == one_added);
          live.insert(live.end(), one_added.begin(), one_added.end());
        } else if (one.can_remove() && !live.empty()) {
          // 1 to 30 live buckets, the last ones first (all an algorithm that removes only its last
          // takes) or at random; now and then one twice, one never live, or no bucket at all.
          std::sort(live.begin(), live.end());
          std::vector<std::int64_t> removed;
          const bool last_first = below(2) == 0;
          for (std::uint32_t k = 1 + below(30); k > 0 && removed.size() < live.size(); --k)
            removed.push_back(last_first ? live[live.size() - 1 - removed.size()]
                                         : live[below(static_cast<std::uint32_t>(live.size()))]);
          if (below(8) == 0) removed.insert(removed.begin() + below(static_cast<std::uint32_t>(removed.size())), -1);
          if (below(8) == 0) removed.push_back(1'000'000);
          one_refused = refusal_of([&] {
            for (const std::int64_t b : removed) {
              one.remove(b);
              live.erase(std::find(live.begin(), live.end(), b));
            }
          });
          batch_refused = refusal_of([&] { batch.remove_many(removed); });
        } else {
          continue;
        }
        REQUIRE(batch_refused == one_refused);
        REQUIRE(batch.size() == one.size());
        REQUIRE(answers(batch, inputs) == answers(one, inputs));
      }
    }
  }
}

TEST_CASE("buckets: a copy answers as the original, and its membership changes apart from it", "[buckets]") {
  for (const BucketAlgorithm& a : bucket_algorithms()) {
    CAPTURE(a.name);
    BucketOptions o;
    if (option_param(a, "nodes") != nullptr) o.nodes = std::vector<std::string>{"a", "b", "c", "d", "e"};
    else o = buckets(20);
    std::vector<std::uint64_t> inputs;
    Mulberry32 rng(static_cast<std::uint32_t>(a.name.size()) * 31u + 5u);
    for (int i = 0; i < 300; ++i) inputs.push_back(std::uint64_t{rng.next_uint32()} << 32 | rng.next_uint32());
    const Buckets original(a.name, o);
    Buckets copy(original);
    REQUIRE(answers(copy, inputs) == answers(original, inputs));
    if (!copy.can_remove()) continue;
    // The copy loses its last bucket and bucket 3 where it can: the original is still as built, and
    // the copy as a hasher built and changed the same way.
    Buckets changed(a.name, o);
    const std::vector<std::int64_t> removed = find_algorithm(a.name)->removal == Removal::any
                                                  ? std::vector<std::int64_t>{19, 3}
                                                  : std::vector<std::int64_t>{19};
    copy.remove_many(removed);
    changed.remove_many(removed);
    REQUIRE(copy.size() == original.size() - removed.size());
    REQUIRE(answers(copy, inputs) == answers(changed, inputs));
    REQUIRE(answers(original, inputs) == answers(Buckets(a.name, o), inputs));
    REQUIRE(answers(copy, inputs) != answers(original, inputs));
  }
}

TEST_CASE("buckets: a batch of texts is each text's bucket, before and after removals", "[buckets]") {
  for (const BucketAlgorithm& a : bucket_algorithms()) {
    if (a.input != BucketInput::text) continue;
    CAPTURE(a.name);
    BucketOptions o;
    if (option_param(a, "nodes") != nullptr) o.nodes = std::vector<std::string>{"a", "b", "c", "d", "e"};
    else o = buckets(500);
    Buckets b(a.name, o);
    Mulberry32 rng(11);
    std::vector<std::string> keys;
    for (int i = 0; i < 1003; ++i) keys.push_back(std::to_string(rng.next_uint32()));
    const std::vector<std::string_view> views(keys.begin(), keys.end());
    for (int round = 0; round < 4; ++round) {
      CAPTURE(round);
      std::vector<std::uint32_t> out(views.size());
      b.bucket_many(views, out);
      for (std::size_t i = 0; i < views.size(); ++i) REQUIRE(out[i] == b.bucket_key(views[i]));
      if (!b.can_remove()) break;
      // A fifth of the live buckets, at random: the keys then walk long replacement chains.
      for (std::uint32_t k = b.size() / 5; k > 0; --k) {
        std::int64_t victim = rng.next_uint32() % 500;
        while (true) {
          try {
            b.remove(victim);
            break;
          } catch (const Error&) {
            victim = (victim + 1) % 500;
          }
        }
      }
    }
  }
}

}  // namespace test_buckets

namespace test_buckets {

TEST_CASE("buckets: bucket_many_utf8 answers bucket_key of each key laid end to end, and checks its offsets",
          "[buckets][errors]") {
  // Keys of every length the batch's blocks meet, non-ASCII ones among them.
  std::vector<std::string> keys;
  Mulberry32 r(2026);
  for (int i = 0; i < 2500; ++i) {
    std::string k = "user:" + std::to_string(r.next_uint32() % 100000);
    if (i % 7 == 0) k += "\xe0\xa6\x95\xe0\xa7\x80";  // কী
    keys.push_back(k);
  }
  std::string bytes;
  std::vector<std::uint32_t> offsets{0};
  for (const std::string& k : keys) {
    bytes += k;
    offsets.push_back(static_cast<std::uint32_t>(bytes.size()));
  }
  std::vector<std::string> nodes;
  for (int i = 0; i < 40; ++i) nodes.push_back("node-" + std::to_string(i));
  Buckets memento("memento", buckets(1000));
  for (std::uint32_t b = 0; b < 1000; b += 3) memento.remove(b);
  const Buckets probe("multiprobe", {.nodes = nodes});
  for (const Buckets* b : {static_cast<const Buckets*>(&memento), &probe}) {
    CAPTURE(b->algorithm().name);
    std::vector<std::uint32_t> out(keys.size());
    b->bucket_many_utf8(bytes, offsets, out);
    for (std::size_t i = 0; i < keys.size(); ++i) REQUIRE(out[i] == b->bucket_key(keys[i]));
  }
  using V = std::vector<std::string>;
  std::vector<std::uint32_t> one(1);
  // An empty key MementoHash refuses: refused as bucket_key refuses it.
  const std::vector<std::uint32_t> empty_key{0, 0};
  CHECK(error_of([&] { memento.bucket_many_utf8("", empty_key, one); }) ==
        error_of([&] { (void)memento.bucket_key(""); }));
  const std::string ab = "ab";
  const std::vector<std::uint32_t> descending{0, 2, 1, 2};
  const std::vector<std::uint32_t> short_of{0, 1};
  const std::vector<std::uint32_t> none;
  for (const auto* o : {&descending, &short_of, &none}) {
    const V e = error_of([&] { probe.bucket_many_utf8(ab, *o, one); });
    REQUIRE(e.size() == 4);
    CHECK(e[0] == "invalid_argument");
    CHECK(e[1] == "byteOffsets");
  }
  CHECK(error_of([&] { Buckets("jump", buckets(3)).bucket_many_utf8(ab, short_of, one); })[1] == "noMembership");
}

}  // namespace test_buckets
