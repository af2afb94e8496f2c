// [VP]'s method of feasible directions (§5.4, Example 3, Fig. 5.37;
// include/armdyn/design/feasible_directions.hpp).
#include "armdyn/design/feasible_directions.hpp"

#include <algorithm>

#include "trial_recorder.hpp"

namespace armdyn::design {
namespace {

// The point between a feasible F (v_F <= 0) and an infeasible G (v_G > 0) where the violation,
// interpolated linearly, is zero, x = F + s (G − F) with s = v_F / (v_F − v_G) in [0, 1), and the
// objective interpolated there, f_F + s (f_G − f_F). Inside the box, as F and G are.
struct Interpolated {
  std::vector<double> x;
  double predicted;
};
Interpolated interpolate_to_boundary(const Trial& f, const Trial& g) {
  const double s = f.violation / (f.violation - g.violation);
  Interpolated p{std::vector<double>(f.x.size()), f.objective + s * (g.objective - f.objective)};
  for (std::size_t i = 0; i < p.x.size(); ++i) p.x[i] = f.x[i] + s * (g.x[i] - f.x[i]);
  return p;
}

// Step 2's candidates: every pair of a feasible point F (C or a feasible probe) and an infeasible
// probe G, interpolated to the boundary; those predicted better than C, the best first.
std::vector<Interpolated> boundary_candidates(const Trial& current, const std::vector<Trial>& probes) {
  std::vector<Interpolated> out;
  for (const Trial& g : probes) {
    if (g.violation <= 0) continue;
    const auto add = [&](const Trial& f) {
      Interpolated p = interpolate_to_boundary(f, g);
      if (p.predicted < current.objective) out.push_back(std::move(p));
    };
    add(current);
    for (const Trial& f : probes)
      if (f.violation <= 0) add(f);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Interpolated& a, const Interpolated& b) { return a.predicted < b.predicted; });
  return out;
}

}  // namespace

OptimizeResult feasible_directions(const std::function<Trial(const std::vector<double>&)>& evaluate,
                                   std::vector<double> x0, const OptimizeOptions& options) {
  detail::check_problem("feasible_directions", x0, options);
  detail::TrialRecorder record("feasible_directions", evaluate, options.max_evaluations);
  Trial current = record(x0);
  if (current.violation > 0) return record.finish(-1);  // the method starts from a feasible point

  const std::size_t n = x0.size();
  double scale = 1;  // the steps are scale · options.step
  while (scale >= options.min_step_ratio && !record.exhausted()) {
    // 1. The probes C ± h_i e_i, clamped to the box (a probe the box leaves at C is skipped);
    //    move to the best feasible one if it is better than C.
    std::vector<Trial> probes;
    const Trial* best_probe = nullptr;
    for (std::size_t i = 0; i < n; ++i) {
      for (const double sign : {1.0, -1.0}) {
        std::vector<double> x = current.x;
        x[i] = std::clamp(x[i] + sign * scale * options.step[i], options.lower[i], options.upper[i]);
        if (x[i] == current.x[i] || record.exhausted()) continue;
        probes.push_back(record(x));
      }
    }
    for (const Trial& t : probes)
      if (t.violation <= 0 && t.objective < current.objective && (!best_probe || t.objective < best_probe->objective))
        best_probe = &t;
    if (best_probe) {
      current = *best_probe;
      continue;
    }
    // 2. No feasible probe is better, but an infeasible one may be: the constraint is in the way.
    //    Interpolate to the boundary between feasible and infeasible points; try up to n of these
    //    points, the best predicted first, and move to the first that is feasible and better.
    bool moved = false;
    std::size_t tried = 0;
    for (const Interpolated& p : boundary_candidates(current, probes)) {
      if (tried == n || record.exhausted()) break;
      if (p.x == current.x || std::any_of(probes.begin(), probes.end(), [&](const Trial& t) { return t.x == p.x; }))
        continue;
      ++tried;
      const Trial t = record(p.x);
      if (t.violation <= 0 && t.objective < current.objective) {
        current = t;
        moved = true;
        break;
      }
    }
    // 3. Nothing better at this step: halve it.
    if (!moved) scale /= 2;
  }
  return record.finish(record.best_feasible());
}

}  // namespace armdyn::design
