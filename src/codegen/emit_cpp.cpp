// The C++ emitter (see armdyn/codegen/emit_cpp.hpp).
#include "armdyn/codegen/emit_cpp.hpp"

#include <charconv>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <utility>

#include "armdyn/core/sin_cos.hpp"
#include "armdyn/core/text.hpp"

namespace armdyn::codegen {

namespace {

// The parts concatenated left to right (also keeps GCC 12's bogus -Wrestrict on
// `"literal" + std::string&&` away).
template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string s;
  ((s += parts), ...);
  return s;
}

std::string signature(const TracedFunction& f, const std::string& prefix) {
  std::string s = "void " + prefix + "_" + to_string(f.algorithm) + "(";
  for (const std::string& in : f.inputs) s += "const double* " + in + ", ";
  return s + "double* " + f.output + ")";
}

std::string padded(const std::string& s, std::size_t width, bool right) {
  if (s.size() >= width) return s;
  const std::string pad(width - s.size(), ' ');
  return right ? pad + s : s + pad;
}

// Sines and cosines in the generated code: one call for a sine and cosine of the same angle,
// branch-free (the C library's range-dependent branches mispredict on random joint angles), by
// armdyn's own method and constants (armdyn/core/sin_cos.hpp) for one argument.
std::string sin_cos_function() {
  using K = SinCosConstants;
  const auto horner = [](const double (&coefficients)[6]) {
    std::string s = double_literal(coefficients[5]);
    for (int k = 4; k >= 0; --k) s = cat(double_literal(coefficients[k]), " + z * (", s, ")");
    return s;
  };
  return cat("// s = sin x, c = cos x (within 2 ulp of the C library's; the C library beyond |x| = ",
             double_literal(kSinCosRange), ").\n",
             "static inline void armdyn_sin_cos(double x, double& s, double& c) {\n",
             "  if (!(std::fabs(x) <= ", double_literal(kSinCosRange), ")) {\n",
             "    s = std::sin(x);\n    c = std::cos(x);\n    return;\n  }\n",
             "  const double round = ", double_literal(K::kRound), ", t = x * ", double_literal(K::kTwoOverPi),
             " + round, k = t - round;\n",
             "  const long long quarter = static_cast<long long>(k);\n",
             "  const double r = ((x - k * ", double_literal(K::kPio2[0]), ") - k * ", double_literal(K::kPio2[1]),
             ") - k * ", double_literal(K::kPio2[2]), ";\n",
             "  const double z = r * r;\n",
             "  const double sr = r + r * z * (", horner(K::kSin), ");\n",
             "  const double h = 0.5 * z, w = 1.0 - h;\n",
             "  const double cr = w + (((1.0 - w) - h) + z * z * (", horner(K::kCos), "));\n",
             "  const double sa = quarter & 1 ? cr : sr, ca = quarter & 1 ? sr : cr;\n",
             "  s = quarter & 2 ? -sa : sa;\n",
             "  c = (quarter + 1) & 2 ? -ca : ca;\n}\n");
}

// The statement names and operand spellings of one function's live nodes.
class Writer {
 public:
  Writer(const TracedFunction& f) : f_(f), live_(f.graph.live(f.outputs)), name_(live_.size()) {
    for (int id = 0; id < f_.graph.size(); ++id) {
      const Node& n = f_.graph.node(id);
      if (!live_[static_cast<std::size_t>(id)] || (n.op != Op::kSin && n.op != Op::kCos)) continue;
      auto& pair = trig_.try_emplace(n.a, -1, -1).first->second;
      (n.op == Op::kSin ? pair.first : pair.second) = id;
    }
  }

  std::string body() {
    std::string out;
    std::vector<bool> used(f_.inputs.size(), false);
    int next = 0;
    for (int id = 0; id < f_.graph.size(); ++id) {
      if (!live_[static_cast<std::size_t>(id)]) continue;
      const Node& n = f_.graph.node(id);
      if (n.op == Op::kInput) used[static_cast<std::size_t>(n.a)] = true;
      if (n.op == Op::kConst || n.op == Op::kInput) continue;
      if (n.op == Op::kSin || n.op == Op::kCos) {
        if (!name_[static_cast<std::size_t>(id)].empty()) continue;  // made with its partner
        const auto [sin_id, cos_id] = trig_.at(n.a);
        const std::string s = cat("x", std::to_string(next++)), c = cat("x", std::to_string(next++));
        if (sin_id >= 0) name_[static_cast<std::size_t>(sin_id)] = s;  // an unused one is dropped by the compiler
        if (cos_id >= 0) name_[static_cast<std::size_t>(cos_id)] = c;
        out += cat("  double ", s, ", ", c, ";\n  armdyn_sin_cos(", operand(n.a), ", ", s, ", ", c, ");\n");
        continue;
      }
      name_[static_cast<std::size_t>(id)] = cat("x", std::to_string(next++));
      out += "  const double " + name_[static_cast<std::size_t>(id)] + " = " + expression(n) + ";\n";
    }
    for (std::size_t k = 0; k < f_.outputs.size(); ++k)
      out += "  " + f_.output + "[" + std::to_string(k) + "] = " + operand(f_.outputs[k]) + ";\n";
    std::string unused;
    for (std::size_t k = 0; k < used.size(); ++k)
      if (!used[k]) unused += "  (void)" + f_.inputs[k] + ";\n";
    return unused + out;
  }

 private:
  std::string operand(int id) const {
    const Node& n = f_.graph.node(id);
    if (n.op == Op::kConst) return n.value < 0 ? cat("(", double_literal(n.value), ")") : double_literal(n.value);
    if (n.op == Op::kInput) return cat(f_.inputs[static_cast<std::size_t>(n.a)], "[", std::to_string(n.b), "]");
    return name_[static_cast<std::size_t>(id)];
  }

  std::string expression(const Node& n) const {
    switch (n.op) {
      case Op::kNeg: return cat("-", operand(n.a));
      case Op::kAdd: return operand(n.a) + " + " + operand(n.b);
      case Op::kSub: return operand(n.a) + " - " + operand(n.b);
      case Op::kMul: return operand(n.a) + " * " + operand(n.b);
      case Op::kDiv: return operand(n.a) + " / " + operand(n.b);
      case Op::kSqrt: return cat("std::sqrt(", operand(n.a), ")");
      case Op::kSin:
      case Op::kCos:
      case Op::kConst:
      case Op::kInput: break;
    }
    throw std::logic_error("codegen: no statement for a constant or an input");
  }

  const TracedFunction& f_;
  std::vector<bool> live_;
  std::vector<std::string> name_;
  std::map<int, std::pair<int, int>> trig_;  ///< argument -> its live sine and cosine (-1: none)
};

std::string counts_table(const std::vector<TracedFunction>& functions, const std::string& prefix) {
  std::string out = "//   " + padded("function", 32, false);
  for (const char* h : {"mul", "add", "div", "sqrt", "sin", "cos"}) out += padded(h, 7, true);
  out += "\n";
  for (const TracedFunction& f : functions) {
    const OpCounts c = f.counts();
    out += "//   " + padded(prefix + "_" + to_string(f.algorithm), 32, false);
    for (int x : {c.mul, c.add, c.div, c.sqrt, c.sin, c.cos}) out += padded(std::to_string(x), 7, true);
    out += "\n";
  }
  return out;
}

}  // namespace

namespace {
bool ascii_digit(char ch) { return ch >= '0' && ch <= '9'; }
bool identifier_char(char ch) {  // [A-Za-z0-9_], whatever the locale
  return ascii_digit(ch) || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
}
}  // namespace

std::string sanitize_identifier(const std::string& name) {
  std::string out;
  for (char ch : name) out += identifier_char(ch) ? ch : '_';
  if (out.empty() || ascii_digit(out[0])) out = "m_" + out;
  return out;
}

bool is_c_identifier(const std::string& name) { return !name.empty() && sanitize_identifier(name) == name; }

std::string comment_text(const std::string& text) {
  std::string out = printable(text);  // one line: no newline, no backslash at the end of a line
  for (std::size_t k = out.find("*/"); k != std::string::npos; k = out.find("*/", k + 3)) out.replace(k, 2, "* /");
  return out;
}

std::string double_literal(double x) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  std::string s(buffer, result.ptr);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // n: inf, nan (never emitted)
  return s;
}

GeneratedCode emit_cpp(const std::vector<TracedFunction>& functions, const EmitOptions& options) {
  const std::string& p = options.prefix;
  if (!is_c_identifier(p)) throw std::invalid_argument("codegen: prefix is not a C identifier");
  const int n = functions.empty() ? 0 : functions.front().dof;
  char gravity[160];
  std::snprintf(gravity, sizeof gravity, "(%s, %s, %s)", double_literal(options.gravity[0]).c_str(),
                double_literal(options.gravity[1]).c_str(), double_literal(options.gravity[2]).c_str());
  // Text from the model goes into comments only, escaped (comment_text); into code only as an
  // identifier (the prefix).
  std::string head = "// Generated by `armdyn codegen` from the model '" + comment_text(options.model_name) + "' (" +
                     comment_text(options.model_source) + "), " + std::to_string(n) + " degrees of freedom. Do not edit.\n";
  head += "// Standalone C++ (only <cmath>), C linkage, doubles; matrices row-major. Recorded from armdyn's\n"
          "// production algorithms (rnea_classical for P_rnea, crba, gravity_torque, forward_dynamics with an\n"
          "// LDL^T solve) run on a tracing scalar, with the model's parameters as constants (" +
          std::to_string(options.snapped) + " round-off entries snapped to 0 or +-1).\n";
  head += "// Gravity " + std::string(gravity) + " m/s^2 in the base frame.\n//\n";
  head += "// Operation counts after constant folding, common-subexpression elimination and dead-code\n"
          "// removal (sign changes are free):\n";
  head += counts_table(functions, p);

  GeneratedCode code;
  code.header = head + "#pragma once\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";
  code.header += "int " + p + "_dof(void);\n";
  // With quaternion joints q has more numbers than v: P_nq() says how many (absent otherwise).
  const int nq = functions.empty() ? 0 : functions.front().nq;
  if (nq != n) code.header += "int " + p + "_nq(void);\n";
  for (const TracedFunction& f : functions) code.header += signature(f, p) + ";\n";
  code.header += "\n#ifdef __cplusplus\n}  // extern \"C\"\n#endif\n";

  code.source = head + "#include <cmath>\n\n" + sin_cos_function() + "\nextern \"C\" {\n\n";
  code.source += "int " + p + "_dof(void) { return " + std::to_string(n) + "; }\n";
  if (nq != n) code.source += "int " + p + "_nq(void) { return " + std::to_string(nq) + "; }\n";
  for (const TracedFunction& f : functions) {
    code.source += cat("\n", signature(f, p), " {\n");
    code.source += Writer(f).body();
    code.source += "}\n";
  }
  code.source += "\n}  // extern \"C\"\n";
  return code;
}

}  // namespace armdyn::codegen
