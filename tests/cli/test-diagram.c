/* test-diagram.c: the picture of iri explain --svg and of the app's export
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "iri-bidi-diagram.h"

static void
test_boxes (void)
{
  g_autoptr(IriBidiTrace) trace = iri_bidi_trace_new ("ab(CD)", -1, IRI_BIDI_PARAGRAPH_LTR, IRI_NOTATION_HEBREW);
  g_autoptr(IriBidiDiagram) diagram = iri_bidi_diagram_new (trace);
  gsize n = iri_bidi_trace_get_n_chars (trace);

  g_test_summary ("A box per character in each row; in the display row, each character "
                  "is at its visual position");

  g_assert_cmpuint (iri_bidi_diagram_get_n_boxes (diagram), ==, 2 * n);
  for (guint b = 0; b < 2 * n; b++)
    {
      const IriBidiDiagramBox *box = iri_bidi_diagram_get_box (diagram, b);
      const IriBidiDiagramBox *first = iri_bidi_diagram_get_box (diagram, box->visual_row ? n : 0);
      gsize column = box->visual_row ? iri_bidi_trace_logical_to_visual (trace, box->index) : box->index;

      g_assert_true (box->visual_row == (b >= n));
      g_assert_cmpfloat_with_epsilon (box->x, first->x + column * box->width, 1e-9);
    }
  /* The brackets follow the left-to-right "ab" (N0): "ab(DC)", C at 4. */
  g_assert_cmpuint (iri_bidi_diagram_get_box (diagram, n + 4)->index, ==, 3);
}

static guint32
pixel (cairo_surface_t *surface,
       int              x,
       int              y)
{
  const guchar *data = cairo_image_surface_get_data (surface);

  return *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + 4 * x) & 0xFFFFFF;
}

/* Dark runs along the line y of the picture. */
static guint
count_borders (cairo_surface_t *surface,
               int              y,
               int              x0,
               int              x1)
{
  guint runs = 0;
  gboolean dark = FALSE;

  for (int x = x0; x < x1; x++)
    {
      guint32 p = pixel (surface, x, y);
      gboolean d = ((p >> 16) & 0xFF) < 0x80 && ((p >> 8) & 0xFF) < 0x80 && (p & 0xFF) < 0x80;

      if (d && !dark)
        runs++;
      dark = d;
    }
  return runs;
}

static void
test_render (void)
{
  g_autoptr(IriBidiTrace) trace = iri_bidi_trace_new ("http://ab.CD/ef", -1, IRI_BIDI_PARAGRAPH_LTR,
                                                      IRI_NOTATION_ARABIC);
  g_autoptr(IriBidiDiagram) diagram = iri_bidi_diagram_new (trace);
  gsize n = iri_bidi_trace_get_n_chars (trace);
  g_autofree char *dir = g_dir_make_tmp ("iri-diagram-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "d.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "d.svg", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  const IriBidiDiagramBox *top = iri_bidi_diagram_get_box (diagram, 0);
  const IriBidiDiagramBox *bottom = iri_bidi_diagram_get_box (diagram, n);
  const IriBidiDiagramBox *rtl = iri_bidi_diagram_get_box (diagram, 10);
  double width, height;
  guint32 fill;

  g_test_summary ("The picture as drawn: two borders per box in each row, right-to-left "
                  "characters on a warm fill; the SVG file is written");

  g_assert_true (iri_bidi_diagram_save (diagram, png, IRI_BIDI_DIAGRAM_PNG, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  iri_bidi_diagram_get_size (diagram, &width, &height);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, (int) (2 * width));
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, (int) (2 * height));
  /* Just under the top edge of each row, above the letters. */
  g_assert_cmpuint (count_borders (surface, (int) (2 * (top->y + 3)), 0, (int) (2 * width)), ==, 2 * n);
  g_assert_cmpuint (count_borders (surface, (int) (2 * (bottom->y + 3)), 0, (int) (2 * width)), ==, 2 * n);
  /* C, at level 1, on the warm fill. */
  g_assert_cmpuint (rtl->index, ==, 10);
  fill = pixel (surface, (int) (2 * (rtl->x + 4)), (int) (2 * (rtl->y + 3)));
  g_assert_cmpuint ((fill >> 16) & 0xFF, >, (fill & 0xFF) + 0x20);
  cairo_surface_destroy (surface);

  g_assert_true (iri_bidi_diagram_save (diagram, svg, IRI_BIDI_DIAGRAM_SVG, &error));
  g_assert_no_error (error);
  g_file_get_contents (svg, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
  g_assert_nonnull (strstr (contents, "<svg"));

  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);

  /* An unwritable place is an error, not a crash. */
  g_assert_false (iri_bidi_diagram_save (diagram, "/nonexistent/d.svg", IRI_BIDI_DIAGRAM_SVG, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

static void
test_labels (void)
{
  g_autofree char *space = iri_bidi_diagram_char_label (' ');
  g_autofree char *rle = iri_bidi_diagram_char_label (0x202B);
  g_autofree char *mark = iri_bidi_diagram_char_label (0x05B8);
  g_autofree char *zwj = iri_bidi_diagram_char_label (0x200D);
  g_autofree char *alef = iri_bidi_diagram_char_label (0x05D0);

  g_test_summary ("Invisible characters are named, marks get a dotted circle");

  g_assert_cmpstr (space, ==, "SP");
  g_assert_cmpstr (rle, ==, "RLE");
  g_assert_cmpstr (mark, ==, "\xE2\x97\x8C\xD6\xB8");
  g_assert_cmpstr (zwj, ==, "ZWJ");
  g_assert_cmpstr (alef, ==, "\xD7\x90");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/diagram/boxes", test_boxes);
  g_test_add_func ("/diagram/render", test_render);
  g_test_add_func ("/diagram/labels", test_labels);

  return g_test_run ();
}
