#!/bin/sh
# bench-filters.sh: the iri filters against their peers, whole process
#
# Usage: tests/bench/bench-filters.sh [BUILD_DIR] [--lines=N] [--runs=N]
#                                      [--hosts=unique|repeat] [--baseline=IRI]
#
# Writes a seeded corpus of N lines (200 000 by default; one IRI in five
# non-ASCII) with `bench --print-lines N --unique-hosts` to a file once,
# so that making it is not timed, then runs each pair of programs on it
# in turn, A B A B … (RUNS times each, 5 by default, after one untimed
# run of each), output to /dev/null:
#
#  - iri to-uri --host=idna2008 against glib-to-uri (tests/bench/peers);
#  - iri to-iri against glib-to-iri, on the URIs of the corpus (made by
#    iri to-uri --host=idna2008, once, untimed);
#  - iri to-uri --host=idna2008 against glib-to-uri again, on a tenth
#    as many lines whose hosts are all in one script, for each of the
#    nine scripts of the corpus (`bench --print-lines N --script NAME`:
#    every host new, with the vowel signs and tone marks of the scripts
#    written with them), since the corpus's mix hides a script that
#    converts slowly;
#  - iri check --json against the same command of another build, given
#    with --baseline=PATH/app/cli/iri (build it in a git worktree);
#  - start-up: iri to-uri against glib-to-uri, and iri check against the
#    baseline, on one line, as a script that runs the tool once per IRI
#    runs it (ten times RUNS runs each).
#
# Every run goes through tests/bench/peers/rusage-run, which forks the
# program itself (no shell or Python in between) and reports its wall
# time, CPU time and peak RSS from wait4().  Prints a Markdown table:
# medians, the spread (min–max) of the runs and of the ratio of each
# alternated pair of runs, the ratio (peer time / our time: above 1 we
# are faster), the CPU times and their ratio, and the peak RSS of each
# program.
#
# --hosts=repeat makes the corpus of the previous benchmarks instead:
# hosts from short lists, which repeat, so that libiri's IDNA cache
# answers for most lines (warm).  The default, unique, gives every line
# a host of its own (cold): the headline figures.
#
# The machine's load moves the wall times: the runs alternate so that
# both programs of a pair see the same load, and the CPU times are
# given too.  A benchmark, not a test: nothing is asserted.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

set -eu

build=build
lines=200000
runs=5
hosts=unique
baseline=

usage () {
  echo "usage: $0 [BUILD_DIR] [--lines=N] [--runs=N] [--hosts=unique|repeat] [--baseline=IRI]" >&2
  exit 2
}

for arg in "$@"; do
  case $arg in
    --lines=*) lines=${arg#--lines=} ;;
    --runs=*) runs=${arg#--runs=} ;;
    --hosts=unique|--hosts=repeat) hosts=${arg#--hosts=} ;;
    --baseline=*) baseline=${arg#--baseline=} ;;
    -*) usage ;;
    *) build=$arg ;;
  esac
done

bench=$build/tests/bench/bench
iri=$build/app/cli/iri
peers=$build/tests/bench/peers
run=$peers/rusage-run

for program in "$bench" "$iri" "$run" "$peers/glib-to-uri" "$peers/glib-to-iri"; do
  if [ ! -x "$program" ]; then
    echo "$0: $program is missing: build first: meson compile -C $build" >&2
    exit 2
  fi
done
if [ -n "$baseline" ] && [ ! -x "$baseline" ]; then
  echo "$0: $baseline is not a program" >&2
  exit 2
fi

export LC_ALL=C.UTF-8

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-filters.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ "$hosts" = unique ]; then
  "$bench" --print-lines "$lines" --unique-hosts > "$tmp/iris"
  corpus="unique hosts (cold)"
else
  "$bench" --print-lines "$lines" > "$tmp/iris"
  corpus="repeated hosts (warm)"
fi
# The URIs for to-iri: those of the IRIs that IDNA2008 converts.
"$iri" to-uri --host=idna2008 < "$tmp/iris" 2> /dev/null | grep -v '^$' > "$tmp/uris" || true

# once FILE COMMAND…: runs COMMAND on FILE, prints rusage-run's line
# (wall, user, system seconds, peak RSS in KiB, exit status).
once () {
  file=$1
  shift
  result=$("$run" --stdin="$file" --stdout=/dev/null --stderr=/dev/null -- "$@")
  status=${result##* }
  # 0 is success, 1 a line that failed or had findings; anything else
  # means the run measured something other than the work.
  if [ "$status" -gt 1 ]; then
    echo "$0: $* exited with $status" >&2
    exit 1
  fi
  echo "$result"
}

# stats FILE: the median, minimum and maximum of the numbers in FILE.
stats () {
  sort -g "$1" | awk '{ v[NR] = $1 }
    END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
          printf "%s %s %s\n", m, v[1], v[NR] }'
}

rows=$tmp/rows
: > "$rows"

# pair LABEL PEER_LABEL FILE CORPUS_LABEL -- OURS… -- PEER…
pair () {
  label=$1
  peer_label=$2
  file=$3
  corpus_label=$4
  shift 5
  ours=
  while [ "$1" != "--" ]; do
    ours="$ours $1"
    shift
  done
  shift
  : > "$tmp/a.wall"; : > "$tmp/b.wall"; : > "$tmp/a.cpu"; : > "$tmp/b.cpu"
  : > "$tmp/a.rss"; : > "$tmp/b.rss"; : > "$tmp/ratio"
  # One untimed run of each: the programs, their libraries and the
  # corpus in the page cache.
  # shellcheck disable=SC2086
  once "$file" $ours > /dev/null
  once "$file" "$@" > /dev/null
  i=0
  while [ "$i" -lt "$runs" ]; do
    # shellcheck disable=SC2086
    a=$(once "$file" $ours)
    b=$(once "$file" "$@")
    echo "$a" | awk '{ print $1 >> "'"$tmp/a.wall"'"; print $2 + $3 >> "'"$tmp/a.cpu"'"; print $4 >> "'"$tmp/a.rss"'" }'
    echo "$b" | awk '{ print $1 >> "'"$tmp/b.wall"'"; print $2 + $3 >> "'"$tmp/b.cpu"'"; print $4 >> "'"$tmp/b.rss"'" }'
    echo "$a $b" | awk '{ print $6 / $1 }' >> "$tmp/ratio"
    i=$((i + 1))
  done
  n=$(wc -l < "$file")
  # shellcheck disable=SC2046  # three numbers each, split on purpose
  set -- $(stats "$tmp/a.wall") $(stats "$tmp/b.wall") $(stats "$tmp/ratio") \
         $(stats "$tmp/a.cpu") $(stats "$tmp/b.cpu") $(stats "$tmp/a.rss") $(stats "$tmp/b.rss")
  # $1–$3 ours, $4–$6 peer, $7–$9 pair ratios, $10 and $13 CPU medians,
  # $18 and $21 the largest peak RSS of each.
  awk -v label="$label" -v peer="$peer_label" -v corpus="$corpus_label" -v n="$n" \
      -v am="$1" -v amin="$2" -v amax="$3" -v bm="$4" -v bmin="$5" -v bmax="$6" \
      -v rmin="$8" -v rmax="$9" -v ac="${10}" -v bc="${13}" -v ar="${18}" -v br="${21}" 'BEGIN {
    printf "| %s | %s | %s | %d | %.3f (%.3f–%.3f) | %.3f (%.3f–%.3f) | **%.2f×** (%.2f–%.2f) | %.3f / %.3f (%.2f×) | %.1f / %.1f |\n",
           label, peer, corpus, n, am, amin, amax, bm, bmin, bmax, bm / am, rmin, rmax, ac, bc, bc / ac, ar / 1024, br / 1024
  }' >> "$rows"
}

pair "\`iri to-uri --host=idna2008\`" "\`glib-to-uri\` (GLib + libidn2)" "$tmp/iris" "IRIs, $corpus" \
  -- "$iri" to-uri --host=idna2008 -- "$peers/glib-to-uri"
pair "\`iri to-iri\`" "\`glib-to-iri\` (GLib)" "$tmp/uris" "their URIs" \
  -- "$iri" to-iri -- "$peers/glib-to-iri"
if [ -n "$baseline" ]; then
  pair "\`iri check --json\`" "the same, baseline build" "$tmp/iris" "IRIs, $corpus" \
    -- "$iri" check --json -- "$baseline" check --json
fi

# One script at a time: every host new, an ASCII path.
for script in arabic hebrew cyrillic greek han kana hangul devanagari thai; do
  "$bench" --print-lines $((lines / 10)) --script "$script" > "$tmp/script"
  pair "\`iri to-uri --host=idna2008\`" "\`glib-to-uri\` (GLib + libidn2)" "$tmp/script" \
    "hosts in $script, unique (cold)" -- "$iri" to-uri --host=idna2008 -- "$peers/glib-to-uri"
done

# Start-up: a script that runs the tool once per IRI waits for this.
# One line, ten times as many runs (each is a few milliseconds).
head -n 1 "$tmp/iris" > "$tmp/one"
all_runs=$runs
runs=$((all_runs * 10))
pair "\`iri to-uri --host=idna2008\`" "\`glib-to-uri\` (GLib + libidn2)" "$tmp/one" "one IRI a process (start-up)" \
  -- "$iri" to-uri --host=idna2008 -- "$peers/glib-to-uri"
if [ -n "$baseline" ]; then
  pair "\`iri check\`" "the same, baseline build" "$tmp/one" "one IRI a process (start-up)" \
    -- "$iri" check -- "$baseline" check
fi
runs=$all_runs

floor=$("$run" -- /bin/true | awk '{ printf "%.1f", $4 / 1024 }')
echo "Whole process, $runs alternated runs of each program (A B A B …) after one untimed run of each, $((runs * 10)) for one IRI"
echo "a process; output to /dev/null."
echo "Seconds are wall time: median (min–max); the ratio is the peer's median over ours (above 1: iri is faster), with the"
echo "min–max of the ratios of each alternated pair. CPU is user + system seconds (medians), and their ratio, which the"
echo "machine's other work moves less. Peak RSS of the measured program itself (wait4(); /bin/true measures $floor MiB"
echo "this way)."
echo
echo "| command | peer | corpus | lines | ours: s (min–max) | peer: s (min–max) | ratio (pairs' min–max) | CPU s ours / peer (ratio) | peak RSS MiB ours / peer |"
echo "|---|---|---|---|---|---|---|---|---|"
cat "$rows"
