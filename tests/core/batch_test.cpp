// core/batch.hpp: every item runs exactly once, a worker's workspace is never used by two threads
// at once, exceptions reach the caller, and the chunks cover the range whatever the thread count;
// thread counts are checked by one rule, and more threads than CPUs run on the CPUs.
#include "armdyn/core/batch.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"

namespace armdyn {
namespace batch_test {

// A workspace that records whether two threads use it at once.
struct Work {
  std::atomic<int> users{0};
  int items = 0;
};

// Enough work per item that the batch is cut into many chunks.
double busy(std::ptrdiff_t k) {
  double x = 0;
  for (int i = 0; i < 2000; ++i) x += std::sin(static_cast<double>(k + i));
  return x;
}

TEST(Batch, EveryItemOnceAndNoWorkspaceShared) {
  for (int threads : {0, 1, 2}) {
    const std::ptrdiff_t m = 5000;
    std::vector<std::atomic<int>> done(static_cast<std::size_t>(m));
    std::vector<double> out(static_cast<std::size_t>(m));
    std::atomic<int> clashes{0}, made{0};
    run_batch<Work>(m, threads, [&] { ++made; return new Work; }, [&](Work& w, std::ptrdiff_t k) {
      if (w.users.fetch_add(1) != 0) ++clashes;
      ++done[static_cast<std::size_t>(k)];
      out[static_cast<std::size_t>(k)] = busy(k);
      ++w.items;
      w.users.fetch_sub(1);
    });
    for (std::ptrdiff_t k = 0; k < m; ++k) {
      ASSERT_EQ(done[static_cast<std::size_t>(k)].load(), 1) << "item " << k << ", threads " << threads;
      ASSERT_EQ(out[static_cast<std::size_t>(k)], busy(k));
    }
    EXPECT_EQ(clashes.load(), 0) << "threads " << threads;
    EXPECT_GE(made.load(), 1);
    EXPECT_LE(made.load(), batch_workers(threads));
    if (threads > 0) {  // as many as asked for, up to the CPUs (batch_workers(0))
      EXPECT_EQ(batch_workers(threads), std::min(threads, batch_workers(0)));
    }
  }
}

TEST(Batch, EmptyAndSingleBatches) {
  int calls = 0, made = 0;
  run_batch<Work>(0, 0, [&] { ++made; return new Work; }, [&](Work&, std::ptrdiff_t) { ++calls; });
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(made, 0);
  run_batch<Work>(1, 0, [&] { ++made; return new Work; }, [&](Work&, std::ptrdiff_t k) { calls += 1 + static_cast<int>(k); });
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(made, 1);
}

TEST(Batch, ChunksCoverTheRangeOnce) {
  std::vector<std::atomic<int>> seen(1000);
  parallel_chunks(10, 1000, 7, 2, [&](int worker, std::ptrdiff_t begin, std::ptrdiff_t end) {
    ASSERT_GE(worker, 0);
    ASSERT_LT(worker, batch_workers(2));
    for (std::ptrdiff_t k = begin; k < end; ++k) ++seen[static_cast<std::size_t>(k)];
  });
  for (std::ptrdiff_t k = 0; k < 1000; ++k) EXPECT_EQ(seen[static_cast<std::size_t>(k)].load(), k >= 10 ? 1 : 0);
}

TEST(Batch, AnExceptionReachesTheCaller) {
  EXPECT_THROW(run_batch<Work>(4000, 2, [] { return new Work; },
                               [](Work&, std::ptrdiff_t k) {
                                 busy(k);
                                 if (k == 2500) throw std::runtime_error("item 2500");
                               }),
               std::runtime_error);
}

TEST(Batch, ThreadCountsAreCheckedByOneRule) {
  const int most = max_batch_threads();
  EXPECT_GE(most, 256);
  EXPECT_EQ(checked_thread_count(0, "--workers"), 0);
  EXPECT_EQ(checked_thread_count(1, "--workers"), 1);
  EXPECT_EQ(checked_thread_count(most, "--workers"), most);
  for (long long bad : {-1LL, static_cast<long long>(most) + 1, 99999LL, 1000000000LL, -2147483649LL}) {
    try {
      checked_thread_count(bad, "--workers");
      ADD_FAILURE() << bad << " accepted";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("--workers must be 0 (every core) or a number of threads from 1 to " + std::to_string(most)),
                std::string::npos) << what;
      EXPECT_NE(what.find("got " + std::to_string(bad)), std::string::npos) << what;
    }
  }
  // The batch runner itself refuses them too (the C++ API's threads = arguments).
  EXPECT_THROW(batch_workers(most + 1), InputError);
  EXPECT_THROW(parallel_chunks(0, 10, 1, -1, [](int, std::ptrdiff_t, std::ptrdiff_t) {}), InputError);
}

TEST(Batch, MoreThreadsThanCpusRunOnTheCpusWithoutTbbsWarning) {
  const int cpus = batch_workers(0);
  testing::internal::CaptureStderr();
  for (int threads : {cpus + 1, 4 * cpus, max_batch_threads()}) {
    EXPECT_EQ(batch_workers(threads), cpus) << threads;
    std::vector<std::atomic<int>> done(3000);
    run_batch<Work>(3000, threads, [] { return new Work; }, [&](Work&, std::ptrdiff_t k) {
      busy(k);
      ++done[static_cast<std::size_t>(k)];
    });
    for (const std::atomic<int>& d : done) ASSERT_EQ(d.load(), 1);
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

}  // namespace batch_test
}  // namespace armdyn
