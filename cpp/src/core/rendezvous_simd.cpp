// Rendezvous over many keys at once: Rendezvous::best_many and top2_many
// (docs/algorithms.md#rendezvous).
//
// The lanes of a vector hold different keys, not different servers: every key walks the servers in
// list order, so a later server needs a strictly higher score in its own lane, exactly as in the
// scalar loop, and ties go to the server listed first without any cross-lane work. A server's name
// is the same for every lane, so its units are broadcast and no lane waits on a shorter name.
//
// The kernel is written once with GCC/clang vector extensions and instantiated per width: 4 lanes
// in the x86-64 baseline (SSE2, where the compiler builds the 32-bit multiply out of pmuludq), 8
// lanes in a function compiled for AVX2 and chosen at run time, and 4 lanes of SIMD128 when this
// file is compiled for WebAssembly with -msimd128. A module with SIMD128 instructions fails
// validation in engines without them, so the package ships two main modules, this file compiled
// with and without SIMD128, and the loader picks one (web/lib/src/core/loader.ts).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include "ringlab/hash.hpp"
#include "ringlab/rendezvous.hpp"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) && !defined(__EMSCRIPTEN__)
#define RINGLAB_X86_LANES 1
#else
#define RINGLAB_X86_LANES 0
#endif
#if defined(__EMSCRIPTEN__) && defined(__wasm_simd128__)
#define RINGLAB_WASM_LANES 1
#else
#define RINGLAB_WASM_LANES 0
#endif

namespace ringlab {

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// The server list as the kernels read it: the names' shared beginning, then each name's rest.
struct Names {
  std::u16string_view common;
  const char16_t* rest;
  const std::uint32_t* first;  // name s's rest is rest[first[s] .. first[s+1])
  std::uint32_t n;
};

// Where a kernel writes a block of keys.
struct Out {
  std::uint32_t* winner;  // best_many
  std::uint32_t* score;
  RendezvousTop2* top;  // top2_many
};

// --- One key at a time: the reference every vector path is held to ------------------------------

template <bool kTop2>
void scalar_keys(const Names& names, std::span<const Fnv1a> prefixes, const Out& out) noexcept {
  for (std::size_t k = 0; k < prefixes.size(); ++k) {
    const Fnv1a common = Fnv1a(prefixes[k]).units(names.common);
    // -1 is below every score: the first server leads, a later one needs a strictly higher score.
    std::int64_t b1 = -1, b2 = -1;
    std::uint32_t i1 = 0, i2 = 0;
    for (std::uint32_t s = 0; s < names.n; ++s) {
      Fnv1a f = common;
      for (std::uint32_t i = names.first[s]; i < names.first[s + 1]; ++i) f.unit(names.rest[i]);
      const std::int64_t score = f.finish();
      const bool lead = score > b1;
      if constexpr (kTop2) {
        const bool second = !lead && score > b2;
        b2 = lead ? b1 : second ? score : b2;
        i2 = lead ? i1 : second ? s : i2;
      }
      b1 = lead ? score : b1;
      i1 = lead ? s : i1;
    }
    if constexpr (kTop2) {
      out.top[k] = {i1, i2, static_cast<std::uint32_t>(b1), b2 < 0 ? 0u : static_cast<std::uint32_t>(b2)};
    } else {
      out.winner[k] = i1;
      out.score[k] = static_cast<std::uint32_t>(b1);
    }
  }
}

#if RINGLAB_X86_LANES || RINGLAB_WASM_LANES

// --- Keys side by side -----------------------------------------------------------------------------
//
// W lanes per vector, V vectors per step: the FNV and fmix32 multiplies of one vector wait on each
// other, so several independent vectors keep the multiplier busy. Scores are compared as signed
// integers after flipping their top bit, which orders them as unsigned ones (SSE2 and AVX2 have
// only signed 32-bit compares; SIMD128's signed compare is as fast as its unsigned one).

template <int W>
struct Vec {
  // typedef, not `using`: GCC drops a dependent vector_size from an alias declaration.
  typedef std::uint32_t U __attribute__((vector_size(4 * W)));
  typedef std::int32_t S __attribute__((vector_size(4 * W)));
};

constexpr std::uint32_t kSignBit = 0x80000000u;

template <int W, int V>
[[gnu::always_inline]] inline void server_scores(const Names& names, std::uint32_t s,
                                                 const typename Vec<W>::U (&common)[V],
                                                 typename Vec<W>::S (&x)[V]) noexcept {
  using U = typename Vec<W>::U;
  U h[V];
  for (int v = 0; v < V; ++v) h[v] = common[v];
  for (std::uint32_t i = names.first[s]; i < names.first[s + 1]; ++i) {
    const std::uint32_t unit = names.rest[i];
    for (int v = 0; v < V; ++v) h[v] = (h[v] ^ unit) * kFnvPrime;
  }
  for (int v = 0; v < V; ++v) {
    U f = h[v];
    f ^= f >> 16;
    f *= 0x85ebca6bu;
    f ^= f >> 13;
    f *= 0xc2b2ae35u;
    f ^= (f >> 16) ^ kSignBit;
    x[v] = reinterpret_cast<typename Vec<W>::S&>(f);
  }
}

template <int W, int V, bool kTop2>
[[gnu::always_inline]] inline void lanes_block(const Names& names, const std::uint32_t* states, std::uint32_t* first,
                                               std::uint32_t* first_score, std::uint32_t* second,
                                               std::uint32_t* second_score) noexcept {
  using U = typename Vec<W>::U;
  using S = typename Vec<W>::S;
  U common[V];
  for (int v = 0; v < V; ++v) std::memcpy(&common[v], states + v * W, sizeof(U));
  for (const char16_t unit : names.common)
    for (int v = 0; v < V; ++v) common[v] = (common[v] ^ static_cast<std::uint32_t>(unit)) * kFnvPrime;

  // Server s's scores, top bit flipped.
  S x[V];

  const S zero{};
  S b1[V], i1[V], b2[V], i2[V];
  // Server 0 leads; the runner-up is none yet (index 0, reported score 0).
  server_scores<W, V>(names, 0, common, x);
  for (int v = 0; v < V; ++v) {
    b1[v] = x[v];
    i1[v] = zero;
    b2[v] = zero + static_cast<std::int32_t>(kSignBit);
    i2[v] = zero;
  }
  std::uint32_t s = 1;
  if (kTop2 && names.n >= 2) {
    // Server 1 is the runner-up whatever its score: below -1 nothing is.
    server_scores<W, V>(names, 1, common, x);
    const S one = zero + 1;
    for (int v = 0; v < V; ++v) {
      const S lead = x[v] > b1[v];
      b2[v] = lead ? b1[v] : x[v];
      i2[v] = lead ? zero : one;
      b1[v] = lead ? x[v] : b1[v];
      i1[v] = lead ? one : zero;
    }
    s = 2;
  }
  for (; s < names.n; ++s) {
    server_scores<W, V>(names, s, common, x);
    const S index = zero + static_cast<std::int32_t>(s);
    for (int v = 0; v < V; ++v) {
      const S lead = x[v] > b1[v];
      if constexpr (kTop2) {
        // A lead makes the old winner the runner-up; a score strictly above the runner-up's but
        // not above the winner's makes this server the runner-up. (A lead is above both.)
        const S above2 = x[v] > b2[v];
        const S runner_up = lead ? b1[v] : x[v];
        b2[v] = above2 ? runner_up : b2[v];
        i2[v] = above2 ? (lead ? i1[v] : index) : i2[v];
      }
      b1[v] = lead ? x[v] : b1[v];
      i1[v] = lead ? index : i1[v];
    }
  }
  for (int v = 0; v < V; ++v) {
    const U s1 = reinterpret_cast<U&>(b1[v]) ^ kSignBit;
    std::memcpy(first + v * W, &i1[v], sizeof(U));
    std::memcpy(first_score + v * W, &s1, sizeof(U));
    if constexpr (kTop2) {
      const U s2 = reinterpret_cast<U&>(b2[v]) ^ kSignBit;
      std::memcpy(second + v * W, &i2[v], sizeof(U));
      std::memcpy(second_score + v * W, &s2, sizeof(U));
    }
  }
}

// Every key in blocks of W x V lanes; the last block is padded and only its real keys written.
template <int W, int V, bool kTop2>
[[gnu::always_inline]] inline void lanes_keys(const Names& names, std::span<const Fnv1a> prefixes,
                                              const Out& out) noexcept {
  constexpr std::size_t kLanes = static_cast<std::size_t>(W) * V;
  alignas(64) std::uint32_t states[kLanes];
  alignas(64) std::uint32_t first[kLanes], first_score[kLanes], second[kLanes], second_score[kLanes];
  for (std::size_t lo = 0; lo < prefixes.size(); lo += kLanes) {
    const std::size_t m = std::min(kLanes, prefixes.size() - lo);
    for (std::size_t i = 0; i < kLanes; ++i) states[i] = i < m ? prefixes[lo + i].state() : 0;
    lanes_block<W, V, kTop2>(names, states, first, first_score, second, second_score);
    for (std::size_t i = 0; i < m; ++i) {
      if constexpr (kTop2) {
        out.top[lo + i] = {first[i], second[i], first_score[i], second_score[i]};
      } else {
        out.winner[lo + i] = first[i];
        out.score[lo + i] = first_score[i];
      }
    }
  }
}

#endif  // RINGLAB_X86_LANES || RINGLAB_WASM_LANES

#if RINGLAB_X86_LANES

void sse2_keys(const Names& names, std::span<const Fnv1a> prefixes, const Out& out, bool top2) noexcept {
  if (top2) lanes_keys<4, 3, true>(names, prefixes, out);
  else lanes_keys<4, 8, false>(names, prefixes, out);
}

__attribute__((target("avx2"))) void avx2_keys(const Names& names, std::span<const Fnv1a> prefixes, const Out& out,
                                               bool top2) noexcept {
  if (top2) lanes_keys<8, 3, true>(names, prefixes, out);
  else lanes_keys<8, 8, false>(names, prefixes, out);
}

#endif  // RINGLAB_X86_LANES

#if RINGLAB_WASM_LANES

// 4 lanes a vector, as SSE2. 8 lanes (each vector two v128) ran compare 5 % faster at 1M keys x 100
// servers (200 ms against 211) but took 0.9 KB more of the page's gzip budget.
void simd128_keys(const Names& names, std::span<const Fnv1a> prefixes, const Out& out, bool top2) noexcept {
  if (top2) lanes_keys<4, 3, true>(names, prefixes, out);
  else lanes_keys<4, 8, false>(names, prefixes, out);
}

#endif  // RINGLAB_WASM_LANES

SimdPath run(const Names& names, std::span<const Fnv1a> prefixes, const Out& out, bool top2, SimdPath widest) noexcept {
  if (names.n == 0) {
    for (std::size_t k = 0; k < prefixes.size(); ++k) {
      if (top2) out.top[k] = {kNone, kNone, 0, 0};
      else out.winner[k] = kNone, out.score[k] = 0;
    }
    return SimdPath::scalar;
  }
#if RINGLAB_X86_LANES
  const SimdPath path = std::min(widest, simd_path_available());
  if (path == SimdPath::avx2) {
    avx2_keys(names, prefixes, out, top2);
    return path;
  }
  if (path == SimdPath::sse2) {
    sse2_keys(names, prefixes, out, top2);
    return path;
  }
#elif RINGLAB_WASM_LANES
  if (std::min(widest, simd_path_available()) >= SimdPath::simd128) {
    simd128_keys(names, prefixes, out, top2);
    return SimdPath::simd128;
  }
#else
  (void)widest;
#endif
  if (top2) scalar_keys<true>(names, prefixes, out);
  else scalar_keys<false>(names, prefixes, out);
  return SimdPath::scalar;
}

}  // namespace

SimdPath simd_path_available() noexcept {
#if RINGLAB_X86_LANES
  // Checks the operating system's support for the 256-bit registers too (XGETBV), not just CPUID.
  static const SimdPath path = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? SimdPath::avx2 : SimdPath::sse2;
  }();
  return path;
#elif RINGLAB_WASM_LANES
  // Compiled with SIMD128, the module only instantiates where the engine has it.
  return SimdPath::simd128;
#else
  return SimdPath::scalar;
#endif
}

SimdPath Rendezvous::best_many(std::span<const Fnv1a> prefixes, std::span<std::uint32_t> winner,
                               std::span<std::uint32_t> score, SimdPath widest) const noexcept {
  const Names names{common_, rest_.data(), rest_first_.data(), static_cast<std::uint32_t>(servers_.size())};
  return run(names, prefixes, {winner.data(), score.data(), nullptr}, false, widest);
}

SimdPath Rendezvous::top2_many(std::span<const Fnv1a> prefixes, std::span<RendezvousTop2> out,
                               SimdPath widest) const noexcept {
  const Names names{common_, rest_.data(), rest_first_.data(), static_cast<std::uint32_t>(servers_.size())};
  return run(names, prefixes, {nullptr, nullptr, out.data()}, true, widest);
}

}  // namespace ringlab
