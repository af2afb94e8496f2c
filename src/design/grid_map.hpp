#pragma once
// One result per point of a study's parameter grid, computed on the local cores (core/batch.hpp),
// each handed to `finished` as it arrives (one at a time, with the count so far); the results in
// grid order. Shared by sweep (study.cpp) and tmin_study (study_search.cpp).
#include <atomic>
#include <cstddef>
#include <mutex>
#include <vector>

#include "armdyn/core/batch.hpp"
#include "armdyn/design/study.hpp"

namespace armdyn::design::detail {

template <class Result, class Evaluate>
std::vector<Result> map_grid(const Study& study, int threads, const FinishedCallback<Result>& finished,
                             Evaluate evaluate) {
  const std::vector<ParameterValues> grid = parameter_grid(study);
  std::vector<Result> results(grid.size());
  std::atomic<int> done{0};
  std::mutex finished_lock;
  // One grid point per chunk: each is at least a whole task run, far above the cost of scheduling it.
  parallel_chunks(0, static_cast<std::ptrdiff_t>(grid.size()), 1, threads,
                  [&](int, std::ptrdiff_t begin, std::ptrdiff_t end) {
                    for (std::ptrdiff_t k = begin; k != end; ++k) {
                      const auto index = static_cast<std::size_t>(k);
                      results[index] = evaluate(study, grid[index]);
                      if (finished) {
                        const std::lock_guard<std::mutex> hold(finished_lock);
                        finished(++done, index, results[index]);
                      }
                    }
                  });
  return results;
}

}  // namespace armdyn::design::detail
