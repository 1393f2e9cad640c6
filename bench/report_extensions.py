"""The extensions' section of report.md (report.py): per (input, accumulator, op) case and size, the default against
the best candidate matrix kernel and CUB's closest call, all sampled in the same alternated rounds
(docs/extensions.md); and the compensated sums' errors."""
from report_text import check_text, fmt, size_label

CUB, DEFAULT, CANDIDATE = 1, 2, 3


def extension_section(rows, out):
    ext = [r for r in rows if r["group"] == "ext" and r["variant"] == "cold"]
    if not ext:
        return
    out.append("## Extensions: every documented (input, accumulator, op) (docs/extensions.md)\n")
    out.append("Per case and size: the default, the fastest of the candidate matrix kernels (bench/src/"
               "extension_rows.cuh) and CUB's closest call, sampled in the same rounds, each row in turn (medians). "
               "best / default and CUB / default above 1: the default is faster. % peak: the input's bytes over the "
               "time, against the GPU's theoretical bandwidth. check: every row of the case at that size matched "
               "the exact reference.\n")
    cases = []
    for r in ext:
        case = r["kernel"].split("/", 1)[0]
        if case not in cases:
            cases.append(case)
    out += ["| case | n | default us | % peak | best matrix kernel | us | best / default | CUB's call | CUB us | "
            "CUB / default | check |",
            "| --- | --- | ---: | ---: | --- | ---: | ---: | --- | ---: | ---: | --- |"]
    for case in cases:
        at = [r for r in ext if r["kernel"].split("/", 1)[0] == case]
        for n in sorted({r["n"] for r in at}):
            here = [r for r in at if r["n"] == n]
            role = lambda k: [r for r in here if int(r.get("role", 0)) == k]
            d, c = role(DEFAULT), role(CUB)
            if not d:
                continue
            d = d[0]
            cands = sorted((r for r in role(CANDIDATE) if check_text(r) == "ok"), key=lambda r: r["median_us"])
            best = cands[0] if cands else None
            c = c[0] if c else None
            ok = all(check_text(r) == "ok" for r in here)
            name = lambda r: r["kernel"].split("/", 1)[1]
            out.append(
                f"| {case} | {size_label(n)} | {fmt(d['median_us'])} | {fmt(d.get('pct_of_peak'), 1)} | "
                + (f"`{name(best)}` | {fmt(best['median_us'])} | {best['median_us'] / d['median_us']:.3f} | "
                   if best else "- | - | - | ")
                + (f"`{name(c)}` | {fmt(c['median_us'])} | {c['median_us'] / d['median_us']:.2f} | " if c
                   else "- | - | - | ")
                + ("ok |" if ok else "FAIL |"))
    out.append("")
    comp = [r for r in ext if r["kernel"].startswith("compensated/")]
    if comp:
        n = max(r["n"] for r in comp)
        out.append(f"Compensated sums of the ill-conditioned input (condition ~1e8), n = {size_label(n)}: "
                   "|result - exact| / |exact|\n")
        out += ["| row | us | rel. error |", "| --- | ---: | ---: |"]
        for r in sorted((r for r in comp if r["n"] == n), key=lambda r: r["median_us"]):
            if int(r.get("role", 0)) == CANDIDATE:
                continue
            err = f"{r['rel_error']:.2e}" if "rel_error" in r else "-"
            out.append(f"| `{r['kernel'].split('/', 1)[1]}` | {fmt(r['median_us'])} | {err} |")
        out.append("")
