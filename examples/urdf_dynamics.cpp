// Example: load a URDF and compute the mass matrix M(q), the inverse dynamics tau = rnea(q, v, a)
// and the forward dynamics qdd = M^-1 (tau - c), which gives back a.
//   urdf_dynamics ARM.urdf            (e.g. tests/data/models/ur5.urdf)
#include <cstdio>
#include <exception>

#include <armdyn/armdyn.hpp>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s ARM.urdf\n", argv[0]);
    return 2;
  }
  try {
    const armdyn::Model model = armdyn::load_model(argv[1]);  // also a built-in name or a .json DH file
    armdyn::Data data(model);                                  // the workspace: one per thread
    const int n = model.dof;

    // A state: every joint at 0.3 rad, moving at 0.5 rad/s, accelerating at 1 rad/s^2.
    const Eigen::VectorXd q = Eigen::VectorXd::Constant(n, 0.3);
    const Eigen::VectorXd v = Eigen::VectorXd::Constant(n, 0.5);
    const Eigen::VectorXd a = Eigen::VectorXd::Constant(n, 1.0);

    // The results live in `data` until its next use: copy what you keep.
    const Eigen::MatrixXd M = armdyn::crba(model, data, q);                // mass matrix
    const Eigen::VectorXd tau = armdyn::rnea(model, data, q, v, a);        // inverse dynamics
    const Eigen::VectorXd qdd = armdyn::forward_dynamics(model, data, q, v, tau);  // forward dynamics

    std::printf("model '%s', %d joints\n", model.name.c_str(), n);
    for (int i = 0; i < n; ++i) std::printf("  joint %d: %s\n", i + 1, model.joint_names[i].c_str());
    std::printf("M(q) =\n");
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) std::printf(" %10.5f", M(i, j));
      std::printf("\n");
    }
    std::printf("tau =");
    for (int i = 0; i < n; ++i) std::printf(" %.6f", tau[i]);
    std::printf("\nqdd =");
    for (int i = 0; i < n; ++i) std::printf(" %.6f", qdd[i]);
    const double error = (qdd - a).cwiseAbs().maxCoeff();
    std::printf("\nforward dynamics of tau gives back a: max |qdd - a| = %.3g\n", error);
    if (error > 1e-9) {
      std::printf("FAIL: the round trip is off\n");
      return 1;
    }
    std::printf("round trip OK\n");
    return 0;
  } catch (const std::exception& e) {  // armdyn::InputError names the file, line and field
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
}
