// Text from a model reaches the generated C++ only inside comments, escaped (armdyn::codegen::
// comment_text), and the function prefix only as a C identifier. The model name used to be
// copied raw into the header comment, so that a newline in it (XML "&#10;") ended the comment and
// the rest of the name became code.
//   (a) gen_hostile.cpp, generated at build time from a URDF whose names hold a newline and a
//       declaration, "*/", quotes, a backslash and non-ASCII text (tests/codegen/CMakeLists.txt),
//       compiles, runs, and none of its lines carries the declaration outside a comment;
//   (b) emit_cpp with hostile model names and sources changes comment lines only;
//   (c) `armdyn codegen --prefix` refuses anything but a C identifier, exit 2, one stderr line.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "armdyn/codegen/emit_cpp.hpp"
#include "armdyn/codegen/record.hpp"
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/io/load.hpp"
#include "gen_hostile.h"
#include "support/cli_process.hpp"

namespace armdyn {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

bool is_comment(const std::string& line) { return line.rfind("//", 0) == 0; }

TEST(HostileNames, GeneratedCodeCompilesAndAgreesWithTheLibrary) {
  const Model model = load_model(ARMDYN_HOSTILE_URDF);
  ASSERT_EQ(gen_hostile_dof(), 1);
  Data data(model);
  VecX<double> q(1);
  q << 0.4;
  double M = 0;
  gen_hostile_mass_matrix(q.data(), &M);
  EXPECT_NEAR(M, crba(model, data, q)(0, 0), 1e-15);
}

TEST(HostileNames, NoLineFromTheModelOutsideAComment) {
  for (const char* file : {"gen_hostile.cpp", "gen_hostile.h"}) {
    const std::string text = test::read_file(std::string(ARMDYN_CODEGEN_DIR) + "/" + file);
    ASSERT_FALSE(text.empty()) << file;
    int seen = 0;
    for (const std::string& line : lines_of(text)) {
      if (line.find("armdyn_injected") == std::string::npos) continue;
      ++seen;
      EXPECT_TRUE(is_comment(line)) << file << ": injected line: " << line;
    }
    EXPECT_EQ(seen, 1) << file << ": the model name appears on exactly one (comment) line";
    // The name is there, escaped: "\n" and "\\" written out, "*/" broken, UTF-8 kept.
    EXPECT_NE(text.find("from the model 'evil\\n[[maybe_unused]] static int armdyn_injected = 1; // * / \"q\" \\\\ "
                        "\xC3\x84rm \xF0\x9F\xA4\x96' ("),
              std::string::npos)
        << file;
  }
}

// Every line that is not a comment is the same as with a plain name, and no comment line ends in
// a backslash (which would splice the next line into the comment).
TEST(HostileNames, ModelTextChangesCommentLinesOnly) {
  const Model model = load_model("planar2r");
  const std::vector<codegen::TracedFunction> functions = {codegen::trace(model, codegen::Algorithm::kGravity)};
  codegen::EmitOptions plain;
  plain.prefix = "p";
  plain.model_name = "plain";
  plain.model_source = "plain.urdf";
  const codegen::GeneratedCode expected = codegen::emit_cpp(functions, plain);
  const std::vector<std::string> hostile = {
      "a\nint injected_a = 1;\n//", "x */ int injected_b; /*", "ends in a backslash\\", "cr\r\nint injected_c;",
      "\xE2\x80\xA8line separator", "\xE2\x80\xAE" "bidi override", "bad \xFF\xC0 bytes", "\x01\x7F\x1B[2J",
      "?\?/"};
  for (const std::string& text : hostile) {
    for (const bool in_source : {false, true}) {
      codegen::EmitOptions o = plain;
      (in_source ? o.model_source : o.model_name) = text;
      const codegen::GeneratedCode got = codegen::emit_cpp(functions, o);
      for (const auto& [g, e] : {std::pair{got.source, expected.source}, std::pair{got.header, expected.header}}) {
        const std::vector<std::string> gl = lines_of(g), el = lines_of(e);
        ASSERT_EQ(gl.size(), el.size()) << "text " << testing::PrintToString(text);
        for (std::size_t k = 0; k < gl.size(); ++k) {
          if (!is_comment(el[k])) {
            EXPECT_EQ(gl[k], el[k]) << "text " << testing::PrintToString(text);
          }
          EXPECT_TRUE(is_comment(gl[k]) == is_comment(el[k]));
          EXPECT_FALSE(!gl[k].empty() && gl[k].back() == '\\') << gl[k];
          EXPECT_EQ(gl[k].find_first_of("\r\x01\x1B\x7F"), std::string::npos) << testing::PrintToString(gl[k]);
        }
      }
    }
  }
  EXPECT_EQ(codegen::comment_text("a */ b\n\\"), "a * / b\\n\\\\");
}

using CodegenCli = test::CliProcess;

TEST_F(CodegenCli, PrefixMustBeACIdentifier) {
  for (const std::string& prefix :
       {std::string("1abc"), std::string("a-b"), std::string("a\nint x;"), std::string("na\xC3\xAFve"),
        std::string("../up"), std::string("a\x01")}) {
    const test::CliResult r = run({"codegen", "planar2r", "--out", path("out"), "--prefix", prefix});
    EXPECT_EQ(r.status, 2) << testing::PrintToString(prefix);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err_lines(), 1) << r.err;
    EXPECT_EQ(r.err.rfind("--prefix: '", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("is not a C identifier"), std::string::npos) << r.err;
    // No control character (the prefix is shown escaped), and nothing written.
    EXPECT_EQ(r.err.substr(0, r.err.size() - 1).find_first_of("\n\x01"), std::string::npos)
        << testing::PrintToString(r.err);
    EXPECT_FALSE(test::fs::exists(path("out")));
  }
  // Sensitivity: an identifier is accepted.
  const test::CliResult ok = run({"codegen", "planar2r", "--out", path("out"), "--prefix", "_arm2"});
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_TRUE(test::fs::exists(path("out/_arm2.cpp")));
}

}  // namespace
}  // namespace armdyn
