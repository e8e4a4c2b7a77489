// The comparison's per-key work (compare.cpp keeps the checks, the rows and their text): the keys,
// each algorithm's placements before and after the change, and the tally of what moved. These
// run once per key, so they live in a source of their own that the WebAssembly build compiles for
// speed, while compare.cpp, which runs once per call, is compiled for size (cpp/wasm/CMakeLists.txt).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ringlab/hash.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/params.hpp"
#include "ringlab/ring.hpp"

namespace ringlab::compare_detail {

struct Keys {
  std::vector<Fnv1a> text;            // the FNV state after each key's text, "user:N"
  std::vector<std::uint32_t> hashes;  // its h32
};
// The keys first .. first+count-1 of the seed's sequence, into `keys` (resized to count): a
// chunk of a run, made where the chunk is placed.
void make_keys(std::int64_t seed, std::uint64_t first, std::uint32_t count, Keys& keys);

// The change in the comparison's id space: the servers before are ids 0 .. before-1; an added
// server is id `before`.
struct Ids {
  ChangeKind kind = ChangeKind::add;
  std::uint32_t before = 0;
  std::uint32_t changed = 0;                 // the added, removed, failed or reweighted id
  std::span<const std::uint32_t> after_ids;  // id of each position of the list after
};

// Both placements as ids.
struct Placement {
  std::vector<std::uint32_t> before;
  std::vector<std::uint32_t> after;
};

// Each derives the placement after the change from the one before, placing again only what the
// change can move; the result is what placing every key again would give (the tests check it
// against a full placement). Each writes both placements into `p`, resized to the keys given (a
// chunk's Placement is reused from one algorithm to the next).
void place_ring(const Ring& before, const Ring& after, std::span<const std::uint32_t> hashes, const Ids& ids,
                Placement& p);
// `weighted`: weighted rendezvous on both sides, else plain HRW over the names.
void place_rendezvous(const std::vector<Server>& before, const std::vector<Server>& after, bool weighted,
                      std::span<const Fnv1a> text, const Ids& ids, Placement& p);
// Only for uniform weights and a change of the last bucket (or an add).
void place_jump(std::span<const std::uint32_t> hashes, const Ids& ids, Placement& p);
// Maglev and mod-N look every key up in both (tables built once).
void place_maglev(const Maglev& before, const Maglev& after, std::span<const std::uint32_t> hashes, const Ids& ids,
                  Placement& p);
void place_mod_n(std::span<const std::uint32_t> hashes, const Ids& ids, Placement& p);
// p.after from list positions of the list after the change to ids (p.before holds ids already).
void as_ids(Placement& p, const Ids& ids);

struct Tally {
  std::uint64_t moved = 0;
  std::uint64_t moved_to_new = 0;
  std::uint64_t moved_needlessly = 0;  // from and to servers the change did not touch
  std::uint64_t* loads = nullptr;      // keys per id after the change, one count per id
};
// Adds what moved in `p` to `into`. is_new and touched per id (0 or 1).
void tally(const Placement& p, std::span<const std::uint8_t> is_new, std::span<const std::uint8_t> touched,
           Tally& into);

}  // namespace ringlab::compare_detail
