// place nginx, place memcached, place libketama as systems (commands.hpp's SystemDef): their flags
// make a Placement that answers each key, for the command line (one JSON line {"key": KEY,
// "result": ANSWER} per key, in input order) and for the JavaScript API's system handles.
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cli/support.hpp"
#include "ringlab/error.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/hashes.hpp"
#include "ringlab/systems/libketama.hpp"
#include "ringlab/systems/memcached.hpp"
#include "ringlab/systems/nginx.hpp"
#include "ringlab/systems/twemproxy.hpp"
#include "systems/commands.hpp"

namespace ringlab::systems {
namespace {

using Usage = CliUsageError;
using cli::flag_line;
using cli::kUsageColumn;
using cli::more_line;
using cli::usage_line;

// Where an nginx configuration's servers came from: an upstream's text (its block's name, empty
// for the directives alone, and the hash directive's key), or --servers and --down when none.
struct NginxText {
  std::string name;
  std::string key;
};

std::unique_ptr<Placement> nginx_placement(std::vector<NginxServer> servers, NginxMode mode, bool tries_json,
                                           std::optional<NginxText> text);
// from_string: the servers came as libmemcached's server string, not as --servers.
std::unique_ptr<Placement> memcached_placement(std::vector<MemcachedServer> servers, const MemcachedOptions& options,
                                               bool from_string);
std::unique_ptr<Placement> ketama_placement(std::vector<KetamaServer> servers);

// A word of nginx's configuration: as it is when its reader takes it as one token, else in
// double quotes (a '"' or '\\' escaped, as ngx_conf_read_token unescapes them).
RINGLAB_ONCE std::string nginx_word(std::string_view w) {
  bool plain = !w.empty() && w[0] != '"' && w[0] != '\'' && w[0] != '#';
  for (const char c : w)
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';' || c == '{' || c == '}') plain = false;
  if (plain) return std::string(w);
  std::string out = "\"";
  for (const char c : w) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// An upstream block (or its directives alone) as nginx's configuration writes it.
RINGLAB_ONCE std::string nginx_upstream_text(const std::vector<NginxServer>& servers, NginxMode mode,
                                             const NginxText& text) {
  const std::string indent = text.name.empty() ? "" : "    ";
  std::string out = text.name.empty() ? "" : "upstream " + nginx_word(text.name) + " {\n";
  out += indent + "hash " + nginx_word(text.key) + (mode == NginxMode::consistent ? " consistent" : "") + ";\n";
  for (const NginxServer& s : servers) {
    out += indent + "server " + nginx_word(s.address);
    if (s.weight != 1) out += " weight=" + std::to_string(s.weight);
    if (s.max_fails != 1) out += " max_fails=" + std::to_string(s.max_fails);
    if (s.fail_timeout != 10) out += " fail_timeout=" + std::to_string(s.fail_timeout) + "s";
    if (s.max_conns != 0) out += " max_conns=" + std::to_string(s.max_conns);
    if (s.down) out += " down";
    out += ";\n";
  }
  return text.name.empty() ? out : out + "}\n";
}

RINGLAB_ONCE std::vector<ConfigText> nginx_config(const std::vector<NginxServer>& servers, NginxMode mode,
                                                  const std::optional<NginxText>& text) {
  if (text) return {{"upstream", nginx_upstream_text(servers, mode, *text)}};
  std::vector<std::string> entries, down;
  for (const NginxServer& s : servers) {
    entries.push_back(weighted(s.address, s.weight));
    if (s.down) down.push_back(s.address);
  }
  std::vector<ConfigText> out = {{"servers", joined(entries)}};
  if (!down.empty()) out.push_back({"down", joined(down)});
  return out;
}

std::vector<std::string_view> split_commas(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t from = 0;
  while (true) {
    const std::size_t comma = text.find(',', from);
    out.push_back(text.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from));
    if (comma == std::string_view::npos) return out;
    from = comma + 1;
  }
}

// A rule broken inside a list entry, with the entry in front: "--servers entry 2 ("a=0"):
// weight must be between 1 and 1000000, got 0".
[[noreturn]] void entry_error(const std::string& flag, std::size_t index, std::string_view entry, const Error& e) {
  throw Error(rule::entryAt, flag.substr(2), {flag, index + 1, input(entry)}, e);
}

// "W" of ADDR=W: a plain decimal, checked against the parameter's range.
std::int64_t weight_text(std::string_view text, SystemParam p) {
  std::int64_t v = integer_from_text(text, param(p).name);
  return check_integer(p, v);
}

// --- nginx -------------------------------------------------------------------------------------

RINGLAB_ONCE std::unique_ptr<Placement> configure_nginx(const cli::Args& a, const ReadFile& read) {
  const std::string* servers_text = a.value("--servers");
  const std::string* upstream_file = a.value("--upstream");
  const std::string* mode_text = a.value("--mode");
  exactly_one(a, "nginx", {"--servers", "ADDR[=W],..."}, {"--upstream", "FILE"});
  if (upstream_file != nullptr && mode_text != nullptr)
    throw SystemUsage(rule::systemModeFrom, "nginx", {{"--upstream", ""}, {"--mode", ""}});
  std::vector<NginxServer> servers;
  NginxMode mode = NginxMode::hash;
  std::optional<NginxText> from_text;
  if (mode_text != nullptr) {
    if (*mode_text == "consistent") mode = NginxMode::consistent;
    else if (*mode_text != "hash")
      throw Error(ErrorCode::invalid_argument, rule::oneOf, "--mode", {"consistent", "hash", input(*mode_text)});
  }
  if (upstream_file != nullptr) {
    const std::optional<std::string> text = read ? read(*upstream_file) : std::nullopt;
    if (!text) throw Usage{"cannot read --upstream file " + shown_text(*upstream_file)};
    NginxConfig config = parse_nginx_upstream(*text);
    servers = std::move(config.servers);
    mode = config.mode;
    from_text = NginxText{std::move(config.name), std::move(config.key)};
  } else {
    const std::vector<std::string_view> entries = split_commas(*servers_text);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const std::string_view e = entries[i];
      // ADDR[=W], or the address followed by nginx's own parameters as a `server` directive
      // writes them ("10.0.0.1:80 weight=2 down"), separated by white space as nginx's tokens are.
      std::vector<std::string_view> words;
      for (std::size_t at = 0; at < e.size();) {
        const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
        while (at < e.size() && space(e[at])) ++at;
        const std::size_t from = at;
        while (at < e.size() && !space(e[at])) ++at;
        if (at > from) words.push_back(e.substr(from, at - from));
      }
      const std::string_view head = words.empty() ? std::string_view() : words[0];
      NginxServer s;
      const std::size_t eq = head.rfind('=');
      s.address = std::string(head.substr(0, eq));
      if (s.address.empty())
        throw Error(ErrorCode::invalid_argument, rule::entryForm, "servers",
                    {"--servers", i + 1, "ADDR or ADDR=W", input(e)});
      try {
        if (eq != std::string_view::npos) s.weight = weight_text(head.substr(eq + 1), SystemParam::nginx_weight);
        for (std::size_t k = 1; k < words.size(); ++k) apply_server_parameter(s, words[k]);
      } catch (const Error& err) {
        entry_error("--servers", i, e, err);
      }
      servers.push_back(std::move(s));
    }
  }
  if (const std::string* down = a.value("--down"); down != nullptr && !down->empty()) {
    for (const std::string_view d : split_commas(*down)) {
      bool found = false;
      for (NginxServer& s : servers)
        if (s.address == d) s.down = found = true;
      if (!found) throw Error(ErrorCode::unknown_server, rule::downUnknown, "--down", {input(d)});
    }
  }
  return nginx_placement(std::move(servers), mode, a.has("--tries"), std::move(from_text));
}

std::unique_ptr<Placement> nginx_placement(std::vector<NginxServer> servers, NginxMode mode, bool tries_json,
                                           std::optional<NginxText> text) {
  auto upstream = std::make_shared<const NginxUpstream>(std::move(servers), mode);
  std::vector<ServerInfo> infos;
  for (const NginxServer& s : upstream->servers()) infos.push_back({s.address, s.weight, s.down});
  const auto full = [upstream](std::string_view key, const std::string&) {
    const NginxChoice c = upstream->place(key);
    return Answer{c.kind == NginxChoice::Kind::server ? static_cast<std::int32_t>(c.server) : -1, 0};
  };
  const auto typed = [upstream](std::string_view key, Answer& out) noexcept {
    const std::optional<std::size_t> p = upstream->first_pick(key);
    if (p) out = {static_cast<std::int32_t>(*p), 0};
    return p.has_value();
  };
  // The ring's point nginx chooses by: crc32 of the key, the first point >= it (walked past down
  // servers); where the ring does not choose, the answer alone.
  const auto why = [upstream, full](std::string_view key, const std::string& name) {
    if (const std::optional<std::size_t> at = upstream->point_of(key)) {
      const NginxUpstream::Point& p = upstream->points()[*at];
      return Reason{ReasonKind::point, crc32(key), p.hash, static_cast<std::int32_t>(p.server), 32};
    }
    Reason r;
    r.server = full(key, name).server;
    return r;
  };
  const auto tries = [upstream](std::string_view key) {
    std::vector<std::int32_t> out;
    for (const NginxChoice& c : upstream->tries(key)) {
      if (c.kind == NginxChoice::Kind::none) break;
      out.push_back(c.kind == NginxChoice::Kind::server ? static_cast<std::int32_t>(c.server) : -1);
      if (c.kind == NginxChoice::Kind::round_robin) break;
    }
    return out;
  };
  const auto edit = [upstream, tries_json, text](const ServerEdit& e) {
    return nginx_placement(
        edit_list(
            upstream->servers(), e, [](const NginxServer& s) { return s.address; },
            [](const std::string& text) {
              NginxServer s;
              s.address = text;
              return s;
            },
            [](NginxServer& s, std::int64_t w) { s.weight = w; }, [](NginxServer& s, bool down) { s.down = down; }),
        upstream->mode(), tries_json, text);
  };
  const auto write = [upstream, text]() { return nginx_config(upstream->servers(), upstream->mode(), text); };
  if (tries_json) {
    // The failover order: the servers nginx tries, in order, when each try fails; null where the
    // round-robin balancer takes over (what follows depends on the requests before); the list
    // ends where nothing is left to try (nginx answers 502).
    const auto json = [upstream](std::string_view key, const std::string&) {
      std::string out = "[";
      for (const NginxChoice& c : upstream->tries(key)) {
        if (c.kind == NginxChoice::Kind::none) break;
        if (out.size() > 1) out += ", ";
        if (c.kind == NginxChoice::Kind::round_robin) {
          out += "null";
          break;
        }
        out += cli::json_bytes(upstream->servers()[c.server].address);
      }
      return out + "]";
    };
    return with_list(placement(std::move(infos), AnswerKind::none, json, typed, full), tries, edit, write, why,
                     upstream.get());
  }
  const auto json = [upstream](std::string_view key, const std::string&) {
    const NginxChoice c = upstream->place(key);
    return c.kind == NginxChoice::Kind::server ? cli::json_bytes(upstream->servers()[c.server].address)
                                               : std::string("null");
  };
  return with_list(placement(std::move(infos), AnswerKind::none, json, typed, full), tries, edit, write, why,
                   upstream.get());
}

// --- memcached ---------------------------------------------------------------------------------

// HOST[:PORT][=W], HOST an IPv6 address in brackets when it has a port ("[::1]:11212").
MemcachedServer memcached_entry(std::string_view e, std::size_t index) {
  MemcachedServer s;
  const std::size_t eq = e.rfind('=');
  std::string_view hostport = e.substr(0, eq);
  try {
    if (eq != std::string_view::npos) s.weight = weight_text(e.substr(eq + 1), SystemParam::memcached_weight);
    std::string_view port;
    if (!hostport.empty() && hostport[0] == '[') {
      const std::size_t close = hostport.find(']');
      if (close == std::string_view::npos) throw Error(ErrorCode::invalid_argument, rule::ipv6Bracket, "");
      const std::string_view rest = hostport.substr(close + 1);
      if (!rest.empty() && rest[0] != ':') throw Error(ErrorCode::invalid_argument, rule::portAfterBracket, "");
      if (!rest.empty()) port = rest.substr(1);
      if (!rest.empty() && port.empty()) throw Error(ErrorCode::invalid_argument, rule::portAfterColon, "");
      hostport = hostport.substr(1, close - 1);
    } else if (const std::size_t colon = hostport.find(':');
               colon != std::string_view::npos && hostport.find(':', colon + 1) == std::string_view::npos) {
      port = hostport.substr(colon + 1);
      hostport = hostport.substr(0, colon);
      if (port.empty()) throw Error(ErrorCode::invalid_argument, rule::portAfterColon, "");
    }
    if (!port.empty()) s.port = check_integer(SystemParam::memcached_port, integer_from_text(port, "port"));
    if (hostport.empty()) throw Error(ErrorCode::invalid_argument, rule::emptyHost, "");
  } catch (const Error& err) {
    entry_error("--servers", index, e, err);
  }
  s.host = std::string(hostport);
  return s;
}

RINGLAB_ONCE std::unique_ptr<Placement> configure_memcached(const cli::Args& a, const ReadFile&) {
  const std::string* servers_text = a.value("--servers");
  const std::string* server_string = a.value("--server-string");
  exactly_one(a, "memcached", {"--servers", "HOST[:PORT][=W],..."}, {"--server-string", "TEXT"});
  MemcachedOptions options;
  if (const std::string* m = a.value("--mode")) {
    try {
      options.mode = memcached_mode_from_name(*m);
    } catch (const Error& e) {
      throw e.with_param("--" + e.param());
    }
  }
  if (const std::string* h = a.value("--hash")) {
    try {
      options.hash = memcached_hash_from_name(*h);
    } catch (const Error& e) {
      throw e.with_param("--" + e.param());
    }
  }
  options.sort_hosts = a.has("--sort-hosts");
  std::vector<MemcachedServer> servers;
  if (server_string != nullptr) {
    // memcached_servers_parse() then memcached_server_push(): the same servers as adding them
    // one by one (push turns the weighted continuum on for a weight above 1 under any
    // distribution, which only the consistent ones use).
    servers = parse_memcached_servers(*server_string);
  } else {
    const std::vector<std::string_view> entries = split_commas(*servers_text);
    for (std::size_t i = 0; i < entries.size(); ++i) servers.push_back(memcached_entry(entries[i], i));
  }
  return memcached_placement(std::move(servers), options, server_string != nullptr);
}

// A server as --servers writes one (HOST:PORT, an IPv6 host in brackets) and as the server
// string does (HOST:PORT, a weight after a space).
RINGLAB_ONCE std::string memcached_name(const MemcachedServer& s) {
  const bool v6 = s.host.find(':') != std::string::npos;
  return (v6 ? "[" + s.host + "]" : s.host) + ":" + std::to_string(s.port);
}

RINGLAB_ONCE std::vector<ConfigText> memcached_config(const std::vector<MemcachedServer>& servers, bool from_string) {
  std::vector<std::string> entries;
  for (const MemcachedServer& s : servers)
    entries.push_back(from_string
                          ? (s.weight == 1 ? memcached_name(s) : memcached_name(s) + " " + std::to_string(s.weight))
                          : weighted(memcached_name(s), s.weight));
  if (from_string) return {{"serverString", joined(entries)}};
  return {{"servers", joined(entries)}};
}

std::unique_ptr<Placement> memcached_placement(std::vector<MemcachedServer> servers, const MemcachedOptions& options,
                                               bool from_string) {
  auto m = std::make_shared<const Memcached>(std::move(servers), options);
  std::vector<ServerInfo> infos;
  for (std::size_t i = 0; i < m->servers().size(); ++i)
    infos.push_back({m->server_name(i), m->servers()[i].weight, false});
  const auto edit = [m, options, from_string](const ServerEdit& e) {
    return memcached_placement(
        edit_list(
            m->servers(), e, [](const MemcachedServer& s) { return s.host + ":" + std::to_string(s.port); },
            [](const std::string& text) { return memcached_entry(text, 0); },
            [](MemcachedServer& s, std::int64_t w) { s.weight = check_integer(SystemParam::memcached_weight, w); },
            nullptr),
        options, from_string);
  };
  const auto write = [m, from_string]() { return memcached_config(m->servers(), from_string); };
  // On a continuum: the key's hash (libhashkit's, 0 with a single server, which the library does
  // not hash for) and the point it lands on; under modula, or for a refused key, the answer alone.
  const auto why = [m](std::string_view key, const std::string&) {
    const std::optional<std::size_t> at = m->place(key);
    Reason r;
    r.server = at ? static_cast<std::int32_t>(*at) : -1;
    if (!at || !m->consistent()) return r;
    const std::uint32_t h = m->key_hash(key);
    const Memcached::Point& p = m->continuum()[m->point_of_hash(h)];
    return Reason{ReasonKind::point, h, p.value, static_cast<std::int32_t>(p.server), 32};
  };
  return with_list(placement(
                       std::move(infos), AnswerKind::none,
                       [m](std::string_view key, const std::string&) {
                         const std::optional<std::size_t> at = m->place(key);
                         return at ? cli::json_bytes(m->server_name(*at)) : std::string("null");
                       },
                       [m](std::string_view key, Answer& out) noexcept {
                         const std::optional<std::size_t> at = m->place(key);
                         out = {at ? static_cast<std::int32_t>(*at) : -1, 0};
                         return true;
                       }),
                   nullptr, edit, write, why, m.get());
}

// --- libketama ---------------------------------------------------------------------------------

RINGLAB_ONCE std::unique_ptr<Placement> configure_libketama(const cli::Args& a, const ReadFile& read) {
  const std::string* servers_text = a.value("--servers");
  const std::string* server_file = a.value("--server-file");
  exactly_one(a, "libketama", {"--servers", "ADDR=MEMORY,..."}, {"--server-file", "FILE"});
  if (server_file != nullptr) {
    // libketama's own server file (ketama.servers): "ADDR<tab>MEMORY" lines, as
    // read_server_definitions() reads them.
    const std::optional<std::string> text = read ? read(*server_file) : std::nullopt;
    if (!text) throw Usage{"cannot read --server-file file " + shown_text(*server_file)};
    return ketama_placement(parse_ketama_servers(*text));
  }
  std::vector<KetamaServer> servers;
  const std::vector<std::string_view> entries = split_commas(*servers_text);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string_view e = entries[i];
    const std::size_t eq = e.rfind('=');
    if (eq == std::string_view::npos || eq == 0)
      throw Error(ErrorCode::invalid_argument, rule::entryForm, "servers",
                  {"--servers", i + 1, "ADDR=MEMORY", input(e)});
    KetamaServer s;
    s.address = std::string(e.substr(0, eq));
    try {
      s.memory = weight_text(e.substr(eq + 1), SystemParam::libketama_memory);
    } catch (const Error& err) {
      entry_error("--servers", i, e, err);
    }
    servers.push_back(std::move(s));
  }
  return ketama_placement(std::move(servers));
}

RINGLAB_ONCE std::vector<ConfigText> ketama_config(const std::vector<KetamaServer>& servers) {
  std::vector<std::string> entries;
  for (const KetamaServer& s : servers) entries.push_back(weighted(s.address, s.memory, true));
  return {{"servers", joined(entries)}};
}

std::unique_ptr<Placement> ketama_placement(std::vector<KetamaServer> servers) {
  auto ketama = std::make_shared<const Libketama>(std::move(servers));
  std::vector<ServerInfo> infos;
  for (const KetamaServer& s : ketama->servers()) infos.push_back({s.address, s.memory, false});
  const auto edit = [ketama](const ServerEdit& e) {
    return ketama_placement(edit_list(
        ketama->servers(), e, [](const KetamaServer& s) { return s.address; },
        [](const std::string& text) {
          KetamaServer s;
          s.address = text;
          return s;
        },
        [](KetamaServer& s, std::int64_t w) { s.memory = check_integer(SystemParam::libketama_memory, w); }, nullptr));
  };
  const auto write = [ketama]() { return ketama_config(ketama->servers()); };
  // ketama_hashi of the key and the continuum's point it lands on.
  const auto why = [ketama](std::string_view key, const std::string&) {
    const std::uint32_t h = Libketama::hash(key);
    const Libketama::Point& p = ketama->continuum()[ketama->point_of_hash(h)];
    return Reason{ReasonKind::point, h, p.value, static_cast<std::int32_t>(p.server), 32};
  };
  return with_list(placement(
                       std::move(infos), AnswerKind::none,
                       [ketama](std::string_view key, const std::string&) {
                         return cli::json_bytes(ketama->servers()[ketama->place(key)].address);
                       },
                       [ketama](std::string_view key, Answer& out) noexcept {
                         out = {static_cast<std::int32_t>(ketama->place(key)), 0};
                         return true;
                       }),
                   nullptr, edit, write, why, ketama.get());
}

// --- twemproxy ---------------------------------------------------------------------------------

// Where the servers came from: nutcracker's YAML (its pool's name and auto_eject_hosts), or the
// flags when none.
struct TwemproxyText {
  std::string pool;
  bool auto_eject_hosts = false;
};

std::unique_ptr<Placement> twemproxy_placement(std::vector<TwemproxyServer> servers, const TwemproxyOptions& options,
                                               std::optional<TwemproxyText> text);

RINGLAB_ONCE std::unique_ptr<Placement> configure_twemproxy(const cli::Args& a, const ReadFile& read) {
  const std::string* servers_text = a.value("--servers");
  const std::string* conf_file = a.value("--conf");
  exactly_one(a, "twemproxy", {"--servers", "HOST:PORT:WEIGHT [NAME],..."}, {"--conf", "FILE"});
  TwemproxyOptions options;
  std::vector<TwemproxyServer> servers;
  std::optional<TwemproxyText> from_text;
  if (conf_file != nullptr) {
    // The pool's own directives say what the flags would.
    for (const char* flag : {"--distribution", "--hash", "--hash-tag"})
      if (a.value(flag) != nullptr) throw SystemUsage(rule::systemNotBoth, "twemproxy", {{"--conf", ""}, {flag, ""}});
    const std::optional<std::string> text = read ? read(*conf_file) : std::nullopt;
    if (!text) throw Usage{"cannot read --conf file " + shown_text(*conf_file)};
    const std::string* pool = a.value("--pool");
    TwemproxyPool p = parse_twemproxy_config(*text, pool == nullptr ? std::string_view() : std::string_view(*pool));
    servers = std::move(p.servers);
    options = p.options;
    from_text = TwemproxyText{p.name, p.auto_eject_hosts};
  } else {
    // --pool picks a pool of --conf's file; servers given as flags are one pool already.
    if (a.value("--pool") != nullptr)
      throw SystemUsage(rule::systemNotBoth, "twemproxy", {{"--servers", ""}, {"--pool", ""}});
    try {
      if (const std::string* d = a.value("--distribution")) options.distribution = twemproxy_distribution_from_name(*d);
      if (const std::string* h = a.value("--hash")) options.hash = twemproxy_hash_from_name(*h);
    } catch (const Error& e) {
      throw e.with_param("--" + e.param());
    }
    if (const std::string* t = a.value("--hash-tag")) {
      if (t->size() != 2) throw Error(ErrorCode::invalid_argument, rule::twHashTag, "--hash-tag", {in_quotes(*t)});
      options.hash_tag = *t;
    }
    const std::vector<std::string_view> entries = split_commas(*servers_text);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      try {
        servers.push_back(parse_twemproxy_server(entries[i]));
      } catch (const Error& err) {
        entry_error("--servers", i, entries[i], err);
      }
    }
  }
  if (const std::string* ejected = a.value("--ejected"); ejected != nullptr && !ejected->empty()) {
    // Flags alone say nothing of auto_eject_hosts: --ejected is the servers it has ejected. A
    // pool that says false never ejects one.
    if (from_text && !from_text->auto_eject_hosts)
      throw Error(ErrorCode::invalid_argument, rule::twNoEject, "--ejected");
    for (const std::string_view n : split_commas(*ejected)) {
      bool found = false;
      for (TwemproxyServer& s : servers)
        if (twemproxy_server_name(s) == n) s.ejected = found = true;
      if (!found) throw Error(ErrorCode::unknown_server, rule::twEjectedUnknown, "--ejected", {input(n)});
    }
  }
  return twemproxy_placement(std::move(servers), options, std::move(from_text));
}

// A YAML scalar as nutcracker's configuration can hold it: plain when YAML reads it back as
// written, else double-quoted.
RINGLAB_ONCE std::string yaml_scalar(std::string_view v) {
  bool plain = !v.empty() && std::string_view("-?:,[]{}#&*!|>'\"%@`").find(v[0]) == std::string_view::npos &&
               v.back() != ' ' && v.back() != ':';
  for (std::size_t i = 0; i < v.size(); ++i)
    if (static_cast<unsigned char>(v[i]) < 0x20 || (v[i] == '#' && i > 0 && v[i - 1] == ' ') ||
        (v[i] == ':' && i + 1 < v.size() && v[i + 1] == ' '))
      plain = false;
  if (plain) return std::string(v);
  std::string out = "\"";
  for (const char c : v) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// A server as nutcracker's configuration lists it: "host:port:weight", and " name" when given.
RINGLAB_ONCE std::string twemproxy_line(const TwemproxyServer& s) {
  std::string out = s.host + ":" + std::to_string(s.port) + ":" + std::to_string(s.weight);
  return s.name.empty() ? out : out + " " + s.name;
}

std::unique_ptr<Placement> twemproxy_placement(std::vector<TwemproxyServer> servers, const TwemproxyOptions& options,
                                               std::optional<TwemproxyText> text) {
  auto t = std::make_shared<const Twemproxy>(std::move(servers), options);
  std::vector<ServerInfo> infos;
  for (std::size_t i = 0; i < t->servers().size(); ++i)
    infos.push_back({t->name(i), t->servers()[i].weight, t->servers()[i].ejected});
  const auto edit = [t, options, text](const ServerEdit& e) {
    return twemproxy_placement(
        edit_list(
            t->servers(), e, [](const TwemproxyServer& s) { return twemproxy_server_name(s); },
            [](const std::string& text) { return parse_twemproxy_server(text); },
            [](TwemproxyServer& s, std::int64_t w) { s.weight = check_integer(SystemParam::twemproxy_weight, w); },
            nullptr),
        options, text);
  };
  const auto write = [t, text]() {
    std::vector<std::string> lines, ejected;
    for (std::size_t i = 0; i < t->servers().size(); ++i) {
      lines.push_back(twemproxy_line(t->servers()[i]));
      if (t->servers()[i].ejected) ejected.push_back(t->name(i));
    }
    std::vector<ConfigText> out;
    if (text) {
      // The pool as nutcracker's YAML: the directives that place keys, and its servers.
      const TwemproxyOptions& o = t->options();
      std::string yaml = yaml_scalar(text->pool) + ":\n";
      yaml += "  hash: " + std::string(twemproxy_hash_name(o.hash)) + "\n";
      yaml += "  distribution: " + std::string(twemproxy_distribution_name(o.distribution)) + "\n";
      if (!o.hash_tag.empty()) yaml += "  hash_tag: " + yaml_scalar(o.hash_tag) + "\n";
      if (text->auto_eject_hosts) yaml += "  auto_eject_hosts: true\n";
      yaml += "  servers:\n";
      for (const std::string& l : lines) yaml += "   - " + yaml_scalar(l) + "\n";
      out.push_back({"conf", yaml});
    } else {
      out.push_back({"servers", joined(lines)});
    }
    if (!ejected.empty()) out.push_back({"ejected", joined(ejected)});
    return out;
  };
  // Under ketama: the key's hash (of its tag, 0 with a single server) and the continuum's point;
  // under modula, the answer alone.
  const auto why = [t](std::string_view key, const std::string&) {
    const std::optional<std::size_t> at = t->place(key);
    Reason r;
    r.server = at ? static_cast<std::int32_t>(*at) : -1;
    if (!at || t->options().distribution != TwemproxyDistribution::ketama || t->servers().size() == 1) return r;
    const std::uint32_t h = t->key_hash(key);
    const Twemproxy::Point& p = t->continuum()[t->point_of_hash(h)];
    return Reason{ReasonKind::point, h, p.value, static_cast<std::int32_t>(p.server), 32};
  };
  return with_list(placement(
                       std::move(infos), AnswerKind::none,
                       [t](std::string_view key, const std::string&) {
                         const std::optional<std::size_t> at = t->place(key);
                         return at ? cli::json_bytes(t->name(*at)) : std::string("null");
                       },
                       [t](std::string_view key, Answer& out) noexcept {
                         const std::optional<std::size_t> at = t->place(key);
                         out = {at ? static_cast<std::int32_t>(*at) : -1, 0};
                         return true;
                       }),
                   nullptr, edit, write, why, t.get());
}

}  // namespace

std::vector<CliCommand> cache_commands() { return {}; }

RINGLAB_ONCE std::vector<SystemDef> cache_systems() {
  SystemDef nginx{"nginx",
                  {usage_line("ringlab place nginx [flags] KEY...", "the server nginx 1.22's `hash KEY [consistent]`"),
                   std::string(kUsageColumn, ' ') + "upstream sends each key to, one JSON line per key"},
                  "place nginx ({\"key\": KEY, \"result\": SERVER} per key in input order, SERVER as written;\n"
                  "null where nginx's round-robin decides, not the key: an empty key, or no usable server left):\n" +
                      flag_line("--servers LIST", "the upstream's servers in order: ADDR[=WEIGHT],...") +
                      more_line("(or as a server directive writes them: ADDR weight=N down,...)") +
                      flag_line("--mode M", "consistent (hash $key consistent) or hash (hash $key); default hash") +
                      flag_line("--down LIST", "servers marked down: ADDR,...") +
                      flag_line("--upstream FILE", "instead of --servers and --mode: an upstream { ... } block") +
                      flag_line("--tries", "instead of the server: the servers tried in order when each try fails") +
                      more_line("(null: the round-robin balancer takes over; the list ends at a 502)") +
                      flag_line("--keys FILE", "the keys, one a line (a blank line is the empty key)"),
                  "nginx",
                  {{"servers", "--servers", OptionType::list},
                   {"mode", "--mode", OptionType::choice, "consistent|hash", "hash"},
                   {"down", "--down", OptionType::list},
                   {"upstream", "--upstream", OptionType::file},
                   {"tries", "--tries", OptionType::flag, {}, {}, false, true}},
                  configure_nginx};
  SystemDef memcached{
      "memcached",
      {usage_line("ringlab place memcached [flags] KEY...", "the server libmemcached 1.1.4 picks for each key"),
       std::string(kUsageColumn, ' ') + "(memcached_server_by_key), one JSON line per key"},
      "place memcached ({\"key\": KEY, \"result\": \"HOST:PORT\"} per key in input order; null for a key\n"
      "of 0 or more than 250 bytes, which libmemcached refuses):\n" +
          flag_line("--servers LIST", "HOST[:PORT][=WEIGHT],... added in order (port 11211, weight 1)") +
          flag_line("--server-string S", "instead of --servers: libmemcached's own server string,") +
          more_line("\"host:port weight,...\" as memcached_servers_parse() reads it") +
          flag_line("--mode M", "modula (default), consistent, consistent_ketama,") +
          more_line("consistent_ketama_spy, consistent_weighted (set_distribution), or") +
          more_line("behavior_ketama, behavior_ketama_weighted (behavior KETAMA / _WEIGHTED = 1)") +
          flag_line("--hash H", "the key hash set after the mode: default (one-at-a-time), md5, crc,") +
          more_line("fnv1_64, fnv1a_64, fnv1_32, fnv1a_32, murmur, jenkins, murmur3") +
          flag_line("--sort-hosts", "MEMCACHED_BEHAVIOR_SORT_HOSTS: servers sorted by host, then port") +
          flag_line("--keys FILE", "the keys, one a line (a blank line is the empty key)"),
      "memcached",
      {{"servers", "--servers", OptionType::list},
       {"serverString", "--server-string", OptionType::text},
       {"mode", "--mode", OptionType::choice,
        "modula|consistent|consistent_ketama|consistent_ketama_spy|consistent_weighted|behavior_ketama|"
        "behavior_ketama_weighted",
        "modula"},
       {"hash", "--hash", OptionType::choice,
        "default|md5|crc|fnv1_64|fnv1a_64|fnv1_32|fnv1a_32|murmur|jenkins|murmur3", "default"},
       {"sortHosts", "--sort-hosts", OptionType::flag}},
      configure_memcached};
  SystemDef libketama{
      "libketama",
      {usage_line("ringlab place libketama [flags] KEY...", "the server the original libketama picks for each"),
       std::string(kUsageColumn, ' ') + "key (ketama_get_server), one JSON line per key"},
      "place libketama ({\"key\": KEY, \"result\": ADDR} per key in input order):\n" +
          flag_line("--servers LIST", "ADDR=MEMORY,... as libketama's server file lists them") +
          flag_line("--server-file FILE", "instead of --servers: libketama's server file itself,") +
          more_line("ADDR<tab>MEMORY lines (# comments), as ketama.servers holds them") +
          flag_line("--keys FILE", "the keys, one a line (a blank line is the empty key)"),
      "libketama",
      {{"servers", "--servers", OptionType::list}, {"serverFile", "--server-file", OptionType::file}},
      configure_libketama};
  SystemDef twemproxy{
      "twemproxy",
      {usage_line("ringlab place twemproxy [flags] KEY...", "the server twemproxy (nutcracker 0.5.0) sends each key"),
       std::string(kUsageColumn, ' ') + "to, one JSON line per key"},
      "place twemproxy ({\"key\": KEY, \"result\": NAME} per key in input order, NAME the server's name as\n"
      "nutcracker makes it: the name given, else host:port, else host when the port is 11211; null when\n"
      "every server is ejected, where nutcracker refuses the request):\n" +
          flag_line("--servers LIST", "the pool's servers as nutcracker lists them: HOST:PORT:WEIGHT [NAME],...") +
          flag_line("--conf FILE", "instead of --servers and the pool's flags: nutcracker's YAML configuration") +
          flag_line("--pool NAME", "with --conf: the pool to read, when the file has several") +
          flag_line("--distribution D", "ketama (default) or modula (random has no per-key placement)") +
          flag_line("--hash H", "fnv1a_64 (default), one_at_a_time, md5, crc16, crc32, crc32a, fnv1_64,") +
          more_line("fnv1_32, fnv1a_32, hsieh, murmur, jenkins") +
          flag_line("--hash-tag XY", "hash_tag: hash the bytes between X and the next Y, when there are any") +
          flag_line("--ejected LIST", "servers auto_eject_hosts has ejected, by name: NAME,...") +
          flag_line("--keys FILE", "the keys, one a line (a blank line is the empty key)"),
      "twemproxy",
      {{"servers", "--servers", OptionType::list},
       {"conf", "--conf", OptionType::file},
       {"pool", "--pool", OptionType::text},
       {"distribution", "--distribution", OptionType::choice, "ketama|modula", "ketama"},
       {"hash", "--hash", OptionType::choice,
        "one_at_a_time|md5|crc16|crc32|crc32a|fnv1_64|fnv1a_64|fnv1_32|fnv1a_32|hsieh|murmur|jenkins", "fnv1a_64"},
       {"hashTag", "--hash-tag", OptionType::text},
       {"ejected", "--ejected", OptionType::list}},
      configure_twemproxy};
  return {std::move(nginx), std::move(memcached), std::move(libketama), std::move(twemproxy)};
}

}  // namespace ringlab::systems
