#!/usr/bin/env python3
# gen-security-tables.py: compile the look-alike and TLD policy data into C
#
# Three rule families of issue 13 need tables that Unicode's data gives
# only indirectly (DESIGN.md §7: nothing is read at run time):
#
# 4. Whole-script confusables in every script.  For each script, the
#    characters whose UTS #39 skeleton (§4) is a string of ASCII letters
#    and digits: a host label written only with such characters of one
#    script reads as an ASCII label.  Computed here for every code point
#    that IDNA allows in a label, so no script is listed by hand.
# 5. TLD awareness: the scripts written natively under each country-code
#    TLD (data/security/script-tlds.txt) and the letters that only a few
#    languages use (data/security/language-letters.txt), both checked
#    against the IANA list of TLDs.
# 8. The extended skeleton for known hosts: non-ASCII Latin letters that
#    pass for an ASCII letter (small capitals, letters with a hook or a
#    bar, from their names in UnicodeData.txt, and the supplement
#    data/security/latin-lookalikes.txt).
#
# Like gen-ucd-tables.py it uses the Python standard library only, and its
# output depends on nothing but its input files: decompositions, case and
# names come from UnicodeData.txt, not from Python's unicodedata module.
#
# Usage:
#   gen-security-tables.py --ucd DIR --security DIR --idna DIR \
#       --tlds tlds-alpha-by-domain.txt --policy DIR \
#       --output-c FILE.c --output-h FILE.h
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import argparse
import os
import re
import sys

MAX_CP = 0x10FFFF


class DataError(Exception):
    pass


def read_lines(path):
    """Yield (line number, fields) for each data line of a UCD-style file:
    the text before '#' split at ';' and stripped."""
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            data = line.split('#', 1)[0].strip()
            if not data:
                continue
            yield n, [field.strip() for field in data.split(';')]


def read_policy_lines(path):
    """Like read_lines(), but only a line that starts with '#' is a
    comment: the source column may hold '#'."""
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            yield n, [field.strip() for field in line.split(';', 2)]


def parse_range(text, path, n):
    m = re.fullmatch(r'([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?', text)
    if m is None:
        raise DataError(f'{path}:{n}: bad code point or range {text!r}')
    first = int(m.group(1), 16)
    last = int(m.group(2), 16) if m.group(2) else first
    if first > last or last > MAX_CP:
        raise DataError(f'{path}:{n}: bad range {text!r}')
    return first, last


# --------------------------------------------------------------------------
# Unicode data


class Ucd:
    def __init__(self, ucd):
        self.name = {}
        self.category = {}
        self.decomposition = {}
        self.lower = {}
        path = os.path.join(ucd, 'UnicodeData.txt')
        for n, f in read_lines(path):
            cp = int(f[0], 16)
            self.name[cp] = f[1]
            self.category[cp] = f[2]
            if f[5] and not f[5].startswith('<'):
                self.decomposition[cp] = [int(x, 16) for x in f[5].split()]
            if f[13]:
                self.lower[cp] = int(f[13], 16)

        self.script = {}
        path = os.path.join(ucd, 'Scripts.txt')
        for n, f in read_lines(path):
            first, last = parse_range(f[0], path, n)
            for cp in range(first, last + 1):
                self.script[cp] = f[1]
        self.scripts = set(self.script.values())

    def nfd(self, cps):
        """Full canonical decomposition (the order of marks does not
        matter to the callers, which either drop marks or refuse them)."""
        out = []
        for cp in cps:
            if cp in self.decomposition:
                out.extend(self.nfd(self.decomposition[cp]))
            else:
                out.append(cp)
        return out

    def is_dropped_mark(self, cp):
        """The marks finish_host_skeleton() in lib/iri drops: nonspacing
        marks of the Inherited script from U+0300 on."""
        return (cp >= 0x300 and self.category.get(cp) == 'Mn' and
                self.script.get(cp) == 'Inherited')


def read_confusables(path):
    result = {}
    for n, f in read_lines(path):
        if len(f) != 3 or f[2] != 'MA':
            raise DataError(f'{path}:{n}: expected "source ; target ; MA"')
        source, _ = parse_range(f[0], path, n)
        result[source] = [parse_range(t, path, n)[0] for t in f[1].split()]
    return result


def read_idna_valid(path):
    """Code points UTS #46 keeps in a label as they are: valid or
    deviation, without the NV8/XV8 marks of characters IDNA2008 refuses."""
    valid = set()
    for n, f in read_lines(path):
        first, last = parse_range(f[0], path, n)
        status = f[1]
        flag = f[3] if len(f) > 3 else ''
        if status in ('valid', 'deviation') and flag not in ('NV8', 'XV8'):
            valid.update(range(first, last + 1))
    return valid


def skeleton(ucd, confusables, cps):
    """The UTS #39 §4 skeleton of a string: NFD, prototypes, NFD."""
    out = []
    for cp in ucd.nfd(cps):
        out.extend(confusables.get(cp, [cp]))
    return ucd.nfd(out)


def is_ascii_alnum(cp):
    return 0x30 <= cp <= 0x39 or 0x61 <= cp <= 0x7A


# --------------------------------------------------------------------------
# Family 4: whole-script confusables


def whole_script_table(ucd, confusables, idna_valid):
    """(code point, script, ASCII reading) for every character IDNA keeps
    in a label, of a script other than Latin, Common and Inherited, whose
    skeleton, lower-cased, is made of ASCII letters and digits only."""
    table = []
    for cp in sorted(idna_valid):
        script = ucd.script.get(cp)
        if cp < 0x80 or script in (None, 'Latin', 'Common', 'Inherited', 'Unknown'):
            continue
        reading = [ucd.lower.get(c, c) for c in skeleton(ucd, confusables, [cp])]
        if reading and all(is_ascii_alnum(c) for c in reading):
            text = ''.join(chr(c) for c in reading)
            if len(text) > 3:
                raise DataError(f'U+{cp:04X}: reading {text!r} longer than 3')
            table.append((cp, script, text))
    return table


# --------------------------------------------------------------------------
# Family 8: the extended skeleton

NAME_WITH = re.compile(r'LATIN (?:SMALL|CAPITAL) LETTER ([A-Z]) WITH [A-Z ]+')
NAME_SMALL_CAPITAL = re.compile(r'LATIN LETTER SMALL CAPITAL ([A-Z])')


def read_supplement(path, ucd):
    result = {}
    for n, f in read_policy_lines(path):
        if len(f) != 3:
            raise DataError(f'{path}:{n}: expected "code point ; letter ; reason"')
        cp, _ = parse_range(f[0], path, n)
        if cp not in ucd.name or cp < 0x80:
            raise DataError(f'{path}:{n}: U+{cp:04X} is ASCII or unassigned')
        if not re.fullmatch(r'[a-z0-9]', f[1]):
            raise DataError(f'{path}:{n}: {f[1]!r} is not one ASCII letter or digit')
        if not f[2]:
            raise DataError(f'{path}:{n}: no reason given')
        result[cp] = f[1]
    return result


def extended_table(ucd, confusables, supplement):
    """(code point, ASCII letter) for the non-ASCII characters that can be
    left in a host skeleton (they have no prototype of their own) and pass
    for an ASCII letter: by their name, for Latin letters without a
    canonical decomposition, or by the supplement."""
    table = {}
    for cp, name in ucd.name.items():
        if cp < 0x80 or cp in confusables or cp in ucd.decomposition:
            continue
        if ucd.script.get(cp) != 'Latin' or not ucd.category.get(cp, '').startswith('L'):
            continue
        m = NAME_SMALL_CAPITAL.fullmatch(name) or NAME_WITH.fullmatch(name)
        if m is None:
            continue
        for form in (cp, ucd.lower.get(cp, cp)):
            if form not in confusables:
                table[form] = m.group(1).lower()
    for cp, letter in supplement.items():
        if cp in confusables:
            raise DataError(f'supplement: U+{cp:04X} has a prototype; '
                            'list its prototype instead')
        for form in (cp, ucd.lower.get(cp, cp)):
            if form not in confusables:
                table[form] = letter
    # The map must land on what the host skeleton of the ASCII letter is:
    # confusables.txt maps "m" to "rn", so "ʍ" must become "rn" too.
    result = []
    for cp, letter in sorted(table.items()):
        text = ''.join(chr(ucd.lower.get(c, c)) for c in skeleton(ucd, confusables, [ord(letter)]))
        if not all(is_ascii_alnum(ord(ch)) for ch in text) or len(text) > 3:
            raise DataError(f'U+{cp:04X}: the skeleton {text!r} of {letter!r} is not short ASCII')
        result.append((cp, text))
    return result


# --------------------------------------------------------------------------
# Family 5: TLDs

def read_iana(path):
    names = set()
    with open(path, encoding='ascii') as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                names.add(line.lower())
    if not names:
        raise DataError(f'{path}: no TLDs')
    return names


def a_label(u_label, path, n):
    try:
        return 'xn--' + u_label.encode('punycode').decode('ascii')
    except UnicodeError as e:
        raise DataError(f'{path}:{n}: cannot encode {u_label!r}: {e}') from None


def read_script_tlds(path, ucd, iana):
    """TLD → sorted scripts, with both forms of an IDN TLD."""
    result = {}
    for n, f in read_policy_lines(path):
        if len(f) != 3 or not f[2]:
            raise DataError(f'{path}:{n}: expected "TLD ; scripts ; source"')
        tld, scripts = f[0], f[1].split()
        if not scripts:
            raise DataError(f'{path}:{n}: no script')
        for s in scripts:
            if s not in ucd.scripts or s in ('Latin', 'Common', 'Inherited'):
                raise DataError(f'{path}:{n}: bad script {s!r}')
        forms = [tld]
        if tld.isascii():
            if tld != tld.lower() or tld not in iana:
                raise DataError(f'{path}:{n}: {tld!r} is not a TLD in the IANA list')
        else:
            ace = a_label(tld, path, n)
            if ace not in iana:
                raise DataError(f'{path}:{n}: {tld} ({ace}) is not in the IANA list')
            own = {ucd.script.get(ord(c)) for c in tld} - {'Common', 'Inherited'}
            if not own <= set(scripts):
                raise DataError(f'{path}:{n}: {tld} is written in {sorted(own)}')
            forms.append(ace)
        for form in forms:
            if form in result:
                raise DataError(f'{path}:{n}: {form} listed twice')
            result[form] = sorted(set(scripts))
    return result


def read_language_letters(path, ucd, iana):
    result = []
    for n, f in read_policy_lines(path):
        parts = [p.strip() for p in f[2].split(';', 1)] if len(f) == 3 else []
        if len(parts) != 2 or not parts[1]:
            raise DataError(f'{path}:{n}: expected "sequence ; TLDs ; languages ; source"')
        sequence = [parse_range(t, path, n)[0] for t in f[0].split()]
        for cp in sequence:
            if cp not in ucd.name:
                raise DataError(f'{path}:{n}: U+{cp:04X} unassigned')
        if all(cp < 0x80 for cp in sequence):
            raise DataError(f'{path}:{n}: an ASCII sequence')
        tlds = f[1].split()
        for tld in tlds:
            if tld not in iana:
                raise DataError(f'{path}:{n}: {tld!r} is not in the IANA list')
        languages = parts[0].split()
        if not tlds or not languages:
            raise DataError(f'{path}:{n}: no TLD or no language')
        result.append((''.join(chr(c) for c in sequence), sorted(tlds), languages))
    return result


# --------------------------------------------------------------------------
# Output


def c_string(text):
    out = ['"']
    for byte in text.encode('utf-8'):
        if 0x20 <= byte < 0x7F and chr(byte) not in '"\\?':
            out.append(chr(byte))
        else:
            out.append(f'\\{byte:03o}')
    out.append('"')
    return ''.join(out)


def glib_script(name):
    return 'G_UNICODE_SCRIPT_' + name.upper()


def generate(args):
    ucd = Ucd(args.ucd)
    confusables = read_confusables(os.path.join(args.security, 'confusables.txt'))
    idna_valid = read_idna_valid(os.path.join(args.idna, 'IdnaMappingTable.txt'))
    # UTS #46 17.0 knows characters that Unicode 15.0 (our other tables,
    # and GLib 2.74) does not: keep only the assigned ones.
    idna_valid &= set(ucd.name)
    iana = read_iana(args.tlds)

    whole = whole_script_table(ucd, confusables, idna_valid)
    supplement = read_supplement(os.path.join(args.policy, 'latin-lookalikes.txt'), ucd)
    extended = extended_table(ucd, confusables, supplement)
    tld_scripts = read_script_tlds(os.path.join(args.policy, 'script-tlds.txt'), ucd, iana)
    letters = read_language_letters(os.path.join(args.policy, 'language-letters.txt'), ucd, iana)

    h = ['/* Generated by data/gen/gen-security-tables.py; do not edit. */',
         '#pragma once', '', '#include <glib.h>', '',
         '/* IriLanguageLetter */', '#include "iri-lookalike-private.h"', '',
         'typedef struct {',
         '  guint32         c;',
         '  GUnicodeScript  script;',
         '  char            reading[4];  /* ASCII, NUL-terminated */',
         '} IriSecWholeScript;', '',
         'typedef struct {',
         '  guint32  c;',
         '  char     skeleton[4];  /* of the ASCII letter: "rn" for "m" */',
         '} IriSecExtended;', '',
         'typedef struct {',
         '  const char  *tld;       /* lower case; an IDN TLD in both forms */',
         '  guint16      first;     /* into iri_sec_tld_script_pool */',
         '  guint16      n;',
         '} IriSecTldScripts;', '',
         f'#define IRI_SEC_N_WHOLE_SCRIPT {len(whole)}',
         'extern const IriSecWholeScript iri_sec_whole_script[IRI_SEC_N_WHOLE_SCRIPT];',
         f'#define IRI_SEC_N_EXTENDED {len(extended)}',
         'extern const IriSecExtended iri_sec_extended[IRI_SEC_N_EXTENDED];']

    c = ['/* Generated by data/gen/gen-security-tables.py; do not edit. */',
         '#include "iri-security-tables.h"', '',
         '/* Sorted by code point: characters whose skeleton reads as ASCII. */',
         'const IriSecWholeScript iri_sec_whole_script[IRI_SEC_N_WHOLE_SCRIPT] = {']
    for cp, script, reading in whole:
        c.append(f'  {{ 0x{cp:04X}, {glib_script(script)}, "{reading}" }},')
    c += ['};', '',
          '/* Sorted by code point: skeleton characters that pass for ASCII. */',
          'const IriSecExtended iri_sec_extended[IRI_SEC_N_EXTENDED] = {']
    for cp, letter in extended:
        c.append(f'  {{ 0x{cp:04X}, "{letter}" }},')
    c += ['};', '']

    pool = []
    entries = []
    for tld in sorted(tld_scripts, key=lambda t: t.encode('utf-8')):
        scripts = tld_scripts[tld]
        entries.append((tld, len(pool), len(scripts)))
        pool.extend(scripts)
    h += [f'#define IRI_SEC_N_TLD_SCRIPT_POOL {len(pool)}',
          'extern const GUnicodeScript iri_sec_tld_script_pool[IRI_SEC_N_TLD_SCRIPT_POOL];',
          f'#define IRI_SEC_N_TLD_SCRIPTS {len(entries)}',
          'extern const IriSecTldScripts iri_sec_tld_scripts[IRI_SEC_N_TLD_SCRIPTS];',
          f'#define IRI_SEC_N_LANGUAGE_LETTERS {len(letters)}',
          'extern const IriLanguageLetter iri_sec_language_letters[IRI_SEC_N_LANGUAGE_LETTERS];']
    c.append('const GUnicodeScript iri_sec_tld_script_pool[IRI_SEC_N_TLD_SCRIPT_POOL] = {')
    for script in pool:
        c.append(f'  {glib_script(script)},')
    c += ['};', '',
          '/* Sorted by the UTF-8 bytes of the TLD (memcmp() order). */',
          'const IriSecTldScripts iri_sec_tld_scripts[IRI_SEC_N_TLD_SCRIPTS] = {']
    for tld, first, count in entries:
        c.append(f'  {{ {c_string(tld)}, {first}, {count} }},')
    c += ['};', '',
          'const IriLanguageLetter iri_sec_language_letters[IRI_SEC_N_LANGUAGE_LETTERS] = {']
    for sequence, tlds, languages in letters:
        c.append(f'  {{ {c_string(sequence)}, " {" ".join(tlds)} ", "{" ".join(languages)}" }},')
    c += ['};', '']

    return '\n'.join(c), '\n'.join(h) + '\n'


def write_text(path, text):
    with open(path, 'w', encoding='utf-8', newline='\n') as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--ucd', required=True)
    parser.add_argument('--security', required=True)
    parser.add_argument('--idna', required=True)
    parser.add_argument('--tlds', required=True)
    parser.add_argument('--policy', required=True)
    parser.add_argument('--output-c', required=True)
    parser.add_argument('--output-h', required=True)
    args = parser.parse_args()
    try:
        c_text, h_text = generate(args)
    except (DataError, OSError) as e:
        print(f'gen-security-tables.py: {e}', file=sys.stderr)
        return 1
    write_text(args.output_c, c_text)
    write_text(args.output_h, h_text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
