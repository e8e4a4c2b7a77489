// Rendezvous (highest random weight) hashing (docs/algorithms.md#rendezvous).
//
// score(key, server) = h32(key + "|" + name); the highest score wins and ties go to the server
// listed first (the published `indexOf(Math.max(...))`). A lookup hashes `key + "|"` once and
// continues that FNV state per server name — exact, since FNV-1a is a stream.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/hash.hpp"
#include "ringlab/params.hpp"

namespace ringlab {

// The FNV state after `key + "|"`, shared by every server's score for that key.
[[nodiscard]] constexpr Fnv1a rendezvous_prefix(std::u16string_view key) noexcept {
  return Fnv1a{}.units(key).unit(u'|');
}

[[nodiscard]] constexpr std::uint32_t rendezvous_score(std::u16string_view key, std::u16string_view server) noexcept {
  return Fnv1a(rendezvous_prefix(key)).units(server).finish();
}

// How a batch of rendezvous scores is computed: one key at a time, or several keys side by side in
// the lanes of 128-bit (WebAssembly SIMD128, SSE2) or 256-bit (AVX2) vectors. Every path gives the
// same answers. Ordered by width: a `widest` argument caps the path taken, and a build has either
// simd128 (WebAssembly) or sse2 and avx2 (x86-64), never both.
enum class SimdPath : std::uint8_t { scalar, simd128, sse2, avx2 };

// The widest path this build and this processor run: AVX2 when the processor has it, SSE2 on any
// other x86-64, SIMD128 in a WebAssembly module compiled with it (-msimd128: such a module only
// instantiates where the engine has SIMD128, so the package also ships one without), scalar
// elsewhere.
[[nodiscard]] SimdPath simd_path_available() noexcept;

// A key's winner and runner-up among the servers of a Rendezvous. The runner-up is the server
// that wins once the winner is gone: the first listed of the highest scores among the others. With
// a single server, second is 0 (the winner) and second_score 0; with none, both indices are -1 as
// uint32 and both scores 0.
struct RendezvousTop2 {
  std::uint32_t first = 0;
  std::uint32_t second = 0;
  std::uint32_t first_score = 0;
  std::uint32_t second_score = 0;
  friend bool operator==(const RendezvousTop2&, const RendezvousTop2&) = default;
};

class Rendezvous {
 public:
  // Servers in list order (list order breaks ties). An empty list is allowed: pick() then
  // answers -1, which is what the published program's `servers[-1]` (undefined) means.
  // Throws Error for an empty or repeated name.
  explicit Rendezvous(std::vector<std::u16string> servers);
  // The course's servers S0 .. S{n-1}; n is the table's rendezvous_servers (0 .. 2^24).
  [[nodiscard]] static Rendezvous uniform(std::int64_t servers);

  // Index of the winning server, or -1 when there are no servers.
  [[nodiscard]] std::int64_t pick(std::u16string_view key) const noexcept {
    return pick_prefix(rendezvous_prefix(key));
  }
  // The same, from a prefix state already holding `key + "|"`.
  [[nodiscard]] std::int64_t pick_prefix(const Fnv1a& prefix) const noexcept {
    // The names' common beginning ("S" for S0, S1, ...) is hashed once for all of them; each
    // server then continues that state with the rest of its name.
    const Fnv1a common = Fnv1a(prefix).units(common_);
    const std::size_t n = servers_.size();
    // Branch-free first-max: -1 is below every score, so the first server takes the lead and a
    // later one needs a strictly greater score (a tie leaves the earlier server ahead). Which
    // server leads is a coin toss per key, so a branch here would mispredict all the time.
    std::int64_t best = -1;
    std::int64_t best_score = -1;
    for (std::size_t s = 0; s < n; ++s) {
      Fnv1a f = common;
      for (std::uint32_t i = rest_first_[s]; i < rest_first_[s + 1]; ++i) f.unit(rest_[i]);
      const std::int64_t score = f.finish();
      const bool lead = score > best_score;
      best = lead ? static_cast<std::int64_t>(s) : best;
      best_score = lead ? score : best_score;
    }
    return best;
  }

  // pick() of the strings units[offsets[i] .. offsets[i+1]) into out (see h32_many).
  void pick_many(std::span<const char16_t> units, std::span<const std::uint32_t> offsets,
                 std::span<std::int32_t> out) const noexcept;
  // For many keys, each given by its FNV state after `key + "|"` (rendezvous_prefix): the winner
  // (as pick_prefix; -1 as uint32 with no servers) and its score, into winner[k] and score[k].
  // The three spans have one size. Keys are scored side by side in vector lanes, up to the path
  // `widest` (capped by simd_path_available()); the path taken is returned.
  SimdPath best_many(std::span<const Fnv1a> prefixes, std::span<std::uint32_t> winner, std::span<std::uint32_t> score,
                     SimdPath widest = SimdPath::avx2) const noexcept;
  // The same with each key's runner-up too; out has the size of prefixes.
  SimdPath top2_many(std::span<const Fnv1a> prefixes, std::span<RendezvousTop2> out,
                     SimdPath widest = SimdPath::avx2) const noexcept;

  // The score of every server for a key, in list order.
  [[nodiscard]] std::vector<std::uint32_t> scores(std::u16string_view key) const;
  // The first k servers by score, descending, ties in list order (replicas). k < 0 is an error
  // (the table's top_k); k larger than the server count gives every server.
  [[nodiscard]] std::vector<std::uint32_t> top(std::u16string_view key, std::int64_t k) const;

  [[nodiscard]] const std::vector<std::u16string>& servers() const noexcept { return servers_; }

 private:
  std::vector<std::u16string> servers_;
  std::u16string common_;                  // the longest beginning all names share
  std::vector<char16_t> rest_;             // each name after common_, back to back
  std::vector<std::uint32_t> rest_first_;  // name s's rest is rest_[rest_first_[s] .. rest_first_[s+1])
};

// Weighted rendezvous (docs/algorithms.md#weighted-rendezvous): u = score / 2^32, weighted score = -w / ln(u) (u = 0
// scores 0); the highest wins, ties to list order. With equal weights it picks what plain HRW picks, since -w / ln(u)
// grows with u.
[[nodiscard]] double weighted_rendezvous_score(std::uint32_t score, double weight) noexcept;

struct WeightedServer {
  std::u16string name;
  double weight = 1.0;  // finite and > 0
};

class WeightedRendezvous {
 public:
  // Throws Error for an empty or repeated name, or a weight that is not finite and > 0.
  explicit WeightedRendezvous(std::vector<WeightedServer> servers);
  // S0 .. S{n-1}, weight 1; n as for Rendezvous::uniform.
  [[nodiscard]] static WeightedRendezvous uniform(std::int64_t servers);

  // Index of the winning server, or -1 when there are no servers.
  [[nodiscard]] std::int64_t pick(std::u16string_view key) const noexcept {
    return pick_prefix(rendezvous_prefix(key));
  }
  [[nodiscard]] std::int64_t pick_prefix(const Fnv1a& prefix) const noexcept {
    std::int64_t best = -1;
    double best_score = 0;
    for (std::size_t s = 0; s < servers_.size(); ++s) {
      const double score =
          weighted_rendezvous_score(Fnv1a(prefix).units(servers_[s].name).finish(), servers_[s].weight);
      if (best < 0 || score > best_score) {
        best = static_cast<std::int64_t>(s);
        best_score = score;
      }
    }
    return best;
  }
  // pick() of the strings units[offsets[i] .. offsets[i+1]) into out (see h32_many).
  void pick_many(std::span<const char16_t> units, std::span<const std::uint32_t> offsets,
                 std::span<std::int32_t> out) const noexcept;
  // Weighted scores in list order.
  [[nodiscard]] std::vector<double> scores(std::u16string_view key) const;
  // The first k servers by weighted score, descending, ties in list order.
  [[nodiscard]] std::vector<std::uint32_t> top(std::u16string_view key, std::int64_t k) const;

  [[nodiscard]] const std::vector<WeightedServer>& servers() const noexcept { return servers_; }

 private:
  std::vector<WeightedServer> servers_;
};

}  // namespace ringlab
