#include "ringlab/cli.hpp"

#include <algorithm>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <string_view>

#include "internal.hpp"
#include "ringlab/algorithms.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/compare_newer.hpp"
#include "ringlab/digest.hpp"
#include "ringlab/digest_newer.hpp"
#include "ringlab/error.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/lab.hpp"
#include "ringlab/params.hpp"
#include "ringlab/placers.hpp"
#include "support.hpp"

// The core's commands; the help, the error rule and the dispatch are help.cpp's.
namespace ringlab {
namespace {

using namespace cli_detail;

// --- Parsing --------------------------------------------------------------------------------

using Usage = CliUsageError;

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
void set(const std::map<Param, std::string>& flags, Param p, std::optional<std::int64_t>& field) {
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
    set(flags, Param::threads, p.threads);
    return ring_vs_mod(p).text;
  }
  if (c.where == "vnodeSweep") {
    VnodeSweepParams p;
    set(flags, Param::vnode_sweep_seed, p.seed);
    set(flags, Param::vnode_sweep_servers, p.servers);
    set(flags, Param::vnode_sweep_keys, p.keys);
    set(flags, Param::vnode_sweep_vnodes, p.vnodes);
    set(flags, Param::threads, p.threads);
    return vnode_sweep(p).text;
  }
  HrwJumpParams p;
  set(flags, Param::hrw_jump_seed, p.seed);
  set(flags, Param::hrw_jump_keys, p.keys);
  set(flags, Param::hrw_jump_servers, p.servers);
  set(flags, Param::hrw_jump_remove, p.remove);
  set(flags, Param::hrw_jump_buckets, p.buckets);
  set(flags, Param::threads, p.threads);
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

// Takes the --json switch (compare, algorithms) out of a command's arguments: whether it was there.
bool take_json(std::vector<std::string>& args) {
  const auto at = std::remove(args.begin() + 1, args.end(), std::string("--json"));
  const bool json = at != args.end();
  args.erase(at, args.end());
  return json;
}

// --- algorithms: the registry ---------------------------------------------------------------

std::string_view family_text(AlgorithmFamily f) { return f == AlgorithmFamily::buckets ? "buckets" : "servers"; }

std::vector<std::string_view> membership_of(const Algorithm& a) {
  std::vector<std::string_view> ops;
  if (a.membership.add) ops.push_back("add");
  if (a.membership.remove) ops.push_back("remove");
  if (a.membership.reweight) ops.push_back("reweight");
  return ops;
}

std::string json_list(const std::vector<std::string_view>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ',';
    out += cli::json_text(items[i]);
  }
  return out + "]";
}

std::string_view kind_text(ParamKind k) {
  switch (k) {
    case ParamKind::number: return "number";
    case ParamKind::integer_list: return "integer list";
    case ParamKind::change: return "change";
    case ParamKind::key64: return "64-bit key";
    case ParamKind::name_list: return "name list";
    default: return "integer";
  }
}

// A parameter as JSON: its name, kind, range (as the CLI's help words it) and default.
std::string param_json(const ParamSpec& p) {
  std::string out = "{\"name\":" + cli::json_text(p.name) + ",\"kind\":" + cli::json_text(kind_text(p.kind)) +
                    ",\"help\":" + cli::json_text(p.help) + ",\"range\":" + cli::json_text(range_text(p));
  if (p.has_default) out += ",\"default\":" + cli::json_text(default_text(p));
  return out + "}";
}

// What a bucket algorithm's input is, in words.
std::string_view input_text(BucketInput input) {
  switch (input) {
    case BucketInput::u32: return "a 32-bit integer";
    case BucketInput::text: return "a key's text (its UTF-8 bytes)";
    default: return "a 64-bit integer";
  }
}

// `ringlab algorithms [--json]`: each algorithm of the registry, what it can do and its parameters.
std::string run_algorithms(const std::vector<std::string>& args) {
  std::vector<std::string> rest = args;
  const bool json = take_json(rest);
  (void)parse_flags(rest, 1, kAlgorithms);  // it has no other flag: anything else is refused as for every command
  std::string out = json ? "[" : "";
  bool first = true;
  for (const Algorithm* entry : all_algorithms()) {
    const Algorithm& a = *entry;
    std::vector<std::string_view> digest;
    for (const AlgorithmDigestPart& part : a.digest) digest.push_back(part.name);
    // Its bucket hasher (buckets.hpp), for the buckets family, and its placer (placers.hpp), for
    // the servers family and mod-N.
    const BucketAlgorithm* bucket = find_bucket_algorithm(a.name);
    const PlacerAlgorithm* placer = find_placer_algorithm(a.name);
    if (json) {
      out += first ? "" : ",";
      out += "{\"name\":" + cli::json_text(a.name) + ",\"title\":" + cli::json_text(a.title) +
             ",\"family\":" + cli::json_text(family_text(a.family)) + ",\"weights\":" + (a.weights ? "true" : "false") +
             ",\"removal\":" + cli::json_text(removal_name(a.removal)) + ",\"zones\":" + (a.zones ? "true" : "false") +
             ",\"state\":" + cli::json_text(a.state) + ",\"membership\":" + json_list(membership_of(a)) +
             ",\"compare\":" + (a.compare_row ? "true" : "false") + ",\"digest\":" + json_list(digest) +
             ",\"params\":[";
      for (std::size_t i = 0; i < a.params.size(); ++i) {
        if (i > 0) out += ',';
        out += param_json(param(a.params[i]));
      }
      // The bucket hasher's input kind and options ("input": null and no options without one), and
      // "answers": "name" for one that answers a node's name (none for a bucket number).
      out +=
          "],\"input\":" + (bucket != nullptr ? cli::json_text(input_name(bucket->input)) : "null") + ",\"options\":[";
      for (std::size_t i = 0; bucket != nullptr && i < bucket->options.size(); ++i) {
        if (i > 0) out += ',';
        out += param_json(param(bucket->options[i]));
      }
      out += "]";
      if (bucket != nullptr && bucket->answers == BucketAnswer::name)
        out += ",\"answers\":" + cli::json_text(answer_name(bucket->answers));
      // Whether its bucket hasher traces its lookup's steps (false without one).
      out += std::string(",\"traces\":") + (bucket != nullptr && bucket->traces ? "true" : "false");
      // Its placer's option rows, whether it traces more than the answer and whether it has a
      // preference list (null without a placer).
      if (placer == nullptr) {
        out += ",\"placer\":null}";
      } else {
        out += ",\"placer\":{\"options\":[";
        for (std::size_t i = 0; i < placer->options.size(); ++i) {
          if (i > 0) out += ',';
          out += param_json(param(placer->options[i]));
        }
        out += std::string("],\"traces\":") + (placer->traces ? "true" : "false") +
               ",\"preference\":" + (placer->preference ? "true" : "false") + "}}";
      }
    } else {
      const auto line = [&](std::string_view label, const std::string& value) {
        out += "    " + js::pad_end(std::string(label), 13) + value + "\n";
      };
      const auto joined = [](const std::vector<std::string_view>& items, std::string_view none) {
        std::string s;
        for (const std::string_view item : items) {
          if (!s.empty()) s += ", ";
          s += item;
        }
        return s.empty() ? std::string(none) : s;
      };
      if (!first) out += '\n';
      out += std::string(a.name) + ": " + std::string(a.title) + "\n";
      line("places on", a.family == AlgorithmFamily::servers                         ? "named servers"
                        : bucket != nullptr && bucket->answers == BucketAnswer::name ? "the nodes it is given, by name"
                                                                                     : "buckets 0 .. n-1");
      line("weights", a.weights ? "yes" : "no");
      // A bucket algorithm that removes any bucket removes a bucket, as --ops says it, not a server;
      // one built from named nodes, a node.
      const std::string_view any = a.family == AlgorithmFamily::servers ? "any server; only its keys move"
                                   : bucket != nullptr && bucket->answers == BucketAnswer::name
                                       ? "any node; only its keys move"
                                       : "any bucket; only its keys move";
      line("removes", a.removal == Removal::any    ? std::string(any)
                      : a.removal == Removal::last ? "only the last bucket"
                                                   : "any server; those after it are renumbered and most keys move");
      line("zones", a.zones ? "yes" : "no");
      line("membership", joined(membership_of(a), bucket != nullptr && bucket->answers == BucketAnswer::name
                                                      ? "none: built again for each list of nodes"
                                                      : "none: built again for each list of servers"));
      line("holds", std::string(a.state));
      for (std::size_t i = 0; i < a.params.size(); ++i) {
        const ParamSpec& p = param(a.params[i]);
        line(i == 0 ? "parameters" : "", std::string(p.name) + ": " + param_text(p));
      }
      if (bucket != nullptr) {
        // Its bucket hasher's: what `ringlab bucket` and ringlab/buckets take.
        line("input", std::string(input_text(bucket->input)) + " (ringlab bucket, ringlab/buckets)");
        for (std::size_t i = 0; i < bucket->options.size(); ++i) {
          const ParamSpec& p = param(bucket->options[i]);
          line(i == 0 ? "options" : "", std::string(p.name) + ": " + param_text(p));
        }
        line("trace", bucket->traces ? "each step of a lookup (ringlab bucket --trace)" : "the answer alone");
      }
      if (placer != nullptr) {
        // Its placer's: what `ringlab server` takes beside the servers' names, by name (its rows are
        // the parameters above, or those of the ring it is built on), and what its trace shows.
        std::vector<std::string_view> options;
        for (const Param p : placer->options) options.push_back(param(p).name);
        line("server", "ringlab server, " + (options.empty() ? "the servers alone" : "options " + joined(options, "")) +
                           "; --trace: " + (placer->traces ? "each step of a lookup" : "the answer alone"));
        line("preference", placer->preference ? "a key's first N servers in order (ringlab server --preference N)"
                                              : "none: one server a key");
      }
      line("compare", a.compare_row ? "a row" : "no row");
      line("digest", joined(digest, "no part"));
    }
    first = false;
  }
  return json ? out + "]\n" : out;
}

// --- bucket: the bucket seam (buckets.hpp) ----------------------------------------------------

// "mod-n or jump": the bucket algorithms, in the registry's order.
std::string bucket_names() {
  std::string s;
  const auto all = bucket_algorithms();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i > 0) s += i + 1 == all.size() ? " or " : ", ";
    s += all[i].name;
  }
  return s;
}

// --help's lines for `--ops`, from the algorithm's registry entry; "" when it has no membership.
std::string ops_lines(const Algorithm& a) {
  if (!a.membership.add && !a.membership.remove) return {};
  const std::string_view ops = a.membership.add && a.membership.remove ? "add, remove:B"
                               : a.membership.add                      ? "add"
                                                                       : "remove:B";
  std::string s = cli::flag_line("--ops OPS", std::string(ops) + " (comma-separated), in order once it is built");
  if (a.membership.remove && a.removal == Removal::last) s += cli::more_line("remove:B takes only the last bucket");
  return s;
}

// A lookup's step as `ringlab bucket --trace` prints it: "candidate bucket=7 bound=10 value=0".
std::string step_text(const BucketStep& s) {
  return std::string(step_kind_name(s.kind)) + " bucket=" + std::to_string(s.bucket) +
         " bound=" + std::to_string(s.bound) + " value=" + std::to_string(s.value);
}

// `ringlab bucket ALGORITHM ...`: each input's bucket, one a line (or its node's name, for an
// algorithm that answers names).
std::string run_bucket(const std::vector<std::string>& args, const ReadFile& read) {
  if (args.size() < 2) throw Usage{"bucket needs an algorithm: " + bucket_names()};
  const std::string& name = args[1];
  const BucketAlgorithm& a = bucket_algorithm(name);
  const std::string command = "bucket " + name;
  // Every option's flag, whichever the algorithm takes: one it does not take is refused by name.
  std::vector<std::string> spelled;
  for (const std::string_view o : kBucketOptionNames) spelled.push_back("--" + std::string(o));
  std::vector<std::string_view> flags(spelled.begin(), spelled.end());
  flags.insert(flags.end(), {"--ops", "--keys"});
  const cli::Args given = cli::read_args(args, 2, flags, {"--trace"}, command);
  BucketOptions options;
  for (std::size_t i = 0; i < spelled.size(); ++i)
    if (const std::string* text = given.value(spelled[i])) set_bucket_option(a, options, kBucketOptionNames[i], *text);
  Buckets b(name, options);
  if (const std::string* ops = given.value("--ops")) {
    const Algorithm& entry = *find_algorithm(name);
    if (!entry.membership.add && !entry.membership.remove)
      throw Error(ErrorCode::invalid_argument, rule::noMembership, "ops", {a.name, "--ops"});
    for (const BucketOp& op : parse_bucket_ops(*ops)) {
      if (op.add) (void)b.add();
      else b.remove(op.bucket);
    }
  }
  const std::string* file = given.value("--keys");
  if (file != nullptr && !given.plain.empty()) throw Usage{command + " takes --keys FILE or INPUT..., not both"};
  if (file == nullptr && given.plain.empty()) throw Usage{command + " needs inputs: --keys FILE or INPUT..."};
  std::vector<std::string> lines;
  if (file != nullptr) {
    const std::optional<std::string> text = read ? read(*file) : std::nullopt;
    if (!text) throw Usage{"cannot read --keys file " + shown_text(*file)};
    lines = split_key_lines(*text);
  }
  std::string out;
  const bool trace = given.has("--trace");
  for (const std::string& input : file != nullptr ? lines : given.plain) {
    if (trace) {
      // Each lookup's steps, one a line, an empty line between inputs.
      const std::vector<BucketStep> steps =
          a.input == BucketInput::text ? b.trace_key(input) : b.trace(bucket_input_from_text(a.input, input));
      if (!out.empty()) out += '\n';
      for (const BucketStep& s : steps) out += step_text(s) + "\n";
      continue;
    }
    const std::uint32_t bucket =
        a.input == BucketInput::text ? b.bucket_key(input) : b.bucket(bucket_input_from_text(a.input, input));
    out += b.shown(bucket) + "\n";
  }
  return out;
}

// --- server: the server seam (placers.hpp) ----------------------------------------------------

// "mod-n, ring, ... or token-ring": the placers, in the registry's order.
std::string server_names() {
  std::string s;
  const auto all = placer_algorithms();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i > 0) s += i + 1 == all.size() ? " or " : ", ";
    s += all[i].name;
  }
  return s;
}

// A comma-separated list, each item kept as given (an empty one included: the core refuses it by
// the rule of what it is).
std::vector<std::string> comma_items(const std::string& text) {
  std::vector<std::string> items;
  std::size_t from = 0;
  for (;;) {
    const std::size_t comma = text.find(',', from);
    items.push_back(text.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
    if (comma == std::string::npos) return items;
    from = comma + 1;
  }
}

// A server as `ringlab server --trace` names it.
std::string server_text(const Placer& p, std::uint32_t s) {
  return s == kNoServer ? std::string("none") : utf8_for_message(p.name_of(s));
}

// A lookup's step as `ringlab server --trace` prints it, each kind with the fields it has
// (placers.hpp): "search lo=0 hi=300 point=150 token=2147483648 right=yes".
std::string place_step_text(const Placer& p, const PlaceStep& s) {
  std::string t(place_step_kind_name(s.kind));
  const auto field = [&](std::string_view name, const std::string& value) {
    t += ' ';
    t += name;
    t += '=';
    t += value;
  };
  switch (s.kind) {
    case PlaceStepKind::hash: field("value", std::to_string(s.value)); break;
    case PlaceStepKind::search:
      field("lo", std::to_string(s.lo));
      field("hi", std::to_string(s.hi));
      field("point", std::to_string(s.point));
      field("token", std::to_string(s.value));
      field("right", s.right ? "yes" : "no");
      break;
    case PlaceStepKind::owner:
      field("point", std::to_string(s.point));
      field("token", std::to_string(s.value));
      field("server", server_text(p, s.server));
      break;
    case PlaceStepKind::score:
      field("server", server_text(p, s.server));
      field("value", std::to_string(s.value));
      if (p.algorithm().name == "weighted-rendezvous") field("weighted", js::number_to_string(s.score));
      break;
    case PlaceStepKind::slot:
      field("slot", std::to_string(s.point));
      field("of", std::to_string(s.hi));
      field("server", server_text(p, s.server));
      break;
    case PlaceStepKind::full:
      field("point", std::to_string(s.point));
      field("server", server_text(p, s.server));
      field("load", std::to_string(s.value));
      field("capacity", std::to_string(s.hi));
      break;
    case PlaceStepKind::answer: field("server", server_text(p, s.server)); break;
  }
  return t;
}

// An add as --ops writes it: add:NAME, or add@T:NAME for an algorithm whose servers are vnodes at
// their tokens.
std::string_view add_form(const PlacerAlgorithm& a) { return has_option(a, "token") ? "add@T:NAME" : "add:NAME"; }

// `ringlab server ALGORITHM ...`: each key's server, by name, one a line; the keys placed as one
// batch, in order (what bounded loads' capacities are for). With --preference N, each key's
// preference list instead: its first N servers, comma-separated, one key a line.
std::string run_server(const std::vector<std::string>& args, const ReadFile& read) {
  if (args.size() < 2) throw Usage{"server needs an algorithm: " + server_names()};
  const std::string& name = args[1];
  const PlacerAlgorithm& a = placer_algorithm(name);
  const std::string command = "server " + name;
  const cli::Args given = cli::read_args(args, 2,
                                         {"--servers", "--weights", "--zones", "--tokens", "--vnodes", "--table",
                                          "--epsilon", "--bits", "--ops", "--keys", "--preference"},
                                         {"--trace"}, command);
  if (given.has("--trace") && given.value("--preference") != nullptr)
    throw Usage{command + " takes --trace or --preference, not both"};
  const std::string* listed = given.value("--servers");
  if (listed == nullptr) throw Error(ErrorCode::invalid_argument, rule::missing, "servers");
  PlacerOptions o;
  for (const std::string& n : comma_items(*listed)) o.servers.push_back({.name = utf16(n, "--servers")});
  const std::size_t count = o.servers.size();
  // Each per-server list: its length first (the rules of zones' and tokens' lists are the core's,
  // as rl.preferenceWalk and the rings of explicit tokens have them; the weights' is the CLI's),
  // then each value by its row's kind.
  if (const std::string* text = given.value("--weights")) {
    if (!has_option(a, "weight")) throw Error(ErrorCode::invalid_argument, rule::notAnOption, "weight", {a.name});
    const std::vector<std::string> items = comma_items(*text);
    if (items.size() != count)
      throw Error(ErrorCode::invalid_argument, rule::weightsPerServer, "weights", {count, items.size()});
    for (std::size_t i = 0; i < count; ++i) o.servers[i].weight = number_from_text(items[i], "weight");
  }
  if (const std::string* text = given.value("--zones")) {
    if (!has_option(a, "zone")) throw Error(ErrorCode::invalid_argument, rule::notAnOption, "zone", {a.name});
    const std::vector<std::string> items = comma_items(*text);
    if (items.size() != count)
      throw Error(ErrorCode::invalid_argument, rule::zonesPerServer, "", {count, items.size()});
    for (std::size_t i = 0; i < count; ++i) o.servers[i].zone = utf16(items[i], "--zones");
  }
  if (const std::string* text = given.value("--tokens")) {
    if (!has_option(a, "token")) throw Error(ErrorCode::invalid_argument, rule::notAnOption, "token", {a.name});
    const std::vector<std::string> items = comma_items(*text);
    if (items.size() != count) throw Error(ErrorCode::invalid_argument, rule::tokensServers, "");
    for (std::size_t i = 0; i < count; ++i) o.servers[i].token = integer_from_text(items[i], "token");
  }
  const auto integer = [&](std::string_view flag, Param p, std::optional<std::int64_t>& field) {
    if (const std::string* text = given.value(flag)) field = integer_from_text(*text, param(p).name);
  };
  integer("--vnodes", Param::ring_vnodes, o.vnodes);
  integer("--table", Param::maglev_table_size, o.table_size);
  integer("--bits", Param::token_ring_bits, o.bits);
  if (const std::string* text = given.value("--epsilon"))
    o.epsilon = number_from_text(*text, param(Param::bounded_epsilon).name);
  Placer p(name, o);
  if (const std::string* ops = given.value("--ops")) {
    const Algorithm& entry = *find_algorithm(name);
    if (!entry.membership.add && !entry.membership.remove && !entry.membership.reweight)
      throw Error(ErrorCode::invalid_argument, rule::noMembership, "ops", {a.name, "--ops"});
    // Each a change as compare takes one: add:NAME (add@T:NAME with its token), remove:NAME
    // (fail:NAME, the same here) or weight:NAME=W, in order.
    for (const std::string& op : comma_items(*ops)) {
      const ServerChange sc = parse_server_change(utf16(op, "--ops"));
      const Change& c = sc.change;
      if (c.kind == ChangeKind::add) {
        if (c.name.empty()) throw Usage{"--ops add needs the server's name: " + std::string(add_form(a))};
        try {
          p.add({.name = c.name, .token = sc.token});
        } catch (const Error& e) {
          // A token given, or wanted, in --ops is the change's, not --tokens': named as its part,
          // as a change's weight is.
          if (e.param() != param(Param::token).name) throw;
          throw Error(rule::part, "change", {}, e);
        }
      } else if (c.kind == ChangeKind::weight) {
        p.reweight(c.name, c.weight);
      } else {
        p.remove(c.name);
      }
    }
  }
  const std::string* file = given.value("--keys");
  if (file != nullptr && !given.plain.empty()) throw Usage{command + " takes --keys FILE or KEY..., not both"};
  if (file == nullptr && given.plain.empty()) throw Usage{command + " needs keys: --keys FILE or KEY..."};
  std::vector<std::string> lines;
  if (file != nullptr) {
    const std::optional<std::string> text = read ? read(*file) : std::nullopt;
    if (!text) throw Usage{"cannot read --keys file " + shown_text(*file)};
    lines = split_key_lines(*text);
  }
  std::vector<std::u16string> keys;
  for (const std::string& key : file != nullptr ? lines : given.plain) keys.push_back(utf16(key, "KEY"));
  std::string out;
  if (const std::string* text = given.value("--preference")) {
    // N by the table's rf (the core checks its range: 1 to the servers); each key's list on a line.
    const std::int64_t n = integer_from_text(*text, param(Param::rf).name);
    const std::vector<std::uint32_t> lists = p.preference_many(keys, n);
    const std::size_t count = keys.empty() ? 0 : lists.size() / keys.size();
    for (std::size_t k = 0; k < keys.size(); ++k) {
      for (std::size_t i = 0; i < count; ++i) out += (i == 0 ? "" : ",") + server_text(p, lists[k * count + i]);
      out += "\n";
    }
    return out;
  }
  if (given.has("--trace")) {
    // Each key's steps, one a line, an empty line between keys.
    const std::vector<std::vector<PlaceStep>> traces = p.trace_many(keys);
    for (std::size_t i = 0; i < traces.size(); ++i) {
      if (i > 0) out += '\n';
      for (const PlaceStep& s : traces[i]) out += place_step_text(p, s) + "\n";
    }
    return out;
  }
  for (const std::uint32_t s : p.place_many(keys)) out += server_text(p, s) + "\n";
  return out;
}

// Takes --newer LIST out of a command's flag pairs (compare's and digest's): the newer bucket
// hashers, by the core's rule (newer_from_text); the command's other flags are the table's. The
// last one given wins.
std::optional<std::string> take_newer(std::vector<std::string>& pairs) {
  std::optional<std::string> newer;
  for (std::size_t i = 1; i < pairs.size();) {
    if (pairs[i] != "--newer") {
      i += 2;
      continue;
    }
    if (i + 1 >= pairs.size()) throw Usage{"--newer needs a value"};
    newer = pairs[i + 1];
    pairs.erase(pairs.begin() + static_cast<std::ptrdiff_t>(i), pairs.begin() + static_cast<std::ptrdiff_t>(i) + 2);
  }
  return newer;
}

std::string run_compare(const std::vector<std::string>& args) {
  std::vector<std::string> pairs = args;
  const bool json = take_json(pairs);
  // --newer LIST: the newer bucket hashers' rows after the chapter's (compare_newer.hpp).
  const std::optional<std::string> newer = take_newer(pairs);
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
  set(flags, Param::threads, sc.threads);
  sc.servers = compare_servers(servers);
  const std::vector<std::string_view> names = newer ? newer_from_text(*newer) : std::vector<std::string_view>{};
  auto rows = compare(sc);
  if (newer) {
    const auto more = compare_newer(sc, names);
    rows.insert(rows.end(), more.begin(), more.end());
  }
  return json ? comparison_json(rows) : comparison_table(rows);
}

// `ringlab lab`: every algorithm of both seams on the same keys (lab.hpp), as tables, JSON lines
// or CSV; with --times their times too; with --claims the papers' claims instead.
std::string run_lab(const std::vector<std::string>& args) {
  std::vector<std::string> pairs = args;
  const bool json = take_json(pairs);
  const auto take = [&](const char* flag) {
    const auto at = std::remove(pairs.begin() + 1, pairs.end(), std::string(flag));
    const bool given = at != pairs.end();
    pairs.erase(at, pairs.end());
    return given;
  };
  const bool csv = take("--csv");
  const bool times = take("--times");
  const bool claims = take("--claims");
  if (json && csv) throw Usage{"lab prints --json or --csv, not both"};
  // The claims are computed at their own sizes, from the seed alone.
  if (claims) {
    if (csv || times)
      throw Usage{std::string("lab --claims takes --seed and --json only, got ") + (csv ? "--csv" : "--times")};
    for (std::size_t i = 1; i < pairs.size(); i += 2)
      if (pairs[i] != kLabParams[2].flag) throw Usage{"lab --claims takes --seed and --json only, got " + pairs[i]};
  }
  // Its rows are lab.hpp's, not the core's table (Param): parse_flags' rules, by row. Each value
  // is read by its kind's rule here and checked against its row by lab().
  LabParams p;
  std::int64_t per_bucket = 0;
  std::int64_t* fields[] = {&p.buckets, &per_bucket, &p.seed};
  static_assert(std::size(kLabParams) == 3);
  for (std::size_t i = 1; i < pairs.size(); i += 2) {
    const std::string& a = pairs[i];
    std::size_t row = std::size(kLabParams);
    for (std::size_t r = 0; r < std::size(kLabParams); ++r)
      if (kLabParams[r].flag == a) row = r;
    if (row == std::size(kLabParams)) {
      if (a.rfind("--", 0) == 0) throw Usage{"unknown flag " + a + " for lab (see ringlab --help)"};
      throw Usage{"unexpected argument \"" + a + "\" (flags are --name value)"};
    }
    if (i + 1 >= pairs.size()) throw Usage{a + " needs a value"};
    *fields[row] = integer_from_text(pairs[i + 1], kLabParams[row].name);
    // Left out, K is the most N allows: lab()'s to decide once N is read.
    if (row == 1) p.keys_per_bucket = per_bucket;
  }
  if (claims) {
    const std::vector<LabClaim> c = lab_claims(p.seed);
    return json ? lab_claims_json(c) : lab_claims_text(c);
  }
  p.times = times;
  const LabResult r = lab(p);
  return json ? lab_json(r) : csv ? lab_csv(r) : lab_text(r);
}

// "name digest" per part, then "all digest"; with --newer LIST the newer bucket hashers' parts
// after the chapter's, `all` over every line (digest_newer.hpp).
std::string run_digest(const std::vector<std::string>& args) {
  std::vector<std::string> pairs = args;
  const std::optional<std::string> newer = take_newer(pairs);
  const auto flags = parse_flags(pairs, 1, kDigest);
  std::int64_t seed = param(Param::digest_seed).default_integer;
  std::int64_t keys = param(Param::digest_keys).default_integer;
  set(flags, Param::digest_seed, seed);
  set(flags, Param::digest_keys, keys);
  const std::vector<std::string_view> names = newer ? newer_from_text(*newer) : std::vector<std::string_view>{};
  const PlacementDigest d = placement_digests(seed, keys, names);
  std::string out;
  for (const DigestPart& p : d.parts) out += p.name + " " + std::to_string(p.digest) + "\n";
  out += "all " + std::to_string(d.all) + "\n";
  return out;
}

}  // namespace

std::string cli_detail::bucket_section(std::string_view algorithm) {
  std::string h;
  for (const BucketAlgorithm& a : bucket_algorithms()) {
    if (!algorithm.empty() && a.name != algorithm) continue;
    const Algorithm& entry = *find_algorithm(a.name);
    // A name as wide as its column is on a line of its own, its title under it, as a long flag is.
    const std::string name(a.name);
    std::string head = "  " + (name.size() >= 14 ? name + "\n" + std::string(16, ' ') : js::pad_end(name, 14)) +
                       std::string(entry.title) + "; INPUT: ";
    head += input_text(a.input);
    if (a.input != BucketInput::text) head += ", decimal or 0x hex";
    h += head + "\n";
    // An algorithm that answers names says so under its title.
    if (a.answers == BucketAnswer::name) h += std::string(16, ' ') + "prints each INPUT's node, by name\n";
    for (const BucketParam p : a.options) {
      const ParamSpec& spec = param(p);
      h += cli::flag_line(std::string(spec.flag) + " " + std::string(spec.metavar), param_text(spec));
    }
    h += ops_lines(entry);
  }
  if (h.empty()) return h;
  return "bucket (each INPUT's bucket, one a line; --keys FILE reads the INPUTs one a line instead):\n  " +
         js::pad_end("--trace", 17) + "each INPUT's lookup step by step instead: one step a line\n" +
         cli::more_line("(KIND bucket=B bound=N value=V, the last one the answer), an empty line between") +
         cli::more_line("INPUTs; `ringlab algorithms` says which algorithms trace more than the answer") + h;
}

std::string cli_detail::server_section(std::string_view algorithm) {
  std::string h;
  for (const PlacerAlgorithm& a : placer_algorithms()) {
    if (!algorithm.empty() && a.name != algorithm) continue;
    const Algorithm& entry = *find_algorithm(a.name);
    const std::string name(a.name);
    h += "  " + (name.size() >= 14 ? name + "\n" + std::string(16, ' ') : js::pad_end(name, 14)) +
         std::string(entry.title) + "\n";
    for (const Param p : a.options) {
      const ParamSpec& spec = param(p);
      // A server's field is a list, one value a server; the others are the table's flags.
      if (spec.name == "weight") h += cli::flag_line("--weights W,W", "one a server: " + param_text(spec));
      else if (spec.name == "token") h += cli::flag_line("--tokens T,T", "one a server: " + param_text(spec));
      else {
        const std::string flag = spec.name == "tableSize" ? "--table" : "--" + std::string(spec.name);
        const std::string metavar = spec.name == "tableSize" ? "M"
                                    : spec.name == "epsilon" ? "E"
                                    : spec.name == "bits"    ? "B"
                                                             : "V";
        h += cli::flag_line(flag + " " + metavar, param_text(spec));
      }
    }
    if (has_option(a, "zone")) h += cli::flag_line("--zones Z,Z", "one a server: its zone, any text");
    if (entry.membership.add || entry.membership.remove || entry.membership.reweight) {
      std::vector<std::string_view> ops;
      // A virtual node added comes with its token: add@T:NAME.
      if (entry.membership.add) ops.push_back(add_form(a));
      if (entry.membership.remove) ops.push_back("remove:NAME");
      if (entry.membership.reweight) ops.push_back("weight:NAME=W");
      std::string list;
      for (const std::string_view op : ops) list += (list.empty() ? "" : ", ") + std::string(op);
      h += cli::flag_line("--ops OPS", list + " (comma-separated),") + cli::more_line("in order once it is built");
    }
  }
  if (h.empty()) return h;
  return std::string(
             "server (each KEY's server by name, one a line, the KEYs placed in order as one batch; --keys "
             "FILE\nreads the KEYs one a line instead):\n") +
         "  " + js::pad_end("--servers A,B", 17) + "the servers' names, comma-separated, in list order\n" + "  " +
         js::pad_end("--trace", 17) + "each KEY's lookup step by step instead: one step a line\n" +
         cli::more_line("(KIND and its fields, the last one `answer server=NAME`), an empty line between") +
         cli::more_line("KEYs; `ringlab algorithms` says which algorithms trace more than the answer") + "  " +
         js::pad_end("--preference N", 17) + "each KEY's preference list instead: its first N servers in order,\n" +
         cli::more_line("comma-separated, one KEY a line; N from 1 to the servers. `ringlab algorithms`") +
         cli::more_line("says which algorithms have one") + h;
}

std::string cli_detail::core_commands(const std::vector<std::string>& args, const ReadFile& read,
                                      const Command*& current) {
  const std::string& cmd = args[0];
  if (cmd == "run") return run_experiment(args, current);
  if (cmd == "h32") return run_h32(args);
  if (cmd == "jump") return current = &kJump, run_jump(args);
  if (cmd == "bucket") return current = &kBucket, run_bucket(args, read);
  if (cmd == "server") return current = &kServer, run_server(args, read);
  if (cmd == "compare") return current = &kCompare, run_compare(args);
  if (cmd == "digest") return current = &kDigest, run_digest(args);
  if (cmd == "lab") return current = &kLab, run_lab(args);
  if (cmd == "algorithms") return current = &kAlgorithms, run_algorithms(args);
  throw CliUsageError{"unknown command \"" + cmd + "\" (see ringlab --help)"};
}

CliResult run_cli(const std::vector<std::string>& args, std::span<const CliCommand> extra, const ReadFile& read) {
  return cli_detail::dispatch(args, extra, read, &cli_detail::core_commands);
}

}  // namespace ringlab
