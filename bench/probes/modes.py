#!/usr/bin/env python3
"""Probe 51's samples (attempt 34): per row, our median and CUB's two launch states.

CUB's samples are split into two clusters by 1-D 2-means; a cluster counts as a mode only if it holds at least 10% of
the samples and its centre lies at least 0.4 us from the other's (else the row is one mode). Printed: our median, CUB's
median, each mode's centre (median of its samples) and share, and CUB / ours for CUB's median, its faster mode and the
per-pair ratio's median. Usage: modes.py LOG."""
import statistics as st
import sys


def two_means(xs):
    xs = sorted(xs)
    lo, hi = xs[0], xs[-1]
    for _ in range(50):
        a = [x for x in xs if abs(x - lo) <= abs(x - hi)]
        b = [x for x in xs if abs(x - lo) > abs(x - hi)]
        if not a or not b:
            return xs, []
        lo, hi = st.mean(a), st.mean(b)
    return a, b


lines = open(sys.argv[1]).read().split('\n')
print(f"{'row':26} {'ours':>6} {'CUB med':>8} {'fast mode':>14} {'slow mode':>14} "
      f"{'CUB/ours':>8} {'fast/ours':>9} {'pair ratio':>10}")
for i, line in enumerate(lines):
    if not line.startswith('  ours:'):
        continue
    head = lines[i - 1].split()
    ours = [float(x) for x in line.split(':')[1].split()]
    cub = [float(x) for x in lines[i + 1].split(':')[1].split()]
    a, b = two_means(cub)
    one_mode = not b or min(len(a), len(b)) < 0.1 * len(cub) or st.median(b) - st.median(a) < 0.4
    fast = st.median(cub) if one_mode else st.median(a)
    fast_s = f"{fast:6.2f} (100%)" if one_mode else f"{st.median(a):6.2f} ({100 * len(a) // len(cub):3d}%)"
    slow_s = "-" if one_mode else f"{st.median(b):6.2f} ({100 * len(b) // len(cub):3d}%)"
    om = st.median(ours)
    pr = st.median([y / x for x, y in zip(ours, cub)])
    print(f"{' '.join(head[:3]):26} {om:6.2f} {st.median(cub):8.2f} {fast_s:>14} {slow_s:>14} "
          f"{st.median(cub) / om:8.3f} {fast / om:9.3f} {pr:10.3f}{'' if head[3] == 'ok' else ' WRONG'}")
