#include "ringlab/systems_cli.hpp"

#include <cctype>

#include "ringlab/erlang_cli.hpp"
#include "ringlab/error.hpp"
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

const SystemDef* find_def(std::string_view name) {
  for (const SystemDef& d : system_defs())
    if (d.name == name) return &d;
  return nullptr;
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

// `place NAME [flags] (--keys FILE | KEY...)`: one JSON line per key, in input order.
std::string run_place(const SystemDef& def, const std::vector<std::string>& args, const ReadFile& read) {
  const std::string command = "place " + def.name;
  std::vector<std::string_view> values = views(def.flags.values);
  values.push_back("--keys");
  const cli::Args a = cli::read_args(args, 2, values, views(def.flags.switches), command);
  const std::unique_ptr<Placement> p = def.configure(a, read);
  const std::vector<std::string> keys = cli::keys(a, read, command);
  std::string out;
  for (std::size_t i = 0; i < keys.size(); ++i)
    out += "{\"key\": " + cli::json_bytes(keys[i]) +
           ", \"result\": " + p->result(keys[i], "key " + std::to_string(i + 1)) + "}\n";
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
    return all;
  }();
  return commands;
}

std::vector<std::string> placement_systems() {
  std::vector<std::string> out;
  for (const SystemDef& d : system_defs()) out.push_back(d.name);
  return out;
}

SystemFlags system_flags(std::string_view system) {
  const SystemDef* d = find_def(system);
  if (d == nullptr) throw Error(ErrorCode::invalid_argument, rule::unknownSystem, "", {input(system)});
  return d->flags;
}

std::vector<std::pair<std::string, std::string>> option_names(std::string_view system) {
  const SystemDef* d = find_def(system);
  if (d == nullptr) throw Error(ErrorCode::invalid_argument, rule::unknownSystem, "", {input(system)});
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::vector<std::string>* flags : {&d->flags.values, &d->flags.switches}) {
    for (const std::string& flag : *flags) {
      std::string name;
      const auto match = [&](const ParamSpec& p) {
        if (p.flag == flag && param_of(p.where, d->where)) name = p.name;
      };
      for (const ParamSpec& p : params()) match(p);
      for (const ParamSpec& p : system_params()) match(p);
      if (name.empty()) {
        for (std::size_t i = 2; i < flag.size(); ++i) {
          if (flag[i] == '-' && i + 1 < flag.size()) name += static_cast<char>(std::toupper(flag[++i]));
          else name += flag[i];
        }
      }
      out.emplace_back(flag, name);
    }
  }
  return out;
}

std::unique_ptr<Placement> configure(std::string_view system, const std::vector<std::string>& flags,
                                     const ReadFile& read) {
  const SystemDef* d = find_def(system);
  if (d == nullptr) throw Error(ErrorCode::invalid_argument, rule::unknownSystem, "", {input(system)});
  std::vector<std::string> args = {"place", d->name};
  args.insert(args.end(), flags.begin(), flags.end());
  const cli::Args a = cli::read_args(args, 2, views(d->flags.values), views(d->flags.switches), "place " + d->name);
  if (!a.plain.empty())
    throw CliUsageError{"place " + d->name + " takes flags here, not keys: got " + shown_text(a.plain.front())};
  return d->configure(a, read);
}

}  // namespace ringlab::systems
