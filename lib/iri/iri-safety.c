/* iri-safety.c: confusables and spoofing (UTS #39; RFC 3987bis §5.1, §7.5)
 *
 * The checks of issue #4.  They look at the units of DESIGN.md §3 (each
 * host label, path segment, query name and value…) and at the host as a
 * whole, and report what can make a reader take an IRI for another one:
 * letters of several scripts in one name (UTS #39 §5.2), a name written
 * in one script that reads as a Latin one (§4), digits of two numbering
 * systems (§5.3), characters that are invisible or that hide a mark
 * (§5.4), look-alikes of the delimiters (RFC 3987bis §5.1b),
 * compatibility characters and text that is not in NFC (§5.1b, §7.5),
 * "br0ken" and "1ame" (§7.5), and hosts that look like a host the user
 * trusts.
 *
 * Everything is derived from the vendored Unicode data (confusables.txt,
 * IdentifierStatus.txt, IdentifierType.txt, Script_Extensions,
 * DerivedCoreProperties) and from GLib's normalization and character
 * properties.  The few places where the data does not say enough are
 * marked "Supplement" and say why.
 *
 * Performance: an all-ASCII IRI (DESIGN.md §2) only gets the §7.5 ASCII
 * lint and, when known hosts are configured, an ASCII skeleton of its
 * host, both without allocating.  Only an "xn--" label or a
 * percent-encoded octet in the host sends an ASCII IRI down the slow path,
 * because such a host is shown in Unicode (§3.7 step 6) and is exactly
 * how a spoofed host usually arrives.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <fribidi.h>
#include <libpsl.h>
#include <glib/gi18n-lib.h>

#include "iri-bidi.h"
#include "iri-char-private.h"
#include "iri-enums.h"
#include "iri-idna-private.h"
#include "iri-analysis-private.h"
#include "iri-safety-private.h"
#include "iri-ucd-private.h"

/* The codes are spelled out where they are used, so that
 * tests/check-diagnostics-doc.py finds them; these are the same strings. */
#define CODE_MIXED_SCRIPT   "confusable-mixed-script"
#define CODE_WHOLE_SCRIPT   "confusable-whole-script"
#define CODE_MIXED_NUMBERS  "confusable-mixed-numbers"
#define CODE_DIGIT_LETTER   "confusable-digit-letter"
#define CODE_KNOWN_HOST     "confusable-known-host"
#define CODE_RESTRICTED     "restricted-character"
#define CODE_INVISIBLE      "invisible-character"
#define CODE_LOOKALIKE      "lookalike-delimiter"
#define CODE_COMPATIBILITY  "compatibility-character"
#define CODE_NOT_NFC        "not-nfc"

#define SPEC_MIXED_SCRIPT   "UTS #39 §5.1, §5.2; RFC 3987bis §7.5"
#define SPEC_WHOLE_SCRIPT   "UTS #39 §4; RFC 3987bis §7.5"
#define SPEC_MIXED_NUMBERS  "UTS #39 §5.3"
#define SPEC_DIGIT_LETTER   "RFC 3987bis §7.5"
#define SPEC_KNOWN_HOST     "UTS #39 §4"
#define SPEC_RESTRICTED     "UTS #39 §3.1"
#define SPEC_INVISIBLE      "UTS #39 §5.4"
#define SPEC_JOINER         "RFC 5892 Appendix A.1, A.2; UTS #39 §5.4"
#define SPEC_LOOKALIKE      "RFC 3987bis §5.1b"
#define SPEC_COMPATIBILITY  "RFC 3987bis §5.1b, §7.5"
#define SPEC_NOT_NFC        "RFC 3987bis §3.1; draft-duerst-iri-10-to-11-diff §5.3.2.2"

#define ZWNJ 0x200C
#define ZWJ  0x200D

/* ------------------------------------------------------------------ */
/* Script sets (UTS #39 §5.1)                                          */
/* ------------------------------------------------------------------ */

/* A set of GUnicodeScript values.  GLib 2.74 has about 165 scripts; the
 * three pseudo-scripts that §5.1 adds to "augment" a set (Han with
 * Bopomofo, Japanese, Korean) get bits above any GLib value. */
#define SCRIPT_SET_BITS 256
#define SCRIPT_HANB     253
#define SCRIPT_JPAN     254
#define SCRIPT_KORE     255
#define SCRIPT_REAL_MAX 252

typedef struct {
  guint64 w[SCRIPT_SET_BITS / 64];
} ScriptSet;

/* Script_Extensions lists are short; the longest in Unicode 15.0 has 21
 * scripts (U+0965 DEVANAGARI DOUBLE DANDA). */
#define SCX_MAX 32

static inline void
script_set_add (ScriptSet *set,
                guint      script)
{
  set->w[script / 64] |= G_GUINT64_CONSTANT (1) << (script % 64);
}

static inline gboolean
script_set_has (const ScriptSet *set,
                guint            script)
{
  return (set->w[script / 64] >> (script % 64)) & 1;
}

static inline void
script_set_intersect (ScriptSet       *set,
                      const ScriptSet *other)
{
  for (guint i = 0; i < G_N_ELEMENTS (set->w); i++)
    set->w[i] &= other->w[i];
}

static inline gboolean
script_set_intersects (const ScriptSet *a,
                       const ScriptSet *b)
{
  for (guint i = 0; i < G_N_ELEMENTS (a->w); i++)
    {
      if (a->w[i] & b->w[i])
        return TRUE;
    }
  return FALSE;
}

static inline gboolean
script_set_is_empty (const ScriptSet *set)
{
  for (guint i = 0; i < G_N_ELEMENTS (set->w); i++)
    {
      if (set->w[i] != 0)
        return FALSE;
    }
  return TRUE;
}

static inline void
script_set_fill (ScriptSet *set)
{
  memset (set, 0xFF, sizeof *set);
}

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

static const ScriptSet *
get_recommended_set (void)
{
  static gsize initialized;
  static ScriptSet set;

  if (g_once_init_enter (&initialized))
    {
      for (gsize i = 0; i < G_N_ELEMENTS (recommended_scripts); i++)
        script_set_add (&set, recommended_scripts[i]);
      /* The pseudo-scripts stand for combinations of recommended ones. */
      script_set_add (&set, SCRIPT_HANB);
      script_set_add (&set, SCRIPT_JPAN);
      script_set_add (&set, SCRIPT_KORE);
      g_once_init_leave (&initialized, 1);
    }
  return &set;
}

/* The augmented Script_Extensions set of @c (UTS #39 §5.1).  Returns
 * FALSE when @c belongs to every script: Common and Inherited (§5.1
 * replaces them by ALL), and Unknown, because an unassigned code point
 * already has a finding of its own and should not also count as a
 * script. */
static gboolean
char_script_set (gunichar   c,
                 ScriptSet *set)
{
  GUnicodeScript scx[SCX_MAX];
  guint n;

  memset (set, 0, sizeof *set);

  /* ASCII: letters are Latin, the rest is Common; no table needed. */
  if (c < 0x80)
    {
      if (!g_ascii_isalpha (c))
        return FALSE;
      script_set_add (set, G_UNICODE_SCRIPT_LATIN);
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

      if (s > SCRIPT_REAL_MAX)
        continue;
      script_set_add (set, s);
      switch (scx[i])
        {
        case G_UNICODE_SCRIPT_HAN:
          script_set_add (set, SCRIPT_HANB);
          script_set_add (set, SCRIPT_JPAN);
          script_set_add (set, SCRIPT_KORE);
          break;
        case G_UNICODE_SCRIPT_HIRAGANA:
        case G_UNICODE_SCRIPT_KATAKANA:
          script_set_add (set, SCRIPT_JPAN);
          break;
        case G_UNICODE_SCRIPT_HANGUL:
          script_set_add (set, SCRIPT_KORE);
          break;
        case G_UNICODE_SCRIPT_BOPOMOFO:
          script_set_add (set, SCRIPT_HANB);
          break;
        default:
          break;
        }
    }
  return TRUE;
}

static gboolean
is_cjk_set (const ScriptSet *set)
{
  return script_set_has (set, SCRIPT_HANB) || script_set_has (set, SCRIPT_JPAN) ||
         script_set_has (set, SCRIPT_KORE);
}

/* UTS #39 §5.2.  With @use_profile, exactly as the standard says: a
 * string with a character outside the identifier profile
 * (Identifier_Status=Restricted) is unrestricted.  Without it, only the
 * scripts count, and "minimally restrictive" means "only Recommended
 * scripts": that is what the analysis uses, because IRI units are full
 * of characters the identifier profile does not allow ("-", "(", "+")
 * and hosts get their own restricted-character finding. */
static IriRestrictionLevel
compute_level (const gunichar *chars,
               gsize           n,
               gboolean        use_profile)
{
  const ScriptSet *recommended = get_recommended_set ();
  gboolean ascii = TRUE;
  gboolean profile_ok = TRUE;
  gboolean any_specific = FALSE;
  gboolean any_no_latin = FALSE;
  gboolean all_recommended = TRUE;
  ScriptSet resolved, no_latin;

  script_set_fill (&resolved);
  script_set_fill (&no_latin);

  for (gsize i = 0; i < n; i++)
    {
      gunichar c = chars[i];
      ScriptSet set;

      if (c >= 0x80)
        ascii = FALSE;
      if (use_profile && !iri_ucd_is_identifier_allowed (c))
        profile_ok = FALSE;
      if (!char_script_set (c, &set))
        continue;

      any_specific = TRUE;
      script_set_intersect (&resolved, &set);
      if (!script_set_has (&set, G_UNICODE_SCRIPT_LATIN))
        {
          any_no_latin = TRUE;
          script_set_intersect (&no_latin, &set);
        }
      if (!script_set_intersects (&set, recommended))
        all_recommended = FALSE;
    }

  if (ascii)
    return IRI_RESTRICTION_ASCII_ONLY;
  if (!profile_ok)
    return IRI_RESTRICTION_UNRESTRICTED;
  if (!any_specific || !script_set_is_empty (&resolved))
    return IRI_RESTRICTION_SINGLE_SCRIPT;

  /* Only reached when the string has Latin and something else, so
   * any_no_latin is TRUE: the resolved set of what is not Latin. */
  if (any_no_latin)
    {
      if (script_set_has (&no_latin, SCRIPT_HANB) || script_set_has (&no_latin, SCRIPT_JPAN) ||
          script_set_has (&no_latin, SCRIPT_KORE))
        return IRI_RESTRICTION_HIGHLY_RESTRICTIVE;
      if (!script_set_is_empty (&no_latin) &&
          !script_set_has (&no_latin, G_UNICODE_SCRIPT_CYRILLIC) &&
          !script_set_has (&no_latin, G_UNICODE_SCRIPT_GREEK) &&
          script_set_intersects (&no_latin, recommended))
        return IRI_RESTRICTION_MODERATELY_RESTRICTIVE;
    }

  if (use_profile || all_recommended)
    return IRI_RESTRICTION_MINIMALLY_RESTRICTIVE;
  return IRI_RESTRICTION_UNRESTRICTED;
}

/* ------------------------------------------------------------------ */
/* Character information (public)                                     */
/* ------------------------------------------------------------------ */

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
static GUnicodeScript
char_display_script (gunichar c)
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
 * iri_char_get_name:
 * @c: a Unicode character
 *
 * Gets the name of a character from the Unicode Character Database the
 * library carries: "CYRILLIC SMALL LETTER A", "CJK UNIFIED
 * IDEOGRAPH-4E00", "HANGUL SYLLABLE GA"; for a control character its
 * control alias ("CHARACTER TABULATION").
 *
 * Returns: (transfer full) (nullable): the name, or `NULL` for a code
 *   point without one (unassigned, private use, surrogate,
 *   noncharacter)
 *
 * Since: 0.1
 */
char *
iri_char_get_name (gunichar c)
{
  char buf[IRI_UCD_NAME_MAX];

  if (!iri_ucd_get_name (c, buf))
    return NULL;
  return g_strdup (buf);
}

/**
 * iri_char_get_script_extensions:
 * @c: a Unicode character
 * @n_scripts: (out): where to store the number of scripts
 *
 * Gets the Script_Extensions of a character (UAX #24): the scripts it
 * is used with.  For a character that ScriptExtensions.txt does not
 * list, that is its Script property.  UTS #39 §5.1 computes the
 * resolved script set of a string from these.
 *
 * Returns: (transfer full) (array length=n_scripts): the scripts
 *
 * Since: 0.1
 */
GUnicodeScript *
iri_char_get_script_extensions (gunichar  c,
                                gsize    *n_scripts)
{
  GUnicodeScript scx[SCX_MAX];
  guint n;

  g_return_val_if_fail (n_scripts != NULL, NULL);

  n = MIN (iri_ucd_get_script_extensions (c, scx, G_N_ELEMENTS (scx)), G_N_ELEMENTS (scx));
  *n_scripts = n;
  return g_memdup2 (scx, n * sizeof (GUnicodeScript));
}

/**
 * iri_char_is_identifier_allowed:
 * @c: a Unicode character
 *
 * Whether a character has Identifier_Status=Allowed in the UTS #39
 * data (§3.1): the characters recommended for identifiers.  The others
 * are Restricted; [func@Iri.char_get_identifier_types] says why.
 *
 * Returns: `TRUE` if the character is allowed
 *
 * Since: 0.1
 */
gboolean
iri_char_is_identifier_allowed (gunichar c)
{
  return iri_ucd_is_identifier_allowed (c);
}

/* UTS #39 Table 1, in the bit order of IriIdentifierType. */
static const char * const identifier_type_names[] = {
  "Not_Character", "Deprecated", "Default_Ignorable", "Not_NFKC",
  "Not_XID", "Exclusion", "Obsolete", "Technical", "Uncommon_Use",
  "Limited_Use", "Inclusion", "Recommended",
};

/**
 * iri_char_get_identifier_types:
 * @c: a Unicode character
 *
 * Gets the Identifier_Type values of a character (UTS #39 §3.1,
 * Table 1), as the property value names of IdentifierType.txt:
 * "Recommended", "Inclusion", "Technical", "Not_NFKC"…
 *
 * Returns: (transfer full) (array zero-terminated=1): the types
 *
 * Since: 0.1
 */
char **
iri_char_get_identifier_types (gunichar c)
{
  guint bits = iri_ucd_get_identifier_type (c);
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (identifier_type_names); i++)
    {
      if (bits & (1u << i))
        g_ptr_array_add (out, g_strdup (identifier_type_names[i]));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/**
 * iri_get_unicode_data_version:
 * @data: which data
 *
 * Gets the version of a set of Unicode data compiled into the library,
 * read from the headers of the vendored files when the library was
 * built, such as "15.0.0".  Normalization, general categories and
 * scripts come from GLib, which has its own Unicode version.
 *
 * Returns: (transfer none): the version
 *
 * Since: 0.1
 */
const char *
iri_get_unicode_data_version (IriUnicodeData data)
{
  switch (data)
    {
    case IRI_UNICODE_DATA_UCD:
      return iri_ucd_version;
    case IRI_UNICODE_DATA_SECURITY:
      return iri_ucd_security_version;
    case IRI_UNICODE_DATA_LINK:
      return iri_ucd_link_version;
    default:
      g_return_val_if_reached (NULL);
    }
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
static const char *
level_phrase (IriRestrictionLevel level)
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

static gunichar *
decode_text (const char *text,
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

  chars = decode_text (text, length, &n);
  return compute_level (chars, n, TRUE);
}

/* ------------------------------------------------------------------ */
/* Skeletons (UTS #39 §4)                                              */
/* ------------------------------------------------------------------ */

/* Appends the prototype of @c (confusables.txt), or @c itself. */
static void
append_prototype (GString  *out,
                  gunichar  c)
{
  const char *proto = iri_ucd_get_confusable (c);

  if (proto != NULL)
    g_string_append (out, proto);
  else
    g_string_append_unichar (out, c);
}

/* Facts about a character that take a decomposition or a skeleton to
 * find, remembered for the BMP (where nearly all text is), since the
 * same characters come back in every unit and every keystroke.  One byte
 * per code point, written once by whichever thread gets there first:
 * the value only depends on the character, so relaxed atomics are
 * enough.  0 means not known yet. */
#define FACT_KNOWN       0x80
#define FACT_NFC_STABLE  0x40
#define FACT_NFD_STABLE  0x20   /* no canonical decomposition, class 0 */
#define FACT_DELIMITER   0x1F   /* the lookalike delimiter + 1, or 0 */

static guint8 get_char_facts (gunichar c);

/* NFD, without the cost of g_utf8_normalize() when it would change
 * nothing: every character without a canonical decomposition and of
 * combining class 0 (true of most letters of most scripts, and of the
 * prototypes of confusables.txt) leaves a text as it is. */
static char *
normalize_nfd (const char *text,
               gssize      length)
{
  const char *p, *end;

  if (length < 0)
    length = strlen (text);
  end = text + length;
  for (p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0xC0)
        continue;
      if (c > 0xFFFF || !(get_char_facts (c) & FACT_NFD_STABLE))
        return g_utf8_normalize (text, length, G_NORMALIZE_NFD);
    }
  return g_strndup (text, length);
}

/**
 * iri_skeleton:
 * @text: a UTF-8 string
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 *
 * Computes the skeleton of UTS #39 §4: the string converted to NFD,
 * each character replaced by its prototype from confusables.txt, and
 * the result converted to NFD again.  Two strings are confusable when
 * their skeletons are equal: the skeleton of "аррӏе" (Cyrillic) is
 * "appie", the same as that of Latin "appie".
 *
 * A skeleton is meant for comparison, not for display.  It is case
 * sensitive ("I" and "l" share the prototype "l"), as the standard
 * defines it; comparisons of host names in an analysis lower-case both
 * sides first.
 *
 * Returns: (transfer full): the skeleton
 *
 * Since: 0.1
 */
char *
iri_skeleton (const char *text,
              gssize      length)
{
  g_autofree char *nfd = NULL;
  g_autoptr(GString) out = NULL;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  if (text == NULL)
    return g_strdup ("");
  if (length < 0)
    length = strlen (text);
  g_return_val_if_fail (g_utf8_validate_len (text, length, NULL), NULL);

  nfd = normalize_nfd (text, length);
  out = g_string_sized_new (length + 8);
  for (const char *p = nfd; *p != '\0'; p = g_utf8_next_char (p))
    append_prototype (out, g_utf8_get_char (p));

  return normalize_nfd (out->str, out->len);
}

/* The skeleton of one character without the final NFD, into @buf
 * (enough for any prototype: the longest in confusables.txt 15.0 has 18
 * characters).  Only used to compare with ASCII delimiters, which the
 * final NFD does not change.  No allocation. */
#define CHAR_SKELETON_MAX 96

static void
char_skeleton (gunichar  c,
               char      buf[CHAR_SKELETON_MAX])
{
  gunichar decomposition[G_UNICHAR_MAX_DECOMPOSITION_LENGTH];
  gsize n = g_unichar_fully_decompose (c, FALSE, decomposition, G_N_ELEMENTS (decomposition));
  gsize len = 0;

  for (gsize i = 0; i < n; i++)
    {
      const char *proto = iri_ucd_get_confusable (decomposition[i]);
      char one[8];
      gsize plen;

      if (proto == NULL)
        {
          plen = g_unichar_to_utf8 (decomposition[i], one);
          proto = one;
        }
      else
        plen = strlen (proto);

      if (len + plen >= CHAR_SKELETON_MAX)
        break;
      memcpy (buf + len, proto, plen);
      len += plen;
    }
  buf[len] = '\0';
}

/* Host skeletons for comparison.  A host is compared in a looser way
 * than the plain skeleton, for three reasons, all derived from the data:
 *
 * - Case: hosts are case-insensitive and UTS #46 lower-cases them, so
 *   the skeleton is lower-cased ("g00gle" and "google" both become
 *   "google": U+0030 DIGIT ZERO has the prototype "O").
 *
 * - Case variants: a lower-case character whose upper-case form has a
 *   different prototype may be read as either.  U+04CF CYRILLIC SMALL
 *   LETTER PALOCHKA has the prototype "i" but its capital U+04C0 has
 *   "l", and in most fonts both are a plain vertical stroke: "аррӏе"
 *   must match "apple" as well as "appie".  Such characters give a few
 *   variant skeletons (at most MAX_VARIANT_CHARS of them branch).
 *
 * - Diacritics: after the skeleton, nonspacing marks of the Inherited
 *   script (the diacritics of Latin, Greek and Cyrillic, and the
 *   overlays that confusables.txt uses for "ł", "ø", "đ") are dropped,
 *   so "myẹtḣerwallet" matches "myetherwallet" — the misses of
 *   mixed Latin look-alikes that users report about browsers.
 */
#define MAX_VARIANT_CHARS 3

/* Lower-cases and drops the Inherited nonspacing marks of an NFD text. */
static char *
finish_host_skeleton (const char *text,
                      gsize       length)
{
  g_autofree char *nfd = normalize_nfd (text, length);
  g_autofree char *lower = g_utf8_strdown (nfd, -1);
  GString *out = g_string_sized_new (strlen (lower));

  for (const char *p = lower; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x300 && g_unichar_type (c) == G_UNICODE_NON_SPACING_MARK &&
          g_unichar_get_script (c) == G_UNICODE_SCRIPT_INHERITED)
        continue;
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* Adds the variant skeletons of @host (lower-case, NFC) to @out, without
 * duplicates. */
static void
host_skeletons (const char *host,
                GPtrArray  *out)
{
  g_autofree char *nfd = normalize_nfd (host, -1);
  g_autoptr(GString) primary = g_string_new (NULL);
  g_autoptr(GString) variant = g_string_new (NULL);
  gunichar branch[MAX_VARIANT_CHARS];
  guint n_branch = 0;

  if (nfd == NULL)
    return;

  for (const char *p = nfd; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gunichar upper;
      g_autoptr(GString) mine = NULL;
      g_autoptr(GString) theirs = NULL;
      g_autofree char *mine_lower = NULL;
      g_autofree char *theirs_lower = NULL;

      append_prototype (primary, c);
      if (c < 0x80 || n_branch == MAX_VARIANT_CHARS)
        continue;
      upper = g_unichar_toupper (c);
      if (upper == c)
        continue;

      mine = g_string_new (NULL);
      theirs = g_string_new (NULL);
      append_prototype (mine, c);
      append_prototype (theirs, upper);
      mine_lower = g_utf8_strdown (mine->str, -1);
      theirs_lower = g_utf8_strdown (theirs->str, -1);
      if (!g_str_equal (mine_lower, theirs_lower))
        branch[n_branch++] = c;
    }

  for (guint mask = 0; mask < (1u << n_branch); mask++)
    {
      char *finished;

      g_string_truncate (variant, 0);
      for (const char *p = nfd; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);
          gboolean use_upper = FALSE;

          for (guint k = 0; k < n_branch; k++)
            {
              if (branch[k] == c && (mask & (1u << k)))
                use_upper = TRUE;
            }
          append_prototype (variant, use_upper ? g_unichar_toupper (c) : c);
        }

      finished = finish_host_skeleton (variant->str, variant->len);
      for (guint i = 0; i < out->len && finished != NULL; i++)
        {
          if (g_str_equal (g_ptr_array_index (out, i), finished))
            g_clear_pointer (&finished, g_free);
        }
      if (finished != NULL)
        g_ptr_array_add (out, finished);
    }

}

/* The ASCII host skeleton written into @buf, for the fast path: the same
 * as host_skeletons() gives for a lower-case ASCII host without "%" (no
 * variants, no marks), without allocating.  Returns FALSE if it does not
 * fit. */
static gboolean
ascii_host_skeleton (const char *host,
                     gsize       length,
                     char       *buf,
                     gsize       size)
{
  gsize len = 0;

  for (gsize i = 0; i < length; i++)
    {
      const char *proto = iri_ucd_get_confusable ((guchar) host[i]);
      char one[2] = { host[i], '\0' };

      if (proto == NULL)
        proto = one;
      for (const char *q = proto; *q != '\0'; q++)
        {
          if (len + 1 >= size || (guchar) *q >= 0x80)
            return FALSE;
          buf[len++] = g_ascii_tolower (*q);
        }
    }
  buf[len] = '\0';
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Known hosts                                                         */
/* ------------------------------------------------------------------ */

typedef struct {
  char *text;    /* the matching part of the known host: the host, its registrable domain or its brand label */
  char *host;    /* the known host, for messages */
} KnownEntry;

static void
known_entry_free (gpointer data)
{
  KnownEntry *entry = data;

  g_free (entry->text);
  g_free (entry->host);
  g_free (entry);
}

struct _IriKnownHosts
{
  GHashTable *ascii;        /* A-label form → unused; a set */
  GHashTable *full;         /* skeleton of the host → KnownEntry */
  GHashTable *registrable;  /* skeleton of its registrable domain → KnownEntry */
  GHashTable *labels;       /* skeleton of the label left of the public suffix → KnownEntry */
};

static const psl_ctx_t *
get_psl (void)
{
  /* The built-in list only (never a file at run time, DESIGN.md §7).
   * libpsl may be built without one; then registrable domains are
   * unknown and only whole hosts and labels are compared. */
  return psl_builtin ();
}

/* The registrable domain (eTLD+1) of a lower-case host, by the Public
 * Suffix List, as a pointer into @host; NULL when the host is a public
 * suffix itself or there is no list. */
static const char *
registrable_domain (const char *host)
{
  const psl_ctx_t *psl = get_psl ();

  if (psl == NULL || host == NULL || *host == '\0')
    return NULL;
  return psl_registrable_domain (psl, host);
}

static guint
count_labels (const char *host)
{
  guint n = 1;

  for (const char *p = host; *p != '\0'; p++)
    n += *p == '.';
  return n;
}

/* The last @n labels of @host. */
static const char *
last_labels (const char *host,
             guint       n)
{
  const char *p = host + strlen (host);
  guint seen = 0;

  while (p > host)
    {
      p--;
      if (*p == '.' && ++seen == n)
        return p + 1;
    }
  return host;
}

/* The form of one host label that the Public Suffix List is matched
 * against: percent-decoded, NFKC and lower case, as libpsl expects of
 * internationalized names.  NULL when the label cannot stand for one
 * DNS label: its percent-encoding is not UTF-8, or decoding or NFKC
 * produces a dot (U+FF0E FULLWIDTH FULL STOP becomes "."), which would
 * change the number of labels. */
static char *
psl_label (const char *label,
           gsize       length)
{
  g_autofree char *decoded = NULL;
  g_autofree char *nfkc = NULL;
  gboolean ascii = TRUE;

  if (memchr (label, '%', length) != NULL)
    {
      GString *out = g_string_sized_new (length);

      for (gsize i = 0; i < length; i++)
        {
          if (label[i] == '%' && i + 2 < length &&
              g_ascii_isxdigit (label[i + 1]) && g_ascii_isxdigit (label[i + 2]))
            {
              g_string_append_c (out, (char) (g_ascii_xdigit_value (label[i + 1]) * 16 +
                                              g_ascii_xdigit_value (label[i + 2])));
              i += 2;
            }
          else
            g_string_append_c (out, label[i]);
        }
      length = out->len;
      decoded = g_string_free (out, FALSE);
      /* "%00" cannot be part of a host name. */
      if (strlen (decoded) != length || !g_utf8_validate (decoded, length, NULL))
        return NULL;
      label = decoded;
    }

  for (gsize i = 0; i < length; i++)
    ascii &= (guchar) label[i] < 0x80;
  if (ascii)
    nfkc = g_ascii_strdown (label, length);
  else
    {
      g_autofree char *normalized = g_utf8_normalize (label, length, G_NORMALIZE_NFKC);

      if (normalized == NULL)
        return NULL;
      nfkc = g_utf8_strdown (normalized, -1);
    }

  if (*nfkc == '\0' || strchr (nfkc, '.') != NULL)
    return NULL;
  return g_steal_pointer (&nfkc);
}

/**
 * iri_reference_get_registrable_domain:
 * @self: a reference
 * @out_span: (out caller-allocates): where the registrable domain is in
 *   the text
 *
 * Finds the registrable domain of the host: its public suffix and the
 * one label before it ("eTLD+1"), by the Public Suffix List built into
 * libpsl.  `http://www.example.co.uk/` has the registrable domain
 * `example.co.uk`.
 *
 * This is the part of a host that a display must never hide (the URL
 * display guidelines of WHATWG URL §4.8 and of browsers): a view that
 * has to shorten an IRI elides other parts first.  Labels are compared
 * after percent-decoding, NFKC and lower-casing, so Unicode and
 * punycode labels are both found; the span is in the reference's own
 * text, whatever form the labels have there.
 *
 * Returns: `TRUE` and the span when the host is a registered name with
 *   a registrable domain; `FALSE` when there is no host, it is an IP
 *   address, a public suffix itself (`co.uk`), a single label
 *   (`localhost`), or it has an empty label
 *
 * Since: 0.1
 */
gboolean
iri_reference_get_registrable_domain (IriReference *self,
                                      IriSpan      *out_span)
{
  const psl_ctx_t *psl = get_psl ();
  g_autoptr(GString) lookup = NULL;
  g_autoptr(GArray) starts = NULL;
  const char *text;
  const char *reg;
  IriSpan host;
  gsize end, label_start;
  guint n_reg;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out_span != NULL, FALSE);

  if (psl == NULL || iri_reference_get_host_kind (self) != IRI_HOST_REG_NAME ||
      !iri_reference_get_span (self, IRI_COMPONENT_HOST, &host) || host.byte_end == host.byte_start)
    return FALSE;

  text = iri_reference_get_text (self);
  end = host.byte_end;
  /* The dot of an absolute domain name ("example.com.") ends the name
   * without starting a label. */
  if (text[end - 1] == '.')
    end--;

  lookup = g_string_new (NULL);
  starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  label_start = host.byte_start;
  for (gsize i = host.byte_start; i <= end; i++)
    {
      g_autofree char *label = NULL;

      if (i < end && text[i] != '.')
        continue;
      if (i == label_start)
        return FALSE;
      label = psl_label (text + label_start, i - label_start);
      if (label == NULL)
        return FALSE;
      g_array_append_val (starts, label_start);
      if (lookup->len > 0)
        g_string_append_c (lookup, '.');
      g_string_append (lookup, label);
      label_start = i + 1;
    }

  reg = psl_registrable_domain (psl, lookup->str);
  if (reg == NULL)
    return FALSE;
  n_reg = count_labels (reg);
  if (n_reg > starts->len)
    return FALSE;

  out_span->byte_start = g_array_index (starts, gsize, starts->len - n_reg);
  out_span->byte_end = end;
  out_span->start = iri_reference_byte_to_char (self, out_span->byte_start);
  out_span->end = iri_reference_byte_to_char (self, out_span->byte_end);
  return TRUE;
}

/* Normalized forms of a host (UTS #46: the A-label form and its
 * Unicode form, both lower case).  @host may be a user's entry with a
 * scheme, a port or a path, which are dropped.  FALSE for an empty
 * entry. */
static gboolean
normalize_host (const char  *entry,
                char       **out_ascii,
                char       **out_unicode)
{
  g_autofree char *copy = g_strstrip (g_strdup (entry));
  char *host = copy;
  char *p;
  g_autofree char *ascii = NULL;
  gsize len;

  if ((p = strstr (host, "://")) != NULL)
    host = p + 3;
  if ((p = strpbrk (host, "/?#")) != NULL)
    *p = '\0';
  if ((p = strrchr (host, '@')) != NULL)
    host = p + 1;
  if (host[0] != '[' && (p = strrchr (host, ':')) != NULL)
    *p = '\0';
  if (g_str_has_prefix (host, "*."))
    host += 2;
  len = strlen (host);
  while (len > 0 && host[len - 1] == '.')
    host[--len] = '\0';
  if (len == 0 || !g_utf8_validate (host, len, NULL))
    return FALSE;

  ascii = iri_idna_to_ascii (host, len, IRI_HOST_MAPPING_UTS46, NULL);
  if (ascii != NULL)
    {
      g_autofree char *lower = g_ascii_strdown (ascii, -1);

      *out_unicode = iri_idna_to_unicode (lower, strlen (lower), NULL, 0, 0);
      *out_ascii = g_steal_pointer (&lower);
    }
  else
    {
      /* Not a valid IDN: compare what was written, lower-cased and in
       * NFC, so that a typo in the list still protects something. */
      g_autofree char *nfc = g_utf8_normalize (host, len, G_NORMALIZE_NFC);

      *out_unicode = g_utf8_strdown (nfc, -1);
      *out_ascii = g_strdup (*out_unicode);
    }
  return TRUE;
}

static void
index_skeletons (GHashTable *table,
                 const char *text,
                 const char *host)
{
  g_autoptr(GPtrArray) skeletons = g_ptr_array_new_with_free_func (g_free);

  host_skeletons (text, skeletons);
  for (guint i = 0; i < skeletons->len; i++)
    {
      const char *skeleton = g_ptr_array_index (skeletons, i);
      KnownEntry *entry;

      if (g_hash_table_contains (table, skeleton))
        continue;
      entry = g_new0 (KnownEntry, 1);
      entry->text = g_strdup (text);
      entry->host = g_strdup (host);
      g_hash_table_insert (table, g_strdup (skeleton), entry);
    }
}

IriKnownHosts *
iri_known_hosts_new (const char * const *hosts)
{
  IriKnownHosts *known = g_new0 (IriKnownHosts, 1);

  known->ascii = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  known->full = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, known_entry_free);
  known->registrable = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, known_entry_free);
  known->labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, known_entry_free);

  for (gsize i = 0; hosts != NULL && hosts[i] != NULL; i++)
    {
      g_autofree char *ascii = NULL;
      g_autofree char *unicode = NULL;
      const char *reg;

      if (!normalize_host (hosts[i], &ascii, &unicode))
        continue;

      g_hash_table_add (known->ascii, g_strdup (ascii));
      index_skeletons (known->full, unicode, unicode);

      reg = registrable_domain (ascii);
      if (reg != NULL)
        {
          const char *reg_unicode = last_labels (unicode, count_labels (reg));
          g_autofree char *brand = g_strdup (reg_unicode);
          char *dot = strchr (brand, '.');

          index_skeletons (known->registrable, reg_unicode, unicode);
          if (dot != NULL)
            *dot = '\0';
          index_skeletons (known->labels, brand, unicode);
        }
    }

  return known;
}

void
iri_known_hosts_free (IriKnownHosts *known)
{
  if (known == NULL)
    return;
  g_hash_table_unref (known->ascii);
  g_hash_table_unref (known->full);
  g_hash_table_unref (known->registrable);
  g_hash_table_unref (known->labels);
  g_free (known);
}

/* A host that is a known host, or a subdomain of one, is the user's own
 * and is never reported.  @host is its lower-case A-label form. */
static gboolean
is_known_or_subdomain (IriKnownHosts *known,
                       const char    *host)
{
  for (const char *p = host; p != NULL; p = strchr (p, '.'))
    {
      if (*p == '.')
        p++;
      if (g_hash_table_contains (known->ascii, p))
        return TRUE;
    }
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* The check                                                           */
/* ------------------------------------------------------------------ */

/* What a unit's characters are, for the per-character checks. */
typedef struct {
  IriComponent  kind;
  IriSpan       span;      /* of the unit in the reference's text */
  const char   *text;      /* the characters checked */
  gsize         length;
  gboolean      decoded;   /* @text is the decoded form of an A-label or of percent-encoding, so
                            * a character cannot be pointed at: spans are the whole unit */
} UnitText;

/* One host label, kept for the checks of the whole host. */
typedef struct {
  IriSpan    span;
  char      *text;          /* lower-case, decoded */
  gboolean   ascii;
  gboolean   decoded;
  char      *reading;       /* how it reads as ASCII (whole-script check), or NULL */
  GUnicodeScript script;    /* its script, when it has a reading and is not ASCII */
} HostLabel;

/* The kinds of per-character findings; a run of adjacent characters
 * with the same kind is one diagnostic. */
typedef enum {
  KIND_LOOKALIKE,
  KIND_IGNORABLE,
  KIND_ZWNJ,
  KIND_ZWJ,
  KIND_REPEATED_MARK,
  KIND_TOO_MANY_MARKS,
  KIND_MARK_SCRIPT,
  KIND_HIDDEN_MARK,
  KIND_LEADING_MARK,
  KIND_COMPATIBILITY,
  KIND_RESTRICTED,
} FindingKind;

typedef struct {
  FindingKind  kind;
  IriSeverity  severity;
  guint        delimiter;   /* KIND_LOOKALIKE: index in delimiters[] */
} Finding;

/* The delimiters of RFC 3987bis §2.2 and the characters around them
 * whose look-alikes §5.1b warns about: "space", "delims" and "unwise".
 * The order is the order in which a look-alike is matched. */
enum {
  DELIMITER_SLASH,
  DELIMITER_DOT,
  DELIMITER_COLON,
  DELIMITER_QUESTION,
  DELIMITER_HASH,
  DELIMITER_AT,
  DELIMITER_AMPERSAND,
  DELIMITER_EQUALS,
  DELIMITER_PERCENT,
  DELIMITER_BACKSLASH,
  DELIMITER_OPEN_BRACKET,
  DELIMITER_CLOSE_BRACKET,
  DELIMITER_HYPHEN,
  DELIMITER_SPACE,
  N_DELIMITERS,
};

static const struct {
  char        c;
  const char *role;   /* translatable */
} delimiters[N_DELIMITERS] = {
  [DELIMITER_SLASH] = { '/', N_("the path separator") },
  [DELIMITER_DOT] = { '.', N_("the dot that separates host labels and file-name extensions") },
  [DELIMITER_COLON] = { ':', N_("the colon after the scheme and before the port") },
  [DELIMITER_QUESTION] = { '?', N_("the start of the query") },
  [DELIMITER_HASH] = { '#', N_("the start of the fragment") },
  [DELIMITER_AT] = { '@', N_("the end of the user information") },
  [DELIMITER_AMPERSAND] = { '&', N_("the separator of query parameters") },
  [DELIMITER_EQUALS] = { '=', N_("the separator of a query name and its value") },
  [DELIMITER_PERCENT] = { '%', N_("the start of a percent-encoding") },
  [DELIMITER_BACKSLASH] = { '\\', N_("the backslash, which browsers read as a slash") },
  [DELIMITER_OPEN_BRACKET] = { '[', N_("a bracket of an IP literal") },
  [DELIMITER_CLOSE_BRACKET] = { ']', N_("a bracket of an IP literal") },
  [DELIMITER_HYPHEN] = { '-', N_("the hyphen") },
  [DELIMITER_SPACE] = { ' ', N_("a space, which an IRI cannot contain") },
};

static Finding lookalike_findings[N_DELIMITERS][2];

static const Finding finding_ignorable = { KIND_IGNORABLE, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_zwnj = { KIND_ZWNJ, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_zwj = { KIND_ZWJ, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_repeated_mark = { KIND_REPEATED_MARK, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_too_many_marks = { KIND_TOO_MANY_MARKS, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_mark_script = { KIND_MARK_SCRIPT, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_hidden_mark = { KIND_HIDDEN_MARK, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_leading_mark = { KIND_LEADING_MARK, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_compatibility_host = { KIND_COMPATIBILITY, IRI_SEVERITY_WARNING, 0 };
static const Finding finding_compatibility = { KIND_COMPATIBILITY, IRI_SEVERITY_INFO, 0 };
static const Finding finding_restricted = { KIND_RESTRICTED, IRI_SEVERITY_WARNING, 0 };

static const Finding *
get_lookalike_finding (guint       delimiter,
                       IriSeverity severity)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      for (guint d = 0; d < N_DELIMITERS; d++)
        {
          lookalike_findings[d][0] = (Finding) { KIND_LOOKALIKE, IRI_SEVERITY_INFO, d };
          lookalike_findings[d][1] = (Finding) { KIND_LOOKALIKE, IRI_SEVERITY_WARNING, d };
        }
      g_once_init_leave (&initialized, 1);
    }
  return &lookalike_findings[delimiter][severity == IRI_SEVERITY_WARNING];
}

typedef struct {
  IriReference          *reference;
  const char            *text;
  const IriSafetyConfig *config;
  IriDiagnostics        *diagnostics;

  IriRun                 run;           /* pending per-character finding */
  const UnitText        *run_unit;

  gssize                 base;          /* index of the base of the current cluster, or -1 */
  GArray                *chars;         /* gunichar, of the current unit */
  GArray                *offsets;       /* gsize, byte offsets in the unit's text, n + 1 */
  GPtrArray             *labels;        /* HostLabel */
} Check;

static void
host_label_free (gpointer data)
{
  HostLabel *label = data;

  g_free (label->text);
  g_free (label->reading);
  g_free (label);
}

/* @text quoted for a message, written back in Bidi Notation when the
 * IRI was read in it. */
static char *
quote (Check      *check,
       const char *text,
       gssize      length)
{
  g_autofree char *piece = g_strndup (text, length < 0 ? strlen (text) : (gsize) length);
  g_autofree char *shown = iri_notation_from_rtl (piece, -1, check->config->notation);

  return iri_quote (shown);
}

/* "U+0430 CYRILLIC SMALL LETTER A (Cyrillic)" */
static void
append_char_with_script (GString  *out,
                         gunichar  c)
{
  iri_char_append_describe (out, c);
  g_string_append_printf (out, " (%s)", iri_script_get_name (char_display_script (c)));
}

static char *
describe_char (gunichar c)
{
  GString *out = g_string_new (NULL);

  append_char_with_script (out, c);
  return g_string_free (out, FALSE);
}

static void
add (Check         *check,
     const char    *code,
     IriSeverity    severity,
     IriComponent   component,
     const IriSpan *span,
     const char    *spec,
     char          *message,
     char          *hint)
{
  iri_diagnostics_add (check->diagnostics,
                       iri_diagnostic_new_take (code, severity, component, span, spec, message, hint));
}

/* The span of characters [i, j) of @u. */
static void
char_span (Check          *check,
           const UnitText *u,
           gsize           i,
           gsize           j,
           IriSpan        *span)
{
  if (u->decoded)
    {
      *span = u->span;
      return;
    }
  span->byte_start = u->span.byte_start + g_array_index (check->offsets, gsize, i);
  span->byte_end = u->span.byte_start + g_array_index (check->offsets, gsize, j);
  span->start = u->span.start + i;
  span->end = u->span.start + j;
}

#define CHAR_AT(check, i) g_array_index ((check)->chars, gunichar, (i))

static const char *
finding_code (const Finding *finding)
{
  switch (finding->kind)
    {
    case KIND_LOOKALIKE:
      return CODE_LOOKALIKE;
    case KIND_COMPATIBILITY:
      return CODE_COMPATIBILITY;
    case KIND_RESTRICTED:
      return CODE_RESTRICTED;
    case KIND_IGNORABLE:
    case KIND_ZWNJ:
    case KIND_ZWJ:
    case KIND_REPEATED_MARK:
    case KIND_TOO_MANY_MARKS:
    case KIND_MARK_SCRIPT:
    case KIND_HIDDEN_MARK:
    case KIND_LEADING_MARK:
    default:
      return CODE_INVISIBLE;
    }
}

/* Where in the characters a delimiter look-alike is found: the
 * delimiter index, or -1.  The skeleton of "%" is "º/₀" (three
 * characters), which must count as "%" and not as a "/". */
static int
find_delimiter (const char *text)
{
  static const char percent_skeleton[] = "\xC2\xBA/\xE2\x82\x80";
  gboolean only_spaces = *text != '\0';

  for (const char *p = text; *p != '\0'; p++)
    only_spaces = only_spaces && *p == ' ';
  if (only_spaces)
    return DELIMITER_SPACE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (strncmp (p, percent_skeleton, sizeof percent_skeleton - 1) == 0)
        return DELIMITER_PERCENT;
      if ((guchar) *p >= 0x80 || *p == ' ')
        continue;
      for (guint d = 0; d < N_DELIMITERS; d++)
        {
          if (delimiters[d].c == *p)
            return d;
        }
    }
  return -1;
}

/* Supplement: the slash-like kana and ideographs of Chromium's
 * "dangerous pattern".  confusables.txt maps U+30CE KATAKANA LETTER NO
 * and U+4E3F 丿 to "/" and U+4E36 丶 to "\", which the skeleton rule
 * finds; these five have no entry because next to other kana they do
 * not look like a slash, but next to Latin letters, in many fonts,
 * they do. */
static gboolean
is_cjk_slash_like (gunichar c)
{
  return c == 0x30BD || c == 0x30BE || c == 0x30F3 || c == 0x4E40 || c == 0x4E41;
}

/* Whether @c looks like a delimiter, and what it looks like (written to
 * @looks_like).  Derived from the data: the skeleton of @c (UTS #39 §4)
 * or its NFKC form has a delimiter in it.  Supplements: every space
 * separator, line and paragraph separator and U+2800 BRAILLE PATTERN
 * BLANK look like a space (confusables.txt lists only some: U+3000
 * IDEOGRAPHIC SPACE is missing); the IDNA label separators U+3002,
 * U+FF0E, U+FF61 act as a dot in a host (UTS #46 maps them to "."; the
 * prototype of U+3002 is a ring, not a dot); the slash-like kana
 * above.  Digits are never look-alikes of delimiters here: U+0660
 * ARABIC-INDIC DIGIT ZERO has the prototype ".", and flagging every
 * Arabic zero would be absurd; digit confusion has checks of its own. */
static int
lookalike_delimiter_uncached (gunichar  c,
                              char      looks_like[CHAR_SKELETON_MAX])
{
  GUnicodeType type = g_unichar_type (c);
  int d;

  if (type == G_UNICODE_DECIMAL_NUMBER)
    return -1;
  if (type == G_UNICODE_SPACE_SEPARATOR || type == G_UNICODE_LINE_SEPARATOR ||
      type == G_UNICODE_PARAGRAPH_SEPARATOR || c == 0x2800)
    {
      strcpy (looks_like, " ");
      return DELIMITER_SPACE;
    }
  if (c == 0x3002 || c == 0xFF0E || c == 0xFF61)
    {
      strcpy (looks_like, ".");
      return DELIMITER_DOT;
    }

  char_skeleton (c, looks_like);
  d = find_delimiter (looks_like);
  if (d >= 0)
    return d;

  if (iri_ucd_get_identifier_type (c) & IRI_ID_TYPE_NOT_NFKC)
    {
      char one[8];
      g_autofree char *nfkc = NULL;

      one[g_unichar_to_utf8 (c, one)] = '\0';
      nfkc = g_utf8_normalize (one, -1, G_NORMALIZE_NFKC);
      if (nfkc != NULL && (d = find_delimiter (nfkc)) >= 0)
        {
          g_strlcpy (looks_like, nfkc, CHAR_SKELETON_MAX);
          return d;
        }
    }

  if (is_cjk_slash_like (c))
    {
      strcpy (looks_like, "/");
      return DELIMITER_SLASH;
    }
  return -1;
}

/* Whether @c, between @before and @after (0 at the edge of the unit), is
 * used as part of the text around it: a neighbour shares a script with it (a Hindi
 * visarga between Devanagari letters, an Armenian full stop after an
 * Armenian word), or it is a CJK or full-width punctuation mark next to
 * CJK text.  §7.5: "native writers of a given script … will know best
 * when ambiguities can appear". */
static gboolean
in_native_context_of (gunichar c,
                      gunichar before,
                      gunichar after)
{
  gunichar neighbours[2] = { before, after };
  ScriptSet mine;
  gboolean specific = char_script_set (c, &mine);
  gboolean cjk_punctuation = !specific &&
                             ((c >= 0x3000 && c <= 0x303F) || (c >= 0xFE30 && c <= 0xFE4F) ||
                              (c >= 0xFF00 && c <= 0xFFEF));

  if (!specific && !cjk_punctuation)
    return FALSE;

  for (guint side = 0; side < G_N_ELEMENTS (neighbours); side++)
    {
      ScriptSet theirs;

      if (neighbours[side] == 0)
        continue;
      if (!char_script_set (neighbours[side], &theirs))
        continue;
      if (specific ? script_set_intersects (&mine, &theirs) : is_cjk_set (&theirs))
        return TRUE;
    }
  return FALSE;
}

static gboolean
in_native_context (Check *check,
                   gsize  i)
{
  return in_native_context_of (CHAR_AT (check, i),
                               i > 0 ? CHAR_AT (check, i - 1) : 0,
                               i + 1 < check->chars->len ? CHAR_AT (check, i + 1) : 0);
}

static gboolean
is_mark_type (GUnicodeType type)
{
  return type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_SPACING_MARK ||
         type == G_UNICODE_ENCLOSING_MARK;
}

/* RFC 5892 Appendix A.1 and A.2 (CONTEXTJ): a ZERO WIDTH NON-JOINER
 * after a virama, or between a left-joining and a right-joining letter
 * (with transparent characters around it), as Persian writes
 * "می‌خواهم"; a ZERO WIDTH JOINER after a virama.  Joining types come
 * from FriBidi.  Outside the host, a ZERO WIDTH JOINER inside an emoji
 * sequence (👩‍💻) is also where it belongs. */
/* How many transparent characters (marks) the joining context of a
 * ZWNJ may skip; no script puts more on one letter, and a bound keeps a
 * line of marks linear. */
#define MAX_TRANSPARENT 16

static gboolean
joiner_in_context (Check    *check,
                   gsize     i,
                   gboolean  in_host)
{
  gunichar c = CHAR_AT (check, i);
  gsize n = check->chars->len;

  if (i > 0 && g_unichar_combining_class (CHAR_AT (check, i - 1)) == 9)
    return TRUE;

  if (c == ZWNJ)
    {
      gboolean left = FALSE, right = FALSE;

      for (gsize k = i; k > 0 && i - k < MAX_TRANSPARENT; k--)
        {
          FriBidiJoiningType t = fribidi_get_joining_type (CHAR_AT (check, k - 1));

          if (t == FRIBIDI_JOINING_TYPE_T)
            continue;
          left = t == FRIBIDI_JOINING_TYPE_L || t == FRIBIDI_JOINING_TYPE_D;
          break;
        }
      for (gsize k = i + 1; k < n && k - i <= MAX_TRANSPARENT; k++)
        {
          FriBidiJoiningType t = fribidi_get_joining_type (CHAR_AT (check, k));

          if (t == FRIBIDI_JOINING_TYPE_T)
            continue;
          right = t == FRIBIDI_JOINING_TYPE_R || t == FRIBIDI_JOINING_TYPE_D;
          break;
        }
      return left && right;
    }

  if (!in_host && i > 0 && i + 1 < n)
    {
      gunichar before = CHAR_AT (check, i - 1);
      GUnicodeType next = g_unichar_type (CHAR_AT (check, i + 1));
      GUnicodeType prev = g_unichar_type (before);

      return (prev == G_UNICODE_OTHER_SYMBOL || prev == G_UNICODE_MODIFIER_SYMBOL ||
              before == 0xFE0F) &&
             next == G_UNICODE_OTHER_SYMBOL;
    }
  return FALSE;
}

/* Default-ignorable characters that are where they belong outside the
 * host: variation selectors after a symbol or an ideograph (emoji and
 * standardized variation sequences, keycaps), Mongolian free variation
 * selectors after Mongolian letters.  IDNA allows none of them in a
 * host. */
static gboolean
selector_in_context (Check *check,
                     gsize  i)
{
  gunichar c = CHAR_AT (check, i);
  gunichar before;
  GUnicodeType type;

  if (i == 0)
    return FALSE;
  before = CHAR_AT (check, i - 1);
  type = g_unichar_type (before);

  if (c >= 0xFE00 && c <= 0xFE0F)
    return type == G_UNICODE_OTHER_SYMBOL || type == G_UNICODE_MATH_SYMBOL ||
           type == G_UNICODE_MODIFIER_SYMBOL ||
           g_unichar_get_script (before) == G_UNICODE_SCRIPT_HAN ||
           (i + 1 < check->chars->len && CHAR_AT (check, i + 1) == 0x20E3);
  if ((c >= 0x180B && c <= 0x180D) || c == 0x180F)
    return g_unichar_get_script (before) == G_UNICODE_SCRIPT_MONGOLIAN;
  return FALSE;
}

/* UTS #39 §5.4 looks at the nonspacing marks that follow one base
 * character, in NFD.  Returns the finding for the mark at @i, or NULL. */
#define MAX_CLUSTER_MARKS 4

/* A cluster longer than this is cut: it is reported long before. */
#define MAX_MARKS_LOOKED_AT 32

/* The nonspacing and enclosing marks of characters [base, end) in NFD,
 * sorted by combining class (stably, as canonical ordering does).
 * Returns how many there are (at most @size). */
static gsize
cluster_marks (Check    *check,
               gsize     base,
               gsize     end,
               gunichar *marks,
               gsize     size)
{
  gsize n_marks = 0;

  for (gsize k = base; k < end; k++)
    {
      gunichar decomposition[G_UNICHAR_MAX_DECOMPOSITION_LENGTH];
      gsize n = g_unichar_fully_decompose (CHAR_AT (check, k), FALSE, decomposition,
                                           G_N_ELEMENTS (decomposition));

      for (gsize m = 0; m < n && n_marks < size; m++)
        {
          GUnicodeType t = g_unichar_type (decomposition[m]);

          if (t == G_UNICODE_NON_SPACING_MARK || t == G_UNICODE_ENCLOSING_MARK)
            marks[n_marks++] = decomposition[m];
        }
    }

  for (gsize a = 1; a < n_marks; a++)
    {
      for (gsize b = a; b > 0 && g_unichar_combining_class (marks[b - 1]) >
                                 g_unichar_combining_class (marks[b]); b--)
        {
          gunichar t = marks[b];

          marks[b] = marks[b - 1];
          marks[b - 1] = t;
        }
    }
  return n_marks;
}

/* Canonical ordering keeps equal marks next to each other. */
static gboolean
has_repeated_mark (const gunichar *marks,
                   gsize           n)
{
  for (gsize a = 1; a < n; a++)
    {
      if (marks[a] == marks[a - 1])
        return TRUE;
    }
  return FALSE;
}

static const Finding *
check_mark (Check *check,
            gsize  i)
{
  gunichar c = CHAR_AT (check, i);
  GUnicodeType type = g_unichar_type (c);
  gsize base;
  gunichar base_char;
  gunichar marks[MAX_MARKS_LOOKED_AT], marks_before[MAX_MARKS_LOOKED_AT];
  gsize n_marks, n_before;
  ScriptSet mark_set, base_set;
  gboolean mark_specific, base_specific;

  /* The base: the closest character before that is neither a mark nor
   * default-ignorable (a ZWJ between a virama and the next letter),
   * kept by check_unit_text() as it goes. */
  if (check->base < 0)
    return &finding_leading_mark;
  base = check->base;

  /* A cluster this long was reported when it passed MAX_CLUSTER_MARKS;
   * looking at it again for every further mark would make a line of a
   * million marks quadratic. */
  if (i - base > MAX_MARKS_LOOKED_AT)
    return NULL;

  base_char = CHAR_AT (check, base);

  /* The script of the mark must be one of its base's (Firefox's rule,
   * from UTS #39 §5.1 applied to a base and its marks).  Inherited marks
   * without Script_Extensions, the diacritics of U+0300–U+036F, belong
   * to Latin, Greek and Cyrillic. */
  mark_specific = char_script_set (c, &mark_set);
  base_specific = char_script_set (base_char, &base_set);
  if (base_specific)
    {
      if (mark_specific && !script_set_intersects (&mark_set, &base_set))
        return &finding_mark_script;
      if (!mark_specific && c >= 0x300 && c <= 0x36F &&
          !script_set_has (&base_set, G_UNICODE_SCRIPT_LATIN) &&
          !script_set_has (&base_set, G_UNICODE_SCRIPT_GREEK) &&
          !script_set_has (&base_set, G_UNICODE_SCRIPT_CYRILLIC))
        return &finding_mark_script;
    }

  /* §5.4: "base character + nonspacing mark that look the same as the
   * base character alone": a dot above a letter that already has one
   * (or a dotless i, which then looks like i). */
  if (c == 0x0307 &&
      (base_char == 'i' || base_char == 'j' || base_char == 'l' || base_char == 0x0131 ||
       base_char == 0x0237 || base_char == 0x0456 || base_char == 0x0458 || base_char == 0x04CF))
    return &finding_hidden_mark;

  if (type == G_UNICODE_SPACING_MARK)
    return NULL;

  /* The nonspacing marks of the cluster in NFD, with and without this
   * one: a finding is reported on the mark that makes it. */
  n_before = cluster_marks (check, base, i, marks_before, G_N_ELEMENTS (marks_before));
  n_marks = cluster_marks (check, base, i + 1, marks, G_N_ELEMENTS (marks));

  if (n_marks > MAX_CLUSTER_MARKS && n_before <= MAX_CLUSTER_MARKS)
    return &finding_too_many_marks;
  if (has_repeated_mark (marks, n_marks) && !has_repeated_mark (marks_before, n_before))
    return &finding_repeated_mark;
  return NULL;
}

/* Whether NFC keeps @c as it is when it is not followed by a mark: it
 * has no canonical decomposition, or it is a primary composite. */
static gboolean
is_nfc_stable_uncached (gunichar c)
{
  gunichar a, b, composed;

  if (c >= 0xAC00 && c <= 0xD7A3)
    return TRUE;
  if (!g_unichar_decompose (c, &a, &b))
    return TRUE;
  return b != 0 && g_unichar_compose (a, b, &composed) && composed == c;
}

G_STATIC_ASSERT (N_DELIMITERS < FACT_DELIMITER);

static guint8 char_facts[0x10000];

static guint8
get_char_facts (gunichar c)
{
  guint8 facts = __atomic_load_n (&char_facts[c], __ATOMIC_RELAXED);

  if (facts == 0)
    {
      char looks_like[CHAR_SKELETON_MAX];
      int d = lookalike_delimiter_uncached (c, looks_like);

      gunichar a, b;

      facts = FACT_KNOWN | (is_nfc_stable_uncached (c) ? FACT_NFC_STABLE : 0) | (guint8) (d + 1);
      if (g_unichar_combining_class (c) == 0 && !g_unichar_decompose (c, &a, &b))
        facts |= FACT_NFD_STABLE;
      __atomic_store_n (&char_facts[c], facts, __ATOMIC_RELAXED);
    }
  return facts;
}

static gboolean
is_nfc_stable (gunichar c)
{
  if (c > 0xFFFF)
    return is_nfc_stable_uncached (c);
  return (get_char_facts (c) & FACT_NFC_STABLE) != 0;
}

/* lookalike_delimiter_uncached(), answered from the facts for the
 * characters that look like no delimiter (all but a few hundred). */
static int
lookalike_delimiter (gunichar  c,
                     char      looks_like[CHAR_SKELETON_MAX])
{
  if (c <= 0xFFFF && (get_char_facts (c) & FACT_DELIMITER) == 0)
    {
      looks_like[0] = '\0';
      return -1;
    }
  return lookalike_delimiter_uncached (c, looks_like);
}

/* Supplement: letters that have a compatibility decomposition for
 * historical encoding reasons but are the ordinary spelling of their
 * writing system — U+0E33 THAI CHARACTER SARA AM (in "น้ำ", "ทำ"), U+0EB3
 * LAO VOWEL SIGN AM, U+0EDC and U+0EDD LAO HO NO and HO MO, U+0587
 * ARMENIAN SMALL LIGATURE ECH YIWN (in "Երևան").  They are not the
 * "variants for compatibility reasons, for example for typographic
 * purposes" of §7.5, and nobody types their NFKC forms; a note on every
 * Thai word would drown the real ones.  In a host they are still
 * reported, because IDNA2008 disallows them and UTS #46 maps them. */
static gboolean
is_usual_compatibility_letter (gunichar c)
{
  return c == 0x0E33 || c == 0x0EB3 || c == 0x0EDC || c == 0x0EDD || c == 0x0587;
}

/* The finding for the non-ASCII character at @i of @u, if any.  One
 * finding per character, the most specific first: a full-width solidus
 * is a look-alike of "/" before it is a compatibility character. */
static const Finding *
classify_char (Check          *check,
               const UnitText *u,
               gsize           i,
               char            looks_like[CHAR_SKELETON_MAX])
{
  gunichar c = CHAR_AT (check, i);
  gboolean in_host = u->kind == IRI_COMPONENT_HOST_LABEL;
  GUnicodeType type = g_unichar_type (c);
  guint bits;
  int d;

  /* What the parser reports already: bidi formatting characters
   * (§4.1), characters outside ucschar (private use outside the query,
   * noncharacters, specials), unassigned code points. */
  if (iri_char_is_bidi_formatting (c) || type == G_UNICODE_UNASSIGNED ||
      type == G_UNICODE_PRIVATE_USE || type == G_UNICODE_SURROGATE || type == G_UNICODE_CONTROL ||
      !iri_char_is_allowed_non_ascii (c, TRUE))
    return NULL;
  if (iri_char_kind (c) == IRI_CHAR_IPRIVATE && u->kind != IRI_COMPONENT_QUERY_NAME &&
      u->kind != IRI_COMPONENT_QUERY_VALUE)
    return NULL;

  d = lookalike_delimiter (c, looks_like);
  if (d >= 0)
    {
      gboolean letter = is_mark_type (type) || type == G_UNICODE_LOWERCASE_LETTER ||
                        type == G_UNICODE_UPPERCASE_LETTER || type == G_UNICODE_TITLECASE_LETTER ||
                        type == G_UNICODE_MODIFIER_LETTER || type == G_UNICODE_OTHER_LETTER;
      gboolean native = in_native_context (check, i);
      ScriptSet own;

      /* A letter or mark between letters of its own script is part of
       * a word (ノ in ノート, a visarga in दुःख).  Not in Latin text: IRIs
       * are written with Latin letters and ASCII delimiters side by
       * side, so a Latin letter that looks like "?" (U+0294 LATIN LETTER
       * GLOTTAL STOP) reads as one there. */
      if (letter && native && !(char_script_set (c, &own) &&
                                script_set_has (&own, G_UNICODE_SCRIPT_LATIN)))
        return NULL;
      if (in_host)
        return get_lookalike_finding (d, IRI_SEVERITY_WARNING);
      /* Outside the host a hyphen has no role in the syntax: a dash
       * changes a name, not the structure (and titles are full of
       * en dashes); and punctuation of the text around it is noted
       * only. */
      if (d == DELIMITER_HYPHEN || (!letter && native && d != DELIMITER_SPACE))
        return get_lookalike_finding (d, IRI_SEVERITY_INFO);
      return get_lookalike_finding (d, IRI_SEVERITY_WARNING);
    }

  if (c == ZWNJ || c == ZWJ)
    {
      if (joiner_in_context (check, i, in_host))
        return NULL;
      return c == ZWNJ ? &finding_zwnj : &finding_zwj;
    }
  if (iri_ucd_is_default_ignorable (c))
    {
      if (!in_host && selector_in_context (check, i))
        return NULL;
      return &finding_ignorable;
    }
  if (is_mark_type (type))
    {
      const Finding *mark = check_mark (check, i);

      if (mark != NULL)
        return mark;
    }

  bits = iri_ucd_get_identifier_type (c);
  if ((bits & IRI_ID_TYPE_NOT_NFKC) && is_nfc_stable (c))
    {
      if (in_host)
        return &finding_compatibility_host;
      if (!is_usual_compatibility_letter (c))
        return &finding_compatibility;
    }

  if (in_host && !iri_ucd_is_identifier_allowed (c))
    return &finding_restricted;

  return NULL;
}

/* The look-alike rule of classify_char() for a character that
 * URI → IRI conversion would decode (RFC 3987bis §3.7 step 4, §5.1b), so
 * that what the analysis calls a look-alike of a delimiter is never shown
 * decoded.  Kept encoded: every look-alike in a host label; elsewhere
 * every one but a dash (a hyphen has no role in the syntax outside the
 * host) — punctuation of the surrounding script too, which the analysis
 * only notes, because a reader who does not know the script may still
 * take it for the delimiter.  A letter or mark among letters of its own
 * non-Latin script is part of a word (ノ in ノート) and is decoded. */
gboolean
iri_safety_display_lookalike (gunichar     c,
                              gunichar     before,
                              gunichar     after,
                              gboolean     in_host,
                              char       **out_looks_like,
                              const char **out_role)
{
  char looks_like[CHAR_SKELETON_MAX];
  GUnicodeType type;
  ScriptSet own;
  int d;

  if (c < 0x80)
    return FALSE;
  d = lookalike_delimiter (c, looks_like);
  if (d < 0)
    return FALSE;
  if (!in_host && d == DELIMITER_HYPHEN)
    return FALSE;

  type = g_unichar_type (c);
  if ((is_mark_type (type) || type == G_UNICODE_LOWERCASE_LETTER ||
       type == G_UNICODE_UPPERCASE_LETTER || type == G_UNICODE_TITLECASE_LETTER ||
       type == G_UNICODE_MODIFIER_LETTER || type == G_UNICODE_OTHER_LETTER) &&
      in_native_context_of (c, before, after) &&
      !(char_script_set (c, &own) && script_set_has (&own, G_UNICODE_SCRIPT_LATIN)))
    return FALSE;

  if (out_looks_like != NULL)
    *out_looks_like = iri_quote (looks_like);
  if (out_role != NULL)
    *out_role = _(delimiters[d].role);
  return TRUE;
}

/* Why a character is restricted, from its Identifier_Type. */
static const char *
restricted_reason (gunichar c)
{
  guint bits = iri_ucd_get_identifier_type (c);

  if (bits & IRI_ID_TYPE_EXCLUSION)
    return _("its script is not in modern use");
  if (bits & IRI_ID_TYPE_OBSOLETE)
    return _("it is obsolete");
  if (bits & IRI_ID_TYPE_LIMITED_USE)
    return _("its script is in limited use");
  if (bits & IRI_ID_TYPE_UNCOMMON_USE)
    return _("it is rarely used");
  if (bits & IRI_ID_TYPE_TECHNICAL)
    return _("it is a technical character");
  if (bits & IRI_ID_TYPE_DEPRECATED)
    return _("it is deprecated");
  if (bits & IRI_ID_TYPE_NOT_XID)
    return _("it is not a letter, mark or digit");
  if (bits & IRI_ID_TYPE_DEFAULT_IGNORABLE)
    return _("it is invisible");
  return _("it is not recommended for identifiers");
}

/* "U+2215 DIVISION SLASH (Common)" or "… and 2 more characters". */
static char *
describe_run (const IriRun *run)
{
  GString *out = g_string_new (NULL);

  append_char_with_script (out, run->first);
  if (run->count > 1 && run->all_same)
    /* Translators: appended to the name of a character that occurs
     * several times in a row; %u is the count */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, " (%u time)", " (%u times)", run->count),
                            run->count);
  else if (run->count > 1)
    /* Translators: appended to the name of a character; %u counts the
     * characters after it with the same finding */
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, " and %u more character",
                                              " and %u more characters", run->count - 1),
                            run->count - 1);
  return g_string_free (out, FALSE);
}

/* The text of the pending run (for a decoded unit, its first
 * character, since the run has the span of the whole unit). */
static char *
run_text (Check *check)
{
  const IriRun *run = &check->run;
  char one[8];

  if (check->run_unit != NULL && !check->run_unit->decoded)
    return g_strndup (check->text + run->span.byte_start, run->span.byte_end - run->span.byte_start);
  one[g_unichar_to_utf8 (run->first, one)] = '\0';
  return g_strdup (one);
}

static void
flush_run (Check *check)
{
  IriRun *run = &check->run;
  const Finding *finding = run->tag;
  g_autofree char *who = NULL;
  char *message = NULL;
  char *hint = NULL;
  const char *spec = SPEC_INVISIBLE;

  if (run->code == NULL)
    return;

  who = describe_run (run);
  switch (finding->kind)
    {
    case KIND_LOOKALIKE:
      {
        char looks_like[CHAR_SKELETON_MAX];
        g_autofree char *shown = NULL;
        const char *role = _(delimiters[finding->delimiter].role);

        if (lookalike_delimiter (run->first, looks_like) < 0)
          strcpy (looks_like, "?");
        shown = iri_quote (looks_like);
        spec = SPEC_LOOKALIKE;
        if (finding->severity == IRI_SEVERITY_WARNING)
          {
            /* Translators: the first %s names characters, the second is
             * what they look like (quoted), the third a delimiter's role
             * such as "the path separator" */
            message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s looks like %s, %s, but is a different character, so the IRI can be read with another structure.",
                                           "%s look like %s, %s, but are different characters, so the IRI can be read with another structure.", run->count),
                                       who, shown, role);
            hint = finding->delimiter == DELIMITER_SPACE
              ? g_strdup (_("Remove it or percent-encode it; an IRI cannot contain spaces (RFC 3987bis §5.1b)."))
              : g_strdup (_("Use the ASCII delimiter if that is what is meant; otherwise percent-encode the character so it cannot be mistaken for one."));
          }
        else if (finding->delimiter == DELIMITER_HYPHEN)
          {
            /* Translators: the first %s names characters, the second is
             * what they look like (quoted) */
            message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s looks like %s, a hyphen; outside the host a hyphen plays no part in the structure of an IRI, so this can only make one name look like another.",
                                                    "%s look like %s, a hyphen; outside the host a hyphen plays no part in the structure of an IRI, so this can only make one name look like another.", run->count),
                                       who, shown);
            hint = g_strdup (_("This is allowed; use the ASCII hyphen-minus if names are typed by hand."));
          }
        else
          {
            /* Translators: the first %s names characters, the second is
             * what they look like (quoted), the third a delimiter's role */
            message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s looks like %s, %s; here it is ordinary punctuation of the text around it, but a reader may still take it for the delimiter.",
                                           "%s look like %s, %s; here they are ordinary punctuation of the text around them, but a reader may still take them for the delimiter.", run->count),
                                       who, shown, role);
            hint = g_strdup (_("This is allowed; percent-encode it if the IRI will be read by people who do not know the script."));
          }
        break;
      }

    case KIND_IGNORABLE:
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is a default-ignorable character: it is not displayed, so two IRIs that look the same can differ by it.",
                                           "%s are default-ignorable characters: they are not displayed, so two IRIs that look the same can differ by them.", run->count),
                                 who);
      hint = g_strdup (_("Remove it, or percent-encode it if it really is part of the name."));
      break;

    case KIND_ZWNJ:
      spec = SPEC_JOINER;
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is invisible here: a zero width non-joiner only has an effect after a virama or between letters that join (IDNA CONTEXTJ), and this is neither.",
                                           "%s are invisible here: a zero width non-joiner only has an effect after a virama or between letters that join (IDNA CONTEXTJ), and this is neither.", run->count),
                                 who);
      hint = g_strdup (_("Remove it; it changes nothing that can be seen."));
      break;

    case KIND_ZWJ:
      spec = SPEC_JOINER;
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is invisible here: a zero width joiner only has an effect after a virama (IDNA CONTEXTJ) or inside an emoji sequence, and this is neither.",
                                           "%s are invisible here: a zero width joiner only has an effect after a virama (IDNA CONTEXTJ) or inside an emoji sequence, and this is neither.", run->count),
                                 who);
      hint = g_strdup (_("Remove it; it changes nothing that can be seen."));
      break;

    case KIND_REPEATED_MARK:
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s repeats a nonspacing mark on the same letter; the repeat is drawn over the first one and cannot be seen.",
                                           "%s repeat nonspacing marks on the same letter; a repeat is drawn over the first one and cannot be seen.", run->count),
                                 who);
      hint = g_strdup (_("Remove the repeated mark."));
      break;

    case KIND_TOO_MANY_MARKS:
      /* Translators: %s names characters, %d is a number */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s makes more than %d nonspacing marks on one letter; they pile up and cannot all be told apart.",
                                           "%s make more than %d nonspacing marks on one letter; they pile up and cannot all be told apart.", run->count),
                                 who, MAX_CLUSTER_MARKS);
      hint = g_strdup (_("Use fewer marks on one letter."));
      break;

    case KIND_MARK_SCRIPT:
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is a combining mark of another script than the letter it is placed on, a combination no writing system uses and that can hide in the letter's shape.",
                                           "%s are combining marks of another script than the letter they are placed on, a combination no writing system uses and that can hide in the letter's shape.", run->count),
                                 who);
      hint = g_strdup (_("Use a mark of the letter's own script, or remove it."));
      break;

    case KIND_HIDDEN_MARK:
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s puts a dot above a letter that already shows one (or that then looks like “i”), so the mark cannot be seen.",
                                           "%s put a dot above a letter that already shows one (or that then looks like “i”), so the mark cannot be seen.", run->count),
                                 who);
      hint = g_strdup (_("Remove the mark."));
      break;

    case KIND_LEADING_MARK:
      /* Translators: %s names characters */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is a combining mark at the start of a component, so it is drawn on the delimiter before it.",
                                           "%s are combining marks at the start of a component, so they are drawn on the delimiter before them.", run->count),
                                 who);
      hint = g_strdup (_("Remove it, or percent-encode it."));
      break;

    case KIND_COMPATIBILITY:
      {
        g_autofree char *text = run_text (check);
        g_autofree char *nfkc = g_utf8_normalize (text, -1, G_NORMALIZE_NFKC);
        g_autofree char *quoted = quote (check, text, -1);
        g_autofree char *shown = iri_quote (nfkc != NULL ? nfkc : text);

        spec = SPEC_COMPATIBILITY;
        if (finding->severity == IRI_SEVERITY_WARNING)
          /* Translators: the first %s is quoted text, the second names
           * its characters, the third is its NFKC form (quoted) */
          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%s) is a compatibility character (NFKC makes it %s): IDNA maps it, so the host that is looked up is not the one displayed.",
                                           "%s (%s) is made of compatibility characters (NFKC makes it %s): IDNA maps them, so the host that is looked up is not the one displayed.", run->count),
                                     quoted, who, shown);
        else
          /* Translators: the first %s is quoted text, the second names
           * its characters, the third is its NFKC form (quoted) */
          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%s) is a compatibility character (NFKC makes it %s), which RFC 3987bis §7.5 says to avoid in names.",
                                           "%s (%s) is made of compatibility characters (NFKC makes it %s), which RFC 3987bis §7.5 says to avoid in names.", run->count),
                                     quoted, who, shown);
        /* Translators: %s is the NFKC form of some text, quoted */
        hint = g_strdup_printf (_("Write %s instead, unless the characters themselves are meant (in a search query, for instance)."),
                                shown);
        break;
      }

    case KIND_RESTRICTED:
    default:
      spec = SPEC_RESTRICTED;
      /* Translators: the first %s names characters, the second says why
       * (such as "it is obsolete") */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s is restricted in identifiers by UTS #39 (Identifier_Status=Restricted: %s); browsers show host names with such characters as punycode.",
                                           "%s are restricted in identifiers by UTS #39 (Identifier_Status=Restricted; the first because %s); browsers show host names with such characters as punycode.", run->count),
                                 who, restricted_reason (run->first));
      hint = g_strdup (_("Use characters recommended for identifiers in host names."));
      break;
    }

  add (check, run->code, finding->severity, run->component, &run->span, spec, message, hint);
  run->code = NULL;
}

static void
report_char (Check          *check,
             const UnitText *u,
             gsize           i,
             const Finding  *finding)
{
  const char *code = finding_code (finding);
  gunichar c = CHAR_AT (check, i);
  IriSpan span;

  char_span (check, u, i, i + 1, &span);

  /* In a decoded label every character has the label's span: merge
   * them by what they are, not by position. */
  if (u->decoded && check->run.code == code && check->run.tag == finding &&
      check->run.span.start == span.start && check->run.span.end == span.end)
    {
      check->run.count++;
      check->run.all_same = check->run.all_same && c == check->run.first;
      return;
    }
  if (iri_run_extend (&check->run, code, u->kind, finding, c, FALSE,
                      span.byte_start, span.byte_end, span.end))
    return;

  flush_run (check);
  iri_run_start (&check->run, code, u->kind, finding, c,
                 span.byte_start, span.byte_end, span.start, span.end);
  check->run_unit = u;
}

/* Decodes @u into check->chars and check->offsets. */
static void
load_unit (Check          *check,
           const UnitText *u)
{
  const char *p = u->text;
  const char *end = u->text + u->length;
  gunichar *chars;
  gsize *offsets;
  gsize n = 0;

  /* At most one character per byte: size once, fill, then trim. */
  g_array_set_size (check->chars, u->length);
  g_array_set_size (check->offsets, u->length + 1);
  chars = (gunichar *) (gpointer) check->chars->data;
  offsets = (gsize *) (gpointer) check->offsets->data;
  while (p < end)
    {
      offsets[n] = p - u->text;
      chars[n++] = iri_utf8_next (&p);
    }
  offsets[n] = u->length;
  g_array_set_size (check->chars, n);
  g_array_set_size (check->offsets, n + 1);
}

/* ------------------------------------------------------------------ */
/* Words: what the script checks look at                               */
/* ------------------------------------------------------------------ */

/* A word is a run of letters, marks and digits (and the invisible
 * format characters inside words, such as the Persian ZWNJ).  Host
 * labels are checked whole, as UTS #39 and IDNA registries do; the
 * other units are checked word by word, because a query value or a
 * title is a phrase, and a Russian phrase that names "iPhone"
 * ("купить%20iPhone") is one language's ordinary usage (§7.5: "used
 * together in a given language"), while the spoofing risk is inside a
 * word ("Hallо" with a Cyrillic о).  A percent-encoded octet separates
 * words, so "%D0%9Fривет" is not Latin mixed with Cyrillic. */
static gboolean
is_word_char (gunichar c)
{
  if (c < 0x80)
    return g_ascii_isalnum (c);

  switch (g_unichar_type (c))
    {
    case G_UNICODE_LOWERCASE_LETTER:
    case G_UNICODE_MODIFIER_LETTER:
    case G_UNICODE_OTHER_LETTER:
    case G_UNICODE_TITLECASE_LETTER:
    case G_UNICODE_UPPERCASE_LETTER:
    case G_UNICODE_SPACING_MARK:
    case G_UNICODE_ENCLOSING_MARK:
    case G_UNICODE_NON_SPACING_MARK:
    case G_UNICODE_DECIMAL_NUMBER:
    case G_UNICODE_LETTER_NUMBER:
    case G_UNICODE_OTHER_NUMBER:
      return TRUE;
    case G_UNICODE_FORMAT:
      return iri_ucd_is_default_ignorable (c) && !iri_char_is_bidi_formatting (c);
    default:
      return FALSE;
    }
}

/* The next word of the current unit at or after *pos: [*start, *end). */
static gboolean
next_word (Check          *check,
           const UnitText *u,
           gsize          *pos,
           gsize          *start,
           gsize          *end)
{
  gsize n = check->chars->len;
  gsize i = *pos;

  if (u->kind == IRI_COMPONENT_HOST_LABEL)
    {
      if (i > 0)
        return FALSE;
      *start = 0;
      *end = n;
      *pos = n;
      return n > 0;
    }

  while (i < n)
    {
      gunichar c = CHAR_AT (check, i);

      if (c == '%' && !u->decoded && i + 2 < n && g_ascii_isxdigit (CHAR_AT (check, i + 1)) &&
          g_ascii_isxdigit (CHAR_AT (check, i + 2)))
        {
          i += 3;
          continue;
        }
      if (is_word_char (c))
        break;
      i++;
    }
  if (i >= n)
    {
      *pos = n;
      return FALSE;
    }

  *start = i;
  while (i < n && is_word_char (CHAR_AT (check, i)))
    {
      if (CHAR_AT (check, i) == '%')
        break;
      i++;
    }
  *end = i;
  *pos = i;
  return TRUE;
}

/* The scripts of a word for a message, in order of appearance:
 * "Latin and Cyrillic". */
static char *
describe_scripts (Check *check,
                  gsize  start,
                  gsize  end,
                  gunichar *out_odd)
{
  GUnicodeScript seen[4];
  guint counts[4] = { 0, };
  gunichar firsts[4] = { 0, };
  guint n_seen = 0;
  GString *out = g_string_new (NULL);
  guint odd = 0;

  for (gsize i = start; i < end; i++)
    {
      gunichar c = CHAR_AT (check, i);
      GUnicodeScript script;
      guint k;

      if (c < 0x80 && !g_ascii_isalpha (c))
        continue;
      script = char_display_script (c);
      if (script == G_UNICODE_SCRIPT_COMMON || script == G_UNICODE_SCRIPT_INHERITED ||
          script == G_UNICODE_SCRIPT_UNKNOWN)
        continue;
      for (k = 0; k < n_seen && seen[k] != script; k++)
        ;
      if (k == n_seen)
        {
          if (n_seen == G_N_ELEMENTS (seen))
            continue;
          seen[n_seen] = script;
          firsts[n_seen] = c;
          n_seen++;
        }
      counts[k]++;
    }

  /* The odd one out: the script with the fewest letters (the last of
   * equals), whose first letter the message names. */
  for (guint k = 1; k < n_seen; k++)
    {
      if (counts[k] <= counts[odd])
        odd = k;
    }
  *out_odd = n_seen > 0 ? firsts[odd] : 0;

  for (guint k = 0; k < n_seen; k++)
    {
      if (k > 0)
        /* Translators: separates script names in a list, the last one
         * with " and " */
        g_string_append (out, k + 1 == n_seen ? _(" and ") : _(", "));
      g_string_append (out, iri_script_get_name (seen[k]));
    }
  return g_string_free (out, FALSE);
}

/* UTS #39 §5.2 on one word or label, against the configured level. */
static void
check_mixed_script (Check          *check,
                    const UnitText *u,
                    gsize           start,
                    gsize           end)
{
  gboolean in_host = u->kind == IRI_COMPONENT_HOST_LABEL;
  IriRestrictionLevel allowed = in_host ? check->config->host_level : check->config->unit_level;
  IriRestrictionLevel level;
  IriSpan span;
  gunichar odd = 0;
  g_autofree char *scripts = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *who = NULL;
  g_autofree char *word = NULL;
  char looks_like[CHAR_SKELETON_MAX];
  char *message;

  if (allowed == IRI_RESTRICTION_UNRESTRICTED)
    return;
  level = compute_level ((const gunichar *) check->chars->data + start, end - start, FALSE);
  if (level <= allowed)
    return;

  char_span (check, u, start, end, &span);
  word = g_ucs4_to_utf8 ((const gunichar *) check->chars->data + start, end - start, NULL, NULL, NULL);
  quoted = quote (check, word, -1);
  scripts = describe_scripts (check, start, end, &odd);

  if (level == IRI_RESTRICTION_SINGLE_SCRIPT || odd == 0)
    /* Translators: the first %s is a unit name ("The host label"), the
     * second the quoted text, the others restriction levels such as
     * "highly restrictive" */
    message = g_strdup_printf (_("%s %s uses characters outside ASCII (restriction level: %s; the level allowed here is %s)."),
                               iri_unit_name (u->kind), quoted, level_phrase (level), level_phrase (allowed));
  else
    {
      who = describe_char (odd);
      char_skeleton (odd, looks_like);
      if (strcmp (looks_like, "") != 0 && g_utf8_get_char (looks_like) != odd)
        {
          g_autofree char *shown = iri_quote (looks_like);

          /* Translators: the first %s is a unit name ("The host label"),
           * the second the quoted text, the third a list of scripts
           * ("Latin and Cyrillic"), the fourth names a character, the
           * fifth what it looks like (quoted), the others are
           * restriction levels ("minimally restrictive") */
          message = g_strdup_printf (_("%s %s mixes %s letters: %s looks like %s. Its restriction level is %s, beyond the %s level allowed here."),
                                     iri_unit_name (u->kind), quoted, scripts, who, shown,
                                     level_phrase (level), level_phrase (allowed));
        }
      else
        /* Translators: the first %s is a unit name, the second the quoted
         * text, the third a list of scripts, the fourth names a
         * character, the others are restriction levels */
        message = g_strdup_printf (_("%s %s mixes %s letters (such as %s). Its restriction level is %s, beyond the %s level allowed here."),
                                   iri_unit_name (u->kind), quoted, scripts, who,
                                   level_phrase (level), level_phrase (allowed));
    }

  add (check, CODE_MIXED_SCRIPT, IRI_SEVERITY_WARNING, u->kind, &span, SPEC_MIXED_SCRIPT, message,
       g_strdup (_("Write each name in one script (or in a combination that one language uses, such as Japanese); mixing look-alike letters of several scripts is a classic way to imitate another name.")));
}

/* UTS #39 §5.3: the decimal digits of one word or label come from one
 * numbering system; each system is identified by its zero. */
static void
check_mixed_numbers (Check          *check,
                     const UnitText *u,
                     gsize           start,
                     gsize           end)
{
  gunichar first_digit = 0, other_digit = 0;
  gunichar first_zero = 0;
  IriSpan span;
  g_autofree char *word = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  for (gsize i = start; i < end && other_digit == 0; i++)
    {
      gunichar c = CHAR_AT (check, i);
      gunichar zero;

      if (c < 0x80)
        {
          if (!g_ascii_isdigit (c))
            continue;
          zero = '0';
        }
      else if (g_unichar_type (c) == G_UNICODE_DECIMAL_NUMBER)
        zero = c - g_unichar_digit_value (c);
      else
        continue;

      if (first_digit == 0)
        {
          first_digit = c;
          first_zero = zero;
        }
      else if (zero != first_zero)
        other_digit = c;
    }
  if (other_digit == 0)
    return;

  char_span (check, u, start, end, &span);
  word = g_ucs4_to_utf8 ((const gunichar *) check->chars->data + start, end - start, NULL, NULL, NULL);
  quoted = quote (check, word, -1);
  a = describe_char (first_digit);
  b = describe_char (other_digit);
  add (check, CODE_MIXED_NUMBERS, IRI_SEVERITY_WARNING, u->kind, &span, SPEC_MIXED_NUMBERS,
       /* Translators: the first %s is a unit name, the second the quoted
        * text, the others name two digits */
       g_strdup_printf (_("%s %s mixes digits of two numbering systems, %s and %s, so the number it shows may not be the one it is."),
                        iri_unit_name (u->kind), quoted, a, b),
       g_strdup (_("Write a number with the digits of one numbering system.")));
}

/* Whether [start, start + length) of a UTF-8 text might not be NFC, by
 * looking at each character: it is NFC if every character has
 * combining class 0, is not a mark or a conjoining jamo (which could
 * compose with what precedes) and is stable under NFC.  Most text of
 * most scripts passes without normalizing anything. */
static gboolean
maybe_not_nfc (Check *check)
{
  for (guint i = 0; i < check->chars->len; i++)
    {
      gunichar c = CHAR_AT (check, i);

      if (c < 0x300)
        continue;
      if (g_unichar_combining_class (c) != 0 || is_mark_type (g_unichar_type (c)) ||
          (c >= 0x1100 && c <= 0x11FF) || (c >= 0xD7B0 && c <= 0xD7FF) || !is_nfc_stable (c))
        return TRUE;
    }
  return FALSE;
}

static void
append_code_points (GString    *out,
                    const char *text,
                    gsize       length)
{
  const char *p = text;
  const char *end = text + length;
  guint n = 0;

  while (p < end)
    {
      gunichar c = iri_utf8_next (&p);

      if (n > 0)
        g_string_append (out, " + ");
      if (n == 4)
        {
          g_string_append (out, "…");
          break;
        }
      iri_char_append_describe (out, c);
      n++;
    }
}

/* §3.1 and draft-duerst-iri-10-to-11-diff §5.3.2.2: IRIs SHOULD be
 * created in NFC.  Checked on the whole unit, so that "e" + U+0301 is
 * found (a per-character check, as Jena does, misses it). */
static void
check_nfc (Check          *check,
           const UnitText *u)
{
  g_autofree char *nfc = NULL;
  gsize prefix = 0, suffix = 0, nfc_len;
  gsize first, last;
  IriSpan span;
  g_autoptr(GString) was = NULL;
  g_autoptr(GString) becomes = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *quoted_nfc = NULL;

  if (u->decoded || !maybe_not_nfc (check))
    return;

  nfc = g_utf8_normalize (u->text, u->length, G_NORMALIZE_NFC);
  if (nfc == NULL)
    return;
  nfc_len = strlen (nfc);
  if (nfc_len == u->length && memcmp (nfc, u->text, nfc_len) == 0)
    return;

  /* The smallest stretch that differs, widened to whole characters and
   * back to the base character the marks belong to. */
  while (prefix < u->length && prefix < nfc_len && u->text[prefix] == nfc[prefix])
    prefix++;
  while (suffix < u->length - prefix && suffix < nfc_len - prefix &&
         u->text[u->length - 1 - suffix] == nfc[nfc_len - 1 - suffix])
    suffix++;

  for (first = 0; first + 1 < check->offsets->len &&
                  g_array_index (check->offsets, gsize, first + 1) <= prefix; first++)
    ;
  while (first > 0 && g_unichar_combining_class (CHAR_AT (check, first)) != 0)
    first--;
  for (last = check->chars->len; last > first &&
                                 g_array_index (check->offsets, gsize, last - 1) >= u->length - suffix; last--)
    ;
  if (last <= first)
    last = MIN (first + 1, check->chars->len);

  {
    gsize byte_first = g_array_index (check->offsets, gsize, first);
    gsize byte_last = g_array_index (check->offsets, gsize, last);
    gsize nfc_first = byte_first;
    gsize nfc_last = nfc_len - (u->length - byte_last);

    was = g_string_new (NULL);
    becomes = g_string_new (NULL);
    append_code_points (was, u->text + byte_first, byte_last - byte_first);
    if (nfc_last >= nfc_first)
      append_code_points (becomes, nfc + nfc_first, nfc_last - nfc_first);
    quoted = quote (check, u->text + byte_first, byte_last - byte_first);
    quoted_nfc = nfc_last >= nfc_first ? quote (check, nfc + nfc_first, nfc_last - nfc_first) : g_strdup ("");
  }

  char_span (check, u, first, last, &span);
  add (check, CODE_NOT_NFC, IRI_SEVERITY_WARNING, u->kind, &span, SPEC_NOT_NFC,
       /* Translators: the first %s is a unit name, the second quoted text
        * and the third its code points, the fourth the NFC form (quoted)
        * and the fifth its code points */
       g_strdup_printf (_("%s is not in Unicode Normalization Form C: %s (%s) is %s (%s) in NFC, and the two forms look the same but are different IRIs."),
                        iri_unit_name (u->kind), quoted, was->str, quoted_nfc, becomes->str),
       g_strdup (_("Create IRIs in NFC, so that what looks the same compares equal.")));
}

/* ------------------------------------------------------------------ */
/* §7.5: "br0ken" and "1ame"                                           */
/* ------------------------------------------------------------------ */

/* In a name that a publisher chooses (§7.5 speaks of "resource names,
 * such as file names") — host labels, path segments and file-name
 * extensions — a run of the digits 0 and 1 inside a word of ASCII
 * letters ("br0ken", "g00gle"), or one such digit at the edge of a word
 * of three or more letters ("1ame", "hell0"), or one of the letters l,
 * I, O, o between digits ("2O23").  A token with other digits is a code
 * ("h264", "x86", "covid19") and is left alone.  Queries and fragments
 * are often machine-made and are not linted.  ASCII only, no table, no
 * allocation unless there is a finding. */
static void
check_digit_letter (Check         *check,
                    IriComponent   kind,
                    const IriSpan *unit_span)
{
  const char *text = check->text;
  gsize i = unit_span->byte_start;
  gsize end = unit_span->byte_end;

  gboolean any_digit = FALSE;

  if (kind != IRI_COMPONENT_HOST_LABEL && kind != IRI_COMPONENT_PATH_SEGMENT &&
      kind != IRI_COMPONENT_PATH_EXTENSION)
    return;

  /* Most names have no digit at all. */
  for (gsize k = i; k < end && !any_digit; k++)
    any_digit = (guchar) (text[k] - '0') < 10;
  if (!any_digit)
    return;

  while (i < end)
    {
      gsize t_start, t_end;
      gboolean other_digits = FALSE;
      gsize n_letters = 0, letter = 0;
      gsize bad = G_MAXSIZE;
      gboolean letter_among_digits = FALSE;

      if (text[i] == '%' && i + 2 < end && g_ascii_isxdigit (text[i + 1]) &&
          g_ascii_isxdigit (text[i + 2]))
        {
          i += 3;
          continue;
        }
      if (!g_ascii_isalnum (text[i]))
        {
          i++;
          continue;
        }

      t_start = i;
      while (i < end && g_ascii_isalnum (text[i]))
        i++;
      t_end = i;

      for (gsize k = t_start; k < t_end; k++)
        {
          if (g_ascii_isalpha (text[k]))
            {
              n_letters++;
              letter = k;
            }
          other_digits |= text[k] >= '2' && text[k] <= '9';
        }

      /* A lone l, I, O or o between digits: "2O23". */
      if (n_letters == 1 && letter > t_start && letter + 1 < t_end &&
          strchr ("lIOo", text[letter]) != NULL)
        {
          bad = letter;
          letter_among_digits = TRUE;
        }

      if (bad == G_MAXSIZE && n_letters > 0 && !other_digits)
        {
          for (gsize k = t_start; k < t_end && bad == G_MAXSIZE; )
            {
              gsize r_start = k, r_end;
              gsize left = 0, right = 0;

              if (!g_ascii_isdigit (text[k]))
                {
                  k++;
                  continue;
                }
              while (k < t_end && g_ascii_isdigit (text[k]))
                k++;
              r_end = k;

              for (gsize m = r_start; m > t_start && g_ascii_isalpha (text[m - 1]); m--)
                left++;
              for (gsize m = r_end; m < t_end && g_ascii_isalpha (text[m]); m++)
                right++;

              if ((left > 0 && right > 0) ||
                  (r_end - r_start == 1 && ((left == 0 && r_start == t_start && right >= 3) ||
                                            (right == 0 && r_end == t_end && left >= 3))))
                bad = r_start;
            }
        }

      if (bad != G_MAXSIZE)
        {
          IriSpan span;
          g_autofree char *quoted = quote (check, text + t_start, t_end - t_start);
          char what[2] = { text[bad], '\0' };
          const char *looks;
          char *message;

          span.byte_start = t_start;
          span.byte_end = t_end;
          span.start = iri_reference_byte_to_char (check->reference, t_start);
          span.end = span.start + (t_end - t_start);

          if (letter_among_digits)
            {
              looks = what[0] == 'l' || what[0] == 'I' ? "1" : "0";
              /* Translators: the first %s is a unit name, the second the
               * quoted word, the third a letter, the fourth a digit */
              message = g_strdup_printf (_("%s %s has the letter “%s” among digits, where it is easily taken for the digit “%s”."),
                                         iri_unit_name (kind), quoted, what, looks);
            }
          else
            {
              looks = what[0] == '0' ? "O" : "l";
              /* Translators: the first %s is a unit name, the second the
               * quoted word, the third a digit, the fourth a letter */
              message = g_strdup_printf (_("%s %s has the digit “%s” among letters, where it is easily taken for the letter “%s”."),
                                         iri_unit_name (kind), quoted, what, looks);
            }
          add (check, CODE_DIGIT_LETTER, IRI_SEVERITY_INFO, kind, &span, SPEC_DIGIT_LETTER, message,
               g_strdup (_("When choosing a name, avoid digits that look like letters inside words (“br0ken”, “1ame”), as RFC 3987bis §7.5 advises.")));
        }
    }
}

/* ------------------------------------------------------------------ */
/* One unit                                                            */
/* ------------------------------------------------------------------ */

static gboolean
is_ascii_text (const char *text,
               gsize       length)
{
  for (gsize i = 0; i < length; i++)
    {
      if ((guchar) text[i] >= 0x80)
        return FALSE;
    }
  return TRUE;
}

static void
check_unit_text (Check          *check,
                 const UnitText *u)
{
  char looks_like[CHAR_SKELETON_MAX];
  gsize pos = 0, start, end;

  load_unit (check, u);
  check->base = -1;

  for (guint i = 0; i < check->chars->len; i++)
    {
      gunichar c = CHAR_AT (check, i);
      const Finding *finding;

      if (c >= 0x80)
        {
          finding = classify_char (check, u, i, looks_like);
          if (finding != NULL)
            report_char (check, u, i, finding);
        }
      if (c < 0x80 || (!is_mark_type (g_unichar_type (c)) && !iri_ucd_is_default_ignorable (c)))
        check->base = i;
    }
  flush_run (check);

  check_nfc (check, u);

  while (next_word (check, u, &pos, &start, &end))
    {
      gboolean ascii = TRUE;

      for (gsize i = start; i < end && ascii; i++)
        ascii = CHAR_AT (check, i) < 0x80;
      if (ascii)
        continue;
      check_mixed_script (check, u, start, end);
      check_mixed_numbers (check, u, start, end);
    }
}

/* ------------------------------------------------------------------ */
/* The host as a whole                                                 */
/* ------------------------------------------------------------------ */

/* Supplement: country-code TLDs whose country writes the script
 * natively.  §7.5: "native writers of a given script or language will
 * know best when ambiguities can appear … What may look ambiguous to a
 * stranger may be completely obvious to the average native user."
 * Under these TLDs a whole-script confusable label is noted (info), not
 * warned about — Chromium makes the same exception.  Only scripts with
 * letters whose prototypes are Latin need an entry; the list is a
 * policy, not Unicode data. */
static const struct {
  GUnicodeScript  script;
  const char     *tlds;   /* space-separated, with a space at both ends */
} native_tlds[] = {
  { G_UNICODE_SCRIPT_CYRILLIC, " ba bg by kg kz me mk mn rs ru su tj ua uz " },
  { G_UNICODE_SCRIPT_GREEK, " cy gr " },
  { G_UNICODE_SCRIPT_ARMENIAN, " am " },
  { G_UNICODE_SCRIPT_GEORGIAN, " ge " },
  { G_UNICODE_SCRIPT_HEBREW, " il " },
};

static gboolean
is_native_tld (GUnicodeScript  script,
               const char     *tld)
{
  g_autofree char *needle = g_strdup_printf (" %s ", tld);

  for (gsize i = 0; i < G_N_ELEMENTS (native_tlds); i++)
    {
      if (native_tlds[i].script == script && strstr (native_tlds[i].tlds, needle) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Letters, digits and hyphens only ("LDH", RFC 5890 §2.3.1). */
static gboolean
is_ldh (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      if (!g_ascii_isalnum (*p) && *p != '-')
        return FALSE;
    }
  return TRUE;
}

/* How a non-ASCII label reads when all its letters are taken for their
 * Latin look-alikes: its skeleton, if that is made of ASCII letters,
 * digits and hyphens only and the label is written in one script other
 * than Latin (UTS #39 §4, whole-script confusables).  NULL otherwise. */
static char *
label_reading (Check          *check,
               HostLabel      *label)
{
  g_autofree char *skeleton = NULL;
  g_autofree gunichar *chars = NULL;
  gsize n;
  ScriptSet resolved;
  gboolean any = FALSE;
  GUnicodeScript script = G_UNICODE_SCRIPT_COMMON;

  chars = decode_text (label->text, -1, &n);
  script_set_fill (&resolved);
  for (gsize i = 0; i < n; i++)
    {
      ScriptSet set;

      if (!char_script_set (chars[i], &set))
        continue;
      any = TRUE;
      script_set_intersect (&resolved, &set);
      if (script == G_UNICODE_SCRIPT_COMMON)
        script = char_display_script (chars[i]);
    }
  if (!any || script_set_is_empty (&resolved) || script_set_has (&resolved, G_UNICODE_SCRIPT_LATIN))
    return NULL;

  skeleton = iri_skeleton (label->text, -1);
  if (!is_ldh (skeleton))
    return NULL;
  label->script = script;
  return g_ascii_strdown (skeleton, -1);
}

/* The host as it reads when the non-ASCII labels are read as their
 * look-alikes; label @index reads as @override when that is not NULL. */
static char *
join_readings (GPtrArray  *labels,
               guint       index,
               const char *override)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (labels, i);

      if (i > 0)
        g_string_append_c (out, '.');
      if (i == index && override != NULL)
        g_string_append (out, override);
      else
        g_string_append (out, label->ascii ? label->text : label->reading);
    }
  return g_string_free (out, FALSE);
}

static char *
join_texts (GPtrArray *labels)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (labels, i);

      if (i > 0)
        g_string_append_c (out, '.');
      g_string_append (out, label->text);
    }
  return g_string_free (out, FALSE);
}

/* Whole-script confusables (UTS #39 §4), the "аррӏе.com" case, with
 * this policy against false positives on legitimate single-script IDNs:
 *
 * 1. the label is written in one script other than Latin, and its
 *    skeleton is made only of ASCII letters, digits and hyphens — so
 *    every letter has a Latin look-alike; a label with a letter
 *    without one ("пример", "δοκιμή" with its tonos) is never flagged;
 * 2. the whole host then reads as an ASCII host name: every other label
 *    is ASCII or reads as ASCII the same way, and the last label of that
 *    reading is a real top-level domain (in the Public Suffix List,
 *    ignoring its "*" default rule).  "почта.рф" reads as nothing
 *    ("ф" has no look-alike); "курс.рус" would read "kypc.pyc", and
 *    there is no ".pyc";
 * 3. the label is part of the registrable domain of that reading (the
 *    label left of the public suffix, or the suffix itself): a label
 *    further left is chosen by the owner of the registrable domain, who
 *    could as well write it in ASCII, so a look-alike there deceives no
 *    more than ASCII would;
 * 4. under a country-code TLD of a country that writes the script
 *    ("сосо.bg", "ρακι.gr"), the finding is an info, not a warning.
 *
 * A host label that imitates a particular host is caught with more
 * certainty by confusable-known-host. */
static void
check_whole_script (Check *check)
{
  GPtrArray *labels = check->labels;
  const psl_ctx_t *psl = get_psl ();
  g_autofree char *reading = NULL;
  const char *reg;
  HostLabel *tld;
  guint n_reg;

  gboolean any_reading = FALSE;

  if (labels->len == 0 || psl == NULL)
    return;

  for (guint i = 0; i < labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (labels, i);

      if (!label->ascii && label->reading == NULL)
        return;
      any_reading |= !label->ascii;
    }
  if (!any_reading)
    return;

  tld = g_ptr_array_index (labels, labels->len - 1);
  reading = join_readings (labels, G_MAXUINT, NULL);
  if (!psl_is_public_suffix2 (psl, tld->ascii ? tld->text : tld->reading,
                              PSL_TYPE_ICANN | PSL_TYPE_NO_STAR_RULE))
    return;
  reg = psl_registrable_domain (psl, reading);
  if (reg == NULL)
    return;
  n_reg = count_labels (reg);

  for (guint i = labels->len - MIN (n_reg, labels->len); i < labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (labels, i);
      g_autoptr(GPtrArray) variants = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *host = join_texts (labels);
      g_autofree char *quoted = NULL;
      g_autofree char *quoted_host = NULL;
      g_autofree char *ascii = NULL;
      g_autoptr(GString) readings = g_string_new (NULL);
      guint n_readings = 0;
      const char *script_name;
      gboolean native;
      IriSpan host_span;
      char *hint;

      if (label->ascii)
        continue;

      /* The readings: the skeleton, and the case variants of
       * host_skeletons() ("appie", "apple"), at most two. */
      host_skeletons (label->text, variants);
      for (guint k = 0; k < variants->len && n_readings < 2; k++)
        {
          const char *variant = g_ptr_array_index (variants, k);
          g_autofree char *full = NULL;
          g_autofree char *quoted_variant = NULL;

          if (!is_ldh (variant))
            continue;
          full = join_readings (labels, i, variant);
          quoted_variant = iri_quote (full);
          if (n_readings > 0)
            /* Translators: joins two alternative host names */
            g_string_append (readings, _(" or "));
          g_string_append (readings, quoted_variant);
          n_readings++;
        }
      if (n_readings == 0)
        {
          g_autofree char *quoted_reading = iri_quote (reading);

          g_string_append (readings, quoted_reading);
        }

      script_name = iri_script_get_name (label->script);
      native = !tld->ascii ? FALSE : is_native_tld (label->script, tld->text);
      quoted = quote (check, label->text, -1);
      quoted_host = quote (check, host, -1);
      iri_reference_get_span (check->reference, IRI_COMPONENT_HOST, &host_span);
      ascii = iri_idna_to_ascii (check->text + host_span.byte_start,
                                 host_span.byte_end - host_span.byte_start,
                                 IRI_HOST_MAPPING_UTS46, NULL);
      if (ascii != NULL)
        {
          g_autofree char *quoted_ascii = iri_quote (ascii);

          /* Translators: %s is a host name in punycode, quoted */
          hint = g_strdup_printf (_("If the name is not meant to be in another script, do not trust it: its punycode form %s shows what the host really is."),
                                  quoted_ascii);
        }
      else
        hint = g_strdup (_("If the name is not meant to be in another script, do not trust it."));

      if (native)
        add (check, CODE_WHOLE_SCRIPT, IRI_SEVERITY_INFO, IRI_COMPONENT_HOST_LABEL, &label->span,
             SPEC_WHOLE_SCRIPT,
             /* Translators: the first %s is a quoted host label, the
              * second a script name ("Cyrillic"), the third the quoted
              * host, the fourth one or two quoted ASCII host names, the
              * fifth the top-level domain */
             g_strdup_printf (_("The host label %s is written only with %s letters that look like Latin ones, so %s can be read as %s; under “.%s” that script is native, so this is only a note."),
                              quoted, script_name, quoted_host, readings->str, tld->text),
             hint);
      else
        add (check, CODE_WHOLE_SCRIPT, IRI_SEVERITY_WARNING, IRI_COMPONENT_HOST_LABEL, &label->span,
             SPEC_WHOLE_SCRIPT,
             /* Translators: the first %s is a quoted host label, the
              * second a script name ("Cyrillic"), the third the quoted
              * host, the fourth one or two quoted ASCII host names */
             g_strdup_printf (_("The host label %s is written only with %s letters that look like Latin ones, so %s can be taken for the ASCII host %s."),
                              quoted, script_name, quoted_host, readings->str),
             hint);
    }
}

/* Looks the skeletons of @text up in @table; returns the first entry
 * whose text differs from @text. */
static const KnownEntry *
lookup_known (GHashTable *table,
              const char *text)
{
  g_autoptr(GPtrArray) skeletons = g_ptr_array_new_with_free_func (g_free);

  host_skeletons (text, skeletons);
  for (guint i = 0; i < skeletons->len; i++)
    {
      const KnownEntry *entry = g_hash_table_lookup (table, g_ptr_array_index (skeletons, i));

      if (entry != NULL && !g_str_equal (entry->text, text))
        return entry;
    }
  return NULL;
}

typedef enum {
  MATCH_HOST,
  MATCH_REGISTRABLE,
  MATCH_LABEL,
} KnownMatch;

static void
report_known_host (Check            *check,
                   const IriSpan    *span,
                   KnownMatch        match,
                   const char       *shown_text,
                   const KnownEntry *entry)
{
  g_autofree char *quoted = quote (check, shown_text, -1);
  g_autofree char *quoted_what = iri_quote (entry->text);
  g_autofree char *quoted_known = iri_quote (entry->host);
  char *message;

  switch (match)
    {
    case MATCH_HOST:
      /* Translators: the first %s is the quoted host, the second the
       * quoted known host */
      message = g_strdup_printf (_("The host %s looks like the known host %s (they have the same UTS #39 skeleton), but is a different host."),
                                 quoted, quoted_known);
      break;
    case MATCH_REGISTRABLE:
      /* Translators: the first %s is the quoted registrable domain of
       * the host, the second that of a known host, the third the known
       * host */
      message = g_strdup_printf (_("The registrable domain %s of this host looks like %s of the known host %s (they have the same UTS #39 skeleton), but belongs to someone else."),
                                 quoted, quoted_what, quoted_known);
      break;
    case MATCH_LABEL:
    default:
      /* Translators: the first %s is a quoted host label, the second a
       * quoted label of a known host, the third the quoted known host */
      message = g_strdup_printf (_("The host label %s looks like %s of the known host %s (they have the same UTS #39 skeleton), but this host is not that one."),
                                 quoted, quoted_what, quoted_known);
      break;
    }

  add (check, CODE_KNOWN_HOST, IRI_SEVERITY_WARNING,
       match == MATCH_LABEL ? IRI_COMPONENT_HOST_LABEL : IRI_COMPONENT_HOST, span, SPEC_KNOWN_HOST,
       message,
       /* Translators: %s is a quoted host name */
       g_strdup_printf (_("Make sure this is the site you mean and not an imitation of %s."), quoted_known));
}

/* confusable-known-host on the slow path.  @ascii is the host's
 * lower-case A-label form (or NULL if it has none), @unicode its
 * lower-case Unicode form. */
static void
check_known_hosts (Check      *check,
                   const char *ascii,
                   const char *unicode)
{
  IriKnownHosts *known = check->config->known_hosts;
  const KnownEntry *entry;
  const char *reg;
  IriSpan host_span;

  if (known == NULL || unicode == NULL || *unicode == '\0')
    return;
  if (is_known_or_subdomain (known, ascii != NULL ? ascii : unicode))
    return;
  iri_reference_get_span (check->reference, IRI_COMPONENT_HOST, &host_span);

  entry = lookup_known (known->full, unicode);
  if (entry != NULL)
    {
      report_known_host (check, &host_span, MATCH_HOST, unicode, entry);
      return;
    }

  reg = registrable_domain (ascii != NULL ? ascii : unicode);
  if (reg != NULL)
    {
      const char *reg_unicode = last_labels (unicode, count_labels (reg));

      entry = lookup_known (known->registrable, reg_unicode);
      if (entry != NULL)
        {
          report_known_host (check, &host_span, MATCH_REGISTRABLE, reg_unicode, entry);
          return;
        }
    }

  if (count_labels (unicode) != check->labels->len)
    return;
  for (guint i = 0; i < check->labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (check->labels, i);

      entry = lookup_known (known->labels, label->text);
      if (entry == NULL)
        continue;
      report_known_host (check, &label->span, MATCH_LABEL, label->text, entry);
      return;
    }
}

/* The fast path of confusable-known-host: an ASCII host, lower-cased and
 * skeletonized in stack buffers.  The DNS limits a name to 253
 * characters; anything longer is not a host anyone trusts. */
#define ASCII_HOST_MAX 256

static void
check_known_hosts_ascii (Check         *check,
                         const IriSpan *host_span)
{
  IriKnownHosts *known = check->config->known_hosts;
  gsize length = host_span->byte_end - host_span->byte_start;
  char host[ASCII_HOST_MAX];
  char skeleton[ASCII_HOST_MAX * 2];
  const KnownEntry *entry;
  const char *reg;

  if (length == 0 || length >= ASCII_HOST_MAX)
    return;
  for (gsize i = 0; i < length; i++)
    host[i] = g_ascii_tolower (check->text[host_span->byte_start + i]);
  host[length] = '\0';
  while (length > 0 && host[length - 1] == '.')
    host[--length] = '\0';
  if (length == 0 || is_known_or_subdomain (known, host))
    return;

  if (!ascii_host_skeleton (host, length, skeleton, sizeof skeleton))
    return;
  entry = g_hash_table_lookup (known->full, skeleton);
  if (entry != NULL && !g_str_equal (entry->text, host))
    {
      report_known_host (check, host_span, MATCH_HOST, host, entry);
      return;
    }

  reg = registrable_domain (host);
  if (reg != NULL && ascii_host_skeleton (reg, strlen (reg), skeleton, sizeof skeleton))
    {
      entry = g_hash_table_lookup (known->registrable, skeleton);
      if (entry != NULL && !g_str_equal (entry->text, reg))
        {
          report_known_host (check, host_span, MATCH_REGISTRABLE, reg, entry);
          return;
        }
    }

  for (const char *label = host; label != NULL; )
    {
      const char *dot = strchr (label, '.');
      gsize label_len = dot != NULL ? (gsize) (dot - label) : strlen (label);
      char one[ASCII_HOST_MAX];

      memcpy (one, label, label_len);
      one[label_len] = '\0';
      if (label_len > 0 && ascii_host_skeleton (one, label_len, skeleton, sizeof skeleton))
        {
          entry = g_hash_table_lookup (known->labels, skeleton);
          if (entry != NULL && !g_str_equal (entry->text, one))
            {
              IriSpan span;

              span.byte_start = host_span->byte_start + (label - host);
              span.byte_end = span.byte_start + label_len;
              span.start = host_span->start + (label - host);
              span.end = span.start + label_len;
              report_known_host (check, &span, MATCH_LABEL, one, entry);
              return;
            }
        }
      label = dot != NULL ? dot + 1 : NULL;
    }
}

/* A label written as an A-label or with percent-encoded octets is
 * checked in its Unicode form (what §3.7 step 6 displays), when that
 * form is valid. */
static char *
decode_label (const char *label,
              gsize       length)
{
  if (length >= 4 && g_ascii_strncasecmp (label, "xn--", 4) == 0)
    {
      g_autofree char *lower = g_ascii_strdown (label, length);
      char *unicode = iri_idna_to_unicode (lower, length, NULL, 0, 0);

      if (unicode != NULL && !g_str_equal (unicode, lower))
        return unicode;
      g_free (unicode);
      return NULL;
    }

  if (memchr (label, '%', length) != NULL)
    {
      g_autofree char *copy = g_strndup (label, length);
      g_autofree char *decoded = g_uri_unescape_string (copy, NULL);

      if (decoded != NULL && g_utf8_validate (decoded, -1, NULL) &&
          !is_ascii_text (decoded, strlen (decoded)))
        return g_steal_pointer (&decoded);
    }
  return NULL;
}

static gboolean
host_needs_decoding (const char *text,
                     gsize       start,
                     gsize       end)
{
  for (gsize i = start; i < end; i++)
    {
      if (text[i] == '%')
        return TRUE;
      if ((i == start || text[i - 1] == '.') && i + 4 <= end &&
          g_ascii_strncasecmp (text + i, "xn--", 4) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The host labels (from the units), their checks, and the checks of the
 * whole host. */
static void
check_host (Check *check)
{
  IriSpan host_span;
  g_autofree char *unicode = NULL;
  g_autofree char *ascii = NULL;

  if (iri_reference_get_host_kind (check->reference) != IRI_HOST_REG_NAME ||
      !iri_reference_get_span (check->reference, IRI_COMPONENT_HOST, &host_span) ||
      host_span.byte_end == host_span.byte_start)
    return;

  for (guint i = 0; i < check->labels->len; i++)
    {
      HostLabel *label = g_ptr_array_index (check->labels, i);

      if (!label->ascii && label->reading == NULL)
        label->reading = label_reading (check, label);
    }

  check_whole_script (check);

  if (check->config->known_hosts != NULL)
    {
      gboolean plain_ascii = TRUE;

      for (guint i = 0; i < check->labels->len; i++)
        {
          HostLabel *label = g_ptr_array_index (check->labels, i);

          plain_ascii &= label->ascii && !label->decoded;
        }
      if (plain_ascii)
        {
          check_known_hosts_ascii (check, &host_span);
          return;
        }

      ascii = iri_idna_to_ascii (check->text + host_span.byte_start,
                                 host_span.byte_end - host_span.byte_start,
                                 IRI_HOST_MAPPING_UTS46, NULL);
      if (ascii != NULL)
        {
          g_autofree char *lower = g_ascii_strdown (ascii, -1);

          g_free (ascii);
          ascii = g_steal_pointer (&lower);
          unicode = iri_idna_to_unicode (ascii, strlen (ascii), NULL, 0, 0);
        }
      else
        unicode = join_texts (check->labels);
      check_known_hosts (check, ascii, unicode);
    }
}

/* Adds a host label unit to check->labels and checks its characters. */
static void
check_label_unit (Check         *check,
                  const IriUnit *unit)
{
  const char *text = check->text + unit->span.byte_start;
  gsize length = unit->span.byte_end - unit->span.byte_start;
  HostLabel *label = g_new0 (HostLabel, 1);
  g_autofree char *decoded = decode_label (text, length);
  UnitText u = { unit->kind, unit->span, text, length, FALSE };

  label->span = unit->span;
  if (decoded != NULL)
    {
      u.text = decoded;
      u.length = strlen (decoded);
      u.decoded = TRUE;
      label->decoded = TRUE;
    }
  label->ascii = is_ascii_text (u.text, u.length);
  if (label->ascii)
    label->text = g_ascii_strdown (u.text, u.length);
  else
    {
      g_autofree char *nfc = g_utf8_normalize (u.text, u.length, G_NORMALIZE_NFC);

      label->text = g_utf8_strdown (nfc != NULL ? nfc : u.text, -1);
    }
  g_ptr_array_add (check->labels, label);

  if (!label->ascii)
    check_unit_text (check, &u);
  if (!label->decoded)
    check_digit_letter (check, unit->kind, &unit->span);
}

/* The slow path: some unit has characters outside ASCII, or the host
 * has an A-label or percent-encoding. */
static void
check_slow (Check    *check,
            GArray   *units,
            gboolean  only_host)
{
  check->chars = g_array_new (FALSE, FALSE, sizeof (gunichar));
  check->offsets = g_array_new (FALSE, FALSE, sizeof (gsize));
  check->labels = g_ptr_array_new_with_free_func (host_label_free);

  for (guint i = 0; i < units->len; i++)
    {
      const IriUnit *unit = &g_array_index (units, IriUnit, i);
      const char *text = check->text + unit->span.byte_start;
      gsize length = unit->span.byte_end - unit->span.byte_start;

      if (unit->kind == IRI_COMPONENT_HOST_LABEL)
        {
          check_label_unit (check, unit);
          continue;
        }
      if (unit->kind == IRI_COMPONENT_HOST || unit->kind == IRI_COMPONENT_PORT)
        continue;

      if (!only_host && !is_ascii_text (text, length))
        {
          UnitText u = { unit->kind, unit->span, text, length, FALSE };

          check_unit_text (check, &u);
        }
      check_digit_letter (check, unit->kind, &unit->span);
    }

  check_host (check);

  g_array_unref (check->chars);
  g_array_unref (check->offsets);
  g_ptr_array_unref (check->labels);
}

void
iri_safety_check (IriReference          *reference,
                  GArray                *units,
                  const IriSafetyConfig *config,
                  IriDiagnostics        *diagnostics)
{
  Check check = { NULL, };
  IriSpan host_span;
  gboolean has_host;

  g_return_if_fail (reference != NULL);
  g_return_if_fail (units != NULL);
  g_return_if_fail (config != NULL);
  g_return_if_fail (diagnostics != NULL);

  check.reference = reference;
  check.text = iri_reference_get_text (reference);
  check.config = config;
  check.diagnostics = diagnostics;

  has_host = iri_reference_get_host_kind (reference) == IRI_HOST_REG_NAME &&
             iri_reference_get_span (reference, IRI_COMPONENT_HOST, &host_span) &&
             host_span.byte_end > host_span.byte_start;

  if (!iri_reference_is_ascii (reference))
    {
      check_slow (&check, units, FALSE);
      return;
    }

  /* The fast path (DESIGN.md §2): no table beyond the ASCII prototypes,
   * no allocation unless something is found.  A host with an A-label
   * or a percent-encoding is shown in Unicode, so it takes the slow
   * path for the host only. */
  if (has_host && host_needs_decoding (check.text, host_span.byte_start, host_span.byte_end))
    {
      check_slow (&check, units, TRUE);
      return;
    }

  for (guint i = 0; i < units->len; i++)
    {
      const IriUnit *unit = &g_array_index (units, IriUnit, i);

      check_digit_letter (&check, unit->kind, &unit->span);
    }
  if (has_host && config->known_hosts != NULL)
    check_known_hosts_ascii (&check, &host_span);
}
