#include "armdyn/simulation/controller.hpp"

#include <cmath>

#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/core/names.hpp"

namespace armdyn::sim {

namespace {

constexpr std::array<NamedValue<ControlLaw>, 4> kControlLaws{{{ControlLaw::kPd, "pd"},
                                                              {ControlLaw::kPdGravity, "pd-gravity"},
                                                              {ControlLaw::kComputedTorque, "computed-torque"},
                                                              {ControlLaw::kGravityCompensation, "gravity-compensation"}}};

}  // namespace

const char* to_string(ControlLaw law) { return name_of(kControlLaws, law); }

ControlLaw control_law_from_name(const std::string& name) { return value_named(kControlLaws, name, "controller"); }

ControllerSpec default_gains(const Model& model, ControlLaw law, VecIn<double> q, double omega, double rate) {
  VecX<double> scale = VecX<double>::Ones(model.dof);
  if (law == ControlLaw::kGravityCompensation) scale.setZero();
  else if (law != ControlLaw::kComputedTorque) {
    Data data(model);
    scale = crba(model, data, q).diagonal();
  }
  return ControllerSpec{law, omega * omega * scale, 2 * omega * scale, rate};
}

Controller::Controller(const Model& model, ControllerSpec spec, PointToPoint reference)
    : model_(model), spec_(std::move(spec)), reference_(std::move(reference)), data_(model),
      qd_(VecX<double>::Zero(model.dof)), vd_(VecX<double>::Zero(model.dof)), ad_(VecX<double>::Zero(model.dof)),
      held_(VecX<double>::Zero(model.dof)) {
  require_angle_coordinates(model, "a joint-space controller");
  const auto n = static_cast<Eigen::Index>(model.dof);
  if (spec_.kp.size() != n || spec_.kd.size() != n)
    throw InputError("controller: expected " + std::to_string(n) + " gains Kp and Kd, got " +
                     std::to_string(spec_.kp.size()) + " and " + std::to_string(spec_.kd.size()));
  if (!spec_.kp.allFinite() || !spec_.kd.allFinite()) throw InputError("controller: gains must be finite");
  if (reference_.dof() != model.dof)
    throw InputError("controller: the reference has " + std::to_string(reference_.dof()) + " joints, the model " +
                     std::to_string(n));
  if (!(spec_.rate >= 0) || !std::isfinite(spec_.rate)) throw InputError("controller: rate must be >= 0 and finite");
}

void Controller::sample(double t, VecIn<double> q, VecIn<double> v) {
  if (spec_.rate > 0) law(t, q, v, held_);
}

void Controller::torque(double t, VecIn<double> q, VecIn<double> v, VecX<double>& tau) {
  if (spec_.rate > 0) tau = held_;
  else law(t, q, v, tau);
}

void Controller::law(double t, VecIn<double> q, VecIn<double> v, VecX<double>& tau) {
  reference_.evaluate(t, qd_, vd_, ad_);
  // qd_ <- e = q_d - q, vd_ <- ed = qd_d - qd
  qd_ -= q;
  vd_ -= v;
  switch (spec_.law) {
    case ControlLaw::kPd:
      tau = spec_.kp.cwiseProduct(qd_) + spec_.kd.cwiseProduct(vd_);
      break;
    case ControlLaw::kPdGravity:
      tau = spec_.kp.cwiseProduct(qd_) + spec_.kd.cwiseProduct(vd_) + gravity_torque(model_, data_, q);
      break;
    case ControlLaw::kComputedTorque:
      // M (qdd_d + Kd ed + Kp e) + c(q, qd) in one Newton-Euler pass.
      ad_ += spec_.kp.cwiseProduct(qd_) + spec_.kd.cwiseProduct(vd_);
      tau = rnea(model_, data_, q, v, ad_);
      break;
    case ControlLaw::kGravityCompensation:
      // g(q) - Kd qd: the links' weight cancelled at every pose ([Hannaford-Rosen]).
      tau = gravity_torque(model_, data_, q);
      tau -= spec_.kd.cwiseProduct(v);
      break;
  }
}

}  // namespace armdyn::sim
