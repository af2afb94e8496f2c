// Model validation (src/model/builder.cpp): every error ModelBuilder reports, with its exact
// message "<source>: <place>: <field>: <reason>", and the source()/place()/field() parts; then the
// legitimate edge cases that must load (and give the right dynamics).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <string>

#include "armdyn/armdyn.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

/// A valid inertial block: 1 kg, com off the joint axes, a full tensor.
LinkInertial good_inertial(double mass = 1.0) {
  LinkInertial in;
  in.mass = mass;
  in.com = Vec3<double>(0.1, 0.02, 0.05);
  in.inertia << 0.02, 0.001, -0.002, 0.001, 0.03, 0.0005, -0.002, 0.0005, 0.025;
  in.field_prefix = "inertial/";
  return in;
}

JointSpec revolute(const std::string& name, const Vec3<double>& xyz = Vec3<double>(0.3, 0, 0)) {
  JointSpec j;
  j.name = name;
  j.type = JointType::kRevolute;
  j.origin = Transform<double>::translation(xyz);
  j.axis = Vec3<double>::UnitZ();
  return j;
}

JointSpec prismatic(const std::string& name) {
  JointSpec j = revolute(name);
  j.type = JointType::kPrismatic;
  return j;
}

/// The ModelError `f` throws; fails the test when it throws nothing or something else.
struct Caught {
  std::string what, source, place, field;
};
Caught model_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const ModelError& e) {
    return Caught{e.what(), e.source(), e.place(), e.field()};
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not a ModelError: " << e.what();
    return {};
  }
  ADD_FAILURE() << "no error";
  return {};
}

/// Builds base -> j1 -> l1 (good) -> j2 -> l2 with the given second joint and inertial block.
Model two_links(const JointSpec& j2, const LinkInertial& l2) {
  ModelBuilder b("arm.test", "arm");
  b.add_link("base", revolute("j1"), "l1", good_inertial());
  b.add_link("l1", j2, "l2", l2);
  return b.build();
}

Caught inertial_error(const LinkInertial& l2) { return model_error([&] { two_links(revolute("j2"), l2); }); }
Caught joint_error(const JointSpec& j2) { return model_error([&] { two_links(j2, good_inertial()); }); }

void expect_error(const Caught& c, const std::string& what, const std::string& place, const std::string& field) {
  EXPECT_EQ(c.what, what);
  EXPECT_EQ(c.source, "arm.test");
  EXPECT_EQ(c.place, place);
  EXPECT_EQ(c.field, field);
}

// Sensitivity of all the inertial checks at once: the unmodified block builds.
TEST(Validation, TheBaselineModelBuilds) {
  const Model m = two_links(revolute("j2"), good_inertial());
  EXPECT_EQ(m.dof, 2);
  EXPECT_EQ(m.source, "arm.test");
  EXPECT_EQ(m.name, "arm");
  EXPECT_TRUE(m.warnings.empty());
}

// ---------------------------------------------------------------------------------------------
// Inertial blocks.

TEST(Validation, NonFiniteMass) {
  LinkInertial in = good_inertial();
  in.mass = kNaN;
  expect_error(inertial_error(in), "arm.test: link 'l2': inertial/mass: must be finite, got nan", "link 'l2'",
               "inertial/mass");
  in.mass = kInf;
  expect_error(inertial_error(in), "arm.test: link 'l2': inertial/mass: must be finite, got inf", "link 'l2'",
               "inertial/mass");
  in.mass = -kInf;
  EXPECT_EQ(inertial_error(in).what, "arm.test: link 'l2': inertial/mass: must be finite, got -inf");
}

TEST(Validation, NegativeMass) {
  LinkInertial in = good_inertial();
  in.mass = -2.5;
  expect_error(inertial_error(in), "arm.test: link 'l2': inertial/mass: must be >= 0, got -2.5", "link 'l2'",
               "inertial/mass");
  in.mass = -1e-300;  // no tolerance on the sign of a mass
  EXPECT_EQ(inertial_error(in).what, "arm.test: link 'l2': inertial/mass: must be >= 0, got -1e-300");
}

TEST(Validation, FieldPrefixIsOptional) {
  LinkInertial in = good_inertial();
  in.field_prefix.clear();
  in.mass = -1;
  expect_error(inertial_error(in), "arm.test: link 'l2': mass: must be >= 0, got -1", "link 'l2'", "mass");
}

TEST(Validation, NonFiniteCentreOfMass) {
  for (int k = 0; k < 3; ++k) {
    LinkInertial in = good_inertial();
    in.com[k] = k == 1 ? kInf : kNaN;
    expect_error(inertial_error(in), "arm.test: link 'l2': inertial/origin: centre of mass must be finite", "link 'l2'",
                 "inertial/origin");
  }
}

TEST(Validation, NonFiniteInertiaEntryNamesTheEntry) {
  const char* names[3][3] = {{"ixx", "ixy", "ixz"}, {"ixy", "iyy", "iyz"}, {"ixz", "iyz", "izz"}};
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      LinkInertial in = good_inertial();
      in.inertia(r, c) = (r + c) % 2 ? kInf : kNaN;
      const std::string field = std::string("inertial/") + names[r][c];
      expect_error(inertial_error(in), "arm.test: link 'l2': " + field + ": must be finite", "link 'l2'", field);
    }
  }
}

TEST(Validation, NonSymmetricInertia) {
  LinkInertial in = good_inertial();
  in.inertia(2, 1) += 1e-4;  // iyz below the diagonal only
  expect_error(inertial_error(in), "arm.test: link 'l2': inertial/iyz: inertia tensor is not symmetric", "link 'l2'",
               "inertial/iyz");
  in = good_inertial();
  in.inertia(0, 2) = 0.01;  // ixz above the diagonal only
  EXPECT_EQ(inertial_error(in).what, "arm.test: link 'l2': inertial/ixz: inertia tensor is not symmetric");
  // Round-off asymmetry (relative 1e-12) is tolerated.
  in = good_inertial();
  in.inertia(1, 0) *= 1 + 1e-12;
  EXPECT_EQ(two_links(revolute("j2"), in).dof, 2);
}

TEST(Validation, NotPositiveSemiDefinite) {
  LinkInertial in = good_inertial();
  in.inertia = Vec3<double>(-0.5, 2.0, 2.0).asDiagonal();
  expect_error(inertial_error(in),
               "arm.test: link 'l2': inertial/inertia: inertia tensor is not positive semi-definite (principal "
               "moment -0.5)",
               "link 'l2'", "inertial/inertia");
  // A negative principal moment hidden in a full tensor (diagonal entries all positive).
  in.inertia << 1.0, 2.0, 0.0, 2.0, 1.0, 0.0, 0.0, 0.0, 1.0;  // eigenvalues -1, 1, 3
  const Caught c = inertial_error(in);
  EXPECT_EQ(c.what.rfind("arm.test: link 'l2': inertial/inertia: inertia tensor is not positive semi-definite "
                         "(principal moment -",
                         0),
            0u)
      << c.what;
  EXPECT_EQ(c.field, "inertial/inertia");
}

TEST(Validation, TriangleInequality) {
  LinkInertial in = good_inertial();
  in.inertia = Vec3<double>(1.0, 3.0, 1.0).asDiagonal();
  expect_error(inertial_error(in),
               "arm.test: link 'l2': inertial/inertia: principal moments 1, 1, 3 violate the triangle inequality (the "
               "two smaller must add up to at least the largest)",
               "link 'l2'", "inertial/inertia");
  // A point mass with only one moment (no body has that).
  in.inertia = Vec3<double>(0.0, 0.0, 0.35).asDiagonal();
  EXPECT_EQ(inertial_error(in).what,
            "arm.test: link 'l2': inertial/inertia: principal moments 0, 0, 0.34999999999999998 violate the triangle "
            "inequality (the two smaller must add up to at least the largest)");
  // The boundary (a slender rod: 0, I, I) is allowed.
  in.inertia = Vec3<double>(0.0, 0.5, 0.5).asDiagonal();
  EXPECT_EQ(two_links(revolute("j2"), in).dof, 2);
}

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

TEST(Validation, RevoluteJointThatMovesNoInertia) {
  LinkInertial nothing;
  nothing.field_prefix = "inertial/";
  ModelBuilder b("arm.test", "arm");
  b.add_link("base", revolute("j1"), "l1", good_inertial());
  b.add_link("l1", revolute("j2"), "l2", nothing);
  b.add_link("l2", revolute("j3"), "l3", nothing);  // the whole subtree of j2 is empty
  b.add_fixed_link("l3", "weld", Transform<double>::identity(), "l3_tool", nothing);
  expect_error(model_error([&] { b.build(); }),
               "arm.test: joint 'j2': moves no inertia: every link it carries is massless with zero rotational "
               "inertia",
               "joint 'j2'", "");
  // Sensitivity: a welded tool with mass at the end gives both joints something to move.
  LinkInertial tool;
  tool.mass = 0.2;
  tool.com = Vec3<double>(0.05, 0, 0);
  ModelBuilder ok("arm.test", "arm");
  ok.add_link("base", revolute("j1"), "l1", good_inertial());
  ok.add_link("l1", revolute("j2"), "l2", nothing);
  ok.add_link("l2", revolute("j3"), "l3", nothing);
  ok.add_fixed_link("l3", "weld", Transform<double>::identity(), "l3_tool", tool);
  EXPECT_EQ(ok.build().dof, 3);
}

TEST(Validation, PrismaticJointThatMovesNoMass) {
  LinkInertial spinning;  // rotational inertia, but no mass: nothing for a slide to push
  spinning.inertia = Vec3<double>(0.1, 0.1, 0.1).asDiagonal();
  spinning.field_prefix = "inertial/";
  expect_error(model_error([&] { two_links(prismatic("slide"), spinning); }),
               "arm.test: joint 'slide': moves no inertia: every link it carries is massless", "joint 'slide'", "");
  // The same link on a revolute joint is fine (the PUMA's link 1 is such a link).
  EXPECT_EQ(two_links(revolute("j2"), spinning).dof, 2);
}

// A point mass on its own joint's axis (issue 10): mass, but no moment about the axis, so M has a
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
// Names and the tree.

TEST(Validation, DuplicateLinkName) {
  ModelBuilder b("arm.test", "arm");
  b.add_link("base", revolute("j1"), "l1", good_inertial());
  expect_error(model_error([&] { b.add_link("l1", revolute("j2"), "l1", good_inertial()); }),
               "arm.test: link 'l1': name: two links have this name", "link 'l1'", "name");
  ModelBuilder f("arm.test", "arm");
  f.add_link("base", revolute("j1"), "l1", good_inertial());
  expect_error(model_error([&] { f.add_fixed_link("l1", "weld", Transform<double>::identity(), "l1", LinkInertial{}); }),
               "arm.test: link 'l1': name: two links have this name", "link 'l1'", "name");
  ModelBuilder base("arm.test", "arm");
  base.set_base_name("world");
  expect_error(model_error([&] { base.add_link("world", revolute("j1"), "world", good_inertial()); }),
               "arm.test: link 'world': name: the base link's name is used again", "link 'world'", "name");
  ModelBuilder empty("arm.test", "arm");
  expect_error(model_error([&] { empty.add_link("base", revolute("j1"), "", good_inertial()); }),
               "arm.test: link '': name: must not be empty", "link ''", "name");
}

TEST(Validation, DuplicateJointName) {
  ModelBuilder b("arm.test", "arm");
  b.add_link("base", revolute("j1"), "l1", good_inertial());
  expect_error(model_error([&] { b.add_link("l1", revolute("j1"), "l2", good_inertial()); }),
               "arm.test: joint 'j1': name: two joints have this name", "joint 'j1'", "name");
  // Fixed and movable joints share one name space.
  ModelBuilder f("arm.test", "arm");
  f.add_link("base", revolute("j1"), "l1", good_inertial());
  f.add_fixed_link("l1", "weld", Transform<double>::identity(), "tool", LinkInertial{});
  expect_error(model_error([&] { f.add_link("tool", revolute("weld"), "l2", good_inertial()); }),
               "arm.test: joint 'weld': name: two joints have this name", "joint 'weld'", "name");
  ModelBuilder empty("arm.test", "arm");
  expect_error(model_error([&] { empty.add_link("base", revolute(""), "l1", good_inertial()); }),
               "arm.test: joint '': name: must not be empty", "joint ''", "name");
}

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

TEST(Validation, UnknownParentLink) {
  ModelBuilder b("arm.test", "arm");
  b.add_link("base", revolute("j1"), "l1", good_inertial());
  expect_error(model_error([&] { b.add_link("l9", revolute("j2"), "l2", good_inertial()); }),
               "arm.test: joint 'j2': parent: unknown link 'l9'", "joint 'j2'", "parent");
  expect_error(model_error([&] { b.add_fixed_link("nowhere", "weld", Transform<double>::identity(), "t", LinkInertial{}); }),
               "arm.test: joint 'weld': parent: unknown link 'nowhere'", "joint 'weld'", "parent");
  // The base's own name (default "base", or the one set) is a valid parent; the old default is not.
  ModelBuilder w("arm.test", "arm");
  w.set_base_name("world");
  expect_error(model_error([&] { w.add_link("base", revolute("j1"), "l1", good_inertial()); }),
               "arm.test: joint 'j1': parent: unknown link 'base'", "joint 'j1'", "parent");
  w.add_link("world", revolute("j2"), "l2", good_inertial());
  EXPECT_EQ(w.build().frames[0].name, "world");
}

// ---------------------------------------------------------------------------------------------
// Joint data.

TEST(Validation, ZeroOrNonFiniteAxis) {
  for (const Vec3<double>& axis : {Vec3<double>(0, 0, 0), Vec3<double>(0, 1e-13, 0), Vec3<double>(kNaN, 0, 1),
                                   Vec3<double>(0, kInf, 0)}) {
    JointSpec j = revolute("j2");
    j.axis = axis;
    expect_error(joint_error(j), "arm.test: joint 'j2': axis: must be a finite, non-zero vector", "joint 'j2'", "axis");
  }
  JointSpec tiny = revolute("j2");
  tiny.axis = Vec3<double>(0, 0, 1e-6);  // small but not zero: its direction counts
  EXPECT_EQ(two_links(tiny, good_inertial()).dof, 2);
}

TEST(Validation, NonFiniteOrigin) {
  JointSpec j = revolute("j2");
  j.origin.p.x() = kNaN;
  expect_error(joint_error(j), "arm.test: joint 'j2': origin: must be finite", "joint 'j2'", "origin");
  j = revolute("j2");
  j.origin.R(1, 1) = kInf;
  expect_error(joint_error(j), "arm.test: joint 'j2': origin: must be finite", "joint 'j2'", "origin");
  j = revolute("j2");
  j.link_in_joint.p.y() = kNaN;
  expect_error(joint_error(j), "arm.test: joint 'j2': origin: link placement must be finite", "joint 'j2'", "origin");
  ModelBuilder b("arm.test", "arm");
  b.add_link("base", revolute("j1"), "l1", good_inertial());
  Transform<double> bad;
  bad.p.z() = kInf;
  expect_error(model_error([&] { b.add_fixed_link("l1", "weld", bad, "tool", LinkInertial{}); }),
               "arm.test: joint 'weld': origin: must be finite", "joint 'weld'", "origin");
}

TEST(Validation, LowerLimitAboveUpper) {
  JointSpec j = revolute("j2");
  j.limits.lower = 1.5;
  j.limits.upper = -0.25;
  expect_error(joint_error(j), "arm.test: joint 'j2': limit: lower limit 1.5 exceeds upper limit -0.25", "joint 'j2'",
               "limit");
  j.limits.lower = kNaN;
  j.limits.upper = 1;
  EXPECT_EQ(joint_error(j).what, "arm.test: joint 'j2': limit: lower limit nan exceeds upper limit 1");
  j.limits.lower = -1;
  j.limits.upper = kNaN;
  EXPECT_EQ(joint_error(j).what, "arm.test: joint 'j2': limit: lower limit -1 exceeds upper limit nan");
  // Equal limits (a locked joint) are allowed.
  j.limits.lower = j.limits.upper = 0.5;
  EXPECT_EQ(two_links(j, good_inertial()).limits[1].lower, 0.5);
}

TEST(Validation, BadVelocityAndEffortLimits) {
  for (const auto& [velocity, text] : std::vector<std::pair<double, std::string>>{{0.0, "0"}, {-2.0, "-2"}, {kNaN, "nan"}}) {
    JointSpec j = revolute("j2");
    j.limits.velocity = velocity;
    expect_error(joint_error(j), "arm.test: joint 'j2': limit/velocity: must be > 0, got " + text, "joint 'j2'",
                 "limit/velocity");
  }
  for (const auto& [effort, text] : std::vector<std::pair<double, std::string>>{{-1.0, "-1"}, {kNaN, "nan"}}) {
    JointSpec j = revolute("j2");
    j.limits.effort = effort;
    expect_error(joint_error(j), "arm.test: joint 'j2': limit/effort: must be >= 0, got " + text, "joint 'j2'",
                 "limit/effort");
  }
  JointSpec zero_effort = revolute("j2");  // an unactuated joint
  zero_effort.limits.effort = 0;
  EXPECT_EQ(two_links(zero_effort, good_inertial()).limits[1].effort, 0.0);
}

// ---------------------------------------------------------------------------------------------
// The whole model.

TEST(Validation, NoMovableJoint) {
  ModelBuilder empty("arm.test", "arm");
  expect_error(model_error([&] { empty.build(); }), "arm.test: the model has no movable joint", "", "");
  ModelBuilder welded("arm.test", "arm");
  welded.add_fixed_link("base", "weld", Transform<double>::identity(), "tool", good_inertial());
  expect_error(model_error([&] { welded.build(); }), "arm.test: the model has no movable joint", "", "");
}

TEST(Validation, NonFiniteGravity) {
  for (const Vec3<double>& g : {Vec3<double>(0, 0, kNaN), Vec3<double>(kInf, 0, -9.81)}) {
    ModelBuilder b("arm.test", "arm");
    b.add_link("base", revolute("j1"), "l1", good_inertial());
    b.set_gravity(g);
    expect_error(model_error([&] { b.build(); }), "arm.test: gravity: must be finite", "", "gravity");
  }
}

// The URDF loader reaches the same checks with the file's name and URDF's field names.
TEST(Validation, UrdfErrorsUseTheFileAndUrdfNames) {
  const auto urdf = [](const std::string& mass, const std::string& limit, const std::string& axis) {
    return "<robot name=\"r\"><link name=\"base\"/>"
           "<joint name=\"shoulder\" type=\"revolute\"><parent link=\"base\"/><child link=\"upper\"/>"
           "<axis xyz=\"" + axis + "\"/>" + limit + "</joint>"
           "<link name=\"upper\"><inertial><origin xyz=\"0.1 0 0\"/><mass value=\"" + mass + "\"/>"
           "<inertia ixx=\"0.01\" iyy=\"0.02\" izz=\"0.02\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link></robot>";
  };
  const std::string lim = "<limit lower=\"-1\" upper=\"1\" effort=\"10\" velocity=\"2\"/>";
  EXPECT_EQ(model_error([&] { load_urdf_string(urdf("-3", lim, "0 0 1"), "arm.urdf"); }).what,
            "arm.urdf: link 'upper': inertial/mass: must be >= 0, got -3");
  EXPECT_EQ(model_error([&] { load_urdf_string(urdf("3", lim, "0 0 0"), "arm.urdf"); }).what,
            "arm.urdf: joint 'shoulder': axis: must be a finite, non-zero vector");
  EXPECT_EQ(model_error([&] {
              load_urdf_string(urdf("3", "<limit lower=\"2\" upper=\"1\" effort=\"10\" velocity=\"2\"/>", "0 0 1"), "arm.urdf");
            }).what,
            "arm.urdf: joint 'shoulder': limit: lower limit 2 exceeds upper limit 1");
  EXPECT_EQ(load_urdf_string(urdf("3", lim, "0 0 1"), "arm.urdf").dof, 1);
}

// ---------------------------------------------------------------------------------------------
// Legitimate edge cases that must load.

// [Craig] §6.7: two links with point masses at their distal ends (zero rotational inertia), in
// the vertical X0-Y0 plane with gravity along -Y0. Closed form (6.60):
//   M = [l2² m2 + 2 l1 l2 m2 c2 + l1² (m1 + m2),  l2² m2 + l1 l2 m2 c2;   sym,  l2² m2]
//   V = [-m2 l1 l2 s2 qd2² - 2 m2 l1 l2 s2 qd1 qd2,  m2 l1 l2 s2 qd1²]
//   G = [m2 l2 g c12 + (m1 + m2) l1 g c1,  m2 l2 g c12]
Model craig_2r(double l1, double l2, double m1, double m2) {
  ModelBuilder b("craig2r", "craig2r");
  LinkInertial p1, p2;  // point masses
  p1.mass = m1;
  p1.com = Vec3<double>(l1, 0, 0);
  p2.mass = m2;
  p2.com = Vec3<double>(l2, 0, 0);
  b.add_link("base", revolute("j1", Vec3<double>::Zero()), "l1", p1);
  b.add_link("l1", revolute("j2", Vec3<double>(l1, 0, 0)), "l2", p2);
  b.set_gravity(Vec3<double>(0, -9.81, 0));
  return b.build();
}

TEST(ValidationEdgeCases, CraigPointMassArmLoadsAndMatchesTheClosedForm) {
  const double l1 = 1.0, l2 = 0.5, m1 = 2.0, m2 = 1.0, g = 9.81;
  const Model m = craig_2r(l1, l2, m1, m2);
  EXPECT_EQ(m.inertia_com[0], Mat3<double>::Zero());
  Data data(m);
  std::mt19937_64 rng(21);
  double worst = 0;
  for (int s = 0; s < 20; ++s) {
    const VecX<double> q = test::random_vector(rng, 2, -3, 3), qd = test::random_vector(rng, 2, -2, 2),
                       qdd = test::random_vector(rng, 2, -2, 2);
    const double c1 = std::cos(q[0]), c2 = std::cos(q[1]), s2 = std::sin(q[1]), c12 = std::cos(q[0] + q[1]);
    MatX<double> M(2, 2);
    M << l2 * l2 * m2 + 2 * l1 * l2 * m2 * c2 + l1 * l1 * (m1 + m2), l2 * l2 * m2 + l1 * l2 * m2 * c2,
        l2 * l2 * m2 + l1 * l2 * m2 * c2, l2 * l2 * m2;
    VecX<double> V(2), G(2);
    V << -m2 * l1 * l2 * s2 * qd[1] * qd[1] - 2 * m2 * l1 * l2 * s2 * qd[0] * qd[1], m2 * l1 * l2 * s2 * qd[0] * qd[0];
    G << m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1, m2 * l2 * g * c12;
    const VecX<double> tau = M * qdd + V + G;
    worst = std::max({worst, test::rel_diff(crba(m, data, q), M), test::rel_diff(rnea(m, data, q, qd, qdd), tau),
                      test::rel_diff(gravity_torque(m, data, q), G), test::rel_diff(forward_dynamics(m, data, q, qd, tau), qdd)});
  }
  EXPECT_LE(worst, 1e-12);
  // Sensitivity: the closed form of an arm with m2 larger by 0.1 % is far off.
  const Model heavier = craig_2r(l1, l2, m1, m2 * 1.001);
  Data dh(heavier);
  VecX<double> q(2);
  q << 0.3, 0.7;
  EXPECT_GT(std::abs(crba(heavier, dh, q)(1, 1) - l2 * l2 * m2), 1e-6);
}

// The PUMA 560's link 1 (Armstrong, Khatib & Burdick 1986): no mass given, only Izz1 = 0.35. A
// massless link with rotational inertia loads, and that inertia adds exactly Izz to M(0, 0).
TEST(ValidationEdgeCases, MasslessLinkWithInertia) {
  LinkInertial link1;
  link1.inertia = Vec3<double>(0.175, 0.175, 0.35).asDiagonal();
  link1.field_prefix = "inertial/";
  const auto build = [&](const LinkInertial& first) {
    ModelBuilder b("puma-like", "puma-like");
    JointSpec j1 = revolute("j1", Vec3<double>::Zero());
    b.add_link("base", j1, "link1", first);
    JointSpec j2 = revolute("j2", Vec3<double>(0, 0, 0.2435));
    j2.origin.R << 1, 0, 0, 0, 0, 1, 0, -1, 0;  // Rx(-90 deg)
    b.add_link("link1", j2, "link2", good_inertial(17.4));
    return b.build();
  };
  const Model with = build(link1), without = build(LinkInertial{});
  EXPECT_EQ(with.mass[0], 0.0);
  Data a(with), b(without);
  std::mt19937_64 rng(22);
  for (int s = 0; s < 5; ++s) {
    const VecX<double> q = test::random_vector(rng, 2, -3, 3);
    const MatX<double> Ma = crba(with, a, q), Mb = crba(without, b, q);
    EXPECT_NEAR(Ma(0, 0) - Mb(0, 0), 0.35, 1e-14);
    EXPECT_EQ(Ma(1, 1), Mb(1, 1));
    EXPECT_NEAR(Ma(0, 1), Mb(0, 1), 1e-15);
  }
  // And it is enough on its own for joint 1 (a revolute joint needs no mass to move).
  ModelBuilder alone("puma-like", "puma-like");
  alone.add_link("base", revolute("j1"), "link1", link1);
  EXPECT_EQ(alone.build().dof, 1);
}

// A massless, inertia-free intermediate link is fine when its children have mass: the joints
// before it still move them.
TEST(ValidationEdgeCases, MasslessIntermediateLinkWithMassiveChildren) {
  for (const JointType first : {JointType::kRevolute, JointType::kPrismatic}) {
    ModelBuilder b("arm.test", "arm");
    JointSpec j1 = revolute("j1");
    j1.type = first;
    b.add_link("base", j1, "wrist", LinkInertial{});
    b.add_link("wrist", revolute("j2"), "hand", good_inertial(0.8));
    const Model m = b.build();
    EXPECT_EQ(m.dof, 2);
    Data data(m);
    VecX<double> q(2);
    q << 0.4, -0.3;
    const MatX<double> M = crba(m, data, q);
    EXPECT_GT(M(0, 0), 0.0);
    EXPECT_GT(M.llt().info() == Eigen::Success ? 1 : 0, 0) << "M must be positive definite";
  }
}

}  // namespace
}  // namespace armdyn
