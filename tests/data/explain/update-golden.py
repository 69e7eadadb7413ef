#!/usr/bin/env python3
# update-golden.py: regenerates rfc3987bis-examples.tsv of this directory
#
# Usage: tests/data/explain/update-golden.py BUILD_DIR
#
# Runs `iri explain --json` on RFC 3987bis §4.4 Examples 1-11
# (tests/data/bidi/rfc3987bis-examples.tsv) written three ways: in Bidi
# Notation (capitals, --notation=hebrew), with the capitals replaced by
# Hebrew letters, and by Arabic letters (the mapping of
# iri_notation_to_rtl(): A-Z to U+05D0-U+05E9, or to 26 Arabic letters
# of class AL).  The output is a golden file: review the difference
# before committing it (tests/cli/test-cli.c checks, independently, that
# each display is the draft's).
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
tool = os.path.join(sys.argv[1], 'app', 'cli', 'iri')
arabic = [0x0627, 0x0628, 0x062A, 0x062B, 0x062C, 0x062D, 0x062E, 0x062F, 0x0630,
          0x0631, 0x0632, 0x0633, 0x0634, 0x0635, 0x0636, 0x0637, 0x0638, 0x0639,
          0x063A, 0x0641, 0x0642, 0x0643, 0x0644, 0x0645, 0x0646, 0x0647]

def letters(text, script):
    return ''.join(chr((0x05D0 if script == 'hebrew' else 0) + ord(c) - 65) if script == 'hebrew' and 'A' <= c <= 'Z'
                   else chr(arabic[ord(c) - 65]) if script == 'arabic' and 'A' <= c <= 'Z'
                   else c for c in text)

examples = []
with open(os.path.join(here, '..', 'bidi', 'rfc3987bis-examples.tsv'), encoding='utf-8') as f:
    for line in f:
        if line.startswith('#') or line.startswith('example\t'):
            continue
        fields = line.rstrip('\n').split('\t')
        if fields[1] == 'hebrew':
            examples.append((fields[0], fields[2]))

env = dict(os.environ, LC_ALL='C.UTF-8', NO_COLOR='1')
with open(os.path.join(here, 'rfc3987bis-examples.tsv'), 'w', encoding='utf-8') as out:
    out.write('# Golden output of `iri explain --json` (see update-golden.py).\n')
    out.write('example\tform\tinput\tjson\n')
    for number, logical in examples:
        for form, text, args in (('notation', logical, ['--notation=hebrew']),
                                 ('hebrew', letters(logical, 'hebrew'), []),
                                 ('arabic', letters(logical, 'arabic'), [])):
            json = subprocess.run([tool, 'explain', '--json'] + args + [text], env=env, check=True,
                                  capture_output=True, text=True).stdout.rstrip('\n')
            out.write(f'{number}\t{form}\t{text}\t{json}\n')
