#pragma once
// `armdyn eval --with cartesian`: the frame's Jacobian, Jdot v and its operational-space dynamics
// (armdyn/dynamics/cartesian.hpp) for one state, as members of that state's JSON object.
#include <cstddef>
#include <string>

#include "armdyn/dynamics/cartesian.hpp"
#include "json_writer.hpp"

namespace armdyn::cli {

/// How many numbers --with cartesian adds to a state of an n-joint model, at most (for the
/// --max-memory estimate).
double cartesian_output_numbers(int n);

/// Writes "J" (6 x n, base axes), "Jdot_v" (6) and, when J has full row rank (cartesian.hpp's
/// rule on all six rows), "Lambda" (6 x 6), "mu" (6) and "p" (6); otherwise "singular": true.
/// InternalError naming `source`, the state and the quantity when one is not finite.
void write_cartesian(JsonWriter& w, const Model& model, Data& data, CartesianWorkspace<double>& ws, int frame,
                     const VecX<double>& q, const VecX<double>& v, const std::string& source, std::size_t state);

}  // namespace armdyn::cli
