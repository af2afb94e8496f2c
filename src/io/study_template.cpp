// Parameter placeholders in a study's documents; see study_template.hpp.
#include "study_template.hpp"

#include <cmath>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"

namespace armdyn {

using nlohmann::json;

namespace {

constexpr int kMaxDepth = 64;  // deeper documents are refused rather than walked

std::string join_field(const std::string& field, const std::string& key) { return field.empty() ? key : field + "." + key; }

}  // namespace

DocumentTemplate::DocumentTemplate(json doc, std::string source, const std::set<std::string>& names)
    : doc_(std::move(doc)), source_(std::move(source)) {
  collect(JsonGetter(source_), doc_, json::json_pointer(), "", names, 0);
}

void DocumentTemplate::collect(const JsonGetter& get, const json& j, const json::json_pointer& where,
                               const std::string& field, const std::set<std::string>& names, int depth) {
  if (depth > kMaxDepth) get.fail(field, "nested more than " + std::to_string(kMaxDepth) + " levels deep");
  if (j.is_object() && j.contains("param")) {
    get.allow_keys(j, field, {"param", "times"});
    const std::string name = get.string(j.at("param"), join_field(field, "param"));
    if (!names.count(name)) {
      std::string known;
      for (const std::string& n : names) known += (known.empty() ? "" : ", ") + n;
      get.fail(join_field(field, "param"), "no parameter named '" + printable(name.substr(0, 40)) + "' (parameters: " +
                                               (known.empty() ? "none" : known) + ")");
    }
    const double times = j.contains("times") ? get.number(j.at("times"), join_field(field, "times")) : 1.0;
    holes_.push_back({where, field, name, times});
    return;
  }
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it)
      collect(get, it.value(), where / it.key(), join_field(field, printable(it.key().substr(0, 80))), names, depth + 1);
  } else if (j.is_array()) {
    for (std::size_t k = 0; k < j.size(); ++k)
      collect(get, j[k], where / k, field + "[" + std::to_string(k) + "]", names, depth + 1);
  }
}

std::string DocumentTemplate::text(const design::ParameterValues& values) const {
  json doc = doc_;
  for (const Placeholder& h : holes_) {
    const double x = values.at(h.parameter) * h.times;
    if (!std::isfinite(x)) throw InputError(source_ + ": " + h.field + ": parameter '" + h.parameter + "' times " +
                                            std::to_string(h.times) + " is not finite");
    doc[h.where] = x;
  }
  return doc.dump();
}

}  // namespace armdyn
