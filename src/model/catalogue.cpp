#include "armdyn/model/catalogue.hpp"

#include <cmath>
#include <numbers>

#include "armdyn/core/error.hpp"
#include "armdyn/model/dh.hpp"

namespace armdyn {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kDeg = kPi / 180.0;

LinkInertial inertial(double m, Vec3<double> c, double ixx, double iyy, double izz) {
  LinkInertial in;
  in.mass = m;
  in.com = c;
  in.inertia = Vec3<double>(ixx, iyy, izz).asDiagonal();
  return in;
}

JointLimits range(double lower, double upper) {
  JointLimits l;
  l.lower = lower;
  l.upper = upper;
  return l;
}

DhLink link(int i, JointType type, double a, double alpha, double d, double theta, LinkInertial in,
            JointLimits limits = {}) {
  return DhLink{"joint" + std::to_string(i), "link" + std::to_string(i), DhRow{type, a, alpha, d, theta},
                in, limits};
}

constexpr JointType R = JointType::kRevolute;
constexpr JointType P = JointType::kPrismatic;

// Craig's planar arms move in the plane of his X0, Y0 axes with gravity along -Y0. Their base
// frame {0} is turned +90 deg about the world X axis so that Y0 points up (world +Z) and the
// default gravity (0, 0, -9.81) acts along -Y0, as in [Craig] §6.7.
Transform<double> craig_vertical_plane() {
  Mat3<double> R;
  R << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  return Transform<double>::rotation(R);
}

// One of Craig's arms moving in his vertical plane (craig_vertical_plane), named `name`.
BuiltinModel craig_arm(const char* name, std::vector<DhLink> links, std::vector<NamedPose> poses, const char* reference,
                       double tool_x = 0) {
  DhDescription d;
  d.source = d.name = name;
  d.base = craig_vertical_plane();
  d.links = std::move(links);
  if (tool_x != 0) d.tool_frames = {{"tool", Transform<double>::translation(Vec3<double>(tool_x, 0, 0))}};
  return BuiltinModel{model_from_dh(d), std::move(poses), reference};
}

BuiltinModel puma560() {
  // Armstrong, Khatib, Burdick, "The explicit dynamic model and inertial parameters of the
  // PUMA 560 arm", ICRA 1986: modified DH, masses, centres of mass, principal inertias; as
  // tabulated in Corke's Robotics Toolbox (mdl_puma560akb). Link 1 is massless; AKB give only its
  // Izz = 0.35 (it turns about z1 alone, so Ixx, Iyy never enter the joint torques): we set
  // Ixx = Iyy = Izz / 2, the least values that satisfy the triangle inequality. Joint ranges from
  // Corke's standard-DH puma560 model, with joints 2 and 3 sign-flipped: AKB's frames measure
  // those angles in the opposite sense (the toolbox's "ready" pose is (0, pi/2, -pi/2, 0, 0, 0)
  // in the standard model and (0, -pi/2, pi/2, 0, 0, 0) in the AKB one).
  DhDescription d;
  d.source = "puma560";
  d.name = "puma560";
  d.convention = DhConvention::kModified;
  d.links = {
      link(1, R, 0, 0, 0, 0, inertial(0, {0, 0, 0}, 0.175, 0.175, 0.35), range(-160 * kDeg, 160 * kDeg)),
      link(2, R, 0, -kPi / 2, 0.2435, 0, inertial(17.4, {0.068, 0.006, -0.016}, 0.13, 0.524, 0.539),
           range(-225 * kDeg, 45 * kDeg)),
      link(3, R, 0.4318, 0, -0.0934, 0, inertial(4.8, {0, -0.070, 0.014}, 0.066, 0.0125, 0.066),
           range(-45 * kDeg, 225 * kDeg)),
      link(4, R, -0.0203, kPi / 2, 0.4331, 0, inertial(0.82, {0, 0, -0.019}, 1.8e-3, 1.8e-3, 1.3e-3),
           range(-110 * kDeg, 170 * kDeg)),
      link(5, R, 0, -kPi / 2, 0, 0, inertial(0.34, {0, 0, 0}, 0.3e-3, 0.3e-3, 0.4e-3),
           range(-100 * kDeg, 100 * kDeg)),
      link(6, R, 0, kPi / 2, 0, 0, inertial(0.09, {0, 0, 0.032}, 0.15e-3, 0.15e-3, 0.04e-3),
           range(-266 * kDeg, 266 * kDeg)),
  };
  BuiltinModel out{model_from_dh(d), {}, "Armstrong, Khatib & Burdick (1986), modified DH"};
  out.poses = {{"zero", {0, 0, 0, 0, 0, 0}, "all joint angles zero (the L-shaped pose)"},
               {"ready", {0, -kPi / 2, kPi / 2, 0, 0, 0}, "arm straight up"},
               {"stretch", {0, 0, kPi / 2, 0, 0, 0}, "arm stretched out horizontally"},
               {"nominal", {0, kPi / 4, kPi, 0, kPi / 4, 0}, "a bent working pose"}};
  return out;
}

BuiltinModel stanford() {
  // Stanford (Scheinman) arm, standard DH, joint 3 prismatic. Kinematics: Stanford AIM-177;
  // masses and inertias: Paul (1981) Tables 6.5-6.6, as tabulated in Corke's Robotics Toolbox
  // (mdl_stanford). Our reading: the toolbox's centres of mass for links 2-6 are ten times too
  // large (decimetres), so they are divided by 10 here; link 5's Izz, printed as 0, is set to
  // Ixx - Iyy = 0.0026, the least value that satisfies the triangle inequality.
  DhDescription d;
  d.source = "stanford";
  d.name = "stanford";
  d.convention = DhConvention::kStandard;
  const JointLimits r170 = range(-170 * kDeg, 170 * kDeg);
  d.links = {
      link(1, R, 0, -kPi / 2, 0.412, 0, inertial(9.29, {0, 0.0175, -0.1105}, 0.276, 0.255, 0.071), r170),
      link(2, R, 0, kPi / 2, 0.154, 0, inertial(5.01, {0, -0.1054, 0}, 0.108, 0.018, 0.100), r170),
      link(3, P, 0, 0, 0, -kPi / 2, inertial(4.25, {0, 0, -0.6447}, 2.51, 2.51, 0.006),
           range(12 * 0.0254, 50 * 0.0254)),
      link(4, R, 0, -kPi / 2, 0, 0, inertial(1.08, {0, 0.0092, -0.0054}, 0.002, 0.001, 0.001), r170),
      link(5, R, 0, kPi / 2, 0, 0, inertial(0.63, {0, 0.0566, 0.0003}, 0.003, 0.0004, 0.0026),
           range(-90 * kDeg, 90 * kDeg)),
      link(6, R, 0, 0, 0.263, 0, inertial(0.51, {0, 0, 0.1554}, 0.013, 0.013, 0.0003), r170),
  };
  BuiltinModel out{model_from_dh(d), {}, "Paul (1981) Tables 6.5-6.6 via Corke's toolbox, standard DH"};
  out.poses = {{"zero", {0, 0, 0.5, 0, 0, 0}, "angles zero, boom out 0.5 m"}};
  return out;
}

BuiltinModel planar2r() {
  // [Craig] §6.7: two links, point masses m1, m2 at the distal ends (l1, l2), modified DH rows
  // (0, 0, 0, t1), (0, l1, 0, t2), tool frame {3} at l2 along X2. Numbers: l1 = 1, l2 = 0.5,
  // m1 = 2, m2 = 1 (the numeric instance our tests use).
  return craig_arm("planar2r",
                   {link(1, R, 0, 0, 0, 0, inertial(2, {1, 0, 0}, 0, 0, 0)),
                    link(2, R, 1, 0, 0, 0, inertial(1, {0.5, 0, 0}, 0, 0, 0))},
                   {{"zero", {0, 0}, "stretched out horizontally"}, {"down", {-kPi / 2, 0}, "hanging down"}},
                   "Craig, Introduction to Robotics, §6.7 (point masses)", 0.5);
}

BuiltinModel planar3r() {
  // [Craig] MATLAB exercise 6B: L = 4, 3, 2 m; m = 20, 15, 10 kg; Izz about the centres of mass
  // 0.5, 0.2, 0.1 kg m^2; centres of mass at mid-link. The exercise gives Izz only; each link is
  // read as a slender rod along its x axis (Ixx = 0, Iyy = Izz), which no planar motion feels.
  return craig_arm("planar3r",
                   {link(1, R, 0, 0, 0, 0, inertial(20, {2, 0, 0}, 0, 0.5, 0.5)),
                    link(2, R, 4, 0, 0, 0, inertial(15, {1.5, 0, 0}, 0, 0.2, 0.2)),
                    link(3, R, 3, 0, 0, 0, inertial(10, {1, 0, 0}, 0, 0.1, 0.1))},
                   {{"zero", {0, 0, 0}, "stretched out horizontally"},
                    {"exercise", {10 * kDeg, 20 * kDeg, 30 * kDeg}, "the pose of exercise 6B"}},
                   "Craig, MATLAB exercise 6B", 2);
}

BuiltinModel craig3r() {
  // [Craig] programming exercise part 6: l1 = l2 = 0.5 m; m1 = 4.6, m2 = 2.3, m3 = 1.0 kg; links
  // 1 and 2 with their mass at the distal end; link 3's centre of mass at the origin of {3} with
  // ^{C3}I = diag(0.05, 0.1, 0.1) kg m^2.
  return craig_arm("craig3r",
                   {link(1, R, 0, 0, 0, 0, inertial(4.6, {0.5, 0, 0}, 0, 0, 0)),
                    link(2, R, 0.5, 0, 0, 0, inertial(2.3, {0.5, 0, 0}, 0, 0, 0)),
                    link(3, R, 0.5, 0, 0, 0, inertial(1.0, {0, 0, 0}, 0.05, 0.1, 0.1))},
                   {{"hanging", {-90 * kDeg, 0, 0}, "hanging straight down (an equilibrium)"},
                    {"exercise", {30 * kDeg, 30 * kDeg, 10 * kDeg}, "test (b) of the exercise"}},
                   "Craig, programming exercise part 6");
}

BuiltinModel rp() {
  // [Craig] Example 6.5: a revolute joint then a prismatic one sliding along the arm. m1 = 2,
  // m2 = 1.5 kg; link 1's centre of mass at l1 = 0.4 m from the joint-1 axis; Izz1 = 0.1,
  // Izz2 = 0.05 kg m^2 about axes parallel to joint 1; link 2's centre of mass at the origin of
  // {2}, at distance d2 = q2 from the joint-1 axis. Frames: Z2 along the slide direction, which is
  // Y1 (joint 1's angle offset of -90 deg makes the slide point at angle t1 from X0).
  return craig_arm("rp",
                   {link(1, R, 0, 0, 0, -kPi / 2, inertial(2, {0, 0.4, 0}, 0.06, 0.06, 0.1)),
                    link(2, P, 0, -kPi / 2, 0, 0, inertial(1.5, {0, 0, 0}, 0.05, 0.05, 0.01), range(0, 1.0))},
                   {{"zero", {0, 0.5}, "horizontal, slide at 0.5 m"}}, "Craig, Example 6.5");
}

}  // namespace

std::vector<std::string> builtin_names() { return {"puma560", "stanford", "planar2r", "planar3r", "craig3r", "rp"}; }

bool is_builtin(const std::string& name) {
  for (const std::string& n : builtin_names())
    if (n == name) return true;
  return false;
}

BuiltinModel builtin_model(const std::string& name) {
  if (name == "puma560") return puma560();
  if (name == "stanford") return stanford();
  if (name == "planar2r") return planar2r();
  if (name == "planar3r") return planar3r();
  if (name == "craig3r") return craig3r();
  if (name == "rp") return rp();
  throw InputError("unknown built-in model '" + name + "'");
}

}  // namespace armdyn
