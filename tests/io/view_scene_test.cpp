// The scene of `armdyn view` (io/view_scene.hpp): the placements written into the page against
// the model's tree composed by hand (X_i = X_parent(i) tree_i Rz(q_i), never forward_kinematics),
// the URDF's visual primitives against the file's numbers, the capsules, the embedded three.js
// decoded back to the installed file, and the errors.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/io/view_scene.hpp"
#include "armdyn/model/catalogue.hpp"

namespace armdyn {
namespace view_scene_test {

using nlohmann::json;
const std::string kData = ARMDYN_TEST_DATA_DIR;

// The scene's JSON inside a page.
json page_scene(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"scene\">";
  const std::size_t begin = page.find(open);
  const std::size_t end = page.find("</script>", begin);
  EXPECT_NE(begin, std::string::npos);
  return json::parse(page.substr(begin + open.size(), end - begin - open.size()));
}

// Body placements composed by hand from the model's tree: revolute Rz(q), prismatic Tz(q).
std::vector<Transform<double>> by_hand(const Model& model, const VecX<double>& q) {
  std::vector<Transform<double>> out;
  for (int i = 0; i < model.dof; ++i) {
    Transform<double> joint;
    if (model.joint_type[static_cast<std::size_t>(i)] == JointType::kRevolute)
      joint.R = Eigen::AngleAxisd(q[i], Vec3<double>::UnitZ()).toRotationMatrix();
    else
      joint.p = Vec3<double>(0, 0, q[i]);
    const Transform<double> local = model.tree[static_cast<std::size_t>(i)] * joint;
    const int parent = model.parent[static_cast<std::size_t>(i)];
    out.push_back(parent < 0 ? local : out[static_cast<std::size_t>(parent)] * local);
  }
  return out;
}

void expect_placement(const json& x, const Transform<double>& X, const std::string& what) {
  ASSERT_EQ(x.size(), 12u) << what;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(x[static_cast<std::size_t>(3 * r + c)].get<double>(), X.R(r, c), 1e-12) << what;
    EXPECT_NEAR(x[static_cast<std::size_t>(9 + r)].get<double>(), X.p[r], 1e-12) << what;
  }
}

view::SceneInput random_motion(const Model& model, int samples, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> angle(-3.0, 3.0);
  view::SceneInput in;
  for (int k = 0; k < samples; ++k) {
    VecX<double> q(model.dof);
    for (int j = 0; j < model.dof; ++j) q[j] = angle(rng);
    in.motion.t.push_back(0.1 * k);
    in.motion.q.push_back(q);
  }
  return in;
}

TEST(ViewScene, PlacementsInThePageAreTheTreeComposedByHand) {
  for (const std::string& spec : {std::string("puma560"), kData + "/models/ur5.urdf", std::string("stanford")}) {
    const Model model = load_model(spec);
    const view::SceneInput in = random_motion(model, 5, 7);
    const json scene = page_scene(view::view_html(model, in));
    ASSERT_EQ(scene["samples"]["bodies"].size(), 5u);
    for (std::size_t k = 0; k < 5; ++k) {
      const std::vector<Transform<double>> X = by_hand(model, in.motion.q[k]);
      for (int i = 0; i < model.dof; ++i)
        expect_placement(scene["samples"]["bodies"][k][static_cast<std::size_t>(i)], X[static_cast<std::size_t>(i)],
                         spec + " body " + std::to_string(i));
      for (std::size_t f = 0; f < model.frames.size(); ++f) {
        const Frame<double>& frame = model.frames[f];
        const Transform<double> Xf =
            frame.body < 0 ? frame.placement : X[static_cast<std::size_t>(frame.body)] * frame.placement;
        expect_placement(scene["samples"]["frames"][k][f], Xf, spec + " frame " + frame.name);
      }
    }
  }
}

TEST(ViewScene, PathIsTheFrameOriginAndPrescribedPathIsKept) {
  const Model model = builtin_model("puma560").model;
  view::SceneInput in = random_motion(model, 4, 3);
  in.path_frame = static_cast<int>(model.frames.size()) - 1;
  in.prescribed = {Vec3<double>(1, 2, 3), Vec3<double>(4, 5, 6)};
  const json scene = json::parse(view::scene_json(model, in));
  const auto& frame = model.frames.back();
  for (std::size_t k = 0; k < 4; ++k) {
    const Transform<double> X = by_hand(model, in.motion.q[k])[static_cast<std::size_t>(frame.body)] * frame.placement;
    for (int r = 0; r < 3; ++r) EXPECT_NEAR(scene["path"]["achieved"][k][static_cast<std::size_t>(r)].get<double>(), X.p[r], 1e-12);
  }
  EXPECT_EQ(scene["path"]["frame"], frame.name);
  EXPECT_EQ(scene["path"]["prescribed"], json::parse("[[1,2,3],[4,5,6]]"));
}

TEST(ViewScene, UrdfVisualPrimitivesAreReadWithTheirOrigins) {
  const std::string path = kData + "/models/view_primitives.urdf";
  const Model model = load_model(path);
  const std::vector<view::VisualShape> shapes = view::read_urdf_visuals(path, model);
  ASSERT_EQ(shapes.size(), 4u);
  auto find = [&](view::ShapeKind kind) {
    for (const auto& s : shapes)
      if (s.kind == kind) return s;
    ADD_FAILURE() << "no " << view::to_string(kind);
    return view::VisualShape{};
  };
  const view::VisualShape box = find(view::ShapeKind::kBox), cylinder = find(view::ShapeKind::kCylinder);
  const view::VisualShape sphere = find(view::ShapeKind::kSphere), mesh = find(view::ShapeKind::kMesh);
  EXPECT_EQ(model.frames[static_cast<std::size_t>(box.frame)].name, "base_link");
  EXPECT_TRUE(box.size.isApprox(Vec3<double>(0.3, 0.2, 0.1)));
  EXPECT_TRUE(box.origin.p.isApprox(Vec3<double>(0, 0, 0.05)));
  EXPECT_EQ(model.frames[static_cast<std::size_t>(cylinder.frame)].name, "upper");
  EXPECT_DOUBLE_EQ(cylinder.size[0], 0.04);
  EXPECT_DOUBLE_EQ(cylinder.size[1], 0.4);
  // rpy (0, π/2, 0): the cylinder's axis (its z) along the link's x.
  EXPECT_NEAR((cylinder.origin.R * Vec3<double>::UnitZ() - Vec3<double>::UnitX()).norm(), 0, 1e-12);
  EXPECT_EQ(model.frames[static_cast<std::size_t>(sphere.frame)].name, "tool");
  EXPECT_DOUBLE_EQ(sphere.size[0], 0.03);
  EXPECT_EQ(mesh.mesh, "package://view_primitives/meshes/fore.stl");
  // The ASCII STL file beside the URDF (meshes/fore.stl): 4 triangles, the second one's vertices.
  ASSERT_EQ(mesh.triangles.size(), 36u);
  const std::vector<double> second = {0, -0.03, -0.03, 0, 0, 0.04, 0.3, 0, 0};
  EXPECT_EQ(std::vector<double>(mesh.triangles.begin() + 9, mesh.triangles.begin() + 18), second);

  // Every link has a shape of its own: no capsule.
  view::SceneInput in;
  in.visuals = shapes;
  in.motion.t = {0};
  in.motion.q = {VecX<double>::Zero(model.dof)};
  const json scene = json::parse(view::scene_json(model, in));
  EXPECT_EQ(scene["shapes"].size(), 4u);
  EXPECT_EQ(scene["capsules"].size(), 0u);
}

// A mesh whose file is missing: a capsule for its link ("fore": its joint origin to the tool
// frame); a binary STL file is read with the mesh's scale.
TEST(ViewScene, MissingMeshesBecomeCapsulesAndBinaryStlIsScaled) {
  const std::string path = kData + "/models/view_primitives.urdf";
  const Model model = load_model(path);
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  std::string xml = text.str();
  const std::string name = "package://view_primitives/meshes/fore.stl";
  const std::size_t at = xml.find(name);
  ASSERT_NE(at, std::string::npos);

  std::string missing = xml;
  missing.replace(at, name.size(), "meshes/missing.stl");
  view::SceneInput in;
  in.visuals = view::read_urdf_visuals_string(missing, "missing.urdf", model, kData + "/models");
  in.motion.t = {0};
  in.motion.q = {VecX<double>::Zero(model.dof)};
  const json scene = json::parse(view::scene_json(model, in));
  EXPECT_EQ(scene["shapes"].size(), 3u);  // the mesh is not drawn
  ASSERT_EQ(scene["capsules"].size(), 1u);
  EXPECT_EQ(scene["capsules"][0]["from"], json::parse(R"({"body": 1})"));
  EXPECT_EQ(scene["capsules"][0]["to"]["frame"].get<int>(), model.frame_index("tool"));

  // One triangle, binary: 80-byte header, count, normal + 3 vertices + 2 attribute bytes.
  const std::string dir = ::testing::TempDir();
  std::string bytes(80, ' ');
  const std::uint32_t count = 1;
  bytes.append(reinterpret_cast<const char*>(&count), 4);
  const float record[12] = {0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  bytes.append(reinterpret_cast<const char*>(record), sizeof record);
  bytes.append(2, '\0');
  std::ofstream(dir + "/one.stl", std::ios::binary) << bytes;
  std::string binary = xml;
  binary.replace(at, name.size(), "one.stl\" scale=\"2 1 0.5");
  const std::vector<view::VisualShape> shapes = view::read_urdf_visuals_string(binary, "binary.urdf", model, dir);
  for (const view::VisualShape& s : shapes) {
    if (s.kind != view::ShapeKind::kMesh) continue;
    const std::vector<double> expected = {2, 2, 1.5, 8, 5, 3, 14, 8, 4.5};
    EXPECT_EQ(s.triangles, expected);
  }

  std::ofstream(dir + "/bad.stl") << "solid bad\n vertex 1 2 nan\nendsolid\n";
  std::string bad = xml;
  bad.replace(at, name.size(), "bad.stl");
  EXPECT_THROW(view::read_urdf_visuals_string(bad, "bad.urdf", model, dir), InputError);
}

std::string file_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// view_primitives.urdf with its mesh (fore.stl) replaced by `mesh` (the rest of a <mesh> tag).
std::string primitives_with_mesh(const std::string& mesh) {
  std::string xml = file_text(kData + "/models/view_primitives.urdf");
  const std::string name = "package://view_primitives/meshes/fore.stl";
  xml.replace(xml.find(name), name.size(), mesh);
  return xml;
}

std::vector<double> mesh_of(const std::vector<view::VisualShape>& shapes) {
  for (const view::VisualShape& s : shapes)
    if (s.kind == view::ShapeKind::kMesh) return s.triangles;
  ADD_FAILURE() << "no mesh";
  return {};
}

void expect_triangles(const std::vector<double>& got, const std::vector<double>& expected, const std::string& what) {
  ASSERT_EQ(got.size(), expected.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], expected[i], 1e-12) << what << " number " << i;
}

// COLLADA: a tetrahedron in millimetres with y up (two <triangles>, normals interleaved in <p>) is
// read in metres with z up, (x, y, z) -> (x, -z, y) / 1000 by hand, and drawn instead of capsules;
// a square pyramid (<polylist>, accessor stride 4) is split into fans and placed by its scene's
// nodes (translate (0,0,2), then a <matrix> translating x by 0.5, then a quarter turn about z),
// then the URDF's mesh scale.
TEST(ViewScene, ColladaMeshesAreReadInMetresWithZUpAndPlacedByTheirScene) {
  const Model model = load_model(kData + "/models/view_primitives.urdf");
  const std::string folder = kData + "/models";
  view::SceneInput in;
  in.visuals = view::read_urdf_visuals_string(primitives_with_mesh("meshes/tetra.dae"), "tetra.urdf", model, folder);
  const std::vector<double> v0 = {0, 0, 0}, v1 = {0.1, 0, 0}, v2 = {0, 0, 0.2}, v3 = {0, -0.3, 0};
  std::vector<double> tetra;
  for (const auto* v : {&v0, &v2, &v1, &v0, &v1, &v3, &v0, &v3, &v2, &v1, &v2, &v3}) tetra.insert(tetra.end(), v->begin(), v->end());
  expect_triangles(mesh_of(in.visuals), tetra, "tetra.dae");
  in.motion.t = {0};
  in.motion.q = {VecX<double>::Zero(model.dof)};
  const json scene = json::parse(view::scene_json(model, in));
  EXPECT_EQ(scene["shapes"].size(), 4u);
  EXPECT_EQ(scene["capsules"].size(), 0u);  // the mesh's link is drawn by its mesh
  for (const json& shape : scene["shapes"])
    if (shape["kind"] == "mesh") expect_triangles(shape["triangles"].get<std::vector<double>>(), tetra, "scene");

  const std::vector<view::VisualShape> pyramid =
      view::read_urdf_visuals_string(primitives_with_mesh("meshes/pyramid.dae\" scale=\"2 1 1"), "pyramid.urdf", model, folder);
  const double corners[5][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0.5, 0.5, 1}};
  std::vector<double> expected;
  for (const int c : {0, 3, 2, 0, 2, 1, 0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4}) {
    const double* p = corners[c];
    expected.insert(expected.end(), {2 * (-p[1] + 0.5), p[0], p[2] + 2});
  }
  expect_triangles(mesh_of(pyramid), expected, "pyramid.dae");
}

// A COLLADA file that cannot be read is refused as a bad STL file is, naming the file and what
// is wrong; a missing one leaves capsules.
TEST(ViewScene, BadColladaFilesAreInputErrorsNamingTheFile) {
  const Model model = load_model(kData + "/models/view_primitives.urdf");
  const std::string dir = ::testing::TempDir();
  const std::string tetra = file_text(kData + "/models/meshes/tetra.dae");
  const std::string pyramid = file_text(kData + "/models/meshes/pyramid.dae");
  auto edited = [](std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  const std::vector<std::pair<std::string, std::string>> cases = {
      {edited(tetra, "<p>0 0 2 0", "<p>0 0 7 0"), "index 7 out of range"},
      {edited(tetra, "<float_array id=\"tetra-positions-array\" count=\"12\">0 0 0  100 0 0  0 200 0  0 0 300</float_array>", ""),
       "no <float_array>"},
      {edited(tetra, "100 0 0", "nan 0 0"), "not a finite number"},
      {edited(tetra, "<vertices id=\"tetra-vertices\">", "<vertices id=\"other\">"), "no <vertices>"},
      {edited(tetra, "count=\"4\" stride=\"3\"", "count=\"5\" stride=\"3\""), "reads past"},
      {edited(pyramid, "<vcount>4 3 3 3 3", "<vcount>4 3 3 3"), "<vcount>"},
      {edited(pyramid, "url=\"#pyramid-mesh\"", "url=\"#other\""), "no such geometry"},
      {edited(tetra, "Y_UP", "W_UP"), "<up_axis>"},
      {"solid not xml\n", "not an XML document"},
      {"<?xml version=\"1.0\"?><robot/>", "not a COLLADA document"},
      // Finite numbers whose product overflows: no null triangle in the page.
      {edited(pyramid, "<translate>0 0 2</translate>", "<scale>1e300 1e300 1e300</scale><scale>1e10 1 1</scale>"),
       "not a finite number once placed"},
      {edited(pyramid, "<matrix>1 0 0 0.5", "<matrix>-1e308 0 0 1e308"), "not a finite number once placed"},
      {edited(tetra, "meter=\"0.001\"", "meter=\"1e307\""), "not a finite number once placed"}};
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const std::string name = "view_bad" + std::to_string(k) + ".dae";
    const std::string path = (std::filesystem::path(dir) / name).string();  // as the URDF's folder joins it
    std::ofstream(path, std::ios::binary) << cases[k].first;
    try {
      view::read_urdf_visuals_string(primitives_with_mesh(name), "bad.urdf", model, dir);
      ADD_FAILURE() << name << ": no error";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind(path + ": ", 0), 0u) << what;
      EXPECT_NE(what.find(cases[k].second), std::string::npos) << what;
    }
  }
  view::SceneInput in;
  in.visuals = view::read_urdf_visuals_string(primitives_with_mesh("meshes/missing.dae"), "missing.urdf", model, dir);
  in.motion.t = {0};
  in.motion.q = {VecX<double>::Zero(model.dof)};
  EXPECT_EQ(json::parse(view::scene_json(model, in))["capsules"].size(), 1u);
}

TEST(ViewScene, WithoutVisualsEveryJointOriginIsJoinedByACapsule) {
  const Model model = load_model(kData + "/models/ur5.urdf");
  view::SceneInput in;
  in.motion.t = {0};
  in.motion.q = {VecX<double>::Zero(model.dof)};
  const json scene = json::parse(view::scene_json(model, in));
  int to_bodies = 0;
  for (const json& c : scene["capsules"])
    if (c["to"].contains("body")) ++to_bodies;
  EXPECT_EQ(to_bodies, model.dof);
  EXPECT_GT(scene["capsules"].size(), static_cast<std::size_t>(model.dof));  // and to the tool frames
  EXPECT_GT(scene["radius"].get<double>(), 0);
}

// The page carries three.js as a base64 data: URL; decoded it is the installed file byte for byte.
TEST(ViewPage, EmbedsThreeJsAndNeedsNoNetwork) {
  const Model model = builtin_model("planar2r").model;
  const std::string page = view::view_html(model, random_motion(model, 2, 1));
  EXPECT_EQ(page.find("http://"), std::string::npos);
  EXPECT_EQ(page.find("https://"), std::string::npos);
  EXPECT_EQ(page.find("<script src"), std::string::npos);
  const std::string key = "\"three\": \"data:text/javascript;base64,";
  const std::size_t begin = page.find(key) + key.size();
  const std::string encoded = page.substr(begin, page.find('"', begin) - begin);
  std::string decoded;
  unsigned buffer = 0;
  int bits = 0;
  const std::string digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (char c : encoded) {
    if (c == '=') break;
    buffer = (buffer << 6) | static_cast<unsigned>(digits.find(c));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      decoded.push_back(static_cast<char>((buffer >> bits) & 0xff));
    }
  }
  std::ifstream file(ARMDYN_THREE_MODULE, std::ios::binary);
  std::stringstream installed;
  installed << file.rdbuf();
  EXPECT_EQ(decoded.size(), installed.str().size());
  EXPECT_TRUE(decoded == installed.str());
  EXPECT_EQ(view::three_version(), "0.170.0");
}

TEST(ViewScene, BadMotionsAreInputErrors) {
  const Model model = builtin_model("puma560").model;
  view::SceneInput in;
  EXPECT_THROW(view::scene_json(model, in), InputError);  // no sample
  in.motion.t = {0};
  in.motion.q = {VecX<double>::Zero(5)};
  EXPECT_THROW(view::scene_json(model, in), InputError);
  in.motion.q = {VecX<double>::Constant(6, std::nan(""))};
  EXPECT_THROW(view::scene_json(model, in), InputError);
}

TEST(ViewScene, TrajectoryCsvNeedsItsJointColumnsAndTakesItsTorques) {
  const Model model = builtin_model("planar2r").model;
  const std::string dir = ::testing::TempDir();
  const std::string good = dir + "/view_good.csv", bad = dir + "/view_bad.csv";
  std::ofstream(good) << "t,q1,q2,v1,v2,a1,a2,tau1,tau2\n0,0,0,0,0,0,0,1.5,-2\n0.1,0.1,0.2,0,0,0,0,3,4\n";
  std::ofstream(bad) << "t,q1,v1,v2,a1,a2\n0,0,0,0,0,0\n";
  const view::ViewMotion motion = view::read_view_motion(good, model);
  ASSERT_EQ(motion.tau.size(), 2u);
  EXPECT_DOUBLE_EQ(motion.tau[0][0], 1.5);
  EXPECT_DOUBLE_EQ(motion.tau[1][1], 4);
  const std::string words = dir + "/view_words.csv";
  std::ofstream(words) << "t,q1,q2,v1,v2,a1,a2,tau1,tau2\n0,0,0,0,0,0,0,1.5,abc\n";
  EXPECT_THROW(view::read_view_motion(words, model), InputError);  // not read as 0
  try {
    view::read_view_motion(bad, model);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("q2"), std::string::npos) << e.what();
  }
}

}  // namespace view_scene_test
}  // namespace armdyn
