#include "number_lists.hpp"

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/model/catalogue.hpp"
#include "cli.hpp"

namespace armdyn::cli {

// "1, 2.5,-3" -> numbers; InputError naming the option unless there are `n` finite numbers
// (or one, broadcast to all joints, when `broadcast`).
VecX<double> parse_list(const std::string& text, int n, const std::string& option, bool broadcast, const std::string& each) {
  std::vector<double> x;
  std::stringstream ss(text);
  std::string cell;
  while (std::getline(ss, cell, ',')) {
    char* end = nullptr;
    const double v = std::strtod(cell.c_str(), &end);
    while (end && *end == ' ') ++end;
    if (cell.find_first_not_of(' ') == std::string::npos || *end != '\0' || !std::isfinite(v))
      throw InputError(option + ": '" + cell + "' is not a finite number");
    x.push_back(v);
  }
  if (!text.empty() && text.back() == ',') throw InputError(option + ": empty value after the last comma");
  if (broadcast && x.size() == 1) return VecX<double>::Constant(n, x[0]);
  if (static_cast<int>(x.size()) != n)
    throw InputError(option + ": expected " + std::to_string(n) + " values (" + each + "), got " +
                     std::to_string(x.size()));
  return Eigen::Map<const VecX<double>>(x.data(), n);
}

// A joint vector given as numbers or as the name of a built-in model's pose.
VecX<double> joint_vector(const std::string& text, const std::string& model_spec, int n, const std::string& option) {
  const bool numeric = text.find_first_of("0123456789") != std::string::npos &&
                       text.find_first_not_of("0123456789+-.eE, ") == std::string::npos;
  if (numeric) return parse_list(text, n, option);
  if (is_builtin(model_spec)) {
    std::vector<std::string> names;
    for (const NamedPose& p : builtin_model(model_spec).poses) {
      if (p.name == text) return Eigen::Map<const VecX<double>>(p.q.data(), n);
      names.push_back(p.name);
    }
    throw InputError(option + ": '" + text + "' is neither " + std::to_string(n) + " numbers nor a pose of " +
                     model_spec + " (poses: " + join(names) + ")");
  }
  throw InputError(option + ": '" + text + "' is not a list of " + std::to_string(n) +
                   " numbers (named poses exist for built-in models only)");
}

}  // namespace armdyn::cli
