#pragma once
// Sampling one planned segment (private to src/tasks): shared by TaskMotion's construction (the
// end pose of each segment, path lengths) and by TaskMotion::sample.
#include "armdyn/tasks/motion.hpp"

namespace armdyn::tasks::detail {

void sample_position(const PositionPlan& plan, const ProfileSample& s, TaskReference& out);
/// Sets out.orientation and the fields of that mode; resets the others to their defaults.
void sample_orientation(const OrientationPlan& plan, const ProfileSample& s, TaskReference& out);

}  // namespace armdyn::tasks::detail
