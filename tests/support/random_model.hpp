#pragma once
// Random models for the property tests: DH chains (either convention, optionally with prismatic
// joints) and kinematic trees with branching, arbitrary joint axes and welded (fixed) links.
// Every inertial block is physical and generic: mass in [0.5, 5], a centre of mass off every
// axis, and a full inertia tensor R diag(l1, l2, l3) R^T whose principal moments satisfy the
// triangle inequality strictly, turned by a random rotation R. All randomness comes from the
// caller's std::mt19937_64 (or a seed), so a fixed seed gives a fixed model.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "armdyn/model/builder.hpp"
#include "armdyn/model/dh.hpp"

namespace armdyn::test {

inline double uniform(std::mt19937_64& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

inline Vec3<double> random_vec3(std::mt19937_64& rng, double lo, double hi) {
  return Vec3<double>(uniform(rng, lo, hi), uniform(rng, lo, hi), uniform(rng, lo, hi));
}

/// A rotation uniform on SO(3) (a normalised Gaussian quaternion).
inline Mat3<double> random_rotation(std::mt19937_64& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  Eigen::Quaterniond quat;
  do {
    quat = Eigen::Quaterniond(n(rng), n(rng), n(rng), n(rng));
  } while (quat.norm() < 1e-3);
  return quat.normalized().toRotationMatrix();
}

/// The 24 rotations that permute the coordinate axes with signs (entries 0 and +-1, determinant
/// +1): the quarter-turn placements of DH twists of 0, +-90 and 180 degrees and URDF rpy in
/// multiples of pi / 2.
inline std::vector<Mat3<double>> quarter_turns() {
  std::vector<Mat3<double>> out;
  const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (const auto& p : perms)
    for (int signs = 0; signs < 8; ++signs) {
      Mat3<double> R = Mat3<double>::Zero();
      for (int r = 0; r < 3; ++r) R(r, p[r]) = (signs >> r) & 1 ? -1.0 : 1.0;
      if (R.determinant() > 0) out.push_back(R);
    }
  return out;
}

inline Vec3<double> random_unit_vector(std::mt19937_64& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  Vec3<double> u;
  do {
    u = Vec3<double>(n(rng), n(rng), n(rng));
  } while (u.norm() < 1e-3);
  return u.normalized();
}

/// A full, positive-definite rotational inertia: principal moments l1, l2 in [0.01, 0.5] and
/// l3 strictly inside (|l1 - l2|, l1 + l2), turned by a random rotation.
inline Mat3<double> random_inertia_tensor(std::mt19937_64& rng) {
  const double l1 = uniform(rng, 0.01, 0.5), l2 = uniform(rng, 0.01, 0.5);
  const double lo = std::abs(l1 - l2), hi = l1 + l2;
  const double l3 = lo + uniform(rng, 0.1, 0.9) * (hi - lo);
  const Mat3<double> R = random_rotation(rng);
  const Mat3<double> I = R * Vec3<double>(l1, l2, l3).asDiagonal() * R.transpose();
  return 0.5 * (I + I.transpose());
}

/// A compound joint named `name` of `kind`, its rotation by the Euler sequence `euler` ("": the
/// kind's default) or "quaternion"; placed at the parent link's origin.
inline CompoundJointSpec compound_joint(const std::string& name, JointKind kind, const std::string& euler = "") {
  CompoundJointSpec j;
  j.name = name;
  j.kind = kind;
  j.euler = euler;
  return j;
}

inline LinkInertial random_inertial(std::mt19937_64& rng) {
  LinkInertial in;
  in.mass = uniform(rng, 0.5, 5.0);
  in.com = random_vec3(rng, -0.3, 0.3);
  in.inertia = random_inertia_tensor(rng);
  return in;
}

inline Transform<double> random_placement(std::mt19937_64& rng, double reach = 0.5) {
  return Transform<double>{random_rotation(rng), random_vec3(rng, -reach, reach)};
}

/// An n-joint DH chain: a, d in [-0.5, 0.5], alpha, theta in [-pi, pi], a random base placement,
/// and (when `mixed_prismatic`) each joint prismatic with probability 1/3 (joint 1 and, for
/// n >= 3, joint 2 are always prismatic and revolute respectively, so that both kinds occur).
inline Model random_dh_chain(std::mt19937_64& rng, int n, DhConvention convention, bool mixed_prismatic) {
  constexpr double kPi = std::numbers::pi;
  DhDescription d;
  d.source = "random_dh_chain";
  d.name = convention == DhConvention::kStandard ? "random_standard_" : "random_modified_";
  d.name += std::to_string(n);
  d.convention = convention;
  d.base = random_placement(rng);
  for (int i = 0; i < n; ++i) {
    DhLink link;
    link.joint_name = "joint" + std::to_string(i + 1);
    link.link_name = "link" + std::to_string(i + 1);
    bool prismatic = false;
    if (mixed_prismatic) {
      if (i == 0) prismatic = true;
      else if (i == 1) prismatic = false;
      else prismatic = uniform(rng, 0.0, 1.0) < 1.0 / 3.0;
    }
    link.row.type = prismatic ? JointType::kPrismatic : JointType::kRevolute;
    link.row.a = uniform(rng, -0.5, 0.5);
    link.row.alpha = uniform(rng, -kPi, kPi);
    link.row.d = uniform(rng, -0.5, 0.5);
    link.row.theta = uniform(rng, -kPi, kPi);
    link.inertial = random_inertial(rng);
    d.links.push_back(link);
  }
  d.tool_frames = {{"tool", random_placement(rng, 0.2)}};
  return model_from_dh(d);
}

/// An n-joint tree: each new link hangs from a random earlier link (moving or welded) or from the
/// base, through a joint with a random origin, a random unit axis and a random type (prismatic
/// with probability 1/4); about one link in three also carries a welded link with its own
/// inertia (merged by the builder), from which later links may hang in turn.
inline Model random_tree(std::mt19937_64& rng, int n) {
  ModelBuilder b("random_tree", "random_tree_" + std::to_string(n));
  std::vector<std::string> links = {"base"};
  int fixed = 0;
  for (int i = 0; i < n; ++i) {
    JointSpec j;
    j.name = "joint" + std::to_string(i + 1);
    j.type = uniform(rng, 0.0, 1.0) < 0.25 ? JointType::kPrismatic : JointType::kRevolute;
    j.origin = random_placement(rng);
    j.axis = random_unit_vector(rng);
    if (uniform(rng, 0.0, 1.0) < 0.5) j.axis *= uniform(rng, 0.5, 2.0);  // the builder normalises it
    const std::size_t parent =
        std::uniform_int_distribution<std::size_t>(0, links.size() - 1)(rng);
    const std::string name = "link" + std::to_string(i + 1);
    b.add_link(links[parent], j, name, random_inertial(rng));
    links.push_back(name);
    if (uniform(rng, 0.0, 1.0) < 1.0 / 3.0) {
      const std::string welded = "welded" + std::to_string(++fixed);
      b.add_fixed_link(name, welded + "_joint", random_placement(rng, 0.3), welded, random_inertial(rng));
      links.push_back(welded);
    }
  }
  b.set_gravity(Vec3<double>(0.0, 0.0, -9.81));
  return b.build();
}

/// The placement of the named frame (e.g. a link's own frame) in its body's frame; the frame must exist.
inline const Transform<double>& frame_in_body(const Model& model, const std::string& frame) {
  const int k = model.frame_index(frame);
  if (k < 0) throw std::out_of_range("no frame named '" + frame + "'");
  return model.frames[static_cast<std::size_t>(k)].placement;
}

/// Random DH chains, n = 1..12, both conventions, all-revolute and mixed revolute/prismatic,
/// full random inertia tensors (48 models, named "<name>_revolute" / "<name>_mixed"). With
/// `random_gravity`, each has gravity 9.81 along a random direction instead of the default.
inline std::vector<Model> random_chains(std::uint64_t seed, bool random_gravity = false) {
  std::mt19937_64 rng(seed);
  std::vector<Model> out;
  for (int n = 1; n <= 12; ++n)
    for (DhConvention c : {DhConvention::kStandard, DhConvention::kModified})
      for (bool mixed : {false, true}) {
        Model m = random_dh_chain(rng, n, c, mixed);
        if (random_gravity) m = m.with_gravity(9.81 * random_unit_vector(rng));
        m.name += mixed ? "_mixed" : "_revolute";
        out.push_back(std::move(m));
      }
  return out;
}

/// Random trees (branching, arbitrary axes, welded links), n = 1..12.
inline std::vector<Model> random_trees(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Model> out;
  for (int n = 1; n <= 12; ++n) out.push_back(random_tree(rng, n));
  return out;
}

/// The model with body `body`'s mass scaled by `mass_scale` and its centre of mass moved by
/// `com_shift` (body frame), rebuilt from the parameters the algorithms actually read
/// (Model::inertia) and kept consistent in mass/com.
inline Model perturbed(const Model& model, int body, double mass_scale, const Vec3<double>& com_shift) {
  Model out = model;
  const auto i = static_cast<std::size_t>(body);
  out.mass[i] *= mass_scale;
  out.com[i] += com_shift;
  out.inertia[i] = Inertia<double>::from_com(out.mass[i], out.com[i], out.inertia_com[i]);
  return out;
}

}  // namespace armdyn::test
