// The micro-motion's analytic solution over a step; see segments/micro_motion.hpp.
#include "armdyn/segments/micro_motion.hpp"

#include <cmath>
#include <string>
#include <vector>

#include <Eigen/Eigenvalues>

#include "armdyn/core/error.hpp"

namespace armdyn::segments {

VecX<double> point_masses(const ElasticChainState& s) {
  const int n = s.size();
  VecX<double> m(3 * n);
  for (int i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    m.segment<3>(3 * i).setConstant(s.mu_up[k] + (i + 1 < n ? s.mu_d[k + 1] : 0.0));
  }
  return m;
}

void MicroMotion::start(const VecX<double>& u) {
  u_ = u;
  udot_ = VecX<double>::Zero(u.size());
}

void MicroMotion::advance(const ElasticChainState& s, const MicroModel& m, double dt) {
  const Eigen::Index N = 3 * static_cast<Eigen::Index>(s.size());
  if (u_.size() != N || m.D.rows() != N || m.D.cols() != N || m.c.size() != N)
    throw InputError("micro-motion: sizes do not match the chain of " + std::to_string(s.size()) + " links");
  if (!std::isfinite(dt) || dt < 0) throw InputError("micro-motion: the step must be finite and >= 0");
  const VecX<double> mass = point_masses(s);
  const double heaviest = mass.maxCoeff();
  std::vector<Eigen::Index> P, Z;  // coordinates with mass, without
  for (Eigen::Index j = 0; j < N; ++j) (mass[j] > 1e-12 * heaviest && mass[j] > 0 ? P : Z).push_back(j);
  const auto np = static_cast<Eigen::Index>(P.size());
  VecX<double> root(np), e(np), edot(np);
  MatX<double> S(np, np);
  for (Eigen::Index a = 0; a < np; ++a) {
    root[a] = std::sqrt(mass[P[a]]);
    e[a] = u_[P[a]] - m.c[P[a]];
    edot[a] = udot_[P[a]];
  }
  for (Eigen::Index a = 0; a < np; ++a)
    for (Eigen::Index b = 0; b < np; ++b) S(a, b) = root[a] * m.D(P[a], P[b]) / root[b];
  Eigen::SelfAdjointEigenSolver<MatX<double>> eig(0.5 * (S + S.transpose()));
  const MatX<double>& W = eig.eigenvectors();
  const VecX<double>& lambda = eig.eigenvalues();
  const double largest = np > 0 ? lambda.cwiseAbs().maxCoeff() : 0.0;
  const VecX<double> z0 = W.transpose() * root.cwiseProduct(e), zd0 = W.transpose() * root.cwiseProduct(edot);
  VecX<double> z(np), zd(np), zdd(np), zddd(np);
  for (Eigen::Index j = 0; j < np; ++j) {
    if (!(lambda[j] > 1e-12 * largest)) {  // no flexibility in this direction: it follows c
      z[j] = zd[j] = zdd[j] = zddd[j] = 0;
      continue;
    }
    const double w = 1 / std::sqrt(lambda[j]), cw = std::cos(w * dt), sw = std::sin(w * dt);
    z[j] = z0[j] * cw + zd0[j] / w * sw;
    zd[j] = -z0[j] * w * sw + zd0[j] * cw;
    zdd[j] = -w * w * z[j];
    zddd[j] = -w * w * zd[j];
  }
  const VecX<double> uP = (W * z).cwiseQuotient(root), vP = (W * zd).cwiseQuotient(root);
  const VecX<double> aP = (W * zdd).cwiseQuotient(root), jP = (W * zddd).cwiseQuotient(root);
  for (Eigen::Index a = 0; a < np; ++a) {
    u_[P[a]] = m.c[P[a]] + uP[a];
    udot_[P[a]] = vP[a];
  }
  for (const Eigen::Index j : Z) {  // massless: u_Z = c_Z − D_ZP ü_P (and its rate)
    double u = m.c[j], v = 0;
    for (Eigen::Index a = 0; a < np; ++a) {
      u -= m.D(j, P[a]) * aP[a];
      v -= m.D(j, P[a]) * jP[a];
    }
    u_[j] = u;
    udot_[j] = v;
  }
}

}  // namespace armdyn::segments
