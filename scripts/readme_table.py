#!/usr/bin/env python3
"""README.md's speed figures, generated from the committed results: docs/results/h100/results.csv.gz and
docs/results/h200/results.csv.gz (what bench/report.py wrote beside each report.md).

    python3 scripts/readme_table.py                      # prints the table of README's section "How fast"
    python3 scripts/readme_table.py --check README.md    # exit 1 if README's figures differ from the results
    python3 scripts/readme_table.py --write README.md    # rewrites them in place

Per GPU and power of two of the report's summary: "default" and "CUB" are the float default and CUB sampled
alternately on temporary storage (group paired, kernel default: median_us and cub_us), "vs CUB" the median of their
per-pair ratios (vs_cub): report.md's section "Paired", columns "default µs", "CUB µs", "CUB / default"; "thrust" is
thrust::reduce's row of the summary (group matrix). The table sits between <!-- figures:begin --> and
<!-- figures:end -->. The sentences of README that quote these figures are checked (and rewritten) too: the range of
"vs CUB" over a span of sizes, "at least as fast as CUB at every size", and the bandwidth read at the largest size.
Python 3 standard library only; ctest runs the check (readme-figures).
"""
import argparse
import csv
import gzip
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPUS = (("H100", "h100"), ("H200", "h200"))
BEGIN, END = "<!-- figures:begin -->", "<!-- figures:end -->"
CUB, THRUST = "cub::DeviceReduce::Sum", "thrust::reduce"


def fmt(v, digits=2):  # as bench/report_text.py formats a cell
    return f"{v:.{digits}f}"


def size_label(n):
    return f"2^{n.bit_length() - 1}"


def load(folder):
    """{n: {default, cub, thrust, vs_cub, pct}} for the powers of two of the summary (cold matrix rows)."""
    path = os.path.join(ROOT, "docs", "results", folder, "results.csv.gz")
    with gzip.open(path, "rt", newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["variant"] == "cold"]
    thrust = {int(r["n"]): float(r["median_us"]) for r in rows if r["group"] == "matrix" and r["kernel"] == THRUST}
    paired = {int(r["n"]): r for r in rows if r["group"] == "paired" and r["kernel"] == "default"}
    out = {}
    for n in sorted(thrust):
        p = paired.get(n)
        if n & (n - 1) or p is None:
            continue
        out[n] = {"default": float(p["median_us"]), "cub": float(p["cub_us"]), "thrust": thrust[n],
                  "vs_cub": float(p["vs_cub"]), "pct": float(p["pct_of_peak"])}
    if not out:
        sys.exit(f"readme_table.py: no paired float rows in {path}")
    return out


def table(data):
    sizes = sorted(set.intersection(*(set(d) for d in data.values())))
    head = ["n"] + [f"{g} {c}" for g, _ in GPUS for c in ("default", "CUB", "thrust", "vs CUB")]
    lines = ["| " + " | ".join(head) + " |", "| --- |" + " ---: |" * (len(head) - 1)]
    for n in sizes:
        cells = [size_label(n)]
        for g, _ in GPUS:
            d = data[g][n]
            cells += [fmt(d["default"]), fmt(d["cub"]), fmt(d["thrust"]), fmt(d["vs_cub"])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def printed_ratios(data, lo=0, hi=1 << 64):
    """The "vs CUB" cells as printed, over both GPUs, for lo <= n <= hi."""
    return [float(fmt(d["vs_cub"])) for g, _ in GPUS for n, d in data[g].items() if lo <= n <= hi]


def claims(data):
    """(pattern, check) for each sentence that quotes the table: check(match) gives the text the sentence must read,
    or raises ValueError where no rewording can make it true."""
    largest = max(set.intersection(*(set(d) for d in data.values())))

    def span(m):
        a, b = int(m.group(3)), int(m.group(4))
        r = printed_ratios(data, 1 << a, 1 << b)
        return f"{fmt(min(r))} to {fmt(max(r))} times faster from 2^{a} to 2^{b} elements"

    def bandwidth(m):
        return (f"At {size_label(largest)} the default reads {fmt(data['H100'][largest]['pct'], 1)}% (H100) and "
                f"{fmt(data['H200'][largest]['pct'], 1)}% (H200)")

    def at_least(m):  # on the measured ratios, not the rounded cells (0.996 prints as 1.00)
        if min(d["vs_cub"] for g, _ in GPUS for d in data[g].values()) < 1.0:
            raise ValueError("'at least as fast as CUB' no longer holds: a \"vs CUB\" ratio is below 1")
        return m.group(0)

    ws = r"\s+"  # a sentence may wrap
    return [
        (re.compile(ws.join([r"(\d+\.\d\d)", "to", r"(\d+\.\d\d)", "times", "faster", "from", r"2\^(\d+)", "to",
                             r"2\^(\d+)", "elements"])), span),
        (re.compile(ws.join(["At", r"2\^\d+", "the", "default", "reads", r"\d+\.\d%", r"\(H100\)", "and",
                             r"\d+\.\d%", r"\(H200\)"])), bandwidth),
        (re.compile(ws.join(["at", "least", "as", "fast", "as", "CUB"])), at_least),
    ]


def render(text, data):
    """README with the table and the sentences that quote it made from data; what differed; what cannot be fixed."""
    begin, end = text.find(BEGIN), text.find(END)
    if begin < 0 or end < begin:
        sys.exit(f"readme_table.py: no {BEGIN} ... {END} in the README")
    body = "\n\n" + table(data) + "\n\n"
    diffs = [] if text[begin + len(BEGIN):end] == body else ["the table between the figures markers"]
    errors = []
    text = text[:begin + len(BEGIN)] + body + text[end:]
    for pattern, expected in claims(data):
        found = False

        def fix(m):
            nonlocal found
            found = True
            try:
                want = expected(m)
            except ValueError as e:
                errors.append(str(e))
                return m.group(0)
            if " ".join(m.group(0).split()) != want:
                diffs.append(f"'{' '.join(m.group(0).split())}' should read '{want}'")
            # keep the original's line breaks where the word count is the same
            return want if len(m.group(0).split()) != len(want.split()) else _rewrap(m.group(0), want)

        text = pattern.sub(fix, text)
        if not found:
            errors.append(f"no sentence matching /{pattern.pattern}/")
    return text, diffs, errors


def _rewrap(old, new):
    """new's words with old's whitespace between them (same number of words)."""
    seps = re.findall(r"\s+", old)
    words = new.split()
    return "".join(w + (seps[i] if i < len(seps) else "") for i, w in enumerate(words))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--check", metavar="README", help="exit 1 if README's figures differ from the results")
    group.add_argument("--write", metavar="README", help="rewrite README's figures from the results")
    args = ap.parse_args()
    data = {g: load(folder) for g, folder in GPUS}
    path = args.check or args.write
    if not path:
        print(table(data))
        return 0
    with open(path, encoding="utf-8") as f:
        text = f.read()
    new, diffs, errors = render(text, data)
    if errors or (args.check and diffs):
        print(f"{path}: figures differ from docs/results/{{h100,h200}}/results.csv.gz:", file=sys.stderr)
        for d in diffs + errors:
            print(f"  {d}", file=sys.stderr)
        if diffs and not errors:
            print(f"  regenerate: python3 scripts/readme_table.py --write {path}", file=sys.stderr)
        return 1
    if args.check:
        print(f"{path}: figures match docs/results/h100 and h200")
        return 0
    if new != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    print(f"{path}: " + ("rewritten: " + "; ".join(diffs) if diffs else "already up to date"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
