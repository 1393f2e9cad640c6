"""Names and cell formatting shared by the sections of report.md (report.py and its report_*.py modules)."""

CUB, THRUST = "cub::DeviceReduce::Sum", "thrust::reduce"
BASELINES = (CUB, THRUST)


def fmt(v, digits=2):
    return "-" if v is None else f"{v:.{digits}f}"


def size_label(n):
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def check_text(r):
    return "ok" if r.get("check_min", r.get("check", 1)) >= 1 else "FAIL"


def open_table(out, title, header, align):
    """A section title and a Markdown table head (header and align: cells joined by " | ")."""
    out += [f"## {title}\n", f"| {header} |", f"| {align} |"]
