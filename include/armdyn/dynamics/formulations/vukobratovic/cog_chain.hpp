#pragma once
// The input data ("configuration") of the computer-oriented methods of [VP] that put each body
// frame at the segment's centre of gravity: the method of general theorems (§2.3, input list
// after (2.3.13)) and Appel's method (§2.9, input list after (2.9.9)). Both formulations read
// this one description; each then forms its own transition matrices and recursions.
//
// [VP]: M. Vukobratović, V. Potkonjak, Dynamics of Manipulation Robots (Springer, 1982), ch. 2.
//
// The book's chain: joint S_i joins segment i-1 and segment i; it turns about (s_i = 0) or slides
// along (s_i = 1) the unit axis e_i, fixed in both segments. Segment i's body frame has its
// origin at the centre of gravity C_i. Per segment the book asks for (all constant):
//   e~~_i     the axis e_i in the (i-1)-th body frame;    e~_i  the axis in the i-th body frame;
//   r~_ii     the vector from joint S_i to C_i, in frame i;
//   r~_{i,i+1} the vector from joint S_{i+1} to C_i, in frame i (r~_01: from S_1 to C_0);
//   u~~_i, u~_i  for a linear joint, a unit vector not parallel to e_i, in frames i-1 and i;
//   r*         for a "specificity" (Fig. 2.4-2.5), a unit vector perpendicular to e_i that
//              replaces r_{i-1,i} or r_ii when fixing the zero of q_i;
//   m_i, J~_i  mass and inertia tensor about C_i in the body frame.
//
// Mapping from the normalised model (model.hpp). Book segment i is body i-1 (0-based code).
//   * The body frame of segment i: origin at C_i = com[i], axes parallel to the normalised body
//     frame i (the book allows any body-fixed axes; J~_i is then the full inertia_com[i]).
//     Segment 0 is the base, C_0 at the base origin, axes those of the external frame.
//   * S_i is the origin of body frame i at q_i = 0: it lies on the joint axis and is fixed in the
//     parent (for a linear joint it is the book's point S_i on segment i-1, Fig. 2.3).
//   * e~_i = z;  e~~_i = R(tree[i]) z.
//   * r~_ii = com[i] (S_i is the body origin at q_i = 0, and a slide keeps the axes);
//     r~_{i-1,i} = com[i-1] - tree[i].p  (r~_01 = -tree[0].p).
//   * The zero of q_i. The book measures q_i between the projections of -r_{i-1,i} and r_ii on
//     the plane normal to e_i; the normalised model measures it from body frame i's x axis. We
//     therefore declare every revolute joint "specific" at both ends and give the book's r*
//     vectors: r*~_ii = x (in frame i) and r*~~_{i-1,i} = -R(tree[i]) x (in frame i-1, so that
//     the projection of -r* is the parent-side x axis). With these the book's q_i IS the model's
//     q_i, for every model (also where r_ii || e_i, e.g. point masses on the axis).
//   * Linear joint: u~_i = x, u~~_i = R(tree[i]) x.
// Only serial chains (parent[i] == i - 1): the book's methods are "without branching".
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/entry.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::vp {

template <class S> struct CogChain {
  int n = 0;
  std::vector<bool> linear;         ///< s_i (true: linear joint)
  std::vector<Vec3<S>> e_prev;      ///< e~~_i: joint axis in the (i-1)-th body frame
  std::vector<Vec3<S>> e_own;       ///< e~_i: joint axis in the i-th body frame
  std::vector<Vec3<S>> r_up;        ///< r~_{i-1,i}: from S_i to C_{i-1}, in frame i-1
  std::vector<Vec3<S>> r_own;       ///< r~_ii: from S_i to C_i, in frame i (at q_i = 0 if linear)
  std::vector<Vec3<S>> ref_prev;    ///< r*~~_{i-1,i} (revolute) or u~~_i (linear), frame i-1
  std::vector<Vec3<S>> ref_own;     ///< r*~_ii (revolute) or u~_i (linear), frame i
  std::vector<S> m;                 ///< m_i
  std::vector<Mat3<S>> J;           ///< J~_i about C_i, body frame i
};

/// The book's input data for `model`; throws InputError("<method> handles serial chains only")
/// for a tree.
template <class S> CogChain<S> make_cog_chain(const ModelTpl<S>& model, const char* method) {
  CogChain<S> c;
  c.n = model.dof;
  const Vec3<S> x(S(1), S(0), S(0)), z(S(0), S(0), S(1));
  for (int i = 0; i < model.dof; ++i) {
    if (model.parent[i] != i - 1) throw InputError(std::string(method) + " handles serial chains only");
    const Transform<S>& t = model.tree[i];
    const bool lin = model.joint_type[i] == JointType::kPrismatic;
    c.linear.push_back(lin);
    c.e_prev.push_back(t.R * z);
    c.e_own.push_back(z);
    c.r_up.push_back(i == 0 ? Vec3<S>(-t.p) : Vec3<S>(model.com[i - 1] - t.p));
    c.r_own.push_back(model.com[i]);
    c.ref_prev.push_back(lin ? Vec3<S>(t.R * x) : Vec3<S>(-(t.R * x)));
    c.ref_own.push_back(x);
    c.m.push_back(model.mass[i]);
    c.J.push_back(model.inertia_com[i]);
  }
  return c;
}

}  // namespace armdyn::vp
