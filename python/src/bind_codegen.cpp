// armdyn.opcount and armdyn.codegen (the library calls of `armdyn opcount` and `armdyn codegen`).
#include <pybind11/stl.h>

#include "armdyn/codegen/emit_cpp.hpp"
#include "armdyn/codegen/opcount.hpp"
#include "armdyn/codegen/record.hpp"
#include "armdyn/core/text.hpp"
#include "handles.hpp"

namespace armdyn::python {
namespace {

py::dict tally_dict(const OpTally& t) {
  py::dict d;
  d["mul"] = t.mul;
  d["add"] = t.add;
  d["div"] = t.div;
  d["sqrt"] = t.sqrt;
  d["trig"] = t.trig;
  return d;
}

std::vector<std::string> names_arg(py::handle obj, const std::vector<std::string>& all) {
  if (obj.is_none()) return all;
  if (py::isinstance<py::str>(obj)) return {obj.cast<std::string>()};
  return obj.cast<std::vector<std::string>>();
}

}  // namespace

void bind_codegen(py::module_& m) {
  m.def("opcount", [](const PyModel& model, py::handle algorithms, bool generated) {
    const Model& mm = model.get();
    std::vector<std::string> names;
    if (algorithms.is_none() && !generated) {
      for (const std::string& name : opcount::algorithm_names())
        if (opcount::handles(name, mm)) names.push_back(name);
    } else {
      names = names_arg(algorithms, opcount::production_algorithms());
    }
    py::dict out;
    for (const std::string& name : names)
      out[py::str(name)] = tally_dict(generated ? opcount::count_generated(mm, name) : opcount::count(mm, name));
    return out;
  }, py::arg("model"), py::arg("algorithms") = py::none(), py::arg("generated") = false,
        "opcount(model, algorithms=None, generated=False) -> {name: {'mul', 'add', 'div', 'sqrt', 'trig'}}\n\n"
        "Exact operation counts of one evaluation of each algorithm (a name or a list of names of "
        "opcount_algorithms(); None: every one the model allows) on the counting scalar, like `armdyn opcount "
        "--json`. generated=True: the counts of the code codegen() writes (rnea, mass_matrix, gravity, "
        "forward_dynamics). trig counts sine and cosine calls.");
  m.def("opcount_algorithms", [] { return opcount::algorithm_names(); },
        "opcount_algorithms() -> list[str]\n\nEvery algorithm name opcount() takes: the production algorithms, then the formulations.");

  m.def("_codegen", [](const PyModel& model, py::handle algorithms, const std::string& prefix) {
    std::vector<std::string> names_all;
    for (codegen::Algorithm a : codegen::all_algorithms()) names_all.push_back(codegen::to_string(a));
    std::vector<codegen::Algorithm> list;
    for (const std::string& name : names_arg(algorithms, names_all)) list.push_back(codegen::parse_algorithm(name));
    if (list.empty()) throw InputError("codegen: algorithms: empty list");
    if (!prefix.empty() && !codegen::is_c_identifier(prefix))
      throw InputError("codegen: prefix: '" + printable(prefix) + "' is not a C identifier ([A-Za-z_][A-Za-z0-9_]*)");
    int snapped = 0;
    const Model snapped_model = codegen::snap_round_off(model.get(), &snapped);
    std::vector<codegen::TracedFunction> functions;
    for (codegen::Algorithm a : list) functions.push_back(codegen::trace(snapped_model, a));
    codegen::EmitOptions e;
    e.prefix = prefix.empty() ? codegen::sanitize_identifier(snapped_model.name) : prefix;
    e.model_name = snapped_model.name;
    e.model_source = snapped_model.source;
    e.gravity = snapped_model.gravity;
    e.snapped = snapped;
    const codegen::GeneratedCode code = codegen::emit_cpp(functions, e);
    py::dict counts;
    for (const codegen::TracedFunction& f : functions) {
      const codegen::OpCounts c = f.counts();
      py::dict d;
      d["mul"] = c.mul;
      d["add"] = c.add;
      d["div"] = c.div;
      d["sqrt"] = c.sqrt;
      d["sin"] = c.sin;
      d["cos"] = c.cos;
      d["total"] = c.total();
      counts[py::str(codegen::to_string(f.algorithm))] = d;
    }
    py::dict out;
    out["prefix"] = e.prefix;
    out["header"] = code.header;
    out["source"] = code.source;
    out["counts"] = counts;
    return out;
  }, py::arg("model"), py::arg("algorithms") = py::none(), py::arg("prefix") = "",
        "The generated code as a dict (prefix, header, source, counts); armdyn.codegen() wraps it.");
}

}  // namespace armdyn::python
