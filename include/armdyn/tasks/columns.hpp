#pragma once
// The columns of a task run's table, one producer per group: the runner's own (t, q, v, a, the
// drives, the frame pose, the consumed energy) and any later ones (joint reactions, segment
// stresses, the gripper force, actuator quantities) added to the list without touching the
// runner. Each producer names its columns once and appends its values for every recorded state.
#include <memory>
#include <string>
#include <vector>

#include "armdyn/model/payload.hpp"
#include "armdyn/segments/segment.hpp"
#include "armdyn/tasks/run.hpp"

namespace armdyn::tasks {

class ColumnProducer {
 public:
  virtual ~ColumnProducer() = default;
  /// Appends the names of the producer's columns.
  virtual void names(std::vector<std::string>& out) const = 0;
  /// Appends the values of those columns for `state` (as many as names() gave).
  virtual void values(const RunState& state, std::vector<double>& out) = 0;
};

/// t, q1..qn, v1..vn, a1..an, tau1..taun, pos_x, pos_y, pos_z, quat_w, quat_x, quat_y, quat_z,
/// energy_consumed: the frame origin in base axes, its orientation as a unit quaternion with
/// w >= 0, the energy consumed up to t ([VP] (3.5.2)-(3.5.4)).
std::unique_ptr<ColumnProducer> motion_columns(int dof);

/// reaction<k>_fx, _fy, _fz, _nx, _ny, _nz for every movable joint k = 1..n: the wrench the
/// parent body applies to the child body through joint k ([VP] (3.5.5)-(3.5.10)), in the child
/// link's frame, moment about its origin (dynamics/reactions.hpp), for the state's q, q̇, q̈ on
/// `model` (which must outlive the producer; the payload, when carried, already added to it).
std::unique_ptr<ColumnProducer> reaction_columns(const Model& model);

/// sigma_max<k>, tau_max<k> (Pa) for every link with a segment, k its joint's index 1..n: the
/// segment's largest normal and torsion stress ([VP] (3.5.11)-(3.5.16), segments/stress.hpp) from
/// the joint reactions of the state's q, q̇, q̈ on `model` (which must outlive the producer; the
/// payload, when carried, already added to it). With `reactions`, the reaction columns of
/// reaction_columns come first, from the same computation (one joint_reactions per row).
/// `segments` must have been made for a model with the same links (it is copied).
std::unique_ptr<ColumnProducer> stress_columns(const Model& model, const segments::SegmentSet& segments,
                                               bool reactions);

/// deflection, deflection_bound, deflection_dynamic, tilt: the elastic deviation of the arm's tip
/// ([VP] ch. 4, segments/micro_dynamics.hpp) for the state's q, q̇, q̈ on `model` (which must
/// outlive the producer; the payload, when carried, already added to it): the quasi-static
/// |u_n^qs| (m), the bound u^m = |u_n^qs| + a^m ([VP] (4.6.3)-(4.6.4)), |u_n| of the integrated
/// micro-motion (segments/micro_motion.hpp: from rest at the first row, each row's D and c held
/// until the next row) and the quasi-static |φ_n^qs| (rad). The bound starts from the deviation
/// at rest at the first row's q (the motion starts from rest, a sudden change) and grows by
/// |Δu^qs| between two rows whenever one of `breakpoints` (where the nominal acceleration may
/// jump) lies between them, ends included. InputError (naming the segment file) unless the
/// model is a serial chain and `segments` gives one of its links a section.
std::unique_ptr<ColumnProducer> elastic_columns(const Model& model, const segments::SegmentSet& segments,
                                                std::vector<double> breakpoints);

/// gripper_fx, _fy, _fz, _nx, _ny, _nz: the wrench the gripper applies to `payload` held at
/// the state's frame ([VP] (3.5.17)-(3.5.19)), base axes, moment about the frame origin, with
/// the gravity of `model`.
std::unique_ptr<ColumnProducer> gripper_columns(const Model& model, const Payload& payload);

/// The unit quaternion (w, x, y, z) of R with w >= 0.
Eigen::Vector4d quaternion_wxyz(const Mat3<double>& R);

/// A table of task-run states: the header line and one CSV line per state.
class TaskTable {
 public:
  explicit TaskTable(std::vector<std::unique_ptr<ColumnProducer>> producers);
  /// "t,q1,...\n".
  std::string header() const;
  /// One line for `state`, ending in '\n': the time in the shortest form that reads back
  /// exactly, every other value with 17 significant digits.
  std::string row(const RunState& state);
  int columns() const { return static_cast<int>(names_.size()); }

 private:
  std::vector<std::unique_ptr<ColumnProducer>> producers_;
  std::vector<std::string> names_;
  std::vector<double> values_;
};

}  // namespace armdyn::tasks
