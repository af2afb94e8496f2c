"""`armdyn view` in a real browser: headless Chromium (Debian's `chromium`, installed by
scripts/install-deps.sh) opens the pages the tool writes for the UR5, the PUMA 560, a simulated
motion and a task, with every network request refused, and a screenshot is checked: the canvas
is drawn, the arm's pixels move between two slider positions (#t=...), no JavaScript error is
reported. The placements in the page equal `armdyn eval`'s frame pose; --png and --gif write
images; bad inputs exit 2 with one line on stderr and write nothing. A model whose names are markup
and script runs none of it: its page's DOM holds the same elements as a plain model's, its names as
text; in a notebook's sandboxed frame (armdyn.view's page) the arm is drawn all the same.

Environment: ARMDYN_CLI (the tool), ARMDYN_SOURCE_DIR (the repository).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from xml.sax.saxutils import quoteattr

import matplotlib.image as mpimg
import numpy as np
import pytest

CLI = os.environ.get("ARMDYN_CLI", "")
SOURCE = os.environ.get("ARMDYN_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
UR5 = os.path.join(SOURCE, "tests", "data", "models", "ur5.urdf")
PRIMITIVES = os.path.join(SOURCE, "tests", "data", "models", "view_primitives.urdf")
VP_ARM = os.path.join(SOURCE, "examples", "models", "vp_anthropomorphic.json")
VP_TASK = os.path.join(SOURCE, "examples", "tasks", "vp_abca_anthropomorphic.json")


def chromium():
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.fail("chromium is not installed: run scripts/install-deps.sh (Debian package 'chromium')")
    return path


def armdyn(*args):
    assert CLI, "ARMDYN_CLI is not set"
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=300)


def browse(page, fragment, out_dir, what, extra=()):
    """Opens page#fragment headless with the network cut off; `what` is 'screenshot' (returns the
    image as an array) or 'dom' (returns the page's DOM after its scripts ran); `extra`: more
    switches."""
    profile = tempfile.mkdtemp(dir=out_dir)
    shot = os.path.join(out_dir, "shot-%s.png" % re.sub(r"[^a-z0-9]", "_", fragment))
    args = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--user-data-dir=" + profile, "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
            "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
            "--host-resolver-rules=MAP * ~NOTFOUND", "--window-size=800,600", "--virtual-time-budget=8000"]
    args += list(extra) + (["--screenshot=" + shot] if what == "screenshot" else ["--dump-dom"])
    url = "file://" + os.path.abspath(page) + "#" + fragment
    done = subprocess.run(args + [url], capture_output=True, text=True, timeout=180)
    shutil.rmtree(profile, ignore_errors=True)
    assert done.returncode == 0, done.stderr[-2000:]
    if what == "dom":
        return done.stdout
    return mpimg.imread(shot)[:, :, :3]


def drawn_pixels(image):
    """Pixels of the arm in the 3-D view (not the white background, not the grey grid: saturated
    colours), away from the panels (title and check boxes top left, torques top right, the slider
    at the bottom, whose colours would count too)."""
    rgb = image[90:-50, :540].astype(float)
    saturation = rgb.max(axis=2) - rgb.min(axis=2)
    return saturation > 0.15


def check_page(page, out_dir):
    dom = browse(page, "t=0", out_dir, "dom")
    assert 'data-ready="' in dom, "the page's script did not finish: " + dom[-1500:]
    errors = re.search(r'<pre id="errors">(.*?)</pre>', dom, re.S).group(1)
    assert errors.strip() == "", "JavaScript errors: " + errors
    assert not re.search(r"<html[^>]*data-errors=", dom), "JavaScript errors reported"
    return dom


@pytest.fixture(scope="module")
def out_dir():
    path = tempfile.mkdtemp(prefix="armdyn_view_test_")
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def puma_motion(out_dir):
    csv = os.path.join(out_dir, "puma_fall.csv")
    done = armdyn("simulate", "puma560", "--q0", "stretch", "--duration", "1", "--integrator", "rk4",
                  "--dt", "0.002", "--output-period", "0.02", "--out", csv)
    assert done.returncode == 0, done.stderr
    return csv


def page_scene(page):
    text = open(page).read()
    match = re.search(r'<script type="application/json" id="scene">(.*?)</script>', text, re.S)
    return json.loads(match.group(1))


@pytest.mark.parametrize("model,pose", [(UR5, "0,-1.2,1.5,-0.3,1.57,0"), ("puma560", "ready"), (PRIMITIVES, "0.5,1")])
def test_pose_pages_are_drawn_without_errors(out_dir, model, pose):
    page = os.path.join(out_dir, os.path.basename(model).replace(".", "_") + ".html")
    done = armdyn("view", model, "--q", pose, "--out", page)
    assert done.returncode == 0, done.stderr
    check_page(page, out_dir)
    image = browse(page, "t=0", out_dir, "screenshot")
    assert image.shape[0] >= 500 and image.shape[1] >= 700
    assert drawn_pixels(image).mean() > 0.003, "the canvas is blank"


def test_the_arm_moves_with_the_slider(out_dir, puma_motion):
    page = os.path.join(out_dir, "puma_fall.html")
    done = armdyn("view", "puma560", "--trajectory", puma_motion, "--out", page)
    assert done.returncode == 0, done.stderr
    dom = check_page(page, out_dir)
    assert 'data-ready="51"' in dom  # every sample of the 1 s motion at 0.02 s
    start, end = (browse(page, "t=%g" % t, out_dir, "screenshot") for t in (0, 1))
    assert drawn_pixels(start).mean() > 0.003 and drawn_pixels(end).mean() > 0.003
    moved = (drawn_pixels(start) != drawn_pixels(end)).mean()
    assert moved > 0.002, "the arm's pixels did not move between t = 0 and t = 1 s (%g)" % moved
    again = browse(page, "t=0", out_dir, "screenshot")
    assert (drawn_pixels(start) != drawn_pixels(again)).mean() < 0.001, "the same instant drawn twice differs"


def test_task_page_shows_both_paths(out_dir):
    csv = os.path.join(out_dir, "abca.csv")
    done = armdyn("task", VP_ARM, VP_TASK, "--out", csv)
    assert done.returncode == 0, done.stderr
    page = os.path.join(out_dir, "abca.html")
    done = armdyn("view", VP_ARM, "--trajectory", csv, "--task", VP_TASK, "--out", page)
    assert done.returncode == 0, done.stderr
    scene = page_scene(page)
    achieved, prescribed = np.array(scene["path"]["achieved"]), np.array(scene["path"]["prescribed"])
    assert scene["path"]["frame"] == "gripper" and len(prescribed) > 100
    # The task ran: the gripper's path ends where the prescribed one does (within the runner's error).
    assert np.linalg.norm(achieved[-1] - prescribed[-1]) < 1e-3
    assert np.linalg.norm(achieved[0] - prescribed[0]) < 1e-3
    dom = check_page(page, out_dir)
    assert "prescribed path" in dom
    assert drawn_pixels(browse(page, "t=1.5&axes&com&frames", out_dir, "screenshot")).mean() > 0.003


@pytest.mark.parametrize("model,frame", [(UR5, "tool0"), ("puma560", None)])
def test_placements_in_the_page_equal_armdyn_eval(out_dir, model, frame):
    rng = np.random.default_rng(5)
    q = rng.uniform(-2, 2, 6)
    page = os.path.join(out_dir, "fk.html")
    args = ["view", model, "--q", ",".join("%.17g" % x for x in q), "--out", page]
    done = armdyn(*(args + (["--frame", frame] if frame else [])))
    assert done.returncode == 0, done.stderr
    scene = page_scene(page)
    states = os.path.join(out_dir, "states.json")
    with open(states, "w") as f:
        json.dump({"states": [{"q": list(q), "v": [0] * 6}]}, f)
    names = [f["name"] for f in scene["frames"]]
    for index, name in enumerate(names):
        done = armdyn("eval", model, states, "--frame", name)
        assert done.returncode == 0, done.stderr
        pose = np.array(json.loads(done.stdout)["results"][0]["pose"])
        placed = np.array(scene["samples"]["frames"][0][index])
        assert np.allclose(placed[:9].reshape(3, 3), pose[:3, :3], atol=1e-12, rtol=0), name
        assert np.allclose(placed[9:], pose[:3, 3], atol=1e-12, rtol=0), name


def test_png_and_gif(out_dir, puma_motion):
    png, gif = os.path.join(out_dir, "view.png"), os.path.join(out_dir, "view.gif")
    done = armdyn("view", "puma560", "--trajectory", puma_motion, "--png", png, "--t", "0.5", "--gif", gif)
    assert done.returncode == 0, done.stderr
    with open(png, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    with open(gif, "rb") as f:
        assert f.read(6) == b"GIF89a"
    image = mpimg.imread(png)[:, :, :3]
    assert drawn_pixels(image).mean() > 0.005


@pytest.mark.parametrize("args,message", [
    (["puma560", "--q", "strech"], "--q"),
    (["puma560", "--q", "1,2"], "--q"),
    (["puma560", "--trajectory", "@BAD_CSV@"], "q2"),
    (["puma560", "--trajectory", "@MISSING@"], "no such file"),
    (["puma560", "--task", VP_TASK], "--task"),
    ([UR5, "--frame", "nowhere"], "nowhere"),
    (["puma560", "--gif", "@OUT@.gif"], "--gif"),
])
def test_bad_inputs_are_one_line_errors_and_write_nothing(out_dir, args, message):
    bad_csv = os.path.join(out_dir, "bad.csv")
    with open(bad_csv, "w") as f:
        f.write("t,q1,q3,q4,q5,q6,v1,v2,v3,v4,v5,v6,a1,a2,a3,a4,a5,a6\n" + ",".join(["0"] * 18) + "\n")
    out = os.path.join(out_dir, "refused.html")
    args = [a.replace("@BAD_CSV@", bad_csv).replace("@MISSING@", os.path.join(out_dir, "none.csv"))
            .replace("@OUT@", os.path.join(out_dir, "refused")) for a in args]
    done = armdyn("view", *args, "--out", out)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and message in done.stderr, done.stderr
    assert not os.path.exists(out) and not os.path.exists(os.path.join(out_dir, "refused.gif"))
    assert not [n for n in os.listdir(out_dir) if ".tmp." in n]


# Names that are markup, script, comment openers and entities: each must reach the page as text.
PWN = "document.documentElement.setAttribute('data-pwned', '1')"
EVIL_NAMES = {
    "robot": "<!--<script>",
    "base": "</script><script>" + PWN + "</script>",
    "joint1": "<img src=x onerror=\"" + PWN + "\">",
    "upper": "&lt;b&gt;upper&amp;\u2028",
    "joint2": "</title><svg onload=\"" + PWN + "\">",
    "fore": "<img src=x onerror=\"" + PWN + "\"> fore",
}


def two_link_urdf(names):
    """A two-joint arm (view_primitives.urdf's numbers, no visuals) with the given names."""
    a = {key: quoteattr(value) for key, value in names.items()}
    inertial = ('<inertial><origin xyz="0.1 0 0" rpy="0 0 0"/><mass value="1"/>'
                '<inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>')
    return (f'<?xml version="1.0"?>\n<robot name={a["robot"]}>\n'
            f'  <link name={a["base"]}/>\n'
            f'  <joint name={a["joint1"]} type="revolute"><parent link={a["base"]}/><child link={a["upper"]}/>'
            f'<origin xyz="0 0 0.1" rpy="0 0 0"/><axis xyz="0 0 1"/>'
            f'<limit lower="-3" upper="3" effort="20" velocity="2"/></joint>\n'
            f'  <link name={a["upper"]}>{inertial}</link>\n'
            f'  <joint name={a["joint2"]} type="revolute"><parent link={a["upper"]}/><child link={a["fore"]}/>'
            f'<origin xyz="0.4 0 0" rpy="1.5707963267948966 0 0"/><axis xyz="0 0 1"/>'
            f'<limit lower="-3" upper="3" effort="10" velocity="2"/></joint>\n'
            f'  <link name={a["fore"]}>{inertial}</link>\n</robot>\n')


def motion_page(out_dir, names, stem):
    urdf = os.path.join(out_dir, stem + ".urdf")
    with open(urdf, "w", encoding="utf-8") as f:
        f.write(two_link_urdf(names))
    csv, page = os.path.join(out_dir, stem + ".csv"), os.path.join(out_dir, stem + ".html")
    done = armdyn("simulate", urdf, "--duration", "0.1", "--out", csv)
    assert done.returncode == 0, done.stderr
    done = armdyn("view", urdf, "--trajectory", csv, "--out", page)
    assert done.returncode == 0, done.stderr
    return urdf, csv, page


class _Dom(HTMLParser):
    """The elements of a DOM dump in order, and the text inside each element that has an id (a
    line per text node; scripts' text is not markup and is left out)."""

    def __init__(self, dom):
        super().__init__(convert_charrefs=True)
        self.tags, self.texts, self._open = [], {}, []
        self.feed(dom)

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag in ("meta", "input", "br", "img", "link", "hr"):
            return
        ident = dict(attrs).get("id")
        if ident is not None:
            self.texts[ident] = []
        self._open.append((tag, ident))

    def handle_endtag(self, tag):
        while self._open and self._open.pop()[0] != tag:
            pass

    def handle_data(self, data):
        if self._open and self._open[-1][0] in ("script", "style"):
            return
        for _, ident in self._open:
            if ident is not None:
                self.texts[ident].append(data)


def elements(dom):
    return _Dom(dom).tags


def text_of(dom, element_id):
    return "\n".join(_Dom(dom).texts[element_id])


def test_names_that_are_markup_stay_text_in_the_page(out_dir):
    _, _, evil = motion_page(out_dir, EVIL_NAMES, "evil")
    _, _, plain = motion_page(out_dir, {key: key for key in EVIL_NAMES}, "plain")
    evil_dom, plain_dom = check_page(evil, out_dir), check_page(plain, out_dir)
    assert not re.search(r"<html[^>]*data-pwned", evil_dom), "a name ran as script"
    assert 'data-ready="' in evil_dom  # the whole script ran, to its last line
    # No element came from a name: the same elements as the page of the same arm with plain names.
    assert elements(evil_dom) == elements(plain_dom)
    assert "<img" not in evil_dom.lower() and "<svg" not in evil_dom.lower()
    # The names are there, as text.
    assert text_of(evil_dom, "legend").strip() == "path of " + EVIL_NAMES["fore"]
    assert text_of(evil_dom, "title").strip() == "armdyn view " + EVIL_NAMES["robot"]
    labels = [line for line in text_of(evil_dom, "torques").split("\n") if line.startswith(("<img", "</title"))]
    assert [label.rsplit(": ", 1)[0] for label in labels] == [EVIL_NAMES["joint1"], EVIL_NAMES["joint2"]]
    assert page_scene(evil)["model"] == EVIL_NAMES["robot"]


def test_notebook_frame_is_sandboxed_and_draws_the_arm(out_dir):
    """armdyn.view's page in a notebook: an iframe whose scripts run (the arm is drawn) in an
    origin of their own (sandbox="allow-scripts", nothing more)."""
    pythonpath = os.environ.get("ARMDYN_PYTHONPATH")
    if not pythonpath:
        pytest.skip("ARMDYN_PYTHONPATH is not set (the Python module is not built)")
    urdf, csv, _ = motion_page(out_dir, EVIL_NAMES, "notebook")
    frame = os.path.join(out_dir, "notebook.html")
    script = ("import armdyn, sys\n"
              "page = armdyn.view(armdyn.load(sys.argv[1]), trajectory=sys.argv[2])\n"
              "open(sys.argv[3], 'w', encoding='utf-8').write('<!doctype html><meta charset=utf-8>' + page._repr_html_())\n")
    done = subprocess.run([sys.executable, "-c", script, urdf, csv, frame], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=pythonpath), timeout=120)
    assert done.returncode == 0, done.stderr
    dom = browse(frame, "", out_dir, "dom")
    assert re.findall(r"<iframe [^>]*>", dom) and 'sandbox="allow-scripts"' in dom
    assert elements(dom).count("iframe") == 1
    # The sandboxed frame in the page's own process: headless Chromium's virtual time does not wait
    # for a frame in another one (its screenshot would come before the frame's script ends).
    image = browse(frame, "", out_dir, "screenshot", ["--disable-features=IsolateSandboxedIframes"])
    assert drawn_pixels(image).mean() > 0.003, "the sandboxed frame drew nothing"


def test_long_motions_are_shown_by_a_bounded_number_of_samples(out_dir):
    csv = os.path.join(out_dir, "long.csv")
    done = armdyn("simulate", "planar2r", "--duration", "80", "--integrator", "rk4", "--dt", "0.001",
                  "--output-period", "0.001", "--out", csv)
    assert done.returncode == 0, done.stderr
    with open(csv) as f:
        rows = [line.split(",")[0] for line in f if line.strip()][1:]
    assert len(rows) > 80000 - 2
    page = os.path.join(out_dir, "long.html")
    done = armdyn("view", "planar2r", "--trajectory", csv, "--out", page)
    assert done.returncode == 0, done.stderr
    assert os.path.getsize(page) < 8e6  # 80 000 rows once made a page of 233 MB
    times = page_scene(page)["samples"]["t"]
    assert len(times) == 2000 and times[0] == float(rows[0]) and times[-1] == float(rows[-1])
    done = armdyn("view", "planar2r", "--trajectory", csv, "--max-samples", "50", "--out", page)
    assert done.returncode == 0, done.stderr
    assert len(page_scene(page)["samples"]["t"]) == 50
    dom = check_page(page, out_dir)
    assert 'data-ready="50"' in dom
    done = armdyn("view", "planar2r", "--trajectory", csv, "--max-samples", "1", "--out", page + "2")
    assert done.returncode == 2 and "--max-samples" in done.stderr


def test_meshes_are_drawn_from_a_urdf_named_without_its_folder(out_dir):
    """`armdyn view robot.urdf` run in the robot's folder finds the meshes beside it and in its
    package, as `./robot.urdf` and a full path do."""
    folder = os.path.join(out_dir, "robot", "urdf")
    os.makedirs(os.path.join(out_dir, "robot", "meshes"), exist_ok=True)
    os.makedirs(folder, exist_ok=True)
    shutil.copy(os.path.join(SOURCE, "tests", "data", "models", "meshes", "fore.stl"),
                os.path.join(out_dir, "robot", "meshes", "fore.stl"))
    with open(PRIMITIVES) as f:
        xml = f.read().replace("package://view_primitives/meshes/fore.stl", "package://robot/meshes/fore.stl")
    with open(os.path.join(folder, "robot.urdf"), "w") as f:
        f.write(xml)
    counts = []
    for name in ["robot.urdf", "./robot.urdf", os.path.join(folder, "robot.urdf")]:
        page = os.path.join(out_dir, "mesh_folder.html")
        done = subprocess.run([CLI, "view", name, "--q", "0.5,1", "--out", page], capture_output=True, text=True,
                              cwd=folder, timeout=300)
        assert done.returncode == 0, done.stderr
        counts.append([s["kind"] for s in page_scene(page)["shapes"]].count("mesh"))
    assert counts == [1, 1, 1], counts
