"""The extensions' section of report.md (report.py): one table per case, rows x sizes (docs/extensions.md)."""
from report_text import check_text, fmt, size_label


def extension_section(rows, out):
    """--extensions: one table per case (the first part of the kernel name), rows x sizes."""
    ext = [r for r in rows if r["group"] == "ext" and r["variant"] == "cold"]
    if not ext:
        return
    out.append("## Extensions (docs/extensions.md)\n")
    out.append("Narrow types into a wider accumulator, sum of squares, argmin/argmax and compensated sums beside CUB "
               "and thrust. vs CUB is against the case's CUB row (half/bf16: `DeviceReduce::TransformReduce` with a "
               "conversion to float, since `DeviceReduce::Sum` does not compile for half input with float output; "
               "argmin/argmax: `ArgMin`). rel. error: |result - exact| / |exact| on the ill-conditioned input.\n")
    cases = []
    for r in ext:
        case = r["kernel"].split("/", 1)[0]
        if case not in cases:
            cases.append(case)
    for case in cases:
        at = [r for r in ext if r["kernel"].split("/", 1)[0] == case]
        sizes = sorted({r["n"] for r in at})
        names = []
        for r in at:
            name = r["kernel"].split("/", 1)[1]
            if name not in names:
                names.append(name)
        by = {(r["kernel"].split("/", 1)[1], r["n"]): r for r in at}
        out.append(f"### {case}\n")
        head = "| row |" + "".join(f" {size_label(n)} us | GB/s | vs CUB |" for n in sizes)
        align = "| --- |" + " ---: | ---: | ---: |" * len(sizes)
        if case == "compensated":
            head += " rel. error (largest n) |"
            align += " ---: |"
        out += [head + " check |", align + " --- |"]
        for name in names:
            cells = []
            for n in sizes:
                r = by.get((name, n), {})
                cells.append(f" {fmt(r.get('median_us'))} | {fmt(r.get('GB/s'), 0)} | {fmt(r.get('vs_cub'))} |")
            line = f"| `{name}` |" + "".join(cells)
            if case == "compensated":
                last = by.get((name, sizes[-1]), {})
                line += f" {last['rel_error']:.2e} |" if "rel_error" in last else " - |"
            ok = all(check_text(by[(name, n)]) == "ok" for n in sizes if (name, n) in by)
            out.append(line + (" ok |" if ok else " FAIL |"))
        out.append("")
