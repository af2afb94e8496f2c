// MuJoCo adapter: one mjModel + one mjData, allocated at construction.
// Compiled for baseline x86-64 like Debian's libmujoco (never with -march=native).
#include "armdyn_peers/mujoco_peer.hpp"

#include <stdexcept>
#include <utility>

#include <mujoco/mujoco.h>

namespace armdyn::peers {

struct MujocoPeer::Impl {
  mjModel* m = nullptr;
  mjData* d = nullptr;
  int n = 0;   // nv
  int nq = 0;  // more than nv with ball and free joints (quaternions)
  std::vector<std::string> names;

  ~Impl() {
    if (d) mj_deleteData(d);
    if (m) mj_deleteModel(m);
  }

  void set_state(const double* q, const double* v) {
    for (int i = 0; i < nq; ++i) d->qpos[i] = q[i];
    if (v)
      for (int i = 0; i < n; ++i) d->qvel[i] = v[i];
  }
};

MujocoPeer::MujocoPeer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
MujocoPeer::~MujocoPeer() = default;

std::unique_ptr<MujocoPeer> MujocoPeer::from_xml(const std::string& mjcf_path) {
  auto impl = std::make_unique<Impl>();
  char error[1024] = "";
  impl->m = mj_loadXML(mjcf_path.c_str(), nullptr, error, sizeof error);
  if (!impl->m)
    throw std::runtime_error("armdyn_peers::MujocoPeer: " + mjcf_path + ": " +
                             (error[0] ? std::string(error) : std::string("mj_loadXML failed")));
  mjModel* m = impl->m;
  impl->n = m->nv;
  impl->nq = m->nq;
  for (int j = 0; j < m->njnt; ++j) {
    const char* name = mj_id2name(m, mjOBJ_JOINT, j);
    impl->names.emplace_back(name ? name : "");
  }
  // Forward dynamics = smooth dynamics only: M qdd = qfrc_applied - qfrc_bias.
  m->opt.disableflags |= mjDSBL_CONTACT | mjDSBL_CONSTRAINT | mjDSBL_PASSIVE |
                         mjDSBL_ACTUATION | mjDSBL_SENSOR;
  impl->d = mj_makeData(m);
  if (!impl->d) throw std::runtime_error("armdyn_peers::MujocoPeer: " + mjcf_path + ": mj_makeData failed");
  return std::unique_ptr<MujocoPeer>(new MujocoPeer(std::move(impl)));
}

int MujocoPeer::dof() const { return impl_->n; }
int MujocoPeer::nq() const { return impl_->nq; }
const std::vector<std::string>& MujocoPeer::joint_names() const { return impl_->names; }

void MujocoPeer::set_gravity(const double g[3]) {
  for (int i = 0; i < 3; ++i) impl_->m->opt.gravity[i] = g[i];
}

void MujocoPeer::inverse_dynamics(const double* q, const double* v, const double* a, double* tau) {
  Impl& s = *impl_;
  s.set_state(q, v);
  for (int i = 0; i < s.n; ++i) s.d->qacc[i] = a[i];
  mj_kinematics(s.m, s.d);
  mj_comPos(s.m, s.d);
  mj_comVel(s.m, s.d);
  mj_rne(s.m, s.d, 1, tau);
}

void MujocoPeer::mass_matrix(const double* q, double* M) {
  Impl& s = *impl_;
  s.set_state(q, nullptr);
  mj_kinematics(s.m, s.d);
  mj_comPos(s.m, s.d);
  mj_crb(s.m, s.d);
  mj_fullM(s.m, M, s.d->qM);
}

void MujocoPeer::bias(const double* q, const double* v, double* c) {
  Impl& s = *impl_;
  s.set_state(q, v);
  mj_kinematics(s.m, s.d);
  mj_comPos(s.m, s.d);
  mj_comVel(s.m, s.d);
  mj_rne(s.m, s.d, 0, c);
}

void MujocoPeer::forward_dynamics(const double* q, const double* v, const double* tau,
                                  double* qdd) {
  Impl& s = *impl_;
  s.set_state(q, v);
  for (int i = 0; i < s.n; ++i) s.d->qfrc_applied[i] = tau[i];
  mj_forward(s.m, s.d);
  for (int i = 0; i < s.n; ++i) qdd[i] = s.d->qacc[i];
}

void MujocoPeer::constrained_forward_dynamics(const double* q, const double* v, const double* tau, double* qdd,
                                              double* force) {
  Impl& s = *impl_;
  const int saved = s.m->opt.disableflags;
  s.m->opt.disableflags &= ~mjDSBL_CONSTRAINT;
  s.set_state(q, v);
  for (int i = 0; i < s.n; ++i) s.d->qfrc_applied[i] = tau[i];
  mj_forward(s.m, s.d);
  s.m->opt.disableflags = saved;
  for (int i = 0; i < s.n; ++i) qdd[i] = s.d->qacc[i];
  for (int i = 0; i < s.d->nefc; ++i) force[i] = s.d->efc_force[i];
}

void MujocoPeer::jacobian(const double* q, double* J) {
  Impl& s = *impl_;
  s.set_state(q, nullptr);
  mj_kinematics(s.m, s.d);
  mj_comPos(s.m, s.d);
  mj_jacBody(s.m, s.d, J, J + 3 * s.n, s.m->nbody - 1);
}

}  // namespace armdyn::peers
