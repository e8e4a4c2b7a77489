// Multi-probe consistent hashing (buckets/multiprobe.hpp): go-mpchash's compat test (its first
// answers; the 6000 are tests/golden/buckets/multiprobe.tsv, which the bucket seam's suites read),
// the lookup against the definition written out as the reference's loop over every node, the
// point a repeated hash leaves to the node listed last, and the properties that make it a
// consistent hash: a node added takes keys only for itself, a node left out gives away only its
// own, and more probes spread the keys more evenly. Then its hasher's errors through the seam.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "random_inputs.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/multiprobe.hpp"
#include "ringlab/buckets/siphash.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_multiprobe {

using namespace ringlab;

namespace {

// prefix1 .. prefix{count}, as the reference's test names its nodes.
std::vector<std::string> numbered(const char* prefix, int count) {
  std::vector<std::string> out;
  for (int i = 1; i <= count; ++i) out.push_back(prefix + std::to_string(i));
  return out;
}

// The definition, as the reference's Hash reads: for each probe, the nearest point strictly above
// it (the least point if none), found by looking at every node; a nearer one wins, the first of
// equal distances; the point's node is the last listed with that point.
std::uint32_t model(const std::vector<std::string>& nodes, std::uint32_t probes, std::string_view key) {
  std::vector<std::uint64_t> points;
  for (const std::string& n : nodes) points.push_back(siphash24(0, 0, n));
  const std::uint64_t least = *std::min_element(points.begin(), points.end());
  const std::uint64_t h1 = siphash24(1, 0, key);
  const std::uint64_t h2 = siphash24(2, 0, key);
  std::uint64_t nearest = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t won = least;
  for (std::uint32_t i = 0; i < probes; ++i) {
    const std::uint64_t probe = h1 + std::uint64_t{i} * h2;
    bool above = false;
    std::uint64_t successor = 0;
    for (const std::uint64_t p : points)
      if (p > probe && (!above || p < successor)) {
        successor = p;
        above = true;
      }
    if (!above) successor = least;
    if (successor - probe < nearest) {
      nearest = successor - probe;
      won = successor;
    }
  }
  std::uint32_t holder = 0;
  for (std::uint32_t i = 0; i < nodes.size(); ++i)
    if (points[i] == won) holder = i;
  return holder;
}

std::vector<std::string> keys(const char* prefix, int count) {
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) out.push_back(prefix + std::to_string(i));
  return out;
}

}  // namespace

TEST_CASE("multiprobe: go-mpchash's compat test, its first answers", "[multiprobe][buckets]") {
  // New(shard-1 .. shard-6000, siphash, {1, 2}, 21); Hash(shard-i) is line i of
  // testdata/compat.out.
  const std::vector<std::string> shards = numbered("shard-", 6000);
  const MultiProbe m(shards, 21);
  CHECK(m.points().size() == 6000);
  CHECK(shards[m.node("shard-1")] == "shard-1389");
  CHECK(shards[m.node("shard-2")] == "shard-4257");
  CHECK(shards[m.node("shard-3")] == "shard-4744");
  CHECK(shards[m.node("shard-4")] == "shard-4613");
  CHECK(shards[m.node("shard-5")] == "shard-3027");
}

TEST_CASE("multiprobe: the lookup is the definition's loop over every node", "[multiprobe][buckets]") {
  const std::vector<std::string> ks = keys("k", 300);
  for (const int n : {1, 2, 3, 5, 6, 7, 12, 40}) {
    const std::vector<std::string> nodes = numbered("n", n);
    for (const std::uint32_t probes : {1u, 2u, 3u, 21u, 64u}) {
      INFO(n << " nodes, " << probes << " probes");
      const MultiProbe m(nodes, probes);
      for (const std::string& k : ks) CHECK(m.node(k) == model(nodes, probes, k));
    }
  }
}

TEST_CASE("multiprobe: the trace is the key's two hashes, then each probe's successor and distance",
          "[multiprobe][buckets][trace]") {
  const std::vector<std::string> ks = keys("user:", 200);
  for (const int n : {1, 2, 7, 40}) {
    const std::vector<std::string> nodes = numbered("S", n);
    std::vector<std::uint64_t> points;
    for (const std::string& name : nodes) points.push_back(siphash24(0, 0, name));
    for (const std::int64_t probes : {1, 3, 21}) {
      INFO(n << " nodes, " << probes << " probes");
      const Buckets b("multiprobe", {.nodes = nodes, .probes = probes});
      for (const std::string& k : ks) {
        const std::vector<BucketStep> steps = b.trace_key(k);
        REQUIRE(steps.size() == static_cast<std::size_t>(probes) + 3);
        const std::uint64_t h1 = siphash24(1, 0, k);
        const std::uint64_t h2 = siphash24(2, 0, k);
        CHECK(steps[0] == BucketStep{BucketStepKind::hash, 0, 0, h1});
        CHECK(steps[1] == BucketStep{BucketStepKind::hash, 0, 0, h2});
        std::uint64_t nearest = std::numeric_limits<std::uint64_t>::max();
        std::uint32_t won = 0;
        for (std::int64_t i = 0; i < probes; ++i) {
          const BucketStep& st = steps[static_cast<std::size_t>(i) + 2];
          const std::uint64_t probe = h1 + static_cast<std::uint64_t>(i) * h2;
          CHECK(st.kind == BucketStepKind::probe);
          CHECK(st.bound == static_cast<std::uint64_t>(i));
          // The step's node holds the point `value` ahead of the probe, and no point lies between.
          const std::uint64_t point = probe + st.value;
          CHECK(points[st.bucket] == point);
          for (const std::uint64_t p : points) CHECK(p - probe - 1 >= st.value - 1);
          if (st.value < nearest) {
            nearest = st.value;
            won = st.bucket;
          }
        }
        CHECK(steps.back() == BucketStep{BucketStepKind::answer, won, static_cast<std::uint64_t>(n), 0});
        CHECK(won == b.bucket_key(k));
      }
    }
  }
}

TEST_CASE("multiprobe: a probe's successor is strictly above it, and the ring wraps", "[multiprobe][buckets]") {
  const std::vector<std::string> nodes = numbered("shard-", 10);
  const MultiProbe m(nodes, 1);
  const std::span<const std::uint64_t> points = m.points();
  REQUIRE(std::is_sorted(points.begin(), points.end()));
  // One probe (h2 unused): a probe on a point goes to the next point, one above the last point
  // to the first, one below the first to the first.
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    CHECK(m.node_of_hashes(points[i], 0) == m.holders()[i + 1]);
    CHECK(m.node_of_hashes(points[i] - 1, 0) == m.holders()[i]);
  }
  CHECK(m.node_of_hashes(points.back(), 0) == m.holders()[0]);
  CHECK(m.node_of_hashes(std::numeric_limits<std::uint64_t>::max(), 0) == m.holders()[0]);
  CHECK(m.node_of_hashes(0, 0) == m.holders()[0]);
  // Of probes at the same distance, the first: h2 = 0 repeats the first probe.
  const MultiProbe many(nodes, 21);
  CHECK(many.node_of_hashes(points[3] + 1, 0) == many.holders()[4]);
  // A ring of one point: every probe, even one at distance 2^64 - 1, reaches its node.
  const std::vector<std::string> one{"only"};
  const MultiProbe single(one, 21);
  CHECK(single.node_of_hashes(single.points()[0] + 1, 0) == 0);
  CHECK(single.node("any key") == 0);
}

TEST_CASE("multiprobe: nodes of the same point are one point, held by the one listed last", "[multiprobe][buckets]") {
  // The class checks no names (the hasher refuses a name listed twice): a repeated name is a
  // repeated point, as two names of one hash would be.
  const std::vector<std::string> nodes{"a", "b", "a", "c"};
  const MultiProbe m(nodes, 21);
  CHECK(m.points().size() == 3);
  const std::vector<std::string> distinct{"a", "b", "c"};
  const MultiProbe d(distinct, 21);
  for (const std::string& k : keys("key", 500)) {
    const std::uint32_t want = d.node(k);
    CHECK(m.node(k) == (want == 0 ? 2u : want == 1 ? 1u : 3u));
  }
}

TEST_CASE("multiprobe: a node added takes keys only for itself, a node left out gives only its own",
          "[multiprobe][buckets]") {
  const std::vector<std::string> ks = keys("user:", 20000);
  std::vector<std::string> nodes = numbered("node-", 50);
  const MultiProbe before(nodes, 21);
  std::vector<std::string> more = nodes;
  more.push_back("node-51");
  const MultiProbe after(more, 21);
  std::vector<std::string> fewer = nodes;
  fewer.erase(fewer.begin() + 17);  // node-18
  const MultiProbe without(fewer, 21);
  std::size_t moved_in = 0;
  std::size_t moved_out = 0;
  for (const std::string& k : ks) {
    const std::uint32_t was = before.node(k);
    const std::uint32_t now = after.node(k);
    if (now != was) {
      CHECK(now == 50);
      ++moved_in;
    }
    const std::string& left = fewer[without.node(k)];
    if (left != nodes[was]) {
      CHECK(nodes[was] == "node-18");
      ++moved_out;
    }
  }
  // About a 51st of the keys to the new node, about a 50th from the one left out.
  CHECK(moved_in > 200);
  CHECK(moved_in < 600);
  CHECK(moved_out > 200);
  CHECK(moved_out < 600);
}

TEST_CASE("multiprobe: more probes, an even spread", "[multiprobe][buckets]") {
  // 100 nodes, 100,000 keys: with one probe each node holds its arc of the ring (a peak several
  // times the mean); 21 probes bring the peak within about 1.05 of the mean, binomial noise on top
  // (about 3% of the mean for each node).
  const std::vector<std::string> nodes = numbered("shard-", 100);
  const std::vector<std::string> ks = keys("key", 100000);
  const auto peak_to_mean = [&](std::uint32_t probes) {
    const MultiProbe m(nodes, probes);
    std::vector<std::uint32_t> load(nodes.size());
    for (const std::string& k : ks) ++load[m.node(k)];
    return *std::max_element(load.begin(), load.end()) / (static_cast<double>(ks.size()) / nodes.size());
  };
  const double one = peak_to_mean(1);
  const double twenty_one = peak_to_mean(21);
  INFO("peak / mean: 1 probe " << one << ", 21 probes " << twenty_one);
  CHECK(one > 2.0);
  CHECK(twenty_one < 1.2);
}

TEST_CASE("multiprobe: through the seam, node names and each mistake a named error", "[multiprobe][buckets][errors]") {
  using V = std::vector<std::string>;
  const Buckets b("multiprobe", {.nodes = std::vector<std::string>{"a", "b", "c"}});
  CHECK(b.size() == 3);
  CHECK_FALSE(b.can_add());
  CHECK_FALSE(b.can_remove());
  const MultiProbe m(std::vector<std::string>{"a", "b", "c"}, 21);
  for (const std::string& k : keys("key", 50)) CHECK(b.shown(b.bucket_key(k)) == V{"a", "b", "c"}[m.node(k)]);
  // The empty key is a key.
  CHECK(b.bucket_key("") == m.node(""));
  CHECK(error_of([] { (void)Buckets("multiprobe", {}); }) ==
        V{"invalid_argument", "missing", "nodes", "nodes missing"});
  CHECK(error_of([] { (void)Buckets("multiprobe", {.nodes = std::vector<std::string>{}}); }) ==
        V{"invalid_argument", "list", "nodes", "nodes must be a list of 1 to 16777216 values, got 0 values"});
  CHECK(error_of([] {
          (void)Buckets("multiprobe", {.nodes = std::vector<std::string>{"a", "", "b"}});
        }) == V{"invalid_argument", "emptyName", "nodes", "a node name must not be empty"});
  CHECK(error_of([] {
          (void)Buckets("multiprobe", {.nodes = std::vector<std::string>{"a", "b", "c", "b", "a"}});
        }) == V{"duplicate_server", "duplicateListed", "nodes", "node \"b\" is listed twice"});
  CHECK(error_of([] { (void)Buckets("multiprobe", {.nodes = std::vector<std::string>{"a"}, .probes = 0}); }) ==
        V{"out_of_range", "between", "probes", "probes must be between 1 and 1024, got 0"});
  CHECK(error_of([] { (void)Buckets("multiprobe", {.nodes = std::vector<std::string>{"a"}, .probes = 1025}); }) ==
        V{"out_of_range", "between", "probes", "probes must be between 1 and 1024, got 1025"});
  CHECK(error_of([] { (void)Buckets("multiprobe", {.buckets = 3, .nodes = std::vector<std::string>{"a"}}); }) ==
        V{"invalid_argument", "notAnOption", "buckets", "buckets is not an option of multiprobe"});
  CHECK(error_of([] { (void)Buckets("jump", {.buckets = 3, .nodes = std::vector<std::string>{"a"}}); }) ==
        V{"invalid_argument", "notAnOption", "nodes", "nodes is not an option of jump"});
  Buckets built("multiprobe", {.nodes = std::vector<std::string>{"a"}});
  CHECK(error_of([&] { (void)built.add(); }) == V{"invalid_argument", "noMembership", "", "multiprobe has no add"});
  CHECK(error_of([&] { built.remove(0); }) == V{"invalid_argument", "noMembership", "", "multiprobe has no remove"});
  // The command line's list: comma-separated, every item kept for the check.
  const BucketAlgorithm& a = bucket_algorithm("multiprobe");
  BucketOptions o;
  set_bucket_option(a, o, "nodes", "x,y,,z");
  CHECK(*o.nodes == V{"x", "y", "", "z"});
  set_bucket_option(a, o, "nodes", "");
  CHECK(*o.nodes == V{""});
  set_bucket_option(a, o, "probes", "5");
  CHECK(o.probes == 5);
}

}  // namespace test_multiprobe
