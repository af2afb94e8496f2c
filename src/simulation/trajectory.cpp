#include "armdyn/simulation/trajectory.hpp"

#include <cmath>

#include "armdyn/core/error.hpp"

namespace armdyn::sim {

const char* to_string(Profile profile) { return profile == Profile::kCubic ? "cubic" : "quintic"; }

Profile profile_from_name(const std::string& name) {
  if (name == "cubic") return Profile::kCubic;
  if (name == "quintic") return Profile::kQuintic;
  throw InputError("unknown trajectory profile '" + name + "' (one of: cubic, quintic)");
}

PointToPoint::PointToPoint(VecX<double> q0, VecX<double> q1, double duration, Profile profile)
    : q0_(std::move(q0)), q1_(std::move(q1)), duration_(duration), profile_(profile) {
  if (q0_.size() != q1_.size())
    throw InputError("trajectory: start and goal have " + std::to_string(q0_.size()) + " and " +
                     std::to_string(q1_.size()) + " joints");
  if (!(duration_ >= 0) || !std::isfinite(duration_)) throw InputError("trajectory: duration must be >= 0 and finite");
  if (!q0_.allFinite() || !q1_.allFinite()) throw InputError("trajectory: positions must be finite");
}

void PointToPoint::evaluate(double t, VecX<double>& q, VecX<double>& v, VecX<double>& a) const {
  if (t >= duration_) {
    q = q1_;
    v.setZero();
    a.setZero();
    return;
  }
  if (t <= 0) {
    q = q0_;
    v.setZero();
    a.setZero();
    return;
  }
  // s(x), s'(x), s''(x) of the normalised profile, x = t / T.
  const double T = duration_, x = t / T;
  double s, ds, dds;
  if (profile_ == Profile::kCubic) {
    s = x * x * (3 - 2 * x);
    ds = 6 * x * (1 - x);
    dds = 6 - 12 * x;
  } else {
    s = x * x * x * (10 + x * (-15 + 6 * x));
    ds = 30 * x * x * (1 + x * (-2 + x));
    dds = 60 * x * (1 + x * (-3 + 2 * x));
  }
  q = q0_ + (q1_ - q0_) * s;
  v = (q1_ - q0_) * (ds / T);
  a = (q1_ - q0_) * (dds / (T * T));
}

}  // namespace armdyn::sim
