#include "ringlab/systems/nginx.hpp"
#include "ringlab/once.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <set>
#include <utility>

#include "ascii.hpp"
#include "ringlab/error.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/hashes.hpp"

namespace ringlab::systems {
namespace {

// ngx_http_upstream_init_chash: 160 points per unit of weight.
constexpr std::uint64_t kPointsPerWeight = 160;
// Both get_peer functions give up on the key after this many unusable candidates.
constexpr std::uint32_t kMaxHashTries = 20;

std::uint32_t le32_crc(std::uint32_t base, std::uint32_t prev) {
  const char bytes[4] = {static_cast<char>(prev & 0xff), static_cast<char>((prev >> 8) & 0xff),
                         static_cast<char>((prev >> 16) & 0xff), static_cast<char>((prev >> 24) & 0xff)};
  return crc32_update(base, std::string_view(bytes, 4));
}

}  // namespace

NginxUpstream::HostPort NginxUpstream::split_address(std::string_view address) noexcept {
  if (address.size() >= 5) {
    std::string lower(address.substr(0, 5));
    for (char& c : lower)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (lower == "unix:") return {address.substr(5), {}};
  }
  for (std::size_t j = 0; j < address.size(); ++j) {
    const char c = address[address.size() - j - 1];
    if (c == ':') return {address.substr(0, address.size() - j - 1), address.substr(address.size() - j)};
    if (!is_digit(c)) break;
  }
  return {address, {}};
}

namespace {

// What nginx's URL parser refuses in a server address that ringlab can tell without DNS, in
// its words; nothing when the address is fine.
std::optional<Error> address_problem(std::string_view address) {
  const auto problem = [&](const ErrorRule& r) { return Error(ErrorCode::invalid_argument, r, "", {address}); };
  if (address.empty()) return problem(rule::noHost);
  const NginxUpstream::HostPort hp = NginxUpstream::split_address(address);
  const bool unix_socket = hp.host.data() != address.data();
  if (!unix_socket && (address.back() == ':' || !hp.port.empty())) {
    std::int64_t port = 0;
    for (const char c : hp.port) port = port > 65535 ? port : port * 10 + (c - '0');
    if (hp.port.empty() || port < 1 || port > 65535) return problem(rule::badPort);
  }
  if (hp.host.empty()) return problem(rule::noHost);
  return std::nullopt;
}

}  // namespace

std::int64_t NginxUpstream::check(const std::vector<NginxServer>& servers, NginxMode mode) {
  check_integer(SystemParam::nginx_servers, static_cast<std::int64_t>(servers.size()));
  std::set<std::string_view> seen;
  std::int64_t total_weight = 0;
  for (const NginxServer& s : servers) {
    if (const std::optional<Error> problem = address_problem(s.address)) throw *problem;
    check_integer(SystemParam::nginx_weight, s.weight);
    if (!seen.insert(s.address).second)
      throw Error(ErrorCode::duplicate_server, rule::duplicateServer, "", {s.address});
    total_weight += s.weight;
  }
  const std::uint64_t npoints = static_cast<std::uint64_t>(total_weight) * kPointsPerWeight;
  if (mode == NginxMode::consistent && npoints > kMaxRingPoints)
    throw Error(ErrorCode::limit_exceeded, rule::ringCap, "", {npoints, kMaxRingPoints});
  return total_weight;
}

NginxUpstream::NginxUpstream(std::vector<NginxServer> servers, NginxMode mode)
    : servers_(std::move(servers)), mode_(mode) {
  total_weight_ = check(servers_, mode_);
  if (mode_ != NginxMode::consistent) return;
  const std::uint64_t npoints = static_cast<std::uint64_t>(total_weight_) * kPointsPerWeight;
  points_.reserve(npoints);
  for (std::uint32_t i = 0; i < servers_.size(); ++i) {
    // crc32(HOST \0 PORT PREV_HASH), the previous point's 4 bytes little-endian (0 at first).
    const HostPort hp = split_address(servers_[i].address);
    std::string head(hp.host);
    head.push_back('\0');
    head += hp.port;
    const std::uint32_t base = crc32(head);
    std::uint32_t prev = 0;
    for (std::int64_t j = 0; j < servers_[i].weight * static_cast<std::int64_t>(kPointsPerWeight); ++j) {
      prev = le32_crc(base, prev);
      points_.push_back({prev, i});
    }
  }
  // qsort by value (glibc's is a stable merge sort here), then keep the first of equal values.
  std::stable_sort(points_.begin(), points_.end(), [](const Point& a, const Point& b) { return a.hash < b.hash; });
  points_.erase(
      std::unique(points_.begin(), points_.end(), [](const Point& a, const Point& b) { return a.hash == b.hash; }),
      points_.end());
}

// One request's balancer state: the peers already tried, the hash module's counters.
struct NginxUpstream::State {
  std::string_view key;
  std::vector<bool> tried;
  std::uint32_t hash = 0;  // hash mode: the sum so far; consistent: the point index
  std::uint64_t rehash = 0;
  std::uint32_t tries = 0;  // unusable candidates so far
};

NginxChoice NginxUpstream::next(State& st) const {
  const auto round_robin = [&]() -> NginxChoice {
    std::size_t count = 0, last = 0;
    for (std::size_t i = 0; i < servers_.size(); ++i)
      if (!servers_[i].down && !st.tried[i]) ++count, last = i;
    if (count == 0) return {NginxChoice::Kind::none, 0};
    if (count > 1) return {NginxChoice::Kind::round_robin, 0};
    st.tried[last] = true;
    return {NginxChoice::Kind::server, last};
  };
  const auto usable = [&](std::size_t i) { return !st.tried[i] && !servers_[i].down; };
  if (st.tries > kMaxHashTries || servers_.size() == 1 || st.key.empty()) return round_robin();

  if (mode_ == NginxMode::hash) {
    while (true) {
      // Cache::Memcached's ((crc32([REHASH] KEY) >> 16) & 0x7fff) + PREV_HASH.
      std::uint32_t c;
      if (st.rehash > 0) c = crc32_update(crc32(std::to_string(st.rehash)), st.key);
      else c = crc32(st.key);
      st.hash += (c >> 16) & 0x7fff;
      ++st.rehash;
      std::int64_t w = static_cast<std::int64_t>(st.hash % static_cast<std::uint64_t>(total_weight_));
      std::size_t p = 0;
      while (w >= servers_[p].weight) w -= servers_[p++].weight;
      if (usable(p)) {
        st.tried[p] = true;
        return {NginxChoice::Kind::server, p};
      }
      if (++st.tries > kMaxHashTries) return round_robin();
    }
  }
  while (true) {
    const std::size_t p = points_[st.hash % points_.size()].server;
    if (usable(p)) {
      st.tried[p] = true;
      return {NginxChoice::Kind::server, p};
    }
    ++st.hash;
    if (++st.tries > kMaxHashTries) return round_robin();
  }
}

NginxUpstream::State NginxUpstream::start(std::string_view key) const {
  State st{key, std::vector<bool>(servers_.size(), false)};
  if (mode_ == NginxMode::consistent) {
    const std::uint32_t h = crc32(key);
    st.hash = static_cast<std::uint32_t>(std::lower_bound(points_.begin(), points_.end(), h,
                                                          [](const Point& p, std::uint32_t v) { return p.hash < v; }) -
                                         points_.begin());
  }
  return st;
}

NginxChoice NginxUpstream::place(std::string_view key) const {
  State st = start(key);
  return next(st);
}

std::optional<std::size_t> NginxUpstream::point_of(std::string_view key) const {
  if (mode_ != NginxMode::consistent || servers_.size() == 1 || key.empty()) return std::nullopt;
  State st = start(key);
  // next() leaves st.hash at the point whose server it chose; past kMaxHashTries the round-robin
  // balancer chose, not the ring.
  const NginxChoice c = next(st);
  if (c.kind != NginxChoice::Kind::server || st.tries > kMaxHashTries) return std::nullopt;
  return st.hash % points_.size();
}

std::optional<std::size_t> NginxUpstream::first_pick(std::string_view key) const noexcept {
  if (servers_.size() == 1 || key.empty()) return std::nullopt;
  std::size_t p = 0;
  if (mode_ == NginxMode::consistent) {
    const std::uint32_t h = crc32(key);
    const auto at =
        static_cast<std::size_t>(std::lower_bound(points_.begin(), points_.end(), h,
                                                  [](const Point& q, std::uint32_t v) { return q.hash < v; }) -
                                 points_.begin());
    p = points_[at % points_.size()].server;
  } else {
    // next()'s first round: ((crc32(KEY) >> 16) & 0x7fff) % total weight, walked over the weights.
    std::int64_t w =
        static_cast<std::int64_t>(((crc32(key) >> 16) & 0x7fff) % static_cast<std::uint64_t>(total_weight_));
    while (w >= servers_[p].weight) w -= servers_[p++].weight;
  }
  if (servers_[p].down) return std::nullopt;
  return p;
}

std::optional<NginxChoice> NginxUpstream::choice_of_hash(std::uint32_t h) const {
  // A state as start() leaves it for a key whose hash is h: next() reads the key itself only to
  // tell an empty one, and, in hash mode, after a first round that found a down server.
  State st{"k", std::vector<bool>(servers_.size(), false)};
  if (mode_ == NginxMode::consistent) {
    st.hash = static_cast<std::uint32_t>(std::lower_bound(points_.begin(), points_.end(), h,
                                                          [](const Point& p, std::uint32_t v) { return p.hash < v; }) -
                                         points_.begin());
    return next(st);
  }
  if (servers_.size() == 1) return next(st);
  std::int64_t w = static_cast<std::int64_t>(h % static_cast<std::uint64_t>(total_weight_));
  std::size_t p = 0;
  while (w >= servers_[p].weight) w -= servers_[p++].weight;
  if (servers_[p].down) return std::nullopt;
  return NginxChoice{NginxChoice::Kind::server, p};
}

std::vector<NginxChoice> NginxUpstream::tries(std::string_view key) const {
  State st = start(key);
  // nginx allows one try per server that is not down.
  std::size_t allowed = 0;
  for (const NginxServer& s : servers_) allowed += s.down ? 0 : 1;
  std::vector<NginxChoice> out;
  while (out.size() < allowed) {
    const NginxChoice c = next(st);
    out.push_back(c);
    if (c.kind != NginxChoice::Kind::server) break;
  }
  if (out.empty()) out.push_back({NginxChoice::Kind::none, 0});
  return out;
}

// ---------------------------------------------------------------------------------------------
// The configuration text

namespace {

struct Token {
  std::string text;
  std::size_t line = 1, column = 1;
  char special = 0;  // ';', '{', '}' or 0 for a word
  bool quoted = false;
};

[[noreturn]] void bad_at(std::size_t line, std::size_t column, const Error& what) {
  throw Error(rule::configAt, "", {"upstream", line, column}, what);
}
[[noreturn]] void bad_at(std::size_t line, std::size_t column, const ErrorRule& what,
                         std::vector<ErrorValue> values = {}, ErrorCode code = ErrorCode::invalid_argument) {
  bad_at(line, column, Error(code, what, "", std::move(values)));
}

// nginx's configuration tokens (ngx_conf_read_token): words, quoted strings with \" \' \\ \t
// \r \n escapes, ';', '{', '}', and '#' comments to the end of the line.
std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  std::size_t line = 1, col = 1, i = 0;
  const auto advance = [&]() {
    if (text[i] == '\n') ++line, col = 1;
    else ++col;
    ++i;
  };
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (i < text.size()) {
    const char c = text[i];
    if (space(c)) {
      advance();
      continue;
    }
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') advance();
      continue;
    }
    Token t;
    t.line = line, t.column = col;
    if (c == ';' || c == '{' || c == '}') {
      t.special = c;
      t.text = std::string(1, c);
      advance();
      out.push_back(std::move(t));
      continue;
    }
    if (c == '"' || c == '\'') {
      t.quoted = true;
      advance();
      bool closed = false;
      while (i < text.size()) {
        const char d = text[i];
        if (d == c) {
          advance();
          closed = true;
          break;
        }
        if (d == '\\' && i + 1 < text.size()) {
          const char e = text[i + 1];
          if (e == '"' || e == '\'' || e == '\\') t.text.push_back(e);
          else if (e == 't') t.text.push_back('\t');
          else if (e == 'r') t.text.push_back('\r');
          else if (e == 'n') t.text.push_back('\n');
          else t.text.append({d, e});
          advance();
          advance();
          continue;
        }
        t.text.push_back(d);
        advance();
      }
      if (!closed) bad_at(t.line, t.column, rule::nginxEofQuote);
      if (i < text.size() && !space(text[i]) && text[i] != ';' && text[i] != '{' && text[i] != '}')
        bad_at(line, col, rule::nginxUnexpected, {in_quotes(std::string_view(&text[i], 1))});
      out.push_back(std::move(t));
      continue;
    }
    while (i < text.size() && !space(text[i]) && text[i] != ';' && text[i] != '{' && text[i] != '}') {
      t.text.push_back(text[i]);
      advance();
    }
    out.push_back(std::move(t));
  }
  return out;
}

// ngx_atoi: digits only, no sign.
std::optional<std::int64_t> atoi_text(std::string_view s) {
  if (s.empty()) return std::nullopt;
  std::int64_t v = 0;
  for (const char c : s) {
    if (!is_digit(c)) return std::nullopt;
    if (v > (std::int64_t{1} << 62) / 10) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

// ngx_parse_time in seconds: "10", "30s", "1m", "1h30m", units y M w d h m s in that order.
std::optional<std::int64_t> time_text(std::string_view s) {
  static constexpr std::pair<char, std::int64_t> kUnits[] = {
      {'y', 31536000}, {'M', 2592000}, {'w', 604800}, {'d', 86400}, {'h', 3600}, {'m', 60}, {'s', 1}};
  std::size_t next_unit = 0;
  std::int64_t total = 0, value = 0;
  bool digits = false;
  for (const char c : s) {
    if (is_digit(c)) {
      if (value > (std::int64_t{1} << 40)) return std::nullopt;
      value = value * 10 + (c - '0');
      digits = true;
      continue;
    }
    if (c == ' ') continue;
    std::size_t u = next_unit;
    while (u < std::size(kUnits) && kUnits[u].first != c) ++u;
    if (u == std::size(kUnits) || !digits) return std::nullopt;
    total += value * kUnits[u].second;
    value = 0;
    digits = false;
    next_unit = u + 1;
  }
  if (s.empty()) return std::nullopt;
  return total + value;
}

}  // namespace

RINGLAB_ONCE void apply_server_parameter(NginxServer& s, std::string_view a) {
  const auto invalid = [&]() { throw Error(ErrorCode::invalid_argument, rule::nginxParameter, "", {in_quotes(a)}); };
  if (a.rfind("weight=", 0) == 0) {
    const std::optional<std::int64_t> w = atoi_text(a.substr(7));
    if (!w || *w == 0) invalid();
    s.weight = check_integer(SystemParam::nginx_weight, *w);
  } else if (a.rfind("max_conns=", 0) == 0) {
    const std::optional<std::int64_t> v = atoi_text(a.substr(10));
    if (!v) invalid();
    s.max_conns = *v;
  } else if (a.rfind("max_fails=", 0) == 0) {
    const std::optional<std::int64_t> v = atoi_text(a.substr(10));
    if (!v) invalid();
    s.max_fails = *v;
  } else if (a.rfind("fail_timeout=", 0) == 0) {
    const std::optional<std::int64_t> v = time_text(a.substr(13));
    if (!v) invalid();
    s.fail_timeout = *v;
  } else if (a == "down") {
    s.down = true;
  } else if (a == "backup") {
    throw Error(ErrorCode::invalid_argument, rule::nginxBackup, "");
  } else {
    invalid();
  }
}

RINGLAB_ONCE NginxConfig parse_nginx_upstream(std::string_view text) {
  const std::vector<Token> tokens = tokenize(text);
  NginxConfig config;
  std::size_t i = 0;
  bool in_block = false;
  bool has_hash = false;
  std::vector<std::pair<std::size_t, std::size_t>> server_at;  // line, column of each server
  if (!tokens.empty() && !tokens[0].special && !tokens[0].quoted && tokens[0].text == "upstream") {
    if (tokens.size() < 2 || tokens[1].special)
      bad_at(tokens[0].line, tokens[0].column, rule::nginxArguments, {"upstream"});
    if (tokens.size() < 3 || tokens[2].special != '{')
      bad_at(tokens.size() < 3 ? tokens[1].line : tokens[2].line,
             tokens.size() < 3 ? tokens[1].column : tokens[2].column, rule::nginxExpectedBrace);
    in_block = true;
    config.name = tokens[1].text;
    i = 3;
  }
  bool closed = false;
  while (i < tokens.size()) {
    const Token& head = tokens[i];
    if (head.special == '}') {
      if (!in_block) bad_at(head.line, head.column, rule::nginxUnexpected, {in_quotes("}")});
      closed = true;
      ++i;
      if (i < tokens.size())
        bad_at(tokens[i].line, tokens[i].column, rule::nginxAfterBlock, {in_quotes(tokens[i].text)});
      break;
    }
    if (head.special) bad_at(head.line, head.column, rule::nginxUnexpected, {in_quotes(head.text)});
    std::vector<const Token*> args;
    std::size_t j = i + 1;
    for (; j < tokens.size() && !tokens[j].special; ++j) args.push_back(&tokens[j]);
    if (j == tokens.size()) bad_at(head.line, head.column, rule::nginxEofSemicolon, {in_quotes(head.text)});
    if (tokens[j].special != ';')
      bad_at(tokens[j].line, tokens[j].column, rule::nginxUnexpected, {in_quotes(tokens[j].text)});
    const std::string& name = head.text;
    if (name == "hash") {
      if (args.empty() || args.size() > 2) bad_at(head.line, head.column, rule::nginxArguments, {"hash"});
      if (args.size() == 2 && args[1]->text != "consistent")
        bad_at(args[1]->line, args[1]->column, rule::nginxParameter, {in_quotes(args[1]->text)});
      // A second hash directive replaces the first, as nginx does (with a warning).
      config.key = args[0]->text;
      config.mode = args.size() == 2 ? NginxMode::consistent : NginxMode::hash;
      has_hash = true;
    } else if (name == "server") {
      if (args.empty()) bad_at(head.line, head.column, rule::nginxArguments, {"server"});
      NginxServer s;
      s.address = args[0]->text;
      if (const std::optional<Error> problem = address_problem(s.address))
        bad_at(args[0]->line, args[0]->column, *problem);
      for (std::size_t k = 1; k < args.size(); ++k) {
        try {
          apply_server_parameter(s, args[k]->text);
        } catch (const Error& e) {
          bad_at(args[k]->line, args[k]->column, e);
        }
      }
      for (std::size_t k = 0; k < config.servers.size(); ++k)
        if (config.servers[k].address == s.address)
          bad_at(args[0]->line, args[0]->column, rule::duplicateOnLine, {s.address, server_at[k].first},
                 ErrorCode::duplicate_server);
      server_at.emplace_back(args[0]->line, args[0]->column);
      config.servers.push_back(std::move(s));
    } else if (name == "zone" || name == "keepalive" || name == "keepalive_requests" || name == "keepalive_time" ||
               name == "keepalive_timeout") {
      // Connections and shared memory: nothing to do with where a key goes.
    } else if (name == "ip_hash" || name == "least_conn" || name == "random" || name == "least_time" ||
               name == "sticky" || name == "ntlm") {
      bad_at(head.line, head.column, rule::nginxMethod, {in_quotes(name)});
    } else {
      bad_at(head.line, head.column, rule::nginxDirective, {in_quotes(name)});
    }
    i = j + 1;
  }
  const std::size_t end_line = tokens.empty() ? 1 : tokens.back().line;
  const std::size_t end_col = tokens.empty() ? 1 : tokens.back().column;
  if (in_block && !closed) bad_at(end_line, end_col, rule::nginxEofBrace);
  if (config.servers.empty()) bad_at(end_line, end_col, rule::nginxNoServers);
  if (!has_hash) bad_at(end_line, end_col, rule::nginxNoHash);
  try {
    (void)NginxUpstream::check(config.servers, config.mode);
  } catch (const Error& e) {
    bad_at(end_line, end_col, e);
  }
  return config;
}

}  // namespace ringlab::systems
