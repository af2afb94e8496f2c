"""A manipulator on a moving base ([VP] (2.3.48)): a translating base is the fixed arm under
gravity g - a_O; forward dynamics inverts inverse dynamics on any base motion; one base motion for
a batch or one per state, equal to the loop; wrong shapes are ValueErrors naming the argument."""
import numpy as np
import pytest

import armdyn
from conftest import random_states


@pytest.fixture(scope="module")
def puma():
    return armdyn.load("puma560")


def test_translating_base_is_gravity_minus_its_acceleration(puma):
    q, v, a, tau = random_states(6, 5, seed=3)
    a_o = np.array([1.0, 2.0, 3.0])
    base_v = np.array([0.5, -0.2, 0.1, 0, 0, 0])
    base_a = np.concatenate([a_o, np.zeros(3)])
    shifted = puma.with_gravity(puma.gravity - a_o)
    np.testing.assert_allclose(armdyn.rnea_moving_base(puma, None, q, v, a, base_v, base_a),
                               armdyn.rnea(shifted, None, q, v, a), rtol=0, atol=1e-11)
    np.testing.assert_allclose(armdyn.nonlinear_effects_moving_base(puma, None, q, v, base_v, base_a),
                               armdyn.nonlinear_effects(shifted, None, q, v), rtol=0, atol=1e-11)
    np.testing.assert_allclose(armdyn.forward_dynamics_moving_base(puma, None, q, v, tau, base_v, base_a),
                               armdyn.forward_dynamics(shifted, None, q, v, tau), rtol=1e-11, atol=1e-9)
    # No base motion is the fixed base.
    np.testing.assert_allclose(armdyn.rnea_moving_base(puma, None, q, v, a), armdyn.rnea(puma, None, q, v, a),
                               rtol=0, atol=1e-11)


def test_forward_inverts_inverse_on_a_turning_base(puma):
    q, v, a, _ = random_states(6, 4, seed=4)
    rng = np.random.default_rng(5)
    base_v, base_a = rng.uniform(-1, 1, (4, 6)), rng.uniform(-1, 1, (4, 6))
    tau = armdyn.rnea_moving_base(puma, None, q, v, a, base_v, base_a)
    assert np.max(np.abs(tau - armdyn.rnea(puma, None, q, v, a))) > 1e-2  # the turning base matters
    np.testing.assert_allclose(armdyn.forward_dynamics_moving_base(puma, None, q, v, tau, base_v, base_a), a,
                               rtol=0, atol=1e-9)


def test_batch_equals_the_loop(puma):
    q, v, a, _ = random_states(6, 6, seed=6)
    rng = np.random.default_rng(7)
    per_state = rng.uniform(-1, 1, (6, 6))
    one = rng.uniform(-1, 1, 6)
    batch = armdyn.rnea_moving_base(puma, None, q, v, a, one, per_state)
    data = puma.create_data()
    for k in range(6):
        np.testing.assert_array_equal(batch[k], armdyn.rnea_moving_base(puma, data, q[k], v[k], a[k], one, per_state[k]))


def test_wrong_shapes_name_the_argument(puma):
    q, v, a, _ = random_states(6, 3, seed=8)
    with pytest.raises(ValueError, match="rnea_moving_base: base_a: expected shape"):
        armdyn.rnea_moving_base(puma, None, q, v, a, None, np.zeros(5))
    with pytest.raises(ValueError, match=r"base_v: expected shape \(6,\) or \(3, 6\) like q's batch"):
        armdyn.rnea_moving_base(puma, None, q, v, a, np.zeros((2, 6)))
    with pytest.raises(ValueError, match="base_v: expected shape \\(6,\\) for one state"):
        armdyn.forward_dynamics_moving_base(puma, None, q[0], v[0], a[0], np.zeros((1, 6)))
    with pytest.raises(ValueError, match="not finite"):
        armdyn.nonlinear_effects_moving_base(puma, None, q, v, [0, 0, np.nan, 0, 0, 0])
