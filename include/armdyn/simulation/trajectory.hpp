#pragma once
// Joint-space point-to-point motions q0 -> q1 over a duration T, all joints together:
//   q(t) = q0 + (q1 - q0) s(t / T),   s(0) = 0, s(1) = 1,
//   cubic   s = 3 x^2 - 2 x^3              (zero boundary velocity)
//   quintic s = 10 x^3 - 15 x^4 + 6 x^5    (zero boundary velocity and acceleration)
// Before t = 0 the motion rests at q0, after t = T at q1; T = 0 is a step to q1 (a set-point).
#include <string>

#include "armdyn/core/types.hpp"

namespace armdyn::sim {

enum class Profile { kCubic, kQuintic };

/// "cubic", "quintic".
const char* to_string(Profile profile);
/// The profile named `name`; InputError otherwise.
Profile profile_from_name(const std::string& name);

class PointToPoint {
 public:
  PointToPoint(VecX<double> q0, VecX<double> q1, double duration, Profile profile);
  /// A set-point: q1 from t = 0 on.
  static PointToPoint hold(const VecX<double>& q1) { return PointToPoint(q1, q1, 0.0, Profile::kQuintic); }

  /// Position, velocity and acceleration at time t (vectors already sized).
  void evaluate(double t, VecX<double>& q, VecX<double>& v, VecX<double>& a) const;

  int dof() const { return static_cast<int>(q0_.size()); }
  double duration() const { return duration_; }
  const VecX<double>& goal() const { return q1_; }

 private:
  VecX<double> q0_, q1_;
  double duration_;
  Profile profile_;
};

}  // namespace armdyn::sim
