// The registry of placement algorithms: each algorithm declared once, with its name, its rows of
// the parameter table, what it can do (weights, removing any server, zones, what it holds) and
// how it joins compare and the placement digest. compare's rows, the digest's parts, the CLI's
// `ringlab algorithms` and the package's rl.algorithms() are read from here, so a new algorithm
// is one more entry rather than one more name in each of those lists. An algorithm of the buckets
// family has a second part beside its entry, its bucket hasher (buckets.hpp: bucket_algorithms(),
// defined with the entries in algorithms.cpp), through which `ringlab bucket` and the package's
// ringlab/buckets run it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "ringlab/hash.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

// Where an algorithm puts a key: on one of a list of named servers, or straight from the key's
// hash onto a bucket number 0 .. n - 1 (jump and the algorithms after it), which the caller maps
// to servers itself.
enum class AlgorithmFamily : std::uint8_t { servers, buckets };

// Which servers can leave once the placement is built, and what that costs.
enum class Removal : std::uint8_t {
  any,       // any server; only its keys move (the ring, rendezvous, Maglev, ...)
  last,      // only the last bucket (jump): a server in the middle cannot go
  renumber,  // any, but the servers after it are renumbered, and most keys move (mod-N)
};

// "any", "last", "renumber": as `ringlab algorithms --json` and the packages' registries name it.
[[nodiscard]] std::string_view removal_name(Removal removal) noexcept;

// The membership operations a built handle has (rl.ring(...).add, .remove, .setWeight; a bucket
// hasher's add and remove, buckets.hpp); an algorithm without them is built again for each list
// of servers.
struct Membership {
  bool add = false;
  bool remove = false;
  bool reweight = false;
};

// One part of the placement digest (digest.hpp says what each part feeds).
struct DigestInput;
struct AlgorithmDigestPart {
  std::string_view name;
  std::uint32_t (*digest)(const DigestInput&) = nullptr;
};

struct Algorithm {
  std::string_view name;   // as the CLI, compare's rows and the package spell it
  std::string_view title;  // a few words, as --help and the docs list it
  AlgorithmFamily family = AlgorithmFamily::servers;
  std::span<const Param> params{};  // its rows of the parameter table, where the ranges and defaults are
  bool weights = false;             // takes a weight per server
  Removal removal = Removal::any;
  bool zones = false;      // its preference list can spread replicas over zones
  std::string_view state;  // what it holds, in a few words
  Membership membership{};
  // Its row's place in compare's table (the published order of its rows), if it has a row.
  std::optional<std::uint8_t> compare_row{};
  std::span<const AlgorithmDigestPart> digest{};  // its parts of the placement digest, in order
};

// The registry is two tables, so that a module pays only for the entries it reads:
// - algorithms(): the entries with parameters of the core's functions, among them every one with
//   a row in compare or parts in the digest, in the placement digest's order of parts. The main
//   WebAssembly module reads only these (compare, the digest).
// - bucket_only_algorithms(): the bucket hashers that only the bucket seam runs (buckets.hpp:
//   JumpBackHash and the algorithms after it), with no row in compare and no part in the digest.
//   Nothing but the CLI and the bucket seam reads them, so the main module carries none of their
//   text.
// Together, in that order, they are the registry as `ringlab algorithms` prints it.
[[nodiscard]] std::span<const Algorithm> algorithms() noexcept;
[[nodiscard]] std::span<const Algorithm> bucket_only_algorithms() noexcept;
// Every entry of both tables, in the registry's order.
[[nodiscard]] std::vector<const Algorithm*> all_algorithms();

// The algorithm of that name in either table, or nullptr.
[[nodiscard]] const Algorithm* find_algorithm(std::string_view name) noexcept;

// What the digest's part functions read: the digest's keys, made once.
struct DigestInput {
  std::int64_t seed = 0;
  std::span<const std::uint32_t> hashes;  // h32 of each key
  // Each key's FNV-1a state before fmix32, for rendezvous (a key's score against a server
  // continues that state with "|" and the server's name).
  std::span<const Fnv1a> states;
};

}  // namespace ringlab
