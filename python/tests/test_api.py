"""The module's API: models, argument handling (dtypes, lists, memory orders), results the caller
owns, error messages, and identities that tie the functions together."""
import os
import pathlib

import numpy as np
import pytest

import armdyn
from conftest import MODELS_DIR, random_states

FUNCTIONS_QV = [armdyn.nonlinear_effects, armdyn.coriolis_matrix, armdyn.kinetic_energy]


def test_model_attributes():
    model = armdyn.load("puma560")
    assert model.nq == model.nv == model.nbodies == 6
    assert len(model.joint_names) == 6 and model.body_names[-1] in model.frame_names
    assert model.joint_types == ["revolute"] * 6 and model.parents[0] == -1
    np.testing.assert_array_equal(model.gravity, [0, 0, -9.81])
    assert model.lower_limits.shape == (6,) and model.effort_limits.dtype == np.float64
    assert "puma560" in armdyn.builtin_models() and "rk45" in armdyn.integrators()
    assert armdyn.forward_dynamics_methods() == ["aba", "crba", "walker-orin"]
    assert repr(model) == "<armdyn.Model 'puma560' with 6 joints>"
    data = model.create_data()
    assert data.model.name == "puma560"
    moon = model.with_gravity([0, 0, -1.62])
    np.testing.assert_array_equal(moon.gravity, [0, 0, -1.62])
    np.testing.assert_allclose(armdyn.gravity(moon, None, np.ones(6)), armdyn.gravity(model, None, np.ones(6)) * 1.62 / 9.81,
                               rtol=1e-12, atol=1e-12)


def test_load_accepts_paths_and_reports_the_loaders_errors(tmp_path):
    model = armdyn.load(pathlib.Path(MODELS_DIR) / "ur5.urdf")
    assert model.nq == 6 and model.name == "ur5"
    with pytest.raises(armdyn.InputError, match="nosuchmodel"):
        armdyn.load("nosuchmodel")
    bad = tmp_path / "bad.urdf"
    bad.write_text('<robot name="r"><link name="a"><inertial><mass value="-1"/>'
                   '<inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>'
                   '<link name="b"/><joint name="j" type="revolute"><parent link="a"/><child link="b"/>'
                   '<axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint></robot>')
    with pytest.raises(armdyn.InputError) as error:
        armdyn.load(bad)
    assert "bad.urdf" in str(error.value)
    assert issubclass(armdyn.ModelError, armdyn.InputError) and issubclass(armdyn.InputError, ValueError)


@pytest.mark.parametrize("convert", [
    lambda x: x.astype(np.float32).astype(np.float64),  # the reference, rounded like the float32 input
    lambda x: x.astype(np.float32),
    lambda x: list(map(float, x.astype(np.float32))),
    lambda x: np.asfortranarray(np.tile(x.astype(np.float32).astype(np.float64), (3, 1)))[1],
    lambda x: np.repeat(x.astype(np.float32).astype(np.float64), 2)[::2],
], ids=["float64", "float32", "list", "fortran-row", "strided"])
def test_inputs_of_any_float_array_like(convert):
    model = armdyn.load("puma560")
    q, v, a, _ = (s[0] for s in random_states(6, 1, seed=5))
    exact = lambda x: x.astype(np.float32).astype(np.float64)
    expected = armdyn.rnea(model, None, exact(q), exact(v), exact(a))
    np.testing.assert_array_equal(armdyn.rnea(model, None, convert(q), convert(v), convert(a)), expected)


def test_integer_and_fortran_batches():
    model = armdyn.load("puma560")
    q = np.arange(12).reshape(2, 6)
    np.testing.assert_array_equal(armdyn.gravity(model, None, q), armdyn.gravity(model, None, q.astype(float)))
    qf = np.asfortranarray(q.astype(float))
    np.testing.assert_array_equal(armdyn.crba(model, None, qf), armdyn.crba(model, None, q.astype(float)))


def test_results_are_new_float64_c_order_arrays_the_caller_owns():
    model = armdyn.load("puma560")
    data = model.create_data()
    q = np.zeros(6)
    first = armdyn.crba(model, data, q)
    second = armdyn.crba(model, data, q + 0.5)
    for result in (first, second, armdyn.rnea(model, data, q, q, q), armdyn.jacobian(model, data, q, 3)):
        assert result.dtype == np.float64 and result.flags.c_contiguous and result.flags.writeable
        assert result.flags.owndata or result.base is not None and not isinstance(result.base, np.ndarray)
    tau = armdyn.rnea(model, data, q + 0.1, q, q + 0.2)
    armdyn.rnea(model, data, np.zeros((3, 6)), np.zeros((3, 6)), np.zeros((3, 6)))  # a batch leaves data alone
    np.testing.assert_array_equal(data.tau, tau)
    np.testing.assert_array_equal(data.M, second)
    for result, name in ((armdyn.gravity(model, data, q + 0.3), "g"), (armdyn.nonlinear_effects(model, data, q, q + 1), "nle"),
                         (armdyn.aba(model, data, q, q, q + 1), "ddq")):
        np.testing.assert_array_equal(getattr(data, name), result)
    T = armdyn.frame_placement(model, data, q + 0.4, 2)
    np.testing.assert_array_equal(data.oMf[2], T)
    assert data.oMf.shape == (len(model.frame_names), 4, 4)
    assert not np.array_equal(first, second)  # the second call did not overwrite the first result
    first[0, 0] = 1e9  # and writing into a result changes nothing in the library
    np.testing.assert_array_equal(armdyn.crba(model, data, q + 0.5), second)
    assert isinstance(armdyn.kinetic_energy(model, data, q, q), float)


def test_wrong_shapes_name_the_argument_and_the_expected_shape():
    model = armdyn.load("puma560")
    with pytest.raises(ValueError, match=r"rnea: q: expected shape \(6,\) or \(m, 6\), got \(5,\)"):
        armdyn.rnea(model, None, np.zeros(5), np.zeros(6), np.zeros(6))
    with pytest.raises(ValueError, match=r"rnea: a: expected shape \(6,\) like q, got \(7,\)"):
        armdyn.rnea(model, None, np.zeros(6), np.zeros(6), np.zeros(7))
    with pytest.raises(ValueError, match=r"crba: q: expected shape \(6,\) or \(m, 6\), got \(2, 3, 6\)"):
        armdyn.crba(model, None, np.zeros((2, 3, 6)))
    with pytest.raises(ValueError, match=r"nonlinear_effects: v: expected shape \(4, 6\) like q, got \(3, 6\)"):
        armdyn.nonlinear_effects(model, None, np.zeros((4, 6)), np.zeros((3, 6)))
    with pytest.raises(ValueError, match=r"gravity: q: expected an array of numbers of shape .* got an object of type list"):
        armdyn.gravity(model, None, [[1, 2], [3]])
    with pytest.raises(armdyn.DTypeError, match=r"gravity: q: expected real numbers, got strings"):
        armdyn.gravity(model, None, ["a"] * 6)
    with pytest.raises(ValueError, match=r"crba: q: expected real numbers, got a complex array"):
        armdyn.crba(model, None, np.zeros(6, dtype=complex))
    with pytest.raises(ValueError, match=r"with_gravity: gravity: expected real numbers"):
        model.with_gravity(np.array([0, 0, -9.81j]))
    with pytest.raises(ValueError, match=r"rnea: f_ext: expected shape \(6, 6\), got \(6, 3\)"):
        armdyn.rnea(model, None, np.zeros(6), np.zeros(6), np.zeros(6), f_ext=np.zeros((6, 3)))
    with pytest.raises(ValueError, match=r"simulate: q0: expected shape \(6,\)"):
        armdyn.simulate(model, np.zeros(2), np.zeros(6), 0.1)


def test_non_finite_inputs_are_refused_with_their_index():
    model = armdyn.load("puma560")
    q = np.zeros(6)
    bad = q.copy()
    bad[2] = np.nan
    with pytest.raises(ValueError, match=r"rnea: v\[2\] is not finite \(nan\)"):
        armdyn.rnea(model, None, q, bad, q)
    batch = np.zeros((3, 6))
    batch[1, 4] = np.inf
    with pytest.raises(ValueError, match=r"forward_dynamics: tau\[1, 4\] is not finite \(inf\)"):
        armdyn.forward_dynamics(model, None, np.zeros((3, 6)), np.zeros((3, 6)), batch)
    with pytest.raises(ValueError, match=r"f_ext\['link3'\]\[0\] is not finite"):
        armdyn.rnea(model, None, q, q, q, f_ext={"link3": [np.nan, 0, 0, 0, 0, 0]})


def test_library_errors_keep_their_message():
    model = armdyn.load("puma560")
    tree = armdyn.load(os.path.join(MODELS_DIR, "branching_tree.urdf"))
    q = np.zeros(6)
    with pytest.raises(armdyn.InputError, match=r"unknown forward-dynamics method 'fast' \(one of: aba, crba, walker-orin\)"):
        armdyn.forward_dynamics(model, None, q, q, q, method="fast")
    with pytest.raises(armdyn.InputError, match=r"unknown method 'nope' \(known: rnea, "):
        armdyn.formulations.evaluate("nope", model, q, q, q)
    chains_only = [n for n in armdyn.formulations.names() if armdyn.formulations.info(n)["chains_only"]]
    assert chains_only
    qt = np.zeros(tree.nq)
    with pytest.raises(armdyn.InputError, match="serial chains only"):
        armdyn.formulations.evaluate(chains_only[0], tree, qt, qt, qt)
    with pytest.raises(armdyn.InputError, match="serial chains only"):  # from a batch's worker threads too
        armdyn.formulations.evaluate(chains_only[0], tree, np.zeros((4, tree.nq)), np.zeros((4, tree.nq)),
                                     np.zeros((4, tree.nq)))
    with pytest.raises(ValueError, match=r"jacobian: frame: unknown frame 'hand' in model 'puma560' \(frames: "):
        armdyn.jacobian(model, None, q, "hand")
    with pytest.raises(ValueError, match=r"frame: index 99 out of range"):
        armdyn.frame_placement(model, None, q, 99)
    with pytest.raises(ValueError, match=r"frame_axes: expected 'world' or 'local', got 'base'"):
        armdyn.jacobian(model, None, q, 3, frame_axes="base")
    with pytest.raises(ValueError, match=r"crba: data was made by another model \('ur5'\)"):
        armdyn.crba(model, armdyn.load(os.path.join(MODELS_DIR, "ur5.urdf")).create_data(), q)
    with pytest.raises(armdyn.InputError, match="prefix: 'no way' is not a C identifier"):
        armdyn.codegen(model, prefix="no way")
    with pytest.raises(armdyn.InputError, match="unknown integrator 'leapfrog'"):
        armdyn.simulate(model, q, q, 0.1, integrator="leapfrog")


def test_mass_matrix_is_full_symmetric_and_ties_rnea_together():
    model = armdyn.load(os.path.join(MODELS_DIR, "panda.urdf"))
    q, v, a, _ = (s[0] for s in random_states(model.nq, 1, seed=6))
    M = armdyn.crba(model, None, q)
    np.testing.assert_array_equal(M, M.T)
    c = armdyn.nonlinear_effects(model, None, q, v)
    np.testing.assert_allclose(armdyn.rnea(model, None, q, v, a), M @ a + c, rtol=1e-10, atol=1e-10)
    g = armdyn.gravity(model, None, q)
    np.testing.assert_allclose(armdyn.coriolis_matrix(model, None, q, v) @ v, c - g, rtol=1e-9, atol=1e-10)
    c3 = armdyn.christoffel_symbols(model, None, q)
    np.testing.assert_allclose(np.einsum("ijk,j,k->i", c3, v, v), c - g, rtol=1e-9, atol=1e-10)
    np.testing.assert_array_equal(c3, np.transpose(c3, (0, 2, 1)))
    h = 1e-6
    dM = armdyn.mass_matrix_derivatives(model, None, q)
    for k in range(model.nq):
        e = np.zeros(model.nq)
        e[k] = h
        numeric = (armdyn.crba(model, None, q + e) - armdyn.crba(model, None, q - e)) / (2 * h)
        np.testing.assert_allclose(dM[k], numeric, rtol=1e-6, atol=1e-8)
    pairs = [(j, k) for j in range(model.nq) for k in range(j + 1, model.nq)]
    B, Cc = armdyn.coriolis_coefficients(model, None, q), armdyn.centrifugal_matrix(model, None, q)
    assert B.shape == (model.nq, len(pairs))
    np.testing.assert_allclose(B @ np.array([v[j] * v[k] for j, k in pairs]) + Cc @ v**2, c - g, rtol=1e-9, atol=1e-10)
    tau = armdyn.rnea(model, None, q, v, a)
    for method in armdyn.forward_dynamics_methods():
        np.testing.assert_allclose(armdyn.forward_dynamics(model, None, q, v, tau, method=method), a, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(armdyn.kinetic_energy(model, None, q, v), 0.5 * v @ M @ v, rtol=1e-12)


def test_jacobian_world_and_local_against_finite_differences():
    model = armdyn.load("puma560")
    q, v, _, _ = (s[0] for s in random_states(6, 1, seed=7))
    frame = model.frame_names[-1]
    J = armdyn.jacobian(model, None, q, frame)
    h = 1e-7
    T0 = armdyn.frame_placement(model, None, q, frame)
    T1 = armdyn.frame_placement(model, None, q + h * v, frame)
    np.testing.assert_allclose(J[:3] @ v, (T1[:3, 3] - T0[:3, 3]) / h, rtol=1e-5, atol=1e-6)
    Jl = armdyn.jacobian(model, None, q, frame, frame_axes="local")
    R = T0[:3, :3]
    np.testing.assert_allclose(Jl[:3], R.T @ J[:3], atol=1e-14)
    np.testing.assert_allclose(Jl[3:], R.T @ J[3:], atol=1e-14)
    np.testing.assert_array_equal(armdyn.jacobian(model, None, q, np.int64(model.frame_names.index(frame))), J)
    with pytest.raises(TypeError, match="jacobian: frame: expected a frame name"):
        armdyn.jacobian(model, None, q, 2.0)
    np.testing.assert_allclose(armdyn.frame_velocity(model, None, q, v, frame), J @ v, rtol=1e-13, atol=1e-13)
    a = np.linspace(-1, 1, 6)
    ahead = armdyn.frame_velocity(model, None, q + h * v, v + h * a, frame)
    np.testing.assert_allclose(armdyn.frame_acceleration(model, None, q, v, a, frame),
                               (ahead - armdyn.frame_velocity(model, None, q, v, frame)) / h, rtol=1e-5, atol=1e-5)
    placements = armdyn.forward_kinematics(model, None, q)
    assert placements.shape == (6, 4, 4)
    np.testing.assert_array_equal(placements[:, 3, :], np.tile([0, 0, 0, 1.0], (6, 1)))


def test_f_ext_by_frame_is_minus_jacobian_transpose_times_the_wrench():
    model = armdyn.load(os.path.join(MODELS_DIR, "ur5.urdf"))
    q, v, a, _ = (s[0] for s in random_states(6, 1, seed=8))
    frame = model.frame_names[-1]
    wrench = np.array([3.0, -2.0, 5.0, 0.5, 0.25, -1.0])  # force N, moment N m about the frame origin
    free = armdyn.rnea(model, None, q, v, a)
    for axes in ("world", "local"):
        J = armdyn.jacobian(model, None, q, frame, frame_axes=axes)
        pushed = armdyn.rnea(model, None, q, v, a, f_ext={frame: wrench}, f_ext_axes=axes)
        np.testing.assert_allclose(pushed, free - J.T @ wrench, rtol=1e-10, atol=1e-10, err_msg=axes)
        # two entries for the same frame (by name and by index) add up
        twice = armdyn.rnea(model, None, q, v, a, f_ext={frame: wrench, model.frame_names.index(frame): wrench},
                            f_ext_axes=axes)
        np.testing.assert_allclose(twice, free - 2 * J.T @ wrench, rtol=1e-10, atol=1e-10, err_msg=axes)
    # The per-body form: zero wrenches change nothing; a wrench on the last body (its joint frame,
    # about its origin) is the world wrench at a frame of that body moved there.
    np.testing.assert_array_equal(armdyn.rnea(model, None, q, v, a, f_ext=np.zeros((6, 6))), free)
    per_body = np.zeros((6, 6))
    per_body[-1] = wrench
    body = armdyn.forward_kinematics(model, None, q)[-1]
    at = armdyn.frame_placement(model, None, q, frame)
    f, n = body[:3, :3] @ wrench[:3], body[:3, :3] @ wrench[3:]
    world = np.concatenate([f, n + np.cross(body[:3, 3] - at[:3, 3], f)])
    np.testing.assert_allclose(armdyn.rnea(model, None, q, v, a, f_ext=per_body),
                               armdyn.rnea(model, None, q, v, a, f_ext={frame: world}), rtol=1e-10, atol=1e-10)
    with pytest.raises(ValueError, match="f_ext_axes: expected 'world' or 'local', got 'base'"):
        armdyn.rnea(model, None, q, v, a, f_ext={frame: wrench}, f_ext_axes="base")


def test_f_ext_in_a_batch_is_moved_to_each_state():
    model = armdyn.load("puma560")
    q, v, a, _ = random_states(6, 5, seed=9)
    fx = {model.frame_names[-1]: [1.0, -2.0, 3.0, 0.1, 0.2, -0.3]}
    batch = armdyn.rnea(model, None, q, v, a, f_ext=fx)
    np.testing.assert_array_equal(batch, [armdyn.rnea(model, None, q[k], v[k], a[k], f_ext=fx) for k in range(5)])


def test_formulations_info_mass_matrix_and_gravity():
    model = armdyn.load("stanford")
    q = np.linspace(-0.5, 0.5, model.nq)
    M = armdyn.crba(model, None, q)
    g = armdyn.gravity(model, None, q)
    for name in armdyn.formulations.names():
        info = armdyn.formulations.info(name)
        assert info["name"] == name and info["source"]
        if info["has_mass_matrix"]:
            np.testing.assert_allclose(armdyn.formulations.mass_matrix(name, model, q), M, rtol=1e-9, atol=1e-9)
        if info["has_gravity_torque"]:
            np.testing.assert_allclose(armdyn.formulations.gravity(name, model, q), g, rtol=1e-9, atol=1e-9)


def test_the_package_is_typed():
    folder = os.path.dirname(armdyn.__file__)
    assert os.path.exists(os.path.join(folder, "py.typed"))
    assert os.path.exists(os.path.join(folder, "__init__.pyi"))
    for name in armdyn.__all__:
        assert getattr(armdyn, name).__doc__, name
    assert "(m, n)" in armdyn.rnea.__doc__ and "N m" in armdyn.rnea.__doc__


def _runtime_parameters(function):
    """Parameter names of a function: from its signature, or from the first line of a compiled
    function's docstring ("name(a, b, c=None) -> ...")."""
    import inspect
    import re
    try:
        return [p for p in inspect.signature(function).parameters if p != "self"]
    except (TypeError, ValueError):
        first = function.__doc__.splitlines()[0]
        inside = re.match(r"\w+\((.*)\)", first).group(1)
        return [part.split("=")[0].strip() for part in inside.split(",") if part.strip()]


def test_the_stub_declares_every_public_name_with_the_runtime_parameters():
    import ast
    stub = ast.parse(open(os.path.join(os.path.dirname(armdyn.__file__), "__init__.pyi")).read())
    declared = {}
    for node in stub.body:
        if isinstance(node, ast.FunctionDef):
            declared[node.name] = [a.arg for a in node.args.args + node.args.kwonlyargs]
        elif isinstance(node, ast.ClassDef):
            declared[node.name] = None
        elif isinstance(node, ast.AnnAssign):
            declared[node.target.id] = None
        elif isinstance(node, ast.ImportFrom):  # a submodule: `from . import design as design`
            for alias in node.names:
                declared[alias.asname or alias.name] = None
    assert set(armdyn.__all__) <= set(declared), set(armdyn.__all__) - set(declared)
    for name, parameters in declared.items():
        if parameters is not None and name in armdyn.__all__:
            assert _runtime_parameters(getattr(armdyn, name)) == parameters, name
    formulations = next(n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == "_Formulations")
    for method in formulations.body:
        stub_parameters = [a.arg for a in method.args.args][1:]
        assert _runtime_parameters(getattr(armdyn.formulations, method.name)) == stub_parameters, method.name
