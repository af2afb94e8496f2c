#pragma once
// Loads (armdyn/dynamics/loads.hpp) for the tests that build per-body wrenches first.
#include <vector>

#include "armdyn/dynamics/loads.hpp"

namespace armdyn::test {

/// Loads holding only `fext` as the per-body wrenches (body frame, about the body origin).
template <class S> Loads<S> body_loads(const std::vector<Force<S>>& fext) {
  Loads<S> loads;
  loads.body_wrenches = fext;
  return loads;
}

}  // namespace armdyn::test
