#pragma once
// A JSON document of a design study (model, task, segments, actuators) in which numbers may be
// parameter placeholders {"param": "R", "times": 0.75}; each candidate gets a copy with the
// parameters' values in their place. Private to the io layer.
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "armdyn/design/study.hpp"
#include "json_util.hpp"

namespace armdyn {

class DocumentTemplate {
 public:
  DocumentTemplate() = default;
  /// `doc` read from `source`; every placeholder's parameter must be in `names`. InputError
  /// "<source>: <field>: ..." for a malformed placeholder or an unknown parameter.
  DocumentTemplate(nlohmann::json doc, std::string source, const std::set<std::string>& names);

  bool empty() const { return doc_.is_null(); }
  const std::string& source() const { return source_; }
  /// The document's text with every placeholder replaced by its parameter's value times its
  /// factor (17 significant digits: the value reads back exactly).
  std::string text(const design::ParameterValues& values) const;

 private:
  struct Placeholder {
    nlohmann::json::json_pointer where;
    std::string field, parameter;
    double times = 1;
  };
  void collect(const JsonGetter& get, const nlohmann::json& j, const nlohmann::json::json_pointer& where,
               const std::string& field, const std::set<std::string>& names, int depth);

  nlohmann::json doc_;
  std::string source_;
  std::vector<Placeholder> holes_;
};

}  // namespace armdyn
