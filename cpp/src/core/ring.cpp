#include "ringlab/ring.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "key_blocks.hpp"
#include "names.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/params.hpp"

namespace ringlab {
namespace {

// Appends server s's tokens h32(name + "#" + i) for i in [from, to), packed as token << 32 | s
// so that sorting the packed values orders by token, then server position. Points of one server
// with equal tokens are identical values, so their relative order cannot be observed.
void append_points(std::vector<std::uint64_t>& out, std::u16string_view name, std::uint32_t s, std::uint32_t from,
                   std::uint32_t to) {
  Fnv1a prefix;
  prefix.units(name).unit(u'#');
  for (std::uint32_t i = from; i < to; ++i) {
    const std::uint64_t token = Fnv1a(prefix).decimal(i).finish();
    out.push_back(token << 32 | s);
  }
}

// Sorts points packed by append_points, appended server by server, into the ring's order (by
// token, then server): what std::sort gives, since the points come in server order and a stable
// sort by token alone keeps it among equal tokens. A least significant digit radix sort, a byte of
// the token a pass: about half the time of std::sort on a ring of a million points, with the same
// memory (the packed values and one copy of them, as the ring's halves are later). Every sort of
// points here is this one, so the module links no std::sort over them: 0.5 KB gzip less.
void sort_points(std::vector<std::uint64_t>& packed) {
  const std::size_t n = packed.size();
  // Written before it is read: no zeroing.
  const std::unique_ptr<std::uint64_t[]> spare(new std::uint64_t[n]);
  std::uint64_t* from = packed.data();
  std::uint64_t* to = spare.get();
  for (unsigned shift = 32; shift < 64; shift += 8) {
    std::uint32_t at[257] = {};
    for (std::size_t i = 0; i < n; ++i) ++at[((from[i] >> shift) & 255) + 1];
    for (std::size_t d = 1; d < 256; ++d) at[d] += at[d - 1];
    for (std::size_t i = 0; i < n; ++i) to[at[(from[i] >> shift) & 255]++] = from[i];
    std::swap(from, to);
  }
  // Four passes: the points are back in `packed`.
}

RINGLAB_ONCE_PER_CALL void check_ascending(std::span<const std::uint32_t> tokens) {
  for (std::size_t i = 1; i < tokens.size(); ++i)
    if (tokens[i] < tokens[i - 1]) throw Error(ErrorCode::invalid_argument, rule::tokensUnsorted, "tokens");
}

// The published binary search's steps over tokens already known to ascend.
RINGLAB_ONCE_PER_CALL std::vector<SearchStep> trace_ascending(std::span<const std::uint32_t> tokens,
                                                              std::uint32_t hash) {
  std::vector<SearchStep> steps;
  std::uint32_t lo = 0;
  auto hi = static_cast<std::uint32_t>(tokens.size());
  while (lo < hi) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    const bool right = tokens[mid] < hash;
    steps.push_back(SearchStep{lo, hi, mid, tokens[mid], right});
    if (right) lo = mid + 1;
    else hi = mid;
  }
  return steps;
}

}  // namespace

RINGLAB_ONCE_PER_CALL std::vector<SearchStep> search_trace(std::span<const std::uint32_t> tokens, std::uint32_t hash) {
  check_ascending(tokens);
  return trace_ascending(tokens, hash);
}

RINGLAB_ONCE_PER_CALL std::vector<SearchStep> Ring::search_trace(std::uint32_t hash) const {
  return trace_ascending(tokens(), hash);
}

RINGLAB_ONCE_PER_CALL void check_ring_points(std::uint64_t points) {
  if (points > kMaxRingPoints) throw Error(ErrorCode::limit_exceeded, rule::ringCap, "", {points, kMaxRingPoints});
}

RINGLAB_ONCE_PER_CALL std::uint32_t points_for_weight(std::uint32_t vnodes, double weight) {
  check_number(Param::weight, weight);
  const double scaled = static_cast<double>(vnodes) * weight;
  if (scaled >= static_cast<double>(kMaxRingPoints) + 0.5)
    throw Error(ErrorCode::limit_exceeded, rule::serverCap, "", {scaled, kMaxRingPoints});
  // Math.round: the nearest integer, halves up.
  double r = std::floor(scaled);
  if (scaled - r >= 0.5) r += 1;
  return std::max<std::uint32_t>(1, static_cast<std::uint32_t>(r));
}

RINGLAB_ONCE_PER_CALL std::u16string default_server_name(std::uint32_t index) {
  std::u16string name = u"S";
  for (char c : std::to_string(index)) name += static_cast<char16_t>(c);
  return name;
}

RINGLAB_ONCE_PER_CALL std::vector<Server> default_servers(std::uint32_t count) {
  std::vector<Server> out;
  out.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) out.push_back(Server{default_server_name(i), 1.0, u""});
  return out;
}

Ring::Ring(std::vector<Server> servers, std::int64_t vnodes)
    : servers_(std::move(servers)), vnodes_(static_cast<std::uint32_t>(check_integer(Param::ring_vnodes, vnodes))) {
  if (servers_.empty()) throw Error(ErrorCode::out_of_range, rule::noServer, "");
  rebuild();
}

RINGLAB_ONCE_PER_CALL Ring Ring::uniform(std::int64_t servers, std::int64_t vnodes) {
  check_integer(Param::ring_servers, servers);
  check_integer(Param::ring_vnodes, vnodes);
  check_ring_points(static_cast<std::uint64_t>(servers) * static_cast<std::uint64_t>(vnodes));
  return Ring(default_servers(static_cast<std::uint32_t>(servers)), vnodes);
}

void Ring::rebuild() {
  // Validate everything and count the points before allocating any of them.
  std::vector<std::uint32_t> counts;
  counts.reserve(servers_.size());
  std::uint64_t total = 0;
  for (std::size_t s = 0; s < servers_.size(); ++s) {
    names::check(servers_[s].name, "server");
    if (servers_[s].zone.size() > kMaxNameLength)
      throw Error(ErrorCode::limit_exceeded, rule::zoneTooLong, "", {kMaxNameLength});
    counts.push_back(points_for_weight(vnodes_, servers_[s].weight));
    total += counts.back();  // at most 2^24 a server: no overflow
  }
  check_ring_points(total);
  {
    std::vector<std::u16string_view> listed;
    listed.reserve(servers_.size());
    for (const Server& s : servers_) listed.push_back(s.name);
    if (const auto dup = names::first_duplicate(std::move(listed)))
      throw Error(ErrorCode::duplicate_server, rule::duplicateNamed, "", {utf8_for_message(*dup)});
  }
  std::vector<std::uint64_t> packed;
  packed.reserve(total);
  for (std::uint32_t s = 0; s < servers_.size(); ++s) append_points(packed, servers_[s].name, s, 0, counts[s]);
  sort_points(packed);
  std::vector<std::uint32_t> tokens(packed.size());
  std::vector<std::uint32_t> owners(packed.size());
  for (std::size_t i = 0; i < packed.size(); ++i) {
    tokens[i] = static_cast<std::uint32_t>(packed[i] >> 32);
    owners[i] = static_cast<std::uint32_t>(packed[i]);
  }
  packed = {};
  set_points(tokens, owners);
  counts_ = std::move(counts);
}

void Ring::set_points(const std::vector<std::uint32_t>& tokens, const std::vector<std::uint32_t>& owners) {
  const auto n = static_cast<std::uint32_t>(tokens.size());
  // Server indices in as few bytes as the server count needs. There are at most 2^24 points and
  // every server has one, so three bytes always suffice.
  const std::size_t servers = servers_.size();
  const std::uint32_t width = servers <= (1u << 8) ? 1 : servers <= (1u << 16) ? 2 : 3;
  // The bucket index: 2^k buckets with 2^k <= n / 2 (about two to four points a bucket, at most
  // two bytes a point), n / 4 with two-byte server indices and n / 8 with three, so that a point
  // costs at most 4 + 1 + 2, 4 + 2 + 1 or 4 + 3 + 0.5 bytes, plus the fixed padding. Under 128
  // points one step coarser, where that padding weighs: a ring stays within 8 bytes a point from
  // 64 points on. A bucket of more than kBucketScan points takes a slower search; with four to
  // eight points a bucket, a group of four lookups met one about every 30th time. Tiny rings get
  // one bucket.
  std::uint32_t log2n = 0;
  while ((2ull << log2n) <= n) ++log2n;  // floor(log2(n)) for n >= 1
  const std::uint32_t spare = width + (n < 128 ? 1 : 0);
  const std::uint32_t k = log2n > spare ? log2n - spare : 0;

  std::vector<std::uint32_t> t(static_cast<std::size_t>(n) + kBucketScan + 1, 0xFFFFFFFFu);
  std::copy(tokens.begin(), tokens.end(), t.begin());
  std::vector<std::uint8_t> o(static_cast<std::size_t>(n) * width + 3, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::uint32_t b = 0; b < width; ++b) o[i * width + b] = static_cast<std::uint8_t>(owners[i] >> (8 * b));
  std::vector<std::uint32_t> index((std::size_t{1} << k) + 1);
  const std::uint32_t shift = 32 - k;
  std::uint32_t at = 0;
  for (std::size_t b = 0; b + 1 < index.size(); ++b) {
    const std::uint64_t start = static_cast<std::uint64_t>(b) << shift;
    while (at < n && tokens[at] < start) ++at;
    index[b] = at;
  }
  index.back() = n;

  tokens_ = std::move(t);
  owners_ = std::move(o);
  owner_width_ = width;
  owner_mask_ = width >= 4 ? 0xFFFFFFFFu : (1u << (8 * width)) - 1;
  index_ = std::move(index);
  index_shift_ = shift;
  size_ = n;
}

std::uint32_t Ring::owner_of_key(std::u16string_view key) const noexcept { return owner(h32(key)); }

// All the hashes first, four keys side by side, then the lookups.
void Ring::owners_of_keys(std::span<const char16_t> units, std::span<const std::uint32_t> offsets,
                          std::span<std::uint32_t> out) const noexcept {
  h32_many(units, offsets, out);
  owners(out);
}

namespace {

void check_rf(std::int64_t rf) { check_integer(Param::rf, rf); }

// The preference-list walk (docs/algorithms.md#preference-list) over n points from `start`: server_at(i) is the server
// of point i (below `servers`), zone_of(s) anything comparable with == (used only when zone_aware). One template for
// both callers, so that a Ring walks its packed points in place.
template <typename ServerAt, typename ZoneOf>
std::vector<std::uint32_t> walk(ServerAt server_at, std::size_t n, std::size_t servers, std::size_t start,
                                std::int64_t rf, bool zone_aware, ZoneOf zone_of) {
  const std::size_t want = static_cast<std::size_t>(std::min<std::int64_t>(rf, static_cast<std::int64_t>(servers)));
  std::vector<std::uint32_t> out;
  out.reserve(want);
  std::vector<bool> taken(servers, false);
  if (zone_aware) {
    // First lap: one server per zone, in walk order.
    std::vector<decltype(zone_of(0u))> zones_seen;
    for (std::size_t k = 0; k < n && out.size() < want; ++k) {
      const std::uint32_t s = server_at((start + k) % n);
      if (taken[s]) continue;
      const auto zone = zone_of(s);
      if (std::find(zones_seen.begin(), zones_seen.end(), zone) != zones_seen.end()) continue;
      zones_seen.push_back(zone);
      taken[s] = true;
      out.push_back(s);
    }
  }
  // Plain walk (or the zone-aware second lap): every server not yet collected, in walk order.
  for (std::size_t k = 0; k < n && out.size() < want; ++k) {
    const std::uint32_t s = server_at((start + k) % n);
    if (taken[s]) continue;
    taken[s] = true;
    out.push_back(s);
  }
  return out;
}

}  // namespace

std::size_t owner_point_in(std::span<const std::uint32_t> tokens, std::uint32_t hash) noexcept {
  std::size_t lo = 0;
  std::size_t hi = tokens.size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (tokens[mid] < hash) lo = mid + 1;
    else hi = mid;
  }
  return lo == tokens.size() ? 0 : lo;
}

std::vector<std::uint32_t> preference_walk(std::span<const std::uint32_t> point_servers, std::uint32_t servers,
                                           std::size_t start_point, std::int64_t rf,
                                           std::span<const std::uint32_t> zone_of) {
  check_rf(rf);
  if (!zone_of.empty() && zone_of.size() != servers)
    throw Error(ErrorCode::invalid_argument, rule::zonesPerServer, "", {servers, zone_of.size()});
  for (std::size_t i = 0; i < point_servers.size(); ++i)
    if (point_servers[i] >= servers)
      throw Error(ErrorCode::invalid_argument, rule::pointServer, "", {i, point_servers[i], servers});
  if (!point_servers.empty() && start_point >= point_servers.size())
    throw Error(ErrorCode::out_of_range, rule::startPoint, "", {point_servers.size(), start_point});
  return walk([&](std::size_t i) { return point_servers[i]; }, point_servers.size(), servers, start_point, rf,
              !zone_of.empty(), [&](std::uint32_t s) { return zone_of[s]; });
}

std::vector<std::uint32_t> preference_walk(std::span<const std::uint32_t> tokens,
                                           std::span<const std::uint32_t> point_servers, std::uint32_t hash,
                                           std::int64_t rf, std::optional<std::span<const std::uint32_t>> zone_of) {
  if (point_servers.size() != tokens.size()) throw Error(ErrorCode::invalid_argument, rule::tokensServers, "");
  check_ascending(tokens);
  std::uint32_t servers = 0;
  if (zone_of) {
    servers = static_cast<std::uint32_t>(zone_of->size());
  } else {
    // The servers are the indices on the points: the walk keeps a flag per server, so an index
    // is capped as a ring's servers are, before anything is allocated.
    for (const std::uint32_t s : point_servers) {
      if (s >= kMaxRingPoints) throw Error(ErrorCode::out_of_range, rule::serverIndex, "", {kMaxRingPoints, s});
      servers = std::max(servers, s + 1);
    }
  }
  const std::span<const std::uint32_t> zones = zone_of ? *zone_of : std::span<const std::uint32_t>{};
  // Zones given but none listed: no server can be in one, which the point check below reports.
  return preference_walk(point_servers, servers, owner_point_in(tokens, hash), rf, zones);
}

RINGLAB_ONCE_PER_CALL std::vector<std::uint32_t> Ring::preference_list(std::uint32_t hash, std::int64_t rf,
                                                                       bool zone_aware) const {
  check_rf(rf);
  return walk([this](std::size_t i) { return point_server(i); }, size_, servers_.size(), owner_point(hash), rf,
              zone_aware, [this](std::uint32_t s) { return std::u16string_view(servers_[s].zone); });
}

RINGLAB_ONCE_PER_CALL void Ring::add_server(Server server) {
  names::check(server.name, "server");
  if (index_of(server.name) >= 0)
    throw Error(ErrorCode::duplicate_server, rule::alreadyOnRing, "", {utf8_for_message(server.name)});
  const std::uint32_t count = points_for_weight(vnodes_, server.weight);
  check_ring_points(size_ + static_cast<std::uint64_t>(count));
  if (server.zone.size() > kMaxNameLength)
    throw Error(ErrorCode::limit_exceeded, rule::zoneTooLong, "", {kMaxNameLength});
  const auto s = static_cast<std::uint32_t>(servers_.size());
  std::vector<std::uint64_t> fresh;
  fresh.reserve(count);
  append_points(fresh, server.name, s, 0, count);
  sort_points(fresh);
  // The new server is last in the list, so on equal tokens its points go after the existing
  // ones: a merge that prefers the existing range on ties is exactly the fresh build's order.
  std::vector<std::uint32_t> tokens;
  std::vector<std::uint32_t> owners;
  tokens.reserve(size_ + count);
  owners.reserve(size_ + count);
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < size_ || j < fresh.size()) {
    const bool take_old = j == fresh.size() || (i < size_ && tokens_[i] <= (fresh[j] >> 32));
    if (take_old) {
      tokens.push_back(tokens_[i]);
      owners.push_back(point_server(i));
      ++i;
    } else {
      tokens.push_back(static_cast<std::uint32_t>(fresh[j] >> 32));
      owners.push_back(s);
      ++j;
    }
  }
  servers_.push_back(std::move(server));
  counts_.push_back(count);
  try {
    set_points(tokens, owners);  // the server count may need wider indices now
  } catch (...) {
    servers_.pop_back();
    counts_.pop_back();
    throw;
  }
}

RINGLAB_ONCE_PER_CALL void Ring::remove_server(std::u16string_view name) {
  const std::int64_t found = index_of(name);
  if (found < 0) throw Error(ErrorCode::unknown_server, rule::notOnRing, "", {utf8_for_message(name)});
  if (servers_.size() == 1) throw Error(ErrorCode::out_of_range, rule::noServer, "");
  const auto gone = static_cast<std::uint32_t>(found);
  // Dropping a server's points keeps every other point in order; later servers move up by one.
  std::vector<std::uint32_t> tokens;
  std::vector<std::uint32_t> owners;
  tokens.reserve(size_ - counts_[gone]);
  owners.reserve(size_ - counts_[gone]);
  for (std::size_t i = 0; i < size_; ++i) {
    const std::uint32_t s = point_server(i);
    if (s == gone) continue;
    tokens.push_back(tokens_[i]);
    owners.push_back(s > gone ? s - 1 : s);
  }
  Server removed = std::move(servers_[gone]);
  const std::uint32_t removed_count = counts_[gone];
  servers_.erase(servers_.begin() + found);
  counts_.erase(counts_.begin() + found);
  try {
    set_points(tokens, owners);
  } catch (...) {
    servers_.insert(servers_.begin() + found, std::move(removed));
    counts_.insert(counts_.begin() + found, removed_count);
    throw;
  }
}

RINGLAB_ONCE_PER_CALL void Ring::add_servers(std::span<const Server> servers) {
  // add_server()'s checks, in its order, each against the ring as the servers before it left it.
  std::unordered_set<std::u16string_view> listed;
  listed.reserve(servers_.size() + servers.size());
  for (const Server& s : servers_) listed.insert(s.name);
  std::vector<std::uint32_t> counts;
  std::uint64_t total = size_;
  std::exception_ptr refused;
  for (const Server& server : servers) {
    try {
      names::check(server.name, "server");
      if (listed.contains(server.name))
        throw Error(ErrorCode::duplicate_server, rule::alreadyOnRing, "", {utf8_for_message(server.name)});
      const std::uint32_t count = points_for_weight(vnodes_, server.weight);
      check_ring_points(total + count);
      if (server.zone.size() > kMaxNameLength)
        throw Error(ErrorCode::limit_exceeded, rule::zoneTooLong, "", {kMaxNameLength});
      listed.insert(server.name);
      counts.push_back(count);
      total += count;
    } catch (...) {
      refused = std::current_exception();
      break;
    }
  }
  if (!counts.empty()) {
    // The new servers are last in the list, after every existing one: their points, sorted by
    // token then server, merged after the existing ones on equal tokens, are the order the ring
    // keeps (token, then server), as add_server() one at a time leaves it.
    const auto first = static_cast<std::uint32_t>(servers_.size());
    std::vector<std::uint64_t> fresh;
    fresh.reserve(total - size_);
    for (std::uint32_t i = 0; i < counts.size(); ++i) append_points(fresh, servers[i].name, first + i, 0, counts[i]);
    sort_points(fresh);
    std::vector<std::uint32_t> tokens;
    std::vector<std::uint32_t> owners;
    tokens.reserve(total);
    owners.reserve(total);
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < size_ || j < fresh.size()) {
      if (j == fresh.size() || (i < size_ && tokens_[i] <= (fresh[j] >> 32))) {
        tokens.push_back(tokens_[i]);
        owners.push_back(point_server(i));
        ++i;
      } else {
        tokens.push_back(static_cast<std::uint32_t>(fresh[j] >> 32));
        owners.push_back(static_cast<std::uint32_t>(fresh[j]));
        ++j;
      }
    }
    servers_.insert(servers_.end(), servers.begin(), servers.begin() + static_cast<std::ptrdiff_t>(counts.size()));
    counts_.insert(counts_.end(), counts.begin(), counts.end());
    try {
      set_points(tokens, owners);
    } catch (...) {
      servers_.resize(first);
      counts_.resize(first);
      throw;
    }
  }
  if (refused) std::rethrow_exception(refused);
}

RINGLAB_ONCE_PER_CALL void Ring::remove_servers(std::span<const std::u16string_view> names) {
  // remove_server()'s checks, in its order, each against the ring as the names before it left it.
  std::unordered_map<std::u16string_view, std::uint32_t> at;
  at.reserve(servers_.size());
  for (std::uint32_t s = 0; s < servers_.size(); ++s) at.emplace(servers_[s].name, s);
  std::vector<bool> gone(servers_.size(), false);
  std::size_t left = servers_.size();
  std::exception_ptr refused;
  for (const std::u16string_view name : names) {
    const auto it = at.find(name);
    if (it == at.end() || gone[it->second]) {
      refused =
          std::make_exception_ptr(Error(ErrorCode::unknown_server, rule::notOnRing, "", {utf8_for_message(name)}));
      break;
    }
    if (left == 1) {
      refused = std::make_exception_ptr(Error(ErrorCode::out_of_range, rule::noServer, ""));
      break;
    }
    gone[it->second] = true;
    --left;
  }
  if (left < servers_.size()) {
    // Dropping servers' points keeps every other point in order; the servers after a removed one
    // move up by the removed ones before them, as one removal at a time renumbers them.
    std::vector<std::uint32_t> renumbered(servers_.size());
    std::uint32_t next = 0;
    for (std::size_t s = 0; s < servers_.size(); ++s) renumbered[s] = gone[s] ? 0 : next++;
    std::vector<std::uint32_t> tokens;
    std::vector<std::uint32_t> owners;
    tokens.reserve(size_);
    owners.reserve(size_);
    for (std::size_t i = 0; i < size_; ++i) {
      const std::uint32_t s = point_server(i);
      if (gone[s]) continue;
      tokens.push_back(tokens_[i]);
      owners.push_back(renumbered[s]);
    }
    std::vector<Server> servers;
    std::vector<std::uint32_t> counts;
    servers.reserve(left);
    counts.reserve(left);
    for (std::size_t s = 0; s < servers_.size(); ++s)
      if (!gone[s]) {
        servers.push_back(servers_[s]);
        counts.push_back(counts_[s]);
      }
    std::swap(servers, servers_);
    std::swap(counts, counts_);
    try {
      set_points(tokens, owners);
    } catch (...) {
      std::swap(servers, servers_);
      std::swap(counts, counts_);
      throw;
    }
  }
  if (refused) std::rethrow_exception(refused);
}

RINGLAB_ONCE_PER_CALL void Ring::set_weight(std::u16string_view name, double weight) {
  const std::int64_t found = index_of(name);
  if (found < 0) throw Error(ErrorCode::unknown_server, rule::notOnRing, "", {utf8_for_message(name)});
  const double old = servers_[static_cast<std::size_t>(found)].weight;
  servers_[static_cast<std::size_t>(found)].weight = weight;
  try {
    rebuild();
  } catch (...) {
    servers_[static_cast<std::size_t>(found)].weight = old;
    throw;
  }
}

RINGLAB_ONCE_PER_CALL std::vector<Point> Ring::points() const {
  std::vector<Point> out(size_);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = point(i);
  return out;
}

RINGLAB_ONCE_PER_CALL std::int64_t Ring::index_of(std::u16string_view name) const noexcept {
  for (std::size_t s = 0; s < servers_.size(); ++s)
    if (servers_[s].name == name) return static_cast<std::int64_t>(s);
  return -1;
}

std::size_t Ring::memory_bytes() const noexcept {
  return (tokens_.capacity() + index_.capacity()) * sizeof(std::uint32_t) + owners_.capacity();
}

RINGLAB_ONCE_PER_CALL bool operator==(const Ring& a, const Ring& b) noexcept {
  if (a.vnodes_ != b.vnodes_ || a.servers_.size() != b.servers_.size()) return false;
  for (std::size_t s = 0; s < a.servers_.size(); ++s)
    if (a.servers_[s].name != b.servers_[s].name || a.servers_[s].weight != b.servers_[s].weight ||
        a.servers_[s].zone != b.servers_[s].zone)
      return false;
  // Equal server counts give equal widths, so the packed bytes (padding zeroed) compare exactly;
  // the index follows from the tokens.
  return a.tokens_ == b.tokens_ && a.owners_ == b.owners_;
}

}  // namespace ringlab
