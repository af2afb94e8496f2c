// The CRBA and ABA as they were before the base-axes formulations (the body-frame CRBA, still the
// library's below 13 joints, and the dense body-frame ABA, kept here), as same-run baselines:
// BM_mass_matrix/baseline/<model>, BM_forward_dynamics/baseline/<model> (CRBA + Cholesky) and
// BM_forward_dynamics_aba/baseline/<model>.
#include <memory>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/aba.hpp"
#include "armdyn/dynamics/cholesky.hpp"
#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "fixtures.hpp"

namespace armdyn::bench::baseline {

// The body-frame CRBA carrying each column up on its own, called directly (without the size
// dispatch) at every size: the CRBA as it was before the base-axes and the subtree-block forms.
const MatX<double>& crba_local(const Model& model, Data& data, VecIn<double> q) {
  crba_detail::body_frames_by_column(model, data, q);
  return data.M;
}

/// The dense workspace the body-frame ABA kept (aba.hpp's AbaWorkspace has since changed).
template <class S> struct AbaLocalWorkspace {
  explicit AbaLocalWorkspace(const ModelTpl<S>& model)
      : IA(model.dof, Mat6<S>::Zero()), pA(model.dof), U(model.dof, Vec6<S>::Zero()), c(model.dof),
        D_inv(VecX<S>::Zero(model.dof)), u(VecX<S>::Zero(model.dof)) {}
  std::vector<Mat6<S>> IA;
  std::vector<Force<S>> pA;
  std::vector<Vec6<S>> U;
  std::vector<Motion<S>> c;
  VecX<S> D_inv;
  VecX<S> u;
};

namespace aba_local_detail {

// Articulated-body algorithm ([RBDA] Table 7.1), body frames, angular-first spatial vectors.
// Pass 1, outward (velocities, bias terms):
//   v_i = X_i v_p + S_i qd_i,   c_i = v_i x S_i qd_i,   IA_i = I_i,   pA_i = v_i x* I_i v_i     (1)
// Pass 2, inward (articulated inertias):
//   U_i = IA_i S_i,   D_i = S_i^T U_i,   u_i = tau_i - S_i^T pA_i                             (2)
//   Ia = IA_i - U_i U_i^T / D_i,   pa = pA_i + Ia c_i + U_i u_i / D_i                         (3)
//   IA_p += X_i^T Ia X_i,   pA_p += X_i^T pa    (X_i^T: the force transform to the parent)    (4)
// Pass 3, outward (accelerations), a_0 = -g:
//   a' = X_i a_p + c_i,   qdd_i = (u_i - U_i^T a') / D_i,   a_i = a' + S_i qdd_i              (5)
// S_i = e_3 (revolute, rotation about z) or e_6 (prismatic, translation along z), so U_i is
// column 2 or 5 of IA_i and S_i^T of a force is its n.z or f.z.

template <class S> Mat3<S> skew(const Vec3<S>& p) {
  Mat3<S> P;
  P << S(0), -p.z(), p.y(), p.z(), S(0), -p.x(), -p.y(), p.x(), S(0);
  return P;
}

/// IA_p += X^T Ia X for the placement X = (R, p) of the child in the parent. With the blocks
/// Ia = [[A, B], [B^T, C]] rotated into the parent, A' = R A R^T, B' = R B R^T, C' = R C R^T, and
/// P = p x:  A_p = A' - B' P + P B'^T - P C' P,  B_p = B' + P C',  C_p = C'.
template <class S> void articulated_to_parent(const Transform<S>& X, const Mat6<S>& Ia, Mat6<S>& IAp) {
  const Mat3<S>& R = X.R;
  const Mat3<S> A = rotate_symmetric(R, Mat3<S>(Ia.template topLeftCorner<3, 3>()));
  const Mat3<S> B = R * Ia.template topRightCorner<3, 3>() * R.transpose();
  const Mat3<S> C = rotate_symmetric(R, Mat3<S>(Ia.template bottomRightCorner<3, 3>()));
  const Mat3<S> P = skew(X.p);
  const Mat3<S> PC = P * C;
  const Mat3<S> PBt = P * B.transpose();
  const Mat3<S> Ap = A + PBt + PBt.transpose() - PC * P;
  const Mat3<S> Bp = B + PC;
  IAp.template topLeftCorner<3, 3>() += Ap;
  IAp.template topRightCorner<3, 3>() += Bp;
  IAp.template bottomLeftCorner<3, 3>() += Bp.transpose();
  IAp.template bottomRightCorner<3, 3>() += C;
}

/// f_p += X^T f: a force of the child, moved to the parent's frame and origin.
template <class S> void force_to_parent(const Transform<S>& X, const Force<S>& f, Force<S>& fp) {
  const Vec3<S> Rf = X.R * f.f;
  fp.n += X.R * f.n + X.p.cross(Rf);
  fp.f += Rf;
}

/// X a: a motion of the parent seen in the child.
template <class S> Motion<S> motion_from_parent(const Transform<S>& X, const Motion<S>& m) {
  return Motion<S>{X.R.transpose() * m.w, X.R.transpose() * (m.v - X.p.cross(m.w))};
}

template <class S> Vec6<S> stack(const Force<S>& f) {
  Vec6<S> out;
  out << f.n, f.f;
  return out;
}

// (1)
template <class S>
void velocity_pass(const ModelTpl<S>& model, DataTpl<S>& data, AbaLocalWorkspace<S>& ws, VecIn<S> q, VecIn<S> qd) {
  const int n = model.dof;
  joint_placements(model, data, q.data());
  for (int i = 0; i < n; ++i) {
    const int p = model.parent[i];
    Motion<S>& v = data.v[i];
    if (p < 0) {
      v.w.setZero();
      v.v.setZero();
    } else {
      v = motion_from_parent(data.X_up[i], data.v[p]);
    }
    Motion<S>& c = ws.c[i];
    const S qdi = qd[i];
    if (model.joint_type[i] == JointType::kRevolute) {
      // v x [e_z; 0] qd = qd [(w_y, -w_x, 0); (v_y, -v_x, 0)]
      c.w = Vec3<S>(v.w.y() * qdi, -v.w.x() * qdi, S(0));
      c.v = Vec3<S>(v.v.y() * qdi, -v.v.x() * qdi, S(0));
      v.w.z() += qdi;
    } else {
      // v x [0; e_z] qd = qd [0; (w_y, -w_x, 0)]
      c.w.setZero();
      c.v = Vec3<S>(v.w.y() * qdi, -v.w.x() * qdi, S(0));
      v.v.z() += qdi;
    }
    const Inertia<S>& I = model.inertia[i];
    ws.IA[i] = inertia_matrix(I);
    const Force<S> h = I * v;
    ws.pA[i].n = v.w.cross(h.n) + v.v.cross(h.f);
    ws.pA[i].f = v.w.cross(h.f);
  }
}

// (2)-(4)
template <class S>
void inertia_pass(const ModelTpl<S>& model, DataTpl<S>& data, AbaLocalWorkspace<S>& ws, VecIn<S> tau) {
  for (int i = model.dof - 1; i >= 0; --i) {
    const bool revolute = model.joint_type[i] == JointType::kRevolute;
    const int k = revolute ? 2 : 5;
    const Mat6<S>& IA = ws.IA[i];
    Vec6<S>& U = ws.U[i];
    U = IA.col(k);
    ws.D_inv[i] = S(1) / U[k];
    ws.u[i] = tau[i] - (revolute ? ws.pA[i].n.z() : ws.pA[i].f.z());
    const int p = model.parent[i];
    if (p < 0) continue;
    // (3)
    const Mat6<S> Ia = IA - (U * ws.D_inv[i]) * U.transpose();
    Vec6<S> c6;
    c6 << ws.c[i].w, ws.c[i].v;
    const Vec6<S> pa = stack(ws.pA[i]) + Ia * c6 + U * (ws.u[i] * ws.D_inv[i]);
    // (4)
    articulated_to_parent(data.X_up[i], Ia, ws.IA[p]);
    force_to_parent(data.X_up[i], Force<S>{pa.template head<3>(), pa.template tail<3>()}, ws.pA[p]);
  }
}

// (5)
template <class S> void acceleration_pass(const ModelTpl<S>& model, DataTpl<S>& data, AbaLocalWorkspace<S>& ws) {
  const Motion<S> a0{Vec3<S>::Zero(), Vec3<S>(-model.gravity)};
  for (int i = 0; i < model.dof; ++i) {
    const int p = model.parent[i];
    Motion<S>& a = data.a[i];
    a = motion_from_parent(data.X_up[i], p < 0 ? a0 : data.a[p]);
    a.w += ws.c[i].w;
    a.v += ws.c[i].v;
    const Vec6<S>& U = ws.U[i];
    const S Ua = U.template head<3>().dot(a.w) + U.template tail<3>().dot(a.v);
    const S qdd = (ws.u[i] - Ua) * ws.D_inv[i];
    data.qdd[i] = qdd;
    if (model.joint_type[i] == JointType::kRevolute) a.w.z() += qdd;
    else a.v.z() += qdd;
  }
}

}  // namespace aba_local_detail

template <class S>
const VecX<S>& aba_local(const ModelTpl<S>& model, DataTpl<S>& data, AbaLocalWorkspace<S>& ws, VecIn<S> q, VecIn<S> qd,
                         VecIn<S> tau) {
  check_size(q, model.dof, "q");
  check_size(qd, model.dof, "v");
  check_size(tau, model.dof, "tau");
  if (static_cast<int>(ws.IA.size()) != model.dof) throw InputError("aba: workspace built for another model");
  aba_local_detail::velocity_pass(model, data, ws, q, qd);
  aba_local_detail::inertia_pass(model, data, ws, tau);
  aba_local_detail::acceleration_pass(model, data, ws);
  return data.qdd;
}


namespace {

using Map = Eigen::Map<const VecX<double>>;

struct Case {
  std::shared_ptr<const Model> model;
  std::shared_ptr<Data> data;
  std::shared_ptr<AbaLocalWorkspace<double>> aba;
  std::shared_ptr<States> states;
};

template <class Fn> void run(benchmark::State& state, const Case& c, Fn fn) {
  const int n = c.model->dof;
  int k = 0;
  const std::size_t before = allocation_count();
  for (auto _ : state) {
    fn(*c.model, *c.data, *c.aba, Map(c.states->at(c.states->q, k), n), Map(c.states->at(c.states->v, k), n),
       Map(c.states->at(c.states->tau, k), n));
    ++k;
  }
  report_allocations(state, before);
}

const bool registered = [] {
  for (const std::string& name : model_names()) {
    Case c;
    c.model = std::make_shared<const Model>(load_urdf(urdf_path(name)));
    c.data = std::make_shared<Data>(*c.model);
    c.aba = std::make_shared<AbaLocalWorkspace<double>>(*c.model);
    c.states = std::make_shared<States>(make_states(c.model->dof));
    benchmark::RegisterBenchmark(("BM_mass_matrix/baseline/" + name).c_str(), [c](benchmark::State& s) {
      run(s, c, [](const Model& m, Data& d, AbaLocalWorkspace<double>&, Map q, Map, Map) {
        benchmark::DoNotOptimize(crba_local(m, d, q).data());
      });
    });
    benchmark::RegisterBenchmark(("BM_forward_dynamics/baseline/" + name).c_str(), [c](benchmark::State& s) {
      run(s, c, [](const Model& m, Data& d, AbaLocalWorkspace<double>&, Map q, Map v, Map tau) {
        crba_local(m, d, q);
        rnea_detail::passes<true, false, double, true>(m, d, q, v.data(), nullptr, nullptr, d.c);
        d.L = d.M;
        cholesky_factor(d.L, d.L_inv_diag);
        d.qdd = tau - d.c;
        cholesky_solve(d.L, d.L_inv_diag, d.qdd);
        benchmark::DoNotOptimize(d.qdd.data());
      });
    });
    benchmark::RegisterBenchmark(("BM_forward_dynamics_aba/baseline/" + name).c_str(), [c](benchmark::State& s) {
      run(s, c, [](const Model& m, Data& d, AbaLocalWorkspace<double>& ws, Map q, Map v, Map tau) {
        benchmark::DoNotOptimize(aba_local(m, d, ws, q, v, tau).data());
      });
    });
  }
  return true;
}();

}  // namespace
}  // namespace armdyn::bench::baseline
