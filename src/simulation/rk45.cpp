// rk45: Dormand-Prince 5(4) from Boost.Odeint, behind the Rk45 interface (Boost stays out of the
// public headers).
#include <boost/numeric/odeint.hpp>
#include <vector>

#include "armdyn/kinematics/configuration.hpp"
#include "armdyn/simulation/integrator.hpp"

namespace armdyn::sim {

namespace odeint = boost::numeric::odeint;

struct Rk45::Impl {
  using State = std::vector<double>;
  using Controlled = odeint::result_of::make_controlled<odeint::runge_kutta_dopri5<State>>::type;

  Impl(int n, const Model* model, double atol, double rtol)
      : n(n), nq(model ? model->nq() : n), model(model && model->has_quaternions() ? model : nullptr),
        stepper(odeint::make_controlled(atol, rtol, odeint::runge_kutta_dopri5<State>())), x(nq + n),
        qdot(VecX<double>::Zero(nq)) {}

  int n, nq;
  const Model* model;  ///< with quaternion joints, else null
  Controlled stepper;
  State x;  ///< (q, v)
  VecX<double> qdot;  ///< G(q) v (with quaternions)
};

Rk45::Rk45(int n, double atol, double rtol) : impl_(std::make_unique<Impl>(n, nullptr, atol, rtol)) {}
Rk45::Rk45(const Model& model, double atol, double rtol)
    : impl_(std::make_unique<Impl>(model.dof, &model, atol, rtol)) {}
Rk45::~Rk45() = default;

void Rk45::reset() { impl_->stepper.reset(); }

bool Rk45::try_step(AccelerationField& field, double& t, double& dt, VecX<double>& q, VecX<double>& v) {
  Impl& m = *impl_;
  const int n = m.n, nq = m.nq;
  Impl::State& x = m.x;
  Eigen::Map<VecX<double>>(x.data(), nq) = q;
  Eigen::Map<VecX<double>>(x.data() + nq, n) = v;
  // y' = (G(q) v, qdd(t, q, v)), G = I without quaternions (kinematics/configuration.hpp)
  auto system = [&field, &m, n, nq](const Impl::State& y, Impl::State& dydt, double time) {
    const Eigen::Map<const VecX<double>> qy(y.data(), nq), vy(y.data() + nq, n);
    const VecX<double>& a = field.acceleration(time, qy, vy);
    if (m.model) {
      configuration_rate(*m.model, qy, vy, m.qdot);
      Eigen::Map<VecX<double>>(dydt.data(), nq) = m.qdot;
    } else {
      Eigen::Map<VecX<double>>(dydt.data(), n) = vy;
    }
    Eigen::Map<VecX<double>>(dydt.data() + nq, n) = a;
  };
  if (m.stepper.try_step(system, x, t, dt) != odeint::success) return false;
  q = Eigen::Map<const VecX<double>>(x.data(), nq);
  if (m.model) normalize_configuration(*m.model, q);  // the exact flow keeps each quaternion's length
  v = Eigen::Map<const VecX<double>>(x.data() + nq, n);
  return true;
}

}  // namespace armdyn::sim
