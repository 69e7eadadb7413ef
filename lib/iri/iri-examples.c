/* iri-examples.c: the teaching examples
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-enums.h"
#include "iri-examples.h"
#include "iri-resources.h"

/**
 * IriExample:
 *
 * One of the teaching examples: the §4.4 examples of RFC 3987bis and the
 * display hazards reported against browsers, each with an explanation of
 * why it displays the way it does.
 *
 * The examples are data (`data/examples/iri-examples.desktop.in`), with
 * translated titles and explanations, shared by the `iri examples`
 * command and the desktop app.
 *
 * Since: 0.1
 */

struct _IriExample
{
  GObject         parent_instance;

  char           *id;
  char           *title;
  char           *explanation;
  char           *text;
  char           *source;
  IriNotation     notation;
  IriExampleKind  kind;
  IriExampleShow  show;
};

enum {
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_EXPLANATION,
  PROP_TEXT,
  PROP_NOTATION,
  PROP_KIND,
  PROP_SOURCE,
  N_PROPS,
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IriExample, iri_example, G_TYPE_OBJECT)

static void
iri_example_finalize (GObject *object)
{
  IriExample *self = IRI_EXAMPLE (object);

  g_free (self->id);
  g_free (self->title);
  g_free (self->explanation);
  g_free (self->text);
  g_free (self->source);

  G_OBJECT_CLASS (iri_example_parent_class)->finalize (object);
}

static void
iri_example_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  IriExample *self = IRI_EXAMPLE (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_EXPLANATION:
      g_value_set_string (value, self->explanation);
      break;
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_NOTATION:
      g_value_set_enum (value, self->notation);
      break;
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_SOURCE:
      g_value_set_string (value, self->source);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_example_class_init (IriExampleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = iri_example_finalize;
  object_class->get_property = iri_example_get_property;

  /**
   * IriExample:id:
   *
   * A stable identifier, such as `rfc3987bis-5`.
   *
   * Since: 0.1
   */
  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriExample:title:
   *
   * A short translated title.
   *
   * Since: 0.1
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriExample:explanation:
   *
   * A translated explanation of why the text displays the way it does.
   *
   * Since: 0.1
   */
  properties[PROP_EXPLANATION] =
    g_param_spec_string ("explanation", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriExample:text:
   *
   * The text, in logical order (in Bidi Notation when
   * [property@Iri.Example:notation] says so).
   *
   * Since: 0.1
   */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriExample:notation:
   *
   * The Bidi Notation the text is written in, if any.
   *
   * Since: 0.1
   */
  properties[PROP_NOTATION] =
    g_param_spec_enum ("notation", NULL, NULL, IRI_TYPE_NOTATION, IRI_NOTATION_NONE,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriExample:kind:
   *
   * What the text is.
   *
   * Since: 0.1
   */
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, IRI_TYPE_EXAMPLE_KIND, IRI_EXAMPLE_KIND_IRI,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriExample:source:
   *
   * Where the example comes from.
   *
   * Since: 0.1
   */
  properties[PROP_SOURCE] =
    g_param_spec_string ("source", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
iri_example_init (IriExample *self)
{
}

/* The data file writes characters that must not appear literally (bidi
 * controls) as \u{XXXX}, and a backslash as \\; GKeyFile's own escapes do
 * not cover the first. */
static char *
unescape (const char *raw)
{
  GString *out = g_string_sized_new (strlen (raw));

  for (const char *p = raw; *p != '\0'; p++)
    {
      if (p[0] == '\\' && p[1] == '\\')
        {
          g_string_append_c (out, '\\');
          p++;
        }
      else if (p[0] == '\\' && p[1] == 'u' && p[2] == '{')
        {
          char *end = NULL;
          guint64 c = g_ascii_strtoull (p + 3, &end, 16);

          if (end != NULL && *end == '}' && c <= 0x10FFFF)
            {
              g_string_append_unichar (out, (gunichar) c);
              p = end;
            }
          else
            g_string_append_c (out, *p);
        }
      else
        g_string_append_c (out, *p);
    }

  return g_string_free (out, FALSE);
}

static IriExample *
example_from_group (GKeyFile   *keyfile,
                    const char *group)
{
  IriExample *self = g_object_new (IRI_TYPE_EXAMPLE, NULL);
  g_autofree char *raw_text = g_key_file_get_value (keyfile, group, "Text", NULL);
  g_autofree char *notation = g_key_file_get_string (keyfile, group, "Notation", NULL);
  g_autofree char *kind = g_key_file_get_string (keyfile, group, "Kind", NULL);
  g_auto(GStrv) show = g_key_file_get_string_list (keyfile, group, "Show", NULL, NULL);

  self->id = g_strdup (group + strlen ("Example "));
  /* g_key_file_get_locale_string() picks the translation for the user's
   * languages (msgfmt --desktop merged them in as Title[de]=…). */
  self->title = g_key_file_get_locale_string (keyfile, group, "Title", NULL, NULL);
  self->explanation = g_key_file_get_locale_string (keyfile, group, "Explanation", NULL, NULL);
  self->source = g_key_file_get_locale_string (keyfile, group, "Source", NULL, NULL);
  self->text = unescape (raw_text != NULL ? raw_text : "");

  if (g_strcmp0 (notation, "hebrew") == 0)
    self->notation = IRI_NOTATION_HEBREW;
  else if (g_strcmp0 (notation, "arabic") == 0)
    self->notation = IRI_NOTATION_ARABIC;

  if (g_strcmp0 (kind, "uri") == 0)
    self->kind = IRI_EXAMPLE_KIND_URI;
  else if (g_strcmp0 (kind, "text") == 0)
    self->kind = IRI_EXAMPLE_KIND_TEXT;

  for (guint i = 0; show != NULL && show[i] != NULL; i++)
    {
      if (g_str_equal (show[i], "isolate"))
        self->show |= IRI_EXAMPLE_SHOW_ISOLATE;
      else if (g_str_equal (show[i], "rtl-paragraph"))
        self->show |= IRI_EXAMPLE_SHOW_RTL_PARAGRAPH;
      else if (g_str_equal (show[i], "classes"))
        self->show |= IRI_EXAMPLE_SHOW_CLASSES;
    }

  return self;
}

/**
 * iri_get_examples:
 *
 * Gets the teaching examples: RFC 3987bis §4.4 Examples 1–11 in Bidi
 * Notation, then the display hazards reported against browsers and
 * terminals, each with a translated explanation.
 *
 * Returns: (transfer full): a list model of [class@Iri.Example]
 *
 * Since: 0.1
 */
GListModel *
iri_get_examples (void)
{
  GListStore *store = g_list_store_new (IRI_TYPE_EXAMPLE);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) groups = NULL;

  bytes = g_resource_lookup_data (iri_get_resource (), "/io/github/iri_inspector/IriInspector/iri-examples.keyfile",
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  /* The file is compiled into the library: not finding it is a build
   * bug, not a run-time condition. */
  g_assert_no_error (error);

  if (!g_key_file_load_from_bytes (keyfile, bytes, G_KEY_FILE_NONE, &error))
    g_error ("The examples built into libiri are broken: %s", error->message);

  groups = g_key_file_get_groups (keyfile, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    {
      g_autoptr(IriExample) example = NULL;

      if (!g_str_has_prefix (groups[i], "Example "))
        continue;
      example = example_from_group (keyfile, groups[i]);
      g_list_store_append (store, example);
    }

  return G_LIST_MODEL (store);
}

/**
 * iri_example_get_id:
 * @self: an example
 *
 * Gets the stable identifier of the example.
 *
 * Returns: (transfer none): the identifier
 *
 * Since: 0.1
 */
const char *
iri_example_get_id (IriExample *self)
{
  g_return_val_if_fail (IRI_IS_EXAMPLE (self), NULL);

  return self->id;
}

/**
 * iri_example_get_title:
 * @self: an example
 *
 * Gets the translated title.
 *
 * Returns: (transfer none): the title
 *
 * Since: 0.1
 */
const char *
iri_example_get_title (IriExample *self)
{
  g_return_val_if_fail (IRI_IS_EXAMPLE (self), NULL);

  return self->title;
}

/**
 * iri_example_get_explanation:
 * @self: an example
 *
 * Gets the translated explanation of why the text displays the way it
 * does.
 *
 * Returns: (transfer none): the explanation
 *
 * Since: 0.1
 */
const char *
iri_example_get_explanation (IriExample *self)
{
  g_return_val_if_fail (IRI_IS_EXAMPLE (self), NULL);

  return self->explanation;
}

/* Whether @token (ASCII capitals) is a maximal run of capitals in
 * @text. */
static gboolean
is_capital_run_of (const char *text,
                   const char *token,
                   gsize       length)
{
  for (const char *p = strstr (text, token); p != NULL; p = strstr (p + 1, token))
    {
      gboolean before = p > text && g_ascii_isupper (p[-1]);
      gboolean after = g_ascii_isupper (p[length]);

      if (!before && !after)
        return TRUE;
    }
  return FALSE;
}

/**
 * iri_example_dup_explanation:
 * @self: an example
 * @letters: the letters the capitals of the Bidi Notation stand for, or
 *   [enum@Iri.Notation.NONE] to keep the capitals
 *
 * Gets the translated explanation, with the capitals it quotes from an
 * example in Bidi Notation written with the letters they stand for, so
 * that it names what is shown.  A run of capitals is replaced only when
 * the example's text has it (as stored: `CDE`) or has it reversed (as
 * displayed: `EDC`); each replacement is a right-to-left word in U+2067
 * RIGHT-TO-LEFT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, which a
 * right-to-left reader sees as the display shows it.  Other capitals
 * (`IRI`, `UAX`) are left alone.
 *
 * Returns: (transfer full): the explanation
 *
 * Since: 0.1
 */
char *
iri_example_dup_explanation (IriExample  *self,
                             IriNotation  letters)
{
  GString *out;
  const char *p;

  g_return_val_if_fail (IRI_IS_EXAMPLE (self), NULL);

  if (letters == IRI_NOTATION_NONE || self->notation == IRI_NOTATION_NONE)
    return g_strdup (self->explanation);

  out = g_string_sized_new (strlen (self->explanation) + 16);
  for (p = self->explanation; *p != '\0';)
    {
      gsize length = 0;

      if (!g_ascii_isupper (*p) || (p > self->explanation && g_ascii_isalnum (p[-1])))
        {
          g_string_append_c (out, *p++);
          continue;
        }
      while (g_ascii_isupper (p[length]))
        length++;
      if (length >= 2 && !g_ascii_isalnum (p[length]))
        {
          g_autofree char *token = g_strndup (p, length);
          g_autofree char *reversed = g_utf8_strreverse (token, length);
          const char *stored = is_capital_run_of (self->text, token, length) ? token
                               : is_capital_run_of (self->text, reversed, length) ? reversed : NULL;

          if (stored != NULL)
            {
              g_autofree char *word = iri_notation_to_rtl (stored, length, letters);

              /* U+2067 … U+2069 */
              g_string_append (out, "\xE2\x81\xA7");
              g_string_append (out, word);
              g_string_append (out, "\xE2\x81\xA9");
              p += length;
              continue;
            }
        }
      g_string_append_len (out, p, length);
      p += length;
    }
  return g_string_free (out, FALSE);
}

/**
 * iri_example_get_text:
 * @self: an example
 *
 * Gets the text, in logical order.
 *
 * Returns: (transfer none): the text
 *
 * Since: 0.1
 */
const char *
iri_example_get_text (IriExample *self)
{
  g_return_val_if_fail (IRI_IS_EXAMPLE (self), NULL);

  return self->text;
}

/**
 * iri_example_get_notation:
 * @self: an example
 *
 * Gets the Bidi Notation the text is written in.
 *
 * Returns: the notation, [enum@Iri.Notation.NONE] for real scripts
 *
 * Since: 0.1
 */
IriNotation
iri_example_get_notation (IriExample *self)
{
  g_return_val_if_fail (IRI_IS_EXAMPLE (self), IRI_NOTATION_NONE);

  return self->notation;
}

/**
 * iri_example_get_kind:
 * @self: an example
 *
 * Gets what the text is.
 *
 * Returns: the kind
 *
 * Since: 0.1
 */
IriExampleKind
iri_example_get_kind (IriExample *self)
{
  g_return_val_if_fail (IRI_IS_EXAMPLE (self), IRI_EXAMPLE_KIND_IRI);

  return self->kind;
}

/**
 * iri_example_get_show:
 * @self: an example
 *
 * Gets what the example asks to be shown besides the §4.1 display.
 *
 * Returns: the flags
 *
 * Since: 0.1
 */
IriExampleShow
iri_example_get_show (IriExample *self)
{
  g_return_val_if_fail (IRI_IS_EXAMPLE (self), IRI_EXAMPLE_SHOW_DISPLAY);

  return self->show;
}

/**
 * iri_example_get_source:
 * @self: an example
 *
 * Gets where the example comes from.
 *
 * Returns: (transfer none): the source
 *
 * Since: 0.1
 */
const char *
iri_example_get_source (IriExample *self)
{
  g_return_val_if_fail (IRI_IS_EXAMPLE (self), NULL);

  return self->source;
}
