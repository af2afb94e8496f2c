// `armdyn eval MODEL STATES.json [--frame NAME] [--method NAME]`: tau, M, c, g, qdd and a frame's
// pose for every state of a JSON file, as one JSON document on stdout (the contract is in
// docs/cli.md). On any error: nothing on stdout, one line on stderr, exit status 2 (bad input) or
// 1 (internal error, including a non-finite result).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/io/json_util.hpp"
#include "armdyn/io/load.hpp"
#include "cli.hpp"
#include "json_writer.hpp"
#include "methods.hpp"
#include "armdyn/dynamics/fd_method.hpp"

namespace armdyn::cli {
namespace {

using nlohmann::json;

struct EvalOptions {
  std::string model, states, frame, method = "rnea", method_fd = "crba";
  std::vector<std::string> with;  ///< extra quantities: "coriolis", "energy"
};

bool wants(const EvalOptions& opts, const std::string& what) {
  for (const std::string& w : opts.with)
    if (w == what) return true;
  return false;
}

struct State {
  VecX<double> q, v, a, tau;
};

struct StatesFile {
  std::optional<Vec3<double>> gravity;
  std::vector<State> states;
};

// A required joint-space vector of a state: a missing (e.g. misspelt) key is an error, never zeros.
VecX<double> state_vector(const JsonGetter& get, const json& state, const std::string& at, const char* key, int n) {
  const std::string field = at + "." + key;
  if (!state.contains(key)) get.fail(field, "missing (every state needs q, v, a and tau)");
  const std::vector<double> x = get.numbers(state.at(key), field, n);
  return Eigen::Map<const VecX<double>>(x.data(), n);
}

// Reads the STATES file; unknown keys (e.g. "expected" in tests/data/reference) are ignored.
StatesFile read_states(const std::string& path, int dof) {
  const json doc = parse_json(read_text_file(path), path);
  const JsonGetter get(path);
  get.require_object(doc, "");
  StatesFile out;
  if (doc.contains("gravity")) out.gravity = get.vec3(doc.at("gravity"), "gravity");
  if (!doc.contains("states")) get.fail("states", "missing (expected an array of states)");
  const json& states = doc.at("states");
  if (!states.is_array()) get.fail("states", "must be an array of states");
  for (std::size_t k = 0; k < states.size(); ++k) {
    const std::string at = "states[" + std::to_string(k) + "]";
    const json& st = states[k];
    get.require_object(st, at);
    State s;
    s.q = state_vector(get, st, at, "q", dof);
    s.v = state_vector(get, st, at, "v", dof);
    s.a = state_vector(get, st, at, "a", dof);
    s.tau = state_vector(get, st, at, "tau", dof);
    out.states.push_back(std::move(s));
  }
  return out;
}

int frame_of(const Model& model, const std::string& requested) {
  const std::string name = requested.empty() ? model.body_names.back() : requested;
  const int index = model.frame_index(name);
  if (index < 0) {
    std::vector<std::string> names;
    for (const Frame<double>& f : model.frames) names.push_back(f.name);
    throw InputError("--frame: unknown frame '" + name + "' in model '" + model.name + "' (frames: " + join(names) +
                     ")");
  }
  return index;
}

// Refuses a non-finite result, naming the state and the quantity.
template <class Matrix>
void check_finite(const Matrix& x, const std::string& source, std::size_t state, const char* quantity) {
  if (!x.allFinite())
    throw InternalError(source + ": states[" + std::to_string(state) + "]: the computed " + quantity +
                        " is not finite");
}

void write_vector(JsonWriter& w, const VecX<double>& x) { w.numbers(x.data(), static_cast<std::size_t>(x.size())); }

// Row-major, one array per row.
template <class Matrix>
void write_matrix(JsonWriter& w, const Matrix& m) {
  w.begin_array();
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    const VecX<double> row = m.row(r).transpose();
    write_vector(w, row);
  }
  w.end_array();
}

int run_eval(const EvalOptions& opts) {
  Model model = load_model(opts.model);
  check_tau_method(opts.method);
  const int frame = frame_of(model, opts.frame);
  StatesFile input;
  try {
    input = read_states(opts.states, model.dof);
  } catch (const json::exception& e) {  // e.g. "number overflow parsing '1e999'": still bad input
    std::string what = e.what();
    const std::size_t tag = what.find("] ");
    if (what.rfind("[json.exception", 0) == 0 && tag != std::string::npos) what.erase(0, tag + 2);
    throw InputError(opts.states + ": " + what + " (numbers must be finite doubles)");
  }
  if (input.gravity) model = model.with_gravity(*input.gravity);
  const TauFunction method_tau = make_tau_method(opts.method, model);  // bound to the final model
  const FdMethod fd_method = fd_method_from_name(opts.method_fd);
  for (const std::string& w : opts.with)
    if (w != "coriolis" && w != "energy")
      throw InputError("--with: unknown quantity '" + w + "' (known: coriolis, energy)");
  Data data(model);
  FdWorkspace<double> fd_ws(model);
  terms::Workspace<double> terms_ws(model);

  JsonWriter w;
  w.begin_object(true);
  w.key("model").value(model.name);
  w.key("dof").value(model.dof);
  w.key("joints").begin_array();
  for (const std::string& name : model.joint_names) w.value(name);
  w.end_array();
  w.key("frame").value(model.frames[frame].name);
  w.key("results").begin_array(true);
  for (std::size_t k = 0; k < input.states.size(); ++k) {
    const State& s = input.states[k];
    const VecX<double> tau = method_tau(s.q, s.v, s.a);
    check_finite(tau, opts.states, k, "tau");
    const MatX<double> M = crba(model, data, s.q);
    check_finite(M, opts.states, k, "M");
    const VecX<double> c = nonlinear_effects(model, data, s.q, s.v);
    check_finite(c, opts.states, k, "c");
    const VecX<double> g = gravity_torque(model, data, s.q);
    check_finite(g, opts.states, k, "g");
    const VecX<double> qdd = forward_dynamics(fd_method, model, data, fd_ws, s.q, s.v, s.tau);
    check_finite(qdd, opts.states, k, "qdd");
    forward_kinematics(model, data, s.q);
    const Mat4<double> pose = data.oMf[frame].matrix();
    check_finite(pose, opts.states, k, "pose");

    w.begin_object(true);
    write_vector(w.key("tau"), tau);
    write_matrix(w.key("M"), M);
    write_vector(w.key("c"), c);
    write_vector(w.key("g"), g);
    write_vector(w.key("qdd"), qdd);
    write_matrix(w.key("pose"), pose);
    if (wants(opts, "coriolis")) {
      const MatX<double> C = terms::coriolis_matrix(model, terms_ws, s.q, s.v);
      check_finite(C, opts.states, k, "C");
      write_matrix(w.key("C"), C);
    }
    if (wants(opts, "energy")) {
      const double kinetic = terms::kinetic_energy(model, terms_ws, s.q, s.v);
      const double potential = terms::potential_energy(model, terms_ws, s.q);
      check_finite(Vec3<double>(kinetic, potential, 0), opts.states, k, "energy");
      w.key("kinetic").value(kinetic);
      w.key("potential").value(potential);
    }
    w.end_object();
  }
  w.end_array();
  w.end_object();
  write_stdout(w.str());
  return kExitOk;
}

}  // namespace

Command add_eval_command(CLI::App& app) {
  auto opts = std::make_shared<EvalOptions>();
  CLI::App* sub = app.add_subcommand(
      "eval",
      "Evaluate tau (inverse dynamics), M, c, g, qdd (forward dynamics) and a frame's pose for every "
      "state of a JSON file; prints one JSON document");
  sub->add_option("MODEL", opts->model, "built-in model name or a .urdf / .json model file")->required();
  sub->add_option("STATES", opts->states,
                  "JSON file {\"gravity\": [gx, gy, gz] (optional), \"states\": [{\"q\", \"v\", \"a\", \"tau\"}, ...]}")
      ->required();
  sub->add_option("--frame", opts->frame, "frame whose pose is reported (default: the last moving body's frame)");
  sub->add_option("--method", opts->method, "formulation computing tau (known: " + tau_method_names() + ")")
      ->capture_default_str();
  sub->add_option("--method-fd", opts->method_fd, "forward-dynamics route computing qdd (aba, crba, walker-orin)")
      ->capture_default_str();
  sub->add_option("--with", opts->with,
                  "extra quantities per state: coriolis (the Coriolis matrix \"C\", n x n, C v = c - g), energy "
                  "(\"kinetic\" and \"potential\" = -sum m_i g.c_i)")
      ->delimiter(',');
  return Command{sub, [opts] { return run_eval(*opts); }};
}

}  // namespace armdyn::cli
