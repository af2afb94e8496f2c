#pragma once
// Shared by the loads tests (payload, external wrenches, reactions): random payloads and wrenches,
// the frames a load may act on, and the wrench a rigid body needs for its motion, written out here
// from the frame's classical motion (jacobian.hpp) independently of the library's loads code.
#include <random>
#include <vector>

#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/model/payload.hpp"
#include "support/random_model.hpp"

namespace armdyn::test {

/// A physical payload: mass in [0.2, 3], centre of mass within 0.3 m of the frame origin, a full
/// random inertia tensor about it.
inline Payload random_payload(std::mt19937_64& rng) {
  Payload p;
  p.mass = uniform(rng, 0.2, 3.0);
  p.com = random_vec3(rng, -0.3, 0.3);
  p.inertia = random_inertia_tensor(rng);
  return p;
}

inline Vec6<double> random_wrench(std::mt19937_64& rng) {
  Vec6<double> w;
  w.head<3>() = random_vec3(rng, -20, 20);
  w.tail<3>() = random_vec3(rng, -5, 5);
  return w;
}

/// The frames carried by a moving body.
inline std::vector<int> moving_frames(const Model& model) {
  std::vector<int> out;
  for (std::size_t k = 0; k < model.frames.size(); ++k)
    if (model.frames[k].body >= 0) out.push_back(static_cast<int>(k));
  return out;
}

/// [m (a_C - g); r x m (a_C - g) + I e + w x I w] at the frame origin, base axes: what must act
/// on a rigid body (mass m, centre of mass c and inertia I about it, both in the frame's axes)
/// rigidly attached to frame `frame` for it to follow the frame at (q, v, a) under gravity g.
/// Written from Newton's and Euler's laws with frame_acceleration's [p̈; e] and frame_velocity's w.
inline Vec6<double> required_wrench(const Model& model, Data& data, FrameWorkspace<double>& ws, int frame,
                                    double m, const Vec3<double>& c, const Mat3<double>& I_frame,
                                    const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) {
  const Vec6<double> acc = frame_acceleration(model, data, ws, frame, q, v, a);
  const Vec3<double> w = ws.velocity.tail<3>();
  const Mat3<double> R = data.oMf[frame].R;
  const Vec3<double> r = R * c;
  const Mat3<double> I = R * I_frame * R.transpose();
  const Vec3<double> e = acc.tail<3>();
  const Vec3<double> a_com = acc.head<3>() + e.cross(r) + w.cross(w.cross(r));
  const Vec3<double> force = m * (a_com - model.gravity);
  Vec6<double> out;
  out.head<3>() = force;
  out.tail<3>() = r.cross(force) + I * e + w.cross(I * w);
  return out;
}

}  // namespace armdyn::test
