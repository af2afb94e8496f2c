#include "armdyn/io/states.hpp"


#include "armdyn/core/error.hpp"
#include "armdyn/io/text_file.hpp"
#include "armdyn/core/text.hpp"
#include "json_util.hpp"

namespace armdyn {

namespace {

using nlohmann::json;

// A joint-space vector of a state: dof finite numbers.
VecX<double> state_vector(const JsonGetter& get, const json& state, const std::string& field, int dof) {
  const std::vector<double> x = get.numbers(state, field, dof);
  return Eigen::Map<const VecX<double>>(x.data(), dof);
}

// A state's q: nq numbers, each keeping the magnitude rule (JsonGetter::number) but a quaternion
// joint's four, which may have any finite size (only their ratios count: any non-zero length is
// read as the unit quaternion's).
VecX<double> configuration(const JsonGetter& get, const json& q, const std::string& field, int nq, const Model* model) {
  if (!q.is_array()) get.fail(field, "must be an array of numbers");
  if (static_cast<int>(q.size()) != nq)
    get.fail(field, "expected " + std::to_string(nq) + " values, got " + std::to_string(q.size()));
  std::vector<bool> quaternion(static_cast<std::size_t>(nq), false);
  if (model)
    for (const QuaternionJoint& j : model->quaternions)
      for (int k = 0; k < 4; ++k) quaternion[static_cast<std::size_t>(j.q + k)] = true;
  VecX<double> out(nq);
  for (int k = 0; k < nq; ++k) {
    const std::string at = field + "[" + std::to_string(k) + "]";
    out[k] = quaternion[static_cast<std::size_t>(k)] ? get.finite_number(q[static_cast<std::size_t>(k)], at)
                                                      : get.number(q[static_cast<std::size_t>(k)], at);
  }
  return out;
}

// The external wrenches of a state: {"<frame>": [fx, fy, fz, nx, ny, nz], ...}, each six finite
// numbers; `frames` (when given) holds the names a frame must be one of.
std::vector<StateWrench> state_wrenches(const JsonGetter& get, const json& f_ext, const std::string& at,
                                        const std::vector<std::string>* frames) {
  if (!f_ext.is_object())
    get.fail(at, "must be a JSON object of wrenches, {\"<frame>\": [fx, fy, fz, nx, ny, nz], ...}");
  std::vector<StateWrench> out;
  for (auto it = f_ext.begin(); it != f_ext.end(); ++it) {
    const std::string field = at + "." + printable(it.key());
    if (frames) {
      bool known = false;
      for (const std::string& name : *frames) known = known || name == it.key();
      if (!known) {
        std::string list;
        for (const std::string& name : *frames) list += (list.empty() ? "" : ", ") + printable(name);
        get.fail(field, "unknown frame (frames: " + list + ")");
      }
    }
    const std::vector<double> x = get.numbers(it.value(), field, 6);
    out.push_back(StateWrench{it.key(), Eigen::Map<const Vec6<double>>(x.data())});
  }
  return out;
}

// A prescribed base motion: {"v": [6 numbers], "a": [6 numbers]}, either omitted = zero.
BaseMotion<double> base_motion(const JsonGetter& get, const json& base, const std::string& at) {
  get.require_object(base, at);
  get.allow_keys(base, at, {"v", "a"});
  BaseMotion<double> out;
  if (base.contains("v")) out.v = Eigen::Map<const Vec6<double>>(get.numbers(base.at("v"), at + ".v", 6).data());
  if (base.contains("a")) out.a = Eigen::Map<const Vec6<double>>(get.numbers(base.at("a"), at + ".a", 6).data());
  return out;
}

StatesDocument parse(const std::string& text, const std::string& source, int nq, int dof,
                     const std::vector<std::string>* frames, const Model* model) {
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
    s.q = configuration(get, st.at("q"), at + ".q", nq, model);
    if (model) {  // a quaternion joint's four numbers must not all be zero
      for (const QuaternionJoint& j : model->quaternions)
        if ((s.q.segment<4>(j.q).array() == 0).all())
          get.fail(at + ".q[" + std::to_string(j.q) + "]", "a quaternion joint's four numbers (w, x, y, z) are all zero");
    }
    s.v = state_vector(get, st.at("v"), at + ".v", dof);
    if (st.contains("a")) s.a = state_vector(get, st.at("a"), at + ".a", dof);
    if (st.contains("tau")) s.tau = state_vector(get, st.at("tau"), at + ".tau", dof);
    if (st.contains("f_ext")) s.f_ext = state_wrenches(get, st.at("f_ext"), at + ".f_ext", frames);
    if (st.contains("base")) s.base = base_motion(get, st.at("base"), at + ".base");
    out.states.push_back(std::move(s));
  }
  return out;
}

}  // namespace

StatesDocument parse_states(const std::string& text, const std::string& source, int dof) {
  return parse(text, source, dof, dof, nullptr, nullptr);
}

StatesDocument parse_states(const std::string& text, const std::string& source, const Model& model) {
  std::vector<std::string> frames;
  frames.reserve(model.frames.size());
  for (const Frame<double>& f : model.frames) frames.push_back(f.name);
  return parse(text, source, model.nq(), model.dof, &frames, &model);
}

namespace {

// The text of the STATES file at `path` (standard input for "-") and its name in errors.
std::string read_states_text(const std::string& path, std::string& source) {
  source = path == "-" ? "<stdin>" : path;
  return read_text(path, InputFormat::kJson);
}

}  // namespace

StatesDocument read_states(const std::string& path, int dof) {
  std::string source;
  const std::string text = read_states_text(path, source);
  return parse_states(text, source, dof);
}

StatesDocument read_states(const std::string& path, const Model& model) {
  std::string source;
  const std::string text = read_states_text(path, source);
  return parse_states(text, source, model);
}

}  // namespace armdyn
