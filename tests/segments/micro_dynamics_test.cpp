// The micro model of the elastic segments (armdyn/segments/micro_dynamics.hpp, [VP] §4.2-4.6):
// a horizontal tube cantilever at rest against the beam's closed forms (deflection, tilt, natural
// frequency), torsion under a tip moment, the block-matrix D and c against the recursions on
// random chains, D's eigenvalues, and the deflection bound (4.6.3)-(4.6.4).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/external_forces.hpp"
#include "armdyn/model/builder.hpp"
#include "armdyn/model/payload.hpp"
#include "armdyn/segments/micro_dynamics.hpp"
#include "armdyn/segments/micro_motion.hpp"
#include "segments/segment_test_models.hpp"

namespace armdyn::segments {
namespace micro_dynamics_test {

constexpr double kPi = std::numbers::pi;
constexpr double kG = 9.81;
const double kE = 7.848e10;                                              // AlMg3
const double kI = kPi * std::pow(0.04, 4) * (1 - std::pow(0.75, 4)) / 64;  // R = 0.02, r = 0.015
const double kTubeMass = 1.4844025288 * 0.8;                             // ρ A ℓ, ℓ = 0.8

// One link turning about the vertical z, a tube reaching 0.8 m along x to its frame "tip",
// its mass from the section, optionally a payload at the tip.
struct Cantilever {
  Model model;
  SegmentSet segments;
};

Cantilever cantilever(double payload, const Vec3<double>& gravity) {
  ModelBuilder b("cane", "cane");
  JointSpec j;
  j.name = "j1";
  LinkInertial in;
  in.mass = 1;
  in.inertia = Mat3<double>::Identity() * 0.01;
  b.add_link("base", j, "link1", in);
  b.add_fixed_link("link1", "tip_joint", Transform<double>::translation(Vec3<double>(0.8, 0, 0)), "tip", LinkInertial{});
  const Model bare = b.build();
  Segment s;
  s.section = Section::tube(0.02, 0.015);
  s.material = builtin_material("AlMg3");
  s.mass_from_section = true;
  SegmentSet set(bare, {s}, "cane.json");
  Model m = with_section_masses(bare, set).with_gravity(gravity);
  if (payload > 0) m = with_payload(m, m.frame_index("tip"), Payload{payload, Vec3<double>::Zero(), Mat3<double>::Zero()});
  return {m, set};
}

TEST(MicroDynamics, HorizontalTubeCantileverAtRest) {
  for (const double payload : {0.0, 2.0}) {
    const Cantilever c = cantilever(payload, Vec3<double>(0, 0, -kG));
    const ElasticChain chain(c.model, c.segments);
    Data data(c.model);
    ElasticChainState st;
    const VecX<double> zero = VecX<double>::Zero(1);
    chain.state(data, zero, zero, zero, nullptr, st);
    EXPECT_NEAR(st.mu_up[0], kTubeMass / 2 + payload, 1e-9);  // VP's lumping plus the payload
    EXPECT_NEAR(st.mu_d[0], kTubeMass / 2, 1e-9);
    MicroResponse r;
    quasi_static(st, r);
    const double F = (kTubeMass / 2 + payload) * kG, l = 0.8;
    EXPECT_NEAR(r.u[2], -F * l * l * l / (3 * kE * kI), 1e-12);  // u^qs = F ℓ³/(3EI), down
    EXPECT_NEAR(r.u[0], 0, 1e-15);
    EXPECT_NEAR(r.u[1], 0, 1e-15);
    EXPECT_NEAR(r.phi[1], F * l * l / (2 * kE * kI), 1e-12);  // the tip turns down: +y
    EXPECT_NEAR(r.phi[0], 0, 1e-15);
    EXPECT_GT(std::abs(r.u[2]), 1e-5);
    // u^qs = c of both forms.
    EXPECT_LT((micro_model_blocks(st).c - r.u).norm(), 1e-15);
    // One lumped mass on a cantilever: ω² = 3EI/(m ℓ³) = 1/λ for the two bending modes.
    const MicroModel mm = micro_model_recursive(st);
    Eigen::SelfAdjointEigenSolver<Mat3<double>> eig(Mat3<double>(mm.D.topLeftCorner<3, 3>()));
    const double m = kTubeMass / 2 + payload;
    EXPECT_NEAR(1 / eig.eigenvalues()[1], 3 * kE * kI / (m * l * l * l), 1e-9 * 3 * kE * kI / (m * l * l * l));
    EXPECT_NEAR(1 / eig.eigenvalues()[2], 3 * kE * kI / (m * l * l * l), 1e-9 * 3 * kE * kI / (m * l * l * l));
  }
}

TEST(MicroDynamics, TorsionUnderATipMoment) {
  const Cantilever c = cantilever(0, Vec3<double>::Zero());
  const ElasticChain chain(c.model, c.segments);
  Data data(c.model);
  ExternalForceWorkspace<double> ews(c.model);
  const VecX<double> zero = VecX<double>::Zero(1);
  FrameWrench<double> w;
  w.frame = c.model.frame_index("tip");
  w.wrench << 0, 0, 0, 3, 0, 0;  // 3 N m about the cane's axis
  const std::vector<Force<double>>& fext = external_forces_from_frame_wrenches(c.model, data, ews, zero, {w});
  ElasticChainState st;
  chain.state(data, zero, zero, zero, &fext, st);
  MicroResponse r;
  quasi_static(st, r);
  const double G = kE / (2 * 1.29), J = 2 * kI;
  EXPECT_NEAR(r.phi[0], 3 * 0.8 / (G * J), 1e-12);  // φ = M ℓ/(G J)
  EXPECT_NEAR(r.phi.tail<2>().norm(), 0, 1e-15);
  EXPECT_NEAR(r.u.norm(), 0, 1e-15);
}

// A random chain state: every list filled, some links rigid.
ElasticChainState random_state(int n, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1, 1);
  const auto vec = [&] {  // drawn in order (as one call's arguments the order would be the compiler's)
    Vec3<double> x;
    for (int k = 0; k < 3; ++k) x[k] = u(rng);
    return x;
  };
  ElasticChainState s;
  s.resize(n);
  for (int i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    s.l[k] = 0.5 * vec();
    s.mu_d[k] = 1 + u(rng);
    s.mu_up[k] = 1 + u(rng);
    s.tip_force[k] = 10 * vec();
    s.tip_moment[k] = 5 * vec();
    s.g_minus_w[k] = 10 * vec();
    s.joint_axis[k] = vec().normalized();
    s.prismatic[k] = u(rng) > 0.5;
    if (i > 0 && u(rng) > 0.6) continue;  // rigid
    const Section sec = Section::rect_tube(0.05 + 0.01 * u(rng), 0.04, 0.03, 0.03);
    const InfluenceCoefficients cane = cane_influence(section_properties(sec), builtin_material("AlMg3"), 0.3 + 0.2 * u(rng));
    s.flex[k] = in_base_axes(cane, Eigen::Quaterniond(Eigen::Vector4d(vec().homogeneous()).normalized()).toRotationMatrix());
  }
  return s;
}

TEST(MicroDynamics, BlockMatrixFormEqualsTheRecursions) {
  std::mt19937 rng(13);
  for (int trial = 0; trial < 40; ++trial) {
    const ElasticChainState s = random_state(1 + trial % 6, rng);
    const MicroModel blocks = micro_model_blocks(s), rec = micro_model_recursive(s);
    ASSERT_GT(rec.D.norm(), 0);
    EXPECT_LE((blocks.D - rec.D).norm(), 1e-10 * rec.D.norm()) << trial;
    EXPECT_LE((blocks.c - rec.c).norm(), 1e-10 * rec.c.norm()) << trial;
  }
}

// A random serial arm of n links (revolute and prismatic, random axes and offsets), each a tube.
Cantilever random_arm(int n, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1, 1);
  const auto vec = [&] {  // drawn in order (as one call's arguments the order would be the compiler's)
    Vec3<double> x;
    for (int k = 0; k < 3; ++k) x[k] = u(rng);
    return x;
  };
  ModelBuilder b("random", "random");
  std::string parent = "base";
  for (int i = 0; i < n; ++i) {
    JointSpec j;
    j.name = std::string("j").append(std::to_string(i + 1));
    j.type = u(rng) > 0.6 && i > 0 ? JointType::kPrismatic : JointType::kRevolute;
    j.axis = vec();
    Vec3<double> p = vec();
    if (i > 0) p = p.normalized() * (0.3 + 0.2 * std::abs(u(rng)));
    j.origin = Transform<double>::translation(i > 0 ? p : Vec3<double>::Zero());
    LinkInertial in;
    in.mass = 2 + u(rng);
    in.com = 0.1 * vec();
    in.inertia = Vec3<double>(0.02, 0.03, 0.04).asDiagonal();
    const std::string link = "link" + std::to_string(i + 1);
    b.add_link(parent, j, link, in);
    parent = link;
  }
  b.add_fixed_link(parent, "tip_joint", Transform<double>::translation(Vec3<double>(0.4, 0.1, 0)), "tip", LinkInertial{});
  const Model m = b.build();
  std::vector<std::optional<Segment>> per(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    Segment s;
    s.section = Section::tube(0.02 + 0.005 * u(rng), 0.012);
    s.material = builtin_material(u(rng) > 0 ? "AlMg3" : "steel");
    per[static_cast<std::size_t>(i)] = s;
  }
  SegmentSet set(m, per, "random.json");
  return {m.with_gravity(Vec3<double>(0.5, -1, -kG)), set};
}

TEST(MicroDynamics, BlockMatrixFormEqualsTheRecursionsOnRandomArms) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  int nontrivial = 0, with_eigenvalues = 0;
  for (int trial = 0; trial < 36; ++trial) {
    const int n = 1 + trial % 4;
    const Cantilever arm = random_arm(n, rng);
    const ElasticChain chain(arm.model, arm.segments);
    Data data(arm.model);
    VecX<double> q(n), v(n), a(n);
    for (int k = 0; k < n; ++k) q[k] = u(rng), v[k] = 2 * u(rng), a[k] = 5 * u(rng);
    ElasticChainState st;
    chain.state(data, q, v, a, nullptr, st);
    const MicroModel blocks = micro_model_blocks(st), rec = micro_model_recursive(st);
    EXPECT_LE((blocks.D - rec.D).norm(), 1e-10 * rec.D.norm()) << trial;
    EXPECT_LE((blocks.c - rec.c).norm(), 1e-10 * rec.c.norm()) << trial;
    nontrivial += rec.D.norm() > 0 && rec.c.norm() > 0;
    // Every link elastic and every lump heavy: D invertible, eigenvalues real and positive.
    bool lumps = true;
    for (int k = 0; k < n; ++k) lumps = lumps && st.mu_up[static_cast<std::size_t>(k)] > 0.05;
    if (!lumps) continue;
    ++with_eigenvalues;
    Eigen::EigenSolver<MatX<double>> eig(rec.D);
    const Eigen::VectorXcd lambda = eig.eigenvalues();
    for (Eigen::Index k = 0; k < lambda.size(); ++k) {
      EXPECT_GT(lambda[k].real(), 0) << trial;
      EXPECT_LT(std::abs(lambda[k].imag()), 1e-9 * lambda.cwiseAbs().maxCoeff()) << trial;
    }
    EXPECT_GT(std::abs(rec.D.determinant()), 0);
    // D = F M, F the symmetric flexibility, M the point masses: M^½ D M^-½ is symmetric.
    const VecX<double> m = point_masses(st).cwiseSqrt();
    const MatX<double> S = m.asDiagonal() * rec.D * m.cwiseInverse().asDiagonal();
    EXPECT_LT((S - S.transpose()).norm(), 1e-10 * S.norm()) << trial;
  }
  EXPECT_GE(nontrivial, 27);
  EXPECT_GE(with_eigenvalues, 4);
}

TEST(MicroDynamics, TwoLinkArmDIsInvertibleWithRealPositiveEigenvalues) {
  const Model base = test_models::two_link(test_models::placeholder(), test_models::placeholder());
  const SegmentSet set = test_models::two_segments(base);
  const Model m = with_section_masses(base, set).with_gravity(Vec3<double>(0, 0, -kG));
  const ElasticChain chain(m, set);
  Data data(m);
  VecX<double> q(2), v(2), a(2);
  q << 0.4, -0.3;
  v << 1, -0.5;
  a << 2, 3;
  ElasticChainState st;
  chain.state(data, q, v, a, nullptr, st);
  const MicroModel mm = micro_model_blocks(st);
  Eigen::EigenSolver<MatX<double>> eig(mm.D);
  for (Eigen::Index k = 0; k < 6; ++k) {
    EXPECT_GT(eig.eigenvalues()[k].real(), 0);
    EXPECT_LT(std::abs(eig.eigenvalues()[k].imag()), 1e-9 * eig.eigenvalues().cwiseAbs().maxCoeff());
  }
  EXPECT_LT((mm.D * mm.D.inverse() - MatX<double>::Identity(6, 6)).norm(), 1e-9);
}

TEST(MicroDynamics, MicroReactionsAndExtraDriveLoad) {
  // Two links: the micro inertia of the lumps beyond each joint, its moment about the joint,
  // and ΔP its component along the joint axis (4.4.29)-(4.4.30), (4.6.1)-(4.6.2).
  std::mt19937 rng(3);
  ElasticChainState s = random_state(2, rng);
  s.prismatic = {false, true};
  VecX<double> udd(6);
  udd << 1, -2, 0.5, 3, 0.25, -1;
  MicroResponse r;
  micro_response(s, udd, r);
  const Vec3<double> a1 = udd.head<3>(), a2 = udd.tail<3>();
  const Vec3<double> F2 = s.mu_d[1] * a1 + s.mu_up[1] * a2, F1 = s.mu_up[0] * a1 + F2;
  const Vec3<double> M2 = s.l[1].cross(s.mu_up[1] * a2), M1 = s.l[0].cross(F2 + s.mu_up[0] * a1) + M2;
  EXPECT_LT((r.F_R.head<3>() - F1).norm(), 1e-12);
  EXPECT_LT((r.F_R.tail<3>() - F2).norm(), 1e-12);
  EXPECT_LT((r.M_R.head<3>() - M1).norm(), 1e-12);
  EXPECT_LT((r.M_R.tail<3>() - M2).norm(), 1e-12);
  EXPECT_NEAR(r.delta_P[0], s.joint_axis[0].dot(M1), 1e-12);  // revolute: the moment
  EXPECT_NEAR(r.delta_P[1], s.joint_axis[1].dot(F2), 1e-12);  // prismatic: the force
}

TEST(MicroDynamics, RefusesABranchingModelAndAnEmptySet) {
  const Model base = test_models::two_link(test_models::placeholder(), test_models::placeholder());
  EXPECT_THROW(ElasticChain(base, SegmentSet(base, {std::nullopt, std::nullopt}, "none.json")), InputError);
  ElasticChainState s;
  s.resize(2);
  s.l.pop_back();
  EXPECT_THROW(micro_model_blocks(s), InputError);
}

TEST(DeflectionBound, GrowsByTheJumpsOnly) {
  DeflectionBound b;
  b.start(Vec3<double>(0, 0, -1e-4));
  EXPECT_NEAR(b.add(Vec3<double>(0, 0, -3e-4), true), 3e-4 + 2e-4, 1e-15);   // a sudden start
  EXPECT_NEAR(b.add(Vec3<double>(0, 0, -3.5e-4), false), 3.5e-4 + 2e-4, 1e-15);  // smooth
  EXPECT_NEAR(b.add(Vec3<double>(0, 1e-4, -3.5e-4), true), std::hypot(1e-4, 3.5e-4) + 3e-4, 1e-15);
  EXPECT_NEAR(b.amplitude(), 3e-4, 1e-15);
}

}  // namespace micro_dynamics_test
}  // namespace armdyn::segments
