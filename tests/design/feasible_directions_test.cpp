// The feasible-directions search of [VP] §5.4 (design/feasible_directions.hpp) on analytic
// problems whose constrained optimum is known, NLopt's COBYLA agreeing with it, the search path,
// the evaluation budget and bad input.
//
// Tolerance: the search stops when its steps h_i fall below min_step_ratio · step_i, so its last
// probes were h_i < 2 min_step_ratio · step_i from the result; with a smooth objective and the
// interpolation landing on the boundary, the result is within that last step of the optimum in
// every parameter (tolerance kStepTolerance below).
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/design/feasible_directions.hpp"

namespace armdyn::design {
namespace feasible_directions_test {

using Point = std::vector<double>;
using Evaluate = std::function<Trial(const Point&)>;

// The result is within the last probing step, 2 min_step_ratio · step_i, of the optimum.
void expect_near_optimum(const OptimizeResult& r, const Point& optimum, const OptimizeOptions& o) {
  ASSERT_TRUE(r.feasible);
  ASSERT_EQ(r.x.size(), optimum.size());
  for (std::size_t i = 0; i < optimum.size(); ++i)
    EXPECT_NEAR(r.x[i], optimum[i], 2 * o.min_step_ratio * o.step[i]) << "parameter " << i;
}

// (1) minimise (x − 3)² + (y − 2)² subject to x + y <= 4: the projection of (3, 2) on the line,
// (2.5, 1.5), f = 0.5.
Trial line_problem(const Point& x) {
  return {x, std::pow(x[0] - 3, 2) + std::pow(x[1] - 2, 2), x[0] + x[1] - 4};
}
const Point kLineOptimum{2.5, 1.5};

// (2) Rosenbrock's valley inside the unit disc: f = (1 − x)² + 100 (y − x²)², x² + y² <= 1. The
// optimum lies on the circle (the unconstrained one, (1, 1), is outside); its angle minimises
// f(cos θ, sin θ), found below by golden-section search (f along the arc is unimodal on
// [0.5, 0.9]), ≈ (0.78642, 0.61770), f ≈ 0.045675.
Trial disc_rosenbrock(const Point& x) {
  return {x, std::pow(1 - x[0], 2) + 100 * std::pow(x[1] - x[0] * x[0], 2), x[0] * x[0] + x[1] * x[1] - 1};
}
Point disc_optimum() {
  const auto f = [](double t) { return disc_rosenbrock({std::cos(t), std::sin(t)}).objective; };
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = 0.5, b = 0.9;
  while (b - a > 1e-13) {
    const double c = b - g * (b - a), d = a + g * (b - a);
    (f(c) < f(d) ? b : a) = (f(c) < f(d) ? d : c);
  }
  const double t = (a + b) / 2;
  return {std::cos(t), std::sin(t)};
}

// (3) three parameters, optimum on two box bounds and the constraint: minimise
// (x − 2)² + (y − 1)² + (z + 1)² over [0, 1] × [−2, 2] × [0, 3] subject to x + y <= 1.5. KKT at
// (1, 0.5, 0): −∇f = (2, 1, 2) = 1 · (1, 1, 0) (the constraint) + 1 · (1, 0, 0) (x <= 1)
// + 2 · (0, 0, 1) (z >= 0), all multipliers positive; f = 2.25.
Trial box_problem(const Point& x) {
  return {x, std::pow(x[0] - 2, 2) + std::pow(x[1] - 1, 2) + std::pow(x[2] + 1, 2), x[0] + x[1] - 1.5};
}
const Point kBoxOptimum{1, 0.5, 0};

OptimizeOptions line_options() { return {{-5, -5}, {5, 5}, {0.45, 0.3}}; }
OptimizeOptions disc_options() {
  OptimizeOptions o{{-1.5, -1.5}, {1.5, 1.5}, {0.1, 0.1}};
  o.max_evaluations = 3000;  // Rosenbrock's curved valley takes axis probes many rounds (~1600)
  return o;
}
OptimizeOptions box_options() { return {{0, -2, 0}, {1, 2, 3}, {0.25, 0.25, 0.25}}; }

TEST(FeasibleDirections, LinearConstraint) {
  const OptimizeOptions o = line_options();
  const OptimizeResult r = feasible_directions(line_problem, {0.3, -0.7}, o);
  expect_near_optimum(r, kLineOptimum, o);
  EXPECT_NEAR(r.objective, 0.5, 1e-6);
  EXPECT_LE(line_problem(r.x).violation, 0);
  EXPECT_LT(r.evaluations, o.max_evaluations);  // it stopped on the step, not the budget
}

TEST(FeasibleDirections, SlidesAlongABoundaryNoAxisFollows) {
  // From (2, 2), on the line: every axis probe is worse or infeasible, so a search by axis
  // probes and halving alone stops there; interpolating between the best feasible probe and
  // the best infeasible one gives a point on the line, better, and the search slides along it.
  OptimizeOptions o = line_options();
  o.step = {0.5, 0.5};
  const OptimizeResult r = feasible_directions(line_problem, {2, 2}, o);
  expect_near_optimum(r, kLineOptimum, o);
  EXPECT_LT(r.objective, 0.5 + 1e-6);
}

TEST(FeasibleDirections, RosenbrockInADisc) {
  const OptimizeOptions o = disc_options();
  const Point optimum = disc_optimum();
  EXPECT_NEAR(optimum[0], 0.78642, 1e-5);  // the published value, to its digits
  EXPECT_NEAR(optimum[1], 0.61770, 1e-5);
  const OptimizeResult r = feasible_directions(disc_rosenbrock, {0, 0}, o);
  expect_near_optimum(r, optimum, o);
  EXPECT_NEAR(r.objective, disc_rosenbrock(optimum).objective, 1e-6);
  EXPECT_LT(r.evaluations, o.max_evaluations);
}

TEST(FeasibleDirections, OptimumOnBoxBounds) {
  const OptimizeOptions o = box_options();
  const OptimizeResult r = feasible_directions(box_problem, {0.5, 0, 2}, o);
  expect_near_optimum(r, kBoxOptimum, o);
  EXPECT_NEAR(r.objective, 2.25, 1e-6);
  for (const Trial& t : r.path) {  // no probe left the box
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_GE(t.x[i], o.lower[i]);
      EXPECT_LE(t.x[i], o.upper[i]);
    }
  }
}

// COBYLA, run to a tighter tolerance, lands on the same optima (within the feasible-directions
// result's own tolerance).
TEST(FeasibleDirections, NloptCobylaAgrees) {
  struct Case {
    const char* name;
    Evaluate evaluate;
    Point x0;
    OptimizeOptions options;
  };
  for (const Case& c : {Case{"line", line_problem, {0.3, -0.7}, line_options()},
                        Case{"disc", disc_rosenbrock, {0, 0}, disc_options()},
                        Case{"box", box_problem, {0.5, 0, 2}, box_options()}}) {
    SCOPED_TRACE(c.name);
    const OptimizeResult ours = feasible_directions(c.evaluate, c.x0, c.options);
    OptimizeOptions tight = c.options;
    tight.min_step_ratio = 1e-7;
    const OptimizeResult theirs = nlopt_cobyla(c.evaluate, c.x0, tight);
    ASSERT_TRUE(theirs.feasible);
    EXPECT_LE(c.evaluate(theirs.x).violation, 0);
    expect_near_optimum(ours, theirs.x, c.options);
    EXPECT_NEAR(ours.objective, theirs.objective, 1e-6);
  }
}

// The path holds every evaluation, in the order made, with the point asked for; the result is
// the best feasible trial of it.
TEST(FeasibleDirections, PathRecordsEveryEvaluation) {
  for (const bool cobyla : {false, true}) {
    SCOPED_TRACE(cobyla ? "nlopt_cobyla" : "feasible_directions");
    std::vector<Point> asked;
    const Evaluate counted = [&](const Point& x) {
      asked.push_back(x);
      return Trial{{}, line_problem(x).objective, line_problem(x).violation};  // x left empty
    };
    const OptimizeResult r = (cobyla ? nlopt_cobyla : feasible_directions)(counted, {0.3, -0.7}, line_options());
    ASSERT_EQ(r.path.size(), asked.size());
    EXPECT_EQ(r.evaluations, static_cast<int>(asked.size()));
    double best = INFINITY;
    for (std::size_t k = 0; k < asked.size(); ++k) {
      EXPECT_EQ(r.path[k].x, asked[k]) << k;
      EXPECT_EQ(r.path[k].objective, line_problem(asked[k]).objective) << k;
      if (r.path[k].violation <= 0) best = std::min(best, r.path[k].objective);
    }
    EXPECT_EQ(r.path.front().x, (Point{0.3, -0.7}));
    EXPECT_EQ(r.objective, best);
  }
}

TEST(FeasibleDirections, HonoursMaxEvaluations) {
  for (const int budget : {1, 2, 7, 40}) {
    for (const bool cobyla : {false, true}) {
      int calls = 0;
      const Evaluate counted = [&](const Point& x) {
        ++calls;
        return disc_rosenbrock(x);
      };
      OptimizeOptions o = disc_options();
      o.max_evaluations = budget;
      const OptimizeResult r = (cobyla ? nlopt_cobyla : feasible_directions)(counted, {0, 0}, o);
      EXPECT_LE(calls, budget) << budget << (cobyla ? " cobyla" : "");
      EXPECT_EQ(r.evaluations, calls);
      if (!cobyla) {
        EXPECT_EQ(calls, budget);  // far from converged: the budget is what stopped it
      }
      EXPECT_TRUE(r.feasible);
      EXPECT_LE(r.objective, disc_rosenbrock({0, 0}).objective);
    }
  }
}

TEST(FeasibleDirections, InfeasibleStartIsReported) {
  const OptimizeResult r = feasible_directions(line_problem, {4, 4}, line_options());
  EXPECT_FALSE(r.feasible);
  EXPECT_EQ(r.evaluations, 1);
  EXPECT_EQ(r.x, (Point{4, 4}));
}

TEST(FeasibleDirections, BadInputIsAnInputError) {
  const auto expect_error = [](const Point& x0, const OptimizeOptions& o, const std::string& words) {
    for (const bool cobyla : {false, true}) {
      try {
        (cobyla ? nlopt_cobyla : feasible_directions)(line_problem, x0, o);
        ADD_FAILURE() << "no error for: " << words;
      } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
      }
    }
  };
  const OptimizeOptions o = line_options();
  expect_error({}, {}, "x0 is empty");
  expect_error({0, 0}, {{}, {}, {}}, "one entry per parameter");
  expect_error({0, 0}, {{-1, 2}, {1, 1}, {0.1, 0.1}}, "parameter 1: lower (2) > upper (1)");
  expect_error({0, 6}, o, "parameter 1: x0 (6) is outside [-5, 5]");
  expect_error({0, 0}, {o.lower, o.upper, {0.1, 0}}, "parameter 1: step must be positive");
  OptimizeOptions ratio = o;
  ratio.min_step_ratio = 0;
  expect_error({0, 0}, ratio, "min_step_ratio");
  OptimizeOptions budget = o;
  budget.max_evaluations = 0;
  expect_error({0, 0}, budget, "max_evaluations");

  // A non-finite objective or violation, at the first evaluation or later.
  for (const bool cobyla : {false, true}) {
    const auto run = cobyla ? nlopt_cobyla : feasible_directions;
    const Evaluate nan_objective = [](const Point& x) { return Trial{x, NAN, -1}; };
    EXPECT_THROW(run(nan_objective, {0, 0}, o), InputError);
    const Evaluate pole = [](const Point& x) { return Trial{x, 1 / (x[0] - 0.45), x[0] + x[1] - 4}; };
    try {
      run(pole, {0, 0}, o);  // (0.45, 0) is the first probe of both
      ADD_FAILURE() << "no error for an infinite objective";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("objective (inf) is not finite"), std::string::npos) << e.what();
    }
  }
}

TEST(FeasibleDirections, TheEvaluationsExceptionReachesTheCaller) {
  const Evaluate failing = [](const Point& x) -> Trial {
    if (x[0] > 0.2) throw std::runtime_error("simulation diverged");
    return line_problem(x);
  };
  for (const bool cobyla : {false, true}) {
    try {
      (cobyla ? nlopt_cobyla : feasible_directions)(failing, {0, 0}, line_options());
      ADD_FAILURE() << "no exception";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "simulation diverged");
    }
  }
}

}  // namespace feasible_directions_test
}  // namespace armdyn::design
