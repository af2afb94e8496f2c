#pragma once
// The task runner ([VP] §3.1-3.2, Fig. 3.1): integrates the joint motion that makes a frame
// follow a prescribed motion. At every evaluation the adjustment block (blocks.hpp) gives
// q̈ = B⁺(ẍ − A) from the reference at t and the state (q, q̇) ([VP] (3.1.6)); q, q̇ come from
// the stepper and event loop every simulation shares (simulation/integrate.hpp): a fixed-step
// integrator (rk4) steps on the times k dt, each step shortened to land on an output time, a
// breakpoint or T (so the motion does not depend on the output period), or rk45 chooses its
// steps by error control and lands on every event.
// At every step boundary the drives follow by inverse dynamics, P = rnea(q, q̇, q̈) ([VP]
// (3.1.8); on a moving base rnea with the base motion as its Loads, [VP] (2.3.48): the task is then prescribed in the
// base's frame, and only the drives change), and with them the consumed energy ([VP] (3.5.2)-(3.5.4)):
//   E ← E + Σ_j |q_j(t_i) − q_j(t_{i−1})| · |½ (P_j(t_{i−1}) + P_j(t_i))|,
// over every integration step (not only the output rows), so that negative work counts too.
//
// Drift correction: integration error makes the frame wander from the reference when q̈
// follows [VP] (3.1.6) as it is. By default the task acceleration gets a PD pull on the task
// error (blocks.hpp) with kp = 400 1/s², kd = 40 1/s (critically damped, 20 rad/s): with rk4
// and dt = 1e-3 the frame then stays within 1e-6 m / 1e-6 rad of a reference that is smooth
// between its breakpoints (tests/tasks/run_test.cpp); set both gains to zero for the
// uncorrected form.
//
// What is recorded goes through a list of column producers (columns.hpp), so that drives,
// reactions, segment stresses or the gripper force are columns added later by new producers,
// not a change of the runner.
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "armdyn/simulation/input.hpp"
#include "armdyn/simulation/integrator.hpp"
#include "armdyn/tasks/blocks.hpp"

namespace armdyn::tasks {

/// The prescribed motion the runner follows over [0, duration] (TaskMotion::sample fits).
/// `breakpoints`: the times in (0, duration) where the reference's acceleration may jump (segment
/// boundaries, the corners of triangular and trapezoidal profiles). Every integration step ends
/// at them, and within a step [t_a, t_b] the reference is sampled at t clamped to
/// [t_a + ε, t_b − ε] (ε = 1e-9 (t_b − t_a)), so that each step sees the one-sided limits of
/// the smooth piece it lies on: a jump between steps costs no accuracy, one inside a step costs
/// O(h × jump).
/// `on_breakpoint` (optional) is called when the motion reaches each breakpoint, with the state
/// there, before the reference is sampled again (e.g. TaskMotion::restart_joint: a joint a
/// segment prescribes starts from where the arm has brought it).
struct ReferencePath {
  double duration = 0;
  std::function<void(double t, TaskReference& out)> sample;
  std::vector<double> breakpoints;
  std::function<void(double t, const VecX<double>& q, const VecX<double>& v)> on_breakpoint;
};

/// Default drift correction (see above).
inline constexpr TaskGains kDefaultDriftCorrection{400.0, 40.0};

struct RunOptions {
  sim::Integrator integrator = sim::Integrator::kRk4;
  double dt = 1e-3;            ///< rk4's step; rk45's first step
  double output_period = 0;    ///< seconds between recorded states; 0: every step
  double rtol = 1e-10, atol = 1e-12;  ///< rk45's tolerances
  BlockOptions block{kDefaultDriftCorrection, {}, 1e-4, 1e-2};
  /// The base's motion against time (not owned; null: a fixed base): its torque(t, q, v, x)
  /// writes the 12 numbers [v_O; w_O; a_O; ε_O] of BaseMotion (dynamics/loads.hpp), as
  /// simulate's SimulationOptions::base_motion.
  sim::TorqueSource* base_motion = nullptr;
};

/// InputError "<name> ..." unless dt, output_period (0 allowed) are positive and finite, the
/// step and row counts are bounded (sim::kMaxSteps, sim::kMaxSamples) and rk45's tolerances are
/// in range. `dt_name`, `period_name` name the options in messages.
void check_run_options(const RunOptions& options, double duration, const std::string& dt_name = "dt",
                       const std::string& period_name = "output_period");

/// The state at an output time, what every column is computed from.
struct RunState {
  const Model* model = nullptr;
  int frame = -1;
  double t = 0;
  const VecX<double>* q = nullptr;
  const VecX<double>* v = nullptr;
  const VecX<double>* a = nullptr;
  const VecX<double>* tau = nullptr;  ///< the drives P = rnea(q, q̇, q̈) (rnea with the base motion as its Loads on a moving base)
  Transform<double> pose;             ///< the frame in the base frame
  Vec6<double> velocity = Vec6<double>::Zero();      ///< [origin velocity; w], base axes
  Vec6<double> acceleration = Vec6<double>::Zero();  ///< [origin acceleration; ẇ], base axes
  const TaskReference* reference = nullptr;           ///< the prescribed motion at t
  double energy_consumed = 0;                         ///< J, [VP] (3.5.2)-(3.5.4), up to t
  double position_deviation = 0;     ///< |p_ref − p| (m)
  double orientation_deviation = 0;  ///< rad: angle of R_ref Rᵀ (full), between axis and
                                     ///< direction (approach), 0 (free)
  bool damped = false;               ///< the block was near-singular (damped least squares)
};

/// A value and when it occurred.
struct Peak {
  double value = 0, t = 0;
};

/// What the whole run showed (every step boundary, not only the output rows).
struct RunSummary {
  double duration = 0;
  std::vector<Peak> peak_tau, peak_v;  ///< per joint: the largest |P_j| and |q̇_j|
  double energy_consumed = 0;
  Peak position_deviation, orientation_deviation;  ///< the largest deviations from the reference
  long steps = 0, rejected_steps = 0, evaluations = 0, rows = 0;
  long damped_steps = 0;  ///< step boundaries where B was near-singular
  double first_damped = std::numeric_limits<double>::quiet_NaN();  ///< the first such time
};

/// Runs frame `frame` (an index into model.frames) of `model` along `path` from (q0, v0);
/// `observer` gets the state at t = 0, at every output time, and at exactly path.duration.
/// InputError for bad options, a wrong-sized or non-finite q0 / v0, a block with more rows than
/// joints, or a motion that stops being finite (naming the time).
RunSummary run_task(const Model& model, int frame, const ReferencePath& path, VecIn<double> q0, VecIn<double> v0,
                    const RunOptions& options, const std::function<void(const RunState&)>& observer);

/// [VP] (3.5.4) for one step: Σ_j |q1_j − q0_j| · |½ (tau0_j + tau1_j)|.
double step_energy(VecIn<double> q0, VecIn<double> q1, VecIn<double> tau0, VecIn<double> tau1);

}  // namespace armdyn::tasks
