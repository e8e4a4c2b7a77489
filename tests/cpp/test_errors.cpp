// Bad input: every rejected value throws ringlab::Error with the right code and a message that
// names the problem, and requests over a cap are refused before anything large is allocated.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "golden.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"

// ---------------------------------------------------------------------------------------------
// Allocation tracking: the largest single request while tracking is on. Replacing the global
// allocation functions is standard C++ and works the same natively and under Emscripten.

namespace {
std::size_t g_largest_allocation = 0;
bool g_tracking = false;
}  // namespace

void* operator new(std::size_t n) {
  if (g_tracking && n > g_largest_allocation) g_largest_allocation = n;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return ::operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
// The nothrow forms too: left to the runtime, they would allocate with its own operator new
// (AddressSanitizer's, in the sanitizer build) and be freed by the std::free above.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return ::operator new(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t& tag) noexcept { return ::operator new(n, tag); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

// The rest of the file in a namespace of its own: the unity build (CMakeLists.txt here) compiles
// it in one unit with other test files, whose helpers may have the same names. (The allocation
// functions above are the program's, and stay global.)
namespace test_errors {

using ringlab::ErrorCode;
using ringlab::Ring;
using ringlab::Server;

namespace {

std::string name_of(ErrorCode c) { return std::string(ringlab::code_name(c)); }

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

// Runs f, which must throw ringlab::Error; returns it (code and message) for checking.
template <typename F>
ringlab::Error thrown_by(F&& f) {
  try {
    f();
  } catch (const ringlab::Error& e) {
    return e;
  }
  throw std::logic_error("expected a ringlab::Error, nothing was thrown");
}

}  // namespace

// expr must throw ringlab::Error with `expected_code` and a message containing `fragment`.
#define CHECK_ERROR(expr, expected_code, fragment) \
  do { \
    const ringlab::Error err_ = thrown_by([&] { (void)(expr); }); \
    CHECK(name_of(err_.code()) == name_of(expected_code)); \
    CHECK(std::string(err_.code_name()) == name_of(expected_code)); \
    CHECK_THAT(std::string(err_.what()), Catch::Matchers::Contains(fragment)); \
  } while (false)

TEST_CASE("error codes have stable names", "[errors]") {
  CHECK(name_of(ErrorCode::invalid_argument) == "invalid_argument");
  CHECK(name_of(ErrorCode::out_of_range) == "out_of_range");
  CHECK(name_of(ErrorCode::limit_exceeded) == "limit_exceeded");
  CHECK(name_of(ErrorCode::duplicate_server) == "duplicate_server");
  CHECK(name_of(ErrorCode::unknown_server) == "unknown_server");
  CHECK(name_of(ErrorCode::token_out_of_range) == "token_out_of_range");
  CHECK(name_of(ErrorCode::token_taken) == "token_taken");
  CHECK(name_of(ErrorCode::already_present) == "already_present");
  CHECK(name_of(ErrorCode::not_found) == "not_found");
  CHECK(name_of(ErrorCode::empty) == "empty");
  const ringlab::Error e(ErrorCode::empty, ringlab::rule::noVnodes, "");
  CHECK(std::string(e.what()) == "the ring has no vnodes");
  CHECK(e.code() == ErrorCode::empty);
  CHECK(std::string(e.rule().id) == "noVnodes");
  // One type for everything: catchable as std::runtime_error too.
  CHECK_THROWS_AS(Ring::uniform(0, 1), std::runtime_error);
}

TEST_CASE("an error is data: its rule, parameter and values make its message", "[errors]") {
  const ringlab::Error e = thrown_by([] { (void)Ring::uniform(0, 10); });
  CHECK(std::string(e.rule().id) == "between");
  CHECK(e.param() == "servers");
  REQUIRE(e.values().size() == 3);
  CHECK(e.values()[0].text == "1");
  CHECK(e.values()[2].number == 0);
  CHECK(std::string(e.what()) == "servers must be between 1 and 16777216, got 0");
  CHECK(e.message_as("--servers") == "--servers must be between 1 and 16777216, got 0");
  // An error found inside something larger keeps the one found there.
  const ringlab::Error located(ringlab::rule::configAt, "", {"upstream", 2, 7}, e);
  CHECK(located.code() == ErrorCode::out_of_range);
  REQUIRE(located.inner() != nullptr);
  CHECK(std::string(located.inner()->rule().id) == "between");
  CHECK(std::string(located.what()) == "upstream line 2, column 7: servers must be between 1 and 16777216, got 0");
  // $L, $Z and $$.
  const ringlab::Error one_of(ErrorCode::invalid_argument, ringlab::rule::oneOf, "mode",
                              {"a", "b", "c", ringlab::input("x y")});
  CHECK(std::string(one_of.what()) == "mode must be a, b or c, got \"x y\"");
  CHECK(std::string(ringlab::Error(ErrorCode::invalid_argument, ringlab::rule::termNeedsChar, "", {"$"}).what()) ==
        "'$' needs a character");
}

TEST_CASE("a ring needs at least one server and one vnode", "[errors][ring]") {
  CHECK_ERROR(Ring({}, 10), ErrorCode::out_of_range, "at least one server");
  CHECK_ERROR(Ring::uniform(0, 10), ErrorCode::out_of_range, "servers");
  CHECK_ERROR(Ring::uniform(3, 0), ErrorCode::out_of_range, "vnodes");
  CHECK_ERROR(Ring(ringlab::default_servers(3), 0), ErrorCode::out_of_range, "vnodes");
  CHECK_ERROR(Ring::uniform(1, 16777217), ErrorCode::out_of_range, "vnodes");
}

TEST_CASE("weights must be finite and greater than zero", "[errors][ring][weights]") {
  for (double w : {kNaN, kInf, -kInf, 0.0, -0.0, -1.0, -1e-300}) {
    INFO("weight " << w);
    CHECK_ERROR(ringlab::points_for_weight(100, w), ErrorCode::out_of_range, "weight");
    CHECK_ERROR(Ring({Server{u"A", w, u""}}, 10), ErrorCode::out_of_range, "weight");
    Ring ring = Ring::uniform(3, 10);
    const Ring before = ring;
    CHECK_ERROR(ring.set_weight(u"S1", w), ErrorCode::out_of_range, "weight");
    CHECK(ring == before);  // a refused change leaves the ring as it was
    CHECK_ERROR(ring.add_server(Server{u"new", w, u""}), ErrorCode::out_of_range, "weight");
    CHECK(ring == before);
  }
  // A weight that would exceed the ring's cap.
  CHECK_ERROR(ringlab::points_for_weight(100, 1e300), ErrorCode::limit_exceeded, "16777216");
  CHECK_ERROR(ringlab::points_for_weight(1, 16777216.5), ErrorCode::limit_exceeded, "16777216");
  CHECK_ERROR(Ring({Server{u"A", 1e9, u""}}, 100), ErrorCode::limit_exceeded, "16777216");
}

TEST_CASE("server names must be non-empty and unique", "[errors][ring]") {
  const std::vector<Server> dup = {{u"A", 1.0, u""}, {u"B", 1.0, u""}, {u"A", 2.0, u"z"}};
  CHECK_ERROR(Ring(dup, 10), ErrorCode::duplicate_server, "\"A\"");
  CHECK_ERROR(Ring({Server{u"A", 1.0, u""}, Server{u"", 1.0, u""}}, 10), ErrorCode::invalid_argument, "empty");
  CHECK_ERROR(Ring({Server{std::u16string(4097, u'x'), 1.0, u""}}, 1), ErrorCode::limit_exceeded, "4096");
  CHECK_ERROR(Ring({Server{u"A", 1.0, std::u16string(4097, u'z')}}, 1), ErrorCode::limit_exceeded, "zone");
  CHECK_NOTHROW(Ring({Server{std::u16string(4096, u'x'), 1.0, u""}}, 1));
  Ring ring = Ring::uniform(3, 5);
  const Ring before = ring;
  CHECK_ERROR(ring.add_server(Server{u"S1", 1.0, u""}), ErrorCode::duplicate_server, "\"S1\"");
  CHECK_ERROR(ring.add_server(Server{u"", 1.0, u""}), ErrorCode::invalid_argument, "empty");
  CHECK(ring == before);
  CHECK_ERROR(ringlab::Rendezvous({u"A", u"B", u"A"}), ErrorCode::duplicate_server, "twice");
  CHECK_ERROR(ringlab::Rendezvous({u"A", u""}), ErrorCode::invalid_argument, "empty");
}

TEST_CASE("removing or reweighting an unknown server is refused", "[errors][ring]") {
  Ring ring = Ring::uniform(3, 5);
  const Ring before = ring;
  CHECK_ERROR(ring.remove_server(u"S3"), ErrorCode::unknown_server, "\"S3\"");
  CHECK_ERROR(ring.remove_server(u""), ErrorCode::unknown_server, "not on the ring");
  CHECK_ERROR(ring.set_weight(u"nobody", 2.0), ErrorCode::unknown_server, "\"nobody\"");
  CHECK(ring == before);
  // The last server cannot be removed: a ring needs one.
  Ring one = Ring::uniform(1, 5);
  CHECK_ERROR(one.remove_server(u"S0"), ErrorCode::out_of_range, "at least one server");
  CHECK(one == Ring::uniform(1, 5));
}

TEST_CASE("replication factor must be at least 1", "[errors][preference]") {
  const Ring ring = Ring::uniform(3, 5);
  for (std::int64_t rf : std::initializer_list<std::int64_t>{0LL, -1LL, std::numeric_limits<std::int64_t>::min()}) {
    CHECK_ERROR(ring.preference_list(0, rf), ErrorCode::out_of_range, "rf must be >= 1");
    CHECK_ERROR(ring.preference_list(0, rf, true), ErrorCode::out_of_range, "rf must be >= 1");
  }
  CHECK_ERROR(ringlab::Rendezvous({u"A"}).top(u"k", -1), ErrorCode::out_of_range, "k must be");
}

TEST_CASE("jump needs 1 to 2^31-1 buckets and mod-N at least 1 server", "[errors][jump]") {
  for (std::int64_t n :
       std::initializer_list<std::int64_t>{0LL, -1LL, 2147483648LL, std::numeric_limits<std::int64_t>::min(),
                                           std::numeric_limits<std::int64_t>::max()}) {
    INFO("n " << n);
    CHECK_ERROR(ringlab::jump(42, n), ErrorCode::out_of_range, "buckets");
    CHECK_ERROR(ringlab::check_buckets(n), ErrorCode::out_of_range, std::to_string(n));
  }
  CHECK_NOTHROW(ringlab::check_buckets(1));
  CHECK_NOTHROW(ringlab::check_buckets(2147483647));
  for (std::int64_t n : {0LL, -1LL, 4294967296LL})
    CHECK_ERROR(ringlab::mod_n(7, n), ErrorCode::out_of_range, "n must be between 1 and 4294967295");
}

TEST_CASE("seeds beyond the safe integers are refused", "[errors][random]") {
  for (std::int64_t seed : std::initializer_list<std::int64_t>{9007199254740992LL, -9007199254740992LL,
                                                               std::numeric_limits<std::int64_t>::max(),
                                                               std::numeric_limits<std::int64_t>::min()}) {
    INFO("seed " << seed);
    CHECK_ERROR(ringlab::Mulberry32(seed), ErrorCode::out_of_range, "seed");
    CHECK_ERROR(ringlab::CourseKeys(seed), ErrorCode::out_of_range, "seed");
    ringlab::RingVsModParams p;
    p.seed = seed;
    CHECK_ERROR(ringlab::ring_vs_mod(p), ErrorCode::out_of_range, "seed");
  }
  CHECK_NOTHROW(ringlab::Mulberry32(9007199254740991LL));
  CHECK_NOTHROW(ringlab::Mulberry32(-9007199254740991LL));
}

TEST_CASE("a ring above kMaxRingPoints is refused quickly without allocating it", "[errors][ring][limits]") {
  static_assert(ringlab::kMaxRingPoints == 16777216u);
  const auto started = std::chrono::steady_clock::now();
  g_largest_allocation = 0;
  g_tracking = true;
  const ringlab::Error e1 = thrown_by([] { (void)Ring::uniform(100000, 1000); });
  const ringlab::Error e2 = thrown_by([] { (void)Ring::uniform(2, 8388609); });
  const ringlab::Error e3 = thrown_by([] { (void)Ring::uniform(4294967295u, 4294967295u); });
  ringlab::RingVsModParams rvm;
  rvm.servers = 100000;
  rvm.vnodes = 1000;
  const ringlab::Error e4 = thrown_by([&] { (void)ringlab::ring_vs_mod(rvm); });
  ringlab::VnodeSweepParams vs;
  vs.servers = 100000;
  vs.vnodes = {1, 1000};
  const ringlab::Error e5 = thrown_by([&] { (void)ringlab::vnode_sweep(vs); });
  g_tracking = false;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  for (const ringlab::Error* e : {&e1, &e2, &e4, &e5}) {
    CHECK(name_of(e->code()) == "limit_exceeded");
    CHECK_THAT(std::string(e->what()), Catch::Matchers::Contains("16777216"));
  }
  CHECK((e3.code() == ErrorCode::out_of_range || e3.code() == ErrorCode::limit_exceeded));
  // Nothing near the 800 MB those rings would need was requested.
  CHECK(g_largest_allocation < (1u << 20));
  CHECK(seconds < 1.0);
  // A ring built from a server list is checked before its points are allocated too.
  g_largest_allocation = 0;
  const std::vector<Server> many = ringlab::default_servers(100000);
  g_tracking = true;
  const ringlab::Error e6 = thrown_by([&] { (void)Ring(many, 1000); });
  g_tracking = false;
  CHECK(name_of(e6.code()) == "limit_exceeded");
  CHECK(g_largest_allocation < (16u << 20));
  // Adding a server that would cross the cap is refused and leaves the ring as it was.
  Ring ring = Ring::uniform(1, 16);
  CHECK_ERROR(ring.add_server(Server{u"big", 2000000.0, u""}), ErrorCode::limit_exceeded, "16777216");
  CHECK(ring == Ring::uniform(1, 16));
}

TEST_CASE("experiment parameters outside their ranges are refused", "[errors][experiments]") {
  {
    ringlab::RingVsModParams p;
    p.servers = 0;
    CHECK_ERROR(ringlab::ring_vs_mod(p), ErrorCode::out_of_range, "servers");
    p = {};
    p.servers = 100001;
    CHECK_ERROR(ringlab::ring_vs_mod(p), ErrorCode::out_of_range, "servers");
    p = {};
    p.vnodes = 0;
    CHECK_ERROR(ringlab::ring_vs_mod(p), ErrorCode::out_of_range, "vnodes");
    p = {};
    p.keys = -1;
    CHECK_ERROR(ringlab::ring_vs_mod(p), ErrorCode::out_of_range, "keys");
    p = {};
    p.keys = 100000001;
    CHECK_ERROR(ringlab::ring_vs_mod(p), ErrorCode::out_of_range, "keys");
    p = {};
    p.servers = 1;
    p.vnodes = 8388609;  // (1 + 1) x vnodes > 2^24
    CHECK_ERROR(ringlab::ring_vs_mod(p), ErrorCode::limit_exceeded, "points");
    p.vnodes = 8388608;
    CHECK_NOTHROW(ringlab::validate(p));
  }
  {
    ringlab::VnodeSweepParams p;
    p.vnodes = {};
    CHECK_ERROR(ringlab::vnode_sweep(p), ErrorCode::invalid_argument, "vnodes");
    p.vnodes.assign(101, 1);
    CHECK_ERROR(ringlab::vnode_sweep(p), ErrorCode::limit_exceeded, "vnodes");
    p.vnodes.assign(100, 1);
    CHECK_NOTHROW(ringlab::validate(p));
    p.vnodes = {1, 0, 10};
    CHECK_ERROR(ringlab::vnode_sweep(p), ErrorCode::out_of_range, "vnodes");
    p = {};
    p.servers = 0;
    CHECK_ERROR(ringlab::vnode_sweep(p), ErrorCode::out_of_range, "servers");
    p = {};
    p.keys = -1;
    CHECK_ERROR(ringlab::vnode_sweep(p), ErrorCode::out_of_range, "keys");
  }
  {
    ringlab::HrwJumpParams p;
    p.remove = 5;  // = servers
    CHECK_ERROR(ringlab::hrw_jump(p), ErrorCode::out_of_range, "remove");
    p.remove = -1;
    CHECK_ERROR(ringlab::hrw_jump(p), ErrorCode::out_of_range, "remove");
    p = {};
    p.buckets = 0;
    CHECK_ERROR(ringlab::hrw_jump(p), ErrorCode::out_of_range, "buckets");
    p.buckets = 2147483647;  // jump then runs with 2^31 buckets
    CHECK_ERROR(ringlab::hrw_jump(p), ErrorCode::out_of_range, "buckets");
    p.buckets = 2147483646;
    CHECK_NOTHROW(ringlab::validate(p));
    p = {};
    p.servers = 0;
    p.remove = 0;
    CHECK_ERROR(ringlab::hrw_jump(p), ErrorCode::out_of_range, "servers");
    p = {};
    p.keys = -1;
    CHECK_ERROR(ringlab::hrw_jump(p), ErrorCode::out_of_range, "keys");
    p = {};
    p.keys = 100000000;
    p.servers = 101;
    CHECK_ERROR(ringlab::hrw_jump(p), ErrorCode::limit_exceeded, "keys x servers");
  }
}

TEST_CASE("toFixed refuses digits outside 0 to 100", "[errors][jsfmt]") {
  CHECK_THROWS(ringlab::js::to_fixed(1.0, -1));
  CHECK_THROWS(ringlab::js::to_fixed(1.0, 101));
  CHECK_NOTHROW(ringlab::js::to_fixed(1.0, 100));
}

}  // namespace test_errors
