#pragma once
// Simulation driven by the actuators' inputs: the complete model of arm and actuators
// (drives/complete_model.hpp, [VP] (3.8.10)) x' = C^(x) + D^(x) N(u(t)) integrated from
// x(0) = (q0, v0, and 0 for every current, pressure and valve flow) over [0, T], with the
// inputs u(t) (volts for a DC motor, the servovalve's current for a hydraulic actuator) from a
// TorqueSource read as a vector function of time (ConstantTorque, TorqueTable).
//
// The output times, the fixed steps (never straddling an output time), rk45's steps, the joint
// limits (a warning per joint, or stop_at_limits) and divergence (the run ends where the state
// or its derivative stops being finite; every sample before is finite) are simulate.hpp's: the
// same stepper (stepper.hpp, the currents, pressures and valve flows in its z) and event loop
// (integrate.hpp).
// Each sample's tau is the torque (force) P the actuators deliver to the links, (3.8.9), and its
// kinetic energy includes the rotors' and pistons' sum 1/2 J_j q_j'^2.
#include <functional>
#include <string>

#include "armdyn/drives/complete_model.hpp"
#include "armdyn/simulation/input.hpp"
#include "armdyn/simulation/simulate.hpp"

namespace armdyn::sim {

/// One output row of an actuated run: the rigid-body sample and the actuators' own quantities.
struct ActuatedSample : Sample {
  VecX<double> x;       ///< the stacked actuator state (drives::CompleteModel's layout)
  VecX<double> u;       ///< the inputs as the actuators receive them: N(u(t)), a DC motor's current limit applied
  VecX<double> output;  ///< per joint: the motor current (DC; dc2 by (3.9.6)) or the pressure p (hydraulic)
};

/// Runs the simulation; `observer` receives every sample in time order (the first at t = 0).
/// Reads of `options`: duration, dt, output_period, integrator, rtol, atol, stop_at_limits, warn,
/// on_step (the others are the rigid arm's). InputError for bad options (check_options), an
/// input with a sampling period, wrong-sized or non-finite q0, v0, or an initial state whose
/// derivative is not finite. A run that diverges later returns with stats.diverged set.
SimulationStats simulate_actuated(const drives::CompleteModel& cm, VecIn<double> q0, VecIn<double> v0,
                                  TorqueSource& input, const SimulationOptions& options,
                                  const std::function<void(const ActuatedSample&)>& observer);

/// csv_header's columns, then per joint k `i<k>` (DC motor current, A) or `p<k>` (hydraulic
/// pressure difference, Pa).
std::string actuated_csv_header(const drives::CompleteModel& cm);
/// csv_row's numbers, then the sample's `output` (17 significant digits), ending in '\n'.
std::string actuated_csv_row(const ActuatedSample& sample);

}  // namespace armdyn::sim
