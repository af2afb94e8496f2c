// Simulation on a moving base (SimulationOptions::base_motion; [VP] (2.3.48)): a base that
// accelerates without turning (a table of 12 columns, constant a_O) moves the arm exactly as the
// fixed arm under gravity g - a_O; a turning base moves it differently. With every load at once
// (SimulationOptions::loads: a wrench at a frame, a payload, the base; dynamics/loads.hpp) and
// drives, with stiction, or held on a plane, the run equals the one of the fixed arm under gravity
// g - a_O that holds the payload in its model (with_payload) and takes the wrench as the joint
// torques sum J^T w computed at every evaluation.
#include <gtest/gtest.h>

#include <vector>

#include "armdyn/drives/drive.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/model/payload.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "dynamics/planar2r_on_plane.hpp"
#include "support/simulation_run.hpp"

namespace armdyn::sim {
namespace moving_base_simulation_test {

TorqueTable base_table(const Vec6<double>& v, const Vec6<double>& a) {
  VecX<double> row(12);
  row << v, a;
  return TorqueTable({0.0, 10.0}, {row, row});
}

TEST(MovingBaseSimulation, TranslatingBaseIsGravityChanged) {
  const Model model = load_model("puma560");
  const VecX<double> q0 = (VecX<double>(6) << 0.1, -0.5, 0.4, 0.2, 0.6, -0.3).finished();
  const VecX<double> v0 = VecX<double>::Zero(6);
  const Vec3<double> a_O(1.5, -2, 3);
  TorqueTable table = base_table((Vec6<double>() << 2, 1, 0, 0, 0, 0).finished(),
                                 (Vec6<double>() << a_O, 0, 0, 0).finished());
  SimulationOptions o = test_support::fixed_step(Integrator::kRk4, 1e-3, 0.5, 0.1);
  o.base_motion = &table;
  ZeroTorque zero;
  const std::vector<Sample> moving = test_support::run(model, q0, v0, zero, o);
  o.base_motion = nullptr;
  const std::vector<Sample> shifted = test_support::run(model.with_gravity(model.gravity - a_O), q0, v0, zero, o);
  const std::vector<Sample> fixed = test_support::run(model, q0, v0, zero, o);
  ASSERT_EQ(moving.size(), shifted.size());
  for (std::size_t k = 0; k < moving.size(); ++k) {
    EXPECT_LT((moving[k].q - shifted[k].q).cwiseAbs().maxCoeff(), 1e-12) << k;
    EXPECT_LT((moving[k].a - shifted[k].a).cwiseAbs().maxCoeff(), 1e-9) << k;
  }
  EXPECT_GT((moving.back().q - fixed.back().q).cwiseAbs().maxCoeff(), 1e-3);  // sensitivity
  // A turning base (constant w about z) moves it otherwise again.
  TorqueTable turning = base_table((Vec6<double>() << 0, 0, 0, 0, 0, 1).finished(), Vec6<double>::Zero());
  o.base_motion = &turning;
  const std::vector<Sample> turned = test_support::run(model, q0, v0, zero, o);
  EXPECT_GT((turned.back().q - fixed.back().q).cwiseAbs().maxCoeff(), 1e-3);
}

// tau = sum J^T w of a wrench at a frame (base axes), at the state's q: the wrench as torques.
class WrenchTorque final : public TorqueSource {
 public:
  WrenchTorque(const Model& model, int frame, const Vec6<double>& wrench)
      : model_(model), data_(model), ws_(model), frame_(frame), wrench_(wrench) {}
  void torque(double, VecIn<double> q, VecIn<double>, VecX<double>& tau) override {
    tau = frame_jacobian(model_, data_, ws_, frame_, q).transpose() * wrench_;
  }

 private:
  const Model& model_;
  Data data_;
  FrameWorkspace<double> ws_;
  int frame_;
  Vec6<double> wrench_;
};

struct Mode {
  const char* name;
  bool drives, stiction, plane;
};

TEST(MovingBaseSimulation, EveryLoadWithDrivesStictionOrAConstraintIsTheFixedArmUnderThem) {
  for (const Mode mode : {Mode{"drives", true, false, false}, Mode{"stiction", true, true, false},
                          Mode{"plane", false, false, true}}) {
    const Model model = load_model(mode.plane ? "planar2r" : "puma560");
    const int n = model.dof;
    int frame = static_cast<int>(model.frames.size()) - 1;  // the last frame of a moving body
    while (model.frames[frame].body < 0) --frame;
    Payload payload;
    payload.mass = 1.3;
    payload.com = Vec3<double>(0.05, -0.02, 0.1);
    payload.inertia = Vec3<double>(0.01, 0.02, 0.015).asDiagonal();
    Vec6<double> wrench;
    wrench << 3, -2, 4, 0.3, -0.1, 0.2;
    // planar2r moves in its x-y plane: a base acceleration within it.
    const Vec3<double> a_O = mode.plane ? Vec3<double>(0.8, -1.1, 0) : Vec3<double>(1.5, -2, 3);
    TorqueTable table = base_table((Vec6<double>() << 2, 1, 0, 0, 0, 0).finished(),
                                   (Vec6<double>() << a_O, 0, 0, 0).finished());
    Loads<double> loads;
    loads.wrenches.push_back(FrameWrench<double>{frame, wrench});
    loads.payload = held_payload(model, frame, payload);
    drives::Drive d;
    d.gear_ratio = 40;
    d.rotor_inertia = 2e-4;
    d.viscous = 0.5;
    d.coulomb_positive = d.coulomb_negative = 0.2;
    const drives::DriveSet set(std::vector<drives::Drive>(static_cast<std::size_t>(n), d), model.joint_names, "test");
    const PointConstraint<double> plane = armdyn::test::plane_z(model);
    VecX<double> q0 = VecX<double>::Zero(n), v0 = VecX<double>::Zero(n);
    if (mode.plane) armdyn::test::on_plane(0.2, 0.0, q0, v0);
    else q0 << 0.1, -0.5, 0.4, 0.2, 0.6, -0.3;
    SimulationOptions o = test_support::fixed_step(Integrator::kRk4, 1e-3, 0.4, 0.1);
    if (mode.drives) o.drives = &set;
    o.stiction.enabled = mode.stiction;
    if (mode.plane) o.constraint = &plane;
    o.base_motion = &table;
    o.loads = &loads;
    ZeroTorque zero;
    const std::vector<Sample> moving = test_support::run(model, q0, v0, zero, o);
    o.base_motion = nullptr;
    o.loads = nullptr;
    const Model fixed = with_payload(model.with_gravity(model.gravity - a_O), frame, payload);
    WrenchTorque as_torque(fixed, frame, wrench);
    const std::vector<Sample> expected = test_support::run(fixed, q0, v0, as_torque, o);
    const std::vector<Sample> bare = test_support::run(model, q0, v0, zero, o);
    ASSERT_EQ(moving.size(), expected.size()) << mode.name;
    for (std::size_t k = 0; k < moving.size(); ++k) {
      EXPECT_LT((moving[k].q - expected[k].q).cwiseAbs().maxCoeff(), 1e-10) << mode.name << " " << k;
      EXPECT_LT((moving[k].v - expected[k].v).cwiseAbs().maxCoeff(), 1e-9) << mode.name << " " << k;
    }
    EXPECT_GT((moving.back().q - bare.back().q).cwiseAbs().maxCoeff(), 1e-3) << mode.name;  // sensitivity
  }
}

}  // namespace moving_base_simulation_test
}  // namespace armdyn::sim
