#!/usr/bin/python3
# contrib/iri-dask/iri-dask on a two-worker Dask LocalCluster on
# loopback: its records are those of one `iri check --json` run, byte for
# byte and in input order, over 100 000 generated lines, in both output
# modes; a worker killed while it checks a block loses and duplicates
# nothing; a missing input, a missing iri, options iri refuses and an
# iri that fails are each told clearly, with iri check's exit statuses.
#
# Usage: test-iri-dask.py IRI-DASK IRI
#        test-iri-dask.py --generate N FILE   (the input, for benchmarks)
#
# Exits 77 (skipped) when this Python cannot import Dask.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import collections
import importlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

LINES = 100_000
# A line of its own, in the middle of the input: the stand-in for iri
# kills its worker the first time it is given the block that holds it.
KILL_MARKER = 'https://kill-the-worker.example/'
KILL_LINE = 60_000

failures = 0


def check(condition, what):
    global failures
    print('%s - %s' % ('ok' if condition else 'not ok', what), flush=True)
    if not condition:
        failures += 1
    return condition


def generate(n, seed=3987):
    """n lines of IRIs, the same ones on every run: mostly ASCII, Hebrew and
    Arabic hosts, paths and queries, and some with findings (a space in a
    host, a bad percent-encoding, a password, a bidi control, invalid
    UTF-8, a NUL), with CR LF and CR-only ends, empty lines, one line over
    iri's 128 KiB limit, and no line end after the last."""
    rng = random.Random(seed)
    words = ['www', 'mail', 'docs', 'api', 'shop', 'news', 'blog', 'cdn']
    hebrew = ['שלום', 'עברית', 'דוגמה', 'בדיקה', 'ספרים']
    arabic = ['مثال', 'عربي', 'اختبار', 'سلام', 'كتب']
    tlds = ['com', 'org', 'example', 'ישראל', 'مصر']
    lines = []
    for i in range(1, n + 1):
        if i == KILL_LINE:
            lines.append(KILL_MARKER.encode())
            continue
        if i == 77_777:
            lines.append(('https://long.example/' + 'א' * 70_000).encode())
            continue
        w = rng.choice(words)
        he = rng.choice(hebrew)
        ar = rng.choice(arabic)
        k = rng.randrange(100)
        if k < 50:
            text = 'https://%s.site%d.%s/%s/%d?q=%d' % (w, i % 997, rng.choice(tlds[:3]), w, i, rng.randrange(10**6))
        elif k < 60:
            text = 'https://%s.%s/%s/%d' % (he, rng.choice(tlds), rng.choice(hebrew), i)
        elif k < 70:
            text = 'https://%s.%s/%s?%s=%d#%s' % (ar, rng.choice(tlds), rng.choice(arabic), ar, i, w)
        elif k < 75:
            text = 'http://ab.%s.example/%s' % (he, ar)
        elif k < 77:
            text = 'http://exa mple%d/' % i
        elif k < 79:
            text = 'http://a/%%zz%d' % i
        elif k < 81:
            text = 'http://user:pass@%s.example/' % w
        elif k < 83:
            text = 'https://%s.example/\u202e%s' % (w, he)
        elif k < 84:
            text = 'https://%s\u200d%s.example/' % (ar, ar)
        elif k < 85:
            text = 'HTTP://%s.EXAMPLE:80/./a/../%%7e%d' % (w.upper(), i)
        elif k < 86:
            text = 'mailto:%s@%s.example' % (w, he)
        else:
            text = 'https://[2001:db8::%x]:%d/%s' % (i, 1024 + i % 1000, w)
        line = text.encode()
        r = rng.randrange(200)
        if r < 3:
            line = line[:len(line) // 2] + b'\xff\xfe' + line[len(line) // 2:]
        elif r < 4:
            line = line[:5] + b'\x00' + line[5:]
        elif r < 8:
            line += b'\r'             # a CR LF end
        elif r < 10:
            line += b'\r' + line      # two lines for iri: a CR alone ends one
        elif r < 12:
            line = b''
        lines.append(line)
    return b'\n'.join(lines)          # no line feed after the last line


def run(argv, **kwargs):
    return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def records(data):
    return [json.loads(line) for line in data.decode('utf-8').splitlines()]


def tally(parsed):
    severities = collections.Counter({'error': 0, 'warning': 0, 'info': 0})
    codes = collections.Counter()
    for record in parsed:
        for d in record.get('diagnostics', []):
            severities[d['severity']] += 1
            codes[d['code']] += 1
    return dict(severities), dict(sorted(codes.items()))


def read_parts(directory):
    names = sorted(os.listdir(directory))
    parts = [n for n in names if re.fullmatch(r'part-\d+\.jsonl', n)]
    data = b''.join(open(os.path.join(directory, n), 'rb').read() for n in parts)
    return data, parts, [n for n in names if n not in parts and n != 'summary.json']


def kill_wrapper(path, iri, marks, output):
    """A stand-in for iri that, the first time it is given the marker line,
    writes part of the records and kills the Dask worker that runs it (its
    parent) with SIGKILL; iri itself every other time.  It notes the
    worker's pid, and how many part files were in output then."""
    with open(path, 'w') as f:
        f.write('''#!/bin/sh
input=$(mktemp)
cat > "$input"
if grep -a -q '%(marker)s' "$input" && mkdir '%(marks)s/killed' 2>/dev/null; then
  '%(iri)s' "$@" < "$input" | head -c 65536
  ls '%(output)s' 2>/dev/null | grep -c '^part-' > '%(marks)s/killed/done'
  echo $PPID > '%(marks)s/killed/pid'
  rm -f "$input"
  kill -KILL $PPID
  exit 0
fi
'%(iri)s' "$@" < "$input"
status=$?
rm -f "$input"
exit $status
''' % {'marker': KILL_MARKER, 'marks': marks, 'iri': iri, 'output': output})
    os.chmod(path, 0o755)


def failing_wrapper(path, iri):
    """A stand-in for iri that answers the probe (no input) like iri, and
    fails with status 3 on any block."""
    with open(path, 'w') as f:
        f.write('''#!/bin/sh
if [ "$(head -c 1 | wc -c)" -eq 0 ]; then
  exec '%s' "$@" < /dev/null
fi
echo 'iri: cannot read “standard input”: Input/output error (simulated)' >&2
exit 3
''' % iri)
    os.chmod(path, 0o755)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == '--generate':
        with open(sys.argv[3], 'wb') as f:
            f.write(generate(int(sys.argv[2])))
        return 0
    if len(sys.argv) != 3:
        print(__doc__ or 'usage: test-iri-dask.py IRI-DASK IRI', file=sys.stderr)
        return 2
    tool, iri = (os.path.abspath(a) for a in sys.argv[1:])

    try:
        importlib.import_module('dask.bag')
        import distributed
    except ImportError as e:
        print('SKIP: Dask cannot be imported by %s (%s); on Debian 12 and 13: '
              'apt-get install python3-dask python3-distributed' % (sys.executable, e))
        return 77

    started = time.monotonic()
    tmp = tempfile.mkdtemp(prefix='test-iri-dask-')
    try:
        return run_tests(distributed, tool, iri, tmp, started)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run_tests(distributed, tool, iri, tmp, started):
    py = [sys.executable, tool]
    big = os.path.join(tmp, 'urls.txt')
    small = os.path.join(tmp, 'small "name".txt')
    empty = os.path.join(tmp, 'empty.txt')
    # A name that iri must escape in JSON: a tab, U+202E RIGHT-TO-LEFT
    # OVERRIDE, Hebrew, and a byte that is not UTF-8.
    weird = os.path.join(tmp, os.fsdecode(b'tab\t\xe2\x80\xae\xd7\xa9\xff.txt'))
    with open(big, 'wb') as f:
        f.write(generate(LINES))
    with open(small, 'wb') as f:
        f.write(b'a\n\nb\r\nc\x85d\x00e\rf\n' + 'https://ab.עברית.example/x\n'.encode())
    open(empty, 'wb').close()
    with open(weird, 'wb') as f:
        f.write(b'http://a/\nhttp://b/\n')
    inputs = [big, empty, small, weird]

    # The reference: one iri process over the same files.
    ref = run([iri, 'check', '--json', '--quiet'] + inputs)
    check(ref.returncode == 1, 'iri check finds errors in the generated lines')
    ref_records = records(ref.stdout)
    big_lines = sum(1 for r in ref_records if r['file'] == big)
    check(big_lines > LINES, 'iri reads %d lines in the %d generated ones (CR alone ends a line)'
          % (big_lines, LINES))
    check([r['line'] for r in ref_records if r['file'] == big] == list(range(1, big_lines + 1)),
          'the reference numbers its lines 1, 2, 3…')
    severities, codes = tally(ref_records)
    check(severities['error'] > 1000 and severities['warning'] > 0 and severities['info'] > 0,
          'the lines have errors, warnings and notes: %s' % severities)
    check('invalid-utf8' in codes and 'line-too-long' in codes and 'nul-character' in codes,
          'and invalid UTF-8, a NUL and a line over the limit')

    # --help runs through the shebang, without Dask.
    h = run([tool, '--help'])
    check(h.returncode == 0 and b'usage: iri-dask' in h.stdout, 'iri-dask --help')
    h = run([tool, 'check', '--help'])
    check(h.returncode == 0 and b'--scheduler' in h.stdout, 'iri-dask check --help')

    # Everything on loopback: dashboard_address=None would still serve the
    # scheduler's HTTP routes on port 8787 of every interface.
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  host='127.0.0.1', dashboard_address='127.0.0.1:0',
                                  scheduler_kwargs={'dashboard': False},
                                  local_directory=os.path.join(tmp, 'dask')) as cluster, \
            distributed.Client(cluster) as client:
        address = cluster.scheduler_address
        print('# cluster at %s, workers %s (%.1f s)' % (address, sorted(client.run(os.getpid).values()),
                                                    time.monotonic() - started), flush=True)
        base = py + ['check', '--scheduler', address, '--iri', iri, '--blocksize', '512K']

        # Records on standard output.
        t = time.monotonic()
        got = run(base + inputs)
        print('# stdout mode: %.1f s' % (time.monotonic() - t))
        check(got.returncode == ref.returncode,
              'stdout mode: exit status %d as iri check\'s (%s)' % (got.returncode, got.stderr.decode()[-300:]))
        check(got.stdout == ref.stdout, 'stdout mode: the records are iri check\'s, byte for byte')
        got_records = records(got.stdout)
        check(got_records == ref_records, 'stdout mode: and parsed, in the same order')
        check(('%d IRIs checked: %d errors, %d warnings, %d notes'
               % (len(ref_records), severities['error'], severities['warning'], severities['info'])).encode()
              in got.stderr, 'stdout mode: the summary on standard error counts them')

        # Part files and a summary.
        out = os.path.join(tmp, 'out')
        got = run(base + ['--output', out] + inputs + ['--', '--fail-on=warning'])
        data, parts, others = read_parts(out)
        check(got.returncode == 1, '--output: exit status 1 with --fail-on=warning')
        check(data == ref.stdout, '--output: the part files, in name order, are iri check\'s records')
        # 4.4 MB in 512 KiB blocks, and a block for each small file.
        check(len(parts) >= 10 and not others, '--output: %d part files and nothing else' % len(parts))
        with open(os.path.join(out, 'summary.json')) as f:
            summary = json.load(f)
        check(summary['lines'] == len(ref_records) and summary['severities'] == severities
              and summary['codes'] == codes and summary['failed_partitions'] == []
              and summary['partitions'] == len(parts) and summary['elapsed_seconds'] > 0,
              '--output: summary.json counts the lines, severities and codes, no failed block')
        check([(f['file'], f['lines']) for f in summary['files']]
              == [(big, big_lines), (empty, 0), (small, len(ref_records) - big_lines - 2),
                  (ref_records[-1]['file'], 2)],
              '--output: and the lines of each file')
        again = run(base + ['--output', out] + inputs)
        check(again.returncode == 2 and b'--force' in again.stderr,
              '--output: an earlier run\'s results are not replaced without --force')

        # A worker killed while it checks a block, once some blocks are
        # done: the scheduler gives the block to a worker again.
        for mode in ('--output', 'stdout'):
            marks = os.path.join(tmp, 'marks' + mode)
            os.mkdir(marks)
            wrapper = os.path.join(tmp, 'iri-kill' + mode)
            out = os.path.join(tmp, 'killed' + mode)
            kill_wrapper(wrapper, iri, marks, out)
            before = set(client.run(os.getpid).values())
            argv = py + ['check', '--scheduler', address, '--iri', wrapper, '--blocksize', '512K']
            if mode == '--output':
                argv += ['--output', out]
            t = time.monotonic()
            got = run(argv + inputs)
            print('# %s, a worker killed: %.1f s' % (mode, time.monotonic() - t))
            killed = os.path.exists(os.path.join(marks, 'killed', 'pid'))
            check(killed and int(open(os.path.join(marks, 'killed', 'pid')).read()) in before,
                  '%s: a worker was killed mid-run' % mode)
            check(got.returncode == 1, '%s: the run still ends with iri check\'s status (%s)'
                  % (mode, got.stderr.decode()[-300:]))
            if mode == '--output':
                done = int(open(os.path.join(marks, 'killed', 'done')).read())
                check(done > 0, '%s: when %d blocks were written' % (mode, done))
                data, parts, others = read_parts(out)
                check(not others, '%s: no temporary file is left' % mode)
            else:
                data = got.stdout
            check(data == ref.stdout, '%s: no record is lost or duplicated, all in order' % mode)
            client.wait_for_workers(2, timeout=60)
            after = set(client.run(os.getpid).values())
            check(len(after) == 2 and after != before, '%s: the nanny started a new worker' % mode)

        # Errors.
        got = run(base + [os.path.join(tmp, 'missing.txt')])
        check(got.returncode == 3 and b'cannot open' in got.stderr and b'missing.txt' in got.stderr,
              'a missing input file: status 3 and its name')
        got = run(py + ['check', '--scheduler', address, '--iri', os.path.join(tmp, 'no-iri'), small])
        check(got.returncode == 3 and b'cannot run iri on worker' in got.stderr,
              'a missing iri: status 3, said per worker (%s)' % got.stderr.decode().strip())
        got = run(base + [small, '--', '--fail-on=bogus'])
        check(got.returncode == 2 and b'refused the options' in got.stderr,
              'options that iri check refuses: status 2, with its message')
        failing = os.path.join(tmp, 'iri-fails')
        failing_wrapper(failing, iri)
        out = os.path.join(tmp, 'failed')
        got = run(py + ['check', '--scheduler', address, '--iri', failing, '--output', out, small])
        with open(os.path.join(out, 'summary.json')) as f:
            summary = json.load(f)
        check(got.returncode == 3 and b'status 3' in got.stderr and b'(simulated)' in got.stderr
              and len(summary['failed_partitions']) == 1,
              'iri failing on a block: status 3, its message, the block in summary.json')

    print('# %.1f s in all' % (time.monotonic() - started))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
