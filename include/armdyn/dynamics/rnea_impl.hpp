#pragma once
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/dynamics/rnea.hpp"

namespace armdyn {
namespace rnea_detail {

// Outward recursion, body frames ([Craig] (6.45)-(6.50) in spatial form):
//   v_i = X_i v_p + S_i qd_i                                   (1)
//   a_i = X_i a_p + S_i qdd_i + v_i x S_i qd_i                 (2)
//   f_i = I_i a_i + v_i x* I_i v_i - fext_i                    (3)
// with S_i = [e_z; 0] (revolute) or [0; e_z] (prismatic), v_0 = 0, a_0 = [0; -g]; a quaternion
// joint's bodies take qdd_i - b_i in (2) (joint.hpp: quaternion_bias).
// Inward recursion ([Craig] (6.51)-(6.53)):
//   tau_i = S_i . f_i,   f_p += X_i^T f_i                      (4)
// kVel = false drops every velocity term, kAcc = false the joint accelerations; kReuseX = true
// takes the joint placements already in data.X_up (written by crba for the same q). kLoads = true
// applies `loads` (loads.hpp, checked by the caller): a moving base's spatial velocity and
// acceleration (loads.hpp (1), gravity in base_a) instead of v_0 = 0, a_0 = [0; -g], the payload's
// inertia added to its body's in (3), the external wrenches subtracted in (3) (those at frames
// moved to their bodies by loads.hpp (2), on data.oMb written here); false compiles as without
// them (`loads` unused).
template <bool kVel, bool kAcc, class S, bool kReuseX = false, bool kLoads = false>
void passes(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, const S* qd, const S* qdd,
            [[maybe_unused]] const Loads<S>* loads, VecX<S>& tau) {
  const int n = model.dof;
  const Vec3<S> a0 = -model.gravity;
  [[maybe_unused]] const bool has_quaternions = model.has_quaternions();
  // The joint placements first: independent of one another, so their sines and cosines overlap.
  if constexpr (!kReuseX)
    joint_placements(model, data, q.data());
  [[maybe_unused]] Motion<S> base_v, base_a;
  [[maybe_unused]] bool moving = false, at_frames = false, on_bodies = false;
  [[maybe_unused]] int payload_body = -1;
  if constexpr (kLoads) {
    moving = loads->base.has_value();
    at_frames = !loads->wrenches.empty();
    on_bodies = !loads->body_wrenches.empty();
    if (loads->payload) payload_body = loads->payload->body;
    if (moving) loads_detail::base_motion(model, *loads->base, base_v, base_a);
    else base_a.v = a0;
  }
  for (int i = 0; i < n; ++i) {
    const Transform<S>& X = data.X_up[i];
    const int p = model.parent[i];
    Motion<S>& v = data.v[i];
    Motion<S>& a = data.a[i];
    // (1), (2): the parent's motion seen in body i.
    if constexpr (kLoads) {
      if (at_frames) data.oMb[i] = p < 0 ? X : data.oMb[p] * X;
      if (p < 0) {  // the base's motion seen in body i, as a parent's below
        v.w.noalias() = X.R.transpose() * base_v.w;
        v.v.noalias() = X.R.transpose() * (base_v.v - X.p.cross(base_v.w));
        a.w.noalias() = X.R.transpose() * base_a.w;
        a.v.noalias() = X.R.transpose() * (base_a.v - X.p.cross(base_a.w));
      }
    }
    if (p < 0) {
      if constexpr (!kLoads) {
        v.w.setZero();
        v.v.setZero();
        a.w.setZero();
        a.v.noalias() = X.R.transpose() * a0;
      }
    } else {
      const Motion<S>& ap = data.a[p];
      if constexpr (kVel) {
        const Motion<S>& vp = data.v[p];
        v.w.noalias() = X.R.transpose() * vp.w;
        v.v.noalias() = X.R.transpose() * (vp.v - X.p.cross(vp.w));
      }
      a.w.noalias() = X.R.transpose() * ap.w;
      a.v.noalias() = X.R.transpose() * (ap.v - X.p.cross(ap.w));
    }
    if constexpr (kVel) {
      const S qdi = qd[i];
      if (model.joint_type[i] == JointType::kRevolute) {
        // v x [e_z; 0] qd = qd [(w_y, -w_x, 0); (v_y, -v_x, 0)]
        a.w.x() += v.w.y() * qdi;
        a.w.y() -= v.w.x() * qdi;
        a.v.x() += v.v.y() * qdi;
        a.v.y() -= v.v.x() * qdi;
        v.w.z() += qdi;
      } else {
        // v x [0; e_z] qd = qd [0; (w_y, -w_x, 0)]
        a.v.x() += v.w.y() * qdi;
        a.v.y() -= v.w.x() * qdi;
        v.v.z() += qdi;
      }
    }
    if constexpr (kAcc) {
      if (model.joint_type[i] == JointType::kRevolute) a.w.z() += qdd[i];
      else a.v.z() += qdd[i];
    }
    if constexpr (kVel) {
      if (has_quaternions) a.w.z() -= quaternion_bias(model, i, qd);  // the chart's a - b (joint.hpp)
    }
    // (3)
    const Inertia<S>& I = model.inertia[i];
    Force<S>& f = data.f[i];
    f = I * a;
    if constexpr (kVel) {
      const Force<S> h = I * v;
      f.n += v.w.cross(h.n) + v.v.cross(h.f);
      f.f += v.w.cross(h.f);
    }
    if constexpr (kLoads) {
      if (i == payload_body) {
        const Inertia<S>& Ip = loads->payload->inertia;
        const Force<S> fa = Ip * a;
        f.n += fa.n;
        f.f += fa.f;
        if constexpr (kVel) {
          const Force<S> h = Ip * v;
          f.n += v.w.cross(h.n) + v.v.cross(h.f);
          f.f += v.w.cross(h.f);
        }
      }
      if (on_bodies) {
        f.n -= loads->body_wrenches[i].n;
        f.f -= loads->body_wrenches[i].f;
      }
    }
  }
  if constexpr (kLoads) {
    if (at_frames)
      for (const FrameWrench<S>& w : loads->wrenches) {
        const int b = model.frames[w.frame].body;
        if (b < 0) continue;  // on the base: it moves no joint
        const Force<S> fb = loads_detail::on_body(model, w, data.oMb[b].R);
        data.f[b].n -= fb.n;
        data.f[b].f -= fb.f;
      }
  }
  // (4)
  for (int i = n - 1; i >= 0; --i) {
    const Force<S>& f = data.f[i];
    tau[i] = model.joint_type[i] == JointType::kRevolute ? f.n.z() : f.f.z();
    const int p = model.parent[i];
    if (p >= 0) {
      const Transform<S>& X = data.X_up[i];
      const Vec3<S> Rf = X.R * f.f;
      data.f[p].n += X.R * f.n + X.p.cross(Rf);
      data.f[p].f += Rf;
    }
  }
}

}  // namespace rnea_detail

template <class S>
const VecX<S>& rnea(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> qd, VecIn<S> qdd,
                    const Loads<S>* loads) {
  check_configuration(model, q);
  check_size(qd, model.dof, "v");
  check_size(qdd, model.dof, "a");
  if (has_loads(loads)) {
    check_loads(model, *loads);
    rnea_detail::passes<true, true, S, false, true>(model, data, q, qd.data(), qdd.data(), loads, data.tau);
  } else {
    rnea_detail::passes<true, true, S>(model, data, q, qd.data(), qdd.data(), nullptr, data.tau);
  }
  return data.tau;
}

template <class S>
const VecX<S>& nonlinear_effects(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> qd,
                                 const Loads<S>* loads) {
  check_configuration(model, q);
  check_size(qd, model.dof, "v");
  if (has_loads(loads)) {
    check_loads(model, *loads);
    rnea_detail::passes<true, false, S, false, true>(model, data, q, qd.data(), nullptr, loads, data.c);
  } else {
    rnea_detail::passes<true, false, S>(model, data, q, qd.data(), nullptr, nullptr, data.c);
  }
  return data.c;
}

template <class S>
const VecX<S>& gravity_torque(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q) {
  check_configuration(model, q);
  rnea_detail::passes<false, false, S>(model, data, q, nullptr, nullptr, nullptr, data.g);
  return data.g;
}

}  // namespace armdyn
