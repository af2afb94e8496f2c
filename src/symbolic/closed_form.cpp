// Closed forms: the production algorithms on Sym, simplified and printed (see closed_form.hpp).
#include "armdyn/symbolic/closed_form.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <tuple>

#include "armdyn/core/error.hpp"
#include "armdyn/symbolic/algorithms.hpp"
#include "armdyn/symbolic/trig.hpp"

namespace armdyn {
namespace {

std::vector<GiNaC::ex> entries(const MatX<Sym>& m) {
  std::vector<GiNaC::ex> out;
  for (int r = 0; r < m.rows(); ++r)
    for (int c = 0; c < m.cols(); ++c) out.push_back(m(r, c).ex());
  return out;
}

const char* description(SymbolicAlgorithm a) {
  switch (a) {
    case SymbolicAlgorithm::kRnea: return "inverse dynamics tau = M(q) qdd + V(q, qd) + G(q), by rnea";
    case SymbolicAlgorithm::kMassMatrix: return "joint-space mass matrix M(q), symmetric, by crba";
    case SymbolicAlgorithm::kGravity: return "gravity torques G(q), by gravity_torque";
  }
  return "";
}

// "tau1", "M12", "G1" (text); "\tau_{1}", "M_{12}", "G_{1}" (LaTeX); indices past 9 separated.
std::string entry_name(const ClosedForm& form, int r, int c, Notation n) {
  const bool matrix = form.algorithm == SymbolicAlgorithm::kMassMatrix;
  const bool wide = form.rows > 9;
  std::string index = std::to_string(r + 1);
  if (matrix) {
    if (wide) index += n == Notation::kText ? "_" : ",";
    index += std::to_string(c + 1);
  }
  if (n == Notation::kText) {
    std::string name = form.algorithm == SymbolicAlgorithm::kRnea ? "tau" : matrix ? "M" : "G";
    name += index;
    return name;
  }
  const char* base = form.algorithm == SymbolicAlgorithm::kRnea ? "\\tau" : matrix ? "M" : "G";
  return std::string(base) + "_{" + index + "}";
}

std::string value_string(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.15g", x);
  return buffer;
}

// The legend: what is computed, the joint variables, the trig atoms and parameters that appear.
std::string legend(const SymbolicModel& sm, const ClosedForm& form, const std::vector<GiNaC::ex>& shown,
                   Notation n) {
  const std::string c = n == Notation::kText ? "# " : "% ";
  const bool text = n == Notation::kText;
  std::string out = c + sm.model.name + ": " + description(form.algorithm) + " run on symbols\n";
  std::string joints;
  for (int i = 0; i < sm.model.dof; ++i) {
    const SymbolInfo* q = sm.symbols.find(sm.q[i].ex());
    joints += std::string(i ? ", " : "") + (text ? q->text : q->latex) + " = " + sm.model.joint_names[i] + " (" +
              to_string(sm.model.joint_type[i]) + ")";
  }
  out += c + "joints: " + joints;
  out += text ? "; qd, qdd: first and second time derivatives\n" : "; dots: time derivatives\n";
  out += c + (sm.symbolic_parameters ? "parameters: symbols, standing for the numbers below\n"
                                     : "parameters: the model's numbers (exact decimals); g a symbol\n");
  std::vector<const SymbolInfo*> listed;
  for (const SymbolInfo& s : sm.symbols.all()) {
    if (s.kind == SymbolKind::kAngle || s.kind == SymbolKind::kPosition || s.kind == SymbolKind::kVelocity ||
        s.kind == SymbolKind::kAcceleration)
      continue;
    if (std::any_of(shown.begin(), shown.end(), [&](const GiNaC::ex& e) { return e.has(s.symbol); }))
      listed.push_back(&s);
  }
  std::stable_sort(listed.begin(), listed.end(), [](const SymbolInfo* a, const SymbolInfo* b) {
    return std::tie(a->kind, a->key, a->text) < std::tie(b->kind, b->key, b->text);
  });
  for (const SymbolInfo* s : listed) {
    const std::string name = text ? s->text : s->latex;
    if (s->kind == SymbolKind::kTrig) {
      const std::string f = text ? (s->is_cos ? "cos" : "sin") : (s->is_cos ? "\\cos" : "\\sin");
      out += c + name + " = " + f + "(" + format_angle(s->angle, sm.symbols, n) + ")\n";
    } else {
      out += c + name + " = " + value_string(s->value) + ": " + s->meaning + "\n";
    }
  }
  return out;
}

}  // namespace

SymbolicAlgorithm parse_symbolic_algorithm(const std::string& name) {
  if (name == "rnea") return SymbolicAlgorithm::kRnea;
  if (name == "mass_matrix") return SymbolicAlgorithm::kMassMatrix;
  if (name == "gravity") return SymbolicAlgorithm::kGravity;
  throw InputError("unknown algorithm '" + name + "' (known: rnea, mass_matrix, gravity)");
}

ClosedForm closed_form(const SymbolicModel& sm, SymbolicAlgorithm algorithm, bool simplify) {
  DataTpl<Sym> data(sm.model);
  ClosedForm out;
  out.algorithm = algorithm;
  const int n = sm.model.dof;
  out.rows = n;
  out.cols = algorithm == SymbolicAlgorithm::kMassMatrix ? n : 1;
  switch (algorithm) {
    case SymbolicAlgorithm::kRnea: out.raw = entries(rnea(sm.model, data, sm.q, sm.qd, sm.qdd)); break;
    case SymbolicAlgorithm::kMassMatrix: out.raw = entries(crba(sm.model, data, sm.q)); break;
    case SymbolicAlgorithm::kGravity: out.raw = entries(gravity_torque(sm.model, data, sm.q)); break;
  }
  if (simplify)
    for (const GiNaC::ex& e : out.raw) out.simplified.push_back(simplify_trig(e, sm.symbols));
  return out;
}

std::string format_closed_form(SymbolicModel& sm, const ClosedForm& form, Notation n) {
  std::vector<GiNaC::ex> shown;
  for (const GiNaC::ex& e : form.simplified) shown.push_back(craig_atoms(e, sm.symbols));
  std::string out = legend(sm, form, shown, n);
  if (n == Notation::kLatex) out += "\\begin{aligned}\n";
  for (int r = 0; r < form.rows; ++r)
    for (int c = 0; c < form.cols; ++c) {
      const std::string body = format_polynomial(shown[static_cast<std::size_t>(r * form.cols + c)], sm.symbols, n);
      const bool last = r + 1 == form.rows && c + 1 == form.cols;
      if (n == Notation::kText) out += entry_name(form, r, c, n) + " = " + body + "\n";
      else out += entry_name(form, r, c, n) + " &= " + body + (last ? "\n" : " \\\\\n");
    }
  if (n == Notation::kLatex) out += "\\end{aligned}\n";
  return out;
}

std::string symbolic_report(const Model& model, SymbolicAlgorithm algorithm, Notation notation,
                            bool symbolic_parameters) {
  if (model.dof > kMaxSymbolicJoints)
    throw InputError(model.name + ": " + std::to_string(model.dof) + " joints; closed forms are printed for at most " +
                     std::to_string(kMaxSymbolicJoints) + " (their expanded size grows exponentially with the joints)");
  SymbolicModel sm = make_symbolic_model(model, symbolic_parameters);
  return format_closed_form(sm, closed_form(sm, algorithm), notation);
}

}  // namespace armdyn
