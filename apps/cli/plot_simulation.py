#!/usr/bin/env python3
"""Plot an `armdyn simulate` CSV: joint positions, velocities, torques and energy against time.

usage: plot_simulation.py SIMULATION.csv OUT.png [--title TEXT] [--joint-name=NAME ...]

The CSV has the header t,q1..qn,v1..vn,a1..an,tau1..taun,kinetic,potential,energy. Shipped with
armdyn (installed as share/armdyn/plot_simulation.py); needs matplotlib (Debian python3-matplotlib).
The legends name the joints: one --joint-name per joint, in order (missing ones: "joint j").
"""
import argparse
import csv
import sys


def read(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        raise ValueError(f"{path}: empty file")
    header, body = rows[0], rows[1:]
    columns = {name: [float(r[k]) for r in body] for k, name in enumerate(header)}
    n = sum(1 for name in header if name.startswith("v") and name[1:].isdigit())  # joints (velocities)
    return columns, n


def start(description, default_title):
    """The command line every armdyn plotting script takes, matplotlib's pyplot (Agg), the CSV's
    columns, its number of joints and the joints' names for the legends."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("csv")
    parser.add_argument("png")
    parser.add_argument("--title", default=default_title)
    parser.add_argument("--joint-name", action="append", default=[], dest="joint_names",
                        help="the name of the next joint, for the legends (give one per joint, in order)")
    args = parser.parse_args()
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        sys.exit(f"matplotlib is not available ({e}); install python3-matplotlib")
    c, n = read(args.csv)
    names = [args.joint_names[j] if j < len(args.joint_names) else f"joint {j + 1}" for j in range(n)]
    return args, plt, c, n, names


def main():
    args, plt, c, n, names = start(__doc__.splitlines()[0], "armdyn simulate")
    t = c["t"]
    fig, axes = plt.subplots(4, 1, sharex=True, figsize=(9, 10), constrained_layout=True)
    panels = [("q", "position [rad or m]"), ("v", "velocity [rad/s or m/s]"), ("tau", "torque [N m or N]")]
    for ax, (prefix, label) in zip(axes, panels):
        # q has more columns than v with a quaternion joint (its w, x, y, z): those are labelled q<k>.
        count = sum(1 for k in c if k.startswith(prefix) and k[len(prefix):].isdigit())
        for j in range(1, count + 1):
            ax.plot(t, c[f"{prefix}{j}"], label=names[j - 1] if count == n else f"{prefix}{j}", linewidth=1.2)
        ax.set_ylabel(label)
        ax.grid(True, alpha=0.3)
    # One legend for the three joint panels (same colour per joint), above them, off the curves.
    axes[0].legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=min(n, 4), fontsize="small", frameon=False)
    ax = axes[3]
    ax.plot(t, c["kinetic"], label="kinetic", linewidth=1.2)
    ax.plot(t, c["potential"], label="potential", linewidth=1.2)
    ax.plot(t, c["energy"], label="total", linewidth=1.8, color="black")
    ax.set_ylabel("energy [J]")
    ax.set_xlabel("time [s]")
    ax.legend(loc="upper right", ncol=3, fontsize="small")
    ax.grid(True, alpha=0.3)
    fig.suptitle(args.title)
    fig.savefig(args.png, dpi=100, format="png")


if __name__ == "__main__":
    main()
