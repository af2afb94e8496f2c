// The symbolic placements of a DH chain, rebuilt from its table with exact angles and the
// nonzero lengths a, d as symbols; the inertial data named in each link's DH frame.
#include <cmath>

#include "armdyn/model/dh.hpp"
#include "symbolic_parts.hpp"

namespace armdyn::symbolic_detail {
namespace {

std::string link_name(const Model& model, int k) { return k == 0 ? std::string("the base") : model.body_names[k - 1]; }

// l_k from the DH a's (modified: a_{i-1} of row i is link i-1's; standard: a_i of row i is link
// i's), and for the last link from a tool frame on one of its axes.
std::vector<LinkLength> plan_lengths(const Model& model, const std::vector<Transform<double>>& link_in_joint) {
  const DhTable& dh = *model.dh;
  const int n = model.dof;
  std::vector<LinkLength> length(n + 1);
  for (int r = 0; r < n; ++r) {
    const double a = dh.rows[r].a;
    if (std::abs(a) < kSnap) continue;
    const int k = dh.convention == DhConvention::kModified ? r : r + 1;
    length[k].value = std::abs(a);
    length[k].meaning = "length of " + link_name(model, k) + " (DH a" + std::to_string(k) + ", table row " +
                        std::to_string(r + 1) + ")";
  }
  if (length[n].value != 0) return length;
  for (const Frame<double>& f : model.frames) {
    if (f.body != n - 1 || f.name == model.body_names[n - 1]) continue;
    const Vec3<double> p = (link_in_joint[n - 1].inverse() * f.placement).p;
    int axis = 0;
    double distance = 0;
    int sign = 1;
    if (!on_one_axis(p, axis, distance, sign)) continue;
    length[n].value = distance;
    length[n].meaning = "length of " + link_name(model, n) + " (its frame origin to frame '" + f.name + "')";
    break;
  }
  return length;
}

GiNaC::ex signed_length(double a, const LinkLength& length) {
  if (std::abs(a) < kSnap) return 0;
  return a < 0 ? -length.symbol : length.symbol;
}

// d of a revolute joint is a length (d_j); a prismatic joint's offset stays a number.
GiNaC::ex offset(Namer& namer, const DhRow& row, int j) {
  if (row.type == JointType::kPrismatic || std::abs(row.d) < kSnap) return exact(row.d);
  const std::string n = std::to_string(j);
  const GiNaC::ex d = namer.named(std::abs(row.d), SymbolKind::kLength, {j, 5}, "d" + n, "d_{" + n + "}",
                                  "DH offset d" + n + " of joint" + n);
  return row.d < 0 ? -d : d;
}

}  // namespace

bool dh_chain(const Model& model) {
  if (!model.dh || static_cast<int>(model.dh->rows.size()) != model.dof) return false;
  for (int i = 0; i < model.dof; ++i)
    if (model.parent[i] != i - 1 || model.dh->rows[i].type != model.joint_type[i]) return false;
  return true;
}

void dh_parameters(const Model& model, SymbolicModel& out) {
  const DhTable& dh = *model.dh;
  const int n = model.dof;
  const bool modified = dh.convention == DhConvention::kModified;
  Namer namer{&out.symbols, out.symbolic_parameters};
  resize_parameters(out, n);
  std::vector<Transform<double>> origin(n), link_in_joint(n);
  for (int r = 0; r < n; ++r) dh_row_placements(dh.convention, dh.rows[r], origin[r], link_in_joint[r]);

  // Inertial data in each link's DH frame {k} (the body frame for modified DH).
  std::vector<LinkLength> length = plan_lengths(model, link_in_joint);
  std::vector<Vec3<double>> com(n);
  std::vector<Mat3<double>> Ic(n);
  for (int r = 0; r < n; ++r) {
    const Transform<double>& L = link_in_joint[r];
    com[r] = L.inverse().apply(model.com[r]);
    Ic[r] = L.R.transpose() * model.inertia_com[r] * L.R;
    plan_com(com[r], model.body_names[r], length[r + 1]);
  }
  for (int k = 0; k <= n; ++k) namer.make_length(k, length[k]);

  // [Craig] (3.6): ^{i-1}T_i = Rx(alpha) Tx(a) Rz(theta) Tz(d); standard: Rz(theta) Tz(d) Tx(a) Rx(alpha),
  // the joint's own Rz(q) / Tz(q) following the Rz(theta) Tz(d) part (see dh_row_placements).
  const Transform<Sym> base = exact_transform(model.tree[0] * origin[0].inverse());
  std::vector<Transform<Sym>> L(n);
  for (int r = 0; r < n; ++r) {
    const DhRow& row = dh.rows[r];
    const GiNaC::ex a = signed_length(row.a, length[modified ? r : r + 1]);
    const Transform<Sym> z_part = rot_z(exact_angle(row.theta)) * shift(0, 0, offset(namer, row, r + 1));
    const Transform<Sym> x_part = modified ? rot_x(exact_angle(row.alpha)) * shift(a, 0, 0)
                                           : shift(a, 0, 0) * rot_x(exact_angle(row.alpha));
    const Transform<Sym> o = modified ? x_part * z_part : z_part;
    L[r] = modified ? Transform<Sym>() : x_part;
    out.model.tree[r] = (r == 0 ? base : L[r - 1]) * o;
  }
  for (int r = 0; r < n; ++r) {
    const std::string& link = model.body_names[r];
    const Vec3<Sym> c = L[r].apply(namer.com(r + 1, com[r], length[r + 1], link));
    const double scale = model.mass[r] * model.com[r].squaredNorm();
    const Mat3<Sym> I = L[r].R * namer.inertia(r + 1, Ic[r], link, scale) * L[r].R.transpose();
    set_inertial(out, r, namer.mass(r + 1, model.mass[r], link), c, I);
  }
}

}  // namespace armdyn::symbolic_detail
