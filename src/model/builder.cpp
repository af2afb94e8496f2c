#include "armdyn/model/builder.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include "armdyn/core/error.hpp"
#include "armdyn/core/magnitude.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/core/vector_length.hpp"
#include "armdyn/spatial/rotation.hpp"

namespace armdyn {

const char* to_string(JointType type) {
  return type == JointType::kRevolute ? "revolute" : "prismatic";
}

const char* to_string(JointKind kind) {
  switch (kind) {
    case JointKind::kRevolute: return "revolute";
    case JointKind::kPrismatic: return "prismatic";
    case JointKind::kCylindrical: return "cylindrical";
    case JointKind::kUniversal: return "universal";
    case JointKind::kSpherical: return "spherical";
    case JointKind::kPlanar: return "planar";
    case JointKind::kFloating: return "floating";
  }
  return "unknown";
}

namespace {

// A name in a message: quoted, on one line, control characters and invalid UTF-8 escaped.
std::string quoted(const char* kind, const std::string& name) {
  return std::string(kind) + " '" + printable(name) + "'";
}

std::string join(const std::string& prefix, const std::string& field) { return prefix + field; }

std::string num(double x) {
  std::ostringstream out;
  out.precision(17);
  out << x;
  return out.str();
}

bool finite(const Transform<double>& X) { return X.R.allFinite() && X.p.allFinite(); }

// The first component of `v` that breaks the magnitude rule (core/magnitude.hpp), as "<what> <problem>", or "".
std::string range_problem(const Vec3<double>& v, const std::string& what) {
  for (int k = 0; k < 3; ++k) {
    const std::string problem = magnitude_problem(v[k]);
    if (!problem.empty()) return what + " " + problem;
  }
  return "";
}

// Why X is not a usable placement, or "": a rotation that is not proper orthonormal (to 1e-6), or
// a translation with a range problem. `what` ("" or e.g. "link placement ") starts the message.
std::string placement_problem(const Transform<double>& X, const std::string& what) {
  const double off = (X.R.transpose() * X.R - Mat3<double>::Identity()).cwiseAbs().maxCoeff();
  if (!(off <= 1e-6)) return what + "rotation is not orthonormal (R^T R differs from the identity by " + num(off) + ")";
  if (!(X.R.determinant() > 0)) return what + "rotation is a reflection (determinant " + num(X.R.determinant()) + ")";
  return range_problem(X.p, what + "position");
}

// The subtree inertias of every body, each about its own body frame, at the joint positions q
// (X_parent_i(q_i) = tree[i] Rz(q_i) or tree[i] Tz(q_i), model.hpp); parent[i] < i.
std::vector<Inertia<double>> composite_inertias(const Model& m, const std::vector<Inertia<double>>& body,
                                                const std::vector<double>& q) {
  std::vector<Inertia<double>> Ic = body;
  for (int i = m.dof - 1; i >= 0; --i) {
    if (m.parent[i] < 0) continue;
    const Transform<double> joint = m.joint_type[i] == JointType::kRevolute
                                        ? Transform<double>::rotation(rot_z(q[i]))
                                        : Transform<double>::translation(Vec3<double>(0, 0, q[i]));
    Ic[m.parent[i]] += transform_to_parent(m.tree[i] * joint, Ic[i]);
  }
  return Ic;
}

}  // namespace

ModelBuilder::ModelBuilder(std::string source, std::string model_name)
    : source_(std::move(source)), name_(std::move(model_name)) {}

const ModelBuilder::Link& ModelBuilder::find_link(const std::string& name, const std::string& place) const {
  if (const auto it = link_index_.find(name); it != link_index_.end()) return links_[it->second];
  static const Link base{"", -1, Transform<double>::identity()};
  if (name == base_name_ || name.empty()) return base;
  throw ModelError(source_, place, "parent", "unknown link '" + printable(name) + "'");
}

void ModelBuilder::check_link_name(const std::string& name) const {
  const std::string place = quoted("link", name);
  if (name.empty()) throw ModelError(source_, place, "name", "must not be empty");
  if (!is_valid_utf8(name)) throw ModelError(source_, place, "name", "is not valid UTF-8");
  if (name == base_name_) throw ModelError(source_, place, "name", "the base link's name is used again");
  if (link_index_.count(name)) throw ModelError(source_, place, "name", "two links have this name");
}

void ModelBuilder::add_joint_name(const std::string& name) {
  const std::string place = quoted("joint", name);
  if (name.empty()) throw ModelError(source_, place, "name", "must not be empty");
  if (!is_valid_utf8(name)) throw ModelError(source_, place, "name", "is not valid UTF-8");
  if (!joint_names_.insert(name).second) throw ModelError(source_, place, "name", "two joints have this name");
}

void ModelBuilder::check_inertial(const std::string& place, const LinkInertial& in) const {
  const std::string& pre = in.field_prefix;
  if (!std::isfinite(in.mass)) throw ModelError(source_, place, join(pre, "mass"), "must be finite, got " + num(in.mass));
  if (!(in.mass >= 0)) throw ModelError(source_, place, join(pre, "mass"), "must be >= 0, got " + num(in.mass));
  if (const std::string p = magnitude_problem(in.mass); !p.empty()) throw ModelError(source_, place, join(pre, "mass"), p);
  if (!in.com.allFinite()) throw ModelError(source_, place, join(pre, "origin"), "centre of mass must be finite");
  if (const std::string p = range_problem(in.com, "centre of mass"); !p.empty())
    throw ModelError(source_, place, join(pre, "origin"), p);
  const char* names[3][3] = {{"ixx", "ixy", "ixz"}, {"ixy", "iyy", "iyz"}, {"ixz", "iyz", "izz"}};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      if (!std::isfinite(in.inertia(r, c)))
        throw ModelError(source_, place, join(pre, names[r][c]), "must be finite");
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      if (const std::string p = magnitude_problem(in.inertia(r, c)); !p.empty())
        throw ModelError(source_, place, join(pre, names[r][c]), p);
  const double scale = in.inertia.cwiseAbs().maxCoeff();
  const double tol = 1e-9 * scale + 1e-300;
  for (int r = 0; r < 3; ++r)
    for (int c = r + 1; c < 3; ++c)
      if (!(std::abs(in.inertia(r, c) - in.inertia(c, r)) <= tol))
        throw ModelError(source_, place, join(pre, names[r][c]), "inertia tensor is not symmetric");
  const Eigen::SelfAdjointEigenSolver<Mat3<double>> eig(0.5 * (in.inertia + in.inertia.transpose()));
  const Vec3<double> l = eig.eigenvalues();  // ascending
  if (!(l(0) >= -tol))
    throw ModelError(source_, place, join(pre, "inertia"),
                     "inertia tensor is not positive semi-definite (principal moment " + num(l(0)) + ")");
  if (!(l(0) + l(1) >= l(2) - tol))
    throw ModelError(source_, place, join(pre, "inertia"),
                     "principal moments " + num(l(0)) + ", " + num(l(1)) + ", " + num(l(2)) +
                         " violate the triangle inequality (the two smaller must add up to at least the largest)");
}

const ModelBuilder::Link& ModelBuilder::begin_joint(const std::string& parent_link, const std::string& joint_name,
                                                    const Transform<double>& origin, const std::string& link_name) {
  const std::string jplace = quoted("joint", joint_name);
  add_joint_name(joint_name);
  check_link_name(link_name);
  const Link& parent = find_link(parent_link, jplace);
  if (!finite(origin)) throw ModelError(source_, jplace, "origin", "must be finite");
  if (const std::string p = placement_problem(origin, ""); !p.empty()) throw ModelError(source_, jplace, "origin", p);
  return parent;
}

void ModelBuilder::add_link_frame(const std::string& link_name, int body, const Transform<double>& in_body) {
  link_index_.emplace(link_name, links_.size());
  links_.push_back(Link{link_name, body, in_body});
  model_.frames.push_back(Frame<double>{link_name, body, in_body});
}

void ModelBuilder::check_limits(const std::string& place, const JointLimits& lim, const std::string& pre) const {
  if (!(lim.lower <= lim.upper))
    throw ModelError(source_, place, pre + "limit",
                     "lower limit " + num(lim.lower) + " exceeds upper limit " + num(lim.upper));
  if (!(lim.velocity > 0)) throw ModelError(source_, place, pre + "limit/velocity", "must be > 0, got " + num(lim.velocity));
  if (!(lim.effort >= 0)) throw ModelError(source_, place, pre + "limit/effort", "must be >= 0, got " + num(lim.effort));
}

int ModelBuilder::add_body(int parent_body, JointType type, const Transform<double>& tree, const std::string& joint_name,
                           const std::string& body_name, const JointLimits& limits, const Inertia<double>& inertia) {
  const int body = model_.dof++;
  model_.q_index.push_back(next_q_++);
  model_.quaternion_axis.push_back(0);
  model_.parent.push_back(parent_body);
  model_.joint_type.push_back(type);
  model_.tree.push_back(tree);
  model_.joint_names.push_back(joint_name);
  model_.body_names.push_back(body_name);
  model_.limits.push_back(limits);
  body_inertia_.push_back(inertia);
  return body;
}

Inertia<double> ModelBuilder::link_inertia(const Transform<double>& link_in_body, const LinkInertial& inertial) {
  return Inertia<double>::from_com(inertial.mass, link_in_body.apply(inertial.com),
                                   link_in_body.R * inertial.inertia * link_in_body.R.transpose());
}

int ModelBuilder::add_link(const std::string& parent_link, const JointSpec& joint, const std::string& link_name,
                           const LinkInertial& inertial) {
  const std::string jplace = quoted("joint", joint.name), lplace = quoted("link", link_name);
  const Link& parent = begin_joint(parent_link, joint.name, joint.origin, link_name);
  if (!finite(joint.link_in_joint)) throw ModelError(source_, jplace, "origin", "link placement must be finite");
  if (const std::string p = placement_problem(joint.link_in_joint, "link placement "); !p.empty())
    throw ModelError(source_, jplace, "origin", p);
  // The axis is only a direction: any finite, non-zero size is fine (core/vector_length.hpp).
  const std::optional<Vec3<double>> unit = unit_vector(joint.axis);
  if (!unit) throw ModelError(source_, jplace, "axis", "must be a finite, non-zero vector");
  const Vec3<double> axis = *unit;
  check_limits(jplace, joint.limits, "");
  check_inertial(lplace, inertial);

  // Normalise: body frame = joint frame turned so that its z axis is the joint axis.
  const Mat3<double> Ra = rotation_z_to(axis);
  const Transform<double> tree = parent.in_body * joint.origin * Transform<double>::rotation(Ra);
  const Transform<double> link_in_body = Transform<double>::rotation(Ra.transpose()) * joint.link_in_joint;

  const int body = add_body(parent.body, joint.type, tree, joint.name, link_name, joint.limits,
                            link_inertia(link_in_body, inertial));
  add_link_frame(link_name, body, link_in_body);
  return body;
}

namespace {

/// One coordinate of a compound joint: a rotation about, or a translation along, `axis` of the
/// frame the coordinates before it have moved.
struct Coordinate {
  JointType type;
  Vec3<double> axis;
  std::string name;
};

Vec3<double> unit_axis(char letter) {
  return letter == 'X' ? Vec3<double>::UnitX() : letter == 'Y' ? Vec3<double>::UnitY() : Vec3<double>::UnitZ();
}

}  // namespace

const char* default_euler_sequence(JointKind kind) { return kind == JointKind::kFloating ? "ZYX" : "XYX"; }

int ModelBuilder::add_link(const std::string& parent_link, const CompoundJointSpec& joint, const std::string& link_name,
                           const LinkInertial& inertial) {
  const std::string jplace = quoted("joint", joint.name), lplace = quoted("link", link_name);
  const Link& parent = begin_joint(parent_link, joint.name, joint.origin, link_name);
  const auto unit = [&](const Vec3<double>& a, const char* field) {  // any finite, non-zero size
    const std::optional<Vec3<double>> u = unit_vector(a);
    if (!u) throw ModelError(source_, jplace, field, "must be a finite, non-zero vector");
    return *u;
  };
  const bool rotates = joint.kind == JointKind::kSpherical || joint.kind == JointKind::kFloating;
  const std::string euler = joint.euler.empty() && rotates ? default_euler_sequence(joint.kind) : joint.euler;
  const bool quaternion = rotates && euler == "quaternion";
  const auto rotations = [&](std::vector<Coordinate>& out) {
    if (quaternion) {  // the moved frame's x, y, z, at zero angle (model.hpp); v = its angular velocity
      for (int k = 0; k < 3; ++k)
        out.push_back({JointType::kRevolute, unit_axis(char('X' + k)), std::string("w") + char('x' + k)});
      return;
    }
    const bool valid = euler.size() == 3 && euler.find_first_not_of("XYZ") == std::string::npos &&
                       euler[0] != euler[1] && euler[1] != euler[2];
    if (!valid)
      throw ModelError(source_, jplace, "euler",
                       "must be an Euler sequence: three of X, Y, Z with no two neighbours alike (e.g. XYX, ZYX), or "
                       "'quaternion', got '" + printable(euler) + "'");
    for (int k = 0; k < 3; ++k)
      out.push_back({JointType::kRevolute, unit_axis(euler[k]),
                     std::string("r") + char(euler[k] - 'X' + 'x') + std::to_string(k + 1)});
  };
  std::vector<Coordinate> coords;
  switch (joint.kind) {
    case JointKind::kRevolute:
    case JointKind::kPrismatic:
      throw ModelError(source_, jplace, "type", "a one-axis joint is added with a JointSpec");
    case JointKind::kCylindrical: {
      const Vec3<double> a = unit(joint.axis, "axis");
      coords = {{JointType::kRevolute, a, "r"}, {JointType::kPrismatic, a, "t"}};
      break;
    }
    case JointKind::kUniversal: {
      const Vec3<double> a = unit(joint.axis, "axis"), b = unit(joint.axis2, "axis2");
      if (!(a.cross(b).norm() >= 1e-6))
        throw ModelError(source_, jplace, "axis2", "is parallel to the first axis (a universal joint needs two directions)");
      coords = {{JointType::kRevolute, a, "r1"}, {JointType::kRevolute, b, "r2"}};
      break;
    }
    case JointKind::kSpherical:
      rotations(coords);
      break;
    case JointKind::kPlanar: {
      const Vec3<double> n = unit(joint.axis, "axis");
      Vec3<double> u = Vec3<double>::UnitX() - n.x() * n;  // the joint frame's x (or y) on the plane
      if (u.norm() < 1e-6) u = Vec3<double>::UnitY() - n.y() * n;
      u.normalize();
      coords = {{JointType::kPrismatic, u, "t1"}, {JointType::kPrismatic, n.cross(u), "t2"}, {JointType::kRevolute, n, "r"}};
      break;
    }
    case JointKind::kFloating:
      coords = {{JointType::kPrismatic, Vec3<double>::UnitX(), "tx"},
                {JointType::kPrismatic, Vec3<double>::UnitY(), "ty"},
                {JointType::kPrismatic, Vec3<double>::UnitZ(), "tz"}};
      rotations(coords);
      break;
  }
  if (!rotates && !joint.euler.empty())
    throw ModelError(source_, jplace, "euler", std::string("only spherical and floating joints have one, not a ") +
                                                   to_string(joint.kind) + " joint");
  const int count = static_cast<int>(coords.size());
  if (!joint.limits.empty() && static_cast<int>(joint.limits.size()) != count)
    throw ModelError(source_, jplace, "limits",
                     "expected one per coordinate (" + std::to_string(count) + "), got " + std::to_string(joint.limits.size()));
  for (int k = 0; k < static_cast<int>(joint.limits.size()); ++k) {
    check_limits(jplace, joint.limits[k], coords[k].name + "/");
    if (quaternion && k >= count - 3 && (std::isfinite(joint.limits[k].lower) || std::isfinite(joint.limits[k].upper)))
      throw ModelError(source_, jplace, coords[k].name + "/limit",
                       "a quaternion's rotation has no position limits (only velocity and effort)");
  }
  check_inertial(lplace, inertial);
  if (!finite(joint.link_in_joint)) throw ModelError(source_, jplace, "origin", "link placement must be finite");
  if (const std::string p = placement_problem(joint.link_in_joint, "link placement "); !p.empty())
    throw ModelError(source_, jplace, "origin", p);

  // Body k's frame is the joint frame moved by coordinates 1..k and turned (Ra_k) so that its z
  // axis is axis k: body_k = body_{k-1} Ra_{k-1}^T Ra_k Z(q_k), with body_0 Ra_0^T = the joint frame.
  Transform<double> tree = parent.in_body * joint.origin;
  Mat3<double> Ra_prev = Mat3<double>::Identity();
  int body = parent.body;
  const int first_rotation = count - 3;  // a quaternion's three bodies are the last three
  for (int k = 0; k < count; ++k) {
    // A quaternion's bodies turn the moved frame by the fixed A = [e_y e_z e_x], then [e_z e_x e_y],
    // then I (quaternion_placement's choice, kinematics/joint.hpp); any other body by rotation_z_to.
    Mat3<double> Ra = rotation_z_to(coords[k].axis);
    if (quaternion && k >= first_rotation) {
      const int r = k - first_rotation;
      for (int c = 0; c < 3; ++c) Ra.col(c) = Vec3<double>::Unit((c + r + 1) % 3);
    }
    tree = tree * Transform<double>::rotation(Ra_prev.transpose() * Ra);
    const std::string name = joint.name + "/" + coords[k].name;
    const JointLimits limits = joint.limits.empty() ? JointLimits{} : joint.limits[k];
    const bool last = k + 1 == count;
    body = add_body(body, coords[k].type, tree, name, last ? link_name : name, limits,
                    last ? link_inertia(Transform<double>::rotation(Ra.transpose()) * joint.link_in_joint, inertial)
                         : Inertia<double>{});
    tree = Transform<double>::identity();
    Ra_prev = Ra;
  }
  const Transform<double> link_in_body = Transform<double>::rotation(Ra_prev.transpose()) * joint.link_in_joint;
  const int first = body - count + 1;
  if (quaternion) {  // its first rotation body reads four numbers, the other two none
    const int b = first + first_rotation;
    model_.quaternions.push_back(QuaternionJoint{b, model_.q_index[b]});
    for (int k = 0; k < 3; ++k) {
      model_.quaternion_axis[b + k] = static_cast<signed char>(k + 1);
      if (k > 0) model_.q_index[b + k] = -1;
    }
    next_q_ = model_.q_index[b] + 4;
  }
  model_.compound_joints.push_back(CompoundJoint{joint.name, joint.kind, first, count, euler, model_.q_index[first]});
  add_link_frame(link_name, body, link_in_body);
  return body;
}

void ModelBuilder::add_fixed_link(const std::string& parent_link, const std::string& joint_name,
                                  const Transform<double>& origin, const std::string& link_name,
                                  const LinkInertial& inertial) {
  const std::string lplace = quoted("link", link_name);
  const Link& parent = begin_joint(parent_link, joint_name, origin, link_name);
  check_inertial(lplace, inertial);
  const Transform<double> in_body = parent.in_body * origin;
  const bool has_inertia = inertial.mass > 0 || inertial.inertia.cwiseAbs().maxCoeff() > 0;
  if (parent.body < 0) {
    if (has_inertia) warnings_.push_back("the inertia of link '" + printable(link_name) + "', welded to the fixed base, is ignored");
  } else {
    const Inertia<double> I = Inertia<double>::from_com(inertial.mass, in_body.apply(inertial.com),
                                                       in_body.R * inertial.inertia * in_body.R.transpose());
    body_inertia_[parent.body] += I;
  }
  add_link_frame(link_name, parent.body, in_body);
}

Model ModelBuilder::build() const {
  if (model_.dof == 0) throw ModelError(source_, "", "", "the model has no movable joint");
  if (!is_valid_utf8(name_)) throw ModelError(source_, quoted("model", name_), "name", "is not valid UTF-8");
  if (!is_valid_utf8(base_name_)) throw ModelError(source_, quoted("link", base_name_), "name", "is not valid UTF-8");
  // A compound joint names its coordinates and massless bodies "<joint>/<coordinate>": a joint or
  // link of the source may not have one of those names.
  for (const auto* names : {&model_.joint_names, &model_.body_names}) {
    std::unordered_set<std::string> seen;
    for (const std::string& name : *names)
      if (!seen.insert(name).second)
        throw ModelError(source_, quoted(names == &model_.joint_names ? "joint" : "link", name), "name",
                         "two have this name (a compound joint names its coordinates <joint>/<coordinate>)");
  }
  Model m = model_;
  if (m.quaternions.empty()) {  // every body reads q[i]
    m.q_index.clear();
    m.quaternion_axis.clear();
  }
  m.name = name_;
  m.source = source_;
  m.gravity = gravity_;
  m.dh = dh_;
  m.warnings = warnings_;
  m.frames.insert(m.frames.begin(), Frame<double>{base_name_, -1, Transform<double>::identity()});
  for (const Transform<double>& X : m.tree) m.dh_rotation.push_back(dh_rotation_of(X.R));
  for (int i = 0; i < m.dof; ++i) {  // a quaternion's first body turns by R(quat), not about its z axis
    const bool quaternion_turn = !m.quaternion_axis.empty() && m.quaternion_axis[i] == 1;
    m.aligned_axis.push_back(static_cast<signed char>(quaternion_turn ? -1 : aligned_axis_of(m.tree[i].R)));
  }
  if (!gravity_.allFinite()) throw ModelError(source_, "", "gravity", "must be finite");
  if (const std::string p = range_problem(gravity_, "each component"); !p.empty())
    throw ModelError(source_, "", "gravity", p);

  // Per-body parameters after merging, and a check that every joint moves some inertia.
  std::vector<double> subtree_mass(m.dof, 0.0), subtree_trace(m.dof, 0.0);
  for (int i = 0; i < m.dof; ++i) {
    const Inertia<double>& I = body_inertia_[i];
    const Vec3<double> c = I.m > 0 ? Vec3<double>(I.h / I.m) : Vec3<double>::Zero();
    const Mat3<double> Ic = I.I - I.m * (c.squaredNorm() * Mat3<double>::Identity() - c * c.transpose());
    if (!(c.allFinite() && Ic.allFinite() && I.I.allFinite()))  // unreachable within the magnitude rule; fail closed
      throw ModelError(source_, quoted("link", m.body_names[i]), "inertial", "the merged inertia is not finite");
    m.mass.push_back(I.m);
    m.com.push_back(c);
    m.inertia_com.push_back(0.5 * (Ic + Ic.transpose()));
    m.inertia.push_back(I);
    subtree_mass[i] = I.m;
    subtree_trace[i] = Ic.trace();
  }
  for (int i = m.dof - 1; i >= 0; --i) {
    if (m.parent[i] >= 0) {
      subtree_mass[m.parent[i]] += subtree_mass[i];
      subtree_trace[m.parent[i]] += subtree_trace[i];
    }
  }
  for (int i = 0; i < m.dof; ++i) {
    const bool moves_nothing = m.joint_type[i] == JointType::kPrismatic
                                   ? !(subtree_mass[i] > 0)
                                   : !(subtree_mass[i] > 0) && !(subtree_trace[i] > 0);
    if (moves_nothing)
      throw ModelError(source_, quoted("joint", m.joint_names[i]), "",
                       std::string("moves no inertia: every link it carries is massless") +
                           (m.joint_type[i] == JointType::kRevolute ? " with zero rotational inertia" : ""));
  }
  // A revolute joint whose subtree has mass and inertia can still move none of it: everything it
  // carries lies on its axis (a point mass on the axis, a rod along it), so the diagonal entry
  // M_ii = S_i^T Ic_i S_i, the subtree's moment of inertia about the axis, is zero and M is
  // singular in every configuration. Ic_i is about the body-frame origin, on the axis, so M_ii
  // is its (z, z) entry. It is evaluated at two unrelated configurations (a moment that is zero at
  // one of them only is a singular pose, not a defect of the model) and compared with the
  // subtree's total (the trace), so that round-off of an exact zero is still seen as zero.
  const std::vector<std::vector<double>> poses = {[&] {
    std::vector<double> q(m.dof);
    for (int i = 0; i < m.dof; ++i) q[i] = 1.1 + 0.3 * i;
    return q;
  }(), [&] {
    std::vector<double> q(m.dof);
    for (int i = 0; i < m.dof; ++i) q[i] = -0.7 - 0.45 * i;
    return q;
  }()};
  std::vector<bool> on_axis(m.dof, true);
  for (const std::vector<double>& q : poses) {
    const std::vector<Inertia<double>> Ic = composite_inertias(m, body_inertia_, q);
    for (int i = 0; i < m.dof; ++i) {
      const double moment = Ic[i].I(2, 2), total = Ic[i].I.trace();
      if (!(std::isfinite(moment) && std::isfinite(total)))  // unreachable within the magnitude rule; fail closed
        throw ModelError(source_, quoted("joint", m.joint_names[i]), "", "the inertia it moves is not finite");
      if (moment > 1e-12 * total) on_axis[i] = false;
    }
  }
  for (int i = 0; i < m.dof; ++i)
    if (m.joint_type[i] == JointType::kRevolute && on_axis[i])
      throw ModelError(source_, quoted("joint", m.joint_names[i]), "",
                       "moves no inertia: everything it carries lies on its axis (zero moment of inertia about "
                       "it, a singular mass matrix)");
  return m;
}

}  // namespace armdyn
