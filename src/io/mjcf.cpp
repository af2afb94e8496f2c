// The MJCF reader: mj_loadXML compiles the file, the compiled mjModel's arrays become a Model
// through ModelBuilder. Built only with libmujoco (ARMDYN_WITH_MJCF); mjcf_unavailable.cpp
// stands in otherwise.
#include "armdyn/io/mjcf.hpp"

#include <mujoco/mujoco.h>

#include <Eigen/Geometry>

#include <algorithm>
#include <climits>
#include <utility>
#include <limits>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/core/input_file.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/dynamics/dependent_joint.hpp"
#include "armdyn/model/builder.hpp"
#include "mjcf_request.hpp"

namespace armdyn {

namespace {

struct MjModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
using MjModelPtr = std::unique_ptr<mjModel, MjModelDeleter>;

/// MuJoCo's name of object `id`, or "<kind><id>" for an unnamed one.
std::string mj_name(const mjModel& m, mjtObj type, int id, const char* kind) {
  const char* name = mj_id2name(&m, type, id);
  return name && *name ? std::string(name) : std::string(kind) + std::to_string(id);
}

Transform<double> mj_pose(const mjtNum* pos, const mjtNum* quat) {
  Transform<double> X;
  X.R = Eigen::Quaterniond(quat[0], quat[1], quat[2], quat[3]).normalized().toRotationMatrix();
  X.p = Vec3<double>(pos[0], pos[1], pos[2]);
  return X;
}

Transform<double> translation(const Vec3<double>& p) {
  Transform<double> X;
  X.p = p;
  return X;
}

/// mj_loadXML of `text`, read from `path`, under one lock (the XML loader keeps global state),
/// MuJoCo's error or warning text in `message`. MuJoCo compiles the text given (through its
/// virtual file system), not the file again: what was checked is what is compiled. Files the
/// model names (includes, meshes) it reads relative to `path`'s folder, as usual.
MjModelPtr compile_mjcf(const std::string& path, const std::string& text_read, std::string& message) {
  static std::mutex loader;
  char error[1000] = "";
  std::lock_guard<std::mutex> lock(loader);
  struct VfsDeleter {
    void operator()(mjVFS* vfs) const {
      mj_deleteVFS(vfs);
      delete vfs;
    }
  };
  std::unique_ptr<mjVFS, VfsDeleter> vfs(new mjVFS);
  mj_defaultVFS(vfs.get());
  // MuJoCo finds a file in its VFS by the name without its folder (and reads the disk otherwise):
  // a name no included file has, in the model's folder, so that relative paths still resolve.
  const std::string name = "armdyn-checked-text-" + std::filesystem::path(path).filename().string();
  const std::string vfs_path = (std::filesystem::path(path).parent_path() / name).string();
  if (name.size() >= mjMAXVFSNAME || text_read.size() > static_cast<std::size_t>(INT_MAX) ||
      mj_makeEmptyFileVFS(vfs.get(), name.c_str(), static_cast<int>(text_read.size())) != 0)
    throw InputError(path + ": cannot be handed to MuJoCo (file name of " + std::to_string(name.size()) +
                     " bytes, or the text too long)");
  const int id = mj_findFileVFS(vfs.get(), name.c_str());
  if (id < 0) throw InputError(path + ": cannot be handed to MuJoCo");
  std::copy(text_read.begin(), text_read.end(), static_cast<char*>(vfs->filedata[id]));
  MjModelPtr m(mj_loadXML(vfs_path.c_str(), vfs.get(), error, sizeof error));
  // MuJoCo's messages run over lines ("Error: ...\nElement 'body', line 3"): one line here.
  std::string text;
  for (const char* c = error; *c; ++c) {
    const bool space = *c == '\n' || *c == '\r' || *c == '\t' || *c == ' ';
    if (!space) text += *c;
    else if (!text.empty() && text.back() != ' ') text += ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at))
    text.replace(at, name.size(), std::filesystem::path(path).filename().string());  // the user's name of the file
  message = printable(text.substr(0, 400));
  return m;
}

class MjcfReader {
 public:
  MjcfReader(const mjModel& m, const std::string& source)
      : m_(m), source_(source), builder_(source, m.nnames > 0 ? std::string(m.names) : std::string()) {}

  Model read() {
    refuse_unmodelled();
    builder_.set_base_name(mj_name(m_, mjOBJ_BODY, 0, "body"));
    const bool gravity_off = (m_.opt.disableflags & mjDSBL_GRAVITY) != 0;
    builder_.set_gravity(gravity_off ? Vec3<double>::Zero() : Vec3<double>(m_.opt.gravity[0], m_.opt.gravity[1], m_.opt.gravity[2]));
    // Bodies come parents first (MuJoCo's compiled order: depth first, as the file writes them).
    for (int b = 1; b < m_.nbody; ++b) add_body(b);
    for (int s = 0; s < m_.nsite; ++s) add_site(s);
    report_ignored();
    return builder_.build();
  }

 private:
  std::string body_name(int b) const { return mj_name(m_, mjOBJ_BODY, b, "body"); }

  void refuse_unmodelled() const {
    if (m_.ntendon > 0)
      throw ModelError(source_, "tendon '" + printable(mj_name(m_, mjOBJ_TENDON, 0, "tendon")) + "'", "",
                       "tendons are not modelled (the model has " + std::to_string(m_.ntendon) + ")");
    if (m_.neq > 0)
      throw ModelError(source_, "equality '" + printable(mj_name(m_, mjOBJ_EQUALITY, 0, "equality")) + "'", "",
                       "equality constraints are not modelled (the model has " + std::to_string(m_.neq) + ")");
  }

  LinkInertial inertial(int b) const {
    // body_inertia is principal, in the inertial frame (body_ipos, body_iquat): I = R diag R^T.
    const Transform<double> frame = mj_pose(m_.body_ipos + 3 * b, m_.body_iquat + 4 * b);
    const Vec3<double> principal(m_.body_inertia[3 * b], m_.body_inertia[3 * b + 1], m_.body_inertia[3 * b + 2]);
    LinkInertial out;
    out.field_prefix = "inertial/";
    out.mass = m_.body_mass[b];
    out.com = frame.p;
    out.inertia = frame.R * principal.asDiagonal() * frame.R.transpose();
    return out;
  }

  /// MuJoCo moves a body by its joints in order, each about its anchor jnt_pos along jnt_axis (both
  /// in the body frame as moved by the joints before it) by qpos - ref: the joint frame sits at the
  /// anchor turned back by ref, and the body frame is the anchor's negative in the moved joint frame.
  void add_body(int b) {
    const std::string name = body_name(b), parent = body_name(m_.body_parentid[b]);
    const Transform<double> pose = mj_pose(m_.body_pos + 3 * b, m_.body_quat + 4 * b);
    const int first = m_.body_jntadr[b], count = m_.body_jntnum[b];
    if (count == 0) {
      builder_.add_fixed_link(parent, "weld:" + name, pose, name, inertial(b));
      return;
    }
    std::string link_parent = parent;
    Transform<double> origin = pose;
    for (int k = 0; k < count; ++k) {
      const int j = first + k;
      const bool last = k + 1 == count;
      const std::string link = last ? name : name + "/" + mj_name(m_, mjOBJ_JOINT, j, "joint");
      const Vec3<double> anchor(m_.jnt_pos[3 * j], m_.jnt_pos[3 * j + 1], m_.jnt_pos[3 * j + 2]);
      if (m_.jnt_type[j] == mjJNT_BALL || m_.jnt_type[j] == mjJNT_FREE) {
        // qpos holds a unit quaternion (and a free joint's position first): the joint is a quaternion
        // one (model.hpp), q = qpos and v = qvel as MuJoCo's. A ball turns the body about its anchor;
        // a free joint (on a top-level body, its anchor at the origin) places the body frame in the
        // world directly, the body's own pose being only its qpos0.
        CompoundJointSpec spec;
        spec.name = mj_name(m_, mjOBJ_JOINT, j, "joint");
        spec.kind = m_.jnt_type[j] == mjJNT_BALL ? JointKind::kSpherical : JointKind::kFloating;
        spec.euler = "quaternion";
        if (spec.kind == JointKind::kSpherical) {
          spec.origin = origin * translation(anchor);
          spec.link_in_joint = translation(-anchor);
        }
        if (m_.jnt_stiffness[j] != 0) stiff_joints_.push_back(spec.name);
        if (m_.jnt_limited[j]) limited_quaternions_.push_back(spec.name);
        builder_.add_link(link_parent, spec, link, last ? inertial(b) : LinkInertial{});
        link_parent = link;
        origin = Transform<double>();
        continue;
      }
      const Vec3<double> axis(m_.jnt_axis[3 * j], m_.jnt_axis[3 * j + 1], m_.jnt_axis[3 * j + 2]);
      const double ref = m_.qpos0[m_.jnt_qposadr[j]];
      JointSpec spec;
      spec.name = mj_name(m_, mjOBJ_JOINT, j, "joint");
      spec.axis = axis;
      Transform<double> back;  // the joint's ref undone: q = qpos moves the body from its pose at qpos = ref
      if (m_.jnt_type[j] == mjJNT_HINGE) {
        spec.type = JointType::kRevolute;
        back.R = Eigen::AngleAxisd(-ref, axis.normalized()).toRotationMatrix();
      } else {
        spec.type = JointType::kPrismatic;
        back.p = -ref * axis.normalized();
      }
      spec.origin = origin * translation(anchor) * back;
      spec.link_in_joint = translation(-anchor);
      if (m_.jnt_limited[j]) {
        spec.limits.lower = m_.jnt_range[2 * j];
        spec.limits.upper = m_.jnt_range[2 * j + 1];
      }
      if (m_.jnt_stiffness[j] != 0) stiff_joints_.push_back(spec.name);
      builder_.add_link(link_parent, spec, link, last ? inertial(b) : LinkInertial{});
      link_parent = link;
      origin = Transform<double>();
    }
  }

  void add_site(int s) {
    const std::string name = mj_name(m_, mjOBJ_SITE, s, "site");
    const int b = m_.site_bodyid[s];
    for (int other = 0; other < m_.nbody; ++other)
      if (body_name(other) == name) {
        builder_.warn("site '" + printable(name) + "' has a body's name: not kept as a frame");
        return;
      }
    builder_.add_fixed_link(body_name(b), "site:" + name, mj_pose(m_.site_pos + 3 * s, m_.site_quat + 4 * s), name, LinkInertial{});
  }

  void report_ignored() {
    if (!stiff_joints_.empty()) {
      std::string names;
      for (const std::string& n : stiff_joints_) names += (names.empty() ? "'" : ", '") + printable(n) + "'";
      builder_.warn("joint stiffness (a spring towards springref) is not modelled: ignored on " + names);
    }
    if (!limited_quaternions_.empty()) {
      std::string names;
      for (const std::string& n : limited_quaternions_) names += (names.empty() ? "'" : ", '") + printable(n) + "'";
      builder_.warn("a ball joint's range (a cone of rotation) is not modelled: ignored on " + names);
    }
  }

  const mjModel& m_;
  std::string source_;
  ModelBuilder builder_;
  std::vector<std::string> stiff_joints_;
  std::vector<std::string> limited_quaternions_;
};

/// The compiled model of the file at `path`; MuJoCo's warning, if it gave one, in `warning`.
MjModelPtr compile_checked(const std::string& path, std::string& warning) {
  const std::string text = read_input(path);  // within the input limit
  check_mjcf_request(text, path);  // what MuJoCo would allocate, refused before it does
  std::string message;
  MjModelPtr m = compile_mjcf(path, text, message);
  if (!m) throw ModelError(path, "", "", "not a valid MJCF (" + (message.empty() ? std::string("mj_loadXML failed") : message) + ")");
  warning = message;
  return m;
}

/// Each coordinate's armature, damping and frictionloss, from the compile `model` was read from. A
/// hinge or slide is one coordinate; a ball's three and a free joint's six are the bodies of its
/// compound joint, in MuJoCo's order of its dofs (x, y, z, then wx, wy, wz).
std::vector<SourceJointDynamics> joint_dynamics(const mjModel& m, const Model& model) {
  std::vector<SourceJointDynamics> out(static_cast<std::size_t>(model.dof));
  for (int j = 0; j < m.njnt; ++j) {
    const std::string name = mj_name(m, mjOBJ_JOINT, j, "joint");
    int first = model.joint_index(name), count = 1;
    for (const CompoundJoint& c : model.compound_joints)
      if (c.name == name) {
        first = c.first;
        count = c.count;
      }
    if (first < 0) continue;
    const int dofs = m.jnt_type[j] == mjJNT_FREE ? 6 : m.jnt_type[j] == mjJNT_BALL ? 3 : 1;
    if (count != dofs || first + count > model.dof || m.jnt_dofadr[j] + count > m.nv)
      throw ModelError(model.source, "joint '" + printable(name) + "'", "",
                       "its " + std::to_string(dofs) + " degrees of freedom do not match the model's " +
                           std::to_string(count) + " coordinates");
    for (int k = 0; k < count; ++k) {
      const int dof = m.jnt_dofadr[j] + k;
      out[static_cast<std::size_t>(first + k)] = SourceJointDynamics{m.dof_armature[dof], m.dof_damping[dof], m.dof_frictionloss[dof]};
    }
  }
  return out;
}

/// The torque (force) range [lower, upper] one actuator can put on its joint: its force f ranges
/// over gain x ctrlrange when its force is gain x ctrl (a <motor>: fixed gain, no bias), within
/// forcerange when force-limited, and the joint receives gear x f (MuJoCo's actuation model). A
/// bound the actuator does not have is infinite.
std::pair<double, double> joint_torque_range(const mjModel& m, int u) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  double lo = -inf, hi = inf;
  const bool force_is_gain_times_ctrl = m.actuator_gaintype[u] == mjGAIN_FIXED && m.actuator_biastype[u] == mjBIAS_NONE;
  if (force_is_gain_times_ctrl && m.actuator_ctrllimited[u]) {
    const double gain = m.actuator_gainprm[u * mjNGAIN];
    const double a = gain * m.actuator_ctrlrange[2 * u], b = gain * m.actuator_ctrlrange[2 * u + 1];
    lo = std::min(a, b);
    hi = std::max(a, b);
  }
  if (m.actuator_forcelimited[u]) {
    lo = std::max(lo, m.actuator_forcerange[2 * u]);
    hi = std::min(hi, m.actuator_forcerange[2 * u + 1]);
  }
  const double gear = m.actuator_gear[6 * u];
  const double a = gear * lo, b = gear * hi;  // an infinite bound times a zero gear: no torque at all
  if (gear == 0) return {0.0, 0.0};
  return {std::min(a, b), std::max(a, b)};
}

/// The joints' effort limits from the file's actuators (MuJoCo's <motor> and the other
/// actuators on a hinge or slide): each joint's limit is the torque (force) its actuators
/// together can deliver in both directions, min(sum upper, -sum lower), unlimited when they have no
/// bound that way. A joint whose actuators deliver unequal amounts either way gets the smaller, with
/// a warning; an actuator on a ball or free joint, or through a slider-crank or a site, is not read
/// (a warning names it).
void read_actuator_limits(const mjModel& m, Model& model) {
  std::vector<double> lower(static_cast<std::size_t>(model.dof), 0.0), upper(lower);
  std::vector<bool> actuated(lower.size(), false);
  std::string unread, uneven;
  const auto add_name = [](std::string& list, const std::string& name) {
    list += (list.empty() ? "'" : ", '") + printable(name) + "'";
  };
  for (int u = 0; u < m.nu; ++u) {
    const int trn = m.actuator_trntype[u], j = m.actuator_trnid[2 * u];
    const bool one_axis = (trn == mjTRN_JOINT || trn == mjTRN_JOINTINPARENT) && j >= 0 && j < m.njnt &&
                          (m.jnt_type[j] == mjJNT_HINGE || m.jnt_type[j] == mjJNT_SLIDE);
    const int i = one_axis ? model.joint_index(mj_name(m, mjOBJ_JOINT, j, "joint")) : -1;
    if (i < 0) {
      add_name(unread, mj_name(m, mjOBJ_ACTUATOR, u, "actuator"));
      continue;
    }
    const auto [lo, hi] = joint_torque_range(m, u);
    const std::size_t k = static_cast<std::size_t>(i);
    lower[k] += lo;
    upper[k] += hi;
    actuated[k] = true;
  }
  for (std::size_t k = 0; k < lower.size(); ++k) {
    if (!actuated[k]) continue;
    const double effort = std::max(0.0, std::min(upper[k], -lower[k]));
    if (upper[k] != -lower[k]) add_name(uneven, model.joint_names[k]);
    model.limits[k].effort = std::isnan(effort) ? 0.0 : effort;
  }
  if (!unread.empty())
    model.warnings.push_back("actuators not on a hinge or slide joint are not read (no effort limit from them): " + unread);
  if (!uneven.empty())
    model.warnings.push_back("the actuators of " + uneven +
                             " deliver unequal torques (forces) either way: the effort limit is the smaller");
}

}  // namespace

bool mjcf_available() { return true; }

Model load_mjcf(const std::string& path) {
  std::string warning;
  const MjModelPtr m = compile_checked(path, warning);
  Model model = MjcfReader(*m, path).read();
  refuse_dependent_joints(model);
  model.source_dynamics = joint_dynamics(*m, model);
  read_actuator_limits(*m, model);
  if (!warning.empty()) model.warnings.push_back("MuJoCo's compiler: " + warning);
  return model;
}

drives::DriveSet mjcf_drives(const Model& model) {
  if (model.source_dynamics.size() != static_cast<std::size_t>(model.dof))
    throw InputError("actuators 'mjcf': the model '" + printable(model.source) +
                     "' was not loaded from an MJCF file (its joints' armature, damping and frictionloss are read)");
  std::vector<drives::Drive> out(static_cast<std::size_t>(model.dof));
  for (std::size_t i = 0; i < out.size(); ++i) {
    const SourceJointDynamics& s = model.source_dynamics[i];
    drives::Drive& d = out[i];
    d.rotor_inertia = s.armature;  // gear ratio 1: reflected inertia = armature
    d.viscous = s.damping;
    d.coulomb_positive = d.coulomb_negative = s.frictionloss;
  }
  std::vector<std::string> names;
  for (const std::string& n : model.joint_names) names.push_back(printable(n));
  return drives::DriveSet(std::move(out), std::move(names), model.source);
}

}  // namespace armdyn
