#pragma once
// The 3-D view of an arm (`armdyn view`, armdyn.view in Python; docs/view.md): a scene computed
// here from armdyn's forward kinematics and written as JSON into one self-contained HTML page
// whose JavaScript (three.js, embedded at build time) only draws it.
//
// The scene holds, for every sample of a motion (one sample for a single pose), the placement in
// the base frame of every body and named frame (forward_kinematics), and once: each body's centre
// of mass and joint axis (the body frame's z), the links' shapes (the URDF's visual primitives,
// or capsules between joint origins), the path of one frame over the motion and, for a task, the
// prescribed path beside it, and the joint torques.
#include <string>
#include <vector>

#include "armdyn/core/types.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::view {

/// A URDF <visual> geometry: a primitive armdyn draws, or a mesh it replaces by capsules.
enum class ShapeKind { kBox, kCylinder, kSphere, kMesh };

const char* to_string(ShapeKind kind);

struct VisualShape {
  ShapeKind kind = ShapeKind::kBox;
  int frame = -1;                ///< the model frame of the link it belongs to
  Transform<double> origin;      ///< the visual's origin in that frame
  Vec3<double> size = Vec3<double>::Zero();  ///< box: x, y, z; cylinder: radius, length, 0; sphere: radius, 0, 0
  std::string mesh;              ///< kMesh: the file name as the URDF gives it
  std::vector<double> triangles; ///< kMesh: its STL file's triangles (9 numbers each, scaled), when found
};

/// The <visual> elements of every link of the URDF file at `path` that `model` (loaded from it)
/// has a frame for; links without one are left out. A <mesh> whose STL or COLLADA file is found
/// ("package://NAME/PATH": PATH in the URDF's folder, its parent or the parent's NAME folder; a
/// relative path from the URDF's folder, the current folder for a path without one; "file://" or
/// an absolute path as it is) carries its triangles; other meshes (another format, missing files)
/// none. InputError naming the file when the URDF no longer describes `model` (its joints, bodies,
/// frames and placements: the file changed since the model was loaded), when it or a mesh file
/// cannot be read or parsed, and naming the link and visual when a visual's number is not finite
/// (as written, or a mesh vertex once scaled).
std::vector<VisualShape> read_urdf_visuals(const std::string& path, const Model& model);

/// The same from a URDF document in memory, without the check against `model`'s source; `source`
/// names it in errors, meshes are looked for from `folder` (none when empty).
std::vector<VisualShape> read_urdf_visuals_string(const std::string& xml, const std::string& source,
                                                  const Model& model, const std::string& folder = "");

/// A motion to show: times and joint positions, and the joint torques when known (empty: none).
struct ViewMotion {
  std::vector<double> t;
  std::vector<VecX<double>> q, tau;
};

/// The motion in the CSV file at `path` ("-": standard input) for `model`: the columns t,
/// q1..qn, v1..vn, a1..an that `simulate` and `task` write (io/trajectory_csv.hpp), and the
/// torques from the columns tau1..taun when the file has them all, else by inverse dynamics
/// (rnea) from q, v, a. InputError "<path>:<line>: ..." naming the missing column or bad cell.
ViewMotion read_view_motion(const std::string& path, const Model& model);

/// The most samples of a motion a page holds by default: a page of some 7 MB for a 6-joint arm.
inline constexpr std::size_t kDefaultViewSamples = 2000;

/// Everything the page shows.
struct SceneInput {
  std::string title;
  std::vector<VisualShape> visuals;  ///< empty: every link drawn as capsules
  ViewMotion motion;                 ///< at least one sample
  int path_frame = -1;               ///< the frame whose path is drawn (-1: none)
  std::vector<Vec3<double>> prescribed;  ///< a task's prescribed path of path_frame (may be empty)
  /// A longer motion is shown by this many of its samples, evenly spaced in order, the first and
  /// the last among them (at least 2).
  std::size_t max_samples = kDefaultViewSamples;
};

/// The indices of the samples shown of a motion of `count` samples: all when count <= max_samples,
/// else max_samples of them evenly spaced, 0 and count - 1 included (max_samples >= 2).
std::vector<std::size_t> shown_samples(std::size_t count, std::size_t max_samples);

/// The scene as JSON ("model", "dof", "joints", "bodies", "frames", "shapes", "capsules",
/// "radius", "samples": {"t", "q", "bodies", "frames", "tau"}, "path", "effort"; docs/view.md):
/// every placement as 12 numbers, the rotation's rows then the position; of a long motion the
/// samples shown_samples keeps. InputError when the motion has no sample, a sample of the wrong
/// size or a non-finite number, when a visual has a non-finite number or no frame of the model,
/// when a placement is not finite, or max_samples < 2: no number in the scene is null.
std::string scene_json(const Model& model, const SceneInput& input);

/// The self-contained HTML page (three.js and its OrbitControls embedded as data: URLs, no
/// network) that draws `scene` (scene_json's output).
std::string view_page(const std::string& scene);

/// scene_json, then view_page.
std::string view_html(const Model& model, const SceneInput& input);

/// The pinned three.js version embedded in the pages.
std::string three_version();

}  // namespace armdyn::view
