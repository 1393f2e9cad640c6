"""The seeds' sections of report.md (report.py): each journey's steps in order beside CUB and thrust (with its plot),
then the two sweeps (seed 002's kernels by block size, seed 000's grid-stride kernel by grid x block)."""
import re

from report_text import BASELINES, fmt, size_label


def natural(text):
    """Sort key that orders gridstride512 before gridstride1024."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text)]


def journey_section(rows, out, plots=()):
    groups = sorted({r["group"] for r in rows if r["group"].startswith("seed")})
    if groups:
        out.append("## Seed journeys\n")
        out.append("Each seed (a classic reduction write-up, `docs/matrix.md`) replayed step by step, at the seed's "
                   "size unless the run gave --n: x prev and x first are the speedups over the previous and the first "
                   "step; vs CUB is CUB's time over the step's; system µs add the input's copy from host memory and "
                   "the result's copy back.\n")
    for g in groups:
        at = [r for r in rows if r["group"] == g]
        cold = {(r["step"], r["kernel"]): r for r in at if r["variant"] == "cold"}
        steps = sorted((r for r in cold.values() if r["step"] is not None), key=lambda r: r["step"])
        refs = [r for r in cold.values() if r["step"] is None]
        if not steps:
            continue
        sys_pinned = {(r["step"], r["kernel"]): r for r in at if r["variant"] == "system-pinned"}
        sys_pageable = {(r["step"], r["kernel"]): r for r in at if r["variant"] == "system-pageable"}
        out.append(f"### {g} (n = {size_label(steps[0]['n'])})\n")
        head = "| step | kernel | µs | GB/s | % peak | x prev | x first | vs CUB |"
        align = "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
        if sys_pinned:
            head, align = head + " system µs (pageable) | system µs (pinned) |", align + " ---: | ---: |"
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
        if f"journey_{g}.png" in plots:
            out.append(f"![{g}: GB/s per step](journey_{g}.png)\n")


def sweep_section(rows, out):
    for g, title, row_key in (("lecture", "Sweep: seed 002's kernels by block size (µs)",
                               lambda r: r["kernel"].rsplit("/", 1)[0]),
                              ("tuning", "Sweep: seed 000's grid-stride kernel, grid x block size (µs)",
                               lambda r: r["grid"])):
        at = [r for r in rows if r["group"] == g and r["variant"] == "cold" and r["kernel"] not in BASELINES]
        if not at:
            continue
        cols = sorted({r["block"] for r in at})
        cells = {(row_key(r), r["block"]): r for r in at}
        keys = list(dict.fromkeys(row_key(r) for r in sorted(at, key=lambda r: (r["step"] or 0, natural(r["grid"])))))
        out.append(f"## {title}, n = {size_label(at[0]['n'])}\n")
        out.append("| | " + " | ".join(f"b{c}" for c in cols) + " |")
        out.append("| --- |" + " ---: |" * len(cols))
        for k in keys:
            vals = [fmt(cells[(k, c)]["median_us"]) if (k, c) in cells else "-" for c in cols]
            out.append(f"| `{k}` | " + " | ".join(vals) + " |")
        out.append("")
