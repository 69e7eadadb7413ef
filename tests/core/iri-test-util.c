/* iri-test-util.c: reading the conformance data of tests/data/, and
 * looking up a finding of an analysis
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri-test-util.h"

char *
iri_test_data_path (const char *relpath)
{
  const char *dir = g_getenv ("IRI_TEST_DATA_DIR");

  if (dir == NULL)
    dir = g_test_get_dir (G_TEST_DIST);
  return g_build_filename (dir, relpath, NULL);
}

char *
iri_test_unescape (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p != '\\' || p[1] == '\0')
        {
          g_string_append_c (out, *p);
          continue;
        }

      p++;
      switch (*p)
        {
        case '\\':
          g_string_append_c (out, '\\');
          break;
        case 't':
          g_string_append_c (out, '\t');
          break;
        case 'n':
          g_string_append_c (out, '\n');
          break;
        case 'r':
          g_string_append_c (out, '\r');
          break;
        case 'u':
        case 'U':
          {
            int digits = *p == 'u' ? 4 : 8;
            gunichar c = 0;
            int i;

            for (i = 1; i <= digits && g_ascii_isxdigit (p[i]); i++)
              c = c * 16 + g_ascii_xdigit_value (p[i]);
            g_assert_cmpint (i, ==, digits + 1);
            g_string_append_unichar (out, c);
            p += digits;
          }
          break;
        default:
          /* Not an escape this format defines: keep it literally. */
          g_string_append_c (out, '\\');
          g_string_append_c (out, *p);
          break;
        }
    }

  return g_string_free (out, FALSE);
}

static void
row_free (gpointer data)
{
  IriTestRow *row = data;

  g_strfreev (row->fields);
  g_free (row);
}

GPtrArray *
iri_test_load_tsv (const char   *relpath,
                   gboolean      unescape,
                   char       ***out_header)
{
  g_autofree char *path = iri_test_data_path (relpath);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) header = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func (row_free);
  guint width = 0;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = lines[i];
      gsize len = strlen (line);
      g_auto(GStrv) fields = NULL;
      IriTestRow *row;

      if (len > 0 && line[len - 1] == '\r')
        line[--len] = '\0';
      if (len == 0 || line[0] == '#')
        continue;

      fields = g_strsplit (line, "\t", -1);
      if (header == NULL)
        {
          header = g_steal_pointer (&fields);
          width = g_strv_length (header);
          continue;
        }

      row = g_new0 (IriTestRow, 1);
      row->line = i + 1;
      row->fields = g_new0 (char *, MAX (width, g_strv_length (fields)) + 1);
      for (guint k = 0; k < MAX (width, g_strv_length (fields)); k++)
        {
          const char *field = k < g_strv_length (fields) ? fields[k] : "";

          row->fields[k] = unescape ? iri_test_unescape (field) : g_strdup (field);
        }
      g_ptr_array_add (rows, row);
    }

  g_assert_nonnull (header);
  if (out_header != NULL)
    *out_header = g_steal_pointer (&header);
  return rows;
}

guint
iri_test_column (char       **header,
                 const char  *name)
{
  for (guint i = 0; header[i] != NULL; i++)
    {
      if (g_str_equal (header[i], name))
        return i;
    }

  g_error ("no column %s", name);
}

GPtrArray *
iri_test_diagnostics (GListModel *model)
{
  GPtrArray *array;

  if (model == NULL)
    return NULL;
  array = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    g_ptr_array_add (array, g_list_model_get_item (model, i));
  g_object_unref (model);
  return array;
}

IriDiagnostic *
iri_test_find_diagnostic (IriAnalysis *analysis,
                          const char  *code)
{
  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);

      if (g_str_equal (iri_diagnostic_get_code (d), code))
        return d;
    }
  return NULL;
}
