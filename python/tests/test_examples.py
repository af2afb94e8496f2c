"""The examples of examples/python/ run as they are, and print their numbers and verdicts."""
import os
import subprocess
import sys

import pytest

EXAMPLES = os.environ.get("ARMDYN_EXAMPLES_DIR",
                          os.path.join(os.path.dirname(__file__), "..", "..", "examples", "python"))


def run(name, *args, cwd=None):
    done = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "FAIL" not in done.stdout
    return done.stdout


def test_craig_planar_arms():
    out = run("craig_planar_arms.py")
    assert "Craig (6.60), planar2r, 100 random states" in out
    assert "tau = [853.603236 637.202648 296.818673]" in out
    assert out.rstrip().endswith("Craig's planar arms OK")


def test_kantor_rp_arm():
    out = run("kantor_rp_arm.py")
    assert "tau armdyn [23.3283191323  5.2715554175]" in out
    assert out.rstrip().endswith("Kantor's RP arm OK")


def test_puma560_gravity_map(tmp_path):
    image = tmp_path / "map.png"
    out = run("puma560_gravity_map.py", image, "--points", 41)
    assert "1681 states evaluated in one batch" in out and "joint 2 (joint2): |g| up to" in out
    assert image.read_bytes()[:4] == b"\x89PNG"
    assert out.rstrip().endswith("gravity map OK")


def test_formulation_table():
    out = run("formulation_table.py", "puma560", "--states", 50)
    for name in ("rnea", "newton-euler", "lagrange", "configuration-space"):
        assert f"\n{name} " in out
    assert out.rstrip().endswith("formulations agree OK")
