#!/usr/bin/env bash
# Packaging test: install the current build into a temporary prefix, build the consumer project
# in this folder against it with find_package(armdyn), and run it.
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
