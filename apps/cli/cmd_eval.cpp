// `armdyn eval MODEL STATES [--frame NAME] [--method NAME] [--with ...] [--max-memory BYTES]`: tau,
// M, c, g, qdd and a frame's pose for every state of a JSON file (or stdin), as one JSON document on
// stdout (the contract is in docs/cli.md). On any error: nothing on stdout, one line on stderr, exit
// status 2 (bad input, including a request over --max-memory) or 1 (internal error, including a
// non-finite result).
#include <cstdio>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/io/mjcf.hpp"
#include "armdyn/model/gravity_axes.hpp"
#include "armdyn/io/states.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "cli.hpp"
#include "json_eigen.hpp"
#include "drives_option.hpp"
#include "eval_cartesian.hpp"
#include "eval_elastic.hpp"
#include "eval_derivatives.hpp"
#include "eval_reactions.hpp"
#include "json_writer.hpp"
#include "methods.hpp"
#include "payload_option.hpp"
#include "segments_option.hpp"

namespace armdyn::cli {
namespace {

struct EvalOptions {
  std::string model, states, frame, method = "rnea", method_fd = "crba", max_memory = "4G";
  std::string payload, payload_frame;
  std::vector<std::string> with;  ///< extra quantities: "coriolis", "energy", "cartesian", "reactions", "elastic", "derivatives"
  std::string actuators;  ///< --actuators: tau, M, qdd with the drives' terms (unless --rigid)
  bool rigid = false;
  std::string segments;  ///< --segments: the model with mass_from_section applied; --with elastic
};

bool wants(const EvalOptions& opts, const std::string& what) {
  for (const std::string& w : opts.with)
    if (w == what) return true;
  return false;
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

// The memory a run needs, estimated before anything large is allocated: the Data and the
// forward-dynamics workspace (per joint at most 2 KiB; M, L and Walker-Orin's A: n x n each), the
// formulation's workspace, the terms workspace of --with, and the JSON text, which is built in
// memory so that an error leaves stdout empty (at most 26 characters a number, twice while the
// string grows). Refuses with the estimate and the option to raise when over --max-memory.
void check_memory(const Model& model, const EvalOptions& opts, std::size_t states) {
  const std::size_t limit = parse_bytes(opts.max_memory, "--max-memory");
  const int n = model.dof;
  const double nd = n;
  const bool coriolis = wants(opts, "coriolis"), energy = wants(opts, "energy");
  const double base = 2048.0 * nd + 128.0 * static_cast<double>(model.frames.size()) + 3.0 * 8.0 * nd * nd;
  const double method = static_cast<double>(tau_method_bytes(opts.method, n));
  const double with = coriolis ? static_cast<double>(terms::workspace_bytes(n, terms::Storage::kCubic))
                      : energy ? static_cast<double>(terms::workspace_bytes(n, terms::Storage::kQuadratic))
                               : 0.0;
  const double numbers = nd * nd * (coriolis ? 2 : 1) + (wants(opts, "reactions") ? 11 : 5) * nd + 18 +
                         (wants(opts, "cartesian") ? cartesian_output_numbers(n) : 0) +
                         (wants(opts, "elastic") ? 6 + 2 * nd : 0) +
                         (wants(opts, "derivatives") ? EvalDerivatives::output_numbers(n) : 0);
  const double output = static_cast<double>(states) * 2 * 26 * numbers + 2 * 8 * numbers;
  const double derivatives = wants(opts, "derivatives") ? EvalDerivatives::workspace_bytes(n) : 0.0;
  const double total = base + method + with + derivatives + output;
  if (total <= static_cast<double>(limit)) return;
  std::string parts = "M, qdd and their workspace " + format_bytes(base);
  if (method > 0) parts += ", --method " + opts.method + " " + format_bytes(method);
  if (with > 0) parts += std::string(", --with ") + (coriolis ? "coriolis " : "energy ") + format_bytes(with);
  if (derivatives > 0) parts += ", --with derivatives " + format_bytes(derivatives);
  parts += ", the JSON output of " + std::to_string(states) + (states == 1 ? " state " : " states ") +
           format_bytes(output);
  const double gib = 1024.0 * 1024.0 * 1024.0;
  throw InputError("--max-memory: evaluating '" + model.name + "' (" + std::to_string(n) + " joints) needs an estimated " +
                   format_bytes(total) + " (" + parts + "), more than the limit of " +
                   format_bytes(static_cast<double>(limit)) + "; raise it, e.g. --max-memory " +
                   std::to_string(static_cast<long long>(std::ceil(total / gib))) + "G");
}

int run_eval(const EvalOptions& opts) {
  Model model = with_payload_option(with_segments_option(load_any_model(opts.model), opts.segments), opts.payload,
                                    opts.payload_frame);
  check_tau_method(opts.method);
  const int frame = frame_of(model, opts.frame);
  const FdMethod fd_method = fd_method_from_name(opts.method_fd);
  for (const std::string& w : opts.with)
    if (w != "coriolis" && w != "energy" && w != "cartesian" && w != "reactions" && w != "elastic" &&
        w != "derivatives")
      throw InputError("--with: unknown quantity '" + w +
                       "' (known: coriolis, energy, cartesian, reactions, elastic, derivatives)");
  if (wants(opts, "elastic") && opts.segments.empty())
    throw InputError("--with elastic needs --segments FILE (the links' sections and materials the deflection comes from)");
  parse_bytes(opts.max_memory, "--max-memory");  // a bad value is refused before STATES is read
  const StatesDocument input = read_states(opts.states, model);  // f_ext names the model's frames
  const std::string source = opts.states == "-" ? "<stdin>" : opts.states;
  if (input.gravity) {
    model = model.with_gravity(*input.gravity);
    // e.g. Craig's planar arms with gravity along their joint axes: G(q) = 0 for every q.
    if (const std::string w = gravity_warning(model); !w.empty()) std::fprintf(stderr, "armdyn: warning: %s\n", w.c_str());
  }
  check_memory(model, opts, input.states.size());
  const drives::DriveSet loaded_drives = load_cli_drives(opts.actuators, model, opts.model);
  const drives::DriveSet& drive_set = opts.rigid ? drives::DriveSet() : loaded_drives;
  VecX<double> drive_tau;
  MatX<double> drive_M;

  // One Data for the run; the formulation's own workspace (unless rnea or rnea-lean); the terms
  // workspace only for --with, O(n^3) only for the Coriolis matrix.
  Data data(model);
  FdWorkspace<double> fd_ws(model);
  TauMethod method_tau(opts.method, model, data);  // bound to the final model
  const bool coriolis = wants(opts, "coriolis"), energy = wants(opts, "energy");
  std::optional<terms::Workspace<double>> terms_ws;
  if (coriolis || energy) terms_ws.emplace(model, coriolis ? terms::Storage::kCubic : terms::Storage::kQuadratic);
  std::optional<CartesianWorkspace<double>> cartesian_ws;
  if (wants(opts, "cartesian")) cartesian_ws.emplace(model);
  EvalLoads loads(model, data);  // f_ext and --with reactions
  std::optional<EvalElastic> elastic;  // --with elastic: on the final model (gravity of STATES)
  if (wants(opts, "elastic")) elastic.emplace(model, load_cli_segments(opts.segments, model));
  std::optional<EvalDerivatives> derivatives;
  if (wants(opts, "derivatives")) {
    EvalDerivatives::check_run(!drive_set.empty());
    derivatives.emplace(model);
  }

  // A prescribed base motion ([VP] (2.3.48)) changes tau, c and qdd; what is not yet written for it
  // is refused before any output.
  for (std::size_t k = 0; k < input.states.size(); ++k) {
    if (!input.states[k].base) continue;
    const std::string at = source + ": states[" + std::to_string(k) + "].base: ";
    if (opts.method != "rnea") throw InputError(at + "a moving base is evaluated by --method rnea only");
    for (const char* what : {"reactions", "elastic", "derivatives"})
      if (wants(opts, what))
        throw InputError(at + "a moving base is not combined with --with " + std::string(what) + " yet");
  }

  JsonWriter w;
  w.begin_object(true);
  w.key("model").value(model.name);
  w.key("dof").value(model.dof);
  if (model.has_quaternions()) w.key("nq").value(model.nq());  // q's size: a quaternion joint has four
  w.key("joints").begin_array();
  for (const std::string& name : model.joint_names) w.value(name);
  w.end_array();
  w.key("frame").value(model.frames[frame].name);
  w.key("results").begin_array(true);
  Loads<double> base;  // a state's base motion (its wrenches: loads.joint_torques(), for every formulation)
  for (std::size_t k = 0; k < input.states.size(); ++k) {
    const JointState& s = input.states[k];
    w.begin_object(true);
    loads.set_state(s);
    base.base = s.base;
    if (s.a) {  // tau needs a; with f_ext: tau - sum J^T f; with drives: plus their terms
      const VecX<double> free_tau = s.base ? rnea(model, data, s.q, s.v, *s.a, &base) : method_tau(s.q, s.v, *s.a);
      const VecX<double> rigid_tau = loads.active() ? VecX<double>(free_tau - loads.joint_torques()) : free_tau;
      const VecX<double>& tau = with_drive_torque(drive_set, rigid_tau, s.v, *s.a, drive_tau);
      check_finite(tau, source, k, "tau");
      write_vector(w.key("tau"), tau);
    }
    const MatX<double>& M = with_reflected_inertia(drive_set, crba(model, data, s.q), drive_M);
    check_finite(M, source, k, "M");
    write_matrix(w.key("M"), M);
    const VecX<double>& c = nonlinear_effects(model, data, s.q, s.v, &base);
    check_finite(c, source, k, "c");
    write_vector(w.key("c"), c);
    const VecX<double>& g = gravity_torque(model, data, s.q);
    check_finite(g, source, k, "g");
    write_vector(w.key("g"), g);
    if (s.tau) {  // qdd needs tau
      const VecX<double> applied = loads.active() ? VecX<double>(*s.tau + loads.joint_torques()) : *s.tau;
      const VecX<double>& qdd =
          !drive_set.empty() ? drives::drive_forward_dynamics(model, drive_set, data, s.q, s.v, applied,
                                                              drives::Sign::kSmooth, &base)
          : s.base           ? forward_dynamics(model, data, s.q, s.v, applied, &base)
                             : forward_dynamics(fd_method, model, data, fd_ws, s.q, s.v, applied);
      check_finite(qdd, source, k, "qdd");
      write_vector(w.key("qdd"), qdd);
    }
    forward_kinematics(model, data, s.q);
    const Mat4<double> pose = data.oMf[frame].matrix();
    check_finite(pose, source, k, "pose");
    write_matrix(w.key("pose"), pose);
    if (coriolis) {
      const MatX<double>& C = terms::coriolis_matrix(model, *terms_ws, s.q, s.v);
      check_finite(C, source, k, "C");
      write_matrix(w.key("C"), C);
    }
    if (energy) {
      const double kinetic = terms::kinetic_energy(model, *terms_ws, s.q, s.v);
      const double potential = terms::potential_energy(model, *terms_ws, s.q);
      check_finite(Vec3<double>(kinetic, potential, 0), source, k, "energy");
      w.key("kinetic").value(kinetic);
      w.key("potential").value(potential);
    }
    if (cartesian_ws) write_cartesian(w, model, data, *cartesian_ws, frame, s.q, s.v, source, k);
    if (s.a && wants(opts, "reactions")) loads.write_reactions(w, s, source, k);
    if (s.a && elastic) elastic->write(w, data, s, loads.fext(), source, k);
    if (derivatives) derivatives->write(w, model, data, s, source, k);
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
  sub->add_option("MODEL", opts->model, "built-in model name or a .urdf / MJCF .xml / .json model file")->required();
  sub->add_option("STATES", opts->states,
                  "JSON file, or - for standard input: {\"gravity\": [gx, gy, gz] (optional), \"states\": "
                  "[{\"q\", \"v\", \"a\", \"tau\"}, ...]}; a and tau are optional: without a no \"tau\" is "
                  "reported, without tau no \"qdd\"")
      ->required();
  sub->add_option("--frame", opts->frame, "frame whose pose is reported (default: the last moving body's frame)");
  sub->add_option("--method", opts->method, "formulation computing tau (known: " + tau_method_names() + ")")
      ->capture_default_str();
  sub->add_option("--method-fd", opts->method_fd, "forward-dynamics route computing qdd (aba, crba, walker-orin)")
      ->capture_default_str();
  sub->add_option("--with", opts->with,
                  "extra quantities per state: coriolis (the Coriolis matrix \"C\", n x n, C v = c - g; O(n^3) "
                  "memory), energy (\"kinetic\" and \"potential\" = -sum m_i g.c_i; O(n^2) memory), cartesian (the "
                  "--frame's \"J\", 6 x n, base axes, and \"Jdot_v\"; with J of full row rank the operational-"
                  "space \"Lambda\", \"mu\", \"p\", else \"singular\": true; docs/cartesian.md), reactions "
                  "(\"reactions\": per joint the wrench [fx, fy, fz, nx, ny, nz] on its link, in the link's "
                  "frame; needs a), elastic (with --segments: the quasi-static elastic \"deflection\" [ux, uy, uz] "
                  "(m) and \"tilt\" (rad) of the arm's tip, base axes, and \"stress\": per link [sigma_max, "
                  "tau_max] (Pa) or null without a segment; needs a; docs/segments.md), "
                  "derivatives (of the rigid-body dynamics, each n x n, rows the outputs: "
                  "\"dtau_dq\", \"dtau_dv\" (needs a; d tau / d a is \"M\") and \"dqdd_dq\", \"dqdd_dv\", "
                  "\"dqdd_dtau\" (needs tau); not with f_ext or --actuators; docs/derivatives.md)")
      ->delimiter(',');
  sub->add_option("--payload", opts->payload,
                  "a payload held at --payload-frame: MASS[,cx,cy,cz[,Ixx,Iyy,Izz[,Ixy,Ixz,Iyz]]] in the frame's "
                  "axes (inertia about the centre of mass) or a JSON object (docs/loads.md)");
  sub->add_option("--payload-frame", opts->payload_frame, "frame holding --payload (default: the last moving body's frame)");
  sub->add_option("--max-memory", opts->max_memory,
                  "refuse (exit 2, before allocating) a request whose estimated memory exceeds BYTES; suffixes "
                  "K, M, G, T are powers of 1024")
      ->type_name("BYTES")
      ->capture_default_str();
  add_actuators_option(sub, opts->actuators);
  sub->add_flag("--rigid", opts->rigid, "the rigid-body tau, M and qdd without the --actuators terms");
  add_segments_option(sub, opts->segments);
  sub->footer("Memory of --method for n joints: " + tau_method_memory_orders() +
              ". Besides: O(n^2) for M and the forward dynamics, and the JSON output, O(n^2) per state, is built "
              "in memory before it is written.");
  return Command{sub, [opts] { return run_eval(*opts); }};
}

}  // namespace armdyn::cli
