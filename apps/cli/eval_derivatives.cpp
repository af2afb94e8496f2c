// `armdyn eval --with derivatives` (eval_derivatives.hpp).
#include "eval_derivatives.hpp"

#include "armdyn/core/error.hpp"
#include "cli.hpp"

namespace armdyn::cli {
namespace {

// Row-major, one array per row; InternalError when not finite.
void write_matrix(JsonWriter& w, const char* key, const MatX<double>& m, const std::string& source,
                  std::size_t state) {
  if (!m.allFinite())
    throw InternalError(source + ": states[" + std::to_string(state) + "]: the computed " + key + " is not finite");
  w.key(key).begin_array();
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    const VecX<double> row = m.row(r).transpose();
    w.numbers(row.data(), static_cast<std::size_t>(row.size()));
  }
  w.end_array();
}

}  // namespace

void EvalDerivatives::check_run(bool drives) {
  if (drives)
    throw InputError("--with derivatives: the derivatives are those of the rigid-body dynamics; with --actuators "
                     "add --rigid");
}

void EvalDerivatives::write(JsonWriter& w, const Model& model, Data& data, const JointState& s,
                            const std::string& source, std::size_t state) {
  if (!s.f_ext.empty())
    throw InputError(source + ": states[" + std::to_string(state) +
                     "].f_ext: --with derivatives does not take external wrenches (their derivatives are not "
                     "computed); drop f_ext or --with derivatives");
  if (s.a) {
    rnea_derivatives(model, data, rnea_, s.q, s.v, *s.a);
    write_matrix(w, "dtau_dq", rnea_.dtau_dq, source, state);
    write_matrix(w, "dtau_dv", rnea_.dtau_dv, source, state);
  }
  if (s.tau) {
    forward_dynamics_derivatives(model, data, fd_, s.q, s.v, *s.tau);
    write_matrix(w, "dqdd_dq", fd_.dqdd_dq, source, state);
    write_matrix(w, "dqdd_dv", fd_.dqdd_dv, source, state);
    write_matrix(w, "dqdd_dtau", fd_.Minv, source, state);
  }
}

}  // namespace armdyn::cli
