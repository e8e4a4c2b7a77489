#include "ringlab/systems/memcached.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <utility>

#include "ascii.hpp"
#include "ringlab/error.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/hashes.hpp"

namespace ringlab::systems {
namespace {

constexpr std::int64_t kDefaultPort = 11211;
// MEMCACHED_POINTS_PER_SERVER and MEMCACHED_POINTS_PER_SERVER_KETAMA.
constexpr std::uint32_t kPointsPerServer = 100;
constexpr std::uint32_t kPointsPerServerKetama = 160;
// A host name must fit the library's char[NI_MAXHOST] with its terminating zero.
constexpr std::size_t kMaxHostLength = 1024;
// memcached_server_by_key() refuses keys of MEMCACHED_MAX_KEY (251) bytes or more.
constexpr std::size_t kMaxKeyLength = 250;

constexpr std::string_view kModeNames[] = {"modula",
                                           "consistent",
                                           "consistent_ketama",
                                           "consistent_ketama_spy",
                                           "consistent_weighted",
                                           "behavior_ketama",
                                           "behavior_ketama_weighted"};
constexpr std::string_view kHashNames[] = {"default", "md5",      "crc",    "fnv1_64", "fnv1a_64",
                                           "fnv1_32", "fnv1a_32", "murmur", "jenkins", "murmur3"};

// The error of a name that is none of `names`.
template <std::size_t N>
Error not_one_of(std::string param, const std::string_view (&names)[N], std::string_view given) {
  std::vector<ErrorValue> values(std::begin(names), std::end(names));
  values.push_back(in_quotes(given));
  return Error(ErrorCode::invalid_argument, rule::oneOf, std::move(param), std::move(values));
}

std::string point_string(const MemcachedServer& s, std::uint32_t index, bool spy) {
  // Spymemcached's key format is "/host:port-i"; libmemcached's own leaves out the default port.
  if (spy) return "/" + s.host + ":" + std::to_string(s.port) + "-" + std::to_string(index);
  if (s.port == kDefaultPort) return s.host + "-" + std::to_string(index);
  return s.host + ":" + std::to_string(s.port) + "-" + std::to_string(index);
}

}  // namespace

std::string_view memcached_mode_name(MemcachedMode mode) noexcept { return kModeNames[static_cast<std::size_t>(mode)]; }
std::string_view memcached_hash_name(MemcachedHash hash) noexcept { return kHashNames[static_cast<std::size_t>(hash)]; }

MemcachedMode memcached_mode_from_name(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kModeNames); ++i)
    if (kModeNames[i] == name) return static_cast<MemcachedMode>(i);
  throw not_one_of("mode", kModeNames, name);
}

MemcachedHash memcached_hash_from_name(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kHashNames); ++i)
    if (kHashNames[i] == name) return static_cast<MemcachedHash>(i);
  throw not_one_of("hash", kHashNames, name);
}

std::uint32_t memcached_hash_value(MemcachedHash hash, std::string_view bytes) noexcept {
  constexpr ByteSign kSigned = ByteSign::sign_extended;  // libhashkit reads keys as char on x86
  switch (hash) {
    case MemcachedHash::default_hash: return one_at_a_time(bytes, kSigned);
    case MemcachedHash::md5: return md5_word(md5(bytes), 0);
    case MemcachedHash::crc: return (crc32(bytes) >> 16) & 0x7fff;
    // libhashkit's 64-bit FNVs return the low 32 bits; its "fnv1a_64" even computes in 32 bits
    // with the 64-bit constants cut to 32, which gives the same low bits.
    case MemcachedHash::fnv1_64: return static_cast<std::uint32_t>(fnv1_64(bytes, kSigned));
    case MemcachedHash::fnv1a_64: return static_cast<std::uint32_t>(fnv1a_64(bytes, kSigned));
    case MemcachedHash::fnv1_32: return fnv1_32(bytes, kSigned);
    case MemcachedHash::fnv1a_32: return fnv1a_32(bytes, kSigned);
    case MemcachedHash::murmur: return hashkit_murmur(bytes);
    case MemcachedHash::jenkins: return hashkit_jenkins(bytes);
    case MemcachedHash::murmur3: return hashkit_murmur3(bytes);
  }
  return 1;  // not reached: libhashkit's answer for a hash it does not know
}

Memcached::Memcached(std::vector<MemcachedServer> servers, const MemcachedOptions& options)
    : servers_(std::move(servers)) {
  check_integer(SystemParam::memcached_servers, static_cast<std::int64_t>(servers_.size()));
  std::set<std::pair<std::string, std::int64_t>> seen;
  for (const MemcachedServer& s : servers_) {
    if (s.host.empty()) throw Error(ErrorCode::invalid_argument, rule::mcNoHost, "");
    if (s.host.size() > kMaxHostLength)
      throw Error(ErrorCode::invalid_argument, rule::mcHostBytes, "", {kMaxHostLength, s.host.size()});
    check_integer(SystemParam::memcached_port, s.port);
    check_integer(SystemParam::memcached_weight, s.weight);
    if (!seen.emplace(s.host, s.port).second)
      throw Error(ErrorCode::duplicate_server, rule::duplicateServer, "", {s.host + ":" + std::to_string(s.port)});
  }

  // The behaviours, in the order an application sets them.
  switch (options.mode) {
    case MemcachedMode::modula: break;
    case MemcachedMode::consistent:
    case MemcachedMode::consistent_ketama:
    case MemcachedMode::behavior_ketama:  // memcached_behavior_set(KETAMA, 1) sets CONSISTENT_KETAMA
      consistent_ = true;
      weighted_ = false;
      break;
    case MemcachedMode::consistent_ketama_spy:
      consistent_ = true;
      spy_ = true;
      break;
    case MemcachedMode::consistent_weighted:
      consistent_ = true;
      weighted_ = true;
      break;
    case MemcachedMode::behavior_ketama_weighted:
      // KETAMA_WEIGHTED sets the key hash (and the unused distribution hash) to MD5 too.
      hash_ = MemcachedHash::md5;
      consistent_ = true;
      weighted_ = true;
      break;
  }
  if (options.hash) hash_ = *options.hash;
  // memcached_server_add_with_weight(): a weight above 1 under a consistent distribution turns
  // the weighted continuum on.
  for (const MemcachedServer& s : servers_)
    if (s.weight > 1 && consistent_) weighted_ = true;
  if (options.sort_hosts) {
    // qsort by strcmp(host), then port. No two servers compare equal (duplicates are refused),
    // so the order is the library's whatever its qsort.
    std::sort(servers_.begin(), servers_.end(), [](const MemcachedServer& a, const MemcachedServer& b) {
      const int c = std::strcmp(a.host.c_str(), b.host.c_str());
      if (c != 0) return c < 0;
      return a.port < b.port;
    });
  }
  if (!consistent_) return;

  // update_continuum()
  const auto live = static_cast<std::uint32_t>(servers_.size());
  std::uint64_t total_weight = 0;
  if (weighted_)
    for (const MemcachedServer& s : servers_) total_weight += static_cast<std::uint64_t>(s.weight);
  continuum_.reserve(static_cast<std::size_t>(live) * (weighted_ ? kPointsPerServerKetama : kPointsPerServer));
  for (std::uint32_t index = 0; index < live; ++index) {
    const MemcachedServer& s = servers_[index];
    if (weighted_) {
      // All in single precision, as the C expression
      // floor((float)(pct * 160 / 4 * (float)live + 0.0000000001F)) * 4 evaluates it.
      const float pct = static_cast<float>(s.weight) / static_cast<float>(total_weight);
      float scaled = pct * static_cast<float>(kPointsPerServerKetama);
      scaled = scaled / 4.0f;
      scaled = scaled * static_cast<float>(live);
      scaled = scaled + 0.0000000001F;
      const auto digests = static_cast<std::uint32_t>(std::floor(scaled));
      for (std::uint32_t d = 0; d < digests; ++d) {
        const auto digest = md5(point_string(s, d, spy_));
        for (unsigned x = 0; x < 4; ++x) continuum_.push_back({md5_word(digest, x), index});
      }
    } else {
      for (std::uint32_t d = 0; d < kPointsPerServer; ++d)
        continuum_.push_back({memcached_hash_value(hash_, point_string(s, d, spy_)), index});
    }
  }
  // qsort by (value, server index): a total order, and no point is dropped.
  std::sort(continuum_.begin(), continuum_.end(), [](const Point& a, const Point& b) {
    return a.value != b.value ? a.value < b.value : a.server < b.server;
  });
}

std::uint32_t Memcached::key_hash(std::string_view key) const noexcept {
  if (servers_.size() == 1) return 0;
  return memcached_hash_value(hash_, key);
}

std::size_t Memcached::point_of_hash(std::uint32_t hash) const noexcept {
  const auto at = std::lower_bound(continuum_.begin(), continuum_.end(), hash,
                                   [](const Point& p, std::uint32_t h) { return p.value < h; });
  return at == continuum_.end() ? 0 : static_cast<std::size_t>(at - continuum_.begin());
}

std::size_t Memcached::server_of_hash(std::uint32_t hash) const noexcept {
  if (!consistent_) return hash % servers_.size();
  return continuum_[point_of_hash(hash)].server;
}

std::optional<std::size_t> Memcached::place(std::string_view key) const noexcept {
  if (key.empty() || key.size() > kMaxKeyLength) return std::nullopt;
  return server_of_hash(key_hash(key));
}

std::string Memcached::server_name(std::size_t index) const {
  const MemcachedServer& s = servers_.at(index);
  return s.host + ":" + std::to_string(s.port);
}

namespace {

[[noreturn]] void bad_text(std::size_t at, const Error& what) {
  throw Error(rule::configColumn, "", {"server string", at + 1}, what);
}
[[noreturn]] void bad_text(std::size_t at, const ErrorRule& what, std::vector<ErrorValue> values = {},
                           ErrorCode code = ErrorCode::invalid_argument) {
  bad_text(at, Error(code, what, "", std::move(values)));
}

// A plain decimal at text[from..to): its value, or an error naming the column.
std::int64_t decimal_at(std::string_view text, std::size_t from, std::size_t to, SystemParam p) {
  const ParamSpec& spec = param(p);
  std::string_view digits = text.substr(from, to - from);
  if (digits.empty()) bad_text(from, Error(ErrorCode::invalid_argument, rule::missing, std::string(spec.name)));
  std::int64_t v = 0;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (!is_digit(digits[i]))
      bad_text(from + i,
               Error(ErrorCode::invalid_argument, rule::decimal, std::string(spec.name), {in_quotes(digits)}));
    if (v <= spec.hi) v = v * 10 + (digits[i] - '0');
  }
  try {
    return check_integer(p, v > spec.hi ? spec.hi + 1 : v);
  } catch (const Error& e) {
    if (v > spec.hi) bad_text(from, range_error(e.code(), spec, std::string(digits)));
    bad_text(from, e);
  }
}

}  // namespace

RINGLAB_ONCE std::vector<MemcachedServer> parse_memcached_servers(std::string_view text) {
  std::vector<MemcachedServer> out;
  std::set<std::pair<std::string, std::int64_t>> seen;
  // isspace() in the C locale: what strtoul() skips and what the library skips after a comma.
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
  std::size_t from = 0;
  // As memcached_servers_parse(): entries between commas; a trailing comma ends the list.
  while (from < text.size()) {
    std::size_t end = text.find(',', from);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view entry = text.substr(from, end - from);
    if (entry.empty()) bad_text(from, rule::mcEmptyEntry, {}, ErrorCode::invalid_argument);
    if (space(entry[0])) bad_text(from, rule::mcHostSpace, {}, ErrorCode::invalid_argument);
    MemcachedServer s;
    // The port's ':' is the first after a bracketed IPv6 address, else the first.
    std::size_t colon = std::string_view::npos;
    const std::size_t open = entry.find('[');
    const std::size_t close = open == std::string_view::npos ? open : entry.find(']', open + 1);
    if (open != std::string_view::npos && close != std::string_view::npos) colon = entry.find(':', close + 1);
    else colon = entry.find(':');
    const std::size_t host_end = colon == std::string_view::npos ? entry.size() : colon;
    s.host = std::string(entry.substr(0, host_end));
    for (std::size_t i = 0; i < s.host.size(); ++i) {
      if (s.host[i] != ' ' && s.host[i] != '\t' && static_cast<unsigned char>(s.host[i]) >= 0x20) continue;
      // Everything up to the ':' is the host's name to the library, a line break included.
      std::size_t rest = i;
      while (rest < s.host.size() && space(s.host[rest])) ++rest;
      if (rest == s.host.size() && colon == std::string_view::npos) bad_text(from + i, rule::mcHostTrailingSpace);
      bad_text(from + i, rule::mcHostChars);
    }
    if (s.host.empty()) bad_text(from, rule::mcEmptyHost, {}, ErrorCode::invalid_argument);
    if (s.host.size() > kMaxHostLength) bad_text(from, rule::mcHostLength, {}, ErrorCode::invalid_argument);
    if (colon != std::string_view::npos) {
      const std::size_t port_from = colon + 1;
      std::size_t port_end = port_from;
      while (port_end < entry.size() && is_digit(entry[port_end])) ++port_end;
      if (port_end == port_from) bad_text(from + port_from, rule::mcPortDecimal, {}, ErrorCode::invalid_argument);
      s.port = decimal_at(text, from + port_from, from + port_end, SystemParam::memcached_port);
      // After the port, the library reads the weight after the first space (strtoul skipping
      // white space), or, with no space at all, after a second ':'; white space alone (a line's
      // end, "2 ," before a comma) leaves the weight at 1. What it would read otherwise than
      // written (a weight after a tab or a line break, text after the weight) is refused.
      std::size_t r = port_end;
      while (r < entry.size() && space(entry[r])) ++r;
      const std::string_view gap = entry.substr(port_end, r - port_end);
      std::size_t w = std::string_view::npos;
      if (r == entry.size()) {
        // White space alone.
      } else if (gap.empty() && entry[r] == ':') {
        w = r + 1;
      } else if (gap.find(' ') != std::string_view::npos) {
        w = r;
      } else if (gap.find('\n') != std::string_view::npos || gap.find('\r') != std::string_view::npos) {
        bad_text(from + port_end, rule::mcLineBreak);
      } else {
        bad_text(from + port_end, rule::mcWeightAfterPort, {}, ErrorCode::invalid_argument);
      }
      if (w != std::string_view::npos) {
        std::size_t w_end = w;
        while (w_end < entry.size() && is_digit(entry[w_end])) ++w_end;
        if (w_end == w) bad_text(from + w, rule::mcWeightDecimal, {}, ErrorCode::invalid_argument);
        for (std::size_t t = w_end; t < entry.size(); ++t)
          // After a weight given with ':', a space would make the library read the weight after it.
          if (!space(entry[t]) || (entry[w - 1] == ':' && entry[t] == ' '))
            bad_text(from + t, rule::mcAfterWeight, {}, ErrorCode::invalid_argument);
        s.weight = decimal_at(text, from + w, from + w_end, SystemParam::memcached_weight);
      }
    }
    if (!seen.emplace(s.host, s.port).second)
      bad_text(from, rule::duplicateServer, {s.host + ":" + std::to_string(s.port)}, ErrorCode::duplicate_server);
    out.push_back(std::move(s));
    if (end == text.size()) break;
    from = end + 1;
    // The library skips one white-space character after a comma.
    if (from < text.size() && space(text[from])) ++from;
  }
  if (out.empty()) throw Error(ErrorCode::out_of_range, rule::noneListed, "server string");
  check_integer(SystemParam::memcached_servers, static_cast<std::int64_t>(out.size()));
  return out;
}

}  // namespace ringlab::systems
