// Golden files: `armdyn symbolic planar2r ...` (symbolic_report, what the command prints) compared
// line by line with the committed output in tests/data/golden/planar2r_*.txt, as Sophus checks its
// generated code. After an intended change of the output, regenerate them with
//   ARMDYN_UPDATE_GOLDEN=1 ./symbolic_golden_test
// and review the diff. Sensitivity: the output for a changed model differs from the golden file.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/model/catalogue.hpp"
#include "armdyn/symbolic/closed_form.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace symbolic_golden_test {

struct Golden {
  const char* file;
  SymbolicAlgorithm algorithm;
  Notation notation;
  bool symbolic_parameters;
};

const Golden kGolden[] = {
    {"planar2r_rnea.txt", SymbolicAlgorithm::kRnea, Notation::kText, true},
    {"planar2r_mass_matrix.txt", SymbolicAlgorithm::kMassMatrix, Notation::kText, true},
    {"planar2r_gravity.txt", SymbolicAlgorithm::kGravity, Notation::kText, true},
    {"planar2r_rnea_latex.txt", SymbolicAlgorithm::kRnea, Notation::kLatex, true},
    {"planar2r_rnea_numeric.txt", SymbolicAlgorithm::kRnea, Notation::kText, false},
};

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The lines (1-based) where `actual` and `expected` differ; one past the shorter when they
// differ in length.
std::vector<std::size_t> differing_lines(const std::string& actual, const std::string& expected) {
  const std::vector<std::string> a = lines(actual), e = lines(expected);
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < std::min(a.size(), e.size()); ++k)
    if (a[k] != e[k]) out.push_back(k + 1);
  if (a.size() != e.size()) out.push_back(std::min(a.size(), e.size()) + 1);
  return out;
}

std::string report(const Model& model, const Golden& g) {
  return symbolic_report(model, g.algorithm, g.notation, g.symbolic_parameters);
}

TEST(SymbolicGolden, Planar2rMatchesTheCommittedOutput) {
  const Model model = builtin_model("planar2r").model;
  const bool update = std::getenv("ARMDYN_UPDATE_GOLDEN") != nullptr;
  for (const Golden& g : kGolden) {
    const std::string path = test::data_path(std::string("golden/") + g.file);
    const std::string actual = report(model, g);
    if (update) {
      std::ofstream(path) << actual;
      continue;
    }
    const std::string expected = read(path);
    ASSERT_FALSE(expected.empty()) << path << ": missing (ARMDYN_UPDATE_GOLDEN=1 writes it)";
    const std::vector<std::string> a = lines(actual), e = lines(expected);
    EXPECT_EQ(a.size(), e.size()) << g.file;
    for (std::size_t k = 0; k < std::min(a.size(), e.size()); ++k)
      EXPECT_EQ(a[k], e[k]) << g.file << ":" << k + 1;
  }
  if (update) GTEST_SKIP() << "golden files rewritten";
}

TEST(SymbolicGolden, AChangedModelDiffersFromTheGoldenFiles) {
  const Model model = builtin_model("planar2r").model;
  const Model heavier = test::perturbed(model, 1, 1.1, Vec3<double>::Zero());
  for (const Golden& g : kGolden) {
    const std::string expected = read(test::data_path(std::string("golden/") + g.file));
    EXPECT_TRUE(differing_lines(report(model, g), expected).empty()) << g.file;
    EXPECT_FALSE(differing_lines(report(heavier, g), expected).empty()) << g.file;
  }
}

}  // namespace symbolic_golden_test
}  // namespace armdyn
