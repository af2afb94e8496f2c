// The visuals of a URDF's links for `armdyn view` (io/view_scene.hpp: read_urdf_visuals): urdfdom
// reads the geometry, the document itself is read for the numbers (urdfdom leaves out, without a
// word, a visual whose numbers it cannot read), the meshes come from stl_mesh and dae_mesh.
#include <tinyxml.h>
#include <urdf_parser/urdf_parser.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/io/text_file.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/io/view_scene.hpp"
#include "dae_mesh.hpp"
#include "stl_mesh.hpp"
#include "urdf_numbers.hpp"
#include "urdfdom_read.hpp"
#include "xml_nesting.hpp"

namespace armdyn::view {
namespace {

Transform<double> visual_origin(const urdf::Pose& pose) {
  const Eigen::Quaterniond quat(pose.rotation.w, pose.rotation.x, pose.rotation.y, pose.rotation.z);
  Transform<double> X;
  X.R = quat.normalized().toRotationMatrix();
  X.p = Vec3<double>(pose.position.x, pose.position.y, pose.position.z);
  return X;
}

// One <visual>'s geometry as a VisualShape (kind and size); false for an empty geometry.
bool to_shape(const urdf::Geometry& geometry, VisualShape& shape) {
  switch (geometry.type) {
    case urdf::Geometry::BOX: {
      const auto& box = static_cast<const urdf::Box&>(geometry);
      shape.kind = ShapeKind::kBox;
      shape.size = Vec3<double>(box.dim.x, box.dim.y, box.dim.z);
      return true;
    }
    case urdf::Geometry::CYLINDER: {
      const auto& cylinder = static_cast<const urdf::Cylinder&>(geometry);
      shape.kind = ShapeKind::kCylinder;
      shape.size = Vec3<double>(cylinder.radius, cylinder.length, 0);
      return true;
    }
    case urdf::Geometry::SPHERE: {
      shape.kind = ShapeKind::kSphere;
      shape.size = Vec3<double>(static_cast<const urdf::Sphere&>(geometry).radius, 0, 0);
      return true;
    }
    case urdf::Geometry::MESH: {
      shape.kind = ShapeKind::kMesh;
      shape.mesh = static_cast<const urdf::Mesh&>(geometry).filename;
      return true;
    }
  }
  return false;
}

// The file a <mesh filename> names, looked for from the URDF's folder ("" when not found). The
// parent folder is folder/.. (not folder.parent_path(), which is empty for "." or "robot"), so
// that the system resolves it as it resolves the folder. A name that is there but not a regular
// file (a FIFO, a device) is returned too: its reader refuses it, rather than a capsule hiding it.
std::string mesh_file(const std::string& name, const std::string& folder) {
  namespace fs = std::filesystem;
  if (folder.empty() && name.rfind("file://", 0) != 0 && !fs::path(name).is_absolute()) return "";
  std::vector<fs::path> candidates;
  if (name.rfind("package://", 0) == 0) {
    const std::string rest = name.substr(10);
    const std::size_t slash = rest.find('/');
    const std::string package = rest.substr(0, slash), inside = slash == std::string::npos ? "" : rest.substr(slash + 1);
    const fs::path parent = fs::path(folder) / "..";
    candidates = {fs::path(folder) / inside, parent / inside, parent / package / inside};
  } else if (name.rfind("file://", 0) == 0) {
    candidates = {fs::path(name.substr(7))};
  } else {
    candidates = {fs::path(name).is_absolute() ? fs::path(name) : fs::path(folder) / name};
  }
  std::error_code ec;
  for (const fs::path& p : candidates)
    if (fs::exists(p, ec) && !fs::is_directory(p, ec)) return p.string();
  return "";
}

// An STL or COLLADA mesh's triangles, scaled (empty for another format or a missing file);
// InputError naming `where` (the visual) when a scaled coordinate is not a finite number.
std::vector<double> mesh_triangles(const urdf::Mesh& mesh, const std::string& folder, const std::string& where) {
  const std::string file = mesh_file(mesh.filename, folder);
  std::string ext = std::filesystem::path(file).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (file.empty() || (ext != ".stl" && ext != ".dae")) return {};
  std::vector<double> triangles = ext == ".stl" ? read_stl(file) : read_dae(file);
  const double scale[3] = {mesh.scale.x, mesh.scale.y, mesh.scale.z};
  for (std::size_t i = 0; i < triangles.size(); ++i) {
    triangles[i] *= scale[i % 3];
    // 0.1 micrometre: a short page (from 1e8 m on a double has no digit below it to drop, and
    // x 1e7 could overflow).
    if (std::abs(triangles[i]) < 1e8) triangles[i] = std::round(triangles[i] * 1e7) / 1e7;
    if (!std::isfinite(triangles[i]))
      throw InputError(where + ": mesh '" + printable(file) + "' scaled by " + shortest_text(scale[i % 3]) +
                       ": vertex " + std::to_string(i / 3) + " is not a finite number");
  }
  return triangles;
}

// One attribute of a visual's element: whitespace-separated numbers, each finite in full.
void check_visual_numbers(const TiXmlElement* e, const char* attribute, const std::string& where) {
  const char* text = e ? e->Attribute(attribute) : nullptr;
  if (!text) return;
  const std::string value = text;
  std::size_t i = 0;
  while (i < value.size()) {
    while (i < value.size() && std::isspace(static_cast<unsigned char>(value[i]))) ++i;
    std::size_t end = i;
    while (end < value.size() && !std::isspace(static_cast<unsigned char>(value[end]))) ++end;
    if (end == i) break;
    const std::string word = value.substr(i, end - i);
    const char* first = word.data() + (word[0] == '+' ? 1 : 0);  // from_chars reads no '+'
    double x = 0;
    const auto [stop, error] = std::from_chars(first, word.data() + word.size(), x);
    if (error != std::errc() || stop != word.data() + word.size() || !std::isfinite(x))
      throw InputError(where + ": <" + e->Value() + " " + attribute + ">: '" + printable(word.substr(0, 40)) +
                       "' is not a finite number");
    i = end;
  }
}

// Every <visual> of the links `model` has a frame for, as the document writes it: its numbers
// finite, and, when its geometry is one armdyn draws (box, cylinder, sphere, mesh), read by
// urdfdom, which drops a visual it cannot read, logging why. Another geometry (<capsule>, none)
// is left out, its link drawn as capsules, as a mesh of another format is.
void check_visuals_read(const std::string& xml, const std::string& source, const urdf::ModelInterface& urdf,
                        const Model& model, const std::string& urdfdom_error) {
  const std::string text = xml + std::string(4, '\0');  // TinyXML may read past a cut UTF-8 sequence
  TiXmlDocument document;
  document.Parse(text.c_str());
  const TiXmlElement* robot = document.FirstChildElement("robot");
  if (!robot) return;  // urdfdom read it: nothing more to check
  for (const TiXmlElement* link = robot->FirstChildElement("link"); link; link = link->NextSiblingElement("link")) {
    const char* name = link->Attribute("name");
    if (!name || model.frame_index(name) < 0) continue;
    int count = 0, drawn = 0;
    for (const TiXmlElement* visual = link->FirstChildElement("visual"); visual;
         visual = visual->NextSiblingElement("visual")) {
      const std::string where = source + ": link '" + printable(name) + "' <visual> " + std::to_string(++count) +
                                " (line " + std::to_string(visual->Row()) + ")";
      check_visual_numbers(visual->FirstChildElement("origin"), "xyz", where);
      check_visual_numbers(visual->FirstChildElement("origin"), "rpy", where);
      const TiXmlElement* geometry = visual->FirstChildElement("geometry");
      const TiXmlElement* shape = geometry ? geometry->FirstChildElement() : nullptr;
      for (const char* attribute : {"size", "radius", "length", "scale"}) check_visual_numbers(shape, attribute, where);
      const std::string kind = shape ? shape->Value() : "";
      if (kind == "box" || kind == "cylinder" || kind == "sphere" || kind == "mesh") ++drawn;
    }
    const auto read = urdf.links_.find(name);
    if (read == urdf.links_.end()) continue;
    int read_drawn = 0;
    for (const urdf::VisualSharedPtr& visual : read->second->visual_array)
      if (visual && visual->geometry) ++read_drawn;
    if (read_drawn < drawn)
      throw InputError(source + ": link '" + printable(name) + "': " + std::to_string(drawn) +
                       " <visual> boxes, cylinders, spheres and meshes, " + std::to_string(read_drawn) + " read (" +
                       printable(urdfdom_error.substr(0, 200)) + ")");
  }
}

// The first difference between the joints, bodies and frames of two models ("" when none): what
// the page draws from the model and the visuals from its file must describe the same arm.
std::string kinematic_difference(const Model& loaded, const Model& file) {
  if (loaded.dof != file.dof)
    return std::to_string(file.dof) + " joints, not " + std::to_string(loaded.dof);
  for (std::size_t i = 0; i < static_cast<std::size_t>(loaded.dof); ++i) {
    const std::string body = "body '" + printable(loaded.body_names[i]) + "'";
    if (loaded.body_names[i] != file.body_names[i] || loaded.joint_names[i] != file.joint_names[i])
      return "joint " + std::to_string(i + 1) + " is '" + printable(file.joint_names[i]) + "' moving '" +
             printable(file.body_names[i]) + "'";
    if (loaded.parent[i] != file.parent[i] || loaded.joint_type[i] != file.joint_type[i])
      return body + " has another parent or joint type";
    if (loaded.tree[i].R != file.tree[i].R || loaded.tree[i].p != file.tree[i].p)
      return body + " is placed elsewhere on its parent";
  }
  if (loaded.frames.size() != file.frames.size())
    return std::to_string(file.frames.size()) + " frames, not " + std::to_string(loaded.frames.size());
  for (std::size_t k = 0; k < loaded.frames.size(); ++k) {
    const Frame<double>&a = loaded.frames[k], &b = file.frames[k];
    if (a.name != b.name || a.body != b.body || a.placement.R != b.placement.R || a.placement.p != b.placement.p)
      return "frame '" + printable(a.name) + "' is not the same";
  }
  return "";
}

}  // namespace

std::vector<VisualShape> read_urdf_visuals_string(const std::string& xml, const std::string& source,
                                                  const Model& model, const std::string& folder) {
  check_xml_nesting(xml, source);  // a ModelError (an InputError) naming the file
  std::string first_error;
  // (padded: TinyXML may read past a cut UTF-8 sequence)
  const urdf::ModelInterfaceSharedPtr urdf = urdfdom::parse(xml + std::string(4, '\0'), first_error);
  if (!urdf) throw InputError(source + ": not a URDF document (" + shown(first_error, 200) + ")");
  const urdfdom::FlatRelease release(urdf);
  check_visuals_read(xml, source, *urdf, model, first_error);
  std::vector<VisualShape> out;
  for (const auto& [name, link] : urdf->links_) {
    const int frame = model.frame_index(name);
    if (frame < 0) continue;
    for (std::size_t k = 0; k < link->visual_array.size(); ++k) {
      const urdf::VisualSharedPtr& visual = link->visual_array[k];
      VisualShape shape;
      if (!visual || !visual->geometry || !to_shape(*visual->geometry, shape)) continue;
      // As every number of the model, a visual's must be finite (check_visuals_read read them as
      // written; urdfdom may still overflow them): else it would vanish, or put nulls in the page.
      const std::string where = source + ": link '" + printable(name) + "' <visual> " + std::to_string(k + 1);
      shape.frame = frame;
      shape.origin = visual_origin(visual->origin);
      if (!shape.origin.R.allFinite() || !shape.origin.p.allFinite()) throw InputError(where + ": <origin>: not a finite number");
      if (!shape.size.allFinite()) throw InputError(where + ": <" + to_string(shape.kind) + "> size: not a finite number");
      if (shape.kind == ShapeKind::kMesh)
        shape.triangles = mesh_triangles(static_cast<const urdf::Mesh&>(*visual->geometry), folder, where);
      out.push_back(shape);
    }
  }
  std::sort(out.begin(), out.end(), [](const VisualShape& a, const VisualShape& b) { return a.frame < b.frame; });
  return out;
}

std::vector<VisualShape> read_urdf_visuals(const std::string& path, const Model& model) {
  // The visuals and the check come from one reading of the file: if it changed since `model` was
  // loaded from it (armdyn.view on a model loaded earlier), its visuals may belong to another arm.
  const std::string xml = read_text(path);
  std::string difference;
  try {
    difference = kinematic_difference(model, load_urdf_string(xml, path));
  } catch (const InputError& e) {
    difference = e.what();
  }
  if (!difference.empty())
    throw InputError(path + ": no longer the file model '" + printable(model.name) + "' was loaded from (" + difference +
                     "); load it again to view it");
  // A name without a folder part ("robot.urdf") lies in the current folder.
  const std::string folder = std::filesystem::path(path).parent_path().string();
  return read_urdf_visuals_string(xml, path, model, folder.empty() ? "." : folder);
}


}  // namespace armdyn::view
