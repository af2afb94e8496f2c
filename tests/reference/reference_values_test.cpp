// armdyn against the reference values shipped in tests/data/reference (computed by an
// independent library, Pinocchio 3.7, from the same URDFs): tau, M, c, g, qdd and the pose of a
// named frame, for 50 random states per model, to 1e-9 relative.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "armdyn/armdyn.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace reference_values_test {

using nlohmann::json;

VecX<double> vec(const json& j) {
  VecX<double> x(j.size());
  for (std::size_t k = 0; k < j.size(); ++k) x[k] = j[k].get<double>();
  return x;
}

MatX<double> mat(const json& j) {
  MatX<double> m(j.size(), j[0].size());
  for (std::size_t r = 0; r < j.size(); ++r)
    for (std::size_t c = 0; c < j[r].size(); ++c) m(r, c) = j[r][c].get<double>();
  return m;
}

json load(const std::string& name) {
  std::ifstream in(test::data_path("reference/" + name + ".json"));
  return json::parse(in);
}

struct Worst {
  double tau = 0, M = 0, c = 0, g = 0, qdd = 0, pose = 0;
};

// Compares every state of the reference file; `perturb` scales one inertial parameter so that the
// same comparison can be shown to notice a wrong model.
Worst compare(const std::string& name, double mass_scale = 1.0) {
  const json ref = load(name);
  Model model = load_urdf(test::data_path("models/" + ref["model"].get<std::string>()));
  if (mass_scale != 1.0) model.inertia[model.dof / 2].m *= mass_scale;
  model = model.with_gravity(vec(ref["gravity"]));
  Data data(model);
  const int frame = model.frame_index(ref["frame"].get<std::string>());
  EXPECT_GE(frame, 0);
  EXPECT_EQ(model.joint_names.size(), ref["joints"].size());
  for (std::size_t k = 0; k < model.joint_names.size(); ++k) EXPECT_EQ(model.joint_names[k], ref["joints"][k]);
  Worst w;
  for (std::size_t s = 0; s < ref["states"].size(); ++s) {
    const json& st = ref["states"][s];
    const json& ex = ref["expected"][s];
    const VecX<double> q = vec(st["q"]), v = vec(st["v"]), a = vec(st["a"]), tau = vec(st["tau"]);
    w.tau = std::max(w.tau, test::rel_diff(rnea(model, data, q, v, a), vec(ex["tau"])));
    w.M = std::max(w.M, test::rel_diff(crba(model, data, q), mat(ex["M"])));
    w.c = std::max(w.c, test::rel_diff(nonlinear_effects(model, data, q, v), vec(ex["c"])));
    w.g = std::max(w.g, test::rel_diff(gravity_torque(model, data, q), vec(ex["g"])));
    w.qdd = std::max(w.qdd, test::rel_diff(forward_dynamics(model, data, q, v, tau), vec(ex["qdd"])));
    forward_kinematics(model, data, q);
    w.pose = std::max(w.pose, test::rel_diff(data.oMf[frame].matrix(), mat(ex["pose"])));
  }
  return w;
}

class ReferenceValues : public ::testing::TestWithParam<std::string> {};

TEST_P(ReferenceValues, AgreeToRoundOff) {
  const Worst w = compare(GetParam());
  EXPECT_LT(w.tau, 1e-9);
  EXPECT_LT(w.M, 1e-9);
  EXPECT_LT(w.c, 1e-9);
  EXPECT_LT(w.g, 1e-9);
  EXPECT_LT(w.qdd, 1e-9);
  EXPECT_LT(w.pose, 1e-9);
}

TEST_P(ReferenceValues, NoticeAPerturbedMass) {
  const Worst w = compare(GetParam(), 1.001);
  EXPECT_GT(w.tau, 1e-6);
  EXPECT_GT(w.M, 1e-6);
}

INSTANTIATE_TEST_SUITE_P(Models, ReferenceValues, ::testing::Values("ur5", "panda", "chain_6"));

}  // namespace reference_values_test
}  // namespace armdyn
