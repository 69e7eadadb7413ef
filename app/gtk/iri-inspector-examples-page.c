/* iri-inspector-examples-page.c: the Examples page
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <iri-gtk.h>

#include "iri-inspector-diagram.h"
#include "iri-inspector-examples-page.h"
#include "iri-inspector-util.h"

/* The values of the "notation" setting. */
typedef enum {
  NOTATION_BIDI,
  NOTATION_HEBREW,
  NOTATION_ARABIC,
} Notation;

struct _IriInspectorExamplesPage
{
  AdwBin      parent_instance;

  GSettings  *settings;
  IriDisplayPolicy *policy;  /* §5a; never NULL */
  GtkWidget  *list;
  GtkWidget  *intro;
  GtkWidget  *toggles[3];   /* by Notation */
  gboolean    built;
};

G_DEFINE_FINAL_TYPE (IriInspectorExamplesPage, iri_inspector_examples_page, ADW_TYPE_BIN)

enum {
  LOAD,
  STEPS,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

/* U+202D LEFT-TO-RIGHT OVERRIDE … U+202C POP DIRECTIONAL FORMATTING:
 * shows a string that is already in visual order as it is. */
static char *
as_visual (const char *visual)
{
  return g_strconcat ("\xE2\x80\xAD", visual, "\xE2\x80\xAC", NULL);
}

static GtkWidget *
caption (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static GtkWidget *
monospace_line (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_CHAR);
  gtk_widget_add_css_class (label, "monospace");
  return label;
}

/* One display of the example: in Bidi Notation the visual string the
 * bidi layer computed, shown as it is; with real letters the IRI itself,
 * laid out by the same widget the address field uses (so Arabic is
 * shaped as it must be). */
static void
add_display (GtkWidget          *box,
             const char         *title,
             const char         *rtl_text,
             IriDisplayMode      mode,
             IriBidiLayoutFlags  flags,
             IriNotation         mapping,
             gboolean            notation)
{
  gtk_box_append (GTK_BOX (box), caption (title));
  if (notation)
    {
      g_autoptr(IriBidiLayout) layout = iri_bidi_layout_new_full (rtl_text, -1, mode, flags);
      g_autofree char *visual = iri_notation_from_rtl (iri_bidi_layout_get_visual_text (layout), -1, mapping);
      g_autofree char *shown = as_visual (visual);

      gtk_box_append (GTK_BOX (box), monospace_line (shown));
    }
  else if (flags & IRI_BIDI_LAYOUT_RTL_PARAGRAPH)
    {
      /* What goes wrong without §4.1: the text in a right-to-left
       * embedding (U+202B … U+202C), as in a Hebrew or Arabic paragraph. */
      g_autofree char *shown = g_strconcat ("\xE2\x80\xAB", rtl_text, "\xE2\x80\xAC", NULL);
      GtkWidget *label = monospace_line (shown);

      /* The embedding is for the eye; a screen reader gets the text. */
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, rtl_text, -1);
      gtk_box_append (GTK_BOX (box), label);
    }
  else
    {
      GtkWidget *view = iri_gtk_view_new (rtl_text);

      iri_gtk_view_set_display_mode (IRI_GTK_VIEW (view), mode);
      gtk_widget_set_halign (view, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (box), view);
    }
}

static void
load_clicked_cb (GtkButton                *button,
                 IriInspectorExamplesPage *self)
{
  g_signal_emit (self, signals[LOAD], 0, g_object_get_data (G_OBJECT (button), "iri"));
}

static void
steps_clicked_cb (GtkButton                *button,
                  IriInspectorExamplesPage *self)
{
  g_signal_emit (self, signals[STEPS], 0, g_object_get_data (G_OBJECT (button), "iri"),
                 GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "notation")));
}

/* What an example row needs to build its content when it is first
 * expanded. */
typedef struct
{
  IriExample  *example;
  IriNotation  mapping;
  Notation     notation;
  gboolean     in_notation;
  char        *rtl_text;   /* the IRI shown, with real letters */
  char        *logical;    /* the same as stored, in the notation if any */
} ExampleContent;

static void
example_content_free (ExampleContent *content)
{
  g_object_unref (content->example);
  g_free (content->rtl_text);
  g_free (content->logical);
  g_free (content);
}

/* The explanation of an example: its URI, the stored order, its
 * displays and why.  Each has a diagram and one to three laid-out
 * IRIs, so the dozens of examples cost the Examples page more than
 * all the rest of the window at start (more than 100 ms): a row
 * builds its content the first time it is expanded. */
static GtkWidget *
example_content (IriInspectorExamplesPage *self,
                 ExampleContent           *content)
{
  IriExample *example = content->example;
  IriExampleShow show = iri_example_get_show (example);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *explanation;

  if (iri_example_get_kind (example) == IRI_EXAMPLE_KIND_URI)
    {
      gtk_box_append (GTK_BOX (box), caption (_("URI")));
      gtk_box_append (GTK_BOX (box), monospace_line (iri_example_get_text (example)));
    }

  /* Translators: a label above an IRI as it is stored, in logical order */
  gtk_box_append (GTK_BOX (box), caption (_("Logical order (as stored)")));
  {
    /* Stored order as it is in memory, a character per box, left to
     * right; laid out as text, right-to-left letters would be reordered
     * and look like the display.  Under it, where each one is shown. */
    g_autoptr(IriBidiTrace) trace = iri_bidi_trace_new (content->logical, -1, IRI_BIDI_PARAGRAPH_LTR,
                                                        content->in_notation ? content->mapping
                                                                             : IRI_NOTATION_NONE);
    GtkWidget *diagram = iri_inspector_diagram_new ();
    GtkWidget *scrolled = gtk_scrolled_window_new ();

    iri_inspector_diagram_set_scale (IRI_INSPECTOR_DIAGRAM (diagram), 0.75);
    iri_inspector_diagram_set_trace (IRI_INSPECTOR_DIAGRAM (diagram), trace);
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), diagram);
    /* The picture runs left to right in every interface; its viewport
     * must too, or a right-to-left interface shows it scrolled to the
     * end, the first characters and the captions cut off. */
    gtk_widget_set_direction (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)), GTK_TEXT_DIR_LTR);
    gtk_box_append (GTK_BOX (box), scrolled);
  }

  if (iri_example_get_kind (example) != IRI_EXAMPLE_KIND_TEXT)
    {
      add_display (box, _("Display (§4.1)"), content->rtl_text, IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_DEFAULT,
                   content->mapping, content->in_notation);
      if (show & IRI_EXAMPLE_SHOW_ISOLATE)
        add_display (box, _("Display, components isolated"), content->rtl_text, IRI_DISPLAY_ISOLATE,
                     IRI_BIDI_LAYOUT_DEFAULT, content->mapping, content->in_notation);
    }
  if (show & IRI_EXAMPLE_SHOW_RTL_PARAGRAPH)
    add_display (box, _("Without the left-to-right embedding, in a right-to-left paragraph"), content->rtl_text,
                 IRI_DISPLAY_EMBED, IRI_BIDI_LAYOUT_RTL_PARAGRAPH, content->mapping, content->in_notation);

  {
    /* With real letters, the explanation names those letters. */
    g_autofree char *why = iri_example_dup_explanation (example, content->notation == NOTATION_BIDI
                                                                   ? IRI_NOTATION_NONE
                                                                   : content->mapping);

    explanation = gtk_label_new (why);
  }
  gtk_label_set_wrap (GTK_LABEL (explanation), TRUE);
  gtk_label_set_xalign (GTK_LABEL (explanation), 0);
  gtk_widget_set_margin_top (explanation, 6);
  gtk_box_append (GTK_BOX (box), explanation);

  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  return box;
}

static void
example_expanded_cb (AdwExpanderRow           *row,
                     GParamSpec               *pspec,
                     IriInspectorExamplesPage *self)
{
  ExampleContent *content = g_object_get_data (G_OBJECT (row), "example-content");

  if (content == NULL || !adw_expander_row_get_expanded (row))
    return;
  adw_expander_row_add_row (row, example_content (self, content));
  /* Built once: what it shows changes only with a rebuild(). */
  g_object_set_data (G_OBJECT (row), "example-content", NULL);
}

static GtkWidget *
example_row (IriInspectorExamplesPage *self,
             IriExample               *example,
             guint                     number,
             Notation                  notation)
{
  ExampleContent *content = g_new0 (ExampleContent, 1);
  GtkWidget *row = adw_expander_row_new ();
  GtkWidget *load = gtk_button_new_with_label (_("Inspect"));
  GtkWidget *steps;
  g_autofree char *title = g_strdup_printf ("%u. %s", number, iri_example_get_title (example));
  g_autofree char *load_tooltip = NULL;

  content->example = g_object_ref (example);
  content->notation = notation;
  content->mapping = notation == NOTATION_ARABIC ? IRI_NOTATION_ARABIC : IRI_NOTATION_HEBREW;
  content->in_notation = notation == NOTATION_BIDI && iri_example_get_notation (example) != IRI_NOTATION_NONE;

  /* Examples in Bidi Notation are laid out with real letters; which ones
   * the capitals stand for is the user's choice (Hebrew for the notation
   * itself, as the draft's printed displays are). */
  content->rtl_text = iri_example_get_notation (example) != IRI_NOTATION_NONE
                        ? iri_notation_to_rtl (iri_example_get_text (example), -1, content->mapping)
                        : g_strdup (iri_example_get_text (example));
  if (iri_example_get_kind (example) == IRI_EXAMPLE_KIND_URI)
    {
      /* Inspect loads the IRI a reader is shown (§3.7, under the
       * window's display policy), so it is made with the row. */
      char *iri = iri_display_policy_uri_to_iri (self->policy, content->rtl_text, -1, IRI_TO_IRI_DEFAULT,
                                                 NULL, NULL);

      if (iri != NULL)
        {
          g_free (content->rtl_text);
          content->rtl_text = iri;
        }
    }
  content->logical = content->in_notation ? iri_notation_from_rtl (content->rtl_text, -1, content->mapping)
                                          : g_strdup (content->rtl_text);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), iri_example_get_source (example));
  g_object_set_data_full (G_OBJECT (row), "example-id", g_strdup (iri_example_get_id (example)), g_free);

  gtk_widget_set_valign (load, GTK_ALIGN_CENTER);
  load_tooltip = g_strdup_printf (_("Inspect example %u in the address field"), number);
  gtk_widget_set_tooltip_text (load, load_tooltip);
  /* Every row has an "Inspect" button: its accessible name says which
   * example it loads. */
  {
    g_autofree char *load_name =
      /* Translators: the accessible name of the button that loads an
       * example, e.g. "Inspect example 5: A right-to-left host and path" */
      g_strdup_printf (_("Inspect example %u: %s"), number, iri_example_get_title (example));

    iri_inspector_set_accessible_label (load, load_name);
  }
  gtk_widget_set_sensitive (load, iri_example_get_kind (example) != IRI_EXAMPLE_KIND_TEXT);

  /* Every example, text or IRI, can be followed step by step. */
  {
    g_autofree char *steps_name =
      /* Translators: the accessible name of the button that shows an
       * example on the Steps page, e.g. "Steps of example 5: A right-to-left host and path" */
      g_strdup_printf (_("Steps of example %u: %s"), number, iri_example_get_title (example));

    steps = gtk_button_new_from_icon_name ("format-text-direction-symbolic");
    gtk_widget_set_valign (steps, GTK_ALIGN_CENTER);
    gtk_widget_add_css_class (steps, "flat");
    gtk_widget_set_tooltip_text (steps, _("Follow the bidi algorithm step by step"));
    iri_inspector_set_accessible_label (steps, steps_name);
    /* In Bidi Notation, the example as the draft writes it, and the
     * Steps page reads its capitals as right-to-left letters. */
    g_object_set_data_full (G_OBJECT (steps), "iri",
                            g_strdup (content->in_notation ? content->logical : content->rtl_text), g_free);
    g_object_set_data (G_OBJECT (steps), "notation",
                       GINT_TO_POINTER (content->in_notation ? content->mapping : IRI_NOTATION_NONE));
    g_signal_connect (steps, "clicked", G_CALLBACK (steps_clicked_cb), self);
  }
  g_object_set_data_full (G_OBJECT (load), "iri", g_strdup (content->rtl_text), g_free);
  g_signal_connect (load, "clicked", G_CALLBACK (load_clicked_cb), self);
  /* add_action was renamed add_suffix in libadwaita 1.4. */
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_expander_row_add_suffix (ADW_EXPANDER_ROW (row), steps);
  adw_expander_row_add_suffix (ADW_EXPANDER_ROW (row), load);
#else
  adw_expander_row_add_action (ADW_EXPANDER_ROW (row), steps);
  adw_expander_row_add_action (ADW_EXPANDER_ROW (row), load);
#endif

  g_object_set_data_full (G_OBJECT (row), "example-content", content, (GDestroyNotify) example_content_free);
  g_signal_connect (row, "notify::expanded", G_CALLBACK (example_expanded_cb), self);
  return row;
}

static void
update_intro (IriInspectorExamplesPage *self,
              Notation                  notation)
{
  const char *text;

  if (notation == NOTATION_HEBREW)
    text = _("The examples of RFC 3987bis §4.4 and the display hazards browsers are known for. "
             "Where the draft writes capital letters for right-to-left letters, they are shown here with Hebrew letters.");
  else if (notation == NOTATION_ARABIC)
    text = _("The examples of RFC 3987bis §4.4 and the display hazards browsers are known for. "
             "Where the draft writes capital letters for right-to-left letters, they are shown here with Arabic letters.");
  else
    text = _("The examples of RFC 3987bis §4.4 and the display hazards browsers are known for. "
             "In Bidi Notation, capital letters stand for right-to-left letters.");
  gtk_label_set_text (GTK_LABEL (self->intro), text);
}

static void
rebuild (IriInspectorExamplesPage *self)
{
  g_autoptr(GListModel) examples = NULL;
  g_autoptr(GHashTable) expanded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Notation notation = g_settings_get_enum (self->settings, "notation");
  GtkWidget *child;

  /* Built when first shown: the examples are not needed to start. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->built = FALSE;
      return;
    }
  self->built = TRUE;

  update_intro (self, notation);
  /* The rows a reader opened stay open in the new notation. */
  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    {
      const char *id = g_object_get_data (G_OBJECT (child), "example-id");

      if (id != NULL && adw_expander_row_get_expanded (ADW_EXPANDER_ROW (child)))
        g_hash_table_add (expanded, g_strdup (id));
      gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
    }

  examples = iri_get_examples ();
  for (guint i = 0; i < g_list_model_get_n_items (examples); i++)
    {
      g_autoptr(IriExample) example = g_list_model_get_item (examples, i);
      GtkWidget *row = example_row (self, example, i + 1, notation);

      if (g_hash_table_contains (expanded, iri_example_get_id (example)))
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
      gtk_list_box_append (GTK_LIST_BOX (self->list), row);
    }
}

static void
notation_changed_cb (IriInspectorExamplesPage *self)
{
  Notation notation = g_settings_get_enum (self->settings, "notation");

  if (notation < G_N_ELEMENTS (self->toggles))
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->toggles[notation]), TRUE);
  rebuild (self);
}

static void
policy_changed_cb (IriInspectorExamplesPage *self)
{
  if (self->built)
    rebuild (self);
}

void
iri_inspector_examples_page_set_display_policy (IriInspectorExamplesPage *self,
                                                IriDisplayPolicy         *policy)
{
  g_return_if_fail (IRI_INSPECTOR_IS_EXAMPLES_PAGE (self));
  g_return_if_fail (policy == NULL || IRI_IS_DISPLAY_POLICY (policy));

  if (policy == NULL)
    policy = iri_display_policy_get_default ();
  if (policy == self->policy)
    return;
  if (self->policy != NULL)
    g_signal_handlers_disconnect_by_data (self->policy, self);
  g_set_object (&self->policy, policy);
  g_signal_connect_swapped (self->policy, "notify", G_CALLBACK (policy_changed_cb), self);
  policy_changed_cb (self);
}

static void
map_cb (IriInspectorExamplesPage *self)
{
  if (!self->built)
    rebuild (self);
}

static void
notation_toggled_cb (GtkToggleButton          *button,
                     IriInspectorExamplesPage *self)
{
  if (gtk_toggle_button_get_active (button))
    g_settings_set_enum (self->settings, "notation",
                         GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "notation")));
}

static void
iri_inspector_examples_page_dispose (GObject *object)
{
  IriInspectorExamplesPage *self = IRI_INSPECTOR_EXAMPLES_PAGE (object);

  g_clear_object (&self->settings);
  if (self->policy != NULL)
    g_signal_handlers_disconnect_by_data (self->policy, self);
  g_clear_object (&self->policy);

  G_OBJECT_CLASS (iri_inspector_examples_page_parent_class)->dispose (object);
}

static void
iri_inspector_examples_page_class_init (IriInspectorExamplesPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = iri_inspector_examples_page_dispose;

  /**
   * IriInspectorExamplesPage::load:
   * @iri: the example, with real right-to-left letters
   */
  signals[LOAD] = g_signal_new ("load", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * IriInspectorExamplesPage::steps:
   * @iri: the example, as shown
   * @notation: an #IriNotation: how to read its capitals
   *
   * Emitted to follow the example on the Steps page.
   */
  signals[STEPS] = g_signal_new ("steps", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_INT);
}

static void
iri_inspector_examples_page_init (IriInspectorExamplesPage *self)
{
}

GtkWidget *
iri_inspector_examples_page_new (GSettings *settings)
{
  IriInspectorExamplesPage *self = g_object_new (IRI_INSPECTOR_TYPE_EXAMPLES_PAGE, NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *toggles = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  /* Translators: how the examples are written: in the Bidi Notation of
   * RFC 3987bis §4.4 (capitals stand for right-to-left letters), or with
   * real Hebrew or Arabic letters */
  const char *labels[] = { N_("Bidi Notation"), N_("Hebrew"), N_("Arabic") };
  GtkWidget *group = NULL;

  self->settings = g_object_ref (settings);
  iri_inspector_examples_page_set_display_policy (self, NULL);

  self->intro = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->intro), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->intro), 0);
  gtk_widget_add_css_class (self->intro, "dim-label");
  gtk_box_append (GTK_BOX (box), self->intro);
  update_intro (self, g_settings_get_enum (settings, "notation"));

  gtk_widget_add_css_class (toggles, "linked");
  gtk_widget_set_halign (toggles, GTK_ALIGN_START);
  for (int i = 0; i < (int) G_N_ELEMENTS (labels); i++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_label (_(labels[i]));

      self->toggles[i] = button;
      g_object_set_data (G_OBJECT (button), "notation", GINT_TO_POINTER (i));
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), GTK_TOGGLE_BUTTON (group));
      else
        group = button;
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), g_settings_get_enum (settings, "notation") == i);
      g_signal_connect (button, "toggled", G_CALLBACK (notation_toggled_cb), self);
      gtk_box_append (GTK_BOX (toggles), button);
    }
  gtk_box_append (GTK_BOX (box), toggles);

  self->list = gtk_list_box_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Examples"), -1);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->list, "boxed-list");
  gtk_box_append (GTK_BOX (box), self->list);

  adw_bin_set_child (ADW_BIN (self), iri_inspector_scrolled_page (box));

  g_signal_connect_object (settings, "changed::notation", G_CALLBACK (notation_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "map", G_CALLBACK (map_cb), NULL);
  return GTK_WIDGET (self);
}
