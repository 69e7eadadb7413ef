/* test-app.c: iri-inspector starts, loads an IRI and draws its window
 *
 * Runs the app (under Xvfb, as the whole suite is) in the C, Arabic and
 * Hebrew locales with an IRI on its command line.  The app reports when
 * its first frame is drawn, the direction of its UI and the text of its
 * address field (--report-startup), and renders its window to a PNG
 * (--screenshot).  The UI must mirror in Arabic and Hebrew while the
 * IRI stays exactly as given, and the screenshot must show a window, not
 * a blank surface.  The screenshots stay in the build directory, for a
 * person to look at.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

/* Hebrew host and path, Arabic query: every hazard of §4 in one. */
static const char iri[] = "https://\xD7\x93\xD7\x95\xD7\x92\xD7\x9E\xD7\x94.example/"
                          "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D/2024?\xD8\xB3=\xD8\xA8#top";

typedef struct {
  const char *language;   /* LANGUAGE, "" for none */
  const char *locale;     /* LC_ALL: C.UTF-8, or a name for it (see locale_dir_new()) */
  const char *direction;
  const char *screenshot;
} Case;

static const Case cases[] = {
  { "", "C.UTF-8", "ltr", "window.png" },
  /* The C locale's character set is ASCII: the Hebrew and Arabic IRI
   * on the command line must still be taken, not refused. */
  { "", "C", "ltr", "window-c.png" },
  { "ar", "ar_EG.UTF-8", "rtl", "window-ar.png" },
  { "he", "he_IL.UTF-8", "rtl", "window-he.png" },
};

/* A locale directory for LOCPATH in which @name is glibc's C.UTF-8
 * under another name, or NULL when glibc has no C.UTF-8 directory.
 *
 * The app must run in an Arabic or Hebrew locale, not only with
 * LANGUAGE set, and the test cannot count on the machine having one:
 * GTK 4.18 takes the direction of the UI from the name of the LC_CTYPE
 * locale (through Pango's default language), where GTK 4.8 took it
 * from its own translation; and the glibc of Debian 13 ignores LANGUAGE
 * in the C.UTF-8 locale, as in C.  The locale's data matter to neither:
 * the C.UTF-8 data under the name "ar_EG.UTF-8" give both what they
 * read, the same on every machine. */
static char *
locale_dir_new (const char *name)
{
  static const char *const c_utf8_dirs[] = { "/usr/lib/locale/C.utf8", "/usr/lib/locale/C.UTF-8" };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *link = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (c_utf8_dirs); i++)
    {
      if (!g_file_test (c_utf8_dirs[i], G_FILE_TEST_IS_DIR))
        continue;
      dir = g_dir_make_tmp ("iri-test-locale-XXXXXX", &error);
      g_assert_no_error (error);
      link = g_build_filename (dir, name, NULL);
      g_assert_cmpint (symlink (c_utf8_dirs[i], link), ==, 0);
      return g_steal_pointer (&dir);
    }
  return NULL;
}

static void
locale_dir_free (char *dir)
{
  g_autoptr(GDir) entries = g_dir_open (dir, 0, NULL);
  const char *name;

  while (entries != NULL && (name = g_dir_read_name (entries)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_free (dir);
}

/* The pixels are not all alike: the window has content. */
static void
check_not_blank (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (path, &error);
  int width, height;
  g_autofree guchar *pixels = NULL;
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  guint64 dark = 0;

  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  g_assert_cmpint (width, >=, 360);
  g_assert_cmpint (height, >=, 400);

  pixels = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (texture, pixels, (gsize) width * 4);
  for (gsize i = 0; i < (gsize) width * height; i++)
    {
      guint32 pixel;

      memcpy (&pixel, pixels + 4 * i, 4);
      g_hash_table_add (colours, GUINT_TO_POINTER (pixel));
      /* Text is dark on the light default theme. */
      dark += pixels[4 * i] < 96 && pixels[4 * i + 1] < 96 && pixels[4 * i + 2] < 96 && pixels[4 * i + 3] > 128;
    }
  g_test_message ("%s: %d×%d, %u colours, %" G_GUINT64_FORMAT " dark pixels",
                  path, width, height, g_hash_table_size (colours), dark);
  /* Antialiased text alone gives hundreds of colours. */
  g_assert_cmpuint (g_hash_table_size (colours), >, 64);
  g_assert_cmpuint (dark, >, 1000);
}

static void
test_start (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *screenshot = g_test_build_filename (G_TEST_BUILT, c->screenshot, NULL);
  g_autofree char *expected_text = g_strdup_printf ("\ntext %s\n", iri);
  g_autofree char *expected_direction = g_strdup_printf ("\ndirection %s\n", c->direction);
  g_autofree char *dbus_run_session = g_find_program_in_path ("dbus-run-session");
  char *locale_dir = NULL;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_test_skip ("no display (run the suite under xvfb-run)");
      return;
    }

  if (!g_str_equal (c->locale, "C.UTF-8") && !g_str_equal (c->locale, "C"))
    {
      locale_dir = locale_dir_new (c->locale);
      if (locale_dir == NULL)
        {
          g_test_skip ("glibc has no C.UTF-8 locale directory to name the locale after");
          return;
        }
      g_subprocess_launcher_setenv (launcher, "LOCPATH", locale_dir, TRUE);
    }

  g_remove (screenshot);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", c->language, TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", c->locale, TRUE);
  /* In a D-Bus session of its own, as on a desktop: a GApplication
   * registers itself on the session bus. */
  if (dbus_run_session != NULL)
    app = g_subprocess_launcher_spawn (launcher, &error, dbus_run_session, "--", g_getenv ("IRI_INSPECTOR"),
                                       "--new-window", "--report-startup", "--screenshot", screenshot, iri, NULL);
  else
    app = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("IRI_INSPECTOR"),
                                       "--new-window", "--report-startup", "--screenshot", screenshot, iri, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (app, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_clear_pointer (&locale_dir, locale_dir_free);
  g_test_message ("standard error of the app:\n%s", err);
  g_assert_true (g_subprocess_get_if_exited (app));
  g_assert_cmpint (g_subprocess_get_exit_status (app), ==, 0);
  g_test_message ("%s", out);

  g_assert_true (g_str_has_prefix (out, "first-frame-monotonic-us "));
  g_assert_nonnull (strstr (out, expected_direction));
  /* The IRI is shown, never changed: no control characters added, no
   * reordering in memory. */
  g_assert_nonnull (strstr (out, expected_text));
  check_not_blank (screenshot);
}

/* The display-policy preference (DESIGN.md §5a) reaches the URI page:
 * the app starts with its settings in a key file of the test's own
 * (GLib's keyfile backend), on the URI page, with a URI whose only label
 * is "apple" in Cyrillic letters, and reports the page's readable form.
 * Strict keeps the A-label, permissive decodes it; a known host from the
 * preferences feeds the same policy.  Needs the core's policy. */
typedef struct {
  const char *name;
  const char *keyfile;   /* the [io/github/iri_inspector/IriInspector] group's lines */
  const char *uri;
  const char *readable;
} PolicyCase;

static const PolicyCase policy_cases[] = {
  { "default", "", "http://xn--80ak6aa92e.com/", "http://xn--80ak6aa92e.com/" },
  { "strict", "display-policy='strict'\n", "http://xn--80ak6aa92e.com/", "http://xn--80ak6aa92e.com/" },
  { "permissive", "display-policy='permissive'\n", "http://xn--80ak6aa92e.com/",
    "http://\320\260\321\200\321\200\323\217\320\265.com/" },
  /* The known hosts of the preferences feed the policy: "exämple" is a
   * fine label of its own, but a look-alike of a known "example.com". */
  { "strict-no-known-host", "", "http://xn--exmple-cua.com/", "http://ex\303\244mple.com/" },
  { "strict-known-host", "known-hosts=['example.com']\n", "http://xn--exmple-cua.com/",
    "http://xn--exmple-cua.com/" },
  /* A legitimate Hebrew label is decoded under strict. */
  { "strict-legitimate", "display-policy='strict'\n", "http://xn--9dbne9b.example/",
    "http://\327\251\327\234\327\225\327\235.example/" },
};

static void
test_policy (gconstpointer data)
{
  const PolicyCase *c = data;
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *config = NULL;
  g_autofree char *settings_dir = NULL;
  g_autofree char *keyfile = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *expected = g_strdup_printf ("\nreadable %s\n", c->readable);
  g_autofree char *dbus_run_session = g_find_program_in_path ("dbus-run-session");

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_test_skip ("no display (run the suite under xvfb-run)");
      return;
    }

  config = g_dir_make_tmp ("test-app-XXXXXX", &error);
  g_assert_no_error (error);
  settings_dir = g_build_filename (config, "glib-2.0", "settings", NULL);
  g_assert_cmpint (g_mkdir_with_parents (settings_dir, 0700), ==, 0);
  keyfile = g_build_filename (settings_dir, "keyfile", NULL);
  contents = g_strdup_printf ("[io/github/iri_inspector/IriInspector]\n%s", c->keyfile);
  g_file_set_contents (keyfile, contents, -1, &error);
  g_assert_no_error (error);

  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "", TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "keyfile", TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", config, TRUE);
  if (dbus_run_session != NULL)
    app = g_subprocess_launcher_spawn (launcher, &error, dbus_run_session, "--", g_getenv ("IRI_INSPECTOR"),
                                       "--new-window", "--report-startup", "--page=uri", c->uri, NULL);
  else
    app = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("IRI_INSPECTOR"),
                                       "--new-window", "--report-startup", "--page=uri", c->uri, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (app, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_test_message ("standard error of the app:\n%s", err);
  g_test_message ("%s", out);
  g_assert_true (g_subprocess_get_if_exited (app));
  g_assert_cmpint (g_subprocess_get_exit_status (app), ==, 0);
  g_assert_nonnull (strstr (out, expected));

  g_remove (keyfile);
  g_rmdir (settings_dir);
  {
    g_autofree char *glib_dir = g_path_get_dirname (settings_dir);

    g_rmdir (glib_dir);
  }
  g_rmdir (config);
}

/* The window fits a phone, 360 px wide (GNOME's HIG), with and without
 * the list of IRIs: the app starts with that width in a key file of the
 * test's own, renders its window and quits.  With libadwaita's
 * breakpoints (1.4 and later) content wider than the window is a
 * warning, fatal here; without them the window would grow instead, which
 * the width of the screenshot shows. */
static void
test_narrow (gconstpointer data)
{
  gboolean with_list = GPOINTER_TO_INT (data);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *config = NULL;
  g_autofree char *settings_dir = NULL;
  g_autofree char *keyfile = NULL;
  g_autofree char *list = NULL;
  g_autofree char *list_contents = g_strdup_printf ("%s\nhttp://xn--80ak6aa92e.com/\nhttps://example.com/a b\n", iri);
  g_autofree char *screenshot = g_test_build_filename (G_TEST_BUILT, with_list ? "window-360-list.png" : "window-360.png",
                                                       NULL);
  g_autofree char *dbus_run_session = g_find_program_in_path ("dbus-run-session");

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_test_skip ("no display (run the suite under xvfb-run)");
      return;
    }

  config = g_dir_make_tmp ("test-app-XXXXXX", &error);
  g_assert_no_error (error);
  settings_dir = g_build_filename (config, "glib-2.0", "settings", NULL);
  g_assert_cmpint (g_mkdir_with_parents (settings_dir, 0700), ==, 0);
  keyfile = g_build_filename (settings_dir, "keyfile", NULL);
  g_file_set_contents (keyfile, "[io/github/iri_inspector/IriInspector]\nwindow-width=360\nwindow-height=640\n", -1,
                       &error);
  g_assert_no_error (error);
  list = g_build_filename (config, "list.txt", NULL);
  g_file_set_contents (list, list_contents, -1, &error);
  g_assert_no_error (error);

  g_remove (screenshot);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "", TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "keyfile", TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", config, TRUE);
  if (dbus_run_session != NULL)
    {
      g_ptr_array_add (argv, dbus_run_session);
      g_ptr_array_add (argv, (char *) "--");
    }
  g_ptr_array_add (argv, (char *) g_getenv ("IRI_INSPECTOR"));
  g_ptr_array_add (argv, (char *) "--new-window");
  g_ptr_array_add (argv, (char *) "--screenshot");
  g_ptr_array_add (argv, screenshot);
  if (with_list)
    {
      g_ptr_array_add (argv, (char *) "--file");
      g_ptr_array_add (argv, list);
    }
  else
    g_ptr_array_add (argv, (char *) iri);
  g_ptr_array_add (argv, NULL);
  app = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (app, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_test_message ("standard error of the app:\n%s", err);
  g_assert_true (g_subprocess_get_if_exited (app));
  g_assert_cmpint (g_subprocess_get_exit_status (app), ==, 0);

  texture = gdk_texture_new_from_filename (screenshot, &error);
  g_assert_no_error (error);
  g_test_message ("%s: %d×%d", screenshot, gdk_texture_get_width (texture), gdk_texture_get_height (texture));
  g_assert_cmpint (gdk_texture_get_width (texture), <=, 360);

  g_remove (list);
  g_remove (keyfile);
  g_rmdir (settings_dir);
  {
    g_autofree char *glib_dir = g_path_get_dirname (settings_dir);

    g_rmdir (glib_dir);
  }
  g_rmdir (config);
}

/* Run outside `meson devenv` (its settings schema not installed), the
 * app says what to do and exits with status 1, where GSettings would
 * end it with a trap.  No display is needed: it stops before GTK. */
static void
test_no_schema (void)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *empty = g_dir_make_tmp ("test-app-XXXXXX", &error);

  g_assert_no_error (error);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_SCHEMA_DIR", empty, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_DIRS", empty, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", empty, TRUE);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "", TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  app = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("IRI_INSPECTOR"), "--version", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (app, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_rmdir (empty);
  g_assert_true (g_subprocess_get_if_exited (app));
  g_assert_cmpint (g_subprocess_get_exit_status (app), ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "settings schema io.github.iri_inspector.IriInspector is not installed"));
  g_assert_nonnull (strstr (err, "meson devenv"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/start/%s", cases[i].language[0] != '\0' ? cases[i].language : cases[i].locale);

      g_test_add_data_func (path, &cases[i], test_start);
    }

  g_test_add_func ("/app/no-schema", test_no_schema);
  g_test_add_data_func ("/app/narrow/360", GINT_TO_POINTER (FALSE), test_narrow);
  g_test_add_data_func ("/app/narrow/360-list", GINT_TO_POINTER (TRUE), test_narrow);

  for (gsize i = 0; i < G_N_ELEMENTS (policy_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/display-policy/%s", policy_cases[i].name);

      g_test_add_data_func (path, &policy_cases[i], test_policy);
    }
  return g_test_run ();
}
