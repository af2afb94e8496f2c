#include "armdyn/io/task_json.hpp"

#include <cmath>
#include <optional>

#include "armdyn/core/error.hpp"
#include "armdyn/io/text_file.hpp"
#include "armdyn/core/names.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/core/vector_length.hpp"
#include "json_util.hpp"

namespace armdyn {

namespace {

using nlohmann::json;
using namespace armdyn::tasks;

/// Reads the parts of a TASK document, each failure naming its field.
class TaskReader {
 public:
  TaskReader(const std::string& source, int dof) : get_(source), dof_(dof) {}

  Task document(const json& doc) const {
    get_.require_object(doc, "");
    get_.allow_keys(doc, "", {"frame", "initial", "payload", "segments"});
    Task task;
    task.source = get_.source();
    task.frame = get_.string(required(doc, "frame", "", "the name of the frame that performs the task"), "frame");
    if (task.frame.empty()) get_.fail("frame", "must not be empty");
    task.initial = initial(required(doc, "initial", "", "the joint positions or pose the task starts from"));
    if (doc.contains("payload")) task.payload = payload(doc.at("payload"));
    const json& segments = required(doc, "segments", "", "an array of segments");
    if (!segments.is_array() || segments.empty()) get_.fail("segments", "must be a non-empty array of segments");
    for (std::size_t k = 0; k < segments.size(); ++k)
      task.segments.push_back(segment(segments[k], "segments[" + std::to_string(k) + "]"));
    return task;
  }

 private:
  static std::string join(const std::string& at, const char* key) { return at.empty() ? key : at + "." + key; }

  const json& required(const json& obj, const char* key, const std::string& at, const char* what) const {
    if (!obj.contains(key)) get_.fail(join(at, key), std::string("missing (") + what + ")");
    return obj.at(key);
  }

  /// The one of "by" / "to" that `obj` has.
  Target by_or_to(const json& obj, const std::string& at) const {
    const bool by = obj.contains("by"), to = obj.contains("to");
    if (by == to) get_.fail(at, by ? "give either \"by\" or \"to\", not both" : "missing \"by\" or \"to\"");
    return by ? Target::kBy : Target::kTo;
  }

  VecX<double> joint_vector(const json& j, const std::string& field) const {
    const std::vector<double> x = get_.numbers(j, field, dof_);
    return Eigen::Map<const VecX<double>>(x.data(), static_cast<Eigen::Index>(x.size()));
  }

  InitialState initial(const json& j) const {
    get_.require_object(j, "initial");
    get_.allow_keys(j, "initial", {"q", "position", "orientation", "q_guess"});
    InitialState out;
    if (j.contains("q") == j.contains("position"))
      get_.fail("initial", j.contains("q") ? "give either \"q\" or \"position\", not both"
                                           : "missing \"q\" (joint positions) or \"position\" (a pose of the frame)");
    if (j.contains("q")) {
      for (const char* key : {"orientation", "q_guess"})
        if (j.contains(key)) get_.fail(join("initial", key), "only with \"position\" (a start given by a pose)");
      out.q = joint_vector(j.at("q"), "initial.q");
      return out;
    }
    out.position = get_.vec3(j.at("position"), "initial.position");
    if (j.contains("orientation")) out.orientation = rotation(j.at("orientation"), "initial.orientation");
    if (j.contains("q_guess")) out.q_guess = joint_vector(j.at("q_guess"), "initial.q_guess");
    return out;
  }

  /// {"euler": "zyx", "angles": [a, b, c]} or {"quaternion": [w, x, y, z]}.
  Mat3<double> rotation(const json& j, const std::string& at) const {
    get_.require_object(j, at);
    get_.allow_keys(j, at, {"euler", "angles", "quaternion"});
    if (j.contains("quaternion")) {
      if (j.contains("euler") || j.contains("angles"))
        get_.fail(at, "give either \"quaternion\" or \"euler\" with \"angles\", not both");
      const std::string field = join(at, "quaternion");
      const json& numbers = j.at("quaternion");
      if (!numbers.is_array() || numbers.size() != 4) get_.fail(field, "must be an array of four numbers (w, x, y, z)");
      Eigen::Vector4d q;  // of any finite size: only the ratios count (it is read as the unit quaternion)
      for (int k = 0; k < 4; ++k) q[k] = get_.finite_number(numbers[static_cast<std::size_t>(k)], field + "[" + std::to_string(k) + "]");
      const std::optional<Eigen::Vector4d> unit = unit_vector(q);
      if (!unit) get_.fail(field, "must not be zero");  // (finite: finite_number)
      return Eigen::Quaterniond((*unit)[0], (*unit)[1], (*unit)[2], (*unit)[3]).toRotationMatrix();
    }
    const EulerSequence sequence = euler_sequence(required(j, "euler", at, "a sequence such as \"zyx\""), join(at, "euler"));
    const Vec3<double> angles = get_.vec3(required(j, "angles", at, "three angles in radians"), join(at, "angles"));
    return euler_motion(sequence, angles, Vec3<double>::Zero(), Vec3<double>::Zero()).R;
  }

  EulerSequence euler_sequence(const json& j, const std::string& field) const {
    const auto sequence = parse_euler_sequence(get_.string(j, field));
    if (!sequence)
      get_.fail(field, "unknown Euler sequence '" + printable(j.get<std::string>()) +
                           "' (one of xyx, xzx, yxy, yzy, zxz, zyz, xyz, xzy, yxz, yzx, zxy, zyx)");
    return *sequence;
  }

  Payload payload(const json& j) const {
    get_.require_object(j, "payload");
    get_.allow_keys(j, "payload", {"mass", "com", "inertia"});
    Payload out;
    out.mass = get_.number(required(j, "mass", "payload", "kg"), "payload.mass");
    if (!(out.mass >= 0)) get_.fail("payload.mass", "must be >= 0");
    if (j.contains("com")) out.com = get_.vec3(j.at("com"), "payload.com");
    if (j.contains("inertia")) {  // URDF's order: ixx, ixy, ixz, iyy, iyz, izz
      const std::vector<double> i = get_.numbers(j.at("inertia"), "payload.inertia", 6);
      out.inertia << i[0], i[1], i[2], i[1], i[3], i[4], i[2], i[4], i[5];
    }
    return out;
  }

  // The value named `name` in `table`; else "<field>: unknown <what> '<name>' (<listed>)".
  template <class E, std::size_t N>
  E named(const std::string& name, const std::string& field, const std::array<NamedValue<E>, N>& table,
          const char* what, const char* listed) const {
    for (const NamedValue<E>& entry : table)
      if (name == entry.name) return entry.value;
    get_.fail(field, "unknown " + std::string(what) + " '" + printable(name) + "' (" + listed + ")");
  }

  static constexpr std::array<NamedValue<PathShape>, 3> kPaths{
      {{PathShape::kLine, "line"}, {PathShape::kArc, "arc"}, {PathShape::kRotation, "rotation"}}};
  static constexpr std::array<NamedValue<ProfileKind>, 4> kProfiles{{{ProfileKind::kTriangular, "triangular"},
                                                                     {ProfileKind::kTrapezoidal, "trapezoidal"},
                                                                     {ProfileKind::kCubic, "cubic"},
                                                                     {ProfileKind::kQuintic, "quintic"}}};
  static constexpr std::array<NamedValue<Coordinates>, 3> kCoordinates{{{Coordinates::kCartesian, "cartesian"},
                                                                        {Coordinates::kCylindrical, "cylindrical"},
                                                                        {Coordinates::kSpherical, "spherical"}}};

  Segment segment(const json& j, const std::string& at) const {
    get_.require_object(j, at);
    get_.allow_keys(j, at, {"duration", "profile", "path", "position", "orientation", "joint"});
    Segment out;
    out.duration = get_.number(required(j, "duration", at, "seconds"), join(at, "duration"));
    if (!(out.duration > 0)) get_.fail(join(at, "duration"), "must be > 0");
    if (j.contains("profile")) out.profile = profile(j.at("profile"), join(at, "profile"));
    if (j.contains("path")) {
      const std::string field = join(at, "path"), name = get_.string(j.at("path"), field);
      out.path = named(name, field, kPaths, "path", "line, arc or rotation");
    }
    const std::string pos = join(at, "position");
    if (out.path == PathShape::kRotation) {
      if (j.contains("position")) get_.fail(pos, "a rotation segment holds the position (leave \"position\" out)");
    } else {
      const json& p = required(j, "position", at, out.path == PathShape::kArc ? "the arc's centre, axis and angle"
                                                                                : "the coordinates and a \"by\" or \"to\" target");
      if (out.path == PathShape::kArc) out.arc = arc(p, pos);
      else out.position = position(p, pos);
    }
    if (j.contains("orientation")) out.orientation = orientation(j.at("orientation"), join(at, "orientation"));
    if (j.contains("joint")) out.joint = joint(j.at("joint"), join(at, "joint"));
    return out;
  }

  ProfileSpec profile(const json& j, const std::string& at) const {
    ProfileSpec out;
    std::string name;
    std::string field = at;
    if (j.is_object()) {
      get_.allow_keys(j, at, {"type", "peak_velocity"});
      field = join(at, "type");
      name = get_.string(required(j, "type", at, "triangular, trapezoidal, cubic or quintic"), field);
    } else if (j.is_string()) {
      name = j.get<std::string>();
    } else {
      get_.fail(at, "must be a profile name or an object {\"type\": ..., \"peak_velocity\": ...}");
    }
    out.kind = named(name, field, kProfiles, "profile", "triangular, trapezoidal, cubic or quintic");
    const bool has_peak = j.is_object() && j.contains("peak_velocity");
    if (out.kind == ProfileKind::kTrapezoidal) {
      if (!has_peak)
        get_.fail(join(at, "peak_velocity"), "missing (a trapezoidal profile is {\"type\": \"trapezoidal\", \"peak_velocity\": v})");
      out.peak_velocity = get_.number(j.at("peak_velocity"), join(at, "peak_velocity"));
      if (!(out.peak_velocity > 0)) get_.fail(join(at, "peak_velocity"), "must be > 0");
    } else if (has_peak) {
      get_.fail(join(at, "peak_velocity"), "only for a trapezoidal profile");
    }
    return out;
  }

  PositionTarget position(const json& j, const std::string& at) const {
    get_.require_object(j, at);
    get_.allow_keys(j, at, {"coordinates", "by", "to"});
    PositionTarget out;
    if (j.contains("coordinates")) {
      const std::string field = join(at, "coordinates"), name = get_.string(j.at("coordinates"), field);
      out.coordinates = named(name, field, kCoordinates, "coordinates", "cartesian, cylindrical or spherical");
    }
    out.target = by_or_to(j, at);
    const char* key = out.target == Target::kBy ? "by" : "to";
    out.value = get_.vec3(j.at(key), join(at, key));
    if (out.target == Target::kTo && out.coordinates != Coordinates::kCartesian && out.value[0] < 0)
      get_.fail(join(at, "to") + "[0]", "the radius must be >= 0");
    return out;
  }

  ArcSpec arc(const json& j, const std::string& at) const {
    get_.require_object(j, at);
    get_.allow_keys(j, at, {"centre", "centre_by", "axis", "angle"});
    ArcSpec out;
    if (j.contains("centre") == j.contains("centre_by"))
      get_.fail(at, j.contains("centre") ? "give either \"centre\" or \"centre_by\", not both"
                                         : "missing \"centre\" (absolute) or \"centre_by\" (from the segment's start)");
    out.centre_target = j.contains("centre") ? Target::kTo : Target::kBy;
    const char* key = out.centre_target == Target::kTo ? "centre" : "centre_by";
    out.centre = get_.vec3(j.at(key), join(at, key));
    out.axis = get_.vec3(required(j, "axis", at, "the arc's axis, base axes"), join(at, "axis"));
    if ((out.axis.array() == 0).all()) get_.fail(join(at, "axis"), "must be a non-zero vector");
    out.angle = get_.number(required(j, "angle", at, "the angle turned about the axis, radians"), join(at, "angle"));
    return out;
  }

  OrientationSpec orientation(const json& j, const std::string& at) const {
    OrientationSpec out;
    if (j.is_string()) {
      const std::string name = j.get<std::string>();
      if (name == "hold") out.rule = OrientationRule::kHold;
      else if (name == "free") out.rule = OrientationRule::kFree;
      else get_.fail(at, "unknown orientation rule '" + printable(name) + "' (\"hold\", \"free\", or an object with \"euler\" or \"approach\")");
      return out;
    }
    if (!j.is_object()) get_.fail(at, "must be \"hold\", \"free\" or an object with \"euler\" or \"approach\"");
    get_.allow_keys(j, at, {"euler", "approach", "by", "to"});
    if (j.contains("euler") == j.contains("approach"))
      get_.fail(at, j.contains("euler") ? "give either \"euler\" or \"approach\", not both" : "missing \"euler\" or \"approach\"");
    const Target target = by_or_to(j, at);
    const char* key = target == Target::kBy ? "by" : "to";
    if (j.contains("euler")) {
      out.rule = OrientationRule::kEuler;
      out.euler.sequence = euler_sequence(j.at("euler"), join(at, "euler"));
      out.euler.target = target;
      out.euler.angles = get_.vec3(j.at(key), join(at, key));
      return out;
    }
    out.rule = OrientationRule::kApproach;
    const std::string axis_field = join(at, "approach"), axis = get_.string(j.at("approach"), axis_field);
    if (axis.size() != 1 || axis[0] < 'x' || axis[0] > 'z')
      get_.fail(axis_field, "must be the frame axis \"x\", \"y\" or \"z\" that points along the direction");
    out.approach.axis = axis[0] - 'x';
    out.approach.target = target;
    direction(j.at(key), join(at, key), out.approach);
    return out;
  }

  /// {"theta": θ, "phi": φ, "psi": ψ} ("to": θ and φ required) or, for "to", {"vector": [x, y, z], "psi": ψ}.
  void direction(const json& j, const std::string& at, ApproachSpec& out) const {
    get_.require_object(j, at);
    const bool to = out.target == Target::kTo;
    if (to) get_.allow_keys(j, at, {"theta", "phi", "psi", "vector"});
    else get_.allow_keys(j, at, {"theta", "phi", "psi"});
    if (j.contains("psi")) out.psi = get_.number(j.at("psi"), join(at, "psi"));
    if (to && j.contains("vector")) {
      for (const char* key : {"theta", "phi"})
        if (j.contains(key)) get_.fail(join(at, key), "give either \"vector\" or \"theta\" and \"phi\", not both");
      const Vec3<double> v = get_.vec3(j.at("vector"), join(at, "vector"));
      if ((v.array() == 0).all()) get_.fail(join(at, "vector"), "must be a non-zero vector");
      const auto [theta, phi] = direction_angles(v);
      out.theta = theta;
      out.phi = phi;
      return;
    }
    if (to) {
      out.theta = get_.number(required(j, "theta", at, "the direction's azimuth, radians"), join(at, "theta"));
      out.phi = get_.number(required(j, "phi", at, "the direction's elevation, radians"), join(at, "phi"));
    } else {
      out.theta = get_.number_or(j, "theta", at, 0);
      out.phi = get_.number_or(j, "phi", at, 0);
    }
  }

  PrescribedJointSpec joint(const json& j, const std::string& at) const {
    get_.require_object(j, at);
    get_.allow_keys(j, at, {"name", "by", "to"});
    PrescribedJointSpec out;
    out.name = get_.string(required(j, "name", at, "the joint's name in the model"), join(at, "name"));
    out.target = by_or_to(j, at);
    const char* key = out.target == Target::kBy ? "by" : "to";
    out.value = get_.number(j.at(key), join(at, key));
    return out;
  }

  JsonGetter get_;
  int dof_;
};

}  // namespace

tasks::Task parse_task(const std::string& text, const std::string& source, int dof) {
  return TaskReader(source, dof).document(parse_json(text, source, true));
}

tasks::Task read_task(const std::string& path, int dof) {
  return parse_task(read_text(path, InputFormat::kJson), path == "-" ? "<stdin>" : path, dof);
}

}  // namespace armdyn
