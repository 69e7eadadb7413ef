/* iri-gtk-display-private.h: the display string of an IRI and its map
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <pango/pango.h>
#include <iri.h>

G_BEGIN_DECLS

/* How each character of the display is styled.  Every style is read
 * from a CSS node of the same name (see iri-gtk-style-node.c and
 * style.css), so themes and applications can change them. */
typedef enum {
  IRI_GTK_UNIT_STYLE_DELIMITER,
  IRI_GTK_UNIT_STYLE_SCHEME,
  IRI_GTK_UNIT_STYLE_USERINFO,
  IRI_GTK_UNIT_STYLE_HOST,
  IRI_GTK_UNIT_STYLE_PORT,
  IRI_GTK_UNIT_STYLE_PATH,
  IRI_GTK_UNIT_STYLE_EXTENSION,
  IRI_GTK_UNIT_STYLE_QUERY_NAME,
  IRI_GTK_UNIT_STYLE_QUERY_VALUE,
  IRI_GTK_UNIT_STYLE_FRAGMENT,
  IRI_GTK_UNIT_STYLE_ESCAPED,
  IRI_GTK_UNIT_STYLE_ENCODED,
  IRI_GTK_UNIT_STYLE_ELLIPSIS,
  IRI_GTK_N_UNIT_STYLES,
} IriGtkUnitStyle;

/* One style: a colour (16 bits per channel, as Pango wants it) and
 * optionally a weight and a slant. */
typedef struct {
  guint16     red;
  guint16     green;
  guint16     blue;
  guint16     alpha;
  PangoWeight weight;
  PangoStyle  slant;
  guint       color_set : 1;
  guint       weight_set : 1;
  guint       slant_set : 1;
} IriGtkTextStyle;

typedef struct {
  IriGtkTextStyle units[IRI_GTK_N_UNIT_STYLES];
  /* The underline colour of a diagnostic, indexed by IriSeverity. */
  IriGtkTextStyle severities[IRI_SEVERITY_ERROR + 1];
} IriGtkStyle;

/* What the display is made of.  Only @text is required. */
typedef struct {
  const char        *text;          /* logical, UTF-8, NUL-terminated */
  IriAnalysis       *analysis;      /* of @text; NULL for no styling */
  IriDisplayMode     mode;
  const guint8      *encode_chars;  /* per character: show percent-encoded (§7.6), or NULL */
  /* Up to two ranges of characters shown as one "…" (IriGtkView). */
  gsize              elide_start[3];   /* path, userinfo, subdomains */
  gsize              elide_end[3];
  const char        *preedit;       /* input method text, or NULL */
  gsize              preedit_pos;   /* in characters */
  PangoAttrList     *preedit_attrs;
  const IriGtkStyle *style;         /* NULL: no attributes */
} IriGtkDisplayParams;

typedef struct _IriGtkDisplay IriGtkDisplay;

IriGtkDisplay *iri_gtk_display_new                (const IriGtkDisplayParams *params);
void           iri_gtk_display_free               (IriGtkDisplay *self);

const char    *iri_gtk_display_get_text           (IriGtkDisplay *self,
                                                   int           *length);
PangoAttrList *iri_gtk_display_get_attributes     (IriGtkDisplay *self);
void           iri_gtk_display_apply_paint_attributes (IriGtkDisplay *self,
                                                       PangoLayout   *layout);
gsize          iri_gtk_display_get_n_chars        (IriGtkDisplay *self);
int            iri_gtk_display_get_preedit_index  (IriGtkDisplay *self);

int            iri_gtk_display_logical_to_index   (IriGtkDisplay *self,
                                                   gsize          position);
gboolean       iri_gtk_display_index_to_logical   (IriGtkDisplay *self,
                                                   int            index,
                                                   gsize         *position);
gboolean       iri_gtk_display_snap_to_logical    (IriGtkDisplay *self,
                                                   int            index,
                                                   gsize         *position);
gsize          iri_gtk_display_hit_to_logical     (IriGtkDisplay *self,
                                                   int            index,
                                                   int            trailing);
gboolean       iri_gtk_display_get_owner          (IriGtkDisplay *self,
                                                   int            index,
                                                   gsize         *position);
gboolean       iri_gtk_display_is_shown_escaped   (IriGtkDisplay *self,
                                                   gsize          position);

gboolean       iri_gtk_char_needs_escape          (gunichar       c);
gboolean       iri_gtk_char_is_isolate_delimiter  (gunichar       c);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IriGtkDisplay, iri_gtk_display_free)

G_END_DECLS
