// Loads through the tool: `armdyn eval --with reactions`, "f_ext" in STATES and `--payload` on
// eval and simulate, against the library; every bad value exit 2 with one stderr line naming it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/dynamics/external_forces.hpp"
#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/model/payload.hpp"
#include "support/cli_process.hpp"
#include "support/json_numbers.hpp"
#include "support/test_util.hpp"
#include "support/loads_util.hpp"

namespace armdyn {
namespace loads_cli_test {

using test::vector_of;

using nlohmann::json;
using Result = test::CliResult;

const std::string kQ = "[0.1, -0.4, 0.7, 0.2, -0.3, 0.5]", kV = "[0.3, 0.1, -0.2, 0.4, 0.0, -0.1]",
                  kA = "[0.5, -0.2, 0.1, 0.0, 0.3, 0.2]", kTau = "[1, -2, 3, 0.5, 0.1, -0.2]";
const std::string kWrench = "[3, -2, 5, 0.2, 0.1, -0.3]";

VecX<double> vector_of(const std::string& text) { return vector_of(json::parse(text)); }

class Loads : public test::CommandTest {
 protected:
  std::string ur5() const { return test::data_path("models/ur5.urdf"); }
  // A STATES file of ur5 states: one with a and tau, one without a (and so without reactions).
  std::string states(const std::string& f_ext) {
    const std::string extra = f_ext.empty() ? "" : ", \"f_ext\": " + f_ext;
    return file("states.json", "{\"states\": [{\"q\": " + kQ + ", \"v\": " + kV + ", \"a\": " + kA + ", \"tau\": " +
                                   kTau + extra + "}, {\"q\": " + kQ + ", \"v\": " + kV + extra + "}]}");
  }
  json eval(const std::vector<std::string>& args) {
    std::vector<std::string> all = {"eval"};
    all.insert(all.end(), args.begin(), args.end());
    const Result r = run(all);
    EXPECT_EQ(r.status, 0) << r.err;
    return r.status == 0 ? json::parse(r.out) : json();
  }
};

TEST_F(Loads, EvalWithReactionsGivesSixNumbersPerJointOnlyWithA) {
  const json out = eval({ur5(), states(""), "--with", "reactions"});
  ASSERT_EQ(out["results"].size(), 2u);
  const json& first = out["results"][0];
  ASSERT_TRUE(first.contains("reactions"));
  ASSERT_EQ(first["reactions"].size(), 6u);
  for (const json& r : first["reactions"]) EXPECT_EQ(r.size(), 6u);
  EXPECT_FALSE(out["results"][1].contains("reactions"));  // no a
  EXPECT_FALSE(eval({ur5(), states("")})["results"][0].contains("reactions"));  // not asked for
  // The library's reactions, and their axis components equal to tau.
  const Model m = load_urdf(ur5());
  Data data(m);
  ReactionWorkspace<double> ws(m);
  const MatX<double>& W = joint_reactions(m, data, ws, vector_of(kQ), vector_of(kV), vector_of(kA));
  const VecX<double> tau = vector_of(first["tau"]);
  for (int i = 0; i < m.dof; ++i) {
    const VecX<double> r = vector_of(first["reactions"][static_cast<std::size_t>(i)]);
    EXPECT_LT((r - W.col(i)).cwiseAbs().maxCoeff(), 1e-12) << i;
    EXPECT_NEAR(joint_axis_in_link(m, ws, i).dot(r.tail<3>()), tau[i], 1e-10) << i;
  }
}

TEST_F(Loads, FExtSubtractsJacobianTransposeFromTauAndEntersQdd) {
  const json bare = eval({ur5(), states("")})["results"][0];
  const json loaded = eval({ur5(), states("{\"tool0\": " + kWrench + "}"), "--with", "reactions"})["results"][0];
  const Model m = load_urdf(ur5());
  Data data(m);
  FrameWorkspace<double> fws(m);
  const int tool = m.frame_index("tool0");
  const VecX<double> jtf = frame_jacobian(m, data, fws, tool, vector_of(kQ)).transpose() * vector_of(kWrench);
  EXPECT_LT(test::rel_diff(vector_of(loaded["tau"]), VecX<double>(vector_of(bare["tau"]) - jtf)), 1e-12);
  // qdd: the motion under tau and the wrench, i.e. rnea with the wrench at qdd gives back tau.
  ExternalForceWorkspace<double> ews(m);
  const std::vector<Force<double>> fext =
      external_forces_from_frame_wrenches(m, data, ews, vector_of(kQ), {FrameWrench<double>{tool, vector_of(kWrench)}});
  const armdyn::Loads<double> body = test::body_loads(fext);
  EXPECT_LT(test::rel_diff(rnea(m, data, vector_of(kQ), vector_of(kV), vector_of(loaded["qdd"]), &body), vector_of(kTau)), 1e-10);
  EXPECT_GT((vector_of(loaded["qdd"]) - vector_of(bare["qdd"])).norm(), 1e-3);
  // The last joint's reaction now carries the wrench: axis component still tau.
  ReactionWorkspace<double> ws(m);
  const VecX<double> r5 = vector_of(loaded["reactions"][5]);
  EXPECT_NEAR(joint_axis_in_link(m, ws, 5).dot(r5.tail<3>()), loaded["tau"][5].get<double>(), 1e-10);
}

TEST_F(Loads, BadFExtIsExitTwoNamingTheField) {
  expect_bad({"eval", ur5(), states("{\"hand\": " + kWrench + "}")}, "states[0].f_ext.hand: unknown frame (frames: ");
  expect_bad({"eval", ur5(), states("{\"tool0\": [1, 2, 3]}")}, "states[0].f_ext.tool0: expected 6 values, got 3");
  expect_bad({"eval", ur5(), states("{\"tool0\": [1, 2, 3, 4, 5, null]}")}, "states[0].f_ext.tool0[5]: must be a number");
  expect_bad({"eval", ur5(), states("{\"tool0\": [1, 2, 3, 4, 5, 1e400]}")},
             "states[0].f_ext.tool0[5]: the number 1e400 is too large for a double");
  expect_bad({"eval", ur5(), states("[1, 2]")}, "states[0].f_ext: must be a JSON object of wrenches");
  expect_bad({"eval", ur5(), states(""), "--with", "reaction"}, "--with: unknown quantity 'reaction' (known: coriolis, energy, cartesian, reactions, elastic, derivatives)");
}

TEST_F(Loads, EvalPayloadIsTheLibrarysWithPayload) {
  const json out = eval({ur5(), states(""), "--payload", "2.5,0,0,0.1,0.01,0.01,0.02", "--payload-frame", "tool0"});
  const Model bare = load_urdf(ur5());
  Payload p;
  p.mass = 2.5;
  p.com = Vec3<double>(0, 0, 0.1);
  p.inertia = Vec3<double>(0.01, 0.01, 0.02).asDiagonal();
  const Model m = with_payload(bare, bare.frame_index("tool0"), p);
  Data data(m);
  EXPECT_LT(test::rel_diff(vector_of(out["results"][0]["tau"]), rnea(m, data, vector_of(kQ), vector_of(kV), vector_of(kA))), 1e-13);
  // The JSON form and the default frame (the last moving body's, wrist_3_link).
  const json dflt = eval({ur5(), states(""), "--payload", R"({"mass": 2.5, "com": [0, 0, 0.1]})"});
  const Model m2 = with_payload(bare, bare.frame_index("wrist_3_link"), Payload{2.5, Vec3<double>(0, 0, 0.1)});
  Data data2(m2);
  EXPECT_LT(test::rel_diff(vector_of(dflt["results"][0]["tau"]), rnea(m2, data2, vector_of(kQ), vector_of(kV), vector_of(kA))),
            1e-13);
}

TEST_F(Loads, BadPayloadIsExitTwoNamingTheOption) {
  for (const std::string command : {"eval", "simulate"}) {
    std::vector<std::string> base = {command, ur5()};
    if (command == "eval") base.push_back(states(""));
    else base.insert(base.end(), {"--duration", "0.01"});
    auto with = [&](std::vector<std::string> extra) {
      std::vector<std::string> all = base;
      all.insert(all.end(), extra.begin(), extra.end());
      return all;
    };
    expect_bad(with({"--payload", "-1"}), "--payload: " + ur5() + ": payload at frame 'wrist_3_link': mass: must be >= 0, got -1");
    expect_bad(with({"--payload", "two"}), "--payload: value 1, 'two', is not a finite number");
    expect_bad(with({"--payload", "1,2"}), "--payload: expected 1, 4, 7 or 10 numbers");
    expect_bad(with({"--payload", "1,0,0,0,0.1,0.1,0.5"}), "violate the triangle inequality");
    expect_bad(with({"--payload", "{\"mass\": 1, \"cog\": [0, 0, 0]}"}), "--payload: cog: unknown key");
    expect_bad(with({"--payload", "1", "--payload-frame", "base_link"}),
               "--payload: " + ur5() + ": payload at frame 'base_link': the frame is fixed to the base");
    expect_bad(with({"--payload", "1", "--payload-frame", "hand"}), "--payload-frame: unknown frame 'hand' in model 'ur5'");
    expect_bad(with({"--payload-frame", "tool0"}), "--payload-frame: given without --payload");
  }
}

TEST_F(Loads, SimulatePayloadWeighsOnTheArm) {
  // planar2r at rest: the first row's potential energy includes the payload's.
  const std::vector<std::string> args = {"simulate", "planar2r", "--q0", "0.3,0.2", "--duration", "0.01",
                                         "--integrator", "rk4"};
  std::vector<std::string> loaded_args = args;
  loaded_args.insert(loaded_args.end(), {"--payload", "3,-0.5,0,0", "--payload-frame", "link1"});
  const Result bare = run(args), loaded = run(loaded_args);
  ASSERT_EQ(bare.status, 0) << bare.err;
  ASSERT_EQ(loaded.status, 0) << loaded.err;
  auto first_row = [](const std::string& csv) {
    std::istringstream in(csv);
    std::string header, row;
    std::getline(in, header);
    std::getline(in, row);
    std::vector<double> x;
    std::stringstream cells(row);
    for (std::string cell; std::getline(cells, cell, ',');) x.push_back(std::stod(cell));
    return x;
  };
  const Model bare_model = builtin_model("planar2r").model;
  const Model m = with_payload(bare_model, bare_model.frame_index("link1"), Payload{3.0, Vec3<double>(-0.5, 0, 0)});
  Data data(m);
  const VecX<double> q = test::vec({0.3, 0.2});
  forward_kinematics(m, data, q);
  double potential = 0;
  for (int i = 0; i < m.dof; ++i) potential -= m.mass[i] * m.gravity.dot(data.oMb[i].apply(m.com[i]));
  // Columns: t, q1 q2, v1 v2, a1 a2, tau1 tau2, kinetic, potential, energy.
  EXPECT_NEAR(first_row(loaded.out)[10], potential, 1e-12);
  EXPECT_GT(std::abs(potential), 1.0);
  // a1: planar2r's point masses alone fall freely (the upper arm's mass sits at the elbow); the
  // payload halfway along the upper arm does not, and slows the first joint.
  EXPECT_GT(first_row(loaded.out)[5], first_row(bare.out)[5] + 0.1);
}

}  // namespace loads_cli_test
}  // namespace armdyn
