#pragma once
// Dynamic simulation ([Craig] §6.12; [TML] §9): integrates qdd = M(q)^-1 (tau - c(q, qd)) from
// (q0, v0) over [0, T] and reports the state once per output period, like Craig's
// UPDATE(tau, period, theta, thetadot) procedure: a fixed-step integrator takes several steps
// of at most `dt` per period (never straddling an output time or a controller sample); rk45
// chooses its own steps, starting from `dt`, and lands on those times exactly. The last sample
// is the state at exactly t = T (or at the stop, see stop_at_limits).
//
// Joint limits: the motion is that of the free rigid-body system; when a joint first leaves its
// [lower, upper] range a warning names it (once per joint). With stop_at_limits the simulation
// ends at the first step that leaves a range instead, and reports the state there.
#include <functional>
#include <string>

#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/simulation/input.hpp"
#include "armdyn/simulation/integrator.hpp"

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
};

/// The state at one output time, with the torque applied from then on, the acceleration it
/// produces, and the energies.
struct Sample {
  double t = 0;
  VecX<double> q, v, a, tau;
  double kinetic = 0, potential = 0;
  double energy() const { return kinetic + potential; }
};

struct SimulationStats {
  long steps = 0;            ///< accepted integration steps
  long rejected_steps = 0;   ///< rk45 steps refused by the error control
  long evaluations = 0;      ///< forward-dynamics evaluations
  long samples = 0;          ///< output rows
  double final_time = 0;
  int limit_joint = -1;      ///< with stop_at_limits: the joint that stopped it, else -1
};

/// Runs the simulation; `observer` receives every sample in time order (the first at t = 0).
/// InputError for bad options or wrong-sized q0, v0; std::runtime_error if the state stops being
/// finite or rk45's step underflows.
SimulationStats simulate(const Model& model, VecIn<double> q0, VecIn<double> v0, TorqueSource& source,
                         const SimulationOptions& options, const std::function<void(const Sample&)>& observer);

/// The CSV header "t,q1,..,qn,v1,..,vn,a1,..,an,tau1,..,taun,kinetic,potential,energy".
std::string csv_header(int dof);
/// One CSV row of a sample, every number with 17 significant digits, ending in '\n'.
std::string csv_row(const Sample& sample);

}  // namespace armdyn::sim
