#include "ringlab/cli.hpp"

#include <algorithm>
#include <iterator>
#include <limits>
#include <map>
#include <string_view>

#include "ringlab/compare.hpp"
#include "ringlab/digest.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/params.hpp"

namespace ringlab {
namespace {

// A command's parameters are the table's entries of one JavaScript function (`where`) that have
// a CLI spelling, in table order.
struct Command {
  std::string_view name;     // as typed: "ring-vs-mod", "compare", ...
  std::string_view where;    // the table's function
  std::string_view summary;  // one line for --help
  std::string_view note;     // limits on more than one value, for --help ({points}: the ring's cap, {work}: hrw-jump's)
};

const Command kExperiments[] = {
    {"ring-vs-mod", "ringVsMod", "n servers -> n+1: how many keys move under mod-N and under a ring",
     "(servers + 1) x vnodes <= {points} ring points"},
    {"vnode-sweep", "vnodeSweep", "spread of load over N servers as virtual nodes grow",
     "servers x V <= {points} ring points for each V"},
    {"hrw-jump", "hrwJump", "rendezvous hashing losing one server; jump growing B -> B+1 buckets",
     "keys x servers <= {work}"},
};
const Command kCompare = {"compare", "compare", "", "each ring (servers x vnodes, by weight) <= {points} points"};
const Command kDigest = {"digest", "placementDigest", "", ""};
const Command kJump = {"jump", "jump", "", ""};
const Command kNone = {"", "", "", ""};

std::vector<const ParamSpec*> params_of(const Command& c) {
  std::vector<const ParamSpec*> out;
  for (const ParamSpec& p : params())
    if (p.where == c.where && !p.flag.empty()) out.push_back(&p);
  return out;
}

// --- Help, from the table -------------------------------------------------------------------

std::string range_text(const ParamSpec& p) {
  if (!p.range_note.empty()) {
    std::string note(p.range_note);
    if (const std::size_t at = note.find("{hi}"); at != std::string::npos) note.replace(at, 4, std::to_string(p.hi));
    return note;
  }
  switch (p.kind) {
    case ParamKind::key64: {
      std::string s = "0 to ";
      s += std::to_string(std::numeric_limits<std::uint64_t>::max());
      return s;
    }
    case ParamKind::change: {
      std::string forms;
      for (const std::string_view f : kChangeForms) {
        if (!forms.empty()) forms += " | ";
        forms += f;
      }
      return forms;
    }
    case ParamKind::number: return requirement(p);
    case ParamKind::integer_list:
      return "1 to " + std::to_string(kMaxVnodeList) + " values, each " + std::to_string(p.lo) + " to " +
             std::to_string(p.hi);
    default: break;
  }
  if (p.lo == -p.hi) {
    std::string s(1, '|');
    s += p.metavar;
    s += "| <= ";
    s += std::to_string(p.hi);
    return s;
  }
  if (p.hi == kNoUpperBound) return ">= " + std::to_string(p.lo);
  return std::to_string(p.lo) + " to " + std::to_string(p.hi);
}

std::string default_text(const ParamSpec& p) {
  switch (p.kind) {
    case ParamKind::number: return js::number_to_string(p.default_number);
    case ParamKind::change: return std::string(p.default_text);
    case ParamKind::integer_list: {
      std::string s;
      for (const std::int64_t v : p.default_list) {
        if (!s.empty()) s += ',';
        s += std::to_string(v);
      }
      return s;
    }
    default: return std::to_string(p.default_integer);
  }
}

// "    --seed S       PRNG seed for the keys (|S| <= 9007199254740991; default 16)"
std::string flag_lines(const Command& c, std::string_view indent) {
  std::string out;
  for (const ParamSpec* p : params_of(c)) {
    const std::string head =
        p->flag == p->metavar ? std::string(p->flag) : std::string(p->flag) + " " + std::string(p->metavar);
    const std::string what = std::string(p->help) + " (" + range_text(*p) +
                             (p->has_default ? "; default " + default_text(*p) : std::string()) + ")";
    std::string line = std::string(indent) + js::pad_end(head, 15) + what;
    // A long line breaks before its parenthesis, the rest indented under the text.
    if (line.size() > 96)
      line = std::string(indent) + js::pad_end(head, 15) + std::string(p->help) + "\n" + std::string(indent) +
             std::string(17, ' ') + what.substr(p->help.size() + 1);
    out += line + "\n";
  }
  if (!c.note.empty()) {
    std::string note(c.note);
    for (const auto& [name, value] : {std::pair<std::string, std::string>{"{points}", std::to_string(kMaxRingPoints)},
                                      {"{work}", std::to_string(kMaxHrwWork)}})
      if (const std::size_t at = note.find(name); at != std::string::npos) note.replace(at, name.size(), value);
    out += std::string(indent) + std::string(15, ' ') + note + "\n";
  }
  return out;
}

std::string make_help(std::span<const CliCommand> extra) {
  std::string h = R"(ringlab - consistent hashing you can run, see and check

Usage:
  ringlab run <experiment> [flags]   run one of the course's three programs
  ringlab h32 KEY...                 h32 (FNV-1a + fmix32) of each key, hashed as UTF-16 units
  ringlab jump KEY BUCKETS           jump consistent hash of a 64-bit KEY into BUCKETS buckets
  ringlab compare [flags] [--json]   every algorithm on the same keys, before and after a change
  ringlab digest [flags]             one 32-bit digest per algorithm of its placements of the
                                     course's keys, then `all`: equal digests, equal placements
{extra}  ringlab --help                     this text

Experiments (output is byte-identical to the published JavaScript programs):
)";
  for (const Command& c : kExperiments) {
    h += "  " + js::pad_end(c.name, 14) + std::string(c.summary) + "\n";
    h += flag_lines(c, "    ");
  }
  h += "\ncompare (every algorithm on the same keys, before and after the change):\n";
  h += flag_lines(kCompare, "    ");
  h += "    " + js::pad_end("--json", 15) +
       "an array of {algorithm, moved, movedToNew, movedBetweenOld, maxOverMean,\n" + "    " + std::string(15, ' ') +
       "sdOverMean, memoryBytes, buildMs, supported}\n";
  h += "\ndigest:\n";
  h += flag_lines(kDigest, "    ");
  h += "\njump:\n";
  h += flag_lines(kJump, "    ");
  std::string usage;
  for (const CliCommand& c : extra) {
    for (const std::string& line : c.usage) usage += line + "\n";
    if (!c.help.empty()) h += "\n" + c.help;
  }
  h.replace(h.find("{extra}"), 7, usage);
  const ParamSpec& servers = param(Param::ring_vs_mod_servers);
  h += "\nValues are integers unless shown otherwise, checked before any work. A bad flag or value\n"
       "prints one line on stderr and exits with status 2; a message about a value names its flag:\n"
       "  ringlab: " +
       std::string(servers.flag) + " must be " + requirement(servers) +
       ", got 0\n"
       "\nExample:\n  ringlab run vnode-sweep --servers 3 --keys 800\n";
  return h;
}

// --- Parsing --------------------------------------------------------------------------------

using Usage = CliUsageError;

// Commands of the Erlang library (ringlab_erlang), which a build without it names.
constexpr std::string_view kErlangCommands[] = {"phash2", "place"};

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

// The one rule for a rejected value on the command line: the message with its leading subject
// (the parameter's JavaScript name) replaced by the command's spelling of that parameter.
std::string cli_message(const Error& e, const Command& c) {
  std::string m = e.what();
  const std::string& subject = e.subject();
  if (subject.empty() || m.compare(0, subject.size(), subject) != 0 || m.size() == subject.size() ||
      m[subject.size()] != ' ')
    return m;
  for (const ParamSpec* p : params_of(c))
    if (p->name == subject) return std::string(p->flag) + m.substr(subject.size());
  return m;
}

// UTF-8 (from the shell) to UTF-16 units (what a JavaScript string holds).
std::u16string utf16(const std::string& s, std::string_view what) {
  const Usage bad{std::string(what) + " is not valid UTF-8"};
  std::u16string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::uint32_t cp;
    std::size_t len;
    if (c < 0x80) cp = c, len = 1;
    else if ((c >> 5) == 0x6) cp = c & 0x1F, len = 2;
    else if ((c >> 4) == 0xE) cp = c & 0x0F, len = 3;
    else if ((c >> 3) == 0x1E) cp = c & 0x07, len = 4;
    else throw bad;
    if (i + len > s.size()) throw bad;
    for (std::size_t k = 1; k < len; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc >> 6) != 0x2) throw bad;
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

// "--name value" pairs of the command's flags; the last occurrence of a flag wins, as in the
// published programs. Returns the text of each flag given, by parameter.
std::map<Param, std::string> parse_flags(const std::vector<std::string>& args, std::size_t from, const Command& c) {
  const auto specs = params_of(c);
  std::map<Param, std::string> flags;
  for (std::size_t i = from; i < args.size(); i += 2) {
    const std::string& a = args[i];
    const ParamSpec* spec = nullptr;
    for (const ParamSpec* p : specs)
      if (p->flag == a) spec = p;
    if (spec == nullptr) {
      if (a.rfind("--", 0) == 0)
        throw Usage{"unknown flag " + a + " for " + std::string(c.name) + " (see ringlab --help)"};
      throw Usage{"unexpected argument \"" + a + "\" (flags are --name value)"};
    }
    if (i + 1 >= args.size()) throw Usage{a + " needs a value"};
    flags[spec->id] = args[i + 1];
  }
  return flags;
}

// The value of a flag if it was given, read by the rule of its kind.
void set(const std::map<Param, std::string>& flags, Param p, std::int64_t& field) {
  if (const auto it = flags.find(p); it != flags.end()) field = integer_from_text(it->second, param(p).name);
}
void set(const std::map<Param, std::string>& flags, Param p, double& field) {
  if (const auto it = flags.find(p); it != flags.end()) field = number_from_text(it->second, param(p).name);
}
void set(const std::map<Param, std::string>& flags, Param p, std::vector<std::int64_t>& field) {
  if (const auto it = flags.find(p); it != flags.end()) field = integer_list_from_text(it->second, param(p).name);
}
void set(const std::map<Param, std::string>& flags, Param p, Change& field) {
  if (const auto it = flags.find(p); it != flags.end()) field = parse_change(utf16(it->second, param(p).flag));
}

const Command& experiment_named(const std::string& name) {
  for (const Command& c : kExperiments)
    if (c.name == name) return c;
  throw Usage{"unknown experiment \"" + name + "\": use ring-vs-mod, vnode-sweep or hrw-jump"};
}

std::string run_experiment(const std::vector<std::string>& args, const Command*& current) {
  if (args.size() < 2) throw Usage{"run needs an experiment: ring-vs-mod, vnode-sweep or hrw-jump"};
  const Command& c = experiment_named(args[1]);
  current = &c;
  const auto flags = parse_flags(args, 2, c);
  if (c.where == "ringVsMod") {
    RingVsModParams p;
    set(flags, Param::ring_vs_mod_seed, p.seed);
    set(flags, Param::ring_vs_mod_keys, p.keys);
    set(flags, Param::ring_vs_mod_servers, p.servers);
    set(flags, Param::ring_vs_mod_vnodes, p.vnodes);
    return ring_vs_mod(p).text;
  }
  if (c.where == "vnodeSweep") {
    VnodeSweepParams p;
    set(flags, Param::vnode_sweep_seed, p.seed);
    set(flags, Param::vnode_sweep_servers, p.servers);
    set(flags, Param::vnode_sweep_keys, p.keys);
    set(flags, Param::vnode_sweep_vnodes, p.vnodes);
    return vnode_sweep(p).text;
  }
  HrwJumpParams p;
  set(flags, Param::hrw_jump_seed, p.seed);
  set(flags, Param::hrw_jump_keys, p.keys);
  set(flags, Param::hrw_jump_servers, p.servers);
  set(flags, Param::hrw_jump_remove, p.remove);
  set(flags, Param::hrw_jump_buckets, p.buckets);
  return hrw_jump(p).text;
}

std::string run_h32(const std::vector<std::string>& args) {
  if (args.size() < 2) throw Usage{"h32 needs at least one KEY"};
  std::string out;
  for (std::size_t i = 1; i < args.size(); ++i) out += std::to_string(h32(utf16(args[i], "KEY"))) + "\n";
  return out;
}

std::string run_jump(const std::vector<std::string>& args) {
  if (args.size() != 3) throw Usage{"jump needs KEY and BUCKETS"};
  const std::uint64_t key = jump_key_from_text(args[1]);
  const std::int64_t buckets = integer_from_text(args[2], param(Param::jump_buckets).name);
  return std::to_string(jump(key, buckets)) + "\n";
}

std::string run_compare(const std::vector<std::string>& args) {
  bool json = false;
  std::vector<std::string> pairs{args[0]};
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--json") json = true;
    else pairs.push_back(args[i]);
  }
  const auto flags = parse_flags(pairs, 1, kCompare);
  Scenario sc;
  std::int64_t servers = param(Param::compare_servers).default_integer;
  set(flags, Param::compare_servers, servers);
  set(flags, Param::compare_vnodes, sc.vnodes);
  set(flags, Param::compare_seed, sc.seed);
  set(flags, Param::compare_keys, sc.keys);
  set(flags, Param::compare_change, sc.change);
  set(flags, Param::compare_epsilon, sc.epsilon);
  set(flags, Param::compare_table_size, sc.table_size);
  sc.servers = compare_servers(servers);
  const auto rows = compare(sc);
  return json ? comparison_json(rows) : comparison_table(rows);
}

// "name digest" per part, then "all digest".
std::string run_digest(const std::vector<std::string>& args) {
  const auto flags = parse_flags(args, 1, kDigest);
  std::int64_t seed = param(Param::digest_seed).default_integer;
  std::int64_t keys = param(Param::digest_keys).default_integer;
  set(flags, Param::digest_seed, seed);
  set(flags, Param::digest_keys, keys);
  const PlacementDigest d = placement_digests(seed, keys);
  std::string out;
  for (const DigestPart& p : d.parts) out += p.name + " " + std::to_string(p.digest) + "\n";
  out += "all " + std::to_string(d.all) + "\n";
  return out;
}

}  // namespace

const std::string& cli_help() {
  static const std::string help = make_help({});
  return help;
}

std::string cli_help(std::span<const CliCommand> extra) { return make_help(extra); }

std::string cli_flag_lines(std::string_view where, std::string_view indent) {
  return flag_lines(Command{"", where, "", ""}, indent);
}

CliResult run_cli(const std::vector<std::string>& args, std::span<const CliCommand> extra, const ReadFile& read) {
  CliResult r;
  const Command* current = &kNone;  // whose flags an error's subject is spelled by
  Command extra_command = kNone;
  try {
    if (args.empty()) throw Usage{"missing command (see ringlab --help)"};
    const std::string& cmd = args[0];
    const CliCommand* added = nullptr;
    std::string systems;  // the subs of the commands named cmd, for a usage error
    for (const CliCommand& c : extra) {
      if (c.name != cmd) continue;
      if (c.sub.empty()) added = &c;
      else {
        systems += (systems.empty() ? "" : ", ") + c.sub;
        if (args.size() > 1 && args[1] == c.sub) added = &c;
      }
    }
    if (added == nullptr && !systems.empty()) {
      if (args.size() < 2) throw Usage{cmd + " needs a system: " + systems};
      throw Usage{"unknown system " + shown_text(args[1]) + " for " + cmd + ": use " + systems};
    }
    if (added != nullptr) {
      extra_command = Command{added->name, added->where, "", ""};
      current = &extra_command;
      r.out = added->run(args, read);
    } else if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      r.out = extra.empty() ? cli_help() : cli_help(extra);
    } else if (cmd == "run") r.out = run_experiment(args, current);
    else if (cmd == "h32") r.out = run_h32(args);
    else if (cmd == "jump") current = &kJump, r.out = run_jump(args);
    else if (cmd == "compare") current = &kCompare, r.out = run_compare(args);
    else if (cmd == "digest") current = &kDigest, r.out = run_digest(args);
    else if (std::find(std::begin(kErlangCommands), std::end(kErlangCommands), cmd) != std::end(kErlangCommands))
      throw Usage{cmd + " is not in this build (the native CLI has it)"};
    else throw Usage{"unknown command \"" + cmd + "\" (see ringlab --help)"};
  } catch (const Usage& u) {
    r.exit_code = 2;
    r.err = "ringlab: " + one_line(u.message) + "\n";
  } catch (const Error& e) {
    r.exit_code = 2;
    r.err = "ringlab: " + one_line(cli_message(e, *current)) + "\n";
  }
  return r;
}

}  // namespace ringlab
