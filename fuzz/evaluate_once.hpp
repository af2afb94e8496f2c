#pragma once
// What every fuzz target does with a model armdyn accepted: rnea, crba and forward dynamics once
// at a fixed moderate state. A model that passed validation must give finite numbers there; any
// other outcome is a finding and aborts (libFuzzer then saves the input).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "armdyn/armdyn.hpp"

namespace armdyn::fuzz {

/// What `parse` makes of the fuzz input read as text, or nothing when it refuses the input with an
/// InputError (ModelError included), as documented; any other exception escapes and is a finding.
template <class Parse>
auto parsed(const std::uint8_t* data, std::size_t size, Parse parse) -> std::optional<decltype(parse(std::string()))> {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    return parse(text);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

template <class Matrix>
void require_finite(const Matrix& x, const char* what, const Model& model) {
  if (x.allFinite()) return;
  std::fprintf(stderr, "FINDING: %s of the validated model '%s' (%d joints) is not finite\n", what,
               model.name.c_str(), model.dof);
  std::abort();
}

/// rnea, crba and forward dynamics at q_i = 0.3 + 0.1 i (a quaternion joint: the rotation by its
/// three entries), v_i = 0.5, a_i = -0.2, tau_i = 1.
inline void evaluate_once(const Model& model) {
  const int n = model.dof;
  VecX<double> q(n), v = VecX<double>::Constant(n, 0.5), a = VecX<double>::Constant(n, -0.2),
                     tau = VecX<double>::Ones(n);
  for (int i = 0; i < n; ++i) q[i] = 0.3 + 0.1 * i;
  q = configuration_from_rotation_vectors<double>(model, q);  // nq numbers with quaternion joints
  Data data(model);
  require_finite(rnea(model, data, q, v, a), "rnea", model);
  require_finite(crba(model, data, q), "crba", model);
  require_finite(forward_dynamics(model, data, q, v, tau), "forward_dynamics", model);
}

}  // namespace armdyn::fuzz
