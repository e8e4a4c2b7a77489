// place envoy-ring, place envoy-maglev: one JSON line {"key": KEY, "result": HOST} per key, in
// input order, HOST the host as the list or the endpoints file names it.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/support.hpp"
#include "ringlab/error.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/envoy.hpp"
#include "systems/commands.hpp"

namespace ringlab::systems {
namespace {

using Usage = CliUsageError;

using cli::flag_line;
using cli::kUnder;
using cli::kUsageColumn;
using cli::usage_line;

std::int64_t integer_flag(const cli::Args& a, const char* flag, SystemParam p) {
  const std::string* text = a.value(flag);
  if (text == nullptr) return param(p).default_integer;
  return integer_from_text(*text, param(p).name);
}

// The form the hosts were given in, for writing them back: --hosts, or --endpoints as YAML or
// as lines.
enum class Form : std::uint8_t { list, yaml, lines };

// --hosts LIST or --endpoints FILE, exactly one.
std::vector<envoy::Host> hosts(const cli::Args& a, const ReadFile& read, const std::string& command, Form& form) {
  const std::string* list = a.value("--hosts");
  const std::string* file = a.value("--endpoints");
  exactly_one(a, std::string_view(command).substr(command.find(' ') + 1), {"--hosts", "ADDR[=W],..."},
              {"--endpoints", "FILE"});
  form = Form::list;
  if (list != nullptr) return envoy::hosts_from_list(*list, a.has("--use-hostname"));
  const std::optional<std::string> text = read ? read(*file) : std::nullopt;
  if (!text) throw Usage{"cannot read --endpoints file " + shown_text(*file)};
  form = envoy::endpoints_are_yaml(*text) ? Form::yaml : Form::lines;
  return envoy::parse_endpoints(*text);
}

RINGLAB_ONCE std::vector<ConfigText> config_of(const std::vector<envoy::Host>& hosts, Form form) {
  if (form != Form::list) return {{"endpoints", envoy::endpoints_text(hosts, form == Form::yaml)}};
  std::vector<std::string> entries;
  for (const envoy::Host& h : hosts) entries.push_back(weighted(h.address, h.weight));
  return {{"hosts", joined(entries)}};
}

std::string host_json(const std::vector<envoy::Host>& hosts, std::size_t i) {
  return cli::json_bytes(hosts[i].address);
}

std::vector<ServerInfo> infos(const std::vector<envoy::Host>& hosts) {
  std::vector<ServerInfo> out;
  for (const envoy::Host& h : hosts) out.push_back({h.address, h.weight, false});
  return out;
}

std::unique_ptr<Placement> ring_placement(std::vector<envoy::Host> list, const envoy::RingOptions& o, Form form);
std::unique_ptr<Placement> maglev_placement(std::vector<envoy::Host> list, std::int64_t table, bool use_hostname,
                                            Form form);

// An edit to Envoy's hosts: a new host written as --hosts writes one ("10.0.0.4:80").
std::vector<envoy::Host> edited_hosts(const std::vector<envoy::Host>& hosts, const ServerEdit& e, bool use_hostname) {
  return edit_list(
      hosts, e, [](const envoy::Host& h) { return h.address; },
      [use_hostname](const std::string& text) {
        std::vector<envoy::Host> one = envoy::hosts_from_list(text, use_hostname);
        if (one.size() != 1) throw Error(ErrorCode::invalid_argument, rule::oneNewHost, "", {input(text)});
        return one.front();
      },
      [](envoy::Host& h, std::int64_t w) { h.weight = w; }, nullptr);
}

std::unique_ptr<Placement> configure_ring(const cli::Args& a, const ReadFile& read) {
  Form form = Form::list;
  std::vector<envoy::Host> list = hosts(a, read, "place envoy-ring", form);
  envoy::RingOptions o;
  o.min_ring_size = integer_flag(a, "--min-ring", SystemParam::envoy_min_ring);
  o.max_ring_size = integer_flag(a, "--max-ring", SystemParam::envoy_max_ring);
  if (const std::string* h = a.value("--hash"); h != nullptr) o.hash = envoy::ring_hash_from_name(*h);
  o.use_hostname = a.has("--use-hostname");
  return ring_placement(std::move(list), o, form);
}

std::unique_ptr<Placement> ring_placement(std::vector<envoy::Host> list, const envoy::RingOptions& o, Form form) {
  auto ring = std::make_shared<const envoy::Ring>(std::move(list), o);
  // The request's hash and the ring entry it lands on (the first hash >= it, as Envoy's search).
  const auto why = [ring](std::string_view key, const std::string&) {
    const std::uint64_t h = envoy::request_hash(key);
    const envoy::Ring::Entry& e = ring->entries()[ring->entry_of_hash(h)];
    return Reason{ReasonKind::point, h, e.hash, static_cast<std::int32_t>(e.host), 64};
  };
  return with_list(
      placement(
          infos(ring->hosts()), AnswerKind::none,
          [ring](std::string_view key, const std::string&) { return host_json(ring->hosts(), ring->place(key)); },
          [ring](std::string_view key, Answer& out) noexcept {
            out = {static_cast<std::int32_t>(ring->place(key)), 0};
            return true;
          }),
      nullptr,
      [ring, o, form](const ServerEdit& e) {
        return ring_placement(edited_hosts(ring->hosts(), e, o.use_hostname), o, form);
      },
      [ring, form]() { return config_of(ring->hosts(), form); }, why, ring.get());
}

std::unique_ptr<Placement> configure_maglev(const cli::Args& a, const ReadFile& read) {
  Form form = Form::list;
  std::vector<envoy::Host> list = hosts(a, read, "place envoy-maglev", form);
  return maglev_placement(std::move(list), integer_flag(a, "--table", SystemParam::envoy_table_size),
                          a.has("--use-hostname"), form);
}

std::unique_ptr<Placement> maglev_placement(std::vector<envoy::Host> list, std::int64_t table, bool use_hostname,
                                            Form form) {
  auto maglev = std::make_shared<const envoy::Maglev>(std::move(list), table, use_hostname);
  // The request's hash and the table's slot it reads (hash % table size).
  const auto why = [maglev](std::string_view key, const std::string&) {
    const std::uint64_t h = envoy::request_hash(key);
    const std::size_t slot = maglev->slot_of_hash(h);
    return Reason{ReasonKind::slot, h, slot, static_cast<std::int32_t>(maglev->table()[slot]), 64};
  };
  return with_list(
      placement(
          infos(maglev->hosts()), AnswerKind::none,
          [maglev](std::string_view key, const std::string&) { return host_json(maglev->hosts(), maglev->place(key)); },
          [maglev](std::string_view key, Answer& out) noexcept {
            out = {static_cast<std::int32_t>(maglev->place(key)), 0};
            return true;
          }),
      nullptr,
      [maglev, table, use_hostname, form](const ServerEdit& e) {
        return maglev_placement(edited_hosts(maglev->hosts(), e, use_hostname), table, use_hostname, form);
      },
      [maglev, form]() { return config_of(maglev->hosts(), form); }, why, maglev.get());
}

}  // namespace

RINGLAB_ONCE std::vector<SystemDef> envoy_systems() {
  const std::string hosts_lines =
      flag_line("--hosts LIST", "the cluster's hosts: ADDR[=W],... (ADDR IPV4:PORT or [IPV6]:PORT, W its") + kUnder +
      "load_balancing_weight, default 1; with --use-hostname, the hostnames)\n" +
      flag_line("--endpoints FILE", "the hosts as the cluster's load_assignment YAML lists them (lb_endpoints:") +
      kUnder + "address, port_value, load_balancing_weight, hostname) or ADDR:PORT[=W] lines\n" +
      flag_line("--use-hostname", "use_hostname_for_hashing: hash each host's hostname, not its address") +
      flag_line("--keys FILE", "the keys, one a line (a blank line is the empty key)");
  // What a key is: the bytes a header (or cookie, query parameter) hash policy hashes.
  const std::string what =
      "; the request's hash is\n" + kIndent + "XXH64 of KEY with seed 0, as a header hash policy computes it):\n";
  std::vector<SystemDef> out;
  out.push_back(
      SystemDef{"envoy-ring",
                {usage_line("ringlab place envoy-ring [flags] KEY...", "Envoy ring_hash's host for each key")},
                "place envoy-ring ({\"key\": KEY, \"result\": HOST} per key" + what + hosts_lines +
                    cli_flag_lines("envoyRing", kIndent, system_params()) +
                    flag_line("--hash H", "the ring's hash_function: xxhash (XX_HASH, default) or murmur2") + kUnder +
                    "(MURMUR_HASH_2: libstdc++'s 64-bit std::_Hash_bytes)\n",
                "envoyRing",
                {{"hosts", "--hosts", OptionType::list},
                 {"endpoints", "--endpoints", OptionType::file},
                 {"minRingSize", "--min-ring", OptionType::integer},
                 {"maxRingSize", "--max-ring", OptionType::integer},
                 {"hash", "--hash", OptionType::choice, "xxhash|murmur2", "xxhash"},
                 {"useHostname", "--use-hostname", OptionType::flag}},
                configure_ring});
  out.push_back(SystemDef{"envoy-maglev",
                          {usage_line("ringlab place envoy-maglev [flags] KEY...", "Envoy maglev's host for each key")},
                          "place envoy-maglev ({\"key\": KEY, \"result\": HOST} per key" + what + hosts_lines +
                              cli_flag_lines("envoyMaglev", kIndent, system_params()),
                          "envoyMaglev",
                          {{"hosts", "--hosts", OptionType::list},
                           {"endpoints", "--endpoints", OptionType::file},
                           {"tableSize", "--table", OptionType::integer},
                           {"useHostname", "--use-hostname", OptionType::flag}},
                          configure_maglev});
  return out;
}

}  // namespace ringlab::systems
