#include "armdyn/tasks/profile.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"

namespace armdyn::tasks {

namespace {

void require_duration(double duration) {
  if (!std::isfinite(duration) || !(duration > 0))
    throw InputError("the duration must be a finite number > 0, got " + number_text(duration, 9));
}

}  // namespace

const char* profile_name(ProfileKind kind) {
  switch (kind) {
    case ProfileKind::kTriangular: return "triangular";
    case ProfileKind::kTrapezoidal: return "trapezoidal";
    case ProfileKind::kCubic: return "cubic";
    case ProfileKind::kQuintic: return "quintic";
  }
  return "?";
}

Profile::Profile(ProfileKind kind, double duration) : kind_(kind), T_(duration), ramp_(0.5 * duration) {
  require_duration(duration);
  if (kind == ProfileKind::kTrapezoidal)
    throw InputError("a trapezoidal profile needs its peak velocity");
}

Profile Profile::trapezoidal(double duration, double peak_rate) {
  require_duration(duration);
  // Reachable: the cruise rate must cover the path in T (ṡ_max T > 1) with ramps of at most T/2
  // each (ṡ_max T <= 2; equality is the triangular profile). A relative slack of 1e-12 lets a
  // peak written as exactly 2 L / T through.
  const double x = peak_rate * duration;
  if (!std::isfinite(peak_rate) || !(x > 1) || x > 2 * (1 + 1e-12))
    throw InputError("trapezoidal: the peak rate " + number_text(peak_rate, 9) + " /s is unreachable in " + number_text(duration, 9) +
                     " s (it must lie in (" + number_text(1 / duration, 9) + ", " + number_text(2 / duration, 9) + "]: above 1/T, at most 2/T)");
  Profile p;
  p.kind_ = ProfileKind::kTrapezoidal;
  p.T_ = duration;
  p.ramp_ = x >= 2 ? 0.5 * duration : duration - 1 / peak_rate;
  return p;
}

double Profile::peak_rate() const {
  switch (kind_) {
    case ProfileKind::kTriangular: return 2 / T_;
    case ProfileKind::kTrapezoidal: return 1 / (T_ - ramp_);
    case ProfileKind::kCubic: return 1.5 / T_;
    case ProfileKind::kQuintic: return 1.875 / T_;
  }
  return 0;
}

std::vector<double> Profile::corners() const {
  switch (kind_) {
    case ProfileKind::kTriangular: return {0.5 * T_};
    case ProfileKind::kTrapezoidal:
      if (ramp_ >= 0.5 * T_) return {0.5 * T_};
      return {ramp_, T_ - ramp_};
    case ProfileKind::kCubic:
    case ProfileKind::kQuintic: return {};
  }
  return {};
}

ProfileSample Profile::at(double t) const {
  ProfileSample out;
  if (!(t >= 0)) return out;  // at rest at s = 0 before the start (also for a NaN t)
  if (t >= T_) {
    out.s = 1;
    return out;
  }
  const double T = T_;
  switch (kind_) {
    case ProfileKind::kTriangular:
    case ProfileKind::kTrapezoidal: {
      // Ramps of length ta at acceleration a = V/ta, V = 1/(T − ta) the cruise rate; the
      // triangular profile is ta = T/2 ([VP] §3.6: a = 4/T², peak rate 2/T). At a corner s̈ is
      // the value after it (decelerating from T/2 on).
      const double ta = ramp_, V = 1 / (T - ta), a = V / ta;
      if (t < ta) {
        out = {0.5 * a * t * t, a * t, a};
      } else if (t < T - ta) {
        out = {V * (t - 0.5 * ta), V, 0};
      } else {
        const double r = T - t;
        out = {1 - 0.5 * a * r * r, a * r, -a};
      }
      break;
    }
    case ProfileKind::kCubic: {
      const double u = t / T;
      out = {u * u * (3 - 2 * u), 6 * u * (1 - u) / T, (6 - 12 * u) / (T * T)};
      break;
    }
    case ProfileKind::kQuintic: {
      const double u = t / T, u2 = u * u;
      out = {u2 * u * (10 + u * (-15 + 6 * u)), 30 * u2 * (1 - u) * (1 - u) / T,
             60 * u * (1 - u) * (1 - 2 * u) / (T * T)};
      break;
    }
  }
  return out;
}

}  // namespace armdyn::tasks
