#include "eval_reactions.hpp"

#include "armdyn/core/error.hpp"
#include "cli.hpp"

namespace armdyn::cli {

EvalLoads::EvalLoads(const Model& model, Data& data)
    : model_(model), data_(data), ext_(model), reactions_(model) {}

void EvalLoads::set_state(const JointState& s) {
  wrenches_.clear();
  for (const StateWrench& w : s.f_ext) {
    const int frame = model_.frame_index(w.frame);  // read_states checked the names
    if (frame < 0) throw InputError("f_ext: unknown frame '" + w.frame + "'");
    wrenches_.push_back(FrameWrench<double>{frame, w.wrench});
  }
  active_ = !wrenches_.empty();
  if (active_) {
    external_forces_from_frame_wrenches(model_, data_, ext_, s.q, wrenches_);
    external_joint_torques(model_, data_, ext_, s.q, ext_.fext);
  } else {
    for (Force<double>& f : ext_.fext) f = Force<double>{};
    ext_.tau.setZero();
  }
}

void EvalLoads::write_reactions(JsonWriter& w, const JointState& s, const std::string& source, std::size_t k) {
  const MatX<double>& R = joint_reactions(model_, data_, reactions_, s.q, s.v, *s.a, active_ ? &ext_.fext : nullptr);
  if (!R.allFinite())
    throw InternalError(source + ": states[" + std::to_string(k) + "]: the computed reactions are not finite");
  w.key("reactions").begin_array();
  for (int i = 0; i < model_.dof; ++i) w.numbers(R.col(i).data(), 6);
  w.end_array();
}

}  // namespace armdyn::cli
