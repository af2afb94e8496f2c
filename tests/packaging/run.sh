#!/usr/bin/env bash
# Packaging test: install the current build into a temporary prefix, build the consumer project
# in this folder against it with find_package(armdyn), and run it; then compile the same main.cpp
# with the flags of `pkg-config --cflags --libs armdyn` (the installed armdyn.pc), and run that.
# Usage: run.sh BUILD_DIR [CMAKE [CXX_COMPILER]]
set -euo pipefail
build_dir=$1
cmake=${2:-cmake}
cxx=${3:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/armdyn-packaging.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

"$cmake" --install "$build_dir" --prefix "$tmp/prefix"
"$cmake" -S "$here" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_BUILD_TYPE=Release \
  ${cxx:+-DCMAKE_CXX_COMPILER="$cxx"}
"$cmake" --build "$tmp/build"
"$tmp/build/consumer"

pc=$(find "$tmp/prefix" -name armdyn.pc -path '*/pkgconfig/*' | head -n 1)
if [ -z "$pc" ]; then
  echo "FAIL: the installation has no pkgconfig/armdyn.pc" >&2
  exit 1
fi
flags=$(PKG_CONFIG_PATH="$(dirname "$pc")${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" pkg-config --cflags --libs armdyn)
echo "pkg-config --cflags --libs armdyn: $flags"
# shellcheck disable=SC2086  # the flags are words
"${cxx:-c++}" -std=c++20 -O2 "$here/main.cpp" $flags -o "$tmp/consumer-pkg-config"
"$tmp/consumer-pkg-config"
