// libFuzzer target: the page `armdyn view` writes (io/view_scene.hpp), from names, numbers and a
// mesh taken from the input. Layout: byte 0 the number of joints (1 to 6), byte 1 their kinds
// (bit j: prismatic), then fields separated by 0x01: the model's name, the base's, each joint's and
// its link's, the tool joint's and the tool link's, then the rest as little-endian doubles (joint
// positions of two samples, a box size, a mesh's vertices). Names the model builder refuses
// (invalid UTF-8, empty, repeated) and numbers scene_json refuses are InputErrors, as documented.
// A page armdyn writes must hold its names only as JSON text: its scene block has no '<', '>' or
// '&' (no markup the HTML tokenizer could act on), parses as JSON with no null but the documented
// ones and reads back to the very names; the page outside the block is the same for every scene.
// Anything else is a finding and aborts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/io/view_scene.hpp"
#include "armdyn/model/builder.hpp"

namespace {

using nlohmann::json;

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "FINDING: %s\n", what.c_str());
  std::abort();
}

const std::string kOpen = "<script type=\"application/json\" id=\"scene\">";

// The page split around its scene block: before, the block, after.
struct PageParts {
  std::string before, block, after;
};

PageParts split(const std::string& page) {
  const std::size_t begin = page.find(kOpen);
  if (begin == std::string::npos || page.find(kOpen, begin + 1) != std::string::npos) finding("not one scene block");
  const std::size_t start = begin + kOpen.size();
  const std::size_t end = page.find("</script>", start);  // where the HTML tokenizer ends the element
  if (end == std::string::npos) finding("the scene block is not closed");
  return {page.substr(0, start), page.substr(start, end - start), page.substr(end)};
}

// Every null of the scene is one the format documents: "path" without a path, an effort without
// a limit. (JSON has no NaN: a non-finite number would have been written as null.)
void check_nulls(const json& value, const std::string& where) {
  if (value.is_null() && where != "/path" && where.rfind("/effort/", 0) != 0) finding("null at " + where);
  if (value.is_array())
    for (std::size_t i = 0; i < value.size(); ++i) check_nulls(value[i], where + "/" + std::to_string(i));
  if (value.is_object())
    for (const auto& [key, item] : value.items()) check_nulls(item, where + "/" + key);
}

void check_page(const std::string& page, const armdyn::Model& model, const std::string& title, int path_frame) {
  static const PageParts reference = split(armdyn::view::view_page("{}"));
  const PageParts parts = split(page);
  if (parts.before != reference.before || parts.after != reference.after) finding("the page outside its scene changed");
  if (parts.block.find_first_of("<>&") != std::string::npos) finding("'<', '>' or '&' in the scene block");
  if (parts.block.find("\xE2\x80\xA8") != std::string::npos || parts.block.find("\xE2\x80\xA9") != std::string::npos)
    finding("U+2028 or U+2029 in the scene block");
  json scene;
  try {
    scene = json::parse(parts.block);
  } catch (const json::exception& e) {
    finding(std::string("the scene block is not JSON: ") + e.what());
  }
  check_nulls(scene, "");
  bool same = scene["model"] == model.name && scene["title"] == title && scene["joints"] == model.joint_names &&
              scene["frames"].size() == model.frames.size() && scene["bodies"].size() == model.body_names.size();
  for (std::size_t k = 0; same && k < model.frames.size(); ++k) same = scene["frames"][k]["name"] == model.frames[k].name;
  for (std::size_t i = 0; same && i < model.body_names.size(); ++i) same = scene["bodies"][i]["name"] == model.body_names[i];
  if (same && path_frame >= 0) same = scene["path"]["frame"] == model.frames[static_cast<std::size_t>(path_frame)].name;
  if (!same) finding("the names do not read back");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const int joints = 1 + data[0] % 6;
  const unsigned kinds = data[1];
  // The names: model, base, joint and link of each joint, tool joint, tool link.
  const std::size_t names = 4 + 2 * static_cast<std::size_t>(joints);
  std::vector<std::string> fields(1);
  std::size_t at = 2;
  for (; at < size && fields.size() <= names; ++at) {
    if (data[at] == 0x01)
      fields.emplace_back();
    else
      fields.back().push_back(static_cast<char>(data[at]));
  }
  if (fields.size() <= names) return 0;
  std::vector<double> numbers;  // the rest of the input (the unfinished last field included)
  for (std::size_t k = at; k + 8 <= size; k += 8) {
    double x = 0;
    std::memcpy(&x, data + k, 8);
    numbers.push_back(x);
  }
  auto number = [&](std::size_t k, double otherwise) { return k < numbers.size() ? numbers[k] : otherwise; };

  using namespace armdyn;
  Model model;
  try {
    ModelBuilder builder("fuzz", fields[0]);
    builder.set_base_name(fields[1]);
    LinkInertial inertial;
    inertial.mass = 1;
    inertial.inertia = Mat3<double>::Identity() * 0.01;
    std::string link = fields[1];
    for (int j = 0; j < joints; ++j) {
      JointSpec joint;
      joint.name = fields[2 + 2 * static_cast<std::size_t>(j)];
      joint.type = (kinds >> j) & 1 ? JointType::kPrismatic : JointType::kRevolute;
      joint.origin.p = Vec3<double>(0.1, 0, 0.2);
      builder.add_link(link, joint, fields[3 + 2 * static_cast<std::size_t>(j)], inertial);
      link = fields[3 + 2 * static_cast<std::size_t>(j)];
    }
    Transform<double> tool;
    tool.p = Vec3<double>(0.1, 0, 0);
    builder.add_fixed_link(link, fields[names - 2], tool, fields[names - 1], LinkInertial{});
    model = builder.build();
  } catch (const InputError&) {  // ModelError included: a name the builder refuses
    return 0;
  }

  view::SceneInput in;
  in.title = "armdyn view " + model.name;
  std::size_t k = 0;
  for (int s = 0; s < 2; ++s) {
    VecX<double> q(model.dof);
    for (int j = 0; j < model.dof; ++j) q[j] = number(k++, 0.1 * s);
    in.motion.t.push_back(s);
    in.motion.q.push_back(q);
  }
  in.path_frame = static_cast<int>(model.frames.size()) - 1;
  view::VisualShape box;
  box.frame = 0;
  box.size = Vec3<double>(number(k, 1), number(k + 1, 1), number(k + 2, 1));
  k += 3;
  view::VisualShape mesh;
  mesh.kind = view::ShapeKind::kMesh;
  mesh.frame = in.path_frame;
  for (; k + 9 <= numbers.size() && mesh.triangles.size() < 9 * 64; k += 9)
    mesh.triangles.insert(mesh.triangles.end(), numbers.begin() + static_cast<std::ptrdiff_t>(k),
                          numbers.begin() + static_cast<std::ptrdiff_t>(k + 9));
  in.visuals = {box, mesh};
  std::string page;
  try {
    page = view::view_html(model, in);
  } catch (const InputError&) {  // a number that is not finite, refused as documented
    return 0;
  }
  check_page(page, model, in.title, in.path_frame);
  return 0;
}
