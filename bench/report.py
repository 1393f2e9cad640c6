#!/usr/bin/env python3
"""Turns reduce-bench's Google Benchmark JSON into a Markdown report, a flat CSV and PNG plots.

    python3 bench/report.py matrix.json [journeys.json sweeps.json latency.json extensions.json] --out docs/results/h100

Reads one or more files written with --benchmark_out=FILE --benchmark_out_format=json (plain or .gz), keeps the
median, min and max aggregates (or the single sample when a benchmark ran once) and writes into --out:
report.md, results.csv and the plots of report_plots.py. Needs python3 and matplotlib only.
"""
import argparse
import csv
import gzip
import json
import os
import re
import sys

import report_extensions
import report_plots
import report_paired
from report_text import check_text, fmt, open_table, size_label

VARIANTS = ("back-to-back", "system-pageable", "system-pinned")
BASELINES = ("cub::DeviceReduce::Sum", "thrust::reduce")
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
                          "rel_error", "cub_us", "partner_us", "over_partner"):
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


def natural(text):
    """Sort key that orders gridstride512 before gridstride1024."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text)]


def write_csv(rows, path):
    cols = ["group", "step", "kernel", "load", "finish", "grid", "block", "n", "variant", "median_us", "min_us",
            "max_us", "GB/s", "pct_of_peak", "vs_cub", "vs_thrust", "stream_us", "calls", "check"]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for r in sorted(rows, key=lambda r: (r["group"], r["n"], r["step"] or 0, r["kernel"], r["variant"])):
            w.writerow(["" if r.get(c) is None else r.get(c) for c in cols])


def split_size(at):
    """One size's matrix rows -> (baselines by name, the default row or {}, the kernels fastest first)."""
    base = {r["kernel"]: r for r in at if r["kernel"] in BASELINES}
    default = next((r for r in at if r["kernel"] == "default"), {})
    kernels = sorted((r for r in at if r["kernel"] not in BASELINES and not r["kernel"].startswith("default")),
                     key=lambda r: r["median_us"])  # matrix kernels only: not the default, on raw storage or not
    return base, default, kernels


def matrix_section(rows, out):
    cold = [r for r in rows if r["group"] == "matrix" and r["variant"] == "cold"]
    if not cold:
        return
    sizes = sorted({r["n"] for r in cold})
    out.append("## Matrix: best kernel per size\n")
    out.append("| n | CUB us | thrust us | best kernel | us | GB/s | % peak | vs CUB | kernels faster than CUB | "
               "default us | default vs CUB | default / best |")
    out.append("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for n in sizes:
        base, default, kernels = split_size([r for r in cold if r["n"] == n])
        if not kernels:
            continue
        best = kernels[0]
        d_us = default.get("median_us")
        d_rel = fmt(d_us / best["median_us"]) if d_us else "-"
        faster = sum(1 for r in kernels if r.get("vs_cub", 0) > 1)
        cub, thrust = base.get(BASELINES[0], {}), base.get(BASELINES[1], {})
        out.append(f"| {size_label(n)} | {fmt(cub.get('median_us'))} | {fmt(thrust.get('median_us'))} | "
                   f"`{best['kernel']}` | {fmt(best['median_us'])} | {fmt(best.get('GB/s'), 0)} | "
                   f"{fmt(best.get('pct_of_peak'), 1)} | {fmt(best.get('vs_cub'))} | {faster} of {len(kernels)} | "
                   f"{fmt(d_us)} | {fmt(default.get('vs_cub'))} | {d_rel} |")
    out.append("")
    b2b = {(r["kernel"], r["n"]): r for r in rows if r["group"] == "matrix" and r["variant"] == "back-to-back"}
    out.append("## Matrix: every kernel per size (sorted by median time)\n")
    for n in sizes:
        at = sorted((r for r in cold if r["n"] == n), key=lambda r: r["median_us"])
        out.append(f"<details><summary>n = {size_label(n)} ({n} elements): {len(at)} rows</summary>\n")
        head = "| kernel | median us | min us | max us | GB/s | % peak | vs CUB | vs thrust | check |"
        align = "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
        if b2b:
            head, align = head + " b2b us (graph) |", align + " ---: |"
        out += [head, align]
        for r in at:
            line = (f"| `{r['kernel']}` | {fmt(r['median_us'])} | {fmt(r.get('min_us'))} | {fmt(r.get('max_us'))} | "
                    f"{fmt(r.get('GB/s'), 0)} | {fmt(r.get('pct_of_peak'), 1)} | {fmt(r.get('vs_cub'))} | "
                    f"{fmt(r.get('vs_thrust'))} | {check_text(r)} |")
            if b2b:
                line += f" {fmt(b2b.get((r['kernel'], n), {}).get('median_us'))} |"
            out.append(line)
        out.append("\n</details>\n")


def other_types_section(rows, out):
    """Matrix runs of other element types (group matrix-TYPE): best kernel, the default and CUB per size."""
    groups = sorted({r["group"] for r in rows if r["group"].startswith("matrix-")})
    if not groups:
        return
    open_table(out, "Other element types: best kernel and the default beside CUB",
               "type | n | CUB us | best kernel | us | vs CUB | default us | default vs CUB | default / best",
               "--- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---:")
    for g in groups:
        cold = [r for r in rows if r["group"] == g and r["variant"] == "cold"]
        for n in sorted({r["n"] for r in cold}):
            base, default, kernels = split_size([r for r in cold if r["n"] == n])
            cub = base.get(BASELINES[0], {})
            if not kernels:
                continue
            best, d_us = kernels[0], default.get("median_us")
            out.append(f"| {g[len('matrix-'):]} | {size_label(n)} | {fmt(cub.get('median_us'))} | `{best['kernel']}` | "
                       f"{fmt(best['median_us'])} | {fmt(best.get('vs_cub'))} | {fmt(d_us)} | "
                       f"{fmt(default.get('vs_cub'))} | {fmt(d_us / best['median_us']) if d_us else '-'} |")
    out.append("")


def journey_section(rows, out):
    groups = sorted({r["group"] for r in rows if r["group"].startswith("seed")})
    for g in groups:
        at = [r for r in rows if r["group"] == g]
        cold = {(r["step"], r["kernel"]): r for r in at if r["variant"] == "cold"}
        steps = sorted((r for r in cold.values() if r["step"] is not None), key=lambda r: r["step"])
        refs = [r for r in cold.values() if r["step"] is None]
        if not steps:
            continue
        sys_pinned = {(r["step"], r["kernel"]): r for r in at if r["variant"] == "system-pinned"}
        sys_pageable = {(r["step"], r["kernel"]): r for r in at if r["variant"] == "system-pageable"}
        out.append(f"## Journey {g} (n = {size_label(steps[0]['n'])})\n")
        head = "| step | kernel | us | GB/s | % peak | x prev | x first | vs CUB |"
        align = "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
        if sys_pinned:
            head, align = head + " system us (pageable) | system us (pinned) |", align + " ---: | ---: |"
        out += [head, align]
        first, prev = steps[0]["median_us"], None
        for r in steps + refs:
            key = (r["step"], r["kernel"])
            x_prev = fmt(prev / r["median_us"]) if prev and r["step"] is not None else ""
            line = (f"| {'' if r['step'] is None else r['step']} | `{r['kernel']}` | {fmt(r['median_us'])} | "
                    f"{fmt(r.get('GB/s'), 0)} | {fmt(r.get('pct_of_peak'), 1)} | {x_prev} | "
                    f"{fmt(first / r['median_us'])} | {fmt(r.get('vs_cub'))} |")
            if sys_pinned:
                line += (f" {fmt(sys_pageable.get(key, {}).get('median_us'), 0)} |"
                         f" {fmt(sys_pinned.get(key, {}).get('median_us'), 0)} |")
            out.append(line)
            if r["step"] is not None:
                prev = r["median_us"]
        out.append("")


def sweep_section(rows, out):
    for g, title, col, row_key in (("lecture", "Lecture sweep (seed 002): us by reduction x block size", "block",
                                    lambda r: r["kernel"].rsplit("/", 1)[0]),
                                   ("tuning", "Tuning sweep (seed 000 step 6): us by grid x block", "block",
                                    lambda r: r["grid"])):
        at = [r for r in rows if r["group"] == g and r["variant"] == "cold" and r["kernel"] not in BASELINES]
        if not at:
            continue
        cols = sorted({r[col] for r in at})
        cells = {(row_key(r), r[col]): r for r in at}
        keys = list(dict.fromkeys(row_key(r) for r in sorted(at, key=lambda r: (r["step"] or 0, natural(r["grid"])))))
        out.append(f"## {title} (n = {size_label(at[0]['n'])})\n")
        out.append("| | " + " | ".join(f"b{c}" for c in cols) + " |")
        out.append("| --- |" + " ---: |" * len(cols))
        for k in keys:
            vals = [fmt(cells[(k, c)]["median_us"]) if (k, c) in cells else "-" for c in cols]
            out.append(f"| `{k}` | " + " | ".join(vals) + " |")
        out.append("")


def main(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("json", nargs="+", help="files written by reduce-bench --benchmark_out=FILE")
    p.add_argument("--out", required=True, help="output directory (created)")
    a = p.parse_args(argv)
    context, rows = load(a.json)
    if not rows:
        sys.exit("report.py: no reduce-bench results in " + ", ".join(a.json))
    os.makedirs(a.out, exist_ok=True)
    write_csv(rows, os.path.join(a.out, "results.csv"))
    plots = report_plots.make_all(rows, context, a.out)
    peak = context.get("reduce_peak_gbps", "?")
    out = ["# reduce-bench results\n",
           f"Device: **{context.get('reduce_device', '?')}** ({context.get('reduce_sm_count', '?')} SMs, "
           f"L2 {int(context.get('reduce_l2_bytes', 0)) / 2**20:.0f} MiB); theoretical bandwidth {peak} GB/s, "
           f"measured device-to-device copy {context.get('reduce_copy_gbps', '?')} GB/s. Element type "
           f"**{context.get('reduce_type', '?')}**, op sum; run on {context.get('date', '?')}.\n",
           "Times are medians of the samples (L2 flushed before each), in microseconds; GB/s is input bytes over "
           "the median time; vs CUB is CUB's median time over this row's (> 1: faster than CUB). "
           "Method: docs/bench.md.\n"]
    fails = [r for r in rows if check_text(r) == "FAIL"]
    out.append(f"Checks: {len(rows) - len(fails)} of {len(rows)} results passed" +
               ("." if not fails else ": **FAILED** " + ", ".join(f"`{r['kernel']}` at {r['n']}" for r in fails[:20])))
    out.append("")
    out += [f"![{name}]({name})\n" for name in plots]
    matrix_section(rows, out)
    other_types_section(rows, out)
    report_paired.offset_section(rows, out, context.get("reduce_type", "float"), BASELINES)
    report_paired.paired_section(rows, out, context.get("reduce_type", "float"))
    journey_section(rows, out)
    sweep_section(rows, out)
    report_extensions.extension_section(rows, out)
    with open(os.path.join(a.out, "report.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"report.py: wrote {a.out}/report.md, results.csv and {len(plots)} plots from {len(rows)} results")


if __name__ == "__main__":
    main(sys.argv[1:])
