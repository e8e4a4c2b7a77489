#include "ringlab/cli.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <string_view>

#include "ringlab/compare.hpp"
#include "ringlab/digest.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jump.hpp"

namespace ringlab {
namespace {

const std::string kHelp = R"(ringlab - consistent hashing you can run, see and check

Usage:
  ringlab run <experiment> [flags]   run one of the course's three programs
  ringlab h32 KEY...                 h32 (FNV-1a + fmix32) of each key, hashed as UTF-16 units
  ringlab jump KEY BUCKETS           jump consistent hash of a 64-bit KEY into BUCKETS buckets
  ringlab compare [flags] [--json]   every algorithm on the same keys, before and after a change
  ringlab digest [--seed S] [--keys K]
                                     one 32-bit digest per algorithm of its placements of the
                                     course's keys (default seed 16, 100000 keys, at most
                                     10000000), then `all`: equal digests, equal placements
  ringlab --help                     this text

Experiments (output is byte-identical to the published JavaScript programs):
  ring-vs-mod   n servers -> n+1: how many keys move under mod-N and under a ring
                  --seed S      PRNG seed for the keys              (default 16)
                  --keys K      number of keys                      (default 10000)
                  --servers N   servers before the change (N -> N+1) (default 4)
                  --vnodes V    virtual nodes per server            (default 100)
  vnode-sweep   spread of load over N servers as virtual nodes grow
                  --seed S      PRNG seed for the keys              (default 16)
                  --servers N   servers                             (default 10)
                  --keys K      number of keys                      (default 100000)
                  --vnodes LIST comma-separated V values            (default 1,10,100,1000)
  hrw-jump      rendezvous hashing losing one server; jump growing B -> B+1 buckets
                  --seed S      PRNG seed for the keys              (default 16)
                  --keys K      number of keys                      (default 10000)
                  --servers N   rendezvous servers S0..S{N-1}       (default 5)
                  --remove R    index of the server removed, 0..N-1 (default 2)
                  --buckets B   jump buckets before growing         (default 10)

compare (servers are named S0..S{N-1}):
                  --seed S --keys K (default 100000, at most 10000000)
                  --servers N (default 10) --vnodes V (default 100)
                  --change add | add:NAME | remove:NAME | fail:NAME | weight:NAME=W (default add)
                  --epsilon E   bounded loads' slack, > 0           (default 0.25)
                  --table M     Maglev table size, a prime          (default 65537)
                  --json        an array of {algorithm, moved, movedToNew, movedBetweenOld,
                                maxOverMean, sdOverMean, memoryBytes, buildMs, supported}

Values of the experiments are integers. Limits: |seed| <= 9007199254740991, 0 <= keys <= 100000000,
1 <= servers <= 100000, vnodes >= 1 with servers x vnodes <= 16777216 ring points
(ring-vs-mod: (servers+1) x vnodes), at most 100 values in a vnodes list, buckets <= 2147483646,
hrw-jump keys x servers <= 10000000000.
A bad flag or value prints one line on stderr and exits with status 2.

Example:
  ringlab run vnode-sweep --servers 3 --keys 800
)";

struct Usage {
  std::string message;
};

// [+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?: the plain decimal forms of JavaScript's Number(text).
// Scanned by hand: std::regex matches recursively, a stack frame or more per character, and an
// argument of some 20,000 digits overflowed an 8 MiB stack.
bool is_decimal(std::string_view s) {
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i - from;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  std::size_t mantissa = digits();
  if (i < s.size() && s[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == s.size();
}

// An error is one line on stderr: control characters from the arguments it quotes are escaped.
std::string one_line(const std::string& message) {
  std::string out;
  for (const char c : message) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (u < 0x20 || u == 0x7F) {
      static const char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 0xF];
    } else {
      out += c;
    }
  }
  return out;
}

// JavaScript's Number(text) for the plain decimal forms, required to be an exact integer.
std::int64_t parse_integer(const std::string& flag, const std::string& text) {
  if (!is_decimal(text)) throw Usage{flag + " needs an integer, got \"" + text + "\""};
  const double v = std::strtod(text.c_str(), nullptr);
  if (!std::isfinite(v) || v != std::floor(v)) throw Usage{flag + " needs an integer, got \"" + text + "\""};
  if (std::fabs(v) > 9007199254740991.0)
    throw Usage{flag + " is outside the safe integer range, got \"" + text + "\""};
  return static_cast<std::int64_t>(v);
}

std::vector<std::int64_t> parse_list(const std::string& flag, const std::string& text) {
  std::vector<std::int64_t> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    out.push_back(parse_integer(flag, text.substr(start, comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// "--name value" pairs; the last occurrence of a flag wins, as in the published programs.
std::map<std::string, std::string> parse_flags(const std::vector<std::string>& args, std::size_t from,
                                               std::initializer_list<std::string_view> allowed,
                                               const std::string& experiment) {
  std::map<std::string, std::string> flags;
  for (std::size_t i = from; i < args.size(); i += 2) {
    const std::string& a = args[i];
    bool known = false;
    for (std::string_view name : allowed) known = known || a == "--" + std::string(name);
    if (!known) {
      if (a.rfind("--", 0) == 0)
        throw Usage{"unknown flag " + a + " for " + experiment + " (see ringlab --help)"};
      throw Usage{"unexpected argument \"" + a + "\" (flags are --name value)"};
    }
    if (i + 1 >= args.size()) throw Usage{a + " needs a value"};
    flags[a.substr(2)] = args[i + 1];
  }
  return flags;
}

template <typename T>
void set(const std::map<std::string, std::string>& flags, const char* name, T& field) {
  const auto it = flags.find(name);
  if (it != flags.end()) field = parse_integer(std::string("--") + name, it->second);
}

std::string run_experiment(const std::vector<std::string>& args) {
  if (args.size() < 2) throw Usage{"run needs an experiment: ring-vs-mod, vnode-sweep or hrw-jump"};
  const std::string& name = args[1];
  if (name == "ring-vs-mod") {
    const auto flags = parse_flags(args, 2, {"seed", "keys", "servers", "vnodes"}, name);
    RingVsModParams p;
    set(flags, "seed", p.seed);
    set(flags, "keys", p.keys);
    set(flags, "servers", p.servers);
    set(flags, "vnodes", p.vnodes);
    return ring_vs_mod(p).text;
  }
  if (name == "vnode-sweep") {
    const auto flags = parse_flags(args, 2, {"seed", "keys", "servers", "vnodes"}, name);
    VnodeSweepParams p;
    set(flags, "seed", p.seed);
    set(flags, "keys", p.keys);
    set(flags, "servers", p.servers);
    if (const auto it = flags.find("vnodes"); it != flags.end()) p.vnodes = parse_list("--vnodes", it->second);
    return vnode_sweep(p).text;
  }
  if (name == "hrw-jump") {
    const auto flags = parse_flags(args, 2, {"seed", "keys", "servers", "remove", "buckets"}, name);
    HrwJumpParams p;
    set(flags, "seed", p.seed);
    set(flags, "keys", p.keys);
    set(flags, "servers", p.servers);
    set(flags, "remove", p.remove);
    set(flags, "buckets", p.buckets);
    return hrw_jump(p).text;
  }
  throw Usage{"unknown experiment \"" + name + "\": use ring-vs-mod, vnode-sweep or hrw-jump"};
}

// UTF-8 (from the shell) to UTF-16 units (what a JavaScript string holds).
std::u16string utf16(const std::string& s) {
  std::u16string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::uint32_t cp;
    std::size_t len;
    if (c < 0x80) cp = c, len = 1;
    else if ((c >> 5) == 0x6) cp = c & 0x1F, len = 2;
    else if ((c >> 4) == 0xE) cp = c & 0x0F, len = 3;
    else if ((c >> 3) == 0x1E) cp = c & 0x07, len = 4;
    else throw Usage{"KEY is not valid UTF-8"};
    if (i + len > s.size()) throw Usage{"KEY is not valid UTF-8"};
    for (std::size_t k = 1; k < len; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc >> 6) != 0x2) throw Usage{"KEY is not valid UTF-8"};
      cp = (cp << 6) | (cc & 0x3F);
    }
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out += static_cast<char16_t>(0xD800 + (cp >> 10));
      out += static_cast<char16_t>(0xDC00 + (cp & 0x3FF));
    } else {
      out += static_cast<char16_t>(cp);
    }
    i += len;
  }
  return out;
}

std::string run_h32(const std::vector<std::string>& args) {
  if (args.size() < 2) throw Usage{"h32 needs at least one KEY"};
  std::string out;
  for (std::size_t i = 1; i < args.size(); ++i) out += std::to_string(h32(utf16(args[i]))) + "\n";
  return out;
}

std::string run_jump(const std::vector<std::string>& args) {
  if (args.size() != 3) throw Usage{"jump needs KEY and BUCKETS"};
  const std::string& k = args[1];
  if (k.empty() || k.size() > 20 || k.find_first_not_of("0123456789") != std::string::npos)
    throw Usage{"KEY must be an integer from 0 to 18446744073709551615"};
  errno = 0;
  const unsigned long long key = std::strtoull(args[1].c_str(), nullptr, 10);
  if (errno == ERANGE) throw Usage{"KEY must be an integer from 0 to 18446744073709551615"};
  const std::int64_t buckets = parse_integer("BUCKETS", args[2]);
  return std::to_string(jump(static_cast<std::uint64_t>(key), buckets)) + "\n";
}

double parse_number(const std::string& flag, const std::string& text) {
  if (!is_decimal(text)) throw Usage{flag + " needs a number, got \"" + text + "\""};
  const double v = std::strtod(text.c_str(), nullptr);
  if (!std::isfinite(v)) throw Usage{flag + " needs a finite number, got \"" + text + "\""};
  return v;
}

// --change add | add:NAME | remove:NAME | fail:NAME | weight:NAME=W
Change parse_change(const std::string& text) {
  Change c;
  const std::size_t colon = text.find(':');
  const std::string kind = text.substr(0, colon);
  const std::string rest = colon == std::string::npos ? "" : text.substr(colon + 1);
  if (kind == "add") {
    c.kind = ChangeKind::add;
    c.name = utf16(rest);
    return c;
  }
  if (rest.empty()) throw Usage{"--change " + kind + " needs a server: " + kind + ":NAME"};
  if (kind == "remove" || kind == "fail") {
    c.kind = kind == "remove" ? ChangeKind::remove : ChangeKind::fail;
    c.name = utf16(rest);
    return c;
  }
  if (kind == "weight") {
    const std::size_t eq = rest.rfind('=');
    if (eq == std::string::npos || eq == 0) throw Usage{"--change weight needs weight:NAME=W"};
    c.kind = ChangeKind::weight;
    c.name = utf16(rest.substr(0, eq));
    c.weight = parse_number("--change weight", rest.substr(eq + 1));
    return c;
  }
  throw Usage{"--change must be add, remove:NAME, fail:NAME or weight:NAME=W, got \"" + text + "\""};
}

std::string run_compare(std::vector<std::string> args) {
  bool json = false;
  std::vector<std::string> pairs{args[0]};
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--json") json = true;
    else pairs.push_back(args[i]);
  }
  const auto flags =
      parse_flags(pairs, 1, {"seed", "keys", "servers", "vnodes", "change", "epsilon", "table"}, "compare");
  Scenario sc;
  std::int64_t servers = 10, vnodes = 100, keys = 100000, table = kDefaultMaglevTableSize;
  set(flags, "seed", sc.seed);
  set(flags, "keys", keys);
  set(flags, "servers", servers);
  set(flags, "vnodes", vnodes);
  set(flags, "table", table);
  if (servers < 1 || servers > kMaxServers)
    throw Usage{"--servers must be between 1 and " + std::to_string(kMaxServers) + ", got " + std::to_string(servers)};
  if (vnodes < 1 || vnodes > static_cast<std::int64_t>(kMaxRingPoints))
    throw Usage{"--vnodes must be between 1 and " + std::to_string(kMaxRingPoints) + ", got " + std::to_string(vnodes)};
  if (keys < 0 || keys > kMaxCompareKeys)
    throw Usage{"--keys must be between 0 and " + std::to_string(kMaxCompareKeys) + ", got " + std::to_string(keys)};
  if (table < 1 || table > kMaxMaglevTableSize)
    throw Usage{"--table must be a prime up to " + std::to_string(kMaxMaglevTableSize) + ", got " + std::to_string(table)};
  sc.servers = default_servers(static_cast<std::uint32_t>(servers));
  sc.vnodes = static_cast<std::uint32_t>(vnodes);
  sc.keys = static_cast<std::uint32_t>(keys);
  sc.table_size = static_cast<std::uint32_t>(table);
  if (const auto it = flags.find("epsilon"); it != flags.end()) sc.epsilon = parse_number("--epsilon", it->second);
  if (const auto it = flags.find("change"); it != flags.end()) sc.change = parse_change(it->second);
  const auto rows = compare(sc);
  return json ? comparison_json(rows) : comparison_table(rows);
}

// "name digest" per part, then "all digest".
std::string run_digest(const std::vector<std::string>& args) {
  const auto flags = parse_flags(args, 1, {"seed", "keys"}, "digest");
  std::int64_t seed = 16, keys = 100000;
  set(flags, "seed", seed);
  set(flags, "keys", keys);
  if (keys < 0 || keys > kMaxDigestKeys)
    throw Usage{"--keys must be between 0 and " + std::to_string(kMaxDigestKeys) + ", got " + std::to_string(keys)};
  const PlacementDigest d = placement_digests(seed, static_cast<std::uint32_t>(keys));
  std::string out;
  for (const DigestPart& p : d.parts) out += p.name + " " + std::to_string(p.digest) + "\n";
  out += "all " + std::to_string(d.all) + "\n";
  return out;
}

}  // namespace

const std::string& cli_help() { return kHelp; }

CliResult run_cli(const std::vector<std::string>& args) {
  CliResult r;
  try {
    if (args.empty()) throw Usage{"missing command (see ringlab --help)"};
    const std::string& cmd = args[0];
    if (cmd == "--help" || cmd == "-h" || cmd == "help") r.out = kHelp;
    else if (cmd == "run") r.out = run_experiment(args);
    else if (cmd == "h32") r.out = run_h32(args);
    else if (cmd == "jump") r.out = run_jump(args);
    else if (cmd == "compare") r.out = run_compare(args);
    else if (cmd == "digest") r.out = run_digest(args);
    else throw Usage{"unknown command \"" + cmd + "\" (see ringlab --help)"};
  } catch (const Usage& u) {
    r.exit_code = 2;
    r.err = "ringlab: " + one_line(u.message) + "\n";
  } catch (const Error& e) {
    r.exit_code = 2;
    r.err = "ringlab: " + one_line(e.what()) + "\n";
  }
  return r;
}

}  // namespace ringlab
