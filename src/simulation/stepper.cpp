// The one stepper (stepper.hpp): euler, symplectic-euler and rk4 here, rk45 through Boost.Odeint
// (kept out of the public headers).
#include "armdyn/simulation/stepper.hpp"

#include <boost/numeric/odeint.hpp>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/kinematics/configuration.hpp"

namespace armdyn::sim {

namespace odeint = boost::numeric::odeint;

struct Stepper::Rk45 {
  using Y = std::vector<double>;  ///< y = (q, v, z)
  using Controlled = odeint::result_of::make_controlled<odeint::runge_kutta_dopri5<Y>>::type;
  Rk45(int size, double rtol, double atol)
      : stepper(odeint::make_controlled(atol, rtol, odeint::runge_kutta_dopri5<Y>())),
        y(static_cast<std::size_t>(size)) {}
  Controlled stepper;
  Y y;
};

Stepper::Stepper(Integrator integrator, const Model& model, int nz, double rtol, double atol)
    : integrator_(integrator), model_(model.has_quaternions() ? &model : nullptr), nq_(model.nq()), nv_(model.dof),
      nz_(nz) {
  if (nz < 0) throw InputError("Stepper: nz must be >= 0");
  for (VecX<double>* x : {&a1_, &a2_, &a3_, &a4_, &dq_}) x->setZero(nv_);
  for (VecX<double>* x : {&z1_, &z2_, &z3_, &z4_}) x->setZero(nz_);
  for (VecX<double>* x : {&r1_, &r2_, &r3_, &r4_}) x->setZero(nq_);
  mid_ = state();
  if (adaptive()) rk45_ = std::make_unique<Rk45>(nq_ + nv_ + nz_, rtol, atol);
}

Stepper::~Stepper() = default;

State Stepper::state() const {
  return State{VecX<double>::Zero(nq_), VecX<double>::Zero(nv_), VecX<double>::Zero(nz_)};
}

// q' = G(q) v (kinematics/configuration.hpp); v without quaternion joints.
void Stepper::rate(VecIn<double> q, VecIn<double> v, VecX<double>& qdot) const {
  if (model_) configuration_rate(*model_, q, v, qdot);
  else qdot = v;
}

// q (+) dq: the group's move for quaternion joints, q + dq otherwise.
void Stepper::advance(VecX<double>& q, VecIn<double> dq) const {
  if (model_) integrate_configuration(*model_, q, dq);
  else q += dq;
}

void Stepper::normalize(VecX<double>& q) const {
  if (model_) normalize_configuration(*model_, q);
}

void Stepper::step(Field& field, double t, double h, State& x) {
  field.begin_step(t, t + h);
  switch (integrator_) {
    case Integrator::kEuler: {  // [Craig] (6.117), with a = qdd(t)
      field.derivative(t, x.q, x.v, x.z, a1_, z1_);
      dq_ = h * x.v + (0.5 * h * h) * a1_;
      advance(x.q, dq_);
      x.v += h * a1_;
      x.z += h * z1_;
      break;
    }
    case Integrator::kSymplecticEuler: {  // v and z first, then q with the new v
      field.derivative(t, x.q, x.v, x.z, a1_, z1_);
      x.v += h * a1_;
      x.z += h * z1_;
      dq_ = h * x.v;
      advance(x.q, dq_);
      break;
    }
    case Integrator::kRk4: {
      // k1 = f(t, y), k2 = f(t + h/2, y + h/2 k1), k3 = f(t + h/2, y + h/2 k2), k4 = f(t + h, y + h k3),
      // y(t + h) = y + h/6 (k1 + 2 k2 + 2 k3 + k4)
      const double h2 = 0.5 * h;
      State& m = mid_;
      field.derivative(t, x.q, x.v, x.z, a1_, z1_);
      rate(x.q, x.v, r1_);
      m.q = x.q + h2 * r1_;
      m.v = x.v + h2 * a1_;
      m.z = x.z + h2 * z1_;
      field.derivative(t + h2, m.q, m.v, m.z, a2_, z2_);
      rate(m.q, m.v, r2_);
      m.q = x.q + h2 * r2_;
      m.v = x.v + h2 * a2_;
      m.z = x.z + h2 * z2_;
      field.derivative(t + h2, m.q, m.v, m.z, a3_, z3_);
      rate(m.q, m.v, r3_);
      m.q = x.q + h * r3_;
      m.v = x.v + h * a3_;
      m.z = x.z + h * z3_;
      field.derivative(t + h, m.q, m.v, m.z, a4_, z4_);
      rate(m.q, m.v, r4_);
      x.q += (h / 6.0) * (r1_ + 2.0 * r2_ + 2.0 * r3_ + r4_);
      normalize(x.q);
      x.v += (h / 6.0) * (a1_ + 2.0 * a2_ + 2.0 * a3_ + a4_);
      x.z += (h / 6.0) * (z1_ + 2.0 * z2_ + 2.0 * z3_ + z4_);
      break;
    }
    case Integrator::kRk45:
      field.end_step();
      throw InputError("Stepper::step: rk45 is adaptive (try_step)");
  }
  field.end_step();
}

bool Stepper::try_step(Field& field, double& t, double& dt, State& x) {
  if (!rk45_) throw InputError("Stepper::try_step: only rk45 is adaptive (step)");
  const int nq = nq_, nv = nv_, nz = nz_;
  Rk45::Y& y = rk45_->y;
  Eigen::Map<VecX<double>>(y.data(), nq) = x.q;
  Eigen::Map<VecX<double>>(y.data() + nq, nv) = x.v;
  Eigen::Map<VecX<double>>(y.data() + nq + nv, nz) = x.z;
  // y' = (G(q) v, qdd(t, q, v, z), z'(t, q, v, z))
  auto system = [this, &field, nq, nv, nz](const Rk45::Y& s, Rk45::Y& dsdt, double time) {
    const Eigen::Map<const VecX<double>> q(s.data(), nq), v(s.data() + nq, nv), z(s.data() + nq + nv, nz);
    field.derivative(time, q, v, z, Eigen::Map<VecX<double>>(dsdt.data() + nq, nv),
                     Eigen::Map<VecX<double>>(dsdt.data() + nq + nv, nz));
    if (model_) {
      configuration_rate(*model_, q, v, r1_);
      Eigen::Map<VecX<double>>(dsdt.data(), nq) = r1_;
    } else {
      Eigen::Map<VecX<double>>(dsdt.data(), nq) = v;
    }
  };
  field.begin_step(t, t + dt);
  const bool accepted = rk45_->stepper.try_step(system, y, t, dt) == odeint::success;
  field.end_step();
  if (!accepted) return false;
  x.q = Eigen::Map<const VecX<double>>(y.data(), nq);
  normalize(x.q);
  x.v = Eigen::Map<const VecX<double>>(y.data() + nq, nv);
  x.z = Eigen::Map<const VecX<double>>(y.data() + nq + nv, nz);
  return true;
}

void Stepper::reset() {
  if (rk45_) rk45_->stepper.reset();
}

}  // namespace armdyn::sim
