// The MJCF reader against files that change under it, that ask MuJoCo for more memory than it
// should allocate, or that hide their root element behind a long prolog.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "armdyn/armdyn.hpp"
#include "armdyn/io/mjcf.hpp"
#include "support/refusal.hpp"
#include "support/temp_dir.hpp"

namespace armdyn {
namespace mjcf_bounds_test {

/// Two bodies: "b" with `joint` (and armature etc. in it), "c" with a hinge of armature 0.7.
std::string two_bodies(const std::string& joint, const std::string& outside = "") {
  return "<mujoco model=\"m\">\n<worldbody>\n<body name=\"b\" pos=\"0 0 1\">\n" + joint +
         "\n<inertial pos=\"0.1 0 0\" mass=\"1\" diaginertia=\"0.01 0.01 0.01\"/>\n"
         "<body name=\"c\" pos=\"0.3 0 0\"><joint name=\"j2\" axis=\"0 1 0\" armature=\"0.7\" damping=\"0.2\"/>"
         "<inertial pos=\"0.1 0 0\" mass=\"1\" diaginertia=\"0.01 0.01 0.01\"/></body>\n</body>\n</worldbody>\n" +
         outside + "</mujoco>\n";
}

using test::refusal;

using test::ScopedEnv;

TEST(MjcfBounds, DrivesComeFromTheCompileTheModelCameFrom) {
  const test::TempDir dir("mjcf_bounds");
  const std::string path = dir.write("arm.xml", two_bodies("<joint name=\"j1\" axis=\"0 0 1\" armature=\"0.25\" frictionloss=\"0.4\"/>"));
  const Model model = load_any_model(path);
  ASSERT_EQ(model.dof, 2);
  // The file changes after loading: another model, its first joint now a ball of three
  // coordinates (whose dofs would be read past the loaded model's).
  dir.write("arm.xml", two_bodies("<joint name=\"j1\" type=\"ball\" armature=\"9\"/>"));
  const drives::DriveSet set = load_any_drives("mjcf", model, path);
  ASSERT_EQ(set.size(), 2);
  EXPECT_EQ(set[0].rotor_inertia, 0.25);
  EXPECT_EQ(set[0].coulomb_positive, 0.4);
  EXPECT_EQ(set[1].rotor_inertia, 0.7);
  EXPECT_EQ(set[1].viscous, 0.2);
  // Even with the file gone.
  dir.write("arm.xml", "");
  EXPECT_EQ(mjcf_drives(model).size(), 2);
  // A model whose coordinates are not those of its compile is refused, not read past.
  Model other = model;
  other.source_dynamics.pop_back();
  EXPECT_NE(refusal([&] { mjcf_drives(other); }).find("was not loaded from an MJCF file"), std::string::npos);
  EXPECT_NE(refusal([&] { mjcf_drives(load_any_model("puma560")); }).find("actuators 'mjcf'"), std::string::npos);
}

TEST(MjcfBounds, SizeRequestsAreRefusedBeforeMujocoAllocatesThem) {
  const test::TempDir dir("mjcf_bounds");
  const std::string hinge = "<joint name=\"j1\" axis=\"0 0 1\"/>";
  struct Case {
    const char* name;
    std::string text;
    std::string names;  ///< what the message names
  };
  const std::string many_free = [] {
    std::string bodies;
    for (int k = 0; k < 1500; ++k)
      bodies += "<body name=\"f" + std::to_string(k) + "\"><freejoint/><geom size=\"0.1\" mass=\"1\"/></body>";
    return "<mujoco><worldbody>" + bodies + "</worldbody></mujoco>";
  }();
  for (const Case& c : std::vector<Case>{
           {"user.xml", two_bodies(hinge, "<size nuser_body=\"300000000\"/>"), "<size nuser_body=\"300000000\"> (line"},
           {"jnt.xml", two_bodies(hinge, "<size nuser_jnt=\"1000000000\"/>"), "<size nuser_jnt=\"1000000000\">"},
           {"njmax.xml", two_bodies(hinge, "<size njmax=\"100000\"/>"), "<size njmax=\"100000\">"},
           {"stack.xml", two_bodies(hinge, "<size nstack=\"1000000000\"/>"), "<size nstack=\"1000000000\">"},
           {"texture.xml", two_bodies(hinge, "<asset><texture name=\"t\" type=\"2d\" builtin=\"checker\" width=\"100000\" height=\"100000\"/></asset>"),
            "<texture width=\"100000\">"},
           {"hfield.xml", two_bodies(hinge, "<asset><hfield name=\"h\" nrow=\"100000\" ncol=\"100000\" size=\"1 1 1 1\"/></asset>"),
            "<hfield nrow=\"100000\">"},
           {"numeric.xml", two_bodies(hinge, "<custom><numeric name=\"n\" size=\"1000000000\"/></custom>"),
            "<numeric size=\"1000000000\">"},
           {"free.xml", many_free, "its joints (some 9000 degrees of freedom)"},
       }) {
    const std::string path = dir.write(c.name, c.text);
    const std::string message = refusal([&] { load_any_model(path); });
    EXPECT_EQ(message.rfind(path + ": " + c.names, 0), 0u) << c.name << ": " << message;
    EXPECT_NE(message.find("ARMDYN_MJCF_MAX_MEMORY"), std::string::npos) << message;
  }
  // A request in an included file is found there.
  dir.write("part.xml", "<mujoco><size nuser_geom=\"500000000\"/></mujoco>");
  const std::string including = dir.write("including.xml", two_bodies(hinge, "<include file=\"part.xml\"/>"));
  const std::string message = refusal([&] { load_any_model(including); });
  EXPECT_NE(message.find("<size nuser_geom=\"500000000\">"), std::string::npos) << message;
  EXPECT_NE(message.find("in the included " + dir.path("part.xml")), std::string::npos) << message;
  // Sensitivity: modest requests load; the limit is the user's to set.
  const std::string fine = dir.write("fine.xml", two_bodies(hinge, "<size nuser_body=\"3\" njmax=\"1000\"/>"));
  EXPECT_EQ(load_any_model(fine).dof, 2);
  const ScopedEnv lowered("ARMDYN_MJCF_MAX_MEMORY", "1M");
  EXPECT_NE(refusal([&] { load_any_model(fine); }).find("more than the limit of 1 MiB"), std::string::npos);
}

TEST(MjcfBounds, OrientationsMujocoWouldReadAsNoRotationAreRefused) {
  const test::TempDir dir("mjcf_bounds");
  const std::string hinge = "<joint name=\"j1\" axis=\"0 0 1\"/>";
  auto with_quat = [&](const std::string& quat) {
    std::string text = two_bodies(hinge);
    text.replace(text.find("pos=\"0 0 1\">"), 12, "pos=\"0 0 1\" quat=\"" + quat + "\">");
    return text;
  };
  for (const std::string& quat : {"1e300 0 1e300 0", "1e-200 0 1e-200 0", "1e60 0 0 0", "0 0 0 0"}) {
    const std::string path = dir.write("q.xml", with_quat(quat));
    const std::string message = refusal([&] { load_any_model(path); });
    EXPECT_NE(message.find("<body quat=\"" + quat + "\"> (line 3)"), std::string::npos) << quat << ": " << message;
  }
  const std::string axis = dir.write("a.xml", two_bodies("<joint name=\"j1\" axis=\"0 0 1e-12\"/>"));
  EXPECT_NE(refusal([&] { load_any_model(axis); }).find("<joint axis=\"0 0 1e-12\">"), std::string::npos);
  std::string site = two_bodies(hinge);
  site.insert(site.find("<inertial"), "<site name=\"s\" xyaxes=\"1 0 0 0 1e70 0\"/>");
  const std::string frame = dir.write("x.xml", site);
  EXPECT_NE(refusal([&] { load_any_model(frame); }).find("<site xyaxes="), std::string::npos);
  // Sensitivity: a quaternion of modest length loads and turns the body (the joint's axis with it).
  const Model turned = load_any_model(dir.write("fine.xml", with_quat("1e-5 0 1e-5 0")));
  const Model plain = load_any_model(dir.write("plain.xml", two_bodies(hinge)));
  EXPECT_EQ(turned.dof, 2);
  EXPECT_GT((turned.tree[0].R - plain.tree[0].R).norm(), 0.5);
}

TEST(MjcfBounds, TheRootElementIsFoundBehindAnyProlog) {
  const test::TempDir dir("mjcf_bounds");
  const std::string licence = "<!--\n" + std::string(20000, 'x') + "\n-->\n";
  const std::string path = dir.write("licensed.xml", "<?xml version=\"1.0\"?>\n" + licence + "<!-- <robot> -->\n" +
                                                         two_bodies("<joint name=\"j1\" axis=\"0 0 1\"/>"));
  EXPECT_TRUE(is_mjcf_file(path));
  EXPECT_EQ(load_any_model(path).dof, 2);
  const std::string doctype = dir.write("doctype.xml", "<!DOCTYPE mujoco [ <!ENTITY x \"<robot>\"> ]>\n" + licence +
                                                           two_bodies("<joint name=\"j1\" axis=\"0 0 1\"/>"));
  EXPECT_TRUE(is_mjcf_file(doctype));
  // A URDF behind the same prolog stays a URDF; an unterminated comment is neither.
  EXPECT_FALSE(is_mjcf_file(dir.write("robot.xml", licence + "<robot name=\"r\"><link name=\"a\"/></robot>")));
  EXPECT_FALSE(is_mjcf_file(dir.write("open.xml", "<!--" + std::string(70000, ' ') + "<mujoco/>")));
}

}  // namespace mjcf_bounds_test
}  // namespace armdyn
