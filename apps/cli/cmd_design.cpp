// `armdyn design STUDY.json --out DIR [--plot] [--workers N] [--scheduler ADDRESS]`: a design study of [VP] §5.4 (the
// document: io/study_json.hpp): every candidate of the parameter grid run on the test task and
// checked against the limits (design/study.hpp), T_min per grid point, or a search over the
// parameters (design/study_search.hpp); the results as DIR/results.csv and
// DIR/results.json (written together through OutputFile: never half written, nothing at all on
// an error), optionally DIR/design.png; while a sweep or tmin study runs, its rows go to
// DIR/results.partial.csv as they finish. With --scheduler a sweep's candidates are tasks of a
// Dask cluster (dask_sweep.hpp).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "armdyn/core/batch.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/design/study.hpp"
#include "armdyn/design/study_search.hpp"
#include "armdyn/io/study_json.hpp"
#include "cli.hpp"
#include "dask_sweep.hpp"
#include "design_output.hpp"
#include "output_file.hpp"
#include "plot.hpp"

namespace armdyn::cli {
namespace {

namespace fs = std::filesystem;

struct DesignOptions {
  std::string study, out;
  bool plot = false;
  std::string workers = "0";  // as given: parsed by workers_option
  std::string scheduler;
};

// --workers: an integer under the one rule of every thread count (core/batch.hpp), named with the
// text given when it is beyond even a long long.
int workers_option(const std::string& text) {
  long long n = 0;
  const char* const end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, n);
  if (error == std::errc::result_out_of_range) throw InputError("--workers must be " + thread_count_rule() + ", got " + text);
  if (error != std::errc() || stop != end) throw InputError("--workers: '" + text + "' is not an integer");
  return checked_thread_count(n, "--workers");
}

// "armdyn design: 3 of 9 candidates" on stderr, overwriting itself, only on a terminal.
class CandidateProgress {
 public:
  explicit CandidateProgress(int total) : total_(total), enabled_(isatty(STDERR_FILENO) == 1) {}
  void update(int done) {
    if (!enabled_) return;
    std::fprintf(stderr, "\rarmdyn design: %d of %d candidates   ", done, total_);
    std::fflush(stderr);
    shown_ = true;
  }
  void finish() {
    if (shown_) std::fprintf(stderr, "\n");
  }

 private:
  int total_;
  bool enabled_, shown_ = false;
};

// DIR/results.partial.csv: results.csv's header and rows in the order the candidates finish,
// each written out as it arrives, so that a long run shows what is done and a failed or killed
// one keeps it; removed once results.csv is in place. Made at the first row (a run that fails
// before any, such as an unreachable scheduler, writes nothing), as a new file replacing
// whatever is at the name: a symbolic link there is never followed, a FIFO never waited on.
class PartialRows {
 public:
  /// `make_folder` runs before the file is made.
  PartialRows(const fs::path& path, std::string header, std::function<void()> make_folder)
      : path_(path.string()), header_(std::move(header)), make_folder_(std::move(make_folder)) {}
  ~PartialRows() {
    if (fd_ >= 0) ::close(fd_);
  }
  PartialRows(const PartialRows&) = delete;
  PartialRows& operator=(const PartialRows&) = delete;
  void add(const std::string& row) {
    if (fd_ < 0) {
      make_folder_();
      fd_ = create_replacing(path_, "--out");
      write(header_);
    }
    write(row);
  }
  /// Makes the file's header known when the run starts (the study's kind decides it).
  using Maker = std::function<PartialRows&(const std::string& header)>;

  /// Removes the file (the results are in place): this run's, or one an earlier run left.
  void remove() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    ::unlink(path_.c_str());
  }

 private:
  void write(const std::string& text) {
    for (std::size_t at = 0; at < text.size();) {
      const ssize_t n = ::write(fd_, text.data() + at, text.size() - at);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw OutputError("--out: cannot write '" + path_ + "' (" + std::strerror(errno) + ")");
      at += static_cast<std::size_t>(n);
    }
  }
  std::string path_, header_;
  std::function<void()> make_folder_;
  int fd_ = -1;
};

// The candidates of the P–n diagrams ([VP] Fig. 5.18, "for several T"). A sweep: the candidate
// whose motors come nearest their envelopes (or furthest beyond: the largest drive margin) and
// those differing from it in the last parameter alone (usually the duration). tmin: every grid
// point at its T_min. None without DC motors.
std::vector<TracedCandidate> traced_sweep(const design::Study& study, const std::vector<design::CandidateResult>& results) {
  std::vector<TracedCandidate> out;
  const design::CandidateResult* worst = nullptr;
  for (const design::CandidateResult& r : results)
    if (std::isfinite(r.drive_margin) && r.drive_margin > 0 && (!worst || r.drive_margin > worst->drive_margin)) worst = &r;
  if (!worst) return out;
  const std::string last = study.parameters.empty() ? "" : study.parameters.back().name;
  for (const design::CandidateResult& r : results) {
    bool same = true;
    for (const auto& [name, value] : r.values) same = same && (name == last || value == worst->values.at(name));
    if (same) out.push_back({design::describe_values(study, r.values), design::motor_traces(study, r.values)});
  }
  return out;
}

std::vector<TracedCandidate> traced_tmin(const design::Study& study, const std::vector<design::TminPoint>& points) {
  std::vector<TracedCandidate> out;
  for (const design::TminPoint& p : points) {
    if (!p.search.found || !(p.at_tmin.drive_margin > 0)) continue;
    char T[32];
    std::snprintf(T, sizeof T, "%.3f", p.at_tmin.T);
    out.push_back({design::describe_values(study, p.values) + ", T_min = " + T + " s",
                   design::motor_traces(study, p.values, p.at_tmin.time_scale)});
  }
  return out;
}

const char* kind_name(design::StudyKind kind) {
  return kind == design::StudyKind::kSweep ? "sweep" : kind == design::StudyKind::kTmin ? "tmin" : "optimize";
}

// What a study's run gave, as the text of its files: results.csv, results.json, and the tables
// of criterion.png (G against c) and motors.png (P–n) when plotting ("" when none).
struct StudyTexts {
  std::string csv, json, curves, motors;
};

// Runs the study (its rows streamed to `partial` as they finish, for sweep and tmin).
StudyTexts run_study(const DesignOptions& o, const design::Study& study, PartialRows::Maker partial) {
  StudyTexts t;
  if (study.kind == design::StudyKind::kOptimize) {
    const std::vector<design::StudyOptimum> runs =
        o.scheduler.empty() ? design::optimize_study(study) : dask_optimize(study, o.study, o.scheduler);
    t.csv = optimize_csv(study, runs);
    t.json = optimize_json(study, runs);
    return t;
  }
  CandidateProgress progress(static_cast<int>(design::parameter_grid(study).size()));
  if (study.kind == design::StudyKind::kTmin) {
    PartialRows& rows = partial(tmin_header(study));
    const auto finished = [&](int done, std::size_t, const design::TminPoint& point) {
      rows.add(tmin_row(study, point));
      progress.update(done);
    };
    const std::vector<design::TminPoint> points = o.scheduler.empty()
                                                      ? design::tmin_study(study, workers_option(o.workers), finished)
                                                      : dask_tmin(study, o.study, o.scheduler, finished);
    t.csv = tmin_csv(study, points);
    t.json = tmin_json(study, points);
    if (o.plot) t.motors = motor_traces_csv(traced_tmin(study, points));
  } else {
    PartialRows& rows = partial(results_header(study));
    const auto finished = [&](int done, std::size_t, const design::CandidateResult& result) {
      rows.add(results_row(study, result));
      progress.update(done);
    };
    const std::vector<design::CandidateResult> results = o.scheduler.empty()
                                                             ? design::sweep(study, workers_option(o.workers), finished)
                                                             : dask_sweep(study, o.study, o.scheduler, finished);
    t.csv = results_csv(study, results);
    t.json = results_json(study, results);
    if (o.plot) {
      t.curves = criterion_curves_csv(study, results);
      t.motors = motor_traces_csv(traced_sweep(study, results));
    }
  }
  progress.finish();
  return t;
}

// The figures of --plot from the written (flushed, uncommitted) results.csv: design.png into
// `png`, then each further figure from its table in a scratch file (never committed: always
// removed): criterion.png and motors.png. Returns the figures made (owned by `keep`).
std::vector<OutputFile*> draw_figures(const DesignOptions& o, const design::Study& study, const fs::path& dir,
                                      const OutputFile& csv, OutputFile& png, const StudyTexts& texts,
                                      std::vector<std::unique_ptr<OutputFile>>& keep) {
  const std::string title = "armdyn design " + fs::path(o.study).filename().string();
  std::vector<std::string> extra = {std::string("--kind=") + kind_name(study.kind)};
  for (const design::Parameter& p : study.parameters) extra.push_back("--parameter=" + p.name);
  for (const std::string& v : study.optimize.variables) extra.push_back("--variable=" + v);
  plot_simulation(csv.temporary_path(), png, title, {}, "plot_design.py", extra);
  std::vector<OutputFile*> out = {&png};
  const auto figure = [&](const std::string& kind, const std::string& table, const std::string& name) {
    if (table.empty() || table.find('\n') == table.size() - 1) return;  // none, or a header alone
    OutputFile* scratch =
        keep.emplace_back(std::make_unique<OutputFile>((dir / (kind + "_table.csv")).string(), "--plot", OutputFile::kInFolder)).get();
    scratch->write(table);
    scratch->flush();
    OutputFile* figure_png =
        keep.emplace_back(std::make_unique<OutputFile>((dir / name).string(), "--plot", OutputFile::kInFolder)).get();
    std::vector<std::string> args = extra;
    args[0] = "--kind=" + kind;
    args.push_back("--table=" + fs::absolute(scratch->temporary_path()).string());
    plot_simulation(csv.temporary_path(), *figure_png, title, {}, "plot_design.py", args);
    out.push_back(figure_png);
  };
  figure("criterion", texts.curves, "criterion.png");
  figure("motors", texts.motors, "motors.png");
  return out;
}

int run_design_command(const DesignOptions& o) {
  workers_option(o.workers);  // checked before any work
  // The destinations, checked before any work; the folder is made when missing.
  const fs::path dir(o.out);
  OutputFile csv((dir / "results.csv").string(), "--out", OutputFile::kInFolder);
  OutputFile json((dir / "results.json").string(), "--out", OutputFile::kInFolder);
  std::unique_ptr<OutputFile> png;
  if (o.plot) {
    png = std::make_unique<OutputFile>((dir / "design.png").string(), "--plot", OutputFile::kInFolder);
    plot_script_path("plot_design.py");
  }
  if (!o.scheduler.empty()) check_dask_options(o.scheduler);
  const design::Study study = read_study(o.study);
  std::unique_ptr<PartialRows> partial;
  const StudyTexts texts = run_study(o, study, [&](const std::string& header) -> PartialRows& {
    partial = std::make_unique<PartialRows>(dir / "results.partial.csv", header, [&] { csv.open(); });  // makes the folder
    return *partial;
  });
  csv.write(texts.csv);
  json.write(texts.json);
  std::vector<OutputFile*> outputs = {&csv, &json};
  std::vector<std::unique_ptr<OutputFile>> figures;
  if (png) {
    csv.flush();
    for (OutputFile* f : draw_figures(o, study, dir, csv, *png, texts, figures)) outputs.push_back(f);
  }
  commit_together(outputs);
  if (partial) partial->remove();
  return kExitOk;
}

}  // namespace

Command add_design_command(CLI::App& app) {
  auto o = std::make_shared<DesignOptions>();
  CLI::App* sub = app.add_subcommand(
      "design", "Run a design study (STUDY.json): candidate arms on a test task, their time, energy, stresses, "
                "deflection, drive margin, limits and criterion as CSV and JSON");
  sub->add_option("STUDY", o->study, "the study file (docs/design.md, \"Design studies\")")->required();
  sub->add_option("--out", o->out, "folder for results.csv and results.json (made when missing; the files are "
                                   "replaced only when the study succeeds; meanwhile results.partial.csv holds the "
                                   "rows finished so far, in the order they finished)")
      ->required();
  sub->add_flag("--plot", o->plot, "also draw design.png: E, sigma_max and the drive margin against the first "
                                   "parameter, one curve per value of the second, infeasible candidates marked "
                                   "(tmin: T_min with each limitation's own boundary; optimize: the search path); "
                                   "for a sweep with a criterion also criterion.png, G against the degree of "
                                   "conjunction c for every candidate");
  sub->add_option("--workers", o->workers, "threads evaluating candidates (0: every core; at most max(256, 4 x the "
                                           "hardware threads); more than the CPUs run on the CPUs)")
      ->type_name("INT")
      ->capture_default_str();
  sub->add_option("--scheduler", o->scheduler,
                  "a Dask scheduler (tcp://host:port): each candidate of a sweep, each grid point of a tmin study or "
                  "each search method of an optimize study is one task on the cluster's workers, which need the "
                  "Python package armdyn; the same results as the local run (docs/design.md)");
  return Command{sub, [o] { return run_design_command(*o); }};
}

}  // namespace armdyn::cli
