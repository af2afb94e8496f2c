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

class ModelBuilder {
 public:
  /// `source`: the file or built-in name, used in every error message.
  ModelBuilder(std::string source, std::string model_name);

  /// Adds a moving link `link_name` through `joint`; `parent_link` is a link name or the base.
  /// Returns the body index.
  int add_link(const std::string& parent_link, const JointSpec& joint, const std::string& link_name,
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

  std::string source_, name_, base_name_ = "base";
  std::vector<Link> links_;
  std::unordered_map<std::string, std::size_t> link_index_;  ///< name -> index in links_
  std::unordered_set<std::string> joint_names_;              ///< movable and fixed
  Model model_;
  std::vector<Inertia<double>> body_inertia_;
  Vec3<double> gravity_ = Vec3<double>(0, 0, -9.81);
  std::optional<DhTable> dh_;
  std::vector<std::string> warnings_;
};

}  // namespace armdyn
