#!/usr/bin/env bash
# Installs the Debian (bookworm) packages armdyn needs to build, test and benchmark.
# Idempotent and fast when everything is there: it asks dpkg first and calls apt-get (update,
# then install) only for what is missing. Uses sudo when not run as root. Then installs three.js
# (pinned in viewer/package-lock.json; embedded into the pages of `armdyn view` at build time) into
# viewer/node_modules with `npm ci`, again only when it is missing or another version.
#   --fuzz  also clang 14, its libFuzzer/sanitizer runtimes and its linker (lld), for `make fuzz`
#           and `make test-sanitize` (about 400 MB, so only when they are asked for)
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
  chromium
)
# node and npm (three.js for `armdyn view`): Debian's, unless a node with its npm is already there
# (NodeSource's nodejs carries npm and conflicts with Debian's npm package).
if ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi
if [[ "${1:-}" == "--fuzz" ]]; then
  packages+=(clang-14 libclang-rt-14-dev lld-14)
elif [[ $# -gt 0 ]]; then
  echo "install-deps: unknown option '$1' (the only one is --fuzz)" >&2
  exit 2
fi

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "installed" ]] || missing+=("$package")
done

# three.js for `armdyn view`: npm ci from the lock file (viewer/package-lock.json pins the version).
install_viewer() {
  local viewer want have
  viewer="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/viewer"
  want=$(sed -n 's/.*"three": *"\([^"]*\)".*/\1/p' "$viewer/package.json")
  have=$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$viewer/node_modules/three/package.json" 2>/dev/null | head -1 || true)  # none on a fresh clone
  if [[ -n "$want" && "$have" == "$want" ]]; then
    echo "install-deps: three.js $have is installed in viewer/node_modules"
    return
  fi
  echo "install-deps: installing three.js $want into viewer/node_modules (npm ci)"
  (cd "$viewer" && npm ci --no-audit --no-fund)
}

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages are installed"
  install_viewer
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
install_viewer
