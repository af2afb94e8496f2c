#!/usr/bin/python3
"""Time against the number of joints: armdyn, KDL and MuJoCo on the chains of 6 to 96 joints.

Runs armdyn_bench (a Release build with ARMDYN_BUILD_BENCH=ON, peers found) on the chain models
for four algorithms, every library in the same run, and draws one log-log panel per algorithm
into a PNG (default docs/benchmarks-scaling.png). Needs matplotlib.

  bench/scaling.py [--bench build-bench/bench/armdyn_bench] [--out docs/benchmarks-scaling.png]
                   [--cpu 1] [--repetitions 5] [--json results.json] [--from-json results.json]
                   [-- more Google Benchmark arguments, e.g. --benchmark_min_time=0.2]

--cpu N pins the run to one core (taskset); --json keeps Google Benchmark's JSON output and
--from-json redraws from such a file without running anything.
"""
import argparse
import json
import os
import re
import subprocess
import sys

SIZES = [6, 12, 24, 48, 96]
# (benchmark name, panel title, {library: legend label})
PANELS = [
    ("rnea", "inverse dynamics (RNEA)",
     {"armdyn": "armdyn", "kdl": "KDL ChainIdSolver_RNE", "mujoco": "MuJoCo mj_rne"}),
    ("mass_matrix", "mass matrix",
     {"armdyn": "armdyn (CRBA)", "kdl": "KDL JntToMass", "mujoco": "MuJoCo mj_crb + mj_fullM"}),
    ("forward_dynamics_aba", "forward dynamics, O(n)",
     {"armdyn": "armdyn (ABA)", "kdl": "KDL Vereshchagin"}),
    ("forward_dynamics", "forward dynamics, CRBA + LDLᵀ",
     {"armdyn": "armdyn", "kdl": "KDL ChainFdSolver_RNE", "mujoco": "MuJoCo mj_forward"}),
]
LIBRARIES = ["armdyn", "kdl", "mujoco"]
STYLE = {"armdyn": ("C0", "o"), "kdl": ("C1", "s"), "mujoco": ("C2", "^")}
SCALE_TO_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def run_bench(args):
    algos = "|".join(name for name, _, _ in PANELS)
    sizes = "|".join(str(n) for n in SIZES)
    pattern = f"BM_({algos})/({'|'.join(LIBRARIES)})/chain_({sizes})$"
    cmd = [args.bench, f"--benchmark_filter={pattern}", "--benchmark_format=json",
           f"--benchmark_repetitions={args.repetitions}", "--benchmark_report_aggregates_only=true",
           "--benchmark_enable_random_interleaving=true"]
    cmd += args.bench_args
    if args.cpu is not None:
        cmd = ["taskset", "-c", str(args.cpu)] + cmd
    print("running:", " ".join(cmd), file=sys.stderr)
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def medians(doc):
    """{(algorithm, library): {n: median ns}} from Google Benchmark's JSON."""
    out = {}
    name_re = re.compile(r"^BM_(\w+)/(\w+)/chain_(\d+)_median$")
    for b in doc["benchmarks"]:
        m = name_re.match(b["name"])
        if not m:
            continue
        ns = b["cpu_time"] * SCALE_TO_NS[b.get("time_unit", "ns")]
        out.setdefault((m.group(1), m.group(2)), {})[int(m.group(3))] = ns
    return out


def draw(table, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 2, figsize=(10, 8), sharex=True)
    for ax, (algo, title, labels) in zip(axes.flat, PANELS):
        for lib, label in labels.items():
            points = table.get((algo, lib), {})
            ns = [n for n in SIZES if n in points]
            if not ns:
                continue
            colour, marker = STYLE[lib]
            ax.loglog(ns, [points[n] / 1e3 for n in ns], marker=marker, color=colour, label=label)
        ax.set_title(title)
        ax.set_xticks(SIZES)
        ax.set_xticklabels([str(n) for n in SIZES])
        ax.minorticks_off()
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(fontsize=8)
    for ax in axes[1]:
        ax.set_xlabel("joints n (chain_n)")
    for ax in axes[:, 0]:
        ax.set_ylabel("median CPU time per call (µs)")
    fig.suptitle("armdyn, KDL and MuJoCo on chains of n revolute joints (one core, same run)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bench", default=os.path.join(root, "build-bench", "bench", "armdyn_bench"))
    p.add_argument("--out", default=os.path.join(root, "docs", "benchmarks-scaling.png"))
    p.add_argument("--cpu", type=int, default=None, help="pin to this core with taskset")
    p.add_argument("--repetitions", type=int, default=5)
    p.add_argument("--json", help="also write Google Benchmark's JSON here")
    p.add_argument("--from-json", help="draw from this JSON instead of running")
    p.add_argument("bench_args", nargs="*", help="passed on to armdyn_bench (after --)")
    args = p.parse_args()
    if args.from_json:
        with open(args.from_json) as f:
            doc = json.load(f)
    else:
        if not os.access(args.bench, os.X_OK):
            sys.exit(f"scaling.py: {args.bench} is not an executable (build the target armdyn_bench "
                     "in a Release build with -DARMDYN_BUILD_BENCH=ON)")
        doc = run_bench(args)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(doc, f, indent=1)
    table = medians(doc)
    if not table:
        sys.exit("scaling.py: no chain_<n> results in the benchmark output")
    draw(table, args.out)
    for algo, _, labels in PANELS:
        row = [f"{lib}: " + ", ".join(f"{table.get((algo, lib), {}).get(n, float('nan')) / 1e3:.3g}" for n in SIZES)
               for lib in labels]
        print(f"{algo} (µs at n = {SIZES}):  " + ";  ".join(row))
    print("wrote", args.out)


if __name__ == "__main__":
    main()
