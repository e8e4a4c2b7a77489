// The explicit-token ring with Malachi HashRing semantics (docs/algorithms.md#token-ring).
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>

#include "error_code.hpp"
#include "golden.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/random.hpp"
#include "ringlab/token_ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_token_ring {

using golden::u16;
using ringlab::ErrorCode;
using ringlab::TokenRing;

TEST_CASE("every error the Malachi doc names", "[token_ring]") {
  TokenRing ring(8);
  CHECK(code_of([&] { (void)ring.route(u"k"); }) == ErrorCode::empty);
  CHECK(code_of([&] { (void)ring.route_hash(0); }) == ErrorCode::empty);
  ring.add(u"a", 10);
  CHECK(code_of([&] { ring.add(u"b", 256); }) == ErrorCode::token_out_of_range);
  CHECK(code_of([&] { ring.add(u"b", 10); }) == ErrorCode::token_taken);
  CHECK(code_of([&] { ring.add(u"a", 20); }) == ErrorCode::already_present);
  // The vnode's own token again: it is not "another" vnode's token, so already_present.
  CHECK(code_of([&] { ring.add(u"a", 10); }) == ErrorCode::already_present);
  CHECK(code_of([&] { ring.remove(u"zz"); }) == ErrorCode::not_found);
  CHECK(code_of([&] { (void)ring.boundaries(u"zz"); }) == ErrorCode::not_found);
  CHECK(code_of([] { TokenRing(0); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { TokenRing(33); }) == ErrorCode::out_of_range);
  // A failed add leaves the ring as it was.
  CHECK(ring.size() == 1);
  CHECK(ring.token_of(u"a") == 10);
}

TEST_CASE("routing: first token >= hash, equality owns, wrap past the largest", "[token_ring]") {
  // The tutorial's ring over 0-99 (docs/algorithms.md#tutorial-examples): A 10, B 30, C 50, D 80.
  TokenRing ring(7);
  ring.add(u"A", 10);
  ring.add(u"B", 30);
  ring.add(u"C", 50);
  ring.add(u"D", 80);
  CHECK(ring.route_hash(5) == u"A");
  CHECK(ring.route_hash(20) == u"B");
  CHECK(ring.route_hash(38) == u"C");
  CHECK(ring.route_hash(50) == u"C");
  CHECK(ring.route_hash(77) == u"D");
  CHECK(ring.route_hash(95) == u"A");
  // §3: adding E at 40 moves only 38 (C -> E); removing B then moves only 20 (B -> E).
  TokenRing with_e = ring;
  with_e.add(u"E", 40);
  CHECK(with_e.route_hash(38) == u"E");
  for (std::uint32_t h : {5u, 20u, 50u, 77u, 95u}) CHECK(with_e.route_hash(h) == ring.route_hash(h));
  TokenRing without_b = with_e;
  without_b.remove(u"B");
  CHECK(without_b.route_hash(20) == u"E");
  for (std::uint32_t h : {5u, 38u, 50u, 77u, 95u}) CHECK(without_b.route_hash(h) == with_e.route_hash(h));
  // Values: the copies were changed, the original was not.
  CHECK(ring.size() == 4);
  CHECK(ring.ids() == std::vector<std::u16string>{u"A", u"B", u"C", u"D"});
}

TEST_CASE(
    "boundaries: from the predecessor (exclusive) to its own token (inclusive) with wrap - a single vnode owns the whole ring",
    "[token_ring]") {
  TokenRing ring(32);
  ring.add(u"only", 1234);
  CHECK(ring.boundaries(u"only") == std::pair<std::uint32_t, std::uint32_t>{1234, 1234});
  ring.add(u"x", 4000000000u);
  ring.add(u"y", 7);
  CHECK(ring.boundaries(u"y") == std::pair<std::uint32_t, std::uint32_t>{4000000000u, 7});
  CHECK(ring.boundaries(u"only") == std::pair<std::uint32_t, std::uint32_t>{7, 1234});
  CHECK(ring.boundaries(u"x") == std::pair<std::uint32_t, std::uint32_t>{1234, 4000000000u});
  CHECK(ring.route_hash(4294967295u) == u"y");
}

TEST_CASE("a key routes from h32(key) mod 2^bits", "[token_ring]") {
  for (std::uint32_t bits : {1u, 8u, 16u, 31u, 32u}) {
    TokenRing ring(bits);
    ring.add(u"v", 0);
    const std::uint32_t h = ringlab::h32(u"user:42");
    const std::uint32_t expected = bits == 32 ? h : static_cast<std::uint32_t>(h % (1ull << bits));
    CHECK(ring.position(u"user:42") == expected);
    CHECK(ring.route(u"user:42") == u"v");
  }
}

TEST_CASE("a random sequence of operations matches a naive model", "[token_ring][model]") {
  for (std::uint32_t bits : {4u, 8u, 32u}) {
    INFO("bits " << bits);
    TokenRing ring(bits);
    std::map<std::u16string, std::uint64_t> model;  // id -> token
    ringlab::Mulberry32 rng(bits);
    const std::uint64_t size = 1ull << bits;
    for (int step = 0; step < 5000; ++step) {
      const std::uint32_t op = rng.next_uint32() % 4;
      const std::u16string id = u16("v" + std::to_string(rng.next_uint32() % 24));
      const std::uint64_t token = rng.next_uint32() % (size + 2);  // sometimes out of range
      if (op == 0) {
        ErrorCode want{};
        bool fails = true;
        bool taken = false;
        for (const auto& [other, t] : model) taken = taken || (t == token && other != id);
        if (token >= size) want = ErrorCode::token_out_of_range;
        else if (taken) want = ErrorCode::token_taken;
        else if (model.count(id)) want = ErrorCode::already_present;
        else fails = false;
        if (fails) {
          CHECK(code_of([&] { ring.add(id, token); }) == want);
        } else {
          ring.add(id, token);
          model[id] = token;
        }
      } else if (op == 1) {
        if (model.count(id)) {
          ring.remove(id);
          model.erase(id);
        } else {
          CHECK(code_of([&] { ring.remove(id); }) == ErrorCode::not_found);
        }
      } else {
        const std::uint64_t h = rng.next_uint32() % size;
        if (model.empty()) {
          CHECK(code_of([&] { (void)ring.route_hash(h); }) == ErrorCode::empty);
          continue;
        }
        // The naive owner: the smallest token >= h, else the smallest token.
        const std::u16string* best = nullptr;
        const std::u16string* smallest = nullptr;
        std::uint64_t best_token = 0, smallest_token = 0;
        for (const auto& [other, t] : model) {
          if (t >= h && (best == nullptr || t < best_token)) best = &other, best_token = t;
          if (smallest == nullptr || t < smallest_token) smallest = &other, smallest_token = t;
        }
        CHECK(ring.route_hash(h) == *(best ? best : smallest));
      }
      REQUIRE(ring.size() == model.size());
    }
  }
}

}  // namespace test_token_ring
