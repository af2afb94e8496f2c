// The actuator file reader (armdyn/io/actuators_json.hpp) and the URDF <dynamics> reader
// (armdyn/io/urdf_dynamics.hpp): what a valid document gives, and every bad input an InputError
// naming the file, the joint and the key.
#include <gtest/gtest.h>

#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/actuators_json.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/io/urdf_dynamics.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace actuators_json_test {

const Model& puma() {
  static const Model m = builtin_model("puma560").model;
  return m;
}

// The error parse_actuators gives for `text` (the PUMA 560, the file "act.json"), or "" if none.
std::string error_of(const std::string& text) {
  return test::refusal([&] { parse_actuators(text, "act.json", puma()); });
}

TEST(Actuators, ReadsEveryKey) {
  const drives::DriveSet set = parse_actuators(R"({"joints": {
      "joint2": {"gear_ratio": -100, "rotor_inertia": 2e-4, "viscous": 1.5, "coulomb": [3, 4], "static": 5,
                 "stribeck_velocity": 0.1, "efficiency": 0.9,
                 "motor": {"type": "dc3", "resistance": 1.2, "inductance": 0.003, "torque_constant": 0.2,
                           "back_emf_constant": 0.2, "max_voltage": 40, "max_current": 10}},
      "joint5": {"coulomb": 0.5,
                 "motor": {"type": "hydraulic5", "piston_area": 1e-3, "moving_mass": 5, "bulk_modulus": 1.4e9,
                           "volume": 2e-4, "flow_pressure_slope": 1e-12, "leakage": 1e-13, "valve_gain": 0.02,
                           "valve_c1": 4e4, "valve_c2": 280}}}})",
                                               "act.json", puma());
  ASSERT_EQ(set.size(), 6);
  EXPECT_EQ(set.source(), "act.json");
  const drives::Drive& d = set[1];
  EXPECT_EQ(d.gear_ratio, -100);
  EXPECT_EQ(d.rotor_inertia, 2e-4);
  EXPECT_EQ(d.viscous, 1.5);
  EXPECT_EQ(d.coulomb_positive, 3);
  EXPECT_EQ(d.coulomb_negative, 4);
  EXPECT_EQ(d.breakaway_positive(), 5);
  EXPECT_EQ(d.breakaway_negative(), 5);
  EXPECT_EQ(d.stribeck_velocity, 0.1);
  EXPECT_EQ(d.efficiency, 0.9);
  ASSERT_TRUE(d.motor);
  EXPECT_EQ(d.motor->type, drives::MotorType::kDc3);
  EXPECT_EQ(d.motor->dc.inductance, 0.003);
  EXPECT_EQ(d.motor->dc.max_current, 10);
  EXPECT_EQ(set[4].coulomb_positive, 0.5);
  EXPECT_EQ(set[4].coulomb_negative, 0.5);
  EXPECT_EQ(set[4].motor->hydraulic.valve_c2, 280);
  EXPECT_TRUE(set[0].is_rigid());  // a joint not named keeps the default drive
  EXPECT_FALSE(set[0].motor);
  EXPECT_TRUE(parse_actuators("{}", "a.json", puma()).is_rigid());
}

TEST(Actuators, ErrorsNameTheFileJointAndKey) {
  test::expect_refusals(error_of, {
      {R"({"joint": {}})", "act.json: joint: unknown key"},
      {R"({"joints": []})", "act.json: joints: must be a JSON object"},
      {R"({"joints": {"elbow": {}}})", "act.json: joints.elbow: no joint of that name in 'puma560' (joints: joint1, joint2, joint3, joint4, "
            "joint5, joint6)"},
      {R"({"joints": {"joint1": {"gear": 2}}})", "act.json: joints.joint1.gear: unknown key"},
      {R"({"joints": {"joint1": {"viscous": "1"}}})", "act.json: joints.joint1.viscous: must be a number"},
      {R"({"joints": {"joint3": {"coulomb": [1, -2]}}})", "act.json: joints.joint3.coulomb[1]: must be >= 0 and finite (got -2)"},
      {R"({"joints": {"joint3": {"coulomb": -2}}})", "act.json: joints.joint3.coulomb: must be >= 0 and finite (got -2)"},
      {R"({"joints": {"joint3": {"coulomb": [1, 2, 3]}}})", "act.json: joints.joint3.coulomb: expected 2 values, got 3"},
      {R"({"joints": {"joint3": {"coulomb": 2, "static": 1}}})", "act.json: joints.joint3.static: must be >= the Coulomb level 2 (got 1)"},
      {R"({"joints": {"joint3": {"gear_ratio": 0}}})", "act.json: joints.joint3.gear_ratio: must be nonzero (got 0)"},
      {R"({"joints": {"joint3": {"efficiency": 0}}})", "act.json: joints.joint3.efficiency: must be in (0, 1] (got 0)"},
      {R"({"joints": {"joint3": {"rotor_inertia": -1e-4}}})", "act.json: joints.joint3.rotor_inertia: must be >= 0 and finite (got -1e-04)"},
      {R"({"joints": {"joint4": {"motor": {"resistance": 1}}}})", "act.json: joints.joint4.motor.type: missing (dc2, dc3, hydraulic3 or hydraulic5)"},
      {R"({"joints": {"joint4": {"motor": {"type": "ac"}}}})", "act.json: joints.joint4.motor.type: unknown motor type 'ac' (dc2, dc3, hydraulic3, hydraulic5)"},
      {R"({"joints": {"joint4": {"motor": {"type": "dc2", "resistance": 1, "torque_constant": 0.1}}}})", "act.json: joints.joint4.motor.back_emf_constant: missing (a dc2 motor needs it)"},
      {R"({"joints": {"joint4": {"motor": {"type": "dc2", "resistance": 1, "inductance": 0.1,
                         "torque_constant": 0.1, "back_emf_constant": 0.1}}}})", "act.json: joints.joint4.motor.inductance: unknown key"},
      {R"({"joints": {"joint4": {"motor": {"type": "dc2", "resistance": 0,
                         "torque_constant": 0.1, "back_emf_constant": 0.1}}}})", "act.json: joints.joint4.motor.resistance: must be positive and finite (got 0)"},
      {R"({"joints": {"joint4": {"motor": {"type": "dc2", "resistance": 1,
                         "torque_constant": 0.1, "back_emf_constant": 0.1, "max_voltage": -5}}}})", "act.json: joints.joint4.motor.max_voltage: must be positive (got -5)"},
      {R"({"joints": {"joint4": {"motor": {"type": "hydraulic3", "piston_area": 1e-3,
                         "moving_mass": 5, "bulk_modulus": 1e9, "volume": 1e-4, "valve_gain": 1, "valve_c1": 3}}}})", "act.json: joints.joint4.motor.valve_c1: unknown key"},
      {R"({"joints": {"joint4": {"motor": {"type": "hydraulic5", "piston_area": 1e-3,
                         "moving_mass": 5, "bulk_modulus": 1e9, "volume": 1e-4, "valve_gain": 1, "leakage": 1e-12}}}})", "act.json: joints.joint4.motor.valve_c1: missing (a hydraulic5 motor needs it)"}});
  EXPECT_EQ(error_of("{\"joints\": {\"joint1\": {\"viscous\": 1e999}}}").rfind("act.json: line 1, column", 0), 0u);
  EXPECT_EQ(error_of("[1, 2]"), "act.json: document: must be a JSON object");
  EXPECT_EQ(error_of("{"), "act.json: line 1, column 2: not valid JSON");
}

TEST(Actuators, LoadDrivesByNameOrFile) {
  EXPECT_EQ(load_drives("puma560", puma(), "puma560").source(), "puma560");
  try {
    load_drives("/nonexistent/act.json", puma(), "puma560");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "/nonexistent/act.json: no such file, and not a built-in drive set (puma560, urdf, mjcf)");
  }
  EXPECT_THROW(load_drives("urdf", puma(), "puma560"), InputError);
}

const char* kUrdf = R"(<robot name="r"><link name="base"/>
<joint name="j1" type="continuous"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/>
  <dynamics damping="0.5" friction="1.25"/></joint>
<link name="l1"><inertial><origin xyz="0.1 0 0"/><mass value="1"/><inertia ixx="0.01" iyy="0.02" izz="0.02" ixy="0" ixz="0" iyz="0"/></inertial></link>
<joint name="j2" type="revolute"><parent link="l1"/><child link="l2"/><axis xyz="0 1 0"/>
  <limit lower="-1" upper="1" effort="10" velocity="2"/>DYNAMICS</joint>
<link name="l2"><inertial><origin xyz="0.1 0 0"/><mass value="1"/><inertia ixx="0.01" iyy="0.02" izz="0.02" ixy="0" ixz="0" iyz="0"/></inertial></link>
</robot>)";

std::string urdf_with(const std::string& dynamics) {
  std::string s = kUrdf;
  return s.replace(s.find("DYNAMICS"), 8, dynamics);
}

TEST(UrdfDynamics, DampingAndFrictionRead) {
  const std::string xml = urdf_with("<dynamics damping=\"2e-1\"/>");
  const Model model = load_urdf_string(xml, "r.urdf");
  const drives::DriveSet set = urdf_dynamics_from_string(xml, "r.urdf", model);
  ASSERT_EQ(set.size(), 2);
  EXPECT_EQ(set[0].viscous, 0.5);
  EXPECT_EQ(set[0].coulomb_positive, 1.25);
  EXPECT_EQ(set[0].coulomb_negative, 1.25);
  EXPECT_EQ(set[1].viscous, 0.2);
  EXPECT_EQ(set[1].coulomb_positive, 0.0);
  EXPECT_EQ(set[0].gear_ratio, 1.0);
  // Without <dynamics> a joint keeps the default drive.
  const std::string none = urdf_with("");
  EXPECT_TRUE(urdf_dynamics_from_string(none, "r.urdf", load_urdf_string(none, "r.urdf"))[1].is_rigid());
}

TEST(UrdfDynamics, BadValuesNameTheJointLineAndAttribute) {
  const auto error = [](const std::string& dynamics) {
    const std::string xml = urdf_with(dynamics);
    try {
      urdf_dynamics_from_string(xml, "r.urdf", load_urdf_string(urdf_with(""), "r.urdf"));
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  test::expect_refusals(error, {
      {"<dynamics damping=\"abc\"/>", "r.urdf: joint 'j2', line 6: dynamics/damping: 'abc' is not a finite decimal number"},
      {"<dynamics friction=\"-1\"/>", "r.urdf: joint 'j2', line 6: dynamics/friction: must be >= 0 (got -1)"},
      {"<dynamics friction=\"0x10\"/>", "r.urdf: joint 'j2', line 6: dynamics/friction: '0x10' is not a finite decimal number"},
      {"<dynamics friction=\"nan\"/>", "r.urdf: joint 'j2', line 6: dynamics/friction: 'nan' is not a finite decimal number"},
      {"<dynamics/>\n<dynamics damping=\"1\"/>", "r.urdf: joint 'j2', line 7: dynamics: repeated (one <dynamics> per joint)"}});
}

// Every number of an actuator file keeps the magnitude rule of URDF numbers (finite, within 1e50,
// not subnormal: a gear ratio squared times a rotor inertia then stays finite), named by file,
// joint and key; an unlimited saturation level is the default, never a huge number.
TEST(Actuators, NumbersKeepTheMagnitudeRule) {
  test::expect_refusals(error_of, {
      {R"({"joints": {"joint1": {"gear_ratio": 1e200}}})", "act.json: joints.joint1.gear_ratio: must be at most 1e50 in magnitude, got 1e+200"},
      {R"({"joints": {"joint2": {"rotor_inertia": 1e-320}}})", "act.json: joints.joint2.rotor_inertia: must be 0 or at least 2.2250738585072014e-308 in magnitude (a "
            "subnormal number), got 1e-320"},
      {R"({"joints": {"joint3": {"coulomb": [1, -1e60]}}})", "act.json: joints.joint3.coulomb[1]: must be at most 1e50 in magnitude, got -1e+60"},
      {R"({"joints": {"joint4": {"motor": {"type": "dc2", "resistance": 1, "torque_constant": 0.1,
                        "back_emf_constant": 0.1, "max_voltage": 1e51}}}})", "act.json: joints.joint4.motor.max_voltage: must be at most 1e50 in magnitude, got 1e+51"},
      {R"({"joints": {"joint1": {"gear_ratio": -1e50, "rotor_inertia": 1e50}}})", ""}});  // the bounds
  // The same rule holds for drives built in C++ (the catalogue, URDF <dynamics>, MJCF armature).
  std::vector<drives::Drive> set(6);
  set[0].gear_ratio = 1e200;
  try {
    drives::DriveSet(set, {"j1", "j2", "j3", "j4", "j5", "j6"}, "code");
    ADD_FAILURE() << "a gear ratio of 1e200 was taken";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "code: joints.j1.gear_ratio: must be at most 1e50 in magnitude, got 1e+200");
  }
}

}  // namespace actuators_json_test
}  // namespace armdyn
