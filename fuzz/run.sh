#!/usr/bin/env bash
# Runs each libFuzzer target of fuzz/ for a given time (make fuzz FUZZ_SECONDS=N calls it):
#   fuzz/run.sh BUILD_DIR SECONDS TARGET...
# Each target starts from its checked-in corpus fuzz/corpus/<reader>/ (read only) and grows its
# own in BUILD_DIR/corpus/<reader>/. libFuzzer runs in fork mode and keeps going after a crash, so
# that one run collects every finding of its time: the inputs land in BUILD_DIR/findings/<reader>/.
# Prints one line per target (executions, corpus size, findings); exits 1 when there are findings.
# FUZZ_JOBS targets (default: one per CPU) run at a time, each a single libFuzzer worker.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=$1 seconds=$2
shift 2
jobs=${FUZZ_JOBS:-$(nproc)}

# Inputs past these sizes add no new behaviour, only time per execution.
max_len() {
  case $1 in
    urdf | mesh) echo 16384 ;;
    dh_json) echo 8192 ;;
    study) echo 16384 ;;
    *) echo 4096 ;;
  esac
}
dictionary() {
  case $1 in
    urdf) echo fuzz/urdf.dict ;;
    mesh) echo fuzz/mesh.dict ;;
    *_csv) echo fuzz/csv.dict ;;
    *) echo fuzz/json.dict ;;
  esac
}

# run_one TARGET: fuzzes one target; its report goes to $build/logs/<reader>.report, its summary
# line to $build/logs/<reader>.summary, and its status is 1 when it found something.
run_one() {
  local target=$1
  local reader=${target#fuzz_}
  local corpus=$build/corpus/$reader findings=$build/findings/$reader log=$build/logs/$reader.log
  local report=$build/logs/$reader.report
  mkdir -p "$corpus" "$findings" "$(dirname "$log")"
  rm -f "$findings"/*
  : >"$report"
  echo "== $target: ${seconds} s over fuzz/corpus/$reader (log: $log)"
  local rc=0
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
    "$build/fuzz/$target" -max_total_time="$seconds" -max_len="$(max_len "$reader")" -timeout=10 \
    -rss_limit_mb=2048 -dict="$(dictionary "$reader")" -artifact_prefix="$findings/" \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    "$corpus" "fuzz/corpus/$reader" >"$log" 2>&1 || rc=$?
  # Fork mode's progress lines: "#EXECS: cov: C ft: F corp: N exec/s: R oom/timeout/crash: ..."
  local last execs found
  last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -n 1 || true)
  execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$last")
  found=$(find "$findings" -type f | wc -l)
  echo "$target: ${execs:-0} executions in ${seconds} s, corpus $(find "$corpus" -type f | wc -l) inputs, $found findings" \
    >"$build/logs/$reader.summary"
  if ((found > 0)); then
    for f in "$findings"/*; do
      echo "  finding: $f"
      # The first report of the input, as the sanitizer or the target printed it.
      UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
        "$build/fuzz/$target" "$f" 2>&1 | grep -m 3 -E 'ERROR|FINDING|runtime error|terminate|deadly' \
        | sed 's/^/    /' || true
    done >>"$report"
    return 1
  elif ((rc != 0)); then
    { echo "  $target exited with status $rc without a finding; see $log"; tail -n 20 "$log"; } >>"$report"
    return 1
  fi
}

status=0
running=0
for target in "$@"; do
  if ((running >= jobs)); then
    wait -n || status=1
    running=$((running - 1))
  fi
  run_one "$target" &
  running=$((running + 1))
done
while ((running > 0)); do
  wait -n || status=1
  running=$((running - 1))
done
echo "== fuzz summary"
for target in "$@"; do
  reader=${target#fuzz_}
  cat "$build/logs/$reader.summary"
  cat "$build/logs/$reader.report" >&2
done
exit $status
