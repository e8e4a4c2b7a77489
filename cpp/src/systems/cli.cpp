#include "ringlab/systems_cli.hpp"

#include <algorithm>
#include <cctype>

#include "ringlab/jsfmt.hpp"
#include "ringlab/once.hpp"

#include "ringlab/erlang_cli.hpp"
#include "ringlab/error.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "systems/commands.hpp"

namespace ringlab::systems {
namespace {

const std::vector<SystemDef>& system_defs() {
  static const std::vector<SystemDef> defs = [] {
    std::vector<SystemDef> all;
    for (std::vector<SystemDef> group : {cache_systems(), keyed_systems(), envoy_systems()})
      for (SystemDef& d : group) all.push_back(std::move(d));
    return all;
  }();
  return defs;
}

// Whether a parameter's `where` (one function, or several as "envoyRing, envoyMaglev") is the
// system's.
bool param_of(std::string_view where, std::string_view function) {
  while (!where.empty()) {
    const std::size_t comma = where.find(',');
    std::string_view one = where.substr(0, comma);
    while (!one.empty() && one.front() == ' ') one.remove_prefix(1);
    if (one == function) return true;
    if (comma == std::string_view::npos) break;
    where.remove_prefix(comma + 1);
  }
  return false;
}

std::vector<std::string_view> views(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

// The flags of a system's options: those taking a value, then the switches.
SystemFlags flags_of(const SystemDef& d) {
  SystemFlags f;
  for (const SystemOption& o : d.options) (o.type == OptionType::flag ? f.switches : f.values).emplace_back(o.flag);
  return f;
}

const SystemDef& def_of(std::string_view system) {
  for (const SystemDef& d : system_defs())
    if (d.name == system) return d;
  throw Error(ErrorCode::invalid_argument, rule::unknownSystem, "", {input(system)});
}

// `place NAME [flags] (--keys FILE | KEY...)`: one JSON line per key, in input order.
std::string run_place(const SystemDef& def, const std::vector<std::string>& args, const ReadFile& read) {
  const std::string command = "place " + def.name;
  const SystemFlags flags = flags_of(def);
  std::vector<std::string_view> values = views(flags.values);
  values.push_back("--keys");
  const cli::Args a = cli::read_args(args, 2, values, views(flags.switches), command);
  const std::unique_ptr<Placement> p = def.configure(a, read);
  const std::vector<std::string> keys = cli::keys(a, read, command);
  // The output echoes every key: room for the keys and each line's frame at the start, so that
  // megabytes of long keys are written once rather than copied at each growth of the string.
  std::size_t room = 0;
  for (const std::string& k : keys) room += k.size() + 64;
  std::string out;
  out.reserve(room);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    out += "{\"key\": ";
    cli::append_json_bytes(out, keys[i]);
    out += ", \"result\": ";
    out += p->result(keys[i], "key " + std::to_string(i + 1));
    out += "}\n";
  }
  return out;
}

CliCommand command_of(const SystemDef& def) {
  return CliCommand{
      "place",
      def.name,
      def.usage,
      def.help,
      def.where,
      [&def](const std::vector<std::string>& args, const ReadFile& read) { return run_place(def, args, read); },
      system_params()};
}

}  // namespace

const std::vector<CliCommand>& cli_commands() {
  static const std::vector<CliCommand> commands = [] {
    std::vector<CliCommand> all = erlang::cli_commands();
    for (std::vector<CliCommand> group : {cache_commands(), keyed_commands()})
      for (CliCommand& c : group) all.push_back(std::move(c));
    for (const SystemDef& d : system_defs()) all.push_back(command_of(d));
    for (CliCommand& c : plan_commands()) all.push_back(std::move(c));
    return all;
  }();
  return commands;
}

std::vector<std::string> placement_systems() {
  std::vector<std::string> out;
  for (const SystemDef& d : system_defs()) out.push_back(d.name);
  return out;
}

SystemFlags system_flags(std::string_view system) { return flags_of(def_of(system)); }

std::span<const SystemOption> system_options(std::string_view system) { return def_of(system).options; }

std::optional<OptionRange> option_range(std::string_view system, const SystemOption& option) {
  if (option.type != OptionType::integer) return std::nullopt;
  const SystemDef& d = def_of(system);
  for (const ParamSpec& p : system_params())
    if (p.name == option.name && param_of(p.where, d.where))
      return OptionRange{p.lo, p.hi, p.has_default ? std::optional<std::int64_t>(p.default_integer) : std::nullopt};
  return std::nullopt;
}

RINGLAB_ONCE SystemUsage::SystemUsage(const ErrorRule& r, std::string_view sys,
                                      std::vector<std::pair<std::string, std::string>> f)
    : CliUsageError{{}}, rule(&r), system(sys), flags(std::move(f)) {
  message = format_error(r, "", usage_values(*this, "place " + system, [](const std::string& flag) { return flag; }),
                         nullptr);
}

RINGLAB_ONCE std::vector<ErrorValue> usage_values(const SystemUsage& u, std::string_view call,
                                                  const std::function<std::string(const std::string&)>& spell) {
  std::vector<ErrorValue> values{std::string(call)};
  for (const auto& [flag, metavar] : u.flags) {
    values.emplace_back(spell(flag));
    if (!metavar.empty()) values.emplace_back(metavar);
  }
  return values;
}

std::vector<std::pair<std::string, std::string>> option_names(std::string_view system) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const SystemOption& o : def_of(system).options) out.emplace_back(o.flag, o.name);
  return out;
}

std::unique_ptr<Placement> configure(std::string_view system, const std::vector<std::string>& flags,
                                     const ReadFile& read) {
  const SystemDef& d = def_of(system);
  std::vector<std::string> args = {"place", d.name};
  args.insert(args.end(), flags.begin(), flags.end());
  const SystemFlags f = flags_of(d);
  const cli::Args a = cli::read_args(args, 2, views(f.values), views(f.switches), "place " + d.name);
  if (!a.plain.empty())
    throw CliUsageError{"place " + d.name + " takes flags here, not keys: got " + shown_text(a.plain.front())};
  return d.configure(a, read);
}

std::unique_ptr<Placement> configure(std::string_view system, const std::vector<OptionValue>& values) {
  const SystemDef& d = def_of(system);
  cli::Args a;
  for (const OptionValue& v : values) {
    const auto o = std::find_if(d.options.begin(), d.options.end(),
                                [&](const SystemOption& x) { return x.name == v.name && !x.command_line_only; });
    if (o == d.options.end()) throw Error(ErrorCode::invalid_argument, rule::unknownSystemOption, "", {input(v.name)});
    const std::string flag(o->flag);
    switch (o->type) {
      case OptionType::flag:
        if (v.on) a.switches.push_back(flag);
        break;
      case OptionType::integer: a.values[flag] = js::number_to_string(v.number); break;
      default: a.values[flag] = v.text;
    }
  }
  // A file option's value is the file's text itself: there are no files to read.
  const ReadFile text_itself = [](const std::string& text) -> std::optional<std::string> { return text; };
  return d.configure(a, text_itself);
}

std::string_view answer_kind_name(AnswerKind kind) noexcept {
  switch (kind) {
    case AnswerKind::slot: return "slot";
    case AnswerKind::partition: return "partition";
    case AnswerKind::token: return "token";
    case AnswerKind::bucket: return "bucket";
    case AnswerKind::hash: return "hash";
    case AnswerKind::none: break;
  }
  return "none";
}

std::string_view reason_kind_name(ReasonKind kind) noexcept {
  switch (kind) {
    case ReasonKind::point: return "point";
    case ReasonKind::slot: return "slot";
    case ReasonKind::answer: break;
  }
  return "answer";
}

RINGLAB_ONCE Reason Placement::reason(std::string_view key, const std::string& name) const {
  Reason r;
  r.server = answer(key, name).server;
  return r;
}

std::string_view option_type_name(OptionType type) noexcept {
  switch (type) {
    case OptionType::integer: return "integer";
    case OptionType::text: return "text";
    case OptionType::list: return "list";
    case OptionType::choice: return "choice";
    case OptionType::file: return "file";
    case OptionType::flag: return "flag";
  }
  return "text";
}

std::unique_ptr<Placement> Placement::edited(const ServerEdit&) const {
  throw Error(ErrorCode::invalid_argument, rule::notEditable, "");
}

std::vector<RingToken> Placement::tokens() const { return {}; }

const void* Placement::native() const { return nullptr; }

RINGLAB_ONCE std::vector<ConfigText> Placement::config() const {
  throw Error(ErrorCode::invalid_argument, rule::notEditable, "");
}

RINGLAB_ONCE std::vector<std::int32_t> match_servers(const Placement& before, const Placement& after) {
  const std::vector<ServerInfo>& a = before.servers();
  std::vector<std::int32_t> out;
  for (const ServerInfo& s : after.servers()) {
    const auto at = std::find_if(a.begin(), a.end(), [&](const ServerInfo& x) { return x.name == s.name; });
    out.push_back(at == a.end() ? -2 : static_cast<std::int32_t>(at - a.begin()));
  }
  return out;
}

bool key_moved(std::span<const std::int32_t> match, const Answer& before, const Answer& after) noexcept {
  if (before.value != after.value) return true;
  // -1 (no server decided by the key) stays only as -1; servers' indices shift when one before
  // them is removed, so a server is the same one by its name.
  if (after.server < 0) return before.server != after.server;
  return static_cast<std::size_t>(after.server) >= match.size() ||
         match[static_cast<std::size_t>(after.server)] != before.server;
}

RINGLAB_ONCE std::string joined(const std::vector<std::string>& entries, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i > 0) out += separator;
    out += entries[i];
  }
  return out;
}

RINGLAB_ONCE std::string weighted(const std::string& name, std::int64_t weight, bool always) {
  return weight == 1 && !always ? name : name + "=" + std::to_string(weight);
}

std::vector<std::int32_t> Placement::tries(std::string_view) const {
  throw Error(ErrorCode::invalid_argument, rule::noTries, "");
}

std::size_t Placement::answer_utf16_many(std::u16string_view units, std::span<const std::uint32_t> offsets,
                                         std::size_t from, std::span<std::int32_t> server,
                                         std::span<std::uint32_t> value32,
                                         std::span<std::int64_t> value64) const noexcept {
  // A key's UTF-8 in a buffer of the loop's own: longer keys (rare) take answer().
  constexpr std::size_t kRoom = 1024;
  char bytes[kRoom];
  const std::size_t n = offsets.size() - 1;
  for (std::size_t i = from; i < n; ++i) {
    const std::uint32_t begin = offsets[i];
    const std::uint32_t end = offsets[i + 1];
    if (3 * static_cast<std::size_t>(end - begin) > kRoom) return i;
    std::size_t len = 0;
    for (std::uint32_t u = begin; u < end; ++u) {
      std::uint32_t c = units[u];
      if (c < 0x80) {
        bytes[len++] = static_cast<char>(c);
        continue;
      }
      if (c >= 0xD800 && c <= 0xDFFF) {
        if (c > 0xDBFF || u + 1 >= end || units[u + 1] < 0xDC00 || units[u + 1] > 0xDFFF) return i;
        c = 0x10000 + ((c - 0xD800) << 10) + (units[++u] - 0xDC00);
      }
      if (c < 0x800) {
        bytes[len++] = static_cast<char>(0xC0 | (c >> 6));
      } else if (c < 0x10000) {
        bytes[len++] = static_cast<char>(0xE0 | (c >> 12));
        bytes[len++] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      } else {
        bytes[len++] = static_cast<char>(0xF0 | (c >> 18));
        bytes[len++] = static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        bytes[len++] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      }
      bytes[len++] = static_cast<char>(0x80 | (c & 0x3F));
    }
    Answer a;
    if (!try_answer(std::string_view(bytes, len), a)) return i;
    if (!server.empty()) server[i] = a.server;
    if (!value32.empty()) value32[i] = static_cast<std::uint32_t>(a.value);
    if (!value64.empty()) value64[i] = a.value;
  }
  return n;
}

}  // namespace ringlab::systems
