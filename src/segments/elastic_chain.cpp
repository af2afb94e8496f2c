// The micro model's inputs from a model's nominal motion; see segments/micro_dynamics.hpp.
#include <algorithm>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/segments/micro_dynamics.hpp"

namespace armdyn::segments {

namespace {

// The last link's tip, body frame: its segment's end, else its farthest frame, else its origin.
Vec3<double> last_tip(const Model& model, const SegmentSet& segments) {
  const int b = model.dof - 1;
  if (segments[b]) return segments.geometry(b).axis * segments.geometry(b).length;
  Vec3<double> best = Vec3<double>::Zero();
  for (const Frame<double>& f : model.frames)
    if (f.body == b && f.placement.p.norm() > best.norm()) best = f.placement.p;
  return best;
}

}  // namespace

ElasticChain::ElasticChain(const Model& model, const SegmentSet& segments) : model_(&model) {
  const std::string& src = segments.source().empty() ? std::string("segments") : segments.source();
  if (segments.size() != model.dof)
    throw InputError(src + ": the segments are for " + std::to_string(segments.size()) + " links; model '" +
                     model.name + "' has " + std::to_string(model.dof));
  if (segments.empty()) throw InputError(src + ": gives no link a section (no elastic segment)");
  for (int i = 0; i < model.dof; ++i)
    if (model.parent[static_cast<std::size_t>(i)] != i - 1)
      throw InputError(src + ": the elastic model needs a serial chain; model '" + model.name + "' branches at '" +
                       model.body_names[static_cast<std::size_t>(i)] + "'");
  const auto n = static_cast<std::size_t>(model.dof);
  has_segment_.assign(n, false);
  cane_.assign(n, InfluenceCoefficients{});
  section_in_body_.assign(n, Mat3<double>::Identity());
  for (int i = 0; i < model.dof; ++i) {
    const std::optional<Segment>& s = segments[i];
    if (!s) continue;
    const auto k = static_cast<std::size_t>(i);
    has_segment_[k] = true;
    cane_[k] = cane_influence(section_properties(s->section), s->material, segments.geometry(i).length);
    section_in_body_[k] = segments.geometry(i).rotation();
  }
  last_end_ = last_tip(model, segments);
}

void ElasticChain::state(DataTpl<double>& data, VecIn<double> q, VecIn<double> v, VecIn<double> a,
                         const std::vector<Force<double>>* fext, ElasticChainState& out) const {
  const Model& model = *model_;
  const int n = model.dof;
  forward_kinematics(model, data, q);
  if (fext) out.loads.body_wrenches = *fext;  // the same size at every call: no allocation after the first
  rnea(model, data, q, v, a, fext ? &out.loads : nullptr);  // data.v, data.a (gravity folded in: a_0 = −g), data.f
  out.resize(n);
  for (int i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    const Transform<double>& X = data.oMb[k];
    // The tip S_{i+1}, body frame, and the cane vector, base axes.
    const Vec3<double> tip = i + 1 < n ? Vec3<double>(X.R.transpose() * (data.oMb[k + 1].p - X.p)) : last_end_;
    out.l[k] = X.R * tip;
    if (has_segment_[k]) out.flex[k] = in_base_axes(cane_[k], X.R * section_in_body_[k]);
    // Lever rule along the cane.
    const double len2 = tip.squaredNorm();
    const double share = len2 > 0 ? std::clamp(model.com[k].dot(tip) / len2, 0.0, 1.0) : 0.0;
    out.mu_up[k] = model.mass[k] * share;
    out.mu_d[k] = model.mass[k] - out.mu_up[k];
    // g − w of the tip: minus its classical acceleration with −g folded in (body frame first).
    const Motion<double>& vb = data.v[k];
    const Motion<double>& ab = data.a[k];
    const Vec3<double> acc = ab.v + ab.w.cross(tip) + vb.w.cross(vb.v + vb.w.cross(tip));
    out.g_minus_w[k] = -(X.R * acc);
    // Nominal tip load: minus the next joint's reaction (about S_{i+1}) and the link's external
    // wrench (body frame, about its origin) moved to the tip.
    Vec3<double> F = Vec3<double>::Zero(), M = Vec3<double>::Zero();
    if (i + 1 < n) {
      const Mat3<double>& Rn = data.oMb[k + 1].R;
      F -= Rn * data.f[k + 1].f;
      M -= Rn * data.f[k + 1].n;
    }
    if (fext) {
      const Force<double>& e = (*fext)[k];
      const Vec3<double> Fe = X.R * e.f;
      F += Fe;
      M += X.R * e.n - out.l[k].cross(Fe);
    }
    out.tip_force[k] = F;
    out.tip_moment[k] = M;
    out.joint_axis[k] = X.R.col(2);
    out.prismatic[k] = model.joint_type[k] == JointType::kPrismatic;
  }
}

}  // namespace armdyn::segments
