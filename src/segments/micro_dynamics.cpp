// The micro model of [VP] §4.4 by the block-matrix form and by the recursions; see
// segments/micro_dynamics.hpp.
#include "armdyn/segments/micro_dynamics.hpp"

#include "armdyn/core/error.hpp"

namespace armdyn::segments {

namespace {

Mat3<double> skew(const Vec3<double>& l) {
  Mat3<double> L;
  L << 0, -l.z(), l.y(), l.z(), 0, -l.x(), -l.y(), l.x(), 0;
  return L;
}

void check(const ElasticChainState& s) {
  const std::size_t n = s.l.size();
  if (n == 0 || s.flex.size() != n || s.mu_d.size() != n || s.mu_up.size() != n || s.tip_force.size() != n ||
      s.tip_moment.size() != n || s.g_minus_w.size() != n || s.joint_axis.size() != n || s.prismatic.size() != n)
    throw InputError("micro model: the chain state's per-link lists differ in length or are empty");
}

// Block-diagonal 3n x 3n matrix of per-link 3 x 3 blocks.
template <class Block>
MatX<double> block_diagonal(int n, Block block) {
  MatX<double> out = MatX<double>::Zero(3 * n, 3 * n);
  for (int i = 0; i < n; ++i) out.block<3, 3>(3 * i, 3 * i) = block(static_cast<std::size_t>(i));
  return out;
}

}  // namespace

void ElasticChainState::resize(int n) {
  const auto m = static_cast<std::size_t>(n);
  loads.body_wrenches.reserve(m);
  flex.assign(m, InfluenceCoefficients{});
  l.assign(m, Vec3<double>::Zero());
  mu_d.assign(m, 0.0);
  mu_up.assign(m, 0.0);
  tip_force.assign(m, Vec3<double>::Zero());
  tip_moment.assign(m, Vec3<double>::Zero());
  g_minus_w.assign(m, Vec3<double>::Zero());
  joint_axis.assign(m, Vec3<double>::UnitZ());
  prismatic.assign(m, false);
}

MicroModel micro_model_blocks(const ElasticChainState& s) {
  check(s);
  const int n = s.size(), N = 3 * n;
  const Mat3<double> I3 = Mat3<double>::Identity();
  MatX<double> sr = MatX<double>::Zero(N, N), sl = MatX<double>::Zero(N, N);  // σ^(r), σ^(ℓ)
  MatX<double> sdt = MatX<double>::Zero(N, N), supt = MatX<double>::Zero(N, N);  // Σ^(dt), Σ^(upt)
  for (int i = 0; i < n; ++i) {
    if (i + 1 < n) sr.block<3, 3>(3 * i, 3 * (i + 1)) = I3;
    if (i > 0) sl.block<3, 3>(3 * i, 3 * (i - 1)) = I3;
    for (int k = 0; k <= i; ++k) sdt.block<3, 3>(3 * i, 3 * k) = I3;
    for (int k = i; k < n; ++k) supt.block<3, 3>(3 * i, 3 * k) = I3;
  }
  const MatX<double> alpha = block_diagonal(n, [&](std::size_t i) { return s.flex[i].alpha; });
  const MatX<double> beta = block_diagonal(n, [&](std::size_t i) { return s.flex[i].beta; });
  const MatX<double> gamma = block_diagonal(n, [&](std::size_t i) { return s.flex[i].gamma; });
  const MatX<double> delta = block_diagonal(n, [&](std::size_t i) { return s.flex[i].delta; });
  const MatX<double> mu_up = block_diagonal(n, [&](std::size_t i) { return Mat3<double>(s.mu_up[i] * I3); });
  const MatX<double> mu_d = block_diagonal(n, [&](std::size_t i) { return Mat3<double>(s.mu_d[i] * I3); });
  const MatX<double> L = block_diagonal(n, [&](std::size_t i) { return skew(s.l[i]); });
  const MatX<double> f = alpha - L * sl * sdt * gamma;  // (4.4.35b)
  const MatX<double> h = beta - L * sl * sdt * delta;
  MicroModel out;
  out.D = sdt * (f + h * sr * supt * L) * (mu_up + sr * supt * (mu_d * sl + mu_up));  // (4.4.35a)
  VecX<double> TF(N), TM(N), gw(N);
  for (int i = 0; i < n; ++i) {
    TF.segment<3>(3 * i) = s.tip_force[static_cast<std::size_t>(i)];
    TM.segment<3>(3 * i) = s.tip_moment[static_cast<std::size_t>(i)];
    gw.segment<3>(3 * i) = s.g_minus_w[static_cast<std::size_t>(i)];
  }
  out.c = sdt * (f * (TF + mu_up * gw) + h * TM);  // (4.4.36)
  return out;
}

void micro_response(const ElasticChainState& s, VecIn<double> udd, MicroResponse& out) {
  check(s);
  const int n = s.size();
  if (udd.size() != 3 * n)
    throw InputError("micro model: " + std::to_string(udd.size()) + " micro-accelerations for a chain of " +
                     std::to_string(n) + " links (3 each)");
  out.u.setZero(3 * n);
  out.phi.setZero(3 * n);
  out.F_R.setZero(3 * n);
  out.M_R.setZero(3 * n);
  out.delta_P.setZero(n);
  // Micro-reactions, from the free end (4.4.10), (4.4.13).
  Vec3<double> F_next = Vec3<double>::Zero(), M_next = Vec3<double>::Zero();
  for (int i = n - 1; i >= 0; --i) {
    const auto k = static_cast<std::size_t>(i);
    const Vec3<double> a_up = udd.segment<3>(3 * i);
    const Vec3<double> a_d = i > 0 ? Vec3<double>(udd.segment<3>(3 * (i - 1))) : Vec3<double>::Zero();
    const Vec3<double> F = s.mu_d[k] * a_d + s.mu_up[k] * a_up + F_next;
    const Vec3<double> M = s.l[k].cross(F_next + s.mu_up[k] * a_up) + M_next;
    out.F_R.segment<3>(3 * i) = F;
    out.M_R.segment<3>(3 * i) = M;
    out.delta_P[i] = s.joint_axis[k].dot(s.prismatic[k] ? F : M);  // (4.6.1)-(4.6.2)
    F_next = F;
    M_next = M;
  }
  // Deflections and tilts, from the base (4.4.1)-(4.4.7).
  Vec3<double> u = Vec3<double>::Zero(), phi = Vec3<double>::Zero();
  for (int i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    const Vec3<double> FR = i + 1 < n ? Vec3<double>(out.F_R.segment<3>(3 * (i + 1))) : Vec3<double>::Zero();
    const Vec3<double> MR = i + 1 < n ? Vec3<double>(out.M_R.segment<3>(3 * (i + 1))) : Vec3<double>::Zero();
    const Vec3<double> F = s.tip_force[k] - FR + s.mu_up[k] * (s.g_minus_w[k] - udd.segment<3>(3 * i));
    const Vec3<double> M = s.tip_moment[k] - MR;
    const InfluenceCoefficients& c = s.flex[k];
    u += c.alpha * F + c.beta * M + phi.cross(s.l[k]);  // φ_{i−1} × l_i
    phi += c.gamma * F + c.delta * M;
    out.u.segment<3>(3 * i) = u;
    out.phi.segment<3>(3 * i) = phi;
  }
}

MicroModel micro_model_recursive(const ElasticChainState& s) {
  check(s);
  const int N = 3 * s.size();
  MicroResponse r;
  VecX<double> udd = VecX<double>::Zero(N);
  micro_response(s, udd, r);
  MicroModel out;
  out.c = r.u;
  out.D.resize(N, N);
  for (int j = 0; j < N; ++j) {
    udd.setZero();
    udd[j] = 1;
    micro_response(s, udd, r);
    out.D.col(j) = out.c - r.u;
  }
  return out;
}

void quasi_static(const ElasticChainState& s, MicroResponse& out) {
  micro_response(s, VecX<double>::Zero(3 * s.size()), out);
}

void DeflectionBound::start(const Vec3<double>& u_qs) {
  started_ = true;
  previous_ = u_qs;
  a_m_ = 0;
}

double DeflectionBound::add(const Vec3<double>& u_qs, bool sudden) {
  if (!started_) start(u_qs);
  if (sudden) a_m_ += (u_qs - previous_).norm();  // (4.6.4)
  previous_ = u_qs;
  return u_qs.norm() + a_m_;  // (4.6.3)
}

}  // namespace armdyn::segments
