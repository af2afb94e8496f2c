// The extension module armdyn._armdyn; the package armdyn (armdyn/__init__.py) re-exports it.
#include "armdyn/core/error.hpp"
#include "handles.hpp"

PYBIND11_MODULE(_armdyn, m) {
  namespace py = pybind11;
  py::options options;
  options.disable_function_signatures();  // every docstring states its own, in numpy terms
  m.doc() = "armdyn: rigid-body dynamics of robot manipulators (the compiled part of the package armdyn)";
  m.attr("__version__") = ARMDYN_VERSION;

  // Library errors keep their message: InputError (bad input: a model file, a name, a state) is a
  // ValueError; ModelError (a model that cannot be built) an InputError.
  static py::exception<armdyn::InputError> input_error(m, "InputError", PyExc_ValueError);
  static py::exception<armdyn::ModelError> model_error(m, "ModelError", input_error.ptr());
  input_error.attr("__doc__") = "Bad input to armdyn (a model file, a name, an option): the library's message.";
  model_error.attr("__doc__") = "A model that cannot be built: the message names the file, the place and the field.";
  input_error.attr("__module__") = "armdyn";
  model_error.attr("__module__") = "armdyn";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const armdyn::ModelError& e) {
      model_error(e.what());
    } catch (const armdyn::InputError& e) {
      input_error(e.what());
    }
  });

  m.def("set_num_threads", [](int n) {
    if (n < 0) throw py::value_error("set_num_threads: n must be >= 0 (0: every core), got " + std::to_string(n));
    armdyn::python::set_batch_threads(n);
  }, py::arg("n"), "set_num_threads(n)\n\nThreads the batch evaluations run on (0, the default: every core).");
  m.def("get_num_threads", [] { return armdyn::python::batch_threads(); },
        "get_num_threads() -> int\n\nThreads the batch evaluations run on (0: every core).");

  armdyn::python::bind_model(m);
  armdyn::python::bind_dynamics(m);
  armdyn::python::bind_moving_base(m);
  armdyn::python::bind_constraints(m);
  armdyn::python::bind_kinematics(m);
  armdyn::python::bind_formulations(m);
  armdyn::python::bind_codegen(m);
  armdyn::python::bind_simulation(m);
  armdyn::python::bind_loads(m);
  armdyn::python::bind_cartesian(m);
  armdyn::python::bind_capability(m);
  armdyn::python::bind_drives(m);
  armdyn::python::bind_derivatives(m);
  armdyn::python::bind_segments(m);
  armdyn::python::bind_tasks(m);
  armdyn::python::bind_design(m);
  armdyn::python::bind_study(m);
  armdyn::python::bind_view(m);
}
