// Example: generate standalone C++ (no dependency but <cmath>) for a built-in arm through the
// library, as `armdyn codegen` does: puma560_rnea, puma560_mass_matrix, puma560_gravity,
// puma560_forward_dynamics and puma560_dof in DIR/puma560.cpp and DIR/puma560.h.
//   generate_code [DIR]          (default: a folder in the system's temporary directory)
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <armdyn/armdyn.hpp>
#include <armdyn/codegen/emit_cpp.hpp>
#include <armdyn/codegen/record.hpp>

namespace cg = armdyn::codegen;

int main(int argc, char** argv) {
  try {
    const std::filesystem::path dir =
        argc > 1 ? std::filesystem::path(argv[1]) : std::filesystem::temp_directory_path() / "armdyn_example_codegen";
    // Round-off of the model's construction (cos 90 deg = 6e-17) removed, so that right angles fold.
    const armdyn::Model model = cg::snap_round_off(armdyn::load_model("puma560"));

    std::vector<cg::TracedFunction> functions;
    for (cg::Algorithm algorithm : cg::all_algorithms()) functions.push_back(cg::trace(model, algorithm));
    for (const cg::TracedFunction& f : functions) {
      const cg::OpCounts c = f.counts();
      std::printf("%-17s %5d mul %5d add %3d div %3d sqrt\n", cg::to_string(f.algorithm).c_str(), c.mul, c.add,
                  c.div, c.sqrt);
    }

    cg::EmitOptions options;
    options.prefix = cg::sanitize_identifier(model.name);  // "puma560"
    options.model_name = model.name;
    options.model_source = model.source;
    options.gravity = model.gravity;
    const cg::GeneratedCode code = cg::emit_cpp(functions, options);

    std::filesystem::create_directories(dir);
    for (const auto& [name, text] : {std::pair{options.prefix + ".h", &code.header},
                                     std::pair{options.prefix + ".cpp", &code.source}}) {
      std::ofstream out(dir / name, std::ios::binary);
      out << *text;
      if (!out) throw std::runtime_error((dir / name).string() + ": cannot write");
      std::printf("wrote %s (%zu bytes)\n", (dir / name).string().c_str(), text->size());
    }
    if (code.header.find("void puma560_rnea(") == std::string::npos) {
      std::printf("FAIL: puma560_rnea is not declared in the header\n");
      return 1;
    }
    std::printf("code generation OK\n");
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
