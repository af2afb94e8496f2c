#pragma once
// Velocity profiles of a task segment: the path parameter s(t) going from 0 at t = 0 to 1 at
// t = T, at rest at both ends, with its first two time derivatives. Every segment of a task
// follows one of them ([VP] §3.6: "each leg with a triangular velocity profile").
#include <vector>

namespace armdyn::tasks {

enum class ProfileKind {
  kTriangular,   ///< constant acceleration to T/2, constant deceleration after ([VP] §3.6)
  kTrapezoidal,  ///< constant acceleration, cruise at a given peak rate, constant deceleration
  kCubic,        ///< s = 3τ² − 2τ³, τ = t/T (zero rate at both ends)
  kQuintic,      ///< s = 10τ³ − 15τ⁴ + 6τ⁵ (zero rate and acceleration at both ends)
};

/// The name used in task files: "triangular", "trapezoidal", "cubic", "quintic".
const char* profile_name(ProfileKind kind);

/// s(t), ṡ(t), s̈(t) at one instant.
struct ProfileSample {
  double s = 0, ds = 0, dds = 0;
};

/// One profile over [0, T]. Before 0 it rests at s = 0, from T on at s = 1. s̈ is continuous
/// from the right: at 0 it is the starting acceleration, at T zero.
class Profile {
 public:
  Profile() = default;
  /// Triangular, cubic or quintic over `duration` (> 0, finite). InputError otherwise, or when
  /// `kind` is trapezoidal (which needs its peak rate: use trapezoidal()).
  Profile(ProfileKind kind, double duration);
  /// Trapezoidal over `duration` with the peak rate ṡ_max = `peak_rate` (1/s). The motion is
  /// reachable when 1/T < ṡ_max ≤ 2/T (at 2/T it is the triangular profile); InputError naming
  /// the reachable range otherwise. The ramps last t_a = T − 1/ṡ_max each.
  static Profile trapezoidal(double duration, double peak_rate);

  ProfileKind kind() const { return kind_; }
  double duration() const { return T_; }
  /// The largest ṡ over the profile (2/T triangular, 1.5/T cubic, 1.875/T quintic).
  double peak_rate() const;
  ProfileSample at(double t) const;
  /// The instants in (0, T) where s̈ jumps: T/2 (triangular), the ramp ends t_a and T − t_a
  /// (trapezoidal; the one instant T/2 when they meet), none (cubic, quintic). at() gives s̈'s
  /// value after the jump at a corner itself.
  std::vector<double> corners() const;

 private:
  ProfileKind kind_ = ProfileKind::kTriangular;
  double T_ = 1;
  double ramp_ = 0.5;  ///< trapezoidal: the length t_a of each ramp
};

}  // namespace armdyn::tasks
