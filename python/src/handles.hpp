#pragma once
// The Python-side objects (armdyn.Model, armdyn.Data), the workspace one evaluation needs, and
// the runner that evaluates one state with the caller's Data or a batch of states in parallel
// (TBB, the GIL released, one workspace per thread).
#include <pybind11/pybind11.h>

#include <cmath>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "arrays.hpp"
#include "armdyn/core/batch.hpp"
#include "armdyn/drives/drive.hpp"
#include "armdyn/dynamics/cartesian.hpp"
#include "armdyn/dynamics/constrained.hpp"
#include "armdyn/dynamics/external_forces.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/model/data.hpp"
#include "armdyn/segments/segment.hpp"

namespace armdyn::python {

/// armdyn.Model: an immutable model shared by every Data made from it, and the drives of its
/// joints (null: rigid joints) that the drive_* functions use; the Model stays the rigid-body
/// description, the drives live beside it as in the library (drives/drive.hpp).
struct PyModel {
  std::shared_ptr<const Model> model;
  std::shared_ptr<const drives::DriveSet> drives;
  /// The segment file the model was loaded with (armdyn.load(..., segments=FILE)), its
  /// mass_from_section already applied to `model`; null: none.
  std::shared_ptr<const segments::SegmentSet> segments;
  const Model& get() const { return *model; }
};

/// Everything one evaluation may write: the Data, the forward-dynamics and frame workspaces, and
/// the terms (Coriolis matrix, energies), reactions, Cartesian and constraint workspaces, built on
/// first use.
struct Workspace {
  explicit Workspace(const Model& m) : model(&m), data(m), ext(m), fd(m), frame(m) {}
  const Model* model;
  Data data;
  ExternalForceWorkspace<double> ext;  ///< rnea's external wrenches at the state (external_wrenches.hpp)
  std::vector<FrameWrench<double>> frame_wrenches;  ///< the frame wrenches in the base axes at the state
  Loads<double> loads;  ///< rnea's loads at the state (its per-body wrenches)
  FdWorkspace<double> fd;
  FrameWorkspace<double> frame;
  std::optional<terms::Workspace<double>> terms_ws;
  std::optional<ReactionWorkspace<double>> reactions_ws;
  std::optional<CartesianWorkspace<double>> cartesian_ws;
  std::optional<ConstraintWorkspace<double>> constraint_ws;
  terms::Workspace<double>& terms() {
    if (!terms_ws) terms_ws.emplace(*model, terms::Storage::kQuadratic);
    return *terms_ws;
  }
  ReactionWorkspace<double>& reactions() {
    if (!reactions_ws) reactions_ws.emplace(*model);
    return *reactions_ws;
  }
  CartesianWorkspace<double>& cartesian() {
    if (!cartesian_ws) cartesian_ws.emplace(*model);
    return *cartesian_ws;
  }
  ConstraintWorkspace<double>& constraint() {
    if (!constraint_ws) constraint_ws.emplace(*model);
    return *constraint_ws;
  }
};

/// armdyn.Data: the workspace of one model (keeps the model alive).
struct PyData {
  explicit PyData(std::shared_ptr<const Model> m) : model(std::move(m)), ws(*model) {}
  std::shared_ptr<const Model> model;
  Workspace ws;
};

/// The Data's workspace after checking that it was made by `model` (ValueError otherwise).
Workspace& workspace_of(const PyModel& model, PyData& data, const char* fn);

/// The caller's Data (checked against the model), or (data is None) a temporary one in `temp`.
inline Workspace& single_ws(const PyModel& model, PyData* data, std::optional<Workspace>& temp, const char* fn) {
  if (data) return workspace_of(model, *data, fn);
  return temp.emplace(model.get());
}

/// Index of a frame given by name (str) or index (int); ValueError naming the frames otherwise.
int frame_arg(const Model& model, py::handle frame, const char* fn);

/// A thread count from Python (set_num_threads, threads=): an int checked by the library's one
/// rule (core/batch.hpp, checked_thread_count); TypeError for a non-int, armdyn.InputError (a
/// ValueError) naming `what` for a count out of range.
int thread_count_arg(py::handle n, const char* what);

/// Threads a batch runs on (0: every core); armdyn.set_num_threads / get_num_threads.
int batch_threads();
void set_batch_threads(int threads);

/// Evaluates `kernel(work, k, out)` for state k = 0..m-1 of a batch (m > 0), writing `size`
/// doubles per state at out + k * size, with the GIL released, one Work per thread made by make(),
/// on armdyn's batch runner (core/batch.hpp: the threads of set_num_threads, chunks of about
/// 50 us). Results equal the one-state loop bit for bit: each state is computed alone.
template <class Work, class Make, class Kernel>
void run_batch(py::ssize_t m, py::ssize_t size, double* out, Make make, Kernel kernel) {
  const int threads = batch_threads();
  py::gil_scoped_release release;
  armdyn::run_batch<Work>(m, threads, make, [&](Work& work, std::ptrdiff_t k) { kernel(work, k, out + k * size); });
}

/// The shape of one state's result, e.g. {n}, {n, n}, {} (a scalar).
using Shape = std::initializer_list<py::ssize_t>;

/// Whether a call's results must be finite: kFinite (a NaN or an infinity raises
/// FloatingPointError, as the CLI exits 1 on a non-finite result), or kAsDocumented for the few
/// results documented to be NaN or infinite at some states (Craig's at a singularity, an
/// unbounded capability, a constraint's undefined normal).
enum class Results { kFinite, kAsDocumented };

/// A result that is not finite although the inputs were (numbers too large for the dynamics);
/// FloatingPointError in Python. Thrown on batch threads too: it holds no Python object.
class NonFiniteResult : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Whether the `count` doubles at x are all finite. x - x is 0 for a finite x and NaN for an
/// infinity or a NaN, and a sum with a NaN in it is NaN: a load, a subtraction and an addition per
/// number, four sums side by side and no branch, so that the check costs next to nothing beside
/// the computation it follows.
inline bool all_finite(const double* x, py::ssize_t count) {
  double sum[4] = {0, 0, 0, 0};
  py::ssize_t k = 0;
  for (; k + 4 <= count; k += 4)
    for (int i = 0; i < 4; ++i) sum[i] += x[k + i] - x[k + i];
  for (; k < count; ++k) sum[0] += x[k] - x[k];
  return (sum[0] + sum[1]) + (sum[2] + sum[3]) == 0.0;
}

/// Throws NonFiniteResult "fn: the computed result is not finite (inf at [i, j])", naming the
/// state k of a batch ("... of q[k] ...").
[[noreturn]] void throw_non_finite(const States& q, Shape shape, py::ssize_t k, const double* result);

/// kernel(work, k, out), then the finiteness check `results` asks for.
template <class Work, class Kernel>
void run_checked(Kernel& kernel, Results results, const States& q, Shape shape, py::ssize_t size, Work& work,
                 py::ssize_t k, double* out) {
  kernel(work, k, out);
  if (results == Results::kFinite && !all_finite(out, size)) throw_non_finite(q, shape, k, out);
}

/// The result array of a call: `shape` for one state, (m, *shape) for a batch; `size` = the
/// doubles per state. A scalar result of one state is returned as a Python float by finish().
inline py::array_t<double> result_array(const States& q, Shape shape, py::ssize_t& size) {
  size = 1;
  py::ssize_t dims[8];
  int nd = 0;
  if (q.batch) dims[nd++] = q.m;
  for (py::ssize_t d : shape) {
    size *= d;
    dims[nd++] = d;
  }
  return new_array(dims, nd);
}

inline py::object finish(const States& q, Shape shape, py::array_t<double> out) {
  if (!q.batch && shape.size() == 0) return py::float_(*out.data());
  return out;
}

/// One state on the caller's workspace, or a batch (q.batch) on per-thread workspaces: returns
/// an array of `shape` (one state) or (m, *shape) (a batch); a scalar result (empty shape) is a
/// Python float for one state.
/// The results are checked as `results` says (finite by default; the one place every evaluation's
/// results are checked).
template <class Kernel>
py::object evaluate(const PyModel& model, Workspace& single, const States& q, Shape shape,
                    Kernel kernel, Results results = Results::kFinite) {
  py::ssize_t size = 0;
  py::array_t<double> out = result_array(q, shape, size);
  double* dst = out.mutable_data();
  const auto checked = [&](Workspace& w, py::ssize_t k, double* o) { run_checked(kernel, results, q, shape, size, w, k, o); };
  if (!q.batch) {
    checked(single, 0, dst);
  } else if (q.m > 0) {
    const Model& m = model.get();
    run_batch<Workspace>(q.m, size, dst, [&m] { return new Workspace(m); }, checked);
  }
  return finish(q, shape, std::move(out));
}

/// The same with a Work of the caller's kind made by make() (one for one state, one per thread
/// for a batch).
template <class Work, class Make, class Kernel>
py::object evaluate_with(const States& q, Shape shape, Make make, Kernel kernel, Results results = Results::kFinite) {
  py::ssize_t size = 0;
  py::array_t<double> out = result_array(q, shape, size);
  double* dst = out.mutable_data();
  const auto checked = [&](Work& w, py::ssize_t k, double* o) { run_checked(kernel, results, q, shape, size, w, k, o); };
  if (!q.batch) {
    std::unique_ptr<Work> work(make());
    checked(*work, 0, dst);
  } else if (q.m > 0) {
    run_batch<Work>(q.m, size, dst, make, checked);
  }
  return finish(q, shape, std::move(out));
}

void bind_model(py::module_& m);
void bind_dynamics(py::module_& m);
void bind_moving_base(py::module_& m);
void bind_constraints(py::module_& m);
void bind_kinematics(py::module_& m);
void bind_formulations(py::module_& m);
void bind_codegen(py::module_& m);
void bind_simulation(py::module_& m);
void bind_loads(py::module_& m);
void bind_cartesian(py::module_& m);
void bind_capability(py::module_& m);
void bind_drives(py::module_& m);
void bind_derivatives(py::module_& m);
void bind_segments(py::module_& m);
void bind_tasks(py::module_& m);
void bind_design(py::module_& m);
void bind_study(py::module_& m);
void bind_view(py::module_& m);

}  // namespace armdyn::python
