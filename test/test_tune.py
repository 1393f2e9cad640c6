#!/usr/bin/env python3
"""Host test of bench/tune.py, the script that writes the default's tables: where a range ends (halfway in log2 to
the next measured size, or at its kernel's one tile), pins (given, or kept from the header), and rows dropped as
disturbed. Synthetic paired rows, so it needs no GPU; run by ctest as `tune`."""
import csv
import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

TUNE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "tune.py")
spec = importlib.util.spec_from_file_location("tune", TUNE)
tune = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tune)

FIELDS = ["group", "kernel", "n", "variant", "median_us", "vs_cub"]


def write_run(directory, name, rows):
    """rows: (kernel, log2 n, CUB / kernel, kernel µs); each becomes a paired row (CUB's time = µs x ratio)."""
    path = os.path.join(directory, name)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, FIELDS)
        w.writeheader()
        for kernel, lg, ratio, us in rows:
            w.writerow({"group": "paired", "kernel": kernel, "n": 1 << lg, "variant": "cold", "median_us": us,
                        "vs_cub": ratio})
    return path


def run_tune(*args):
    out = subprocess.run([sys.executable, TUNE, *args], capture_output=True, text=True)
    if out.returncode:
        raise AssertionError(out.stderr)
    return out.stdout


def bounds(text):
    line = next(l for l in text.splitlines() if "up_to[]" in l)
    return line[line.index("{") + 1:line.rindex("}")]


MULTIPASS = "vec4-striped/shuffle/multipass/b256"  # one tile: 4 x 16-byte vectors x 256 threads = 4096 floats
CLUSTER = "vec4-striped/shuffle/cluster16/b1024"
POLLED = "vec4-striped/shuffle/polled/b256"


class NextCostStep(unittest.TestCase):
    def test_one_tile(self):
        self.assertEqual(tune.next_cost_step(MULTIPASS, 4, 4096), (4096, "one tile"))
        self.assertEqual(tune.next_cost_step(MULTIPASS, 8, 1000), (2048, "one tile"))
        self.assertEqual(tune.next_cost_step("scalar4-blocked/shuffle/multipass/b512", 4, 2048), (2048, "one tile"))
        self.assertEqual(tune.next_cost_step("scalar1/tree-sequential/atomic/b128", 8, 128), (128, "one tile"))
        self.assertEqual(tune.next_cost_step("vec1/shuffle/polled/b512", 8, 1024), (1024, "one tile"))
        self.assertIsNone(tune.next_cost_step(POLLED, 4, 8192))  # a whole-GPU grid past its tile: no step

    def test_cluster_passes(self):
        # a cluster of 16 blocks steps at one tile (one block), then at each whole pass of 16 tiles
        cluster = "vec4-striped/unrolled/cluster16/b256"
        self.assertEqual(tune.next_cost_step(cluster, 4, 4096), (4096, "one tile"))
        self.assertEqual(tune.next_cost_step(cluster, 4, 4097), (65536, "1 pass"))
        self.assertEqual(tune.next_cost_step(cluster, 4, 65536), (65536, "1 pass"))
        self.assertEqual(tune.next_cost_step(cluster, 4, 100000), (131072, "2 passes"))


class Boundaries(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def tuned_bounds(self, rows, *flags):
        """The up_to[] tune.py writes for one run of these rows (see write_run)."""
        return bounds(run_tune(f"H100={write_run(self.dir.name, 'run.csv', rows)}", *flags))

    def test_range_measured_on_one_tile_ends_at_it(self):
        # multipass leads at 2^12 (one tile), the cluster kernel at 2^14: the boundary is 4096, not 2^13
        rows = [(MULTIPASS, 12, 1.10, 4.0), (CLUSTER, 12, 1.00, 4.4),
                (MULTIPASS, 14, 1.10, 6.0), (CLUSTER, 14, 1.60, 4.1)]
        self.assertEqual(self.tuned_bounds(rows), "std::uint64_t(4096) /* one tile */, ~std::uint64_t(0)")

    def test_cluster_range_measured_on_one_pass_ends_at_it(self):
        # the cluster kernel leads at 2^12 and 2^14 (16 tiles of 1024: one pass), polled at 2^16: the boundary is 2^14
        cluster = "scalar4-striped/shuffle/cluster16/b256"
        rows = [(cluster, 12, 1.60, 4.2), (POLLED, 12, 1.00, 6.0),
                (cluster, 14, 1.50, 4.6), (POLLED, 14, 1.40, 4.9),
                (cluster, 16, 1.20, 5.8), (POLLED, 16, 1.45, 4.8)]
        self.assertEqual(self.tuned_bounds(rows, "--workspace"), "std::uint64_t(16384) /* 1 pass */, ~std::uint64_t(0)")

    def test_cluster_range_measured_on_one_tile_ends_at_the_tile(self):
        cluster = "scalar4-striped/shuffle/cluster16/b256"
        rows = [(cluster, 10, 1.30, 3.9), (POLLED, 10, 1.00, 5.0),
                (cluster, 12, 1.20, 4.5), (POLLED, 12, 1.40, 4.0)]
        self.assertEqual(self.tuned_bounds(rows, "--workspace"),
                         "std::uint64_t(1024) /* one tile */, ~std::uint64_t(0)")

    def test_range_measured_on_several_tiles_ends_halfway(self):
        # polled leads at 2^16 (16 tiles), multipass at 2^18: the boundary is 2^17 (a power of two between them)
        rows = [(POLLED, 16, 1.40, 4.8), (MULTIPASS, 16, 1.20, 5.6),
                (POLLED, 18, 1.10, 6.0), (MULTIPASS, 18, 1.30, 5.1)]
        self.assertEqual(self.tuned_bounds(rows, "--workspace"), "std::uint64_t(1) << 17, ~std::uint64_t(0)")

    def test_odd_measured_size_gives_a_geometric_midpoint(self):
        rows = [(POLLED, 16, 1.40, 4.8), (MULTIPASS, 16, 1.20, 5.6),
                (POLLED, 17, 1.10, 6.0), (MULTIPASS, 17, 1.30, 5.1)]
        self.assertEqual(self.tuned_bounds(rows, "--workspace"), "std::uint64_t(92681) /* 2^16.5 */, ~std::uint64_t(0)")

    def test_element_size_sets_the_tile(self):
        # for 8-byte elements the same kernel's tile is 2048, so a range last measured at 2^11 ends there
        rows = [(MULTIPASS, 11, 1.10, 4.0), (CLUSTER, 11, 1.00, 4.4),
                (MULTIPASS, 13, 1.10, 6.0), (CLUSTER, 13, 1.60, 4.1)]
        self.assertEqual(self.tuned_bounds(rows, "--bytes", "8"),
                         "std::uint64_t(2048) /* one tile */, ~std::uint64_t(0)")

    def test_pin_overrides_the_runs(self):
        run = write_run(self.dir.name, "e.csv", [(MULTIPASS, 12, 1.10, 4.0), (CLUSTER, 12, 1.00, 4.4),
                                                 (MULTIPASS, 14, 1.10, 6.0), (CLUSTER, 14, 1.60, 4.1)])
        text = run_tune(f"H100={run}", "--pin", f"12={CLUSTER}")
        self.assertIn(f"2^12: {CLUSTER} |", text)
        self.assertEqual(bounds(text), "~std::uint64_t(0)")

    def test_pin_on_a_row_one_run_dropped(self):
        # run b's cluster row at 2^14 has CUB 3x its usual time in its pairs: dropped there, judged on run a
        gridstride = "scalar4-striped/shuffle/gridstride/b256"
        a = write_run(self.dir.name, "f.csv", [(MULTIPASS, 14, 1.10, 6.0), (CLUSTER, 14, 1.60, 4.1)])
        b = write_run(self.dir.name, "g.csv", [(MULTIPASS, 14, 1.10, 6.0), (gridstride, 14, 1.30, 5.1),
                                               (CLUSTER, 14, 4.80, 4.1)])
        text = run_tune(f"H100={a}", f"H200={b}", "--pin", f"14={CLUSTER}")
        self.assertIn("H200 row dropped (CUB disturbed)", text)
        self.assertIn(f"2^14: {CLUSTER} | H100 paired", text)
        with self.assertRaises(AssertionError):  # a pin no run measured is refused
            run_tune(f"H100={a}", "--pin", f"16={CLUSTER}")

    def test_keep_pins_reads_the_header(self):
        run = write_run(self.dir.name, "h.csv", [(MULTIPASS, 12, 1.10, 4.0), (CLUSTER, 12, 1.00, 4.4),
                                                 (MULTIPASS, 14, 1.10, 6.0), (CLUSTER, 14, 1.60, 4.1)])
        header = os.path.join(self.dir.name, "table.cuh")
        with open(header, "w") as f:
            f.write(f"// @generated-begin 4\n//   2^12: {CLUSTER} | old evidence\n//   2^14: {MULTIPASS} | old\n"
                    "// @generated-end 4\n")
        run_tune(f"H100={run}", "--keep-pins", "--pin", f"14={CLUSTER}", "--write", header)
        text = open(header).read()
        self.assertIn(f"2^12: {CLUSTER} | H100 paired", text)  # kept from the header, though the run favours multipass
        self.assertIn(f"2^14: {CLUSTER} | H100 paired", text)  # --pin wins over the header
        with self.assertRaises(AssertionError):  # no header to read
            run_tune(f"H100={run}", "--keep-pins")


if __name__ == "__main__":
    unittest.main()
