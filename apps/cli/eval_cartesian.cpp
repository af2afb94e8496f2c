// `armdyn eval --with cartesian` (eval_cartesian.hpp).
#include "eval_cartesian.hpp"

#include "cli.hpp"
#include "json_eigen.hpp"

namespace armdyn::cli {

double cartesian_output_numbers(int n) { return 6.0 * n + 6 + 36 + 6 + 6; }

void write_cartesian(JsonWriter& w, const Model& model, Data& data, CartesianWorkspace<double>& ws, int frame,
                     const VecX<double>& q, const VecX<double>& v, const std::string& source, std::size_t state) {
  const OperationalSpace<double>& op = operational_space(model, data, ws, frame, q, v);  // all rows, base axes
  check_finite(ws.frame.J, source, state, "J");
  write_matrix(w.key("J"), ws.frame.J);
  check_finite(ws.frame.jdot_v, source, state, "Jdot_v");
  write_vector(w.key("Jdot_v"), ws.frame.jdot_v);
  if (op.singular) {
    w.key("singular").value(true);
    return;
  }
  check_finite(op.Lambda, source, state, "Lambda");
  check_finite(op.mu, source, state, "mu");
  check_finite(op.p, source, state, "p");
  write_matrix(w.key("Lambda"), op.Lambda);
  write_vector(w.key("mu"), op.mu);
  write_vector(w.key("p"), op.p);
}

}  // namespace armdyn::cli
