// Model validation (src/model/builder.cpp): every error ModelBuilder reports, with its exact
// message "<source>: <place>: <field>: <reason>", and the source()/place()/field() parts. The
// bounds on numbers and names are in validation_bounds_test.cpp, the legitimate edge cases that
// must load in validation_edge_cases_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "armdyn/armdyn.hpp"
#include "support/test_util.hpp"
#include "support/validation_util.hpp"

namespace armdyn {
namespace validation_test {

using namespace armdyn::test;  // NOLINT: the validation helpers
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

// A point mass on its own joint's axis: mass, but no moment about the axis, so M has a
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
  for (const Vec3<double>& axis : {Vec3<double>(0, 0, 0), Vec3<double>(kNaN, 0, 1), Vec3<double>(0, kInf, 0)}) {
    JointSpec j = revolute("j2");
    j.axis = axis;
    expect_error(joint_error(j), "arm.test: joint 'j2': axis: must be a finite, non-zero vector", "joint 'j2'", "axis");
  }
  // Small or large but not zero: only its direction counts, whatever its size.
  JointSpec unit = revolute("j2");
  unit.axis = Vec3<double>(0, 0.6, 0.8);
  const Model reference = two_links(unit, good_inertial());
  for (double scale : {std::ldexp(1.0, -1074), 1e-300, 1e-160, 1e-13, 1e-6, 1e160, 1e300}) {
    JointSpec j = unit;
    j.axis = scale * Vec3<double>(0, 3, 4);
    const Model m = two_links(j, good_inertial());
    EXPECT_LE((m.tree[1].R - reference.tree[1].R).norm(), 1e-15) << scale;
  }
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

}  // namespace validation_test
}  // namespace armdyn
