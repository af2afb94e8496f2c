#include "armdyn/dynamics/consistency.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include <Eigen/Eigenvalues>

#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/formulations/recursive_lagrange.hpp"
#include "armdyn/dynamics/formulations/registry.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/dynamics/fd_method.hpp"

namespace armdyn {

namespace {

constexpr double kTolerance = 1e-9;
constexpr double kQddPerCondition = 1e-14;

template <class A, class B> double rel(const A& a, const B& b) {
  const double scale = std::max(1.0, b.cwiseAbs().maxCoeff());
  return (a - b).cwiseAbs().maxCoeff() / scale;
}

bool is_chain(const Model& m) {
  for (int i = 0; i < m.dof; ++i)
    if (m.parent[i] != i - 1) return false;
  return true;
}

class Checker {
 public:
  Checker(const Model& model, ConsistencyReport& report) : model_(model), data_(model), report_(report) {}

  // A row keeps the state whose disagreement is largest against its own tolerance (the
  // tolerance of qdd varies with the state's conditioning), so ok() means every state passed.
  // A NaN disagreement is kept: it fails the row.
  void record(const std::string& subject, const std::string& quantity, double d, double tol = kTolerance) {
    for (ConsistencyRow& r : report_.rows)
      if (r.subject == subject && r.quantity == quantity) {
        if (!(d / tol <= r.worst / r.tolerance) && !std::isnan(r.worst)) {
          r.worst = d;
          r.tolerance = tol;
        }
        return;
      }
    report_.rows.push_back(ConsistencyRow{subject, quantity, d, tol});
  }

  // Every formulation's tau, M, g against rnea, crba, gravity_torque.
  void formulations(const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) {
    const VecX<double> tau = rnea(model_, data_, q, v, a);
    const MatX<double> M = crba(model_, data_, q);
    const VecX<double> g = gravity_torque(model_, data_, q);
    for (FormulationEvaluator& e : evaluators()) {
      if (e.info.name == "rnea") continue;
      record(e.info.name, "tau", rel(e.inverse_dynamics(q, v, a), tau));
      if (e.mass_matrix) record(e.info.name, "M", rel(e.mass_matrix(q), M));
      if (e.gravity_torque) record(e.info.name, "g", rel(e.gravity_torque(q), g));
    }
  }

  // The forward-dynamics routes undo inverse dynamics.
  void forward_dynamics_routes(const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) {
    const VecX<double> tau = rnea(model_, data_, q, v, a);
    const MatX<double> M = crba(model_, data_, q);
    const Eigen::SelfAdjointEigenSolver<MatX<double>> eig(M);
    const double cond = eig.eigenvalues().maxCoeff() / eig.eigenvalues().minCoeff();
    const double tol = std::max(kTolerance, kQddPerCondition * cond);
    report_.condition_min = std::min(report_.condition_min, cond);
    report_.condition_max = std::max(report_.condition_max, cond);
    FdWorkspace<double> ws(model_);
    for (const std::string& name : fd_method_names())
      record(name, "qdd", rel(forward_dynamics(fd_method_from_name(name), model_, data_, ws, q, v, tau), a), tol);
  }

  // Mdot - 2C skew, C v = c - g, dE/dt = v . tau: the terms by the Christoffel route against RNEA.
  void terms_identities(const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) {
    terms::Workspace<double> ws(model_);
    const int n = model_.dof;
    const std::vector<MatX<double>>& dM = terms::mass_matrix_derivatives(model_, ws, q);
    MatX<double> Mdot = MatX<double>::Zero(n, n);
    for (int k = 0; k < n; ++k) Mdot += dM[k] * v[k];
    const MatX<double> C = terms::coriolis_matrix(model_, ws, q, v);
    const MatX<double> S = Mdot - 2 * C;
    record("identity", "Mdot - 2C skew", (S + S.transpose()).cwiseAbs().maxCoeff() / std::max(1.0, Mdot.cwiseAbs().maxCoeff()));
    const VecX<double> c = nonlinear_effects(model_, data_, q, v);
    const VecX<double> g = gravity_torque(model_, data_, q);
    record("identity", "C v = c - g", rel(VecX<double>(C * v), VecX<double>(c - g)));
    // dE/dt = v^T (M a + 1/2 Mdot v) + dU/dq . v must equal the power v . tau of RNEA's torques.
    const MatX<double> M = crba(model_, data_, q);
    const VecX<double> gU = terms::gravity_torque(model_, ws, q);
    const double dEdt = v.dot(M * a + 0.5 * Mdot * v + gU);
    const double power = v.dot(rnea(model_, data_, q, v, a));
    record("identity", "dE/dt = v . tau", std::abs(dEdt - power) / std::max(1.0, std::abs(power)));
  }

  // [TML] (5.1)-(5.6): Hollerbach's e_i (frame {0}) is the Newton-Euler force on link i, R_0^i f_i.
  void tml_connection(const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) {
    recursive_lagrange::Workspace<double> ws(model_);
    recursive_lagrange::inverse_dynamics(model_, ws, q, v, a);
    rnea(model_, data_, q, v, a);
    forward_kinematics(model_, data_, q);
    const int n = model_.dof;
    double worst = 0, scale = 1;
    for (int i = 1; i <= n; ++i) {
      const int b = i - 1;
      const Mat3<double> N = i < n ? model_.tree[i].R : Mat3<double>::Identity();
      const Mat3<double> R0i = model_.tree[0].R.transpose() * data_.oMb[b].R * N;
      const Vec3<double> e_ne = R0i * (N.transpose() * data_.f[b].f);
      worst = std::max(worst, (ws.e[i] - e_ne).cwiseAbs().maxCoeff());
      scale = std::max(scale, e_ne.cwiseAbs().maxCoeff());
    }
    record("identity", "e_i = R f_i (TML 5.x)", worst / scale);
  }

 private:
  std::vector<FormulationEvaluator>& evaluators() {
    if (evaluators_.empty())
      for (const FormulationInfo& f : armdyn::formulations()) {
        try {
          evaluators_.push_back(make_formulation(f.name, model_));
        } catch (const InputError& e) {
          report_.skipped.push_back(f.name + ": " + e.what());
        }
      }
    return evaluators_;
  }

  const Model& model_;
  Data data_;
  ConsistencyReport& report_;
  std::vector<FormulationEvaluator> evaluators_;
};

}  // namespace

ConsistencyReport check_consistency(const Model& model, int states, std::uint64_t seed) {
  require_angle_coordinates(model, "the consistency check");
  if (states < 1) throw InputError("--states: must be at least 1");
  ConsistencyReport report;
  Checker checker(model, report);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto random = [&] {
    VecX<double> x(model.dof);
    for (int i = 0; i < model.dof; ++i) x[i] = u(rng);
    return x;
  };
  for (int s = 0; s < states; ++s) {
    const VecX<double> q = random(), v = random(), a = random();
    checker.formulations(q, v, a);
    checker.forward_dynamics_routes(q, v, a);
    checker.terms_identities(q, v, a);
    if (is_chain(model)) checker.tml_connection(q, v, a);
  }
  return report;
}

}  // namespace armdyn
