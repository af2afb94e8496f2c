// The one stepper and event loop (simulation/stepper.hpp, integrate.hpp) on every path: the same
// integrator and tolerance give the same accuracy whether the motion comes from simulate()
// (forward dynamics), simulate_actuated() (the complete model of arm and motors, its currents
// in the stepper's z) or run_task() (resolved acceleration along a prescribed motion).
//
// The motion: a pendulum whose two other joints stay at rest. Joint 1 turns about the base y
// axis (gravity -z); joint 2 slides along y, joint 3 turns about the link's x axis through the
// centre of mass of the last link, whose principal axes are the link's: the swing (in the x-z
// plane) exerts no force along y and no torque about that axis, so q2 = q3 = 0 throughout and
//   I θ'' = -(m1 c + m3 L) g sin θ,   I = I1yy + m1 c² + I2yy + I3yy + m3 L² (+ the rotor's J1),
// whose motion from rest at θ0 is, with k = sin(θ0 / 2), ω0² = (m1 c + m3 L) g / I and
// K = K(k) the complete elliptic integral of the first kind (the pendulum's classical closed form):
//   θ(t) = 2 asin(k sn(K - ω0 t, k)),   θ'(t) = -2 k ω0 cn(K - ω0 t, k).
// The motors (a DC motor on every joint, no friction) are made passive by an input that cancels
// their back-EMF, u = Ce q': no current flows (dc3: L i' = u - Ce q' - R i = -R i, i(0) = 0),
// so they only add their rotors' inertia J = G² Jm, which simulate() adds too (drives). The task
// is the last link's frame following the same swing: p = R_y(θ) (0, 0.1, -0.8).
#include <gtest/gtest.h>

#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/special_functions/jacobi_elliptic.hpp>
#include <cmath>
#include <vector>

#include "armdyn/model/builder.hpp"
#include "armdyn/simulation/actuated.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "armdyn/tasks/run.hpp"

namespace armdyn::sim {
namespace same_tolerance_every_path_test {

constexpr double kG = 9.81, kM1 = 2, kC = 0.5, kM2 = 0.5, kM3 = 1, kL = 0.8, kTip = 0.1;
constexpr double kI1 = 0.03, kI2 = 0.01, kI3 = 0.006;  // the links' inertias about their y axes
constexpr double kGear = 10, kRotor = 1e-4;             // J = G² Jm = 0.01 on every joint
constexpr double kTheta0 = 1.0, kDuration = 2.0, kPeriod = 0.1;

Model pendulum() {
  ModelBuilder b("test", "pendulum");
  JointSpec j1;
  j1.name = "swing";
  j1.axis = Vec3<double>::UnitY();
  LinkInertial l1;
  l1.mass = kM1;
  l1.com = Vec3<double>(0, 0, -kC);
  l1.inertia = Vec3<double>(0.02, kI1, 0.01).asDiagonal();
  b.add_link("base", j1, "link1", l1);
  JointSpec j2;
  j2.name = "slide";
  j2.type = JointType::kPrismatic;
  j2.axis = Vec3<double>::UnitY();
  LinkInertial l2;
  l2.mass = kM2;
  l2.inertia = Vec3<double>(kI2, kI2, kI2).asDiagonal();
  b.add_link("link1", j2, "link2", l2);
  JointSpec j3;
  j3.name = "tilt";
  j3.axis = Vec3<double>::UnitX();
  j3.origin.p = Vec3<double>(0, 0, -kL);
  j3.link_in_joint.p = Vec3<double>(0, kTip, 0);  // the link's frame (the task frame) off the axis
  LinkInertial l3;
  l3.mass = kM3;
  l3.com = Vec3<double>(0, -kTip, 0);  // on joint 3's axis
  l3.inertia = Vec3<double>(0.004, kI3, 0.005).asDiagonal();
  b.add_link("link2", j3, "link3", l3);
  b.set_gravity(Vec3<double>(0, 0, -kG));
  return b.build();
}

drives::DriveSet passive_motors(const Model& model) {
  std::vector<drives::Drive> set;
  for (drives::MotorType type : {drives::MotorType::kDc3, drives::MotorType::kDc2, drives::MotorType::kDc3}) {
    drives::Drive d;
    d.gear_ratio = kGear;
    d.rotor_inertia = kRotor;
    drives::Motor m;
    m.type = type;
    m.dc.resistance = 2;
    m.dc.inductance = type == drives::MotorType::kDc3 ? 0.1 : 0;  // L / R = 0.05 s: not stiff at these steps
    m.dc.torque_constant = 0.05;
    m.dc.back_emf_constant = 0.06;
    d.motor = m;
    set.push_back(d);
  }
  return drives::DriveSet(set, model.joint_names, "passive.json");
}

// u = Ce q' per joint: the back-EMF cancelled, no current, no torque.
class BackEmfCancelled final : public TorqueSource {
 public:
  void torque(double, VecIn<double>, VecIn<double> v, VecX<double>& u) override {
    u = (kGear * 0.06) * v;
  }
};

// The exact swing.
struct Swing {
  double k = std::sin(kTheta0 / 2), K = boost::math::ellint_1(k);
  double w0 = std::sqrt((kM1 * kC + kM3 * kL) * kG /
                        (kI1 + kM1 * kC * kC + kI2 + kI3 + kM3 * kL * kL + kGear * kGear * kRotor));
  double theta(double t) const { return 2 * std::asin(k * boost::math::jacobi_sn(k, K - w0 * t)); }
  double rate(double t) const { return -2 * k * w0 * boost::math::jacobi_cn(k, K - w0 * t); }
  double acceleration(double t) const { return -w0 * w0 * std::sin(theta(t)); }
};

// The three paths' θ at the output times k P, with one integrator, dt and tolerance.
struct Paths {
  std::vector<double> simulated, actuated, followed;
};

Paths run(Integrator integrator, double dt, double tolerance) {
  const Model model = pendulum();
  const drives::DriveSet motors = passive_motors(model);
  const VecX<double> q0 = Eigen::Vector3d(kTheta0, 0, 0), v0 = VecX<double>::Zero(3);
  Paths out;
  SimulationOptions o;
  o.integrator = integrator;
  o.duration = kDuration;
  o.dt = dt;
  o.output_period = kPeriod;
  o.rtol = tolerance;
  o.atol = 1e-3 * tolerance;
  o.drives = &motors;
  ZeroTorque none;
  simulate(model, q0, v0, none, o, [&](const Sample& s) {
    EXPECT_LT(s.q.tail<2>().cwiseAbs().maxCoeff(), 1e-12) << s.t;  // joints 2 and 3 at rest
    out.simulated.push_back(s.q[0]);
  });
  const drives::CompleteModel cm(model, motors);
  BackEmfCancelled input;
  o.drives = nullptr;
  simulate_actuated(cm, q0, v0, input, o, [&](const ActuatedSample& s) {
    EXPECT_LT(s.output.cwiseAbs().maxCoeff(), 1e-12) << s.t;  // no current
    out.actuated.push_back(s.q[0]);
  });
  const Swing swing;
  tasks::ReferencePath path;
  path.duration = kDuration;
  path.sample = [&swing](double t, tasks::TaskReference& r) {
    const double th = swing.theta(t), w = swing.rate(t), a = swing.acceleration(t);
    const Vec3<double> p(-kL * std::sin(th), kTip, -kL * std::cos(th)), tangent(-kL * std::cos(th), 0, kL * std::sin(th));
    r.p = p;
    r.dp = w * tangent;
    r.ddp = a * tangent + w * w * Vec3<double>(kL * std::sin(th), 0, kL * std::cos(th));
    r.orientation = tasks::OrientationMode::kFree;
  };
  tasks::RunOptions ro;
  ro.integrator = integrator;
  ro.dt = dt;
  ro.output_period = kPeriod;
  ro.rtol = tolerance;
  ro.atol = 1e-3 * tolerance;
  ro.block.gains = {};  // [VP] (3.1.6) as it is: the integration error shows
  tasks::run_task(model, model.frame_index("link3"), path, q0, v0, ro, [&](const tasks::RunState& s) {
    out.followed.push_back((*s.q)[0]);
  });
  return out;
}

double worst(const std::vector<double>& a, const std::vector<double>& b) {
  double w = 0;
  for (std::size_t i = 0; i < a.size(); ++i) w = std::max(w, std::abs(a[i] - b[i]));
  return w;
}

// rk45 (rtol = tol, atol = tol / 1000) keeps every path within a few tol of the exact swing;
// simulate() and the actuated simulation step the same equations through the same steps and
// agree to round-off (the currents, all zero, add nothing to the error control). The task runner
// integrates the resolved acceleration, whose right-hand side is driven by the reference: with
// the same integrator its error is of the same order (fixed steps: within a factor 2 of the
// others', and falling with the integrator's order), below the same bound under rk45.
TEST(EveryPath, TheSameToleranceGivesTheSameAccuracy) {
  const Swing swing;
  std::vector<double> exact;
  for (int k = 0; k <= 20; ++k) exact.push_back(swing.theta(kPeriod * k));
  struct Case {
    Integrator integrator;
    double dt, tolerance;
    double bound;  ///< on every path's error in θ (rad)
  };
  double previous_rk4[3] = {0, 0, 0};
  for (const Case& c : {Case{Integrator::kRk45, 1e-3, 1e-6, 5e-6}, Case{Integrator::kRk45, 1e-3, 1e-9, 5e-9},
                        Case{Integrator::kRk45, 1e-3, 1e-12, 3e-11}, Case{Integrator::kRk4, 1e-2, 0, 2e-7},
                        Case{Integrator::kRk4, 5e-3, 0, 1.5e-8}, Case{Integrator::kEuler, 1e-3, 0, 2e-2}}) {
    const Paths p = run(c.integrator, c.dt, c.tolerance);
    const std::string what = std::string(to_string(c.integrator)) + " dt " + std::to_string(c.dt) + " tol " +
                             std::to_string(c.tolerance);
    ASSERT_EQ(p.simulated.size(), exact.size()) << what;
    ASSERT_EQ(p.actuated.size(), exact.size()) << what;
    ASSERT_EQ(p.followed.size(), exact.size()) << what;
    const double errors[3] = {worst(p.simulated, exact), worst(p.actuated, exact), worst(p.followed, exact)};
    for (double e : errors) EXPECT_LT(e, c.bound) << what;
    EXPECT_LT(worst(p.simulated, p.actuated), 1e-13) << what;
    if (c.integrator != Integrator::kRk45) {
      EXPECT_LT(errors[2], 2 * errors[0]) << what;
      EXPECT_GT(errors[2], 0.5 * errors[0]) << what;
    }
    if (c.integrator == Integrator::kRk4) {  // dt halved: every path's error / 2^4
      for (int k = 0; k < 3; ++k) {
        if (previous_rk4[k] > 0) EXPECT_NEAR(previous_rk4[k] / errors[k], 16, 2) << what << " path " << k;
        previous_rk4[k] = errors[k];
      }
    }
  }
}

}  // namespace same_tolerance_every_path_test
}  // namespace armdyn::sim
