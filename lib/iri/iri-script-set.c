/* iri-script-set.c: script sets and restriction levels (UTS #39 §5.1, §5.2)
 *
 * The augmented Script_Extensions set of a character (§5.1), the
 * restriction level of a string computed from those sets (§5.2), and the
 * names scripts are given in messages.  The mixed-script, whole-script
 * and per-character checks are built on these.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-script-set-private.h"
#include "iri-ucd-private.h"

/* UAX #31 Table 5 (Unicode 15.0): the Recommended Scripts, the only ones
 * a moderately restrictive string may combine with Latin (UTS #39 §5.2). */
static const GUnicodeScript recommended_scripts[] = {
  G_UNICODE_SCRIPT_COMMON, G_UNICODE_SCRIPT_INHERITED,
  G_UNICODE_SCRIPT_ARABIC, G_UNICODE_SCRIPT_ARMENIAN, G_UNICODE_SCRIPT_BENGALI,
  G_UNICODE_SCRIPT_BOPOMOFO, G_UNICODE_SCRIPT_CYRILLIC, G_UNICODE_SCRIPT_DEVANAGARI,
  G_UNICODE_SCRIPT_ETHIOPIC, G_UNICODE_SCRIPT_GEORGIAN, G_UNICODE_SCRIPT_GREEK,
  G_UNICODE_SCRIPT_GUJARATI, G_UNICODE_SCRIPT_GURMUKHI, G_UNICODE_SCRIPT_HAN,
  G_UNICODE_SCRIPT_HANGUL, G_UNICODE_SCRIPT_HEBREW, G_UNICODE_SCRIPT_HIRAGANA,
  G_UNICODE_SCRIPT_KANNADA, G_UNICODE_SCRIPT_KATAKANA, G_UNICODE_SCRIPT_KHMER,
  G_UNICODE_SCRIPT_LAO, G_UNICODE_SCRIPT_LATIN, G_UNICODE_SCRIPT_MALAYALAM,
  G_UNICODE_SCRIPT_MYANMAR, G_UNICODE_SCRIPT_ORIYA, G_UNICODE_SCRIPT_SINHALA,
  G_UNICODE_SCRIPT_TAMIL, G_UNICODE_SCRIPT_TELUGU, G_UNICODE_SCRIPT_THAANA,
  G_UNICODE_SCRIPT_THAI, G_UNICODE_SCRIPT_TIBETAN,
};

static const IriScriptSet *
get_recommended_set (void)
{
  static gsize initialized;
  static IriScriptSet set;

  if (g_once_init_enter (&initialized))
    {
      for (gsize i = 0; i < G_N_ELEMENTS (recommended_scripts); i++)
        iri_script_set_add (&set, recommended_scripts[i]);
      /* The pseudo-scripts stand for combinations of recommended ones. */
      iri_script_set_add (&set, IRI_SCRIPT_HANB);
      iri_script_set_add (&set, IRI_SCRIPT_JPAN);
      iri_script_set_add (&set, IRI_SCRIPT_KORE);
      g_once_init_leave (&initialized, 1);
    }
  return &set;
}

/* The augmented Script_Extensions set of @c (UTS #39 §5.1).  Returns
 * FALSE when @c belongs to every script: Common and Inherited (§5.1
 * replaces them by ALL), and Unknown, because an unassigned code point
 * already has a finding of its own and should not also count as a
 * script. */
gboolean
iri_char_script_set (gunichar      c,
                     IriScriptSet *set)
{
  GUnicodeScript scx[SCX_MAX];
  guint n;

  memset (set, 0, sizeof *set);

  /* ASCII: letters are Latin, the rest is Common; no table needed. */
  if (c < 0x80)
    {
      if (!g_ascii_isalpha (c))
        return FALSE;
      iri_script_set_add (set, G_UNICODE_SCRIPT_LATIN);
      return TRUE;
    }

  n = iri_ucd_get_script_extensions (c, scx, G_N_ELEMENTS (scx));
  n = MIN (n, G_N_ELEMENTS (scx));
  if (n == 0 ||
      (n == 1 && (scx[0] == G_UNICODE_SCRIPT_COMMON || scx[0] == G_UNICODE_SCRIPT_INHERITED ||
                  scx[0] == G_UNICODE_SCRIPT_UNKNOWN)))
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      guint s = (guint) scx[i];

      if (s > IRI_SCRIPT_REAL_MAX)
        continue;
      iri_script_set_add (set, s);
      switch (scx[i])
        {
        case G_UNICODE_SCRIPT_HAN:
          iri_script_set_add (set, IRI_SCRIPT_HANB);
          iri_script_set_add (set, IRI_SCRIPT_JPAN);
          iri_script_set_add (set, IRI_SCRIPT_KORE);
          break;
        case G_UNICODE_SCRIPT_HIRAGANA:
        case G_UNICODE_SCRIPT_KATAKANA:
          iri_script_set_add (set, IRI_SCRIPT_JPAN);
          break;
        case G_UNICODE_SCRIPT_HANGUL:
          iri_script_set_add (set, IRI_SCRIPT_KORE);
          break;
        case G_UNICODE_SCRIPT_BOPOMOFO:
          iri_script_set_add (set, IRI_SCRIPT_HANB);
          break;
        default:
          break;
        }
    }
  return TRUE;
}

gboolean
iri_script_set_is_cjk (const IriScriptSet *set)
{
  return iri_script_set_has (set, IRI_SCRIPT_HANB) || iri_script_set_has (set, IRI_SCRIPT_JPAN) ||
         iri_script_set_has (set, IRI_SCRIPT_KORE);
}

/* UTS #39 §5.2.  With @use_profile, exactly as the standard says: a
 * string with a character outside the identifier profile
 * (Identifier_Status=Restricted) is unrestricted.  Without it, only the
 * scripts count, and "minimally restrictive" means "only Recommended
 * scripts": that is what the analysis uses, because IRI units are full
 * of characters the identifier profile does not allow ("-", "(", "+")
 * and hosts get their own restricted-character finding. */
IriRestrictionLevel
iri_compute_restriction_level (const gunichar *chars,
                               gsize           n,
                               gboolean        use_profile)
{
  const IriScriptSet *recommended = get_recommended_set ();
  gboolean ascii = TRUE;
  gboolean profile_ok = TRUE;
  gboolean any_specific = FALSE;
  gboolean any_no_latin = FALSE;
  gboolean all_recommended = TRUE;
  IriScriptSet resolved, no_latin;

  iri_script_set_fill (&resolved);
  iri_script_set_fill (&no_latin);

  for (gsize i = 0; i < n; i++)
    {
      gunichar c = chars[i];
      IriScriptSet set;

      if (c >= 0x80)
        ascii = FALSE;
      if (use_profile && !iri_ucd_is_identifier_allowed (c))
        profile_ok = FALSE;
      if (!iri_char_script_set (c, &set))
        continue;

      any_specific = TRUE;
      iri_script_set_intersect (&resolved, &set);
      if (!iri_script_set_has (&set, G_UNICODE_SCRIPT_LATIN))
        {
          any_no_latin = TRUE;
          iri_script_set_intersect (&no_latin, &set);
        }
      if (!iri_script_set_intersects (&set, recommended))
        all_recommended = FALSE;
    }

  if (ascii)
    return IRI_RESTRICTION_ASCII_ONLY;
  if (!profile_ok)
    return IRI_RESTRICTION_UNRESTRICTED;
  if (!any_specific || !iri_script_set_is_empty (&resolved))
    return IRI_RESTRICTION_SINGLE_SCRIPT;

  /* Only reached when the string has Latin and something else, so
   * any_no_latin is TRUE: the resolved set of what is not Latin. */
  if (any_no_latin)
    {
      if (iri_script_set_has (&no_latin, IRI_SCRIPT_HANB) || iri_script_set_has (&no_latin, IRI_SCRIPT_JPAN) ||
          iri_script_set_has (&no_latin, IRI_SCRIPT_KORE))
        return IRI_RESTRICTION_HIGHLY_RESTRICTIVE;
      if (!iri_script_set_is_empty (&no_latin) &&
          !iri_script_set_has (&no_latin, G_UNICODE_SCRIPT_CYRILLIC) &&
          !iri_script_set_has (&no_latin, G_UNICODE_SCRIPT_GREEK) &&
          iri_script_set_intersects (&no_latin, recommended))
        return IRI_RESTRICTION_MODERATELY_RESTRICTIVE;
    }

  if (use_profile || all_recommended)
    return IRI_RESTRICTION_MINIMALLY_RESTRICTIVE;
  return IRI_RESTRICTION_UNRESTRICTED;
}

static const struct {
  GUnicodeScript  script;
  const char     *name;
} script_names[] = {
  { G_UNICODE_SCRIPT_COMMON, N_("Common") },
  { G_UNICODE_SCRIPT_INHERITED, N_("Inherited") },
  { G_UNICODE_SCRIPT_UNKNOWN, N_("Unknown") },
  { G_UNICODE_SCRIPT_ARABIC, N_("Arabic") },
  { G_UNICODE_SCRIPT_ARMENIAN, N_("Armenian") },
  { G_UNICODE_SCRIPT_BENGALI, N_("Bengali") },
  { G_UNICODE_SCRIPT_BOPOMOFO, N_("Bopomofo") },
  { G_UNICODE_SCRIPT_CHEROKEE, N_("Cherokee") },
  { G_UNICODE_SCRIPT_COPTIC, N_("Coptic") },
  { G_UNICODE_SCRIPT_CYRILLIC, N_("Cyrillic") },
  { G_UNICODE_SCRIPT_DEVANAGARI, N_("Devanagari") },
  { G_UNICODE_SCRIPT_ETHIOPIC, N_("Ethiopic") },
  { G_UNICODE_SCRIPT_GEORGIAN, N_("Georgian") },
  { G_UNICODE_SCRIPT_GREEK, N_("Greek") },
  { G_UNICODE_SCRIPT_GUJARATI, N_("Gujarati") },
  { G_UNICODE_SCRIPT_GURMUKHI, N_("Gurmukhi") },
  { G_UNICODE_SCRIPT_HAN, N_("Han") },
  { G_UNICODE_SCRIPT_HANGUL, N_("Hangul") },
  { G_UNICODE_SCRIPT_HEBREW, N_("Hebrew") },
  { G_UNICODE_SCRIPT_HIRAGANA, N_("Hiragana") },
  { G_UNICODE_SCRIPT_KANNADA, N_("Kannada") },
  { G_UNICODE_SCRIPT_KATAKANA, N_("Katakana") },
  { G_UNICODE_SCRIPT_KHMER, N_("Khmer") },
  { G_UNICODE_SCRIPT_LAO, N_("Lao") },
  { G_UNICODE_SCRIPT_LATIN, N_("Latin") },
  { G_UNICODE_SCRIPT_MALAYALAM, N_("Malayalam") },
  { G_UNICODE_SCRIPT_MONGOLIAN, N_("Mongolian") },
  { G_UNICODE_SCRIPT_MYANMAR, N_("Myanmar") },
  { G_UNICODE_SCRIPT_ORIYA, N_("Oriya") },
  { G_UNICODE_SCRIPT_SINHALA, N_("Sinhala") },
  { G_UNICODE_SCRIPT_SYRIAC, N_("Syriac") },
  { G_UNICODE_SCRIPT_TAMIL, N_("Tamil") },
  { G_UNICODE_SCRIPT_TELUGU, N_("Telugu") },
  { G_UNICODE_SCRIPT_THAANA, N_("Thaana") },
  { G_UNICODE_SCRIPT_THAI, N_("Thai") },
  { G_UNICODE_SCRIPT_TIBETAN, N_("Tibetan") },
};

/**
 * iri_script_get_name:
 * @script: a script
 *
 * Gets a name for a script to show to people: "Cyrillic", "Han",
 * "Old Italic".  The scripts that UAX #31 recommends for identifiers
 * (and a few more) have translated names; the others have the English
 * name of the Unicode Script property value.
 *
 * Returns: (transfer none): the name
 *
 * Since: 0.1
 */
const char *
iri_script_get_name (GUnicodeScript script)
{
  static GEnumClass *klass;
  GEnumValue *value;
  g_autoptr(GString) name = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (script_names); i++)
    {
      if (script_names[i].script == script)
        return _(script_names[i].name);
    }

  /* GLib's nicks are the UCD long names, lower-cased and hyphenated
   * ("old-italic"); turned back into "Old Italic" and interned, so the
   * string lives as long as the program. */
  if (g_once_init_enter (&klass))
    g_once_init_leave (&klass, g_type_class_ref (G_TYPE_UNICODE_SCRIPT));
  value = g_enum_get_value (klass, script);
  if (value == NULL)
    return _("Unknown");

  name = g_string_new (value->value_nick);
  for (gsize i = 0; i < name->len; i++)
    {
      if (name->str[i] == '-')
        name->str[i] = ' ';
      else if (i == 0 || name->str[i - 1] == ' ')
        name->str[i] = g_ascii_toupper (name->str[i]);
    }
  return g_intern_string (name->str);
}

/* The script to name a character by: its Script property, except that a
 * Common or Inherited character with a single Script_Extensions value
 * (U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK is Hiragana or
 * Katakana) is named by its first one. */
GUnicodeScript
iri_char_display_script (gunichar c)
{
  GUnicodeScript script = g_unichar_get_script (c);

  if ((script == G_UNICODE_SCRIPT_COMMON || script == G_UNICODE_SCRIPT_INHERITED) && c >= 0x80)
    {
      GUnicodeScript scx[SCX_MAX];
      guint n = iri_ucd_get_script_extensions (c, scx, G_N_ELEMENTS (scx));

      if (n == 1 && scx[0] != G_UNICODE_SCRIPT_COMMON &&
          scx[0] != G_UNICODE_SCRIPT_INHERITED)
        return scx[0];
    }
  return script;
}

/**
 * iri_restriction_level_to_string:
 * @level: a restriction level
 *
 * Gets the stable name of a restriction level, as used in JSON output:
 * "ascii-only", "single-script", "highly-restrictive",
 * "moderately-restrictive", "minimally-restrictive" or "unrestricted"
 * (the UTS #39 §5.2 names, hyphenated).
 *
 * Returns: (transfer none): the name
 *
 * Since: 0.1
 */
const char *
iri_restriction_level_to_string (IriRestrictionLevel level)
{
  switch (level)
    {
    case IRI_RESTRICTION_ASCII_ONLY:
      return "ascii-only";
    case IRI_RESTRICTION_SINGLE_SCRIPT:
      return "single-script";
    case IRI_RESTRICTION_HIGHLY_RESTRICTIVE:
      return "highly-restrictive";
    case IRI_RESTRICTION_MODERATELY_RESTRICTIVE:
      return "moderately-restrictive";
    case IRI_RESTRICTION_MINIMALLY_RESTRICTIVE:
      return "minimally-restrictive";
    case IRI_RESTRICTION_UNRESTRICTED:
      return "unrestricted";
    default:
      g_return_val_if_reached (NULL);
    }
}

/* For messages. */
const char *
iri_restriction_level_phrase (IriRestrictionLevel level)
{
  switch (level)
    {
    case IRI_RESTRICTION_ASCII_ONLY:
      return _("ASCII-only");
    case IRI_RESTRICTION_SINGLE_SCRIPT:
      return _("single script");
    case IRI_RESTRICTION_HIGHLY_RESTRICTIVE:
      return _("highly restrictive");
    case IRI_RESTRICTION_MODERATELY_RESTRICTIVE:
      return _("moderately restrictive");
    case IRI_RESTRICTION_MINIMALLY_RESTRICTIVE:
      return _("minimally restrictive");
    case IRI_RESTRICTION_UNRESTRICTED:
    default:
      return _("unrestricted");
    }
}

gunichar *
iri_safety_decode_text (const char *text,
                        gssize      length,
                        gsize      *n_chars)
{
  glong n = 0;
  gunichar *chars;

  if (length < 0)
    length = strlen (text);
  chars = g_utf8_to_ucs4_fast (text, length, &n);
  *n_chars = n;
  return chars;
}

/**
 * iri_get_restriction_level:
 * @text: a UTF-8 string, such as one host label
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 *
 * Computes the restriction level of UTS #39 §5.2 for one identifier,
 * from the resolved script sets of §5.1 (Script_Extensions, with Han,
 * Hiragana, Katakana, Hangul and Bopomofo augmented by the Japanese,
 * Korean and Han-with-Bopomofo sets, and Common and Inherited counting
 * as every script).
 *
 * This follows §5.2 to the letter, including the identifier profile:
 * a non-ASCII string with a character whose Identifier_Status is
 * Restricted (such as "/" or U+00A0) is unrestricted.  Apply it to one
 * name — a host label, a word — rather than to a whole IRI.  The
 * `confusable-mixed-script` finding of an analysis looks at the scripts
 * only and reports restricted characters separately.
 *
 * Returns: the restriction level
 *
 * Since: 0.1
 */
IriRestrictionLevel
iri_get_restriction_level (const char *text,
                           gssize      length)
{
  g_autofree gunichar *chars = NULL;
  gsize n;

  g_return_val_if_fail (text != NULL || length == 0, IRI_RESTRICTION_UNRESTRICTED);
  if (text == NULL)
    return IRI_RESTRICTION_ASCII_ONLY;
  if (length < 0)
    length = strlen (text);
  g_return_val_if_fail (g_utf8_validate_len (text, length, NULL), IRI_RESTRICTION_UNRESTRICTED);

  chars = iri_safety_decode_text (text, length, &n);
  return iri_compute_restriction_level (chars, n, TRUE);
}
