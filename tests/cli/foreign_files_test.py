"""What lies in the user's working folder, the temporary folder or an output folder steers
neither the code armdyn runs nor the files it writes:

- the Python processes the tool starts (plots, view images, Dask) import nothing from the working
  folder, whatever PYTHONPATH says about it;
- scratch files have names of their own: a folder or a link made in the temporary folder under
  any name blocks nothing and is never written through;
- the files armdyn names inside an output folder (design's results, codegen's sources) replace a
  symbolic link or a FIFO found there: the link's target is untouched, nothing waits for a reader;
- a regular file is replaced whole wherever it lives (/dev/shm too);
- a Dask scheduler that is no address or does not answer, and a bad ARMDYN_DASK_TIMEOUT, are
  input errors that write nothing; file names too long for the file system are refused before the
  work or shortened as documented; a model path that is a device is not called missing.

Environment: ARMDYN_CLI (the tool), ARMDYN_SOURCE_DIR (the repository).
"""
import glob
import json
import os
import stat
import subprocess

import pytest

CLI = os.environ.get("ARMDYN_CLI", "")
SOURCE = os.environ.get("ARMDYN_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
UR5 = os.path.join(SOURCE, "tests", "data", "models", "ur5.urdf")
MOTORS = os.path.join(SOURCE, "examples", "puma560_illustrative_motors.json")
TRANSFER = os.path.join(SOURCE, "examples", "tasks", "vp_transfer_abca.json")
UR5_TASK = {"frame": "tool0", "initial": {"q": [0.3, -1.2, 1.4, -1.8, -1.5, 0.2]},
            "segments": [{"duration": 0.3, "profile": "triangular",
                          "position": {"coordinates": "cartesian", "by": [0.05, 0, 0]}, "orientation": "hold"}]}
# Standard modules a Python program imports, each planted in the working folder.
PLANTED = ["typing", "json", "argparse", "csv", "runpy", "functools", "numpy", "matplotlib", "PIL",
           "sitecustomize", "usercustomize", "encodings", "os", "re", "enum", "warnings"]
SCRATCH_NAMES = ["armdyn_plot.log", "armdyn_simulate.csv", "armdyn_task.csv", "armdyn_actuate.csv",
                 "armdyn_view_scene.json", "armdyn_dask.log", "armdyn_output"]


def armdyn(*args, cwd=None, env=None, stdin=subprocess.DEVNULL):
    """Runs the tool; a run that waits (on a FIFO) fails the test instead of hanging it."""
    assert CLI, "ARMDYN_CLI is not set"
    full_env = dict(os.environ)
    full_env.update(env or {})
    try:
        return subprocess.run([CLI, *args], capture_output=True, text=True, cwd=cwd, env=full_env, stdin=stdin,
                              timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail(f"armdyn {' '.join(args)} did not end (waiting on a FIFO?)")


def needs_the_package():
    """The Dask runs import the Python package armdyn: the build tree's, beside the tool."""
    needs("distributed")
    package = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(CLI)))), "python", "armdyn")
    if not glob.glob(os.path.join(package, "_armdyn*.so")) and subprocess.run(
            ["/usr/bin/python3", "-c", "import armdyn"], capture_output=True, cwd="/").returncode != 0:
        pytest.skip("the Python package armdyn is not built")


def needs(module):
    done = subprocess.run(["/usr/bin/python3", "-c", f"import {module}"], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"/usr/bin/python3 has no {module}")


def hostile_folder(path):
    """A working folder whose Python files, if imported, leave a marker RAN-<module>."""
    path.mkdir(exist_ok=True)
    for name in PLANTED:
        (path / f"{name}.py").write_text(f"open({str(path / ('RAN-' + name))!r}, 'w').close()\n")
    return path


def markers(path):
    return sorted(p.name for p in path.iterdir() if p.name.startswith("RAN-"))


def small_study(folder):
    source = os.path.join(SOURCE, "examples", "studies", "vp_cylindrical_R_T.json")
    doc = json.load(open(source, encoding="utf-8"))
    for key in ("model", "task", "actuators"):
        doc[key] = os.path.normpath(os.path.join(os.path.dirname(source), doc[key]))
    doc["parameters"]["R"]["values"] = [0.04]
    doc["duration"] = [10]
    path = folder / "study.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def task_csv(folder):
    out = str(folder / "transfer.csv")
    done = armdyn("task", "puma560", TRANSFER, "--out", out, "--output-period", "0.1")
    assert done.returncode == 0, done.stderr
    return out


def is_png(path):
    with open(path, "rb") as f:
        return f.read(8) == b"\x89PNG\r\n\x1a\n"


# PYTHONPATH entries that name the working folder: empty and relative ones.
CARELESS_PYTHONPATH = {"PYTHONPATH": ":.:lib"}


def test_plots_and_images_import_nothing_from_the_working_folder(tmp_path):
    needs("matplotlib")
    work = hostile_folder(tmp_path / "work")
    (work / "lib").mkdir()
    (work / "lib" / "typing.py").write_text(f"open({str(work / 'RAN-lib')!r}, 'w').close()\n")
    out = tmp_path / "out"
    out.mkdir()
    trajectory = task_csv(tmp_path)
    runs = {
        "simulate": ["simulate", "planar2r", "--duration", "0.2", "--out", str(out / "s.csv"), "--plot", "s.png"],
        "task": ["task", UR5, str(tmp_path / "task.json"), "--out", "-", "--plot", str(out / "t.png")],
        "actuate": ["actuate", "puma560", "--actuators", MOTORS, "--trajectory", trajectory, "--out", "-",
                    "--plot", str(out / "a.png")],
        "view": ["view", "puma560", "--png", "v.png"],
        "design": ["design", small_study(tmp_path), "--out", str(out / "d"), "--plot"],
    }
    (tmp_path / "task.json").write_text(json.dumps(UR5_TASK))
    for name, args in runs.items():
        done = armdyn(*args, cwd=work, env=CARELESS_PYTHONPATH)
        assert done.returncode == 0, f"{name}: {done.stderr}"
        assert markers(work) == [], name
    for png in (work / "s.png", out / "t.png", out / "a.png", work / "v.png", out / "d" / "design.png"):
        assert is_png(png), png


def test_a_matplotlibrc_in_the_working_folder_is_not_read(tmp_path):
    """matplotlib reads ./matplotlibrc first: settings there (here ones that fail the figures: TeX
    for every text, an image too large to make) would reach the tool's images if the scripts ran
    in the user's folder."""
    needs("matplotlib")
    if subprocess.run(["sh", "-c", "command -v latex"], capture_output=True).returncode == 0:
        pytest.skip("latex is installed: text.usetex would not fail")
    work = tmp_path / "work"
    work.mkdir()
    (work / "matplotlibrc").write_text("text.usetex: True\nsavefig.dpi: 100000\n")
    for args in (["simulate", "planar2r", "--duration", "0.2", "--out", "-", "--plot", "s.png"],
                 ["view", "puma560", "--png", "v.png"]):
        done = armdyn(*args, cwd=work)
        assert done.returncode == 0, done.stderr
    assert is_png(work / "s.png") and is_png(work / "v.png")


def test_a_dask_run_imports_nothing_from_the_working_folder_and_an_unreachable_scheduler_writes_nothing(tmp_path):
    needs_the_package()
    work = hostile_folder(tmp_path / "work")
    study = small_study(tmp_path)
    for env in ({}, CARELESS_PYTHONPATH):
        done = armdyn("design", study, "--out", "results", "--scheduler", "tcp://127.0.0.1:9", cwd=work,
                      env={"ARMDYN_DASK_TIMEOUT": "1", **env})
        assert markers(work) == []
        assert done.returncode == 2, done.stderr
        assert "--scheduler: cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in done.stderr
        assert done.stderr.count("\n") == 1 and done.stdout == ""
        assert not (work / "results").exists()  # not even results.partial.csv: nothing ran


@pytest.mark.parametrize("address", ["", "tcp://", "127.0.0.1", "tcp://127.0.0.1", "tcp://127.0.0.1:", "tcp://:8786",
                                     "tcp://127.0.0.1:0", "tcp://127.0.0.1:65536", "tcp://127.0.0.1:99999999999",
                                     "tcp://127.0.0.1:87x6", "http://127.0.0.1:8786", "inproc://x:1", "tcp://a b:1",
                                     "tcp://host;rm -rf:1", "tcp:/127.0.0.1:8786", "tcp://127.0.0.1:8786/x",
                                     "\u00e9://h:1", "tcp://[::1:8786"])
def test_a_garbled_scheduler_address_is_refused_before_any_work(tmp_path, address):
    done = armdyn("design", small_study(tmp_path), "--out", str(tmp_path / "out"), "--scheduler", address)
    if address == "":  # an empty --scheduler is no --scheduler: the local run
        assert done.returncode == 0, done.stderr
        return
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("--scheduler: '") and "is not a Dask scheduler's address" in done.stderr
    assert done.stderr.count("\n") == 1 and not (tmp_path / "out").exists()


@pytest.mark.parametrize("timeout", ["abc", "", "0", "-1", "nan", "inf", "1e9", "10s", " 5", "0x10"])
def test_a_bad_dask_timeout_is_refused_before_any_work(tmp_path, timeout):
    done = armdyn("design", small_study(tmp_path), "--out", str(tmp_path / "out"), "--scheduler", "tcp://127.0.0.1:9",
                  env={"ARMDYN_DASK_TIMEOUT": timeout})
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("ARMDYN_DASK_TIMEOUT: '") and "is not a number of seconds in (0, 86400]" in done.stderr
    assert not (tmp_path / "out").exists()


def occupy_scratch_names(tmpdir, victim):
    """Every old fixed scratch name in the temporary folder taken: a folder, a link to `victim`,
    and the same with the extensions moved."""
    tmpdir.mkdir()
    for name in SCRATCH_NAMES:
        (tmpdir / name).mkdir()
        os.symlink(victim, tmpdir / (name + ".link"))
        base, ext = os.path.splitext(name)
        os.symlink(victim, tmpdir / (base + ".XXXXXX" + ext))
    return sorted(os.listdir(tmpdir))


def test_scratch_files_ignore_what_others_put_in_the_temporary_folder(tmp_path):
    needs("matplotlib")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    tmpdir = tmp_path / "tmp"
    before = occupy_scratch_names(tmpdir, victim)
    env = {"TMPDIR": str(tmpdir)}
    (tmp_path / "task.json").write_text(json.dumps(UR5_TASK))
    trajectory = task_csv(tmp_path)
    runs = [
        ["simulate", "planar2r", "--duration", "0.2", "--plot", str(tmp_path / "s.png")],  # rows to stdout
        ["task", UR5, str(tmp_path / "task.json"), "--out", "-", "--plot", str(tmp_path / "t.png")],
        ["actuate", "puma560", "--actuators", MOTORS, "--trajectory", trajectory, "--out", "-", "--plot",
         str(tmp_path / "a.png")],
        ["view", "puma560", "--png", str(tmp_path / "v.png")],
        ["simulate", "planar2r", "--duration", "0.2", "--out", "-", "--plot", "/dev/null"],  # an image staged
    ]
    for args in runs:
        done = armdyn(*args, env=env)
        assert done.returncode == 0, f"{args[0]}: {done.stderr}"
        assert victim.read_text() == "precious\n"
        assert sorted(os.listdir(tmpdir)) == before, args[0]  # nothing left behind
    for png in ("s.png", "t.png", "a.png", "v.png"):
        assert is_png(tmp_path / png), png


def test_the_dask_log_ignores_what_others_put_in_the_temporary_folder(tmp_path):
    needs_the_package()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    tmpdir = tmp_path / "tmp"
    before = occupy_scratch_names(tmpdir, victim)
    done = armdyn("design", small_study(tmp_path), "--out", str(tmp_path / "out"), "--scheduler", "tcp://127.0.0.1:9",
                  env={"TMPDIR": str(tmpdir), "ARMDYN_DASK_TIMEOUT": "1"})
    assert done.returncode == 2 and "cannot reach the Dask scheduler" in done.stderr, done.stderr
    assert victim.read_text() == "precious\n" and sorted(os.listdir(tmpdir)) == before


def plant_link_and_fifo(folder, link_name, fifo_name, victim):
    folder.mkdir(exist_ok=True)
    os.symlink(victim, folder / link_name)
    os.mkfifo(folder / fifo_name)


@pytest.mark.parametrize("partial", ["link", "fifo"])
def test_design_replaces_a_link_or_fifo_in_its_folder_and_never_writes_through(tmp_path, partial):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    out = tmp_path / "out"
    out.mkdir()
    # results.partial.csv a link or a FIFO, the other one the results file; a link for the JSON.
    if partial == "link":
        plant_link_and_fifo(out, "results.partial.csv", "results.csv", victim)
    else:
        plant_link_and_fifo(out, "results.csv", "results.partial.csv", victim)
    os.symlink(victim, out / "results.json")
    done = armdyn("design", small_study(tmp_path), "--out", str(out), "--workers", "1")
    assert done.returncode == 0, done.stderr
    assert victim.read_text() == "precious\n"
    assert sorted(os.listdir(out)) == ["results.csv", "results.json"]
    for name in ("results.csv", "results.json"):
        assert stat.S_ISREG(os.lstat(out / name).st_mode), name
    assert (out / "results.csv").read_text().startswith("R,")


def test_codegen_replaces_a_link_or_fifo_in_its_folder(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    out = tmp_path / "gen"
    plant_link_and_fifo(out, "planar2r.h", "planar2r.cpp", victim)
    done = armdyn("codegen", "planar2r", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert victim.read_text() == "precious\n"
    for name in ("planar2r.h", "planar2r.cpp"):
        assert stat.S_ISREG(os.lstat(out / name).st_mode), name
    assert sorted(os.listdir(out)) == ["planar2r.cpp", "planar2r.h"]


def test_a_link_named_on_the_command_line_is_still_followed(tmp_path):
    """The user named the link: its target is what gets replaced (the link stays a link)."""
    target = tmp_path / "target.csv"
    target.write_text("old\n" * 1000)
    os.symlink(target, tmp_path / "link.csv")
    done = armdyn("simulate", "planar2r", "--duration", "0.1", "--out", str(tmp_path / "link.csv"))
    assert done.returncode == 0, done.stderr
    assert os.path.islink(tmp_path / "link.csv") and target.read_text().startswith("t,")


def shm_folder(tmp_path):
    if not os.path.isdir("/dev/shm") or not os.access("/dev/shm", os.W_OK):
        pytest.skip("no writable /dev/shm")
    folder = f"/dev/shm/armdyn_test_{os.getpid()}_{tmp_path.name}"
    os.mkdir(folder)
    return folder


def test_a_regular_file_under_dev_is_replaced_whole_and_a_new_one_made(tmp_path):
    folder = shm_folder(tmp_path)
    try:
        old = os.path.join(folder, "r.csv")
        with open(old, "w") as f:
            f.write("x" * 100000 + "\nSTALE TAIL\n")
        done = armdyn("simulate", "planar2r", "--duration", "0.1", "--out", old)
        assert done.returncode == 0, done.stderr
        text = open(old).read()
        assert "STALE" not in text and "x" * 100 not in text and text.startswith("t,")
        fresh = os.path.join(folder, "new.csv")
        done = armdyn("simulate", "planar2r", "--duration", "0.1", "--out", fresh)
        assert done.returncode == 0, done.stderr
        assert open(fresh).read() == text
        assert sorted(os.listdir(folder)) == ["new.csv", "r.csv"]
    finally:
        for name in os.listdir(folder):
            os.unlink(os.path.join(folder, name))
        os.rmdir(folder)


def test_an_inherited_descriptor_is_written_where_the_shell_left_it(tmp_path):
    """/dev/fd/N and /dev/stderr: the descriptor the shell opened (here appending to a log),
    neither reopened from its start nor replaced."""
    log = tmp_path / "log.txt"
    log.write_text("kept line\n")
    script = f'exec 3>>"{log}"; "{CLI}" simulate planar2r --duration 0.1 --out /dev/fd/3'
    done = subprocess.run(["/bin/sh", "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    text = log.read_text()
    assert text.startswith("kept line\nt,") and text.count("\n") > 3
    done = armdyn("simulate", "planar2r", "--duration", "0.1", "--out", "/dev/fd/7")
    assert done.returncode == 2 and "--out: cannot write '/dev/fd/7' (Bad file descriptor)" in done.stderr


def long_name_urdf(folder, name):
    text = open(os.path.join(SOURCE, "tests", "data", "models", "ur5.urdf"), encoding="utf-8").read()
    start = text.index("<robot name=\"") + len("<robot name=\"")
    end = text.index("\"", start)
    path = folder / "long.urdf"
    path.write_text(text[:start] + name + text[end:], encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("length", [240, 247, 251, 252, 300, 1000])
def test_codegen_file_names_fit_whatever_the_model_name(tmp_path, length):
    """The default prefix is the model's name, its first 251 characters: P.cpp fits a file name
    of 255 bytes (and so does every temporary name on the way)."""
    model = long_name_urdf(tmp_path, "m" * length)
    out = tmp_path / "gen"
    done = armdyn("codegen", model, "--out", str(out))
    assert done.returncode == 0, done.stderr
    prefix = "m" * min(length, 251)
    assert sorted(os.listdir(out)) == [prefix + ".cpp", prefix + ".h"]


def test_codegen_refuses_a_prefix_too_long_for_a_file_name_before_the_work(tmp_path):
    out = tmp_path / "gen"
    done = armdyn("codegen", "planar2r", "--out", str(out), "--prefix", "p" * 252)
    assert done.returncode == 2
    assert done.stderr.startswith("--prefix: 252 characters; at most 251") and done.stderr.count("\n") == 1
    assert not out.exists()
    done = armdyn("codegen", "planar2r", "--out", str(out), "--prefix", "p" * 251)
    assert done.returncode == 0, done.stderr


def test_output_names_whose_temporary_would_not_fit_are_written(tmp_path):
    """A 250-byte name is valid; its temporary "<name>.tmp.XXXXXX" would not be: shortened."""
    for length in (244, 245, 250, 255):
        out = tmp_path / ("r" * (length - 4) + ".csv")
        done = armdyn("simulate", "planar2r", "--duration", "0.1", "--out", str(out))
        assert done.returncode == 0, done.stderr
        assert out.read_text().startswith("t,")
    done = armdyn("simulate", "planar2r", "--duration", "0.1", "--out", str(tmp_path / ("r" * 256)))
    assert done.returncode == 2 and "File name too long" in done.stderr


@pytest.mark.parametrize("kind", ["/dev/zero", "/dev/null", "folder", "fifo"])
def test_a_model_path_that_is_no_regular_file_is_not_called_missing(tmp_path, kind):
    if kind == "folder":
        path = str(tmp_path / "robot.urdf")
        os.mkdir(path)
        what = "a folder"
    elif kind == "fifo":
        path = str(tmp_path / "robot.urdf")
        os.mkfifo(path)
        what = "a FIFO"
    else:
        path, what = kind, "a character device"
    for command in (["info", path], ["eval", path, "-"], ["simulate", path, "--duration", "1"]):
        done = armdyn(*command)
        assert done.returncode == 2, done.stderr
        assert "no such file" not in done.stderr
        assert done.stderr == f"{path}: not a model file ({what}, not a regular file)\n"
