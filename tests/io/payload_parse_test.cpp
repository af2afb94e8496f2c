// parse_payload (armdyn/io/payload.hpp): the comma-separated and the JSON forms, and every bad
// text an InputError naming the option and the entry.
#include <gtest/gtest.h>

#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/payload.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace payload_parse_test {

std::string error_of(const std::string& text) {
  return test::refusal([&] { parse_payload(text); });
}

TEST(PayloadParse, ListForms) {
  Payload p = parse_payload("2.5");
  EXPECT_EQ(p.mass, 2.5);
  EXPECT_EQ(p.com, Vec3<double>::Zero());
  EXPECT_EQ(p.inertia, Mat3<double>::Zero());
  p = parse_payload("2, 0.1,0,-0.2");
  EXPECT_EQ(p.com, Vec3<double>(0.1, 0, -0.2));
  p = parse_payload("2,0,0,0,0.1,0.2,0.25");
  EXPECT_EQ(p.inertia, Mat3<double>(Vec3<double>(0.1, 0.2, 0.25).asDiagonal()));
  p = parse_payload("2,0,0,0,0.1,0.2,0.25,0.01,0.02,0.03");
  Mat3<double> I;
  I << 0.1, 0.01, 0.02, 0.01, 0.2, 0.03, 0.02, 0.03, 0.25;
  EXPECT_EQ(p.inertia, I);
}

TEST(PayloadParse, JsonForm) {
  const Payload p =
      parse_payload(R"( {"mass": 3, "com": [0, 0, 0.1], "inertia": [0.1, 0.2, 0.25, 0.01, 0.02, 0.03]})");
  EXPECT_EQ(p.mass, 3);
  EXPECT_EQ(p.com, Vec3<double>(0, 0, 0.1));
  EXPECT_EQ(p.inertia(0, 1), 0.01);
  EXPECT_EQ(p.inertia(2, 1), 0.03);
  EXPECT_EQ(parse_payload(R"({"mass": 1})").com, Vec3<double>::Zero());
}

TEST(PayloadParse, BadTextNamesTheOptionAndEntry) {
  test::expect_refusals(error_of, {
      {"", "--payload: value 1 is empty (expected MASS[,cx,cy,cz[,Ixx,Iyy,Izz[,Ixy,Ixz,Iyz]]] or a JSON "
                          "object)"},
      {"2,", "--payload: value 2 is empty (expected MASS[,cx,cy,cz[,Ixx,Iyy,Izz[,Ixy,Ixz,Iyz]]] or a "
                            "JSON object)"},
      {"2,x,0,0", "--payload: value 2, 'x', is not a finite number"},
      {"nan", "--payload: value 1, 'nan', is not a finite number"},
      {"1e999", "--payload: value 1, '1e999', is not a finite number"},
      {"2kg", "--payload: value 1, '2kg', is not a finite number"},
      {"1,2", "--payload: expected 1, 4, 7 or 10 numbers (MASS[,cx,cy,cz[,Ixx,Iyy,Izz[,Ixy,Ixz,Iyz]]]), "
                             "got 2"},
      {R"({"com": [0, 0, 0]})", "--payload: mass: missing (a payload needs its mass)"},
      {R"({"mass": 1, "cog": [0, 0, 0]})", "--payload: cog: unknown key"},
      {R"({"mass": 1, "com": [0, 0]})", "--payload: com: expected 3 values, got 2"},
      {R"({"mass": 1, "inertia": [1, 1, 1]})", "--payload: inertia: expected 6 values, got 3"},
      {R"({"mass": "1"})", "--payload: mass: must be a number"},
      {R"({"mass": 1)", "--payload: line 1, column 11: not valid JSON"}});
}

}  // namespace payload_parse_test
}  // namespace armdyn
