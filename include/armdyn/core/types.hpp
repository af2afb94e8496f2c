#pragma once
// Basic fixed- and dynamic-size Eigen aliases used throughout armdyn, templated on the scalar S.
#include <type_traits>

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace armdyn {

template <class S> using Vec3 = Eigen::Matrix<S, 3, 1>;
template <class S> using Mat3 = Eigen::Matrix<S, 3, 3>;
template <class S> using Mat4 = Eigen::Matrix<S, 4, 4>;
template <class S> using Vec6 = Eigen::Matrix<S, 6, 1>;
template <class S> using Mat6 = Eigen::Matrix<S, 6, 6>;
template <class S> using VecX = Eigen::Matrix<S, Eigen::Dynamic, 1>;
template <class S> using MatX = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;

/// Read-only view of a joint-space vector: accepts VecX, Map, segments. A non-deduced context,
/// so that the scalar of an algorithm is deduced from its Model alone.
template <class S> using VecIn = typename std::type_identity<Eigen::Ref<const VecX<S>>>::type;

}  // namespace armdyn
