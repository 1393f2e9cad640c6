// Many reductions at once: the row sums and the column maxima of a matrix, and one sum per segment of a CSR
// structure, each in one call, with one result per row, column or segment left on the device.
//   nvcc -std=c++17 -arch=sm_90 -I include -I policies examples/segmented.cu -o segmented && ./segmented
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include <reduce/reduce.cuh>
#include <reduce/segmented.cuh>

#include "check.cuh"

int main() {
  if (!have_gpu()) return 0;

  // A 4096 x 1000 matrix of floats, rows 1024 elements apart (a padded leading dimension).
  const std::size_t rows = 4096, cols = 1000, ld = 1024;
  std::vector<float> host(rows * ld, 0.f);
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> value(-1.f, 1.f);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) host[r * ld + c] = value(rng);
  float *d_in = nullptr, *d_rows = nullptr, *d_cols = nullptr;
  CHECK(cudaMalloc(&d_in, host.size() * sizeof(float)));
  CHECK(cudaMalloc(&d_rows, rows * sizeof(float)));
  CHECK(cudaMalloc(&d_cols, cols * sizeof(float)));
  CHECK(cudaMemcpy(d_in, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice));

  // 1. Row sums, CUB style: query the storage, then run (no config named: the segmented default).
  const auto each_row = reduce::segments::rows(rows, cols, ld);
  std::size_t bytes = 0;
  CHECK(reduce::device_segmented_reduce({nullptr, bytes}, d_in, d_rows, each_row));
  void* d_temp = nullptr;
  CHECK(cudaMalloc(&d_temp, bytes));
  CHECK(reduce::device_segmented_reduce({d_temp, bytes}, d_in, d_rows, each_row));
  CHECK(cudaFree(d_temp));

  // 2. Column maxima, in one call that allocates its storage and waits (throws reduce::error on failure).
  reduce::segmented_reduce(d_in, d_cols, reduce::segments::columns(rows, cols, ld), reduce::max{});

  // 3. CSR: segment s is [offsets[s], offsets[s + 1]) of the first row's elements, of uneven lengths (some empty).
  const std::vector<int> offsets = {0, 0, 1, 10, 10, 500, 999, 1000};
  const std::size_t segments = offsets.size() - 1;
  int* d_offsets = nullptr;
  float* d_seg = nullptr;
  CHECK(cudaMalloc(&d_offsets, offsets.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_seg, segments * sizeof(float)));
  CHECK(cudaMemcpy(d_offsets, offsets.data(), offsets.size() * sizeof(int), cudaMemcpyHostToDevice));
  reduce::segmented_reduce(d_in, d_seg, reduce::segments::offsets(d_offsets, d_offsets + 1, segments));

  std::vector<float> row_sum(rows), col_max(cols), seg_sum(segments);
  CHECK(cudaMemcpy(row_sum.data(), d_rows, rows * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(col_max.data(), d_cols, cols * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(seg_sum.data(), d_seg, segments * sizeof(float), cudaMemcpyDeviceToHost));

  // Against the host: sums within (length - 1) u sum|x| of the exact sum (any order of float additions), maxima exact.
  bool right = true;
  for (std::size_t r = 0; r < rows; ++r) {
    double exact = 0, abs_sum = 0;
    for (std::size_t c = 0; c < cols; ++c) exact += host[r * ld + c], abs_sum += std::fabs(host[r * ld + c]);
    right = right && std::fabs(row_sum[r] - exact) <= cols * 6e-8 * abs_sum;
  }
  for (std::size_t c = 0; c < cols; ++c) {
    float m = -INFINITY;
    for (std::size_t r = 0; r < rows; ++r) m = std::max(m, host[r * ld + c]);
    right = right && col_max[c] == m;
  }
  for (std::size_t s = 0; s < segments; ++s) {
    double exact = 0, abs_sum = 0;
    for (int i = offsets[s]; i < offsets[s + 1]; ++i) exact += host[i], abs_sum += std::fabs(host[i]);
    right = right && std::fabs(seg_sum[s] - exact) <= 1000 * 6e-8 * abs_sum;  // empty segments: exactly 0
  }
  std::printf("row 0 sum %.4f, column 0 max %.4f, CSR segment sums %.4f %.4f %.4f ...\n", row_sum[0], col_max[0],
              seg_sum[0], seg_sum[1], seg_sum[2]);

  CHECK(cudaFree(d_seg));
  CHECK(cudaFree(d_offsets));
  CHECK(cudaFree(d_cols));
  CHECK(cudaFree(d_rows));
  CHECK(cudaFree(d_in));
  std::printf("%s\n", right ? "ok" : "WRONG");
  return right ? 0 : 1;
}
