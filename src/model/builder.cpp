#include "armdyn/model/builder.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include <Eigen/Eigenvalues>

#include "armdyn/core/error.hpp"
#include "armdyn/spatial/rotation.hpp"

namespace armdyn {

const char* to_string(JointType type) {
  return type == JointType::kRevolute ? "revolute" : "prismatic";
}

namespace {

std::string quoted(const char* kind, const std::string& name) { return std::string(kind) + " '" + name + "'"; }

std::string join(const std::string& prefix, const std::string& field) { return prefix + field; }

std::string num(double x) {
  std::ostringstream out;
  out.precision(17);
  out << x;
  return out.str();
}

bool finite(const Transform<double>& X) { return X.R.allFinite() && X.p.allFinite(); }

}  // namespace

ModelBuilder::ModelBuilder(std::string source, std::string model_name)
    : source_(std::move(source)), name_(std::move(model_name)) {}

const ModelBuilder::Link& ModelBuilder::find_link(const std::string& name, const std::string& place) const {
  for (const Link& l : links_)
    if (l.name == name) return l;
  static const Link base{"", -1, Transform<double>::identity()};
  if (name == base_name_ || name.empty()) return base;
  throw ModelError(source_, place, "parent", "unknown link '" + name + "'");
}

void ModelBuilder::check_link_name(const std::string& name) const {
  const std::string place = quoted("link", name);
  if (name.empty()) throw ModelError(source_, place, "name", "must not be empty");
  if (name == base_name_) throw ModelError(source_, place, "name", "the base link's name is used again");
  for (const Link& l : links_)
    if (l.name == name) throw ModelError(source_, place, "name", "two links have this name");
}

void ModelBuilder::add_joint_name(const std::string& name) {
  const std::string place = quoted("joint", name);
  if (name.empty()) throw ModelError(source_, place, "name", "must not be empty");
  for (const std::string& j : joint_names_)
    if (j == name) throw ModelError(source_, place, "name", "two joints have this name");
  joint_names_.push_back(name);
}

void ModelBuilder::check_inertial(const std::string& place, const LinkInertial& in) const {
  const std::string& pre = in.field_prefix;
  if (!std::isfinite(in.mass)) throw ModelError(source_, place, join(pre, "mass"), "must be finite, got " + num(in.mass));
  if (in.mass < 0) throw ModelError(source_, place, join(pre, "mass"), "must be >= 0, got " + num(in.mass));
  if (!in.com.allFinite()) throw ModelError(source_, place, join(pre, "origin"), "centre of mass must be finite");
  const char* names[3][3] = {{"ixx", "ixy", "ixz"}, {"ixy", "iyy", "iyz"}, {"ixz", "iyz", "izz"}};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      if (!std::isfinite(in.inertia(r, c)))
        throw ModelError(source_, place, join(pre, names[r][c]), "must be finite");
  const double scale = in.inertia.cwiseAbs().maxCoeff();
  const double tol = 1e-9 * scale + 1e-300;
  for (int r = 0; r < 3; ++r)
    for (int c = r + 1; c < 3; ++c)
      if (std::abs(in.inertia(r, c) - in.inertia(c, r)) > tol)
        throw ModelError(source_, place, join(pre, names[r][c]), "inertia tensor is not symmetric");
  const Eigen::SelfAdjointEigenSolver<Mat3<double>> eig(0.5 * (in.inertia + in.inertia.transpose()));
  const Vec3<double> l = eig.eigenvalues();  // ascending
  if (l(0) < -tol)
    throw ModelError(source_, place, join(pre, "inertia"),
                     "inertia tensor is not positive semi-definite (principal moment " + num(l(0)) + ")");
  if (l(0) + l(1) < l(2) - tol)
    throw ModelError(source_, place, join(pre, "inertia"),
                     "principal moments " + num(l(0)) + ", " + num(l(1)) + ", " + num(l(2)) +
                         " violate the triangle inequality (the two smaller must add up to at least the largest)");
}

int ModelBuilder::add_link(const std::string& parent_link, const JointSpec& joint, const std::string& link_name,
                           const LinkInertial& inertial) {
  const std::string jplace = quoted("joint", joint.name), lplace = quoted("link", link_name);
  add_joint_name(joint.name);
  check_link_name(link_name);
  const Link& parent = find_link(parent_link, jplace);
  if (!finite(joint.origin)) throw ModelError(source_, jplace, "origin", "must be finite");
  if (!finite(joint.link_in_joint)) throw ModelError(source_, jplace, "origin", "link placement must be finite");
  if (!joint.axis.allFinite() || joint.axis.norm() < 1e-12)
    throw ModelError(source_, jplace, "axis", "must be a finite, non-zero vector");
  const JointLimits& lim = joint.limits;
  if (std::isnan(lim.lower) || std::isnan(lim.upper) || lim.lower > lim.upper)
    throw ModelError(source_, jplace, "limit", "lower limit " + num(lim.lower) + " exceeds upper limit " + num(lim.upper));
  if (!(lim.velocity > 0)) throw ModelError(source_, jplace, "limit/velocity", "must be > 0, got " + num(lim.velocity));
  if (!(lim.effort >= 0)) throw ModelError(source_, jplace, "limit/effort", "must be >= 0, got " + num(lim.effort));
  check_inertial(lplace, inertial);

  // Normalise: body frame = joint frame turned so that its z axis is the joint axis.
  const Mat3<double> Ra = rotation_z_to(joint.axis.normalized());
  const Transform<double> tree = parent.in_body * joint.origin * Transform<double>::rotation(Ra);
  const Transform<double> link_in_body = Transform<double>::rotation(Ra.transpose()) * joint.link_in_joint;

  const int body = model_.dof++;
  model_.parent.push_back(parent.body);
  model_.joint_type.push_back(joint.type);
  model_.tree.push_back(tree);
  model_.joint_names.push_back(joint.name);
  model_.body_names.push_back(link_name);
  model_.limits.push_back(lim);
  body_inertia_.push_back(Inertia<double>::from_com(inertial.mass, link_in_body.apply(inertial.com),
                                                    link_in_body.R * inertial.inertia * link_in_body.R.transpose()));
  links_.push_back(Link{link_name, body, link_in_body});
  model_.frames.push_back(Frame<double>{link_name, body, link_in_body});
  return body;
}

void ModelBuilder::add_fixed_link(const std::string& parent_link, const std::string& joint_name,
                                  const Transform<double>& origin, const std::string& link_name,
                                  const LinkInertial& inertial) {
  const std::string jplace = quoted("joint", joint_name), lplace = quoted("link", link_name);
  add_joint_name(joint_name);
  check_link_name(link_name);
  const Link& parent = find_link(parent_link, jplace);
  if (!finite(origin)) throw ModelError(source_, jplace, "origin", "must be finite");
  check_inertial(lplace, inertial);
  const Transform<double> in_body = parent.in_body * origin;
  const bool has_inertia = inertial.mass > 0 || inertial.inertia.cwiseAbs().maxCoeff() > 0;
  if (parent.body < 0) {
    if (has_inertia) warnings_.push_back("the inertia of link '" + link_name + "', welded to the fixed base, is ignored");
  } else {
    const Inertia<double> I = Inertia<double>::from_com(inertial.mass, in_body.apply(inertial.com),
                                                       in_body.R * inertial.inertia * in_body.R.transpose());
    body_inertia_[parent.body] += I;
  }
  const int body = parent.body;
  links_.push_back(Link{link_name, body, in_body});
  model_.frames.push_back(Frame<double>{link_name, body, in_body});
}

Model ModelBuilder::build() const {
  if (model_.dof == 0) throw ModelError(source_, "", "", "the model has no movable joint");
  Model m = model_;
  m.name = name_;
  m.source = source_;
  m.gravity = gravity_;
  m.dh = dh_;
  m.warnings = warnings_;
  m.frames.insert(m.frames.begin(), Frame<double>{base_name_, -1, Transform<double>::identity()});
  for (const Transform<double>& X : m.tree) m.dh_rotation.push_back(dh_rotation_of(X.R));
  if (!gravity_.allFinite()) throw ModelError(source_, "", "gravity", "must be finite");

  // Per-body parameters after merging, and a check that every joint moves some inertia.
  std::vector<double> subtree_mass(m.dof, 0.0), subtree_trace(m.dof, 0.0);
  for (int i = 0; i < m.dof; ++i) {
    const Inertia<double>& I = body_inertia_[i];
    const Vec3<double> c = I.m > 0 ? Vec3<double>(I.h / I.m) : Vec3<double>::Zero();
    const Mat3<double> Ic = I.I - I.m * (c.squaredNorm() * Mat3<double>::Identity() - c * c.transpose());
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
                                   ? subtree_mass[i] <= 0
                                   : subtree_mass[i] <= 0 && subtree_trace[i] <= 0;
    if (moves_nothing)
      throw ModelError(source_, quoted("joint", m.joint_names[i]), "",
                       std::string("moves no inertia: every link it carries is massless") +
                           (m.joint_type[i] == JointType::kRevolute ? " with zero rotational inertia" : ""));
  }
  return m;
}

}  // namespace armdyn
