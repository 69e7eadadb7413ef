/* iri-gtk-view.c: a read-only display of an IRI
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-gtk-init-private.h"
#include "iri-gtk-text-private.h"
#include "iri-gtk-view.h"

/**
 * IriGtkView:
 *
 * Shows an IRI: read-only, selectable, sized for lists.
 *
 * `IriGtkView` renders an IRI as [class@IriGtk.Entry] does — in a
 * left-to-right embedding (RFC 3987bis §4.1), with its units coloured
 * and its findings underlined, bidi controls escaped and units the font
 * cannot display percent-encoded — for places that show IRIs rather than
 * edit them: history, bookmarks, search results.  The text can be
 * selected and copied (in logical order), and the context menu has
 * "Copy as URI".
 *
 * When it has less room than the IRI needs and
 * [property@IriGtk.View:ellipsize] is on (the default), it elides in
 * logical order from the start of the path, keeping the end of the path
 * (`https://example.com/…/report.pdf`), then the userinfo; never inside
 * the host, so the registrable domain is always shown.  Its minimum
 * width is that of the shortest such form, so the host is never cut off
 * either.  Selecting and copying still give the whole IRI.
 *
 * ## CSS nodes
 *
 * ```
 * iri-view
 * ╰── iri-text
 *     ├── unit.scheme, unit.host, …, unit.ellipsis
 *     ╰── diagnostic.error, diagnostic.warning, diagnostic.info
 * ```
 *
 * See [class@IriGtk.Entry] for the `unit` and `diagnostic` nodes.
 *
 * ## Accessibility
 *
 * `IriGtkView` has the [enum@Gtk.AccessibleRole.LABEL] role, with the
 * IRI as its label and the most severe finding as its description.  With
 * GTK 4.14 or newer it implements `GtkAccessibleText`, like
 * [class@IriGtk.Entry].
 *
 * Since: 0.1
 */

struct _IriGtkView
{
  GtkWidget  parent_instance;

  GtkWidget *text;
};

enum {
  PROP_0,
  PROP_TEXT,
  PROP_URI,
  PROP_URI_HOST_MAPPING,
  PROP_DISPLAY_MODE,
  PROP_DIAGNOSTICS,
  PROP_HIGHEST_SEVERITY,
  PROP_KNOWN_HOSTS,
  PROP_DISPLAY_POLICY,
  PROP_ELLIPSIZE,
  PROP_MISSING_GLYPHS,
  N_PROPS,
};

static GParamSpec *properties[N_PROPS];

G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* GtkAccessibleText is newer than GDK_VERSION_MAX_ALLOWED */
G_DEFINE_FINAL_TYPE_WITH_CODE (IriGtkView, iri_gtk_view, GTK_TYPE_WIDGET,
                               IRI_GTK_IMPLEMENT_ACCESSIBLE_OWNER
                               IRI_GTK_IMPLEMENT_ACCESSIBLE_TEXT)
G_GNUC_END_IGNORE_DEPRECATIONS

static void
text_notify_cb (IriGtkView *self,
                GParamSpec *pspec,
                GtkWidget  *text)
{
  static const struct {
    const char *name;
    guint       prop;
  } forwarded[] = {
    { "text", PROP_TEXT },
    { "uri", PROP_URI },
    { "uri-host-mapping", PROP_URI_HOST_MAPPING },
    { "display-mode", PROP_DISPLAY_MODE },
    { "highest-severity", PROP_HIGHEST_SEVERITY },
    { "known-hosts", PROP_KNOWN_HOSTS },
    { "display-policy", PROP_DISPLAY_POLICY },
    { "elide", PROP_ELLIPSIZE },
    { "missing-glyphs", PROP_MISSING_GLYPHS },
  };
  const char *name = g_param_spec_get_name (pspec);

  for (gsize k = 0; k < G_N_ELEMENTS (forwarded); k++)
    {
      if (g_str_equal (name, forwarded[k].name))
        {
          g_object_notify_by_pspec (G_OBJECT (self), properties[forwarded[k].prop]);
          return;
        }
    }
}

static gboolean
iri_gtk_view_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (IRI_GTK_VIEW (widget)->text);
}

static void
iri_gtk_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  IriGtkView *self = IRI_GTK_VIEW (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, iri_gtk_view_get_text (self));
      break;
    case PROP_URI:
      g_value_set_string (value, iri_gtk_view_get_uri (self));
      break;
    case PROP_URI_HOST_MAPPING:
      g_value_set_enum (value, iri_gtk_view_get_uri_host_mapping (self));
      break;
    case PROP_DISPLAY_MODE:
      g_value_set_enum (value, iri_gtk_view_get_display_mode (self));
      break;
    case PROP_DIAGNOSTICS:
      g_value_set_object (value, iri_gtk_view_get_diagnostics (self));
      break;
    case PROP_HIGHEST_SEVERITY:
      g_value_set_enum (value, iri_gtk_view_get_highest_severity (self));
      break;
    case PROP_KNOWN_HOSTS:
      g_value_set_boxed (value, iri_gtk_view_get_known_hosts (self));
      break;
    case PROP_DISPLAY_POLICY:
      g_value_set_enum (value, iri_gtk_view_get_display_policy (self));
      break;
    case PROP_ELLIPSIZE:
      g_value_set_boolean (value, iri_gtk_view_get_ellipsize (self));
      break;
    case PROP_MISSING_GLYPHS:
      g_value_set_boolean (value, iri_gtk_view_get_missing_glyphs (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_gtk_view_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  IriGtkView *self = IRI_GTK_VIEW (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      iri_gtk_view_set_text (self, g_value_get_string (value));
      break;
    case PROP_URI_HOST_MAPPING:
      iri_gtk_view_set_uri_host_mapping (self, g_value_get_enum (value));
      break;
    case PROP_DISPLAY_MODE:
      iri_gtk_view_set_display_mode (self, g_value_get_enum (value));
      break;
    case PROP_KNOWN_HOSTS:
      iri_gtk_view_set_known_hosts (self, g_value_get_boxed (value));
      break;
    case PROP_DISPLAY_POLICY:
      iri_gtk_view_set_display_policy (self, g_value_get_enum (value));
      break;
    case PROP_ELLIPSIZE:
      iri_gtk_view_set_ellipsize (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_gtk_view_dispose (GObject *object)
{
  IriGtkView *self = IRI_GTK_VIEW (object);

  if (self->text != NULL)
    g_signal_handlers_disconnect_by_data (self->text, self);
  g_clear_pointer (&self->text, gtk_widget_unparent);

  G_OBJECT_CLASS (iri_gtk_view_parent_class)->dispose (object);
}

static void
iri_gtk_view_class_init (IriGtkViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);


  object_class->dispose = iri_gtk_view_dispose;
  object_class->get_property = iri_gtk_view_get_property;
  object_class->set_property = iri_gtk_view_set_property;

  widget_class->grab_focus = iri_gtk_view_grab_focus;
  widget_class->focus = iri_gtk_text_owner_focus;

  /**
   * IriGtkView:text:
   *
   * The IRI shown, in logical order.
   *
   * Since: 0.1
   */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkView:uri:
   *
   * The URI the text maps to; see [property@IriGtk.Entry:uri].
   *
   * Since: 0.1
   */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkView:uri-host-mapping:
   *
   * How hosts are mapped in [property@IriGtk.View:uri]; see
   * [property@IriGtk.Entry:uri-host-mapping].
   *
   * Since: 0.1
   */
  properties[PROP_URI_HOST_MAPPING] =
    g_param_spec_enum ("uri-host-mapping", NULL, NULL,
                       IRI_TYPE_HOST_MAPPING, IRI_HOST_MAPPING_UTS46,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkView:display-mode:
   *
   * How the IRI is laid out; see [property@IriGtk.Entry:display-mode].
   *
   * Since: 0.1
   */
  properties[PROP_DISPLAY_MODE] =
    g_param_spec_enum ("display-mode", NULL, NULL,
                       IRI_TYPE_DISPLAY_MODE, IRI_DISPLAY_EMBED,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkView:diagnostics:
   *
   * The findings about the IRI, a list model of [class@Iri.Diagnostic];
   * see [property@IriGtk.Entry:diagnostics].
   *
   * Since: 0.1
   */
  properties[PROP_DIAGNOSTICS] =
    g_param_spec_object ("diagnostics", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkView:highest-severity:
   *
   * The severity of the most severe finding.
   *
   * Since: 0.1
   */
  properties[PROP_HIGHEST_SEVERITY] =
    g_param_spec_enum ("highest-severity", NULL, NULL,
                       IRI_TYPE_SEVERITY, IRI_SEVERITY_NONE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkView:known-hosts:
   *
   * Host names the user trusts; see [property@IriGtk.Entry:known-hosts].
   *
   * Since: 0.1
   */
  properties[PROP_KNOWN_HOSTS] =
    g_param_spec_boxed ("known-hosts", NULL, NULL,
                        G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkView:display-policy:
   *
   * The level of the display policy; see
   * [property@IriGtk.Entry:display-policy].  A view shows its text as it
   * is given and takes no paste or drop, so the level changes nothing it
   * shows today; it is kept with the view's other settings so that one
   * binding serves an entry and the views next to it alike.
   *
   * Since: 0.1
   */
  properties[PROP_DISPLAY_POLICY] =
    g_param_spec_enum ("display-policy", NULL, NULL,
                       IRI_TYPE_DISPLAY_LEVEL, IRI_DISPLAY_STRICT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkView:ellipsize:
   *
   * Whether the IRI is elided when it does not fit: from the start of
   * the path, then the userinfo, never inside the host.
   *
   * Since: 0.1
   */
  properties[PROP_ELLIPSIZE] =
    g_param_spec_boolean ("ellipsize", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriGtkView:missing-glyphs:
   *
   * Whether some units are shown percent-encoded because the font cannot
   * display them; see [property@IriGtk.Entry:missing-glyphs].
   *
   * Since: 0.1
   */
  properties[PROP_MISSING_GLYPHS] =
    g_param_spec_boolean ("missing-glyphs", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "iri-view");
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
#else
  /* With GTK 4.8 the text is the label (see iri_gtk_text_new()). */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
#endif
}

static void
iri_gtk_view_init (IriGtkView *self)
{
  self->text = iri_gtk_text_new (FALSE);
  iri_gtk_text_set_elide (IRI_GTK_TEXT (self->text), TRUE);
  gtk_widget_set_parent (self->text, GTK_WIDGET (self));
  g_signal_connect_swapped (self->text, "notify", G_CALLBACK (text_notify_cb), self);
#if GTK_CHECK_VERSION (4, 10, 0)
  iri_gtk_text_set_accessible_owner (IRI_GTK_TEXT (self->text), GTK_ACCESSIBLE (self));
#endif
}

/**
 * iri_gtk_view_new:
 * @text: (nullable): the IRI to show
 *
 * Creates a view showing @text.
 *
 * Returns: (transfer floating): a new view
 *
 * Since: 0.1
 */
GtkWidget *
iri_gtk_view_new (const char *text)
{
  return g_object_new (IRI_GTK_TYPE_VIEW, "text", text != NULL ? text : "", NULL);
}

/**
 * iri_gtk_view_get_text:
 * @self: a view
 *
 * Gets the IRI shown, in logical order.
 *
 * Returns: (transfer none): the text
 *
 * Since: 0.1
 */
const char *
iri_gtk_view_get_text (IriGtkView *self)
{
  g_return_val_if_fail (IRI_GTK_IS_VIEW (self), NULL);

  return iri_gtk_text_get_text (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_view_set_text:
 * @self: a view
 * @text: (nullable): the IRI to show, in logical order
 *
 * Sets the IRI shown.
 *
 * Since: 0.1
 */
void
iri_gtk_view_set_text (IriGtkView *self,
                       const char *text)
{
  g_return_if_fail (IRI_GTK_IS_VIEW (self));

  iri_gtk_text_set_text (IRI_GTK_TEXT (self->text), text);
}

/**
 * iri_gtk_view_get_uri:
 * @self: a view
 *
 * Gets the URI the IRI maps to.
 *
 * Returns: (transfer none) (nullable): the URI, or `NULL` when the host
 *   cannot be mapped
 *
 * Since: 0.1
 */
const char *
iri_gtk_view_get_uri (IriGtkView *self)
{
  g_return_val_if_fail (IRI_GTK_IS_VIEW (self), NULL);

  return iri_gtk_text_get_uri (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_view_get_uri_host_mapping:
 * @self: a view
 *
 * Gets how hosts are mapped in [property@IriGtk.View:uri].
 *
 * Returns: the host mapping
 *
 * Since: 0.1
 */
IriHostMapping
iri_gtk_view_get_uri_host_mapping (IriGtkView *self)
{
  g_return_val_if_fail (IRI_GTK_IS_VIEW (self), IRI_HOST_MAPPING_UTS46);

  return iri_gtk_text_get_uri_host_mapping (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_view_set_uri_host_mapping:
 * @self: a view
 * @mapping: the host mapping
 *
 * Sets how hosts are mapped in [property@IriGtk.View:uri].
 *
 * Since: 0.1
 */
void
iri_gtk_view_set_uri_host_mapping (IriGtkView     *self,
                                   IriHostMapping  mapping)
{
  g_return_if_fail (IRI_GTK_IS_VIEW (self));

  iri_gtk_text_set_uri_host_mapping (IRI_GTK_TEXT (self->text), mapping);
}

/**
 * iri_gtk_view_get_display_mode:
 * @self: a view
 *
 * Gets how the IRI is laid out.
 *
 * Returns: the display mode
 *
 * Since: 0.1
 */
IriDisplayMode
iri_gtk_view_get_display_mode (IriGtkView *self)
{
  g_return_val_if_fail (IRI_GTK_IS_VIEW (self), IRI_DISPLAY_EMBED);

  return iri_gtk_text_get_display_mode (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_view_set_display_mode:
 * @self: a view
 * @mode: the display mode
 *
 * Sets how the IRI is laid out.
 *
 * Since: 0.1
 */
void
iri_gtk_view_set_display_mode (IriGtkView     *self,
                               IriDisplayMode  mode)
{
  g_return_if_fail (IRI_GTK_IS_VIEW (self));

  iri_gtk_text_set_display_mode (IRI_GTK_TEXT (self->text), mode);
}

/**
 * iri_gtk_view_get_diagnostics:
 * @self: a view
 *
 * Gets the findings about the IRI.
 *
 * Returns: (transfer none): a list model of [class@Iri.Diagnostic]
 *
 * Since: 0.1
 */
GListModel *
iri_gtk_view_get_diagnostics (IriGtkView *self)
{
  g_return_val_if_fail (IRI_GTK_IS_VIEW (self), NULL);

  return iri_gtk_text_get_diagnostics (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_view_get_highest_severity:
 * @self: a view
 *
 * Gets the severity of the most severe finding.
 *
 * Returns: the severity, or [enum@Iri.Severity.NONE]
 *
 * Since: 0.1
 */
IriSeverity
iri_gtk_view_get_highest_severity (IriGtkView *self)
{
  g_return_val_if_fail (IRI_GTK_IS_VIEW (self), IRI_SEVERITY_NONE);

  return iri_gtk_text_get_highest_severity (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_view_get_known_hosts:
 * @self: a view
 *
 * Gets the host names the user trusts.
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the hosts
 *
 * Since: 0.1
 */
const char * const *
iri_gtk_view_get_known_hosts (IriGtkView *self)
{
  g_return_val_if_fail (IRI_GTK_IS_VIEW (self), NULL);

  return iri_gtk_text_get_known_hosts (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_view_set_known_hosts:
 * @self: a view
 * @known_hosts: (nullable) (array zero-terminated=1): host names
 *
 * Sets the host names the user trusts.
 *
 * Since: 0.1
 */
void
iri_gtk_view_set_known_hosts (IriGtkView         *self,
                              const char * const *known_hosts)
{
  g_return_if_fail (IRI_GTK_IS_VIEW (self));

  iri_gtk_text_set_known_hosts (IRI_GTK_TEXT (self->text), known_hosts);
}

/**
 * iri_gtk_view_get_display_policy:
 * @self: a view
 *
 * Gets the level of the display policy.  See
 * [property@IriGtk.View:display-policy].
 *
 * Returns: the display level
 *
 * Since: 0.1
 */
IriDisplayLevel
iri_gtk_view_get_display_policy (IriGtkView *self)
{
  g_return_val_if_fail (IRI_GTK_IS_VIEW (self), IRI_DISPLAY_STRICT);

  return iri_gtk_text_get_display_policy (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_view_set_display_policy:
 * @self: a view
 * @level: the display level
 *
 * Sets the level of the display policy.  See
 * [property@IriGtk.View:display-policy].
 *
 * Since: 0.1
 */
void
iri_gtk_view_set_display_policy (IriGtkView      *self,
                                 IriDisplayLevel  level)
{
  g_return_if_fail (IRI_GTK_IS_VIEW (self));

  iri_gtk_text_set_display_policy (IRI_GTK_TEXT (self->text), level);
}

/**
 * iri_gtk_view_get_ellipsize:
 * @self: a view
 *
 * Gets whether the IRI is elided when it does not fit.
 *
 * Returns: whether the IRI is elided
 *
 * Since: 0.1
 */
gboolean
iri_gtk_view_get_ellipsize (IriGtkView *self)
{
  g_return_val_if_fail (IRI_GTK_IS_VIEW (self), FALSE);

  return iri_gtk_text_get_elide (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_view_set_ellipsize:
 * @self: a view
 * @ellipsize: whether to elide the IRI when it does not fit
 *
 * Sets whether the IRI is elided when it does not fit.  See
 * [property@IriGtk.View:ellipsize].
 *
 * Since: 0.1
 */
void
iri_gtk_view_set_ellipsize (IriGtkView *self,
                            gboolean    ellipsize)
{
  g_return_if_fail (IRI_GTK_IS_VIEW (self));

  iri_gtk_text_set_elide (IRI_GTK_TEXT (self->text), ellipsize);
}

/**
 * iri_gtk_view_get_missing_glyphs:
 * @self: a view
 *
 * Gets whether some units are shown percent-encoded because the font
 * cannot display them.
 *
 * Returns: whether glyphs are missing
 *
 * Since: 0.1
 */
gboolean
iri_gtk_view_get_missing_glyphs (IriGtkView *self)
{
  g_return_val_if_fail (IRI_GTK_IS_VIEW (self), FALSE);

  return iri_gtk_text_get_missing_glyphs (IRI_GTK_TEXT (self->text));
}

/**
 * iri_gtk_view_select_region:
 * @self: a view
 * @start: the first character, in logical order
 * @end: the character after the last, or -1 for the end of the text
 *
 * Selects characters of the IRI shown, as a user would with the mouse:
 * an application can show which part of the IRI a row of a table or a
 * finding is about.  The characters are counted in logical order; the
 * selection is drawn where they are displayed, in one or more pieces.
 *
 * Since: 0.1
 */
void
iri_gtk_view_select_region (IriGtkView *self,
                            int         start,
                            int         end)
{
  g_return_if_fail (IRI_GTK_IS_VIEW (self));

  gtk_editable_select_region (GTK_EDITABLE (self->text), start, end);
}

/**
 * iri_gtk_view_get_analysis:
 * @self: a view
 *
 * Gets the analysis of the IRI shown.
 *
 * Returns: (transfer none): the analysis
 *
 * Since: 0.1
 */
IriAnalysis *
iri_gtk_view_get_analysis (IriGtkView *self)
{
  g_return_val_if_fail (IRI_GTK_IS_VIEW (self), NULL);

  return iri_gtk_text_get_analysis (IRI_GTK_TEXT (self->text));
}
