// The tracer's expression graph on small hand-built expressions: constant folding, the pending
// constant coefficients, common-subexpression elimination by hash-consing, linear cancellation,
// dead-code removal, evaluation; the Trace scalar inside Eigen; the emitter's exact text for a
// hand-built function (a golden string) and its operation-count header. Each expectation is an
// exact node or operation count, computed by hand from the rules in graph.hpp.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "armdyn/codegen/emit_cpp.hpp"
#include "armdyn/codegen/graph.hpp"
#include "armdyn/codegen/trace.hpp"
#include "armdyn/core/types.hpp"

namespace armdyn::codegen {
namespace graph_test {

constexpr double kPi = std::numbers::pi;

struct Fixture : ::testing::Test {
  Graph g;
  Value x = g.input(0, 0), y = g.input(0, 1), z = g.input(1, 0);
  OpCounts counts(const std::vector<Value>& out) {
    std::vector<int> ids;
    for (const Value& v : out) ids.push_back(g.materialize(v));
    return g.count(ids);
  }
};

using GraphTest = Fixture;

TEST_F(GraphTest, ConstantArithmeticFolds) {
  const Value c = g.add(g.mul(Graph::constant(2), Graph::constant(3)), Graph::constant(-1));
  EXPECT_TRUE(c.is_constant());
  EXPECT_EQ(c.c, 5.0);
  EXPECT_EQ(g.div(Graph::constant(1), Graph::constant(4)).c, 0.25);
  EXPECT_EQ(g.sqrt(Graph::constant(9)).c, 3.0);
  EXPECT_EQ(g.size(), 2 + 3);  // 0, 1 and the three inputs: no node for any of it
}

TEST_F(GraphTest, TrigOfConstantAnglesFoldsAndSnaps) {
  EXPECT_EQ(g.cos(Graph::constant(kPi / 2)).c, 0.0);  // 6.1e-17 in double
  EXPECT_EQ(g.sin(Graph::constant(kPi / 2)).c, 1.0);
  EXPECT_EQ(g.sin(Graph::constant(kPi)).c, 0.0);
  EXPECT_EQ(g.cos(Graph::constant(kPi)).c, -1.0);
  EXPECT_EQ(g.sin(Graph::constant(0.5)).c, std::sin(0.5));
  EXPECT_EQ(g.size(), 5);
}

TEST_F(GraphTest, IdentitiesFold) {
  EXPECT_EQ(g.mul(x, Graph::constant(0)), Value{});
  EXPECT_EQ(g.mul(Graph::constant(1), x), x);
  EXPECT_EQ(g.add(x, Graph::constant(0)), x);
  EXPECT_EQ(g.sub(x, x), Value{});
  EXPECT_EQ(g.div(Graph::constant(0), y), Value{});
  EXPECT_EQ(g.div(x, Graph::constant(1)), x);
  const Value minus_x = g.mul(x, Graph::constant(-1));
  EXPECT_EQ(minus_x.id, x.id);  // a sign change is a coefficient, no node
  EXPECT_EQ(minus_x.c, -1.0);
  EXPECT_EQ(g.add(minus_x, x), Value{});
  EXPECT_EQ(g.size(), 5);
  EXPECT_THROW(g.div(x, Graph::constant(0)), std::domain_error);
}

TEST_F(GraphTest, CoefficientsPassThroughProducts) {
  // (2x)(3y) = 6 (x y): one product node; applying 6 costs one multiplication.
  const Value p = g.mul(g.mul(Graph::constant(2), x), g.mul(y, Graph::constant(3)));
  EXPECT_EQ(p.c, 6.0);
  EXPECT_EQ(counts({p}), (OpCounts{.mul = 2}));
  // -(x y) + z: the sign becomes a subtraction, free.
  EXPECT_EQ(counts({g.add(g.neg(g.mul(x, y)), z)}), (OpCounts{.mul = 1, .add = 1}));
  // 2x + 2y = 2 (x + y); 2x + 3y applies both coefficients.
  EXPECT_EQ(counts({g.add(g.mul(Graph::constant(2), x), g.mul(Graph::constant(2), y))}),
            (OpCounts{.mul = 1, .add = 1}));
  EXPECT_EQ(counts({g.add(g.mul(Graph::constant(2), x), g.mul(Graph::constant(3), y))}),
            (OpCounts{.mul = 2, .add = 1}));
  // 2x + 3x = 5x
  const Value five_x = g.add(g.mul(Graph::constant(2), x), g.mul(Graph::constant(3), x));
  EXPECT_EQ(five_x.id, x.id);
  EXPECT_EQ(five_x.c, 5.0);
  // sin(-x) = -sin x, cos(-x) = cos x
  EXPECT_EQ(g.sin(g.neg(x)), g.neg(g.sin(x)));
  EXPECT_EQ(g.cos(g.neg(x)), g.cos(x));
}

TEST_F(GraphTest, HashConsingSharesCommonSubexpressions) {
  const Value a = g.mul(x, y), b = g.mul(y, x);
  EXPECT_EQ(a, b);
  EXPECT_EQ(g.add(x, y), g.add(y, x));
  const Value d = g.sub(x, y), e = g.sub(y, x);
  EXPECT_EQ(d.id, e.id);  // y - x = -(x - y)
  EXPECT_EQ(d.c, -e.c);
  const int before = g.size();
  EXPECT_EQ(g.sin(x), g.sin(x));
  EXPECT_EQ(g.size(), before + 1);
  // (x y + z) sin(x y + z), built twice from scratch: 1 mul, 1 add, 1 sin, 1 mul.
  auto build = [&] {
    const Value s = g.add(g.mul(x, y), z);
    return g.mul(s, g.sin(s));
  };
  EXPECT_EQ(build(), build());
  EXPECT_EQ(counts({build(), build()}), (OpCounts{.mul = 2, .add = 1, .sin = 1}));
}

TEST_F(GraphTest, LinearCancellation) {
  const Value s = g.add(x, y);
  EXPECT_EQ(g.sub(s, y), x);                      // (x + y) - y
  EXPECT_EQ(g.sub(x, g.sub(x, y)), y);            // x - (x - y)
  const Value t = g.add(g.mul(x, z), y);          // x z + y
  EXPECT_EQ(g.sub(g.add(t, x), g.add(x, y)), g.mul(x, z));
  // (x - y) + (y - z) is x - z: the sum a node already computes when it exists.
  const Value xz = g.sub(x, z);
  EXPECT_EQ(g.add(g.sub(x, y), g.sub(y, z)), xz);
  // 2 (x + y) - 2 y = 2 x
  EXPECT_EQ(g.sub(g.mul(Graph::constant(2), s), g.mul(Graph::constant(2), y)), g.mul(Graph::constant(2), x));
}

TEST_F(GraphTest, DeadCodeIsNeitherCountedNorLive) {
  const Value used = g.mul(x, y);
  const Value unused = g.add(g.sin(z), g.mul(z, z));
  (void)unused;
  const int out = g.materialize(used);
  EXPECT_EQ(g.count({out}), (OpCounts{.mul = 1}));
  const std::vector<bool> live = g.live({out});
  EXPECT_TRUE(live[static_cast<std::size_t>(x.id)]);
  EXPECT_FALSE(live[static_cast<std::size_t>(z.id)]);
}

TEST_F(GraphTest, EvaluatesWhatItRecorded) {
  // f = (3 x - y / z) cos(x) + sqrt(x^2 + 1)
  const Value f = g.add(g.mul(g.sub(g.mul(Graph::constant(3), x), g.div(y, z)), g.cos(x)),
                        g.sqrt(g.add(g.mul(x, x), Graph::constant(1))));
  const int out = g.materialize(f);
  const double q[] = {0.7, -1.3}, w[] = {2.5};
  const double expected = (3 * 0.7 + 1.3 / 2.5) * std::cos(0.7) + std::sqrt(0.49 + 1);
  EXPECT_NEAR(g.evaluate({q, w})[static_cast<std::size_t>(out)], expected, 1e-15);
  // sensitivity: another input gives another value
  const double q2[] = {0.7, -1.2};
  EXPECT_GT(std::abs(g.evaluate({q2, w})[static_cast<std::size_t>(out)] - expected), 1e-3);
}

TEST(TraceTest, EigenProductsWithZerosAndOnesFold) {
  Graph g;
  Recording recording(g);
  Mat3<Trace> R;
  R << Trace(0), Trace(-1), Trace(0), Trace(1), Trace(0), Trace(0), Trace(0), Trace(0), Trace(1);  // Rz(90 deg)
  Vec3<Trace> v(Trace(g.input(0, 0)), Trace(g.input(0, 1)), Trace(g.input(0, 2)));
  const Vec3<Trace> Rv = R * v;  // (-v_y, v_x, v_z): no operation at all
  std::vector<int> ids;
  for (int k = 0; k < 3; ++k) ids.push_back(g.materialize(Rv[k].value()));
  EXPECT_EQ(g.count(ids), (OpCounts{.neg = 1}));
  const Trace d = v.dot(v);  // 3 mul, 2 add
  EXPECT_EQ(g.count({g.materialize(d.value())}), (OpCounts{.mul = 3, .add = 2}));
}

TEST(TraceTest, NeedsARecordingOnlyForOperations) {
  const Trace c(2.5);  // a constant needs no graph
  EXPECT_EQ(c.value().c, 2.5);
  EXPECT_THROW(c * c, std::logic_error);
  Graph outer, inner;
  Recording r1(outer);
  {
    Recording r2(inner);
    EXPECT_EQ(&Recording::graph(), &inner);
  }
  EXPECT_EQ(&Recording::graph(), &outer);
}

TEST(EmitTest, HandBuiltFunctionGivesExactlyThisText) {
  TracedFunction f;
  f.algorithm = Algorithm::kGravity;
  f.dof = 2;
  f.inputs = {"q"};
  f.output = "g";
  f.rows = 2;
  f.cols = 1;
  Graph& g = f.graph;
  const Value q0 = g.input(0, 0), q1 = g.input(0, 1);
  const Value s = g.sin(q0);
  const Value unused = g.cos(q1);
  (void)unused;
  f.outputs = {g.materialize(g.sub(g.mul(Graph::constant(-2.5), s), Graph::constant(0.125))),
               g.materialize(Graph::constant(-1e-5))};
  EmitOptions o;
  o.prefix = "tiny";
  o.model_name = "tiny";
  o.model_source = "hand-built";
  const GeneratedCode code = emit_cpp({f}, o);
  const std::string body =
      "void tiny_gravity(const double* q, double* g) {\n"
      "  double x0, x1;\n"
      "  armdyn_sin_cos(q[0], x0, x1);\n"
      "  const double x2 = 2.5 * x0;\n"
      "  const double x3 = x2 + 0.125;\n"
      "  const double x4 = -x3;\n"
      "  g[0] = x4;\n"
      "  g[1] = (-1e-05);\n"
      "}\n";
  EXPECT_NE(code.source.find(body), std::string::npos) << code.source;
  EXPECT_NE(code.source.find("int tiny_dof(void) { return 2; }"), std::string::npos);
  EXPECT_NE(code.header.find("void tiny_gravity(const double* q, double* g);"), std::string::npos);
  // the counts line: 1 mul, 1 add, 0 div, 0 sqrt, 1 sin, 0 cos (the unused cosine is not there)
  const std::string counts = "      1      1      0      0      1      0\n";
  EXPECT_NE(code.source.find("//   tiny_gravity" + std::string(20, ' ') + counts),
            std::string::npos)
      << code.source;
  EXPECT_EQ(code.source.find("armdyn_sin_cos(q[1]"), std::string::npos);
  EXPECT_NE(code.source.find("static inline void armdyn_sin_cos(double x, double& s, double& c)"), std::string::npos);
  EXPECT_EQ(code.source.find("#include <armdyn"), std::string::npos);
}

TEST(EmitTest, IdentifiersAndLiterals) {
  EXPECT_EQ(sanitize_identifier("ur5"), "ur5");
  EXPECT_EQ(sanitize_identifier("my-robot.v2"), "my_robot_v2");
  EXPECT_EQ(sanitize_identifier("560puma"), "m_560puma");
  EXPECT_EQ(double_literal(2.0), "2.0");
  EXPECT_EQ(double_literal(0.1), "0.1");
  EXPECT_EQ(double_literal(-9.81), "-9.81");
  EXPECT_EQ(std::stod(double_literal(1.0 / 3.0)), 1.0 / 3.0);
}

}  // namespace graph_test
}  // namespace armdyn::codegen
