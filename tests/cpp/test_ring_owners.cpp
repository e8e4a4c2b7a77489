// Ring::owners, the batch lookup (ring_owners.cpp), against Ring::owner one hash at a time: on
// rings from one point to many, with crowded buckets, for hashes at and next to every token, 0
// and 2^32 - 1, and random ones; in place and into another array. The SIMD128 suite runs it on
// the lane-wise count (ringlab_tests_simd128), the native and scalar suites on the four steps.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ringlab/ring.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_ring_owners {

namespace {

void check_owners(const ringlab::Ring& ring) {
  std::vector<std::uint32_t> hashes = {0u, 1u, 0xFFFFFFFEu, 0xFFFFFFFFu};
  for (const std::uint32_t token : ring.tokens()) {
    hashes.push_back(token - 1);
    hashes.push_back(token);
    hashes.push_back(token + 1);
  }
  std::mt19937 rng(7);
  for (int i = 0; i < 4000; ++i) hashes.push_back(static_cast<std::uint32_t>(rng()));
  std::shuffle(hashes.begin(), hashes.end(), rng);
  // Every count from 0 to 9, so that each tail (after the groups of four) is met.
  for (std::size_t count = 0; count < 10; ++count) hashes.push_back(static_cast<std::uint32_t>(rng()));

  for (std::size_t size : {hashes.size(), hashes.size() - 1, hashes.size() - 2, hashes.size() - 3, std::size_t{3}}) {
    const std::span<const std::uint32_t> in(hashes.data(), size);
    std::vector<std::uint32_t> out(size, 0xDEADBEEFu);
    ring.owners(in, out);
    std::vector<std::uint32_t> in_place(in.begin(), in.end());
    ring.owners(in_place);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < size; ++i) {
      const std::uint32_t want = ring.owner(in[i]);
      differ += (out[i] != want ? 1 : 0) + (in_place[i] != want ? 1 : 0);
    }
    INFO(ring.size() << " points, " << size << " hashes");
    CHECK(differ == 0);
  }
}

}  // namespace

TEST_CASE("Ring::owners gives owner() for every hash", "[ring][owners]") {
  SECTION("the course's rings, from one point to 25,600") {
    for (const auto& [servers, vnodes] : std::vector<std::pair<int, int>>{
             {1, 1}, {2, 1}, {3, 2}, {10, 1}, {10, 10}, {5, 7}, {10, 100}, {37, 50}, {100, 256}})
      check_owners(ringlab::Ring::uniform(servers, vnodes));
  }
  SECTION("weighted servers (points of one server close together), and 300 servers (two-byte indices)") {
    std::vector<ringlab::Server> servers = ringlab::default_servers(6);
    servers[0].weight = 20;
    servers[3].weight = 0.1;
    check_owners(ringlab::Ring(servers, 40));
    check_owners(ringlab::Ring::uniform(300, 3));
  }
  SECTION("a crowded bucket: more points than the window of 15") {
    // 64 servers of one point each make 32 buckets (the top five bits of a hash). 24 servers are
    // picked whose one token is in bucket 0, so that bucket holds 24 points and its lookups take
    // the slower search; the other 40 anywhere else.
    std::vector<ringlab::Server> crowded, others;
    for (int j = 0; crowded.size() < 24 || others.size() < 40; ++j) {
      ringlab::Server s;
      s.name = u"c" + std::u16string(ringlab::default_server_name(static_cast<std::uint32_t>(j)));
      const std::uint32_t token = ringlab::Ring({s}, 1).tokens()[0];
      auto& list = token >> 27 == 0 ? crowded : others;
      if (list.size() < (token >> 27 == 0 ? 24u : 40u)) list.push_back(std::move(s));
    }
    crowded.insert(crowded.end(), others.begin(), others.end());
    const ringlab::Ring ring(crowded, 1);
    REQUIRE(ring.size() == 64);
    std::size_t in_bucket0 = 0;
    for (const std::uint32_t token : ring.tokens()) in_bucket0 += token >> 27 == 0 ? 1 : 0;
    REQUIRE(in_bucket0 == 24);
    check_owners(ring);
  }
}

}  // namespace test_ring_owners
