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
#include <limits>
#include <optional>
#include <string>
#include <vector>

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
  std::string euler;  ///< spherical and floating: the Euler sequence of its rotations, e.g. "XYX"
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
  int dof = 0;  ///< number of bodies == number of joints == nq == nv

  // Structure, one entry per body / joint, parents first (parent[i] < i; depth first or not).
  std::vector<int> parent;  ///< -1 for a body attached to the base
  std::vector<JointType> joint_type;
  std::vector<Transform<S>> tree;  ///< body frame (at q_i = 0) in the parent's body frame
  std::vector<DhRotation<S>> dh_rotation;  ///< tree[i].R factored when it can be (empty: never)

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
  return out;
}

}  // namespace armdyn
