/* iri-inspector-util.c: names and small helpers shared by the app's pages
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>

#include "iri-inspector-util.h"

const char *
iri_inspector_component_name (IriComponent component)
{
  switch (component)
    {
    case IRI_COMPONENT_IRI: return _("IRI");
    case IRI_COMPONENT_SCHEME: return _("Scheme");
    case IRI_COMPONENT_AUTHORITY: return _("Authority");
    case IRI_COMPONENT_USERINFO: return _("User information");
    case IRI_COMPONENT_HOST: return _("Host");
    case IRI_COMPONENT_HOST_LABEL: return _("Host label");
    case IRI_COMPONENT_PORT: return _("Port");
    case IRI_COMPONENT_PATH: return _("Path");
    case IRI_COMPONENT_PATH_SEGMENT: return _("Path segment");
    case IRI_COMPONENT_PATH_EXTENSION: return _("File extension");
    case IRI_COMPONENT_QUERY: return _("Query");
    case IRI_COMPONENT_QUERY_NAME: return _("Query name");
    case IRI_COMPONENT_QUERY_VALUE: return _("Query value");
    case IRI_COMPONENT_FRAGMENT: return _("Fragment");
    default: return "";
    }
}

const char *
iri_inspector_direction_name (IriDirection direction)
{
  switch (direction)
    {
    /* Translators: the direction of a unit that has no letters */
    case IRI_DIRECTION_NEUTRAL: return _("Neutral");
    case IRI_DIRECTION_LTR: return _("Left-to-right");
    case IRI_DIRECTION_RTL: return _("Right-to-left");
    /* Translators: the direction of a unit with letters of both directions */
    case IRI_DIRECTION_MIXED: return _("Mixed");
    default: return "";
    }
}

const char *
iri_inspector_severity_name (IriSeverity severity)
{
  switch (severity)
    {
    case IRI_SEVERITY_ERROR: return _("Error");
    case IRI_SEVERITY_WARNING: return _("Warning");
    /* Translators: the lowest severity of a finding */
    case IRI_SEVERITY_INFO: return _("Note");
    case IRI_SEVERITY_NONE:
    default: return "";
    }
}

const char *
iri_inspector_severity_icon (IriSeverity severity)
{
  switch (severity)
    {
    case IRI_SEVERITY_ERROR: return "dialog-error-symbolic";
    case IRI_SEVERITY_WARNING: return "dialog-warning-symbolic";
    case IRI_SEVERITY_INFO: return "dialog-information-symbolic";
    case IRI_SEVERITY_NONE:
    default: return "object-select-symbolic";
    }
}

/* The two-letter General_Category values of the UCD (they are not
 * translated: they are the standard's names). */
const char *
iri_inspector_category_code (GUnicodeType type)
{
  static const char *codes[] = {
    [G_UNICODE_CONTROL] = "Cc", [G_UNICODE_FORMAT] = "Cf", [G_UNICODE_UNASSIGNED] = "Cn",
    [G_UNICODE_PRIVATE_USE] = "Co", [G_UNICODE_SURROGATE] = "Cs", [G_UNICODE_LOWERCASE_LETTER] = "Ll",
    [G_UNICODE_MODIFIER_LETTER] = "Lm", [G_UNICODE_OTHER_LETTER] = "Lo", [G_UNICODE_TITLECASE_LETTER] = "Lt",
    [G_UNICODE_UPPERCASE_LETTER] = "Lu", [G_UNICODE_SPACING_MARK] = "Mc", [G_UNICODE_ENCLOSING_MARK] = "Me",
    [G_UNICODE_NON_SPACING_MARK] = "Mn", [G_UNICODE_DECIMAL_NUMBER] = "Nd", [G_UNICODE_LETTER_NUMBER] = "Nl",
    [G_UNICODE_OTHER_NUMBER] = "No", [G_UNICODE_CONNECT_PUNCTUATION] = "Pc", [G_UNICODE_DASH_PUNCTUATION] = "Pd",
    [G_UNICODE_CLOSE_PUNCTUATION] = "Pe", [G_UNICODE_FINAL_PUNCTUATION] = "Pf", [G_UNICODE_INITIAL_PUNCTUATION] = "Pi",
    [G_UNICODE_OTHER_PUNCTUATION] = "Po", [G_UNICODE_OPEN_PUNCTUATION] = "Ps", [G_UNICODE_CURRENCY_SYMBOL] = "Sc",
    [G_UNICODE_MODIFIER_SYMBOL] = "Sk", [G_UNICODE_MATH_SYMBOL] = "Sm", [G_UNICODE_OTHER_SYMBOL] = "So",
    [G_UNICODE_LINE_SEPARATOR] = "Zl", [G_UNICODE_PARAGRAPH_SEPARATOR] = "Zp", [G_UNICODE_SPACE_SEPARATOR] = "Zs",
  };

  if ((guint) type < G_N_ELEMENTS (codes) && codes[type] != NULL)
    return codes[type];
  return "";
}

char *
iri_inspector_scripts_of (const char *text,
                          gsize       length)
{
  g_autoptr(GString) names = g_string_new (NULL);
  GUnicodeScript seen[8];
  guint n_seen = 0;

  for (const char *p = text; p < text + length; p = g_utf8_next_char (p))
    {
      GUnicodeScript script = g_unichar_get_script (g_utf8_get_char (p));
      gboolean known = FALSE;

      if (script == G_UNICODE_SCRIPT_COMMON || script == G_UNICODE_SCRIPT_INHERITED ||
          script == G_UNICODE_SCRIPT_UNKNOWN)
        continue;
      for (guint i = 0; i < n_seen && !known; i++)
        known = seen[i] == script;
      if (known || n_seen == G_N_ELEMENTS (seen))
        continue;
      seen[n_seen++] = script;
      if (names->len > 0)
        g_string_append (names, ", ");
      g_string_append (names, iri_script_get_name (script));
    }
  if (names->len == 0)
    g_string_append (names, iri_script_get_name (G_UNICODE_SCRIPT_COMMON));
  return g_string_free (g_steal_pointer (&names), FALSE);
}

char *
iri_inspector_isolate (const char *text)
{
  /* U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE */
  return g_strconcat ("\xE2\x81\xA6", text, "\xE2\x81\xA9", NULL);
}

guint
iri_inspector_highlight_signal_new (GType type)
{
  return g_signal_new ("highlight", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                       G_TYPE_NONE, 2, G_TYPE_UINT64, G_TYPE_UINT64);
}

void
iri_inspector_list_append_row (GtkListBox *list,
                               GtkWidget  *row,
                               GtkWidget  *child,
                               int         vertical,
                               int         start,
                               int         end)
{
  gtk_widget_set_margin_top (child, vertical);
  gtk_widget_set_margin_bottom (child, vertical);
  gtk_widget_set_margin_start (child, start);
  gtk_widget_set_margin_end (child, end);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), child);
  gtk_list_box_append (list, row);
}

GtkWidget *
iri_inspector_scrolled_page (GtkWidget *content)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();

  gtk_widget_set_margin_top (content, 18);
  gtk_widget_set_margin_bottom (content, 18);
  gtk_widget_set_margin_start (content, 12);
  gtk_widget_set_margin_end (content, 12);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 900);
  adw_clamp_set_child (ADW_CLAMP (clamp), content);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  return scrolled;
}

/* GtkButton names itself after its label (a labelled-by relation to it),
 * and GTK 4.8 puts a label property and that relation together in the
 * name ("Inspect example 5: … Inspect"); the relation goes, so the name
 * is the label given here. */
void
iri_inspector_set_accessible_label (GtkWidget  *button,
                                    const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

/* A bin for wrapping labels (or a box of them) in a vertical list.
 * Asked for its width at a given height, a box of wrapping labels in
 * GTK 4.8 searches for it, asking its labels their height at one width
 * after another (160, 320, 640… px, then halving), and a GtkLabel asked
 * the same lays its text out at width after width; each is a full Pango
 * layout, and a message quoting a mixed-script IRI is costly to shape.
 * A row of a list that scrolls vertically is asked that, although it
 * has no height to give.  This bin answers with the child's width for
 * any height, and its height for a width as the child does: on the
 * Findings page, a keystroke that changed many findings took a third
 * of the time to lay out (issue 14). */
typedef struct
{
  GtkWidget parent_instance;
} IriInspectorWrapBin;

typedef struct
{
  GtkWidgetClass parent_class;
} IriInspectorWrapBinClass;

static GType iri_inspector_wrap_bin_get_type (void);

G_DEFINE_FINAL_TYPE (IriInspectorWrapBin, iri_inspector_wrap_bin, GTK_TYPE_WIDGET)

static void
iri_inspector_wrap_bin_measure (GtkWidget      *widget,
                                GtkOrientation  orientation,
                                int             for_size,
                                int            *minimum,
                                int            *natural,
                                int            *minimum_baseline,
                                int            *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child == NULL)
    return;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    for_size = -1;
  gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

static void
iri_inspector_wrap_bin_size_allocate (GtkWidget *widget,
                                      int        width,
                                      int        height,
                                      int        baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL)
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static GtkSizeRequestMode
iri_inspector_wrap_bin_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
iri_inspector_wrap_bin_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (iri_inspector_wrap_bin_parent_class)->dispose (object);
}

static void
iri_inspector_wrap_bin_class_init (IriInspectorWrapBinClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = iri_inspector_wrap_bin_dispose;
  widget_class->measure = iri_inspector_wrap_bin_measure;
  widget_class->size_allocate = iri_inspector_wrap_bin_size_allocate;
  widget_class->get_request_mode = iri_inspector_wrap_bin_get_request_mode;
}

static void
iri_inspector_wrap_bin_init (IriInspectorWrapBin *self)
{
}

GtkWidget *
iri_inspector_wrap_bin_new (GtkWidget *child)
{
  GtkWidget *bin = g_object_new (iri_inspector_wrap_bin_get_type (), NULL);

  gtk_widget_set_hexpand (bin, gtk_widget_get_hexpand (child));
  gtk_widget_set_parent (child, bin);
  return bin;
}

/* ------------------------------------------------------------------ */
/* Choosing a file                                                     */

typedef struct {
  IriInspectorFileChosen  chosen;
  GObject                *owner;
  gboolean                save;
} FileChoice;

static void
file_choice_free (FileChoice *choice)
{
  g_object_unref (choice->owner);
  g_free (choice);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FileChoice, file_choice_free)

/* GtkFileDialog from GTK 4.10, which deprecates GtkFileChooserNative. */
#if GTK_CHECK_VERSION (4, 10, 0)
static void
file_dialog_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(FileChoice) choice = user_data;
  g_autoptr(GFile) file = choice->save ? gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, NULL)
                                       : gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, NULL);

  /* NULL when the dialog was cancelled or dismissed. */
  if (file != NULL)
    choice->chosen (choice->owner, file);
}
#else
static void
file_chooser_response_cb (GtkNativeDialog *dialog,
                          int              response,
                          gpointer         user_data)
{
  g_autoptr(FileChoice) choice = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL)
        choice->chosen (choice->owner, file);
    }
  g_object_unref (dialog);
}
#endif

void
iri_inspector_choose_file (GtkWindow              *parent,
                           gboolean                save,
                           const char             *title,
                           const char             *accept_label,
                           const char             *initial_name,
                           GListModel             *filters,
                           IriInspectorFileChosen  chosen,
                           GObject                *owner)
{
  FileChoice *choice = g_new0 (FileChoice, 1);
#if GTK_CHECK_VERSION (4, 10, 0)
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
#else
  GtkFileChooserNative *dialog;
#endif

  choice->chosen = chosen;
  choice->owner = g_object_ref (owner);
  choice->save = save;
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_accept_label (dialog, accept_label);
  if (filters != NULL)
    gtk_file_dialog_set_filters (dialog, filters);
  if (initial_name != NULL)
    gtk_file_dialog_set_initial_name (dialog, initial_name);
  if (save)
    gtk_file_dialog_save (dialog, parent, NULL, file_dialog_done_cb, choice);
  else
    gtk_file_dialog_open (dialog, parent, NULL, file_dialog_done_cb, choice);
#else
  dialog = gtk_file_chooser_native_new (title, parent, save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        accept_label, _("_Cancel"));
  for (guint i = 0; filters != NULL && i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
    }
  if (initial_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), initial_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (file_chooser_response_cb), choice);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
#endif
}
