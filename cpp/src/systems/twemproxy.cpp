#include "ringlab/systems/twemproxy.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <utility>

#include "ringlab/error.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/hashes.hpp"
#include "ringlab/systems/memcached.hpp"

namespace ringlab::systems {
namespace {

// CONF_DEFAULT_KETAMA_PORT: the port a server's name leaves out.
constexpr std::int64_t kDefaultPort = 11211;
// KETAMA_POINTS_PER_SERVER, and the 4 points each MD5 gives.
constexpr std::uint32_t kPointsPerServer = 160;
constexpr std::uint32_t kPointsPerHash = 4;
// KETAMA_MAX_HOSTLEN: a point's string "name-i" is written by snprintf into 273 bytes, so it is
// cut to 272.
constexpr std::size_t kMaxPointString = 272;

constexpr std::string_view kDistributionNames[] = {"ketama", "modula", "random"};
constexpr std::string_view kHashNames[] = {"one_at_a_time", "md5",     "crc16",    "crc32", "crc32a", "fnv1_64",
                                           "fnv1a_64",      "fnv1_32", "fnv1a_32", "hsieh", "murmur", "jenkins"};

template <std::size_t N>
Error not_one_of(std::string param, const std::string_view (&names)[N], std::string_view given) {
  std::vector<ErrorValue> values(std::begin(names), std::end(names));
  values.push_back(in_quotes(given));
  return Error(ErrorCode::invalid_argument, rule::oneOf, std::move(param), std::move(values));
}

// nc_atoi of a port or weight: a plain decimal, checked against its range.
RINGLAB_ONCE std::int64_t decimal(std::string_view text, SystemParam p) {
  const ParamSpec& spec = param(p);
  if (text.empty()) throw Error(ErrorCode::invalid_argument, rule::missing, std::string(spec.name));
  std::int64_t v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9')
      throw Error(ErrorCode::invalid_argument, rule::decimal, std::string(spec.name), {in_quotes(text)});
    if (v <= spec.hi) v = v * 10 + (c - '0');
  }
  try {
    return check_integer(p, v > spec.hi ? spec.hi + 1 : v);
  } catch (const Error& e) {
    // Past the range, the message shows the digits as written, not the capped value.
    if (v > spec.hi) throw range_error(e.code(), spec, std::string(text));
    throw;
  }
}

}  // namespace

std::string_view twemproxy_distribution_name(TwemproxyDistribution d) noexcept {
  return kDistributionNames[static_cast<std::size_t>(d)];
}
std::string_view twemproxy_hash_name(TwemproxyHash h) noexcept { return kHashNames[static_cast<std::size_t>(h)]; }

RINGLAB_ONCE TwemproxyDistribution twemproxy_distribution_from_name(std::string_view name) {
  if (name == "ketama") return TwemproxyDistribution::ketama;
  if (name == "modula") return TwemproxyDistribution::modula;
  if (name == "random") throw Error(ErrorCode::invalid_argument, rule::twRandom, "distribution");
  throw not_one_of("distribution", kDistributionNames, name);
}

RINGLAB_ONCE TwemproxyHash twemproxy_hash_from_name(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kHashNames); ++i)
    if (kHashNames[i] == name) return static_cast<TwemproxyHash>(i);
  throw not_one_of("hash", kHashNames, name);
}

std::uint32_t twemproxy_hash_value(TwemproxyHash hash, std::string_view bytes) noexcept {
  // The hashes whose bits are libhashkit's (hash_one_at_a_time, the FNVs of a signed char, the
  // MD5 word, crc32's 15 bits, murmur and jenkins with libhashkit's seeds) are libmemcached's.
  switch (hash) {
    case TwemproxyHash::one_at_a_time: return memcached_hash_value(MemcachedHash::default_hash, bytes);
    case TwemproxyHash::md5: return memcached_hash_value(MemcachedHash::md5, bytes);
    case TwemproxyHash::crc16: return twemproxy_crc16(bytes);
    case TwemproxyHash::crc32: return memcached_hash_value(MemcachedHash::crc, bytes);
    case TwemproxyHash::crc32a: return crc32(bytes);
    case TwemproxyHash::fnv1_64: return memcached_hash_value(MemcachedHash::fnv1_64, bytes);
    case TwemproxyHash::fnv1a_64: return memcached_hash_value(MemcachedHash::fnv1a_64, bytes);
    case TwemproxyHash::fnv1_32: return memcached_hash_value(MemcachedHash::fnv1_32, bytes);
    case TwemproxyHash::fnv1a_32: return memcached_hash_value(MemcachedHash::fnv1a_32, bytes);
    case TwemproxyHash::hsieh: return hsieh(bytes);
    case TwemproxyHash::murmur: return memcached_hash_value(MemcachedHash::murmur, bytes);
    case TwemproxyHash::jenkins: return memcached_hash_value(MemcachedHash::jenkins, bytes);
  }
  return 0;  // not reached
}

RINGLAB_ONCE std::string twemproxy_server_name(const TwemproxyServer& s) {
  if (!s.name.empty()) return s.name;
  if (s.port == kDefaultPort) return s.host;
  return s.host + ":" + std::to_string(s.port);
}

RINGLAB_ONCE TwemproxyServer parse_twemproxy_server(std::string_view line) {
  const auto form = [] { return Error(ErrorCode::invalid_argument, rule::twServerForm, ""); };
  if (!line.empty() && line[0] == '/') throw Error(ErrorCode::invalid_argument, rule::twSocket, "");
  TwemproxyServer s;
  // From the end, as conf_add_server: the name after the last space (if any), then the weight
  // after the last ':', then the port after the ':' before it; the rest is the host.
  std::string_view rest = line;
  if (const std::size_t space = rest.rfind(' '); space != std::string_view::npos) {
    s.name = std::string(rest.substr(space + 1));
    if (s.name.empty()) throw Error(ErrorCode::invalid_argument, rule::emptyName, "", {"server"});
    rest = rest.substr(0, space);
  }
  const std::size_t weight_colon = rest.rfind(':');
  if (weight_colon == std::string_view::npos) throw form();
  const std::size_t port_colon = rest.rfind(':', weight_colon == 0 ? 0 : weight_colon - 1);
  if (weight_colon == 0 || port_colon == std::string_view::npos) throw form();
  s.weight = decimal(rest.substr(weight_colon + 1), SystemParam::twemproxy_weight);
  s.port = decimal(rest.substr(port_colon + 1, weight_colon - port_colon - 1), SystemParam::twemproxy_port);
  s.host = std::string(rest.substr(0, port_colon));
  if (s.host.empty()) throw Error(ErrorCode::invalid_argument, rule::emptyHost, "");
  return s;
}

namespace {

// conf_commands of nc_conf.c: every directive a pool may have.
constexpr std::string_view kDirectives[] = {"listen",
                                            "hash",
                                            "hash_tag",
                                            "distribution",
                                            "timeout",
                                            "backlog",
                                            "client_connections",
                                            "redis",
                                            "tcpkeepalive",
                                            "redis_auth",
                                            "redis_db",
                                            "preconnect",
                                            "auto_eject_hosts",
                                            "server_connections",
                                            "server_retry_timeout",
                                            "server_failure_limit",
                                            "servers"};

[[noreturn]] RINGLAB_ONCE void bad_at(std::size_t line, std::size_t column, const Error& what) {
  throw Error(rule::configAt, "", {"pool configuration", line, column}, what);
}
[[noreturn]] RINGLAB_ONCE void bad_line(std::size_t line, std::size_t column) {
  bad_at(line, column, Error(ErrorCode::invalid_argument, rule::twYamlLine, ""));
}

// A YAML scalar as libyaml gives it: plain (as written), 'single' ('' a quote) or "double" (\"
// and \\ escapes; another escape is refused rather than guessed). `column` is its first
// character's, for errors.
RINGLAB_ONCE std::string scalar(std::string_view v, std::size_t line, std::size_t column) {
  if (v.empty() || (v[0] != '"' && v[0] != '\'')) {
    // A plain scalar cannot start with YAML's indicators of other forms.
    if (!v.empty() && std::string_view("[]{}&*!|>%@`").find(v[0]) != std::string_view::npos) bad_line(line, column);
    return std::string(v);
  }
  const char q = v[0];
  std::string out;
  std::size_t i = 1;
  for (; i < v.size(); ++i) {
    if (v[i] == q) {
      if (q == '\'' && i + 1 < v.size() && v[i + 1] == '\'') {
        out += '\'';
        ++i;
        continue;
      }
      break;
    }
    if (q == '"' && v[i] == '\\') {
      if (i + 1 < v.size() && (v[i + 1] == '"' || v[i + 1] == '\\')) {
        out += v[++i];
        continue;
      }
      bad_line(line, column + i);
    }
    out += v[i];
  }
  if (i >= v.size() || i + 1 != v.size()) bad_line(line, column + std::min(i, v.size()));
  return out;
}

// The line without its comment: a # at the line's start or after a blank, outside quotes.
RINGLAB_ONCE std::string_view uncommented(std::string_view text) {
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
      else if (quote == '"' && c == '\\') ++i;
    } else if ((c == '"' || c == '\'') && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == ':')) {
      quote = c;
    } else if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t')) {
      return text.substr(0, i);
    }
  }
  return text;
}

}  // namespace

RINGLAB_ONCE TwemproxyPool parse_twemproxy_config(std::string_view text, std::string_view wanted) {
  struct Read {
    TwemproxyPool pool;
    std::vector<std::string> seen;  // the directives given so far
    std::size_t line = 0;
  };
  std::vector<Read> pools;
  bool in_servers = false;
  std::size_t line_no = 0;
  for (std::size_t from = 0; from <= text.size();) {
    std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(from, end - from);
    from = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    line = uncommented(line);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    std::size_t indent = 0;
    while (indent < line.size() && line[indent] == ' ') ++indent;
    if (indent == line.size()) {
      if (end == text.size()) break;
      continue;
    }
    if (line[indent] == '\t') bad_line(line_no, indent + 1);
    std::string_view body = line.substr(indent);
    if (indent == 0) {
      if (body == "---") continue;
      // A pool: NAME: with nothing after it.
      if (body.size() < 2 || body.back() != ':' || body.find(": ") != std::string_view::npos) bad_line(line_no, 1);
      Read r;
      r.pool.name = scalar(body.substr(0, body.size() - 1), line_no, 1);
      r.line = line_no;
      for (const Read& p : pools)
        if (p.pool.name == r.pool.name)
          bad_at(line_no, 1, Error(ErrorCode::invalid_argument, rule::twDuplicate, "", {in_quotes(r.pool.name)}));
      pools.push_back(std::move(r));
      in_servers = false;
      continue;
    }
    if (pools.empty()) bad_line(line_no, indent + 1);
    Read& r = pools.back();
    if (body[0] == '-') {
      // A server under servers:.
      if (!in_servers || body.size() < 3 || body[1] != ' ') bad_line(line_no, indent + 1);
      std::size_t at = 2;
      while (at < body.size() && body[at] == ' ') ++at;
      const std::size_t column = indent + at + 1;
      try {
        r.pool.servers.push_back(parse_twemproxy_server(scalar(body.substr(at), line_no, column)));
      } catch (const Error& e) {
        if (&e.rule() == &rule::configAt) throw;  // the scalar's own, already placed
        bad_at(line_no, column, e);
      }
      continue;
    }
    in_servers = false;
    const std::size_t colon = body.find(':');
    if (colon == std::string_view::npos || colon == 0 || (colon + 1 < body.size() && body[colon + 1] != ' '))
      bad_line(line_no, indent + 1);
    const std::string key(body.substr(0, colon));
    std::size_t vat = colon + 1;
    while (vat < body.size() && body[vat] == ' ') ++vat;
    const std::size_t column = indent + vat + 1;
    if (std::find(std::begin(kDirectives), std::end(kDirectives), key) == std::end(kDirectives))
      bad_at(line_no, indent + 1, Error(ErrorCode::invalid_argument, rule::twDirective, "", {in_quotes(key)}));
    if (std::find(r.seen.begin(), r.seen.end(), key) != r.seen.end())
      bad_at(line_no, indent + 1, Error(ErrorCode::invalid_argument, rule::twDuplicate, "", {in_quotes(key)}));
    r.seen.push_back(key);
    if (key == "servers") {
      if (vat != body.size()) bad_line(line_no, column);
      in_servers = true;
      continue;
    }
    const std::string value = scalar(body.substr(vat), line_no, column);
    try {
      if (key == "hash") r.pool.options.hash = twemproxy_hash_from_name(value);
      else if (key == "distribution") r.pool.options.distribution = twemproxy_distribution_from_name(value);
      else if (key == "hash_tag") {
        // conf_set_hashtag: exactly two characters.
        if (value.size() != 2)
          throw Error(ErrorCode::invalid_argument, rule::twHashTag, "hash_tag", {in_quotes(value)});
        r.pool.options.hash_tag = value;
      } else if (key == "auto_eject_hosts") {
        // conf_set_bool: "true" or "false", nothing else.
        if (value != "true" && value != "false")
          throw Error(ErrorCode::invalid_argument, rule::oneOf, "auto_eject_hosts",
                      {"true", "false", in_quotes(value)});
        r.pool.auto_eject_hosts = value == "true";
      }
    } catch (const Error& e) {
      bad_at(line_no, column, e);
    }
  }
  const Read* chosen = nullptr;
  if (!wanted.empty()) {
    for (const Read& p : pools)
      if (p.pool.name == wanted) chosen = &p;
    if (chosen == nullptr) throw Error(ErrorCode::invalid_argument, rule::twNoPool, "", {in_quotes(wanted)});
  } else if (pools.size() > 1) {
    throw Error(ErrorCode::invalid_argument, rule::twPools, "", {pools.size()});
  } else if (!pools.empty()) {
    chosen = &pools[0];
  }
  if (chosen == nullptr || chosen->pool.servers.empty())
    throw Error(ErrorCode::out_of_range, rule::noneListed, "servers");
  return chosen->pool;
}

RINGLAB_ONCE Twemproxy::Twemproxy(std::vector<TwemproxyServer> servers, const TwemproxyOptions& options)
    : servers_(std::move(servers)), options_(options) {
  check_integer(SystemParam::twemproxy_servers, static_cast<std::int64_t>(servers_.size()));
  if (!options_.hash_tag.empty() && options_.hash_tag.size() != 2)
    throw Error(ErrorCode::invalid_argument, rule::twHashTag, "hash_tag", {in_quotes(options_.hash_tag)});
  for (const TwemproxyServer& s : servers_) {
    if (s.host.empty()) throw Error(ErrorCode::invalid_argument, rule::emptyHost, "");
    check_integer(SystemParam::twemproxy_port, s.port);
    check_integer(SystemParam::twemproxy_weight, s.weight);
  }
  // conf_validate_server sorts the servers by name (string_compare: by length, then bytes) and
  // refuses two with one name; the pool keeps that order.
  std::vector<std::pair<std::string, std::size_t>> order;
  for (std::size_t i = 0; i < servers_.size(); ++i) order.emplace_back(twemproxy_server_name(servers_[i]), i);
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
    if (a.first.size() != b.first.size()) return a.first.size() < b.first.size();
    return a.first < b.first;
  });
  for (std::size_t i = 1; i < order.size(); ++i)
    if (order[i].first == order[i - 1].first)
      throw Error(ErrorCode::duplicate_server, rule::duplicateServer, "", {order[i].first});
  std::vector<TwemproxyServer> sorted;
  for (auto& [name, at] : order) {
    sorted.push_back(std::move(servers_[at]));
    names_.push_back(std::move(name));
  }
  servers_ = std::move(sorted);

  for (const TwemproxyServer& s : servers_) {
    if (s.ejected) continue;
    ++live_;
    total_weight_ += static_cast<std::uint64_t>(s.weight);
  }
  // total_weight is a uint32_t in nutcracker; past it the continuum it sizes would overflow.
  constexpr std::uint64_t kMaxTotal = 4294967295u;
  if (total_weight_ > kMaxTotal)
    throw Error(ErrorCode::limit_exceeded, rule::twTotalWeight, "", {total_weight_, kMaxTotal});
  if (live_ == 0) return;

  if (options_.distribution == TwemproxyDistribution::modula) {
    // modula_update: each live server weight times in order; the running totals find the
    // entry without writing total_weight of them.
    std::uint64_t end = 0;
    for (std::size_t i = 0; i < servers_.size(); ++i) {
      if (servers_[i].ejected) continue;
      end += static_cast<std::uint64_t>(servers_[i].weight);
      modula_end_.push_back(end);
      modula_server_.push_back(static_cast<std::uint32_t>(i));
    }
    return;
  }

  // ketama_update
  const auto live = static_cast<std::uint32_t>(live_);
  continuum_.reserve(static_cast<std::size_t>(live) * kPointsPerServer);
  for (std::size_t i = 0; i < servers_.size(); ++i) {
    const TwemproxyServer& s = servers_[i];
    if (s.ejected) continue;
    // floorf((float)(pct * 160 / 4 * (float)nlive_server + 0.0000000001)) * 4: the products in
    // float, the addition in double, back to float.
    const float pct = static_cast<float>(s.weight) / static_cast<float>(static_cast<std::uint32_t>(total_weight_));
    float scaled = pct * static_cast<float>(kPointsPerServer);
    scaled = scaled / 4.0f;
    scaled = scaled * static_cast<float>(live);
    const auto sum = static_cast<float>(static_cast<double>(scaled) + 0.0000000001);
    const auto points = static_cast<std::uint32_t>(std::floor(sum) * 4.0f);
    for (std::uint32_t d = 0; d < points / kPointsPerHash; ++d) {
      std::string text = names_[i] + "-" + std::to_string(d);
      if (text.size() > kMaxPointString) text.resize(kMaxPointString);
      const auto digest = md5(text);
      for (unsigned x = 0; x < kPointsPerHash; ++x)
        continuum_.push_back({md5_word(digest, x), static_cast<std::uint32_t>(i)});
    }
  }
  // qsort by value alone; glibc's qsort is a merge sort here, stable, so equal values keep the
  // order they were made in: by server, then by point. Sorting by (value, server) gives the same
  // servers in the same places (two equal points of one server are interchangeable).
  std::sort(continuum_.begin(), continuum_.end(), [](const Point& a, const Point& b) {
    return a.value != b.value ? a.value < b.value : a.server < b.server;
  });
}

std::string_view Twemproxy::tagged(std::string_view key) const noexcept {
  if (options_.hash_tag.size() != 2) return key;
  const std::size_t start = key.find(options_.hash_tag[0]);
  if (start == std::string_view::npos) return key;
  const std::size_t end = key.find(options_.hash_tag[1], start + 1);
  if (end == std::string_view::npos || end - start <= 1) return key;
  return key.substr(start + 1, end - start - 1);
}

std::uint32_t Twemproxy::key_hash(std::string_view key) const noexcept {
  const std::string_view bytes = tagged(key);
  if (servers_.size() == 1 || bytes.empty()) return 0;
  return twemproxy_hash_value(options_.hash, bytes);
}

std::size_t Twemproxy::point_of_hash(std::uint32_t hash) const noexcept {
  const auto at = std::lower_bound(continuum_.begin(), continuum_.end(), hash,
                                   [](const Point& p, std::uint32_t h) { return p.value < h; });
  return at == continuum_.end() ? 0 : static_cast<std::size_t>(at - continuum_.begin());
}

std::optional<std::size_t> Twemproxy::place(std::string_view key) const noexcept {
  // server_pool_idx answers the one server without hashing, ejected or not; with none live,
  // nutcracker refuses the request.
  return server_of_hash(key_hash(key));
}

std::optional<std::size_t> Twemproxy::server_of_hash(std::uint32_t hash) const noexcept {
  if (servers_.size() == 1) return live_ == 0 ? std::nullopt : std::optional<std::size_t>(0);
  if (live_ == 0) return std::nullopt;
  if (options_.distribution == TwemproxyDistribution::modula) {
    const std::uint64_t at = hash % total_weight_;
    const auto it = std::upper_bound(modula_end_.begin(), modula_end_.end(), at);
    return modula_server_[static_cast<std::size_t>(it - modula_end_.begin())];
  }
  if (continuum_.empty()) return std::nullopt;
  return continuum_[point_of_hash(hash)].server;
}

}  // namespace ringlab::systems
