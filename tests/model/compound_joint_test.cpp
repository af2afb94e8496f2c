// Joints of several degrees of freedom (builder.hpp: CompoundJointSpec), each a chain of one-axis
// joints with massless bodies between them: the link sits where the joint's closed form puts it;
// a body on a spherical joint obeys Euler's equations written in [VP]'s X-Y-X angles ((2.6.12),
// (2.6.19)); a free body on a floating joint keeps its momentum and energy; every formulation
// agrees on arms built with them; bad specifications are refused naming the joint and field.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/consistency.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace compound_joint_test {

using test::random_inertial;
using test::random_rotation;
using test::random_unit_vector;
using test::random_vec3;
using test::uniform;
using V3 = Vec3<double>;
using M3 = Mat3<double>;

M3 rot(const V3& axis, double angle) { return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix(); }

M3 euler_rotation(const std::string& seq, const double* angle) {
  M3 R = M3::Identity();
  for (int k = 0; k < 3; ++k)
    R *= rot(seq[k] == 'X' ? V3::UnitX() : seq[k] == 'Y' ? V3::UnitY() : V3::UnitZ(), angle[k]);
  return R;
}

Transform<double> random_placement(std::mt19937_64& rng) {
  return Transform<double>{random_rotation(rng), random_vec3(rng, -0.5, 0.5)};
}

/// A base link "a" on a revolute joint, then `joint` from "a" to "b".
Model one_joint(const CompoundJointSpec& joint, std::mt19937_64& rng) {
  ModelBuilder b("test", "compound");
  JointSpec first;
  first.name = "first";
  first.origin = random_placement(rng);
  first.axis = random_unit_vector(rng);
  b.add_link("base", first, "a", random_inertial(rng));
  b.add_link("a", joint, "b", random_inertial(rng));
  return b.build();
}

// The link's frame in its parent link's frame, at random coordinates, against the joint's closed form.
TEST(CompoundJoints, TheLinkSitsWhereTheJointsClosedFormPutsIt) {
  std::mt19937_64 rng(7);
  const std::vector<std::string> sequences = {"XYX", "XYZ", "ZYX", "ZXZ", "YZY", "YXZ"};
  for (int trial = 0; trial < 30; ++trial) {
    CompoundJointSpec j;
    j.name = "j";
    j.origin = random_placement(rng);
    j.kind = std::vector<JointKind>{JointKind::kCylindrical, JointKind::kUniversal, JointKind::kSpherical,
                                    JointKind::kPlanar, JointKind::kFloating}[trial % 5];
    j.axis = random_unit_vector(rng);
    j.axis2 = random_unit_vector(rng);
    if (j.kind == JointKind::kSpherical || j.kind == JointKind::kFloating) j.euler = sequences[trial % sequences.size()];
    const Model m = one_joint(j, rng);
    ASSERT_EQ(m.compound_joints.size(), 1u);
    const CompoundJoint& cj = m.compound_joints[0];
    EXPECT_EQ(cj.first, 1);
    EXPECT_EQ(cj.first + cj.count, m.dof);
    for (int k = 1; k + 1 < m.dof; ++k) EXPECT_EQ(m.mass[k], 0.0) << "intermediate body " << k;
    const VecX<double> q = test::random_vector(rng, m.dof, -1.2, 1.2);
    Data data(m);
    forward_kinematics(m, data, q);
    const Transform<double>& a = data.oMf[m.frame_index("a")];
    const Transform<double>& b = data.oMf[m.frame_index("b")];
    const M3 R_rel = a.R.transpose() * b.R;
    const V3 p_rel = a.R.transpose() * (b.p - a.p);
    const M3 R0 = j.origin.R;
    const double* c = q.data() + 1;
    M3 R;
    V3 p = V3::Zero();  // in the joint frame
    switch (j.kind) {
      case JointKind::kCylindrical:
        R = rot(j.axis, c[0]);
        p = c[1] * j.axis.normalized();
        break;
      case JointKind::kUniversal:
        R = rot(j.axis, c[0]) * rot(j.axis2, c[1]);
        break;
      case JointKind::kSpherical:
        R = euler_rotation(j.euler, c);
        break;
      case JointKind::kPlanar: {
        const V3 n = j.axis.normalized();
        const V3 u = (V3::UnitX() - n.x() * n).normalized();
        p = c[0] * u + c[1] * n.cross(u);
        R = rot(n, c[2]);
        break;
      }
      default:
        p = V3(c[0], c[1], c[2]);
        R = euler_rotation(j.euler, c + 3);
    }
    EXPECT_LT((R_rel - R0 * R).cwiseAbs().maxCoeff(), 1e-13) << to_string(j.kind) << " " << j.euler;
    EXPECT_LT((p_rel - (j.origin.p + R0 * p)).cwiseAbs().maxCoeff(), 1e-13) << to_string(j.kind);
  }
}

// [VP] (2.6.12): the body-axis angular velocity of R = Rx(theta) Ry(psi) Rx(phi) is Pi(psi, phi) eta'.
M3 vp_pi(double psi, double phi) {
  M3 P;
  P << std::cos(psi), 0, 1, std::sin(psi) * std::sin(phi), std::cos(phi), 0, std::sin(psi) * std::cos(phi),
      -std::sin(phi), 0;
  return P;
}
M3 vp_pi_dot(double psi, double phi, double psi_d, double phi_d) {
  M3 P;
  P << -std::sin(psi) * psi_d, 0, 0,
      std::cos(psi) * std::sin(phi) * psi_d + std::sin(psi) * std::cos(phi) * phi_d, -std::sin(phi) * phi_d, 0,
      std::cos(psi) * std::cos(phi) * psi_d - std::sin(psi) * std::sin(phi) * phi_d, -std::cos(phi) * phi_d, 0;
  return P;
}

// One body on a spherical (X-Y-X) joint fixed to the base: the joint moment about the centre, in
// body axes, is Euler's M = J eps + w x J w less the moment of gravity ([VP] (2.6.19)-(2.6.21)),
// and the generalised forces of the angles are Pi^T M.
TEST(CompoundJoints, ABodyOnASphericalJointObeysEulersEquationsInVpsAngles) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    ModelBuilder b("test", "ball");
    CompoundJointSpec j;
    j.name = "ball";
    j.origin = random_placement(rng);
    const LinkInertial in = random_inertial(rng);
    b.add_link("base", j, "body", in);
    b.set_gravity(random_vec3(rng, -10, 10));
    const Model m = b.build();
    ASSERT_EQ(m.dof, 3);
    EXPECT_EQ(m.compound_joints[0].euler, "XYX");

    VecX<double> q = test::random_vector(rng, 3, -1.5, 1.5);
    q[1] = uniform(rng, 0.3, 2.8);  // away from sin(psi) = 0, where Pi is singular
    const VecX<double> v = test::random_vector(rng, 3), a = test::random_vector(rng, 3);
    const M3 R = j.origin.R * euler_rotation("XYX", q.data());  // body in base
    const M3 P = vp_pi(q[1], q[2]);
    const V3 w = P * v, eps = P * a + vp_pi_dot(q[1], q[2], v[1], v[2]) * v;
    const M3 J = in.inertia + in.mass * (in.com.squaredNorm() * M3::Identity() - in.com * in.com.transpose());
    const V3 g_body = R.transpose() * m.gravity;
    const V3 moment = J * eps + w.cross(J * w) - in.mass * in.com.cross(g_body);
    const VecX<double> expected = P.transpose() * moment;

    Data data(m);
    const VecX<double> tau = rnea(m, data, q, v, a);
    EXPECT_LT(test::rel_diff(tau, expected), 1e-12) << "trial " << trial;
    const MatX<double> M = crba(m, data, q);
    const MatX<double> M_expected = P.transpose() * J * P;
    EXPECT_LT(test::rel_diff(M, M_expected), 1e-12) << "trial " << trial;
    const VecX<double> g = gravity_torque(m, data, q);
    EXPECT_LT(test::rel_diff(g, VecX<double>(-P.transpose() * in.mass * in.com.cross(g_body))), 1e-12);
  }
}

// A free body on a floating joint (Z-Y-X angles) in zero gravity: its linear and angular momentum
// about the base origin and its kinetic energy, computed here from the closed form of the joint,
// stay what they were.
TEST(CompoundJoints, AFreeBodyKeepsItsMomentumAndEnergy) {
  std::mt19937_64 rng(5);
  ModelBuilder b("test", "free");
  CompoundJointSpec j = test::compound_joint("free", JointKind::kFloating);
  const LinkInertial in = random_inertial(rng);
  b.add_link("base", j, "body", in);
  b.set_gravity(V3::Zero());
  const Model m = b.build();
  ASSERT_EQ(m.dof, 6);
  EXPECT_EQ(m.compound_joints[0].euler, "ZYX");

  const auto momentum = [&](const VecX<double>& q, const VecX<double>& v, double& energy) {
    const M3 R = euler_rotation("ZYX", q.data() + 3);
    // Body-axis angular velocity of Rz(q4) Ry(q5) Rx(q6).
    const V3 w = rot(V3::UnitX(), q[5]).transpose() *
                     (rot(V3::UnitY(), q[4]).transpose() * V3::UnitZ() * v[3] + V3::UnitY() * v[4]) +
                 V3::UnitX() * v[5];
    const V3 c = q.head<3>() + R * in.com;                         // centre of mass
    const V3 vc = v.head<3>() + R * w.cross(in.com);                // its velocity
    const V3 L = c.cross(in.mass * vc) + R * (in.inertia * w);     // about the base origin
    energy = 0.5 * in.mass * vc.squaredNorm() + 0.5 * w.dot(in.inertia * w);
    Vec6<double> out;
    out << in.mass * vc, L;
    return out;
  };
  VecX<double> q0(6), v0(6);
  q0 << 0.1, -0.2, 0.3, 0.4, -0.3, 0.2;
  v0 << 0.3, -0.1, 0.2, 0.5, -0.4, 0.6;
  double e0 = 0;
  const Vec6<double> h0 = momentum(q0, v0, e0);
  sim::ZeroTorque zero;
  sim::SimulationOptions options;
  options.duration = 1.0;
  options.integrator = sim::Integrator::kRk45;
  options.rtol = 1e-12;
  options.atol = 1e-12;
  options.output_period = 0.1;
  double worst_h = 0, worst_e = 0, worst_pitch = 0;
  int samples = 0;
  sim::simulate(m, q0, v0, zero, options, [&](const sim::Sample& s) {
    double e = 0;
    const Vec6<double> h = momentum(s.q, s.v, e);
    worst_h = std::max(worst_h, (h - h0).cwiseAbs().maxCoeff());
    worst_e = std::max(worst_e, std::abs(e - e0));
    worst_pitch = std::max(worst_pitch, std::abs(s.q[4]));
    EXPECT_NEAR(s.kinetic, e, 1e-12 * e0);
    ++samples;
  });
  EXPECT_EQ(samples, 11);
  EXPECT_LT(worst_pitch, 1.2);  // the run stays away from the angles' singularity at 90 degrees
  EXPECT_LT(worst_h, 1e-9);
  EXPECT_LT(worst_e, 1e-9);
  // Sensitivity: the momentum did change coordinates (the body moved and turned).
  double unused = 0;
  EXPECT_GT((momentum(q0, v0, unused) - momentum(q0, v0 * 2, unused)).norm(), 0.1);
}

// Arms built with every compound joint: each formulation, forward-dynamics route and identity of
// `armdyn check` agrees.
TEST(CompoundJoints, EveryFormulationAgreesOnArmsBuiltWithThem) {
  std::mt19937_64 rng(3);
  for (JointKind kind : {JointKind::kFloating, JointKind::kPlanar, JointKind::kCylindrical, JointKind::kUniversal,
                         JointKind::kSpherical}) {
    ModelBuilder b("test", std::string("arm_on_") + to_string(kind));
    CompoundJointSpec j;
    j.name = "j";
    j.kind = kind;
    j.origin = random_placement(rng);
    j.axis = random_unit_vector(rng);
    j.axis2 = random_unit_vector(rng);
    if (kind == JointKind::kSpherical) j.euler = "ZYZ";
    b.add_link("base", j, "l0", random_inertial(rng));
    std::string parent = "l0";
    for (int k = 1; k <= 2; ++k) {
      JointSpec r;
      r.name = "r" + std::to_string(k);
      r.origin = random_placement(rng);
      r.axis = random_unit_vector(rng);
      b.add_link(parent, r, "l" + std::to_string(k), random_inertial(rng));
      parent = "l" + std::to_string(k);
    }
    const Model m = b.build();
    const ConsistencyReport report = check_consistency(m, 6, 42);
    EXPECT_TRUE(report.ok()) << m.name;
    EXPECT_GE(report.rows.size(), 10u);
    for (const ConsistencyRow& row : report.rows)
      EXPECT_LE(row.worst, row.tolerance) << m.name << ": " << row.subject << " " << row.quantity;
  }
}

TEST(CompoundJoints, BadSpecificationsAreRefusedNamingTheJointAndField) {
  std::mt19937_64 rng(1);
  const auto refused = [&](CompoundJointSpec j, const std::string& field, const std::string& words) {
    ModelBuilder b("arm.urdf", "bad");
    j.name = "shoulder";
    try {
      b.add_link("base", j, "link", random_inertial(rng));
      ADD_FAILURE() << "accepted: " << words;
    } catch (const ModelError& e) {
      EXPECT_EQ(e.place(), "joint 'shoulder'");
      EXPECT_EQ(e.field(), field);
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  CompoundJointSpec j;
  for (const char* seq : {"XXY", "XY", "XYZX", "ABC", "xyx"}) {
    j.euler = seq;
    refused(j, "euler", "must be an Euler sequence");
  }
  j = {};
  j.kind = JointKind::kUniversal;
  j.axis = V3(0, 0, 1);
  j.axis2 = V3(0, 0, -2);
  refused(j, "axis2", "parallel to the first axis");
  j.axis2 = V3::UnitX();
  j.euler = "XYX";
  refused(j, "euler", "only spherical and floating joints");
  j = {};
  j.kind = JointKind::kCylindrical;
  j.axis = V3::Zero();
  refused(j, "axis", "non-zero");
  j = {};
  j.limits.resize(2);
  refused(j, "limits", "expected one per coordinate (3), got 2");
  j.limits.resize(3);
  j.limits[1].lower = 1;
  j.limits[1].upper = 0;
  refused(j, "ry2/limit", "exceeds upper limit");
  j = {};
  j.kind = JointKind::kRevolute;
  refused(j, "type", "JointSpec");
  // A joint or link of the source named like a compound joint's coordinate.
  for (const bool clash_link : {false, true}) {
    ModelBuilder b("arm.urdf", "clash");
    CompoundJointSpec ball;
    ball.name = "shoulder";
    b.add_link("base", ball, "upper", random_inertial(rng));
    JointSpec r;
    r.name = clash_link ? "elbow" : "shoulder/ry2";
    b.add_link("upper", r, clash_link ? "shoulder/rx1" : "fore", random_inertial(rng));
    try {
      b.build();
      ADD_FAILURE() << "a name clash was accepted";
    } catch (const ModelError& e) {
      EXPECT_EQ(e.place(), clash_link ? "link 'shoulder/rx1'" : "joint 'shoulder/ry2'");
      EXPECT_EQ(e.field(), "name");
    }
  }
  // Sensitivity: a correct specification is accepted.
  ModelBuilder ok("arm.urdf", "good");
  j = {};
  j.name = "shoulder";
  j.limits.resize(3);
  EXPECT_EQ(ok.add_link("base", j, "link", random_inertial(rng)), 2);
}

}  // namespace compound_joint_test
}  // namespace armdyn
