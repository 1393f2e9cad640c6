"""The opening of report.md (report.py): the device, the default beside CUB and thrust per size, the fastest kernel
of each Grid family per size, and the other element types. Every kernel at every size is in results.csv only."""
from report_text import CUB, THRUST, check_text, fmt, open_table, size_label

# Grid families in the order of the matrix (kernel names: LOAD/FINISH/GRID/bBLOCK).
GRID_ORDER = ("multipass", "gridstride", "atomic", "singlepass", "cluster16", "coop", "polled", "reproducible")


def matrix_cold(rows, group="matrix"):
    return [r for r in rows if r["group"] == group and r["variant"] == "cold"]


def by_size(cold):
    """{n: {kernel: row}} of one group's cold rows."""
    out = {}
    for r in cold:
        out.setdefault(r["n"], {})[r["kernel"]] = r
    return dict(sorted(out.items()))


def grids_of(cold):
    present = {r["grid"] for r in cold if r["grid"]}
    return [g for g in GRID_ORDER if g in present] + sorted(present - set(GRID_ORDER))


def header(context, rows, out):
    """Title, device and checks: the first lines of the report."""
    device, dtype = context.get("reduce_device", "?"), context.get("reduce_type", "?")
    peak, copy = context.get("reduce_peak_gbps"), context.get("reduce_copy_gbps")
    l2 = int(context.get("reduce_l2_bytes", 0) or 0)
    facts = [f"{context.get('reduce_sm_count', '?')} SMs"] + ([f"L2 {l2 / 2**20:.0f} MiB"] if l2 else [])
    bandwidth = "; ".join(b for b in (f"theoretical memory bandwidth {float(peak):.0f} GB/s" if peak else "",
                                      f"measured device-to-device copy {float(copy):.0f} GB/s" if copy else "") if b)
    out.append(f"# reduce-bench: {device}, {dtype} sum\n")
    out.append(f"**{device}** ({', '.join(facts)}){': ' + bandwidth if bandwidth else ''}. "
               f"Element type {dtype}, op sum; run on {str(context.get('date', '?'))[:10]}.")
    fails = [r for r in rows if check_text(r) == "FAIL"]
    out.append(f"Checks: {'all ' if not fails else ''}{len(rows) - len(fails)} of {len(rows)} results exact" +
               ("." if not fails else ": **FAILED** " + ", ".join(f"`{r['kernel']}` at {r['n']}" for r in fails[:10])))
    out.append("Times are medians of calls with the L2 cache flushed before each, in µs; a ratio X / Y above 1 means Y "
               "is faster. Method: docs/bench.md. Every kernel at every size: results.csv.\n")


def summary_section(rows, out, plot):
    """The default, CUB and thrust per size, with the paired ratio where the run has paired rows."""
    sizes = by_size(matrix_cold(rows))
    if not sizes:
        return
    paired = {r["n"]: r for r in matrix_cold(rows, "paired") if r["kernel"] == "default"}
    cols = "n | default µs | CUB µs | thrust µs | CUB / default | thrust / default | default GB/s"
    if paired:
        cols += " | CUB / default, paired"
    open_table(out, "Summary: the default beside CUB and thrust", cols, " | ".join(["---"] + ["---:"] * 6 +
                                                                                  (["---:"] if paired else [])))
    for n, at in sizes.items():
        d, cub, thrust = at.get("default", {}), at.get(CUB, {}), at.get(THRUST, {})
        d_us = d.get("median_us")
        line = (f"| {size_label(n)} | {fmt(d_us)} | {fmt(cub.get('median_us'))} | {fmt(thrust.get('median_us'))} | "
                f"{ratio(cub.get('median_us'), d_us)} | {ratio(thrust.get('median_us'), d_us)} | "
                f"{fmt(d.get('GB/s'), 0)} |")
        if paired:
            line += f" {fmt(paired.get(n, {}).get('vs_cub'))} |"
        out.append(line)
    out.append("")
    out.append("The default is `reduce::default_config` with `reduce::sum`, as a user calls it (the tuned kernel "
               "for the size, on raw temporary storage); CUB is `cub::DeviceReduce::Sum`, thrust `thrust::reduce`." +
               (" *Paired*: the median ratio over calls of the default and CUB taken alternately, which both meet "
                "the same state of the GPU (section \"Paired\")." if paired else "") + "\n")
    if plot:
        out.append(f"![The default's speedup over CUB and thrust against n]({plot})\n")


def ratio(num, den):
    return fmt(num / den) if num and den else "-"


def short_name(r):
    """The kernel's name without its Grid (the column names it): LOAD/FINISH/bBLOCK."""
    return f"{r['load']}/{r['finish']}/b{r['block']}"


def family_section(rows, out):
    """Per size, the fastest kernel of each Grid family: CUB time over its time, and its name."""
    cold = [r for r in matrix_cold(rows) if r["grid"]]
    if not cold:
        return
    grids = grids_of(cold)
    cub_us = {r["n"]: r["median_us"] for r in matrix_cold(rows) if r["kernel"] == CUB}
    open_table(out, "Best kernel of each Grid family", "n | " + " | ".join(grids) + " | faster than CUB",
               " | ".join(["---"] * (len(grids) + 1) + ["---:"]))
    for n, at in by_size(cold).items():
        best = {}
        for r in at.values():
            if r["median_us"] < best.get(r["grid"], {}).get("median_us", float("inf")):
                best[r["grid"]] = r
        top = min(best.values(), key=lambda r: r["median_us"])
        cells = []
        for g in grids:
            r = best.get(g)
            value = ratio(cub_us.get(n), r["median_us"]) if r else "-"
            cells.append("-" if not r else (f"**{value}**" if r is top else value) + f" `{short_name(r)}`")
        faster = sum(1 for r in at.values() if cub_us.get(n) and r["median_us"] < cub_us[n])
        out.append(f"| {size_label(n)} | " + " | ".join(cells) + f" | {faster} of {len(at)} |")
    out.append("")
    out.append("Each cell: CUB's time over the family's fastest kernel at that size (bold: the fastest of all), and "
               "that kernel as Load/BlockFinish/bBlock. Last column: how many matrix kernels beat CUB there.\n")


def other_types_section(rows, out):
    """Matrix runs of other element types (group matrix-TYPE): the default, CUB and the best kernel per size."""
    groups = sorted({r["group"] for r in rows if r["group"].startswith("matrix-")})
    if not groups:
        return
    open_table(out, "Other element types", "type | n | default µs | CUB µs | CUB / default | best kernel | µs | "
               "CUB / best", "--- | --- | ---: | ---: | ---: | --- | ---: | ---:")
    for g in groups:
        for n, at in by_size(matrix_cold(rows, g)).items():
            kernels = [r for r in at.values() if r["grid"]]
            if not kernels:
                continue
            best = min(kernels, key=lambda r: r["median_us"])
            d_us, c_us = at.get("default", {}).get("median_us"), at.get(CUB, {}).get("median_us")
            out.append(f"| {g[len('matrix-'):]} | {size_label(n)} | {fmt(d_us)} | {fmt(c_us)} | {ratio(c_us, d_us)} | "
                       f"`{best['kernel']}` | {fmt(best['median_us'])} | {ratio(c_us, best['median_us'])} |")
    out.append("")

