#!/usr/bin/env python3
"""torch.sum(dim=...) on the matrix shapes of reduce-segmented-bench (rows: x.sum(dim=1) of a (rows, k) matrix; columns:
x.sum(dim=0)), float32, the same method: L2 flushed by a read before every sample, CUDA events, medians, every result
checked against a float64 sum. Writes CSV rows in reduce-segmented-bench's columns.

    python3 bench/segmented/torch_bench.py OUT.csv [--samples 9] [--log2-total 28] [--quick] [--filter TEXT[,TEXT...]]
"""
import argparse
import sys


def shapes(log2_total, quick):
    big, step = 1 << log2_total, 16 if quick else 2
    out = []
    c = 1
    while c <= 1 << 16:
        out += [("rows", big // c, c), ("columns", big // c, c)]
        c *= step
    r = 1
    while r < big // (1 << 16):
        out.append(("columns", r, big // r))
        r *= step
    out.append(("columns", 8, (1 << 24) // 8))
    if not quick:  # rows with gaps between them: the first c columns of a matrix ld wide
        out += [("rows", big // ld, c, ld) for c, ld in ((4, 16), (8, 16), (16, 17))]
    mid, d = 1 << 26, 1  # the middle axis of [B, K, D] arrays of 2^26 elements (shapes.hpp)
    while d <= 1 << 16:
        k = 4
        while k <= 1 << 20:
            if 1 <= mid // (d * k) <= 1 << 16:
                out.append(("middle", mid // (d * k), k, d))
            k *= 256 if quick else 16
        d *= 64 if quick else 8
    return out


def pow2(n):
    return f"2^{n.bit_length() - 1}" if n >= 16 and n & (n - 1) == 0 else str(n)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--samples", type=int, default=9)
    ap.add_argument("--log2-total", type=int, default=28)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--filter", default="", help="only the shapes whose name contains one of these comma-separated texts")
    a = ap.parse_args()
    try:
        import torch
    except ImportError:
        print("torch_bench.py: PyTorch is not installed: no torch rows", file=sys.stderr)
        return 0
    if not torch.cuda.is_available():
        print("torch_bench.py: PyTorch sees no GPU: no torch rows", file=sys.stderr)
        return 0
    dev = torch.device("cuda")
    props = torch.cuda.get_device_properties(dev)
    flush = torch.ones(2 * props.L2_cache_size // 4 + 1, dtype=torch.float32, device=dev)
    big = 1 << a.log2_total
    data = (torch.randint(-16, 17, (big,), dtype=torch.int32, device=dev).float() / 16).contiguous()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    rows_out = []
    for what, r, c, *ld in shapes(a.log2_total, a.quick):
        if what == "middle":  # (B, K, D): r = B, c = K, ld = [D]
            name = f"middle {pow2(r)} x {pow2(c)} x {pow2(ld[0])}"
        else:
            name = f"{what} {pow2(r)} x {pow2(c)}" + (f" ld {ld[0]}" if ld else "")
        if a.filter and not any(p and p in name for p in a.filter.split(",")):
            continue
        if what == "middle":
            x = data[: r * c * ld[0]].view(r, c, ld[0])
        else:
            x = data[: r * ld[0]].view(r, ld[0])[:, :c] if ld else data[: r * c].view(r, c)
        dim = {"rows": 1, "columns": 0, "middle": 1}[what]
        got = x.sum(dim=dim)
        want = x.double().sum(dim=dim)
        length = {"rows": c, "columns": r, "middle": c}[what]
        bound = length * 2.0**-24 * x.abs().double().sum(dim=dim)
        wrong = int(((got.double() - want).abs() > bound).sum())
        times = []
        for _ in range(a.samples):
            flush.sum()
            start.record()
            x.sum(dim=dim)
            stop.record()
            stop.synchronize()
            times.append(start.elapsed_time(stop) * 1000)
        times.sort()
        med = times[len(times) // 2]
        segs = {"rows": r, "columns": c, "middle": r * ld[0] if ld else 0}[what]
        elements = r * c * ld[0] if what == "middle" else r * c
        nbytes = (elements + segs) * 4
        rows_out.append(
            f'"{props.name}","torch {torch.__version__}","{name}",{what},{elements},{segs},{length},'
            f'"torch.sum(dim={dim})",torch,{len(times)},{med},{times[0]},{nbytes},0,{wrong}'
        )
        print(f"{name:28s} torch.sum(dim={dim}) {med:10.1f} us{' WRONG' if wrong else ''}", file=sys.stderr)
    with open(a.out, "w") as f:
        f.write("gpu,cub,shape,kind,total,segments,max_length,contender,role,samples,median_us,min_us,bytes,"
                "pct_theoretical,wrong\n")
        f.write("\n".join(rows_out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
