#!/usr/bin/env python3
"""Derives the tuned default's tables (include/reduce/tuning/sm90.cuh, and sm90_exact.cuh with --exact) from runs.

    python3 bench/tune.py LABEL=RESULTS.csv [LABEL=RESULTS.csv ...] [--bytes 4] [--exact] [--workspace]
                          [--pin LOG2N=KERNEL ...] [--keep-pins] [--source TEXT]
                          [--write include/reduce/tuning/sm90.cuh or sm90_exact.cuh]

Each RESULTS.csv is report.py's results.csv of a matrix run of one element type (`reduce-bench --matrix`, cold
rows), LABEL names its device (`H100=run22.csv H200=run23.csv`). Where a run has paired rows of matrix kernels at n
(`--paired=REGEX`: each sample one call of the kernel and one of CUB), only those kernels are candidates there and
they are compared by CUB time over theirs, the median of per-pair ratios, which does not move with the launch
state the GPU is in (docs/perf-notes.md, attempt 10); elsewhere by median time. At each measured n, a kernel is a candidate when on
every run that measured n it is within --within (2%) of that run's fastest allowed kernel; if no kernel is, the one
whose worst ratio to the fastest is least. Allowed: the deterministic kernels (Grid not atomic); --exact writes the
table for integer accumulators whose op has a native atomic (`sm90_exact`), where every order of combining gives the
same bits, so the atomic grid is allowed too (measure it with an integer --type); --workspace writes the table for
calls on a reduce::workspace (`sm90_workspace`), where Grid polled is allowed too (the bench runs its rows on a
workspace; on raw storage it would pay a memset, so the other tables leave it out); both: `sm90_exact_workspace`,
integer calls on a workspace, where both are candidates (measured in device runs 64 and 66: the atomic grid led, so
the header has no such table and those calls read sm90_exact). The table has the fewest ranges of n in which one
kernel is a candidate throughout (each kernel is instantiated per type and op); a range ends halfway (in log2) to
the next measured size (between 2^k and 2^(k+1): at floor(2^(k+0.5))), or at the first step in its kernel's cost at
or past the range's last measured size (one tile; for a cluster, also each whole pass, one tile per block:
next_cost_step). --pin fixes the kernel at one size, where a paired probe of two tables (each call against CUB in
the same process, several rounds) disagreed with the runs' one row per kernel, or where the runs that measured it
are not the ones given. --keep-pins (with --write) pins every size the table in the header lists to the kernel it
names there, but those given by --pin: the runs then move nothing but the evidence, and one --pin changes one size.
Prints the table with its evidence; --write replaces it between the @generated markers.
"""
import argparse
import csv
import math
import re
import statistics
from collections import defaultdict

LOADS = {"scalar1": "scalar<1>", "scalar4-striped": "scalar<4>", "scalar4-blocked": "scalar<4, tp::blocked>",
         "vec1": "vector<1>", "vec4-striped": "vector<4>", "vec2-striped": "vector<2>"}
FINISH = {"none": "none", "serial": "serial", "unroll-warp": "unrolled_last_warp", "unrolled": "unrolled",
          "shuffle": "shuffle", "tree-modulo": "tree, tp::interleaved_modulo",
          "tree-strided": "tree, tp::interleaved_strided", "tree-sequential": "tree, tp::sequential"}
GRIDS = {"multipass": "multipass", "gridstride": "gridstride<>", "singlepass": "single_pass<>", "cluster16": "cluster<>",
         "reproducible": "reproducible<>", "atomic": "atomic", "coop": "cooperative<>", "polled": "polled<>"}


DISTURBED = 0.15  # see read_run


def next_cost_step(kernel, element_bytes, n):
    """The least size (elements, aligned input) at or past n where `kernel`'s cost steps, or None: its one tile, where
    one block with nothing to combine gives way to a second launch (multipass, gridstride), a counter or output preset
    (single-pass, atomic on raw storage) or a combine across blocks (cluster, cooperative, polled); and for Grid
    cluster every whole pass (one tile per block of the cluster), past which its blocks walk one more tile each on
    16 SMs (attempt 30, probes 35 and 36). The other Grids spread their tiles over the whole GPU, and step less."""
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


def header_picks(text, key):
    """(log2 n, kernel) of every evidence line of the table between the header's `@generated-begin KEY` markers."""
    block = re.search(r"// @generated-begin " + re.escape(key) + r"\n(.*?)// @generated-end " + re.escape(key) + r"\n",
                      text, re.S)
    if not block:
        raise SystemExit(f"no '@generated-begin {key}' block")
    return re.findall(r"^//   2\^(\d+): (\S+) \|", block.group(1), re.M)


def cxx(kernel):
    load, finish, grid, block = kernel.split("/")
    f = FINISH[finish]
    indexing = "" if "tree" in f else ", tp::sequential"
    return f"tp::config<tp::{LOADS[load]}, tp::{f}{indexing}, tp::{GRIDS[grid]}, {block[1:]}>"


def read_run(path, allowed):
    """n -> kernel -> cost (allowed kernels only), and n -> CUB's cost. The cost is the median µs, or where the run
    has paired rows of matrix kernels at n, 1 / (median per-pair CUB / kernel ratio): CUB's time is the unit."""
    times, cub, paired = defaultdict(dict), {}, defaultdict(dict)  # paired: n -> kernel -> cost
    cub_in_pairs = defaultdict(dict)  # n -> kernel -> CUB's time in that row's pairs (about median µs x vs_cub)
    for r in csv.DictReader(open(path)):
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
    # DISTURBED was disturbed (device runs 55-56: a few rows in 490 had CUB at 2-8x its usual time, and their
    # ratios with it): such rows are dropped, not compared.
    for n, costs in paired.items():
        typical = statistics.median(cub_in_pairs[n].values())
        times[n] = {k: c for k, c in costs.items() if abs(cub_in_pairs[n][k] / typical - 1) <= DISTURBED}
        cub[n] = 1.0
        if not times[n]:  # no row left to compare: the run did not measure n
            del times[n], cub[n]
    return times, cub, set(paired)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", metavar="LABEL=RESULTS.csv")
    ap.add_argument("--bytes", type=int, default=4, help="element size the table is for")
    ap.add_argument("--exact", action="store_true", help="integer table: atomic kernels are candidates")
    ap.add_argument("--workspace", action="store_true", help="table for calls on a workspace: polled kernels too")
    ap.add_argument("--within", type=float, default=0.02, help="candidate: within this fraction of the best")
    ap.add_argument("--write", help="header to update in place")
    ap.add_argument("--keep-pins", action="store_true",
                    help="with --write: pin every size the header's table lists to its kernel there, but --pin's")
    ap.add_argument("--source", default="", help="provenance: devices, dates, commands")
    ap.add_argument("--pin", action="append", default=[], metavar="LOG2N=KERNEL",
                    help="the kernel at 2^LOG2N, from a measurement the runs cannot show (a paired probe of two "
                    "tables; say which in --source)")
    a = ap.parse_args()

    def allowed(k):
        # polled rows run on a reduce::workspace; the tables serve calls on raw storage, where polled pays a memset
        return (a.exact or "/atomic/" not in k) and (a.workspace or "/polled/" not in k)

    runs = []  # (label, times, cub)
    for spec in a.runs:
        label, _, path = spec.rpartition("=")
        times, cub, paired = read_run(path, allowed)
        runs.append((label or path, times, cub, paired))
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
    if a.keep_pins:
        if not a.write:
            raise SystemExit("--keep-pins reads the table from the header --write names")
        given = {spec.partition("=")[0] for spec in a.pin}
        a.pin = [f"{lg}={k}" for lg, k in header_picks(open(a.write).read(), key) if lg not in given] + a.pin
    for spec in a.pin:
        lg, _, k = spec.partition("=")
        n = 1 << int(lg)
        measured = [t[n] for _, t, _, _ in runs if n in t and k in t[n]]
        if not measured:
            raise SystemExit(f"--pin {spec}: no run measured {k} at 2^{lg}")
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
    lines = []
    for i, (k, last) in enumerate(ranges):
        if i + 1 == len(ranges):
            bound = "~std::uint64_t(0)"
        else:
            nxt = sizes[sizes.index(last) + 1]
            mid = (math.log2(last) + math.log2(nxt)) / 2  # the geometric midpoint: a power of two, or in between
            step = next_cost_step(k, a.bytes, last)
            if step and step[0] < 2 ** mid:
                # The range's kernel was measured short of a step in its cost (attempt 30), so the range ends there.
                bound = f"std::uint64_t({step[0]}) /* {step[1]} */"
            else:
                bound = (f"std::uint64_t(1) << {int(mid)}" if mid == int(mid) else
                         f"std::uint64_t({math.floor(2 ** mid)}) /* 2^{mid:g} */")
        lines.append((k, bound))

    struct = f"sm90_{kind}<{a.bytes}>" if kind else f"sm90<{a.bytes}>"
    what = {"exact": "integer accumulators, ops with a native atomic", "workspace": "calls on a reduce::workspace, "
            "deterministic Grids with polled", "exact_workspace": "integer accumulators, ops with a native atomic, "
            "calls on a reduce::workspace: atomic and polled Grids too", "": "deterministic Grids"}[kind]
    ev = ["// clang-format off", f"// {a.bytes}-byte elements, {what}. {a.source}".rstrip(),
          "// n: picked kernel; per run: its µs / the fastest allowed kernel's µs, CUB µs (CUB / picked); where the run",
          "// paired kernels with CUB (`paired`), times are in units of CUB's and the ratio is the per-pair median"]
    for n in sizes:
        k = pick[n]
        per = [f"{label}{' paired' if n in p else ''} {t[n][k]:.2f} / {min(t[n].values()):.2f}, "
               f"CUB {cub.get(n, math.nan):.2f} ({cub.get(n, math.nan) / t[n][k]:.2f}x)" if k in t[n] else
               f"{label} row dropped (CUB disturbed)" for label, t, cub, p in runs if n in t]
        ev.append(f"//   2^{int(math.log2(n))}: {k} | " + " | ".join(per))
    body = ev + ["template <>", f"struct {struct} {{",
                 "  using configs = boost::mp11::mp_list<" + ",\n      ".join(cxx(k) for k, _ in lines) + ">;",
                 "  static constexpr std::uint64_t up_to[] = {" + ", ".join(b for _, b in lines) + "};", "};",
                 "// clang-format on"]
    text = "\n".join(body)
    print(text)
    if a.write:
        src = open(a.write).read()
        tag = f"// @generated-begin {key}\n"
        pat = re.compile(re.escape(tag) + r".*?// @generated-end " + key + "\n", re.S)
        if not pat.search(src):
            raise SystemExit(f"{a.write}: no '@generated-begin {key}' block")
        open(a.write, "w").write(pat.sub(lambda _: tag + text + f"\n// @generated-end {key}\n", src))


if __name__ == "__main__":
    main()
