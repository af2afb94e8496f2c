// armdyn._simulate (wrapped by armdyn.simulate, armdyn/_simulation.py) and the CLI's CSV rows.
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <cmath>

#include "armdyn/model/catalogue.hpp"
#include "armdyn/simulation/controller.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "constraint_arg.hpp"
#include "handles.hpp"

namespace armdyn::python {
namespace {

// The torque of a Python callable tau(t, q, v) -> (n,), called with the GIL held.
class CallableTorque final : public sim::TorqueSource {
 public:
  CallableTorque(py::function f, int n) : f_(std::move(f)), n_(n) {}
  void torque(double t, VecIn<double> q, VecIn<double> v, VecX<double>& tau) override {
    py::array_t<double> qa = new_array({n_}), va = new_array({n_});
    std::copy(q.data(), q.data() + n_, qa.mutable_data());
    std::copy(v.data(), v.data() + n_, va.mutable_data());
    const Array out = fixed_arg(f_(t, qa, va), "simulate", "tau(t, q, v)", {n_});
    std::copy(out.data(), out.data() + n_, tau.data());
  }

 private:
  py::function f_;
  py::ssize_t n_;
};

py::array_t<double> rows_of(const std::vector<double>& x, py::ssize_t m, py::ssize_t n) {
  py::array_t<double> out = n > 0 ? new_array({m, n}) : new_array({m});
  std::copy(x.begin(), x.end(), out.mutable_data());
  return out;
}

// A column block of a SimulationResult for to_csv: real numbers of `ndim` dimensions, `rows` rows
// (-1: any) and, when given, `cols` columns; ValueError naming the field otherwise (a result whose
// fields were replaced must not be read past its end).
Array table_arg(py::handle obj, const char* name, py::ssize_t rows, int ndim, py::ssize_t cols = -1) {
  const Array a = real_array(obj, "to_csv", name);
  if (!a || a.ndim() != ndim || (rows >= 0 && a.shape(0) != rows) || (cols >= 0 && a.shape(1) != cols))
    throw py::value_error(std::string("to_csv: ") + name + ": expected " + (ndim == 1 ? "one number per row" : "one row per sample") +
                          (rows >= 0 ? " (" + std::to_string(rows) + " rows, like t)" : std::string()));
  return a;
}

// A gain: None (the default), one number for every joint, or n numbers (>= 0).
void gains_arg(py::handle obj, const char* name, py::ssize_t n, VecX<double>& gains) {
  if (obj.is_none()) return;
  const Array one = real_array(obj, "simulate", name);
  const Array g = one && one.ndim() == 0 ? one : fixed_arg(obj, "simulate", name, {n});
  if (g.ndim() == 0) {
    if (!std::isfinite(*g.data())) throw py::value_error(std::string("simulate: ") + name + " is not finite");
    gains.setConstant(n, *g.data());
  } else {
    gains = Eigen::Map<const VecX<double>>(g.data(), n);
  }
  if ((gains.array() < 0).any()) throw py::value_error(std::string("simulate: ") + name + ": gains must be >= 0");
}

// The controller of `armdyn simulate --controller` from simulate()'s keywords (a dict).
std::unique_ptr<sim::TorqueSource> controller_from(const Model& model, const Array& q0, double duration,
                                                   const py::dict& c) {
  const py::ssize_t n = model.dof;
  const sim::ControlLaw law = sim::control_law_from_name(c["controller"].cast<std::string>());
  if (c["goal"].is_none()) throw py::value_error("simulate: controller: goal is required (the set-point or the motion's end)");
  const Array goal = fixed_arg(c["goal"], "simulate", "goal", {n});
  const double move_time = c["move_time"].cast<double>(), rate = c["control_rate"].cast<double>();
  if (!(move_time >= 0) || !std::isfinite(move_time))
    throw py::value_error("simulate: move_time must be >= 0 and finite");
  if (!(rate >= 0) || !std::isfinite(rate)) throw py::value_error("simulate: control_rate must be >= 0 and finite");
  if (duration * rate > sim::kMaxSteps)
    throw py::value_error("simulate: control_rate gives more than 1e10 controller samples over the duration");
  const Eigen::Map<const VecX<double>> q1(goal.data(), n);
  sim::ControllerSpec spec = sim::default_gains(model, law, q1, 10.0, rate);
  gains_arg(c["kp"], "kp", n, spec.kp);
  gains_arg(c["kd"], "kd", n, spec.kd);
  sim::PointToPoint reference(Eigen::Map<const VecX<double>>(q0.data(), n), q1, move_time,
                              sim::profile_from_name(c["profile"].cast<std::string>()));
  return std::make_unique<sim::Controller>(model, spec, reference);
}

}  // namespace

void bind_simulation(py::module_& m) {
  m.def("_simulate", [](const PyModel& model, py::handle q0_, py::handle v0_, double duration, py::handle tau_,
                        const std::string& integrator, double dt, double output_period, double rtol, double atol,
                        const std::string& method, bool stop_at_limits, py::handle control, py::handle constraint) {
    const Model& mm = model.get();
    const py::ssize_t n = mm.dof, nq = mm.nq();
    const Array q0 = fixed_arg(q0_, "simulate", "q0", {nq}), v0 = fixed_arg(v0_, "simulate", "v0", {n});
    std::unique_ptr<sim::TorqueSource> source;
    if (!control.is_none()) {
      if (!tau_.is_none()) throw py::value_error("simulate: tau and controller exclude each other");
      source = controller_from(mm, q0, duration, control.cast<py::dict>());
    } else if (tau_.is_none()) {
      source = std::make_unique<sim::ZeroTorque>();
    } else if (PyCallable_Check(tau_.ptr())) {
      source = std::make_unique<CallableTorque>(py::reinterpret_borrow<py::function>(tau_), static_cast<int>(n));
    } else {
      const Array tau = fixed_arg(tau_, "simulate", "tau", {n});
      source = std::make_unique<sim::ConstantTorque>(Eigen::Map<const VecX<double>>(tau.data(), n));
    }
    sim::SimulationOptions o;
    o.duration = duration;
    o.dt = dt;
    o.output_period = output_period;
    o.integrator = sim::integrator_from_name(integrator);
    o.rtol = rtol;
    o.atol = atol;
    o.fd_method = fd_method_from_name(method);
    o.stop_at_limits = stop_at_limits;
    o.drives = model.drives && !model.drives->empty() ? model.drives.get() : nullptr;  // model.drives: as --actuators
    std::optional<PyConstraint> held;  // as --constraint: kept alive over the run
    if (!constraint.is_none()) {
      held = constraint_arg(model, constraint, "simulate");
      o.constraint = held->constraint.get();
    }
    const py::ssize_t forces = held ? held->constraint->count : 0;
    std::vector<std::string> warnings;
    o.warn = [&warnings](const std::string& w) { warnings.push_back(w); };
    sim::check_options(o);
    std::vector<double> t, q, v, a, tau, kinetic, potential, contact_force, constraint_error;
    const sim::SimulationStats stats = sim::simulate(
        mm, Eigen::Map<const VecX<double>>(q0.data(), nq), Eigen::Map<const VecX<double>>(v0.data(), n), *source, o,
        [&](const sim::Sample& s) {
          t.push_back(s.t);
          q.insert(q.end(), s.q.data(), s.q.data() + nq);
          v.insert(v.end(), s.v.data(), s.v.data() + n);
          a.insert(a.end(), s.a.data(), s.a.data() + n);
          tau.insert(tau.end(), s.tau.data(), s.tau.data() + n);
          kinetic.push_back(s.kinetic);
          potential.push_back(s.potential);
          contact_force.insert(contact_force.end(), s.contact_force.data(), s.contact_force.data() + forces);
          if (forces > 0) constraint_error.push_back(s.constraint_error);
        });
    const py::ssize_t rows = static_cast<py::ssize_t>(t.size());
    py::dict out;
    out["t"] = rows_of(t, rows, 0);
    out["q"] = rows_of(q, rows, nq);
    out["v"] = rows_of(v, rows, n);
    out["a"] = rows_of(a, rows, n);
    out["tau"] = rows_of(tau, rows, n);
    out["kinetic"] = rows_of(kinetic, rows, 0);
    out["potential"] = rows_of(potential, rows, 0);
    out["contact_force"] = forces > 0 ? py::object(rows_of(contact_force, rows, forces)) : py::none();
    out["constraint_error"] = forces > 0 ? py::object(rows_of(constraint_error, rows, 0)) : py::none();
    out["warnings"] = warnings;
    py::dict st;
    st["steps"] = stats.steps;
    st["rejected_steps"] = stats.rejected_steps;
    st["evaluations"] = stats.evaluations;
    st["final_time"] = stats.final_time;
    st["limit_joint"] = stats.limit_joint;
    st["diverged"] = stats.diverged;
    st["divergence"] = stats.divergence;
    st["diverged_at"] = stats.diverged_at;  // NaN unless diverged
    st["last_finite_time"] = stats.last_finite_time;
    st["energy_change"] = stats.last_finite_energy - stats.initial_energy;
    if (forces > 0) st["max_constraint_error"] = stats.max_constraint_error;
    out["stats"] = st;
    return out;
  }, py::arg("model"), py::arg("q0"), py::arg("v0"), py::arg("duration"), py::arg("tau"), py::arg("integrator"),
        py::arg("dt"), py::arg("output_period"), py::arg("rtol"), py::arg("atol"), py::arg("method"),
        py::arg("stop_at_limits"), py::arg("control").none(true), py::arg("constraint").none(true),
        "The simulation itself; use armdyn.simulate().");

  m.def("builtin_poses", [](const std::string& name) {
    py::dict out;
    for (const NamedPose& pose : builtin_model(name).poses) {
      py::array_t<double> q = new_array({static_cast<py::ssize_t>(pose.q.size())});
      std::copy(pose.q.begin(), pose.q.end(), q.mutable_data());
      out[py::str(pose.name)] = q;
    }
    return out;
  }, py::arg("name"), "builtin_poses(name) -> dict[str, ndarray]\n\nThe named poses of a built-in model (e.g. "
                      "puma560's 'zero', 'ready', 'stretch', 'nominal'), joint positions of shape (n,) in rad or m.");

  m.def("integrators", [] { return sim::integrator_names(); }, "integrators() -> list[str]\n\nNames of the integrators simulate() takes.");

  m.def("_csv", [](py::handle t_, py::handle q_, py::handle v_, py::handle a_, py::handle tau_, py::handle k_,
                   py::handle p_, py::handle f_, py::handle e_) {
    const Array t = table_arg(t_, "t", -1, 1), q = table_arg(q_, "q", t.size(), 2), v = table_arg(v_, "v", t.size(), 2),
                a = table_arg(a_, "a", t.size(), 2, v.shape(1)), tau = table_arg(tau_, "tau", t.size(), 2, v.shape(1)),
                kin = table_arg(k_, "kinetic", t.size(), 1), pot = table_arg(p_, "potential", t.size(), 1);
    std::optional<Array> force, error;  // with a constraint
    if (!f_.is_none()) {
      force = table_arg(f_, "contact_force", t.size(), 2);
      error = table_arg(e_, "constraint_error", t.size(), 1);
    }
    const py::ssize_t rows = t.size(), nq = q.shape(1), n = v.shape(1), forces = force ? force->shape(1) : 0;
    std::string text = sim::csv_header(static_cast<int>(nq), static_cast<int>(n), static_cast<int>(forces));
    sim::Sample s;
    for (py::ssize_t r = 0; r < rows; ++r) {
      s.t = t.at(r);
      s.q = Eigen::Map<const VecX<double>>(q.data() + r * nq, nq);
      s.v = Eigen::Map<const VecX<double>>(v.data() + r * n, n);
      s.a = Eigen::Map<const VecX<double>>(a.data() + r * n, n);
      s.tau = Eigen::Map<const VecX<double>>(tau.data() + r * n, n);
      s.kinetic = kin.at(r);
      s.potential = pot.at(r);
      if (forces > 0) {
        s.contact_force = Eigen::Map<const VecX<double>>(force->data() + r * forces, forces);
        s.constraint_error = error->at(r);
      }
      text += sim::csv_row(s);
    }
    return text;
  }, py::arg("t"), py::arg("q"), py::arg("v"), py::arg("a"), py::arg("tau"), py::arg("kinetic"), py::arg("potential"),
        py::arg("contact_force").none(true) = py::none(), py::arg("constraint_error").none(true) = py::none(),
        "The CSV text of a simulation, the columns of `armdyn simulate` (with a constraint's contact_force<k> and "
        "constraint_error).");
}

}  // namespace armdyn::python
