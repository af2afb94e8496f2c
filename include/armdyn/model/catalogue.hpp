#pragma once
// Built-in classic arms, accepted by name wherever a model path is. Where each parameter set
// comes from is written beside it in src/model/catalogue.cpp and in docs/models.md.
#include <string>
#include <vector>

#include "armdyn/model/model.hpp"

namespace armdyn {

struct NamedPose {
  std::string name;
  std::vector<double> q;
  std::string description;
};

struct BuiltinModel {
  Model model;
  std::vector<NamedPose> poses;
  std::string reference;  ///< where the parameters come from
};

/// Names of the built-in models: puma560, stanford, planar2r, planar3r, craig3r, rp.
std::vector<std::string> builtin_names();
/// True when `name` is a built-in model's name.
bool is_builtin(const std::string& name);
/// The built-in model `name`; throws InputError for an unknown name.
BuiltinModel builtin_model(const std::string& name);

}  // namespace armdyn
