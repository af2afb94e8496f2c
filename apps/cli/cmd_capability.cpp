// `armdyn capability MODEL --q LIST [--v LIST] (--direction LIST | --payload-capacity) [--frame NAME]`:
// what the joint effort limits allow at one state ([TML] §10.2; armdyn/dynamics/capability.hpp):
// the largest acceleration of a frame along a direction, or the largest point mass it holds at
// rest. One JSON document on stdout; on an error nothing on stdout, one line on stderr, exit 2.
#include <cmath>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/core/vector_length.hpp"
#include "armdyn/dynamics/capability.hpp"
#include "armdyn/io/mjcf.hpp"
#include "cli.hpp"
#include "json_eigen.hpp"
#include "json_writer.hpp"

namespace armdyn::cli {
namespace {

struct CapabilityOptions {
  std::string model, q, v, direction, frame;
  bool payload = false;
};

// "1, 2.5,-3" -> numbers; InputError naming the option unless every item is a finite number.
VecX<double> number_list(const std::string& text, const std::string& option) {
  std::vector<double> x;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    char* end = nullptr;
    const double value = std::strtod(item.c_str(), &end);
    while (end && *end == ' ') ++end;
    if (item.find_first_not_of(' ') == std::string::npos || *end != '\0' || !std::isfinite(value))
      throw InputError(option + ": '" + item + "' is not a finite number");
    x.push_back(value);
  }
  if (text.empty() || text.back() == ',') throw InputError(option + ": expected comma-separated numbers");
  return Eigen::Map<const VecX<double>>(x.data(), static_cast<Eigen::Index>(x.size()));
}

VecX<double> joint_list(const std::string& text, const std::string& option, int n) {
  VecX<double> x = number_list(text, option);
  if (x.size() != n)
    throw InputError(option + ": expected " + std::to_string(n) + " values (one per joint), got " +
                     std::to_string(x.size()));
  return x;
}

int frame_index(const Model& model, const std::string& requested) {
  const std::string name = requested.empty() ? model.body_names.back() : requested;
  const int index = model.frame_index(name);
  if (index >= 0) return index;
  std::vector<std::string> names;
  for (const Frame<double>& f : model.frames) names.push_back(f.name);
  throw InputError("--frame: unknown frame '" + name + "' in model '" + model.name + "' (frames: " + join(names) +
                   ")");
}

int run_capability(const CapabilityOptions& o) {
  const Model model = load_any_model(o.model);
  require_angle_coordinates(model, "armdyn capability");
  if (model.dof == 0) throw InputError("model '" + model.name + "' has no joints");
  const int frame = frame_index(model, o.frame);
  const VecX<double> q = joint_list(o.q, "--q", model.dof);
  if (o.payload && !o.v.empty())
    throw InputError("--v: the payload capacity is for the arm at rest; leave --v out with --payload-capacity");
  const VecX<double> v = o.v.empty() ? VecX<double>::Zero(model.dof) : joint_list(o.v, "--v", model.dof);
  Data data(model);
  Capability result;
  VecX<double> direction;
  if (o.payload) {
    FrameWorkspace<double> ws(model);
    result = max_payload(model, data, ws, frame, q);
  } else {
    direction = number_list(o.direction, "--direction");
    if (direction.size() != 3 && direction.size() != 6)
      throw InputError("--direction: expected 3 numbers (linear acceleration) or 6 (linear, then angular), got " +
                       std::to_string(direction.size()));
    direction = unit_vector_or_throw(direction, "--direction");  // of any finite non-zero length
    CartesianWorkspace<double> ws(model);
    result = max_frame_acceleration(model, data, ws, frame, q, v, direction);
  }
  if (!result.tau.allFinite()) throw InternalError("capability: the computed torques are not finite");

  const bool bounded = std::isfinite(result.value);
  JsonWriter w;
  w.begin_object(true);
  w.key("model").value(model.name);
  w.key("frame").value(model.frames[static_cast<std::size_t>(frame)].name);
  w.key("joints").begin_array();
  for (const std::string& name : model.joint_names) w.value(name);
  w.end_array();
  write_vector(w.key("q"), q);
  if (!o.payload) write_vector(w.key("v"), v);
  w.key("question").value(o.payload ? "payload" : "acceleration");
  if (!o.payload) write_vector(w.key("direction"), direction);
  w.key("feasible").value(result.feasible);
  w.key("bounded").value(bounded);
  w.key(o.payload ? "max_payload" : "max_acceleration");
  if (bounded) w.value(result.value); else w.null();
  if (!o.payload && bounded && result.feasible) {
    const VecX<double> acceleration = result.value * direction;
    write_vector(w.key("acceleration"), acceleration);
  }
  w.key("limiting_joint");
  if (result.limiting_joint >= 0) w.value(model.joint_names[static_cast<std::size_t>(result.limiting_joint)]);
  else w.null();
  write_vector(w.key("tau"), result.tau);
  w.key("effort").begin_array();
  for (const JointLimits& l : model.limits) {
    if (std::isfinite(l.effort)) w.value(l.effort); else w.null();
  }
  w.end_array();
  w.end_object();
  write_stdout(w.str());
  return kExitOk;
}

}  // namespace

Command add_capability_command(CLI::App& app) {
  auto o = std::make_shared<CapabilityOptions>();
  CLI::App* sub = app.add_subcommand(
      "capability",
      "What the joint effort limits allow at a state: the largest acceleration of a frame along a direction, or "
      "the largest payload it holds at rest; prints one JSON document");
  sub->add_option("MODEL", o->model, "built-in model name or a .urdf / MJCF .xml / .json model file (with effort limits)")
      ->required();
  sub->add_option("--q", o->q, "joint positions: n comma-separated numbers")->required();
  sub->add_option("--v", o->v, "joint velocities: n comma-separated numbers (default 0; not with --payload-capacity)");
  CLI::Option* direction =
      sub->add_option("--direction", o->direction,
                      "the frame's acceleration direction, base axes: 3 numbers (its origin; orientation free) or "
                      "6 (origin, then angular); normalised to length 1");
  CLI::Option* payload = sub->add_flag("--payload-capacity", o->payload,
                                       "the largest point mass at the frame's origin held at rest at q");
  direction->excludes(payload);
  payload->excludes(direction);
  sub->add_option("--frame", o->frame, "the frame (default: the last moving body's frame)");
  sub->footer(
      "The torques are affine in the answer s, tau = tau0 + s tau1: for a direction d the operational-space "
      "torques J^T (Lambda s d + mu + p), for a payload g(q) - s J_lin^T gravity. The answer is the largest s >= 0 "
      "that keeps every joint with an effort limit within it (docs/cartesian.md).");
  return Command{sub, [o, direction, payload] {
                   if (direction->count() == 0 && payload->count() == 0)
                     throw InputError("capability: give --direction LIST or --payload-capacity");
                   return run_capability(*o);
                 }};
}

}  // namespace armdyn::cli
