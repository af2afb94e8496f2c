#pragma once
// Shared by the frame-kinematics tests: the models they run on (random DH chains of 1 to 12
// joints in both conventions, with and without prismatic joints; random trees; ur5, panda,
// puma560, stanford), the pose of a frame at q, the rotation log, and five-point derivative
// stencils (error O(h^4)).
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "armdyn/io/urdf.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn::test {

struct FrameTestModel {
  std::string label;
  Model model;
};

inline std::vector<FrameTestModel> frame_test_models() {
  std::vector<FrameTestModel> out;
  std::mt19937_64 rng(1101);
  for (int n = 1; n <= 12; ++n) {
    out.push_back({"dh_standard_mixed_" + std::to_string(n), random_dh_chain(rng, n, DhConvention::kStandard, true)});
    out.push_back(
        {"dh_modified_revolute_" + std::to_string(n), random_dh_chain(rng, n, DhConvention::kModified, false)});
  }
  for (int n : {3, 6, 10, 14}) out.push_back({"tree_" + std::to_string(n), random_tree(rng, n)});
  out.push_back({"ur5", load_urdf(data_path("models/ur5.urdf"))});
  out.push_back({"panda", load_urdf(data_path("models/panda.urdf"))});
  out.push_back({"puma560", builtin_model("puma560").model});
  out.push_back({"stanford", builtin_model("stanford").model});
  return out;
}

/// Rotation vector (axis * angle) of R.
inline Vec3<double> rotation_log(const Mat3<double>& R) {
  const Eigen::AngleAxisd aa(R);
  return aa.axis() * aa.angle();
}

/// [position; log(R R0^T)] of frame `frame` at q, R0 its orientation at q0: the pose as a
/// 6-vector around q0 (its derivative at q0 is [origin velocity; angular velocity]).
inline Vec6<double> pose_around(const Model& model, Data& data, int frame, const VecX<double>& q,
                                const Mat3<double>& R0) {
  forward_kinematics(model, data, q);
  Vec6<double> x;
  x.head<3>() = data.oMf[frame].p;
  x.tail<3>() = rotation_log(data.oMf[frame].R * R0.transpose());
  return x;
}

/// f'(0) by the five-point stencil (evaluated: the samples are temporaries).
template <class F> auto first_derivative(const F& f, double h) {
  using T = decltype(f(0.0));
  return T(((f(-2 * h) - f(2 * h)) + 8.0 * (f(h) - f(-h))) / (12.0 * h));
}

/// f''(0) by the five-point stencil.
template <class F> auto second_derivative(const F& f, double h) {
  using T = decltype(f(0.0));
  return T((-(f(2 * h) + f(-2 * h)) + 16.0 * (f(h) + f(-h)) - 30.0 * f(0.0)) / (12.0 * h * h));
}

}  // namespace armdyn::test
