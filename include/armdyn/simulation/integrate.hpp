#pragma once
// The one event loop of every time-stepping path (simulate.hpp, actuated.hpp, tasks/run.hpp):
// each supplies a Field (stepper.hpp) and an Observer; the loop advances the state from t = 0 to
// T through the events
//
//   output times   k P (time_grid.hpp), the last one exactly T; with no output period, every
//                  accepted step is an output (a fixed-step integrator's steps then end on k dt),
//   samples        k Tc of a sampled controller, where the right-hand side changes,
//   breakpoints    given times in (0, T) where the right-hand side may jump,
//
// an event within 1e-9 of the shortest period of another one happening with it. A fixed-step
// integrator takes equal steps of at most dt from one event to the next (never straddling one),
// or with steps_on_grid steps ending on the times k dt and on the events;
// rk45 chooses its own steps, starting from dt, lands on every event and restarts (forgets its
// last derivative) at every sample, breakpoint and projection.
//
// After every accepted step the loop checks that the state is finite (else the run diverged
// there), lets the observer project it (a constraint), watches the energy (energy_warning), calls
// on_step, and checks the joint limits (a warning once per joint, or the run stops there with
// stop_at_limits: the state there is the last output). At an event it then calls the observer's
// discontinuity() (samples, breakpoints), and after every step its after_step(); at an output,
// its output(). A run whose state, derivative or energy stops being finite, or whose rk45 step
// underflows, ends there; every output delivered before is finite; the statistics say where and why.
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "armdyn/simulation/stepper.hpp"

namespace armdyn::sim {

struct SimulationStats {
  long steps = 0;            ///< accepted integration steps
  long rejected_steps = 0;   ///< rk45 steps refused by the error control
  long evaluations = 0;      ///< forward-dynamics evaluations
  long samples = 0;          ///< output rows
  double final_time = 0;
  int limit_joint = -1;      ///< with stop_at_limits: the joint that stopped it, else -1
  /// The integration diverged: it ended at `diverged_at`, where the state, its acceleration or
  /// energy stopped being finite or rk45's step underflowed (`divergence` says which). The
  /// samples delivered before are all finite; final_time is the last one's.
  bool diverged = false;
  double diverged_at = std::numeric_limits<double>::quiet_NaN();
  std::string divergence;
  double initial_energy = 0;      ///< E(0) = K + V of the first sample
  double last_finite_time = 0;    ///< the last time the energy was evaluated and finite (a sample,
  double last_finite_energy = 0;  ///< or a step when energy_warning watches every step) and E there
  bool energy_warned = false;     ///< the energy_warning bound was passed (and warned about)
  double max_constraint_error = 0;  ///< with a constraint: the largest constraint error of the samples (m)
};

/// A kinetic and a potential energy, when the observer knows them.
struct Energies {
  bool known = false;
  double kinetic = 0, potential = 0;
};

/// What a run does at the loop's events; the loop calls these in time order.
class Observer {
 public:
  virtual ~Observer() = default;
  /// At a controller sample or a breakpoint reached at t (also a sample at t = 0), before
  /// after_step() and output() there.
  virtual void discontinuity(double t, State& x) {
    (void)t;
    (void)x;
  }
  /// After every accepted step: true when the state was moved (projected onto a constraint).
  virtual bool project(State& x) {
    (void)x;
    return false;
  }
  /// The energies at x (for energy_warning and the energy just before a divergence).
  virtual Energies energies(const State& x) {
    (void)x;
    return {};
  }
  /// After every accepted step to t (and at t = 0): the path's own per-step quantities. Null, or
  /// why the run diverged at t.
  virtual const char* after_step(double t, const State& x) {
    (void)t;
    (void)x;
    return nullptr;
  }
  /// The sample at an output time t (the first at t = 0), with its energies when it has them in
  /// `energies`. Null, or why the run diverged at t (the sample is not finite: not delivered).
  virtual const char* output(double t, const State& x, Energies& energies) = 0;
};

struct LoopOptions {
  double duration = 1.0;       ///< T
  double dt = 1e-3;            ///< the fixed steps' most, rk45's first step
  double output_period = 0.0;  ///< P; 0: every accepted step is an output
  double sample_period = 0.0;  ///< Tc; 0: no samples
  std::vector<double> breakpoints;  ///< any order; those outside (0, T) are ignored
  /// Fixed steps end on the times k dt as well as on the events (shortened there), so that the
  /// motion does not depend on the output period; false: equal steps between events (simulate's,
  /// as Craig's UPDATE).
  bool steps_on_grid = false;
  /// Joint limits of the state's q (the stepper's model) warned about, or with stop_at_limits
  /// ending the run; not checked when false.
  bool check_limits = true;
  bool stop_at_limits = false;
  /// > 0 (and the observer knows the energies): warn once when |E(t) - E(0)| exceeds
  /// energy_warning times the largest kinetic energy so far (plus 1e-9 (|K(0)| + |V(0)|)), at
  /// every output and after every 8th step (simulate.hpp).
  double energy_warning = 0.0;
  /// Receives each warning (one line, no newline); default: "armdyn: warning: ..." on stderr.
  std::function<void(const std::string&)> warn;
  /// Called after every accepted step with the time it reached; optional.
  std::function<void(double)> on_step;
};

/// Runs `stepper` on `field` from x (at t = 0) to T, calling `observer` at the events; x ends as
/// the last state reached. The returned statistics count steps, rejections, outputs and report a
/// divergence (samples == 0: the state at t = 0 was not finite); evaluations are the caller's.
/// The model gives the joint limits (stepper's model).
SimulationStats integrate(Stepper& stepper, const Model& model, Field& field, Observer& observer, State& x,
                          const LoopOptions& options);

}  // namespace armdyn::sim
