#!/usr/bin/env python3
"""Compares two PTX files kernel by kernel (attempt 33: the Grid epilogues moved out of kernel.cuh).

Usage: ptx_identity.py BEFORE.ptx AFTER.ptx [NAME_PART]

Both files must hold the same kernels. Before comparing, it drops what a move of code renames but does not change:
the translation unit's hash in internal names, the mangled names of function-scope __shared__ variables (and whether
ptxas was told they were demoted to one kernel), blank lines. Prints how many kernels differ, by Grid; with
NAME_PART, the diff of the first differing kernel whose name contains it; and how many still differ once virtual
register numbers and labels are ignored too (the same instructions in the same order, named otherwise).
"""
import collections
import difflib
import re
import sys

GRIDS = ("cluster", "polled", "single_pass", "cooperative", "multipass", "gridstride", "atomic", "reproducible")


def kernels(path):
    s = open(path).read()
    s = re.sub(r"_ZN43_INTERNAL_\w+?_(\d+)cuda", "INTERNAL_cuda", s)
    s = re.sub(r"_ZZN6reduce6detail[A-Za-z0-9_]+?(last|poller|raw)\b", r"SHARED_\1", s)
    s = re.sub(r"\s*// demoted variable\n\s*\.shared[^\n]*\n", "\n", s)
    s = re.sub(r"\n\s*\n", "\n", s)
    parts = re.split(r"\n(?=\.visible \.entry |\.entry |\.weak \.entry )", s)
    return {re.match(r"(?:\.visible |\.weak )?\.entry (\S+)\(", p).group(1): p for p in parts[1:]}


def renamed(p):
    return re.sub(r"\$L__BB\d+_\d+", "L", re.sub(r"%(r|rd|fd|f|p|rs)\d+", r"%\1", p))


def main(before, after, part=None):
    a, b = kernels(before), kernels(after)
    if set(a) != set(b):
        sys.exit(f"different kernels: {len(set(a) ^ set(b))} in one file only")
    diff = [k for k in a if a[k] != b[k]]
    by_grid = collections.Counter(next((g for g in GRIDS if g in k), "other") for k in diff)
    print(f"{len(a)} kernels; {len(diff)} differ: {dict(by_grid)}")
    print(f"beyond register numbers and labels: {sum(renamed(a[k]) != renamed(b[k]) for k in diff)}")
    for k in diff:
        if part and part in k:
            print(k)
            print("\n".join(list(difflib.unified_diff(a[k].splitlines(), b[k].splitlines(), lineterm="", n=1))[:60]))
            break


if __name__ == "__main__":
    main(*sys.argv[1:4])
