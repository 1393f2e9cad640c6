#!/usr/bin/env bash
# The bench command: checks for an NVIDIA GPU first (one line and exit 1 without one: nothing is installed or built),
# installs what is missing, builds reduce-bench (float, double, int32, int64; -DREDUCE_BENCH_TYPES on a build of your
# own adds the others), then runs the full matrix (float), double, int32 and int64 at 2^20 and 2^28, every journey,
# the sweeps, the latency rows, the extensions, the segmented section (bench/segmented/run.sh) and the binned sums
# (bench/binned/run.sh), and writes report.md, segmented.md, binned.md, CSV, JSON and plots to OUT_DIR.
#   scripts/bench.sh [OUT_DIR]        (default: results/<gpu name>)
set -euo pipefail
cd "$(dirname "$0")/.."

# The GPU check, before the minutes of installing and building: nvidia-smi must list a GPU, and where nvcc is
# already here, a tiny CUDA program must see it through the runtime the bench links (a driver too old for this
# toolkit passes nvidia-smi and fails here).
no_gpu() {
  echo "scripts/bench.sh: no usable NVIDIA GPU: $1; the bench needs one (nothing was built)" >&2
  exit 1
}
command -v nvidia-smi >/dev/null || no_gpu "nvidia-smi is not installed (no NVIDIA driver)"
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>&1 | head -1) || no_gpu "nvidia-smi failed: ${gpu%.}"
[[ -n $gpu && $gpu != *[Ff]ailed* && $gpu != *"No devices"* ]] || no_gpu "nvidia-smi lists none (${gpu:-no output})"
command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH
if command -v nvcc >/dev/null; then
  check=$(mktemp -d)
  trap 'rm -rf "$check"' EXIT
  cat >"$check/gpu.cu" <<'EOF'
#include <cstdio>
#include <cuda_runtime.h>
int main() {
  int n = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) return std::printf("%s: %s", cudaGetErrorName(e), cudaGetErrorString(e)), 1;
  return n > 0 ? 0 : (std::printf("the CUDA runtime sees no device"), 1);
}
EOF
  if nvcc -o "$check/gpu" "$check/gpu.cu" 2>"$check/nvcc.log"; then
    why=$("$check/gpu") || no_gpu "$gpu is listed, but the CUDA runtime cannot use it ($why)"
  fi
  rm -rf "$check"
  trap - EXIT
fi
echo "scripts/bench.sh: GPU: $gpu"

REDUCE_NEEDS_PLOTS=1 source scripts/deps.sh
cmake -S . -B build-bench -G Ninja -DREDUCE_BUILD_TESTS=OFF -DREDUCE_BENCH_TYPES="float;double;int32;int64"
cmake --build build-bench -j"$(nproc)" --target reduce-bench
out=${1:-results/$(tr ' ' '-' <<<"$gpu")}
status=0
bench/run_all.sh "$out" build-bench/bench/reduce-bench || status=$?
# Many reductions at once (docs/segmented.md): its own programs, beside CUB (the toolkit's and, where pip can fetch
# it, the newest nvidia-cuda-cccl), thrust and PyTorch; segmented.md, segmented.csv.gz and segmented.png in OUT_DIR.
bash bench/segmented/run.sh "$out" --samples 5 || status=1
# The binned sums (docs/extensions.md), beside the plain and compensated sums and CUB's (its gpu_to_gpu Reduce where
# the newest nvidia-cuda-cccl can be fetched); binned.md and binned.csv.gz in OUT_DIR.
bash bench/binned/run.sh "$out" || status=1
exit $status
