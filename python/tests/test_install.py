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


@pytest.mark.parametrize("missing, message", [
    ("-DCMAKE_DISABLE_FIND_PACKAGE_pybind11=ON", "armdyn: pybind11 not found (Debian: pybind11-dev); the Python module is off"),
])
def test_the_project_configures_without_the_modules_dependencies(tmp_path, missing, message):
    source = os.environ.get("ARMDYN_SOURCE_DIR")
    cmake = os.environ.get("ARMDYN_CMAKE", "cmake")
    if not source:
        pytest.skip("ARMDYN_SOURCE_DIR is not given")
    done = subprocess.run([cmake, "-S", source, "-B", str(tmp_path / "build"), missing, "-DARMDYN_BUILD_TESTS=OFF",
                           "-DARMDYN_BUILD_BENCH=OFF", "-DARMDYN_BUILD_PEERS=OFF", "-DARMDYN_BUILD_EXAMPLES=OFF",
                           "-DARMDYN_BUILD_CLI=OFF"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert message in done.stdout
    assert not (tmp_path / "build" / "python" / "CMakeFiles" / "armdyn_python.dir").exists()
