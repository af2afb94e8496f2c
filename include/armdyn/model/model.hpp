#pragma once
// The immutable description of a manipulator: a kinematic tree of rigid bodies connected by
// revolute or prismatic joints. Build one with ModelBuilder (or a loader), never by hand.
//
// Normalised frames. Every body i has a *body frame* whose z axis is its joint's axis; the joint
// is a rotation about (revolute) or a translation along (prismatic) that z axis, preceded by the
// constant placement `tree[i]` of the body frame (at q_i = 0) in the parent's body frame:
//     X_parent_i(q_i) = tree[i] * Rz(q_i)      (revolute)
//     X_parent_i(q_i) = tree[i] * Tz(q_i)      (prismatic)
// This is the form every classical formulation needs (a DH row is one such placement). The
// user's own frame of each link (URDF link frame, DH frame i) is kept as a named frame.
//
// Joints of more than one degree of freedom (cylindrical, universal, spherical, planar, floating)
// are chains of such one-axis joints with massless bodies between them, at one point ([VP] §2.2:
// a compound joint "dissembled into a sequence of 5-th class joints", the segments of zero mass
// of Likins' remark in [VP] §1.3). Each coordinate is then one body and one entry of q, named
// "<joint>/<coordinate>"; `compound_joints` records which bodies make up which joint.
//
// Unit quaternions. A spherical or floating joint may carry its rotation as a unit quaternion
// (w, x, y, z) instead of Euler angles: its three rotation bodies are then the axes x, y, z of the
// joint's moved frame, always at zero angle (a chart of the rotation group at the current
// orientation), and the rotation is the quaternion's, applied in the first of them:
//     X_parent_first(q) = tree[first] with R = tree[first].R A^T R(quat) A,
// A the fixed turn of the joint frame onto the first body's frame (its z onto the joint's x).
// The velocity coordinates are the angular velocity in the moved frame (as MuJoCo's ball joint
// and Pinocchio's), so q has four entries where v has three: nq = dof + (number of quaternions).
// Body i reads q[q_index[i]] (the first body of a quaternion reads the four from there; the
// other two read nothing); both vectors are empty when the model has no quaternion joint.
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/core/types.hpp"
#include "armdyn/spatial/inertia.hpp"
#include "armdyn/spatial/plane_rotation.hpp"
#include "armdyn/spatial/transform.hpp"

namespace armdyn {

enum class JointType { kRevolute, kPrismatic };

const char* to_string(JointType type);

/// A joint as its source describes it. Revolute and prismatic joints are one body each; the
/// others are chains of one-axis joints (CompoundJoint).
enum class JointKind { kRevolute, kPrismatic, kCylindrical, kUniversal, kSpherical, kPlanar, kFloating };

const char* to_string(JointKind kind);

/// A joint of several degrees of freedom: the consecutive bodies first .. first + count - 1, of
/// which all but the last are massless and sit at the joint's centre; the last carries the link.
struct CompoundJoint {
  std::string name;
  JointKind kind = JointKind::kSpherical;
  int first = 0;      ///< the body (and coordinate) of its first axis
  int count = 0;      ///< its number of coordinates
  std::string euler;  ///< spherical and floating: the Euler sequence of its rotations, e.g. "XYX", or "quaternion"
  int q_first = 0;    ///< the index of its first configuration coordinate in q (== first without quaternions)
  bool quaternion() const { return euler == "quaternion"; }
  /// Its number of configuration coordinates (count, plus one with a quaternion).
  int q_count() const { return count + (quaternion() ? 1 : 0); }
};

/// Where a quaternion joint's numbers are: q[q] .. q[q + 3] = (w, x, y, z); its angular velocity
/// (moved-frame axes) is v[body] .. v[body + 2], one per rotation body body .. body + 2.
struct QuaternionJoint {
  int body = 0;
  int q = 0;
};

/// One coordinate's joint-side armature and friction as the model file states them (MJCF's
/// armature, damping, frictionloss): kept with the model they were compiled with, so that its
/// drives (`--actuators mjcf`) never come from a second reading of a file that may have changed.
struct SourceJointDynamics {
  double armature = 0;
  double damping = 0;
  double frictionloss = 0;
};

/// Joint limits; a bound that was not given is +-infinity.
struct JointLimits {
  double lower = -std::numeric_limits<double>::infinity();
  double upper = std::numeric_limits<double>::infinity();
  double velocity = std::numeric_limits<double>::infinity();
  double effort = std::numeric_limits<double>::infinity();
};

enum class DhConvention { kStandard, kModified };

/// One row of a Denavit-Hartenberg table. For a revolute joint the joint angle is q + theta, for
/// a prismatic joint the offset is q + d. Standard (distal; Spong, Kantor, TML):
/// ^{i-1}T_i = Rz(theta_i) Tz(d_i) Tx(a_i) Rx(alpha_i). Modified (proximal; Craig (3.6)):
/// ^{i-1}T_i = Rx(alpha_{i-1}) Tx(a_{i-1}) Rz(theta_i) Tz(d_i), the row holding a_{i-1}, alpha_{i-1}.
struct DhRow {
  JointType type = JointType::kRevolute;
  double a = 0, alpha = 0, d = 0, theta = 0;
};

struct DhTable {
  DhConvention convention = DhConvention::kModified;
  std::vector<DhRow> rows;
};

/// A named frame rigidly attached to a body (body == -1: the fixed base).
template <class S> struct Frame {
  std::string name;
  int body = -1;
  Transform<S> placement;  ///< placement of the frame in the body frame
};

template <class S> struct ModelTpl {
  std::string name;
  int dof = 0;  ///< number of bodies == number of joints == nv (== nq without quaternion joints)

  // Structure, one entry per body / joint, parents first (parent[i] < i; depth first or not).
  std::vector<int> parent;  ///< -1 for a body attached to the base
  std::vector<JointType> joint_type;
  std::vector<Transform<S>> tree;  ///< body frame (at q_i = 0) in the parent's body frame
  std::vector<DhRotation<S>> dh_rotation;  ///< tree[i].R factored when it can be (empty: never)
  /// k when body i's placement in its parent's frame turns its z axis onto the parent's +-e_k
  /// (aligned_axis_of(tree[i].R), spatial/rotation.hpp), so that the algorithms may skip the zero
  /// entries of its rotation; -1 for a general rotation and a quaternion's first body; empty: never.
  /// Found by the builder from tree, as dh_rotation is: a tree edited afterwards needs it anew.
  std::vector<signed char> aligned_axis;
  // Unit-quaternion joints (see above); all three empty when there is none.
  std::vector<QuaternionJoint> quaternions;
  std::vector<int> q_index;                ///< body i's coordinate in q; -1 for a quaternion's 2nd and 3rd body
  std::vector<signed char> quaternion_axis;  ///< 0, or 1, 2, 3: body i is a quaternion's x, y, z axis

  // Inertial parameters in the body frame.
  std::vector<S> mass;
  std::vector<Vec3<S>> com;          ///< centre of mass
  std::vector<Mat3<S>> inertia_com;  ///< rotational inertia about the centre of mass
  std::vector<Inertia<S>> inertia;   ///< spatial inertia about the body-frame origin

  Vec3<S> gravity = Vec3<S>(S(0), S(0), S(-9.81));  ///< in the base frame

  // Names, limits, frames.
  std::vector<std::string> joint_names;  ///< one per coordinate: "<joint>/<coordinate>" in a compound joint
  std::vector<std::string> body_names;
  std::vector<CompoundJoint> compound_joints;  ///< the joints of several coordinates, in body order
  std::vector<JointLimits> limits;
  std::vector<Frame<S>> frames;  ///< every link's own frame (named after it) and fixed frames

  std::optional<DhTable> dh;          ///< when the model came from a DH table
  std::vector<std::string> warnings;  ///< things the loader ignored, e.g. a root-link inertia
  std::string source;                 ///< file or built-in name it was loaded from
  /// One per coordinate (body) when the source states them (an MJCF file), else empty.
  std::vector<SourceJointDynamics> source_dynamics;

  /// Number of configuration coordinates, the size of q.
  int nq() const { return dof + static_cast<int>(quaternions.size()); }
  /// Whether q has more entries than v (a quaternion joint).
  bool has_quaternions() const { return !quaternions.empty(); }

  /// The name of each entry of q: joint_names[i] for body i's coordinate, "<joint>/qw", "/qx",
  /// "/qy", "/qz" for a quaternion's four.
  std::vector<std::string> configuration_names() const {
    if (!has_quaternions()) return joint_names;
    std::vector<std::string> out(static_cast<std::size_t>(nq()));
    for (int i = 0; i < dof; ++i)
      if (quaternion_axis[i] == 0) out[q_index[i]] = joint_names[i];
    for (const CompoundJoint& c : compound_joints)
      if (c.quaternion()) {
        const int q = q_index[c.first + c.count - 3];
        for (int k = 0; k < 4; ++k) out[q + k] = c.name + "/q" + "wxyz"[k];
      }
    return out;
  }

  /// Index of the named frame, or -1.
  int frame_index(const std::string& frame_name) const {
    for (std::size_t k = 0; k < frames.size(); ++k)
      if (frames[k].name == frame_name) return static_cast<int>(k);
    return -1;
  }
  /// Index of the named joint, or -1.
  int joint_index(const std::string& joint_name) const {
    for (std::size_t k = 0; k < joint_names.size(); ++k)
      if (joint_names[k] == joint_name) return static_cast<int>(k);
    return -1;
  }

  /// The same model with another gravity vector.
  ModelTpl with_gravity(const Vec3<S>& g) const {
    ModelTpl out = *this;
    out.gravity = g;
    return out;
  }

  /// The same model on another scalar type (parameters converted with T(double)).
  template <class T> ModelTpl<T> cast() const;
};

/// Throws InputError for a model with a quaternion joint: `what` works on one configuration
/// coordinate per velocity (Euler angles).
template <class S> inline void require_angle_coordinates(const ModelTpl<S>& model, const char* what) {
  if (!model.has_quaternions()) return;
  std::string joint;
  for (const CompoundJoint& c : model.compound_joints)
    if (c.quaternion()) {
      joint = c.name;
      break;
    }
  throw InputError(std::string(what) + " needs one coordinate per velocity, and joint '" + joint + "' of model '" +
                   model.name + "' is a quaternion (nq = " + std::to_string(model.nq()) + ", nv = " +
                   std::to_string(model.dof) + "); use an Euler-angle joint");
}

using Model = ModelTpl<double>;

template <class S>
template <class T>
ModelTpl<T> ModelTpl<S>::cast() const {
  ModelTpl<T> out;
  out.name = name;
  out.dof = dof;
  out.parent = parent;
  out.joint_type = joint_type;
  for (const auto& x : tree) out.tree.push_back(x.template cast<T>());
  for (const auto& f : dh_rotation) out.dh_rotation.push_back(f.template cast<T>());
  out.aligned_axis = aligned_axis;
  out.quaternions = quaternions;
  out.q_index = q_index;
  out.quaternion_axis = quaternion_axis;
  for (const auto& m : mass) out.mass.push_back(T(m));
  for (const auto& c : com) out.com.push_back(c.template cast<T>());
  for (const auto& I : inertia_com) out.inertia_com.push_back(I.template cast<T>());
  for (const auto& I : inertia) out.inertia.push_back(I.template cast<T>());
  out.gravity = gravity.template cast<T>();
  out.joint_names = joint_names;
  out.body_names = body_names;
  out.compound_joints = compound_joints;
  out.limits = limits;
  for (const auto& f : frames) out.frames.push_back(Frame<T>{f.name, f.body, f.placement.template cast<T>()});
  out.dh = dh;
  out.warnings = warnings;
  out.source = source;
  out.source_dynamics = source_dynamics;
  return out;
}

}  // namespace armdyn
