#pragma once
// Errors armdyn reports. Bad input (a model file, a state) is an InputError whose message names
// the source (file), the place (link, joint, line, index) and the field; the CLI maps it to exit 2.
#include <stdexcept>
#include <string>

namespace armdyn {

/// Bad input from the user: a malformed or non-physical model, a wrong-sized state, ...
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A model that cannot be built. what() reads "<source>: <place>: <field>: <message>", with the
/// empty parts left out, e.g. "ur5.urdf: link 'forearm_link': inertial/ixx: must be finite".
class ModelError : public InputError {
 public:
  ModelError(std::string source, std::string place, std::string field, std::string message)
      : InputError(compose(source, place, field, message)),
        source_(std::move(source)), place_(std::move(place)), field_(std::move(field)) {}
  const std::string& source() const { return source_; }
  const std::string& place() const { return place_; }
  const std::string& field() const { return field_; }

 private:
  static std::string compose(const std::string& s, const std::string& p, const std::string& f,
                             const std::string& m) {
    std::string out;
    for (const std::string* part : {&s, &p, &f}) {
      if (!part->empty()) out += *part + ": ";
    }
    return out + m;
  }
  std::string source_, place_, field_;
};

}  // namespace armdyn
