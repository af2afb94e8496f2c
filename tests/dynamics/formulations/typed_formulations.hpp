#pragma once
// The compile-time list of formulations (armdyn/dynamics/formulations/list.hpp) as GoogleTest's
// type list for TYPED_TEST_SUITE, each instance named after its method ("newton_euler", ...).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "armdyn/dynamics/formulations/list.hpp"

namespace armdyn::test {

template <class L> struct GTestTypes;
template <class... F> struct GTestTypes<TypeList<F...>> {
  using type = ::testing::Types<F...>;
};

/// Every formulation, for TYPED_TEST_SUITE(Suite, FormulationTypes, FormulationName).
using FormulationTypes = GTestTypes<Formulations>::type;

struct FormulationName {
  template <class F> static std::string GetName(int) {
    std::string s = F::name;
    std::replace(s.begin(), s.end(), '-', '_');
    return s;
  }
};

}  // namespace armdyn::test
