// The actuators' state equations ([VP] §3.9; drives/actuator_model.hpp):
//  - [VP] §3.12's motor gives the dc2 entries alpha, beta, gamma to the printed digits, and the
//    same numbers from motor-side constants through a gear (the joint-side reduction);
//  - every entry of dc3, dc2, hydraulic5 and hydraulic3 against the equations written out;
//  - the saturation N(u) (3.9.3) engages exactly at the limit;
//  - every drive that does not fit a model is refused naming the file, joint and key.
#include <gtest/gtest.h>

#include "armdyn/core/error.hpp"
#include "armdyn/drives/actuator_model.hpp"
#include "support/refusal.hpp"

namespace armdyn::drives {
namespace actuator_model_test {

Drive dc_drive(MotorType type, double G, double Jm, double B, double R, double L, double Kt, double Ke) {
  Drive d;
  d.gear_ratio = G;
  d.rotor_inertia = Jm;
  d.viscous = B;
  Motor m;
  m.type = type;
  m.dc.resistance = R;
  m.dc.inductance = L;
  m.dc.torque_constant = Kt;
  m.dc.back_emf_constant = Ke;
  d.motor = m;
  return d;
}

Drive hydraulic_drive(MotorType type) {
  Drive d;
  d.viscous = 150;
  Motor m;
  m.type = type;
  HydraulicActuator& h = m.hydraulic;
  h.piston_area = 1.2e-3;
  h.moving_mass = 2.5;
  h.bulk_modulus = 1.4e9;
  h.volume = 3e-4;
  h.flow_pressure_slope = 2e-12;
  h.leakage = 1e-12;
  h.valve_gain = type == MotorType::kHydraulic5 ? 4.0 : 0.02;
  if (type == MotorType::kHydraulic5) {
    h.valve_c1 = 200;
    h.valve_c2 = 25;
  }
  d.motor = m;
  return d;
}

std::string error_of(const Drive& d, JointType joint) {
  return test::refusal([&] { actuator_model(d, joint, "act.json: joints.elbow"); }, "no error");
}

TEST(ActuatorModel, VukobratovicMotorAlphaBetaGamma) {
  // [VP] §3.12: B_C = 1.5, J_r = 1.52, C_M = 4.31, C_E = 7, R_r = 2.45, joint side (gear ratio 1).
  const ActuatorModel a = actuator_model(dc_drive(MotorType::kDc2, 1, 1.52, 1.5, 2.45, 0, 4.31, 7),
                                         JointType::kRevolute, "vp");
  ASSERT_EQ(a.size(), 2);
  EXPECT_NEAR(a.C(1, 1), -9.09, 0.005);  // alpha = -(B_C + C_E C_M / R_r) / J_r
  EXPECT_NEAR(a.d[1], 1.157, 0.0005);    // beta = C_M / (J_r R_r)
  EXPECT_NEAR(a.f[1], -0.658, 0.0005);   // gamma = -1 / J_r
  EXPECT_EQ(a.C(0, 1), 1);
  EXPECT_EQ(a.C(0, 0), 0);
  EXPECT_EQ(a.C(1, 0), 0);
  EXPECT_EQ(a.d[0], 0);
  EXPECT_EQ(a.f[0], 0);
  EXPECT_NEAR(a.C(1, 1), -(1.5 + 7 * 4.31 / 2.45) / 1.52, 1e-14);
  EXPECT_NEAR(a.d[1], 4.31 / (1.52 * 2.45), 1e-15);
  EXPECT_EQ(a.T(), (MatX<double>(1, 2) << 0, 1).finished());
}

TEST(ActuatorModel, GearReducesMotorSideConstantsToTheJointSide) {
  // The same motor seen through a gear of 10 (motor side Jm = 0.0152, Kt = 0.431, Ke = 0.7):
  // J = G^2 Jm = 1.52, Cm = G Kt = 4.31, Ce = G Ke = 7.
  const ActuatorModel vp = actuator_model(dc_drive(MotorType::kDc3, 1, 1.52, 1.5, 2.45, 0.01, 4.31, 7),
                                          JointType::kRevolute, "vp");
  const ActuatorModel geared = actuator_model(dc_drive(MotorType::kDc3, 10, 0.0152, 1.5, 2.45, 0.01, 0.431, 0.7),
                                              JointType::kRevolute, "geared");
  EXPECT_LT((vp.C - geared.C).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((vp.f - geared.f).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((vp.d - geared.d).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_NEAR(geared.dc.J, 1.52, 1e-14);
  EXPECT_NEAR(geared.dc.Cm, 4.31, 1e-14);
  EXPECT_NEAR(geared.dc.Ce, 7, 1e-14);
  // A negative ratio turns the motor the other way: Cm and Ce change sign, J and Ce Cm do not.
  const ActuatorModel reversed = actuator_model(
      dc_drive(MotorType::kDc3, -10, 0.0152, 1.5, 2.45, 0.01, 0.431, 0.7), JointType::kRevolute, "reversed");
  EXPECT_NEAR(reversed.C(1, 2), -geared.C(1, 2), 1e-12);
  EXPECT_NEAR(reversed.C(2, 1), -geared.C(2, 1), 1e-12);
  EXPECT_EQ(reversed.inertia, geared.inertia);
}

TEST(ActuatorModel, Dc3Entries) {
  // (3.9.4): J q'' = Cm i - B q' - P, L i' = u - Ce q' - R i.
  const double J = 4 * 0.02, B = 0.3, Cm = 2 * 0.5, Ce = 2 * 0.6, R = 1.8, L = 0.004;
  const ActuatorModel a = actuator_model(dc_drive(MotorType::kDc3, 2, 0.02, B, R, L, 0.5, 0.6),
                                         JointType::kRevolute, "x");
  MatX<double> C(3, 3);
  C << 0, 1, 0, 0, -B / J, Cm / J, 0, -Ce / L, -R / L;
  EXPECT_LT((a.C - C).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((a.f - VecX<double>::Unit(3, 1) * (-1 / J)).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT((a.d - VecX<double>::Unit(3, 2) * (1 / L)).cwiseAbs().maxCoeff(), 1e-12);
  // The current is the third state; dc2's comes from (3.9.6).
  EXPECT_EQ(a.current_or_pressure((VecX<double>(3) << 0.1, 2, -3.5).finished(), 12), -3.5);
  const ActuatorModel a2 = actuator_model(dc_drive(MotorType::kDc2, 2, 0.02, B, R, 0, 0.5, 0.6),
                                          JointType::kRevolute, "x");
  EXPECT_NEAR(a2.current_or_pressure((VecX<double>(2) << 0.1, 2).finished(), 12), (12 - Ce * 2) / R, 1e-14);
}

TEST(ActuatorModel, HydraulicEntries) {
  // (3.9.8): m l'' = A p - B l' - P; p' = (4 beta / V)(-A l' - (k_c + C_l) p + Q);
  // Q'' = -c1 Q - c2 Q' + k_q u. (3.9.9): Q = K u with K the static gain.
  const Drive d5 = hydraulic_drive(MotorType::kHydraulic5);
  const HydraulicActuator& h = d5.motor->hydraulic;
  const double k = 4 * h.bulk_modulus / h.volume, m = h.moving_mass, A = h.piston_area;
  const ActuatorModel a5 = actuator_model(d5, JointType::kPrismatic, "x");
  MatX<double> C(5, 5);
  C << 0, 1, 0, 0, 0,  //
      0, -150 / m, A / m, 0, 0,  //
      0, -k * A, -k * (h.flow_pressure_slope + h.leakage), k, 0,  //
      0, 0, 0, 0, 1,  //
      0, 0, 0, -200, -25;
  EXPECT_LT((a5.C - C).cwiseAbs().maxCoeff(), 1e-12 * C.cwiseAbs().maxCoeff());
  EXPECT_EQ(a5.f, VecX<double>::Unit(5, 1) * (-1 / m));
  EXPECT_EQ(a5.d, VecX<double>::Unit(5, 4) * 4.0);

  const ActuatorModel a3 = actuator_model(hydraulic_drive(MotorType::kHydraulic3), JointType::kPrismatic, "x");
  EXPECT_LT((a3.C - C.topLeftCorner(3, 3)).cwiseAbs().maxCoeff(), 1e-12 * C.cwiseAbs().maxCoeff());
  EXPECT_LT(a3.C(2, 1), 0);  // -4 beta A / V, as in (3.9.8) (docs/errata.md)
  EXPECT_NEAR(a3.d[2], k * 0.02, 1e-12 * k);  // (4 beta / V) K, K = k_q / c1 = 4 / 200
  EXPECT_EQ(a3.d[0], 0);
  EXPECT_EQ(a3.d[1], 0);
  EXPECT_EQ(a3.current_or_pressure((VecX<double>(3) << 0.1, 0.2, 3e6).finished(), 0.01), 3e6);
}

TEST(ActuatorModel, SaturationEngagesExactlyAtTheLimit) {
  EXPECT_EQ(saturation(24, 24), 24);
  EXPECT_EQ(saturation(std::nextafter(24.0, 0.0), 24), std::nextafter(24.0, 0.0));
  EXPECT_EQ(saturation(std::nextafter(24.0, 100.0), 24), 24);
  EXPECT_EQ(saturation(1e6, 24), 24);
  EXPECT_EQ(saturation(-24, 24), -24);
  EXPECT_EQ(saturation(std::nextafter(-24.0, 0.0), 24), std::nextafter(-24.0, 0.0));
  EXPECT_EQ(saturation(-1e6, 24), -24);
  EXPECT_EQ(saturation(-1e300, kUnlimited), -1e300);
  Drive d = dc_drive(MotorType::kDc2, 1, 1, 0, 1, 0, 1, 1);
  d.motor->dc.max_voltage = 40;
  const ActuatorModel a = actuator_model(d, JointType::kRevolute, "x");
  EXPECT_EQ(a.input_limit, 40);
  EXPECT_EQ(a.saturate(41), 40);
  EXPECT_EQ(a.saturate(39.5), 39.5);
  Drive h = hydraulic_drive(MotorType::kHydraulic3);
  h.motor->hydraulic.max_current = 0.015;
  EXPECT_EQ(actuator_model(h, JointType::kPrismatic, "x").saturate(-0.02), -0.015);
}

TEST(ActuatorModel, RefusalsNameTheKey) {
  EXPECT_EQ(error_of(Drive{}, JointType::kRevolute),
            "act.json: joints.elbow: no motor (a simulation driven by actuator inputs needs one on every joint)");
  EXPECT_NE(error_of(dc_drive(MotorType::kDc2, 5, 0, 0, 1, 0, 1, 1), JointType::kRevolute)
                .find("act.json: joints.elbow.rotor_inertia: "),
            std::string::npos);
  Drive lossy = dc_drive(MotorType::kDc2, 5, 1e-4, 0, 1, 0, 1, 1);
  lossy.efficiency = 0.9;
  EXPECT_NE(error_of(lossy, JointType::kRevolute).find("act.json: joints.elbow.efficiency: "), std::string::npos);
  EXPECT_NE(error_of(hydraulic_drive(MotorType::kHydraulic3), JointType::kRevolute)
                .find("act.json: joints.elbow.motor.type: a hydraulic3 cylinder drives a prismatic joint"),
            std::string::npos);
  Drive geared = hydraulic_drive(MotorType::kHydraulic5);
  geared.gear_ratio = 2;
  EXPECT_NE(error_of(geared, JointType::kPrismatic).find("act.json: joints.elbow.gear_ratio: "), std::string::npos);
  Drive rotor = hydraulic_drive(MotorType::kHydraulic5);
  rotor.rotor_inertia = 1e-4;
  EXPECT_NE(error_of(rotor, JointType::kPrismatic).find("act.json: joints.elbow.rotor_inertia: "), std::string::npos);
  // A DC motor may drive a prismatic joint (through a screw: G in rad/m).
  EXPECT_EQ(error_of(dc_drive(MotorType::kDc3, 500, 1e-5, 0, 1, 1e-3, 0.1, 0.1), JointType::kPrismatic), "no error");
}

}  // namespace actuator_model_test
}  // namespace armdyn::drives
