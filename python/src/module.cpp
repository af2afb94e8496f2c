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
  // An argument of dates, strings or objects where numbers belong: a TypeError that existing
  // `except ValueError` code (the complex arrays refused before) still catches.
  // (A plain pointer, kept for good: no static destructor runs after the interpreter is gone.)
  static PyObject* const dtype_error = PyErr_NewExceptionWithDoc(
      "armdyn.DTypeError",
      "An argument whose numbers are not real numbers (dates, durations, strings, Python objects, complex numbers): "
      "both a TypeError and a ValueError.",
      py::make_tuple(py::handle(PyExc_TypeError), py::handle(PyExc_ValueError)).ptr(), nullptr);
  if (!dtype_error) throw py::error_already_set();
  m.attr("DTypeError") = py::handle(dtype_error);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const armdyn::ModelError& e) {
      model_error(e.what());
    } catch (const armdyn::InputError& e) {
      input_error(e.what());
    } catch (const armdyn::python::DTypeError& e) {
      PyErr_SetString(dtype_error, e.what());
    } catch (const armdyn::python::NonFiniteResult& e) {
      PyErr_SetString(PyExc_FloatingPointError, e.what());
    }
  });

  m.def("set_num_threads", [](py::handle n) {
    armdyn::python::set_batch_threads(armdyn::python::thread_count_arg(n, "set_num_threads: n"));
  }, py::arg("n"), "set_num_threads(n)\n\nThreads the batch evaluations run on (0, the default: every core; at most "
                   "max(256, 4 x the hardware threads), more than the CPUs run on the CPUs). Raises armdyn.InputError "
                   "(a ValueError) beyond.");
  m.def("_check_threads", [](py::handle n, const std::string& what) {
    return armdyn::python::thread_count_arg(n, what.c_str());
  }, py::arg("n"), py::arg("what"), "The checked thread count n (for armdyn.design.run_study's threads=).");
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
