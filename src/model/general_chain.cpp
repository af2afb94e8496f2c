// The general n-link chain (see armdyn/model/general_chain.hpp).
#include "armdyn/model/general_chain.hpp"

#include <cmath>
#include <numbers>
#include <random>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/model/dh.hpp"
#include "armdyn/spatial/rotation.hpp"

namespace armdyn {

namespace {

// A deterministic uniform number in [lo, hi] (53 random bits; independent of the standard
// library's distributions, which may differ between implementations).
double uniform(std::mt19937_64& rng, double lo, double hi) {
  const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
  return lo + (hi - lo) * u;
}

// An angle of 15..75 degrees in a random sense.
double general_angle(std::mt19937_64& rng) {
  constexpr double kDeg = std::numbers::pi / 180.0;
  const double x = uniform(rng, 15.0, 75.0) * kDeg;
  return rng() & 1U ? x : -x;
}

LinkInertial general_inertial(std::mt19937_64& rng) {
  LinkInertial in;
  in.mass = uniform(rng, 1.0, 5.0);
  for (int k = 0; k < 3; ++k) in.com[k] = (rng() & 1U ? 1.0 : -1.0) * uniform(rng, 0.02, 0.2);
  const double l1 = uniform(rng, 0.02, 0.2), l2 = uniform(rng, 0.02, 0.2);
  const double l3 = std::abs(l1 - l2) + uniform(rng, 0.2, 0.8) * (l1 + l2 - std::abs(l1 - l2));
  const Mat3<double> R = rot_z(general_angle(rng)) * rot_y(general_angle(rng)) * rot_x(general_angle(rng));
  const Mat3<double> I = R * Vec3<double>(l1, l2, l3).asDiagonal() * R.transpose();
  in.inertia = 0.5 * (I + I.transpose());
  return in;
}

}  // namespace

Model general_chain(int n, std::uint64_t seed) {
  if (n < 1) throw InputError("general_chain: at least one link");
  std::mt19937_64 rng(seed);
  DhDescription d;
  d.source = "general_chain";
  d.name = std::string("general_chain_").append(std::to_string(n));
  d.convention = DhConvention::kStandard;
  for (int i = 0; i < n; ++i) {
    DhLink link;
    link.joint_name = std::string("joint").append(std::to_string(i + 1));
    link.link_name = std::string("link").append(std::to_string(i + 1));
    link.row.type = JointType::kRevolute;
    link.row.a = uniform(rng, 0.1, 0.5);
    link.row.d = uniform(rng, 0.1, 0.5);
    link.row.alpha = general_angle(rng);
    link.row.theta = general_angle(rng);
    link.inertial = general_inertial(rng);
    d.links.push_back(link);
  }
  return model_from_dh(d);
}

}  // namespace armdyn
