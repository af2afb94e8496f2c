#include "cost_estimate.hpp"

#include <cmath>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "armdyn/codegen/opcount.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/model/general_chain.hpp"
#include "methods.hpp"

namespace armdyn::cli {

namespace {

constexpr int kFitFirst = 2, kFitLast = 12;

std::int64_t operations_of(const OpTally& t) {
  return static_cast<std::int64_t>(t.mul + t.add + t.div + t.sqrt + t.trig);
}

/// The general chain's counts of an algorithm at kFitFirst..kFitLast joints, and their fit.
struct SmallCounts {
  std::vector<std::int64_t> counts;
  std::optional<opcount::Polynomial> fit;  ///< none when they are not polynomial enough
};

const SmallCounts& small_counts(const std::string& algorithm) {
  static std::mutex lock;
  static std::map<std::string, SmallCounts> cache;
  const std::lock_guard<std::mutex> guard(lock);
  SmallCounts& out = cache[algorithm];
  if (out.counts.empty()) {
    for (int n = kFitFirst; n <= kFitLast; ++n)
      out.counts.push_back(operations_of(opcount::count(general_chain(n), algorithm)));
    try {
      out.fit = opcount::fit(kFitFirst, out.counts);
    } catch (const InputError&) {
      out.fit.reset();
    }
  }
  return out;
}

std::string short_count(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2g", x);
  return text;
}

}  // namespace

double estimated_operations(const std::string& algorithm, int dof) {
  if (dof < 1) return 0;
  const SmallCounts& small = small_counts(algorithm);
  if (dof <= kFitLast) return static_cast<double>(small.counts[static_cast<std::size_t>(std::max(dof, kFitFirst) - kFitFirst)]);
  if (small.fit) return (*small.fit)(dof);
  // Not a polynomial over 2..12 (none is today): grow the last count as n^4, more than any.
  return static_cast<double>(small.counts.back()) * std::pow(static_cast<double>(dof) / kFitLast, 4);
}

double recorded_bytes(double operations) {
  // Measured on the general chain (docs/parallelism.md): a node of the graph, its CSE table
  // entries and its task in the schedule's graph together take some 430 bytes.
  return 450 * operations + (16 << 20);
}

void check_cost(const std::string& what, double operations, double max_operations, double bytes,
                std::size_t memory_limit, const std::string& advice) {
  if (operations > max_operations)
    throw InputError(what + " takes an estimated " + short_count(operations) + " operations, more than the " +
                     short_count(max_operations) + " of one run (about a minute); " + advice);
  if (bytes > static_cast<double>(memory_limit))
    throw InputError("--max-memory: " + what + " needs an estimated " + format_bytes(bytes) + ", more than the limit of " +
                     format_bytes(static_cast<double>(memory_limit)) + "; raise it, e.g. --max-memory " +
                     std::to_string(static_cast<long long>(std::ceil(bytes / 1073741824.0))) + "G, or " + advice);
}

}  // namespace armdyn::cli
