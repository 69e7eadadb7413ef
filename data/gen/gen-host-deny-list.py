#!/usr/bin/env python3
# gen-host-deny-list.py: compile data/security/host-deny-list.txt into C
#
# The characters that have no place in a host name (rule
# restricted-host-character) are kept in a data file with a reason and a
# source for each; the library must not read data files at run time
# (DESIGN.md §7), so this script turns the list into a sorted table that
# lib/iri/iri-safety-host-rules.c searches by bisection.
#
# It also checks the list against the Unicode data, so that a wrong
# entry fails the build instead of silently doing nothing:
#   - lines are sorted by code point, without duplicates;
#   - every reason and source is declared by an "@reason"/"@source" line,
#     and every declared one is used;
#   - the name after "#" is the character's name in UnicodeData.txt;
#   - IDNA does not disallow the character (IdnaMappingTable.txt), since a
#     disallowed character never reaches a host label's Unicode form;
#   - a "confusables" source is only claimed when the character's
#     prototype in confusables.txt is ASCII punctuation.
#
# Usage:
#   gen-host-deny-list.py --input host-deny-list.txt --ucd DIR \
#       --security DIR --idna DIR --output-c FILE.c --output-h FILE.h
#
# Only the Python standard library is used, and the output depends on
# nothing but the input files.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import argparse
import os
import re
import sys


class DataError(Exception):
    pass


def read_ranges(path, field):
    """{code point: value of @field} for a semicolon-separated UCD file."""
    out = {}
    with open(path, encoding='utf-8-sig') as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            if not line:
                continue
            fields = [x.strip() for x in line.split(';')]
            first, _, last = fields[0].partition('..')
            for c in range(int(first, 16), int(last or first, 16) + 1):
                out[c] = fields[field]
    return out


def read_names(path):
    names = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            fields = line.split(';')
            names[int(fields[0], 16)] = fields[1]
    return names


def read_list(path):
    reasons, sources, entries = [], {}, []
    tag = re.compile(r'[a-z][a-z0-9-]*')
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if not line.strip() or line.startswith('#'):
                continue
            if line.startswith('@reason ') or line.startswith('@source '):
                kind, name, text = (line.split(None, 2) + [''])[:3]
                if not tag.fullmatch(name) or not text:
                    raise DataError(f'{path}:{n}: malformed {kind} line')
                if kind == '@reason':
                    if name in reasons:
                        raise DataError(f'{path}:{n}: reason {name} declared twice')
                    reasons.append(name)
                else:
                    if name in sources:
                        raise DataError(f'{path}:{n}: source {name} declared twice')
                    sources[name] = text
                continue
            body, sep, name = line.partition('#')
            fields = [x.strip() for x in body.split(';')]
            if not sep or len(fields) != 3:
                raise DataError(f'{path}:{n}: expected "code point ; reason ; source  # name"')
            if not re.fullmatch(r'[0-9A-F]{4,6}', fields[0]):
                raise DataError(f'{path}:{n}: bad code point {fields[0]!r}')
            # The name is followed by an optional remark in parentheses.
            name = name.strip().split(' (', 1)[0]
            entries.append((int(fields[0], 16), fields[1], fields[2], name, n))
    return reasons, sources, entries


def check(path, reasons, sources, entries, names, idna, confusables):
    used_reasons, used_sources = set(), set()
    previous = -1
    for c, reason, source, name, n in entries:
        where = f'{path}:{n}: U+{c:04X}'
        if c <= previous:
            raise DataError(f'{where}: not sorted, or listed twice')
        previous = c
        if reason not in reasons:
            raise DataError(f'{where}: undeclared reason {reason!r}')
        if source not in sources:
            raise DataError(f'{where}: undeclared source {source!r}')
        used_reasons.add(reason)
        used_sources.add(source)
        if names.get(c) != name:
            raise DataError(f'{where}: the name is {names.get(c)!r}, not {name!r}')
        if c < 0x80:
            raise DataError(f'{where}: ASCII is handled by the host syntax, not this list')
        if idna.get(c, 'disallowed').startswith('disallowed'):
            raise DataError(f'{where}: IDNA disallows it, so it never reaches a host label')
        if source == 'confusables':
            proto = confusables.get(c)
            if proto is None or not all(ch < 0x80 and not chr(ch).isalnum() for ch in proto):
                raise DataError(f'{where}: confusables.txt does not map it to ASCII punctuation')
    unused = [r for r in reasons if r not in used_reasons] + \
             [s for s in sources if s not in used_sources]
    if unused:
        raise DataError(f'{path}: declared but unused: {", ".join(unused)}')


def enum_name(reason):
    return 'IRI_HOST_DENY_' + reason.upper().replace('-', '_')


def write_outputs(path_c, path_h, reasons, sources, entries):
    header_name = os.path.basename(path_h)
    with open(path_h, 'w', encoding='utf-8') as h:
        h.write('/* Generated by data/gen/gen-host-deny-list.py from\n'
                ' * data/security/host-deny-list.txt; do not edit. */\n\n'
                '#pragma once\n\n#include <glib.h>\n\n')
        h.write('typedef enum {\n')
        for r in reasons:
            h.write(f'  {enum_name(r)},\n')
        h.write('} IriHostDenyReason;\n\n')
        h.write(f'#define IRI_HOST_DENY_N_REASONS {len(reasons)}\n\n')
        h.write('typedef struct {\n  guint32 c;\n  guint8  reason;   /* IriHostDenyReason */\n'
                '} IriHostDenyEntry;\n\n')
        h.write(f'#define IRI_HOST_DENY_TABLE_LEN {len(entries)}\n')
        h.write('extern const IriHostDenyEntry iri_host_deny_table[IRI_HOST_DENY_TABLE_LEN];\n')
    with open(path_c, 'w', encoding='utf-8') as out:
        out.write('/* Generated by data/gen/gen-host-deny-list.py from\n'
                  ' * data/security/host-deny-list.txt; do not edit.\n *\n * Sources:\n')
        for name, text in sources.items():
            out.write(f' *   {name}: {text}\n')
        out.write(' */\n\n')
        out.write(f'#include "{header_name}"\n\n')
        out.write('const IriHostDenyEntry iri_host_deny_table[IRI_HOST_DENY_TABLE_LEN] = {\n')
        for c, reason, source, name, _ in entries:
            out.write(f'  {{ 0x{c:04X}, {enum_name(reason)} }},  /* {name} ({source}) */\n')
        out.write('};\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--input', required=True)
    parser.add_argument('--ucd', required=True)
    parser.add_argument('--security', required=True)
    parser.add_argument('--idna', required=True)
    parser.add_argument('--output-c', required=True)
    parser.add_argument('--output-h', required=True)
    args = parser.parse_args()

    try:
        reasons, sources, entries = read_list(args.input)
        names = read_names(os.path.join(args.ucd, 'UnicodeData.txt'))
        idna = read_ranges(os.path.join(args.idna, 'IdnaMappingTable.txt'), 1)
        raw = read_ranges(os.path.join(args.security, 'confusables.txt'), 1)
        confusables = {c: [int(x, 16) for x in v.split()] for c, v in raw.items()}
        check(args.input, reasons, sources, entries, names, idna, confusables)
    except (DataError, OSError) as e:
        print(f'gen-host-deny-list.py: {e}', file=sys.stderr)
        return 1
    write_outputs(args.output_c, args.output_h, reasons, sources, entries)
    return 0


if __name__ == '__main__':
    sys.exit(main())
