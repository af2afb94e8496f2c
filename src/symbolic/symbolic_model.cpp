// The symbolic model: joint variables and g as symbols, parameters exact numbers or symbols.
// See include/armdyn/symbolic/symbolic_model.hpp for the rules.
#include "armdyn/symbolic/symbolic_model.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>
#include <stdexcept>

#include "armdyn/core/error.hpp"
#include "armdyn/model/dh.hpp"
#include "symbolic_parts.hpp"

namespace armdyn {
namespace symbolic_detail {

GiNaC::ex exact(double x, double scale) {
  if (std::abs(x) < kSnap) return 0;
  if (std::abs(x - 1) < kSnap) return 1;
  if (std::abs(x + 1) < kSnap) return -1;
  return shortest_decimal(x, kRoundOff * std::max(std::abs(x), scale));
}

CosSin exact_angle(double angle) {
  // Multiples of pi/6 and pi/4 have cosines GiNaC keeps exact and simplifies (0, +-1, 1/2,
  // sqrt(3)/2, sqrt(2)/2); pi/12 would give nested radicals it cannot reduce.
  const double k = angle / (std::numbers::pi / 12);
  const double rounded = std::round(k);
  const long twelfths = static_cast<long>(rounded);
  if (std::abs(k - rounded) < 1e-9 && (twelfths % 2 == 0 || twelfths % 3 == 0)) {
    const GiNaC::ex a = GiNaC::Pi * GiNaC::numeric(twelfths, 12);
    return {GiNaC::cos(a), GiNaC::sin(a)};
  }
  return {exact(std::cos(angle)), exact(std::sin(angle))};
}

Transform<Sym> rot_x(const CosSin& a) {
  Transform<Sym> X;
  X.R << Sym(1), Sym(0), Sym(0), Sym(0), Sym(a.c), Sym(-a.s), Sym(0), Sym(a.s), Sym(a.c);
  return X;
}

Transform<Sym> rot_z(const CosSin& a) {
  Transform<Sym> X;
  X.R << Sym(a.c), Sym(-a.s), Sym(0), Sym(a.s), Sym(a.c), Sym(0), Sym(0), Sym(0), Sym(1);
  return X;
}

Transform<Sym> shift(const GiNaC::ex& x, const GiNaC::ex& y, const GiNaC::ex& z) {
  return Transform<Sym>::translation(Vec3<Sym>(Sym(x), Sym(y), Sym(z)));
}

Transform<Sym> exact_transform(const Transform<double>& X) {
  Transform<Sym> out;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) out.R(r, c) = Sym(exact(X.R(r, c)));
    out.p[r] = Sym(exact(X.p[r]));
  }
  return out;
}

GiNaC::ex Namer::named(double value, SymbolKind kind, std::vector<int> key, const std::string& text,
                       const std::string& latex, const std::string& meaning, double scale) {
  const GiNaC::ex number = exact(value, scale);
  if (!symbolic || number.is_zero()) return number;
  SymbolInfo info;
  info.kind = kind;
  info.key = std::move(key);
  info.text = text;
  info.latex = latex;
  info.value = to_double(number);
  info.meaning = meaning;
  return table->add(std::move(info));
}

namespace {
const char* const kAxis[3] = {"x", "y", "z"};
std::string along(int axis, int sign) { return std::string(sign < 0 ? "-" : "+") + kAxis[axis]; }
}  // namespace

bool on_one_axis(const Vec3<double>& c, int& axis, double& distance, int& sign) {
  int nonzero = 0;
  for (int j = 0; j < 3; ++j)
    if (std::abs(c[j]) >= kSnap) ++nonzero, axis = j;
  if (nonzero != 1) return false;
  distance = std::abs(c[axis]);
  sign = c[axis] < 0 ? -1 : 1;
  return true;
}

void plan_com(const Vec3<double>& c, const std::string& link, LinkLength& length) {
  int axis = 0;
  double distance = 0;
  int sign = 1;
  if (!on_one_axis(c, axis, distance, sign)) return;
  if (length.value == 0) {
    length.value = distance;
    length.meaning = "distance of the centre of mass of " + link + " from its frame origin, along " + along(axis, sign);
  } else if (std::abs(distance - length.value) <= kSnap * std::max(1.0, distance)) {
    length.meaning += "; the centre of mass of " + link + " lies at that distance along " + along(axis, sign);
  }
}

void Namer::make_length(int k, LinkLength& length) {
  if (length.value == 0) return;
  const std::string n = std::to_string(k);
  length.symbol = named(length.value, SymbolKind::kLength, {k, 0}, "l" + n, "l_{" + n + "}", length.meaning);
}

Vec3<Sym> Namer::com(int k, const Vec3<double>& c, const LinkLength& length, const std::string& link) {
  const std::string n = std::to_string(k);
  Vec3<Sym> out(Sym(0), Sym(0), Sym(0));
  int axis = 0;
  double distance = 0;
  int sign = 1;
  if (on_one_axis(c, axis, distance, sign)) {
    if (length.value != 0 && std::abs(distance - length.value) <= kSnap * std::max(1.0, distance))
      out[axis] = Sym(sign * length.symbol);
    else
      out[axis] = Sym(sign * named(distance, SymbolKind::kLength, {k, 1}, "lc" + n, "l_{c" + n + "}",
                                   "distance of the centre of mass of " + link + " from its frame origin, along " +
                                       along(axis, sign)));
    return out;
  }
  for (int j = 0; j < 3; ++j)
    out[j] = Sym(named(c[j], SymbolKind::kLength, {k, 2 + j}, std::string("c") + kAxis[j] + n,
                       std::string("c_{") + kAxis[j] + n + "}",
                       std::string(kAxis[j]) + " coordinate of the centre of mass of " + link));
  return out;
}

GiNaC::ex Namer::mass(int k, double m, const std::string& link) {
  const std::string n = std::to_string(k);
  return named(m, SymbolKind::kMass, {k}, "m" + n, "m_{" + n + "}", "mass of " + link);
}

Mat3<Sym> Namer::inertia(int k, const Mat3<double>& I, const std::string& link, double scale) {
  static const int kSub[3][3] = {{0, 3, 4}, {3, 1, 5}, {4, 5, 2}};
  const std::string n = std::to_string(k);
  Mat3<Sym> out;
  for (int r = 0; r < 3; ++r)
    for (int c = r; c < 3; ++c) {
      const std::string ij = std::string(kAxis[r]) + kAxis[c];
      const double v = r == c ? I(r, c) : 0.5 * (I(r, c) + I(c, r));
      out(r, c) = Sym(named(v, SymbolKind::kInertia, {k, kSub[r][c]}, "I" + ij + n, "I_{" + ij + n + "}",
                            "inertia " + ij + " of " + link + " about its centre of mass, in its frame", scale));
      out(c, r) = out(r, c);
    }
  return out;
}

}  // namespace symbolic_detail

using namespace symbolic_detail;

namespace {

// Joint variables q, qd, qdd (revolute: theta, prismatic: d in LaTeX) and names, types, limits.
void add_structure(const Model& model, SymbolicModel& out) {
  const int n = model.dof;
  ModelTpl<Sym>& m = out.model;
  m.name = model.name;
  m.dof = n;
  m.parent = model.parent;
  m.joint_type = model.joint_type;
  m.joint_names = model.joint_names;
  m.body_names = model.body_names;
  m.limits = model.limits;
  m.dh = model.dh;
  m.warnings = model.warnings;
  m.source = model.source;
  for (const Frame<double>& f : model.frames)
    m.frames.push_back(Frame<Sym>{f.name, f.body, exact_transform(f.placement)});
  out.q.resize(n);
  out.qd.resize(n);
  out.qdd.resize(n);
  const char* const kText[3] = {"q", "qd", "qdd"};
  const SymbolKind kKind[3] = {SymbolKind::kAngle, SymbolKind::kVelocity, SymbolKind::kAcceleration};
  for (int i = 0; i < n; ++i) {
    const std::string j = std::to_string(i + 1);
    const bool revolute = model.joint_type[i] == JointType::kRevolute;
    const std::string base = revolute ? "\\theta" : "d";
    const std::string latex[3] = {base + "_{" + j + "}", "\\dot{" + base + "}_{" + j + "}",
                                  "\\ddot{" + base + "}_{" + j + "}"};
    VecX<Sym>* vars[3] = {&out.q, &out.qd, &out.qdd};
    for (int d = 0; d < 3; ++d) {
      SymbolInfo info;
      info.kind = d == 0 && !revolute ? SymbolKind::kPosition : kKind[d];
      info.key = {i + 1};
      info.text = kText[d] + j;
      info.latex = latex[d];
      info.joint = i;
      (*vars[d])[i] = Sym(out.symbols.add(std::move(info)));
    }
  }
}

std::string number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.15g", std::abs(x) < kSnap ? 0.0 : x);
  return buffer;
}

// g as a symbol along the model's gravity direction (exact when it is a coordinate axis).
void add_gravity(const Model& model, SymbolicModel& out) {
  const double g = model.gravity.norm();
  if (g == 0) {
    out.model.gravity = Vec3<Sym>(Sym(0), Sym(0), Sym(0));
    return;
  }
  SymbolInfo info;
  info.kind = SymbolKind::kGravity;
  info.text = "g";
  info.latex = "g";
  info.value = to_double(exact(g));
  const Vec3<double> u = model.gravity / g;
  info.meaning = "gravity, acting along (" + number(u.x()) + ", " + number(u.y()) + ", " + number(u.z()) +
                 ") in the base frame";
  const GiNaC::symbol s = out.symbols.add(std::move(info));
  for (int j = 0; j < 3; ++j) out.model.gravity[j] = Sym(s * exact(u[j]));
}

}  // namespace

void symbolic_detail::set_inertial(SymbolicModel& out, int i, const GiNaC::ex& mass, const Vec3<Sym>& com,
                                   const Mat3<Sym>& Ic) {
  out.model.mass[i] = Sym(mass);
  out.model.com[i] = com;
  out.model.inertia_com[i] = Ic;
  out.model.inertia[i] = Inertia<Sym>::from_com(Sym(mass), com, Ic);
}

void symbolic_detail::resize_parameters(SymbolicModel& out, int n) {
  out.model.tree.resize(n);
  out.model.mass.resize(n);
  out.model.com.resize(n);
  out.model.inertia_com.resize(n);
  out.model.inertia.resize(n);
}

namespace {

// Any model: placements as exact numbers, inertial parameters in the body frames.
void generic_parameters(const Model& model, SymbolicModel& out) {
  Namer namer{&out.symbols, out.symbolic_parameters};
  resize_parameters(out, model.dof);
  for (int i = 0; i < model.dof; ++i) {
    out.model.tree[i] = exact_transform(model.tree[i]);
    LinkLength length;
    const std::string& link = model.body_names[i];
    plan_com(model.com[i], link, length);
    namer.make_length(i + 1, length);
    set_inertial(out, i, namer.mass(i + 1, model.mass[i], link), namer.com(i + 1, model.com[i], length, link),
                 namer.inertia(i + 1, model.inertia_com[i], link, model.mass[i] * model.com[i].squaredNorm()));
  }
}

bool close(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

// The symbolic model evaluated at its parameters' numbers reproduces the double one.
bool reproduces(const SymbolicModel& sm, const Model& model) {
  Evaluator evaluate(sm.parameter_values());
  auto same = [&](const Sym& x, double y) { return close(evaluate(x.ex()), y); };
  for (int j = 0; j < 3; ++j)
    if (!same(sm.model.gravity[j], model.gravity[j])) return false;
  for (int i = 0; i < model.dof; ++i) {
    if (!same(sm.model.mass[i], model.mass[i])) return false;
    for (int r = 0; r < 3; ++r) {
      if (!same(sm.model.tree[i].p[r], model.tree[i].p[r]) || !same(sm.model.com[i][r], model.com[i][r]))
        return false;
      for (int c = 0; c < 3; ++c)
        if (!same(sm.model.tree[i].R(r, c), model.tree[i].R(r, c)) ||
            !same(sm.model.inertia_com[i](r, c), model.inertia_com[i](r, c)))
          return false;
    }
  }
  return true;
}

SymbolicModel attempt(const Model& model, bool symbolic_parameters, bool from_dh) {
  SymbolicModel out;
  out.symbolic_parameters = symbolic_parameters;
  out.from_dh_table = from_dh;
  add_structure(model, out);
  add_gravity(model, out);
  if (from_dh) dh_parameters(model, out);
  else generic_parameters(model, out);
  return out;
}

}  // namespace

GiNaC::exmap SymbolicModel::parameter_values() const {
  GiNaC::exmap values;
  for (const SymbolInfo& s : symbols.all())
    if (!std::isnan(s.value)) values[s.symbol] = Sym(s.value).ex();
  return values;
}

GiNaC::exmap SymbolicModel::values(const VecX<double>& q_, const VecX<double>& qd_, const VecX<double>& qdd_) const {
  GiNaC::exmap out = parameter_values();
  for (int i = 0; i < model.dof; ++i) {
    out[q[i].ex()] = GiNaC::numeric(q_[i]);
    out[qd[i].ex()] = GiNaC::numeric(qd_[i]);
    out[qdd[i].ex()] = GiNaC::numeric(qdd_[i]);
  }
  return out;
}

SymbolicModel make_symbolic_model(const Model& model, bool symbolic_parameters) {
  require_angle_coordinates(model, "the symbolic model");
  if (dh_chain(model)) {
    SymbolicModel out = attempt(model, symbolic_parameters, true);
    if (reproduces(out, model)) return out;
  }
  SymbolicModel out = attempt(model, symbolic_parameters, false);
  if (!reproduces(out, model))
    throw std::logic_error("make_symbolic_model: the symbolic model of '" + model.name +
                           "' does not reproduce its numbers");
  return out;
}

}  // namespace armdyn
