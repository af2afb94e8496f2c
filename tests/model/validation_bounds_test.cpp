// Model validation, the bounds (src/model/builder.cpp): numbers that are finite but too large
// for the dynamics or subnormal, placements that are not rotations, joints whose subtree lies on
// their axis, names that are not UTF-8. Each is refused at load, naming the element and field.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "armdyn/armdyn.hpp"
#include "support/test_util.hpp"
#include "support/validation_util.hpp"

namespace armdyn {
namespace validation_bounds_test {

using namespace armdyn::test;  // NOLINT: the validation helpers

// ---------------------------------------------------------------------------------------------
// Numbers.

// Numbers that are finite but break the dynamics: so large that M overflows (its eigenvalues came
// out NaN, which the positive-definiteness test let through), or subnormal (1e-320 loaded and
// evaluated silently). Each is refused at load, naming the link and the field.
TEST(Validation, HugeInertialNumbers) {
  LinkInertial in = good_inertial();
  in.mass = 1e308;
  expect_error(inertial_error(in), "arm.test: link 'l2': inertial/mass: must be at most 1e50 in magnitude, got 1e+308",
               "link 'l2'", "inertial/mass");
  in = good_inertial();
  in.inertia = Vec3<double>(1e308, 1e308, 1e308).asDiagonal();  // eigenvalues used to overflow to NaN
  expect_error(inertial_error(in), "arm.test: link 'l2': inertial/ixx: must be at most 1e50 in magnitude, got 1e+308",
               "link 'l2'", "inertial/ixx");
  in = good_inertial();
  in.inertia(1, 2) = in.inertia(2, 1) = -1e60;
  EXPECT_EQ(inertial_error(in).what, "arm.test: link 'l2': inertial/iyz: must be at most 1e50 in magnitude, got -1e+60");
  in = good_inertial();
  in.com.y() = 1e200;
  expect_error(inertial_error(in),
               "arm.test: link 'l2': inertial/origin: centre of mass must be at most 1e50 in magnitude, got 1e+200",
               "link 'l2'", "inertial/origin");
  // The bound itself is allowed, and the model it gives has a finite mass matrix.
  in = good_inertial(1e50);
  const Model m = two_links(revolute("j2"), in);
  Data data(m);
  EXPECT_TRUE(crba(m, data, VecX<double>::Constant(2, 0.3)).allFinite());
}

TEST(Validation, SubnormalInertialNumbers) {
  LinkInertial in = good_inertial();
  in.mass = 1e-320;
  expect_error(inertial_error(in),
               "arm.test: link 'l2': inertial/mass: must be 0 or at least 2.2250738585072014e-308 in magnitude (a "
               "subnormal number), got 1e-320",
               "link 'l2'", "inertial/mass");
  in = good_inertial();
  in.inertia(2, 2) = 4e-310;
  EXPECT_EQ(inertial_error(in).field, "inertial/izz");
  in = good_inertial();
  in.com.x() = -1e-315;
  EXPECT_EQ(inertial_error(in).field, "inertial/origin");
  // The smallest normal number and exact zeros are fine.
  in = good_inertial(std::numeric_limits<double>::min() * 1e300);
  in.com = Vec3<double>(0.1, 0, std::numeric_limits<double>::min());
  EXPECT_EQ(two_links(revolute("j2"), in).dof, 2);
}

// Joint placements and gravity: the same bounds.
TEST(Validation, HugeOrSubnormalJointNumbers) {
  JointSpec j = revolute("j2", Vec3<double>(0.3, 1e300, 0));
  expect_error(joint_error(j), "arm.test: joint 'j2': origin: position must be at most 1e50 in magnitude, got 1e+300",
               "joint 'j2'", "origin");
  j = revolute("j2", Vec3<double>(0.3, 0, 5e-324));
  EXPECT_EQ(joint_error(j).what,
            "arm.test: joint 'j2': origin: position must be 0 or at least 2.2250738585072014e-308 in magnitude (a "
            "subnormal number), got 5e-324");
  j = revolute("j2");
  j.link_in_joint.p.x() = -1e51;
  EXPECT_EQ(joint_error(j).what,
            "arm.test: joint 'j2': origin: link placement position must be at most 1e50 in magnitude, got -1e+51");
  j = revolute("j2");
  j.origin.R *= 1e200;  // finite, but not a rotation
  EXPECT_EQ(joint_error(j).what.rfind("arm.test: joint 'j2': origin: rotation is not orthonormal", 0), 0u);
  j = revolute("j2");
  j.origin.R = Vec3<double>(1, 1, -1).asDiagonal();
  EXPECT_EQ(joint_error(j).what, "arm.test: joint 'j2': origin: rotation is a reflection (determinant -1)");
  ModelBuilder b("arm.test", "arm");
  b.add_link("base", revolute("j1"), "l1", good_inertial());
  expect_error(model_error([&] {
                 b.add_fixed_link("l1", "weld", Transform<double>::translation(Vec3<double>(1e60, 0, 0)), "tool",
                                  LinkInertial{});
               }),
               "arm.test: joint 'weld': origin: position must be at most 1e50 in magnitude, got 1e+60", "joint 'weld'",
               "origin");
  for (const Vec3<double>& g : {Vec3<double>(0, 0, -1e300), Vec3<double>(1e-320, 0, -9.81)}) {
    ModelBuilder gb("arm.test", "arm");
    gb.add_link("base", revolute("j1"), "l1", good_inertial());
    gb.set_gravity(g);
    EXPECT_EQ(model_error([&] { gb.build(); }).field, "gravity");
  }
}

// The axis is a direction only: a huge finite one used to overflow its norm to infinity, pass
// the zero check, and normalise to NaN.
TEST(Validation, HugeAxisIsADirection) {
  JointSpec j = revolute("j2");
  j.axis = Vec3<double>(0, 1e308, 1e308);
  const Model m = two_links(j, good_inertial());
  JointSpec unit = revolute("j2");
  unit.axis = Vec3<double>(0, 1, 1);
  const Model expected = two_links(unit, good_inertial());
  EXPECT_TRUE(m.tree[1].R.allFinite());
  EXPECT_LE((m.tree[1].R - expected.tree[1].R).cwiseAbs().maxCoeff(), 1e-15);
}

// ---------------------------------------------------------------------------------------------
// Joints that move nothing.

// zero row in every configuration; `eval` used to fail with "qdd is not finite". Generalised: a
// revolute joint whose whole subtree lies on its axis.
TEST(Validation, PointMassOnItsOwnAxis) {
  LinkInertial on_axis;  // 2 kg, 0.4 m up the joint's z axis, no rotational inertia
  on_axis.mass = 2;
  on_axis.com = Vec3<double>(0, 0, 0.4);
  on_axis.field_prefix = "inertial/";
  const std::string message =
      "arm.test: joint 'j2': moves no inertia: everything it carries lies on its axis (zero moment of inertia about "
      "it, a singular mass matrix)";
  expect_error(model_error([&] { two_links(revolute("j2"), on_axis); }), message, "joint 'j2'", "");
  // A slender rod along the axis, and a second joint carrying another point mass on the same line
  // (its own axis along the line too): still nothing to turn about j2, whatever j3 does.
  LinkInertial rod = on_axis;
  rod.inertia = Vec3<double>(0.5, 0.5, 0.0).asDiagonal();
  expect_error(model_error([&] { two_links(revolute("j2"), rod); }), message, "joint 'j2'", "");
  ModelBuilder chain("arm.test", "arm");
  chain.add_link("base", revolute("j1"), "l1", good_inertial());
  chain.add_link("l1", revolute("j2"), "l2", on_axis);
  chain.add_link("l2", revolute("j3", Vec3<double>(0, 0, 0.5)), "l3", on_axis);
  EXPECT_EQ(model_error([&] { chain.build(); }).what, message);
  // Sensitivity: the mass 1 mm off the axis, a tool off the axis, or a second joint that swings the
  // next mass off the line (its axis across it) each give j2 something to turn.
  LinkInertial off = on_axis;
  off.com.x() = 1e-3;
  EXPECT_EQ(two_links(revolute("j2"), off).dof, 2);
  ModelBuilder tool("arm.test", "arm");
  tool.add_link("base", revolute("j1"), "l1", good_inertial());
  tool.add_link("l1", revolute("j2"), "l2", on_axis);
  LinkInertial tip;
  tip.mass = 0.1;
  tip.com = Vec3<double>(0.05, 0, 0);
  tool.add_fixed_link("l2", "weld", Transform<double>::identity(), "tip", tip);
  EXPECT_EQ(tool.build().dof, 2);
  ModelBuilder swing("arm.test", "arm");
  swing.add_link("base", revolute("j1"), "l1", good_inertial());
  swing.add_link("l1", revolute("j2"), "l2", on_axis);
  JointSpec across = revolute("j3", Vec3<double>(0, 0, 0.5));
  across.axis = Vec3<double>::UnitX();
  swing.add_link("l2", across, "l3", on_axis);
  EXPECT_EQ(swing.build().dof, 3);  // at q3 = 0 the masses line up on j2's axis: a pose, not a defect
}

// The first joint of a chain may be the one on whose axis everything lies.
TEST(Validation, PointMassOnTheFirstAxis) {
  LinkInertial on_axis;
  on_axis.mass = 1.5;
  on_axis.com = Vec3<double>(0, 0, -0.2);
  ModelBuilder b("arm.test", "arm");
  b.add_link("base", revolute("j1"), "l1", on_axis);
  EXPECT_EQ(model_error([&] { b.build(); }).place, "joint 'j1'");
}

// ---------------------------------------------------------------------------------------------
// Names.

// Names that are not valid UTF-8 would be copied into JSON output, which then is not JSON: they
// are refused at load, naming the element, with the bad bytes shown escaped.
TEST(Validation, NamesMustBeValidUtf8) {
  const std::string bad = "arm\xC3(";  // a lead byte without its continuation
  ModelBuilder link("arm.test", "arm");
  expect_error(model_error([&] { link.add_link("base", revolute("j1"), bad, good_inertial()); }),
               "arm.test: link 'arm\\xC3(': name: is not valid UTF-8", "link 'arm\\xC3('", "name");
  ModelBuilder joint("arm.test", "arm");
  expect_error(model_error([&] { joint.add_link("base", revolute("j\xFF"), "l1", good_inertial()); }),
               "arm.test: joint 'j\\xFF': name: is not valid UTF-8", "joint 'j\\xFF'", "name");
  ModelBuilder fixed("arm.test", "arm");
  fixed.add_link("base", revolute("j1"), "l1", good_inertial());
  EXPECT_EQ(model_error([&] {
              fixed.add_fixed_link("l1", "weld", Transform<double>::identity(), "tool\xED\xA0\x80", LinkInertial{});
            }).what,
            "arm.test: link 'tool\\xED\\xA0\\x80': name: is not valid UTF-8");  // a surrogate
  EXPECT_EQ(model_error([&] {
              fixed.add_fixed_link("l1", "\xC0\xAF", Transform<double>::identity(), "tool", LinkInertial{});
            }).what,
            "arm.test: joint '\\xC0\\xAF': name: is not valid UTF-8");  // an overlong '/'
  ModelBuilder model("arm.test", "arm\x80");
  model.add_link("base", revolute("j1"), "l1", good_inertial());
  expect_error(model_error([&] { model.build(); }), "arm.test: model 'arm\\x80': name: is not valid UTF-8",
               "model 'arm\\x80'", "name");
  ModelBuilder base("arm.test", "arm");
  base.set_base_name("world\xF8");
  base.add_link("world\xF8", revolute("j1"), "l1", good_inertial());
  EXPECT_EQ(model_error([&] { base.build(); }).what, "arm.test: link 'world\\xF8': name: is not valid UTF-8");
  // Valid UTF-8 with quotes, backslashes and control characters loads; messages show those escaped.
  ModelBuilder ok("arm.test", "Roboterarm \xC3\x84 \xE2\x80\x94 \xF0\x9F\xA4\x96");
  ok.add_link("base", revolute("gelenk \"1\"\t\\"), "glied\n1", good_inertial());
  EXPECT_EQ(ok.build().joint_names[0], "gelenk \"1\"\t\\");
  EXPECT_EQ(model_error([&] { ok.add_link("base", revolute("gelenk \"1\"\t\\"), "l2", good_inertial()); }).what,
            "arm.test: joint 'gelenk \"1\"\\t\\\\': name: two joints have this name");
}

}  // namespace validation_bounds_test
}  // namespace armdyn
