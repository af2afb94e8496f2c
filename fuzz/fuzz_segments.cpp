// libFuzzer target: a segment file (io/segments_json.hpp) for the built-in PUMA 560 ->
// parse_segments -> with_section_masses, rnea, the joint reactions and segment_stresses at a
// fixed moderate state (a validated segment set must give finite numbers there).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/io/segments_json.hpp"
#include "armdyn/segments/stress.hpp"
#include "evaluate_once.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const armdyn::Model puma = armdyn::load_model("puma560");
  std::optional<armdyn::segments::SegmentSet> read =
      armdyn::fuzz::parsed(data, size, [&](const std::string& text) { return armdyn::parse_segments(text, "fuzz-segments.json", puma); });
  if (!read) return 0;  // refused, as documented
  armdyn::segments::SegmentSet& set = *read;
  if (set.size() != puma.dof) {
    std::fprintf(stderr, "FINDING: parse_segments gave %d entries for %d links\n", set.size(), puma.dof);
    std::abort();
  }
  const armdyn::Model model = armdyn::segments::with_section_masses(puma, set);
  armdyn::fuzz::evaluate_once(model);
  armdyn::Data work(model);
  armdyn::ReactionWorkspace<double> ws(model);
  armdyn::VecX<double> q(6), v = armdyn::VecX<double>::Constant(6, 0.5), a = armdyn::VecX<double>::Constant(6, -0.2);
  for (int i = 0; i < 6; ++i) q[i] = 0.3 + 0.1 * i;
  const armdyn::MatX<double>& reactions = armdyn::joint_reactions(model, work, ws, q, v, a);
  for (const auto& s : armdyn::segments::segment_stresses(model, set, q, reactions)) {
    if (!s) continue;
    for (double x : {s->sigma_max, s->tau_max, s->proximal.tau_shear, s->distal.tau_shear, s->sigma_ratio, s->tau_ratio})
      if (!std::isfinite(x)) {
        std::fprintf(stderr, "FINDING: segment_stresses gave a non-finite stress\n");
        std::abort();
      }
  }
  return 0;
}
