#pragma once
// The reference path run_task follows for a task's prescribed motion: its samples, its
// breakpoints, and each segment's prescribed joint restarted from the arm's value as the segment
// starts (the joint's motion is relative to where the arm really is then).
#include "armdyn/tasks/motion.hpp"
#include "armdyn/tasks/run.hpp"

namespace armdyn::tasks {

/// The path of `motion` (made from `task` for `model`); it refers to all three, which must
/// outlive it.
ReferencePath reference_path(const Model& model, const Task& task, TaskMotion& motion);

}  // namespace armdyn::tasks
