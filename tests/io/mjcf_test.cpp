// The MJCF reader (io/mjcf.hpp): each shipped MJCF file against the URDF it was generated from
// (the same rigid bodies, fixed links lumped, inertias as principal axes: M, rnea and forward
// dynamics agree to round-off on random states), the mapping of a hand-written file (joint types,
// ranges in degrees, several joints in one body, sites, gravity, armature/damping/frictionloss as
// drives), what is reported or refused, and the file-type dispatch. The mapping of anchors, refs
// and frames is checked against MuJoCo's own dynamics in tests/peers/mjcf_reader_peers_test.cpp.
#include <gtest/gtest.h>

#include <mujoco/mujoco.h>

#include <limits>
#include <numbers>
#include <random>
#include <string>

#include "armdyn/armdyn.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/io/mjcf.hpp"
#include "armdyn/io/text_file.hpp"
#include "support/refusal.hpp"
#include "support/temp_dir.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace {

constexpr double kRoundOff = 1e-10;

/// max |a - b| over max(|a|, |b|, 1e-300).
double relative(const MatX<double>& a, const MatX<double>& b) {
  const double scale = std::max({a.cwiseAbs().maxCoeff(), b.cwiseAbs().maxCoeff(), 1e-300});
  return (a - b).cwiseAbs().maxCoeff() / scale;
}

class MjcfAsUrdf : public ::testing::TestWithParam<std::string> {};

TEST_P(MjcfAsUrdf, SameDynamicsOnRandomStates) {
  ASSERT_TRUE(mjcf_available());
  const Model from_urdf = load_urdf(test::data_path("models/" + GetParam() + ".urdf"));
  const Model from_mjcf = load_mjcf(test::data_path("models/mjcf/" + GetParam() + ".xml"));
  ASSERT_EQ(from_mjcf.joint_names, from_urdf.joint_names);
  EXPECT_EQ(from_mjcf.name, from_urdf.name);
  EXPECT_EQ(from_mjcf.gravity, from_urdf.gravity);
  const int n = from_urdf.dof;
  Data du(from_urdf), dm(from_mjcf);
  std::mt19937_64 rng(7 + n);
  double worst_M = 0, worst_tau = 0, worst_qdd = 0;
  for (int k = 0; k < 10; ++k) {
    const VecX<double> q = test::random_vector(rng, n, -3, 3), v = test::random_vector(rng, n, -2, 2),
                       a = test::random_vector(rng, n, -2, 2), tau = test::random_vector(rng, n, -10, 10);
    worst_M = std::max(worst_M, relative(crba(from_mjcf, dm, q), crba(from_urdf, du, q)));
    worst_tau = std::max(worst_tau, relative(rnea(from_mjcf, dm, q, v, a), rnea(from_urdf, du, q, v, a)));
    worst_qdd = std::max(worst_qdd, relative(forward_dynamics(from_mjcf, dm, q, v, tau), forward_dynamics(from_urdf, du, q, v, tau)));
  }
  EXPECT_LE(worst_M, kRoundOff);
  EXPECT_LE(worst_tau, kRoundOff);
  EXPECT_LE(worst_qdd, kRoundOff);
  std::cout << "[ info ] " << GetParam() << " MJCF vs URDF, worst relative: M " << worst_M << ", tau " << worst_tau
            << ", qdd " << worst_qdd << "\n";
  // Sensitivity: one link 0.1 % heavier is told apart.
  Model heavier = from_mjcf;
  const int k = n / 2;
  heavier.inertia[k] = Inertia<double>::from_com(1.001 * heavier.mass[k], heavier.com[k], 1.001 * heavier.inertia_com[k]);
  Data dh(heavier);
  const VecX<double> q = VecX<double>::Constant(n, 0.3);
  EXPECT_GT(relative(crba(heavier, dh, q), crba(from_urdf, du, q)), 1e-7);
}

INSTANTIATE_TEST_SUITE_P(Shipped, MjcfAsUrdf, ::testing::Values("ur5", "panda", "chain_6", "chain_12", "chain_24", "chain_96"));

TEST(Mjcf, HandWrittenFileMapsJointsFramesAndGravity) {
  const std::string path = test::data_path("models/mjcf/features.xml");
  const Model model = load_mjcf(path);
  EXPECT_EQ(model.name, "features");
  EXPECT_EQ(model.source, path);
  ASSERT_EQ(model.joint_names, (std::vector<std::string>{"yaw", "pitch", "roll", "extend"}));
  EXPECT_EQ(model.joint_type, (std::vector<JointType>{JointType::kRevolute, JointType::kRevolute, JointType::kRevolute,
                                                      JointType::kPrismatic}));
  // Two joints in "wrist": a massless link "wrist/pitch", then the body; the slider hangs on the body.
  EXPECT_EQ(model.body_names, (std::vector<std::string>{"upper", "wrist/pitch", "wrist", "slider"}));
  EXPECT_EQ(model.parent, (std::vector<int>{-1, 0, 1, 2}));
  EXPECT_EQ(model.mass[1], 0.0);
  EXPECT_DOUBLE_EQ(model.mass[2], 1.2 + 0.4);  // the welded "tool" lumped into "wrist"
  // The range in degrees (MuJoCo's default angle unit), compiled to radians.
  EXPECT_NEAR(model.limits[1].lower, -std::numbers::pi / 2, 1e-15);
  EXPECT_NEAR(model.limits[1].upper, 2 * std::numbers::pi / 3, 1e-15);
  EXPECT_EQ(model.limits[0].lower, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(model.gravity, Vec3<double>(0.5, -1, -9.7));
  EXPECT_GE(model.frame_index("tcp"), 0);
  EXPECT_GE(model.frame_index("tool"), 0);
  // The one warning: the post welded to the world carries mass that the fixed base ignores.
  ASSERT_EQ(model.warnings.size(), 1u);
  EXPECT_NE(model.warnings[0].find("'base_post'"), std::string::npos) << model.warnings[0];
}

TEST(Mjcf, ArmatureDampingAndFrictionlossAreTheDrives) {
  const std::string path = test::data_path("models/mjcf/features.xml");
  const Model model = load_mjcf(path);
  const drives::DriveSet set = mjcf_drives(model);
  ASSERT_EQ(set.size(), 4);
  const std::vector<double> armature{0.25, 0.1, 0, 0.5}, damping{1.5, 0.7, 0, 3}, frictionloss{0.4, 0, 0, 1.2};
  for (int j = 0; j < 4; ++j) {
    EXPECT_EQ(set[j].gear_ratio, 1.0);
    EXPECT_EQ(set[j].reflected_inertia(), armature[j]) << j;
    EXPECT_EQ(set[j].viscous, damping[j]) << j;
    EXPECT_EQ(set[j].coulomb_positive, frictionloss[j]) << j;
    EXPECT_EQ(set[j].coulomb_negative, frictionloss[j]) << j;
  }
  EXPECT_EQ(load_any_drives("mjcf", model, path).drives().size(), 4u);
  EXPECT_THROW(load_any_drives("mjcf", load_urdf(test::data_path("models/ur5.urdf")), "ur5.urdf"), InputError);
  // The drive mass matrix is M plus the armature on its diagonal.
  Data data(model);
  const VecX<double> q = VecX<double>::Constant(4, 0.2);
  const MatX<double> M = crba(model, data, q);
  const MatX<double> MA = drives::drive_mass_matrix(model, set, data, q);
  EXPECT_LE(relative(MA - M, VecX<double>::Map(armature.data(), 4).asDiagonal().toDenseMatrix()), 1e-15);
}

std::string mjcf_body(const std::string& inside, const std::string& outside = "") {
  return "<mujoco model=\"m\">\n<worldbody>\n<body name=\"b\" pos=\"0 0 1\">\n" + inside +
         "\n<inertial pos=\"0.1 0 0\" mass=\"1\" diaginertia=\"0.01 0.01 0.01\"/>\n"
         "<body name=\"c\" pos=\"0.3 0 0\"><joint name=\"j2\" axis=\"0 1 0\"/>"
         "<inertial pos=\"0.1 0 0\" mass=\"1\" diaginertia=\"0.01 0.01 0.01\"/></body>\n</body>\n</worldbody>\n" +
         outside + "</mujoco>\n";
}

using test::refusal;

TEST(Mjcf, UnmodelledPartsAreRefusedNamingFileAndElement) {
  const test::TempDir dir("mjcf");
  struct Bad {
    std::string name, text, expected[2];
  };
  const std::string hinge = "<joint name=\"j1\" axis=\"0 0 1\"/>";
  const std::vector<Bad> bad{
      {"tendon.xml", mjcf_body(hinge, "<tendon><fixed name=\"couple\"><joint joint=\"j1\" coef=\"1\"/><joint joint=\"j2\" coef=\"1\"/></fixed></tendon>\n"),
       {"tendon 'couple'", "tendons are not modelled"}},
      {"equality.xml", mjcf_body(hinge, "<equality><joint name=\"same\" joint1=\"j1\" joint2=\"j2\"/></equality>\n"),
       {"equality 'same'", "equality constraints are not modelled"}},
      {"malformed.xml", "<mujoco model=\"m\">\n<worldbody>\n<body name=\"b\">\n</worldbody>\n</mujoco>\n", {"not a valid MJCF", "body"}},
      {"unknown.xml", mjcf_body("<joint name=\"j1\" type=\"spiral\"/>"), {"not a valid MJCF", "spiral"}},
      {"nojoint.xml", "<mujoco><worldbody><body name=\"b\"><inertial pos=\"0 0 0\" mass=\"1\" diaginertia=\"1 1 1\"/></body></worldbody></mujoco>\n",
       {"no movable joint", ""}},
  };
  for (const Bad& b : bad) {
    const std::string path = dir.write(b.name, b.text);
    const std::string message = refusal([&] { load_any_model(path); });
    EXPECT_NE(message.find(path + ": "), std::string::npos) << b.name << ": " << message;
    for (const std::string& part : b.expected) EXPECT_NE(message.find(part), std::string::npos) << b.name << ": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << b.name << ": one line, got " << message;
  }
  const std::string missing = dir.path("missing.xml");
  EXPECT_NE(refusal([&] { load_mjcf(missing); }).find(missing + ": cannot read file (no such file)"), std::string::npos);
  EXPECT_NE(refusal([&] { load_any_model(missing); }).find(missing + ": no such file"), std::string::npos);
  // The same file without the tendon loads: the refusal is the tendon's.
  EXPECT_EQ(load_any_model(dir.write("fine.xml", mjcf_body(hinge))).dof, 2);
}

TEST(Mjcf, BallAndFreeJointsLoadAsQuaternionJoints) {
  const test::TempDir dir("mjcf");
  // A ball joint: three velocities, four numbers of q (w, x, y, z), MuJoCo's order; its range warned about.
  const Model ball = load_mjcf(dir.write("ball.xml", mjcf_body("<joint name=\"shoulder\" type=\"ball\" limited=\"true\" range=\"0 1\"/>")));
  EXPECT_EQ(ball.dof, 4);
  EXPECT_EQ(ball.nq(), 5);
  EXPECT_EQ(ball.configuration_names(),
            (std::vector<std::string>{"shoulder/qw", "shoulder/qx", "shoulder/qy", "shoulder/qz", "j2"}));
  EXPECT_EQ(ball.joint_names[0], "shoulder/wx");
  ASSERT_EQ(ball.warnings.size(), 1u);
  EXPECT_NE(ball.warnings[0].find("range"), std::string::npos) << ball.warnings[0];
  // A free joint: the position, then the quaternion.
  const Model free = load_mjcf(dir.write("free.xml", mjcf_body("<freejoint name=\"floating\"/>")));
  EXPECT_EQ(free.dof, 7);
  EXPECT_EQ(free.nq(), 8);
  EXPECT_EQ(free.configuration_names()[0], "floating/tx");
  EXPECT_EQ(free.configuration_names()[3], "floating/qw");
  // At MuJoCo's qpos0 (the body's own pose) the body is where the file puts it.
  Data data(free);
  VecX<double> q0 = VecX<double>::Zero(8);
  q0[2] = 1;  // the body's pos="0 0 1"
  q0[3] = 1;
  forward_kinematics(free, data, q0);
  EXPECT_LE((data.oMf[free.frame_index("c")].p - Vec3<double>(0.3, 0, 1)).norm(), 1e-15);
  // A ball's armature, damping and frictionloss are drive data of its three coordinates (MuJoCo adds
  // the armature to each of its dofs' diagonal entries of M).
  const std::string armed = dir.write(
      "armed.xml", mjcf_body("<joint name=\"shoulder\" type=\"ball\" armature=\"0.3\" damping=\"0.2\" frictionloss=\"0.1\"/>"));
  const Model armed_model = load_mjcf(armed);
  const drives::DriveSet set = mjcf_drives(armed_model);
  ASSERT_EQ(set.size(), 4);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(set[k].reflected_inertia(), 0.3) << k;
    EXPECT_EQ(set[k].viscous, 0.2) << k;
    EXPECT_EQ(set[k].coulomb_positive, 0.1) << k;
  }
  EXPECT_EQ(set[3].reflected_inertia(), 0.0);
  Data armed_data(armed_model);
  const VecX<double> qa = (VecX<double>(5) << 0.9, 0.1, -0.3, 0.2, 0.4).finished();
  const MatX<double> rigid = crba(armed_model, armed_data, qa);
  const MatX<double> with_rotors = drives::drive_mass_matrix(armed_model, set, armed_data, qa);
  EXPECT_LE((with_rotors - rigid - (VecX<double>(4) << 0.3, 0.3, 0.3, 0).finished().asDiagonal().toDenseMatrix()).norm(), 1e-15);
  // A configuration of the wrong size is refused naming the quaternion's four numbers.
  EXPECT_NE(refusal([&] { forward_kinematics(free, data, VecX<double>::Zero(7)); }).find("w, x, y, z"), std::string::npos);
}

TEST(Mjcf, StiffnessAndActuatorsAreReported) {
  const test::TempDir dir("mjcf");
  const std::string path = dir.write(
      "reported.xml", mjcf_body("<joint name=\"j1\" axis=\"0 0 1\" stiffness=\"20\" springref=\"0.3\"/>",
                                "<actuator><motor joint=\"j1\" gear=\"50\"/><motor joint=\"j2\"/></actuator>\n"));
  const Model model = load_mjcf(path);
  ASSERT_EQ(model.warnings.size(), 1u);  // the motors, unlimited, give no warning
  EXPECT_NE(model.warnings[0].find("stiffness"), std::string::npos) << model.warnings[0];
  EXPECT_NE(model.warnings[0].find("'j1'"), std::string::npos) << model.warnings[0];
  for (const JointLimits& limits : model.limits) EXPECT_EQ(limits.effort, std::numeric_limits<double>::infinity());
}

// The effort limits the actuators give, against MuJoCo's own actuation (qfrc_actuator after
// mj_forward at rest): each actuator driven alone to the ends of its control (and far beyond, where
// MuJoCo clamps), the joint's limit being the smaller of the sums of the largest pushes either way.
double mujoco_effort(const mjModel* m, mjData* d, int dof) {
  double up = 0, down = 0;
  for (int u = 0; u < m->nu; ++u) {
    double most = 0, least = 0;
    for (double ctrl : {m->actuator_ctrlrange[2 * u], m->actuator_ctrlrange[2 * u + 1], -1e6, 1e6}) {
      mj_resetData(m, d);
      d->ctrl[u] = ctrl;
      mj_forward(m, d);
      most = std::max(most, d->qfrc_actuator[dof]);
      least = std::min(least, d->qfrc_actuator[dof]);
    }
    up += most;
    down += least;
  }
  return std::min(up, -down);
}

TEST(Mjcf, ActuatorsGiveTheJointsEffortLimits) {
  const test::TempDir dir("mjcf");
  // j1: a motor of gear 50 and control in [-2, 2] ([-100, 100] N m) and one of gear -10 whose force
  // is limited to [-3, 5] ([-50, 30]): [-150, 130], the limit 130 and a warning. j2: a position
  // servo, its force limited to [-4, 4]: 4.
  const std::string path = dir.write(
      "motors.xml",
      mjcf_body("<joint name=\"j1\" axis=\"0 0 1\"/>",
                "<actuator><motor joint=\"j1\" gear=\"50\" ctrllimited=\"true\" ctrlrange=\"-2 2\"/>"
                "<motor joint=\"j1\" gear=\"-10\" forcelimited=\"true\" forcerange=\"-3 5\"/>"
                "<position joint=\"j2\" kp=\"10\" ctrllimited=\"true\" ctrlrange=\"-1 1\" forcelimited=\"true\" "
                "forcerange=\"-4 4\"/></actuator>\n"));
  const Model model = load_mjcf(path);
  EXPECT_EQ(model.limits[0].effort, 130.0);
  EXPECT_EQ(model.limits[1].effort, 4.0);
  ASSERT_EQ(model.warnings.size(), 1u);
  EXPECT_NE(model.warnings[0].find("'j1'"), std::string::npos) << model.warnings[0];
  EXPECT_EQ(model.warnings[0].find("'j2'"), std::string::npos) << model.warnings[0];
  char error[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof error);
  ASSERT_NE(m, nullptr) << error;
  mjData* d = mj_makeData(m);
  for (int dof = 0; dof < 2; ++dof) EXPECT_NEAR(model.limits[dof].effort, mujoco_effort(m, d, dof), 1e-12) << dof;
  mj_deleteData(d);
  mj_deleteModel(m);
  // A motor on a ball joint gives no limit, and says so.
  const Model ball = load_mjcf(dir.write(
      "ball.xml", mjcf_body("<joint name=\"j1\" type=\"ball\"/>",
                            "<actuator><motor name=\"spin\" joint=\"j1\" gear=\"1 0 0\" ctrllimited=\"true\" "
                            "ctrlrange=\"-1 1\"/></actuator>\n")));
  ASSERT_EQ(ball.warnings.size(), 1u);
  EXPECT_NE(ball.warnings[0].find("'spin'"), std::string::npos) << ball.warnings[0];
  for (const JointLimits& limits : ball.limits) EXPECT_EQ(limits.effort, std::numeric_limits<double>::infinity());
}

// MuJoCo's compiler, not armdyn, reads the XML: a default class gives the joint its axis, and a
// body with only a box geom gets the box's inertia (closed form: m/3 (b^2 + c^2), ... for half-sizes
// a, b, c), turned from the geom's frame into the body frame.
TEST(Mjcf, CompilerRulesAreMujocos) {
  const test::TempDir dir("mjcf");
  const std::string path = dir.write("compiled.xml", R"(<mujoco model="compiled">
  <compiler angle="radian"/>
  <default><default class="arm"><joint axis="0 1 0" limited="true" range="-1 1"/></default></default>
  <worldbody>
    <body name="box" pos="0 0 0.5">
      <joint name="j" class="arm"/>
      <geom type="box" size="0.1 0.2 0.3" pos="0.4 0 0" euler="0 0 1.5707963267948966" mass="2"/>
    </body>
  </worldbody>
</mujoco>)");
  const Model model = load_mjcf(path);
  ASSERT_EQ(model.dof, 1);
  EXPECT_EQ(model.limits[0].upper, 1.0);
  EXPECT_DOUBLE_EQ(model.mass[0], 2.0);
  const double b = 0.2, c = 0.3, m = 2;  // half-sizes 0.1 (x), b, c
  // The box turned a quarter turn about z: its x and y moments swap.
  const double turned_yy = m / 3 * (b * b + c * c);  // unturned it would be m/3 (0.1^2 + c^2)
  // The joint axis is y: M = the box's moment about the parallel axis through the body origin.
  Data data(model);
  const double M = crba(model, data, VecX<double>::Zero(1))(0, 0);
  EXPECT_NEAR(M, turned_yy + m * 0.4 * 0.4, 1e-12);
}

TEST(Mjcf, FileTypeComesFromTheRootElement) {
  const test::TempDir dir("mjcf");
  const std::string mjcf = dir.write("prolog.xml", "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<!-- a comment <mujoco> -->\n" + mjcf_body("<joint name=\"j1\"/>"));
  EXPECT_TRUE(is_mjcf_file(mjcf));
  EXPECT_EQ(load_any_model(mjcf).dof, 2);
  EXPECT_TRUE(is_mjcf_file(dir.write("other.mjcf", mjcf_body("<joint name=\"j1\"/>"))));
  EXPECT_FALSE(is_mjcf_file(dir.write("m.txt", mjcf_body("<joint name=\"j1\"/>"))));
  EXPECT_FALSE(is_mjcf_file(dir.write("mujocox.xml", "<mujocox/>")));
  EXPECT_FALSE(is_mjcf_file(test::data_path("models/ur5.urdf")));
  const std::string urdf_as_xml = dir.write("ur5.xml", read_text(test::data_path("models/ur5.urdf")));
  EXPECT_FALSE(is_mjcf_file(urdf_as_xml));
  EXPECT_EQ(load_any_model(urdf_as_xml).dof, 6);
  EXPECT_EQ(load_any_model("puma560").dof, 6);
  // The core loader names the MJCF reader instead of reading <mujoco> as a bad URDF.
  EXPECT_NE(refusal([&] { load_model(mjcf); }).find("an MJCF model"), std::string::npos);
}

}  // namespace
}  // namespace armdyn
