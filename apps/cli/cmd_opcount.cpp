// `armdyn opcount MODEL [--algorithm NAME ...] [--json]`, `armdyn opcount --chain N [...]`: the
// exact operation counts of one evaluation of each production algorithm and formulation, run on
// the counting scalar (armdyn/codegen/opcount.hpp). `armdyn opcount --table N1..N2`: the
// counts on the general chain for n = N1..N2 next to the seeds' published ones, the exact fits in
// n, and why they differ (docs/opcounts.md).
#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/codegen/opcount.hpp"
#include "armdyn/io/mjcf.hpp"
#include "armdyn/model/catalogue.hpp"
#include "cli.hpp"
#include "cost_estimate.hpp"
#include "json_writer.hpp"
#include "methods.hpp"

namespace armdyn::cli {
namespace {

struct OpcountOptions {
  std::string model, table, max_memory = "4G";
  int chain = 0;
  std::vector<std::string> algorithms;
  bool json = false, generated = false;
};

Model load(const OpcountOptions& o) {
  if (o.chain > 0) return general_chain(o.chain);
  if (is_builtin(o.model)) return builtin_model(o.model).model;
  return load_any_model(o.model);
}

// One algorithm's counts: of the generic template on the counting scalar, or of the generated code.
OpTally tally(const OpcountOptions& o, const Model& model, const std::string& name) {
  return o.generated ? opcount::count_generated(model, name) : opcount::count(model, name);
}

// The memory one count of `name` takes: the workspace of the template on the counting scalar (as
// eval's, methods.hpp), or the recorded graph of --generated.
double count_bytes(const OpcountOptions& o, const std::string& name, int n, double operations) {
  if (o.generated) return recorded_bytes(operations);
  const double nd = n;
  for (const std::string& p : opcount::production_algorithms())
    if (p == name) return 2048.0 * nd + 3.0 * 8.0 * nd * nd;
  return static_cast<double>(tau_method_bytes(name, n)) + 2048.0 * nd;
}

// The requested algorithms, or every one the model allows (chains-only formulations skip trees;
// --generated: the four the code generator writes). Each is estimated first (cost_estimate.hpp):
// requested ones over the limits are refused, the default ones over them skipped and named in
// `too_costly`.
std::vector<std::string> selected(const OpcountOptions& o, const Model& model, std::vector<std::string>& skipped,
                                  std::vector<std::string>& too_costly) {
  const std::size_t memory = parse_bytes(o.max_memory, "--max-memory");
  const std::string on = "on '" + model.name + "' (" + std::to_string(model.dof) + " joints)";
  const double limit = o.generated ? kMaxRecordedOperations : kMaxCountedOperations;
  double operations = 0;
  if (!o.algorithms.empty()) {
    double bytes = 0;
    for (const std::string& name : o.algorithms) {
      if (!opcount::handles(name, model)) continue;  // opcount::count names the reason
      const double ops = estimated_operations(name, model.dof);
      operations += ops;
      bytes = std::max(bytes, count_bytes(o, name, model.dof, ops));
    }
    check_cost("counting " + join(o.algorithms) + " " + on, operations, limit, bytes, memory,
               "count fewer or cheaper algorithms (--algorithm), or a smaller model");
    return o.algorithms;
  }
  std::vector<std::string> out;
  for (const std::string& name : o.generated ? opcount::production_algorithms() : opcount::algorithm_names()) {
    if (!opcount::handles(name, model)) {
      skipped.push_back(name);
      continue;
    }
    const double ops = estimated_operations(name, model.dof);
    if (operations + ops > limit || count_bytes(o, name, model.dof, ops) > static_cast<double>(memory)) {
      too_costly.push_back(name);
      continue;
    }
    operations += ops;
    out.push_back(name);
  }
  return out;
}

std::string counts_json(const OpcountOptions& o, const Model& model, const std::vector<std::string>& names) {
  JsonWriter w;
  w.begin_object(true).key("model").value(model.name).key("dof").value(model.dof);
  if (o.generated) w.key("generated").value(true);
  w.key("counts").begin_object(true);
  for (const std::string& name : names) {
    const OpTally t = tally(o, model, name);
    w.key(name).begin_object();
    w.key("mul").value(static_cast<int>(t.mul)).key("add").value(static_cast<int>(t.add));
    w.key("div").value(static_cast<int>(t.div)).key("sqrt").value(static_cast<int>(t.sqrt));
    w.key("trig").value(static_cast<int>(t.trig));
    w.end_object();
  }
  w.end_object().end_object();
  return w.str();
}

std::string counts_text(const OpcountOptions& o, const Model& model, const std::vector<std::string>& names,
                        const std::vector<std::string>& skipped, const std::vector<std::string>& too_costly) {
  std::string out = std::string(o.generated ? "operations of the code 'armdyn codegen' writes" : "operations of one evaluation") +
                    " on '" + model.name + "' (" + std::to_string(model.dof) +
                    " dof); trig = sine and cosine calls, sign changes free\n";
  std::vector<std::vector<std::string>> rows = {{"algorithm", "mul", "add", "div", "sqrt", "trig"}};
  for (const std::string& name : names) {
    const OpTally t = tally(o, model, name);
    rows.push_back({name, std::to_string(t.mul), std::to_string(t.add), std::to_string(t.div), std::to_string(t.sqrt),
                    std::to_string(t.trig)});
  }
  out += format_table(rows, {false, true, true, true, true, true});
  if (!skipped.empty()) out += "not counted (serial chains only): " + join(skipped) + "\n";
  if (!too_costly.empty())
    out += "not counted (estimated over the operations of one run or --max-memory; --algorithm NAME gives the "
           "estimate): " + join(too_costly) + "\n";
  return out;
}

// "N1..N2"
std::pair<int, int> parse_range(const std::string& text) {
  const std::size_t dots = text.find("..");
  int first = 0, last = 0;
  try {
    if (dots == std::string::npos) throw std::invalid_argument(text);
    std::size_t used = 0;
    first = std::stoi(text.substr(0, dots), &used);
    if (used != dots) throw std::invalid_argument(text);
    last = std::stoi(text.substr(dots + 2), &used);
    if (used != text.size() - dots - 2) throw std::invalid_argument(text);
  } catch (const std::logic_error&) {
    throw InputError("--table: expected a range N1..N2 such as 2..12, got '" + text + "'");
  }
  if (first < 1 || last < first || last > 64)
    throw InputError("--table: need 1 <= N1 <= N2 <= 64, got '" + text + "'");
  return {first, last};
}

// Words of `text` in lines of at most `width` characters, each indented by `indent` spaces.
std::string wrap(const std::string& text, std::size_t width, std::size_t indent) {
  std::istringstream in(text);
  std::string word, line, out;
  while (in >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += std::string(indent, ' ') + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += std::string(indent, ' ') + line + "\n";
  return out;
}

std::string fit_or_note(int first, const std::vector<std::int64_t>& values) {
  try {
    return opcount::fit(first, values).str();
  } catch (const InputError&) {
    return "(too few sizes for an exact fit)";
  }
}

// One algorithm's section of the --table report.
std::string table_section(const std::string& name, int n1, int n2, const std::vector<Model>& chains) {
  std::vector<const opcount::Published*> refs;
  for (const opcount::Published& p : opcount::published())
    if (p.algorithm == name) refs.push_back(&p);
  std::vector<std::vector<std::string>> rows = {{"n", "mul", "add", "trig"}};
  for (const opcount::Published* p : refs) {
    rows[0].push_back(p->source + " mul");
    rows[0].push_back("add");
  }
  std::vector<std::int64_t> mul, add, trig;
  const int fit_from = std::max(n1, 2);  // the published formulas, and armdyn's, hold from n = 2
  for (int n = n1; n <= n2; ++n) {
    const OpTally t = opcount::count(chains[n - n1], name);
    if (n >= fit_from) {
      mul.push_back(t.mul);
      add.push_back(t.add);
      trig.push_back(t.trig);
    }
    std::vector<std::string> row = {std::to_string(n), std::to_string(t.mul), std::to_string(t.add),
                                    std::to_string(t.trig)};
    for (const opcount::Published* p : refs) {
      row.push_back(n >= p->min_n ? human(p->mul(n), 9) : "-");
      row.push_back(n >= p->min_n ? human(p->add(n), 9) : "-");
    }
    rows.push_back(row);
  }
  std::string out = name + "\n" + format_table(rows, std::vector<bool>(rows[0].size(), true));
  out += "  armdyn, n = " + std::to_string(fit_from) + ".." + std::to_string(n2) + ": mul = " +
         fit_or_note(fit_from, mul) + ", add = " + fit_or_note(fit_from, add) + ", trig = " +
         fit_or_note(fit_from, trig) + "\n";
  for (const opcount::Published* p : refs)
    out += "  " + p->source + ": mul = " + p->mul.str() + ", add = " + p->add.str() + " (n >= " +
           std::to_string(p->min_n) + "; " + p->what + ")\n";
  return out + wrap(opcount::explanation(name), 96, 2) + "\n";
}

std::string table_report(const std::string& range) {
  const auto [n1, n2] = parse_range(range);
  std::vector<Model> chains;
  for (int n = n1; n <= n2; ++n) chains.push_back(general_chain(n));
  std::string out =
      "Operation counts of one evaluation on the general chain of n revolute joints (DH rows with no\n"
      "0, 1 or 90-degree parameter, full inertia tensors), measured on the counting scalar; trig =\n"
      "sine and cosine calls, which the published counts leave out. See docs/opcounts.md.\n\n";
  for (const std::string& name : opcount::algorithm_names()) out += table_section(name, n1, n2, chains);
  return out;
}

int run(const OpcountOptions& o) {
  const int sources = (o.model.empty() ? 0 : 1) + (o.chain > 0 ? 1 : 0) + (o.table.empty() ? 0 : 1);
  if (sources != 1) throw InputError("give exactly one of MODEL, --chain N, --table N1..N2");
  if (!o.table.empty()) {
    if (o.json || o.generated || !o.algorithms.empty())
      throw InputError("--table takes neither --json, --generated nor --algorithm");
    write_stdout(table_report(o.table));
    return kExitOk;
  }
  parse_bytes(o.max_memory, "--max-memory");  // a bad value is refused before the model is read
  const Model model = load(o);
  std::vector<std::string> skipped, too_costly;
  const std::vector<std::string> names = selected(o, model, skipped, too_costly);
  write_stdout(o.json ? counts_json(o, model, names) : counts_text(o, model, names, skipped, too_costly));
  return kExitOk;
}

}  // namespace

Command add_opcount_command(CLI::App& app) {
  auto opts = std::make_shared<OpcountOptions>();
  CLI::App* sub = app.add_subcommand(
      "opcount", "Exact operation counts of the algorithms and formulations, and the published ones (--table)");
  sub->add_option("MODEL", opts->model, "built-in model name or a .urdf / MJCF .xml / .json model file");
  sub->add_option("--chain", opts->chain, "the general serial chain of N revolute joints instead of MODEL")
      ->check(CLI::Range(1, 1000));
  sub->add_option("--table", opts->table, "report for the general chains n = N1..N2, e.g. 2..12");
  sub->add_option("--algorithm", opts->algorithms,
                  "count only these: rnea, mass_matrix, gravity, forward_dynamics or a formulation's method name")
      ->expected(1, -1);
  sub->add_option("--max-memory", opts->max_memory,
                  "refuse (exit 2, before counting) an algorithm whose estimated memory exceeds BYTES; suffixes K, M, "
                  "G, T are powers of 1024")
      ->type_name("BYTES")
      ->capture_default_str();
  sub->footer("Each algorithm's operations and memory are estimated first, from the general chain's counts: one over "
              "1e11 operations in all (about a minute) or --max-memory is refused when named with --algorithm, left out "
              "(and named) otherwise; on the general chain everything is counted up to --chain 250 (docs/opcounts.md).");
  sub->add_flag("--json", opts->json, "print a JSON document instead of text");
  sub->add_flag("--generated", opts->generated,
                "count the code 'armdyn codegen' writes for MODEL (rnea, mass_matrix, gravity, forward_dynamics)");
  return Command{sub, [opts] { return run(*opts); }};
}

}  // namespace armdyn::cli
