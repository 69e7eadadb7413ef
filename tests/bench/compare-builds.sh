#!/bin/sh
# compare-builds.sh: the keystroke latency of two builds, alternated
#
# Usage: tests/bench/compare-builds.sh BEFORE_BUILD AFTER_BUILD
#            [--sizes=200,2000] [--samples=N] [--budget=S]
#
# Runs bench-app (the desktop app, insert → the frame that shows it in
# the field, → the frame that shows it everywhere, and → the last frame
# it caused, per page) and bench-entry (the embedded
# entry against GtkEntry) of BEFORE_BUILD and AFTER_BUILD one cell after
# the other — page by page and length by length, before then after — so
# that both see the same load on the machine.  BEFORE_BUILD may be an
# older commit with tests/bench/bench-app.c and bench-entry.c copied in
# (both use only what that commit has: see their headers).  Under a
# display: xvfb-run -a -s '-screen 0 1280x1024x24' tests/bench/compare-builds.sh …
# Prints Markdown; asserts nothing.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

set -eu

if [ $# -lt 2 ]; then
  echo "usage: $0 BEFORE_BUILD AFTER_BUILD [--sizes=…] [--samples=N] [--budget=S]" >&2
  exit 2
fi
before=$1
after=$2
shift 2
sizes=200,2000
samples=15
budget=20
for arg in "$@"; do
  case $arg in
    --sizes=*) sizes=${arg#--sizes=} ;;
    --samples=*) samples=${arg#--samples=} ;;
    --budget=*) budget=${arg#--budget=} ;;
    *) echo "$0: unknown option $arg" >&2; exit 2 ;;
  esac
done
for build in "$before" "$after"; do
  if [ ! -x "$build/tests/bench/bench-app" ] || [ ! -x "$build/tests/bench/bench-entry" ]; then
    echo "$0: $build has no tests/bench/bench-app or bench-entry: build them first" >&2
    exit 2
  fi
done

export LC_ALL=C.UTF-8 GSETTINGS_BACKEND=memory GSK_RENDERER=${GSK_RENDERER:-cairo}

echo "## $(. /etc/os-release && echo "$PRETTY_NAME"), GTK $(pkg-config --modversion gtk4), libadwaita $(pkg-config --modversion libadwaita-1), renderer $GSK_RENDERER"
echo
echo "Before: $before; after: $after; $samples samples a cell at most, $budget s a cell at most."
echo
echo "### The app: insert → first frame, → shown everywhere and → last frame (ms)"
echo
echo "| build | page | characters | first frame, median | p95 | shown, median | p95 | last frame, median | p95 | samples |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for page in ${PAGES:-units characters diagnostics uri compare examples}; do
  for size in $(echo "$sizes" | tr ',' ' '); do
    for build in "$before" "$after"; do
      if [ "$build" = "$before" ]; then printf '| before '; else printf '| after '; fi
      GSETTINGS_SCHEMA_DIR=$build/data "$build/tests/bench/bench-app" --pages="$page" --sizes="$size" \
        --samples="$samples" --budget="$budget" 2>/dev/null | tail -n 1
    done
  done
done
echo
echo "### The embedded entry: insert → frame (ms)"
echo
for size in $(echo "$sizes" | tr ',' ' '); do
  for build in "$before" "$after"; do
    echo "$build:"
    "$build/tests/bench/bench-entry" --samples "$samples" --sizes "$size" --budget "$budget" 2>/dev/null \
      | grep '^|' | grep -v -- '---'
  done
done
