// The batch lookup (Ring::owners), in a file of its own: the SIMD128 module compiles it with
// WebAssembly SIMD128 (cpp/wasm/CMakeLists.txt), and only it, so that the rest of the ring's code
// is not autovectorised into bytes the page budget pays for.
#include <bit>
#include <cstdint>
#include <span>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "ringlab/ring.hpp"

namespace ringlab {

// Four hashes side by side. Each lookup is a chain of dependent loads (the index, the four
// steps, the server); one chain alone waits on every load, and in WebAssembly, whose code is
// longer, the processor overlaps too few loop iterations to hide that. Four independent chains
// written out together keep four loads in flight. A group with a crowded bucket (rare) takes
// owner() per hash.
//
// With WebAssembly SIMD128 (the SIMD128 module compiles this file with it) the four steps are one
// count instead: of the 16 tokens from the bucket's first, the number below the hash is where
// the search ends (tokens past the bucket are above it, and the array has 16 of padding), found
// with four lane-wise compares and no chain of loads: vnode-sweep and ring-vs-mod ran 4-5 %
// faster. Natively the steps stay: the same count in SSE2 ran ring-vs-mod at 20.0 ms against
// 17.4 (1M keys, GCC -O3).
void Ring::owners(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> out) const noexcept {
  const std::uint32_t* t = tokens_.data();
  const std::uint32_t* index = index_.data();
  const std::uint64_t shift = index_shift_;
  const std::size_t n = hashes.size();
  const std::uint32_t* h = hashes.data();
  std::uint32_t* o = out.data();
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const std::uint32_t h0 = h[i], h1 = h[i + 1], h2 = h[i + 2], h3 = h[i + 3];
    const auto b0 = static_cast<std::uint32_t>(std::uint64_t{h0} >> shift);
    const auto b1 = static_cast<std::uint32_t>(std::uint64_t{h1} >> shift);
    const auto b2 = static_cast<std::uint32_t>(std::uint64_t{h2} >> shift);
    const auto b3 = static_cast<std::uint32_t>(std::uint64_t{h3} >> shift);
    const std::uint32_t lo0 = index[b0], lo1 = index[b1], lo2 = index[b2], lo3 = index[b3];
    const std::uint32_t wide =
        (index[b0 + 1] - lo0) | (index[b1 + 1] - lo1) | (index[b2 + 1] - lo2) | (index[b3 + 1] - lo3);
    if (wide > kBucketScan) {  // at least one bucket is crowded: an upper bound on each width
      for (std::size_t k = i; k < i + 4; ++k) o[k] = owner(h[k]);
      continue;
    }
#if defined(__wasm_simd128__)
    const auto below = [t](std::uint32_t lo, std::uint32_t hash) {
      const std::uint32_t* w = t + lo;
      const v128_t hv = wasm_i32x4_splat(static_cast<std::int32_t>(hash));
      const v128_t a = wasm_u32x4_lt(wasm_v128_load(w), hv);
      const v128_t b = wasm_u32x4_lt(wasm_v128_load(w + 4), hv);
      const v128_t c = wasm_u32x4_lt(wasm_v128_load(w + 8), hv);
      const v128_t d = wasm_u32x4_lt(wasm_v128_load(w + 12), hv);
      const v128_t all = wasm_i8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(a, b), wasm_i16x8_narrow_i32x4(c, d));
      return static_cast<std::uint32_t>(std::popcount(static_cast<std::uint32_t>(wasm_i8x16_bitmask(all))));
    };
    const std::uint32_t* w0 = t + lo0 + below(lo0, h0);
    const std::uint32_t* w1 = t + lo1 + below(lo1, h1);
    const std::uint32_t* w2 = t + lo2 + below(lo2, h2);
    const std::uint32_t* w3 = t + lo3 + below(lo3, h3);
#else
    const std::uint32_t *w0 = t + lo0, *w1 = t + lo1, *w2 = t + lo2, *w3 = t + lo3;
    for (const std::uint32_t step : {8u, 4u, 2u, 1u}) {
      w0 += w0[step - 1] < h0 ? step : 0;
      w1 += w1[step - 1] < h1 ? step : 0;
      w2 += w2[step - 1] < h2 ? step : 0;
      w3 += w3[step - 1] < h3 ? step : 0;
    }
#endif
    const auto point = [&](const std::uint32_t* w) {
      const auto at = static_cast<std::uint32_t>(w - t);
      return point_server(at == size_ ? 0 : at);
    };
    // All four before any store: a store to out could change the ring's fields as far as the
    // compiler knows (32-bit words, like size_ and the owners' width and mask), which were
    // otherwise loaded again after each store. And after every read of h[i .. i+3]: out may be h.
    const std::uint32_t p0 = point(w0), p1 = point(w1), p2 = point(w2), p3 = point(w3);
    o[i] = p0;
    o[i + 1] = p1;
    o[i + 2] = p2;
    o[i + 3] = p3;
  }
  for (; i < n; ++i) o[i] = owner(h[i]);
}

}  // namespace ringlab
