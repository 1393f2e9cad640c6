#!/usr/bin/env python3
"""Derives the tuned default's tables (include/reduce/detail/tuning/sm90.cuh and sm90_exact.cuh) from bench runs.

    python3 bench/tune.py LABEL=RESULTS.csv[@YYYY-MM-DD] ... [--bytes 4] [--exact] [--workspace]
                          [--within 0.02] [--pin LOG2N=KERNEL ...] [--keep-pins] [--date YYYY-MM-DD]
                          [--write include/reduce/detail/tuning/sm90.cuh or sm90_exact.cuh]

Each RESULTS.csv is report.py's results.csv of a matrix run of one element type (`reduce-bench --matrix`, cold
rows); LABEL names its device (`H100=h100.csv H200=h200.csv`; runs of one device may share it), @YYYY-MM-DD the day
it ran. Where a run has paired rows of matrix kernels at n (`--paired=REGEX`: each sample one call of the kernel and
one of CUB), only those kernels are candidates there and they are compared by CUB time over theirs, the median of
per-pair ratios, which does not move with the launch state the GPU is in (docs/tuning.md); elsewhere by median
time. At each measured n, a kernel is a candidate when on every run that measured n it is within --within (2%) of
that run's fastest allowed kernel; if no kernel is, the one whose worst ratio to the fastest is least.

Allowed: the deterministic kernels (Grid not atomic, not polled): `sm90<B>`. --exact: the table for integer
accumulators whose op has a native atomic (`sm90_exact<B>`), where every order of combining gives the same bits, so
the atomic grid is allowed too (measure it with an integer --type). --workspace: the table for calls on a
reduce::workspace (`sm90_workspace<B>`), where Grid polled is allowed too (the bench runs its rows on a workspace;
on raw storage it would pay a memset, so the other tables leave it out). Both: `sm90_exact_workspace<B>`, integer
sums on a workspace, where the atomic grid adds into a zeroed tally word (measure with --atomic-on-workspace).

The table has the fewest ranges of n in which one kernel is a candidate throughout (each kernel is instantiated per
type and op). A range ends halfway (in log2) to the next measured size (between 2^k and 2^(k+1): at
floor(2^(k+0.5))), or at the first step in its kernel's cost at or past the range's last measured size, where that
comes first (its one tile; for a cluster, also each whole pass, one tile per block: next_cost_step).

--pin fixes the kernel at one size, where a paired comparison of the two kernels (each call against CUB in the same
process, several rounds) disagreed with the runs' one row per kernel. --keep-pins (with --write) pins every size the
runs measured to the kernel the header's table runs there, but those given by --pin: the runs then move nothing but
the provenance, and one --pin changes one size.

Each entry of the table gets one line of provenance: per LABEL, CUB's time over the entry kernel's at the measured
sizes in its range (a range of ratios where it holds several), and the days of the runs that measured them (a run's
@YYYY-MM-DD, else --date; default today). Prints the evidence per size and the table; --write replaces the table
between the header's `// @generated-begin KEY` and `// @generated-end KEY` markers (KEY: 4, 8, workspace4, exact4,
exact_workspace4, exact8).
"""
import argparse
import csv
import datetime
import math
import re
import statistics
from collections import defaultdict

# Kernel names (Load/BlockFinish/Grid/bBlock, as the bench and the matrix name them) -> the C++ of each part, as
# sm90.cuh spells it (the policies' names are declared in reduce::tuning there).
LOADS = {"scalar1": "scalar<1>", "scalar4-striped": "scalar<4>", "scalar4-blocked": "scalar<4, blocked>",
         "vec1": "vector<1>", "vec2-striped": "vector<2>", "vec4-striped": "vector<4>",
         "vec4-blocked": "vector<4, blocked>", "vec8-striped": "vector<8>"}
FINISH = {"none": "none", "serial": "serial", "unroll-warp": "unrolled_last_warp", "unrolled": "unrolled",
          "shuffle": "shuffle", "tree-modulo": "tree<interleaved_modulo>",
          "tree-strided": "tree<interleaved_strided>", "tree-sequential": "tree<sequential>"}
GRIDS = {"multipass": "multipass", "gridstride": "gridstride<>", "singlepass": "single_pass<>",
         "cluster16": "cluster<>", "reproducible": "reproducible<>", "atomic": "atomic", "coop": "cooperative<>",
         "polled": "polled<>"}

COLUMNS = 120  # the repository's line limit (.clang-format)
ALL_N = "~0ull"  # the last entry's bound: every larger n
DISTURBED = 0.15  # see read_run


def next_cost_step(kernel, element_bytes, n):
    """The least size (elements, aligned input) at or past n where `kernel`'s cost steps, or None: its one tile, where
    one block with nothing to combine gives way to a second launch (multipass, gridstride), a counter or output preset
    (single-pass, atomic on raw storage) or a combine across blocks (cluster, cooperative, polled); and for Grid
    cluster every whole pass (one tile per block of the cluster), past which its blocks walk one more tile each on
    16 SMs. The other Grids spread their tiles over the whole GPU, and step less."""
    load, _, grid, block = kernel.split("/")
    items = int(re.match(r"(?:scalar|vec)(\d+)", load).group(1))
    per_unit = 16 // element_bytes if load.startswith("vec") and 16 % element_bytes == 0 else 1
    tile = items * per_unit * int(block[1:])
    if n <= tile:
        return tile, "one tile"
    if grid.startswith("cluster"):
        passes = -(-n // (tile * int(grid[len("cluster"):])))
        return passes * tile * int(grid[len("cluster"):]), f"{passes} pass{'es' if passes > 1 else ''}"
    return None


def parts(kernel):
    """The C++ of a kernel name's Load, BlockFinish, Grid and block size: vec4-striped/shuffle/multipass/b512 ->
    [vector<4>, shuffle, multipass, 512]."""
    load, finish, grid, block = kernel.split("/")
    return [LOADS[load], FINISH[finish], GRIDS[grid], block[1:]]


def cxx(kernel):
    """The C++ config of a kernel name: config<vector<4>, shuffle, multipass, 512>."""
    return "config<" + ", ".join(parts(kernel)) + ">"


def split_arguments(text):
    """The top-level template arguments of `text` (the part between a template's < and its matching >)."""
    args, depth, start = [], 0, 0
    for i, c in enumerate(text):
        depth += {"<": 1, ">": -1}.get(c, 0)
        if c == "," and depth == 0:
            args.append(text[start:i].strip())
            start = i + 1
    return args + [text[start:].strip()]


def kernel_of(load, finish, grid, block):
    """The kernel name of a config's C++ parts, as parts writes them (its inverse)."""

    def name(table, part):
        part = re.sub(r"\s+", " ", part.strip())
        names = [k for k, v in table.items() if v == part]
        if not names:
            raise SystemExit(f"no kernel name for {part}")
        return names[0]

    return f"{name(LOADS, load)}/{name(FINISH, finish)}/{name(GRIDS, grid)}/b{int(block)}"


def bound_value(text):
    return (1 << 64) - 1 if text == ALL_N else int(text)


def header_entries(text, key):
    """(up_to, kernel) of every entry of the table between the header's `@generated-begin KEY` markers."""
    block = re.search(r"// @generated-begin " + re.escape(key) + r"\n(.*?)// @generated-end " + re.escape(key) + r"\n",
                      text, re.S)
    if not block:
        raise SystemExit(f"no '@generated-begin {key}' block")
    code = "\n".join(line.split("//")[0] for line in block.group(1).splitlines())  # comments hold no entries
    entries = []
    for m in re.finditer(r"\bentry<", code):
        depth, i = 1, m.end()
        while depth:
            depth += {"<": 1, ">": -1}.get(code[i], 0)
            i += 1
        up_to, *config = split_arguments(code[m.end():i - 1])
        entries.append((bound_value(up_to), kernel_of(*config)))
    if not entries:
        raise SystemExit(f"'@generated-begin {key}' block: no entry<UP_TO, LOAD, FINISH, GRID, BLOCK>")
    return entries


def ratio_text(ratios):
    """1.16-1.19, or 1.19 where the ratios round alike."""
    lo, hi = f"{min(ratios):.2f}", f"{max(ratios):.2f}"
    return lo if lo == hi else f"{lo}-{hi}"


def date_text(dates):
    """The days of an entry's runs: 2026-11-22, 2026-11-21/22, 2026-10-31/11-01 or 2025-12-31/2026-01-01."""
    first, last = min(dates), max(dates)
    common = 8 if first[:8] == last[:8] else 5 if first[:5] == last[:5] else 0
    return first if first == last else f"{first}/{last[common:]}"


def provenance(per_label, dates):
    """One entry's provenance: per_label [(LABEL, [CUB / kernel at each measured size of its range])], and the days
    of the runs that measured it."""
    return ", ".join(f"{label} {ratio_text(r)}" for label, r in per_label if r) + f"; {date_text(dates)}"


def table_text(struct, what, entries):
    """The table's C++: `struct` (e.g. sm90<4>) derives from table<entry<UP_TO, LOAD, FINISH, GRID, BLOCK>, ...>, one
    entry a line in aligned columns with its provenance as a comment, within COLUMNS. entries: [(up_to, kernel,
    provenance)], the last one's up_to ignored (it serves every larger n)."""
    head = ["up to n", "Load", "Finish", "Grid", "Block"]
    rows = [[str(b) for b, _, _ in entries[:-1]] + [ALL_N]] + [list(c) for c in zip(*(parts(k) for _, k, _ in entries))]
    widths = [max(len(h) - 1, *(len(x) for x in column)) + 1 for h, column in zip(head, rows)]
    code = ["  entry<" + " ".join((f + ",").ljust(w) for f, w in zip(fields[:-1], widths)) + f" {fields[-1]}>"
            + ("," if i + 1 < len(entries) else "") for i, fields in enumerate(zip(*rows))]
    column = max(len(c) for c in code) + 2
    legend = "  //    " + " ".join(h.ljust(w) for h, w in zip(head, widths))
    legend_comment = legend.ljust(column) + "// CUB's time / the kernel's; date measured"
    lines = ["// clang-format off", f"// {what}", "template <>", f"struct {struct} : table<",
             legend_comment if len(legend_comment) <= COLUMNS else legend.rstrip()]
    for c, (_, _, note) in zip(code, entries):
        comment = f"// {note}"
        if column + len(comment) <= COLUMNS:
            lines.append(c.ljust(column) + comment)
        elif len(c) + 2 + len(comment) <= COLUMNS:
            lines.append(c + "  " + comment)
        else:  # a long kernel: its provenance on the line above
            lines += [f"  {comment}", c]
    return "\n".join(lines + ["> {};", "// clang-format on"])


def read_run(path, allowed):
    """n -> kernel -> cost (allowed kernels only), and n -> CUB's cost. The cost is the median µs, or where the run
    has paired rows of matrix kernels at n, 1 / (median per-pair CUB / kernel ratio): CUB's time is the unit."""
    times, cub, paired = defaultdict(dict), {}, defaultdict(dict)  # paired: n -> kernel -> cost
    cub_in_pairs = defaultdict(dict)  # n -> kernel -> CUB's time in that row's pairs (about median µs x vs_cub)
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        if r["variant"] != "cold" or r["group"] not in ("matrix", "paired"):
            continue
        n = int(r["n"])
        if r["group"] == "paired":
            if r["kernel"].count("/") == 3 and allowed(r["kernel"]):
                paired[n][r["kernel"]] = 1 / float(r["vs_cub"])
                cub_in_pairs[n][r["kernel"]] = float(r["median_us"]) * float(r["vs_cub"])
        elif r["kernel"].startswith("cub::"):
            cub[n] = float(r["median_us"])
        elif "/" in r["kernel"] and allowed(r["kernel"]):
            times[n][r["kernel"]] = float(r["median_us"])
    # CUB does the same work in every row's pairs, so a row whose CUB time is off the size's median by more than
    # DISTURBED was disturbed (a few rows in hundreds have had CUB at 2-8x its usual time, and their ratios with
    # it): such rows are dropped, not compared.
    for n, costs in paired.items():
        typical = statistics.median(cub_in_pairs[n].values())
        times[n] = {k: c for k, c in costs.items() if abs(cub_in_pairs[n][k] / typical - 1) <= DISTURBED}
        cub[n] = 1.0
        if not times[n]:  # no row left to compare: the run did not measure n
            del times[n], cub[n]
    return times, cub, set(paired)


def iso_date(text):
    datetime.date.fromisoformat(text)  # raises on anything but YYYY-MM-DD
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise ValueError(text)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", metavar="LABEL=RESULTS.csv[@YYYY-MM-DD]")
    ap.add_argument("--bytes", type=int, default=4, help="element size the table is for")
    ap.add_argument("--exact", action="store_true", help="integer table: atomic kernels are candidates")
    ap.add_argument("--workspace", action="store_true", help="table for calls on a workspace: polled kernels too")
    ap.add_argument("--within", type=float, default=0.02, help="candidate: within this fraction of the best")
    ap.add_argument("--write", help="header to update in place")
    ap.add_argument("--keep-pins", action="store_true",
                    help="with --write: pin every measured size to the kernel the header's table runs there, but "
                    "--pin's")
    ap.add_argument("--date", type=iso_date, default=datetime.date.today().isoformat(), metavar="YYYY-MM-DD",
                    help="the day the runs were measured, in each entry's provenance, where a run names none "
                    "(LABEL=RESULTS.csv@YYYY-MM-DD); default: today")
    ap.add_argument("--pin", action="append", default=[], metavar="LOG2N=KERNEL",
                    help="the kernel at 2^LOG2N, from a measurement the runs cannot show (a paired comparison of the "
                    "two kernels)")
    a = ap.parse_args()

    def allowed(k):
        # polled rows run on a reduce::workspace; the tables serve calls on raw storage, where polled pays a memset
        return (a.exact or "/atomic/" not in k) and (a.workspace or "/polled/" not in k)

    runs, dates = [], []  # runs: (label, times, cub, paired sizes); dates: the day of each
    for spec in a.runs:
        label, _, path = spec.rpartition("=")
        m = re.fullmatch(r"(.*)@(\d{4}-\d{2}-\d{2})", path)
        try:
            path, day = (m.group(1), iso_date(m.group(2))) if m else (path, a.date)
        except ValueError:
            raise SystemExit(f"{spec}: the day is not a date YYYY-MM-DD")
        times, cub, paired = read_run(path, allowed)
        runs.append((label or path, times, cub, paired))
        dates.append(day)
    # At n where some run has paired rows, only the runs with paired rows there count.
    paired_ns = set().union(*(p for *_, p in runs))
    runs = [(label, {n: c for n, c in t.items() if n in p or n not in paired_ns}, cub, p) for label, t, cub, p in runs]
    sizes = sorted({n for _, times, _, _ in runs for n in times})
    # ratio[n][kernel]: worst (over the runs that measured n) time / that run's fastest allowed kernel
    ratio = {}
    for n in sizes:
        measured = [t[n] for _, t, _, _ in runs if n in t]
        common = set.intersection(*(set(m) for m in measured))
        ratio[n] = {k: max(m[k] / min(m.values()) for m in measured) for k in common}
    cands = {}
    for n in sizes:
        c = {k for k, r in ratio[n].items() if r <= 1 + a.within}
        cands[n] = c or {min(sorted(ratio[n]), key=ratio[n].get)}  # sorted: ties never depend on hash order
    kind = "_".join(k for k, on in (("exact", a.exact), ("workspace", a.workspace)) if on)
    key = f"{kind}{a.bytes}"
    pins = {}  # n -> kernel
    for spec in a.pin:
        lg, _, k = spec.partition("=")
        pins[1 << int(lg)] = k
    if a.keep_pins:
        if not a.write:
            raise SystemExit("--keep-pins reads the table from the header --write names")
        with open(a.write) as f:
            entries = header_entries(f.read(), key)
        for n in sizes:
            if n not in pins:
                pins[n] = next((k for up_to, k in entries if n <= up_to), entries[-1][1])
    for n, k in sorted(pins.items()):
        measured = [t[n] for _, t, _, _ in runs if n in t and k in t[n]]
        if not measured:
            raise SystemExit(f"pin of 2^{math.log2(n):g} to {k}: no run measured it there")
        # A pin may name a kernel that one run's row lacks (a disturbed row, dropped): judged on the others.
        ratio[n].setdefault(k, max(m[k] / min(m.values()) for m in measured))
        cands[n] = {k}
    # Fewest ranges: extend each range while some kernel is a candidate at every size in it (greedy is optimal,
    # since a sub-range of a feasible range is feasible); the range takes its common candidate of least total ratio.
    ranges = []  # [kernel, last measured n of the range]
    i = 0
    while i < len(sizes):
        common, j = set(cands[sizes[i]]), i
        while j + 1 < len(sizes) and common & cands[sizes[j + 1]]:
            j += 1
            common &= cands[sizes[j]]
        k = min(sorted(common), key=lambda c: sum(ratio[n][c] for n in sizes[i:j + 1]))
        ranges.append([k, sizes[j]])
        i = j + 1
    pick = {}
    for k, last in ranges:
        for n in sizes:
            if n <= last and n not in pick:
                pick[n] = k

    def cub_over(label_runs, n, k):  # CUB / kernel at n on one run, or None where its row was dropped
        _, t, cub, _ = label_runs
        return cub.get(n, math.nan) / t[n][k] if n in t and k in t[n] else None

    entries, first = [], 0  # (up_to, kernel, provenance, why it ends there); first: the range's first size's index
    for i, (k, last) in enumerate(ranges):
        if i + 1 == len(ranges):
            bound, note = (1 << 64) - 1, "every larger n"
        else:
            nxt = sizes[sizes.index(last) + 1]
            mid = (math.log2(last) + math.log2(nxt)) / 2  # the geometric midpoint: a power of two, or in between
            step = next_cost_step(k, a.bytes, last)
            if step and step[0] < 2 ** mid:
                # The range's kernel was measured short of a step in its cost, so the range ends there.
                bound, note = step
            else:
                bound, note = math.floor(2 ** mid), f"2^{mid:g}"
        in_range = sizes[first:sizes.index(last) + 1]
        first = sizes.index(last) + 1
        per_label, days = {}, set()  # runs of one label (one GPU's even and odd sizes, say) pool their ratios
        for r, day in zip(runs, dates):
            ratios = [x for x in (cub_over(r, n, k) for n in in_range) if x is not None]
            per_label.setdefault(r[0], []).extend(ratios)
            days |= {day} if any(n in r[1] for n in in_range) else set()
        entries.append((bound, k, provenance(list(per_label.items()), days or {a.date}), note))

    struct = f"sm90_{kind}<{a.bytes}>" if kind else f"sm90<{a.bytes}>"
    what = {"exact": "integer accumulators, ops with a native atomic: the atomic grid too", "workspace":
            "calls on a reduce::workspace: deterministic Grids and polled", "exact_workspace": "integer sums on a "
            "reduce::workspace: atomic (tally word) and polled too", "": "deterministic Grids"}[kind]
    text = table_text(struct, f"{struct}: {a.bytes}-byte elements, {what}.", [e[:3] for e in entries])
    ev = ["// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked); where the",
          "// run paired kernels with CUB (`paired`), times are in units of CUB's and the ratio is the per-pair median"]
    for n in sizes:
        k = pick[n]
        per = [f"{label}{' paired' if n in p else ''} {t[n][k]:.2f} / {min(t[n].values()):.2f}, "
               f"CUB {cub.get(n, math.nan):.2f} ({cub.get(n, math.nan) / t[n][k]:.2f}x)" if k in t[n] else
               f"{label} row dropped (CUB disturbed)" for label, t, cub, p in runs if n in t]
        ev.append(f"//   2^{math.log2(n):g}: {k} | " + " | ".join(per))
    bounds = [str(b) for b, *_ in entries[:-1]] + [ALL_N]
    ev += [f"// up to {b}: {k} ({note})" for b, (_, k, _, note) in zip(bounds, entries)]
    print("\n".join(ev))
    print(text)
    if a.write:
        with open(a.write) as f:
            src = f.read()
        tag = f"// @generated-begin {key}\n"
        pat = re.compile(re.escape(tag) + r".*?// @generated-end " + key + "\n", re.S)
        if not pat.search(src):
            raise SystemExit(f"{a.write}: no '@generated-begin {key}' block")
        with open(a.write, "w") as f:
            f.write(pat.sub(lambda _: tag + text + f"\n// @generated-end {key}\n", src))


if __name__ == "__main__":
    main()
