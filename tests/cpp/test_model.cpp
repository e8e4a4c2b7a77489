// Model-based tests: random sequences of operations on a Ring and on a TokenRing, checked after
// every step against a ring built from scratch from a plain model (the server list; the
// id -> token map). Seeded, small rings, so the whole file runs in a few seconds.
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/random.hpp"
#include "ringlab/ring.hpp"
#include "ringlab/token_ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_model {

using ringlab::Error;
using ringlab::ErrorCode;
using ringlab::Mulberry32;
using ringlab::Ring;
using ringlab::Server;
using ringlab::TokenRing;

namespace {

constexpr int kSequences = 10000;

std::uint32_t below(Mulberry32& rng, std::uint32_t n) { return static_cast<std::uint32_t>(rng.next() * n); }

// The error code a call throws, or nullopt when it returns.
template <typename F>
std::optional<ErrorCode> code_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.code();
  }
  return std::nullopt;
}

std::u16string name_of(std::uint32_t i) { return ringlab::default_server_name(i); }

}  // namespace

TEST_CASE("model: Ring after random add / remove / set_weight equals a ring built from scratch") {
  Mulberry32 rng(20240601);
  const double weights[] = {0.25, 0.5, 1.0, 1.5, 2.0, 3.0};
  const char16_t* zones[] = {u"", u"a", u"b", u"c"};
  std::uint64_t checks = 0;
  for (int seq = 0; seq < kSequences; ++seq) {
    const std::uint32_t vnodes = 1 + below(rng, 8);
    std::vector<Server> model;
    const std::uint32_t initial = 1 + below(rng, 4);
    std::uint32_t next_name = 0;
    for (std::uint32_t i = 0; i < initial; ++i)
      model.push_back(Server{name_of(next_name++), 1.0, zones[below(rng, 4)]});
    Ring ring(model, vnodes);
    const int ops = 3 + static_cast<int>(below(rng, 5));
    for (int op = 0; op < ops; ++op) {
      const std::uint32_t kind = below(rng, 4);
      if (kind == 0) {
        // Add a server: a new name, or (sometimes) one already on the ring.
        const bool duplicate = below(rng, 5) == 0;
        Server s{duplicate ? model[below(rng, static_cast<std::uint32_t>(model.size()))].name : name_of(next_name++),
                 weights[below(rng, 6)], zones[below(rng, 4)]};
        const auto code = code_of([&] { ring.add_server(s); });
        if (duplicate) {
          CHECK(code == ErrorCode::duplicate_server);
        } else {
          CHECK_FALSE(code.has_value());
          model.push_back(s);
        }
      } else if (kind == 1) {
        // Remove a server: one on the ring (refused for the last one) or an unknown name.
        const bool unknown = below(rng, 5) == 0;
        const std::uint32_t at = below(rng, static_cast<std::uint32_t>(model.size()));
        const std::u16string name = unknown ? u"nope" : model[at].name;
        const auto code = code_of([&] { ring.remove_server(name); });
        if (unknown) {
          CHECK(code == ErrorCode::unknown_server);
        } else if (model.size() == 1) {
          CHECK(code == ErrorCode::out_of_range);
        } else {
          CHECK_FALSE(code.has_value());
          model.erase(model.begin() + at);
        }
      } else if (kind == 2) {
        // Set a weight: a valid one, an invalid one, or on an unknown name.
        const std::uint32_t at = below(rng, static_cast<std::uint32_t>(model.size()));
        const std::uint32_t which = below(rng, 8);
        const double w = which == 6 ? 0.0 : weights[which % 6];
        const bool unknown = which == 7;
        const auto code = code_of([&] { ring.set_weight(unknown ? u"nope" : model[at].name, w); });
        if (unknown) {
          CHECK(code == ErrorCode::unknown_server);
        } else if (w == 0.0) {
          CHECK(code == ErrorCode::out_of_range);
        } else {
          CHECK_FALSE(code.has_value());
          model[at].weight = w;
        }
      }
      // kind 3: lookups only. After every step the ring is the one built from the model.
      const Ring fresh(model, vnodes);
      REQUIRE(ring == fresh);
      for (int k = 0; k < 4; ++k) {
        const std::uint32_t h = rng.next_uint32();
        CHECK(ring.owner(h) == fresh.owner(h));
        const std::int64_t rf = 1 + below(rng, 4);
        const bool zoned = below(rng, 2) == 0;
        CHECK(ring.preference_list(h, rf, zoned) == fresh.preference_list(h, rf, zoned));
      }
      ++checks;
    }
  }
  CHECK(checks >= 30000);
}

TEST_CASE("model: TokenRing after random add / remove equals a ring built from its id -> token map") {
  Mulberry32 rng(7);
  std::uint64_t checks = 0;
  for (int seq = 0; seq < kSequences; ++seq) {
    const std::uint32_t bits = 1 + below(rng, 8);  // small spaces, so tokens collide often
    const std::uint64_t space = 1ull << bits;
    std::map<std::u16string, std::uint64_t> model;
    TokenRing ring(bits);
    const int ops = 4 + static_cast<int>(below(rng, 6));
    for (int op = 0; op < ops; ++op) {
      const std::u16string id = u"v" + name_of(below(rng, 6));
      if (below(rng, 3) != 0) {
        // Add, with a token sometimes out of range. Errors are checked in Malachi's order.
        const std::uint64_t token =
            below(rng, 8) == 0 ? space + below(rng, 4) : below(rng, static_cast<std::uint32_t>(space));
        std::optional<ErrorCode> expected;
        bool taken = false;
        for (const auto& [i, t] : model) taken = taken || (t == token && i != id);  // another vnode
        if (token >= space) expected = ErrorCode::token_out_of_range;
        else if (taken) expected = ErrorCode::token_taken;
        else if (model.count(id) != 0) expected = ErrorCode::already_present;
        CHECK(code_of([&] { ring.add(id, token); }) == expected);
        if (!expected) model[id] = token;
      } else {
        const bool present = model.count(id) != 0;
        CHECK(code_of([&] { ring.remove(id); }) == (present ? std::nullopt : std::optional(ErrorCode::not_found)));
        model.erase(id);
      }

      TokenRing fresh(bits);
      for (const auto& [i, t] : model) fresh.add(i, t);
      REQUIRE(ring == fresh);
      CHECK(ring.size() == model.size());
      CHECK(ring.ids() == fresh.ids());
      CHECK(ring.tokens() == fresh.tokens());
      for (const auto& [i, t] : model) {
        CHECK(ring.token_of(i) == t);
        CHECK(ring.boundaries(i) == fresh.boundaries(i));
        CHECK(ring.route_hash(t) == i);  // a vnode owns its own token
      }
      CHECK(code_of([&] { (void)ring.boundaries(u"absent"); }) == ErrorCode::not_found);
      for (int k = 0; k < 4; ++k) {
        const std::uint32_t h = below(rng, static_cast<std::uint32_t>(space));
        if (model.empty()) {
          CHECK(code_of([&] { (void)ring.route_hash(h); }) == ErrorCode::empty);
          continue;
        }
        // The owner: the vnode at the first token >= h, wrapping to the smallest.
        const std::u16string* want = nullptr;
        std::uint64_t best = 0;
        const std::u16string* smallest = nullptr;
        std::uint64_t min_token = ~0ull;
        for (const auto& [i, t] : model) {
          if (t >= h && (want == nullptr || t < best)) want = &i, best = t;
          if (t < min_token) smallest = &i, min_token = t;
        }
        if (want == nullptr) want = smallest;
        CHECK(ring.route_hash(h) == *want);
        CHECK(fresh.route_hash(h) == *want);
      }
      ++checks;
    }
  }
  CHECK(checks >= 40000);
}

}  // namespace test_model
