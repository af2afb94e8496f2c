#pragma once
// `armdyn eval --segments FILE --with elastic` (docs/segments.md): per state the quasi-static
// elastic deviation of the arm's tip ([VP] (4.4.37), segments/micro_dynamics.hpp) as the keys
// "deflection" (u_n^qs, base axes, m) and "tilt" (φ_n, base axes, rad), and "stress": per link
// [sigma_max, tau_max] (Pa, the larger of the segment's two ends; segments/stress.hpp), null
// for a link without a segment.
#include <cstddef>
#include <string>
#include <vector>

#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/io/states.hpp"
#include "armdyn/segments/micro_dynamics.hpp"
#include "json_writer.hpp"

namespace armdyn::cli {

class EvalElastic {
 public:
  /// `model` (the run's final model) must outlive it; `segments` must be for its links.
  /// InputError when the set has no segment or the model is not a serial chain.
  EvalElastic(const Model& model, segments::SegmentSet segments);

  /// Writes the three keys for state `s` (which must have an acceleration) under the external
  /// wrenches `fext` (rnea's form, null: none). Runs kinematics and rnea in `data`. InternalError
  /// naming `source` and state `k` when a result is not finite.
  void write(JsonWriter& w, Data& data, const JointState& s, const std::vector<Force<double>>* fext,
             const std::string& source, std::size_t k);

 private:
  const Model& model_;
  segments::SegmentSet segments_;
  segments::ElasticChain chain_;
  ReactionWorkspace<double> reactions_;
  segments::ElasticChainState state_;
  segments::MicroResponse response_;
};

}  // namespace armdyn::cli
