// `armdyn actuate` (docs/drives.md, "Nominal control"): on what `armdyn task` wrote for the PUMA 560
// with the shipped motor file, the CSV's header exactly as the contract says and one row per
// sample, values that agree with the library; --summary's peaks and P-n check (a violation named
// with its first time); --plot's PNG; hydraulic cylinders (the same columns, their meaning, the
// valve's max_current in the summary); bad inputs (a joint without a motor, a cylinder on a
// revolute joint, a malformed trajectory, an unwritable destination) as one stderr line, exit 2,
// no output file.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "armdyn/drives/nominal_control.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/io/actuators_json.hpp"
#include "armdyn/io/trajectory_csv.hpp"
#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

namespace armdyn {
namespace actuate_test {

using Actuate = test::CliProcess;
using test::cells;
using test::lines;
using test::numbers;
using test::read_file;

const std::string kMotors = ARMDYN_TEST_DATA_DIR "/../../examples/puma560_illustrative_motors.json";
const std::string kTask = ARMDYN_TEST_DATA_DIR "/../../examples/tasks/vp_transfer_abca.json";

std::string expected_header(int n) {
  std::string h = "t";
  for (int k = 1; k <= n; ++k) {
    const std::string s = std::to_string(k);
    h += ",u" + s + ",i" + s + ",power" + s + ",motor_speed" + s + ",motor_torque" + s;
  }
  return h + ",energy";
}

class ActuateTask : public Actuate {
 protected:
  // The task's motion, every 0.05 s (61 rows).
  std::string task_csv() {
    const std::string out = path("task.csv");
    const test::CliResult r = run({"task", "puma560", kTask, "--out", out, "--output-period", "0.05"});
    EXPECT_EQ(r.status, 0) << r.err;
    return out;
  }
};

TEST_F(ActuateTask, HeaderRowsAndValuesOnATaskOutput) {
  const std::string trajectory = task_csv(), out = path("actuate.csv");
  const test::CliResult r = run({"actuate", "puma560", "--actuators", kMotors, "--trajectory", trajectory, "--out", out});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const std::vector<std::string> rows = lines(read_file(out));
  ASSERT_EQ(rows.size(), 62u);
  EXPECT_EQ(rows[0], expected_header(6));
  // The same numbers as the library's nominal control of the same file.
  const Model model = load_model("puma560");
  const drives::NominalControl c =
      drives::nominal_control(model, load_drives(kMotors, model, "puma560"), read_trajectory_csv(trajectory, 6));
  for (std::size_t k = 1; k < rows.size(); ++k) {
    const std::vector<double> x = numbers(rows[k]);
    ASSERT_EQ(x.size(), 32u);
    const auto row = static_cast<Eigen::Index>(k - 1);
    EXPECT_EQ(x[0], c.t[k - 1]);
    for (int j = 0; j < 6; ++j) {
      EXPECT_EQ(x[1 + 5 * j], c.voltage(row, j));
      EXPECT_EQ(x[2 + 5 * j], c.current(row, j));
      EXPECT_EQ(x[3 + 5 * j], c.power(row, j));
      EXPECT_EQ(x[4 + 5 * j], c.motor_speed_rpm(row, j));
      EXPECT_EQ(x[5 + 5 * j], c.motor_torque(row, j));
    }
    EXPECT_EQ(x[31], c.energy[row]);
  }
  EXPECT_GT(numbers(rows.back())[31], 10.0);  // the motors consume energy on this transfer
}

TEST_F(ActuateTask, SummaryAndTheEnvelopeCheck) {
  const std::string trajectory = task_csv(), out = path("actuate.csv");
  test::CliResult r = run({"actuate", "puma560", "--actuators", kMotors, "--trajectory", trajectory, "--out", out,
                           "--summary"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* w : {"peak |u| (V)", "peak |i| (A)", "electrical energy", "P-n check", "joint6: inside the envelope"})
    EXPECT_NE(r.err.find(w), std::string::npos) << w << " not in " << r.err;
  EXPECT_EQ(r.err.find("VIOLATION"), std::string::npos) << r.err;
  // joint2 with a 1 A current limit: its gravity load alone needs more from the start.
  std::string text = read_file(kMotors);
  const std::string from = "\"back_emf_constant\": 0.228, \"max_voltage\": 40, \"max_current\": 10}";
  const std::size_t joint2 = text.find(from, text.find("\"joint2\""));
  ASSERT_NE(joint2, std::string::npos);
  text.replace(joint2, from.size(), "\"back_emf_constant\": 0.228, \"max_voltage\": 40, \"max_current\": 1}");
  r = run({"actuate", "puma560", "--actuators", file("weak.json", text), "--trajectory", trajectory, "--out", out,
           "--summary"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("joint2: VIOLATION of the current line from t = 0 s"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("joint1: inside the envelope"), std::string::npos) << r.err;
}

TEST_F(ActuateTask, PlotWritesAPng) {
  const std::string trajectory = task_csv(), png = path("pn.png");
  const test::CliResult r =
      run({"actuate", "puma560", "--actuators", kMotors, "--trajectory", trajectory, "--out", "-", "--plot", png});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines(r.out).size(), 62u);
  const std::string bytes = read_file(png);
  ASSERT_GT(bytes.size(), 1000u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
}

// The rp arm (a revolute joint, then a prismatic one) with a DC motor turning it and a cylinder
// pushing the slide: the CSV's columns exactly as for motors, every number finite, the library's
// values; for the cylinder u = i (the valve current), motor_speed the piston's speed, power p Q.
const std::string kRpMotor = R"("joint1": {"gear_ratio": 100, "rotor_inertia": 2e-4, "viscous": 5,
    "motor": {"type": "dc3", "resistance": 1.6, "inductance": 0.005, "torque_constant": 0.1,
              "back_emf_constant": 0.1, "max_voltage": 48}})";

std::string rp_cylinder(const std::string& type, const std::string& max_current) {
  const bool fifth = type == "hydraulic5";
  return R"("joint2": {"viscous": 400, "motor": {"type": ")" + type + R"(", "piston_area": 1e-3,
    "moving_mass": 2, "bulk_modulus": 1e9, "volume": 4e-4, "flow_pressure_slope": 2e-11, "leakage": 1e-11,
    "valve_gain": )" + (fifth ? std::string("6400, \"valve_c1\": 160000, \"valve_c2\": 560") : std::string("0.04")) +
         R"(, "max_current": )" + max_current + "}}";
}

// q1 = 0.5 t^3, q2 = 0.3 + 0.1 t^3 (t in [0, 0.5]), with or without the jerk columns.
std::string rp_motion(bool jerk) {
  std::string text = std::string("t,q1,q2,v1,v2,a1,a2") + (jerk ? ",j1,j2" : "") + ",ignored\n";
  char row[256];
  for (int k = 0; k <= 50; ++k) {
    const double t = 0.01 * k;
    std::snprintf(row, sizeof row, "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g", t, 0.5 * t * t * t,
                  0.3 + 0.1 * t * t * t, 1.5 * t * t, 0.3 * t * t, 3 * t, 0.6 * t);
    text += row;
    if (jerk) text += ",3,0.6";
    text += ",7\n";
  }
  return text;
}

TEST_F(Actuate, HydraulicCylinderColumnsAndValues) {
  const Model model = load_model("rp");
  for (const std::string type : {"hydraulic3", "hydraulic5"}) {
    for (const bool jerk : {true, false}) {
      const std::string actuators = file("rp_" + type + ".json", "{\"joints\": {" + kRpMotor + ", " +
                                                                      rp_cylinder(type, "0.01") + "}}");
      const std::string trajectory = file("rp_motion.csv", rp_motion(jerk)), out = path("rp_actuate.csv");
      const test::CliResult r =
          run({"actuate", "rp", "--actuators", actuators, "--trajectory", trajectory, "--out", out, "--summary"});
      ASSERT_EQ(r.status, 0) << r.err;
      const std::vector<std::string> rows = lines(read_file(out));
      ASSERT_EQ(rows.size(), 52u);
      EXPECT_EQ(rows[0], expected_header(2));
      const drives::NominalControl c =
          drives::nominal_control(model, load_drives(actuators, model, "rp"), read_trajectory_csv(trajectory, 2));
      for (std::size_t k = 1; k < rows.size(); ++k) {
        const std::vector<double> x = numbers(rows[k]);
        ASSERT_EQ(x.size(), 12u);
        for (const double value : x) EXPECT_TRUE(std::isfinite(value)) << rows[k];
        const auto row = static_cast<Eigen::Index>(k - 1);
        const double t = 0.01 * static_cast<double>(k - 1);
        EXPECT_EQ(x[6], c.voltage(row, 1));
        EXPECT_EQ(x[7], x[6]);                              // i2 = u2, the valve current
        EXPECT_EQ(x[8], c.power(row, 1));                   // p Q
        EXPECT_NEAR(x[9], 0.3 * t * t, 1e-15);              // the piston's speed, m/s
        EXPECT_EQ(x[10], c.motor_torque(row, 1));           // A p
        EXPECT_EQ(x[11], c.energy[row]);
      }
      // Pushing out at 0.075 m/s with a 1e-3 m^2 piston takes a valve current near A q' / K = 1.9 mA.
      EXPECT_NEAR(numbers(rows.back())[6], 1e-3 * 0.075 / 0.04, 0.2e-3) << type << " jerk " << jerk;
      for (const char* w : {"joint2: the valve current stays within max_current", "cylinders: u and i are the valve"})
        EXPECT_NE(r.err.find(w), std::string::npos) << w << " not in " << r.err;
    }
  }
  // A 1 mA valve: the motion needs more (the summary names it; still exit 0); --plot draws it.
  const std::string weak =
      file("rp_weak.json", "{\"joints\": {" + kRpMotor + ", " + rp_cylinder("hydraulic3", "0.001") + "}}");
  const test::CliResult r = run({"actuate", "rp", "--actuators", weak, "--trajectory", file("m.csv", rp_motion(true)),
                                 "--out", path("weak.csv"), "--summary", "--plot", path("rp.png")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("joint2: VIOLATION of the valve's max_current 0.001 A from t = "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("energy (electrical and hydraulic)"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(path("rp.png")).substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
}

// Bad input: one stderr line, exit 2, no output file.
void expect_refused(const test::CliResult& r, const std::vector<std::string>& words, const std::string& out) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  for (const std::string& w : words) EXPECT_NE(r.err.find(w), std::string::npos) << w << " not in " << r.err;
  EXPECT_FALSE(std::filesystem::exists(out)) << out;
}

TEST_F(Actuate, BadInputsAreOneLineExit2) {
  const std::string out = path("out.csv");
  const std::string good = file("m.csv", "t,q1,q2,q3,v1,v2,v3,a1,a2,a3\n0,0,0,0,0,0,0,0,0,0\n");
  const std::string motor = R"("motor": {"type": "dc2", "resistance": 1, "torque_constant": 0.1, "back_emf_constant": 0.1})";
  const std::string partial = file("partial.json", R"({"joints": {"joint1": {)" + motor + R"(}, "joint3": {)" + motor + "}}}");
  expect_refused(run({"actuate", "craig3r", "--actuators", partial, "--trajectory", good, "--out", out}),
                 {"partial.json: joint 'joint2': no motor"}, out);
  const std::string hydraulic = file(
      "hydraulic.json", R"({"joints": {"joint1": {)" + motor + R"(}, "joint2": {"motor": {"type": "hydraulic3",
      "piston_area": 1e-3, "moving_mass": 10, "bulk_modulus": 1e9, "volume": 1e-4, "flow_pressure_slope": 1e-11,
      "valve_gain": 0.01}}, "joint3": {)" + motor + "}}}");
  expect_refused(run({"actuate", "craig3r", "--actuators", hydraulic, "--trajectory", good, "--out", out}),
                 {"hydraulic.json: joints.joint2.motor.type: a hydraulic3 cylinder drives a prismatic joint"}, out);
  const std::string all = file("all.json", R"({"joints": {"joint1": {)" + motor + R"(}, "joint2": {)" + motor +
                                               R"(}, "joint3": {)" + motor + "}}}");
  ASSERT_EQ(run({"actuate", "craig3r", "--actuators", all, "--trajectory", good, "--out", out}).status, 0);
  std::filesystem::remove(out);
  const std::string bad_row = file("bad.csv", "t,q1,q2,q3,v1,v2,v3,a1,a2,a3\n0,0,0,0,0,0,0,0,0,0\n1,0,0,zero,0,0,0,0,0,0\n");
  expect_refused(run({"actuate", "craig3r", "--actuators", all, "--trajectory", bad_row, "--out", out}),
                 {bad_row + ":3: q3: 'zero' is not a number"}, out);
  const std::string two = file("two.csv", "t,q1,q2,v1,v2,a1,a2\n0,0,0,0,0,0,0\n");
  expect_refused(run({"actuate", "craig3r", "--actuators", all, "--trajectory", two, "--out", out}),
                 {two + ":1: no column 'q3'"}, out);
  expect_refused(run({"actuate", "craig3r", "--actuators", all, "--trajectory", path("none.csv"), "--out", out}),
                 {"none.csv", "cannot read"}, out);
  // The destination is checked before the trajectory is read.
  expect_refused(
      run({"actuate", "craig3r", "--actuators", all, "--trajectory", path("none.csv"), "--out", path("no/dir/o.csv")}),
      {"--out", "no/dir/o.csv"}, out);
  expect_refused(run({"actuate", "craig3r", "--trajectory", good, "--out", out}), {"--actuators"}, out);
}

}  // namespace actuate_test
}  // namespace armdyn
