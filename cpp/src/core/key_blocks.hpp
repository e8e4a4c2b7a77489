// Per-key loops run as many calls over blocks of keys, not as one call over all of them.
//
// V8 (Node, Chrome) first runs a WebAssembly function as baseline code (Liftoff) and compiles it
// with its optimising compiler once the function has done enough work; the optimised code is used
// from the function's next call on, never by a call already running (there is no on-stack
// replacement for WebAssembly). A loop over a million keys inside one call therefore ran as
// baseline code from its first key to its last, about twice as slow as optimised code: for
// `compare` over 1M keys x 100 servers, the first call took 1.07 s and every later one 0.59 s.
// Cut into calls of kKeyBlock keys, only the first few blocks run as baseline code. Natively a
// call per block costs nothing measurable.
//
// The block function is called through a pointer the compiler cannot see through: [[gnu::noinline]]
// keeps clang from inlining it, but the link's optimiser (Binaryen's wasm-opt) inlines every
// function that has a single caller, which would put the loop back into one long call; a function
// whose address is taken is left alone.
#pragma once

#include <algorithm>
#include <cstddef>

namespace ringlab {

inline constexpr std::size_t kKeyBlock = 8192;

// Marks a function whose own code runs once per call and whose per-key loops are key blocks:
// clang compiles it for size (the blocks, functions of their own, keep the file's speed level).
// The WebAssembly module's page budget counts every byte.
#if defined(__clang__)
#define RINGLAB_ONCE_PER_CALL [[clang::minsize]]
#else
#define RINGLAB_ONCE_PER_CALL
#endif

// body(k) for k in [lo, hi): a function of its own (per body type) that is never inlined, so
// that it is the function V8 optimises.
template <typename Body>
[[gnu::noinline]] void key_block(const Body& body, std::size_t lo, std::size_t hi) {
  for (std::size_t k = lo; k < hi; ++k) body(k);
}

// body(k) for k in [0, count), in blocks of kKeyBlock keys.
template <typename Body>
void for_each_key(std::size_t count, const Body& body) {
  void (*volatile const block)(const Body&, std::size_t, std::size_t) = &key_block<Body>;
  for (std::size_t lo = 0; lo < count; lo += kKeyBlock) block(body, lo, std::min(count, lo + kKeyBlock));
}

template <typename Block>
[[gnu::noinline]] void run_block(const Block& block, std::size_t lo, std::size_t hi) {
  block(lo, hi);
}

// block(lo, hi) for the blocks of [0, count), each a call that is never inlined: for loops that
// keep running sums, which the block holds in locals (a sum behind a reference would be reloaded
// around every store).
template <typename Block>
void for_each_block(std::size_t count, const Block& block) {
  void (*volatile const run)(const Block&, std::size_t, std::size_t) = &run_block<Block>;
  for (std::size_t lo = 0; lo < count; lo += kKeyBlock) run(block, lo, std::min(count, lo + kKeyBlock));
}

}  // namespace ringlab
