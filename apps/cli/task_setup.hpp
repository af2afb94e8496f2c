#pragma once
// What `armdyn task` builds from a task before running it: the columns the table gets beyond
// the motion's own (--with) and the producers that make them (tasks/columns.hpp), the model
// carrying the task's payload, and the reference path the runner follows (TaskMotion with its
// breakpoints, and its prescribed joints restarted from the arm at each segment start).
#include <memory>
#include <string>
#include <vector>

#include "armdyn/model/payload.hpp"
#include "armdyn/segments/segment.hpp"
#include "armdyn/tasks/columns.hpp"
#include "armdyn/tasks/motion.hpp"
#include "armdyn/tasks/run.hpp"
#include "armdyn/tasks/task.hpp"

namespace armdyn::cli {

struct TaskColumnChoice {
  bool reactions = false, stresses = false, gripper = false, elastic = false;
};

/// "reactions,stresses,gripper,elastic" -> the choice; InputError "--with: ..." for an unknown or
/// repeated name.
TaskColumnChoice parse_with(const std::string& text);

/// InputError when stresses or elastic are chosen without a segment file (`segments` from
/// --segments, an empty set with no source without it) or with one that gives no link a section.
void check_stresses_option(const TaskColumnChoice& choice, const segments::SegmentSet& segments);

/// The motion's columns, then the chosen ones: reaction<k>_fx..nz per movable joint k,
/// sigma_max<k>, tau_max<k> per link k with a segment in `segments`, deflection,
/// deflection_bound, tilt (the bound growing at `breakpoints`, where the nominal acceleration
/// may jump), gripper_fx..nz.
std::vector<std::unique_ptr<tasks::ColumnProducer>> task_columns(const Model& model, int frame,
                                                                 const tasks::Task& task,
                                                                 const TaskColumnChoice& choice,
                                                                 const segments::SegmentSet& segments,
                                                                 const std::vector<double>& breakpoints);

/// The model carrying the task's payload at the frame; InputError naming `source` and
/// "payload" when it is not physical.
Model with_task_payload(const Model& model, int frame, const Payload& payload, const std::string& source);

/// The task's start: its "q", or the joint positions that reach its "position" (and
/// "orientation") by inverse kinematics from "q_guess"; InputError naming `task.source` otherwise.
VecX<double> task_initial_q(const Model& model, int frame, const tasks::Task& task);

}  // namespace armdyn::cli
