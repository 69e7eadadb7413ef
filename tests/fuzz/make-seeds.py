#!/usr/bin/env python3
# make-seeds.py: builds the fuzz targets' seed corpora from tests/data
#
# Usage: make-seeds.py DATA_DIR OUT_DIR [--stamp FILE]
#
# Writes OUT_DIR/<target>/<n> files: the IRIs, URIs and pairs of the
# conformance and example data, so that the fuzzers start from the shapes
# the project is tested on instead of from nothing.  The TSV files escape
# some characters (\\t, \\n, \\uXXXX…); they are unescaped here.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import argparse
import hashlib
import os
import re
import shutil
import sys

SINGLE = ['parse-strict', 'parse-tolerant', 'to-uri', 'to-iri', 'bidi', 'safety',
          'preprocess', 'analysis']
PAIRS = ['resolve', 'compare']
MAX_SEEDS = 2000

ESCAPE = re.compile(r'\\(\\|t|n|r|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})')


def unescape(field):
    def one(m):
        e = m.group(1)
        if e == '\\':
            return '\\'
        if e in 'tnr':
            return {'t': '\t', 'n': '\n', 'r': '\r'}[e]
        return chr(int(e[1:], 16))
    return ESCAPE.sub(one, field)


def tsv_rows(path):
    with open(path, encoding='utf-8') as f:
        header = None
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            fields = [unescape(x) for x in line.split('\t')]
            if header is None:
                header = fields
                continue
            yield dict(zip(header, fields))


# Bidi Notation (RFC 3987bis §4.4): capitals stand for right-to-left letters.
HEBREW = ''.join(chr(0x05D0 + i) for i in range(27))
ARABIC = ''.join(chr(c) for c in range(0x0628, 0x0628 + 26))


def from_notation(text, letters):
    return ''.join(letters[ord(c) - 65] if 'A' <= c <= 'Z' else c for c in text)


def collect(data_dir):
    singles, pairs = [], []

    def add(s):
        if s and len(s) < 4096:
            singles.append(s)

    with open(os.path.join(data_dir, 'corpus', 'legitimate-iris.txt'), encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if line and not line.startswith('#'):
                add(line)

    for row in tsv_rows(os.path.join(data_dir, 'bidi', 'rfc3987bis-examples.tsv')):
        letters = ARABIC if row.get('notation') == 'arabic' else HEBREW
        add(row['logical'])
        add(from_notation(row['logical'], letters))

    resolution = ['oxiri/oxiri-resolve.tsv', 'oxiri/oxiri-resolve-relative-base.tsv',
                  'oxiri/oxiri-invalid-resolutions.tsv', 'oxiri/oxiri-relativize.tsv',
                  'oxiri/oxiri-relativize-fails.tsv', 'iri-string/iri-string-resolve.tsv',
                  'rfc3986-resolution/foursuite-absolutize.tsv',
                  'rfc3986-resolution/foursuite-relativize.tsv',
                  'rfc3986-resolution/rfc3986-5.4-examples.tsv',
                  'rfc3986-resolution/uriparser-addbase-extra.tsv',
                  'rfc3986-resolution/python-rfc3987-extra.tsv']
    for name in resolution:
        for row in tsv_rows(os.path.join(data_dir, name)):
            base = row.get('base')
            other = row.get('reference', row.get('target', row.get('iri')))
            for key in ('base', 'reference', 'target', 'iri', 'expected'):
                if row.get(key):
                    add(row[key])
            if base is not None and other is not None:
                pairs.append(base + '\n' + other)

    for name in ['oxiri/oxiri-valid-absolute-iris.tsv', 'oxiri/oxiri-valid-iri-references.tsv',
                 'oxiri/oxiri-invalid-iri-references.tsv',
                 'rfc3986-resolution/foursuite-uri-references.tsv',
                 'rfc3986-resolution/foursuite-normalization.tsv',
                 'rfc3987-examples/iri-to-uri.tsv', 'rfc3987-examples/uri-to-iri.tsv']:
        for row in tsv_rows(os.path.join(data_dir, name)):
            values = [v for k, v in row.items() if k not in ('id', 'note', 'group', 'section', 'table')]
            for v in values:
                add(v)
            if len(values) >= 2:
                pairs.append(values[0] + '\n' + values[1])

    for row in tsv_rows(os.path.join(data_dir, 'rfc3987-examples', 'comparison-normalization.tsv')):
        add(row['iri_a'])
        add(row['iri_b'])
        pairs.append(row['iri_a'] + '\n' + row['iri_b'])

    # IDNA hosts (UTS #46 conformance data), inside a URL.
    with open(os.path.join(data_dir, 'idna-15.0.0', 'IdnaTestV2.txt'), encoding='utf-8') as f:
        hosts = []
        for line in f:
            line = line.split('#')[0].strip()
            if line:
                hosts.append(unescape(line.split(';')[0].strip()))
    for host in hosts[::max(1, len(hosts) // 600)]:
        add('http://' + host + '/')

    return singles, pairs


def edit_key_seeds(singles):
    esc = '\x1b'
    seeds = [
        'http://example.org/' + esc + '[D' + esc + '[D\x7fx',
        esc + '[200~http://ab.עברית.example/\n' + esc + '[201~',
        esc + '[1;5D' + esc + '[1;5C' + esc + '[H' + esc + '[F' + esc + 'OH' + esc + 'OF',
        esc + esc + '[D' + esc + 'b' + esc + 'f' + '\x17\x15\x0b\x01\x05\x1a\x19',
        esc + '[3~' + esc + '[2~' + esc + '[5~' + esc + '[6~' + esc + '[Z\t\r',
        'שלום' + esc + '[C' + 'مرحبا' + '\x08\x08',
        esc + '[200~' + esc + '[20' + 'x' + esc + '[201~',
        esc + '[' + '9' * 40 + 'm' + esc,
    ]
    seeds = [s.encode('utf-8') for s in seeds]
    seeds.append(b'http://example.org/\xff\xfe\xc3' + b'\x1b[D')
    seeds += [s.encode('utf-8') for s in singles[:200]]
    return seeds


def link_seeds(data_dir, singles):
    # The input column of the UTS #58 detection test (⸠ and ⸡ mark the
    # links), and IRIs inside running text.
    seeds = []
    with open(os.path.join(data_dir, 'uts58', 'LinkDetectionTest.txt'), encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if line and not line.startswith('#'):
                seeds.append(line.replace('\u2e20', '').replace('\u2e21', ''))
    seeds += ['See ' + s + ' and write to me@example.org.' for s in singles[:300]]
    return seeds


def write(out_dir, target, items):
    directory = os.path.join(out_dir, target)
    os.makedirs(directory, exist_ok=True)
    seen = set()
    for item in items:
        data = item if isinstance(item, bytes) else item.encode('utf-8')
        name = hashlib.sha1(data).hexdigest()
        if name in seen:
            continue
        seen.add(name)
        with open(os.path.join(directory, name), 'wb') as f:
            f.write(data)
        if len(seen) >= MAX_SEEDS:
            break


def main():
    parser = argparse.ArgumentParser(description='Build the fuzz seed corpora from tests/data.')
    parser.add_argument('data_dir')
    parser.add_argument('out_dir')
    parser.add_argument('--stamp')
    args = parser.parse_args()

    singles, pairs = collect(args.data_dir)
    if os.path.isdir(args.out_dir):
        shutil.rmtree(args.out_dir)
    for target in SINGLE:
        write(args.out_dir, target, singles)
    for target in PAIRS:
        write(args.out_dir, target, pairs)
    write(args.out_dir, 'edit-keys', edit_key_seeds(singles))
    write(args.out_dir, 'link', link_seeds(args.data_dir, singles))
    if args.stamp:
        with open(args.stamp, 'w') as f:
            f.write('%d single seeds, %d pairs\n' % (len(singles), len(pairs)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
