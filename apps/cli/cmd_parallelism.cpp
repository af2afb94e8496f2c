// `armdyn parallelism [MODEL | --chain N | --chain A-B] --algorithm NAME [--processors 1,2,4,8,16]`:
// the total work, critical path, average parallelism and list schedules of one algorithm recorded
// for one model exactly as `armdyn codegen` records it ([TML] §8; armdyn/codegen/parallelism.hpp).
// --chain N takes the general N-link chain (armdyn/model/general_chain.hpp) instead of a model;
// --chain A-B prints one line per chain of A..B links, beside [TML] Table 8.6's 27n + 42.
// --json: one JSON document instead (the shape above json_entry below).
#include <cmath>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/model/general_chain.hpp"
#include "armdyn/codegen/parallelism.hpp"
#include "armdyn/codegen/record.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/io/mjcf.hpp"
#include "cli.hpp"
#include "cost_estimate.hpp"
#include "json_writer.hpp"
#include "methods.hpp"

namespace armdyn::cli {
namespace {

struct ParallelismOptions {
  std::string model, algorithm = "rnea", processors = "1,2,4,8,16", chain, max_memory = "4G";
  bool json = false;
};

int positive(const std::string& text, const char* what) {
  std::size_t used = 0;
  int x = 0;
  try {
    x = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || x < 1) throw InputError(std::string(what) + ": '" + text + "' is not a positive integer");
  return x;
}

constexpr std::size_t kMaxProcessorCounts = 64;  // each one schedules the whole graph again

std::vector<int> parse_processors(const std::string& list) {
  std::vector<int> out;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ',')) {
    out.push_back(positive(item, "--processors"));
    if (out.size() > kMaxProcessorCounts)
      throw InputError("--processors: more than " + std::to_string(kMaxProcessorCounts) + " processor counts");
  }
  if (out.empty()) throw InputError("--processors: empty list");
  return out;
}

std::string report(const Model& model, const codegen::TracedFunction& f, const std::vector<int>& processors) {
  const codegen::OpCounts c = f.counts();
  const codegen::TaskGraph tasks = codegen::task_graph(f.graph, f.outputs);
  const codegen::CriticalPath cp = codegen::critical_path(tasks);
  const int w = tasks.size();
  std::string out = "parallelism of " + codegen::to_string(f.algorithm) + " for '" + model.name + "' (" +
                    std::to_string(model.dof) + " dof), one operation per step per processor, sign changes free\n";
  std::vector<std::vector<std::string>> head = {
      {"work W", std::to_string(w) + " operations (mul " + std::to_string(c.mul) + ", add " + std::to_string(c.add) +
                     ", div " + std::to_string(c.div) + ", sqrt " + std::to_string(c.sqrt) + ", sin " +
                     std::to_string(c.sin) + ", cos " + std::to_string(c.cos) + ")"},
      {"critical path L", std::to_string(cp.length) + " operations (mul " + std::to_string(cp.mul) + ", add " +
                              std::to_string(cp.add) + ", other " + std::to_string(cp.other) + ")"},
      {"steps by kind", "at most " + std::to_string(cp.mul_steps) + " mul steps and " +
                            std::to_string(cp.add_steps) + " add steps on any chain"},
      {"average parallelism", human(cp.length ? static_cast<double>(w) / cp.length : 0.0, 4) + " (W / L)"}};
  if (f.algorithm == codegen::Algorithm::kRnea) {
    const int n = model.dof;
    head.push_back({"[TML] Table 8.6", std::to_string(27 * n + 42) + " mul steps, " + std::to_string(27 * n + 41) +
                                           " add steps (27n + 42, 27n + 41; modified N-E, general chain)"});
  }
  out += format_table(head, {false, false});
  out += "list schedule, critical-path priority:\n";
  std::vector<std::vector<std::string>> rows = {{"P", "T_P", "speed-up", "efficiency", "max(ceil(W/P), L)"}};
  for (int p : processors) {
    const codegen::Schedule s = codegen::list_schedule(tasks, p);
    const int bound = std::max((w + p - 1) / p, cp.length);
    rows.push_back({std::to_string(p), std::to_string(s.makespan), human(s.speedup, 4), human(s.efficiency, 3),
                    std::to_string(bound)});
  }
  out += format_table(rows, {true, true, true, true, true});
  return out;
}

// One model's entry: {"model", "dof", "work", "counts": {mul, add, div, sqrt, sin, cos},
// "critical_path": {length, mul, add, other, mul_steps, add_steps}, "average_parallelism",
// ["tml_table_8_6": {mul_steps, add_steps} for rnea,] "schedules": [{processors, makespan,
// speedup, efficiency, bound}]}. The document: {"algorithm", "models": [entry, ...]} (one entry
// for MODEL or --chain N, one per chain for --chain A-B).
void json_entry(JsonWriter& w, const Model& model, const codegen::TracedFunction& f, const std::vector<int>& processors) {
  const codegen::OpCounts c = f.counts();
  const codegen::TaskGraph tasks = codegen::task_graph(f.graph, f.outputs);
  const codegen::CriticalPath cp = codegen::critical_path(tasks);
  const int w_ops = tasks.size();
  w.begin_object(true);
  w.key("model").value(model.name);
  w.key("dof").value(model.dof);
  w.key("work").value(w_ops);
  w.key("counts").begin_object();
  w.key("mul").value(c.mul).key("add").value(c.add).key("div").value(c.div);
  w.key("sqrt").value(c.sqrt).key("sin").value(c.sin).key("cos").value(c.cos);
  w.end_object();
  w.key("critical_path").begin_object();
  w.key("length").value(cp.length).key("mul").value(cp.mul).key("add").value(cp.add).key("other").value(cp.other);
  w.key("mul_steps").value(cp.mul_steps).key("add_steps").value(cp.add_steps);
  w.end_object();
  w.key("average_parallelism").value(cp.length ? static_cast<double>(w_ops) / cp.length : 0.0);
  if (f.algorithm == codegen::Algorithm::kRnea) {
    w.key("tml_table_8_6").begin_object();
    w.key("mul_steps").value(27 * model.dof + 42).key("add_steps").value(27 * model.dof + 41);
    w.end_object();
  }
  w.key("schedules").begin_array(true);
  for (int p : processors) {
    const codegen::Schedule s = codegen::list_schedule(tasks, p);
    w.begin_object();
    w.key("processors").value(p).key("makespan").value(s.makespan);
    w.key("speedup").value(s.speedup).key("efficiency").value(s.efficiency);
    w.key("bound").value(std::max((w_ops + p - 1) / p, cp.length));
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

// The models (already snapped) as one JSON document: model_at(k) for k < count, each made when
// its turn comes (a range of chains is never held at once).
std::string json_report(codegen::Algorithm algorithm, int count, const std::function<Model(int)>& model_at,
                        const std::vector<int>& processors) {
  JsonWriter w;
  w.begin_object(true);
  w.key("algorithm").value(codegen::to_string(algorithm));
  w.key("models").begin_array(true);
  for (int k = 0; k < count; ++k) {
    const Model m = model_at(k);
    json_entry(w, m, codegen::trace(m, algorithm), processors);
  }
  w.end_array();
  w.end_object();
  return w.str();
}

// One line per general chain of first..last links.
std::string chain_table(int first, int last, codegen::Algorithm algorithm, const std::vector<int>& processors) {
  std::vector<std::vector<std::string>> rows = {
      {"n", "W", "L", "L mul", "L add", "W/L", "TML 27n+42", "TML 27n+41"}};
  for (int p : processors) rows.front().push_back("T_" + std::to_string(p) + " (speed-up)");
  for (int n = first; n <= last; ++n) {
    const codegen::TracedFunction f = codegen::trace(general_chain(n), algorithm);
    const codegen::TaskGraph tasks = codegen::task_graph(f.graph, f.outputs);
    const codegen::CriticalPath cp = codegen::critical_path(tasks);
    std::vector<std::string> row = {std::to_string(n), std::to_string(tasks.size()), std::to_string(cp.length),
                                    std::to_string(cp.mul), std::to_string(cp.add),
                                    human(cp.length ? static_cast<double>(tasks.size()) / cp.length : 0.0, 4),
                                    std::to_string(27 * n + 42), std::to_string(27 * n + 41)};
    for (int p : processors) {
      const codegen::Schedule s = codegen::list_schedule(tasks, p);
      row.push_back(std::to_string(s.makespan) + " (" + human(s.speedup, 3) + ")");
    }
    rows.push_back(std::move(row));
  }
  std::vector<bool> right(rows.front().size(), true);
  return "parallelism of " + codegen::to_string(algorithm) +
         " on general chains (W work, L critical path and its multiplications and additions, in operations)\n" +
         format_table(rows, right);
}

int run(const ParallelismOptions& o) {
  if (o.model.empty() == o.chain.empty()) throw InputError("parallelism: give either MODEL or --chain N");
  const codegen::Algorithm algorithm = codegen::parse_algorithm(o.algorithm);
  const std::vector<int> processors = parse_processors(o.processors);
  const std::size_t memory = parse_bytes(o.max_memory, "--max-memory");
  const std::string name = codegen::to_string(algorithm);
  if (const std::size_t dash = o.chain.find('-'); dash != std::string::npos) {
    const int first = positive(o.chain.substr(0, dash), "--chain");
    const int last = positive(o.chain.substr(dash + 1), "--chain");
    if (last < first) throw InputError("--chain: empty range '" + o.chain + "'");
    // Summed until over the limit; the rest, each at least the last one, bounds the total from below.
    double operations = 0;
    for (int n = first; n <= last; ++n) {
      const double ops = estimated_operations(name, n);
      operations += ops;
      if (operations > kMaxRecordedOperations) {
        operations += ops * static_cast<double>(last - n);
        break;
      }
    }
    check_cost("recording " + name + " on the chains of " + o.chain + " links", operations, kMaxRecordedOperations,
               recorded_bytes(estimated_operations(name, last)), memory, "ask for fewer or shorter chains");
    if (o.json) {
      write_stdout(json_report(algorithm, last - first + 1, [first](int k) { return general_chain(first + k); }, processors));
    } else {
      write_stdout(chain_table(first, last, algorithm, processors));
    }
    return kExitOk;
  }
  const int chain = o.chain.empty() ? 0 : positive(o.chain, "--chain");
  if (chain > 0) {  // refused before the chain is built
    const double operations = estimated_operations(name, chain);
    check_cost("recording " + name + " on the chain of " + o.chain + " links", operations, kMaxRecordedOperations,
               recorded_bytes(operations), memory, "a shorter chain");
  }
  const Model loaded = chain > 0 ? general_chain(chain) : load_any_model(o.model);
  if (chain == 0) {
    const double operations = estimated_operations(name, loaded.dof);
    check_cost("recording " + name + " on '" + loaded.name + "' (" + std::to_string(loaded.dof) + " joints)",
               operations, kMaxRecordedOperations, recorded_bytes(operations), memory, "a smaller model");
  }
  const Model model = codegen::snap_round_off(loaded);
  if (o.json) write_stdout(json_report(algorithm, 1, [&model](int) { return model; }, processors));
  else write_stdout(report(model, codegen::trace(model, algorithm), processors));
  return kExitOk;
}

}  // namespace

Command add_parallelism_command(CLI::App& app) {
  auto opts = std::make_shared<ParallelismOptions>();
  CLI::App* sub = app.add_subcommand(
      "parallelism", "Work, critical path and list schedules of an algorithm's recorded operations ([TML] §8)");
  sub->add_option("MODEL", opts->model, "built-in model name or a .urdf / MJCF .xml / .json model file");
  sub->add_option("--chain", opts->chain,
                  "N: the general N-link chain instead of MODEL; A-B: a table for the chains of A..B links");
  sub->add_option("--algorithm", opts->algorithm, "rnea, mass_matrix, gravity or forward_dynamics (default rnea)");
  sub->add_option("--processors", opts->processors, "comma-separated processor counts (default 1,2,4,8,16)");
  sub->add_option("--max-memory", opts->max_memory,
                  "refuse (exit 2, before recording) a graph whose estimated memory exceeds BYTES; suffixes K, M, G, "
                  "T are powers of 1024")
      ->type_name("BYTES")
      ->capture_default_str();
  sub->add_flag("--json", opts->json, "print a JSON document instead of text");
  sub->footer("The operations are estimated first, from the general chain's counts: more than 2e6 in all (about a "
              "minute; one general chain of up to 7000 links for rnea, 305 for mass_matrix, 13000 for gravity, 159 for "
              "forward_dynamics) or a graph over --max-memory is refused (docs/parallelism.md).");
  return Command{sub, [opts] { return run(*opts); }};
}

}  // namespace armdyn::cli
