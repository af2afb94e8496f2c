#pragma once
// The numbers of a JSON array (a vector) or an array of arrays (a matrix, by rows) as Eigen
// objects, for tests that read the tool's JSON output; json and ordered_json alike.
#include <Eigen/Core>

#include "armdyn/core/types.hpp"

namespace armdyn::test {

template <class Json> VecX<double> vector_of(const Json& j) {
  VecX<double> x(static_cast<Eigen::Index>(j.size()));
  for (std::size_t k = 0; k < j.size(); ++k) x[static_cast<Eigen::Index>(k)] = j[k].template get<double>();
  return x;
}

template <class Json> MatX<double> matrix_of(const Json& j) {
  MatX<double> m(static_cast<Eigen::Index>(j.size()), static_cast<Eigen::Index>(j.empty() ? 0 : j[0].size()));
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c)
      m(r, c) = j[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)].template get<double>();
  return m;
}

}  // namespace armdyn::test
