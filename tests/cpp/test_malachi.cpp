// Malachi.Cluster.HashRing, exactly: every function and error its documentation names, and
// routing against erl (tests/golden/erlang/malachi.tsv, by scripts/gen-golden-erlang.mjs).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "error_code.hpp"
#include "golden.hpp"
#include "ringlab/erlang.hpp"
#include "ringlab/error.hpp"
#include "ringlab/malachi.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_malachi {

using ringlab::ErrorCode;
using ringlab::MalachiRing;
using ringlab::erlang::Syntax;
using ringlab::erlang::Term;

namespace {

Term ex(std::string_view text) { return ringlab::erlang::parse_term(text, Syntax::elixir); }
Term erl(std::string_view text) { return ringlab::erlang::parse_term(text, Syntax::erlang); }

using Arc = std::pair<std::uint32_t, std::uint32_t>;

}  // namespace

TEST_CASE("new: ring_bits 1 .. 32, default 32", "[malachi]") {
  const MalachiRing ring;
  CHECK(ring.ring_bits() == 32);
  CHECK(ring.ring_size() == 4294967296u);
  CHECK(ring.size() == 0);
  CHECK(ring.vnode_ids().empty());
  CHECK(MalachiRing(1).ring_size() == 2);
  CHECK(MalachiRing(16).ring_size() == 65536);
  CHECK(code_of([] { MalachiRing(0); }) == ErrorCode::out_of_range);
  CHECK(code_of([] { MalachiRing(33); }) == ErrorCode::out_of_range);
  // Malachi's own name for the option, not the token ring's "bits".
  for (const std::int64_t bad : {0, 33}) {
    try {
      MalachiRing{bad};
      FAIL("no error");
    } catch (const ringlab::Error& e) {
      CHECK(std::string(e.what()) == "ringBits must be between 1 and 32, got " + std::to_string(bad));
      CHECK(e.subject() == "ringBits");
    }
  }
  CHECK(ringlab::erlang_defaults().ring_bits == 32);
}

TEST_CASE("add_vnode: token_out_of_range, token_taken, already_present, in that order", "[malachi]") {
  MalachiRing ring(8);
  ring.add_vnode(ex("{:range, 1}"), 10);
  CHECK(code_of([&] { ring.add_vnode(ex("{:range, 2}"), 256); }) == ErrorCode::token_out_of_range);
  CHECK(code_of([&] { ring.add_vnode(ex("{:range, 2}"), -1); }) == ErrorCode::token_out_of_range);
  CHECK(code_of([&] { ring.add_vnode(ex("{:range, 2}"), 10); }) == ErrorCode::token_taken);
  CHECK(code_of([&] { ring.add_vnode(ex("{:range, 1}"), 20); }) == ErrorCode::already_present);
  // The vnode's own token is not "another" vnode's: already_present.
  CHECK(code_of([&] { ring.add_vnode(ex("{:range, 1}"), 10); }) == ErrorCode::already_present);
  // The range first, even for an id that is present.
  CHECK(code_of([&] { ring.add_vnode(ex("{:range, 1}"), 300); }) == ErrorCode::token_out_of_range);
  try {
    ring.add_vnode(ex("{:range, 2}"), 10);
  } catch (const ringlab::Error& e) {
    CHECK(std::string(e.what()) == "token 10 is held by vnode {:range, 1}");
  }
  try {
    ring.add_vnode(ex("{:range, 1}"), 20);
  } catch (const ringlab::Error& e) {
    CHECK(std::string(e.what()) == "vnode {:range, 1} is already on the ring");
  }
  try {
    ring.add_vnode(ex("\"v\""), 256);
  } catch (const ringlab::Error& e) {
    CHECK(std::string(e.what()) == "token must be between 0 and 255, got 256");
  }
  // Failed calls change nothing.
  CHECK(ring.size() == 1);
  CHECK(ring.token_of(ex("{:range, 1}")) == 10);
  // The whole range is open, 0 and 2^bits - 1 included.
  ring.add_vnode(ex(":low"), 0);
  ring.add_vnode(ex(":high"), 255);
  CHECK(ring.size() == 3);
  MalachiRing full;
  full.add_vnode(ex(":top"), 4294967295);
  CHECK(code_of([&] { full.add_vnode(ex(":over"), 4294967296); }) == ErrorCode::token_out_of_range);
}

TEST_CASE("vnode ids are terms compared with =:=", "[malachi]") {
  MalachiRing ring;
  ring.add_vnode(ex("1"), 100);
  ring.add_vnode(ex("1.0"), 200);  // a different id
  ring.add_vnode(ex("\"1\""), 300);
  ring.add_vnode(ex("'1'"), 400);  // the charlist [49]
  ring.add_vnode(ex(":\"1\""), 500);
  CHECK(ring.size() == 5);
  CHECK(code_of([&] { ring.add_vnode(erl("<<\"1\">>"), 600); }) == ErrorCode::already_present);
  CHECK(code_of([&] { ring.add_vnode(erl("[$1]"), 600); }) == ErrorCode::already_present);
  CHECK(ring.token_of(erl("1.0")) == 200);
  CHECK(ring.token_of(erl("1")) == 100);
  // vnode_ids in term order (Map.keys/1's order up to 32 keys): numbers (integers first),
  // atoms, lists, binaries.
  CHECK(ring.vnode_ids() == std::vector<Term>{ex("1"), ex("1.0"), ex(":\"1\""), ex("'1'"), ex("\"1\"")});
}

TEST_CASE("route: the first vnode with token >= phash2(key, 2^ring_bits), wrapping", "[malachi]") {
  MalachiRing ring;
  CHECK(code_of([&] { (void)ring.route(ex("\"topic-a\"")); }) == ErrorCode::empty);
  CHECK(code_of([&] { (void)ring.route_position(0); }) == ErrorCode::empty);
  // phash2(<<"topic-a">>, 2^32) is 2957735024 (erl).
  CHECK(ring.position(ex("\"topic-a\"")) == 2957735024u);
  ring.add_vnode(ex("{:vnode, :a}"), 1000);
  ring.add_vnode(ex("{:vnode, :b}"), 2957735024);
  ring.add_vnode(ex("{:vnode, :c}"), 3000000000);
  CHECK(ring.route(ex("\"topic-a\"")) == ex("{:vnode, :b}"));  // a token equal to the hash owns it
  CHECK(ring.route_position(2957735025) == ex("{:vnode, :c}"));
  CHECK(ring.route_position(3000000001) == ex("{:vnode, :a}"));  // past the largest: the smallest
  CHECK(ring.route_position(0) == ex("{:vnode, :a}"));
  CHECK(ring.route_position(1000) == ex("{:vnode, :a}"));
  CHECK(ring.route_position(1001) == ex("{:vnode, :b}"));
  MalachiRing without_b = ring;
  without_b.remove_vnode(ex("{:vnode, :b}"));
  CHECK(without_b.route(ex("\"topic-a\"")) == ex("{:vnode, :c}"));
  CHECK(ring.route(ex("\"topic-a\"")) == ex("{:vnode, :b}"));  // the original is unchanged
  // Smaller rings take phash2(key, 2^ring_bits): 2957735024 mod 2^16 = 29808.
  MalachiRing small(16);
  CHECK(small.position(ex("\"topic-a\"")) == 29808);
  small.add_vnode(ex(":x"), 29807);
  small.add_vnode(ex(":y"), 29808);
  CHECK(small.route(ex("\"topic-a\"")) == ex(":y"));
  small.remove_vnode(ex(":y"));
  CHECK(small.route(ex("\"topic-a\"")) == ex(":x"));  // wraps to the only one left
  // A lone vnode owns every key.
  MalachiRing one(1);
  one.add_vnode(ex(":only"), 1);
  for (const char* key : {"0", "1", "\"a\"", ":b", "{1, 2}", "[]"}) CHECK(one.route(ex(key)) == ex(":only"));
}

TEST_CASE("boundaries: {start_exclusive, end_inclusive}, start == end for a lone vnode", "[malachi]") {
  MalachiRing ring;
  CHECK(code_of([&] { (void)ring.boundaries(ex(":x")); }) == ErrorCode::not_found);
  ring.add_vnode(ex(":only"), 1234);
  CHECK(ring.boundaries(ex(":only")) == Arc{1234, 1234});
  ring.add_vnode(ex(":x"), 4000000000);
  ring.add_vnode(ex(":y"), 7);
  CHECK(ring.boundaries(ex(":y")) == Arc{4000000000u, 7});  // wraps
  CHECK(ring.boundaries(ex(":only")) == Arc{7, 1234});
  CHECK(ring.boundaries(ex(":x")) == Arc{1234, 4000000000u});
  CHECK(code_of([&] { (void)ring.boundaries(ex(":z")); }) == ErrorCode::not_found);
  // Every position routes to the vnode whose arc holds it.
  for (std::uint64_t p : {0ull, 7ull, 8ull, 1234ull, 1235ull, 4000000000ull, 4000000001ull, 4294967295ull}) {
    const Term owner = ring.route_position(p);
    const auto [start, end] = ring.boundaries(owner);
    const bool inside = start < end ? (p > start && p <= end) : (p > start || p <= end);
    CHECK(inside);
  }
}

TEST_CASE("remove_vnode, size and vnode_ids", "[malachi]") {
  MalachiRing ring;
  CHECK(code_of([&] { ring.remove_vnode(ex(":x")); }) == ErrorCode::not_found);
  ring.add_vnode(ex("{:range, 7}"), 70);
  ring.add_vnode(ex("\"topic-a\""), 10);
  ring.add_vnode(ex(":b"), 50);
  CHECK(ring.size() == 3);
  CHECK(ring.vnode_ids() == std::vector<Term>{ex(":b"), ex("{:range, 7}"), ex("\"topic-a\"")});
  CHECK(ring.sorted().front().first == 10);
  ring.remove_vnode(ex(":b"));
  CHECK(ring.size() == 2);
  CHECK(ring.vnode_ids() == std::vector<Term>{ex("{:range, 7}"), ex("\"topic-a\"")});
  CHECK(code_of([&] { ring.remove_vnode(ex(":b")); }) == ErrorCode::not_found);
  try {
    ring.remove_vnode(ex(":b"));
  } catch (const ringlab::Error& e) {
    CHECK(std::string(e.what()) == "vnode :b is not on the ring");
  }
  // Its token is free again.
  ring.add_vnode(ex(":c"), 50);
  CHECK(ring.token_of(ex(":c")) == 50);
}

TEST_CASE("golden: routing as erl's linear ceiling search routes", "[malachi][golden]") {
  const golden::Table t = golden::read_tsv("erlang/malachi.tsv", {"ring_bits", "vnodes", "keys", "owners"});
  REQUIRE(t.rows.size() == 40);
  std::size_t routed = 0;
  for (const auto& row : t.rows) {
    INFO(row[1]);
    MalachiRing ring(golden::parse_i64(row[0]));
    std::vector<Term> ids;
    for (const Term& v : erl(row[1]).elements()) {
      const std::vector<Term> pair = v.elements();
      ring.add_vnode(pair.at(0), *pair.at(1).to_int64());
      ids.push_back(pair.at(0));
    }
    const std::vector<Term> keys = erl(row[2]).elements();
    const std::vector<std::string> owners = golden::split(row[3], ',');
    REQUIRE(keys.size() == owners.size());
    for (std::size_t k = 0; k < keys.size(); ++k) {
      CHECK(ring.route(keys[k]) == ids.at(static_cast<std::size_t>(golden::parse_u64(owners[k]))));
      ++routed;
    }
  }
  CHECK(routed == 1000);
}

TEST_CASE("route_utf16_many: JS strings routed as the Elixir strings they are", "[malachi]") {
  MalachiRing ring(16);
  CHECK(ring.route_utf16_many(u"", std::vector<std::uint32_t>{0}, {}) == 0);  // no keys: no error
  const std::uint32_t one[] = {0, 1};
  std::uint32_t at[3] = {};
  CHECK_THROWS_AS(ring.route_utf16_many(u"k", one, at), ringlab::Error);
  ring.add_vnode(Term::atom("a"), 1000);
  ring.add_vnode(Term::binary("b"), 40000);
  const std::u16string units = u"topic-a\u00e9x" + std::u16string(1, char16_t(0xD800));
  const std::uint32_t offsets[] = {0, 7, 9, 10};
  CHECK(ring.route_utf16_many(units, offsets, at) == 2);  // the third key has no UTF-8
  CHECK(ring.sorted()[at[0]].second == ring.route(Term::binary("topic-a")));
  CHECK(ring.sorted()[at[1]].second == ring.route(Term::binary("\xc3\xa9x")));
}

}  // namespace test_malachi
