# Sourced by scripts/test.sh and scripts/bench.sh: installs the Debian packages the build needs, where missing.
need=()
[ -f /usr/include/boost/mp11.hpp ] || need+=(libboost-dev)
[ -f /usr/include/gtest/gtest.h ] || need+=(libgtest-dev)
[ -f /usr/include/benchmark/benchmark.h ] || need+=(libbenchmark-dev)
command -v ninja >/dev/null || need+=(ninja-build)
command -v cmake >/dev/null || need+=(cmake)
command -v python3 >/dev/null || need+=(python3)
# The bench's report draws plots (bench/report_plots.py); scripts/bench.sh asks for matplotlib, the tests do not.
if [ "${REDUCE_NEEDS_PLOTS:-0}" = 1 ]; then python3 -c 'import matplotlib' 2>/dev/null || need+=(python3-matplotlib); fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing: ${need[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  else
    echo "missing packages: ${need[*]} (install them, or run as root on Debian/Ubuntu)" >&2
    exit 1
  fi
fi
command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH
