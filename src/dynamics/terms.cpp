// Explicit instantiation of the dynamic terms (strobing, Christoffel symbols, Craig's B and C,
// energies) for double, and the size estimate of their workspace.
#include <limits>

#include "armdyn/dynamics/terms_impl.hpp"

namespace armdyn::terms {

std::size_t workspace_bytes(int dof, Storage storage) {
  const long double n = dof > 0 ? dof : 0, d = sizeof(double);
  // Per joint, at most 2 KiB: the gravity-free model copy, its Data and the base-frame arrays.
  // O(n^2): M, the Data's M and LDL^T factor L (doubles), the ancestor table (bytes).
  long double bytes = 2048 * n + 3 * n * n * d + n * n;
  // O(n^3): dM and the Christoffel symbols (n matrices n x n each), Craig's B (n x n(n-1)/2);
  // O(n^2): C, Craig's C and [v v].
  if (storage == Storage::kCubic && n > 0) bytes += (2 * n * n * n + n * n * (n - 1) / 2 + 2 * n * n + n * n / 2) * d;
  const long double most = static_cast<long double>(std::numeric_limits<std::size_t>::max() / 2);
  return static_cast<std::size_t>(bytes < most ? bytes : most);
}

template struct Workspace<double>;
template const MatX<double>& mass_matrix_strobing(const Model&, Workspace<double>&, VecIn<double>);
template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
template const std::vector<MatX<double>>& mass_matrix_derivatives(const Model&, Workspace<double>&, VecIn<double>);
template const std::vector<MatX<double>>& christoffel_symbols(const Model&, Workspace<double>&, VecIn<double>);
template const MatX<double>& coriolis_matrix(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
template const MatX<double>& centrifugal_matrix(const Model&, Workspace<double>&, VecIn<double>);
template const MatX<double>& coriolis_coefficients(const Model&, Workspace<double>&, VecIn<double>);
template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);
template double kinetic_energy(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
template double potential_energy(const Model&, Workspace<double>&, VecIn<double>);
template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>,
                                              VecIn<double>);

}  // namespace armdyn::terms
