// rk45: Dormand-Prince 5(4) from Boost.Odeint, behind the Rk45 interface (Boost stays out of the
// public headers).
#include <boost/numeric/odeint.hpp>
#include <vector>

#include "armdyn/simulation/integrator.hpp"

namespace armdyn::sim {

namespace odeint = boost::numeric::odeint;

struct Rk45::Impl {
  using State = std::vector<double>;
  using Controlled = odeint::result_of::make_controlled<odeint::runge_kutta_dopri5<State>>::type;

  Impl(int n, double atol, double rtol)
      : n(n), stepper(odeint::make_controlled(atol, rtol, odeint::runge_kutta_dopri5<State>())), x(2 * n) {}

  int n;
  Controlled stepper;
  State x;  ///< (q, v)
};

Rk45::Rk45(int n, double atol, double rtol) : impl_(std::make_unique<Impl>(n, atol, rtol)) {}
Rk45::~Rk45() = default;

void Rk45::reset() { impl_->stepper.reset(); }

bool Rk45::try_step(AccelerationField& field, double& t, double& dt, VecX<double>& q, VecX<double>& v) {
  const int n = impl_->n;
  Impl::State& x = impl_->x;
  Eigen::Map<VecX<double>>(x.data(), n) = q;
  Eigen::Map<VecX<double>>(x.data() + n, n) = v;
  // y' = (v, qdd(t, q, v))
  auto system = [&field, n](const Impl::State& y, Impl::State& dydt, double time) {
    const Eigen::Map<const VecX<double>> qy(y.data(), n), vy(y.data() + n, n);
    const VecX<double>& a = field.acceleration(time, qy, vy);
    Eigen::Map<VecX<double>>(dydt.data(), n) = vy;
    Eigen::Map<VecX<double>>(dydt.data() + n, n) = a;
  };
  if (impl_->stepper.try_step(system, x, t, dt) != odeint::success) return false;
  q = Eigen::Map<const VecX<double>>(x.data(), n);
  v = Eigen::Map<const VecX<double>>(x.data() + n, n);
  return true;
}

}  // namespace armdyn::sim
