// The hash ring with virtual nodes, weights and preference lists (spec §4, §4a).
//
// Server s (in list order) owns v_s points with tokens h32(name_s + "#" + i), i = 0 .. v_s-1.
// Points are sorted by token; equal tokens keep list order (server position, then i), which is
// what the published programs' stable Array.prototype.sort gives. A hash x belongs to the first
// point whose token >= x, wrapping to point 0.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ringlab {

// The most points one ring may hold. Larger requests are refused before anything is allocated:
// 2^24 points are 128 MiB while building, the most a browser tab should be asked for.
inline constexpr std::uint64_t kMaxRingPoints = 1ull << 24;
// The longest server name or zone, in UTF-16 units.
inline constexpr std::size_t kMaxNameLength = 4096;

struct Server {
  std::u16string name;
  double weight = 1.0;   // finite and > 0; the server gets max(1, round(V * weight)) points
  std::u16string zone;   // used by zone-aware preference lists; "" is a zone like any other
};

// One point on the ring: its token and the index of the server that owns it.
struct Point {
  std::uint32_t token;
  std::uint32_t server;
  friend bool operator==(const Point&, const Point&) = default;
};

// Points a server with this weight gets at `vnodes` per unit weight: max(1, round(V * w)),
// halves rounded up (JavaScript's Math.round). Throws Error for a weight that is not finite
// and > 0.
[[nodiscard]] std::uint32_t points_for_weight(std::uint32_t vnodes, double weight);

// "S0", "S1", ...: the course's default server names.
[[nodiscard]] std::vector<Server> default_servers(std::uint32_t count);
[[nodiscard]] std::u16string default_server_name(std::uint32_t index);

// One step of the owner search (the published binary search over sorted tokens): the range
// [lo, hi), the middle point looked at, its token, and whether the search moved right of it
// (token < hash). For steppers that show how a lookup finds its owner.
struct SearchStep {
  std::uint32_t lo;
  std::uint32_t hi;
  std::uint32_t mid;
  std::uint32_t token;
  bool right;
};
// The steps of the search for `hash` over sorted tokens; the owner is point lo of the range left
// after the last step, or point 0 when that is past the end (wrap-around).
[[nodiscard]] std::vector<SearchStep> search_trace(std::span<const std::uint32_t> tokens, std::uint32_t hash);

class Ring {
 public:
  // Builds the ring. Throws Error when servers is empty, vnodes < 1, a name is empty or
  // repeated, a weight is not finite and > 0, or the ring would exceed kMaxRingPoints.
  Ring(std::vector<Server> servers, std::uint32_t vnodes);

  // The course's ring: servers S0 .. S{n-1}, weight 1, V points each.
  [[nodiscard]] static Ring uniform(std::uint32_t servers, std::uint32_t vnodes);

  // The server index owning a 32-bit hash (lower bound on the tokens, wrapping to point 0).
  [[nodiscard]] std::uint32_t owner(std::uint32_t hash) const noexcept {
    return servers_of_points_[owner_point(hash)];
  }
  // The index of the point owning a hash.
  [[nodiscard]] std::uint32_t owner_point(std::uint32_t hash) const noexcept {
    // The published binary search: first token >= hash, wrapping past the end.
    std::uint32_t lo = 0;
    std::uint32_t hi = static_cast<std::uint32_t>(tokens_.size());
    while (lo < hi) {
      const std::uint32_t mid = lo + (hi - lo) / 2;
      if (tokens_[mid] < hash) lo = mid + 1; else hi = mid;
    }
    return lo == tokens_.size() ? 0 : lo;
  }
  // The owner of a key given as UTF-16 units (h32 of the key).
  [[nodiscard]] std::uint32_t owner_of_key(std::u16string_view key) const noexcept;

  // Up to rf distinct servers, walking clockwise from the owner. Zone-aware: the first lap takes
  // only servers from zones not yet represented; a second lap fills up in walk order.
  // Throws Error(out_of_range) for rf < 1.
  [[nodiscard]] std::vector<std::uint32_t> preference_list(std::uint32_t hash, std::int64_t rf,
                                                           bool zone_aware = false) const;

  // Membership changes. Each leaves exactly the ring a fresh build from the new list would give.
  void add_server(Server server);                       // appended to the list
  void remove_server(std::u16string_view name);         // Error(unknown_server) if absent
  void set_weight(std::u16string_view name, double weight);

  [[nodiscard]] std::uint32_t vnodes() const noexcept { return vnodes_; }
  [[nodiscard]] std::span<const Server> servers() const noexcept { return servers_; }
  [[nodiscard]] std::size_t size() const noexcept { return tokens_.size(); }
  // Sorted tokens and, in parallel, the server of each point.
  [[nodiscard]] std::span<const std::uint32_t> tokens() const noexcept { return tokens_; }
  [[nodiscard]] std::span<const std::uint32_t> point_servers() const noexcept {
    return servers_of_points_;
  }
  [[nodiscard]] Point point(std::size_t i) const noexcept {
    return Point{tokens_[i], servers_of_points_[i]};
  }
  [[nodiscard]] std::vector<Point> points() const;
  // Points each server holds (v_s).
  [[nodiscard]] std::uint32_t points_of(std::uint32_t server) const noexcept {
    return counts_[server];
  }
  // Index of a server by name; -1 when absent.
  [[nodiscard]] std::int64_t index_of(std::u16string_view name) const noexcept;
  // Bytes held for the points (tokens and their servers): 8 per point.
  [[nodiscard]] std::size_t memory_bytes() const noexcept;

  friend bool operator==(const Ring& a, const Ring& b) noexcept;

 private:
  void rebuild();

  std::vector<Server> servers_;
  std::vector<std::uint32_t> counts_;  // points per server
  std::uint32_t vnodes_;
  // Structure of arrays: the binary search touches only tokens, 4 bytes a point.
  std::vector<std::uint32_t> tokens_;
  std::vector<std::uint32_t> servers_of_points_;
};

}  // namespace ringlab
