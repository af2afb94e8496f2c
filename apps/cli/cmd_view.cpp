// `armdyn view MODEL [--q LIST|POSE] [--trajectory FILE.csv] [--task TASK.json] [--frame NAME]
// [--out FILE.html] [--png FILE.png] [--gif FILE.gif]`: the arm in 3-D (docs/view.md). The scene
// (io/view_scene.hpp: every placement from armdyn's forward kinematics) goes into one
// self-contained HTML page (three.js embedded, no network), and/or is drawn off-screen by
// render_view.py (matplotlib) as a PNG of one instant or a GIF of the motion. Every output goes
// through OutputFile (never half written); bad input: one line on stderr, exit 2, nothing written.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/io/mjcf.hpp"
#include "armdyn/io/task_json.hpp"
#include "armdyn/io/view_scene.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/tasks/motion.hpp"
#include "cli.hpp"
#include "number_lists.hpp"
#include "output_file.hpp"
#include "sign_checks.hpp"
#include "plot.hpp"
#include "task_setup.hpp"

namespace armdyn::cli {
namespace {

struct ViewOptions {
  std::string model, q, trajectory, task, frame, out, png, gif;
  double t = -1;  ///< --t: the instant the PNG shows (default: the motion's start)
  std::size_t max_samples = view::kDefaultViewSamples;  ///< --max-samples: of a longer motion, this many shown
};

int frame_named(const Model& model, const std::string& name, const std::string& where) {
  const int index = model.frame_index(name);
  if (index >= 0) return index;
  std::vector<std::string> names;
  for (const auto& f : model.frames) names.push_back(f.name);
  if (names.size() > 12) names.resize(12), names.push_back("...");
  throw InputError(where + ": no frame named '" + name + "' in model '" + model.name + "' (frames: " + join(names) + ")");
}

// The prescribed path of the task's frame ([VP] §3.2-3.4, tasks/motion.hpp), 400 instants over its
// duration, from the task's start pose (forward kinematics at its initial q).
std::vector<Vec3<double>> prescribed_path(const Model& model, int frame, const tasks::Task& task) {
  const VecX<double> q0 = task_initial_q(model, frame, task);
  Data data(model);
  forward_kinematics(model, data, q0);
  const Transform<double>& X0 = data.oMf[static_cast<std::size_t>(frame)];
  tasks::TaskMotion motion(task, X0.p, X0.R, q0, model.joint_names);
  std::vector<Vec3<double>> out;
  tasks::TaskReference ref;
  constexpr int kPoints = 400;
  for (int k = 0; k <= kPoints; ++k) {
    motion.sample(motion.duration() * k / kPoints, ref);
    out.push_back(ref.p);
  }
  return out;
}

// Draws the scene (a JSON file) into `image` with render_view.py: one instant, or the motion.
void render(const std::string& scene_path, OutputFile& image, const Model& model, const std::string& extra,
            const std::string& option) {
  plot_simulation(scene_path, image, "armdyn view " + model.name, model.joint_names, "render_view.py", {extra}, option);
}

int run_view(const ViewOptions& o) {
  if (o.out.empty() && o.png.empty() && o.gif.empty())
    throw InputError("view: nothing to write: give --out FILE.html, --png FILE.png or --gif FILE.gif");
  // The destinations, checked before any work.
  std::unique_ptr<OutputFile> html, png, gif;
  if (!o.out.empty()) html = std::make_unique<OutputFile>(o.out, "--out");
  if (!o.png.empty()) png = std::make_unique<OutputFile>(o.png, "--png");
  if (!o.gif.empty()) gif = std::make_unique<OutputFile>(o.gif, "--gif");
  if (png || gif) plot_script_path("render_view.py");
  if (!o.q.empty() && !o.trajectory.empty()) throw InputError("--q: give either --q or --trajectory, not both");
  if (!o.task.empty() && o.trajectory.empty())
    throw InputError("--task: needs --trajectory (the motion that `armdyn task` wrote for it)");
  if (gif && o.trajectory.empty()) throw InputError("--gif: needs --trajectory (a motion to animate)");

  const Model model = load_any_model(o.model);
  require_angle_coordinates(model, "armdyn view");
  view::SceneInput input;
  input.title = "armdyn view " + model.name;
  const std::string ext = std::filesystem::path(o.model).extension().string();
  if ((ext == ".urdf" || ext == ".xml") && !is_mjcf_file(o.model)) input.visuals = view::read_urdf_visuals(o.model, model);
  if (!o.trajectory.empty()) {
    input.motion = view::read_view_motion(o.trajectory, model);
  } else {
    input.motion.t = {0.0};
    input.motion.q = {o.q.empty() ? VecX<double>::Zero(model.dof) : joint_vector(o.q, o.model, model.dof, "--q")};
  }
  if (!o.task.empty()) {
    const tasks::Task task = read_task(o.task, model.dof);
    input.path_frame = frame_named(model, task.frame, task.source + ": frame");
    if (!o.frame.empty() && o.frame != task.frame)
      throw InputError("--frame: the task's frame is '" + task.frame + "', not '" + o.frame + "'");
    input.prescribed = prescribed_path(model, input.path_frame, task);
  } else if (!o.frame.empty()) {
    input.path_frame = frame_named(model, o.frame, "--frame");
  } else if (!o.trajectory.empty() && !model.frames.empty()) {
    input.path_frame = static_cast<int>(model.frames.size()) - 1;  // the last frame: a tool's, as a rule
  }
  input.max_samples = o.max_samples;
  const std::string scene = view::scene_json(model, input);

  std::vector<OutputFile*> outputs;
  if (html) {
    html->write(view::view_page(scene));
    outputs.push_back(html.get());
  }
  if (png || gif) {
    // The scene for the script: a scratch file, removed when done (or interrupted).
    const std::unique_ptr<OutputFile> scratch = OutputFile::scratch("armdyn_view_scene", ".json", "--png");
    scratch->write(scene);
    scratch->flush();
    const double t = o.t >= 0 ? o.t : input.motion.t.front();
    if (png) render(scratch->temporary_path(), *png, model, "--t=" + shortest(t), "--png");
    if (gif) render(scratch->temporary_path(), *gif, model, "--gif", "--gif");
    for (OutputFile* f : {png.get(), gif.get()})
      if (f) outputs.push_back(f);
    commit_together(outputs);  // the scratch file goes here, after the images are in place
    return kExitOk;
  }
  commit_together(outputs);
  return kExitOk;
}

}  // namespace

Command add_view_command(CLI::App& app) {
  auto o = std::make_shared<ViewOptions>();
  CLI::App* sub = app.add_subcommand(
      "view", "The arm in 3-D: a self-contained HTML page (three.js, no network) and/or a PNG or GIF (matplotlib)");
  sub->add_option("MODEL", o->model, "built-in model name or a .urdf / MJCF .xml / .json model file")->required();
  sub->add_option("--q", o->q, "joint positions shown: n comma-separated numbers or a built-in model's pose name "
                               "(default 0)");
  sub->add_option("--trajectory", o->trajectory,
                  "a motion to play: the CSV that `simulate` or `task` writes (t, q1..qn, v1..vn, a1..an; "
                  "tau1..taun when there, else inverse dynamics)");
  sub->add_option("--task", o->task, "the TASK.json the trajectory ran: its prescribed path drawn beside the "
                                     "achieved one (needs --trajectory)");
  sub->add_option("--frame", o->frame, "the frame whose path is drawn (default: the task's frame, else the model's "
                                       "last frame)");
  sub->add_option("--out", o->out, "the HTML page to write (opens offline in any browser)");
  sub->add_option("--png", o->png, "also draw the scene at one instant (--t) into this PNG (matplotlib)");
  sub->add_option("--gif", o->gif, "also draw the motion into this animated GIF (matplotlib; needs --trajectory)");
  sub->add_option("--t", o->t, "the instant (s) the PNG shows (default: the motion's start)")->check(kNonNegativeNumber);
  sub->add_option("--max-samples", o->max_samples,
                  "a longer motion is shown by this many of its rows, evenly spaced, the first and last among them "
                  "(default " + std::to_string(view::kDefaultViewSamples) + ": a page of a few MB)")
      ->check(CLI::Range(std::size_t{2}, std::size_t{10000000}));
  return {sub, [o] { return run_view(*o); }};
}

}  // namespace armdyn::cli
