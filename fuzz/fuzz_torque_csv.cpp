// libFuzzer target: a torque table (simulation/input.hpp, what `armdyn simulate --torque` and
// `--voltage` read) for the built-in PUMA 560's six joints -> parse_torque_table -> the torque at
// every row's time, between every two rows and outside the table, then forward dynamics with it.
// An interpolated torque must lie between its two rows' values (no overshoot, no NaN).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "armdyn/simulation/input.hpp"
#include "evaluate_once.hpp"

namespace {

// Beyond this size a difference of two times or a weighted sum of two torques may overflow; the
// checks below hold for tables inside it.
constexpr double kModerate = 1e6;

void finding(const char* what) {
  std::fprintf(stderr, "FINDING: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const armdyn::Model puma = armdyn::load_model("puma560");
  const std::string text(reinterpret_cast<const char*>(data), size);
  const int n = puma.dof;
  armdyn::sim::TorqueTable table({0.0}, {armdyn::VecX<double>::Zero(n)});
  try {
    table = armdyn::sim::parse_torque_table(text, n, "fuzz-torque.csv");
  } catch (const armdyn::InputError&) {  // refused, as documented
    return 0;
  }
  const std::vector<double>& times = table.times();
  bool moderate = true;
  for (double t : times) moderate = moderate && std::abs(t) <= kModerate;

  armdyn::Data work(puma);
  const armdyn::VecX<double> q = armdyn::VecX<double>::Constant(n, 0.3), v = armdyn::VecX<double>::Zero(n);
  armdyn::VecX<double> tau(n), lo(n), hi(n), row(n);
  auto at = [&](double t, armdyn::VecX<double>& out) {
    table.torque(t, q, v, out);
    if (out.size() != n) finding("the torque table gave a vector of the wrong size");
  };
  for (std::size_t k = 0; k < times.size(); ++k) {
    at(times[k], row);
    if (!row.allFinite()) finding("a row of the accepted torque table is not finite");
    if (k + 1 == times.size() || !moderate) continue;
    at(times[k + 1], hi);
    lo = row.cwiseMin(hi);
    hi = row.cwiseMax(hi);
    if (lo.cwiseAbs().maxCoeff() > kModerate || hi.cwiseAbs().maxCoeff() > kModerate) continue;
    at(0.5 * (times[k] + times[k + 1]), tau);
    if (!tau.allFinite() || (tau.array() < lo.array() - 1e-9 * (1 + lo.array().abs())).any() ||
        (tau.array() > hi.array() + 1e-9 * (1 + hi.array().abs())).any())
      finding("the torque between two rows is not between their values");
    armdyn::fuzz::require_finite(armdyn::forward_dynamics(puma, work, q, v, tau), "forward_dynamics", puma);
  }
  // Outside the table the first and the last rows hold.
  at(times.front() - 1.0, tau);
  at(times.front(), row);
  if (moderate && tau != row) finding("before the table the first row does not hold");
  at(times.back() + 1.0, tau);
  at(times.back(), row);
  if (moderate && tau != row) finding("after the table the last row does not hold");
  return 0;
}
