#include "armdyn/io/urdf.hpp"

#include <console_bridge/console.h>

#include <Eigen/Geometry>

#include <fstream>
#include <mutex>
#include <sstream>
#include <urdf_parser/urdf_parser.h>

#include "armdyn/core/error.hpp"
#include "armdyn/model/builder.hpp"
#include "urdf_numbers.hpp"

namespace armdyn {

namespace {

// urdfdom reports problems through console_bridge; collect the first error instead of letting it
// print to stderr.
class ErrorCollector : public console_bridge::OutputHandler {
 public:
  void log(const std::string& text, console_bridge::LogLevel level, const char*, int) override {
    if (level >= console_bridge::CONSOLE_BRIDGE_LOG_ERROR && first_error.empty()) first_error = text;
  }
  std::string first_error;
};

Transform<double> to_transform(const urdf::Pose& pose) {
  // urdfdom holds the file's rpy as a quaternion (built once from the three angles); the matrix
  // comes straight from it, never back through roll-pitch-yaw.
  Eigen::Quaterniond quat(pose.rotation.w, pose.rotation.x, pose.rotation.y, pose.rotation.z);
  Transform<double> X;
  X.R = quat.normalized().toRotationMatrix();
  X.p = Vec3<double>(pose.position.x, pose.position.y, pose.position.z);
  return X;
}

LinkInertial to_inertial(const urdf::Link& link) {
  LinkInertial out;
  out.field_prefix = "inertial/";
  if (!link.inertial) return out;
  const urdf::Inertial& in = *link.inertial;
  const Transform<double> X = to_transform(in.origin);
  Mat3<double> I;
  I << in.ixx, in.ixy, in.ixz, in.ixy, in.iyy, in.iyz, in.ixz, in.iyz, in.izz;
  out.mass = in.mass;
  out.com = X.p;
  out.inertia = X.R * I * X.R.transpose();
  return out;
}

std::string format_number(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

class UrdfReader {
 public:
  UrdfReader(const urdf::ModelInterface& urdf, const std::string& source)
      : urdf_(urdf), source_(source), builder_(source, urdf.getName()) {}

  Model read() {
    const urdf::LinkConstSharedPtr root = urdf_.getRoot();
    if (!root) throw ModelError(source_, "", "", "no root link");
    builder_.set_base_name(root->name);
    const LinkInertial root_inertial = to_inertial(*root);
    if (root_inertial.mass > 0 || root_inertial.inertia.cwiseAbs().maxCoeff() > 0)
      builder_.warn("the root link '" + root->name + "' is the fixed base: its inertia (mass " +
                    format_number(root_inertial.mass) + " kg) is ignored");
    add_children(*root);
    return builder_.build();
  }

 private:
  void add_children(const urdf::Link& link) {
    for (const urdf::JointSharedPtr& joint : link.child_joints) {
      const urdf::LinkConstSharedPtr child = urdf_.getLink(joint->child_link_name);
      add_joint(link.name, *joint, *child);
      add_children(*child);
    }
  }

  void add_joint(const std::string& parent, const urdf::Joint& joint, const urdf::Link& child) {
    const std::string place = "joint '" + joint.name + "'";
    if (joint.mimic) throw ModelError(source_, place, "mimic", "mimic joints are not supported yet");
    const Transform<double> origin = to_transform(joint.parent_to_joint_origin_transform);
    switch (joint.type) {
      case urdf::Joint::FIXED:
        builder_.add_fixed_link(parent, joint.name, origin, child.name, to_inertial(child));
        return;
      case urdf::Joint::REVOLUTE:
      case urdf::Joint::CONTINUOUS:
      case urdf::Joint::PRISMATIC:
        break;
      case urdf::Joint::FLOATING:
        throw ModelError(source_, place, "type", "floating joints are not supported yet");
      case urdf::Joint::PLANAR:
        throw ModelError(source_, place, "type", "planar joints are not supported yet");
      default:
        throw ModelError(source_, place, "type", "unknown joint type");
    }
    JointSpec spec;
    spec.name = joint.name;
    spec.type = joint.type == urdf::Joint::PRISMATIC ? JointType::kPrismatic : JointType::kRevolute;
    spec.origin = origin;
    spec.axis = Vec3<double>(joint.axis.x, joint.axis.y, joint.axis.z);
    if (joint.limits) {
      if (joint.type != urdf::Joint::CONTINUOUS) {
        spec.limits.lower = joint.limits->lower;
        spec.limits.upper = joint.limits->upper;
      }
      if (joint.limits->velocity > 0) spec.limits.velocity = joint.limits->velocity;
      if (joint.limits->effort > 0) spec.limits.effort = joint.limits->effort;
    }
    builder_.add_link(parent, spec, child.name, to_inertial(child));
  }

  const urdf::ModelInterface& urdf_;
  std::string source_;
  ModelBuilder builder_;
};

std::mutex& parser_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace

Model load_urdf_string(const std::string& xml, const std::string& source) {
  check_urdf_numbers(xml, source);
  urdf::ModelInterfaceSharedPtr urdf;
  ErrorCollector errors;
  {
    // console_bridge's output handler is global state.
    std::lock_guard<std::mutex> lock(parser_mutex());
    console_bridge::useOutputHandler(&errors);
    urdf = urdf::parseURDF(xml);
    console_bridge::restorePreviousOutputHandler();
  }
  if (!urdf)
    throw ModelError(source, "", "",
                     "not a valid URDF" + (errors.first_error.empty() ? std::string() : " (" + errors.first_error + ")"));
  Model model = UrdfReader(*urdf, source).read();
  return model;
}

Model load_urdf(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw InputError(path + ": cannot open the file");
  std::stringstream text;
  text << file.rdbuf();
  return load_urdf_string(text.str(), path);
}

}  // namespace armdyn
