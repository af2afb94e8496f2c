"""Shared fixtures of the pytest suite of the Python module armdyn.

ctest runs the suite with PYTHONPATH=<build>/python and passes the paths below as environment
variables: ARMDYN_CLI (the `armdyn` tool the results are compared with), ARMDYN_TEST_DATA_DIR,
ARMDYN_EXAMPLES_DIR, ARMDYN_BUILD_DIR, ARMDYN_SOURCE_DIR and ARMDYN_CMAKE.
"""
import json
import os
import subprocess

import numpy as np
import pytest

import armdyn

DATA_DIR = os.environ.get("ARMDYN_TEST_DATA_DIR",
                          os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data"))
MODELS_DIR = os.path.join(DATA_DIR, "models")

# Built-in models and files covering DH (standard and modified), URDF, prismatic joints, trees.
MODEL_SPECS = ["puma560", "stanford", "rp", "craig3r",
               os.path.join(MODELS_DIR, "ur5.urdf"),
               os.path.join(MODELS_DIR, "panda.urdf"),
               os.path.join(MODELS_DIR, "branching_tree.urdf"),
               os.path.join(MODELS_DIR, "kantor_rp.json")]


def model_id(spec):
    return os.path.basename(spec)


def random_states(n, m, seed):
    """m states (q, v, a, tau) of n joints, uniform in [-1, 1]."""
    rng = np.random.default_rng(seed)
    return tuple(rng.uniform(-1.0, 1.0, size=(m, n)) for _ in range(4))


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("ARMDYN_CLI")
    if not path or not os.path.exists(path):
        pytest.skip("ARMDYN_CLI (the armdyn tool) is not given")
    return path


def run_cli(cli, args, stdin=None, cwd=None):
    """Runs the tool; returns its stdout (asserting exit status 0)."""
    done = subprocess.run([cli] + list(args), input=stdin, capture_output=True, text=True, cwd=cwd, check=False)
    assert done.returncode == 0, f"armdyn {' '.join(args)}: exit {done.returncode}: {done.stderr}"
    return done.stdout


def cli_eval(cli, spec, q, v, a, tau, extra=()):
    """`armdyn eval` on the states (rows of q, v, a, tau): the parsed JSON document."""
    states = {"states": [{"q": list(map(float, q[k])), "v": list(map(float, v[k])), "a": list(map(float, a[k])),
                          "tau": list(map(float, tau[k]))} for k in range(q.shape[0])]}
    text = run_cli(cli, ["eval", spec, "-"] + list(extra), stdin=json.dumps(states))
    return json.loads(text)


def eval_with_f_ext(cli, spec, q, v, a, tau, f_ext, extra=()):
    """`armdyn eval` on states that carry the same "f_ext" each."""
    states = {"states": [{"q": list(map(float, q[k])), "v": list(map(float, v[k])), "a": list(map(float, a[k])),
                          "tau": list(map(float, tau[k])),
                          "f_ext": {name: list(map(float, w)) for name, w in f_ext.items()}}
                         for k in range(q.shape[0])]}
    return json.loads(run_cli(cli, ["eval", spec, "-"] + list(extra), stdin=json.dumps(states)))


@pytest.fixture(params=MODEL_SPECS, ids=model_id)
def spec(request):
    return request.param


@pytest.fixture
def model(spec):
    return armdyn.load(spec)
