#!/usr/bin/env python3
"""Plots reduce-nccl-bench's nccl.csv: time against GPU count, one line per total size and contender.

    python3 bench/nccl/plot.py OUT_DIR/nccl.csv OUT_DIR/nccl_scaling.png
"""
import csv
import sys
from collections import defaultdict

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    sys.exit("plot.py needs matplotlib (apt-get install python3-matplotlib, or pip install matplotlib)")


def main(path, out):
    rows = defaultdict(dict)  # (mode, contender, n) -> {gpus: median_us}
    with open(path) as f:
        for r in csv.DictReader(f):
            rows[(r["mode"], r["contender"], int(r["n"]))][int(r["gpus"])] = float(r["median_us"])
    modes = ["one process", "process per GPU"]
    for (mode, contender, n), pts in list(rows.items()):  # one GPU is measured once, under the first mode
        if mode == modes[1] and 1 in rows.get((modes[0], contender, n), {}):
            pts.setdefault(1, rows[(modes[0], contender, n)][1])
    fig, axes = plt.subplots(1, 2, figsize=(13, 5), sharey=True)
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ax, mode in zip(axes, modes):
        sizes = sorted({n for (m, c, n) in rows if m == mode and c == "reduce" and len(rows[(m, c, n)]) > 1})
        for i, n in enumerate(sizes):
            for contender, style in (("reduce", "-o"), ("cub+nccl", "--x")):
                pts = sorted(rows[(mode, contender, n)].items())
                label = f"{'ours' if contender == 'reduce' else 'CUB+NCCL'} n=2^{n.bit_length() - 1}"
                ax.plot([g for g, _ in pts], [t for _, t in pts], style, color=colours[i % len(colours)], label=label)
        ax.set_xlabel("GPUs")
        ax.set_yscale("log")
        ax.set_xticks(sorted({g for (m, _, _), v in rows.items() if m == mode for g in v}))
        ax.set_title(f"{mode}")
        ax.legend(fontsize=7, ncol=2)
    axes[0].set_ylabel("time per call, us (median, wall clock)")
    fig.suptitle("float sum over GPUs: reduce::nccl against CUB + ncclAllReduce")
    fig.tight_layout()
    fig.savefig(out, dpi=120)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
