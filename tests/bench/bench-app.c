/* bench-app.c: what a person waits for in the desktop app
 *
 * Usage: bench-app [--pages=units,diagnostics,…] [--sizes=200,2000,20000]
 *                  [--samples=N] [--budget=SECONDS] [--startup=APP]
 *                  [--startup-runs=N] [--no-preview] [--phases]
 *
 * Runs the app's own window in this process (the app's sources are built
 * into this program, as into the app) and, for each page and each IRI
 * length, inserts one character at a time into the address field through
 * GtkEditable, as typing does (gtk_editable_insert_text() on the entry,
 * which its GtkText delegate handles like a committed key), and takes
 * the wall time from just before the insertion to the window's next
 * GdkFrameClock::after-paint: the frame that shows the character in
 * the field ("first frame").  It also takes the time to the frame that
 * shows it everywhere: in the renderings under the field and on the
 * page ("shown"; the window tells when they are up to date, which is at
 * the first frame when the update was cheap enough to be done before
 * it), and to the last frame the insertion caused, once no frame has
 * come for 200 ms ("last frame": toolkit frames that change nothing
 * visible count too).
 *
 * The IRIs mix Hebrew, Arabic and Latin (host, path segments, query and
 * fragment); each page and length starts from a new one, and every
 * insertion makes a text the analysis has not seen, so no cache serves
 * a sample.  Characters are inserted at random places after the
 * authority.  A sample starts once the last one has settled, 200 ms
 * after its last frame, so the frame clock's pacing adds nothing.  The cursor does not blink.
 * With --phases, it also prints to standard error how long the
 * insertion's own handlers took and the frame's layout phase; with
 * --no-preview, the address field's URI preview is off (the
 * show-preview setting), which tells the widget's share from the
 * window's and the pages'.
 *
 * With --startup=APP it also runs APP --new-window --report-startup
 * (the app's hidden option: it prints the monotonic time of its first
 * frame) with a 2 000-character IRI, on each page, and reports exec to
 * first frame.  With --startup-peer=PEER (tests/bench/startup-peer: a
 * libadwaita window that shows the IRI in a label, and nothing of
 * ours) it runs PEER with the same IRI after each run of APP and
 * reports its times and the median of the pairs' differences: the
 * floor that GTK, libadwaita and the display set, and what the app
 * adds to it.
 *
 * It prints Markdown; it never asserts on time.  Run it under a display:
 * `xvfb-run -a dbus-run-session -- tests/bench/run-benchmarks.sh build`,
 * or directly with GSETTINGS_SCHEMA_DIR=build/data GSETTINGS_BACKEND=memory.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <stdlib.h>
#include <iri-gtk.h>

#include "iri-inspector-application.h"
#include "iri-inspector-window.h"

static const char *all_pages[] = { "units", "characters", "diagnostics", "uri", "compare", "examples" };
static const char *page_titles[] = { "Units", "Characters", "Findings", "URI", "Compare", "Examples" };

/* Letters typed: Hebrew, Arabic, Latin and digits. */
static const char *alphabet[] = {
  "א", "ב", "ג", "ד", "ה", "ו", "ש", "ל", "ם", "ת",
  "ا", "ب", "ت", "ث", "ج", "ح", "س", "ل", "م", "ن",
  "a", "b", "c", "d", "e", "k", "m", "s", "x", "z",
  "1", "2", "7", "-",
};
static const char *hebrew = "אבגדהוזחטיכלמנסעפצקרשת";
static const char *arabic = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي";
static const char *latin = "abcdefghijklmnopqrstuvwxyz";

static char   **opt_pages = NULL;
static char    *opt_sizes = NULL;
static int      opt_samples = 31;
static double   opt_budget = 20;
static char    *opt_startup = NULL;
static char    *opt_startup_peer = NULL;
static int      opt_startup_runs = 5;
static gboolean opt_no_preview = FALSE;
static gboolean opt_phases = FALSE;

static const GOptionEntry entries[] = {
  { "pages", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opt_pages, "Pages to measure (repeat or comma-separate)", "PAGE" },
  { "sizes", 0, 0, G_OPTION_ARG_STRING, &opt_sizes, "IRI lengths in characters, comma-separated", "N,…" },
  { "samples", 0, 0, G_OPTION_ARG_INT, &opt_samples, "Keystrokes per page and length (default 31)", "N" },
  { "budget", 0, 0, G_OPTION_ARG_DOUBLE, &opt_budget, "Seconds at most per page and length (default 20)", "S" },
  { "startup", 0, 0, G_OPTION_ARG_FILENAME, &opt_startup, "Also time APP's start to its first frame", "APP" },
  { "startup-peer", 0, 0, G_OPTION_ARG_FILENAME, &opt_startup_peer, "With --startup, also time PEER's, in turn with APP", "PEER" },
  { "startup-runs", 0, 0, G_OPTION_ARG_INT, &opt_startup_runs, "Runs per page for --startup (default 5)", "N" },
  { "no-preview", 0, 0, G_OPTION_ARG_NONE, &opt_no_preview, "Turn the address field's URI preview off", NULL },
  { "phases", 0, 0, G_OPTION_ARG_NONE, &opt_phases, "Also print the insertion's and the layout's share", NULL },
  { NULL }
};

/* Appends @n random characters of @letters (UTF-8) to @s. */
static void
append_word (GString    *s,
             GRand      *rand,
             const char *letters,
             guint       n)
{
  glong count = g_utf8_strlen (letters, -1);

  for (guint i = 0; i < n; i++)
    {
      const char *p = g_utf8_offset_to_pointer (letters, g_rand_int_range (rand, 0, count));

      g_string_append_len (s, p, g_utf8_next_char (p) - p);
    }
}

static const char *
pick_script (GRand *rand)
{
  switch (g_rand_int_range (rand, 0, 3))
    {
    case 0: return hebrew;
    case 1: return arabic;
    default: return latin;
    }
}

/* A mixed IRI of about @length characters: a Hebrew host, path segments
 * in Hebrew, Arabic and Latin, a query and a fragment. */
static char *
make_iri (GRand *rand,
          guint  length,
          guint *authority_end)
{
  GString *s = g_string_new ("https://www.");

  append_word (s, rand, hebrew, 5);
  g_string_append (s, ".example");
  *authority_end = g_utf8_strlen (s->str, -1);
  while ((guint) g_utf8_strlen (s->str, -1) < length * 7 / 10)
    {
      g_string_append_c (s, '/');
      append_word (s, rand, pick_script (rand), g_rand_int_range (rand, 3, 10));
      if (g_rand_int_range (rand, 0, 4) == 0)
        g_string_append_printf (s, "%d", g_rand_int_range (rand, 1, 2030));
    }
  g_string_append_c (s, '?');
  while ((guint) g_utf8_strlen (s->str, -1) < length * 95 / 100)
    {
      append_word (s, rand, pick_script (rand), g_rand_int_range (rand, 1, 6));
      g_string_append_c (s, '=');
      append_word (s, rand, pick_script (rand), g_rand_int_range (rand, 2, 8));
      g_string_append_c (s, '&');
    }
  g_string_append_c (s, '#');
  while ((guint) g_utf8_strlen (s->str, -1) < length)
    append_word (s, rand, pick_script (rand), 1);
  return g_string_free (s, FALSE);
}

typedef struct {
  IriInspectorWindow *window;
  GtkWidget          *entry;
  GdkFrameClock      *clock;
  GRand              *rand;
  GArray             *sizes;       /* guint */
  GStrv               pages;

  guint               page;
  guint               size;
  guint               authority_end;
  gint64              cell_start;
  GArray             *first;       /* gint64 µs, insertion → next after-paint */
  GArray             *shown;       /* gint64 µs, insertion → the frame showing it everywhere */
  GArray             *settled;     /* gint64 µs, insertion → all done */
  GArray             *sync;        /* gint64 µs, the insertion's handlers */
  GArray             *layout;      /* gint64 µs, the frame's layout phase */
  gint64              t_layout;
  gint64              t_sync_end;
  gint64              t_load_frame;

  gint64              t0;
  gint64              last_paint;
  gint64              armed_at;
  gboolean            waiting_first;
  gboolean            waiting_shown;
  gboolean            waiting_settle;
  gboolean            loading;
} Bench;

static void next_cell (Bench *b);
static void next_sample (Bench *b);

static int
compare_int64 (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* The nearest-rank percentile of @values (sorted in place), in ms. */
static double
percentile (GArray *values,
            double  p)
{
  guint rank;

  if (values->len == 0)
    return 0;
  g_array_sort (values, compare_int64);
  rank = (guint) (p / 100 * values->len + 0.999999);
  if (rank < 1)
    rank = 1;
  if (rank > values->len)
    rank = values->len;
  return g_array_index (values, gint64, rank - 1) / 1000.0;
}

static const char *
page_title (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (all_pages); i++)
    {
      if (g_str_equal (all_pages[i], name))
        return page_titles[i];
    }
  return name;
}

static void
report_cell (Bench *b)
{
  guint size = g_array_index (b->sizes, guint, b->size);

  g_autofree char *shown = NULL;

  /* An older build cannot tell when its window is up to date. */
  if (b->shown->len > 0)
    shown = g_strdup_printf ("%.2f | %.2f", percentile (b->shown, 50), percentile (b->shown, 95));
  else
    shown = g_strdup ("— | —");
  g_print ("| %s | %u | %.2f | %.2f | %s | %.2f | %.2f | %u |\n", page_title (b->pages[b->page]), size,
           percentile (b->first, 50), percentile (b->first, 95), shown,
           percentile (b->settled, 50), percentile (b->settled, 95), b->first->len);
  if (opt_phases)
    g_printerr ("  phases of the first frame, medians: insertion %.2f ms, layout %.2f ms\n",
                percentile (b->sync, 50), percentile (b->layout, 50));
}

/* No frame for QUIET_MS: everything the insertion caused is drawn.
 * Longer than the app waits for typing to pause before it updates the
 * renderings and the page (100 ms). */
#define QUIET_MS 200

static void
settle_done (Bench *b)
{
  gint64 done = MAX (b->last_paint, b->t0);

  b->waiting_settle = FALSE;
  if (b->loading)
    {
      if (opt_phases)
        g_printerr ("  loading the IRI: %.2f ms to its first frame, %.2f ms to settle\n",
                    (b->t_load_frame - b->t0) / 1000.0, (done - b->t0) / 1000.0);
      b->loading = FALSE;
      b->cell_start = g_get_monotonic_time ();
      next_sample (b);
      return;
    }
  g_array_append_val (b->settled, (gint64) { done - b->t0 });
  next_sample (b);
}

static gboolean quiet_timeout_cb (gpointer data);

/* Below every priority the app uses: a frame that was due has run. */
static gboolean
quiet_idle_cb (gpointer data)
{
  Bench *b = data;

  if (b->last_paint > b->armed_at)
    {
      b->armed_at = g_get_monotonic_time ();
      g_timeout_add (QUIET_MS, quiet_timeout_cb, b);
    }
  else
    settle_done (b);
  return G_SOURCE_REMOVE;
}

static gboolean
quiet_timeout_cb (gpointer data)
{
  g_idle_add_full (G_PRIORITY_LOW + 100, quiet_idle_cb, data, NULL);
  return G_SOURCE_REMOVE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                Bench         *b)
{
  gint64 now = g_get_monotonic_time ();

  /* The window's own after-paint handler ran first: an update it
   * starts after this frame is pending. */
#ifdef IRI_INSPECTOR_WINDOW_HAS_IS_UP_TO_DATE
  if (b->waiting_shown && !b->loading && iri_inspector_window_is_up_to_date (b->window))
    {
      b->waiting_shown = FALSE;
      g_array_append_val (b->shown, (gint64) { now - b->t0 });
    }
#endif
  if (b->waiting_first)
    {
      b->waiting_first = FALSE;
      if (b->loading)
        b->t_load_frame = now;
      else
        {
          g_array_append_val (b->first, (gint64) { now - b->t0 });
          g_array_append_val (b->sync, (gint64) { b->t_sync_end - b->t0 });
          g_array_append_val (b->layout, (gint64) { b->t_layout - b->t_sync_end });
        }
      b->waiting_settle = TRUE;
      b->last_paint = now;
      b->armed_at = now;
      g_timeout_add (QUIET_MS, quiet_timeout_cb, b);
    }
  else if (b->waiting_settle)
    b->last_paint = now;
}

/* After GTK's own handler: the end of the layout phase. */
static void
layout_cb (GdkFrameClock *clock,
           Bench         *b)
{
  if (b->waiting_first)
    b->t_layout = g_get_monotonic_time ();
}

static void
next_sample (Bench *b)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (b->entry));
  int length = (int) g_utf8_strlen (text, -1);
  int position;

  if (b->first->len >= (guint) opt_samples ||
      (b->first->len >= 3 && g_get_monotonic_time () - b->cell_start > opt_budget * G_USEC_PER_SEC))
    {
      report_cell (b);
      b->size++;
      next_cell (b);
      return;
    }

  position = g_rand_int_range (b->rand, b->authority_end, length + 1);
  b->waiting_first = TRUE;
  b->waiting_shown = TRUE;
  b->t0 = g_get_monotonic_time ();
  gtk_editable_insert_text (GTK_EDITABLE (b->entry), alphabet[g_rand_int_range (b->rand, 0, G_N_ELEMENTS (alphabet))],
                            -1, &position);
  b->t_sync_end = g_get_monotonic_time ();
}

/* The next page and length: a new IRI, loaded as the user would paste
 * it, then samples once it has settled. */
static void
next_cell (Bench *b)
{
  g_autofree char *iri = NULL;

  if (b->size >= b->sizes->len)
    {
      b->size = 0;
      b->page++;
    }
  if (b->pages[b->page] == NULL)
    {
      gtk_window_destroy (GTK_WINDOW (b->window));
      return;
    }
  if (b->size == 0)
    gtk_widget_activate_action (GTK_WIDGET (b->window), "win.page", "s", b->pages[b->page]);

  g_array_set_size (b->first, 0);
  g_array_set_size (b->shown, 0);
  g_array_set_size (b->settled, 0);
  g_array_set_size (b->sync, 0);
  g_array_set_size (b->layout, 0);
  iri = make_iri (b->rand, g_array_index (b->sizes, guint, b->size), &b->authority_end);
  b->loading = TRUE;
  b->waiting_first = TRUE;
  b->t0 = g_get_monotonic_time ();
  gtk_editable_set_text (GTK_EDITABLE (b->entry), iri);
  gtk_editable_set_position (GTK_EDITABLE (b->entry), -1);
  /* The page may not change; the frame comes anyway, as the entry did. */
  gtk_widget_queue_draw (GTK_WIDGET (b->window));
}

static gboolean
start_cb (gpointer data)
{
  Bench *b = data;

  g_print ("| page | IRI length | first frame median (ms) | p95 | shown median (ms) | p95 | last frame median (ms) | p95 | samples |\n");
  g_print ("|---|---|---|---|---|---|---|---|---|\n");
  b->clock = gtk_widget_get_frame_clock (GTK_WIDGET (b->window));
  g_signal_connect (b->clock, "after-paint", G_CALLBACK (after_paint_cb), b);
  g_signal_connect (b->clock, "layout", G_CALLBACK (layout_cb), b);
  next_cell (b);
  return G_SOURCE_REMOVE;
}

static void
window_added_cb (GtkApplication *application,
                 GtkWindow      *window,
                 Bench          *b)
{
  if (b->window != NULL || !IRI_INSPECTOR_IS_WINDOW (window))
    return;
  b->window = IRI_INSPECTOR_WINDOW (window);
  if (opt_no_preview)
    g_settings_set_boolean (iri_inspector_application_get_settings (IRI_INSPECTOR_APPLICATION (application)),
                            "show-preview", FALSE);
  b->entry = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), IRI_INSPECTOR_TYPE_WINDOW, "entry");
  g_assert (b->entry != NULL);
  /* Let the window map and settle first. */
  g_timeout_add (1000, start_cb, b);
}

/* Runs @argv (a program that prints "first-frame-monotonic-us N") and
 * appends exec → first frame to @times.  FALSE if it could not run. */
static gboolean
time_first_frame (const char * const *argv,
                  GArray             *times)
{
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  const char *line;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                     &out, NULL, &status, &error))
    {
      g_printerr ("bench-app: %s\n", error->message);
      return FALSE;
    }
  line = strstr (out, "first-frame-monotonic-us ");
  if (line != NULL)
    {
      gint64 frame = g_ascii_strtoll (line + strlen ("first-frame-monotonic-us "), NULL, 10);

      g_array_append_val (times, (gint64) { frame - start });
    }
  return TRUE;
}

/* APP --report-startup with a 2 000-character IRI: exec to first frame,
 * and, given a peer, the peer's with the same IRI, run in turn (app,
 * peer, app, peer…) so that both see the same load. */
static void
measure_startup (const char *app,
                 const char *peer)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (58);

  if (peer != NULL)
    {
      g_print ("\n| page shown at start | IRI length | exec to first frame, median (ms) | min | max "
               "| peer: median (min-max) | app - peer, median of pairs (ms) | runs |\n");
      g_print ("|---|---|---|---|---|---|---|---|\n");
    }
  else
    {
      g_print ("\n| page shown at start | IRI length | exec to first frame, median (ms) | min | max | runs |\n");
      g_print ("|---|---|---|---|---|---|\n");
    }
  for (gsize p = 0; p < G_N_ELEMENTS (all_pages); p++)
    {
      g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_autoptr(GArray) peer_times = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_autoptr(GArray) differences = g_array_new (FALSE, FALSE, sizeof (gint64));

      for (int run = 0; run < opt_startup_runs; run++)
        {
          guint authority_end;
          g_autofree char *iri = make_iri (rand, 2000, &authority_end);
          g_autofree char *page = g_strdup_printf ("--page=%s", all_pages[p]);
          const char *argv[] = { app, "--new-window", "--report-startup", page, iri, NULL };
          const char *peer_argv[] = { peer, iri, NULL };

          if (!time_first_frame (argv, times))
            return;
          if (peer != NULL)
            {
              if (!time_first_frame (peer_argv, peer_times))
                return;
              if (times->len == peer_times->len)
                g_array_append_val (differences, (gint64) { g_array_index (times, gint64, times->len - 1) -
                                                            g_array_index (peer_times, gint64, peer_times->len - 1) });
            }
        }
      if (times->len > 0)
        {
          g_array_sort (times, compare_int64);
          g_print ("| %s | 2000 | %.0f | %.0f | %.0f |", page_titles[p], percentile (times, 50),
                   g_array_index (times, gint64, 0) / 1000.0,
                   g_array_index (times, gint64, times->len - 1) / 1000.0);
          if (peer != NULL && peer_times->len > 0 && differences->len > 0)
            {
              g_array_sort (peer_times, compare_int64);
              g_array_sort (differences, compare_int64);
              g_print (" %.0f (%.0f-%.0f) | %.0f |", percentile (peer_times, 50),
                       g_array_index (peer_times, gint64, 0) / 1000.0,
                       g_array_index (peer_times, gint64, peer_times->len - 1) / 1000.0,
                       percentile (differences, 50));
            }
          else if (peer != NULL)
            g_print (" - | - |");
          g_print (" %u |\n", times->len);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— the app's keystroke latency, per page");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) pages = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) sizes = NULL;
  g_autoptr(IriInspectorApplication) application = NULL;
  Bench b = { 0 };
  char *app_argv[] = { argv[0], "--new-window", NULL };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("bench-app: %s\n", error->message);
      return 2;
    }
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("bench-app: no display (run it under xvfb-run -a); skipped\n");
      return 77;
    }

  if (opt_pages != NULL)
    {
      for (guint i = 0; opt_pages[i] != NULL; i++)
        {
          g_auto(GStrv) names = g_strsplit (opt_pages[i], ",", -1);

          for (guint j = 0; names[j] != NULL; j++)
            g_ptr_array_add (pages, g_strdup (names[j]));
        }
    }
  else
    {
      for (gsize i = 0; i < G_N_ELEMENTS (all_pages); i++)
        g_ptr_array_add (pages, g_strdup (all_pages[i]));
    }
  g_ptr_array_add (pages, NULL);

  b.sizes = g_array_new (FALSE, FALSE, sizeof (guint));
  sizes = g_strsplit (opt_sizes != NULL ? opt_sizes : "200,2000,20000", ",", -1);
  for (guint i = 0; sizes[i] != NULL; i++)
    {
      guint size = (guint) atoi (sizes[i]);

      g_array_append_val (b.sizes, size);
    }
  b.pages = (GStrv) pages->pdata;
  b.rand = g_rand_new_with_seed (3987);
  b.first = g_array_new (FALSE, FALSE, sizeof (gint64));
  b.shown = g_array_new (FALSE, FALSE, sizeof (gint64));
  b.settled = g_array_new (FALSE, FALSE, sizeof (gint64));
  b.sync = g_array_new (FALSE, FALSE, sizeof (gint64));
  b.layout = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (opt_pages == NULL || opt_pages[0][0] != '\0')
    {
      adw_init ();
      g_object_set (gtk_settings_get_default (), "gtk-cursor-blink", FALSE, NULL);
      application = iri_inspector_application_new ();
      g_application_set_flags (G_APPLICATION (application),
                               G_APPLICATION_HANDLES_COMMAND_LINE | G_APPLICATION_NON_UNIQUE);
      g_signal_connect (application, "window-added", G_CALLBACK (window_added_cb), &b);
      g_application_run (G_APPLICATION (application), 2, app_argv);
    }

  if (opt_startup != NULL)
    measure_startup (opt_startup, opt_startup_peer);

  g_array_unref (b.first);
  g_array_unref (b.shown);
  g_array_unref (b.settled);
  g_array_unref (b.sync);
  g_array_unref (b.layout);
  g_array_unref (b.sizes);
  g_rand_free (b.rand);
  return 0;
}
