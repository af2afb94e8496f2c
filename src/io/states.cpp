#include "armdyn/io/states.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "json_util.hpp"

namespace armdyn {

namespace {

using nlohmann::json;

// A joint-space vector of a state: dof finite numbers.
VecX<double> state_vector(const JsonGetter& get, const json& state, const std::string& field, int dof) {
  const std::vector<double> x = get.numbers(state, field, dof);
  return Eigen::Map<const VecX<double>>(x.data(), dof);
}

std::string read_stream(std::istream& in, const std::string& source) {
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(source + ": cannot read (read error)");
  return text.str();
}

}  // namespace

StatesDocument parse_states(const std::string& text, const std::string& source, int dof) {
  const json doc = parse_json(text, source, true);
  const JsonGetter get(source);
  get.require_object(doc, "");
  StatesDocument out;
  if (doc.contains("gravity")) out.gravity = get.vec3(doc.at("gravity"), "gravity");
  if (!doc.contains("states")) get.fail("states", "missing (expected an array of states)");
  const json& states = doc.at("states");
  if (!states.is_array()) get.fail("states", "must be an array of states");
  out.states.reserve(states.size());
  for (std::size_t k = 0; k < states.size(); ++k) {
    const std::string at = "states[" + std::to_string(k) + "]";
    const json& st = states[k];
    get.require_object(st, at);
    JointState s;
    for (const char* key : {"q", "v"})  // a missing (e.g. misspelt) q or v is an error, never zeros
      if (!st.contains(key)) get.fail(at + "." + key, "missing (every state needs q and v)");
    s.q = state_vector(get, st.at("q"), at + ".q", dof);
    s.v = state_vector(get, st.at("v"), at + ".v", dof);
    if (st.contains("a")) s.a = state_vector(get, st.at("a"), at + ".a", dof);
    if (st.contains("tau")) s.tau = state_vector(get, st.at("tau"), at + ".tau", dof);
    out.states.push_back(std::move(s));
  }
  return out;
}

StatesDocument read_states(const std::string& path, int dof) {
  if (path == "-") {
    const std::string source = "<stdin>";
    return parse_states(read_stream(std::cin, source), source, dof);
  }
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw InputError(path + ": cannot read file (no such file)");
  if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": cannot read file (it is a directory)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot read file (" + std::strerror(errno) + ")");
  return parse_states(read_stream(in, path), path, dof);
}

}  // namespace armdyn
