// The compiled part of armdyn.design: the criteria of [VP] §5.2 (design/criterion.hpp,
// docs/design.md), elementwise over numpy arrays; armdyn/design.py builds on them.
#include <pybind11/numpy.h>

#include <initializer_list>
#include <string>
#include <utility>

#include "armdyn/design/criterion.hpp"
#include "handles.hpp"

namespace armdyn::python {

namespace {

// (5.2.1) for one value: the range and the value checked with the names the caller uses.
double checked_efficiency(double value, double zero_at, double one_at, const char* value_name,
                          const char* zero_name, const char* one_name) {
  design::check_efficiency_range(zero_at, one_at, zero_name, one_name);
  design::check_value(value, value_name);
  return design::efficiency(value, zero_at, one_at);
}

double checked_combined(double G_t, double G_e, double r, double w_t) {
  for (const auto& [g, name] : {std::pair{G_t, "G_t"}, {G_e, "G_e"}})
    if (!(g >= 0 && g <= 1))
      throw InputError(std::string(name) + ": " + std::to_string(g) + " is not in [0, 1]");
  design::check_exponent(r, "r");
  design::check_weight(w_t, "w_t");
  return design::combined_efficiency(G_t, G_e, r, w_t);
}

// py::vectorize casts its arguments to float64 whatever they hold (dates to days, strings of
// digits to numbers): each is checked to be real numbers first (arrays.hpp), as everywhere else.
void real_numbers(const char* fn, std::initializer_list<std::pair<py::handle, const char*>> args) {
  for (const auto& [value, name] : args) (void)real_array(value, fn, name);
}

}  // namespace

void bind_design(py::module_& top) {
  py::module_ m = top.def_submodule("design", "The compiled criteria of armdyn.design ([VP] §5.2).");
  const py::object time_efficiency = py::cpp_function(py::vectorize([](double T, double T0, double T1) {
    return checked_efficiency(T, T0, T1, "T", "T0", "T1");
  }));
  m.def("time_efficiency", [time_efficiency](py::handle T, py::handle T0, py::handle T1) {
          real_numbers("time_efficiency", {{T, "T"}, {T0, "T0"}, {T1, "T1"}});
          return time_efficiency(T, T0, T1);
        }, py::arg("T"), py::arg("T0"), py::arg("T1"),
        "time_efficiency(T, T0, T1)\n\n"
        "G_t = (T0 - T) / (T0 - T1) clipped to [0, 1] ([VP] (5.2.1)): 0 at the longest acceptable task time T0, "
        "1 at T1 < T0. Elementwise over arrays (broadcast); a float for floats.");
  const py::object energy_efficiency = py::cpp_function(py::vectorize([](double E, double E0, double E1) {
    return checked_efficiency(E, E0, E1, "E", "E0", "E1");
  }));
  m.def("energy_efficiency", [energy_efficiency](py::handle E, py::handle E0, py::handle E1) {
          real_numbers("energy_efficiency", {{E, "E"}, {E0, "E0"}, {E1, "E1"}});
          return energy_efficiency(E, E0, E1);
        }, py::arg("E"), py::arg("E0"), py::arg("E1"),
        "energy_efficiency(E, E0, E1)\n\n"
        "G_e = (E0 - E) / (E0 - E1) clipped to [0, 1] ([VP] (5.2.1)): 0 at the largest acceptable energy E0, "
        "1 at E1 < E0. Elementwise over arrays (broadcast); a float for floats.");
  const py::object combined_efficiency = py::cpp_function(py::vectorize(&checked_combined));
  m.def("combined_efficiency", [combined_efficiency](py::handle G_t, py::handle G_e, py::handle r, py::handle w_t) {
          real_numbers("combined_efficiency", {{G_t, "G_t"}, {G_e, "G_e"}, {r, "r"}, {w_t, "w_t"}});
          return combined_efficiency(G_t, G_e, r, w_t);
        }, py::arg("G_t"), py::arg("G_e"), py::arg("r"),
        py::arg("w_t") = 0.5,
        "combined_efficiency(G_t, G_e, r, w_t=0.5)\n\n"
        "G = (w_t G_t^r + w_e G_e^r)^(1/r), w_e = 1 - w_t ([VP] (5.2.2)), with every limit of (5.2.4) exact: "
        "r = -inf the smaller, 0 the weighted geometric mean, inf the larger. Elementwise (broadcast).");
  const py::object conjunction_degree = py::cpp_function(py::vectorize([](double r) {
    design::check_exponent(r, "r");
    return design::conjunction_degree(r);
  }));
  m.def("conjunction_degree", [conjunction_degree](py::handle r) {
          real_numbers("conjunction_degree", {{r, "r"}});
          return conjunction_degree(r);
        }, py::arg("r"),
        "conjunction_degree(r)\n\nThe degree of conjunction c(r) of the exponent r ([VP] Fig. 5.4; equal weights): "
        "1 at r = -inf, 1/2 at r = 1, 0 at r = inf.");
  const py::object disjunction_degree = py::cpp_function(py::vectorize([](double r) {
    design::check_exponent(r, "r");
    return design::disjunction_degree(r);
  }));
  m.def("disjunction_degree", [disjunction_degree](py::handle r) {
          real_numbers("disjunction_degree", {{r, "r"}});
          return disjunction_degree(r);
        }, py::arg("r"),
        "disjunction_degree(r)\n\nThe degree of disjunction d(r) = 1 - c(r) ([VP] Fig. 5.4).");
  const py::object exponent_of_conjunction = py::cpp_function(
      py::vectorize([](double c) { return design::exponent_of_conjunction(c, "c"); }));
  m.def("exponent_of_conjunction", [exponent_of_conjunction](py::handle c) {
          real_numbers("exponent_of_conjunction", {{c, "c"}});
          return exponent_of_conjunction(c);
        }, py::arg("c"),
        "exponent_of_conjunction(c)\n\nThe exponent r whose degree of conjunction is c, c in [0, 1] (the inverse of "
        "conjunction_degree; 1 gives -inf, 0 gives inf).");
}

}  // namespace armdyn::python
