// Models that used to load and then fail in `eval` (exit 1, "internal error: the computed M is not
// finite" or "qdd is not finite") or evaluate silently (subnormal masses) are refused at load:
// exit 2, empty stdout, one stderr line naming the file, the link or joint and the field.
#include <gtest/gtest.h>

#include <string>

#include "support/cli_process.hpp"

namespace armdyn {
namespace load_refusal_test {

using LoadRefusal = test::CliProcess;

// A one-joint URDF: the link's mass, centre of mass and diagonal inertia as given.
std::string urdf(const std::string& mass, const std::string& com, const std::string& inertia) {
  return "<robot name=\"r\"><link name=\"base\"/>"
         "<joint name=\"j1\" type=\"continuous\"><parent link=\"base\"/><child link=\"l1\"/><axis xyz=\"0 0 1\"/>"
         "</joint><link name=\"l1\"><inertial><origin xyz=\"" + com + "\"/><mass value=\"" + mass + "\"/>"
         "<inertia " + inertia + " ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link></robot>";
}

const char* kInertia = "ixx=\"0.01\" iyy=\"0.02\" izz=\"0.02\"";
const char* kState = "{\"states\": [{\"q\": [0.3], \"v\": [0.1], \"a\": [0.2], \"tau\": [0.5]}]}";

TEST_F(LoadRefusal, EvalRefusesAtLoad) {
  const std::string states = file("states.json", kState);
  for (const auto& [model, message] : std::vector<std::pair<std::string, std::string>>{
           {urdf("1e308", "0.1 0 0", kInertia), "link 'l1': inertial/mass: must be at most 1e50 in magnitude, got 1e+308"},
           {urdf("1", "0.1 0 0", "ixx=\"1e308\" iyy=\"1e308\" izz=\"1e308\""),
            "link 'l1': inertial/ixx: must be at most 1e50 in magnitude, got 1e+308"},
           {urdf("1e-320", "0.1 0 0", kInertia),
            "link 'l1': inertial/mass: must be 0 or at least 2.2250738585072014e-308 in magnitude (a subnormal "
            "number), got 1e-320"},
           {urdf("2", "0 0 0.4", "ixx=\"0\" iyy=\"0\" izz=\"0\""),
            "joint 'j1': moves no inertia: everything it carries lies on its axis (zero moment of inertia about it, a "
            "singular mass matrix)"}}) {
    const std::string path = file("arm.urdf", model);
    const test::CliResult r = run({"eval", path, states});
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, path + ": " + message + "\n");
  }
  // Sensitivity: the same arm with sane numbers evaluates.
  const test::CliResult ok = run({"eval", file("arm.urdf", urdf("2", "0.1 0 0.4", kInertia)), states});
  EXPECT_EQ(ok.status, 0) << ok.err;
}

}  // namespace load_refusal_test
}  // namespace armdyn
