// The STUDY document (armdyn/io/study_json.hpp): parameters, placeholders substituted into the
// referenced and inline documents, the time scale, limits, criterion, run settings and kinds;
// every malformed field refused with the file and the field named.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/study_json.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace study_json_test {

using nlohmann::json;

const std::string kStudies = std::string(ARMDYN_EXAMPLES_DIR) + "/studies";

// A small valid study on the shipped anthropomorphic arm: R in the segments, N in the gear ratio.
json base_study() {
  return json::parse(R"({
    "model": "../models/vp_anthropomorphic.json",
    "task": "../tasks/vp_abca_anthropomorphic.json",
    "segments": {"links": {"upper_arm": {"section": {"type": "tube", "outer_radius": {"param": "R"},
                                                     "inner_radius": {"param": "R", "times": 0.75}},
                                         "material": "AlMg3", "mass_from_section": true}}},
    "actuators": {"joints": {"joint2": {"gear_ratio": {"param": "N"}}}},
    "parameters": {"R": {"from": 0.02, "to": 0.04, "count": 3}, "N": {"values": [100, 150]},
                   "T_task": {"values": [6]}},
    "duration": {"param": "T_task"},
    "limits": {"allowed_deflection": 0.001},
    "criterion": {"T0": 10, "T1": 3, "E0": 100, "E1": 30, "r": -1},
    "run": {"dt": 0.01, "check_period": 0.1}
  })");
}

design::Study parse(const json& doc) { return parse_study(doc.dump(), "study.json", kStudies); }

std::string error_of(const json& doc) {
  return test::refusal([&] { parse(doc); }, "accepted");
}

TEST(StudyJson, ReadsParametersAndSubstitutesThemIntoEveryDocument) {
  json doc = base_study();
  doc["parameters"]["T_task"] = {{"values", {6.0, 3.0}}};
  const design::Study s = parse(doc);
  ASSERT_EQ(s.parameters.size(), 3u);  // in the order of their names
  EXPECT_EQ(s.parameters[0].name, "N");
  EXPECT_EQ(s.parameters[1].name, "R");
  EXPECT_EQ(s.parameters[1].values, (std::vector<double>{0.02, 0.03, 0.04}));
  EXPECT_EQ(s.parameters[2].lower, 3.0);
  EXPECT_EQ(s.parameters[2].upper, 6.0);
  EXPECT_EQ(s.time_scale.parameter, "T_task");
  EXPECT_TRUE(s.time_scale.is_duration);
  EXPECT_EQ(s.limits.allowed_deflection, 0.001);
  ASSERT_TRUE(s.criterion.has_value());
  EXPECT_EQ(s.criterion->r, -1);
  EXPECT_EQ(s.run.dt, 0.01);
  EXPECT_EQ(s.kind, design::StudyKind::kSweep);
  const design::CandidateSetup a = s.build({{"R", 0.02}, {"N", 100}, {"T_task", 6}});
  const design::CandidateSetup b = s.build({{"R", 0.03}, {"N", 150}, {"T_task", 6}});
  ASSERT_TRUE(a.segments[1].has_value());
  EXPECT_EQ(a.segments[1]->section.outer_radius, 0.02);
  EXPECT_EQ(a.segments[1]->section.inner_radius, 0.02 * 0.75);
  EXPECT_EQ(b.segments[1]->section.inner_radius, 0.03 * 0.75);
  EXPECT_EQ(a.drives[1].gear_ratio, 100);
  EXPECT_EQ(b.drives[1].gear_ratio, 150);
  // The section's mass replaces the link's: a thicker tube weighs more (ρ π (R² − r²) l).
  const double l = 0.5, rho = 2700;
  EXPECT_NEAR(a.model.mass[1], rho * M_PI * (0.02 * 0.02 - 0.015 * 0.015) * l, 1e-12);
  EXPECT_GT(b.model.mass[1], a.model.mass[1]);
  EXPECT_EQ(a.task.segments.size(), 3u);
}

TEST(StudyJson, ListsOfTimesBecomeParameters) {
  json doc = base_study();
  doc["duration"] = {10, 6.2};
  design::Study s = parse(doc);
  ASSERT_EQ(s.parameters.size(), 4u);
  EXPECT_EQ(s.parameters[3].name, "duration");
  EXPECT_EQ(s.time_scale.parameter, "duration");
  doc.erase("duration");
  doc["time_scale"] = 2.5;
  s = parse(doc);
  EXPECT_EQ(s.time_scale.value, 2.5);
  EXPECT_FALSE(s.time_scale.is_duration);
  EXPECT_EQ(s.parameters.size(), 3u);
  doc["time_scale"] = {0.5, 1};
  EXPECT_EQ(parse(doc).parameters[3].name, "scale");
}

TEST(StudyJson, ReadsTheOptionsOfEachKind) {
  json doc = base_study();
  doc.erase("duration");
  doc["kind"] = "tmin";
  doc["tmin"] = {{"scale_from", 0.5}, {"scale_to", 4}, {"rel_tol", 1e-3}};
  design::Study s = parse(doc);
  EXPECT_EQ(s.kind, design::StudyKind::kTmin);
  EXPECT_EQ(s.tmin.scale_to, 4);
  doc = base_study();
  doc["parameters"]["N"] = {{"values", {150}}};
  doc["kind"] = "optimize";
  doc["optimize"] = {{"variables", {"R"}}, {"start", {{"R", 0.03}}}, {"step", {{"R", 0.002}}}, {"objective", "G"},
                     {"method", "both"}, {"max_evaluations", 50}};
  s = parse(doc);
  EXPECT_EQ(s.kind, design::StudyKind::kOptimize);
  EXPECT_EQ(s.optimize.variables, std::vector<std::string>{"R"});
  EXPECT_EQ(s.optimize.start, std::vector<double>{0.03});
  EXPECT_EQ(s.optimize.method, "both");
  EXPECT_EQ(s.optimize.max_evaluations, 50);
}

// Each malformed field: the study's (or the referenced file's) name and the field's path.
TEST(StudyJson, EveryMalformedFieldIsNamed) {
  struct Case {
    const char* pointer;  // where the bad value goes ("" : the key is removed)
    json value;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {"/bogus", 1, "study.json: bogus: unknown key"},
      {"/parameters/R/count", 0, "study.json: parameters.R.count: must be a whole number"},
      {"/parameters/R/count", 2.5, "study.json: parameters.R.count: must be a whole number"},
      {"/parameters/R/to", "x", "study.json: parameters.R.to:"},
      {"/parameters/N/values", json::array(), "study.json: parameters.N.values: empty list"},
      {"/parameters/N/extra", 1, "study.json: parameters.N.extra: unknown key"},
      {"/parameters/E", {{"values", {1}}}, "study.json: parameters.E: 'E' is the name of a result column"},
      {"/parameters/2x", {{"values", {1}}}, "study.json: parameters.2x: a parameter name is a letter"},
      {"/segments/links/upper_arm/section/outer_radius/param", "Q",
       "study.json: segments: links.upper_arm.section.outer_radius.param: no parameter named 'Q'"},
      {"/segments/links/upper_arm/section/inner_radius/times", "x",
       "study.json: segments: links.upper_arm.section.inner_radius.times:"},
      {"/segments/links/upper_arm/section/inner_radius/plus", 1,
       "study.json: segments: links.upper_arm.section.inner_radius.plus: unknown key"},
      {"/segments/links/nowhere", {{"section", {{"type", "rod"}, {"radius", 0.01}}}, {"material", "AlMg3"}},
       "study.json: segments: links.nowhere: no moving link"},
      {"/actuators/joints/joint2/gear_ratio/param", 7, "study.json: actuators: joints.joint2.gear_ratio.param:"},
      {"/model", "missing_model.json", "missing_model.json: cannot read file"},
      {"/model", 3, "study.json: model: must be a file name or an inline JSON object"},
      {"/task", json::object(), "study.json: task:"},
      {"/duration/param", "nope", "study.json: duration.param: no parameter named 'nope'"},
      {"/time_scale", 2, "study.json: duration: give either time_scale or duration, not both"},
      {"/limits/allowed_deflection", -1, "study.json: limits.allowed_deflection: must be positive"},
      {"/limits/joint_limits", 1, "study.json: limits.joint_limits: must be true or false"},
      {"/limits/stress", 1, "study.json: limits.stress: unknown key"},
      {"/criterion/T1", 20, "study.json: criterion: T0 (10) must be greater than T1 (20)"},
      {"/criterion/c", 0.5, "study.json: criterion.c: give either r or c, not both"},
      {"/criterion/w_t", 2, "study.json: criterion: w_t"},
      {"/run/dt", 0, "study.json: run.dt: must be positive"},
      {"/run/integrator", "euler", "study.json: run.integrator: 'euler' is not one of rk4, rk45"},
      {"/kind", "grid", "study.json: kind: 'grid' is not one of sweep, tmin, optimize"},
      {"/tmin", {{"scale_from", 1}}, "study.json: tmin: options of a tmin study, but kind is sweep"},
      {"/description", 5, "study.json: description: must be a string"},
  };
  for (const Case& c : cases) {
    json doc = base_study();
    doc[json::json_pointer(c.pointer)] = c.value;
    const std::string e = error_of(doc);
    EXPECT_NE(e.find(c.expected), std::string::npos) << c.pointer << " -> " << e;
  }
  json doc = base_study();
  doc.erase("task");
  EXPECT_NE(error_of(doc).find("study.json: task: missing"), std::string::npos) << error_of(doc);
  doc = base_study();
  doc["kind"] = "optimize";
  doc["optimize"] = {{"variables", {"R"}}, {"start", {{"R", 0.5}}}, {"step", {{"R", 0.002}}}};
  EXPECT_NE(error_of(doc).find("study.json: parameters.N: not a variable of the search"), std::string::npos)
      << error_of(doc);
  doc["parameters"]["N"] = {{"values", {150}}};
  doc["duration"] = 6;
  EXPECT_NE(error_of(doc).find("study.json: optimize.start.R: outside the parameter's range"), std::string::npos)
      << error_of(doc);
  doc = base_study();
  doc["kind"] = "tmin";
  EXPECT_NE(error_of(doc).find("study.json: duration: a tmin study searches the time scale itself"), std::string::npos)
      << error_of(doc);
  EXPECT_NE(error_of(json::parse("[1]")).find("study.json: document: must be a JSON object"), std::string::npos);
}

// A value the base design cannot take is refused by the document's own reader, naming it.
// Parameter names are scanned by hand: 64 characters pass the name check, 65 and 100 000 are
// refused with the same message, whatever the length.
TEST(StudyJson, ParameterNamesOfAnyLengthAreCheckedOrRefused) {
  for (const std::size_t length : {std::size_t{65}, std::size_t{100000}}) {
    json doc = base_study();
    doc["parameters"][std::string(length, 'a')] = {{"values", {1}}};
    EXPECT_NE(error_of(doc).find("a parameter name is a letter or _ followed by letters, digits or _ (at most 64)"),
              std::string::npos) << length;
  }
  json doc = base_study();
  doc["parameters"][std::string(64, 'a')] = {{"values", {1}}};
  EXPECT_EQ(error_of(doc).find("a parameter name is"), std::string::npos) << error_of(doc);
}

TEST(StudyJson, TheFirstCandidateIsBuiltWhenRead) {
  json doc = base_study();
  doc["parameters"]["R"] = {{"values", {-0.02, 0.03}}};
  EXPECT_NE(error_of(doc).find("study.json: segments: links.upper_arm.section"), std::string::npos) << error_of(doc);
  const design::Study s = parse(base_study());
  EXPECT_THROW(s.build({{"R", -0.01}, {"N", 100}, {"T_task", 3}}), InputError);
}

TEST(StudyJson, FileNamesNeedABaseFolder) {
  try {
    parse_study(base_study().dump(), "fuzz.json", "");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("fuzz.json: model: a file name is not accepted here"), std::string::npos);
  }
}

TEST(StudyJson, ReadsTheShippedStudies) {
  for (const char* name : {"vp_anthropomorphic_R_T.json", "vp_arthropoid_R_T.json", "vp_cylindrical_R_T.json",
                           "vp_spherical_R_T.json"}) {
    const design::Study s = read_study(kStudies + "/" + name);
    ASSERT_EQ(s.parameters.size(), 2u) << name;
    EXPECT_EQ(s.parameters[0].name, "R");
    EXPECT_EQ(s.parameters[1].name, "duration");
    EXPECT_EQ(s.parameters[0].values.size() * s.parameters[1].values.size(), 9u);
  }
}

}  // namespace study_json_test
}  // namespace armdyn
