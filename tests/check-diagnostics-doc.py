#!/usr/bin/env python3
# Every diagnostic code the library can emit is documented in
# docs/diagnostics.md, and every code documented there exists.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
# Codes are string literals passed where a diagnostic is made; they are
# kebab-case and start with one of the families of DESIGN.md §4.
families = ("syntax", "invalid", "nul", "bidi", "control", "noncharacter", "private",
            "unassigned", "userinfo", "port", "idna", "percent", "unsafe", "preprocess",
            "diagnostics", "confusable", "lookalike", "invisible", "not", "compatibility",
            "restricted", "mixed", "form")
pattern = re.compile(r'"((?:%s)-[a-z0-9-]+|noncharacter)"' % "|".join(families))

emitted = set()
for source in sorted((root / "lib" / "iri").glob("*.c")):
    emitted |= set(pattern.findall(source.read_text(encoding="utf-8")))

doc = (root / "docs" / "diagnostics.md").read_text(encoding="utf-8")
documented = set(re.findall(r"^\| `([a-z0-9-]+)` \|", doc, re.MULTILINE))

missing = sorted(emitted - documented)
stale = sorted(documented - emitted)
if missing:
    print("codes emitted but not documented in docs/diagnostics.md:", ", ".join(missing))
if stale:
    print("codes documented but never emitted:", ", ".join(stale))
print(f"{len(emitted)} codes emitted, {len(documented)} documented")
sys.exit(1 if missing or stale else 0)
