#include "report_tables.hpp"

#include <algorithm>
#include <set>

#include "text_table.hpp"

namespace reduce_bench {

const bench_entry& table_line::any() const {
  for (const bench_entry* e : entry)
    if (e) return *e;
  throw std::logic_error("table_line without an entry");
}

std::string check_text(const bench_entry* e, const entry_result* r) {
  if (!e) return "-";
  if (failed(e->name)) return r && r->done ? "FAIL" : "error";
  return r && r->done ? "ok" : "-";
}

namespace {

std::string line_check(const table_line& l) {
  std::string worst = "-";
  for (int v = 0; v < 4; ++v) {
    const std::string s = check_text(l.entry[v], l.result[v]);
    if (s == "error" || (s == "FAIL" && worst != "error") || (s == "ok" && worst == "-")) worst = s;
  }
  return worst;
}

std::string us(const entry_result* r) { return r ? micros(r->median_us) : "-"; }
std::string gbps(const entry_result* r) {
  if (!r) return "-";
  const double v = r->counter("GB/s");
  return fixed(v, v < 10 ? 2 : v < 100 ? 1 : 0);
}
std::string pct(const entry_result* r) { return r ? fixed(r->counter("pct_of_peak"), 1) : "-"; }
std::string spread(const entry_result* r) {
  return r && r->median_us > 0 ? fixed(100.0 * (r->max_us - r->min_us) / r->median_us, 1) + "%" : "-";
}
double speedup(const entry_result* base, const entry_result* r) {
  return base && r && r->median_us > 0 ? base->median_us / r->median_us : 0;
}

// The columns the --latency and --system variants add, and their cells.
void variant_columns(text_table& t, const table_context& c) {
  if (c.latency) {
    t.column("b2b us graph");
    t.column("b2b us stream");
  }
  if (c.system) {
    t.column("sys us pageable");
    t.column("sys us pinned");
  }
}
void variant_cells(std::vector<std::string>& cells, const table_line& l, const table_context& c) {
  if (c.latency) {
    const entry_result* b = l.of(variant::back_to_back);
    cells.push_back(us(b));
    cells.push_back(b ? micros(b->counter("stream_us")) : "-");
  }
  if (c.system) {
    cells.push_back(us(l.of(variant::system_pageable)));
    cells.push_back(us(l.of(variant::system_pinned)));
  }
}

void print_matrix(std::ostream& os, std::uint64_t n, const std::vector<table_line>& lines, const table_context& c) {
  os << "\n== matrix, " << c.type.name << " sum, n = " << size_label(n) << " (" << n << " elements, "
     << bytes_label(double(n) * c.type.size) << ") ==\n";
  text_table t;
  for (const char* h : {"kernel", "median us", "spread", "GB/s", "% peak", "vs CUB", "vs thrust", "check"})
    t.column(h, h == std::string("kernel") || h == std::string("check"));
  variant_columns(t, c);
  bool ruled = false;
  std::vector<const table_line*> kernels;
  for (const table_line& l : lines) {
    const bench_entry& e = l.any();
    if (e.r->kind == row_kind::kernel && !ruled) {
      t.rule();
      ruled = true;
    }
    if (e.r->kind == row_kind::kernel && l.cold()) kernels.push_back(&l);
    const entry_result* r = l.cold();
    std::vector<std::string> cells{e.r->name,
                                   us(r),
                                   spread(r),
                                   gbps(r),
                                   pct(r),
                                   ratio(r ? r->counter("vs_cub") : 0),
                                   ratio(r ? r->counter("vs_thrust") : 0),
                                   line_check(l)};
    variant_cells(cells, l, c);
    t.add(cells);
  }
  t.print(os);
  std::sort(kernels.begin(), kernels.end(),
            [](const table_line* a, const table_line* b) { return a->cold()->median_us < b->cold()->median_us; });
  for (std::size_t i = 0; i < kernels.size() && i < 3; ++i) {
    const entry_result* r = kernels[i]->cold();
    os << (i ? "      " : "best: ") << kernels[i]->any().r->name << "  " << micros(r->median_us) << " us  " << gbps(r)
       << " GB/s  " << pct(r) << "% of peak  " << ratio(r->counter("vs_cub")) << " CUB\n";
  }
}

void print_journey(std::ostream& os, const std::string& name, const std::vector<table_line>& lines,
                   const table_context& c) {
  std::string title = name.rfind("offset/", 0) == 0
                          ? "CUB and the default (raw, on a workspace), input one element past an aligned address"
                      : name.rfind("paired/", 0) == 0
                          ? "the default sampled alternately with CUB (its time, and per-pair vs CUB: cub_us, vs_cub)"
                      : name.rfind("plus-one/", 0) == 0
                          ? "the default +1 sampled alternately with it aligned (per pair +1 / aligned: over_partner)"
                          : "";
  for (const journey_rows& j : c.type.presets.journeys)
    if (j.name == name) title = j.title;
  os << "\n== " << name << ": " << title << ", " << c.type.name << " sum, n = " << size_label(lines.front().any().n)
     << " ==\n";
  text_table t;
  for (const char* h : {"step", "kernel", "what changed", "us", "GB/s", "% peak", "x prev", "x first"})
    t.column(h, h == std::string("kernel") || h == std::string("what changed"));
  variant_columns(t, c);
  if (c.system) t.column("sys x first");
  t.column("check", true);
  const entry_result *first = nullptr, *prev = nullptr, *first_sys = nullptr;
  auto emit = [&](const table_line& l) {
    const bench_entry& e = l.any();
    const entry_result* r = l.cold();
    const entry_result* sys = l.of(variant::system_pinned);
    const bool step = e.step >= 0;
    if (step && e.step == 0) first = r, first_sys = sys;
    std::vector<std::string> cells{step ? std::to_string(e.step) : "",
                                   e.r->name,
                                   step ? e.what : "reference",
                                   us(r),
                                   gbps(r),
                                   pct(r),
                                   step ? ratio(speedup(prev, r)) : "",
                                   ratio(speedup(first, r))};
    variant_cells(cells, l, c);
    if (c.system) cells.push_back(ratio(speedup(first_sys, sys)));
    cells.push_back(line_check(l));
    t.add(cells);
    if (step) prev = r;
  };
  for (const table_line& l : lines)
    if (l.any().step >= 0) emit(l);
  t.rule();
  for (const table_line& l : lines)  // CUB and thrust last, as the seeds print them
    if (l.any().step < 0) emit(l);
  t.print(os);
  if (c.system) os << "(sys x first: pinned system time of the first step over this row's)\n";
}

void print_lecture(std::ostream& os, const std::vector<table_line>& lines, const table_context& c) {
  std::set<int> blocks;
  std::map<std::pair<int, int>, const entry_result*> cell;  // (step, block)
  std::map<int, std::string> label;
  std::vector<const table_line*> references;
  for (const table_line& l : lines) {
    const bench_entry& e = l.any();
    if (e.step < 0) {
      references.push_back(&l);
      continue;
    }
    blocks.insert(e.r->block);
    cell[{e.step, e.r->block}] = l.cold();
    label[e.step] = "#" + std::to_string(e.step + 1) + " " + e.what;
  }
  const std::uint64_t n = lines.front().any().n;
  const double bytes = double(n) * c.type.size;
  for (int pass = 0; pass < 2; ++pass) {
    os << "\n== lecture (seed 002): " << (pass ? "GB/s" : "time (us)") << " by reduction and block size, "
       << c.type.name << " sum, n = " << size_label(n) << " ==\n";
    text_table t;
    t.column("reduction", true);
    for (int b : blocks) t.column("b" + std::to_string(b));
    for (const auto& [step, text] : label) {
      std::vector<std::string> cells{text};
      for (int b : blocks) {
        auto it = cell.find({step, b});
        const entry_result* r = it == cell.end() ? nullptr : it->second;
        cells.push_back(pass ? gbps(r) : us(r));
      }
      t.add(cells);
    }
    t.print(os);
  }
  os << "\n== lecture (seed 002): reductions #5..#9 (4..64 per thread), ms and GB/s by block size ==\n";
  text_table t;
  t.column("BSz");
  for (int step = 4; step < 9; ++step) {
    const std::string head = "#" + std::to_string(step + 1) + " (" + std::to_string(1 << (step - 2)) + ")";
    t.column(head + " ms");
    t.column(head + " GB/s");
  }
  for (int b : blocks) {
    std::vector<std::string> cells{std::to_string(b)};
    for (int step = 4; step < 9; ++step) {
      auto it = cell.find({step, b});
      const entry_result* r = it == cell.end() ? nullptr : it->second;
      cells.push_back(r ? fixed(r->median_us / 1000.0, 3) : "-");
      cells.push_back(r ? fixed(bytes / (r->median_us * 1e-6) / 1e9, 1) : "-");
    }
    t.add(cells);
  }
  t.print(os);
  for (const table_line* l : references)
    os << l->any().r->name << ": " << us(l->cold()) << " us, " << gbps(l->cold()) << " GB/s\n";
}

void print_tuning(std::ostream& os, const std::vector<table_line>& lines, const table_context& c) {
  std::set<int> blocks, grids;
  std::map<std::pair<int, int>, const entry_result*> cell;  // (grid, block)
  std::vector<const table_line*> references;
  for (const table_line& l : lines) {
    const bench_entry& e = l.any();
    if (e.r->kind != row_kind::kernel) {
      references.push_back(&l);
      continue;
    }
    blocks.insert(e.r->block);
    grids.insert(e.grid);
    cell[{e.grid, e.r->block}] = l.cold();
  }
  os << "\n== tuning (seed 000 step 6): grid-stride kernel, us (GB/s) by grid x block, " << c.type.name
     << " sum, n = " << size_label(lines.front().any().n) << " ==\n";
  text_table t;
  t.column("blocks");
  for (int b : blocks) t.column("x " + std::to_string(b) + " threads");
  for (int g : grids) {
    std::vector<std::string> cells{std::to_string(g)};
    for (int b : blocks) {
      auto it = cell.find({g, b});
      const entry_result* r = it == cell.end() ? nullptr : it->second;
      cells.push_back(r ? us(r) + " (" + gbps(r) + ")" : "-");
    }
    t.add(cells);
  }
  t.print(os);
  for (const table_line* l : references)
    os << l->any().r->name << ": " << us(l->cold()) << " us, " << gbps(l->cold()) << " GB/s\n";
}

}  // namespace

void print_table(std::ostream& os, const std::string& table, const std::vector<table_line>& lines,
                 const table_context& c) {
  if (lines.empty()) return;
  if (table.rfind("matrix/", 0) == 0)
    print_matrix(os, lines.front().any().n, lines, c);
  else if (table == "lecture")
    print_lecture(os, lines, c);
  else if (table == "tuning")
    print_tuning(os, lines, c);
  else
    print_journey(os, table, lines, c);
  os.flush();
}

}  // namespace reduce_bench
