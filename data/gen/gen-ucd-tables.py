#!/usr/bin/env python3
# gen-ucd-tables.py: compile the vendored Unicode data into C tables
#
# The library must not read Unicode data files at run time (DESIGN.md §7),
# so this script turns the files under data/unicode/ into constant arrays
# that lib/iri/iri-ucd.c looks up.  It uses the Python standard library
# only, and its output depends on nothing but its input files, so two runs
# give byte-identical results.
#
# Usage:
#   gen-ucd-tables.py --ucd DIR --security DIR --uts58 DIR --idna DIR \
#                     --output-c FILE.c --output-h FILE.h
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import argparse
import os
import re
import sys

MAX_CP = 0x10FFFF
N_CP = MAX_CP + 1

# The public API (iri-ucd-private.h) fixes IRI_UCD_NAME_MAX at 128 bytes
# including the terminating NUL; we refuse to generate tables that break it.
NAME_MAX = 128

# Names are cut into blocks of this many; a lookup decodes at most
# NAME_BLOCK - 1 names before the one it wants.  16 keeps that short while
# the per-block offsets stay small (see write_names()).
NAME_BLOCK = 16

# The bit order of IriIdentifierType in iri-ucd-private.h (UTS #39 Table 1
# order).  iri-ucd.c checks with G_STATIC_ASSERT that the two agree.
ID_TYPES = [
    'Not_Character', 'Deprecated', 'Default_Ignorable', 'Not_NFKC',
    'Not_XID', 'Exclusion', 'Obsolete', 'Technical', 'Uncommon_Use',
    'Limited_Use', 'Inclusion', 'Recommended',
]

# The order of IriLinkTerm; Hard comes first because it is the @missing
# value of LinkTerm.txt (UTS #58 property data), so unlisted code points
# are 0.
LINK_TERMS = ['Hard', 'Include', 'Soft', 'Close', 'Open']

# UAX #44 §4.8 (Unicode Standard §4.8, Table 4-8): names derived from the
# code point.  The key is the prefix the name starts with; the value is the
# "kind" stored in the name range table.  Kind 0 means "name taken from the
# word stream".  Hangul syllables are handled apart (Unicode §3.12).
NAME_KIND_LIST = 0
NAME_KIND_HANGUL = 1
ALGORITHMIC_PREFIXES = [
    'CJK UNIFIED IDEOGRAPH-',
    'CJK COMPATIBILITY IDEOGRAPH-',
    'TANGUT IDEOGRAPH-',
    'KHITAN SMALL SCRIPT CHARACTER-',
    'NUSHU CHARACTER-',
]

# UnicodeData.txt "<Label, First>"/"<Label, Last>" pairs: which rule names
# the code points of the range.  None means the code points have no name
# (surrogates and private use).  An unknown label stops the generator, so a
# new kind of range in a later UCD cannot be silently dropped.
RANGE_LABELS = [
    (re.compile(r'^CJK Ideograph( Extension [A-Z])?$'), 'CJK UNIFIED IDEOGRAPH-'),
    (re.compile(r'^Tangut Ideograph( Supplement)?$'), 'TANGUT IDEOGRAPH-'),
    (re.compile(r'^Hangul Syllable$'), 'HANGUL SYLLABLE '),
    (re.compile(r'^(Non )?Private Use High Surrogate$'), None),
    (re.compile(r'^Low Surrogate$'), None),
    (re.compile(r'^(Plane 1[56] )?Private Use$'), None),
]

# UCD long script names map to GUnicodeScript constants by upper-casing
# ("Old_Hungarian" -> G_UNICODE_SCRIPT_OLD_HUNGARIAN).  Exceptions go here.
# For GLib 2.74 and Unicode 15.0 there are none among the scripts that
# Scripts.txt and ScriptExtensions.txt use; the one UCD value GLib lacks,
# Katakana_Or_Hiragana (Hrkt), is assigned to no code point (UAX #24)
# and is refused below should it ever appear.
GLIB_SCRIPT_OVERRIDES = {}
GLIB_SCRIPT_MISSING = {'Katakana_Or_Hiragana'}


class DataError(Exception):
    pass


# --------------------------------------------------------------------------
# Reading UCD-style files


def read_lines(path):
    """Yield (line number, fields) for each data line: the text before '#'
    split at ';' and stripped.  Comment and blank lines are skipped."""
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            data = line.split('#', 1)[0].strip()
            if not data:
                continue
            yield n, [field.strip() for field in data.split(';')]


def parse_range(text, path, n):
    m = re.fullmatch(r'([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?', text)
    if m is None:
        raise DataError(f'{path}:{n}: bad code point or range {text!r}')
    first = int(m.group(1), 16)
    last = int(m.group(2), 16) if m.group(2) else first
    if first > last or last > MAX_CP:
        raise DataError(f'{path}:{n}: bad range {text!r}')
    return first, last


def read_missing(path):
    """The values of the '# @missing: 0000..10FFFF; value' lines."""
    values = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            m = re.match(r'#\s*@missing:\s*0000\.\.10FFFF\s*;\s*(.*?)\s*$', line)
            if m:
                values.append(m.group(1))
    return values


def header_version(path, pattern):
    with open(path, encoding='utf-8') as f:
        for _ in range(12):
            m = re.search(pattern, f.readline())
            if m:
                return m.group(1)
    raise DataError(f'{path}: no version in the file header')


def same_version(paths, pattern):
    versions = {p: header_version(p, pattern) for p in paths}
    found = sorted(set(versions.values()))
    if len(found) != 1:
        raise DataError('data files disagree on their version: ' +
                        ', '.join(f'{os.path.basename(p)}={v}'
                                  for p, v in sorted(versions.items())))
    return found[0]


# --------------------------------------------------------------------------
# Names (UnicodeData.txt, NameAliases.txt, Jamo.txt)


def read_names(ucd):
    """Return (names, ranges): names maps a code point to its explicit
    name; ranges lists (first, last, prefix) for the First/Last pairs whose
    code points have derived names."""
    path = os.path.join(ucd, 'UnicodeData.txt')
    aliases = {}
    alias_path = os.path.join(ucd, 'NameAliases.txt')
    for n, f in read_lines(alias_path):
        if len(f) != 3:
            raise DataError(f'{alias_path}:{n}: expected 3 fields')
        cp, _ = parse_range(f[0], alias_path, n)
        aliases.setdefault(cp, []).append((f[2], f[1]))

    names = {}
    ranges = []
    pending = None
    for n, f in read_lines(path):
        if len(f) != 15:
            raise DataError(f'{path}:{n}: expected 15 fields')
        cp, _ = parse_range(f[0], path, n)
        name = f[1]
        m = re.fullmatch(r'<(.*), (First|Last)>', name)
        if m:
            label, which = m.groups()
            if which == 'First':
                pending = (cp, label)
                continue
            if pending is None or pending[1] != label:
                raise DataError(f'{path}:{n}: Last without First')
            for rx, prefix in RANGE_LABELS:
                if rx.match(label):
                    break
            else:
                raise DataError(f'{path}:{n}: unknown range <{label}>')
            if prefix is not None:
                ranges.append((pending[0], cp, prefix))
            pending = None
            continue
        if name == '<control>':
            # Controls have no Name property (UAX #44 §4.8), so we show
            # their "control" alias, as iri-ucd-private.h promises.
            # U+0080, U+0081 and U+0099 have none, because ISO 6429 never
            # named them; they get their first "figment" alias, the name
            # these C1 controls are commonly shown with.
            cands = aliases.get(cp, [])
            chosen = ([a for t, a in cands if t == 'control'] +
                      [a for t, a in cands if t == 'figment'])
            if not chosen:
                raise DataError(f'{path}:{n}: control U+{cp:04X} has no alias')
            name = chosen[0]
        elif name.startswith('<'):
            raise DataError(f'{path}:{n}: unexpected name {name!r}')
        names[cp] = name
    if pending is not None:
        raise DataError(f'{path}: First without Last at U+{pending[0]:04X}')
    return names, ranges


def read_jamo(ucd):
    """Jamo_Short_Name of the leading consonants, vowels and trailing
    consonants, in the order of Unicode §3.12 (LBase, VBase, TBase + 1)."""
    path = os.path.join(ucd, 'Jamo.txt')
    short = {}
    for n, f in read_lines(path):
        cp, _ = parse_range(f[0], path, n)
        short[cp] = f[1] if len(f) > 1 else ''
    l_names = [short[0x1100 + i] for i in range(19)]
    v_names = [short[0x1161 + i] for i in range(21)]
    t_names = [''] + [short[0x11A8 + i] for i in range(27)]
    return l_names, v_names, t_names


def hangul_name(cp, jamo):
    # Unicode §3.12, "Hangul Syllable Name Generation".
    s_index = cp - 0xAC00
    l_index = s_index // (21 * 28)
    v_index = (s_index % (21 * 28)) // 28
    t_index = s_index % 28
    return ('HANGUL SYLLABLE ' + jamo[0][l_index] + jamo[1][v_index] +
            jamo[2][t_index])


def build_name_ranges(names, ranges):
    """Split the named code points into runs: (first, count, kind, index)
    where kind is NAME_KIND_LIST (index = number of the first name in the
    word stream), NAME_KIND_HANGUL, or 2 + position in
    ALGORITHMIC_PREFIXES."""
    kind_of = {}
    for first, last, prefix in ranges:
        kind = (NAME_KIND_HANGUL if prefix == 'HANGUL SYLLABLE '
                else 2 + ALGORITHMIC_PREFIXES.index(prefix))
        for cp in range(first, last + 1):
            kind_of[cp] = kind
    listed = []
    for cp, name in names.items():
        kind = NAME_KIND_LIST
        # UnicodeData.txt lists Khitan, Nushu and the CJK compatibility
        # ideographs one by one, but their names are the derived ones, so
        # we store the rule instead of the text.
        for i, prefix in enumerate(ALGORITHMIC_PREFIXES):
            if name == f'{prefix}{cp:04X}':
                kind = 2 + i
                break
        if cp in kind_of:
            raise DataError(f'U+{cp:04X} is both listed and in a range')
        kind_of[cp] = kind
        if kind == NAME_KIND_LIST:
            listed.append(cp)
    listed.sort()
    # IriUcdNameRange.index is 16 bits wide.
    if len(listed) > 0xFFFF:
        raise DataError('too many listed names for 16-bit name numbers')
    list_index = {cp: i for i, cp in enumerate(listed)}

    runs = []
    for cp in sorted(kind_of):
        kind = kind_of[cp]
        if runs:
            first, count, rkind, index = runs[-1]
            if (first + count == cp and rkind == kind and count < 0xFFFF and
                    (kind != NAME_KIND_LIST or
                     index + count == list_index[cp])):
                runs[-1] = (first, count + 1, rkind, index)
                continue
        runs.append((cp, 1, kind,
                     list_index[cp] if kind == NAME_KIND_LIST else 0))
    return runs, listed


def encode_names(names, listed):
    """Word-dictionary compression of the listed names.

    Each name is a sequence of words separated by single spaces.  Words are
    numbered; the most frequent ones get one-byte codes, the rest two bytes.
    Within a block of NAME_BLOCK names a name starts with a header byte
    (words shared with the previous name << 4 | new words), which pays off
    because neighbours share prefixes ("LATIN SMALL LETTER …")."""
    split = [names[cp].split(' ') for cp in listed]
    for cp, words in zip(listed, split):
        if '' in words:
            raise DataError(f'U+{cp:04X}: name with double or edge space')

    # Shared prefixes are computed first, so the dictionary only holds
    # words that actually appear in the stream.
    items = []
    prev = []
    for i, words in enumerate(split):
        if i % NAME_BLOCK == 0:
            prev = []
        shared = 0
        while (shared < min(len(words), len(prev), 15) and
               words[shared] == prev[shared]):
            shared += 1
        new = words[shared:]
        if len(new) > 15:
            raise DataError(f'U+{listed[i]:04X}: too many words')
        items.append((shared, new))
        prev = words

    freq = {}
    for _, new in items:
        for w in new:
            freq[w] = freq.get(w, 0) + 1

    # The dictionary is sorted by length, then alphabetically, so the
    # offset of a word follows from its number and a small per-length
    # table; we need no offset per word.
    words = sorted(freq, key=lambda w: (len(w), w))
    if len(words) > 0xFFFF:
        raise DataError('too many distinct words for 16-bit word numbers')
    number = {w: i for i, w in enumerate(words)}
    max_len = max(len(w) for w in words)
    by_len_start = []
    by_len_offset = []
    offset = 0
    index = 0
    for length in range(max_len + 2):
        by_len_start.append(index)
        by_len_offset.append(offset)
        n = sum(1 for w in words if len(w) == length)
        index += n
        offset += n * length

    # Codes: a byte below n_short is a frequent word; otherwise it and the
    # next byte form (byte - n_short) << 8 | next, a word number.
    n_long_lead = (len(words) + 255) // 256
    n_short = 256 - n_long_lead
    if n_short < 1:
        raise DataError('too many distinct words in names')
    frequent = sorted(words, key=lambda w: (-freq[w], w))[:n_short]
    short_code = {w: i for i, w in enumerate(frequent)}

    stream = bytearray()
    block_offsets = []
    for i, (shared, new) in enumerate(items):
        if i % NAME_BLOCK == 0:
            block_offsets.append(len(stream))
        stream.append(shared << 4 | len(new))
        for w in new:
            if w in short_code:
                stream.append(short_code[w])
            else:
                stream.append(n_short + (number[w] >> 8))
                stream.append(number[w] & 0xFF)

    max_words = max(len(w) for w in split)
    return {
        'dict': ''.join(words),
        'n_words': len(words),
        'max_word_len': max_len,
        'by_len_start': by_len_start,
        'by_len_offset': by_len_offset,
        'frequent': [number[w] for w in frequent],
        'n_short': n_short,
        'stream': bytes(stream),
        'block_offsets': block_offsets,
        'max_words': max_words,
    }


# --------------------------------------------------------------------------
# Per-code-point properties


def read_scripts(ucd):
    """Script_Extensions of every code point as a tuple of UCD long script
    names.  UAX #24 and the @missing line of ScriptExtensions.txt: code
    points not listed there have Script_Extensions = {Script}."""
    short_to_long = {}
    pva = os.path.join(ucd, 'PropertyValueAliases.txt')
    for n, f in read_lines(pva):
        if f[0] == 'sc':
            for alias in [f[1]] + f[3:]:
                short_to_long[alias] = f[2]

    path = os.path.join(ucd, 'Scripts.txt')
    missing = read_missing(path)
    if missing != ['Unknown']:
        raise DataError(f'{path}: unexpected @missing {missing!r}')
    sc = ['Unknown'] * N_CP
    for n, f in read_lines(path):
        first, last = parse_range(f[0], path, n)
        if f[1] not in short_to_long.values():
            raise DataError(f'{path}:{n}: unknown script {f[1]!r}')
        sc[first:last + 1] = [f[1]] * (last - first + 1)

    scx = [(s,) for s in sc]
    path = os.path.join(ucd, 'ScriptExtensions.txt')
    for n, f in read_lines(path):
        first, last = parse_range(f[0], path, n)
        try:
            value = tuple(short_to_long[s] for s in f[1].split())
        except KeyError as e:
            raise DataError(f'{path}:{n}: unknown script code {e}') from None
        scx[first:last + 1] = [value] * (last - first + 1)
    return scx


def glib_script(name):
    if name in GLIB_SCRIPT_MISSING:
        raise DataError(f'GLib has no GUnicodeScript for {name}')
    return 'G_UNICODE_SCRIPT_' + GLIB_SCRIPT_OVERRIDES.get(name, name.upper())


def read_binary(path, prop=None):
    """Code points listed in a binary property file (with the property name
    in field 1 when prop is given, or alone as in LinkEmail.txt)."""
    result = bytearray(N_CP)
    for n, f in read_lines(path):
        if prop is not None and (len(f) < 2 or f[1] != prop):
            continue
        if prop is None and len(f) != 1:
            raise DataError(f'{path}:{n}: expected a code point range only')
        first, last = parse_range(f[0], path, n)
        result[first:last + 1] = b'\1' * (last - first + 1)
    return result


def read_enum(path, values, default):
    missing = read_missing(path)
    if missing != [default]:
        raise DataError(f'{path}: @missing is {missing!r}, expected {default}')
    result = [values.index(default)] * N_CP
    for n, f in read_lines(path):
        first, last = parse_range(f[0], path, n)
        if f[1] not in values:
            raise DataError(f'{path}:{n}: unknown value {f[1]!r}')
        result[first:last + 1] = [values.index(f[1])] * (last - first + 1)
    return result


def read_identifier_type(path):
    missing = read_missing(path)
    if missing != ['Not_Character']:
        raise DataError(f'{path}: unexpected @missing {missing!r}')
    result = [1 << ID_TYPES.index('Not_Character')] * N_CP
    for n, f in read_lines(path):
        first, last = parse_range(f[0], path, n)
        bits = 0
        for t in f[1].split():
            if t not in ID_TYPES:
                raise DataError(f'{path}:{n}: unknown type {t!r}')
            bits |= 1 << ID_TYPES.index(t)
        result[first:last + 1] = [bits] * (last - first + 1)
    return result


def read_confusables(path):
    """(source, target string) pairs of confusables.txt (UTS #39 §4)."""
    result = {}
    for n, f in read_lines(path):
        if len(f) != 3 or f[2] != 'MA':
            raise DataError(f'{path}:{n}: expected "source ; target ; MA"')
        source, _ = parse_range(f[0], path, n)
        if ' ' in f[0] or source in result:
            raise DataError(f'{path}:{n}: bad or repeated source')
        target = ''.join(chr(parse_range(t, path, n)[0]) for t in f[1].split())
        if target == chr(source):
            raise DataError(f'{path}:{n}: source maps to itself')
        result[source] = target
    return result


def read_intentional(path):
    pairs = set()
    for n, f in read_lines(path):
        if len(f) != 2:
            raise DataError(f'{path}:{n}: expected two code points')
        a, _ = parse_range(f[0], path, n)
        b, _ = parse_range(f[1], path, n)
        pairs.add((min(a, b), max(a, b)))
    return sorted(pairs)


def read_link_label(path, link_term):
    """The characters that UTS #58 link detection takes as part of a host
    label, from the UTS #46 mapping table (IdnaMappingTable.txt).

    UTS #58 builds its host pattern from the IDNA status of a character:
    valid or mapped, outside Basic Latin, plus the ASCII letters, digits
    and hyphen.  Taken literally that set holds NO-BREAK SPACE (mapped to
    a space), the guillemets and curly quotes (valid, but NV8) and other
    punctuation, so that "see\u00A0example.com" would be linked from
    "see" and "«example.com»" not at all.  We therefore also take the
    deviation characters (ß, ς, ZWNJ, ZWJ, valid in IDNA2008), drop what
    IDNA2008 excludes (NV8, XV8), and keep only characters whose Link_Term
    is Include, so that a host never swallows a character that ends a
    link elsewhere.  This passes every line of LinkDetectionTest.txt."""
    missing = read_missing(path)
    if missing not in ([], ['disallowed']):
        raise DataError(f'{path}: unexpected @missing {missing!r}')
    statuses = {'valid', 'mapped', 'deviation', 'ignored', 'disallowed'}
    include = LINK_TERMS.index('Include')
    result = bytearray(N_CP)
    for n, f in read_lines(path):
        first, last = parse_range(f[0], path, n)
        status = f[1]
        if status not in statuses:
            raise DataError(f'{path}:{n}: unknown status {status!r}')
        idna2008 = f[3] if len(f) > 3 else ''
        if idna2008 not in ('', 'NV8', 'XV8'):
            raise DataError(f'{path}:{n}: unknown IDNA2008 flag {idna2008!r}')
        if status not in ('valid', 'mapped', 'deviation') or idna2008:
            continue
        for cp in range(max(first, 0x80), last + 1):
            if link_term[cp] == include:
                result[cp] = 1
    for cp in range(0x80):
        ch = chr(cp)
        result[cp] = 1 if (ch.isascii() and (ch.isalnum() or ch == '-')) else 0
    return result


def read_uts46_kept(path):
    """The characters that UTS #46 Nontransitional Processing keeps as
    they are and accepts (IdnaMappingTable.txt status valid without an
    IDNA2008 flag, or deviation): §4 step 1 maps none of them, and §4.1
    criterion 6 holds for each.  iri_idna_to_ascii() looks a host made
    only of these up without UTS #46 (see uts46_keeps_name() there);
    NV8 and XV8 characters are left out, since IDNA2008 refuses them
    and only its lookup is made then."""
    result = bytearray(N_CP)
    for n, f in read_lines(path):
        first, last = parse_range(f[0], path, n)
        status = f[1]
        idna2008 = f[3] if len(f) > 3 else ''
        if (status == 'valid' and not idna2008) or status == 'deviation':
            result[first:last + 1] = b'\1' * (last - first + 1)
    return result


def read_link_bracket(path, link_term):
    """Pairs (code point, paired bracket).  LinkBracket.txt maps each Close
    character to its Open character (UTS #58 property data); our API
    promises the pairing for both, so we add the inverse."""
    missing = read_missing(path)
    if missing != ['<none>']:
        raise DataError(f'{path}: unexpected @missing {missing!r}')
    pairs = {}
    for n, f in read_lines(path):
        close, _ = parse_range(f[0], path, n)
        open_, _ = parse_range(f[1], path, n)
        if (LINK_TERMS[link_term[close]] != 'Close' or
                LINK_TERMS[link_term[open_]] != 'Open'):
            raise DataError(f'{path}:{n}: not a Close -> Open pair')
        if close in pairs or open_ in pairs:
            raise DataError(f'{path}:{n}: bracket paired twice')
        pairs[close] = open_
        pairs[open_] = close
    return sorted(pairs.items())


# --------------------------------------------------------------------------
# Three-stage lookup tables


def ctype(max_value):
    if max_value < 1 << 8:
        return 'guint8', 1
    if max_value < 1 << 16:
        return 'guint16', 2
    return 'guint32', 4


def build_trie(values):
    """Compress a per-code-point list into three stages:
        value = stage3[stage2[stage1[c >> (B2 + B3)] << B2 |
                              (c >> B3) & (2^B2 - 1)] << B3 | c & (2^B3 - 1)]
    Identical blocks are shared at both levels.  Code points at or after
    'limit' all have the value 'default', so stage1 stops there.  The block
    sizes are chosen to make the three arrays smallest."""
    default = values[MAX_CP]
    limit = N_CP
    while limit > 0 and values[limit - 1] == default:
        limit -= 1
    best = None
    for b3 in range(2, 9):
        size3 = 1 << b3
        blocks3 = {}
        ids3 = []
        for start in range(0, N_CP, size3):
            block = tuple(values[start:start + size3])
            ids3.append(blocks3.setdefault(block, len(blocks3)))
        for b2 in range(1, 9):
            shift = b2 + b3
            n1 = (limit + (1 << shift) - 1) >> shift
            size2 = 1 << b2
            blocks2 = {}
            ids2 = []
            for start in range(0, n1 * size2, size2):
                block = tuple(ids3[start:start + size2])
                ids2.append(blocks2.setdefault(block, len(blocks2)))
            used3 = max(max(b) for b in blocks2) + 1
            cost = (n1 * ctype(len(blocks2) - 1)[1] +
                    len(blocks2) * size2 * ctype(used3 - 1)[1] +
                    used3 * size3 * ctype(max(values))[1])
            if best is None or cost < best[0]:
                stage3 = [v for b in sorted(blocks3, key=blocks3.get)[:used3]
                          for v in b]
                stage2 = [i for b in blocks2 for i in b]
                best = (cost, b2, b3, ids2, stage2, stage3)
    cost, b2, b3, stage1, stage2, stage3 = best
    # Blocks of stage 3 are numbered in order of first use, and stage 2
    # only refers to blocks below 'limit', so these are all used.
    assert max(stage2) + 1 == len(stage3) >> b3
    return {
        'b2': b2, 'b3': b3, 'limit': limit, 'default': default,
        'stage1': stage1, 'stage2': stage2, 'stage3': stage3, 'bytes': cost,
    }


# --------------------------------------------------------------------------
# C output


def c_array(out, ctype_name, name, values, per_line=12, fmt='{}'):
    out.append(f'const {ctype_name} {name}[{len(values)}] = {{')
    for i in range(0, len(values), per_line):
        chunk = values[i:i + per_line]
        out.append('  ' + ', '.join(fmt.format(v) for v in chunk) + ',')
    out.append('};')
    out.append('')


def c_string_literal(data, width=72):
    """Lines of adjacent C string literals holding the bytes of data.
    Non-printable bytes use three-digit octal escapes, which cannot run into
    a following digit the way \\x escapes can."""
    lines = []
    cur = ''
    for b in data:
        if 0x20 <= b < 0x7F and chr(b) not in '"\\?':
            piece = chr(b)
        else:
            piece = f'\\{b:03o}'
        if len(cur) + len(piece) > width:
            lines.append(f'  "{cur}"')
            cur = ''
        cur += piece
    lines.append(f'  "{cur}"')
    return lines


def trie_c(out_c, out_h, prefix, macro, trie, value_type):
    t1, _ = ctype(max(trie['stage1']))
    t2, _ = ctype(max(trie['stage2']))
    out_h.append(f'#define {macro}_BITS_2 {trie["b2"]}')
    out_h.append(f'#define {macro}_BITS_3 {trie["b3"]}')
    out_h.append(f'#define {macro}_LIMIT 0x{trie["limit"]:X}')
    out_h.append(f'#define {macro}_DEFAULT {trie["default"]}')
    out_h.append(f'extern const {t1} {prefix}_stage1[{len(trie["stage1"])}];')
    out_h.append(f'extern const {t2} {prefix}_stage2[{len(trie["stage2"])}];')
    out_h.append(f'extern const {value_type} {prefix}_stage3'
                 f'[{len(trie["stage3"])}];')
    out_h.append('')
    c_array(out_c, t1, f'{prefix}_stage1', trie['stage1'], 16)
    c_array(out_c, t2, f'{prefix}_stage2', trie['stage2'], 16)
    fmt = '0x{:08x}' if value_type == 'guint32' else '{}'
    c_array(out_c, value_type, f'{prefix}_stage3', trie['stage3'], 8, fmt)


def generate(args):
    ucd, sec, uts58, idna = args.ucd, args.security, args.uts58, args.idna

    ucd_version = same_version(
        [os.path.join(ucd, f) for f in
         ('Scripts.txt', 'ScriptExtensions.txt', 'DerivedCoreProperties.txt',
          'PropertyValueAliases.txt', 'NameAliases.txt', 'Jamo.txt')],
        r'^# \w+-(\d+\.\d+\.\d+)\.txt')
    security_version = same_version(
        [os.path.join(sec, f) for f in
         ('confusables.txt', 'intentional.txt', 'IdentifierStatus.txt',
          'IdentifierType.txt')],
        r'^# Version: (\d+\.\d+\.\d+)')
    link_version = header_version(os.path.join(uts58, 'ReadMe.txt'),
                                  r'for version (\d+\.\d+\.\d+)')
    # The host characters of link detection come from the UTS #46 data of
    # the same Unicode version as the UTS #58 data.
    idna_version = header_version(os.path.join(idna, 'IdnaMappingTable.txt'),
                                  r'^# Version: (\d+\.\d+\.\d+)')
    if idna_version != link_version:
        raise DataError(f'IdnaMappingTable.txt is {idna_version} but the '
                        f'UTS #58 data is {link_version}')

    # Names.
    names, ranges = read_names(ucd)
    jamo = read_jamo(ucd)
    runs, listed = build_name_ranges(names, ranges)
    enc = encode_names(names, listed)
    longest = max(len(n) for n in names.values())
    for first, last, prefix in ranges:
        if prefix == 'HANGUL SYLLABLE ':
            longest = max(longest, max(len(hangul_name(cp, jamo))
                                       for cp in range(first, last + 1)))
        else:
            longest = max(longest, len(f'{prefix}{last:04X}'))
    if longest >= NAME_MAX:
        raise DataError(f'a name of {longest} bytes exceeds IRI_UCD_NAME_MAX')

    # Properties packed into one 32-bit record per code point.
    scx = read_scripts(ucd)
    default_ignorable = read_binary(
        os.path.join(ucd, 'DerivedCoreProperties.txt'),
        'Default_Ignorable_Code_Point')
    allowed = bytearray(N_CP)
    path = os.path.join(sec, 'IdentifierStatus.txt')
    if read_missing(path) != ['Restricted']:
        raise DataError(f'{path}: unexpected @missing')
    for n, f in read_lines(path):
        if f[1] != 'Allowed':
            raise DataError(f'{path}:{n}: unexpected status {f[1]!r}')
        first, last = parse_range(f[0], path, n)
        allowed[first:last + 1] = b'\1' * (last - first + 1)
    id_type = read_identifier_type(os.path.join(sec, 'IdentifierType.txt'))
    link_term = read_enum(os.path.join(uts58, 'LinkTerm.txt'), LINK_TERMS,
                          'Hard')
    link_email = read_binary(os.path.join(uts58, 'LinkEmail.txt'))
    link_label = read_link_label(os.path.join(idna, 'IdnaMappingTable.txt'),
                                 link_term)
    uts46_kept = read_uts46_kept(os.path.join(idna, 'IdnaMappingTable.txt'))

    # Script_Extensions sets live in one pool: a count, then that many
    # GUnicodeScript values.  Records store the offset of their set.
    scripts_used = sorted({s for v in set(scx) for s in v})
    pool = []
    set_offset = {}
    for value in sorted(set(scx)):
        set_offset[value] = len(pool)
        pool.append(str(len(value)))
        pool.extend(glib_script(s) for s in value)

    record_shift_scx = 20
    if len(pool) >= 1 << (32 - record_shift_scx):
        raise DataError('Script_Extensions pool too large for the record')
    records = []
    for cp in range(N_CP):
        records.append(id_type[cp] |
                       link_term[cp] << 12 |
                       link_email[cp] << 15 |
                       default_ignorable[cp] << 16 |
                       allowed[cp] << 17 |
                       link_label[cp] << 18 |
                       uts46_kept[cp] << 19 |
                       set_offset[scx[cp]] << record_shift_scx)
    # Only a few hundred distinct records exist, so the trie maps code
    # points to a record number, which keeps its leaves 16 bits wide.
    distinct = sorted(set(records))
    record_number = {r: i for i, r in enumerate(distinct)}
    props = build_trie([record_number[r] for r in records])

    # Confusables: a pool of NUL-terminated UTF-8 targets that starts with
    # an empty string, so that offset 0 means "no mapping".  Identical
    # targets are stored once.
    confusables = read_confusables(os.path.join(sec, 'confusables.txt'))
    conf_pool = bytearray(b'\0')
    target_offset = {}
    for target in sorted(set(confusables.values())):
        target_offset[target] = len(conf_pool)
        conf_pool += target.encode('utf-8') + b'\0'
    conf_values = [0] * N_CP
    for source, target in confusables.items():
        conf_values[source] = target_offset[target]
    conf = build_trie(conf_values)

    intentional = read_intentional(os.path.join(sec, 'intentional.txt'))
    brackets = read_link_bracket(os.path.join(uts58, 'LinkBracket.txt'),
                                 link_term)

    # ------------------------------------------------------------------
    # Arrays of characters rather than of pointers: no relocations.
    prefix_width = max(len(p) for p in ALGORITHMIC_PREFIXES) + 1
    h = [
        '/* iri-ucd-tables.h: generated by data/gen/gen-ucd-tables.py.',
        ' * Do not edit; change the generator or the data under data/unicode/.',
        ' *',
        f' * Unicode {ucd_version} (UCD), UTS #39 data {security_version},'
        f' UTS #58 data {link_version}.',
        ' * Unicode data: Copyright © Unicode, Inc., Unicode License v3',
        ' * (data/unicode/LICENSE-Unicode-v3.txt).',
        ' */',
        '',
        '#pragma once',
        '',
        '#include <glib.h>',
        '',
        'G_BEGIN_DECLS',
        '',
        f'#define IRI_UCD_TABLES_UCD_VERSION "{ucd_version}"',
        f'#define IRI_UCD_TABLES_SECURITY_VERSION "{security_version}"',
        f'#define IRI_UCD_TABLES_LINK_VERSION "{link_version}"',
        '',
        '/* Names.  A name range covers consecutive code points: bits 0-20 of',
        ' * start_kind are the first code point, bits 24-31 the kind.  For',
        ' * IRI_UCD_NAME_KIND_LIST, index is the number of the first name in',
        ' * the word stream. */',
        f'#define IRI_UCD_NAME_KIND_LIST {NAME_KIND_LIST}',
        f'#define IRI_UCD_NAME_KIND_HANGUL {NAME_KIND_HANGUL}',
        '#define IRI_UCD_NAME_KIND_PREFIX_FIRST 2',
        f'#define IRI_UCD_NAME_LEN_MAX {longest}',
        f'#define IRI_UCD_NAME_WORDS_MAX {enc["max_words"]}',
        f'#define IRI_UCD_NAME_BLOCK {NAME_BLOCK}',
        f'#define IRI_UCD_NAME_N_SHORT {enc["n_short"]}',
        f'#define IRI_UCD_NAME_WORD_LEN_MAX {enc["max_word_len"]}',
        '',
        'typedef struct {',
        '  guint32 start_kind;',
        '  guint16 count_minus_one;',
        '  guint16 index;',
        '} IriUcdNameRange;',
        '',
        f'extern const IriUcdNameRange iri_ucd_name_ranges[{len(runs)}];',
        f'extern const char iri_ucd_name_prefixes'
        f'[{len(ALGORITHMIC_PREFIXES)}][{prefix_width}];',
        f'extern const char iri_ucd_jamo_l[19][{max(map(len, jamo[0])) + 1}];',
        f'extern const char iri_ucd_jamo_v[21][{max(map(len, jamo[1])) + 1}];',
        f'extern const char iri_ucd_jamo_t[28][{max(map(len, jamo[2])) + 1}];',
        f'extern const char iri_ucd_name_words[{len(enc["dict"]) + 1}];',
        f'extern const guint16 iri_ucd_name_words_by_len_start'
        f'[{len(enc["by_len_start"])}];',
        f'extern const guint32 iri_ucd_name_words_by_len_offset'
        f'[{len(enc["by_len_offset"])}];',
        f'extern const guint16 iri_ucd_name_frequent[{enc["n_short"]}];',
        f'extern const guint8 iri_ucd_name_stream[{len(enc["stream"]) + 1}];',
        f'extern const guint32 iri_ucd_name_block_offsets'
        f'[{len(enc["block_offsets"])}];',
        '',
        '/* Per-code-point properties, packed into a guint32 record. */',
        '#define IRI_UCD_PROP_ID_TYPE_MASK 0xFFFu',
    ]
    for i, t in enumerate(ID_TYPES):
        h.append(f'#define IRI_UCD_PROP_ID_TYPE_{t.upper()} (1u << {i})')
    for i, t in enumerate(LINK_TERMS):
        h.append(f'#define IRI_UCD_PROP_LINK_TERM_{t.upper()} {i}')
    h += [
        '#define IRI_UCD_PROP_LINK_TERM_SHIFT 12',
        '#define IRI_UCD_PROP_LINK_TERM_MASK 0x7u',
        '#define IRI_UCD_PROP_LINK_EMAIL (1u << 15)',
        '#define IRI_UCD_PROP_DEFAULT_IGNORABLE (1u << 16)',
        '#define IRI_UCD_PROP_ID_ALLOWED (1u << 17)',
        '#define IRI_UCD_PROP_LINK_LABEL (1u << 18)',
        '#define IRI_UCD_PROP_UTS46_KEPT (1u << 19)',
        f'#define IRI_UCD_PROP_SCX_SHIFT {record_shift_scx}',
        '',
        '/* Script_Extensions sets: at an offset, a count, then that many',
        ' * GUnicodeScript values. */',
        f'extern const guint8 iri_ucd_scx_pool[{len(pool)}];',
        '',
    ]
    c = [
        '/* iri-ucd-tables.c: generated by data/gen/gen-ucd-tables.py.',
        ' * Do not edit; change the generator or the data under data/unicode/.',
        ' *',
        ' * Unicode data: Copyright © Unicode, Inc., Unicode License v3',
        ' * (data/unicode/LICENSE-Unicode-v3.txt).',
        ' */',
        '',
        '#include "iri-ucd-tables.h"',
        '',
    ]

    # Name tables.
    c.append(f'const IriUcdNameRange iri_ucd_name_ranges[{len(runs)}] = {{')
    for first, count, kind, index in runs:
        c.append(f'  {{ 0x{kind << 24 | first:08x}, {count - 1}, {index} }},')
    c += ['};', '']
    c.append(f'const char iri_ucd_name_prefixes'
             f'[{len(ALGORITHMIC_PREFIXES)}][{prefix_width}] = {{')
    c += [f'  "{p}",' for p in ALGORITHMIC_PREFIXES]
    c += ['};', '']
    for part, names_list in zip('lvt', jamo):
        width = max(map(len, names_list)) + 1
        c.append(f'const char iri_ucd_jamo_{part}[{len(names_list)}][{width}] = {{')
        for i in range(0, len(names_list), 10):
            c.append('  ' + ' '.join(f'"{j}",' for j in names_list[i:i + 10]))
        c += ['};', '']
    c.append(f'const char iri_ucd_name_words[{len(enc["dict"]) + 1}] =')
    c += c_string_literal(enc['dict'].encode('ascii'))
    c[-1] += ';'
    c.append('')
    c_array(c, 'guint16', 'iri_ucd_name_words_by_len_start',
            enc['by_len_start'])
    c_array(c, 'guint32', 'iri_ucd_name_words_by_len_offset',
            enc['by_len_offset'])
    c_array(c, 'guint16', 'iri_ucd_name_frequent', enc['frequent'])
    # One zero byte more than needed, so the array is never empty.
    c_array(c, 'guint8', 'iri_ucd_name_stream', list(enc['stream']) + [0],
            16, '0x{:02x}')
    c_array(c, 'guint32', 'iri_ucd_name_block_offsets', enc['block_offsets'])

    # Properties.
    for s in scripts_used:
        c.append(f'G_STATIC_ASSERT ({glib_script(s)} < 256);')
    c.append('')
    c.append(f'const guint8 iri_ucd_scx_pool[{len(pool)}] = {{')
    for value in sorted(set(scx)):
        off = set_offset[value]
        c.append(f'  /* {off} */ ' + ', '.join(pool[off:off + 1 + len(value)])
                 + ',')
    c += ['};', '']
    h.append('/* The props trie gives an index into iri_ucd_props_records. */')
    h.append(f'extern const guint32 iri_ucd_props_records[{len(distinct)}];')
    c_array(c, 'guint32', 'iri_ucd_props_records', distinct, 6, '0x{:08x}')
    trie_c(c, h, 'iri_ucd_props', 'IRI_UCD_PROPS', props,
           ctype(len(distinct) - 1)[0])

    h.append('/* Confusables: the trie gives an offset into the pool of '
             'NUL-terminated')
    h.append(' * UTF-8 prototypes; 0 (an empty string) means none. */')
    conf_type = ctype(max(conf_values))[0]
    trie_c(c, h, 'iri_ucd_confusable', 'IRI_UCD_CONFUSABLE', conf, conf_type)
    h.append(f'extern const char iri_ucd_confusable_pool[{len(conf_pool)}];')
    h.append('')
    c.append('/* The last NUL of the pool is the one the literal adds. */')
    c.append(f'const char iri_ucd_confusable_pool[{len(conf_pool)}] =')
    c += c_string_literal(bytes(conf_pool[:-1]))
    c[-1] += ';'
    c.append('')

    h.append('/* intentional.txt pairs, lower code point first, sorted. */')
    h.append(f'extern const guint32 iri_ucd_intentional[{len(intentional)}][2];')
    h.append('')
    c.append(f'const guint32 iri_ucd_intentional[{len(intentional)}][2] = {{')
    c += [f'  {{ 0x{a:04X}, 0x{b:04X} }},' for a, b in intentional]
    c += ['};', '']

    h.append('/* Link_Bracket, both directions, sorted by the first column. */')
    h.append(f'extern const guint32 iri_ucd_link_bracket[{len(brackets)}][2];')
    h.append('')
    c.append(f'const guint32 iri_ucd_link_bracket[{len(brackets)}][2] = {{')
    c += [f'  {{ 0x{a:04X}, 0x{b:04X} }},' for a, b in brackets]
    c += ['};', '']

    h += ['G_END_DECLS', '']

    stats = (f'names: {len(listed)} listed, {enc["n_words"]} words, '
             f'{len(enc["dict"])} dict bytes, {len(enc["stream"])} stream '
             f'bytes, {len(runs)} ranges; {len(distinct)} property records, '
             f'props trie {props["bytes"]} bytes '
             f'(B2={props["b2"]} B3={props["b3"]}); confusables trie '
             f'{conf["bytes"]} bytes + pool {len(conf_pool)}; '
             f'{len(pool)} scx pool bytes')
    return '\n'.join(c), '\n'.join(h), stats


def write_text(path, text):
    with open(path, 'w', encoding='utf-8', newline='\n') as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(
        description='Compile the vendored Unicode data into C tables.')
    parser.add_argument('--ucd', required=True)
    parser.add_argument('--security', required=True)
    parser.add_argument('--uts58', required=True)
    parser.add_argument('--idna', required=True)
    parser.add_argument('--output-c', required=True)
    parser.add_argument('--output-h', required=True)
    parser.add_argument('--verbose', action='store_true')
    args = parser.parse_args()
    try:
        c_text, h_text, stats = generate(args)
    except (DataError, OSError) as e:
        print(f'gen-ucd-tables.py: {e}', file=sys.stderr)
        return 1
    write_text(args.output_c, c_text)
    write_text(args.output_h, h_text)
    if args.verbose:
        print(stats)
    return 0


if __name__ == '__main__':
    sys.exit(main())
