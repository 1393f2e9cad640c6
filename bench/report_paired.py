"""report.md sections whose rows come in pairs, its last: the input offset by one element (beside the aligned rows)
and the paired rows (a kernel sampled alternately with CUB). Used by report.py."""
from report_text import fmt, open_table, size_label


def typed_table(rows, out, name, first_type, title, header):
    """Opens the table of group `name` (the first file's type) and name-TYPE (other types) if the run has them
    (columns after type and n right-aligned); returns their (group, element type), sorted."""
    groups = sorted({r["group"] for r in rows if r["group"] == name or r["group"].startswith(name + "-")})
    if groups:
        open_table(out, title, header, " | ".join(["---", "---"] + ["---:"] * (header.count("|") - 1)))
    return [(g, g[len(name) + 1:] if g != name else first_type) for g in groups]


def offset_section(rows, out, first_type, baselines):
    """Group offset (offset-TYPE for other types): CUB and the default with the input one element past an aligned
    address, beside their aligned times from the matrix group of the same run."""
    groups = typed_table(rows, out, "offset", first_type, "Input offset by one element (not 16-byte aligned)",
                         "type | n | CUB µs | CUB +1 µs | default µs | default +1 µs | default +1 / aligned | "
                         "CUB +1 / default +1 | on a workspace µs | on a workspace +1 µs | +1 / aligned")
    for g, t in groups:
        matrix = "matrix" + g[len("offset"):]
        at = {(r["kernel"], r["n"]): r["median_us"] for r in rows
              if r["group"] in (g, matrix) and r["variant"] == "cold"}
        for n in sorted({r["n"] for r in rows if r["group"] == g}):
            cub, cub1 = at.get((baselines[0], n)), at.get((baselines[0] + "+1", n))
            d, d1 = at.get(("default", n)), at.get(("default+1", n))
            w, w1 = at.get(("default-workspace", n)), at.get(("default-workspace+1", n))
            out.append(f"| {t} | {size_label(n)} | {fmt(cub)} | {fmt(cub1)} | {fmt(d)} | {fmt(d1)} | "
                       f"{fmt(d1 / d if d and d1 else None, 3)} | {fmt(cub1 / d1 if cub1 and d1 else None)} | "
                       f"{fmt(w)} | {fmt(w1)} | {fmt(w1 / w if w and w1 else None, 3)} |")
    if groups:
        out.append("")
    plus_one_section(rows, out, first_type)


def plus_one_section(rows, out, first_type):
    """Group plus-one (plus-one-TYPE): the default +1 sampled alternately with the default aligned, raw and on a
    workspace; +1 / aligned is the median of the per-pair ratios, the measure the criterion "within 2% of the aligned
    time" asks for (the rows above sample the two calls apart, which moves the ratio by a few ticks of the clock)."""
    groups = typed_table(rows, out, "plus-one", first_type,
                         "Input offset by one element, sampled alternately with the aligned call",
                         "type | n | default µs | +1 µs | +1 / aligned | on a workspace µs | +1 µs | +1 / aligned")
    for g, t in groups:
        at = {(r["kernel"], r["n"]): r for r in rows if r["group"] == g and r["variant"] == "cold"}
        for n in sorted({n for _, n in at}):
            cells = []
            for k in ("default+1", "default-workspace+1"):
                r = at.get((k, n), {})
                cells += [fmt(r.get("partner_us")), fmt(r.get("median_us")), fmt(r.get("over_partner"), 3)]
            out.append(f"| {t} | {size_label(n)} | " + " | ".join(cells) + " |")
    if groups:
        out.append("")


def paired_section(rows, out, first_type):
    """Group paired (paired-TYPE): the default sampled alternately with CUB, one call of each per sample, so both
    meet the same states of the GPU; vs CUB is the median of the per-pair ratios. CUB's second launch is about 1 µs
    slower in every other pair of its calls, so its samples lie on two levels and their median on either: the lower
    mode (bench/src/stats.hpp) of the per-pair ratios is the ratio in the pairs where CUB was in its faster state
    ("CUB fast"; equal to the median where the samples lie on one level). The times of CUB's faster state, of the +1
    calls and of CUB in each row's pairs are in results.csv (cub_us, cub_us_lower_mode)."""
    groups = typed_table(rows, out, "paired", first_type, "Paired: the default and CUB sampled alternately",
                         "type | n | default µs | CUB µs | CUB / default | CUB fast / default | CUB +1 / default +1 | "
                         "on a workspace µs | CUB / it | CUB fast / it | CUB +1 / it +1")
    for g, t in groups:
        at = {(r["kernel"], r["n"]): r for r in rows if r["group"] == g and r["variant"] == "cold"}
        for n in sorted({n for k, n in at if k in ("default", "default-workspace")}):
            cells = []
            for k in ("default", "default-workspace"):
                r, plus = at.get((k, n), {}), at.get((k + "+1", n), {})
                cells += [fmt(r.get("median_us"))] + ([fmt(r.get("cub_us"))] if k == "default" else [])
                cells += [fmt(r.get("vs_cub")), fmt(r.get("vs_cub_lower_mode")), fmt(plus.get("vs_cub"))]
            out.append(f"| {t} | {size_label(n)} | " + " | ".join(cells) + " |")
    if groups:
        out.append("")
        out.append("Each sample is one call of the default and one of CUB, the order alternating; a ratio is the "
                   "median of the per-pair ratios CUB / default (> 1: the default is faster). *CUB fast*: the same in "
                   "the pairs where CUB was in its faster launch state (its two launches sit about 1 µs apart in "
                   "alternate pairs). *+1*: both inputs one element past an aligned address. *On a workspace*: the "
                   "default called with a `reduce::workspace`.\n")
    kernels = [r for r in rows if r["group"] == "paired" and r["grid"] and r.get("vs_cub")]
    if kernels:  # --paired rows of matrix kernels (bench/tune.py's data)
        out += ["Matrix kernels sampled alternately with CUB: the three best per size by the median per-pair ratio.\n",
                "| n | best (CUB / kernel) | second | third |", "| --- | --- | --- | --- |"]
        for n in sorted({r["n"] for r in kernels}):
            best = sorted((r for r in kernels if r["n"] == n), key=lambda r: -r["vs_cub"])[:3]
            out.append(f"| {size_label(n)} | " + " | ".join(f"`{r['kernel']}` {fmt(r['vs_cub'])}" for r in best) + " |")
        out.append("")
