// Tasks: armdyn._run_task, the engine of armdyn.run_task (python/armdyn/_tasks.py), and _task_csv.
// The run is the one `armdyn task` makes (apps/cli/cmd_task.cpp, task_setup.cpp): the segments'
// masses, then the task's payload, the start (q, or the pose by inverse kinematics), the blocks
// checked against the arm, the reference path with its breakpoints and prescribed joints, and the
// same column producers (tasks/columns.hpp), so the table equals the CLI's CSV number for number.
#include <pybind11/stl.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "armdyn/tasks/task_path.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/io/task_json.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/tasks/columns.hpp"
#include "armdyn/tasks/inverse_kinematics.hpp"
#include "armdyn/tasks/motion.hpp"
#include "armdyn/tasks/run.hpp"
#include "handles.hpp"
#include "segments_arg.hpp"

namespace armdyn::python {

namespace {

struct ColumnChoice {
  bool reactions = false, stresses = false, gripper = false;
};

// The task's start: q given, or the pose reached by inverse kinematics from q_guess.
VecX<double> initial_q(const Model& model, int frame, const tasks::Task& task) {
  const tasks::InitialState& init = task.initial;
  if (init.q) return *init.q;
  if (!init.position) throw InputError(task.source + ": initial: neither \"q\" nor \"position\" given");
  tasks::IkTarget target;
  target.p = *init.position;
  target.orientation = init.orientation ? tasks::OrientationMode::kFull : tasks::OrientationMode::kFree;
  if (init.orientation) target.R = *init.orientation;
  if (tasks::block_rows(target.orientation, false) > model.dof)
    throw InputError(task.source + ": initial.orientation: a full orientation needs at least 6 joints; model '" +
                     model.name + "' has " + std::to_string(model.dof));
  const VecX<double> guess = init.q_guess ? *init.q_guess : VecX<double>::Zero(model.dof);
  const tasks::IkResult r = tasks::inverse_kinematics(model, frame, target, guess);
  if (!r.converged) throw InputError(task.source + ": initial.position: " + r.message);
  return r.q;
}

// Every segment's block must fit the arm: refused before any work, naming the segment.
void check_blocks(const Model& model, const tasks::Task& task, const tasks::TaskMotion& motion) {
  for (std::size_t k = 0; k < motion.segment_count(); ++k) {
    const bool joint = task.segments[k].joint.has_value();
    const tasks::OrientationMode mode = motion.segment_orientation(k);
    const int rows = tasks::block_rows(mode, joint);
    if (rows > model.dof)
      throw InputError(task.source + ": segments[" + std::to_string(k) + "]" + (joint ? "" : ".orientation") +
                       ": the adjustment block " + tasks::block_name(mode, joint) + " needs at least " +
                       std::to_string(rows) + " joints; model '" + model.name + "' has " + std::to_string(model.dof));
  }
}

py::dict summary_dict(const tasks::RunSummary& s) {
  const auto peaks = [](const std::vector<tasks::Peak>& p, bool time) {
    py::array_t<double> out = new_array({static_cast<py::ssize_t>(p.size())});
    for (std::size_t j = 0; j < p.size(); ++j) out.mutable_data()[j] = time ? p[j].t : p[j].value;
    return out;
  };
  py::dict d;
  d["duration"] = s.duration;
  d["energy_consumed"] = s.energy_consumed;
  d["position_deviation"] = s.position_deviation.value;
  d["position_deviation_t"] = s.position_deviation.t;
  d["orientation_deviation"] = s.orientation_deviation.value;
  d["orientation_deviation_t"] = s.orientation_deviation.t;
  d["peak_tau"] = peaks(s.peak_tau, false);
  d["peak_tau_t"] = peaks(s.peak_tau, true);
  d["peak_v"] = peaks(s.peak_v, false);
  d["peak_v_t"] = peaks(s.peak_v, true);
  d["steps"] = s.steps;
  d["rejected_steps"] = s.rejected_steps;
  d["evaluations"] = s.evaluations;
  d["rows"] = s.rows;
  d["damped_steps"] = s.damped_steps;
  d["first_damped"] = s.first_damped;
  return d;
}

py::dict run(const PyModel& py_model, const std::string& text, const std::string& source, bool is_path,
             py::handle segs, const ColumnChoice& with, const std::string& integrator, double dt, double output_period) {
  if (integrator != "rk4" && integrator != "rk45")
    throw py::value_error("run_task: integrator: '" + integrator + "' is not one of rk4, rk45");
  if (!(output_period >= 0) || !std::isfinite(output_period))
    throw py::value_error("run_task: output_period must be >= 0 and finite (0: every step)");
  Model model = py_model.get();
  std::shared_ptr<const segments::SegmentSet> set = py_model.segments;
  if (!segs.is_none()) {  // as `armdyn task --segments`: the masses from the sections, before the payload
    set = segments_arg(py_model, segs, "run_task");
    model = segments::with_section_masses(model, *set);
  }
  if (with.stresses && !set)
    throw py::value_error("run_task: stresses=True needs segments (a segment file, an armdyn.Segments, or a model "
                          "loaded with armdyn.load(..., segments=FILE))");
  if (with.stresses && set->empty())
    throw py::value_error("run_task: stresses=True: " + set->source() + " gives no link a section");
  const tasks::Task task = is_path ? read_task(text, model.dof) : parse_task(text, source, model.dof);
  const int frame = model.frame_index(task.frame);
  if (frame < 0) throw InputError(task.source + ": frame: no frame named '" + task.frame + "' in model '" + model.name + "'");
  if (task.payload) {
    try {
      model = with_payload(model, frame, *task.payload);
    } catch (const InputError& e) {
      throw InputError(task.source + ": payload: " + e.what());
    }
  }
  if (with.gripper && !task.payload)
    throw py::value_error("run_task: gripper=True: " + task.source + " holds no \"payload\"");
  const VecX<double> q0 = initial_q(model, frame, task);
  Data data(model);
  forward_kinematics(model, data, q0);
  const Transform<double> X0 = data.oMf[static_cast<std::size_t>(frame)];
  tasks::TaskMotion motion(task, X0.p, X0.R, q0, model.joint_names);
  if (!(motion.duration() > 0)) throw InputError(task.source + ": segments: the task has no motion (no segments)");
  check_blocks(model, task, motion);

  tasks::RunOptions options;
  options.integrator = sim::integrator_from_name(integrator);
  options.dt = dt;
  options.output_period = output_period;
  tasks::check_run_options(options, motion.duration(), "run_task: dt", "run_task: output_period");
  const tasks::ReferencePath path = tasks::reference_path(model, task, motion);
  std::vector<std::unique_ptr<tasks::ColumnProducer>> producers;
  producers.push_back(tasks::motion_columns(model.dof));
  if (with.stresses) {
    producers.push_back(tasks::stress_columns(model, *set, with.reactions));
  } else if (with.reactions) {
    producers.push_back(tasks::reaction_columns(model));
  }
  if (with.gripper) producers.push_back(tasks::gripper_columns(model, *task.payload));
  std::vector<std::string> names;
  for (const auto& p : producers) p->names(names);

  std::vector<double> table;
  tasks::RunSummary summary;
  {
    py::gil_scoped_release release;
    try {
      summary = tasks::run_task(model, frame, path, q0, VecX<double>::Zero(model.dof), options,
                                [&](const tasks::RunState& s) {
                                  for (const auto& p : producers) p->values(s, table);
                                });
    } catch (const InputError& e) {  // the motion itself failed (not finite): name the task
      throw InputError(task.source + ": " + e.what());
    }
  }
  const auto columns = static_cast<py::ssize_t>(names.size());
  const auto rows = static_cast<py::ssize_t>(table.size()) / columns;
  py::array_t<double> out = new_array({rows, columns});
  std::copy(table.begin(), table.end(), out.mutable_data());
  py::list warnings;
  if (summary.damped_steps > 0) {
    char t[32];
    std::snprintf(t, sizeof t, "%.6g", summary.first_damped);
    warnings.append("near a singular configuration from t = " + std::string(t) + " s (" +
                    std::to_string(summary.damped_steps) +
                    " step boundaries): damped least squares, the path is followed only approximately");
  }
  py::dict result;
  result["columns"] = names;
  result["table"] = out;
  result["summary"] = summary_dict(summary);
  result["warnings"] = warnings;
  result["frame"] = task.frame;
  result["source"] = task.source;
  return result;
}

}  // namespace

void bind_tasks(py::module_& m) {
  m.def("_run_task", [](const PyModel& model, const std::string& text, const std::string& source, bool is_path,
                        py::handle segs, bool reactions, bool stresses, bool gripper, const std::string& integrator,
                        double dt, double output_period) {
    return run(model, text, source, is_path, segs, ColumnChoice{reactions, stresses, gripper}, integrator, dt,
               output_period);
  }, "The engine of armdyn.run_task: {'columns', 'table', 'summary', 'warnings', 'frame', 'source'}.");

  m.def("_task_csv", [](const std::vector<std::string>& names, py::handle table_) {
    const Array table = real_array(table_, "to_csv", "table");
    if (!table || table.ndim() != 2 || table.shape(1) != static_cast<py::ssize_t>(names.size()))
      throw py::value_error("to_csv: table: expected shape (m, " + std::to_string(names.size()) + ")");
    std::string text;
    for (std::size_t c = 0; c < names.size(); ++c) text += (c ? "," : "") + names[c];
    text += '\n';
    char buf[32];
    for (py::ssize_t r = 0; r < table.shape(0); ++r) {
      for (py::ssize_t c = 0; c < table.shape(1); ++c) {  // as tasks::TaskTable::row
        const double x = table.at(r, c);
        if (c == 0) {
          text.append(buf, std::to_chars(buf, buf + sizeof buf, x).ptr);  // the time, shortest round trip
          continue;
        }
        std::snprintf(buf, sizeof buf, "%.17g", x);
        text += ',';
        text += buf;
      }
      text += '\n';
    }
    return text;
  }, "The CSV text of a task run, the columns of `armdyn task`.");
}

}  // namespace armdyn::python
