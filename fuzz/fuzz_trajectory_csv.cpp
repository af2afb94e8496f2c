// libFuzzer target: a trajectory CSV (io/trajectory_csv.hpp) for the built-in PUMA 560 ->
// parse_trajectory_csv -> nominal_control with a dc3 motor on every joint (drives/nominal_control.hpp)
// and the P-n check. An accepted motion must have one q, v, a (and jerk) per time, strictly
// increasing times, and give finite voltages when its numbers are moderate.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "armdyn/drives/nominal_control.hpp"
#include "armdyn/io/trajectory_csv.hpp"
#include "evaluate_once.hpp"

namespace {

// Numbers up to this size and time steps down to kShortest keep every product finite (v^2 of the
// RNEA, di/dt of the backward difference); beyond them a non-finite result is no finding.
constexpr double kModerate = 1e6, kShortest = 1e-9;

armdyn::drives::DriveSet motors(const armdyn::Model& model) {
  armdyn::drives::Drive d;
  d.gear_ratio = 50;
  d.rotor_inertia = 2e-4;
  d.viscous = 1;
  d.coulomb_positive = d.coulomb_negative = 0.5;
  d.efficiency = 0.9;
  armdyn::drives::Motor m;
  m.type = armdyn::drives::MotorType::kDc3;
  m.dc = armdyn::drives::DcMotor{1.5, 0.004, 0.2, 0.2, 40, 10};
  d.motor = m;
  return armdyn::drives::DriveSet(std::vector<armdyn::drives::Drive>(static_cast<std::size_t>(model.dof), d),
                                  model.joint_names, "fuzz");
}

[[noreturn]] void finding(const char* what) {
  std::fprintf(stderr, "FINDING: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const armdyn::Model puma = armdyn::load_model("puma560");
  static const armdyn::drives::DriveSet drives = motors(puma);
  std::optional<armdyn::drives::SampledMotion> read =
      armdyn::fuzz::parsed(data, size, [&](const std::string& text) { return armdyn::parse_trajectory_csv(text, "fuzz-trajectory.csv", puma.dof); });
  if (!read) return 0;  // refused, as documented
  armdyn::drives::SampledMotion& m = *read;
  const std::size_t n = m.size();
  if (n == 0 || m.q.size() != n || m.v.size() != n || m.a.size() != n || (m.has_jerk() && m.jerk.size() != n))
    finding("parse_trajectory_csv accepted a motion without one q, v, a per time");
  bool moderate = true;
  for (std::size_t k = 0; k < n; ++k) {
    if (!std::isfinite(m.t[k]) || (k > 0 && !(m.t[k] > m.t[k - 1])))
      finding("parse_trajectory_csv accepted times that are not finite and strictly increasing");
    if (k > 0 && m.t[k] - m.t[k - 1] < kShortest) moderate = false;
    moderate = moderate && std::abs(m.t[k]) <= kModerate;
    std::vector<const armdyn::VecX<double>*> rows = {&m.q[k], &m.v[k], &m.a[k]};
    if (m.has_jerk()) rows.push_back(&m.jerk[k]);
    for (const armdyn::VecX<double>* x : rows) {
      if (x->size() != puma.dof) finding("parse_trajectory_csv accepted a vector of the wrong size");
      if (!x->allFinite()) finding("parse_trajectory_csv accepted a number that is not finite");
      moderate = moderate && x->cwiseAbs().maxCoeff() <= kModerate;
    }
  }
  const armdyn::drives::NominalControl c = armdyn::drives::nominal_control(puma, drives, m);
  armdyn::drives::check_envelope(drives, c);
  if (moderate) {
    armdyn::fuzz::require_finite(c.voltage, "nominal_control voltage", puma);
    armdyn::fuzz::require_finite(c.current, "nominal_control current", puma);
  }
  return 0;
}
