#!/bin/bash
# run-fuzzers.sh: runs the libFuzzer targets of a -Dfuzzing=true build
#
# Usage: tests/fuzz/run-fuzzers.sh BUILD_DIR SECONDS [TARGET…]
#
# Each target fuzzes for SECONDS, starting from its seed corpus (built
# from tests/data) and its regression inputs, with the sanitizers the
# build was configured with.  JOBS targets run at once (default: the
# number of processors).  Prints one line per target (executions,
# coverage, corpus size) and exits non-zero if any target found a crash,
# a leak, a timeout or a broken invariant; the input is then in
# BUILD_DIR/tests/fuzz/artifacts/TARGET/ — copy it to
# tests/fuzz/regressions/TARGET/ once the bug is fixed.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR SECONDS [TARGET…]" >&2
  exit 2
fi

build=$(cd "$1" && pwd)
seconds=$2
shift 2
source_dir=$(cd "$(dirname "$0")" && pwd)
fuzz_dir=$build/tests/fuzz
jobs=${JOBS:-$(nproc)}

if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for exe in "$fuzz_dir"/fuzz-*; do
    [ -x "$exe" ] && [ -f "$exe" ] && targets+=("${exe##*/fuzz-}")
  done
fi
if [ ${#targets[@]} -eq 0 ]; then
  echo "$0: no fuzz targets in $fuzz_dir (configure with -Dfuzzing=true and build them)" >&2
  exit 2
fi
if [ ! -d "$fuzz_dir/seeds" ]; then
  python3 "$source_dir/make-seeds.py" "$source_dir/../data" "$fuzz_dir/seeds" || exit 2
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$source_dir/../lsan.supp}
export LC_ALL=C.UTF-8

run_one () {
  local target=$1
  local corpus=$fuzz_dir/corpus/$target
  local artifacts=$fuzz_dir/artifacts/$target
  local log=$fuzz_dir/logs/$target.log

  local regressions=

  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  if [ -d "$source_dir/regressions/$target" ]; then
    regressions=$source_dir/regressions/$target
  fi
  # shellcheck disable=SC2086
  "$fuzz_dir/fuzz-$target" \
    -max_total_time="$seconds" -max_len=4096 -timeout=20 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" \
    "$corpus" "$fuzz_dir/seeds/$target" $regressions \
    >"$log" 2>&1
  echo $? >"$log.status"
}

running=0
for target in "${targets[@]}"; do
  if [ ! -x "$fuzz_dir/fuzz-$target" ]; then
    echo "$0: no target fuzz-$target in $fuzz_dir" >&2
    exit 2
  fi
  run_one "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

failed=0
printf '| target | executions | exec/s | coverage (edges) | features | corpus | result |\n'
printf '|---|---|---|---|---|---|---|\n'
for target in "${targets[@]}"; do
  log=$fuzz_dir/logs/$target.log
  status=$(cat "$log.status" 2>/dev/null || echo 1)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  corpus=$(find "$fuzz_dir/corpus/$target" -type f | wc -l)
  if [ "$status" = 0 ]; then
    result=ok
  else
    result="FINDING (exit $status, see $log)"
    failed=1
  fi
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$target" "${runs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "$corpus" "$result"
done

if [ "$failed" != 0 ]; then
  for target in "${targets[@]}"; do
    if [ "$(cat "$fuzz_dir/logs/$target.log.status")" != 0 ]; then
      echo
      echo "== $target =="
      grep -E 'ERROR|invariant failed|SUMMARY|artifact|Test unit written' "$fuzz_dir/logs/$target.log" | head -20
    fi
  done
fi
exit "$failed"
