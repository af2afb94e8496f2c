#include "armdyn/core/batch.hpp"

#include <map>
#include <mutex>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace armdyn {

namespace {

// One arena per thread count asked for, made on first use and kept: an arena's threads are
// started once, not per batch.
std::shared_ptr<tbb::task_arena> arena_for(int threads) {
  static std::mutex mutex;
  static std::map<int, std::shared_ptr<tbb::task_arena>> arenas;
  std::lock_guard<std::mutex> lock(mutex);
  std::shared_ptr<tbb::task_arena>& arena = arenas[threads];
  if (!arena) arena = threads > 0 ? std::make_shared<tbb::task_arena>(threads) : std::make_shared<tbb::task_arena>();
  return arena;
}

}  // namespace

int batch_workers(int threads) { return arena_for(threads)->max_concurrency(); }

void parallel_chunks(std::ptrdiff_t first, std::ptrdiff_t last, std::ptrdiff_t grain, int threads,
                     const std::function<void(int worker, std::ptrdiff_t begin, std::ptrdiff_t end)>& chunk) {
  if (last <= first) return;
  const std::shared_ptr<tbb::task_arena> arena = arena_for(threads);
  arena->execute([&] {
    // Slots of the arena are the workers: each is held by one thread at a time.
    tbb::parallel_for(tbb::blocked_range<std::ptrdiff_t>(first, last, std::max<std::ptrdiff_t>(1, grain)),
                      [&](const tbb::blocked_range<std::ptrdiff_t>& r) {
                        chunk(tbb::this_task_arena::current_thread_index(), r.begin(), r.end());
                      });
  });
}

}  // namespace armdyn
