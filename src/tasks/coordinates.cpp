#include "armdyn/tasks/coordinates.hpp"

#include <cmath>

#include "armdyn/core/names.hpp"

namespace armdyn::tasks {

const char* coordinates_name(Coordinates c) {
  static constexpr std::array<NamedValue<Coordinates>, 3> kNames{{{Coordinates::kCartesian, "cartesian"},
                                                                  {Coordinates::kCylindrical, "cylindrical"},
                                                                  {Coordinates::kSpherical, "spherical"}}};
  return name_of(kNames, c);
}

PointMotion to_cartesian(Coordinates system, const Vec3<double>& c, const Vec3<double>& dc, const Vec3<double>& ddc) {
  PointMotion out;
  switch (system) {
    case Coordinates::kCartesian:
      out.p = c;
      out.dp = dc;
      out.ddp = ddc;
      break;
    case Coordinates::kCylindrical: {
      // Radial and tangential unit vectors e_ρ = (cθ, sθ, 0), e_θ = (−sθ, cθ, 0); [VP] (3.4.2)-(3.4.3):
      // w_ρ = ρ̈ − ρ θ̇², w_θ = ρ θ̈ + 2 ρ̇ θ̇, w_z = z̈.
      const double rho = c[0], th = c[1], drho = dc[0], dth = dc[1];
      const Vec3<double> e_rho(std::cos(th), std::sin(th), 0), e_th(-std::sin(th), std::cos(th), 0);
      out.p = rho * e_rho + Vec3<double>(0, 0, c[2]);
      out.dp = drho * e_rho + rho * dth * e_th + Vec3<double>(0, 0, dc[2]);
      out.ddp = (ddc[0] - rho * dth * dth) * e_rho + (rho * ddc[1] + 2 * drho * dth) * e_th +
                Vec3<double>(0, 0, ddc[2]);
      break;
    }
    case Coordinates::kSpherical: {
      // e_r = (cφ cθ, cφ sθ, sφ), e_θ = (−sθ, cθ, 0), e_φ = (−sφ cθ, −sφ sθ, cφ); [VP] (3.4.5)-(3.4.6):
      // w_r = r̈ − r φ̇² − r cos²φ θ̇², w_θ = 2 ṙ θ̇ cos φ + r θ̈ cos φ − 2 r φ̇ θ̇ sin φ,
      // w_φ = 2 ṙ φ̇ + r φ̈ + r sin φ cos φ θ̇².
      const double r = c[0], th = c[1], ph = c[2], dr = dc[0], dth = dc[1], dph = dc[2];
      const double ct = std::cos(th), st = std::sin(th), cp = std::cos(ph), sp = std::sin(ph);
      const Vec3<double> e_r(cp * ct, cp * st, sp), e_th(-st, ct, 0), e_ph(-sp * ct, -sp * st, cp);
      out.p = r * e_r;
      out.dp = dr * e_r + r * cp * dth * e_th + r * dph * e_ph;
      const double w_r = ddc[0] - r * dph * dph - r * cp * cp * dth * dth;
      const double w_th = 2 * dr * dth * cp + r * ddc[1] * cp - 2 * r * dph * dth * sp;
      const double w_ph = 2 * dr * dph + r * ddc[2] + r * sp * cp * dth * dth;
      out.ddp = w_r * e_r + w_th * e_th + w_ph * e_ph;
      break;
    }
  }
  return out;
}

Vec3<double> from_cartesian(Coordinates system, const Vec3<double>& p) {
  const double rho = std::hypot(p.x(), p.y());
  const double th = (p.x() == 0 && p.y() == 0) ? 0.0 : std::atan2(p.y(), p.x());
  switch (system) {
    case Coordinates::kCartesian: return p;
    case Coordinates::kCylindrical: return Vec3<double>(rho, th, p.z());
    case Coordinates::kSpherical: return Vec3<double>(std::hypot(rho, p.z()), th, std::atan2(p.z(), rho));
  }
  return p;
}

CoordinateMotion from_cartesian(Coordinates system, const PointMotion& m) {
  CoordinateMotion out;
  out.c = from_cartesian(system, m.p);
  switch (system) {
    case Coordinates::kCartesian:
      out.dc = m.dp;
      out.ddc = m.ddp;
      break;
    case Coordinates::kCylindrical: {
      // The components of ṗ and p̈ along e_ρ, e_θ, e_z, solved for the rates ([VP] (3.4.2) inverted).
      const double rho = out.c[0], th = out.c[1];
      const Vec3<double> e_rho(std::cos(th), std::sin(th), 0), e_th(-std::sin(th), std::cos(th), 0);
      const double drho = e_rho.dot(m.dp), dth = e_th.dot(m.dp) / rho;
      out.dc = Vec3<double>(drho, dth, m.dp.z());
      out.ddc = Vec3<double>(e_rho.dot(m.ddp) + rho * dth * dth, (e_th.dot(m.ddp) - 2 * drho * dth) / rho, m.ddp.z());
      break;
    }
    case Coordinates::kSpherical: {
      // [VP] (3.4.5) inverted: the components along e_r, e_θ, e_φ.
      const double r = out.c[0], th = out.c[1], ph = out.c[2];
      const double ct = std::cos(th), st = std::sin(th), cp = std::cos(ph), sp = std::sin(ph);
      const Vec3<double> e_r(cp * ct, cp * st, sp), e_th(-st, ct, 0), e_ph(-sp * ct, -sp * st, cp);
      const double dr = e_r.dot(m.dp), dth = e_th.dot(m.dp) / (r * cp), dph = e_ph.dot(m.dp) / r;
      out.dc = Vec3<double>(dr, dth, dph);
      const double w_r = e_r.dot(m.ddp), w_th = e_th.dot(m.ddp), w_ph = e_ph.dot(m.ddp);
      out.ddc = Vec3<double>(w_r + r * dph * dph + r * cp * cp * dth * dth,
                             (w_th - 2 * dr * dth * cp + 2 * r * dph * dth * sp) / (r * cp),
                             (w_ph - 2 * dr * dph - r * sp * cp * dth * dth) / r);
      break;
    }
  }
  return out;
}

}  // namespace armdyn::tasks
