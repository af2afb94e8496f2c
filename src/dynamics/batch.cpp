#include "armdyn/dynamics/batch.hpp"

#include <memory>
#include <string>

#include "armdyn/core/batch.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/aba.hpp"
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

namespace {

// Checks that `x` has `rows` rows of `cols` numbers; InputError "<fn>: <name>: ..." otherwise.
void check(const char* fn, const char* name, Eigen::Index rows_x, Eigen::Index cols_x, Eigen::Index rows,
           Eigen::Index cols) {
  if (rows_x == rows && cols_x == cols) return;
  throw InputError(std::string(fn) + ": " + name + ": expected " + std::to_string(rows) + " x " +
                   std::to_string(cols) + ", got " + std::to_string(rows_x) + " x " + std::to_string(cols_x));
}

template <class M>
void check(const char* fn, const char* name, const M& x, Eigen::Index rows, Eigen::Index cols) {
  check(fn, name, x.rows(), x.cols(), rows, cols);
}

using Row = Eigen::Map<const VecX<double>>;

Row row(const StateRowsIn& x, std::ptrdiff_t k) { return Row(x.row(k).data(), x.cols()); }

struct AbaWork {
  explicit AbaWork(const Model& m) : data(m), ws(m) {}
  Data data;
  AbaWorkspace<double> ws;
};

}  // namespace

void rnea_batch(const Model& model, StateRowsIn q, StateRowsIn v, StateRowsIn a, StateRowsOut tau, int threads) {
  const Eigen::Index m = q.rows(), n = model.dof;
  check("rnea_batch", "q", q, m, model.nq());
  check("rnea_batch", "v", v, m, n);
  check("rnea_batch", "a", a, m, n);
  check("rnea_batch", "tau", tau, m, n);
  run_batch<Data>(m, threads, [&] { return new Data(model); }, [&](Data& data, std::ptrdiff_t k) {
    tau.row(k) = rnea(model, data, row(q, k), row(v, k), row(a, k)).transpose();
  });
}

void nonlinear_effects_batch(const Model& model, StateRowsIn q, StateRowsIn v, StateRowsOut c, int threads) {
  const Eigen::Index m = q.rows(), n = model.dof;
  check("nonlinear_effects_batch", "q", q, m, model.nq());
  check("nonlinear_effects_batch", "v", v, m, n);
  check("nonlinear_effects_batch", "c", c, m, n);
  run_batch<Data>(m, threads, [&] { return new Data(model); }, [&](Data& data, std::ptrdiff_t k) {
    c.row(k) = nonlinear_effects(model, data, row(q, k), row(v, k)).transpose();
  });
}

void crba_batch(const Model& model, StateRowsIn q, StateRowsOut M, int threads) {
  const Eigen::Index m = q.rows(), n = model.dof;
  check("crba_batch", "q", q, m, model.nq());
  check("crba_batch", "M", M, m, n * n);
  run_batch<Data>(m, threads, [&] { return new Data(model); }, [&](Data& data, std::ptrdiff_t k) {
    const MatX<double>& Mk = crba(model, data, row(q, k));
    Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(M.row(k).data(), n, n) = Mk;
  });
}

void forward_dynamics_batch(const Model& model, StateRowsIn q, StateRowsIn v, StateRowsIn tau, StateRowsOut qdd,
                            int threads) {
  const Eigen::Index m = q.rows(), n = model.dof;
  check("forward_dynamics_batch", "q", q, m, model.nq());
  check("forward_dynamics_batch", "v", v, m, n);
  check("forward_dynamics_batch", "tau", tau, m, n);
  check("forward_dynamics_batch", "qdd", qdd, m, n);
  run_batch<Data>(m, threads, [&] { return new Data(model); }, [&](Data& data, std::ptrdiff_t k) {
    qdd.row(k) = forward_dynamics(model, data, row(q, k), row(v, k), row(tau, k)).transpose();
  });
}

void aba_batch(const Model& model, StateRowsIn q, StateRowsIn v, StateRowsIn tau, StateRowsOut qdd, int threads) {
  const Eigen::Index m = q.rows(), n = model.dof;
  check("aba_batch", "q", q, m, model.nq());
  check("aba_batch", "v", v, m, n);
  check("aba_batch", "tau", tau, m, n);
  check("aba_batch", "qdd", qdd, m, n);
  run_batch<AbaWork>(m, threads, [&] { return new AbaWork(model); }, [&](AbaWork& w, std::ptrdiff_t k) {
    qdd.row(k) = aba(model, w.data, w.ws, row(q, k), row(v, k), row(tau, k)).transpose();
  });
}

}  // namespace armdyn
