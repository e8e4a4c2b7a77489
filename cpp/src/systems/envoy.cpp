#include "ringlab/systems/envoy.hpp"
#include "ringlab/once.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <set>
#include <utility>

#include "ascii.hpp"
#include "ringlab/error.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/hashes.hpp"

namespace ringlab::systems::envoy {
namespace {

[[noreturn]] void bad_address(std::string_view address) {
  throw Error(ErrorCode::invalid_argument, rule::envoyHost, "", {input(address)});
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// inet_pton(AF_INET): exactly four decimal parts 0..255, none with a leading zero.
std::optional<std::array<std::uint8_t, 4>> parse_ipv4(std::string_view s) {
  std::array<std::uint8_t, 4> out{};
  std::size_t part = 0, i = 0;
  while (true) {
    if (i >= s.size() || !is_digit(s[i])) return std::nullopt;
    unsigned v = 0;
    const std::size_t from = i;
    while (i < s.size() && is_digit(s[i])) {
      v = v * 10 + static_cast<unsigned>(s[i] - '0');
      if (v > 255) return std::nullopt;
      ++i;
    }
    if (i - from > 1 && s[from] == '0') return std::nullopt;
    out[part++] = static_cast<std::uint8_t>(v);
    if (part == 4) return i == s.size() ? std::optional(out) : std::nullopt;
    if (i >= s.size() || s[i] != '.') return std::nullopt;
    ++i;
  }
}

// inet_pton(AF_INET6): groups of 1-4 hex digits, at most one "::", an IPv4 tail in the last 32 bits.
std::optional<std::array<std::uint16_t, 8>> parse_ipv6(std::string_view s) {
  std::array<std::uint16_t, 8> words{};
  std::vector<std::uint16_t> head, tail;
  bool gap = false;
  std::size_t i = 0;
  if (s.substr(0, 2) == "::") {
    gap = true;
    i = 2;
  } else if (!s.empty() && s[0] == ':') {
    return std::nullopt;
  }
  while (i < s.size()) {
    std::vector<std::uint16_t>& into = gap ? tail : head;
    // An IPv4 tail: digits then a '.' before the next ':'.
    const std::size_t colon = s.find(':', i);
    const std::string_view group = s.substr(i, colon == std::string_view::npos ? std::string_view::npos : colon - i);
    if (group.find('.') != std::string_view::npos) {
      if (colon != std::string_view::npos) return std::nullopt;
      const auto v4 = parse_ipv4(group);
      if (!v4) return std::nullopt;
      into.push_back(static_cast<std::uint16_t>(((*v4)[0] << 8) | (*v4)[1]));
      into.push_back(static_cast<std::uint16_t>(((*v4)[2] << 8) | (*v4)[3]));
      i = s.size();
      break;
    }
    if (group.empty() || group.size() > 4) return std::nullopt;
    unsigned v = 0;
    for (const char c : group) {
      const int h = hex_value(c);
      if (h < 0) return std::nullopt;
      v = v * 16 + static_cast<unsigned>(h);
    }
    into.push_back(static_cast<std::uint16_t>(v));
    if (colon == std::string_view::npos) {
      i = s.size();
      break;
    }
    i = colon + 1;
    if (i < s.size() && s[i] == ':') {
      if (gap) return std::nullopt;
      gap = true;
      ++i;
    } else if (i == s.size()) {
      return std::nullopt;  // a trailing single ':'
    }
  }
  const std::size_t n = head.size() + tail.size();
  if (gap ? n > 7 : n != 8) return std::nullopt;
  std::copy(head.begin(), head.end(), words.begin());
  std::copy(tail.begin(), tail.end(), words.end() - static_cast<std::ptrdiff_t>(tail.size()));
  return words;
}

std::string hex_group(std::uint16_t w) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  bool started = false;
  for (int shift = 12; shift >= 0; shift -= 4) {
    const unsigned d = (w >> shift) & 0xF;
    if (d != 0 || started || shift == 0) {
      out.push_back(digits[d]);
      started = true;
    }
  }
  return out;
}

// glibc's inet_ntop(AF_INET6), which Envoy's Ipv6Instance uses to name an address.
std::string ipv6_text(const std::array<std::uint16_t, 8>& w) {
  int best_base = -1, best_len = 0, cur_base = -1, cur_len = 0;
  for (int i = 0; i < 8; ++i) {
    if (w[static_cast<std::size_t>(i)] == 0) {
      if (cur_base < 0) cur_base = i, cur_len = 1;
      else ++cur_len;
    } else if (cur_base >= 0) {
      if (best_base < 0 || cur_len > best_len) best_base = cur_base, best_len = cur_len;
      cur_base = -1;
    }
  }
  if (cur_base >= 0 && (best_base < 0 || cur_len > best_len)) best_base = cur_base, best_len = cur_len;
  if (best_base >= 0 && best_len < 2) best_base = -1;
  std::string out;
  for (int i = 0; i < 8; ++i) {
    if (best_base >= 0 && i >= best_base && i < best_base + best_len) {
      if (i == best_base) out.push_back(':');
      continue;
    }
    if (i != 0) out.push_back(':');
    if (i == 6 && best_base == 0 && (best_len == 6 || (best_len == 5 && w[5] == 0xffff))) {
      out += std::to_string(w[6] >> 8) + "." + std::to_string(w[6] & 0xFF) + "." + std::to_string(w[7] >> 8) + "." +
             std::to_string(w[7] & 0xFF);
      break;
    }
    out += hex_group(w[static_cast<std::size_t>(i)]);
  }
  if (best_base >= 0 && best_base + best_len == 8) out.push_back(':');
  return out;
}

// A port 0..65535 in plain decimal, as port_value holds it.
std::optional<unsigned> parse_port(std::string_view s) {
  if (s.empty() || s.size() > 5 || (s.size() > 1 && s[0] == '0')) return std::nullopt;
  unsigned v = 0;
  for (const char c : s) {
    if (!is_digit(c)) return std::nullopt;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  if (v > 65535) return std::nullopt;
  return v;
}

// The normalized weights Envoy's normalizeHostWeights computes: weight * 1.0 / sum, in doubles.
std::vector<double> normalized_weights(const std::vector<Host>& hosts) {
  std::uint64_t sum = 0;
  for (const Host& h : hosts) sum += static_cast<std::uint64_t>(h.weight);
  if (sum > kMaxTotalWeight) throw Error(ErrorCode::limit_exceeded, rule::weightSum, "", {sum, kMaxTotalWeight});
  std::vector<double> out;
  out.reserve(hosts.size());
  for (const Host& h : hosts)
    out.push_back(static_cast<double>(h.weight) * 1.0 / static_cast<double>(static_cast<std::uint32_t>(sum)));
  return out;
}

// The checks both balancers share; returns each host's hashed key.
std::vector<std::string> checked_keys(const std::vector<Host>& hosts, bool use_hostname) {
  check_integer(SystemParam::envoy_hosts, static_cast<std::int64_t>(hosts.size()));
  std::vector<std::string> keys;
  keys.reserve(hosts.size());
  std::set<std::string_view> addresses;
  std::set<std::string_view> seen;
  for (const Host& h : hosts) {
    check_integer(SystemParam::envoy_weight, h.weight);
    if (!addresses.insert(h.address).second)
      throw Error(ErrorCode::duplicate_server, rule::duplicateHost, "", {input(h.address)});
    keys.push_back(host_key(h, use_hostname));
  }
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (!seen.insert(keys[i]).second)
      throw Error(ErrorCode::duplicate_server, rule::sameHash, "", {input(keys[i]), input(hosts[i].address)});
  return keys;
}

}  // namespace

std::string canonical_address(std::string_view address) {
  std::string_view host, port;
  bool v6 = false;
  if (!address.empty() && address[0] == '[') {
    const std::size_t close = address.find(']');
    if (close == std::string_view::npos || close + 1 >= address.size() || address[close + 1] != ':')
      bad_address(address);
    host = address.substr(1, close - 1);
    port = address.substr(close + 2);
    v6 = true;
  } else {
    const std::size_t colon = address.rfind(':');
    if (colon == std::string_view::npos) bad_address(address);
    host = address.substr(0, colon);
    port = address.substr(colon + 1);
  }
  const std::optional<unsigned> p = parse_port(port);
  if (!p) bad_address(address);
  if (v6) {
    const auto w = parse_ipv6(host);
    if (!w) bad_address(address);
    std::string out(1, '[');
    out += ipv6_text(*w);
    out += "]:";
    out += std::to_string(*p);
    return out;
  }
  if (!parse_ipv4(host)) bad_address(address);
  return std::string(host) + ":" + std::to_string(*p);
}

std::string host_key(const Host& host, bool use_hostname) {
  if (!host.hash_key.empty()) return host.hash_key;
  if (use_hostname) return host.hostname;
  return canonical_address(host.address);
}

RingHash ring_hash_from_name(std::string_view name) {
  if (name == "xxhash") return RingHash::xxhash;
  if (name == "murmur2") return RingHash::murmur2;
  throw Error(ErrorCode::invalid_argument, rule::oneOf, "hash", {"xxhash", "murmur2", input(name)});
}

// --- ring_hash ---------------------------------------------------------------------------------

Ring::Ring(std::vector<Host> hosts, RingOptions options) : hosts_(std::move(hosts)) {
  check_integer(SystemParam::envoy_max_ring, options.max_ring_size);
  check_integer(SystemParam::envoy_min_ring, options.min_ring_size, 1, options.max_ring_size);
  const std::vector<std::string> keys = checked_keys(hosts_, options.use_hostname);
  const std::vector<double> weights = normalized_weights(hosts_);
  const double min_weight = *std::min_element(weights.begin(), weights.end());
  const auto min_ring = static_cast<double>(options.min_ring_size);
  const auto max_ring = static_cast<double>(options.max_ring_size);
  // The smallest host gets at least ceil(min_w * min_ring) entries; the ring never exceeds max.
  const double scale = std::min(std::ceil(min_weight * min_ring) / min_weight, max_ring);
  entries_.reserve(static_cast<std::size_t>(std::ceil(scale)) + 1);
  // Both sums run across hosts, so a host's fractional share is carried to the next one.
  double current = 0.0;
  double target = 0.0;
  std::string point;
  for (std::size_t h = 0; h < hosts_.size(); ++h) {
    target += scale * weights[h];
    point = keys[h];
    point.push_back('_');
    const std::size_t stem = point.size();
    for (std::uint64_t i = 0; current < target; ++i, current += 1.0) {
      point.resize(stem);
      point += std::to_string(i);
      const std::uint64_t hash = options.hash == RingHash::murmur2 ? libstdcxx_hash_bytes(point) : xxhash64(point, 0);
      entries_.push_back({hash, static_cast<std::uint32_t>(h)});
    }
  }
  // Envoy's std::sort leaves equal hashes in no particular order. Hosts hash as distinct bytes
  // (checked above), so equal 64-bit hashes are as good as impossible; the host index keeps
  // ringlab's order fixed anyway, without a stable sort's second buffer of the ring's size.
  std::sort(entries_.begin(), entries_.end(),
            [](const Entry& a, const Entry& b) { return a.hash != b.hash ? a.hash < b.hash : a.host < b.host; });
}

std::size_t Ring::entry_of_hash(std::uint64_t h, std::uint64_t attempt) const noexcept {
  // Envoy's search, ported from libketama's: the first entry with hash >= h, else entry 0.
  const auto size = static_cast<std::int64_t>(entries_.size());
  std::int64_t low = 0, high = size, mid = 0;
  while (true) {
    mid = (low + high) / 2;
    if (mid == size) {
      mid = 0;
      break;
    }
    const std::uint64_t midval = entries_[static_cast<std::size_t>(mid)].hash;
    const std::uint64_t below = mid == 0 ? 0 : entries_[static_cast<std::size_t>(mid - 1)].hash;
    if (h <= midval && h > below) break;
    if (midval < h) low = mid + 1;
    else high = mid - 1;
    if (low > high) {
      mid = 0;
      break;
    }
  }
  return static_cast<std::size_t>((static_cast<std::uint64_t>(mid) + attempt) % entries_.size());
}

std::size_t Ring::host_of_hash(std::uint64_t h, std::uint64_t attempt) const noexcept {
  return entries_[entry_of_hash(h, attempt)].host;
}

std::uint64_t request_hash(std::string_view key) noexcept { return xxhash64(key, 0); }

std::size_t Ring::place(std::string_view key) const noexcept { return host_of_hash(request_hash(key)); }

// --- maglev ------------------------------------------------------------------------------------

Maglev::Maglev(std::vector<Host> hosts, std::int64_t table_size, bool use_hostname) : hosts_(std::move(hosts)) {
  check_integer(SystemParam::envoy_table_size, table_size);
  if (!is_prime(static_cast<std::uint32_t>(table_size)))
    throw Error(ErrorCode::invalid_argument, rule::prime, std::string(param(SystemParam::envoy_table_size).name),
                {table_size});
  const std::vector<std::string> keys = checked_keys(hosts_, use_hostname);
  const std::vector<double> weights = normalized_weights(hosts_);
  const double max_weight = *std::max_element(weights.begin(), weights.end());
  const auto m = static_cast<std::uint64_t>(table_size);

  struct Build {
    std::uint32_t host;
    std::uint64_t offset, skip, next = 0;
    double weight, target = 0.0;
  };
  std::vector<Build> build;
  build.reserve(hosts_.size());
  for (std::size_t h = 0; h < hosts_.size(); ++h)
    build.push_back({static_cast<std::uint32_t>(h), xxhash64(keys[h], 0) % m, xxhash64(keys[h], 1) % (m - 1) + 1, 0,
                     weights[h], 0.0});
  // Envoy sorts by the hashed key, so the table does not depend on the order hosts came in.
  std::sort(build.begin(), build.end(), [&](const Build& a, const Build& b) { return keys[a.host] < keys[b.host]; });

  constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  table_.assign(m, kEmpty);
  std::uint64_t filled = 0;
  for (std::uint64_t iteration = 1; filled < m; ++iteration) {
    for (std::size_t i = 0; i < build.size() && filled < m; ++i) {
      Build& e = build[i];
      // A host of the largest weight takes a slot every pass; one of a third of it every third.
      if (static_cast<double>(iteration) * e.weight < e.target) continue;
      e.target += max_weight;
      std::uint64_t c = (e.offset + e.skip * e.next) % m;
      while (table_[c] != kEmpty) {
        ++e.next;
        c = (e.offset + e.skip * e.next) % m;
      }
      table_[c] = e.host;
      ++e.next;
      ++filled;
    }
  }
}

std::size_t Maglev::slot_of_hash(std::uint64_t h, std::uint64_t attempt) const noexcept {
  if (attempt > 0) h ^= ~std::uint64_t{0} - attempt + 1;
  return static_cast<std::size_t>(h % table_.size());
}

std::size_t Maglev::host_of_hash(std::uint64_t h, std::uint64_t attempt) const noexcept {
  return table_[slot_of_hash(h, attempt)];
}

std::size_t Maglev::place(std::string_view key) const noexcept { return host_of_hash(request_hash(key)); }

// --- configuration text ------------------------------------------------------------------------

namespace {

std::int64_t weight_of(std::string_view text) {
  return check_integer(SystemParam::envoy_weight, integer_from_text(text, param(SystemParam::envoy_weight).name));
}

// One ADDR[=W] entry of a list: the address checked unless it is a hostname.
Host list_entry(std::string_view entry, bool use_hostname) {
  Host h;
  const std::size_t eq = entry.rfind('=');
  const std::string_view name = entry.substr(0, eq);
  if (name.empty()) throw Error(ErrorCode::invalid_argument, rule::form, "", {"ADDR or ADDR=W", input(entry)});
  h.address = std::string(name);
  if (use_hostname) h.hostname = h.address;
  else (void)canonical_address(name);
  if (eq != std::string_view::npos) h.weight = weight_of(entry.substr(eq + 1));
  return h;
}

[[noreturn]] void bad_at(std::size_t line, std::size_t column, const Error& what) {
  throw Error(rule::configAt, "", {"endpoints", line, column}, what);
}
[[noreturn]] void bad_at(std::size_t line, std::size_t column, const ErrorRule& what,
                         std::vector<ErrorValue> values = {}, ErrorCode code = ErrorCode::invalid_argument) {
  bad_at(line, column, Error(code, what, "", std::move(values)));
}

// A `key: value` pair of the YAML, where it starts.
struct Pair {
  std::string key;
  std::string value;  // empty when the key opens a block or a flow map
  bool has_value = false;
  std::size_t line, key_column, value_column;
  std::size_t indent;  // the column of the key, or of the "- " of the list item it starts
  bool item = false;   // the first pair of a list item ("- key: ...")
};

bool is_key_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' || c == '.' || c == '-';
}

bool looks_like_yaml(std::string_view text) {
  std::size_t from = 0;
  while (from <= text.size()) {
    std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(from, end - from);
    std::size_t i = 0;
    while (i < l.size() && (l[i] == ' ' || l[i] == '-')) ++i;
    const std::size_t key_from = i;
    while (i < l.size() && is_key_char(l[i])) ++i;
    if (i > key_from && i < l.size() && l[i] == ':' && (i + 1 == l.size() || l[i + 1] == ' ' || l[i + 1] == '\r'))
      return true;
    from = end + 1;
  }
  return false;
}

// The YAML's pairs in order, flow maps ({ a: b, c: d }) flattened into the pairs they hold.
std::vector<Pair> yaml_pairs(std::string_view text) {
  std::vector<Pair> out;
  std::size_t line_no = 0, from = 0;
  while (from <= text.size()) {
    std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(from, end - from);
    ++line_no;
    from = end + 1;
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    std::size_t i = 0;
    while (i < l.size() && l[i] == ' ') ++i;
    if (i < l.size() && l[i] == '\t') bad_at(line_no, i + 1, rule::envoyTab, {}, ErrorCode::invalid_argument);
    if (i == l.size() || l[i] == '#') continue;
    if (l.substr(i) == "---" || l.substr(i) == "...") continue;
    std::size_t indent = i;
    bool item = false;
    while (i < l.size() && l[i] == '-' && (i + 1 == l.size() || l[i + 1] == ' ')) {
      if (!item) indent = i;
      item = true;
      ++i;
      while (i < l.size() && l[i] == ' ') ++i;
    }
    if (i == l.size() || l[i] == '#') {
      if (item) out.push_back(Pair{"", "", false, line_no, i + 1, i + 1, indent, true});
      continue;
    }
    // key: rest, where rest is a scalar, a flow map, or nothing (a block follows).
    int depth = 0;
    bool first = true;
    while (i < l.size()) {
      while (i < l.size() && (l[i] == ' ' || (depth > 0 && l[i] == ','))) ++i;
      if (i == l.size() || l[i] == '#') break;
      if (depth > 0 && l[i] == '}') {
        --depth;
        ++i;
        continue;
      }
      const std::size_t key_from = i;
      while (i < l.size() && is_key_char(l[i])) ++i;
      if (i == key_from || i >= l.size() || l[i] != ':' || (i + 1 < l.size() && l[i + 1] != ' '))
        bad_at(line_no, key_from + 1, rule::envoyKeyValue, {input(l.substr(key_from))});
      Pair p{std::string(l.substr(key_from, i - key_from)),
             "",
             false,
             line_no,
             key_from + 1,
             0,
             depth > 0 ? key_from : indent,
             item && first};
      first = false;
      ++i;
      while (i < l.size() && l[i] == ' ') ++i;
      p.value_column = i + 1;
      if (i < l.size() && l[i] == '{') {
        ++depth;
        ++i;
        out.push_back(std::move(p));
        continue;
      }
      if (i < l.size() && (l[i] == '"' || l[i] == '\'')) {
        const char q = l[i];
        const std::size_t close = l.find(q, i + 1);
        if (close == std::string_view::npos)
          bad_at(line_no, i + 1, rule::envoyOpenQuote, {}, ErrorCode::invalid_argument);
        p.value = std::string(l.substr(i + 1, close - i - 1));
        p.has_value = true;
        i = close + 1;
      } else if (i < l.size() && l[i] != '#') {
        const std::size_t v_from = i;
        while (i < l.size() && !(depth > 0 && (l[i] == ',' || l[i] == '}')) && !(l[i] == '#' && l[i - 1] == ' ')) ++i;
        std::string_view v = l.substr(v_from, i - v_from);
        while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
        p.value = std::string(v);
        p.has_value = true;
      }
      out.push_back(std::move(p));
      if (depth == 0) {
        while (i < l.size() && l[i] == ' ') ++i;
        if (i < l.size() && l[i] != '#') bad_at(line_no, i + 1, rule::envoyUnexpected, {input(l.substr(i))});
        break;
      }
    }
    if (depth > 0) bad_at(line_no, l.size() + 1, rule::envoyOpenMap, {}, ErrorCode::invalid_argument);
  }
  return out;
}

struct Draft {
  std::size_t line = 0, column = 0;
  const Pair* address = nullptr;
  const Pair* port = nullptr;
  const Pair* weight = nullptr;
  const Pair* hostname = nullptr;
  const Pair* hash_key = nullptr;
};

Host finish(const Draft& d) {
  if (d.address == nullptr) bad_at(d.line, d.column, rule::envoyNoAddress, {}, ErrorCode::invalid_argument);
  if (d.port == nullptr) bad_at(d.line, d.column, rule::envoyNoPort, {}, ErrorCode::invalid_argument);
  Host h;
  const std::optional<unsigned> port = parse_port(d.port->value);
  if (!port)
    bad_at(d.port->line, d.port->value_column,
           Error(ErrorCode::invalid_argument, rule::between, "port_value", {0, 65535, input(d.port->value)}));
  const std::string& ip = d.address->value;
  const bool v6 = ip.find(':') != std::string::npos;
  h.address = v6 ? std::string(1, '[') : std::string();
  h.address += ip;
  h.address += v6 ? "]:" : ":";
  h.address += std::to_string(*port);
  try {
    h.address = canonical_address(h.address);
  } catch (const Error&) {
    bad_at(d.address->line, d.address->value_column,
           Error(ErrorCode::invalid_argument, rule::ipAddress, "address", {input(ip)}));
  }
  if (d.weight != nullptr) {
    try {
      h.weight = weight_of(d.weight->value);
    } catch (const Error& e) {
      bad_at(d.weight->line, d.weight->value_column, e.with_param("load_balancing_" + e.param()));
    }
  }
  if (d.hostname != nullptr) h.hostname = d.hostname->value;
  if (d.hash_key != nullptr) h.hash_key = d.hash_key->value;
  return h;
}

std::vector<Host> yaml_endpoints(std::string_view text) {
  constexpr std::size_t kNone = std::string_view::npos;
  const std::vector<Pair> pairs = yaml_pairs(text);
  std::vector<Host> out;
  std::optional<Draft> draft;
  // The column of lb_endpoints' key and of its items, once seen (kNone: not in a list, no item
  // yet); a pair at or left of the key ends the list.
  std::size_t list_key = kNone, item_indent = kNone;
  const auto close = [&]() {
    if (draft) out.push_back(finish(*draft));
    draft.reset();
  };
  for (const Pair& p : pairs) {
    // YAML lets a list sit at its key's own indentation: such an item stays in the list.
    const bool list_item =
        p.item && list_key != kNone && (item_indent != kNone ? p.indent == item_indent : p.indent >= list_key);
    if (list_key != kNone && p.indent <= list_key && !list_item) {
      close();
      list_key = item_indent = kNone;
    }
    if (p.key == "lb_endpoints") {
      if (p.has_value && p.value != "[]")
        bad_at(p.line, p.value_column, rule::envoyEndpointsList, {}, ErrorCode::invalid_argument);
      close();
      list_key = p.key_column - 1;
      item_indent = kNone;
      continue;
    }
    if (list_key == kNone) continue;
    if (list_item) {
      item_indent = p.indent;
      close();
      draft.emplace();
      draft->line = p.line;
      draft->column = p.indent + 1;
    }
    if (!draft) bad_at(p.line, p.key_column, rule::envoyListItem, {}, ErrorCode::invalid_argument);
    const Pair** slot = nullptr;
    if (p.key == "address" && p.has_value) slot = &draft->address;
    else if (p.key == "port_value") slot = &draft->port;
    else if (p.key == "load_balancing_weight") slot = &draft->weight;
    else if (p.key == "hostname") slot = &draft->hostname;
    else if (p.key == "hash_key") slot = &draft->hash_key;
    else if (p.key == "value" && draft->weight != nullptr && !draft->weight->has_value) slot = &draft->weight;
    if (slot == nullptr) continue;
    if (*slot != nullptr && (*slot)->has_value) bad_at(p.line, p.key_column, rule::envoyTwice, {p.key});
    if (!p.has_value && p.key != "load_balancing_weight")
      bad_at(p.line, p.value_column, Error(ErrorCode::invalid_argument, rule::needsValue, p.key));
    *slot = &p;
  }
  close();
  if (out.empty()) bad_at(1, 1, rule::envoyNoEndpoints, {}, ErrorCode::out_of_range);
  return out;
}

}  // namespace

std::vector<Host> hosts_from_list(std::string_view list, bool use_hostname) {
  std::vector<Host> out;
  std::size_t from = 0, index = 0;
  while (true) {
    const std::size_t comma = list.find(',', from);
    const std::string_view entry =
        list.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from);
    ++index;
    try {
      out.push_back(list_entry(entry, use_hostname));
    } catch (const Error& e) {
      throw Error(rule::entryAt, "hosts", {"--hosts", index, input(entry)}, e);
    }
    if (comma == std::string_view::npos) break;
    from = comma + 1;
  }
  return out;
}

RINGLAB_ONCE bool endpoints_are_yaml(std::string_view text) { return looks_like_yaml(text); }

namespace {

// A YAML scalar as the endpoints reader reads it back: plain when it is, else quoted.
RINGLAB_ONCE std::string yaml_scalar(const std::string& v) {
  bool plain = !v.empty();
  for (const char c : v) plain = plain && (is_key_char(c) || c == ':' || c == '/');
  if (plain && v.front() != '-') return v;
  const char q = v.find('"') == std::string::npos ? '"' : '\'';
  return q + v + q;
}

}  // namespace

RINGLAB_ONCE std::string endpoints_text(const std::vector<Host>& hosts, bool yaml) {
  std::string out = yaml ? "lb_endpoints:\n" : "";
  for (const Host& h : hosts) {
    if (!yaml) {
      out += h.address + (h.weight == 1 ? "" : "=" + std::to_string(h.weight)) + "\n";
      continue;
    }
    // "IP:PORT" or "[IPV6]:PORT", as finish() wrote it.
    const std::size_t colon = h.address.rfind(':');
    std::string ip = h.address.substr(0, colon);
    if (!ip.empty() && ip.front() == '[') ip = ip.substr(1, ip.size() - 2);
    out += "- endpoint:\n";
    out += "    address:\n";
    out += "      socket_address:\n";
    out += "        address: " + yaml_scalar(ip) + "\n";
    out += "        port_value: " + h.address.substr(colon + 1) + "\n";
    if (!h.hostname.empty()) out += "    hostname: " + yaml_scalar(h.hostname) + "\n";
    if (h.weight != 1) out += "  load_balancing_weight: " + std::to_string(h.weight) + "\n";
    if (!h.hash_key.empty()) {
      out += "  metadata:\n";
      out += "    filter_metadata:\n";
      out += "      envoy.lb:\n";
      out += "        hash_key: " + yaml_scalar(h.hash_key) + "\n";
    }
  }
  return out;
}

RINGLAB_ONCE std::vector<Host> parse_endpoints(std::string_view text) {
  if (looks_like_yaml(text)) return yaml_endpoints(text);
  std::vector<Host> out;
  std::size_t line_no = 0, from = 0;
  while (from <= text.size()) {
    std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view l = text.substr(from, end - from);
    ++line_no;
    std::size_t i = 0;
    while (i < l.size()) {
      while (i < l.size() && (l[i] == ' ' || l[i] == '\t' || l[i] == '\r' || l[i] == ',')) ++i;
      if (i == l.size() || l[i] == '#') break;
      const std::size_t e_from = i;
      while (i < l.size() && l[i] != ' ' && l[i] != '\t' && l[i] != '\r' && l[i] != ',' && l[i] != '#') ++i;
      const std::string_view entry = l.substr(e_from, i - e_from);
      try {
        out.push_back(list_entry(entry, false));
      } catch (const Error& e) {
        bad_at(line_no, e_from + 1, e);
      }
    }
    from = end + 1;
  }
  if (out.empty()) bad_at(1, 1, rule::envoyNoHosts, {}, ErrorCode::out_of_range);
  return out;
}

}  // namespace ringlab::systems::envoy
