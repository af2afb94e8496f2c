#pragma once
// One random joint-space state for the tests: positions, velocities, accelerations and torques,
// each uniform in a symmetric interval. The four vectors are always drawn in the order q, v, a,
// tau, so that a fixed seed gives a fixed state whichever fields a test reads.
#include <cstdint>
#include <random>
#include <vector>

#include "armdyn/model/model.hpp"
#include "support/test_util.hpp"

namespace armdyn::test {

struct State {
  VecX<double> q, v, a, tau;
};

/// The half-widths of the intervals: q_i in [-q, q], and so on. A prismatic joint's position is
/// drawn in [-q, q] scaled by `prismatic_q_scale` (metres rather than radians).
struct StateRange {
  double q = 1.5, v = 2.0, a = 3.0, tau = 20.0;
  double prismatic_q_scale = 1.0;
};

/// A state of n joints, drawn from `rng` (prismatic_q_scale is not applied: no joint types).
inline State random_state(int n, std::mt19937_64& rng, const StateRange& range = {}) {
  return State{random_vector(rng, n, -range.q, range.q), random_vector(rng, n, -range.v, range.v),
               random_vector(rng, n, -range.a, range.a), random_vector(rng, n, -range.tau, range.tau)};
}

/// A state of `model` (model.dof entries per vector), drawn from `rng`.
inline State random_state(const Model& model, std::mt19937_64& rng, const StateRange& range = {}) {
  State s = random_state(model.dof, rng, range);
  for (int i = 0; i < model.dof; ++i)
    if (model.joint_type[static_cast<std::size_t>(i)] == JointType::kPrismatic) s.q[i] *= range.prismatic_q_scale;
  return s;
}

/// `count` states of n joints, or of `model`, from a generator seeded with `seed`.
template <class Joints>
std::vector<State> random_states(const Joints& joints, int count, std::uint64_t seed, const StateRange& range = {}) {
  std::mt19937_64 rng(seed);
  std::vector<State> out;
  for (int k = 0; k < count; ++k) out.push_back(random_state(joints, rng, range));
  return out;
}

}  // namespace armdyn::test
