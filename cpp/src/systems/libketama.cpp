#include "ringlab/systems/libketama.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "ringlab/error.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/hashes.hpp"

namespace ringlab::systems {
namespace {

constexpr std::size_t kMaxAddressLength = 21;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

}  // namespace

Libketama::Libketama(std::vector<KetamaServer> servers) : servers_(std::move(servers)) {
  check_integer(SystemParam::libketama_servers, static_cast<std::int64_t>(servers_.size()));
  std::set<std::string_view> seen;
  std::uint64_t total = 0;
  for (const KetamaServer& s : servers_) {
    if (s.address.empty() || s.address.size() > kMaxAddressLength)
      throw Error(ErrorCode::invalid_argument, rule::ketamaAddressBytes, "", {kMaxAddressLength, s.address.size()});
    for (const char c : s.address)
      if (is_space(c) || c == '\0') throw Error(ErrorCode::invalid_argument, rule::ketamaAddressSpace, "");
    check_integer(SystemParam::libketama_memory, s.memory);
    if (!seen.insert(s.address).second)
      throw Error(ErrorCode::duplicate_server, rule::duplicateServer, "", {s.address});
    total += static_cast<std::uint64_t>(s.memory);
  }
  const auto n = static_cast<std::uint32_t>(servers_.size());
  std::vector<std::uint32_t> digests(n);
  std::size_t points = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    // float pct = (float)memory / (float)total; floorf(pct * 40.0 * (float)N): the product in
    // double, rounded to float on the way into floorf.
    const float pct = static_cast<float>(servers_[i].memory) / static_cast<float>(total);
    const double product = static_cast<double>(pct) * 40.0 * static_cast<double>(static_cast<float>(n));
    digests[i] = static_cast<std::uint32_t>(std::floor(static_cast<float>(product)));
    points += std::size_t{4} * digests[i];
  }
  if (points > kMaxPoints) throw Error(ErrorCode::limit_exceeded, rule::ketamaContinuum, "", {points, kMaxPoints});
  continuum_.reserve(points);
  for (std::uint32_t i = 0; i < n; ++i) {
    for (std::uint32_t k = 0; k < digests[i]; ++k) {
      const auto digest = md5(servers_[i].address + "-" + std::to_string(k));
      for (unsigned h = 0; h < 4; ++h) continuum_.push_back({md5_word(digest, h), i});
    }
  }
  // qsort by point only; glibc's merge sort keeps equal points in the order they were made.
  std::stable_sort(continuum_.begin(), continuum_.end(),
                   [](const Point& a, const Point& b) { return a.value < b.value; });
}

std::uint32_t Libketama::hash(std::string_view key) noexcept { return md5_word(md5(key), 0); }

std::size_t Libketama::point_of_hash(std::uint32_t h) const noexcept {
  // ketama_get_server's bisection finds the first point >= h, or wraps to point 0.
  const auto at = std::lower_bound(continuum_.begin(), continuum_.end(), h,
                                   [](const Point& p, std::uint32_t v) { return p.value < v; });
  return at == continuum_.end() ? 0 : static_cast<std::size_t>(at - continuum_.begin());
}

std::size_t Libketama::server_of_hash(std::uint32_t h) const noexcept { return continuum_[point_of_hash(h)].server; }

std::size_t Libketama::place(std::string_view key) const noexcept { return server_of_hash(hash(key)); }

RINGLAB_ONCE std::vector<KetamaServer> parse_ketama_servers(std::string_view text) {
  std::vector<KetamaServer> out;
  std::vector<std::size_t> lines;
  std::size_t line = 0, from = 0;
  const auto bad_at = [&](std::size_t column, const Error& what) {
    throw Error(rule::configAt, "", {"server list", line, column}, what);
  };
  const auto bad = [&](std::size_t column, const ErrorRule& what) {
    bad_at(column, Error(ErrorCode::invalid_argument, what, ""));
  };
  while (from < text.size()) {
    ++line;
    std::size_t end = text.find('\n', from);
    const bool has_newline = end != std::string_view::npos;
    if (!has_newline) end = text.size();
    const std::string_view l = text.substr(from, end - from);
    from = end + 1;
    // As read_server_definitions: lines shorter than 2 characters with their newline, and
    // comments, are skipped.
    if (l.empty() || l[0] == '#') continue;
    std::size_t i = 0;
    while (i < l.size() && (l[i] == ' ' || l[i] == '\t')) ++i;
    const std::size_t addr_at = i;
    while (i < l.size() && l[i] != ' ' && l[i] != '\t') ++i;
    KetamaServer s;
    s.address = std::string(l.substr(addr_at, i - addr_at));
    if (s.address.empty()) bad(addr_at + 1, rule::ketamaExpectedLine);
    while (i < l.size() && (l[i] == ' ' || l[i] == '\t')) ++i;
    const std::size_t mem_at = i;
    while (i < l.size() && l[i] >= '0' && l[i] <= '9') ++i;
    if (i == mem_at) bad(mem_at + 1, rule::ketamaExpectedMemory);
    std::size_t rest = i;
    while (rest < l.size() && (l[rest] == ' ' || l[rest] == '\t' || l[rest] == '\r')) ++rest;
    if (rest != l.size()) bad(i + 1, rule::ketamaAfterMemory);
    if (!has_newline) bad(l.size() + 1, rule::ketamaNoNewline);
    const std::string_view digits = l.substr(mem_at, i - mem_at);
    std::int64_t v = 0;
    for (const char c : digits) v = v > kMaxSafeInteger ? v : v * 10 + (c - '0');
    try {
      s.memory = check_integer(SystemParam::libketama_memory, v);
      for (std::size_t k = 0; k < out.size(); ++k)
        if (out[k].address == s.address)
          throw Error(ErrorCode::duplicate_server, rule::duplicateOnLine, "", {s.address, lines[k]});
    } catch (const Error& e) {
      bad_at(addr_at + 1, e);
    }
    out.push_back(std::move(s));
    lines.push_back(line);
  }
  if (out.empty()) throw Error(ErrorCode::out_of_range, rule::noneListed, "server list");
  try {
    Libketama check(out);
  } catch (const Error& e) {
    throw Error(rule::configWhole, "", {"server list"}, e);
  }
  return out;
}

}  // namespace ringlab::systems
