#!/usr/bin/env python3
# test-gi.py: the IRI widgets from Python, through GObject Introspection
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Exits with 77 (skipped) when there is no display; CI runs it under Xvfb.

import sys
import unittest

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
gi.require_version("Iri", "1.0")
gi.require_version("IriGtk", "1.0")
from gi.repository import Gdk, GLib, Gtk, Iri, IriGtk  # noqa: E402

SHALOM = "\u05e9\u05dc\u05d5\u05dd"  # שלום


class TestEntry(unittest.TestCase):
    def test_text_uri_diagnostics(self):
        entry = IriGtk.Entry()
        self.assertIsInstance(entry, Gtk.Editable)

        text = f"http://ab.{SHALOM}.example/{SHALOM}"
        entry.props.text = text
        self.assertEqual(entry.props.text, text)
        self.assertEqual(entry.get_text(), text)
        self.assertEqual(entry.props.uri, "http://ab.xn--9dbne9b.example/%D7%A9%D7%9C%D7%95%D7%9D")
        self.assertEqual(entry.props.uri, Iri.to_uri(text, -1, Iri.HostMapping.UTS46))

        diagnostics = entry.props.diagnostics
        self.assertEqual(diagnostics.get_n_items(), Iri.analyze(text, -1).get_n_diagnostics())

        # RFC 3987bis §4.4 Example 5, with Hebrew letters: three findings.
        example = Iri.notation_to_rtl("http://ab.cd.EF/GH/ij/kl.html", -1, Iri.Notation.HEBREW)
        entry.set_text(example)
        self.assertEqual(diagnostics.get_n_items(), 3)
        self.assertIsInstance(diagnostics[0], Iri.Diagnostic)
        codes = sorted(d.props.code for d in diagnostics)
        self.assertEqual(codes, ["bidi-component-interleaved", "bidi-component-interleaved",
                                 "bidi-host-reads-differently"])
        self.assertEqual(entry.props.highest_severity, Iri.Severity.WARNING)

    def test_properties_and_notify(self):
        entry = IriGtk.Entry()
        seen = []
        entry.connect("notify", lambda obj, pspec: seen.append(pspec.name))

        entry.props.text = f"https://{SHALOM}.example/"
        self.assertIn("uri", seen)
        seen.clear()
        entry.props.text = f"https://{SHALOM}.example/"
        self.assertEqual(seen, [])

        entry.props.uri_host_mapping = Iri.HostMapping.PERCENT
        self.assertEqual(entry.props.uri, "https://%D7%A9%D7%9C%D7%95%D7%9D.example/")
        entry.props.display_mode = Iri.DisplayMode.ISOLATE
        self.assertEqual(entry.get_display_mode(), Iri.DisplayMode.ISOLATE)
        entry.props.show_preview = True
        entry.props.known_hosts = ["example.com"]
        self.assertEqual(list(entry.props.known_hosts), ["example.com"])
        self.assertTrue(entry.props.convert_uris)

        # The display policy (§5a): the core's enumeration, notified once.
        self.assertEqual(entry.props.display_policy, Iri.DisplayLevel.STRICT)
        seen.clear()
        entry.props.display_policy = Iri.DisplayLevel.PERMISSIVE
        entry.set_display_policy(Iri.DisplayLevel.PERMISSIVE)
        self.assertEqual(seen, ["display-policy"])
        self.assertEqual(entry.get_display_policy(), Iri.DisplayLevel.PERMISSIVE)
        self.assertFalse(entry.props.missing_glyphs)
        self.assertIsNotNone(entry.get_analysis())

    def test_activate(self):
        entry = IriGtk.Entry()
        activated = []
        entry.connect("activate", lambda e: activated.append(e.props.uri))
        entry.props.text = "http://example.org/"
        entry.emit("activate")
        self.assertEqual(activated, ["http://example.org/"])


class TestView(unittest.TestCase):
    def test_view(self):
        view = IriGtk.View.new(f"http://{SHALOM}.example/a/b/c")
        self.assertEqual(view.props.text, f"http://{SHALOM}.example/a/b/c")
        self.assertEqual(view.props.uri, "http://xn--9dbne9b.example/a/b/c")
        self.assertTrue(view.props.ellipsize)
        self.assertEqual(view.props.display_policy, Iri.DisplayLevel.STRICT)
        self.assertEqual(view.props.diagnostics.get_n_items(), 0)


if __name__ == "__main__":
    # PyGObject's Gtk.init_check() is true even without a display.
    if not Gtk.init_check() or Gdk.Display.get_default() is None:
        print("no display", file=sys.stderr)
        sys.exit(77)
    GLib.set_prgname("test-gi")
    unittest.main(verbosity=2)
