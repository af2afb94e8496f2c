// The integrators over a general state (state_integrator.hpp); rk45 through Boost.Odeint, kept
// out of the public headers as in rk45.cpp.
#include "armdyn/simulation/state_integrator.hpp"

#include <boost/numeric/odeint.hpp>

#include "armdyn/core/error.hpp"

namespace armdyn::sim {

namespace odeint = boost::numeric::odeint;

StateStepper::StateStepper(Integrator integrator, int size, std::vector<int> positions)
    : integrator_(integrator), positions_(std::move(positions)), is_position_(static_cast<std::size_t>(size), false) {
  if (is_adaptive(integrator)) throw InputError("StateStepper: rk45 is adaptive (StateRk45)");
  for (int p : positions_) {
    if (p < 0 || p + 1 >= size) throw InputError("StateStepper: a position's velocity must follow it in the state");
    is_position_[static_cast<std::size_t>(p)] = true;
  }
  for (VecX<double>* v : {&k1_, &k2_, &k3_, &k4_, &xs_}) v->setZero(size);
}

void StateStepper::step(StateField& field, double t, double h, VecX<double>& x) {
  const Eigen::Index n = x.size();
  switch (integrator_) {
    case Integrator::kEuler: {  // [Craig] (6.117) for the (q, v) pairs
      k1_ = field.derivative(t, x);
      for (int p : positions_) x[p] += h * x[p + 1] + 0.5 * h * h * k1_[p + 1];
      for (Eigen::Index i = 0; i < n; ++i)
        if (!is_position_[static_cast<std::size_t>(i)]) x[i] += h * k1_[i];
      return;
    }
    case Integrator::kSymplecticEuler: {
      k1_ = field.derivative(t, x);
      for (Eigen::Index i = 0; i < n; ++i)
        if (!is_position_[static_cast<std::size_t>(i)]) x[i] += h * k1_[i];
      for (int p : positions_) x[p] += h * x[p + 1];
      return;
    }
    case Integrator::kRk4: {
      const double h2 = 0.5 * h;
      k1_ = field.derivative(t, x);
      xs_ = x + h2 * k1_;
      k2_ = field.derivative(t + h2, xs_);
      xs_ = x + h2 * k2_;
      k3_ = field.derivative(t + h2, xs_);
      xs_ = x + h * k3_;
      k4_ = field.derivative(t + h, xs_);
      x += (h / 6.0) * (k1_ + 2.0 * k2_ + 2.0 * k3_ + k4_);
      return;
    }
    case Integrator::kRk45:
      break;
  }
}

struct StateRk45::Impl {
  using State = std::vector<double>;
  using Controlled = odeint::result_of::make_controlled<odeint::runge_kutta_dopri5<State>>::type;

  Impl(int n, double atol, double rtol)
      : stepper(odeint::make_controlled(atol, rtol, odeint::runge_kutta_dopri5<State>())),
        x(static_cast<std::size_t>(n)) {}

  Controlled stepper;
  State x;
};

StateRk45::StateRk45(int size, double atol, double rtol) : impl_(std::make_unique<Impl>(size, atol, rtol)) {}
StateRk45::~StateRk45() = default;

bool StateRk45::try_step(StateField& field, double& t, double& dt, VecX<double>& x) {
  Impl::State& y = impl_->x;
  const Eigen::Index n = x.size();
  Eigen::Map<VecX<double>>(y.data(), n) = x;
  auto system = [&field, n](const Impl::State& s, Impl::State& dsdt, double time) {
    Eigen::Map<VecX<double>>(dsdt.data(), n) = field.derivative(time, Eigen::Map<const VecX<double>>(s.data(), n));
  };
  if (impl_->stepper.try_step(system, y, t, dt) != odeint::success) return false;
  x = Eigen::Map<const VecX<double>>(y.data(), n);
  return true;
}

}  // namespace armdyn::sim
