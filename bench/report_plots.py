"""The PNG plots of report.py: the default's speedup over CUB and thrust, bandwidth against size per family, a heat
map of each Grid x Load family's speedup over CUB, the journeys and back-to-back latency. Each function returns the
file names it wrote (relative to the output directory). Kept small (80-90 dpi, bands instead of one line per kernel):
a results folder stays under 3 MB."""
import math
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
from matplotlib.colors import TwoSlopeNorm  # noqa: E402

from report_summary import GRID_ORDER  # noqa: E402
from report_text import CUB, THRUST  # noqa: E402

LOAD_ORDER = ("scalar1", "scalar4-striped", "scalar4-blocked", "vec1", "vec4-striped")


def save(fig, out_dir, name, dpi=90, rect=None):
    """Lays out, writes and closes a figure; returns the list of files written."""
    if rect:
        fig.tight_layout(rect=rect)
    else:
        fig.tight_layout()
    fig.savefig(os.path.join(out_dir, name), dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    return [name]


def _pow2_label(n):
    return f"$2^{{{int(math.log2(n))}}}$" if n & (n - 1) == 0 else str(n)


def _log2_axis(ax, sizes):
    ax.set_xscale("log", base=2)
    ax.set_xticks(sizes)
    ax.set_xticklabels([_pow2_label(n) for n in sizes])
    ax.set_xlabel("n (elements, log2 scale)")


def _ceilings(ax, context):
    peak = float(context.get("reduce_peak_gbps", 0) or 0)
    copy = float(context.get("reduce_copy_gbps", 0) or 0)
    if peak:
        ax.axhline(peak, color="red", lw=0.8, ls="--", label=f"theoretical peak {peak:.0f} GB/s")
    if copy:
        ax.axhline(copy, color="orange", lw=0.8, ls="--", label=f"D2D copy {copy:.0f} GB/s")


def _series(rows, kernel):
    pts = sorted((r["n"], r["GB/s"]) for r in rows if r["kernel"] == kernel and "GB/s" in r)
    return [p[0] for p in pts], [p[1] for p in pts]


def bandwidth_by(rows, context, out_dir, field, title, name):
    """One panel per family (kernels grouped by `field`): the band from the family's slowest to its fastest kernel
    per size, the fastest as a line, CUB and thrust drawn in, the peak and copy bandwidth as ceilings."""
    cold = [r for r in rows if r["group"] == "matrix" and r["variant"] == "cold" and "GB/s" in r]
    families = sorted({r[field] for r in cold if r[field]}, key=lambda f: _order(field, f))
    if not families:
        return []
    sizes = sorted({r["n"] for r in cold})
    cols = 2
    nrows = math.ceil(len(families) / cols)
    fig, axes = plt.subplots(nrows, cols, figsize=(11, 3.3 * nrows), sharey=True, squeeze=False)
    for ax, fam in zip(axes.flat, families):
        lo, hi = {}, {}
        for r in cold:
            if r[field] == fam:
                lo[r["n"]] = min(lo.get(r["n"], float("inf")), r["GB/s"])
                hi[r["n"]] = max(hi.get(r["n"], 0), r["GB/s"])
        ns = sorted(hi)
        ax.fill_between(ns, [lo[n] for n in ns], [hi[n] for n in ns], color="tab:blue", alpha=0.2, lw=0,
                        label="the family's kernels, slowest to fastest")
        ax.plot(ns, [hi[n] for n in ns], color="tab:blue", lw=2, marker="o", ms=3, label="the family's fastest")
        ax.plot(*_series(cold, CUB), color="black", lw=1.5, marker="s", ms=3, label="CUB DeviceReduce::Sum")
        ax.plot(*_series(cold, THRUST), color="tab:gray", lw=1.5, ls=":", marker="^", ms=3, label="thrust::reduce")
        _ceilings(ax, context)
        _log2_axis(ax, sizes)
        ax.set_ylabel("effective bandwidth (GB/s)")
        ax.set_title(f"{field} = {fam}")
        ax.grid(True, alpha=0.3)
    for ax in list(axes.flat)[len(families):]:
        ax.set_visible(False)
    handles, labels = axes.flat[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper center", ncol=3, bbox_to_anchor=(0.5, 1.0), frameon=False)
    fig.suptitle(f"{title} ({context.get('reduce_device', '')}, {context.get('reduce_type', '')} sum)", y=1.04)
    return save(fig, out_dir, name, dpi=80, rect=(0, 0, 1, 0.97))


def _order(field, value):
    order = GRID_ORDER if field == "grid" else LOAD_ORDER
    return (order.index(value), "") if value in order else (len(order), value)


def speedup_heatmap(rows, context, out_dir, name="speedup_vs_cub.png"):
    """Grid x Load families (rows, grouped by Grid) by size (columns): CUB's time over the family's fastest kernel,
    written in each cell, coloured on a log scale centred on 1."""
    cold = [r for r in rows if r["group"] == "matrix" and r["variant"] == "cold"]
    cub = {r["n"]: r["median_us"] for r in cold if r["kernel"] == CUB}
    best = {}
    for r in cold:
        if r["grid"] and r["load"] and r["n"] in cub:
            key = (r["grid"], r["load"], r["n"])
            best[key] = min(best.get(key, float("inf")), r["median_us"])
    if not best:
        return []
    sizes = sorted({k[2] for k in best})
    fams = sorted({k[:2] for k in best}, key=lambda f: (_order("grid", f[0]), _order("load", f[1])))
    value = [[cub[n] / best[f + (n,)] if f + (n,) in best else float("nan") for n in sizes] for f in fams]
    fig, ax = plt.subplots(figsize=(10, 0.27 * len(fams) + 1.8))
    norm = TwoSlopeNorm(vmin=-2, vcenter=0, vmax=1)
    im = ax.imshow([[math.log2(v) if v == v else v for v in row] for row in value], aspect="auto", cmap="RdBu",
                   norm=norm, interpolation="nearest")
    for i, row in enumerate(value):
        for j, v in enumerate(row):
            if v == v:
                dark = abs(math.log2(v)) > 0.6 if v > 1 else math.log2(v) < -1.2
                ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=7, color="white" if dark else "black")
    for i in range(1, len(fams)):
        if fams[i][0] != fams[i - 1][0]:
            ax.axhline(i - 0.5, color="black", lw=0.8)
    ax.set_xticks(range(len(sizes)))
    ax.set_xticklabels([_pow2_label(n) for n in sizes])
    ax.set_xlabel("n (elements, log2 scale)")
    ax.set_yticks(range(len(fams)))
    ax.set_yticklabels([f"{g} / {load}" for g, load in fams], fontsize=7.5)
    ax.set_ylabel("family: Grid / Load (its fastest kernel per size)")
    ax.set_title(f"Speedup over CUB ({context.get('reduce_device', '')}, {context.get('reduce_type', '')} sum): "
                 "blue faster, red slower", fontsize=10)
    cbar = fig.colorbar(im, ax=ax, fraction=0.04, pad=0.02, extend="min")
    ticks = [0.25, 0.5, 0.8, 1, 1.25, 1.5, 2]
    cbar.set_ticks([math.log2(t) for t in ticks])
    cbar.set_ticklabels([f"{t:g}x" for t in ticks])
    cbar.set_label("CUB time / kernel time (log scale)")
    return save(fig, out_dir, name)


def summary(rows, context, out_dir, name="summary.png"):
    """The default's speedup over CUB and thrust against n: their time over the default's (the matrix rows), and over
    CUB in the paired rows (calls of both alternately) where the run has them."""
    cold = [r for r in rows if r["group"] == "matrix" and r["variant"] == "cold"]
    t = {(r["kernel"], r["n"]): r["median_us"] for r in cold}
    sizes = sorted(n for k, n in t if k == "default")
    if not sizes:
        return []
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for ref, style, label in ((CUB, dict(color="black", marker="s"), "over CUB DeviceReduce::Sum"),
                              (THRUST, dict(color="tab:gray", marker="^"), "over thrust::reduce")):
        pts = [(n, t[(ref, n)] / t[("default", n)]) for n in sizes if (ref, n) in t]
        if pts:
            ax.plot(*zip(*pts), lw=1.8, ms=4, label=label, **style)
    paired = sorted((r["n"], r["vs_cub"]) for r in rows if r["group"] == "paired" and r["kernel"] == "default"
                    and r["variant"] == "cold" and r.get("vs_cub") and r["n"] & (r["n"] - 1) == 0)
    if paired:
        ax.plot(*zip(*paired), color="tab:blue", lw=1.2, ls="--", marker="o", ms=3,
                label="over CUB, paired (calls alternated)")
    ax.axhline(1, color="red", lw=0.8, ls="-", label="same time")
    ax.set_yscale("log", base=2)
    ticks = [0.8, 1, 1.25, 1.5, 2, 3, 4, 6]
    ax.set_yticks(ticks)
    ax.set_yticklabels([f"{v:g}x" for v in ticks])
    ax.minorticks_off()
    _log2_axis(ax, sizes)
    ax.set_ylabel("speedup of the default\n(their time / the default's time)")
    ax.set_title(f"The default against CUB and thrust ({context.get('reduce_device', '')}, "
                 f"{context.get('reduce_type', '')} sum)", fontsize=10)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    return save(fig, out_dir, name)


def journeys(rows, context, out_dir):
    """Per journey: GB/s of each step as bars, CUB and thrust as horizontal lines."""
    written = []
    for g in sorted({r["group"] for r in rows if r["group"].startswith("seed")}):
        at = [r for r in rows if r["group"] == g and r["variant"] == "cold"]
        steps = sorted((r for r in at if r["step"] is not None), key=lambda r: r["step"])
        if not steps:
            continue
        fig, ax = plt.subplots(figsize=(max(6, 1.1 * len(steps) + 3), 4.5))
        ax.bar(range(len(steps)), [r.get("GB/s", 0) for r in steps], color="tab:blue")
        ax.set_xticks(range(len(steps)))
        ax.set_xticklabels([f"{r['step']}\n{r['kernel']}" for r in steps], rotation=35, ha="right", fontsize=7)
        for ref, style in ((CUB, "-"), (THRUST, ":")):
            for r in at:
                if r["kernel"] == ref and "GB/s" in r:
                    ax.axhline(r["GB/s"], color="black", ls=style, lw=1.2, label=f"{ref} {r['GB/s']:.0f} GB/s")
        _ceilings(ax, context)
        n = steps[0]["n"]
        ax.set_xlabel("step (kernel)")
        ax.set_ylabel("effective bandwidth (GB/s)")
        ax.set_title(f"{g}, n = 2^{int(math.log2(n))} ({context.get('reduce_type', '')} sum)")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
        ax.grid(True, axis="y", alpha=0.3)
        written += save(fig, out_dir, f"journey_{g}.png")
    return written


def latency(rows, context, out_dir, name="latency.png"):
    """Cold (L2 flushed, one call) and back-to-back per-call time against n: CUB, thrust and the best kernel."""
    mx = [r for r in rows if r["group"] == "matrix"]
    b2b = [r for r in mx if r["variant"] == "back-to-back"]
    if not b2b:
        return []
    sizes = sorted({r["n"] for r in mx})
    fig, ax = plt.subplots(figsize=(9, 5))
    for variant, style in (("cold", "-"), ("back-to-back", "--")):
        sel = [r for r in mx if r["variant"] == variant]
        for kernel, colour in ((CUB, "black"), (THRUST, "tab:gray")):
            pts = sorted((r["n"], r["median_us"]) for r in sel if r["kernel"] == kernel)
            if pts:
                ax.plot(*zip(*pts), color=colour, ls=style, marker="o", ms=3, label=f"{kernel}, {variant}")
        best = {}
        for r in sel:
            if r["kernel"] not in (CUB, THRUST) and r["median_us"] < best.get(r["n"], float("inf")):
                best[r["n"]] = r["median_us"]
        if best:
            ax.plot(sorted(best), [best[n] for n in sorted(best)], color="tab:blue", ls=style, marker="o", ms=3,
                    label=f"best kernel per size, {variant}")
    ax.set_yscale("log")
    _log2_axis(ax, sizes)
    ax.set_ylabel("time per call (µs, log scale)")
    ax.set_title(f"Cold vs back-to-back time per call ({context.get('reduce_device', '')})")
    ax.grid(True, alpha=0.3, which="both")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    return save(fig, out_dir, name)


def make_all(rows, context, out_dir):
    written = summary(rows, context, out_dir)
    for field, title in (("grid", "Grid policy"), ("load", "Load policy")):
        written += bandwidth_by(rows, context, out_dir, field, f"Effective bandwidth by {title}",
                                f"bandwidth_by_{field}.png")
    return (written + speedup_heatmap(rows, context, out_dir) + journeys(rows, context, out_dir)
            + latency(rows, context, out_dir))
