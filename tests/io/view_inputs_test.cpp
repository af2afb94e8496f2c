// What `armdyn view` reads, at its edges (io/view_scene.hpp): a long motion shown by a bounded
// number of samples; visuals and placements with numbers that are not finite refused, naming the
// visual; mesh files refused from their size before they are read, and devices and FIFOs never
// read; meshes found beside a URDF named without a folder; a URDF file that changed since its
// model was loaded not drawn as if it were that model.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/io/view_scene.hpp"
#include "armdyn/model/builder.hpp"
#include "armdyn/model/catalogue.hpp"

namespace armdyn {
namespace view_inputs_test {

namespace fs = std::filesystem;
using nlohmann::json;
const std::string kData = ARMDYN_TEST_DATA_DIR;

std::string file_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string edited(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// A fresh folder of its own under the test's temporary folder.
std::string fresh_folder(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("view_inputs_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

// The message of the InputError `f` throws ("" and a failure when none).
template <class F> std::string input_error(F&& f, const std::string& what) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << what << ": no InputError";
  return "";
}

view::SceneInput one_pose(const Model& model) {
  view::SceneInput in;
  in.motion.t = {0};
  in.motion.q = {VecX<double>::Zero(model.dof)};
  return in;
}

// ---- long motions ------------------------------------------------------------------------------

TEST(ViewScene, ShownSamplesAreEvenlySpacedAndKeepTheFirstAndLast) {
  for (std::size_t count : {1u, 2u, 3u, 10u, 1999u, 2000u, 2001u, 4001u, 80000u, 123457u})
    for (std::size_t max : {2u, 3u, 7u, 2000u, 5000u}) {
      const std::vector<std::size_t> k = view::shown_samples(count, max);
      const std::string what = std::to_string(count) + " rows, at most " + std::to_string(max);
      ASSERT_EQ(k.size(), std::min(count, max)) << what;
      EXPECT_EQ(k.front(), 0u) << what;
      EXPECT_EQ(k.back(), count - 1) << what;
      for (std::size_t i = 1; i < k.size(); ++i) {
        EXPECT_GT(k[i], k[i - 1]) << what;
        // evenly spaced: each step within one row of (count - 1) / (max - 1)
        if (count > max) {
          EXPECT_LE(std::abs(static_cast<double>(k[i] - k[i - 1]) - (count - 1.0) / (max - 1.0)), 1.0) << what;
        }
      }
    }
}

TEST(ViewScene, LongMotionsAreShownByAtMostMaxSamples) {
  const Model model = builtin_model("puma560").model;
  view::SceneInput in;
  const std::size_t rows = 80000;
  for (std::size_t k = 0; k < rows; ++k) {
    in.motion.t.push_back(0.001 * static_cast<double>(k));
    in.motion.q.push_back(VecX<double>::Constant(6, std::sin(1e-4 * static_cast<double>(k))));
  }
  in.path_frame = static_cast<int>(model.frames.size()) - 1;
  const std::string text = view::scene_json(model, in);
  const json scene = json::parse(text);
  ASSERT_EQ(scene["samples"]["t"].size(), view::kDefaultViewSamples);
  EXPECT_EQ(scene["samples"]["bodies"].size(), view::kDefaultViewSamples);
  EXPECT_EQ(scene["path"]["achieved"].size(), view::kDefaultViewSamples);
  EXPECT_EQ(scene["samples"]["t"].front().get<double>(), 0.0);
  EXPECT_EQ(scene["samples"]["t"].back().get<double>(), in.motion.t.back());
  EXPECT_LT(text.size(), std::size_t{8} << 20);  // 80 000 rows once made a page of 233 MB

  in.max_samples = 10;
  EXPECT_EQ(json::parse(view::scene_json(model, in))["samples"]["t"].size(), 10u);
  view::SceneInput few = in;  // a motion no longer than the bound: every row
  few.motion.t.resize(7);
  few.motion.q.resize(7);
  few.max_samples = 7;
  EXPECT_EQ(json::parse(view::scene_json(model, few))["samples"]["t"].size(), 7u);
  in.max_samples = 1;
  EXPECT_NE(input_error([&] { view::scene_json(model, in); }, "max 1").find("less than 2"), std::string::npos);

  // A bad row among those left out is still refused.
  in.max_samples = 2;
  in.motion.q[rows / 2 + 1][3] = std::nan("");
  EXPECT_NE(input_error([&] { view::scene_json(model, in); }, "NaN row").find("sample 40001"), std::string::npos);
}

// ---- numbers that are not finite ---------------------------------------------------------------

// Each visual of view_primitives.urdf made non-finite in one place: refused, naming the file, the
// link and the visual (it used to vanish from the page, or leave null triangles in it).
TEST(ViewScene, VisualsWithNumbersThatAreNotFiniteAreRefusedNamingTheVisual) {
  const std::string path = kData + "/models/view_primitives.urdf";
  const Model model = load_model(path);
  const std::string xml = file_text(path);
  const std::string dir = fresh_folder("finite");
  std::ofstream(dir + "/big.stl") << "solid big\nfacet normal 0 0 1\nouter loop\nvertex 1e300 0 0\nvertex 0 1 0\n"
                                     "vertex 0 0 1\nendloop\nendfacet\nendsolid big\n";
  const std::string mesh = "package://view_primitives/meshes/fore.stl";
  struct Case {
    std::string xml, link;
  };
  std::vector<Case> cases;
  for (const char* bad : {"nan", "inf", "-inf", "NaN", "1e999"}) {
    const std::string x = bad;
    cases.push_back({edited(xml, "<box size=\"0.3 0.2 0.1\"/>", "<box size=\"0.3 " + x + " 0.1\"/>"), "base_link"});
    cases.push_back({edited(xml, "<origin xyz=\"0 0 0.05\" rpy=\"0 0 0\"/>", "<origin xyz=\"0 " + x + " 0.05\" rpy=\"0 0 0\"/>"), "base_link"});
    cases.push_back({edited(xml, "rpy=\"0 1.5707963267948966 0\"/>", "rpy=\"0 " + x + " 0\"/>"), "upper"});
    cases.push_back({edited(xml, "<cylinder radius=\"0.04\" length=\"0.4\"/>", "<cylinder radius=\"" + x + "\" length=\"0.4\"/>"), "upper"});
    cases.push_back({edited(xml, "<cylinder radius=\"0.04\" length=\"0.4\"/>", "<cylinder radius=\"0.04\" length=\"" + x + "\"/>"), "upper"});
    cases.push_back({edited(xml, "<sphere radius=\"0.03\"/>", "<sphere radius=\"" + x + "\"/>"), "tool"});
    cases.push_back({edited(xml, mesh, "big.stl\" scale=\"1 " + x + " 1"), "fore"});
  }
  cases.push_back({edited(xml, mesh, "big.stl\" scale=\"1e10 1 1"), "fore"});  // 1e310: overflows
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const std::string what = "case " + std::to_string(k);
    const std::string message =
        input_error([&] { view::read_urdf_visuals_string(cases[k].xml, "bad.urdf", model, dir); }, what);
    if (message.empty()) continue;  // the parser refused the document before: also no silent visual
    if (message.find("not a URDF document") != std::string::npos) continue;
    EXPECT_EQ(message.rfind("bad.urdf: link '" + cases[k].link + "' <visual> 1", 0), 0u) << what << ": " << message;
    EXPECT_NE(message.find("not a finite number"), std::string::npos) << what << ": " << message;
  }
}

// A geometry armdyn does not draw is left out (its link drawn as capsules, as documented); one it
// draws but urdfdom could not read (a size of two numbers, no radius) is refused, not left out.
TEST(ViewScene, VisualsUrdfdomCannotReadAreRefusedOtherGeometriesLeftOut) {
  const std::string path = kData + "/models/view_primitives.urdf";
  const Model model = load_model(path);
  const std::string xml = file_text(path);
  for (const std::string other : {"<capsule radius=\"0.03\" length=\"0.1\"/>", ""}) {
    const std::vector<view::VisualShape> shapes = view::read_urdf_visuals_string(
        edited(xml, "<sphere radius=\"0.03\"/>", other), "other.urdf", model, kData + "/models");
    EXPECT_EQ(shapes.size(), 3u) << other;  // the box, the cylinder, the mesh
  }
  for (const auto& edit : std::vector<std::pair<std::string, std::string>>{
           {"<box size=\"0.3 0.2 0.1\"/>", "<box size=\"0.3 0.2\"/>"},
           {"<sphere radius=\"0.03\"/>", "<sphere/>"},
           {"<cylinder radius=\"0.04\" length=\"0.4\"/>", "<cylinder radius=\"0.04\"/>"}}) {
    const std::string message = input_error(
        [&] { view::read_urdf_visuals_string(edited(xml, edit.first, edit.second), "bad.urdf", model, kData + "/models"); },
        edit.second);
    EXPECT_EQ(message.rfind("bad.urdf: link '", 0), 0u) << message;
    EXPECT_NE(message.find(" read ("), std::string::npos) << message;
  }
}

// Visuals handed to scene_json directly are held to the same rule, and must be on a frame.
TEST(ViewScene, SceneRefusesVisualsThatAreNotFiniteOrOnNoFrame) {
  const Model model = load_model(kData + "/models/view_primitives.urdf");
  view::SceneInput in = one_pose(model);
  view::VisualShape box;
  box.frame = 0;
  box.size = Vec3<double>(1, 1, 1);
  in.visuals = {box};
  EXPECT_NO_THROW(view::scene_json(model, in));
  in.visuals[0].size.y() = std::numeric_limits<double>::infinity();
  EXPECT_NE(input_error([&] { view::scene_json(model, in); }, "size").find("size: not a finite number"), std::string::npos);
  in.visuals = {box};
  in.visuals[0].origin.p.x() = std::nan("");
  EXPECT_NE(input_error([&] { view::scene_json(model, in); }, "origin").find("origin"), std::string::npos);
  in.visuals = {box};
  in.visuals[0].kind = view::ShapeKind::kMesh;
  in.visuals[0].triangles = {0, 0, 0, 1, 0, 0, 0, std::nan(""), 0};
  EXPECT_NE(input_error([&] { view::scene_json(model, in); }, "mesh").find("mesh vertex"), std::string::npos);
  in.visuals = {box};
  in.visuals[0].frame = static_cast<int>(model.frames.size());
  EXPECT_NE(input_error([&] { view::scene_json(model, in); }, "frame").find("does not have"), std::string::npos);
}

// Two prismatic joints along one axis, each near the largest double: finite joint positions whose
// placement overflows are refused rather than written as null.
TEST(ViewScene, PlacementsThatOverflowAreRefused) {
  ModelBuilder builder("slides", "slides");
  LinkInertial inertial;
  inertial.mass = 1;
  inertial.inertia = Mat3<double>::Identity();
  JointSpec slide;
  slide.type = JointType::kPrismatic;
  slide.name = "s1";
  builder.add_link("base", slide, "l1", inertial);
  slide.name = "s2";
  builder.add_link("l1", slide, "l2", inertial);
  const Model model = builder.build();
  view::SceneInput in = one_pose(model);
  in.motion.q = {VecX<double>::Constant(2, 1e308)};
  const std::string message = input_error([&] { view::scene_json(model, in); }, "overflow");
  EXPECT_NE(message.find("sample 0: the placement of body 'l2' is not finite"), std::string::npos) << message;
}

// ---- mesh files: sizes, devices, FIFOs ---------------------------------------------------------

// view_primitives.urdf with its mesh named `name`, its visuals read from `dir`.
std::vector<view::VisualShape> visuals_with_mesh(const std::string& name, const std::string& dir) {
  const std::string path = kData + "/models/view_primitives.urdf";
  const std::string xml = edited(file_text(path), "package://view_primitives/meshes/fore.stl", name);
  return view::read_urdf_visuals_string(xml, "m.urdf", load_model(path), dir);
}

// A sparse file of `size` bytes (no disk space used) with `head` at its start.
void sparse_file(const std::string& path, std::size_t size, const std::string& head = "") {
  { std::ofstream(path, std::ios::binary) << head; }
  fs::resize_file(path, size);
}

// The bounds docs/view.md states: 200000 triangles, 128 MiB for any mesh file.
constexpr std::size_t kMaxTriangles = 200000;
constexpr std::size_t kMaxMeshBytes = std::size_t{128} << 20;

TEST(ViewScene, MeshFilesLargerThanTheirFormatAllowsAreRefusedBeforeReading) {
  const std::string dir = fresh_folder("sizes");
  // 6 GiB, and one byte over the text bound: refused from the size, nothing read (a read of
  // 6 GiB would exhaust the memory first).
  for (const std::string ext : {"stl", "STL", "dae"}) {
    for (const std::size_t size : {std::size_t{6} << 30, kMaxMeshBytes + 1}) {
      const std::string name = "huge" + std::to_string(size) + "." + ext;
      sparse_file(dir + "/" + name, size, "solid huge\n");
      const std::string message = input_error([&] { visuals_with_mesh(name, dir); }, name);
      EXPECT_NE(message.find(std::to_string(size) + " bytes, more than"), std::string::npos) << message;
      fs::remove(dir + "/" + name);
    }
  }
  // A binary STL whose header announces more triangles than the limit: refused by that count.
  std::string header(80, ' ');
  const std::uint32_t n = kMaxTriangles + 1;
  header.append(reinterpret_cast<const char*>(&n), 4);
  sparse_file(dir + "/many.stl", 84 + 50 * std::size_t{n}, header);
  EXPECT_NE(input_error([&] { visuals_with_mesh("many.stl", dir); }, "many").find("more than 200000 triangles"),
            std::string::npos);
}

TEST(ViewScene, MeshNamesThatAreNotRegularFilesAreRefusedNotRead) {
  const std::string dir = fresh_folder("devices");
  ASSERT_EQ(::mkfifo((dir + "/pipe.stl").c_str(), 0600), 0);  // no writer: a blocking read would wait forever
  fs::create_symlink("/dev/zero", dir + "/zero.stl");           // endless: an unbounded read never ends
  fs::create_symlink("/dev/null", dir + "/null.dae");
  for (const std::string name : {"pipe.stl", "zero.stl", "null.dae"}) {
    const std::string message = input_error([&] { visuals_with_mesh(name, dir); }, name);
    EXPECT_EQ(message.rfind(dir + "/" + name + ": ", 0), 0u) << message;
    EXPECT_NE(message.find("not a regular file"), std::string::npos) << message;
  }
  EXPECT_NO_THROW(visuals_with_mesh("missing.stl", dir));  // a missing file: capsules, as documented
}

// ---- the URDF's folder -------------------------------------------------------------------------

// Restores the working folder when a test that changed it ends.
struct WorkingFolder {
  explicit WorkingFolder(const std::string& dir) : before(fs::current_path()) { fs::current_path(dir); }
  ~WorkingFolder() { fs::current_path(before); }
  fs::path before;
};

// A robot folder: robot/urdf/robot.urdf whose mesh is package://robot/meshes/fore.stl (found as
// ../meshes/fore.stl from the URDF's folder) and robot/urdf/near.stl beside it.
std::string robot_folder() {
  const std::string root = fresh_folder("folder");
  fs::create_directories(root + "/robot/urdf");
  fs::create_directories(root + "/robot/meshes");
  fs::copy_file(kData + "/models/meshes/fore.stl", root + "/robot/meshes/fore.stl");
  fs::copy_file(kData + "/models/meshes/fore.stl", root + "/robot/urdf/near.stl");
  const std::string xml = file_text(kData + "/models/view_primitives.urdf");
  std::ofstream(root + "/robot/urdf/robot.urdf") << edited(xml, "package://view_primitives/meshes/fore.stl",
                                                           "package://robot/meshes/fore.stl");
  std::ofstream(root + "/robot/urdf/near.urdf") << edited(xml, "package://view_primitives/meshes/fore.stl", "near.stl");
  return root;
}

std::size_t mesh_triangle_count(const std::vector<view::VisualShape>& shapes) {
  for (const view::VisualShape& s : shapes)
    if (s.kind == view::ShapeKind::kMesh) return s.triangles.size() / 9;
  return 0;
}

TEST(ViewScene, MeshesAreFoundWhateverFolderPartTheUrdfNameHas) {
  const std::string root = robot_folder();
  for (const std::string urdf : {"robot.urdf", "near.urdf"}) {
    const Model model = load_model(root + "/robot/urdf/" + urdf);
    const std::size_t expected = mesh_triangle_count(view::read_urdf_visuals(root + "/robot/urdf/" + urdf, model));
    ASSERT_GT(expected, 0u) << urdf;
    for (const auto& [cwd, name] : std::vector<std::pair<std::string, std::string>>{
             {root + "/robot/urdf", urdf},  // no folder part: the mesh was dropped
             {root + "/robot/urdf", "./" + urdf},
             {root + "/robot/meshes", "../urdf/" + urdf},
             {root + "/robot", "urdf/" + urdf},
             {root, "robot/urdf/" + urdf}}) {
      const WorkingFolder here(cwd);
      EXPECT_EQ(mesh_triangle_count(view::read_urdf_visuals(name, model)), expected) << name << " from " << cwd;
    }
  }
}

// ---- a URDF file that changed since its model was loaded ---------------------------------------

TEST(ViewScene, UrdfFileChangedSinceLoadingIsNotDrawnAsTheLoadedModel) {
  const std::string dir = fresh_folder("changed");
  const std::string path = dir + "/arm.urdf";
  const std::string xml = file_text(kData + "/models/view_primitives.urdf");
  const std::string mesh = "package://view_primitives/meshes/fore.stl";
  std::ofstream(path) << edited(xml, mesh, "missing.stl");
  const Model model = load_model(path);
  EXPECT_EQ(view::read_urdf_visuals(path, model).size(), 4u);

  // Its visuals alone changed: the same arm, drawn with them.
  std::ofstream(path) << edited(edited(xml, mesh, "missing.stl"), "<sphere radius=\"0.03\"/>", "<sphere radius=\"0.05\"/>");
  EXPECT_EQ(view::read_urdf_visuals(path, model).back().size.x(), 0.05);

  const std::vector<std::pair<std::string, std::string>> changes = {
      {"<joint name=\"joint2\"", "<joint name=\"elbow\""},
      {"<origin xyz=\"0.4 0 0\" rpy=\"1.5707963267948966 0 0\"/>", "<origin xyz=\"0.5 0 0\" rpy=\"1.5707963267948966 0 0\"/>"},
      {"<joint name=\"joint2\" type=\"revolute\">", "<joint name=\"joint2\" type=\"prismatic\">"},
      {"<origin xyz=\"0.3 0 0\" rpy=\"0 0 0\"/>", "<origin xyz=\"0.3 0.1 0\" rpy=\"0 0 0\"/>"},  // the tool frame
      {"<link name=\"tool\">", "<link name=\"gripper\">"},
      {"<robot name=\"view_primitives\">", "<robot name=\"view_primitives\"><broken"}};
  for (const auto& [from, to] : changes) {
    std::string changed = edited(xml, mesh, "missing.stl");
    if (to.find("gripper") != std::string::npos) changed = edited(changed, "<child link=\"tool\"/>", "<child link=\"gripper\"/>");
    std::ofstream(path) << edited(changed, from, to);
    const std::string message = input_error([&] { view::read_urdf_visuals(path, model); }, to);
    EXPECT_EQ(message.rfind(path + ": no longer the file model 'view_primitives' was loaded from", 0), 0u) << message;
  }
}

}  // namespace view_inputs_test
}  // namespace armdyn
