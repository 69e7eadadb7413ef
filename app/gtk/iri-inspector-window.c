/* iri-inspector-window.c: the main window of IRI Inspector
 *
 * The address field (IriGtkEntry) at the top; under it the renderings
 * of its text (§4.1 in embed and isolate modes, and in a right-to-left
 * paragraph without the embedding, to show what goes wrong); under them
 * the pages about the analysis.  The analysis is the entry's own, made
 * once per keystroke; a page is only brought up to date when it is
 * shown, so typing costs one analysis and the visible page.
 *
 * The sidebar lists the lines of an opened file, or the links found in
 * a pasted or dropped paragraph (UTS #58).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <iri-gtk.h>

#include "iri-inspector-compare-page.h"
#include "iri-inspector-diagnostics-page.h"
#include "iri-inspector-examples-page.h"
#include "iri-inspector-lazy-list.h"
#include "iri-inspector-steps-page.h"
#include "iri-inspector-table-page.h"
#include "iri-inspector-uri-page.h"
#include "iri-inspector-util.h"
#include "iri-inspector-window.h"

/* The largest list of IRIs opened: it is held in memory. */
#define MAX_FILE_SIZE (256 * 1024 * 1024)

typedef enum {
  PAGE_UNITS,
  PAGE_DIAGNOSTICS,
  PAGE_URI,
  PAGE_CHARACTERS,
  PAGE_COMPARE,
  PAGE_EXAMPLES,
  PAGE_STEPS,
  N_PAGES,
} Page;

static const char *page_names[N_PAGES] = {
  "units", "diagnostics", "uri", "characters", "compare", "examples", "steps",
};

struct _IriInspectorWindow
{
  AdwApplicationWindow   parent_instance;

  /* Template children */
  AdwToastOverlay       *toast_overlay;
  GdkFrameClock         *show_sidebar_clock;  /* see sidebar_set_shown() */
  gulong                 show_sidebar_id;
#if ADW_CHECK_VERSION (1, 4, 0)
  AdwOverlaySplitView   *split_view;  /* iri-inspector-window.ui */
#else
  AdwFlap               *flap;        /* iri-inspector-window-adw-1-2.ui */
  AdwFlap               *unused_flap; /* a reference while out of the window */
  guint                  unwrap_id;
#endif
  AdwWindowTitle        *sidebar_title;
  GtkListView           *sidebar_list;
  GtkWidget             *sidebar_button;
  GtkWidget             *sidebar;
  GtkWidget             *header_bar;
  GtkWidget             *header_switcher;  /* switcher_title, or switcher (libadwaita ≥ 1.4) */
  GtkWidget             *switcher_bar;
  AdwViewStack          *view_stack;
  GtkWidget             *entry;
  GtkWidget             *embed_view;
  GtkWidget             *isolate_view;
  GtkWidget             *rtl_label;

  GSettings             *settings;
  IriAnalyzer           *analyzer;    /* when the entry's analysis is not current */
  IriDisplayPolicy      *policy;      /* §5a: the preference and the known hosts */
  IriAnalysis           *analysis;
  GtkWidget             *pages[N_PAGES];
  AdwViewStackPage      *stack_pages[N_PAGES];
  gboolean               dirty[N_PAGES];
  guint                  update_id;   /* renderings and page, after the frame */
  gboolean               update_after_frame;  /* update_id once the frame is drawn */
  gint64                 update_cost; /* µs, the last update and the frame that showed it */
  gboolean               measure_frame;
  gint64                 frame_start;
  gint64                 last_change; /* monotonic µs of the last keystroke */
  gint64                 cheap_update; /* µs: FRAME_BUDGET_US but in tests */
  gint64                 field_cost;  /* µs, keystroke → the frame that showed only the field */
  gint64                 keystroke;   /* monotonic µs of the keystroke measured, or 0 */
  gint64                 burst;       /* µs: BURST_US but in tests */
  guint                  update_delay; /* ms: UPDATE_DELAY_MS but in tests */

  /* The sidebar: the lines of a file, or links found in a text. */
  GPtrArray             *lines;       /* (element-type utf8) */
  /* (element-type LineProblem): what is wrong with each line that was
   * not UTF-8 (the library's invalid-utf8 finding) or is too long, NULL
   * for the others; NULL when no line has a problem. */
  GPtrArray             *line_problems;
  IriInspectorLazyList  *sidebar_model;
  GtkSingleSelection    *sidebar_selection;
  GCancellable          *cancellable;

  char                 **file_hosts;  /* from the known-hosts file */

  GFile                 *screenshot;
  gboolean               report_first_frame;
  gulong                 after_paint_id;
};

G_DEFINE_FINAL_TYPE (IriInspectorWindow, iri_inspector_window, ADW_TYPE_APPLICATION_WINDOW)

/* A toast is shown at the bottom of the window, where a narrow window
 * has its switcher bar: over the bar, it hid the page buttons, and the
 * keyboard focus on one of them, for as long as it was shown.  So while
 * the bar is there, toasts are shown above it, by its height and the
 * gap libadwaita leaves between toasts and the toast overlay's other
 * edges.  The height depends on the font, hence a style sheet made for
 * the display from the bar's own, whose value changes seldom (a change
 * restyles every window). */
#define TOAST_GAP 12

static void
place_toasts (IriInspectorWindow *self)
{
  GtkWidget *overlay = GTK_WIDGET (self->toast_overlay);
  int height = adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (self->switcher_bar)) &&
               gtk_widget_get_mapped (self->switcher_bar)
                 ? gtk_widget_get_height (self->switcher_bar)
                 : 0;
  GdkDisplay *display;
  GtkCssProvider *provider;
  int shown;

  if (height <= 0)
    {
      gtk_widget_remove_css_class (overlay, "above-switcher-bar");
      return;
    }

  display = gtk_widget_get_display (overlay);
  provider = g_object_get_data (G_OBJECT (display), "iri-inspector-toast-provider");
  if (provider == NULL)
    {
      provider = gtk_css_provider_new ();
      gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      g_object_set_data_full (G_OBJECT (display), "iri-inspector-toast-provider", provider, g_object_unref);
    }
  shown = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (provider), "bar-height"));
  if (shown != height)
    {
      g_autofree char *css = g_strdup_printf ("toastoverlay.above-switcher-bar > toast { margin-bottom: %dpx; }",
                                              height + TOAST_GAP);

#if GTK_CHECK_VERSION (4, 12, 0)
      gtk_css_provider_load_from_string (provider, css);
#else
      gtk_css_provider_load_from_data (provider, css, -1);
#endif
      g_object_set_data (G_OBJECT (provider), "bar-height", GINT_TO_POINTER (height));
    }
  gtk_widget_add_css_class (overlay, "above-switcher-bar");
}

static void
toast (IriInspectorWindow *self,
       const char         *title)
{
  place_toasts (self);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (title));
}

/* The sidebar is in an AdwOverlaySplitView with libadwaita 1.4 and
 * later, where breakpoints adapt the window to its width; in an AdwFlap
 * (deprecated in 1.4) before.
 *
 * libadwaita 1.2's AdwFlap sets the CSS classes of its shadow again on
 * every allocation, which restyles it and costs two more frames after
 * every keystroke.  So the flap is in the window only while its sidebar
 * is shown or sliding: the content is the toast overlay's child the rest
 * of the time.
 *
 * Both slide the sidebar in over a distance of 0 px before their first
 * allocation: the progress becomes NaN and the content is given a width
 * near INT_MIN.  A list opened from the command line is shown that
 * early, and the flap is new to the window each time, so the sidebar
 * then waits for the window's next frame. */

static void
cancel_show_sidebar (IriInspectorWindow *self)
{
  if (self->show_sidebar_clock != NULL)
    g_clear_signal_handler (&self->show_sidebar_id, self->show_sidebar_clock);
  g_clear_object (&self->show_sidebar_clock);
}

static void
show_sidebar_after_paint_cb (GdkFrameClock      *clock,
                             IriInspectorWindow *self)
{
  cancel_show_sidebar (self);
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_overlay_split_view_set_show_sidebar (self->split_view, TRUE);
#else
  adw_flap_set_reveal_flap (self->flap, TRUE);
#endif
}

static void
show_sidebar_after_frame (IriInspectorWindow *self)
{
  if (self->show_sidebar_clock != NULL)
    return;
  if (!gtk_widget_get_realized (GTK_WIDGET (self)))
    gtk_widget_realize (GTK_WIDGET (self));
  self->show_sidebar_clock = g_object_ref (gtk_widget_get_frame_clock (GTK_WIDGET (self)));
  self->show_sidebar_id = g_signal_connect (self->show_sidebar_clock, "after-paint",
                                            G_CALLBACK (show_sidebar_after_paint_cb), self);
  gdk_frame_clock_request_phase (self->show_sidebar_clock, GDK_FRAME_CLOCK_PHASE_PAINT);
}

#if !ADW_CHECK_VERSION (1, 4, 0)
/* Moves the window's content between the toast overlay and the flap,
 * keeping the keyboard focus where it was. */
static void
flap_set_in_window (IriInspectorWindow *self,
                    gboolean            in_window)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *content;

  if (in_window == (self->unused_flap == NULL))
    return;
  if (focus != NULL)
    g_object_ref (focus);
  if (in_window)
    {
      content = g_object_ref (adw_toast_overlay_get_child (self->toast_overlay));
      adw_toast_overlay_set_child (self->toast_overlay, NULL);
      adw_flap_set_content (self->flap, content);
      adw_toast_overlay_set_child (self->toast_overlay, GTK_WIDGET (self->flap));
      g_clear_object (&self->unused_flap);
    }
  else
    {
      self->unused_flap = g_object_ref (self->flap);
      content = g_object_ref (adw_flap_get_content (self->flap));
      adw_toast_overlay_set_child (self->toast_overlay, NULL);
      adw_flap_set_content (self->flap, NULL);
      adw_toast_overlay_set_child (self->toast_overlay, content);
    }
  g_object_unref (content);
  if (focus != NULL)
    {
      if (gtk_widget_get_root (focus) == GTK_ROOT (self) && gtk_widget_is_visible (focus))
        gtk_widget_grab_focus (focus);
      g_object_unref (focus);
    }
}

static gboolean
unwrap_idle_cb (gpointer user_data)
{
  IriInspectorWindow *self = user_data;

  self->unwrap_id = 0;
  if (!adw_flap_get_reveal_flap (self->flap) && adw_flap_get_reveal_progress (self->flap) <= 0)
    flap_set_in_window (self, FALSE);
  return G_SOURCE_REMOVE;
}

/* Shown while out of the window (the sidebar's toggle button is bound
 * to reveal-flap): hidden again, put in the window, and shown after its
 * first frame there.  Hidden: out of the window once it has slid out,
 * outside of the frame that allocates it. */
static void
flap_changed_cb (IriInspectorWindow *self)
{
  if (adw_flap_get_reveal_flap (self->flap))
    {
      g_clear_handle_id (&self->unwrap_id, g_source_remove);
      if (self->unused_flap != NULL)
        {
          adw_flap_set_reveal_flap (self->flap, FALSE);
          flap_set_in_window (self, TRUE);
          show_sidebar_after_frame (self);
        }
    }
  else if (adw_flap_get_reveal_progress (self->flap) <= 0 && self->unwrap_id == 0 &&
           self->show_sidebar_clock == NULL)
    self->unwrap_id = g_idle_add (unwrap_idle_cb, self);
}
#endif

static gboolean
sidebar_get_shown (IriInspectorWindow *self)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_overlay_split_view_get_show_sidebar (self->split_view);
#else
  return adw_flap_get_reveal_flap (self->flap) || self->show_sidebar_clock != NULL;
#endif
}

static void
sidebar_set_shown (IriInspectorWindow *self,
                   gboolean            shown)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  if (shown && gtk_widget_get_width (GTK_WIDGET (self->split_view)) == 0)
    {
      show_sidebar_after_frame (self);
      return;
    }
  cancel_show_sidebar (self);
  adw_overlay_split_view_set_show_sidebar (self->split_view, shown);
#else
  if (shown && self->unused_flap != NULL)
    {
      /* flap_changed_cb() puts it in the window and shows it later. */
      adw_flap_set_reveal_flap (self->flap, TRUE);
      return;
    }
  if (shown && self->show_sidebar_clock != NULL)
    return;
  cancel_show_sidebar (self);
  adw_flap_set_reveal_flap (self->flap, shown);
  if (!shown)
    flap_changed_cb (self);
#endif
}

/* ------------------------------------------------------------------ */
/* Analysis and pages                                                  */

static void
update_page (IriInspectorWindow *self,
             Page                page)
{
  GtkWidget *widget = self->pages[page];

  self->dirty[page] = FALSE;
  switch (page)
    {
    case PAGE_UNITS:
    case PAGE_CHARACTERS:
      iri_inspector_table_page_set_analysis (IRI_INSPECTOR_TABLE_PAGE (widget), self->analysis);
      break;
    case PAGE_DIAGNOSTICS:
      iri_inspector_diagnostics_page_set_analysis (IRI_INSPECTOR_DIAGNOSTICS_PAGE (widget), self->analysis);
      break;
    case PAGE_URI:
      iri_inspector_uri_page_set_analysis (IRI_INSPECTOR_URI_PAGE (widget), self->analysis);
      break;
    case PAGE_COMPARE:
      iri_inspector_compare_page_set_analysis (IRI_INSPECTOR_COMPARE_PAGE (widget), self->analysis);
      break;
    case PAGE_STEPS:
      iri_inspector_steps_page_set_analysis (IRI_INSPECTOR_STEPS_PAGE (widget), self->analysis);
      break;
    case PAGE_EXAMPLES:
    case N_PAGES:
    default:
      break;
    }
}

static Page
visible_page (IriInspectorWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->view_stack);

  for (Page page = 0; page < N_PAGES; page++)
    {
      if (g_strcmp0 (name, page_names[page]) == 0)
        return page;
    }
  return PAGE_UNITS;
}

static void
visible_page_changed_cb (IriInspectorWindow *self)
{
  Page page = visible_page (self);

  if (self->dirty[page])
    update_page (self, page);
}

/* The text shown in a right-to-left paragraph without the embedding of
 * §4.1: in U+202B RIGHT-TO-LEFT EMBEDDING … U+202C, so that the label
 * lays it out as a Hebrew or Arabic paragraph would (display only). */
static void
update_rtl_rendering (IriInspectorWindow *self,
                      const char         *text)
{
  g_autofree char *shown = g_strconcat ("\xE2\x80\xAB", text, "\xE2\x80\xAC", NULL);

  gtk_label_set_text (GTK_LABEL (self->rtl_label), shown);
  /* The embedding is for the eye; a screen reader gets the text. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rtl_label), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static void
update_badge (IriInspectorWindow *self)
{
  AdwViewStackPage *page = self->stack_pages[PAGE_DIAGNOSTICS];
  guint n = self->analysis != NULL ? iri_analysis_get_n_diagnostics (self->analysis) : 0;
  IriSeverity severity = self->analysis != NULL ? iri_analysis_get_highest_severity (self->analysis)
                                                : IRI_SEVERITY_NONE;

  adw_view_stack_page_set_badge_number (page, n);
  adw_view_stack_page_set_needs_attention (page, severity >= IRI_SEVERITY_WARNING);
}

/* Keystrokes closer together than this are a burst: a key held down
 * and repeating, a tool typing, input from xdotool.  People typing by
 * hand leave 60 ms or more between keys (about 200 words a minute), so
 * they never make one. */
#define BURST_US (40 * G_TIME_SPAN_MILLISECOND)

/* How long a burst pauses before the renderings and the page follow. */
#define UPDATE_DELAY_MS 100

/* The frame that shows a keystroke in the field has 8 ms (issue 14's
 * target at 200 characters).  Bringing the renderings and the visible
 * page up to date (with the frame that shows them: their layout is
 * most of it) is done before that frame only when the field's own
 * frame and the last such update fit in it together: then one frame
 * shows the keystroke everywhere, in time.  Otherwise the field shows
 * the keystroke first and the rest follows in the next frame, so that
 * a slow page (a hundred findings, 2 000 characters) never holds up the
 * field.  With a fixed 12 ms for the update alone, as before, the
 * Units, Characters and Findings pages made the field's frame wait
 * 8–11 ms at 200 characters and 20–23 ms at 2 000 (bench-app,
 * medians). */
#define FRAME_BUDGET_US (8 * G_TIME_SPAN_MILLISECOND)

/* The field's own frame until one is measured: about half the budget
 * at 200 characters on the machines measured. */
#define FIELD_COST_US (4 * G_TIME_SPAN_MILLISECOND)

/* Brings the renderings of the text and the visible page up to date:
 * at once, or from update_source_cb(). */
static void
update_renderings (IriInspectorWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  Page visible = visible_page (self);
  gint64 start = g_get_monotonic_time ();

  iri_gtk_view_set_text (IRI_GTK_VIEW (self->embed_view), text);
  iri_gtk_view_set_text (IRI_GTK_VIEW (self->isolate_view), text);
  update_rtl_rendering (self, text);
  if (self->dirty[visible])
    update_page (self, visible);
  /* And the frame that shows it, in frame_after_paint_cb(). */
  self->update_cost = g_get_monotonic_time () - start;
  self->measure_frame = TRUE;
  /* A report of the first frame waits for the frame that shows this. */
  if (self->report_first_frame || self->screenshot != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
update_source_cb (gpointer user_data)
{
  IriInspectorWindow *self = user_data;

  self->update_id = 0;
  update_renderings (self);
  return G_SOURCE_REMOVE;
}

static void
frame_before_paint_cb (GdkFrameClock      *clock,
                       IriInspectorWindow *self)
{
  self->frame_start = g_get_monotonic_time ();
}

static void
frame_after_paint_cb (GdkFrameClock      *clock,
                      IriInspectorWindow *self)
{
  if (self->measure_frame)
    {
      self->update_cost += g_get_monotonic_time () - self->frame_start;
      self->measure_frame = FALSE;
    }
  if (self->keystroke != 0)
    {
      self->field_cost = g_get_monotonic_time () - self->keystroke;
      self->keystroke = 0;
    }
  if (self->update_after_frame)
    {
      self->update_after_frame = FALSE;
      self->update_id = g_idle_add_full (G_PRIORITY_LOW, update_source_cb, self, NULL);
    }
}

static void
realize_cb (IriInspectorWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  g_signal_connect_object (clock, "before-paint", G_CALLBACK (frame_before_paint_cb), self, 0);
  g_signal_connect_object (clock, "after-paint", G_CALLBACK (frame_after_paint_cb), self, 0);
}

static void
text_changed_cb (IriInspectorWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  IriAnalysis *analysis = iri_gtk_entry_get_analysis (IRI_GTK_ENTRY (self->entry));
  gint64 now = g_get_monotonic_time ();
  gboolean burst = now - self->last_change < self->burst;

  self->last_change = now;

  /* The entry's analysis, unless its own handler has not run yet. */
  g_clear_pointer (&self->analysis, iri_analysis_unref);
  if (analysis != NULL && g_str_equal (iri_analysis_get_text (analysis), text))
    self->analysis = iri_analysis_ref (analysis);
  else
    self->analysis = iri_analyzer_analyze (self->analyzer, text, -1);

  update_badge (self);

  for (Page page = 0; page < N_PAGES; page++)
    self->dirty[page] = TRUE;
  /* RFC 3987bis §4.3: every keystroke re-renders everything.  When that
   * is cheap it is done now, and the frame that shows the keystroke in
   * the field shows it everywhere; when it is not, the field shows the
   * keystroke first and the rest follows right after that frame, at low
   * priority, so that a key pressed meanwhile comes first.
   *
   * In a burst, only the field follows each key and the rest waits for
   * the burst to pause: nobody reads twenty-five renderings a second,
   * and no event is read while they run.  X11 translates a key when it
   * is read, with the keymap of that moment, so keys queued meanwhile by
   * a tool that remaps them for each character (xdotool, some input
   * methods) would come out wrong or not at all.
   *
   * Before the window is shown there is no frame to wait for: its first
   * frame shows everything, laid out once. */
  g_clear_handle_id (&self->update_id, g_source_remove);
  self->update_after_frame = FALSE;
  self->keystroke = 0;
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    update_renderings (self);
  else if (burst)
    self->update_id = g_timeout_add_full (G_PRIORITY_LOW, self->update_delay, update_source_cb, self, NULL);
  else if (self->update_cost + self->field_cost <= self->cheap_update)
    update_renderings (self);
  else
    {
      /* This frame shows the field alone: what it costs is measured. */
      self->keystroke = now;
      self->update_after_frame = TRUE;
    }
}

static void
highlight_cb (IriInspectorWindow *self,
              guint64             start,
              guint64             end)
{
  /* The selection of the entry shows it; the entry keeps the IRI in
   * logical order, so the span maps to characters directly (and the
   * widgets draw a logical selection where it is displayed). */
  gtk_editable_select_region (GTK_EDITABLE (self->entry), (int) start, (int) end);
  /* And where the renderings show those characters. */
  iri_gtk_view_select_region (IRI_GTK_VIEW (self->embed_view), (int) start, (int) end);
  iri_gtk_view_select_region (IRI_GTK_VIEW (self->isolate_view), (int) start, (int) end);
}

/* ------------------------------------------------------------------ */
/* Loading                                                             */

#define LINE_PROBLEM_KEY "iri-inspector-line-problem"

/* What is wrong with a line of a file. */
typedef struct {
  char     *message;
  gboolean  loadable;  /* FALSE: too long to be put in the field */
} LineProblem;

/* Also called on the NULL of a line without a problem (GPtrArray). */
static void
line_problem_free (LineProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->message);
  g_free (problem);
}

static LineProblem *
line_problem_new (char     *message,
                  gboolean  loadable)
{
  LineProblem *problem = g_new (LineProblem, 1);

  problem->message = message;
  problem->loadable = loadable;
  return problem;
}

typedef struct {
  GPtrArray *lines;
  GPtrArray *problems;  /* (nullable) */
} SidebarLines;

static void
sidebar_lines_free (SidebarLines *data)
{
  g_ptr_array_unref (data->lines);
  g_clear_pointer (&data->problems, g_ptr_array_unref);
  g_free (data);
}

/* What is wrong with line @position, or NULL. */
static const LineProblem *
line_problem (GPtrArray *problems,
              guint      position)
{
  return problems != NULL && position < problems->len ? g_ptr_array_index (problems, position) : NULL;
}

static GObject *
make_line_row (gpointer data,
               guint    position)
{
  SidebarLines *d = data;
  GObject *row = G_OBJECT (gtk_string_object_new (g_ptr_array_index (d->lines, position)));
  const LineProblem *problem = line_problem (d->problems, position);

  if (problem != NULL)
    g_object_set_data_full (row, LINE_PROBLEM_KEY, g_strdup (problem->message), g_free);
  return row;
}

/* Shows @lines (taken) in the sidebar, titled @title; @problems (taken,
 * nullable) says what was wrong with the lines that were not UTF-8. */
static void
sidebar_show (IriInspectorWindow *self,
              GPtrArray          *lines,
              GPtrArray          *problems,
              const char         *title,
              const char         *subtitle)
{
  SidebarLines *data = g_new0 (SidebarLines, 1);

  g_clear_pointer (&self->lines, g_ptr_array_unref);
  g_clear_pointer (&self->line_problems, g_ptr_array_unref);
  self->lines = lines;
  self->line_problems = problems;
  data->lines = g_ptr_array_ref (lines);
  data->problems = problems != NULL ? g_ptr_array_ref (problems) : NULL;
  iri_inspector_lazy_list_reset (self->sidebar_model, lines->len, make_line_row,
                                 data, (GDestroyNotify) sidebar_lines_free);
  gtk_single_selection_set_selected (self->sidebar_selection, GTK_INVALID_LIST_POSITION);
  adw_window_title_set_title (self->sidebar_title, title);
  adw_window_title_set_subtitle (self->sidebar_title, subtitle);
  gtk_widget_set_visible (self->sidebar_button, TRUE);
  sidebar_set_shown (self, TRUE);
}

/* The longest IRI the window takes into the field.  Pango places
 * glyphs in 32-bit units of 1/1024 px, so one line of text ends at
 * about 2 million pixels; past it the text is drawn over itself (a
 * 1.5 MB line from a file came out as black bars).  65 536 characters
 * stay clear of that at up to 32 px a character: the renderings' large
 * type, wide scripts, an interface scaled up. */
#define MAX_IRI_CHARS 65536

/* The message for a text of @n_chars characters, too long to show. */
static char *
too_long_message (gsize n_chars)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: %lu is a number of characters, more than 65536 */
                                       "The text is %lu character long, longer than the 65 536 an IRI can have here: it was not loaded",
                                       "The text is %lu characters long, longer than the 65 536 an IRI can have here: it was not loaded",
                                       n_chars),
                          (gulong) n_chars);
}

static void
set_text (IriInspectorWindow *self,
          const char         *text)
{
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  gtk_editable_set_position (GTK_EDITABLE (self->entry), -1);
}

/* Whether @text is one IRI and nothing else: no white space inside, and
 * a valid reference with a scheme (hosts like "localhost" and IP
 * addresses are IRIs that link detection would not find). */
static gboolean
is_single_iri (const char *text)
{
  g_autoptr(IriReference) ref = NULL;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (g_unichar_isspace (g_utf8_get_char (p)))
        return FALSE;
    }
  ref = iri_reference_parse (text, -1, IRI_PARSE_ABSOLUTE, NULL);
  return ref != NULL;
}

void
iri_inspector_window_load (IriInspectorWindow   *self,
                           const char           *text,
                           IriInspectorLoadMode  mode)
{
  g_autofree char *trimmed = NULL;
  g_autoptr(GListModel) links = NULL;
  guint n_links;

  g_return_if_fail (IRI_INSPECTOR_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  if (!g_utf8_validate (text, -1, NULL))
    {
      toast (self, _("The text is not UTF-8 and was not loaded"));
      return;
    }
  {
    glong n_chars = g_utf8_strlen (text, -1);

    if (n_chars > MAX_IRI_CHARS)
      {
        g_autofree char *message = too_long_message (n_chars);

        toast (self, message);
        return;
      }
  }

  if (mode == IRI_INSPECTOR_LOAD_AS_GIVEN)
    {
      set_text (self, text);
      return;
    }

  trimmed = g_strstrip (g_strdup (text));
  if (trimmed[0] == '\0')
    return;

  if (is_single_iri (trimmed))
    {
      g_autoptr(IriReference) uri = iri_reference_parse (trimmed, -1, IRI_PARSE_URI, NULL);

      /* A URI is shown as the IRI it stands for (§3.7), as a paste into
       * the entry would be. */
      if (uri != NULL)
        {
          g_autoptr(GListModel) notes = NULL;
          g_autofree char *iri = iri_display_policy_uri_to_iri (self->policy, trimmed, -1, IRI_TO_IRI_DEFAULT,
                                                                &notes, NULL);

          set_text (self, iri != NULL ? iri : trimmed);
          /* What the display policy kept encoded, and why, matters more
           * than that something was decoded. */
          if (notes != NULL && g_list_model_get_n_items (notes) > 0)
            {
              g_autoptr(IriDiagnostic) note = g_list_model_get_item (notes, 0);
              g_autofree char *message = iri_diagnostic_dup_display_message (note);

              toast (self, message);
            }
          else if (iri != NULL && !g_str_equal (iri, trimmed))
            toast (self, _("The URI is shown as an IRI"));
        }
      else
        set_text (self, trimmed);
      return;
    }

  /* Running text: the links in it (UTS #58, §7.3). */
  links = iri_detect_links (trimmed, -1, NULL);
  n_links = links != NULL ? g_list_model_get_n_items (links) : 0;
  if (n_links == 0)
    {
      set_text (self, trimmed);
      return;
    }
  if (n_links == 1)
    {
      g_autoptr(IriLink) link = g_list_model_get_item (links, 0);

      set_text (self, iri_link_get_iri (link));
      return;
    }

  {
    GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
    /* Translators: the subtitle of the list of links found in a text; %u is how many */
    g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u link", "%u links", n_links),
                                                 n_links);

    for (guint i = 0; i < n_links; i++)
      {
        g_autoptr(IriLink) link = g_list_model_get_item (links, i);

        g_ptr_array_add (lines, g_strdup (iri_link_get_iri (link)));
      }
    sidebar_show (self, lines, NULL, _("Links Found"), subtitle);
    gtk_single_selection_set_selected (self->sidebar_selection, 0);
    toast (self, _("The text has several links: choose one in the list"));
  }
}

typedef struct {
  char      *name;
  GPtrArray *lines;
  GPtrArray *problems;  /* (nullable) (element-type LineProblem) */
} FileLines;

static void
file_lines_free (FileLines *data)
{
  g_free (data->name);
  g_clear_pointer (&data->lines, g_ptr_array_unref);
  g_clear_pointer (&data->problems, g_ptr_array_unref);
  g_free (data);
}

/* What is wrong with a line that is not UTF-8, as iri check says it:
 * the library's first invalid-utf8 or nul-character finding ("The
 * input is not valid UTF-8: overlong encoding starting with 0xC0 at
 * byte 9. It is shown as U+FFFD.").  The field can only hold the line
 * with U+FFFD in place of the bytes, and an overlong "/" is what a
 * path traversal hides behind: the reason must not be lost. */
static char *
describe_bad_line (const char *line,
                   gsize       length)
{
  g_autoptr(IriReference) reference = iri_reference_parse_tolerant (line, length, IRI_PARSE_DEFAULT);
  GListModel *diagnostics = iri_reference_get_diagnostics (reference);
  guint n = diagnostics != NULL ? g_list_model_get_n_items (diagnostics) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IriDiagnostic) diagnostic = g_list_model_get_item (diagnostics, i);
      const char *code = iri_diagnostic_get_code (diagnostic);

      if (g_str_equal (code, "invalid-utf8") || g_str_equal (code, "nul-character"))
        return g_strdup (iri_diagnostic_get_message (diagnostic));
    }
  /* Not reached: what GLib refuses, the library refuses too. */
  return g_strdup (_("Some lines are not UTF-8: the bytes that are not are shown as �"));
}

/* In a worker thread: read the file and split it into lines, so that a
 * big file never blocks the window. */
static void
read_lines_thread (GTask        *task,
                   gpointer      source,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  GFile *file = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  FileLines *result;
  char *p, *end;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                            G_FILE_QUERY_INFO_NONE, cancellable, &error);
  if (info == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (g_file_info_get_size (info) > MAX_FILE_SIZE)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               /* Translators: %s is a file name */
                               _("“%s” is larger than 256 MiB"), g_file_info_get_display_name (info));
      return;
    }
  if (!g_file_load_contents (file, cancellable, &contents, &length, NULL, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  result = g_new0 (FileLines, 1);
  result->name = g_strdup (g_file_info_get_display_name (info));
  result->lines = g_ptr_array_new_with_free_func (g_free);
  for (p = contents, end = contents + length; p < end; )
    {
      char *newline = memchr (p, '\n', end - p);
      char *line_end = newline != NULL ? newline : end;
      gsize line_length = line_end - p;

      if (line_length > 0 && p[line_length - 1] == '\r')
        line_length--;
      gboolean blank = TRUE;

      for (gsize i = 0; i < line_length && blank; i++)
        blank = g_ascii_isspace (p[i]);

      /* Blank lines separate, they are not IRIs.  Lines that are not
       * text are listed with the bad bytes replaced (U+FFFD), so that
       * the list stays readable; a toast says so. */
      if (!blank)
        {
          LineProblem *problem = NULL;
          char *line;
          glong n_chars;

          if (!g_utf8_validate_len (p, line_length, NULL))
            {
              line = g_utf8_make_valid (p, line_length);
              problem = line_problem_new (describe_bad_line (p, line_length), TRUE);
            }
          else
            line = g_strndup (p, line_length);

          /* Too long a line is listed by its start, and not loaded. */
          n_chars = g_utf8_strlen (line, -1);
          if (n_chars > MAX_IRI_CHARS)
            {
              char *start = g_strndup (line, g_utf8_offset_to_pointer (line, 200) - line);

              g_free (line);
              line = g_strconcat (start, "\342\200\246", NULL);
              g_free (start);
              g_clear_pointer (&problem, line_problem_free);
              problem = line_problem_new (too_long_message (n_chars), FALSE);
            }

          if (problem != NULL && result->problems == NULL)
            {
              result->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) line_problem_free);
              g_ptr_array_set_size (result->problems, result->lines->len);
            }
          g_ptr_array_add (result->lines, line);
          if (result->problems != NULL)
            g_ptr_array_add (result->problems, problem);
        }
      if (g_task_return_error_if_cancelled (task))
        {
          file_lines_free (result);
          return;
        }
      p = newline != NULL ? newline + 1 : end;
    }
  g_task_return_pointer (task, result, (GDestroyNotify) file_lines_free);
}

static void
read_lines_done_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  IriInspectorWindow *self = IRI_INSPECTOR_WINDOW (source);
  g_autoptr(GError) error = NULL;
  FileLines *lines = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *subtitle = NULL;
  gboolean not_utf8;

  if (lines == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        toast (self, error->message);
      return;
    }
  if (lines->lines->len == 0)
    {
      /* Translators: %s is a file name */
      g_autofree char *message = g_strdup_printf (_("“%s” has no IRIs"), lines->name);

      toast (self, message);
      file_lines_free (lines);
      return;
    }

  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u IRI", "%u IRIs", lines->lines->len),
                              lines->lines->len);
  not_utf8 = FALSE;
  for (guint i = 0; lines->problems != NULL && i < lines->problems->len; i++)
    {
      const LineProblem *problem = g_ptr_array_index (lines->problems, i);

      not_utf8 |= problem != NULL && problem->loadable;
    }
  sidebar_show (self, g_steal_pointer (&lines->lines), g_steal_pointer (&lines->problems), lines->name, subtitle);
  gtk_single_selection_set_selected (self->sidebar_selection, 0);
  if (not_utf8)
    toast (self, _("Some lines are not UTF-8: the bytes that are not are shown as �"));
  file_lines_free (lines);
}

void
iri_inspector_window_open_file (IriInspectorWindow *self,
                                GFile              *file)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (IRI_INSPECTOR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  task = g_task_new (self, self->cancellable, read_lines_done_cb, NULL);
  g_task_set_source_tag (task, iri_inspector_window_open_file);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, read_lines_thread);
}

static void
sidebar_selected_cb (IriInspectorWindow *self)
{
  guint position = gtk_single_selection_get_selected (self->sidebar_selection);

  if (self->lines != NULL && position < self->lines->len)
    {
      const LineProblem *problem = line_problem (self->line_problems, position);

      if (problem == NULL || problem->loadable)
        set_text (self, g_ptr_array_index (self->lines, position));
      /* The field shows U+FFFD, and its findings are about U+FFFD: say
       * what the bytes of the file were; or why the line is not in the
       * field. */
      if (problem != NULL)
        toast (self, problem->message);
    }
}

static void
sidebar_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *view = iri_gtk_view_new (NULL);
  GtkWidget *icon = gtk_image_new ();

  iri_gtk_view_set_ellipsize (IRI_GTK_VIEW (view), TRUE);
  /* The row is what F6, Tab and the arrow keys move to, and what shows
   * the focus ring; a focusable view inside took the focus without a
   * ring of its own, so the focus could not be seen. */
  gtk_widget_set_can_focus (view, FALSE);
  gtk_widget_set_hexpand (view, TRUE);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), view);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_list_item_set_child (item, box);
}

/* Each row shows the IRI as the address field would, and the severity
 * of its worst finding: a spoofed host looks right, so the icon is
 * what tells it apart. */
static void
sidebar_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item)
{
  GtkStringObject *line = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *view = gtk_widget_get_first_child (box);
  GtkWidget *icon = gtk_widget_get_last_child (box);
  IriSeverity severity;

  const char *problem = g_object_get_data (G_OBJECT (line), LINE_PROBLEM_KEY);

  iri_gtk_view_set_text (IRI_GTK_VIEW (view), gtk_string_object_get_string (line));
  severity = iri_gtk_view_get_highest_severity (IRI_GTK_VIEW (view));
  /* Bytes that are not UTF-8 are an error whatever U+FFFD gives. */
  if (problem != NULL)
    severity = IRI_SEVERITY_ERROR;
  gtk_image_set_from_icon_name (GTK_IMAGE (icon), severity >= IRI_SEVERITY_WARNING
                                                    ? iri_inspector_severity_icon (severity) : NULL);
  gtk_widget_remove_css_class (icon, "error");
  gtk_widget_remove_css_class (icon, "warning");
  if (severity >= IRI_SEVERITY_WARNING)
    gtk_widget_add_css_class (icon, severity == IRI_SEVERITY_ERROR ? "error" : "warning");
  gtk_widget_set_tooltip_text (icon, problem != NULL ? problem : iri_inspector_severity_name (severity));
  if (problem != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, problem, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
#if GTK_CHECK_VERSION (4, 12, 0)
  /* The row has the focus (its view does not take it): a screen reader
   * names the row by the IRI, in logical order as the view's own name
   * is, and says how bad its worst finding is. */
  gtk_list_item_set_accessible_label (item, gtk_string_object_get_string (line));
  gtk_list_item_set_accessible_description (item, problem != NULL ? problem
                                                  : severity >= IRI_SEVERITY_WARNING ? iri_inspector_severity_name (severity)
                                                  : "");
#endif
}

/* ------------------------------------------------------------------ */
/* Known hosts: the list in the settings and the lines of a file       */

static void
apply_known_hosts (IriInspectorWindow *self)
{
  g_auto(GStrv) listed = g_settings_get_strv (self->settings, "known-hosts");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) hosts = NULL;

  g_strv_builder_addv (builder, (const char **) listed);
  if (self->file_hosts != NULL)
    g_strv_builder_addv (builder, (const char **) self->file_hosts);
  hosts = g_strv_builder_end (builder);

  g_object_set (self->entry, "known-hosts", hosts, NULL);
  iri_gtk_view_set_known_hosts (IRI_GTK_VIEW (self->embed_view), (const char * const *) hosts);
  iri_gtk_view_set_known_hosts (IRI_GTK_VIEW (self->isolate_view), (const char * const *) hosts);
  iri_analyzer_set_known_hosts (self->analyzer, (const char * const *) hosts);
  /* A look-alike of a trusted host stays encoded too (§5a). */
  iri_display_policy_set_known_hosts (self->policy, (const char * const *) hosts);
}

static void
known_hosts_file_loaded_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  g_autoptr(IriInspectorWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (!g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      g_autofree char *message = g_strdup_printf (_("The file of known hosts cannot be read: %s"), error->message);

      toast (self, message);
      return;
    }
  if (g_utf8_validate_len (contents, length, NULL))
    {
      g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);

      /* One host per line; "#" starts a comment, as in iri check
       * --known-hosts. */
      for (gsize i = 0; lines[i] != NULL; i++)
        {
          char *hash = strchr (lines[i], '#');

          if (hash != NULL)
            *hash = '\0';
          g_strstrip (lines[i]);
          if (lines[i][0] != '\0')
            g_strv_builder_add (builder, lines[i]);
        }
    }
  else
    toast (self, _("The file of known hosts is not UTF-8"));

  g_clear_pointer (&self->file_hosts, g_strfreev);
  self->file_hosts = g_strv_builder_end (builder);
  apply_known_hosts (self);
}

static void
known_hosts_file_changed_cb (IriInspectorWindow *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "known-hosts-file");

  g_clear_pointer (&self->file_hosts, g_strfreev);
  apply_known_hosts (self);
  if (path[0] != '\0')
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);

      g_file_load_contents_async (file, NULL, known_hosts_file_loaded_cb, g_object_ref (self));
    }
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */

static void
open_chosen (GObject *owner,
             GFile   *file)
{
  iri_inspector_window_open_file (IRI_INSPECTOR_WINDOW (owner), file);
}

static void
open_action (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  IriInspectorWindow *self = IRI_INSPECTOR_WINDOW (widget);
  g_autoptr(GtkFileFilter) text = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);

  gtk_file_filter_set_name (text, _("Text files"));
  gtk_file_filter_add_mime_type (text, "text/plain");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, text);
  g_list_store_append (filters, all);
  iri_inspector_choose_file (GTK_WINDOW (self), FALSE, _("Open a List of IRIs"), _("_Open"), NULL,
                             G_LIST_MODEL (filters), open_chosen, G_OBJECT (self));
}

static void
focus_address_action (GtkWidget  *widget,
                      const char *action,
                      GVariant   *parameter)
{
  IriInspectorWindow *self = IRI_INSPECTOR_WINDOW (widget);

  gtk_widget_grab_focus (self->entry);
  gtk_editable_select_region (GTK_EDITABLE (self->entry), 0, -1);
}

/* F6 and Shift+F6 move the keyboard focus from region to region, as in
 * GNOME's applications: the header bar, the address field, the page
 * switcher, the page and, when it is shown, the sidebar.  The renderings
 * under the field count as part of the field's region. */
typedef enum {
  REGION_HEADER_BAR,
  REGION_ENTRY,
  REGION_SWITCHER,
  REGION_PAGE,
  REGION_SIDEBAR,
  N_REGIONS,
} Region;

/* The page switcher in use: the one in the header bar, or the one at the
 * bottom when the window is narrow. */
static GtkWidget *
visible_switcher (IriInspectorWindow *self)
{
  return gtk_widget_get_mapped (self->switcher_bar) && adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (self->switcher_bar))
           ? self->switcher_bar : self->header_switcher;
}

static int
current_region (IriInspectorWindow *self)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));

  if (focus == NULL)
    return -1;
  if (gtk_widget_is_ancestor (focus, self->sidebar))
    return REGION_SIDEBAR;
  if (gtk_widget_is_ancestor (focus, self->header_switcher) || gtk_widget_is_ancestor (focus, self->switcher_bar))
    return REGION_SWITCHER;
  if (gtk_widget_is_ancestor (focus, self->header_bar))
    return REGION_HEADER_BAR;
  if (gtk_widget_is_ancestor (focus, GTK_WIDGET (self->view_stack)))
    return REGION_PAGE;
  return REGION_ENTRY;
}

/* The switcher's button of the page shown: the page tab that has the
 * focus in a tab list. */
static GtkWidget *
active_page_button (GtkWidget *widget)
{
  if (GTK_IS_TOGGLE_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
      gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (widget)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = active_page_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
focus_region (IriInspectorWindow *self,
              Region              region)
{
  GtkWidget *widget;

  switch (region)
    {
    case REGION_HEADER_BAR:
      widget = self->header_bar;
      break;
    case REGION_ENTRY:
      return gtk_widget_grab_focus (self->entry);
    case REGION_SWITCHER:
      widget = visible_switcher (self);
      {
        /* While the bottom bar slides in, the header bar may still show
         * its switcher and the bar's buttons may not take the focus
         * yet: either switcher will do. */
        GtkWidget *other = widget == self->switcher_bar ? self->header_switcher : self->switcher_bar;
        GtkWidget *button = active_page_button (widget);

        if (button == NULL || !gtk_widget_grab_focus (button))
          button = active_page_button (other);
        if (button != NULL && gtk_widget_grab_focus (button))
          return TRUE;
      }
      break;
    case REGION_PAGE:
      widget = adw_view_stack_get_visible_child (self->view_stack);
      break;
    case REGION_SIDEBAR:
      if (!sidebar_get_shown (self))
        return FALSE;
      widget = self->sidebar;
      break;
    case N_REGIONS:
    default:
      return FALSE;
    }
  /* Focus is outside the region: this gives its first control. */
  return widget != NULL && gtk_widget_get_mapped (widget) && gtk_widget_child_focus (widget, GTK_DIR_TAB_FORWARD);
}

static void
cycle_region_action (GtkWidget  *widget,
                     const char *action,
                     GVariant   *parameter)
{
  IriInspectorWindow *self = IRI_INSPECTOR_WINDOW (widget);
  int step = g_str_equal (action, "win.next-region") ? 1 : -1;
  int region = current_region (self);

  if (region < 0)
    region = step > 0 ? N_REGIONS - 1 : 0;
  for (int k = 1; k <= N_REGIONS; k++)
    {
      Region next = (region + step * k + N_REGIONS) % N_REGIONS;

      if (focus_region (self, next))
        {
          gtk_window_set_focus_visible (GTK_WINDOW (self), TRUE);
          return;
        }
    }
}

static void
copy (IriInspectorWindow *self,
      const char         *text,
      const char         *what)
{
  if (text == NULL || text[0] == '\0')
    {
      toast (self, _("Nothing to copy"));
      return;
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  toast (self, what);
}

static void
copy_iri_action (GtkWidget  *widget,
                 const char *action,
                 GVariant   *parameter)
{
  IriInspectorWindow *self = IRI_INSPECTOR_WINDOW (widget);

  /* The IRI in logical order, never the display form. */
  copy (self, gtk_editable_get_text (GTK_EDITABLE (self->entry)), _("IRI copied"));
}

static void
copy_uri_action (GtkWidget  *widget,
                 const char *action,
                 GVariant   *parameter)
{
  IriInspectorWindow *self = IRI_INSPECTOR_WINDOW (widget);

  copy (self, iri_gtk_entry_get_uri (IRI_GTK_ENTRY (self->entry)), _("URI copied"));
}

static void
paste_uri_read_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(IriInspectorWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      toast (self, _("The clipboard has no text"));
      return;
    }
  iri_inspector_window_load (self, text, IRI_INSPECTOR_LOAD_FROM_OUTSIDE);
}

static void
paste_uri_action (GtkWidget  *widget,
                  const char *action,
                  GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_uri_read_cb,
                                 g_object_ref (widget));
}

static void
toggle_sidebar_action (GtkWidget  *widget,
                       const char *action,
                       GVariant   *parameter)
{
  IriInspectorWindow *self = IRI_INSPECTOR_WINDOW (widget);

  if (self->lines != NULL)
    sidebar_set_shown (self, !sidebar_get_shown (self));
}

static void
toggle_display_mode_action (GtkWidget  *widget,
                            const char *action,
                            GVariant   *parameter)
{
  IriInspectorWindow *self = IRI_INSPECTOR_WINDOW (widget);
  int mode = g_settings_get_enum (self->settings, "display-mode");

  g_settings_set_enum (self->settings, "display-mode", mode == IRI_DISPLAY_EMBED ? IRI_DISPLAY_ISOLATE
                                                                                : IRI_DISPLAY_EMBED);
  toast (self, mode == IRI_DISPLAY_EMBED ? _("Address field: components isolated")
                                         : _("Address field: one left-to-right embedding (§4.1)"));
}

static void
step_iri (IriInspectorWindow *self,
          int                 step)
{
  guint position = gtk_single_selection_get_selected (self->sidebar_selection);

  if (self->lines == NULL || self->lines->len == 0)
    return;
  if (position == GTK_INVALID_LIST_POSITION)
    position = 0;
  else if (step > 0 && position + 1 < self->lines->len)
    position++;
  else if (step < 0 && position > 0)
    position--;
  gtk_single_selection_set_selected (self->sidebar_selection, position);
  gtk_widget_activate_action (GTK_WIDGET (self->sidebar_list), "list.scroll-to-item", "u", position);
}

static void
next_iri_action (GtkWidget  *widget,
                 const char *action,
                 GVariant   *parameter)
{
  step_iri (IRI_INSPECTOR_WINDOW (widget), 1);
}

static void
previous_iri_action (GtkWidget  *widget,
                     const char *action,
                     GVariant   *parameter)
{
  step_iri (IRI_INSPECTOR_WINDOW (widget), -1);
}

static void
page_action (GtkWidget  *widget,
             const char *action,
             GVariant   *parameter)
{
  IriInspectorWindow *self = IRI_INSPECTOR_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->view_stack, g_variant_get_string (parameter, NULL));
}

/* ------------------------------------------------------------------ */
/* Drag and drop                                                       */

static gboolean
drop_cb (GtkDropTarget      *target,
         const GValue       *value,
         double              x,
         double              y,
         IriInspectorWindow *self)
{
  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *files = gdk_file_list_get_files (g_value_get_boxed (value));
      GFile *file;

      if (files == NULL)
        return FALSE;
      file = files->data;
      /* A local file is a list of IRIs; anything else is an address. */
      if (g_file_is_native (file))
        iri_inspector_window_open_file (self, file);
      else
        {
          g_autofree char *uri = g_file_get_uri (file);

          iri_inspector_window_load (self, uri, IRI_INSPECTOR_LOAD_FROM_OUTSIDE);
        }
      g_slist_free (files);
      return TRUE;
    }
  if (G_VALUE_HOLDS_STRING (value) && g_value_get_string (value) != NULL)
    {
      iri_inspector_window_load (self, g_value_get_string (value), IRI_INSPECTOR_LOAD_FROM_OUTSIDE);
      return TRUE;
    }
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Screenshots and startup time (tests, documentation, benchmarks)     */

/* Right after a frame, when every widget has its allocation: between
 * frames a widget that was queued for allocation (an animation, the
 * sidebar sliding in) is not drawn, and the snapshot can be empty. */
static void
screenshot_after_paint_cb (GdkFrameClock      *clock,
                           IriInspectorWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_file_get_path (self->screenshot);

  g_signal_handlers_disconnect_by_func (clock, screenshot_after_paint_cb, self);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node != NULL)
    texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (self)), node,
                                           &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (texture == NULL || !gdk_texture_save_to_png (texture, path))
    g_printerr ("iri-inspector: cannot write the screenshot %s (%d×%d, %s)\n", path, width, height,
                node == NULL ? "nothing drawn" : texture == NULL ? "not rendered" : "not saved");
  g_application_quit (g_application_get_default ());
}

static gboolean
take_screenshot_cb (gpointer user_data)
{
  IriInspectorWindow *self = user_data;

  g_signal_connect_object (gtk_widget_get_frame_clock (GTK_WIDGET (self)), "after-paint",
                           G_CALLBACK (screenshot_after_paint_cb), self, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static void
after_paint_cb (GdkFrameClock      *clock,
                IriInspectorWindow *self)
{
  /* The first frame that shows the text everywhere, page included. */
  if (self->update_id != 0 || self->update_after_frame)
    return;
  if (self->report_first_frame)
    {
      /* CLOCK_MONOTONIC, in µs: the benchmark subtracts the time it
       * started the process at. */
      g_print ("first-frame-monotonic-us %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
      /* And what the tests check: the direction of the UI, and the text
       * of the address field, byte for byte (in logical order). */
      g_print ("direction %s\n", gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL ? "rtl" : "ltr");
      g_print ("text %s\n", gtk_editable_get_text (GTK_EDITABLE (self->entry)));
      /* And, on the URI page, the readable form (§3.7, §5a). */
      if (visible_page (self) == PAGE_URI)
        g_print ("readable %s\n",
                 iri_inspector_uri_page_get_readable (IRI_INSPECTOR_URI_PAGE (self->pages[PAGE_URI])));
      fflush (stdout);
      self->report_first_frame = FALSE;
      if (self->screenshot == NULL)
        g_application_quit (g_application_get_default ());
    }
  if (self->screenshot != NULL)
    /* Let fonts, icons and the layout settle for a moment first. */
    g_timeout_add (500, take_screenshot_cb, self);

  g_clear_signal_handler (&self->after_paint_id, clock);
}

static void
watch_first_frame (IriInspectorWindow *self)
{
  GdkFrameClock *clock;

  if (self->after_paint_id != 0)
    return;
  if (!gtk_widget_get_realized (GTK_WIDGET (self)))
    gtk_widget_realize (GTK_WIDGET (self));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  self->after_paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), self);
}

void
iri_inspector_window_screenshot_and_quit (IriInspectorWindow *self,
                                          GFile              *file)
{
  g_return_if_fail (IRI_INSPECTOR_IS_WINDOW (self));

  g_set_object (&self->screenshot, file);
  watch_first_frame (self);
}

/* For the tests: how long (in µs) the field's own frame and the last
 * update may take together for the next keystroke's update to be done
 * before its frame (G_MAXINT64: always; -1: never), how close keystrokes
 * make a burst (in µs), and how long (in ms) a burst must pause for the
 * renderings and the page to follow.  Whether an update is cheap and
 * keystrokes close depends on the machine; the tests choose each way
 * instead of timing it. */
void
iri_inspector_window_set_update_timing (IriInspectorWindow *self,
                                        gint64              cheap_update_us,
                                        gint64              burst_us,
                                        guint               pause_ms)
{
  g_return_if_fail (IRI_INSPECTOR_IS_WINDOW (self));

  self->cheap_update = cheap_update_us;
  self->burst = burst_us;
  self->update_delay = pause_ms;
}

/* For the benchmarks: whether the renderings under the field and the
 * visible page show the field's text, or are still to follow it. */
gboolean
iri_inspector_window_is_up_to_date (IriInspectorWindow *self)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_WINDOW (self), FALSE);

  return self->update_id == 0 && !self->update_after_frame && !self->dirty[visible_page (self)];
}

void
iri_inspector_window_report_first_frame (IriInspectorWindow *self)
{
  g_return_if_fail (IRI_INSPECTOR_IS_WINDOW (self));

  self->report_first_frame = TRUE;
  watch_first_frame (self);
  /* Asked again of a window already shown: it draws once more. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ------------------------------------------------------------------ */
/* Life cycle                                                          */

static gboolean
iri_inspector_window_close_request (GtkWindow *window)
{
  IriInspectorWindow *self = IRI_INSPECTOR_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (iri_inspector_window_parent_class)->close_request (window);
}

static void
iri_inspector_window_dispose (GObject *object)
{
  IriInspectorWindow *self = IRI_INSPECTOR_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->update_id, g_source_remove);
  self->update_after_frame = FALSE;
  cancel_show_sidebar (self);
#if !ADW_CHECK_VERSION (1, 4, 0)
  g_clear_handle_id (&self->unwrap_id, g_source_remove);
  if (self->flap != NULL)
    g_signal_handlers_disconnect_by_func (self->flap, flap_changed_cb, self);
  g_clear_object (&self->unused_flap);
#endif
  g_clear_pointer (&self->analysis, iri_analysis_unref);
  g_clear_object (&self->analyzer);
  g_clear_object (&self->policy);
  g_clear_pointer (&self->lines, g_ptr_array_unref);
  g_clear_pointer (&self->line_problems, g_ptr_array_unref);
  g_clear_object (&self->sidebar_selection);
  g_clear_object (&self->sidebar_model);
  g_clear_pointer (&self->file_hosts, g_strfreev);
  g_clear_object (&self->screenshot);
  g_clear_object (&self->settings);

  gtk_widget_dispose_template (GTK_WIDGET (self), IRI_INSPECTOR_TYPE_WINDOW);

  G_OBJECT_CLASS (iri_inspector_window_parent_class)->dispose (object);
}

/* The keyboard shortcuts window is built the first time it is asked
 * for.  GtkApplication builds gtk/help-overlay.ui, when the application
 * has one, for every window it adds: about 40 M instructions, a
 * twentieth of a start to the first frame, for a window most starts
 * never show.  Given to the window as its help overlay, it shows the
 * application's accelerators and hides on close. */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (widget);

  if (gtk_application_window_get_help_overlay (window) == NULL)
    {
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/iri_inspector/IriInspector/iri-inspector-shortcuts.ui");
      GObject *shortcuts = gtk_builder_get_object (builder, "help_overlay");

      gtk_application_window_set_help_overlay (window, GTK_SHORTCUTS_WINDOW (shortcuts));
    }
  gtk_widget_activate_action (widget, "win.show-help-overlay", NULL);
}

static void
iri_inspector_window_class_init (IriInspectorWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = iri_inspector_window_dispose;
  window_class->close_request = iri_inspector_window_close_request;

  g_type_ensure (IRI_GTK_TYPE_ENTRY);
  g_type_ensure (IRI_GTK_TYPE_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/iri_inspector/IriInspector/iri-inspector-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, toast_overlay);
#if ADW_CHECK_VERSION (1, 4, 0)
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, split_view);
#else
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, flap);
#endif
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, sidebar_title);
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, sidebar_list);
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, header_bar);
#if ADW_CHECK_VERSION (1, 4, 0)
  gtk_widget_class_bind_template_child_full (widget_class, "switcher", FALSE,
                                             G_STRUCT_OFFSET (IriInspectorWindow, header_switcher));
#else
  gtk_widget_class_bind_template_child_full (widget_class, "switcher_title", FALSE,
                                             G_STRUCT_OFFSET (IriInspectorWindow, header_switcher));
#endif
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, entry);
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, embed_view);
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, isolate_view);
  gtk_widget_class_bind_template_child (widget_class, IriInspectorWindow, rtl_label);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.focus-address", NULL, focus_address_action);
  gtk_widget_class_install_action (widget_class, "win.next-region", NULL, cycle_region_action);
  gtk_widget_class_install_action (widget_class, "win.previous-region", NULL, cycle_region_action);
  gtk_widget_class_install_action (widget_class, "win.copy-iri", NULL, copy_iri_action);
  gtk_widget_class_install_action (widget_class, "win.copy-uri", NULL, copy_uri_action);
  gtk_widget_class_install_action (widget_class, "win.paste-uri", NULL, paste_uri_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-sidebar", NULL, toggle_sidebar_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-display-mode", NULL, toggle_display_mode_action);
  gtk_widget_class_install_action (widget_class, "win.next-iri", NULL, next_iri_action);
  gtk_widget_class_install_action (widget_class, "win.previous-iri", NULL, previous_iri_action);
  gtk_widget_class_install_action (widget_class, "win.page", "s", page_action);
  gtk_widget_class_install_action (widget_class, "win.show-shortcuts", NULL, show_shortcuts_action);
}

static void
add_page (IriInspectorWindow *self,
          Page                page,
          GtkWidget          *widget,
          const char         *title,
          const char         *icon_name)
{
  self->pages[page] = widget;
  /* A page is a region of its own for assistive technology, named as
   * its button is (GTK 4.8 would give it the type's name). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  self->stack_pages[page] = adw_view_stack_add_titled (self->view_stack, widget, page_names[page], title);
  adw_view_stack_page_set_icon_name (self->stack_pages[page], icon_name);
  if (g_signal_lookup ("highlight", G_OBJECT_TYPE (widget)) != 0)
    g_signal_connect_object (widget, "highlight", G_CALLBACK (highlight_cb), self, G_CONNECT_SWAPPED);
}

/* The renderings of §4.1 are left-aligned, as the address field shows
 * them, in a left-to-right and in a right-to-left interface alike; the
 * rendering in a right-to-left paragraph is right-aligned, as such a
 * paragraph is.  GTK flips START and END with the direction. */
static void
update_alignment (IriInspectorWindow *self)
{
  gboolean rtl = gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL;

  gtk_widget_set_halign (self->embed_view, rtl ? GTK_ALIGN_END : GTK_ALIGN_START);
  gtk_widget_set_halign (self->isolate_view, rtl ? GTK_ALIGN_END : GTK_ALIGN_START);
  gtk_widget_set_halign (self->rtl_label, rtl ? GTK_ALIGN_START : GTK_ALIGN_END);
}

static void
uri_copied_cb (IriInspectorWindow *self,
               const char         *toast_text)
{
  toast (self, toast_text);
}

static void
page_load_cb (IriInspectorWindow *self,
              const char         *iri)
{
  set_text (self, iri);
  gtk_widget_grab_focus (self->entry);
}

/* An example opened in the Steps page: loaded, then shown step by step. */
static void
example_steps_cb (IriInspectorWindow *self,
                  const char         *iri,
                  int                 notation)
{
  iri_inspector_steps_page_set_notation (IRI_INSPECTOR_STEPS_PAGE (self->pages[PAGE_STEPS]), notation);
  set_text (self, iri);
  adw_view_stack_set_visible_child_name (self->view_stack, page_names[PAGE_STEPS]);
}

static void
iri_inspector_window_init (IriInspectorWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
#if !ADW_CHECK_VERSION (1, 4, 0)
  g_signal_connect_swapped (self->flap, "notify::reveal-flap", G_CALLBACK (flap_changed_cb), self);
  g_signal_connect_swapped (self->flap, "notify::reveal-progress", G_CALLBACK (flap_changed_cb), self);
  flap_set_in_window (self, FALSE);
#endif
  self->analyzer = iri_analyzer_new ();
  self->policy = iri_display_policy_new (IRI_DISPLAY_STRICT);
  self->cheap_update = FRAME_BUDGET_US;
  self->field_cost = FIELD_COST_US;
  self->burst = BURST_US;
  self->update_delay = UPDATE_DELAY_MS;
  g_signal_connect_after (self, "realize", G_CALLBACK (realize_cb), NULL);
}

IriInspectorWindow *
iri_inspector_window_new (IriInspectorApplication *application)
{
  IriInspectorWindow *self = g_object_new (IRI_INSPECTOR_TYPE_WINDOW, "application", application, NULL);
  GtkListItemFactory *factory;
  GtkDropTarget *drop;
  GType drop_types[] = { GDK_TYPE_FILE_LIST, G_TYPE_STRING };

  self->settings = g_object_ref (iri_inspector_application_get_settings (application));

  gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  /* Pages */
  add_page (self, PAGE_UNITS, iri_inspector_table_page_new (IRI_INSPECTOR_TABLE_UNITS),
            _("Units"), "view-list-symbolic");
  add_page (self, PAGE_DIAGNOSTICS, iri_inspector_diagnostics_page_new (),
            _("Findings"), "dialog-warning-symbolic");
  add_page (self, PAGE_URI, iri_inspector_uri_page_new (), _("URI"), "insert-link-symbolic");
  add_page (self, PAGE_CHARACTERS, iri_inspector_table_page_new (IRI_INSPECTOR_TABLE_CHARACTERS),
            _("Characters"), "accessories-character-map-symbolic");
  add_page (self, PAGE_COMPARE, iri_inspector_compare_page_new (), _("Compare"), "view-dual-symbolic");
  add_page (self, PAGE_EXAMPLES, iri_inspector_examples_page_new (self->settings),
            _("Examples"), "accessories-dictionary-symbolic");
  /* After the examples, which open in it.  Translators: the page that
   * shows the bidi algorithm step by step */
  add_page (self, PAGE_STEPS, iri_inspector_steps_page_new (), _("Steps"), "format-text-direction-symbolic");
  /* The switchers get the stack once it has all its pages: a switcher
   * makes its buttons anew for each page added (libadwaita 1.2), which
   * cost a start-up seven times two switchers' worth of buttons, about
   * an eighth of the instructions to the first frame. */
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_view_switcher_set_stack (ADW_VIEW_SWITCHER (self->header_switcher), self->view_stack);
#else
  adw_view_switcher_title_set_stack (ADW_VIEW_SWITCHER_TITLE (self->header_switcher), self->view_stack);
#endif
  adw_view_switcher_bar_set_stack (ADW_VIEW_SWITCHER_BAR (self->switcher_bar), self->view_stack);
  iri_inspector_uri_page_set_display_policy (IRI_INSPECTOR_URI_PAGE (self->pages[PAGE_URI]), self->policy);
  iri_inspector_examples_page_set_display_policy (IRI_INSPECTOR_EXAMPLES_PAGE (self->pages[PAGE_EXAMPLES]),
                                                  self->policy);
  g_signal_connect_object (self->pages[PAGE_URI], "copied", G_CALLBACK (uri_copied_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->pages[PAGE_URI], "load", G_CALLBACK (page_load_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->pages[PAGE_EXAMPLES], "load", G_CALLBACK (page_load_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->pages[PAGE_EXAMPLES], "steps", G_CALLBACK (example_steps_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->pages[PAGE_STEPS], "toast", G_CALLBACK (toast), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view_stack, "notify::visible-child", G_CALLBACK (visible_page_changed_cb),
                           self, G_CONNECT_SWAPPED);
  adw_view_stack_set_visible_child_name (self->view_stack, page_names[PAGE_DIAGNOSTICS]);

  /* Preferences */
  g_settings_bind (self->settings, "host-mapping", self->entry, "uri-host-mapping", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "display-mode", self->entry, "display-mode", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-preview", self->entry, "show-preview", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "host-mapping", self->analyzer, "host-mapping", G_SETTINGS_BIND_GET);
  /* One display policy (§5a) for the entry's pastes and drops, the
   * window's own, the URI page and the examples. */
  g_settings_bind (self->settings, "display-policy", self->entry, "display-policy", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "display-policy", self->policy, "level", G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->settings, "changed::known-hosts", G_CALLBACK (apply_known_hosts),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::known-hosts-file", G_CALLBACK (known_hosts_file_changed_cb),
                           self, G_CONNECT_SWAPPED);
  known_hosts_file_changed_cb (self);

  /* The sidebar */
  self->sidebar_model = iri_inspector_lazy_list_new (GTK_TYPE_STRING_OBJECT);
  self->sidebar_selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->sidebar_model)));
  gtk_single_selection_set_autoselect (self->sidebar_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->sidebar_selection, TRUE);
  g_signal_connect_object (self->sidebar_selection, "notify::selected", G_CALLBACK (sidebar_selected_cb),
                           self, G_CONNECT_SWAPPED);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (sidebar_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (sidebar_bind_cb), NULL);
  gtk_list_view_set_factory (self->sidebar_list, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->sidebar_list, GTK_SELECTION_MODEL (self->sidebar_selection));

  /* Drops of text, links and files anywhere on the window. */
  drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (drop, drop_types, G_N_ELEMENTS (drop_types));
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect_object (self->entry, "changed", G_CALLBACK (text_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "direction-changed", G_CALLBACK (update_alignment), NULL);
  update_alignment (self);
  text_changed_cb (self);
  gtk_widget_grab_focus (self->entry);
  return self;
}
