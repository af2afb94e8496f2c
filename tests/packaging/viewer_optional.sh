#!/usr/bin/env bash
# The viewer is optional: the project configures without three.js (ARMDYN_THREE_DIR pointing to a
# folder without it, as on a clone where npm never ran), says the viewer is off and builds
# armdyn::viewer from src/io/view_page_unavailable.cpp (the refusal view_unavailable_test checks);
# -DARMDYN_WITH_VIEWER=ON (what `make` passes) refuses to configure, naming scripts/install-deps.sh;
# -DARMDYN_WITH_VIEWER=OFF leaves it out even where three.js is installed.
# Usage: viewer_optional.sh SOURCE_DIR [CMAKE [CXX_COMPILER]]
set -euo pipefail
source_dir=$1
cmake=${2:-cmake}
cxx=${3:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/armdyn-viewer.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/no-three"
common=(-S "$source_dir" -G "Unix Makefiles" -DARMDYN_BUILD_TESTS=OFF -DARMDYN_BUILD_BENCH=OFF
        -DARMDYN_BUILD_PEERS=OFF -DARMDYN_BUILD_EXAMPLES=OFF -DARMDYN_BUILD_PYTHON=OFF
        ${cxx:+-DCMAKE_CXX_COMPILER="$cxx"})

# The viewer's sources in a configured build folder.
viewer_sources() { grep -rhoE 'view_page[a-z_]*\.cpp|view_assets\.cpp' "$1/src/CMakeFiles/armdyn_viewer.dir" | sort -u | tr '\n' ' '; }

fail() { echo "FAIL: $*" >&2; exit 1; }

# AUTO (the default) without three.js: configured, the viewer off.
out=$("$cmake" "${common[@]}" -B "$tmp/auto" -DARMDYN_THREE_DIR="$tmp/no-three" 2>&1) || fail "AUTO without three.js did not configure: $out"
grep -q "the viewer is off" <<<"$out" || fail "AUTO without three.js does not say the viewer is off: $out"
[ "$(viewer_sources "$tmp/auto")" = "view_page_unavailable.cpp " ] || fail "AUTO without three.js builds $(viewer_sources "$tmp/auto")"

# ON without three.js: refused.
if out=$("$cmake" "${common[@]}" -B "$tmp/on" -DARMDYN_THREE_DIR="$tmp/no-three" -DARMDYN_WITH_VIEWER=ON 2>&1); then
  fail "ARMDYN_WITH_VIEWER=ON configured without three.js"
fi
grep -q "scripts/install-deps.sh" <<<"$out" || fail "ARMDYN_WITH_VIEWER=ON without three.js does not say what to run: $out"

# OFF with three.js installed: the viewer left out all the same.
"$cmake" "${common[@]}" -B "$tmp/off" -DARMDYN_WITH_VIEWER=OFF >/dev/null 2>&1 || fail "ARMDYN_WITH_VIEWER=OFF did not configure"
[ "$(viewer_sources "$tmp/off")" = "view_page_unavailable.cpp " ] || fail "ARMDYN_WITH_VIEWER=OFF builds $(viewer_sources "$tmp/off")"
echo "viewer optional: OK"
