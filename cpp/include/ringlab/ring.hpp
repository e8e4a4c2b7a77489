// The hash ring with virtual nodes, weights and preference lists (docs/algorithms.md#ring and
// docs/algorithms.md#preference-list).
//
// Server s (in list order) owns v_s points with tokens h32(name_s + "#" + i), i = 0 .. v_s-1.
// Points are sorted by token; equal tokens keep list order (server position, then i), which is
// what the published programs' stable Array.prototype.sort gives. A hash x belongs to the first
// point whose token >= x, wrapping to point 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/params.hpp"

namespace ringlab {

// kMaxRingPoints (the most points one ring may hold) and kMaxNameLength are in params.hpp.

struct Server {
  std::u16string name;
  double weight = 1.0;  // finite and > 0; the server gets max(1, round(V * weight)) points
  std::u16string zone;  // used by zone-aware preference lists; "" is a zone like any other
};

// One point on the ring: its token and the index of the server that owns it.
struct Point {
  std::uint32_t token;
  std::uint32_t server;
  friend bool operator==(const Point&, const Point&) = default;
};

// Points a server with this weight gets at `vnodes` per unit weight: max(1, round(V * w)),
// halves rounded up (JavaScript's Math.round). Throws Error for a weight that is not finite
// and > 0 (the table's `weight`) or points beyond kMaxRingPoints.
[[nodiscard]] std::uint32_t points_for_weight(std::uint32_t vnodes, double weight);

// Throws Error(limit_exceeded, "a ring of N points exceeds the ring's cap of 16777216") for more
// than kMaxRingPoints points.
void check_ring_points(std::uint64_t points);

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
// after the last step, or point 0 when that is past the end (wrap-around). Throws
// Error(invalid_argument) for tokens that are not ascending (any list may be given, one drawn by
// hand included).
[[nodiscard]] std::vector<SearchStep> search_trace(std::span<const std::uint32_t> tokens, std::uint32_t hash);

// The owner point of `hash` on any ascending token list: the index of the first token >= hash,
// or 0 when there is none (wrap-around) or the list is empty. The published binary search, the
// point search_trace's steps end on.
[[nodiscard]] std::size_t owner_point_in(std::span<const std::uint32_t> tokens, std::uint32_t hash) noexcept;

// The preference-list walk (docs/algorithms.md#preference-list) over any ring's sorted points. point_servers[i] is the
// server (0 .. servers-1) of point i in token order; the walk starts at start_point (the owner
// point of the hash) and goes clockwise, wrapping, collecting up to rf distinct servers in walk
// order. zone_of is empty (zones not considered) or holds one zone per server, as any integer
// (servers with equal values share a zone): the first lap then takes only servers from zones not
// yet represented, and a second lap fills up with the rest in walk order. Ring::preference_list
// is this walk over the ring's points.
// Throws Error(out_of_range) for rf < 1 or a start_point past the points (when there are any),
// Error(invalid_argument) for a point's server >= servers or a zone_of that is neither empty nor
// `servers` long.
[[nodiscard]] std::vector<std::uint32_t> preference_walk(std::span<const std::uint32_t> point_servers,
                                                         std::uint32_t servers, std::size_t start_point,
                                                         std::int64_t rf, std::span<const std::uint32_t> zone_of = {});
// The same walk over any ring given by its points alone (rl.preferenceWalk): tokens ascending,
// point_servers[i] the server of point i, from the owner point of `hash`. With zone_of the
// servers are 0 .. zone_of->size() - 1, each in its zone; without, they are 0 .. the largest
// index on a point, which must be below kMaxRingPoints (a ring's most servers: out_of_range).
// Throws Error(invalid_argument) for tokens not ascending or a point_servers of another length,
// and as the form above.
[[nodiscard]] std::vector<std::uint32_t> preference_walk(std::span<const std::uint32_t> tokens,
                                                         std::span<const std::uint32_t> point_servers,
                                                         std::uint32_t hash, std::int64_t rf,
                                                         std::optional<std::span<const std::uint32_t>> zone_of);

// The server of each point, as Ring::point_servers() returns it: a read-only random-access range
// of server indices over the ring's packed storage (1, 2 or 3 bytes a point, as few as the
// number of servers needs). Valid while the ring is alive and unchanged.
class PointServers {
 public:
  class iterator {
   public:
    using iterator_concept = std::random_access_iterator_tag;
    using iterator_category = std::input_iterator_tag;  // elements are values, not references
    using value_type = std::uint32_t;
    using difference_type = std::ptrdiff_t;
    using reference = std::uint32_t;

    iterator() = default;
    std::uint32_t operator*() const noexcept { return load(p_, mask_); }
    std::uint32_t operator[](difference_type n) const noexcept { return *(*this + n); }
    iterator& operator++() noexcept {
      p_ += width_;
      return *this;
    }
    iterator operator++(int) noexcept {
      iterator t = *this;
      ++*this;
      return t;
    }
    iterator& operator--() noexcept {
      p_ -= width_;
      return *this;
    }
    iterator operator--(int) noexcept {
      iterator t = *this;
      --*this;
      return t;
    }
    iterator& operator+=(difference_type n) noexcept {
      p_ += n * static_cast<difference_type>(width_);
      return *this;
    }
    iterator& operator-=(difference_type n) noexcept { return *this += -n; }
    friend iterator operator+(iterator it, difference_type n) noexcept { return it += n; }
    friend iterator operator+(difference_type n, iterator it) noexcept { return it += n; }
    friend iterator operator-(iterator it, difference_type n) noexcept { return it -= n; }
    friend difference_type operator-(const iterator& a, const iterator& b) noexcept {
      return (a.p_ - b.p_) / static_cast<difference_type>(a.width_);
    }
    friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.p_ == b.p_; }
    friend bool operator<(const iterator& a, const iterator& b) noexcept { return a.p_ < b.p_; }
    friend bool operator>(const iterator& a, const iterator& b) noexcept { return a.p_ > b.p_; }
    friend bool operator<=(const iterator& a, const iterator& b) noexcept { return a.p_ <= b.p_; }
    friend bool operator>=(const iterator& a, const iterator& b) noexcept { return a.p_ >= b.p_; }

   private:
    friend class PointServers;
    iterator(const std::uint8_t* p, std::uint32_t width, std::uint32_t mask) noexcept
        : p_(p), width_(width), mask_(mask) {}
    const std::uint8_t* p_ = nullptr;
    std::uint32_t width_ = 1;
    std::uint32_t mask_ = 0;
  };

  PointServers() = default;
  PointServers(const std::uint8_t* bytes, std::size_t size, std::uint32_t width) noexcept
      : bytes_(bytes), size_(size), width_(width), mask_(width >= 4 ? 0xFFFFFFFFu : (1u << (8 * width)) - 1) {}

  [[nodiscard]] std::uint32_t operator[](std::size_t i) const noexcept { return load(bytes_ + i * width_, mask_); }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] iterator begin() const noexcept { return {bytes_, width_, mask_}; }
  [[nodiscard]] iterator end() const noexcept { return {bytes_ + size_ * width_, width_, mask_}; }
  // Bytes per point in the packed storage.
  [[nodiscard]] std::uint32_t width() const noexcept { return width_; }
  [[nodiscard]] std::vector<std::uint32_t> to_vector() const { return {begin(), end()}; }

  // A packed value: four little-endian bytes read at once (the storage is padded for it) and
  // masked to the width. Compilers turn the shifts into one unaligned load.
  [[nodiscard]] static std::uint32_t load(const std::uint8_t* p, std::uint32_t mask) noexcept {
    return (static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
            static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24) &
           mask;
  }

 private:
  const std::uint8_t* bytes_ = nullptr;
  std::size_t size_ = 0;
  std::uint32_t width_ = 1;
  std::uint32_t mask_ = 0xFF;
};
static_assert(std::random_access_iterator<PointServers::iterator>);

class Ring {
 public:
  // Builds the ring. Throws Error when servers is empty, vnodes is outside the table's
  // ring_vnodes (1 .. 2^24), a name is empty or repeated, a weight is not finite and > 0, or the
  // ring would exceed kMaxRingPoints.
  Ring(std::vector<Server> servers, std::int64_t vnodes);

  // The course's ring: servers S0 .. S{n-1}, weight 1, V points each. servers is the table's
  // ring_servers (1 .. 2^24).
  [[nodiscard]] static Ring uniform(std::int64_t servers, std::int64_t vnodes);

  // The server index owning a 32-bit hash (lower bound on the tokens, wrapping to point 0).
  [[nodiscard]] std::uint32_t owner(std::uint32_t hash) const noexcept { return point_server(owner_point(hash)); }
  // search_trace() over this ring's tokens, which ascend by construction: unchecked, so a trace
  // costs its log2(points) steps and not a pass over every point.
  [[nodiscard]] std::vector<SearchStep> search_trace(std::uint32_t hash) const;
  // The index of the point owning a hash: the first point whose token is >= hash, or point 0
  // when there is none. The same answer as the published binary search over all the tokens, found
  // faster: the top bits of the hash pick a bucket of the index, which holds where the points of
  // that slice of the hash space begin, and the few points of the bucket (four to eight on
  // average) are searched in four branch-free steps. The published search takes log2(points)
  // steps, and its branches go either way at random, so about half of them mispredict.
  [[nodiscard]] std::uint32_t owner_point(std::uint32_t hash) const noexcept {
    const auto bucket = static_cast<std::uint32_t>(static_cast<std::uint64_t>(hash) >> index_shift_);
    const std::uint32_t lo = index_[bucket];
    const std::uint32_t hi = index_[bucket + 1];
    const std::uint32_t* t = tokens_.data();
    std::uint32_t at;
    if (hi - lo <= kBucketScan) {
      // Tokens in [lo, hi) are the bucket's; the first token >= hash is at most hi (tokens from hi
      // on, and the padding past the last point, are all >= hash). So it is the number of tokens
      // below hash among the kBucketScan (15) from lo, found by halving that fixed window: 8, 4,
      // 2, 1.
      const std::uint32_t* w = t + lo;
      w += w[7] < hash ? 8 : 0;
      w += w[3] < hash ? 4 : 0;
      w += w[1] < hash ? 2 : 0;
      w += w[0] < hash ? 1 : 0;
      at = static_cast<std::uint32_t>(w - t);
    } else {
      // A crowded bucket (many equal or close tokens): a branch-free binary search inside it.
      const std::uint32_t* base = t + lo;
      std::uint32_t len = hi - lo;
      while (len > 1) {
        const std::uint32_t half = len / 2;
        base = base[half] < hash ? base + half : base;
        len -= half;
      }
      at = static_cast<std::uint32_t>(base - t) + (*base < hash ? 1u : 0u);
    }
    return at == size_ ? 0 : at;
  }
  // The server of point i (i < size()).
  [[nodiscard]] std::uint32_t point_server(std::size_t i) const noexcept {
    return PointServers::load(owners_.data() + i * owner_width_, owner_mask_);
  }
  // The owner of a key given as UTF-16 units (h32 of the key).
  [[nodiscard]] std::uint32_t owner_of_key(std::u16string_view key) const noexcept;
  // Batch forms (see h32_many): the owner of each hash into out (the same size; out may be the
  // hashes themselves, replaced in place), without a copy of the hashes first (a copy per ring
  // was a fifth of vnode-sweep's time in WebAssembly, where memmove is a byte loop); and the
  // owners of the strings units[offsets[i] .. offsets[i+1]) into out, as owner_of_key() gives them.
  void owners(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> out) const noexcept;
  void owners(std::span<std::uint32_t> hashes) const noexcept { owners(hashes, hashes); }
  void owners_of_keys(std::span<const char16_t> units, std::span<const std::uint32_t> offsets,
                      std::span<std::uint32_t> out) const noexcept;

  // Up to rf distinct servers, walking clockwise from the owner. Zone-aware: the first lap takes
  // only servers from zones not yet represented; a second lap fills up in walk order.
  // Throws Error(out_of_range) for rf < 1 (the table's rf).
  [[nodiscard]] std::vector<std::uint32_t> preference_list(std::uint32_t hash, std::int64_t rf,
                                                           bool zone_aware = false) const;

  // Membership changes. Each leaves exactly the ring a fresh build from the new list would give.
  void add_server(Server server);                // appended to the list
  void remove_server(std::u16string_view name);  // Error(unknown_server) if absent
  // add_server() of each server and remove_server() of each name, in order, with the same
  // refusals; the operations before a refused one stay applied, as one at a time. Every
  // operation is checked first, then the points are merged or filtered once: a batch of k
  // servers costs one pass over the ring, where k operations cost k.
  void add_servers(std::span<const Server> servers);
  void remove_servers(std::span<const std::u16string_view> names);
  void set_weight(std::u16string_view name, double weight);

  [[nodiscard]] std::uint32_t vnodes() const noexcept { return vnodes_; }
  [[nodiscard]] std::span<const Server> servers() const noexcept { return servers_; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  // Sorted tokens and, in parallel, the server of each point.
  [[nodiscard]] std::span<const std::uint32_t> tokens() const noexcept { return {tokens_.data(), size_}; }
  [[nodiscard]] PointServers point_servers() const noexcept { return {owners_.data(), size_, owner_width_}; }
  [[nodiscard]] Point point(std::size_t i) const noexcept { return Point{tokens_[i], point_server(i)}; }
  [[nodiscard]] std::vector<Point> points() const;
  // Points each server holds (v_s).
  [[nodiscard]] std::uint32_t points_of(std::uint32_t server) const noexcept { return counts_[server]; }
  // Index of a server by name; -1 when absent.
  [[nodiscard]] std::int64_t index_of(std::u16string_view name) const noexcept;
  // Bytes held for the points and their lookup: the tokens (4 a point), their servers (1, 2 or 3
  // a point), the bucket index (at most 1 a point) and a little padding. At most 8 a point for
  // rings of 64 points or more.
  [[nodiscard]] std::size_t memory_bytes() const noexcept;
  // The same arrays counted by their elements, not their capacities, with the points per server
  // (4 bytes a server): the seams' count (placers.hpp's memory_bytes), the same natively and in
  // WebAssembly. memory_bytes() stays as `ringlab compare` prints it.
  [[nodiscard]] std::uint64_t element_bytes() const noexcept {
    return 4 * std::uint64_t{tokens_.size() + index_.size() + counts_.size()} + owners_.size();
  }

  friend bool operator==(const Ring& a, const Ring& b) noexcept;

 private:
  // A bucket with at most this many points is searched in a fixed window of this many tokens.
  static constexpr std::uint32_t kBucketScan = 15;

  void rebuild();
  // Stores sorted points (tokens ascending, equal tokens in list order) and builds the lookup.
  void set_points(const std::vector<std::uint32_t>& tokens, const std::vector<std::uint32_t>& owners);

  std::vector<Server> servers_;
  std::vector<std::uint32_t> counts_;  // points per server
  std::uint32_t vnodes_;
  std::uint32_t size_ = 0;  // points on the ring
  // Structure of arrays: the search touches only the tokens. They are followed by kBucketScan + 1
  // copies of 0xFFFFFFFF so that the window searched in the last bucket (15 tokens, or the 16
  // SIMD128 counts over) never leaves the array.
  std::vector<std::uint32_t> tokens_;
  // The server of each point in owner_width_ bytes (little-endian), plus 3 bytes of padding for
  // the four-byte loads of PointServers::load.
  std::vector<std::uint8_t> owners_;
  std::uint32_t owner_width_ = 1;
  std::uint32_t owner_mask_ = 0xFF;
  // index_[b] is the first point whose token is >= b << index_shift_ (for the 2^k buckets, k =
  // 32 - index_shift_), and index_[2^k] = size_: a bucket's points are [index_[b], index_[b+1]).
  std::vector<std::uint32_t> index_;
  std::uint32_t index_shift_ = 32;
};

}  // namespace ringlab
