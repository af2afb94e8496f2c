#pragma once
// Helpers of the model-validation tests (tests/model/validation*_test.cpp): a valid inertial
// block, joints, a two-link arm whose second joint or link is the one under test, and the
// ModelError a builder call throws, split into its parts.
#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <string>

#include "armdyn/model/builder.hpp"
#include "armdyn/core/error.hpp"

namespace armdyn::test {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

/// A valid inertial block: 1 kg, com off the joint axes, a full tensor.
inline LinkInertial good_inertial(double mass = 1.0) {
  LinkInertial in;
  in.mass = mass;
  in.com = Vec3<double>(0.1, 0.02, 0.05);
  in.inertia << 0.02, 0.001, -0.002, 0.001, 0.03, 0.0005, -0.002, 0.0005, 0.025;
  in.field_prefix = "inertial/";
  return in;
}

inline JointSpec revolute(const std::string& name, const Vec3<double>& xyz = Vec3<double>(0.3, 0, 0)) {
  JointSpec j;
  j.name = name;
  j.type = JointType::kRevolute;
  j.origin = Transform<double>::translation(xyz);
  j.axis = Vec3<double>::UnitZ();
  return j;
}

inline JointSpec prismatic(const std::string& name) {
  JointSpec j = revolute(name);
  j.type = JointType::kPrismatic;
  return j;
}

/// The ModelError `f` throws; fails the test when it throws nothing or something else.
struct Caught {
  std::string what, source, place, field;
};
inline Caught model_error(const std::function<void()>& f) {
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
inline Model two_links(const JointSpec& j2, const LinkInertial& l2) {
  ModelBuilder b("arm.test", "arm");
  b.add_link("base", revolute("j1"), "l1", good_inertial());
  b.add_link("l1", j2, "l2", l2);
  return b.build();
}

inline Caught inertial_error(const LinkInertial& l2) { return model_error([&] { two_links(revolute("j2"), l2); }); }
inline Caught joint_error(const JointSpec& j2) { return model_error([&] { two_links(j2, good_inertial()); }); }

inline void expect_error(const Caught& c, const std::string& what, const std::string& place, const std::string& field) {
  EXPECT_EQ(c.what, what);
  EXPECT_EQ(c.source, "arm.test");
  EXPECT_EQ(c.place, place);
  EXPECT_EQ(c.field, field);
}


}  // namespace armdyn::test
