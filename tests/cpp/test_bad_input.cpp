// The bad-input table of docs/bad-input.md ("Every bad input, named"), C++ side: one test per row, asserting
// the ErrorCode and the exact message. tests/bad-input.json holds the same rows for the JS package
// (tests/js/bad-input-table.test.mjs), plus the rows only JavaScript has (wrong JS types, unknown
// options, disposed handles).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "ringlab/bounded.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/random.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/token_ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_bad_input {

using ringlab::ErrorCode;

namespace {

// subject: the parameter the message starts with (params.hpp), empty for errors about no one value.
void rejects(const std::function<void()>& call, ErrorCode code, const std::string& message,
             const std::string& subject = "") {
  try {
    call();
  } catch (const ringlab::Error& e) {
    CHECK(e.code() == code);
    CHECK(std::string(e.what()) == message);
    CHECK(e.subject() == subject);
    return;
  }
  FAIL("accepted");
}

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

std::vector<ringlab::Server> one(double weight) { return {ringlab::Server{u"a", weight, u""}}; }

}  // namespace

TEST_CASE("bad input: NaN weight", "[bad-input]") {
  rejects([] { ringlab::Ring(one(kNaN), 10); }, ErrorCode::out_of_range, "weight must be finite and > 0, got NaN",
          "weight");
}
TEST_CASE("bad input: +Infinity weight", "[bad-input]") {
  rejects([] { ringlab::Ring(one(kInf), 10); }, ErrorCode::out_of_range, "weight must be finite and > 0, got Infinity",
          "weight");
}
TEST_CASE("bad input: -Infinity weight", "[bad-input]") {
  rejects([] { ringlab::Ring(one(-kInf), 10); }, ErrorCode::out_of_range,
          "weight must be finite and > 0, got -Infinity", "weight");
}
TEST_CASE("bad input: negative weight", "[bad-input]") {
  rejects([] { ringlab::Ring(one(-1), 10); }, ErrorCode::out_of_range, "weight must be finite and > 0, got -1",
          "weight");
}
TEST_CASE("bad input: zero weight", "[bad-input]") {
  rejects([] { ringlab::Ring(one(0), 10); }, ErrorCode::out_of_range, "weight must be finite and > 0, got 0", "weight");
}
TEST_CASE("bad input: zero servers", "[bad-input]") {
  rejects([] { (void)ringlab::Ring::uniform(0, 10); }, ErrorCode::out_of_range,
          "servers must be between 1 and 16777216, got 0", "servers");
}
TEST_CASE("bad input: zero vnodes", "[bad-input]") {
  rejects([] { (void)ringlab::Ring::uniform(3, 0); }, ErrorCode::out_of_range,
          "vnodes must be between 1 and 16777216, got 0", "vnodes");
}
TEST_CASE("bad input: zero buckets", "[bad-input]") {
  rejects([] { (void)ringlab::jump(1, 0); }, ErrorCode::out_of_range, "buckets must be between 1 and 2147483647, got 0",
          "buckets");
}
TEST_CASE("bad input: negative buckets", "[bad-input]") {
  rejects([] { (void)ringlab::jump(1, -5); }, ErrorCode::out_of_range,
          "buckets must be between 1 and 2147483647, got -5", "buckets");
}
TEST_CASE("bad input: non-integer (CLI)", "[bad-input]") {
  const auto r = ringlab::run_cli({"run", "ring-vs-mod", "--servers", "2.5"});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err == "ringlab: --servers must be a safe integer, got 2.5\n");
}
TEST_CASE("bad input: above the ring cap", "[bad-input]") {
  rejects([] { (void)ringlab::Ring::uniform(100000, 1000); }, ErrorCode::limit_exceeded,
          "a ring of 100000000 points exceeds the ring's cap of 16777216");
}
TEST_CASE("bad input: above jump's range", "[bad-input]") {
  rejects([] { (void)ringlab::jump(1, 2147483648LL); }, ErrorCode::out_of_range,
          "buckets must be between 1 and 2147483647, got 2147483648", "buckets");
}
TEST_CASE("bad input: above the Maglev cap", "[bad-input]") {
  rejects([] { (void)ringlab::Maglev::uniform(3, 16777259); }, ErrorCode::limit_exceeded,
          "tableSize must be between 3 and 16777213, got 16777259", "tableSize");
}
TEST_CASE("bad input: above the keys cap", "[bad-input]") {
  ringlab::VnodeSweepParams p;
  p.keys = 100000001;
  rejects([&] { (void)ringlab::vnode_sweep(p); }, ErrorCode::out_of_range,
          "keys must be between 0 and 100000000, got 100000001", "keys");
}
TEST_CASE("bad input: unsafe seed", "[bad-input]") {
  rejects([] { ringlab::Mulberry32(9007199254740992LL); }, ErrorCode::out_of_range,
          "seed must be between -9007199254740991 and 9007199254740991, got 9007199254740992", "seed");
}
TEST_CASE("bad input: empty server list", "[bad-input]") {
  rejects([] { ringlab::Ring({}, 10); }, ErrorCode::out_of_range, "a ring needs at least one server");
}
TEST_CASE("bad input: empty backend list", "[bad-input]") {
  rejects([] { ringlab::Maglev({}, 7); }, ErrorCode::out_of_range, "Maglev needs at least one backend");
}
TEST_CASE("bad input: duplicate server names", "[bad-input]") {
  rejects(
      [] {
        ringlab::Ring({{u"a", 1, u""}, {u"a", 1, u""}}, 10);
      },
      ErrorCode::duplicate_server, "server \"a\" is listed twice");
}
TEST_CASE("bad input: empty name", "[bad-input]") {
  rejects([] { ringlab::Ring({{u"", 1, u""}}, 10); }, ErrorCode::invalid_argument, "a server name must not be empty");
}
TEST_CASE("bad input: very long name", "[bad-input]") {
  rejects(
      [] {
        ringlab::Ring({{std::u16string(5000, u'x'), 1, u""}}, 10);
      },
      ErrorCode::limit_exceeded, "a server name is longer than 4096 UTF-16 units");
}
TEST_CASE("bad input: unknown server", "[bad-input]") {
  ringlab::Ring ring = ringlab::Ring::uniform(3, 10);
  rejects([&] { ring.remove_server(u"nope"); }, ErrorCode::unknown_server, "server \"nope\" is not on the ring");
}
TEST_CASE("bad input: replication factor 0", "[bad-input]") {
  const ringlab::Ring ring = ringlab::Ring::uniform(3, 10);
  rejects([&] { (void)ring.preference_list(1, 0); }, ErrorCode::out_of_range, "rf must be >= 1, got 0", "rf");
}
TEST_CASE("bad input: epsilon 0", "[bad-input]") {
  const ringlab::Ring ring = ringlab::Ring::uniform(3, 10);
  const std::vector<std::uint32_t> hashes(3, 0);
  rejects([&] { (void)ringlab::place_bounded(ring, hashes, 0); }, ErrorCode::out_of_range,
          "epsilon must be finite and > 0, got 0", "epsilon");
}
TEST_CASE("bad input: token out of range", "[bad-input]") {
  ringlab::TokenRing ring(8);
  rejects([&] { ring.add(u"a", 256); }, ErrorCode::token_out_of_range, "token must be between 0 and 255, got 256",
          "token");
}
TEST_CASE("bad input: empty token ring", "[bad-input]") {
  const ringlab::TokenRing ring;
  rejects([&] { (void)ring.route(u"k"); }, ErrorCode::empty, "the ring has no vnodes");
}

}  // namespace test_bad_input
