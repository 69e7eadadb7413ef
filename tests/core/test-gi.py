#!/usr/bin/env python3
# test-gi.py: libiri from Python, through GObject Introspection
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import unittest

import gi

gi.require_version("Iri", "1.0")
from gi.repository import GLib, Iri  # noqa: E402


class TestIri(unittest.TestCase):
    def test_parse_strict(self):
        ref = Iri.Reference.parse("http://ab.עברית.example/x?q=1#f", -1, Iri.ParseFlags.DEFAULT)
        self.assertEqual(ref.get_scheme(), "http")
        self.assertEqual(ref.get_host(), "ab.עברית.example")
        self.assertEqual(ref.get_host_kind(), Iri.HostKind.REG_NAME)
        ok, span = ref.get_span(Iri.Component.PATH)
        self.assertTrue(ok)
        self.assertEqual((span.start, span.end), (23, 25))

        with self.assertRaises(GLib.Error) as cm:
            Iri.Reference.parse("http://exa mple/", -1, Iri.ParseFlags.DEFAULT)
        self.assertTrue(cm.exception.matches(Iri.error_quark(), Iri.Error.BAD_HOST))
        self.assertIn("U+0020 SPACE", cm.exception.message)

    def test_tolerant(self):
        ref = Iri.Reference.parse_tolerant("http://[::1", -1, Iri.ParseFlags.DEFAULT)
        self.assertFalse(ref.is_valid())
        codes = [d.props.code for d in ref.get_diagnostics()]
        self.assertEqual(codes, ["syntax-unclosed-ip-literal"])

    def test_analysis(self):
        analysis = Iri.analyze("http://exa mple/", -1)
        self.assertEqual(analysis.get_highest_severity(), Iri.Severity.ERROR)
        diagnostics = list(analysis.get_diagnostics())
        self.assertEqual(len(diagnostics), analysis.get_n_diagnostics())
        d = diagnostics[0]
        self.assertEqual(d.props.code, "syntax-invalid-character")
        self.assertEqual(d.props.component, Iri.Component.HOST)
        self.assertEqual((d.props.start, d.props.end), (10, 11))
        self.assertEqual(d.get_hint(), "Percent-encode it as %20.")
        unit = analysis.get_unit(0)
        self.assertEqual(unit.kind, Iri.Component.HOST_LABEL)
        self.assertEqual(unit.direction, Iri.Direction.LTR)

    def test_mappings(self):
        self.assertEqual(Iri.to_uri("http://résumé.example.org", -1, Iri.HostMapping.UTS46),
                         "http://xn--rsum-bpad.example.org")
        iri, diagnostics = Iri.uri_to_iri("http://xn--ab-g4t.example/%FC", -1, Iri.ToIriFlags.DEFAULT)
        self.assertEqual(iri, "http://xn--ab-g4t.example/%FC")
        self.assertEqual(sorted(d.props.code for d in diagnostics),
                         ["idna-invalid-a-label", "percent-encoded-not-utf8"])
        with self.assertRaises(GLib.Error):
            Iri.to_uri("http://☺.example/", -1, Iri.HostMapping.IDNA2008)

    def test_resolve_compare(self):
        self.assertEqual(Iri.resolve("http://a/b/c/d;p?q", "../g", Iri.ResolveFlags.DEFAULT), "http://a/b/g")
        self.assertEqual(Iri.compare("HTTP://a:80/", "http://a/", Iri.Comparison.SCHEME),
                         Iri.Comparison.SCHEME)

    def test_links(self):
        links = list(Iri.detect_links("see example.com/αβ. or a@b.org", -1))
        self.assertEqual([link.props.iri for link in links], ["https://example.com/αβ", "mailto:a@b.org"])
        self.assertEqual(links[0].get_kind(), Iri.LinkKind.URL)
        self.assertEqual(links[1].props.kind, Iri.LinkKind.EMAIL)
        self.assertEqual((links[0].props.start, links[0].props.end), (4, 18))
        self.assertEqual(links[0].get_prefix_length(), 8)
        span = links[0].get_span()
        self.assertEqual((span.byte_start, span.byte_end), (4, 20))
        self.assertEqual(links[0].analyze(None).get_text(), "https://example.com/αβ")
        self.assertEqual(Iri.format_minimal("https://example.com/%CE%B1.", -1, Iri.FormatFlags.DEFAULT),
                         "https://example.com/α%2E")
        self.assertEqual(Iri.get_tld_list_version(), "2025100900")


if __name__ == "__main__":
    unittest.main()
