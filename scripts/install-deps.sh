#!/usr/bin/env bash
# Installs the Debian (bookworm) packages armdyn needs to build, test and benchmark.
# Idempotent and fast when everything is there: it asks dpkg first and calls apt-get (update,
# then install) only for what is missing. Uses sudo when not run as root.
#   --fuzz  also clang 14 and its libFuzzer/sanitizer runtimes, for `make fuzz` (about 400 MB, so
#           only when fuzzing is asked for)
set -euo pipefail

packages=(
  build-essential cmake
  libeigen3-dev liburdfdom-dev libcli11-dev nlohmann-json3-dev
  libgtest-dev libbenchmark-dev
  liborocos-kdl-dev libmujoco-dev
  libboost-dev libginac-dev libtbb-dev libnlopt-dev
  pybind11-dev python3-pybind11 python3-dev python3-numpy python3-matplotlib python3-pytest
  python3-distributed
  ccache
)
if [[ "${1:-}" == "--fuzz" ]]; then
  packages+=(clang-14 libclang-rt-14-dev)
elif [[ $# -gt 0 ]]; then
  echo "install-deps: unknown option '$1' (the only one is --fuzz)" >&2
  exit 2
fi

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "installed" ]] || missing+=("$package")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages are installed"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-deps: not root and no sudo; install these packages by hand: ${missing[*]}" >&2
    exit 1
  fi
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
