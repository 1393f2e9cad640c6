#!/usr/bin/env python3
"""Turns reduce-bench's Google Benchmark JSON into a Markdown report, a flat CSV and PNG plots.

    python3 bench/report.py matrix.json [paired.json journeys.json sweeps.json ...] --out docs/results/h100

Reads one or more files written with --benchmark_out=FILE --benchmark_out_format=json (plain or .gz), keeps the
median, min and max aggregates (or the single sample when a benchmark ran once) and writes into --out: report.md
(the summary first, then the best kernel of each Grid family, the plots, the seeds' journeys and sweeps, the
extensions and the paired sections, about 350 lines for a full run), results.csv and results.csv.gz (every result of
every kernel) and the plots of report_plots.py. Needs python3 and matplotlib only.
"""
import argparse
import csv
import gzip
import io
import json
import os
import re
import sys

import report_extensions
import report_paired
import report_plots
import report_seeds
import report_summary
from report_text import BASELINES

VARIANTS = ("back-to-back", "system-pageable", "system-pinned")
RUN_SUFFIX = re.compile(r"^(iterations|repeats|threads|min_time|min_warmup_time):|^(manual_time|real_time)$")


def parse_name(run_name):
    """GROUP/KERNEL/N[/VARIANT] (journeys: GROUP/STEP/KERNEL/N) -> dict, or None for a foreign benchmark."""
    parts = [p for p in run_name.split("/") if not RUN_SUFFIX.search(p)]
    variant = "cold"
    if parts and parts[-1] in VARIANTS:
        variant = parts.pop()
    if len(parts) < 3 or not parts[-1].isdigit():
        return None
    n = int(parts.pop())
    group = parts.pop(0)
    step = int(parts.pop(0)) if parts and parts[0].isdigit() else None  # journeys and the lecture sweep
    kernel = "/".join(parts)
    fields = kernel.split("/")
    is_kernel = kernel not in BASELINES and len(fields) == 4
    return {
        "group": group, "step": step, "kernel": kernel, "n": n, "variant": variant,
        "load": fields[0] if is_kernel else "", "finish": fields[1] if is_kernel else "",
        "grid": fields[2] if is_kernel else "", "block": int(fields[3][1:]) if is_kernel else 0,
    }


def load(paths):
    """All results keyed by (group, step, kernel, n, variant); the context of the first file."""
    context, rows = {}, {}
    for path in paths:
        earlier = set(rows)  # a result already read from an earlier file wins (e.g. cold rows of a --latency run)
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt") as f:
            data = json.load(f)
        context = context or data.get("context", {})
        ftype = data.get("context", {}).get("reduce_type", "")
        for b in data.get("benchmarks", []):
            info = parse_name(b.get("run_name", b["name"]))
            if info is None or b.get("error_occurred") or b.get("skipped"):
                continue
            if ftype and ftype != context.get("reduce_type"):  # another element type: its own group
                info["group"] += "-" + ftype
            key = (info["group"], info["step"], info["kernel"], info["n"], info["variant"])
            if key in earlier:
                continue
            r = rows.setdefault(key, dict(info))
            if b.get("run_type") != "aggregate" and b.get("repetitions", 1) > 1:
                continue  # one repetition of several: the aggregates follow
            stat = b.get("aggregate_name") if b.get("run_type") == "aggregate" else "single"
            if stat in ("median", "single"):
                r["median_us"] = b["real_time"]
                for k in ("GB/s", "pct_of_peak", "vs_cub", "vs_thrust", "check", "stream_us", "calls", "bytes",
                          "rel_error", "cub_us", "partner_us", "over_partner", "role"):
                    if k in b:
                        r[k] = b[k]
                r["label"] = b.get("label", "")
            if stat in ("min", "single"):
                r["min_us"] = b["real_time"]
                if "check" in b:
                    r["check_min"] = b["check"]
            if stat in ("max", "single"):
                r["max_us"] = b["real_time"]
            if stat == "lower_mode":  # paired rows: CUB's faster launch state (bench/src/stats.hpp)
                for k in ("cub_us", "vs_cub"):
                    if k in b:
                        r[k + "_lower_mode"] = b[k]
    return context, [r for r in rows.values() if "median_us" in r]


def write_csv(rows, out_dir):
    """results.csv (bench/tune.py reads it) and the same gzipped, the copy to commit: every result of every kernel,
    numbers to 6 significant digits (the event clock ticks at about 0.5 µs)."""
    cols = ["group", "step", "kernel", "load", "finish", "grid", "block", "n", "variant", "median_us", "min_us",
            "max_us", "GB/s", "pct_of_peak", "vs_cub", "vs_thrust", "stream_us", "calls", "check",
            # paired and offset rows, the extensions' compensated sums
            "cub_us", "cub_us_lower_mode", "vs_cub_lower_mode", "partner_us", "over_partner", "rel_error",
            # the extensions' rows: 1 CUB's closest call, 2 the default, 3 a candidate matrix kernel
            "role"]
    lines = io.StringIO()
    w = csv.writer(lines)
    w.writerow(cols)
    for r in sorted(rows, key=lambda r: (r["group"], r["n"], r["step"] or 0, r["kernel"], r["variant"])):
        w.writerow(["" if r.get(c) is None else f"{r[c]:.6g}" if isinstance(r[c], float) else r[c] for c in cols])
    with open(os.path.join(out_dir, "results.csv"), "w", newline="") as f:
        f.write(lines.getvalue())
    with gzip.GzipFile(os.path.join(out_dir, "results.csv.gz"), "wb", mtime=0) as f:
        f.write(lines.getvalue().encode())


PLOTS = ("bandwidth_by_grid.png", "bandwidth_by_load.png", "speedup_vs_cub.png", "latency.png")


def plots_section(plots, out):
    shown = [p for p in PLOTS if p in plots]
    if shown:
        out.append("## Plots\n")
        out.append("Effective bandwidth against n per Grid and per Load family (band: the family's kernels, slowest "
                   "to fastest; line: its fastest; CUB, thrust and the bandwidth ceilings drawn in); CUB's time over "
                   "the fastest kernel of each Grid x Load family by size; time per call, cold and back to back.\n")
        out += [f"![{p[:-4]}]({p})" for p in shown] + [""]


def main(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("json", nargs="+", help="files written by reduce-bench --benchmark_out=FILE")
    p.add_argument("--out", required=True, help="output directory (created)")
    a = p.parse_args(argv)
    context, rows = load(a.json)
    if not rows:
        sys.exit("report.py: no reduce-bench results in " + ", ".join(a.json))
    os.makedirs(a.out, exist_ok=True)
    write_csv(rows, a.out)
    plots = report_plots.make_all(rows, context, a.out)
    dtype = context.get("reduce_type", "float")
    out = []
    report_summary.header(context, rows, out)
    report_summary.summary_section(rows, out, "summary.png" if "summary.png" in plots else None)
    report_summary.family_section(rows, out)
    report_summary.other_types_section(rows, out)
    plots_section(plots, out)
    report_seeds.journey_section(rows, out, plots)
    report_seeds.sweep_section(rows, out)
    report_extensions.extension_section(rows, out)
    report_paired.offset_section(rows, out, dtype, BASELINES)
    report_paired.paired_section(rows, out, dtype)
    text = "\n".join(out) + "\n"
    with open(os.path.join(a.out, "report.md"), "w") as f:
        f.write(text)
    if text.count("\n") > 400:  # the report is read top to bottom: its tables belong in results.csv past that
        print(f"report.py: note: report.md has {text.count(chr(10))} lines, more than 400", file=sys.stderr)
    print(f"report.py: wrote {a.out}/report.md, results.csv and {len(plots)} plots from {len(rows)} results")


if __name__ == "__main__":
    main(sys.argv[1:])
