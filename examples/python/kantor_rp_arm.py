#!/usr/bin/env python3
"""Kantor's planar RP arm (a revolute joint, then a prismatic one; standard DH, from the file
tests/data/models/kantor_rp.json): armdyn's M, C qd and G against Kantor's boxed equations of
motion, and the numeric instance at q = (0.5, 0.3), qd = (1.2, -0.3), qdd = (0.7, 0.4).

    PYTHONPATH=build/python python3 examples/python/kantor_rp_arm.py [MODEL_FILE]
"""
import os
import sys

import numpy as np

import armdyn

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FILE = os.path.join(HERE, "..", "..", "tests", "data", "models", "kantor_rp.json")


def kantor(q, qd, qdd, m1=2.0, m2=1.5, l1=1.0, a1=0.5, a2=0.2, I1=0.1, I2=0.05, g=9.8):
    """Kantor's boxed equations: tau, M, the velocity terms C qd, and G."""
    r = l1 - a2 + q[1]
    gamma1 = m1 * (l1 - a1)**2 + I1 + m2 * r * r + I2
    gamma2 = m1 * g * (l1 - a1) + m2 * g * (l1 + q[1] - a2)
    c1, s1 = np.cos(q[0]), np.sin(q[0])
    tau = np.array([2 * m2 * r * qd[1] * qd[0] + gamma1 * qdd[0] + gamma2 * c1,
                    m2 * qdd[1] - m2 * r * qd[0]**2 + m2 * g * s1])
    M = np.array([[gamma1, 0.0], [0.0, m2]])
    V = np.array([2 * m2 * r * qd[0] * qd[1], -m2 * r * qd[0]**2])
    G = np.array([gamma2 * c1, m2 * g * s1])
    return tau, M, V, G


def main():
    model = armdyn.load(sys.argv[1] if len(sys.argv) > 1 else DEFAULT_FILE)
    print(f"model '{model.name}': joints {model.joint_names} ({', '.join(model.joint_types)})")
    data = model.create_data()
    q, qd, qdd = np.array([0.5, 0.3]), np.array([1.2, -0.3]), np.array([0.7, 0.4])
    tau, M, V, G = kantor(q, qd, qdd)
    computed = (armdyn.rnea(model, data, q, qd, qdd), armdyn.crba(model, data, q),
                armdyn.nonlinear_effects(model, data, q, qd) - armdyn.gravity(model, data, q),
                armdyn.gravity(model, data, q))
    worst = 0.0
    for name, mine, theirs in zip(("tau", "M", "V", "G"), computed, (tau, M, V, G)):
        worst = max(worst, np.max(np.abs(mine - theirs)))
        print(f"  {name:3s} armdyn {np.array2string(mine.ravel(), precision=10)}  Kantor {np.array2string(theirs.ravel(), precision=10)}")
    ok = worst < 1e-10
    print(f"largest difference {worst:.1e}")
    print("Kantor's RP arm OK" if ok else "FAIL: armdyn disagrees with Kantor")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
