// The built-in models against their documentation (docs/models.md, the sources cited in
// src/model/catalogue.cpp): names, joint counts and types, named poses, link masses, and the
// DH tables, written out again here from the sources. The placement of every link frame (and
// tool frame) from forward kinematics must equal the product of the DH matrices of that table,
// multiplied out in this file for both conventions (independent of src/model/dh.cpp), at random
// joint positions; a wrong table entry or the wrong convention must be noticed.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "armdyn/armdyn.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace catalogue_test {

constexpr double kPi = std::numbers::pi;
constexpr double kDeg = kPi / 180.0;

using Mat4d = Eigen::Matrix4d;

struct Row {
  char type;  // 'R' or 'P'
  double a, alpha, d, theta;
};

struct Documented {
  std::string name;
  DhConvention convention;
  Mat4d base;  // placement of DH frame {0} in the base frame
  std::vector<Row> rows;
  std::vector<double> masses;
  std::vector<std::pair<std::string, Mat4d>> tools;  // in the last link's frame
  std::vector<std::string> poses;
};

Mat4d translation_x(double x) {
  Mat4d T = Mat4d::Identity();
  T(0, 3) = x;
  return T;
}

/// Craig's planar arms: DH frame {0} turned +90 deg about the world X axis (Y0 up).
Mat4d vertical_plane() {
  Mat4d T = Mat4d::Identity();
  T.topLeftCorner<3, 3>() << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  return T;
}

std::vector<Documented> documented() {
  const Mat4d I = Mat4d::Identity();
  return {
      // Armstrong, Khatib & Burdick (1986), modified DH (Corke's mdl_puma560akb):
      // (a_{i-1}, alpha_{i-1}, d_i, theta_i offset).
      {"puma560",
       DhConvention::kModified,
       I,
       {{'R', 0, 0, 0, 0},
        {'R', 0, -kPi / 2, 0.2435, 0},
        {'R', 0.4318, 0, -0.0934, 0},
        {'R', -0.0203, kPi / 2, 0.4331, 0},
        {'R', 0, -kPi / 2, 0, 0},
        {'R', 0, kPi / 2, 0, 0}},
       {0, 17.4, 4.8, 0.82, 0.34, 0.09},
       {},
       {"zero", "ready", "stretch", "nominal"}},
      // Stanford arm, standard DH (a_i, alpha_i, d_i, theta_i offset), joint 3 prismatic.
      {"stanford",
       DhConvention::kStandard,
       I,
       {{'R', 0, -kPi / 2, 0.412, 0},
        {'R', 0, kPi / 2, 0.154, 0},
        {'P', 0, 0, 0, -kPi / 2},
        {'R', 0, -kPi / 2, 0, 0},
        {'R', 0, kPi / 2, 0, 0},
        {'R', 0, 0, 0.263, 0}},
       {9.29, 5.01, 4.25, 1.08, 0.63, 0.51},
       {},
       {"zero"}},
      // Craig §6.7: l1 = 1, l2 = 0.5, m1 = 2, m2 = 1, tool {3} at l2 along X2.
      {"planar2r",
       DhConvention::kModified,
       vertical_plane(),
       {{'R', 0, 0, 0, 0}, {'R', 1, 0, 0, 0}},
       {2, 1},
       {{"tool", translation_x(0.5)}},
       {"zero", "down"}},
      // Craig MATLAB 6B: L = 4, 3, 2; m = 20, 15, 10.
      {"planar3r",
       DhConvention::kModified,
       vertical_plane(),
       {{'R', 0, 0, 0, 0}, {'R', 4, 0, 0, 0}, {'R', 3, 0, 0, 0}},
       {20, 15, 10},
       {{"tool", translation_x(2)}},
       {"zero", "exercise"}},
      // Craig programming exercise 6: l1 = l2 = 0.5; m = 4.6, 2.3, 1.0.
      {"craig3r",
       DhConvention::kModified,
       vertical_plane(),
       {{'R', 0, 0, 0, 0}, {'R', 0.5, 0, 0, 0}, {'R', 0.5, 0, 0, 0}},
       {4.6, 2.3, 1.0},
       {},
       {"hanging", "exercise"}},
      // Craig Example 6.5: joint 1 with a -90 deg offset, Z2 along Y1; m1 = 2, m2 = 1.5.
      {"rp",
       DhConvention::kModified,
       vertical_plane(),
       {{'R', 0, 0, 0, -kPi / 2}, {'P', 0, -kPi / 2, 0, 0}},
       {2, 1.5},
       {},
       {"zero"}},
  };
}

/// One DH matrix, multiplied out by hand. Standard: Rz(theta) Tz(d) Tx(a) Rx(alpha). Modified
/// (Craig (3.6)): Rx(alpha) Tx(a) Rz(theta) Tz(d).
Mat4d dh_matrix(DhConvention conv, double a, double alpha, double d, double theta) {
  const double ct = std::cos(theta), st = std::sin(theta), ca = std::cos(alpha), sa = std::sin(alpha);
  Mat4d T;
  if (conv == DhConvention::kStandard) {
    T << ct, -st * ca, st * sa, a * ct,  //
        st, ct * ca, -ct * sa, a * st,   //
        0, sa, ca, d,                    //
        0, 0, 0, 1;
  } else {
    T << ct, -st, 0, a,                  //
        st * ca, ct * ca, -sa, -sa * d,  //
        st * sa, ct * sa, ca, ca * d,    //
        0, 0, 0, 1;
  }
  return T;
}

/// ^base T_i for i = 1..n, and the tool frames, for joint positions q.
std::vector<Mat4d> dh_chain(const Documented& doc, DhConvention conv, const VecX<double>& q) {
  std::vector<Mat4d> out;
  Mat4d T = doc.base;
  for (std::size_t i = 0; i < doc.rows.size(); ++i) {
    const Row& r = doc.rows[i];
    const double qi = q[static_cast<int>(i)];
    T = T * (r.type == 'R' ? dh_matrix(conv, r.a, r.alpha, r.d, r.theta + qi)
                           : dh_matrix(conv, r.a, r.alpha, r.d + qi, r.theta));
    out.push_back(T);
  }
  for (const auto& [name, X] : doc.tools) out.push_back(T * X);
  return out;
}

/// Largest difference between armdyn's link (and tool) frame placements and the DH products.
double fk_disagreement(const Model& model, const Documented& doc, DhConvention conv, const VecX<double>& q) {
  Data data(model);
  forward_kinematics(model, data, q);
  const std::vector<Mat4d> expected = dh_chain(doc, conv, q);
  double w = 0;
  for (std::size_t i = 0; i < doc.rows.size(); ++i) {
    const int f = model.frame_index("link" + std::to_string(i + 1));
    EXPECT_GE(f, 0);
    if (f >= 0) w = std::max(w, (data.oMf[f].matrix() - expected[i]).cwiseAbs().maxCoeff());
  }
  for (std::size_t k = 0; k < doc.tools.size(); ++k) {
    const int f = model.frame_index(doc.tools[k].first);
    EXPECT_GE(f, 0);
    if (f >= 0) w = std::max(w, (data.oMf[f].matrix() - expected[doc.rows.size() + k]).cwiseAbs().maxCoeff());
  }
  return w;
}

VecX<double> random_q(std::mt19937_64& rng, const Documented& doc) {
  VecX<double> q = test::random_vector(rng, static_cast<int>(doc.rows.size()), -kPi, kPi);
  for (std::size_t i = 0; i < doc.rows.size(); ++i)
    if (doc.rows[i].type == 'P') q[static_cast<int>(i)] = 0.3 + 0.2 * q[static_cast<int>(i)] / kPi;
  return q;
}

TEST(Catalogue, NamesAreTheDocumentedOnes) {
  const std::vector<std::string> names = builtin_names();
  ASSERT_EQ(names.size(), 6u);
  std::size_t k = 0;
  for (const Documented& d : documented()) {
    EXPECT_EQ(names[k++], d.name);
    EXPECT_TRUE(is_builtin(d.name));
    EXPECT_EQ(load_model(d.name).name, d.name);  // accepted by name wherever a model path is
  }
  EXPECT_FALSE(is_builtin("puma"));
  EXPECT_THROW(builtin_model("puma"), InputError);
  EXPECT_THROW(builtin_model(""), InputError);
}

TEST(Catalogue, EveryBuiltinBuildsAsDocumented) {
  for (const Documented& doc : documented()) {
    SCOPED_TRACE(doc.name);
    const BuiltinModel b = builtin_model(doc.name);
    const Model& m = b.model;
    const int n = static_cast<int>(doc.rows.size());
    EXPECT_EQ(m.name, doc.name);
    ASSERT_EQ(m.dof, n);
    EXPECT_FALSE(b.reference.empty());
    EXPECT_TRUE(m.warnings.empty());
    for (int i = 0; i < n; ++i) {
      EXPECT_EQ(m.joint_type[i], doc.rows[i].type == 'R' ? JointType::kRevolute : JointType::kPrismatic) << i;
      EXPECT_EQ(m.parent[i], i - 1);  // serial chains
      EXPECT_EQ(m.joint_names[i], "joint" + std::to_string(i + 1));
      EXPECT_EQ(m.body_names[i], "link" + std::to_string(i + 1));
      EXPECT_NEAR(m.mass[i], doc.masses[i], 1e-12) << "link " << i + 1;
    }
    // The stored DH table is the documented one.
    ASSERT_TRUE(m.dh.has_value());
    EXPECT_EQ(m.dh->convention, doc.convention);
    ASSERT_EQ(m.dh->rows.size(), doc.rows.size());
    for (int i = 0; i < n; ++i) {
      const DhRow& r = m.dh->rows[i];
      EXPECT_EQ(r.type, m.joint_type[i]);
      EXPECT_DOUBLE_EQ(r.a, doc.rows[i].a) << i;
      EXPECT_DOUBLE_EQ(r.alpha, doc.rows[i].alpha) << i;
      EXPECT_DOUBLE_EQ(r.d, doc.rows[i].d) << i;
      EXPECT_DOUBLE_EQ(r.theta, doc.rows[i].theta) << i;
    }
    // Default gravity, and the base frame at the identity.
    EXPECT_EQ(m.gravity, Vec3<double>(0, 0, -9.81));
    const int base = m.frame_index("base");
    ASSERT_GE(base, 0);
    EXPECT_EQ(m.frames[base].body, -1);
    // Named poses: the documented names, each with one value per joint.
    ASSERT_EQ(b.poses.size(), doc.poses.size());
    for (std::size_t k = 0; k < doc.poses.size(); ++k) {
      EXPECT_EQ(b.poses[k].name, doc.poses[k]);
      EXPECT_EQ(static_cast<int>(b.poses[k].q.size()), n) << b.poses[k].name;
      EXPECT_FALSE(b.poses[k].description.empty());
    }
  }
}

TEST(Catalogue, StanfordJointThreeIsPrismatic) {
  const Model m = builtin_model("stanford").model;
  for (int i = 0; i < 6; ++i) EXPECT_EQ(m.joint_type[i] == JointType::kPrismatic, i == 2) << i;
  EXPECT_NEAR(m.limits[2].lower, 12 * 0.0254, 1e-15);
  EXPECT_NEAR(m.limits[2].upper, 50 * 0.0254, 1e-15);
}

TEST(Catalogue, PumaLinkMasses) {
  const Model m = builtin_model("puma560").model;
  const double expected[] = {0, 17.4, 4.8, 0.82, 0.34, 0.09};
  double total = 0;
  for (int i = 0; i < 6; ++i) {
    EXPECT_DOUBLE_EQ(m.mass[i], expected[i]) << "link " << i + 1;
    EXPECT_DOUBLE_EQ(m.inertia[i].m, expected[i]) << "link " << i + 1;
    total += m.mass[i];
  }
  EXPECT_NEAR(total, 23.45, 1e-12);
  // Link 1 is massless but turns its rotational inertia, Izz = 0.35 (AKB).
  EXPECT_DOUBLE_EQ(m.inertia_com[0](2, 2), 0.35);
}

TEST(Catalogue, ForwardKinematicsIsTheDhProduct) {
  std::mt19937_64 rng(560);
  for (const Documented& doc : documented()) {
    SCOPED_TRACE(doc.name);
    const BuiltinModel b = builtin_model(doc.name);
    std::vector<VecX<double>> qs;
    for (const NamedPose& p : b.poses) qs.push_back(Eigen::Map<const VecX<double>>(p.q.data(), p.q.size()));
    for (int s = 0; s < 20; ++s) qs.push_back(random_q(rng, doc));
    double w = 0, wrong_conv = 0, wrong_entry = 0;
    Documented off = doc;  // one entry of the table off by 1 mm / 1 mrad
    const std::size_t r = doc.rows.size() - 1;
    off.rows[r].a += 1e-3;
    off.rows[r].alpha += 1e-3;
    const DhConvention other =
        doc.convention == DhConvention::kStandard ? DhConvention::kModified : DhConvention::kStandard;
    for (const VecX<double>& q : qs) {
      w = std::max(w, fk_disagreement(b.model, doc, doc.convention, q));
      wrong_conv = std::max(wrong_conv, fk_disagreement(b.model, doc, other, q));
      wrong_entry = std::max(wrong_entry, fk_disagreement(b.model, off, doc.convention, q));
    }
    EXPECT_LE(w, 1e-14);
    EXPECT_GT(wrong_conv, 1e-2);
    EXPECT_GT(wrong_entry, 1e-4);
  }
}

TEST(Catalogue, PumaPosesAreWhatTheySay) {
  // "ready": arm straight up, "stretch": stretched out horizontally, "zero": L-shaped. The wrist
  // centre is the origin of frame {4} (modified DH); the shoulder is the origin of {2}.
  const BuiltinModel b = builtin_model("puma560");
  Data data(b.model);
  auto wrist_from_shoulder = [&](const std::string& pose) {
    for (const NamedPose& p : b.poses)
      if (p.name == pose) {
        forward_kinematics(b.model, data, Eigen::Map<const VecX<double>>(p.q.data(), 6));
        return Vec3<double>(data.oMf[b.model.frame_index("link4")].p - data.oMf[b.model.frame_index("link2")].p);
      }
    ADD_FAILURE() << "no pose " << pose;
    return Vec3<double>(Vec3<double>::Zero());
  };
  const double reach = 0.4318 + 0.4331;  // a2 + d4 (less the small a3 offset)
  const Vec3<double> up = wrist_from_shoulder("ready");
  EXPECT_NEAR(up.z(), reach, 0.03);
  EXPECT_LT(up.head<2>().norm(), 0.2);
  const Vec3<double> out = wrist_from_shoulder("stretch");
  EXPECT_LT(std::abs(out.z()), 0.03);
  EXPECT_NEAR(out.x(), reach, 0.03);
  const Vec3<double> l = wrist_from_shoulder("zero");
  EXPECT_NEAR(l.x(), 0.4318, 0.03);
  EXPECT_NEAR(l.z(), 0.4331, 0.03);
}

/// The angle q moved into [lower, lower + 2 pi) when it differs from a value in range by whole
/// turns (a revolute joint's pose is periodic).
bool within_limits(const JointLimits& lim, JointType type, double q) {
  if (type == JointType::kPrismatic) return q >= lim.lower - 1e-12 && q <= lim.upper + 1e-12;
  for (int k = -2; k <= 2; ++k) {
    const double x = q + 2 * kPi * k;
    if (x >= lim.lower - 1e-12 && x <= lim.upper + 1e-12) return true;
  }
  return false;
}

TEST(Catalogue, NamedPosesLieWithinTheJointLimits) {
  // A named pose shipped with a model must be one the arm can reach. (Fails for the PUMA: see
  // PumaJointRangesFollowTheAxes.)
  for (const std::string& name : builtin_names()) {
    const BuiltinModel b = builtin_model(name);
    for (const NamedPose& p : b.poses)
      for (int i = 0; i < b.model.dof; ++i)
        EXPECT_TRUE(within_limits(b.model.limits[i], b.model.joint_type[i], p.q[i]))
            << name << " pose '" << p.name << "' joint " << i + 1 << ": q = " << p.q[i] << " outside ["
            << b.model.limits[i].lower << ", " << b.model.limits[i].upper << "]";
  }
  // The check notices a pose outside a range.
  JointLimits lim;
  lim.lower = -45 * kDeg;
  lim.upper = 225 * kDeg;
  EXPECT_FALSE(within_limits(lim, JointType::kRevolute, -90 * kDeg));
  EXPECT_TRUE(within_limits(lim, JointType::kRevolute, 90 * kDeg));
}

TEST(Catalogue, PumaJointRangesFollowTheAxes) {
  // Corke's standard-DH puma560 has alpha_1 = +pi/2: joint 2 turns about -Y of the base at
  // q1 = 0, and its ranges are q2 in [-45, 225] deg, q3 in [-225, 45] deg, with "ready" =
  // (0, pi/2, -pi/2, ...). In the modified-DH AKB frames used here alpha_1 = -pi/2, so joints 2
  // and 3 turn about +Y: the same physical range is q2 in [-225, 45], q3 in [-45, 225] deg
  // (and AKB's "ready" is (0, -pi/2, pi/2, ...), as in this catalogue). Check the axis, then the
  // ranges that follow from it.
  const Model m = builtin_model("puma560").model;
  Data data(m);
  forward_kinematics(m, data, VecX<double>::Zero(6));
  const Vec3<double> z2 = data.oMb[1].R.col(2);  // joint 2's axis in the base frame at q = 0
  EXPECT_NEAR((z2 - Vec3<double>(0, 1, 0)).norm(), 0.0, 1e-12);
  EXPECT_NEAR(m.limits[1].lower, -225 * kDeg, 1e-12);
  EXPECT_NEAR(m.limits[1].upper, 45 * kDeg, 1e-12);
  EXPECT_NEAR(m.limits[2].lower, -45 * kDeg, 1e-12);
  EXPECT_NEAR(m.limits[2].upper, 225 * kDeg, 1e-12);
}

}  // namespace catalogue_test
}  // namespace armdyn
