# Sourced by the bench sections that also build against a newer CCCL (bench/segmented/run.sh, bench/binned/run.sh).
# They build with build_bench_programs (below).
# newer_cccl DIR prints the include folder of that CCCL: REDUCE_NEWER_CCCL where set, else the nvidia-cuda-cccl wheel,
# fetched with pip into DIR where the network allows; nothing where neither (the toolkit's CUB alone).
newer_cccl() {
  if [[ -n ${REDUCE_NEWER_CCCL:-} ]]; then
    echo "$REDUCE_NEWER_CCCL"
    return
  fi
  local wheel=$1/cccl-wheel
  if [[ ! -d $wheel/nvidia ]] && python3 -m pip download -q --no-deps -d "$1/dl" nvidia-cuda-cccl >/dev/null 2>&1; then
    local newest
    newest=$(ls -t "$1"/dl/nvidia_cuda_cccl-*.whl | head -1)  # the one just fetched, whatever an earlier run left
    mkdir -p "$wheel" && python3 -m zipfile -e "$newest" "$wheel"
  fi
  [[ -f $wheel/nvidia/cu13/include/cccl/cub/version.cuh ]] && (cd "$wheel/nvidia/cu13/include/cccl" && pwd)
  return 0
}

# build_bench_programs SRC BUILD PROGRAM configures the bench project at SRC in BUILD against the newer CCCL where one
# is found, builds PROGRAM and, with that CCCL, PROGRAM-newer-cccl beside it, and prints the names of the programs
# built, the toolkit's first. The newer CCCL's is a comparison, not a requirement: where its build fails, the
# toolkit's CUB alone. Returns nonzero where PROGRAM itself does not build.
build_bench_programs() {
  local src=$1 build=$2 program=$3 newer
  mkdir -p "$build"
  newer=$(newer_cccl "$build")
  [[ -n $newer ]] || echo "run.sh: no newer CCCL (set REDUCE_NEWER_CCCL or allow pip): the toolkit's CUB only" >&2
  cmake -S "$src" -B "$build" -G Ninja -DREDUCE_NEWER_CCCL="$newer" >/dev/null || return 1
  if [[ -n $newer ]] && cmake --build "$build" -j"$(nproc)" --target "$program" "$program-newer-cccl" >&2; then
    printf '%s\n' "$program" "$program-newer-cccl"
    return 0
  fi
  [[ -n $newer ]] && echo "run.sh: the build against $newer failed: the toolkit's CUB only" >&2
  cmake --build "$build" -j"$(nproc)" --target "$program" >&2 || return 1
  echo "$program"
}
