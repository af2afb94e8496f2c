#include "armdyn/io/urdf.hpp"

#include <Eigen/Geometry>

#include <tinyxml.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <urdf_parser/urdf_parser.h>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/dependent_joint.hpp"
#include "armdyn/io/text_file.hpp"
#include "armdyn/model/builder.hpp"
#include "urdf_numbers.hpp"
#include "urdfdom_read.hpp"
#include "xml_nesting.hpp"

namespace armdyn {

namespace {

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
  UrdfReader(const urdf::ModelInterface& urdf, const UrdfNumbers& numbers, const std::string& source)
      : urdf_(urdf), numbers_(numbers), source_(source), builder_(source, urdf.getName()) {}

  Model read() {
    const urdf::LinkConstSharedPtr root = urdf_.getRoot();
    if (!root) throw ModelError(source_, "", "", "no root link");
    builder_.set_base_name(root->name);
    const LinkInertial root_inertial = to_inertial(*root);
    if (root_inertial.mass > 0 || root_inertial.inertia.cwiseAbs().maxCoeff() > 0)
      builder_.warn("the root link '" + shown(root->name) + "' is the fixed base: its inertia (mass " +
                    format_number(root_inertial.mass) + " kg) is ignored");
    add_children(*root);
    return builder_.build();
  }

 private:
  /// Depth first from `root`, each link's joints in urdfdom's order; a loop, not a recursion, so
  /// that a long chain cannot exhaust the stack.
  void add_children(const urdf::Link& root) {
    struct Visit {
      const urdf::Link* link;
      std::size_t next_joint;
    };
    std::vector<Visit> path{{&root, 0}};
    while (!path.empty()) {
      const urdf::Link& link = *path.back().link;
      if (path.back().next_joint == link.child_joints.size()) {
        path.pop_back();
        continue;
      }
      const urdf::Joint& joint = *link.child_joints[path.back().next_joint++];
      const urdf::LinkConstSharedPtr child = urdf_.getLink(joint.child_link_name);
      add_joint(link.name, joint, *child);
      path.push_back({child.get(), 0});
    }
  }

  /// The joint's limits as the document writes them: lower and upper (0 when missing, as URDF
  /// defines), effort and velocity (no limit when missing or 0; negative is an error).
  void read_limits(const urdf::Joint& joint, JointSpec& spec) const {
    const auto found = numbers_.joints.find(joint.name);
    if (found == numbers_.joints.end() || !found->second.limit) return;
    const UrdfLimitNumbers& limit = *found->second.limit;
    if (joint.type != urdf::Joint::CONTINUOUS) {
      spec.limits.lower = limit.lower.value_or(0);
      spec.limits.upper = limit.upper.value_or(0);
    }
    const std::string place = "joint '" + shown(joint.name) + "', line " + std::to_string(limit.line);
    for (const auto& [name, value, target] : {std::tuple{"velocity", limit.velocity, &spec.limits.velocity},
                                              std::tuple{"effort", limit.effort, &spec.limits.effort}}) {
      if (!value) continue;
      if (*value < 0)
        throw ModelError(source_, place, std::string("limit/") + name,
                         "must not be negative, got " + format_number(*value) + " (leave the attribute out for no limit)");
      if (*value > 0) *target = *value;
    }
  }

  void add_joint(const std::string& parent, const urdf::Joint& joint, const urdf::Link& child) {
    const std::string place = "joint '" + shown(joint.name) + "'";
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
      case urdf::Joint::PLANAR:
        add_compound_joint(parent, joint, child, origin);
        return;
      default:
        throw ModelError(source_, place, "type", "unknown joint type");
    }
    JointSpec spec;
    spec.name = joint.name;
    spec.type = joint.type == urdf::Joint::PRISMATIC ? JointType::kPrismatic : JointType::kRevolute;
    spec.origin = origin;
    spec.axis = Vec3<double>(joint.axis.x, joint.axis.y, joint.axis.z);
    read_limits(joint, spec);
    builder_.add_link(parent, spec, child.name, to_inertial(child));
  }

  /// A floating joint: translations along the parent frame's x, y, z, then yaw, pitch and roll
  /// (Z-Y-X, URDF's roll-pitch-yaw: R = Rz(q4) Ry(q5) Rx(q6)). A planar joint: translations in the
  /// plane normal to its axis, then a rotation about it. URDF gives neither limits.
  void add_compound_joint(const std::string& parent, const urdf::Joint& joint, const urdf::Link& child,
                          const Transform<double>& origin) {
    CompoundJointSpec spec;
    spec.name = joint.name;
    spec.origin = origin;
    if (joint.type == urdf::Joint::FLOATING) {
      spec.kind = JointKind::kFloating;
      spec.euler = "ZYX";
    } else {
      spec.kind = JointKind::kPlanar;
      spec.axis = Vec3<double>(joint.axis.x, joint.axis.y, joint.axis.z);
    }
    const auto found = numbers_.joints.find(joint.name);
    if (found != numbers_.joints.end() && found->second.limit)
      builder_.warn("the <limit> of " + std::string(to_string(spec.kind)) + " joint '" + shown(joint.name) + "' (line " +
                    std::to_string(found->second.limit->line) + ") is ignored: URDF defines none for it");
    builder_.add_link(parent, spec, child.name, to_inertial(child));
  }

  const urdf::ModelInterface& urdf_;
  const UrdfNumbers& numbers_;
  std::string source_;
  ModelBuilder builder_;
};

/// What makes the links a tree, checked before urdfdom links them: every joint names two links, both
/// defined and not the same; no link is the child of two joints; one root link; every link reaches
/// it. urdfdom drops a tree it cannot build by letting go of it, which for a long chain goes
/// recursively, link by link, and can exhaust the stack, and which leaks a loop it linked before it
/// failed (its links hold their children by shared_ptr).
void check_tree(const UrdfNumbers& numbers, const std::string& source) {
  if (numbers.links.empty()) return;  // urdfdom reports it
  std::unordered_map<std::string, std::string> joint_of_child;  // child link -> the joint to its parent
  const auto joint_error = [&](const std::string& name, const std::string& what) {
    return ModelError(source, "", "",
                      "not a valid URDF (joint '" + shown(name) + "' on line " +
                          std::to_string(numbers.joints.at(name).line) + ": " + what + ")");
  };
  for (const auto& [name, joint] : numbers.joints) {
    for (const auto& [role, link] : {std::pair{"parent", &joint.parent}, std::pair{"child", &joint.child}}) {
      if (link->empty()) throw joint_error(name, std::string("no <") + role + " link=...>");
      if (numbers.links.count(*link) == 0)
        throw joint_error(name, std::string("its ") + role + " link '" + shown(*link) + "' is not defined");
    }
    if (joint.parent == joint.child) throw joint_error(name, "its parent and child are the same link '" + shown(joint.child) + "'");
    if (const auto [other, fresh] = joint_of_child.emplace(joint.child, name); !fresh)
      throw joint_error(name, "link '" + shown(joint.child) + "' is already the child of joint '" + shown(other->second) +
                                  "' on line " + std::to_string(numbers.joints.at(other->second).line));
  }
  std::vector<std::pair<int, std::string>> roots;  // (line, name)
  for (const auto& [name, link] : numbers.links)
    if (joint_of_child.count(name) == 0) roots.emplace_back(link.line, name);
  if (roots.empty()) throw ModelError(source, "", "", "not a valid URDF (no root link: every link is a joint's child)");
  if (roots.size() > 1) {
    std::sort(roots.begin(), roots.end());
    throw ModelError(source, "", "",
                     "not a valid URDF (" + std::to_string(roots.size()) + " root links, '" + shown(roots[0].second) +
                         "' on line " + std::to_string(roots[0].first) + " and '" + shown(roots[1].second) + "' on line " +
                         std::to_string(roots[1].first) + ": all links but one must be a joint's child)");
  }
  // With one parent each and one root, the links not reached from the root are loops.
  std::unordered_set<std::string> reached{roots[0].second};
  for (const auto& [name, link] : numbers.links) {
    std::vector<const std::string*> path;
    std::unordered_set<std::string> on_path;
    const std::string* at = &name;
    while (reached.count(*at) == 0) {
      if (!on_path.insert(*at).second)
        throw joint_error(joint_of_child.at(*at), "the links form a loop through link '" + shown(*at) + "'");
      path.push_back(at);
      at = &numbers.joints.at(joint_of_child.at(*at)).parent;
    }
    for (const std::string* p : path) reached.insert(*p);
  }
}

bool same_position(const urdf::Vector3& v, const UrdfTriple& t) {
  return v.x == t.value[0] && v.y == t.value[1] && v.z == t.value[2];
}

/// The rotation URDF defines for rpy, R = Rz(yaw) Ry(pitch) Rx(roll), against urdfdom's quaternion.
bool same_rotation(const urdf::Rotation& q, const UrdfTriple& rpy) {
  const Mat3<double> R = (Eigen::AngleAxisd(rpy.value[2], Vec3<double>::UnitZ()) *
                          Eigen::AngleAxisd(rpy.value[1], Vec3<double>::UnitY()) *
                          Eigen::AngleAxisd(rpy.value[0], Vec3<double>::UnitX()))
                             .toRotationMatrix();
  const Mat3<double> Q = Eigen::Quaterniond(q.w, q.x, q.y, q.z).normalized().toRotationMatrix();
  return (R - Q).cwiseAbs().maxCoeff() <= 1e-12;
}

bool same_pose(const urdf::Pose& pose, const std::optional<UrdfOrigin>& origin) {
  const UrdfOrigin o = origin.value_or(UrdfOrigin{});
  return same_position(pose.position, o.xyz) && same_rotation(pose.rotation, o.rpy);
}

/// Every number armdyn uses must have come back from urdfdom as the document writes it: urdfdom
/// drops an <inertial> it cannot read (a zeroed block) and says so only on its log.
void check_urdfdom_read_everything(const urdf::ModelInterface& urdf, const UrdfNumbers& numbers,
                                   const std::string& source, const std::string& parser_error) {
  const std::string why = "the URDF parser did not read this element" +
                          (parser_error.empty() ? std::string() : " (" + parser_error + ")");
  for (const auto& [name, link] : numbers.links) {
    if (!link.inertial) continue;
    const UrdfInertialNumbers& in = *link.inertial;
    const urdf::LinkConstSharedPtr read = urdf.getLink(name);
    const urdf::Inertial* got = read ? read->inertial.get() : nullptr;
    const bool same = got && got->mass == in.mass && got->ixx == in.inertia[0] && got->ixy == in.inertia[1] &&
                      got->ixz == in.inertia[2] && got->iyy == in.inertia[3] && got->iyz == in.inertia[4] &&
                      got->izz == in.inertia[5] && same_pose(got->origin, in.origin);
    if (!same) throw ModelError(source, "link '" + shown(name) + "', line " + std::to_string(in.line), "inertial", why);
  }
  for (const auto& [name, joint] : numbers.joints) {
    const urdf::JointConstSharedPtr read = urdf.getJoint(name);
    if (!read) continue;  // not part of the model urdfdom built
    if (!same_pose(read->parent_to_joint_origin_transform, joint.origin))
      throw ModelError(source, "joint '" + shown(name) + "', line " + std::to_string(joint.origin ? joint.origin->line : joint.line), "origin", why);
    if (joint.axis && joint.axis->present && !same_position(read->axis, *joint.axis))
      throw ModelError(source, "joint '" + shown(name) + "', line " + std::to_string(joint.axis_line), "axis", why);
  }
}

}  // namespace

Model load_urdf_string(const std::string& xml, const std::string& source) {
  const std::size_t nul = xml.find('\0');
  if (nul != std::string::npos)
    throw ModelError(source, "line " + std::to_string(1 + std::count(xml.begin(), xml.begin() + nul, '\n')), "",
                     "a NUL byte; a URDF document is text");
  check_xml_nesting(xml, source);
  // TinyXML can step up to three bytes past the end of a truncated UTF-8 sequence: it reads NULs.
  const std::string padding(4, '\0');
  std::string text = xml + padding;
  TiXmlDocument document;
  document.Parse(text.c_str());
  if (document.Error())
    throw ModelError(source, "", "",
                     "not a valid URDF (" + std::string(document.ErrorDesc()) + " at line " +
                         std::to_string(document.ErrorRow()) + ")");
  const UrdfNumbers numbers = read_urdf_numbers(document, source);
  check_tree(numbers, source);

  if (numbers.limit_attribute_missing) {
    // urdfdom refuses a <limit> without effort or velocity; armdyn reads that as no limit.
    fill_missing_limit_attributes(document);
    TiXmlPrinter printer;
    document.Accept(&printer);
    text = printer.Str();
    check_xml_nesting(text, source);
    text += padding;
  }
  std::string parser_error;
  const urdf::ModelInterfaceSharedPtr urdf = urdfdom::parse(text, parser_error);
  parser_error = shown(parser_error, 200);  // it may quote the file
  const urdfdom::FlatRelease release(urdf);
  if (!urdf)
    throw ModelError(source, "", "",
                     "not a valid URDF" + (parser_error.empty() ? std::string() : " (" + parser_error + ")"));
  check_urdfdom_read_everything(*urdf, numbers, source, parser_error);
  Model model = UrdfReader(*urdf, numbers, source).read();
  refuse_dependent_joints(model);
  return model;
}

Model load_urdf(const std::string& path) {
  return load_urdf_string(read_text(path), path);
}

}  // namespace armdyn
