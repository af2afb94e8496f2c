#pragma once
// `armdyn design --scheduler ADDRESS`: a study's grid points (sweep, tmin) or searches (optimize) as
// tasks of a Dask cluster.
#include <string>
#include <vector>

#include "armdyn/design/study.hpp"
#include "armdyn/design/study_search.hpp"

namespace armdyn::cli {

/// Checks, before any work, what a Dask run needs from the user: `scheduler` is a scheduler's
/// address ([tcp|tls|ws|wss|ucx://]HOST:PORT, the port 1..65535; tcp:// when no scheme is given)
/// and $ARMDYN_DASK_TIMEOUT, when set, a number of seconds in (0, 86400]. InputError naming
/// --scheduler or ARMDYN_DASK_TIMEOUT otherwise.
void check_dask_options(const std::string& scheduler);

/// Every grid point of `study` (read from `study_path`) evaluated on the Dask cluster whose
/// scheduler is at `scheduler` (tcp://host:port), through the Python package armdyn
/// (`python3 -m armdyn._distributed`; the build tree's package when the tool runs from a build,
/// else the installed one); the results in grid order, equal to design::sweep's bit for bit.
/// `finished` is called as each one arrives (as for design::sweep). InputError for a study the
/// workers refuse or a scheduler that does not answer within $ARMDYN_DASK_TIMEOUT seconds (10 by
/// default), InternalError when the cluster or the package cannot be used (with the Python
/// side's last message).
std::vector<design::CandidateResult> dask_sweep(const design::Study& study, const std::string& study_path,
                                                const std::string& scheduler,
                                                const design::FinishedCallback<design::CandidateResult>& finished);

/// The same for a tmin study: every grid point's T_min search (design::tmin_point) is one task;
/// the points in grid order, equal to design::tmin_study's bit for bit.
std::vector<design::TminPoint> dask_tmin(const design::Study& study, const std::string& study_path,
                                         const std::string& scheduler,
                                         const design::FinishedCallback<design::TminPoint>& finished);

/// The same for an optimize study: each of its search methods (design::optimize_methods) is one
/// task; the searches in order, equal to design::optimize_study's bit for bit.
std::vector<design::StudyOptimum> dask_optimize(const design::Study& study, const std::string& study_path,
                                                const std::string& scheduler);

}  // namespace armdyn::cli
