"""armdyn.run_task against `armdyn task` on the same model, task and options: both run the same
library code and the CLI prints 17 significant digits, so the result's CSV must equal the tool's
text exactly; the result's arrays are its columns."""
import json
import os

import numpy as np
import pytest

import armdyn
from conftest import run_cli

SOURCE_DIR = os.environ.get("ARMDYN_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = os.path.join(SOURCE_DIR, "examples")


def example(*parts):
    return os.path.join(EXAMPLES, *parts)


def arm_files(arm):
    return (example("models", f"vp_{arm}.json"), example("tasks", f"vp_abca_{arm}.json"),
            example("models", f"vp_{arm}_segments.json"))


def cli_task(cli, tmp_path, args):
    out = tmp_path / "cli.csv"
    run_cli(cli, ["task"] + list(args) + ["--out", str(out)])
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("arm", ["anthropomorphic", "cylindrical"])
def test_every_column_group_equals_the_cli_csv(cli, tmp_path, arm):
    model_file, task_file, segments_file = arm_files(arm)
    expected = cli_task(cli, tmp_path, [model_file, task_file, "--segments", segments_file, "--with",
                                        "reactions,stresses,gripper", "--output-period", "0.05"])
    model = armdyn.load(model_file, segments=segments_file)
    result = armdyn.run_task(model, task_file, reactions=True, stresses=True, gripper=True, output_period=0.05)
    assert result.to_csv() == expected
    # The same with the segment file given to run_task (as --segments) instead of to load.
    again = armdyn.run_task(armdyn.load(model_file), task_file, segments=segments_file, reactions=True,
                            stresses=True, gripper=True, output_period=0.05)
    assert again.to_csv() == expected


def test_arrays_are_the_csv_columns(cli, tmp_path):
    model_file, task_file, segments_file = arm_files("cylindrical")
    text = cli_task(cli, tmp_path, [model_file, task_file, "--segments", segments_file, "--with",
                                    "stresses,reactions,gripper", "--output-period", "0.1"])
    header = text.splitlines()[0].split(",")
    table = np.array([[float(x) for x in line.split(",")] for line in text.splitlines()[1:]])
    model = armdyn.load(model_file, segments=segments_file)
    r = armdyn.run_task(model, task_file, reactions=True, stresses=True, gripper=True, output_period=0.1)
    assert r.columns == header
    np.testing.assert_array_equal(r.table, table)
    n, m = model.nq, len(table)
    col = {name: table[:, k] for k, name in enumerate(header)}
    np.testing.assert_array_equal(r.t, col["t"])
    for name, array in (("q", r.q), ("v", r.v), ("a", r.a), ("tau", r.tau)):
        assert array.shape == (m, n) and array.dtype == np.float64 and array.flags.c_contiguous
        np.testing.assert_array_equal(array, np.column_stack([col[f"{name}{j + 1}"] for j in range(n)]))
    np.testing.assert_array_equal(r.pos, np.column_stack([col["pos_x"], col["pos_y"], col["pos_z"]]))
    np.testing.assert_array_equal(r.quat, np.column_stack([col[c] for c in ("quat_w", "quat_x", "quat_y", "quat_z")]))
    np.testing.assert_array_equal(r.energy_consumed, col["energy_consumed"])
    assert r.reactions.shape == (m, n, 6)
    np.testing.assert_array_equal(r.reactions[:, 2, 4], col["reaction3_ny"])
    assert r.segment_joints == list(range(6))
    np.testing.assert_array_equal(r.sigma_max[:, 2], col["sigma_max3"])
    np.testing.assert_array_equal(r.tau_max[:, 5], col["tau_max6"])
    np.testing.assert_array_equal(r.gripper[:, 2], col["gripper_fz"])
    np.testing.assert_array_equal(r.column("tau_max1"), col["tau_max1"])
    with pytest.raises(KeyError, match="no column 'nope'"):
        r.column("nope")
    assert r.t[-1] == 3.0
    assert r.summary["energy_consumed"] == pytest.approx(r.energy_consumed[-1], rel=1e-12)
    assert r.summary["position_deviation"] < 1e-6 and r.summary["orientation_deviation"] < 1e-6
    assert r.summary["peak_tau"].shape == (n,) and r.warnings == []


def test_builtin_model_with_a_prescribed_joint_and_rk45_equals_the_cli(cli, tmp_path):
    screw = example("tasks", "vp_screw.json")
    expected = cli_task(cli, tmp_path, ["puma560", screw, "--integrator", "rk45", "--output-period", "0.25"])
    result = armdyn.run_task(armdyn.load("puma560"), screw, integrator="rk45", output_period=0.25)
    assert result.to_csv() == expected
    phase3 = list(result.t).index(2.0)
    assert result.q[-1, 5] - result.q[phase3, 5] == pytest.approx(4 * np.pi, abs=1e-9)  # two turns of joint 6


def test_a_dict_is_the_task_file(tmp_path):
    model_file, task_file, segments_file = arm_files("anthropomorphic")
    model = armdyn.load(model_file, segments=segments_file)
    with open(task_file, encoding="utf-8") as stream:
        task = json.load(stream)
    from_file = armdyn.run_task(model, task_file, output_period=0.1)
    from_dict = armdyn.run_task(model, task, output_period=0.1)
    np.testing.assert_array_equal(from_dict.table, from_file.table)
    path = tmp_path / "task.csv"
    assert from_dict.to_csv(path) == path.read_text(encoding="utf-8")


def test_the_book_ordering_of_energies():
    # [VP] §3.6: the cylindrical arm consumes less than the anthropomorphic one (docs/examples-vp.md).
    energy = {}
    for arm in ("anthropomorphic", "cylindrical"):
        model_file, task_file, segments_file = arm_files(arm)
        result = armdyn.run_task(armdyn.load(model_file, segments=segments_file), task_file, output_period=0.5)
        energy[arm] = result.energy_consumed[-1]
    assert 10 < energy["cylindrical"] < energy["anthropomorphic"]


def test_errors_name_the_field_or_the_option():
    model_file, task_file, segments_file = arm_files("cylindrical")
    model = armdyn.load(model_file)
    with open(task_file, encoding="utf-8") as stream:
        task = json.load(stream)
    bad = dict(task, segments=[dict(task["segments"][0], orien="hold")])
    with pytest.raises(armdyn.InputError, match=r"<task>: segments\[0\]\.orien: unknown key"):
        armdyn.run_task(model, bad)
    with pytest.raises(armdyn.InputError, match="frame: no frame named 'hand'"):
        armdyn.run_task(model, dict(task, frame="hand"))
    with pytest.raises(ValueError, match="stresses=True needs segments"):
        armdyn.run_task(model, task, stresses=True)
    with pytest.raises(ValueError, match="gripper=True: <task> holds no \"payload\""):
        armdyn.run_task(model, {k: v for k, v in task.items() if k != "payload"}, gripper=True)
    with pytest.raises(ValueError, match="integrator: 'euler' is not one of rk4, rk45"):
        armdyn.run_task(model, task, integrator="euler")
    with pytest.raises(armdyn.InputError, match="dt"):
        armdyn.run_task(model, task, dt=-1)
    with pytest.raises(ValueError, match="give a TASK.json path or a dict"):
        armdyn.run_task(model, "-")
    with pytest.raises(armdyn.InputError, match="no_such_task.json"):
        armdyn.run_task(model, os.path.join(EXAMPLES, "tasks", "no_such_task.json"))


def test_plot_writes_a_png(tmp_path):
    model_file, task_file, segments_file = arm_files("cylindrical")
    result = armdyn.run_task(armdyn.load(model_file), task_file, output_period=0.05)
    path = tmp_path / "task.png"
    result.plot(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_near_singular_run_warns():
    # A planar arm asked for three position rows: the z row is always singular, every step damped.
    model = armdyn.load("planar3r")
    task = {"frame": "tool", "initial": {"q": [0.3, 0.8, 0.4]},
            "segments": [{"duration": 1, "position": {"by": [0.05, 0.05, 0]}, "orientation": "free"}]}
    result = armdyn.run_task(model, task, output_period=0.1)
    assert result.summary["damped_steps"] == 1001
    assert result.warnings == ["near a singular configuration from t = 0 s (1001 step boundaries): damped least "
                               "squares, the path is followed only approximately"]
