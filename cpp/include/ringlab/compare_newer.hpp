// compare's rows for the newer bucket hashers: every algorithm of the bucket seam (buckets.hpp)
// without a row of the chapter's compare (JumpBackHash and the algorithms after it), on compare's
// scenario, keys and change, measured as compare measures its rows. Apart from compare.hpp so that
// the main WebAssembly module, which has the chapter's rows within its page budget, links no
// hasher: the command line has them (`ringlab compare --newer`, natively and in the Node CLI's
// module).
//
// How a course key "user:N" becomes each algorithm's input (its registry entry's input kind): a
// u64 algorithm takes the key's h32 as a 64-bit integer, as compare's jump row does
// (jump(h32(key), n)), so JumpBackHash and jump read the same inputs; a u32 one (DxHash) takes its
// h32; a text one (MementoHash, multi-probe) the key's text, "user:N" in UTF-8.
//
// Bucket i is server Si of the scenario: S0 .. S{n-1} are buckets 0 .. n-1 of a hasher built with
// n buckets (an algorithm of a capacity, with the capacity its row gives n). An added server is
// the bucket the hasher's add() makes live; a removed or failed server is its bucket, taken out by
// remove(). Multi-probe's nodes are the servers' names, and it is built again from the list after
// the change, as its reference has no membership. The bucket algorithms have no weights: a
// scenario with unequal weights, before or after the change, gives each row "not supported"
// (NAME has no weights), and one that removes only its last bucket says so for a change of
// another server. A key DxHash finds no live bucket for (its reference's -1, when few of its slots
// are live) is in no server's load; it counts as moved when it had a server before.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/compare.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

// `ringlab compare --newer LIST`'s row, for its help and its errors' spelling: the CLI's own (the
// main module's table, params.hpp, has no newer rows to ask for). Its rule is newer_from_text's.
inline constexpr ParamSpec kCompareNewerParams[] = {
    {.where = "compare",
     .name = "newer",
     .flag = "--newer",
     .metavar = "LIST",
     .help = "the newer bucket hashers' rows too, after the chapter's",
     .kind = ParamKind::name_list,
     .lo = 1,
     .range_note = "all, or a comma-separated list of them"},
};

// The algorithms that have a newer row, in the registry's order.
[[nodiscard]] std::vector<std::string_view> newer_compare_algorithms();

// A list of them, as the package takes it: at least one (invalid_argument, rule list: "newer must
// be a list of 1 to 8 values, got 0 values"), each one of them (invalid_argument, oneOf: "newer
// must be jumpback, ... or multiprobe, got "x""), none twice (invalid_argument, duplicateListed:
// "algorithm "dx" is listed twice"). Returns the names, in the list's order.
[[nodiscard]] std::vector<std::string_view> check_newer(std::span<const std::string> names);

// The CLI's --newer LIST, and the package's "all": "all" is every one of them, in the registry's
// order; other text is a comma-separated list, checked as check_newer.
[[nodiscard]] std::vector<std::string_view> newer_from_text(std::string_view text);

// The rows of `algorithms` (check_newer's), in that order, for the scenario: Error for a bad
// scenario as compare() (every check of compare(), before any work), so a scenario is refused
// alike whichever rows are asked for. Threads as compare's: the rows are the same for every count.
[[nodiscard]] std::vector<ComparisonRow> compare_newer(const Scenario& scenario,
                                                       std::span<const std::string_view> algorithms);

}  // namespace ringlab
