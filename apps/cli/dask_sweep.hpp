#pragma once
// `armdyn design --scheduler ADDRESS`: the candidates of a study as tasks of a Dask cluster.
#include <string>
#include <vector>

#include "armdyn/design/study.hpp"

namespace armdyn::cli {

/// Every grid point of `study` (read from `study_path`) evaluated on the Dask cluster whose
/// scheduler is at `scheduler` (tcp://host:port), through the Python package armdyn
/// (`python3 -m armdyn._distributed`; the build tree's package when the tool runs from a build,
/// else the installed one); the results in grid order, equal to design::sweep's bit for bit.
/// `finished` is called as each one arrives (as for design::sweep). InputError for a study the
/// workers refuse, InternalError when the cluster or the package cannot be used (with the
/// Python side's last message).
std::vector<design::CandidateResult> dask_sweep(const design::Study& study, const std::string& study_path,
                                                const std::string& scheduler,
                                                const design::FinishedCallback<design::CandidateResult>& finished);

}  // namespace armdyn::cli
