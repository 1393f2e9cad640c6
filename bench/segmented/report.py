#!/usr/bin/env python3
"""The segmented bench's report: merges the CSVs of reduce-segmented-bench (one per CCCL build) and torch_bench.py
into OUT/segmented.csv.gz and OUT/segmented.md (targets first, then every point), and draws OUT/segmented.png.
Every ratio to CUB compares two contenders of one process, sampled alternately; torch ran in its own process on the
same GPU just after.

    python3 bench/segmented/report.py A.csv [B.csv ...] --out DIR
"""
import argparse
import csv
import gzip
import io
import sys
from collections import defaultdict

TARGETS = [  # (what, rows it covers, the % of theoretical asked)
    ("uniform segments of 8 or more elements, 2^26 or more in all", lambda p: p["kind"] == "uniform"
     and p["max_length"] >= 8 and p["total"] >= 2**26, 85),
    ("uniform segments of 1-4 elements", lambda p: p["kind"] == "uniform" and p["max_length"] <= 4
     and p["total"] >= 2**26, 70),
    ("Zipf mix with segments over 10^7", lambda p: p["shape"].startswith("zipf"), 80),
    ("a few huge segments (4 x 2^26)", lambda p: p["shape"] == "4 x 2^26", 90),
    ("columns, 8 or more rows, 2^24 or more elements", lambda p: p["kind"] == "columns" and p["max_length"] >= 8
     and p["total"] >= 2**24, 85),
    ("middle axis of [B, K, D], 2^26 or more elements", lambda p: p["kind"] == "middle" and p["total"] >= 2**26, 85),
]


def load(paths):
    rows = []
    for path in paths:
        with open(path) as f:
            for r in csv.DictReader(f):
                if None in r.values():
                    continue  # a line cut short by a failed run
                for k in ("total", "segments", "max_length", "samples", "wrong"):
                    r[k] = int(float(r[k]))
                for k in ("median_us", "min_us", "bytes", "pct_theoretical"):
                    r[k] = float(r[k])
                r["process"] = path
                rows.append(r)
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    rows = load(a.csv)
    ours_rows = [r for r in rows if r["role"] == "reduce"]
    if not ours_rows:
        print("report.py: no reduce rows", file=sys.stderr)
        return 1
    r0 = ours_rows[0]
    peak = r0["bytes"] / (r0["median_us"] * 1e-6) / 1e9 / (r0["pct_theoretical"] / 100)
    for r in rows:
        r["pct"] = 100 * r["bytes"] / (r["median_us"] * 1e-6) / 1e9 / peak
    points = defaultdict(list)  # (shape, total) -> rows
    for r in rows:
        points[(r["shape"], r["total"])].append(r)
    cubs = sorted({r["cub"] for r in rows if r["role"] != "torch"})
    torch = sorted({r["cub"] for r in rows if r["role"] == "torch"})

    def summary(key):
        rs = points[key]
        first = rs[0]
        ours = [r for r in rs if r["role"] == "reduce"]
        main_ours = [r for r in ours if r["process"] == ours[0]["process"]]
        best = min(main_ours, key=lambda r: r["median_us"])
        # Each of our forms against the fastest CUB call, each process's pair sampled alternately; the least ratio
        # over the processes (each CCCL build times ours beside its own CUB).
        vs = {}
        for o in ours:
            cub = [c for c in rs if c["role"] == "cub" and c["process"] == o["process"]]
            if cub:
                c = min(cub, key=lambda c: c["median_us"])
                v = (c["median_us"] / o["median_us"], c)
                if o["contender"] not in vs or v[0] < vs[o["contender"]][0]:
                    vs[o["contender"]] = v
        worst = min(vs.values(), key=lambda v: v[0]) if vs else None
        # Uniform points: "reduce offsets" against CUB's call over the same offsets array in memory (the other CUB
        # calls compute their offsets, reading none).
        array = {}  # our offsets form -> (CUB's hinted call over the same array / ours, that CUB row)
        for o in ours:
            arr = [c for c in rs if c["role"] == "cub" and "(array)" in c["contender"] and c["process"] == o["process"]]
            if o["contender"].startswith("reduce offsets") and arr:
                c = min(arr, key=lambda c: c["median_us"])
                v = (c["median_us"] / o["median_us"], c)
                if o["contender"] not in array or v[0] < array[o["contender"]][0]:
                    array[o["contender"]] = v
        tr = [r for r in rs if r["role"] == "torch"]
        th = [r for r in rs if r["role"] == "thrust"]
        cand = [r for r in rs if r["role"] == "candidate"]
        return dict(kind=first["kind"], shape=first["shape"], total=first["total"], max_length=first["max_length"],
                    segments=first["segments"], ours=main_ours, best=best, worst=worst, vs=vs, array=array,
                    torch=tr[0] if tr else None,
                    thrust=th[0] if th else None, cand=min(cand, key=lambda r: r["median_us"]) if cand else None,
                    wrong=sum(r["wrong"] for r in rs))

    sums = [summary(k) for k in points if any(r["role"] == "reduce" for r in points[k])]
    out = io.StringIO()
    w = out.write
    gpu = r0["gpu"]
    w(f"# Segmented reductions on {gpu}\n\n")
    w(f"Float sums; % of the theoretical {peak:.0f} GB/s counting the input read and one result written per segment "
      f"(offsets are read too and not counted). CUB: {', '.join(cubs)} (DeviceSegmentedReduce; the newer one's "
      f"fixed-size overload and max_segment_size hint where built). {'PyTorch ' + ', '.join(torch) if torch else 'No PyTorch'}. "
      "L2 flushed by a read before every sample, events, medians; contenders alternated sample by sample in one "
      "process; vs CUB: the fastest CUB call's time over this row's, both from one process (above 1: ours is "
      "faster).\n\n")
    bad = sum(s["wrong"] for s in sums)
    w(f"Every result checked against an exact reference: {'all right' if bad == 0 else f'{bad} WRONG'}.\n\n")
    w("## Targets\n\n| target | points | lowest % of theoretical (point) | asked | met |\n| --- | --- | --- | --- | --- |\n")
    for what, pick, asked in TARGETS:
        ss = [s for s in sums if pick(s)]
        if not ss:
            continue
        low = min(ss, key=lambda s: max(r["pct"] for r in s["ours"]))
        pct = max(r["pct"] for r in low["ours"])
        w(f"| {what} | {len(ss)} | {pct:.1f} ({low['shape']}) | {asked} | {'yes' if pct >= asked else 'no'} |\n")
    for form in sorted({o["contender"] for s in sums for o in s["ours"]}):
        ss = [s for s in sums if form in s["vs"]]
        slower = [s for s in ss if s["vs"][form][0] < 1.0]
        names = ", ".join(f"{s['shape']} ({s['vs'][form][0]:.2f})" for s in slower[:8])
        w(f"| {form}: never slower than the fastest CUB call | {len(ss)} | {len(slower)} points slower"
          f"{': ' + names if names else ''}{' ...' if len(slower) > 8 else ''} | - | {'yes' if not slower else 'no'} |\n")
    for form in sorted({f for s in sums for f in s["array"]}):
        ss = [s for s in sums if form in s["array"]]
        slower = [s for s in ss if s["array"][form][0] < 1.0]
        names = ", ".join(f"{s['shape']} 2^{s['total'].bit_length() - 1} ({s['array'][form][0]:.2f})"
                          for s in slower[:8])
        w(f"| {form}: never slower than CUB's hinted call over the same offsets array (uniform points) | {len(ss)} | "
          f"{len(slower)} points slower{': ' + names if names else ''}{' ...' if len(slower) > 8 else ''} | - | "
          f"{'yes' if not slower else 'no'} |\n")
    tslow = [s for s in sums if s["torch"] and s["torch"]["median_us"] < s["best"]["median_us"]]
    w(f"| faster than torch.sum(dim) at every matrix shape | {sum(1 for s in sums if s['torch'])} | "
      f"{len(tslow)} slower{': ' + ', '.join(s['shape'] for s in tslow[:6]) if tslow else ''} | - | "
      f"{'yes' if not tslow else 'no'} |\n\n")

    def table(title, ss):
        if not ss:
            return
        w(f"## {title}\n\n| point | segments | default | µs | % | fastest CUB call | its µs | vs CUB | thrust µs | "
          "torch µs | best sampled kernel (%) |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
        for s in ss:
            for o in s["ours"]:
                v = s["vs"].get(o["contender"])
                cand = s["cand"]
                w(f"| {s['shape']} (2^{s['total'].bit_length() - 1}) | {s['segments']} | {o['contender']} | "
                  f"{o['median_us']:.1f} | {o['pct']:.1f} | ")
                w(f"{v[1]['contender']} | {v[1]['median_us']:.1f} | {v[0]:.2f} | " if v else "- | - | - | ")
                w(f"{s['thrust']['median_us']:.1f} | " if s["thrust"] else "- | ")
                w(f"{s['torch']['median_us']:.1f} | " if s["torch"] else "- | ")
                w(f"{cand['contender']} ({cand['pct']:.1f}) |\n" if cand else "- |\n")
        w("\n")

    table("Uniform segments", [s for s in sums if s["kind"] == "uniform"])
    table("Variable segments (offsets)", [s for s in sums if s["kind"] == "variable"])
    table("Rows", [s for s in sums if s["kind"] == "rows"])
    table("Columns", [s for s in sums if s["kind"] == "columns"])
    table("Middle axis of [B, K, D] (torch: x.sum(dim=1))", [s for s in sums if s["kind"] == "middle"])
    with open(f"{a.out}/segmented.md", "w") as f:
        f.write(out.getvalue())
    with gzip.open(f"{a.out}/segmented.csv.gz", "wt") as f:
        cols = [k for k in rows[0] if k not in ("process", "pct")]
        wr = csv.DictWriter(f, cols, extrasaction="ignore")
        wr.writeheader()
        wr.writerows(rows)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("report.py: no matplotlib: no plot", file=sys.stderr)
        return 0
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.5))
    uni = [s for s in sums if s["kind"] == "uniform" and s["total"] >= 2**26]
    series = defaultdict(list)
    for s in uni:
        for r in points[(s["shape"], s["total"])]:
            if r["role"] in ("reduce", "cub", "thrust"):
                series[r["contender"]].append((s["max_length"], r["pct"]))
    for name, pts in sorted(series.items()):
        pts.sort()
        axes[0].plot([p[0] for p in pts], [p[1] for p in pts], marker=".", label=name)
    axes[0].set(xscale="log", xlabel="segment length (2^28 elements in all)", ylabel="% of theoretical bandwidth",
                title="uniform segments", ylim=(0, 100))
    axes[0].set_xscale("log", base=2)
    axes[0].legend(fontsize=7)
    for kind, marker in (("rows", "o"), ("columns", "s")):
        ss = sorted((s for s in sums if s["kind"] == kind and s["total"] >= 2**26 and " ld " not in s["shape"]),
                    key=lambda s: s["max_length"])
        axes[1].plot([s["segments"] for s in ss], [s["best"]["pct"] for s in ss], marker=marker, label=f"reduce {kind}")
        tt = [s for s in ss if s["torch"]]
        axes[1].plot([s["segments"] for s in tt], [s["torch"]["pct"] for s in tt], marker=marker, ls="--",
                     label=f"torch {kind}")
    axes[1].set(xlabel="results (rows or columns)", ylabel="% of theoretical bandwidth", title="matrices, 2^28 elements",
                ylim=(0, 100))
    axes[1].set_xscale("log", base=2)
    axes[1].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(f"{a.out}/segmented.png", dpi=110)
    return 0


if __name__ == "__main__":
    sys.exit(main())
