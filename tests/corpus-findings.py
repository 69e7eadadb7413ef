#!/usr/bin/env python3
# Print, line by line, what the analysis finds in the corpus of
# legitimate IRIs (tests/data/corpus/legitimate-iris.txt): every warning
# and error, with the corpus line number, the code and the message, then
# a count per group ("# == … ==" comment lines) and per code.
#
# It runs the built `iri check --json` once over the whole corpus, so it
# takes well under a second; use it while changing the checks:
#
#     tests/corpus-findings.py                  # build/app/cli/iri
#     tests/corpus-findings.py --notes          # notes too
#     tests/corpus-findings.py --iri=PATH FILE  # another tool or corpus
#     tests/corpus-findings.py --display        # the display form too
#
# --display also converts every IRI to a URI (`iri to-uri --host=idna2008`)
# and back (`iri to-iri`, with any --to-iri-option given) and lists the
# lines whose display form is not the IRI itself: a legitimate IRI should
# be shown as it was written (issue #13: the display policy "decodes every
# legitimate one"), and the URI of the display form must be the URI again.
#
# Exit status: 0 when no line gets a warning or an error (nor, with
# --display, a display form that differs), 1 otherwise, 2 on a usage or
# I/O error.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.path.dirname(HERE)


def read_corpus(path):
    """The IRIs of the corpus: (line number, group, IRI) triples."""
    entries = []
    group = "(no group)"
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            line = line.rstrip("\n")
            if line.startswith("# =="):
                group = line.strip("# =").strip()
                continue
            if not line or line.startswith("#"):
                continue
            entries.append((number, group, line))
    return entries


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("corpus", nargs="?",
                        default=os.path.join(HERE, "data", "corpus",
                                             "legitimate-iris.txt"))
    parser.add_argument("--iri", default=os.environ.get(
        "IRI_TOOL", os.path.join(SOURCE_ROOT, "build", "app", "cli", "iri")),
        help="the iri tool to run (default: build/app/cli/iri or $IRI_TOOL)")
    parser.add_argument("--notes", action="store_true",
                        help="list notes (info) as well")
    parser.add_argument("--known-hosts", metavar="FILE",
                        help="pass --known-hosts FILE to iri check")
    parser.add_argument("--display", action="store_true",
                        help="check the display form (to-iri of to-uri) too")
    parser.add_argument("--to-iri-option", action="append", default=[],
                        metavar="OPTION",
                        help="an option for iri to-iri, e.g. --display=strict")
    args = parser.parse_args()

    try:
        entries = read_corpus(args.corpus)
    except OSError as e:
        print(f"corpus-findings: {e}", file=sys.stderr)
        return 2

    command = [args.iri, "check", "--json", "--fail-on=error"]
    if args.known_hosts:
        command.append(f"--known-hosts={args.known_hosts}")
    stdin = "".join(iri + "\n" for _, _, iri in entries)
    try:
        result = subprocess.run(command, input=stdin, capture_output=True,
                                text=True, encoding="utf-8")
    except OSError as e:
        print(f"corpus-findings: cannot run {args.iri}: {e}", file=sys.stderr)
        return 2
    if result.returncode not in (0, 1):
        print(f"corpus-findings: {' '.join(command)} failed:\n{result.stderr}",
              file=sys.stderr)
        return 2

    reports = [json.loads(l) for l in result.stdout.splitlines() if l.strip()]
    if len(reports) != len(entries):
        print(f"corpus-findings: {len(entries)} IRIs but {len(reports)} reports",
              file=sys.stderr)
        return 2

    shown = ("error", "warning", "info") if args.notes else ("error", "warning")
    per_group = collections.OrderedDict()
    per_code = collections.Counter()
    bad_lines = 0
    for (number, group, iri), report in zip(entries, reports):
        counts = per_group.setdefault(group, collections.Counter())
        counts["iris"] += 1
        bad = False
        for d in report["diagnostics"]:
            severity = d["severity"]
            counts[severity] += 1
            if severity in ("error", "warning"):
                bad = True
                per_code[(severity, d["code"])] += 1
            if severity in shown:
                print(f"{number}: {iri}\n    {severity} {d['code']} "
                      f"[{d['component']} {d['start']}-{d['end']}]: {d['message']}")
        if bad:
            bad_lines += 1
            counts["lines"] += 1

    width = max([len("group")] + [len(g) for g in per_group])
    print()
    print(f"{'group':<{width}} {'IRIs':>5} {'lines':>5} {'err':>4} {'warn':>4} {'note':>4}")
    for group, c in per_group.items():
        print(f"{group:<{width}} {c['iris']:>5} {c['lines']:>5} {c['error']:>4} "
              f"{c['warning']:>4} {c['info']:>4}")
    print(f"{len(entries)} IRIs, {bad_lines} with a warning or an error")
    for (severity, code), n in sorted(per_code.items()):
        print(f"  {severity:<8} {code:<36} {n}")
    bad_display = check_display(args, entries) if args.display else 0
    if bad_display < 0:
        return 2
    return 1 if bad_lines or bad_display else 0


def run_lines(command, lines):
    """Run @command on @lines (one per line); its output lines, or None."""
    try:
        result = subprocess.run(command, input="".join(l + "\n" for l in lines),
                                capture_output=True, text=True, encoding="utf-8")
    except OSError as e:
        print(f"corpus-findings: cannot run {command[0]}: {e}", file=sys.stderr)
        return None
    out = result.stdout.split("\n")[:-1]
    if len(out) != len(lines):
        print(f"corpus-findings: {' '.join(command)} failed:\n{result.stderr}",
              file=sys.stderr)
        return None
    return out


def check_display(args, entries):
    """Lines whose display form is not the IRI; -1 on failure."""
    iris = [iri for _, _, iri in entries]
    uris = run_lines([args.iri, "to-uri", "--host=idna2008"], iris)
    if uris is None:
        return -1
    shown = run_lines([args.iri, "to-iri"] + args.to_iri_option, uris)
    if shown is None:
        return -1
    again = run_lines([args.iri, "to-uri", "--host=idna2008"], shown)
    if again is None:
        return -1
    bad = 0
    print()
    for (number, _, iri), uri, display, uri2 in zip(entries, uris, shown, again):
        if display != iri:
            print(f"{number}: {iri}\n    displayed as {display}")
            bad += 1
        if uri2 != uri:
            print(f"{number}: {iri}\n    ROUND TRIP: {uri} -> {display} -> {uri2}")
            bad += 1
    print(f"{len(entries)} IRIs, {bad} displayed otherwise or not round-tripping")
    return bad


if __name__ == "__main__":
    sys.exit(main())
