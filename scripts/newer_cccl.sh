# Sourced by the bench sections that also build against a newer CCCL (bench/segmented/run.sh, bench/binned/run.sh).
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
