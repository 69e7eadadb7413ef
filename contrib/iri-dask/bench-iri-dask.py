#!/usr/bin/python3
# bench-iri-dask.py: the figures of README → Check on a cluster.
#
# Usage: contrib/iri-dask/bench-iri-dask.py IRI [LINES…] [--rounds N]
#
# On LINES generated lines (100000 and 1000000 by default; the test's
# generator, tests/contrib/test-iri-dask.py --generate), times whole
# processes, wall clock: iri check --json with --jobs 1 and 2, and
# iri-dask with two worker processes, as --local 2 (the cluster started
# and stopped by the run) and against a LocalCluster already running
# (as on a real cluster), with the records on standard output and
# with --output.  The variants alternate within each round; the table
# gives the median of the rounds, and the load average before and after.
# It also gives the processor time that each run took, all processes
# together (the command and its children; for --scheduler, the workers'
# time too, and the iri processes they ran), which other load on the
# machine changes much less than the wall time.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
tool = os.path.join(here, 'iri-dask')
generator = os.path.join(here, '..', '..', 'tests', 'contrib', 'test-iri-dask.py')


def processor_seconds():
    """This process's processor time and its reaped children's: on a
    worker, the iri processes it ran."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(argv, client):
    workers = sum(client.run(processor_seconds).values())
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit('%s: status %d: %s' % (' '.join(argv), code, stderr.decode()[-500:]))
    workers = sum(client.run(processor_seconds).values()) - workers
    return elapsed, usage.ru_utime + usage.ru_stime + workers


def main():
    parser = argparse.ArgumentParser(description='Time iri-dask against iri check --jobs.')
    parser.add_argument('iri')
    parser.add_argument('lines', nargs='*', type=int, default=[100_000, 1_000_000])
    parser.add_argument('--rounds', type=int, default=3)
    args = parser.parse_args()
    iri = os.path.abspath(args.iri)

    import distributed

    tmp = tempfile.mkdtemp(prefix='bench-iri-dask-')
    rows = []
    try:
        with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                      host='127.0.0.1', dashboard_address='127.0.0.1:0',
                                      scheduler_kwargs={'dashboard': False},
                                      local_directory=os.path.join(tmp, 'dask')) as cluster, \
                distributed.Client(cluster) as client:
            address = cluster.scheduler_address
            for n in args.lines:
                data = os.path.join(tmp, 'lines-%d.txt' % n)
                subprocess.run([sys.executable, generator, '--generate', str(n), data], check=True)
                out = os.path.join(tmp, 'out')
                dask = [sys.executable, tool, 'check', '--iri', iri, '--quiet']
                variants = [
                    ('`iri check --json --jobs 1`', [iri, 'check', '--json', '--quiet', '--jobs', '1', data]),
                    ('`iri check --json --jobs 2`', [iri, 'check', '--json', '--quiet', '--jobs', '2', data]),
                    ('`iri-dask check --local 2`', dask + ['--local', '2', data]),
                    ('`iri-dask check --scheduler` (2 workers)', dask + ['--scheduler', address, data]),
                    ('`iri-dask check --scheduler --output`', dask + ['--scheduler', address, '--output', out,
                                                                    '--force', data]),
                ]
                times = {name: [] for name, _ in variants}
                cpu = {name: [] for name, _ in variants}
                load = os.getloadavg()[0]
                for _ in range(args.rounds):
                    for name, argv in variants:
                        wall, processor = timed(argv, client)
                        times[name].append(wall)
                        cpu[name].append(processor)
                for name, _ in variants:
                    t = statistics.median(times[name])
                    rows.append((n, name, t, min(times[name]), max(times[name]), statistics.median(cpu[name])))
                print('# %d lines: load average %.1f before, %.1f after' % (n, load, os.getloadavg()[0]),
                      file=sys.stderr)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print('| lines | command | seconds (median) | range | lines/s | processor seconds |')
    print('|---|---|---|---|---|---|')
    for n, name, t, lo, hi, c in rows:
        print('| %s | %s | %.2f | %.2f–%.2f | %s | %.1f |' % (f'{n:,}'.replace(',', ' '), name, t, lo, hi,
                                                          f'{n / t:,.0f}'.replace(',', ' '), c))


if __name__ == '__main__':
    main()
