// The frame Jacobian (kinematics/jacobian.hpp) on random DH chains of 1 to 12 joints (revolute
// and mixed prismatic), random trees, ur5, panda, puma560 and stanford, every named frame, at
// random configurations:
//   (a) against five-point finite differences of the frame pose (origin, and the rotation log
//       of R(q + h e_k) R(q)^T), 1e-9 relative to the model's reach;
//   (b) against the derivative of forward kinematics on dual numbers, 1e-12;
//   (c) J v against the frame velocity built from the RNEA body velocities (data.v), 1e-12;
//   (d) the frame's own axes: J_local = blockdiag(R^T, R^T) J_base, 1e-14;
//   (e) trees: the columns of the joints off the frame's path are exactly zero;
//   (f) a model with one joint placement turned by 1 urad fails check (a) (the check can fail);
//   (g) bad input (frame index, sizes, workspace, frame name) is an InputError.
#include <gtest/gtest.h>

#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/kinematics/jacobian_impl.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "kinematics/frame_test_models.hpp"
#include "support/dual.hpp"

namespace armdyn {
namespace jacobian_test {

using test::Dual;

constexpr int kStates = 3;

/// Largest |J - dpose/dq| over the columns, five-point differences with step 1e-3.
double fd_error(const Model& model, const Model& truth, int frame, const VecX<double>& q) {
  Data data(model), tdata(truth);
  FrameWorkspace ws(model);
  const MatX<double> J = frame_jacobian(model, data, ws, frame, q);
  forward_kinematics(truth, tdata, q);
  const Mat3<double> R0 = tdata.oMf[frame].R;
  double err = 0;
  for (int k = 0; k < model.dof; ++k) {
    const auto pose = [&](double h) {
      VecX<double> qh = q;
      qh[k] += h;
      return test::pose_around(truth, tdata, frame, qh, R0);
    };
    const Vec6<double> d = test::first_derivative(pose, 1e-3);
    err = std::max(err, (J.col(k) - d).cwiseAbs().maxCoeff());
  }
  return err;
}

TEST(FrameJacobian, MatchesFiniteDifferencesOfThePose) {
  std::mt19937_64 rng(11);
  for (const auto& [label, model] : test::frame_test_models())
    for (int s = 0; s < kStates; ++s) {
      const VecX<double> q = test::random_vector(rng, model.dof, -2, 2);
      for (int f = 0; f < static_cast<int>(model.frames.size()); ++f)
        EXPECT_LE(fd_error(model, model, f, q), 1e-9) << label << " frame " << model.frames[f].name;
    }
}

TEST(FrameJacobian, MatchesDualNumberDerivativeOfForwardKinematics) {
  std::mt19937_64 rng(12);
  for (const auto& [label, model] : test::frame_test_models()) {
    const ModelTpl<Dual> dmodel = model.cast<Dual>();
    DataTpl<Dual> ddata(dmodel);
    FrameWorkspace<Dual> dws(dmodel);
    Data data(model);
    FrameWorkspace ws(model);
    const VecX<double> q = test::random_vector(rng, model.dof, -2, 2);
    for (int f = 0; f < static_cast<int>(model.frames.size()); ++f) {
      const MatX<double> J = frame_jacobian(model, data, ws, f, q);
      // The Dual instance of frame_jacobian itself gives the same values.
      const MatX<Dual> Jd = frame_jacobian(dmodel, ddata, dws, f, VecX<Dual>(q.cast<Dual>()));
      EXPECT_LE((test::value_of(Jd) - J).cwiseAbs().maxCoeff(), 1e-14) << label;
      for (int k = 0; k < model.dof; ++k) {
        VecX<Dual> qd = q.cast<Dual>();
        qd[k].d = 1.0;
        forward_kinematics(dmodel, ddata, VecIn<Dual>(qd));
        const Transform<Dual>& X = ddata.oMf[f];
        const Mat3<double> W = test::tangent_of(X.R) * test::value_of(X.R).transpose();  // skew(w)
        Vec6<double> col;
        col << test::tangent_of(X.p), W(2, 1), W(0, 2), W(1, 0);
        EXPECT_LE((J.col(k) - col).cwiseAbs().maxCoeff(), 1e-12) << label << " frame " << f << " joint " << k;
        EXPECT_LE((W + W.transpose()).cwiseAbs().maxCoeff(), 1e-12) << label;
      }
    }
  }
}

TEST(FrameJacobian, TimesVelocityIsTheFrameVelocityOfTheRneaBodies) {
  std::mt19937_64 rng(13);
  for (const auto& [label, model] : test::frame_test_models()) {
    Data data(model);
    FrameWorkspace ws(model);
    const VecX<double> q = test::random_vector(rng, model.dof, -2, 2), v = test::random_vector(rng, model.dof, -2, 2);
    const VecX<double> a = VecX<double>::Zero(model.dof);
    for (int f = 0; f < static_cast<int>(model.frames.size()); ++f) {
      const Vec6<double> Jv = frame_jacobian(model, data, ws, f, q) * v;
      const Vec6<double> vel = frame_velocity(model, data, ws, f, q, v);
      rnea(model, data, q, v, a);  // data.v: body velocities in body frames
      forward_kinematics(model, data, q);
      Vec6<double> expected = Vec6<double>::Zero();
      const Frame<double>& fr = model.frames[f];
      if (fr.body >= 0) {
        const Motion<double>& m = data.v[fr.body];
        const Mat3<double>& R = data.oMb[fr.body].R;
        expected.head<3>() = R * (m.v + m.w.cross(fr.placement.p));
        expected.tail<3>() = R * m.w;
      }
      const double scale = std::max(1.0, expected.cwiseAbs().maxCoeff());
      EXPECT_LE((Jv - expected).cwiseAbs().maxCoeff() / scale, 1e-12) << label << " frame " << fr.name;
      EXPECT_LE((vel - expected).cwiseAbs().maxCoeff() / scale, 1e-12) << label << " frame " << fr.name;
    }
  }
}

TEST(FrameJacobian, LocalAxesAreTheBaseAxesRotated) {
  std::mt19937_64 rng(14);
  int differ = 0;  // frames whose local Jacobian is not the base one (the check is not vacuous)
  for (const auto& [label, model] : test::frame_test_models()) {
    Data data(model);
    FrameWorkspace ws(model);
    const VecX<double> q = test::random_vector(rng, model.dof, -2, 2);
    for (int f = 0; f < static_cast<int>(model.frames.size()); ++f) {
      const MatX<double> Jb = frame_jacobian(model, data, ws, f, q, Axes::kBase);
      const MatX<double> Jl = frame_jacobian(model, data, ws, f, q, Axes::kLocal);
      Mat6<double> B = Mat6<double>::Zero();
      B.topLeftCorner<3, 3>() = B.bottomRightCorner<3, 3>() = data.oMf[f].R.transpose();
      EXPECT_LE((Jl - B * Jb).cwiseAbs().maxCoeff(), 1e-14) << label;
      differ += (Jl - Jb).cwiseAbs().maxCoeff() > 1e-3;
    }
  }
  EXPECT_GT(differ, 100);
}

TEST(FrameJacobian, OnlyTheJointsOnTheFramesPathContribute) {
  std::mt19937_64 rng(15);
  int zero_columns = 0;
  for (const auto& [label, model] : test::frame_test_models()) {
    Data data(model);
    FrameWorkspace ws(model);
    const VecX<double> q = test::random_vector(rng, model.dof, -2, 2);
    for (int f = 0; f < static_cast<int>(model.frames.size()); ++f) {
      const MatX<double> J = frame_jacobian(model, data, ws, f, q);
      std::vector<bool> on_path(model.dof, false);
      for (int b = model.frames[f].body; b >= 0; b = model.parent[b]) on_path[b] = true;
      for (int j = 0; j < model.dof; ++j) {
        if (on_path[j]) {
          EXPECT_GT(J.col(j).norm(), 1e-12) << label << " frame " << f << " joint " << j;
        } else {
          EXPECT_TRUE(J.col(j).isZero(0.0)) << label << " frame " << f << " joint " << j;
          ++zero_columns;
        }
      }
    }
  }
  EXPECT_GT(zero_columns, 0);  // the trees and the link frames near the base do exercise this
}

TEST(FrameJacobian, AWrongModelIsNoticed) {
  // Body 2's placement in body 1 turned by 1 urad about its x axis: the Jacobian of the wrong
  // model against the pose derivatives of the right one must exceed check (a)'s tolerance.
  std::mt19937_64 rng(16);
  int checked = 0;
  for (const auto& [label, model] : test::frame_test_models()) {
    if (model.dof < 3) continue;
    Model wrong = model;
    wrong.tree[1].R = wrong.tree[1].R * rot_x(1e-6);
    const int tip = static_cast<int>(model.frames.size()) - 1;
    if (model.frames[tip].body < 1) continue;
    bool downstream = false;
    for (int b = model.frames[tip].body; b >= 0; b = model.parent[b]) downstream |= b == 1;
    if (!downstream) continue;
    const VecX<double> q = test::random_vector(rng, model.dof, -2, 2);
    EXPECT_GT(fd_error(wrong, model, tip, q), 1e-8) << label;
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

TEST(FrameJacobian, BadInputIsAnInputError) {
  const Model model = builtin_model("puma560").model;
  const Model other = builtin_model("planar2r").model;
  Data data(model);
  FrameWorkspace ws(model), ws_other(other);
  const VecX<double> q = VecX<double>::Zero(model.dof), v = q;
  const int n_frames = static_cast<int>(model.frames.size());
  EXPECT_THROW(frame_jacobian(model, data, ws, -1, q), InputError);
  EXPECT_THROW(frame_jacobian(model, data, ws, n_frames, q), InputError);
  EXPECT_THROW(frame_jacobian(model, data, ws, 0, VecX<double>(VecX<double>::Zero(2))), InputError);
  EXPECT_THROW(frame_velocity(model, data, ws, 0, q, VecX<double>(VecX<double>::Zero(2))), InputError);
  EXPECT_THROW(frame_acceleration(model, data, ws, 0, q, v, VecX<double>(VecX<double>::Zero(7))), InputError);
  EXPECT_THROW(frame_kinematics(model, data, ws_other, 0, q, v), InputError);
  try {
    frame_id(model, "no_such_frame");
    ADD_FAILURE() << "no exception";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'no_such_frame'"), std::string::npos) << e.what();
  }
  EXPECT_EQ(frame_id(model, model.frames.back().name), n_frames - 1);
}

}  // namespace jacobian_test
}  // namespace armdyn
