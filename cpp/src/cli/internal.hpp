// The command line's tables and its one dispatcher, shared by cli.cpp (the core's commands) and
// help.cpp (the help text, the error rule and the dispatch). Internal to the library.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/cli.hpp"
#include "ringlab/compare_newer.hpp"
#include "ringlab/digest_newer.hpp"
#include "ringlab/error.hpp"
#include "ringlab/lab.hpp"
#include "ringlab/params.hpp"

namespace ringlab::cli_detail {

// A command's parameters are the table's entries of one JavaScript function (`where`) that have
// a CLI spelling, in table order.
struct Command {
  std::string_view name;     // as typed: "ring-vs-mod", "compare", ...
  std::string_view where;    // the table's function
  std::string_view summary;  // one line for --help
  std::string_view note;     // limits on more than one value, for --help ({points}: the ring's cap, {work}: hrw-jump's)
  std::span<const ParamSpec> more{};  // parameters beyond the core's table (an added command's)
};

inline constexpr Command kExperiments[] = {
    {"ring-vs-mod", "ringVsMod", "n servers -> n+1: how many keys move under mod-N and under a ring",
     "(servers + 1) x vnodes <= {points} ring points"},
    {"vnode-sweep", "vnodeSweep", "spread of load over N servers as virtual nodes grow",
     "servers x V <= {points} ring points for each V"},
    {"hrw-jump", "hrwJump", "rendezvous hashing losing one server; jump growing B -> B+1 buckets",
     "keys x servers <= {work}"},
};
inline constexpr Command kCompare = {"compare", "compare", "",
                                     "each ring (servers x vnodes, by weight) <= {points} points", kCompareNewerParams};
inline constexpr Command kDigest = {"digest", "placementDigest", "", "", kDigestNewerParams};
inline constexpr Command kJump = {"jump", "jump", "", ""};
inline constexpr Command kAlgorithms = {"algorithms", "algorithms", "", ""};
// `ringlab bucket`: how its errors spell each parameter. Its options' rows are the bucket
// algorithms' own (bucket_params.hpp), with these spellings; an option an algorithm does not take
// is refused by name ("--capacity is not an option of jump"), so every option has one here.
inline constexpr ParamSpec kBucketSpelling[] = {
    {.where = "bucket", .name = "algorithm", .flag = "ALGORITHM"},
    {.where = "bucket", .name = "input", .flag = "INPUT"},
    {.where = "bucket", .name = "ops", .flag = "--ops"},
    {.where = "bucket", .name = "buckets", .flag = "--buckets"},
    {.where = "bucket", .name = "capacity", .flag = "--capacity"},
    {.where = "bucket", .name = "seed", .flag = "--seed"},
    {.where = "bucket", .name = "nodes", .flag = "--nodes"},
    {.where = "bucket", .name = "probes", .flag = "--probes"},
};
inline constexpr Command kBucket = {"bucket", "bucket", "", "", kBucketSpelling};
// `ringlab server`: how its errors spell each parameter. The values are the placers' rows of the
// core's table (placers.hpp) and each server's fields, given as lists of one value per server
// (--weights, --zones, --tokens); a membership change of --ops is compare's change; a preference
// list's N is the table's rf. A list of zones or tokens of another length than the servers' is the
// core's rule about the lists (zonesPerServer, tokensServers), which names no parameter.
inline constexpr ParamSpec kServerSpelling[] = {
    {.where = "server", .name = "algorithm", .flag = "ALGORITHM"},
    {.where = "server", .name = "servers", .flag = "--servers"},
    {.where = "server", .name = "weight", .flag = "--weights"},
    {.where = "server", .name = "weights", .flag = "--weights"},
    {.where = "server", .name = "zone", .flag = "--zones"},
    {.where = "server", .name = "token", .flag = "--tokens"},
    {.where = "server", .name = "vnodes", .flag = "--vnodes"},
    {.where = "server", .name = "tableSize", .flag = "--table"},
    {.where = "server", .name = "epsilon", .flag = "--epsilon"},
    {.where = "server", .name = "bits", .flag = "--bits"},
    {.where = "server", .name = "change", .flag = "--ops"},
    {.where = "server", .name = "rf", .flag = "--preference"},
};
inline constexpr Command kServer = {"server", "server", "", "", kServerSpelling};
// `ringlab lab`: its rows are lab.hpp's own (kLabParams), as an added command's are.
inline constexpr Command kLab = {"lab", "lab", "", "", kLabParams};
inline constexpr Command kNone = {"", "", "", ""};

std::vector<const ParamSpec*> params_of(const Command& c);

// A parameter's range and default as --help words them ("1 to 100000", "finite and > 0").
[[nodiscard]] std::string range_text(const ParamSpec& p);
[[nodiscard]] std::string default_text(const ParamSpec& p);
// "<help> (<range>[; default <default>])", as --help lists a flag and `ringlab algorithms` a parameter.
[[nodiscard]] std::string param_text(const ParamSpec& p);

// The bucket command's section of --help, from the registry: every bucket algorithm, or the one
// named (nullptr: all).
[[nodiscard]] std::string bucket_section(std::string_view algorithm);
// The same for the server command: every placer, or the one named.
[[nodiscard]] std::string server_section(std::string_view algorithm);

// The core's commands (run, h32, jump, bucket, server, compare, digest, algorithms): returns stdout,
// pointing `current` at the command whose flags spell an error's subject; `read` reads the files
// a command is named (bucket's --keys). Throws CliUsageError for a name it does not know. cli.cpp
// defines it; a build that leaves the core's commands out passes none to dispatch.
using CoreCommands = std::string (*)(const std::vector<std::string>& args, const ReadFile& read,
                                     const Command*& current);
[[nodiscard]] std::string core_commands(const std::vector<std::string>& args, const ReadFile& read,
                                        const Command*& current);

// run_cli's body: the added commands, --help, then the core's (or, without them, "... is not in
// this module"), every error as one line on stderr and exit status 2.
[[nodiscard]] CliResult dispatch(const std::vector<std::string>& args, std::span<const CliCommand> extra,
                                 const ReadFile& read, CoreCommands core);

}  // namespace ringlab::cli_detail
