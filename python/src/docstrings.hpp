#pragma once
// The docstrings of the evaluation functions: shapes and units. n = model.nq; every joint-space
// argument is one state (n,) or a batch of m states (m, n); SI units (rad, m, s, kg, N, N m).
namespace armdyn::python::doc {

#define ARMDYN_BATCH_NOTE                                                                                   \
  "\n\nq, v, a, tau: array-likes of shape (n,), or (m, n) for a batch of m states (float64 results of "     \
  "shape (m, ...), computed in parallel with the GIL released, equal bit for bit to a loop over the "     \
  "states). data: model.create_data(), or None for a temporary one (a batch uses its own per thread). "   \
  "Raises ValueError for a wrong shape or a non-finite value, naming the argument."

inline constexpr const char* rnea =
    "rnea(model, data, q, v, a, f_ext=None, f_ext_axes='world') -> tau\n\n"
    "Inverse dynamics by the recursive Newton-Euler algorithm: tau = M(q) a + C(q, v) v + g(q) - "
    "sum_i J_i^T f_i. q: rad or m; v: rad/s or m/s; a: rad/s^2 or m/s^2; tau: N m or N, shape (n,) "
    "or (m, n).\n\nf_ext: external wrenches acting on the bodies, the same for every state of a batch: "
    "either a dict {frame name or index: [fx, fy, fz, nx, ny, nz]}, the force in N and the moment in N m "
    "about the frame's origin, in the base axes (f_ext_axes='world', as `armdyn eval` reads \"f_ext\") or "
    "the frame's own axes ('local'); several frames may be on one body; or an array of shape "
    "(nbodies, 6) with each body's wrench [f; n] in its joint frame (z along the joint axis) about "
    "that frame's origin (f_ext_axes is then not used)." ARMDYN_BATCH_NOTE;

inline constexpr const char* crba =
    "crba(model, data, q) -> M\n\nJoint-space mass matrix M(q) by the composite-rigid-body algorithm, "
    "full and symmetric, shape (n, n) or (m, n, n); kg m^2 (revolute rows and columns), kg "
    "(prismatic)." ARMDYN_BATCH_NOTE;

inline constexpr const char* nonlinear_effects =
    "nonlinear_effects(model, data, q, v) -> c\n\nc(q, v) = C(q, v) v + g(q), the torques at zero "
    "acceleration, shape (n,) or (m, n); N m or N." ARMDYN_BATCH_NOTE;

inline constexpr const char* gravity =
    "gravity(model, data, q) -> g\n\nGravity torques g(q) (rnea at v = a = 0), shape (n,) or (m, n); "
    "N m or N." ARMDYN_BATCH_NOTE;

inline constexpr const char* coriolis_matrix =
    "coriolis_matrix(model, data, q, v) -> C\n\nThe Coriolis matrix from the Christoffel symbols: "
    "C v = c - g and dM/dt - 2 C is skew-symmetric; shape (n, n) or (m, n, n); N m s (revolute). "
    "O(n^3) memory in the data's workspace." ARMDYN_BATCH_NOTE;

inline constexpr const char* mass_matrix_derivatives =
    "mass_matrix_derivatives(model, data, q) -> dM\n\nThe exact derivatives of the mass matrix, dM[k] = "
    "dM/dq_k, shape (n, n, n) or (m, n, n, n). O(n^3) memory in the data's workspace." ARMDYN_BATCH_NOTE;

inline constexpr const char* christoffel_symbols =
    "christoffel_symbols(model, data, q) -> c\n\nChristoffel symbols of the first kind c[i, j, k] = 1/2 "
    "(dM_ij/dq_k + dM_ik/dq_j - dM_jk/dq_i), symmetric in j, k: the velocity terms are "
    "sum_jk c[i, j, k] v_j v_k. Shape (n, n, n) or (m, n, n, n)." ARMDYN_BATCH_NOTE;

inline constexpr const char* centrifugal_matrix =
    "centrifugal_matrix(model, data, q) -> C\n\nCraig's centrifugal matrix (6.63): C[i, j] = c[i, j, j], the "
    "coefficient of v_j^2; shape (n, n) or (m, n, n)." ARMDYN_BATCH_NOTE;

inline constexpr const char* coriolis_coefficients =
    "coriolis_coefficients(model, data, q) -> B\n\nCraig's Coriolis matrix B (6.63): B[i, (j, k)] = 2 c[i, j, k] "
    "for j < k, columns ordered (0, 1), (0, 2), ..., (n-2, n-1); shape (n, n(n-1)/2) or (m, n, "
    "n(n-1)/2). With C above: c - g = B [v_j v_k] + C [v_j^2]." ARMDYN_BATCH_NOTE;

inline constexpr const char* forward_dynamics =
    "forward_dynamics(model, data, q, v, tau, method='aba') -> a\n\nForward dynamics a = M(q)^-1 "
    "(tau - c(q, v)), shape (n,) or (m, n); rad/s^2 or m/s^2. method: 'aba' (articulated-body, O(n)), "
    "'crba' (mass matrix + LDL^T) or 'walker-orin' (strobed Newton-Euler + elimination); they agree "
    "to round-off." ARMDYN_BATCH_NOTE;

inline constexpr const char* aba =
    "aba(model, data, q, v, tau) -> a\n\nForward dynamics by the articulated-body algorithm, shape "
    "(n,) or (m, n); rad/s^2 or m/s^2." ARMDYN_BATCH_NOTE;

inline constexpr const char* kinetic_energy =
    "kinetic_energy(model, data, q, v) -> T\n\nKinetic energy 1/2 v^T M(q) v in J: a float, or shape "
    "(m,) for a batch." ARMDYN_BATCH_NOTE;

inline constexpr const char* potential_energy =
    "potential_energy(model, data, q) -> U\n\nPotential energy -sum_i m_i g . c_i in J (zero when every "
    "centre of mass is at the base origin): a float, or shape (m,) for a batch." ARMDYN_BATCH_NOTE;

inline constexpr const char* forward_kinematics =
    "forward_kinematics(model, data, q) -> placements\n\nPlacement of every body's joint frame in the "
    "base frame, homogeneous 4x4 matrices (m), shape (nbodies, 4, 4) or (m, nbodies, 4, 4)." ARMDYN_BATCH_NOTE;

inline constexpr const char* frame_placement =
    "frame_placement(model, data, q, frame) -> T\n\nPlacement of a named frame (name or index of "
    "model.frame_names) in the base frame: the 4x4 homogeneous matrix [R p; 0 1] with x_base = R x_frame "
    "+ p (p in m), shape (4, 4) or (m, 4, 4)." ARMDYN_BATCH_NOTE;

inline constexpr const char* jacobian =
    "jacobian(model, data, q, frame, frame_axes='world') -> J\n\nGeometric Jacobian of a named frame, "
    "shape (6, n) or (m, 6, n): rows 0-2 map v to the velocity of the frame origin (m/s), rows 3-5 to "
    "the frame's angular velocity (rad/s), in the base axes (frame_axes='world') or the frame's own "
    "axes ('local'). Joints off the frame's path give zero columns." ARMDYN_BATCH_NOTE;

inline constexpr const char* frame_velocity =
    "frame_velocity(model, data, q, v, frame) -> [v_origin; w]\n\nVelocity of a named frame in the base "
    "axes (equal to jacobian(...) @ v): the velocity of its origin (m/s) then its angular velocity "
    "(rad/s), shape (6,) or (m, 6)." ARMDYN_BATCH_NOTE;

inline constexpr const char* frame_acceleration =
    "frame_acceleration(model, data, q, v, a, frame) -> [d2p/dt2; dw/dt]\n\nClassical acceleration of a "
    "named frame in the base axes (J a + dJ/dt v; gravity not included): the acceleration of its origin "
    "(m/s^2) then its angular acceleration (rad/s^2), shape (6,) or (m, 6)." ARMDYN_BATCH_NOTE;

#undef ARMDYN_BATCH_NOTE

}  // namespace armdyn::python::doc
