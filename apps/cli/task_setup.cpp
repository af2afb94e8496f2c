// What `armdyn task` builds from a task before running it; see task_setup.hpp.
#include "task_setup.hpp"

#include <cmath>
#include <sstream>
#include <utility>

#include "armdyn/core/error.hpp"
#include "armdyn/tasks/blocks.hpp"
#include "armdyn/tasks/inverse_kinematics.hpp"

namespace armdyn::cli {

TaskColumnChoice parse_with(const std::string& text) {
  TaskColumnChoice c;
  if (text.empty()) return c;
  std::stringstream ss(text);
  std::string name;
  while (std::getline(ss, name, ',')) {
    bool* flag = name == "reactions"  ? &c.reactions
                 : name == "stresses" ? &c.stresses
                 : name == "gripper"  ? &c.gripper
                 : name == "elastic"  ? &c.elastic
                                      : nullptr;
    if (!flag)
      throw InputError("--with: unknown column group '" + name + "' (one of: reactions, stresses, gripper, elastic)");
    if (*flag) throw InputError("--with: '" + name + "' given twice");
    *flag = true;
  }
  if (text.back() == ',') throw InputError("--with: empty name after the last comma");
  return c;
}

void check_stresses_option(const TaskColumnChoice& choice, const segments::SegmentSet& segments) {
  if (choice.stresses) {
    if (segments.source().empty())
      throw InputError("--with stresses needs --segments FILE (the links' sections and materials the stresses come from)");
    if (segments.empty())
      throw InputError("--with stresses: " + segments.source() + " gives no link a section (no stress columns to write)");
  }
  if (choice.elastic) {
    if (segments.source().empty())
      throw InputError("--with elastic needs --segments FILE (the links' sections and materials the deflection comes from)");
    if (segments.empty())
      throw InputError("--with elastic: " + segments.source() + " gives no link a section (no elastic segment)");
  }
}

std::vector<std::unique_ptr<tasks::ColumnProducer>> task_columns(const Model& model, int, const tasks::Task& task,
                                                                 const TaskColumnChoice& choice,
                                                                 const segments::SegmentSet& segments,
                                                                 const std::vector<double>& breakpoints) {
  std::vector<std::unique_ptr<tasks::ColumnProducer>> out;
  out.push_back(tasks::motion_columns(model.dof));
  if (choice.stresses) {
    check_stresses_option(choice, segments);
    out.push_back(tasks::stress_columns(model, segments, choice.reactions));  // the reaction columns first
  } else if (choice.reactions) {
    out.push_back(tasks::reaction_columns(model));
  }
  if (choice.elastic) {
    check_stresses_option(choice, segments);
    out.push_back(tasks::elastic_columns(model, segments, breakpoints));
  }
  if (choice.gripper) {
    if (!task.payload)
      throw InputError("--with gripper: " + task.source +
                       " holds no \"payload\" (the gripper force is the one the payload needs)");
    out.push_back(tasks::gripper_columns(model, *task.payload));
  }
  return out;
}

Model with_task_payload(const Model& model, int frame, const Payload& payload, const std::string& source) {
  try {
    return with_payload(model, frame, payload);
  } catch (const InputError& e) {
    throw InputError(source + ": payload: " + e.what());
  }
}

// The task's start: q given, or the pose reached by inverse kinematics from q_guess.
VecX<double> task_initial_q(const Model& model, int frame, const tasks::Task& task) {
  const tasks::InitialState& init = task.initial;
  if (init.q) return *init.q;
  if (!init.position) throw InputError(task.source + ": initial: neither \"q\" nor \"position\" given");
  tasks::IkTarget target;
  target.p = *init.position;
  target.orientation = init.orientation ? tasks::OrientationMode::kFull : tasks::OrientationMode::kFree;
  if (init.orientation) target.R = *init.orientation;
  const VecX<double> guess = init.q_guess ? *init.q_guess : VecX<double>::Zero(model.dof);
  if (tasks::block_rows(target.orientation, false) > model.dof)
    throw InputError(task.source + ": initial.orientation: a full orientation needs at least 6 joints; model '" +
                     model.name + "' has " + std::to_string(model.dof));
  const tasks::IkResult r = tasks::inverse_kinematics(model, frame, target, guess);
  if (!r.converged) throw InputError(task.source + ": initial.position: " + r.message);
  return r.q;
}

}  // namespace armdyn::cli
