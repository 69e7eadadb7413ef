#!/usr/bin/env python3
# check-icons.py: every icon the app and the widgets name can be found
#
# Usage: check-icons.py SOURCE_ROOT
#
# Run inside `meson devenv` with XDG_DATA_DIRS unset, as README's quick
# start runs the app on a fresh machine: GTK looks icons up in the
# "icons" directory of each entry of XDG_DATA_DIRS, and a name it cannot
# find is drawn as "image-missing", which no other test would notice.
# The names are read from the sources, so an icon added later, or one
# that Debian 12's Adwaita (43) does not have, is checked too.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import os
import pathlib
import re
import sys

SYMBOLIC = re.compile(r'"([a-z0-9-]+-symbolic)"')
UI_ICON = re.compile(r'<property name="icon-name">([A-Za-z0-9.-]+)</property>')
THEMES = ('Adwaita', 'hicolor')
SUFFIXES = ('.svg', '.png', '.symbolic.png')


def names_in(source_root):
    names = {}
    for folder in ('app/gtk', 'lib/iri-gtk'):
        for path in sorted((source_root / folder).rglob('*')):
            if path.suffix not in ('.c', '.ui'):
                continue
            text = path.read_text(encoding='utf-8')
            for name in SYMBOLIC.findall(text) + UI_ICON.findall(text):
                names.setdefault(name, path.relative_to(source_root))
    return names


def icons_under(data_dirs):
    found = set()
    for data_dir in data_dirs:
        for theme in THEMES:
            root = pathlib.Path(data_dir) / 'icons' / theme
            if not root.is_dir():
                continue
            for path in root.rglob('*'):
                for suffix in SUFFIXES:
                    if path.name.endswith(suffix):
                        found.add(path.name[:-len(suffix)])
    return found


def main():
    source_root = pathlib.Path(sys.argv[1])
    # The default of the XDG Base Directory Specification, as GLib's
    # g_get_system_data_dirs() applies it; empty entries are skipped.
    value = os.environ.get('XDG_DATA_DIRS') or '/usr/local/share:/usr/share'
    data_dirs = [d for d in value.split(':') if d]
    names = names_in(source_root)
    app_id = 'io.github.iri_inspector.IriInspector'
    names[app_id] = 'the application icon'
    names[app_id + '-symbolic'] = 'the symbolic application icon'

    found = icons_under(data_dirs)
    missing = sorted(n for n in names if n not in found)
    print(f'1..{len(names)}')
    for i, name in enumerate(sorted(names), 1):
        status = 'not ok' if name in missing else 'ok'
        print(f'{status} {i} - {name} ({names[name]})')
    if missing:
        print(f'# XDG_DATA_DIRS={value}', file=sys.stderr)
        print(f'# not found in the {" or ".join(THEMES)} themes: {", ".join(missing)}',
              file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
