#pragma once
// The tests' dual number is the library's (core/dual.hpp), named in the tests' namespace.
#include "armdyn/core/dual.hpp"

namespace armdyn::test {

using armdyn::Dual;
using armdyn::tangent_of;
using armdyn::value_of;

}  // namespace armdyn::test
