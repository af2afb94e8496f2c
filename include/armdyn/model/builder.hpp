#pragma once
// ModelBuilder: the only way to make a Model. It takes links and joints in the user's own frames
// (URDF link frames, DH frames), normalises them (see model.hpp), merges fixed links into their
// moving parent, and validates everything, reporting a ModelError that names the source, the link
// or joint, and the field. Every check fails closed (a NaN anywhere is refused). Besides being
// finite, every mass, inertia entry, centre-of-mass coordinate, joint or link position and
// gravity component must be at most 1e50 in magnitude (SI units; a mass times two lengths then
// stays below 1e150, so that M is always finite) and not subnormal (nonzero below 2.2e-308);
// placements must be proper rotations; names must be non-empty, valid UTF-8 and unique. A joint
// that moves no inertia is refused: a prismatic one whose subtree is massless, a revolute one
// whose subtree has no moment of inertia about its axis (nothing at all, or everything on the
// axis), since either makes the mass matrix singular in every configuration.
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "armdyn/model/model.hpp"

namespace armdyn {

/// Inertial data of a link, in the link's own frame.
struct LinkInertial {
  double mass = 0;
  Vec3<double> com = Vec3<double>::Zero();             ///< centre of mass
  Mat3<double> inertia = Mat3<double>::Zero();         ///< rotational inertia about the com
  std::string field_prefix;  ///< prepended to field names in errors, e.g. "inertial/" or "links[2]."
};

/// A movable joint and the link it carries.
struct JointSpec {
  std::string name;
  JointType type = JointType::kRevolute;
  /// Placement of the joint frame (at q = 0) in the parent link's frame.
  Transform<double> origin;
  /// Unit joint axis in the joint frame (normalised here; a zero axis is an error).
  Vec3<double> axis = Vec3<double>::UnitZ();
  /// Placement of the child link's own frame in the (moved) joint frame: identity for URDF and
  /// modified DH; Tx(a) Rx(alpha) for standard DH.
  Transform<double> link_in_joint;
  JointLimits limits;
};

/// A joint of several degrees of freedom and the link it carries (model.hpp: CompoundJoint). Its
/// coordinates, in order, each about or along an axis of the frame moved by the ones before it,
/// which at q = 0 is the joint frame:
///   cylindrical  a rotation about `axis`, then a translation along it                 r, t
///   universal    a rotation about `axis`, then one about `axis2` (not parallel to it)  r1, r2
///   spherical    three rotations about the axes the Euler sequence `euler` names, e.g.
///                "XYX": R = Rx(q1) Ry(q2) Rx(q3)  ([VP] (2.6.8)-(2.6.9))          rx1, ry2, rx3
///   planar       translations along two perpendicular axes of the plane normal to `axis`
///                (the first is the joint frame's x, or y, projected on the plane), then a
///                rotation about `axis`                                                 t1, t2, r
///   floating     translations along the joint frame's x, y and z, then three rotations as a
///                spherical joint's                                       tx, ty, tz, e.g. rz1, ry2, rx3
/// With euler = "quaternion" the three rotations are wx, wy, wz, and the configuration has four
/// numbers for them (no singularity). An Euler sequence is three of X, Y, Z, no two neighbours alike: a proper one (first = last, as
/// "XYX") is singular where sin q2 = 0, the zero configuration included; a Tait-Bryan one (three
/// different axes, as "ZYX") where cos q2 = 0. There the first and third axes line up and the
/// mass matrix is singular.
struct CompoundJointSpec {
  std::string name;
  JointKind kind = JointKind::kSpherical;
  /// Placement of the joint frame (at q = 0) in the parent link's frame; the child link's frame
  /// is the moved joint frame (times link_in_joint).
  Transform<double> origin;
  Vec3<double> axis = Vec3<double>::UnitZ();   ///< cylindrical, universal: the (first) axis; planar: the normal
  Vec3<double> axis2 = Vec3<double>::UnitY();  ///< universal: the second axis, in the joint frame at q = 0
  /// spherical, floating: the Euler sequence ("": "XYX" spherical, "ZYX" floating), or
  /// "quaternion": the rotation as a unit quaternion (w, x, y, z) in q and the moved frame's angular
  /// velocity (wx, wy, wz) in v (model.hpp).
  std::string euler;
  std::vector<JointLimits> limits;             ///< one per coordinate, or none (no limits)
  /// Placement of the child link's own frame in the moved joint frame (identity for URDF; MJCF:
  /// the joint's anchor undone).
  Transform<double> link_in_joint;
};

/// The default Euler sequence of a spherical or floating joint.
const char* default_euler_sequence(JointKind kind);

class ModelBuilder {
 public:
  /// `source`: the file or built-in name, used in every error message.
  ModelBuilder(std::string source, std::string model_name);

  /// Adds a moving link `link_name` through `joint`; `parent_link` is a link name or the base.
  /// Returns the body index.
  int add_link(const std::string& parent_link, const JointSpec& joint, const std::string& link_name,
               const LinkInertial& inertial);
  /// Adds a moving link through a joint of several coordinates: a massless body per coordinate but
  /// the last, which carries the link. Returns the link's body index.
  int add_link(const std::string& parent_link, const CompoundJointSpec& joint, const std::string& link_name,
               const LinkInertial& inertial);
  /// Adds a link welded to `parent_link` (a fixed joint): its frame is kept as a named frame and
  /// its inertia merged into the moving link it is welded to (ignored, with a warning, when
  /// welded to the base).
  void add_fixed_link(const std::string& parent_link, const std::string& joint_name,
                      const Transform<double>& origin, const std::string& link_name,
                      const LinkInertial& inertial);
  /// Names the base link (default "base").
  void set_base_name(const std::string& name) { base_name_ = name; }
  void set_gravity(const Vec3<double>& g) { gravity_ = g; }
  void set_dh(const DhTable& dh) { dh_ = dh; }
  void warn(const std::string& message) { warnings_.push_back(message); }

  /// Validates the whole tree and returns the model.
  Model build() const;

  /// Checks one inertial block (finite, within 1e50, not subnormal; mass >= 0; inertia symmetric,
  /// positive semi-definite, triangle inequality) and throws a ModelError naming `place` and the
  /// field.
  void check_inertial(const std::string& place, const LinkInertial& inertial) const;

 private:
  struct Link {
    std::string name;
    int body = -1;                   ///< moving body the link belongs to (-1: base)
    Transform<double> in_body;       ///< the link's frame in that body's frame
  };
  const Link& find_link(const std::string& name, const std::string& place) const;
  void check_link_name(const std::string& name) const;
  void add_joint_name(const std::string& name);
  /// The checks every joint starts with (its name, its link's name, the parent, the origin);
  /// returns the parent link.
  const Link& begin_joint(const std::string& parent_link, const std::string& joint_name, const Transform<double>& origin,
                          const std::string& link_name);
  /// Registers a link whose frame is `in_body` in body `body`, and its named frame.
  void add_link_frame(const std::string& link_name, int body, const Transform<double>& in_body);
  void check_limits(const std::string& place, const JointLimits& limits, const std::string& field_prefix) const;
  /// Appends one body: a one-axis joint about (along) the z axis of `tree`, in `parent_body`.
  int add_body(int parent_body, JointType type, const Transform<double>& tree, const std::string& joint_name,
               const std::string& body_name, const JointLimits& limits, const Inertia<double>& inertia);
  /// The link's inertia about its body frame, for a link whose frame is `link_in_body` there.
  static Inertia<double> link_inertia(const Transform<double>& link_in_body, const LinkInertial& inertial);

  std::string source_, name_, base_name_ = "base";
  std::vector<Link> links_;
  std::unordered_map<std::string, std::size_t> link_index_;  ///< name -> index in links_
  std::unordered_set<std::string> joint_names_;              ///< movable and fixed
  Model model_;
  std::vector<Inertia<double>> body_inertia_;
  int next_q_ = 0;  ///< the next body's index in q (model.hpp: q_index)
  Vec3<double> gravity_ = Vec3<double>(0, 0, -9.81);
  std::optional<DhTable> dh_;
  std::vector<std::string> warnings_;
};

}  // namespace armdyn
