"""armdyn.design: the criteria of [VP] §5.2 against `armdyn criterion --json` (the same library
code, printed with 17 significant digits: equal), their closed forms, and their argument checks."""
import json
import math
import os
import subprocess

import numpy as np
import pytest

import armdyn
from armdyn import design
from conftest import run_cli

DESIGNS = [(2.5, 95.0), (3.0, 80.0), (4.5, 60.0), (6.5, 30.0), (1.0, 130.0)]
RANGES = dict(T0=6.0, T1=2.0, E0=120.0, E1=40.0)


@pytest.mark.parametrize("exponent", [("--r", "-inf"), ("--r", "-2.5"), ("--r", "0"), ("--r", "1"),
                                      ("--r", "inf"), ("--c", "0.8125"), ("--c", "0.3")])
def test_criterion_equals_the_tool(cli, exponent):
    option, text = exponent
    args = ["criterion", "--T0", "6", "--T1", "2", "--E0", "120", "--E1", "40", "--wt", "0.3", option, text, "--json"]
    for T, E in DESIGNS:
        args += [repr(T), repr(E)]
    doc = json.loads(run_cli(cli, args))
    value = float(text)
    ours = design.criterion(DESIGNS, w_t=0.3, **RANGES, **({"r": value} if option == "--r" else {"c": value}))
    tool_r = float(doc["r"]) if isinstance(doc["r"], str) else doc["r"]
    assert ours["r"] == tool_r and ours["c"] == doc["c"] and ours["d"] == doc["d"]
    assert ours["designs"] == doc["designs"]


def test_efficiencies_are_the_clipped_lines_and_broadcast():
    T = np.array([1.0, 2.0, 3.0, 6.0, 7.0])
    np.testing.assert_array_equal(design.time_efficiency(T, 6.0, 2.0), [1.0, 1.0, 0.75, 0.0, 0.0])
    np.testing.assert_array_equal(design.energy_efficiency(np.array([[50.0], [100.0]]), 120.0, 40.0),
                                  [[0.875], [0.25]])
    assert isinstance(design.time_efficiency(3.0, 6.0, 2.0), float)


def test_combined_efficiency_limits_and_closed_forms():
    a, b = 0.3, 0.8
    assert design.combined_efficiency(a, b, -math.inf) == a
    assert design.combined_efficiency(a, b, math.inf) == b
    assert design.combined_efficiency(a, b, 0.0, 0.25) == pytest.approx(a ** 0.25 * b ** 0.75, rel=1e-15)
    assert design.combined_efficiency(a, b, 1.0, 0.25) == pytest.approx(0.25 * a + 0.75 * b, rel=1e-15)
    assert design.combined_efficiency(a, b, 2.0) == pytest.approx(math.sqrt((a * a + b * b) / 2), rel=1e-15)
    # r -> 0 is continuous and G rises with r.
    r = np.array([-50.0, -1.0, -1e-9, 0.0, 1e-9, 1.0, 50.0])
    G = design.combined_efficiency(a, b, r)
    assert np.all(np.diff(G) >= 0) and abs(G[2] - G[3]) < 1e-9 and abs(G[4] - G[3]) < 1e-9
    assert design.combined_efficiency(0.0, b, -1.0) == 0.0


def test_degrees_of_conjunction_closed_forms_and_inverse():
    # c = 2 - 3 G_bar(r), with G_bar = 1/3, 4/9, 1/2, 2/3 at r = -inf, 0, 1, inf.
    assert design.conjunction_degree(-math.inf) == pytest.approx(1.0, abs=1e-15)
    assert design.conjunction_degree(0.0) == pytest.approx(2 - 4 / 3, rel=1e-12)
    assert design.conjunction_degree(1.0) == pytest.approx(0.5, rel=1e-12)
    assert design.conjunction_degree(math.inf) == pytest.approx(0.0, abs=1e-15)
    r = np.array([-7.0, -1.5, 0.5, 3.0])
    c = design.conjunction_degree(r)
    np.testing.assert_allclose(c + design.disjunction_degree(r), 1.0, rtol=0, atol=1e-15)
    np.testing.assert_allclose(design.exponent_of_conjunction(c), r, rtol=1e-9)
    assert design.exponent_of_conjunction(1.0) == -math.inf and design.exponent_of_conjunction(0.0) == math.inf


@pytest.mark.parametrize("call, words", [
    (lambda: design.time_efficiency(3.0, 2.0, 6.0), "T0"),
    (lambda: design.energy_efficiency(-1.0, 120.0, 40.0), "E"),
    (lambda: design.combined_efficiency(1.5, 0.5, 1.0), "G_t"),
    (lambda: design.combined_efficiency(0.5, 0.5, math.nan), "r"),
    (lambda: design.combined_efficiency(0.5, 0.5, 1.0, 1.2), "w_t"),
    (lambda: design.exponent_of_conjunction(1.5), "c"),
    (lambda: design.criterion([(1.0, 2.0)], **RANGES), "one of r and c"),
    (lambda: design.criterion([(1.0, 2.0, 3.0)], **RANGES, r=1.0), "design 1"),
    (lambda: design.criterion([], **RANGES, r=1.0), "at least one"),
])
def test_bad_arguments_name_themselves(call, words):
    with pytest.raises(armdyn.InputError, match=words):
        call()


# Design studies: the shipped cylindrical study cut to 2 radii x 2 task times, its files named by
# absolute paths so that the copy runs from a temporary folder.
def _small_study(tmp_path):
    source = os.path.join(os.environ.get("ARMDYN_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..")),
                          "examples", "studies", "vp_cylindrical_R_T.json")
    doc = json.load(open(source, encoding="utf-8"))
    for key in ("model", "task", "actuators"):
        doc[key] = os.path.normpath(os.path.join(os.path.dirname(source), doc[key]))
    doc["parameters"]["R"]["values"] = [0.014, 0.04]
    doc["duration"] = [10, 3.4]
    path = tmp_path / "study.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def _same(a, b):
    """Results equal bit for bit (NaN equal to NaN)."""
    assert a.keys() == b.keys()
    for key in a:
        x, y = a[key], b[key]
        if isinstance(x, float) and math.isnan(x):
            assert isinstance(y, float) and math.isnan(y), key
        else:
            assert x == y, key


def test_a_study_sweeps_its_grid_as_evaluate_does(tmp_path):
    study = design.load_study(_small_study(tmp_path))
    assert study.parameters == {"R": [0.014, 0.04], "duration": [10.0, 3.4]}
    grid = study.grid()
    assert grid[1] == {"R": 0.014, "duration": 3.4}  # the first parameter varies slowest
    swept = design.run_study(study, threads=2)
    assert len(swept) == 4
    for values, result in zip(grid, swept):
        assert result["values"] == values
        _same(result, study.evaluate(values))
    # [VP] Fig. 5.16: less energy for the thinner tube and for the longer task time.
    E = {(r["values"]["R"], r["values"]["duration"]): r["E"] for r in swept}
    assert E[(0.014, 10.0)] < E[(0.04, 10.0)] and E[(0.014, 10.0)] < E[(0.014, 3.4)]


def test_a_bad_study_names_its_field(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"model": "nowhere.json"}), encoding="utf-8")
    with pytest.raises(armdyn.InputError, match="bad.json"):
        design.load_study(path)
    with pytest.raises(armdyn.InputError):
        design.load_study(_small_study(tmp_path)).evaluate({"R": 0.02})


@pytest.fixture(scope="module")
def dask_cluster():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(cluster)
    yield cluster, client
    client.close()
    cluster.close()


def test_a_study_on_a_dask_cluster_equals_the_local_run(tmp_path, dask_cluster):
    cluster, client = dask_cluster
    path = _small_study(tmp_path)
    seen = []
    remote = design.run_study(path, client=client, progress=lambda done, total, k, r: seen.append((done, total, k)))
    local = design.run_study(path, threads=1)
    assert len(remote) == len(local) == 4
    for a, b in zip(remote, local):
        _same(a, b)
    assert sorted(k for _, _, k in seen) == [0, 1, 2, 3] and [d for d, _, _ in seen] == [1, 2, 3, 4]
    # Both workers took part.
    assert len(client.scheduler_info()["workers"]) == 2


def test_armdyn_design_with_scheduler_writes_the_local_files(cli, tmp_path, dask_cluster):
    cluster, _ = dask_cluster
    path = _small_study(tmp_path)
    run_cli(cli, ["design", path, "--out", str(tmp_path / "local")])
    run_cli(cli, ["design", path, "--out", str(tmp_path / "dask"), "--scheduler", cluster.scheduler_address])
    for name in ("results.csv", "results.json"):
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name).read_bytes(), name
    for folder in ("local", "dask"):
        assert sorted(p.name for p in (tmp_path / folder).iterdir()) == ["results.csv", "results.json"]


def test_a_tmin_study_with_scheduler_writes_the_local_files(cli, tmp_path, dask_cluster):
    """Each grid point's T_min search is one task; the results are the local ones byte for byte
    (the trials, the boundaries, a point without a T_min and the candidate at T_min included)."""
    cluster, _ = dask_cluster
    doc = json.load(open(_small_study(tmp_path), encoding="utf-8"))
    del doc["duration"]
    doc["parameters"]["R"]["values"] = [0.025, 0.04]
    doc["limits"]["allowed_deflection"] = 0.003
    doc["kind"] = "tmin"
    doc["tmin"] = {"scale_from": 0.2, "scale_to": 4, "rel_tol": 1e-2}
    path = tmp_path / "tmin.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    run_cli(cli, ["design", str(path), "--out", str(tmp_path / "local"), "--workers", "1"])
    run_cli(cli, ["design", str(path), "--out", str(tmp_path / "dask"), "--scheduler", cluster.scheduler_address])
    for name in ("results.csv", "results.json"):
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name).read_bytes(), name
    points = json.loads((tmp_path / "local" / "results.json").read_text())["points"]
    # R = 0.025 m bends more than 3 mm at rest (no T_min: NaN through the cluster as well), 0.04 m has one.
    assert [p["found"] for p in points] == [False, True] and points[0]["T_min"] is None
    assert len(points[1]["trials"]) > 2
    # The same search from Python, one point.
    study = design.load_study(path)
    assert study.kind == "tmin"
    point = study.tmin_point(study.grid()[1])
    assert point["at_tmin"]["T"] == points[1]["T_min"] and point["evaluations"] == points[1]["evaluations"]


def test_an_optimize_study_with_scheduler_writes_the_local_files(cli, tmp_path, dask_cluster):
    """Each search method is one task: the search paths and optima are the local ones byte for byte."""
    cluster, _ = dask_cluster
    source = os.path.join(os.environ.get("ARMDYN_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..")),
                          "examples", "studies", "vp_spot_welding_optimize.json")
    doc = json.load(open(source, encoding="utf-8"))
    for key in ("model", "task"):
        doc[key] = os.path.normpath(os.path.join(os.path.dirname(source), doc[key]))
    doc["optimize"]["max_evaluations"] = 12
    path = tmp_path / "optimize.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    run_cli(cli, ["design", str(path), "--out", str(tmp_path / "local")])
    run_cli(cli, ["design", str(path), "--out", str(tmp_path / "dask"), "--scheduler", cluster.scheduler_address])
    for name in ("results.csv", "results.json"):
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name).read_bytes(), name
    runs = json.loads((tmp_path / "local" / "results.json").read_text())["runs"]
    assert [r["method"] for r in runs] == ["feasible_directions", "cobyla"]
    assert all(len(r["path"]) == 12 for r in runs)
    study = design.load_study(path)
    assert study.optimize_methods == ["feasible_directions", "cobyla"]
    assert study.optimize_method("cobyla")["x"] == [runs[1]["x"]["R2"], runs[1]["x"]["R3"]]


def test_armdyn_design_with_scheduler_streams_rows_and_an_interrupt_keeps_the_results(cli, tmp_path, dask_cluster):
    """Rows reach results.partial.csv as the cluster returns them; SIGTERM leaves the previous
    results.csv and results.json as they were and no temporary file."""
    import signal
    import time
    cluster, _ = dask_cluster
    doc = json.load(open(_small_study(tmp_path), encoding="utf-8"))
    doc["parameters"]["R"]["values"] = [0.014, 0.025, 0.04]
    doc["duration"] = [10, 6.2, 3.4, 2.5]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "out"
    run_cli(cli, ["design", str(path), "--out", str(out), "--workers", "2"])
    before = {name: (out / name).read_bytes() for name in ("results.csv", "results.json")}
    previous = before["results.csv"].decode().splitlines()
    process = subprocess.Popen([cli, "design", str(path), "--out", str(out), "--scheduler", cluster.scheduler_address],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    partial = out / "results.partial.csv"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if partial.exists() and len(partial.read_text().splitlines()) >= 3:
            break
        time.sleep(0.01)
    process.send_signal(signal.SIGTERM)
    assert process.wait() == -signal.SIGTERM, "finished before the interrupt"
    for name, data in before.items():
        assert (out / name).read_bytes() == data, name
    assert sorted(p.name for p in out.iterdir()) == ["results.csv", "results.json", "results.partial.csv"]
    rows = partial.read_text().splitlines()
    assert 3 <= len(rows) < len(previous) and rows[0] == previous[0]
    assert all(row in previous for row in rows[1:])


def test_armdyn_design_with_an_unreachable_scheduler_fails_clearly(cli, tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setenv("ARMDYN_DASK_TIMEOUT", "1")
    out = tmp_path / "out"
    done = subprocess.run([cli, "design", _small_study(tmp_path), "--out", str(out), "--scheduler", "tcp://127.0.0.1:9"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "cannot reach the Dask scheduler" in done.stderr and done.stdout == ""
    assert not out.exists()  # nothing written: no folder, no results.partial.csv
