"""The PNG plots of report.py: bandwidth against size per family, a heat map of speedup over CUB, the journeys,
and back-to-back latency. Each function returns the file names it wrote (relative to the output directory)."""
import math
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
from matplotlib.colors import TwoSlopeNorm  # noqa: E402

CUB, THRUST = "cub::DeviceReduce::Sum", "thrust::reduce"



def save(fig, out_dir, name, dpi=110, rect=None):
    """Lays out, writes and closes a figure; returns the list of files written."""
    if rect:
        fig.tight_layout(rect=rect)
    else:
        fig.tight_layout()
    fig.savefig(os.path.join(out_dir, name), dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    return [name]

def _log2_axis(ax, sizes):
    ax.set_xscale("log", base=2)
    ax.set_xticks(sizes)
    ax.set_xticklabels([f"$2^{{{int(math.log2(n))}}}$" if n & (n - 1) == 0 else str(n) for n in sizes])
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
    """One panel per family (kernels grouped by `field`): every kernel thin, the family's best per size bold,
    CUB and thrust drawn in, the peak and copy bandwidth as ceilings; the legend sits outside the panels."""
    cold = [r for r in rows if r["group"] == "matrix" and r["variant"] == "cold"]
    families = sorted({r[field] for r in cold if r[field]})
    if not families:
        return []
    sizes = sorted({r["n"] for r in cold})
    cols = 2
    nrows = math.ceil(len(families) / cols)
    fig, axes = plt.subplots(nrows, cols, figsize=(13, 4.2 * nrows), sharey=True, squeeze=False)
    for ax, fam in zip(axes.flat, families):
        members = sorted({r["kernel"] for r in cold if r[field] == fam})
        for k in members:
            ax.plot(*_series(cold, k), color="tab:blue", alpha=0.18, lw=0.7)
        best = {}
        for r in cold:
            if r[field] == fam and "GB/s" in r and r["GB/s"] > best.get(r["n"], 0):
                best[r["n"]] = r["GB/s"]
        ax.plot(sorted(best), [best[n] for n in sorted(best)], color="tab:blue", lw=2.2, marker="o", ms=3,
                label="best of the family per size (thin lines: each kernel)")
        ax.plot(*_series(cold, CUB), color="black", lw=1.8, ls="-", marker="s", ms=3, label="CUB DeviceReduce::Sum")
        ax.plot(*_series(cold, THRUST), color="tab:gray", lw=1.8, ls=":", marker="^", ms=3, label="thrust::reduce")
        _ceilings(ax, context)
        _log2_axis(ax, sizes)
        ax.set_ylabel("effective bandwidth (GB/s)")
        ax.set_title(f"{field} = {fam}")
        ax.grid(True, alpha=0.3)
    for ax in list(axes.flat)[len(families):]:
        ax.set_visible(False)
    handles, labels = axes.flat[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper center", ncol=5, bbox_to_anchor=(0.5, 1.0), frameon=False)
    fig.suptitle(f"{title} ({context.get('reduce_device', '')}, {context.get('reduce_type', '')} sum)", y=1.03)
    return save(fig, out_dir, name, rect=(0, 0, 1, 0.97))


def speedup_heatmap(rows, context, out_dir, name="speedup_vs_cub.png"):
    """Kernels (rows, grouped by Grid policy) x sizes (columns), colour = CUB time / kernel time on a log scale."""
    cold = [r for r in rows if r["group"] == "matrix" and r["variant"] == "cold" and r["kernel"] not in (CUB, THRUST)]
    if not cold:
        return []
    sizes = sorted({r["n"] for r in cold})
    kernels = sorted({(r["grid"], r["load"], r["finish"], r["block"], r["kernel"]) for r in cold})
    names = [k[-1] for k in kernels]
    value = {(r["kernel"], r["n"]): r.get("vs_cub") for r in cold}
    grid = [[math.log2(value[(k, n)]) if value.get((k, n)) else float("nan") for n in sizes] for k in names]
    height = max(6, 0.11 * len(names) + 2)
    fig, ax = plt.subplots(figsize=(9, height))
    norm = TwoSlopeNorm(vmin=-4, vcenter=0, vmax=1)
    im = ax.imshow(grid, aspect="auto", cmap="RdBu", norm=norm, interpolation="nearest")
    ax.set_xticks(range(len(sizes)))
    ax.set_xticklabels([f"$2^{{{int(math.log2(n))}}}$" if n & (n - 1) == 0 else str(n) for n in sizes])
    ax.set_xlabel("n (elements, log2 scale)")
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names, fontsize=4.5)
    ax.set_ylabel("kernel (grouped by Grid policy, then Load)")
    ax.set_title(f"Speedup over CUB ({context.get('reduce_device', '')}, {context.get('reduce_type', '')} sum): "
                 "blue > 1x faster, red slower")
    cbar = fig.colorbar(im, ax=ax, fraction=0.04, pad=0.02)
    ticks = [-4, -3, -2, -1, 0, 1]
    cbar.set_ticks(ticks)
    cbar.set_ticklabels([f"{2.0 ** t:g}x" for t in ticks])
    cbar.set_label("CUB time / kernel time (log2 scale)")
    return save(fig, out_dir, name, dpi=130)


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
    ax.set_ylabel("time per call (us, log scale)")
    ax.set_title(f"Cold vs back-to-back time per call ({context.get('reduce_device', '')})")
    ax.grid(True, alpha=0.3, which="both")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    return save(fig, out_dir, name)


def make_all(rows, context, out_dir):
    written = []
    for field, title in (("grid", "Grid policy"), ("load", "Load policy")):
        written += bandwidth_by(rows, context, out_dir, field, f"Effective bandwidth by {title}",
                                f"bandwidth_by_{field}.png")
    return (written + speedup_heatmap(rows, context, out_dir) + journeys(rows, context, out_dir)
            + latency(rows, context, out_dir))
