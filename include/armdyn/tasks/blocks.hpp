#pragma once
// The adjustment blocks ([VP] §3.4): from the prescribed motion of a task frame (TaskReference)
// to the joint accelerations, without inverse kinematics inside the loop ([VP] (3.1.5)-(3.1.6)):
//   B q̈ + A = ẍ_task,   q̈ = B⁺ (ẍ_task − A).
// B holds the rows of the frame Jacobian J (kinematics/jacobian.hpp, base axes) that the task
// imposes, A the same rows of J̇ q̇:
//   position (always, 3 rows):  J_v q̈ + (J̇ q̇)_v = p̈
//   full orientation (3 rows):  J_w q̈ + (J̇ q̇)_w = ẇ
//   approach (2 rows): the frame axis h = R e_axis must follow a prescribed unit direction. From
//     ḧ = ẇ × h + w × (w × h) with the actual w ([VP] (3.4.29)-(3.4.35)), projected on two unit
//     directions e_1, e_2 ⟂ h (h · ḧ = −|ḣ|² is fixed by the velocity):
//       (h × e_i)ᵀ J_w q̈ + (h × e_i) · (J̇ q̇)_w + e_i · (w × (w × h)) = e_i · ḧ_ref.
//     [VP]'s B1 keeps the x and y rows of ḧ, which degenerate when h is vertical; the tangent
//     basis does not, and q̈ does not depend on which e_1, e_2 are taken.
//   prescribed joint (1 row, [VP] A1/C3): q̈_k = q̈_k,ref.
// The classes of [VP] §3.3: position + joint = A1 (A2, A3 in cylindrical or spherical
// coordinates: the same rows, the reference converted to base axes); position + approach = B1;
// position + full = C1/C2; position + approach + joint = C3.
//
// Solving (m rows, n joints): m == n: the unique solution; m < n (redundant): the minimum-norm
// solution, plus with a posture the null-space term (I − B⁺B) z, z = kp (q_posture − q) − kd q̇,
// which leaves the task rows unchanged; m > n: InputError naming the block. Both through a QR
// factorisation of Bᵀ. When the smallest singular value σ of B falls below
// `singular_threshold`, damped least squares q̈ = Bᵀ (B Bᵀ + λ² I)⁻¹ (ẍ_task − A) with
// λ² = (1 − (σ / threshold)²) λ_max² (zero at the threshold: continuous), and damped() is set:
// the task rows then hold only approximately.
//
// Drift correction: with gains (kp, kd) the task acceleration is the reference's plus a PD pull
// on the task error, ẍ_task = ẍ_ref + kd (ẋ_ref − ẋ) + kp e, e = p_ref − p for the position,
// log(R_ref Rᵀ) (rotation vector) for the full orientation, a_ref − h for the approach
// direction, q_ref − q for the prescribed joint. Zero gains give [VP] (3.1.6) as it is.
#include <cmath>
#include <string>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <Eigen/QR>

#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/tasks/reference.hpp"

namespace armdyn::tasks {

/// Gains of the PD pull on the task error (1/s², 1/s); zero: none.
struct TaskGains {
  double kp = 0, kd = 0;
};

/// The null-space posture term of redundant arms, a PD pull toward the posture `q` (empty: no
/// posture term): z = kp (q_posture − q) − kd q̇ (1/s², 1/s). Only its null-space part acts.
struct PostureTerm {
  VecX<double> q;
  double kp = 0, kd = 0;
  bool enabled() const { return q.size() > 0; }
};

struct BlockOptions {
  TaskGains gains;                   ///< drift correction (zero: [VP] (3.1.6) uncorrected)
  PostureTerm posture;               ///< redundant arms only
  double singular_threshold = 1e-4;  ///< σ_min(B) below which damped least squares is used
  double max_damping = 1e-2;         ///< λ_max, the damping at σ_min = 0
};

/// The rotation vector (axis × angle, base axes) that turns R into R_ref: log(R_ref Rᵀ).
inline Vec3<double> rotation_error(const Mat3<double>& R_ref, const Mat3<double>& R) {
  const Eigen::AngleAxisd aa(Mat3<double>(R_ref * R.transpose()));
  return aa.angle() * aa.axis();
}

/// Two unit vectors e1, e2 with (e1, e2, h) right-handed and orthonormal, for a unit h.
inline void tangent_basis(const Vec3<double>& h, Vec3<double>& e1, Vec3<double>& e2) {
  int k = 0;  // the base axis least aligned with h
  for (int i = 1; i < 3; ++i)
    if (std::abs(h[i]) < std::abs(h[k])) k = i;
  e1 = h.cross(Vec3<double>::Unit(k)).normalized();
  e2 = h.cross(e1);
}

/// The rows a reference imposes (3 position + 3, 2 or 0 orientation + 0 or 1 joint).
int block_rows(OrientationMode orientation, bool joint);
/// "position + approach + joint (VP C3, 6 rows)", for messages.
std::string block_name(OrientationMode orientation, bool joint);

class AdjustmentBlock {
 public:
  /// For frame `frame` (an index into model.frames) of `model`, which must outlive the block.
  /// InputError for a frame index out of range, or a posture of the wrong size or not finite.
  AdjustmentBlock(const Model& model, int frame, BlockOptions options = {});

  /// q̈ for the reference `ref` at the state (q, v); InputError naming the block when it
  /// imposes more rows than the model has joints, or its prescribed joint does not exist.
  const VecX<double>& solve(const TaskReference& ref, VecIn<double> q, VecIn<double> v);

  // What the last solve() used and found.
  int rows() const { return rows_; }
  /// B: the first rows() rows hold the block's matrix.
  const MatX<double>& B() const { return B_; }
  /// A: the first rows() entries.
  const VecX<double>& A() const { return A_; }
  /// ẍ_task (with the drift correction): the first rows() entries.
  const VecX<double>& target() const { return x_; }
  /// True when B was near-singular and damped least squares was used.
  bool damped() const { return damped_; }
  /// The smallest singular value of B.
  double sigma_min() const { return sigma_min_; }
  /// The frame's pose and velocity [v_origin; w] at the state of the last solve().
  const Transform<double>& pose() const { return data_.oMf[static_cast<std::size_t>(frame_)]; }
  const Vec6<double>& velocity() const { return ws_.velocity; }
  const Model& model() const { return model_; }
  int frame() const { return frame_; }
  const BlockOptions& options() const { return options_; }

 private:
  void assemble(const TaskReference& ref, VecIn<double> q, VecIn<double> v);
  void solve_rows(VecIn<double> q, VecIn<double> v);

  const Model& model_;
  int frame_;
  BlockOptions options_;
  Data data_;
  FrameWorkspace<double> ws_;
  MatX<double> B_, Bt_;
  VecX<double> A_, x_, rhs_, qdd_, z_;
  Eigen::HouseholderQR<MatX<double>> qr_;
  VecX<double> qr_workspace_;
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 7, 7>> eig_{7};
  int rows_ = 0;
  bool damped_ = false;
  double sigma_min_ = 0;
};

}  // namespace armdyn::tasks
