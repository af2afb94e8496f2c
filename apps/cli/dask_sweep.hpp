#pragma once
// `armdyn design --scheduler ADDRESS`: a study's grid points (sweep, tmin) or searches (optimize) as
// tasks of a Dask cluster.
#include <string>
#include <vector>

#include "armdyn/design/study.hpp"
#include "armdyn/design/study_search.hpp"

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
