// Rendezvous over blocks of keys in vector lanes (Rendezvous::best_many, top2_many): every path
// (scalar, SSE2, AVX2, WebAssembly SIMD128) against scores computed one by one, key for key, ties
// included.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "ringlab/hash.hpp"
#include "ringlab/params.hpp"
#include "ringlab/random.hpp"
#include "ringlab/rendezvous.hpp"
#include "ringlab/ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_rendezvous_simd {

using ringlab::Fnv1a;
using ringlab::Rendezvous;
using ringlab::RendezvousTop2;
using ringlab::SimdPath;

namespace {

// A UTF-16 unit from a mix: ASCII, Latin-1, Bengali, paired and lone surrogates, the top of the BMP.
char16_t random_unit(std::mt19937_64& rng) {
  switch (rng() % 6) {
    case 0: return static_cast<char16_t>(u'a' + rng() % 26);
    case 1: return static_cast<char16_t>(0x30 + rng() % 10);
    case 2: return static_cast<char16_t>(0xA0 + rng() % 0x60);
    case 3: return static_cast<char16_t>(0x0980 + rng() % 0x80);
    case 4: return static_cast<char16_t>(0xD800 + rng() % 0x800);
    default: return static_cast<char16_t>(0xFFFF - rng() % 4);
  }
}

std::u16string random_text(std::mt19937_64& rng, std::size_t min_len, std::size_t max_len) {
  std::u16string s(min_len + rng() % (max_len - min_len + 1), u'x');
  for (auto& u : s) u = random_unit(rng);
  return s;
}

// Distinct names: sometimes the course's S0, S1, ..., sometimes a shared beginning with rests of
// 0 to 5 units (one name may be the beginning itself), sometimes nothing shared.
std::vector<std::u16string> random_names(std::mt19937_64& rng, std::size_t n) {
  std::vector<std::u16string> out;
  std::set<std::u16string> seen;
  const int kind = static_cast<int>(rng() % 3);
  const std::u16string shared = random_text(rng, 1, 4);
  while (out.size() < n) {
    std::u16string name = kind == 0   ? ringlab::default_server_name(static_cast<std::uint32_t>(out.size()))
                          : kind == 1 ? shared + random_text(rng, 0, 5).substr(0, rng() % 6)
                                      : random_text(rng, 1, 12);
    if (name.empty() || !seen.insert(name).second) continue;
    out.push_back(name);
  }
  return out;
}

// One key's answer from the scores one by one: the first maximum, then the first maximum of the
// others (with a single server, index 0 and score 0).
RendezvousTop2 reference(const Rendezvous& hrw, const Fnv1a& prefix) {
  const auto& names = hrw.servers();
  std::vector<std::uint32_t> score;
  for (const auto& name : names) score.push_back(Fnv1a(prefix).units(name).finish());
  if (score.empty()) return {0xFFFFFFFFu, 0xFFFFFFFFu, 0, 0};
  std::uint32_t first = 0;
  for (std::uint32_t s = 1; s < score.size(); ++s)
    if (score[s] > score[first]) first = s;
  std::int64_t second = -1;
  for (std::uint32_t s = 0; s < score.size(); ++s)
    if (s != first && (second < 0 || score[s] > score[static_cast<std::size_t>(second)])) second = s;
  if (second < 0) return {first, 0, score[first], 0};
  const auto i2 = static_cast<std::uint32_t>(second);
  return {first, i2, score[first], score[i2]};
}

std::vector<SimdPath> paths() {
  std::vector<SimdPath> out{SimdPath::scalar};
  if (ringlab::simd_path_available() == SimdPath::simd128) out.push_back(SimdPath::simd128);
  if (ringlab::simd_path_available() >= SimdPath::sse2) out.push_back(SimdPath::sse2);
  if (ringlab::simd_path_available() >= SimdPath::avx2) out.push_back(SimdPath::avx2);
  return out;
}

// Every path on one block of keys, against the reference key for key.
void check_block(const Rendezvous& hrw, const std::vector<Fnv1a>& prefixes) {
  const std::size_t n = prefixes.size();
  std::vector<RendezvousTop2> want(n);
  for (std::size_t k = 0; k < n; ++k) want[k] = reference(hrw, prefixes[k]);
  for (const SimdPath path : paths()) {
    INFO("path " << static_cast<int>(path) << ", " << hrw.servers().size() << " servers, " << n << " keys");
    std::vector<std::uint32_t> winner(n, 7), score(n, 7);
    std::vector<RendezvousTop2> top(n, {7, 7, 7, 7});
    const SimdPath best_path = hrw.best_many(prefixes, winner, score, path);
    const SimdPath top2_path = hrw.top2_many(prefixes, top, path);
    if (!hrw.servers().empty()) {
      CHECK(best_path == path);
      CHECK(top2_path == path);
    }
    for (std::size_t k = 0; k < n; ++k) {
      INFO("key " << k);
      REQUIRE(top[k] == want[k]);
      REQUIRE(winner[k] == want[k].first);
      REQUIRE(score[k] == want[k].first_score);
      if (!hrw.servers().empty()) REQUIRE(winner[k] == static_cast<std::uint32_t>(hrw.pick_prefix(prefixes[k])));
    }
  }
}

// The Fnv1a whose state is `state`: unit() XORs a whole 32-bit value in, so one step from the
// offset basis reaches any state.
Fnv1a with_state(std::uint32_t state) {
  std::uint32_t inverse = ringlab::kFnvPrime;  // Newton's iteration for the inverse mod 2^32
  for (int i = 0; i < 5; ++i) inverse *= 2 - ringlab::kFnvPrime * inverse;
  return Fnv1a{}.unit((state * inverse) ^ ringlab::kFnvOffset);
}

}  // namespace

TEST_CASE("rendezvous in vector lanes: the SIMD path is the one this machine has", "[rendezvous][simd]") {
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__EMSCRIPTEN__)
  __builtin_cpu_init();
  CHECK(ringlab::simd_path_available() == (__builtin_cpu_supports("avx2") ? SimdPath::avx2 : SimdPath::sse2));
#elif defined(RINGLAB_WASM_SIMD128)
  // The suite linked with the SIMD128 module's objects (tests/cpp/CMakeLists.txt).
  CHECK(ringlab::simd_path_available() == SimdPath::simd128);
#else
  CHECK(ringlab::simd_path_available() == SimdPath::scalar);
#endif
  const Rendezvous hrw = Rendezvous::uniform(100);
  std::vector<Fnv1a> prefixes;
  for (std::uint32_t i = 0; i < 1000; ++i) prefixes.push_back(Fnv1a(ringlab::course_key_fnv(i)).unit(u'|'));
  std::vector<std::uint32_t> winner(prefixes.size()), score(prefixes.size());
  std::vector<RendezvousTop2> top(prefixes.size());
  // The default is the widest path there is.
  CHECK(hrw.best_many(prefixes, winner, score) == ringlab::simd_path_available());
  CHECK(hrw.top2_many(prefixes, top) == ringlab::simd_path_available());
  for (std::uint32_t k = 0; k < prefixes.size(); ++k) {
    const std::string key = "user:" + std::to_string(k);
    REQUIRE(winner[k] == static_cast<std::uint32_t>(hrw.pick(std::u16string(key.begin(), key.end()))));
    REQUIRE(top[k] == reference(hrw, prefixes[k]));
  }
}

TEST_CASE("rendezvous in vector lanes equals the scalar loop on random names, keys and block sizes",
          "[rendezvous][simd]") {
  std::mt19937_64 rng(20240517);
  const std::size_t server_counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 100, 131};
  const std::size_t block_sizes[] = {0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 257};
  for (const std::size_t servers : server_counts) {
    for (int round = 0; round < 3; ++round) {
      const Rendezvous hrw(random_names(rng, servers));
      for (const std::size_t n : block_sizes) {
        std::vector<Fnv1a> prefixes;
        for (std::size_t k = 0; k < n; ++k) {
          // Keys of any UTF-16 text, course keys, and states from anywhere in 32 bits.
          switch (rng() % 3) {
            case 0: prefixes.push_back(ringlab::rendezvous_prefix(random_text(rng, 0, 20))); break;
            case 1:
              prefixes.push_back(Fnv1a(ringlab::course_key_fnv(static_cast<std::uint32_t>(rng()))).unit(u'|'));
              break;
            default: prefixes.push_back(with_state(static_cast<std::uint32_t>(rng()))); break;
          }
        }
        check_block(hrw, prefixes);
      }
    }
  }
}

TEST_CASE("rendezvous in vector lanes breaks ties by list order, for the winner and the runner-up",
          "[rendezvous][simd][ties]") {
  // Two names with one score for a key: X = "é" and Y = (c, d), where d makes Y's FNV state equal
  // X's. FNV-1a with a prefix state p: X gives (p ^ E9) * P, Y gives ((p ^ c) * P ^ d) * P, equal
  // when d = (p ^ E9) ^ ((p ^ c) * P), which is one unit for about one p in 65,536.
  std::mt19937_64 rng(7);
  int ties_first = 0, ties_second = 0;
  for (int found = 0; found < 48;) {
    const std::uint32_t p = static_cast<std::uint32_t>(rng());
    const char16_t c = static_cast<char16_t>(u'A' + found % 26);
    const std::uint32_t d = (p ^ 0xE9u) ^ ((p ^ c) * ringlab::kFnvPrime);
    if (d > 0xFFFF) continue;
    ++found;
    const std::u16string x = u"\u00e9";
    const std::u16string y{c, static_cast<char16_t>(d)};
    const Fnv1a tied = with_state(p);
    REQUIRE(Fnv1a(tied).units(x).finish() == Fnv1a(tied).units(y).finish());
    // 0 to 3 other servers around the two, in either order; the tied key among random ones, at
    // any lane.
    std::vector<std::u16string> names;
    const std::size_t others = rng() % 4;
    for (std::size_t i = 0; i < others; ++i) names.push_back(u"o" + std::u16string(1, static_cast<char16_t>(u'a' + i)));
    const std::size_t at_x = rng() % (names.size() + 1);
    names.insert(names.begin() + static_cast<std::ptrdiff_t>(at_x), found % 2 ? x : y);
    const std::size_t at_y = rng() % (names.size() + 1);
    names.insert(names.begin() + static_cast<std::ptrdiff_t>(at_y), found % 2 ? y : x);
    const Rendezvous hrw(names);
    std::vector<Fnv1a> prefixes;
    const std::size_t n = 1 + rng() % 40;
    const std::size_t at = rng() % n;
    for (std::size_t k = 0; k < n; ++k)
      prefixes.push_back(k == at ? tied : with_state(static_cast<std::uint32_t>(rng())));
    const RendezvousTop2 want = reference(hrw, tied);
    const std::uint32_t tied_score = Fnv1a(tied).units(x).finish();
    ties_first += want.first_score == tied_score;
    ties_second += want.first_score != tied_score && want.second_score == tied_score;
    if (want.first_score == tied_score) CHECK(want.second_score == tied_score);
    check_block(hrw, prefixes);
  }
  // Both kinds of tie occurred.
  CHECK(ties_first > 5);
  CHECK(ties_second > 0);
}

TEST_CASE("weighted rendezvous with equal weights picks what plain rendezvous picks in vector lanes",
          "[rendezvous][simd][weighted]") {
  // Weighted scores (-w / ln u) stay scalar: they grow with the plain score, so with one weight
  // for all the winner is plain HRW's, which the lanes compute.
  std::mt19937_64 rng(99);
  for (const std::size_t servers : {1, 2, 9, 40}) {
    const auto names = random_names(rng, servers);
    const double weight = 0.25 + static_cast<double>(rng() % 100);
    std::vector<ringlab::WeightedServer> list;
    for (const auto& name : names) list.push_back({name, weight});
    const ringlab::WeightedRendezvous weighted(list);
    const Rendezvous plain(names);
    std::vector<std::u16string> keys;
    std::vector<Fnv1a> prefixes;
    for (int k = 0; k < 101; ++k) {
      keys.push_back(random_text(rng, 1, 16));
      prefixes.push_back(ringlab::rendezvous_prefix(keys.back()));
    }
    std::vector<std::uint32_t> winner(keys.size()), score(keys.size());
    CHECK(plain.best_many(prefixes, winner, score) == ringlab::simd_path_available());
    for (std::size_t k = 0; k < keys.size(); ++k) CHECK(static_cast<std::int64_t>(winner[k]) == weighted.pick(keys[k]));
  }
}

}  // namespace test_rendezvous_simd
