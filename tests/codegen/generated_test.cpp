// The C++ that `armdyn codegen` writes, generated at build time for puma560, ur5, panda,
// planar2r and stanford (tests/codegen/CMakeLists.txt) and compiled into this test:
//   (a) each function agrees with the generic double algorithm on the model as loaded (not
//       snapped) on random states to 1e-12 relative: rnea, mass_matrix (row-major, symmetric),
//       gravity, forward_dynamics; P_dof() is the model's dof;
//   (b) sensitivity: against a model with a wrong middle link (mass x 1.001, centre of mass
//       moved 1 mm) every function disagrees by more than 1e-6;
//   (c) the operation counts in the file's header comment equal a recount of the emitted
//       statements (each `const double xK = ...;` parsed for its operator), and (to an operation
//       or two, see below) the counts of the same algorithm recorded again in this process.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>
#include <string>

#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/codegen/record.hpp"
#include "armdyn/io/load.hpp"
#include "gen_panda.h"
#include "gen_planar2r.h"
#include "gen_puma560.h"
#include "gen_stanford.h"
#include "gen_ur5.h"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace {

struct Generated {
  std::string prefix, spec;
  int (*dof)();
  void (*rnea)(const double*, const double*, const double*, double*);
  void (*mass_matrix)(const double*, double*);
  void (*gravity)(const double*, double*);
  void (*forward_dynamics)(const double*, const double*, const double*, double*);
};

#define ARMDYN_GENERATED(P, SPEC) \
  Generated { #P, SPEC, P##_dof, P##_rnea, P##_mass_matrix, P##_gravity, P##_forward_dynamics }

std::vector<Generated> all_generated() {
  return {ARMDYN_GENERATED(gen_puma560, "puma560"), ARMDYN_GENERATED(gen_ur5, test::data_path("models/ur5.urdf")),
          ARMDYN_GENERATED(gen_panda, test::data_path("models/panda.urdf")),
          ARMDYN_GENERATED(gen_planar2r, "planar2r"), ARMDYN_GENERATED(gen_stanford, "stanford")};
}
#undef ARMDYN_GENERATED

/// Worst relative disagreement of the generated functions with the double algorithms on `ref`.
struct Disagreement {
  double tau = 0, M = 0, g = 0, qdd = 0;
};

Disagreement compare(const Generated& gen, const Model& ref) {
  const int n = ref.dof;
  Data d(ref);
  std::mt19937_64 rng(20250101);
  Disagreement w;
  for (int k = 0; k < 8; ++k) {
    const VecX<double> q = test::random_vector(rng, n, -2, 2), v = test::random_vector(rng, n, -2, 2),
                       a = test::random_vector(rng, n, -5, 5), tau = test::random_vector(rng, n, -20, 20);
    VecX<double> out(n);
    gen.rnea(q.data(), v.data(), a.data(), out.data());
    w.tau = std::max(w.tau, test::rel_diff(out, rnea(ref, d, q, v, a)));
    gen.gravity(q.data(), out.data());
    w.g = std::max(w.g, test::rel_diff(out, gravity_torque(ref, d, q)));
    gen.forward_dynamics(q.data(), v.data(), tau.data(), out.data());
    w.qdd = std::max(w.qdd, test::rel_diff(out, forward_dynamics(ref, d, q, v, tau)));
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> M(n, n);
    gen.mass_matrix(q.data(), M.data());
    w.M = std::max(w.M, test::rel_diff(M, crba(ref, d, q)));
    EXPECT_EQ(M, M.transpose());
  }
  return w;
}

class GeneratedTest : public ::testing::TestWithParam<Generated> {};

TEST_P(GeneratedTest, AgreesWithTheGenericAlgorithms) {
  const Generated& gen = GetParam();
  const Model model = load_model(gen.spec);
  ASSERT_EQ(gen.dof(), model.dof);
  const Disagreement w = compare(gen, model);
  EXPECT_LT(w.tau, 1e-12);
  EXPECT_LT(w.M, 1e-12);
  EXPECT_LT(w.g, 1e-12);
  EXPECT_LT(w.qdd, 1e-12);
}

TEST_P(GeneratedTest, NoticesAWrongLink) {
  const Generated& gen = GetParam();
  const Model model = load_model(gen.spec);
  const int body = model.dof / 2;
  const Disagreement w = compare(gen, test::perturbed(model, body, 1.001, Vec3<double>(1e-3, -1e-3, 1e-3)));
  EXPECT_GT(w.tau, 1e-6);
  EXPECT_GT(w.M, 1e-6);
  EXPECT_GT(w.g, 1e-6);
  EXPECT_GT(w.qdd, 1e-6);
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The counts of each function stated in the header comment: "//   P_name  mul add div sqrt sin cos".
std::map<std::string, codegen::OpCounts> header_counts(const std::string& source, const std::string& prefix) {
  std::map<std::string, codegen::OpCounts> out;
  const std::regex line("^//   (" + prefix + "_[a-z_]+) +([0-9]+) +([0-9]+) +([0-9]+) +([0-9]+) +([0-9]+) +([0-9]+)$");
  std::istringstream in(source);
  for (std::string s; std::getline(in, s);) {
    std::smatch m;
    if (!std::regex_match(s, m, line)) continue;
    codegen::OpCounts c;
    c.mul = std::stoi(m[2]);
    c.add = std::stoi(m[3]);
    c.div = std::stoi(m[4]);
    c.sqrt = std::stoi(m[5]);
    c.sin = std::stoi(m[6]);
    c.cos = std::stoi(m[7]);
    out[m[1]] = c;
  }
  return out;
}

/// Recounts the emitted statements of each function body: a binary + - * / between two operands
/// (names, array entries, literals in parentheses), a call of std::sqrt, and a sine and cosine
/// pair `armdyn_sin_cos(o, s, c)`, whose s and c count when the function uses them.
std::map<std::string, codegen::OpCounts> recount(const std::string& source, const std::string& prefix) {
  std::map<std::string, codegen::OpCounts> out;
  const std::regex head("^void (" + prefix + "_[a-z_]+)\\(.*\\) \\{$");
  const std::string o = "(?:x[0-9]+|[a-z]+\\[[0-9]+\\]|[0-9][0-9.e+-]*|\\(-[0-9][0-9.e+-]*\\))";
  const std::regex binary("^  const double x[0-9]+ = " + o + " ([-+*/]) " + o + ";$");
  const std::regex call("^  const double x[0-9]+ = std::(sqrt|sin|cos)\\(" + o + "\\);$");
  const std::regex negation("^  const double x[0-9]+ = -" + o + ";$");
  const std::regex sin_cos_names("^  double (x[0-9]+), (x[0-9]+);$");
  const std::regex sin_cos_call("^  armdyn_sin_cos\\(" + o + ", (x[0-9]+), (x[0-9]+)\\);$");
  std::istringstream in(source);
  codegen::OpCounts* current = nullptr;
  std::string body;                          // the current function's statements
  std::vector<std::pair<std::string, int*>> trig;  // its sines and cosines, counted if used
  for (std::string s; std::getline(in, s);) {
    std::smatch m;
    if (std::regex_match(s, m, head)) {
      current = &out[m[1]];
      body.clear();
      trig.clear();
    } else if (current && s == "}") {
      for (const auto& [name, count] : trig)
        if (std::regex_search(body, std::regex("[^0-9x]" + name + "[^0-9]"))) ++*count;
      current = nullptr;
    } else if (current && std::regex_match(s, m, sin_cos_names)) {
      continue;
    } else if (current && std::regex_match(s, m, sin_cos_call)) {
      trig.emplace_back(m[1], &current->sin);
      trig.emplace_back(m[2], &current->cos);
      continue;
    } else if (current && std::regex_match(s, m, binary)) {
      const char op = m[1].str()[0];
      (op == '*' ? current->mul : op == '/' ? current->div : current->add) += 1;
    } else if (current && std::regex_match(s, m, call)) {
      (m[1] == "sqrt" ? current->sqrt : m[1] == "sin" ? current->sin : current->cos) += 1;
    } else if (current && std::regex_match(s, m, negation)) {
      ++current->neg;
    } else if (current && s.rfind("  const double", 0) == 0) {
      ADD_FAILURE() << "unrecognised statement: " << s;
    }
    if (current) body += s + "\n";
  }
  return out;
}

TEST_P(GeneratedTest, HeaderCountsEqualARecount) {
  const Generated& gen = GetParam();
  const std::string source = read(std::string(ARMDYN_CODEGEN_DIR) + "/" + gen.prefix + ".cpp");
  ASSERT_FALSE(source.empty());
  const auto stated = header_counts(source, gen.prefix);
  const auto counted = recount(source, gen.prefix);
  ASSERT_EQ(stated.size(), 4U);
  ASSERT_EQ(counted.size(), 4U);
  const Model model = codegen::snap_round_off(load_model(gen.spec));
  for (codegen::Algorithm a : codegen::all_algorithms()) {
    const std::string name = gen.prefix + "_" + codegen::to_string(a);
    SCOPED_TRACE(name);
    codegen::OpCounts c = counted.at(name);
    EXPECT_GT(c.mul, 0);
    c.neg = 0;
    EXPECT_EQ(stated.at(name), c);
    // Recorded again here, the counts agree to within an operation or two: folding compares
    // constants exactly, and this process may build the model's parameters with other roundings
    // than the tool did (inline Eigen and armdyn code compiled into the test at -O1 and into the
    // library at -O3, and the linker keeps one copy).
    const codegen::OpCounts t = codegen::trace(model, a).counts();
    EXPECT_NEAR(t.mul, c.mul, 2 + c.mul / 100);
    EXPECT_NEAR(t.add, c.add, 2 + c.add / 100);
    EXPECT_EQ(t.div, c.div);
    EXPECT_EQ(t.sqrt, c.sqrt);
    EXPECT_EQ(t.trig(), c.trig());
  }
  // standalone: <cmath> is its only header
  std::istringstream lines(source);
  for (std::string s; std::getline(lines, s);) {
    if (s.rfind("#include", 0) == 0) {
      EXPECT_EQ(s, "#include <cmath>");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Models, GeneratedTest, ::testing::ValuesIn(all_generated()),
                         [](const ::testing::TestParamInfo<Generated>& info) { return info.param.prefix; });

}  // namespace
}  // namespace armdyn
