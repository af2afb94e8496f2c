// `armdyn actuate MODEL --actuators F --trajectory T.csv --out OUT.csv [--plot F.png] [--summary]`:
// the nominal control ([VP] §3.10) of a joint motion, i.e. the voltages, currents, powers, motor
// speeds and torques of the joints' DC motors (the valve currents, hydraulic powers, piston speeds
// and forces of their cylinders) that realise it (drives/nominal_control.hpp), as CSV through
// OutputFile (never half written), optionally with the P-n diagram of every motor over its
// catalogue envelope ([VP] ch. 5) as PNG and a summary with the envelope check on stderr.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/drives/nominal_control.hpp"
#include "armdyn/io/mjcf.hpp"
#include "armdyn/io/trajectory_csv.hpp"
#include "cli.hpp"
#include "drives_option.hpp"
#include "output_file.hpp"
#include "plot.hpp"

namespace armdyn::cli {
namespace {

struct ActuateOptions {
  std::string model, actuators, trajectory, out, plot;
  bool summary = false;
};

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x == 0 ? 0.0 : x);  // no "-0"
  return buf;
}

std::string csv_text(const drives::NominalControl& c) {
  const auto n = c.voltage.cols();
  std::string text = "t";
  for (Eigen::Index j = 1; j <= n; ++j) {
    const std::string k = std::to_string(j);
    text += ",u" + k + ",i" + k + ",power" + k + ",motor_speed" + k + ",motor_torque" + k;
  }
  text += ",energy\n";
  for (Eigen::Index r = 0; r < c.voltage.rows(); ++r) {
    text += shortest(c.t[static_cast<std::size_t>(r)]);
    for (Eigen::Index j = 0; j < n; ++j)
      for (const MatX<double>* m : {&c.voltage, &c.current, &c.power, &c.motor_speed_rpm, &c.motor_torque})
        text.append(",").append(number((*m)(r, j)));
    text.append(",").append(number(c.energy[r])).append("\n");
  }
  return text;
}

// The largest |column| and the first time it is reached.
std::pair<double, double> peak(const drives::NominalControl& c, const MatX<double>& m, Eigen::Index j) {
  Eigen::Index k = 0;
  const double value = m.col(j).cwiseAbs().maxCoeff(&k);
  return {value, c.t[static_cast<std::size_t>(k)]};
}

bool is_cylinder(const drives::Drive& d) {
  return d.motor->type == drives::MotorType::kHydraulic3 || d.motor->type == drives::MotorType::kHydraulic5;
}

// A cylinder's valve current against its max_current (the input's saturation).
std::string valve_text(const std::string& name, double max_current, const drives::NominalControl& c, Eigen::Index j) {
  if (!std::isfinite(max_current)) return "    " + name + ": a cylinder without max_current, nothing to check\n";
  int samples = 0;
  double first = 0;
  for (Eigen::Index k = 0; k < c.voltage.rows(); ++k)
    if (std::abs(c.voltage(k, j)) > max_current && samples++ == 0) first = c.t[static_cast<std::size_t>(k)];
  if (samples == 0) return "    " + name + ": the valve current stays within max_current\n";
  return "    " + name + ": VIOLATION of the valve's max_current " + human(max_current, 4) + " A from t = " +
         shortest(first) + " s (" + std::to_string(samples) + " samples; peak " + human(peak(c, c.voltage, j).first, 4) +
         " A: the valve saturates)\n";
}

std::string envelope_text(const drives::DriveSet& drives, const drives::NominalControl& c) {
  const std::vector<drives::EnvelopeViolation> violations = drives::check_envelope(drives, c);
  std::string text = "  P-n check (|motor torque| against the catalogue envelope at |motor speed|):\n";
  for (int j = 0; j < drives.size(); ++j) {
    const std::string& name = drives.names()[static_cast<std::size_t>(j)];
    if (is_cylinder(drives[j])) {
      text += valve_text(name, drives[j].motor->hydraulic.max_current, c, j);
      continue;
    }
    const drives::MotorEnvelope e = drives::motor_envelope(drives[j].motor->dc);
    if (!std::isfinite(e.stall_torque) && !std::isfinite(e.current_torque)) {
      text += "    " + name + ": no max_voltage or max_current given, nothing to check\n";
      continue;
    }
    bool any = false;
    for (const drives::EnvelopeViolation& v : violations) {
      if (v.joint != j) continue;
      any = true;
      text += "    " + name + ": VIOLATION of the " + drives::to_string(v.limit) + " line from t = " +
              shortest(v.first_t) + " s (" + std::to_string(v.samples) + " samples; worst at t = " +
              shortest(v.worst_t) + " s: " + human(v.worst_torque, 4) + " N m at " + human(v.worst_speed_rpm, 4) +
              " rpm, the line allows " + human(v.worst_allowed, 4) + " N m)\n";
    }
    if (!any) text += "    " + name + ": inside the envelope\n";
  }
  return text;
}

std::string summary_text(const Model& model, const drives::DriveSet& drives, const drives::NominalControl& c) {
  std::string text = "armdyn actuate: " + model.name + ", " + std::to_string(c.t.size()) + " samples from t = " +
                     shortest(c.t.front()) + " to " + shortest(c.t.back()) + " s\n";
  std::vector<std::vector<std::string>> rows = {
      {"joint", "motor", "peak |u| (V)", "at t (s)", "peak |i| (A)", "at t (s)", "peak |power| (W)", "energy (J)"}};
  for (int j = 0; j < model.dof; ++j) {
    const auto [u, tu] = peak(c, c.voltage, j);
    const auto [i, ti] = peak(c, c.current, j);
    const double p = peak(c, c.power, j).first;
    double energy = 0;  // this motor's share: the trapezoid of its power
    for (std::size_t k = 1; k < c.t.size(); ++k)
      energy += 0.5 * (c.power(static_cast<Eigen::Index>(k - 1), j) + c.power(static_cast<Eigen::Index>(k), j)) *
                (c.t[k] - c.t[k - 1]);
    rows.push_back({model.joint_names[static_cast<std::size_t>(j)], drives::to_string(drives[j].motor->type),
                    human(u, 6), shortest(tu), human(i, 6), shortest(ti), human(p, 6), human(energy, 6)});
  }
  text += format_table(rows, {false, false, true, true, true, true, true, true});
  bool cylinders = false;
  for (int j = 0; j < drives.size(); ++j) cylinders = cylinders || is_cylinder(drives[j]);
  text += std::string(cylinders ? "  energy (electrical and hydraulic) " : "  electrical energy ") +
          human(c.energy[c.energy.size() - 1], 6) + " J (negative power: returned by the actuators)\n";
  if (cylinders) text += "  cylinders: u and i are the valve current (A), power the hydraulic power p Q (W)\n";
  return text + envelope_text(drives, c);
}

// The plotting script's --envelope=STALL:NO_LOAD_RPM:CURRENT_TORQUE per motor ("inf": no line),
// --envelope=cylinder for a cylinder (its force against its piston speed, no envelope).
std::vector<std::string> envelope_args(const drives::DriveSet& drives) {
  std::vector<std::string> out;
  for (int j = 0; j < drives.size(); ++j) {
    if (is_cylinder(drives[j])) {
      out.push_back("--envelope=cylinder");
      continue;
    }
    const drives::MotorEnvelope e = drives::motor_envelope(drives[j].motor->dc);
    const double rpm = e.no_load_speed * 60.0 / (2.0 * std::numbers::pi);
    out.push_back("--envelope=" + number(e.stall_torque) + ":" + number(rpm) + ":" + number(e.current_torque));
  }
  return out;
}

int run_actuate_command(const ActuateOptions& o) {
  // The destinations, checked before any work.
  OutputFile csv(o.out, "--out");
  std::unique_ptr<OutputFile> png;
  if (!o.plot.empty()) {
    png = std::make_unique<OutputFile>(o.plot, "--plot");
    plot_script_path("plot_actuate.py");
  }
  const Model model = load_any_model(o.model);
  require_angle_coordinates(model, "armdyn actuate");
  const drives::DriveSet drives = load_cli_drives(o.actuators, model, o.model);
  drives::check_nominal_drives(model, drives);
  const drives::SampledMotion motion = read_trajectory_csv(o.trajectory, model.dof);
  const drives::NominalControl control = drives::nominal_control(model, drives, motion);
  for (const MatX<double>* m : {&control.voltage, &control.current, &control.power})
    if (!m->allFinite())
      throw InputError(o.trajectory + ": the nominal control is not finite (a motion far out of range?)");

  csv.write(csv_text(control));
  if (png) {
    // The plotting script reads a file: the CSV's temporary, or for a stream a scratch copy.
    std::unique_ptr<OutputFile> scratch;
    std::string rows_path;
    if (csv.streaming()) {
      scratch = OutputFile::scratch("armdyn_actuate", ".csv", "--plot");
      scratch->write(csv_text(control));
      scratch->flush();
      rows_path = scratch->temporary_path();
    } else {
      csv.flush();
      rows_path = csv.temporary_path();
    }
    plot_simulation(rows_path, *png, "armdyn actuate " + model.name + ": P-n diagrams", model.joint_names,
                    "plot_actuate.py", envelope_args(drives));
    commit_together({&csv, png.get()});
  } else {
    csv.commit();
  }
  if (o.summary) std::fputs(summary_text(model, drives, control).c_str(), stderr);
  return kExitOk;
}

}  // namespace

Command add_actuate_command(CLI::App& app) {
  auto o = std::make_shared<ActuateOptions>();
  CLI::App* sub = app.add_subcommand(
      "actuate",
      "Nominal control: the motor voltages (valve currents), currents and powers that realise a joint motion, as CSV");
  sub->add_option("MODEL", o->model, "built-in model name or a .urdf / MJCF .xml / .json model file")->required();
  sub->add_option("--actuators", o->actuators,
                  "the joints' drives with a motor on every joint: dc2, dc3, or a hydraulic3 or hydraulic5 cylinder "
                  "on a prismatic joint (an actuator JSON file, docs/drives.md)")
      ->type_name("FILE")
      ->required();
  sub->add_option("--trajectory", o->trajectory,
                  "the motion: a CSV with columns t, q1..qn, v1..vn, a1..an (and optionally the jerk j1..jn), "
                  "e.g. what armdyn simulate or armdyn task wrote; '-': standard input")
      ->required();
  sub->add_option("--out", o->out,
                  "CSV file to write: t, then per joint k u<k>, i<k>, power<k>, motor_speed<k> (rpm), "
                  "motor_torque<k>, then energy ('-': stdout); for a cylinder u<k> = i<k> is the valve current, "
                  "power<k> p Q, motor_speed<k> the piston speed (m/s), motor_torque<k> its force (N)")
      ->required();
  sub->add_option("--plot", o->plot,
                  "PNG file: the P-n (torque-speed) diagram of every motor over its envelope (a cylinder's "
                  "force-speed points)");
  sub->add_flag("--summary", o->summary,
                "print peak voltage, current and power and the energy per motor, and the P-n envelope check "
                "(a cylinder's valve current against max_current), on stderr");
  return Command{sub, [o] { return run_actuate_command(*o); }};
}

}  // namespace armdyn::cli
