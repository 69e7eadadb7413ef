# atspi_tap.py: what the AT-SPI tests share
#
# The tests that read a widget or the app on the accessibility bus
# (tests/gtk/test-atspi.py, tests/app/test-atspi-findings.py) are run by
# meson, run themselves again under dbus-run-session (the private session
# bus starts at-spi-bus-launcher, and with it the accessibility bus) and
# print TAP.  This module keeps their results, prints them, re-runs the
# calling script in a session, imports Atspi or skips, and walks a tree.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import os
import re
import shutil
import subprocess
import sys

_results = []


def ok(cond, name, diag=None):
    """A check: passed when @cond; @diag is printed as a comment if not."""
    _results.append(("ok" if cond else "not ok", name, None))
    if not cond and diag is not None:
        _results.append(("#", diag, None))


def skip(name, reason):
    """A check that cannot be made here, with the reason."""
    _results.append(("ok", name, reason))


def finish(plan_skip=None):
    """Prints the TAP plan and results, or skips the whole test, and exits."""
    if plan_skip is not None:
        print("1..0 # SKIP " + plan_skip)
        sys.exit(0)
    n = 0
    failed = False
    for status, name, reason in _results:
        if status == "#":
            print("# " + name)
            continue
        n += 1
        line = "%s %d - %s" % (status, n, name)
        if reason is not None:
            line += " # SKIP " + reason
        failed |= status == "not ok"
        print(line)
    print("1..%d" % n)
    sys.exit(1 if failed else 0)


def run_in_session():
    """Runs the calling script again under dbus-run-session, unless it is
    that run, and passes on only the TAP lines: the accessibility bus
    daemons write to the same standard output."""
    if "--in-session" in sys.argv:
        return
    runner = shutil.which("dbus-run-session")
    if runner is None:
        finish("dbus-run-session is needed (package dbus)")
    # The tests' G_DEBUG=fatal-warnings is for the programs under test,
    # not for this script's AT-SPI client: a warning of libatspi while
    # the accessibility bus starts (seen once, in a sanitizer build on a
    # busy machine) killed it with SIGTRAP.  What the checks find is
    # what counts.
    env = dict(os.environ)
    env.pop("G_DEBUG", None)
    inner = subprocess.run([runner, "--", sys.executable, sys.argv[0], "--in-session"],
                           stdout=subprocess.PIPE, text=True, env=env)
    for line in inner.stdout.splitlines():
        if re.match(r"(ok|not ok|1\.\.|#)", line):
            print(line)
    sys.exit(inner.returncode)


def import_atspi():
    """The Atspi module, or a skip when it or a display is missing."""
    try:
        import gi
        gi.require_version("Atspi", "2.0")
        from gi.repository import Atspi
    except (ImportError, ValueError) as e:
        finish("python3-gi and the Atspi typelib (gir1.2-atspi-2.0) are needed: %s" % e)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        finish("no display")
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        finish("no D-Bus session (run under dbus-run-session)")
    return Atspi


def a11y_env():
    """The environment for the program read on the bus: the tests'
    environment turns accessibility off (GTK_A11Y=test), and the
    program must talk to the bus; leaks in GTK's bridge are not ours;
    drawing is pinned to cairo (GSK_RENDERER), and GDK_DEBUG values
    differ between GTK versions."""
    env = dict(os.environ)
    env["GTK_A11Y"] = "atspi"
    env["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=1"
    env["GSK_RENDERER"] = "cairo"
    env.pop("G_DEBUG", None)
    env.pop("GDK_DEBUG", None)
    return env


def walk(obj, depth=0):
    """@obj and everything under it, with the depth, depth first."""
    yield obj, depth
    for i in range(obj.get_child_count()):
        child = obj.get_child_at_index(i)
        if child is not None:
            yield from walk(child, depth + 1)
