// The command line's help text (from the parameter table), its error rule and its dispatch: the
// part of the CLI every command line has. The core's commands themselves are in cli.cpp.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string_view>
#include <utility>

#include "internal.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/compare_newer.hpp"
#include "ringlab/error.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"

namespace ringlab {
namespace cli_detail {

std::vector<const ParamSpec*> params_of(const Command& c) {
  std::vector<const ParamSpec*> out;
  for (const std::span<const ParamSpec> table : {params(), c.more})
    for (const ParamSpec& p : table)
      if (belongs_to(p, c.where) && !p.flag.empty()) out.push_back(&p);
  return out;
}

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
    case ParamKind::name_list:
      return std::to_string(p.lo) + " to " + std::to_string(p.hi) + " names, none empty, none twice";
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
  if (p.default_of != nullptr) return std::string(p.default_text);  // "2 x buckets": the row words its rule
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

std::string param_text(const ParamSpec& p) {
  return std::string(p.help) + " (" + range_text(p) + (p.has_default ? "; default " + default_text(p) : std::string()) +
         ")";
}

}  // namespace cli_detail

namespace {

using namespace cli_detail;
using Usage = CliUsageError;

// --- Help, from the table -------------------------------------------------------------------

// "    --seed S       PRNG seed for the keys (|S| <= 9007199254740991; default 16)"
std::string flag_lines(const Command& c, std::string_view indent) {
  std::string out;
  for (const ParamSpec* p : params_of(c)) {
    const std::string head =
        p->flag == p->metavar ? std::string(p->flag) : std::string(p->flag) + " " + std::string(p->metavar);
    const std::string what = param_text(*p);
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

// The core's commands: each one's lines of the Usage block, and its own section after it.
struct CoreUsage {
  std::string_view name;
  std::string_view usage;
};
constexpr CoreUsage kCoreUsage[] = {
    {"run", "  ringlab run <experiment> [flags]   run one of the course's three programs\n"},
    {"h32", "  ringlab h32 KEY...                 h32 (FNV-1a + fmix32) of each key, hashed as UTF-16 units\n"},
    {"jump", "  ringlab jump KEY BUCKETS           jump consistent hash of a 64-bit KEY into BUCKETS buckets\n"},
    {"bucket",
     "  ringlab bucket ALGORITHM [flags] INPUT...\n"
     "                                     each INPUT's bucket under a hash-to-bucket algorithm\n"},
    {"server",
     "  ringlab server ALGORITHM [flags] KEY...\n"
     "                                     each KEY's server under a placement on named servers\n"},
    {"compare", "  ringlab compare [flags] [--json]   every algorithm on the same keys, before and after a change\n"},
    {"lab",
     "  ringlab lab [flags] [--json|--csv] every algorithm of both seams on the same keys: balance,\n"
     "                                     monotonicity, work per lookup, bytes, removal histories\n"},
    {"digest",
     "  ringlab digest [flags]             one 32-bit digest per algorithm of its placements of the\n"
     "                                     course's keys, then `all`: equal digests, equal placements\n"},
    {"algorithms",
     "  ringlab algorithms [--json]        the placement algorithms: what each can do, its parameters\n"
     "                                     and their defaults\n"},
};

// One experiment's lines: its name and summary, then its flags.
std::string experiment_section(const Command& c) {
  return "  " + js::pad_end(c.name, 14) + std::string(c.summary) + "\n" + flag_lines(c, "    ");
}

// --newer's names (compare's and digest's), from the registry: a line of them at a time.
std::string newer_names_lines() {
  std::string h;
  std::string line = std::string(19, ' ') + "--newer's names:";
  const std::vector<std::string_view> names = newer_compare_algorithms();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string item = " " + std::string(names[i]) + (i + 1 < names.size() ? "," : "");
    if (line.size() + item.size() > 96) h += line + "\n", line = std::string(19, ' ') + item.substr(1);
    else line += item;
  }
  return h + line + "\n";
}

// A core command's section after the Usage block ("" for h32, whose usage says it all).
std::string core_section(std::string_view name) {
  std::string h;
  if (name == "run") {
    h = "Experiments (output is byte-identical to the published JavaScript programs):\n";
    for (const Command& c : kExperiments) h += experiment_section(c);
  } else if (name == "compare") {
    h = "compare (every algorithm on the same keys, before and after the change):\n";
    h += flag_lines(kCompare, "    ");
    h += newer_names_lines();
    h += "    " + js::pad_end("--json", 15) +
         "an array of {algorithm, moved, movedToNew, movedBetweenOld, movedNeedlessly,\n" + "    " +
         std::string(15, ' ') + "maxOverMean, sdOverMean, memoryBytes, buildMs, supported}\n";
  } else if (name == "lab") {
    h = "lab (every bucket algorithm and placer in the registry, on the same N x K seeded keys):\n";
    // Its flags one a line, the text under a flag too long for the common column (--keys-per-bucket).
    for (const ParamSpec& p : kLabParams) {
      const std::string head = std::string(p.flag) + " " + std::string(p.metavar);
      h += "    " + (head.size() >= 15 ? head + "\n" + std::string(19, ' ') : js::pad_end(head, 15)) + param_text(p) +
           "\n";
    }
    h += "    " + js::pad_end("--json", 15) + "one JSON object a line: the run's values, then one per algorithm\n";
    h += "    " + js::pad_end("--csv", 15) + "CSV with the SUPSI benchmark's column names, a table per metric\n";
    h += "    " + js::pad_end("--times", 15) + "also each algorithm's build and lookup times (wall clock: they\n" +
         std::string(19, ' ') + "differ from run to run, so they are printed only when asked for)\n";
    h += "    " + js::pad_end("--claims", 15) + "the papers' claims about the newer bucket hashers instead, each\n" +
         std::string(19, ' ') + "computed now beside the paper's figure (--seed and --json only)\n";
  } else if (name == "digest") {
    h = "digest:\n" + flag_lines(kDigest, "    ") + newer_names_lines();
  } else if (name == "jump") {
    h = "jump:\n" + flag_lines(kJump, "    ");
  } else if (name == "bucket") {
    h = bucket_section({});
  } else if (name == "server") {
    h = server_section({});
  }
  return h;
}

std::string make_help(std::span<const CliCommand> extra) {
  std::string h = "ringlab - consistent hashing you can run, see and check\n\nUsage:\n";
  for (const CoreUsage& u : kCoreUsage) h += u.usage;
  for (const CliCommand& c : extra)
    for (const std::string& line : c.usage) h += line + "\n";
  h += "  ringlab COMMAND --help             that command's usage and flags\n";
  h += "  ringlab --help                     this text\n";
  for (const std::string_view name : {"run", "compare", "lab", "digest", "jump", "bucket", "server"}) {
    h += '\n';
    h += core_section(name);
  }
  for (const CliCommand& c : extra)
    if (!c.help.empty()) h += "\n" + c.help;
  const ParamSpec& servers = param(Param::ring_vs_mod_servers);
  h += "\nValues are integers unless shown otherwise, checked before any work. A bad flag or value\n"
       "prints one line on stderr and exits with status 2; a message about a value names its flag:\n"
       "  ringlab: " +
       std::string(servers.flag) + " must be " + requirement(servers) +
       ", got 0\n"
       "\nExample:\n  ringlab run vnode-sweep --servers 3 --keys 800\n";
  return h;
}

// `ringlab COMMAND --help`: the command's lines of the Usage block and its section.
std::string command_help(std::string_view usage, std::string_view section) {
  std::string h = "Usage:\n";
  h += usage;
  if (!section.empty()) {
    h += "\n";
    h += section;
  }
  return h;
}

// An added command's help: its usage lines and its section. Commands sharing a name (place) are
// each given, in the order added, when no sub is named.
std::string added_help(std::span<const CliCommand> extra, const std::string& name, const std::string* sub) {
  std::string usage;
  std::string sections;
  for (const CliCommand& c : extra) {
    if (c.name != name || (sub != nullptr && c.sub != *sub)) continue;
    for (const std::string& line : c.usage) usage += line + "\n";
    if (!c.help.empty()) sections += (sections.empty() ? "" : "\n") + c.help;
  }
  return command_help(usage, sections);
}

bool is_help(const std::vector<std::string>& args, std::size_t at) {
  return args.size() > at && (args[at] == "--help" || args[at] == "-h");
}

// The core's help for `ringlab CMD --help` or `ringlab run EXPERIMENT --help`; "" when args ask
// for none.
std::string core_help(const std::vector<std::string>& args) {
  const std::string& cmd = args[0];
  for (const CoreUsage& u : kCoreUsage) {
    if (u.name != cmd) continue;
    if (is_help(args, 1)) return command_help(u.usage, core_section(u.name));
    if (cmd == "run" && is_help(args, 2))
      for (const Command& c : kExperiments)
        if (c.name == args[1])
          return command_help("  ringlab run " + std::string(c.name) + " [flags]\n", experiment_section(c));
    // `ringlab bucket ALGORITHM --help`: that algorithm's part of the section.
    if (cmd == "bucket" && is_help(args, 2)) {
      std::string section = bucket_section(args[1]);
      if (!section.empty())
        return command_help("  ringlab bucket " + args[1] + " [flags] INPUT...\n", std::move(section));
    }
    // `ringlab server ALGORITHM --help`: that algorithm's part of the section.
    if (cmd == "server" && is_help(args, 2)) {
      std::string section = server_section(args[1]);
      if (!section.empty())
        return command_help("  ringlab server " + args[1] + " [flags] KEY...\n", std::move(section));
    }
  }
  return {};
}

// Commands of the Erlang library (ringlab_erlang), which a build without it names.
constexpr std::string_view kErlangCommands[] = {"phash2", "place"};
// The core's own commands, which run_added_cli names as missing.
constexpr std::string_view kCoreCommands[] = {"run",     "h32",    "jump", "bucket",    "server",
                                              "compare", "digest", "lab",  "algorithms"};

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

// An error's parameter as the command spells it: its flag, or the name it has (a key's number,
// a flag already) when the command has no such parameter.
std::string cli_param(const Error& e, const Command& c) {
  if (!e.param().empty())
    for (const ParamSpec* p : params_of(c))
      if (p->name == e.param()) return std::string(p->flag);
  return e.param();
}

}  // namespace

const std::string& cli_help() {
  static const std::string help = make_help({});
  return help;
}

std::string cli_help(std::span<const CliCommand> extra) { return make_help(extra); }

RINGLAB_ONCE std::string cli_flag_lines(std::string_view where, std::string_view indent,
                                        std::span<const ParamSpec> more) {
  return flag_lines(Command{"", where, "", "", more}, indent);
}

namespace cli_detail {

CliResult dispatch(const std::vector<std::string>& args, std::span<const CliCommand> extra, const ReadFile& read,
                   CoreCommands core) {
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
    if (added == nullptr && !systems.empty() && is_help(args, 1)) {
      r.out = added_help(extra, cmd, nullptr);
      return r;
    }
    if (added != nullptr && is_help(args, added->sub.empty() ? 1 : 2)) {
      r.out = added_help(extra, cmd, added->sub.empty() ? nullptr : &added->sub);
      return r;
    }
    if (added == nullptr && !systems.empty()) {
      if (args.size() < 2) throw Usage{cmd + " needs a system: " + systems};
      throw Usage{"unknown system " + shown_text(args[1]) + " for " + cmd + ": use " + systems};
    }
    if (added != nullptr) {
      extra_command = Command{added->name, added->where, "", "", added->params};
      current = &extra_command;
      r.out = added->run(args, read);
    } else if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      r.out = extra.empty() ? cli_help() : cli_help(extra);
    } else if (std::find(std::begin(kErlangCommands), std::end(kErlangCommands), cmd) != std::end(kErlangCommands)) {
      throw Usage{cmd + " is not in this build (the native CLI has it)"};
    } else if (core != nullptr) {
      std::string help = core_help(args);
      r.out = help.empty() ? core(args, read, current) : std::move(help);
    } else if (std::find(std::begin(kCoreCommands), std::end(kCoreCommands), cmd) != std::end(kCoreCommands)) {
      throw Usage{cmd + " is not in this module (ringlab's main module has it)"};
    } else {
      throw Usage{"unknown command \"" + cmd + "\" (see ringlab --help)"};
    }
  } catch (const Usage& u) {
    r.exit_code = 2;
    r.err = "ringlab: " + one_line(u.message) + "\n";
  } catch (const Error& e) {
    r.exit_code = 2;
    // The one rule for a rejected value on the command line: the error's message with its
    // parameter spelled as the command spells it.
    r.param = cli_param(e, *current);
    r.code = std::string(e.code_name());
    r.rule = e.rule().id;
    r.err = "ringlab: " + one_line(e.message_as(r.param)) + "\n";
  }
  return r;
}

}  // namespace cli_detail

CliResult run_added_cli(const std::vector<std::string>& args, std::span<const CliCommand> extra, const ReadFile& read) {
  return cli_detail::dispatch(args, extra, read, nullptr);
}

}  // namespace ringlab
