#!/usr/bin/env python3
"""Plot an `armdyn design` results.csv: a sweep, T_min per grid point, or an optimisation's search path.

usage: plot_design.py results.csv OUT.png [--title TEXT] [--kind sweep|tmin|optimize|criterion]
                      [--parameter=NAME ...] [--variable=NAME ...] [--table=TABLE.csv]

sweep: E, sigma_max and the drive margin against the first parameter, one curve per value of the
others, like Vukobratovic and Potkonjak's Figs. 5.13 (E(R) for several T) and 5.17 (sigma_max(R)
for several T); infeasible candidates are crossed. tmin: T_min against the first parameter, one
curve per value of the others, each limitation's own shortest time (stress, drives, deflection)
drawn as a thin boundary beside it, with E at T_min below (Figs. 5.11-5.12, 5.35-5.36). criterion:
G against the degree of conjunction c, one curve per candidate, from the table --table
(candidate,c,r,G; Figs. 5.39-5.40), infeasible candidates dashed. motors: the P-n diagram of every
DC motor, torque against speed (r.p.m.) at the motor for each candidate of --table, inside the
motor's envelope (the voltage and current limits; Fig. 5.18). optimize: the search
path in the plane of the first two variables (Fig. 5.37), feasible points filled, infeasible ones
open, one panel per method, and the objective along the path. Shipped with armdyn (installed as
share/armdyn/plot_design.py); needs matplotlib (Debian python3-matplotlib).
"""
import argparse
import csv
import sys


def read(path, parameters):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        sys.exit(f"{path}: no candidates")
    for name in parameters:
        if name not in rows[0]:
            sys.exit(f"{path}: no column '{name}'")
    return rows


def plot_search(plt, rows, args):
    """The search path of each method in the plane of the first two variables (or along the one)."""
    methods = sorted({r["method"] for r in rows})
    fig, axes = plt.subplots(2, len(methods), figsize=(6 * len(methods), 9), constrained_layout=True, squeeze=False)
    v = args.variables
    for m, method in enumerate(methods):
        path = [r for r in rows if r["method"] == method]
        xs = [float(r[v[0]]) for r in path]
        ys = [float(r[v[1]]) for r in path] if len(v) > 1 else [float(r["objective"]) for r in path]
        ax = axes[0][m]
        ax.plot(xs, ys, color="grey", linewidth=0.8)
        ok = [r["feasible"] == "1" for r in path]
        ax.plot([x for x, f in zip(xs, ok) if f], [y for y, f in zip(ys, ok) if f], "o", color="tab:green",
                label="feasible")
        ax.plot([x for x, f in zip(xs, ok) if not f], [y for y, f in zip(ys, ok) if not f], "o", mfc="none",
                color="tab:red", label="infeasible")
        ax.plot(xs[:1], ys[:1], "s", color="black", label="start")
        ax.set_xlabel(v[0])
        ax.set_ylabel(v[1] if len(v) > 1 else "objective")
        ax.set_title(f"{args.title}: {method}")
        ax.legend(fontsize="small")
        ax.grid(True, alpha=0.3)
        ax = axes[1][m]
        ax.plot(range(1, len(path) + 1), [float(r["objective"]) for r in path], marker=".")
        ax.set_xlabel("evaluation")
        ax.set_ylabel("objective")
        ax.grid(True, alpha=0.3)
    fig.savefig(args.png, dpi=100, format="png")


BOUNDARIES = [("T_min_stress", "(ii) stress", (0, (5, 2))), ("T_min_drive", "(iii) drives", (0, (1, 1.5))),
              ("T_min_deflection", "(iv) deflection", (0, (6, 2, 1, 2)))]


def plot_criterion(plt, rows, args):
    """G(c) of every candidate: its G_t and G_e combined with r = r(c), c from 0 to 1."""
    curves = {}
    with open(args.table, newline="") as f:
        for r in csv.DictReader(f):
            curves.setdefault(int(r["candidate"]), []).append((float(r["c"]), float(r["G"])))
    fig, ax = plt.subplots(figsize=(8, 6), constrained_layout=True)
    for k, points in sorted(curves.items()):
        row = rows[k]
        name = ", ".join(f"{n} = {row[n]}" for n in args.parameters) or f"candidate {k + 1}"
        style = "-" if row["feasible"] == "1" else "--"
        ax.plot([p[0] for p in points], [p[1] for p in points], style, linewidth=1.2,
                label=name + ("" if row["feasible"] == "1" else " (infeasible)"))
    ax.set_xlabel("degree of conjunction c  (0: max, 1/2: arithmetic mean, 1: min)")
    ax.set_ylabel("combined efficiency G")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="x-small", ncol=2)
    ax.set_title(args.title + ": G against c")
    fig.savefig(args.png, dpi=100, format="png")


def plot_motors(plt, args):
    """Torque against speed of every DC motor, one curve per candidate, in the motor's envelope
    |R tau / Kt + Ke w| <= U_max, |tau| <= Kt I_max (a parallelogram)."""
    import math
    joints, curves = {}, {}
    with open(args.table, newline="") as f:
        for r in csv.DictReader(f):
            joints.setdefault(r["joint"], r)
            curves.setdefault((r["joint"], int(r["curve"])), (r["label"], []))[1].append(
                (float(r["speed"]) * 30 / math.pi, float(r["torque"])))
    names = list(joints)
    columns = min(3, len(names))
    rows = (len(names) + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, figsize=(5 * columns, 4.2 * rows), constrained_layout=True, squeeze=False)
    for ax in axes.flat[len(names):]:
        ax.set_visible(False)
    for ax, name in zip(axes.flat, names):
        m = {k: float(joints[name][k]) for k in ("torque_constant", "resistance", "back_emf_constant", "max_voltage",
                                                   "max_current")}
        kt, res, ke, u = m["torque_constant"], m["resistance"], m["back_emf_constant"], m["max_voltage"]
        i = m["max_current"] if math.isfinite(m["max_current"]) else u / res
        if math.isfinite(u) and ke > 0:
            w = [(-u - res * i) / ke, (u - res * i) / ke, (u + res * i) / ke, (-u + res * i) / ke]
            t = [kt * i, kt * i, -kt * i, -kt * i]
            ax.fill([x * 30 / math.pi for x in w], t, color="tab:green", alpha=0.08)
            ax.plot([x * 30 / math.pi for x in w + w[:1]], t + t[:1], color="black", linewidth=1,
                    label="envelope (voltage, current)")
        for (joint, _), (label, points) in sorted(curves.items()):
            if joint == name:
                ax.plot([p[0] for p in points], [p[1] for p in points], linewidth=1.2, label=label)
        ax.set_title(name)
        ax.set_xlabel("motor speed n [r.p.m.]")
        ax.set_ylabel("motor torque [N m]")
        ax.grid(True, alpha=0.3)
    axes.flat[0].legend(fontsize="x-small")
    fig.suptitle(args.title + ": P-n diagrams")
    fig.savefig(args.png, dpi=80, format="png")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv")
    parser.add_argument("png")
    parser.add_argument("--title", default="armdyn design")
    parser.add_argument("--kind", default="sweep", choices=["sweep", "tmin", "optimize", "criterion", "motors"])
    parser.add_argument("--table", default=None)
    parser.add_argument("--parameter", action="append", default=[], dest="parameters")
    parser.add_argument("--variable", action="append", default=[], dest="variables")
    args = parser.parse_args()
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        sys.exit(f"matplotlib is not available ({e}); install python3-matplotlib")
    if args.kind == "motors":
        return plot_motors(plt, args)
    if args.kind == "optimize":
        return plot_search(plt, read(args.csv, args.variables), args)
    rows = read(args.csv, args.parameters)
    if args.kind == "criterion":
        return plot_criterion(plt, rows, args)
    x_name = args.parameters[0] if args.parameters else None
    family_names = args.parameters[1:]
    # The curves: candidates with the same values of every parameter but the first.
    curves = {}
    for k, r in enumerate(rows):
        key = tuple(r[n] for n in family_names)
        curves.setdefault(key, []).append((float(r[x_name]) if x_name else float(k), r))
    panels = [("E", "energy E [J]"), ("sigma_max", "largest stress sigma_max (Pa)"),
              ("drive_margin", "drive demand / envelope")]
    if args.kind == "tmin":
        panels = [("T_min", "shortest feasible time T_min [s]"), ("E", "energy at T_min [J]"),
                  ("drive_margin", "drive demand / envelope at T_min")]
    fig, axes = plt.subplots(len(panels), 1, sharex=True, figsize=(8, 9), constrained_layout=True)
    for ax, (column, label) in zip(axes, panels):
        for key, points in curves.items():
            points.sort(key=lambda p: p[0])
            xs = [p[0] for p in points]
            ys = [float(p[1][column]) for p in points]
            name = ", ".join(f"{n} = {v}" for n, v in zip(family_names, key)) or None
            line, = ax.plot(xs, ys, marker="o", linewidth=1.2, label=name)
            if column == "T_min" and BOUNDARIES[0][0] in rows[0]:
                for boundary, _, dashes in BOUNDARIES:
                    ax.plot(xs, [float(p[1][boundary]) for p in points], linestyle=dashes, linewidth=1,
                            color=line.get_color())
            bad = [(x, y) for (x, r), y in zip(points, ys) if r["feasible"] != "1"]
            if bad:
                ax.plot([b[0] for b in bad], [b[1] for b in bad], "x", color=line.get_color(), markersize=10,
                        markeredgewidth=2)
        ax.set_ylabel(label)
        ax.grid(True, alpha=0.3)
    axes[2].axhline(1.0, color="black", linestyle=":", linewidth=1)
    if any(k for k in curves):
        axes[0].legend(fontsize="small")
    if args.kind == "tmin" and BOUNDARIES[0][0] in rows[0]:
        # The boundaries' styles, in a second legend on the lower panel.
        for _, label, dashes in BOUNDARIES:
            axes[1].plot([], [], linestyle=dashes, color="grey", label="T_min allowed by " + label + " alone")
        axes[1].legend(fontsize="small")
    axes[-1].set_xlabel(x_name or "candidate")
    axes[0].set_title(args.title + "  (x: infeasible)")
    fig.savefig(args.png, dpi=100, format="png")


if __name__ == "__main__":
    main()
