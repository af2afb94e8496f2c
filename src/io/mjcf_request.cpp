#include "mjcf_request.hpp"

#include <tinyxml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string_view>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/core/input_file.hpp"
#include "armdyn/core/text.hpp"
#include "xml_nesting.hpp"

namespace armdyn {

namespace {

constexpr std::size_t kDefaultLimit = std::size_t{2} << 30;
constexpr int kMaxIncludes = 1000;

/// One attribute's value as a count (a negative or unreadable one is MuJoCo's to refuse: 0 here).
double count(const TiXmlElement& e, const char* name) {
  const char* text = e.Attribute(name);
  if (!text) return 0;
  char* end = nullptr;
  const double x = std::strtod(text, &end);
  return std::isfinite(x) && x > 0 ? std::floor(x) : 0;
}

/// The product of the whitespace-separated counts of an attribute ("3 4 5" -> 60).
double product(const TiXmlElement& e, const char* name) {
  const char* text = e.Attribute(name);
  if (!text) return 0;
  double out = 1;
  bool any = false;
  for (const char* p = text; *p;) {
    char* end = nullptr;
    const double x = std::strtod(p, &end);
    if (end == p) break;
    any = true;
    out *= std::isfinite(x) && x > 0 ? std::floor(x) : 0;
    p = end;
  }
  return any ? out : 0;
}

std::string bytes(double x) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (u < 6 && x >= 1024) {
    x /= 1024;
    ++u;
  }
  char text[64];
  std::snprintf(text, sizeof text, u == 0 ? "%.0f %s" : "%.1f %s", x, units[u]);
  return text;
}

/// The requests of one file and of the files it includes, summed.
class RequestScan {
 public:
  explicit RequestScan(std::string main_folder) : folder_(std::move(main_folder)) {}

  void scan(const std::string& text, const std::string& source) {
    check_xml_nesting(text, source);
    const std::string padded = text + std::string(4, '\0');  // TinyXML may read past a truncated UTF-8 sequence
    TiXmlDocument document;
    document.Parse(padded.c_str());
    if (document.Error()) return;  // MuJoCo reports it, with its own message
    std::vector<std::pair<const TiXmlElement*, bool>> stack;  // element, inside <default>
    for (const TiXmlElement* e = document.FirstChildElement(); e; e = e->NextSiblingElement()) stack.push_back({e, false});
    while (!stack.empty()) {
      const auto [e, in_default] = stack.back();
      stack.pop_back();
      const bool defaults = in_default || e->ValueStr() == "default";
      element(*e, defaults, source);
      for (const TiXmlElement* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) stack.push_back({c, defaults});
    }
  }

  /// Throws when the total exceeds `limit`.
  void check(const std::string& path, std::size_t limit) const {
    // The model's stack: measured with MuJoCo 2.2 at up to 9000 degrees of freedom, under 6 n^2 +
    // 10^4 n + 10^6 numbers; its buffer under 1 KiB per element.
    const double n = dofs_ * (free_default_ ? 6 : ball_default_ ? 3 : 1) + fixed_dofs_;
    const double stack = 8 * (6 * n * n + 1e4 * n + 1e6);
    double total = stack + 1024 * (elements_ + 1);
    Request largest{"its joints (some " + std::to_string(static_cast<long long>(n)) + " degrees of freedom)", stack};
    for (const Request& r : requests_) {
      const double b = r.per_element ? r.bytes * (elements_ + 1) : r.bytes;
      total += b;
      if (b > largest.bytes) largest = Request{r.what, b};
    }
    if (total <= static_cast<double>(limit)) return;
    throw InputError(path + ": " + largest.what + ": compiling this MJCF would take MuJoCo an estimated " + bytes(total) +
                     " (" + bytes(largest.bytes) + " of it for that), more than the limit of " + bytes_text(limit) +
                     "; set ARMDYN_MJCF_MAX_MEMORY to raise it");
  }

 private:
  struct Request {
    std::string what;
    double bytes = 0;
    bool per_element = false;  ///< bytes per element of the model (nuser_*)
  };

  static std::string place(const TiXmlElement& e, const char* attribute) {
    return "<" + printable(e.ValueStr()) + " " + attribute + "=\"" +
           printable(std::string(e.Attribute(attribute)).substr(0, 40)) + "\"> (line " + std::to_string(e.Row()) + ")";
  }

  void add(const TiXmlElement& e, const char* attribute, const std::string& source, double bytes, bool per_element = false) {
    if (bytes > 0) requests_.push_back(Request{place(e, attribute) + where(source), bytes, per_element});
  }

  std::string where(const std::string& source) const {
    return included_ ? " in the included " + printable(source) : "";
  }

  /// MuJoCo's compiler scales a quaternion or an axis to unit length from its squares: one whose
  /// numbers are all below 1e-10 or any above 1e50 comes out as no rotation (or a zero axis)
  /// without a word, so it is refused here, as URDF numbers of that size are.
  static void check_orientations(const TiXmlElement& e, const std::string& where) {
    static constexpr std::pair<const char*, int> kVectors[] = {
        {"quat", 4}, {"axis", 3}, {"zaxis", 3}, {"axisangle", 3}, {"xyaxes", 3}};
    for (const auto& [attribute, size] : kVectors) {
      const char* text = e.Attribute(attribute);
      if (!text) continue;
      std::vector<double> numbers;
      for (const char* p = text; *p;) {
        char* end = nullptr;
        const double x = std::strtod(p, &end);
        if (end == p) break;
        numbers.push_back(x);
        p = end;
      }
      // xyaxes holds two vectors; the others one (axisangle's angle is not a direction).
      for (std::size_t first = 0; first + size <= numbers.size(); first += size) {
        double largest = 0;
        for (int k = 0; k < size; ++k) largest = std::max(largest, std::abs(numbers[first + k]));
        if (!std::isfinite(largest)) return;  // MuJoCo refuses it with its own message
        if (largest < 1e-10 || largest > 1e50)
          throw InputError(place(e, attribute) + where + ": " +
                           (largest == 0 ? std::string("is zero, which has no direction")
                                         : "its numbers must reach 1e-10 and stay within 1e50 in magnitude, or "
                                           "MuJoCo's compiler reads it as no rotation"));
        if (attribute != std::string_view("xyaxes")) break;
      }
    }
  }

  void element(const TiXmlElement& e, bool in_default, const std::string& source) {
    const std::string& name = e.ValueStr();
    ++elements_;
    check_orientations(e, where(source));
    if (name == "joint") {
      const char* type = e.Attribute("type");
      const std::string t = type ? type : "";
      if (in_default) {
        free_default_ = free_default_ || t == "free";
        ball_default_ = ball_default_ || t == "ball";
      } else if (t == "free") {
        fixed_dofs_ += 6;
      } else if (t == "ball") {
        fixed_dofs_ += 3;
      } else if (t.empty()) {
        dofs_ += 1;  // a default class may make it a ball or a free joint
      } else {
        fixed_dofs_ += 1;
      }
    } else if (name == "freejoint" && !in_default) {
      fixed_dofs_ += 6;
    } else if (name == "size") {
      for (const TiXmlAttribute* a = e.FirstAttribute(); a; a = a->Next()) {
        const std::string key = a->Name();
        const double x = count(e, a->Name());
        if (key.rfind("nuser_", 0) == 0) add(e, a->Name(), source, 8 * x, true);
        else if (key == "njmax") add(e, a->Name(), source, 8 * (x * x + 50 * x));
        else if (key == "nconmax") add(e, a->Name(), source, 1024 * x);
        else if (key == "nkey") add(e, a->Name(), source, 64 * x, true);
        else add(e, a->Name(), source, 8 * x);  // nstack, nuserdata, and any other count
      }
    } else if (name == "texture") {
      add(e, "width", source, 6 * 4 * count(e, "width") * std::max(1.0, count(e, "height")));
      if (!e.Attribute("width")) add(e, "height", source, 6 * 4 * count(e, "height"));
    } else if (name == "hfield") {
      add(e, "nrow", source, 16 * count(e, "nrow") * std::max(1.0, count(e, "ncol")));
      if (!e.Attribute("nrow")) add(e, "ncol", source, 16 * count(e, "ncol"));
    } else if (name == "numeric") {
      add(e, "size", source, 8 * count(e, "size"));
    } else if (name == "composite") {
      const double n = product(e, "count");
      elements_ += 8 * n;  // a body, its joints, geoms and sites for each
      fixed_dofs_ += 6 * n;
    } else if (name == "include" && e.Attribute("file")) {
      include(e.Attribute("file"), source);
    }
  }

  void include(const std::string& file, const std::string& source) {
    const std::filesystem::path path = std::filesystem::path(folder_) / file;
    if (++includes_ > kMaxIncludes)
      throw InputError(source + ": more than " + std::to_string(kMaxIncludes) + " <include> elements");
    if (!seen_.insert(path.lexically_normal().string()).second) return;  // MuJoCo refuses a repeated include
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return;  // MuJoCo names the missing file
    const bool was_included = included_;
    included_ = true;
    scan(read_input(path.string()), path.string());
    included_ = was_included;
  }

  std::string folder_;
  std::vector<Request> requests_;
  std::set<std::string> seen_;
  double elements_ = 0, dofs_ = 0, fixed_dofs_ = 0;
  bool free_default_ = false, ball_default_ = false, included_ = false;
  int includes_ = 0;
};

}  // namespace

std::size_t mjcf_memory_limit() { return size_from_environment("ARMDYN_MJCF_MAX_MEMORY", kDefaultLimit); }

void check_mjcf_request(const std::string& text, const std::string& path) {
  const std::size_t limit = mjcf_memory_limit();
  RequestScan scan(std::filesystem::path(path).parent_path().string());
  scan.scan(text, path);
  scan.check(path, limit);
}

}  // namespace armdyn
