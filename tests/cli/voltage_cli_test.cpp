// `armdyn simulate --actuators F --voltage const:LIST|FILE.csv` run as a process (docs/drives.md):
// simulate's columns kept in order with i<k> / p<k> appended, the rows equal to the library's
// simulate_actuated, a voltage table equal to the constant it holds, the input saturating at
// max_voltage, a diverging run (exit 3, its finite rows kept), and every bad input (no
// --actuators, a joint without a motor, a cylinder on a revolute joint, a bad const list or table
// cell, conflicting options) one stderr line naming the option, file, joint or key, exit 2 and no
// output file.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "armdyn/io/actuators_json.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/simulation/actuated.hpp"
#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

namespace armdyn {
namespace voltage_cli_test {

using test::lines;
using test::numbers;

const char* kMotors = R"({"joints": {
  "joint1": {"gear_ratio": 100, "rotor_inertia": 1e-4, "viscous": 2,
             "motor": {"type": "dc3", "resistance": 1.6, "inductance": 0.005, "torque_constant": 0.05,
                       "back_emf_constant": 0.05, "max_voltage": 24}},
  "joint2": {"gear_ratio": 100, "rotor_inertia": 1e-4, "viscous": 2, "coulomb": 1.5,
             "motor": {"type": "dc2", "resistance": 1.6, "torque_constant": 0.05, "back_emf_constant": 0.05,
                       "max_voltage": 24}},
  "joint3": {"gear_ratio": -50, "rotor_inertia": 1e-4, "viscous": 0.5,
             "motor": {"type": "dc3", "resistance": 1.6, "inductance": 0.005, "torque_constant": 0.05,
                       "back_emf_constant": 0.05, "max_voltage": 24}}}})";

class Voltage : public test::CliProcess {
 protected:
  std::string motors() { return file("act.json", kMotors); }
  // A bad run: nothing on stdout, one stderr line, exit 2; returns that line.
  std::string refused(const std::vector<std::string>& args) {
    const test::CliResult r = run(args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err_lines(), 1) << r.err;
    EXPECT_EQ(r.out, "");
    return r.err;
  }
};

TEST_F(Voltage, KeepsSimulateColumnsAndAppendsCurrents) {
  const std::string act = motors();
  const test::CliResult plain = run({"simulate", "craig3r", "--duration", "0.1", "--actuators", act});
  const test::CliResult r = run({"simulate", "craig3r", "--actuators", act, "--voltage", "const:10,20,-5",
                                 "--duration", "0.5", "--output-period", "0.1", "--rtol", "1e-10", "--atol", "1e-12"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(r.out);
  ASSERT_EQ(rows.size(), 7u);
  EXPECT_EQ(rows[0], lines(plain.out)[0] + ",i1,i2,i3");

  // The same run through the library: every number agrees (the CLI prints 17 digits).
  const Model model = builtin_model("craig3r").model;
  const drives::DriveSet set = load_drives(act, model, "craig3r");
  const drives::CompleteModel cm(model, set);
  sim::ConstantTorque input((VecX<double>(3) << 10, 20, -5).finished());
  sim::SimulationOptions o;  // the CLI's defaults: rk45 from a first step of 1 ms
  o.integrator = sim::Integrator::kRk45;
  o.dt = 1e-3;
  o.duration = 0.5;
  o.output_period = 0.1;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  std::vector<std::vector<double>> expected;
  sim::simulate_actuated(cm, VecX<double>::Zero(3), VecX<double>::Zero(3), input, o, [&](const sim::ActuatedSample& s) {
    expected.push_back(numbers(sim::actuated_csv_row(s)));
  });
  ASSERT_EQ(expected.size(), 6u);
  for (std::size_t k = 0; k < expected.size(); ++k) {
    const std::vector<double> got = numbers(rows[k + 1]);
    ASSERT_EQ(got.size(), 19u);
    for (std::size_t c = 0; c < got.size(); ++c) EXPECT_EQ(got[c], expected[k][c]) << "row " << k << " column " << c;
  }
  // dc2's current at rest is u / R; dc3's starts at 0.
  const std::vector<double> first = numbers(rows[1]);
  EXPECT_EQ(first[16], 0);
  EXPECT_DOUBLE_EQ(first[17], 20 / 1.6);
  EXPECT_EQ(first[18], 0);
}

TEST_F(Voltage, TableOfConstantRowsEqualsConst) {
  const std::string act = motors();
  const std::string table = file("u.csv", "t,u1,u2,u3\n0,10,20,-5\n2,10,20,-5\n");
  const test::CliResult a = run({"simulate", "craig3r", "--actuators", act, "--voltage", "const:10,20,-5",
                                 "--duration", "0.3", "--output-period", "0.1"});
  const test::CliResult b = run({"simulate", "craig3r", "--actuators", act, "--voltage", table, "--duration", "0.3",
                                 "--output-period", "0.1"});
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  // The table interpolates (1 - w) u + w u: equal to round-off.
  const std::vector<std::string> ra = lines(a.out), rb = lines(b.out);
  ASSERT_EQ(ra.size(), rb.size());
  EXPECT_EQ(ra[0], rb[0]);
  for (std::size_t k = 1; k < ra.size(); ++k) {
    const std::vector<double> x = numbers(ra[k]), y = numbers(rb[k]);
    for (std::size_t c = 0; c < x.size(); ++c) EXPECT_NEAR(x[c], y[c], 1e-12 * (1 + std::abs(x[c]))) << k << " " << c;
  }
  // A ramp differs.
  const std::string ramp = file("ramp.csv", "t,u1,u2,u3\n0,0,0,0\n0.3,10,20,-5\n");
  const test::CliResult c = run({"simulate", "craig3r", "--actuators", act, "--voltage", ramp, "--duration", "0.3",
                                 "--output-period", "0.1"});
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_NE(c.out, a.out);
}

TEST_F(Voltage, InputSaturatesAtMaxVoltage) {
  const std::string act = motors();
  const std::vector<std::string> common = {"--duration", "0.3", "--output-period", "0.1", "--integrator", "rk4"};
  auto with = [&](const std::string& u) {
    std::vector<std::string> args = {"simulate", "craig3r", "--actuators", act, "--voltage", u};
    args.insert(args.end(), common.begin(), common.end());
    return run(args);
  };
  const test::CliResult at = with("const:24,-24,24"), beyond = with("const:100,-30,24.5"), below = with("const:23,-24,24");
  ASSERT_EQ(at.status, 0) << at.err;
  EXPECT_EQ(beyond.out, at.out);
  EXPECT_NE(below.out, at.out);
}

TEST_F(Voltage, DivergenceKeepsTheRowsAndExits3) {
  // A stiff cylinder (hydraulic stiffness 4 beta A^2 / (V m) ~ 2e6 /s^2) with explicit Euler at 10 ms.
  const std::string act = file("cyl.json", R"({"joints": {
    "joint1": {"gear_ratio": 100, "rotor_inertia": 2e-4, "viscous": 5, "motor": {"type": "dc2", "resistance": 1.6,
               "torque_constant": 0.1, "back_emf_constant": 0.1}},
    "joint2": {"viscous": 400, "motor": {"type": "hydraulic3", "piston_area": 1e-3, "moving_mass": 2,
               "bulk_modulus": 1e9, "volume": 4e-4, "flow_pressure_slope": 2e-11, "leakage": 1e-11,
               "valve_gain": 0.4}}}})");
  const test::CliResult r = run({"simulate", "rp", "--q0", "0,0.5", "--actuators", act, "--voltage", "const:30,2e-4",
                                 "--duration", "1", "--integrator", "euler", "--dt", "0.01", "--quiet"});
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find("the integration diverged"), std::string::npos);
  const std::vector<std::string> rows = lines(r.out);
  ASSERT_GT(rows.size(), 2u);
  EXPECT_LT(rows.size(), 102u);
  for (std::size_t k = 1; k < rows.size(); ++k)
    for (double x : numbers(rows[k])) EXPECT_TRUE(std::isfinite(x)) << rows[k];
}

TEST_F(Voltage, BadInputsNameTheField) {
  const std::string act = motors(), out = path("out.csv");
  const std::vector<std::string> base = {"simulate", "craig3r", "--duration", "0.1", "--out", out};
  auto args = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = base;
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  EXPECT_NE(refused(args({"--voltage", "const:1,2,3"})).find("--voltage needs --actuators with a motor on every joint"),
            std::string::npos);
  const std::string partial = file("partial.json", R"({"joints": {"joint1": {"gear_ratio": 10, "rotor_inertia": 1e-3,
      "motor": {"type": "dc2", "resistance": 1, "torque_constant": 0.1, "back_emf_constant": 0.1}}}})");
  EXPECT_NE(refused(args({"--actuators", partial, "--voltage", "const:1,2,3"})).find("partial.json: joints.joint2: no motor"),
            std::string::npos);
  const std::string cylinder = file("cyl.json", R"({"joints": {"joint1": {"motor": {"type": "hydraulic3",
      "piston_area": 1e-3, "moving_mass": 1, "bulk_modulus": 1e9, "volume": 1e-4, "leakage": 1e-11,
      "valve_gain": 0.1}}}})");
  EXPECT_NE(refused(args({"--actuators", cylinder, "--voltage", "const:1,2,3"})).find("cyl.json: joints.joint1.motor.type: "),
            std::string::npos);
  EXPECT_NE(refused(args({"--actuators", act, "--voltage", "const:1,nan,3"})).find("--voltage const: 'nan'"),
            std::string::npos);
  EXPECT_NE(refused(args({"--actuators", act, "--voltage", "const:1,2"})).find("--voltage const: expected 3 values"),
            std::string::npos);
  const std::string bad = file("bad.csv", "t,u1,u2,u3\n0,1,2,3\n0.5,1,volts,3\n");
  EXPECT_NE(refused(args({"--actuators", act, "--voltage", bad})).find("--voltage: " + bad + ":3: 'volts'"),
            std::string::npos);
  EXPECT_NE(refused(args({"--actuators", act, "--voltage", "const:1,2,3", "--torque", "const:1,2,3"}))
                .find("--voltage and --torque exclude each other"),
            std::string::npos);
  EXPECT_NE(refused(args({"--actuators", act, "--voltage", "const:1,2,3", "--controller", "pd", "--goal", "0,0,0"}))
                .find("--voltage and --controller exclude each other"),
            std::string::npos);
  EXPECT_NE(refused(args({"--actuators", act, "--voltage", "const:1,2,3", "--stiction"})).find("--stiction"),
            std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace voltage_cli_test
}  // namespace armdyn
