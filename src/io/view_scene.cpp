#include "armdyn/io/view_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/io/text_file.hpp"
#include "armdyn/io/trajectory_csv.hpp"
#include "armdyn/kinematics/kinematics.hpp"

namespace armdyn::view {

const char* to_string(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::kBox: return "box";
    case ShapeKind::kCylinder: return "cylinder";
    case ShapeKind::kSphere: return "sphere";
    case ShapeKind::kMesh: return "mesh";
  }
  return "?";
}

namespace {

bool finite_placement(const Transform<double>& X) { return X.R.allFinite() && X.p.allFinite(); }

using json = nlohmann::json;

// A placement as 12 numbers: the rotation's rows, then the position.
json placement(const Transform<double>& X) {
  json out = json::array();
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) out.push_back(X.R(r, c));
  for (int r = 0; r < 3; ++r) out.push_back(X.p[r]);
  return out;
}

json vector_json(const VecX<double>& x) { return json(std::vector<double>(x.data(), x.data() + x.size())); }

json point_json(const Vec3<double>& p) { return json::array({p.x(), p.y(), p.z()}); }

// The frame named after each body (its link's own frame), -1 when there is none.
std::vector<int> body_frames(const Model& model) {
  std::vector<int> out;
  for (const std::string& name : model.body_names) out.push_back(model.frame_index(name));
  return out;
}

// Capsules stand for a link without a visual primitive: from its joint's origin (the body
// frame's; the base's origin for the base) to each child's joint origin, and for a link without
// children to each of its named frames away from its origin (a tool frame).
json capsules(const Model& model, const std::vector<VisualShape>& visuals) {
  // A body is drawn by its primitives when its own link frame has one (the base: any frame on it);
  // a primitive on a fixed link merged into it (a tool) leaves its capsules in place.
  const std::vector<int> own = body_frames(model);
  std::vector<bool> drawn(static_cast<std::size_t>(model.dof) + 1, false);  // [0]: the base
  for (const VisualShape& v : visuals) {
    if ((v.kind == ShapeKind::kMesh && v.triangles.empty()) || v.frame < 0) continue;
    const int body = model.frames[static_cast<std::size_t>(v.frame)].body;
    if (body < 0 || own[static_cast<std::size_t>(body)] == v.frame) drawn[static_cast<std::size_t>(body + 1)] = true;
  }
  json out = json::array();
  std::vector<bool> has_child(static_cast<std::size_t>(model.dof), false);
  for (int i = 0; i < model.dof; ++i) {
    const int owner = model.parent[static_cast<std::size_t>(i)];
    if (owner >= 0) has_child[static_cast<std::size_t>(owner)] = true;
    if (!drawn[static_cast<std::size_t>(owner + 1)])
      out.push_back({{"body", owner}, {"from", {{"body", owner}}}, {"to", {{"body", i}}}});
  }
  for (std::size_t k = 0; k < model.frames.size(); ++k) {
    const Frame<double>& f = model.frames[k];
    if (f.body < 0 || has_child[static_cast<std::size_t>(f.body)] || drawn[static_cast<std::size_t>(f.body + 1)]) continue;
    if (f.placement.p.norm() < 1e-9) continue;
    out.push_back({{"body", f.body}, {"from", {{"body", f.body}}}, {"to", {{"frame", static_cast<int>(k)}}}});
  }
  return out;
}

// A capsule radius in proportion to the arm: 3 % of the summed joint offsets at q = 0.
double capsule_radius(const Model& model) {
  double reach = 0;
  for (const Transform<double>& X : model.tree) reach += X.p.norm();
  for (const Frame<double>& f : model.frames) reach = std::max(reach, f.placement.p.norm());
  return std::clamp(0.03 * reach, 0.005, 0.2);
}

void check_sample(const Model& model, const ViewMotion& motion, std::size_t k) {
  const std::string where = "sample " + std::to_string(k) + ": ";
  if (motion.q[k].size() != model.dof)
    throw InputError(where + "q has " + std::to_string(motion.q[k].size()) + " values for a model of " +
                     std::to_string(model.dof) + " joints");
  if (!motion.q[k].allFinite() || !std::isfinite(motion.t[k])) throw InputError(where + "not a finite number");
  if (!motion.tau.empty() && (motion.tau[k].size() != model.dof || !motion.tau[k].allFinite()))
    throw InputError(where + "the torques are not " + std::to_string(model.dof) + " finite numbers");
}

// A visual given to scene_json: on a frame of the model, every number finite.
void check_visual(const Model& model, const VisualShape& v) {
  if (v.frame < 0 || static_cast<std::size_t>(v.frame) >= model.frames.size())
    throw InputError("view: a " + std::string(to_string(v.kind)) + " visual on frame " + std::to_string(v.frame) +
                     ", which model '" + printable(model.name) + "' does not have");
  const std::string where = "view: the " + std::string(to_string(v.kind)) + " visual of frame '" +
                            printable(model.frames[static_cast<std::size_t>(v.frame)].name) + "': ";
  if (!finite_placement(v.origin)) throw InputError(where + "origin: not a finite number");
  if (!v.size.allFinite()) throw InputError(where + "size: not a finite number");
  for (double x : v.triangles)
    if (!std::isfinite(x)) throw InputError(where + "a mesh vertex is not a finite number");
}

// Sample k's placements: finite (a prismatic offset near the largest double may overflow).
void check_placements(const Model& model, const Data& data, std::size_t k) {
  for (std::size_t i = 0; i < data.oMb.size(); ++i)
    if (!finite_placement(data.oMb[i]))
      throw InputError("sample " + std::to_string(k) + ": the placement of body '" + printable(model.body_names[i]) +
                       "' is not finite");
  for (std::size_t f = 0; f < data.oMf.size(); ++f)
    if (!finite_placement(data.oMf[f]))
      throw InputError("sample " + std::to_string(k) + ": the placement of frame '" + printable(model.frames[f].name) +
                       "' is not finite");
}

}  // namespace

ViewMotion read_view_motion(const std::string& path, const Model& model) {
  const std::string text = read_text(path, InputFormat::kCsv);
  const drives::SampledMotion sampled = parse_trajectory_csv(text, path == "-" ? "<stdin>" : path, model.dof);
  ViewMotion out;
  out.t = sampled.t;
  out.q = sampled.q;

  // The header's tau1..taun columns, when all are there (the rows were checked above).
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);
  std::vector<std::string> header;
  {
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) {
      cell.erase(std::remove_if(cell.begin(), cell.end(), [](char c) { return c == ' ' || c == '\t' || c == '\r'; }),
                 cell.end());
      header.push_back(cell);
    }
  }
  std::vector<std::size_t> column;
  for (int j = 1; j <= model.dof; ++j) {
    const auto it = std::find(header.begin(), header.end(), "tau" + std::to_string(j));
    if (it != header.end()) column.push_back(static_cast<std::size_t>(it - header.begin()));
  }
  if (static_cast<int>(column.size()) == model.dof) {
    while (std::getline(lines, line)) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      std::vector<std::string> cells;
      std::istringstream in(line);
      for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
      VecX<double> tau(model.dof);
      for (int j = 0; j < model.dof; ++j) {
        const std::size_t c = column[static_cast<std::size_t>(j)];
        tau[j] = NAN;
        if (c < cells.size()) {  // the whole cell a number, blanks around it allowed
          const char* begin = cells[c].c_str();
          char* end = nullptr;
          const double value = std::strtod(begin, &end);
          while (end != begin && (*end == ' ' || *end == '\t' || *end == '\r')) ++end;
          if (end != begin && *end == '\0') tau[j] = value;
        }
      }
      if (!tau.allFinite())
        throw InputError(path + ":" + std::to_string(out.tau.size() + 2) + ": tau: not a finite number");
      out.tau.push_back(tau);
    }
    if (out.tau.size() != out.t.size()) out.tau.clear();
  }
  if (out.tau.empty()) {  // inverse dynamics of the motion ([VP] (2.4.1) in its recursive form)
    Data data(model);
    for (std::size_t k = 0; k < sampled.size(); ++k) out.tau.push_back(rnea(model, data, sampled.q[k], sampled.v[k], sampled.a[k]));
  }
  return out;
}

std::vector<std::size_t> shown_samples(std::size_t count, std::size_t max_samples) {
  std::vector<std::size_t> out;
  if (count <= max_samples) {
    for (std::size_t k = 0; k < count; ++k) out.push_back(k);
    return out;
  }
  // Sample i of the max_samples is the row nearest i (count - 1) / (max_samples - 1): increasing,
  // as the step is more than one row, from the first row to the last.
  for (std::size_t i = 0; i < max_samples; ++i)
    out.push_back(static_cast<std::size_t>(std::llround(static_cast<double>(i) * static_cast<double>(count - 1) /
                                                        static_cast<double>(max_samples - 1))));
  return out;
}

std::string scene_json(const Model& model, const SceneInput& input) {
  const ViewMotion& motion = input.motion;
  if (motion.t.empty() || motion.q.size() != motion.t.size())
    throw InputError("view: the motion needs at least one sample, with as many joint vectors as times");
  if (!motion.tau.empty() && motion.tau.size() != motion.t.size())
    throw InputError("view: as many torque vectors as times are needed");
  if (input.max_samples < 2)
    throw InputError("view: max samples: " + std::to_string(input.max_samples) +
                     ", less than 2 (the first and the last sample are shown)");
  for (std::size_t k = 0; k < motion.t.size(); ++k) check_sample(model, motion, k);
  for (const VisualShape& v : input.visuals) check_visual(model, v);

  json scene;
  scene["title"] = input.title;
  scene["model"] = model.name;
  scene["dof"] = model.dof;
  scene["joints"] = model.joint_names;
  scene["bodies"] = json::array();
  const std::vector<int> own_frame = body_frames(model);
  for (int i = 0; i < model.dof; ++i) {
    const auto b = static_cast<std::size_t>(i);
    scene["bodies"].push_back({{"name", model.body_names[b]}, {"parent", model.parent[b]},
                               {"joint", model.joint_names[b]}, {"type", to_string(model.joint_type[b])},
                               {"mass", model.mass[b]}, {"com", point_json(model.com[b])}, {"frame", own_frame[b]}});
  }
  scene["frames"] = json::array();
  for (const Frame<double>& f : model.frames) scene["frames"].push_back({{"name", f.name}, {"body", f.body}});
  scene["shapes"] = json::array();
  for (const VisualShape& v : input.visuals) {
    if (v.kind == ShapeKind::kMesh && v.triangles.empty()) continue;  // not found: capsules instead
    json shape = {{"kind", to_string(v.kind)}, {"frame", v.frame},
                  {"body", model.frames[static_cast<std::size_t>(v.frame)].body},
                  {"origin", placement(v.origin)}, {"size", point_json(v.size)}};
    if (v.kind == ShapeKind::kMesh) shape["triangles"] = v.triangles;
    scene["shapes"].push_back(std::move(shape));
  }
  scene["capsules"] = capsules(model, input.visuals);
  scene["radius"] = capsule_radius(model);
  json effort = json::array();
  for (const JointLimits& l : model.limits) effort.push_back(std::isfinite(l.effort) ? json(l.effort) : json(nullptr));
  scene["effort"] = effort;

  // Every sample's placements: forward kinematics ([Craig] (3.64) composed down the tree).
  json t = json::array(), q = json::array(), bodies = json::array(), frames = json::array(), tau = json::array();
  json achieved = json::array();
  Data data(model);
  for (const std::size_t k : shown_samples(motion.t.size(), input.max_samples)) {
    forward_kinematics(model, data, motion.q[k]);
    check_placements(model, data, k);
    t.push_back(motion.t[k]);
    q.push_back(vector_json(motion.q[k]));
    json b = json::array(), f = json::array();
    for (const Transform<double>& X : data.oMb) b.push_back(placement(X));
    for (const Transform<double>& X : data.oMf) f.push_back(placement(X));
    bodies.push_back(std::move(b));
    frames.push_back(std::move(f));
    if (!motion.tau.empty()) tau.push_back(vector_json(motion.tau[k]));
    if (input.path_frame >= 0) achieved.push_back(point_json(data.oMf[static_cast<std::size_t>(input.path_frame)].p));
  }
  scene["samples"] = {{"t", t}, {"q", q}, {"bodies", bodies}, {"frames", frames}, {"tau", tau}};
  if (input.path_frame >= 0) {
    json prescribed = json::array();
    for (const Vec3<double>& p : input.prescribed) {
      if (!p.allFinite()) throw InputError("view: the prescribed path is not finite");
      prescribed.push_back(point_json(p));
    }
    scene["path"] = {{"frame", model.frames[static_cast<std::size_t>(input.path_frame)].name},
                     {"achieved", achieved}, {"prescribed", prescribed}};
  } else {
    scene["path"] = nullptr;
  }
  // Names are UTF-8 (the loaders check it); a stray byte from another caller becomes U+FFFD.
  return scene.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string view_html(const Model& model, const SceneInput& input) { return view_page(scene_json(model, input)); }

}  // namespace armdyn::view
