"""`cmake --install` puts the package into the interpreter's site-packages below the prefix, and it
imports from there (outside the build tree)."""
import glob
import os
import subprocess
import sys

import pytest


def test_install_component_python_imports_from_the_prefix(tmp_path):
    build = os.environ.get("ARMDYN_BUILD_DIR")
    cmake = os.environ.get("ARMDYN_CMAKE", "cmake")
    if not build:
        pytest.skip("ARMDYN_BUILD_DIR is not given")
    prefix = tmp_path / "prefix"
    subprocess.run([cmake, "--install", build, "--prefix", str(prefix), "--component", "python"], check=True,
                   capture_output=True)
    found = glob.glob(str(prefix / "**" / "armdyn" / "__init__.py"), recursive=True)
    assert len(found) == 1, found
    package = os.path.dirname(found[0])
    assert os.path.basename(os.path.dirname(package)) in ("site-packages", "dist-packages")
    for name in ("__init__.pyi", "py.typed", "_simulation.py"):
        assert os.path.exists(os.path.join(package, name)), name
    env = dict(os.environ, PYTHONPATH=os.path.dirname(package))
    done = subprocess.run([sys.executable, "-c", "import armdyn, numpy; m = armdyn.load('puma560'); "
                           "print(armdyn.__file__); print(armdyn.gravity(m, None, numpy.zeros(6)).shape)"],
                          env=env, capture_output=True, text=True, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [os.path.join(package, "__init__.py"), "(6,)"]
