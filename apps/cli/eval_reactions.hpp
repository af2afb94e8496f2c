#pragma once
// The loads part of `armdyn eval`: a state's external wrenches ("f_ext" in STATES, base axes at
// named frames) as joint torques, and `--with reactions`, the 6-D joint reactions of a state
// (armdyn/dynamics/reactions.hpp), written as the "reactions" key.
#include <cstddef>
#include <string>
#include <vector>

#include "armdyn/dynamics/external_forces.hpp"
#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/io/states.hpp"
#include "json_writer.hpp"

namespace armdyn::cli {

class EvalLoads {
 public:
  /// `model` and `data` (the run's workspace, shared with the other quantities) must outlive it.
  EvalLoads(const Model& model, Data& data);

  /// Takes state `s`: its f_ext in rnea's form and their joint torques sum J^T f (zero without
  /// f_ext). Uses the shared Data: call before the state's other quantities.
  void set_state(const JointState& s);
  /// Whether the state has external wrenches.
  bool active() const { return active_; }
  /// sum_i J_i^T f_i of the state's wrenches: eval's "tau" is the formulation's minus it, "qdd"
  /// the forward dynamics for the state's tau plus it.
  const VecX<double>& joint_torques() const { return ext_.tau; }
  /// The state's wrenches in rnea's form, null without any.
  const std::vector<Force<double>>* fext() const { return active_ ? &ext_.fext : nullptr; }

  /// "reactions": [[fx, fy, fz, nx, ny, nz], ...], one per joint, for state `s` (which must have
  /// an acceleration), f_ext included. InternalError naming `source` and state `k` if not finite.
  void write_reactions(JsonWriter& w, const JointState& s, const std::string& source, std::size_t k);

 private:
  const Model& model_;
  Data& data_;
  ExternalForceWorkspace<double> ext_;
  ReactionWorkspace<double> reactions_;
  std::vector<FrameWrench<double>> wrenches_;
  bool active_ = false;
};

}  // namespace armdyn::cli
