// The closed forms, evaluated at random numeric states, equal the double algorithms (rnea, crba,
// gravity_torque) to 1e-12: built-in arms and random DH chains / trees, parameters as numbers
// and as symbols, straight out of the algorithm and after the trigonometric simplification.
// Sensitivity: the closed form of a model does not match a model with one mass 0.1 % off.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/symbolic/closed_form.hpp"
#include "support/random_model.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace symbolic_numeric_test {

using test::State;

/// Joint positions in [-3, 3], velocities and accelerations in [-1, 1].
State random_state(const Model& model, std::mt19937_64& rng) {
  return test::random_state(model, rng, {.q = 3.0, .v = 1.0, .a = 1.0});
}

// The double algorithm's result, row-major like ClosedForm.
MatX<double> numeric_result(const Model& model, SymbolicAlgorithm algorithm, const State& x) {
  Data data(model);
  switch (algorithm) {
    case SymbolicAlgorithm::kRnea: return rnea(model, data, x.q, x.v, x.a);
    case SymbolicAlgorithm::kMassMatrix: return crba(model, data, x.q);
    case SymbolicAlgorithm::kGravity: return gravity_torque(model, data, x.q);
  }
  return {};
}

MatX<double> evaluated(const SymbolicModel& sm, const ClosedForm& form, const std::vector<GiNaC::ex>& entries,
                       const State& x) {
  Evaluator evaluate(sm.values(x.q, x.v, x.a));
  MatX<double> out(form.rows, form.cols);
  for (int r = 0; r < form.rows; ++r)
    for (int c = 0; c < form.cols; ++c) out(r, c) = evaluate(entries[static_cast<std::size_t>(r * form.cols + c)]);
  return out;
}

// Raw and simplified closed forms of every algorithm against the double ones at `states` states.
void expect_matches(const Model& model, bool symbolic_parameters, bool simplify, int states, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const SymbolicModel sm = make_symbolic_model(model, symbolic_parameters);
  for (const SymbolicAlgorithm a :
       {SymbolicAlgorithm::kRnea, SymbolicAlgorithm::kMassMatrix, SymbolicAlgorithm::kGravity}) {
    const ClosedForm form = closed_form(sm, a, simplify);
    for (int k = 0; k < states; ++k) {
      const State x = random_state(model, rng);
      const MatX<double> expected = numeric_result(model, a, x);
      EXPECT_LT(test::rel_diff(evaluated(sm, form, form.raw, x), expected), 1e-12)
          << model.name << " algorithm " << static_cast<int>(a) << " raw";
      if (simplify) {
        EXPECT_LT(test::rel_diff(evaluated(sm, form, form.simplified, x), expected), 1e-12)
            << model.name << " algorithm " << static_cast<int>(a) << " simplified";
      }
    }
  }
}

class BuiltinArm : public ::testing::TestWithParam<std::string> {};

TEST_P(BuiltinArm, NumericParametersMatchDoubleAlgorithms) {
  expect_matches(builtin_model(GetParam()).model, false, true, 5, 11);
}

TEST_P(BuiltinArm, SymbolicParametersMatchDoubleAlgorithms) {
  expect_matches(builtin_model(GetParam()).model, true, true, 5, 12);
}

INSTANTIATE_TEST_SUITE_P(Symbolic, BuiltinArm, ::testing::Values("planar2r", "planar3r", "craig3r", "rp"));

TEST(SymbolicNumeric, SixJointArmsRawClosedFormsMatch) {
  // Unsimplified: the expanded forms of six joints are large; the expression trees are not.
  for (const char* name : {"puma560", "stanford"}) {
    expect_matches(builtin_model(name).model, false, false, 5, 13);
    expect_matches(builtin_model(name).model, true, false, 5, 14);
  }
}

TEST(SymbolicNumeric, RandomDhChainsMatch) {
  std::mt19937_64 rng(21);
  for (const DhConvention c : {DhConvention::kModified, DhConvention::kStandard})
    for (const bool prismatic : {false, true})
      for (const bool symbols : {false, true}) {
        const Model model = test::random_dh_chain(rng, 3, c, prismatic);
        expect_matches(model, symbols, true, 3, rng());
      }
}

TEST(SymbolicNumeric, RandomTreesMatch) {
  // Trees keep their placements as numbers (no DH table); welded links merged by the builder.
  std::mt19937_64 rng(22);
  for (const bool symbols : {false, true}) {
    expect_matches(test::random_tree(rng, 6), symbols, false, 3, rng());
    expect_matches(test::random_tree(rng, 3), symbols, !symbols, 3, rng());
  }
}

TEST(SymbolicNumeric, DhArmsAreRebuiltFromTheirTables) {
  // make_symbolic_model checks that its model reproduces the numbers; for DH arms the placements
  // must come from the table (exact angles, lengths as symbols), not from the fallback.
  for (const std::string& name : builtin_names())
    EXPECT_TRUE(make_symbolic_model(builtin_model(name).model, true).from_dh_table) << name;
  std::mt19937_64 rng(23);
  for (const DhConvention c : {DhConvention::kModified, DhConvention::kStandard})
    EXPECT_TRUE(make_symbolic_model(test::random_dh_chain(rng, 4, c, true), true).from_dh_table);
  EXPECT_FALSE(make_symbolic_model(test::random_tree(rng, 3), true).from_dh_table);
}

TEST(SymbolicNumeric, DetectsAWrongMass) {
  const Model model = builtin_model("planar3r").model;
  const Model wrong = test::perturbed(model, 1, 1.001, Vec3<double>::Zero());
  const SymbolicModel sm = make_symbolic_model(model, true);
  std::mt19937_64 rng(31);
  for (const SymbolicAlgorithm a :
       {SymbolicAlgorithm::kRnea, SymbolicAlgorithm::kMassMatrix, SymbolicAlgorithm::kGravity}) {
    const ClosedForm form = closed_form(sm, a);
    const State x = random_state(model, rng);
    EXPECT_LT(test::rel_diff(evaluated(sm, form, form.simplified, x), numeric_result(model, a, x)), 1e-12);
    EXPECT_GT(test::rel_diff(evaluated(sm, form, form.simplified, x), numeric_result(wrong, a, x)), 1e-5);
  }
}

}  // namespace symbolic_numeric_test
}  // namespace armdyn
