#!/usr/bin/env python3
# check-translations.py: every translation compiles and is complete
#
# Usage: check-translations.py SOURCE_ROOT
#
# Extracts the messages of po/POTFILES.in the way the build does (the
# glib preset of meson's i18n module, plus the keys of the examples key
# file), merges each po/LANG.po of po/LINGUAS with them, and fails if a
# translation does not compile (msgfmt --check, formats included) or has
# an untranslated or fuzzy message: the app, the widgets and the tool are
# translated completely or the test says which messages are missing.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import os
import re
import subprocess
import sys
import tempfile

root = sys.argv[1]
po_dir = os.path.join(root, 'po')

def run(*args, **kwargs):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kwargs)

with open(os.path.join(po_dir, 'LINGUAS')) as f:
    languages = [l.strip() for l in f if l.strip() and not l.startswith('#')]

failed = False
with tempfile.TemporaryDirectory() as tmp:
    pot = os.path.join(tmp, 'iri-inspector.pot')
    run('xgettext', '--package-name=iri-inspector', '-p', tmp, '-o', 'iri-inspector.pot',
        '-D', root, '-f', os.path.join(po_dir, 'POTFILES.in'), '--from-code=UTF-8',
        '--add-comments', '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
        '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
        '--keyword=Title', '--keyword=Explanation', '--keyword=Source',
        '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format', '--flag=NC_:2:pass-c-format',
        '--flag=g_dngettext:2:pass-c-format', '--flag=g_strdup_printf:1:c-format',
        '--flag=g_string_printf:2:c-format', '--flag=g_string_append_printf:2:c-format',
        '--flag=g_error_new:3:c-format', '--flag=g_set_error:4:c-format',
        '--flag=g_markup_printf_escaped:1:c-format', '--flag=g_log:3:c-format',
        '--flag=g_print:1:c-format', '--flag=g_printerr:1:c-format', '--flag=g_printf:1:c-format',
        '--flag=g_fprintf:2:c-format', '--flag=g_sprintf:2:c-format', '--flag=g_snprintf:3:c-format')
    for lang in languages:
        po = os.path.join(po_dir, lang + '.po')
        merged = os.path.join(tmp, lang + '.po')
        try:
            run('msgfmt', '--check', '--check-format', '-o', os.devnull, po)
        except subprocess.CalledProcessError as e:
            print(f'{lang}.po does not compile:\n{e.stderr}')
            failed = True
            continue
        run('msgmerge', '--quiet', '--no-fuzzy-matching', '-o', merged, po, pot)
        stats = run('msgfmt', '--statistics', '-o', os.devnull, merged).stderr.strip()
        print(f'{lang}: {stats}')
        if re.search(r'fuzzy|untranslated', stats):
            failed = True
            missing = run('msgattrib', '--untranslated', '--no-obsolete', merged).stdout
            print(missing[:4000])

sys.exit(1 if failed else 0)
