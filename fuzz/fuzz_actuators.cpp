// libFuzzer target: an actuator file (io/actuators_json.hpp) for the built-in PUMA 560 ->
// parse_actuators -> drive_torque, drive_mass_matrix and drive forward dynamics at a fixed
// moderate state (a validated drive set must give finite numbers there).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/io/actuators_json.hpp"
#include "evaluate_once.hpp"

namespace {

// Parameters this large may overflow in a product (G^2 Jm a): the CLI refuses such a result
// itself. Below it, a non-finite result is a finding.
constexpr double kModerate = 1e6;

bool moderate(const armdyn::drives::Drive& d) {
  for (double x : {d.gear_ratio, d.rotor_inertia, d.viscous, d.coulomb_positive, d.coulomb_negative,
                   d.breakaway_positive(), d.breakaway_negative()})
    if (std::abs(x) > kModerate) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const armdyn::Model puma = armdyn::load_model("puma560");
  std::optional<armdyn::drives::DriveSet> read =
      armdyn::fuzz::parsed(data, size, [&](const std::string& text) { return armdyn::parse_actuators(text, "fuzz-actuators.json", puma); });
  if (!read) return 0;  // refused, as documented
  armdyn::drives::DriveSet& set = *read;
  if (set.size() != puma.dof) {
    std::fprintf(stderr, "FINDING: parse_actuators gave %d drives for %d joints\n", set.size(), puma.dof);
    std::abort();
  }
  for (const armdyn::drives::Drive& d : set.drives())
    if (!moderate(d)) return 0;
  armdyn::Data work(puma);
  armdyn::VecX<double> q(6), v = armdyn::VecX<double>::Constant(6, 0.5), a = armdyn::VecX<double>::Constant(6, -0.2),
                             tau = armdyn::VecX<double>::Ones(6);
  for (int i = 0; i < 6; ++i) q[i] = 0.3 + 0.1 * i;
  armdyn::fuzz::require_finite(armdyn::drives::drive_torque(puma, set, work, q, v, a), "drive_torque", puma);
  armdyn::fuzz::require_finite(armdyn::drives::drive_mass_matrix(puma, set, work, q), "drive_mass_matrix", puma);
  armdyn::fuzz::require_finite(armdyn::drives::drive_forward_dynamics(puma, set, work, q, v, tau),
                               "drive_forward_dynamics", puma);
  return 0;
}
