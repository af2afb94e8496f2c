// libFuzzer target: a STUDY document (io/study_json.hpp) with its documents inline (no files are
// read) -> parse_study, which builds the first candidate -> the parameter grid and every
// candidate's arm built once (Study::build), the model evaluated once. A study armdyn accepts
// must give a grid with one value per parameter and arms whose dynamics are finite.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "armdyn/io/study_json.hpp"
#include "evaluate_once.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::optional<armdyn::design::Study> read =
      armdyn::fuzz::parsed(data, size, [&](const std::string& text) { return armdyn::parse_study(text, "fuzz-study.json", ""); });
  if (!read) return 0;  // refused, as documented
  armdyn::design::Study& study = *read;
  const std::vector<armdyn::design::ParameterValues> grid = armdyn::design::parameter_grid(study);
  for (std::size_t k = 0; k < grid.size() && k < 8; ++k) {
    if (grid[k].size() != study.parameters.size()) {
      std::fprintf(stderr, "FINDING: a grid point without a value for every parameter\n");
      std::abort();
    }
    try {
      const armdyn::design::CandidateSetup setup = study.build(grid[k]);
      armdyn::fuzz::evaluate_once(setup.model);
    } catch (const armdyn::InputError&) {  // a value the base design cannot take, as documented
    }
  }
  return 0;
}
