// Running a run's chunks of keys on several threads, natively. The work of compare and of the
// experiments is cut into chunks of keys; a chunk's results are integers (keys moved, keys per
// server), which each worker adds into its own totals, and the workers' totals are added in the
// workers' order at the end. Integer sums do not depend on which worker took which chunk, so the
// results are the same, bit for bit, for every thread count; whatever depends on the order of the
// keys (bounded loads) runs as one task that walks the chunks in order.
//
// WebAssembly builds have no threads (the module is loaded without cross-origin isolation, where
// SharedArrayBuffer is not available): there the tasks run one after another on the calling
// thread, and no thread code is compiled into the module.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <vector>

#ifndef __EMSCRIPTEN__
#include <thread>
#endif

#include "ringlab/params.hpp"

namespace ringlab {

// A run in parts (ComparisonRun, ExperimentRun) given chunks [first, end) and a tally: Error
// (invalid_argument) unless they are a range of the run's `chunks` chunks and a tally of its
// `tally_size` counts. In a source compiled for size (params.cpp): it runs once per call.
void check_part(std::uint64_t first, std::uint64_t end, std::uint64_t chunks, std::size_t tally,
                std::size_t tally_size);

// The threads a run uses: the value given, checked against the table's range, or all cores.
[[nodiscard]] inline unsigned thread_count(std::optional<std::int64_t> threads) {
  if (threads) return static_cast<unsigned>(check_integer(Param::threads, *threads));
#ifdef __EMSCRIPTEN__
  return 1;
#else
  const unsigned cores = std::thread::hardware_concurrency();  // 0 when it cannot tell
  return static_cast<unsigned>(std::clamp<std::int64_t>(cores, 1, kMaxThreads));
#endif
}

// The workers run_tasks uses for `tasks` tasks on `threads` threads: the size of the per-worker
// totals.
[[nodiscard]] inline unsigned workers_for(std::size_t tasks, unsigned threads) noexcept {
#ifdef __EMSCRIPTEN__
  (void)tasks, (void)threads;
  return 1;
#else
  return static_cast<unsigned>(std::min<std::size_t>(std::max(threads, 1u), std::max<std::size_t>(tasks, 1)));
#endif
}

// task(worker, i) for every i in [0, tasks), on up to `threads` threads, the calling thread being
// worker 0; the other workers are 1 .. threads-1. Tasks are taken in increasing order of i, each
// by the first worker free. The first exception a task throws stops the handing out of tasks and
// is rethrown here once every worker has stopped.
template <typename Task>
void run_tasks(std::size_t tasks, unsigned threads, const Task& task) {
  [[maybe_unused]] const unsigned workers = workers_for(tasks, threads);  // unused in WebAssembly: no threads
#ifndef __EMSCRIPTEN__
  if (workers > 1) {
    std::atomic<std::size_t> next{0};
    std::vector<std::exception_ptr> errors(workers);
    const auto work = [&](unsigned w) {
      try {
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < tasks;) task(w, i);
      } catch (...) {
        errors[w] = std::current_exception();
        next.store(tasks, std::memory_order_relaxed);
      }
    };
    std::vector<std::thread> pool;
    pool.reserve(workers - 1);
    for (unsigned w = 1; w < workers; ++w) pool.emplace_back(work, w);
    work(0);
    for (std::thread& t : pool) t.join();
    for (const std::exception_ptr& e : errors)
      if (e) std::rethrow_exception(e);
    return;
  }
#endif
  for (std::size_t i = 0; i < tasks; ++i) task(0u, i);
}

}  // namespace ringlab
