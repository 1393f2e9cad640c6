#!/usr/bin/env python3
"""Probe 44 (attempt 33): each call's kernel time from ncu's CSV, aligned against offset by one element.

ncu --csv --print-units base --metrics gpu__time_duration.sum ... writes one row per kernel, in launch order. The
probe launches the empty kernel mark_call before every call, so the kernels between two marks are one call's. The
calls come in the probe's loop order: rep, n = 2^10, 2^12, ..., 2^22, offset 0 and 1, then default on raw storage,
default on a workspace, CUB. Prints, per n and caller, the median of the calls' summed kernel times (ns) aligned
and +1, and their ratio.
"""
import csv
import statistics
import sys

SIZES = list(range(10, 23, 2))
CALLERS = ["default raw", "default workspace", "CUB"]


def calls(path):
    """The summed gpu__time_duration (ns) of each call's kernels, in launch order."""
    with open(path) as f:
        lines = [line for line in f if line.startswith('"')]
    out = []
    for row in csv.DictReader(lines):
        if row["Metric Name"] != "gpu__time_duration.sum":
            continue
        if row["Kernel Name"].startswith("mark_call"):
            out.append(0.0)
        elif out:
            out[-1] += float(row["Metric Value"].replace(",", ""))
    return out


def main(path):
    times = calls(path)
    per_rep = len(SIZES) * 2 * len(CALLERS)
    if not times or len(times) % per_rep:
        sys.exit(f"{path}: {len(times)} calls, not a multiple of {per_rep}")
    cells = {}
    for i, t in enumerate(times):
        k = i % per_rep
        lg, rest = SIZES[k // (2 * len(CALLERS))], k % (2 * len(CALLERS))
        skip, caller = rest // len(CALLERS), CALLERS[rest % len(CALLERS)]
        cells.setdefault((lg, caller, skip), []).append(t)
    print(f"{len(times) // per_rep} calls of each; median ns of each call's kernels")
    print("| n | " + " | ".join(f"{c} aligned | {c} +1 | +1 / aligned" for c in CALLERS) + " |")
    print("| --- |" + " ---: |" * (3 * len(CALLERS)))
    for lg in SIZES:
        row = []
        for c in CALLERS:
            a, b = statistics.median(cells[(lg, c, 0)]), statistics.median(cells[(lg, c, 1)])
            row += [f"{a:.0f}", f"{b:.0f}", f"{b / a:.3f}"]
        print(f"| 2^{lg} | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
