#!/usr/bin/env python3
"""Plot an `armdyn task` CSV: the drives and the joint motion against time, and the frame's path in 3-D.

usage: plot_task.py TASK.csv OUT.png [--title TEXT] [--joint-name=NAME ...]

The CSV has the header t,q1..qn,v1..vn,a1..an,tau1..taun,pos_x,pos_y,pos_z,quat_w,..,energy_consumed
(and any --with columns after them). The panels follow Vukobratovic and Potkonjak's figures of a
functional movement (drives per joint, joint coordinates per joint), with the frame's Cartesian path
in 3-D and the energy consumed. With the `--with elastic` columns a last panel shows the tip's elastic
deflection like their Fig. 4.17: the quasi-static |u^qs| with the dotted bound u^m, and the integrated
micro-motion's |u|. Shipped with armdyn (installed as share/armdyn/plot_task.py); needs
matplotlib (Debian python3-matplotlib). One --joint-name per joint, in order (missing: "joint j").
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot_simulation import start  # noqa: E402  (installed beside this script)


def main():
    args, plt, c, n, names = start(__doc__.splitlines()[0], "armdyn task")
    t = c["t"]
    fig = plt.figure(figsize=(12, 9), constrained_layout=True)
    elastic = "deflection" in c and "deflection_bound" in c
    grid = fig.add_gridspec(4 if elastic else 3, 2)
    drives = fig.add_subplot(grid[0, 0])
    joints = fig.add_subplot(grid[1, 0], sharex=drives)
    energy = fig.add_subplot(grid[2, 0], sharex=drives)
    path = fig.add_subplot(grid[:, 1], projection="3d")
    for ax, prefix, label in ((drives, "tau", "drive [N m or N]"), (joints, "q", "joint [rad or m]")):
        for j in range(1, n + 1):
            ax.plot(t, c[f"{prefix}{j}"], label=names[j - 1], linewidth=1.2)
        ax.set_ylabel(label)
        ax.grid(True, alpha=0.3)
    drives.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=min(n, 4), fontsize="small", frameon=False)
    energy.plot(t, c["energy_consumed"], color="black", linewidth=1.5)
    energy.set_ylabel("energy consumed [J]")
    energy.grid(True, alpha=0.3)
    if elastic:
        bent = fig.add_subplot(grid[3, 0], sharex=drives)
        mm = lambda column: [1e3 * v for v in c[column]]  # noqa: E731
        bent.plot(t, mm("deflection"), color="black", linewidth=1.5, label="quasi-static |u|")
        bent.plot(t, mm("deflection_bound"), color="black", linestyle=":", linewidth=1.5, label="bound u^m")
        if "deflection_dynamic" in c:
            bent.plot(t, mm("deflection_dynamic"), color="tab:orange", linewidth=0.8, label="micro-motion |u|")
        bent.set_ylabel("tip deflection [mm]")
        bent.legend(loc="upper left", fontsize="small")
        bent.grid(True, alpha=0.3)
        bent.set_xlabel("time [s]")
    else:
        energy.set_xlabel("time [s]")
    x, y, z = c["pos_x"], c["pos_y"], c["pos_z"]
    path.plot(x, y, z, color="tab:blue", linewidth=1.5)
    if x:
        path.scatter([x[0]], [y[0]], [z[0]], color="tab:green", label="start")
        path.scatter([x[-1]], [y[-1]], [z[-1]], color="tab:red", label="end")
        path.legend(loc="upper left", fontsize="small")
        # Equal scales on the three axes: the path's true shape.
        span = max(max(v) - min(v) for v in (x, y, z)) / 2 or 0.05
        for setter, v in ((path.set_xlim, x), (path.set_ylim, y), (path.set_zlim, z)):
            mid = (max(v) + min(v)) / 2
            setter(mid - span, mid + span)
    path.set_xlabel("x [m]")
    path.set_ylabel("y [m]")
    path.set_zlabel("z [m]")
    path.set_title("frame path (base axes)")
    fig.suptitle(args.title)
    fig.savefig(args.png, dpi=100, format="png")


if __name__ == "__main__":
    main()
