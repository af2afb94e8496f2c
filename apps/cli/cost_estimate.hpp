#pragma once
// What opcount, parallelism and codegen will cost on a model, estimated before the work: the
// operations of one evaluation of an algorithm grow as a polynomial in the number of joints
// (the general chain's exact counts, docs/opcounts.md), a counting run takes time in proportion,
// and a recorded graph (codegen, parallelism, opcount --generated) holds about one node per
// operation. A request over the limits is refused up front (exit 2) instead of running for hours
// or ending in std::bad_alloc.
#include <cstddef>
#include <string>

namespace armdyn::cli {

/// Operations (mul + add + div + sqrt + trig) of one evaluation of `algorithm` (an `opcount`
/// name) on `dof` joints: the polynomial through the general chain's counts at 2..12 joints,
/// evaluated at `dof` (the counts themselves up to 12).
double estimated_operations(const std::string& algorithm, int dof);

/// The memory of a recorded graph of `operations` operations (nodes, the CSE tables, the task
/// graph a schedule is made from), measured per node.
double recorded_bytes(double operations);

/// The most operations one command counts on the counting scalar (opcount; some 2*10^9 a second,
/// so about a minute) or records as a graph (codegen, parallelism, opcount --generated; some
/// 30 microseconds each, so about a minute, and 450 bytes each).
inline constexpr double kMaxCountedOperations = 1e11;
inline constexpr double kMaxRecordedOperations = 2e6;

/// Throws InputError "<what> takes an estimated N operations, more than ..." when `operations`
/// exceed `max_operations`, or "--max-memory: <what> needs an estimated B, ..." when `bytes`
/// exceed `memory_limit` (the command's --max-memory); `advice` ends the message.
void check_cost(const std::string& what, double operations, double max_operations, double bytes,
                std::size_t memory_limit, const std::string& advice);

}  // namespace armdyn::cli
