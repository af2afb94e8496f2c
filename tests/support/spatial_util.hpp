#pragma once
// Random spatial vectors and their 6-vector and 6x6 matrix forms, written independently of
// armdyn's own spatial code for the unit tests of spatial/ and model/.
#include <random>

#include "armdyn/spatial/inertia.hpp"
#include "armdyn/spatial/motion.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "armdyn/spatial/transform.hpp"
#include "support/random_model.hpp"

namespace armdyn::test {

inline Motion<double> random_motion(std::mt19937_64& rng) {
  return Motion<double>{random_vec3(rng, -1, 1), random_vec3(rng, -1, 1)};
}

inline Force<double> random_force(std::mt19937_64& rng) {
  return Force<double>{random_vec3(rng, -1, 1), random_vec3(rng, -1, 1)};
}

/// (w, v) and (n, f) as 6-vectors, angular part first.
inline Vec6<double> six(const Motion<double>& m) {
  Vec6<double> x;
  x << m.w, m.v;
  return x;
}
inline Vec6<double> six(const Force<double>& f) {
  Vec6<double> x;
  x << f.n, f.f;
  return x;
}

/// The Pluecker matrix taking motion vectors from A coordinates to B coordinates, for B placed
/// in A by X = (R, p): [[R^T, 0], [-R^T p x, R^T]] ([Featherstone] (2.24)).
inline Mat6<double> motion_to_child(const Transform<double>& X) {
  const Mat3<double> Rt = X.R.transpose();
  Mat6<double> out = Mat6<double>::Zero();
  out.topLeftCorner<3, 3>() = Rt;
  out.bottomLeftCorner<3, 3>() = -Rt * skew(X.p);
  out.bottomRightCorner<3, 3>() = Rt;
  return out;
}

/// A random rigid-body inertia about a frame origin: mass, centre of mass and rotational inertia
/// about it as random_inertial draws them.
inline Inertia<double> random_spatial_inertia(std::mt19937_64& rng) {
  const LinkInertial in = random_inertial(rng);
  return Inertia<double>::from_com(in.mass, in.com, in.inertia);
}

}  // namespace armdyn::test
