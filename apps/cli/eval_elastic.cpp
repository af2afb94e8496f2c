#include "eval_elastic.hpp"

#include <cmath>
#include <utility>

#include "armdyn/core/error.hpp"
#include "armdyn/segments/stress.hpp"
#include "cli.hpp"

namespace armdyn::cli {

EvalElastic::EvalElastic(const Model& model, segments::SegmentSet segments)
    : model_(model), segments_(std::move(segments)), chain_(model_, segments_), reactions_(model) {}

void EvalElastic::write(JsonWriter& w, Data& data, const JointState& s, const std::vector<Force<double>>* fext,
                        const std::string& source, std::size_t k) {
  chain_.state(data, s.q, s.v, *s.a, fext, state_);  // runs rnea with fext: the reactions follow
  segments::quasi_static(state_, response_);
  const MatX<double>& reactions = reactions_from_rnea(model_, data, reactions_);
  const auto stresses = segments::segment_stresses(model_, segments_, s.q, reactions);
  const int n = model_.dof;
  const Vec3<double> u = response_.u.segment<3>(3 * (n - 1)), phi = response_.phi.segment<3>(3 * (n - 1));
  bool finite = u.allFinite() && phi.allFinite();
  for (const auto& st : stresses) finite = finite && (!st || (std::isfinite(st->sigma_max) && std::isfinite(st->tau_max)));
  if (!finite)
    throw InternalError(source + ": states[" + std::to_string(k) + "]: the computed elastic deflection is not finite");
  w.key("deflection").numbers(u.data(), 3);
  w.key("tilt").numbers(phi.data(), 3);
  w.key("stress").begin_array();
  for (const auto& st : stresses) {
    if (st) w.numbers(std::vector<double>{st->sigma_max, st->tau_max});
    else w.null();
  }
  w.end_array();
}

}  // namespace armdyn::cli
