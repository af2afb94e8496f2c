#include "methods.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/rnea_classical.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "cli.hpp"

namespace armdyn::cli {

namespace {

// Each formulation's memory: the order in n and an upper estimate of its workspace in bytes (per
// joint at most 1 KiB of vectors, 3-vectors and 3x3 or 4x4 matrices, plus the arrays named).
struct MethodMemory {
  const char* name;
  int order;  ///< memory is O(n^order)
  std::size_t (*bytes)(std::size_t n);
};

constexpr std::size_t kPerJoint = 1024, kDouble = sizeof(double);

const std::vector<MethodMemory> kMemory = {
    {"rnea", 2, [](std::size_t) -> std::size_t { return 0; }},       // the caller's Data (M, L: n x n)
    {"rnea-lean", 2, [](std::size_t) -> std::size_t { return 0; }},  // the caller's Data
    {"newton-euler", 2, [](std::size_t n) { return kPerJoint * n + kDouble * n * n; }},  // M
    {"luh-walker-paul", 2, [](std::size_t n) { return kPerJoint * n + kDouble * n * n; }},
    {"modified-newton-euler", 2, [](std::size_t n) { return kPerJoint * n + kDouble * n * n; }},
    // T_a^c and U_qj: (n+1)^2 4x4 matrices each; the velocity coefficients C^i_jk: n^3.
    {"lagrange", 3,
     [](std::size_t n) { return kPerJoint * n + 2 * 128 * (n + 1) * (n + 1) + kDouble * (n * n * n + n * n); }},
    {"recursive-lagrange", 1, [](std::size_t n) { return kPerJoint * n; }},
    {"gibbs-appell", 2, [](std::size_t n) { return kPerJoint * n + (kDouble + 1) * n * n; }},  // M, path table
    {"general-theorems", 2, [](std::size_t n) { return kPerJoint * n + kDouble * n * n; }},    // W
    {"appel", 2, [](std::size_t n) { return kPerJoint * n + kDouble * n * n; }},               // W
    {"gauss", 2, [](std::size_t n) { return kPerJoint * n + 64 * n * (n + 1) + kDouble * n * n; }},  // V_ij, W
    {"configuration-space", 3,
     [](std::size_t n) { return terms::workspace_bytes(static_cast<int>(n), terms::Storage::kCubic); }},
};

const MethodMemory& memory_of(const std::string& name) {
  for (const MethodMemory& m : kMemory)
    if (name == m.name) return m;
  throw InternalError("no memory estimate for the formulation '" + name + "'");
}

}  // namespace

TauMethod::TauMethod(const std::string& name, const Model& model, Data& data)
    : kind_(name == "rnea" ? Kind::kRnea : name == "rnea-lean" ? Kind::kRneaLean : Kind::kRegistry),
      model_(model),
      data_(data) {
  check_tau_method(name);
  if (kind_ != Kind::kRegistry) return;
  try {
    evaluator_ = make_formulation(name, model);
  } catch (const InputError& e) {
    throw InputError(std::string("--method: ") + e.what());
  }
  if (!evaluator_.inverse_dynamics) throw InputError("--method: method '" + name + "' has no inverse dynamics");
}

const VecX<double>& TauMethod::operator()(VecIn<double> q, VecIn<double> v, VecIn<double> a) {
  switch (kind_) {
    case Kind::kRnea: return rnea(model_, data_, q, v, a);
    case Kind::kRneaLean: return rnea_classical(model_, data_, q, v, a);
    case Kind::kRegistry: break;
  }
  return evaluator_.inverse_dynamics(q, v, a);
}

void check_tau_method(const std::string& name) {
  for (const FormulationInfo& f : formulations())
    if (f.name == name) return;
  throw InputError("--method: unknown method '" + name + "' (known: " + tau_method_names() + ")");
}

std::string tau_method_names() { return formulation_names(); }

std::size_t tau_method_bytes(const std::string& name, int dof) {
  return memory_of(name).bytes(dof > 0 ? static_cast<std::size_t>(dof) : 0);
}

std::string tau_method_memory_orders() {
  std::string out;
  for (int order = 1; order <= 3; ++order) {
    std::string names;
    for (const FormulationInfo& f : formulations())
      if (memory_of(f.name).order == order) names += (names.empty() ? "" : ", ") + f.name;
    if (names.empty()) continue;
    out += (out.empty() ? "" : "; ") + std::string(order == 1 ? "O(n): " : order == 2 ? "O(n^2): " : "O(n^3): ") +
           names;
  }
  return out;
}

std::size_t parse_bytes(const std::string& text, const std::string& option) {
  // "<digits>[.<digits>] [K|M|G|T][B|iB]", blanks around; scanned by hand (no regular expression
  // over text of any length).
  const std::string shown = text.size() > 40 ? text.substr(0, 40) + "..." : text;
  const auto bad = [&] {
    return InputError(option + ": '" + shown + "' is not a size (expected e.g. 4G, 512M, 1.5GiB or 4096)");
  };
  std::size_t i = 0;
  const auto blanks = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    return i - from;
  };
  blanks();
  const std::size_t number_start = i;
  if (digits() == 0) throw bad();
  if (i < text.size() && text[i] == '.') {
    ++i;
    digits();
  }
  const std::string number = text.substr(number_start, i - number_start);
  blanks();
  int power = 0;
  if (i < text.size()) {
    const std::size_t k = std::string("kmgt").find(static_cast<char>(std::tolower(static_cast<unsigned char>(text[i]))));
    if (k != std::string::npos) {
      power = static_cast<int>(k) + 1;
      ++i;
    }
  }
  if (i < text.size() && text[i] == 'i') ++i;
  if (i < text.size() && (text[i] == 'b' || text[i] == 'B')) ++i;
  else if (i > 0 && text[i - 1] == 'i') throw bad();  // "Gi" without the B
  blanks();
  if (i != text.size() || number.size() > 30) throw bad();
  const long double bytes = std::stold(number) * std::pow(1024.0L, power);
  if (!(bytes >= 1) || bytes > 9.0e18L) throw InputError(option + ": '" + shown + "' is out of range (1 byte to 8 EiB)");
  return static_cast<std::size_t>(bytes);
}

std::string format_bytes(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (bytes >= 1024 && u < 6) {
    bytes /= 1024;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.2f %s", bytes, units[u]);
  return buf;
}

}  // namespace armdyn::cli
