// libFuzzer target: a TASK document (io/task_json.hpp) for the built-in PUMA 560 -> parse_task ->
// TaskMotion from the frame's pose at the task's initial q (or at its start pose) -> sample at 64
// instants over the task and past its end.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "armdyn/io/task_json.hpp"
#include "armdyn/tasks/motion.hpp"
#include "evaluate_once.hpp"

namespace {

using namespace armdyn::tasks;

// Below these bounds a non-finite sample is a finding: every number of the task at most 1e6 in
// magnitude and every duration at least 1e-3 s (accelerations grow as 1/T²). Beyond them
// armdyn may overflow to infinity, which the task runner refuses itself.
constexpr double kModerate = 1e6, kShortest = 1e-3;

bool moderate(double x) { return std::abs(x) <= kModerate; }
bool moderate(const armdyn::Vec3<double>& x) { return x.cwiseAbs().maxCoeff() <= kModerate; }

bool moderate(const Task& task) {
  for (const Segment& s : task.segments) {
    bool ok = s.duration >= kShortest && moderate(s.duration) && moderate(s.profile.peak_velocity) &&
              moderate(s.position.value) && moderate(s.arc.centre) && moderate(s.arc.axis) && moderate(s.arc.angle) &&
              moderate(s.orientation.euler.angles) && moderate(s.orientation.approach.theta) &&
              moderate(s.orientation.approach.phi) && moderate(s.orientation.approach.psi.value_or(0));
    if (s.joint) ok = ok && moderate(s.joint->value);
    if (!ok) return false;
  }
  return true;
}

void require_finite(const TaskReference& r, double t) {
  const bool finite = r.p.allFinite() && r.dp.allFinite() && r.ddp.allFinite() && r.R.allFinite() &&
                      r.w.allFinite() && r.dw.allFinite() && r.approach.allFinite() && r.d_approach.allFinite() &&
                      r.dd_approach.allFinite() && std::isfinite(r.joint_q) && std::isfinite(r.joint_v) &&
                      std::isfinite(r.joint_a);
  if (finite) return;
  std::fprintf(stderr, "FINDING: TaskMotion::sample at t = %g gave a non-finite value for a moderate task\n", t);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const armdyn::Model puma = armdyn::load_model("puma560");
  std::optional<Task> read =
      armdyn::fuzz::parsed(data, size, [&](const std::string& text) { return armdyn::parse_task(text, "fuzz-task.json", puma.dof); });
  if (!read) return 0;  // refused, as documented
  Task& task = *read;
  if (task.segments.empty() || (!task.initial.q == !task.initial.position)) {
    std::fprintf(stderr, "FINDING: parse_task accepted a task without segments or without exactly one start\n");
    std::abort();
  }
  armdyn::Vec3<double> p0(0.5, 0.1, 0.2);
  armdyn::Mat3<double> R0 = armdyn::Mat3<double>::Identity();
  armdyn::VecX<double> q0 = armdyn::VecX<double>::Zero(puma.dof);
  if (task.initial.q) {
    q0 = *task.initial.q;
    if (!q0.allFinite()) return 0;  // refused by the reader already; keep the kinematics away from it
    armdyn::Data work(puma);
    armdyn::forward_kinematics(puma, work, q0);
    const armdyn::Transform<double>& T = armdyn::frame_placement(work, static_cast<int>(puma.frames.size()) - 1);
    p0 = T.p;
    R0 = T.R;
  } else {
    p0 = *task.initial.position;
    if (task.initial.orientation) R0 = *task.initial.orientation;
  }
  try {
    TaskMotion motion(task, p0, R0, q0, puma.joint_names);
    const bool check = moderate(task) && moderate(p0);
    TaskReference out;
    for (int i = 0; i <= 64; ++i) {
      const double t = motion.duration() * i / 60.0;
      if (i % 8 == 0) motion.restart_joint(static_cast<std::size_t>(i / 8) % motion.segment_count(), 0.25 * i);
      motion.sample(t, out);
      if (check) require_finite(out, t);
    }
  } catch (const armdyn::InputError&) {  // a segment that cannot be planned, as documented
    return 0;
  }
  return 0;
}
