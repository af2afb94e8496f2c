"""armdyn.simulate against `armdyn simulate`: the same samples (the CSV text is equal), the result
object's arrays, torques from a constant or a callable, and the plot."""
import numpy as np
import pytest

import armdyn
from conftest import run_cli

Q0 = [0.1, -0.4, 0.3, 0.0, 0.2, -0.1]


@pytest.mark.parametrize("integrator", ["rk45", "rk4"])
def test_simulate_matches_the_tools_csv(cli, tmp_path, integrator):
    csv = tmp_path / "cli.csv"
    run_cli(cli, ["simulate", "puma560", "--q0", ",".join(map(str, Q0)), "--duration", "0.5", "--dt", "0.002",
                  "--output-period", "0.01", "--integrator", integrator, "--out", str(csv), "--quiet"])
    model = armdyn.load("puma560")
    result = armdyn.simulate(model, Q0, np.zeros(6), 0.5, integrator, dt=0.002, output_period=0.01)
    assert result.to_csv() == csv.read_text()
    assert result.t.shape == (51,) and result.q.shape == (51, 6) and result.kinetic.shape == (51,)
    np.testing.assert_array_equal(result.q[0], Q0)
    np.testing.assert_allclose(result.t[-1], 0.5)
    assert result.stats["diverged"] is False and result.stats["steps"] > 0
    # the stored accelerations are the forward dynamics of the stored states
    np.testing.assert_allclose(result.a[10], armdyn.aba(model, None, result.q[10], result.v[10], result.tau[10]),
                               rtol=1e-12, atol=1e-12)


def test_constant_and_callable_torques(cli, tmp_path):
    model = armdyn.load("puma560")
    tau = [1.0, 2.0, -1.0, 0.5, 0.0, 0.25]
    csv = tmp_path / "const.csv"
    run_cli(cli, ["simulate", "puma560", "--duration", "0.2", "--integrator", "rk4", "--torque",
                  "const:" + ",".join(map(str, tau)), "--out", str(csv), "--quiet"])
    constant = armdyn.simulate(model, np.zeros(6), np.zeros(6), 0.2, "rk4", tau=tau)
    assert constant.to_csv() == csv.read_text()
    calls = []

    def torque(t, q, v):
        calls.append(t)
        assert q.shape == (6,) and v.shape == (6,)
        return np.array(tau)

    called = armdyn.simulate(model, np.zeros(6), np.zeros(6), 0.2, "rk4", tau=torque)
    np.testing.assert_array_equal(called.q, constant.q)
    assert calls and calls[0] == 0.0
    with pytest.raises(ValueError, match=r"simulate: tau\(t, q, v\): expected shape \(6,\), got \(2,\)"):
        armdyn.simulate(model, np.zeros(6), np.zeros(6), 0.2, tau=lambda t, q, v: [1.0, 2.0])
    with pytest.raises(ZeroDivisionError):
        armdyn.simulate(model, np.zeros(6), np.zeros(6), 0.2, tau=lambda t, q, v: 1 / 0)
    with pytest.raises(armdyn.InputError, match="duration"):
        armdyn.simulate(model, np.zeros(6), np.zeros(6), -1.0)
    with pytest.raises(armdyn.InputError, match="keeps about 1e[+]08 samples in memory, more than 1e[+]07; raise output_period"):
        armdyn.simulate(model, np.zeros(6), np.zeros(6), 1e5, dt=1e-3)


def test_energy_is_conserved_without_torque_and_the_plot_is_written(tmp_path):
    model = armdyn.load("puma560")
    result = armdyn.simulate(model, Q0, np.zeros(6), 1.0, "rk45", rtol=1e-10, atol=1e-10, output_period=0.05)
    drift = np.max(np.abs(result.energy - result.energy[0]))
    assert drift < 1e-6 * max(1.0, np.max(result.kinetic))
    path = tmp_path / "fall.png"
    result.plot(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result.to_csv(tmp_path / "fall.csv")
    assert (tmp_path / "fall.csv").read_text().startswith("t,q1,q2,q3,q4,q5,q6,v1")


@pytest.mark.parametrize("law, extra, keywords", [
    ("pd-gravity", [], {}),
    ("computed-torque", ["--kp", "100", "--kd", "20", "--control-rate", "500", "--profile", "cubic"],
     {"kp": 100.0, "kd": 20.0, "control_rate": 500.0, "profile": "cubic"}),
    ("pd", ["--kp", "50,60,70,10,10,10", "--control-rate", "0"],
     {"kp": [50, 60, 70, 10, 10, 10], "control_rate": 0.0}),
])
def test_controllers_match_the_tool(cli, tmp_path, law, extra, keywords):
    goal = [0.5, -0.2, 0.4, 0.1, 0.0, 0.3]
    csv = tmp_path / "control.csv"
    run_cli(cli, ["simulate", "puma560", "--q0", "stretch", "--duration", "0.3", "--integrator", "rk4",
                  "--controller", law, "--goal", ",".join(map(str, goal)), "--move-time", "0.2", "--out", str(csv),
                  "--quiet"] + extra)
    model = armdyn.load("puma560")
    q0 = armdyn.builtin_poses("puma560")["stretch"]
    result = armdyn.simulate(model, q0, np.zeros(6), 0.3, "rk4", controller=law, goal=goal, move_time=0.2,
                             **keywords)
    assert result.to_csv() == csv.read_text()


def test_controller_options_are_checked():
    model = armdyn.load("puma560")
    zero = np.zeros(6)
    assert set(armdyn.builtin_poses("puma560")) == {"zero", "ready", "stretch", "nominal"}
    with pytest.raises(ValueError, match="simulate: controller: goal is required"):
        armdyn.simulate(model, zero, zero, 0.1, controller="pd")
    with pytest.raises(ValueError, match="simulate: tau and controller exclude each other"):
        armdyn.simulate(model, zero, zero, 0.1, tau=zero, controller="pd", goal=zero)
    with pytest.raises(ValueError, match="simulate: kd: gains must be >= 0"):
        armdyn.simulate(model, zero, zero, 0.1, controller="pd", goal=zero, kd=-1.0)
    with pytest.raises(ValueError, match=r"simulate: kp: expected shape \(6,\), got \(2,\)"):
        armdyn.simulate(model, zero, zero, 0.1, controller="pd", goal=zero, kp=[1.0, 2.0])
    with pytest.raises(armdyn.InputError, match="pid"):
        armdyn.simulate(model, zero, zero, 0.1, controller="pid", goal=zero)
    with pytest.raises(armdyn.InputError, match="nosuch"):
        armdyn.builtin_poses("nosuch")


def test_a_model_with_drives_simulates_as_the_tool_with_actuators(cli, tmp_path):
    csv = tmp_path / "geared.csv"
    run_cli(cli, ["simulate", "puma560", "--q0", ",".join(map(str, Q0)), "--duration", "0.3", "--integrator", "rk4",
                  "--dt", "0.002", "--output-period", "0.01", "--actuators", "puma560", "--out", str(csv), "--quiet"])
    geared = armdyn.load("puma560", actuators="puma560")
    result = armdyn.simulate(geared, Q0, np.zeros(6), 0.3, "rk4", dt=0.002, output_period=0.01)
    assert result.to_csv() == csv.read_text()
    rigid = armdyn.simulate(geared.with_drives(None), Q0, np.zeros(6), 0.3, "rk4", dt=0.002, output_period=0.01)
    assert not np.array_equal(result.q[-1], rigid.q[-1])
    # the stored accelerations are the drives' forward dynamics of the stored states
    np.testing.assert_allclose(result.a[10], armdyn.drive_forward_dynamics(geared, None, result.q[10], result.v[10],
                                                                           result.tau[10]), rtol=1e-10, atol=1e-10)
