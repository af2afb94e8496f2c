#pragma once
// Batches of independent evaluations on every core: the same computation for m inputs (states,
// candidates), each alone on a workspace of its thread, so that the results equal the one-input
// loop bit for bit whatever the number of threads. The threads are TBB's (src/core/batch.cpp);
// this header needs no TBB.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace armdyn {

/// The largest thread count a batch may be asked for: max(256, 4 x the hardware threads). A count
/// above the CPUs the process may use runs on those CPUs (batch_workers), without oversubscribing.
int max_batch_threads();

/// `threads` when it is 0 (every core) or 1..max_batch_threads(); otherwise InputError "<what> must
/// be 0 (every core) or a number of threads from 1 to <max>, got <threads>". The one check of every
/// thread count a user gives (the CLI's --workers, Python's set_num_threads and threads=).
int checked_thread_count(long long threads, const std::string& what);

/// "0 (every core) or a number of threads from 1 to <max>": what checked_thread_count accepts.
std::string thread_count_rule();

/// The number of distinct workers a batch on `threads` threads may use (0: every core): `threads`,
/// or the CPUs the process may use when there are fewer. InputError for a count
/// checked_thread_count refuses.
int batch_workers(int threads);

/// Calls chunk(worker, begin, end) for consecutive chunks of about `grain` items covering
/// [first, last), on up to `threads` threads (0: every core; at most the CPUs), and returns when all are done.
/// `worker` is in [0, batch_workers(threads)); two chunks never run at once with the same worker,
/// so that chunk may use a workspace per worker without locking. Exceptions thrown by chunk are
/// passed to the caller (the first one).
void parallel_chunks(std::ptrdiff_t first, std::ptrdiff_t last, std::ptrdiff_t grain, int threads,
                     const std::function<void(int worker, std::ptrdiff_t begin, std::ptrdiff_t end)>& chunk);

/// kernel(work, k) for k = 0..m-1, with one Work per worker made by make() (a Work*, owned here)
/// on first use. Item 0 runs first on the calling thread and its time sets the chunks the others
/// are cut into (about 50 us of work each: smaller ones cost more to schedule than they gain); a
/// batch of a single chunk runs on the calling thread alone.
template <class Work, class Make, class Kernel>
void run_batch(std::ptrdiff_t m, int threads, Make make, Kernel kernel) {
  if (m <= 0) return;
  std::vector<std::unique_ptr<Work>> works(static_cast<std::size_t>(std::max(1, batch_workers(threads))));
  works[0].reset(make());
  const auto start = std::chrono::steady_clock::now();
  kernel(*works[0], std::ptrdiff_t{0});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto grain = std::max<std::ptrdiff_t>(1, static_cast<std::ptrdiff_t>(50e-6 / std::max(seconds, 1e-9)));
  if (m - 1 <= grain || works.size() == 1) {
    for (std::ptrdiff_t k = 1; k < m; ++k) kernel(*works[0], k);
    return;
  }
  parallel_chunks(1, m, grain, threads, [&](int worker, std::ptrdiff_t begin, std::ptrdiff_t end) {
    std::unique_ptr<Work>& work = works[static_cast<std::size_t>(worker)];
    if (!work) work.reset(make());
    for (std::ptrdiff_t k = begin; k != end; ++k) kernel(*work, k);
  });
}

}  // namespace armdyn
