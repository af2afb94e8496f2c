// MJCF models in the tool (docs/models.md): `armdyn eval model.xml` gives the numbers of the URDF
// the file was generated from, `--actuators mjcf` adds the file's armature and damping, `info`
// lists the joints, and what armdyn does not model (a ball joint, a tendon) is refused at load:
// exit 2, empty stdout, one stderr line naming the file and the element.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>

#include "support/cli_process.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace mjcf_cli_test {

using MjcfCli = test::CliProcess;
using nlohmann::json;

const char* kStates6 = R"({"states": [{"q": [0.1, -0.7, 0.9, 0.2, -0.4, 0.3], "v": [0.5, -1, 0.8, -0.3, 2, -1.5],
                                       "a": [1, -2, 0.5, 3, -1, 2], "tau": [5, 40, 10, 1, -0.5, 0.2]}]})";

double worst_difference(const json& a, const json& b) {
  if (a.is_number()) return std::abs(a.get<double>() - b.get<double>());
  double worst = a.size() == b.size() ? 0.0 : 1e300;
  for (std::size_t k = 0; k < std::min(a.size(), b.size()); ++k) worst = std::max(worst, worst_difference(a[k], b[k]));
  return worst;
}

TEST_F(MjcfCli, EvalOfTheMjcfFileIsTheUrdfs) {
  const std::string states = file("s.json", kStates6);
  const test::CliResult x = run({"eval", test::data_path("models/mjcf/ur5.xml"), states});
  const test::CliResult u = run({"eval", test::data_path("models/ur5.urdf"), states});
  ASSERT_EQ(x.status, 0) << x.err;
  ASSERT_EQ(u.status, 0) << u.err;
  const json xj = json::parse(x.out)["results"][0], uj = json::parse(u.out)["results"][0];
  for (const char* key : {"tau", "M", "qdd", "c", "g"}) {
    ASSERT_TRUE(xj.contains(key)) << key;
    EXPECT_LE(worst_difference(xj[key], uj[key]), 1e-10) << key;
  }
}

TEST_F(MjcfCli, ActuatorsMjcfAddsTheArmatureAndDamping) {
  const std::string model = test::data_path("models/mjcf/features.xml");
  const std::string states = file("s.json", R"({"states": [{"q": [0.1, 0.2, 0.3, 0.04], "v": [0.5, -1, 0.8, -0.3],
                                                             "a": [1, -2, 0.5, 3], "tau": [5, 4, 1, 1]}]})");
  const test::CliResult d = run({"eval", model, states, "--actuators", "mjcf"});
  const test::CliResult b = run({"eval", model, states});
  ASSERT_EQ(d.status, 0) << d.err;
  ASSERT_EQ(b.status, 0) << b.err;
  const json dj = json::parse(d.out)["results"][0], bj = json::parse(b.out)["results"][0];
  // The armature on M's diagonal (0.25, 0.1, 0, 0.5), nothing off it.
  const double armature[4] = {0.25, 0.1, 0, 0.5};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      EXPECT_NEAR(dj["M"][r][c].get<double>() - bj["M"][r][c].get<double>(), r == c ? armature[r] : 0.0, 1e-12);
  // The third joint has no drive data: its torque is the rigid body's.
  EXPECT_NEAR(dj["tau"][2].get<double>(), bj["tau"][2].get<double>(), 1e-12);
  const test::CliResult urdf_keyword = run({"eval", model, states, "--actuators", "urdf"});
  EXPECT_EQ(urdf_keyword.status, 2);
  EXPECT_EQ(urdf_keyword.err_lines(), 1) << urdf_keyword.err;
}

TEST_F(MjcfCli, InfoListsTheJoints) {
  const test::CliResult r = run({"info", test::data_path("models/mjcf/features.xml")});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* name : {"yaw", "pitch", "roll", "extend", "tcp"}) EXPECT_NE(r.out.find(name), std::string::npos) << name;
}

TEST_F(MjcfCli, UnmodelledPartsExitTwo) {
  const std::string states = file("s.json", R"({"states": [{"q": [0], "v": [0], "a": [0], "tau": [0]}]})");
  const std::string body = R"(<mujoco><worldbody><body name="b"><joint name="j1"/>
<inertial pos="0.1 0 0" mass="1" diaginertia="0.01 0.01 0.01"/>
<body name="c" pos="0.2 0 0"><JOINT/><inertial pos="0.1 0 0" mass="1" diaginertia="0.01 0.01 0.01"/></body></body></worldbody>TAIL</mujoco>)";
  const auto make = [&](const std::string& joint, const std::string& tail) {
    std::string text = body;
    text.replace(text.find("<JOINT/>"), 8, joint);
    text.replace(text.find("TAIL"), 4, tail);
    return text;
  };
  for (const auto& [name, text, element] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"equality.xml", make(R"(<joint name="j2"/>)", R"(<equality><joint name="same" joint1="j1" joint2="j2"/></equality>)"),
            "equality 'same': equality constraints are not modelled"},
           {"tendon.xml", make(R"(<joint name="j2"/>)", R"(<tendon><fixed name="t1"><joint joint="j1" coef="1"/></fixed></tendon>)"),
            "tendon 't1': tendons are not modelled"},
           {"bad.xml", "<mujoco><worldbody><body></worldbody></mujoco>", "not a valid MJCF"}}) {
    const std::string path = file(name, text);
    for (const std::vector<std::string>& args : {std::vector<std::string>{"eval", path, states}, {"info", path}}) {
      const test::CliResult r = run(args);
      EXPECT_EQ(r.status, 2) << name << ": " << r.err;
      EXPECT_EQ(r.out, "") << name;
      EXPECT_EQ(r.err_lines(), 1) << name << ": " << r.err;
      EXPECT_EQ(r.err.rfind(path + ": ", 0), 0u) << r.err;
      EXPECT_NE(r.err.find(element), std::string::npos) << name << ": " << r.err;
    }
  }
}

// A ball joint through the tool: info lists q's five numbers, eval takes them and adds "nq",
// simulate writes q1..q5 before v1..v4, codegen records it, and a command that reads q by angles
// refuses the model naming the joint.
TEST_F(MjcfCli, BallJointsTakeQuaternionsThroughTheTool) {
  const std::string path = file("ball.xml", R"(<mujoco><worldbody><body name="b"><joint name="j1"/>
<inertial pos="0.1 0 0" mass="1" diaginertia="0.01 0.01 0.01"/>
<body name="c" pos="0.2 0 0"><joint name="wrist" type="ball"/><inertial pos="0.1 0 0" mass="1" diaginertia="0.01 0.02 0.03"/></body></body></worldbody></mujoco>)");
  const test::CliResult info = run({"info", path});
  ASSERT_EQ(info.status, 0) << info.err;
  EXPECT_NE(info.out.find("wrist/qw"), std::string::npos) << info.out;
  const std::string states = file("s.json", R"({"states": [{"q": [0.1, 0.9, 0.1, -0.3, 0.2], "v": [0.1, 0.2, 0.3, 0.4],
    "a": [0, 0, 0, 0], "tau": [0, 0, 0, 0]}]})");
  const test::CliResult eval = run({"eval", path, states});
  ASSERT_EQ(eval.status, 0) << eval.err;
  EXPECT_NE(eval.out.find("\"nq\": 5"), std::string::npos) << eval.out;
  const std::string short_q = file("short.json", R"({"states": [{"q": [0, 1, 0, 0], "v": [0, 0, 0, 0]}]})");
  const test::CliResult bad = run({"eval", path, short_q});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("states[0].q"), std::string::npos) << bad.err;
  const test::CliResult sim = run({"simulate", path, "--duration", "0.01", "--dt", "0.005"});
  ASSERT_EQ(sim.status, 0) << sim.err;
  EXPECT_EQ(sim.out.rfind("t,q1,q2,q3,q4,q5,v1,v2,v3,v4,a1,", 0), 0u) << sim.out;
  const test::CliResult counts = run({"codegen", path, "--counts"});  // generated code takes q of nq
  EXPECT_EQ(counts.status, 0) << counts.err;
  const test::CliResult check = run({"check", path});
  EXPECT_EQ(check.status, 2);
  EXPECT_NE(check.err.find("joint 'wrist'"), std::string::npos) << check.err;
  EXPECT_NE(check.err.find("quaternion"), std::string::npos) << check.err;
}

// A quaternion of any finite, non-zero length is read as its unit one (docs/models.md), also where
// its squares overflow or underflow: `eval` and `simulate` of free_ball.xml (a free and a ball
// joint) with both quaternions scaled give the unit quaternions' numbers; zero is refused.
TEST_F(MjcfCli, AQuaternionOfAnyLengthIsReadAsItsUnitOne) {
  const std::string model = test::data_path("models/mjcf/free_ball.xml");
  const auto q_text = [](const std::string& free, const std::string& ball) {
    return "0.1, -0.2, 0.3, " + free + ", " + ball + ", 0.4";
  };
  const auto scaled = [](double s, std::initializer_list<double> unit) {
    std::string out;
    for (double x : unit) {
      char text[32];
      std::snprintf(text, sizeof text, "%.17g", x * s);
      out += (out.empty() ? "" : ", ") + std::string(text);
    }
    return out;
  };
  const auto eval = [&](const std::string& q) {
    const std::string states = file("s.json", "{\"states\": [{\"q\": [" + q + "], \"v\": [0.5, -1, 0.8, -0.3, 2, "
                                              "-1.5, 0.2, 0.7, -0.4, 1.1], \"a\": [1, -2, 0.5, 3, -1, 2, 0.3, -0.6, "
                                              "0.9, 1.2], \"tau\": [5, 4, 1, 1, -0.5, 0.2, 0.1, 0.3, -0.2, 0.4]}]}");
    return run({"eval", model, states});
  };
  const auto simulate = [&](const std::string& q) {
    std::string q0;
    for (char c : q) if (c != ' ') q0 += c;
    return run({"simulate", model, "--q0", q0, "--duration", "0.05", "--dt", "0.01"});
  };
  const std::string unit = q_text(scaled(1, {0.5, 0.5, -0.5, 0.5}), scaled(1, {0.6, 0, 0.8, 0}));
  const test::CliResult reference = eval(unit), reference_sim = simulate(unit);
  ASSERT_EQ(reference.status, 0) << reference.err;
  ASSERT_EQ(reference_sim.status, 0) << reference_sim.err;
  const json ref = json::parse(reference.out)["results"][0];
  for (double s : {1e-300, 1e-160, 1e160, 1e300}) {
    const std::string q = q_text(scaled(s, {0.5, 0.5, -0.5, 0.5}), scaled(s, {0.6, 0, 0.8, 0}));
    const test::CliResult r = eval(q);
    ASSERT_EQ(r.status, 0) << s << ": " << r.err;
    const json got = json::parse(r.out)["results"][0];
    for (const char* key : {"tau", "M", "qdd", "c", "g"}) EXPECT_LE(worst_difference(got[key], ref[key]), 1e-12) << s << " " << key;
    const test::CliResult sim = simulate(q);
    ASSERT_EQ(sim.status, 0) << s << ": " << sim.err;
    EXPECT_EQ(std::count(sim.out.begin(), sim.out.end(), '\n'), std::count(reference_sim.out.begin(), reference_sim.out.end(), '\n'))
        << s;  // the same rows (their last digits may differ by round-off)
    std::istringstream a(sim.out), b(reference_sim.out);
    std::string la, lb;
    std::getline(a, la), std::getline(b, lb);  // the header
    double worst = 0;
    while (std::getline(a, la) && std::getline(b, lb)) {
      std::istringstream xa(la), xb(lb);
      std::string ta, tb;
      while (std::getline(xa, ta, ',') && std::getline(xb, tb, ','))
        worst = std::max(worst, std::abs(std::stod(ta) - std::stod(tb)));
    }
    EXPECT_LE(worst, 1e-12) << s;
  }
  // Subnormal components that hold their ratios exactly: (1e-320, 0, 0, 0) is (1, 0, 0, 0).
  const json one = json::parse(eval(q_text("1, 0, 0, 0", "1, 0, 0, 0")).out)["results"][0];
  const test::CliResult tiny = eval(q_text("1e-320, 0, 0, 0", "-1e-320, 0, 0, 0"));
  ASSERT_EQ(tiny.status, 0) << tiny.err;
  for (const char* key : {"tau", "M", "qdd"})
    EXPECT_LE(worst_difference(json::parse(tiny.out)["results"][0][key], one[key]), 1e-12) << key;
  const test::CliResult zero = eval(q_text("0, 0, 0, 0", "1, 0, 0, 0"));
  EXPECT_EQ(zero.status, 2);
  EXPECT_NE(zero.err.find("states[0].q[3]: a quaternion joint's four numbers (w, x, y, z) are all zero"), std::string::npos)
      << zero.err;
}

}  // namespace mjcf_cli_test
}  // namespace armdyn
