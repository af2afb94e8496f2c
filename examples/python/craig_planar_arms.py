#!/usr/bin/env python3
"""Craig's planar arms from Python: the two-link arm of §6.7 (built-in planar2r, point masses at
the distal link ends) against its closed form (6.60), and the three-link arm of MATLAB exercise
6B (built-in planar3r) against the exercise's printed numbers.

    PYTHONPATH=build/python python3 examples/python/craig_planar_arms.py
"""
import numpy as np

import armdyn


def craig_2r_closed_form(q, qd, qdd, l1=1.0, l2=0.5, m1=2.0, m2=1.0, g=9.81):
    """tau of Craig (6.60): point masses m1, m2 at the distal ends of links of lengths l1, l2."""
    c1, c2, s2, c12 = np.cos(q[0]), np.cos(q[1]), np.sin(q[1]), np.cos(q[0] + q[1])
    tau1 = (m2 * l2**2 * (qdd[0] + qdd[1]) + m2 * l1 * l2 * c2 * (2 * qdd[0] + qdd[1])
            + (m1 + m2) * l1**2 * qdd[0] - m2 * l1 * l2 * s2 * qd[1]**2 - 2 * m2 * l1 * l2 * s2 * qd[0] * qd[1]
            + m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1)
    tau2 = m2 * l1 * l2 * c2 * qdd[0] + m2 * l1 * l2 * s2 * qd[0]**2 + m2 * l2 * g * c12 + m2 * l2**2 * (qdd[0] + qdd[1])
    return np.array([tau1, tau2])


def main():
    two = armdyn.load("planar2r")
    rng = np.random.default_rng(0)
    q, qd, qdd = (rng.uniform(-1, 1, size=(100, 2)) for _ in range(3))
    armdyn_tau = armdyn.rnea(two, None, q, qd, qdd)             # the 100 states as one batch
    closed = np.array([craig_2r_closed_form(*s) for s in zip(q, qd, qdd)])
    worst_2r = np.max(np.abs(armdyn_tau - closed))
    print(f"Craig (6.60), planar2r, 100 random states: largest |tau - closed form| = {worst_2r:.2e} N m")

    three = armdyn.load("planar3r")
    data = three.create_data()
    deg = np.pi / 180
    q, qd, qdd = np.array([10, 20, 30]) * deg, np.array([1.0, 2, 3]), np.array([0.5, 1, 1.5])
    printed = {  # Craig, MATLAB exercise 6B (g = 9.81)
        "tau": [853.603236, 637.202648, 296.818673],
        "M": [[1112.605434, 409.058479, 61.792267], [409.058479, 186.011524, 36.080762],
              [61.792267, 36.080762, 10.1]],
        "V": [-2052.056061, -302.533992, 165.641778],
        "G": [1847.609702, 495.074734, 49.05],
    }
    computed = {
        "tau": armdyn.rnea(three, data, q, qd, qdd),
        "M": armdyn.crba(three, data, q),
        "V": armdyn.nonlinear_effects(three, data, q, qd) - armdyn.gravity(three, data, q),
        "G": armdyn.gravity(three, data, q),
    }
    np.set_printoptions(precision=6, suppress=True)
    worst_6b = 0.0
    print("Craig MATLAB exercise 6B, planar3r at theta = (10, 20, 30) deg, thetadot = (1, 2, 3), "
          "thetaddot = (0.5, 1, 1.5):")
    for name, value in computed.items():
        difference = np.max(np.abs(value - np.array(printed[name])))
        worst_6b = max(worst_6b, difference)
        print(f"  {name:3s} = {np.array2string(value, prefix='        ')}   (printed: largest difference {difference:.1e})")
    ok = worst_2r < 1e-12 and worst_6b < 1e-5
    print("Craig's planar arms OK" if ok else "FAIL: armdyn disagrees with Craig")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
