// armdyn_peers: Orocos KDL behind a plain C++ interface.
//
// Only std types and raw double pointers cross this header: Debian's KDL is built for baseline
// x86-64 while armdyn may be compiled with -march=native (ARMDYN_NATIVE), so no Eigen/KDL
// object may be shared between the two sides (Eigen's alignment/vectorisation assumptions would
// differ).
// Vectors are length dof(); matrices are row-major; nothing is allocated on the hot path.
#pragma once

#include <memory>
#include <string>
#include <vector>

#ifndef ARMDYN_PEERS_API
#define ARMDYN_PEERS_API __attribute__((visibility("default")))
#endif

namespace armdyn::peers {

class ARMDYN_PEERS_API KdlPeer {
 public:
  // Builds a KDL::Chain from a URDF (parsed with urdfdom; origins' xyz/rpy read verbatim from the
  // file and turned into R = Rz(yaw) Ry(pitch) Rx(roll)). One segment per movable
  // (revolute/continuous/prismatic) joint on the path root link -> tip_link; the links hanging
  // off a moving link through fixed joints are lumped into it (parallel-axis theorem). The root
  // link and everything welded to it is the fixed base (its inertia is ignored).
  // tip_link "" = the last moving link of the model's unique chain (throws if the model branches).
  // If tip_link is welded to the last moving link through fixed joints, that placement is used by
  // tip_pose() only (the dynamics chain always has exactly dof() segments).
  // Throws std::runtime_error with a message naming the file on any failure.
  static std::unique_ptr<KdlPeer> from_urdf(const std::string& urdf_path,
                                            const std::string& tip_link = "");
  ~KdlPeer();
  KdlPeer(const KdlPeer&) = delete;
  KdlPeer& operator=(const KdlPeer&) = delete;

  int dof() const;
  const std::vector<std::string>& joint_names() const;  // chain order
  const std::string& tip_link() const;                  // the frame tip_pose() reports

  void set_gravity(const double g[3]);  // default {0, 0, -9.81}; rebuilds the solvers

  // ChainIdSolver_RNE: tau = M(q) a + C(q,v) v + g(q)
  void inverse_dynamics(const double* q, const double* v, const double* a, double* tau);
  // ChainDynParam::JntToMass, n x n row-major
  void mass_matrix(const double* q, double* M);
  // ChainDynParam::JntToCoriolis: C(q,v) v
  void coriolis(const double* q, const double* v, double* c);
  // ChainDynParam::JntToGravity: g(q)
  void gravity(const double* q, double* g);
  // ChainFdSolver_RNE (CRBA + RNE + LDL): qdd = M^-1 (tau - C v - g)
  void forward_dynamics(const double* q, const double* v, const double* tau, double* qdd);
  // ChainHdSolver_Vereshchagin with no constraints (nc = 0), root acceleration = -gravity
  void forward_dynamics_vereshchagin(const double* q, const double* v, const double* tau,
                                     double* qdd);
  // ChainFkSolverPos_recursive: 4x4 row-major pose of tip_link() in the root link frame
  void tip_pose(const double* q, double* T);
  // ChainJntToJacSolver, reference point moved to tip_link()'s origin: 6 x n row-major, rows
  // the velocity of that origin then the angular velocity, both in the root link's axes
  void jacobian(const double* q, double* J);

 private:
  struct Impl;
  explicit KdlPeer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace armdyn::peers
