// The fixed-step integrators and the integrator names (rk45: rk45.cpp).
#include "armdyn/core/error.hpp"
#include "armdyn/kinematics/configuration.hpp"
#include "armdyn/simulation/integrator.hpp"

namespace armdyn::sim {

const char* to_string(Integrator integrator) {
  switch (integrator) {
    case Integrator::kEuler:
      return "euler";
    case Integrator::kSymplecticEuler:
      return "symplectic-euler";
    case Integrator::kRk4:
      return "rk4";
    case Integrator::kRk45:
      return "rk45";
  }
  return "?";
}

std::vector<std::string> integrator_names() { return {"euler", "symplectic-euler", "rk4", "rk45"}; }

Integrator integrator_from_name(const std::string& name) {
  for (Integrator i : {Integrator::kEuler, Integrator::kSymplecticEuler, Integrator::kRk4, Integrator::kRk45})
    if (name == to_string(i)) return i;
  throw InputError("unknown integrator '" + name + "' (one of: euler, symplectic-euler, rk4, rk45)");
}

bool is_adaptive(Integrator integrator) { return integrator == Integrator::kRk45; }

namespace {

// A plant as the integrators' right-hand side.
class PlantField final : public AccelerationField {
 public:
  explicit PlantField(Plant& plant) : plant_(plant) {}
  const VecX<double>& acceleration(double t, VecIn<double> q, VecIn<double> v) override {
    return plant_.acceleration(t, q, v);
  }

 private:
  Plant& plant_;
};

}  // namespace

void FixedStepper::step(Plant& plant, double t, double h, VecX<double>& q, VecX<double>& v) {
  PlantField field(plant);
  step(field, t, h, q, v);
}

bool Rk45::try_step(Plant& plant, double& t, double& dt, VecX<double>& q, VecX<double>& v) {
  PlantField field(plant);
  return try_step(field, t, dt, q, v);
}

namespace {

// The configuration's moves: q (+) dq for a velocity-space step and q' = G(q) v (kinematics/
// configuration.hpp); q + dq and v on a model without quaternion joints (or none given).
class Moves {
 public:
  explicit Moves(const Model* model) : model_(model && model->has_quaternions() ? model : nullptr) {}
  void advance(VecX<double>& q, VecIn<double> dq) const {
    if (model_) integrate_configuration(*model_, q, dq);
    else q += dq;
  }
  void rate(VecIn<double> q, VecIn<double> v, VecX<double>& qdot) const {
    if (model_) configuration_rate(*model_, q, v, qdot);
    else qdot = v;
  }
  void normalize(VecX<double>& q) const {
    if (model_) normalize_configuration(*model_, q);
  }

 private:
  const Model* model_;
};

// [Craig] (6.117), with a = qdd(t):
//   v(t + h) = v(t) + a h,    q(t + h) = q(t) (+) (v(t) h + a h^2 / 2)
class EulerStepper final : public FixedStepper {
 public:
  EulerStepper(int n, const Model* model) : moves_(model), dq_(VecX<double>::Zero(n)) {}
  void step(AccelerationField& field, double t, double h, VecX<double>& q, VecX<double>& v) override {
    const VecX<double>& a = field.acceleration(t, q, v);
    dq_ = h * v + (0.5 * h * h) * a;
    moves_.advance(q, dq_);
    v += h * a;
  }

 private:
  Moves moves_;
  VecX<double> dq_;
};

// Semi-implicit (symplectic) Euler: v(t + h) = v + a(t, q, v) h, q(t + h) = q (+) v(t + h) h.
class SymplecticEulerStepper final : public FixedStepper {
 public:
  SymplecticEulerStepper(int n, const Model* model) : moves_(model), dq_(VecX<double>::Zero(n)) {}
  void step(AccelerationField& field, double t, double h, VecX<double>& q, VecX<double>& v) override {
    v += h * field.acceleration(t, q, v);
    dq_ = h * v;
    moves_.advance(q, dq_);
  }

 private:
  Moves moves_;
  VecX<double> dq_;
};

// Classic Runge-Kutta on y = (q, v), y' = (G(q) v, a(t, q, v)) (G = I without quaternions):
//   k1 = f(t, y), k2 = f(t + h/2, y + h/2 k1), k3 = f(t + h/2, y + h/2 k2), k4 = f(t + h, y + h k3)
//   y(t + h) = y + h/6 (k1 + 2 k2 + 2 k3 + k4), its quaternions then scaled to unit length (the
//   exact flow keeps their length, so the scaling moves q by the step's own error only).
class Rk4Stepper final : public FixedStepper {
 public:
  Rk4Stepper(int n, int nq, const Model* model) : moves_(model) {
    for (VecX<double>* x : {&a1_, &a2_, &a3_, &a4_, &v2_, &v3_, &v4_}) x->setZero(n);
    for (VecX<double>* x : {&qs_, &r1_, &r2_, &r3_, &r4_}) x->setZero(nq);
  }
  void step(AccelerationField& field, double t, double h, VecX<double>& q, VecX<double>& v) override {
    const double h2 = 0.5 * h;
    a1_ = field.acceleration(t, q, v);
    moves_.rate(q, v, r1_);
    qs_ = q + h2 * r1_;
    v2_ = v + h2 * a1_;
    a2_ = field.acceleration(t + h2, qs_, v2_);
    moves_.rate(qs_, v2_, r2_);
    qs_ = q + h2 * r2_;
    v3_ = v + h2 * a2_;
    a3_ = field.acceleration(t + h2, qs_, v3_);
    moves_.rate(qs_, v3_, r3_);
    qs_ = q + h * r3_;
    v4_ = v + h * a3_;
    a4_ = field.acceleration(t + h, qs_, v4_);
    moves_.rate(qs_, v4_, r4_);
    q += (h / 6.0) * (r1_ + 2.0 * r2_ + 2.0 * r3_ + r4_);
    moves_.normalize(q);
    v += (h / 6.0) * (a1_ + 2.0 * a2_ + 2.0 * a3_ + a4_);
  }

 private:
  Moves moves_;
  VecX<double> a1_, a2_, a3_, a4_, v2_, v3_, v4_, qs_, r1_, r2_, r3_, r4_;
};

}  // namespace

namespace {

std::unique_ptr<FixedStepper> fixed_stepper(Integrator integrator, int n, const Model* model) {
  const int nq = model ? model->nq() : n;
  switch (integrator) {
    case Integrator::kEuler:
      return std::make_unique<EulerStepper>(n, model);
    case Integrator::kSymplecticEuler:
      return std::make_unique<SymplecticEulerStepper>(n, model);
    case Integrator::kRk4:
      return std::make_unique<Rk4Stepper>(n, nq, model);
    case Integrator::kRk45:
      break;
  }
  throw InputError("make_fixed_stepper: rk45 is adaptive");
}

}  // namespace

std::unique_ptr<FixedStepper> make_fixed_stepper(Integrator integrator, int n) {
  return fixed_stepper(integrator, n, nullptr);
}

std::unique_ptr<FixedStepper> make_fixed_stepper(Integrator integrator, const Model& model) {
  return fixed_stepper(integrator, model.dof, &model);
}

}  // namespace armdyn::sim
