// The effort-limited capabilities (armdyn/dynamics/capability.hpp), verified with the joint-space
// dynamics: just inside the answer every joint is within its effort limit and the frame has the
// acceleration asked for (forward dynamics of those torques); just beyond it some joint is over.
//   - ur5, 6-D directions: the torques by rnea at qdd = J^-1 (s d - Jdot v) (the only ones);
//   - ur5 3-D and panda 6-D (redundant): the operational-space torques computed densely;
//   - payload: rnea with the payload's weight as an external force on the frame's body;
//   - the closed-form edge cases: not feasible at s = 0, unbounded, no effort limits.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "armdyn/dynamics/capability.hpp"
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"
#include "support/loads_util.hpp"

namespace armdyn {
namespace capability_test {

/// max_j |tau_j| / effort_j over the joints with a limit.
double load_ratio(const Model& model, const VecX<double>& tau) {
  double worst = 0;
  for (int j = 0; j < model.dof; ++j)
    if (std::isfinite(model.limits[static_cast<std::size_t>(j)].effort))
      worst = std::max(worst, std::abs(tau[j]) / model.limits[static_cast<std::size_t>(j)].effort);
  return worst;
}

/// The operational-space torques for the frame rows `rows` of J (dense, Eigen's inverses).
VecX<double> dense_task_torque(const Model& model, const MatX<double>& Jr, const VecX<double>& jdv_r,
                               const VecX<double>& q, const VecX<double>& v, const VecX<double>& xdd) {
  Data d(model);
  const MatX<double> Minv = crba(model, d, q).inverse();
  const VecX<double> c = nonlinear_effects(model, d, q, v);
  const MatX<double> Lambda = (Jr * Minv * Jr.transpose()).inverse();
  return Jr.transpose() * Lambda * (xdd - jdv_r + Jr * Minv * c);
}

struct Case {
  std::string label;
  Model model;
  std::string frame;
  int direction_size;
};

TEST(Capability, FrameAccelerationJustInsideAndJustBeyond) {
  const Model ur5 = load_urdf(test::data_path("models/ur5.urdf"));
  const Model panda = load_urdf(test::data_path("models/panda.urdf"));
  int checked = 0;
  for (const Case& c : {Case{"ur5 6-D", ur5, "tool0", 6}, Case{"ur5 3-D", ur5, "tool0", 3},
                        Case{"panda 6-D", panda, "panda_hand_tcp", 6}}) {
    const Model& model = c.model;
    Data data(model);
    CartesianWorkspace<double> ws(model);
    FrameWorkspace<double> fw(model);
    const int f = frame_id(model, c.frame);
    std::mt19937_64 rng(21);
    for (const test::State& s : test::random_states(model, 20, 22, {1.5, 0.5, 0, 0, 1})) {
      const VecX<double> dir = test::random_vector(rng, c.direction_size);
      const Capability cap = max_frame_acceleration(model, data, ws, f, s.q, s.v, dir);
      if (!cap.feasible) continue;
      ASSERT_TRUE(std::isfinite(cap.value)) << c.label;
      ++checked;
      const VecX<double> d = dir.normalized();
      frame_kinematics(model, data, fw, f, s.q, s.v);
      const MatX<double> J = fw.J;
      const VecX<double> jdv = fw.jdot_v;
      const auto torque = [&](double sv) -> VecX<double> {
        if (c.direction_size == 6 && model.dof == 6)  // square: qdd = J^-1 (s d - Jdot v), rnea
          return rnea(model, data, s.q, s.v, J.lu().solve(sv * d - jdv));
        const MatX<double> Jr = J.topRows(c.direction_size);
        return dense_task_torque(model, Jr, jdv.head(c.direction_size), s.q, s.v, sv * d);
      };
      const VecX<double> inside = torque(cap.value * (1 - 1e-7)), beyond = torque(cap.value * (1 + 1e-7));
      EXPECT_LE(load_ratio(model, inside), 1.0) << c.label;
      EXPECT_GT(load_ratio(model, beyond), 1.0) << c.label;
      // The limiting joint is at its limit, and the library's torques are these.
      const int j = cap.limiting_joint;
      EXPECT_NEAR(std::abs(cap.tau[j]), model.limits[static_cast<std::size_t>(j)].effort, 1e-9 * std::abs(cap.tau[j]));
      EXPECT_LE(test::rel_diff(cap.tau, torque(cap.value)), 1e-10) << c.label;
      // Forward dynamics of those torques gives the acceleration s d.
      const VecX<double> qdd = forward_dynamics(model, data, s.q, s.v, inside);
      const Vec6<double> achieved = frame_acceleration(model, data, fw, f, s.q, s.v, qdd);
      const VecX<double> expected = cap.value * (1 - 1e-7) * d;
      EXPECT_LE(test::rel_diff(VecX<double>(achieved.head(c.direction_size)), expected), 1e-9) << c.label;
    }
  }
  EXPECT_GE(checked, 30);
}

/// The torques holding a point mass `mass` at the origin of frame f, at rest: rnea with the
/// payload's weight as an external force on the frame's body.
VecX<double> holding_torque(const Model& model, int f, const VecX<double>& q, double mass) {
  Data data(model);
  forward_kinematics(model, data, q);
  const int body = model.frames[static_cast<std::size_t>(f)].body;
  const Transform<double>& oMb = data.oMb[static_cast<std::size_t>(body)];
  std::vector<Force<double>> fext(static_cast<std::size_t>(model.dof));
  const Vec3<double> weight = mass * model.gravity;  // the force the payload exerts, base axes
  fext[static_cast<std::size_t>(body)].f = oMb.R.transpose() * weight;
  fext[static_cast<std::size_t>(body)].n =
      (oMb.R.transpose() * (data.oMf[static_cast<std::size_t>(f)].p - oMb.p)).cross(oMb.R.transpose() * weight);
  const VecX<double> zero = VecX<double>::Zero(model.dof);
  const Loads<double> loads = test::body_loads(fext);
  return rnea(model, data, q, zero, zero, &loads);
}

TEST(Capability, PayloadJustInsideAndJustBeyond) {
  int checked = 0;
  for (const auto& [model, frame] : {std::pair{load_urdf(test::data_path("models/ur5.urdf")), "tool0"},
                                     std::pair{load_urdf(test::data_path("models/panda.urdf")), "panda_hand_tcp"}}) {
    Data data(model);
    FrameWorkspace<double> fw(model);
    const int f = frame_id(model, frame);
    for (const test::State& s : test::random_states(model, 20, 23)) {
      const Capability cap = max_payload(model, data, fw, f, s.q);
      if (!cap.feasible || !std::isfinite(cap.value)) continue;
      ++checked;
      EXPECT_GT(cap.value, 0.0);
      EXPECT_LE(load_ratio(model, holding_torque(model, f, s.q, cap.value * (1 - 1e-9))), 1.0);
      EXPECT_GT(load_ratio(model, holding_torque(model, f, s.q, cap.value * (1 + 1e-9))), 1.0);
      EXPECT_LE(test::rel_diff(cap.tau, holding_torque(model, f, s.q, cap.value)), 1e-12);
    }
  }
  EXPECT_GE(checked, 30);
}

TEST(Capability, EdgeCases) {
  Model model = builtin_model("planar2r").model;
  Data data(model);
  FrameWorkspace<double> fw(model);
  const int tool = frame_id(model, "tool");
  // No effort limits: the error names the model and the missing limits.
  try {
    max_payload(model, data, fw, tool, test::vec({0.0, 0.0}));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no joint has an effort limit"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("planar2r"), std::string::npos) << e.what();
  }
  model.limits[0].effort = 100;
  model.limits[1].effort = 20;
  // Gravity along the stretched-out arm (as if hanging; exact in floating point): no joint feels
  // the payload's weight.
  const Model along = model.with_gravity(Vec3<double>(-9.81, 0, 0));
  Data along_data(along);
  const Capability hanging = max_payload(along, along_data, fw, tool, test::vec({0.0, 0.0}));
  EXPECT_TRUE(hanging.feasible);
  EXPECT_EQ(hanging.value, std::numeric_limits<double>::infinity());
  EXPECT_EQ(hanging.limiting_joint, -1);
  // Horizontal: tau_2 = (m2 l2 + s l2) g <= 20 gives s = 20 / (0.5 g) - 1 (joint 1 allows more).
  const Capability out = max_payload(model, data, fw, tool, test::vec({0.0, 0.0}));
  EXPECT_NEAR(out.value, 20 / (0.5 * 9.81) - 1, 1e-12);
  EXPECT_EQ(out.limiting_joint, 1);
  // Joint 2 too weak to hold the arm itself: not feasible, joint 2 named.
  model.limits[1].effort = 1;
  const Capability weak = max_payload(model, data, fw, tool, test::vec({0.0, 0.0}));
  EXPECT_FALSE(weak.feasible);
  EXPECT_EQ(weak.value, 0.0);
  EXPECT_EQ(weak.limiting_joint, 1);
  // Bad directions.
  CartesianWorkspace<double> ws(model);
  const VecX<double> q = test::vec({0.1, 0.5}), v = test::vec({0.0, 0.0});
  EXPECT_THROW(max_frame_acceleration(model, data, ws, tool, q, v, test::vec({1.0, 0.0})), InputError);
  EXPECT_THROW(max_frame_acceleration(model, data, ws, tool, q, v, test::vec({0.0, 0.0, 0.0})), InputError);
  // A 2-joint arm cannot follow three linear rows: singular.
  EXPECT_THROW(max_frame_acceleration(model, data, ws, tool, q, v, test::vec({1.0, 0.0, 0.0})), InputError);
}

}  // namespace capability_test
}  // namespace armdyn
