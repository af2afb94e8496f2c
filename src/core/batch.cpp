#include "armdyn/core/batch.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "armdyn/core/error.hpp"

namespace armdyn {

namespace {

// The threads TBB runs at most (the process's CPUs): an arena asked for more would get no more
// workers, and TBB would print a warning of its own.
int available_threads() {
  static const int count = std::max(1, tbb::info::default_concurrency());
  return count;
}

// One arena per thread count, made on first use and kept: an arena's threads are started once,
// not per batch. The map is never destroyed: a static one would destroy its arenas after TBB's
// own statics at exit (a crash after the work is done).
std::shared_ptr<tbb::task_arena> arena_for(int threads) {
  const int size = threads == 0 ? available_threads() : std::min(checked_thread_count(threads, "threads"), available_threads());
  static std::mutex mutex;
  static auto* const arenas = new std::map<int, std::shared_ptr<tbb::task_arena>>;
  std::lock_guard<std::mutex> lock(mutex);
  std::shared_ptr<tbb::task_arena>& arena = (*arenas)[size];
  if (!arena) arena = std::make_shared<tbb::task_arena>(size);
  return arena;
}

}  // namespace

int max_batch_threads() {
  static const int limit = std::max(256, 4 * static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  return limit;
}

std::string thread_count_rule() {
  return "0 (every core) or a number of threads from 1 to " + std::to_string(max_batch_threads());
}

int checked_thread_count(long long threads, const std::string& what) {
  if (threads < 0 || threads > max_batch_threads())
    throw InputError(what + " must be " + thread_count_rule() + ", got " + std::to_string(threads));
  return static_cast<int>(threads);
}

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
