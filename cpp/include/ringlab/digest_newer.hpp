// The digest's parts for the newer bucket hashers (`ringlab digest --newer LIST`): one part per
// algorithm that has a newer compare row (newer_compare_algorithms(), compare_newer.hpp), named as
// the registry names it. Apart from digest.hpp for the reason compare_newer.hpp is apart from
// compare.hpp: the main WebAssembly module, at its page budget, links no hasher; the command line
// and the buckets module do.
//
// Definition. The algorithm is built through the bucket seam for the digest's servers S0 .. S9
// (kDigestServers): with 10 buckets, or, for an algorithm of named nodes (multi-probe), from the
// nodes "S0" .. "S9". Each of the first K course keys of the seed becomes its input as compare's
// newer rows make it (compare_newer.hpp: h32 as a 64-bit integer for a u64 algorithm, h32 for a
// u32 one, the key's text for a text one), and its answer (a bucket, or multi-probe's node as its
// place in that list, i.e. the server's number; DxHash's -1 for no live bucket as 0xFFFFFFFF) is
// a result folded as every part's (digest.hpp). The parts follow the chapter's, in the list's
// order, and `all` is combine_digests over every part, so it covers exactly the lines printed;
// without newer parts the digest is placement_digests'.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "ringlab/digest.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

// `ringlab digest --newer LIST`'s row, for its help and its errors' spelling, as compare's
// (kCompareNewerParams): the same rule, newer_from_text's, and the same names.
inline constexpr ParamSpec kDigestNewerParams[] = {
    {.where = "placementDigest",
     .name = "newer",
     .flag = "--newer",
     .metavar = "LIST",
     .help = "the newer bucket hashers' parts too, after the chapter's; `all` covers them",
     .kind = ParamKind::name_list,
     .lo = 1,
     .range_note = "all, or a comma-separated list of them"},
};

// The part of one newer algorithm (a name of newer_compare_algorithms()) for `keys` course keys of
// `seed`. Checks seed and keys as placement_digests does; Error(invalid_argument) for a name that
// is no bucket algorithm (bucket_algorithm's).
[[nodiscard]] std::uint32_t newer_digest(std::string_view algorithm, std::int64_t seed, std::int64_t keys);

// placement_digests(seed, keys), then a part per name of `newer` (as check_newer or
// newer_from_text returned them), `all` over them all.
[[nodiscard]] PlacementDigest placement_digests(std::int64_t seed, std::int64_t keys,
                                                std::span<const std::string_view> newer);

}  // namespace ringlab
