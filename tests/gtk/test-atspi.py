#!/usr/bin/python3
# test-atspi.py: IriGtkEntry and IriGtkView as a screen reader sees them
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Run by meson (tests/gtk/meson.build), it runs itself again under
# dbus-run-session: the private session bus starts at-spi-bus-launcher,
# and with it the accessibility bus, when the probe asks for it.  The probe
# (a11y-probe.c) shows an entry and a view holding an IRI with a Hebrew
# host and path, the entry focused with the caret at a known offset; this
# script finds them in the AT-SPI tree and checks what Orca would read.
#
# GTK's AT-SPI bridge exposes the Text interface of a custom widget only
# through GtkAccessibleText, which GTK 4.14 added: with an older GTK (4.8
# on Debian 12) the Text checks are reported as skipped, with the reason,
# and what that GTK does provide (role, name, EditableText, the focused
# state) is still checked.  IRI_A11Y_DUMP=1 prints the tree.
#
# Output: TAP.

import os
import subprocess
import sys
import time

PROBE_IRI = "https://ab.\u05d2\u05d3\u05d4/\u05d6\u05d7?q=1"
PROBE_BOUND = 8
PROBE_CARET = 12

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from atspi_tap import a11y_env, finish, import_atspi, ok, run_in_session, skip, walk  # noqa: E402


def gtk_version():
    parts = os.environ.get("IRI_GTK_VERSION", "0.0").split(".")
    return tuple(int(p) for p in parts[:2])


run_in_session()
Atspi = import_atspi()
from gi.repository import GLib  # noqa: E402

probe = os.environ.get("IRI_A11Y_PROBE")
if not probe:
    finish("IRI_A11Y_PROBE is not set")

proc = subprocess.Popen([probe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=a11y_env())


def states_of(obj):
    states = obj.get_state_set()
    return {Atspi.StateType(i).value_nick for i in range(Atspi.StateType.LAST_DEFINED)
            if states.contains(Atspi.StateType(i))}



def find_probe():
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is None:
            continue
        for obj, _ in walk(app):
            if obj.get_role() == Atspi.Role.FRAME and obj.get_name() == "a11y-probe":
                return obj
    return None


try:
    line = proc.stdout.readline().decode().strip()
    if line != "ready":
        finish("the probe did not start (%r)" % line)

    frame = None
    for _ in range(50):
        frame = find_probe()
        if frame is not None:
            break
        time.sleep(0.1)
    ok(frame is not None, "the probe's window is on the accessibility bus")
    if frame is None:
        finish()

    nodes = list(walk(frame))
    if os.environ.get("IRI_A11Y_DUMP"):
        for obj, depth in nodes:
            print("# %s%s %r %s %s" % ("  " * depth, obj.get_role_name(), obj.get_name(),
                                       obj.get_interfaces(), sorted(states_of(obj))))

    # GTK gives GTK_ACCESSIBLE_ROLE_TEXT_BOX (GtkEntry's role) the AT-SPI
    # role TEXT.
    entries = [o for o, _ in nodes if o.get_role() == Atspi.Role.TEXT and o.get_name() == "Address"]
    ok(len(entries) == 1, "one text field named \"Address\" (role TEXT, as GtkEntry)",
       "entries: %r" % [(o.get_role_name(), o.get_name()) for o, _ in nodes])
    labels = [o for o, _ in nodes if o.get_role() == Atspi.Role.LABEL and o.get_name() == PROBE_IRI]
    ok(len(labels) == 1, "one view: role LABEL, named with the IRI in logical order")
    if not entries or not labels:
        finish()
    entry, view = entries[0], labels[0]

    # Nothing in between: the inner text widget has no accessible of its
    # own (role NONE, as GtkText inside GtkEntry).
    ok(entry.get_child_count() == 0 or all(
        entry.get_child_at_index(i).get_role() != Atspi.Role.ENTRY for i in range(entry.get_child_count())),
       "the entry's text widget is not a second entry")

    # The focus is on the entry's inner text widget: the object read as
    # the text field must say it is focused (GTK >= 4.10: the entry takes
    # its text's states; GTK 4.8: the text itself is the text field).
    states = states_of(entry)
    ok("editable" in states, "the entry is editable", "states: %s" % sorted(states))
    ok("focusable" in states, "the entry is focusable", "states: %s" % sorted(states))
    ok("focused" in states, "the entry has STATE_FOCUSED while its text has the focus",
       "states: %s" % sorted(states))

    view_states = states_of(view)
    ok("focusable" in view_states and "editable" not in view_states,
       "the view is focusable and read-only", "states: %s" % sorted(view_states))

    # The description names the most severe finding: its message quotes
    # the display, in logical order for a screen reader (no override).
    description = entry.get_description()
    ok(description.startswith("Warning: ") and "\u202d" not in description and
       "\u05d2\u05d3\u05d4" in description,
       "the entry's description is the finding, its quotes in logical order", repr(description))

    interfaces = entry.get_interfaces()
    ok("EditableText" in interfaces, "the entry has EditableText", "interfaces: %s" % interfaces)

    text_checks = [
        "the entry has the Text interface",
        "the entry's text is the IRI in logical order, byte for byte",
        "the entry's caret offset",
        "the entry's selection",
        "a finding is a text attribute over its span",
        "the view's text is the IRI in logical order, byte for byte",
        "the findings at the caret are announced, in logical order",
    ]
    if gtk_version() < (4, 14):
        reason = ("GTK %s < 4.14: GtkAccessibleText and announcements do not exist, GTK's bridge "
                  "gives no Text interface to a custom editable" % os.environ.get("IRI_GTK_VERSION"))
        for name in text_checks:
            skip(name, reason)
        # What 4.8 gives instead: no Text at all (if this changes, the
        # skip above is wrong).
        ok("Text" not in interfaces, "GTK < 4.14: the entry has no Text interface (as documented)")
    else:
        ok("Text" in interfaces, text_checks[0], "interfaces: %s" % interfaces)
        if "Text" in interfaces:
            n = Atspi.Text.get_character_count(entry)
            text = Atspi.Text.get_text(entry, 0, n)
            ok(text.encode() == PROBE_IRI.encode() and n == len(PROBE_IRI), text_checks[1],
               "got %r (%d characters)" % (text, n))
            caret = Atspi.Text.get_caret_offset(entry)
            ok(caret == PROBE_CARET, text_checks[2], "caret %d" % caret)
            selection = Atspi.Text.get_selection(entry, 0)
            ok(Atspi.Text.get_n_selections(entry) == 1 and
               (selection.start_offset, selection.end_offset) == (PROBE_BOUND, PROBE_CARET),
               text_checks[3], "selection %d-%d" % (selection.start_offset, selection.end_offset))
            # The Hebrew host label "גדה" (offsets 11-14) is followed by a
            # path "/זח": a right-to-left run across the delimiter,
            # reported on the host.
            attrs, start, end = Atspi.Text.get_attribute_run(entry, 12, False)
            ok(start <= 12 < end and attrs.get("iri-finding") == "warning" and
               "bidi-component-interleaved" in attrs.get("iri-finding-code", "") and
               "\u202d" not in attrs.get("iri-finding-message", "\u202d"),
               text_checks[4], "attributes %r over %d-%d" % (attrs, start, end))
        else:
            for name in text_checks[1:5]:
                ok(False, name)
        # Ctrl+F1's findings are announced (gtk_accessible_announce).
        announcements = []

        def on_announcement(event):
            announcements.append(event.any_data if isinstance(event.any_data, str) else str(event.any_data))

        listener = Atspi.EventListener.new(on_announcement)
        listener.register("object:announcement")
        proc.stdin.write(b"findings\n")
        proc.stdin.flush()
        loop = GLib.MainLoop()
        GLib.timeout_add(1500, loop.quit)
        loop.run()
        listener.deregister("object:announcement")
        ok(any(a.startswith("Warning: ") and "\u202d" not in a and "RFC 3987bis" in a for a in announcements),
           "the findings at the caret are announced, in logical order", "announcements: %r" % announcements)

        view_interfaces = view.get_interfaces()
        if "Text" in view_interfaces:
            n = Atspi.Text.get_character_count(view)
            text = Atspi.Text.get_text(view, 0, n)
            ok(text.encode() == PROBE_IRI.encode(), text_checks[5], "got %r" % text)
        else:
            ok(False, text_checks[5], "interfaces: %s" % view_interfaces)
finally:
    proc.stdin.close()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()

finish()
