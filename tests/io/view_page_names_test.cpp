// Names in the page of `armdyn view` (io/view_scene.hpp): model, joint, link and frame names are
// whatever a model file says, so hostile ones (markup, comment openers, "</script>", entities,
// quotes, U+2028, NUL, the page's own placeholders) are generated at random and every page is
// checked as a browser's HTML tokenizer would meet it: the scene's JSON block holds no '<', '>' or
// '&' byte (nothing in it can end the <script> element or change the tokenizer's state), it
// parses back to the very names, and no name appears anywhere else in the page. The page's
// script is checked to build no markup from text (the legend and the torque bars used to).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "armdyn/io/view_scene.hpp"
#include "armdyn/model/builder.hpp"
#include "armdyn/model/catalogue.hpp"

namespace armdyn {
namespace view_page_names_test {

using nlohmann::json;

// Every name starts with this marker, so that a name outside the JSON block is found.
const std::string kMarker = "Nm7Q";

const std::vector<std::string>& pieces() {
  static const std::vector<std::string> all = {
      "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','1')\">",
      "<!--<script>", "<!--", "-->", "</script>", "</SCRIPT >", "<script>alert(1)</script>", "<\\/script>",
      "&lt;", "&amp;", "&#60;", "&", "<", ">", "\"", "'", "`", "\\", "\\u003c", "\\\"", "]]>", "<![CDATA[",
      "\xE2\x80\xA8", "\xE2\x80\xA9", "\xC2\x85", "\t", "\n", "\r", std::string(1, '\0'), "\x7F", "@SCENE@",
      "@IMPORTMAP@", "@THREE_VERSION@", "\xC3\x9F\xE2\x86\x92\xF0\x9F\x98\x80", "\xEF\xBB\xBF", " ", "{\"a\":1}",
      "}", "]", "${x}", "javascript:", "<style>", "<title>"};
  return all;
}

// A name of 1 to 4 random pieces, unique by its index.
std::string hostile_name(std::mt19937& rng, int index) {
  std::uniform_int_distribution<std::size_t> pick(0, pieces().size() - 1);
  std::string name = kMarker + std::to_string(index);
  const int count = 1 + static_cast<int>(rng() % 4);
  for (int k = 0; k < count; ++k) name += pieces()[pick(rng)];
  return name;
}

struct NamedModel {
  Model model;
  std::string name;
};

// A chain of revolute and prismatic joints with a fixed tool link, every name hostile.
NamedModel hostile_model(std::mt19937& rng) {
  int index = 0;
  NamedModel out;
  out.name = hostile_name(rng, index++);
  ModelBuilder builder("hostile.urdf", out.name);
  std::string link = hostile_name(rng, index++);  // the base first
  builder.set_base_name(link);
  const int joints = 1 + static_cast<int>(rng() % 4);
  LinkInertial inertial;
  inertial.mass = 1;
  inertial.inertia = Mat3<double>::Identity() * 0.01;
  for (int j = 0; j < joints; ++j) {
    JointSpec joint;
    joint.name = hostile_name(rng, index++);
    joint.type = j % 2 == 0 ? JointType::kRevolute : JointType::kPrismatic;
    joint.origin.p = Vec3<double>(0.1, 0, 0.2);
    const std::string child = hostile_name(rng, index++);
    builder.add_link(link, joint, child, inertial);
    link = child;
  }
  Transform<double> tool;
  tool.p = Vec3<double>(0.1, 0, 0);
  const std::string tool_joint = hostile_name(rng, index++), tool_link = hostile_name(rng, index++);
  builder.add_fixed_link(link, tool_joint, tool, tool_link, LinkInertial{});
  out.model = builder.build();
  return out;
}

// The JSON block of a page, where the HTML tokenizer finds it: from the scene's <script> tag to
// the first "</script>" after it.
std::string scene_block(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"scene\">";
  const std::size_t begin = page.find(open);
  EXPECT_NE(begin, std::string::npos);
  EXPECT_EQ(page.find(open, begin + 1), std::string::npos) << "one scene block";
  const std::size_t end = page.find("</script>", begin);
  return page.substr(begin + open.size(), end - begin - open.size());
}

// The invariants of a page made from `model` with `title`: see the file's comment.
void expect_names_only_as_json_text(const std::string& page, const Model& model, const std::string& title,
                                    int path_frame, const std::string& what) {
  const std::string block = scene_block(page);
  for (const char c : {'<', '>', '&'}) EXPECT_EQ(block.find(c), std::string::npos) << what << ": '" << c << "' in the JSON";
  EXPECT_EQ(block.find("\xE2\x80\xA8"), std::string::npos) << what;
  EXPECT_EQ(block.find("\xE2\x80\xA9"), std::string::npos) << what;
  std::string outside = page;
  outside.erase(page.find(block), block.size());
  EXPECT_EQ(outside.find(kMarker), std::string::npos) << what << ": a name outside the JSON block";

  const json scene = json::parse(block);  // throws (a failure) when it is not JSON
  EXPECT_EQ(scene["model"].get<std::string>(), model.name) << what;
  EXPECT_EQ(scene["title"].get<std::string>(), title) << what;
  EXPECT_EQ(scene["joints"].get<std::vector<std::string>>(), model.joint_names) << what;
  ASSERT_EQ(scene["bodies"].size(), static_cast<std::size_t>(model.dof)) << what;
  for (std::size_t i = 0; i < scene["bodies"].size(); ++i) {
    EXPECT_EQ(scene["bodies"][i]["name"].get<std::string>(), model.body_names[i]) << what;
    EXPECT_EQ(scene["bodies"][i]["joint"].get<std::string>(), model.joint_names[i]) << what;
  }
  ASSERT_EQ(scene["frames"].size(), model.frames.size()) << what;
  for (std::size_t k = 0; k < model.frames.size(); ++k)
    EXPECT_EQ(scene["frames"][k]["name"].get<std::string>(), model.frames[k].name) << what;
  EXPECT_EQ(scene["path"]["frame"].get<std::string>(), model.frames[static_cast<std::size_t>(path_frame)].name) << what;
}

TEST(ViewPage, HostileNamesReachThePageOnlyAsJsonTextThatReadsBackExactly) {
  std::mt19937 rng(36);
  for (int trial = 0; trial < 200; ++trial) {
    const NamedModel m = hostile_model(rng);
    const Model& model = m.model;
    ASSERT_EQ(model.name, m.name);
    view::SceneInput in;
    in.title = "armdyn view " + model.name;
    for (int k = 0; k < 3; ++k) {
      in.motion.t.push_back(0.5 * k);
      in.motion.q.push_back(VecX<double>::Constant(model.dof, 0.1 * k));
      in.motion.tau.push_back(VecX<double>::Constant(model.dof, -1.0 * k));
    }
    in.path_frame = static_cast<int>(model.frames.size()) - 1;
    in.prescribed = {Vec3<double>::Zero(), Vec3<double>::Ones()};
    const std::string page = view::view_html(model, in);
    expect_names_only_as_json_text(page, model, in.title, in.path_frame, "trial " + std::to_string(trial));
    if (::testing::Test::HasFailure()) return;  // the first page that breaks is enough
  }
}

// The script builds the page's elements and gives them text (textContent): no API that parses a
// string as markup appears in it (three.js, embedded as base64, is not text of the page).
TEST(ViewPage, ScriptParsesNoTextAsMarkup) {
  const Model model = builtin_model("planar2r").model;
  view::SceneInput in;
  in.motion.t = {0, 1};
  in.motion.q = {VecX<double>::Zero(2), VecX<double>::Ones(2)};
  in.path_frame = 0;
  const std::string page = view::view_html(model, in);
  for (const char* markup : {"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "DOMParser",
                             "createContextualFragment", "srcdoc", "eval(", "new Function", "setHTMLUnsafe"})
    EXPECT_EQ(page.find(markup), std::string::npos) << markup;
}

}  // namespace view_page_names_test
}  // namespace armdyn
