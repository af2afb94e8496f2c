// `armdyn codegen MODEL --out DIR [--prefix P] [--algorithms LIST] [--counts]`: the model's
// rnea, mass matrix, gravity torques and forward dynamics as standalone C++ (DIR/P.cpp, DIR/P.h;
// see armdyn/codegen/emit_cpp.hpp), recorded from the production algorithms on the tracing
// scalar. --counts prints each function's operation counts (after folding, CSE, dead-code
// removal) on stdout, with or without --out.
#include <limits.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/codegen/emit_cpp.hpp"
#include "armdyn/codegen/record.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/io/mjcf.hpp"
#include "cli.hpp"
#include "cost_estimate.hpp"
#include "methods.hpp"
#include "output_file.hpp"

namespace armdyn::cli {
namespace {

struct CodegenOptions {
  std::string model, out, prefix, algorithms, max_memory = "4G";
  bool counts = false;
};

std::vector<codegen::Algorithm> parse_algorithms(const std::string& list) {
  if (list.empty()) return codegen::all_algorithms();
  std::vector<codegen::Algorithm> out;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(codegen::parse_algorithm(item));
  if (out.empty()) throw InputError("--algorithms: empty list");
  return out;
}

std::string counts_report(const Model& model, const std::vector<codegen::TracedFunction>& functions) {
  std::vector<std::vector<std::string>> rows = {{"function", "mul", "add", "div", "sqrt", "sin", "cos", "total"}};
  for (const codegen::TracedFunction& f : functions) {
    const codegen::OpCounts c = f.counts();
    rows.push_back({codegen::to_string(f.algorithm), std::to_string(c.mul), std::to_string(c.add),
                    std::to_string(c.div), std::to_string(c.sqrt), std::to_string(c.sin), std::to_string(c.cos),
                    std::to_string(c.total())});
  }
  return "generated code for '" + model.name + "' (" + std::to_string(model.dof) +
         " dof): operations after constant folding, CSE and dead-code removal (sign changes free)\n" +
         format_table(rows, {false, true, true, true, true, true, true, true});
}

// --out DIR, checked before any work: a folder, or a missing one whose nearest existing folder
// is writable (the missing folders are made at the end).
void check_out_folder(const std::string& out) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path dir = fs::absolute(out, ec).lexically_normal();
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) throw InputError("--out: '" + out + "' is not a folder");
  while (!fs::exists(dir, ec) && dir.has_parent_path() && dir.parent_path() != dir) dir = dir.parent_path();
  if (!fs::is_directory(dir, ec)) throw InputError("--out: cannot create '" + out + "' ('" + dir.string() + "' is not a folder)");
  if (access(dir.c_str(), W_OK | X_OK) != 0)
    throw InputError("--out: cannot write into '" + out + "' (" + dir.string() + ": " + std::strerror(errno) + ")");
}

// The longest prefix P whose files P.cpp and P.h fit a file name (NAME_MAX bytes, 255 on every
// common file system): a longer --prefix is refused, a longer model name shortened.
constexpr std::size_t kMaxPrefix = NAME_MAX - 4;

int run(const CodegenOptions& o) {
  if (o.out.empty() && !o.counts) throw InputError("codegen: give --out DIR (or --counts)");
  // The prefix names functions and files: a C identifier only (checked before any work).
  if (!o.prefix.empty() && !codegen::is_c_identifier(o.prefix))
    throw InputError("--prefix: '" + printable(o.prefix) + "' is not a C identifier ([A-Za-z_][A-Za-z0-9_]*)");
  if (o.prefix.size() > kMaxPrefix)
    throw InputError("--prefix: " + std::to_string(o.prefix.size()) + " characters; at most " + std::to_string(kMaxPrefix) +
                     ", so that the file names P.cpp and P.h fit");
  if (!o.out.empty()) check_out_folder(o.out);
  const std::size_t memory = parse_bytes(o.max_memory, "--max-memory");
  const std::vector<codegen::Algorithm> algorithms = parse_algorithms(o.algorithms);
  const Model loaded = load_any_model(o.model);
  // Every function's graph is held until the files are written: refused up front when too large.
  double operations = 0;
  std::vector<std::string> names;
  for (codegen::Algorithm a : algorithms) {
    names.push_back(codegen::to_string(a));
    operations += estimated_operations(names.back(), loaded.dof);
  }
  check_cost("recording " + join(names) + " for '" + printable(loaded.name) + "' (" + std::to_string(loaded.dof) +
                 " joints)",
             operations, kMaxRecordedOperations, recorded_bytes(operations), memory, "fewer --algorithms or a smaller model");
  int snapped = 0;
  const Model model = codegen::snap_round_off(loaded, &snapped);
  codegen::EmitOptions e;
  e.prefix = o.prefix.empty() ? codegen::sanitize_identifier(model.name).substr(0, kMaxPrefix) : o.prefix;
  // Both files are checked before the work and before either is written, then renamed in
  // together (or neither).
  std::unique_ptr<OutputFile> header, source;
  if (!o.out.empty()) {
    const std::filesystem::path dir(o.out);
    header = std::make_unique<OutputFile>((dir / (e.prefix + ".h")).string(), "--out", OutputFile::kInFolder);
    source = std::make_unique<OutputFile>((dir / (e.prefix + ".cpp")).string(), "--out", OutputFile::kInFolder);
  }
  std::vector<codegen::TracedFunction> functions;
  for (codegen::Algorithm a : algorithms) functions.push_back(codegen::trace(model, a));
  if (!o.out.empty()) {
    e.model_name = model.name;
    e.model_source = model.source;
    e.gravity = model.gravity;
    e.snapped = snapped;
    const codegen::GeneratedCode code = codegen::emit_cpp(functions, e);
    header->write(code.header);
    source->write(code.source);
    commit_together({header.get(), source.get()});
  }
  if (o.counts) write_stdout(counts_report(model, functions));
  return kExitOk;
}

}  // namespace

Command add_codegen_command(CLI::App& app) {
  auto opts = std::make_shared<CodegenOptions>();
  CLI::App* sub = app.add_subcommand(
      "codegen", "Generate standalone C++ for a model's rnea, mass matrix, gravity and forward dynamics");
  sub->add_option("MODEL", opts->model, "built-in model name or a .urdf / MJCF .xml / .json model file")->required();
  sub->add_option("--out", opts->out, "directory to write P.cpp and P.h into (created if missing)");
  sub->add_option("--prefix", opts->prefix, "function prefix P (default: the model name made an identifier)");
  sub->add_option("--algorithms", opts->algorithms,
                  "comma-separated subset of rnea,mass_matrix,gravity,forward_dynamics (default: all)");
  sub->add_flag("--counts", opts->counts, "print the operation counts of each generated function");
  sub->add_option("--max-memory", opts->max_memory,
                  "refuse (exit 2, before recording) functions whose estimated memory exceeds BYTES; suffixes K, M, G, "
                  "T are powers of 1024")
      ->type_name("BYTES")
      ->capture_default_str();
  sub->footer("The operations are estimated first, from the general chain's counts: more than 2e6 in all (about a "
              "minute; the four functions of a general chain of up to 142 joints) or graphs over --max-memory are "
              "refused (docs/codegen.md).");
  return Command{sub, [opts] { return run(*opts); }};
}

}  // namespace armdyn::cli
