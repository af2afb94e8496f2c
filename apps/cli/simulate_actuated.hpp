#pragma once
// `armdyn simulate MODEL --actuators F --voltage const:LIST|FILE.csv`: the complete model of arm
// and actuators (drives/complete_model.hpp) driven by the actuators' inputs (volts for a DC
// motor, the servovalve's current for a hydraulic cylinder; docs/drives.md). The CSV keeps
// simulate's columns (tau: the torque the actuators deliver) and appends per joint k `i<k>`
// (a DC motor's current) or `p<k>` (a cylinder's pressure difference).
#include <string>

#include "armdyn/drives/drive.hpp"
#include "armdyn/model/model.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "output_file.hpp"

namespace armdyn::cli {

/// What the actuated run reads of simulate's options besides the model, state and numbers.
struct VoltageRunOptions {
  std::string voltage;     ///< --voltage: const:LIST or a CSV file (t, then one column per joint)
  std::string integrator;  ///< --integrator's name (for the summary and messages)
  double rtol = 0, atol = 0, dt = 0;
  bool summary = false, quiet = false;
};

/// InputError unless `voltage` is empty or comes with --actuators and without --torque (other
/// than zero), --controller and --stiction.
void check_voltage_options(const std::string& voltage, const std::string& actuators, const std::string& torque,
                           const std::string& controller, bool stiction);

/// Runs the actuated simulation of `model` with `drives` (a motor on every joint, else
/// InputError naming the actuator file and joint) from (q0, v0), the currents, pressures and
/// valve flows 0, writing the rows to `csv` (and the plot to `png` through `plot_rows` when
/// given, as run_simulate does). Returns the exit status (kExitDiverged when it diverged).
int run_voltage_simulation(const Model& model, const drives::DriveSet& drives, const VecX<double>& q0,
                           const VecX<double>& v0, const sim::SimulationOptions& options, const VoltageRunOptions& o,
                           OutputFile& csv, OutputFile* png, OutputFile* plot_rows);

}  // namespace armdyn::cli
