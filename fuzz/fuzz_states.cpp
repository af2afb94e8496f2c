// libFuzzer target: a STATES document (io/states.hpp) for the built-in PUMA 560 -> parse_states ->
// rnea (when a is given; with the state's f_ext, and the joint reactions), crba, nonlinear
// effects and forward dynamics (when tau is given) at every state, with the document's gravity
// when it has one.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "armdyn/dynamics/external_forces.hpp"
#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/io/states.hpp"
#include "evaluate_once.hpp"

namespace {

// Finite inputs this large may overflow to infinity in a product (v^2, m g): `armdyn eval` refuses
// such a result itself. Below it, a non-finite result is a finding.
constexpr double kModerate = 1e6;

template <class Vector> bool moderate(const Vector& x) { return x.cwiseAbs().maxCoeff() <= kModerate; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const armdyn::Model puma = armdyn::load_model("puma560");
  std::optional<armdyn::StatesDocument> read =
      armdyn::fuzz::parsed(data, size, [&](const std::string& text) { return armdyn::parse_states(text, "fuzz-states.json", puma); });
  if (!read) return 0;  // refused, as documented
  armdyn::StatesDocument& doc = *read;
  const armdyn::Model model = doc.gravity ? puma.with_gravity(*doc.gravity) : puma;
  armdyn::Data work(model);
  armdyn::ExternalForceWorkspace<double> ext(model);
  armdyn::ReactionWorkspace<double> reactions(model);
  std::vector<armdyn::FrameWrench<double>> wrenches;
  for (const armdyn::JointState& s : doc.states) {
    if (s.q.size() != model.dof || s.v.size() != model.dof || (s.a && s.a->size() != model.dof) ||
        (s.tau && s.tau->size() != model.dof)) {
      std::fprintf(stderr, "FINDING: parse_states accepted a vector of the wrong size\n");
      std::abort();
    }
    bool check = moderate(s.q) && moderate(s.v) && model.gravity.cwiseAbs().maxCoeff() <= kModerate;
    if (s.a) check = check && moderate(*s.a);
    if (s.tau) check = check && moderate(*s.tau);
    auto require = [&](const auto& x, const char* what) {
      if (check) armdyn::fuzz::require_finite(x, what, model);
    };
    wrenches.clear();
    for (const armdyn::StateWrench& w : s.f_ext) {
      wrenches.push_back(armdyn::FrameWrench<double>{model.frame_index(w.frame), w.wrench});
      check = check && moderate(w.wrench);
    }
    if (s.a) require(armdyn::rnea(model, work, s.q, s.v, *s.a), "rnea");
    if (s.a && !wrenches.empty()) {
      const std::vector<armdyn::Force<double>>& fext =
          armdyn::external_forces_from_frame_wrenches(model, work, ext, s.q, wrenches);
      require(armdyn::joint_reactions(model, work, reactions, s.q, s.v, *s.a, &fext), "joint_reactions");
    }
    require(armdyn::crba(model, work, s.q), "crba");
    require(armdyn::nonlinear_effects(model, work, s.q, s.v), "nonlinear_effects");
    if (s.tau) require(armdyn::forward_dynamics(model, work, s.q, s.v, *s.tau), "forward_dynamics");
  }
  return 0;
}
