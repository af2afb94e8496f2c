#pragma once
// The formulations `armdyn eval --method NAME` can compute the inverse-dynamics torque "tau" with:
// the library's registry (armdyn/dynamics/formulations/registry.hpp), "rnea" (the production spatial
// recursive Newton-Euler) first and the default. A formulation added there is available here once
// its memory order is entered in methods.cpp (cli_test checks that every one is).
#include <cstddef>
#include <string>

#include "armdyn/dynamics/formulations/registry.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn::cli {

/// tau(q, v, a) by one formulation bound to one model: "rnea" and "rnea-lean" run on the caller's
/// Data (no workspace of their own), the others through the registry with their own workspace.
class TauMethod {
 public:
  /// `model` and `data` must outlive the method. InputError "--method: ..." for an unknown name or
  /// a model the method cannot handle (e.g. a branching model for a chains-only method).
  TauMethod(const std::string& name, const Model& model, Data& data);
  const VecX<double>& operator()(VecIn<double> q, VecIn<double> v, VecIn<double> a);

 private:
  enum class Kind { kRnea, kRneaLean, kRegistry } kind_;
  const Model& model_;
  Data& data_;
  FormulationEvaluator evaluator_;
};

/// Throws an InputError "--method: unknown method 'x' (known: ...)" unless `name` is a method.
void check_tau_method(const std::string& name);

/// The known methods' names, "rnea, ...".
std::string tau_method_names();

/// An upper estimate of the bytes the method's own workspace holds for `dof` joints (0 for rnea and
/// rnea-lean, which use the caller's Data).
std::size_t tau_method_bytes(const std::string& name, int dof);

/// The formulations grouped by the order of their memory in the number of joints n, one line:
/// "O(n): recursive-lagrange; O(n^2): rnea, ...; O(n^3): lagrange, configuration-space".
std::string tau_method_memory_orders();

/// "2G", "512M", "1.5GiB", "4096": bytes; K, M, G, T are powers of 1024. InputError naming
/// `option` for anything else (or zero).
std::size_t parse_bytes(const std::string& text, const std::string& option);

/// 4294967296 -> "4.00 GiB" (B, KiB, MiB, GiB, TiB).
std::string format_bytes(double bytes);

}  // namespace armdyn::cli
