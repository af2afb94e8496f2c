"""rnea_derivatives and aba_derivatives: shapes, agreement with central differences of rnea and
forward_dynamics, d tau / d a = crba's M, (d qdd / d tau) M = I, batches equal to the one-state
loop bit for bit, the argument checks, and the same numbers as `armdyn eval --with derivatives`."""
import numpy as np
import pytest

import armdyn
from conftest import MODEL_SPECS, cli_eval, model_id, random_states

STEP = 1e-5


def central(f, x, step=STEP):
    """Columns k: (f(x + h e_k) - f(x - h e_k)) / 2h."""
    cols = []
    for k in range(x.size):
        e = np.zeros_like(x)
        e[k] = step
        cols.append((f(x + e) - f(x - e)) / (2 * step))
    return np.stack(cols, axis=1)


def rel(a, b):
    return np.max(np.abs(a - b)) / max(np.max(np.abs(b)), 1.0)


@pytest.mark.parametrize("spec", MODEL_SPECS, ids=model_id)
def test_rnea_derivatives_against_differences_and_crba(spec):
    model = armdyn.load(spec)
    n = model.nv
    q, v, a, _ = (x[0] for x in random_states(n, 1, seed=3))
    dq, dv, M = armdyn.rnea_derivatives(model, None, q, v, a)
    assert dq.shape == dv.shape == M.shape == (n, n)
    assert rel(dq, central(lambda x: armdyn.rnea(model, None, x, v, a), q)) < 1e-6
    assert rel(dv, central(lambda x: armdyn.rnea(model, None, q, x, a), v)) < 1e-6
    assert rel(M, armdyn.crba(model, None, q)) < 1e-12
    # Rows are the outputs: a transposed d tau / d q would fail the difference check above.
    assert rel(dq.T, dq) > 1e-6 or n == 1


@pytest.mark.parametrize("spec", MODEL_SPECS, ids=model_id)
def test_aba_derivatives_against_differences_and_the_mass_matrix(spec):
    model = armdyn.load(spec)
    n = model.nv
    q, v, _, tau = (x[0] for x in random_states(n, 1, seed=4))
    dq, dv, Minv = armdyn.aba_derivatives(model, None, q, v, tau)
    fd = lambda q_, v_: armdyn.forward_dynamics(model, None, q_, v_, tau, method="crba")
    assert rel(dq, central(lambda x: fd(x, v), q)) < 1e-6
    assert rel(dv, central(lambda x: fd(q, x), v)) < 1e-6
    assert rel(Minv @ armdyn.crba(model, None, q), np.eye(n)) < 1e-10


def test_batches_equal_the_loop_bit_for_bit():
    model = armdyn.load("puma560")
    data = model.create_data()
    Q, V, A, T = random_states(model.nv, 257, seed=5)
    for fn, third in ((armdyn.rnea_derivatives, A), (armdyn.aba_derivatives, T)):
        batch = fn(model, data, Q, V, third)
        assert all(b.shape == (257, model.nv, model.nv) and b.flags.c_contiguous for b in batch)
        for k in (0, 1, 128, 256):
            single = fn(model, data, Q[k], V[k], third[k])
            for b, s in zip(batch, single):
                assert np.array_equal(b[k], s)


def test_arguments_are_checked():
    model = armdyn.load("puma560")
    other = armdyn.load("stanford").create_data()
    z = np.zeros(6)
    with pytest.raises(ValueError, match="rnea_derivatives: v"):
        armdyn.rnea_derivatives(model, None, z, np.zeros(5), z)
    with pytest.raises(ValueError, match="aba_derivatives: data was made by another model"):
        armdyn.aba_derivatives(model, other, z, z, z)


def test_same_numbers_as_the_cli(cli):
    model_path = MODEL_SPECS[5]  # panda.urdf
    model = armdyn.load(model_path)
    Q, V, A, T = random_states(model.nv, 1, seed=6)
    q, v, a, tau = Q[0], V[0], A[0], T[0]
    out = cli_eval(cli, model_path, Q, V, A, T, extra=["--with", "derivatives"])["results"][0]
    dq, dv, _ = armdyn.rnea_derivatives(model, None, q, v, a)
    ddq, ddv, Minv = armdyn.aba_derivatives(model, None, q, v, tau)
    for key, value in (("dtau_dq", dq), ("dtau_dv", dv), ("dqdd_dq", ddq), ("dqdd_dv", ddv), ("dqdd_dtau", Minv)):
        assert np.array_equal(np.array(out[key]), value), key
