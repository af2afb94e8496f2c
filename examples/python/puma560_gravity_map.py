#!/usr/bin/env python3
"""The PUMA 560's gravity torques over a grid of shoulder (q2) and elbow (q3) angles, computed as
one batch (every core, the GIL released), printed in summary and plotted as two images.

    PYTHONPATH=build/python python3 examples/python/puma560_gravity_map.py [OUT.png] [--points N]
"""
import argparse

import numpy as np

import armdyn


def main():
    parser = argparse.ArgumentParser(description="PUMA 560 gravity-torque map")
    parser.add_argument("out", nargs="?", default="puma560_gravity_map.png")
    parser.add_argument("--points", type=int, default=181, help="grid points per axis")
    args = parser.parse_args()

    model = armdyn.load("puma560")
    angles = np.linspace(-np.pi, np.pi, args.points)
    q2, q3 = np.meshgrid(angles, angles, indexing="ij")
    Q = np.zeros((q2.size, model.nq))
    Q[:, 1], Q[:, 2] = q2.ravel(), q3.ravel()
    G = armdyn.gravity(model, None, Q).reshape(args.points, args.points, model.nq)  # N m

    for j in (1, 2):
        g = G[:, :, j]
        k = np.unravel_index(np.argmax(np.abs(g)), g.shape)
        print(f"joint {j + 1} ({model.joint_names[j]}): |g| up to {abs(g[k]):.3f} N m "
              f"at q2 = {np.degrees(angles[k[0]]):.0f} deg, q3 = {np.degrees(angles[k[1]]):.0f} deg")
    print(f"{Q.shape[0]} states evaluated in one batch")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    extent = np.degrees([angles[0], angles[-1], angles[0], angles[-1]])
    for ax, j in zip(axes, (1, 2)):
        image = ax.imshow(G[:, :, j].T, origin="lower", extent=extent, cmap="RdBu_r", aspect="auto")
        ax.set_title(f"g{j + 1}(q2, q3) [N m]")
        ax.set_xlabel("q2 [deg]")
        ax.set_ylabel("q3 [deg]")
        figure.colorbar(image, ax=ax)
    figure.suptitle("PUMA 560 gravity torques")
    figure.tight_layout()
    figure.savefig(args.out, dpi=80)
    print(f"wrote {args.out}")
    print("gravity map OK")


if __name__ == "__main__":
    main()
