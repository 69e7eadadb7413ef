/* iri-gtk-entry.c: an entry for IRIs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "iri-gtk-entry.h"
#include "iri-gtk-init-private.h"
#include "iri-gtk-text-private.h"

/**
 * IriGtkEntry:
 *
 * A single-line entry for Internationalized Resource Identifiers.
 *
 * `IriGtkEntry` is what a GTK application puts where users type or
 * paste a web address: an address bar, a bookmark editor, a form field.
 * It implements [iface@Gtk.Editable], so it can be used like
 * [class@Gtk.Entry], and it adds what an IRI needs:
 *
 * - The text stays exactly what the user typed or pasted, in logical
 *   order; no control character is ever inserted to steer the display.
 * - The display is always a left-to-right embedding (RFC 3987bis §4.1),
 *   whatever the widget's direction, the locale or the first strong
 *   character, so `http://ab.CDEFGH.ij/` with Hebrew letters reads as the
 *   specification shows and a relative reference that starts with Hebrew
 *   is not turned around. [property@IriGtk.Entry:display-mode] chooses
 *   between the plain §4.1 display and one where no right-to-left run
 *   crosses an IRI delimiter.
 * - Every unit (scheme, host labels, path segments, query names and
 *   values…) is coloured by kind through CSS, and every finding of the
 *   core's analysis is underlined (a squiggle for errors, a double line
 *   for warnings, a single line for notes); hovering it shows its
 *   message, the rule it comes from and the fix.
 * - [property@IriGtk.Entry:uri] follows the text, mapped with
 *   [property@IriGtk.Entry:uri-host-mapping], and
 *   [property@IriGtk.Entry:show-preview] shows it under the entry.
 * - A pasted or dropped URI is shown as the IRI it stands for (RFC
 *   3987bis §3.7), in one undo step, as far as
 *   [property@IriGtk.Entry:display-policy] allows: a host label that
 *   looks like a spoof stays an A-label; bidi controls are kept and shown
 *   escaped, never silently dropped. The context menu has "Copy as URI".
 * - A unit the font cannot display is shown percent-encoded, with a
 *   notice (§7.6).
 *
 * ## CSS nodes
 *
 * ```
 * iri-entry
 * ├── entry
 * │   ├── unit.scheme, unit.userinfo, unit.host, unit.port, unit.path, …
 * │   ╰── diagnostic.error, diagnostic.warning, diagnostic.info
 * ├── box.preview
 * │   ├── label
 * │   ╰── button.copy
 * ├── box.preview-status.error
 * │   ├── image
 * │   ╰── label
 * ╰── label.notice
 * ```
 *
 * The `unit` and `diagnostic` nodes are never drawn: their `color`
 * (and, for units, `font-weight` and `font-style`) style the characters
 * of that kind and the underlines of findings of that severity. The
 * library's stylesheet gives them colours mixed from the text colour,
 * readable on light, dark and high-contrast themes; themes and
 * applications can override them.
 *
 * ## Accessibility
 *
 * `IriGtkEntry` has the [enum@Gtk.AccessibleRole.TEXT_BOX] role; its
 * description names the most severe finding, and it is marked invalid
 * when there is an error.  With GTK 4.14 or newer it implements
 * `GtkAccessibleText`: assistive technology reads the text in logical
 * order, the caret, the selection, and the findings as text attributes;
 * with GTK 4.10 or newer it is reported focused when its text is.  (With
 * GTK 4.8 its inner text widget is the text box assistive technology
 * sees, named by the entry's label: only that way is it reported
 * focused.)
 * Ctrl+F1 shows the findings at the caret in a popover.
 *
 * Since: 0.1
 */

struct _IriGtkEntry
{
  GtkWidget  parent_instance;

  GtkWidget *text;            /* the IriGtkText; GtkEditable delegate */
  GtkWidget *preview;
  GtkWidget *preview_label;
  GtkWidget *copy_button;
  GtkWidget *preview_status;  /* why the URI is not valid */
  GtkWidget *preview_status_label;
  GtkWidget *notice;

  guint      show_preview : 1;
  guint      preview_id;      /* the preview, once a typing burst pauses */
  /* The width of a character of the preview's monospace font, and the
   * serial of the Pango context it was read from. */
  int        preview_char_width;
  guint      preview_metrics_serial;
  /* What the status under the preview says (NULL: nothing, the URI is
   * valid), when preview_status_set: see update_preview_status(). */
  char      *preview_status_text;
  gboolean   preview_status_set;
};

enum {
  PROP_0,
  PROP_URI,
  PROP_URI_HOST_MAPPING,
  PROP_DISPLAY_MODE,
  PROP_DIAGNOSTICS,
  PROP_HIGHEST_SEVERITY,
  PROP_SHOW_PREVIEW,
  PROP_KNOWN_HOSTS,
  PROP_CONVERT_URIS,
  PROP_DISPLAY_POLICY,
  PROP_MISSING_GLYPHS,
  N_PROPS,
};

enum {
  ACTIVATE,
  N_SIGNALS,
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void iri_gtk_entry_editable_init (GtkEditableInterface *iface);

G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* GtkAccessibleText is newer than GDK_VERSION_MAX_ALLOWED */
G_DEFINE_FINAL_TYPE_WITH_CODE (IriGtkEntry, iri_gtk_entry, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_EDITABLE, iri_gtk_entry_editable_init)
                               IRI_GTK_IMPLEMENT_ACCESSIBLE_OWNER
                               IRI_GTK_IMPLEMENT_ACCESSIBLE_TEXT)
G_GNUC_END_IGNORE_DEPRECATIONS

static GtkEditable *
iri_gtk_entry_get_delegate (GtkEditable *editable)
{
  return GTK_EDITABLE (IRI_GTK_ENTRY (editable)->text);
}

static void
iri_gtk_entry_editable_init (GtkEditableInterface *iface)
{
  iface->get_delegate = iri_gtk_entry_get_delegate;
}

/* GtkLabel lays its whole text out, shaping all of it, to measure it
 * and again to ellipsize it, each time the text changes: for the URI of
 * a long IRI (longer still, every non-ASCII byte percent-encoded) that
 * was most of a keystroke (issue 14).  The label never shows more of
 * one line than fits across the monitor (preview_max_chars()), so a
 * longer URI is given to it as its start and its end around an
 * ellipsis, which is also what the label shows, ellipsized in the
 * middle.  The copy button copies the whole URI. */
#define PREVIEW_MAX_CHARS 1000

/* How many characters of a URI the preview label can show at most: as
 * many as fit across the monitor in its monospace font (a URI is
 * ASCII), since the label is never wider; a few more, so that the cut
 * is never what the label shows.  A 200-character Hebrew IRI maps to
 * some 500 characters of URI, which the label would shape whole at
 * every keystroke to show the 150 or 200 a window has room for. */
static glong
preview_max_chars (IriGtkEntry *self)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;
  GdkMonitor *monitor = surface != NULL ? gdk_display_get_monitor_at_surface (gdk_surface_get_display (surface), surface)
                                        : NULL;
  PangoContext *context;
  GdkRectangle geometry;
  guint serial;

  if (monitor == NULL)
    return PREVIEW_MAX_CHARS;
  gdk_monitor_get_geometry (monitor, &geometry);

  /* The context carries the label's font from CSS; its serial changes
   * with the font, the scale and the resolution. */
  context = gtk_widget_get_pango_context (self->preview_label);
  serial = pango_context_get_serial (context);
  if (self->preview_char_width <= 0 || serial != self->preview_metrics_serial)
    {
      PangoFontMetrics *metrics = pango_context_get_metrics (context, NULL, NULL);

      self->preview_char_width = MIN (pango_font_metrics_get_approximate_char_width (metrics),
                                      pango_font_metrics_get_approximate_digit_width (metrics));
      self->preview_metrics_serial = serial;
      pango_font_metrics_unref (metrics);
    }
  if (self->preview_char_width <= 0)
    return PREVIEW_MAX_CHARS;
  return CLAMP ((gint64) geometry.width * PANGO_SCALE / self->preview_char_width + 8, 40, PREVIEW_MAX_CHARS);
}

static void
set_preview_uri (IriGtkEntry *self,
                 const char  *uri)
{
  glong n_chars = g_utf8_strlen (uri, -1);
  glong max_chars = n_chars > 40 ? preview_max_chars (self) : PREVIEW_MAX_CHARS;
  g_autofree char *shown = NULL;

  if (n_chars > max_chars)
    {
      const char *head_end = g_utf8_offset_to_pointer (uri, max_chars / 2);
      const char *tail = g_utf8_offset_to_pointer (uri, n_chars - max_chars / 2);

      shown = g_strdup_printf ("%.*s\342\200\246%s", (int) (head_end - uri), uri, tail);
    }
  /* What the label holds is not the URI when it is cut: selecting and
   * copying it would copy the ellipsis. */
  gtk_label_set_selectable (GTK_LABEL (self->preview_label), shown == NULL);
  gtk_label_set_text (GTK_LABEL (self->preview_label), shown != NULL ? shown : uri);
}

/* The message of the first error among @ref's findings, or NULL. */
static const char *
first_error_message (IriReference *ref)
{
  for (guint k = 0; k < iri_reference_get_n_diagnostics (ref); k++)
    {
      IriDiagnostic *diagnostic = iri_reference_get_diagnostic (ref, k);

      if (iri_diagnostic_get_severity (diagnostic) == IRI_SEVERITY_ERROR)
        return iri_diagnostic_get_message (diagnostic);
    }
  return NULL;
}

/* Sets the tooltip of @widget unless it has that one already.  GTK 4.8
 * does not compare: each call hides the tooltip shown, asks the X
 * server where the pointer is and queries the tooltip under it again,
 * which redrew a tooltip the pointer rested on twice a keystroke (hidden
 * at once, shown again after its delay) and cost a round trip to the
 * server per call. */
static void
set_tooltip_text (GtkWidget  *widget,
                  const char *text)
{
  /* GTK takes "" for no tooltip, as NULL. */
  if (text != NULL && text[0] == '\0')
    text = NULL;
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0)
    return;
  gtk_widget_set_tooltip_text (widget, text);
}

static void update_preview_status (IriGtkEntry *self,
                                   const char  *status);

static void
update_preview (IriGtkEntry *self)
{
  IriGtkText *text = IRI_GTK_TEXT (self->text);
  const char *uri = iri_gtk_text_get_uri (text);
  IriAnalysis *analysis = iri_gtk_text_get_analysis (text);

  g_autoptr(IriReference) parsed = NULL;
  g_autofree char *status = NULL;

  if (!self->show_preview)
    {
      gtk_widget_set_visible (self->preview_status, FALSE);
      self->preview_status_set = FALSE;
      return;
    }

  /* The mapping keeps what the IRI got wrong (RFC 3987bis §3.1 maps
   * characters, it does not repair "%zz"): the URI of an invalid IRI
   * may be no URI at all, and must not look like one that can be used
   * as it is.  Checked against RFC 3986's grammar. */
  if (uri != NULL && uri[0] != '\0')
    {
      const char *reason = NULL;

      /* The IRI's own syntax errors first: "exa mple.com" maps to
       * "exa%20mple.com", which RFC 3986's reg-name allows, but it is
       * the URI of no valid IRI (§2.2). */
      if (analysis != NULL && !iri_reference_is_valid (iri_analysis_get_reference (analysis)))
        reason = first_error_message (iri_analysis_get_reference (analysis));
      if (reason == NULL)
        {
          parsed = iri_reference_parse_tolerant (uri, -1, IRI_PARSE_URI);
          if (!iri_reference_is_valid (parsed))
            reason = first_error_message (parsed);
        }
      if (reason != NULL)
        /* Translators: under an entry, about the URI its IRI maps
         * to; %s says what is wrong with it. */
        status = g_strdup_printf (_("Not a valid URI: %s"), reason);
    }

  if (uri != NULL)
    {
      /* A URI is ASCII: left to right in any user interface. */
      gtk_widget_set_direction (self->preview_label, GTK_TEXT_DIR_LTR);
      set_preview_uri (self, uri);
      if (status != NULL)
        gtk_widget_add_css_class (self->preview_label, "error");
      else
        gtk_widget_remove_css_class (self->preview_label, "error");
    }
  else
    {
      /* The IDNA mapping failed: say why, in the interface's
       * direction. */
      gtk_widget_set_direction (self->preview_label, GTK_TEXT_DIR_NONE);
      gtk_label_set_selectable (GTK_LABEL (self->preview_label), TRUE);
      gtk_label_set_text (GTK_LABEL (self->preview_label), iri_gtk_text_get_uri_error (text));
      gtk_widget_add_css_class (self->preview_label, "error");
    }
  gtk_widget_set_sensitive (self->copy_button, uri != NULL && uri[0] != '\0');
  update_preview_status (self, status);
}

/* The status under the preview, and what goes with it: the copy
 * button's tooltip and name, the preview's accessible description and
 * state.  They change when the URI becomes valid or invalid, or the
 * reason changes, not at every keystroke, so they are set only then:
 * each accessible update is work for the widget's AT context (and, with
 * a screen reader listening, a message to it), and a keystroke in the
 * embedded entry costs most with the preview on (issue 14). */
static void
update_preview_status (IriGtkEntry *self,
                       const char  *status)
{
  if (self->preview_status_set && g_strcmp0 (status, self->preview_status_text) == 0)
    return;
  g_free (self->preview_status_text);
  self->preview_status_text = g_strdup (status);
  self->preview_status_set = TRUE;

  /* An invalid URI can still be copied (to paste it in a bug report,
   * say), but the button says what it copies. */
  gtk_widget_set_visible (self->preview_status, status != NULL);
  gtk_label_set_text (GTK_LABEL (self->preview_status_label), status != NULL ? status : "");
  set_tooltip_text (self->preview_status_label, status);
  if (status != NULL)
    {
      set_tooltip_text (self->copy_button, _("Copy Invalid URI"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->copy_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Copy Invalid URI"),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, status,
                                      -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview_label),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, status, -1);
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->preview_label),
                                   GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE, -1);
      gtk_widget_add_css_class (self->copy_button, "warning");
    }
  else
    {
      set_tooltip_text (self->copy_button, _("Copy URI"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->copy_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Copy URI"), -1);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->copy_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->preview_label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      gtk_accessible_reset_state (GTK_ACCESSIBLE (self->preview_label), GTK_ACCESSIBLE_STATE_INVALID);
      gtk_widget_remove_css_class (self->copy_button, "warning");
    }
}

/* How long a typing burst pauses before the preview follows it. */
#define PREVIEW_PAUSE_MS 100

static gboolean
preview_timeout_cb (gpointer user_data)
{
  IriGtkEntry *self = user_data;

  self->preview_id = 0;
  update_preview (self);
  return G_SOURCE_REMOVE;
}

static void
update_notice (IriGtkEntry *self)
{
  g_autofree char *notice = iri_gtk_text_dup_notice (IRI_GTK_TEXT (self->text));

  gtk_widget_set_visible (self->notice, notice != NULL);
  gtk_label_set_text (GTK_LABEL (self->notice), notice != NULL ? notice : "");
}

/* The text widget's properties that are also ours: notified here when
 * (and only when) the text widget notifies them. */
static void
text_notify_cb (IriGtkEntry *self,
                GParamSpec  *pspec,
                GtkWidget   *text)
{
  const char *name = g_param_spec_get_name (pspec);

  if (g_str_equal (name, "uri"))
    {
      /* A held key or a tool typing: the preview (a long label, laid
       * out and ellipsized again each time) follows once the burst
       * pauses, so that the field keeps up with every key. */
      g_clear_handle_id (&self->preview_id, g_source_remove);
      if (self->show_preview && iri_gtk_text_in_typing_burst (IRI_GTK_TEXT (self->text)) &&
          gtk_widget_get_mapped (GTK_WIDGET (self)))
        self->preview_id = g_timeout_add (PREVIEW_PAUSE_MS, preview_timeout_cb, self);
      else
        update_preview (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_URI]);
    }
  else if (g_str_equal (name, "uri-host-mapping"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_URI_HOST_MAPPING]);
  else if (g_str_equal (name, "display-mode"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_MODE]);
  else if (g_str_equal (name, "highest-severity"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHEST_SEVERITY]);
  else if (g_str_equal (name, "known-hosts"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KNOWN_HOSTS]);
  else if (g_str_equal (name, "convert-uris"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONVERT_URIS]);
  else if (g_str_equal (name, "display-policy"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_POLICY]);
  else if (g_str_equal (name, "missing-glyphs"))
    {
      update_notice (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MISSING_GLYPHS]);
    }
}

static void
text_activate_cb (IriGtkEntry *self)
{
  g_signal_emit (self, signals[ACTIVATE], 0);
}

static void
copy_clicked_cb (IriGtkEntry *self)
{
  const char *uri = iri_gtk_text_get_uri (IRI_GTK_TEXT (self->text));

  if (uri != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), uri);
}

static gboolean
iri_gtk_entry_grab_focus (GtkWidget *widget)
{
  IriGtkEntry *self = IRI_GTK_ENTRY (widget);

  return gtk_widget_grab_focus (self->text);
}

static gboolean
iri_gtk_entry_mnemonic_activate (GtkWidget *widget,
                                 gboolean   group_cycling)
{
  return gtk_widget_grab_focus (IRI_GTK_ENTRY (widget)->text);
}

static void
iri_gtk_entry_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  IriGtkEntry *self = IRI_GTK_ENTRY (object);

  if (gtk_editable_delegate_get_property (object, prop_id, value, pspec))
    return;

  switch (prop_id)
    {
    case PROP_URI:
      g_value_set_string (value, iri_gtk_entry_get_uri (self));
      break;
    case PROP_URI_HOST_MAPPING:
      g_value_set_enum (value, iri_gtk_entry_get_uri_host_mapping (self));
      break;
    case PROP_DISPLAY_MODE:
      g_value_set_enum (value, iri_gtk_entry_get_display_mode (self));
      break;
    case PROP_DIAGNOSTICS:
      g_value_set_object (value, iri_gtk_entry_get_diagnostics (self));
      break;
    case PROP_HIGHEST_SEVERITY:
      g_value_set_enum (value, iri_gtk_entry_get_highest_severity (self));
      break;
    case PROP_SHOW_PREVIEW:
      g_value_set_boolean (value, iri_gtk_entry_get_show_preview (self));
      break;
    case PROP_KNOWN_HOSTS:
      g_value_set_boxed (value, iri_gtk_entry_get_known_hosts (self));
      break;
    case PROP_CONVERT_URIS:
      g_value_set_boolean (value, iri_gtk_entry_get_convert_uris (self));
      break;
    case PROP_DISPLAY_POLICY:
      g_value_set_enum (value, iri_gtk_entry_get_display_policy (self));
      break;
    case PROP_MISSING_GLYPHS:
      g_value_set_boolean (value, iri_gtk_entry_get_missing_glyphs (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_gtk_entry_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  IriGtkEntry *self = IRI_GTK_ENTRY (object);

  /* GtkEditable's delegation would replace the text even when it is the
   * same (gtk_editable_set_text() deletes and inserts); setting the
   * property to the current text must change and notify nothing. */
  if (prop_id == N_PROPS + GTK_EDITABLE_PROP_TEXT)
    {
      iri_gtk_entry_set_text (self, g_value_get_string (value));
      return;
    }

  if (gtk_editable_delegate_set_property (object, prop_id, value, pspec))
    return;

  switch (prop_id)
    {
    case PROP_URI_HOST_MAPPING:
      iri_gtk_entry_set_uri_host_mapping (self, g_value_get_enum (value));
      break;
    case PROP_DISPLAY_MODE:
      iri_gtk_entry_set_display_mode (self, g_value_get_enum (value));
      break;
    case PROP_SHOW_PREVIEW:
      iri_gtk_entry_set_show_preview (self, g_value_get_boolean (value));
      break;
    case PROP_KNOWN_HOSTS:
      iri_gtk_entry_set_known_hosts (self, g_value_get_boxed (value));
      break;
    case PROP_CONVERT_URIS:
      iri_gtk_entry_set_convert_uris (self, g_value_get_boolean (value));
      break;
    case PROP_DISPLAY_POLICY:
      iri_gtk_entry_set_display_policy (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_gtk_entry_dispose (GObject *object)
{
  IriGtkEntry *self = IRI_GTK_ENTRY (object);

  if (self->text != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->text, self);
      gtk_editable_finish_delegate (GTK_EDITABLE (self));
    }
  g_clear_pointer (&self->text, gtk_widget_unparent);
  g_clear_handle_id (&self->preview_id, g_source_remove);
  g_clear_pointer (&self->preview, gtk_widget_unparent);
  g_clear_pointer (&self->preview_status, gtk_widget_unparent);
  g_clear_pointer (&self->notice, gtk_widget_unparent);
  self->preview_status_label = NULL;
  self->preview_label = NULL;
  self->copy_button = NULL;
  g_clear_pointer (&self->preview_status_text, g_free);

  G_OBJECT_CLASS (iri_gtk_entry_parent_class)->dispose (object);
}

static void
iri_gtk_entry_class_init (IriGtkEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);


  object_class->dispose = iri_gtk_entry_dispose;
  object_class->get_property = iri_gtk_entry_get_property;
  object_class->set_property = iri_gtk_entry_set_property;

  widget_class->grab_focus = iri_gtk_entry_grab_focus;
  widget_class->focus = iri_gtk_text_owner_focus;
  widget_class->mnemonic_activate = iri_gtk_entry_mnemonic_activate;

  /**
   * IriGtkEntry:uri:
   *
   * The URI the text maps to (RFC 3987bis §3), with the host mapped as
   * [property@IriGtk.Entry:uri-host-mapping] says: what
   * [func@Iri.to_uri] returns for the text.
   *
   * It is `NULL` when the mapping fails, which only an IDNA mapping can
   * do (a host that IDNA refuses); a diagnostic then says why.
   *
   * Since: 0.1
   */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkEntry:uri-host-mapping:
   *
   * How a non-ASCII host is written in [property@IriGtk.Entry:uri]:
   * percent-encoded (§3.4.1), by IDNA2008, or by UTS #46 (the default,
   * what libidn2 and current browsers do), transitional or not.
   *
   * Since: 0.1
   */
  properties[PROP_URI_HOST_MAPPING] =
    g_param_spec_enum ("uri-host-mapping", NULL, NULL,
                       IRI_TYPE_HOST_MAPPING, IRI_HOST_MAPPING_UTS46,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkEntry:display-mode:
   *
   * How the IRI is laid out.  [enum@Iri.DisplayMode.EMBED] is RFC
   * 3987bis §4.1: the Unicode Bidirectional Algorithm inside one
   * left-to-right embedding.  With [enum@Iri.DisplayMode.ISOLATE] the IRI
   * delimiters count as strong left-to-right characters, so no
   * right-to-left run crosses from one component into the next
   * (Chromium's URL mode); the text is the same either way.
   *
   * Since: 0.1
   */
  properties[PROP_DISPLAY_MODE] =
    g_param_spec_enum ("display-mode", NULL, NULL,
                       IRI_TYPE_DISPLAY_MODE, IRI_DISPLAY_EMBED,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkEntry:diagnostics:
   *
   * The findings about the text, a list model of [class@Iri.Diagnostic],
   * most severe first, then by position.
   *
   * The model is the same object for the life of the entry; its items
   * change (with [signal@Gio.ListModel::items-changed]) only where the
   * findings do.
   *
   * Since: 0.1
   */
  properties[PROP_DIAGNOSTICS] =
    g_param_spec_object ("diagnostics", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkEntry:highest-severity:
   *
   * The severity of the most severe finding, or
   * [enum@Iri.Severity.NONE] when there is none.
   *
   * Since: 0.1
   */
  properties[PROP_HIGHEST_SEVERITY] =
    g_param_spec_enum ("highest-severity", NULL, NULL,
                       IRI_TYPE_SEVERITY, IRI_SEVERITY_NONE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkEntry:show-preview:
   *
   * Whether [property@IriGtk.Entry:uri] is shown under the entry, in a
   * selectable label with a button that copies it.  A long URI is shown
   * on one line, shortened in the middle; the button copies all of it.
   *
   * When the URI is not valid by RFC 3986 (the mapping keeps what the
   * IRI got wrong, such as `%zz`), the preview says so and why, in the
   * error style and to assistive technologies, and the button says that
   * it copies an invalid URI.
   *
   * The preview follows every change of the text, except keys typed
   * less than 40 ms apart (a key held down, a tool typing): it then
   * follows once they pause for 100 ms, so that the entry itself keeps
   * up with every key.  [property@IriGtk.Entry:uri] is always current.
   *
   * Since: 0.1
   */
  properties[PROP_SHOW_PREVIEW] =
    g_param_spec_boolean ("show-preview", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkEntry:known-hosts:
   *
   * Host names the user trusts.  A host that looks like one of them
   * without being it gets a `confusable-known-host` warning (see
   * [property@Iri.Analyzer:known-hosts]).
   *
   * Since: 0.1
   */
  properties[PROP_KNOWN_HOSTS] =
    g_param_spec_boxed ("known-hosts", NULL, NULL,
                        G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkEntry:convert-uris:
   *
   * Whether a pasted or dropped URI is shown as the IRI it stands for
   * (RFC 3987bis §3.7): `http://xn--4gbrim.example/%D8%A8` becomes the
   * Arabic it encodes.  Only a text that is a URI reference as a whole is
   * converted, and only what is safe to decode is decoded: bidi controls,
   * invisible characters and bytes that are not UTF-8 stay
   * percent-encoded.  The conversion is part of the paste, one undo step.
   *
   * Since: 0.1
   */
  properties[PROP_CONVERT_URIS] =
    g_param_spec_boolean ("convert-uris", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkEntry:display-policy:
   *
   * How much of a pasted or dropped URI is decoded when
   * [property@IriGtk.Entry:convert-uris] is on, and of the links offered
   * from a pasted paragraph: the level of the [class@Iri.DisplayPolicy]
   * the entry applies, with [property@IriGtk.Entry:known-hosts] as its
   * known hosts.
   *
   * With [enum@Iri.DisplayLevel.STRICT] (the default, what browsers do)
   * a host label that a spoofing rule flags stays an A-label: pasting
   * `http://xn--80ak6aa92e.com/` keeps it as it is rather than showing
   * Cyrillic letters that read as "apple".
   * [enum@Iri.DisplayLevel.PERMISSIVE] decodes whatever RFC 3987bis §3.7
   * allows, for teaching and debugging.  Under both, a look-alike of a
   * delimiter (§5.1), a bidi control or an invisible character stays
   * percent-encoded.  The text already in the entry does not change.
   *
   * Since: 0.1
   */
  properties[PROP_DISPLAY_POLICY] =
    g_param_spec_enum ("display-policy", NULL, NULL,
                       IRI_TYPE_DISPLAY_LEVEL, IRI_DISPLAY_STRICT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkEntry:missing-glyphs:
   *
   * Whether some units are shown percent-encoded because the font has
   * no glyph for their characters (RFC 3987bis §7.6).  Only the display
   * changes; the entry then also shows a notice naming the characters.
   *
   * Since: 0.1
   */
  properties[PROP_MISSING_GLYPHS] =
    g_param_spec_boolean ("missing-glyphs", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_editable_install_properties (object_class, N_PROPS);

  /**
   * IriGtkEntry::activate:
   * @self: the entry
   *
   * Emitted when the user presses Enter in the entry.
   *
   * Since: 0.1
   */
  signals[ACTIVATE] =
    g_signal_new ("activate",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "iri-entry");
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TEXT_BOX);
#else
  /* With GTK 4.8 the text is the text box (see iri_gtk_text_new()). */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
#endif
}

static void
iri_gtk_entry_init (IriGtkEntry *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkWidget *image;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);

  self->text = iri_gtk_text_new (TRUE);
  gtk_widget_set_hexpand (self->text, TRUE);
  gtk_widget_add_css_class (self->text, "iri");
  gtk_widget_set_parent (self->text, GTK_WIDGET (self));
  gtk_editable_init_delegate (GTK_EDITABLE (self));
  g_signal_connect_swapped (self->text, "notify", G_CALLBACK (text_notify_cb), self);
  g_signal_connect_swapped (self->text, "activate", G_CALLBACK (text_activate_cb), self);

  self->preview = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (self->preview, "preview");
  gtk_widget_set_visible (self->preview, FALSE);
  gtk_widget_set_parent (self->preview, GTK_WIDGET (self));

  /* One line, shortened in the middle so that the scheme and host stay
   * in view with the end of the path; the copy button copies it whole.
   * Not wrapped: a URI has no spaces, and Pango breaks such a line by
   * trying one character after another, each try shaping the rest of
   * the paragraph, which GtkLabel's height-for-width measure repeats:
   * seconds per keystroke for a few thousand characters (issue 14), and
   * a preview as tall as the window. */
  self->preview_label = gtk_label_new (NULL);
  gtk_label_set_selectable (GTK_LABEL (self->preview_label), TRUE);
  gtk_label_set_single_line_mode (GTK_LABEL (self->preview_label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (self->preview_label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->preview_label), 40);
  gtk_label_set_xalign (GTK_LABEL (self->preview_label), 0.0);
  gtk_widget_set_hexpand (self->preview_label, TRUE);
  /* Not a tab stop.  A selectable GtkLabel's focus vfunc takes the focus
   * without asking whether it may and says it did: with only
   * focusable off, Tab stopped here without moving (a keyboard trap).
   * can-focus off keeps the focus chain out of it. */
  gtk_widget_set_focusable (self->preview_label, FALSE);
  gtk_widget_set_can_focus (self->preview_label, FALSE);
  gtk_box_append (GTK_BOX (self->preview), self->preview_label);

  self->copy_button = gtk_button_new ();
  image = gtk_image_new_from_icon_name ("edit-copy-symbolic");
  gtk_button_set_child (GTK_BUTTON (self->copy_button), image);
  gtk_widget_add_css_class (self->copy_button, "flat");
  gtk_widget_add_css_class (self->copy_button, "copy");
  gtk_widget_set_valign (self->copy_button, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (self->copy_button, _("Copy URI"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->copy_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Copy URI"), -1);
  g_signal_connect_swapped (self->copy_button, "clicked", G_CALLBACK (copy_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->preview), self->copy_button);

  self->preview_status = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (self->preview_status, "preview-status");
  gtk_widget_add_css_class (self->preview_status, "error");
  gtk_widget_set_visible (self->preview_status, FALSE);
  gtk_widget_set_parent (self->preview_status, GTK_WIDGET (self));
  image = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Warning"), -1);
  gtk_box_append (GTK_BOX (self->preview_status), image);
  /* One line: the reason may quote a long URI; the tooltip has it all. */
  self->preview_status_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->preview_status_label), 0.0);
  gtk_label_set_single_line_mode (GTK_LABEL (self->preview_status_label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (self->preview_status_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (self->preview_status_label), 40);
  gtk_widget_set_hexpand (self->preview_status_label, TRUE);
  gtk_box_append (GTK_BOX (self->preview_status), self->preview_status_label);

  self->notice = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->notice), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->notice), 0.0);
  gtk_label_set_max_width_chars (GTK_LABEL (self->notice), 40);
  gtk_widget_add_css_class (self->notice, "notice");
  gtk_widget_add_css_class (self->notice, "dim-label");
  gtk_widget_set_visible (self->notice, FALSE);
  gtk_widget_set_parent (self->notice, GTK_WIDGET (self));

#if GTK_CHECK_VERSION (4, 10, 0)
  iri_gtk_text_set_accessible_owner (IRI_GTK_TEXT (self->text), GTK_ACCESSIBLE (self));
#else
  /* GTK 4.8: the text is the text box; it takes its name from the
   * entry's label and carries the description and the invalid state. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->text), GTK_ACCESSIBLE_RELATION_LABELLED_BY, self, NULL, -1);
#endif
  update_notice (self);
}

/**
 * iri_gtk_entry_new:
 *
 * Creates an empty entry.
 *
 * Returns: (transfer floating): a new entry
 *
 * Since: 0.1
 */
GtkWidget *
iri_gtk_entry_new (void)
{
  return g_object_new (IRI_GTK_TYPE_ENTRY, NULL);
}

/**
 * iri_gtk_entry_get_text:
 * @self: an entry
 *
 * Gets the text, in logical order: exactly what was typed or pasted.
 *
 * Returns: (transfer none): the text
 *
 * Since: 0.1
 */
const char *
iri_gtk_entry_get_text (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), NULL);

  return iri_gtk_text_get_text (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_entry_set_text:
 * @self: an entry
 * @text: the text, in logical order
 *
 * Replaces the text and clears the undo history, as setting the text
 * property of [class@Gtk.Entry] does; it does nothing, and notifies
 * nothing, when @text is the current text.  To replace the user's text
 * in a way the user can undo, use [method@Gtk.Editable.set_text]: the
 * old text comes back with one undo.
 *
 * Since: 0.1
 */
void
iri_gtk_entry_set_text (IriGtkEntry *self,
                        const char  *text)
{
  g_return_if_fail (IRI_GTK_IS_ENTRY (self));

  iri_gtk_text_set_text (IRI_GTK_TEXT (self->text), text);
}

/**
 * iri_gtk_entry_get_uri:
 * @self: an entry
 *
 * Gets the URI the text maps to.  See [property@IriGtk.Entry:uri].
 *
 * Returns: (transfer none) (nullable): the URI, or `NULL` when the host
 *   cannot be mapped
 *
 * Since: 0.1
 */
const char *
iri_gtk_entry_get_uri (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), NULL);

  return iri_gtk_text_get_uri (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_entry_get_uri_host_mapping:
 * @self: an entry
 *
 * Gets how hosts are mapped in [property@IriGtk.Entry:uri].
 *
 * Returns: the host mapping
 *
 * Since: 0.1
 */
IriHostMapping
iri_gtk_entry_get_uri_host_mapping (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), IRI_HOST_MAPPING_UTS46);

  return iri_gtk_text_get_uri_host_mapping (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_entry_set_uri_host_mapping:
 * @self: an entry
 * @mapping: the host mapping
 *
 * Sets how hosts are mapped in [property@IriGtk.Entry:uri].
 *
 * Since: 0.1
 */
void
iri_gtk_entry_set_uri_host_mapping (IriGtkEntry    *self,
                                    IriHostMapping  mapping)
{
  g_return_if_fail (IRI_GTK_IS_ENTRY (self));

  iri_gtk_text_set_uri_host_mapping (IRI_GTK_TEXT (self->text), mapping);
}

/**
 * iri_gtk_entry_get_display_mode:
 * @self: an entry
 *
 * Gets how the IRI is laid out.
 *
 * Returns: the display mode
 *
 * Since: 0.1
 */
IriDisplayMode
iri_gtk_entry_get_display_mode (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), IRI_DISPLAY_EMBED);

  return iri_gtk_text_get_display_mode (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_entry_set_display_mode:
 * @self: an entry
 * @mode: the display mode
 *
 * Sets how the IRI is laid out.  See [property@IriGtk.Entry:display-mode].
 *
 * Since: 0.1
 */
void
iri_gtk_entry_set_display_mode (IriGtkEntry    *self,
                                IriDisplayMode  mode)
{
  g_return_if_fail (IRI_GTK_IS_ENTRY (self));

  iri_gtk_text_set_display_mode (IRI_GTK_TEXT (self->text), mode);
}

/**
 * iri_gtk_entry_get_diagnostics:
 * @self: an entry
 *
 * Gets the findings about the text.  See
 * [property@IriGtk.Entry:diagnostics].
 *
 * Returns: (transfer none): a list model of [class@Iri.Diagnostic]
 *
 * Since: 0.1
 */
GListModel *
iri_gtk_entry_get_diagnostics (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), NULL);

  return iri_gtk_text_get_diagnostics (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_entry_get_highest_severity:
 * @self: an entry
 *
 * Gets the severity of the most severe finding.
 *
 * Returns: the severity, or [enum@Iri.Severity.NONE]
 *
 * Since: 0.1
 */
IriSeverity
iri_gtk_entry_get_highest_severity (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), IRI_SEVERITY_NONE);

  return iri_gtk_text_get_highest_severity (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_entry_get_show_preview:
 * @self: an entry
 *
 * Gets whether the URI is shown under the entry.
 *
 * Returns: whether the preview is shown
 *
 * Since: 0.1
 */
gboolean
iri_gtk_entry_get_show_preview (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), FALSE);

  return self->show_preview;
}

/**
 * iri_gtk_entry_set_show_preview:
 * @self: an entry
 * @show_preview: whether to show the URI under the entry
 *
 * Sets whether the URI is shown under the entry.
 *
 * Since: 0.1
 */
void
iri_gtk_entry_set_show_preview (IriGtkEntry *self,
                                gboolean     show_preview)
{
  g_return_if_fail (IRI_GTK_IS_ENTRY (self));

  show_preview = !!show_preview;
  if (self->show_preview == show_preview)
    return;

  self->show_preview = show_preview;
  gtk_widget_set_visible (self->preview, show_preview);
  update_preview (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_PREVIEW]);
}

/**
 * iri_gtk_entry_get_known_hosts:
 * @self: an entry
 *
 * Gets the host names the user trusts.
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the hosts
 *
 * Since: 0.1
 */
const char * const *
iri_gtk_entry_get_known_hosts (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), NULL);

  return iri_gtk_text_get_known_hosts (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_entry_set_known_hosts:
 * @self: an entry
 * @known_hosts: (nullable) (array zero-terminated=1): host names
 *
 * Sets the host names the user trusts.  See
 * [property@IriGtk.Entry:known-hosts].
 *
 * Since: 0.1
 */
void
iri_gtk_entry_set_known_hosts (IriGtkEntry        *self,
                               const char * const *known_hosts)
{
  g_return_if_fail (IRI_GTK_IS_ENTRY (self));

  iri_gtk_text_set_known_hosts (IRI_GTK_TEXT (self->text), known_hosts);
}

/**
 * iri_gtk_entry_get_convert_uris:
 * @self: an entry
 *
 * Gets whether pasted and dropped URIs are shown as IRIs.
 *
 * Returns: whether URIs are converted
 *
 * Since: 0.1
 */
gboolean
iri_gtk_entry_get_convert_uris (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), FALSE);

  return iri_gtk_text_get_convert_uris (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_entry_set_convert_uris:
 * @self: an entry
 * @convert_uris: whether to convert pasted and dropped URIs
 *
 * Sets whether pasted and dropped URIs are shown as IRIs.  See
 * [property@IriGtk.Entry:convert-uris].
 *
 * Since: 0.1
 */
void
iri_gtk_entry_set_convert_uris (IriGtkEntry *self,
                                gboolean     convert_uris)
{
  g_return_if_fail (IRI_GTK_IS_ENTRY (self));

  iri_gtk_text_set_convert_uris (IRI_GTK_TEXT (self->text), convert_uris);
}

/**
 * iri_gtk_entry_get_display_policy:
 * @self: an entry
 *
 * Gets how much of a pasted or dropped URI is decoded.  See
 * [property@IriGtk.Entry:display-policy].
 *
 * Returns: the display level
 *
 * Since: 0.1
 */
IriDisplayLevel
iri_gtk_entry_get_display_policy (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), IRI_DISPLAY_STRICT);

  return iri_gtk_text_get_display_policy (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_entry_set_display_policy:
 * @self: an entry
 * @level: the display level
 *
 * Sets how much of a pasted or dropped URI is decoded.  See
 * [property@IriGtk.Entry:display-policy].
 *
 * Since: 0.1
 */
void
iri_gtk_entry_set_display_policy (IriGtkEntry     *self,
                                  IriDisplayLevel  level)
{
  g_return_if_fail (IRI_GTK_IS_ENTRY (self));

  iri_gtk_text_set_display_policy (IRI_GTK_TEXT (self->text), level);
}

/**
 * iri_gtk_entry_get_missing_glyphs:
 * @self: an entry
 *
 * Gets whether some units are shown percent-encoded because the font
 * cannot display them.  See [property@IriGtk.Entry:missing-glyphs].
 *
 * Returns: whether glyphs are missing
 *
 * Since: 0.1
 */
gboolean
iri_gtk_entry_get_missing_glyphs (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), FALSE);

  return iri_gtk_text_get_missing_glyphs (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_entry_get_analysis:
 * @self: an entry
 *
 * Gets the analysis of the current text: its units, bidi layout, URI
 * mappings and diagnostics.  A new analysis is made after every change,
 * so do not keep this one past the next change without a reference.
 *
 * Returns: (transfer none): the analysis
 *
 * Since: 0.1
 */
IriAnalysis *
iri_gtk_entry_get_analysis (IriGtkEntry *self)
{
  g_return_val_if_fail (IRI_GTK_IS_ENTRY (self), NULL);

  return iri_gtk_text_get_analysis (IRI_GTK_TEXT (self->text));
}
