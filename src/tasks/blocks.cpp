// The adjustment blocks ([VP] §3.4, (3.1.5)-(3.1.6)); see tasks/blocks.hpp.
#include "armdyn/tasks/blocks.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/QR>

#include "armdyn/core/error.hpp"

namespace armdyn::tasks {

namespace {

constexpr int kMaxRows = 7;
using Gram = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxRows, kMaxRows>;
using SmallVec = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxRows, 1>;

int orientation_rows(OrientationMode mode) {
  switch (mode) {
    case OrientationMode::kFull:
      return 3;
    case OrientationMode::kApproach:
      return 2;
    case OrientationMode::kFree:
      return 0;
  }
  return 0;
}

}  // namespace

int block_rows(OrientationMode orientation, bool joint) { return 3 + orientation_rows(orientation) + (joint ? 1 : 0); }

std::string block_name(OrientationMode orientation, bool joint) {
  std::string name = "position";
  const char* vp = "";
  switch (orientation) {
    case OrientationMode::kFull:
      name += " + full orientation";
      vp = joint ? "" : "VP C1/C2, ";
      break;
    case OrientationMode::kApproach:
      name += " + approach";
      vp = joint ? "VP C3, " : "VP B1, ";
      break;
    case OrientationMode::kFree:
      vp = joint ? "VP A1-A3, " : "";
      break;
  }
  if (joint) name += " + joint";
  return name + " (" + vp + std::to_string(block_rows(orientation, joint)) + " rows)";
}

AdjustmentBlock::AdjustmentBlock(const Model& model, int frame, BlockOptions options)
    : model_(model), frame_(frame), options_(std::move(options)), data_(model), ws_(model),
      B_(MatX<double>::Zero(kMaxRows, model.dof)), A_(VecX<double>::Zero(kMaxRows)), x_(VecX<double>::Zero(kMaxRows)),
      rhs_(VecX<double>::Zero(kMaxRows)), qdd_(VecX<double>::Zero(model.dof)), z_(VecX<double>::Zero(model.dof)),
      qr_(model.dof, std::min(model.dof, kMaxRows)), qr_workspace_(VecX<double>::Zero(1)) {
  if (frame < 0 || frame >= static_cast<int>(model.frames.size()))
    throw InputError("adjustment block: frame index " + std::to_string(frame) + " out of range (model '" +
                     model.name + "' has " + std::to_string(model.frames.size()) + " frames)");
  const PostureTerm& p = options_.posture;
  if (p.enabled() && (p.q.size() != model.dof || !p.q.allFinite()))
    throw InputError("adjustment block: posture: expected " + std::to_string(model.dof) + " finite joint values");
  if (!(p.kp >= 0) || !(p.kd >= 0) || !std::isfinite(p.kp) || !std::isfinite(p.kd))
    throw InputError("adjustment block: posture gains must be >= 0 and finite");
  const TaskGains& g = options_.gains;
  if (!(g.kp >= 0) || !(g.kd >= 0) || !std::isfinite(g.kp) || !std::isfinite(g.kd))
    throw InputError("adjustment block: drift-correction gains must be >= 0 and finite");
  if (!(options_.singular_threshold >= 0) || !(options_.max_damping >= 0) ||
      !std::isfinite(options_.singular_threshold) || !std::isfinite(options_.max_damping))
    throw InputError("adjustment block: singular_threshold and max_damping must be >= 0 and finite");
}

const VecX<double>& AdjustmentBlock::solve(const TaskReference& ref, VecIn<double> q, VecIn<double> v) {
  const bool joint = ref.joint >= 0;
  const int m = block_rows(ref.orientation, joint);
  if (m > model_.dof)
    throw InputError("adjustment block " + block_name(ref.orientation, joint) + ": " + std::to_string(m) +
                     " task rows but model '" + model_.name + "' has only " + std::to_string(model_.dof) +
                     " joints (impose fewer rows: orientation \"approach\" or \"free\", or no prescribed joint)");
  if (ref.joint >= model_.dof)
    throw InputError("adjustment block: prescribed joint index " + std::to_string(ref.joint) + " out of range (" +
                     std::to_string(model_.dof) + " joints)");
  rows_ = m;
  assemble(ref, q, v);
  solve_rows(q, v);
  return qdd_;
}

// B, A and ẍ_task, row by row (see blocks.hpp).
void AdjustmentBlock::assemble(const TaskReference& ref, VecIn<double> q, VecIn<double> v) {
  frame_kinematics(model_, data_, ws_, frame_, q, v);
  const Transform<double>& X = data_.oMf[static_cast<std::size_t>(frame_)];
  const Vec3<double> vel = ws_.velocity.head<3>(), w = ws_.velocity.tail<3>();
  const double kp = options_.gains.kp, kd = options_.gains.kd;
  int r = 0;
  // Position of the frame origin.
  B_.topRows(3) = ws_.J.topRows(3);
  A_.head<3>() = ws_.jdot_v.head<3>();
  x_.head<3>() = ref.ddp;
  if (kp != 0 || kd != 0) x_.head<3>() += kd * (ref.dp - vel) + kp * (ref.p - X.p);
  r = 3;
  if (ref.orientation == OrientationMode::kFull) {
    B_.middleRows(r, 3) = ws_.J.bottomRows(3);
    A_.segment<3>(r) = ws_.jdot_v.tail<3>();
    x_.segment<3>(r) = ref.dw;
    if (kp != 0 || kd != 0) x_.segment<3>(r) += kd * (ref.w - w) + kp * rotation_error(ref.R, X.R);
    r += 3;
  } else if (ref.orientation == OrientationMode::kApproach) {
    if (ref.approach_axis < 0 || ref.approach_axis > 2)
      throw InputError("adjustment block: approach axis " + std::to_string(ref.approach_axis) +
                       " (expected 0, 1 or 2: the frame's x, y or z)");
    const Vec3<double> h = X.R.col(ref.approach_axis);
    const Vec3<double> alpha = w.cross(w.cross(h));  // [VP] (3.4.31): ḧ = ẇ × h + α
    Vec3<double> e[2];
    tangent_basis(h, e[0], e[1]);
    Vec3<double> ddh = ref.dd_approach;
    if (kp != 0 || kd != 0) ddh += kd * (ref.d_approach - w.cross(h)) + kp * (ref.approach - h);
    for (const Vec3<double>& ei : e) {
      const Vec3<double> hxe = h.cross(ei);
      B_.row(r) = hxe.transpose() * ws_.J.bottomRows(3);
      A_(r) = hxe.dot(ws_.jdot_v.tail<3>()) + ei.dot(alpha);
      x_(r) = ei.dot(ddh);
      ++r;
    }
  }
  if (ref.joint >= 0) {
    const int k = ref.joint;
    B_.row(r).setZero();
    B_(r, k) = 1.0;
    A_(r) = 0.0;
    x_(r) = ref.joint_a;
    if (kp != 0 || kd != 0) x_(r) += kd * (ref.joint_v - v[k]) + kp * (ref.joint_q - q[k]);
    ++r;
  }
}

void AdjustmentBlock::solve_rows(VecIn<double> q, VecIn<double> v) {
  const int m = rows_, n = model_.dof;
  const auto B = B_.topRows(m);
  rhs_.head(m) = x_.head(m) - A_.head(m);
  Gram G(m, m);
  G.noalias() = B * B.transpose();
  eig_.compute(G, Eigen::EigenvaluesOnly);
  sigma_min_ = std::sqrt(std::max(0.0, eig_.eigenvalues()(0)));
  const PostureTerm& posture = options_.posture;
  const bool null_space = posture.enabled() && m < n;
  if (null_space) z_ = posture.kp * (posture.q - q) - posture.kd * v;
  const double threshold = options_.singular_threshold;
  damped_ = !(sigma_min_ >= threshold) || sigma_min_ == 0.0;
  if (!damped_) {
    // Bᵀ = Q R: B q̈ = Rᵀ Q₁ᵀ q̈, so q̈ = Q₁ R⁻ᵀ (ẍ − A) is the solution of least norm, and
    // (I − B⁺B) z = Q₂ Q₂ᵀ z.
    Bt_ = B.transpose();  // n x m: reallocated only when the row count changes
    qr_.compute(Bt_);
    SmallVec y = rhs_.head(m);
    qr_.matrixQR().topLeftCorner(m, m).triangularView<Eigen::Upper>().transpose().solveInPlace(y);
    qdd_.setZero();
    qdd_.head(m) = y;
    qr_.householderQ().applyThisOnTheLeft(qdd_, qr_workspace_);  // Q [y; 0]
    if (null_space) {
      qr_.householderQ().adjoint().applyThisOnTheLeft(z_, qr_workspace_);  // Qᵀ z
      z_.head(m).setZero();
      qr_.householderQ().applyThisOnTheLeft(z_, qr_workspace_);  // Q₂ Q₂ᵀ z
      qdd_ += z_;
    }
    return;
  }
  // Damped least squares, λ² = (1 − (σ/threshold)²) λ_max².
  const double ratio = threshold > 0 ? sigma_min_ / threshold : 0.0;
  const double lambda2 = (1.0 - ratio * ratio) * options_.max_damping * options_.max_damping;
  G.diagonal().array() += lambda2;
  const Eigen::LDLT<Gram> ldlt(G);
  const SmallVec y = ldlt.solve(rhs_.head(m));
  qdd_.noalias() = B.transpose() * y;
  if (null_space) {
    SmallVec Bz(m);
    Bz.noalias() = B * z_;
    const SmallVec yz = ldlt.solve(Bz);
    qdd_ += z_;
    qdd_.noalias() -= B.transpose() * yz;
  }
}

}  // namespace armdyn::tasks
