#pragma once
// `--actuators FILE|puma560|urdf` of eval, simulate and info (docs/drives.md): the drives a
// command applies, what eval reports with them, and how info shows them.
#include <string>

#include "armdyn/drives/drive.hpp"
#include "armdyn/model/model.hpp"
#include "cli.hpp"
#include "json_writer.hpp"

namespace armdyn::cli {

/// Adds `--actuators` to `sub`, bound to `spec`.
void add_actuators_option(CLI::App* sub, std::string& spec);

/// The drives of `spec` for `model` (loaded from `model_spec`); none when `spec` is empty.
drives::DriveSet load_cli_drives(const std::string& spec, const Model& model, const std::string& model_spec);

/// tau with the drives' terms added (G^2 Jm a + f(v), exact sign) in `scratch`, or tau itself
/// when there are none.
const VecX<double>& with_drive_torque(const drives::DriveSet& drives, const VecX<double>& tau, const VecX<double>& v,
                                      const VecX<double>& a, VecX<double>& scratch);
/// M with the reflected inertia on its diagonal in `scratch`, or M itself without drives.
const MatX<double>& with_reflected_inertia(const drives::DriveSet& drives, const MatX<double>& M, MatX<double>& scratch);

/// The drives as a text table for `armdyn info` (a section starting with an empty line).
std::string drives_text(const drives::DriveSet& drives);
/// The drives as the value of info's "drives" key (null when there are none).
void drives_json(JsonWriter& w, const drives::DriveSet& drives);

}  // namespace armdyn::cli
