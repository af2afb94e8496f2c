#!/usr/bin/env bash
# Packaging test: install the current build into a temporary prefix, build the consumer project
# in this folder against it with find_package(armdyn) (armdyn::armdyn, every tier), and run it;
# then compile the same main.cpp with the flags of `pkg-config --cflags --libs armdyn` (the
# installed armdyn.pc), and run that. Then the consumer of core/, which links armdyn::core alone,
# configured with TBB, NLopt, urdfdom and GiNaC unfindable, its link line and its libraries (ldd)
# free of them, and the same with armdyn-core.pc.
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

# armdyn::core alone: Eigen and nothing else.
forbidden='tbb|nlopt|ginac|urdf|tinyxml|mujoco|boost'
no_find=()
for package in TBB NLopt urdfdom PkgConfig Boost mujoco nlohmann_json; do
  no_find+=("-DCMAKE_DISABLE_FIND_PACKAGE_${package}=ON")
done
"$cmake" -S "$here/core" -B "$tmp/build-core" -G "Unix Makefiles" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
  -DCMAKE_BUILD_TYPE=Release "${no_find[@]}" ${cxx:+-DCMAKE_CXX_COMPILER="$cxx"}
"$cmake" --build "$tmp/build-core"
link_line=$(cat "$tmp/build-core/CMakeFiles/consumer_core.dir/link.txt")
link_line=${link_line//$tmp/TMP}  # the temporary folder's random name is no library's
echo "armdyn::core consumer links: $link_line"
if grep -Eiq "$forbidden" <<<"$link_line"; then
  echo "FAIL: the armdyn::core consumer's link line names one of $forbidden" >&2
  exit 1
fi
if ! grep -q 'libarmdyn_core' <<<"$link_line" || grep -Eq 'libarmdyn_(batch|design|io|viewer)' <<<"$link_line"; then
  echo "FAIL: the armdyn::core consumer does not link libarmdyn_core alone" >&2
  exit 1
fi
libs=$(ldd "$tmp/build-core/consumer_core")
if grep -Eiq "$forbidden" <<<"$libs"; then
  echo "FAIL: the armdyn::core consumer loads one of $forbidden:" >&2
  echo "$libs" >&2
  exit 1
fi
"$tmp/build-core/consumer_core"

flags=$(PKG_CONFIG_PATH="$(dirname "$pc")${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" pkg-config --cflags --libs armdyn-core)
echo "pkg-config --cflags --libs armdyn-core: $flags"
if grep -Eiq "$forbidden|-larmdyn_(batch|design|io|viewer)" <<<"${flags//$tmp/TMP}"; then
  echo "FAIL: armdyn-core.pc asks for more than armdyn::core" >&2
  exit 1
fi
# shellcheck disable=SC2086  # the flags are words
"${cxx:-c++}" -std=c++20 -O2 "$here/core/main.cpp" $flags -o "$tmp/consumer-core-pkg-config"
"$tmp/consumer-core-pkg-config"
