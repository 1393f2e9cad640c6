#!/usr/bin/env python3
"""Probe 44 (attempt 33): each call's kernel time from ncu's CSV, aligned against offset by one element.

Usage: kernel_times.py NCU_CSV[.gz] MAX_LOG2

ncu --csv --print-units base --metrics gpu__time_duration.sum ... writes one row per kernel, in launch order. The
probe launches the empty kernel mark_call before every call, so the kernels between two marks are one call's. The
calls come in the probe's loop order: rep; n = 2^10, 2^12, ... 2^MAX_LOG2; the two offsets (aligned first in even
reps, +1 first in odd ones); then the default on raw storage, the default on a workspace, CUB. Prints, per n and
caller, the mean of the calls' summed kernel times (ns; the clock steps by 32 ns) aligned and +1, their ratio with a
95% bootstrap interval, and which kernels ran.
"""
import csv
import gzip
import random
import re
import statistics
import sys

CALLERS = ["default raw", "default workspace", "CUB"]


def calls(path):
    """Each call's (summed gpu__time_duration in ns, its kernels' short names), in launch order."""
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        lines = [line for line in f if line.startswith('"')]
    out = []
    for row in csv.DictReader(lines):
        if row["Metric Name"] != "gpu__time_duration.sum":
            continue
        name = row["Kernel Name"]
        if name.startswith("mark_call"):
            out.append([0.0, []])
        elif out:
            out[-1][0] += float(row["Metric Value"].replace(",", ""))
            m = re.search(r"config<(.*?)>, \w+, \w+, reduce::", name)
            short = m.group(1).replace("policy::", "") if m else name.split("<")[0].replace("void ", "")
            out[-1][1].append(f"{short} x{row['Grid Size'].strip('()').split(',')[0]}")
    return out


def interval(a, b, rounds=2000):
    """95% bootstrap interval of mean(b) / mean(a)."""
    rng = random.Random(1)
    r = sorted(statistics.fmean(rng.choices(b, k=len(b))) / statistics.fmean(rng.choices(a, k=len(a)))
               for _ in range(rounds))
    return r[int(0.025 * rounds)], r[int(0.975 * rounds)]


def main(path, max_lg):
    sizes = list(range(10, max_lg + 1, 2))
    per_rep = len(sizes) * 2 * len(CALLERS)
    timed = calls(path)
    if not timed or len(timed) % per_rep:
        sys.exit(f"{path}: {len(timed)} calls, not a multiple of {per_rep}")
    cells, kernels = {}, {}
    for i, (t, names) in enumerate(timed):
        rep, k = divmod(i, per_rep)
        lg, rest = sizes[k // (2 * len(CALLERS))], k % (2 * len(CALLERS))
        skip = (rest // len(CALLERS) + rep) % 2
        caller = CALLERS[rest % len(CALLERS)]
        cells.setdefault((lg, caller, skip), []).append(t)
        kernels.setdefault((lg, caller), set()).add(" + ".join(names))
    print(f"{len(timed) // per_rep} calls of each; mean ns of each call's kernels")
    print("| n | caller | aligned | +1 | +1 / aligned (95%) | kernels |")
    print("| --- | --- | ---: | ---: | --- | --- |")
    for lg in sizes:
        for c in CALLERS:
            a, b = cells[(lg, c, 0)], cells[(lg, c, 1)]
            lo, hi = interval(a, b)
            ratio = statistics.fmean(b) / statistics.fmean(a)
            names = "; ".join(sorted(kernels[(lg, c)])) if c != "CUB" else "DeviceReduce"
            print(f"| 2^{lg} | {c} | {statistics.fmean(a):.0f} | {statistics.fmean(b):.0f} | "
                  f"{ratio:.3f} ({lo:.3f}-{hi:.3f}) | {names} |")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
