// libFuzzer target: a constraint document (io/constraint_json.hpp) for the built-in PUMA 560 ->
// parse_constraint -> at the fixed moderate state of evaluate_once: the constraint's kinematics,
// and when check_constraint finds the constraint can act there (any distance from the surface
// allowed), the constrained forward dynamics and the inverse dynamics with its contact force; a
// loop is also projected onto its closure.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>

#include "armdyn/dynamics/constrained.hpp"
#include "armdyn/io/constraint_json.hpp"
#include "evaluate_once.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const armdyn::Model puma = armdyn::load_model("puma560");
  std::optional<armdyn::PointConstraint<double>> read =
      armdyn::fuzz::parsed(data, size, [&](const std::string& text) { return armdyn::parse_constraint(text, "fuzz-constraint.json", puma); });
  if (!read) return 0;  // refused, as documented
  armdyn::PointConstraint<double>& c = *read;
  if (c.is_loop() ? c.count != 3 && c.count != 6 : c.count != 1 && c.count != 2) {
    std::fprintf(stderr, "FINDING: parse_constraint accepted %d rows\n", c.count);
    std::abort();
  }
  const int n = puma.dof;
  armdyn::VecX<double> q(n), v = armdyn::VecX<double>::Constant(n, 0.5), tau = armdyn::VecX<double>::Ones(n);
  for (int i = 0; i < n; ++i) q[i] = 0.3 + 0.1 * i;
  armdyn::Data work(puma);
  armdyn::ConstraintWorkspace<double> ws(puma);
  // Finite inputs this large may overflow in a product: below it, a non-finite result is a finding.
  bool moderate = c.offset.cwiseAbs().maxCoeff() <= 1e6 && c.other_offset.cwiseAbs().maxCoeff() <= 1e6 &&
                  c.baumgarte_rate <= 1e6;
  for (int k = 0; k < c.count && k < 2; ++k)
    moderate = moderate && c.surfaces[k].point.cwiseAbs().maxCoeff() <= 1e6 && c.surfaces[k].radius <= 1e6;
  const double any = std::numeric_limits<double>::infinity();
  try {
    armdyn::check_constraint(puma, work, ws, c, q, v, any, any, "at the fuzz state");
  } catch (const armdyn::InputError&) {  // the point at a sphere's centre, or a normal the arm cannot push
    return 0;
  }
  if (!moderate) return 0;
  if (c.is_loop()) {  // the projection closes the (open) loop, or stops without progress: finite either way
    armdyn::VecX<double> qp = q, vp = v;
    armdyn::project_on_constraint(puma, work, ws, c, qp, vp, 1e-14);
    armdyn::fuzz::require_finite(qp, "project_on_constraint (q)", puma);
    armdyn::fuzz::require_finite(vp, "project_on_constraint (v)", puma);
  }
  const armdyn::VecX<double> a = armdyn::constrained_forward_dynamics(puma, work, ws, c, q, v, tau);
  armdyn::fuzz::require_finite(a, "constrained_forward_dynamics", puma);
  armdyn::fuzz::require_finite(ws.force, "the contact force", puma);
  const armdyn::VecX<double> N = ws.force.head(c.count);
  armdyn::fuzz::require_finite(armdyn::constrained_inverse_dynamics(puma, work, ws, c, q, v, a, N),
                               "constrained_inverse_dynamics", puma);
  return 0;
}
