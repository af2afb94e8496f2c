// Craig's planar 2R arm in closed form and the Jacobian measures (kinematics/manipulability.hpp):
//   (a) the built-in planar2r (l1 = 1, l2 = 0.5): J of the tool frame {3} in its own axes is
//       [Craig] (5.66), ^3J = [l1 s2, 0; l1 c2 + l2, l2] (rows x3, y3; z3 angular [1, 1]),
//       and in the axes of {0} it is ^0J = ^0_3R ^3J = [-l1 s1 - l2 s12, -l2 s12;
//       l1 c1 + l2 c12, l2 c12]; 1e-14;
//   (b) its manipulability over the planar rows is l1 l2 |s2| (zero stretched out), and its
//       condition number the closed form of a 2 x 2 matrix's singular values;
//   (c) on the random models, rows all, linear, angular and {0, 2, 4}: the manipulability equals
//       sqrt(det(J_r J_r^T)) by Eigen's LU (1e-10 relative) and the condition number
//       sigma_max / sigma_min by Eigen's JacobiSVD (1e-8 relative);
//   (d) the gradient of the manipulability on dual numbers against finite differences;
//   (e) an empty or out-of-range row selection is an InputError.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <Eigen/SVD>
#include <cmath>

#include "armdyn/kinematics/jacobian_impl.hpp"
#include "armdyn/kinematics/manipulability.hpp"
#include "kinematics/frame_test_models.hpp"
#include "support/dual.hpp"

namespace armdyn {
namespace manipulability_test {

using test::Dual;

constexpr double l1 = 1.0, l2 = 0.5;

TEST(Planar2R, JacobianIsCraigsClosedForm) {
  const Model model = builtin_model("planar2r").model;
  Data data(model);
  FrameWorkspace ws(model);
  const int tool = frame_id(model, "tool");
  Mat3<double> R0;  // DH frame {0} in the base frame (the built-in's vertical plane)
  R0 << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  Mat6<double> to0 = Mat6<double>::Zero();
  to0.topLeftCorner<3, 3>() = to0.bottomRightCorner<3, 3>() = R0.transpose();
  std::mt19937_64 rng(31);
  for (int k = 0; k < 20; ++k) {
    const VecX<double> q = test::random_vector(rng, 2, -3, 3);
    const double s1 = std::sin(q[0]), c1 = std::cos(q[0]), s2 = std::sin(q[1]), c2 = std::cos(q[1]);
    const double s12 = std::sin(q[0] + q[1]), c12 = std::cos(q[0] + q[1]);
    MatX<double> J3 = MatX<double>::Zero(6, 2), J0 = MatX<double>::Zero(6, 2);
    J3 << l1 * s2, 0, l1 * c2 + l2, l2, 0, 0, 0, 0, 0, 0, 1, 1;
    J0 << -l1 * s1 - l2 * s12, -l2 * s12, l1 * c1 + l2 * c12, l2 * c12, 0, 0, 0, 0, 0, 0, 1, 1;
    EXPECT_LE((frame_jacobian(model, data, ws, tool, q, Axes::kLocal) - J3).cwiseAbs().maxCoeff(), 1e-14);
    EXPECT_LE((to0 * frame_jacobian(model, data, ws, tool, q) - J0).cwiseAbs().maxCoeff(), 1e-14);
  }
}

TEST(Planar2R, ManipulabilityAndConditionNumberInClosedForm) {
  const Model model = builtin_model("planar2r").model;
  Data data(model);
  FrameWorkspace ws(model);
  const int tool = frame_id(model, "tool");
  constexpr unsigned kPlanarLocal = 0x03u;  // x3, y3
  constexpr unsigned kPlanarBase = 0x05u;   // base x, z: the plane of the built-in
  std::mt19937_64 rng(32);
  for (int k = 0; k < 20; ++k) {
    const VecX<double> q = test::random_vector(rng, 2, -3, 3);
    const double s2 = std::sin(q[1]), c2 = std::cos(q[1]);
    const double w = l1 * l2 * std::abs(s2);
    EXPECT_NEAR(manipulability(frame_jacobian(model, data, ws, tool, q, Axes::kLocal), kPlanarLocal), w, 1e-14);
    EXPECT_NEAR(manipulability(frame_jacobian(model, data, ws, tool, q), kPlanarBase), w, 1e-14);
    // sigma^2 = (F +- sqrt(F^2 - 4 D^2)) / 2 for a 2 x 2 matrix, F = |J|_F^2, D = det J.
    const double F = l1 * l1 * s2 * s2 + (l1 * c2 + l2) * (l1 * c2 + l2) + l2 * l2, D = l1 * l2 * s2;
    const double root = std::sqrt(F * F - 4 * D * D);
    const double cond = std::sqrt((F + root) / (F - root));
    EXPECT_NEAR(condition_number(ws.J, kPlanarBase), cond, 1e-9 * cond);
  }
  // Stretched out: singular (to round-off: J's entries carry the rotations' last bits).
  const VecX<double> q = test::vec({0.3, 0.0});
  frame_jacobian(model, data, ws, tool, q);
  EXPECT_LE(manipulability(ws.J, kPlanarBase), 1e-14);
  EXPECT_GE(condition_number(ws.J, kPlanarBase), 1e7);
  // All six rows of a 2-joint arm: dependent rows, manipulability zero; the condition number
  // is then over the two singular values of the 6 x 2 matrix.
  const VecX<double> q2 = test::vec({0.3, 1.1});
  frame_jacobian(model, data, ws, tool, q2);
  EXPECT_EQ(manipulability(ws.J), 0.0);
  Eigen::JacobiSVD<MatX<double>> svd(ws.J);
  EXPECT_NEAR(condition_number(ws.J), svd.singularValues()[0] / svd.singularValues()[1], 1e-12);
}

/// The selected rows of J.
MatX<double> rows_of(const MatX<double>& J, unsigned rows) {
  MatX<double> out(0, J.cols());
  for (int k = 0; k < 6; ++k)
    if (rows & (1u << k)) {
      out.conservativeResize(out.rows() + 1, Eigen::NoChange);
      out.row(out.rows() - 1) = J.row(k);
    }
  return out;
}

TEST(Measures, AgreeWithEigenOnTheRandomModels) {
  std::mt19937_64 rng(33);
  int compared = 0;
  for (const auto& [label, model] : test::frame_test_models()) {
    Data data(model);
    FrameWorkspace ws(model);
    const int tip = static_cast<int>(model.frames.size()) - 1;
    const VecX<double> q = test::random_vector(rng, model.dof, -2, 2);
    const MatX<double> J = frame_jacobian(model, data, ws, tip, q);
    for (unsigned rows : {kAllRows, kLinearRows, kAngularRows, 0x15u}) {
      const MatX<double> Jr = rows_of(J, rows);
      const double w = manipulability(J, rows), cond = condition_number(J, rows);
      Eigen::JacobiSVD<MatX<double>> svd(Jr);
      const auto& sv = svd.singularValues();
      const double svd_cond = sv[0] / sv[sv.size() - 1];
      // sqrt(det(J_r J_r^T)) is the product of J_r's singular values when m <= n; through the
      // Gram matrix a rank-deficient J_r gives a manipulability of round-off size only.
      if (Jr.rows() > Jr.cols() || sv[sv.size() - 1] < 1e-6 * sv[0]) {
        EXPECT_LE(w, 1e-6) << label << " rows " << rows;
      } else {
        const double det = (Jr * Jr.transpose()).determinant();
        EXPECT_NEAR(w, std::sqrt(det), 1e-10 * std::max(1.0, w)) << label << " rows " << rows;
        EXPECT_NEAR(w, sv.prod(), 1e-10 * std::max(1.0, w)) << label << " rows " << rows;
        ++compared;
      }
      if (svd_cond < 1e6) {
        EXPECT_NEAR(cond, svd_cond, 1e-8 * svd_cond) << label << " rows " << rows;
      }
    }
  }
  EXPECT_GT(compared, 40);
}

TEST(Measures, ManipulabilityGradientOnDualNumbers) {
  std::mt19937_64 rng(34);
  for (const char* name : {"puma560", "stanford"}) {
    const Model model = builtin_model(name).model;
    const ModelTpl<Dual> dmodel = model.cast<Dual>();
    DataTpl<Dual> ddata(dmodel);
    FrameWorkspace<Dual> dws(dmodel);
    Data data(model);
    FrameWorkspace ws(model);
    const int tip = static_cast<int>(model.frames.size()) - 1;
    const VecX<double> q = test::random_vector(rng, model.dof, -2, 2);
    for (int k = 0; k < model.dof; ++k) {
      VecX<Dual> qd = q.cast<Dual>();
      qd[k].d = 1.0;
      const Dual w = manipulability(frame_jacobian(dmodel, ddata, dws, tip, VecIn<Dual>(qd)));
      const auto f = [&](double h) {
        VecX<double> qh = q;
        qh[k] += h;
        return manipulability(frame_jacobian(model, data, ws, tip, qh));
      };
      EXPECT_NEAR(w.v, f(0.0), 1e-14) << name;
      EXPECT_NEAR(w.d, test::first_derivative(f, 1e-3), 1e-9) << name << " joint " << k;
    }
  }
}

TEST(Measures, BadRowSelectionIsAnInputError) {
  const MatX<double> J = MatX<double>::Identity(6, 6);
  EXPECT_THROW(manipulability(J, 0u), InputError);
  EXPECT_THROW(manipulability(J, 0x40u), InputError);
  EXPECT_THROW(condition_number(J, 0u), InputError);
  EXPECT_THROW(manipulability(MatX<double>(MatX<double>::Identity(3, 3))), InputError);
  EXPECT_EQ(manipulability(J), 1.0);
  EXPECT_EQ(condition_number(J, kLinearRows), 1.0);
}

}  // namespace manipulability_test
}  // namespace armdyn
