#!/usr/bin/env python3
"""Plot an `armdyn actuate` CSV: the P-n (torque-speed) diagram of every motor over its envelope.

usage: plot_actuate.py ACTUATE.csv OUT.png [--title TEXT] [--joint-name=NAME ...]
                       [--envelope=STALL:NO_LOAD_RPM:CURRENT_TORQUE ...]

The CSV has the header t,u1,i1,power1,motor_speed1,motor_torque1,...,energy. One panel per motor:
the points (|motor speed| in rpm, |motor torque| in N m) of the motion, and the catalogue envelope
of Vukobratovic and Potkonjak's P-n diagrams: the line from the stall torque at rest down to the
no-load speed (the voltage limit) and the horizontal line of the current limit. One --envelope
per motor, in order; "inf" leaves a line out. --envelope=cylinder marks a hydraulic cylinder: its
panel shows |piston force| in N against |piston speed| in m/s, without an envelope. Shipped with armdyn (installed as
share/armdyn/plot_actuate.py); needs matplotlib (Debian python3-matplotlib).
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot_simulation import read  # noqa: E402  (installed beside this script)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv")
    parser.add_argument("png")
    parser.add_argument("--title", default="armdyn actuate")
    parser.add_argument("--joint-name", action="append", default=[], dest="joint_names")
    parser.add_argument("--envelope", action="append", default=[], dest="envelopes")
    args = parser.parse_args()
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        sys.exit(f"matplotlib is not available ({e}); install python3-matplotlib")
    c, _ = read(args.csv)
    n = sum(1 for name in c if name.startswith("u") and name[1:].isdigit())
    cols = min(n, 3) or 1
    rows = max(1, math.ceil(n / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.6 * rows), constrained_layout=True, squeeze=False)
    for j in range(1, n + 1):
        ax = axes[(j - 1) // cols][(j - 1) % cols]
        speed = [abs(x) for x in c[f"motor_speed{j}"]]
        torque = [abs(x) for x in c[f"motor_torque{j}"]]
        ax.plot(speed, torque, color="tab:blue", linewidth=1.2, label="motion")
        top = max(torque, default=0.0)
        right = max(speed, default=0.0)
        envelope = args.envelopes[j - 1] if j - 1 < len(args.envelopes) else ""
        cylinder = envelope == "cylinder"
        if envelope and not cylinder:
            stall, no_load, current = (float(x) for x in envelope.split(":"))
            if math.isfinite(stall):
                ax.plot([0, no_load], [stall, 0], color="tab:red", linewidth=1.5, label="voltage limit")
                top, right = max(top, stall), max(right, no_load)
            if math.isfinite(current):
                ax.axhline(current, color="tab:orange", linewidth=1.5, linestyle="--", label="current limit")
                top = max(top, current)
        ax.set_xlim(0, 1.05 * right or 1)
        ax.set_ylim(0, 1.1 * top or 1)
        name = args.joint_names[j - 1] if j - 1 < len(args.joint_names) else f"joint {j}"
        ax.set_title(name)
        ax.set_xlabel("|piston speed| [m/s]" if cylinder else "|motor speed| n [rpm]")
        ax.set_ylabel("|piston force| [N]" if cylinder else "|motor torque| P [N m]")
        ax.grid(True, alpha=0.3)
        ax.legend(loc="upper right", fontsize="small")
    for k in range(n, rows * cols):
        axes[k // cols][k % cols].axis("off")
    fig.suptitle(args.title)
    fig.savefig(args.png, dpi=100, format="png")


if __name__ == "__main__":
    main()
