#include "armdyn/tasks/optimal_timing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/drives/nominal_control.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/tasks/profile.hpp"

namespace armdyn::tasks {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kShrink = 0.7;  // the band's shrinking per pass

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

void check_dc2_drives(const Model& model, const drives::DriveSet& drives) {
  drives::check_nominal_drives(model, drives);
  for (int j = 0; j < drives.size(); ++j)
    if (drives[j].motor->type != drives::MotorType::kDc2)
      throw InputError(drives.source() + ": joint '" + drives.names()[static_cast<std::size_t>(j)] +
                       "': a " + drives::to_string(drives[j].motor->type) +
                       " actuator: the least-energy timing inverts dc2 motors only (inductance neglected)");
}

VecX<double> path_at(const JointPath& path, double lambda, int dof) {
  VecX<double> q = path(lambda);
  if (q.size() != dof || !q.allFinite())
    throw InputError("optimal timing: the path gives " + std::to_string(q.size()) + " finite values at lambda = " +
                     num(lambda) + " (the model has " + std::to_string(dof) + " joints)");
  return q;
}

// The sample formulas of the header: q', q'' by finite differences, the dc2 inverse per joint.
class SampleCost {
 public:
  SampleCost(const Model& model, const drives::DriveSet& drives, double dt)
      : model_(model), drives_(drives), data_(model), dt_(dt), v_(model.dof), a_(model.dof) {}

  // Σ_j u_j i_j at a sample with neighbours qp, qn; `excess` gets Σ_j max(0, |u_j| − max_voltage_j);
  // u, i written when given.
  double power(const VecX<double>& qp, const VecX<double>& qc, const VecX<double>& qn, double* excess,
               double* u = nullptr, double* i = nullptr) {
    v_ = (qn - qp) / (2 * dt_);
    a_ = (qn - 2 * qc + qp) / (dt_ * dt_);
    const VecX<double>& rigid = rnea(model_, data_, qc, v_, a_);
    double p = 0;
    *excess = 0;
    for (int j = 0; j < model_.dof; ++j) {
      const drives::Drive& d = drives_[j];
      const double tau =
          rigid[j] + drives::friction_torque(d, v_[j], drives::Sign::kExact, drives_.smoothing_velocity());
      const drives::MotorSample m = drives::dc_motor_sample(d, tau, v_[j], a_[j], 0.0);
      if (u) u[j] = m.voltage, i[j] = m.current;
      *excess += std::max(0.0, std::abs(m.voltage) - d.motor->dc.max_voltage);
      p += m.power;
    }
    return p;
  }
  const VecX<double>& v() const { return v_; }
  const VecX<double>& a() const { return a_; }

 private:
  const Model& model_;
  const drives::DriveSet& drives_;
  Data data_;
  double dt_;
  VecX<double> v_, a_;
};

void check_lambda(const std::vector<double>& lambda) {
  if (lambda.size() < 3) throw InputError("optimal timing: a timing needs at least 3 samples");
  if (lambda.front() != 0 || lambda.back() != 1)
    throw InputError("optimal timing: a timing must start at lambda = 0 and end at lambda = 1");
  for (std::size_t k = 1; k < lambda.size(); ++k)
    if (!std::isfinite(lambda[k]) || lambda[k] < lambda[k - 1])
      throw InputError("optimal timing: lambda must not decrease (sample " + std::to_string(k) + ")");
}

// Stage k's candidates about `centre` with half-width h (see the header).
std::vector<double> candidates(double centre, double h, int m) {
  std::vector<double> out;
  for (int i = 0; i < m; ++i) out.push_back(std::clamp(centre + h * (2.0 * i / (m - 1) - 1.0), 0.0, 1.0));
  return out;
}

// The programme's criterion: the voltage bound's total excess first (0 when feasible), then the
// energy; lexicographic, so it adds up along the path like a scalar criterion and a pass that
// starts from a timing breaking the bound moves towards one that keeps it.
struct Cost {
  double excess = kInf, energy = kInf;
  bool operator<(const Cost& o) const { return excess < o.excess || (excess == o.excess && energy < o.energy); }
  Cost operator+(const Cost& o) const { return {excess + o.excess, energy + o.energy}; }
};

struct Pass {
  std::vector<double> lambda;
  Cost cost;
  bool touched_edge = false;
};

// One backward dynamic-programming pass over the pair states (λ_k, λ_(k+1)).
Pass dp_pass(SampleCost& cost, const Model& model, const JointPath& path, const std::vector<double>& centre,
             double h, int m, double dt) {
  const int n = static_cast<int>(centre.size()) - 1;
  std::vector<std::vector<double>> lam(static_cast<std::size_t>(n + 1));
  std::vector<std::vector<VecX<double>>> q(lam.size());
  for (int k = 0; k <= n; ++k) {
    const auto s = static_cast<std::size_t>(k);
    lam[s] = k == 0 ? std::vector<double>{0.0} : k == n ? std::vector<double>{1.0} : candidates(centre[s], h, m);
    for (double l : lam[s]) q[s].push_back(path_at(path, l, model.dof));
  }
  auto size = [&](int k) { return static_cast<int>(lam[static_cast<std::size_t>(k)].size()); };
  auto L = [&](int k, int i) { return lam[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)]; };
  auto Q = [&](int k, int i) -> const VecX<double>& { return q[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)]; };

  // value[k](a, b): the least energy of samples k+1..N from the state (λ_k, λ_(k+1)) = (a, b).
  double excess = 0;
  auto sample = [&](double weight, const VecX<double>& qp, const VecX<double>& qc, const VecX<double>& qn) {
    const double p = cost.power(qp, qc, qn, &excess);
    return Cost{weight * excess, weight * dt * p};
  };
  std::vector<std::vector<Cost>> value(static_cast<std::size_t>(n));
  std::vector<Eigen::MatrixXi> next(static_cast<std::size_t>(n));
  for (int k = n - 1; k >= 0; --k) {
    std::vector<Cost>& V = value[static_cast<std::size_t>(k)];
    Eigen::MatrixXi& nx = next[static_cast<std::size_t>(k)];
    const int cols = size(k + 1);
    V.assign(static_cast<std::size_t>(size(k) * cols), Cost{});
    nx.setConstant(size(k), cols, -1);
    for (int a = 0; a < size(k); ++a)
      for (int b = 0; b < size(k + 1); ++b) {
        if (L(k + 1, b) < L(k, a)) continue;
        Cost& here = V[static_cast<std::size_t>(a * cols + b)];
        if (k == n - 1) {  // the last sample at rest: λ_(N+1) = λ_(N−1)
          here = sample(0.5, Q(k, a), Q(n, b), Q(k, a));
          continue;
        }
        const std::vector<Cost>& V1 = value[static_cast<std::size_t>(k + 1)];
        const int cols1 = size(k + 2);
        for (int c = 0; c < cols1; ++c) {
          const Cost& rest = V1[static_cast<std::size_t>(b * cols1 + c)];
          if (L(k + 2, c) < L(k + 1, b) || !std::isfinite(rest.energy)) continue;
          const Cost total = sample(1.0, Q(k, a), Q(k + 1, b), Q(k + 2, c)) + rest;
          if (total < here) here = total, nx(a, b) = c;
        }
      }
  }
  Pass out;
  int best = -1;
  for (int b = 0; b < size(1); ++b) {  // the first sample at rest: λ_(−1) = λ_1
    const Cost& rest = value[0][static_cast<std::size_t>(b)];
    if (!std::isfinite(rest.energy)) continue;
    const Cost total = sample(0.5, Q(1, b), Q(0, 0), Q(1, b)) + rest;
    if (total < out.cost) out.cost = total, best = b;
  }
  if (best < 0) return out;
  out.lambda = {0.0, L(1, best)};
  for (int k = 0, a = 0, b = best; k + 1 < n; ++k) {
    const int c = next[static_cast<std::size_t>(k)](a, b);
    out.lambda.push_back(L(k + 2, c));
    if ((c == 0 || c == size(k + 2) - 1) && k + 2 < n && L(k + 2, c) > 0 && L(k + 2, c) < 1) out.touched_edge = true;
    a = b, b = c;
  }
  if ((best == 0 || best == size(1) - 1) && L(1, best) > 0 && L(1, best) < 1) out.touched_edge = true;
  return out;
}

}  // namespace

std::vector<double> triangular_timing(int steps) {
  const Profile p(ProfileKind::kTriangular, 1.0);
  std::vector<double> out;
  for (int k = 0; k <= steps; ++k) out.push_back(k == steps ? 1.0 : p.at(static_cast<double>(k) / steps).s);
  return out;
}

std::vector<double> trapezoidal_timing(int steps, double peak_rate_factor) {
  const Profile p = Profile::trapezoidal(1.0, peak_rate_factor);
  std::vector<double> out;
  for (int k = 0; k <= steps; ++k) out.push_back(k == steps ? 1.0 : p.at(static_cast<double>(k) / steps).s);
  return out;
}

TimingSolution evaluate_timing(const Model& model, const drives::DriveSet& drives, const JointPath& path,
                               const std::vector<double>& lambda, double duration) {
  check_dc2_drives(model, drives);
  check_lambda(lambda);
  if (!(duration > 0) || !std::isfinite(duration)) throw InputError("optimal timing: the duration must be > 0");
  const int n = static_cast<int>(lambda.size()) - 1, dof = model.dof;
  const double dt = duration / n;
  TimingSolution s;
  s.lambda = lambda;
  for (double l : lambda) s.q.push_back(path_at(path, l, dof));
  s.voltage.setZero(n + 1, dof);
  s.current.setZero(n + 1, dof);
  s.energy.setZero(n + 1);
  SampleCost cost(model, drives, dt);
  VecX<double> u(dof), i(dof);
  double previous = 0;
  for (int k = 0; k <= n; ++k) {
    const auto K = static_cast<std::size_t>(k);
    const VecX<double>& qp = s.q[k == 0 ? 1 : K - 1];
    const VecX<double>& qn = s.q[k == n ? K - 1 : K + 1];
    double excess = 0;
    const double p = cost.power(qp, s.q[K], qn, &excess, u.data(), i.data());
    s.t.push_back(k * dt);
    s.v.push_back(cost.v());
    s.a.push_back(cost.a());
    s.voltage.row(k) = u.transpose();
    s.current.row(k) = i.transpose();
    if (k > 0) s.energy[k] = s.energy[k - 1] + 0.5 * (previous + p) * dt;
    previous = p;
  }
  return s;
}

TimingSolution optimize_timing(const Model& model, const drives::DriveSet& drives, const JointPath& path,
                               const TimingOptions& o) {
  if (!(o.duration > 0) || !std::isfinite(o.duration))
    throw InputError("optimal timing: the duration must be positive and finite (got " + num(o.duration) + ")");
  if (o.steps < 2) throw InputError("optimal timing: the number of steps must be at least 2");
  if (o.candidates < 3 || o.candidates % 2 == 0)
    throw InputError("optimal timing: the number of candidates must be odd and at least 3 (got " +
                     std::to_string(o.candidates) + ")");
  if (o.passes < 1) throw InputError("optimal timing: at least one pass is needed");
  if (!(o.band > 0) || !std::isfinite(o.band)) throw InputError("optimal timing: the band must be > 0");
  const TimingSolution triangular = evaluate_timing(model, drives, path, triangular_timing(o.steps), o.duration);

  const double dt = o.duration / o.steps;
  SampleCost cost(model, drives, dt);
  std::vector<double> centre = triangular.lambda;
  double h = o.band;
  Pass best;
  for (int pass = 0; pass < o.passes; ++pass) {
    const Pass p = dp_pass(cost, model, path, centre, h, o.candidates, dt);
    if (p.lambda.empty()) break;
    if (!(best.cost < p.cost)) best = p;
    centre = best.lambda;
    if (!p.touched_edge) h *= kShrink;
  }
  if (best.lambda.empty() || best.cost.excess > 0) {
    Eigen::Index j = 0;
    const double peak = triangular.peak_voltage().maxCoeff(&j);
    throw InputError("optimal timing: no velocity distribution over " + num(o.duration) +
                     " s keeps every |u| within max_voltage (the triangular profile needs " + num(peak) +
                     " V on joint '" + drives.names()[static_cast<std::size_t>(j)] + "', bound " +
                     num(drives[static_cast<int>(j)].motor->dc.max_voltage) + " V): a longer duration?");
  }
  return evaluate_timing(model, drives, path, best.lambda, o.duration);
}

}  // namespace armdyn::tasks
