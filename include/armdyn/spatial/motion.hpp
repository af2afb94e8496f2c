#pragma once
// Spatial motion and force vectors, angular part first (Featherstone's order), both referred to
// the origin of the frame they are expressed in.
//   Motion: w = angular velocity (or acceleration), v = linear velocity of the frame origin.
//   Force:  n = moment about the frame origin, f = force.
// Flop counts are for double; S(0) entries are not skipped.
#include "armdyn/core/types.hpp"

namespace armdyn {

template <class S> struct Motion {
  Vec3<S> w = Vec3<S>::Zero();
  Vec3<S> v = Vec3<S>::Zero();
};

template <class S> struct Force {
  Vec3<S> n = Vec3<S>::Zero();
  Vec3<S> f = Vec3<S>::Zero();
};

/// Spatial cross product for motions, a x b (Featherstone's crm(a) b): 12 mul, 9 add.
template <class S> Motion<S> cross_motion(const Motion<S>& a, const Motion<S>& b) {
  return Motion<S>{a.w.cross(b.w), a.w.cross(b.v) + a.v.cross(b.w)};
}

/// Spatial cross product for forces, a x* f (Featherstone's crf(a) f): 12 mul, 9 add.
template <class S> Force<S> cross_force(const Motion<S>& a, const Force<S>& f) {
  return Force<S>{a.w.cross(f.n) + a.v.cross(f.f), a.w.cross(f.f)};
}

/// Power of a force on a motion: m . f.
template <class S> S dot(const Motion<S>& m, const Force<S>& f) { return m.w.dot(f.n) + m.v.dot(f.f); }

}  // namespace armdyn
