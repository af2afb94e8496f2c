#include "armdyn/model/payload.hpp"

#include <cmath>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/core/magnitude.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/model/builder.hpp"

namespace armdyn {

bool payload_is_empty(const Payload& p) { return p.mass == 0 && (p.inertia.array() == 0).all(); }

template <class S> Inertia<S> payload_body_inertia(const ModelTpl<S>& model, int frame, const Payload& payload) {
  if (frame < 0 || frame >= static_cast<int>(model.frames.size()))
    throw ModelError(model.source, "payload", "frame",
                     "index " + std::to_string(frame) + " out of range (model '" + printable(model.name) + "' has " +
                         std::to_string(model.frames.size()) + " frames)");
  const Frame<S>& held_by = model.frames[frame];
  const std::string place = "payload at frame '" + printable(held_by.name) + "'";
  if (held_by.body < 0)
    throw ModelError(model.source, place, "",
                     "the frame is fixed to the base (a payload there moves with no joint; hold it by a frame of a "
                     "moving link)");
  for (int k = 0; k < 3; ++k)
    if (const std::string problem = magnitude_problem(payload.com[k]); !problem.empty())
      throw ModelError(model.source, place, "com", problem);
  // The builder's own check of an inertial block: finite, within 1e50, not subnormal, mass >= 0,
  // inertia symmetric, positive semi-definite, principal moments within the triangle inequality.
  ModelBuilder(model.source, model.name).check_inertial(place, LinkInertial{payload.mass, payload.com, payload.inertia, ""});
  // The payload in the body frame: its centre of mass placed by the frame, its inertia about the
  // centre of mass turned into the body's axes (R I R^T), then about the body origin by the
  // parallel-axis theorem ([Craig] (6.25)), as the builder adds a welded link's inertia.
  const Transform<S>& X = held_by.placement;
  const Vec3<S> c = X.apply(Vec3<S>(payload.com.template cast<S>()));
  const Mat3<S> Ic = X.R * payload.inertia.template cast<S>() * X.R.transpose();
  return Inertia<S>::from_com(S(payload.mass), c, Ic);
}

template <class S> ModelTpl<S> with_payload(const ModelTpl<S>& model, int frame, const Payload& payload) {
  const Inertia<S> added = payload_body_inertia(model, frame, payload);
  if (payload_is_empty(payload)) return model;  // nothing to add: the same model, bit for bit
  const int b = model.frames[frame].body;
  ModelTpl<S> out = model;
  Inertia<S>& I = out.inertia[b];
  I += added;
  // The per-body parameters recomputed from the combined spatial inertia as the builder derives
  // them: mass, centre of mass h/m, rotational inertia about it (symmetrised).
  out.mass[b] = I.m;
  const Vec3<S> com = I.m > S(0) ? Vec3<S>(I.h / I.m) : Vec3<S>(Vec3<S>::Zero());
  const Mat3<S> about_com = I.I - I.m * (com.squaredNorm() * Mat3<S>::Identity() - com * com.transpose());
  out.com[b] = com;
  out.inertia_com[b] = S(0.5) * (about_com + about_com.transpose());
  return out;
}

template Inertia<double> payload_body_inertia(const ModelTpl<double>&, int, const Payload&);
template ModelTpl<double> with_payload(const ModelTpl<double>&, int, const Payload&);

}  // namespace armdyn
