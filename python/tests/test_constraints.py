"""Closed chains (docs/constraints.md): armdyn.Constraint and load_constraint, the constrained
dynamics against the open-chain functions (the KKT equations rebuilt from crba, nonlinear_effects,
jacobian, frame_velocity and frame_acceleration), inverse after forward dynamics, and simulate
with a constraint against `armdyn simulate --constraint`."""
import json
import os
import pathlib

import numpy as np
import pytest

import armdyn
from conftest import run_cli

SOURCE_DIR = os.environ.get("ARMDYN_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
MODELS = os.path.join(SOURCE_DIR, "examples", "models")
FOURBAR = os.path.join(MODELS, "fourbar.urdf")
FOURBAR_LOOP = os.path.join(MODELS, "fourbar_loop.json")
# The four-bar closed at q = 0 with the crank turning at 6 rad/s (docs/constraints.md).
FOURBAR_V0 = [6, -7.268745814334038, 0.8838071264541628]
# Craig's planar 2R with its tool on the horizontal plane through the base, at rest on it.
PLANE = {"frame": "tool", "surface": {"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1]}}
PLANAR2R_Q0 = [0.2, -0.6086149213775063]


def point_motion(model, frame, point, q, v, a):
    """The point `point` (frame axes) of `frame`: position, velocity, acceleration (base axes) and
    translational Jacobian (3, n), from frame_placement, frame_velocity, frame_acceleration and
    jacobian (the frame origin's), moved to the point by rigid-body kinematics."""
    T = armdyn.frame_placement(model, None, q, frame)
    r = T[:3, :3] @ np.asarray(point, dtype=float)
    vel = armdyn.frame_velocity(model, None, q, v, frame)
    acc = armdyn.frame_acceleration(model, None, q, v, a, frame)
    w, alpha = vel[3:], acc[3:]
    J = armdyn.jacobian(model, None, q, frame)
    skew = np.array([[0, -r[2], r[1]], [r[2], 0, -r[0]], [-r[1], r[0], 0]])
    return (T[:3, 3] + r, vel[:3] + np.cross(w, r), acc[:3] + np.cross(alpha, r) + np.cross(w, np.cross(w, r)),
            J[:3] - skew @ J[3:])


def kkt_residual(model, q, v, tau, qdd, generalised_force):
    """M qdd + c - tau - G^T N: zero when qdd and N solve the constrained equations of motion."""
    return armdyn.crba(model, None, q) @ qdd + armdyn.nonlinear_effects(model, None, q, v) - tau - generalised_force


def test_the_shipped_loop_reads_from_a_path_a_dict_and_json_text():
    model = armdyn.load(FOURBAR)
    loop = armdyn.load_constraint(model, FOURBAR_LOOP)
    assert (loop.shape, loop.frame, loop.other_frame, loop.count) == ("loop", "coupler", "rocker", 3)
    np.testing.assert_array_equal(loop.point, [0.35, 0, 0])
    np.testing.assert_array_equal(loop.other_point, [0.3, 0, 0])
    assert loop.projection and loop.baumgarte_rate == 20 and loop.source == FOURBAR_LOOP
    assert repr(loop) == (f"<armdyn.Constraint {FOURBAR_LOOP}: loop, frame 'coupler' on frame 'rocker', "
                          "3 force components>")
    document = json.loads(pathlib.Path(FOURBAR_LOOP).read_text())
    for given in (pathlib.Path(FOURBAR_LOOP), document, json.dumps(document)):
        same = armdyn.load_constraint(model, given)
        assert (same.shape, same.frame, same.other_frame, same.count) == ("loop", "coupler", "rocker", 3)
    assert armdyn.load_constraint(model, document).source == "<constraint>"
    plane = armdyn.load_constraint(armdyn.load("planar2r"), dict(PLANE, baumgarte_rate=5))
    assert (plane.shape, plane.frame, plane.count, plane.other_frame, plane.other_point) == ("plane", "tool", 1, None, None)
    assert plane.baumgarte_rate == 5 and not plane.projection
    assert repr(plane) == "<armdyn.Constraint <constraint>: plane, frame 'tool', 1 force component>"
    puma = armdyn.load("puma560")
    line = armdyn.load_constraint(puma, {"frame": puma.frame_names[-1], "line": {"point": [0, 0, 0],
                                                                                 "direction": [1, 0, 0]}})
    assert (line.shape, line.count) == ("line", 2)


CASES = {"loop": (FOURBAR, FOURBAR_LOOP, 3), "loop-with-axes": (os.path.join(MODELS, "parallelogram.urdf"),
                                                                  os.path.join(MODELS, "parallelogram_loop.json"), 6),
         "plane": ("planar2r", PLANE, 1)}


@pytest.mark.parametrize("name", CASES)
def test_inverse_dynamics_with_the_found_forces_gives_back_the_torques(name):
    spec, document, count = CASES[name]
    model = armdyn.load(spec)
    constraint = armdyn.load_constraint(model, document)
    assert constraint.count == count
    rng = np.random.default_rng(7)
    q, v, tau = (rng.uniform(-1, 1, size=(20, model.nq)) for _ in range(3))
    qdd, N = armdyn.constrained_forward_dynamics(model, None, constraint, q, v, tau)
    assert qdd.shape == (20, model.nq) and N.shape == (20, constraint.count)
    back = armdyn.constrained_inverse_dynamics(model, None, constraint, q, v, qdd, N)
    np.testing.assert_allclose(back, tau, rtol=0, atol=1e-9)
    # The forces matter: without them inverse dynamics misses tau by the reaction's torques.
    free = armdyn.constrained_inverse_dynamics(model, None, constraint, q, v, qdd, np.zeros_like(N))
    assert np.abs(free - tau).max() > 1e-2


def test_a_batch_equals_the_loop_and_one_state_writes_data():
    model = armdyn.load(FOURBAR)
    loop = armdyn.load_constraint(model, FOURBAR_LOOP)
    rng = np.random.default_rng(3)
    q, v, tau = (rng.uniform(-1, 1, size=(5, 3)) for _ in range(3))
    qdd, N = armdyn.constrained_forward_dynamics(model, None, loop, q, v, tau)
    errors = armdyn.constraint_error(model, None, loop, q)
    assert errors.shape == (5,)
    data = model.create_data()
    for k in range(5):
        qk, Nk = armdyn.constrained_forward_dynamics(model, data, loop, q[k], v[k], tau[k])
        np.testing.assert_array_equal(qk, qdd[k])
        np.testing.assert_array_equal(Nk, N[k])
        assert qk.flags.c_contiguous and Nk.flags.c_contiguous and qk.flags.writeable
        assert armdyn.constraint_error(model, data, loop, q[k]) == errors[k]
        np.testing.assert_array_equal(armdyn.constrained_inverse_dynamics(model, data, loop, q[k], v[k], qk, Nk),
                                      armdyn.constrained_inverse_dynamics(model, None, loop, q[k:k + 1], v[k:k + 1],
                                                                          qdd[k:k + 1], N[k:k + 1])[0])


def test_the_loop_solves_the_kkt_equations_with_baumgarte_closure():
    """At states off the loop: M qdd + c = tau + (J_A - J_B)^T N, and the gap h = x_A - x_B obeys
    h'' + 2 w h' + w^2 h = 0, all rebuilt from the open-chain functions."""
    model = armdyn.load(FOURBAR)
    loop = armdyn.load_constraint(model, FOURBAR_LOOP)
    w = loop.baumgarte_rate
    rng = np.random.default_rng(11)
    for _ in range(10):
        q, v, tau = (rng.uniform(-1, 1, size=3) for _ in range(3))
        qdd, N = armdyn.constrained_forward_dynamics(model, None, loop, q, v, tau)
        xa, va, aa, Ja = point_motion(model, loop.frame, loop.point, q, v, qdd)
        xb, vb, ab, Jb = point_motion(model, loop.other_frame, loop.other_point, q, v, qdd)
        np.testing.assert_allclose(kkt_residual(model, q, v, tau, qdd, (Ja - Jb).T @ N), 0, atol=1e-10)
        np.testing.assert_allclose((aa - ab) + 2 * w * (va - vb) + w * w * (xa - xb), 0, atol=1e-9)
        assert armdyn.constraint_error(model, None, loop, q) == pytest.approx(np.abs(xa - xb).max(), abs=1e-14)
        assert abs(N[1]) < 1e-9  # the planar linkage's out-of-plane row carries nothing
    assert armdyn.constraint_error(model, None, loop, np.zeros(3)) < 1e-12  # closed at q = 0
    open_q = [0.1, 0, 0]  # the loop open by 0.0443053 m (docs/constraints.md); the error is the largest component
    xa, _, _, _ = point_motion(model, loop.frame, loop.point, open_q, np.zeros(3), np.zeros(3))
    xb, _, _, _ = point_motion(model, loop.other_frame, loop.other_point, open_q, np.zeros(3), np.zeros(3))
    assert np.linalg.norm(xa - xb) == pytest.approx(0.0443053, abs=1e-7)
    assert armdyn.constraint_error(model, None, loop, open_q) == pytest.approx(np.abs(xa - xb).max(), abs=1e-14)


def test_the_plane_solves_the_kkt_equations_with_baumgarte_stabilisation():
    model = armdyn.load("planar2r")
    plane = armdyn.load_constraint(model, PLANE)
    w, n = plane.baumgarte_rate, np.array([0.0, 0.0, 1.0])
    rng = np.random.default_rng(5)
    for _ in range(10):
        q, v, tau = (rng.uniform(-1, 1, size=2) for _ in range(3))
        qdd, N = armdyn.constrained_forward_dynamics(model, None, plane, q, v, tau)
        x, xd, xdd, J = point_motion(model, "tool", [0, 0, 0], q, v, qdd)
        np.testing.assert_allclose(kkt_residual(model, q, v, tau, qdd, (n @ J) * N[0]), 0, atol=1e-10)
        assert n @ xdd + 2 * w * (n @ xd) + w * w * (n @ x) == pytest.approx(0, abs=1e-9)
        assert armdyn.constraint_error(model, None, plane, q) == pytest.approx(abs(x[2]), abs=1e-14)


def test_simulate_with_the_loop_matches_the_tool_and_stays_closed(cli, tmp_path):
    model = armdyn.load(FOURBAR)
    csv = tmp_path / "cli.csv"
    run_cli(cli, ["simulate", FOURBAR, "--constraint", FOURBAR_LOOP, "--v0", ",".join(map(repr, FOURBAR_V0)),
                  "--integrator", "rk45", "--rtol", "1e-10", "--atol", "1e-12", "--duration", "1",
                  "--output-period", "0.05", "--out", str(csv)])
    result = armdyn.simulate(model, np.zeros(3), FOURBAR_V0, 1.0, "rk45", rtol=1e-10, atol=1e-12, output_period=0.05,
                             constraint=FOURBAR_LOOP)
    assert result.to_csv() == csv.read_text()
    header = csv.read_text().splitlines()[0].split(",")
    assert header[-4:] == ["contact_force1", "contact_force2", "contact_force3", "constraint_error"]
    assert result.contact_force.shape == (21, 3) and result.constraint_error.shape == (21,)
    assert result.constraint_error.max() <= 1e-9
    assert result.stats["max_constraint_error"] == result.constraint_error.max()
    assert np.abs(result.energy - result.energy[0]).max() < 1e-8
    # Each row's forces are those of constrained_forward_dynamics at its state.
    loop = armdyn.load_constraint(model, FOURBAR_LOOP)
    qdd, N = armdyn.constrained_forward_dynamics(model, None, loop, result.q, result.v, result.tau)
    np.testing.assert_allclose(qdd, result.a, rtol=0, atol=1e-9)
    np.testing.assert_allclose(N, result.contact_force, rtol=0, atol=1e-9)
    assert np.abs(result.contact_force[:, 0]).max() > 0.1  # the loop pulls


def test_simulate_on_the_plane_matches_the_tool(cli, tmp_path):
    model = armdyn.load("planar2r")
    plane_file = tmp_path / "plane.json"
    plane_file.write_text(json.dumps(PLANE))
    csv = tmp_path / "cli.csv"
    run_cli(cli, ["simulate", "planar2r", "--q0", ",".join(map(repr, PLANAR2R_Q0)), "--duration", "0.5",
                  "--integrator", "rk4", "--dt", "0.001", "--output-period", "0.05", "--constraint", str(plane_file),
                  "--out", str(csv)])
    constraint = armdyn.load_constraint(model, plane_file)
    result = armdyn.simulate(model, PLANAR2R_Q0, np.zeros(2), 0.5, "rk4", dt=0.001, output_period=0.05,
                             constraint=constraint)
    assert result.to_csv() == csv.read_text()
    assert result.contact_force.shape == (11, 1) and result.constraint_error.max() <= 1e-9
    free = armdyn.simulate(model, PLANAR2R_Q0, np.zeros(2), 0.5, "rk4", dt=0.001, output_period=0.05)
    assert free.contact_force is None and free.constraint_error is None and "max_constraint_error" not in free.stats
    assert np.abs(free.q - result.q).max() > 0.1  # without the plane the arm falls through it


def test_bad_constraints_raise_naming_the_file_and_the_field(tmp_path):
    model = armdyn.load(FOURBAR)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"frame": "coupler", "surface": {"type": "plane", "point": [0, 0, 0],
                                                              "normal": [0, 0, 0]}}))
    with pytest.raises(armdyn.InputError, match=r"bad\.json: surface\.normal"):
        armdyn.load_constraint(model, bad)
    bad.write_text(json.dumps({"frame": "coupler", "surface": {"type": "cone", "point": [0, 0, 0]}}))
    with pytest.raises(armdyn.InputError, match=r"bad\.json: surface\.type"):
        armdyn.constrained_forward_dynamics(model, None, str(bad), np.zeros(3), np.zeros(3), np.zeros(3))
    with pytest.raises(armdyn.InputError, match=r"<constraint>: loop\.frame"):
        armdyn.load_constraint(model, {"frame": "coupler", "loop": {"frame": "nosuchframe"}})
    with pytest.raises(armdyn.InputError, match=r"<constraint>: frame"):
        armdyn.load_constraint(model, '{"frame": "nosuchframe", "line": {"point": [0, 0, 0], "direction": [1, 0, 0]}}')
    with pytest.raises(armdyn.InputError, match="missing.json"):
        armdyn.load_constraint(model, tmp_path / "missing.json")
    with pytest.raises(TypeError, match=r"load_constraint: constraint: expected .* got an object of type int"):
        armdyn.load_constraint(model, 3)
    loop = armdyn.load_constraint(model, FOURBAR_LOOP)
    with pytest.raises(ValueError, match=r"constraint_error: constraint: read for model 'fourbar'"):
        armdyn.constraint_error(armdyn.load("planar2r"), None, loop, np.zeros(2))
    with pytest.raises(ValueError, match=r"constrained_inverse_dynamics: N: expected shape \(3,\) like q, got \(1,\)"):
        armdyn.constrained_inverse_dynamics(model, None, loop, np.zeros(3), np.zeros(3), np.zeros(3), [1.0])
    with pytest.raises(ValueError, match=r"constrained_forward_dynamics: tau: expected shape \(3,\) like q"):
        armdyn.constrained_forward_dynamics(model, None, loop, np.zeros(3), np.zeros(3), np.zeros(2))


def test_simulate_refuses_an_open_loop_and_drives():
    model = armdyn.load(FOURBAR)
    with pytest.raises(armdyn.InputError, match=r"the loop between frames 'coupler' and 'rocker' is open"):
        armdyn.simulate(model, [0.1, 0, 0], np.zeros(3), 0.1, constraint=FOURBAR_LOOP)
    puma = armdyn.load("puma560", actuators="puma560")
    tip = armdyn.frame_placement(puma, None, np.zeros(6), puma.frame_names[-1])[:3, 3]
    sphere = {"frame": puma.frame_names[-1], "surface": {"type": "sphere", "centre": list(tip + [0.1, 0, 0]),
                                                         "radius": 0.1}}
    with pytest.raises(armdyn.InputError, match="without drives"):
        armdyn.simulate(puma, np.zeros(6), np.zeros(6), 0.1, constraint=sphere)
    rigid = armdyn.simulate(armdyn.load("puma560"), np.zeros(6), np.zeros(6), 0.1, constraint=sphere)
    assert rigid.constraint_error.max() < 1e-9 and rigid.contact_force.shape == (rigid.t.size, 1)


def test_no_normal_at_a_spheres_centre_gives_nan():
    model = armdyn.load("planar2r")
    centre = {"frame": "tool", "surface": {"type": "sphere", "centre": [1.5, 0, 0], "radius": 1}}  # tool at q = 0
    qdd, N = armdyn.constrained_forward_dynamics(model, None, centre, np.zeros(2), np.zeros(2), np.zeros(2))
    assert np.isnan(qdd).all() and np.isnan(N).all()
