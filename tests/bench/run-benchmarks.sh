#!/bin/sh
# run-benchmarks.sh: the figures of docs/performance.md, as Markdown
#
# Usage: tests/bench/run-benchmarks.sh [BUILD_DIR] [--quick] [--baseline=IRI]
#
# Run it under a display (xvfb-run -a dbus-run-session -- …) to also
# measure the desktop app's start-up time to its first frame, the
# insert → frame latency of IriGtkEntry against GtkEntry (bench-entry),
# and the app's keystroke latency on each page (bench-app;
# tests/bench/type-test.sh checks that typed characters all arrive).
#
# Runs tests/bench/bench (our throughput and ratios against GLib,
# uriparser, libcurl and g_utf8_validate(), measured in the same run on
# the same inputs, cold and warm; the keystroke latency and its growth),
# then iri check on 10^5 and 10^6 generated lines with a host each,
# single-threaded and with --jobs 2, for the peak RSS and the lines per
# second, then tests/bench/bench-filters.sh: the filters against their
# GLib peers as whole processes, and iri check against the build given
# with --baseline=PATH/app/cli/iri.  Prints the machine it ran on first.
# Build with the default buildtype (debugoptimized) or release; a
# sanitizer build measures the sanitizers.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

set -eu

build=build
quick=
baseline=
for arg in "$@"; do
  case $arg in
    --quick) quick=--quick ;;
    --baseline=*) baseline=${arg#--baseline=} ;;
    *) build=$arg ;;
  esac
done
bench=$build/tests/bench/bench
iri=$build/app/cli/iri
run=$build/tests/bench/peers/rusage-run

if [ ! -x "$bench" ] || [ ! -x "$iri" ] || [ ! -x "$run" ]; then
  echo "$0: build first: meson compile -C $build" >&2
  exit 2
fi

export LC_ALL=C.UTF-8

echo "## Machine"
echo
echo "- CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) processors available"
echo "- Memory: $(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
echo "- System: $(. /etc/os-release && echo "$PRETTY_NAME"), Linux $(uname -r)"
python3 - "$build" <<'PY'
import json, os, re, sys
build = sys.argv[1]
with open(os.path.join(build, 'meson-info', 'intro-buildoptions.json')) as f:
    options = {o['name']: o['value'] for o in json.load(f)}
compiler = '?'
with open(os.path.join(build, 'meson-logs', 'meson-log.txt')) as f:
    for line in f:
        m = re.match(r'C compiler for the host machine: (.*)', line)
        if m:
            compiler = m.group(1)
print('- Compiler: %s; buildtype %s, b_sanitize %s' % (compiler, options['buildtype'], options['b_sanitize']))
PY
echo "- Libraries: GLib $(pkg-config --modversion glib-2.0), FriBidi $(pkg-config --modversion fribidi), libidn2 $(pkg-config --modversion libidn2), uriparser $(pkg-config --modversion liburiparser 2>/dev/null || echo '—'), libcurl $(pkg-config --modversion libcurl 2>/dev/null || echo '—')"
echo

echo "## Throughput and latency"
echo
"$bench" $quick
echo

# iri check on generated lines, written to a file first so that making
# them is not timed; wall time, processor time (user + system, all
# threads) and peak RSS of iri check itself, from
# rusage-run (tests/bench/peers), which forks it directly: a Python
# parent's RSS would count as iri's, since Linux keeps the peak across
# exec().
lines_file=$(mktemp "${TMPDIR:-/tmp}/run-benchmarks.XXXXXX")
trap 'rm -f "$lines_file"' EXIT INT TERM

echo "## iri check on generated lines (ASCII-majority corpus, every host unique, JSON Lines out)"
echo
echo "| lines | --jobs | seconds | lines/s | CPU seconds | peak RSS (MiB) |"
echo "|---|---|---|---|---|---|"
if [ "$quick" = "--quick" ]; then
  sizes="100000"
else
  sizes="100000 1000000"
fi
for n in $sizes; do
  "$bench" --print-lines "$n" --unique-hosts > "$lines_file"
  for jobs in 1 2; do
    "$run" --stdin="$lines_file" --stdout=/dev/null --stderr=/dev/null -- \
      "$iri" check --json --quiet --jobs "$jobs" |
      awk -v n="$n" -v jobs="$jobs" '$5 > 1 { print "iri check exited with " $5 > "/dev/stderr"; exit 1 }
        { printf "| %d | %d | %.1f | %.0f | %.1f | %.1f |\n", n, jobs, $1, n / $1, $2 + $3, $4 / 1024 }'
  done
done
rm -f "$lines_file"

# The filters against their GLib peers (and iri check against a
# baseline build), whole process, alternated runs.
echo
echo "## iri filters against their peers, whole process"
echo
if [ "$quick" = "--quick" ]; then
  "$(dirname "$0")/bench-filters.sh" "$build" --lines=200000 --runs=3 ${baseline:+"--baseline=$baseline"}
else
  "$(dirname "$0")/bench-filters.sh" "$build" --lines=200000 --runs=7 ${baseline:+"--baseline=$baseline"}
fi

# The embedded entry: insert → the frame that shows it, against GtkEntry,
# with GTK's cairo renderer and with the default one.
bench_entry=$build/tests/bench/bench-entry
if [ -x "$bench_entry" ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
  if [ "$quick" = "--quick" ]; then
    entry_args="--samples 11 --sizes 200,2000"
  else
    entry_args=""
  fi
  echo
  echo "## IriGtkEntry: insert → frame (cairo renderer)"
  echo
  GSETTINGS_BACKEND=memory GSK_RENDERER=cairo "$bench_entry" $entry_args
  echo
  echo "## IriGtkEntry: insert → frame (default renderer)"
  echo
  GSETTINGS_BACKEND=memory "$bench_entry" $entry_args || echo "(the default renderer did not run)"
fi

# The desktop app: from exec to the first frame drawn (the app prints the
# monotonic time of its first frame with --report-startup).
app=$build/app/gtk/iri-inspector
if [ -x "$app" ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
  echo
  echo "## iri-inspector start-up"
  echo
  # Twice: with GTK's default renderer (under Xvfb there is no GPU, so
  # OpenGL is emulated in software) and with the cairo renderer.
  GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=memory IRI_INSPECTOR_LOCALEDIR=$build/po \
  python3 - "$app" <<'PY'
import os, statistics, subprocess, sys, time
for label, extra in (('default renderer', {}), ('cairo renderer', {'GSK_RENDERER': 'cairo'})):
    env = dict(os.environ, **extra)
    times = []
    for _ in range(9):
        start = time.monotonic()
        out = subprocess.run([sys.argv[1], '--new-window', '--report-startup',
                              'https://ab.עברית.example/שלום?q=1'], capture_output=True, text=True,
                             env=env).stdout
        for line in out.splitlines():
            if line.startswith('first-frame-monotonic-us '):
                times.append((int(line.split()[1]) / 1e6 - start) * 1000)
    if times:
        print('- Exec to first frame, %s: median %.0f ms (min %.0f, max %.0f, %d runs).'
              % (label, statistics.median(times), min(times), max(times), len(times)))
PY
fi

# The desktop app, per page: an inserted character → the frame that
# shows it, and exec → first frame with a 2 000-character IRI
# (bench-app.c; cairo renderer, as under Xvfb GL is emulated).
bench_app=$build/tests/bench/bench-app
if [ -x "$bench_app" ] && [ -x "$app" ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
  echo
  echo "## iri-inspector: keystroke to frame, per page"
  echo
  if [ "$quick" = "--quick" ]; then
    app_args="--sizes=200,2000 --samples=11 --startup-runs=3"
  else
    app_args=""
  fi
  # The start-up peer (a libadwaita window showing the IRI, nothing of
  # ours) runs in turn with the app: the floor the toolkit sets.
  if [ -x "$build/tests/bench/startup-peer" ]; then
    app_args="$app_args --startup-peer=$build/tests/bench/startup-peer"
  fi
  # shellcheck disable=SC2086
  GSETTINGS_SCHEMA_DIR=$build/data GSETTINGS_BACKEND=memory GDK_DEBUG=gl-disable GSK_RENDERER=cairo \
    "$bench_app" --startup "$app" $app_args 2>/dev/null
fi
