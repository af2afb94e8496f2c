#pragma once
// Dynamic simulation ([Craig] §6.12; [TML] §9): integrates qdd = M(q)^-1 (tau - c(q, qd)) from
// (q0, v0) over [0, T] and reports the state once per output period, like Craig's
// UPDATE(tau, period, theta, thetadot) procedure (the event loop of integrate.hpp, the plant's
// forward dynamics as its field): a fixed-step integrator takes several steps
// of at most `dt` per period (never straddling an output time or a controller sample); rk45
// chooses its own steps, starting from `dt`, and lands on those times exactly. The last sample
// is the state at exactly t = T (or at the stop, see stop_at_limits).
//
// Joint limits: the motion is that of the free rigid-body system; when a joint first leaves its
// [lower, upper] range a warning names it (once per joint). With stop_at_limits the simulation
// ends at the first step that leaves a range instead, and reports the state there.
//
// Divergence: when the state, its acceleration or its energy stops being finite (or rk45's step
// underflows), the run ends there and says so in its statistics; every sample delivered before
// is finite. A passive run (no torque) can also be watched for a growing energy error, which
// warns once before anything overflows (energy_warning).
#include <functional>
#include <limits>
#include <string>

#include "armdyn/dynamics/constrained.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/simulation/input.hpp"
#include "armdyn/simulation/integrate.hpp"
#include "armdyn/simulation/plant.hpp"

namespace armdyn::sim {

struct SimulationOptions {
  double duration = 1.0;        ///< T, seconds
  double dt = 1e-3;             ///< fixed step, or the first step of rk45
  double output_period = 0.0;   ///< seconds between samples; 0 = dt
  Integrator integrator = Integrator::kRk4;
  double rtol = 1e-6, atol = 1e-8;  ///< rk45's tolerances
  FdMethod fd_method = FdMethod::kAba;
  bool stop_at_limits = false;
  /// Receives each warning (one line, no newline); default: "armdyn: warning: ..." on stderr.
  std::function<void(const std::string&)> warn;
  /// For runs where no torque acts (total energy conserved): at every sample and after every
  /// 8th step, warn once when |E(t) - E(0)| exceeds energy_warning times the largest kinetic
  /// energy reached so far (plus 1e-9 (|K(0)| + |V(0)|) for round-off). 0 = not watched.
  double energy_warning = 0.0;
  /// Called after every accepted step with the time it reached (e.g. to show progress); optional.
  std::function<void(double)> on_step;
  /// The joints' drives (rotor inertia, friction; drives/drive_dynamics.hpp), or none: the rigid
  /// arm. Must outlive the run. The samples' kinetic energy then includes the rotors'.
  const drives::DriveSet* drives = nullptr;
  /// Friction with its exact sign and joints held by static friction (plant.hpp).
  StictionOptions stiction;
  /// A point held on a surface, a line or a point of another frame (a loop; dynamics/
  /// constrained.hpp, [VP] §2.10), or none. Must outlive the run. The motion is then the
  /// constrained one (KKT system with Baumgarte stabilisation, whatever fd_method says; with
  /// constraint->project, (q, v) projected back onto it after every accepted step); the samples
  /// carry the reaction forces and the constraint error. The initial state must be on the
  /// constraint within constraint_tolerance (metres for the position, m/s for the velocity).
  const PointConstraint<double>* constraint = nullptr;
  double constraint_tolerance = 1e-6;
  /// A prescribed base motion (dynamics/loads.hpp, [VP] (2.3.48)), or none: a source whose
  /// torque() at t gives the base's [v_O, w_O, a_O, e_O] (12 numbers, base axes; e.g. a
  /// TorqueTable of 12 columns). Must outlive the run. The energies stay those of the arm relative
  /// to its base (not conserved: the base does work).
  TorqueSource* base_motion = nullptr;
  /// Constant loads (dynamics/loads.hpp), or none: wrenches at frames or on bodies, a payload, a
  /// constant base motion (base_motion's table, when given, replaces it); with drives, stiction and
  /// a constraint alike (plant.hpp). Copied at the start. The samples' energies are the arm's
  /// without them (a payload that should count in them is held by with_payload instead).
  const Loads<double>* loads = nullptr;
};

/// A plant's forward dynamics as the stepper's field (stepper.hpp; no z): what simulate() steps.
class PlantField final : public Field {
 public:
  explicit PlantField(Plant& plant) : plant_(plant) {}
  void derivative(double t, VecIn<double> q, VecIn<double> v, VecIn<double>, Eigen::Ref<VecX<double>> a,
                  Eigen::Ref<VecX<double>>) override {
    a = plant_.acceleration(t, q, v);
  }

 private:
  Plant& plant_;
};

/// The most integration steps (duration / dt) and controller samples (duration x rate) a run
/// may imply, and the most output samples (duration / output period).
inline constexpr double kMaxSteps = 1e10;
inline constexpr double kMaxSamples = 1e9;

/// How check_options() names each option in its messages (the CLI passes its option names).
struct OptionNames {
  std::string duration = "duration", dt = "dt", output_period = "output_period", rtol = "rtol", atol = "atol";
};

/// InputError "<name> ..." unless: duration, dt, output_period (0 = dt) are positive and finite;
/// duration / dt <= kMaxSteps; duration / output period <= kMaxSamples; for rk45 rtol in
/// [1e-14, 1] and atol in [1e-20, 1] (tighter cannot be met in double precision, looser is no
/// error control); energy_warning >= 0 and finite.
void check_options(const SimulationOptions& options, const OptionNames& names = {});

/// The state at one output time, with the torque applied from then on, the acceleration it
/// produces, and the energies.
struct Sample {
  double t = 0;
  VecX<double> q, v, a, tau;
  double kinetic = 0, potential = 0;
  double energy() const { return kinetic + potential; }
  /// With a constraint: the normal forces N_k on the arm (one on a surface, two on a line; a
  /// loop: the reaction on its first frame, 3 or 6) and the constraint error max_k |h_k| (m);
  /// empty and 0 without one.
  VecX<double> contact_force;
  double constraint_error = 0;
};

/// Runs the simulation; `observer` receives every sample in time order (the first at t = 0).
/// InputError for bad options (check_options; also duration x the controller's rate above
/// kMaxSteps), wrong-sized or non-finite q0, v0, an initial state whose acceleration or energy
/// is not finite, or one off the constraint (check_constraint). A run that diverges later returns normally with stats.diverged set.
SimulationStats simulate(const Model& model, VecIn<double> q0, VecIn<double> v0, TorqueSource& source,
                         const SimulationOptions& options, const std::function<void(const Sample&)>& observer);

/// The CSV header "t,q1,..,qn,v1,..,vn,a1,..,an,tau1,..,taun,kinetic,potential,energy", then
/// with contact forces (a constraint) ",contact_force1[,contact_force2...],constraint_error".
std::string csv_header(int dof, int contact_forces = 0);
/// The same for a model whose q has nq entries and v nv (quaternion joints): q1..q<nq>, then
/// v, a and tau with nv each.
std::string csv_header(int nq, int nv, int contact_forces);
/// One CSV row of a sample (with its contact forces and constraint error when it has contact
/// forces), ending in '\n': the time in the shortest form that reads back
/// exactly (0.1, not 0.10000000000000001), every other number with 17 significant digits.
std::string csv_row(const Sample& sample);

}  // namespace armdyn::sim
