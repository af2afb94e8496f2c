// Models from DH tables (model/dh.hpp): for random tables of either convention, revolute and
// prismatic joints, a random base and a tool frame, every link frame found by forward kinematics
// equals the product of the DH matrices written out here entry by entry:
//   standard ([Spong] (3.10)): Rz(theta) Tz(d) Tx(a) Rx(alpha),
//   modified ([Craig] (3.6)):  Rx(alpha) Tx(a) Rz(theta) Tz(d),
// with theta + q (revolute) or d + q (prismatic); dh_row_placements splits each matrix into
// origin * joint motion * link_in_joint; the table is kept in Model::dh. The products notice the
// other convention and one entry 1e-6 off.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/model/dh.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace dh_test {

constexpr double kTol = 1e-12;

Mat4<double> dh_matrix(DhConvention convention, const DhRow& row, double q) {
  const bool revolute = row.type == JointType::kRevolute;
  const double t = revolute ? row.theta + q : row.theta, d = revolute ? row.d : row.d + q;
  const double ct = std::cos(t), st = std::sin(t), ca = std::cos(row.alpha), sa = std::sin(row.alpha), a = row.a;
  Mat4<double> A;
  if (convention == DhConvention::kStandard)
    A << ct, -st * ca, st * sa, a * ct,  //
        st, ct * ca, -ct * sa, a * st,   //
        0, sa, ca, d,                    //
        0, 0, 0, 1;
  else
    A << ct, -st, 0, a,                   //
        st * ca, ct * ca, -sa, -sa * d,   //
        st * sa, ct * sa, ca, ca * d,     //
        0, 0, 0, 1;
  return A;
}

DhDescription random_table(std::mt19937_64& rng, int n, DhConvention convention) {
  DhDescription d;
  d.source = "dh_test";
  d.name = "table";
  d.convention = convention;
  d.base = test::random_placement(rng);
  for (int i = 0; i < n; ++i) {
    DhLink link;
    link.joint_name = "joint" + std::to_string(i + 1);
    link.link_name = "link" + std::to_string(i + 1);
    link.row.type = i % 3 == 1 ? JointType::kPrismatic : JointType::kRevolute;
    link.row.a = test::uniform(rng, -0.5, 0.5);
    link.row.alpha = test::uniform(rng, -3.1, 3.1);
    link.row.d = test::uniform(rng, -0.5, 0.5);
    link.row.theta = test::uniform(rng, -3.1, 3.1);
    link.inertial = test::random_inertial(rng);
    d.links.push_back(link);
  }
  d.tool_frames = {{"tool", test::random_placement(rng, 0.2)}};
  return d;
}

/// The worst entry of (frame placement - base * A_1 ... A_i) over the links and the tool.
double product_error(const Model& model, const DhDescription& d, DhConvention convention, const VecX<double>& q) {
  Data data(model);
  forward_kinematics(model, data, q);
  Mat4<double> T = d.base.matrix();
  double w = 0;
  for (std::size_t i = 0; i < d.links.size(); ++i) {
    T = T * dh_matrix(convention, d.links[i].row, q[static_cast<Eigen::Index>(i)]);
    w = std::max(w, (data.oMf[model.frame_index(d.links[i].link_name)].matrix() - T).cwiseAbs().maxCoeff());
  }
  const Mat4<double> tool = T * d.tool_frames[0].second.matrix();
  return std::max(w, (data.oMf[model.frame_index("tool")].matrix() - tool).cwiseAbs().maxCoeff());
}

TEST(Dh, LinkFramesAreTheProductOfDhMatrices) {
  std::mt19937_64 rng(121);
  for (DhConvention convention : {DhConvention::kStandard, DhConvention::kModified}) {
    const DhConvention other =
        convention == DhConvention::kStandard ? DhConvention::kModified : DhConvention::kStandard;
    for (int trial = 0; trial < 20; ++trial) {
      const DhDescription d = random_table(rng, 6, convention);
      const Model model = model_from_dh(d);
      ASSERT_TRUE(model.dh.has_value());
      EXPECT_EQ(model.dh->convention, convention);
      ASSERT_EQ(model.dh->rows.size(), d.links.size());
      for (std::size_t i = 0; i < d.links.size(); ++i) {
        EXPECT_EQ(model.dh->rows[i].a, d.links[i].row.a);
        EXPECT_EQ(model.dh->rows[i].alpha, d.links[i].row.alpha);
        EXPECT_EQ(model.joint_type[i], d.links[i].row.type);
      }
      for (int s = 0; s < 3; ++s) {
        const VecX<double> q = test::random_vector(rng, 6, -2, 2);
        EXPECT_LT(product_error(model, d, convention, q), kTol);
        EXPECT_GT(product_error(model, d, other, q), 1e-3);
        DhDescription off = d;
        off.links[3].row.alpha += 1e-6;
        EXPECT_GT(product_error(model, off, convention, q), 1e-8);
      }
    }
  }
}

TEST(Dh, RowPlacementsSplitTheDhMatrix) {
  std::mt19937_64 rng(122);
  for (DhConvention convention : {DhConvention::kStandard, DhConvention::kModified}) {
    for (int k = 0; k < 200; ++k) {
      DhRow row;
      row.type = k % 2 ? JointType::kPrismatic : JointType::kRevolute;
      row.a = test::uniform(rng, -1, 1);
      row.alpha = test::uniform(rng, -3.1, 3.1);
      row.d = test::uniform(rng, -1, 1);
      row.theta = test::uniform(rng, -3.1, 3.1);
      const double q = test::uniform(rng, -2, 2);
      Transform<double> origin, link_in_joint;
      dh_row_placements(convention, row, origin, link_in_joint);
      const Transform<double> motion = row.type == JointType::kRevolute
                                           ? Transform<double>::rotation(rot_z(q))
                                           : Transform<double>::translation(Vec3<double>(0, 0, q));
      const Mat4<double> product = (origin * motion * link_in_joint).matrix();
      EXPECT_LT((product - dh_matrix(convention, row, q)).cwiseAbs().maxCoeff(), kTol);
      DhRow off = row;
      off.d += 1e-6;
      EXPECT_GT((product - dh_matrix(convention, off, q)).cwiseAbs().maxCoeff(), 1e-7);
    }
  }
}

}  // namespace dh_test
}  // namespace armdyn
