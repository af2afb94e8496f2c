#pragma once
// Operation counts: armdyn's production algorithms and every formulation of the registry run on
// the counting scalar (armdyn/core/op_count.hpp), the counts the seeds publish for the same
// methods, exact polynomial fits in n, and the reasons the two differ (`armdyn opcount`,
// docs/opcounts.md).
//
// Scope of a measurement: one call of the algorithm on model.cast<OpCount>() at a state with no
// special values; building the Data or the formulation's Workspace (its per-model constants) is
// not counted, everything the call does is, sines and cosines of the joint angles included
// (apart, as trig).
#include <cstdint>
#include <string>
#include <vector>

#include "armdyn/core/op_count.hpp"
#include "armdyn/model/general_chain.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::opcount {

/// The production algorithms counted besides the formulations, in this order:
/// "rnea", "mass_matrix", "gravity", "forward_dynamics".
const std::vector<std::string>& production_algorithms();

/// Every name count() takes: the production algorithms, then each formulation of the registry
/// (formulations()) by its method name, except "rnea" (the production rnea itself).
std::vector<std::string> algorithm_names();

/// Whether `algorithm` (a name of algorithm_names()) handles `model` (the chains-only
/// formulations refuse a branching model).
bool handles(const std::string& algorithm, const Model& model);

/// The operations of one evaluation of `algorithm` on `model`: InputError for an unknown name
/// or a model the formulation refuses.
OpTally count(const Model& model, const std::string& algorithm);

/// The operations of the code `armdyn codegen` writes for `algorithm` (one of
/// production_algorithms()) on `model`: its traced graph after the model's round-off is snapped,
/// constants folded, common subexpressions merged and dead code removed (armdyn/codegen/record.hpp).
/// trig counts the sine and cosine calls. InputError for another name.
OpTally count_generated(const Model& model, const std::string& algorithm);

/// An exact polynomial in n with rational coefficients.
struct Polynomial {
  std::vector<std::int64_t> numerator;  ///< numerator[k] / denominator is the coefficient of n^k
  std::int64_t denominator = 1;
  double operator()(int n) const;
  std::string str() const;  ///< e.g. "90n - 66", "(27/2)n^3 + 36n"
};

/// The lowest-degree polynomial through (n, values[k]) for n = first, first + 1, ..., that
/// takes every value exactly; at most degree values.size() - 2, so that one point confirms it.
/// InputError when no such polynomial exists (fewer than 2 points, or not polynomial enough).
Polynomial fit(int first, const std::vector<std::int64_t>& values);

/// A count the literature publishes for the method of an armdyn algorithm.
struct Published {
  std::string algorithm;  ///< the armdyn name it is compared with
  std::string source;     ///< "[Craig] §6.13", "[TML] Table 8.1", ...
  std::string what;       ///< what is counted
  Polynomial mul, add;
  int min_n = 1;          ///< the formula's range
};

/// The published counts, from the seeds' digests (each with its citation).
const std::vector<Published>& published();

/// Why armdyn's count of `algorithm` differs from the published one(s): one paragraph.
std::string explanation(const std::string& algorithm);

}  // namespace armdyn::opcount
