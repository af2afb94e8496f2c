// Cartesian dynamics of a frame (dynamics/cartesian.hpp).
#include <pybind11/stl.h>

#include <limits>

#include "handles.hpp"

namespace armdyn::python {
namespace {

/// The task rows: None or "all" (0-5), "linear" (0-2), "angular" (3-5) or a list of row indices.
CartesianOptions cartesian_options(py::handle rows, const std::string& axes, const char* fn) {
  CartesianOptions o;
  if (axes != "world" && axes != "local")
    throw py::value_error(std::string(fn) + ": axes: expected 'world' or 'local', got '" + axes + "'");
  o.axes = axes == "local" ? Axes::kLocal : Axes::kBase;
  if (rows.is_none()) return o;
  if (py::isinstance<py::str>(rows)) {
    const std::string name = rows.cast<std::string>();
    if (name == "all") o.rows = kAllRows;
    else if (name == "linear") o.rows = kLinearRows;
    else if (name == "angular") o.rows = kAngularRows;
    else throw py::value_error(std::string(fn) + ": rows: expected 'all', 'linear', 'angular' or row indices 0-5, got '" +
                               name + "'");
    return o;
  }
  o.rows = 0;
  const std::string bad = std::string(fn) + ": rows: expected 'all', 'linear', 'angular' or distinct row indices 0-5, got " +
                          py::repr(rows).cast<std::string>();
  if (!py::isinstance<py::iterable>(rows)) throw py::value_error(bad);
  for (py::handle r : rows) {
    if (!PyIndex_Check(r.ptr()) || py::isinstance<py::bool_>(r)) throw py::value_error(bad);
    const long long k = py::reinterpret_steal<py::int_>(PyNumber_Index(r.ptr())).cast<long long>();
    if (k < 0 || k > 5 || (o.rows & (1u << k)))
      throw py::value_error(std::string(fn) + ": rows: expected distinct row indices 0-5, got " +
                            py::repr(rows).cast<std::string>());
    o.rows |= 1u << k;
  }
  if (o.rows == 0) throw py::value_error(std::string(fn) + ": rows: expected at least one row");
  return o;
}

int row_count(unsigned rows) { return std::popcount(rows); }

/// Splits the packed per-state results [X (r x r), y (r), z (r), flag] into arrays named `names`.
py::dict unpack(const States& q, py::array_t<double> packed, py::ssize_t r, const char* const names[4]) {
  const py::ssize_t m = q.batch ? q.m : 1, size = r * r + 2 * r + 1;
  const double* src = packed.data();
  std::vector<py::ssize_t> square{r, r}, vec{r}, flag{};
  if (q.batch) {
    square.insert(square.begin(), m);
    vec.insert(vec.begin(), m);
    flag.insert(flag.begin(), m);
  }
  py::array_t<double> X = new_array(square), y = new_array(vec), z = new_array(vec);
  py::array_t<bool> singular(flag);
  for (py::ssize_t k = 0; k < m; ++k) {
    const double* s = src + k * size;
    std::copy(s, s + r * r, X.mutable_data() + k * r * r);
    std::copy(s + r * r, s + r * r + r, y.mutable_data() + k * r);
    std::copy(s + r * r + r, s + r * r + 2 * r, z.mutable_data() + k * r);
    singular.mutable_data()[k] = s[size - 1] != 0;
  }
  py::dict out;
  out[names[0]] = X;
  out[names[1]] = y;
  out[names[2]] = z;
  out[names[3]] = q.batch ? py::object(singular) : py::object(py::bool_(singular.data()[0]));
  return out;
}

const char* const kOperational[4] = {"Lambda", "mu", "p", "singular"};
const char* const kCraig[4] = {"Mx", "Vx", "Gx", "singular"};

#define ARMDYN_CARTESIAN_NOTE                                                                                  \
  "\n\nframe: a name or index of model.frame_names. rows: the task rows of the frame's Jacobian, None or "     \
  "'all' (0-5: origin velocity, then angular velocity), 'linear' (0-2), 'angular' (3-5) or a list of row "     \
  "indices (used in increasing order). axes: 'world' (base axes) or 'local' (the frame's own). q, v: shape "  \
  "(n,), or (m, n) for a batch (results gain the leading m; computed in parallel, equal bit for bit to a "    \
  "loop). Raises ValueError for a wrong shape or a non-finite value, naming the argument."

}  // namespace

void bind_cartesian(py::module_& m) {
  const auto model_arg = py::arg("model"), data_arg = py::arg("data").none(true);

  m.def("operational_space", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle frame_,
                                py::handle rows_, const std::string& axes) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "operational_space", "q", model.get().nq()), v = states_arg(v_, "operational_space", "v", n, &q);
    const int frame = frame_arg(model.get(), frame_, "operational_space");
    const CartesianOptions o = cartesian_options(rows_, axes, "operational_space");
    const py::ssize_t r = row_count(o.rows);
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "operational_space");
    const py::ssize_t size = r * r + 2 * r + 1;
    py::array_t<double> packed = py::reinterpret_borrow<py::array_t<double>>(
        evaluate(model, ws, q, {size}, [&](Workspace& w, py::ssize_t k, double* out) {
          const OperationalSpace<double>& op =
              operational_space(*w.model, w.data, w.cartesian(), frame, q.row(k), v.row(k), o);
          store(op.Lambda, out);
          store(op.mu, out + r * r);
          store(op.p, out + r * r + r);
          out[size - 1] = op.singular ? 1.0 : 0.0;
        }));
    return unpack(q, packed, r, kOperational);
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("frame"), py::arg("rows") = py::none(),
        py::arg("axes") = "world",
        "operational_space(model, data, q, v, frame, rows=None, axes='world') -> dict\n\nThe operational-space "
        "dynamics of the r selected rows of a frame (Khatib's form): {'Lambda': (r, r) task inertia (kg, kg m^2), "
        "'mu': (r,) velocity-product forces, 'p': (r,) gravity forces (N, N m), 'singular': bool}, so that tau = "
        "J_r^T (Lambda xdd + mu + p) gives the task acceleration xdd. Near a singularity (smallest eigenvalue of "
        "J_r M^-1 J_r^T <= 1e-10 times the largest) 'singular' is True and Lambda is the damped inverse "
        "(docs/cartesian.md)." ARMDYN_CARTESIAN_NOTE);

  m.def("craig_cartesian_dynamics", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_,
                                       py::handle frame_, py::handle rows_, const std::string& axes) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "craig_cartesian_dynamics", "q", model.get().nq()),
                 v = states_arg(v_, "craig_cartesian_dynamics", "v", n, &q);
    const int frame = frame_arg(model.get(), frame_, "craig_cartesian_dynamics");
    const CartesianOptions o = cartesian_options(rows_, axes, "craig_cartesian_dynamics");
    const py::ssize_t r = row_count(o.rows);
    if (r != n)
      throw py::value_error("craig_cartesian_dynamics: rows: Craig's M_x needs as many task rows as joints (" +
                            std::to_string(n) + "), got " + std::to_string(r));
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "craig_cartesian_dynamics");
    const py::ssize_t size = r * r + 2 * r + 1;
    py::array_t<double> packed = py::reinterpret_borrow<py::array_t<double>>(
        evaluate(model, ws, q, {size}, [&](Workspace& w, py::ssize_t k, double* out) {
          const CraigCartesian<double>& c =
              craig_cartesian_dynamics(*w.model, w.data, w.cartesian(), frame, q.row(k), v.row(k), o);
          if (c.singular) {
            std::fill(out, out + size - 1, std::numeric_limits<double>::quiet_NaN());
          } else {
            store(c.Mx, out);
            store(c.Vx, out + r * r);
            store(c.Gx, out + r * r + r);
          }
          out[size - 1] = c.singular ? 1.0 : 0.0;
        }, Results::kAsDocumented));  // NaN at a singularity
    return unpack(q, packed, r, kCraig);
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("frame"), py::arg("rows") = py::none(),
        py::arg("axes") = "world",
        "craig_cartesian_dynamics(model, data, q, v, frame, rows=None, axes='world') -> dict\n\n[Craig] (6.99): "
        "{'Mx': (r, r) = J^-T M J^-1, 'Vx': (r,) = J^-T (h - M J^-1 Jdot v), 'Gx': (r,) = J^-T g, 'singular': bool} "
        "for r = n selected rows (ValueError otherwise); F = Mx xdd + Vx + Gx. They do not exist at a singularity: "
        "there 'singular' is True and Mx, Vx, Gx are NaN." ARMDYN_CARTESIAN_NOTE);
}

#undef ARMDYN_CARTESIAN_NOTE

}  // namespace armdyn::python
