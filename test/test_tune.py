#!/usr/bin/env python3
"""Host test of bench/tune.py, the script that writes the default's tables: where a range ends (halfway in log2 to
the next measured size, or at its kernel's one tile), pins (given, or kept from the header), rows dropped as
disturbed, and the tables' format (one entry a line within 120 columns, each with its provenance; read back by
--keep-pins, and from the committed headers). Synthetic paired rows, so it needs no GPU; run by ctest as `tune`."""
import csv
import glob
import importlib.util
import itertools
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TUNE = os.path.join(ROOT, "bench", "tune.py")
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
    """The bounds of the table tune.py printed, as written (entry<BOUND, ...>), with why each ends there."""
    written = re.findall(r"^  entry<(\S+?),", text, re.M)
    why = re.findall(r"^// up to \S+: \S+ \((.*)\)$", text, re.M)
    return ", ".join(f"{b} ({w})" for b, w in zip(written, why))


def entry_lines(text):
    return [l for l in text.splitlines() if l.startswith("  entry<")]


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
        self.assertEqual(self.tuned_bounds(rows), "4096 (one tile), ~0ull (every larger n)")

    def test_cluster_range_measured_on_one_pass_ends_at_it(self):
        # the cluster kernel leads at 2^12 and 2^14 (16 tiles of 1024: one pass), polled at 2^16: the boundary is 2^14
        cluster = "scalar4-striped/shuffle/cluster16/b256"
        rows = [(cluster, 12, 1.60, 4.2), (POLLED, 12, 1.00, 6.0),
                (cluster, 14, 1.50, 4.6), (POLLED, 14, 1.40, 4.9),
                (cluster, 16, 1.20, 5.8), (POLLED, 16, 1.45, 4.8)]
        self.assertEqual(self.tuned_bounds(rows, "--workspace"), "16384 (1 pass), ~0ull (every larger n)")

    def test_cluster_range_measured_on_one_tile_ends_at_the_tile(self):
        cluster = "scalar4-striped/shuffle/cluster16/b256"
        rows = [(cluster, 10, 1.30, 3.9), (POLLED, 10, 1.00, 5.0),
                (cluster, 12, 1.20, 4.5), (POLLED, 12, 1.40, 4.0)]
        self.assertEqual(self.tuned_bounds(rows, "--workspace"),
                         "1024 (one tile), ~0ull (every larger n)")

    def test_range_measured_on_several_tiles_ends_halfway(self):
        # polled leads at 2^16 (16 tiles), multipass at 2^18: the boundary is 2^17 (a power of two between them)
        rows = [(POLLED, 16, 1.40, 4.8), (MULTIPASS, 16, 1.20, 5.6),
                (POLLED, 18, 1.10, 6.0), (MULTIPASS, 18, 1.30, 5.1)]
        self.assertEqual(self.tuned_bounds(rows, "--workspace"), "131072 (2^17), ~0ull (every larger n)")

    def test_odd_measured_size_gives_a_geometric_midpoint(self):
        rows = [(POLLED, 16, 1.40, 4.8), (MULTIPASS, 16, 1.20, 5.6),
                (POLLED, 17, 1.10, 6.0), (MULTIPASS, 17, 1.30, 5.1)]
        self.assertEqual(self.tuned_bounds(rows, "--workspace"), "92681 (2^16.5), ~0ull (every larger n)")

    def test_element_size_sets_the_tile(self):
        # for 8-byte elements the same kernel's tile is 2048, so a range last measured at 2^11 ends there
        rows = [(MULTIPASS, 11, 1.10, 4.0), (CLUSTER, 11, 1.00, 4.4),
                (MULTIPASS, 13, 1.10, 6.0), (CLUSTER, 13, 1.60, 4.1)]
        self.assertEqual(self.tuned_bounds(rows, "--bytes", "8"),
                         "2048 (one tile), ~0ull (every larger n)")

    def test_pin_overrides_the_runs(self):
        run = write_run(self.dir.name, "e.csv", [(MULTIPASS, 12, 1.10, 4.0), (CLUSTER, 12, 1.00, 4.4),
                                                 (MULTIPASS, 14, 1.10, 6.0), (CLUSTER, 14, 1.60, 4.1)])
        text = run_tune(f"H100={run}", "--pin", f"12={CLUSTER}")
        self.assertIn(f"2^12: {CLUSTER} |", text)
        self.assertEqual(bounds(text), "~0ull (every larger n)")

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
        with open(header, "w") as f:  # the table before: the cluster kernel up to 2^12, multipass above
            f.write("#pragma once\n// @generated-begin 4\n" +
                    tune.table_text("sm90<4>", "old", [(4096, CLUSTER, "old; 2020-01-01"), (0, MULTIPASS, "old")]) +
                    "\n// @generated-end 4\n// after\n")
        out = run_tune(f"H100={run}", "--keep-pins", "--pin", f"14={CLUSTER}", "--write", header,
                       "--date", "2026-01-02")
        self.assertIn(f"2^12: {CLUSTER} | H100 paired", out)  # kept from the header, though the run favours multipass
        self.assertIn(f"2^14: {CLUSTER} | H100 paired", out)  # --pin wins over the header
        with open(header) as f:
            text = f.read()
        self.assertEqual(tune.header_entries(text, "4"), [((1 << 64) - 1, CLUSTER)])
        self.assertIn("  entry<~0ull,  vector<4>, shuffle, cluster<>, 1024>  // H100 1.00-1.60; 2026-01-02\n", text)
        self.assertTrue(text.startswith("#pragma once\n// @generated-begin 4\n// clang-format off\n"))
        self.assertTrue(text.endswith("// clang-format on\n// @generated-end 4\n// after\n"))
        with self.assertRaises(AssertionError):  # no header to read
            run_tune(f"H100={run}", "--keep-pins")


class Format(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def test_every_kernel_name_round_trips(self):
        for load, finish, grid, block in itertools.product(tune.LOADS, tune.FINISH, tune.GRIDS, (128, 1024)):
            kernel = f"{load}/{finish}/{grid}/b{block}"
            self.assertEqual(tune.kernel_of(*tune.parts(kernel)), kernel)
        self.assertEqual(tune.cxx("scalar4-blocked/tree-strided/coop/b256"),
                         "config<scalar<4, blocked>, tree<interleaved_strided>, cooperative<>, 256>")
        self.assertEqual(tune.cxx("vec4-striped/unroll-warp/multipass/b512"),
                         "config<vector<4>, unrolled_last_warp, multipass, 512>")

    def test_every_kernel_of_the_matrix_has_a_spelling(self):
        """The kernel names of reduce::matrix::all, written by the host tests (REDUCE_HOST_TESTS: the binary, as ctest
        passes it): each reads as C++ and back, so a new Load, BlockFinish or Grid cannot miss its spelling here."""
        host = os.environ.get("REDUCE_HOST_TESTS")
        if not host:
            self.skipTest("REDUCE_HOST_TESTS (the reduce-host-tests binary) is not set")
        names = os.path.join(self.dir.name, "kernels.txt")
        out = subprocess.run([host, "--gtest_filter=Matrix.DerivedUsesCoverEveryGrid"], capture_output=True,
                             text=True, env={**os.environ, "REDUCE_KERNEL_NAMES": names})
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        with open(names) as f:
            kernels = f.read().split()
        self.assertGreater(len(kernels), 100)
        for kernel in kernels:
            self.assertEqual(tune.kernel_of(*tune.parts(kernel)), kernel)

    def test_provenance_per_entry(self):
        # one kernel leads at both sizes on both runs: one entry, CUB / kernel over both sizes per run, the date given
        a = write_run(self.dir.name, "a.csv", [(MULTIPASS, 16, 1.20, 6.0), (CLUSTER, 16, 1.10, 6.5),
                                               (MULTIPASS, 18, 1.24, 7.0), (CLUSTER, 18, 1.00, 8.0)])
        b = write_run(self.dir.name, "b.csv", [(MULTIPASS, 16, 1.30, 5.0), (CLUSTER, 16, 1.00, 6.5),
                                               (MULTIPASS, 18, 1.30, 6.0), (CLUSTER, 18, 1.10, 7.0)])
        out = run_tune(f"H100={a}", f"H200={b}", "--date", "2026-03-04")
        self.assertEqual(entry_lines(out), ["  entry<~0ull,  vector<4>, shuffle, multipass, 256>  "
                                            "// H100 1.20-1.24, H200 1.30; 2026-03-04"])
        self.assertIn("struct sm90<4> : table<\n", out)
        # a run's own day; two runs of one label (the even and the odd sizes, say) pool their ratios
        c = write_run(self.dir.name, "c.csv", [(MULTIPASS, 17, 1.50, 6.0), (CLUSTER, 17, 1.00, 9.0)])
        out = run_tune(f"H100={a}@2026-02-28", f"H200={b}", f"H100={c}@2026-03-01", "--date", "2026-03-04")
        self.assertEqual(entry_lines(out), ["  entry<~0ull,  vector<4>, shuffle, multipass, 256>  "
                                            "// H100 1.20-1.50, H200 1.30; 2026-02-28/03-04"])
        with self.assertRaises(AssertionError):  # a date is YYYY-MM-DD
            run_tune(f"H100={a}", "--date", "4.3.2026")
        with self.assertRaises(AssertionError):
            run_tune(f"H100={a}@2026-02-30")

    def test_dates(self):
        self.assertEqual(tune.date_text({"2026-11-22"}), "2026-11-22")
        self.assertEqual(tune.date_text({"2026-11-22", "2026-11-21"}), "2026-11-21/22")
        self.assertEqual(tune.date_text({"2026-10-31", "2026-11-01", "2026-10-30"}), "2026-10-30/11-01")
        self.assertEqual(tune.date_text({"2025-12-31", "2026-01-01"}), "2025-12-31/2026-01-01")

    def test_long_kernels_stay_within_the_line_limit(self):
        long = "scalar4-blocked/tree-strided/reproducible/b1024"
        note = "H100 1.01-1.02, H200 1.01-1.03; 2026-11-21/22"
        text = tune.table_text("sm90_exact_workspace<8>", "a table", [(2048, MULTIPASS, note), (16384, long, note),
                                                                       (1 << 64, "vec1/none/atomic/b128", note)])
        self.assertLessEqual(max(len(l) for l in text.splitlines()), tune.COLUMNS)
        self.assertEqual(text.count(note), 3)  # one provenance line per entry, beside it or above it
        entries = tune.header_entries(f"// @generated-begin x\n{text}\n// @generated-end x\n", "x")
        self.assertEqual(entries, [(2048, MULTIPASS), (16384, long), ((1 << 64) - 1, "vec1/none/atomic/b128")])

    def test_the_committed_tables_read_back(self):
        # --keep-pins must read every table in the headers, and they keep the line limit
        keys = {}
        for path in glob.glob(os.path.join(ROOT, "include", "reduce", "detail", "tuning", "*.cuh")):
            with open(path) as f:
                text = f.read()
            self.assertLessEqual(max(len(l) for l in text.splitlines()), tune.COLUMNS, path)
            for key in re.findall(r"^// @generated-begin (\S+)$", text, re.M):
                entries = tune.header_entries(text, key)
                bounds = [b for b, _ in entries]
                self.assertEqual(bounds, sorted(set(bounds)), key)
                self.assertEqual(bounds[-1], (1 << 64) - 1, key)
                keys[key] = entries
        self.assertLessEqual({"4", "8", "workspace4", "workspace8", "exact4", "exact_workspace4", "exact8"}, set(keys))
        self.assertEqual(keys["4"][0], (1024, "scalar4-striped/shuffle/cluster16/b256"))


if __name__ == "__main__":
    unittest.main()
