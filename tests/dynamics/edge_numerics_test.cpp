// Numerics at the edge: a mass matrix singular in every configuration is refused at load time by
// the joint's name (dependent_joint, through both readers); near-singular mass matrices, 200-link
// chains, mass ratios from 1e-6 to 1e6 and large prismatic displacements keep forward dynamics
// finite and consistent with inverse dynamics, the forward-dynamics routes agreeing within a
// tolerance proportional to the mass matrix's condition number.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/dependent_joint.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/io/dh_json.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace edge_numerics_test {

std::string error_of(const auto& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

std::string exact(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

// Two revolute joints about the same z axis: j1 carries link a (inertia `izz_a` about the axis
// and some off the axis), j2 sits on a's frame at the same origin and carries link b.
std::string coaxial_urdf(double izz_a, double mass_a) {
  const std::string a_inertial =
      mass_a > 0 ? "<inertial><origin xyz=\"0 0 0\"/><mass value=\"" + exact(mass_a) +
                       "\"/><inertia ixx=\"0.01\" ixy=\"0\" ixz=\"0\" iyy=\"0.01\" iyz=\"0\" izz=\"" +
                       exact(izz_a) + "\"/></inertial>"
                 : "";
  return "<?xml version=\"1.0\"?><robot name=\"coaxial\"><link name=\"base\"/>"
         "<link name=\"a\">" + a_inertial + "</link>"
         "<link name=\"b\"><inertial><origin xyz=\"0.3 0.1 0.2\"/><mass value=\"2\"/>"
         "<inertia ixx=\"0.02\" ixy=\"0\" ixz=\"0\" iyy=\"0.03\" iyz=\"0\" izz=\"0.04\"/></inertial></link>"
         "<joint name=\"j1\" type=\"continuous\"><parent link=\"base\"/><child link=\"a\"/>"
         "<origin xyz=\"0 0 0.5\"/><axis xyz=\"0 0 1\"/></joint>"
         "<joint name=\"j2\" type=\"continuous\"><parent link=\"a\"/><child link=\"b\"/>"
         "<origin xyz=\"0 0 0.1\"/><axis xyz=\"0 0 1\"/></joint></robot>";
}

TEST(DependentJoint, CoaxialJointsWithNothingBetweenAreRefusedByName) {
  const std::string what = error_of([] { load_urdf_string(coaxial_urdf(0, 0), "coaxial.urdf"); });
  EXPECT_EQ(what.rfind("coaxial.urdf: ", 0), 0u) << what;
  EXPECT_NE(what.find("joint 'j1'"), std::string::npos) << what;
  EXPECT_NE(what.find("singular"), std::string::npos) << what;
  // Mass between them on the axis only (a point mass, a thin rod along it) changes nothing.
  EXPECT_NE(error_of([] { load_urdf_string(coaxial_urdf(0, 0.5), "rod.urdf"); }).find("joint 'j1'"), std::string::npos);
}

TEST(DependentJoint, AMomentOfInertiaBetweenThemIsEnough) {
  for (const double izz : {1e-3, 1e-8}) {
    const Model m = load_urdf_string(coaxial_urdf(izz, 0.5), "coaxial.urdf");
    EXPECT_EQ(dependent_joint(m), -1) << izz;
    Data data(m);
    const VecX<double> q = VecX<double>::Constant(2, 0.3), v = VecX<double>::Constant(2, 0.2),
                       tau = VecX<double>::Constant(2, 1.0);
    const VecX<double> qdd = forward_dynamics(m, data, q, v, tau);
    ASSERT_TRUE(qdd.allFinite()) << izz;
    EXPECT_LT(test::rel_diff(rnea(m, data, q, v, qdd), tau), 1e-6) << izz;  // cond(M) ~ 1 / izz
  }
}

TEST(DependentJoint, ParallelPrismaticJointsAreRefusedFromADhTable) {
  // Two prismatic joints along the same z with a massless link between them (standard DH rows
  // with a = alpha = 0): the second slides what the first slides.
  const std::string dh = R"({"name": "slides", "convention": "standard", "links": [
    {"type": "prismatic", "a": 0, "alpha": 0, "d": 0, "theta": 0, "mass": 0},
    {"type": "prismatic", "a": 0, "alpha": 0, "d": 0, "theta": 0, "mass": 3, "com": [0.1, 0, 0],
     "inertia": {"ixx": 0.1, "iyy": 0.1, "izz": 0.1}}]})";
  const std::string what = error_of([&] { load_dh_json_string(dh, "slides.json"); });
  EXPECT_EQ(what.rfind("slides.json: ", 0), 0u) << what;
  EXPECT_NE(what.find("joint '"), std::string::npos) << what;
  EXPECT_NE(what.find("singular"), std::string::npos) << what;
}

TEST(DependentJoint, NoneInTheCatalogueOrOnRandomModels) {
  for (const std::string& name : builtin_names()) EXPECT_EQ(dependent_joint(builtin_model(name).model), -1) << name;
  std::mt19937_64 rng(5);
  for (int n = 1; n <= 12; ++n) {
    EXPECT_EQ(dependent_joint(test::random_dh_chain(rng, n, DhConvention::kModified, true)), -1) << n;
    EXPECT_EQ(dependent_joint(test::random_tree(rng, n)), -1) << n;
  }
}

// Forward dynamics on `model` at `states` random states: finite, the three routes within
// 1e-14 * cond(M) of each other (relative to the largest acceleration), and inverse dynamics of
// the result within 1e-10 of the applied torque (relative to the larger of |tau| and |M| |qdd|).
double expect_fd_sound(const Model& model, int states, std::uint64_t seed, double q_scale = 3) {
  Data data(model), ref(model);
  FdWorkspace<double> ws(model);
  std::mt19937_64 rng(seed);
  double worst_cond = 0;
  for (int s = 0; s < states; ++s) {
    const VecX<double> q = test::random_vector(rng, model.dof, -q_scale, q_scale),
                       v = test::random_vector(rng, model.dof, -1, 1), tau = test::random_vector(rng, model.dof, -5, 5);
    const VecX<double> qdd = forward_dynamics(model, ref, q, v, tau);  // crba + Cholesky
    if (!qdd.allFinite()) {
      ADD_FAILURE() << model.name << ": qdd not finite";
      return worst_cond;
    }
    const Eigen::SelfAdjointEigenSolver<MatX<double>> eig(ref.M);
    const double cond = eig.eigenvalues().maxCoeff() / eig.eigenvalues().minCoeff();
    EXPECT_GT(eig.eigenvalues().minCoeff(), 0) << model.name;
    worst_cond = std::max(worst_cond, cond);
    const double scale = std::max(1.0, qdd.cwiseAbs().maxCoeff());
    for (const FdMethod method : {FdMethod::kAba, FdMethod::kWalkerOrin}) {
      const VecX<double> other = forward_dynamics(method, model, data, ws, q, v, tau);
      EXPECT_TRUE(other.allFinite()) << model.name << " " << to_string(method);
      EXPECT_LE((other - qdd).cwiseAbs().maxCoeff() / scale, std::max(1e-12, 1e-14 * cond))
          << model.name << " " << to_string(method) << " cond " << cond;
    }
    const VecX<double> back = rnea(model, data, q, v, qdd);
    // A backward-stable solve: the residual is small against |M| |qdd|, whatever the conditioning.
    const double tau_scale = std::max({1.0, tau.cwiseAbs().maxCoeff(), ref.M.cwiseAbs().maxCoeff() * qdd.cwiseAbs().maxCoeff()});
    EXPECT_LT((back - tau).cwiseAbs().maxCoeff() / tau_scale, 1e-10) << model.name << " cond " << cond;
  }
  return worst_cond;
}

TEST(EdgeNumerics, TwoHundredLinkChains) {
  std::mt19937_64 rng(200);
  expect_fd_sound(test::random_dh_chain(rng, 200, DhConvention::kModified, false), 3, 1);
  expect_fd_sound(test::random_dh_chain(rng, 200, DhConvention::kStandard, true), 3, 2);
  expect_fd_sound(test::random_tree(rng, 200), 3, 3);
}

TEST(EdgeNumerics, MassRatiosFromAMillionthToAMillion) {
  std::mt19937_64 rng(6);
  for (const bool heavy_tip : {false, true}) {
    Model m = test::random_dh_chain(rng, 7, DhConvention::kModified, true);
    for (int i = 0; i < m.dof; ++i) {
      const double e = -6.0 + 12.0 * i / (m.dof - 1);
      const double k = std::pow(10.0, heavy_tip ? e : -e);
      m.mass[i] *= k;
      m.inertia_com[i] *= k;
      m.inertia[i].m *= k;
      m.inertia[i].h *= k;
      m.inertia[i].I *= k;
    }
    EXPECT_EQ(dependent_joint(m), -1);
    const double cond = expect_fd_sound(m, 10, 4);
    EXPECT_GT(cond, 1e6) << "the scaled chain should be badly conditioned";
  }
}

TEST(EdgeNumerics, LargePrismaticDisplacements) {
  std::mt19937_64 rng(7);
  const Model m = test::random_dh_chain(rng, 6, DhConvention::kModified, true);
  expect_fd_sound(m, 5, 8, 1e3);  // up to a kilometre along each prismatic axis
}

TEST(EdgeNumerics, NearlyCoaxialJointsStayFinite) {
  // The coaxial pair with a tiny moment of inertia between them: M is nearly singular.
  const Model m = load_urdf_string(coaxial_urdf(1e-9, 0.5), "near.urdf");
  const double cond = expect_fd_sound(m, 5, 9);
  EXPECT_GT(cond, 1e8);
}

}  // namespace edge_numerics_test
}  // namespace armdyn
