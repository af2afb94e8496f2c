#pragma once
// The general n-link revolute chain, the form the published operation counts assume ([Craig]
// §6.13, [TML] §8), for `armdyn opcount --chain`, the parallelism study and the code generator's
// tests: a standard-DH chain ([TML]'s convention) in which no parameter is special, so that
// nothing folds or is skipped that would not be for every arm: a, d in [0.1, 0.5] m, twists alpha and joint offsets theta of
// 15..75 degrees in either sense (never 0 or 90), masses in [1, 5] kg, centres of mass with three
// non-zero coordinates, full inertia tensors (turned principal axes). Deterministic: the same
// `seed` gives the same chain; gravity (0, 0, -9.81) along the first joint's axis, as in [TML].
#include <cstdint>

#include "armdyn/model/model.hpp"

namespace armdyn {

Model general_chain(int n, std::uint64_t seed = 1981);

}  // namespace armdyn
