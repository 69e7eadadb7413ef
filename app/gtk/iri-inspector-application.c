/* iri-inspector-application.c: the IRI Inspector application
 *
 * Command line: iri-inspector [IRI] [--file FILE]; the IRI is loaded
 * into the address field exactly as given (it is what the user wants to
 * inspect, so it is not converted).  A second invocation opens a new
 * window in the running instance.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "iri-inspector-application.h"
#include "iri-inspector-window.h"
#include "iri-inspector-preferences.h"

struct _IriInspectorApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (IriInspectorApplication, iri_inspector_application, ADW_TYPE_APPLICATION)

static const GOptionEntry option_entries[] = {
  { "file", 'f', 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Open a text file of IRIs, one per line"), N_("FILE") },
  { "new-window", 'w', 0, G_OPTION_ARG_NONE, NULL,
    N_("Open a new window even when one is open"), NULL },
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Show the version and exit"), NULL },
  /* For tests and documentation: render the window to a PNG file once
   * it is drawn, then quit; print when the first frame was drawn. */
  { "screenshot", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, NULL, NULL, NULL },
  { "report-startup", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, NULL, NULL, NULL },
  { "page", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL, NULL, NULL },
  { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, NULL, NULL, NULL },
  { NULL }
};

GSettings *
iri_inspector_application_get_settings (IriInspectorApplication *self)
{
  g_return_val_if_fail (IRI_INSPECTOR_IS_APPLICATION (self), NULL);

  return self->settings;
}

static IriInspectorWindow *
get_active_window (IriInspectorApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window != NULL && IRI_INSPECTOR_IS_WINDOW (window))
    return IRI_INSPECTOR_WINDOW (window);
  return NULL;
}

static IriInspectorWindow *
new_window (IriInspectorApplication *self)
{
  return iri_inspector_window_new (self);
}

static void
iri_inspector_application_activate (GApplication *application)
{
  IriInspectorApplication *self = IRI_INSPECTOR_APPLICATION (application);
  IriInspectorWindow *window = get_active_window (self);

  if (window == NULL)
    window = new_window (self);
  gtk_window_present (GTK_WINDOW (window));
}

static int
iri_inspector_application_handle_local_options (GApplication *application,
                                                GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("iri-inspector %s\n", PACKAGE_VERSION);
      return 0;
    }
  return -1;
}

static int
iri_inspector_application_command_line (GApplication            *application,
                                        GApplicationCommandLine *command_line)
{
  IriInspectorApplication *self = IRI_INSPECTOR_APPLICATION (application);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autofree const char **args = NULL;
  g_autofree char *file = NULL;
  g_autofree char *screenshot = NULL;
  g_autofree char *page = NULL;
  gboolean want_new_window = FALSE;
  gboolean report_startup = FALSE;
  IriInspectorWindow *window;

  g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&s", &args);
  g_variant_dict_lookup (options, "file", "^ay", &file);
  g_variant_dict_lookup (options, "screenshot", "^ay", &screenshot);
  g_variant_dict_lookup (options, "new-window", "b", &want_new_window);
  g_variant_dict_lookup (options, "report-startup", "b", &report_startup);
  g_variant_dict_lookup (options, "page", "s", &page);

  if (args != NULL && args[0] != NULL && args[1] != NULL)
    {
      /* Translators: shown when more than one IRI is given on the command line */
      g_application_command_line_printerr (command_line,
                                           _("iri-inspector: give one IRI, or a file of IRIs with --file\n"));
      return 2;
    }

  window = want_new_window ? NULL : get_active_window (self);
  if (window == NULL)
    window = new_window (self);

  /* The page first: what is loaded then brings only that page up to
   * date, not also the one shown by default (Findings, whose rows cost
   * the most to make). */
  if (page != NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.page", "s", page);
  if (file != NULL)
    {
      g_autoptr(GFile) gfile = g_application_command_line_create_file_for_arg (command_line, file);

      iri_inspector_window_open_file (window, gfile);
    }
  if (args != NULL && args[0] != NULL)
    iri_inspector_window_load (window, args[0], IRI_INSPECTOR_LOAD_AS_GIVEN);

  if (screenshot != NULL)
    {
      g_autoptr(GFile) target = g_application_command_line_create_file_for_arg (command_line, screenshot);

      iri_inspector_window_screenshot_and_quit (window, target);
    }
  if (report_startup)
    iri_inspector_window_report_first_frame (window);

  gtk_window_present (GTK_WINDOW (window));
  return 0;
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  IriInspectorApplication *self = user_data;
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* Closing the windows saves their state (size) on the way out. */
  for (GList *l = windows; l != NULL; l = l->next)
    {
#if ADW_CHECK_VERSION (1, 5, 0)
      AdwDialog *dialog;

      /* Asked to close, a window with a dialog (the preferences, the
       * about dialog) closes the dialog instead, so those go first. */
      while (ADW_IS_APPLICATION_WINDOW (l->data) &&
             (dialog = adw_application_window_get_visible_dialog (l->data)) != NULL)
        adw_dialog_force_close (dialog);
#endif
      gtk_window_close (l->data);
    }
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (new_window (user_data)));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  IriInspectorApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  IriInspectorPreferences *preferences = iri_inspector_preferences_new (self->settings);

  iri_inspector_preferences_present (preferences, parent);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  IriInspectorApplication *self = user_data;
  static const char *developers[] = { "The IRI Inspector authors", NULL };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  /* AdwAboutWindow is deprecated for AdwAboutDialog (libadwaita 1.5),
   * which takes the same properties. */
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_show_about_dialog (GTK_WIDGET (parent),
#else
  adw_show_about_window (parent,
#endif
                         "application-name", _("IRI Inspector"),
                         "application-icon", IRI_INSPECTOR_APP_ID,
                         "version", PACKAGE_VERSION,
                         "developer-name", "The IRI Inspector authors",
                         "developers", developers,
                         "website", PACKAGE_URL,
                         "issue-url", PACKAGE_URL "/issues",
                         "license-type", GTK_LICENSE_LGPL_2_1,
                         "copyright", "© 2026 The IRI Inspector authors",
                         /* Translators: put your names here, one per line */
                         "translator-credits", _("translator-credits"),
                         "comments", _("Read, type and check web addresses in any script. "
                                       "IRIs are displayed as RFC 3987bis §4.1 asks, and every "
                                       "finding names its rule."),
                         NULL);
}

static void
iri_inspector_application_startup (GApplication *application)
{
  IriInspectorApplication *self = IRI_INSPECTOR_APPLICATION (application);
  static const GActionEntry actions[] = {
    { "quit", quit_action },
    { "new-window", new_window_action },
    { "preferences", preferences_action },
    { "about", about_action },
  };
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.new-window", { "<Control>n", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.show-shortcuts", { "<Control>question", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.focus-address", { "<Control>l", NULL } },
    { "win.next-region", { "F6", NULL } },
    { "win.previous-region", { "<Shift>F6", NULL } },
    { "win.copy-iri", { "<Control><Shift>c", NULL } },
    { "win.copy-uri", { "<Control><Shift>u", NULL } },
    { "win.paste-uri", { "<Control><Shift>v", NULL } },
    { "win.toggle-sidebar", { "F9", NULL } },
    { "win.toggle-display-mode", { "<Control>d", NULL } },
    { "win.next-iri", { "<Alt>Down", NULL } },
    { "win.previous-iri", { "<Alt>Up", NULL } },
    { "win.page('units')", { "<Alt>1", NULL } },
    { "win.page('diagnostics')", { "<Alt>2", NULL } },
    { "win.page('uri')", { "<Alt>3", NULL } },
    { "win.page('characters')", { "<Alt>4", NULL } },
    { "win.page('compare')", { "<Alt>5", NULL } },
    { "win.page('examples')", { "<Alt>6", NULL } },
    { "win.page('steps')", { "<Alt>7", NULL } },
  };

  G_APPLICATION_CLASS (iri_inspector_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
  for (gsize i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action, accels[i].accels);
}

static void
iri_inspector_application_dispose (GObject *object)
{
  IriInspectorApplication *self = IRI_INSPECTOR_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (iri_inspector_application_parent_class)->dispose (object);
}

static void
iri_inspector_application_class_init (IriInspectorApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = iri_inspector_application_dispose;
  app_class->startup = iri_inspector_application_startup;
  app_class->activate = iri_inspector_application_activate;
  app_class->command_line = iri_inspector_application_command_line;
  app_class->handle_local_options = iri_inspector_application_handle_local_options;
}

static void
iri_inspector_application_init (IriInspectorApplication *self)
{
  self->settings = g_settings_new (IRI_INSPECTOR_APP_ID);

  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[IRI] — inspect an IRI"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Read, type and check web addresses in any script."));
}

IriInspectorApplication *
iri_inspector_application_new (void)
{
  return g_object_new (IRI_INSPECTOR_TYPE_APPLICATION,
                       "application-id", IRI_INSPECTOR_APP_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE,
                       "resource-base-path", "/io/github/iri_inspector/IriInspector",
                       NULL);
}
