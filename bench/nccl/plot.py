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
    rows = defaultdict(dict)  # (contender, n) -> {gpus: median_us}
    with open(path) as f:
        for r in csv.DictReader(f):
            rows[(r["contender"], int(r["n"]))][int(r["gpus"])] = float(r["median_us"])
    sizes = sorted({n for (c, n) in rows if c == "reduce" and len(rows[(c, n)]) > 1})
    fig, ax = plt.subplots(figsize=(8, 5))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, n in enumerate(sizes):
        for contender, style in (("reduce", "-o"), ("cub+nccl", "--x")):
            pts = sorted(rows[(contender, n)].items())
            label = f"{'ours' if contender == 'reduce' else 'CUB+NCCL'} n=2^{n.bit_length() - 1}"
            ax.plot([g for g, _ in pts], [t for _, t in pts], style, color=colours[i % len(colours)], label=label)
    one = sorted(rows[("allreduce1", sizes[0])].items()) if sizes else []
    if one:
        ax.plot([g for g, _ in one], [t for _, t in one], ":", color="black", label="one float all-reduced")
    ax.set_xlabel("GPUs")
    ax.set_ylabel("time per call, us (median, host wall clock)")
    ax.set_yscale("log")
    ax.set_xticks(sorted({g for v in rows.values() for g in v}))
    ax.set_title("float sum over GPUs: reduce::nccl against CUB + ncclAllReduce")
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(out, dpi=120)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
