// armdyn_peers: MuJoCo behind a plain C++ interface.
//
// Only std types and raw double pointers cross this header (see kdl_peer.hpp for why).
// Vectors are length dof() (= nv), but joint positions q, which are length nq() (a ball joint's
// orientation is a unit quaternion w, x, y, z: 4 numbers for 3 velocities; a free joint's 7 for 6,
// position first); matrices are row-major; mjData is allocated once at construction
// and nothing is allocated on the hot path. Not thread-safe (one mjData per peer).
#pragma once

#include <memory>
#include <string>
#include <vector>

#ifndef ARMDYN_PEERS_API
#define ARMDYN_PEERS_API __attribute__((visibility("default")))
#endif

namespace armdyn::peers {

class ARMDYN_PEERS_API MujocoPeer {
 public:
  // mj_loadXML. Throws std::runtime_error with MuJoCo's message on failure.
  static std::unique_ptr<MujocoPeer> from_xml(const std::string& mjcf_path);
  ~MujocoPeer();
  MujocoPeer(const MujocoPeer&) = delete;
  MujocoPeer& operator=(const MujocoPeer&) = delete;

  int dof() const;
  int nq() const;
  const std::vector<std::string>& joint_names() const;  // dof order

  void set_gravity(const double g[3]);  // m->opt.gravity; default: the file's (MuJoCo: 0 0 -9.81)

  // mj_kinematics, mj_comPos, mj_comVel, mj_rne(flg_acc = 1): tau = M a + C v + g
  void inverse_dynamics(const double* q, const double* v, const double* a, double* tau);
  // mj_kinematics, mj_comPos, mj_crb, mj_fullM: dense n x n row-major (includes armature)
  void mass_matrix(const double* q, double* M);
  // mj_rne(flg_acc = 0): C(q,v) v + g(q)
  void bias(const double* q, const double* v, double* c);
  // mj_forward with contact, constraint, passive, actuation and sensor stages disabled;
  // tau goes into qfrc_applied, qdd is qacc.
  void forward_dynamics(const double* q, const double* v, const double* tau, double* qdd);
  // mj_forward with the file's equality constraints on (contacts, passive forces, actuation
  // off): qdd is qacc, and force (length 3 x the number of equality constraints) efc_force of
  // their rows; for a connect constraint the force on body1 at its anchor, world axes. MuJoCo's
  // constraints are soft: the result approaches the rigid one as solimp's impedance approaches 1.
  void constrained_forward_dynamics(const double* q, const double* v, const double* tau, double* qdd,
                                    double* force);
  // mj_kinematics, mj_comPos, mj_jacBody of the file's last body: 6 x n row-major, rows the
  // velocity of that body's origin then its angular velocity, world axes
  void jacobian(const double* q, double* J);

 private:
  struct Impl;
  explicit MujocoPeer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace armdyn::peers
