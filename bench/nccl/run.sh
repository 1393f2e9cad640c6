#!/usr/bin/env bash
# Builds reduce-nccl-bench and runs it on this host's GPUs (1, 2 and 4 where there are that many), then draws the
# plot: OUT_DIR/nccl.csv, nccl_report.md, nccl_scaling.png. NCCL 2.28 or newer is a package of its own (libnccl-dev,
# or pip's nvidia-nccl-cu13), found in the toolkit's folders or at NCCL_ROOT.
#   bash bench/nccl/run.sh OUT_DIR [extra reduce-nccl-bench options, e.g. --samples 31]
set -euo pipefail
out=${1:?usage: bash bench/nccl/run.sh OUT_DIR [options]}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$(dirname "$0")/../.."
export NCCL_NVLS_ENABLE=0 NVSHMEM_DISABLE_NVLS=1 TORCH_SYMM_MEM_DISABLE_MULTICAST=1
REDUCE_NEEDS_PLOTS=1 source scripts/deps.sh  # Boost, CMake, Ninja, python3, matplotlib (and the test/bench packages)
build=${REDUCE_NCCL_BUILD:-build-nccl}
cmake -S bench/nccl -B "$build" -G Ninja ${NCCL_ROOT:+-DNCCL_ROOT=$NCCL_ROOT} >/dev/null
cmake --build "$build" --target reduce-nccl-bench -j"$(nproc)"
"$build/reduce-nccl-bench" --out "$out" "$@"
python3 bench/nccl/plot.py "$out/nccl.csv" "$out/nccl_scaling.png"
echo "wrote $out/nccl.csv $out/nccl_report.md $out/nccl_scaling.png"
