// `--actuators` on eval, simulate and info, and eval's --rigid (docs/drives.md): the difference
// between eval --actuators and --rigid is exactly the drives' terms; info shows the drives; a bad
// actuator file is one stderr line naming the file, joint and key, exit 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "armdyn/drives/catalogue.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/cli_process.hpp"
#include "support/json_numbers.hpp"

namespace armdyn {
namespace drives_cli_test {

using test::matrix_of;
using test::vector_of;

using DrivesCli = test::CliProcess;
using nlohmann::json;

const char* kStates = R"({"states": [{"q": [0.1, -0.7, 0.9, 0.2, -0.4, 0.3], "v": [0.5, -1, 0.8, -0.3, 2, -1.5],
                                      "a": [1, -2, 0.5, 3, -1, 2], "tau": [5, 40, 10, 1, -0.5, 0.2]}]})";

TEST_F(DrivesCli, EvalWithActuatorsMinusRigidIsTheDriveTerms) {
  const std::string states = file("s.json", kStates);
  const test::CliResult bare = run({"eval", "puma560", states});
  const test::CliResult rigid = run({"eval", "puma560", states, "--actuators", "puma560", "--rigid"});
  const test::CliResult driven = run({"eval", "puma560", states, "--actuators", "puma560"});
  ASSERT_EQ(driven.status, 0) << driven.err;
  ASSERT_EQ(rigid.status, 0) << rigid.err;
  EXPECT_EQ(rigid.out, bare.out);  // --rigid: the bare model's numbers, unchanged
  const json r = json::parse(rigid.out)["results"][0], d = json::parse(driven.out)["results"][0];

  const Model model = builtin_model("puma560").model;
  const drives::DriveSet set = drives::builtin_drives("puma560", model);
  const json s = json::parse(kStates)["states"][0];
  const VecX<double> v = vector_of(s["v"]), a = vector_of(s["a"]);
  VecX<double> f;
  drives::friction_torques(set, v, drives::Sign::kExact, f);
  const VecX<double> terms = set.reflected_inertia(6).cwiseProduct(a) + f;
  EXPECT_LT((vector_of(d["tau"]) - vector_of(r["tau"]) - terms).cwiseAbs().maxCoeff(), 1e-10);
  const MatX<double> dM = matrix_of(d["M"]) - matrix_of(r["M"]);
  EXPECT_LT((dM - MatX<double>(set.reflected_inertia(6).asDiagonal())).cwiseAbs().maxCoeff(), 1e-12);
  // qdd solves with the reflected inertia and the friction in its smooth form.
  Data data(model);
  const VecX<double> qdd = drives::drive_forward_dynamics(model, set, data, vector_of(s["q"]), v, vector_of(s["tau"]));
  EXPECT_LT((vector_of(d["qdd"]) - qdd).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_GT((vector_of(d["qdd"]) - vector_of(r["qdd"])).cwiseAbs().maxCoeff(), 1.0);
  // c and g stay the rigid body's.
  EXPECT_EQ(d["c"], r["c"]);
  EXPECT_EQ(d["g"], r["g"]);
}

TEST_F(DrivesCli, EvalWithAnActuatorFile) {
  const std::string states = file("s.json", kStates);
  const std::string act = file("act.json", R"({"joints": {"joint6": {"gear_ratio": 10, "rotor_inertia": 0.001,
                                                                     "viscous": 0.25}}})");
  const test::CliResult r = run({"eval", "puma560", states, "--actuators", act});
  ASSERT_EQ(r.status, 0) << r.err;
  const test::CliResult rigid = run({"eval", "puma560", states});
  const json d = json::parse(r.out)["results"][0], b = json::parse(rigid.out)["results"][0];
  EXPECT_NEAR(d["tau"][5].get<double>() - b["tau"][5].get<double>(), 0.1 * 2 + 0.25 * -1.5, 1e-12);
  EXPECT_NEAR(d["M"][5][5].get<double>() - b["M"][5][5].get<double>(), 0.1, 1e-15);
  EXPECT_EQ(d["tau"][0], b["tau"][0]);
}

TEST_F(DrivesCli, BadActuatorFileIsOneLineExit2) {
  const std::string states = file("s.json", kStates);
  const std::string act = file("act.json", R"({"joints": {"joint2": {"coulomb": [1, -3]}}})");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"eval", "puma560", states, "--actuators", act},
        std::vector<std::string>{"info", "puma560", "--actuators", act},
        std::vector<std::string>{"simulate", "puma560", "--duration", "0.1", "--actuators", act}}) {
    const test::CliResult r = run(args);
    EXPECT_EQ(r.status, 2) << args[0];
    EXPECT_EQ(r.out, "") << args[0];
    EXPECT_EQ(r.err, act + ": joints.joint2.coulomb[1]: must be >= 0 and finite (got -3)\n") << args[0];
  }
  const test::CliResult other = run({"eval", "stanford", file("s6.json", kStates), "--actuators", "puma560"});
  EXPECT_EQ(other.status, 2);
  EXPECT_EQ(other.err_lines(), 1);
  const test::CliResult urdf = run({"info", "puma560", "--actuators", "urdf"});
  EXPECT_EQ(urdf.status, 2);
  EXPECT_EQ(urdf.err_lines(), 1);
}

TEST_F(DrivesCli, InfoShowsTheDrives) {
  const test::CliResult text = run({"info", "puma560", "--actuators", "puma560"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("drives (puma560"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("-62.6111"), std::string::npos);
  EXPECT_NE(text.out.find("0.205826"), std::string::npos);  // G^2 Jm of joint 6
  const test::CliResult bare = run({"info", "puma560"});
  EXPECT_EQ(bare.out.find("drives"), std::string::npos);
  const test::CliResult js = run({"info", "puma560", "--actuators", "puma560", "--json"});
  ASSERT_EQ(js.status, 0) << js.err;
  const json doc = json::parse(js.out);
  EXPECT_EQ(doc["drives"]["source"], "puma560");
  EXPECT_EQ(doc["drives"]["joints"][1]["gear_ratio"], 107.815);
  EXPECT_EQ(doc["drives"]["joints"][5]["rotor_inertia"], 35e-6);
}

TEST_F(DrivesCli, SimulateWithThePumaDrives) {
  // `make demo`'s fall from "stretch": the bare wrist (M66 = 4e-5 kg m^2) whips around at up to
  // 87 rad/s^2; with the rotors (0.2 kg m^2) and the joints' friction it barely moves.
  const std::vector<std::string> args = {"simulate", "puma560", "--q0", "stretch", "--duration", "3",
                                         "--integrator", "rk45", "--rtol", "1e-9", "--atol", "1e-9",
                                         "--output-period", "0.01", "--quiet"};
  std::vector<std::string> driven = args;
  driven.insert(driven.end(), {"--actuators", "puma560"});
  const test::CliResult with = run(driven);
  ASSERT_EQ(with.status, 0) << with.err;
  const test::CliResult without = run(args);
  ASSERT_EQ(without.status, 0) << without.err;
  const auto max_abs_a6 = [](const std::string& csv) {
    double most = 0;
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);  // header: t, q1..q6, v1..v6, a1..a6, ...
    while (std::getline(in, line)) {
      std::istringstream row(line);
      std::string cell;
      for (int k = 0; k <= 18 && std::getline(row, cell, ','); ++k)
        if (k == 18) most = std::max(most, std::abs(std::stod(cell)));
    }
    return most;
  };
  EXPECT_LT(max_abs_a6(with.out), 0.01);
  EXPECT_GT(max_abs_a6(without.out), 50);
  // The energy falls (friction), and the summary says so.
  const test::CliResult summary = run([&] {
    std::vector<std::string> a = driven;
    a.push_back("--summary");
    return a;
  }());
  EXPECT_NE(summary.err.find("lost to friction"), std::string::npos) << summary.err;
}

TEST_F(DrivesCli, SimulateWithStiction) {
  // Falling from "stretch" with the drives and --stiction: joints 1, 4, 5, 6 (no gravity torque
  // about them there) stay held exactly; the shoulder breaks away and swings.
  const test::CliResult r = run({"simulate", "puma560", "--q0", "stretch", "--duration", "1", "--output-period",
                                 "0.25", "--actuators", "puma560", "--stiction", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream in(r.out);
  std::string line;
  std::getline(in, line);
  int rows = 0;
  while (std::getline(in, line)) {
    std::vector<double> x;
    std::istringstream row(line);
    std::string cell;
    while (std::getline(row, cell, ',')) x.push_back(std::stod(cell));
    for (int j : {1, 4, 5, 6}) EXPECT_EQ(x[static_cast<std::size_t>(j)], 0.0) << line;
    if (x[0] == 1.0) {
      EXPECT_GT(x[2], 1.0) << line;  // q2 has swung by more than a radian
    }
    ++rows;
  }
  EXPECT_EQ(rows, 5);
}

TEST_F(DrivesCli, EvalWithTheUrdfDynamics) {
  const std::string urdf = file("arm.urdf", R"(<robot name="r"><link name="base"/>
<joint name="j1" type="continuous"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>
  <dynamics damping="0.5" friction="1.25"/></joint>
<link name="l1"><inertial><origin xyz="0.1 0 0"/><mass value="1"/><inertia ixx="0.01" iyy="0.02" izz="0.02" ixy="0" ixz="0" iyz="0"/></inertial></link>
</robot>)");
  const std::string states = file("s1.json", R"({"states": [{"q": [0.3], "v": [-2], "a": [1], "tau": [0.5]}]})");
  const test::CliResult d = run({"eval", urdf, states, "--actuators", "urdf"});
  ASSERT_EQ(d.status, 0) << d.err;
  const test::CliResult b = run({"eval", urdf, states});
  ASSERT_EQ(b.status, 0) << b.err;
  const json dj = json::parse(d.out)["results"][0], bj = json::parse(b.out)["results"][0];
  EXPECT_NEAR(dj["tau"][0].get<double>() - bj["tau"][0].get<double>(), 0.5 * -2 - 1.25, 1e-14);
  EXPECT_EQ(dj["M"], bj["M"]);
  // The bare URDF's numbers ignore its <dynamics>: drives come only with --actuators.
  EXPECT_NEAR(bj["tau"][0].get<double>(), (0.02 + 0.01) * 1, 1e-14);
}

}  // namespace drives_cli_test
}  // namespace armdyn
