// The fast paths give exactly what the plain definitions give. Each one (the ring's bucket index
// and packed server indices, jump's walk in doubles and four keys at a time, FastMod, the course
// key's constant prefix, four strings hashed side by side, rendezvous' shared name prefix, Maglev's
// incremental fill) is checked here against the simplest code that states the definition, on
// edge values and on many pseudo-random inputs. The golden files pin the results; these tests say
// where a broken fast path went wrong.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ringlab/hash.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_fast_paths {

namespace {

// The published jump, integers as integers.
std::int32_t published_jump(std::uint64_t key, std::int32_t n) {
  std::int64_t b = -1;
  std::int64_t j = 0;
  while (j < n) {
    b = j;
    key = key * 2862933555777941757ull + 1;
    const double ratio = 2147483648.0 / static_cast<double>((key >> 33) + 1);
    j = static_cast<std::int64_t>(static_cast<double>(b + 1) * ratio);
  }
  return static_cast<std::int32_t>(b);
}

std::u16string ascii(const std::string& s) { return {s.begin(), s.end()}; }

}  // namespace

TEST_CASE("jump's walk in doubles and four keys at a time give the published buckets", "[fast][jump]") {
  std::mt19937_64 rng(7);
  std::vector<std::int32_t> ns{1, 2, 3, 10, 11, 1000, 65536, 2147483646, 2147483647};
  for (int i = 0; i < 20; ++i) ns.push_back(1 + static_cast<std::int32_t>(rng() % 2147483647u));
  for (const std::int32_t n : ns) {
    INFO("n = " << n);
    std::vector<std::uint64_t> keys{0, 1, ~0ull, 1ull << 63};
    for (int i = 0; i < 499; ++i) keys.push_back(rng());  // 503 keys: the four-lane loop and its tail
    std::vector<std::int32_t> batch(keys.size());
    ringlab::jump_many(std::span<const std::uint64_t>(keys), n, std::span<std::int32_t>(batch));
    std::vector<std::uint32_t> keys32(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) keys32[i] = static_cast<std::uint32_t>(keys[i]);
    std::vector<std::int32_t> batch32(keys32.size());
    ringlab::jump_many(std::span<const std::uint32_t>(keys32), n, std::span<std::int32_t>(batch32));
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const std::int32_t want = published_jump(keys[i], n);
      CHECK(ringlab::jump_unchecked(keys[i], n) == want);
      CHECK(batch[i] == want);
      CHECK(batch32[i] == published_jump(keys32[i], n));
    }
  }
}

TEST_CASE("jump(x, b) and jump(x, b + 1) differ exactly when jump(x, b + 1) = b", "[fast][jump]") {
  // What lets hrw-jump answer both with one walk.
  std::mt19937_64 rng(8);
  for (const std::int32_t b : {1, 2, 10, 333, 100000, 2147483646}) {
    for (int i = 0; i < 2000; ++i) {
      const std::uint64_t x = rng() >> (i % 2 ? 32 : 0);
      const std::int32_t grown = published_jump(x, b + 1);
      CHECK((published_jump(x, b) != grown) == (grown == b));
    }
  }
}

TEST_CASE("FastMod is x mod n for every 32-bit x and n", "[fast][mod]") {
  std::mt19937_64 rng(9);
  std::vector<std::uint32_t> ns{1,   2,     3,        4,           5,           7,           10,
                                100, 65537, 16777213, 2147483647u, 2147483648u, 4294967294u, 4294967295u};
  for (int i = 0; i < 200; ++i) ns.push_back(1 + static_cast<std::uint32_t>(rng() % 4294967295u));
  for (const std::uint32_t n : ns) {
    const ringlab::FastMod mod(n);
    CHECK(mod.divisor() == n);
    for (const std::uint32_t x : {0u, 1u, n - 1, n, n + 1, 2147483648u, 4294967294u, 4294967295u})
      CHECK(mod(x) == x % n);
    for (int i = 0; i < 1000; ++i) {
      const auto x = static_cast<std::uint32_t>(rng());
      CHECK(mod(x) == x % n);
    }
  }
}

TEST_CASE("a course key's hash from the constant prefix state is h32 of its text", "[fast][keys]") {
  std::mt19937_64 rng(10);
  std::vector<std::uint32_t> numbers{0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999999, 100000000, 999999999, 4294967295u};
  for (int i = 0; i < 5000; ++i)
    numbers.push_back(static_cast<std::uint32_t>(rng()) % (i % 2 ? 1000000000u : 4294967295u));
  // Each digit count's first and last numbers: decimal32 takes a path per count.
  for (std::uint64_t p = 10; p <= 1000000000u; p *= 10)
    for (const std::uint64_t n : {p - 1, p, p + 1}) numbers.push_back(static_cast<std::uint32_t>(n));
  for (const std::uint32_t n : numbers) {
    const std::string text = "user:" + std::to_string(n);
    CHECK(ringlab::course_key_fnv(n).finish() == ringlab::h32(ascii(text)));
    char buf[16];
    CHECK(std::string(buf, ringlab::format_key(n, buf)) == text);
  }
  // Fnv1a::decimal above 32 bits takes the general path.
  for (const std::uint64_t n : {4294967296ull, 9007199254740991ull, 18446744073709551615ull})
    CHECK(ringlab::Fnv1a{}.decimal(n).finish() == ringlab::h32_bytes(std::to_string(n)));
}

TEST_CASE("h32_many hashes each string as h32 does", "[fast][hash]") {
  std::mt19937_64 rng(11);
  std::vector<char16_t> units;
  std::vector<std::uint32_t> offsets{0};
  std::vector<std::u16string> strings;
  for (int i = 0; i < 1003; ++i) {
    std::u16string s;
    const int len = i % 7 == 0 ? 0 : static_cast<int>(rng() % 24);
    for (int j = 0; j < len; ++j) s += static_cast<char16_t>(rng() % 65536);  // lone surrogates too
    strings.push_back(s);
    units.insert(units.end(), s.begin(), s.end());
    offsets.push_back(static_cast<std::uint32_t>(units.size()));
  }
  std::vector<std::uint32_t> out(strings.size());
  ringlab::h32_many(units, offsets, out);
  for (std::size_t i = 0; i < strings.size(); ++i) CHECK(out[i] == ringlab::h32(strings[i]));
}

TEST_CASE("the ring's bucket index finds the published owner point", "[fast][ring]") {
  std::mt19937_64 rng(12);
  // Server counts around the 1-, 2- and 3-byte packing of server indices; rings with a bucket of
  // more than 15 points (100 x 256 has one) take the crowded-bucket path.
  for (auto [n, v] : {std::pair<std::uint32_t, std::uint32_t>{1, 1},
                      {1, 7},
                      {2, 3},
                      {5, 100},
                      {100, 256},
                      {10, 1000},
                      {256, 2},
                      {257, 2},
                      {65537, 1}}) {
    INFO(n << " servers x " << v << " vnodes");
    const ringlab::Ring ring = ringlab::Ring::uniform(n, v);
    const auto tokens = ring.tokens();
    const auto owners = ring.point_servers();
    REQUIRE(owners.size() == tokens.size());
    std::vector<std::uint32_t> hashes{0, 1, 0x80000000u, 0xFFFFFFFEu, 0xFFFFFFFFu};
    for (std::size_t i = 0; i < tokens.size(); i += 1 + tokens.size() / 4000) {
      hashes.push_back(tokens[i]);
      hashes.push_back(tokens[i] + 1);
      hashes.push_back(tokens[i] - 1);
    }
    for (int i = 0; i < 3000; ++i) hashes.push_back(static_cast<std::uint32_t>(rng()));
    for (const std::uint32_t x : hashes) {
      const auto it = std::lower_bound(tokens.begin(), tokens.end(), x);
      const auto want = it == tokens.end() ? 0u : static_cast<std::uint32_t>(it - tokens.begin());
      CHECK(ring.owner_point(x) == want);
      CHECK(ring.owner(x) == owners[want]);
    }
    // The packed indices read back as the servers that own the points.
    const std::vector<std::uint32_t> decoded = owners.to_vector();
    for (std::size_t i = 0; i < tokens.size(); i += 1 + tokens.size() / 1000) {
      CHECK(decoded[i] == ring.point(i).server);
      CHECK(owners.begin()[static_cast<std::ptrdiff_t>(i)] == decoded[i]);
    }
    CHECK(static_cast<std::uint32_t>(std::count(owners.begin(), owners.end(), 0u)) == ring.points_of(0));
    if (ring.size() >= 64) CHECK(ring.memory_bytes() <= 8 * ring.size());
  }
}

TEST_CASE("the ring repacks server indices when a change crosses 256 servers", "[fast][ring]") {
  ringlab::Ring ring = ringlab::Ring::uniform(256, 3);
  ring.add_server(ringlab::Server{u"S256", 1.0, u""});
  CHECK(ring == ringlab::Ring::uniform(257, 3));
  CHECK(ring.point_servers().width() == 2);
  ring.remove_server(u"S256");
  CHECK(ring == ringlab::Ring::uniform(256, 3));
  CHECK(ring.point_servers().width() == 1);
}

TEST_CASE("rendezvous with the names' common prefix hashed once picks the first maximum", "[fast][rendezvous]") {
  std::mt19937_64 rng(13);
  std::vector<std::vector<std::u16string>> lists{
      {u"S0", u"S1", u"S2", u"S3"}, {u"only"}, {u"abc", u"ab", u"abd"}, {u"x", u"y"}, {}};
  lists.emplace_back();
  for (std::uint32_t i = 0; i < 100; ++i) lists.back().push_back(ringlab::default_server_name(i));
  for (const auto& names : lists) {
    const ringlab::Rendezvous hrw(names);
    for (int i = 0; i < 300; ++i) {
      const std::u16string key = ascii("user:" + std::to_string(rng() % 100000));
      std::int64_t best = -1;
      std::uint32_t best_score = 0;
      const auto scores = hrw.scores(key);
      REQUIRE(scores.size() == names.size());
      for (std::size_t s = 0; s < names.size(); ++s) {
        const std::uint32_t score = ringlab::h32(key + u"|" + names[s]);
        CHECK(scores[s] == score);
        if (best < 0 || score > best_score) best = static_cast<std::int64_t>(s), best_score = score;
      }
      CHECK(hrw.pick(key) == best);
    }
  }
}

TEST_CASE("Maglev's lookup is table[hash mod M]", "[fast][maglev]") {
  std::mt19937_64 rng(14);
  std::vector<ringlab::Backend> backends;
  for (std::uint32_t i = 0; i < 100; ++i) backends.push_back(ringlab::Backend{ringlab::default_server_name(i), 1.0});
  for (const std::uint32_t m : {101u, 65537u}) {
    const ringlab::Maglev maglev(backends, m);
    for (const std::uint32_t x : {0u, 1u, m - 1, m, 4294967295u}) CHECK(maglev.lookup(x) == maglev.table()[x % m]);
    for (int i = 0; i < 10000; ++i) {
      const auto x = static_cast<std::uint32_t>(rng());
      CHECK(maglev.lookup(x) == maglev.table()[x % m]);
    }
  }
}

TEST_CASE("the batch functions answer as the single calls do", "[fast][batch]") {
  std::mt19937_64 rng(21);
  std::vector<char16_t> units;
  std::vector<std::uint32_t> offsets{0};
  std::vector<std::u16string> keys;
  for (int i = 0; i < 1001; ++i) {
    std::u16string s;
    const int len = static_cast<int>(rng() % 20);
    for (int j = 0; j < len; ++j) s += static_cast<char16_t>(i % 2 ? rng() % 65536 : 32 + rng() % 95);
    keys.push_back(s);
    units.insert(units.end(), s.begin(), s.end());
    offsets.push_back(static_cast<std::uint32_t>(units.size()));
  }
  const std::size_t n = keys.size();
  std::vector<std::uint32_t> hashes(n);
  for (std::size_t i = 0; i < n; ++i) hashes[i] = ringlab::h32(keys[i]);

  SECTION("Ring::owners and Ring::owners_of_keys") {
    const ringlab::Ring ring = ringlab::Ring::uniform(37, 50);
    std::vector<std::uint32_t> in_place = hashes;
    ring.owners(in_place);
    std::vector<std::uint32_t> of_keys(n);
    ring.owners_of_keys(units, offsets, of_keys);
    for (std::size_t i = 0; i < n; ++i) {
      CHECK(in_place[i] == ring.owner_of_key(keys[i]));
      CHECK(of_keys[i] == ring.owner_of_key(keys[i]));
    }
  }
  SECTION("Maglev::lookup_many and Maglev::lookup_keys") {
    std::vector<ringlab::Backend> backends;
    for (int b = 0; b < 13; ++b)
      backends.push_back({u"B" + std::u16string(1, static_cast<char16_t>(u'a' + b)), 1.0 + b % 3});
    const ringlab::Maglev maglev(backends, 251);
    std::vector<std::uint32_t> in_place = hashes;
    maglev.lookup_many(in_place);
    std::vector<std::uint32_t> of_keys(n);
    maglev.lookup_keys(units, offsets, of_keys);
    for (std::size_t i = 0; i < n; ++i) {
      CHECK(in_place[i] == maglev.lookup_key(keys[i]));
      CHECK(of_keys[i] == maglev.lookup_key(keys[i]));
    }
  }
  SECTION("Rendezvous::pick_many, plain and weighted, and with no servers") {
    const ringlab::Rendezvous plain({u"S0", u"S1", u"S2", u"T", u"S10"});
    const ringlab::WeightedRendezvous weighted({{u"a", 1.0}, {u"b", 3.0}, {u"c", 0.5}});
    const ringlab::Rendezvous none({});
    std::vector<std::int32_t> a(n), b(n), c(n);
    plain.pick_many(units, offsets, a);
    weighted.pick_many(units, offsets, b);
    none.pick_many(units, offsets, c);
    for (std::size_t i = 0; i < n; ++i) {
      CHECK(a[i] == plain.pick(keys[i]));
      CHECK(b[i] == weighted.pick(keys[i]));
      CHECK(c[i] == -1);
    }
  }
  SECTION("CourseKeys::next_hashes continues the stream as next() does") {
    for (const std::int64_t seed :
         {std::int64_t{0}, std::int64_t{16}, std::int64_t{-1}, std::int64_t{9007199254740991}}) {
      ringlab::CourseKeys by_text(seed);
      ringlab::CourseKeys by_hash(seed);
      std::vector<std::uint32_t> first(7), second(500);
      by_hash.next_hashes(first);
      by_hash.next_hashes(second);
      for (std::uint32_t h : first) CHECK(h == ringlab::h32_bytes(by_text.next()));
      for (std::uint32_t h : second) CHECK(h == ringlab::h32_bytes(by_text.next()));
    }
  }
}

TEST_CASE("offsets_ascend accepts offsets from 0 that never decrease, and nothing else", "[fast][hash]") {
  using V = std::vector<std::uint32_t>;
  CHECK(ringlab::offsets_ascend(V{0}));
  CHECK(ringlab::offsets_ascend(V{0, 0, 3, 3, 4000000000u}));
  CHECK_FALSE(ringlab::offsets_ascend(V{}));
  CHECK_FALSE(ringlab::offsets_ascend(V{1, 2}));
  CHECK_FALSE(ringlab::offsets_ascend(V{0, 5, 4, 6}));
  CHECK_FALSE(ringlab::offsets_ascend(V{0, 4000000000u, 1}));
}

}  // namespace test_fast_paths
