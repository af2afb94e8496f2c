"""Every evaluation function against `armdyn eval` on the same states: the tool prints 17
significant digits and reads the states back exactly, and both run the same library code, so the
numbers must be equal (not merely close)."""
import json

import numpy as np
import pytest

import armdyn
from conftest import cli_eval, random_states, run_cli

STATES = 3


def test_dynamics_and_pose_match_eval(cli, spec, model):
    n = model.nq
    q, v, a, tau = random_states(n, STATES, seed=1)
    doc = cli_eval(cli, spec, q, v, a, tau, ["--with", "coriolis,energy", "--method-fd", "crba"])
    assert doc["dof"] == n and doc["joints"] == model.joint_names
    frame = doc["frame"]
    data = model.create_data()
    for k, row in enumerate(doc["results"]):
        np.testing.assert_array_equal(armdyn.rnea(model, data, q[k], v[k], a[k]), row["tau"])
        np.testing.assert_array_equal(armdyn.crba(model, data, q[k]), row["M"])
        np.testing.assert_array_equal(armdyn.nonlinear_effects(model, data, q[k], v[k]), row["c"])
        np.testing.assert_array_equal(armdyn.gravity(model, data, q[k]), row["g"])
        np.testing.assert_array_equal(armdyn.forward_dynamics(model, data, q[k], v[k], tau[k], method="crba"),
                                      row["qdd"])
        np.testing.assert_array_equal(armdyn.frame_placement(model, data, q[k], frame), row["pose"])
        np.testing.assert_array_equal(armdyn.coriolis_matrix(model, data, q[k], v[k]), row["C"])
        assert armdyn.kinetic_energy(model, data, q[k], v[k]) == row["kinetic"]
        assert armdyn.potential_energy(model, data, q[k]) == row["potential"]


@pytest.mark.parametrize("method", ["aba", "walker-orin"])
def test_forward_dynamics_routes_match_eval(cli, spec, model, method):
    q, v, a, tau = random_states(model.nq, STATES, seed=2)
    doc = cli_eval(cli, spec, q, v, a, tau, ["--method-fd", method])
    data = model.create_data()
    for k, row in enumerate(doc["results"]):
        np.testing.assert_array_equal(armdyn.forward_dynamics(model, data, q[k], v[k], tau[k], method=method),
                                      row["qdd"])
        if method == "aba":
            np.testing.assert_array_equal(armdyn.aba(model, data, q[k], v[k], tau[k]), row["qdd"])


def test_every_formulation_matches_eval_method(cli):
    spec = "puma560"
    model = armdyn.load(spec)
    q, v, a, tau = random_states(model.nq, 2, seed=3)
    names = armdyn.formulations.names()
    assert names[0] == "rnea" and len(names) > 5
    for name in names:
        doc = cli_eval(cli, spec, q, v, a, tau, ["--method", name])
        for k, row in enumerate(doc["results"]):
            np.testing.assert_array_equal(armdyn.formulations.evaluate(name, model, q[k], v[k], a[k]), row["tau"],
                                          err_msg=name)


def test_frame_placement_of_every_named_frame_matches_eval(cli):
    spec = "stanford"
    model = armdyn.load(spec)
    q, v, a, tau = random_states(model.nq, 1, seed=4)
    for index, frame in enumerate(model.frame_names):
        doc = cli_eval(cli, spec, q, v, a, tau, ["--frame", frame])
        np.testing.assert_array_equal(armdyn.frame_placement(model, None, q[0], frame), doc["results"][0]["pose"])
        np.testing.assert_array_equal(armdyn.frame_placement(model, None, q[0], index), doc["results"][0]["pose"])


def test_opcount_matches_the_tool(cli, spec, model):
    expected = json.loads(run_cli(cli, ["opcount", spec, "--json"]))["counts"]
    assert armdyn.opcount(model) == expected
    generated = json.loads(run_cli(cli, ["opcount", spec, "--json", "--generated"]))["counts"]
    assert armdyn.opcount(model, generated=True) == generated
    assert armdyn.opcount(model, "rnea") == {"rnea": expected["rnea"]}


def test_codegen_writes_what_the_tool_writes(cli, tmp_path):
    spec = "puma560"
    run_cli(cli, ["codegen", spec, "--out", str(tmp_path / "cli"), "--prefix", "arm"])
    code = armdyn.codegen(armdyn.load(spec), prefix="arm", out=tmp_path / "py")
    for name in ("arm.h", "arm.cpp"):
        assert (tmp_path / "py" / name).read_text() == (tmp_path / "cli" / name).read_text()
    assert code.files == [str(tmp_path / "py" / "arm.h"), str(tmp_path / "py" / "arm.cpp")]
    assert "arm_rnea" in code.header and set(code.counts) == {"rnea", "mass_matrix", "gravity", "forward_dynamics"}
    only = armdyn.codegen(armdyn.load(spec), algorithms="gravity")
    assert only.prefix == "puma560" and list(only.counts) == ["gravity"] and "puma560_gravity" in only.header
