// The command line as a library call: the input split on NUL bytes is argv (without the program
// name). run_cli must return 0 or 2 and never throw or crash; on 2 stdout is empty and stderr is
// exactly one line starting "ringlab: "; on 0 stderr is empty. h32 and jump answers are checked
// against the library.
//
// Cost guard: a valid `run` or `compare` does real work (the defaults alone are 10,000 to
// 100,000 keys, and a weight change can ask for millions of ring points), which under the
// sanitizers would take seconds per input and drown the fuzzer. Before calling run_cli the target
// works out, the way the CLI pairs its flags (last one wins, defaults otherwise), the sizes that
// drive the work and skips the input when they exceed small caps. Values that do not parse as
// numbers are let through: the CLI refuses them before doing any work, which is what we want to
// exercise. The caps keep one input well under a second; the full ranges are covered by the
// Catch2 suite.
//
// `bucket` reaches every bucket algorithm of the registry, the ones added after this file too: an
// ALGORITHM of one byte stands for the registry's algorithm at that byte's index (modulo their
// count), as if its name had been typed; a longer name goes as it is (an unknown one is refused).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/params.hpp"

namespace {

constexpr double kMaxKeys = 2000;
constexpr double kMaxPoints = 20000;  // ring points (servers x vnodes, summed over a vnodes list)
constexpr double kMaxScores = 40000;  // keys x servers (rendezvous, hrw-jump)
constexpr double kMaxServers = 5000;
constexpr double kMaxTable = 5000;     // Maglev table size
constexpr double kMaxWeight = 4;       // compare --change weight:NAME=W
constexpr double kMaxLabBuckets = 16;  // lab --buckets
constexpr double kMaxLabKeys = 400;    // lab: buckets x keys per bucket

// The value of a whole-string number as strtod reads it; nullopt when the text is not entirely a
// number (the CLI, stricter than strtod, refuses it then).
std::optional<double> number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return std::nullopt;
  return v;
}

// The flags as the CLI sees them: "--name value" pairs from `from`, the last occurrence winning.
std::map<std::string, std::string> flags_of(const std::vector<std::string>& args, std::size_t from) {
  std::map<std::string, std::string> flags;
  for (std::size_t i = from; i + 1 < args.size(); i += 2)
    if (args[i].rfind("--", 0) == 0) flags[args[i].substr(2)] = args[i + 1];
  return flags;
}

// A flag's numeric value (its default when absent); nullopt when it does not parse (the CLI will
// refuse the input cheaply).
std::optional<double> value(const std::map<std::string, std::string>& flags, const char* name, double fallback) {
  const auto it = flags.find(name);
  if (it == flags.end()) return fallback;
  return number(it->second);
}

bool within(const std::optional<double>& v, double cap) { return !v || std::fabs(*v) <= cap; }

// Whether a command line asks for its command's help (which costs nothing, whatever else it holds).
bool asks_help(const std::vector<std::string>& args) {
  for (std::size_t i = 1; i < args.size(); ++i)
    if (args[i] == "--help" || args[i] == "-h") return true;
  return false;
}

// True when the input would do more work than the caps allow.
bool too_costly(const std::vector<std::string>& args) {
  // `lab` measures every algorithm on N x K keys with its removal histories (1,000 x 100 by
  // default, `lab` alone among them) and `lab --claims` the papers' claims at their own scale:
  // seconds under the sanitizers. Only a small lab goes through, and --claims never does (the
  // Catch2 suite and tests/js run both); --help costs nothing.
  if (!args.empty() && args[0] == "lab") {
    if (asks_help(args)) return false;
    std::vector<std::string> pairs{args[0]};
    for (std::size_t i = 1; i < args.size(); ++i) {
      if (args[i] == "--claims") return true;
      if (args[i] != "--json" && args[i] != "--csv" && args[i] != "--times") pairs.push_back(args[i]);
    }
    const auto flags = flags_of(pairs, 1);
    const auto buckets = value(flags, "buckets", 1000), per_bucket = value(flags, "keys-per-bucket", 100);
    if (!buckets || !per_bucket) return false;
    return !(within(buckets, kMaxLabBuckets) && std::fabs(*buckets) * std::fabs(*per_bucket) <= kMaxLabKeys);
  }
  // `digest` places the course's keys (the core's default: 100,000) with every algorithm, and with
  // --newer with the newer bucket hashers too: seconds under the sanitizers. Only a small digest
  // goes through (the Catch2 suite and tests/js check the full one); --help costs nothing.
  if (!args.empty() && args[0] == "digest") {
    if (asks_help(args)) return false;
    const auto keys = static_cast<double>(ringlab::param(ringlab::Param::digest_keys).default_integer);
    return !within(value(flags_of(args, 1), "keys", keys), kMaxKeys);
  }
  if (args.size() < 2) return false;
  if (args[0] == "run") {
    const std::string& exp = args[1];
    const auto flags = flags_of(args, 2);
    if (exp == "ring-vs-mod") {
      const auto keys = value(flags, "keys", 10000), servers = value(flags, "servers", 4),
                 vnodes = value(flags, "vnodes", 100);
      if (!keys || !servers || !vnodes) return false;
      return !(within(keys, kMaxKeys) && within(servers, kMaxServers) &&
               (std::fabs(*servers) + 1) * std::fabs(*vnodes) <= kMaxPoints);
    }
    if (exp == "vnode-sweep") {
      const auto keys = value(flags, "keys", 100000), servers = value(flags, "servers", 10);
      if (!keys || !servers) return false;
      double vnode_sum = 1111;  // the default list 1,10,100,1000
      if (const auto it = flags.find("vnodes"); it != flags.end()) {
        vnode_sum = 0;
        const std::string& text = it->second;
        for (std::size_t start = 0;;) {
          const std::size_t comma = text.find(',', start);
          const auto v = number(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
          if (!v) return false;
          vnode_sum += std::fabs(*v);
          if (comma == std::string::npos) break;
          start = comma + 1;
        }
      }
      return !(within(keys, kMaxKeys) && within(servers, kMaxServers) && std::fabs(*servers) * vnode_sum <= kMaxPoints);
    }
    if (exp == "hrw-jump") {
      // jump is logarithmic in the bucket count: only keys and servers matter.
      const auto keys = value(flags, "keys", 10000), servers = value(flags, "servers", 5);
      if (!keys || !servers) return false;
      return !(within(keys, kMaxKeys) && within(servers, kMaxServers) &&
               std::fabs(*keys) * std::fabs(*servers) <= kMaxScores);
    }
    return false;
  }
  if (args[0] == "compare") {
    std::vector<std::string> pairs{args[0]};
    for (std::size_t i = 1; i < args.size(); ++i)
      if (args[i] != "--json") pairs.push_back(args[i]);
    const auto flags = flags_of(pairs, 1);
    const auto keys = value(flags, "keys", 100000), servers = value(flags, "servers", 10),
               vnodes = value(flags, "vnodes", 100), table = value(flags, "table", 65537);
    if (!keys || !servers || !vnodes || !table) return false;
    double weight = 1;
    if (const auto it = flags.find("change"); it != flags.end() && it->second.rfind("weight:", 0) == 0) {
      const std::size_t eq = it->second.rfind('=');
      if (eq == std::string::npos) return false;
      const auto w = number(it->second.substr(eq + 1));
      if (!w) return false;
      weight = std::max(1.0, std::fabs(*w));
    }
    return !(within(keys, kMaxKeys) && within(servers, kMaxServers) && within(table, kMaxTable) &&
             weight <= kMaxWeight && (std::fabs(*servers) + 1) * std::fabs(*vnodes) * weight <= kMaxPoints &&
             std::fabs(*keys) * (std::fabs(*servers) + 1) <= kMaxScores);
  }
  return false;
}

bool all_ascii(const std::string& s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args;
  if (size > 0) {
    std::string cur;
    for (std::size_t i = 0; i < size; ++i) {
      if (data[i] == 0) {
        args.push_back(cur);
        cur.clear();
      } else {
        cur += static_cast<char>(data[i]);
      }
    }
    args.push_back(cur);
  }
  if (too_costly(args)) return -1;  // not added to the corpus
  if (args.size() > 1 && args[0] == "bucket" && args[1].size() == 1) {
    const auto all = ringlab::bucket_algorithms();
    args[1] = std::string(all[static_cast<unsigned char>(args[1][0]) % all.size()].name);
  }

  ringlab::CliResult res;
  try {
    res = ringlab::run_cli(args);
  } catch (const std::exception& e) {
    fuzz::fail(__FILE__, __LINE__, "run_cli must not throw", std::string("it threw: ") + e.what());
  } catch (...) {
    fuzz::fail(__FILE__, __LINE__, "run_cli must not throw", "it threw a non-std exception");
  }

  std::string shown;
  for (const auto& a : args) shown += fuzz::show(a) + " ";
  CHECK_MSG(res.exit_code == 0 || res.exit_code == 2, "exit " + std::to_string(res.exit_code) + " for " + shown);
  if (res.exit_code == 2) {
    CHECK_MSG(res.out.empty(), "a refused command printed to stdout: " + shown);
    CHECK_MSG(res.err.rfind("ringlab: ", 0) == 0, "stderr does not start with \"ringlab: \": " + fuzz::show(res.err));
    CHECK_MSG(res.err.size() > 9 && res.err.back() == '\n' && res.err.find('\n') == res.err.size() - 1,
              "stderr is not exactly one line: " + fuzz::show(res.err) + " for " + shown);
    return 0;
  }
  CHECK_MSG(res.err.empty(), "a successful command printed to stderr: " + fuzz::show(res.err));
  CHECK_MSG(!res.out.empty() && res.out.back() == '\n', "a successful command printed no full line: " + shown);

  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    CHECK(res.out == ringlab::cli_help());
    return 0;
  }
  // `ringlab COMMAND --help` (or -h), and `ringlab run EXPERIMENT --help`: the command's usage,
  // whatever follows, so `jump -h 20` is help and not a key.
  const auto asks_help = [&](std::size_t at) { return args.size() > at && (args[at] == "--help" || args[at] == "-h"); };
  if (asks_help(1) || (args[0] == "run" && asks_help(2))) {
    CHECK_MSG(res.out.rfind("Usage:\n", 0) == 0,
              "the help of " + shown + "does not start with Usage: " + fuzz::show(res.out));
    return 0;
  }
  if (args[0] == "h32") {
    // One decimal line per key; ASCII keys hash like their bytes.
    std::size_t pos = 0;
    for (std::size_t i = 1; i < args.size(); ++i) {
      const std::size_t nl = res.out.find('\n', pos);
      CHECK(nl != std::string::npos);
      const std::string line = res.out.substr(pos, nl - pos);
      pos = nl + 1;
      if (all_ascii(args[i]))
        CHECK_MSG(line == std::to_string(ringlab::h32_bytes(args[i])),
                  "h32 " + fuzz::show(args[i]) + " printed " + line);
    }
    CHECK(pos == res.out.size());
  }
  if (args[0] == "jump") {
    // Only digit strings up to 20 digits pass; the bucket count is a safe integer.
    const std::uint64_t key = std::strtoull(args[1].c_str(), nullptr, 10);
    const double buckets = std::strtod(args[2].c_str(), nullptr);
    const auto b = ringlab::jump(key, static_cast<std::int64_t>(buckets));
    CHECK_MSG(res.out == std::to_string(b) + "\n", "jump " + shown + "printed " + fuzz::show(res.out));
    CHECK(b >= 0 && b < buckets);
    const auto steps = ringlab::jump_trace(key, static_cast<std::int64_t>(buckets));
    CHECK(!steps.empty() && steps.back().bucket == b && steps.back().next >= static_cast<std::int64_t>(buckets));
  }
  return 0;
}
