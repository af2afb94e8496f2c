#include "dae_mesh.hpp"

#include <tinyxml.h>

#include <Eigen/Geometry>
#include <charconv>
#include <cmath>
#include <map>
#include <numbers>
#include <optional>

#include "armdyn/core/error.hpp"
#include "armdyn/core/vector_length.hpp"
#include "mesh_file.hpp"
#include "stl_mesh.hpp"
#include "xml_nesting.hpp"

namespace armdyn::view {
namespace {

// The whitespace-separated words of an element's text.
std::vector<std::string> dae_words(const TiXmlElement& e) {
  std::vector<std::string> out;
  const char* text = e.GetText();
  if (!text) return out;
  std::string word;
  for (const char* c = text; *c; ++c) {
    if (*c == ' ' || (*c >= '\t' && *c <= '\r')) {
      if (!word.empty()) out.push_back(std::move(word));
      word.clear();
    } else {
      word.push_back(*c);
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

std::string dae_attribute(const TiXmlElement& e, const char* name) {
  const char* value = e.Attribute(name);
  return value ? value : "";
}

// Reads one document; every message names the file.
class DaeReader {
 public:
  explicit DaeReader(const std::string& path) : path_(path) {}

  std::vector<double> read(const std::string& xml) {
    check_xml_nesting(xml, path_);  // a ModelError (an InputError) naming the file
    const std::string text = xml + std::string(4, '\0');  // TinyXML may read past a cut UTF-8 sequence
    TiXmlDocument document;
    document.Parse(text.c_str());
    if (document.Error())
      fail("not an XML document (" + std::string(document.ErrorDesc()) + " at line " +
           std::to_string(document.ErrorRow()) + ")");
    const TiXmlElement* root = document.FirstChildElement("COLLADA");
    if (!root) fail("not a COLLADA document (no <COLLADA> element)");
    const Eigen::Matrix4d document_frame = asset_frame(*root);

    std::map<std::string, const TiXmlElement*> geometries;
    if (const TiXmlElement* library = root->FirstChildElement("library_geometries"))
      for (const TiXmlElement* g = library->FirstChildElement("geometry"); g; g = g->NextSiblingElement("geometry"))
        geometries[dae_attribute(*g, "id")] = g;
    if (geometries.empty()) fail("no <library_geometries> <geometry>");

    if (const TiXmlElement* scene = visual_scene(*root)) {  // the geometries where the scene puts them
      for (const TiXmlElement* node = scene->FirstChildElement("node"); node; node = node->NextSiblingElement("node"))
        read_node(*node, document_frame, geometries);
    }
    if (!instanced_) {  // no scene: every geometry as it is
      for (const auto& [id, geometry] : geometries) read_geometry(*geometry, document_frame);
    }
    if (triangles_.empty()) fail("no triangle");
    return triangles_;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const { throw InputError(path_ + ": " + message); }

  double number(const std::string& word, const std::string& where) const {
    double x = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), x);
    if (error != std::errc() || end != word.data() + word.size() || !std::isfinite(x))
      fail(where + ": '" + word.substr(0, 40) + "' is not a finite number");
    return x;
  }

  std::size_t index(const std::string& word, const std::string& where) const {
    std::size_t i = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), i);
    if (error != std::errc() || end != word.data() + word.size())
      fail(where + ": '" + word.substr(0, 40) + "' is not an index");
    return i;
  }

  // <unit meter> scales, <up_axis> turns the document's up direction into +z.
  Eigen::Matrix4d asset_frame(const TiXmlElement& root) const {
    double meter = 1;
    std::string up = "Y_UP";  // the format's default
    if (const TiXmlElement* asset = root.FirstChildElement("asset")) {
      if (const TiXmlElement* unit = asset->FirstChildElement("unit"); unit && unit->Attribute("meter")) {
        meter = number(dae_attribute(*unit, "meter"), "<unit meter>");
        if (meter <= 0) fail("<unit meter>: not positive");
      }
      if (const TiXmlElement* axis = asset->FirstChildElement("up_axis")) {
        const std::vector<std::string> w = dae_words(*axis);
        up = w.size() == 1 ? w[0] : "";
      }
    }
    Eigen::Matrix3d R;
    if (up == "Z_UP")
      R.setIdentity();
    else if (up == "Y_UP")
      R << 1, 0, 0, 0, 0, -1, 0, 1, 0;  // +y to +z, +z to -y: a quarter turn about x
    else if (up == "X_UP")
      R << 0, 0, -1, 0, 1, 0, 1, 0, 0;  // +x to +z, +z to -x: a quarter turn about -y
    else
      fail("<up_axis>: expected X_UP, Y_UP or Z_UP");
    Eigen::Matrix4d frame = Eigen::Matrix4d::Identity();
    frame.topLeftCorner<3, 3>() = meter * R;
    return frame;
  }

  // The <visual_scene> that <scene> instances, else the library's first (nullptr if none).
  static const TiXmlElement* visual_scene(const TiXmlElement& root) {
    const TiXmlElement* library = root.FirstChildElement("library_visual_scenes");
    if (!library) return nullptr;
    std::string url;
    if (const TiXmlElement* scene = root.FirstChildElement("scene"))
      if (const TiXmlElement* instance = scene->FirstChildElement("instance_visual_scene"))
        url = dae_attribute(*instance, "url");
    for (const TiXmlElement* s = library->FirstChildElement("visual_scene"); s; s = s->NextSiblingElement("visual_scene"))
      if (url.empty() || url == "#" + dae_attribute(*s, "id")) return s;
    return library->FirstChildElement("visual_scene");
  }

  // A node's transforms in document order, each composed on the right of its parent's.
  void read_node(const TiXmlElement& node, const Eigen::Matrix4d& parent,
                 const std::map<std::string, const TiXmlElement*>& geometries) {
    Eigen::Matrix4d X = parent;
    const std::string where = "node '" + dae_attribute(node, "id") + "'";
    for (const TiXmlElement* e = node.FirstChildElement(); e; e = e->NextSiblingElement()) {
      const std::string tag = e->Value();
      const std::vector<std::string> w = dae_words(*e);
      std::vector<double> x;
      for (const std::string& word : w) x.push_back(number(word, where + " <" + tag + ">"));
      const std::size_t expected = tag == "matrix" ? 16 : tag == "rotate" ? 4 : 3;
      if ((tag == "matrix" || tag == "rotate" || tag == "translate" || tag == "scale") && x.size() != expected)
        fail(where + " <" + tag + ">: expected " + std::to_string(expected) + " numbers");
      Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
      if (tag == "matrix") {
        for (int r = 0; r < 4; ++r)
          for (int c = 0; c < 4; ++c) T(r, c) = x[static_cast<std::size_t>(4 * r + c)];  // row by row
      } else if (tag == "translate") {
        T.topRightCorner<3, 1>() = Eigen::Vector3d(x[0], x[1], x[2]);
      } else if (tag == "rotate") {  // axis, then the angle in degrees
        const std::optional<Eigen::Vector3d> axis = unit_vector(Eigen::Vector3d(x[0], x[1], x[2]));  // any length
        if (!axis) fail(where + " <rotate>: a zero axis");
        T.topLeftCorner<3, 3>() = Eigen::AngleAxisd(x[3] * std::numbers::pi / 180, *axis).toRotationMatrix();
      } else if (tag == "scale") {
        T.topLeftCorner<3, 3>() = Eigen::Vector3d(x[0], x[1], x[2]).asDiagonal();
      } else if (tag == "instance_geometry") {
        const std::string url = dae_attribute(*e, "url");
        const auto it = url.empty() ? geometries.end() : geometries.find(url.substr(1));
        if (url.empty() || url[0] != '#' || it == geometries.end())
          fail(where + ": <instance_geometry url='" + url.substr(0, 40) + "'>: no such geometry");
        instanced_ = true;
        read_geometry(*it->second, X);  // the node's transforms all precede its instances
      } else if (tag == "node") {
        read_node(*e, X, geometries);
      }
      X = X * T;
    }
  }

  // The positions a <vertices id> stands for: 3 numbers a point, read once per <source> however
  // many primitives and instances use them.
  const std::vector<double>& positions(const TiXmlElement& mesh, const std::string& url, const std::string& where) {
    const TiXmlElement* vertices = mesh.FirstChildElement("vertices");
    if (!vertices || "#" + dae_attribute(*vertices, "id") != url) fail(where + ": no <vertices> '" + url + "'");
    std::string source_url;
    for (const TiXmlElement* in = vertices->FirstChildElement("input"); in; in = in->NextSiblingElement("input"))
      if (dae_attribute(*in, "semantic") == "POSITION") source_url = dae_attribute(*in, "source");
    for (const TiXmlElement* s = mesh.FirstChildElement("source"); s; s = s->NextSiblingElement("source")) {
      if ("#" + dae_attribute(*s, "id") != source_url) continue;
      if (const auto known = read_sources_.find(s); known != read_sources_.end()) return known->second;
      const std::string here = where + " <source id='" + dae_attribute(*s, "id") + "'>";
      const TiXmlElement* array = s->FirstChildElement("float_array");
      if (!array) fail(here + ": no <float_array>");
      std::vector<double> values;
      for (const std::string& word : dae_words(*array)) values.push_back(number(word, here));
      std::size_t stride = 1, offset = 0, count = values.size();
      const TiXmlElement* common = s->FirstChildElement("technique_common");
      if (const TiXmlElement* accessor = common ? common->FirstChildElement("accessor") : nullptr) {
        if (accessor->Attribute("stride")) stride = index(dae_attribute(*accessor, "stride"), here + " <accessor stride>");
        if (accessor->Attribute("offset")) offset = index(dae_attribute(*accessor, "offset"), here + " <accessor offset>");
        count = index(dae_attribute(*accessor, "count"), here + " <accessor count>");
      } else {
        stride = 3, count = values.size() / 3;
      }
      if (stride < 3) fail(here + ": <accessor stride> " + std::to_string(stride) + " < 3");
      if (count > values.size() || (count > 0 && stride > values.size()) || offset + (count == 0 ? 0 : (count - 1) * stride + 3) > values.size())
        fail(here + ": <accessor> reads past the <float_array>'s " + std::to_string(values.size()) + " numbers");
      std::vector<double>& out = read_sources_[s];
      for (std::size_t k = 0; k < count; ++k)
        for (std::size_t i = 0; i < 3; ++i) out.push_back(values[offset + k * stride + i]);
      return out;
    }
    fail(where + ": no POSITION <source> '" + source_url + "'");
  }

  void read_geometry(const TiXmlElement& geometry, const Eigen::Matrix4d& X) {
    const TiXmlElement* mesh = geometry.FirstChildElement("mesh");
    if (!mesh) return;  // a spline or another kind: nothing to draw
    const std::string id = "geometry '" + dae_attribute(geometry, "id") + "'";
    for (const TiXmlElement* p = mesh->FirstChildElement(); p; p = p->NextSiblingElement()) {
      const std::string tag = p->Value();
      if (tag != "triangles" && tag != "polylist") continue;
      const std::string where = id + " <" + tag + ">";
      std::size_t stride = 1, vertex_offset = 0;
      std::string url;
      for (const TiXmlElement* in = p->FirstChildElement("input"); in; in = in->NextSiblingElement("input")) {
        const std::size_t offset = index(dae_attribute(*in, "offset"), where + " <input offset>");
        if (offset >= 64) fail(where + " <input offset>: " + std::to_string(offset) + " (at most 63 inputs)");
        stride = std::max(stride, offset + 1);
        if (dae_attribute(*in, "semantic") == "VERTEX") vertex_offset = offset, url = dae_attribute(*in, "source");
      }
      if (url.empty()) fail(where + ": no VERTEX <input>");
      const std::vector<double>& points = positions(*mesh, url, where);
      const TiXmlElement* list = p->FirstChildElement("p");
      if (!list) continue;  // no primitive
      std::vector<std::size_t> corner;  // the position index of every corner
      const std::vector<std::string> w = dae_words(*list);
      if (w.size() % stride != 0) fail(where + " <p>: " + std::to_string(w.size()) + " indices, not a multiple of " + std::to_string(stride));
      for (std::size_t k = 0; k < w.size() / stride; ++k) {
        const std::size_t i = index(w[k * stride + vertex_offset], where + " <p>");
        if (i >= points.size() / 3)
          fail(where + " <p>: index " + std::to_string(i) + " out of range (" + std::to_string(points.size() / 3) + " positions)");
        corner.push_back(i);
      }
      std::vector<std::size_t> sides;
      if (tag == "triangles") {
        if (corner.size() % 3 != 0) fail(where + " <p>: the corners do not make whole triangles");
        sides.assign(corner.size() / 3, 3);
      } else {
        const TiXmlElement* vcount = p->FirstChildElement("vcount");
        if (!vcount) fail(where + ": no <vcount>");
        std::size_t total = 0;
        for (const std::string& word : dae_words(*vcount)) {
          sides.push_back(index(word, where + " <vcount>"));
          if (sides.back() > corner.size() - total) {
            total = corner.size() + 1;
            break;
          }
          total += sides.back();
        }
        if (total != corner.size())
          fail(where + ": <vcount> does not count the " + std::to_string(corner.size()) + " corners of <p>");
      }
      std::size_t first = 0;
      for (const std::size_t n : sides) {
        for (std::size_t k = 1; k + 1 < n; ++k) {  // a fan from the first corner
          for (const std::size_t c : {corner[first], corner[first + k], corner[first + k + 1]}) {
            const Eigen::Vector4d v = X * Eigen::Vector4d(points[3 * c], points[3 * c + 1], points[3 * c + 2], 1);
            if (!v.allFinite())  // finite numbers overflowed by a <scale>, <matrix> or <unit meter>
              fail(where + ": position " + std::to_string(c) + " is not a finite number once placed by its nodes' transforms");
            triangles_.insert(triangles_.end(), {v[0], v[1], v[2]});
          }
          if (triangles_.size() > 9 * kMaxStlTriangles)
            fail("more than " + std::to_string(kMaxStlTriangles) + " triangles");
        }
        first += n;
      }
    }
  }

  const std::string& path_;
  std::vector<double> triangles_;
  bool instanced_ = false;  // a scene placed at least one geometry
  std::map<const TiXmlElement*, std::vector<double>> read_sources_;  // <source> -> its positions
};

}  // namespace

std::vector<double> read_dae(const std::string& path) {
  const std::string xml = read_mesh_file(path, kMaxTextMeshBytes, "a COLLADA file of " + std::to_string(kMaxStlTriangles) + " triangles");
  return DaeReader(path).read(xml);
}

}  // namespace armdyn::view
