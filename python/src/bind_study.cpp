// Design studies from Python: armdyn.design.Study (a STUDY document read by io/study_json.hpp),
// its parameter grid, one candidate and the parallel sweep (design/study.hpp). The candidates
// run with the GIL released; a result is a dict with the columns of `armdyn design`'s results.
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "armdyn/design/study.hpp"
#include "armdyn/design/study_search.hpp"
#include "armdyn/io/study_json.hpp"
#include "handles.hpp"

namespace armdyn::python {

namespace {

struct PyStudy {
  std::shared_ptr<const design::Study> study;
};

py::dict values_dict(const design::ParameterValues& values) {
  py::dict out;
  for (const auto& [name, value] : values) out[py::str(name)] = value;
  return out;
}

design::ParameterValues values_arg(const design::Study& study, const py::dict& values) {
  design::ParameterValues out;
  for (const auto& [key, value] : values) {
    const std::string name = py::str(key);
    try {
      out[name] = value.cast<double>();
    } catch (const py::cast_error&) {
      throw py::value_error(study.source + ": parameter '" + name + "': not a number");
    }
  }
  return out;
}

py::dict result_dict(const design::CandidateResult& r) {
  py::dict d;
  d["values"] = values_dict(r.values);
  d["time_scale"] = r.time_scale;
  d["T"] = r.T;
  d["E"] = r.E;
  d["sigma_max"] = r.sigma_max;
  d["stress_ratio"] = r.stress_ratio;
  d["deflection"] = r.deflection;
  d["drive_margin"] = r.drive_margin;
  d["reach_ok"] = r.reach_ok;
  d["stress_ok"] = r.stress_ok;
  d["drive_ok"] = r.drive_ok;
  d["deflection_ok"] = r.deflection_ok;
  d["feasible"] = r.feasible();
  d["fault"] = r.fault;
  d["G"] = r.G;
  return d;
}

const char* kind_name(design::StudyKind kind) {
  return kind == design::StudyKind::kSweep ? "sweep" : kind == design::StudyKind::kTmin ? "tmin" : "optimize";
}

py::dict tmin_dict(const design::TminPoint& p) {
  py::dict d;
  d["values"] = values_dict(p.values);
  d["found"] = p.search.found;
  d["evaluations"] = p.search.evaluations;
  d["t_min"] = p.search.t_min;
  py::list trials;
  for (const auto& [scale, feasible] : p.search.trials) trials.append(py::make_tuple(scale, feasible));
  d["trials"] = trials;
  d["T_min_stress"] = p.T_stress;
  d["T_min_drive"] = p.T_drive;
  d["T_min_deflection"] = p.T_deflection;
  d["at_tmin"] = result_dict(p.at_tmin);
  return d;
}

py::dict optimum_dict(const design::StudyOptimum& o) {
  py::dict d;
  d["method"] = o.method;
  d["x"] = o.result.x;
  d["objective"] = o.result.objective;
  d["feasible"] = o.result.feasible;
  d["evaluations"] = o.result.evaluations;
  py::list path;
  for (const design::Trial& t : o.result.path) path.append(py::make_tuple(t.x, t.objective, t.violation));
  d["path"] = path;
  d["best"] = result_dict(o.best);
  return d;
}

}  // namespace

void bind_study(py::module_& top) {
  py::module_ m = top.attr("design").cast<py::module_>();
  py::class_<PyStudy>(m, "Study",
                      "A design study (docs/design.md, \"Design studies\"): a base arm whose numbers depend on named "
                      "parameters, a test task, limits and a criterion. Read one with armdyn.design.load_study.")
      .def_property_readonly("source", [](const PyStudy& s) { return s.study->source; }, "The file it was read from.")
      .def_property_readonly("parameters", [](const PyStudy& s) {
        py::dict out;
        for (const design::Parameter& p : s.study->parameters) out[py::str(p.name)] = p.values;
        return out;
      }, "Each parameter's values, in the study's order (the first varies slowest in the grid).")
      .def_property_readonly("kind", [](const PyStudy& s) { return kind_name(s.study->kind); },
                             "\"sweep\", \"tmin\" or \"optimize\".")
      .def("tmin_point", [](const PyStudy& s, const py::dict& values) {
        const design::ParameterValues v = values_arg(*s.study, values);
        design::TminPoint p;
        {
          py::gil_scoped_release release;
          p = design::tmin_point(*s.study, v);
        }
        return tmin_dict(p);
      }, py::arg("values"),
           "tmin_point(values) -> dict\n\nT_min at one grid point (the study's tmin search): values, found, "
           "evaluations, t_min (a time scale), trials [(scale, feasible)], T_min_stress, T_min_drive, "
           "T_min_deflection, at_tmin (the candidate there, as evaluate() gives it).")
      .def_property_readonly("optimize_methods", [](const PyStudy& s) { return design::optimize_methods(*s.study); },
                             "The searches an optimize study runs, in order.")
      .def("optimize_method", [](const PyStudy& s, const std::string& method) {
        design::StudyOptimum o;
        {
          py::gil_scoped_release release;
          o = design::optimize_method(*s.study, method);
        }
        return optimum_dict(o);
      }, py::arg("method"),
           "optimize_method(method) -> dict\n\nOne search of an optimize study (\"feasible_directions\" or "
           "\"cobyla\"): method, x, objective, feasible, evaluations, path [(x, objective, violation)], best (the "
           "candidate at x, as evaluate() gives it).")
      .def("grid", [](const PyStudy& s) {
        py::list out;
        for (const design::ParameterValues& v : design::parameter_grid(*s.study)) out.append(values_dict(v));
        return out;
      }, "grid() -> list of dict\n\nThe candidates' parameter values, in the order of `armdyn design`'s rows.")
      .def("evaluate", [](const PyStudy& s, const py::dict& values) {
        const design::ParameterValues v = values_arg(*s.study, values);
        design::CandidateResult r;
        {
          py::gil_scoped_release release;
          r = design::evaluate_candidate(*s.study, v);
        }
        return result_dict(r);
      }, py::arg("values"),
           "evaluate(values) -> dict\n\nOne candidate (values: parameter name -> value, every parameter) run on the "
           "task: T, E, sigma_max, stress_ratio, deflection, drive_margin, the limits' flags, feasible, fault, G.")
      .def("sweep", [](const PyStudy& s, py::handle threads_) {
        const int threads = thread_count_arg(threads_, "sweep: threads");
        std::vector<design::CandidateResult> results;
        {
          py::gil_scoped_release release;
          results = design::sweep(*s.study, threads);
        }
        py::list out;
        for (const design::CandidateResult& r : results) out.append(result_dict(r));
        return out;
      }, py::arg("threads") = 0,
           "sweep(threads=0) -> list of dict\n\nEvery candidate of the grid on the local cores (0: all), in grid "
           "order; equal to evaluate() over grid() bit for bit.");
  m.def("_read_study", [](const std::string& path) {
    return PyStudy{std::make_shared<const design::Study>(read_study(path))};
  }, py::arg("path"));
  m.def("_parse_study", [](const std::string& text, const std::string& source, const std::string& base_dir) {
    return PyStudy{std::make_shared<const design::Study>(parse_study(text, source, base_dir))};
  }, py::arg("text"), py::arg("source"), py::arg("base_dir"));
}

}  // namespace armdyn::python
