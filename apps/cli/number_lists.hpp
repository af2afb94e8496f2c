#pragma once
// Numbers on the command line: comma-separated lists and joint vectors (`armdyn simulate`).
#include <string>

#include "armdyn/core/types.hpp"

namespace armdyn::cli {

/// "1, 2.5,-3" -> numbers; InputError naming `option` unless there are `n` finite numbers (or
/// one, broadcast to all `n`, when `broadcast`); `each` says what one entry is ("one per joint").
VecX<double> parse_list(const std::string& text, int n, const std::string& option, bool broadcast = false,
                        const std::string& each = "one per joint");

/// A joint vector given as n numbers or as the name of a built-in model's pose.
VecX<double> joint_vector(const std::string& text, const std::string& model_spec, int n, const std::string& option);

}  // namespace armdyn::cli
