#pragma once
// Closed chains ([VP] §2.10): a point V of a frame held on a surface h(x) = 0 or on a line
// h1 = h2 = 0, with the unknown normal forces N_k. The open-chain model is reused with the
// constraint's reaction added ([VP] (2.10.2), D = J_V^T):
//   M(q) a + c(q, v) = tau + G^T N,      G = [n_k^T J_V]  (m x n, m = 1 or 2)        (1)
// where J_V is the point's translational Jacobian and n_k = grad h_k / |grad h_k| the unit normal
// at V, so that the reaction on the arm is R = sum_k N_k n_k ([VP] (2.10.4), (2.10.16)). Every
// h_k is a signed distance (|grad h_k| = 1), so h_k is the constraint error in metres.
//
// Inverse dynamics with a prescribed contact force ([VP] (2.10.5)): tau = ID(q, v, a) - G^T N.
//
// Forward dynamics: (1) with the constraint at the acceleration level, stabilised after
// Baumgarte (critically damped, rate w in 1/s):
//   h_k'' + 2 w h_k' + w^2 h_k = 0,   h_k'' = n_k . (J_V a + J̇_V v) + ẋ^T H_k ẋ            (2)
// (H_k the Hessian of h_k, ẋ the point's velocity). (1) and (2) are the KKT system
//   [ M  -G^T ] [a]   [ tau - c                                        ]
//   [ G    0  ] [N] = [ -n.(J̇_V v) - ẋ^T H ẋ - 2 w h' - w^2 h  =: gamma ]
// solved by its Schur complement (range-space method): with a0 = M^-1 (tau - c) (LDL^T of M),
//   (G M^-1 G^T) N = gamma - G a0,    a = a0 + M^-1 G^T N.                                  (3)
// O(n^3) for the factorisation (as forward_dynamics), O(n^2 m) for the rest; no allocation once
// the workspace exists.
//
// A loop between bodies (a four-bar, a parallelogram linkage; the closure of a tree's two
// branches, [VP] §2.10 with the point held on a moving body): point A of frame f1 coincides with
// point B of frame f2, h = x_A - x_B (3 rows, base axes), G = J_A - J_B, and the reaction N is the
// force on f1 at A (-N on f2 at B): (J_A - J_B)^T N is the generalised force of that pair. With
// aligned axes (a revolute closure in 3-D) a second pair, the points one metre along each axis
// (unit a1 on f1, a2 on f2), coincides too: 6 rows, one of them always redundant.
//
// Rank deficiency: a planar linkage's out-of-plane rows are zero and a revolute closure's six rows
// have rank five, so G M^-1 G^T may be singular. (3) is solved with the pseudo-inverse of the
// Schur matrix (its symmetric eigen-decomposition, eigenvalues below kSchurRankTolerance times the
// largest taken as zero): a is the same for every solution N of a consistent system, and N is
// the one of least norm (the redundant reaction components are zero or shared evenly).
//
// Projection (project_on_constraint, double): after a step, q is moved back onto h(q) = 0 by
// Newton steps dq = -M^-1 G^T (G M^-1 G^T)^+ h (the nearest point in the kinetic metric) and then
// v onto G v = 0 by dv = -M^-1 G^T (G M^-1 G^T)^+ G v. The simulator does this after every
// accepted step when PointConstraint::project is set (the default for a loop): Baumgarte alone
// leaves a drift of order the integration error.
//
// [VP]'s own method, kept as a documented reference (vp_search_step, double only): over one step
// dt with constant acceleration, q1(N) = E + H N with E = q0 + v0 dt + dt^2/2 a0 and
// H = dt^2/2 M^-1 G^T ((2.10.9)-(2.10.13)); N is searched so that h(q1(N)) = 0 (2.10.14): a
// 1-D search on a surface, 2-D on a line. On a consistent state its N tends to (3)'s as dt -> 0
// (first order in dt).
#include <array>
#include <string>

#include "armdyn/dynamics/loads.hpp"
#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

/// The shapes a point may be held on, each by its signed distance h(x):
///   plane     h = n.(x - p)            p a point of the plane, n its unit normal (`direction`)
///   sphere    h = |x - p| - r          p the centre
///   cylinder  h = |P (x - p)| - r      p a point of the axis, P = I - a a^T, a the unit axis
enum class SurfaceType { kPlane, kSphere, kCylinder };

template <class S> struct Surface {
  SurfaceType type = SurfaceType::kPlane;
  Vec3<S> point = Vec3<S>::Zero();
  Vec3<S> direction = Vec3<S>::UnitZ();  ///< plane: the unit normal; cylinder: the unit axis
  S radius = S(0);                        ///< sphere, cylinder
};

/// The critically damped stabilisation rate w of (2), 1/s, unless the constraint sets its own.
inline constexpr double kDefaultBaumgarteRate = 20.0;

/// The most constraint rows: a loop with aligned axes (two coinciding point pairs).
inline constexpr int kMaxConstraintRows = 6;

/// Eigenvalues of G M^-1 G^T below this times the largest are taken as zero (redundant rows).
inline constexpr double kSchurRankTolerance = 1e-10;

/// A point of a frame held on one surface (count 1), on a line, the intersection of two planes
/// (count 2; line_constraint builds them), or on a point of another frame: a loop (count 3, or 6
/// with aligned axes; loop_constraint builds it).
template <class S> struct PointConstraint {
  int frame = -1;                    ///< index into model.frames
  Vec3<S> offset = Vec3<S>::Zero();  ///< V in the frame's axes, from the frame origin
  int count = 1;                     ///< rows: 1 surface, 2 line, 3 loop, 6 loop with axes
  std::array<Surface<S>, 2> surfaces;
  S baumgarte_rate = S(kDefaultBaumgarteRate);
  int other_frame = -1;                    ///< a loop: the frame of point B (index into model.frames)
  Vec3<S> other_offset = Vec3<S>::Zero();  ///< a loop: B in other_frame's axes
  Vec3<S> axis = Vec3<S>::UnitZ();         ///< loop with axes (count 6): unit a1, frame's axes
  Vec3<S> other_axis = Vec3<S>::UnitZ();   ///< loop with axes: unit a2, other_frame's axes
  bool project = false;  ///< the simulator projects (q, v) onto the constraint after each step

  bool is_loop() const { return other_frame >= 0; }
};

/// The line through `point` along `direction` (not zero) as two planes: n1 = unit(d x e), e the
/// base axis least aligned with d, and n2 = unit(d) x n1. N1, N2 are the forces along them.
template <class S>
PointConstraint<S> line_constraint(int frame, const Vec3<S>& offset, const Vec3<S>& point, const Vec3<S>& direction);

/// A loop: A of `frame` (offset) on B of `other_frame` (other_offset); with align_axes also the
/// unit axes a1 (frame's axes) and a2 (other_frame's axes) aligned (count 6, else 3).
template <class S>
PointConstraint<S> loop_constraint(int frame, const Vec3<S>& offset, int other_frame, const Vec3<S>& other_offset,
                                   bool align_axes = false, const Vec3<S>& axis = Vec3<S>::UnitZ(),
                                   const Vec3<S>& other_axis = Vec3<S>::UnitZ());

/// Workspace and results of the functions below, for one model (one per thread).
template <class S> struct ConstraintWorkspace {
  using Rows = Eigen::Matrix<S, kMaxConstraintRows, 1>;
  explicit ConstraintWorkspace(const ModelTpl<S>& model)
      : frame(model), other_frame(model), G(MatX<S>::Zero(kMaxConstraintRows, model.dof)),
        Minv_Gt(MatX<S>::Zero(model.dof, kMaxConstraintRows)), column(VecX<S>::Zero(model.dof)),
        qdd(VecX<S>::Zero(model.dof)), tau(VecX<S>::Zero(model.dof)) {
    require_angle_coordinates(model, "a constraint (closed chain)");
  }

  FrameWorkspace<S> frame;        ///< the frame's Jacobian, velocity and J̇ v
  FrameWorkspace<S> other_frame;  ///< a loop: the same for other_frame
  MatX<S> G;                ///< rows 0..count-1: n_k^T J_V (a loop: J_A - J_B)
  MatX<S> Minv_Gt;          ///< M^-1 G^T (columns 0..count-1)
  VecX<S> column;           ///< scratch
  Vec3<S> position, velocity;  ///< the point V (a loop: A) and its velocity, base axes
  Rows h, hdot;                ///< h_k(x) and its rate n_k . ẋ (a loop: x_A - x_B and its rate)
  Rows bias;                   ///< n_k . (J̇_V v) + ẋ^T H_k ẋ (a loop: J̇_A v - J̇_B v)
  Rows force;                  ///< N_k (constrained_forward_dynamics, vp_search_step)
  Eigen::Matrix<S, kMaxConstraintRows, kMaxConstraintRows> schur;  ///< G M^-1 G^T (top-left count x count)
  VecX<S> qdd;  ///< constrained_forward_dynamics, vp_search_step
  VecX<S> tau;  ///< constrained_inverse_dynamics
};

/// The point, its velocity, h, ḣ, G and the bias term at (q, v): ws.position, ws.velocity, ws.h,
/// ws.hdot, ws.G, ws.bias (a loop: ws.position and ws.velocity are A's). Runs frame_kinematics
/// (data.oMb, data.oMf; twice for a loop). InputError for a frame index out of range or a row
/// count other than 1 or 2 (3 or 6 for a loop).
template <class S>
void constraint_kinematics(const ModelTpl<S>& model, DataTpl<S>& data, ConstraintWorkspace<S>& ws,
                           const PointConstraint<S>& c, VecIn<S> q, VecIn<S> v);

/// tau = ID(q, v, a) - G^T N ([VP] (2.10.5)): the torques that move the arm with acceleration a
/// while the surface pushes the point with the normal forces N (N.size() == c.count). Writes
/// ws.tau (and data's rnea results); returns ws.tau.
template <class S>
const VecX<S>& constrained_inverse_dynamics(const ModelTpl<S>& model, DataTpl<S>& data, ConstraintWorkspace<S>& ws,
                                            const PointConstraint<S>& c, VecIn<S> q, VecIn<S> v, VecIn<S> a,
                                            VecIn<S> N, const Loads<S>* loads = nullptr);

/// The constrained motion (3): writes ws.qdd (returned), ws.force (N), and what
/// constraint_kinematics and forward_dynamics write. With `loads` (loads.hpp) the free motion is
/// a = M_L^-1 (tau - c_L) and M_L stands for M; the constraint is relative to the base (a surface
/// fixed to a moving base moves with it).
template <class S>
const VecX<S>& constrained_forward_dynamics(const ModelTpl<S>& model, DataTpl<S>& data, ConstraintWorkspace<S>& ws,
                                            const PointConstraint<S>& c, VecIn<S> q, VecIn<S> v, VecIn<S> tau,
                                            const Loads<S>* loads = nullptr);

/// max_k |h_k(x(q))|: the constraint error in metres (a loop: the largest component of
/// x_A - x_B, and with axes of the pair one metre along them). Runs forward_kinematics.
template <class S>
S constraint_error(const ModelTpl<S>& model, DataTpl<S>& data, ConstraintWorkspace<S>& ws,
                   const PointConstraint<S>& c, VecIn<S> q);

/// InputError unless the constraint can hold the arm at (q, v): |h_k| <= position_tolerance (m),
/// |ḣ_k| <= velocity_tolerance (m/s), and G M^-1 G^T invertible (the arm can move V along every
/// normal). A loop: each pair's gap |x_A - x_B| and its rate within the tolerances; redundant
/// rows are allowed. `when` names the state in the message, e.g. "at t = 0 (q0, v0)".
void check_constraint(const Model& model, Data& data, ConstraintWorkspace<double>& ws,
                      const PointConstraint<double>& c, VecIn<double> q, VecIn<double> v,
                      double position_tolerance, double velocity_tolerance, const std::string& when);

/// Moves (q, v) onto the constraint (see "Projection" above): at most 10 Newton steps until
/// max_k |h_k| <= position_tolerance (m) (stopping early when a step makes no progress: the
/// round-off floor, or a state too far off for Newton), then v onto G v = 0. Returns the
/// max_k |h_k| reached. Writes what constraint_kinematics writes, data.M and data.L.
double project_on_constraint(const Model& model, Data& data, ConstraintWorkspace<double>& ws,
                             const PointConstraint<double>& c, VecX<double>& q, VecX<double>& v,
                             double position_tolerance);

/// [VP]'s reference method over one step dt from (q0, v0) under tau ((2.10.9)-(2.10.14)): the
/// normal forces N for which q1 = q0 + v0 dt + dt^2/2 a(N) lies on the constraint (a secant
/// search in N, 2-D by Newton steps with a difference Jacobian on a line), a(N) = a0 + M^-1 G^T N.
/// Writes ws.force (N), ws.qdd (a(N)), q1 and v1 = v0 + dt a(N). InputError when the search does
/// not converge in 50 iterations, and for a loop (surfaces and lines only).
void vp_search_step(const Model& model, Data& data, ConstraintWorkspace<double>& ws,
                    const PointConstraint<double>& c, VecIn<double> q0, VecIn<double> v0, VecIn<double> tau,
                    double dt, VecX<double>& q1, VecX<double>& v1);

/// A readable name: "plane", "sphere", "cylinder", "line", "loop".
std::string constraint_shape_name(const PointConstraint<double>& c);

extern template PointConstraint<double> line_constraint(int, const Vec3<double>&, const Vec3<double>&,
                                                        const Vec3<double>&);
extern template PointConstraint<double> loop_constraint(int, const Vec3<double>&, int, const Vec3<double>&, bool,
                                                        const Vec3<double>&, const Vec3<double>&);
extern template void constraint_kinematics(const Model&, Data&, ConstraintWorkspace<double>&,
                                           const PointConstraint<double>&, VecIn<double>, VecIn<double>);
extern template const VecX<double>& constrained_inverse_dynamics(const Model&, Data&, ConstraintWorkspace<double>&,
                                                                 const PointConstraint<double>&, VecIn<double>,
                                                                 VecIn<double>, VecIn<double>, VecIn<double>,
                                                                 const Loads<double>*);
extern template const VecX<double>& constrained_forward_dynamics(const Model&, Data&, ConstraintWorkspace<double>&,
                                                                 const PointConstraint<double>&, VecIn<double>,
                                                                 VecIn<double>, VecIn<double>, const Loads<double>*);
extern template double constraint_error(const Model&, Data&, ConstraintWorkspace<double>&,
                                        const PointConstraint<double>&, VecIn<double>);

}  // namespace armdyn
