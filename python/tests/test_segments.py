"""Segments from Python against the tool on the same input: armdyn.load(..., segments=FILE) gives
the model `armdyn eval --segments FILE` evaluates, and segment_stresses the sigma_max<k>, tau_max<k>
columns of `armdyn task --with stresses` (the same library code: equal, not merely close)."""
import json
import os

import numpy as np
import pytest

import armdyn
from conftest import cli_eval, random_states, run_cli

SOURCE_DIR = os.environ.get("ARMDYN_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
MODELS = os.path.join(SOURCE_DIR, "examples", "models")
TASKS = os.path.join(SOURCE_DIR, "examples", "tasks")


def files(arm):
    return os.path.join(MODELS, f"vp_{arm}.json"), os.path.join(MODELS, f"vp_{arm}_segments.json")


@pytest.mark.parametrize("arm", ["anthropomorphic", "cylindrical"])
def test_load_applies_the_section_masses_as_eval_does(cli, arm):
    model_file, segments_file = files(arm)
    model = armdyn.load(model_file, segments=segments_file)
    q, v, a, tau = random_states(model.nq, 3, seed=5)
    doc = cli_eval(cli, model_file, q, v, a, tau, ["--segments", segments_file])
    data = model.create_data()
    for k, row in enumerate(doc["results"]):
        np.testing.assert_array_equal(armdyn.rnea(model, data, q[k], v[k], a[k]), row["tau"])
        np.testing.assert_array_equal(armdyn.crba(model, data, q[k]), row["M"])
    plain = armdyn.load(model_file)
    assert plain.segments is None
    assert model.segments.source == segments_file
    # The file's masses differ from the model file's own in their rounding only: the section's
    # inertia really replaced the model's.
    assert not np.array_equal(armdyn.crba(plain, None, q[0]), armdyn.crba(model, None, q[0]))
    np.testing.assert_allclose(armdyn.crba(plain, None, q[0]), armdyn.crba(model, None, q[0]), atol=1e-5)


def test_the_segments_object():
    model_file, segments_file = files("cylindrical")
    segments = armdyn.load(model_file, segments=segments_file).segments
    assert len(segments) == 6 and isinstance(segments, armdyn.Segments)
    assert segments.link_names == ["column", "carriage", "radial_arm", "wrist_roll", "wrist_pitch", "gripper"]
    assert segments.joints == [0, 1, 2, 3, 4, 5]
    np.testing.assert_allclose(segments.lengths, [1.0, 0.1, 1.0, 0.05, 0.05, 0.1])
    # AlMg3 tube R = 0.022 m, r = 0.0165 m: 2700 π (R² − r²) = 1.7961 kg/m ([VP] §3.6)
    np.testing.assert_allclose(segments.masses / segments.lengths, 2700 * np.pi * (0.022 ** 2 - 0.0165 ** 2))
    np.testing.assert_allclose(segments.allowed_stresses[0], [2.943e8 / 5, 2.4525e8 / 5])
    other = armdyn.load_segments(segments_file, armdyn.load(model_file))
    assert other.link_names == segments.link_names


def test_stresses_equal_the_task_columns(cli, tmp_path):
    model_file, segments_file = files("anthropomorphic")
    with open(os.path.join(TASKS, "vp_abca_anthropomorphic.json"), encoding="utf-8") as stream:
        task = json.load(stream)
    del task["payload"]  # the stresses of the arm alone: the model below is the one the task runs
    task_file = tmp_path / "task.json"
    task_file.write_text(json.dumps(task), encoding="utf-8")
    out = tmp_path / "task.csv"
    run_cli(cli, ["task", model_file, str(task_file), "--segments", segments_file, "--with", "stresses",
                  "--output-period", "0.1", "--out", str(out)])
    lines = out.read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")
    table = np.array([[float(x) for x in line.split(",")] for line in lines[1:]])
    col = lambda name: table[:, header.index(name)]
    n = 6
    Q, V, A = (np.column_stack([col(f"{x}{j + 1}") for j in range(n)]) for x in ("q", "v", "a"))
    model = armdyn.load(model_file, segments=segments_file)
    S = armdyn.segment_stresses(model, None, Q, V, A)
    assert S.shape == (len(table), 6, 2)
    for k in range(6):
        np.testing.assert_array_equal(S[:, k, 0], col(f"sigma_max{k + 1}"))
        np.testing.assert_array_equal(S[:, k, 1], col(f"tau_max{k + 1}"))
    data = model.create_data()
    for i in (0, 7, len(table) - 1):  # one state at a time equals the batch
        np.testing.assert_array_equal(armdyn.segment_stresses(model, data, Q[i], V[i], A[i]), S[i])
    # The file given to the call (or a Segments) instead of carried by the model.
    np.testing.assert_array_equal(armdyn.segment_stresses(model, None, Q[3], V[3], A[3], segments_file), S[3])
    np.testing.assert_array_equal(armdyn.segment_stresses(model, None, Q[3], V[3], A[3], model.segments), S[3])


def test_a_payload_keeps_the_segments_and_loads_them():
    model_file, segments_file = files("cylindrical")
    model = armdyn.load(model_file, segments=segments_file)
    loaded = model.with_payload(5.0, "gripper", com=[0, 0, 0.05])
    assert loaded.segments is not None and loaded.segments.link_names == model.segments.link_names
    q = np.array([0.2, 0.5, 0.7, -np.pi / 2, -np.pi / 2, 0.2])
    zero = np.zeros(6)
    bare, carrying = (armdyn.segment_stresses(m, None, q, zero, zero) for m in (model, loaded))
    assert np.all(carrying[:3, 0] > bare[:3, 0])  # the column, carriage and radial arm carry the 5 kg


def test_errors(tmp_path):
    model_file, segments_file = files("cylindrical")
    plain = armdyn.load(model_file)
    q = np.zeros(6)
    with pytest.raises(ValueError, match="segment_stresses: segments: the model carries none"):
        armdyn.segment_stresses(plain, None, q, q, q)
    other = armdyn.load(files("anthropomorphic")[0], segments=files("anthropomorphic")[1]).segments
    with pytest.raises(ValueError, match="made for a model with other links"):
        armdyn.segment_stresses(plain, None, q, q, q, other)
    with pytest.raises(ValueError, match=r"segment_stresses: q: expected shape \(6,\) or \(m, 6\)"):
        armdyn.segment_stresses(plain, None, np.zeros(5), q, q, segments_file)
    with pytest.raises(armdyn.InputError, match="no_such_segments.json"):
        armdyn.load(model_file, segments=os.path.join(MODELS, "no_such_segments.json"))
    bad = tmp_path / "bad_segments.json"
    bad.write_text(json.dumps({"links": {"hand": {}}}), encoding="utf-8")
    with pytest.raises(armdyn.InputError, match="links.hand: "):
        armdyn.load_segments(bad, plain)
