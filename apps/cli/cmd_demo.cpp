// `armdyn demo` (what `make demo` runs): the PUMA 560's gravity torques, mass matrix and inverse
// dynamics at each of its named poses, printed for a person to read.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/model/catalogue.hpp"
#include "cli.hpp"

namespace armdyn::cli {
namespace {

constexpr double kSampleVelocity = 0.5;      // rad/s at every joint
constexpr double kSampleAcceleration = 1.0;  // rad/s^2 at every joint

std::string printf_string(const char* format, double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, x);
  return buffer;
}

constexpr double kRoundOff = 1e-12;  // smaller magnitudes are printed as 0

// One labelled line of fixed-width numbers (4 significant digits; round-off printed as 0).
std::string row(const std::string& label, const VecX<double>& x, double scale = 1.0) {
  char head[64];
  std::snprintf(head, sizeof head, "  %-16s", label.c_str());
  std::string line = head;
  for (Eigen::Index k = 0; k < x.size(); ++k) {
    const double v = x[k] * scale;
    line += printf_string(" %10.4g", std::abs(v) < kRoundOff ? 0.0 : v);
  }
  return line + "\n";
}

std::string run_demo() {
  const BuiltinModel puma = builtin_model("puma560");
  const Model& model = puma.model;
  Data data(model);
  const int n = model.dof;
  std::string out;
  out += "armdyn demo: the PUMA 560\n";
  out += "  parameters    " + puma.reference + "\n";
  out += "  dof           " + std::to_string(n) + " (all revolute)\n";
  double total = 0;
  std::string masses;
  for (int i = 0; i < n; ++i) {
    total += model.mass[i];
    masses += (i ? ", " : "") + human(model.mass[i], 4);
  }
  out += "  link masses   " + masses + " kg (total " + human(total, 4) + " kg)\n";
  out += "  gravity       [" + human(model.gravity[0]) + ", " + human(model.gravity[1]) + ", " +
         human(model.gravity[2]) + "] m/s^2\n";
  out += "  sample motion qd = " + human(kSampleVelocity) + " rad/s, qdd = " + human(kSampleAcceleration) +
         " rad/s^2 at every joint\n";
  out += "  (4 significant digits; magnitudes below " + human(kRoundOff) + " are round-off, printed as 0)\n";

  std::string header = "  " + std::string(16, ' ');
  for (int j = 0; j < n; ++j) {
    char cell[32];
    std::snprintf(cell, sizeof cell, " %10s", ("joint " + std::to_string(j + 1)).c_str());
    header += cell;
  }

  const VecX<double> qd = VecX<double>::Constant(n, kSampleVelocity);
  const VecX<double> qdd = VecX<double>::Constant(n, kSampleAcceleration);
  for (const NamedPose& pose : puma.poses) {
    const VecX<double> q = Eigen::Map<const VecX<double>>(pose.q.data(), n);
    out += "\npose '" + pose.name + "': " + pose.description + "\n";
    out += header + "\n";
    out += row("q [deg]", q, 180.0 / std::numbers::pi);
    out += row("g(q) [N m]", gravity_torque(model, data, q));
    const VecX<double> tau = rnea(model, data, q, qd, qdd);
    out += row("tau [N m]", tau);
    out += "  mass matrix M(q) [kg m^2]\n";
    const MatX<double> M = crba(model, data, q);
    for (int r = 0; r < n; ++r) out += row("", M.row(r).transpose());
    const VecX<double>& back = forward_dynamics(model, data, q, qd, tau);
    double err = 0;
    for (int j = 0; j < n; ++j) err = std::max(err, std::abs(back[j] - qdd[j]));
    out += "  check: forward dynamics of tau gives back qdd to " + human(err, 2) + " rad/s^2\n";
  }
  return out;
}

}  // namespace

Command add_demo_command(CLI::App& app) {
  CLI::App* sub = app.add_subcommand(
      "demo", "The PUMA 560 at its named poses: gravity torques, mass matrix, inverse dynamics");
  return Command{sub, [] {
                   write_stdout(run_demo());
                   return kExitOk;
                 }};
}

}  // namespace armdyn::cli
