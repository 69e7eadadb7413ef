// test-gjs.js: the IRI widgets from JavaScript (GJS), a smoke test
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Exits with 77 (skipped) when there is no display.

import Gtk from 'gi://Gtk?version=4.0';
import Iri from 'gi://Iri?version=1.0';
import IriGtk from 'gi://IriGtk?version=1.0';
import System from 'system';

if (!Gtk.init_check())
    System.exit(77);

function assertEqual(got, expected, what) {
    if (got !== expected)
        throw new Error(`${what}: got ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
}

const shalom = '\u05e9\u05dc\u05d5\u05dd';

const entry = new IriGtk.Entry({show_preview: true});
let uriNotifications = 0;
entry.connect('notify::uri', () => uriNotifications++);

entry.text = `http://ab.${shalom}.example/`;
assertEqual(entry.uri, 'http://ab.xn--9dbne9b.example/', 'uri');
assertEqual(uriNotifications, 1, 'notify::uri');
entry.text = `http://ab.${shalom}.example/`;
assertEqual(uriNotifications, 1, 'notify::uri after a no-op set');

entry.uri_host_mapping = Iri.HostMapping.PERCENT;
assertEqual(entry.uri, 'http://ab.%D7%A9%D7%9C%D7%95%D7%9D.example/', 'percent uri');

assertEqual(entry.display_policy, Iri.DisplayLevel.STRICT, 'display policy');
let policyNotifications = 0;
entry.connect('notify::display-policy', () => policyNotifications++);
entry.display_policy = Iri.DisplayLevel.PERMISSIVE;
entry.display_policy = Iri.DisplayLevel.PERMISSIVE;
assertEqual(policyNotifications, 1, 'notify::display-policy');

entry.set_text('http://exa mple/');
assertEqual(entry.highest_severity, Iri.Severity.ERROR, 'highest severity');
assertEqual(entry.diagnostics.get_n_items() > 0, true, 'diagnostics');
assertEqual(entry.diagnostics.get_item(0).code, 'syntax-invalid-character', 'first code');

const view = IriGtk.View.new(`https://${shalom}.example/x`);
assertEqual(view.text, `https://${shalom}.example/x`, 'view text');
assertEqual(view.ellipsize, true, 'view ellipsize');

print('ok');
