#pragma once
// Pieces of make_symbolic_model shared by its files (src/symbolic/symbolic_model.cpp and
// symbolic_dh.cpp): exact numbers, exact elementary transforms, the parameter namer.
#include <string>
#include <vector>

#include "armdyn/symbolic/symbolic_model.hpp"

namespace armdyn::symbolic_detail {

/// Entries this close to 0 or +-1 are exactly 0 or +-1.
inline constexpr double kSnap = 1e-12;

/// Parameters are the shortest decimals within this much (relative) of their doubles.
inline constexpr double kRoundOff = 1e-14;

/// x as the shortest decimal within kRoundOff * max(|x|, scale); 0, +-1 snapped (kSnap).
GiNaC::ex exact(double x, double scale = 0);

struct CosSin {
  GiNaC::ex c, s;
};
/// cos and sin of a DH angle: exact for multiples of pi/6 and pi/4, else exact(cos), exact(sin).
CosSin exact_angle(double angle);

Transform<Sym> rot_x(const CosSin& a);
Transform<Sym> rot_z(const CosSin& a);
Transform<Sym> shift(const GiNaC::ex& x, const GiNaC::ex& y, const GiNaC::ex& z);
Transform<Sym> exact_transform(const Transform<double>& X);

/// What l_k (link k's length symbol) stands for, decided before the symbol is made.
struct LinkLength {
  double value = 0;  ///< 0: link k has no length
  std::string meaning;
  GiNaC::ex symbol = 0;  ///< l_k, or its number when the parameters stay numbers
};

/// When the centre of mass c lies on one axis: returns true and its axis, distance and sign.
bool on_one_axis(const Vec3<double>& c, int& axis, double& distance, int& sign);

/// [Craig]'s convention for a centre of mass on one axis of its link frame: a link without a
/// length takes that distance as l_k; one whose length equals it notes so in l_k's meaning.
void plan_com(const Vec3<double>& c, const std::string& link, LinkLength& length);

/// Makes parameters: symbols with their numbers (symbolic) or the exact numbers themselves.
struct Namer {
  SymbolTable* table;
  bool symbolic;

  /// `scale`: the size of the numbers `value` was computed from (its round-off, see exact()).
  GiNaC::ex named(double value, SymbolKind kind, std::vector<int> key, const std::string& text,
                  const std::string& latex, const std::string& meaning, double scale = 0);
  /// Makes l_k for a planned length (no-op when it has no value).
  void make_length(int k, LinkLength& length);
  /// Link k's centre of mass: +-l_k, +-lc_k or cx_k, cy_k, cz_k (see symbolic_model.hpp).
  Vec3<Sym> com(int k, const Vec3<double>& c, const LinkLength& length, const std::string& link);
  /// Ixx_k ... Iyz_k, symmetric; `scale` = m |c|^2, the size of the parallel-axis terms the
  /// model's inertia about the centre of mass was recovered from.
  Mat3<Sym> inertia(int k, const Mat3<double>& I, const std::string& link, double scale);
  /// m_k.
  GiNaC::ex mass(int k, double m, const std::string& link);
};

/// Sets body i's mass, centre of mass, rotational inertia and spatial inertia.
void set_inertial(SymbolicModel& out, int i, const GiNaC::ex& mass, const Vec3<Sym>& com, const Mat3<Sym>& Ic);
void resize_parameters(SymbolicModel& out, int n);

/// True when the model is a serial chain with one DH row per joint.
bool dh_chain(const Model& model);
/// Placements rebuilt from the DH table (a, d as l_k, d_k), inertial data in the DH frames.
void dh_parameters(const Model& model, SymbolicModel& out);

}  // namespace armdyn::symbolic_detail
