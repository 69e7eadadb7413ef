// Where the API references of the namespaces we link to live.
// SPDX-License-Identifier: LGPL-2.1-or-later
baseURLs = [
  [ 'GLib', 'https://docs.gtk.org/glib/' ],
  [ 'GObject', 'https://docs.gtk.org/gobject/' ],
  [ 'Gio', 'https://docs.gtk.org/gio/' ],
  [ 'Gdk', 'https://docs.gtk.org/gdk4/' ],
  [ 'Gsk', 'https://docs.gtk.org/gsk4/' ],
  [ 'Gtk', 'https://docs.gtk.org/gtk4/' ],
  [ 'Pango', 'https://docs.gtk.org/Pango/' ],
  [ 'Iri', '../iri/' ],
  [ 'IriGtk', '../iri-gtk/' ],
]
