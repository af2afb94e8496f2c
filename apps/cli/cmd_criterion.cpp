// `armdyn criterion --T0 A --T1 B --E0 C --E1 D [--wt W] (--r R | --c C) T E [T E ...] [--json]`:
// the time and energy efficiencies and the combined criterion of [VP] §5.2 for each design's task
// time T and energy E (design/criterion.hpp, docs/design.md); `armdyn criterion --table` prints
// the exponent r against the degrees of conjunction and disjunction (Fig. 5.4), computed.
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/design/criterion.hpp"
#include "cli.hpp"
#include "json_writer.hpp"

namespace armdyn::cli {
namespace {

struct CriterionOptions {
  std::string T0, T1, E0, E1, wt = "0.5", r, c;
  std::vector<std::string> designs;
  bool json = false, table = false;
};

// The number `text` given to `name`; InputError naming it unless the whole text is a number
// (inf, -inf only when `infinite`).
double parse_number(const std::string& text, const std::string& name, bool infinite = false) {
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  const double x = std::strtod(begin, &end);
  const bool whole = !text.empty() && end == begin + text.size();
  if (!whole || std::isnan(x) || (std::isinf(x) && (!infinite || errno == ERANGE)))
    throw InputError(name + ": '" + text + "' is not a " + (infinite ? "number, inf or -inf" : "finite number"));
  return x;
}

std::string fixed4(double x) {
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4f", x);
  return buf;
}

// r as JSON: a number, or the string "inf" / "-inf" (JSON has no infinity).
void json_exponent(JsonWriter& w, double r) {
  if (std::isinf(r)) w.value(r > 0 ? "inf" : "-inf");
  else w.value(r);
}

// Fig. 5.4: c = 1, 15/16, ..., 0 and the computed d and r.
int run_table(const CriterionOptions& opts) {
  if (!opts.designs.empty()) throw InputError("--table: takes no designs (got '" + opts.designs.front() + "')");
  std::vector<std::vector<std::string>> rows = {{"c", "d", "r"}};
  JsonWriter w;
  w.begin_object(true);
  w.key("table").begin_array(true);
  for (int k = 16; k >= 0; --k) {
    const double c = k / 16.0, r = design::exponent_of_conjunction(c), d = design::disjunction_degree(r);
    rows.push_back({fixed4(c), fixed4(d), fixed4(r)});
    w.begin_object();
    w.key("c").value(c);
    w.key("d").value(d);
    w.key("r");
    json_exponent(w, r);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  if (opts.json) {
    write_stdout(w.str());
    return kExitOk;
  }
  write_stdout("The averaging exponent r of the combined criterion against its degree of conjunction c and\n"
               "disjunction d (equal weights; [VP] Fig. 5.4, computed):\n\n" +
               format_table(rows, {true, true, true}));
  return kExitOk;
}

int run_criterion(const CriterionOptions& opts) {
  if (opts.table) return run_table(opts);
  for (const auto& [value, name] : {std::pair{&opts.T0, "--T0"}, {&opts.T1, "--T1"}, {&opts.E0, "--E0"}, {&opts.E1, "--E1"}})
    if (value->empty()) throw InputError(std::string(name) + " is required (or --table)");
  if (opts.r.empty() == opts.c.empty()) throw InputError("give one of --r and --c");
  if (opts.designs.empty()) throw InputError("designs: give at least one pair T E (time s, energy J)");
  if (opts.designs.size() % 2 != 0)
    throw InputError("designs: expected pairs T E, got " + std::to_string(opts.designs.size()) + " numbers");

  const double T0 = parse_number(opts.T0, "--T0"), T1 = parse_number(opts.T1, "--T1");
  const double E0 = parse_number(opts.E0, "--E0"), E1 = parse_number(opts.E1, "--E1");
  design::check_efficiency_range(T0, T1, "--T0", "--T1");
  design::check_efficiency_range(E0, E1, "--E0", "--E1");
  const double wt = parse_number(opts.wt, "--wt");
  design::check_weight(wt, "--wt");
  double r, c;
  if (!opts.r.empty()) {
    r = parse_number(opts.r, "--r", true);
    c = design::conjunction_degree(r);
  } else {
    c = parse_number(opts.c, "--c");
    r = design::exponent_of_conjunction(c, "--c");
  }
  const double d = opts.r.empty() ? 1 - c : design::disjunction_degree(r);

  struct Row {
    double T, E, G_t, G_e, G;
  };
  std::vector<Row> designs;
  for (std::size_t i = 0; i < opts.designs.size(); i += 2) {
    const std::string where = "design " + std::to_string(i / 2 + 1);
    Row row{};
    row.T = parse_number(opts.designs[i], where + ": T");
    row.E = parse_number(opts.designs[i + 1], where + ": E");
    design::check_value(row.T, where + ": T");
    design::check_value(row.E, where + ": E");
    row.G_t = design::time_efficiency(row.T, T0, T1);
    row.G_e = design::energy_efficiency(row.E, E0, E1);
    row.G = design::combined_efficiency(row.G_t, row.G_e, r, wt);
    designs.push_back(row);
  }

  if (opts.json) {
    JsonWriter w;
    w.begin_object(true);
    w.key("designs").begin_array(true);
    for (const Row& row : designs) {
      w.begin_object();
      w.key("T").value(row.T);
      w.key("E").value(row.E);
      w.key("G_t").value(row.G_t);
      w.key("G_e").value(row.G_e);
      w.key("G").value(row.G);
      w.end_object();
    }
    w.end_array();
    w.key("r");
    json_exponent(w, r);
    w.key("c").value(c);
    w.key("d").value(d);
    w.end_object();
    write_stdout(w.str());
    return kExitOk;
  }
  std::ostringstream out;
  out << "time efficiency G_t: 0 at T0 = " << human(T0) << " s, 1 at T1 = " << human(T1) << " s\n"
      << "energy efficiency G_e: 0 at E0 = " << human(E0) << " J, 1 at E1 = " << human(E1) << " J\n"
      << "G = (w_t G_t^r + w_e G_e^r)^(1/r): w_t = " << human(wt) << ", w_e = " << human(1 - wt)
      << ", r = " << (std::isinf(r) ? (r > 0 ? "inf" : "-inf") : human(r)) << " (conjunction c = " << human(c)
      << ", disjunction d = " << human(d) << ")\n\n";
  std::vector<std::vector<std::string>> rows = {{"design", "T", "E", "G_t", "G_e", "G"}};
  for (std::size_t i = 0; i < designs.size(); ++i) {
    const Row& row = designs[i];
    rows.push_back({std::to_string(i + 1), human(row.T), human(row.E), human(row.G_t), human(row.G_e), human(row.G)});
  }
  out << format_table(rows, {true, true, true, true, true, true});
  write_stdout(out.str());
  return kExitOk;
}

}  // namespace

Command add_criterion_command(CLI::App& app) {
  auto opts = std::make_shared<CriterionOptions>();
  CLI::App* sub = app.add_subcommand(
      "criterion", "Time, energy and combined efficiencies of designs from their task time and energy ([VP] §5.2)");
  sub->add_option("--T0", opts->T0, "task time (s) of efficiency 0: the longest acceptable")->type_name("NUMBER");
  sub->add_option("--T1", opts->T1, "task time (s) of efficiency 1: shorter brings nothing (T1 < T0)")->type_name("NUMBER");
  sub->add_option("--E0", opts->E0, "energy (J) of efficiency 0: the most acceptable")->type_name("NUMBER");
  sub->add_option("--E1", opts->E1, "energy (J) of efficiency 1 (E1 < E0)")->type_name("NUMBER");
  sub->add_option("--wt", opts->wt, "weight w_t of the time efficiency, in [0, 1]; w_e = 1 - w_t")->type_name("NUMBER")->capture_default_str();
  CLI::Option* r = sub->add_option("--r", opts->r, "averaging exponent r: a number, inf or -inf")->type_name("NUMBER");
  CLI::Option* c = sub->add_option("--c", opts->c, "degree of conjunction c in [0, 1] instead of r (r = r(c))")->type_name("NUMBER");
  r->excludes(c);
  sub->add_option("designs", opts->designs, "T E [T E ...]: each design's task time (s) and energy (J)")->type_name("T E");
  sub->add_flag("--json", opts->json,
                "print {\"designs\": [{\"T\", \"E\", \"G_t\", \"G_e\", \"G\"}], \"r\", \"c\", \"d\"} (r = \"inf\" or "
                "\"-inf\" as a string)");
  sub->add_flag("--table", opts->table, "print r against c and d for c = 1, 15/16, ..., 0 ([VP] Fig. 5.4)");
  sub->footer("G_t = (T0 - T)/(T0 - T1) and G_e = (E0 - E)/(E0 - E1), clipped to [0, 1]. r = -inf: min (both "
              "must be high); 0: geometric mean; 1: arithmetic mean; inf: max. See docs/design.md.");
  return Command{sub, [opts] { return run_criterion(*opts); }};
}

}  // namespace armdyn::cli
