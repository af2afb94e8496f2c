#include "armdyn/tasks/task_path.hpp"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace armdyn::tasks {

ReferencePath reference_path(const Model& model, const Task& task, TaskMotion& motion) {
  ReferencePath path;
  path.duration = motion.duration();
  path.sample = [&motion](double t, TaskReference& r) { motion.sample(t, r); };
  path.breakpoints = motion.breakpoints();
  std::vector<std::pair<double, std::size_t>> restarts;
  for (std::size_t k = 1; k < motion.segment_count() && k < task.segments.size(); ++k)
    if (task.segments[k].joint) restarts.emplace_back(motion.segment_start(k), k);
  if (restarts.empty()) return path;
  path.on_breakpoint = [&motion, &task, &model, restarts](double t, const VecX<double>& q, const VecX<double>&) {
    for (const auto& [start, k] : restarts)
      if (std::abs(t - start) <= 1e-9 * std::max(1.0, std::abs(start))) {
        const int j = model.joint_index(task.segments[k].joint->name);
        if (j >= 0) motion.restart_joint(k, q[j]);
      }
  };
  return path;
}

}  // namespace armdyn::tasks
