// Lookup traces (bucket_trace.hpp, BucketHasher::trace): for every bucket algorithm of the
// registry, on random inputs and after random removals and additions where it has them, a trace
// ends in the answer its lookup gives, and its steps tell the algorithm's story; then examples.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "error_code.hpp"
#include "random_inputs.hpp"
#include "ringlab/algorithms.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/buckets/memento.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/random.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_bucket_trace {

using namespace ringlab;

namespace {

using Kind = BucketStepKind;

// A built algorithm and the buckets live in it, kept beside it as the membership changes.
struct Tracked {
  Buckets b;
  std::set<std::uint32_t> live;
};

// n buckets live, or n named nodes for an algorithm built from nodes (its answers are their places).
Tracked built(const BucketAlgorithm& a, std::uint32_t n) {
  BucketOptions o;
  if (option_param(a, "nodes") != nullptr) {
    o.nodes.emplace();
    for (std::uint32_t i = 0; i < n; ++i) o.nodes->push_back("node-" + std::to_string(i));
  } else {
    o.buckets = n;
  }
  Tracked t{Buckets(a.name, o), {}};
  for (std::uint32_t i = 0; i < n; ++i) t.live.insert(i);
  return t;
}

// Random removals and additions by the algorithm's membership (the last bucket only, or any).
void churn(Tracked& t, const Algorithm& entry, Mulberry32& random, int ops) {
  if (!t.b.can_remove() || !t.b.can_add()) return;
  for (int i = 0; i < ops; ++i) {
    if (t.live.size() > 1 && random.next_uint32() % 3 != 0) {
      auto it = t.live.begin();
      if (entry.removal == Removal::last) it = std::prev(t.live.end());
      else std::advance(it, random.next_uint32() % t.live.size());
      const std::uint32_t gone = *it;
      t.b.remove(gone);
      t.live.erase(gone);
    } else {
      try {
        t.live.insert(t.b.add());
      } catch (const Error& e) {
        // Full (AnchorHash's fixed capacity): a removal next.
        if (std::string_view(e.rule().id) != "bucketCapacity") throw;
      }
    }
  }
}

std::vector<BucketStep> trace_of(const Buckets& b, std::uint64_t input) {
  switch (b.algorithm().input) {
    case BucketInput::text: return b.trace_key("key" + std::to_string(input));
    case BucketInput::u32: return b.trace(input & 0xFFFFFFFFu);
    default: return b.trace(input);
  }
}

std::uint32_t bucket_of(const Buckets& b, std::uint64_t input) {
  switch (b.algorithm().input) {
    case BucketInput::text: return b.bucket_key("key" + std::to_string(input));
    case BucketInput::u32: return b.bucket(input & 0xFFFFFFFFu);
    default: return b.bucket(input);
  }
}

std::vector<BucketStep> of_kind(const std::vector<BucketStep>& steps, Kind kind) {
  std::vector<BucketStep> out;
  for (const BucketStep& s : steps)
    if (s.kind == kind) out.push_back(s);
  return out;
}

// What every trace holds to, and what its algorithm's story says.
void check_trace(const Tracked& t, std::uint64_t input) {
  const BucketAlgorithm& a = t.b.algorithm();
  const std::vector<BucketStep> steps = trace_of(t.b, input);
  INFO(std::string(a.name) << " input " << input << " of " << t.b.size() << " buckets, " << steps.size() << " steps");
  REQUIRE(!steps.empty());
  REQUIRE(steps.size() <= kMaxTraceSteps);
  const BucketStep& answer = steps.back();
  CHECK(answer.kind == Kind::answer);
  CHECK(answer.bucket == bucket_of(t.b, input));
  CHECK(answer.bound == t.b.size());
  CHECK(of_kind(steps, Kind::answer).size() == 1);
  // With one bucket an algorithm may answer at once (jump-like ones do: n <= 1 is bucket 0).
  if (!a.traces) CHECK(steps.size() == 1);
  else if (t.b.size() >= 2) CHECK(steps.size() >= 2);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const BucketStep& s = steps[i];
    if (s.kind == Kind::elided) CHECK(i + 2 == steps.size());
    // A bucket a step says is not live is not; the answer is.
    if (s.kind == Kind::removed || s.kind == Kind::replaced) CHECK(!t.live.contains(s.bucket));
    if (s.kind == Kind::removed && i + 1 < steps.size()) CHECK(steps[i + 1].kind != Kind::answer);
    if (s.kind == Kind::range) CHECK(s.bound == 2 * std::uint64_t{s.bucket});
    if (s.kind == Kind::level) CHECK((s.bucket <= s.value && s.value < s.bound));
    if (s.kind == Kind::flip) CHECK(s.bucket < s.bound);
  }
  if (answer.bucket != 0xFFFFFFFFu) CHECK(t.live.contains(answer.bucket));

  if (a.name == "jump") {
    // Each jump starts where the last one landed, from 0, and the walk ends at the first landing
    // at or beyond n, from the answer; as jump_trace's steps.
    const auto jumps = of_kind(steps, Kind::jump);
    REQUIRE(!jumps.empty());
    const auto expected = jump_trace(input, t.b.size());
    REQUIRE(jumps.size() == expected.size());
    for (std::size_t i = 0; i < jumps.size(); ++i) {
      CHECK(jumps[i].bucket == (i == 0 ? 0 : jumps[i - 1].value));
      CHECK((jumps[i].value >= t.b.size()) == (i + 1 == jumps.size()));
      CHECK(std::int64_t{jumps[i].bucket} == expected[i].bucket);
      CHECK(static_cast<std::int64_t>(jumps[i].value) == expected[i].next);
    }
    CHECK(jumps.back().bucket == answer.bucket);
  }
  if (a.name == "jumpback" || a.name == "jumpback-anchor") {
    // The walk goes back through the power-of-two ranges, each lower than the last.
    const auto ranges = of_kind(steps, Kind::range);
    for (std::size_t i = 1; i < ranges.size(); ++i) CHECK(ranges[i].bucket < ranges[i - 1].bucket);
    if (a.name == "jumpback" && answer.bucket >= 2) {
      REQUIRE(!ranges.empty());
      CHECK((ranges.back().bucket <= answer.bucket && answer.bucket < ranges.back().bound));
    }
  }
  // A removed bucket remembered with its view (the buckets live right after it left): its keys
  // are drawn again among those.
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (steps[i].kind != Kind::removed || steps[i].bound == 0) continue;
    const auto next = std::find_if(steps.begin() + static_cast<std::ptrdiff_t>(i) + 1, steps.end(),
                                   [](const BucketStep& s) { return s.kind == Kind::candidate; });
    REQUIRE(next != steps.end());
    CHECK(next->bound == steps[i].bound);
    CHECK(next->bucket < steps[i].bound);
  }
  if (a.name == "dx") {
    // Every slot probed but the last is not live.
    const auto candidates = of_kind(steps, Kind::candidate);
    CHECK(of_kind(steps, Kind::removed).size() + 1 >= candidates.size());
  }
}

}  // namespace

TEST_CASE("buckets: every algorithm's trace ends in its bucket, and tells its story", "[buckets][trace]") {
  const std::vector<std::uint64_t> inputs = random_u64s(0x7ace, 60);
  Mulberry32 random(20240611);
  for (const BucketAlgorithm& a : bucket_algorithms()) {
    const Algorithm& entry = *find_algorithm(a.name);
    for (const std::uint32_t n : {1u, 2u, 3u, 10u, 100u, 1000u}) {
      Tracked t = built(a, n);
      for (const std::uint64_t input : inputs) check_trace(t, input);
      for (int round = 0; round < 3; ++round) {
        churn(t, entry, random, static_cast<int>(n / 2 + 3));
        for (const std::uint64_t input : inputs) check_trace(t, input);
      }
    }
  }
}

TEST_CASE("buckets: a trace's inputs are checked as a lookup's", "[buckets][trace][errors]") {
  using V = std::vector<std::string>;
  CHECK(error_of([] { (void)Buckets("mod-n", {.buckets = 3}).trace(4294967296u); }) ==
        V{"out_of_range", "between", "input", "input must be between 0 and 4294967295, got 4294967296"});
  CHECK(error_of([] { (void)Buckets("dx", {.buckets = 3}).trace(4294967296u); }) ==
        V{"out_of_range", "between", "input", "input must be between 0 and 4294967295, got 4294967296"});
  CHECK(error_of([] { (void)Buckets("memento", {.buckets = 3}).trace_key(""); }) ==
        error_of([] { (void)Buckets("memento", {.buckets = 3}).bucket_key(""); }));
  CHECK_THROWS_AS(Buckets("memento", {.buckets = 3}).trace(1), std::logic_error);
  CHECK_THROWS_AS(Buckets("jump", {.buckets = 3}).trace_key("1"), std::logic_error);
}

TEST_CASE("buckets: without a trace of its own, a hasher's trace is its answer", "[buckets][trace]") {
  struct Plain final : BucketHasher {
    Plain() : BucketHasher("plain") {}
    std::uint32_t bucket(std::uint64_t input) const override { return static_cast<std::uint32_t>(input % 3); }
    std::uint32_t size() const noexcept override { return 3; }
    std::unique_ptr<BucketHasher> clone() const override { return std::make_unique<Plain>(*this); }
  };
  CHECK(Plain().trace(7) == std::vector<BucketStep>{{Kind::answer, 1, 3, 0}});
}

TEST_CASE("buckets: Memento's trace after removals, the example of its reference", "[buckets][trace][memento]") {
  // SUPSI's MementoEngine(10): key5 on 9 and key14 on 7; removing 3, 7 and 9 moves them to 2 and 1.
  Buckets m("memento", {.buckets = 10});
  for (const int b : {3, 7, 9}) m.remove(b);
  const auto key5 = m.trace_key("key5");
  const auto removed5 = of_kind(key5, Kind::removed);
  REQUIRE(removed5.size() == 1);
  // 9 left last, with 7 buckets live after it: key5 is hashed again into 0 .. 6.
  CHECK(removed5[0] == BucketStep{Kind::removed, 9, 7, 0});
  CHECK(of_kind(key5, Kind::candidate).front().bucket == 9);
  CHECK(key5.back() == BucketStep{Kind::answer, 2, 7, 0});
  const auto key14 = m.trace_key("key14");
  CHECK(of_kind(key14, Kind::removed) == std::vector<BucketStep>{{Kind::removed, 7, 8, 0}});
  CHECK(key14.back().bucket == 1);
  // The key's hash is its xxh32, as the reference has it.
  CHECK(m.trace_key("key0").front() == BucketStep{Kind::hash, 0, 0, 0xc29108dd});
}

TEST_CASE("buckets: every key's steps lead to the one bucket left", "[buckets][trace]") {
  // Each algorithm that removes any bucket, with every bucket but 0 removed (from 1 up): a key
  // drawn onto a removed bucket ends on 0, through the replacements (DxHash's probes may give up:
  // its "none").
  for (const BucketAlgorithm& a : bucket_algorithms()) {
    const Algorithm& entry = *find_algorithm(a.name);
    if (entry.removal != Removal::any || !entry.membership.remove) continue;
    INFO(std::string(a.name));
    Buckets b(a.name, {.buckets = 8});
    for (const int gone : {1, 2, 3, 4, 5, 6, 7}) b.remove(gone);
    for (const std::uint64_t input : random_u64s(7, 20)) {
      const auto steps =
          a.input == BucketInput::text ? b.trace_key("k" + std::to_string(input)) : b.trace(input & 0xFFFFFFFFu);
      CHECK((steps.back().bucket == 0 || steps.back().bucket == 0xFFFFFFFFu));
    }
  }
}

TEST_CASE("buckets: a trace longer than kMaxTraceSteps ends in an elided step and the answer", "[buckets][trace][dx]") {
  // DxHash with one live slot among 65,536 probes about 65,536 slots for a key.
  Buckets dx("dx", {.buckets = 1, .capacity = 65536});
  bool elided = false;
  for (std::uint32_t input = 0; input < 10 && !elided; ++input) {
    const auto steps = dx.trace(input);
    REQUIRE(steps.size() <= kMaxTraceSteps);
    CHECK(steps.back() == BucketStep{Kind::answer, dx.bucket(input), 1, 0});
    if (steps.size() == kMaxTraceSteps) {
      elided = true;
      CHECK(steps[kMaxTraceSteps - 2].kind == Kind::elided);
      CHECK(steps[kMaxTraceSteps - 2].value > 0);
    }
  }
  CHECK(elided);
}

TEST_CASE("buckets: the step kinds' names", "[buckets][trace]") {
  CHECK(step_kind_name(Kind::hash) == "hash");
  CHECK(step_kind_name(Kind::answer) == "answer");
  std::set<std::string_view> names(std::begin(kBucketStepKindNames), std::end(kBucketStepKindNames));
  CHECK(names.size() == std::size(kBucketStepKindNames));
}

}  // namespace test_bucket_trace
