// Recording the production algorithms on the tracing scalar (see armdyn/codegen/record.hpp).
#include "armdyn/codegen/record.hpp"

#include <cmath>
#include <stdexcept>

#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/forward_dynamics_impl.hpp"
#include "armdyn/dynamics/rnea_classical_impl.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/codegen/trace.hpp"
#include "armdyn/core/error.hpp"

namespace armdyn::codegen {

namespace {

thread_local Graph* t_active = nullptr;

using TModel = ModelTpl<Trace>;
using TData = DataTpl<Trace>;

VecX<Trace> input_array(Graph& graph, int array, int n) {
  VecX<Trace> x(n);
  for (int i = 0; i < n; ++i) x[i] = Trace(graph.input(array, i));
  return x;
}

// The nodes computing the entries of x, row-major.
template <class Derived>
std::vector<int> node_ids(Graph& graph, const Eigen::MatrixBase<Derived>& x) {
  std::vector<int> ids;
  for (Eigen::Index r = 0; r < x.rows(); ++r)
    for (Eigen::Index c = 0; c < x.cols(); ++c) ids.push_back(graph.materialize(x(r, c).value()));
  return ids;
}

// Runs the algorithm on the recording graph; fills inputs, output and the output nodes.
void record(const Model& model, TracedFunction& f) {
  const int n = model.dof;
  const TModel m = model.template cast<Trace>();
  TData data(m);
  const VecX<Trace> q = input_array(f.graph, 0, model.nq());  // a quaternion joint's four numbers
  f.rows = n;
  f.cols = 1;
  switch (f.algorithm) {
    case Algorithm::kRnea: {
      f.inputs = {"q", "v", "a"};
      f.output = "tau";
      // rnea_classical (the fewest operations) reads q by angles; with quaternion joints, rnea.
      const VecX<Trace> v = input_array(f.graph, 1, n), a = input_array(f.graph, 2, n);
      f.outputs = node_ids(f.graph, model.has_quaternions() ? rnea(m, data, q, v, a) : rnea_classical(m, data, q, v, a));
      return;
    }
    case Algorithm::kMassMatrix:
      f.inputs = {"q"};
      f.output = "M";
      f.cols = n;
      f.outputs = node_ids(f.graph, crba(m, data, q));
      return;
    case Algorithm::kGravity:
      f.inputs = {"q"};
      f.output = "g";
      f.outputs = node_ids(f.graph, gravity_torque(m, data, q));
      return;
    case Algorithm::kForwardDynamics:
      f.inputs = {"q", "v", "tau"};
      f.output = "qdd";
      f.outputs =
          node_ids(f.graph, forward_dynamics(m, data, q, input_array(f.graph, 1, n), input_array(f.graph, 2, n)));
      return;
  }
}

// x snapped to 0 when |x| <= 1e-14 scale.
double snap_zero(double x, double scale, int& changed) {
  if (x != 0.0 && std::abs(x) <= 1e-14 * scale) {
    ++changed;
    return 0.0;
  }
  return x;
}

template <class Derived>
void snap_relative(Eigen::MatrixBase<Derived>& x, int& changed) {
  const double scale = x.cwiseAbs().maxCoeff();
  for (Eigen::Index r = 0; r < x.rows(); ++r)
    for (Eigen::Index c = 0; c < x.cols(); ++c) x(r, c) = snap_zero(x(r, c), scale, changed);
}

// x snapped to 0, 1 or -1 when within 1e-14 of it (an entry of a rotation, a cosine or sine).
void snap_unit(double& x, int& changed) {
  for (double target : {0.0, 1.0, -1.0})
    if (x != target && std::abs(x - target) <= 1e-14) {
      x = target;
      ++changed;
    }
}

void snap_rotation(Mat3<double>& R, int& changed) {
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) snap_unit(R(r, c), changed);
}

// The factored DH rotations (cos alpha, sin alpha, theta) of a model that has them.
template <class M>
void snap_dh_rotations(M& model, int& changed) {
  if constexpr (requires { model.dh_rotation; }) {
    for (auto& f : model.dh_rotation) {
      snap_unit(f.cos_alpha, changed);
      snap_unit(f.sin_alpha, changed);
      f.theta = snap_zero(f.theta, 1.0, changed);
      f.twisted = f.sin_alpha != 0.0 || f.cos_alpha != 1.0;
      f.cos_plus_sin = f.cos_alpha + f.sin_alpha;
      f.cos_minus_sin = f.cos_alpha - f.sin_alpha;
    }
  }
}

}  // namespace

Recording::Recording(Graph& graph) : previous_(t_active) { t_active = &graph; }
Recording::~Recording() { t_active = previous_; }
Graph& Recording::graph() {
  if (!t_active) throw std::logic_error("codegen: a Trace constant was made with no Recording active");
  return *t_active;
}

const std::vector<Algorithm>& all_algorithms() {
  static const std::vector<Algorithm> all = {Algorithm::kRnea, Algorithm::kMassMatrix, Algorithm::kGravity,
                                             Algorithm::kForwardDynamics};
  return all;
}

std::string to_string(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::kRnea: return "rnea";
    case Algorithm::kMassMatrix: return "mass_matrix";
    case Algorithm::kGravity: return "gravity";
    case Algorithm::kForwardDynamics: return "forward_dynamics";
  }
  return "?";
}

Algorithm parse_algorithm(const std::string& name) {
  for (Algorithm a : all_algorithms())
    if (to_string(a) == name) return a;
  throw InputError("unknown algorithm '" + name + "' (expected rnea, mass_matrix, gravity or forward_dynamics)");
}

std::vector<double> TracedFunction::evaluate(const std::vector<const double*>& input_arrays) const {
  const std::vector<double> values = graph.evaluate(input_arrays);
  std::vector<double> out;
  for (int id : outputs) out.push_back(values[static_cast<std::size_t>(id)]);
  return out;
}

TracedFunction trace(const Model& model, Algorithm algorithm) {
  TracedFunction f;
  f.algorithm = algorithm;
  f.dof = model.dof;
  f.nq = model.nq();
  {
    Recording recording(f.graph);
    record(model, f);
  }
  return f;
}

Model snap_round_off(const Model& model, int* snapped) {
  Model out = model;
  int changed = 0;
  for (Transform<double>& X : out.tree) {
    snap_rotation(X.R, changed);
    snap_relative(X.p, changed);
  }
  snap_dh_rotations(out, changed);
  for (std::size_t i = 0; i < out.inertia.size(); ++i) {
    snap_relative(out.inertia[i].h, changed);
    snap_relative(out.inertia[i].I, changed);
    snap_relative(out.com[i], changed);
    snap_relative(out.inertia_com[i], changed);
  }
  snap_relative(out.gravity, changed);
  if (snapped) *snapped = changed;
  return out;
}

}  // namespace armdyn::codegen
