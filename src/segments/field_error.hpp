#pragma once
// The segment readers' error: "WHERE.FIELD: WHAT" (section.cpp, segment.cpp).
#include <string>

#include "armdyn/core/error.hpp"

namespace armdyn::segments::detail {

[[noreturn]] inline void fail(const std::string& where, const std::string& field, const std::string& what) {
  throw InputError(where + "." + field + ": " + what);
}

}  // namespace armdyn::segments::detail
