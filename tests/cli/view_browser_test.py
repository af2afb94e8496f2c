"""`armdyn view` in a real browser: headless Chromium (Debian's `chromium`, installed by
scripts/install-deps.sh) opens the pages the tool writes for the UR5, the PUMA 560, a simulated
motion and a task, with every network request refused, and a screenshot is checked: the canvas
is drawn, the arm's pixels move between two slider positions (#t=...), no JavaScript error is
reported. The placements in the page equal `armdyn eval`'s frame pose; --png and --gif write
images; bad inputs exit 2 with one line on stderr and write nothing.

Environment: ARMDYN_CLI (the tool), ARMDYN_SOURCE_DIR (the repository).
"""
import json
import os
import re
import shutil
import subprocess
import tempfile

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


def browse(page, fragment, out_dir, what):
    """Opens page#fragment headless with the network cut off; `what` is 'screenshot' (returns the
    image as an array) or 'dom' (returns the page's DOM after its scripts ran)."""
    profile = tempfile.mkdtemp(dir=out_dir)
    shot = os.path.join(out_dir, "shot-%s.png" % re.sub(r"[^a-z0-9]", "_", fragment))
    args = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--user-data-dir=" + profile, "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
            "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
            "--host-resolver-rules=MAP * ~NOTFOUND", "--window-size=800,600", "--virtual-time-budget=8000"]
    args += ["--screenshot=" + shot] if what == "screenshot" else ["--dump-dom"]
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
