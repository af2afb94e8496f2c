// Example: simulate a built-in arm for 1 s and print the final state.
// Craig's two-link arm (planar2r: l1 = 1 m, l2 = 0.5 m, point masses 2 kg and 1 kg at the link
// ends) is released from rest, stretched out horizontally, with no torque at the joints, and
// falls under gravity. Without friction its energy must stay constant.
#include <cmath>
#include <cstdio>
#include <exception>

#include <armdyn/armdyn.hpp>
#include <armdyn/simulation/simulate.hpp>

int main() {
  try {
    const armdyn::Model model = armdyn::load_model("planar2r");
    const Eigen::VectorXd q0 = Eigen::VectorXd::Zero(model.dof), v0 = q0;

    armdyn::sim::SimulationOptions options;
    options.duration = 1.0;        // seconds
    options.dt = 1e-3;             // fixed step
    options.output_period = 0.1;   // one sample every 0.1 s
    options.integrator = armdyn::sim::Integrator::kRk4;

    armdyn::sim::ZeroTorque no_torque;
    armdyn::sim::Sample first, last;
    bool have_first = false;
    armdyn::sim::simulate(model, q0, v0, no_torque, options, [&](const armdyn::sim::Sample& s) {
      if (!have_first) first = s, have_first = true;
      last = s;
      std::printf("t = %.1f s  q = [%9.5f, %9.5f] rad  energy = %.9f J\n", s.t, s.q[0], s.q[1], s.energy());
    });

    std::printf("final state at t = %.3f s:\n", last.t);
    std::printf("  q  = [%.6f, %.6f] rad\n", last.q[0], last.q[1]);
    std::printf("  v  = [%.6f, %.6f] rad/s\n", last.v[0], last.v[1]);
    std::printf("  a  = [%.6f, %.6f] rad/s^2\n", last.a[0], last.a[1]);
    const double drift = std::abs(last.energy() - first.energy());
    std::printf("energy drift over the run: %.3g J\n", drift);
    if (std::abs(last.t - 1.0) > 1e-12 || drift > 1e-6) {
      std::printf("FAIL: the run did not end at 1 s, or the energy drifted\n");
      return 1;
    }
    std::printf("simulation OK\n");
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
