#!/usr/bin/env python3
"""Derives the tuned default's table (include/reduce/tuning/sm90.cuh) from bench results.

    python3 bench/tune.py RESULTS.csv [--bytes 4] [--exact] [--write include/reduce/tuning/sm90.cuh]

RESULTS.csv is report.py's results.csv of a matrix run (`reduce-bench --matrix`, cold rows). For each measured n
the candidates are the deterministic kernels (Grid not atomic) within --within (2%) of the fastest deterministic one.
--exact writes the table for integer accumulators whose op has a native atomic (`sm90_exact`): there every order of
combining gives the same bits, so the atomic grid is a candidate too (measure it with an integer --type).
The table has the fewest ranges of n in which one kernel is a candidate throughout (few distinct kernels: each is
instantiated per type and op); a range ends halfway (in log2) to the next measured size. Prints the table with its evidence; --write replaces the table between the @generated markers.
"""
import argparse
import csv
import math
import re
from collections import defaultdict

LOADS = {"scalar1": "scalar<1>", "scalar4-striped": "scalar<4>", "scalar4-blocked": "scalar<4, tp::blocked>",
         "vec1": "vector<1>", "vec4-striped": "vector<4>", "vec2-striped": "vector<2>"}
FINISH = {"none": "none", "serial": "serial", "unroll-warp": "unrolled_last_warp", "unrolled": "unrolled",
          "shuffle": "shuffle", "tree-modulo": "tree, tp::interleaved_modulo",
          "tree-strided": "tree, tp::interleaved_strided", "tree-sequential": "tree, tp::sequential"}
GRIDS = {"multipass": "multipass", "gridstride": "gridstride<>", "singlepass": "single_pass<>", "cluster16": "cluster<>",
         "reproducible": "reproducible<>", "atomic": "atomic"}


def cxx(kernel):
    load, finish, grid, block = kernel.split("/")
    f = FINISH[finish]
    indexing = "" if "tree" in f else ", tp::sequential"
    return f"tp::config<tp::{LOADS[load]}, tp::{f}{indexing}, tp::{GRIDS[grid]}, {block[1:]}>"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("csv")
    ap.add_argument("--bytes", type=int, default=4, help="element size the table is for")
    ap.add_argument("--exact", action="store_true", help="integer table: atomic kernels are candidates")
    ap.add_argument("--within", type=float, default=0.02, help="candidate: within this fraction of the best")
    ap.add_argument("--write", help="header to update in place")
    ap.add_argument("--source", default="", help="provenance line: device, date, command")
    a = ap.parse_args()

    times = defaultdict(dict)  # n -> kernel -> median us
    cub = {}
    for r in csv.DictReader(open(a.csv)):
        if r["group"] != "matrix" or r["variant"] != "cold":
            continue
        n = int(r["n"])
        if r["kernel"].startswith("cub::"):
            cub[n] = float(r["median_us"])
        elif "/" in r["kernel"]:
            times[n][r["kernel"]] = float(r["median_us"])
    sizes = sorted(times)
    cands = {}
    def allowed(k):
        return a.exact or "/atomic/" not in k

    for n in sizes:
        det = {k: t for k, t in times[n].items() if allowed(k)}
        best = min(det.values())
        cands[n] = {k for k, t in det.items() if t <= best * (1 + a.within)}
    # Fewest ranges: extend each range while some kernel is a candidate at every size in it (greedy is optimal,
    # since a sub-range of a feasible range is feasible); the range takes its common candidate of least total time.
    ranges = []  # [kernel, last measured n of the range]
    i = 0
    while i < len(sizes):
        common, j = set(cands[sizes[i]]), i
        while j + 1 < len(sizes) and common & cands[sizes[j + 1]]:
            j += 1
            common &= cands[sizes[j]]
        k = min(sorted(common), key=lambda c: sum(times[n][c] for n in sizes[i:j + 1]))
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
            bound = f"std::uint64_t(1) << {int(round((math.log2(last) + math.log2(nxt)) / 2))}"
        lines.append((k, bound))

    struct = f"sm90_exact<{a.bytes}>" if a.exact else f"sm90<{a.bytes}>"
    what = "integer accumulators, ops with a native atomic" if a.exact else "deterministic Grids"
    ev = ["// clang-format off", f"// {a.bytes}-byte elements, {what}. {a.source}".rstrip(),
          "// n: picked kernel µs | fastest candidate | fastest of all (atomic included) | CUB µs, CUB/picked"]
    for n in sizes:
        det = {k: t for k, t in times[n].items() if allowed(k)}
        bd = min(det, key=det.get)
        ba = min(times[n], key=times[n].get)
        c = cub.get(n, float("nan"))
        ev.append(f"//   2^{int(math.log2(n))}: {pick[n]} {times[n][pick[n]]:.2f} | {bd} {det[bd]:.2f} | "
                  f"{ba} {times[n][ba]:.2f} | {c:.2f}, {c / times[n][pick[n]]:.2f}x")
    body = ev + ["template <>", f"struct {struct} {{",
                 "  using configs = boost::mp11::mp_list<" + ",\n      ".join(cxx(k) for k, _ in lines) + ">;",
                 "  static constexpr std::uint64_t up_to[] = {" + ", ".join(b for _, b in lines) + "};", "};",
                 "// clang-format on"]
    text = "\n".join(body)
    print(text)
    if a.write:
        src = open(a.write).read()
        key = f"{'exact' if a.exact else ''}{a.bytes}"
        tag = f"// @generated-begin {key}\n"
        pat = re.compile(re.escape(tag) + r".*?// @generated-end " + key + "\n", re.S)
        if not pat.search(src):
            raise SystemExit(f"{a.write}: no '@generated-begin {key}' block")
        open(a.write, "w").write(pat.sub(lambda _: tag + text + f"\n// @generated-end {key}\n", src))


if __name__ == "__main__":
    main()
