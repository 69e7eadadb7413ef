#!/usr/bin/env python3
# test-atspi-findings.py: the Findings page as a screen reader reads it
#
# Starts iri-inspector on the Findings page with an IRI that has an
# error and two bidi warnings, and reads the page's list on the
# accessibility bus of a private D-Bus session (the script runs itself
# again under dbus-run-session).  Each finding is one list item whose
# name is its severity and message, quotes in logical order (no U+202D
# LEFT-TO-RIGHT OVERRIDE of a visual-order snippet), and whose
# description is the fix and the source; what draws it (the labels,
# which quote the display in visual order, the icon) is not in the
# tree, so browse mode reads each finding once and nothing backwards.
# And no widget of the app is named after its type.
# Skips without python3-gi and the Atspi typelib, dbus-run-session or a
# display.  TAP output.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import os
import re
import subprocess
import sys
import tempfile
import time

# A space in the query (an error), and a Hebrew host before a Hebrew
# path: the host is not displayed as one block (§4.2, §4.4 Example 5).
IRI = "https://ab.\u05d2\u05d3\u05d4/\u05d6\u05d7?q=1 x"

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from atspi_tap import a11y_env, finish, import_atspi, ok, run_in_session, walk  # noqa: E402

run_in_session()
Atspi = import_atspi()

app_path = os.environ.get("IRI_INSPECTOR")
if not app_path:
    finish("IRI_INSPECTOR is not set")

env = a11y_env()
env["GSETTINGS_BACKEND"] = "memory"


def start_app():
    # What the app says goes to a file, for the diagnostic of a failure.
    log = tempfile.TemporaryFile(mode="w+")
    return subprocess.Popen([app_path, "--new-window", "--page=diagnostics", IRI],
                            stdout=subprocess.DEVNULL, stderr=log, env=env), log


def app_output(log):
    log.seek(0)
    lines = [line for line in log.read().splitlines() if not line.startswith("dbus-daemon")]
    return " | ".join(lines[-8:])


app, app_log = start_app()



def find_findings():
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        application = desktop.get_child_at_index(i)
        if application is None:
            continue
        try:
            for obj, _ in walk(application):
                if obj.get_role() == Atspi.Role.LIST and obj.get_name() == "Findings":
                    return obj
        except Exception:
            continue
    return None


try:
    # Up to a minute: under AddressSanitizer, with the accessibility bus
    # starting, the app once took more than ten seconds to show it.  In
    # the sanitizer build of CI it twice exited at once, with status 1,
    # which did not happen again in a dozen runs of the same build: it is
    # started a second time then, and what it said is kept in the log.
    findings = None
    for attempt in range(2):
        for _ in range(600):
            findings = find_findings()
            if (findings is not None and findings.get_child_count() >= 3) or app.poll() is not None:
                break
            time.sleep(0.1)
        if findings is not None or app.poll() is None or attempt == 1:
            break
        print("# the app exited with status %r at once: %s; started again" % (app.returncode, app_output(app_log)))
        app, app_log = start_app()
    if findings is None:
        ok(False, "the Findings list is on the accessibility bus",
           ("the app exited with status %r: %s" % (app.returncode, app_output(app_log)))
           if app.poll() is not None else "the app is running")
        finish()

    items = [findings.get_child_at_index(i) for i in range(findings.get_child_count())]
    names = [item.get_name() for item in items]
    ok(len(items) >= 3, "one list item per finding", repr(names))
    ok(all(item.get_role() == Atspi.Role.LIST_ITEM for item in items), "the findings are list items")
    ok(any(n.startswith("Error: ") for n in names) and any(n.startswith("Warning: ") for n in names),
       "each item is named by its severity and message", repr(names))
    ok(all("\u202d" not in n and "\u202e" not in n for n in names),
       "the names quote the IRI in logical order, never a visual-order snippet", repr(names))
    descriptions = [item.get_description() for item in items]
    ok(all(d for d in descriptions), "each item's description is its fix and source", repr(descriptions))
    inside = [(obj.get_role_name(), obj.get_name()) for item in items for obj, depth in walk(item) if depth > 0]
    ok(inside == [], "nothing inside an item is read again (labels in visual order, an unnamed icon)",
       repr(inside[:6]))

    # The whole window: none of our widgets is left with the name GTK 4.8
    # makes up from its type (the pages, the picture of the Steps page).
    root = findings
    while root.get_parent() is not None and root.get_parent().get_role() != Atspi.Role.DESKTOP_FRAME:
        root = root.get_parent()
    typed = [(obj.get_role_name(), obj.get_name()) for obj, _ in walk(root)
             if re.match(r"Iri(Inspector|Gtk)[A-Z]", obj.get_name() or "")]
    ok(typed == [], "no widget of ours is named after its type", repr(typed[:6]))
    # What the screen lays out with a direction mark, an embedding or an
    # isolate (a table cell, the rendering in a right-to-left paragraph)
    # is named after its text alone: the controls are for the eye.
    marked = [(obj.get_role_name(), obj.get_name()) for obj, _ in walk(root)
              if re.search("[\u200e\u200f\u202a-\u202e\u2066-\u2069]", obj.get_name() or "")]
    ok(marked == [], "no name holds a direction mark, an embedding or an isolate", repr(marked[:6]))
finally:
    app.terminate()
    try:
        app.wait(timeout=10)
    except subprocess.TimeoutExpired:
        app.kill()

finish()
