/* bench-entry.c: what a person waits for when typing in IriGtkEntry
 *
 * DESIGN.md §9: insert → the frame that shows the change, measured as the
 * wall time from the insert to the next "after-paint" of the toplevel's
 * GdkFrameClock, under the real frame clock.  Three configurations, each
 * in a window of its own, alternated sample by sample:
 *
 *  - IriGtkEntry without the URI preview;
 *  - IriGtkEntry with show-preview;
 *  - GtkEntry, the peer, with the same texts and the same method.
 *
 * For IRIs of about 200, 2 000 and 20 000 characters (Latin, Hebrew and
 * Arabic path segments, an Arabic host, a query), each sample sets a text
 * of its own (one character varies with the sample, so that no cache
 * serves a repeated string), places the cursor at the end, lets the
 * window draw it and the frame clock fall idle, then types one
 * character: gtk_editable_insert_text() at the cursor, the path a key
 * press takes into the editable once the input method has committed it.
 *
 * Also printed, as medians: the CPU time this program spent from the
 * insert to the after-paint (wall time minus waiting for a processor
 * or for the X server: less affected by a busy machine), the
 * synchronous part (the insert call alone), the wait until the frame's
 * before-paint handlers have run (most of GtkEntry's time at 200
 * characters), and the rest of the frame (before-paint → after-paint).
 * A benchmark, not a test: it asserts nothing, and it never fails on
 * time.
 * Run it under a display (xvfb-run -a); GSK_RENDERER chooses the renderer
 * (tests/bench/run-benchmarks.sh runs it with cairo and with the default).
 *
 * Usage: bench-entry [--samples N] [--sizes 200,2000,20000] [--budget S]
 *                    [--only 0|1|2]
 *
 * --budget S: a configuration stops taking samples at a size once they
 * have cost S seconds (default 20), and is not measured at larger sizes
 * once one sample took more than S / 4: a slow configuration is reported
 * with the samples it has, instead of keeping the run going for hours.
 *
 * Only public API is used, so the same file measures older commits.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <iri-gtk.h>

typedef enum {
  CONFIG_IRI_ENTRY,
  CONFIG_IRI_ENTRY_PREVIEW,
  CONFIG_GTK_ENTRY,
  N_CONFIGS,
} Config;

static const char * const config_names[N_CONFIGS] = {
  "IriGtkEntry",
  "IriGtkEntry, show-preview",
  "GtkEntry (peer)",
};

typedef struct {
  GtkWidget *window;
  GtkWidget *entry;
  GArray    *frame;      /* of double, ms: insert → after-paint */
  GArray    *sync;       /* of double, ms: the insert call */
  GArray    *wait;       /* of double, ms: insert → the frame starts */
  GArray    *work;       /* of double, ms: the frame's start → after-paint */
  GArray    *cpu;        /* of double, ms: our CPU time, insert → after-paint */
  double     spent;      /* seconds, at this size */
  gboolean   skipped;    /* too slow at a smaller size */
} Setup;

static int n_samples = 31;
static char *sizes_arg = NULL;
static double budget = 20.0;
static int only = -1;

static gint64 painted_at;
static gint64 painted_cpu;
static gint64 frame_started_at;
static gboolean waiting_paint;
static GdkFrameClock *measured_clock;  /* the window being measured */

static const char *latin_words[] = {
  "wiki", "articles", "2026", "index", "page", "products", "search", "docs",
};
static const char *hebrew_words[] = {
  "\327\251\327\234\327\225\327\235",                          /* שלום */
  "\327\223\327\225\327\222\327\236\327\224",                  /* דוגמה */
  "\327\242\327\221\327\250\327\231\327\252",                  /* עברית */
  "\327\227\327\240\327\225\327\252",                          /* חנות */
};
static const char *arabic_words[] = {
  "\331\205\330\253\330\247\331\204",                          /* مثال */
  "\330\265\331\201\330\255\330\251",                          /* صفحة */
  "\331\205\331\210\331\202\330\271",                          /* موقع */
  "\331\203\331\204\331\205\330\251",                          /* كلمة */
};

/* A text of about @n_chars characters, different for every @sample:
 * the first path segment starts with a letter chosen by the sample. */
static char *
make_iri (int n_chars,
          int sample)
{
  GString *s = g_string_new ("https://\331\205\330\253\330\247\331\204.example/");
  guint k = 0;
  glong length;

  g_string_append_unichar (s, 0x05D0 + sample % 27);   /* a Hebrew letter */
  g_string_append_printf (s, "%d/", sample);
  length = g_utf8_strlen (s->str, -1);
  while (length < n_chars - 20)
    {
      const char *word;

      switch (k % 3)
        {
        case 0: word = latin_words[(k / 3) % G_N_ELEMENTS (latin_words)]; break;
        case 1: word = hebrew_words[(k / 3) % G_N_ELEMENTS (hebrew_words)]; break;
        default: word = arabic_words[(k / 3) % G_N_ELEMENTS (arabic_words)]; break;
        }
      g_string_append (s, word);
      g_string_append_c (s, '/');
      length += g_utf8_strlen (word, -1) + 1;
      k++;
    }
  g_string_append (s, "?q=\327\251\327\234\327\225\327\235&n=1");
  return g_string_free (s, FALSE);
}

/* The CPU time of this thread, in microseconds: what the work cost,
 * without the time spent waiting for a processor or for the X server,
 * which other programs on a busy machine inflate. */
static gint64
cpu_time (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       data)
{
  if (waiting_paint && clock == measured_clock)
    {
      painted_at = g_get_monotonic_time ();
      painted_cpu = cpu_time ();
      waiting_paint = FALSE;
    }
}

static void
before_paint_cb (GdkFrameClock *clock,
                 gpointer       data)
{
  if (waiting_paint && clock == measured_clock && frame_started_at == 0)
    frame_started_at = g_get_monotonic_time ();
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop for @ms, so that what was queued is drawn and the
 * frame clock, which paces frames a refresh interval apart, is ready to
 * start the next frame at once. */
static void
settle (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, timeout_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static void
wait_paint (void)
{
  while (waiting_paint)
    g_main_context_iteration (NULL, TRUE);
}

static void
setup_init (Setup  *setup,
            Config  config)
{
  GdkFrameClock *clock;

  setup->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (setup->window), 640, -1);
  if (config == CONFIG_GTK_ENTRY)
    setup->entry = gtk_entry_new ();
  else
    setup->entry = iri_gtk_entry_new ();
  if (config == CONFIG_IRI_ENTRY_PREVIEW)
    g_object_set (setup->entry, "show-preview", TRUE, NULL);
  gtk_widget_set_valign (setup->entry, GTK_ALIGN_START);
  gtk_window_set_child (GTK_WINDOW (setup->window), setup->entry);
  gtk_window_present (GTK_WINDOW (setup->window));
  gtk_widget_grab_focus (setup->entry);
  settle (100);

  clock = gtk_widget_get_frame_clock (setup->window);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), NULL);
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), NULL);
  setup->frame = g_array_new (FALSE, FALSE, sizeof (double));
  setup->wait = g_array_new (FALSE, FALSE, sizeof (double));
  setup->work = g_array_new (FALSE, FALSE, sizeof (double));
  setup->cpu = g_array_new (FALSE, FALSE, sizeof (double));
  setup->sync = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
take_sample (Setup *setup,
             int    n_chars,
             int    sample)
{
  g_autofree char *text = make_iri (n_chars, sample);
  /* A typed letter, Hebrew or Latin, different from sample to sample. */
  char typed[8] = { 0 };
  gint64 start, returned, start_cpu;
  int position;
  double ms;

  g_unichar_to_utf8 (sample % 2 ? 0x05D0 + sample % 27 : 'a' + sample % 26, typed);
  measured_clock = gtk_widget_get_frame_clock (setup->window);

  start = g_get_monotonic_time ();
  gtk_editable_set_text (GTK_EDITABLE (setup->entry), text);
  gtk_editable_set_position (GTK_EDITABLE (setup->entry), -1);
  waiting_paint = TRUE;
  wait_paint ();
  settle (40);

  position = gtk_editable_get_position (GTK_EDITABLE (setup->entry));
  waiting_paint = TRUE;
  frame_started_at = 0;
  start_cpu = cpu_time ();
  start = g_get_monotonic_time ();
  gtk_editable_insert_text (GTK_EDITABLE (setup->entry), typed, -1, &position);
  gtk_editable_set_position (GTK_EDITABLE (setup->entry), position);
  returned = g_get_monotonic_time ();
  wait_paint ();

  ms = (painted_at - start) / 1000.0;
  g_array_append_val (setup->frame, ms);
  ms = (returned - start) / 1000.0;
  g_array_append_val (setup->sync, ms);
  ms = frame_started_at > 0 ? (frame_started_at - start) / 1000.0 : 0;
  g_array_append_val (setup->wait, ms);
  ms = frame_started_at > 0 ? (painted_at - frame_started_at) / 1000.0 : 0;
  g_array_append_val (setup->work, ms);
  ms = (painted_cpu - start_cpu) / 1000.0;
  g_array_append_val (setup->cpu, ms);
  setup->spent += (painted_at - start) / 1e6 + 0.04;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The median and the 95th percentile (nearest rank). */
static void
summarize (GArray *values,
           double *median,
           double *p95)
{
  g_array_sort (values, compare_doubles);
  if (values->len == 0)
    {
      *median = *p95 = 0;
      return;
    }
  if (values->len % 2)
    *median = g_array_index (values, double, values->len / 2);
  else
    *median = (g_array_index (values, double, values->len / 2 - 1) +
               g_array_index (values, double, values->len / 2)) / 2;
  *p95 = g_array_index (values, double, MIN (values->len - 1, (guint) (0.95 * values->len + 0.999) - 1));
}

static const GOptionEntry options[] = {
  { "samples", 0, 0, G_OPTION_ARG_INT, &n_samples, "Samples per configuration and size (31)", "N" },
  { "sizes", 0, 0, G_OPTION_ARG_STRING, &sizes_arg, "IRI lengths in characters (200,2000,20000)", "LIST" },
  { "budget", 0, 0, G_OPTION_ARG_DOUBLE, &budget, "Seconds a configuration may take per size (20)", "S" },
  { "only", 0, 0, G_OPTION_ARG_INT, &only, "Measure configuration N only (0, 1, 2), for profiling", "N" },
  { NULL },
};

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- IriGtkEntry insert-to-frame latency");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) sizes = NULL;
  Setup setups[N_CONFIGS] = { 0 };
  GskRenderer *renderer;

  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, options, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("bench-entry: %s\n", error->message);
      return 2;
    }
  if (!gtk_init_check ())
    {
      g_printerr ("bench-entry: no display; run it under xvfb-run -a\n");
      return 77;
    }
  sizes = g_strsplit (sizes_arg != NULL ? sizes_arg : "200,2000,20000", ",", -1);

  for (int c = 0; c < N_CONFIGS; c++)
    setup_init (&setups[c], c);
  renderer = gtk_native_get_renderer (GTK_NATIVE (setups[0].window));

  g_print ("Insert → after-paint of the toplevel, renderer %s, %d samples per cell "
           "(fewer when a configuration ran out of its %.0f s budget)\n\n",
           renderer != NULL ? G_OBJECT_TYPE_NAME (renderer) : "?", n_samples, budget);
  g_print ("| characters | widget | median (ms) | p95 (ms) | samples | CPU time, median (ms) | insert call, median (ms) | insert → frame start, median (ms) | the frame, median (ms) | median ÷ GtkEntry |\n");
  g_print ("|---|---|---|---|---|---|---|---|---|---|\n");

  for (guint z = 0; sizes[z] != NULL; z++)
    {
      int n_chars = atoi (sizes[z]);
      double peer_median = 0;

      for (int c = 0; c < N_CONFIGS; c++)
        {
          g_array_set_size (setups[c].frame, 0);
          g_array_set_size (setups[c].sync, 0);
          g_array_set_size (setups[c].wait, 0);
          g_array_set_size (setups[c].work, 0);
          g_array_set_size (setups[c].cpu, 0);
          setups[c].spent = 0;
        }

      /* Alternated: sample s of every configuration, in an order that
       * rotates, before sample s + 1. */
      for (int s = 0; s < n_samples; s++)
        {
          for (int k = 0; k < N_CONFIGS; k++)
            {
              Setup *setup = &setups[(s + k) % N_CONFIGS];

              if ((only >= 0 && setup != &setups[only]) ||
                  setup->skipped || (setup->spent > budget && setup->frame->len >= 3))
                continue;
              take_sample (setup, n_chars, s);
            }
        }

      for (int c = N_CONFIGS - 1; c >= 0; c--)
        {
          double median, p95, sync_median, sync_p95, wait_median, wait_p95, work_median, work_p95, cpu_median, cpu_p95;

          if (setups[c].skipped)
            {
              g_print ("| %d | %s | — | — | 0 | — | — | — | — | skipped: over %.0f s a sample at a smaller size |\n",
                       n_chars, config_names[c], budget / 4);
              continue;
            }
          summarize (setups[c].frame, &median, &p95);
          summarize (setups[c].sync, &sync_median, &sync_p95);
          summarize (setups[c].wait, &wait_median, &wait_p95);
          summarize (setups[c].work, &work_median, &work_p95);
          summarize (setups[c].cpu, &cpu_median, &cpu_p95);
          if (c == CONFIG_GTK_ENTRY)
            peer_median = median;
          g_print ("| %d | %s | %.2f | %.2f | %u | %.2f | %.2f | %.2f | %.2f | %.2f× |\n",
                   n_chars, config_names[c], median, p95, setups[c].frame->len, cpu_median, sync_median,
                   wait_median, work_median,
                   peer_median > 0 ? median / peer_median : 0);
          if (setups[c].frame->len > 0 &&
              g_array_index (setups[c].frame, double, setups[c].frame->len - 1) > budget / 4 * 1000)
            setups[c].skipped = TRUE;
        }
    }

  for (int c = 0; c < N_CONFIGS; c++)
    {
      g_array_unref (setups[c].frame);
      g_array_unref (setups[c].sync);
      g_array_unref (setups[c].wait);
      g_array_unref (setups[c].work);
      g_array_unref (setups[c].cpu);
      gtk_window_destroy (GTK_WINDOW (setups[c].window));
    }
  return 0;
}
