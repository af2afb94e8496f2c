// KDL adapter: URDF (urdfdom) -> KDL::Chain conversion and preallocated KDL solvers.
// Compiled for baseline x86-64 like Debian's liborocos-kdl (never with -march=native).
#include "armdyn_peers/kdl_peer.hpp"

#include <array>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <kdl/chain.hpp>
#include <kdl/chaindynparam.hpp>
#include <kdl/chainfdsolver_recursive_newton_euler.hpp>
#include <kdl/chainfksolverpos_recursive.hpp>
#include <kdl/chainhdsolver_vereshchagin.hpp>
#include <kdl/chainidsolver_recursive_newton_euler.hpp>
#include <kdl/chainjnttojacsolver.hpp>
#include <kdl/frames.hpp>
#include <kdl/jacobian.hpp>
#include <kdl/jntarray.hpp>
#include <kdl/jntspaceinertiamatrix.hpp>
#include <kdl/rigidbodyinertia.hpp>
#include <kdl/rotationalinertia.hpp>
#include <kdl/segment.hpp>
#include <tinyxml.h>
#include <urdf_model/model.h>
#include <urdf_parser/urdf_parser.h>

namespace armdyn::peers {
namespace {

using Mat3 = std::array<std::array<double, 3>, 3>;

// <origin xyz="..." rpy="..."/> exactly as written in the file (absent attributes are zero).
struct Origin {
  double xyz[3] = {0, 0, 0};
  double rpy[3] = {0, 0, 0};
};

[[noreturn]] void fail(const std::string& file, const std::string& what) {
  throw std::runtime_error("armdyn_peers::KdlPeer: " + file + ": " + what);
}

void parse_triple(const char* text, double out[3], const std::string& file,
                  const std::string& where) {
  if (text == nullptr) return;
  urdf::Vector3 v;
  try {
    v.init(text);  // urdfdom's own locale-independent parser
  } catch (const std::exception& e) {
    fail(file, where + ": " + e.what());
  }
  out[0] = v.x;
  out[1] = v.y;
  out[2] = v.z;
}

Origin parse_origin(const TiXmlElement* parent, const std::string& file,
                    const std::string& where) {
  Origin o;
  const TiXmlElement* e = parent ? parent->FirstChildElement("origin") : nullptr;
  if (e == nullptr) return o;
  parse_triple(e->Attribute("xyz"), o.xyz, file, where + " origin xyz");
  parse_triple(e->Attribute("rpy"), o.rpy, file, where + " origin rpy");
  return o;
}

// Fixed-axis roll-pitch-yaw, R = Rz(yaw) Ry(pitch) Rx(roll), straight from the file's numbers.
KDL::Frame to_frame(const Origin& o) {
  const double cr = std::cos(o.rpy[0]), sr = std::sin(o.rpy[0]);
  const double cp = std::cos(o.rpy[1]), sp = std::sin(o.rpy[1]);
  const double cy = std::cos(o.rpy[2]), sy = std::sin(o.rpy[2]);
  const KDL::Rotation R(cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr,  //
                        sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr,  //
                        -sp, cp * sr, cp * cr);
  return KDL::Frame(R, KDL::Vector(o.xyz[0], o.xyz[1], o.xyz[2]));
}

// Raw origins of every joint and every link's <inertial>, keyed by name.
struct RawOrigins {
  std::map<std::string, Origin> joint;
  std::map<std::string, Origin> inertial;
};

RawOrigins read_raw_origins(const std::string& xml, const std::string& file) {
  TiXmlDocument doc;
  doc.Parse(xml.c_str());
  if (doc.Error()) fail(file, std::string("XML error: ") + doc.ErrorDesc());
  const TiXmlElement* robot = doc.FirstChildElement("robot");
  if (robot == nullptr) fail(file, "no <robot> element");
  RawOrigins raw;
  for (const TiXmlElement* j = robot->FirstChildElement("joint"); j;
       j = j->NextSiblingElement("joint")) {
    const char* name = j->Attribute("name");
    if (name) raw.joint[name] = parse_origin(j, file, std::string("joint '") + name + "'");
  }
  for (const TiXmlElement* l = robot->FirstChildElement("link"); l;
       l = l->NextSiblingElement("link")) {
    const char* name = l->Attribute("name");
    const TiXmlElement* in = l->FirstChildElement("inertial");
    if (name && in)
      raw.inertial[name] = parse_origin(in, file, std::string("link '") + name + "' inertial");
  }
  return raw;
}

bool is_movable(const urdf::Joint& j) {
  return j.type == urdf::Joint::REVOLUTE || j.type == urdf::Joint::CONTINUOUS ||
         j.type == urdf::Joint::PRISMATIC;
}

// One rigid body's mass properties expressed in a common frame: mass, COM, inertia about COM.
struct Body {
  double m;
  KDL::Vector c;
  Mat3 I;
};

class ChainBuilder {
 public:
  ChainBuilder(const urdf::ModelInterface& model, const RawOrigins& raw, std::string file)
      : model_(model), raw_(raw), file_(std::move(file)) {}

  KDL::Frame joint_origin(const urdf::Joint& j) const {
    auto it = raw_.joint.find(j.name);
    if (it == raw_.joint.end()) fail(file_, "joint '" + j.name + "' not found in the XML");
    return to_frame(it->second);
  }

  urdf::LinkConstSharedPtr link(const std::string& name) const {
    urdf::LinkConstSharedPtr l = model_.getLink(name);
    if (!l) fail(file_, "no link named '" + name + "'");
    return l;
  }

  // Path of joints root -> tip_link.
  std::vector<urdf::JointConstSharedPtr> path_to(const std::string& tip) const {
    std::vector<urdf::JointConstSharedPtr> path;
    const std::string root = model_.getRoot()->name;
    urdf::LinkConstSharedPtr l = link(tip);
    while (l->name != root) {
      urdf::JointConstSharedPtr j = l->parent_joint;
      if (!j) fail(file_, "link '" + l->name + "' is not connected to the root '" + root + "'");
      path.push_back(j);
      l = link(j->parent_link_name);
    }
    return {path.rbegin(), path.rend()};
  }

  // Movable joints reachable from `l` through fixed joints only, each with the fixed joints
  // leading to it.
  void movable_below(const urdf::Link& l, std::vector<urdf::JointConstSharedPtr>& prefix,
                     std::vector<std::vector<urdf::JointConstSharedPtr>>& found) const {
    for (const auto& j : l.child_joints) {
      prefix.push_back(j);
      if (is_movable(*j)) {
        found.push_back(prefix);
      } else if (j->type == urdf::Joint::FIXED) {
        movable_below(*link(j->child_link_name), prefix, found);
      } else {
        found.push_back(prefix);  // floating/planar: rejected later with a clear message
      }
      prefix.pop_back();
    }
  }

  // Path of joints root -> last moving link of the unique chain.
  std::vector<urdf::JointConstSharedPtr> default_path() const {
    std::vector<urdf::JointConstSharedPtr> path;
    urdf::LinkConstSharedPtr cur = model_.getRoot();
    for (;;) {
      std::vector<urdf::JointConstSharedPtr> prefix;
      std::vector<std::vector<urdf::JointConstSharedPtr>> found;
      movable_below(*cur, prefix, found);
      if (found.empty()) break;
      if (found.size() > 1)
        fail(file_, "the model branches below link '" + cur->name +
                        "' (several movable joints); pass tip_link to pick a chain");
      path.insert(path.end(), found[0].begin(), found[0].end());
      cur = link(found[0].back()->child_link_name);
    }
    return path;
  }

  // Mass properties of `l` and every link welded to it, expressed in the frame of `l`.
  void collect(const urdf::Link& l, const KDL::Frame& T, std::vector<Body>& out) const {
    if (l.inertial) {
      auto it = raw_.inertial.find(l.name);
      const Origin o = it == raw_.inertial.end() ? Origin{} : it->second;
      const KDL::Frame F = T * to_frame(o);
      const urdf::Inertial& in = *l.inertial;
      const Mat3 Ip = {{{in.ixx, in.ixy, in.ixz}, {in.ixy, in.iyy, in.iyz}, {in.ixz, in.iyz, in.izz}}};
      Mat3 RI{}, I{};  // I = R Ip R^T
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
          for (int k = 0; k < 3; ++k) RI[r][c] += F.M(r, k) * Ip[k][c];
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
          for (int k = 0; k < 3; ++k) I[r][c] += RI[r][k] * F.M(c, k);
      out.push_back(Body{in.mass, F.p, I});
    }
    for (const auto& j : l.child_joints)
      if (j->type == urdf::Joint::FIXED)
        collect(*link(j->child_link_name), T * joint_origin(*j), out);
  }

  KDL::RigidBodyInertia lumped_inertia(const urdf::Link& l) const {
    std::vector<Body> bodies;
    collect(l, KDL::Frame::Identity(), bodies);
    double m = 0;
    KDL::Vector mc = KDL::Vector::Zero();
    int massive = 0;
    const Body* only = nullptr;
    for (const Body& b : bodies) {
      m += b.m;
      mc += b.m * b.c;
      if (b.m != 0) {
        ++massive;
        only = &b;
      }
    }
    KDL::Vector com = KDL::Vector::Zero();
    if (massive == 1) com = only->c;  // exact: no (m c) / m round-off
    else if (m != 0) com = mc / m;
    Mat3 I{};
    for (const Body& b : bodies) {
      const KDL::Vector d = b.c - com;
      const double dd = KDL::dot(d, d);
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
          I[r][c] += b.I[r][c] + b.m * ((r == c ? dd : 0.0) - d[r] * d[c]);
    }
    if (m < 0) fail(file_, "link '" + l.name + "' has negative mass");
    return KDL::RigidBodyInertia(
        m, com, KDL::RotationalInertia(I[0][0], I[1][1], I[2][2], I[0][1], I[0][2], I[1][2]));
  }

  struct Result {
    KDL::Chain chain;
    KDL::Frame tip_offset;  // last moving link -> tip link (fixed joints only)
    std::vector<std::string> names;
    std::string tip;
  };

  Result build(const std::string& tip_link) const {
    if (!model_.getRoot()) fail(file_, "model has no root link");
    const auto path = tip_link.empty() ? default_path() : path_to(tip_link);
    Result res;
    KDL::Frame acc = KDL::Frame::Identity();  // current moving body (or root) -> next joint's parent
    for (const auto& j : path) {
      if (j->type == urdf::Joint::FIXED) {
        acc = acc * joint_origin(*j);
        continue;
      }
      if (!is_movable(*j))
        fail(file_, "joint '" + j->name + "' is floating/planar; only revolute, continuous, "
                                          "prismatic and fixed joints are supported");
      if (j->mimic) fail(file_, "joint '" + j->name + "' is a mimic joint (not supported)");
      const KDL::Frame F = acc * joint_origin(*j);  // joint frame in the parent body frame
      const KDL::Vector axis_local(j->axis.x, j->axis.y, j->axis.z);
      if (axis_local.Norm() == 0) fail(file_, "joint '" + j->name + "' has a zero axis");
      const KDL::Vector axis = F.M * axis_local;
      const KDL::Joint::JointType type =
          j->type == urdf::Joint::PRISMATIC ? KDL::Joint::TransAxis : KDL::Joint::RotAxis;
      const KDL::Joint kj(j->name, F.p, axis, type);
      // Segment tip = child link frame; inertia expressed in it (KDL's convention).
      res.chain.addSegment(
          KDL::Segment(j->child_link_name, kj, F, lumped_inertia(*link(j->child_link_name))));
      res.names.push_back(j->name);
      acc = KDL::Frame::Identity();
    }
    if (res.names.empty())
      fail(file_, "no movable joint between the root link '" + model_.getRoot()->name +
                      "' and '" + (tip_link.empty() ? std::string("(default tip)") : tip_link) +
                      "'");
    res.tip_offset = acc;
    res.tip = path.back()->child_link_name;
    return res;
  }

 private:
  const urdf::ModelInterface& model_;
  const RawOrigins& raw_;
  std::string file_;
};

void load(KDL::JntArray& dst, const double* src, unsigned n) {
  for (unsigned i = 0; i < n; ++i) dst(i) = src[i];
}
void store(const KDL::JntArray& src, double* dst, unsigned n) {
  for (unsigned i = 0; i < n; ++i) dst[i] = src(i);
}

}  // namespace

struct KdlPeer::Impl {
  KDL::Chain chain;  // declared first: the solvers keep references to it
  KDL::Frame tip_offset;
  std::vector<std::string> names;
  std::string tip;
  unsigned n = 0;
  KDL::Vector grav{0.0, 0.0, -9.81};

  std::unique_ptr<KDL::ChainIdSolver_RNE> id;
  std::unique_ptr<KDL::ChainDynParam> dyn;
  std::unique_ptr<KDL::ChainFdSolver_RNE> fd;
  std::unique_ptr<KDL::ChainHdSolver_Vereshchagin> hd;
  std::unique_ptr<KDL::ChainFkSolverPos_recursive> fk;
  std::unique_ptr<KDL::ChainJntToJacSolver> jac;

  KDL::JntArray q, v, a, out, ctau;
  KDL::JntSpaceInertiaMatrix H;
  KDL::Wrenches f_ext;
  KDL::Jacobian alpha;  // 6 x 0: no end-effector constraints
  KDL::JntArray beta;   // 0
  KDL::Frame pose;
  KDL::Jacobian J;

  void init() {
    n = chain.getNrOfJoints();
    q.resize(n);
    v.resize(n);
    a.resize(n);
    out.resize(n);
    ctau.resize(n);
    H.resize(n);
    f_ext.assign(chain.getNrOfSegments(), KDL::Wrench::Zero());
    alpha.resize(0);
    beta.resize(0);
    fk = std::make_unique<KDL::ChainFkSolverPos_recursive>(chain);
    jac = std::make_unique<KDL::ChainJntToJacSolver>(chain);
    J.resize(n);
    make_dynamics_solvers();
  }

  void make_dynamics_solvers() {
    id = std::make_unique<KDL::ChainIdSolver_RNE>(chain, grav);
    dyn = std::make_unique<KDL::ChainDynParam>(chain, grav);
    fd = std::make_unique<KDL::ChainFdSolver_RNE>(chain, grav);
    // Vereshchagin takes the root's acceleration, i.e. gravity with the opposite sign.
    hd = std::make_unique<KDL::ChainHdSolver_Vereshchagin>(
        chain, KDL::Twist(-grav, KDL::Vector::Zero()), 0u);
  }

  static void check(int rc, const char* what) {
    if (rc < 0)
      throw std::runtime_error(std::string("armdyn_peers::KdlPeer::") + what +
                               ": KDL solver error " + std::to_string(rc));
  }
  static void check(int rc, const KDL::SolverI& s, const char* what) {
    if (rc < 0)
      throw std::runtime_error(std::string("armdyn_peers::KdlPeer::") + what + ": " +
                               s.strError(rc));
  }
};

KdlPeer::KdlPeer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
KdlPeer::~KdlPeer() = default;

std::unique_ptr<KdlPeer> KdlPeer::from_urdf(const std::string& urdf_path,
                                            const std::string& tip_link) {
  std::ifstream in(urdf_path, std::ios::binary);
  if (!in) fail(urdf_path, "cannot open file");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string xml = ss.str();

  urdf::ModelInterfaceSharedPtr model;
  try {
    model = urdf::parseURDF(xml);
  } catch (const std::exception& e) {
    fail(urdf_path, std::string("urdfdom: ") + e.what());
  }
  if (!model) fail(urdf_path, "urdfdom could not parse the URDF");
  const RawOrigins raw = read_raw_origins(xml, urdf_path);

  ChainBuilder::Result r = ChainBuilder(*model, raw, urdf_path).build(tip_link);
  auto impl = std::make_unique<Impl>();
  impl->chain = std::move(r.chain);
  impl->tip_offset = r.tip_offset;
  impl->names = std::move(r.names);
  impl->tip = std::move(r.tip);
  impl->init();
  return std::unique_ptr<KdlPeer>(new KdlPeer(std::move(impl)));
}

int KdlPeer::dof() const { return static_cast<int>(impl_->n); }
const std::vector<std::string>& KdlPeer::joint_names() const { return impl_->names; }
const std::string& KdlPeer::tip_link() const { return impl_->tip; }

void KdlPeer::set_gravity(const double g[3]) {
  impl_->grav = KDL::Vector(g[0], g[1], g[2]);
  impl_->make_dynamics_solvers();
}

void KdlPeer::inverse_dynamics(const double* q, const double* v, const double* a, double* tau) {
  Impl& s = *impl_;
  load(s.q, q, s.n);
  load(s.v, v, s.n);
  load(s.a, a, s.n);
  Impl::check(s.id->CartToJnt(s.q, s.v, s.a, s.f_ext, s.out), *s.id, "inverse_dynamics");
  store(s.out, tau, s.n);
}

void KdlPeer::mass_matrix(const double* q, double* M) {
  Impl& s = *impl_;
  load(s.q, q, s.n);
  Impl::check(s.dyn->JntToMass(s.q, s.H), *s.dyn, "mass_matrix");
  for (unsigned r = 0; r < s.n; ++r)
    for (unsigned c = 0; c < s.n; ++c) M[r * s.n + c] = s.H(r, c);
}

void KdlPeer::coriolis(const double* q, const double* v, double* c) {
  Impl& s = *impl_;
  load(s.q, q, s.n);
  load(s.v, v, s.n);
  Impl::check(s.dyn->JntToCoriolis(s.q, s.v, s.out), *s.dyn, "coriolis");
  store(s.out, c, s.n);
}

void KdlPeer::gravity(const double* q, double* g) {
  Impl& s = *impl_;
  load(s.q, q, s.n);
  Impl::check(s.dyn->JntToGravity(s.q, s.out), *s.dyn, "gravity");
  store(s.out, g, s.n);
}

void KdlPeer::forward_dynamics(const double* q, const double* v, const double* tau, double* qdd) {
  Impl& s = *impl_;
  load(s.q, q, s.n);
  load(s.v, v, s.n);
  load(s.a, tau, s.n);
  Impl::check(s.fd->CartToJnt(s.q, s.v, s.a, s.f_ext, s.out), *s.fd, "forward_dynamics");
  store(s.out, qdd, s.n);
}

void KdlPeer::forward_dynamics_vereshchagin(const double* q, const double* v, const double* tau,
                                            double* qdd) {
  Impl& s = *impl_;
  load(s.q, q, s.n);
  load(s.v, v, s.n);
  load(s.a, tau, s.n);
  Impl::check(s.hd->CartToJnt(s.q, s.v, s.out, s.alpha, s.beta, s.f_ext, s.a, s.ctau),
              "forward_dynamics_vereshchagin");  // (SolverI is a private base here)
  store(s.out, qdd, s.n);
}

void KdlPeer::tip_pose(const double* q, double* T) {
  Impl& s = *impl_;
  load(s.q, q, s.n);
  Impl::check(s.fk->JntToCart(s.q, s.pose), *s.fk, "tip_pose");
  const KDL::Frame P = s.pose * s.tip_offset;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) T[4 * r + c] = P.M(r, c);
    T[4 * r + 3] = P.p[r];
  }
  T[12] = T[13] = T[14] = 0.0;
  T[15] = 1.0;
}

void KdlPeer::jacobian(const double* q, double* J) {
  Impl& s = *impl_;
  load(s.q, q, s.n);
  Impl::check(s.jac->JntToJac(s.q, s.J), *s.jac, "jacobian");
  // JntToJac refers to the last segment's origin; move the reference point to tip_link().
  Impl::check(s.fk->JntToCart(s.q, s.pose), *s.fk, "jacobian");
  s.J.changeRefPoint(s.pose.M * s.tip_offset.p);
  for (unsigned r = 0; r < 6; ++r)
    for (unsigned c = 0; c < s.n; ++c) J[r * s.n + c] = s.J(r, c);
}

}  // namespace armdyn::peers
