#!/usr/bin/env python3
"""The binned bench's report: OUT/binned.csv.gz (every row of reduce-binned-bench's CSV) and OUT/binned.md, a table
per type: each contender's median time, the binned sum's throughput as a share of the plain sum's (the target: 90%
at 2^24 elements and above) and its speed-up over CUB's gpu_to_gpu Reduce. Every ratio compares contenders of one
process, sampled alternately.

    python3 bench/binned/report.py binned.csv --out DIR
"""
import argparse
import csv
import gzip
import sys
from collections import defaultdict


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    with open(a.csv) as f:
        rows = [r for r in csv.DictReader(f) if None not in r.values()]
    if not rows:
        print("report.py: no rows", file=sys.stderr)
        return 1
    with open(a.csv, "rb") as f, gzip.open(f"{a.out}/binned.csv.gz", "wb") as g:
        g.write(f.read())
    by = defaultdict(dict)  # (type, n) -> contender -> row
    names = defaultdict(list)  # type -> contenders in their order
    for r in rows:
        by[(r["type"], int(r["n"]))][r["contender"]] = r
        if r["contender"] not in names[r["type"]]:
            names[r["type"]].append(r["contender"])
    out = [f"# Binned sums: {rows[0]['gpu']}, {rows[0]['cub']}", "",
           "Median µs of one call (L2 flushed by a read before each, contenders alternated); `binned / plain`: the "
           "binned sum's throughput over the plain default sum's; `vs RFA`: CUB's gpu_to_gpu time over the binned "
           "sum's. Every binned result has the host's binned bits, every compensated one is within "
           "u·|s| + 4n·u²·Σ|x| and every other within (n/2^16 + 64)·u·Σ|x| of the exact sum (a ✗ marks a wrong one, "
           "with no speed-up "
           "against it; only ours fail the run). Data: 24-bit integers times 2^e, e in [−20, 20].", ""]
    wrong = 0
    for t in names:
        cols = names[t]
        binned = next(c for c in cols if "binned" in c)
        plain = next(c for c in cols if "plain" in c)
        rfa = next((c for c in cols if "gpu_to_gpu" in c), None)
        out.append(f"## {t}")
        out.append("")
        out.append("| n | " + " | ".join(cols) + " | binned / plain |" + (" vs RFA |" if rfa else ""))
        out.append("|---" * (len(cols) + 2 + (1 if rfa else 0)) + "|")
        for (tt, n), point in sorted(by.items(), key=lambda kv: kv[0][1]):
            if tt != t:
                continue
            cells = []
            for c in cols:
                r = point.get(c)
                ok = r is None or r["right"] == "1"
                wrong += not ok and c.startswith("reduce ")
                cells.append("-" if r is None else f"{float(r['median_us']):.1f}" + ("" if ok else " ✗"))
            ratio = float(point[plain]["median_us"]) / float(point[binned]["median_us"])
            line = f"| 2^{n.bit_length() - 1} | " + " | ".join(cells) + f" | {100 * ratio:.1f}% |"
            if rfa and rfa in point and point[rfa]["right"] == "1":
                line += f" {float(point[rfa]['median_us']) / float(point[binned]['median_us']):.2f}x |"
            elif rfa:
                line += " - |"
            out.append(line)
        out.append("")
    with open(f"{a.out}/binned.md", "w") as f:
        f.write("\n".join(out))
    print(f"report.py: wrote {a.out}/binned.md and binned.csv.gz")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
